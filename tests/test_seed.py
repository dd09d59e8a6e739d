"""The README: "Every command that draws randomness takes `--seed N`, except the moves of a
tracked match ...: they draw from the seed the match was started with" (issue 24)."""

from __future__ import annotations

import inspect
import re

from tests.test_cli import all_commands

# Where a command's own draws come from: a TableRng it builds, or a seed it hands on.
DRAWS = re.compile(r"TableRng\(|\bseed=")


def _options(command) -> set[str]:
    return {o for p in command.params for o in p.opts}


def test_every_command_that_draws_takes_seed():
    leaves = [(p, c) for p, c in all_commands() if not hasattr(c, "list_commands")]
    drawing = [p for p, c in leaves if DRAWS.search(inspect.getsource(c.callback))]
    assert "companion roll" in drawing and "companion hoopers match start" in drawing
    assert [p for p, c in leaves if p in drawing and "--seed" not in _options(c)] == []


def test_every_seed_option_is_used():
    unused = [
        path
        for path, command in all_commands()
        if "--seed" in _options(command) and "seed" not in inspect.getsource(command.callback)
    ]
    assert unused == []


def _shot_roll(cli, seed: str) -> tuple[int, int]:
    start = ["--home", "Ann", "--away", "Bob", "--home-roster", "Ace", "--away-roster", "Cat"]
    started = cli("hoopers", "match", "start", *start, "--first", "Ann", "--seed", seed, "--json")
    assert started.exit_code == 0, started.stderr
    shots = []
    for _ in range(2):
        shot = ("hoopers", "match", "shot", "Ann", "lup", "--hooper", "Ace", "--stat", "60")
        shots.append(cli(*shot, "--json"))
        for _ in range(2):  # the turn passes to Bob, then back to Ann
            assert cli("hoopers", "match", "turn").exit_code == 0
    return tuple(s.json["roll"] for s in shots)


def test_a_tracked_move_draws_from_the_match_seed(cli, tmp_path):
    first = _shot_roll(lambda *a: cli(*a, database=tmp_path / "a.json"), "41")
    again = _shot_roll(lambda *a: cli(*a, database=tmp_path / "b.json"), "41")
    assert first == again
    other = [_shot_roll(lambda *a, n=n: cli(*a, database=tmp_path / f"{n}.json"), str(n))
             for n in range(5)]  # fmt: skip
    assert any(o != first for o in other)


def test_a_tracked_move_takes_no_seed_of_its_own(cli):
    done = cli("hoopers", "match", "shot", "Ann", "lup", "--seed", "3")
    assert done.exit_code == 2
    assert "No such option: --seed" in done.stderr
