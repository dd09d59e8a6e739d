"""Issue 22, item 27 in guided play: a secret card revealed at the round's end, before the
discard ("you may choose to reveal it anytime to take advantage of its ability")."""

from __future__ import annotations

from companion.testing.scripted import DOWN
from tests.games.otdraft.test_secret_leftover import started


def test_guided_play_offers_the_reveal_before_the_discard(cli, scripted, tmp_path):
    started(cli, tmp_path)
    scripted.answer("Round 1, turn 1 of 2: Ana drafts?", "C02")
    scripted.answer("Round 1, turn 2 of 2: Ben drafts?", "C03")
    # A reveal shows a secret card: typing never picks it (`Ana` is refused), ↓ and a yes do.
    scripted.answer("Round 1 is over: start round 2?", "Ana")
    scripted.expect("typing never takes 'Ana reveals'")
    scripted.send(DOWN + "\r")
    scripted.answer("Ana reveals the secret card to the table: sure?", "y")
    scripted.expect("Ana reveals C01")
    scripted.answer("Ana takes a leftover card?", "C04")
    scripted.answer("Round 1 is over: start round 2?", "next")
    scripted.answer("Round 2, turn 1 of 2: Ben drafts?", "stop")
    assert scripted.run("otdraft", "play").exit_code == 0
    assert cli("otdraft", "game", "status", "--json").json["leftovers"]["Ana"] == ["C04"]
