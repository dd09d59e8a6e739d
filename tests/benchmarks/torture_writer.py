"""Writer process for torture.py: random appends, edits, deletes and undos.

Prints `begin OP ARGS` before and `ack OP ARGS` after each operation, so the
parent knows what was acknowledged and what was in flight when it killed us.
"""

from __future__ import annotations

import contextlib
import json
import random
import sys

from companion.store import Store


def main() -> None:
    path, seed, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    store, rng = Store(path), random.Random(seed)
    for n in range(count):
        roll = rng.random()
        if roll < 0.5:
            op = ["append", f"{seed}-{n}"]
        elif roll < 0.7:
            op = ["put", f"k{rng.randrange(8)}", f"{seed}-{n}"]
        elif roll < 0.85:
            op = ["delete", f"k{rng.randrange(8)}"]
        else:
            op = ["undo"]
        print("begin", json.dumps(op), flush=True)
        apply(store, op)
        print("ack", json.dumps(op), flush=True)


def apply(store: Store, op: list[str]) -> None:
    kind = op[0]
    if kind == "append":
        store.update_live("hoopers", lambda _match: [{"type": "tick", "data": {"tag": op[1]}}])
    elif kind == "put":
        store.put_doc("torture", op[1], op[2])
    elif kind == "delete":
        store.delete_doc("torture", op[1])
    elif kind == "undo":
        from companion.engine.errors import NothingToUndo

        with contextlib.suppress(NothingToUndo):
            store.undo_events("hoopers", 1)


if __name__ == "__main__":
    main()
