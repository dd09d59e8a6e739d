"""`history stats` and `history ratings` summed per archive file give exactly what counting
every match gives (companion.history.summed, companion.history.aggregates).

Random histories (seeded): every game and its own figures, several months, shared firsts,
solo rounds, a Series, players renamed and merged (two who met, two spellings of one
player in one month), results amended, matches deleted, a second machine's files, date
ranges that cut months; the CLI's JSON must equal the per-match computation's."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from companion.history import book
from companion.history.queries import Filter, select
from companion.history.ratings import ratings as exact_ratings
from companion.history.stats import stats as exact_stats
from companion.store import Store
from companion.store.archive import archive_many, index_dir
from companion.store.index import simple
from tests.history.factory import match
from tests.store.folders import write_folder

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve", "Keepers", "ana"]  # a tribe's name; two spellings


def _scores(rng: random.Random, players: list[str], low: int, high: int) -> dict[str, int]:
    return {p: rng.randint(low, high) for p in players}


def random_match(rng: random.Random, n: int, day: str) -> dict:
    game = rng.choice(["otdraft", "otdraft", "playlist", "allstar", "hoopers", "series"])
    players = rng.sample(NAMES, rng.choice([1, 2, 2, 3, 4]) if game != "hoopers" else 2)
    match_id = f"m{n}"
    if game == "otdraft":
        return match(match_id, "otdraft", _scores(rng, players, 0, 5), day)
    if game == "playlist":
        if len(players) == 1:
            doc = match(match_id, "playlist", {players[0]: rng.randint(0, 30)}, day)
            doc["options"] = {"mode": "solo"}
            doc["result"]["round"] = rng.randint(1, 8)
            return doc
        scores = _scores(rng, players, 0, 3)  # ties: shared firsts
        lengths = {p: rng.randint(3, 15) for p in players}
        return match(match_id, "playlist", scores, day, winner=None, lengths=lengths)
    if game == "allstar":
        scores = _scores(rng, players, 10, 40)
        playoffs = {p: rng.randint(0, min(9, s)) for p, s in scores.items()}
        return match(match_id, "allstar", scores, day, playoff_scores=playoffs)
    if game == "hoopers":
        options = {"home": players[0]}
        if rng.random() < 0.5:
            options["tribes"] = {players[0]: "keepers", players[1]: "Unleashed"}
        scores = {players[0]: rng.randint(40, 80), players[1]: rng.randint(40, 80)}
        return match(match_id, "hoopers", scores, day, options=options)
    players = rng.sample(NAMES[:5], 2)
    wins = rng.choice([(4, 2), (3, 4), (4, 0)])
    return match(match_id, "hoopers-series", dict(zip(players, wins, strict=True)), day)


def history_of(seed: int, db: Path) -> list[dict]:
    rng = random.Random(seed)
    docs = []
    for n in range(rng.randint(5, 45)):
        month = rng.randint(1, 5)
        day = f"2025-{month:02d}-{rng.randint(1, 28):02d}"
        docs.append(random_match(rng, n, day))
    archive_many(Store(db), docs)
    return docs


def exact(
    store: Store, since: str | None = None, until: str | None = None, game: str | None = None
) -> dict:
    roster, matches = book.history(store)
    return exact_stats(select(matches, Filter(game=game, since=since, until=until)))


def same_per_game(cli, store: Store, docs: list[dict], ranges: list) -> None:
    """`history stats --game G` for every game the history holds (a Series by its own name
    too), in each range: what counting G's matches gives."""
    for game in sorted({d["game"] for d in docs} | {"hoopers"}):
        assert book.quick_stats(store, Filter(game=game)) is not None  # the sums were used
        for since, until in ranges:
            args = ["history", "stats", "--game", game, "--json"]
            args += ["--since", since] if since else []
            args += ["--until", until] if until else []
            got = cli(*args)
            assert got.exit_code == 0, got.output
            expected = exact(store, since, until, game)
            assert got.stdout == json.dumps(expected, ensure_ascii=False) + "\n", game


