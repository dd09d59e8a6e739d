"""Energy reminders the match gives (the table keeps the energy tracks itself).

Never Tired: "If he should recover energy, then he recovers one extra energy. Do not
exceed his maximum." — the rulebook's NOTE: "Never Tired recovers two energies after the
first and third period, and becomes full of energy after the second one."
"""

from __future__ import annotations

from companion.games.hoopers.skills import has_skill
from companion.games.hoopers.state import MatchState


def never_tired(state: MatchState) -> list[tuple[str, str]]:
    """(team, hooper) of every Never Tired still in the game with his skill."""
    return [
        (team.name, hooper.name)
        for team in state.teams.values()
        for hooper in team.hoopers.values()
        if has_skill(hooper, "never-tired") and not hooper.ejected and not hooper.out
    ]


def period_end_notes(state: MatchState, ended: int) -> list[str]:
    """Never Tired's extra energy before the period after `ended` (none before an overtime:
    "If an overtime will be played the hoopers don't recover any energy")."""
    if ended >= state.variant.periods:
        return []
    what = "becomes full of energy" if ended == 2 else "recovers one extra energy (two)"
    return [f"{hooper} ({team}) {what}: his skill" for team, hooper in never_tired(state)]


def bench_recovery_notes(state: MatchState) -> list[str]:
    """Never Tired on the bench when the bench recovers one energy: he recovers two."""
    notes = []
    for team, hooper in never_tired(state):
        side = state.teams[team]
        if side.court is None:
            notes.append(f"{hooper} ({team}), if on the bench, recovers two (his skill)")
        elif not side.on_court(hooper):
            notes.append(f"{hooper} ({team}) on the bench recovers two (his skill)")
    return notes
