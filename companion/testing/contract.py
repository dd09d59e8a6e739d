"""The contract every game is held to, as tests any game's repository can run.

Import them into a test file (`from companion.testing.contract import *`) with the kit
loaded (`-p companion.testing`): each test is parametrised over the games the kit was
given (`companion_games`). What they check is what every face relies on:

* every tracked kind answers start/status/undo/end/abandon, and each says "no …" as one
  `error:` line when nothing is live;
* `status --json` holds id, game, status, players, scores and next, and `watch` prints it;
* `abandon` files the game in history as abandoned;
* `companion log` ranks a finished game's players, and history keeps those ranks;
* a name with a control character is refused at the door; names that look like rich
  markup are printed as typed by every verb that prints (the kind's `moves`), `watch`,
  and every history face;
* every hook of a game (its chart, figures, stats lines, result words, log ranking, amend,
  show in words, CSV and BG Stats export, board) answers for a finished and a live match
  with no warning and no traceback;
* every tracked kind answers the legal-moves query (`companion moves`): walking a seeded
  game, each move offered is accepted by the table and its command by the CLI (on a copy),
  each refused one is refused with the query's reason, another player's move and a stale
  one are refused;
* a kind that keeps its status with the match (`Kind.keeps_status`) prints, after its start
  and each of its `moves`, the same `status` (and `--json`) kept as replayed.
"""

from __future__ import annotations

import re
from pathlib import Path

from companion.engine.spec import GameSpec, Kind
from companion.testing import Result, assert_user_error

__all__ = [
    "test_every_tracked_game_answers_the_same_verbs",
    "test_status_has_the_common_core_and_watch_prints_it",
    "test_abandon_files_the_game_as_abandoned",
    "test_log_ranks_the_players_and_history_keeps_the_ranks",
    "test_a_name_with_a_control_character_is_refused",
    "test_markup_in_names_is_printed_as_typed",
    "test_markup_in_names_of_logged_games_reads_as_typed_in_history",
    "test_a_kept_status_prints_as_the_replayed_one",
    "test_the_moves_offered_are_the_moves_the_table_accepts",
    "test_every_hook_answers_for_a_finished_and_a_live_match",
]

CORE = {"id", "game", "status", "players", "scores", "next"}
VERBS = ("start", "status", "undo", "end", "abandon")
EVIL = "\x1b]0;pwned\x07\x1b[2J"  # sets the window title and clears the screen
# Names that look like rich markup, or hold its escape character: each must be printed as
# typed, never read as a style (or a link) and never crash the renderer.
MARKUP_NAMES = [
    ("Ann[/b]", "[red]Bo", "[link=x]Cy"),
    ("Dee\\[x]", "[bold]", "Ev[a]n"),
    ("Fi\\", "[/]", "Gu[dim]s[/dim]"),
]
# The names a kind's `example` and `moves` are written in.
SAMPLE = ("Ann", "Bob", "Cy")


def _noun(kind: Kind) -> list[str]:
    return kind.verb_command("status").split()[1:-1]


def _start(cli, kind: Kind, names: tuple[str, ...] = SAMPLE, database=None) -> Result:
    """The kind's sample game, started (its example, in `names`): the start's result."""
    run = cli if database is None else (lambda *a: cli(*a, database=database))
    *setup, start = kind.example
    for argv in setup:
        assert run(*named(argv, names)).exit_code == 0, argv
    return run(*named(start, names))


def named(argv: tuple[str, ...], names: tuple[str, ...]) -> list[str]:
    """A sample command with its players renamed (in lists too: `--players Ann,Bob`, `Ann=5`)."""
    swap = dict(zip(SAMPLE, names, strict=True))
    word = re.compile(r"(?<![^,=:])(" + "|".join(SAMPLE) + r")(?![^,=:])")
    return [word.sub(lambda m: swap[m.group()], arg) for arg in argv]


def test_every_tracked_game_answers_the_same_verbs(cli, companion_tracked):
    noun = _noun(companion_tracked)
    listed = set(re.findall(r"^  (\w+) ", cli(*noun, "--help").stdout, re.M))
    assert set(VERBS) <= listed
    for verb in VERBS[1:]:
        assert_user_error(cli(*noun, verb), "no ")
        assert_user_error(cli(*noun, verb, "--json"), "no ")  # one JSON document on stderr


