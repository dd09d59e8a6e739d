"""The Series, guided: the menu starts a series and its first game in a real terminal;
the reward phase between games is asked and recorded (in-process, scripted prompts)."""

from __future__ import annotations

import pytest

from tests.guided.terminal import Terminal, json_of

K, U = "Keepers", "Unleashed"


@pytest.mark.slow
def test_menu_starts_a_series_and_its_first_game(db):
    term = Terminal(db)
    term.answer("What now?", "start")
    term.answer("Which game?", "series")
    term.answer("First tribe?", "")  # default: Keepers
    term.answer("Second tribe?", "")  # default: Unleashed
    term.answer("Who manages Keepers?", "Ana")
    term.answer("Who manages Unleashed?", "Ben")
    term.answer("Who is at home in game 1?", "kee")
    term.answer("Keepers: the setup's star upgrade is sleeved on?", "edd")
    term.answer("Unleashed: the setup's star upgrade is sleeved on?", "")  # default: none
    term.expect("Keepers is home in game 1 (chosen).")
    term.answer("Play its first game now?", "")  # default: yes
    term.expect("Game 1: Keepers at home, Unleashed away.")
    term.answer("Give the line-ups", "")  # default: no
    term.answer("Keepers (home): hoopers on the first hot step?", "may, vern, chus")
    term.answer("Unleashed (away): hoopers on the first cold step?", "")  # default: the first two
    term.answer("Who attacks first?", "Keepers")
    term.expect("Tracked match")
    term.expect("F1: Ana's fundamental?")
    term.interrupt()
    assert term.finish() == 130
    series = json_of(db, "hoopers", "series", "status")
    match = json_of(db, "hoopers", "match", "status")
    assert (series["game"], series["status"], series["players"]) == (
        "series",
        "live",
        ["Ana", "Ben"],
    )
    assert series["managers"] == {K: "Ana", U: "Ben"}
    assert series["playing_match"] == match["id"]
    assert match["attacking"] == "Ana"
    hot = {h for h, s in match["hoopers"]["Ana"].items() if s["onfire"] == "orange"}
    assert hot == {"May Friend", "Vernon Dely", "Chus Kinder"}
    assert match["coach_tokens"] == {"Ana": 9, "Ben": 8}
    assert series["sleeved"] == {K: {"Edd Trapp": {"card": "star", "energy": 1}}, U: {}}


@pytest.mark.slow
def test_menu_continues_the_series_game_in_play(db):
    from tests.guided.terminal import run

    assert (
        run(
            db, "hoopers", "series", "start", "--tribes", "Keepers,Unleashed", "--home", "K"
        ).returncode
        == 0
    )
    started = run(
        db, "hoopers", "series", "game", "start", "--hot", "may,vern,chus", "--cold",
        "faust,serge", "--first", "Unleashed",
    )  # fmt: skip
    assert started.returncode == 0, started.stderr
    term = Terminal(db)
    term.expect("live: series")
    term.answer("What now?", "continue series")
    term.expect("games won; first to 4")
    term.answer("Play the next game of this series?", "")
    term.expect("F1: Unleashed's fundamental?")
    term.interrupt()
    assert term.finish() == 130


# --- in-process, with scripted answers ------------------------------------------------


@pytest.fixture
def answers(monkeypatch):
    """`answers([("question fragment", "typed"), ...])`: the prompts answer these, in order.

    A fragment is looked for in the question as shown, its default in brackets.
    """
    from companion.ui.guided import prompts

    asked: list[str] = []

    def script(pairs):
        pending = list(pairs)

        def ask(question, default, parse, *, choices="", undo=True, **_):
            shown = f"{question} ({default})" if default else question
            asked.append(shown)
            assert pending, f"unexpected question: {shown}"
            fragment, typed = pending.pop(0)
            assert fragment in shown, (fragment, shown)
            return parse(typed or default)

        def select(message, options, default, undo, *_):  # a list: typing jumps to the best
            asked.append(message)
            assert pending, f"unexpected question: {message}"
            fragment, typed = pending.pop(0)
            assert fragment in message, (fragment, message)
            return prompts.ranked(typed, options, close=False)[0] if typed else default

        monkeypatch.setattr(prompts, "ask", ask)
        monkeypatch.setattr(prompts, "_select", select)
        return asked

    return script


