"""The Series' gameplan milestones the match can work out itself ('Gameplan Milestone').

"The milestones expressed by the chosen card will reward you at the end of the game ...
NOTE: Consider only the milestones of the current game." A gameplan card holds a pair of
conditions, and which pair is on which card the rulebook does not print: so the match
says, for each milestone of the game's list (GAME 1/2, 3/4, 5/6) it can decide from what
was recorded, whether the team meets it now; the table reads its own card's two and
records the count (`series record/amend --gameplan TRIBE:N`). A milestone that needs
what the match does not know is listed as undecided, never guessed: the stellar marks
("considering only your (un-)stellar hoopers" — the cards' mark is the catalogue's, not
the match's), and the court and bench sides of the player board when no line-up was given.

Readings (docs/hoopers.md, Rulings): the court side is the starting five ("you do not need
to move the hooper cards that remain in their respective spaces for all the length of the
game"), the bench side the other two; a hooper "gets injured" when his injury cubes reach
the limit (a marker is drawn, "You are lucky!" too); the injury cubes a Series game starts
with are not "received" in it; every coach action token spent counts (locked ones are not
spent until renounced); the hot zone is orange and LV.I, the cold zone light blue.

The points come from each hooper's points markers ("keep track of the points (and which
kind of points)": `HooperState.made`, 2PS, 3PS, lay-ups and free throws made).

Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.games.hoopers.rules.state import HooperState, MatchState, TeamState

Check = Callable[[MatchState, TeamState, TeamState], bool | None]


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


def _starters(side: TeamState) -> list[HooperState] | None:
    """The starting five: the cards on the court side of the player board (None: no
    line-up given, so not known)."""
    if side.starters is None:
        return None
    return [side.hoopers[h] for h in side.starters if h in side.hoopers]


def _benched(side: TeamState) -> list[HooperState] | None:
    """The two hoopers "placed on the bench side of your player board" as the game began."""
    if side.starters is None:
        return None
    return [h for h in side.hoopers.values() if h.name not in side.starters]


def _sum(hoopers: list[HooperState] | None, of: Callable[[HooperState], int]) -> int | None:
    return None if hoopers is None else sum(of(h) for h in hoopers)


def _more(mine: int | None, theirs: int | None) -> bool | None:
    return None if mine is None or theirs is None else mine > theirs


def _all(hoopers: list[HooperState] | None, least: int) -> bool | None:
    return None if hoopers is None else all(h.points >= least for h in hoopers)


def _spent(state: MatchState, side: TeamState, uses: tuple[str, ...]) -> int:
    """Onfire chips `side` spent on one of `uses` ('chips_spent')."""
    return sum(1 for c in state.chips_spent if c["team"] == side.name and c["use"] in uses)


def _lv2_spent(state: MatchState, side: TeamState) -> int:
    from companion.games.hoopers.rules.chips import LV2_USES

    return _spent(state, side, tuple(LV2_USES))


def _block_chips(state: MatchState, side: TeamState) -> int:
    from companion.games.hoopers.rules.chips import BLOCK_USES

    return _spent(state, side, BLOCK_USES)


def _injured(side: TeamState) -> list[HooperState]:
    """Hoopers who got injured in this game (their cubes reached the limit: a marker)."""
    return [h for h in side.hoopers.values() if h.injured]


def _cubes_received(side: TeamState) -> int:
    """ "(an injured hooper worth as 3 injury cubes)": the cubes received in this game."""
    return sum(3 if h.injured else h.cubes_received for h in side.hoopers.values())


def _chips(side: TeamState) -> int:
    return sum(h.chips.get("lv1", 0) + h.chips.get("lv2", 0) for h in side.hoopers.values())


def _two_made(h: HooperState) -> int:
    return h.made["2ps"] + h.made["lup"]


HOT = ("orange", "lv1", "lv2")  # right of the flat zone: "Hot zone"
COLD = ("light-blue", "cube")  # left of it: "Cold zone"
UNDECIDED = None  # the match does not know it (docs/hoopers.md, Rulings)

MILESTONES: dict[str, list[tuple[str, Check]]] = {
    "1/2": [
        ("Do not spend two or more timeout cubes.",
         lambda s, me, op: _spent_timeouts(s, me) < 2),
        ("Two or more hoopers of yours do not receive any injury cube or injury marker.",
         lambda s, me, op: sum(1 for h in me.hoopers.values()
                               if not h.cubes_received and not h.injured) >= 2),
        ("Do not spend two or more coach action tokens.",
         lambda s, me, op: me.tokens_spent < 2),
        ("Do not commit three or more fouls as a team during the fourth period.",
         lambda s, me, op: me.fouls_by_period.get(4, 0) < 3),
        ("One single hooper of yours scores at least 15 points.",
         lambda s, me, op: max(_points(me), default=0) >= 15),
        ("Score at least 7 free throws as a team.",
         lambda s, me, op: sum(_made(me, "ft")) >= 7),
        ("All your starting five hoopers (the hoopers placed on the court side of your "
         "player board) score at least 1 point.", lambda s, me, op: _all(_starters(me), 1)),
        ("Score more free throws than your opponent considering only one single hooper.",
         lambda s, me, op: max(_made(me, "ft"), default=0) > max(_made(op, "ft"), default=0)),
        ("No hooper of yours receives 3 or more foul cubes (do not commit 3 or more "
         "personal fouls).", lambda s, me, op: all(h.fouls < 3 for h in me.hoopers.values())),
        ("One single hooper of yours scores at least 4 three-points shots.",
         lambda s, me, op: max(_made(me, "3ps"), default=0) >= 4),
        ("No hooper of yours gets injured.", lambda s, me, op: not _injured(me)),
        ("One single hooper of yours scores at least 10 points considering only the shots "
         "that worth two points (2PS and Lay-Up).",
         lambda s, me, op: 2 * max(_two(me), default=0) >= 10),
        ("At least one hooper of your opponent gets injured.",
         lambda s, me, op: bool(_injured(op))),
        ("Score at least 8 points considering the two hoopers placed on the bench side of "
         "your player board.",
         lambda s, me, op: None if me.starters is None
         else _sum(_benched(me), lambda h: h.points) >= 8),
        ("Score at least 8 three-points shots as a team.",
         lambda s, me, op: sum(_made(me, "3ps")) >= 8),
        ("Two or more hoopers of yours do not receive any foul cube (do not commit any "
         "foul).", lambda s, me, op: sum(1 for h in me.hoopers.values() if not h.fouls) >= 2),
    ],
    "3/4": [
        ("Score more points than your opponent considering all your starting-five hoopers "
         "(the hoopers placed on the court side).",
         lambda s, me, op: _more(_sum(_starters(me), lambda h: h.points),
                                 _sum(_starters(op), lambda h: h.points))),
        ("Have more active playbooks than your opponent.",
         lambda s, me, op: len(me.playbooks) > len(op.playbooks)),
        ("Score more points than your opponent considering the two hoopers placed on the "
         "bench side of your player board.",
         lambda s, me, op: _more(_sum(_benched(me), lambda h: h.points),
                                 _sum(_benched(op), lambda h: h.points))),
        ("Have at least 3 active playbooks.", lambda s, me, op: len(me.playbooks) >= 3),
        ("Have at least 3 hoopers in the hot zone or still having an Onfire Lv.2 chip to "
         "spend.", lambda s, me, op: sum(1 for h in me.hoopers.values()
                                         if h.onfire in HOT or h.chips.get("lv2", 0)) >= 3),
        ("Spend at least 1 Onfire chip to perform a block.",
         lambda s, me, op: _block_chips(s, me) >= 1),
        ("Score at least 51 points as a team.", lambda s, me, op: sum(_points(me)) >= 51),
        ("One single hooper of yours scores at least 20 points.",
         lambda s, me, op: max(_points(me), default=0) >= 20),
        ("Score at least 15 points considering only your un-stellar hoopers.",
         lambda s, me, op: UNDECIDED),
        ("Have more Onfire chip to spend than your opponent.",
         lambda s, me, op: _chips(me) > _chips(op)),
        ("Score at least 30 points considering only your stellar hoopers.",
         lambda s, me, op: UNDECIDED),
        ("Spend at least 1 Onfire Lv.2 chip.", lambda s, me, op: _lv2_spent(s, me) >= 1),
        ("All your seven hoopers score at least 1 point.",
         lambda s, me, op: len(me.hoopers) == 7 and min(_points(me)) >= 1),
        ("Do not spend any timeout cube.", lambda s, me, op: _spent_timeouts(s, me) == 0),
        ("Score more three-points shots than your opponent.",
         lambda s, me, op: sum(_made(me, "3ps")) > sum(_made(op, "3ps"))),
        ("Do not receive more than 7 foul cubes (do not commit more than 7 fouls) as a team.",
         lambda s, me, op: _fouls(me) <= 7),
    ],
    "5/6": [
        ("Spend at least 2 Onfire Lv.2 chips.", lambda s, me, op: _lv2_spent(s, me) >= 2),
        ("Have at least 5 active playbooks.", lambda s, me, op: len(me.playbooks) >= 5),
        ("Score more free-throws than your opponent.",
         lambda s, me, op: sum(_made(me, "ft")) > sum(_made(op, "ft"))),
        ("Have no hoopers in the cold zone or injured.",
         lambda s, me, op: not _injured(me)
         and all(h.onfire not in COLD for h in me.hoopers.values())),
        ("Score more points than your opponent considering only one single hooper.",
         lambda s, me, op: max(_points(me), default=0) > max(_points(op), default=0)),
        ("Spend at least one Onfire chip to remove an opponent's attempt to intercept.",
         lambda s, me, op: _spent(s, me, ("remove-intercept",)) >= 1),
        ("Score more shots that worth two points (2PS and lay-up) than your opponent "
         "considering the two hoopers placed on the bench side of the player boards.",
         lambda s, me, op: _more(_sum(_benched(me), _two_made), _sum(_benched(op), _two_made))),
        ("Spend at least one Onfire chip to remove an opponent's attempt to steal.",
         lambda s, me, op: _spent(s, me, ("remove-steal",)) >= 1),
        ("All your seven hoopers score at least 3 points.",
         lambda s, me, op: len(me.hoopers) == 7 and min(_points(me)) >= 3),
        ("Receive fewer foul cubes than your opponent (an ejected hooper worth as 4 foul "
         "cubes).", lambda s, me, op: _cubes(me) < _cubes(op)),
        ("All your starting five hoopers (the hoopers placed on the court side) score at "
         "least 6 points.", lambda s, me, op: _all(_starters(me), 6)),
        ("Receive fewer injury cubes than your opponent (an injured hooper worth as 3 "
         "injury cubes).", lambda s, me, op: _cubes_received(me) < _cubes_received(op)),
        ("Score more three-points shots than your opponent considering the two hoopers "
         "placed on the bench side of the player boards.",
         lambda s, me, op: _more(_sum(_benched(me), lambda h: h.made["3ps"]),
                                 _sum(_benched(op), lambda h: h.made["3ps"]))),
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


def milestones_met(state: MatchState, pair: str) -> tuple[dict[str, Any], dict[str, list[str]]]:
    """For each team, the milestones of `pair` the match can decide, and whether met now;
    and those it cannot decide (the stellar marks of the cards; the court and bench sides
    without a line-up): said, never guessed."""
    met: dict[str, list[dict[str, Any]]] = {}
    undecided: dict[str, list[str]] = {}
    for team in state.order:
        me, op = state.teams[team], state.teams[state.other(team)]
        met[team], undecided[team] = [], []
        for text, check in MILESTONES.get(pair, []):
            answer = check(state, me, op)
            if answer is None:
                undecided[team].append(text)
            else:
                met[team].append({"milestone": text, "met": bool(answer)})
    return met, undecided
