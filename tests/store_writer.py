"""A writer process for the concurrency and crash tests.

    python tests/store_writer.py DB GAME COUNT

Appends COUNT events to GAME's live match, printing `ack N` after each append
returns — the events a user was told were recorded.
"""

from __future__ import annotations

import sys

from companion.store import Store


def main() -> None:
    path, game, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    store = Store(path)
    for n in range(count):
        tick = {"type": "tick", "data": {"writer": game, "n": n}}
        store.update_live(game, lambda _match, tick=tick: [tick])
        print(f"ack {n}", flush=True)


if __name__ == "__main__":
    main()
