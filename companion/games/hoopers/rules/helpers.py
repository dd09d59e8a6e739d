"""Two personal skills that give to a teammate ('The Tribes', Keepers):

- "C - Perry Hel: He can spend one energy to add his defense stat to one defending
  teammate. If he does not have the defensive position required, then add only the half
  the value." His stat and whether he has the position are the card's: typed (`match
  shot … --perry N [--perry-half]`), else read off his card and the shooter's Position
  token when they are known (`--perry-help`; card_fill.py: `with_perry_card`); the half
  is rounded down to a whole point — with every stat and roll in fives the outcome is
  the same as with the exact half.
- "PF - Maddy Cure: If her attack is successful, then one teammate of your choice
  recovers one energy." (`match shot … --gift HOOPER`, or the `gift` move after it:
  `match gift TEAM HOOPER`, which guided play records.)

The match's shot asks these (`perry_help`, `maddy_gift`); guided play asks the same.

Pure: no I/O.
"""

from __future__ import annotations

from typing import Any

from companion.engine.errors import BadInput, RuleViolation
from companion.games.hoopers.rules.energy import recover, spend
from companion.games.hoopers.rules.skills import has_skill
from companion.games.hoopers.rules.state import MatchState, TeamState

PERRY, MADDY = "Perry Hel", "Maddy Cure"


def perry_of(side: TeamState) -> Any:
    """Perry Hel of `side`, on court with his skill, or None."""
    for hooper in side.hoopers.values():
        if has_skill(hooper, "perry") and side.on_court(hooper.name) and not hooper.out:
            return hooper
    return None


def perry_help(
    state: MatchState, side: TeamState, defender: Any, help_: dict[str, Any] | None
) -> int:
    """The defence Perry Hel adds to `defender` of `side` (0 without his help); spends his
    energy."""
    if not help_:
        return 0
    if defender is None:
        raise BadInput("Perry Hel adds his defence to a defending teammate: give --defense")
    perry = perry_of(side)
    if perry is None:
        raise RuleViolation(
            f"{side.name} has no Perry Hel on court with his skill to add his defence "
            "('He can spend one energy to add his defense stat to one defending teammate'); "
            "legal now: the defence without his help"
        )
    if perry.name == defender.name:
        raise RuleViolation(
            "Perry Hel adds his defence to 'one defending teammate', not to his own; "
            "legal now: his defence alone, without the help"
        )
    perry.check_can_defend(side.name)
    value = perry_value(help_)
    spend(state, side.name, perry, "defence help", played=False)  # a skill, not a card
    state.notes.append(f"Perry Hel adds his defence {value} to {defender.name}'s{_why(help_)}")
    return value


def _why(help_: dict[str, Any]) -> str:
    """The half or the whole, and what decided it: the table's word, his card's defence
    flags against the Position token (`against`), or nothing known (`unchecked`)."""
    against = help_.get("against")
    if help_.get("half"):
        flags = f": his card's flags do not cover the {against}" if against else ""
        return f" (half: he does not have the defensive position required{flags})"
    if against:
        return f" (his card's flags cover the {against})"
    if help_.get("unchecked"):
        return (
            " (his defensive position is not checked: his card's flags or the shooter's "
            "Position token are not known; --perry-half halves it)"
        )
    return ""


def perry_half(guards: list[str] | None, position: str | None) -> bool | None:
    """ "If he does not have the defensive position required, then add only the half the
    value": his card's defence flags against the shooter's Position token (None: one of
    them is not known, so the table says)."""
    if guards is None or position is None:
        return None
    return position not in guards


def perry_value(help_: dict[str, Any]) -> int:
    """What Perry Hel adds: his defence stat, "only the half the value" (rounded down)
    without the defensive position required."""
    stat = check_energy_stat(help_.get("stat"))
    return stat // 2 if help_.get("half") else stat


def perry_may_help(side: TeamState, defender: str | None) -> Any:
    """Perry Hel of `side` when he may add his defence to `defender`'s (on court, his
    skill, defending, not the defender himself), else None: what guided play offers."""
    perry = perry_of(side)
    if perry is None or defender is None or perry.name == defender:
        return None
    try:
        perry.check_can_defend(side.name)
    except RuleViolation:
        return None
    return perry


def check_energy_stat(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 100:
        raise BadInput(f"Perry Hel's defence stat must be 0 to 100, not {value!r}")
    return value


def gift_move(state: MatchState, data: dict[str, Any], rng: Any, draws: Any) -> None:
    """`gift` event: Maddy Cure's teammate after her successful attack, named after the
    shot (guided play asks it so; `match shot … --gift H` names it with the shot)."""
    side = state.team(data["team"])
    shot = state.last_shot
    if shot is None or shot["team"] != side.name or not shot["scored"]:
        raise RuleViolation(
            "Maddy Cure's gift follows her successful attack: 'If her attack is "
            "successful, then one teammate of your choice recovers one energy'; legal now: "
            "no gift until she scores"
        )
    if shot.get("gifted"):
        raise RuleViolation(
            "Maddy Cure's gift for this basket is given already; legal now: the turn goes on"
        )
    shooter = side.hoopers[shot["hooper"]]
    data["team"] = side.name
    data["hooper"] = maddy_gift(state, side, shooter, True, str(data.get("hooper") or ""))
    shot["gifted"] = True


def maddy_gift(
    state: MatchState, side: TeamState, shooter: Any, scored: bool, gift: str | None
) -> str | None:
    """After Maddy Cure's successful attack, the teammate `gift` recovers one energy (the
    name as stored); no gift given: a note says how."""
    if not has_skill(shooter, "maddy") or not scored:
        if gift:
            raise RuleViolation(
                "--gift is Maddy Cure's skill: 'If her attack is successful, then one "
                "teammate of your choice recovers one energy'; legal now: the shot without "
                "a gift"
            )
        return None
    if not gift:
        state.notes.append(
            f"Maddy Cure scored: one teammate of {side.name}'s choice recovers one energy "
            f"('match gift {side.name} HOOPER')"
        )
        return None
    mate = side.hooper(gift)
    if mate.name == shooter.name:
        mates = ", ".join(n for n in side.hoopers if n != shooter.name)
        raise RuleViolation(
            f"Maddy Cure's gift goes to 'one teammate', not to herself; legal now: {mates}"
        )
    mate.check_in_game(side.name, "recover energy")
    got = recover(mate, 1)
    track = f" → {mate.energy} of {mate.energy_max}" if mate.energy_max is not None else ""
    state.notes.append(f"Maddy Cure scored: {mate.name} recovers {got}{track}")
    return mate.name
