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
from itertools import chain
from operator import itemgetter
from typing import Any

from companion.history import headtohead
from companion.history.players import named_keys, named_lists
from companion.history.queries import game_of, people_test, when
from companion.history.stats import (
    _rate,
    figures_of,
    is_competitive,
    is_scored,
)

Match = dict[str, Any]
Partial = dict[str, Any]

VERSION = 3  # 2: the games' own figures are their specs' `Figures` (`counted` names them)
# 3: a match whose players are no people (`queries.by_people`) counts for no player

# What a partial holds (a cached one with other keys is made again).
KEYS = {
    *("version", "players", "names", "strays", "span", "matches", "first", "last"),
    *("floats", "counted", "games", "lines", "pairs"),
}

# A line: one (game, player) record. Fields, in order:
PLAYS, WINS, COMP, COMP_WINS, SCORED, SCORE_SUM, BEST, HEAD, BEST_RUN, RUN, LAST = range(11)


def extras_kind(game: str) -> str:
    """Which figures a game's parts are made by: its spec's `stats` and their version ("" for
    none). A month whose partial was made by others is counted again (see summed)."""
    from companion import registry

    kind = registry.kind(game)
    if kind is None or not kind.stats:
        return ""
    return f"{kind.stats} {figures_of(game).version}"


class _Floats(Exception):
    """A sum of non-integers: the caller counts every match instead."""


def _integral(value: Any) -> bool:
    """Whether a game's part holds no non-integer number (see the module's docstring)."""
    if isinstance(value, dict):
        return all(_integral(v) for v in value.values())
    if isinstance(value, list):
        return all(_integral(v) for v in value)
    return type(value) is not float


def _part(game: str, played: list[Match]) -> dict[str, Any] | None:
    """The game's own figures' part (its spec's `Figures.part`), None for a game without."""
    figures = figures_of(game)
    if figures is None:
        return None
    made = figures.part(played)
    if not _integral(made):
        raise _Floats
    return made


def names_of(match: Match) -> list[str]:
    """Every name a match holds where `players.Roster.match` would rename it."""
    found = list(match.get("players") or ())
    result = match.get("result") or {}
    in_result, in_options, naming = named_keys(match.get("game"))
    for key in in_result:
        if isinstance(result.get(key), dict):
            found.extend(result[key])
    for round_ in result.get("rounds") or () if isinstance(result.get("rounds"), list) else ():
        if isinstance(round_, dict):
            found.extend(round_)
    if isinstance(result.get("winner"), str):
        found.append(result["winner"])
    for key in named_lists(match.get("game")):
        if isinstance(result.get(key), list):
            found.extend(result[key])
    options = match.get("options") or {}
    for key in in_options:
        if isinstance(options.get(key), dict):
            found.extend(options[key])
    for key in naming:
        if isinstance(options.get(key), str):
            found.append(options[key])
    return [n for n in found if isinstance(n, str)]


def partial(matches: Iterable[Match]) -> Partial:
    """One archive file's partial, from its matches (in the order the file lists them)."""
    everything = list(matches)
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
    span = [min(days), max(days)] if days else None
    return _filled(list(players), list(names), strays, span, everything)


def joined(made: list[Partial], matches: Iterable[Match]) -> Partial:
    """`partial` of several files' matches, one file after another (`matches`), given each
    file's own partial (`made`, in the same order): the names, players, strays and span
    are each file's taken in turn (first seen, over the files one after another, is first
    seen in each file, files in order), and, given the whole partials (not their heads),
    the head-to-head records are theirs added (a sum of integers, in any order), so only
    what is summed in time order is made again from the matches."""
    names: dict[str, None] = {}
    players: dict[str, None] = {}
    for each in made:
        players.update(dict.fromkeys(each["players"]))
        names.update(dict.fromkeys(each["names"]))
    spans = [each["span"] for each in made if each["span"] is not None]
    span = [min(s[0] for s in spans), max(s[1] for s in spans)] if spans else None
    strays = any(each["strays"] for each in made)
    whole = all("pairs" in each and not each["floats"] for each in made)
    pairs = _added_pairs(made) if whole else None
    return _filled(list(players), list(names), strays, span, list(matches), pairs)


def _added_pairs(made: list[Partial]) -> dict[str, list[list[Any]]]:
    """Each game's head-to-head records of several partials added, each pair once."""
    added: dict[str, dict[tuple[str, str], list[int]]] = {}
    for each in made:
        for game, pairs in each["pairs"].items():
            table = added.setdefault(game, {})
            for a, b, won, lost, tied in pairs:
                held = table.get((a, b))
                if held is None and (b, a) in table:
                    a, b, won, lost = b, a, lost, won  # the same record turned round
                    held = table[a, b]
                if held is None:
                    table[a, b] = [won, lost, tied]
                else:
                    held[0] += won
                    held[1] += lost
                    held[2] += tied
    return {
        game: sorted([a, b, *r] for (a, b), r in table.items()) for game, table in added.items()
    }


