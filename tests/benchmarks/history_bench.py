"""How fast history answers over a big archive (run on demand; prints figures).

    python tests/benchmarks/history_bench.py [--sizes 10000 100000] [--runs 3]
    python tests/benchmarks/history_bench.py --club DB [--runs 3] [--machine ID]
    python tests/benchmarks/history_bench.py --flat DB [--runs 3]
    python tests/benchmarks/history_bench.py --table DB [--runs 3] [--instructions]
    python tests/benchmarks/history_bench.py --sqlite DB [--runs 3]

`--club DB` (issue 23) measures, against an archive generated once and reused
(`python tests/benchmarks/history_generate.py /tmp/h100k.json 100000`, about
15 minutes): `history show`, `list` and `log` at 0 and at DB's matches (goal: within
1.5x), `history stats` and `history ratings` (goal: under 1 s of CPU; summed from each
archive file's partial and the months' rating checkpoints, see companion.history.summed;
a month cut by `--since` is counted match by match), and the peak memory of importing a
100 MB export into an empty database (goal: under 2x the file) and 10,000 matches into DB
(goal: under 300 MB).

Goals (issue 8): `history stats` and `history list` over 10,000 finished
matches within a second, over 100,000 within ten; export and import of
10,000 matches within ten seconds. Each command runs as a real `companion`
process (start-up included). "cold" is the first query after the archive
was written (the per-shard summary index is built then); "warm" is the
median of the following runs.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from history_generate import PLAYERS, fill  # noqa: E402


def cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def run(db: Path, *args: str) -> tuple[float, float]:
    """(wall, CPU) seconds of one companion process; CPU is what a busy machine cannot inflate."""
    started, spent = time.perf_counter(), cpu()
    subprocess.run(
        [sys.executable, "-m", "companion", "--db", str(db), *args],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return time.perf_counter() - started, cpu() - spent


def timed(db: Path, runs: int, *args: str) -> tuple[tuple[float, float], tuple[float, float]]:
    cold = run(db, *args)
    warm = [run(db, *args) for _ in range(runs)]
    return cold, (statistics.median(w for w, _ in warm), statistics.median(c for _, c in warm))


def show(label: str, figures: tuple[float, float]) -> str:
    return f"{label} {figures[0]:6.2f} s (cpu {figures[1]:5.2f} s)"


def measured(db: Path, *args: str) -> tuple[float, int]:
    """(CPU seconds, peak RSS in MB) of one companion process, from its own rusage."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "--db", str(db), *args],
        stdout=subprocess.DEVNULL,
    )
    _, status, used = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"companion {' '.join(args)} exited {proc.returncode}")
    return used.ru_utime + used.ru_stime, used.ru_maxrss // 1024


def linked_copy(db: Path, into: Path) -> Path:
    """A copy of `db` and its archive whose files are hard links: same inodes, so the
    archive's index stays current, and every write replaces a file rather than changing
    it, so `db` itself is never touched."""
    into.mkdir()
    shutil.copy2(db, into / db.name)
    archive = db.with_name(db.stem + ".archive")
    shutil.copytree(archive, into / archive.name, copy_function=os.link)
    return into / db.name


def write_export(path: Path, count: int, seed: int) -> int:
    """history_generate.write_export in a process of its own: a child's peak RSS counts
    what its parent held when it was forked, so the parent must never hold the matches."""
    code = (
        "import sys; from pathlib import Path; sys.path.insert(0, sys.argv[1]); "
        "from history_generate import write_export; "
        "write_export(Path(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]))"
    )
    here = str(Path(__file__).parent)
    subprocess.run([sys.executable, "-c", code, here, str(path), str(count), str(seed)], check=True)
    return path.stat().st_size


