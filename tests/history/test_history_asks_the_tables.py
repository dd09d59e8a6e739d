"""Issue 21: history takes a finished match back only with its tables' consent.

A tracked match the Series has counted as one of its games cannot be reopened by
`history undo` or removed by `history delete` (the Series would still count it);
the Series' own undo takes it back.
"""

from __future__ import annotations

from tests.conftest import assert_user_error

K, U = "Keepers", "Unleashed"


def series_game_played(db) -> str:
    from companion.engine.events import event
    from companion.games.hoopers.series_table import SeriesTable
    from companion.games.hoopers.table import HoopersTable
    from companion.store import Store

    store = Store(db)
    series = SeriesTable(store)
    series.start([K, U], home=K)
    series.start_game(["May", "Vern", "Chus"], ["Faust", "Serge"], first=K, seed=1)
    table = HoopersTable(store)
    for _ in range(4):
        table.record(
            event("score", team=K, points=10, hooper=None),
            event("score", team=U, points=8, hooper=None),
            *[event("turn", again=False)] * 16,
        )
    return table.end().id


def test_history_undo_and_delete_leave_a_counted_series_game_alone(cli, db):
    match_id = series_game_played(db)
    assert cli("hoopers", "series", "status", "--json").json["scores"] == {K: 1, U: 0}
    assert_user_error(cli("history", "undo"), "it is game 1 of series")
    assert_user_error(cli("history", "delete", match_id, "--yes"), "it is game 1 of series")
    assert cli("hoopers", "match", "status").exit_code == 2  # not reopened
    (shown,) = [m for m in cli("history", "list", "--json").json["matches"] if m["id"] == match_id]
    assert shown["status"] == "finished"
    assert cli("hoopers", "series", "undo").exit_code == 0
    assert cli("hoopers", "series", "status", "--json").json["scores"] == {K: 0, U: 0}
    reopened = cli("history", "undo", "--yes", "--json")
    assert reopened.exit_code == 0, reopened.stderr


def test_a_plain_match_is_still_reopened(cli):
    assert cli("log", "hoopers", "Ann=80", "Bob=70").exit_code == 0
    assert cli("history", "undo", "--yes", "--json").exit_code == 0
    assert cli("history", "list", "--json").json["matches"] == []
