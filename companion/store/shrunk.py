"""A file of this machine's that shrank is never the base of the next write.

A sync engine that restores an older version of a file, or a user who copies an old
folder back, leaves one of this machine's archive files (a month's shard or its
`records.<machine>.json`) holding fewer matches or records than the main file's
manifest says it wrote, or gone. Readers warn; a write into that file would build on
the short copy, replace `.bak` with it and reset the count, and the loss would become
permanent with the warning gone. So such a write is refused, naming what is missing
and how to get it back, until the file is restored (its `.bak`, or a backup with
`companion restore`) or the loss is accepted (`companion history accept-loss`), which
the main file records.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from companion.engine.errors import BadInput, StoreError
from companion.store.atomic import backup_path
from companion.store.layout import MANIFEST
from companion.store.machines import PART_NUMBER, classify, own_records, part_name, part_of

if TYPE_CHECKING:
    from pathlib import Path

    from companion.store.change import Change
    from companion.store.store import Store

ACCEPTED = "accepted_losses"  # the main file's table: file name -> the losses accepted
# A month (its first file), or a month and a further part of it (`2026-11.2`: the file
# `2026-11.<machine>.2.json` an import filled, see companion.store.archive.PART).
MONTH = re.compile(rf"(?P<month>\d{{4}}-\d{{2}})(?:\.(?P<part>{PART_NUMBER}))?")


def what(store: Store, name: str) -> str:
    """`MONTH`, `MONTH.PART` or `records`: how `accept-loss` names one of this machine's
    files."""
    file = classify(name, store.shard_path(name))
    assert file is not None
    if file.kind != "shard" or not file.month:
        return "records"
    part = part_of(name)
    return file.month if part == 1 else f"{file.month}.{part}"


def check_base(txn: Change, name: str, found: int, exists: bool) -> None:
    """Refuse to build a write on this machine's file `name` if it holds fewer than the
    manifest says (`found` held; `exists`: the file is there)."""
    store = txn.store
    file = classify(name, store.shard_path(name))
    if file is None or file.copy or file.machine != store.machine or name in store.accepting:
        return
    expected = _counts(txn.main).get(name)
    if not expected or found >= expected:
        return
    message = short(store, name, found, expected, exists) + "; not written"
    raise Short(message, expected, _how(store, name), store.shard_path(name))


class Short(StoreError):
    """A write refused: the file it would build on holds less than was written."""

    def __init__(self, message: str, expected: int, hint: str, path: Path) -> None:
        super().__init__(message, hint=hint)
        self.expected = expected
        self.path = path  # the short file


def load_even_short(txn: Change, name: str, load: Callable[[str], Any]) -> int | None:
    """`load(name)` this machine's file even if it is short (to merge conflict copies into
    it); the count it must reach again before it may be written, or None if not short."""
    try:
        load(name)
        return None
    except Short as err:
        txn.store.accepting.add(name)
        try:
            load(name)
        finally:
            txn.store.accepting.discard(name)
        return err.expected


def still_short(txn: Change, name: str, expected: int | None, held: int) -> bool:
    """After merging copies: is the file still short? Then nothing of it is written (the
    copies stay, and the next write into it is refused)."""
    if expected is None or held >= expected:
        return False
    txn.shards.pop(name, None)
    txn.ids.pop(name, None)
    txn.dirty.discard(name)
    return True


def short(store: Store, name: str, found: int, expected: int, exists: bool) -> str:
    """What is missing from a file, in one line."""
    path = store.shard_path(name)
    noun = "record" if name.startswith("records.") else "match"

    def counted(n: int) -> str:
        return f"{n} {noun}" if n == 1 else f"{n} {noun}{'es' if noun == 'match' else 's'}"

    if not exists:
        return f"archive file {path} is missing ({counted(expected)})"
    return f"archive file {path} holds {counted(found)}, {expected} expected"


def _how(store: Store, name: str) -> str:
    path = store.shard_path(name)
    backup = backup_path(path)
    first = f"restore it from {backup} (cp {backup} {path})" if backup.exists() else "restore it"
    return (
        f"{first} or from a backup with 'companion restore FILE', "
        f"or accept the loss with 'companion history accept-loss {what(store, name)}'"
    )


def _counts(main: dict[str, Any]) -> dict[str, int]:
    doc = next(iter((main.get(MANIFEST) or {}).values()), None)
    return dict(doc["counts"]) if isinstance(doc, dict) else {}


def accept_loss(store: Store, typed: str) -> dict[str, Any]:
    """Accept that this machine's file for `typed` (a month `YYYY-MM`, a further file of
    it `YYYY-MM.N`, or `records`) holds what it holds now: the manifest is set to it and
    the acceptance recorded."""
    from companion.store.clock import wall

    wanted = typed.strip()
    month = MONTH.fullmatch(wanted)
    if wanted != "records" and month is None:
        raise BadInput(f"{typed!r} is not a month (YYYY-MM, or YYYY-MM.N) or 'records'")
    machine = store.machine
    if month is None:
        name = own_records(machine)
    else:
        name = part_name(month["month"], machine, int(month["part"] or 1))
    store.accepting.add(name)
    try:
        with store.change() as txn:
            expected = _counts(txn.main).get(name) or 0
            path = store.shard_path(name)
            exists = path.exists()
            if name.startswith("records."):
                found = len(txn._records(name))
            else:
                found = len(txn.matches(name))
            txn.shards.pop(name, None)  # read only: nothing of the file is written
            if found >= expected:
                raise BadInput(f"nothing lost: {path} holds all {expected} expected")
            counts = _counts(txn.main)
            if exists:
                counts[name] = found
            else:
                counts.pop(name, None)
            table = txn.db.table(MANIFEST)
            table.truncate()
            table.insert({"counts": dict(sorted(counts.items()))})
            loss = {"file": path.name, "expected": expected, "found": found, "at": wall()}
            earlier = txn.get_doc(ACCEPTED, path.name)
            kept = earlier if isinstance(earlier, list) else []
            txn.put_doc(ACCEPTED, path.name, [*kept, {k: loss[k] for k in loss if k != "file"}])
    finally:
        store.accepting.discard(name)
    return {"accepted": what(store, name), **loss, "lost": expected - found}
