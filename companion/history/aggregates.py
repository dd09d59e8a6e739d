"""`history stats` summed month by month: a small partial per archive file, added up.

`stats.stats` reads every match; over 100,000 matches that is seconds. But almost
everything it shows is a sum (plays, wins, score totals, head-to-head records, the
games' own figures), and the rest composes across months that follow each other:
a best winning streak is the best of each month's, or a month's last run joined to
the next month's first; the last date played is the later month's. So each archive
file gets a *partial* (this module: values in, values out) kept beside its summary
(companion.history.summed reads and writes it), and the document is built from the
partials in month order.

A partial is made from the file's matches as stored: names as typed, results as
recorded. Renames and amendments are applied when read (`renamed`): a partial whose
names the aliases keep apart is renamed key by key; one where two of its names become
one player (a merge of two who met, two spellings of one player in one month), or
whose matches were amended, is made again from the file's matches as `history` reads
them. Sums of non-integer numbers are not re-added in another order (floating point
would change the last digit): a partial that holds one says so (`floats`) and the
caller counts every match instead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

from companion.history import headtohead
from companion.history.players import PER_PLAYER
from companion.history.queries import game_of, is_aggregate, when
from companion.history.stats import (
    _number,
    _rate,
    is_competitive,
    scored_in_order,
    tally,
)

Match = dict[str, Any]
Partial = dict[str, Any]

VERSION = 1

# What a partial holds (a cached one with other keys is made again).
KEYS = {
    *("version", "players", "names", "strays", "span", "matches", "first", "last"),
    *("floats", "counted", "games", "lines", "pairs"),
}

# The games' own figures (their spec's `stats`) this module knows how to sum; a game
# with any other (an installed game's) is counted match by match.
EXTRAS = {
    "companion.history.stats:series_extras": "series",
    "companion.history.stats:allstar_extras": "allstar",
    "companion.history.stats:playlist_extras": "playlist",
    "companion.history.stats:otdraft_extras": "otdraft",
    "companion.history.hoopers_stats:extras": "hoopers",
}

# A line: one (game, player) record. Fields, in order:
PLAYS, WINS, COMP, COMP_WINS, SCORED, SCORE_SUM, BEST, HEAD, BEST_RUN, RUN, LAST = range(11)


def extras_kind(game: str) -> str | None:
    """Which of EXTRAS a game's figures are ("" for none, None for one not known here)."""
    from companion import registry

    kind = registry.kind(game)
    spec = kind.stats if kind is not None else None
    return "" if not spec else EXTRAS.get(spec)


class _Floats(Exception):
    """A sum of non-integers: the caller counts every match instead."""


def _add(total: list[Any], value: Any) -> None:
    """total = [count, sum]; only integers are summed (see the module's docstring)."""
    if type(value) is not int:
        raise _Floats
    total[0] += 1
    total[1] += value


def names_of(match: Match) -> list[str]:
    """Every name a match holds where `players.Roster.match` would rename it."""
    found = list(match.get("players") or ())
    result = match.get("result") or {}
    for key in PER_PLAYER:
        if isinstance(result.get(key), dict):
            found.extend(result[key])
    for round_ in result.get("rounds") or () if isinstance(result.get("rounds"), list) else ():
        if isinstance(round_, dict):
            found.extend(round_)
    if isinstance(result.get("winner"), str):
        found.append(result["winner"])
    options = match.get("options") or {}
    for key in ("tribes", "rosters"):
        if isinstance(options.get(key), dict):
            found.extend(options[key])
    for key in ("home", "away", "first"):
        if isinstance(options.get(key), str):
            found.append(options[key])
    return [n for n in found if isinstance(n, str)]


def partial(matches: Iterable[Match]) -> Partial:
    """One archive file's partial, from its matches (in the order the file lists them)."""
    everything = list(matches)
    ordered = scored_in_order(everything)
    names: dict[str, None] = {}
    players: dict[str, None] = {}
    strays = False
    for match in everything:
        seated = [p for p in match.get("players") or () if isinstance(p, str)]
        held = names_of(match)
        players.update(dict.fromkeys(seated))
        names.update(dict.fromkeys(held))
        strays = strays or len(held) > len(seated) and not set(held) <= set(seated)
    days = [when(m) for m in everything]
    body: Partial = {
        "version": VERSION,
        "players": list(players),
        "names": list(names),
        # A name in a result or the options that is no player of its match: `history`
        # may meet that spelling first there, so only a full read knows how it is shown.
        "strays": strays,
        "span": [min(days), max(days)] if days else None,
        "matches": len(ordered),
        "first": when(ordered[0]) if ordered else None,
        "last": when(ordered[-1]) if ordered else None,
        "floats": False,
        "counted": {},
        "games": {},
        "lines": [],
        "pairs": {},
    }
    try:
        _fill(body, ordered)
    except _Floats:
        body.update(floats=True, games={}, lines=[], pairs={})
    return body


