"""The match events about energy: a fundamental played (its energy, and the skills that
read it), and the table's own word on a hooper's energy track.

`fundamental`: "You will spend one energy for every card you will play during your
action" — a dribble, pass or screen is a card; the match records it so its energy is
spent (a steal or intercept that names the dribbler or passer spends it otherwise).

`energy`: the board is the truth. The card's printed energy (`max`, kept by the table's
catalogue for every later match), the [star] upgrade's extra energy (`star`), the energy
left now (`now`) or energies given back (`recover`: a playbook's reward, May Friend's
donation, the timeout's two energies for the opponent).
"""

from __future__ import annotations

from typing import Any

from companion.engine.errors import BadInput, RuleViolation
from companion.engine.names import match_prefix
from companion.games.hoopers.data import words
from companion.games.hoopers.rules.energy import (
    STAR_ENERGY,
    check_energy,
    fundamental_free,
    power_free,
    set_card,
    spend,
)
from companion.games.hoopers.rules.errors import MissingInput, NotYourTurn
from companion.games.hoopers.rules.state import MatchState

FUNDAMENTALS = words("fundamentals")


def play_fundamental(state: MatchState, data: dict[str, Any], rng: Any, draws: Any) -> None:
    """`fundamental` event: the attacking team's hooper plays a dribble, pass or screen."""
    side = state.team(data["team"])
    if side.name != state.attacking:
        raise NotYourTurn(
            f"{side.name} cannot play a fundamental: it is {state.attacking}'s attacking turn"
        )
    hooper = side.hooper(data["hooper"])
    kind = match_prefix(str(data.get("kind", "")), FUNDAMENTALS, what="fundamental")
    hooper.check_in_game(side.name, f"play a {kind}")
    side.check_on_court(hooper, f"play a {kind}")
    data.update(team=side.name, hooper=hooper.name, kind=kind)
    free = power_free(state, side.name, hooper.name) or fundamental_free(hooper, kind)
    paid = spend(state, side.name, hooper, kind, free)
    state.fundamentals.append(
        {"team": side.name, "hooper": hooper.name, "kind": kind, "paid": paid}
    )


def paid_fundamental(state: MatchState, team: str, hooper: str, kind: str) -> bool:
    """The dribble or pass a counter answers was recorded (and paid) already: take it."""
    for played in reversed(state.fundamentals):
        if played["team"] == team and played["kind"] == kind and not played.get("countered"):
            if played["hooper"] != hooper:
                return False
            played["countered"] = True
            return True
    return False


def set_energy(state: MatchState, data: dict[str, Any], rng: Any, draws: Any) -> None:
    """`energy` event: the table's word on a hooper's energy track."""
    side = state.team(data["team"])
    hooper = side.hooper(data["hooper"])
    given = {k: data[k] for k in ("now", "max", "recover") if data.get(k) is not None}
    if data.get("track") is False:  # "0: do not track it": nothing about it is said again
        if given or data.get("star"):
            raise BadInput("not tracking a hooper's energy takes no energy numbers")
        if hooper.energy_max is not None:
            raise RuleViolation(f"{hooper.name}'s energy is tracked (its card's energy is known)")
        data.update(team=side.name, hooper=hooper.name)
        hooper.untracked = True
        state.notes.append(f"{hooper.name} ({side.name}): energy not tracked in this match")
        return
    data.pop("track", None)
    if not given and not data.get("star"):
        raise MissingInput(
            "what about the energy? the energy left now (N), the card's energy (--max N), "
            "energies given back (--recover N) or the star upgrade (--star)"
        )
    if "now" in given and "recover" in given:
        raise BadInput("the energy now or energies given back (--recover): one or the other")
    data.update(team=side.name, hooper=hooper.name)
    label = f"{hooper.name} ({side.name})"
    if "max" in given:
        card = check_energy(given["max"], "the card's energy")
        if card < 1:
            raise BadInput("the card's energy is at least 1")
        set_card(hooper, card)
        state.notes.append(
            f"{label}: the card's energy is {card}"
            + (f" (+{hooper.energy_extra} from upgrades)" if hooper.energy_extra else "")
            + f"; the track is full ({hooper.energy})"
        )
    if data.get("star"):
        if hooper.star:
            raise RuleViolation(f"{label} already carries the star upgrade")
        if hooper.energy_extra:
            raise RuleViolation(
                f'{label} already carries an upgrade: "Every hooper can gain only one upgrade"'
            )
        hooper.star = True
        hooper.energy_extra += STAR_ENERGY
        if hooper.energy is not None:
            hooper.energy += STAR_ENERGY
        state.notes.append(f"{label} carries the [star] upgrade: one extra energy")
    else:
        data.pop("star", None)
    if ("now" in given or "recover" in given) and hooper.energy_max is None:
        raise MissingInput(
            f"{hooper.name}'s card's energy is not known: give it first "
            f"('companion hoopers match energy {side.name} \"{hooper.name}\" --max N')"
        )
    if "now" in given:
        now = check_energy(given["now"], "the energy")
        if now > hooper.energy_max:
            raise BadInput(f"{label} has at most {hooper.energy_max} energy, not {now}")
        hooper.energy = now
        state.notes.append(f"{label}'s energy is set to {now} of {hooper.energy_max}")
    if "recover" in given:
        amount = check_energy(given["recover"], "the energies given back")
        before = hooper.energy or 0
        hooper.energy = min(hooper.energy_max, before + amount)
        state.notes.append(
            f"{label} recovers {hooper.energy - before}: {hooper.energy} of {hooper.energy_max}"
        )
