import re

import pytest

from companion.engine.errors import UnknownName
from companion.games.playlist.rules.cards import (
    default_genres,
    parse_csv,
    parse_genre_list,
    parse_icon,
    parse_inline,
)
from companion.games.playlist.rules.errors import BadCard, CsvProblem, UnknownGenre, UnknownIcon

GENRES = default_genres()


def test_default_genres_are_the_rulebooks_four():
    assert GENRES == ["pop", "rock", "country", "rnb"]


@pytest.mark.parametrize(
    "typed, icon",
    [
        ("elec", "electric-guitar"),
        ("gu", "guitar"),
        ("A", "aerosmith"),
        ("b", "beatles"),
        ("D", "dolly"),
        ("G", "gaga"),
        ("L", "lionel"),
        ("lo", "love"),
        ("Movie", "movie"),
    ],
)
def test_icons_by_prefix_and_sung_by_letter(typed, icon):
    assert parse_icon(typed) == icon


def test_ambiguous_icon_names_the_candidates():
    with pytest.raises(UnknownIcon, match="'ba' is ambiguous: ballad, bass"):
        parse_icon("ba")


def test_unknown_icon_is_unknown_name():
    with pytest.raises(UnknownName, match="no icon 'trumpet'"):
        parse_icon("trumpet")


def test_inline_card_sorts_icons_into_rulebook_order():
    card = parse_inline("rn/3/sad+bass+jazzy/Respect", GENRES)
    assert (card.genre, card.points, card.icons, card.title) == (
        "rnb",
        3,
        ("bass", "jazzy", "sad"),
        "Respect",
    )
    assert card.key == "rnb/3/bass+jazzy+sad/Respect"


@pytest.mark.parametrize(
    "text, message",
    [
        ("pop/1/love+piano", "a card has 3 or 4 icons; got 2 (love+piano)"),
        ("pop/1/love+piano+ballad+sad+death", "got 5"),
        ("pop/-2/love+piano+ballad", "points -2 is negative"),
        ("pop/x/love+piano+ballad", "points 'x' is not a whole number"),
        ("pop/1/love+love+ballad", "icon 'love' appears twice"),
        ("pop/1", "is not GENRE/POINTS/ICON+ICON+ICON"),
    ],
)
def test_bad_cards(text, message):
    with pytest.raises(BadCard, match=re.escape(message)):
        parse_inline(text, GENRES)


def test_genre_not_in_play():
    with pytest.raises(UnknownGenre, match="no genre in play 'tiktok'"):
        parse_inline("tiktok/1/love+piano+ballad", GENRES)
    assert parse_inline("tik/1/love+piano+ballad", ["pop", "tiktok"]).genre == "tiktok"


def test_genre_list_for_an_expansion():
    assert parse_genre_list("pop, rock,tiktok,rnb") == ["pop", "rock", "tiktok", "rnb"]
    with pytest.raises(BadCard, match="names 5 genres; the game plays with 1 to 4"):
        parse_genre_list("a,b,c,d,e")
    with pytest.raises(BadCard, match="genre 'pop' is named twice"):
        parse_genre_list("pop,rock,pop")


CSV = """title,artist,genre,points,icons,kind
Let It Be,The Beatles,pop,2,piano+love+ballad+B,
November Rain,Guns N' Roses,rock,2,electric-guitar+piano+ballad+sad,music
Bonus,,pop,3,love+piano+ballad,bonus
"""


def test_csv_rows_become_numbered_cards():
    cards = parse_csv(CSV, GENRES, first_number=5)
    assert [(c.number, c.title, c.artist, c.kind) for c in cards] == [
        (5, "Let It Be", "The Beatles", "music"),
        (6, "November Rain", "Guns N' Roses", "music"),
        (7, "Bonus", "", "bonus"),
    ]
    assert cards[0].icons == ("piano", "love", "ballad", "beatles")


@pytest.mark.parametrize(
    "text, message",
    [
        (
            "title,artist,genre,icons\nA,B,pop,love+piano+ballad\n",
            "line 1: missing column 'points'",
        ),
        ("title,artist,genre,points,icons\nA,B,pop,1\n", "line 2: missing column 'icons'"),
        (
            "title,artist,genre,points,icons\nA,B,pop,1,love+piano+ballad\nC,D,jazz,1,love+a+b\n",
            "line 3: no genre in play 'jazz'",
        ),
        ("title,artist,genre,points,icons\nA,B,pop,1,love+piano\n", "line 2: a card has 3 or 4"),
        ("", "line 1: the file is empty"),
        ("title,artist,genre,points,icons\n", "header but no cards"),
    ],
)
def test_csv_problems_name_the_line(text, message):
    with pytest.raises(CsvProblem, match=message):
        parse_csv(text, GENRES)
