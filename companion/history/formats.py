"""Export and import formats: a versioned JSON backup, CSV, BG Stats plays.

The backup holds every archived match document exactly as stored (events,
seeds and all) plus the player aliases and any amendments, so importing it
restores the history; matches are keyed by id, so importing the same file
twice adds nothing. CSV and BG Stats are for other tools and carry results
only (amended where amended), with player names made canonical.

CSV cells are safe to open in a spreadsheet: a text cell that starts with
`=`, `+`, `-`, `@`, a tab or a carriage return would be read as a formula,
so it gets a leading `'` (OWASP's advice for CSV injection). Numbers are
written as numbers.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.history.bgstats import play_date
from companion.history.errors import NewerExport, NotAnExport
from companion.history.headtohead import ranks_of, won
from companion.history.queries import by_people, game_of, is_aggregate, when

if TYPE_CHECKING:
    from companion.engine.spec import Column

FORMAT = "companion-history"
VERSION = 1
FORMATS = ("json", "csv", "bgstats", "bgsplay", "bgg")

SOURCE_NAME = "Table Companion"
# Not a play of a game: a roll-off for who starts (nor a Series: its games are the plays).
ROLL_OFF = "table"
# The columns of every play; each game adds its own after them (`Fields.csv`).
CSV_COLUMNS = ("date", "game", "match_id", "player", "score", "rank", "winner")
FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\n", " ", "\u3000")
FULL_WIDTH_START = ("\uff1d", "\uff0b", "\uff0d", "\uff20")  # ＝ ＋ － ＠

Match = dict[str, Any]


def backup(
    matches: list[Match],
    aliases: dict[str, str],
    exported: str,
    amendments: dict[str, Any] | None = None,
) -> dict[str, Any]:
    doc = {
        "format": FORMAT,
        "version": VERSION,
        "exported": exported,
        "matches": matches,
        "players": dict(sorted(aliases.items())),
    }
    if amendments:
        doc["amendments"] = dict(sorted(amendments.items()))
    return doc


def backup_chunks(
    matches: Iterable[Match],
    aliases: dict[str, str],
    exported: str,
    amendments: dict[str, Any] | None = None,
) -> Iterator[str]:
    """`backup(...)` as JSON text, one match at a time, so a big archive is never one string."""
    head = json.dumps(backup([], aliases, exported, amendments), ensure_ascii=False)
    before, after = head.split('"matches": []', 1)
    yield before + '"matches": ['
    for n, match in enumerate(matches):
        yield ("," if n else "") + json.dumps(match, ensure_ascii=False)
    yield "]" + after


BIG_FILE = 1 << 20


def read_export(
    path: Path, bad: list[str] | None = None
) -> tuple[list[Match], dict[str, str], dict[str, Any]]:
    """Read and check an export file: (matches, aliases, amendments).

    NotAnExport (and nothing written) for anything wrong; with `bad`, a bad match is
    left out and what is wrong with it added there instead (`--skip-bad`).
    """
    from companion.engine.errors import BadInput
    from companion.store.regular import NotRegular, check, read

    try:
        if check(path).st_size > BIG_FILE:
            # Read a big file whole only if it can be an export (a JSON object).
            with path.open("rb") as handle:
                head = handle.read(4096).lstrip(b" \t\r\n\xef\xbb\xbf")
            if not head.startswith(b"{"):
                raise NotAnExport(f"{path} is not a companion history export (not a JSON object)")
        raw = read(path)
    except FileNotFoundError:
        raise BadInput(f"no file {path}") from None
    except IsADirectoryError:
        raise BadInput(f"cannot read {path}: it is a folder") from None
    except NotRegular as err:
        raise BadInput(f"cannot read {path}: {err}") from None
    except OSError as err:
        raise BadInput(f"cannot read {path}: {err.strerror or err}") from None
    return parse_export(raw, str(path), bad)


def parse_export(
    raw: bytes, source: str, bad: list[str] | None = None
) -> tuple[list[Match], dict[str, str], dict[str, Any]]:
    """`read_export` of a file's text already read (standard input: `source` is `-`)."""
    from companion.engine.bounds import parse_json_int
    from companion.history.book import paused_gc
    from companion.store.validate import RAW_CONTROL, text_problem

    try:
        with paused_gc():
            data = json.loads(raw, parse_int=parse_json_int)
    except (UnicodeDecodeError, ValueError):
        raise NotAnExport(f"{source} is not a companion history export (not JSON)") from None
    except RecursionError:
        raise NotAnExport(
            f"{source} is not a companion history export (nested too deeply)"
        ) from None
    # Maybe a control character somewhere: each match is then looked at exactly.
    controls = RAW_CONTROL.search(raw) is not None
    matches, aliases = read_backup(data, source, bad, controls=controls)
    amendments = read_amendments(data, source)
    if controls:
        where = text_problem(amendments, "amendments")
        if where is not None:
            raise NotAnExport(f"{source}: '{where}' contains a control character")
    return matches, aliases, amendments


