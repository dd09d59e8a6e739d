"""Issue 37 item 8: a command's start loads no pydantic (typer 0.29 imports it whenever a
command runs: 100 ms more CPU for every command; docs/development.md#the-typer-pin-measured)."""

from __future__ import annotations

import ast
import json
import subprocess
import sys

COMMAND = """
import sys
sys.argv = ["companion", *sys.argv[1:]]
from companion.cli.main import main
try:
    main()
except SystemExit:
    pass
"""
RUN = (
    COMMAND
    + """
heavy = sorted(m for m in ("pydantic", "rich", "tinydb", "questionary") if m in sys.modules)
print("loaded:", heavy, file=sys.stderr)
"""
)


def loaded(*argv: str, tmp_path, script: str = RUN, **env: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", script, *argv],
        capture_output=True, text=True, check=False,
        env={"COMPANION_DB": str(tmp_path / "db.json"), "PATH": "/usr/bin:/bin", **env},
    )  # fmt: skip
    return done.stderr.strip().splitlines()[-1]


def test_a_command_starts_without_pydantic(tmp_path):
    assert loaded("roll", "d20", tmp_path=tmp_path) == "loaded: []"
    assert "pydantic" not in loaded("hoopers", "shot", "2ps", "--stat", "60", "--roll", "30",
                                    tmp_path=tmp_path)  # fmt: skip


WATCH = (
    COMMAND
    + """
names = sys.modules.get("companion.engine.names")
found = [m for m in ("rich", "companion.history.log") if m in sys.modules]
found += ["names.CONTROL"] if names is not None and "CONTROL" in vars(names) else []
print("loaded:", found, file=sys.stderr)
"""
)


def watched(*argv: str, tmp_path) -> str:
    return loaded(*argv, tmp_path=tmp_path, script=WATCH)


def test_the_playlist_games_kept_status_is_drawn_without_rich(tmp_path):
    start = ["playlist", "game", "start", "--players", "Ana,Ben,Cy", "--first", "Ben"]
    assert "loaded" in watched(*start, "--seed", "1", tmp_path=tmp_path)
    assert watched("playlist", "game", "status", tmp_path=tmp_path) == "loaded: []"


def test_help_and_a_shot_build_nothing_they_do_not_show(tmp_path):
    # --help lists `log` from its help, without reading every game's log options
    assert watched("--help", tmp_path=tmp_path) == "loaded: []"
    # a shot checks no name: the control characters' pattern is not compiled
    shot = ["hoopers", "shot", "2ps", "--stat", "60", "--roll", "30"]
    assert watched(*shot, tmp_path=tmp_path) == "loaded: []"


def test_history_stats_with_every_game_drawn_loads_no_rich(tmp_path):
    """Issue 39: each game's lines under `history stats` (the playlist's among them) are
    plain text: drawing them loads no rich (3 MB and 50 ms of a 100,000-match stats)."""
    for score in ("Ana=5", "Ben=3"), ("Ana=2", "Ben=7"):
        for game in ("hoopers", "allstar", "playlist", "otdraft"):
            assert "loaded" in loaded("log", game, *score, tmp_path=tmp_path)
    assert "rich" not in loaded("history", "stats", tmp_path=tmp_path)


COMPILED = (
    COMMAND
    + """
def compiled(cls):
    init = getattr(cls.__dict__.get("__init__"), "__code__", None)
    return init is not None and init.co_filename == "<string>"


modules = [m for name, m in list(sys.modules.items()) if name.startswith("companion.")]
found = sorted(
    f"{m.__name__}.{c.__name__}" for m in modules for c in vars(m).values()
    if isinstance(c, type) and c.__module__ == m.__name__ and compiled(c)
)
print("compiled:", found, "secrets" in sys.modules, file=sys.stderr)
"""
)


def test_a_move_and_a_shot_compile_no_class_at_start(tmp_path):
    """Issue 39: a standard dataclass compiles its methods from source on every run (3.7 M
    instructions a frozen class); the classes a move and a shot load are made without it
    (companion.engine.values)."""
    shot = ["hoopers", "shot", "2ps", "--stat", "60", "--roll", "30"]
    assert loaded(*shot, tmp_path=tmp_path, script=COMPILED) == "compiled: [] False"
    start = ["hoopers", "match", "start", "--home", "Ann", "--away", "Bob", "--seed", "3"]
    assert "compiled" in loaded(*start, tmp_path=tmp_path, script=COMPILED)
    move = ["hoopers", "match", "score", "Ann", "2"]
    # nor `secrets` (hmac, hashlib: 15 M) for its files' temporary names (store/ids.py)
    assert loaded(*move, tmp_path=tmp_path, script=COMPILED) == "compiled: [] False"


