"""Issue 17, "Guided prompts", through a real pseudo-terminal: in each game's guided flow a
list is picked with the arrow keys and a name completed with Tab; a refused answer leaves
a clear line; an interrupted turn resumes at its question. (In-process, scripted:
tests/guided/test_friction.py.)"""

from __future__ import annotations

import pytest

from tests.guided.terminal import Terminal, json_of
from tests.guided.test_terminal import events, start_match, status

DOWN, UP, TAB = "\x1b[B", "\x1b[A", "\t"


def complete(term: Terminal, typed: str, offered: str, enter: bool = True) -> None:
    """Type `typed`, then Tab (and Enter) once the completion menu offers `offered`: from
    then on Tab takes it at once, where a Tab pressed before the menu had caught up would
    not complete (a fixed pause for it was too short on a busy machine)."""
    term.mark()
    term.send(typed)
    term.expect(offered)
    term.send(TAB + ("\r" if enter else ""))


@pytest.mark.slow
def test_hoopers_a_list_with_the_arrow_keys_a_hooper_with_tab(db):
    start_match(db)
    term = Terminal(db, "hoopers", "play")
    term.answer("F1: Lucy's fundamental?", "")
    term.answer("F2: Lucy's fundamental?", "")
    term.expect("A: Lucy's attack? [2ps / 3ps / lup / none] (2ps)")
    term.expect("» 2ps")  # the list, the default highlighted
    term.send(DOWN + DOWN + "\r")  # → 3ps → lup
    term.expect("lay-up by?")
    complete(term, "Dme", "Dime N'Shons")  # misspelt: Tab takes the name offered
    term.answer("Dime N'Shons' LUP?", "60")
    term.answer("Karl defends with a DLU?", "")
    term.answer("roll ≤ 60", "5")
    term.answer("The turn token moves on: the next turn, or stop here?", DOWN)  # next → stop
    assert term.finish() == 0
    shot = events(db)[-2]["data"]
    assert (shot["hooper"], shot["spec"]["kind"]) == ("Dime N'Shons", "lup")
    assert events(db)[-1]["type"] == "turn"


@pytest.mark.slow
def test_a_refused_answer_leaves_a_clear_line(db):
    start_match(db)
    term = Terminal(db, "hoopers", "play")
    term.answer("F1: Lucy's fundamental?", "pa")
    term.answer("pass by?", "Ser")
    term.answer("pass bonus on the card?", "abc")
    term.expect("'abc' is not a whole number")
    # Asked anew on an empty line (the refused answer one ↑ away): 20 is not glued to it.
    term.send("20\r")
    term.expect("Karl counters the pass?")
    term.interrupt()
    assert term.finish() == 130
    assert "abc20" not in term.text


@pytest.mark.slow
def test_hoopers_ctrl_c_before_the_token_moves_resumes_there(db):
    start_match(db)
    term = Terminal(db, "hoopers", "play")
    term.answer("F1: Lucy's fundamental?", "")
    term.answer("F2: Lucy's fundamental?", "")
    term.answer("A: Lucy's attack?", "2ps")
    term.answer("2 points shot by?", "Dime")
    term.answer("Dime N'Shons' 2PS?", "55")
    term.answer("Karl defends with a D2?", "")
    term.answer("roll ≤ 55", "5")
    term.expect("The turn token moves on: the next turn, or stop here?")
    term.interrupt()
    assert term.finish() == 130
    assert (status(db)["turn"], status(db)["attacking"]) == (1, "Lucy")
    term = Terminal(db, "hoopers", "play")
    term.expect("Resuming the attacking turn where it stopped")
    term.answer("The turn token moves on: the next turn, or stop here?", "")
    term.answer("F1: Karl's fundamental?", "")
    term.interrupt()
    assert term.finish() == 130
    assert [e["type"] for e in events(db)] == ["opening", "shot", "turn"]
    assert status(db)["score"] == {"Lucy": 2, "Karl": 0}


@pytest.mark.slow
def test_series_a_tribe_with_tab_home_with_the_arrow_keys(db):
    term = Terminal(db)
    term.answer("What now?", "start")
    term.answer("Which game?", "series")
    term.expect("First tribe?")
    complete(term, "Unl", "Unleashed")
    term.expect("Second tribe?")
    complete(term, "Kep", "Keepers")  # misspelt
    term.answer("Who manages Unleashed?", "Ana")
    term.answer("Who manages Keepers?", "Ben")
    term.expect("Who is at home in game 1? [random / Unleashed / Keepers] (random)")
    term.send(DOWN + DOWN + "\r")  # random → Unleashed → Keepers
    term.answer("Unleashed: the setup's star upgrade is sleeved on?", "")  # none
    term.answer("Keepers: the setup's star upgrade is sleeved on?", "")
    term.expect("Keepers is home in game 1 (chosen).")
    term.answer("Play its first game now?", "no")
    term.answer("What now?", "quit")
    assert term.finish() == 0
    series = json_of(db, "hoopers", "series", "status")
    assert series["players"] == ["Ana", "Ben"] and series["tribes"] == ["Unleashed", "Keepers"]


