"""Realistic finished matches for all four games, for the history benchmarks.

    python tests/benchmarks/history_generate.py DB COUNT [--seed N]

Matches are spread over five years of evenings among a club of 24 players
(a few regulars play most nights), with the event logs the trackers keep:
a Valley Hoopers match has about 100 events (turns and shots with their
dice), All-Star Draft about 25, Playlist about 45, OT Fantasy Draft about
35 (7 rounds of picks). One in ten Valley Hoopers matches belongs to a
best-of-seven Series, whose summary document is archived too. Results follow
the result contract (scores, ranks, winner, game extras).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

PLAYERS = [
    "Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kai", "Lu",
    "Mo", "Ned", "Oz", "Pia", "Quin", "Rae", "Sol", "Tia", "Uma", "Vic", "Wes", "Xan",
]  # fmt: skip
TRIBES = ["Keepers", "Unleashed", "Sin Miedo", "Linda's Crew"]
GAMES = ["hoopers", "allstar", "playlist", "otdraft"]
START = datetime(2021, 1, 1, 19, 0, tzinfo=UTC)
ALPHABET = "bcdfghjkmnpqrstvwxz23456789"


def iso(when: datetime) -> str:
    return when.isoformat(timespec="seconds")


def ranks_for(scores: dict[str, int]) -> dict[str, int]:
    return {p: 1 + sum(1 for s in scores.values() if s > v) for p, v in scores.items()}


def winner_of(ranks: dict[str, int]) -> str | None:
    top = [p for p, r in ranks.items() if r == 1]
    return top[0] if len(top) == 1 else None


def ev(event_type: str, when: datetime, **data: Any) -> dict[str, Any]:
    return {"type": event_type, "data": data, "at": iso(when)}


def pick_players(rng: random.Random, low: int, high: int) -> list[str]:
    # Regulars (the first eight) are three times as likely to be at the table.
    weights = [3 if i < 8 else 1 for i in range(len(PLAYERS))]
    chosen: list[str] = []
    while len(chosen) < rng.randint(low, high):
        name = rng.choices(PLAYERS, weights)[0]
        if name not in chosen:
            chosen.append(name)
    return chosen


def hoopers(rng: random.Random, when: datetime) -> tuple[list[str], dict, list, dict]:
    home, away = rng.sample(TRIBES, 2)
    players = [home, away]
    events = [ev("start", when, home=home, away=away, variant="classic")]
    periods = []
    for period in range(4):
        points = {home: 0, away: 0}
        for turn in range(16):
            side = players[(turn + period) % 2]
            roll = rng.randrange(5, 101, 5)
            target = rng.choice([45, 50, 55, 60, 65, 70])
            scored = roll <= target
            pts = rng.choice([2, 2, 3]) if scored else 0
            points[side] += pts
            events.append(
                ev("shot", when, team=side, hooper=f"H{rng.randint(1, 7)}", kind="2ps",
                   target=target, roll=roll, face=rng.choice(["blank", "whistle", "blank"]),
                   scored=scored, points=pts)
            )  # fmt: skip
            if turn % 2:
                events.append(ev("turn", when))
        periods.append([points[home], points[away]])
    scores = {p: sum(per[i] for per in periods) for i, p in enumerate(players)}
    if scores[home] == scores[away]:
        scores[home] += 2
        periods.append([2, 0])
    ranks = ranks_for(scores)
    options = {"home": home, "away": away, "variant": "classic"}
    return players, options, events, {"periods": periods, "ranks": ranks}


def allstar(rng: random.Random, when: datetime) -> tuple[list[str], dict, list, dict]:
    players = pick_players(rng, 3, 6)
    events = [ev("setup", when, managers=players, species=rng.sample(range(12), 2 * len(players)))]
    regular = {p: 0 for p in players}
    rounds = []
    for n in range(1, 4):
        events.append(ev("arenas", when, round=n, arenas=[f"Arena {k}" for k in range(n)]))
        for p in players:
            events.append(ev("team", when, manager=p, bus=1, cards=rng.sample(range(60), 5)))
        gained = {p: rng.randint(0, 13) for p in players}
        rounds.append(gained)
        for p, g in gained.items():
            regular[p] += g
        events.append(ev("resolve", when, round=n, gained=gained))
    playoffs = {p: rng.choice([0, 2, 5, 8, 11]) for p in players}
    events.append(ev("playoffs", when, points=playoffs))
    scores = {p: regular[p] + playoffs[p] for p in players}
    extras = {"playoff_scores": playoffs, "regular_scores": regular, "rounds": rounds}
    return players, {}, events, {**extras, "ranks": ranks_for(scores), "scores": scores}


def playlist(rng: random.Random, when: datetime) -> tuple[list[str], dict, list, dict]:
    if rng.random() < 0.15:
        player = [rng.choice(PLAYERS)]
        events = [ev("deal", when, cards=rng.sample(range(80), 20))]
        reached = rng.randint(1, 9)
        events += [ev("round", when, round=r, score=rng.randint(6, 16)) for r in range(reached)]
        scores = {player[0]: reached}
        return (
            player,
            {"mode": "solo"},
            events,
            {"round": reached, "scores": scores, "ranks": {player[0]: 1}},
        )
    players = pick_players(rng, 2, 5)
    events = [ev("start", when, players=players)]
    lengths = {p: 0 for p in players}
    for turn in range(rng.randint(30, 50)):
        p = players[turn % len(players)]
        lengths[p] += 1
        events.append(ev("play", when, player=p, cards=[rng.randrange(80)]))
    scores = {p: lengths[p] + rng.randint(0, 12) for p in players}
    return players, {}, events, {"lengths": lengths, "ranks": ranks_for(scores), "scores": scores}


def otdraft(rng: random.Random, when: datetime) -> tuple[list[str], dict, list, dict]:
    players = pick_players(rng, 2, 5)
    events = [ev("start", when, players=players, first=players[0])]
    for rnd in range(7):
        for p in players:
            events.append(ev("pick", when, player=p, card=f"card{rng.randrange(120)}", round=rnd))
    scores = {p: rng.randint(40, 110) for p in players}
    return players, {"first": players[0]}, events, {"ranks": ranks_for(scores), "scores": scores}


MAKERS = {"hoopers": hoopers, "allstar": allstar, "playlist": playlist, "otdraft": otdraft}


def generate(count: int, seed: int = 1) -> list[dict[str, Any]]:
    """`count` finished matches (series summaries included), oldest first."""
    rng = random.Random(seed)
    step = timedelta(days=5 * 365) / max(count, 1)
    out: list[dict[str, Any]] = []
    series: dict[str, Any] | None = None
    used: set[str] = set()

    def new_id() -> str:
        while True:
            candidate = "".join(rng.choice(ALPHABET) for _ in range(6))
            if candidate not in used:
                used.add(candidate)
                return candidate

    n = 0
    while len(out) < count:
        when = START + step * n + timedelta(minutes=rng.randint(0, 180))
        n += 1
        game = rng.choice(GAMES)
        players, options, events, extras = MAKERS[game](rng, when)
        scores = extras.pop("scores", None)
        if scores is None:  # hoopers keeps its score in the periods
            scores = {p: sum(per[i] for per in extras["periods"]) for i, p in enumerate(players)}
        ranks = extras.pop("ranks")
        match = {
            "id": new_id(),
            "game": game,
            "players": players,
            "options": options,
            "seed": rng.getrandbits(63),
            "status": "finished" if rng.random() > 0.03 else "abandoned",
            "created": iso(when),
            "updated": iso(when + timedelta(hours=1)),
            "finished": iso(when + timedelta(hours=1)),
            "events": events,
            "result": {"scores": scores, "ranks": ranks, "winner": winner_of(ranks), **extras},
        }
        if match["status"] == "abandoned":
            match["result"] = {}
        if game == "hoopers" and match["status"] == "finished" and rng.random() < 0.1:
            series = series or {
                "id": new_id(),
                "tribes": players,
                "wins": dict.fromkeys(players, 0),
            }
            if set(players) == set(series["tribes"]):
                match["options"]["series"] = series["id"]
                series["wins"][match["result"]["winner"]] += 1
                if max(series["wins"].values()) == 4:
                    wins = series["wins"]
                    ranks = ranks_for(wins)
                    out.append(
                        {
                            "id": series["id"], "game": "hoopers-series",
                            "players": series["tribes"],
                            "options": {}, "seed": None, "status": "finished",
                            "created": match["created"], "finished": match["finished"],
                            "events": [], "result": {"scores": wins, "ranks": ranks,
                                                     "winner": winner_of(ranks)},
                        }
                    )  # fmt: skip
                    series = None
        out.append(match)
    return out[:count]


def fill(db: Path, count: int, seed: int = 1, chunk: int = 5000) -> float:
    """Archive `count` generated matches into `db`; seconds taken."""
    from companion.store import Store
    from companion.store.archive import archive_many

    store = Store(db)
    matches = generate(count, seed)
    started = time.perf_counter()
    for i in range(0, len(matches), chunk):
        archive_many(store, matches[i : i + chunk])
    return time.perf_counter() - started


def write_export(path: Path, count: int, seed: int = 1) -> int:
    """Write `count` generated matches as a `history export` JSON file; its size in bytes."""
    import json

    body = {
        "format": "companion-history",
        "version": 1,
        "exported": iso(datetime.now(UTC)),
        "players": {},
        "matches": generate(count, seed),
    }
    path.write_text(json.dumps(body, separators=(",", ":")), encoding="utf-8")
    return path.stat().st_size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("db", type=Path)
    parser.add_argument("count", type=int)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    took = fill(args.db, args.count, args.seed)
    print(f"archived {args.count} matches into {args.db} in {took:.1f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
