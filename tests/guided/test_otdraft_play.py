"""`companion otdraft play` driven through a real pseudo-terminal: typed answers, read screens."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.games.otdraft.helpers import full_deck, full_deck_toml
from tests.guided.terminal import ANSI, Terminal, json_of, run


def start(db: Path, *options: str, leftover: bool = False) -> None:
    from companion.games.otdraft.rules.catalogue import catalogue_to_toml

    deck = db.parent / "deck.toml"
    deck.write_text(catalogue_to_toml(full_deck(54, leftover)) if leftover else full_deck_toml())
    done = run(db, "otdraft", "game", "start", "--players", "Ana,Ben", "--catalogue", str(deck),
               "--seed", "3", *options)  # fmt: skip
    assert done.returncode == 0, done.stderr


def status(db: Path) -> dict:
    return json_of(db, "otdraft", "game", "status")


@pytest.mark.slow
def test_secrets_picks_by_prefix_and_undo(db):
    start(db)
    term = Terminal(db, "otdraft", "play")
    term.expect("pass the screen to Ana")
    term.answer("Ana: press Enter when only you can see the screen", "")
    term.answer("Ana keeps which secret card? [C22 / C07] (C22)", "c07")
    term.answer("Ben: press Enter", "")
    term.answer("Ben keeps which secret card? [C03 / C11] (C03)", "")
    term.answer(
        "Round 1, turn 1 of 2: Ana drafts? [C21 / C44 / C49 / C16 / C13 / reveal / stop]", "c49"
    )
    term.expect("Ana drafts C49; laid C20")
    term.answer("Ben drafts? [C21 / C44 / C16 / C13 / C20 / reveal / stop]", "<")
    term.expect("undone: Ana drafts C49; laid C20")
    assert status(db)["teams"] == {"Ana": [], "Ben": []}
    term.answer("Round 1, turn 1 of 2: Ana drafts?", "")  # the default: the first card
    term.answer("Round 1, turn 2 of 2: Ben drafts?", "st")
    assert term.finish() == 0

    now = status(db)
    assert now["teams"] == {"Ana": ["C21"], "Ben": []}
    assert (now["current"], now["draftline"]) == ("Ben", ["C44", "C49", "C16", "C13", "C20"])
    hand = json.loads(run(db, "otdraft", "game", "hand", "Ana", "--json").stdout)
    assert hand["secret"] == "C07"


@pytest.mark.slow
def test_a_whole_draft_is_played_and_scored(db):
    start(db)
    term = Terminal(db, "otdraft", "play")
    term.answer("Ana: press Enter", "")
    term.answer("Ana keeps which secret card?", "")
    term.answer("Ben: press Enter", "")
    term.answer("Ben keeps which secret card?", "")
    for _ in range(14):
        term.answer("drafts?", "")
    term.expect("Round 7, turn 2 of 2: Ben drafts?")
    term.answer("Score the teams and finish?", "")
    term.expect("Ben wins.")
    assert term.finish() == 0

    assert run(db, "otdraft", "game", "status").returncode == 2  # no live draft any more
    listed = json.loads(run(db, "history", "list", "--game", "otdraft", "--json").stdout)
    result = listed["matches"][0]["result"]
    assert (result["scores"], result["winner"]) == ({"Ana": 33, "Ben": 44}, "Ben")
    assert result["teams"]["Ana"][-1] == "C22" and len(result["teams"]["Ben"]) == 8


def test_recording_the_tables_cards_with_a_leftover_and_ctrl_c(db):
    start(db, "--no-deck", leftover=True)
    term = Terminal(db, "otdraft", "play")
    term.answer("Ana's secret card? [a card name, or later] (later)", "")
    term.answer("Ben's secret card?", "C54")
    term.answer("Round 1, turn 1 of 2: Ana drafts? [a card name, or stop]", "C01")
    term.answer("Round 1, turn 2 of 2: Ben drafts?", "C01")
    term.expect("C01 is already Ana's")  # refused: the question stays
    term.send("\x15C02\r")
    term.expect("Round 1 is over: Ana's leftover ability may take a card")
    term.answer("Ana takes a leftover card? [a card name, or none]", "c03")
    term.answer("Round 1 is over: start round 2?", "")
    term.expect("Round 2, turn 1 of 2: Ben drafts?")
    term.interrupt()
    assert term.finish() == 130
    assert "interrupted; everything recorded so far is kept" in term.text

    now = status(db)
    assert (now["round"], now["current"]) == (2, "Ben")
    assert now["teams"] == {"Ana": ["C01", "C03"], "Ben": ["C02"]}
    assert now["leftovers"] == {"Ana": ["C03"], "Ben": []}
    assert now["secret_held"] == {"Ana": False, "Ben": True}


def test_off_a_terminal_it_is_one_error_line(db):
    start(db)
    done = run(db, "otdraft", "play")
    assert done.returncode == 2
    assert done.stderr.startswith("error: 'companion otdraft play' asks questions")
    assert len(done.stderr.splitlines()) == 1
    assert status(db)["teams"] == {"Ana": [], "Ben": []}


@pytest.mark.slow
def test_a_secret_left_for_later_is_asked_before_scoring(db):
    start(db, "--no-deck")
    term = Terminal(db, "otdraft", "play")
    term.answer("Ana's secret card? [a card name, or later] (later)", "")
    term.answer("Ben's secret card?", "C54")
    # Round starts alternate (each round starts with the last round's last player);
    # only Ben, who holds a secret card, is offered `reveal`.
    order = ["Ana", "Ben", "Ben", "Ana"] * 3 + ["Ana", "Ben"]
    for n, player in enumerate(order, 1):
        words = "reveal / stop" if player == "Ben" else "stop"
        term.answer(f"{player} drafts? [a card name, or {words}]", f"C{n:02d}")
    term.answer("Ana's secret card? [a card name]", "C01")
    term.expect("C01 is already Ana's")
    assert status(db)["secret_held"] == {"Ana": False, "Ben": True}
    term.send("\x15C50\r")
    term.answer("Score the teams and finish?", "")
    assert term.finish() == 0

    listed = json.loads(run(db, "history", "list", "--game", "otdraft", "--json").stdout)
    teams = listed["matches"][0]["result"]["teams"]
    assert teams == {
        "Ana": ["C01", "C04", "C05", "C08", "C09", "C12", "C13", "C50"],
        "Ben": ["C02", "C03", "C06", "C07", "C10", "C11", "C14", "C54"],
    }


@pytest.mark.slow  # a real pty; the fast loop keeps this file's Ctrl-C and menu runs
def test_the_menu_continues_a_live_draft_with_its_flow(db):
    start(db)
    term = Terminal(db)
    term.expect("live: otdraft match")
    term.answer("What now?", "")  # default: continue the live match
    term.answer("Play the next picks of this otdraft match?", "yes")
    term.expect("pass the screen to Ana")
    term.answer("Ana: press Enter", "")
    term.answer("Ana keeps which secret card? [C22 / C07] (C22)", "")
    term.child.sendintr()  # Ctrl-C: what was recorded stays
    assert term.finish() == 130
    assert status(db)["secret_held"]["Ana"] is True


# --- the menu and `otdraft play` start a draft (real terminal) ----------------------


def import_full_deck(db: Path) -> None:
    deck = db.parent / "full.toml"
    deck.write_text(full_deck_toml())
    done = run(db, "otdraft", "cards", "import", str(deck))
    assert done.returncode == 0, done.stderr


@pytest.mark.slow
def test_menu_starts_a_draft_and_continues_it(db):
    import_full_deck(db)
    term = Terminal(db)
    term.answer("What now?", "start")
    term.answer("Which game?", "ot")
    term.answer("Players, clockwise (2 to 5, comma separated)?", "Ana,Ben")
    term.answer("Who starts? [Ana / Ben] (Ana)", "Ben")
    term.expect("card catalogue: full.toml (54 cards)")
    term.answer("Who holds the deck? [companion / table] (companion)", "")
    term.expect("started: Ana, Ben (the companion runs the deck;")
    term.answer("Play the first picks now?", "yes")
    term.answer("Ana: press Enter", "")
    term.answer("Ana keeps which secret card?", "")
    term.expect("Ana keeps a secret card")
    term.interrupt()
    assert term.finish() == 130
    now = status(db)
    assert (now["turn_order"], now["deck"]) == (["Ben", "Ana"], True)
    assert now["secret_held"] == {"Ana": True, "Ben": False}

    term = Terminal(db)  # the menu again: it continues the live draft
    term.expect("live: otdraft match")
    term.answer("What now? [continue otdraft", "")
    term.answer("Play the next picks of this otdraft match?", "")
    term.answer("Ben: press Enter", "")
    term.answer("Ben keeps which secret card?", "")
    term.answer("Round 1, turn 1 of 2: Ben drafts?", "")
    term.answer("Round 1, turn 2 of 2: Ana drafts?", "stop")
    term.answer("What now?", "quit")
    assert term.finish() == 0
    now = status(db)
    assert now["secret_held"] == {"Ana": True, "Ben": True}
    assert [len(t) for t in now["teams"].values()] == [0, 1]


@pytest.mark.slow
def test_play_without_a_live_draft_offers_to_start_one(db):
    term = Terminal(db, "otdraft", "play")
    term.expect("No live otdraft match.")
    term.answer("Start a draft now?", "")  # default: yes
    term.answer("Players, clockwise", "Ana,Ben,Cy")
    term.answer("Who starts?", "")
    term.expect("No card catalogue is imported (the shipped example holds 8 cards of the 54")
    term.answer("Which cards? [names / file] (names)", "")  # never the 8-card example
    term.expect("(recording the table's cards;")
    term.answer("Ana's secret card? [a card name, or later] (later)", "Ark")
    term.answer("Ben's secret card?", "")
    term.answer("Cy's secret card?", "")
    term.answer("Round 1, turn 1 of 3: Ana drafts?", "Burning Bush")
    term.answer("Round 1, turn 2 of 3: Ben drafts?", "stop")
    assert term.finish() == 0
    now = status(db)
    assert (now["players"], now["free_names"]) == (["Ana", "Ben", "Cy"], True)
    assert now["teams"]["Ana"] == ["Burning Bush"]
    assert now["secret_held"] == {"Ana": True, "Ben": False, "Cy": False}


@pytest.mark.slow
def test_play_without_a_live_draft_can_be_declined(db):
    term = Terminal(db, "otdraft", "play")
    term.answer("Start a draft now?", "no")
    term.expect("'companion otdraft game start --help' shows how")
    assert term.finish() == 0
    assert run(db, "otdraft", "game", "status").returncode == 2


CLEAR = "\x1b[2J"


@pytest.mark.slow
def test_secrets_stay_secret_when_the_screen_passes(db):
    """Issue 17, "Secrets stay secret": Ana's answer is wiped before the screen passes to
    Ben, whose turn is said in large type; his dealt cards show only once he says the
    screen is his."""
    start(db)  # seed 3: Ana is dealt C22 / C07, Ben C03 / C11
    term = Terminal(db, "otdraft", "play")
    term.answer("Ana: press Enter when only you can see the screen", "")
    term.answer("Ana keeps which secret card? [C22 / C07] (C22)", "c07")
    term.expect("pass the screen to Ben; the others look away")
    term.expect("Ben: press Enter when only you can see the screen")
    raw = term.raw
    answered = max(raw.rfind("c07"), raw.rfind("C07"))  # Ana's answer, echoed (in full)
    assert answered > raw.rindex("[C22 / C07]")
    wiped = raw.index(CLEAR, answered)
    assert "\x1b[3J" in raw[answered:]  # the scrollback too
    after = ANSI.sub("", raw[wiped:]).replace("\r", "")
    assert "C07" not in after and "C22" not in after and "c07" not in after
    assert "C03" not in after and "C11" not in after  # Ben's cards wait for Ben
    big = [line for line in after.splitlines() if "█" in line]
    assert len(big) == 5 and max(map(len, big)) > 40  # "BEN'S TURN" in block letters
    term.send("\r")
    term.answer("Ben keeps which secret card? [C03 / C11] (C03)", "c11")
    term.expect("Round 1, turn 1 of 2: Ana drafts?")
    raw = term.raw
    answered = max(raw.rfind("c11"), raw.rfind("C11"))
    assert answered > raw.rindex("[C03 / C11]")
    after = ANSI.sub("", raw[raw.index(CLEAR, answered) :])
    assert "C03" not in after and "C11" not in after and "c11" not in after
    term.send("stop\r")
    assert term.finish() == 0
    assert status(db)["secret_held"] == {"Ana": True, "Ben": True}


@pytest.mark.slow
def test_recorded_secret_cards_are_wiped_too(db):
    start(db, "--no-deck")
    term = Terminal(db, "otdraft", "play")
    term.expect("pass the screen to Ana")
    term.answer("Ana's secret card? [a card name, or later] (later)", "C54")
    term.expect("pass the screen to Ben")
    raw = term.raw
    after = ANSI.sub("", raw[raw.index(CLEAR, raw.rindex("C54")) :])
    assert "C54" not in after
    term.answer("Ben's secret card?", "later")
    term.answer("Ana drafts?", "stop")
    assert term.finish() == 0


def test_a_guided_start_prints_the_status_once(scripted):
    # issue 43 item 10: the status was drawn by the start and again by the play that follows
    scripted.answer("Start a draft now?", "")
    scripted.answer("Players, clockwise", "Ana,Ben")
    scripted.answer("Who starts?", "")
    scripted.answer("Which cards?", "")
    scripted.answer("Ana's secret card?", "")
    scripted.interrupt()
    scripted.run("otdraft", "play")
    assert scripted.text.count("— round 1 of 7; order Ana → Ben") == 1
    assert scripted.text.count("  Ana: — (0 cards; no secret yet)") == 1
    assert "started: Ana, Ben (recording the table's cards;" in scripted.text
