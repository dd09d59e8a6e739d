"""The coin race as every face of the companion sees it."""

from __future__ import annotations

from companion.engine.spec import GameSpec, Kind, Logged, Play

RACE = Kind(
    key="coinrace",
    title="Coin race",
    table="coinrace.table:CoinRaceTable",
    command="companion coinrace",
    example=(("coinrace", "start", "--players", "Ann,Bob", "--seed", "1"),),
    moves=(("flip",), ("flip",), ("undo",)),  # what the test kit plays with hostile names
    renderer="coinrace.faces:render_status",
    flow="coinrace.faces",
    menu="a coin race",
    first_step="the first flip",
    next_step="the next flip",
    play=Play(
        command="companion coinrace play",
        help="Interactive: flip for each player in turn on a terminal.",
        none_live="No live coin race.",
        ask="Start one now?",
        nothing="Nothing started: 'companion coinrace start --help' shows how.",
    ),
    log=Logged(title="Coin race (heads each)", rank="coinrace.rules:ranked"),
    replay="coinrace.rules:replay",
    stats="coinrace.figures:FIGURES",
)

SPEC = GameSpec(
    name="coinrace",
    title="Coin race",
    cli="coinrace.cli:app",
    kinds=(RACE,),
    demos=(("coinrace", "coinrace.faces"),),
)
