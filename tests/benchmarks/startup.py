"""Start-up latency: whole `companion` processes against a one-command typer app.

    python tests/benchmarks/startup.py [--runs 30] [--instructions] [--only Tab:]

Runs each command as a fresh process, interleaved (so background load hits all
of them alike), and prints the median and spread of wall time and of CPU time
(user + system, which background load disturbs far less), each with its ratio
to the floor: a typer app with one command that prints a line, in the same
environment. Goal: within 1.25x of that floor; a shell's Tab (the `Tab:` rows, run as
completions/* run them against a database holding the demo's matches and a live match)
within 1.3x of `companion roll d20`. Every game's `status` (the `status:` rows, each on a live
game with a few moves in it) has the same 1.3x goal: it is the command a table types most.
Each prints the status kept with the match at its last move (companion.tables.shown); the
`(replayed)` row is `hoopers match status` on a copy of the database with nothing kept, as a
status replays the match when what was kept is missing or stale. `odds: hoopers series`
is the Series' odds (its managers' chances, kept by companion.history.book.predicted);
`move: hoopers match score` and `move: hoopers match shot` are tracked moves (each undone
after each run, the undo untimed); their `(mid-game)` rows make them on a copy of the
database whose match holds shots, fouls and turns too. `Tab: … --hooper` is a move's values
the legal-moves query offers first (it imports the engine and replays the match). `--only
TEXT` runs the rows whose name holds TEXT, with the floor and `roll d20`.

`--instructions` also counts each command's instructions once under valgrind's
callgrind: a figure that does not move with machine load at all.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from machine import describe  # noqa: E402

FLOOR_APP = """
import typer

app = typer.Typer(add_completion=False)


@app.command()
def hello() -> None:
    print("hello")


