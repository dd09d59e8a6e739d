"""Issue 32, item 11: a solo run with no card list never tells the player to take cards the
companion cannot check — the player lays them out and describes each one."""

from __future__ import annotations

WINNING = ["pop/3/love+piano+ballad/a", "pop/3/love+drums+sad/b", "pop/3/love+bass+death/c"]


def test_solo_play_without_a_card_list_takes_the_cards_as_the_player_describes_them(cli, scripted):
    scripted.answer("Deal one now?", "")
    scripted.answer("Who plays this solo run?", "Ana")
    scripted.answer("How many cards to lay out?", "3")
    scripted.answer("A round is won with 10 points?", "")
    scripted.expect("The catalogue lists no cards, so the companion cannot deal cards it could")
    scripted.answer("Laid-out card 1 of 3?", WINNING[0])
    scripted.answer("Laid-out card 2 of 3?", "pop/3/love")  # a card has 3 or 4 icons
    scripted.expect("3 or 4 icons")
    scripted.answer("Laid-out card 2 of 3?", WINNING[1])
    scripted.answer("Laid-out card 3 of 3?", WINNING[2])
    scripted.expect("Laid out by the table, as described")
    scripted.answer("Your playlist from the 3 cards", "1, 2")
    scripted.expect("#3 c still fits")  # checked against the cards described
    scripted.answer("Count the playlist as it is anyway?", "")
    scripted.answer("Your playlist from the 3 cards", "a, b, c")
    scripted.expect("won")
    scripted.answer("Round won: next round with 2 cards?", "")
    scripted.answer("Laid-out card 1 of 2?", WINNING[0])
    scripted.answer("Laid-out card 2 of 2?", WINNING[1])
    scripted.expect("Solo round 2: 2 cards")
    scripted.answer("Your playlist from the 2 cards", "stop")
    assert scripted.run("playlist", "solo", "play").exit_code == 0
    assert "card numbers of the box" not in scripted.text
    now = cli("playlist", "solo", "status", "--json").json
    assert (now["source"], now["count"], now["rounds"][0]["score"]) == ("table", 2, 10)
    assert [c["title"] for c in now["cards"]] == ["a", "b"]
