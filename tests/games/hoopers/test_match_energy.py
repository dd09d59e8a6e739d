"""Issue 22: a tracked match keeps each hooper's energy and warns when none is left.

"You will spend one energy for every card you will play during your action" ('Basic
Concept to Keep in Mind'); "FOR EVERY ACTION CARD THAT HAS BEEN PLAYED, THE ASSIGNED
HOOPER HAS SPENT ONE ENERGY" (the Gameplay Example); the recoveries of 'Game Structure',
'Period Structure', 'Coach Actions' and the Energy Drink chip. A card's energy is not in
the rulebook: the numbers below are the table's, given once (`hoopers energy`).
"""

from __future__ import annotations

from tests.conftest import assert_user_error
from tests.games.hoopers.test_match_wording import _play

M = ("hoopers", "match")
START = (*M, "start", "--home", "Lucy", "--away", "Karl", "--home-tribe", "unleashed",
         "--away-tribe", "keepers", "--first", "Karl", "--seed", "4")  # fmt: skip
# Line-ups: five on court, two on the bench each.
LINED_UP = (*START,
    "--home-seven", "Faust,Serge,Sin,Muy,Dime,Never,Lance",
    "--home-five", "Faust,Sin,Dime,Never,Lance",
    "--away-seven", "May,Chus,Edd,Hector,Perry,Vernon,Henry",
    "--away-five", "May,Chus,Edd,Hector,Perry",
)  # fmt: skip
LUCY_FIRST = (*START[:-4], "--first", "Lucy", "--seed", "4")
TURNS = [("turn", {"again": False})]


def energy(doc, team, hooper):
    return doc["hoopers"][team][hooper]["energy"]


def cards(cli, **given):
    for name, value in given.items():
        assert cli("hoopers", "energy", name.replace("_", " "), str(value)).exit_code == 0


def ok(result):
    assert result.exit_code == 0, result.stderr
    return result


def test_the_rulebook_example_spends_one_energy_per_card(cli):
    # Karl's attacking turn of the Gameplay Example: Hector Prot's dribble ("he spends one
    # energy"), Never Tired's steal ("spends one energy"), Hector's lay-up ("spends one
    # energy"), Edd Trapp's offensive rebound ("spends one energy") and lay-up ("He spends
    # another one energy").
    cards(cli, Hector=5, Edd=4, Never=6)
    ok(cli(*START))
    dribble = ok(cli(*M, "fundamental", "Karl", "dribble", "Hector", "--json")).json
    assert dribble["notes"] == ["Hector Pröt (Karl) spends one energy on the dribble: 4 left"]
    steal = ok(cli(*M, "counter", "Lucy", "steal", "Never", "--against", "Hector",
                   "--v", "55", "--face", "blank", "--roll", "80", "--json")).json  # fmt: skip
    assert energy(steal["match"], "Lucy", "Never Tired") == {"now": 5, "max": 6}
    assert energy(steal["match"], "Karl", "Hector Pröt") == {"now": 4, "max": 5}  # paid once
    ok(cli(*M, "shot", "Karl", "lup", "Hector", "--stat", "70", "--bonus", "15", "--roll", "95"))
    ok(cli(*M, "counter", "Karl", "rebound", "Edd", "--v", "55", "--face", "blank", "--roll", "5"))
    layup = ok(cli(*M, "shot", "Karl", "lup", "Edd", "--stat", "65", "--bonus", "15",
                   "--roll", "80", "--json")).json  # fmt: skip
    assert layup["total_points"] == 2
    assert layup["match"]["notes"] == [
        "Edd Trapp (Karl) spends one energy on the lay-up: 2 left",
        "Edd Trapp (Karl) scores 2",
    ]
    now = ok(cli(*M, "status", "--json")).json
    assert energy(now, "Karl", "Hector Pröt") == {"now": 3, "max": 5}  # dribble + lay-up
    assert energy(now, "Karl", "Edd Trapp") == {"now": 2, "max": 4}  # rebound + lay-up
    assert energy(now, "Lucy", "Never Tired") == {"now": 5, "max": 6}