def change_history(cli, rng: random.Random, docs: list[dict]) -> None:
    """Renames, merges, amendments and deletions, as a user makes them."""
    shown = {p for d in docs for p in d["players"]}
    for _ in range(rng.randint(0, 4)):
        action = rng.choice(["rename", "merge", "amend", "delete"])
        if action == "rename" and "Ben" in shown:
            cli("players", "rename", "Ben", rng.choice(["Benedict", "Unleashed"]))  # a tribe
        elif action == "merge" and {"Cy", "Dee"} <= shown:
            cli("players", "merge", "Cy", "Dee")  # two who may have met
        elif action == "amend":
            scored = [d for d in docs if d["game"] == "otdraft"]
            if scored:
                doc = rng.choice(scored)
                cli("history", "amend", doc["id"], f"{doc['players'][0]}={rng.randint(0, 9)}")
        elif action == "delete" and docs:
            cli("history", "delete", rng.choice(docs)["id"], "--yes")


# Five random histories in the fast loop; the other 35 (a tenth of a second or more each) in
# the slow tier, which the full suite runs.
SEEDS = [pytest.param(seed, marks=pytest.mark.slow) if seed >= 5 else seed for seed in range(40)]


@pytest.mark.parametrize("seed", SEEDS)
def test_summed_stats_equal_counting_every_match(cli, db, seed):
    docs = history_of(seed, db)
    rng = random.Random(seed * 7 + 1)
    change_history(cli, rng, docs)
    store = Store(db)
    assert book.quick_stats(Store(db), Filter()) is not None  # the sums were used
    ranges = [
        (None, None),
        ("2025-02-10", None),
        (None, "2025-03-31"),
        ("2025-02-01", "2025-04-15"),
        ("2025-03-05", "2025-03-05"),
        ("2025-02-01", None),
    ]
    # Twice: the second time from the partials and checkpoints the first time left.
    for since, until in ranges + ranges[::-1]:  # fmt: skip
        args = ["history", "stats", "--json"]
        args += ["--since", since] if since else []
        args += ["--until", until] if until else []
        got = cli(*args)
        assert got.exit_code == 0, got.output
        assert got.stdout == json.dumps(exact(store, since, until), ensure_ascii=False) + "\n"
    same_per_game(cli, store, docs, ranges[:4])
    roster, matches = book.history(store)
    got = cli("history", "ratings", "--json")
    assert got.json == {"ratings": exact_ratings(matches)}
    # Again, now from the cached partials and checkpoints.
    assert cli("history", "stats", "--json").stdout == got_stats_text(store)
    assert cli("history", "ratings", "--json").json == {"ratings": exact_ratings(matches)}
    same_spellings(store)


def same_spellings(store: Store) -> None:
    """The spellings the ratings' read gives (for `ratings --player`, `--predict`) are the
    ones the archive's keys list."""
    from companion.store.index import spellings

    spelled: list[str] = []
    assert book.quick_ratings(store, spelled) is not None
    assert list(dict.fromkeys(spelled)) == spellings(store)


def got_stats_text(store: Store) -> str:
    return json.dumps(exact(store), ensure_ascii=False) + "\n"


@pytest.mark.parametrize("seed", range(6))
def test_a_second_machines_files_are_summed(cli, db, seed, monkeypatch):
    """Another machine's files (here a copy of a month, and months of its own): summed,
    not counted match by match, and the same as every reader merges them."""
    docs = history_of(seed, db)
    monkeypatch.setenv("COMPANION_MACHINE", "there")
    rng = random.Random(seed)
    more = [random_match(rng, 1000 + n, f"2025-0{rng.randint(1, 6)}-03") for n in range(8)]
    archive_many(Store(db), more + [dict(docs[0], updated="2025-12-01T00:00:00+00:00")])
    monkeypatch.setenv("COMPANION_MACHINE", "here")
    store = Store(db)
    expected = got_stats_text(store)
    roster, matches = book.history(store)
    rated = {"ratings": exact_ratings(matches)}
    _no_counting_every_match(monkeypatch)
    assert cli("history", "stats", "--json").stdout == expected
    assert cli("history", "ratings", "--json").json == rated


