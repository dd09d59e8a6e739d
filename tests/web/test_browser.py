"""The scoreboard in a real browser: headless Chromium driven by Playwright.

Needs Debian's chromium (`.ci/run` installs it when missing). Screenshots of
each scoreboard go to a temporary folder, or into docs/images when
COMPANION_SCREENSHOTS=1 (how the pictures in docs/watch.md are made).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(CHROMIUM is None, reason="needs Debian's chromium (.ci/run installs it)"),
]
DOCS_IMAGES = Path(__file__).resolve().parents[2] / "docs" / "images"
ROOM = {"width": 1920, "height": 1080}
FLAGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def companion(db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [sys.executable, "-m", "companion", "--db", str(db), *args],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done


@contextmanager
def served(db: Path, *extra: str) -> Iterator[str]:
    """`companion watch --web` in its own process; yields the URL it printed."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "--db", str(db), "watch", "--web",
         "--port", str(port), *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    try:
        line = process.stdout.readline()
        assert line.startswith("Scoreboard at "), line + process.stderr.read()
        yield line.split("Scoreboard at ", 1)[1].strip()
    finally:
        process.terminate()
        process.wait(timeout=30)


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport=ROOM)  # a television's screen
    yield context.new_page()
    context.close()


def screenshot(page, name: str, tmp_path: Path) -> None:
    folder = DOCS_IMAGES if os.environ.get("COMPANION_SCREENSHOTS") else tmp_path
    folder.mkdir(exist_ok=True)
    page.screenshot(path=str(folder / f"watch-{name}.png"))


def score_of(page, player: str) -> str:
    return page.locator(f'#scores .side[data-player="{player}"] .points').inner_text()


def test_a_recorded_score_appears_on_the_page(page, tmp_path):
    db = tmp_path / "db.json"
    companion(db, "hoopers", "match", "start", "--home", "Lucy", "--away", "Karl",
              "--home-tribe", "unleashed", "--away-tribe", "keepers", "--first", "Lucy",
              "--seed", "3")  # fmt: skip
    with served(db) as url:
        page.goto(url)
        page.wait_for_selector("#scores")
        assert score_of(page, "Karl") == "0"
        companion(db, "hoopers", "match", "score", "Karl", "3", "--hooper", "Edd")
        recorded = time.monotonic()
        while score_of(page, "Karl") != "3":  # how soon: tests/benchmarks/ measures it
            assert time.monotonic() - recorded < 30.0, "the page did not update"
            time.sleep(0.02)


def for_the_room(page) -> None:
    """What every board owes a room: no commands, the whole screen, type read from 3 m."""
    text = page.inner_text("body")
    assert "companion " not in text.lower(), text
    fill = page.evaluate(
        """() => ({bottom: document.getElementById("next").getBoundingClientRect().bottom,
                   scroll: document.documentElement.scrollHeight,
                   scores: document.getElementById("scores").getBoundingClientRect().height,
                   height: innerHeight})"""
    )
    assert fill["bottom"] >= 0.9 * fill["height"], fill  # no empty bottom half
    assert fill["scroll"] <= fill["height"] + 1, fill  # and nothing below the screen
    assert fill["scores"] >= 0.25 * fill["height"], fill  # the scores are the big thing
    sizes = page.evaluate(
        """() => [...document.querySelectorAll("#next, td, #plays li")]
                   .map(e => parseFloat(getComputedStyle(e).fontSize))"""
    )
    # today's table text was 22 px at 1080p; a smaller screen scales it down in step
    assert min(sizes) >= 32 * fill["height"] / 1080, sizes


def wait_for_text(page, text: str, within: float = 30.0) -> None:
    deadline = time.monotonic() + within
    while text not in page.inner_text("body"):
        assert time.monotonic() < deadline, f"{text!r} not on the page"
        time.sleep(0.05)


def plays_of(page) -> list[str]:
    return [line.strip() for line in page.inner_text("#plays").splitlines() if line.strip()]


