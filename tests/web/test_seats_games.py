"""Issue 41 items 2 and 6 for the built-in games that answer the legal-moves query: an
All-Star deck round, an OT Fantasy Draft and Playlist moves played from phones in headless
Chromium (each phone a browser context of its own, at 390×844), with the room's board and
a terminal over the same database (tests/web/test_seats_browser.py has the harness).

At every step of the All-Star round each seat's page and its `/state` carry no card of
another seat's hand, and the room's board none.
"""

from __future__ import annotations

import json
import re

import pytest

from companion.store import Store
from companion.tables import table_for
from tests.test_example_plugins import site as site  # noqa: F401 - a fixture
from tests.web.test_browser import CHROMIUM, screenshot
from tests.web.test_browser import browser as browser  # noqa: F401 - a fixture
from tests.web.test_seats_browser import Table, buttons
from tests.web.test_seats_browser import phones as phones  # noqa: F401 - a fixture
from tests.web.test_seats_browser import room as room  # noqa: F401 - a fixture
from tests.web.test_seats_browser import table as table  # noqa: F401 - a fixture
from tests.web.test_server import START, TRIBES

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(CHROMIUM is None, reason="needs Debian's chromium (.ci/run installs it)"),
]
MANAGERS = ("Ana", "Ben", "Cy", "Dee")
HOOPERS = (*START, *TRIBES)  # Lucy attacks first, seed 3


def made(page, seen: int) -> None:
    """Wait until `page` shows the game after `seen` moves (its stream brought it)."""
    page.wait_for_function(
        "n => document.getElementById('what').innerText"
        ".endsWith(' ' + n + (n === 1 ? ' move made' : ' moves made'))",
        arg=seen,
    )


def offered(page) -> list[str]:
    """Every move's button on `page`, those in a closed group too (as the page holds them)."""
    return page.eval_on_selector_all("#moves button", "all => all.map(b => b.textContent)")


def opened(page, text: str) -> None:
    """Open the group of moves (a phone offering many: who acts, then what) holding the move
    `text`, when it is in a closed one."""
    group = page.locator("#moves details:not([open])", has=page.locator("button", has_text=text))
    if group.count():
        group.first.locator("summary").click()


def tap(page, button, pages, seen: int) -> int:
    """Tap `button` on `page`: the move made, and every phone showing it; the moves now."""
    if button is None:
        page.click("#moves button")
    else:
        opened(page, button)
        page.locator("#moves button", has_text=button).first.click()
    page.wait_for_selector("#message.good")
    for other in pages.values():
        made(other, seen + 1)
    return seen + 1


def carried(text: str, cards: list[str]) -> list[str]:
    """The cards of `cards` named in `text` (whole names: Ducks-1 is not in Ducks-12)."""
    return [c for c in cards if re.search(rf"(?<![\w-]){re.escape(c)}(?![\w-])", text)]


def hand_shown(page) -> list[str]:
    """The cards the phone shows under "Only you see this": its hand (the first list)."""
    return page.locator("#own .chips").first.locator("span").all_inner_texts()


def broken_words(page) -> list[str]:
    """The words of the moves' buttons split over two lines ("Ducks-" / "9")."""
    return page.evaluate(
        """() => [...document.querySelectorAll("#moves button")].flatMap(b => {
            const broken = [], walk = document.createTreeWalker(b, NodeFilter.SHOW_TEXT);
            for (let t; (t = walk.nextNode());) {
              for (const m of t.textContent.matchAll(/\\S+/g)) {
                const r = document.createRange();
                r.setStart(t, m.index); r.setEnd(t, m.index + m[0].length);
                if (r.getClientRects().length > 1) broken.push(m[0]);
              }
            }
            return broken; })"""
    )


def overflowing(page) -> list[str]:
    """What sticks out of its panel's text column on the right (a card too wide for it)."""
    return page.evaluate(
        """() => [...document.querySelectorAll("section")].flatMap(box => {
            const edge = box.getBoundingClientRect().right
                         - parseFloat(getComputedStyle(box).paddingRight);
            return [...box.querySelectorAll("span, button, select, input")]
              .filter(e => e.getBoundingClientRect().right > edge + 0.5)
              .map(e => e.textContent); })"""
    )


def state_text(page) -> str:
    return page.evaluate("async () => await (await fetch(location.pathname + '/state')).text()")


