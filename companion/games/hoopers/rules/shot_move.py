"""A shot recorded in a match ('Shot', 'Foul', 'Onfire'): the match's `shot` event.

Imported when a match's log first holds a shot (`match.apply_event`); pure.
"""

from __future__ import annotations

from typing import Any

from companion.engine.errors import BadInput
from companion.games.hoopers.rules.defence import check_defence_card
from companion.games.hoopers.rules.effects import (
    REBOUND_NOTE,
    Draws,
    foul_cube,
    hector_defends,
    injury_cube,
    is_hector,
    onfire,
    owe_free_throws,
    skills_of,
)
from companion.games.hoopers.rules.energy import (
    SHOT_CARDS,
    attack_free,
    defence_free,
    power_free,
    spend,
)
from companion.games.hoopers.rules.errors import (
    NotYourTurn,
)
from companion.games.hoopers.rules.helpers import maddy_gift, perry_help
from companion.games.hoopers.rules.modifiers import decide_shot_maluses
from companion.games.hoopers.rules.shots import DEFENSE_FOR, ShotOutcome, ShotSpec, resolve_shot
from companion.games.hoopers.rules.skills import has_skill
from companion.games.hoopers.rules.state import HooperState, MatchState


def shot(state: MatchState, data: dict[str, Any], rng: Any, draws: Draws) -> ShotOutcome:
    team = state.team(data["team"]).name
    if team != state.attacking:
        raise NotYourTurn(f"{team} cannot shoot: it is {state.attacking}'s attacking turn")
    side = state.teams[team]
    shooter = side.hooper(data["hooper"])
    shooter.check_can_attack(team)
    side.check_on_court(shooter, "shoot")
    opponent = state.other(team)
    defender = _shot_defender(state, data, opponent)
    paid = _spend_for_shot(state, data, team, shooter, defender)
    if rng is not None:
        # Decided when recorded and kept in the stored bonuses, so a replay counts it once.
        _add_dribble_bonus(state, data, team, shooter.name)
    skills, deciding = skills_of(data, rng)
    if deciding and defender is not None:
        if has_skill(defender, "linda"):
            skills.append("linda")
        if has_skill(shooter, "sin-miedo"):
            skills.append("sin-miedo")
    spec = _shot_spec(state, data, rng, team, shooter, defender, skills)
    outcome = resolve_shot(
        spec,
        face=data.get("face"),
        roll=data.get("roll"),
        ft_rolls=data.get("ft_rolls", ()),
        rng=rng,
    )
    data.update(
        team=team,
        hooper=shooter.name,
        defender=defender.name if defender else None,
        face=outcome.face,
        roll=outcome.roll,
        ft_rolls=[ft.roll for ft in outcome.free_throws if ft.roll is not None],
    )
    gift = _score_shot(state, data, team, shooter, spec, outcome)
    if defender is not None:
        _shot_contact(state, team, shooter, defender, outcome, draws)
    if outcome.onfire:
        onfire(state, team, shooter, outcome.onfire, draws)
    if deciding and defender is not None and is_hector(defender):
        stopped = outcome.charging or (outcome.shot_taken and not outcome.scored)
        if stopped and (outcome.charging or not outcome.foul):
            skills.append("hector")
    if "hector" in skills and defender is not None:
        hector_defends(state, opponent, defender, draws)
    if skills or deciding:
        data["skills"] = skills
    _after_shot(state, team, shooter, defender, spec, outcome, gift, paid)
    return outcome


def _shot_defender(state: MatchState, data: dict[str, Any], opponent: str) -> HooperState | None:
    """The hooper who defends the shot (None: an undefended shot), checked able to."""
    if data["spec"].get("defense") is None:
        return None
    if not data.get("defender"):
        raise BadInput("a defended shot in a match needs --defender (who takes the foul)")
    defender = state.teams[opponent].hooper(data["defender"])
    defender.check_can_defend(opponent)
    state.teams[opponent].check_on_court(defender, "defend")
    check_defence_card(data["spec"]["kind"], data["spec"].get("defense_card"), defender)
    return defender


def _spend_for_shot(
    state: MatchState,
    data: dict[str, Any],
    team: str,
    shooter: HooperState,
    defender: HooperState | None,
) -> Any:
    """The energy the shot's cards cost; returns what the shooter paid."""
    # "FOR EVERY ACTION CARD THAT HAS BEEN PLAYED, THE ASSIGNED HOOPER HAS SPENT ONE ENERGY."
    kind = str(data["spec"].get("kind", ""))
    free = power_free(state, team, shooter.name) or attack_free(state, team, shooter)
    paid = spend(state, team, shooter, SHOT_CARDS.get(kind, kind), free)
    if defender is not None:
        card = str(data["spec"].get("defense_card") or DEFENSE_FOR.get(kind, "")).upper()
        spend(state, state.other(team), defender, f"{card} defence", defence_free(defender, kind))
    return paid


