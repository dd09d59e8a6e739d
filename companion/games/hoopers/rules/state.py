"""What a tracked match looks like at one moment: teams, hoopers, the scoreboard."""

from __future__ import annotations

from dataclasses import field
from typing import Any

from companion.engine.names import match_prefix
from companion.engine.values import dataclass
from companion.games.hoopers.rules.errors import HooperUnavailable
from companion.games.hoopers.rules.markers import NO_ATTACK
from companion.games.hoopers.rules.onfire import FLAT
from companion.games.hoopers.rules.phase import Phase
from companion.games.hoopers.rules.variants import Variant


@dataclass
class HooperState:
    """One hooper in the match: the Onfire track, points, fouls, cubes, energy."""

    name: str
    onfire: str = FLAT
    points: int = 0
    fouls: int = 0
    injury_cubes: int = 0
    ejected: bool = False
    injuries: list[str] = field(default_factory=list)
    chips: dict[str, int] = field(default_factory=lambda: {"lv1": 0, "lv2": 0})
    # The energy track (companion/games/hoopers/rules/energy.py): the card's printed energy (None:
    # not known, not tracked), what upgrades add to it, and the energy left now.
    energy_card: int | None = None
    energy_extra: int = 0
    energy: int | None = None
    star: bool = False  # carries the [star] hooper upgrade ("One extra energy")
    untracked_played: bool = False  # played a card while the card's energy was not known
    untracked: bool = False  # the table chose not to track it ("0: do not track it")
    warned_in: int | None = None  # the period its "no energy left" was last said in
    # The Series' points markers: "keep track of the points (and which kind of points) and
    # place them on the card of the hooper who scored" — baskets by kind, free throws made.
    made: dict[str, int] = field(default_factory=lambda: {"2ps": 0, "3ps": 0, "lup": 0, "ft": 0})
    # What the gameplans count in this game (rules/gameplan.py): injury cubes received (not
    # the ones a Series game starts with) and the times the hooper was injured.
    cubes_received: int = 0
    injured: int = 0

    @property
    def energy_max(self) -> int | None:
        """ "their own maximum limit which is fixed by the icon on the card plus eventual
        upgrades"."""
        return None if self.energy_card is None else self.energy_card + self.energy_extra

    @property
    def out(self) -> bool:
        return "out" in self.injuries

    def check_can_attack(self, team: str) -> None:
        if self.ejected:
            raise HooperUnavailable(f"{self.name} ({team}) is ejected and cannot shoot")
        blocked = NO_ATTACK.intersection(self.injuries)
        if blocked:
            raise HooperUnavailable(
                f"{self.name} ({team}) cannot attack (injury marker '{sorted(blocked)[0]}')"
            )

    def check_can_defend(self, team: str) -> None:
        if self.ejected:
            raise HooperUnavailable(f"{self.name} ({team}) is ejected and cannot defend")
        blocked = {"out", "no-defense"}.intersection(self.injuries)
        if blocked:
            raise HooperUnavailable(
                f"{self.name} ({team}) cannot defend (injury marker '{sorted(blocked)[0]}')"
            )

    def check_in_game(self, team: str, doing: str) -> None:
        """Ejected or injured out: no part in the game any more."""
        if self.ejected:
            raise HooperUnavailable(f"{self.name} ({team}) is ejected and cannot {doing}")
        if self.out:
            raise HooperUnavailable(
                f"{self.name} ({team}) is out of this game (injury marker 'out') and cannot {doing}"
            )

    def to_json(self) -> dict[str, Any]:
        return {
            "points": self.points,
            "fouls": self.fouls,
            "injury_cubes": self.injury_cubes,
            "ejected": self.ejected,
            "injuries": list(self.injuries),
            "onfire": self.onfire,
            "chips": dict(self.chips),
            "energy": {"now": self.energy, "max": self.energy_max},
            "made": dict(self.made),
        }


