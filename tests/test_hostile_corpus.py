"""A corpus of hostile input, fed to the CLI: exit 0 or 2, one line on 2, nothing changed on 2.

Imports with every field replaced by something wrong (path-like strings,
wrong types, deep nesting, control characters, formula prefixes, text that is
not Unicode, huge numbers); database files that are not companion databases
(foreign JSON, wrong shapes, 100 MB, read-only, symlinked, a folder, a
read-only mount simulated by injected EROFS); archive files holding such
matches; names with control characters on the command line. No command may
end in a traceback (the `cli` fixture lets any exception through), a refusal
is one `error:` line and changes no file, and whatever an import accepted
every reader must still read.
"""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any

import pytest

from companion.store import Store

GOOD = {
    "id": "good11",
    "game": "hoopers",
    "players": ["Ana", "Ben"],
    "options": {"home": "Ana", "tribes": {"Ana": "Keepers", "Ben": "Unleashed"}},
    "seed": 5,
    "status": "finished",
    "created": "2026-01-10T19:00:00+00:00",
    "updated": "2026-01-10T21:00:00+00:00",
    "finished": "2026-01-10T21:00:00+00:00",
    "events": [{"type": "shot", "data": {"team": "Ana", "points": 2}, "at": "2026-01-10T19:01:00"}],
    "result": {
        "scores": {"Ana": 2, "Ben": 0},
        "ranks": {"Ana": 1, "Ben": 2},
        "winner": "Ana",
        "periods": [[2, 0]],
        "rounds": [{"Ana": 1, "Ben": 0}],
        "playoff_scores": {"Ana": 1, "Ben": 0},
        "games": [{"number": 1, "home": "Ana", "winner": "Ana", "score": "2-0"}],
    },
}

FIELDS = [
    ("id",),
    ("game",),
    ("players",),
    ("players", 0),
    ("status",),
    ("created",),
    ("finished",),
    ("seed",),
    ("options",),
    ("options", "home"),
    ("options", "tribes"),
    ("events",),
    ("events", 0),
    ("events", 0, "data"),
    ("result",),
    ("result", "scores"),
    ("result", "scores", "Ana"),
    ("result", "ranks", "Ana"),
    ("result", "winner"),
    ("result", "periods"),
    ("result", "rounds"),
    ("result", "playoff_scores", "Ana"),
    ("result", "games"),
    ("result", "games", 0),
]
DEEP = "__deep__"  # stands for a value nested 5,000 levels (written into the text)
VALUES: list[Any] = [
    "/tmp/pw",
    "../db",
    "..\\..\\x",
    "2026-01/../../x",
    "~",
    "",
    "ABC",
    "\x1b]0;pwned\x07\x1b[2J",
    "\u202eevil",
    '=HYPERLINK("http://x","y")',
    "+cmd|' /c calc'!A0",
    "\ud800",
    1,
    -1,
    1.5,
    10**30,
    float("nan"),
    True,
    None,
    [],
    [1, 2],
    {},
    {"a": 1},
    DEEP,
]


def _replaced(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    doc = copy.deepcopy(GOOD)
    holder: Any = doc
    for key in path[:-1]:
        holder = holder[key]
    holder[path[-1]] = value
    return doc


def _text(doc: Any) -> str:
    text = json.dumps(doc)
    return text.replace(json.dumps(DEEP), "[" * 5000 + "]" * 5000)


def _export(matches: list[Any], players: Any = None) -> str:
    body = {"format": "companion-history", "version": 1, "matches": "__matches__"}
    body["players"] = players if players is not None else {"Bobby": "Ben"}
    return json.dumps(body).replace('"__matches__"', "[" + ",".join(map(_text, matches)) + "]")


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
        and not any(part.startswith(".index") for part in p.parts)
        and not p.name.endswith(".lock")
    }