@pytest.mark.slow
def test_otdraft_a_list_with_the_arrow_keys_a_card_with_tab(db):
    from tests.guided.test_otdraft_play import import_full_deck

    import_full_deck(db)
    term = Terminal(db, "otdraft", "play")
    term.answer("Start a draft now?", "")
    term.answer("Players, clockwise", "Ana,Ben")
    term.expect("Who starts? [Ana / Ben] (Ana)")
    term.send(DOWN + "\r")  # Ben
    term.expect("Who holds the deck? [companion / table] (companion)")
    term.send(DOWN + UP + "\r")  # down and back up: the companion
    term.answer("Ana: press Enter", "")
    term.answer("Ana keeps which secret card?", "")
    term.answer("Ben: press Enter", "")
    term.answer("Ben keeps which secret card?", "")
    term.expect("Round 1, turn 1 of 2: Ben drafts?")
    line = term.text.splitlines()[-1]
    draftline = line.split("[", 1)[1].split("]", 1)[0].split(" / ")[:5]
    # The draw is not seeded: type the shortest prefix that only one card of the
    # Draftline starts with (two letters, or more when the draw shares them); Tab ends it.
    typed = min((shortest_unique_prefix(c, draftline) for c in draftline), key=len)
    (wanted,) = [c for c in draftline if c.startswith(typed)]
    complete(term, typed, wanted)
    term.expect(f"Ben drafts {wanted}")
    term.answer("Round 1, turn 2 of 2: Ana drafts?", "stop")
    assert term.finish() == 0
    now = json_of(db, "otdraft", "game", "status")
    assert (now["turn_order"], now["deck"]) == (["Ben", "Ana"], True)
    assert now["teams"]["Ben"] == [wanted]


def shortest_unique_prefix(card: str, cards: list[str]) -> str:
    """The shortest prefix of `card` (two letters at least) no other of `cards` starts with."""
    for n in range(2, len(card) + 1):
        if sum(c.startswith(card[:n]) for c in cards) == 1:
            return card[:n]
    return card


@pytest.mark.slow
def test_allstar_an_arena_with_tab_a_list_with_the_arrow_keys(db):
    from tests.games.allstar.test_season import bus_team
    from tests.guided.terminal import run

    species = ("--species", "duc,hor,bea,tig,car")
    done = run(db, "allstar", "season", "start", "--players", "Ana,Ben", "--mode", "heritage",
               *species)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert run(db, "allstar", "arena", "add", "Colosseum", "--points", "8,4").returncode == 0
    term = Terminal(db, "allstar", "play")
    term.expect("Bus 1 arena?")
    complete(term, "Colos", "Colosseum")
    term.answer("Ana's Bus 1 team (Colosseum)?", bus_team("Ana", 1))
    term.answer("Ben's Bus 1 team (Colosseum)?", bus_team("Ben", 1))
    term.expect("resolve round 1? [resolve / stop] (resolve)")
    term.send(DOWN + "\r")  # stop
    assert term.finish() == 0
    now = json_of(db, "allstar", "season", "status")
    assert [a["name"] for a in now["arenas"]] == ["Colosseum"]
    assert now["missing_teams"] == []


@pytest.mark.slow
def test_playlist_songs_with_tab_the_song_with_the_arrow_keys(db):
    from tests.guided.terminal import run

    for card in ("country/1/guitar+storytelling+love+acoustic/Blowin' in the Wind",
                 "pop/2/piano+love+ballad+beatles/Let It Be"):  # fmt: skip
        assert run(db, "playlist", "cards", "add", card).returncode == 0
    done = run(db, "playlist", "game", "start", "--players", "Ana,Ben", "--first", "Ana")
    assert done.returncode == 0, done.stderr
    term = Terminal(db, "playlist", "play")
    term.answer("Ana's assignment cards (first turn)?", "")
    term.expect("Ana adds songs")
    complete(term, "Blo", "Blowin' in the Wind", enter=False)
    complete(term, ", Let", "Let It Be")
    term.expect("2. #2")
    term.expect("Ana's song? [sung / taken / false-call] (sung)")
    term.send(DOWN + "\r")  # taken
    term.answer("Taken by?", "")
    term.expect("Ana loses Let It Be")
    term.expect("End Ana's turn? [end / lose / stop] (end)")
    term.send(DOWN + DOWN + "\r")  # stop
    assert term.finish() == 0
    now = json_of(db, "playlist", "game", "status")
    assert [c["title"] for c in now["playlists"]["Ana"]] == ["Blowin' in the Wind"]
