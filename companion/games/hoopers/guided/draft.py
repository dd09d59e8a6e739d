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

    asked: set[str] = set()  # the teams asked to sleeve their hooper upgrades
    while True:
        state = table.status().state
        draft = state.draft
        if draft is None or draft.step is None:
            return True
        step = draft.step
        if step.kind == "deck-upgrade":
            for team in (draft.first, draft.second):
                if team not in asked:
                    asked.add(team)
                    ask_sleeves(table, team)
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


LATER = "later"


def ask_sleeves(table: Any, team: str) -> None:
    """ "Now the players can prepare their team": which hooper carries each hooper upgrade
    `team` drafted (`later` leaves it to 'match upgrade TEAM --hooper H --card CARD')."""
    from companion.engine.errors import CompanionError
    from companion.games.hoopers.render import render_notes
    from companion.games.hoopers.rules.draft import card_words

    state = table.status().state
    draft = state.draft
    done = [s["card"] for s in draft.sleeved if s["team"] == team]
    cards = draft.team_cards(team, "hooper-upgrade")
    for card in done:
        cards.remove(card)
    for card in cards:
        state = table.status().state
        carrying = {s["hooper"] for s in state.draft.sleeved}
        free = [h.name for h in state.teams[team].hoopers.values() if h.name not in carrying]
        question = f"{team}: which hooper carries {card_words(card)}?"
        try:
            hooper = prompts.name(question, free, LATER, what="hooper", words=(LATER,))
        except prompts.Undo:
            return
        if hooper == LATER:
            return
        move = {"type": "upgrade", "data": {"team": team, "hooper": hooper, "card": card}}
        try:
            with prompts.no_interrupt():
                recorded = table.record(move)
        except CompanionError as err:
            prompts.say(f"error: {prompts.reason(err)}", markup=False)
            continue
        render_notes(prompts.console(), recorded.status.state.notes)
