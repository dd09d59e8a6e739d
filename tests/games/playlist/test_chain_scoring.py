import pytest

from companion.games.playlist.rules.cards import default_genres, parse_inline
from companion.games.playlist.rules.chain import MULTIPLAYER, SOLO, check_chain
from companion.games.playlist.rules.errors import BadAssignment, UnknownGenre
from companion.games.playlist.rules.scoring import parse_assignment, score_playlist
from tests.games.playlist.conftest import ABBA, BEATLES, DYLAN, GUNS, PRODIGY

GENRES = default_genres()


def cards(*texts):
    return [parse_inline(t, GENRES) for t in texts]


def hand(spec: str):
    """`pop*3,rock*2` → that many 1-point cards of each genre, all linking."""
    out = []
    for part in spec.split(","):
        genre, count = part.split("*")
        out += [f"{genre}/1/love+piano+ballad/{genre}{i}" for i in range(int(count))]
    return cards(*out)


def test_rulebook_let_it_be_chain_is_valid():
    verdict = check_chain(cards(DYLAN, BEATLES, GUNS), MULTIPLAYER)
    assert (verdict.valid, verdict.broken_at, verdict.reason) == (True, None, None)
    assert verdict.shared == (("love",), ("piano", "ballad"))


def test_rulebook_dylan_and_guns_n_roses_alone_do_not_link():
    verdict = check_chain(cards(DYLAN, GUNS), MULTIPLAYER)
    assert (verdict.valid, verdict.broken_at) == (False, 1)


def test_rulebook_prodigy_abba_is_not_valid_and_names_both_cards():
    verdict = check_chain(cards(PRODIGY, ABBA), MULTIPLAYER)
    assert (verdict.valid, verdict.broken_at) == (False, 1)
    assert verdict.reason == (
        "Dancing Queen [love, feel-good, dancing] shares 0 icons with Out of Space "
        "[drums, synthesizer, alternative]; same genre needs 1"
    )


def test_first_broken_pair_is_reported():
    verdict = check_chain(cards(BEATLES, GUNS, PRODIGY, ABBA), MULTIPLAYER)
    assert verdict.broken_at == 2


def test_solo_rule_needs_two_icons_across_genres():
    # Let It Be (pop) and Blowin' in the Wind (country) share only "love".
    assert check_chain(cards(BEATLES, DYLAN), MULTIPLAYER).valid
    solo = check_chain(cards(BEATLES, DYLAN), SOLO)
    assert (solo.valid, solo.broken_at) == (False, 1)
    assert solo.reason.endswith(
        "shares 1 icon (love) with Let It Be [piano, love, ballad, "
        "beatles]; different genres need 2"
    )
    # Let It Be and November Rain share piano and ballad: enough across genres.
    assert check_chain(cards(BEATLES, GUNS), SOLO).valid
    same_genre = cards("pop/1/love+drums+sad", "pop/1/love+bass+death")
    assert check_chain(same_genre, SOLO).valid


@pytest.mark.parametrize(
    "spec, bonus",
    [
        ("pop*2", {"pop": 0}),
        ("pop*3", {"pop": 1}),
        ("pop*4", {"pop": 2}),
        ("pop*5", {"pop": 3}),
        ("pop*8", {"pop": 6}),
        ("pop*3,rock*4,country*2", {"country": 0, "pop": 1, "rock": 2}),
    ],
)
def test_genre_bonus(spec, bonus):
    score = score_playlist(hand(spec))
    assert {b.genre: b.points for b in score.genre_bonus} == bonus


def test_fifteen_song_bonus_multiplayer_only():
    fourteen = hand("pop*14")
    fifteen = hand("pop*15")
    assert score_playlist(fourteen).length_bonus == 0
    # 15 card points + 1 for fifteen songs + 13 for fifteen pop songs
    assert (score_playlist(fifteen).length_bonus, score_playlist(fifteen).total) == (1, 29)
    assert score_playlist(fifteen, solo=True).length_bonus == 0
    assert score_playlist(fifteen, solo=True).total == 28


def test_card_points_are_summed():
    score = score_playlist(cards(DYLAN, BEATLES, GUNS))
    assert (score.card_points, score.total) == (5, 5)


def test_assignments_checked_from_genre_counts():
    playlist = hand("pop*3,rock*1")
    met = parse_assignment("3:pop=3", GENRES)
    missed = parse_assignment("4:pop=2,rock=2", GENRES)
    score = score_playlist(playlist, [met, missed])
    assert [(r.fulfilled, r.points) for r in score.assignments] == [(True, 3), (False, 0)]
    # 4 card points + 1 (three pop) + 3 (assignment)
    assert score.total == 8


def test_turned_over_assignment_counts_even_if_no_longer_met():
    score = score_playlist(hand("pop*1"), turned_over=[parse_assignment("2:pop=3", GENRES)])
    assert score.assignment_points == 2


def test_assignment_parsing():
    a = parse_assignment("5:po=2,ro=1", GENRES)
    assert (a.points, a.required, a.text()) == (5, (("pop", 2), ("rock", 1)), "5:pop=2,rock=1")
    with pytest.raises(UnknownGenre, match="no genre in play 'jazz'"):
        parse_assignment("2:jazz=1", GENRES)
    with pytest.raises(BadAssignment, match="'pop' is not GENRE=N"):
        parse_assignment("2:pop", GENRES)
    with pytest.raises(BadAssignment, match="is not POINTS:GENRE=N"):
        parse_assignment("pop=2", GENRES)
    with pytest.raises(BadAssignment, match="names genre 'pop' twice"):
        parse_assignment("2:pop=1,pop=2", GENRES)
