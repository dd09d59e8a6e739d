"""Logging a game played without the companion: one finished match from its final scores.

`log_game(store, request)` checks everything first (the game, every
`NAME=SCORE`, the game's own ranking rules, the date) and then archives one
match through the store, so a refused entry writes nothing. A logged match
is a match like any other: status `finished`, a result with scores, ranks and
the winner, `options.logged` true, no events, and `finished` the date given.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from companion.engine.errors import BadInput
from companion.engine.names import match_prefix

if TYPE_CHECKING:
    from companion.store import Store

Match = dict[str, Any]

SOLO = "playlist-solo"
LOGGABLE = ("hoopers", "allstar", "playlist", SOLO, "otdraft")
SOLO_PLAYER = "solo"  # as `playlist solo deal` names a run nobody named
FUTURE = timedelta(days=1)

# Each per-game option: (the games that take it, how it is spelled).
OPTIONS = {
    "tribes": (("hoopers",), "--tribe"),
    "home": (("hoopers",), "--home"),
    "playoff": (("allstar",), "--playoff"),
    "songs": (("playlist", SOLO), "--songs"),
    "order": (("otdraft",), "--order"),
    "player": ((SOLO,), "--player"),
}


@dataclass(frozen=True)
class LogRequest:
    """What `companion log` was given, as typed."""

    game: str
    entries: Sequence[str] = ()
    when: str | None = None
    note: str | None = None
    tribes: Sequence[str] = ()
    home: str | None = None
    playoff: Sequence[str] = ()
    songs: Sequence[str] = ()
    order: str | None = None
    player: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)


# --- parsing -------------------------------------------------------------------


def resolve_loggable(typed: str) -> str:
    """A game to log, by name or unique prefix (`playlist` itself is the multiplayer game)."""
    return match_prefix(typed, LOGGABLE, what="game to log")


def check_name(name: str, what: str = "name") -> str:
    cleaned = name.strip()
    if not cleaned:
        raise BadInput(f"a {what} is empty")
    if not all(c.isprintable() for c in cleaned):
        raise BadInput(f"the {what} {cleaned!r} holds control characters")
    return cleaned


def parse_number(text: str, what: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise BadInput(f"{what} '{text.strip()}' is not a whole number") from None


def parse_pair(text: str, what: str = "NAME=SCORE") -> tuple[str, int]:
    """`Ana=29` -> ("Ana", 29)."""
    name, sep, value = text.rpartition("=")
    if not sep or not name.strip() or not value.strip():
        raise BadInput(f"'{text}' is not {what} (e.g. Ana=29)")
    score = parse_number(value, f"the score of {name.strip()}" if what == "NAME=SCORE" else what)
    return check_name(name, "player's name"), score


def parse_scores(entries: Iterable[str]) -> dict[str, int]:
    """Every `NAME=SCORE`, in the order given; a name given twice (any case) is refused."""
    scores: dict[str, int] = {}
    seen: dict[str, str] = {}
    for text in entries:
        name, score = parse_pair(text)
        if name.casefold() in seen:
            raise BadInput(f"player '{name}' is named twice")
        seen[name.casefold()] = name
        scores[name] = score
    if not scores:
        raise BadInput("no scores given", hint="e.g. companion log otdraft Ana=98 Ben=80")
    return scores


def parse_per_player(
    entries: Iterable[str], players: Sequence[str], option: str, what: str
) -> dict[str, int]:
    """`--playoff Ana=6`: each NAME a player of this game (or a unique prefix)."""
    found: dict[str, int] = {}
    for text in entries:
        name, value = parse_pair(text, f"{option} NAME={what}")
        player = match_prefix(name, players, what="player")
        if player in found:
            raise BadInput(f"{option} names {player} twice")
        found[player] = value
    return found


def parse_when(text: str | None, now: datetime | None = None) -> str:
    """`YYYY-MM-DD[ HH:MM]` in local time (a date alone is taken at noon) -> ISO 8601 UTC.

    A date more than a day ahead is refused: a game is logged after it is played.
    """
    current = now or datetime.now(UTC)
    if text is None or not text.strip():
        return current.astimezone(UTC).isoformat(timespec="seconds")
    typed = text.strip()
    try:
        parsed = datetime.fromisoformat(typed)
    except ValueError:
        raise BadInput(
            f"--when '{typed}' is not a date like 2026-11-30 or 2026-11-30 20:15"
        ) from None
    if len(typed) <= len("2026-11-30"):
        parsed = parsed.replace(hour=12)
    if parsed.tzinfo is None:
        parsed = parsed.astimezone()  # the local time zone
    if parsed - current > FUTURE:
        raise BadInput(f"--when {typed} is in the future", hint="a game is logged once played")
    return parsed.astimezone(UTC).isoformat(timespec="seconds")


def _not_for(game: str, request: LogRequest) -> None:
    given = {
        "tribes": bool(request.tribes),
        "home": request.home is not None,
        "playoff": bool(request.playoff),
        "songs": bool(request.songs),
        "order": request.order is not None,
        "player": request.player is not None,
    }
    for key, used in given.items():
        games, option = OPTIONS[key]
        if used and game not in games:
            raise BadInput(f"{option} is for {' and '.join(games)}, not {game}")


# --- the game's own ranking ------------------------------------------------------


def ranked(
    game: str, scores: Mapping[str, int], context: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The result core (scores, ranks, winner and the game's extras) by `game`'s rules.

    `context`: `playoff` (allstar), `order` (otdraft), `songs` (playlist).
    """
    given = dict(context or {})
    if game == "hoopers":
        from companion.games.hoopers.logged import logged_result

        return logged_result(scores)
    if game == "allstar":
        from companion.games.allstar.logged import logged_result as allstar

        return allstar(scores, given.get("playoff"))
    if game == "playlist":
        from companion.games.playlist.logged import logged_result as playlist

        return playlist(scores, given.get("songs"), given.get("negatives"))
    if game == SOLO:
        from companion.games.playlist.logged import logged_solo

        if len(scores) != 1:
            raise BadInput(f"a solo round has one player (got {len(scores)})")
        ((player, points),) = scores.items()
        songs = given.get("songs") or {}
        return logged_solo(player, points, songs.get(player), given.get("goal"))
    if game == "otdraft":
        from companion.games.otdraft.logged import logged_result as otdraft

        return otdraft(scores, given.get("order"))
    raise BadInput(f"cannot rank a {game} result")