WRITE = (
    COMMAND
    + """
# nor tempfile, for the one temporary file a write makes (companion.store.atomic.temp_file),
# nor random, for its name or a move that draws nothing (companion.engine.rng seeds on a draw)
found = [m for m in ("tinydb", "platformdirs", "tempfile", "random") if m in sys.modules]
# nor the archive's reading, filing and merging (a move reads no archive file)
archive = ("archive", "index", "merge", "records")
found += [m for m in archive if f"companion.store.{m}" in sys.modules]
# the store's patterns a move does not match with (conflict copies, releases, temp files
# left behind, control characters in an imported file): not compiled
import re
from companion.store import atomic, formats, machines, validate
compiled = {key[1] for cache in ("_cache", "_cache2") for key in getattr(re, cache, {})}
lazy = {"COPY": machines._COPY, "RELEASE": formats._RELEASE, "LEGACY": atomic._LEGACY}
found += sorted(name for name, pattern in lazy.items() if pattern in compiled)
found += ["RAW_CONTROL"] if "RAW_CONTROL" in vars(validate) else []
print("loaded:", found, file=sys.stderr)
"""
)


def test_a_tracked_move_loads_neither_tinydb_nor_platformdirs(tmp_path):
    """Issue 39: a move reads and writes its match, its remembered stats and its kept status
    through the store's rows (companion.store.change: TinyDB's tables without tinydb, 6 M
    instructions to import) and finds the machine id's file without platformdirs
    (companion.engine.dirs: 10 M); still journaled, fsynced, and its kept status made
    again (tests/store/test_rows.py, tests/test_dirs.py, tests/test_status_kept.py). Nor
    does it compile the store's patterns it never matches with (4 M), nor import the
    archive's reading and merging to clear the cache's leftovers and ask whether the file
    holds tables from before records (companion.store.cache, store.layout: 5 M)."""
    home = {"HOME": str(tmp_path / "home")}
    start = ["hoopers", "match", "start", "--home", "Ann", "--home-tribe", "keepers",
             "--away", "Bob", "--away-tribe", "unleashed", "--seed", "3"]  # fmt: skip
    assert "loaded" in loaded(*start, tmp_path=tmp_path, script=WRITE, **home)
    score = ["hoopers", "match", "score", "Ann", "2"]
    assert loaded(*score, tmp_path=tmp_path, script=WRITE, **home) == "loaded: []"
    shot = ["hoopers", "match", "shot", "Ann", "2ps", "--hooper", "Edd Trapp", "--stat", "60",
            "--roll", "30"]  # fmt: skip
    assert loaded(*shot, tmp_path=tmp_path, script=WRITE, **home) == "loaded: []"
    assert _last_event(tmp_path) == "shot"
    undo = ["hoopers", "match", "undo"]
    assert loaded(*undo, tmp_path=tmp_path, script=WRITE, **home) == "loaded: []"
    assert _last_event(tmp_path) == "score"
    kept = json.loads((tmp_path / "db.json").read_text())
    assert len(kept["_shown"]) == 1  # the status kept with the match, made again
    assert (tmp_path / "home" / ".config" / "companion" / "machine-id").is_file()


def _last_event(tmp_path) -> str:
    main = json.loads((tmp_path / "db.json").read_text())
    return next(iter(main["live"].values()))["events"][-1]["type"]


# A live match's start, a score and a Keepers' hooper's shot (the new tests' moves).
START = ["hoopers", "match", "start", "--home", "Ann", "--home-tribe", "keepers",
         "--away", "Bob", "--away-tribe", "unleashed", "--seed", "3"]  # fmt: skip
SCORE = ["hoopers", "match", "score", "Ann", "2"]
SHOT = ["hoopers", "match", "shot", "Ann", "2ps", "--hooper", "Edd Trapp", "--stat", "60",
        "--roll", "30"]  # fmt: skip


RULES = (
    COMMAND
    + """
rules = "companion.games.hoopers.rules."
kinds = ("shot_move", "foul_move", "track_moves", "turn_moves", "moves", "energy_moves",
         "playbook", "hand", "shots", "counters", "fouls", "effects", "energy", "turn_flow",
         "tribe_power")
print("loaded:", [m for m in kinds if rules + m in sys.modules], file=sys.stderr)
"""
)