def test_an_allstar_deck_round_from_four_phones_hands_kept_to_their_seats(
    table, phones, room, tmp_path
):
    table.ok("allstar", "arena", "add", "Harbour", "--points", "9,6,3,1")
    table.ok("allstar", "arena", "add", "Rink", "--points", "8,5,2,1")
    table.ok("allstar", "arena", "add", "Dome", "--points", "7,4,2,1")
    table.ok("allstar", "season", "start", "--players", ",".join(MANAGERS), "--deck",
             "--seed", "5")  # fmt: skip
    table.ok("allstar", "season", "arenas", "Harbour")
    first = table.json("allstar", "season", "hand", "Ana")["hand"]
    with table.served() as base:
        pages = {m: phones(url) for m, url in table.seats(base).items()}
        room.goto(base + "/")
        room.wait_for_selector("#scores")
        seen = table.json("moves")["seen"]

        def hands() -> dict[str, list[str]]:  # as 'season hand NAME' gives each, read here
            state = table_for(Store(tmp_path / "db.json"), "allstar").status().state
            return {m: [str(c) for c in state.hand(m)] for m in MANAGERS}

        def nothing_of_another_hand(now: dict[str, list[str]]) -> None:
            every = [c for h in now.values() for c in h]
            for manager, page in pages.items():
                others = [c for m, h in now.items() if m != manager for c in h]
                assert carried(page.content(), others) == [], manager
                assert carried(state_text(page), others) == [], manager
            assert carried(room.content(), every) == []

        for pick in range(6):  # six cards dealt: six picks each, the hands passed left
            now = hands()
            assert pick or now["Ana"] == first
            assert all(len(h) == 6 - pick for h in now.values())
            for manager, page in pages.items():
                # The phone shows its own hand and offers a pick of each of its cards.
                assert hand_shown(page) == now[manager]
                assert buttons(page) == [f"{manager} picks {c}" for c in now[manager]]
                nothing_of_another_hand(now)
                if pick == 1 and manager == "Ana":  # Dee's rest, passed to her
                    screenshot(page, "seats-phone-allstar-pick", tmp_path)
                seen = tap(page, None, pages, seen)
                made_by = page.inner_text("#message")
                assert made_by == f"Done: {manager} picks {now[manager][0]}"
            # Every manager picked: the hands passed left (Ana's rest to Ben, …).
            if pick < 5:
                after = hands()
                for giver, taker in zip(MANAGERS, MANAGERS[1:] + MANAGERS[:1], strict=True):
                    assert after[taker] == now[giver][1:]
                    assert hand_shown(pages[taker]) == after[taker]
        # A terminal watching sees the draft done and nobody's card.
        watched = table.json("watch", "--once")
        assert (watched["phase"], watched["draft_waiting"]) == ("teams", [])
        # Each manager builds the round's team from their Bench, on their phone.
        for manager, page in pages.items():
            # One Bus this round: nothing to ask; six teams of five, no card split in two.
            assert page.locator("#moves input").count() == 0
            assert broken_words(page) == []
            if manager == "Ana":
                screenshot(page, "seats-phone-allstar-team", tmp_path)
            label = page.locator("#moves button").first.inner_text()
            assert label.startswith(f"{manager}'s new team ")
            seen = tap(page, None, pages, seen)
        assert {m: len(t) for m, t in table.json("watch", "--once")["lineups"].items()} == {
            m: 1 for m in MANAGERS
        }
        # The round resolves from any phone (the table's own move); the room shows it.
        assert buttons(pages["Cy"]) == ["resolve round 1"]
        pages["Cy"].click("#moves button")  # it cannot be taken back: asked again
        pages["Cy"].click("#moves button.confirm")
        pages["Cy"].wait_for_selector("#message.good")
        watched = table.json("watch", "--once")
        assert watched["round"] == 2 and sum(watched["scores"].values()) == 9 + 6 + 3 + 1
        room.wait_for_function(
            "text => document.getElementById('next').innerText.includes(text)",
            arg="round 2",
        )
        for manager, page in pages.items():
            made(page, seen + 1)
            assert page.locator(".scores .row.me span").nth(1).inner_text() == str(
                watched["scores"][manager]
            )
        # Round 2 has two arenas: a team's Bus is a number the phone asks (its draft made
        # at the terminal's end of the table, in-process, to keep the test short).
        table.ok("allstar", "season", "arenas", "Rink", "Dome")
        game = table_for(Store(tmp_path / "db.json"), "allstar")
        picked = True
        while picked:
            picked = False
            for manager in MANAGERS:
                offered = game.legal(manager)
                if offered.moves and offered.moves[0].kind == "pick":
                    game.make(offered.moves[0], seen=offered.seen, by=manager)
                    picked = True
        ana = pages["Ana"]
        made(ana, len(game.current()["events"]))
        bus = ana.locator("#moves form").first.locator("input[name=bus]")
        assert (bus.get_attribute("min"), bus.get_attribute("max")) == ("1", "2")
        bus.fill("2")
        ana.locator("#moves form").first.locator("button").click()
        ana.wait_for_selector("#message.good")
        teams = table.json("watch", "--once")["lineups"]["Ana"]
        assert [t["bus"] for t in teams] == [1, 2]


