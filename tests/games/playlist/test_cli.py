"""`companion playlist` through the CLI: exact JSON, exact errors, nothing written on error."""

import pytest

from companion.store import Store
from tests.conftest import assert_user_error
from tests.games.playlist.conftest import ABBA, BEATLES, DYLAN, GUNS, PRODIGY

POP = ["pop/1/love+piano+ballad/p1", "pop/2/love+dancing+feel-good/p2", "pop/3/love+drums+synth/p3"]


def snapshot(db):
    return db.read_bytes() if db.exists() else None


def test_check_rulebook_chain_json(cli):
    result = cli("playlist", "check", DYLAN, BEATLES, GUNS, "--json")
    assert result.exit_code == 0
    assert result.json["valid"] is True
    assert result.json["broken_at"] is None
    assert result.json["reason"] is None
    assert result.json["shared"] == [["love"], ["piano", "ballad"]]


def test_check_broken_is_an_answer_not_an_error(cli):
    result = cli("playlist", "check", PRODIGY, ABBA, "--json")
    assert result.exit_code == 0 and result.stderr == ""
    assert (result.json["valid"], result.json["broken_at"]) == (False, 1)
    assert "Dancing Queen [love, feel-good, dancing] shares 0 icons" in result.json["reason"]


def test_check_human_output_shows_the_links(cli):
    result = cli("playlist", "check", DYLAN, BEATLES, GUNS)
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "Rule (multiplayer): neighbours share at least 1 icon.",
        "  1. Blowin' in the Wind — country, 1 pt, [guitar, storytelling, love, acoustic]",
        "  2. Let It Be — pop, 2 pt, [piano, love, ballad, beatles]  ✓ shares love",
        "  3. November Rain — rock, 2 pt, [electric-guitar, piano, ballad, sad]  ✓ shares piano, "
        "ballad",
        "Valid playlist.",
    ]


def test_check_solo_rule(cli):
    result = cli("playlist", "check", BEATLES, DYLAN, "--solo", "--json")
    assert (result.json["valid"], result.json["broken_at"], result.json["rule"]) == (
        False,
        1,
        "solo",
    )
    assert cli("playlist", "solo", "check", BEATLES, GUNS, "--json").json["valid"] is True


def test_score_json(cli):
    result = cli(
        "playlist",
        "score",
        *POP,
        "rock/1/drums+bass+sad/r1",
        "-a",
        "3:pop=3",
        "-a",
        "2:rock=2",
        "--json",
    )
    assert result.exit_code == 0
    body = result.json
    assert body["card_points"] == 7
    assert body["length_bonus"] == 0
    assert body["genre_bonus"] == {"pop": 1, "rock": 0}
    assert [(a["text"], a["fulfilled"]) for a in body["assignments"]] == [
        ("3:pop=3", True),
        ("2:rock=2", False),
    ]
    assert body["total"] == 11
    assert len(body["cards"]) == 4


def test_score_human_output_shows_the_arithmetic(cli):
    result = cli("playlist", "score", *POP, "-a", "3:pop=3")
    assert result.stdout.splitlines()[3:] == [
        "card points: 1 + 2 + 3 = 6",
        "15-song bonus: 3 songs < 15 → +0",
        "genre pop: 3 songs → +1 (3⇒1, 4⇒2, 5⇒3, …)",
        "assignment 3:pop=3: pop 3/3 → fulfilled, +3",
        "total (cards + length + genres + assignments): 6 + 0 + 1 + 3 = 10",
    ]


