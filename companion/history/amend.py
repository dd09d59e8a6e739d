"""Amending a finished result: a typo in a score fixed, ranks and winner recomputed.

Like player aliases, an amendment is applied when history is read and the
archive is never rewritten: a match's events must still give the result it
was recorded with (`history replay` checks that), and `history show` keeps
the original beside every amendment. Amendments live in the database's
`amendments` table: match id -> `{"finished": …, "entries": [...]}`. The
`finished` stamp ties them to that one finishing of the match, so a match
that is undone and ended again is not amended by mistake.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from companion.engine.errors import BadInput, RuleViolation
from companion.engine.names import match_prefix

if TYPE_CHECKING:
    from companion.store import Store

Match = dict[str, Any]

CORE = ("scores", "ranks", "winner")


def rules_of(game: str) -> str | None:
    """The loggable game whose ranking rules amend a `game` result (a hand-typed game's
    are its game's), None when such a result is not amended directly."""
    from companion import registry

    kind = registry.kind(game)
    if kind is None:
        return None
    if kind.log is None and kind.counts_as:
        kind = registry.kind(kind.counts_as)
    return kind.key if kind is not None and kind.log is not None else None


def entries_of(match: Mapping[str, Any], amendments: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The amendments that apply to this finishing of `match` (oldest first)."""
    held = amendments.get(match.get("id", ""))
    if not isinstance(held, dict) or held.get("finished") != match.get("finished"):
        return []
    entries = held.get("entries")
    if not isinstance(entries, list):
        return []
    from companion.store.validate import result_problem

    # An entry of the wrong shape (a hand edit) is passed over, never shown as a result.
    return [
        e
        for e in entries
        if isinstance(e, dict) and isinstance(e.get("scores"), dict) and not result_problem(e)
    ]


def amended(match: Match, amendments: Mapping[str, Any]) -> Match:
    """`match` with the latest amendment's scores, ranks and winner, and `amendments` listed."""
    if match.get("status") != "finished" or not amendments:
        return match
    entries = entries_of(match, amendments)
    if not entries:
        return match
    latest = entries[-1]
    result = {k: v for k, v in (match.get("result") or {}).items() if k != "tied"}
    result.update({k: latest.get(k) for k in CORE})
    return {**match, "result": result, "amendments": entries}


def _context(match: Match, game: str) -> dict[str, Any]:
    """What the game's ranking needs besides the scores, from the stored match."""
    from companion.engine.spec import load
    from companion.history.log import logging_of

    read = logging_of(game).context
    return load(read)(match) if read else {}


def amend(store: Store, typed_id: str, changes: Iterable[str]) -> dict[str, Any]:
    """Correct some players' scores in a finished result; returns the `history amend` answer.

    Each change is `NAME=SCORE`, NAME a player of the match (or a prefix, in
    the spelling history shows); players not named keep their score.
    """
    # One transaction from the first read: an amendment made meanwhile by another
    # command is in what this one starts from, so neither is lost.
    with store.change():
        return _amend(store, typed_id, changes)


def _amend(store: Store, typed_id: str, changes: Iterable[str]) -> dict[str, Any]:
    from companion.history.book import history, load_by_id
    from companion.history.log import parse_scores, ranked, winners
    from companion.history.queries import find_id, is_aggregate
    from companion.store.ids import now
    from companion.store.records import add_amendment

    roster, matches = history(store)
    shown = find_id(typed_id, matches)
    game = rules_of(shown["game"])
    if shown["status"] != "finished" or not (shown.get("result") or {}).get("scores"):
        raise RuleViolation(f"{shown['game']} match {shown['id']} has no finished result to amend")
    if game is None:
        raise RuleViolation(
            f"a {shown['game']} result is not amended directly",
            hint="amend the games it counts" if is_aggregate(shown["game"]) else None,
        )
    match = load_by_id(store, shown["id"])
    typed = match["players"]  # as recorded; `shown` has the names history shows
    by_shown = dict(zip(shown["players"], typed, strict=True))
    given = parse_scores(changes)
    before = dict(match["result"]["scores"])
    after = dict(before)
    for name, score in given.items():
        player = by_shown[match_prefix(name, shown["players"], what=f"player of {shown['id']}")]
        after[player] = score
    if after == before:
        raise BadInput(f"the result of {shown['id']} already has these scores")
    core = ranked(game, after, _context(match, game))
    entry = {
        "at": now(),
        **{k: core.get(k) for k in CORE},
        "was": {k: match["result"].get(k) for k in CORE},
    }

    count = add_amendment(store, match["id"], match["finished"], entry)
    name = roster.name
    return {
        "id": match["id"],
        "game": match["game"],
        "scores": {name(p): s for p, s in core["scores"].items()},
        "ranks": {name(p): r for p, r in core["ranks"].items()},
        "winner": name(core["winner"]) if core.get("winner") else None,
        "winners": [name(p) for p in winners(core)],
        "amendments": count,
        "was": {name(p): s for p, s in before.items()},
    }