def test_a_counter_pays_for_the_fundamental_it_answers_when_not_recorded(cli):
    cards(cli, Hector=5, Never=6)
    ok(cli(*START))
    steal = ok(cli(*M, "counter", "Lucy", "steal", "Never", "--against", "Hector",
                   "--v", "55", "--face", "blank", "--roll", "80", "--json")).json  # fmt: skip
    assert energy(steal["match"], "Karl", "Hector Pröt") == {"now": 4, "max": 5}
    assert "Hector Pröt (Karl) spends one energy on the dribble: 4 left" in steal["match"]["notes"]


def test_an_exhausted_hooper_is_warned_not_refused(cli):
    # "If you are not able to attack, for example if you are out of energy or out of cards,
    # you need to end up your turn" - the companion warns (docs/hoopers.md, Rulings).
    cards(cli, Hector=1)
    ok(cli(*START))
    ok(cli(*M, "fundamental", "Karl", "dribble", "Hector"))
    shot = ok(cli(*M, "shot", "Karl", "lup", "Hector", "--stat", "70", "--roll", "95", "--json"))
    notes = shot.json["match"]["notes"]
    assert notes[0] == (
        "warning: Hector Pröt (Karl) has no energy left for this lay-up: 'If you are not able "
        "to attack, for example if you are out of energy or out of cards, you need to end up "
        "your turn' (if the board shows energy, correct it: 'companion hoopers match energy "
        'Karl "Hector Pröt" N\')'
    )
    assert energy(shot.json["match"], "Karl", "Hector Pröt") == {"now": 0, "max": 1}
    text = ok(cli(*M, "status")).stdout
    assert "Karl energy: Hector Pröt 0/1 (out of energy)" in text


def test_an_unknown_card_is_not_tracked_and_said_once(cli):
    ok(cli(*START))
    first = ok(cli(*M, "fundamental", "Karl", "pass", "May", "--json")).json
    assert first["notes"] == [
        "May Friend's energy is not tracked (the card's energy is not known yet): set it "
        "once with 'companion hoopers match energy Karl \"May Friend\" --max N', remembered "
        "for every match"
    ]
    assert energy(first, "Karl", "May Friend") == {"now": None, "max": None}
    second = ok(cli(*M, "shot", "Karl", "2ps", "Chus", "--stat", "55", "--roll", "100", "--json"))
    assert not any("not tracked" in n for n in second.json["match"]["notes"])


def test_skills_that_spend_no_energy(cli):
    cards(cli, Vernon=3, Chus=3, Henry=3, Faust=3, Serge=3, Wally=3, May=3, Sin=3)
    ok(cli(*START))
    # Vernon Dely's pass, then Chus Kinder's attack after a teammate's pass.
    passed = ok(cli(*M, "fundamental", "Karl", "pass", "Vernon", "--json")).json
    assert passed["notes"] == ["Vernon Dely does not spend any energy to pass: Vernon Dely's "
                               "energy stays"]  # fmt: skip
    # Serge Ceptor's intercept.
    ok(cli(*M, "counter", "Lucy", "intercept", "Serge", "--against", "Vernon", "--o", "40",
           "--face", "blank", "--roll", "100"))  # fmt: skip
    # Henry Closure... defends on Lucy's turn; Chus Kinder shoots now, defended by Sin Miedo.
    dice = ("--face", "blank", "--roll", "100", "--json")
    shot = ok(cli(*M, "shot", "Karl", "3ps", "Chus", "--stat", "55", "--defense", "20",
                  "--defender", "Sin", *dice)).json  # fmt: skip
    doc = shot["match"]
    assert energy(doc, "Karl", "Vernon Dely")["now"] == 3
    assert energy(doc, "Lucy", "Serge Ceptor")["now"] == 3
    assert energy(doc, "Karl", "Chus Kinder")["now"] == 3
    assert energy(doc, "Lucy", "Sin Miedo")["now"] == 2  # his D3 card
    ok(cli(*M, "turn"))
    # Lucy: Wally Block's screen, then Faust Exit attacks; Henry Closure defends the 3PS.
    ok(cli(*M, "fundamental", "Lucy", "screen", "Wally"))
    shot = ok(cli(*M, "shot", "Lucy", "3ps", "Faust", "--stat", "60", "--defense", "20",
                  "--defender", "Henry", *dice)).json  # fmt: skip
    doc = shot["match"]
    assert energy(doc, "Lucy", "Wally Block")["now"] == 3
    assert energy(doc, "Lucy", "Faust Exit")["now"] == 3
    assert energy(doc, "Karl", "Henry Closure")["now"] == 3


