"""The Draft variant in guided play: each pick asked of the player whose choice it is, from
the legal-moves query (rules/draft.py lists the cards on the table)."""

from __future__ import annotations

from typing import Any

from companion.ui.guided import prompts

STOP = "stop"


def ask_draft(table: Any) -> bool:
    """Ask the live match's draft pick by pick until it is over (True), or the table
    stops (False). `<` takes the last pick back."""
    from companion.engine.errors import CompanionError
    from companion.games.hoopers.draft_render import render_draft
    from companion.games.hoopers.render import render_notes
    from companion.games.hoopers.rules.draft import KINDS

    while True:
        state = table.status().state
        draft = state.draft
        if draft is None or draft.step is None:
            return True
        step = draft.step
        render_draft(prompts.console(), state)
        moves = {m.what["card"]: m for m in table.legal().moves if m.kind == "pick"}
        verb = "discards" if step.kind == "discard" else "chooses"
        question = (
            f"{step.team} {verb} {KINDS[step.kind]} (pick {len(draft.picks) + 1} of "
            f"{len(draft.steps)})?"
        )
        try:
            card = prompts.name(question, list(moves), what="card", words=(STOP,))
        except prompts.Undo:
            if not draft.picks:
                prompts.say("  nothing to take back: this is the draft's first pick")
                continue
            with prompts.no_interrupt():
                table.undo()
            continue
        if card == STOP:
            return False
        try:
            with prompts.no_interrupt():
                recorded = table.make(moves[card])
        except CompanionError as err:
            prompts.say(f"error: {prompts.reason(err)}", markup=False)
            continue
        render_notes(prompts.console(), recorded.status.state.notes)
