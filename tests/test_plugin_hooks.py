"""Issue 42 item 1: what the core hands a game's hooks is documented, a game may draw its
own kind of chart from labelled steps, and a plug-in's mistake in a hook is one warning
line while the rest of the command works."""

from __future__ import annotations

import json

from tests.test_plugin_boundary import TALLY_CLI, TALLY_SPEC, install, run

HOOKS = """
from companion.engine.figures import step_chart


def chart(match):
    # a MatchSummary: its events are a count, its result the scores
    assert isinstance(match["events"], int)
    scores = match["result"]["scores"]
    return step_chart(match, "laps", [scores, scores], ["L1", "L2"], "lap", "beads")


def broken_chart(match):
    return match["events"][0]  # a count is not a list: TypeError


def lines(row):
    raise RuntimeError("stats lines went wrong")
"""


def with_hooks(chart: str) -> str:
    spec = TALLY_SPEC.replace(
        '            title="Tally",\n            log=',
        f'            title="Tally",\n            chart="tally.hooks:{chart}",\n'
        '            stats_view="tally.hooks:lines",\n            log=',
    )
    assert spec != TALLY_SPEC
    return spec


def logged_with(tmp_path, chart: str):
    """Tally installed with `chart` as its chart hook, and one game logged: (site, db, id)."""
    site = tmp_path / "site"
    install(site, "tally", "tally", {"spec.py": with_hooks(chart), "cli.py": TALLY_CLI,
                                     "hooks.py": HOOKS})  # fmt: skip
    db = tmp_path / "db.json"
    logged = json.loads(run(site, db, "log", "tally", "Ann=3", "Bob=4", "--json").stdout)
    return site, db, logged


def test_a_chart_of_the_games_own_kind_is_drawn_from_its_labelled_steps(tmp_path):
    site, db, logged = logged_with(tmp_path, "chart")
    shown = run(site, db, "history", "chart", logged["id"])
    assert shown.returncode == 0, shown.stderr
    assert f"tally {logged['id']} — beads by lap" in shown.stdout
    assert "after L2: Ann 6, Bob 8" in shown.stdout
    assert (
        json.loads(run(site, db, "history", "chart", logged["id"], "--json").stdout)["kind"]
        == "laps"
    )


def test_a_plugins_failing_hook_is_one_warning_line_and_the_command_works(tmp_path):
    site, db, logged = logged_with(tmp_path, "broken_chart")
    charted = run(site, db, "history", "chart", logged["id"])
    assert charted.returncode == 0
    assert charted.stderr.splitlines() == [
        "warning: game 'tally' (package tally) its chart hook failed: TypeError: 'int' object "
        "is not subscriptable"
    ]
    assert "— final score" in charted.stdout  # what every match has
    stats = run(site, db, "history", "stats")
    assert stats.returncode == 0 and "tally" in stats.stdout
    assert stats.stderr.splitlines() == [
        "warning: game 'tally' (package tally) its stats_view hook failed: RuntimeError: "
        "stats lines went wrong"
    ]


PODIUM_SPEC = TALLY_SPEC.replace(
    'fields=Fields(player_result_maps=("bonus",)',
    'fields=Fields(player_result_lists=("podium",), player_result_maps=("bonus",)',
).replace(
    'return {"scores": total, "ranks": ranks, "winner": winner, "bonus": bonus}',
    "podium = sorted(total, key=lambda p: ranks[p])\n"
    '    return {"scores": total, "ranks": ranks, "winner": winner, "bonus": bonus,'
    ' "podium": podium}',
)


def test_a_rename_reaches_a_list_of_names_a_result_holds(tmp_path):
    """Issue 42 item 2: a result key holding a list of names (`Fields.player_result_lists`)
    is renamed with the player, as the maps keyed by player are."""
    assert PODIUM_SPEC.count("podium") == 4  # both replacements took
    site = tmp_path / "site"
    install(site, "tally", "tally", {"spec.py": PODIUM_SPEC, "cli.py": TALLY_CLI})
    db = tmp_path / "db.json"
    logged = json.loads(run(site, db, "log", "tally", "ann=3", "Bob=4", "--json").stdout)
    shown = json.loads(run(site, db, "history", "show", logged["id"], "--json").stdout)
    assert shown["result"]["podium"] == ["Bob", "ann"]
    assert run(site, db, "players", "rename", "ann", "Ann").returncode == 0
    listed = json.loads(run(site, db, "history", "list", "--json").stdout)["matches"]
    assert listed[0]["result"]["podium"] == ["Bob", "Ann"]