def test_an_ot_draft_from_phones_the_secret_card_on_its_owners_phone_only(
    table, phones, room, tmp_path
):
    from tests.games.otdraft.helpers import full_deck_toml

    deck = tmp_path / "deck.toml"
    deck.write_text(full_deck_toml())
    players = ("Ana", "Ben", "Cy")
    table.ok("otdraft", "game", "start", "-p", ",".join(players), "--catalogue", str(deck),
             "--deck", "--seed", "4")  # fmt: skip
    db = tmp_path / "db.json"
    with table.served() as base:
        pages = {p: phones(url) for p, url in table.seats(base).items()}
        room.goto(base + "/")
        room.wait_for_selector("#scores")
        state = table_for(Store(db), "otdraft").status().state
        dealt = {p: list(state.candidates[p]) for p in players}
        # "Give each player two secret cards from the deck. Each player keeps one card and
        # discards the other. The selected card is kept secret."
        seen, secret = 1, {p: list(two) for p, two in dealt.items()}  # the discarded: public
        for player, page in pages.items():
            for shown, on in pages.items():
                others = [c for p, cards in secret.items() if p != shown for c in cards]
                assert carried(on.content(), others) == [] == carried(state_text(on), others)
            assert page.locator("#moves select option").all_inner_texts() == [
                "choose…",
                *dealt[player],
            ]
            # Nothing is chosen for the player: a tap before choosing sends nothing.
            before = db.read_bytes()
            page.click("#moves button")
            assert page.locator("#moves select:invalid").count() == 1
            assert db.read_bytes() == before and page.inner_text("#message") == ""
            page.select_option("#moves select", dealt[player][1])
            if player == "Ana":
                screenshot(page, "seats-phone-ot-secret", tmp_path)
            seen = tap(page, None, pages, seen)
            secret[player] = [dealt[player][1]]
            own = page.locator("#own dt, #own dd").all_inner_texts()
            assert own == ["secret card", dealt[player][1], "secret", "kept secret"]
        kept = {p: two[1] for p, two in dealt.items()}
        for player, page in pages.items():
            others = [c for p, c in kept.items() if p != player]
            assert carried(page.content(), others) == [] == carried(state_text(page), others)
        assert carried(room.content(), list(kept.values())) == []
        assert carried(json.dumps(table.json("watch", "--once")), list(kept.values())) == []
        # The Draftline picks, in turn: Ana, Ben, Cy.
        line = table.json("watch", "--once")["draftline"]
        takes = [b for b in buttons(pages["Ana"]) if "takes" in b]
        assert takes == [f"Ana takes {c}" for c in line]
        assert not [b for b in buttons(pages["Ben"]) if "takes" in b]
        # Ben's phone sends a pick out of turn (a forged tap through the page's own code):
        # refused with the rule's words on his phone, nothing written.
        before = db.read_bytes()
        pages["Ben"].evaluate(
            "card => send({kind: 'pick', who: 'Ben', what: {player: 'Ben', card}}, {}, 'x')",
            line[0],
        )
        pages["Ben"].wait_for_selector("#message.bad")
        assert (
            pages["Ben"]
            .inner_text("#message")
            .startswith("it is Ana's turn, not Ben's (round 1, turn 1 of 3)")
        )
        assert db.read_bytes() == before
        for turn, player in enumerate(players):
            page = pages[player]
            takes = [b for b in buttons(page) if "takes" in b]
            assert takes, player
            seen = tap(page, takes[0], pages, seen)
            if turn == 0:
                screenshot(page, "seats-phone-ot-pick", tmp_path)
        teams = table.json("watch", "--once")["teams"]
        assert [len(teams[p]) for p in players] == [1, 1, 1]
        for player, page in pages.items():
            assert carried(page.content(), [c for p, c in kept.items() if p != player]) == []


