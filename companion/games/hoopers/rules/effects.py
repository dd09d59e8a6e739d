"""What a recorded move does to the match: cubes, Onfire steps, free throws ('Foul', 'Onfire').

Shared by the match's event handlers (`shot_move.py`, `foul_move.py`, `moves.py`…); pure.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.engine.rng import TableRng
from companion.games.hoopers.rules.draws import Draws
from companion.games.hoopers.rules.errors import MissingInput
from companion.games.hoopers.rules.free_throws import resolve_free_throws
from companion.games.hoopers.rules.markers import marker_texts
from companion.games.hoopers.rules.modifiers import injury_reminder
from companion.games.hoopers.rules.onfire import move
from companion.games.hoopers.rules.skills import has_skill
from companion.games.hoopers.rules.state import HooperState, MatchState, TeamState


def skills_of(data: dict[str, Any], rng: TableRng | None) -> tuple[list[str], bool]:
    """The personal skills an event applied, and whether to decide them now.

    Recording (rng given) decides them from the state and stores them in the
    event; replaying reads them back, so a log recorded before a skill was
    applied by the companion replays as it was recorded.
    """
    if "skills" in data:
        return list(data["skills"]), False
    return [], rng is not None


def injury_cube(state: MatchState, team: str, hooper: HooperState, draws: Draws) -> None:
    hooper.injury_cubes += 1
    hooper.cubes_received += 1
    state.notes.append(f"{hooper.name} ({team}) takes an injury cube ({hooper.injury_cubes})")
    if hooper.injury_cubes >= state.variant.injured_at:
        hooper.injury_cubes = 0
        hooper.injured += 1
        marker = draws.marker(state.pile)
        if marker is None:
            state.notes.append(f"{hooper.name} is injured, but the injury pile is empty")
            return
        hooper.injuries.append(marker)
        state.notes.append(f"{hooper.name} is injured: {marker_texts()[marker]}")
        reminder = injury_reminder(marker)
        if reminder:
            state.notes.append(f"{hooper.name}: {reminder}")
        if marker == "out" and state.teams[team].court is not None:
            state.notes.append(
                f"send a benchwarmer in: 'companion hoopers match sub {team} "
                f'--out "{hooper.name}" --in HOOPER\' (no coach action token)'
            )


def rebound_fouled(other: TeamState, data: dict[str, Any]) -> HooperState:
    """Who takes the white cube of an offensive foul on a rebound: the defending team picks,
    so the move names them (`--fouled`); the same dice are rolled again when it is given."""
    if not data.get("fouled"):
        raise MissingInput(
            f"offensive foul on the rebound: {other.name} picks who takes the white "
            "cube: give --fouled HOOPER (the same dice are rolled again)"
        )
    fouled = other.hooper(data["fouled"])
    data["fouled"] = fouled.name
    return fouled


def foul_cube(state: MatchState, team: str, hooper: HooperState) -> None:
    hooper.fouls += 1
    state.teams[team].team_fouls += 1
    by_period = state.teams[team].fouls_by_period
    by_period[state.period] = by_period.get(state.period, 0) + 1
    state.notes.append(
        f"{hooper.name} ({team}) commits a foul ({hooper.fouls}); "
        f"{team} team fouls this period: {state.teams[team].team_fouls}"
    )
    if hooper.fouls >= state.variant.ejected_at:
        hooper.ejected = True
        if state.teams[team].court is not None:
            state.notes.append(
                f"{hooper.name} is ejected: send a benchwarmer in with 'companion hoopers "
                f'match sub {team} --out "{hooper.name}" --in HOOPER\' (no coach action token)'
            )
        else:
            state.notes.append(f"{hooper.name} is ejected: send a benchwarmer in")


def onfire(state: MatchState, team: str, hooper: HooperState, direction: str, draws: Draws) -> None:
    step = move(hooper.onfire, direction)
    hooper.onfire = step.space
    if step.fell_back:
        state.notes.append(f"{hooper.name} missed going for LV.II: back to flat")
    if step.chip:
        hooper.chips[step.chip] += 1
        state.notes.append(f"{hooper.name} reaches LV.II: takes an Onfire LV.2 chip, back to flat")
    if step.at_lv1:
        state.notes.append(
            f"{hooper.name} reaches LV.I: take the LV.1 chip ('match chip') or go for LV.II"
        )
    if step.injury_cube:
        state.notes.append(f"{hooper.name} reaches the cold cube: back to flat")
        injury_cube(state, team, hooper, draws)


def hector_defends(state: MatchState, team: str, defender: HooperState, draws: Draws) -> None:
    """Hector Pröt: "If his defense is successful, he moves one step forward on the Onfire track."""
    state.notes.append(f"{defender.name}'s defence holds: one step forward on the Onfire track")
    onfire(state, team, defender, "up", draws)


def is_hector(hooper: HooperState) -> bool:
    return has_skill(hooper, "hector")


def owe_free_throws(
    state: MatchState, team: str, hooper: str, count: int, why: str, *, rebound: bool = False
) -> None:
    """Free throws whose shooter's 2PS is not known yet: the match waits for them.

    `rebound`: the shot missed, so an offensive rebound may follow if none is made.
    """
    state.owed = {"team": team, "hooper": hooper, "count": count, "why": why, "rebound": rebound}
    state.notes.append(
        f"{count} free throw(s) owed to {hooper} ({team}): resolve them with "
        f"'companion hoopers match free-throw {team} --stat 2PS' before anything else"
    )


def shoot_free_throws(
    state: MatchState,
    team: str,
    hooper: HooperState,
    count: int,
    stat: int,
    rolls: Sequence[int],
    rng: TableRng | None,
) -> tuple[list[int], int]:
    """Resolve `count` free throws for `hooper`; returns the rolls used and the points made."""
    side = state.teams[team]
    done = resolve_free_throws(
        count, stat, away=not side.free_throw_bonus, rolls=list(rolls), rng=rng
    )
    made = sum(1 for ft in done if ft.made)
    hooper.points += made
    hooper.made["ft"] += made
    state.add_points(team, made)
    state.notes.append(f"{hooper.name} ({team}) makes {made} of {count} free throw(s)")
    return [ft.roll for ft in done if ft.roll is not None], made


REBOUND_NOTE = "no points scored: an offensive rebound (F3) may follow"
