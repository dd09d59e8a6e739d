"""`companion playlist solo` through the CLI."""

import csv
from pathlib import Path

from companion.engine.rng import TableRng
from companion.games.playlist.rules.synthetic import synthetic_box
from companion.store import Store
from tests.conftest import assert_user_error

WINNING = ["pop/3/love+piano+ballad/a", "pop/3/love+drums+sad/b", "pop/3/love+bass+death/c"]


def write_box(path: Path, extra=()) -> Path:
    """A card-list CSV of 80 synthetic music cards (and `extra` rows) at `path`."""
    with path.open("w", newline="", encoding="utf-8") as f:
        out = csv.writer(f)
        out.writerow(["title", "artist", "genre", "points", "icons", "kind"])
        for card in synthetic_box(TableRng(11)):
            out.writerow([card.title, "", card.genre, card.points, "+".join(card.icons), "music"])
        for row in extra:
            out.writerow(row)
    return path


def fill_catalogue(cli, tmp_path, extra=()):
    path = write_box(tmp_path / "box.csv", extra)
    assert cli("playlist", "cards", "import", str(path)).exit_code == 0


def test_no_card_list_deals_nothing_it_cannot_check_and_says_how(cli, db):
    # Issue 32, item 11: box numbers nobody could check were dealt before.
    for args in (["solo", "start", "--seed", "42"], ["solo", "deal"]):
        refused = cli("playlist", *args)
        assert_user_error(refused, "the catalogue lists no music cards")
        assert "--laid GENRE/POINTS/ICONS[/TITLE]" in refused.stderr
        assert "playlist cards import" in refused.stderr
    assert_user_error(
        cli("playlist", "solo", "status"), "no live playlist-solo match"
    )  # nothing written


def laid(*cards):
    return [a for c in cards for a in ("--laid", c)]


def test_a_run_from_the_cards_the_table_laid_out_and_described(cli, db):
    extra = "rock/2/guitar+drums+sad/d"
    args = ("--player", "Ana", "--cards", "4", *laid(*WINNING, extra), "--json")
    started = cli("playlist", "solo", "start", *args)
    assert started.exit_code == 0, started.stderr
    doc = started.json
    assert (doc["source"], doc["count"], doc["numbers"]) == ("table", 4, [])
    assert [c["number"] for c in doc["cards"]] == [1, 2, 3, 4]  # their places in the layout
    assert [c["title"] for c in doc["cards"]] == ["a", "b", "c", "d"]
    # checked against the layout: a laid-out card still fits, so not yet counted
    assert_user_error(cli("playlist", "solo", "score", "a", "b"), "still fits")
    assert_user_error(
        cli("playlist", "solo", "score", "1", "pop/1/love+piano+ballad/z"), "not one of"
    )
    scored = cli("playlist", "solo", "score", "1", "2", "c", "--json")
    assert scored.exit_code == 0, scored.stderr
    assert (scored.json["total"], scored.json["wins"]) == (10, True)
    # the next round: one card fewer, laid out and described again
    assert_user_error(cli("playlist", "solo", "next"), "--laid")
    assert_user_error(cli("playlist", "solo", "next", *laid(*WINNING[:2])), "this round lays out 3")
    assert_user_error(
        cli("playlist", "solo", "next", *laid(WINNING[0], WINNING[0], WINNING[1])),
        "already in",
    )
    nxt = cli("playlist", "solo", "next", *laid(*WINNING), "--json")
    assert nxt.exit_code == 0, nxt.stderr
    assert (nxt.json["round"], nxt.json["count"], nxt.json["source"]) == (2, 3, "table")
    ended = cli("playlist", "solo", "end", "--json")
    assert ended.exit_code == 0, ended.stderr
    run_id = started.json["id"]
    from companion.games.playlist.rules.replay import replay

    archived = Store(db).get_match(run_id)  # the described cards are in the log: it replays
    assert replay(archived) == archived["result"] and archived["result"]["fewest_cards_won"] == 4