def _no_counting_every_match(monkeypatch) -> None:
    """A spy: the CLI's per-match count (every summary merged and counted) must not run."""
    from companion.cli import history as cli_history
    from companion.history import ratings, stats

    def counted(*args, **kwargs):
        raise AssertionError("counted every match")

    monkeypatch.setattr(cli_history, "history", counted)
    monkeypatch.setattr(stats, "stats", counted)
    monkeypatch.setattr(ratings, "ratings", counted)


CONFLICTS = (
    ".sync-conflict-20251201-101010-ABCDEF7",
    " (Ben's conflicted copy 2025-12-01)",
)


def shared_folder(rng: random.Random, db: Path) -> str:
    """A random shared archive folder as two or three machines and a sync engine leave it:
    months written by several machines (their matches interleaved in time, tied to the
    minute), matches reopened and finished again on another machine, conflict copies, a
    file from before machine ids, deletions and revivals, a rename. The reader's id."""
    archive = db.with_name(db.stem + ".archive")
    archive.mkdir(parents=True)
    machines = ["a", "b", "c"][: rng.choice([2, 3])]
    files: dict[str, list[dict]] = {}
    records: dict[str, list[dict]] = {m: [] for m in machines}

    def put(name: str, doc: dict) -> None:
        files.setdefault(name, []).append(doc)

    def record(kind: str, **fields) -> None:
        m = rng.choice(machines)
        at = f"2025-06-{rng.randint(1, 28):02d}T10:00:00+00:00"
        records[m].append({"type": kind, **fields, "machine": m, "seq": len(records[m]) + 1})
        records[m][-1]["at"] = at

    def day() -> str:
        return f"2025-{rng.randint(1, 5):02d}-{rng.randint(1, 28):02d}"

    odd = rng.choice([0.0, 1.0])  # half the folders: only months two machines share
    for n in range(rng.randint(5, 45)):
        doc = random_match(rng, n, day())
        month, home = doc["finished"][:7], rng.choice(machines)
        put(f"{month}.{home}", doc)
        roll = rng.random() / odd if odd else 1.0
        if roll < 0.15:  # reopened and finished again (maybe with another result) elsewhere
            again = dict(random_match(rng, n, day()), id=doc["id"])
            again["updated"] = rng.choice([again["finished"], "2025-12-01T00:00:00+00:00"])
            put(f"{again['finished'][:7]}.{rng.choice(machines)}", again)
            if rng.random() < 0.7:
                record("delete", id=doc["id"], finished=doc["finished"])
        elif roll < 0.25:  # a conflict copy: the same match, maybe an older version
            older = dict(doc, updated=rng.choice([doc["updated"], "2024-12-01T00:00:00+00:00"]))
            put(f"{month}.{home}{rng.choice(CONFLICTS)}", older)
        elif roll < 0.3:  # a file from before machine ids still holds it
            put(month, doc)
        if rng.random() < 0.15 * odd:
            record("delete", id=doc["id"], finished=rng.choice([doc["finished"], None]))
            if rng.random() < 0.4:
                record("revive", id=doc["id"], finished=doc["finished"])
    if rng.random() < 0.5:
        record("aliases", set={"Ben": "Benedict", "Cy": "Dee"}, unset=[])
    write_folder(archive, files, records)
    return rng.choice([*machines, "reader"])