def test_score_fifteen_songs(cli):
    cards = [f"pop/1/love+piano+ballad/s{i}" for i in range(15)]
    body = cli("playlist", "score", *cards, "--json").json
    assert (body["card_points"], body["length_bonus"], body["genre_bonus"], body["total"]) == (
        15,
        1,
        {"pop": 13},
        29,
    )
    solo = cli("playlist", "score", *cards, "--solo", "--json").json
    assert (solo["length_bonus"], solo["total"], solo["wins"]) == (0, 28, True)


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["check", "pop/1/love+piano+trumpet", POP[0]], "no icon 'trumpet'"),
        (["check", "jazz/1/love+piano+ballad", POP[0]], "no genre in play 'jazz'"),
        (["check", "pop/1/love+piano", POP[0]], "a card has 3 or 4 icons; got 2"),
        (["check", "pop/1/love+piano+ballad+sad+death", POP[0]], "got 5"),
        (["score", "pop/-1/love+piano+ballad", POP[0]], "points -1 is negative"),
        (["check", POP[0]], "a playlist has at least 2 cards (got 1)"),
        (["score", POP[0], POP[0]], "is already in this playlist (position 1)"),
        (["score", *POP, "-a", "2:jazz=1"], "no genre in play 'jazz'"),
        (["check", "Let", POP[0]], "the catalogue is empty"),
        (["check", "7", POP[0]], "no card #7 in the catalogue"),
    ],
)
def test_bad_input(cli, db, args, fragment):
    assert_user_error(cli("playlist", *args), fragment)
    assert not db.exists()


def test_catalogue_add_list_remove(cli, db):
    added = cli("playlist", "cards", "add", BEATLES, "--artist", "The Beatles", "--json")
    assert added.json == {
        "card": {
            "number": 1,
            "title": "Let It Be",
            "artist": "The Beatles",
            "genre": "pop",
            "points": 2,
            "icons": ["piano", "love", "ballad", "beatles"],
            "kind": "music",
        },
        "count": 1,
    }
    cli("playlist", "cards", "add", GUNS, "--artist", "Guns N' Roses")
    cli("playlist", "cards", "add", DYLAN, "--artist", "Bob Dylan")
    listed = cli("playlist", "cards", "list", "--genre", "ro", "--json").json["cards"]
    assert [c["title"] for c in listed] == ["November Rain"]
    # catalogue cards by number or title prefix
    chain = cli("playlist", "check", "blow", "#1", "2", "--json").json
    assert chain["valid"] is True
    assert [c["number"] for c in chain["cards"]] == [3, 1, 2]
    before = snapshot(db)
    assert_user_error(cli("playlist", "cards", "add", "pop/1/love+piano"), "got 2")
    assert_user_error(cli("playlist", "cards", "remove", "9"), "no card #9")
    assert snapshot(db) == before
    removed = cli("playlist", "cards", "remove", "Let", "--json").json
    assert (removed["removed"]["number"], removed["count"]) == (1, 2)
    again = cli("playlist", "cards", "add", ABBA, "--json").json
    assert again["card"]["number"] == 4  # numbers are never reused


def test_catalogue_import_csv(cli, db, tmp_path):
    good = tmp_path / "cards.csv"
    good.write_text(
        "title,artist,genre,points,icons,kind\n"
        "Let It Be,The Beatles,pop,2,piano+love+ballad+B,\n"
        "Jolene,Dolly Parton,country,3,guitar+storytelling+D,\n"
        "Star,,pop,3,love+piano+ballad,bonus\n",
        encoding="utf-8",
    )
    result = cli("playlist", "cards", "import", str(good), "--json")
    assert result.json == {"imported": 3, "count": 3}
    before = snapshot(db)
    bad = tmp_path / "bad.csv"
    bad.write_text("title,artist,genre,icons\nA,B,pop,love+piano+ballad\n", encoding="utf-8")
    assert_user_error(
        cli("playlist", "cards", "import", str(bad)), "line 1: missing column 'points'"
    )
    bad.write_text("title,artist,genre,points,icons\nA,B,pop,1,love+piano+ballad\nC,D,pop,1\n")
    assert_user_error(
        cli("playlist", "cards", "import", str(bad)), "line 3: missing column 'icons'"
    )
    assert_user_error(cli("playlist", "cards", "import", str(tmp_path / "none.csv")), "cannot read")
    assert snapshot(db) == before