def _outcome(result: Any, allowed: tuple[int, ...] = (0, 2)) -> None:
    assert result.exit_code in allowed, (result.exit_code, result.stdout, result.stderr)
    errors = [line for line in result.stderr.splitlines() if not line.startswith("warning:")]
    if result.exit_code == 2:
        assert len(errors) == 1 and errors[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.stderr


READERS = [
    ("history", "list"),
    ("history", "list", "--json"),
    ("history", "stats"),
    ("history", "players"),
    ("players", "list"),
    ("history", "show", "good11"),
    ("history", "chart", "good11"),
    ("history", "chart", "--player", "Ana"),
    ("history", "export", "-f", "bgstats"),
    ("history", "export", "-f", "csv"),
    ("history", "export"),
]


def _readers_survive(cli) -> None:
    for command in READERS:
        _outcome(cli(*command))
    _outcome(cli("history", "replay", "good11"), (0, 1, 2))


@pytest.mark.slow  # every field times every hostile value, seconds: the full suite runs it
def test_hostile_imports(cli, db, tmp_path):
    """Every field of a match replaced by every hostile value, imported into a live database.

    What is refused changes nothing; what is accepted (under its own id) must
    leave every reader working.
    """
    Store(db).start_match("otdraft", ["Ana", "Ben"], seed=1)
    export = tmp_path / "in" / "export.json"
    export.parent.mkdir()
    accepted = []
    for n, field in enumerate(FIELDS):
        for m, value in enumerate(VALUES):
            doc = _replaced(field, value)
            if field != ("id",):
                doc["id"] = f"m{n}x{m}"
            text = _export([doc])
            export.write_text(text, encoding="utf-8", errors="surrogatepass")
            before = _snapshot(tmp_path)
            result = cli("history", "import", export)
            _outcome(result)
            if result.exit_code == 2:
                assert _snapshot(tmp_path) == before, (field, value)
            else:
                accepted.append((field, value))
    assert 0 < len(accepted) < len(FIELDS) * len(VALUES) / 3, accepted
    _readers_survive(cli)


def test_hostile_alias_maps(cli, db, tmp_path):
    for players in ([1], "x", {"a": 1}, {"\x1b[2J": "Ben"}, {"Bobby": "\x07"}, {"": "Ben"}):
        export = tmp_path / "export.json"
        export.write_text(_export([GOOD], players))
        result = cli("history", "import", export)
        _outcome(result)
        assert result.exit_code == 2 and not db.exists(), players


def test_hostile_matches_already_on_disk(cli, db):
    """The same corpus written straight into an archive file: readers skip and warn."""
    store = Store(db)
    store.archive_match(GOOD)
    shard = store.archive_dir / "2026-01.here.json"
    tables = json.loads(shard.read_text())
    n = 1
    for field in FIELDS:
        for value in VALUES:
            if value == DEEP:
                continue
            n += 1
            doc = _replaced(field, value)
            if field != ("id",):
                doc["id"] = f"bad{n}"
            tables["matches"][str(n)] = doc
    tables["matches"][str(n + 1)] = "not a match"
    tables["matches"][str(n + 2)] = [1, 2]
    shard.write_text(json.dumps(tables))
    for command in READERS:
        result = cli(*command)
        _outcome(result)
        assert "Traceback" not in result.stdout
    _outcome(cli("history", "undo", "--yes"))
    _outcome(cli("history", "delete", "bad2", "--yes"))


NOT_A_DATABASE = {
    "not-json": b"this is not json",
    "empty": b"",
    "list": b"[1, 2, 3]",
    "string": b'"companion"',
    "tsconfig": json.dumps({"compilerOptions": {"target": "es5"}}).encode(),
    "flat": json.dumps({"a": 1}).encode(),
    "deep": b"[" * 5000 + b"]" * 5000,
    "deep-doc": (
        b'{"_meta":{"1":{"schema":1}},"t":{"1":{"key":"k","value":'
        + b"[" * 5000
        + b"]" * 5000
        + b"}}}"
    ),
    "live-x": json.dumps({"_meta": {"1": {"schema": 1}}, "live": {"1": "x"}}).encode(),
    "alias": json.dumps({"_meta": {"1": {"schema": 1}}, "players": {"1": {"key": 1}}}).encode(),
    "nan": b'{"_meta":{"1":{"schema":NaN}}}',
    "bom": b"\xef\xbb\xbf{}",
    "latin1": b'{"_meta":{"1":{"schema":1}},"t":{"1":{"key":"\xe9","value":1}}}',
    "newer": json.dumps({"_meta": {"1": {"schema": 99}}}).encode(),
}
COMMANDS = [
    ("history", "list"),
    ("players", "list"),
    ("hoopers", "match", "status"),
    ("watch", "--once"),
    ("hoopers", "match", "start", "--home", "Ana", "--away", "Ben",
     "--home-tribe", "keepers", "--away-tribe", "unleashed"),
    ("players", "rename", "Ana", "Anna"),
]  # fmt: skip


@pytest.mark.parametrize("name", sorted(NOT_A_DATABASE))
def test_files_that_are_not_a_database_are_refused_untouched(cli, db, name):
    db.write_bytes(NOT_A_DATABASE[name])
    for command in COMMANDS:
        result = cli(*command)
        _outcome(result)
        assert db.read_bytes() == NOT_A_DATABASE[name], command


def test_a_100_mb_file(cli, db, tmp_path):
    big = tmp_path / "big.json"
    with big.open("wb") as handle:
        handle.truncate(100 << 20)  # sparse: 100 MB of zero bytes
    result = cli("history", "import", big)
    _outcome(result)
    assert result.exit_code == 2 and not db.exists()
    os.link(big, db)
    for command in COMMANDS[:2]:
        _outcome(cli(*command))
    assert db.stat().st_size == 100 << 20


def test_odd_places_for_the_database(cli, tmp_path):
    folder = tmp_path / "db.json"
    folder.mkdir()
    loop = tmp_path / "loop.json"
    loop.symlink_to(loop)
    dangling = tmp_path / "dangling.json"
    dangling.symlink_to(tmp_path / "nowhere" / "db.json")
    for database in (folder, loop, dangling, tmp_path / "missing" / "db.json"):
        for command in COMMANDS:
            _outcome(cli(*command, database=database))


def test_read_only_files_and_mounts(cli, db, monkeypatch):
    start = COMMANDS[4]
    assert cli(*start).exit_code == 0
    before = _snapshot(db.parent)
    db.chmod(0o444)
    try:
        for command in COMMANDS:
            _outcome(cli(*command))
        assert cli("hoopers", "match", "abandon").exit_code == 2
    finally:
        db.chmod(0o644)
    monkeypatch.setenv("COMPANION_FAILPOINT", "erofs:*")
    for command in [*COMMANDS, ("hoopers", "match", "abandon"), ("history", "undo", "--yes")]:
        _outcome(cli(*command))
    assert _snapshot(db.parent) == before


def test_control_characters_in_typed_names(cli, db):
    for evil in ("\x1b]0;pwned\x07", "A\x00B", "A\rB", "A\u202eB", "A\x9bB"):
        for command in [
            ("first-player", "Ana", evil),
            ("deal", "--players", f"Ana,{evil}", "--cards", "1"),
            ("hoopers", "match", "start", "--home", evil, "--away", "Ben",
             "--home-tribe", "keepers", "--away-tribe", "unleashed"),
            ("hoopers", "series", "start", "--tribes", f"Keepers,{evil}"),
            ("hoopers", "series", "start", "--tribes", "Keepers,Unleashed", "--name", evil),
            ("allstar", "season", "start", "--players", f"Ana,Ben,{evil}"),
            ("log", "otdraft", f"{evil}=5", "Ben=3"),
        ]:  # fmt: skip
            result = cli(*command)
            _outcome(result)
            assert result.exit_code == 2 and "control character" in result.stderr, command
    assert not db.exists()
    shuffled = cli("shuffle", "a\x1b[2Jb", "c")
    _outcome(shuffled)
    assert "\x1b" not in shuffled.stdout