@pytest.mark.parametrize("seed", SEEDS)
def test_several_machines_files_summed_equal_counting_every_match(cli, db, seed, monkeypatch):
    rng = random.Random(seed)
    monkeypatch.setenv("COMPANION_MACHINE", shared_folder(rng, db))
    assert not simple(Store(db).view())
    assert book.quick_stats(Store(db), Filter()) is not None  # the sums were used
    store = Store(db)
    ranges = [
        (None, None),
        ("2025-02-10", None),
        (None, "2025-03-31"),
        ("2025-03-05", "2025-03-05"),
    ]
    for since, until in ranges + ranges[::-1]:  # twice: then from the caches
        args = ["history", "stats", "--json"]
        args += ["--since", since] if since else []
        args += ["--until", until] if until else []
        got = cli(*args)
        assert got.exit_code == 0, got.output
        assert got.stdout == json.dumps(exact(store, since, until), ensure_ascii=False) + "\n"
    roster, matches = book.history(store)
    same_per_game(cli, store, matches, ranges[:2])
    for _ in range(2):
        assert cli("history", "ratings", "--json").json == {"ratings": exact_ratings(matches)}
    same_spellings(store)


def test_one_games_stats_are_summed(cli, db, monkeypatch):
    """--game G keeps the sums' rows of the games G's matches count for: its own, a Series'
    record (`hoopers-series`) and a series' games (`hoopers-series-game`, counted as
    hoopers); the Series' record is no head-to-head of its own."""
    game = match("s1g1", "hoopers-series-game", {"Ana": 61, "Bo": 50}, "2025-01-03")
    archive_many(
        Store(db),
        [
            match("h1", "hoopers", {"Ana": 44, "Bo": 52}, "2025-01-02"),
            game,
            match("s1", "hoopers-series", {"Ana": 1, "Bo": 0}, "2025-01-03"),
            match("o1", "otdraft", {"Ana": 5, "Bo": 3, "Cy": 4}, "2025-01-04"),
            match("h2", "hoopers", {"Cy": 70, "Ana": 52}, "2025-02-02"),
        ],
    )
    store = Store(db)
    expected = {g: exact(store, game=g) for g in ("hoopers", "otdraft", "allstar")}
    _no_counting_every_match(monkeypatch)
    for typed, name in (("hoopers", "hoopers"), ("ot", "otdraft"), ("allstar", "allstar")):
        got = cli("history", "stats", "--game", typed, "--json")
        assert got.stdout == json.dumps(expected[name], ensure_ascii=False) + "\n"
    got = cli("history", "stats", "--game", "hoopers", "--json").json
    assert got["matches"] == 4
    assert [(r["game"], r["plays"]) for r in got["games"]] == [
        ("hoopers", 3),
        ("hoopers-series", 1),
    ]
    assert {(r["player"], r["opponent"], r["wins"]) for r in got["head_to_head"]} == {
        ("Ana", "Bo", 1),
        ("Bo", "Ana", 1),
        ("Ana", "Cy", 0),
        ("Cy", "Ana", 1),
    }
    assert cli("history", "stats", "--game", "nope", "--json").exit_code == 2


def test_a_game_counted_also_for_matches_game_does_not_take_is_counted(cli, db):
    """--game hoopers-series takes a series' games (stored as `hoopers-series-game`), which
    count as hoopers, as hoopers' own matches do, which it does not take: no partial holds
    them apart, so every match is counted."""
    archive_many(
        Store(db),
        [
            match("h1", "hoopers", {"Ana": 44, "Bo": 52}, "2025-01-02"),
            match("s1g1", "hoopers-series-game", {"Ana": 61, "Bo": 50}, "2025-01-03"),
            match("s1", "hoopers-series", {"Ana": 1, "Bo": 0}, "2025-01-03"),
        ],
    )
    store = Store(db)
    assert book.quick_stats(store, Filter(game="hoopers-series")) is None
    got = cli("history", "stats", "--game", "hoopers-series", "--json")
    assert got.stdout == json.dumps(exact(store, game="hoopers-series")) + "\n"
    assert [(r["game"], r["plays"]) for r in got.json["games"]] == [
        ("hoopers", 1),
        ("hoopers-series", 1),
    ]


