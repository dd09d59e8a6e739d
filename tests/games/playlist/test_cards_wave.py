"""Issue 22, items 24–26: the hand kept back, negative cards, the 15-song bonus."""

from __future__ import annotations

from companion.store import Store
from tests.conftest import assert_user_error
from tests.games.playlist.test_rulings import deck_table, hand, numbers

# --- item 24: "If you are able to make a playlist, you have to do so. You are not allowed to
# keep any cards in your hand that you are able to play."

MUST_PLAY = (
    "\u201cIf you are able to make a playlist, you have to do so. You are not allowed to keep "
    "any cards in your hand that you are able to play.\u201d"
)


def ana_downloads_two(cli, started):
    listed = started["deck"]["download_list"]
    cli("playlist", "game", "download", str(listed[0]["number"]))
    cli("playlist", "game", "download", str(listed[1]["number"]))
    return numbers(hand(cli, "ana")["music"])


def test_ending_a_turn_with_a_playable_card_in_hand_is_refused(cli):
    # Issue 29 item 14: with the deck held, the must-play rule is a refusal, not a warning.
    mine = ana_downloads_two(cli, deck_table(cli))
    assert cli("playlist", "game", "play", "ana", *mine[:3]).exit_code == 0
    before = cli("playlist", "game", "status", "--json").json
    turned = cli("playlist", "game", "turn")
    # Issue 32: the rule quoted once, then what is legal now.
    assert turned.stderr == (
        f"error: Ana cannot end the turn holding #{mine[3]} t{mine[3]}: {MUST_PLAY}; legal "
        f"now: add it to the playlist after #{mine[2]} t{mine[2]} "
        "(hint: 'companion playlist game play')\n"
    )
    assert_user_error(turned)
    assert cli("playlist", "game", "status", "--json").json == before  # nothing written
    assert cli("playlist", "game", "play", "ana", mine[3]).exit_code == 0
    assert cli("playlist", "game", "turn").exit_code == 0


def test_a_hand_that_could_start_a_playlist_is_refused_too(cli):
    mine = ana_downloads_two(cli, deck_table(cli))
    names = ", ".join(f"#{n} t{n}" for n in mine)
    turned = cli("playlist", "game", "turn")
    assert turned.stderr == (
        f"error: Ana cannot end the turn holding {names}: {MUST_PLAY}; legal now: start a "
        "playlist with them (hint: 'companion playlist game play')\n"
    )
    assert_user_error(turned)


def test_a_turn_ends_when_nothing_in_hand_fits(cli):
    mine = ana_downloads_two(cli, deck_table(cli))
    cli("playlist", "game", "play", "ana", *mine)  # the whole hand
    turned = cli("playlist", "game", "turn", "--json")
    assert turned.exit_code == 0
    assert not [n for n in turned.json["notes"] if "warning" in n]


# --- item 25: negative cards ("take out the bonus and negative cards", solo play only)


def test_a_negative_card_is_imported_with_its_negative_points(cli, tmp_path):
    csv = tmp_path / "cards.csv"
    csv.write_text(
        "title,artist,genre,points,icons,kind\n"
        "Boo,X,pop,-2,love+piano+ballad,negative\n"
        "Yay,Y,pop,3,love+piano+drums,music\n"
    )
    out = cli("playlist", "cards", "import", str(csv), "--json")
    assert out.exit_code == 0, out.stderr
    listed = cli("playlist", "cards", "list", "--json").json
    cards = listed["cards"] if isinstance(listed, dict) else listed
    assert [(c["title"], c["points"], c["kind"]) for c in cards] == [
        ("Boo", -2, "negative"),
        ("Yay", 3, "music"),
    ]
    added = cli("playlist", "cards", "add", "rock/-1/drums+bass+sad/Meh", "--kind", "negative")
    assert added.exit_code == 0, added.stderr
    # In a game the negative card takes its points off the playlist.
    score = cli("playlist", "score", "Boo", "Yay", "--json").json
    assert score["card_points"] == 1


def test_a_music_card_is_still_never_negative(cli, tmp_path, db):
    csv = tmp_path / "cards.csv"
    csv.write_text("title,artist,genre,points,icons\nBoo,X,pop,-2,love+piano+ballad\n")
    before = db.read_bytes() if db.exists() else None
    assert_user_error(
        cli("playlist", "cards", "import", str(csv)),
        "line 2: points -2 is negative: only a negative card (kind negative) is worth less than 0",
    )
    assert (db.read_bytes() if db.exists() else None) == before


# --- item 26: "If you were able to collect at least 15 songs to your playlist, you start
# with a bonus point"


def fifteen(prefix: str) -> list[str]:
    return [f"pop/1/love+piano+ballad/{prefix}{i}" for i in range(1, 16)]


def test_fifteen_songs_collected_keep_their_bonus_after_a_caught_bluff(cli, db):
    cli("playlist", "game", "start", "-p", "Ana,Ben", "--first", "Ana")
    assert cli("playlist", "game", "play", "ana", *fifteen("a")).exit_code == 0
    # Ana bluffs her 15th song; Ben calls her out and takes it (he has no playlist: put away).
    caught = cli("playlist", "game", "bluff", "ben", "--json").json
    assert caught["lengths"]["Ana"] == 14 and caught["finishing"] is True
    cli("playlist", "game", "turn")
    cli("playlist", "game", "play", "ben", *fifteen("b")[:2])
    over = cli("playlist", "game", "turn", "--json").json
    assert over["round_over"] is True
    # 14 songs × 1 + 14 pop songs (12 bonus points) + the 15-song bonus collected
    assert over["scores"]["Ana"] == 14 + 12 + 1
    ended = cli("playlist", "game", "end", "--json")
    assert ended.exit_code == 0, ended.stderr
    assert Store(db).list_matches()[0]["result"]["scores"]["Ana"] == 27


def test_the_solo_solver_refuses_a_negative_card(cli):
    # "When you want to play the game solo, take out the bonus and negative cards"
    cli("playlist", "cards", "add", "pop/-2/love+piano+ballad/Boo", "--kind", "negative")
    cli("playlist", "cards", "add", "pop/3/love+piano+drums/Yay")
    assert_user_error(
        cli("playlist", "solo", "solve", "Boo", "Yay"),
        "#1 Boo is a negative card: solo play takes out the bonus and negative cards",
    )
