"""Issue 41 item 6: phones at their seats in a real browser, the room's board and a CLI in
the same test. Headless Chromium through Playwright; each phone is a browser context of
its own (no shared storage) at 390×844.

Moves are made with the example plug-ins (examples/tug, examples/coinrace: games that
answer the legal-moves query), installed as tests/test_example_plugins.py installs them;
the All-Star deck draft shows what only a seat may see.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.test_example_plugins import env_with
from tests.test_example_plugins import site as site  # noqa: F401 - a fixture
from tests.web.test_browser import CHROMIUM, ROOM, free_port, screenshot
from tests.web.test_browser import browser as browser  # noqa: F401 - a fixture

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(CHROMIUM is None, reason="needs Debian's chromium (.ci/run installs it)"),
]
PHONE = {"width": 390, "height": 844}


class Table:
    """The CLI and the room's server over one database, with the example games installed."""

    def __init__(self, installed: Path, db: Path) -> None:
        self.env = env_with(installed, db)

    def run(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "companion", *args],
            env=self.env, capture_output=True, text=True, timeout=60,
        )  # fmt: skip

    def ok(self, *args: str) -> str:
        done = self.run(*args)
        assert done.returncode == 0, done.stderr
        return done.stdout

    def json(self, *args: str) -> dict:
        return json.loads(self.ok(*args, "--json"))

    @contextmanager
    def served(self) -> Iterator[str]:
        """`companion watch --web` in its own process; yields its base URL."""
        port = free_port()
        process = subprocess.Popen(
            [sys.executable, "-m", "companion", "watch", "--web", "--port", str(port)],
            env=self.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        try:
            line = process.stdout.readline()
            assert line.startswith("Scoreboard at "), line + process.stderr.read()
            yield f"http://127.0.0.1:{port}"
        finally:
            process.terminate()
            process.wait(timeout=5)

    def seats(self, base: str) -> dict[str, str]:
        """Each player's seat link on the server at `base`."""
        found = self.json("seats", "--port", base.rsplit(":", 1)[1])["seats"]
        return {s["player"]: s["url"] for s in found}


@pytest.fixture
def table(site, tmp_path) -> Table:  # noqa: F811 - the fixture imported above
    return Table(site, tmp_path / "db.json")


@pytest.fixture
def phones(browser):
    """`phone(url)`: a page in a browser context of its own, at phone size."""
    contexts = []

    def phone(url: str, offline_stream: bool = False):
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        contexts.append(context)
        if offline_stream:  # a phone whose page missed the last change (asleep, a tunnel)
            context.route("**/events", lambda route: route.abort())
        page = context.new_page()
        page.goto(url)
        page.wait_for_function("() => document.getElementById('moves').childElementCount > 0")
        return page

    yield phone
    for context in contexts:
        context.close()


@pytest.fixture
def room(browser):
    context = browser.new_context(viewport=ROOM)
    yield context.new_page()
    context.close()


def buttons(page) -> list[str]:
    return page.locator("#moves button").all_inner_texts()


def pulls(room, player: str) -> str:
    return room.locator(f'#scores .side[data-player="{player}"] .points').inner_text()


def test_a_tug_played_from_two_phones_the_room_and_a_terminal_follow(table, phones, room, tmp_path):
    table.ok("tug", "start", "--players", "Ann,Bob", "--seed", "3")
    with table.served() as base:
        room.goto(base + "/")
        room.wait_for_selector("#seats figure")
        assert room.locator("#seats figcaption").all_inner_texts() == ["Ann", "Bob"]
        screenshot(room, "seats-room-start", tmp_path)
        seats = table.seats(base)
        ann, bob = phones(seats["Ann"]), phones(seats["Bob"])
        assert ann.inner_text("#player") == "Ann" and buttons(ann) == ["Ann pulls"]
        assert buttons(bob) == []  # not Bob's pull yet
        assert bob.inner_text("#moves") == "Nothing for you to do now."
        screenshot(ann, "seats-phone", tmp_path)
        ann.click("#moves button")
        ann.wait_for_selector("#message.good")
        assert ann.inner_text("#message") == "Done: Ann pulls"
        # The room and Bob's phone hear of it; the room's seats give way to the game.
        room.wait_for_selector("#seats", state="detached")
        bob.wait_for_selector("#moves button")
        assert buttons(bob) == ["Bob pulls"]
        status = table.json("tug", "status")
        assert status["next"] == "Bob pulls"
        assert pulls(room, "Ann") == str(status["scores"]["Ann"])
        # The terminal's move reaches the phones as the phones' reach the terminal.
        table.ok("tug", "pull")
        ann.wait_for_selector("#moves button")
        assert buttons(ann) == ["Ann pulls"] and buttons(bob) == []


def test_a_stale_tap_a_race_and_a_forged_seat_are_refused_and_nothing_is_written(
    table, phones, tmp_path
):
    table.ok("tug", "start", "--players", "Ann,Bob", "--seed", "3")
    with table.served() as base:
        seats = table.seats(base)
        # Ann's seat open on two phones whose pages hear of no change: both show her pull.
        first = phones(seats["Ann"], offline_stream=True)
        second = phones(seats["Ann"], offline_stream=True)
        first.click("#moves button")
        first.wait_for_selector("#message.good")
        second.click("#moves button")  # the race: the same pull, one tap too late
        second.wait_for_selector("#message.bad")
        assert second.inner_text("#message").startswith(
            "the game moved on: 1 move made, the page saw 0"
        )
        assert buttons(second) == []  # and the page shows the game as it is now
        made = table.json("moves")
        assert (made["seen"], made["moves"][0]["label"]) == (1, "Bob pulls")  # one pull made
        # A stale page: Bob's, asleep while the terminal pulls for him and Ann pulls again.
        bob = phones(seats["Bob"], offline_stream=True)
        table.ok("tug", "pull")
        first.reload()
        first.wait_for_selector("#moves button")
        first.click("#moves button")
        first.wait_for_selector("#message.good")
        before = table.json("tug", "status")
        bob.click("#moves button")
        bob.wait_for_selector("#message.bad")
        assert "the game moved on: 3 moves made, the page saw 1" in bob.inner_text("#message")
        screenshot(bob, "seats-phone-refused", tmp_path)
        # Forged: Bob's seat sending Ann's move, and a seat that does not exist.
        forged = bob.evaluate(
            """async () => {
                const send = (path, who) => fetch(path, {method: "POST",
                  headers: {"Content-Type": "application/json"},
                  body: JSON.stringify({move: {kind: "pull", who, what: {player: who}},
                                        seen: 3})}).then(async r => [r.status, await r.json()]);
                return [await send(location.pathname + "/move", "Ann"),
                        await send("/seat/AAAAAAAAAAAAAAAAAAAAAA/move", "Bob")];
            }"""
        )
        assert forged[0] == [403, {"error": "that move is Ann's to make, not Bob's"}]
        assert forged[1][0] == 404
        assert table.json("tug", "status") == before


def test_a_phone_fills_what_a_move_asks_coinrace(table, phones):
    table.ok("coinrace", "start", "--players", "Ann,Bob", "--seed", "3")
    with table.served() as base:
        ann = phones(table.seats(base)["Ann"])
        assert ann.locator("#moves select").count() == 1  # the coin, when a real one is flipped
        ann.select_option("#moves select", "heads")
        ann.click("#moves button")
        ann.wait_for_selector("#message.good")
    assert table.json("coinrace", "status")["scores"]["Ann"] == 1


def test_no_seat_and_no_stream_carries_another_seats_hand_and_the_room_none(
    table, phones, room, tmp_path
):
    for i in range(6):
        table.ok("allstar", "arena", "add", f"Arena{i}", "--points", "9,6,3")
    table.ok("allstar", "season", "start", "--players", "Ana,Ben,Cy", "--deck", "--seed", "5")
    table.ok("allstar", "season", "arenas")
    hands = {m: table.json("allstar", "season", "hand", m)["hand"] for m in ("Ana", "Ben", "Cy")}
    every = [c for h in hands.values() for c in h]
    with table.served() as base:
        seats = table.seats(base)
        pages = {manager: phones(url) for manager, url in seats.items()}
        for manager, page in pages.items():
            page.wait_for_selector("#own .chips")
            shown = page.inner_text("#own")
            assert all(card in shown for card in hands[manager])
            others = [c for c in every if c not in hands[manager]]
            assert not [c for c in others if c in page.content()], manager
        screenshot(pages["Ana"], "seats-phone-hand", tmp_path)
        # A pick from the terminal: every phone's stream brings its own new hand, and no other.
        table.ok("allstar", "season", "pick", "Ana", hands["Ana"][0])
        for page in pages.values():
            page.wait_for_function(
                "() => document.getElementById('what').innerText.endsWith('3 moves made')"
            )
        bench = pages["Ana"].locator("#own dd").nth(1).inner_text()
        assert bench == hands["Ana"][0]  # her pick, on her Bench
        for manager in ("Ben", "Cy"):
            body = pages[manager].evaluate(
                "async () => await (await fetch(location.pathname + '/state')).text()"
            )
            others = [c for c in every if c not in hands[manager]]
            assert not [c for c in others if c in body], manager
        room.goto(base + "/")
        room.wait_for_selector("#scores")
        text = room.content()
        assert not [c for c in every if c in text]
        # and no command to type: "('season hand NAME' shows it)" is the terminal's
        assert room.inner_text("#next").endswith("pick a card from their hand, then pass left")


def test_the_room_keeps_the_final_board_after_end_until_the_next_game(
    table, phones, room, tmp_path
):
    table.ok("tug", "start", "--players", "Ann,Bob", "--seed", "3")
    with table.served() as base:
        bob = phones(table.seats(base)["Bob"])
        room.goto(base + "/")
        room.wait_for_selector("#scores")
        while "won" not in table.json("tug", "status")["next"]:
            table.ok("tug", "pull")
        ended = table.json("tug", "end")
        winner = ended["result"]["winner"]
        room.wait_for_selector("#final")
        scores = ended["result"]["scores"]
        loser = next(p for p in scores if p != winner)
        assert room.inner_text("#final") == (
            f"Final · {winner} wins, {scores[winner]} to {scores[loser]}"
        )
        assert pulls(room, winner) == str(scores[winner])
        assert room.locator("#last-play img").count() == 1  # BG Stats, one scan away
        body = room.inner_text("body")
        assert "companion " not in body.lower() and "hint" not in body
        screenshot(room, "seats-room-final", tmp_path)
        bob.wait_for_selector("#moves p.over")  # filed at the terminal: Bob's phone says so
        assert bob.inner_text("#moves") == (
            f"The game is filed: {winner} wins, {scores[winner]} to {scores[loser]}."
        )
        # Kept while the room waits; the next game takes its place.
        room.reload()
        room.wait_for_selector("#final")
        table.ok("coinrace", "start", "--players", "Ann,Bob", "--seed", "1")
        room.wait_for_selector("#final", state="detached")
        assert room.inner_text("#what").startswith("coinrace ")


@pytest.mark.parametrize("screen", [ROOM, {"width": 1280, "height": 720}], ids=["1080p", "720p"])
def test_a_series_game_says_which_game_and_the_score_and_fits_with_the_seats(
    browser, tmp_path, screen
):
    """Issue 41 item 4: a Series game's board names the game and the Series score; with the
    seats' codes at its start it still fits the screen, and no hooper's name is broken."""
    from tests.web.test_browser import companion, served

    db = tmp_path / "db.json"
    companion(db, "hoopers", "series", "start", "--players", "Ana=Keepers,Ben=Unleashed",
              "--home", "kee")  # fmt: skip
    companion(db, "hoopers", "series", "record", "--score", "78-75",
              "--periods", "20-18,15-22,21-17,22-18")  # fmt: skip
    companion(db, "hoopers", "series", "game", "start", "--hot", "May,Vernon,Chus",
              "--cold", "Faust,Serge")  # fmt: skip
    context = browser.new_context(viewport=screen)
    page = context.new_page()
    try:
        with served(db, "--game", "hoopers") as url:
            page.goto(url)
            page.wait_for_selector("#seats figure")
            assert page.inner_text("h1").startswith("The Series game 2 (1–0) · period 1")
            bottom = page.evaluate("document.getElementById('next').getBoundingClientRect().bottom")
            assert bottom <= screen["height"]
            # "Serge Ceptor ▼" is one unbroken run: its height is one line's.
            lines = page.evaluate(
                """() => { const cell = [...document.querySelectorAll("span.cold")]
                             .find(s => s.textContent.includes("Serge"));
                           const r = document.createRange(); const t = cell.firstChild;
                           const at = t.textContent.indexOf("Serge");
                           r.setStart(t, at); r.setEnd(t, at + "Serge\\u00a0Ceptor".length);
                           return r.getClientRects().length; }"""
            )
            assert lines == 1
    finally:
        context.close()