def test_a_rename_that_merges_two_who_met(cli, db):
    """`players merge` refuses two who met, but an alias can still join them: two machines'
    renames meeting, or two spellings of one name ('Ana', 'ana') at one table. The file
    where they meet is counted match by match, as `history stats` always counted it."""
    from companion.store.records import change_aliases

    archive_many(
        Store(db),
        [
            match("a1", "otdraft", {"Ana": 5, "Bo": 3}, "2025-01-02"),
            match("a2", "otdraft", {"Bo": 5, "ana": 1}, "2025-01-03"),
            match("a3", "otdraft", {"Ana": 2, "Bo": 4, "Cy": 1}, "2025-02-03"),
        ],
    )
    before = cli("history", "stats", "--json")
    assert before.stdout == got_stats_text(Store(db))
    assert sorted(r["player"] for r in before.json["players"]) == ["Ana", "Bo", "Cy"]
    change_aliases(Store(db), lambda current: {**current, "Bo": "Ana"})
    got = cli("history", "stats", "--json")
    assert got.stdout == got_stats_text(Store(db))
    # One player: every seat of both counted, as counting every match counts them.
    assert [(r["player"], r["plays"]) for r in got.json["players"]] == [("Ana", 6), ("Cy", 1)]


def test_a_hand_edited_partial_is_rebuilt_not_trusted(cli, db):
    archive_many(Store(db), [match("a1", "otdraft", {"Ana": 5, "Bo": 3}, "2025-01-02")])
    cache = index_dir(Store(db)) / "2025-01.here.stats.json"
    body = json.loads(cache.read_text())
    partial = json.loads(body["partial"])
    partial["lines"][0][3] = 99  # Ana "won" 99 times, the signature kept
    body["partial"] = json.dumps(partial)
    cache.write_text(json.dumps(body))
    got = cli("history", "stats", "--json").json
    assert got["players"][0]["wins"] == 1
    assert json.loads(json.loads(cache.read_text())["partial"])["lines"][0][3] == 1  # again


def test_a_partial_whose_head_is_not_its_own_is_made_again(cli, db):
    """The ratings read a partial's head alone; its sums are read later, when `stats` adds
    them. A cache whose head and sums disagree (each with a digest that holds) is made
    again and the history counted."""
    from companion.history.summed import _text_digest

    archive_many(Store(db), [match("a1", "otdraft", {"Ana": 5, "Bo": 3}, "2025-01-02")])
    cache = index_dir(Store(db)) / "2025-01.here.stats.json"
    body = json.loads(cache.read_text())
    head = json.loads(body["head"])
    assert head["players"] == ["Ana", "Bo"] and "lines" not in head
    head["players"] = ["Bo", "Ana"]
    body["head"] = json.dumps(head, separators=(",", ":"))
    body["head_check"] = _text_digest(body["head"])
    cache.write_text(json.dumps(body))
    assert book.quick_stats(Store(db), Filter()) is None  # counted, this once
    assert json.loads(json.loads(cache.read_text())["head"])["players"] == ["Ana", "Bo"]
    assert cli("history", "stats", "--json").stdout == got_stats_text(Store(db))
    assert book.quick_stats(Store(db), Filter()) is not None


def test_one_id_in_two_of_the_machines_month_files_is_counted_once(cli, db):
    """A match copied by hand into another month's file: `history` keeps one copy, so the
    sums (which would count both) are not used, and `stats` counts it once."""
    archive_many(
        Store(db),
        [
            match("a1", "otdraft", {"Ana": 5, "Bo": 3}, "2025-01-02"),
            match("b1", "otdraft", {"Ana": 1, "Bo": 3}, "2025-02-02"),
        ],
    )
    cli("history", "stats", "--json")  # every cache made, the ids distinct
    folder = db.with_suffix(".archive")
    january = json.loads((folder / "2025-01.here.json").read_text())
    february_path = folder / "2025-02.here.json"
    february = json.loads(february_path.read_text())
    february["matches"]["2"] = january["matches"]["1"]
    february_path.write_text(json.dumps(february))
    assert book.quick_stats(Store(db), Filter()) is None  # counted match by match
    got = cli("history", "stats", "--json")
    assert got.stdout == got_stats_text(Store(db))
    assert got.json["matches"] == 2


