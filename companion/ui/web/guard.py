"""What keeps the scoreboard server safe from the network it listens on.

- Only the host names it was started for are answered (DNS rebinding: a page on
  attacker.example that resolves to 127.0.0.1 gets 421 and no state).
- A request has HEADER_S seconds for its request line and headers, counted
  from its first byte awaited, however slowly they trickle in (slowloris).
- At most MAX_CONNECTIONS connections are served at once; the next is refused at once.
- A viewer that goes away is nobody's error: nothing is printed for it.
"""

from __future__ import annotations

import io
import socket
import threading
import time
from http.server import ThreadingHTTPServer
from typing import Any

LOOPBACK = ("127.0.0.1", "localhost", "[::1]")
HEADER_S = 5.0  # a browser sends its headers in milliseconds
WRITE_S = 10.0  # a viewer that reads nothing for this long is gone
MAX_CONNECTIONS = 64  # a room's screens and phones, with room to spare
BUSY = b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"


def allowed_hosts(names: tuple[str, ...], port: int) -> frozenset[str]:
    """The Host header values a browser sends for `names` on `port` (lower case)."""
    hosts = {f"{name.lower()}:{port}" for name in names}
    if port == 80:  # the default port is left out of the header
        hosts |= {name.lower() for name in names}
    return frozenset(hosts)


class DeadlineReader(io.RawIOBase):
    """The socket as read by one request: every read waits only until the deadline."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.deadline = time.monotonic() + HEADER_S

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("the request took too long")
        self.sock.settimeout(left)
        return self.sock.recv_into(buffer)


class GuardedServer(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False  # stopping never waits for a slow client
    allow_reuse_address = False  # a taken port must be reported, not shared
    request_queue_size = 64  # a room opening its pages at once waits for no SYN retry

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.slots = threading.BoundedSemaphore(MAX_CONNECTIONS)

    def process_request(self, request: Any, client_address: Any) -> None:
        if not self.slots.acquire(blocking=False):
            try:
                request.setblocking(False)
                request.send(BUSY)
            except OSError:
                pass
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:  # no thread started: the slot is free again
            self.slots.release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A viewer that hangs up, resets or stalls is not an error at the table."""
        import sys

        error = sys.exc_info()[1]
        if isinstance(error, OSError):
            return
        from companion.ui.console import safe

        what = safe(f"{type(error).__name__}: {error}")
        sys.stderr.write(f"error: a scoreboard request failed: {what}\n")
        sys.stderr.flush()
