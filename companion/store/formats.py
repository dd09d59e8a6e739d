"""Which format a shared archive folder holds, and what a companion does about it.

Companions of different releases may share one folder (docs/sharing.md), and an older
one reads a newer one's files wrongly without knowing it: before format 2 a companion
did not read a month's further files (`YYYY-MM.<machine>.2.json`), ordered records by
the wall clock alone (no `tick`) and match copies by `updated`. So every file a
companion writes says, beside its schema, the folder format it writes and its release:
`"_meta": {"1": {"schema": 1, "format": 2, "release": "0.2.0"}}`. The marker sits in
`_meta`, the one table every release has read and kept; a file written before there
were markers says no format, which is format 1.

Readers take it from each machine's records file (read by every fold, so it costs
nothing more): a folder whose files declare a format newer than this companion's is
written by nobody here — every change that would write into the archive is refused,
naming the release to install — and a machine whose files declare an older format is
named in one warning. A companion from before the markers reads none of this; the
current ones name it from its files.
"""

from __future__ import annotations

import re
from dataclasses import field
from pathlib import Path
from typing import Any

from companion import __version__
from companion.engine.errors import StoreError
from companion.engine.values import dataclass
from companion.store.layout import META

FORMAT = 2  # this companion's: machine files with parts, ticked records, stamped copies
UNMARKED = 1  # what a file without a marker holds (every release before the markers)
# Read from files (hostile); compiled on first use (re's cache): a move reads no release.
_RELEASE = r"[0-9A-Za-z][0-9A-Za-z.+-]{0,39}"

Declared = tuple[int, str | None]  # (format, the release that wrote it)


def marker() -> dict[str, Any]:
    """What this companion writes into every file's `_meta`, beside the schema."""
    return {"format": FORMAT, "release": __version__}


def declared(data: Any) -> Declared:
    """The format a file's tables say they hold, and the release that wrote them."""
    meta = data.get(META) if isinstance(data, dict) else None
    doc = meta.get("1") if isinstance(meta, dict) else None
    if not isinstance(doc, dict):
        return UNMARKED, None
    held, release = doc.get("format"), doc.get("release")
    found = held if type(held) is int and held >= UNMARKED else UNMARKED
    return found, release if isinstance(release, str) and re.fullmatch(_RELEASE, release) else None


@dataclass
class Formats:
    """What every machine's records files declare (a machine's newest declaration)."""

    machines: dict[str, Declared] = field(default_factory=dict)

    def note(self, machine: str | None, found: Declared) -> None:
        if machine is not None and found[0] >= self.machines.get(machine, (0, None))[0]:
            self.machines[machine] = found

    def of(self, machine: str) -> int:
        return self.machines.get(machine, (UNMARKED, None))[0]

    def newer(self) -> tuple[str, Declared] | None:
        """The machine whose files declare the newest format, if newer than this one's."""
        ahead = [(found, machine) for machine, found in self.machines.items() if found[0] > FORMAT]
        if not ahead:
            return None
        found, machine = max(ahead, key=lambda a: (a[0][0], a[1]))
        return machine, found

    def older(self, writers: set[str | None], mine: str | None) -> list[str]:
        """The machines among `writers` (whose files are in the folder) whose files declare
        no format or an older one than this companion's."""
        return sorted(m for m in writers if m is not None and m != mine and self.of(m) < FORMAT)


def newer_refusal(archive: Path, formats: Formats) -> StoreError | None:
    """The refusal to write into a folder of a newer format (None if it is not newer)."""
    found = formats.newer()
    if found is None:
        return None
    machine, (held, release) = found
    writer = f"companion {release}" if release else "a newer companion"
    install = f"companion {release} or later" if release else "a newer companion"
    return StoreError(
        f"{archive} holds format {held}, written by {writer} on machine {machine}; "
        f"this companion ({__version__}) writes format {FORMAT} and "
        "would lose what it does not know: nothing written",
        hint=f"install {install} on this computer (see docs/sharing.md)",
    )


def older_warning(machines: list[str], formats: Formats) -> str:
    """The one warning naming the machines that write with an older companion."""
    which = ", ".join(machines)
    one = len(machines) == 1
    held = min(formats.of(m) for m in machines)
    return (
        f"machine{'' if one else 's'} {which} write{'s' if one else ''} the shared history "
        f"with an older companion (format {held}; this one writes format {FORMAT}): it "
        "misses a month's further files and orders renames, amendments and corrected "
        f"matches by its own clock; install companion {__version__} or later there "
        "(see docs/sharing.md)"
    )
