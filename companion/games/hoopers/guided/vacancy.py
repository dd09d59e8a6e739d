"""A vacant place on court asked on a terminal: who comes in for the ejected hooper.

Used by `companion hoopers match …` on a terminal when a move of play finds a place
still empty (`companion.games.hoopers.rules.vacancy`).
"""

from __future__ import annotations

from typing import Any

from companion.engine.events import event
from companion.games.hoopers.rules.vacancy import vacancies
from companion.ui.guided import prompts


def ask_substitutes(table: Any) -> bool:
    """Ask and record a benchwarmer for each vacant place; False when the table backs out."""
    for vacancy in vacancies(table.status().state):
        prompts.say(
            f"{vacancy.hooper} ({vacancy.team}) is {vacancy.why}: "
            "a benchwarmer takes the vacant position.",
            markup=False,
        )
        try:
            entering = prompts.name(
                f"{vacancy.team}: who comes in on {vacancy.token}?",
                list(vacancy.bench),
                vacancy.bench[0],
                what="hooper",
            )
        except prompts.Undo:
            prompts.say("  the place stays empty")
            return False
        with prompts.no_interrupt():
            recorded = table.record(
                event("sub", team=vacancy.team, pairs=[[vacancy.hooper, entering]])
            )
        from companion.games.hoopers.render import render_notes

        render_notes(prompts.console(), list(recorded.played.steps[-1].notes))
    return True
