"""An ejected or injured-out hooper's place is filled before play goes on.

'Foul: Basic Concepts': "When an hooper gets his fourth red cube, he/she is immediately
ejected. You need to flip the hooper's card face down and send him/her to the bench. A
benchwarmer of your choice will take the vacant position." The injury marker "can no
longer be part of this game. Move him/her to the bench" leaves the same vacancy.

Pure: the match refuses a move of play while a place is vacant and a benchwarmer can
take it; the CLI (on a terminal) and guided play ask who comes in.
"""

from __future__ import annotations

from companion.engine.errors import RuleViolation
from companion.engine.values import dataclass
from companion.games.hoopers.rules.errors import FreeThrowsOwed
from companion.games.hoopers.rules.state import MatchState

# The moves of play a vacant place holds up; bookkeeping (cubes, points, the free throws
# owed, a substitution) goes on.
PLAY_MOVES = frozenset({"shot", "counter", "block", "turn", "timeout", "spend"})


class VacantPlace(RuleViolation):
    """A move of play while a hooper's place on court is still empty: `vacancy` names the
    fact a face at a terminal asks (companion/games/hoopers/askers.py)."""

    def __init__(self, vacancy: Vacancy) -> None:
        super().__init__(
            f"{vacancy.hooper} ({vacancy.team}) is {vacancy.why}: a benchwarmer takes the "
            f"{vacancy.token} token before play goes on ({', '.join(vacancy.bench)})",
            hint=f"'{vacancy.command()}' (no coach action token)",
        )
        self.vacancy = vacancy


@dataclass(frozen=True)
class Vacancy:
    """A place on court left empty, and the benchwarmers who may take it."""

    team: str
    hooper: str  # ejected or out, still on the Position token
    token: str
    bench: tuple[str, ...]  # who may come in
    hooper_ejected: bool = True

    @property
    def why(self) -> str:
        return "ejected" if self.hooper_ejected else "out of the game"

    def command(self) -> str:
        return f'companion hoopers match sub {self.team} --out "{self.hooper}" --in HOOPER'


def vacancies(state: MatchState) -> list[Vacancy]:
    """Every place on court held by an ejected or injured-out hooper with a benchwarmer
    free to take it (with nobody on the bench able to, the team plays on short)."""
    found = []
    for side in state.teams.values():
        if side.court is None:
            continue
        bench = tuple(
            h for h in side.bench if not side.hoopers[h].ejected and not side.hoopers[h].out
        )
        for token, name in side.court.items():
            hooper = side.hoopers[name]
            if (hooper.ejected or hooper.out) and bench:
                found.append(Vacancy(side.name, name, token, bench, hooper.ejected))
    return found


def check_places_filled(state: MatchState, kind: str) -> None:
    if kind not in PLAY_MOVES:
        return
    for vacancy in vacancies(state):
        raise VacantPlace(vacancy)


def owed_refusal(state: MatchState) -> FreeThrowsOwed:
    """The refusal of a move while `state.owed` free throws are still to be shot."""
    owed = state.owed
    assert owed is not None
    return FreeThrowsOwed(owed, away=not state.teams[owed["team"]].free_throw_bonus)


def waits_for(state: MatchState) -> list[RuleViolation]:
    """What the match waits for before play goes on, as the refusals a move of play would
    get now (free throws owed come first, then each place left empty): a face at a
    terminal asks each one's fact."""
    if state.owed is not None:
        return [owed_refusal(state)]
    return [VacantPlace(vacancy) for vacancy in vacancies(state)]
