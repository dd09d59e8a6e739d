"""Logging a game played without the companion: one finished match from its final scores.

`build_match(request)` checks everything (the game, every `NAME=SCORE`, the
game's own ranking rules, the date) and builds the match to file; the game's
table files it (`Table.log`, reached by `companion.tables.log_game`), checking
it again inside its transaction against the table's settings, so a refused
entry writes nothing. A logged match
is a match like any other: status `finished`, a result with scores, ranks and
the winner, `options.logged` true, no events, and `finished` the date given.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from companion.engine.bounds import AHEAD, EARLIEST
from companion.engine.days import SAID, relative_day, split_time
from companion.engine.entries import (  # noqa: F401 - where the log's parsers are found
    check_name,
    parse_number,
    parse_pair,
    parse_per_player,
    parse_scores,
)
from companion.engine.errors import BadInput
from companion.engine.names import match_prefix

if TYPE_CHECKING:
    from companion.engine.spec import Kind, Logged, LogOption

Match = dict[str, Any]

SOLO_PLAYER = "solo"  # as a solo run nobody named is named
FUTURE = AHEAD  # the bounds imports are held to as well


@dataclass(frozen=True)
class LogRequest:
    """What `companion log` was given, as typed.

    `own`: the values of the game options (each game's `Logged.options`), by their key;
    `player`: who played a solo round.
    """

    game: str
    entries: Sequence[str] = ()
    when: str | None = None
    note: str | None = None
    player: str | None = None
    own: Mapping[str, Any] = field(default_factory=dict)
    extra: Mapping[str, Any] = field(default_factory=dict)
    minutes: int | str | None = None  # how long it took (a number, or as typed)
    location: str | None = None  # where it was played
    new: Sequence[str] = ()  # names confirmed as new players (`--new`), not typos
    won: Sequence[str] | None = None  # by rank alone (`Logged.by_rank`): who won, of `entries`


# --- parsing -------------------------------------------------------------------


def log_options() -> list[LogOption]:
    """Every game option `companion log` takes, each once (by its flag), in the registry's
    order: a plug-in's options are the command's as much as a built-in game's."""
    found: dict[str, LogOption] = {}
    for kind in loggable().values():
        for option in kind.log.options if kind.log else ():
            found.setdefault(option.flag, option)
    return list(found.values())


def loggable() -> dict[str, Kind]:
    """Every kind of game `companion log` takes, by its name, in the registry's order."""
    from companion import registry

    return {k.key: k for k in registry.kinds() if k.log is not None}


def logging_of(game: str) -> Logged:
    """How `game` (a name `companion log` takes) is logged."""
    found = loggable()[game].log
    assert found is not None
    return found


def resolve_loggable(typed: str) -> str:
    """A game to log, by name or unique prefix (an exact name wins over a longer one)."""
    return match_prefix(typed, list(loggable()), what="game to log")


def parse_when(text: str | None, now: datetime | None = None) -> str:
    """`YYYY-MM-DD[ HH:MM]` in local time (a date alone is taken at noon), or a day said as a
    table says it (`yesterday`, `friday 20:15`, `3 days ago`: companion.engine.days) ->
    ISO 8601 UTC. `now` defaults to the store's clock (companion.store.clock, which tests stop).

    A date more than a day ahead is refused: a game is logged after it is played.
    """
    from companion.store.clock import wall

    current = now or datetime.fromisoformat(wall())
    if text is None or not text.strip():
        return current.astimezone(UTC).isoformat(timespec="seconds")
    typed = text.strip()
    parsed = _relative(typed, current)
    if parsed is None:
        try:
            parsed = datetime.fromisoformat(typed)
        except ValueError:
            raise BadInput(
                f"--when '{typed}' is not a date like 2026-11-30 or 2026-11-30 20:15, nor {SAID}"
            ) from None
        if len(typed) <= len("2026-11-30"):
            parsed = parsed.replace(hour=12)
    if parsed.year < EARLIEST.year:  # before converting: year 1 has no time zone to shift into
        raise BadInput(f"--when {typed} is before 1900")
    if parsed.tzinfo is None:
        parsed = parsed.astimezone()  # the local time zone
    if parsed - current > FUTURE:
        raise BadInput(f"--when {typed} is in the future", hint="a game is logged once played")
    return parsed.astimezone(UTC).isoformat(timespec="seconds")


def _relative(typed: str, current: datetime) -> datetime | None:
    """The local time a said day names (at noon, as a date alone is, or at its HH:MM);
    `today` without a time before noon is now (a game is logged once played)."""
    said, clock = split_time(typed)
    local = current.astimezone()
    day = relative_day(said, local.date())
    if day is None:
        return None
    hour, minute = clock or (12, 0)
    if not 0 <= hour <= 23 or not 0 <= minute <= 59:
        raise BadInput(f"--when '{typed}': {hour}:{minute:02d} is not a time of day")
    at = local.replace(year=day.year, month=day.month, day=day.day, hour=hour, minute=minute,
                       second=0, microsecond=0)  # fmt: skip
    return local.replace(microsecond=0) if clock is None and at > local else at


def _not_for(game: str, request: LogRequest) -> None:
    """Refuse an option the game does not take, naming the games that do."""
    logging = logging_of(game)
    if request.player is not None and not logging.solo:
        solos = [k for k, kind in loggable().items() if kind.log and kind.log.solo]
        raise BadInput(f"--player is for {' and '.join(solos)}, not {game}")
    own = {option.key for option in logging.options}
    for key, value in request.own.items():
        if value in (None, ()) or key in own:
            continue
        flag = next((o.flag for o in log_options() if o.key == key), f"--{key}")
        games = [k for k, kind in loggable().items() if kind.log and key in _keys(kind.log.options)]
        raise BadInput(f"{flag} is for {' and '.join(games)}, not {game}")


def _keys(options: Sequence[LogOption]) -> set[str]:
    return {option.key for option in options}


# --- the game's own ranking ------------------------------------------------------


def ranked(
    game: str, scores: Mapping[str, int], context: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The result core (scores, ranks, winner and the game's extras) by `game`'s rules.

    `context`: what the game's ranking takes besides the scores (its `prepare` and
    `context` give it: a tie-break, the playlists' lengths, a solo goal).
    """
    from companion.engine.spec import load

    kind = loggable().get(game)
    if kind is None or kind.log is None:
        raise BadInput(f"cannot rank a {game} result")
    return load(kind.log.rank)(scores, dict(context or {}))


def winners(result: Mapping[str, Any]) -> list[str]:
    """Everyone ranked first (a shared first place has more than one)."""
    ranks = result.get("ranks") or {}
    return [p for p, r in ranks.items() if r == 1]


# --- the logged match ---------------------------------------------------------------


def solo_scores(request: LogRequest) -> dict[str, int]:
    """A solo round: `log G 12 [--player Ana]`, or `log G Ana=12`."""
    entries = list(request.entries)
    if len(entries) != 1:
        raise BadInput(
            f"a solo round has one score (got {len(entries)})",
            hint=f"e.g. companion log {request.game} 12 --player Ana",
        )
    text = entries[0]
    if "=" in text:
        if request.player is not None:
            raise BadInput("give the player once: NAME=POINTS or --player NAME")
        return parse_scores([text])
    player = check_name(request.player or SOLO_PLAYER, "player's name")
    return {player: parse_number(text, "the solo score")}


def players_named(request: LogRequest) -> list[str]:
    """The players `request` names, as typed (its scores'; a solo round's one player)."""
    if logging_of(resolve_loggable(request.game)).solo:
        return list(solo_scores(request))
    return list(parse_scores(request.entries))


def with_players(request: LogRequest, settled: Sequence[str]) -> LogRequest:
    """`request` with its players (in `players_named`'s order) named as `settled` says;
    the options naming them (a game's own log options) match either spelling."""
    from dataclasses import replace

    if request.player is not None and "=" not in "".join(request.entries):
        return replace(request, player=settled[0])
    named = iter(settled)
    entries = tuple(
        f"{next(named)}={text.rpartition('=')[2]}" if "=" in text else text
        for text in request.entries
    )
    return replace(request, entries=entries)


def build_match(
    request: LogRequest, now: datetime | None = None, setup: Mapping[str, Any] | None = None
) -> Match:
    """The finished match to archive (without its id); raises on any bad input.

    `setup`: what the game's table says a log needs (its `Logged.setup`: a solo goal).
    """
    from companion.engine.spec import load

    game = resolve_loggable(request.game)
    logging = logging_of(game)
    _not_for(game, request)
    if request.won is not None:
        return _by_rank(request, game, logging, now)
    scores = solo_scores(request) if logging.solo else parse_scores(request.entries)
    players = list(scores)
    options: dict[str, Any] = {"logged": True}
    context: dict[str, Any] = {}
    if logging.prepare is not None:
        own, context = load(logging.prepare)(request, players)
        options.update(own)
    context.update(setup or {})
    result = ranked(game, scores, context)
    when = parse_when(request.when, now)
    if request.note is not None and request.note.strip():
        options["note"] = check_name(request.note, "note", limit=None)
    options.update(request.extra)
    options.update(play_record(request))
    return filed(game, players, options, when, result)


def filed(
    game: str, players: list[str], options: dict[str, Any], when: str, result: dict[str, Any]
) -> Match:
    """A logged game as it is filed: finished at `when`, without events or a seed."""
    return {
        "game": game,
        "players": players,
        "options": options,
        "seed": None,
        "status": "finished",
        "created": when,
        "finished": when,
        "events": [],
        "result": result,
    }


def _by_rank(request: LogRequest, game: str, logging: Logged, now: datetime | None) -> Match:
    """A play known only by who won (`entries` are the names): the winners ranked 1, the
    others 2, no scores; refused for a game whose log does not take it."""
    if not logging.by_rank:
        raise BadInput(f"{logging.title} is ranked by its scores: who won alone is not enough")
    players = [check_name(name, "player's name") for name in request.entries]
    if len({p.casefold() for p in players}) != len(players) or not request.won:
        raise BadInput("a ranking names each player once, and at least one winner")
    won = {w.casefold() for w in request.won}
    ranks = {p: 1 if p.casefold() in won else 2 for p in players}
    winners = [p for p in players if ranks[p] == 1]
    when = parse_when(request.when, now)
    options: dict[str, Any] = {"logged": True, **request.extra, **play_record(request)}
    if request.note is not None and request.note.strip():
        options["note"] = check_name(request.note, "note", limit=None)
    result = {
        "scores": dict.fromkeys(players),
        "ranks": ranks,
        "winner": winners[0] if len(winners) == 1 else None,
    }
    return filed(game, players, options, when, result)


def play_record(request: LogRequest) -> dict[str, Any]:
    """The options `--minutes` and `--location` give a logged game (checked)."""
    from companion.store.validate import MAX_MINUTES

    found: dict[str, Any] = {}
    if request.minutes is not None and str(request.minutes).strip() not in ("", "none"):
        minutes = parse_number(str(request.minutes), "--minutes")
        if not 0 <= minutes <= MAX_MINUTES:
            raise BadInput(f"--minutes {minutes} is not from 0 to {MAX_MINUTES}")
        found["minutes"] = minutes
    if request.location is not None:
        found["location"] = check_name(request.location, "location")
    return found


def payload(match: Match) -> dict[str, Any]:
    """The JSON answer of `companion log`."""
    result = match["result"]
    options = match.get("options") or {}
    return {
        **{k: options[k] for k in ("minutes", "location") if k in options},
        "id": match["id"],
        "game": match["game"],
        "scores": result["scores"],
        "ranks": result["ranks"],
        "winner": result.get("winner"),
        "winners": winners(result),
        "logged": True,
        "when": match["finished"],
        **({"goal": result["goal"]} if _solo(match["game"]) and "goal" in result else {}),
    }


def _solo(game: str) -> bool:
    kind = loggable().get(game)
    return bool(kind and kind.log and kind.log.solo)


def is_logged(match: Mapping[str, Any]) -> bool:
    return bool((match.get("options") or {}).get("logged"))
