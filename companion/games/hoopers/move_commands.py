"""The CLI command that makes a move of the legal-moves query (rules/legal.py): what
`companion moves` prints beside each move, and what a player can type instead."""

from __future__ import annotations

import shlex
from collections.abc import Mapping
from typing import Any

MATCH = "companion hoopers match"


def command_of_move(move: Any, filled: Mapping[str, Any] | None = None) -> str:
    """`move` as the command that records it, its asks filled from `filled` (else their
    defaults); a number only the player can give (no default) is `N` in it."""
    given = dict(filled or {})
    unknown = {a.name for a in move.asks if a.default is None and given.get(a.name) is None}
    data = dict(move.event({**move.samples(), **given})["data"])
    for name in unknown:  # the sample the query tried is never shown
        data[name] = "N"
        if isinstance(data.get("spec"), dict) and name in data["spec"]:
            data["spec"] = {**data["spec"], name: "N"}
    q = shlex.quote
    kind = move.kind
    words = [MATCH, kind]
    if kind == "turn":
        words += ["--power"] if data.get("power") else ["--again"] if data.get("again") else []
    elif kind == "pick":  # the Draft variant's choice (rules/draft.py)
        words[-1] = "discard" if data.get("discard") else "pick"
        words += [q(data["team"]), q(data["card"])]
    elif kind == "free-throw":
        words += [q(data["team"]), "--stat", str(data["stat"])]
    elif kind == "timeout":
        words += [q(data["team"])]
    elif kind == "fundamental":
        words += [q(data["team"]), data["kind"], "--hooper", q(data["hooper"])]
    elif kind == "shot":
        spec = data["spec"]
        stat = data.get("stat", spec.get("stat"))
        words += [q(data["team"]), spec["kind"], "--hooper", q(data["hooper"]), "--stat", str(stat)]
    elif kind == "counter":
        words += [q(data["team"]), data["kind"], "--hooper", q(data["hooper"])]
        if data.get("against"):
            words += ["--against", q(data["against"])]
        for stat in ("o", "v"):
            if data.get(stat) is not None:
                words += [f"--{stat}", str(data[stat])]
    elif kind == "block":
        words += [q(data["team"]), "--hooper", q(data["hooper"])]
        words += ["--attacker", q(data["attacker"]), "--against", data["against"]]
        if data.get("keepers_block"):
            words.append("--keepers-block")
    elif kind == "sub":
        words += [q(data["team"])]
        for leaving, entering in data["pairs"]:
            words += ["--out", q(leaving), "--in", q(entering)]
    else:  # a move the query does not list: its data as options
        for key, value in data.items():
            words += [f"--{key.replace('_', '-')}", q(str(value))]
    return " ".join(words)
