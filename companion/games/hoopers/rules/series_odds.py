"""The Series' odds: each side's exact chance of winning it from where it stands.

The Series is best of seven, played on the schedule's courts (Home Home Away Away Home
Away Home for the tribe that starts at home). Given the chance that the first-named
tribe wins one game at home and away, the chance it wins The Series is summed over the
games still to play, in order, until one side has the wins it needs — exactly, as a
fraction, when the chances are fractions (a chance read from ratings is a float, and so
is its answer). Pure: values in, odds out.

From ratings the chance of one game is not known, only guessed: each manager's skill is
openskill's Normal (μ, σ), and seven games against the same opponent share the one unknown
gap in skill. So the Series' chance is averaged over that gap (`Skills`), not compounded
from one averaged game as if it were sure: after a single friendly between two new players
the winner's chance of The Series is about two in three (67.4 %), not the 81.5 % that
compounding openskill's 65.9 % a game gives. The average is a fixed trapezoid sum over the
gap (no draws).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import erf, exp, sqrt
from typing import Any

from companion.engine.errors import BadInput

Chance = Fraction | float
EVEN = Fraction(1, 2)
REACH = 8.0  # the average reaches ±8 standard deviations of the gap: beyond, nothing counts


@cache
def normal_grid(step: float) -> tuple[tuple[float, float], ...]:
    """(z, weight) with sum(w * f(z)) ≈ E[f(Z)] for a standard Normal Z: the trapezoid rule
    over ±`REACH` in steps of `step`. For the smooth chances here it converges
    geometrically (Gauss-Hermite does not: a Series' chance turns too sharply in the gap,
    32 nodes were 0.2 % off); `Skills` takes a step that keeps it within 1e-6."""
    count = int(REACH / step)
    points = [i * step for i in range(-count, count + 1)]
    density = [exp(-z * z / 2) for z in points]
    total = sum(density)
    return tuple((z, d / total) for z, d in zip(points, density, strict=True))


@dataclass(frozen=True)
class Skills:
    """What two ratings know of the first side's edge: its skill less the other's is
    Normal(`gap`, `spread`²) (openskill's μ₁ − μ₂ and √(σ₁² + σ₂²)); given the gap, one game
    is openskill's own two-player chance Φ(gap / `scale`) (`predict_win` with the skills
    known: `scale` = √2·β), so one game averaged over the gap is exactly openskill's
    prediction, and seven games share the gap. `provisional`: the players whose ratings
    rest on fewer than five rated plays."""

    gap: float
    spread: float
    scale: float
    provisional: tuple[str, ...] = ()

    def games(self) -> tuple[tuple[float, float], ...]:
        """(one game's chance given the gap, its weight) over the quadrature's gaps."""
        return tuple(
            (0.5 * (1 + erf((self.gap + self.spread * z) / (self.scale * sqrt(2)))), w)
            for z, w in normal_grid(self.step())
        )

    def step(self) -> float:
        """A quarter of the gap's deviation, finer when the gap's spread is over twice one
        game's scale (the Series' chance then turns within a narrower band of z)."""
        return 0.25 / max(1.0, self.spread / (2 * self.scale))

    def game(self) -> float:
        """One game's chance, averaged over what the ratings do not know."""
        return sum(p * w for p, w in self.games())

    def series(self, wins: tuple[int, int], needed: int, first_at_home: tuple[bool, ...]) -> float:
        """The Series' chance, averaged the same way (the games share the one gap)."""
        return sum(
            w * float(series_chance(wins, needed, first_at_home, p, p)) for p, w in self.games()
        )


def parse_chance(text: str, option: str) -> Fraction:
    """`0.6`, `3/5` or `60%` -> Fraction(3, 5); from 0 to 1."""
    typed = text.strip()
    try:
        found = Fraction(typed[:-1]) / 100 if typed.endswith("%") else Fraction(typed)
    except (ValueError, ZeroDivisionError):
        raise BadInput(f"{option} '{typed}' is not a chance like 0.6, 3/5 or 60%") from None
    if not 0 <= found <= 1:
        raise BadInput(f"{option} {typed} is not a chance from 0 to 1")
    return found