def test_the_hoopers_board_shows_the_last_plays(page, tmp_path):
    db = tmp_path / "db.json"
    companion(db, "hoopers", "match", "start", "--home", "Lucy", "--away", "Karl",
              "--home-tribe", "unleashed", "--away-tribe", "keepers", "--first", "Lucy",
              "--seed", "3")  # fmt: skip
    with served(db) as url:
        page.goto(url)
        page.wait_for_selector("#scores")
        companion(db, "hoopers", "match", "shot", "Lucy", "3ps", "--hooper", "Muy",
                  "--stat", "60", "--roll", "80")  # fmt: skip
        wait_for_text(page, "Muy Schillato 3PS — missed")
        companion(db, "hoopers", "match", "turn")
        companion(db, "hoopers", "match", "shot", "Karl", "2ps", "--hooper", "Edd",
                  "--stat", "60", "--roll", "10")  # fmt: skip
        companion(db, "hoopers", "match", "turn")
        companion(db, "hoopers", "match", "shot", "Lucy", "3ps", "--hooper", "Muy",
                  "--stat", "60", "--defender", "Edd", "--defense", "20",
                  "--face", "whistle", "--roll", "75")  # fmt: skip
        # Free throws owed: the status says which command records them; the room reads who
        # shoots.
        wait_for_text(page, "fouled by Edd Trapp")
        assert page.inner_text("#next") == "Next: Muy Schillato (Lucy) shoots 3 free throws"
        for_the_room(page)
        companion(db, "hoopers", "match", "free-throw", "Lucy", "--stat", "60",
                  "--roll", "10", "--roll", "15", "--roll", "100")  # fmt: skip
        wait_for_text(page, "2 of 3 made")
        assert plays_of(page) == [
            "Lucy Muy Schillato free throws — 2 of 3 made",  # the latest on top
            "Lucy Muy Schillato 3PS — missed, fouled by Edd Trapp",
            "Karl Edd Trapp 2PS — 2 points",
            "Lucy Muy Schillato 3PS — missed",
        ]
        assert score_of(page, "Lucy") == "2" and score_of(page, "Karl") == "2"
        for_the_room(page)
        screenshot(page, "hoopers", tmp_path)


def test_a_hostile_name_is_shown_as_text(page, tmp_path):
    db = tmp_path / "db.json"
    hostile = "<img src=x onerror=window.pwned=1><script>window.pwned=2</script>"
    companion(db, "hoopers", "match", "start", "--home", hostile, "--away", "Karl",
              "--home-tribe", "unleashed", "--away-tribe", "keepers",
              "--first", "Karl")  # fmt: skip
    with served(db) as url:
        page.goto(url)
        page.wait_for_selector("#scores")
        assert hostile in page.inner_text("#scores")
        assert page.evaluate("window.pwned") is None
        assert page.locator("#scores img").count() == 0


def test_lan_without_the_token_is_refused(page, tmp_path):
    db = tmp_path / "db.json"
    with served(db, "--lan") as url:
        port = url.split(":")[2].split("/")[0]
        bare = page.goto(f"http://127.0.0.1:{port}/")
        assert bare.status == 403
        tokened = page.goto(f"http://127.0.0.1:{port}/?{url.split('?', 1)[1]}")
        assert tokened.status == 200
        page.wait_for_selector("#waiting")
        assert "no live match" in page.inner_text("#waiting")


# --- every game's scoreboard -------------------------------------------------------

