"""What keeps the scoreboard server safe from the network it listens on.

- Only the host names it was started for are answered (DNS rebinding: a page on
  attacker.example that resolves to 127.0.0.1 gets 421 and no state).
- A request has HEADER_S seconds for its request line and headers, counted
  from its first byte awaited, however slowly they trickle in (slowloris).
- At most MAX_CONNECTIONS connections are served at once, and at most MAX_PER_ADDRESS
  from one client address (one process opening streams cannot fill the room); the next is
  refused at once, 503 for a full room and 429 for a client over its share.
- A stream ends after STREAM_S seconds (the page reconnects by itself), so no client
  keeps a slot for good; one whose viewer leaves ends at once (`server.Handler._await`).
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
# A browser opens at most 6 connections to one server; a quarter of the room leaves three
# quarters to everyone else whatever one client does.
MAX_PER_ADDRESS = 16
STREAM_S = 300.0  # then the stream ends and the page opens a new one
RETRY_MS = 2000  # how long the page waits before it does (the stream's `retry:`)


def refusal(code: int, reason: str, retry_s: int) -> bytes:
    """An answer written straight to the socket, before any request is read."""
    return (
        f"HTTP/1.1 {code} {reason}\r\nContent-Length: 0\r\nRetry-After: {retry_s}\r\n"
        "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n"
    ).encode("ascii")


BUSY = refusal(503, "Service Unavailable", 5)
TOO_MANY = refusal(429, "Too Many Requests", 5)


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
        self.admitting = threading.Lock()
        self.per_address: dict[str, int] = {}

    def admit(self, address: str) -> bytes | None:
        """Take a slot for a connection from `address`; None, or the refusal to send."""
        with self.admitting:
            if self.per_address.get(address, 0) >= MAX_PER_ADDRESS:
                return TOO_MANY
            if not self.slots.acquire(blocking=False):
                return BUSY
            self.per_address[address] = self.per_address.get(address, 0) + 1
            return None

    def leave(self, address: str) -> None:
        with self.admitting:
            left = self.per_address.pop(address) - 1
            if left:
                self.per_address[address] = left
            self.slots.release()

    def process_request(self, request: Any, client_address: Any) -> None:
        refused = self.admit(client_address[0])
        if refused is not None:
            try:
                request.setblocking(False)
                request.send(refused)
            except OSError:
                pass
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:  # no thread started: the slot is free again
            self.leave(client_address[0])
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.leave(client_address[0])

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
