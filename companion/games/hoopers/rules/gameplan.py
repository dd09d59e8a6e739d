"""The Series' gameplan milestones the match can work out itself ('Gameplan Milestone').

"The milestones expressed by the chosen card will reward you at the end of the game ...
NOTE: Consider only the milestones of the current game." A gameplan card holds a pair of
conditions, and which pair is on which card the rulebook does not print: so the match
says, for each milestone of the game's list (GAME 1/2, 3/4, 5/6) it can decide from what
was recorded, whether the team meets it now; the table reads its own card's two and
records the count (`series record/amend --gameplan TRIBE:N`). Milestones that need what
the match does not know (injury markers "gets injured", the starting five after
substitutions, tokens spent before the match …) are left out, not guessed.

The points come from each hooper's points markers ("keep track of the points (and which
kind of points)": `HooperState.made`, 2PS, 3PS, lay-ups and free throws made).

Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.games.hoopers.rules.state import MatchState, TeamState

Check = Callable[[MatchState, TeamState, TeamState], bool]


def _made(side: TeamState, kind: str) -> list[int]:
    return [h.made[kind] for h in side.hoopers.values()]


def _two(side: TeamState) -> list[int]:
    """Shots 'that worth two points (2PS and Lay-Up)' made, per hooper."""
    return [h.made["2ps"] + h.made["lup"] for h in side.hoopers.values()]


def _points(side: TeamState) -> list[int]:
    return [h.points for h in side.hoopers.values()]


def _fouls(side: TeamState) -> int:
    return sum(h.fouls for h in side.hoopers.values())


def _spent_timeouts(state: MatchState, side: TeamState) -> int:
    return state.variant.timeouts - side.timeouts


def _periods_won(state: MatchState, side: TeamState) -> int:
    index = state.order.index(side.name)
    done = state.periods if state.over else state.periods[:-1]
    return sum(1 for p in done if p[index] > p[1 - index])


MILESTONES: dict[str, list[tuple[str, Check]]] = {
    "1/2": [
        ("Do not spend two or more timeout cubes.",
         lambda s, me, op: _spent_timeouts(s, me) < 2),
        ("One single hooper of yours scores at least 15 points.",
         lambda s, me, op: max(_points(me), default=0) >= 15),
        ("Score at least 7 free throws as a team.",
         lambda s, me, op: sum(_made(me, "ft")) >= 7),
        ("No hooper of yours receives 3 or more foul cubes (do not commit 3 or more "
         "personal fouls).", lambda s, me, op: all(h.fouls < 3 for h in me.hoopers.values())),
        ("One single hooper of yours scores at least 4 three-points shots.",
         lambda s, me, op: max(_made(me, "3ps"), default=0) >= 4),
        ("One single hooper of yours scores at least 10 points considering only the shots "
         "that worth two points (2PS and Lay-Up).",
         lambda s, me, op: 2 * max(_two(me), default=0) >= 10),
        ("Score at least 8 three-points shots as a team.",
         lambda s, me, op: sum(_made(me, "3ps")) >= 8),
        ("Two or more hoopers of yours do not receive any foul cube (do not commit any "
         "foul).", lambda s, me, op: sum(1 for h in me.hoopers.values() if not h.fouls) >= 2),
    ],
    "3/4": [
        ("Have more active playbooks than your opponent.",
         lambda s, me, op: len(me.playbooks) > len(op.playbooks)),
        ("Have at least 3 active playbooks.", lambda s, me, op: len(me.playbooks) >= 3),
        ("Score at least 51 points as a team.", lambda s, me, op: sum(_points(me)) >= 51),
        ("One single hooper of yours scores at least 20 points.",
         lambda s, me, op: max(_points(me), default=0) >= 20),
        ("All your seven hoopers score at least 1 point.",
         lambda s, me, op: len(me.hoopers) == 7 and min(_points(me)) >= 1),
        ("Do not spend any timeout cube.", lambda s, me, op: _spent_timeouts(s, me) == 0),
        ("Score more three-points shots than your opponent.",
         lambda s, me, op: sum(_made(me, "3ps")) > sum(_made(op, "3ps"))),
        ("Do not receive more than 7 foul cubes (do not commit more than 7 fouls) as a team.",
         lambda s, me, op: _fouls(me) <= 7),
    ],
    "5/6": [
        ("Have at least 5 active playbooks.", lambda s, me, op: len(me.playbooks) >= 5),
        ("Score more free-throws than your opponent.",
         lambda s, me, op: sum(_made(me, "ft")) > sum(_made(op, "ft"))),
        ("Score more points than your opponent considering only one single hooper.",
         lambda s, me, op: max(_points(me), default=0) > max(_points(op), default=0)),
        ("All your seven hoopers score at least 3 points.",
         lambda s, me, op: len(me.hoopers) == 7 and min(_points(me)) >= 3),
        ("Receive fewer foul cubes than your opponent (an ejected hooper worth as 4 foul "
         "cubes).", lambda s, me, op: _cubes(me) < _cubes(op)),
        ("Score at least 24 points as a team considering only the shots that worth 2 points "
         "(2PS and Lay-up).", lambda s, me, op: 2 * sum(_two(me)) >= 24),
        ("Have at least 2 period milestone markers (win at least 2 periods considering their "
         "partial score).", lambda s, me, op: _periods_won(s, me) >= 2),
        ("Score more shots that worth two points (2PS and lay-up) as a team than your "
         "opponent.", lambda s, me, op: sum(_two(me)) > sum(_two(op))),
    ],
}  # fmt: skip


def _cubes(side: TeamState) -> int:
    return sum(4 if h.ejected else h.fouls for h in side.hoopers.values())


def milestones_met(state: MatchState, pair: str) -> dict[str, list[dict[str, Any]]]:
    """For each team, the milestones of `pair` the match can decide, and whether met now."""
    out: dict[str, list[dict[str, Any]]] = {}
    for team in state.order:
        me, op = state.teams[team], state.teams[state.other(team)]
        out[team] = [
            {"milestone": text, "met": bool(check(state, me, op))}
            for text, check in MILESTONES.get(pair, [])
        ]
    return out