def test_the_sums_plan_holds_nothing_per_match(db):
    """What the sums read of every file before adding them is held per file, not per
    match (issue 39: a club's 100,000 ids held at once were 10 MB of the first `stats`
    after a change, and each month's whole partial, held until added, 2 MB more)."""
    import gc
    import tracemalloc

    from companion.history.summed import _Plan

    days = [f"2025-0{1 + n % 3}-{1 + n % 28:02d}" for n in range(2000)]
    docs = [match(f"m{n}", "otdraft", {"Ana": n % 5, "Bo": 3}, day) for n, day in enumerate(days)]
    archive_many(Store(db), docs)
    _Plan(Store(db))  # every file's cache made
    store = Store(db)
    store.view()
    gc.collect()
    tracemalloc.start()
    try:
        plan = _Plan(store)
        gc.collect()
        held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(plan.months) == 3
    assert held < 25 * len(docs)  # 63 bytes a match when the ids were held


def test_a_stale_partial_is_rebuilt(cli, db):
    archive_many(Store(db), [match("a1", "otdraft", {"Ana": 5, "Bo": 3}, "2025-01-02")])
    cache = index_dir(Store(db)) / "2025-01.here.stats.json"
    stale = cache.read_text()
    archive_many(Store(db), [match("a2", "otdraft", {"Ana": 1, "Bo": 3}, "2025-01-05")])
    cache.write_text(stale)  # the partial of the file before a2 was added
    got = cli("history", "stats", "--json").json
    assert got["matches"] == 2
    assert [(r["player"], r["wins"]) for r in got["players"]] == [("Ana", 1), ("Bo", 1)]


def test_a_partial_made_by_a_games_earlier_figures_is_not_summed(cli, db, monkeypatch):
    """A game's figures changed shape (their `version` raised): the parts cached before are
    not added to the new ones; the month is counted again with the game's figures as now."""
    from companion.engine.spec import Figures
    from companion.games.otdraft.rules import figures

    archive_many(Store(db), [match("a1", "otdraft", {"Ana": 5, "Bo": 3}, "2025-01-02")])
    archive_many(Store(db), [match("a2", "otdraft", {"Ana": 2, "Bo": 4}, "2025-02-02")])
    assert cli("history", "stats", "--json").json["games"][0]["avg_score"] == 3.5

    def best(matches):  # a new shape: the best score, not a sum
        return {"best": max(max(m["result"]["scores"].values()) for m in matches)}

    def doc(parts):
        return {"best_score": max(p["best"] for p in parts)}

    monkeypatch.setattr(figures, "FIGURES", Figures(part=best, doc=doc, version=2))
    (row,) = cli("history", "stats", "--json").json["games"]
    assert row["best_score"] == 5 and "avg_score" not in row
    assert book.quick_stats(Store(db), Filter())["games"][0]["best_score"] == 5


def test_a_hand_edited_rating_checkpoint_is_not_trusted(cli, db):
    archive_many(
        Store(db),
        [
            match("a1", "otdraft", {"Ana": 5, "Bo": 3}, "2025-01-02"),
            match("a2", "otdraft", {"Ana": 5, "Bo": 3}, "2025-02-02"),
        ],
    )
    first = cli("history", "ratings", "--json").json
    checkpoint = index_dir(Store(db)) / "2025-01.here.ratings.json"
    body = json.loads(checkpoint.read_text())
    body["checkpoints"][0]["lines"][0][2] = 99.0  # μ
    checkpoint.write_text(json.dumps(body))
    assert cli("history", "ratings", "--json").json == first