def club(big: Path, runs: int, imports_only: bool = False) -> None:
    """Issue 23: one-match and one-screen reads at 0 and at `big`'s archive; stats; import RSS."""
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        small = work / "zero" / "db.json"
        small.parent.mkdir()
        one = work / "one.json"
        write_export(one, 1, seed=3)
        subprocess.run(
            [sys.executable, "-m", "companion", "--db", str(small), "history", "import", str(one)],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        measured(big, "history", "list", "-n", "1")  # the archive's index built, if it was not
        if imports_only:
            runs = 0
        first_month = sorted(big.with_name(big.stem + ".archive").glob("*.json"))[0]
        oldest = next(iter(json.loads(first_month.read_text())["matches"].values()))["id"]
        print(
            f"load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} CPUs; CPU s, median of {runs}"
        )
        cases = [
            ("history show (newest)", ("history", "show", "--json"), ("history", "show", "--json")),
            ("history show ID (oldest)", ("history", "show", "--json"),
             ("history", "show", oldest, "--json")),
            ("history list (a screen)", ("history", "list"), ("history", "list")),
            ("history list -n 20 --json", ("history", "list", "-n", "20", "--json"),
             ("history", "list", "-n", "20", "--json")),
            ("history stats --json", ("history", "stats", "--json"),
             ("history", "stats", "--json")),
            ("history stats --since (cut)", ("history", "stats", "--since", "2024-06-15", "--json"),
             ("history", "stats", "--since", "2024-06-15", "--json")),
            ("history ratings --json", ("history", "ratings", "--json"),
             ("history", "ratings", "--json")),
        ]  # fmt: skip
        for label, at_zero, at_big in cases if runs else []:
            zero = statistics.median(measured(small, *at_zero)[0] for _ in range(runs))
            full = statistics.median(measured(big, *at_big)[0] for _ in range(runs))
            print(f"  {label:<28} {zero:5.2f}  {full:5.2f}  ({full / zero:.2f}x)")
        logs = [(1.0, 1.0)] if not runs else []
        for n in range(runs):
            copy = linked_copy(big, work / f"log{n}")
            at_zero = measured(small, "log", "otdraft", "Ana=3", f"Ben={n}")[0]
            logs.append((at_zero, measured(copy, "log", "otdraft", "Ana=3", f"Ben={n}")[0]))
        zero = statistics.median(z for z, _ in logs)
        full = statistics.median(f for _, f in logs)
        print(f"  {'log otdraft Ana=3 Ben=N':<28} {zero:5.2f}  {full:5.2f}  ({full / zero:.2f}x)")
        export = work / "big.json"
        size = write_export(export, 18_200, seed=9) / 1e6
        (work / "fresh").mkdir()
        cpu, rss = measured(work / "fresh" / "db.json", "history", "import", str(export))
        print(f"  import {size:.0f} MB into an empty database: {rss} MB peak RSS "
              f"({rss / size:.2f}x the file), {cpu:.1f} s CPU")  # fmt: skip
        ten = work / "ten.json"
        size = write_export(ten, 10_000, seed=7) / 1e6
        copy = linked_copy(big, work / "import")
        cpu, rss = measured(copy, "history", "import", str(ten))
        print(f"  import 10,000 matches ({size:.0f} MB) into {big.name}: {rss} MB peak RSS, "
              f"{cpu:.1f} s CPU")  # fmt: skip


def tab(db: Path, line: str) -> tuple[float, int, int]:
    """(CPU seconds, peak RSS in MB, values offered) of the Tab a shell sends at the end of
    `line` (zsh's protocol), in a process of its own."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("_COMPANION")}
    env.update(
        {
            "COMPANION_DB": str(db),
            "_COMPANION_COMPLETE": "complete_zsh",
            "_COMPANION_COMPLETE_ARGS": line,
        }
    )
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion"], stdout=subprocess.PIPE, env=env, text=True
    )
    out = proc.stdout.read() if proc.stdout is not None else ""
    _, status, used = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"Tab on {line!r} exited {status}")
    offered = len([row for row in out.splitlines() if row])
    return used.ru_utime + used.ru_stime, used.ru_maxrss // 1024, offered


def flat(big: Path, runs: int, imports_only: bool = False) -> None:
    """Issue 30 items 11 and 12: reads of one match, one player or one screen of ids at
    `big`'s archive against a 2-match database (CPU, median of `runs`), and an import of
    10,000 matches into `big` against one into an empty database, then the first stats."""
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        small = work / "two" / "db.json"
        small.parent.mkdir()
        two = work / "two.json"
        write_export(two, 2, seed=3)
        measured(small, "history", "import", str(two))
        small_id = json.loads(two.read_text())["matches"][0]["id"]
        # A player of both databases (a person: not a hoopers tribe).
        seated = [p for m in json.loads(two.read_text())["matches"] for p in m["players"]]
        who = next(p for p in seated if p in PLAYERS)
        if imports_only:
            flat_import(big, work, runs)
            return
        newest = sorted(big.with_name(big.stem + ".archive").glob("*.json"))[-1]
        big_id = next(iter(json.loads(newest.read_text())["matches"].values()))["id"]
        for db in (small, big):  # every cache made once: warm figures
            measured(db, "history", "stats", "--player", who, "--json")
            measured(db, "history", "chart", "--player", who, "--json")
        print(
            f"load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} CPUs; "
            f"CPU s and peak MB, median of {runs}; {big.name} vs 2 matches"
        )
        for label, at_two, at_big in (
            ("roll d20", ("roll", "d20"), ("roll", "d20")),
            ("history chart ID", ("history", "chart", small_id, "--json"),
             ("history", "chart", big_id, "--json")),
            ("chart --player NAME", ("history", "chart", "--player", who, "--json"),
             ("history", "chart", "--player", who, "--json")),
            ("stats --player NAME", ("history", "stats", "--player", who, "--json"),
             ("history", "stats", "--player", who, "--json")),
        ):  # fmt: skip
            zero = [measured(small, *at_two) for _ in range(runs)]
            full = [measured(big, *at_big) for _ in range(runs)]
            z = statistics.median(c for c, _ in zero)
            f = statistics.median(c for c, _ in full)
            mb = max(m for _, m in full)
            print(f"  {label:<28} {z:5.2f}  {f:5.2f}  ({f / z:.2f}x, {mb} MB)")
        zero = [tab(small, "companion history show b") for _ in range(runs)]
        full = [tab(big, "companion history show b") for _ in range(runs)]
        z, f = statistics.median(c for c, _, _ in zero), statistics.median(c for c, _, _ in full)
        print(
            f"  {'Tab: history show b':<28} {z:5.2f}  {f:5.2f}  ({f / z:.2f}x, "
            f"{max(m for _, m, _ in full)} MB, {full[0][2]} ids offered)"
        )
        flat_import(big, work, runs)


def table_reads(big: Path, runs: int, count: bool = False) -> None:
    """Issue 39: what a player types at the table, at `big`'s archive against a 2-match
    database: Tab on a player's name, `ratings --predict`, `stats --player` right after a
    move of a live match, a Series' `status` and `odds` (its managers' chances), each a
    whole process's CPU (median of `runs`) and, with `count`, its instructions
    (callgrind, one run: what load does not move)."""
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        two = work / "two.json"
        write_export(two, 2, seed=3)
        (work / "small").mkdir()
        small = work / "small" / "db.json"
        measured(small, "history", "import", str(two))
        seated = [p for m in json.loads(two.read_text())["matches"] for p in m["players"]]
        who = next(p for p in seated if p in PLAYERS)
        other = next(p for p in PLAYERS if p != who)
        dbs = {"2 matches": small, big.parent.name: linked_copy(big, work / "big")}
        for db in dbs.values():
            measured(db, "history", "stats", "--json")  # every cache made once: warm
            measured(db, "hoopers", "match", "start", "--home", who, "--home-tribe",
                     "keepers", "--away", other, "--away-tribe", "unleashed")  # fmt: skip
            measured(db, "hoopers", "series", "start", "--players",
                     f"{who}=Keepers,{other}=unl", "--home", "Keepers")  # fmt: skip
            measured(db, "history", "stats", "--player", who, "--json")
        print(
            f"load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} CPUs; CPU s, median of "
            f"{runs}{', and instructions (callgrind)' if count else ''}"
        )
        cases = [
            ("roll d20", ("roll", "d20"), None),
            ("Tab: stats --player <Tab>", None, "companion history stats --player "),
            ("Tab: log otdraft <Tab>", None, "companion log otdraft "),
            ("ratings --predict A,B --game", ("history", "ratings", "--predict",
             f"{who},{other}", "--game", "hoopers", "--json"), None),
            ("ratings --predict A,B (refused)", ("history", "ratings", "--predict",
             f"{who},{other}", "--json"), None),
            ("stats --player after a move", ("history", "stats", "--player", who, "--json"),
             None),
            ("hoopers series status", ("hoopers", "series", "status"), None),
            ("hoopers series odds", ("hoopers", "series", "odds"), None),
        ]  # fmt: skip
        for label, args, line in cases:
            row = []
            for db in dbs.values():
                spent = []
                for n in range(runs):
                    if label.startswith("stats --player after"):
                        measured(db, "hoopers", "match", "score", who, str(n % 3 + 1))
                    if line is not None:
                        spent.append(tab(db, line)[0])
                    else:
                        spent.append(measured_any(db, *args)[0])
                figure = f"{statistics.median(spent):5.2f} s"
                if count:
                    if label.startswith("stats --player after"):
                        measured(db, "hoopers", "match", "score", who, "1")
                    env = dict(os.environ, COMPANION_DB=str(db))
                    if line is not None:
                        env.update(
                            _COMPANION_COMPLETE="complete_zsh", _COMPANION_COMPLETE_ARGS=line
                        )
                    argv = [sys.executable, "-m", "companion", *(args or ())]
                    figure += f" {instructions(argv, env) / 1e6:7.1f} M"
                row.append(figure)
            print(f"  {label:<34} " + "  ".join(f"{n}: {f}" for n, f in zip(dbs, row, strict=True)))


SEATS_SQL = (
    "SELECT game, player, count(*), sum(won), avg(score), max(score), max(finished) "
    "FROM seats GROUP BY game, player;"
)


def seats_database(big: Path) -> Path:
    """The same archive as an sqlite3 table of seats (one row per player of each match:
    its id, game, player, score, rank, whether they won, when it finished), made once
    beside `big` and reused."""
    import sqlite3

    made = big.with_name(big.stem + ".seats.sqlite")
    if made.exists():
        return made
    building = made.with_suffix(".building")
    building.unlink(missing_ok=True)
    con = sqlite3.connect(building)
    con.execute(
        "CREATE TABLE seats (match TEXT, game TEXT, player TEXT, score REAL, rank INTEGER, "
        "won INTEGER, finished TEXT)"
    )
    archive = big.with_name(big.stem + ".archive")
    for shard in sorted(archive.glob("*.json")):
        if shard.name.startswith("records."):
            continue
        for m in json.loads(shard.read_text())["matches"].values():
            result = m.get("result") or {}
            scores, ranks = result.get("scores") or {}, result.get("ranks") or {}
            con.executemany(
                "INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (m["id"], m["game"], p, scores.get(p) if type(scores.get(p)) in (int, float)
                     else None, ranks.get(p), int(ranks.get(p) == 1), m.get("finished"))
                    for p in m["players"]
                ],
            )  # fmt: skip
    con.commit()
    con.close()
    building.replace(made)
    return made


def versus_sqlite(big: Path, runs: int) -> None:
    """Issue 39: `history stats` at `big`'s archive against the sqlite3 shell's GROUP BY
    over the same matches' seats (`seats_database`), run interleaved: CPU (median of
    `runs`) and peak RSS of each process. `stats` is asked warm (its kept answer), and
    summed with the kept answer removed first (what the first `stats` after a change does,
    every month's cache current)."""
    seats = seats_database(big)
    measured(big, "history", "stats", "--json")  # every cache made once
    kept = big.with_name(big.stem + ".archive")

    def sqlite() -> tuple[float, int]:
        with open(os.devnull, "w") as sink:
            proc = subprocess.Popen(["sqlite3", str(seats), SEATS_SQL], stdout=sink)
            _, _, used = os.wait4(proc.pid, 0)
        return used.ru_utime + used.ru_stime, used.ru_maxrss // 1024

    def summed() -> tuple[float, int]:
        for answer in kept.glob(".index.*/stats-*.json"):
            answer.unlink()
        return measured(big, "history", "stats", "--json")

    cases = {
        "sqlite3 GROUP BY game, player": sqlite,
        "history stats --json": lambda: measured(big, "history", "stats", "--json"),
        "history stats (drawn)": lambda: measured(big, "history", "stats"),
        "history stats --json, summed": summed,
    }
    spent: dict[str, list[tuple[float, int]]] = {label: [] for label in cases}
    for _ in range(runs):
        for label, run_once in cases.items():
            spent[label].append(run_once())
    measured(big, "history", "stats", "--json")  # kept again, as it was
    print(f"load average {os.getloadavg()[0]:.1f}; CPU s (median of {runs}), peak MB")
    floor = statistics.median(c for c, _ in spent["sqlite3 GROUP BY game, player"])
    floor_mb = max(m for _, m in spent["sqlite3 GROUP BY game, player"])
    for label, got in spent.items():
        cpu_s, mb = statistics.median(c for c, _ in got), max(m for _, m in got)
        print(f"  {label:<32} {cpu_s:5.2f} s ({cpu_s / floor:.2f}x)  {mb} MB "
              f"({mb / floor_mb:.2f}x)")  # fmt: skip


def measured_any(db: Path, *args: str) -> tuple[float, int]:
    """`measured`, but a refusal (exit 2) is a figure too."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "--db", str(db), *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    _, status, used = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) not in (0, 2):
        raise SystemExit(f"companion {' '.join(args)} exited {status}")
    return used.ru_utime + used.ru_stime, used.ru_maxrss // 1024


def instructions(argv: list[str], env: dict[str, str]) -> float:
    from startup import instructions as counted

    found = counted(argv, env)
    return float(found or 0)


def flat_import(big: Path, work: Path, runs: int) -> None:
    """Issue 30 item 12: 10,000 matches imported into an empty database and into `big`
    (CPU and peak RSS of each), then `history stats` first and warm over the result."""
    ten = work / "ten.json"
    write_export(ten, 10_000, seed=7)
    (work / "empty").mkdir()
    empty_cpu, empty_rss = measured(work / "empty" / "db.json", "history", "import", str(ten))
    copy = linked_copy(big, work / "import")
    big_cpu, big_rss = measured(copy, "history", "import", str(ten))
    print(
        f"  import 10,000: empty {empty_cpu:.1f} s {empty_rss} MB; into {big.name} "
        f"{big_cpu:.1f} s {big_rss} MB ({big_cpu / empty_cpu:.2f}x)"
    )
    first = measured(copy, "history", "stats", "--json")[0]
    warm = statistics.median(measured(copy, "history", "stats", "--json")[0] for _ in range(runs))
    print(f"  stats after it: first {first:.2f} s, warm {warm:.2f} s ({first / warm:.2f}x)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--club",
        type=Path,
        metavar="DB",
        help="measure issue 23's reads and imports against DB, an archive generated once "
        "with history_generate.py (e.g. DB 100000) and reused",
    )
    parser.add_argument(
        "--flat",
        type=Path,
        metavar="DB",
        help="measure issue 30's reads (Tab on an id, chart, stats --player) and the import "
        "into DB against a 2-match database",
    )
    parser.add_argument(
        "--imports-only", action="store_true", help="with --club or --flat: imports only"
    )
    parser.add_argument(
        "--table",
        type=Path,
        metavar="DB",
        help="measure issue 39's reads (Tab on a player's name, --predict, stats --player "
        "after a move, a Series' status and odds) at DB against a 2-match database",
    )
    parser.add_argument(
        "--instructions", action="store_true", help="with --table: count under callgrind too"
    )
    parser.add_argument(
        "--sqlite",
        type=Path,
        metavar="DB",
        help="measure issue 39's `history stats` at DB against the sqlite3 shell's GROUP BY "
        "over the same matches' seats (made once beside DB)",
    )
    parser.add_argument(
        "--machine",
        metavar="ID",
        help="read (and log) as machine ID: DB's files then are another machine's, as with "
        "a history shared between computers (docs/sharing.md)",
    )
    args = parser.parse_args()
    if args.machine:
        os.environ["COMPANION_MACHINE"] = args.machine
    if args.table is not None:
        table_reads(args.table, args.runs, args.instructions)
        return
    if args.sqlite is not None:
        versus_sqlite(args.sqlite, args.runs)
        return
    if args.flat is not None:
        flat(args.flat, args.runs, args.imports_only)
        return
    if args.club is not None:
        club(args.club, args.runs, args.imports_only)
        return
    with tempfile.TemporaryDirectory() as tmp:
        for size in args.sizes:
            db = Path(tmp) / f"h{size}.json"
            built = fill(db, size)
            load = os.getloadavg()[0]
            print(
                f"{size} matches archived in {built:.1f} s "
                f"(load average {load:.1f}, {os.cpu_count()} CPUs)"
            )
            # Cold = the first query after writing, which builds the summary index.
            for label, cmd in (
                ("stats", ("history", "stats", "--json")),
                ("list", ("history", "list", "--json")),
                ("stats --player", ("history", "stats", "--player", "Ana", "--json")),
            ):
                cold, warm = timed(db, args.runs, *cmd)
                print(f"  {label:<15} {show('cold', cold)}   {show('warm', warm)}")
            if size <= 10_000:
                out = Path(tmp) / "backup.json"
                exported = run(db, "history", "export", "--output", str(out))
                size_mb = out.stat().st_size / 1e6
                imported = run(Path(tmp) / f"restore{size}.json", "history", "import", str(out))
                print(f"  {show('export json', exported)} ({size_mb:.0f} MB)")
                print(f"  {show('import json', imported)}")
                csv = run(db, "history", "export", "-f", "csv", "-o", str(Path(tmp) / "h.csv"))
                print(f"  {show('export csv ', csv)}")


if __name__ == "__main__":
    main()