@pytest.fixture
def store(db):
    from companion.store import Store

    return Store(db)


def finish_match(store, per_period=(10, 8)):
    from companion.engine.events import event
    from companion.games.hoopers.table import HoopersTable

    table = HoopersTable(store)
    for _ in range(4):
        table.record(
            event("score", team=K, points=per_period[0], hooper=None),
            event("score", team=U, points=per_period[1], hooper=None),
            *[event("turn", again=False)] * 16,
        )


def test_start_asks_the_tribes_and_the_home_tribe(store, answers, capsys):
    from companion.games.hoopers.guided import series as guided
    from companion.games.hoopers.series_table import SeriesTable

    answers([("First tribe", "Ravens"), ("Second tribe", "Owls"), ("manages Ravens", "Ana"),
             ("manages Owls", "Ben"), ("home in game 1", "ow")])  # fmt: skip
    assert guided.start(store) is True
    status = SeriesTable(store).status()
    assert status.players == ("Ana", "Ben")
    assert status.state.series.tribes == ("Ravens", "Owls")
    assert status.state.series.managers == {"Ravens": "Ana", "Owls": "Ben"}
    assert status.state.series.home_tribe == "Owls"
    assert "Owls is home in game 1 (chosen)." in capsys.readouterr().out


def test_a_finished_series_game_is_ended_its_reward_phase_asked_and_recorded(
    store, answers, capsys
):
    from companion.games.hoopers.guided import series as guided
    from companion.games.hoopers.series_table import SeriesTable

    table = SeriesTable(store)
    table.start([K, U], home="Keepers")
    table.start_game(["May", "Vern", "Chus"], ["Faust", "Serge"], first="Keepers", seed=1)
    finish_match(store)
    answers(
        [
            ("The match is over. End it", ""),  # default: yes
            ("Keepers: gameplan milestones", "2"),
            ("Unleashed: gameplan milestones", ""),  # default 0
            ("tribe marker", "unl"),
            # The winner's card from the hooper upgrade deck; Keepers' gameplan (2
            # milestones) gives one star upgrade from its kit.
            ("Keepers: the hooper upgrade card from the deck?", "three"),
            ("Keepers: the three energies is sleeved on?", "Edd"),
            ("Keepers: the star upgrade, one extra energy is sleeved on?", "May"),
            ("Start game 2 now?", "no"),
        ]
    )
    guided.play(store)
    out = capsys.readouterr().out
    assert "sleeved: Keepers:Edd Trapp=three, Keepers:May Friend=star" in out
    assert table.status().detail["sleeved"][K] == {
        "Edd Trapp": {"card": "three", "energy": 3},
        "May Friend": {"card": "star", "energy": 1},
    }
    assert "Series" in out and "game 1 recorded" in out
    assert out.count("Game 1 reward phase") == 2  # as the match ended, then completed
    status = table.status()
    game = status.detail["games"][0]
    assert (game["score"], game["series_track"]) == ({K: 40, U: 32}, U)
    assert game["rewards"][K]["gameplan_milestones"] == 2
    assert status.scores == {K: 1, U: 0}
    assert status.next.startswith("game 2: Keepers at home")