def test_the_bench_recovers_after_pairs_2_4_6(cli, db):
    cards(cli, Serge=5, Muy=5, Never=5)
    ok(cli(*LINED_UP))
    ok(cli(*M, "energy", "Lucy", "Serge", "1"))
    ok(cli(*M, "energy", "Lucy", "Muy", "1"))
    ok(cli(*M, "energy", "Lucy", "Never", "1"))  # on court: no bench energy
    _play(db, TURNS * 3)
    after = ok(cli(*M, "turn", "--json")).json  # the end of pair 2
    assert (
        "the bench recovers: Serge Ceptor (Lucy) +1 → 2, Muy Schillato (Lucy) +1 → 2"
        in (after["notes"])
    )
    assert energy(after, "Lucy", "Never Tired")["now"] == 1
    _play(db, TURNS * 3)
    assert energy(ok(cli(*M, "status", "--json")).json, "Lucy", "Serge Ceptor")["now"] == 2
    _play(db, TURNS)  # pair 4
    assert energy(ok(cli(*M, "status", "--json")).json, "Lucy", "Serge Ceptor")["now"] == 3


def test_never_tired_on_the_bench_recovers_two(cli, db):
    cards(cli, Never=6)
    ok(cli(*LINED_UP))
    _play(db, TURNS)  # Lucy's turn: her substitution for a coach action token
    ok(cli(*M, "sub", "Lucy", "--out", "Never", "--in", "Muy"))
    doc = ok(cli(*M, "energy", "Lucy", "Never", "1", "--json")).json
    assert energy(doc, "Lucy", "Never Tired")["now"] == 1
    _play(db, TURNS * 4)
    assert energy(ok(cli(*M, "status", "--json")).json, "Lucy", "Never Tired")["now"] == 3


def test_the_period_ends_recover_plus_one_full_minus_one_plus_one_and_none_for_overtime(cli, db):
    # 'Game Structure': "+1", "one step below their maximum (if an hooper is full of energy,
    # do not update)", "+1"; "If an overtime will be played the hoopers don't recover any
    # energy"; Never Tired "recovers two energies after the first and third period, and
    # becomes full of energy after the second one".
    cards(cli, Edd=5, May=5, Never=6)
    ok(cli(*START))
    for hooper in ("Edd", "May"):
        ok(cli(*M, "energy", "Karl", hooper, "1"))
    ok(cli(*M, "energy", "Lucy", "Never", "1"))
    _play(db, TURNS * 16)
    doc = ok(cli(*M, "status", "--json")).json
    three = (("Karl", "Edd Trapp"), ("Karl", "May Friend"), ("Lucy", "Never Tired"))
    assert [energy(doc, t, h)["now"] for t, h in three] == [2, 2, 3]
    ok(cli(*M, "energy", "Karl", "May", "5"))  # full: stays full after period 2
    _play(db, TURNS * 16)
    doc = ok(cli(*M, "status", "--json")).json
    assert energy(doc, "Karl", "Edd Trapp")["now"] == 4  # one below 5
    assert energy(doc, "Karl", "May Friend")["now"] == 5
    assert energy(doc, "Lucy", "Never Tired")["now"] == 6  # full
    ok(cli(*M, "energy", "Karl", "Edd", "0"))
    _play(db, TURNS * 16)
    doc = ok(cli(*M, "status", "--json")).json
    assert energy(doc, "Karl", "Edd Trapp")["now"] == 1
    ok(cli(*M, "energy", "Karl", "Edd", "0"))
    _play(db, TURNS * 15)
    last = ok(cli(*M, "turn", "--json")).json  # period 4 ends tied 0-0: an overtime
    assert last["overtime"] is True
    assert energy(last, "Karl", "Edd Trapp")["now"] == 0
    assert not any("energy recovered" in n for n in last["notes"])


