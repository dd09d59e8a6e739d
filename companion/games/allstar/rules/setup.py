"""Setting up the table: Species, draw pile, tickets, Tie-Breaker face and each round's draft."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from companion.engine.rng import TableRng
from companion.games.allstar.data import load
from companion.games.allstar.rules.errors import BadConfig
from companion.games.allstar.rules.facts import TableConfig, missing_species_line
from companion.games.allstar.rules.modes import draft_for
from companion.games.allstar.rules.teams import tiebreaker_face

# Two-manager Setup (both mode setups): "Put back in the box the Arenas that are not
# playable with two Managers (the ones with the "remove for two Managers" icon)."
TWO_MANAGER_ARENAS = 'put back in the box every Arena with the "remove for two Managers" icon'


@dataclass(frozen=True)
class RoundPlan:
    round: int
    arenas: int
    direction: str
    passing: str
    deal: int
    first_chooser: str | None  # Open Market only


@dataclass(frozen=True)
class SetupPlan:
    managers: tuple[str, ...]  # seating order, clockwise
    mode: str
    species: tuple[str, ...]
    draw_pile: int
    tickets: dict[str, int]
    tiebreaker_face: str
    removed_arenas: tuple[str, ...]
    arena_reminder: str | None  # two managers: which Arenas to take out, and why
    rounds: tuple[RoundPlan, ...]
    draft_rule: str

    def to_dict(self) -> dict[str, Any]:
        """The plan, keyed as `PLAN_KEYS`."""
        return {
            "managers": list(self.managers),
            "mode": self.mode,
            "species": list(self.species),
            "draw_pile": self.draw_pile,
            "tickets": dict(self.tickets),
            "tiebreaker_face": self.tiebreaker_face,
            "removed_arenas": list(self.removed_arenas),
            "arena_reminder": self.arena_reminder,
            "draft_rule": self.draft_rule,
            "rounds": [asdict(r) for r in self.rounds],
        }


# The setup's keys, kept in the season's first event and repeated by `season status --json`.
PLAN_KEYS = (
    "managers", "mode", "species", "draw_pile", "tickets", "tiebreaker_face",
    "removed_arenas", "arena_reminder", "draft_rule", "rounds",
)  # fmt: skip


def chosen_species(typed: Sequence[str], config: TableConfig, count: int) -> tuple[str, ...]:
    """The Species the table chose for the draw pile: `count` different ones, by prefix."""
    from companion.engine.names import match_prefix

    words = [w.strip() for chunk in typed for w in chunk.split(",") if w.strip()]
    names = tuple(match_prefix(w, config.species, what="species") for w in words)
    if len(set(names)) != len(names):
        twice = next(n for n in names if names.count(n) > 1)
        raise BadConfig(f"species {twice} is named twice")
    if len(names) != count:
        raise BadConfig(
            f"this table's draw pile has {count} Species; {len(names)} named "
            f"({', '.join(names) or 'none'})"
        )
    return names


def plan_setup(
    players: Sequence[str],
    mode: str | None,
    config: TableConfig,
    rng: TableRng,
    arenas: Mapping[str, Mapping[str, Any]] | None = None,
    species: Sequence[str] | None = None,
) -> SetupPlan:
    """Everything 'Setup' (and the two-manager 'Setup') asks the table to prepare.

    "choose two different Species ... per Manager": the table may name them (`species`,
    by unique prefix); otherwise they are drawn at random.
    """
    managers = len(players)
    draft = draft_for(managers, mode)
    tables = load("game")
    count = draft.species_count(managers)
    if len(config.species) < count:
        # Only Species the table names are drawn: never a placeholder for an unnamed one.
        raise BadConfig(missing_species_line(config, count, managers))
    if species:
        in_pile = chosen_species(species, config, count)
    else:
        in_pile = tuple(rng.sample(config.species, count))
    first = rng.choice(list(players)) if draft.chooses_first else None
    seating = tuple(players)
    rounds = tuple(
        RoundPlan(
            round=n,
            arenas=tables["setup"]["arenas_per_round"][n - 1],
            direction=draft.direction(n),
            passing=draft.passing(n, seating),
            deal=draft.hand,
            first_chooser=(first if n == 1 else "fewest Supporters") if first else None,
        )
        for n in (1, 2, 3)
    )
    removed = (
        tuple(
            sorted(n for n, a in (arenas or {}).items() if "no-two-managers" in a.get("rules", ()))
        )
        if managers == 2
        else ()
    )
    reminder = None
    if managers == 2:
        if removed:
            known = f"of the arenas entered here: {', '.join(removed)}"
        else:
            known = (
                "none of the arenas entered here is marked; mark them with "
                "'companion allstar arena add NAME --rule no-two-managers'"
            )
        reminder = f"{TWO_MANAGER_ARENAS} ({known})"
    per = tables["tickets"][str(managers)]
    return SetupPlan(
        managers=seating,
        mode=draft.name,
        species=in_pile,
        draw_pile=count * tables["setup"]["cards_per_species"],
        tickets={p: per for p in players},
        tiebreaker_face=tiebreaker_face(managers),
        removed_arenas=removed,
        arena_reminder=reminder,
        rounds=rounds,
        draft_rule=draft.rule,
    )
