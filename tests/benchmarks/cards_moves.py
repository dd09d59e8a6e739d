"""How fast the legal-moves query answers for the two card games (run on demand; prints figures).

.venv/bin/python tests/benchmarks/cards_moves.py

An OT Fantasy Draft dealt by the companion to five players (a 54-card deck, every secret
kept: 31 candidates) and an All Stars Playlist game dealt to four (80 music cards: 27
candidates), each asked nine times on its folded state; the median and the slowest.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from companion.engine.events import event, play, replay  # noqa: E402
from companion.engine.moves import legal  # noqa: E402
from companion.engine.rng import TableRng  # noqa: E402
from companion.games.otdraft.rules.draft import RULES as DRAFT  # noqa: E402
from companion.games.playlist.rules import deck  # noqa: E402
from companion.games.playlist.rules.game import RULES as GAME  # noqa: E402
from companion.games.playlist.rules.synthetic import synthetic_box  # noqa: E402
from tests.games.otdraft.helpers import full_deck  # noqa: E402

RUNS = 9


def draft() -> dict:
    players = ["Ana", "Ben", "Cy", "Dee", "Eve"]
    options = {"first": "Ana", "deck": True, "catalogue": full_deck(54, True).to_raw()}
    match = {"id": "m", "players": players, "options": options, "seed": 1, "events": []}
    match["events"] = play(DRAFT, match, [event("deal")]).events
    for player in players:
        keep = replay(DRAFT, match).candidates[player][0]
        match["events"] += play(DRAFT, match, [event("secret", player=player, card=keep)]).events
    return match


def game() -> dict:
    players = ["Ana", "Ben", "Cy", "Dee"]
    piles = deck.shuffle(synthetic_box(TableRng(11)), (), (), TableRng(4))
    start = {"type": "start", "data": {"first": "Ana", "how": "chosen", "deck": piles}}
    return {"id": "m", "players": players, "options": {}, "seed": 4, "events": [start]}


def measure(name: str, rules, match: dict) -> None:
    state = replay(rules, match)
    times = []
    for _ in range(RUNS):
        began = time.perf_counter()
        answer = legal(rules, match, state=state)
        times.append(time.perf_counter() - began)
    tried = len(answer.moves) + len(answer.not_legal)
    print(
        f"{name}: {tried} moves tried, median {statistics.median(times) * 1000:.1f} ms, "
        f"slowest {max(times) * 1000:.1f} ms"
    )


if __name__ == "__main__":
    measure("otdraft, 5 players, dealt", DRAFT, draft())
    measure("playlist, 4 players, dealt", GAME, game())
