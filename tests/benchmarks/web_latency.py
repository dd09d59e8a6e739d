"""How fast a recorded move reaches the browser, and what an idle scoreboard server costs.

    python tests/benchmarks/web_latency.py [--writes 50] [--idle 10]

Starts `companion watch --web` as its own process on a free loopback port,
holds its event stream open like a page does, records `--writes` moves
through the table layer in this process and times each from the moment the
write returned to the moment the new state arrived on the stream. Then it
leaves the server idle for `--idle` seconds and reads its CPU time from
/proc. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import http.client
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--writes", type=int, default=50)
    parser.add_argument("--idle", type=float, default=10.0)
    args = parser.parse_args()

    from companion.engine.events import event
    from companion.games.hoopers.table import HoopersTable, roster
    from companion.store import Store

    folder = Path(tempfile.mkdtemp(prefix="companion-web-"))
    db = folder / "db.json"
    table = HoopersTable(Store(db))
    table.start(
        "Lucy",
        "Karl",
        rosters={
            "Lucy": roster("Lucy", "unleashed", None),
            "Karl": roster("Karl", "keepers", None),
        },
        first="Lucy",
        seed=1,
    )
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "companion", "--db", str(db), "watch", "--web", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        server.stdout.readline()
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", "/api/events")
        stream = conn.getresponse()
        stream.readline(), stream.readline()  # the state now
        delays = []
        for n in range(args.writes):
            table.record(event("score", team="Lucy" if n % 2 else "Karl", points=1, hooper=None))
            written = time.perf_counter()
            line = stream.readline()
            while not line.startswith(b"data: "):
                line = stream.readline()
            delays.append((time.perf_counter() - written) * 1000)
            stream.readline()
        conn.close()
        cpu_before = cpu_seconds(server.pid)
        time.sleep(args.idle)
        idle = (cpu_seconds(server.pid) - cpu_before) / args.idle * 100
    finally:
        server.terminate()
        server.wait(timeout=5)
    delays.sort()
    print(
        f"move -> page over {args.writes} writes: median {statistics.median(delays):.0f} ms, "
        f"p90 {delays[int(len(delays) * 0.9) - 1]:.0f} ms, worst {delays[-1]:.0f} ms"
    )
    print(f"idle server CPU over {args.idle:.0f} s: {idle:.2f} % of one core")


if __name__ == "__main__":
    main()
