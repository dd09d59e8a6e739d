"""Playbooks in a tracked match: which are active, the common ones, the tokens they lock
('Playbooks', 'To Activate and Resolve a Playbook').

"A playbook is considered active if it has a coach action token over its card. At the
beginning of the game, you already have one active personal playbook." "On the spaces of
the scoreboard, there are four common playbooks ... At the beginning of a new period, all
the four playbook slots of the scoreboard have to be replenished." "The coach action
tokens that you use to activate a playbook are "locked" into the playbook but they are
still available. You may decide during the game to spend those tokens and, by renouncing
to the playbooks, discard them. If all the coach action tokens are already locked into
playbooks achieved, then the common playbooks can no longer be obtained."

"You can declare the activation of a playbook after a successful F1 action": the
`playbook` event with `use` (a name; none: the team's personal playbook), refused at any
other moment; while it runs "the F2 and A cards ... cannot either be countered and
defended" (`check_undefended`, asked by `phase.check`). Its attack decides it: scored, a
common playbook is achieved and stays active; not scored (or no attack), "only if you
were resolving a common playbook, discard also: the playbook, the coach action token".
`drop` renounces an active common playbook: its token is free to spend again; `match
coach TEAM --renounce NAME` spends that token in the same step (`renounce`).

A playbook's Onfire LV.1 chip ("An Onfire LV.1 icon in the lower right corner of the card
represents the extra reward"): `use NAME --chip` records it on the card; after the
playbook's basket "Redeem the chip and place it face down on the hooper card - Put a new
chip on the playbook card" is the `chip` event with `playbook` (rules/track_moves.py: `chip`).

The names of the common playbooks are the table's (the rulebook prints a few, not the
deck): the board is tracked as its number of cards.

Pure: no I/O.
"""

from __future__ import annotations

from typing import Any

from companion.engine.errors import RuleViolation
from companion.engine.names import match_prefix
from companion.games.hoopers.rules.errors import MissingInput, NotYourTurn, OutOfTokens
from companion.games.hoopers.rules.state import MatchState, TeamState

BOARD_SLOTS = 4  # "four common playbooks"
# The rule's words once, then what the table may do instead (issue 32: a refusal quotes
# the rulebook once, then says what is legal now).
UNDEFENDED = (
    "a playbook's F2 and A 'cannot either be countered and defended'; legal now: "
    "the attacker's F2 and A, undefended (a shot without --defense or --defender)"
)


def locked(side: TeamState) -> int:
    """The coach action tokens locked into `side`'s active common playbooks."""
    return sum(1 for p in side.playbooks if p["common"])


def common_open(state: MatchState, team: str) -> bool:
    """A common playbook may be taken: a card on the board and a token not locked yet."""
    side = state.teams[team]
    return state.playbook_board > 0 and side.coach_tokens - locked(side) > 0


def check_spend(side: TeamState) -> None:
    """A coach action token spent: refused while every token left is locked (spend one
    with its playbook: "spend those tokens and, by renouncing to the playbooks, discard
    them")."""
    if side.coach_tokens > 0 and side.coach_tokens <= locked(side):
        commons = [p["name"] for p in side.playbooks if p["common"]]
        raise OutOfTokens(
            f"{side.name}'s coach action tokens are all locked in playbooks "
            f"({', '.join(commons)}): 'You may decide during the game to spend those tokens "
            "and, by renouncing to the playbooks, discard them'; legal now: "
            f"'match coach {side.name} --renounce \"{commons[0]}\"' (one step), or "
            f"'match playbook {side.name} drop NAME' first"
        )


def renounce(state: MatchState, side: TeamState, typed: str) -> str:
    """`side` renounces its active common playbook `typed`: the playbook is discarded and
    its locked token is free (the name as held)."""
    commons = [p["name"] for p in side.playbooks if p["common"]]
    if not commons:
        raise RuleViolation(
            f"{side.name} has no common playbook to renounce: only a token locked into a "
            "common playbook achieved is 'locked'"
        )
    name = match_prefix(str(typed), commons, what=f"common playbook of {side.name}")
    if state.playbook_run is not None and state.playbook_run["name"] == name:
        raise RuleViolation(f"{name} is running in this action")
    side.playbooks = [p for p in side.playbooks if p["name"] != name]
    return name


