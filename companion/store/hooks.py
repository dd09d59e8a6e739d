"""What a layer above the store asks to be told as the store writes, without the store
importing it: nothing in `companion.store` imports history, tables or a game.

`on_staged(hook)`: `hook(store, name, signature, matches)` is called when an archive file
is staged inside a change's transaction, with the file's signature (`file_signature`) and
its matches as summarised, so a cache of that file (the history layer's stats partial)
is kept in step with it. A hook is best effort: what it fails to write is remade by
whoever reads it next. Registering the same hook again changes nothing.

Kept free of imports: registering a hook must not bring in tinydb or the write path.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Staged = Callable[[Any, str, list[int], list[dict[str, Any]]], None]

STAGED: list[Staged] = []


def on_staged(hook: Staged) -> None:
    if hook not in STAGED:
        STAGED.append(hook)