ALLSTAR = [
    ("allstar", "arena", "add", "Glacier Gardens", "--points", "13,10,7,5"),
    ("allstar", "season", "start", "--players", "Manue,Benoit,Carine,Denis", "--seed", "4"),
    ("allstar", "season", "arenas", "glacier"),
    ("allstar", "season", "team", "Manue", "1", "duc-1,duc-2,duc-3,duc-4,duc-5"),
    ("allstar", "season", "team", "Benoit", "1",
     "bea-3-puck,bea-4-goal,tig-3-helmet,sha-3-skate,eag-5"),
    ("allstar", "season", "team", "Carine", "1", "pan-3-puck,car-3-goal,rab-3-helmet,eag-1,car-2"),
    ("allstar", "season", "team", "Denis", "1", "sha-5,car-6,pan-7,rab-8,tig-9"),
    ("allstar", "season", "resolve"),
]  # fmt: skip
PLAYLIST = [
    ("playlist", "game", "start", "--players", "Ana,Ben", "--first", "Ana", "--seed", "1"),
    ("playlist", "game", "play", "Ana", "pop/3/love+dancing+piano", "rock/2/piano+drums+sad"),
]
OTDRAFT = [
    ("otdraft", "cards", "import", "--example"),
    ("otdraft", "game", "start", "--players", "Ana,Ben", "--seed", "2"),
    ("otdraft", "game", "pick", "Ana", "Saul"),
    ("otdraft", "game", "pick", "Ben", "Music"),
    ("otdraft", "game", "pick", "Ben", "Jonah"),
]
SERIES = [
    ("hoopers", "series", "start", "--tribes", "Keepers,Unleashed", "--home", "Keepers",
     "--seed", "1"),
    ("hoopers", "series", "record", "--score", "78-75", "--periods", "20-18,15-22,21-17,22-18"),
]  # fmt: skip
GAMES = {
    # name: (commands, --game, what the room must read on the page)
    "allstar": (ALLSTAR, "allstar", ["Fan Zone", "round 2", "Manue", "13"]),
    "playlist": (PLAYLIST, "playlist", ["All Stars Playlist", "to play", "pop 3", "rock 2"]),
    "otdraft": (OTDRAFT, "otdraft", ["OT Fantasy Draft", "round 2", "Saul", "Jonah"]),
    "series": (
        SERIES,
        "series",
        [
            "The Series",
            "best of 7",
            "78",
            "Strength markers given: 1",
            "Next: game 2, Keepers at home",
            "odds: Keepers 21/32 · Unleashed 11/32",
        ],
    ),
}


@pytest.mark.parametrize("name", list(GAMES))
def test_each_game_has_its_scoreboard_in_the_browser(page, tmp_path, name):
    commands, game, words = GAMES[name]
    db = tmp_path / "db.json"
    for argv in commands:
        companion(db, *argv)
    expected = companion(db, "watch", "--once", "--json", "--game", game)
    import json

    scores = json.loads(expected.stdout)["scores"]
    with served(db, "--game", game) as url:
        page.goto(url)
        page.wait_for_selector("#scores")
        text = page.inner_text("#board")
        for word in words:
            assert word in text, (word, text)
        for player, score in scores.items():
            shown = score_of(page, player)
            assert shown == ("–" if score is None else str(score)), (player, shown)
        for_the_room(page)
        screenshot(page, name, tmp_path)


def command_sentences() -> list[str]:
    """What the tables' `next` says in states that name a command, from their own code."""
    from types import SimpleNamespace as S

    from companion.games.hoopers import table as hoopers
    from companion.games.otdraft import table as otdraft
    from companion.games.playlist import table as playlist

    solo_start = S(last=S(scored=False, deal=S(count=7)))
    solo_lost = S(last=S(scored=True, wins=False, deal=S(count=7)))
    draft = S(players=["Ana", "Ben"], secrets={}, round=2, free=False, current="Ana", totals={})
    typing = vars(draft) | {"secrets": {"Ana": "x", "Ben": "y"}, "totals": {"Ana": 30}}
    picking = S(step=S(team="Lucy", kind="hooper"), picks=[], steps=[None] * 36)  # a Draft match
    return [
        hoopers._next(S(draft=None, over=True)),
        hoopers._next(
            S(draft=None, over=False, owed={"hooper": "Muy", "team": "Lucy", "count": 2})
        ),
        playlist.game_next(S(round_over=True)),
        playlist.solo_next(solo_start),
        playlist.solo_next(solo_lost),
        otdraft._next(S(**vars(draft), phase="secrets"), "live", {}),
        otdraft._next(S(**vars(draft), phase="leftovers"), "live", {}),
        otdraft._next(S(**vars(draft), phase="reveal"), "live", {}),
        otdraft._next(S(**typing, phase="reveal"), "live", {}),
        hoopers._next(S(draft=picking)),
    ]