@dataclass
class TeamState:
    """One side: its hoopers, tokens, team fouls, line-up and playbooks."""

    name: str
    hoopers: dict[str, HooperState]
    coach_tokens: int
    timeouts: int
    free_throw_bonus: bool = True
    team_fouls: int = 0
    tribe: str | None = None
    # The line-up, once the table gives it: Position token -> hooper on court.
    # None: every hooper of the team is usable (no court or bench tracked).
    court: dict[str, str] | None = None
    subs_open: bool = False  # substitutions cost nothing more right now
    # 'Out of Position': hoopers on court carrying the marker; the second position
    # each hooper of the starting five stands on (the Setup allows first or second).
    out_of_position: set[str] = field(default_factory=set)
    # The Series' home tribe: a tribe power activated moves the hooper on the Onfire track.
    onfire_on_power: bool = False
    series: bool = False  # a game of The Series
    gameplan: bool = False  # took its gameplan card this game (The Series)
    second_positions: dict[str, str] = field(default_factory=dict)
    # Active playbooks ("a coach action token over its card"): {"name", "common"}.
    playbooks: list[dict[str, Any]] = field(default_factory=list)
    # The hooper cards on the court side of the player board, as the game started ("you
    # do not need to move the hooper cards that remain in their respective spaces for all
    # the length of the game"): None without a line-up. The gameplans read them.
    starters: list[str] | None = None
    tokens_spent: int = 0  # coach action tokens spent this game
    hand: int | None = None  # cards held, once the table told it (rules/hand.py)
    fouls_by_period: dict[int, int] = field(default_factory=dict)  # team fouls, by period

    def hooper(self, typed: str) -> HooperState:
        return self.hoopers[match_prefix(typed, self.hoopers, what=f"hooper of {self.name}")]

    def on_court(self, name: str) -> bool:
        return self.court is None or name in self.court.values()

    @property
    def bench(self) -> list[str]:
        if self.court is None:
            return []
        return [h for h in self.hoopers if h not in self.court.values()]

    def position_of(self, name: str) -> str | None:
        """The Position token a hooper on court stands on (None without a line-up)."""
        if self.court is None:
            return None
        return next((pos for pos, h in self.court.items() if h == name), None)

    def check_on_court(self, hooper: HooperState, doing: str) -> None:
        if not self.on_court(hooper.name):
            raise HooperUnavailable(
                f"{hooper.name} ({self.name}) is on the bench and cannot {doing}",
                hint=f"bring them in with 'companion hoopers match sub {self.name} "
                f'--out HOOPER --in "{hooper.name}"\'',
            )


def new_track(home: str) -> dict[str, Any]:
    """The tribe marker before any move: "in the middle of the track on the side of the
    Home Tribe" (rules/series_track.py moves it)."""
    return {"shows": home, "steps": 0, "off": False, "moves": []}


