"""Each hooper's energy track in a tracked match ('Basic Concept to Keep in Mind', 'Game
Structure', 'Period Structure', 'Coach Actions', 'Onfire Chips LV.2').

"You will spend one energy for every card you will play during your action." A hooper's
maximum is "the icon on the card plus eventual upgrades": the card's number is not in the
rulebook, so the table gives it once (`companion hoopers match energy TEAM HOOPER --max N`,
kept in the table's catalogue for every later match); a hooper whose card's energy is not
known is not tracked, and the match says once how to set it.

Spending (one energy per card the hooper plays): a fundamental, an attack, a defence, a
counter (steal, intercept, offensive rebound), a block (its defence or counter card).
Skills that spend none: Vernon Dely's pass, Chus Kinder's attack after a teammate's pass,
Henry Closure's defence of a 3 points shot, Faust Exit's attack after a teammate's screen,
Serge Ceptor's intercept, Wally Block's screen. LV.2 chips "without playing any cards and
without spending any energy"; free throws are no card.

Recovering, never above the maximum: the bench +1 after pairs 2, 4 and 6 (none in an
overtime); before periods 2, 3 and 4: +1, one below the maximum, +1 (none before an
overtime); a timeout +1 for each of the caller's hoopers and two energies on two of the
opponent's; the hooper who goes to the bench on a substitution +1; an Energy Drink: all;
a period milestone's upgrade raises the maximum and the track by its energies. Never
Tired: "If he should recover energy, then he recovers one extra energy."

The one rule the faces ask (`energy_warning`): a hooper with no energy left cannot play
the card — "If you are not able to attack, for example if you are out of energy or out of
cards, you need to end up your turn" — which the match warns of and does not refuse
(docs/hoopers.md, Rulings: the board is the truth, and the count may lack a donation).

Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from companion.engine.errors import BadInput
from companion.engine.names import possessive
from companion.games.hoopers.rules.skills import has_skill
from companion.games.hoopers.rules.state import HooperState, MatchState

MAX_ENERGY = 20  # a bound for typed numbers, far above any card's
# The period milestones' upgrade cards ('Milestones: Every Period Matters'): "two extra
# energies", "one extra energy", "three extra energies"; the [star] upgrade "One extra energy".
MILESTONE_ENERGY = {1: 2, 2: 1, 3: 3}
STAR_ENERGY = 1
SHOT_CARDS = {"2ps": "2 points shot", "3ps": "3 points shot", "lup": "lay-up"}
OUT_RULE = (
    "'If you are not able to attack, for example if you are out of energy or out of "
    "cards, you need to end up your turn'"
)
# Skills that make a card cost nothing, by the card: skill -> why.
FREE_PASS = {"vernon": "Vernon Dely does not spend any energy to pass"}
FREE_SCREEN = {"wally": "Wally Block does not spend any energy to screen"}
FREE_INTERCEPT = {"serge": "Serge Ceptor does not spend any energy to intercept"}
FREE_D3 = {"henry": "Henry Closure does not spend any energy to defend a 3 points shot"}


def check_energy(value: Any, what: str) -> int:
    """A typed energy: a whole number from 0 to MAX_ENERGY."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput(f"{what} must be a whole number, not {value!r}")
    if not 0 <= value <= MAX_ENERGY:
        raise BadInput(f"{what} {value} is out of range (0 to {MAX_ENERGY})")
    return value


def set_card(hooper: HooperState, card: int) -> None:
    """The energy printed on the card becomes known: the track starts full (the Setup:
    "Set the energy tokens ... according to the energy shown on the relative card")."""
    hooper.energy_card = card
    hooper.energy = hooper.energy_max


def energy_warning(state: MatchState, team: str, hooper: HooperState, card: str) -> str | None:
    """The warning for `hooper` of `team` about to play `card` with no energy left (None:
    energy left, not tracked, or already said this period: once a period is enough for the
    table to look at the board). Asked by the match's fold and by guided play."""
    if hooper.untracked or hooper.energy_max is None or (hooper.energy or 0) > 0:
        return None
    if hooper.warned_in == state.period:
        return None
    return (
        f"warning: {hooper.name} ({team}) has no energy left for this {card}: {OUT_RULE} "
        f"(if the board shows energy, correct it: 'companion hoopers match energy {team} "
        f'"{hooper.name}" N\')'
    )