def test_no_board_sentence_keeps_a_command(page, tmp_path):
    db = tmp_path / "db.json"
    sentences = command_sentences()
    assert all("'companion " in s for s in sentences)  # each one would show a command
    with served(db) as url:
        page.goto(url)
        page.wait_for_selector("#waiting")
        plain = page.evaluate("(all) => all.map(plain)", sentences)
    for sentence, shown in zip(sentences, plain, strict=True):
        assert shown and "companion" not in shown, (sentence, shown)
        assert shown == sentence[: len(shown)].rstrip() or "(" in sentence, (sentence, shown)
    assert plain[0] == "the match is over"
    assert plain[1] == "Muy (Lucy) shoots 2 free throw(s)"
    assert plain[-2] == "Ben to type the team's total; the draft is filed when the last is in"
    assert plain[-1] == "Lucy chooses a hooper (pick 1 of 36)"


def test_the_series_board_says_who_took_each_strength_marker(page, tmp_path):
    """Game 1 (won by 5) gave the Strength marker to nobody, game 2 (by 8) to the winner:
    the board names game 2's taker only; each card names the person and their tribe; each
    game shows its date."""
    from datetime import date

    db = tmp_path / "db.json"
    companion(db, "hoopers", "series", "start", "--players", "Ana=Keepers,Ben=Unleashed",
              "--home", "Keepers")  # fmt: skip
    companion(db, "hoopers", "series", "record", "--score", "80-75", "--when", "2026-11-27")
    companion(db, "hoopers", "series", "record", "--score", "78-70")
    with served(db, "--game", "series") as url:
        page.goto(url)
        page.wait_for_selector("#scores")
        text = page.inner_text("#board")
        assert "Strength markers given: 1 (game 2 Keepers)" in text, text
        # Issue 43 item 11: each game's date (the first played on another evening).
        dates = page.evaluate(
            "() => [...document.querySelectorAll('#board table tr')].filter("
            "r => r.querySelector('td')).map(r => r.children[1].textContent)"
        )
        assert dates[0] == "2026-11-27" and dates[1] == date.today().isoformat(), dates
        assert "(, " not in text
        assert score_of(page, "Ana") == "2" and score_of(page, "Ben") == "0"
        card = page.locator('#scores .side[data-player="Ana"] .name').inner_text()
        assert card == "Ana · Keepers · games won", card


@pytest.mark.parametrize("screen", [ROOM, {"width": 1280, "height": 720}])
def test_the_series_board_shows_its_odds_on_one_screen(browser, tmp_path, screen):
    """The odds line of `series status`, short (each side's exact chance, or a percentage
    from ratings), on a board that still fits a 1080p or a 720p television."""
    db = tmp_path / "db.json"
    for argv in SERIES:
        companion(db, *argv)
    context = browser.new_context(viewport=screen)
    page = context.new_page()
    try:
        with served(db, "--game", "series") as url:
            page.goto(url)
            page.wait_for_selector("#odds")
            assert page.inner_text("#odds") == "odds: Keepers 21/32 · Unleashed 11/32"
            assert page.locator("#odds").is_visible()
            for_the_room(page)
            sides = [("Keepers", 0.6163), ("Unleashed", 0.3837)]
            rated = {"sides": [{"tribe": t, "chance": c, "exact": None} for t, c in sides]}
            shown = page.evaluate(
                """(odds) => el("div", {}, games.series({schedule: [], wins: {}, odds}).parts)
                              .querySelector("#odds").textContent""",
                rated,
            )
            assert shown == "odds: Keepers 62% · Unleashed 38%"
    finally:
        context.close()


