"""Two machines, one history, through a sync engine: nothing lost, nothing doubled.

Two processes with different machine ids (tests/store/machine.py) work on copies
of one archive folder, as two computers sharing it through Syncthing, Dropbox or
Nextcloud would: each records matches, renames, amends and deletes while the
other's changes have not arrived yet. The changed files then travel in every
order, each from the machine that wrote it (a sync engine never sends a file
back to its writer as long as only one machine writes it); after every single
file that arrives, both machines must show no match twice and nothing they
showed before lost. Then conflict copies in each engine's naming are injected
(an older version under the file's name, the newer set aside), which both
machines must read, and which the owner folds back into its own files on its
next write. At the end both machines show exactly the expected history: 0
lost, 0 doubled, every rename, amendment and deletion carried.
"""

from __future__ import annotations

import itertools
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion.history.book import history
from companion.store import Store
from companion.store.archive import summaries
from companion.store.formats import FORMAT
from companion.store.machines import classify

pytestmark = pytest.mark.slow  # a handful of processes: about 5 s

DRIVER = Path(__file__).with_name("machine.py")
MACHINES = ("a", "b")


def run(folder: Path, mid: str, *commands: list[str]) -> list[list]:
    """Run `commands` as machine `mid` (one process); [exit status, stdout, stderr] of each."""
    env = {**os.environ, "COMPANION_MACHINE": mid}
    done = subprocess.run(
        [sys.executable, str(DRIVER), str(folder / "companion.json")],
        input=json.dumps([[*c, "--json"] for c in commands]),
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    return json.loads(done.stdout)


def machine(folder: Path, mid: str, *commands: list[str]) -> list[dict]:
    """Run `commands` as machine `mid` (one process); their JSON answers."""
    answers = []
    for code, out, err in run(folder, mid, *commands):
        assert code == 0 and "Traceback" not in err, (commands, code, out, err)
        answers.append(json.loads(out))
    return answers


def archive(folder: Path) -> Path:
    return folder / "companion.archive"


def shared(folder: Path) -> dict[str, bytes]:
    """The archive files a sync engine carries (the `.index` cache stays on each machine)."""
    return {p.name: p.read_bytes() for p in archive(folder).glob("*.json")}


def owner(name: str) -> str | None:
    found = classify(name[: -len(".json")], Path(name))
    return found.machine if found else None


def deliver(name: str, src: Path, dst: Path) -> None:
    """One file arrives: the writer's version, or its deletion."""
    source, target = archive(src) / name, archive(dst) / name
    if source.exists():
        shutil.copyfile(source, target)
    else:
        target.unlink(missing_ok=True)


def sync(folders: dict[str, Path]) -> None:
    """Every file goes from the machine that wrote it to the other."""
    for mid, folder in folders.items():
        other = folders["b" if mid == "a" else "a"]
        names = set(shared(folder)) | set(shared(other))
        for name in sorted(names):
            if owner(name) == mid:
                deliver(name, folder, other)


def seen(folder: Path) -> list[tuple[str, tuple[tuple[str, float], ...]]]:
    """What history shows on this machine: each match's id and final scores by name."""
    store = Store(folder / "companion.json", warn=lambda message: None)
    ids = [m["id"] for m in summaries(store)]
    assert len(ids) == len(set(ids)), f"doubled: {sorted(ids)}"
    _, matches = history(store)
    return sorted((m["id"], tuple(sorted(m["result"]["scores"].items()))) for m in matches)


ENDED = "2026-01-22T10:00:00+00:00"  # when machine a first ends its tracked match
AGAIN = "2026-01-22T09:00:00+00:00"  # and its clock, an hour behind, when it ends it again


def log(game: str, when: str, *scores: str) -> list[str]:
    return ["log", game, *scores, "--when", when]


@pytest.fixture(scope="module")
def start(tmp_path_factory) -> dict:
    """Machine a logs three matches; b starts from a copy of the folder; then both
    change history at once, neither having seen the other's changes."""
    root = tmp_path_factory.mktemp("sharing")
    a, b = root / "a", root / "b"
    a.mkdir()
    m1, m2, m3, _, m6, _ = (
        answer.get("id")
        for answer in machine(
            a,
            "a",
            log("otdraft", "2026-01-05", "Ana=5", "Ben=3"),
            log("otdraft", "2026-01-06", "Ana=2", "Cy=4"),
            log("otdraft", "2026-02-07", "Ben=1", "Cy=6"),
            ["@clock", ENDED],
            ["@end", "Ana=10", "Ben=5"],  # a tracked match, ended on January 22
            ["@clock"],
        )
    )
    first = (archive(a) / "2026-01.a.json").read_bytes()  # with m6's first ending
    archive(b).mkdir(parents=True)
    for name in shared(a):
        deliver(name, a, b)
    assert [m[0] for m in seen(b)] == sorted([m1, m2, m3, m6])
    # a takes m6 back, corrects it and ends it again with its clock an hour behind.
    m4 = machine(
        a,
        "a",
        ["@clock", ENDED],
        ["history", "undo", "--yes"],
        ["@clock", AGAIN],
        ["@end", "Ana=10", "Ben=12"],
        ["@clock"],
        ["players", "rename", "Ana", "Anna"],
        log("otdraft", "2026-01-20", "Dee=3", "Eli=1"),
        ["history", "amend", m3, "Ben=9"],
    )[6]["id"]
    m5 = machine(
        b,
        "b",
        ["history", "delete", m2, "--yes"],
        log("otdraft", "2026-01-21", "Fay=2", "Gus=7"),
        ["history", "amend", m1, "Ben=4"],
        ["players", "rename", "Cy", "Cyrus"],
    )[1]["id"]
    expected = sorted(
        [
            (m1, (("Anna", 5), ("Ben", 4))),
            (m3, (("Ben", 9), ("Cyrus", 6))),
            (m4, (("Dee", 3), ("Eli", 1))),
            (m5, (("Fay", 2), ("Gus", 7))),
            (m6, (("Anna", 10), ("Ben", 12))),
        ]
    )
    ids = (m1, m2, m3, m4, m5, m6)
    return {"a": a, "b": b, "expected": expected, "ids": ids, "first": first}


def copies(start: dict, into: Path) -> dict[str, Path]:
    if into.exists():
        shutil.rmtree(into)
    return {mid: Path(shutil.copytree(start[mid], into / mid)) for mid in MACHINES}


def test_one_month_on_two_machines_is_two_files(start):
    # The old failure: both machines rewrote `2026-01.json` and one copy replaced the other.
    names = set(shared(start["a"])) | set(shared(start["b"]))
    assert {"2026-01.a.json", "2026-01.b.json", "records.a.json", "records.b.json"} <= names
    assert all(owner(n) in MACHINES for n in names)


def test_files_arriving_in_every_order_lose_and_double_nothing(start, tmp_path):
    changed = [
        (name, mid)
        for mid in MACHINES
        for name, body in shared(start[mid]).items()
        if owner(name) == mid and shared(start["b" if mid == "a" else "a"]).get(name) != body
    ]
    assert len(changed) == 4  # each machine: its January shard and its records
    m2, m6 = start["ids"][1], start["ids"][5]
    orders = list(itertools.permutations(changed))
    assert len(orders) == 24
    for order in orders:
        folders = copies(start, tmp_path / "run")
        before = {mid: set(seen(folders[mid])) for mid in MACHINES}
        arrived = set()
        for name, mid in order:
            other = "b" if mid == "a" else "a"
            deliver(name, folders[mid], folders[other])
            arrived.add(name)
            now = seen(folders[other])
            # Nothing shown before is lost but what the arrived records change (m6's first
            # ending is undone by a's records, its second is in a's January file).
            undone = {m6} if "2026-01.a.json" not in arrived else set()
            assert {m[0] for m in before[other]} - {m[0] for m in now} <= {m2} | undone, order
            assert m2 not in {m[0] for m in seen(folders["b"])}, order  # deleted there
        for mid in MACHINES:
            assert seen(folders[mid]) == start["expected"], (order, mid)


SYNCTHING = "{stem}.sync-conflict-20261201-101010-ABCDEF7.json"
DROPBOX = "{stem} (Ben's conflicted copy 2026-12-01).json"
NEXTCLOUD = "{stem} (conflicted copy 2026-12-01 101010).json"


def set_aside(folder: Path, stem: str, pattern: str, older) -> str:
    """A sync engine met two versions of `stem`: the newer is set aside as a conflict
    copy, and `older(tables)` is what stays under the file's name."""
    path = archive(folder) / f"{stem}.json"
    copy = pattern.format(stem=stem)
    tables = json.loads(path.read_text())
    shutil.copyfile(path, archive(folder) / copy)
    path.write_text(json.dumps(older(tables)))
    return copy


def without_last(table: str):
    def older(tables: dict) -> dict:
        rows = dict(tables[table])
        rows.pop(max(rows, key=int))
        return {**tables, table: rows}

    return older


def test_conflict_copies_of_every_engine_are_merged_never_ignored(start, tmp_path):
    folders = copies(start, tmp_path / "run")
    sync(folders)
    expected = start["expected"]
    assert seen(folders["a"]) == seen(folders["b"]) == expected
    m4, m5 = start["ids"][3:5]
    # b's rename of Cy, a's January match (m4) and b's (m5) live only in the copies.
    made = [
        set_aside(folders["b"], "records.b", SYNCTHING, without_last("records")),
        set_aside(folders["a"], "2026-01.a", DROPBOX, without_last("matches")),
        set_aside(folders["b"], "2026-01.b", NEXTCLOUD, without_last("matches")),
    ]
    # and a copy of a's January as it was before m6 was ended again: its first ending,
    # updated an hour after the second by a's wall clock, must not win.
    made.append(SYNCTHING.format(stem="2026-01.a"))
    (archive(folders["a"]) / made[-1]).write_bytes(start["first"])
    sync(folders)
    for mid in MACHINES:
        assert set(made) <= set(shared(folders[mid]))
        assert seen(folders[mid]) == expected, mid
    # Each owner folds its copies back into its own files on its next write.
    m6 = machine(folders["a"], "a", log("playlist", "2026-03-01", "Ana=20", "Cy=18"))[0]["id"]
    m7 = machine(folders["b"], "b", log("playlist", "2026-03-02", "Ben=11", "Dee=12"))[0]["id"]
    sync(folders)
    final = sorted(
        [*expected, (m6, (("Anna", 20), ("Cyrus", 18))), (m7, (("Ben", 11), ("Dee", 12)))]
    )
    for mid in MACHINES:
        names = shared(folders[mid])
        assert not set(made) & set(names), mid  # settled, and the removal travelled
        assert seen(folders[mid]) == final, mid
    # Both write the current format, and say so in their records.
    for mid in MACHINES:
        for writer in MACHINES:
            body = json.loads((archive(folders[mid]) / f"records.{writer}.json").read_text())
            assert body["_meta"]["1"]["format"] == FORMAT
    # and the copies' contents now sit in their owners' files
    assert m4 in (archive(folders["b"]) / "2026-01.a.json").read_text()
    assert m5 in (archive(folders["a"]) / "2026-01.b.json").read_text()
    assert "Cyrus" in (archive(folders["a"]) / "records.b.json").read_text()


def remark(folder: Path, mid: str, marker: dict) -> None:
    """Machine `mid`'s files as another release writes them: `_meta` says `marker`."""
    for path in archive(folder).glob("*.json"):
        if owner(path.name) == mid:
            body = json.loads(path.read_text())
            path.write_text(json.dumps({**body, "_meta": {"1": marker}}))


def test_a_machine_on_another_release_is_told_by_the_other(start, tmp_path):
    folders = copies(start, tmp_path / "run")
    sync(folders)
    # b goes back to a companion from before the markers, and writes its files again.
    remark(folders["b"], "b", {"schema": 1})
    sync(folders)
    listed, logged = run(
        folders["a"], "a", ["history", "list"], log("playlist", "2026-03-01", "Ana=20", "Cy=18")
    )
    for code, _, err in (listed, logged):
        assert code == 0
        assert err.count("warning: machine b writes the shared history with an older") == 1
    # Then b is updated past this companion: a is told to follow, and writes nothing.
    sync(folders)
    remark(folders["b"], "b", {"schema": 1, "format": FORMAT + 1, "release": "0.9.0"})
    sync(folders)
    before = shared(folders["a"])
    (refused,) = run(folders["a"], "a", ["players", "rename", "Cy", "Cyril"])
    assert refused[0] == 2 and refused[1] == ""
    assert "install companion 0.9.0 or later on this computer" in json.loads(refused[2])["hint"]
    assert shared(folders["a"]) == before
    assert seen(folders["a"]) == seen(folders["b"])  # and still reads it