def spend(
    state: MatchState,
    team: str,
    hooper: HooperState,
    card: str,
    free: str | None = None,
    played: bool = True,
) -> bool:
    """`hooper` plays `card`: one energy, unless `free` (a skill) says none. Whether one
    was spent (a playbook's reward gives back only what was spent). `played`: a card
    leaves `team`'s hand (not Perry Hel's help, nor a chip's block: rules/hand.py)."""
    if played:
        from companion.games.hoopers.rules.hand import play_card

        play_card(state, team)
    if free is not None:
        state.notes.append(f"{free}: {hooper.name}'s energy stays")
        return False
    if hooper.energy_max is None:
        hooper.untracked_played = True
        if not hooper.untracked:  # the table's own choice needs no reminder
            _tell_unknown(state, team, hooper)
        return False
    if (hooper.energy or 0) <= 0:
        warning = energy_warning(state, team, hooper, card)
        if warning is not None:
            state.notes.append(warning)
            hooper.warned_in = state.period
        return False
    hooper.energy = (hooper.energy or 0) - 1
    left = "out of energy: flip the token" if hooper.energy == 0 else f"{hooper.energy} left"
    state.notes.append(f"{hooper.name} ({team}) spends one energy on the {card}: {left}")
    return True


def _tell_unknown(state: MatchState, team: str, hooper: HooperState) -> None:
    if state.energy_told:
        return
    state.energy_told = True
    state.notes.append(
        f"{hooper.name}'s energy is not tracked (the card's energy is not known yet): set "
        f"it once with 'companion hoopers match energy {team} \"{hooper.name}\" --max N', "
        "remembered for every match"
    )


def recover(hooper: HooperState, amount: int) -> int:
    """`amount` energies back (Never Tired one more), never above the maximum; how many."""
    if hooper.energy_max is None or amount <= 0 or hooper.ejected or hooper.out:
        return 0
    if has_skill(hooper, "never-tired"):
        amount += 1
    before = hooper.energy or 0
    hooper.energy = min(hooper.energy_max, before + amount)
    return hooper.energy - before


def _recovered_note(state: MatchState, who: Iterable[tuple[str, HooperState, int]], why: str):
    done = [f"{h.name} ({team}) +{n} → {h.energy}" for team, h, n in who if n]
    if done:
        state.notes.append(f"{why}: " + ", ".join(done))


def bench_recovers(state: MatchState) -> None:
    """After pairs 2, 4 and 6: "each hooper on the bench recovers one energy until his/her
    maximum" (the caller skips overtimes). Without a line-up the bench is not known."""
    done = []
    for team in state.teams.values():
        if team.court is None:
            tracked = [h for h in team.hoopers.values() if h.energy_max is not None]
            if tracked:
                # Only a team that has him hears of Never Tired's two.
                his = [h.name for h in tracked if has_skill(h, "never-tired")]
                state.notes.append(
                    f"{possessive(team.name)} bench is not known (no line-up): its benchwarmers "
                    f"recover one energy ('match energy {team.name} HOOPER --recover 1'"
                    + "".join(f"; {name} 2" for name in his)
                    + ")"
                )
            continue
        for name in team.bench:
            hooper = team.hoopers[name]
            done.append((team.name, hooper, recover(hooper, 1)))
    _recovered_note(state, done, "the bench recovers")


def period_recovers(state: MatchState, ended: int) -> None:
    """Before the period after `ended` (never before an overtime: the caller's): +1 after
    the first and third, "one step below their maximum" after the second ("if an hooper
    is full of energy, do not update"); Never Tired +2 and full."""
    done = []
    for team in state.teams.values():
        for hooper in team.hoopers.values():
            if hooper.energy_max is None or hooper.ejected or hooper.out:
                continue
            if ended == 2:
                before = hooper.energy or 0
                if has_skill(hooper, "never-tired"):
                    target = hooper.energy_max
                else:
                    target = max(before, hooper.energy_max - 1)
                hooper.energy = target
                done.append((team.name, hooper, target - before))
            else:
                done.append((team.name, hooper, recover(hooper, 1)))
    _recovered_note(state, done, "energy recovered")


