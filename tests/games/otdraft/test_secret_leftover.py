"""Issue 22, item 27: a secret card's leftover ability, revealed at the round's end.

"You may take a leftover card... - At the end of the round, before the cards are discarded,
this player may choose to take one of the cards leftover" and "Before game's end can I reveal
my Secret Card? Yes, ... you may choose to reveal it anytime to take advantage of its ability".
"""

from __future__ import annotations

from companion.games.otdraft.rules.catalogue import catalogue_to_toml
from tests.conftest import assert_user_error
from tests.games.otdraft.helpers import full_deck


def started(cli, tmp_path, secret="C01", extra=("--no-deck",)):
    path = tmp_path / "leftover.toml"
    path.write_text(catalogue_to_toml(full_deck(leftover_card=True)))  # C01 takes a leftover
    out = cli("otdraft", "game", "start", "-p", "Ana,Ben", "--catalogue", str(path), *extra)
    assert out.exit_code == 0, out.stderr
    assert cli("otdraft", "game", "secret", "Ana", secret).exit_code == 0
    assert cli("otdraft", "game", "secret", "Ben", "C54").exit_code == 0


def test_a_secret_leftover_card_keeps_the_window_open_until_turn(cli, tmp_path):
    started(cli, tmp_path)
    cli("otdraft", "game", "pick", "Ana", "C02")
    ended = cli("otdraft", "game", "pick", "Ben", "C03", "--json").json
    # Nobody's team can take a leftover, but Ana may still reveal C01 before the discard.
    assert (ended["round"], ended["phase"]) == (1, "leftovers")
    assert_user_error(
        cli("otdraft", "game", "leftover", "Ana", "C04"),
        "Ana has no leftover ability on the team or a revealed secret card",
    )
    assert cli("otdraft", "game", "reveal", "Ana").exit_code == 0
    taken = cli("otdraft", "game", "leftover", "Ana", "C04", "--json")
    assert taken.exit_code == 0, taken.stderr
    assert taken.json["leftovers"]["Ana"] == ["C04"]
    turned = cli("otdraft", "game", "turn", "--json").json
    assert (turned["round"], turned["phase"]) == (2, "draft")


def test_with_the_deck_the_draftline_waits_for_the_reveal(cli, tmp_path):
    path = tmp_path / "leftover.toml"
    path.write_text(catalogue_to_toml(full_deck(leftover_card=True)))
    cli("otdraft", "game", "start", "-p", "Ana,Ben", "--catalogue", str(path), "--seed", "42")
    holder = None
    for player in ("Ana", "Ben"):
        candidates = cli("otdraft", "game", "hand", player, "--json").json["candidates"]
        keep = "C01" if "C01" in candidates else candidates[0]
        holder = player if keep == "C01" else holder
        assert cli("otdraft", "game", "secret", player, keep).exit_code == 0
    assert holder == "Ana"  # seed 42 deals C01 among Ana's secret candidates
    line = cli("otdraft", "game", "status", "--json").json["draftline"]
    line = cli("otdraft", "game", "pick", "Ana", line[0], "--json").json["draftline"]
    ended = cli("otdraft", "game", "pick", "Ben", line[0], "--json").json
    # The leftovers still lie in the Draftline: not discarded, no new five laid.
    assert ended["phase"] == "leftovers" and ended["draftline"] == line[1:]
    assert cli("otdraft", "game", "reveal", holder).exit_code == 0
    assert cli("otdraft", "game", "leftover", holder, line[1]).exit_code == 0


def test_no_window_when_no_secret_card_has_the_ability(cli, tmp_path):
    started(cli, tmp_path, secret="C53")
    cli("otdraft", "game", "pick", "Ana", "C02")
    ended = cli("otdraft", "game", "pick", "Ben", "C03", "--json").json
    assert (ended["round"], ended["phase"]) == (2, "draft")
