"""Exact odds from the dice's own face lists: every d8 face, every d20 face, no simulation."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from companion.games.hoopers.rules.counters import CounterSpec
from companion.games.hoopers.rules.dice import D8, D20
from companion.games.hoopers.rules.fouls import FoulReading
from companion.games.hoopers.rules.free_throws import AUTO_SCORE, free_throw_target
from companion.games.hoopers.rules.shots import (
    FLAGRANT_FREE_THROWS,
    FREE_THROWS_IF_MISSED,
    POINTS,
    ShotSpec,
)


def p_roll_at_most(target: int) -> Fraction:
    """P(d20 <= target); a target of 100 or more needs no roll."""
    if target >= AUTO_SCORE:
        return Fraction(1)
    return Fraction(sum(1 for f in D20.faces if f <= target), len(D20.faces))


def fraction_text(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


@dataclass(frozen=True)
class FaceOdds:
    face: str | None  # None: no foul die (uncontested shot, Manny Gentle)
    probability: Fraction
    reading: FoulReading | None
    target: int | None
    p_score: Fraction
    expected_points: Fraction | None

    def to_json(self) -> dict[str, Any]:
        return {
            "face": self.face,
            "probability": fraction_text(self.probability),
            "foul": bool(self.reading and self.reading.foul),
            "target": self.target,
            "p_score": float(self.p_score),
            "p_score_fraction": fraction_text(self.p_score),
            "expected_points": None
            if self.expected_points is None
            else float(self.expected_points),
        }


@dataclass(frozen=True)
class Odds:
    by_face: tuple[FaceOdds, ...]
    free_throws_counted: bool

    @property
    def p_score(self) -> Fraction:
        return sum((f.probability * f.p_score for f in self.by_face), Fraction(0))

    @property
    def expected_points(self) -> Fraction | None:
        if any(f.expected_points is None for f in self.by_face):
            return None
        return sum((f.probability * f.expected_points for f in self.by_face), Fraction(0))

    def to_json(self) -> dict[str, Any]:
        expected = self.expected_points
        return {
            "p_score": float(self.p_score),
            "p_score_fraction": fraction_text(self.p_score),
            "percent": round(float(self.p_score) * 100, 2),
            "expected_points": None if expected is None else float(expected),
            "expected_points_fraction": None if expected is None else fraction_text(expected),
            "free_throws_counted": self.free_throws_counted,
            "by_face": [f.to_json() for f in self.by_face],
        }


def target_odds(target: int) -> Odds:
    """A bare d20 target: the chance that one roll is at most `target`."""
    p = p_roll_at_most(target)
    return Odds((FaceOdds(None, Fraction(1), None, target, p, None),), False)


def _free_throw_value(spec: ShotSpec) -> Fraction | None:
    stat = spec.free_throw_stat
    return None if stat is None else p_roll_at_most(free_throw_target(stat, spec.away))


def _face_odds(spec: ShotSpec, face: str | None, probability: Fraction) -> FaceOdds:
    reading = spec.read_face(face) if face is not None else None
    # Without the shooter's 2PS the free throws count as worth nothing; the
    # result says so with free_throws_counted = false.
    ft = _free_throw_value(spec) or Fraction(0)
    if reading is not None and reading.charging:
        return FaceOdds(face, probability, reading, None, Fraction(0), Fraction(0))
    if reading is not None and reading.flagrant:
        return FaceOdds(face, probability, reading, None, Fraction(0), FLAGRANT_FREE_THROWS * ft)
    target = spec.target(reading.defense_bonus if reading else 0)
    p = p_roll_at_most(target)
    shot_points = p * POINTS[spec.kind]
    if reading is None or not reading.foul:
        return FaceOdds(face, probability, reading, target, p, shot_points)
    free_throws = p * 1 + (1 - p) * FREE_THROWS_IF_MISSED[spec.kind]
    return FaceOdds(face, probability, reading, target, p, shot_points + free_throws * ft)


def shot_odds(spec: ShotSpec, face: str | None = None) -> Odds:
    """P(the shot scores) and expected points, free throws included when the 2PS is known.

    With `face` the foul die is taken as already rolled.
    """
    if spec.defense is None:
        rows = (_face_odds(spec, None, Fraction(1)),)
    elif face is not None:
        rows = (_face_odds(spec, face, Fraction(1)),)
    else:
        rows = tuple(_face_odds(spec, f, p) for f, p in D8.distribution().items())
    fouls_possible = any(r.reading is not None and r.reading.foul for r in rows)
    counted = not fouls_possible or _free_throw_value(spec) is not None
    return Odds(rows, counted)


def counter_odds(spec: CounterSpec, face: str | None = None) -> Odds:
    """P(the counter succeeds), over the foul die's faces (none for Manny Gentle)."""
    from companion.games.hoopers.rules.fouls import read_foul_die

    if spec.no_foul_die:
        faces: dict[str | None, Fraction] = {None: Fraction(1)}
    elif face is not None:
        faces = {face: Fraction(1)}
    else:
        faces = dict(D8.distribution())
    rows = []
    for f, probability in faces.items():
        reading = read_foul_die(spec.kind, f, flagrant_whistle=spec.flagrant_whistle)
        if reading.foul:
            rows.append(FaceOdds(f, probability, reading, None, Fraction(0), None))
            continue
        stat = spec.required_stat()
        if reading.jump_ball:
            stat = "v" if stat == "o" else "o"
        target = spec.value(stat)
        rows.append(FaceOdds(f, probability, reading, target, p_roll_at_most(target), None))
    return Odds(tuple(rows), False)
