"""Valley Hoopers' own figures in `history stats`: wins by tribe and by home or away."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from companion.history.stats import tally

Match = dict[str, Any]


def tribe_of(match: Match, player: str) -> str | None:
    """The tribe `player` played in a Valley Hoopers match.

    `options["tribes"][player]` when the match records it; else the tribe whose
    hoopers make up the side's roster (matches started before tribes were
    kept); else the side's own name when it names a tribe (matches are often
    started with the tribes as their two sides); else None: no tribe was logged
    (a player's name is no tribe).
    """
    found = recorded_tribe(match, player)
    return found if found is not None else named_tribe(player)


def recorded_tribe(match: Match, player: str) -> str | None:
    """The tribe the match itself records for `player` (its tribes, else its roster)."""
    options = match.get("options") or {}
    recorded = options.get("tribes")
    if isinstance(recorded, dict) and isinstance(recorded.get(player), str):
        from companion.engine.errors import CompanionError
        from companion.games.hoopers.tribes_of import tribe_label

        try:
            return tribe_label(recorded[player])
        except CompanionError:  # a tribe this companion does not know: as recorded
            return recorded[player]
    rosters = options.get("rosters")
    if isinstance(rosters, dict) and isinstance(rosters.get(player), list):
        from companion.games.hoopers.tribes_of import tribe_of_roster

        found = tribe_of_roster(tuple(rosters[player]))
        if found is not None:
            return found
    return None


def named_tribe(player: str) -> str | None:
    """The tribe a side's own name names, None if it names none (depends on the name alone,
    so summed per-month figures resolve it after renames, see companion.history.aggregates)."""
    from companion.games.hoopers.match import tribes
    from companion.games.hoopers.tribes_of import tribe_label

    named = {*tribes(), *(t["label"].casefold() for t in tribes().values())}
    return tribe_label(player) if player.strip().casefold() in named else None


def extras(matches: list[Match]) -> dict[str, Any]:
    """Wins by tribe (see `tribe_of`; sides with no tribe logged are counted apart, in
    `no_tribe`) and by home/away (`options["home"]`)."""
    tribes: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    sides: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    no_tribe = 0
    for match in matches:
        options = match.get("options") or {}
        winner = match["result"].get("winner")
        for player in match["players"]:
            won = int(winner == player)
            tribe = tribe_of(match, player)
            if tribe is None:
                no_tribe += 1
            else:
                tribes[tribe][0] += 1
                tribes[tribe][1] += won
            if options.get("home") in match["players"]:
                side = "home" if options["home"] == player else "away"
                sides[side][0] += 1
                sides[side][1] += won
    return {"by_tribe": tally(tribes), "no_tribe": no_tribe, "home_away": tally(sides)}
