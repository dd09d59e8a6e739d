"""Valley Hoopers' own figures in `history stats`: wins by tribe and by home or away; and
the Series': series won and lost by each side."""

from __future__ import annotations

from functools import cache
from typing import Any

from companion.engine.figures import sums, tally
from companion.engine.spec import Figures

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
    if not (isinstance(recorded, dict) and isinstance(recorded.get(player), str)):
        recorded = options.get("roles")  # a Series game: the tribe each person managed
    if isinstance(recorded, dict) and isinstance(recorded.get(player), str):
        from companion.engine.errors import CompanionError
        from companion.games.hoopers.rules.tribes_of import tribe_label

        try:
            return tribe_label(recorded[player])
        except CompanionError:  # a tribe this companion does not know: as recorded
            return recorded[player]
    rosters = options.get("rosters")
    if isinstance(rosters, dict) and isinstance(rosters.get(player), list):
        from companion.games.hoopers.rules.tribes_of import tribe_of_roster

        found = tribe_of_roster(tuple(rosters[player]))
        if found is not None:
            return found
    return None


def named_tribe(player: str) -> str | None:
    """The tribe a side's own name names, None if it names none (depends on the name alone,
    so the summed figures resolve it after renames: `doc`)."""
    from companion.games.hoopers.rules.tribes_of import tribe_label, tribes

    named = {*tribes(), *(t["label"].casefold() for t in tribes().values())}
    return tribe_label(player) if player.strip().casefold() in named else None


def part(matches: list[Match]) -> dict[str, Any]:
    """[plays, wins] by the tribe the match records, by the side's name where it records
    none (the name may name a tribe: `doc` decides, after renames), and home/away."""
    tribes: dict[str, list[int]] = {}
    by_name: dict[str, list[int]] = {}
    sides: dict[str, list[int]] = {}
    for match in matches:
        options = match.get("options") or {}
        winner = match["result"].get("winner")
        for player in match["players"]:
            won = int(winner == player)
            tribe = recorded_tribe(match, player)
            if tribe is None:
                held = by_name.setdefault(player, [0, 0])
            else:
                held = tribes.setdefault(tribe, [0, 0])
            held[0] += 1
            held[1] += won
            if options.get("home") in match["players"]:
                side = sides.setdefault("home" if options["home"] == player else "away", [0, 0])
                side[0] += 1
                side[1] += won
    return {"tribes": tribes, "by_name": by_name, "sides": sides}


def doc(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """Wins by tribe (see `tribe_of`; sides with no tribe logged are counted apart, in
    `no_tribe`) and by home/away (`options["home"]`)."""
    tribes = sums(parts, "tribes")
    no_tribe = 0
    for player, (plays, wins) in sums(parts, "by_name").items():
        tribe = _named(player)
        if tribe is None:
            no_tribe += plays
        else:
            held = tribes.setdefault(tribe, [0, 0])
            held[0] += plays
            held[1] += wins
    return {
        "by_tribe": tally(tribes),
        "no_tribe": no_tribe,
        "home_away": tally(sums(parts, "sides")),
    }


@cache
def _named(player: str) -> str | None:
    return named_tribe(player)


FIGURES = Figures(part=part, doc=doc, by_player=("by_name",))


def played_by_people(match: Match) -> bool:
    """Whether a Valley Hoopers match's sides are people (`Kind.people`).

    A Series game (tracked or typed in by hand) and a Series itself are played by the
    people who manage its tribes (`options["roles"]`: person -> tribe). A Series started
    with tribes alone named nobody: its sides are the tribes, and no person is counted.
    Any other match is played by the people (or teams) it names.
    """
    options = match.get("options") or {}
    if match.get("game") == "hoopers-series" or options.get("series"):
        return bool(options.get("roles"))
    return True


def series_part(matches: list[Match]) -> dict[str, Any]:
    """Each tribe's [won, lost] series (a series played by people: the tribe each managed,
    `options["roles"]`; one played by tribes alone: its sides)."""
    record: dict[str, list[int]] = {}
    for match in matches:
        winner = match["result"].get("winner")
        if winner is None:
            continue
        roles = (match.get("options") or {}).get("roles") or {}
        for player in match["players"]:
            side = roles.get(player, player)
            record.setdefault(side, [0, 0])[0 if player == winner else 1] += 1
    return {"record": record}


def series_doc(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """Series won and lost by each side."""
    record = sums(parts, "record")
    return {"series": {p: {"won": w, "lost": lo} for p, (w, lo) in sorted(record.items())}}


# Version 2: the record is by tribe (a series played by people: the tribe each managed).
SERIES_FIGURES = Figures(part=series_part, doc=series_doc, by_player=("record",), version=2)
