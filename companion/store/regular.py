"""Only regular files are read, and never without a limit.

A path the user names (`history import FILE`, `restore FILE`, `--db FILE`, a backup's
target) may be a device, a FIFO or a socket: `/dev/zero` reads for ever, a FIFO blocks
until someone writes to it, `/dev/full` yields zeros without end. So the path is
`stat`ed before it is opened and refused unless it is a regular file, and what is read
stops at a cap (a file that grows while it is read is refused, not followed).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

MAX_READ = 1 << 30  # 1 GiB: ten times a 100,000-match export
MAX_SHOWN = "1 GiB"

_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


class NotRegular(OSError):
    """Not a regular file, or larger than the cap; `str()` says which."""


def check(path: Path, cap: int = MAX_READ) -> os.stat_result:
    """`path`'s stat if it is a regular file no larger than `cap` (symlinks followed);
    NotRegular otherwise, FileNotFoundError (and other OSErrors) as `os.stat` raises."""
    found = os.stat(path)
    for test, kind in _KINDS:
        if test(found.st_mode):
            raise NotRegular(f"it is {kind}, not a regular file")
    if not stat.S_ISREG(found.st_mode):
        raise NotRegular("it is not a regular file")
    if found.st_size > cap:
        raise NotRegular(f"it is larger than {MAX_SHOWN}")
    return found


def read(path: Path, cap: int = MAX_READ) -> bytes:
    """The bytes of the regular file `path`, at most `cap` of them (see `check`)."""
    check(path, cap)
    with open(path, "rb") as handle:
        data = handle.read(cap + 1)
    if len(data) > cap:
        raise NotRegular(f"it is larger than {MAX_SHOWN}")
    return data


SMALL_READ = 16 << 20  # 16 MiB: a catalogue or a deck the user names: thousands of cards at most


def text(path: Path, encoding: str = "utf-8", cap: int = SMALL_READ) -> str:
    """The text of a file the user names, or one BadInput line saying why it cannot be
    read: missing, not a regular file (a FIFO would block, /dev/zero read for ever),
    larger than `cap`, or not text in `encoding`."""
    from companion.engine.errors import BadInput

    try:
        return read(path, cap).decode(encoding)
    except FileNotFoundError:
        raise BadInput(f"cannot read {path}: no file there") from None
    except NotRegular as err:
        raise BadInput(f"cannot read {path}: {err}") from None
    except OSError as err:
        raise BadInput(f"cannot read {path}: {err.strerror or err}") from None
    except UnicodeDecodeError:
        raise BadInput(f"cannot read {path}: it is not UTF-8 text") from None
