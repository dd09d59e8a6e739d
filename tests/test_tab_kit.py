"""The Tab kit a plug-in builds its values with (companion.cli.complete), on a game of its
own written only from docs/development.md: a relay race whose teams send runners on legs.

Each test drives the kit as a shell's Tab does: a real command's context, parsed from the
line so far, and the live match as the database holds it.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
import typer

from companion.cli import complete as tab
from companion.engine.errors import RuleViolation
from companion.engine.events import Step
from companion.engine.moves import Move

LINEUPS = {"Reds": ["Ann", "Abe"], "Blues": ["Bob", "Bea", "Cy"]}
MATCH = {"game": "relay", "players": ["Reds", "Blues"], "seed": 1, "events": [],
         "options": {"lineups": LINEUPS}}  # fmt: skip


class Rules:
    """Every runner may run a sprint or a long leg, except Cy (resting) and Abe's long leg."""

    def initial(self, match: Any) -> dict:
        return {}

    def apply(self, state: dict, event: Any, rng: Any) -> Step:
        data = event["data"]
        if data["runner"] == "Cy" or (data["runner"], data["leg"]["kind"]) == ("Abe", "long"):
            raise RuleViolation(f"{data['runner']} may not run that")
        return Step(state, event)

    def moves(self, state: dict) -> list[Move]:
        return [
            Move(kind, team, {"team": team, "runner": runner, "leg": {"kind": leg}})
            for kind in ("run", "cheer")
            for team, runners in LINEUPS.items()
            for runner in runners
            for leg in ("sprint", "long")
        ]


TABLE = SimpleNamespace(rules=Rules())  # what the spec's "module:Class" of the table names


def run(team: str, kind: str, runner: str = typer.Option(None), lap: int = 1) -> None:
    """`relay run TEAM KIND --runner NAME [--lap N]`."""


@pytest.fixture
def asked(monkeypatch):
    """What a Tab after `relay run ARGS` is asked, with the race live in the database."""
    import companion.tables

    monkeypatch.setattr(companion.tables, "table_target", lambda game: f"{__name__}:TABLE")
    app = typer.Typer()
    app.command()(run)
    built = typer.main.get_command(app)

    def on_line(*args: str, incomplete: str = "") -> tab.Asked:
        ctx = built.make_context("relay run", list(args), resilient_parsing=True)
        found = tab.Asked(ctx, incomplete)
        found.__dict__["db"] = SimpleNamespace(live_match=lambda game: MATCH)
        return found

    return on_line


RUNNERS = tab.legal_first("relay", "runner", kind="run")


def test_a_moves_values_are_narrowed_by_what_the_line_already_says(asked):
    # The team and the leg's kind (a key of a table in the move's data) typed, any case and
    # by prefix: the runners who may run that now, and only for the move named.
    assert [v for v, _ in RUNNERS(asked("reds", "LON"))] == ["Ann"]  # Abe may not run long
    assert [v for v, _ in RUNNERS(asked("Blu", "sprint"))] == ["Bob", "Bea"]  # not Cy
    # Nothing typed yet: every runner who may run something, in the query's order.
    assert [v for v, _ in RUNNERS(asked())] == ["Ann", "Abe", "Bob", "Bea"]
    # Without `kind`, another move's values count too (a cheer is refused alike here).
    assert tab.legal_values(asked("Reds", "long"), "relay", "runner") == ["Ann"]


def test_a_default_left_on_the_line_narrows_nothing(asked):
    # `--lap` defaults to 1 and is no key of the moves; a default is never "typed".
    assert asked("Reds", "sprint").typed() == ["team", "kind"]


def test_live_pieces_are_a_players_own_or_the_others(asked):
    own = tab.live_pieces("relay", "lineups", owner="team")
    others = tab.live_pieces("relay", "lineups", owner="team", others=True)
    assert list(own(asked("blues", "sprint"))) == [
        ("Bob", "Blues"),
        ("Bea", "Blues"),
        ("Cy", "Blues"),
    ]
    assert list(others(asked("blues", "sprint"))) == [("Ann", "Reds"), ("Abe", "Reds")]
    assert [v for v, _ in own(asked())] == ["Ann", "Abe", "Bob", "Bea", "Cy"]
    assert list(tab.live_players("relay", "team")(asked())) == [("Reds", "team"), ("Blues", "team")]


TABLES = {
    "race": {
        "legs": ["sprint", "long"],
        "teams": {"reds": {"label": "Reds", "runners": ["Ann", "Abe"]},
                  "blues": {"label": "Blues", "runners": ["Bob", "Bea"]}},
        "penalties": [{"key": "trip", "text": "a trip"}, {"key": "push"}],
    }
}  # fmt: skip


def test_values_come_from_the_games_data_tables(asked):
    load = TABLES.__getitem__
    assert list(tab.from_table(load, "race", "legs")(asked())) == [("sprint", None), ("long", None)]
    teams = tab.from_table(load, "race", "teams")(asked())
    assert list(teams) == [("reds", "Reds"), ("blues", "Blues")]
    marks = tab.from_table(load, "race", "penalties", label="text")(asked())
    assert list(marks) == [("trip", "a trip"), ("push", None)]
    both = tab.chain(tab.from_table(load, "race", "legs"), tab.fixed(["relay"], "all four"))
    assert list(both(asked()))[-1] == ("relay", "all four")


def test_members_of_a_group_then_several_of_them_after_a_separator(asked):
    runners = tab.members(TABLES.__getitem__, "race", "teams", field="runners")
    assert list(runners(asked(), "BLUES")) == [("Bob", "Blues"), ("Bea", "Blues")]
    assert [v for v, _ in runners(asked(), None)] == ["Ann", "Abe", "Bob", "Bea"]
    lineup = tab.pair(":", tab.fixed(["Reds", "Blues"]), runners, several=True)
    assert [v for v, _ in lineup(asked(incomplete="Re"))] == ["Reds:Ann", "Reds:Abe"] + [
        "Blues:Bob",
        "Blues:Bea",
    ]
    assert [v for v, _ in lineup(asked(incomplete="Blues:Bob,"))] == ["Blues:Bob,Bea"]
    # The group named by another parameter on the line (`--team blues --runners <Tab>`).
    assert [v for v, _ in tab.of_given(runners, "team")(asked("blues", "sprint"))] == [
        "Bob",
        "Bea",
    ]
