"""Owed free throws asked on a terminal: the shooter's 2PS, then each d20 (Enter rolls).

Used by `companion hoopers match …` on a terminal when a move leaves free
throws owed, or when the next move finds them still owed.
"""

from __future__ import annotations

from typing import Any

from companion.engine.errors import BadInput
from companion.engine.events import event
from companion.games.hoopers.rules.free_throws import free_throw_target
from companion.games.hoopers.rules.stats import check_stat
from companion.ui.guided import prompts


def ask_owed_free_throws(table: Any) -> Any:
    """Ask and record the free throws the live match is waiting for; the Recorded, or None."""
    state = table.status().state
    owed = state.owed
    if owed is None:
        return None
    team, hooper, count = owed["team"], owed["hooper"], owed["count"]
    away = not state.teams[team].free_throw_bonus
    prompts.say(
        f"{count} free throw(s) owed to {hooper} ({team}) after the {owed['why']}.", markup=False
    )
    try:
        stat = prompts.number(
            f"{hooper}'s 2PS (free throws)?", None, lambda n: check_stat(n, "2PS")
        )
        target = free_throw_target(stat, away)
        rolls: list[int] = []
        if target < 100:
            for n in range(1, count + 1):
                roll = _roll(f"free throw {n}: roll ≤ {target} scores")
                if roll is None:  # the companion rolls this one and the rest
                    break
                rolls.append(roll)
    except prompts.Undo:
        prompts.say("  the free throws stay owed")
        return None
    with prompts.no_interrupt():
        recorded = table.record(event("free-throw", team=team, stat=stat, rolls=rolls))
    from companion.games.hoopers.render import render_notes

    render_notes(prompts.console(), list(recorded.played.steps[-1].notes))
    return recorded


def _roll(question: str) -> int | None:
    from companion.games.hoopers.rules.dice import parse_d20

    def parse(text: str) -> int | None:
        if text.casefold() in prompts.ROLL_WORDS:
            return None
        try:
            return parse_d20(int(text))
        except ValueError:
            raise BadInput(f"'{text}' is not a d20 result (5, 10, … 100), nor r to roll") from None

    return prompts.ask(question, "roll", parse, choices="Enter: the companion rolls the rest")