@dataclass
class MatchState:
    """The whole match at one moment: teams, score by period, whose turn, what is owed."""

    id: str
    variant: Variant
    milestone_mode: str
    teams: dict[str, TeamState]  # home first
    pile: list[str]  # injury markers still face down
    first: str | None = None
    period: int = 1
    turn: int = 1
    attacking: str | None = None
    openers: list[str] = field(default_factory=list)
    periods: list[list[int]] = field(default_factory=lambda: [[0, 0]])
    milestones: list[dict[str, Any]] = field(default_factory=list)
    # Friendly Play: "win", "lose" or "off" for each period that has a milestone marker.
    milestone_modes: dict[int, str] = field(default_factory=dict)
    # Free throws the match waits for: team, hooper, count, why, rebound.
    owed: dict[str, Any] | None = None
    # Where the attacking turn stands ('Turn Sequence'): companion/games/hoopers/rules/phase.py.
    phase: Phase = field(default_factory=Phase)
    over: bool = False
    winner: str | None = None
    # Onfire chips spent (team, hooper, use), Muy Schillato's LV.1 chip that came back,
    # and the shot just resolved (team, hooper, kind, scored) for Tap-Out / Goal Tending.
    chips_spent: list[dict[str, str]] = field(default_factory=list)
    chip_back: set[str] = field(default_factory=set)
    last_shot: dict[str, Any] | None = None
    # The hooper whose chip was spent on a block ('match spend … block') that no block has
    # used yet: one chip, one block.
    block_ready: str | None = None
    # Who last won the ball back without a foul (a counter, a defended miss): the hooper
    # whose team may use the Unleashed power.
    ball_won: tuple[str, str] | None = None
    # The fundamentals recorded in the action going on (team, hooper, kind, countered):
    # Chus Kinder's and Faust Exit's free attack, and a counter's fundamental paid once.
    fundamentals: list[dict[str, Any]] = field(default_factory=list)
    # The Unleashed power's hooper: "If the hooper is assigned to both actions, then you
    # spend only one energy" — (team, hooper) until the power's action plays its card.
    power_hooper: tuple[str, str] | None = None
    playbook_board: int = 4  # common playbooks left on the scoreboard this period
    playbook_run: dict[str, Any] | None = None  # the playbook declared in this action
    # The playbook that scored in this turn (team, name, redeemed): its card's chip may be
    # redeemed until the turn token moves (rules/playbooks.py).
    playbook_chip: dict[str, Any] | None = None
    gameplan_pair: str | None = None  # a Series game's gameplan list ("1/2", "3/4", "5/6")
    # A Series game's tribe marker on the mini track (rules/series_track.py).
    series_track: dict[str, Any] | None = None
    # The action the last shot ended (team, fundamentals, attacker, attack_paid, scored,
    # rewarded): a scored playbook's reward recovers what its F2 and A spent.
    last_action: dict[str, Any] | None = None
    energy_told: bool = False  # said how to set an unknown card's energy (once a match)
    hand_told: bool = False  # said that a hand not known is not checked (once a match)
    # The Unleashed power's action reuses the card that won the ball back: the next card
    # of this team leaves no hand (rules/hand.py).
    power_card: str | None = None
    notes: list[str] = field(default_factory=list)  # what the last event did, for the table
    # The Draft variant's draft (rules/draft.py: DraftState), None in any other match.
    draft: Any = None
    # The last few plays in words, for the room's scoreboard (games/hoopers/plays.py).
    plays: list[dict[str, str]] = field(default_factory=list)
    # The card numbers recorded so far, by (team, hooper, stat): what the legal-moves query
    # tries a shot or a counter with (rules/legal.py); not part of the status.
    stats: dict[tuple[str, str, str], int] = field(default_factory=dict)

    @property
    def turn_fresh(self) -> bool:
        """Nothing played yet in this attacking turn: "At THE BEGINNING of your attacking turn"."""
        return self.phase.fresh

    @property
    def order(self) -> list[str]:
        return list(self.teams)

    def team(self, typed: str) -> TeamState:
        return self.teams[match_prefix(typed, self.teams, what="team")]

    def other(self, team: str) -> str:
        return next(t for t in self.teams if t != team)

    def score(self) -> dict[str, int]:
        return {t: sum(p[i] for p in self.periods) for i, t in enumerate(self.teams)}

    def add_points(self, team: str, points: int) -> None:
        self.periods[-1][self.order.index(team)] += points

    @property
    def in_overtime(self) -> bool:
        return self.period > self.variant.periods

    def period_name(self, period: int | None = None) -> str:
        """ "period 3", or "overtime 1" for the first period after the last."""
        period = self.period if period is None else period
        extra = period - self.variant.periods
        return f"overtime {extra}" if extra > 0 else f"period {period}"

    def period_label(self, period: int) -> str:
        """ "P3" on a scoreboard, or "OT1" for the first period after the last (a Fast Play
        game's overtimes are OT1, OT2 too: its periods are fewer)."""
        extra = period - self.variant.periods
        return f"OT{extra}" if extra > 0 else f"P{period}"

    @property
    def pair(self) -> int:
        return (self.turn + 1) // 2

    def result(self) -> dict[str, Any]:
        """The finished-match result kept in history."""
        score = self.score()
        a, b = self.order
        ranks = {a: 1, b: 1}
        if score[a] != score[b]:
            leader = a if score[a] > score[b] else b
            ranks = {leader: 1, self.other(leader): 2}
        winner = self.winner
        if winner is None and score[a] != score[b]:
            winner = a if score[a] > score[b] else b
        return {
            "scores": score,
            "ranks": ranks,
            "winner": winner,
            "periods": [list(p) for p in self.periods],
        }

    def marker(self) -> dict[str, Any] | None:
        """A Series game's tribe marker as it stands (before any move: at its start); None
        when this is not a Series game."""
        if not any(side.series for side in self.teams.values()):
            return None
        return self.series_track or new_track(self.order[0])

    def _track_json(self) -> dict[str, Any]:
        """A Series game: where the tribe marker stands and the moves recorded."""
        track = self.marker()
        if track is None:
            return {}
        return {"series_track": {**track, "moves": [dict(m) for m in track["moves"]]}}

    def _gameplan_json(self) -> dict[str, Any]:
        """A Series game: the gameplan milestones of its list the match can decide."""
        if self.gameplan_pair is None:
            return {}
        from companion.games.hoopers.rules.gameplan import milestones_met

        met, undecided = milestones_met(self, self.gameplan_pair)
        return {
            "gameplan_pair": self.gameplan_pair,
            "gameplan_milestones": met,
            "gameplan_undecided": undecided,
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "status": "over" if self.over else "live",
            "variant": self.variant.name,
            "period": self.period,
            "overtime": self.in_overtime,
            "turn": self.turn,
            "pair": self.pair,
            "attacking": None if self.over else self.attacking,
            "score": self.score(),
            "periods": [list(p) for p in self.periods],
            "period_labels": [self.period_label(i) for i in range(1, len(self.periods) + 1)],
            "milestones": list(self.milestones),
            "team_fouls": {t: s.team_fouls for t, s in self.teams.items()},
            "hoopers": {
                t: {h.name: h.to_json() for h in s.hoopers.values()} for t, s in self.teams.items()
            },
            "line_ups": {
                t: {
                    "court": dict(s.court),
                    "bench": s.bench,
                    "out_of_position": sorted(s.out_of_position),
                }
                for t, s in self.teams.items()
                if s.court is not None
            },
            "free_throws_owed": dict(self.owed) if self.owed else None,
            "coach_tokens": {t: s.coach_tokens for t, s in self.teams.items()},
            "hands": {t: s.hand for t, s in self.teams.items()},
            "timeouts": {t: s.timeouts for t, s in self.teams.items()},
            "injury_pile": len(self.pile),
            "chips_spent": [dict(c) for c in self.chips_spent],
            "gameplans": {t: s.gameplan for t, s in self.teams.items() if s.series},
            "playbooks": {t: [dict(p) for p in s.playbooks] for t, s in self.teams.items()},
            "playbook_board": self.playbook_board,
            "playbook_run": dict(self.playbook_run) if self.playbook_run else None,
            **self._gameplan_json(),
            **self._track_json(),
            **({"draft": self.draft.to_json()} if self.draft is not None else {}),
            "winner": self.winner,
            "notes": list(self.notes),
        }


def is_set_up(event: dict[str, Any]) -> bool:
    """An event written by the set-up (a Series game's carried-over injury cube), not a move."""
    return bool(event.get("data", {}).get("carried"))