def test_genres_set_for_an_expansion(cli, db):
    result = cli("playlist", "genres", "set", "pop,rock,tiktok,rnb", "--json")
    assert result.json == {"genres": ["pop", "rock", "tiktok", "rnb"], "cards_out_of_play": 0}
    body = cli(
        "playlist",
        "score",
        "tik/1/love+piano+ballad",
        "tik/1/love+piano+ballad/b",
        "-a",
        "2:tiktok=2",
        "--json",
    ).json
    assert body["assignments"][0]["fulfilled"] is True
    assert_user_error(
        cli("playlist", "check", "country/1/love+piano+ballad", POP[0]),
        "no genre in play 'country'",
    )
    before = snapshot(db)
    assert_user_error(cli("playlist", "genres", "set", "a,b,c,d,e"), "names 5 genres")
    assert snapshot(db) == before
    assert cli("playlist", "genres", "show", "--json").json["genres"][2] == "tiktok"


def test_store_is_untouched_by_checks(cli, db):
    cli("playlist", "check", *POP)
    assert not db.exists()


def test_a_tracked_game_end_to_end(cli, db):
    start = cli("playlist", "game", "start", "--players", "Ana,Ben,Cy", "--first", "b", "--json")
    assert start.exit_code == 0
    assert start.json["players"] == ["Ben", "Cy", "Ana"]
    assert start.json["turn"] == {"player": "Ben", "round": 1, "number": 1}
    before = snapshot(db)
    assert_user_error(cli("playlist", "game", "play", "ana", *POP[:2]), "it is Ben's turn")
    assert_user_error(cli("playlist", "game", "play", "ben", POP[0]), "at least 2 cards (got 1)")
    assert_user_error(
        cli("playlist", "game", "play", "ben", POP[0], "rock/1/drums+bass+sad"),
        "cannot add rock/1/bass+drums+sad",
    )
    assert_user_error(cli("playlist", "game", "assignment", "ben", "2:jazz=1"), "'jazz'")
    assert_user_error(cli("playlist", "game", "play", "zed", *POP[:2]), "no player 'zed'")
    assert snapshot(db) == before
    cli("playlist", "game", "assignment", "ben", "3:pop=3")
    played = cli("playlist", "game", "play", "ben", *POP, "--json").json
    assert played["lengths"] == {"Ana": 0, "Ben": 3, "Cy": 0}
    assert played["scores"]["Ben"] == 1 + 2 + 3 + 1 + 3
    turn = cli("playlist", "game", "turn")
    assert "  • assignment 3:pop=3 completed: turn it over" in turn.stdout
    assert "  • three pop songs placed: take an extra action card." in turn.stdout
    cli("playlist", "game", "play", "cy", "rock/1/drums+bass+sad/r1", "rock/1/drums+bass+death/r2")
    assert_user_error(cli("playlist", "game", "claim", "cy", POP[0]), "already in Ben's playlist")
    claimed = cli("playlist", "game", "claim", "cy", "rock/2/drums+wind+movie/r3", "--json").json
    assert claimed["event"]["data"]["joined"] is True
    cli("playlist", "game", "lose", "cy")
    status = cli("playlist", "game", "status", "--json").json
    assert set(status) >= {"players", "turn", "playlists", "scores", "finishing", "winner"}
    assert (status["lengths"]["Cy"], status["finishing"], status["winner"]) == (2, False, None)
    assert_user_error(cli("playlist", "game", "end"), "no playlist has reached 15 songs")
    undone = cli("playlist", "game", "undo", "--json").json
    assert undone["undone"]["type"] == "lose" and undone["lengths"]["Cy"] == 3
    ended = cli("playlist", "game", "end", "--now", "--json").json
    assert ended["scores"] == {"Ana": 0, "Ben": 10, "Cy": 1 + 1 + 2 + 1}
    assert ended["ranks"] == {"Ana": 3, "Ben": 1, "Cy": 2}
    assert ended["winner"] == "Ben"
    assert ended["lengths"] == {"Ana": 0, "Ben": 3, "Cy": 3}
    archived = Store(db).get_match(ended["id"])
    assert archived["status"] == "finished"
    assert archived["result"]["winner"] == "Ben"
    from companion.games.playlist.rules.replay import replay

    assert replay(archived) == archived["result"]
    assert_user_error(cli("playlist", "game", "status"), "no live playlist match")


