"""Skill ratings per game: Weng-Lin (Plackett-Luce) from `openskill`, over every finished match.

A win rate ignores who you beat; a rating does not. Each game is rated on
its own: every competitive finished match (two or more players ranked; a
solo round or a Series document is not one) is replayed oldest first, and
each player's rating moves by the result against those exact opponents,
ties and shared ranks included. The same history always gives the same
numbers: the order is (date, id) and openskill's update is deterministic.

Every player starts at μ = 25, σ = 25/3. The rating shown is the
conservative μ − 3σ (openskill's "ordinal"): it starts at 0 and rises as the
companion becomes sure of a player.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from companion.history.headtohead import ranks_of
from companion.history.queries import game_of, is_aggregate, people_test, when

Match = dict[str, Any]

RECENT = 10  # "change over the last 10 games"
Z = 3  # rating = μ − Zσ
# "Beats the field": a player's chance against each other player of the game, averaged; in a
# game of more players than this, against the most played of them (the regulars), so a big
# history costs at most FIELD pairs a player (openskill answers each in a few µs).
FIELD = 100


@dataclass
class Line:
    """One player's rating in one game, kept as it moves."""

    player: str
    game: str
    rating: Any  # an openskill PlackettLuceRating, updated in place
    plays: int = 0
    before: deque[float] = field(default_factory=lambda: deque(maxlen=RECENT))

    @property
    def ordinal(self) -> float:
        return self.rating.mu - Z * self.rating.sigma

    def row(self) -> dict[str, Any]:
        change = self.ordinal - self.before[0] if self.before else 0.0
        return {
            "player": self.player,
            "game": self.game,
            "mu": round(self.rating.mu, 3),
            "sigma": round(self.rating.sigma, 3),
            "rating": round(self.ordinal, 3),
            "plays": self.plays,
            "change": round(change, 3),
        }


def is_rated(
    match: Match,
    aggregate: Callable[[str], bool] = is_aggregate,
    people: Callable[[Any], Any] = people_test,
) -> bool:
    """A finished match with two or more players ranked, not a solo round or a Series
    (`aggregate`: `queries.is_aggregate`, `people`: `queries.people_test`, or the same
    remembered per game name)."""
    result = match.get("result")
    if match.get("status") != "finished" or not isinstance(result, dict):
        return False
    if aggregate(match["game"]) or (match.get("options") or {}).get("mode") == "solo":
        return False
    test = people(match["game"])
    if test is not None and not test(match):  # (`queries.by_people`)
        return False
    return isinstance(result.get("scores"), dict) and len(match.get("players") or ()) > 1


def model() -> Any:
    """openskill's Plackett-Luce model with its defaults (imported only when ratings are asked)."""
    from openskill.models import PlackettLuce

    return PlackettLuce()


def rate_in_place(rater: Any, ratings: list[Any], ranks: list[float]) -> None:
    """`rater.rate([[r] for r in ratings], ranks=ranks)`, written back into `ratings`.

    openskill's `rate` deep-copies every rating (a fresh uuid each), which is
    most of its cost; the update itself is `_compute` over teams sorted by rank
    after σ is widened by τ. This does exactly those steps on our own rating
    objects, so 10,000 matches rate in well under a second;
    tests/history/test_ratings.py checks it gives the very numbers `rate` does.
    """
    _updater(rater)(ratings, ranks)


def _updater(rater: Any) -> Callable[[list[Any], list[float]], None]:
    """`rate_in_place` for one model, its constants read once (a replay calls it for every
    match: 100,000 of them in a club's history)."""
    compute = getattr(rater, "_compute", None)
    if compute is None or rater.limit_sigma:  # not the default model: the public call

        def public(ratings: list[Any], ranks: list[float]) -> None:
            rated = rater.rate([[r] for r in ratings], ranks=list(ranks))
            for mine, (new,) in zip(ratings, rated, strict=True):
                mine.mu, mine.sigma = new.mu, new.sigma

        return public
    tau_squared = rater.tau * rater.tau
    sqrt = math.sqrt

    def update(ratings: list[Any], ranks: list[float]) -> None:
        for r in ratings:
            r.sigma = sqrt(r.sigma * r.sigma + tau_squared)
        if len(ranks) == 2:  # (most tables: the sort below, without its calls)
            if ranks[1] < ranks[0]:
                compute(teams=[[ratings[1]], [ratings[0]]], ranks=[ranks[1], ranks[0]])
            else:
                compute(teams=[[ratings[0]], [ratings[1]]], ranks=[ranks[0], ranks[1]])
            return
        order = sorted(range(len(ratings)), key=ranks.__getitem__)
        compute(teams=[[ratings[i]] for i in order], ranks=[ranks[i] for i in order])

    return update