def _cache_files(db: Path) -> dict[str, bytes]:
    archive = db.with_name(db.stem + ".archive")
    return {
        str(p.relative_to(archive)): p.read_bytes()
        for p in archive.glob(".index*/*")
        if p.is_file()
    }


def test_two_machines_on_one_folder_each_write_only_their_own_cache(cli, db, monkeypatch):
    """A synced folder must never have two writers on one file: each machine's summaries,
    keys, partials and checkpoints go in its own `.index.<machine>/`."""
    archive_many(
        Store(db),
        [
            match("a1", "otdraft", {"Ana": 5, "Bo": 3}, "2025-01-02"),
            match("a2", "playlist", {"Ana": 2, "Bo": 4}, "2025-02-03"),
        ],
    )
    commands = [
        ("history", "stats", "--json"),
        ("history", "ratings", "--json"),
        ("history", "list", "--json"),
        ("history", "show", "a1", "--json"),
    ]
    for command in commands:
        assert cli(*command).exit_code == 0
    here = _cache_files(db)
    assert here and all(name.startswith(".index.here/") for name in here)
    monkeypatch.setenv("COMPANION_MACHINE", "there")
    answers = [cli(*command).stdout for command in commands]
    after = _cache_files(db)
    assert {k: v for k, v in after.items() if k.startswith(".index.here/")} == here
    theirs = {k for k in after if not k.startswith(".index.here/")}
    assert theirs and all(name.startswith(".index.there/") for name in theirs)
    # Its own record: what it writes, it writes in its files and its cache only.
    assert cli("log", "otdraft", "Ana=1", "Bo=2").exit_code == 0
    assert {k: v for k, v in _cache_files(db).items() if k.startswith(".index.here/")} == here
    monkeypatch.setenv("COMPANION_MACHINE", "here")
    assert [cli(*c).stdout for c in commands[2:]] != answers[2:]  # sees the new match
    assert not (db.with_name(db.stem + ".archive") / ".index").exists()


def test_a_name_only_a_result_holds_is_counted_match_by_match(cli, db):
    """A result naming someone who is no player of the match (a hand edit): `history` may
    meet that spelling first there, so the whole history is counted as it always was."""
    odd = match("a1", "otdraft", {"Ana": 5, "Bo": 3}, "2025-01-02")
    odd["result"]["scores"]["bo"] = 1
    archive_many(Store(db), [odd, match("a2", "otdraft", {"Bo": 2, "Ana": 1}, "2025-02-03")])
    assert book.quick_stats(Store(db), Filter()) is None
    assert cli("history", "stats", "--json").stdout == got_stats_text(Store(db))


@pytest.mark.parametrize(
    "body",
    [
        "{not json",
        json.dumps({"source": [0], "check": "x", "partial": {}}),
        json.dumps({"source": None, "check": None, "partial": None}),
        "[]",
    ],
)
def test_a_broken_partial_is_made_again(cli, db, body):
    archive_many(Store(db), [match("a1", "otdraft", {"Ana": 5, "Bo": 3}, "2025-01-02")])
    cache = index_dir(Store(db)) / "2025-01.here.stats.json"
    cache.write_text(body)
    assert cli("history", "stats", "--json").stdout == got_stats_text(Store(db))
    assert json.loads(json.loads(cache.read_text())["partial"])["matches"] == 1


def test_a_date_range_keeps_the_whole_historys_checkpoints(cli, db):
    archive_many(
        Store(db),
        [match(f"a{n}", "otdraft", {"Ana": n % 3, "Bo": 1}, f"2025-0{n}-02") for n in range(1, 6)],
    )
    cli("history", "ratings", "--json")
    checkpoint = index_dir(Store(db)) / "2025-03.here.ratings.json"
    whole = json.loads(checkpoint.read_text())["checkpoints"]
    assert cli("history", "stats", "--since", "2025-02-01", "--json").exit_code == 0
    both = json.loads(checkpoint.read_text())["checkpoints"]
    assert len(both) == 2 and both[1] == whole[0]
    roster, matches = book.history(Store(db))
    assert cli("history", "ratings", "--json").json == {"ratings": exact_ratings(matches)}