def test_playlist_claims_a_bluff_and_the_turn_from_phones(table, phones, room):
    """ "If someone else can sing or hum at least 2 lines … that player can add the song to
    their playlist": the other player's phone offers the claim and the bluff, the singer's
    the end of the turn, each as the query has it."""
    table.ok("playlist", "game", "start", "--players", "Ann,Bob", "--first", "Ann")
    table.ok("playlist", "game", "play", "Ann", "pop/1/love+piano+ballad/p1",
             "pop/2/love+dancing+feel-good/p2")  # fmt: skip
    with table.served() as base:
        seats = table.seats(base)
        ann, bob = phones(seats["Ann"]), phones(seats["Bob"])
        room.goto(base + "/")
        room.wait_for_selector("#scores")
        assert buttons(bob) == ["Bob sings Ann's song", "Bob catches Ann's bluff"]
        assert buttons(ann) == ["Ann loses the last song", "Ann ends the turn"]
        bob.get_by_role("button", name="Bob sings Ann's song").click()
        bob.wait_for_selector("#message.good")
        made(ann, 3)
        assert table.json("playlist", "game", "status")["scores"] == {"Ann": 1, "Bob": 0}
        bob.get_by_role("button", name="Bob catches Ann's bluff").click()
        bob.wait_for_selector("#message.good")
        made(ann, 4)
        assert table.json("watch", "--once")["playlists"] == {"Ann": [], "Bob": []}
        ann.get_by_role("button", name="Ann ends the turn").click()
        ann.wait_for_selector("#message.good")
        made(bob, 5)
        assert buttons(bob) == ["Bob ends the turn"] and buttons(ann) == []
        room.wait_for_function(
            "() => document.getElementById('next').innerText.includes('Bob plays (round 1)')"
        )


def test_playlist_with_the_companions_deck_a_hand_on_its_phone_and_a_song_added_from_it(
    table, phones, room, tmp_path
):
    """ "Each player takes … 2 music cards … and does not show these to the other players":
    the hand is on its owner's phone only; its songs are chosen from lists there."""
    from tests.games.playlist.test_solo_cli import write_box

    table.ok("playlist", "cards", "import", str(write_box(tmp_path / "box.csv")))
    table.ok("playlist", "game", "start", "-p", "Ana,Ben", "--first", "Ana", "--deck",
             "--seed", "4")  # fmt: skip
    game = table_for(Store(tmp_path / "db.json"), "playlist")

    def hands() -> dict[str, list[str]]:
        state = game.status().state
        return {p: [c.name() for c in state.deck.hands[p]] for p in ("Ana", "Ben")}

    with table.served() as base:
        seats = table.seats(base)
        pages = {p: phones(url) for p, url in seats.items()}
        room.goto(base + "/")
        room.wait_for_selector("#scores")
        now = hands()
        for player, page in pages.items():
            assert hand_shown(page) == now[player]
            other = now["Ben" if player == "Ana" else "Ana"]
            assert carried(page.content(), other) == [] == carried(state_text(page), other)
        assert carried(room.content(), now["Ana"] + now["Ben"]) == []
        ana = pages["Ana"]
        for taken in range(2):  # two cards from the open Download List
            ana.locator("#moves button", has_text="Ana downloads").first.click()
            ana.wait_for_selector("#message.good")
            made(pages["Ben"], 2 + taken)
        play = next(m for m in game.legal("Ana").moves if m.kind == "play")
        chosen = play.samples()  # two songs of her hand that link
        form = ana.locator("#moves form", has_text="Ana adds a song")
        assert form.locator("select").count() == 2
        assert (
            form.locator("select").first.locator("option").all_inner_texts()[1:] == (hands()["Ana"])
        )
        form.locator("select[name=card]").select_option(chosen["card"])
        form.locator("select[name=next]").select_option(chosen["next"])
        assert overflowing(ana) == []
        screenshot(ana, "seats-phone-playlist-hand", tmp_path)
        form.locator("button").click()
        ana.wait_for_selector("#message.good")
        assert ana.inner_text("#message") == "Done: Ana adds a song"
        played = table.json("watch", "--once")["playlists"]["Ana"]
        assert len(played) == 2
        made(pages["Ben"], 4)
        assert chosen["card"] not in hand_shown(ana) and chosen["next"] not in hand_shown(ana)


