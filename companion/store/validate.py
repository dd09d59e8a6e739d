"""The shape of a match document, checked wherever one comes in from a file.

Every reader of history assumes these types (a player is a string, a score a
number, a date a date), so a document that breaks one is refused at the door
(`history import`) and skipped, with a warning naming it, when it is found in
an archive file (one bad match must never make the whole history unreadable).
Checks stop at the first problem and say which field it is in.
"""

from __future__ import annotations

import math
import re
from datetime import datetime
from typing import TYPE_CHECKING, Any

from companion.engine import names
from companion.engine.bounds import number_problem, when_problem
from companion.engine.names import MAX_NAME as NAME_LIMIT

if TYPE_CHECKING:
    from companion.engine.spec import Fields

ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")
GAME = re.compile(r"[a-z][a-z0-9-]{0,39}")

ARCHIVED = ("finished", "abandoned")
DATES = ("created", "updated", "finished")
# The options every match may hold as text; each game names its own (`GameSpec.fields`).
OPTION_NAMES = ("first", "mode", "name", "location")
MAX_NAME = NAME_LIMIT
MAX_MINUTES = 7 * 24 * 60  # a play of a week is a typo

Problem = tuple[str, str]  # (field, what is wrong with it)


def parse_when(text: Any) -> datetime | None:
    """An ISO date or date-time string as a datetime; None if it is anything else."""
    if not isinstance(text, str) or not 10 <= len(text) <= 40:
        return None
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        return None


def shard_name(when: Any) -> str:
    """The monthly archive file ("YYYY-MM") of a match finished `when`; ValueError if no date."""
    parsed = parse_when(when)
    if parsed is None:
        raise ValueError(f"not a date: {when!r}")
    return f"{parsed.year:04d}-{parsed.month:02d}"


def is_number(value: Any) -> bool:
    # `type`, not isinstance: True is not a score.
    return type(value) is int or (type(value) is float and math.isfinite(value))


def name_problem(name: Any) -> str | None:
    """What is wrong with a player's name, if anything (control characters included)."""
    from companion.engine.names import name_problem as problem

    return problem(name, MAX_NAME)  # the same rule as a name typed in


def is_text(value: Any) -> bool:
    return isinstance(value, str)


def _number_map(value: Any, none_ok: bool, strict: bool = False) -> str | None:
    if not isinstance(value, dict):
        return "is not a map of players to numbers"
    for key, number in value.items():
        if not (is_number(number) or (none_ok and number is None)):
            return f"has a value for {key!r} that is not a number"
        if strict and (why := number_problem(number)):
            return f"has a value for {key!r} that {why}"
    return None


def result_problem(result: Any, *, strict: bool = False, where: str = "result.") -> Problem | None:
    """What is wrong with a result (or an amendment's scores, ranks and winner), if anything.

    `strict`: for new data coming in: scores and ranks within MAX_NUMBER.
    """
    return _result_problem(result, strict, where)


def _result_problem(
    result: Any, strict: bool = False, where: str = "result.", game: str | None = None
) -> Problem | None:
    if result is None:
        return None
    if not isinstance(result, dict):
        return "result", "is not an object"
    if "scores" in result and (why := _number_map(result["scores"], True, strict)):
        return f"{where}scores", why
    ranks = result.get("ranks")
    if ranks is not None and (why := _number_map(ranks, False, strict)):
        return f"{where}ranks", why
    winner = result.get("winner")
    if winner is not None and not isinstance(winner, str):
        return "result.winner", "is not a player's name"
    own = _games_fields(game)
    for key in own.player_result_maps:
        if result.get(key) is not None and not isinstance(result[key], dict):
            return f"result.{key}", "is not an object"
    for key in own.player_result_lists:
        held = result.get(key)
        if held is not None and not (isinstance(held, list) and all(map(is_text, held))):
            return f"result.{key}", "is not a list of names"
    games = result.get("games")
    if games is not None and not (
        isinstance(games, list) and all(isinstance(g, dict) for g in games)
    ):
        return "result.games", "is not a list of games"
    for key in own.text_result:
        if result.get(key) is not None and not isinstance(result[key], str):
            return f"result.{key}", "is not a string"
    return None


def _games_fields(game: str | None = None) -> Fields:
    """The own fields of `game`'s matches (companion.registry.fields_of)."""
    from companion import registry

    return registry.fields_of(game)


def _options_problem(options: Any, game: str | None = None) -> Problem | None:
    if options is None:
        return None
    if not isinstance(options, dict):
        return "options", "is not an object"
    minutes = options.get("minutes")
    if minutes is not None and (type(minutes) is not int or not 0 <= minutes <= MAX_MINUTES):
        return "options.minutes", f"is not a whole number of minutes (0 to {MAX_MINUTES})"
    own = _games_fields(game)
    for key in own.player_option_maps:
        held = options.get(key)
        if held is not None and not (isinstance(held, dict) and all(map(is_text, held))):
            return f"options.{key}", "is not a map keyed by player"
    for key in (*OPTION_NAMES, *own.text_options, *own.player_options):
        value = options.get(key)
        if value is not None and not isinstance(value, str):
            return f"options.{key}", "is not a string"
    return None