def test_a_hand_edited_run_of_two_machines_files_is_not_trusted(cli, db, monkeypatch):
    """Two machines' files of one month, their matches interleaved: summed as one run, kept
    in the reader's index; an edited copy of that is made again from the files."""
    for machine, day in (("a", "2025-01-02"), ("b", "2025-01-03"), ("a", "2025-01-04")):
        monkeypatch.setenv("COMPANION_MACHINE", machine)
        archive_many(Store(db), [match(f"{machine}{day}", "otdraft", {"Ana": 5, "Bo": 3}, day)])
    monkeypatch.setenv("COMPANION_MACHINE", "reader")
    expected = got_stats_text(Store(db))
    assert cli("history", "stats", "--json").stdout == expected
    cache = index_dir(Store(db)) / "2025-01.a.run.json"
    body = json.loads(cache.read_text())
    partial = json.loads(body["partial"])
    assert partial["matches"] == 3
    partial["lines"][0][3] = 99  # Ana "won" 99 times, the files' signatures kept
    body["partial"] = json.dumps(partial)
    cache.write_text(json.dumps(body))
    _no_counting_every_match(monkeypatch)
    got = cli("history", "stats", "--json")
    assert got.stdout == expected
    assert got.json["players"][0]["wins"] == 3


def test_a_match_finished_again_elsewhere_is_not_rated_from_an_old_checkpoint(cli, db, monkeypatch):
    """A file unchanged, but which copy of one of its matches is in history changed (finished
    again later on a third machine): the checkpoint after it (whose digest names every file
    holding the match) is not reused."""
    from companion.store import clock

    monkeypatch.setenv("COMPANION_MACHINE", "a")
    with monkeypatch.context() as then:  # a files it when it was played, before b and c
        then.setattr(clock, "wall", lambda: "2025-01-02T21:00:00+00:00")
        archive_many(Store(db), [match("x", "otdraft", {"Ana": 5, "Bo": 3}, "2025-01-02")])
    monkeypatch.setenv("COMPANION_MACHINE", "reader")
    store = Store(db)
    archive = db.with_name(db.stem + ".archive")

    def brought(name: str, *docs: dict) -> None:  # as the sync engine brings a file
        body = {"matches": {str(n + 1): d for n, d in enumerate(docs)}}
        (archive / f"{name}.json").write_text(json.dumps(body))

    def same() -> None:
        roster, matches = book.history(store)
        assert cli("history", "ratings", "--json").json == {"ratings": exact_ratings(matches)}
        assert cli("history", "stats", "--json").stdout == got_stats_text(store)

    again = match("x", "otdraft", {"Ana": 0, "Bo": 9}, "2025-03-02")
    brought(
        "2025-03.b",
        dict(again, updated="2025-12-01T00:00:00+00:00"),
        match("z", "otdraft", {"Ana": 1, "Bo": 3}, "2025-03-03"),
    )
    same()  # March's checkpoint: x as b finished it
    latest = match("x", "otdraft", {"Ana": 9, "Bo": 0}, "2025-04-02")
    brought("2025-04.c", dict(latest, updated="2025-12-02T00:00:00+00:00"))
    same()
    roster, matches = book.history(store)
    assert [(m["id"], m["result"]["scores"]) for m in matches] == [
        ("z", {"Ana": 1, "Bo": 3}),
        ("x", {"Ana": 9, "Bo": 0}),
    ]


def test_only_a_filter_asking_nothing_takes_every_match():
    # (the replay then asks no match whether it is wanted: summed._rated)
    assert Filter().takes_all() and Filter(limit=3).takes_all()  # a limit cuts a list only
    for asked in ({"game": "otdraft"}, {"player": "A"}, {"since": "2026-01-01"},
                  {"until": "2026-01-01"}, {"series": "s1"}):  # fmt: skip
        assert not Filter(**asked).takes_all()
