"""Classic Play and Fast Play as values, read from games/hoopers/data/game.toml ('Variants')."""

from __future__ import annotations

from functools import cache

from companion.engine.errors import BadInput
from companion.engine.names import match_prefix
from companion.engine.values import dataclass
from companion.games.hoopers.data import load, words

MILESTONE_MODES = words("milestones")


@dataclass(frozen=True)
class Variant:
    """Classic Play or Fast Play: periods, coach tokens, timeouts and the like."""

    name: str
    label: str
    periods: int
    coach_tokens: int
    timeouts: int
    ejected_at: int
    injured_at: int
    milestone_periods: tuple[int, ...]


@cache
def variants() -> dict[str, Variant]:
    table = load("game")["variants"]
    return {
        name: Variant(
            name=name,
            label=row["label"],
            periods=row["periods"],
            coach_tokens=row["coach_tokens"],
            timeouts=row["timeouts"],
            ejected_at=row["ejected_at"],
            injured_at=row["injured_at"],
            milestone_periods=tuple(row["milestone_periods"]),
        )
        for name, row in table.items()
    }


def parse_variant(text: str) -> Variant:
    return variants()[match_prefix(text, variants(), what="variant")]


def parse_milestones(text: str, variant: Variant | None = None) -> str | list[str]:
    """Friendly Play: one setting for every period, or one per period ("win,lose,win").

    A list has one setting for each period with a milestone marker (Classic: 1, 2
    and 3; Fast: 1), or one for every period, where a period without a marker
    can only be "off". A single setting comes back as a string.
    """
    parts = [p.strip() for p in text.split(",")]
    modes = [match_prefix(p, MILESTONE_MODES, what="milestone mode") for p in parts]
    if len(modes) == 1:
        return modes[0]
    chosen = variant or variants()["classic"]
    marked = chosen.milestone_periods
    if len(modes) == chosen.periods:
        for period, mode in enumerate(modes, 1):
            if period not in marked and mode != "off":
                raise BadInput(
                    f"--milestones: period {period} has no milestone marker in "
                    f"{chosen.label} (only period {', '.join(map(str, marked))}); "
                    f"give 'off' for it, or {len(marked)} settings"
                )
        return [modes[p - 1] for p in marked]
    if len(modes) != len(marked):
        raise BadInput(
            f"--milestones: {len(modes)} settings for {chosen.label}, which has milestones "
            f"in period {', '.join(map(str, marked))}: give one setting, "
            f"{len(marked)} or {chosen.periods}"
        )
    return modes


def milestone_modes(setting: str | list[str], variant: Variant) -> dict[int, str]:
    """The stored setting as period -> "win" / "lose" / "off"."""
    if isinstance(setting, str):
        return dict.fromkeys(variant.milestone_periods, setting)
    return dict(zip(variant.milestone_periods, setting, strict=True))