def _fill(body: Partial, ordered: list[Match]) -> None:
    lines: dict[tuple[str, str], list[Any]] = {}
    by_game: dict[str, list[Match]] = {}
    counted = body["counted"]
    for match in ordered:
        raw = match["game"]
        if raw not in counted:
            counted[raw] = [game_of(match), extras_kind(game_of(match))]
        result, game = match["result"], counted[raw][0]
        scores = result["scores"]
        competitive, day = is_competitive(match), when(match)
        by_game.setdefault(game, []).append(match)
        for player in match["players"]:
            won = headtohead.won(result, player)
            line = lines.get((game, player))
            if line is None:
                line = lines[game, player] = [0, 0, 0, 0, 0, 0, None, 0, 0, 0, ""]
            line[PLAYS] += 1
            line[WINS] += won
            score = _number(scores.get(player))
            if score is not None:
                if type(score) is not int:
                    raise _Floats
                line[SCORED] += 1
                line[SCORE_SUM] += score
                if line[BEST] is None or score > line[BEST]:
                    line[BEST] = score
            if competitive:
                if line[HEAD] == line[COMP] and won:
                    line[HEAD] += 1  # still winning from the month's first match
                line[COMP] += 1
                line[COMP_WINS] += won
                line[RUN] = line[RUN] + 1 if won else 0
                line[BEST_RUN] = max(line[BEST_RUN], line[RUN])
            line[LAST] = day
    body["lines"] = [[game, player, *line] for (game, player), line in lines.items()]
    for game, played in by_game.items():
        seen: dict[str, None] = {}
        for match in played:
            seen.update(dict.fromkeys(match["players"]))
        kind = extras_kind(game)
        body["games"][game] = {
            "plays": len(played),
            "players": list(seen),
            "last": when(played[-1]),
            "extras": _EXTRAS_PARTIAL[kind](played) if kind else None,
        }
        competitive = [m for m in played if is_competitive(m)]
        if competitive:
            # Each pair once, as (a, b) with a first: (b, a) is the same record turned round.
            table = list(headtohead.pairwise(competitive).items())[::2]
            body["pairs"][game] = [[a, b, *r] for (a, b), r in table]


# --- the games' own figures ---------------------------------------------------------------


def _series(matches: list[Match]) -> dict[str, Any]:
    record: dict[str, list[int]] = {}
    for match in matches:
        winner = match["result"].get("winner")
        if winner is None:
            continue
        for player in match["players"]:
            record.setdefault(player, [0, 0])[0 if player == winner else 1] += 1
    return {"record": record}


def _allstar(matches: list[Match]) -> dict[str, Any]:
    regular: dict[str, list[int]] = {}
    playoffs: dict[str, list[int]] = {}
    for match in matches:
        result = match["result"]
        for player in match["players"]:
            total = _number(result["scores"].get(player))
            won = _number((result.get("playoff_scores") or {}).get(player))
            if total is None or won is None:
                continue
            before = _number((result.get("regular_scores") or {}).get(player))
            _add(regular.setdefault(player, [0, 0]), total - won if before is None else before)
            _add(playoffs.setdefault(player, [0, 0]), won)
    return {"regular": regular, "playoffs": playoffs}


def _playlist(matches: list[Match]) -> dict[str, Any]:
    lengths: dict[str, list[int]] = {}
    solo_best: dict[str, int] = {}
    for match in matches:
        result = match["result"]
        if is_competitive(match):
            for player, length in (result.get("lengths") or {}).items():
                if _number(length) is not None:
                    _add(lengths.setdefault(player, [0, 0]), length)
        else:
            reached = _number(result.get("round", result.get("rounds")))
            for player in match["players"]:
                if reached is not None:
                    solo_best[player] = max(solo_best.get(player, 0), int(reached))
    return {"lengths": lengths, "solo_best": solo_best}


def _otdraft(matches: list[Match]) -> dict[str, Any]:
    total = [0, 0]
    for match in matches:
        for value in match["result"]["scores"].values():
            if _number(value) is not None:
                _add(total, value)
    return {"scores": total}