def play_playbook(state: MatchState, data: dict[str, Any]) -> None:
    """`playbook` event with `use` or `drop`."""
    side = state.team(data["team"])
    data["team"] = side.name
    if data.get("drop") is not None:
        _drop(state, side, data)
        return
    if side.name != state.attacking:
        raise NotYourTurn(
            f"{side.name} cannot activate a playbook: it is {state.attacking}'s attacking turn"
        )
    from companion.games.hoopers.rules.ball import standing

    if state.playbook_run is not None:
        raise RuleViolation(f"{state.playbook_run['name']} is already running in this action")
    if len(standing(state, side.name)) != 1 or state.phase.slots != 1:
        raise RuleViolation(
            "a playbook is declared 'after a successful F1 action' (recorded with 'match "
            "fundamental', not countered away or fouled) and before the F2"
        )
    typed = str(data.get("use") or "").strip()
    active = [p["name"] for p in side.playbooks]
    name = None
    if not typed:
        personal = [p["name"] for p in side.playbooks if not p["common"]]
        if not personal:
            raise MissingInput(
                f"which playbook? {side.name} has no personal playbook known: name it "
                f"('match playbook {side.name} use NAME')"
            )
        name = personal[0]
    else:
        try:
            name = match_prefix(typed, active, what="playbook") if active else None
        except (RuleViolation, ValueError):
            name = None
    common = name is None
    if common:
        if state.playbook_board < 1:
            raise RuleViolation(
                "no common playbook is left on the scoreboard this period ('At the beginning "
                "of a new period, all the four playbook slots of the scoreboard have to be "
                f"replenished'); legal now: {_held_or_none(side)}"
            )
        if side.coach_tokens - locked(side) < 1:
            raise OutOfTokens(
                f"{side.name} has no coach action token to lock: 'If all the coach action "
                "tokens are already locked into playbooks achieved, then the common "
                f"playbooks can no longer be obtained'; legal now: {_held_or_none(side)}"
            )
        name = typed
        side.playbooks.append({"name": name, "common": True})
        state.playbook_board -= 1
        state.notes.append(
            f"{side.name} takes the common playbook {name} and locks one coach action token "
            f"into it ({locked(side)} locked of {side.coach_tokens})"
        )
    else:
        common = next(p["common"] for p in side.playbooks if p["name"] == name)
    data["use"] = name
    held = next(p for p in side.playbooks if p["name"] == name)
    if data.get("chip"):
        # 'Setup': "Place a face down Onfire chip LV.1 over the playbooks that request it";
        # after its basket, "Put a new chip on the playbook card": it stays marked.
        held["chip"] = True
    else:
        data.pop("chip", None)
    state.playbook_run = {"team": side.name, "name": name, "common": common}
    if held.get("chip"):
        state.playbook_run["chip"] = True
    state.notes.append(f"{side.name} runs {name}: the F2 and A cannot be countered or defended")


def _held_or_none(side: TeamState) -> str:
    """What a side refused a common playbook may still run: one it holds, or none."""
    held = [p["name"] for p in side.playbooks]
    if held:
        return f"a playbook {side.name} holds ({', '.join(held)}), or the F2 without one"
    return "the F2 without a playbook"


def _drop(state: MatchState, side: TeamState, data: dict[str, Any]) -> None:
    name = renounce(state, side, str(data["drop"]))
    data["drop"] = name
    state.notes.append(
        f"{side.name} renounces {name}: the playbook is discarded, its coach action token "
        "is free to spend"
    )


def end_run(state: MatchState, scored: bool) -> None:
    """The action of a running playbook is over: a common one is achieved if it scored,
    else discarded with its coach action token."""
    run = state.playbook_run
    state.playbook_run = None
    if run is None:
        return
    side = state.teams[run["team"]]
    if scored:
        # The chip on its card may be redeemed until the turn token moves ('chip' event).
        state.playbook_chip = {"team": side.name, "name": run["name"]}
        if run.get("chip"):
            state.notes.append(
                f"{run['name']} scored with an Onfire LV.1 chip on its card: redeem it onto "
                f"a hooper ('match chip {side.name} HOOPER --playbook') and put a new chip "
                "on the playbook card"
            )
    if not run["common"]:
        return
    if scored:
        state.notes.append(f"{side.name} achieves the common playbook {run['name']}")
        return
    side.playbooks = [p for p in side.playbooks if p["name"] != run["name"]]
    side.coach_tokens = max(side.coach_tokens - 1, 0)
    state.notes.append(
        f"{run['name']} did not score: discard the playbook and its coach action token "
        f"({side.coach_tokens} left)"
    )


def check_undefended(state: Any, kind: str, data: Any) -> None:
    """Refuse a counter, a defence or a block against a running playbook's F2 and A."""
    run = getattr(state, "playbook_run", None)
    if run is None or run["team"] != getattr(state, "attacking", None):
        return
    if kind == "counter":
        if str(data.get("kind", "")).startswith("reb"):
            return  # the attacker's own F3, after the attack
        what = "a counter"
    elif kind == "shot" and (
        data.get("defender") or (data.get("spec") or {}).get("defense") is not None
    ):
        what = "a defence"
    elif kind == "block":
        what = "a block"
    else:
        return
    raise RuleViolation(f"{what} against {run['name']} is refused: {UNDEFENDED}")


def refill(state: MatchState, period: int, series_up_to: int | None) -> None:
    """A new period: the board's four slots replenished (The Series: up to N cards)."""
    before = state.playbook_board
    state.playbook_board = BOARD_SLOTS if series_up_to is None else max(before, series_up_to)
