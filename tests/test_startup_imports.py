"""Issue 37 item 8: a command's start loads no pydantic (typer 0.29 imports it whenever a
command runs: 100 ms more CPU for every command; docs/development.md#the-typer-pin-measured)."""

from __future__ import annotations

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
found = [m for m in ("tinydb", "platformdirs") if m in sys.modules]
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
    start = ["hoopers", "match", "start", "--home", "Ann", "--home-tribe", "keepers",
             "--away", "Bob", "--away-tribe", "unleashed", "--seed", "3"]  # fmt: skip
    loaded(*start, tmp_path=tmp_path, script=SHOWN)
    hot = ["hoopers", "match", "shot", "Ann", "2ps", "--hooper", "Edd Trapp", "--stat", "60",
           "--roll", "30"]  # fmt: skip
    loaded(*hot, tmp_path=tmp_path, script=SHOWN)
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
