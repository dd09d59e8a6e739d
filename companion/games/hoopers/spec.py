"""Valley Hoopers as every face sees it: the match, the Series and hand-typed Series games."""

from __future__ import annotations

from companion.engine.spec import Column, Fields, GameSpec, Kind, Logged, LogOption, Play, Question

TITLE = "Valley Hoopers: The Series"
# A Series started with tribes alone named nobody: its games count for no person.
PEOPLE = "companion.games.hoopers.rules.figures:played_by_people"

MATCH = Kind(
    key="hoopers",
    title=TITLE,
    table="companion.games.hoopers.table:HoopersTable",
    command="companion hoopers match",
    example=(
        (
            "hoopers",
            "match",
            "start",
            "--home",
            "Ann",
            "--away",
            "Bob",
            "--home-tribe",
            "keepers",
            "--away-tribe",
            "unleashed",
            "--first",
            "Ann",
            "--seed",
            "1",
        ),
    ),  # fmt: skip
    moves=(("score", "Ann", "2"), ("coach", "Ann"), ("turn",), ("undo",)),
    renderer="companion.games.hoopers.render:render_status",
    keeps_status=True,
    flow="companion.games.hoopers.guided.match",
    menu="a Valley Hoopers match",
    first_step="the first attacking turn",
    next_step="the next attacking turn",
    play=Play(
        command="companion hoopers play",
        help="Interactive: walk attacking turns step by step on a terminal, recording into the "
        "live match (with none live, offer to start one).",
        none_live="No live hoopers match.",
        ask="Start one now?",
        nothing="Nothing started: 'companion hoopers match start --help' shows how.",
    ),
    log=Logged(
        title="Valley Hoopers (two teams)",
        rank="companion.games.hoopers.rules.logged:ranked",
        options=(
            LogOption(
                "tribes", "--tribe", "NAME=TRIBE", "Valley Hoopers: a team's tribe.", True, True
            ),
            LogOption("home", "--home", "NAME", "Valley Hoopers: the home team."),
        ),
        prepare="companion.games.hoopers.rules.logged:prepare",
        questions=(Question("tribes", "Tribes?", "NAME=keepers|unleashed, or none"),),
    ),
    replay="companion.games.hoopers.rules.replay:replay",
    plays="companion.games.hoopers.rules.plays:match_plays",
    stats="companion.games.hoopers.rules.figures:FIGURES",
    stats_view="companion.games.hoopers.stats_view:match_lines",
    chart="companion.games.hoopers.rules.charts:periods_chart",
    role="companion.games.hoopers.rules.figures:recorded_tribe",
    people=PEOPLE,
)

SERIES = Kind(
    key="series",
    stored="hoopers-series",
    title=f"{TITLE} (series)",
    table="companion.games.hoopers.series_table:SeriesTable",
    command="companion hoopers series",
    example=(
        (
            "hoopers",
            "series",
            "start",
            "--players",
            "Ann=Keepers,Bob=Unleashed",
            "--home",
            "Keepers",
            "--seed",
            "1",
            "--name",
            "Ann",  # a series named like a manager
        ),
    ),  # fmt: skip
    renderer="companion.games.hoopers.series_render:render_scoreboard",
    flow="companion.games.hoopers.guided.series",
    play=Play(
        command="companion hoopers series play",
        help="Interactive: play the series on a terminal: each game as guided turns, then its "
        "Reward Phase.",
        none_live="No series in progress.",
        ask="Start one now?",
        nothing="Nothing started.",
    ),
    menu="a Valley Hoopers Series (best of 7)",
    first_step="its first game",
    next_step="the next game",
    own_document=True,
    replay="companion.games.hoopers.rules.replay:replay_series",
    stats="companion.games.hoopers.rules.figures:SERIES_FIGURES",
    stats_view="companion.games.hoopers.stats_view:series_lines",
    chart="companion.games.hoopers.rules.charts:series_chart",
    aggregate=True,
    people=PEOPLE,
)

# A Series game typed in by hand (`hoopers series record`): a hoopers result without events.
SERIES_GAME = Kind(
    key="hoopers-series-game",
    title=TITLE,
    counts_as="hoopers",
    role="companion.games.hoopers.rules.figures:recorded_tribe",
    people=PEOPLE,
)

SPEC = GameSpec(
    name="hoopers",
    title="Valley Hoopers",
    cli="companion.games.hoopers.cli.commands:app",
    kinds=(MATCH, SERIES, SERIES_GAME),
    demos=(
        ("hoopers", "companion.games.hoopers.demo"),
        ("series", "companion.games.hoopers.demo_series"),
    ),
    completion="companion.games.hoopers.cli.complete:SOURCES",
    board="companion.games.hoopers:board.js",
    dice="companion.games.hoopers.rules.dice:DICE",
    fields=Fields(
        text_options=("series", "home_tribe"),
        text_result=("series",),  # a Series game's series
        player_options=("home", "away"),
        player_option_maps=("tribes", "rosters", "roles"),  # roles: the tribe a person managed
        csv=(Column("series", "series"),),
    ),
)