def test_game_start_random_first_player_is_seeded(cli, tmp_path):
    one = cli("playlist", "game", "start", "-p", "Ana,Ben,Cy,Dee", "--seed", "5", "--json")
    other = cli(
        "playlist",
        "game",
        "start",
        "-p",
        "Ana,Ben,Cy,Dee",
        "--seed",
        "5",
        "--json",
        database=tmp_path / "other.json",
    )
    assert one.json["players"] == other.json["players"]
    assert one.json["how"] == "random"
    assert_user_error(cli("playlist", "game", "start", "-p", "Ana"), "1 player given")
    assert_user_error(cli("playlist", "game", "start", "-p", "Ana,Ben"), "already live")


def test_last_round_through_the_cli(cli):
    cli("playlist", "game", "start", "-p", "Ana,Ben,Cy", "--first", "Ana")
    long = [f"pop/1/love+piano+ballad/a{i}" for i in range(15)]
    cli("playlist", "game", "play", "ana", *long[:14])
    cli("playlist", "game", "turn")
    cli("playlist", "game", "play", "ben", "rock/1/drums+bass+sad/b1", "rock/1/drums+bass+sad/b2")
    cli("playlist", "game", "turn")
    cli("playlist", "game", "turn")
    cli("playlist", "game", "play", "ana", long[14])
    status = cli("playlist", "game", "status", "--json").json
    assert (status["finishing"], status["round_over"], status["still_to_play"]) == (
        True,
        False,
        ["Ana", "Ben", "Cy"],
    )
    cli("playlist", "game", "turn")
    assert_user_error(cli("playlist", "game", "end"), "Ben, Cy still to play")
    cli("playlist", "game", "turn")
    last = cli("playlist", "game", "turn", "--json").json
    assert last["event"]["data"]["round_over"] is True
    assert last["winner"] == "Ana"
    assert_user_error(
        cli("playlist", "game", "play", "ana", "pop/1/love+piano+ballad/z"),
        "the last round is over",
    )
    ended = cli("playlist", "game", "end", "--json").json
    assert ended["scores"] == {"Ana": 15 + 1 + 13, "Ben": 2, "Cy": 0}
    assert ended["lengths"]["Ana"] == 15


def test_demo_runs_and_files_its_games(cli, db):
    first = cli("demo", "playlist")
    assert first.exit_code == 0, first.stderr
    assert "Valid playlist." in first.stdout and "proven optimal" in first.stdout
    assert "Ana wins and picks the music." in first.stdout
    again = cli("demo", "playlist")
    assert "already has a catalogue" in again.stdout
    games = sorted(m["game"] for m in Store(db).list_matches())
    assert games == ["playlist", "playlist", "playlist-solo", "playlist-solo"]


def test_the_end_screen_lists_players_by_rank(cli):
    cli("playlist", "game", "start", "-p", "Ana,Ben,Cy", "--first", "Ana")
    cli("playlist", "game", "play", "ana", "rock/1/drums+bass+sad/a1", "rock/1/drums+bass+sad/a2")
    cli("playlist", "game", "turn")
    cli("playlist", "game", "play", "ben", *(f"pop/1/love+piano+ballad/b{i}" for i in range(4)))
    cli("playlist", "game", "turn")
    cli("playlist", "game", "play", "cy", *(f"pop/1/love+piano+ballad/c{i}" for i in range(3)))
    ended = cli("playlist", "game", "end", "--now")
    assert ended.exit_code == 0, ended.stderr
    heads = [line.split(" (rank")[0] for line in ended.stdout.splitlines() if "(rank" in line]
    assert heads == ["Ben", "Cy", "Ana"]
    assert ended.stdout.splitlines()[-1] == "Ben wins and picks the music."


def test_one_song_is_one_song_not_1_songs(cli):
    # issue 43 item 10: "1 songs"
    cli("playlist", "game", "start", "--players", "Ana,Ben", "--first", "Ana", "--seed", "1")
    cli("playlist", "game", "play", "Ana", "pop/3/love+piano+ballad/a", "pop/3/love+drums+sad/b")
    cli("playlist", "game", "lose", "Ana")
    ended = cli("playlist", "game", "end", "--now")
    assert ended.exit_code == 0, ended.stderr
    assert ended.stdout.splitlines()[:3] == [
        "Ana (rank 1), 1 song",
        "  card points: 3 = 3",
        "  15-song bonus: 1 song < 15 → +0",
    ]
    assert "  genre pop: 1 song → +0 (needs 3)" in ended.stdout
    assert "Ben (rank 2), 0 songs" in ended.stdout


