"""Named crash points for recovery tests, triggered from the environment.

`COMPANION_FAILPOINT` is read only when it is set; unset, `point()` is one
dictionary lookup. The store calls `point()` around every durable step of a
write (a temp file written and synced, a backup link made, a file renamed into
place), so a test can kill a real process at each of them in turn:

    write:N         exit at once (status 137) just after the N-th durable step
    before-write:N  exit at once (status 137) just before it
    enospc:N        fail the N-th step with "No space left on device"
    erofs:N         fail the N-th step with "Read-only file system"
    erofs:*         fail every step, and taking the lock, that way (a read-only mount)

Counting is per process, from the first step it takes.
"""

from __future__ import annotations

import errno
import os

VARIABLE = "COMPANION_FAILPOINT"
KILLED = 137  # what a shell reports for a process killed by SIGKILL

_ERRORS = {"enospc": errno.ENOSPC, "erofs": errno.EROFS}
_counted: dict[str, int] = {}  # spec -> steps taken under it (one process, one spec)


def _parse(spec: str) -> tuple[str, int | None]:
    kind, _, count = spec.partition(":")
    if count == "*":
        return kind, None
    try:
        return kind, int(count)
    except ValueError:
        return "", 0


def point(what: str) -> None:
    """One durable step (`what` names it); crashes or fails it if the failpoint says so."""
    spec = os.environ.get(VARIABLE)
    if not spec:
        return
    kind, target = _parse(spec)
    step = _counted[spec] = _counted.get(spec, 0) + 1
    if target is not None and step != target:
        return
    if kind == "before-write":
        os._exit(KILLED)
    if kind in _ERRORS:
        code = _ERRORS[kind]
        raise OSError(code, os.strerror(code), what)


def after(what: str) -> None:
    """Just after a durable step: `write:N` exits here."""
    spec = os.environ.get(VARIABLE)
    if not spec or not spec.startswith("write:"):
        return
    _, target = _parse(spec)
    if _counted.get(spec) == target:
        os._exit(KILLED)


def lock_point() -> None:
    """Taking the lock: `erofs:*` fails it as a read-only mount would."""
    spec = os.environ.get(VARIABLE)
    if spec == "erofs:*":
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))


def passed() -> int:
    """How many durable steps this process has taken under the current failpoint."""
    spec = os.environ.get(VARIABLE)
    return _counted.get(spec, 0) if spec else 0


def reset() -> None:
    """Start counting again (for tests that run several failpoints in one process)."""
    _counted.clear()