def test_laid_out_cards_are_checked_before_anything_is_written(cli, db):
    assert_user_error(cli("playlist", "solo", "start", *laid(WINNING[0])), "lays out 2 to 80")
    assert_user_error(
        cli("playlist", "solo", "start", "--cards", "3", *laid(*WINNING[:2])),
        "2 cards described; this round lays out 3",
    )
    assert_user_error(cli("playlist", "solo", "start", *laid("pop/3/love", WINNING[1])), "icons")
    assert_user_error(cli("playlist", "solo", "status"), "no live playlist-solo match")
    shown = (Path(__file__).parents[3] / "docs" / "playlist.md").read_text(encoding="utf-8")
    assert cli("playlist", "solo", "start").stderr.strip() in shown  # the page's refusal


def test_deal_from_catalogue_leaves_out_bonus_and_negative_cards(cli, tmp_path):
    extras = [
        [f"Special {i}", "", "pop", 3, "love+piano+ballad", kind]
        for i, kind in enumerate(["bonus", "negative"] * 5)
    ]
    fill_catalogue(cli, tmp_path, extras)
    dealt = cli("playlist", "solo", "deal", "--cards", "80", "--seed", "1", "--json").json
    assert dealt["source"] == "catalogue" and len(dealt["cards"]) == 80
    assert all(c["kind"] == "music" for c in dealt["cards"])


def test_deal_too_many_cards(cli, tmp_path, db):
    assert_user_error(cli("playlist", "solo", "deal", "--cards", "81"), "lists no music cards")
    fill_catalogue(cli, tmp_path)
    before = db.read_bytes()
    assert_user_error(cli("playlist", "solo", "deal", "--cards", "81"), "the catalogue has 80")
    assert db.read_bytes() == before


LONER = "country/1/guitar+wind+strings/d"  # fits nothing


def test_solo_run_rounds_and_history(cli, db):
    cli(
        "playlist",
        "solo",
        "deal",
        "--seed",
        "3",
        "--player",
        "Ana",
        "--cards",
        "4",
        *laid(*WINNING, LONER),
    )
    assert_user_error(cli("playlist", "solo", "next"), "has no playlist yet")
    scored = cli("playlist", "solo", "score", *WINNING, "--json").json
    # 9 card points + 1 for three pop songs
    assert (scored["total"], scored["wins"], scored["recorded"]) == (10, True, True)
    assert_user_error(cli("playlist", "solo", "score", "a", "d"), "not recorded: card 2 breaks")
    nxt = cli("playlist", "solo", "next", *laid(*WINNING[:2], LONER), "--json").json
    assert (nxt["round"], nxt["count"]) == (2, 3)
    lost = cli("playlist", "solo", "score", *WINNING[:2], "--json").json
    assert (lost["total"], lost["wins"]) == (6, False)
    assert_user_error(cli("playlist", "solo", "next"), "the run is over")
    ended = cli("playlist", "solo", "end", "--json").json
    assert ended["rounds"] == [
        {"cards": 4, "score": 10, "wins": True},
        {"cards": 3, "score": 6, "wins": False},
    ]
    assert (ended["fewest_cards_won"], ended["winner"], ended["scores"]) == (4, "Ana", {"Ana": 10})
    match = Store(db).get_match(ended["id"])
    assert match["game"] == "playlist-solo" and match["status"] == "finished"
    from companion.games.playlist.rules.replay import replay

    assert replay(match) == match["result"]


def test_solo_score_without_a_run_records_nothing(cli, db):
    body = cli("playlist", "solo", "score", *WINNING, "--json").json
    assert (body["recorded"], body["run"], body["total"]) == (False, None, 10)
    assert not db.exists()


def test_solo_score_refuses_cards_not_laid_out(cli, tmp_path):
    fill_catalogue(cli, tmp_path)
    dealt = cli("playlist", "solo", "deal", "--seed", "8", "--json").json
    laid = {c["number"] for c in dealt["cards"]}
    outside = next(n for n in range(1, 81) if n not in laid)
    inside = sorted(laid)[0]
    assert_user_error(
        cli("playlist", "solo", "score", str(inside), str(outside)),
        "is not one of the 20 cards laid out",
    )


def test_solve_json_keys_and_known_answer(cli):
    cards = [*WINNING, "rock/0/guitar+wind+movie/d", "rock/0/guitar+strings+jazzy/e"]
    body = cli("playlist", "solo", "solve", *cards, "--json").json
    assert [c["title"] for c in body["playlist"]] in (
        ["a", "b", "c"],
        ["c", "b", "a"],
        ["b", "a", "c"],
        ["c", "a", "b"],
        ["a", "c", "b"],
        ["b", "c", "a"],
    )
    assert (body["score"], body["wins"], body["optimal"]) == (10, True, True)