def rate(
    matches: Iterable[Match], lines: dict[tuple[str, str], Line] | None = None
) -> dict[tuple[str, str], Line]:
    """Every (game, player) line after replaying `matches` oldest first; from `lines` (the
    lines after every match before these, updated in place) when given."""
    rater = model()
    update = _updater(rater)
    lines = {} if lines is None else lines
    # What the registry says of a stored game name, asked once per name, not per match.
    aggregate, people = cache(is_aggregate), cache(people_test)
    counted = cache(lambda raw: game_of({"game": raw}))
    played = sorted((m for m in matches if is_rated(m, aggregate, people)), key=_replay_order)
    # Each game's lines by player, so a match looks its players up without making a key
    # of each (the replay of a club's 110,000 matches: companion.history.warmup).
    of_game: dict[str, dict[str, Line]] = {}
    for (game, player), line in lines.items():
        of_game.setdefault(game, {})[player] = line
    for match in played:
        ranks = ranks_of(match["result"])
        players = [p for p in match["players"] if isinstance(ranks.get(p), (int, float))]
        if len(players) < 2:
            continue
        game = counted(match["game"])
        held = of_game.get(game)
        if held is None:
            held = of_game[game] = {}
        table = []
        for player in players:
            line = held.get(player)
            if line is None:
                line = held[player] = lines[game, player] = Line(player, game, rater.rating())
            rating = line.rating
            line.before.append(rating.mu - Z * rating.sigma)  # its ordinal
            line.plays += 1
            table.append(rating)
        update(table, [ranks[p] for p in players])
    return lines


def _replay_order(match: Match) -> tuple[str, str]:
    return when(match), match["id"]


def _ranks(held: list[Line]) -> dict[str, int]:
    ordinals = sorted((round(line.ordinal, 3) for line in held), reverse=True)
    first = {value: ordinals.index(value) + 1 for value in set(ordinals)}
    return {line.player: first[round(line.ordinal, 3)] for line in held}


def field_chances(held: list[Line]) -> dict[str, float | None]:
    """Each player's chance of beating another player of the game, by openskill's own
    `predict_win` for the two of them, averaged over the field (None alone in a game)."""
    rater = model()
    regulars = sorted(held, key=lambda line: (-line.plays, line.player.casefold()))[:FIELD]
    found: dict[str, float | None] = {}
    for line in held:
        others = [o for o in regulars if o is not line]
        if not others:
            found[line.player] = None
            continue
        wins = [rater.predict_win([[line.rating], [o.rating]])[0] for o in others]
        found[line.player] = round(sum(wins) / len(wins), 4)
    return found


def ratings(
    matches: Iterable[Match], game: str | None = None, player: str | None = None
) -> list[dict[str, Any]]:
    """The `history ratings` rows, best rating first (then most plays, then name)."""
    return rows_of(rate(matches), game, player)


def rows_of(
    lines: dict[tuple[str, str], Line], game: str | None = None, player: str | None = None
) -> list[dict[str, Any]]:
    """`ratings` from the lines `rate` gave: each row with its `rank` in the game (by rating,
    equal ratings sharing one) and `field`, its chance against the field (`field_chances`)."""
    rows = [line.row() for line in lines.values()]
    by_game: dict[str, list[Line]] = {}
    for line in lines.values():
        by_game.setdefault(line.game, []).append(line)
    ranked = {g: _ranks(held) for g, held in by_game.items()}
    chances = {g: field_chances(held) for g, held in by_game.items()}
    for row in rows:
        row["rank"] = ranked[row["game"]][row["player"]]
        row["field"] = chances[row["game"]][row["player"]]
    if game is not None:
        rows = [r for r in rows if r["game"] == game]
    if player is not None:
        rows = [r for r in rows if r["player"].casefold() == player.casefold()]
    return sorted(
        rows, key=lambda r: (-r["rating"], -r["plays"], r["player"].casefold(), r["game"])
    )