def test_a_game_just_ended_shows_its_bg_stats_qr_code_on_the_board(page, tmp_path):
    """The television shows a game live; when it ends, the board shows the QR code of its
    BG Stats link (the server's `last_play`) on the screen, for a phone to scan."""
    db = tmp_path / "db.json"
    companion(db, "playlist", "game", "start", "--players", "Ana,Ben", "--seed", "1")
    with served(db, "--game", "playlist") as url:
        page.goto(url)
        page.wait_for_selector("#scores")
        assert page.locator("#last-play").count() == 0  # nothing to scan while it is played
        companion(db, "playlist", "game", "end", "--now")
        qr = page.locator('#last-play img[alt="QR code of the BG Stats link"]')
        qr.wait_for(state="visible", timeout=5000)
        ended = companion(db, "history", "list", "--json")
        import json

        match_id = json.loads(ended.stdout)["matches"][0]["id"]
        heading = page.inner_text("#last-play h2")
        assert heading.lower() == f"scan to add playlist {match_id} to bg stats", heading
        box = qr.bounding_box()
        assert box["width"] >= 0.4 * ROOM["height"], box  # big enough to scan from a step away
        assert box["y"] + box["height"] <= ROOM["height"], box  # and on the screen
        # Dark modules inside a white border: what a phone's reader needs on a dark board.
        corner = page.evaluate(
            """() => { const img = document.querySelector('#last-play img');
                       const c = document.createElement('canvas');
                       c.width = img.naturalWidth; c.height = img.naturalHeight;
                       const g = c.getContext('2d'); g.drawImage(img, 0, 0);
                       return [...g.getImageData(2, 2, 1, 1).data]; }"""
        )
        assert corner == [255, 255, 255, 255], corner
        state = page.evaluate("() => fetch('/api/state' + q).then(r => r.json())")
        assert qr.get_attribute("src") == state["last_play"]["qr"]  # the link's own code
        screenshot(page, "last-play", tmp_path)


def test_the_match_board_names_an_overtime_ot1(page, tmp_path):
    """A Fast Play match level after its two periods goes to overtime: "OT1", not "P3"."""
    db = tmp_path / "db.json"
    companion(db, "hoopers", "match", "start", "--home", "Lucy", "--away", "Karl",
              "--home-tribe", "keepers", "--away-tribe", "unleashed", "--first", "Lucy",
              "--variant", "fast", "--seed", "3")  # fmt: skip
    from companion.games.hoopers.rules.match import play
    from companion.store import Store

    store = Store(db)
    match = store.live_match("hoopers")
    periods = match["options"].get("periods") or 2

    def change(match):
        log, new = list(match["events"]), []
        for _ in range(periods):
            for kind, data in [("turn", {"again": False})] * 16:
                event = play({**match, "events": log}, kind, data).event
                log.append(event)
                new.append(event)
        return new

    store.update_live("hoopers", change)
    status = companion(db, "hoopers", "match", "status")
    assert "OT1: 0–0 ◀" in status.stdout, status.stdout
    with served(db, "--game", "hoopers") as url:
        page.goto(url)
        page.wait_for_selector("#scores")
        assert "Valley Hoopers · OT1" in page.inner_text("#board")


def test_the_page_comes_back_after_its_stream_ends_or_is_refused(page, tmp_path, monkeypatch):
    """Streams end after guard.STREAM_S and the browser reopens them; a stream refused
    (a full room, or this computer over its share) leaves the EventSource closed for good,
    and the page opens a new one itself. The server runs in this process, with short times."""
    from companion.store import Store
    from companion.ui.web import guard
    from companion.ui.web.server import Board, serve, stop

    monkeypatch.setattr(guard, "STREAM_S", 1.0)
    monkeypatch.setattr(guard, "RETRY_MS", 200)
    monkeypatch.setattr(guard, "HEADER_S", 0.5)  # idle keep-alive connections close soon
    db = tmp_path / "db.json"
    companion(db, "hoopers", "match", "start", "--home", "Lucy", "--away", "Karl",
              "--home-tribe", "unleashed", "--away-tribe", "keepers", "--first", "Lucy",
              "--seed", "3")  # fmt: skip
    board = Board(Store(db), None)
    server = serve(board, "127.0.0.1", 0)
    streams: list[int] = []
    page.on("response", lambda r: "/api/events" in r.url and streams.append(r.status))

    def until(condition, within: float, what: str) -> None:
        deadline = time.monotonic() + within
        while not condition():
            assert time.monotonic() < deadline, what
            page.wait_for_timeout(50)

    try:
        page.goto(f"http://127.0.0.1:{server.server_address[1]}/")
        page.wait_for_selector("#scores")
        until(lambda: streams.count(200) >= 3, 30.0, f"streams not reopened: {streams}")
        server.streams.share = 0  # this computer is refused a stream
        until(lambda: 429 in streams, 30.0, f"no stream refused: {streams}")
        page.wait_for_timeout(1500)  # the page polls its state once and tries again later
        server.streams.share = guard.MAX_PER_ADDRESS
        companion(db, "hoopers", "match", "score", "Karl", "3", "--hooper", "Edd")
        until(lambda: score_of(page, "Karl") == "3", 30.0, f"the page gave up: {streams}")
    finally:
        stop(board, server)


