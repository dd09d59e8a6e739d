"""`companion backup` and `companion restore`: the whole database in one file, and back."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from companion.cli.common import JsonOption, emit, open_store
from companion.engine.errors import BadInput

PathArgument = Annotated[Path, typer.Argument(metavar="PATH", help="The backup file.")]
BackupPath = Annotated[
    Path | None,
    typer.Argument(
        metavar="[PATH]",
        help="The backup file (default: a new companion-backup-DATE-TIME.json beside the"
        " database).",
        show_default=False,
    ),
]


def _held(done: dict) -> str:
    n, files = done["matches"], done["files"]
    matches = "1 finished match" if n == 1 else f"{n} finished matches"
    going = "".join(f", {_named(key)} in progress" for key in done.get("in_progress", ()))
    return f"{matches}, {done['live']} live{going}, {files} file{'' if files == 1 else 's'}"


def _named(key: str) -> str:
    """What the menu calls a kind of document (`a ... Series (best of 7)`), else its title."""
    from companion import registry

    kind = registry.kind(key)
    return (kind.menu or kind.title) if kind is not None else key


def _in_progress(store) -> list[str]:
    """The documents a table keeps in progress (a Series across evenings), by their kind:
    not live matches, so the store's counts do not see them; the tables layer does."""
    from companion.tables import documents_in_progress

    return [status.game for status in documents_in_progress(store)]


def backup(ctx: typer.Context, path: BackupPath = None, json: JsonOption = False) -> None:
    """Copy the whole database (the main file and every archive file) to one file.

    Taken under the lock, so it is one consistent copy even while others record (on a
    read-only mount, where no one records, read without it). With no PATH it is a new dated
    file beside the database (never one that exists), and the companion says where.
    """
    from companion.history.book import take_backup

    store = open_store(ctx)
    done = {**take_backup(store, path), "in_progress": _in_progress(store)}
    emit(
        {"backup": done},
        json,
        lambda out: out.print(f"backed up to {done['path']}: {_held(done)}", markup=False),
    )


def restore(
    ctx: typer.Context,
    path: PathArgument,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
    json: JsonOption = False,
) -> None:
    """Put a backup back in place of the database (asks first on a terminal).

    The backup is checked whole first; a bad or foreign file changes nothing.
    """
    import sys

    from companion.history.book import check_backup, restore_backup

    held = check_backup(path)
    store = open_store(ctx)
    if not yes:
        if not sys.stdin.isatty():
            raise BadInput(f"restoring {path} needs --yes when not on a terminal")
        from companion.ui.console import safe

        question = safe(f"Replace {store.path} with the backup ({_held(held)})?")
        if not typer.confirm(question, default=False, err=True):
            emit({"restored": None}, json, lambda out: out.print("Nothing restored."))
            return
    done = {**restore_backup(store, path), "in_progress": _in_progress(store)}
    emit(
        {"restored": done},
        json,
        lambda out: out.print(f"restored {done['path']}: {_held(done)}", markup=False),
    )
