"""What keeps the scoreboard server safe from the network it listens on.

- Only the host names it was started for are answered (DNS rebinding: a page on
  attacker.example that resolves to 127.0.0.1 gets 421 and no state).
- A request has HEADER_S seconds for its request line and headers, counted
  from its first byte awaited, however slowly they trickle in (slowloris).
- At most MAX_CONNECTIONS streams are open at once (the room), and at most MAX_PER_ADDRESS
  of them from one client; the next is refused at once, 503 for a full room and 429 for a
  client over its share. A stream takes its slot only once its request is read and its
  token checked: a connection that has not yet said who it is waits in a pool of its own
  (as many again, with the same share per client), so neither a request that never ends
  its headers nor one without the token can keep a viewer out of the room.
- A client is a computer, not an address: every loopback address and every address of this
  computer is one client (`client_of`), so a few local addresses cannot take more than one
  share; with `--lan` every viewer has the room's one token, and the share per client is
  what keeps one of them from taking the room.
- A stream ends after STREAM_S seconds (the page reconnects by itself), so no client
  keeps a slot for good; one whose viewer leaves ends at once (`server.Handler._await`).
- A viewer that goes away is nobody's error: nothing is printed for it.
"""

from __future__ import annotations

import functools
import io
import ipaddress
import socket
import sys
import threading
import time
from http.server import ThreadingHTTPServer
from typing import Any

LOOPBACK = ("127.0.0.1", "localhost", "[::1]")
HEADER_S = 5.0  # a browser sends its headers in milliseconds
WRITE_S = 10.0  # a viewer that reads nothing for this long is gone
MAX_CONNECTIONS = 64  # a room's screens and phones, with room to spare (streams)
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
THIS_COMPUTER = "this computer"  # the client every local address is


@functools.lru_cache(maxsize=256)
def client_of(address: str) -> str:
    """Who a connection from `address` is: this computer for any loopback address (all of
    127/8 reaches a server on 127.0.0.1) or any address of its own, else the address."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    mapped = getattr(ip, "ipv4_mapped", None)
    if (mapped or ip).is_loopback:
        return THIS_COMPUTER
    family = socket.AF_INET6 if ip.version == 6 else socket.AF_INET
    try:  # only an address of this computer can be bound (no traffic is sent)
        with socket.socket(family, socket.SOCK_DGRAM) as probe:
            probe.bind((address, 0))
    except OSError:
        return address
    return THIS_COMPUTER


class Slots:
    """`total` slots, at most `share` of them held by one client."""

    def __init__(self, total: int, share: int) -> None:
        self.free = threading.BoundedSemaphore(total)
        self.share = share
        self.lock = threading.Lock()
        self.taken: dict[str, int] = {}

    def take(self, client: str) -> bytes | None:
        """Take a slot for `client`; None, or the refusal to send."""
        with self.lock:
            if self.taken.get(client, 0) >= self.share:
                return TOO_MANY
            if not self.free.acquire(blocking=False):
                return BUSY
            self.taken[client] = self.taken.get(client, 0) + 1
            return None

    def give(self, client: str) -> None:
        with self.lock:
            left = self.taken.pop(client) - 1
            if left:
                self.taken[client] = left
            self.free.release()


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
    # Bind the port again while the last run's connections close (TIME_WAIT): `watch --web`
    # restarts on its port with a viewer still connected. On POSIX a port another socket
    # listens on is still refused (reported as taken); Windows' reuse would share it.
    allow_reuse_address = sys.platform != "win32"
    request_queue_size = 64  # a room opening its pages at once waits for no SYN retry

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.admitting = threading.Lock()
        self.waiting = Slots(MAX_CONNECTIONS, MAX_PER_ADDRESS)  # connections, until a stream
        self.streams = Slots(MAX_CONNECTIONS, MAX_PER_ADDRESS)  # the room
        # Whose each new connection is, until its thread takes it; then, in the thread, the
        # connection's client and the pool its slot is in.
        self.clients: dict[Any, str] = {}
        self.held = threading.local()

    def stream(self) -> bytes | None:
        """Move the connection of this thread from the waiting pool into the room; None,
        or the refusal to send (it stays waiting, until it closes)."""
        client = self.held.client
        refused = self.streams.take(client)
        if refused is None:
            self.waiting.give(client)
            self.held.pool = self.streams
        return refused

    def process_request(self, request: Any, client_address: Any) -> None:
        client = client_of(client_address[0])
        refused = self.waiting.take(client)
        if refused is not None:
            try:
                request.setblocking(False)
                request.send(refused)
            except OSError:
                pass
            self.shutdown_request(request)
            return
        with self.admitting:
            self.clients[request] = client
        try:
            super().process_request(request, client_address)
        except BaseException:  # no thread started: the slot is free again
            with self.admitting:
                self.clients.pop(request, None)
            self.waiting.give(client)
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        with self.admitting:
            self.held.client = self.clients.pop(request)
        self.held.pool = self.waiting
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.held.pool.give(self.held.client)

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
