"""Writing a synced archive folder by hand, as other machines and sync engines leave it."""

from __future__ import annotations

import json
from pathlib import Path


def write_folder(
    archive: Path, files: dict[str, list[dict]], records: dict[str, list[dict]]
) -> None:
    """Each archive file's matches as `<name>.json`, and each machine's records as
    `records.<machine>.json` (record ids `<machine><n>`; a machine with none gets no file)."""
    for name, held in files.items():
        body = {"matches": {str(n + 1): d for n, d in enumerate(held)}}
        (archive / f"{name}.json").write_text(json.dumps(body))
    for machine, held in records.items():
        body = {str(n + 1): dict(r, rid=f"{machine}{n}") for n, r in enumerate(held)}
        if body:
            (archive / f"records.{machine}.json").write_text(json.dumps({"records": body}))
