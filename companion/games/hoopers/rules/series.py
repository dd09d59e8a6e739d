"""The Series: best of seven, home and away, and what carries from one game to the next.

A `Series` is a pure value: the tribes, who started at home, and the games
recorded so far. Everything else (wins, who is home next, Susan Peg, who sits
out) is computed from those games, so undoing a game is dropping it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from companion.engine.errors import NothingToUndo, RuleViolation
from companion.engine.events import Step
from companion.games.hoopers.rules.series_errors import (
    BadReward,
    BadScore,
    PeriodsMismatch,
    SeriesDecided,
    TiedScore,
)
from companion.games.hoopers.rules.series_rules import SeriesRules

LIVE, FINISHED, ABANDONED = "live", "finished", "abandoned"


@dataclass(frozen=True)
class Chips:
    """Onfire chips still unspent on a tribe's hoopers at the end of a game."""

    lv1: int = 0
    lv2: int = 0


@dataclass(frozen=True)
class GameReport:
    """What the table reports after one game; every mapping is keyed by tribe."""

    scores: Mapping[str, int]
    periods: tuple[tuple[int, int], ...] = ()  # in the series' tribe order
    ejected: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    injured: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    chips: Mapping[str, Chips] = field(default_factory=dict)
    gameplan: Mapping[str, int] = field(default_factory=dict)
    series_track: str | None = None  # None: the marker never left the home side
    match_id: str | None = None  # the tracked match this game was played as
    # False while the table has not yet said what a tracked match cannot know
    # (gameplan milestones, the series track): its Reward Phase is still to record.
    rewarded: bool = True
    # The hooper upgrades won in this game's Reward Phase, tribe -> hooper -> card
    # (series_upgrades.CARDS): they stay on the hooper for the rest of the Series.
    upgrades: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    # When the game was played (ISO 8601 UTC): `record --when`, `game start --when`, else
    # when it was recorded or its match started. None: a game recorded before dates were kept.
    played: str | None = None

    @property
    def winner(self) -> str:
        return max(self.scores, key=self.scores.__getitem__)

    @property
    def loser(self) -> str:
        return min(self.scores, key=self.scores.__getitem__)

    @property
    def margin(self) -> int:
        return self.scores[self.winner] - self.scores[self.loser]

    def to_doc(self) -> dict[str, Any]:
        return {
            "scores": dict(self.scores),
            "periods": [list(p) for p in self.periods],
            "ejected": {t: list(h) for t, h in self.ejected.items()},
            "injured": {t: list(h) for t, h in self.injured.items()},
            "chips": {t: {"lv1": c.lv1, "lv2": c.lv2} for t, c in self.chips.items()},
            "gameplan": dict(self.gameplan),
            "series_track": self.series_track,
            "match_id": self.match_id,
            "rewarded": self.rewarded,
            "upgrades": {t: dict(u) for t, u in self.upgrades.items()},
            **({"played": self.played} if self.played else {}),
        }

    @classmethod
    def from_doc(cls, doc: Mapping[str, Any]) -> GameReport:
        return cls(
            scores=dict(doc["scores"]),
            periods=tuple((a, b) for a, b in doc.get("periods", [])),
            ejected={t: tuple(h) for t, h in doc.get("ejected", {}).items()},
            injured={t: tuple(h) for t, h in doc.get("injured", {}).items()},
            chips={t: Chips(**c) for t, c in doc.get("chips", {}).items()},
            gameplan=dict(doc.get("gameplan", {})),
            series_track=doc.get("series_track"),
            match_id=doc.get("match_id"),
            rewarded=doc.get("rewarded", True),
            upgrades={t: dict(u) for t, u in doc.get("upgrades", {}).items()},
            played=doc.get("played"),
        )