def test_a_hoopers_turn_from_two_phones_the_counter_on_the_defenders_phone_only(
    table,
    phones,
    room,
    site,
    tmp_path,  # noqa: F811 - a fixture
):
    """A tracked Valley Hoopers turn: Lucy attacks (a dribble, then a shot), Karl's phone
    counters the dribble (a steal is the defender's: Lucy's phone never offers one), the
    cards' numbers typed in number fields, the dice the match's seed's; the turn token moves
    and the room's board and a terminal follow. Karl's move sent from Lucy's phone: 403."""
    table.ok(*HOOPERS)
    db = tmp_path / "db.json"
    with table.served() as base:
        seats = table.seats(base)
        pages = {p: phones(seats[p]) for p in ("Lucy", "Karl")}
        lucy, karl = pages["Lucy"], pages["Karl"]
        room.goto(base + "/")
        room.wait_for_selector("#scores")
        seen = table.json("moves")["seen"]
        assert not [b for b in offered(lucy) if "steals" in b or "blocks" in b]
        # A play first, the turn token last: a thumb's slip does not end the turn.
        assert offered(lucy)[0] == "Dime N'Shons dribbles"
        assert offered(lucy)[-1] == offered(karl)[-1] == "the turn token moves"
        assert not [b for b in offered(karl) if "dribbles" in b or "shoots" in b]
        seen = tap(lucy, "Joy Kill dribbles", pages, seen)
        # The steal is offered to the defender only, against the dribble just made.
        steals = [b for b in offered(karl) if "steals" in b]
        assert steals and all(b.endswith(" steals Joy Kill's dribble") for b in steals)
        assert not [b for b in offered(lucy) if "steals" in b]
        opened(karl, "Edd Trapp steals Joy Kill's dribble")
        steal = karl.locator("#moves form", has_text="Edd Trapp steals Joy Kill's dribble")
        for name, number in (("o", "40"), ("v", "45")):
            field = steal.locator(f"input[name={name}]")
            assert field.get_attribute("type") == "number"
            assert (field.get_attribute("min"), field.get_attribute("max")) == ("0", "100")
            field.fill(number)
        steal.locator("button").click()
        karl.wait_for_selector("#message.good")
        assert karl.inner_text("#message") == "Done: Edd Trapp steals Joy Kill's dribble"
        seen += 1
        made(lucy, seen)
        # The steal failed (rolled 45 against O 40): Lucy's attack goes on, to the shot.
        opened(lucy, "Joy Kill shoots a 2PS")
        shot = lucy.locator("#moves form", has_text="Joy Kill shoots a 2PS")
        stat = shot.locator("input[name=stat]")
        assert stat.get_attribute("type") == "number"
        assert shot.locator("label").inner_text() == "Joy Kill's 2PS"
        stat.fill("85")
        shot.evaluate("form => form.scrollIntoView({block: 'center'})")
        screenshot(lucy, "seats-phone-hoopers-shot", tmp_path)
        shot.locator("button").click()
        lucy.wait_for_selector("#message.good")
        seen += 1
        made(karl, seen)
        watched = table.json("watch", "--once")
        assert watched["score"] == {"Lucy": 2, "Karl": 0}  # 85 + 15 = 100 → rolled 95: in
        room.wait_for_function(
            "() => document.querySelector('#scores .side[data-player=\"Lucy\"] .points')"
            ".innerText.trim() === '2'"
        )
        # The same moves typed at a terminal over the same seed roll the same dice.
        (tmp_path / "typed").mkdir()
        again = Table(site, tmp_path / "typed" / "db.json")
        again.ok(*HOOPERS)
        again.ok("hoopers", "match", "fundamental", "Lucy", "dribble", "--hooper", "Joy Kill")
        again.ok("hoopers", "match", "counter", "Karl", "steal", "--hooper", "Edd Trapp",
                 "--against", "Joy Kill", "--o", "40", "--v", "45")  # fmt: skip
        again.ok("hoopers", "match", "shot", "Lucy", "2ps", "--hooper", "Joy Kill", "--stat", "85")
        assert again.json("watch", "--once")["score"] == watched["score"]
        # A move of Karl's sent from Lucy's phone (through its own page code): refused.
        before = db.read_bytes()
        lucy.evaluate(
            "() => send({kind: 'counter', who: 'Karl', what: {team: 'Karl', kind: 'steal',"
            " hooper: 'Edd Trapp', against: 'Joy Kill'}}, {o: 40, v: 45}, 'x')"
        )
        lucy.wait_for_selector("#message.bad")
        assert lucy.inner_text("#message") == "that move is Karl's to make, not Lucy's"
        assert db.read_bytes() == before
        # The turn token moves (the table's own move, from either phone): Karl attacks.
        seen = tap(karl, "the turn token moves", pages, seen)
        watched = table.json("watch", "--once")
        assert (watched["attacking"], watched["turn"]) == ("Karl", 2)
        assert [b for b in offered(karl) if b.endswith(" dribbles")]
        assert not [b for b in offered(lucy) if b.endswith(" dribbles")]