def _named(match: Any) -> str:
    match_id = match.get("id") if isinstance(match, dict) else None
    return f" ({match_id[:40]})" if isinstance(match_id, str) and match_id.strip() else ""


def match_refusal(match: Any, n: int, controls: bool = True) -> str | None:
    """Why match #`n` of an export cannot be imported, if it cannot (`controls`: look
    for control characters in its text too)."""
    from companion.store.validate import match_problem, text_problem

    if isinstance(match, dict) and match.get("status") == "live":
        return f"match #{n}{_named(match)} is live, not archived"
    problem = match_problem(match, strict=True)
    if problem is not None:
        field, why = problem
        return f"match #{n}{_named(match)} is not a match document ('{field}' {why})"
    where = text_problem(match) if controls else None
    if where is not None:
        return f"match #{n}{_named(match)}: '{where}' contains a control character"
    return None


SHOWN_BAD = 3  # bad matches named in the one error line (then how many more)


def refuse_bad(source: str, bad: list[str], total: int) -> NotAnExport:
    """The one error line for an export with bad matches: which, and that none was
    imported (the rest can be, with `--skip-bad`)."""
    good = total - len(bad)
    hint = (
        f"fix them, or add --skip-bad to import the other {good} and leave them out"
        if good
        else None
    )
    if len(bad) == 1:
        return NotAnExport(f"{source}: {bad[0]}; nothing imported", hint=hint)
    named = "; ".join(bad[:SHOWN_BAD])
    more = f"; and {len(bad) - SHOWN_BAD} more" if len(bad) > SHOWN_BAD else ""
    return NotAnExport(
        f"{source}: {len(bad)} of {total} matches cannot be imported: {named}{more}; "
        "nothing imported",
        hint=hint,
    )


def read_backup(
    data: Any, source: str, bad: list[str] | None = None, *, controls: bool = False
) -> tuple[list[Match], dict[str, str]]:
    """Matches and aliases from a parsed export; refuses anything else.

    Every match is checked against the match schema (types, id, dates that
    parse, names as a typed name may be) before anything is written, and a file
    with bad matches is refused whole, naming each (its position and id) and the
    field; with `bad`, they are left out and listed there instead.
    """
    from companion.store.validate import name_problem

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
    found: list[str] = []
    kept = []
    for n, match in enumerate(matches, 1):
        why = match_refusal(match, n, controls)
        if why is None:
            kept.append(match)
        else:
            found.append(why)
    if found and bad is None:
        raise refuse_bad(source, found, len(matches))
    if bad is not None:
        bad.extend(found)
    matches = kept
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


def read_amendments(data: dict[str, Any], source: str) -> dict[str, Any]:
    """The amendments of a parsed export (none in older exports)."""
    held = data.get("amendments", {})
    if not isinstance(held, dict) or not all(
        isinstance(k, str)
        and isinstance(v, dict)
        and isinstance(v.get("finished"), str)
        and isinstance(v.get("entries"), list)
        for k, v in held.items()
    ):
        raise NotAnExport(f"{source}: 'amendments' is not a map of match amendments")
    from companion.store.validate import result_problem

    for match_id, amendment in held.items():
        for n, entry in enumerate(amendment["entries"], 1):
            problem = (
                result_problem(entry, strict=True, where="")
                if isinstance(entry, dict)
                else ("", "not an object")
            )
            if problem is not None or not isinstance(entry.get("scores"), dict):
                field, why = problem or ("scores", "is missing")
                raise NotAnExport(
                    f"{source}: amendment #{n} of match {match_id[:40]}: '{field}' {why}"
                )
    return held


def _is_finished(match: Match) -> bool:
    result = match.get("result")
    return (
        match.get("status") == "finished"
        and bool(result)
        and isinstance(result.get("scores"), dict)
    )


def _finished(matches: Iterable[Match]) -> Iterable[Match]:
    return (m for m in matches if _is_finished(m))


def iso_date(stamp: str) -> str:
    """ISO 8601 with its offset, to the second: `2026-11-30T14:20:00+00:00`."""
    from datetime import UTC, datetime

    try:
        parsed = datetime.fromisoformat(stamp)
    except ValueError:
        return stamp
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)  # the companion writes UTC
    return parsed.isoformat(timespec="seconds")


def spreadsheet_safe(value: Any) -> Any:
    """A text cell a spreadsheet would run as a formula gets a leading `'`; numbers stay.

    Spreadsheets skip leading spaces before a formula (` =1+1`) and some read the
    full-width signs (`＝`, `＋`, `－`, `＠`) as the ASCII ones, so those count too; so does
    a cell starting with a space at all (a name never does: names are stripped)."""
    if isinstance(value, str) and (
        value.startswith(FORMULA_START) or value.startswith(FULL_WIDTH_START)
    ):
        return "'" + value
    return value


