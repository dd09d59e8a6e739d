"""Which machine this is, and whose file each archive file is.

A history folder carried by a sync engine (Syncthing, Dropbox, Nextcloud) must
never have two writers on one file: the engine would keep one version and drop
or set aside the other. So every machine writes only files named by its own
id — its monthly shards `YYYY-MM.<machine>.json` and its journal of records
`records.<machine>.json` — and readers merge every machine's files.

The id is kept where the folder is not: `$COMPANION_MACHINE` if set, else the
file `machine-id` in the platform's user config folder (`~/.config/companion`
on Linux), made once with a random id. A copy of the data folder therefore
never carries an id with it.

Copies a sync engine sets aside when two versions of one file meet are read
too (never ignored): Syncthing's `NAME.sync-conflict-YYYYMMDD-HHMMSS-DEVICE.json`,
Dropbox's `NAME (… conflicted copy …).json` and Nextcloud's
`NAME (conflicted copy …).json`.
"""

from __future__ import annotations

import contextlib
import os
import re
from functools import cache
from pathlib import Path

from companion.engine.errors import StoreError
from companion.engine.values import dataclass

MACHINE_ENV = "COMPANION_MACHINE"
MACHINE_FILE = "machine-id"
_ID = r"[a-z0-9]{1,32}"
MACHINE_ID = re.compile(_ID)
_ALPHABET = "bcdfghjkmnpqrstvwxz23456789"

# Archive files a companion writes: a month's shard (without a machine: from before
# machines had ids; with a part number from 2 up: a further file of that machine's month,
# which an import fills rather than rewriting a big one, see `part_name`) and a machine's
# records.
PART_NUMBER = r"[2-9]|[1-9]\d{1,5}"
SHARD_FILE = re.compile(
    rf"(?P<month>\d{{4}}-\d{{2}})(?:\.(?P<machine>{_ID})(?:\.(?P<part>{PART_NUMBER}))?)?"
)
RECORDS_FILE = re.compile(rf"records\.(?P<machine>{_ID})")
# What sync engines add to a name they set aside (before the extension). Compiled on first
# use (re's cache): 1.2 M instructions, and a move's files are no conflict copies.
_SAFE = r"[^()/\\\x00-\x1f\x7f-\x9f]{0,120}"
_COPY = (
    rf"(?P<base>.+?)(?:\.sync-conflict-\d{{8}}-\d{{6}}-[A-Z0-9]{{7}}|"
    rf" \({_SAFE}conflicted copy{_SAFE}\))"
)


def machine_id() -> str:
    """This machine's id (made and kept on first use)."""
    given = os.environ.get(MACHINE_ENV)
    if given:
        if not MACHINE_ID.fullmatch(given):
            raise StoreError(
                f"{MACHINE_ENV}={given!r} is not a machine id",
                hint="use 1 to 32 lowercase letters and digits",
            )
        return given
    return _kept_id()


def known_id() -> str | None:
    """This machine's id if it has one already (never makes one: for readers)."""
    given = os.environ.get(MACHINE_ENV)
    if given:
        return given if MACHINE_ID.fullmatch(given) else None
    with contextlib.suppress(OSError, UnicodeDecodeError):
        kept = id_file().read_text(encoding="ascii").strip()
        if MACHINE_ID.fullmatch(kept):
            return kept
    return None


def id_file() -> Path:
    from companion.engine.dirs import user_config_path

    return user_config_path() / MACHINE_FILE


@cache
def _kept_id() -> str:
    path = id_file()
    with contextlib.suppress(OSError, UnicodeDecodeError):
        kept = path.read_text(encoding="ascii").strip()
        if MACHINE_ID.fullmatch(kept):
            return kept
    from companion.store.ids import unguessable

    made = unguessable(_ALPHABET, 8)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # Exclusive create: two first commands at once agree on the one that won.
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    except FileExistsError:
        kept = path.read_text(encoding="ascii").strip()
        if MACHINE_ID.fullmatch(kept):
            return kept
        raise StoreError(
            f"{path} does not hold a machine id", hint=f"delete it, or set {MACHINE_ENV}"
        ) from None
    except OSError as err:
        raise StoreError(
            f"cannot keep this machine's id in {path}: {err.strerror or err}",
            hint=f"set {MACHINE_ENV} to a name for this machine (lowercase letters and digits)",
        ) from None
    with os.fdopen(fd, "w", encoding="ascii") as handle:
        handle.write(made + "\n")
        handle.flush()
        os.fsync(handle.fileno())
    return made


def own_shard(month: str, machine: str) -> str:
    return f"{month}.{machine}"


def part_name(month: str, machine: str, part: int) -> str:
    """A machine's file of a month by its part number: 1 is the month's first file
    (`YYYY-MM.<machine>`), 2 and up the further ones (`YYYY-MM.<machine>.<part>`)."""
    return own_shard(month, machine) if part == 1 else f"{month}.{machine}.{part}"


def part_of(name: str) -> int:
    """The part number of a shard's name (1: the month's first file)."""
    found = SHARD_FILE.fullmatch(name)
    return int(found["part"]) if found is not None and found["part"] else 1


def own_records(machine: str) -> str:
    return f"records.{machine}"


def writable(name: str) -> bool:
    """A name the companion itself gives an archive file (a shard or a records file)."""
    return bool(SHARD_FILE.fullmatch(name) or RECORDS_FILE.fullmatch(name))


@dataclass(frozen=True)
class ArchiveFile:
    """One file of the archive folder, as readers see it."""

    name: str  # the file's name without `.json`
    path: Path
    base: str  # the name it is a copy of (itself, if it is not a conflict copy)
    kind: str  # "shard" or "records"
    month: str | None  # a shard's month
    machine: str | None  # whose file it is (None: a shard from before machine ids)

    @property
    def copy(self) -> bool:
        return self.name != self.base


def classify(name: str, path: Path) -> ArchiveFile | None:
    """What the archive file `name` (without `.json`) is, or None if it is not one."""
    base = name
    if not writable(name):
        found = re.fullmatch(_COPY, name)
        if found is None or not writable(found["base"]):
            return None
        base = found["base"]
    shard = SHARD_FILE.fullmatch(base)
    if shard is not None:
        return ArchiveFile(name, path, base, "shard", shard["month"], shard["machine"])
    records = RECORDS_FILE.fullmatch(base)
    assert records is not None
    return ArchiveFile(name, path, base, "records", None, records["machine"])


def readable(name: str) -> bool:
    """A name readers accept for an archive file: the companion's own or a conflict copy."""
    return classify(name, Path()) is not None


def archive_files(folder: Path) -> list[ArchiveFile]:
    """Every shard and records file of every machine in `folder`, conflict copies
    included, sorted by name (so every machine lists them in the same order)."""
    found = []
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            if not entry.name.endswith(".json"):
                continue
            item = classify(entry.name[:-5], Path(entry.path))
            if item is not None:
                found.append(item)
    return sorted(found, key=lambda f: f.name)
