"""Who is likely to win tonight, and how often the favourite really did.

Both come from openskill's own prediction (`predict_win` of the Plackett-Luce model the
ratings use), over the ratings `ratings.rate` replays: no home-made formula. A player
with fewer than `PROVISIONAL` plays of the game is marked provisional: their rating
still holds mostly the starting guess.

`check` replays the history oldest first and, before each rated match is rated, asks
openskill for every player's chance: the favourite is the one with the highest (a match
where two share it has none). It reports how often the favourite was ranked first, beside
the chance openskill gave them on average — a calibrated model has the two close.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from companion.history.ratings import Line, Match, model, rate

PROVISIONAL = 5  # plays of a game before a rating is more than a first guess


def predict(
    lines: dict[tuple[str, str], Line], game: str, players: Sequence[str]
) -> list[dict[str, Any]]:
    """Each player's chance of winning `game` against the others (in the order given).

    A player never rated in `game` starts from openskill's default rating (0 plays).
    """
    rater = model()
    held = []
    for player in players:
        line = lines.get((game, player))
        held.append((player, line.rating if line else rater.rating(), line.plays if line else 0))
    chances = rater.predict_win([[rating] for _, rating, _ in held])
    return [
        {
            "player": player,
            "chance": round(chance, 4),
            "plays": plays,
            "provisional": plays < PROVISIONAL,
        }
        for (player, _, plays), chance in zip(held, chances, strict=True)
    ]


def check(matches: Iterable[Match], game: str | None = None) -> dict[str, Any]:
    """How often the favourite (openskill's, just before each match) was ranked first."""
    from companion.history.headtohead import ranks_of
    from companion.history.queries import game_of
    from companion.history.ratings import is_rated, when

    lines: dict[tuple[str, str], Line] = {}
    predicted = won = 0
    expected = 0.0
    played = sorted((m for m in matches if is_rated(m)), key=lambda m: (when(m), m["id"]))
    for match in played:
        kind = game_of(match)
        ranks = ranks_of(match["result"])
        players = [p for p in match["players"] if isinstance(ranks.get(p), int | float)]
        if len(players) >= 2 and (game is None or kind == game):
            rows = predict(lines, kind, players)
            top = max(r["chance"] for r in rows)
            favourites = [r for r in rows if r["chance"] == top]
            if len(favourites) == 1:
                predicted += 1
                expected += favourites[0]["chance"]
                won += ranks[favourites[0]["player"]] == 1
        rate([match], lines)
    return {
        "game": game,
        "matches": predicted,
        "favourite_won": won,
        "rate": round(won / predicted, 4) if predicted else None,
        "expected": round(expected / predicted, 4) if predicted else None,
    }


def game_for(lines: dict[tuple[str, str], Line], players: Sequence[str]) -> str | None:
    """The one game every named player has a rating in, None when it is not one game."""
    games = [{g for g, p in lines if p == player} for player in players]
    games = [held for held in games if held]  # a newcomer is rated in no game yet
    common = set.intersection(*games) if games else set()
    return next(iter(common)) if len(common) == 1 else None
