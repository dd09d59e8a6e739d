"""Pure queries over match documents: which matches, and in what order."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date
from functools import cache

from companion.engine.errors import BadInput, UnknownName
from companion.engine.names import match_prefix
from companion.history.errors import BadDate
from companion.store.matches import find_id  # noqa: F401  (history readers ask it here)


def games() -> list[str]:
    """Every game by its name (`history list --game`), as the registry lists them."""
    from companion import registry

    return registry.names()


def history_games() -> list[str]:
    """The games, then the names of their records made of other matches (a Series)."""
    from companion import registry

    return [*games(), *(k.history_key for k in registry.kinds() if k.aggregate)]


def resolve_game(typed: str | None) -> str | None:
    """A game name or prefix; a game's name covers its own kinds (a series included)."""
    if typed is None:
        return None
    try:
        return match_prefix(typed, games(), what="game")
    except UnknownName:
        return match_prefix(typed, history_games(), what="game")


def game_of(match: dict) -> str:
    """The game a match counts for in stats and charts (a game typed in by hand: its game)."""
    from companion import registry

    return registry.counted(match["game"])


def is_aggregate(game: str) -> bool:
    """A record whose result is made of other matches' (a Series: its games count, not it)."""
    from companion import registry

    kind = registry.kind(game)
    return kind is not None and kind.aggregate


def by_people(match: dict) -> bool:
    """Whether `match`'s players are people, as its game's spec says (`Kind.people`).

    A match that was not (its sides are named after what they played, and nobody said
    who played them) is listed and exported as it is, but counts for no player.
    """
    test = people_test(match.get("game"))
    return test is None or bool(test(match))


def people_test(game: object) -> Callable[[dict], bool] | None:
    """What `by_people` asks of a match of `game`: None when it asks nothing (every match
    of the game is played by people). Summing 100,000 matches asks it once per game name."""
    return _people_test(game) if isinstance(game, str) else None


@cache  # per game name: stats asks it for every match, and matches name a handful of games
def _people_test(game: str) -> Callable[[dict], bool] | None:
    from companion import registry

    return registry.hook(registry.kind(game), "people")


def is_game(match: dict, game: str) -> bool:
    """A game's name covers its own kinds too (`G-series` and the like)."""
    return match["game"] == game or match["game"].startswith(game + "-")


def summary(match: dict) -> dict:
    """The `history list` row of a match (full document or archive summary).

    `logged: true` marks a match logged with `companion log`; `amended: N` one
    whose result was amended N times.
    """
    events = match.get("events", [])
    row = {
        "id": match["id"],
        "game": match["game"],
        "players": match["players"],
        "status": match["status"],
        "created": match.get("created"),
        "finished": match.get("finished"),
        "result": match.get("result"),
        "events": events if isinstance(events, int) else len(events),
    }
    # Only where they apply, so every other row keeps the shape it always had.
    if (match.get("options") or {}).get("logged"):
        row["logged"] = True
    if match.get("amendments"):
        row["amended"] = len(match["amendments"])
    return row


def when(match: dict) -> str:
    """When a match was played, for ordering and date filters."""
    return match.get("finished") or match.get("created") or ""


def parse_date(text: str | None, option: str) -> str | None:
    """A YYYY-MM-DD date, kept as text because match times are ISO strings."""
    if text is None:
        return None
    try:
        return date.fromisoformat(text.strip()).isoformat()
    except ValueError:
        raise BadDate(f"{option} '{text}' is not a date like 2026-03-31") from None


def series_of(match: dict) -> str | None:
    """The series a match belongs to (its own id for a series document)."""
    if is_aggregate(match.get("game") or ""):
        return match["id"]
    for holder in (match.get("options") or {}, match.get("result") or {}):
        if isinstance(holder.get("series"), str):
            return holder["series"]
    return None


@dataclass(frozen=True)
class Filter:
    """What `history list` and `history stats` were asked for; names already canonical."""

    game: str | None = None
    player: str | None = None
    since: str | None = None
    until: str | None = None
    series: str | None = None
    limit: int | None = None

    def __post_init__(self) -> None:
        if self.since and self.until and self.since > self.until:
            raise BadDate(f"--since {self.since} is after --until {self.until}")
        if self.limit is not None and self.limit < 1:
            raise BadInput(f"--limit must be at least 1 (got {self.limit})")

    def takes_all(self) -> bool:
        """Whether `accepts` takes every match (nothing asked for): a replay of a club's
        every match need not ask it of each."""
        return (self.game, self.player, self.since, self.until, self.series) == (None,) * 5

    def accepts(self, match: dict) -> bool:
        if self.game is not None and not is_game(match, self.game):
            return False
        if self.player is not None:
            key = self.player.casefold()
            if all(p.casefold() != key for p in match["players"]):
                return False
        day = when(match)[:10]
        if self.since is not None and day < self.since:
            return False
        if self.until is not None and day > self.until:
            return False
        return self.series is None or series_of(match) == self.series


def select(matches: Iterable[dict], wanted: Filter) -> list[dict]:
    """Matching matches, newest first, at most `limit`."""
    found = sorted((m for m in matches if wanted.accepts(m)), key=when, reverse=True)
    return found[: wanted.limit] if wanted.limit is not None else found


def player_counts(matches: Iterable[dict]) -> list[tuple[str, int]]:
    """Players by number of matches (most first), names as first written."""
    counts: Counter[str] = Counter()
    spelled: dict[str, str] = {}
    for match in matches:
        for name in match["players"]:
            spelled.setdefault(name.casefold(), name)
            counts[name.casefold()] += 1
    return sorted(
        ((spelled[k], n) for k, n in counts.items()), key=lambda r: (-r[1], r[0].casefold())
    )
