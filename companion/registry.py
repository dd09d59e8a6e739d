"""Every game the companion knows: the built-in ones, and any installed as a separate package.

Each game declares a `GameSpec` in its own package (`companion.engine.spec`); every face
iterates this registry and names no game itself. The four games of the box are listed in
`BUILTIN`. Another package adds a game the same way any of these could: an entry point in
the `companion.games` group naming its spec,

    [project.entry-points."companion.games"]
    coinrace = "coinrace.spec:SPEC"

Start-up stays lazy: a command for one built-in game imports that game's spec only, and
installed packages are looked for only when a name is not built in or when every game is
listed (a menu, `--help`, history's lists and stats). A command that reads or writes one
game's matches (a move, its end, checking its fields) asks `owner`/`fields_of` of that
game alone, so a broken plug-in says nothing there. The search reads the `entry_points.txt` of each
distribution on `sys.path` directly, which costs a fraction of a millisecond where
`importlib.metadata` would cost tens of milliseconds to import.

A plug-in that cannot be loaded (its spec raises on import, is not a `GameSpec`, or is
written for another version of the spec's records, `engine.spec.API`) is named once on
stderr in one warning line and left out; every other game works.
"""

from __future__ import annotations

import os
import sys
from functools import cache
from typing import Any

from companion.engine.spec import API, Fields, GameSpec, Kind, api_version, load

GROUP = "companion.games"
BUILTIN = {
    "hoopers": "companion.games.hoopers.spec:SPEC",
    "allstar": "companion.games.allstar.spec:SPEC",
    "playlist": "companion.games.playlist.spec:SPEC",
    "otdraft": "companion.games.otdraft.spec:SPEC",
}


@cache
def _builtin(name: str) -> GameSpec:
    return load(BUILTIN[name])


@cache
def installed() -> dict[str, str]:
    """Games of other packages that are on: name -> "module:attribute" of their spec (first
    on sys.path); a game switched off (`companion plugins off NAME`) is left out."""
    every = _installed()
    off = switched_off() if every else set()
    return {name: target for name, (target, _, _) in every.items() if name not in off}


def packages() -> dict[str, tuple[str, str]]:
    """Every installed game, on or off: name -> (its package, the package's version)."""
    return {name: (package, version) for name, (_, package, version) in _installed().items()}


# --- games switched off: remembered per machine, in the user's config folder ---------------


def off_file() -> str:
    from companion.engine.dirs import user_config_path

    return str(user_config_path() / "plugins.toml")


@cache
def switched_off() -> frozenset[str]:
    """The installed games `companion plugins off` switched off on this machine."""
    try:
        with open(off_file(), "rb") as handle:
            import tomllib

            doc = tomllib.load(handle)
    except (OSError, ValueError):
        return frozenset()
    off = doc.get("off")
    return frozenset(n for n in off if isinstance(n, str)) if isinstance(off, list) else frozenset()


def switch(name: str, on: bool) -> None:
    """Switch installed game `name` on or off on this machine (written whole, then renamed)."""
    import json
    import tempfile

    off = set(switched_off()) - {name} if on else set(switched_off()) | {name}
    path = off_file()
    os.makedirs(os.path.dirname(path), exist_ok=True)
    body = "# Installed games switched off (companion plugins off NAME)\n"
    body += f"off = [{', '.join(json.dumps(n) for n in sorted(off))}]\n"
    fd, temp = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".plugins.", suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(body)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temp, path)
    refresh()


# Set by `only_builtin`: the installed games are left out.
_only_builtin = False


def only_builtin(on: bool = True) -> None:
    """Leave installed games out (True) or look for them again (False): the reference
    generator documents the box's own commands, whatever is installed beside them."""
    global _only_builtin
    _only_builtin = on
    refresh()


@cache
def _installed() -> dict[str, tuple[str, str, str]]:
    """name -> (its spec's "module:attribute", the distribution that declares it, and the
    distribution's version)."""
    found: dict[str, tuple[str, str, str]] = {}
    if _only_builtin:
        return found
    for folder in sys.path:
        try:
            entries = os.scandir(folder or ".")
        except OSError:
            continue
        with entries:
            for entry in entries:
                if entry.name.endswith((".dist-info", ".egg-info")):
                    package, _, version = entry.name.rsplit(".", 1)[0].partition("-")
                    for name, target in _entry_points(entry.path):
                        found.setdefault(name, (target, package, version or "?"))
    return {k: v for k, v in found.items() if k not in BUILTIN}


_warned: set[str] = set()
broken: dict[str, str] = {}  # installed games that could not be loaded: name -> why