CSV_HEAD = b"title,artist,genre,points,icons\nLet It Be,The Beatles,pop,2,piano+love+ballad+B\n"


@pytest.mark.parametrize(
    "row, line",
    [
        (  # RFC 4180: an unquoted field holds no CR; the csv module's error was a traceback
            b"Jo\rlene,Dolly Parton,country,3,guitar+storytelling+D\n",
            "error: line 3: a carriage return (\\r) outside quotes that does not end a line: "
            "save the file with LF or CRLF line endings, or quote the field",
        ),
        (  # legal CSV, read as the title's text: a title is typed back, so no control character
            b'"Jo\rlene",Dolly Parton,country,3,guitar+storytelling+D\n',
            "error: line 3: title 'Jo\\rlene' contains a control character (\\r)",
        ),
        (
            b'Jolene,"Dolly\r\nParton",country,3,guitar+storytelling+D\n',
            "error: line 4: artist 'Dolly\\r\\nParton' contains a control character (\\r)",
        ),
        (  # the csv module reads a NUL without a word since 3.11
            b"Jo\x00lene,Dolly Parton,country,3,guitar+storytelling+D\n",
            "error: line 3: the file holds a NUL byte (\\x00): "
            "save the catalogue as UTF-8 CSV text",
        ),
        (  # a quote left open swallowed the rest of the file into one cell
            b'"Jolene,Dolly Parton,country,3,guitar+storytelling+D\nA,B,pop,1,love+piano+ballad\n',
            "error: line 3: a quoted field is never closed (a '\"' is missing)",
        ),
        (  # read as 'Jolene' before, the quotes dropped without a word
            b'"Jo"lene,Dolly Parton,country,3,guitar+storytelling+D\n',
            "error: line 3: text after a quoted field's closing '\"' (write a quote as '\"\"')",
        ),
        (
            b"x" * 131_073 + b",Dolly Parton,country,3,guitar+storytelling+D\n",
            "error: line 3: a field is longer than 131,072 characters",
        ),
    ],
    ids=["cr-unquoted", "cr-quoted", "crlf-quoted", "nul", "open-quote", "after-quote", "long"],
)
def test_catalogue_import_refuses_a_malformed_csv(cli, db, tmp_path, row, line):
    assert cli("playlist", "cards", "add", ABBA).exit_code == 0
    before = snapshot(db)
    bad = tmp_path / "bad.csv"
    bad.write_bytes(CSV_HEAD + row)
    result = cli("playlist", "cards", "import", str(bad))
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", line + "\n")
    assert snapshot(db) == before


def test_catalogue_import_reads_crlf_and_cr_only_files_line_ends(cli, tmp_path):
    """CRLF (a spreadsheet's CSV) is read; a file of CR line ends is refused on line 1."""
    crlf = tmp_path / "crlf.csv"
    crlf.write_bytes(
        CSV_HEAD.replace(b"\n", b"\r\n") + b'"Jolene",Dolly,country,3,guitar+storytelling+D\r'
    )
    result = cli("playlist", "cards", "import", str(crlf), "--json")
    assert result.json == {"imported": 2, "count": 2}
    titles = [
        (c["title"], c["artist"]) for c in cli("playlist", "cards", "list", "--json").json["cards"]
    ]
    assert titles == [("Let It Be", "The Beatles"), ("Jolene", "Dolly")]
    old_mac = tmp_path / "mac.csv"
    old_mac.write_bytes(CSV_HEAD.replace(b"\n", b"\r"))
    assert_user_error(cli("playlist", "cards", "import", str(old_mac)), "line 1: a carriage return")


def test_card_add_refuses_a_control_character_in_its_title(cli, db):
    result = cli("playlist", "cards", "add", "pop/2/piano+love+ballad/Let\x1b[2JIt Be")
    assert (result.exit_code, result.stderr) == (
        2,
        "error: title 'Let\\x1b[2JIt Be' contains a control character (\\x1b)\n",
    )
    assert not db.exists()