# --- no word split across lines ------------------------------------------------------

SPLIT_WORDS = """() => {
  // Every word of every text node on the page, measured: its boxes sit on one line.
  const split = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    if (node.parentElement.closest("script, style")) continue;
    for (const word of node.textContent.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const tops = new Set([...range.getClientRects()].filter(r => r.width > 0)
                            .map(r => Math.round(r.top)));
      if (tops.size > 1) split.push(word[0]);
    }
  }
  return split;
}"""
LONG = "Maximilianabartholomewsmythejr"  # 30 letters, one word
HOOPERS = [
    ("hoopers", "match", "start", "--home", "Lucy", "--away", "Karl",
     "--home-tribe", "unleashed", "--away-tribe", "keepers", "--first", "Lucy", "--seed", "3"),
    ("hoopers", "match", "shot", "Lucy", "3ps", "--hooper", "Muy", "--stat", "60",
     "--roll", "80"),
    ("hoopers", "match", "turn"),
    ("hoopers", "match", "shot", "Karl", "2ps", "--hooper", "Edd", "--stat", "60",
     "--roll", "10"),
]  # fmt: skip
LONG_SERIES = [
    ("hoopers", "series", "start", "--players", f"{LONG}=Keepers,Ben=Unleashed",
     "--home", "Keepers", "--seed", "1"),
    SERIES[1],
]  # fmt: skip


def with_long_name(commands, short: str) -> list[tuple[str, ...]]:
    """The same evening with one player named by a 30-letter word."""
    return [tuple(a.replace(short, LONG) for a in argv) for argv in commands]


BOARDS = {
    "allstar": (ALLSTAR, "allstar"),
    "playlist": (PLAYLIST, "playlist"),
    "otdraft": (OTDRAFT, "otdraft"),
    "series": (SERIES, "series"),
    "hoopers": (HOOPERS, "hoopers"),
    "allstar-long": (with_long_name(ALLSTAR, "Benoit"), "allstar"),
    "playlist-long": (with_long_name(PLAYLIST, "Ana"), "playlist"),
    "otdraft-long": (with_long_name(OTDRAFT, "Ana"), "otdraft"),
    "series-long": (LONG_SERIES, "series"),
    "hoopers-long": (with_long_name(HOOPERS, "Lucy"), "hoopers"),
}


@pytest.mark.parametrize("screen", [ROOM, {"width": 1280, "height": 720}], ids=["1080p", "720p"])
@pytest.mark.parametrize("name", list(BOARDS))
def test_no_board_splits_a_word_across_lines(browser, tmp_path, name, screen):
    """ "tea m", "fou ls", "A na" were read on a 720p television: text wraps at spaces only,
    and a name too long for its box is cut short, never broken in two."""
    commands, game = BOARDS[name]
    db = tmp_path / "db.json"
    for argv in commands:
        companion(db, *argv)
    context = browser.new_context(viewport=screen)
    page = context.new_page()
    try:
        with served(db, "--game", game) as url:
            page.goto(url)
            page.wait_for_selector("#scores")
            assert page.evaluate(SPLIT_WORDS) == []
            if name.endswith("-long"):
                assert LONG in page.inner_text("#scores")  # cut on screen, whole in the page
            for_the_room(page)
            screenshot(page, f"words-{name}-{screen['height']}", tmp_path)
    finally:
        context.close()


