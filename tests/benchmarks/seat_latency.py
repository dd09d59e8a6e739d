"""How fast a tap on a phone reaches the room's board: a seat's move to the TV's new state.

    python tests/benchmarks/seat_latency.py [--taps 50] [--picks 48]

Two tables, each served by `companion watch --web` as its own process on a free loopback
port, the room's event stream held open as the TV's page does:

- a tug of war (examples/tug, installed into a temporary folder): `--taps` pulls made
  through the players' seats; a won tug is filed and a new one started (not timed);
- an All-Star deck draft, four managers: `--picks` picks, each from its manager's own
  hand (the first card their seat offers), the hands passing after every fourth; after a
  round's 24 picks the season is abandoned and a new one dealt (not timed).

Each move is sent as the phone's page sends it (`POST /seat/TOKEN/move`) and timed from
the moment its request is sent to the moment the new state arrives on the room's stream;
the phone's own answer (the move made, its new state) is timed too. Prints figures;
asserts nothing. Goal: median <= 150 ms, as a CLI write today.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from time import perf_counter

ROOT = Path(__file__).resolve().parents[2]
MANAGERS = ("Ana", "Ben", "Cy", "Dee")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, int(round(len(ordered) * share)) - 1)]


def cli(env: dict[str, str]) -> Callable[..., dict]:
    def companion(*words: str) -> dict:
        done = subprocess.run(
            [sys.executable, "-m", "companion", *words, "--json"],
            env=env, capture_output=True, text=True, check=True,
        )  # fmt: skip
        return json.loads(done.stdout)

    return companion


@contextmanager
def served(env: dict[str, str]) -> Iterator[tuple[int, Callable[[], dict]]]:
    """The room's server on a free port and the next state on its event stream."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "companion", "watch", "--web", "--port", str(port)],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    try:
        server.stdout.readline()
        room = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        room.request("GET", "/api/events")
        stream = room.getresponse()

        def next_state() -> dict:
            line = stream.readline()
            while not line.startswith(b"data: "):
                line = stream.readline()
            return json.loads(line[6:])["state"]

        yield port, next_state
        room.close()
    finally:
        server.terminate()
        server.wait(timeout=5)


def tap(port: int, token: str, move: dict, seen: int) -> tuple[float, dict]:
    """A move sent as a seat's page sends it: the time to its answer, and the answer."""
    body = json.dumps({"move": move, "seen": seen})
    phone = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    tapped = perf_counter()
    phone.request("POST", f"/seat/{token}/move", body, {"Content-Type": "application/json"})
    answer = phone.getresponse()
    made = json.loads(answer.read())
    took = perf_counter() - tapped
    phone.close()
    assert answer.status == 200, made
    return tapped, {**made, "took": took * 1000}


def seat_state(port: int, token: str) -> dict:
    phone = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    phone.request("GET", f"/seat/{token}/state")
    state = json.loads(phone.getresponse().read())
    phone.close()
    return state


def tug(env: dict[str, str], taps: int) -> tuple[list[float], list[float]]:
    companion = cli(env)

    def new_game() -> dict[str, str]:
        companion("tug", "start", "--players", "Ann,Bob")
        return {s["player"]: s["token"] for s in companion("seats")["seats"]}

    tokens = new_game()
    to_room, to_phone = [], []
    with served(env) as (port, next_state):
        shown = next_state()
        seen = 0  # a tug opens with no event
        while len(to_room) < taps:
            if "won" in shown.get("next", ""):
                companion("tug", "end")
                tokens, seen = new_game(), 0
                while shown.get("next") != "Ann pulls" or shown.get("scores") != {
                    "Ann": 0,
                    "Bob": 0,
                }:
                    shown = next_state()
                continue
            player = shown["turn"]
            move = {"kind": "pull", "who": player, "what": {"player": player}}
            tapped, made = tap(port, tokens[player], move, seen)
            to_phone.append(made["took"])
            seen = made["seen"]
            shown = next_state()
            to_room.append((perf_counter() - tapped) * 1000)
    return to_room, to_phone


def allstar(env: dict[str, str], picks: int) -> tuple[list[float], list[float]]:
    companion = cli(env)
    companion("allstar", "arena", "add", "Harbour", "--points", "9,6,3,1")

    def new_season() -> dict[str, str]:
        companion("allstar", "season", "start", "--players", ",".join(MANAGERS), "--deck")
        companion("allstar", "season", "arenas", "Harbour")
        return {s["player"]: s["token"] for s in companion("seats")["seats"]}

    def dealt(state: dict) -> bool:
        return state.get("phase") == "draft" and not any(state["bench_size"].values())

    tokens = new_season()
    to_room, to_phone = [], []
    with served(env) as (port, next_state):
        while not dealt(next_state()):
            pass
        while len(to_room) < picks:
            for manager in MANAGERS:
                offered = seat_state(port, tokens[manager])
                if not offered["moves"] or offered["moves"][0]["move"]["kind"] != "pick":
                    companion("allstar", "season", "abandon")
                    tokens = new_season()
                    while not dealt(next_state()):  # the new season on the board (not timed)
                        pass
                    break
                move = offered["moves"][0]["move"]
                bench = len(offered["own"]["bench"]) + 1
                tapped, made = tap(port, tokens[manager], move, offered["seen"])
                to_phone.append(made["took"])
                while next_state()["bench_size"][manager] != bench:  # the TV shows this pick
                    pass
                to_room.append((perf_counter() - tapped) * 1000)
    return to_room[:picks], to_phone[:picks]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=50)
    parser.add_argument("--picks", type=int, default=48)
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="companion-seats-"))
    site = folder / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
         "--no-index", "--target", str(site), str(ROOT / "examples" / "tug")],
        check=True,
    )  # fmt: skip
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(site)])}
    rows = []
    to_room, to_phone = tug({**env, "COMPANION_DB": str(folder / "tug.json")}, args.taps)
    rows += [("tap -> room's board (tug pull)", to_room), ("tap -> phone's answer", to_phone)]
    to_room, to_phone = allstar({**env, "COMPANION_DB": str(folder / "allstar.json")}, args.picks)
    rows += [
        ("All-Star pick -> room's board", to_room),
        ("All-Star pick -> phone's answer", to_phone),
    ]
    for name, delays in rows:
        print(
            f"{name} over {len(delays)} moves: median {statistics.median(delays):.0f} ms, "
            f"p95 {percentile(delays, 0.95):.0f} ms, worst {max(delays):.0f} ms"
        )


if __name__ == "__main__":
    main()
