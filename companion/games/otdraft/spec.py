"""OT Fantasy Draft as every face sees it: the tracked draft."""

from __future__ import annotations

from companion.engine.spec import GameSpec, Kind, Logged, LogOption, Play, Question

DRAFT = Kind(
    key="otdraft",
    title="OT Fantasy Draft",
    table="companion.games.otdraft.table:DraftTable",
    command="companion otdraft game",
    example=(
        ("otdraft", "cards", "import", "--example"),
        ("otdraft", "game", "start", "--players", "Ann,Bob", "--seed", "1"),
    ),
    moves=(("pick", "Ann", "Jonah"), ("undo",), ("pick", "Ann", "Jonah")),
    renderer="companion.games.otdraft.render:render_status",
    keeps_status=True,
    flow="companion.games.otdraft.guided",
    menu="an OT Fantasy Draft",
    first_step="the first picks",
    next_step="the next picks",
    play=Play(
        command="companion otdraft play",
        help="Interactive: walk the live draft step by step on a terminal: secrets, picks, "
        "leftovers, scoring (with none live, offer to start one).",
        none_live="No live otdraft match.",
        ask="Start a draft now?",
        nothing="Nothing started: 'companion otdraft game start --help' shows how.",
    ),
    log=Logged(
        title="OT Fantasy Draft",
        rank="companion.games.otdraft.rules.logged:ranked",
        options=(
            LogOption(
                "order",
                "--order",
                "A,B,C",
                "OT Fantasy Draft: round 7's turn order (a tie goes to the latest).",
            ),
        ),
        prepare="companion.games.otdraft.rules.logged:prepare",
        context="companion.games.otdraft.rules.logged:amend_context",
        questions=(
            Question(
                "order",
                "Round 7's turn order (a tie goes to the latest)?",
                "A,B,C, or none: a shared rank",
                when="tie",
                words=False,
            ),
        ),
    ),
    replay="companion.games.otdraft.rules.replay:replay",
    plays="companion.games.otdraft.rules.plays:match_plays",
    stats="companion.games.otdraft.rules.figures:FIGURES",
)

SPEC = GameSpec(
    name="otdraft",
    title="OT Fantasy Draft",
    cli="companion.games.otdraft.cli.commands:app",
    kinds=(DRAFT,),
    demos=(("otdraft", "companion.games.otdraft.demo"),),
    completion="companion.games.otdraft.cli.complete:SOURCES",
    board="companion.games.otdraft:board.js",
)