def test_status_has_the_common_core_and_watch_prints_it(cli, companion_started):
    kind = companion_started
    started = _start(cli, kind)
    assert started.exit_code == 0, started.stderr
    watched = cli("watch", "--once", "--json", "--game", kind.key)
    assert watched.exit_code == 0, watched.stderr
    status = watched.json
    assert set(status) >= CORE
    assert status["game"] == kind.key and status["status"] == "live"
    assert set(status["scores"]) == set(status["players"]) and status["players"]
    assert isinstance(status["next"], str) and status["next"]
    assert cli(*_noun(kind), "status", "--json").json["id"] == status["id"]
    frame = cli("watch", "--once", "--game", kind.key)
    assert frame.exit_code == 0 and f"next: {status['next'][:20]}" in frame.stdout


def test_abandon_files_the_game_as_abandoned(cli, companion_match):
    kind = companion_match
    assert _start(cli, kind).exit_code == 0
    done = cli(*_noun(kind), "abandon", "--json")
    assert done.exit_code == 0, done.stderr
    listed = cli("history", "list", "--json", "--game", kind.key).json["matches"]
    assert [m["status"] for m in listed] == ["abandoned"]
    assert_user_error(cli(*_noun(kind), "status"), "no live")


def test_log_ranks_the_players_and_history_keeps_the_ranks(cli, companion_logged):
    game: GameSpec = companion_logged
    logged = cli("log", game.name, "Ann=5", "Bob=3", "--json")
    if logged.exit_code != 0:  # a game that needs more to be logged (sides, an order) says so
        assert_user_error(logged)
        assert cli("history", "list", "--json").json["matches"] == []
        return
    ranks = logged.json["ranks"]
    assert sorted(ranks) == ["Ann", "Bob"] and sorted(ranks.values()) == [1, 2]
    assert logged.json["winner"] == min(ranks, key=ranks.get)
    shown = cli("history", "show", logged.json["id"], "--json").json
    assert shown["status"] == "finished" and shown["result"]["ranks"] == ranks


def test_a_name_with_a_control_character_is_refused(cli, companion_started):
    kind = companion_started
    assert_user_error(_start(cli, kind, (f"Ann{EVIL}", "Bob", "Cy")), "control character")
    assert_user_error(cli(*_noun(kind), "status"), "no ")
    assert "\x1b" not in cli("players", "list", "--json").stdout


def _as_typed(twin: Result, result: Result, names: tuple[str, ...], command) -> None:
    """`result` (hostile names) says what `twin` (the sample names) says, each name as typed:
    the same exit, and each name as often as its sample name."""
    assert result.exit_code == twin.exit_code, (command, result.stdout, result.stderr)
    assert "Traceback" not in result.stdout + result.stderr, command
    for sample, name in zip(SAMPLE, names, strict=True):
        expected = len(re.findall(rf"\b{sample}\b", twin.stdout))
        assert result.stdout.count(name) == expected, (command, name, result.stdout, twin.stdout)


def _databases(folder) -> tuple:
    """Two fresh databases, each with a folder (and archive) of its own: the twin's and
    the hostile names'."""
    (folder / "twin").mkdir(parents=True)
    (folder / "hostile").mkdir()
    return folder / "twin" / "companion.json", folder / "hostile" / "companion.json"


def _history_faces(cli, twin_db, names) -> None:
    for command in [("history", "list"), ("history", "stats"), ("players", "list"),
                    ("history", "players"), ("history", "ratings")]:  # fmt: skip
        _as_typed(cli(*command, database=twin_db), cli(*command), names, command)
    shown = cli("history", "list", "--json").json["matches"][0]["id"]
    twin_id = cli("history", "list", "--json", database=twin_db).json["matches"][0]["id"]
    for verb in ("show", "chart"):
        twin = cli("history", verb, twin_id, database=twin_db)
        _as_typed(twin, cli("history", verb, shown), names, ("history", verb))


