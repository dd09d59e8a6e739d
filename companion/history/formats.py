"""Export and import formats: a versioned JSON backup, CSV, BG Stats plays.

The backup holds every archived match document exactly as stored (events,
seeds and all) plus the player aliases, so importing it restores the
history; matches are keyed by id, so importing the same file twice adds
nothing. CSV and BG Stats are for other tools and carry results only, with
player names made canonical.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from companion.history.errors import NewerExport, NotAnExport
from companion.history.headtohead import ranks_of
from companion.history.queries import SERIES_GAME, game_of, when

FORMAT = "companion-history"
VERSION = 1
FORMATS = ("json", "csv", "bgstats")

SOURCE_NAME = "Table Companion"
GAME_NAMES = {
    "hoopers": "Valley Hoopers: The Series",
    "allstar": "All-Star Draft",
    "playlist": "All Stars Playlist",
    "otdraft": "OT Fantasy Draft",
    SERIES_GAME: "Valley Hoopers: The Series (series)",
}
CSV_COLUMNS = ("date", "game", "match_id", "player", "score", "rank", "winner")

Match = dict[str, Any]


def backup(matches: list[Match], aliases: dict[str, str], exported: str) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported": exported,
        "matches": matches,
        "players": dict(sorted(aliases.items())),
    }


def backup_chunks(
    matches: Iterable[Match], aliases: dict[str, str], exported: str
) -> Iterator[str]:
    """`backup(...)` as JSON text, one match at a time, so a big archive is never one string."""
    head = json.dumps(backup([], aliases, exported), ensure_ascii=False)
    before, after = head.split('"matches": []', 1)
    yield before + '"matches": ['
    for n, match in enumerate(matches):
        yield ("," if n else "") + json.dumps(match, ensure_ascii=False)
    yield "]" + after


BIG_FILE = 1 << 20


def read_export(path: Path) -> tuple[list[Match], dict[str, str]]:
    """Read and check an export file; NotAnExport (nothing written) for anything wrong."""
    from companion.engine.errors import BadInput
    from companion.history.book import paused_gc
    from companion.store.validate import RAW_CONTROL, text_problem

    try:
        if path.stat().st_size > BIG_FILE:
            # Read a big file whole only if it can be an export (a JSON object).
            with path.open("rb") as handle:
                head = handle.read(4096).lstrip(b" \t\r\n\xef\xbb\xbf")
            if not head.startswith(b"{"):
                raise NotAnExport(f"{path} is not a companion history export (not a JSON object)")
        raw = path.read_bytes()
    except FileNotFoundError:
        raise BadInput(f"no file {path}") from None
    except IsADirectoryError:
        raise BadInput(f"cannot read {path}: it is a folder") from None
    except OSError as err:
        raise BadInput(f"cannot read {path}: {err.strerror or err}") from None
    try:
        with paused_gc():
            data = json.loads(raw)
    except (UnicodeDecodeError, ValueError):
        raise NotAnExport(f"{path} is not a companion history export (not JSON)") from None
    except RecursionError:
        raise NotAnExport(f"{path} is not a companion history export (nested too deeply)") from None
    matches, aliases = read_backup(data, str(path))
    if RAW_CONTROL.search(raw):  # maybe a control character somewhere: find it exactly
        for n, match in enumerate(matches, 1):
            where = text_problem(match)
            if where is not None:
                raise NotAnExport(
                    f"{path}: match #{n}{_named(match)}: '{where}' contains a control character"
                )
    return matches, aliases


def _named(match: Any) -> str:
    match_id = match.get("id") if isinstance(match, dict) else None
    return f" ({match_id[:40]})" if isinstance(match_id, str) and match_id.strip() else ""


def read_backup(data: Any, source: str) -> tuple[list[Match], dict[str, str]]:
    """Matches and aliases from a parsed export; refuses anything else.

    Every match is checked against the match schema (types, id, dates that
    parse, names without control characters) before anything is written, and
    a file with one bad match is refused whole, naming the match and the field.
    """
    from companion.store.validate import match_problem, name_problem

    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise NotAnExport(f"{source} is not a companion history export")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise NotAnExport(f"{source} has no export version")
    if version > VERSION:
        raise NewerExport(
            f"{source} was exported by a newer companion (version {version}; "
            f"this one reads up to {VERSION})",
            hint="upgrade companion",
        )
    matches = data.get("matches")
    aliases = data.get("players", {})
    if not isinstance(matches, list):
        raise NotAnExport(f"{source} has no list of matches")
    for n, match in enumerate(matches, 1):
        if isinstance(match, dict) and match.get("status") == "live":
            raise NotAnExport(f"{source}: match #{n}{_named(match)} is live, not archived")
        problem = match_problem(match, strict=True)
        if problem is not None:
            field, why = problem
            raise NotAnExport(
                f"{source}: match #{n}{_named(match)} is not a match document ('{field}' {why})"
            )
    if not isinstance(aliases, dict):
        raise NotAnExport(f"{source}: 'players' is not a map of aliases")
    for key, value in aliases.items():
        why = name_problem(key) or name_problem(value)
        if why:
            raise NotAnExport(f"{source}: the alias {key!r} -> {value!r} {why}")
    ids = [m["id"] for m in matches]
    if len(set(ids)) != len(ids):
        dup = next(i for i in ids if ids.count(i) > 1)
        raise NotAnExport(f"{source}: match id {dup} appears twice")
    return matches, aliases


def _finished(matches: Iterable[Match]) -> Iterable[Match]:
    for match in matches:
        result = match.get("result")
        if match.get("status") == "finished" and result and isinstance(result.get("scores"), dict):
            yield match


def csv_rows(matches: Iterable[Match]) -> list[dict[str, Any]]:
    """One row per player per finished match, oldest match first."""
    rows = []
    for match in sorted(_finished(matches), key=when):
        result = match["result"]
        ranks = ranks_of(result)
        for player in match["players"]:
            rows.append(
                {
                    "date": when(match)[:19].replace("T", " "),
                    "game": match["game"],
                    "match_id": match["id"],
                    "player": player,
                    "score": result["scores"].get(player, ""),
                    "rank": ranks.get(player, ""),
                    "winner": "yes" if result.get("winner") == player else "no",
                }
            )
    return rows


def csv_text(rows: list[dict[str, Any]]) -> str:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return buffer.getvalue()


def bgstats_plays(matches: Iterable[Match]) -> list[dict[str, Any]]:
    """Plays in the shape BG Stats imports; a series is not a play, its games are."""
    plays = []
    for match in sorted(_finished(matches), key=when):
        if match["game"] == SERIES_GAME:
            continue
        result = match["result"]
        ranks = ranks_of(result)
        first = (match.get("options") or {}).get("first")
        plays.append(
            {
                "sourceName": SOURCE_NAME,
                "sourcePlayId": match["id"],
                "playDate": when(match)[:19].replace("T", " "),
                "game": {
                    "name": GAME_NAMES.get(game_of(match), match["game"]),
                    "highestWins": True,
                    "noPoints": False,
                },
                "players": [
                    {
                        "name": player,
                        "score": result["scores"].get(player),
                        "rank": ranks.get(player),
                        "winner": result.get("winner") == player,
                        "startPlayer": player == first,
                    }
                    for player in match["players"]
                ],
            }
        )
    return plays