def winners(result: Mapping[str, Any]) -> list[str]:
    """Everyone ranked first (a shared first place has more than one)."""
    ranks = result.get("ranks") or {}
    return [p for p, r in ranks.items() if r == 1]


# --- the logged match ---------------------------------------------------------------


def solo_scores(request: LogRequest) -> dict[str, int]:
    """`log playlist-solo 12 [--player Ana]`, or `log playlist-solo Ana=12`."""
    entries = list(request.entries)
    if len(entries) != 1:
        raise BadInput(
            f"a solo round has one score (got {len(entries)})",
            hint="e.g. companion log playlist-solo 12 --player Ana",
        )
    text = entries[0]
    if "=" in text:
        if request.player is not None:
            raise BadInput("give the player once: NAME=POINTS or --player NAME")
        return parse_scores([text])
    player = check_name(request.player or SOLO_PLAYER, "player's name")
    return {player: parse_number(text, "the solo score")}


def build_match(
    request: LogRequest,
    now: datetime | None = None,
    solo_goal: Any = None,
    negatives: list[int] | None = None,
) -> Match:
    """The finished match to archive (without its id); raises on any bad input.

    `solo_goal`: the table's solo goal (a playlist `Goal`), for a solo round; `negatives`:
    the points of the catalogue's negative cards, for a playlist (None: not checked).
    """
    game = resolve_loggable(request.game)
    _not_for(game, request)
    scores = solo_scores(request) if game == SOLO else parse_scores(request.entries)
    players = list(scores)
    options: dict[str, Any] = {"logged": True}
    context: dict[str, Any] = {}
    if game == "hoopers":
        from companion.games.hoopers.logged import TEAMS
        from companion.games.hoopers.tribes_of import tribe_key

        if len(players) == TEAMS:
            tribes: dict[str, str] = {}
            for text in request.tribes:
                name, sep, tribe = text.rpartition("=")
                if not sep or not name.strip() or not tribe.strip():
                    raise BadInput(f"--tribe '{text}' is not NAME=TRIBE (e.g. Ann=keepers)")
                team = match_prefix(name, players, what="team")
                if team in tribes:
                    raise BadInput(f"--tribe names {team} twice")
                tribes[team] = tribe_key(tribe)
            if tribes:
                options["tribes"] = tribes
            if request.home is not None:
                home = match_prefix(request.home, players, what="team")
                options["home"] = home
                options["away"] = next(p for p in players if p != home)
    elif game == "allstar" and request.playoff:
        context["playoff"] = parse_per_player(request.playoff, players, "--playoff", "POINTS")
    elif game in ("playlist", SOLO) and request.songs:
        context["songs"] = parse_per_player(request.songs, players, "--songs", "N")
    elif game == "otdraft" and request.order is not None:
        typed = [t for t in (p.strip() for p in request.order.split(",")) if t]
        context["order"] = [match_prefix(t, players, what="player") for t in typed]
        options["order"] = context["order"]
    if game == "playlist" and negatives is not None:
        context["negatives"] = negatives
    if game == SOLO:
        options["mode"] = "solo"
        if solo_goal is not None:
            context["goal"] = solo_goal
    result = ranked(game, scores, context)
    when = parse_when(request.when, now)
    if request.note is not None and request.note.strip():
        options["note"] = check_name(request.note, "note")
    options.update(request.extra)
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


def payload(match: Match) -> dict[str, Any]:
    """The JSON answer of `companion log`."""
    result = match["result"]
    return {
        "id": match["id"],
        "game": match["game"],
        "scores": result["scores"],
        "ranks": result["ranks"],
        "winner": result.get("winner"),
        "winners": winners(result),
        "logged": True,
        "when": match["finished"],
        **({"goal": result["goal"]} if match["game"] == SOLO and "goal" in result else {}),
    }


def is_logged(match: Mapping[str, Any]) -> bool:
    return bool((match.get("options") or {}).get("logged"))


def log_game(store: Store, request: LogRequest, now: datetime | None = None) -> dict[str, Any]:
    """Check `request`, archive the match, and return the `companion log` answer."""
    from companion.history.book import archive_new

    solo_goal, negatives = None, None
    if resolve_loggable(request.game) in (SOLO, "playlist"):
        from companion.tables.playlist_box import PlaylistBox

        box = PlaylistBox(store)
        solo_goal = box.solo_goal()
        negatives = [c.points for c in box.cards() if c.kind == "negative"]
    match = archive_new(store, build_match(request, now, solo_goal, negatives))
    return payload(match)