def test_timeout_substitution_energy_drink_and_upgrades(cli, db):
    cards(cli, Edd=5, May=5, Chus=4, Sin=4, Muy=4, Serge=3, Hector=4)
    ok(cli(*LINED_UP))
    for team, hooper in (("Karl", "Edd"), ("Karl", "May"), ("Lucy", "Sin"), ("Lucy", "Muy")):
        ok(cli(*M, "energy", team, hooper, "1"))
    # "each hooper of yours recover one energy"; the opponent's two, on two hoopers.
    timeout = ok(cli(*M, "timeout", "Karl", "--rest", "Sin", "--rest", "Muy", "--json")).json
    assert energy(timeout, "Karl", "Edd Trapp")["now"] == 2
    assert energy(timeout, "Karl", "May Friend")["now"] == 2
    assert energy(timeout, "Lucy", "Sin Miedo")["now"] == 2
    assert energy(timeout, "Lucy", "Muy Schillato")["now"] == 2
    ok(cli(*M, "undo"))
    twice = cli(*M, "timeout", "Karl", "--rest", "Sin", "--rest", "Sin")
    assert_user_error(twice, "two different hoopers")
    ok(cli(*M, "timeout", "Karl", "--rest", "Sin", "--rest", "Muy"))
    # "The hooper that now has become a benchwarmer immediately recovers one energy."
    ok(cli(*M, "timeout", "Karl"))
    sub = ok(cli(*M, "sub", "Karl", "--out", "Edd", "--in", "Henry", "--json")).json
    assert energy(sub, "Karl", "Edd Trapp")["now"] == 4  # timeout +1 twice, bench +1
    # Energy Drink: "This hooper recovers immediately all his/her energy."
    _play(db, [("onfire", {"team": "Karl", "hooper": "May", "direction": "up"})] * 3)
    drink = ok(cli(*M, "spend", "Karl", "energy-drink", "May", "--json")).json
    assert energy(drink, "Karl", "May Friend") == {"now": 5, "max": 5}
    # The star upgrade "One extra energy"; the first period's milestone "two extra energies".
    star = ok(cli(*M, "energy", "Lucy", "Serge", "--star", "--json")).json
    assert energy(star, "Lucy", "Serge Ceptor") == {"now": 4, "max": 4}
    _play(db, [("score", {"team": "Karl", "points": 3, "hooper": None})] + TURNS * 16)
    upgraded = ok(cli(*M, "upgrade", "Karl", "Hector", "--json")).json
    assert energy(upgraded, "Karl", "Hector Pröt") == {"now": 6, "max": 6}
    assert any("energy +2: 6 of 6" in n for n in upgraded["notes"])


def test_the_energy_is_corrected_by_hand_and_undone(cli, db):
    cards(cli, Hector=5)
    ok(cli(*START))
    set_ = ok(cli(*M, "energy", "Karl", "Hector", "2", "--json")).json
    assert set_["notes"] == ["Hector Pröt (Karl)'s energy is set to 2 of 5"]
    assert energy(set_, "Karl", "Hector Pröt") == {"now": 2, "max": 5}
    back = ok(cli(*M, "energy", "Karl", "--hooper", "Hector", "--recover", "9", "--json")).json
    assert energy(back, "Karl", "Hector Pröt")["now"] == 5  # never above the maximum
    ok(cli(*M, "undo"))
    assert energy(ok(cli(*M, "status", "--json")).json, "Karl", "Hector Pröt")["now"] == 2
    before = db.read_bytes()
    assert_user_error(cli(*M, "energy", "Karl", "Hector", "6"), "at most 5 energy, not 6")
    assert_user_error(cli(*M, "energy", "Karl", "Hector", "21"), "out of range (0 to 20)")
    assert_user_error(cli(*M, "energy", "Karl", "Edd", "2"), "not known: give it first")
    assert_user_error(cli(*M, "energy", "Karl", "Hector"), "what about the energy?")
    assert_user_error(cli(*M, "energy", "Karl", "Hector", "--max", "0"), "at least 1")
    assert db.read_bytes() == before


def test_a_cards_energy_given_in_a_match_is_remembered_for_the_next(cli):
    ok(cli(*START))
    given = ok(cli(*M, "energy", "Karl", "Edd", "--max", "4", "--json")).json
    assert given["notes"] == ["Edd Trapp (Karl): the card's energy is 4; the track is full (4)"]
    ok(cli(*M, "undo"))  # takes the move back; the card's number stays known
    assert ok(cli("hoopers", "energy", "--json")).json == {
        "energy": {"Edd Trapp": {"max": 4, "source": "table"}}
    }
    ok(cli(*M, "abandon"))
    ok(cli(*START))
    doc = ok(cli(*M, "status", "--json")).json
    assert energy(doc, "Karl", "Edd Trapp") == {"now": 4, "max": 4}
    assert energy(doc, "Karl", "Hector Pröt") == {"now": None, "max": None}