def test_a_score_on_a_match_of_scores_loads_no_other_kinds_rules(tmp_path):
    """Issue 39: each event kind's handler lives with its own rules and is imported when a
    log first holds that kind (rules/match.py, `_HANDLERS`): a score on a match of scores
    loads no shot's, foul's, turn's or card's rules (28 M instructions when rules/match.py
    imported every kind's), nor the guided turn's (the stats typed earlier: rules/known.py)
    nor the other moves' (a Perry Hel's help or a counter's card: card_fill.py)."""
    home = {"HOME": str(tmp_path / "home")}
    scores, shots = tmp_path / "scores", tmp_path / "shots"
    scores.mkdir(), shots.mkdir()
    assert "loaded" in loaded(*START, tmp_path=scores, script=RULES, **home)
    for _ in range(2):
        assert loaded(*SCORE, tmp_path=scores, script=RULES, **home) == "loaded: []"
    assert [e["type"] for e in _events(scores)] == ["opening", "score", "score"]
    # a shot loads its own rules (and no turn's, nor the guided turn's); a score on a log
    # holding a shot replays it, and loads still no foul's or turn's
    assert "loaded" in loaded(*START, tmp_path=shots, script=RULES, **home)
    found = _names(loaded(*SHOT, tmp_path=shots, script=RULES, **home))
    assert {"shot_move", "shots"} <= found
    assert not {"turn_moves", "moves", "turn_flow", "foul_move", "track_moves"} & found
    after = _names(loaded(*SCORE, tmp_path=shots, script=RULES, **home))
    assert "shot_move" in after and not {"foul_move", "turn_moves", "moves"} & after
    assert [e["type"] for e in _events(shots)] == ["opening", "shot", "score"]
    # a turn and a defender's foul replayed: their own rules, not the counters' (the team
    # foul limit), the screens' energy or the Unleashed power's
    for move in (["foul", "Bob", "Joy Kill", "--on", "d2"], ["turn"]):
        assert "loaded" in loaded("hoopers", "match", *move, tmp_path=shots, **home)
    assert [e["type"] for e in _events(shots)][-2:] == ["foul", "turn"]
    after = _names(loaded(*SCORE, tmp_path=shots, script=RULES, **home))
    assert {"foul_move", "turn_moves"} <= after
    assert not {"counters", "energy_moves", "tribe_power", "moves"} & after


def _names(line: str) -> set[str]:
    return set(ast.literal_eval(line.removeprefix("loaded: ")))


def _events(folder) -> list[dict]:
    main = json.loads((folder / "db.json").read_text())
    return next(iter(main["live"].values()))["events"]


def test_every_event_kind_named_in_the_fold_has_its_handler():
    """The fold's table names each kind's handler as "module:function" (imported on first
    use): each one names a function that is there."""
    from companion.games.hoopers.rules import match

    for kind in (*match._OWN, *match._HANDLERS):
        assert callable(match.handler_of(kind)), kind
    assert match.handler_of("counter") is not None  # the other moves' (rules/moves.py)
    assert match.handler_of("no-such-move") is None


OPTIONS = (
    COMMAND
    + """
from companion.games.hoopers.cli import commands, draft
made = [n for n in (*commands._OPTIONS, "DraftOption", "PromosOption") if n in vars(commands)
        or n in vars(draft)]
print("made:", made, file=sys.stderr)
"""
)


def test_a_move_makes_only_the_options_its_command_takes(tmp_path):
    """Issue 39: the options the `hoopers` commands share (cli/commands.py) and the Draft's
    (cli/draft.py) are made when a command taking them is built, not when the match's CLI
    is imported: each costs 0.16 M instructions, and a score takes none of them."""
    home = {"HOME": str(tmp_path / "home")}
    assert "DraftOption" in loaded(*START, tmp_path=tmp_path, script=OPTIONS, **home)
    assert loaded(*SCORE, tmp_path=tmp_path, script=OPTIONS, **home) == "made: []"
    made = loaded(*SHOT, tmp_path=tmp_path, script=OPTIONS, **home)
    assert "'Kind'" in made and "'Face'" in made and "'OStat'" not in made
    assert _events(tmp_path)[-1]["type"] == "shot"


SHOWN = (
    COMMAND
    + """
print("loaded:", sorted(m for m in sys.modules if m == "rich" or m.startswith("rich.")),
      file=sys.stderr)
"""
)


def test_a_board_with_hot_and_cold_hoopers_is_drawn_without_rich(tmp_path):
    """Issue 39: mid-game the hoopers board holds 🔥 / ❄ marks and is wider than 80
    columns; the light table wraps it as rich would (tests/test_light_table.py), so a
    score or status on it loads no rich (its table and console: 137 M instructions)."""
    loaded(*START, tmp_path=tmp_path, script=SHOWN)
    loaded(*SHOT, tmp_path=tmp_path, script=SHOWN)  # Edd Trapp scores: hot
    loaded("hoopers", "match", "turn", tmp_path=tmp_path, script=SHOWN)
    cold = ["hoopers", "match", "shot", "Bob", "3ps", "--hooper", "Muy Schillato", "--stat",
            "55", "--defense", "30", "--defender", "Linda Siempre", "--face", "blank",
            "--roll", "40"]  # fmt: skip
    loaded(*cold, tmp_path=tmp_path, script=SHOWN)
    for argv in (["hoopers", "match", "score", "Ann", "1"], ["hoopers", "match", "status"]):
        done = subprocess.run(
            [sys.executable, "-c", SHOWN, *argv], capture_output=True, text=True, check=False,
            env={"COMPANION_DB": str(tmp_path / "db.json"), "PATH": "/usr/bin:/bin",
                 "COLUMNS": "80"},
        )  # fmt: skip
        assert "Edd Trapp 🔥" in done.stdout and "Muy Schillato ❄" in done.stdout
        assert done.stderr.strip().splitlines()[-1] == "loaded: []"