def check_report(tribes: tuple[str, str], report: GameReport, rules: SeriesRules) -> None:
    """Refuse a report the rules cannot produce; message names the bad value."""
    a, b = tribes
    if set(report.scores) != set(tribes):
        raise BadScore(f"a score is needed for both {a} and {b}")
    score_a, score_b = report.scores[a], report.scores[b]
    for tribe, points in report.scores.items():
        if points < 0:
            raise BadScore(f"{tribe}'s score {points} is negative")
    if score_a == score_b:
        raise TiedScore(
            f"score {score_a}-{score_b} is a tie; Valley Hoopers plays overtime until someone wins"
        )
    if report.periods:
        check_periods(report.periods, (score_a, score_b), rules)
    for tribe, chips in report.chips.items():
        if chips.lv1 < 0 or chips.lv2 < 0:
            raise BadReward(
                f"{tribe}'s chips lv1={chips.lv1},lv2={chips.lv2}: counts cannot be negative"
            )
    for level, box in (("lv1", rules.box_lv1_chips), ("lv2", rules.box_lv2_chips)):
        kept = {t: getattr(c, level) for t, c in report.chips.items() if getattr(c, level)}
        if sum(kept.values()) > box:
            shown = " + ".join(f"{t} {level}={n}" for t, n in kept.items())
            raise BadReward(
                f"chips {shown}: {sum(kept.values())} Onfire {level.upper().replace('V', 'V.')} "
                f"chips kept, but the box has only {box} for both tribes"
            )
    top = rules.max_gameplan_milestones
    for tribe, done in report.gameplan.items():
        if not 0 <= done <= top:
            raise BadReward(
                f"{tribe}'s gameplan milestones {done}: a gameplan card has 0 to {top} for a game"
            )
    if report.series_track is not None and report.series_track not in tribes:
        raise BadScore(f"series track tribe '{report.series_track}' is not in this series")


def check_periods(
    periods: tuple[tuple[int, int], ...], score: tuple[int, int], rules: SeriesRules
) -> None:
    """Periods must add up to the score; overtimes only follow a level score."""
    shown = ",".join(f"{a}-{b}" for a, b in periods)
    if len(periods) < rules.regulation_periods:
        raise PeriodsMismatch(
            f"periods {shown}: a game has {rules.regulation_periods} periods (plus overtimes)"
        )
    if any(a < 0 or b < 0 for a, b in periods):
        raise PeriodsMismatch(f"periods {shown}: a period score cannot be negative")
    total = (sum(a for a, _ in periods), sum(b for _, b in periods))
    if total != score:
        raise PeriodsMismatch(
            f"periods {shown} add up to {total[0]}-{total[1]}, not the score {score[0]}-{score[1]}"
        )
    running = [0, 0]
    for number, (a, b) in enumerate(periods[:-1], start=1):
        running = [running[0] + a, running[1] + b]
        if number >= rules.regulation_periods and running[0] != running[1]:
            raise PeriodsMismatch(
                f"periods {shown}: {running[0]}-{running[1]} after period {number} "
                "is not level, so no further overtime is played"
            )


@dataclass(frozen=True)
class GameSetup:
    """What the table sets up before game `number` ("Prepare The Series")."""

    number: int
    home: str
    away: str
    gameplan_pair: str
    can_win_series: tuple[str, ...]
    susan_peg: str | None
    sits_out: Mapping[str, tuple[str, ...]]
    starts_injured: Mapping[str, tuple[str, ...]]


