"""Issue 21: `companion log` is the tables' `log` verb, one transaction from first read to write.

The catalogue a log is checked against and the ids it must not reuse are read under the
same lock that files the match, so another terminal's catalogue edit or match filed while
this one waits for the lock is seen, never written over. (Crashing it at every write:
the `log` operation of tests/store/ops.py, walked by tests/store/test_failpoints.py.)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

from companion.engine.spec import GameSpec, Kind, Logged
from companion.store import Store
from companion.store.atomic import Files
from tests.conftest import assert_user_error


@pytest.fixture
def before_the_lock(monkeypatch: pytest.MonkeyPatch) -> Callable[[Callable[[], None]], list]:
    """`before_the_lock(edit)`: `edit` runs once, as another terminal, just before the next
    transaction takes the lock; returns the list of transactions entered from then on."""
    real = Store.change
    entered: list[Store] = []
    pending: list[Callable[[], None]] = []

    @contextmanager
    def change(self: Store) -> Iterator[object]:
        if pending:
            pending.pop()()
        entered.append(self)
        with real(self) as txn:
            yield txn

    monkeypatch.setattr(Store, "change", change)

    def arm(edit: Callable[[], None]) -> list[Store]:
        pending.append(edit)
        entered.clear()
        return entered

    return arm


def ids_from(monkeypatch: pytest.MonkeyPatch, *ids: str) -> None:
    """The store's fresh ids come in this order."""
    queue = list(ids)
    monkeypatch.setattr("companion.store.ids.new_id", lambda: queue.pop(0))


def test_companion_log_reads_the_database_only_inside_its_one_transaction(
    cli, db, monkeypatch, before_the_lock
):
    added = cli("playlist", "cards", "add", "pop/-2/love+piano+ballad/Boo", "--kind", "negative")
    assert added.exit_code == 0, added.stderr
    entered = before_the_lock(lambda: None)
    reads: list[bool] = []  # each read of the main file: was the lock held?
    real_read = Files.read_main

    def read_main(self: Files) -> object:
        reads.append(self.guard is not None)
        return real_read(self)

    monkeypatch.setattr(Files, "read_main", read_main)
    logged = cli("log", "playlist", "Ana=-2", "Ben=3", "--when", "2026-03-03", "--json")
    assert logged.exit_code == 0, logged.stderr
    assert len(entered) == 1
    assert reads and all(reads), reads


def test_a_catalogue_edit_made_while_the_log_waits_is_what_it_is_checked_against(
    cli, db, before_the_lock
):
    added = cli("playlist", "cards", "add", "pop/-2/love+piano+ballad/Boo", "--kind", "negative")
    assert added.exit_code == 0, added.stderr

    def remove_the_negative_card() -> None:
        from companion.games.playlist.box import PlaylistBox

        PlaylistBox(Store(db)).remove("1")

    before_the_lock(remove_the_negative_card)
    assert_user_error(
        cli("log", "playlist", "Ana=-2", "Ben=3"),
        "Ana -2 points: only negative cards score below 0, and the catalogue has none",
    )
    assert cli("history", "list", "--json").json["matches"] == []
    assert cli("playlist", "cards", "list", "--json").json["cards"] == []
    assert not db.with_name(db.stem + ".archive").exists()


def test_a_match_filed_with_the_next_id_while_the_log_waits_keeps_it(
    cli, db, monkeypatch, before_the_lock
):
    from tests.history.factory import match

    ids_from(monkeypatch, "bbbbbb", "cccccc")
    other = match("bbbbbb", "otdraft", {"Cy": 40, "Dee": 31}, "2026-03-02")

    def file_a_match() -> None:
        Store(db).archive_match(other)

    before_the_lock(file_a_match)
    logged = cli("log", "otdraft", "Ana=30", "Ben=20", "--when", "2026-03-03", "--json")
    assert logged.exit_code == 0, logged.stderr
    assert logged.json["id"] == "cccccc"
    listed = {m["id"]: m["players"] for m in cli("history", "list", "--json").json["matches"]}
    assert listed == {"bbbbbb": ["Cy", "Dee"], "cccccc": ["Ana", "Ben"]}


def test_the_id_of_a_deleted_match_is_not_given_again(cli, db, monkeypatch):
    # A deletion travels as a record naming the id; a new match under that id would be
    # taken for the deleted one by a machine whose copy still holds it.
    ids_from(monkeypatch, "bbbbbb", "bbbbbb", "cccccc")
    first = cli("log", "otdraft", "Ana=30", "Ben=20", "--when", "2026-03-03", "--json")
    assert first.json["id"] == "bbbbbb"
    assert cli("history", "delete", "bbbbbb", "--yes").exit_code == 0
    again = cli("log", "otdraft", "Ana=30", "Ben=20", "--when", "2026-03-03", "--json")
    assert again.exit_code == 0, again.stderr
    assert again.json["id"] == "cccccc"


def test_every_face_logs_through_the_table(cli, db, monkeypatch):
    from companion.tables.base import Table

    asked: list[str] = []
    real = Table.log

    def log(self: Table, *args: object, **kwargs: object) -> object:
        asked.append(type(self).__name__)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Table, "log", log)
    assert cli("log", "playlist-solo", "12", "--player", "Ana").exit_code == 0
    assert cli("log", "hoopers", "Ann=80", "Bob=70").exit_code == 0
    assert asked == ["SoloTable", "HoopersTable"]


def test_the_answer_is_the_stored_match(cli, db):
    logged = cli("log", "playlist-solo", "12", "--player", "Ana", "--json").json
    stored = cli("history", "show", logged["id"], "--json").json
    assert (stored["id"], stored["status"], stored["result"]["winner"]) == (
        logged["id"],
        "finished",
        "Ana",
    )
    assert json.dumps(logged["scores"]) == json.dumps(stored["result"]["scores"])


# A game a package declares for logging only: no table of its own.
TALLY = GameSpec(
    name="tally",
    title="Tally",
    cli="companion.cli.log:log",
    kinds=(Kind(key="tally", title="Tally", log=Logged(title="Tally", rank=f"{__name__}:ranked")),),
)


def ranked(scores: dict[str, int], context: dict) -> dict:
    top = max(scores.values())
    ranks = {p: 1 + sum(1 for s in scores.values() if s > v) for p, v in scores.items()}
    return {"scores": dict(scores), "ranks": ranks, "winner": None if top < 10 else max(scores)}


def test_a_game_with_no_table_of_its_own_is_logged_by_a_logbook(cli, monkeypatch):
    from functools import cache

    from companion import registry

    monkeypatch.setattr(registry, "installed", cache(lambda: {"tally": f"{__name__}:TALLY"}))
    registry.refresh()
    try:
        logged = cli("log", "tally", "Ann=12", "Bob=3", "--json")
        assert logged.exit_code == 0, logged.stderr
        assert logged.json["ranks"] == {"Ann": 1, "Bob": 2}
        shown = cli("history", "show", logged.json["id"], "--json").json
        assert (shown["game"], shown["status"]) == ("tally", "finished")
    finally:
        monkeypatch.undo()
        registry.refresh()