app()
"""


# A shell's Tab runs the whole program with the line in the environment (completions/*).
COMPLETIONS = {
    "Tab: companion history show": ("bash", "companion history show "),
    "Tab: companion hoopers match foul Ann": ("bash", "companion hoopers match foul Ann "),
    "Tab: companion otdraft score": ("zsh", "companion otdraft score "),
    "Tab: companion (every command)": ("zsh", "companion "),
    "Tab: companion history stats --player": ("bash", "companion history stats --player "),
    "Tab: companion log otdraft": ("zsh", "companion log otdraft "),
    # A game's words from its data tables, and a move's values the legal-moves query offers.
    "Tab: companion hoopers shot": ("zsh", "companion hoopers shot "),
    "Tab: companion hoopers match shot Ann 2ps --hooper": (
        "zsh",
        "companion hoopers match shot Ann 2ps --hooper ",
    ),
}


def completion_env(shell: str, line: str) -> dict[str, str]:
    env = {"_COMPANION_COMPLETE": f"complete_{shell}", "_COMPANION_COMPLETE_ARGS": line}
    if shell == "bash":
        env["_COMPANION_COMPLETE_WORD"] = line.rsplit(" ", 1)[-1]
    return env


# Every game's live view, each with a game under way (set up by setup_database).
STATUS = {
    "status: hoopers match": ["hoopers", "match", "status"],
    "status: hoopers series": ["hoopers", "series", "status"],
    "status: allstar season": ["allstar", "season", "status"],
    "status: playlist game": ["playlist", "game", "status"],
    "status: playlist solo": ["playlist", "solo", "status"],
    "status: otdraft game": ["otdraft", "game", "status"],
    "odds: hoopers series": ["hoopers", "series", "odds"],
}
# A tracked move, each run undone after it (not timed) so every run makes the same move.
SHOT = ["shot", "Ann", "2ps", "--hooper", "Edd Trapp", "--stat", "60", "--roll", "30"]
MOVES = {
    "move: hoopers match score": ["hoopers", "match", "score", "Ann", "1"],
    "move: hoopers match shot": ["hoopers", "match", *SHOT],  # a Keepers' hooper
}
UNDO = ["hoopers", "match", "undo"]
# The same moves mid-game: on a copy of the database whose match then holds shots (two of
# them defended), fouls and turns too, as a match at the table does (set up by midgame_copy).
MIDGAME = {f"{name} (mid-game)": argv for name, argv in MOVES.items()}
MIDGAME_PLAY = [
    SHOT,
    ["turn"],
    ["shot", "Bob", "3ps", "--hooper", "Muy Schillato", "--stat", "55", "--defense", "30",
     "--defender", "Linda Siempre", "--face", "blank", "--roll", "40"],
    ["turn"],
    ["foul", "Bob", "Joy Kill", "--on", "d2"],
    ["shot", "Ann", "2ps", "--hooper", "Manny Gentle", "--stat", "50", "--defense", "25",
     "--defender", "Serge Ceptor", "--face", "blank", "--roll", "35"],
    ["turn"],
    ["turn"],
    ["foul", "Bob", "Sin Miedo", "--on", "d3"],
]  # fmt: skip
# The same, on a copy of the database holding no kept status (set up by replayed_copy).
REPLAYED = {"status: hoopers match (replayed)": ["hoopers", "match", "status"]}


def replayed_copy(env: dict[str, str]) -> dict[str, str]:
    """The environment of a copy of the database with its kept statuses taken out."""
    import json
    import shutil

    source = Path(env["COMPANION_DB"])
    copy = source.with_name("replayed.json")
    data = json.loads(source.read_text())
    data.pop("_shown", None)
    copy.write_text(json.dumps(data))
    archive = source.with_name(source.stem + ".archive")
    if archive.is_dir():
        shutil.copytree(archive, copy.with_name(copy.stem + ".archive"))
    return {**env, "COMPANION_DB": str(copy)}


def midgame_copy(env: dict[str, str]) -> dict[str, str]:
    """The environment of a copy of the database whose live match has gone on: after its
    three scores, three shots, two fouls and four turns (13 events; Ann attacks)."""
    import shutil

    source = Path(env["COMPANION_DB"])
    copy = source.with_name("midgame.json")
    shutil.copy(source, copy)
    archive = source.with_name(source.stem + ".archive")
    if archive.is_dir():
        shutil.copytree(archive, copy.with_name(copy.stem + ".archive"))
    copied = {**env, "COMPANION_DB": str(copy)}
    for move in MIDGAME_PLAY:
        subprocess.run([sys.executable, "-m", "companion", "hoopers", "match", *move],
                       env=copied, stdout=subprocess.DEVNULL, check=True)  # fmt: skip
    return copied


def setup_database(env: dict[str, str]) -> None:
    """What the Tab and status cases read: the demo's matches and catalogues, a live match
    with a few moves, and a live game of every other kind."""
    py = [sys.executable, "-m", "companion"]
    quiet = {"env": env, "stdout": subprocess.DEVNULL, "check": True}
    subprocess.run([*py, "demo", "--db", env["COMPANION_DB"]], **quiet)
    start = ["hoopers", "match", "start", "--home", "Ann", "--home-tribe", "keepers"]
    subprocess.run(
        [*py, *start, "--away", "Bob", "--away-tribe", "unleashed", "--seed", "3"], **quiet
    )
    for move in (["score", "Ann", "2"], ["score", "Bob", "3"], ["score", "Ann", "1"]):
        subprocess.run([*py, "hoopers", "match", *move], **quiet)
    series = ["hoopers", "series", "start", "--players", "Ana=Keepers,Ben=unl"]
    subprocess.run([*py, *series, "--home", "Keepers", "--name", "Autumn"], **quiet)
    season = ["allstar", "season", "start", "--players", "Manue,Benoit,Carine,Denis"]
    subprocess.run([*py, *season, "--seed", "4"], **quiet)
    game = ["playlist", "game", "start", "--players", "Ana,Ben,Cy", "--first", "Ben"]
    subprocess.run([*py, *game, "--seed", "1"], **quiet)
    laid = [
        "--cards",
        "2",
        "--laid",
        "pop/3/love+piano+ballad/a",
        "--laid",
        "pop/3/love+drums+sad/b",
    ]
    subprocess.run([*py, "playlist", "solo", "start", *laid, "--seed", "1"], **quiet)
    draft = ["otdraft", "game", "start", "--players", "Ana,Ben,Cy", "--seed", "5"]
    subprocess.run([*py, *draft], **quiet)


REFERENCES = ("typer floor app", "companion roll d20")  # every ratio's denominators


def commands(floor: Path) -> dict[str, list[str]]:
    py = sys.executable
    return {
        "python -c pass": [py, "-c", "pass"],
        "typer floor app": [py, str(floor)],
        "companion roll d20": [py, "-m", "companion", "roll", "d20"],
        "companion hoopers shot": [
            py,
            "-m",
            "companion",
            "hoopers",
            "shot",
            "2ps",
            "--stat",
            "60",
            "--roll",
            "30",
        ],  # fmt: skip
        "companion --help": [py, "-m", "companion", "--help"],
        **{name: [py, "-m", "companion", *argv] for name, argv in STATUS.items()},
        **{name: [py, "-m", "companion", *argv] for name, argv in REPLAYED.items()},
        **{name: [py, "-m", "companion", *argv] for name, argv in MOVES.items()},
        **{name: [py, "-m", "companion", *argv] for name, argv in MIDGAME.items()},
        **{name: [py, "-m", "companion"] for name in COMPLETIONS},
    }


def instructions(argv: list[str], env: dict[str, str]) -> int | None:
    """Instructions one run executes, counted by callgrind (None without valgrind)."""
    import re
    import shutil

    if shutil.which("valgrind") is None:
        return None
    with tempfile.TemporaryDirectory() as out:
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}/cg", *argv],
            env=env,
            capture_output=True,
            text=True,
        )
    found = re.search(r"Collected : (\d+)", done.stderr)
    return int(found.group(1)) if found else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--instructions", action="store_true")
    parser.add_argument("--only", help="the rows whose name holds this (and the two references)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        floor = Path(folder) / "floor.py"
        floor.write_text(FLOOR_APP)
        # As after `pip install`: bytecode compiled and written (a development shell may set
        # PYTHONDONTWRITEBYTECODE, which would recompile every changed module on each run).
        import compileall

        import companion

        compileall.compile_dir(Path(companion.__file__).parent, quiet=1)
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["COMPANION_DB"] = str(Path(folder) / "db.json")
        setup_database(env)
        cmds = {
            name: argv
            for name, argv in commands(floor).items()
            if not args.only or args.only in name or name in REFERENCES
        }
        envs = {name: {**env, **completion_env(*COMPLETIONS[name])} for name in COMPLETIONS}
        envs.update(dict.fromkeys(REPLAYED, replayed_copy(env)))
        if any(name in MIDGAME for name in cmds):
            envs.update(dict.fromkeys(MIDGAME, midgame_copy(env)))
        wall: dict[str, list[float]] = {name: [] for name in cmds}
        cpu: dict[str, list[float]] = {name: [] for name in cmds}
        for _ in range(args.runs):
            for name, argv in cmds.items():
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                start = time.perf_counter()
                subprocess.run(argv, env=envs.get(name, env), stdout=subprocess.DEVNULL, check=True)
                wall[name].append((time.perf_counter() - start) * 1000)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
                cpu[name].append(used * 1000)
                if name in MOVES or name in MIDGAME:
                    subprocess.run([sys.executable, "-m", "companion", *UNDO],
                                   env=envs.get(name, env), stdout=subprocess.DEVNULL,
                                   check=True)  # fmt: skip
        counts: dict[str, int | None] = {}
        for name, argv in cmds.items() if args.instructions else ():
            counts[name] = instructions(argv, envs.get(name, env))
            if name in MOVES or name in MIDGAME:
                subprocess.run([sys.executable, "-m", "companion", *UNDO],
                               env=envs.get(name, env), stdout=subprocess.DEVNULL,
                               check=True)  # fmt: skip
    print(describe())
    if counts.get("typer floor app"):
        floor_count, roll_count = counts["typer floor app"], counts["companion roll d20"]
        print(f"\n{'instructions (callgrind)':<38} {'millions':>10} {'x floor':>8} {'x roll':>7}")
        for name, count in counts.items():
            ratios = f"{count / floor_count:>8.2f} {count / roll_count:>7.2f}"
            print(f"{name:<38} {count / 1e6:>10.1f} {ratios}")
    for label, samples in (("wall", wall), ("cpu", cpu)):
        floor_ms = statistics.median(samples["typer floor app"])
        roll_ms = statistics.median(samples["companion roll d20"])
        heading = f"{'median ms':>10} {'p10':>7} {'p90':>7} {'x floor':>8} {'x roll':>7}"
        print(f"\n{label + ' time':<38} {heading}")
        for name, values in samples.items():
            q = statistics.quantiles(values, n=10) if len(values) > 1 else values  # --runs 1
            median = statistics.median(values)
            ratios = f"{median / floor_ms:>8.2f} {median / roll_ms:>7.2f}"
            print(f"{name:<38} {median:>10.1f} {q[0]:>7.1f} {q[-1]:>7.1f} {ratios}")


if __name__ == "__main__":
    main()
