"""Issue 32 item 9: `history show ID` reads as a game, turn by turn in words (the plays, as
the board's "last plays" says them), not raw event data; `--json` keeps the data."""

from __future__ import annotations

from companion import registry
from companion.engine.spec import Kind


def numbered(stdout: str) -> list[str]:
    return [line for line in stdout.splitlines() if line[:4].strip().rstrip(".").isdigit()]


def run(cli, *commands):
    for argv in commands:
        done = cli(*argv)
        assert done.exit_code == 0, (argv, done.stderr)


HOOPERS = [
    ("hoopers", "match", "start", "--home", "Lucy", "--away", "Karl", "--home-tribe",
     "unleashed", "--away-tribe", "keepers", "--first", "Lucy", "--seed", "3"),
    ("hoopers", "match", "shot", "Lucy", "3ps", "--hooper", "Muy", "--stat", "60", "--roll", "80"),
    ("hoopers", "match", "turn"),
    ("hoopers", "match", "shot", "Karl", "2ps", "--hooper", "Edd", "--stat", "60", "--roll", "10"),
    ("hoopers", "match", "turn"),
    ("hoopers", "match", "shot", "Lucy", "3ps", "--hooper", "Muy", "--stat", "60", "--defender",
     "Edd", "--defense", "20", "--face", "whistle", "--roll", "75"),
    ("hoopers", "match", "free-throw", "Lucy", "--stat", "60", "--roll", "10", "--roll", "15",
     "--roll", "100"),
]  # fmt: skip


def test_a_hoopers_match_reads_play_by_play(cli, db):
    run(cli, *HOOPERS)
    shown = cli("history", "show")
    assert shown.exit_code == 0, shown.stderr
    assert numbered(shown.stdout) == [
        "  1. Lucy: Muy Schillato 3PS — missed",
        "  2. Karl: Edd Trapp 2PS — 2 points",
        "  3. Lucy: Muy Schillato 3PS — missed, fouled by Edd Trapp",
        "  4. Lucy: Muy Schillato free throws — 2 of 3 made",
    ]
    assert "spec" not in shown.stdout  # no raw event data
    data = cli("history", "show", "--json").json
    assert [e["type"] for e in data["events"]][-6:] == [
        "shot", "turn", "shot", "turn", "shot", "free-throw"
    ]  # fmt: skip
    assert data["events"][-1]["data"]["team"] == "Lucy"  # --json: the events as stored


def test_a_playlist_game_reads_turn_by_turn(cli, db):
    run(
        cli,
        ("playlist", "game", "start", "--players", "Ana,Ben", "--first", "Ana", "--seed", "1"),
        ("playlist", "game", "assignment", "Ana", "3:pop=2"),
        ("playlist", "game", "play", "Ana", "pop/3/love+dancing+piano", "pop/2/piano+drums+sad"),
        ("playlist", "game", "turn"),
        ("playlist", "game", "play", "Ben", "rock/2/drums+bass+sad", "rock/1/bass+guitar+love"),
        ("playlist", "game", "claim", "Ana"),
    )
    assert numbered(cli("history", "show").stdout) == [
        "  1. Ana starts",
        "  2. Ana takes assignment 3:pop=2",
        "  3. Ana plays pop/3/piano+love+dancing, pop/2/drums+piano+sad",
        "  4. Ana's turn ends, completing 3:pop=2",
        "  5. Ben plays rock/2/bass+drums+sad, rock/1/guitar+bass+love",
        "  6. Ana claims rock/1/guitar+bass+love from Ben (sung): it is put away",
    ]
    events = cli("history", "show", "--json").json["events"]
    assert [e["type"] for e in events] == [
        "start", "assignment", "play", "turn", "play", "claim"
    ]  # fmt: skip


def test_an_otdraft_draft_reads_round_by_round(cli, db):
    run(
        cli,
        ("otdraft", "cards", "import", "--example"),
        ("otdraft", "game", "start", "--players", "Ana,Ben", "--seed", "2"),
        ("otdraft", "game", "pick", "Ana", "Saul"),
        ("otdraft", "game", "pick", "Ben", "Music"),
        ("otdraft", "game", "pick", "Ben", "Jonah"),
    )
    assert numbered(cli("history", "show").stdout) == [
        "  1. round 1: Ana drafts Saul",
        "  2. round 1: Ben drafts Music",
        "  3. round 2: Ben drafts Jonah",
    ]
    events = cli("history", "show", "--json").json["events"]
    assert [(e["type"], e["data"]["card"]) for e in events] == [
        ("pick", "Saul"), ("pick", "Music"), ("pick", "Jonah")
    ]  # fmt: skip


def test_a_logged_match_shows_its_result(cli, db):
    run(cli, ("log", "playlist", "Ana=3", "Ben=9", "--when", "2026-11-20 20:00"))
    shown = cli("history", "show").stdout
    assert numbered(shown) == []
    assert "result: Ben 9 · Ana 3 — Ben won" in shown.splitlines()


def test_a_game_that_does_not_say_how_its_events_read_lists_them(cli, db, monkeypatch):
    run(cli, *HOOPERS[:2])
    kind = registry.kind("hoopers")
    plain = Kind(**{**{f: getattr(kind, f) for f in kind._fields}, "plays": None})
    monkeypatch.setattr(registry, "kind", lambda key: plain if key == "hoopers" else kind)
    lines = numbered(cli("history", "show").stdout)
    shot = "  2. shot: team Lucy, hooper Muy Schillato, spec (kind 3ps, stat 60), roll 80"
    assert lines[-1] == shot


def test_an_allstar_game_reads_round_by_round(cli, db):
    run(
        cli,
        ("allstar", "arena", "add", "Glacier Gardens", "--points", "13,10,7,5"),
        ("allstar", "season", "start", "--players", "Manue,Benoit,Carine,Denis", "--seed", "4"),
        ("allstar", "season", "arenas", "glacier"),
        ("allstar", "season", "team", "Manue", "1", "duc-1,duc-2,duc-3,duc-4,duc-5"),
        ("allstar", "season", "team", "Benoit", "1",
         "bea-3-puck,bea-4-goal,tig-3-helmet,sha-3-skate,eag-5"),
        ("allstar", "season", "team", "Carine", "1",
         "pan-3-puck,car-3-goal,rab-3-helmet,eag-1,car-2"),
        ("allstar", "season", "team", "Denis", "1", "sha-5,car-6,pan-7,rab-8,tig-9"),
        ("allstar", "season", "resolve"),
    )  # fmt: skip
    assert numbered(cli("history", "show").stdout) == [
        "  1. set-up: Manue, Benoit, Carine, Denis (standard)",
        "  2. round 1: arenas Glacier Gardens",
        "  3. Manue sends bus 1: Ducks-1, Ducks-2, Ducks-3, Ducks-4, Ducks-5",
        "  4. Benoit sends bus 1: Bears-3-puck, Bears-4-goal, Tigers-3-helmet, Sharks-3-skate,"
        " Eagles-5",
        "  5. Carine sends bus 1: Pandas-3-puck, Caribou-3-goal, Rabbits-3-helmet, Eagles-1,"
        " Caribou-2",
        "  6. Denis sends bus 1: Sharks-5, Caribou-6, Pandas-7, Rabbits-8, Tigers-9",
        "  7. round 1 resolved: Manue +13, Benoit +10, Carine +10, Denis +5 Supporters",
    ]