def _hoopers(matches: list[Match]) -> dict[str, Any]:
    from companion.history.hoopers_stats import recorded_tribe

    tribes: dict[str, list[int]] = {}
    by_name: dict[str, list[int]] = {}  # sides whose tribe, if any, their name gives
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


_EXTRAS_PARTIAL: dict[str, Callable[[list[Match]], dict[str, Any]]] = {
    "series": _series,
    "allstar": _allstar,
    "playlist": _playlist,
    "otdraft": _otdraft,
    "hoopers": _hoopers,
}


# The parts of the games' figures keyed by player name (a tribe or a side is no player).
BY_PLAYER = {"record", "regular", "playoffs", "lengths", "solo_best", "by_name"}


# --- renaming -------------------------------------------------------------------------------


def is_renamable(partial: Partial, name: Callable[[str], str]) -> bool:
    """Whether renaming keeps the partial's names apart (else its file is counted again)."""
    names = partial["names"]
    return len({name(n) for n in names}) == len(names)


def renamed(partial: Partial, name: Callable[[str], str]) -> Partial:
    """The partial with every name made canonical (`is_renamable` must hold)."""
    if all(name(n) == n for n in partial["names"]):
        return partial

    def keys(held: dict[str, Any]) -> dict[str, Any]:
        return {name(k): v for k, v in held.items()}

    games = {}
    for game, row in partial["games"].items():
        extras = row["extras"]
        if extras is not None:
            extras = {
                part: keys(value) if part in BY_PLAYER else value for part, value in extras.items()
            }
        games[game] = {**row, "players": [name(p) for p in row["players"]], "extras": extras}
    return {
        **partial,
        "players": [name(p) for p in partial["players"]],
        "names": [name(n) for n in partial["names"]],
        "games": games,
        "lines": [[g, name(p), *rest] for g, p, *rest in partial["lines"]],
        "pairs": {
            game: [[name(a), name(b), *r] for a, b, *r in pairs]
            for game, pairs in partial["pairs"].items()
        },
    }


# --- adding up --------------------------------------------------------------------------------


class Sum:
    """Partials added in month order (each later than every one before it)."""

    def __init__(self) -> None:
        self.matches = 0
        self.lines: dict[tuple[str, str], list[Any]] = {}
        self.games: dict[str, dict[str, Any]] = {}
        self.pairs: dict[str, dict[tuple[str, str], list[int]]] = {}

    def add(self, partial: Partial) -> None:
        self.matches += partial["matches"]
        for game, player, *line in partial["lines"]:
            held = self.lines.get((game, player))
            if held is None:
                self.lines[game, player] = list(line)
            else:
                _join(held, line)
        for game, row in partial["games"].items():
            held = self.games.get(game)
            if held is None:
                held = self.games[game] = {"plays": 0, "players": {}, "last": "", "extras": []}
            held["plays"] += row["plays"]
            held["players"].update(dict.fromkeys(row["players"]))
            held["last"] = row["last"]
            held["extras"].append(row["extras"])
        for game, pairs in partial["pairs"].items():
            table = self.pairs.setdefault(game, {})
            for a, b, won, lost, tied in pairs:
                ab = table.get((a, b))
                if ab is None:
                    table[a, b], table[b, a] = [won, lost, tied], [lost, won, tied]
                else:
                    ba = table[b, a]
                    ab[0] += won
                    ab[1] += lost
                    ab[2] += tied
                    ba[0] += lost
                    ba[1] += won
                    ba[2] += tied


def _join(held: list[Any], later: list[Any]) -> None:
    """One (game, player) line followed by a later month's."""
    whole = held[HEAD] == held[COMP]  # every competitive match so far won
    best_run = max(held[BEST_RUN], later[BEST_RUN], held[RUN] + later[HEAD])
    run = held[RUN] + later[RUN] if later[RUN] == later[COMP] else later[RUN]
    head = held[COMP] + later[HEAD] if whole else held[HEAD]
    for i in (PLAYS, WINS, COMP, COMP_WINS, SCORED, SCORE_SUM):
        held[i] += later[i]
    if later[BEST] is not None and (held[BEST] is None or later[BEST] > held[BEST]):
        held[BEST] = later[BEST]
    held[HEAD], held[BEST_RUN], held[RUN], held[LAST] = head, best_run, run, later[LAST]