def test_play_starts_the_next_game_asking_rosters_the_companion_lacks(store, answers, monkeypatch):
    from companion.games.hoopers.guided import match as guided_hoopers
    from companion.games.hoopers.guided import series as guided
    from companion.games.hoopers.series_table import SeriesTable
    from companion.games.hoopers.table import HoopersTable

    played = []
    monkeypatch.setattr(guided_hoopers, "play_turns", lambda store, seed=None: played.append(1))
    SeriesTable(store).start(["Ravens", "Owls"], home="Owls")
    answers(
        [
            ("Ravens' hoopers", "A, B, C, D, E, F, G"),
            ("Owls' hoopers", "H, I, J, K, L, M, N"),
            ("Give the line-ups", ""),
            ("Owls (home): hoopers on the first hot step? (H, I, J)", ""),
            ("Ravens (away): hoopers on the first cold step? (A, B)", "c, d"),
            ("Who attacks first?", "Ravens"),
        ]
    )
    guided.play(store, seed=4)
    assert played == [1]  # handed over to the turn flow, which the table left at once
    match = HoopersTable(store).status().to_json()
    assert match["attacking"] == "Ravens"
    onfire = {t: sorted(h for h, s in hs.items() if s["onfire"] != "flat")
              for t, hs in match["hoopers"].items()}  # fmt: skip
    assert onfire == {"Owls": ["H", "I", "J"], "Ravens": ["C", "D"]}
    assert SeriesTable(store).status().detail["playing_match"] == match["id"]


def test_play_without_a_series_offers_to_start_one(scripted):
    # `series play` is every game's `G play` (companion.cli.play), its words the spec's.
    scripted.answer("Start one now?", "no")
    result = scripted.run("hoopers", "series", "play")
    assert result.exit_code == 0
    assert "No series in progress." in scripted.text
    assert "Nothing started." in scripted.text


def test_guided_rebound_by_susan_peg_is_her_undefended_lay_up(store, answers):
    # "If Susan Peg does not commit a foul during an Offensive Rebound attempt, then
    # she rolls the d20 die directly performing a Lay-up by using her V stat. It
    # can't be defended."
    from companion.engine.rng import TableRng
    from companion.games.hoopers.guided.match import Flow
    from companion.games.hoopers.rules import turn_flow as tf
    from companion.games.hoopers.rules.series import GameReport
    from companion.games.hoopers.series_table import SeriesTable
    from companion.games.hoopers.table import HoopersTable

    table = SeriesTable(store)
    table.start([K, U], home="Keepers")
    for _ in range(3):
        table.record_game(GameReport(scores={K: 80, U: 70}))
    # Game 4: Keepers can win the series, so Unleashed (at home) field Susan Peg.
    table.start_game(["Faust", "Serge", "Sin"], ["May", "Vern"], first="Unleashed", seed=1)
    answers(
        [
            ("F3: Unleashed plays an offensive rebound?", "rebound"),
            ("rebound by?", "Susan"),
            ("foul die for the rebound", "blank"),
            ("Susan Peg's V-stat?", "60"),  # asked once no foul makes it matter
            ("d20 for Susan Peg's lay-up: roll ≤ 60 scores", "40"),
        ]
    )
    flow = Flow(store, TableRng(1))
    after = flow.rebound(tf.Turn(team=U, opponent=K, step="rebound"))
    assert after.over and after.ended == "Susan Peg's lay-up scored"
    match = HoopersTable(store).status().to_json()
    assert match["score"] == {U: 2, K: 0}
    assert match["hoopers"][U]["Susan Peg"]["points"] == 2
    assert match["hoopers"][U]["Susan Peg"]["onfire"] != "flat"  # a basket made


