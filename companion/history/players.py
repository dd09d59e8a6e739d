"""Who is who: one player however their name was typed.

Aliases are resolved when history is read, not written into the archive: a
match's events name its players as they were typed, and a game's replay
must still agree with the stored result. So the archive stays exactly as
recorded, and an alias map (casefolded spelling -> the name to show) makes
every query, chart and export see one player. The map is kept flat: a
rename redirects every alias that pointed at the old name, so resolving is
one lookup.

The map's keys keep the spelling as it was typed ("Bobby", not "bobby") so
they can be shown; they are matched case-insensitively, and at most one key
per case-insensitive spelling is kept. (Maps written before this kept
casefolded keys; those are shown in the spelling the matches use.)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from companion.engine.names import check_name, match_prefix
from companion.history.errors import PlayerExists, SelfMerge

Aliases = dict[str, str]

# Result keys that map each player to a value (the result contract; the games add theirs).
PER_PLAYER = ("scores", "ranks")
# The options naming a player that every tracked match may hold (playrecord.start_player).
PLAYER_OPTIONS = ("first", "started")
# Options keyed by player that any match may hold: what BGG said of each (history/bgg.py).
PLAYER_OPTION_MAPS = ("bgg_players",)


def named_keys(game: str | None = None) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """Where a match of `game` holds players' names besides `players` and the winner: the
    result's maps keyed by player, the options' maps keyed by player, the options naming
    one (the contract's and the game's own, `GameSpec.fields`; every game's for None)."""
    from companion import registry

    own = registry.fields_of(game if isinstance(game, str) else None)
    return (
        (*PER_PLAYER, *own.player_result_maps),
        (*PLAYER_OPTION_MAPS, *own.player_option_maps),
        (*PLAYER_OPTIONS, *own.player_options),
    )


def named_lists(game: str | None = None) -> tuple[str, ...]:
    """The result keys of `game`'s matches holding a list of players' names."""
    from companion import registry

    return registry.fields_of(game if isinstance(game, str) else None).player_result_lists


class Roster:
    """Canonical names for a history: aliases first, else the first spelling seen."""

    def __init__(self, aliases: Mapping[str, str] | None = None) -> None:
        self.stored: Aliases = dict(aliases or {})
        self.aliases: Aliases = {k.casefold(): v for k, v in self.stored.items()}
        self.spelled: dict[str, str] = {}
        self.resolved: dict[str, str] = {}

    def name(self, typed: str) -> str:
        known = self.resolved.get(typed)
        if known is not None:
            return known
        key = typed.casefold()
        target = self.aliases.get(key)
        spelled = self.spelled.setdefault(key, typed)
        found = target if target is not None else spelled
        self.resolved[typed] = found
        return found

    def match(self, match: dict[str, Any]) -> dict[str, Any]:
        """The match with every player name (players, result, options) made canonical."""
        name = self.name
        players = match.get("players", [])
        canonical = [name(p) for p in players]
        scores = (match.get("result") or {}).get("scores") or {}
        # Most matches need no change; checking is far cheaper than copying.
        if canonical == players and all(k in players for k in scores):
            return match
        out = dict(match)
        out["players"] = canonical
        result = match.get("result")
        if result:
            result = dict(result)
            in_result, in_options, naming = named_keys(match.get("game"))
            for key in in_result:
                if isinstance(result.get(key), dict):
                    result[key] = {name(p): v for p, v in result[key].items()}
            if isinstance(result.get("rounds"), list):
                result["rounds"] = [
                    {name(p): v for p, v in r.items()} if isinstance(r, dict) else r
                    for r in result["rounds"]
                ]
            if isinstance(result.get("winner"), str):
                result["winner"] = name(result["winner"])
            for key in named_lists(match.get("game")):
                if isinstance(result.get(key), list):
                    result[key] = [name(p) if isinstance(p, str) else p for p in result[key]]
            out["result"] = result
        options = match.get("options")
        if options:
            options = dict(options)
            _, in_options, naming = named_keys(match.get("game"))
            for key in in_options:
                if isinstance(options.get(key), dict):
                    options[key] = {name(p): t for p, t in options[key].items()}
            for key in naming:
                if isinstance(options.get(key), str):
                    options[key] = name(options[key])
            out["options"] = options
        return out


def respelled(match: dict[str, Any], roster: Roster) -> dict[str, Any]:
    """The whole match, its events' words included, with each player as history now calls
    them (`history show`: a renamed player is shown renamed; `--json` keeps the match as
    stored)."""
    from companion.engine.names import renamed

    players = [p for p in match.get("players", []) if isinstance(p, str)]
    names = {p: roster.name(p) for p in players if roster.name(p) != p}
    if not names:
        return match
    fixed = ("id", "game", "status", "seed", "created", "finished", "updated")
    return {k: (v if k in fixed else renamed(v, names)) for k, v in match.items()}


def known_players(matches: Iterable[dict[str, Any]], roster: Roster) -> list[str]:
    """Every canonical player name in `matches`, sorted case-insensitively."""
    seen = {roster.name(p) for m in matches for p in m.get("players", [])}
    seen.update(roster.aliases.values())
    return sorted(seen, key=str.casefold)


def _redirect(aliases: Mapping[str, str], source: str, target: str) -> Aliases:
    """Every alias of `source`, and `source` itself (spelled as shown), now go to `target`."""
    folded = source.casefold()
    updated = {
        k: (target if v.casefold() == folded else v)
        for k, v in aliases.items()
        if k.casefold() != folded
    }
    updated[source] = target
    return updated


def _lookup(aliases: Mapping[str, str], spelling: str) -> str | None:
    folded = spelling.casefold()
    return next((v for k, v in aliases.items() if k.casefold() == folded), None)


def rename(aliases: Mapping[str, str], known: list[str], old: str, new: str) -> tuple[str, Aliases]:
    """OLD (a known player or prefix) is called NEW from now on, in every match."""
    source = match_prefix(old, known, what="player")
    target = check_name(new.strip())
    if not target:
        raise PlayerExists("the new name is empty")
    if target == source:
        raise SelfMerge(f"player '{source}' is already called '{target}'")
    taken = [p for p in known if p.casefold() == target.casefold() and p != source]
    if taken:
        raise PlayerExists(
            f"player '{taken[0]}' already exists",
            hint=f"use 'companion players merge {source} {taken[0]}' to make them one player",
        )
    # A spelling already taken by someone else would make new matches typed
    # with it go to them, not to the renamed player.
    owner = _lookup(aliases, target)
    if owner is not None and owner.casefold() != source.casefold():
        raise PlayerExists(f"'{target}' is already another spelling of '{owner}'")
    return source, _redirect(aliases, source, target)


def merge(
    aliases: Mapping[str, str],
    known: list[str],
    alias: str,
    into: str,
    tables: Iterable[dict[str, Any]] = (),
) -> tuple[str, str, Aliases]:
    """ALIAS was INTO all along: its matches become INTO's.

    `tables` are the matches (canonical names); two names that sat at the
    same table are two people, so merging them is refused.
    """
    source = match_prefix(alias, known, what="player")
    target = match_prefix(into, known, what="player")
    if source.casefold() == target.casefold():
        raise SelfMerge(f"cannot merge player '{source}' into itself")
    for match in tables:
        names = {p.casefold() for p in match.get("players", [])}
        if source.casefold() in names and target.casefold() in names:
            raise PlayerExists(
                f"'{source}' and '{target}' played each other in match {match['id']}; "
                "they are two players"
            )
    return source, target, _redirect(aliases, source, target)


def aliases_of(
    aliases: Mapping[str, str], player: str, spelled: Mapping[str, str] | None = None
) -> list[str]:
    """The spellings that resolve to `player`, other than its own, as they were typed.

    `spelled` (casefolded -> first spelling seen in the matches) restores
    the case of keys stored casefolded by older versions.
    """
    folded = player.casefold()
    seen = spelled or {}
    found = {
        (seen.get(k, k) if k == k.casefold() else k)
        for k, v in aliases.items()
        if v.casefold() == folded and k.casefold() != folded
    }
    return sorted(found, key=str.casefold)


def roster_rows(matches: Iterable[dict[str, Any]], roster: Roster) -> list[dict[str, Any]]:
    """`players list`: each player's matches, last played and other spellings, busiest first."""
    from companion.history.queries import by_people

    rows: dict[str, dict[str, Any]] = {}
    for match in matches:
        if not by_people(match):
            continue  # its sides were named after what they played, not who
        day = match.get("finished") or match.get("created") or ""
        for player in match["players"]:
            row = rows.setdefault(player, {"player": player, "matches": 0, "last_played": ""})
            row["matches"] += 1
            row["last_played"] = max(row["last_played"], day)
    listed = sorted(rows.values(), key=lambda r: (-r["matches"], r["player"].casefold()))
    for row in listed:
        row["last_played"] = row["last_played"] or None
        row["aliases"] = aliases_of(roster.stored, row["player"], roster.spelled)
    return listed