def document(total: Sum) -> dict[str, Any]:
    """The `history stats` document (as `stats.stats` with no player), ratings not yet in."""
    rows = []
    for (game, player), line in total.lines.items():
        table = total.pairs.get(game, {})
        rows.append(
            {
                "player": player,
                "game": game,
                "plays": line[PLAYS],
                "wins": line[WINS],
                "win_rate": _rate(line[COMP_WINS], line[COMP]),
                "avg_score": round(line[SCORE_SUM] / line[SCORED], 2) if line[SCORED] else None,
                "best_score": line[BEST],
                "streak": line[BEST_RUN],
                "current_streak": line[RUN],
                "last_played": line[LAST] or None,
                "nemesis": headtohead.nemesis(table, player),
                "favourite": headtohead.favourite(table, player),
            }
        )
    rows.sort(key=lambda r: (r["game"], -r["wins"], -r["plays"], r["player"].casefold()))
    table: dict[tuple[str, str], list[int]] = {}
    for game, pairs in total.pairs.items():
        if is_aggregate(game):
            continue
        for pair, record in pairs.items():
            held = table.setdefault(pair, [0, 0, 0])
            for i in range(3):
                held[i] += record[i]
    from companion.history.stats import rival_rows

    return {
        "matches": total.matches,
        "games": [_game_row(game, total.games[game]) for game in sorted(total.games)],
        "players": rows,
        "head_to_head": headtohead.rows(table, None),
        "rivals": rival_rows(table),
    }


def _game_row(game: str, held: dict[str, Any]) -> dict[str, Any]:
    row = {
        "game": game,
        "plays": held["plays"],
        "players": len(held["players"]),
        "last_played": held["last"] or None,
    }
    kind = extras_kind(game)
    if kind:
        row.update(_EXTRAS_DOC[kind](held["extras"]))
    return row


def _sums(parts: list[dict[str, Any]], key: str) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for part in parts:
        for name, (count, value) in part[key].items():
            held = out.setdefault(name, [0, 0])
            held[0] += count
            held[1] += value
    return out


def _mean(count: int, value: int) -> float | None:
    return round(value / count, 2) if count else None


def _series_doc(parts: list[dict[str, Any]]) -> dict[str, Any]:
    record = _sums(parts, "record")
    return {"series": {p: {"won": w, "lost": lo} for p, (w, lo) in sorted(record.items())}}


def _allstar_doc(parts: list[dict[str, Any]]) -> dict[str, Any]:
    regular, playoffs = _sums(parts, "regular"), _sums(parts, "playoffs")

    def overall(held: dict[str, list[int]]) -> float | None:
        return _mean(sum(c for c, _ in held.values()), sum(v for _, v in held.values()))

    return {
        "supporters": {
            "regular_avg": overall(regular),
            "playoffs_avg": overall(playoffs),
            "by_player": {
                p: {"regular_avg": _mean(*regular[p]), "playoffs_avg": _mean(*playoffs[p])}
                for p in sorted(regular, key=str.casefold)
            },
        }
    }


def _playlist_doc(parts: list[dict[str, Any]]) -> dict[str, Any]:
    lengths = _sums(parts, "lengths")
    solo_best: dict[str, int] = {}
    for part in parts:
        for player, reached in part["solo_best"].items():
            solo_best[player] = max(solo_best.get(player, 0), reached)
    return {
        "avg_length": _mean(
            sum(c for c, _ in lengths.values()), sum(v for _, v in lengths.values())
        ),
        "avg_length_by_player": {p: _mean(*v) for p, v in sorted(lengths.items())},
        "solo_best_round": solo_best,
    }


def _otdraft_doc(parts: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "avg_score": _mean(sum(p["scores"][0] for p in parts), sum(p["scores"][1] for p in parts))
    }


def _hoopers_doc(parts: list[dict[str, Any]]) -> dict[str, Any]:
    tribes = _sums(parts, "tribes")
    no_tribe = 0
    for player, (plays, wins) in _sums(parts, "by_name").items():
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
        "home_away": tally(_sums(parts, "sides")),
    }


@cache
def _named(player: str) -> str | None:
    from companion.history.hoopers_stats import named_tribe

    return named_tribe(player)


_EXTRAS_DOC: dict[str, Callable[[list[dict[str, Any]]], dict[str, Any]]] = {
    "series": _series_doc,
    "allstar": _allstar_doc,
    "playlist": _playlist_doc,
    "otdraft": _otdraft_doc,
    "hoopers": _hoopers_doc,
}