def test_the_card_energy_catalogue(cli, db):
    shown = ok(cli("hoopers", "energy"))
    assert "No card's energy known yet" in shown.stdout
    ok(cli("hoopers", "energy", "hector prot", "5"))  # accents and case aside
    ok(cli("hoopers", "energy", "Zed Custom", "3"))  # a custom card, kept as typed
    listed = ok(cli("hoopers", "energy", "--json")).json
    assert listed == {"energy": {"Hector Pröt": {"max": 5, "source": "table"},
                                 "Zed Custom": {"max": 3, "source": "table"}}}  # fmt: skip
    assert "  Hector Pröt       5  table\n" in ok(cli("hoopers", "energy")).stdout
    ok(cli("hoopers", "energy", "Zed", "--forget"))
    assert list(ok(cli("hoopers", "energy", "--json")).json["energy"]) == ["Hector Pröt"]
    before = db.read_bytes()
    assert_user_error(cli("hoopers", "energy", "Hector", "0"), "at least 1")
    assert_user_error(cli("hoopers", "energy", "Hector", "99"), "out of range")
    assert_user_error(cli("hoopers", "energy", "Hector", "4", "--forget"), "one or the other")
    assert db.read_bytes() == before


def test_a_block_spends_its_onfire_chip(cli):
    # 'Block': "played by using the specific Onfire LV.1 chip"; 'Onfire': "After having
    # spent a chip (LV.1 or LV.2) discard it."
    ok(cli(*LUCY_FIRST))
    for _ in range(2):
        ok(cli(*M, "onfire", "Karl", "Edd", "up"))
    ok(cli(*M, "chip", "Karl", "Edd"))
    block = ok(cli(*M, "block", "Karl", "Edd", "--against", "3ps", "--attacker", "Muy",
                   "--face", "blank", "--json"))  # fmt: skip
    doc = block.json["match"]
    assert doc["hoopers"]["Karl"]["Edd Trapp"]["chips"] == {"lv1": 0, "lv2": 0}
    assert doc["chips_spent"] == [{"team": "Karl", "hooper": "Edd Trapp", "use": "block"}]
    assert "Edd Trapp (Karl) spends an Onfire LV.1 chip on block" in " ".join(doc["notes"])


def test_a_chip_spent_for_the_block_first_is_not_spent_twice(cli):
    ok(cli(*LUCY_FIRST))
    for _ in range(2):
        ok(cli(*M, "onfire", "Karl", "Edd", "up"))
    ok(cli(*M, "chip", "Karl", "Edd"))
    for _ in range(2):
        ok(cli(*M, "onfire", "Karl", "Edd", "up"))
    ok(cli(*M, "chip", "Karl", "Edd"))  # two LV.1 chips
    ok(cli(*M, "spend", "Karl", "block", "Edd"))
    block = ok(cli(*M, "block", "Karl", "Edd", "--against", "3ps", "--attacker", "Muy",
                   "--face", "blank", "--json"))  # fmt: skip
    assert block.json["match"]["hoopers"]["Karl"]["Edd Trapp"]["chips"]["lv1"] == 1


def test_replay_and_undo_agree_with_the_recorded_energy(cli, db):
    from companion.games.hoopers.rules.match import fold
    from companion.games.hoopers.table import HoopersTable
    from companion.store import Store

    cards(cli, Hector=5, Never=6, Edd=4)
    ok(cli(*START))
    ok(cli(*M, "fundamental", "Karl", "dribble", "Hector"))
    ok(cli(*M, "counter", "Lucy", "steal", "Never", "--against", "Hector", "--v", "55",
           "--face", "blank", "--roll", "80"))  # fmt: skip
    shot = ok(cli(*M, "shot", "Karl", "lup", "Hector", "--stat", "70", "--roll", "95", "--json"))
    recorded = shot.json["match"]["hoopers"]
    match = HoopersTable(Store(db)).live()
    replayed = fold(match).to_json()["hoopers"]
    assert replayed == recorded
    undone = ok(cli(*M, "undo", "--json")).json
    assert energy(undone, "Karl", "Hector Pröt")["now"] == 4