def series_chance(
    wins: tuple[int, int], needed: int, first_at_home: tuple[bool, ...], home: Chance, away: Chance
) -> Chance:
    """The first side's chance of reaching `needed` wins first, from `wins`, over the games
    left (`first_at_home`: whether the first side is at home in each, in order)."""

    @cache
    def chance(game: int, a: int, b: int) -> Chance:
        if a >= needed:
            return Fraction(1) if isinstance(home, Fraction) else 1.0
        if b >= needed or game == len(first_at_home):
            return Fraction(0) if isinstance(home, Fraction) else 0.0
        p = home if first_at_home[game] else away
        return p * chance(game + 1, a + 1, b) + (1 - p) * chance(game + 1, a, b + 1)

    return chance(0, *wins)


@dataclass(frozen=True)
class SeriesOdds:
    tribes: tuple[str, str]
    wins: tuple[int, int]
    needed: int
    home: Chance  # the first tribe's chance of one game at home
    away: Chance  # and away
    source: str  # "p", "home-away", "ratings" or "even"
    first: Chance  # the first tribe's chance of The Series
    provisional: tuple[str, ...] = ()  # rated sides with fewer than five rated plays

    @property
    def chances(self) -> tuple[Chance, Chance]:
        return self.first, 1 - self.first

    def needs(self) -> tuple[int, int]:
        return tuple(max(0, self.needed - w) for w in self.wins)  # type: ignore[return-value]

    def line(self) -> str:
        return odds_line(self.to_json())

    def to_json(self) -> dict[str, Any]:
        return {
            "from": self.source,
            "provisional": list(self.provisional),
            "game": {"home": _json(self.home), "away": _json(self.away)},
            "sides": [
                {
                    "tribe": tribe,
                    "wins": wins,
                    "needs": needs,
                    "chance": round(float(chance), 6),
                    "exact": str(chance) if isinstance(chance, Fraction) else None,
                }
                for tribe, wins, needs, chance in zip(
                    self.tribes, self.wins, self.needs(), self.chances, strict=True
                )
            ],
        }


def odds_line(doc: dict[str, Any]) -> str:
    """`odds: Keepers 15/16 (94%, needs 1) · Unleashed 1/16 (6%, needs 4) — each game 1/2
    for Keepers`, from `SeriesOdds.to_json()` (what a board is given)."""
    parts = []
    for side in doc["sides"]:
        chance = side["chance"]
        shown = f"{side['exact']} ({chance:.0%}" if side["exact"] else f"({chance:.1%}"
        parts.append(f"{side['tribe']} {shown}, needs {side['needs']})")
    first = doc["sides"][0]["tribe"]
    home, away = (_shown(doc["game"][court]) for court in ("home", "away"))
    said = {
        "p": f"each game {home} for {first}",
        "home-away": f"{first} {home} at home, {away} away",
        "ratings": "each game from their ratings",
        "even": "each game even",
    }[doc["from"]]
    if doc.get("provisional"):
        said += f", provisional ({_fewer(doc['provisional'])} fewer than five rated plays)"
    return f"odds: {' · '.join(parts)} — {said}"


def _fewer(names: list[str]) -> str:
    if len(names) == 1:
        return f"{names[0]} has"
    return f"{', '.join(names[:-1])} and {names[-1]} have"


def _shown(p: dict[str, Any]) -> str:
    return p["exact"] or f"{p['chance']:.0%}"


def _json(p: Chance) -> dict[str, Any]:
    return {"chance": round(float(p), 6), "exact": str(p) if isinstance(p, Fraction) else None}


def odds(
    tribes: tuple[str, str],
    wins: tuple[int, int],
    needed: int,
    first_at_home: tuple[bool, ...],
    home: Chance | Skills = EVEN,
    away: Chance | Skills | None = None,
    source: str = "even",
) -> SeriesOdds:
    """The Series' odds for the games left (`first_at_home`, in order); from `Skills`
    (ratings), averaged over what the ratings do not know."""
    if isinstance(home, Skills):
        first = home.series(wins, needed, first_at_home)
        game = home.game()
        return SeriesOdds(tribes, wins, needed, game, game, source, first, home.provisional)
    away = home if away is None else away
    assert not isinstance(away, Skills)
    first = series_chance(wins, needed, first_at_home, home, away)
    return SeriesOdds(tribes, wins, needed, home, away, source, first)
