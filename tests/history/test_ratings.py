"""`history ratings`: openskill (Plackett-Luce) per game, replayed in date order."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.history.ratings import model, rate_in_place, ratings
from tests.conftest import assert_user_error
from tests.history.factory import match, record


def games(*winners: str, game: str = "otdraft", start: int = 1) -> list[dict]:
    """Two-player matches on successive days, each won by the player named."""
    out = []
    for n, winner in enumerate(winners, start):
        loser = "Ben" if winner == "Ana" else "Ana"
        out.append(match(f"g{n:03d}", game, {winner: 10, loser: 5}, f"2026-01-{n:02d}"))
    return out


def test_a_player_who_beats_another_repeatedly_is_rated_above(cli, db):
    record(db, *games(*["Ana"] * 12))
    rows = cli("history", "ratings", "--json").json["ratings"]
    assert [r["player"] for r in rows] == ["Ana", "Ben"]
    ana, ben = rows
    assert ana["rating"] > ben["rating"] and ana["mu"] > 25 > ben["mu"]
    assert ana["sigma"] < 25 / 3 and ana["plays"] == ben["plays"] == 12
    assert set(ana) == {"player", "game", "mu", "sigma", "rating", "plays", "change", "rank",
                        "field"}  # fmt: skip
    assert abs(ana["rating"] - (ana["mu"] - 3 * ana["sigma"])) < 0.01
    # against a field of one, the chance is openskill's for the two of them
    assert (ana["rank"], ben["rank"]) == (1, 2)
    assert ana["field"] > 0.9 and abs(ana["field"] + ben["field"] - 1) < 0.001


def test_who_you_beat_counts_not_only_how_often(cli, db):
    # Cy and Dee each win once; Cy beat Ana (who beats everyone), Dee beat Ben (who loses).
    record(
        db,
        *games(*["Ana"] * 8),
        match("x1", "otdraft", {"Cy": 10, "Ana": 5}, "2026-02-01"),
        match("x2", "otdraft", {"Dee": 10, "Ben": 5}, "2026-02-01"),
    )
    rows = {r["player"]: r for r in cli("history", "ratings", "--json").json["ratings"]}
    assert rows["Cy"]["rating"] > rows["Dee"]["rating"]


def test_deterministic_and_in_date_order_whatever_the_recording_order(tmp_path, cli):
    played = games("Ana", "Ben", "Ana", "Ana", "Ben")
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    record(first, *played)
    record(second, *played[::-1])
    a = cli("history", "ratings", "--json", database=first).json
    assert a == cli("history", "ratings", "--json", database=second).json
    assert a == cli("history", "ratings", "--json", database=first).json


def test_per_game_filters_and_what_is_not_rated(cli, db):
    record(
        db,
        *games("Ana", "Ana"),
        *games("Ben", game="hoopers", start=10),
        match("s1", "playlist", {"Ana": 12}, "2026-03-01", options={"mode": "solo"}),
        match("sr", "hoopers-series", {"Ana": 4, "Ben": 2}, "2026-03-02"),
        match("ab", "allstar", {"Ana": 1, "Ben": 2}, "2026-03-03", status="abandoned"),
    )
    rows = cli("history", "ratings", "--json").json["ratings"]
    assert {(r["game"], r["player"], r["plays"]) for r in rows} == {
        ("otdraft", "Ana", 2), ("otdraft", "Ben", 2), ("hoopers", "Ana", 1), ("hoopers", "Ben", 1)
    }  # fmt: skip
    only = cli("history", "ratings", "--game", "hoop", "--player", "be", "--json").json["ratings"]
    assert [(r["game"], r["player"]) for r in only] == [("hoopers", "Ben")]
    assert_user_error(cli("history", "ratings", "--player", "Zed"), "no player 'Zed'")


def test_change_over_the_last_ten(cli, db):
    played = games(*["Ben"] * 5, *["Ana"] * 11)
    record(db, *played)
    rows = {r["player"]: r for r in cli("history", "ratings", "--json").json["ratings"]}
    assert rows["Ana"]["change"] > 0 > rows["Ben"]["change"]
    # 16 games each: the change is against the rating after game 6.
    before = {r["player"]: r["rating"] for r in ratings(played[:6])}
    for player in ("Ana", "Ben"):
        expected = rows[player]["rating"] - before[player]
        assert abs(rows[player]["change"] - expected) < 0.002


def test_human_output(cli, db):
    assert cli("history", "ratings").stdout.startswith("No rated matches yet")
    record(db, *games("Ana", "Ana"))
    # as people read it: a rank, the chance of beating the others, plays
    rows = {r["player"]: r for r in cli("history", "ratings", "--json").json["ratings"]}
    out = cli("history", "ratings").stdout.splitlines()
    assert out[0] == "otdraft — best first"
    assert out[1].split() == ["rank", "player", "beats", "the", "field", "plays"]
    assert out[2].split() == ["1", "Ana", f"{rows['Ana']['field']:.0%}", "2"]
    assert out[3].split() == ["2", "Ben", f"{rows['Ben']['field']:.0%}", "2"]
    assert (
        out[4] == "  beats the field: openskill's chance of beating one of the others, on average"
    )
    # the numbers behind it
    detail = cli("history", "ratings", "--detail").stdout.splitlines()
    assert detail[0] == "otdraft — rating = μ − 3σ, best first"
    assert detail[1].split() == ["rank", "player", "rating", "μ", "σ", "plays", "last", "10"]
    assert detail[2].split()[:2] == ["1", "Ana"] and detail[2].split()[5] == "2"
    assert detail[2].split()[3] == f"{rows['Ana']['mu']:.1f}"


def test_stats_has_a_rating_column(cli, db):
    record(db, *games("Ana", "Ana", "Ben"))
    stats = {r["player"]: r for r in cli("history", "stats", "--json").json["players"]}
    rated = {r["player"]: r for r in cli("history", "ratings", "--json").json["ratings"]}
    assert stats["Ana"]["rating"] == rated["Ana"]["rating"]
    one = cli("history", "stats", "--player", "Ben", "--json").json["players"]
    assert one[0]["rating"] == rated["Ben"]["rating"]
    assert "rating" in cli("history", "stats").stdout.splitlines()[1]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=2, max_size=6), st.integers(0, 10_000))
def test_the_fast_update_is_openskills_own(ranks, seed):
    rng = random.Random(seed)
    rater = model()
    before = [rater.rating(mu=rng.uniform(5, 45), sigma=rng.uniform(0.5, 9)) for _ in ranks]
    expected = rater.rate([[r] for r in before], ranks=list(ranks))
    mine = [rater.rating(mu=r.mu, sigma=r.sigma) for r in before]
    rate_in_place(rater, mine, list(ranks))
    assert [(r.mu, r.sigma) for r in mine] == [(r.mu, r.sigma) for (r,) in expected]


@settings(max_examples=30, deadline=None)
@given(
    st.lists(
        st.lists(st.integers(1, 4), min_size=2, max_size=4).map(
            lambda ranks: dict(zip(["Ana", "Ben", "Cy", "Dee"], ranks, strict=False))
        ),
        min_size=1,
        max_size=12,
    )
)
def test_a_replay_gives_openskills_own_numbers_match_after_match(tables):
    """`rate` (its model's constants read once, the registry asked once per game name)
    gives what openskill's public `rate` gives, one match after another."""
    from companion.history.ratings import rate

    docs = [
        match(f"m{n:02d}", "otdraft", {p: 10 - r for p, r in ranks.items()}, "2026-01-01",
              ranks=ranks)
        for n, ranks in enumerate(tables)
    ]  # fmt: skip
    rater = model()
    expected: dict[str, object] = {}
    for doc in docs:
        players = doc["players"]
        before = [expected.get(p) or rater.rating() for p in players]
        ranks = [doc["result"]["ranks"][p] for p in players]
        for p, (new,) in zip(players, rater.rate([[r] for r in before], ranks=ranks), strict=True):
            expected[p] = new
    lines = rate(docs)
    got = {player: (line.rating.mu, line.rating.sigma) for (_, player), line in lines.items()}
    assert got == {p: (r.mu, r.sigma) for p, r in expected.items()}


def test_ratings_function_sorts_best_first():
    rows = ratings(games("Ana", "Ben", "Ana"))
    assert [r["rating"] for r in rows] == sorted((r["rating"] for r in rows), reverse=True)


def test_the_field_is_every_other_player_of_the_game(cli, db):
    from openskill.models import PlackettLuce

    record(
        db,
        match("f1", "otdraft", {"Ana": 10, "Ben": 5, "Cy": 1}, "2026-01-01"),
        match("f2", "otdraft", {"Ana": 10, "Cy": 5}, "2026-01-02"),
    )
    rows = {r["player"]: r for r in cli("history", "ratings", "--json").json["ratings"]}
    model = PlackettLuce()
    held = {p: model.rating(mu=r["mu"], sigma=r["sigma"]) for p, r in rows.items()}
    beats = [model.predict_win([[held["Ana"]], [held[o]]])[0] for o in ("Ben", "Cy")]
    assert abs(rows["Ana"]["field"] - sum(beats) / 2) < 0.001
    assert [rows[p]["rank"] for p in ("Ana", "Ben", "Cy")] == [1, 2, 3]