def _filled(
    players: list[str],
    names: list[str],
    strays: bool,
    span: Any,
    everything: list[Match],
    pairs: dict[str, list[list[Any]]] | None = None,
) -> Partial:
    # (`stats.scored_in_order`, each match's day asked once: the sums read it again)
    scored = [m for m in everything if is_scored(m)]
    days = [when(m) for m in scored]
    order = sorted(range(len(scored)), key=days.__getitem__)
    ordered = [scored[n] for n in order]
    days = [days[n] for n in order]
    body: Partial = {
        "version": VERSION,
        "players": players,
        "names": names,
        # A name in a result or the options that is no player of its match: `history`
        # may meet that spelling first there, so only a full read knows how it is shown.
        "strays": strays,
        "span": span,
        "matches": len(ordered),
        "first": days[0] if ordered else None,
        "last": days[-1] if ordered else None,
        "floats": False,
        "counted": {},
        "games": {},
        "lines": [],
        "pairs": {},
    }
    try:
        _fill(body, ordered, days, pairs)
    except _Floats:
        body.update(floats=True, games={}, lines=[], pairs={})
    return body


def _fill(
    body: Partial, ordered: list[Match], days: list[str], pairs: dict[str, Any] | None
) -> None:
    """The sums of `ordered` (the scored matches, oldest first, on `days`) into `body`;
    the head-to-head records `pairs` when given (see `joined`), else counted."""
    # (once per match, not per player or again per game, what the loop asks of a match,
    # and for each player only what the match was to them, added up at the end: 100,000
    # matches are summed again after a big import, companion.history.warmup)
    told: dict[tuple[str, str], list[Any]] = {}  # (game, player) -> what each match was
    of_game: dict[str, dict[str, list[Any]]] = {}  # the same, each game's by player
    by_game: dict[str, list[Match]] = {}
    rivals: dict[str, list[Match]] = {}  # each game's competitive matches between people
    counted = body["counted"]
    people: dict[str, Any] = {}  # each stored game name's `queries.people_test`
    for match, day in zip(ordered, days, strict=True):
        raw = match["game"]
        if raw not in counted:
            counted[raw] = [game_of(match), extras_kind(game_of(match))]
            people[raw] = people_test(raw)
        result, game = match["result"], counted[raw][0]
        scores = result["scores"]
        competitive = is_competitive(match)
        played = by_game.get(game)
        if played is None:
            played = by_game[game] = []
            of_game[game] = {}
        played.append(match)
        test = people[raw]
        if test is not None and not test(match):  # (`queries.by_people`)
            continue
        if competitive:
            rivals.setdefault(game, []).append(match)
        winners = headtohead.winners(result)
        held = of_game[game]
        for player in match["players"]:
            line = held.get(player)
            if line is None:
                # its scores, each competitive match won (1) or not (0), its other wins,
                # the day of its last match
                line = held[player] = told[game, player] = [[], bytearray(), 0, ""]
            score = scores.get(player)
            if type(score) is float:  # (not summed: see the module's docstring)
                raise _Floats
            line[0].append(score)
            if competitive:
                line[1].append(player in winners)
            elif player in winners:
                line[2] += 1
            line[3] = day
    lines = {key: _line(*held) for key, held in told.items()}
    body["lines"] = [[game, player, *line] for (game, player), line in lines.items()]
    for game, played in by_game.items():
        body["games"][game] = {
            "plays": len(played),
            "players": list(dict.fromkeys(chain.from_iterable(map(_players, played)))),
            "last": when(played[-1]),
            "extras": _part(game, played),
        }
        if game in rivals and pairs is not None:
            body["pairs"][game] = pairs.get(game, [])
        elif game in rivals:
            # Each pair once, as (a, b) with a first: (b, a) is the same record turned round.
            # Listed in name order, as several partials' added are (`joined`): where they
            # were met first is no part of a record.
            table = list(headtohead.pairwise(rivals[game]).items())[::2]
            body["pairs"][game] = sorted([a, b, *r] for (a, b), r in table)


_players = itemgetter("players")


def _line(scores: list[Any], results: bytearray, other_wins: int, last: str) -> list[Any]:
    """A line (`PLAYS`...`LAST`) from what each of its matches was (see `_fill`), in order."""
    summed = [s for s in scores if type(s) is int]  # (any other value: no score)
    won = results.count(1)
    # the runs of wins between losses: the first is the month's head, the last the run on
    runs = bytes(results).split(b"\x00")
    return [
        *(len(scores), won + other_wins, len(results), won, len(summed), sum(summed)),
        max(summed) if summed else None,
        *(len(runs[0]), max(map(len, runs)), len(runs[-1]), last),
    ]


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
            by_player = figures_of(game).by_player  # the parts keyed by player name
            extras = {
                part: keys(value) if part in by_player else value for part, value in extras.items()
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

    def only(self, games: set[str]) -> Sum:
        """The sum of the matches counted for these games only (`history stats --game`:
        every match a game's parts hold is one of that game's)."""
        kept = Sum()
        kept.games = {g: row for g, row in self.games.items() if g in games}
        kept.matches = sum(row["plays"] for row in kept.games.values())
        kept.lines = {key: line for key, line in self.lines.items() if key[0] in games}
        kept.pairs = {g: table for g, table in self.pairs.items() if g in games}
        return kept


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
    from companion.history.stats import across_games, rival_rows

    table = across_games(total.pairs)

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
    figures = figures_of(game)
    if figures is not None:
        row.update(figures.doc(held["extras"]))
    return row
