"""Reading every machine's archive files as one history, and tidying this machine's.

Readers keep one copy of each match id across every machine's files (a match's
month is that of its `finished` date, so copies usually share a month; a match
reopened and finished again later may not): the one filed last by the hybrid clock
(companion.store.clock.filed_stamp: a copy filed after another was read comes after
it, whatever the wall clocks), then updated last, then finished last, then one from a
file that is not a conflict copy, then the one from the file whose name sorts last — a
fixed order, so every machine shows the same history. A match whose finishing a
`delete` record names is left out (see `companion.store.records`).

Under the lock, before anything else, a machine also settles its own files in
one transaction (`settle`): shards from before machine ids (`YYYY-MM.json`)
and the main file's alias and amendment tables become its own shards and
records; conflict copies of its own files are merged into them (but a finishing a
record deleted: undone since, it stays out) and removed.
Conflict copies of another machine's files are read, never written: that
machine settles them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from companion.store.clock import filed_stamp
from companion.store.layout import LEGACY_ALIASES, LEGACY_AMENDMENTS
from companion.store.machines import ArchiveFile, own_records, own_shard
from companion.store.records import Folded

if TYPE_CHECKING:
    from companion.store.change import Change

Match = dict[str, Any]


def precedence(match: Match, file: ArchiveFile) -> tuple[str, int, str, str, bool, str]:
    updated, finished = match.get("updated"), match.get("finished")
    return (
        *filed_stamp(match),
        updated if isinstance(updated, str) else "",
        finished if isinstance(finished, str) else "",
        not file.copy,
        file.name,
    )


def winners(
    per_file: Iterable[tuple[ArchiveFile, Iterable[Match]]], folded: Folded
) -> Iterator[tuple[ArchiveFile, Match]]:
    """One copy of each match id still in history, with the file it comes from."""
    best: dict[str, tuple[tuple[str, int, str, str, bool, str], ArchiveFile, Match]] = {}
    for file, matches in per_file:
        for match in matches:
            key = precedence(match, file)
            held = best.get(match["id"])
            if held is None or key > held[0]:
                best[match["id"]] = (key, file, match)
    for _, file, match in best.values():
        if folded.alive(match):
            yield file, match


def settle(txn: Change, files: list[ArchiveFile], machine: str) -> bool:
    """Make this machine's files its own (see the module's docstring); True if anything
    is to change. Everything goes into `txn`, so it lands whole or not at all."""
    from companion.store import records
    from companion.store.shrunk import load_even_short, still_short

    changed = False
    for file in files:
        mine = file.machine == machine
        legacy = file.kind == "shard" and file.machine is None
        if not (legacy or mine and file.copy):
            continue
        # A copy may hold what this machine's own file lost (an older version put back
        # under its name): merged in, the file may be whole again (companion.store.shrunk).
        if file.kind == "shard":
            assert file.month is not None
            # (a copy of one of this machine's files goes back into that file, a further
            # part of a month included; a file from before machine ids, into the month's)
            target = file.base if mine else own_shard(file.month, machine)
            found = _raw_matches(txn, file)
            if found is None:
                continue  # unreadable: left where it is, and warned about
            expected = load_even_short(txn, target, txn.matches)
            for match in found:
                if (match["id"], _finished(match)) in txn.dead():
                    continue  # deleted, or undone since: out of history, not merged back
                current = txn.held(target, match["id"])
                if current is None or precedence(match, file) > precedence(current, file):
                    txn.put(target, match, filing=False)  # the copy as it was filed
            if still_short(txn, target, expected, len(txn.matches(target))):
                continue
        else:
            target = own_records(machine)
            expected = load_even_short(txn, target, txn._records)
            for record in records.read(file, txn.store.warn):
                txn.adopt(target, record)
            if still_short(txn, target, expected, len(txn._records(target))):
                continue
        txn.drop.add(file.name)
        changed = True
    aliases = _table(txn, LEGACY_ALIASES)
    amendments = _table(txn, LEGACY_AMENDMENTS)
    if aliases:
        txn.note(records.new("aliases", set=aliases, unset=[]))
    for match_id, held in amendments.items():
        entries = held.get("entries") if isinstance(held, dict) else None
        for entry in entries if isinstance(entries, list) else []:
            if isinstance(entry, dict):
                txn.note(
                    records.new("amend", id=match_id, finished=held.get("finished"), entry=entry)
                )
    for table in (LEGACY_ALIASES, LEGACY_AMENDMENTS):
        if table in txn.main:
            txn.db.drop_table(table)
            changed = True
    return changed


def _finished(match: Match) -> str | None:
    finished = match.get("finished")
    return finished if isinstance(finished, str) else None


def _table(txn: Change, table: str) -> dict[str, Any]:
    if table not in txn.main:
        return {}
    return {
        d["key"]: d["value"] for d in txn.db.table(table).all() if isinstance(d.get("key"), str)
    }


def _raw_matches(txn: Change, file: ArchiveFile) -> list[Match] | None:
    from companion.engine.errors import StoreError

    try:
        tables = txn.store.files.read_shard(file.path) or {}
    except StoreError as err:
        txn.store.warn(txn.store.unreadable_shard(file.name, err))
        return None
    return [
        m
        for m in (tables.get("matches") or {}).values()
        if isinstance(m, dict) and isinstance(m.get("id"), str)
    ]
