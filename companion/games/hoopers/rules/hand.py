"""The hand of action cards, as far as the table tells it ('Period Structure', 'Coach
Actions', 'To Activate and Resolve a Playbook').

"Shuffle your action deck and draws a full hand of seven cards"; "After the first (1),
the third (3), the fifth (5) and the seventh (7) pair of attacking turns, each player
draws one card"; "After the second (2) and the sixth (6) pair ... each player draws 3
cards"; "After the fourth pair (4) of attacking turns, and before starting a new period
(8), each player refills their full hand up to 7 cards"; a coach token "To draw 3 cards
(then discard if exceeding the 7 cards limit)" (`match coach TEAM --draw`); a scored
playbook's "Draw 2 cards".

The companion sees no card: a team's hand is known once the table says how many cards
it holds (`hand` event, `match hand TEAM N`). From then on every card the match records
(a fundamental, an attack, a defence, a counter, a block: each `energy.spend`) leaves
the hand, the turn track's and a playbook's draws come in, and a hand above the limit
after a draw is told to discard down to 7 ("the 7 cards limit", applied to every draw:
docs/hoopers.md, Rulings). A hand not known is said once a match, at the first draw:
the limit is not checked, never silently.

Pure: no I/O.
"""

from __future__ import annotations

from typing import Any

from companion.engine.errors import BadInput, RuleViolation
from companion.games.hoopers.data import load
from companion.games.hoopers.rules.state import MatchState, TeamState

LIMIT_RULE = "(then discard if exceeding the 7 cards limit)"
COACH_DRAW = 3  # a coach action token "To draw 3 cards"


def limit() -> int:
    return int(load("game")["hand"]["limit"])


def tell_hand(state: MatchState, data: dict[str, Any], rng: Any, draws: Any) -> None:
    """`hand` event: `team` holds `cards` cards now (the table counted them)."""
    side = state.team(data["team"])
    cards = data.get("cards")
    if isinstance(cards, bool) or not isinstance(cards, int) or cards < 0:
        raise BadInput(f"a hand is a number of cards (0 or more), not {cards!r}")
    if cards > limit():
        raise RuleViolation(
            f"{side.name} cannot keep {cards} cards: '{LIMIT_RULE}'; legal now: discard "
            f"{cards - limit()} and give {limit()}"
        )
    data.update(team=side.name, cards=cards)
    side.hand = cards
    state.notes.append(
        f"{side.name} holds {cards} card{'' if cards == 1 else 's'}: from now each card the "
        "match records leaves the hand and each draw of the turn track comes in"
    )


def play_card(state: MatchState, team: str) -> None:
    """A card of `team`'s leaves its hand (the Unleashed power's second use of the same
    card does not: "do not move the turn token if you use this power")."""
    if state.power_card == team:
        state.power_card = None
        return
    side = state.teams[team]
    if side.hand is not None:
        side.hand = max(side.hand - 1, 0)


def draw(
    state: MatchState, side: TeamState, count: int, why: str, say_unknown: bool = False
) -> None:
    """`side` draws `count` cards; above the limit it discards down to it. A hand not
    known: nothing, or (`say_unknown`) one line that the limit is not checked."""
    if side.hand is None:
        if say_unknown:
            state.notes.append(
                f"{side.name} draws {count} ({why}): the 7 cards limit is not checked, the "
                f"cards held are not known ('match hand {side.name} N')"
            )
        return
    held = side.hand + count
    side.hand = min(held, limit())
    over = held - side.hand
    discard = f", discard {over} down to {limit()} ('{LIMIT_RULE}')" if over else ""
    state.notes.append(f"{side.name} draws {count} ({why}): {held} cards{discard}")


def refill(state: MatchState, why: str) -> None:
    """ "each player refills their full hand up to 7 cards"."""
    for side in state.teams.values():
        if side.hand is not None and side.hand < limit():
            state.notes.append(f"{side.name} refills {side.hand} → {limit()} cards ({why})")
            side.hand = limit()
    _not_known(state)


def after_pair(state: MatchState, pair: int) -> None:
    """The turn track's draws after `pair` (an overtime's own list in an overtime)."""
    table = load("game")["hand"]
    what = (table["after_overtime_pair"] if state.in_overtime else table["after_pair"]).get(
        str(pair)
    )
    if what is None:
        return
    if what == "refill":
        refill(state, f"after pair {pair}")
        return
    for side in state.teams.values():
        draw(state, side, int(what), f"after pair {pair}")
    _not_known(state)


def _not_known(state: MatchState) -> None:
    """Said once a match: the hands the table has not given are not checked."""
    unknown = [t for t, side in state.teams.items() if side.hand is None]
    if not unknown or state.hand_told:
        return
    state.hand_told = True
    state.notes.append(
        f"the 7-card hand limit is not checked for {' and '.join(unknown)}: the companion "
        "does not know the cards held ('match hand TEAM N' tells it)"
    )
