"""A play beyond its result: where, how long, who started, who was new, on what board.

Every export reads these the same way from a stored match:

- minutes: `options.minutes` — typed with `log --minutes`, or counted by the store when a
  tracked game ends (its start, moves and end, pauses over an hour left out);
- location: `options.location` — typed with `--location`, else the table's default
  (`companion config location`, else the last one typed), filed with the game;
- start player: `options.first`, else the opening event's `first`;
- new players: who plays a game for the first time in this history (counted over it,
  oldest play first, so an older play imported later moves the mark where it belongs);
- board: the variant or mode the game was played in (`options.variant`, `options.mode`);
- role: what the game's spec says a player played (`Kind.role`: the faction they managed, say).

The table's settings (the default location, each game's BoardGameGeek id) are documents
of the store's `settings` table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Protocol

Match = dict[str, Any]

SETTINGS = "settings"
LOCATION = "location"  # the location `config location` set
LAST_LOCATION = "last_location"  # the last one typed with `--location`
BGG_IDS = "bgg_ids"  # game family -> BoardGameGeek thing id
BOARDS = ("variant", "mode")  # the options naming what a game was played on, first found


class Docs(Protocol):
    def get_doc(self, table: str, key: str, default: Any = None) -> Any: ...


# --- the table's settings ------------------------------------------------------------


def default_location(docs: Docs) -> tuple[str | None, str | None]:
    """(the location a game is filed at when none is typed, how it was chosen: "config" or
    "last"), (None, None) with none."""
    chosen = docs.get_doc(SETTINGS, LOCATION)
    if isinstance(chosen, str) and chosen:
        return chosen, "config"
    last = docs.get_doc(SETTINGS, LAST_LOCATION)
    if isinstance(last, str) and last:
        return last, "last"
    return None, None


def bgg_ids(docs: Docs) -> dict[str, int]:
    """Each game's BoardGameGeek id the table has set, by game (its family's name)."""
    held = docs.get_doc(SETTINGS, BGG_IDS) or {}
    return {k: v for k, v in held.items() if type(v) is int} if isinstance(held, dict) else {}


def check_location(text: str) -> str:
    from companion.engine.entries import check_name

    return check_name(text, "location")


def check_bgg_id(text: str) -> int:
    from companion.engine.errors import BadInput

    try:
        number = int(text.strip())
    except ValueError:
        number = 0
    if number < 1 or number > 10**9:
        raise BadInput(f"a BoardGameGeek id is a whole number from 1 (got '{text}')")
    return number


def set_location(store: Any, typed: str | None) -> str | None:
    """Make `typed` the default location (None: no chosen default; the last one used is)."""
    if typed is None:
        store.delete_doc(SETTINGS, LOCATION)
        return None
    place = check_location(typed)
    store.put_doc(SETTINGS, LOCATION, place)
    return place


def set_bgg_id(store: Any, game: str, number: int | None) -> dict[str, int]:
    """Set (None: forget) `game`'s BoardGameGeek id; every id set, by game."""

    def change(held: Any) -> dict[str, int]:
        ids = dict(held) if isinstance(held, dict) else {}
        if number is None:
            ids.pop(game, None)
        else:
            ids[game] = number
        return ids

    return store.update_doc(SETTINGS, BGG_IDS, change)


# --- a stored play ----------------------------------------------------------------------


def minutes_of(match: Match) -> int:
    minutes = (match.get("options") or {}).get("minutes")
    return minutes if type(minutes) is int and minutes >= 0 else 0


def location_of(match: Match) -> str:
    place = (match.get("options") or {}).get("location")
    return place if isinstance(place, str) else ""


def board_of(match: Match) -> str:
    options = match.get("options") or {}
    return next((options[k] for k in BOARDS if isinstance(options.get(k), str)), "")


def start_player(match: Match) -> str | None:
    """Who started: the options' `first`, else the opening event's (a game started before
    its options named the starter names it there); a summary holds only the events' count."""
    first = (match.get("options") or {}).get("first")
    if isinstance(first, str):
        return first
    events = match.get("events")
    opening = events[0] if isinstance(events, list) and events else None
    data = opening.get("data") if isinstance(opening, dict) else None
    found = data.get("first") if isinstance(data, dict) else None
    return found if isinstance(found, str) else None


def role_of(match: Match, player: str) -> str:
    """The part `player` played, as the game's spec reads it (`Kind.role`); "" for none."""
    from companion import registry

    kind = registry.kind(match["game"])
    if kind is None or kind.role is None:
        return ""
    found = registry.hook(kind, "role")(match, player)
    return found if isinstance(found, str) else ""


def new_players(matches: Iterable[Match]) -> dict[str, frozenset[str]]:
    """Each play's players who play its game for the first time here, by match id.

    Counted over `matches` oldest first, per game (every mode of a game is one game), names
    compared without case.
    """
    from companion import registry
    from companion.history.queries import game_of, when

    seen: set[tuple[str, str]] = set()
    found: dict[str, frozenset[str]] = {}
    for match in sorted(matches, key=when):
        family = registry.family(game_of(match))
        fresh = set()
        for player in match.get("players") or ():
            key = (family, player.casefold())
            if key not in seen:
                seen.add(key)
                fresh.add(player)
        found[match["id"]] = frozenset(fresh)
    return found


def record_of(match: Match, new: Mapping[str, frozenset[str]] | None = None) -> dict[str, Any]:
    """A play's record as every export reads it (`new`: `new_players` over the history)."""
    return {
        "minutes": minutes_of(match),
        "location": location_of(match),
        "board": board_of(match),
        "first": start_player(match),
        "new": (new or {}).get(match["id"], frozenset()),
    }
