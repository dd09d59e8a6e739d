"""The games this companion knows and their state, for `companion plugins`."""

from __future__ import annotations

from typing import Any

from companion.engine.errors import BadInput

BUILT_IN = "table-companion"  # the package the built-in games come in


def listing() -> list[dict[str, Any]]:
    """Every game, built in first, then installed ones by name: name, title, package,
    version, API version, state ("loaded", "broken" with `why`, "off")."""
    from companion import __version__, registry

    games = [_row(registry.spec(n), n, BUILT_IN, __version__, "loaded") for n in registry.BUILTIN]
    on = registry.installed()
    for name, (package, version) in sorted(registry.packages().items()):
        if name not in on:
            games.append(_row(None, name, package, version, "off"))
            continue
        spec = registry.quietly(name)
        state = "loaded" if spec is not None else "broken"
        games.append(_row(spec, name, package, version, state, registry.broken.get(name)))
    return games


def _row(spec: Any, name: str, package: str, version: str, state: str, why=None) -> dict:
    row = {
        "name": name,
        "title": getattr(spec, "title", None),
        "package": package,
        "version": version,
        "api": str(spec.api) if spec is not None else None,
        "state": state,
    }
    if why:
        row["why"] = why
    return row


def switch(name: str, on: bool) -> dict[str, Any]:
    """Switch installed game `name` on or off on this machine; its row after."""
    from companion import registry
    from companion.engine.names import match_prefix

    if name in registry.BUILTIN:
        raise BadInput(f"'{name}' is built in: only an installed game can be switched off")
    if not registry.packages():
        raise BadInput("no game is installed besides the built-in ones")
    found = match_prefix(name, sorted(registry.packages()), what="installed game")
    registry.switch(found, on)
    return next(g for g in listing() if g["name"] == found)