def test_play_asks_the_seven_and_five_of_each_tribe(store, answers, monkeypatch):
    # "Choose the new seven hoopers for the next game."
    from companion.games.hoopers.guided import match as guided_hoopers
    from companion.games.hoopers.guided import series as guided
    from companion.games.hoopers.series_table import SeriesTable
    from companion.games.hoopers.table import HoopersTable

    monkeypatch.setattr(guided_hoopers, "play_turns", lambda store, seed=None: None)
    SeriesTable(store).start(["Ravens", "Owls"], home="Owls")
    answers(
        [
            ("Ravens' hoopers", "A, B, C, D, E, F, G, X"),
            ("Owls' hoopers", "H, I, J, K, L, M, N"),
            ("Give the line-ups", "yes"),
            ("Owls' seven", "H, I, J, K, L, M, N"),
            ("Owls' five", "H=PG, I=SG, J=SF, K=PF, L=C"),
            ("Ravens' seven", "A, B, C, D, E, F, G"),
            ("Ravens' five", "A=PG, B=SG, C=SF, D=PF, E=C"),
            ("Owls (home): hoopers on the first hot step? (H, I, J)", ""),
            ("Ravens (away): hoopers on the first cold step? (A, B)", ""),
            ("Who attacks first?", "Ravens"),
        ]
    )
    guided.play(store, seed=4)
    line_ups = HoopersTable(store).status().to_json()["line_ups"]
    assert line_ups["Ravens"]["bench"] == ["F", "G"]
    assert line_ups["Owls"]["court"]["C"] == "L"


def test_the_series_goes_back_to_its_game_that_waited_for_a_friendly_match(store, answers, capsys):
    """Item: a live Series game does not block a friendly match; guided play resumes it."""
    from companion.games.hoopers.guided import series as guided
    from companion.games.hoopers.series_table import SeriesTable
    from companion.games.hoopers.table import HoopersTable, roster

    table = SeriesTable(store)
    table.start([K, U], home="Keepers")
    game = table.start_game(["May", "Vern", "Chus"], ["Faust", "Serge"], first="Keepers", seed=1)
    finish_match(store)
    hoopers = HoopersTable(store)
    friendly = hoopers.start(
        "Cy", "Dee", rosters={"Cy": roster("Cy", "keepers", None),
                              "Dee": roster("Dee", "unleashed", None)}, first="Cy", seed=2,
    )  # fmt: skip
    assert hoopers.waiting()["id"] == game.match_id
    answers(
        [
            ("The match is over. End it", ""),  # default: yes
            ("Keepers: gameplan milestones", ""),
            ("Unleashed: gameplan milestones", ""),
            ("tribe marker", ""),
            ("Keepers: the hooper upgrade card from the deck?", "two"),
            ("Keepers: the stellar upgrade plus two energies is sleeved on?", "Edd"),
            ("Start game 2 now?", "no"),
        ]
    )
    guided.play(store)
    out = capsys.readouterr().out
    assert f"back to Series game {game.match_id}; match {friendly.id} (Cy v Dee) waits" in out
    assert table.status().detail["wins"] == {K: 1, U: 0}
    assert hoopers.current()["id"] == friendly.id  # the friendly match is current again


def test_the_menu_lists_the_current_hoopers_match_not_the_one_that_waits(cli, scripted):
    """The menu's "continue hoopers" goes on with the current match: a match that waits
    (here the friendly one, played last, set aside by going back to the Series game) is
    not the one it lists."""
    assert cli("hoopers", "series", "start", "--players", "Ana=Keepers,Ben=Unleashed",
               "--home", "Keepers").exit_code == 0  # fmt: skip
    game = cli("hoopers", "series", "game", "start", "--hot", "May,Vernon,Chus", "--cold",
               "Faust,Serge", "--json").json["match_id"]  # fmt: skip
    friendly = cli("hoopers", "match", "start", "--home", "Cy", "--away", "Dee", "--home-tribe",
                   "keepers", "--away-tribe", "unleashed", "--first", "Cy",
                   "--json").json["id"]  # fmt: skip
    assert cli("hoopers", "match", "score", "Cy", "2").exit_code == 0  # played last
    assert cli("hoopers", "match", "resume").exit_code == 0  # back to the Series game
    flow = scripted
    flow.answer("What now?", "q")
    assert flow.run().exit_code == 0
    live = [line for line in flow.text.splitlines() if line.strip().startswith("live:")]
    assert any(f"{game} (Ana, Ben)" in line for line in live), live
    assert not any(friendly in line for line in live), live