def csv_rows(matches: Iterable[Match]) -> list[dict[str, Any]]:
    """One row per player per finished match, oldest match first.

    A Series appears through its games (each row names its series), not as
    rows of its own.
    """
    rows = []
    for match in sorted(_finished(matches), key=when):
        if is_aggregate(match["game"]):
            continue
        result = match["result"]
        ranks = ranks_of(result)
        for player in match["players"]:
            rows.append(
                {
                    "date": iso_date(when(match)),
                    "game": match["game"],
                    "match_id": match["id"],
                    "player": player,
                    "score": result["scores"].get(player, ""),
                    "rank": ranks.get(player, ""),
                    "winner": "yes" if won(result, player) else "no",
                    **{c.name: _cell(match, c, player) for c in _game_columns()},
                }
            )
    return rows


def _game_columns() -> list[Column]:
    """Every game's own CSV columns, each name once, in the registry's order."""
    from companion import registry

    return list({c.name: c for c in reversed(registry.fields().csv)}.values())[::-1]


def _cell(match: Match, column: Column, player: str) -> Any:
    result = match.get("result") or {}
    if column.per_player:
        held = result.get(column.key)
        return held.get(player, "") if isinstance(held, dict) else ""
    for holder in (match.get("options") or {}, result):
        if isinstance(holder.get(column.key), str):
            return holder[column.key]
    return ""


def csv_text(rows: list[dict[str, Any]]) -> str:
    buffer = io.StringIO()
    columns = [*CSV_COLUMNS, *(c.name for c in _game_columns())]
    writer = csv.DictWriter(buffer, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    writer.writerows({k: spreadsheet_safe(v) for k, v in row.items()} for row in rows)
    return buffer.getvalue()


def source_player_id(name: str) -> str:
    """A player's stable id for BG Stats: the same name (any case) gives the same id."""
    return "player:" + name.casefold()


def bgstats_play(
    match: Match,
    new: Mapping[str, frozenset[str]] | None = None,
    bgg: Mapping[str, int] | None = None,
) -> dict[str, Any]:
    """One finished match as the play object BG Stats imports (and its push link carries).

    `new`: each play's new players (`playrecord.new_players` over the history); `bgg`: each
    game's BoardGameGeek id the table has set (`playrecord.bgg_ids`).
    """
    from companion.engine.errors import RuleViolation
    from companion.history.playrecord import record_of, role_of

    if not is_play(match) or not _is_finished(match):
        what = "a Series" if is_aggregate(match["game"]) else None
        what = "a roll-off" if match["game"] == ROLL_OFF else what
        what = "its sides are no people: nobody was named" if not by_people(match) else what
        raise RuleViolation(
            f"{match['game']} match {match['id']} is not a finished play"
            + (f" ({what} is not a play of a game)" if what else "")
        )
    result = match["result"]
    ranks = ranks_of(result)
    options = match.get("options") or {}
    record = record_of(match, new)
    from companion import registry

    game = game_of(match)
    kind = registry.kind(game)
    family = registry.family(game)
    about: dict[str, Any] = {
        "name": kind.title if kind is not None else game,
        "sourceGameId": family,  # one per game, whatever mode it was played in
        "highestWins": True,
        "noPoints": False,
    }
    if (bgg or {}).get(family):
        about["bggId"] = bgg[family]  # type: ignore[index]
    players = []
    for player in match["players"]:
        seat = {
            "name": player,
            "sourcePlayerId": source_player_id(player),
            "score": result["scores"].get(player),
            "rank": ranks.get(player),
            "winner": won(result, player),
            "startPlayer": player == record["first"],
            "newPlayer": player in record["new"],
        }
        role = role_of(match, player)
        if role:
            seat["role"] = role
        players.append(seat)
    play: dict[str, Any] = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": match["id"],
        "playDate": play_date(when(match)),  # UTC, as BG Stats reads it
        "game": about,
        "players": players,
    }
    if record["minutes"]:  # 0 is "not known": BG Stats would show a 0-minute play
        play["durationMin"] = record["minutes"]
    if record["board"]:
        play["board"] = record["board"]
    if record["location"]:
        play["location"] = record["location"]
    if isinstance(options.get("note"), str):
        play["comments"] = options["note"]
    return play


def bgstats_plays(
    matches: Iterable[Match], bgg: Mapping[str, int] | None = None
) -> list[dict[str, Any]]:
    """Plays in the shape BG Stats imports; a series is not a play, its games are."""
    from companion.history.playrecord import new_players

    plays = [m for m in sorted(_finished(matches), key=when) if is_play(m)]
    new = new_players(plays)
    return [bgstats_play(match, new, bgg) for match in plays]


def is_play(match: Match) -> bool:
    """A play of a game for other tools: not a Series (its games are) nor a roll-off, and
    played by people (BG Stats would add a side named after a faction to its players)."""
    return match["game"] != ROLL_OFF and not is_aggregate(match["game"]) and by_people(match)
