"""How fast a tap on a phone reaches the room's board: a seat's move to the TV's new state.

    python tests/benchmarks/seat_latency.py [--taps 50]

Installs the example tug of war (examples/tug, a game that answers the legal-moves query)
into a temporary folder, starts `companion watch --web` as its own process on a free
loopback port, holds the room's event stream open as the TV's page does, and makes
`--taps` pulls through the players' seats (`POST /seat/TOKEN/move`, as the phone's page
sends them). Each tap is timed from the moment its request is sent to the moment the new
state arrives on the room's stream; the phone's own answer (the move made, its new
state) is timed too. A tug that is won is filed and a new one started between taps (not
timed). Prints figures; asserts nothing. Goal: median <= 150 ms, as a CLI write today.
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
from pathlib import Path
from time import perf_counter

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, int(round(len(ordered) * share)) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=50)
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="companion-seats-"))
    site = folder / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
         "--no-index", "--target", str(site), str(ROOT / "examples" / "tug")],
        check=True,
    )  # fmt: skip
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(site)])}
    env["COMPANION_DB"] = str(folder / "db.json")

    def companion(*words: str) -> dict:
        done = subprocess.run(
            [sys.executable, "-m", "companion", *words, "--json"],
            env=env, capture_output=True, text=True, check=True,
        )  # fmt: skip
        return json.loads(done.stdout)

    def new_game() -> dict[str, str]:
        companion("tug", "start", "--players", "Ann,Bob")
        return {s["player"]: s["token"] for s in companion("seats")["seats"]}

    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "companion", "watch", "--web", "--port", str(port)],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    try:
        tokens = new_game()
        server.stdout.readline()
        room = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        room.request("GET", "/api/events")
        stream = room.getresponse()

        def next_state() -> dict:
            line = stream.readline()
            while not line.startswith(b"data: "):
                line = stream.readline()
            return json.loads(line[6:])["state"]

        shown = next_state()
        seen = 0  # a tug opens with no event
        to_room, to_phone = [], []
        while len(to_room) < args.taps:
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
            body = json.dumps(
                {"move": {"kind": "pull", "who": player, "what": {"player": player}}, "seen": seen}
            )
            phone = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            tapped = perf_counter()
            phone.request(
                "POST", f"/seat/{tokens[player]}/move", body, {"Content-Type": "application/json"}
            )
            answer = phone.getresponse()
            made = json.loads(answer.read())
            to_phone.append((perf_counter() - tapped) * 1000)
            assert answer.status == 200, made
            seen = made["seen"]
            phone.close()
            shown = next_state()
            to_room.append((perf_counter() - tapped) * 1000)
        room.close()
    finally:
        server.terminate()
        server.wait(timeout=5)
    for name, delays in (("tap -> room's board", to_room), ("tap -> phone's answer", to_phone)):
        print(
            f"{name} over {len(delays)} taps: median {statistics.median(delays):.0f} ms, "
            f"p95 {percentile(delays, 0.95):.0f} ms, worst {max(delays):.0f} ms"
        )


if __name__ == "__main__":
    main()
