"""Re-deriving a match from its events and checking it against the stored result.

Each kind of match may name a fold in its game's spec (`Kind.replay`: a pure fold
over `match["events"]` returning the final result); a game without one is
reported as such, not treated as a failure.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

Match = dict[str, Any]
Fold = Callable[[Match], dict[str, Any]]

# Keys compared when the replayed result has them; game extras are compared too.
CORE_KEYS = ("scores", "ranks", "winner")


def find_replay(game: str) -> tuple[str, Fold | None]:
    """(where it was looked for, the fold or None)."""
    from companion import registry

    kind = registry.kind(game)
    target = kind.replay if kind is not None and kind.replay else None
    module, function = (
        target.split(":")
        if target
        else (f"companion.games.{game.replace('-', '_')}.replay", "replay")
    )
    where = f"{module}.{function}"
    try:
        found = importlib.import_module(module)
    except ModuleNotFoundError as err:
        if err.name is not None and module.startswith(err.name):
            return where, None
        raise
    fold = getattr(found, function, None)
    return where, fold if callable(fold) else None


def differences(stored: dict[str, Any] | None, replayed: dict[str, Any]) -> list[dict[str, Any]]:
    """Every key both results have whose values differ."""
    stored = stored or {}
    keys = [k for k in CORE_KEYS if k in replayed] + sorted(
        k for k in replayed if k not in CORE_KEYS and k in stored
    )
    return [
        {"key": k, "stored": stored.get(k), "replayed": replayed[k]}
        for k in keys
        if stored.get(k) != replayed[k]
    ]


def verify(match: Match, fold: Fold | None, where: str) -> dict[str, Any]:
    """The `history replay` document."""
    report: dict[str, Any] = {"id": match["id"], "game": match["game"], "replay": where}
    if not match.get("events") and match.get("status") == "finished":
        return {
            **report,
            "replayable": False,
            "verified": None,
            "message": "recorded by hand, without events: nothing to replay",
        }
    if fold is None:
        return {
            **report,
            "replayable": False,
            "verified": None,
            "message": f"{match['game']} has no replay yet (looked for {where})",
        }
    try:
        replayed = fold(match)
    except Exception as err:  # events that do not fold (a hand edit, an old bug): say so
        return {
            **report,
            "replayable": True,
            "verified": False,
            "message": f"the events cannot be replayed ({type(err).__name__}: {err})",
            "replayed": None,
            "differences": [],
        }
    if not isinstance(replayed, dict):
        replayed = {}
    diffs = differences(match.get("result"), replayed)
    if match.get("status") != "finished":
        message = f"replayed {len(match.get('events', []))} events; the match is {match['status']}"
        verified = None
    elif diffs:
        message = "the events do not give the stored result: " + ", ".join(d["key"] for d in diffs)
        verified = False
    else:
        message = f"replayed {len(match.get('events', []))} events: the stored result matches"
        verified = True
    return {
        **report,
        "replayable": True,
        "verified": verified,
        "message": message,
        "replayed": replayed,
        "differences": diffs,
    }