@dataclass(frozen=True)
class Series:
    id: str
    tribes: tuple[str, str]
    home_tribe: str  # the tribe at home in game 1
    name: str | None = None
    seed: int | None = None
    status: str = LIVE
    created: str | None = None
    games: tuple[GameReport, ...] = ()
    pending_match: str | None = None  # a tracked match being played as the next game
    pending_played: str | None = None  # that game's date when `game start --when` gave one
    updated: str | None = None  # when the table last changed it
    # The [star] upgrade each tribe sleeved at the Series' setup: tribe -> hooper.
    stars: Mapping[str, str] = field(default_factory=dict)
    # Who manages each tribe: tribe -> person. Empty for a series started with tribes
    # only (before people were named): its games have no people to count.
    managers: Mapping[str, str] = field(default_factory=dict)

    @property
    def people(self) -> tuple[str, ...]:
        """The people managing the tribes, in tribe order (empty: none were named)."""
        if len(self.managers) != len(self.tribes):
            return ()
        return tuple(self.managers[t] for t in self.tribes)

    def side(self, tribe: str) -> str:
        """Who plays `tribe` in a game's record: its manager, else the tribe itself."""
        return self.managers.get(tribe, tribe)

    def sides(self) -> tuple[str, str]:
        a, b = self.tribes
        return self.side(a), self.side(b)

    def roles(self) -> dict[str, str]:
        """person -> tribe, as a game's record keeps it (empty without managers)."""
        return {self.managers[t]: t for t in self.tribes} if self.people else {}

    def label(self, tribe: str) -> str:
        """`Keepers (Ana)`: the tribe and who manages it."""
        person = self.managers.get(tribe)
        return f"{tribe} ({person})" if person else tribe

    def other(self, tribe: str) -> str:
        return self.tribes[1] if tribe == self.tribes[0] else self.tribes[0]

    def home_in(self, number: int, rules: SeriesRules) -> str:
        court = rules.courts[number - 1]
        return self.home_tribe if court == "home" else self.other(self.home_tribe)

    def wins_before(self, number: int) -> dict[str, int]:
        """Wins each after games 1 .. number-1."""
        wins = dict.fromkeys(self.tribes, 0)
        for game in self.games[: number - 1]:
            wins[game.winner] += 1
        return wins

    @property
    def wins(self) -> dict[str, int]:
        return self.wins_before(len(self.games) + 1)

    def winner(self, rules: SeriesRules) -> str | None:
        return next((t for t, n in self.wins.items() if n >= rules.wins_needed), None)

    def next_game(self, rules: SeriesRules) -> int | None:
        if self.status != LIVE or self.winner(rules) is not None:
            return None
        return len(self.games) + 1

    def susan_peg_in(self, number: int, rules: SeriesRules) -> str | None:
        """Who may field Susan Peg in game `number`.

        Before any game but the last, a tribe one win from the series hands her
        to its opponent; she stays with that tribe for the following games
        before the last. In the last game (game 7, level at three wins each)
        nobody fields her, unless `rules.susan_peg_in_last_game`.
        """
        if number >= rules.games and not rules.susan_peg_in_last_game:
            return None
        for game in range(1, number + 1):
            if game >= rules.games:
                break
            threatening = [
                t for t, n in self.wins_before(game).items() if n == rules.wins_needed - 1
            ]
            if len(threatening) == 1:
                return self.other(threatening[0])
        return None

    def _carried(self, number: int, rules: SeriesRules, kind: str) -> dict[str, tuple[str, ...]]:
        reach = rules.ejected_games_missed if kind == "ejected" else 1
        carried: dict[str, list[str]] = {t: [] for t in self.tribes}
        for earlier in range(max(1, number - reach), number):
            if earlier > len(self.games):
                continue
            names = getattr(self.games[earlier - 1], kind)
            for tribe in self.tribes:
                for hooper in names.get(tribe, ()):
                    if hooper not in carried[tribe]:
                        carried[tribe].append(hooper)
        return {t: tuple(h) for t, h in carried.items()}

    def sits_out_in(self, number: int, rules: SeriesRules) -> dict[str, tuple[str, ...]]:
        """Hoopers ejected (four foul cubes) in the game before: they miss this one."""
        return self._carried(number, rules, "ejected")

    def starts_injured_in(self, number: int, rules: SeriesRules) -> dict[str, tuple[str, ...]]:
        """Hoopers injured in the game before: they start this one with two injury cubes."""
        return self._carried(number, rules, "injured")

    def setup_for(self, number: int, rules: SeriesRules) -> GameSetup:
        home = self.home_in(number, rules)
        wins = self.wins_before(number)
        return GameSetup(
            number=number,
            home=home,
            away=self.other(home),
            gameplan_pair=rules.gameplan_pairs[number - 1],
            can_win_series=tuple(t for t in self.tribes if wins[t] == rules.wins_needed - 1),
            susan_peg=self.susan_peg_in(number, rules),
            sits_out=self.sits_out_in(number, rules),
            starts_injured=self.starts_injured_in(number, rules),
        )

    def with_game(self, report: GameReport, rules: SeriesRules) -> Series:
        """The series after recording the next game; refuses once it is decided."""
        if self.status == ABANDONED:
            raise RuleViolation(f"series {self.id} was abandoned; start a new one")
        winner = self.winner(rules)
        if winner is not None:
            raise SeriesDecided(
                f"series {self.id} is decided: {winner} won "
                f"{self.wins[winner]}-{self.wins[self.other(winner)]}; no more games"
            )
        if self.pending_match is not None and report.match_id != self.pending_match:
            raise RuleViolation(
                f"game {len(self.games) + 1} is being played as tracked match {self.pending_match}",
                hint="end it with 'companion hoopers match end' (or --abandon) first",
            )
        check_report(self.tribes, report, rules)
        after = replace(self, games=(*self.games, report), pending_match=None, pending_played=None)
        return replace(after, status=FINISHED) if after.winner(rules) else after

    def with_amended(self, number: int, rules: SeriesRules, **changes: Any) -> Series:
        """Game `number` with some of what the table reports replaced (not the score).

        Mappings are merged tribe by tribe, so amending one tribe keeps the other's.
        """
        from companion.games.hoopers.rules.series_errors import NoSuchGame

        if self.status == ABANDONED:
            raise RuleViolation(f"series {self.id} was abandoned")
        if not 1 <= number <= len(self.games):
            raise NoSuchGame(f"game {number} has not been recorded in series {self.id}")
        game = self.games[number - 1]
        merged = {
            key: {**getattr(game, key), **value} if isinstance(value, Mapping) else value
            for key, value in changes.items()
        }
        amended = replace(game, **merged, rewarded=True)
        check_report(self.tribes, amended, rules)
        games = list(self.games)
        games[number - 1] = amended
        return replace(self, games=tuple(games))

    def linked_to(self, match_id: str, rules: SeriesRules, played: str | None = None) -> Series:
        """The series with its next game being played as tracked match `match_id` (on
        `played`, when the table said another day)."""
        if self.next_game(rules) is None:
            raise SeriesDecided(f"series {self.id} has no next game ({self.status})")
        if self.pending_match is not None:
            raise RuleViolation(
                f"game {len(self.games) + 1} is already being played as match {self.pending_match}"
            )
        return replace(self, pending_match=match_id, pending_played=played)

    def unlinked(self) -> Series:
        """The series after its tracked match was abandoned: the game is still to play."""
        return replace(self, pending_match=None, pending_played=None)

    def without_last_game(self) -> Series:
        if self.status == ABANDONED:
            raise RuleViolation(f"series {self.id} was abandoned; nothing to undo")
        if self.pending_match is not None:
            # The tracked match was set up (home, Susan Peg, carry-over) for the next game.
            raise RuleViolation(
                f"game {len(self.games) + 1} is being played as tracked match {self.pending_match}",
                hint="end it with 'companion hoopers match end' (or --abandon) first",
            )
        if not self.games:
            raise NothingToUndo(f"series {self.id} has no recorded game to undo")
        return replace(self, games=self.games[:-1], status=LIVE)

    def to_doc(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "tribes": list(self.tribes),
            "home_tribe": self.home_tribe,
            "seed": self.seed,
            "status": self.status,
            "created": self.created,
            "games": [g.to_doc() for g in self.games],
            "pending_match": self.pending_match,
            **({"pending_played": self.pending_played} if self.pending_played else {}),
            "updated": self.updated,
            "stars": dict(self.stars),
            "managers": dict(self.managers),
        }

    @classmethod
    def from_doc(cls, doc: Mapping[str, Any]) -> Series:
        a, b = doc["tribes"]
        return cls(
            id=doc["id"],
            tribes=(a, b),
            home_tribe=doc["home_tribe"],
            name=doc.get("name"),
            seed=doc.get("seed"),
            status=doc.get("status", LIVE),
            created=doc.get("created"),
            games=tuple(GameReport.from_doc(g) for g in doc.get("games", [])),
            pending_match=doc.get("pending_match"),
            pending_played=doc.get("pending_played"),
            updated=doc.get("updated"),
            stars=dict(doc.get("stars", {})),
            managers=dict(doc.get("managers") or {}),
        )