def test_a_counter_or_screen_foul_recorded_by_hand_is_a_card_played(cli):
    # Guided play records a counter foul as `foul --on steal` (and the CLI may too): the
    # counter card's energy is spent; a screen recorded with `fundamental` is paid once.
    cards(cli, Never=6, Reley=3, Lance=3)
    ok(cli(*LUCY_FIRST))
    ok(cli(*M, "fundamental", "Lucy", "screen", "Reley"))
    fouled = ok(cli(*M, "foul", "Lucy", "Reley", "--on", "screen", "--json")).json
    assert energy(fouled, "Lucy", "Reley Baton")["now"] == 2
    ok(cli(*M, "turn"))
    stolen = ok(cli(*M, "foul", "Lucy", "Never", "--on", "steal", "--json")).json
    assert "Never Tired (Lucy) spends one energy on the steal dribble: 5 left" in stolen["notes"]
    ok(cli(*M, "turn"))
    screen = ok(cli(*M, "foul", "Lucy", "Lance", "--on", "screen", "--json")).json
    assert energy(screen, "Lucy", "Lance Endure")["now"] == 2  # not recorded before: paid here


def test_no_energy_left_is_said_once_a_period_not_on_every_card(cli, db):
    from companion.games.hoopers.rules.energy import energy_warning
    from companion.games.hoopers.table import HoopersTable
    from companion.store import Store

    cards(cli, Hector=1)
    ok(cli(*START))
    ok(
        cli(*M, "fundamental", "Karl", "dribble", "Hector")
    )  # the one energy: 0 left (a dribbler keeps the ball: F2 and A are his too)
    second = ok(cli(*M, "fundamental", "Karl", "dribble", "Hector", "--json")).json
    assert [n for n in second["notes"] if n.startswith("warning:")] == [
        "warning: Hector Pröt (Karl) has no energy left for this dribble: 'If you are not able to "
        "attack, for example if you are out of energy or out of cards, you need to end up your "
        "turn' (if the board shows energy, correct it: 'companion hoopers match energy Karl "
        '"Hector Pröt" N\')'
    ]
    shot = ok(cli(*M, "shot", "Karl", "lup", "Hector", "--stat", "70", "--roll", "95", "--json"))
    assert not any(n.startswith("warning:") for n in shot.json["match"]["notes"])
    table = HoopersTable(Store(db))
    state = table.fold(table.current())
    hector = state.teams["Karl"].hoopers["Hector Pröt"]
    assert energy_warning(state, "Karl", hector, "dribble") is None  # said this period
    state.period += 1
    assert energy_warning(state, "Karl", hector, "dribble") is not None  # a new period: again


def test_a_hooper_the_table_does_not_track_gets_no_energy_notes(cli):
    ok(cli(*START))
    untracked = ok(cli(*M, "energy", "Karl", "May", "--untracked", "--json")).json
    assert "May Friend (Karl): energy not tracked in this match" in untracked["notes"]
    played = ok(cli(*M, "fundamental", "Karl", "pass", "May", "--json")).json
    assert not any("energy" in n for n in played["notes"]), played["notes"]
    assert_user_error(cli(*M, "energy", "Karl", "May", "3", "--untracked"), "no energy numbers")


def test_a_bench_not_known_names_never_tired_only_to_the_team_that_has_him(cli, db):
    # Issue 43 item 10: Karl (keepers) was told "Never Tired 2", Lucy's hooper.
    cards(cli, Edd=5, Never=5)
    ok(cli(*START))  # no line-ups: neither bench is known
    _play(db, TURNS * 3)
    notes = ok(cli(*M, "turn", "--json")).json["notes"]  # the end of pair 2
    assert (
        "Karl's bench is not known (no line-up): its benchwarmers recover one energy "
        "('match energy Karl HOOPER --recover 1')" in notes
    )
    assert (
        "Lucy's bench is not known (no line-up): its benchwarmers recover one energy "
        "('match energy Lucy HOOPER --recover 1'; Never Tired 2)" in notes
    )