def _twins(cli, twin_db, hostile_db, names):
    """`both(*argv)`: the command on the twin (sample names) and, renamed, on the hostile
    database, checked alike; `hostile(*argv)`: the command on the hostile database alone."""

    def hostile(*argv: str, database=hostile_db) -> Result:
        return cli(*argv, database=database)

    def both(*argv: str) -> Result:
        result = hostile(*named(argv, names))
        _as_typed(cli(*argv, database=twin_db), result, names, argv)
        return result

    return both, hostile


def test_markup_in_names_is_printed_as_typed(cli, tmp_path, companion_started):
    """Each verb that prints (the kind's `moves`), played twice: with the sample names and
    with names that look like markup."""
    kind = companion_started
    noun = _noun(kind)
    for index, names in enumerate(MARKUP_NAMES):
        twin_db, hostile_db = _databases(tmp_path / str(index))
        both, hostile = _twins(cli, twin_db, hostile_db, names)
        *setup, start = kind.example
        for argv in setup:
            both(*argv)
        assert both(*start).exit_code == 0
        for move in kind.moves:
            assert both(*noun, *move).exit_code == 0, move
        both(*noun, "status")
        both("watch", "--once")
        if both(*noun, "end").exit_code != 0:  # not over yet: into history as abandoned
            both(*noun, "abandon")
        _history_faces(hostile, twin_db, names)


def test_markup_in_names_of_logged_games_reads_as_typed_in_history(cli, tmp_path, companion_logged):
    """A finished game with such names, logged: every history face, against its twin."""
    game: GameSpec = companion_logged
    scores = ("Ann=5", "Bob=3")
    for index, names in enumerate(MARKUP_NAMES):
        twin_db, hostile_db = _databases(tmp_path / str(index))
        _, hostile = _twins(cli, twin_db, hostile_db, names)
        twin = cli("log", game.name, *scores, database=twin_db)
        logged = hostile("log", game.name, *named(scores, names))
        _as_typed(twin, logged, names, ("log", game.name))
        if logged.exit_code != 0:  # a game that needs more (sides, an order) to be logged
            return
        _history_faces(hostile, twin_db, names)
        chart = ("history", "chart", "--player", "Ann")
        _as_typed(cli(*chart, database=twin_db), hostile(*named(chart, names)), names, chart)


def test_a_kept_status_prints_as_the_replayed_one(cli, db, companion_started):
    """`status` drawn from what was kept with the match (companion.tables.shown) is the
    replay's, byte for byte, after the start and each move; a kind that keeps nothing is
    replayed as ever."""
    import json

    from companion.tables.shown import keepable, shown

    kind = companion_started
    noun, names = _noun(kind), MARKUP_NAMES[0]

    def replayed(*extra: str) -> Result:
        before = db.read_bytes()
        data = json.loads(before)
        data.pop("_shown", None)
        db.write_text(json.dumps(data))
        try:
            return cli(*noun, "status", *extra)
        finally:
            db.write_bytes(before)

    started = _start(cli, kind, names)
    for step in (None, *kind.moves):
        result = started if step is None else cli(*noun, *named(step, names))
        assert result.exit_code == 0, (step, result.stderr)
        if keepable(kind.key) is not None:
            assert shown(db, kind.key) is not None, f"nothing kept after {step}"
        for extra in ((), ("--json",)):
            kept, again = cli(*noun, "status", *extra), replayed(*extra)
            assert kept.exit_code == again.exit_code == 0, (step, kept.stderr)
            assert (kept.stdout, kept.stderr) == (again.stdout, again.stderr), step


WALK = 10  # moves made in the walk
TRIED = 4  # offered moves tried on a copy at each step (and refused ones)