def timeout_recovers(
    state: MatchState, caller: str, rest: list[str], *, both: bool = False
) -> list[str]:
    """ "each hooper of yours recover one energy"; "the hoopers of your opponent recover a
    total of two energies to distribute to two different hoopers of his/her choice"
    (`rest`, their names as given; none given: a reminder). The names as stored.
    `both`: the opponent spent a coach action token "to gain all the benefits of the
    timeout": each of its hoopers recovers one too."""
    side = state.teams[caller]
    done = [(caller, h, recover(h, 1)) for h in side.hoopers.values()]
    _recovered_note(state, done, f"{caller}'s timeout")
    other = state.teams[state.other(caller)]
    if both:
        theirs = [(other.name, h, recover(h, 1)) for h in other.hoopers.values()]
        _recovered_note(state, theirs, f"{other.name}'s coach action token")
        return []
    chosen = [other.hooper(name) for name in rest]
    if len({h.name for h in chosen}) != len(chosen) or len(chosen) > 2:
        raise BadInput(
            f"{other.name} recovers two energies on two different hoopers: name two "
            f"(--rest HOOPER --rest HOOPER), not {', '.join(h.name for h in chosen)}"
        )
    for hooper in chosen:
        hooper.check_in_game(other.name, "recover energy")
    _recovered_note(
        state, [(other.name, h, recover(h, 1)) for h in chosen], f"{other.name} recovers"
    )
    if len(chosen) < 2 and any(h.energy_max is not None for h in other.hoopers.values()):
        state.notes.append(
            f"{other.name} recovers two energies on two different hoopers of its choice: "
            f"'match energy {other.name} HOOPER --recover 1' for each one not named with --rest"
        )
    return [h.name for h in chosen]


def fundamentals_before(state: MatchState, team: str, kind: str, other_than: str) -> bool:
    """A teammate of `other_than` played a `kind` (pass, screen) in this action."""
    return any(
        f["team"] == team and f["kind"] == kind and f["hooper"] != other_than
        for f in state.fundamentals
    )


def attack_free(state: MatchState, team: str, shooter: HooperState) -> str | None:
    """Chus Kinder after a teammate's pass, Faust Exit after a teammate's screen."""
    if has_skill(shooter, "chus") and fundamentals_before(state, team, "pass", shooter.name):
        return "after a teammate's pass Chus Kinder does not spend any energy to attack"
    if has_skill(shooter, "faust") and fundamentals_before(state, team, "screen", shooter.name):
        return "after a teammate's screen Faust Exit does not spend any energy to attack"
    return None


def power_free(state: MatchState, team: str, hooper: str) -> str | None:
    """The Unleashed power's card: "If the hooper is assigned to both actions, then you
    spend only one energy" — the first card of the power's action, by the hooper who won
    the ball back, spends none. The power is one action: any first card uses it up."""
    owner = state.power_hooper
    state.power_hooper = None
    if owner == (team, hooper):
        return (
            f"the Unleashed power: {hooper} is assigned to both actions and spends only one energy"
        )
    return None


def fundamental_free(hooper: HooperState, kind: str) -> str | None:
    for skill, why in {**(FREE_PASS if kind == "pass" else {}),
                       **(FREE_SCREEN if kind == "screen" else {})}.items():  # fmt: skip
        if has_skill(hooper, skill):
            return why
    return None


def counter_free(hooper: HooperState, kind: str) -> str | None:
    if kind == "intercept" and has_skill(hooper, "serge"):
        return FREE_INTERCEPT["serge"]
    return None


def defence_free(hooper: HooperState, shot_kind: str) -> str | None:
    if shot_kind == "3ps" and has_skill(hooper, "henry"):
        return FREE_D3["henry"]
    return None


# --- reminders for a Never Tired whose energy is not tracked ----------------------------


def never_tired(state: MatchState) -> list[tuple[str, str]]:
    """(team, hooper) of every untracked Never Tired still in the game with his skill."""
    return [
        (team.name, hooper.name)
        for team in state.teams.values()
        for hooper in team.hoopers.values()
        if has_skill(hooper, "never-tired")
        and not hooper.ejected
        and not hooper.out
        and hooper.energy_max is None
    ]


def period_end_notes(state: MatchState, ended: int) -> list[str]:
    """Never Tired's extra energy before the period after `ended` (none before an overtime:
    "If an overtime will be played the hoopers don't recover any energy")."""
    if ended >= state.variant.periods:
        return []
    what = "becomes full of energy" if ended == 2 else "recovers one extra energy (two)"
    return [f"{hooper} ({team}) {what}: his skill" for team, hooper in never_tired(state)]


def bench_recovery_notes(state: MatchState) -> list[str]:
    """Never Tired on the bench when the bench recovers one energy: he recovers two."""
    notes = []
    for team, hooper in never_tired(state):
        side = state.teams[team]
        if side.court is None:
            notes.append(f"{hooper} ({team}), if on the bench, recovers two (his skill)")
        elif not side.on_court(hooper):
            notes.append(f"{hooper} ({team}) on the bench recovers two (his skill)")
    return notes