def _events_problem(events: Any, summary: bool, shallow: bool) -> Problem | None:
    if summary and type(events) is int and events >= 0:
        return None
    if not isinstance(events, list):
        return "events", "is not a list"
    if shallow:
        return None
    for n, event in enumerate(events, 1):
        if (
            type(event) is not dict
            or type(event.get("type")) is not str
            or type(event.get("data", {})) is not dict
        ):
            return f"events[{n}]", "is not an event (an object with a type and data)"
        at = event.get("at")
        if at is not None and not isinstance(at, str):
            return f"events[{n}].at", "is not a date"
    return None


def match_problem(
    match: Any,
    *,
    live: bool = False,
    summary: bool = False,
    shallow: bool = False,
    strict: bool = False,
) -> Problem | None:
    """The first thing wrong with a match document, as (field, reason), or None.

    `live`: a match of the main file (status "live"); otherwise an archived one.
    `summary`: an archive summary (its `events` is their number).
    `shallow`: check that `events` is a list, not each event (for bulk reads).
    `strict`: for new data coming in (imports): names must not hold control characters,
    numbers and dates must be within the bounds typed ones are held to.
    """
    if not isinstance(match, dict):
        return "match", "is not an object"
    match_id = match.get("id")
    if not isinstance(match_id, str) or not ID.fullmatch(match_id):
        return "id", "is not a match id (lowercase letters and digits)"
    game = match.get("game")
    if not isinstance(game, str) or not GAME.fullmatch(game):
        return "game", "is not a game name"
    players = match.get("players")
    if not isinstance(players, list):
        return "players", "is not a list of names"
    for n, player in enumerate(players, 1):
        if not isinstance(player, str) or not player.strip():
            return f"players[{n}]", "is not a name"
        if strict and (why := name_problem(player)):
            return f"players[{n}]", why
    status = match.get("status")
    if live:
        if not isinstance(match.get("options"), dict):
            return "options", "is missing or not an object"
        if not isinstance(match.get("events"), list):
            return "events", "is missing or not a list"
    if live and status != "live":
        return "status", "is not 'live'"
    if not live and status not in ARCHIVED:
        return "status", "is not 'finished' or 'abandoned'"
    for key in DATES:
        value = match.get(key)
        if value is None:
            continue
        parsed = parse_when(value)
        if parsed is None:
            return key, "is not a date"
        if strict and (why := when_problem(parsed)):
            return key, why
    if "seed" in match and match["seed"] is not None and type(match["seed"]) is not int:
        return "seed", "is not a whole number"
    return (
        _options_problem(match.get("options"), game)
        or _events_problem(match.get("events", []), summary, shallow)
        or _result_problem(match.get("result"), strict, game=game)
    )


# A control character as JSON text can carry it: escaped, raw DEL, or UTF-8 encoded
# C1, line separators and bidi overrides; and the escape of a lone surrogate. Compiled when
# first imported (`RAW_CONTROL`): 1.6 M instructions, which only an import reading a file
# needs, not every write that checks its file's shape.
_RAW_CONTROL = (
    rb"\\u00[01][0-9a-fA-F]|\\u007[fF]|\\u00[89][0-9a-fA-F]|\\u202[89a-eA-E]|\\u206[6-9]"
    rb"|\\u[dD][89a-fA-F]|\x7f|\xc2[\x80-\x9f]|\xe2\x80[\xa8-\xae]|\xe2\x81[\xa6-\xa9]"
)


def __getattr__(name: str) -> Any:
    """`RAW_CONTROL`, the compiled pattern, made when first imported."""
    if name != "RAW_CONTROL":
        raise AttributeError(name)
    compiled = globals()["RAW_CONTROL"] = re.compile(_RAW_CONTROL)
    return compiled


def text_problem(value: Any, where: str = "") -> str | None:
    """The path of the first string (key or value) in `value` holding a control character."""
    stack: list[tuple[str, Any]] = [(where, value)]
    while stack:
        path, item = stack.pop()
        if isinstance(item, str):
            if names.CONTROL.search(item):
                return path or "text"
        elif isinstance(item, dict):
            for key, inner in item.items():
                if isinstance(key, str) and names.CONTROL.search(key):
                    return f"{path}.{key!r}" if path else repr(key)
                stack.append((f"{path}.{key}" if path else str(key), inner))
        elif isinstance(item, list):
            stack.extend((f"{path}[{n}]", inner) for n, inner in enumerate(item, 1))
    return None


def describe(match: Any, where: str) -> str:
    """How to name a match in a message: its id if it has a usable one, else where it is."""
    if isinstance(match, dict):
        match_id = match.get("id")
        if isinstance(match_id, str) and match_id and not names.CONTROL.search(match_id):
            return f"match {match_id[:64]!r}" if not ID.fullmatch(match_id) else f"match {match_id}"
    return f"a match in {where}"
