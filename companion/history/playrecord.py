"""A play beyond its result: where, how long, who started, who was new, on what board.

Every export reads these the same way from a stored match:

- minutes: `options.minutes` — typed with `log --minutes`, or counted by the store when a
  tracked game ends (its start, moves and end, pauses over an hour left out);
- location: `options.location` — typed with `--location`, else the table's default
  (`companion config location`, else the last one typed), filed with the game;
- start player: `options.first`, else `options.started` (a roll-off's winner), else the
  opening event's `first`, as one of the players (a name of a player's part is that player);
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
STARTED = "started"  # who won the roll-off a tracked game's `first: roll` asked for
ASKED = "_asked"  # in BGG_IDS: the families whose id the table was asked for, once
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


def set_bgg_id(store: Any, game: str, number: int | None, asked: bool = False) -> dict[str, int]:
    """Set (None: forget) `game`'s BoardGameGeek id; every id set, by game. `asked`: the
    table was asked for it (it is not asked again), in the same write."""

    def change(held: Any) -> dict[str, Any]:
        ids = dict(held) if isinstance(held, dict) else {}
        if number is None:
            ids.pop(game, None)
        else:
            ids[game] = number
        if asked:
            before = ids.get(ASKED)
            ids[ASKED] = sorted({*(before if isinstance(before, list) else ()), game})
        return ids

    return store.update_doc(SETTINGS, BGG_IDS, change)


def not_asked(docs: Docs, games: Iterable[str]) -> list[str]:
    """The games (families) of `games`, each once, with no BoardGameGeek id set that the
    table was never asked for."""
    held = docs.get_doc(SETTINGS, BGG_IDS) or {}
    held = held if isinstance(held, dict) else {}
    asked = held.get(ASKED) if isinstance(held.get(ASKED), list) else []
    known = bgg_ids(docs)
    return [g for g in dict.fromkeys(games) if g not in known and g not in asked]


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
    """Who started, as one of the match's players: the options' `first`, else their
    `started` (who won a roll-off: `first` then says only `roll`), else the opening
    event's `first` (a match started before `started` was kept). A name of a player's part
    (a value of an option keyed by player) is that player; None when unknown."""
    options = match.get("options") or {}
    events = match.get("events")  # a summary (history's usual read) holds only their count
    opening = events[0] if isinstance(events, list) and events else None
    data = opening.get("data") if isinstance(opening, dict) else None
    opened = data.get("first") if isinstance(data, dict) else None
    for said in (options.get("first"), options.get(STARTED), opened):
        found = _player_named(match, said) if isinstance(said, str) else None
        if found is not None:
            return found
    return None


def _player_named(match: Match, said: str) -> str | None:
    """The player `said` names: the player (any case), else whose part it is."""
    from companion import registry

    players = [p for p in match.get("players") or () if isinstance(p, str)]
    key = said.casefold()
    found = next((p for p in players if p.casefold() == key), None)
    if found is not None:
        return found
    options = match.get("options") or {}
    for held in (options.get(k) for k in registry.fields().player_option_maps):
        if isinstance(held, dict):
            parts = [p for p in players if str(held.get(p, "")).casefold() == key]
            if len(parts) == 1:
                return parts[0]
    return None


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
