"""The Draft variant's draft on a terminal (rules/draft.py): whose choice, what is on the
table, who took what."""

from __future__ import annotations

from typing import Any

from companion.ui.console import plain


def render_draft(out: Any, state: Any) -> None:
    """The draft's lines of a draft match's status (none in any other match)."""
    draft = state.draft
    if draft is None:
        return
    from companion.games.hoopers.rules.draft import KINDS
    from companion.games.hoopers.rules.skills import first_position

    step = draft.step
    if step is None:
        out.print("  Draft: over (no milestones in this match)", markup=False)
    else:
        deck = f", deck {step.deck}" if step.deck else ""
        out.print(
            f"  [bold]Draft:[/bold] {plain(step.team)} chooses {KINDS[step.kind]} "
            f"(pick {len(draft.picks) + 1} of {len(draft.steps)}{deck})"
        )
        left = list(dict.fromkeys(draft.on_table(step)))
        if step.kind in ("discard", "hooper"):
            # "Place all the hoopers on the table by dividing them in relation to their
            # first position."
            groups: dict[str, list[str]] = {}
            for hooper in left:
                groups.setdefault(first_position(hooper) or "other", []).append(hooper)
            said = "; ".join(f"{p}: {', '.join(h)}" for p, h in groups.items())
        else:
            counts = draft.on_table(step)
            said = ", ".join(f"{c} ×{counts.count(c)}" if counts.count(c) > 1 else c for c in left)
        out.print(f"  on the table: {said}", markup=False)
    for team in (draft.first, draft.second):
        kinds = (("hooper", "hoopers"), ("hooper-upgrade", "upgrades"), ("deck-upgrade", "deck"))
        parts = [f"{w} {', '.join(c)}" for k, w in kinds if (c := draft.team_cards(team, k))]
        on = [f"{s['card']} on {s['hooper']}" for s in draft.sleeved if s["team"] == team]
        parts += [f"sleeved {', '.join(on)}"] if on else []
        out.print(f"  {team}: {'; '.join(parts) or 'nothing yet'}", markup=False)
