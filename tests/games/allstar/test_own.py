"""Issue 41 item 2: a manager's seat shows their own hand, Bench and teams (`Table.own`), and
nothing of anyone else's; the room's board (the status JSON) carries no hand.

"Each Manager looks at their hand, selects one Hockey Player card and places it face down
under their Fan Zone card. This zone is their Bench."
"""

from __future__ import annotations

import json

from companion.games.allstar.table import AllStarTable
from companion.store import Store
from tests.games.allstar.test_deck import S, hand, start

MANAGERS = ("Ana", "Ben", "Cy")


def test_each_manager_sees_their_own_hand_and_bench_and_the_board_no_hand(cli, db):
    start(cli)
    assert cli(*S, "arenas").exit_code == 0
    hands = {m: hand(cli, m) for m in MANAGERS}
    table = AllStarTable(Store(db))
    state = table.status().state
    for m in MANAGERS:
        assert table.own(state, m) == {"hand": hands[m], "bench": [], "teams": []}
    picked = hands["Ana"][2]
    assert cli(*S, "pick", "Ana", picked).exit_code == 0
    state = table.status().state
    own = table.own(state, "Ana")
    assert own["bench"] == [picked] and picked not in own["hand"]
    assert len(own["hand"]) == 5
    # The board: no card of any hand, and no Bench's card (only how many each holds).
    board = json.dumps(table.status().to_json())
    for m in MANAGERS:
        for card in hands[m]:
            assert f'"{card}"' not in board, (m, card)


def test_a_season_without_the_companions_deck_has_nothing_of_its_own(cli, db):
    assert cli("allstar", "arena", "add", "Rink", "--points", "9,6,3").exit_code == 0
    assert cli(*S, "start", "--players", "Ana,Ben,Cy", "--seed", "5").exit_code == 0
    table = AllStarTable(Store(db))
    assert table.own(table.status().state, "Ana") == {}