def test_solve_the_runs_deal(cli, tmp_path):
    fill_catalogue(cli, tmp_path)
    cli("playlist", "solo", "deal", "--seed", "2")
    body = cli("playlist", "solo", "solve", "--json").json
    assert body["cards"] == 20 and body["optimal"] is True
    human = cli("playlist", "solo", "solve")
    assert f"{body['score']} points " in human.stdout and "proven optimal" in human.stdout


def test_solve_errors(cli):
    assert_user_error(cli("playlist", "solo", "solve"), "no cards to solve")
    assert_user_error(cli("playlist", "solo", "solve", *WINNING, "--max-nodes", "0"), "--max-nodes")
    body = cli("playlist", "solo", "solve", *WINNING, "--max-nodes", "1", "--json").json
    assert body["optimal"] is False


def test_solo_undo(cli):
    cli("playlist", "solo", "deal", "--seed", "3", "--cards", "3", *laid(*WINNING))
    assert_user_error(cli("playlist", "solo", "undo"), "nothing to undo")
    cli("playlist", "solo", "score", *WINNING)
    undone = cli("playlist", "solo", "undo", "--json").json
    assert undone["undone"]["type"] == "round" and undone["rounds"][0]["score"] is None


def test_a_laid_out_card_may_be_typed_in_full_and_solo_totals_show_only_their_parts(cli, tmp_path):
    # Issue 17: "Accept any spelling that names exactly one laid-out card", and solo play has
    # neither a length bonus nor assignments, so the total names only cards and genres.
    deck = tmp_path / "four.csv"
    deck.write_text(
        "title,artist,genre,points,icons,kind\n"
        "A1,x,pop,2,piano+love+ballad,music\n"
        "A2,x,rock,3,love+ballad+sad,music\n"
        "A3,x,country,1,ballad+sad+guitar,music\n"
        "A4,x,rnb,2,sad+guitar+drums,music\n"
    )
    assert cli("playlist", "cards", "import", str(deck)).exit_code == 0
    assert cli("playlist", "solo", "start", "--cards", "4", "--seed", "1").exit_code == 0
    typed = ["pop/2/piano+love+ballad", "rock/3/love+ballad+sad", "country/1/ballad+sad+guitar",
             "rnb/2/sad+guitar+drums"]  # fmt: skip
    scored = cli("playlist", "solo", "score", *typed)
    assert scored.exit_code == 0, scored.stderr
    assert "total (cards + genres): 8 + 0 = 8" in scored.stdout
    assert all(f"“A{n}”" in scored.stdout for n in range(1, 5))  # read as the laid-out cards
    assert cli("playlist", "solo", "status", "--json").json["rounds"][0]["score"] == 8
    unknown = cli("playlist", "solo", "score", "pop/2/piano+love+sad", "rock/3/love+ballad+sad")
    assert unknown.exit_code == 2 and "is not one of the 4 cards laid out" in unknown.stderr


def test_a_first_round_of_19_laid_out_cards_is_refused(cli, tmp_path):
    # "take 20 cards randomly from the stack … In the next round, take one card less"
    fill_catalogue(cli, tmp_path)
    box = cli("playlist", "solo", "start", "--cards", "20", "--seed", "5", "--json").json["cards"]
    cli("playlist", "solo", "abandon")
    typed = [f"{c['genre']}/{c['points']}/{'+'.join(c['icons'])}/{c['title']}" for c in box]
    refused = cli("playlist", "solo", "start", *laid(*typed[:19]))
    assert refused.exit_code == 2 and refused.stdout == ""
    assert refused.stderr == (
        'error: 19 cards described: the first round lays out 20 ("take 20 cards randomly"; '
        "\"in the next round, take one card less\") (hint: '--cards 19' starts a run from 19 "
        "cards)\n"
    )
    assert_user_error(cli("playlist", "solo", "status"), "no live playlist-solo match")
    started = cli("playlist", "solo", "start", *laid(*typed), "--json")
    assert (started.exit_code, started.json["count"]) == (0, 20)
    cli("playlist", "solo", "abandon")
    chosen = cli("playlist", "solo", "start", "--cards", "19", *laid(*typed[:19]), "--json")
    assert (chosen.exit_code, chosen.json["count"]) == (0, 19)  # the table's own start
