"""All Stars Playlist as every face sees it: the multiplayer game and the solo run."""

from __future__ import annotations

from companion.engine.spec import Fields, GameSpec, Kind, Logged, LogOption, Play, Question

TITLE = "All Stars Playlist"
SONGS = LogOption(
    "songs", "--songs", "NAME=N", "All Stars Playlist: how many songs a player laid.", True
)
# "The winner is the one whose playlist was worth the most points": the rulebook names no
# tie-break, so a tie for first is the table's to decide, or stays a shared first.
TIE_WINNER = LogOption(
    "tie_winner",
    "--tie-winner",
    "NAME",
    "All Stars Playlist: the winner the table names when first place is tied (else the tie "
    "is a shared first).",
)

GAME = Kind(
    key="playlist",
    title=TITLE,
    table="companion.games.playlist.table:PlaylistTable",
    command="companion playlist game",
    example=(("playlist", "game", "start", "--players", "Ann,Bob", "--first", "Ann"),),
    moves=(("turn",), ("undo",)),
    renderer="companion.games.playlist.render:render_status",
    keeps_status=True,
    flow="companion.games.playlist.guided.game",
    menu="an All Stars Playlist game",
    first_step="the first turns",
    next_step="the next turns",
    play=Play(
        command="companion playlist play",
        help="Interactive: walk the live game turn by turn on a terminal: songs, links, the "
        "sung song, scoring (with none live, offer to start one).",
        none_live="No live playlist game.",
        ask="Start one now?",
        nothing="Nothing started: 'companion playlist game start --help' shows how.",
    ),
    log=Logged(
        title=TITLE,
        rank="companion.games.playlist.rules.logged:ranked",
        options=(SONGS, TIE_WINNER),
        prepare="companion.games.playlist.rules.logged:prepare",
        context="companion.games.playlist.rules.logged:amend_context",
        setup="companion.games.playlist.box:log_context",
        questions=(
            Question(
                "tie_winner",
                "{tied} tie for first: who does the table name the winner?",
                "a name, or none: a shared first",
                when="tie",
                words=False,
            ),
        ),
    ),
    replay="companion.games.playlist.rules.replay:replay",
    plays="companion.games.playlist.rules.plays:match_plays",
    stats="companion.games.playlist.rules.figures:FIGURES",
    stats_view="companion.games.playlist.render:stats_lines",
)

SOLO = Kind(
    key="playlist-solo",
    title=TITLE,
    table="companion.games.playlist.table:SoloTable",
    command="companion playlist solo",
    renderer="companion.games.playlist.render:render_solo_status",
    keeps_status=True,
    flow="companion.games.playlist.guided.solo",
    menu="an All Stars Playlist solo run",
    first_step="the first round",
    next_step="the next round",
    play=Play(
        command="companion playlist solo play",
        help="Interactive: play the live solo run round by round on a terminal (with none "
        "live, offer to deal one).",
        none_live="No live solo run.",
        ask="Deal one now?",
        nothing="Nothing dealt: 'companion playlist solo start --help' shows how.",
    ),
    log=Logged(
        title=f"{TITLE}, a solo round",
        rank="companion.games.playlist.rules.logged:ranked_solo",
        options=(SONGS,),
        prepare="companion.games.playlist.rules.logged:prepare_solo",
        context="companion.games.playlist.rules.logged:amend_solo_context",
        setup="companion.games.playlist.box:solo_log_context",
        solo=True,
        score_prompt="Points of the best playlist?",
    ),
)

SPEC = GameSpec(
    name="playlist",
    title=TITLE,
    cli="companion.games.playlist.cli.commands:app",
    kinds=(GAME, SOLO),
    demos=(("playlist", "companion.games.playlist.demo"),),
    completion="companion.games.playlist.cli.complete:SOURCES",
    board="companion.games.playlist:board.js",
    fields=Fields(player_result_maps=("lengths",)),
)