def warn(game: str | GameSpec, reason: str) -> None:
    """Name a plug-in that failed, once per process, in one line on stderr."""
    name = game if isinstance(game, str) else game.name
    broken.setdefault(name, reason)
    if name in _warned:
        return
    _warned.add(name)
    package = _installed().get(name, ("", "companion", ""))[1]
    print(f"warning: game '{name}' (package {package}) {reason}", file=sys.stderr)


def _entry_points(folder: str) -> list[tuple[str, str]]:
    try:
        with open(os.path.join(folder, "entry_points.txt"), encoding="utf-8") as handle:
            text = handle.read()
    except OSError:
        return []
    if f"[{GROUP}]" not in text:
        return []
    points, inside = [], False
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("["):
            inside = line == f"[{GROUP}]"
        elif inside and "=" in line and not line.startswith(("#", ";")):
            name, _, target = line.partition("=")
            points.append((name.strip(), target.strip().split()[0]))
    return points


_loading: dict[str, GameSpec] = {}  # specs whose hooks are being checked (a hook's module
# may ask the registry for its own game while it is imported)


@cache
def _plugin(name: str) -> GameSpec | None:
    if name in _loading:
        return _loading[name]
    target = installed().get(name)
    if target is None:
        return None
    try:
        spec = load(target)
    except Exception as err:  # noqa: BLE001 - whatever a plug-in raises costs it, not us
        warn(name, f"could not be loaded: {said(err)}")
        return None
    if not isinstance(spec, GameSpec):
        warn(name, f"could not be loaded: {target} is a {type(spec).__name__}, not a GameSpec")
        return None
    api = getattr(spec, "api", None)
    theirs, ours = api_version(api), api_version(API)
    assert ours is not None
    if theirs is None or theirs[0] != ours[0]:
        warn(
            name, f"could not be loaded: its spec is for API {api}, this companion reads API {API}"
        )
        return None
    if theirs[1] > ours[1]:
        warn(
            name,
            f"could not be loaded: its spec is for API {api}, this companion reads API {API} "
            "and older: install a newer companion",
        )
        return None
    _loading[name] = spec
    try:
        problem = hook_problem(spec)
    finally:
        del _loading[name]
    if problem is not None:
        warn(name, f"could not be loaded: {problem}")
        return None
    return spec


def hook_problem(spec: GameSpec) -> str | None:
    """The first hook `spec` names that does not exist or cannot be called, checked whole
    when the spec loads (as pluggy verifies hooks at registration), never at first use."""
    for where, target, callable_ in _hooks(spec):
        if not isinstance(target, str) or ":" not in target and callable_:
            return f"{where} is not a 'module:attribute' name ({target!r})"
        try:
            found = load(target) if ":" in target else _module(target)
        except Exception as err:  # noqa: BLE001 - the plug-in's mistake, said in its line
            return f"{where} {target} cannot be imported: {said(err)}"
        if callable_ and not callable(found):
            return f"{where} {target} is not callable"
    return None


def _module(target: str) -> Any:
    from importlib import import_module

    return import_module(target)


# Where a spec names its hooks: (field, whether the object must be callable).
KIND_HOOKS = (("table", True), ("renderer", True), ("flow", False), ("replay", True),
              ("plays", True), ("stats", False), ("stats_view", True), ("result_view", True),
              ("chart", True), ("role", True), ("people", True))  # fmt: skip
LOG_HOOKS = (("rank", True), ("prepare", True), ("context", True), ("setup", True))


def _hooks(spec: GameSpec) -> list[tuple[str, Any, bool]]:
    found: list[tuple[str, Any, bool]] = [("cli", spec.cli, True)]
    if spec.completion:
        found.append(("completion", spec.completion, False))
    if spec.dice:
        found.append(("dice", spec.dice, False))
    found += [(f"demo {name}", module, False) for name, module in spec.demos]
    for kind in spec.kinds:
        found += [
            (f"{kind.key}.{field}", getattr(kind, field), must)
            for field, must in KIND_HOOKS
            if getattr(kind, field, None)
        ]
        if kind.log is not None:
            found += [
                (f"{kind.key}.log.{field}", getattr(kind.log, field), must)
                for field, must in LOG_HOOKS
                if getattr(kind.log, field, None)
            ]
    return found