class SeriesFold:
    """An archived Series as an event fold (`companion.engine.events`): one `game` event per game.

    The live Series is a document, changed value by value (`with_game`,
    `with_amended`, `without_last_game`); its history record keeps the games
    as events, and `history replay` folds them back with this.
    """

    def __init__(self, rules: SeriesRules | None = None) -> None:
        self.rules = rules

    def _rules(self) -> SeriesRules:
        from companion.games.hoopers.rules.series_rules import default_series_rules

        return self.rules or default_series_rules()

    def initial(self, match: Mapping[str, Any]) -> Series:
        # A series played by people files them as its players, each with the tribe as role.
        roles = match["options"].get("roles") or {}
        a, b = (roles.get(p, p) for p in match["players"])
        managers = {roles[p]: p for p in match["players"] if p in roles}
        return Series(
            id=match["id"],
            tribes=(a, b),
            home_tribe=match["options"]["home_tribe"],
            managers=managers,
        )

    def apply(self, state: Series, event: Mapping[str, Any], rng: Any) -> Step[Series]:
        if event["type"] != "game":
            raise RuleViolation(f"a series records games, not '{event['type']}'")
        report = GameReport.from_doc(event["data"])
        after = state.with_game(report, self._rules())
        return Step(after, dict(event), report)
