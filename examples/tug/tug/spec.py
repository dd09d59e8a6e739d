"""The tug of war as every face of the companion sees it."""

from __future__ import annotations

from companion.engine.spec import GameSpec, Kind, Logged, Play

TUG = Kind(
    key="tug",
    title="Tug of war",
    table="tug.table:TugTable",
    command="companion tug",
    example=(("tug", "start", "--players", "Ann,Bob", "--seed", "1"),),
    moves=(("pull",), ("pull",), ("undo",)),  # what the test kit plays with hostile names
    renderer="tug.faces:render_status",
    keeps_status=True,  # its status is kept with each pull, its `next:` line printed under it
    flow="tug.faces",
    menu="a tug of war",
    first_step="the first pull",
    next_step="the next pull",
    play=Play(
        command="companion tug play",
        help="Interactive: pull for each player in turn on a terminal.",
        none_live="No live tug of war.",
        ask="Start one now?",
        nothing="Nothing started: 'companion tug start --help' shows how.",
    ),
    log=Logged(title="Tug of war (pulls each)", rank="tug.rules:ranked"),
    replay="tug.rules:replay",
)

SPEC = GameSpec(
    name="tug",
    title="Tug of war",
    cli="tug.cli:app",
    kinds=(TUG,),
    demos=(("tug", "tug.faces"),),
    board="tug:board.js",  # its own board on `watch --web`
)
