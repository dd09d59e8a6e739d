"""All-Star Draft as every face sees it: the tracked season."""

from __future__ import annotations

from companion.engine.spec import Column, Fields, GameSpec, Kind, Logged, LogOption, Play, Question

SEASON = Kind(
    key="allstar",
    title="All-Star Draft",
    table="companion.games.allstar.table:AllStarTable",
    command="companion allstar season",
    example=(
        # an arena in the catalogue: the first step the legal-moves query offers
        ("allstar", "arena", "add", "Lake Rink", "--points", "13,10,7"),
        ("allstar", "season", "start", "--players", "Ann,Bob,Cy", "--seed", "1"),
    ),
    moves=(
        ("arenas", "Ann", "--points", "8,6,4"),  # an arena named like a manager
        ("team", "Ann", "1", "duc-1,duc-2,duc-3,duc-4,duc-5"),
        ("team", "Bob", "1", "hor-1,hor-2,hor-3,hor-4,hor-5"),
        ("team", "Cy", "1", "tig-1,tig-2,tig-3,tig-4,tig-5"),
        ("resolve",),
        ("undo",),
    ),
    renderer="companion.games.allstar.render:render_status",
    keeps_status=True,
    flow="companion.games.allstar.guided",
    menu="an All-Star Draft game",
    first_step="the first round",
    next_step="the next round",
    play=Play(
        command="companion allstar play",
        help="Interactive: walk the live game step by step on a terminal: arenas, teams, "
        "rounds, Play-Offs (with none live, offer to start one).",
        none_live="No live allstar game.",
        ask="Start one now?",
        nothing="Nothing started: 'companion allstar season start --help' shows how.",
    ),
    log=Logged(
        title="All-Star Draft",
        rank="companion.games.allstar.rules.logged:ranked",
        options=(
            LogOption(
                "playoff",
                "--playoff",
                "NAME=POINTS",
                "All-Star Draft: Supporters won in the Play-Offs (they break a tie).",
                several=True,
            ),
        ),
        prepare="companion.games.allstar.rules.logged:prepare",
        context="companion.games.allstar.rules.logged:amend_context",
        questions=(
            # "In case of a tie, it is the Manager who won the most Supporters during the
            # Play-Offs who wins the game": a tie for first needs them.
            Question(
                "playoff",
                "Play-Off Supporters of {tied} (they break the tie)?",
                "NAME=POINTS for each of them",
                when="tie",
                required=True,
            ),
        ),
    ),
    replay="companion.games.allstar.rules.replay:replay",
    plays="companion.games.allstar.rules.plays:match_plays",
    stats="companion.games.allstar.rules.figures:FIGURES",
    stats_view="companion.games.allstar.stats_view:stats_lines",
    result_view="companion.games.allstar.stats_view:result_words",
    chart="companion.games.allstar.rules.charts:rounds_chart",
)

SPEC = GameSpec(
    name="allstar",
    title="All-Star Draft",
    cli="companion.games.allstar.cli.commands:app",
    kinds=(SEASON,),
    demos=(("allstar", "companion.games.allstar.demo"),),
    completion="companion.games.allstar.cli.complete:SOURCES",
    board="companion.games.allstar:board.js",
    fields=Fields(
        player_result_maps=("playoff_scores", "regular_scores"),
        csv=(Column("playoff", "playoff_scores", per_player=True),),
    ),
)
