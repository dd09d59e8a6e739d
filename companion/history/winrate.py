"""`history chart --player` without reading every match: each archive file's win counts.

A player's win rate chart counts, month by month, the finished competitive matches they
sat in and the ones they won (companion.history.charts.winrate_months). Beside each
archive file's summary sits `<file>.winrate.json`: for every spelling seated in the file,
its plays and wins by month and by stored game name, counted as the chart counts them,
under the file's (inode, size, mtime); one that does not match is made again from the
file, never trusted. Only readers write it (the first chart after a change pays for it).

The counts are kept by spelling as stored; a player is the one spelling of the file that
names them (through the aliases). A file is counted match by match, as the full read
does, when two of its spellings name the player (a merge, two cases of one name), when a
winner sits at no seat, or when it holds an amended or deleted match. Every match is read
(these functions return None) when the archive is not one machine's files alone or a
match is being filed.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from companion.history.charts import winrate_months

Match = dict[str, Any]

SUFFIX = ".winrate.json"
VERSION = 2  # 2: a shared first counts as a win for each (companion.history.headtohead.won)


def _counts(matches: list[Match]) -> dict[str, Any]:
    """Plays and wins of each seated spelling: {spelling: {month: {game: [plays, wins]}}}."""
    from companion.history.headtohead import won
    from companion.history.queries import when

    counts: dict[str, Any] = {}
    spellings: dict[str, None] = {}
    strays = False
    for match in matches:
        players = [p for p in match.get("players") or () if isinstance(p, str)]
        spellings.update(dict.fromkeys(players))
        winner = (match.get("result") or {}).get("winner")
        if isinstance(winner, str) and winner:
            spellings.setdefault(winner, None)
            strays = strays or winner not in players
        if match.get("status") != "finished" or len(players) < 2:
            continue
        for player in dict.fromkeys(players):
            month = counts.setdefault(player, {}).setdefault(when(match)[:7], {})
            line = month.setdefault(match["game"], [0, 0])
            line[0] += 1
            line[1] += won(match.get("result") or {}, player)
    return {"version": VERSION, "counts": counts, "spellings": list(spellings), "strays": strays}


def _file_counts(store: Any, name: str, path: Path) -> dict[str, Any]:
    from companion.store.archive import file_signature, index_dir, shard_summaries, write_cache

    signature = file_signature(path)
    folder = index_dir(store)
    cache = folder / f"{name}{SUFFIX}" if folder is not None else None
    if cache is not None:
        with contextlib.suppress(OSError, ValueError, TypeError, KeyError, RecursionError):
            body = json.loads(cache.read_bytes())
            if body["source"] == signature and body["made"]["version"] == VERSION:
                return body["made"]
    made = _counts(shard_summaries(store, name, path).matches)
    write_cache(cache, {"source": signature, "made": made})
    return made


def quick_winrate(store: Any, player: str, roster: Any) -> dict[str, list[int]] | None:
    """`winrate_months` of canonical `player` over the whole history, from each file's
    counts where they say it (`roster`: the aliases, with every spelling seen in the order
    a full read sees them); None when every match must be read (see the docstring)."""
    from companion.history.amend import amended
    from companion.history.book import side_tables
    from companion.history.queries import is_aggregate
    from companion.store.index import each_keys, simple

    view = store.view()
    if view.finishing or not simple(view):
        return None
    amendments = side_tables(store)[1]
    folded = view.folded()
    dead = {i for i, _ in folded.dead}
    key = player.casefold()
    months: dict[str, list[int]] = {}
    seen: set[str] = set()
    for keys in each_keys(store, view):
        if not keys.ids:
            continue
        if not seen.isdisjoint(keys.ids):
            return None  # one id twice: `history` keeps one, a sum would count both
        seen.update(keys.ids)
        made = _file_counts(store, keys.name, keys.path)
        theirs = [s for s in made["spellings"] if roster.name(s).casefold() == key]
        exact = (
            len(theirs) > 1
            or made["strays"]
            or not dead.isdisjoint(keys.ids)
            or not amendments.keys().isdisjoint(keys.ids)
        )
        if exact:
            from companion.store.archive import shard_summaries

            stored = shard_summaries(store, keys.name, keys.path).matches
            alive = [m for m in stored if folded.alive(m)]
            if amendments:
                alive = [amended(m, amendments) for m in alive]
            for month, counts in winrate_months(map(roster.match, alive), player).items():
                _add(months, month, counts)
            continue
        for spelling in theirs:
            for month, games in made["counts"].get(spelling, {}).items():
                for game, counts in games.items():
                    if not is_aggregate(game):
                        _add(months, month, counts)
    return months


def _add(months: dict[str, list[int]], month: str, counts: list[int]) -> None:
    """Add one file's [plays, wins] of `month` to the history's."""
    total = months.setdefault(month, [0, 0])
    total[0] += counts[0]
    total[1] += counts[1]