def test_the_moves_offered_are_the_moves_the_table_accepts(
    cli, db, tmp_path_factory, companion_match
):
    """The legal-moves query (`Table.legal`, `companion moves`) is the table's own answer:
    at every step of a seeded game, a sample of the moves it offers is accepted by the table
    and by the CLI command it gives (each on a copy of the database), a sample of the moves
    it refuses is refused by the table with the query's reason, a seat's move for another
    player and a stale move are refused, and nothing refused is written."""
    import random
    import shlex
    import shutil

    import pytest

    from companion.engine.errors import CompanionError, NotYourMove, StaleMove
    from companion.store import Store
    from companion.tables import table_for

    kind = companion_match
    assert _start(cli, kind).exit_code == 0
    pick = random.Random(kind.key)

    def copy() -> Path:
        folder = tmp_path_factory.mktemp("twin")
        shutil.copytree(
            db.parent, folder, dirs_exist_ok=True, ignore=shutil.ignore_patterns("*.lock")
        )
        return folder / db.name

    def table(path: Path):
        return table_for(Store(path), kind.key)

    for step in range(WALK):
        shown = cli("moves", kind.key, "--json")
        assert shown.exit_code == 0, shown.stderr
        answer = table(db).legal()
        assert [m["move"] for m in shown.json["moves"]] == [m.to_json() for m in answer.moves]
        assert shown.json["seen"] == answer.seen
        assert answer.moves or step, "a game just started offers a move: its rules list none"
        if not answer.moves:
            break
        for move in pick.sample(answer.moves, min(TRIED, len(answer.moves))):
            twin = copy()
            trial = move.samples()  # what only the player gives: tried with its sample
            table(twin).make(move, trial, seen=answer.seen, by=move.who)
            command = table(db).command(move)
            words = shlex.split(command)
            assert words[0] == "companion", command
            if not trial:  # else its command holds a placeholder the player fills (N, CARD)
                ran = cli(*words[1:], database=(twin := copy()))
                assert ran.exit_code == 0, (command, ran.stderr)
                assert len(table(twin).current()["events"]) > answer.seen, command
            other = next((p for p in table(db).current()["players"] if p != move.who), None)
            if move.who is not None and other is not None:
                before = (twin := copy()).read_bytes()
                with pytest.raises(NotYourMove):
                    table(twin).make(move, by=other)
                assert twin.read_bytes() == before
        for refused in pick.sample(answer.not_legal, min(TRIED, len(answer.not_legal))):
            before = (twin := copy()).read_bytes()
            with pytest.raises(CompanionError) as err:
                table(twin).make(refused.move, refused.move.samples())
            assert str(err.value).startswith(refused.why.split(" (hint:")[0]), (refused, err.value)
            assert twin.read_bytes() == before
        chosen = pick.choice(answer.moves)
        table(db).make(chosen, chosen.samples(), seen=answer.seen, by=chosen.who)
        with pytest.raises(StaleMove):  # the same tap again: the game moved on
            table(db).make(chosen, chosen.samples(), seen=answer.seen)


def test_every_hook_answers_for_a_finished_and_a_live_match(cli, companion_logged):
    """What the core hands a game's hooks (a MatchSummary, a whole match, a stats row)
    is what the hooks take: every history face over a game logged and finished and over its
    live sample game answers without a warning line (a hook that failed) or a traceback."""
    game = companion_logged
    logged = cli("log", game.name, "Ann=5", "Bob=3", "--json")
    finished = logged.json["id"] if logged.exit_code == 0 else None
    live = None
    for kind in game.kinds:
        if kind.table and kind.example and not kind.own_document and live is None:
            started = _start(cli, kind)
            live = (
                started.json["id"]
                if started.exit_code == 0 and "--json" in kind.example[-1]
                else None
            )
            if live is None and started.exit_code == 0:
                live = cli(*_noun(kind), "status", "--json").json["id"]
    faces = [("history", "list"), ("history", "stats"), ("history", "stats", "--json"),
             ("history", "export", "--format", "csv"), ("history", "export", "--format", "bgstats"),
             ("watch", "--once")]  # fmt: skip
    for match in (finished, live):
        if match is not None:
            faces += [("history", "show", match), ("history", "chart", match)]
    if finished is not None:
        faces += [("history", "amend", finished, "--note", "checked"),
                  ("history", "chart", "--player", "Ann")]  # fmt: skip
    for argv in faces:
        done = cli(*argv)
        assert done.exit_code in (0, 2), (argv, done.stderr)
        said = done.stderr.splitlines()
        assert not [line for line in said if line.startswith("warning:")], (argv, said)
        if done.exit_code == 2:
            assert_user_error(done)