def test_the_allstar_board_shows_the_arena_ranking_just_resolved_and_the_tickets(page, tmp_path):
    """Beside the totals, the round just resolved: each arena's places and Supporters and the
    round's gain, the best first; with three managers, each one's Play-Off tickets."""
    db = tmp_path / "db.json"
    companion(db, "allstar", "arena", "add", "Glacier Gardens", "--points", "13,10,7")
    companion(db, "allstar", "season", "start", "--players", "Manue,Benoit,Carine",
              "--seed", "4")  # fmt: skip
    companion(db, "allstar", "season", "arenas", "glacier")
    companion(db, "allstar", "season", "team", "Manue", "1", "duc-1,duc-2,duc-3,duc-4,duc-5")
    companion(db, "allstar", "season", "team", "Benoit", "1", "sha-5,car-6,pan-7,rab-8,tig-9")
    companion(db, "allstar", "season", "team", "Carine", "1",
              "pan-3-puck,car-3-goal,rab-3-helmet,sha-1,car-2")  # fmt: skip
    import json

    status = json.loads(companion(db, "allstar", "season", "status", "--json").stdout)
    assert status["last_round"] is None
    companion(db, "allstar", "season", "resolve")
    status = json.loads(companion(db, "allstar", "season", "status", "--json").stdout)
    ranking = {p["manager"]: p for p in status["last_round"]["rankings"][0]["ranking"]}
    with served(db, "--game", "allstar") as url:
        page.goto(url)
        page.wait_for_selector("#ranking")
        rows = page.evaluate(
            """() => [...document.querySelectorAll("#ranking tr")]
                       .map(tr => [...tr.children].map(c => c.innerText))"""
        )
        assert rows[0] == ["manager", "Glacier Gardens", "round 1", "Play-Off tickets"], rows
        order = sorted(ranking, key=lambda m: ranking[m]["rank"])
        assert [r[0] for r in rows[1:]] == order, rows
        for manager, place, gained, tickets in rows[1:]:
            rank = ranking[manager]["rank"]
            ordinal = {1: "1st", 2: "2nd", 3: "3rd"}[rank]
            assert place == f"{ordinal} · {ranking[manager]['points']}", rows
            assert gained == f"+{status['last_round']['gained'][manager]}", rows
            assert tickets == str(status["tickets"][manager]) and int(tickets) > 0, rows
        assert "round 1 ranking" in page.inner_text("#board").lower()
        assert page.evaluate(SPLIT_WORDS) == []
        for_the_room(page)
        screenshot(page, "allstar-ranking", tmp_path)


def test_a_round_of_three_arenas_fits_a_720p_board(browser, tmp_path):
    """Round 3 lays out three arenas: their places, the gain and the tickets stay one table
    on one screen, long arena and manager names included, with no word split."""
    db = tmp_path / "db.json"
    for argv in with_long_name(ALLSTAR, "Benoit"):
        companion(db, *argv)
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    try:
        with served(db, "--game", "allstar") as url:
            page.goto(url)
            page.wait_for_selector("#ranking")
            page.evaluate(
                """() => fetch('/api/state' + q).then(r => r.json()).then(s => {
                     const one = s.last_round.rankings[0];
                     s.last_round.round = 3; s.round = 3; s.phase = "playoffs";
                     s.last_round.rankings = ["Glacier Gardens", "Northern Lights Coliseum",
                       "Maple Leaf Memorial Arena"].map(name => ({...one,
                       arena: {...one.arena, name}}));
                     s.tickets = Object.fromEntries(s.managers.map(m => [m, 1]));
                     draw(200, s); })"""
            )
            rows = page.locator("#ranking tr")
            assert rows.count() == 5
            assert "Maple Leaf Memorial Arena" in rows.nth(0).inner_text()
            assert "Play-Off tickets" in rows.nth(0).inner_text()
            assert page.evaluate(SPLIT_WORDS) == []
            for_the_room(page)
            screenshot(page, "allstar-three-arenas", tmp_path)
    finally:
        context.close()