def hook(kind: Kind | None, field: str) -> Any:
    """The function `kind`'s spec names for `field` (`chart`, `stats_view`, …), None where it
    names none. A plug-in's hook is guarded: its mistake (anything but a CompanionError, the
    hook's own refusal) is one warning line naming the game and the hook, and the call
    answers None, so the rest of the command works. A built-in game's hooks are its tests'."""
    target = getattr(kind, field, None) if kind is not None else None
    if not target:
        return None
    function = load(target)
    found = owner(kind.key)
    if found is None or found[0].name in BUILTIN:
        return function
    game = found[0]

    def guarded(*args: Any, **kwargs: Any) -> Any:
        from companion.engine.errors import CompanionError

        try:
            return function(*args, **kwargs)
        except CompanionError:
            raise
        except Exception as err:  # noqa: BLE001 - a plug-in's mistake costs its hook alone
            warn(game, f"its {field} hook failed: {said(err)}")
            return None

    return guarded


def quietly(name: str) -> GameSpec | None:
    """Installed game `name`'s spec with no warning line (its own command says why it is
    broken, in its one `error:` line): None when it is broken; `broken[name]` says why."""
    _warned.add(name)
    return _plugin(name)


def said(err: BaseException) -> str:
    """An exception in one line: its type and its message's first line."""
    text = str(err).strip().splitlines()
    return f"{type(err).__name__}: {text[0]}" if text else type(err).__name__


def spec(name: str) -> GameSpec | None:
    """The game called `name` (its command), None when no game has that name."""
    if name in BUILTIN:
        return _builtin(name)
    return _plugin(name)


def specs() -> list[GameSpec]:
    """Every game: the built-in ones in the box's order, then installed ones by name."""
    found = [_builtin(name) for name in BUILTIN]
    return found + [s for s in (_plugin(n) for n in sorted(installed())) if s is not None]


def names() -> list[str]:
    """Every game's name, without reading a spec (what `--help` and the root's Tab list)."""
    return [*BUILTIN, *sorted(installed())]


def demos() -> list[tuple[str, str]]:
    """Every game's demos: (name, module with run(out, store, seed))."""
    return [demo for game in specs() for demo in game.demos]


def kinds() -> list[Kind]:
    return [k for s in specs() for k in s.kinds]


@cache
def owner(key: str) -> tuple[GameSpec, Kind] | None:
    """The game and kind a stored game name (or table key) belongs to.

    A built-in family's own names (`playlist-solo`) are found by importing that one
    spec; installed packages are searched only for a name no built-in game has.
    Kept per name (until `refresh`): `history stats` asks it for every match, and
    100,000 matches name a handful of games.
    """
    head = key.split("-", 1)[0]
    order = [head] if head in BUILTIN else []
    for name in [*order, *(n for n in BUILTIN if n not in order)]:
        found = _in(_builtin(name), key)
        if found is not None:
            return found
    # The plug-in named like the key first (its kinds are named after it); else every one,
    # so which plug-ins load (and warn) never depends on how they sort.
    if head in installed():
        plugin = _plugin(head)
        found = _in(plugin, key) if plugin is not None else None
        if found is not None:
            return found
    every = [plugin for plugin in (_plugin(n) for n in sorted(installed())) if plugin]
    return next((found for p in every if (found := _in(p, key)) is not None), None)


@cache
def fields() -> Fields:
    """Every game's own match fields together (`GameSpec.fields`): what the store checks and
    history renames in any match, the match of a game no longer installed included."""
    found = Fields()
    for game in specs():
        try:
            found = found.merged(game.fields)
        except (TypeError, AttributeError) as err:
            warn(game, f"has fields that could not be read: {said(err)}")
    return found


@cache
def fields_of(key: str | None) -> Fields:
    """The own fields of the matches of `key` (a stored game name): its spec's alone, so a
    command reading one game's matches loads no other game; every game's together for a
    name no installed game has (or None), or a spec whose fields are malformed."""
    found = owner(key) if key is not None else None
    own = found[0].fields if found is not None else None
    return own if isinstance(own, Fields) else fields()


def _in(game: GameSpec, key: str) -> tuple[GameSpec, Kind] | None:
    for kind in game.kinds:
        if key in (kind.key, kind.stored):
            return game, kind
    return None


def kind(key: str) -> Kind | None:
    found = owner(key)
    return found[1] if found else None


def family(key: str) -> str:
    """The game a stored name counts for in history (`hoopers-series` -> `hoopers`)."""
    found = owner(key)
    return found[0].name if found else key


def counted(key: str) -> str:
    """The kind a match counts as in stats and ratings (a hand-typed game as its game)."""
    found = kind(key)
    return found.counts_as if found is not None and found.counts_as else key


def refresh() -> None:
    """Look for installed games again (after a package is installed in this process)."""
    for cached in (_builtin, installed, _installed, _plugin, owner, fields, fields_of):
        cached.cache_clear()
    switched_off.cache_clear()
    _warned.clear()
    broken.clear()