def _shot_spec(
    state: MatchState,
    data: dict[str, Any],
    rng: Any,
    team: str,
    shooter: HooperState,
    defender: HooperState | None,
    skills: list[str],
) -> ShotSpec:
    """The shot as resolved: the typed spec with Perry's help, the skills and the maluses."""
    side, opponent = state.teams[team], state.other(team)
    spec_doc = {k: v for k, v in data["spec"].items() if k not in ("away", "linda")}
    helped = perry_help(state, state.teams[opponent], defender, data.get("perry"))
    if helped:
        spec_doc["defense"] = int(spec_doc["defense"]) + helped
    else:
        data.pop("perry", None)
    maluses = decide_shot_maluses(
        state, data, rng is not None, team, shooter.name, defender.name if defender else None
    )
    state.notes.extend(maluses.notes(shooter.name, defender.name if defender else None))
    return ShotSpec.from_json(
        {
            **spec_doc,
            "away": not side.free_throw_bonus,
            "linda": "linda" in skills,
            "no_foul_bonus": bool(spec_doc.get("no_foul_bonus")) or "sin-miedo" in skills,
            "attack_malus": sum(m.value for m in maluses.attack),
            "defense_malus": sum(m.value for m in maluses.defence),
        }
    )


def _score_shot(
    state: MatchState,
    data: dict[str, Any],
    team: str,
    shooter: HooperState,
    spec: ShotSpec,
    outcome: ShotOutcome,
) -> Any:
    """Count the shot's points; returns Maddy's gift, if she gives one."""
    shooter.points += outcome.total_points
    if outcome.scored:
        shooter.made[spec.kind] += 1
    shooter.made["ft"] += sum(1 for ft in outcome.free_throws if ft.made)
    state.add_points(team, outcome.total_points)
    if outcome.total_points:
        state.notes.append(f"{shooter.name} ({team}) scores {outcome.total_points}")
    elif outcome.shot_taken:
        state.notes.append(f"{shooter.name} ({team}) misses")
    gift = maddy_gift(state, state.teams[team], shooter, outcome.scored, data.get("gift"))
    if gift:
        data["gift"] = gift
    else:
        data.pop("gift", None)
    return gift


def _shot_contact(
    state: MatchState,
    team: str,
    shooter: HooperState,
    defender: HooperState,
    outcome: ShotOutcome,
    draws: Draws,
) -> None:
    """The cubes a defended shot hands out: the foul's, and the whistle's white cube."""
    opponent = state.other(team)
    if outcome.foul:
        if outcome.charging:
            foul_cube(state, team, shooter)
            injury_cube(state, opponent, defender, draws)
        else:
            foul_cube(state, opponent, defender)
            injury_cube(state, team, shooter, draws)
    if outcome.attacker_injury_cube:
        state.notes.append(
            f"{defender.name} does not commit a foul on the whistle "
            f"(+{outcome.defense_bonus} to her defence); {shooter.name} takes the white cube"
        )
        injury_cube(state, team, shooter, draws)


def _after_shot(
    state: MatchState,
    team: str,
    shooter: HooperState,
    defender: HooperState | None,
    spec: ShotSpec,
    outcome: ShotOutcome,
    gift: Any,
    paid: Any,
) -> None:
    """Where the ball goes, what the shot leaves for later rules, and free throws owed."""
    owed = sum(1 for ft in outcome.free_throws if ft.made is None)
    missed = outcome.shot_taken and not outcome.scored
    if defender is not None and missed and not outcome.foul:
        state.ball_won = (state.other(team), defender.name)
    if outcome.shot_taken:
        state.last_shot = {
            "team": team, "hooper": shooter.name, "kind": spec.kind, "scored": outcome.scored,
            **({"gifted": True} if gift else {}),
        }  # fmt: skip
    # The action's cards and what each spent, for a playbook's reward (games/hoopers/playbook.py).
    state.last_action = {
        "team": team,
        "fundamentals": [f for f in state.fundamentals if f["team"] == team],
        "attacker": shooter.name,
        "attack_paid": paid,
        "scored": outcome.scored,
    }
    if owed:
        why = "flagrant foul" if outcome.flagrant else "defensive foul"
        owe_free_throws(state, team, shooter.name, owed, why, rebound=missed)
    elif missed and not outcome.total_points:
        state.notes.append(REBOUND_NOTE)


def _add_dribble_bonus(state: MatchState, data: dict[str, Any], team: str, shooter: str) -> None:
    """ "Every dribble gives a +15 bonus": the action's recorded dribbles by the shooter add
    theirs, unless the table typed it (a typed 15 is a dribble's: docs/hoopers.md, Rulings)."""
    from companion.games.hoopers.rules.ball import dribble_bonuses

    typed = list(data["spec"].get("bonuses") or [])
    extra = dribble_bonuses(state, team, shooter, typed)
    if extra:
        data["spec"] = {**data["spec"], "bonuses": [*typed, *extra]}
        state.notes.append(f"{shooter}'s recorded dribble: +15 ('Every dribble gives a +15 bonus')")
