"""The hooper cards' numbers put into a match's moves before the rules fold them.

What the table typed always wins; a number nobody typed comes from the card the table
gave once (`companion hoopers card`, rules/cards.py). A move that needs a number the
card lacks is refused with `MissingCard`, which a face at a terminal answers by asking it
once (askers.py) and recording the move again.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine.errors import RuleViolation
from companion.games.hoopers.rules.cards import (
    STELLAR_UPGRADED,
    MissingCard,
    check_guard,
    refuse_stellar,
)
from companion.games.hoopers.rules.state import MatchState


def _name(name: str) -> str:
    from companion.games.hoopers.table import card_name

    return card_name(name)


def check_stellar(state: MatchState, move: dict[str, Any], cards: Mapping[str, Any]) -> None:
    """'Be careful! ... A former stellar hooper cannot be upgraded' (the card's mark)."""
    data = move.get("data", {})
    if move.get("type") not in ("energy", "upgrade") or not cards:
        return
    if move["type"] == "energy" and not data.get("star"):
        return
    try:
        name = state.team(data["team"]).hooper(data["hooper"]).name
    except (KeyError, ValueError, RuleViolation):
        return  # the move itself names what is wrong
    refuse_stellar(cards.get(_name(name)), name, STELLAR_UPGRADED)


def with_card_defence(state: MatchState, move: dict[str, Any], cards: Mapping[str, Any]) -> dict:
    """The defender's card: its defence when not typed, its flags against the shooter."""
    from companion.games.hoopers.rules.modifiers import attacker_position
    from companion.games.hoopers.rules.shots import DEFENSE_FOR

    data = move["data"]
    spec = data["spec"]
    if not data.get("defender") or (not cards and spec.get("defense") is not None):
        return move
    try:
        side = state.team(data["team"])
        shooter = side.hooper(data["hooper"])
        other = state.teams[state.other(side.name)]
        defender = other.hooper(data["defender"]).name
    except (KeyError, ValueError, RuleViolation):
        return move  # the move itself names what is wrong
    card = cards.get(_name(defender)) or {}
    check_guard(card, defender, attacker_position(side, shooter))
    if spec.get("defense") is not None:
        return move
    which = spec.get("defense_card") or DEFENSE_FOR.get(spec.get("kind"), "")
    stat = card.get(which)
    if stat is None:
        raise MissingCard(f"{defender}'s {which.upper()} is not known", defender, which,
                          "--defense")  # fmt: skip
    return {**move, "data": {**data, "spec": {**spec, "defense": stat}}}


def with_card_counter(state: MatchState, move: dict[str, Any], cards: Mapping[str, Any]) -> dict:
    """A counter's O and V not typed: the countering hooper's card's. A steal or an
    intercept by a hooper whose card's flags do not cover the Position token of the hooper
    it counters is refused: "As for a defense action, you have to consider the Position
    token of the hooper who's dribbling [passing] to select your countering hooper by
    looking at your hoopers' defense position flags". An offensive rebound reads no flags
    ("He selects his hooper by looking at the V-stat of his available hoopers")."""
    data = move.get("data", {})
    if move.get("type") != "counter" or not cards:
        return move
    from companion.games.hoopers.rules.counters import parse_counter, parse_position
    from companion.games.hoopers.rules.modifiers import attacker_position

    try:
        side = state.team(data["team"])
        counterer = side.hooper(data["hooper"]).name
        kind = parse_counter(str(data["kind"]))
        other = state.teams[state.other(side.name)]
        against = other.hooper(data["against"]) if data.get("against") else None
        typed = data.get("position")
        position = parse_position(typed) if typed else None
    except (KeyError, ValueError, RuleViolation):
        return move  # the move itself names what is wrong
    card = cards.get(_name(counterer)) or {}
    if kind != "rebound" and against is not None:
        check_guard(card, counterer, position or attacker_position(other, against))
    filled = {k: card[k] for k in ("o", "v") if data.get(k) is None and k in card}
    return {**move, "data": {**data, **filled}} if filled else move


def counterer_of(state: MatchState, moves: tuple[dict[str, Any], ...]) -> str | None:
    """The countering hooper of the first counter among `moves` (its card's name)."""
    for move in moves:
        if move.get("type") == "counter":
            data = move.get("data", {})
            try:
                return _name(state.team(data["team"]).hooper(data["hooper"]).name)
            except (KeyError, ValueError, RuleViolation):
                return None
    return None


# Shots whose free throws need another stat of the card: "Its related stat is built by
# adding a fixed +15 to the 2PS stat of the hooper" ('Foul: Basic Concepts'); a 2PS
# shot's own stat is its free throws' (rules/shots.py: `free_throw_stat`).
NEEDS_2PS = ("3ps", "lup")


def with_free_throw_stat(state: MatchState, move: dict[str, Any], known: Any) -> dict[str, Any]:
    """A 3PS or a lay-up without --ft-stat, and the owed free throws without --stat: the
    shooter's 2PS, `known(team, hooper, "2ps")` (the match's last typed, else the card's),
    when known; else the move is left as typed (the free throws are owed, or asked)."""
    data = move.get("data", {})
    try:
        if move.get("type") == "shot":
            spec = data["spec"]
            if spec.get("kind") not in NEEDS_2PS or spec.get("ft_stat") is not None:
                return move
            side = state.team(data["team"])
            hooper = side.hooper(data["hooper"]).name
            stat = known(side.name, hooper, "2ps")
            if stat is None:
                return move
            return {**move, "data": {**data, "spec": {**spec, "ft_stat": stat}}}
        if move.get("type") == "free-throw" and data.get("stat") is None and state.owed:
            stat = known(state.owed["team"], state.owed["hooper"], "2ps")
            return move if stat is None else {**move, "data": {**data, "stat": stat}}
    except (KeyError, ValueError, RuleViolation):
        return move  # the move itself names what is wrong
    return move


def with_perry_card(
    state: MatchState, move: dict[str, Any], cards: Mapping[str, Any], known: Any
) -> dict[str, Any]:
    """Perry Hel's help on a shot ("He can spend one energy to add his defense stat to one
    defending teammate. If he does not have the defensive position required, then add only
    the half the value"): a stat not typed is his card's defence against this shot; the half
    not typed is his card's defence flags against the shooter's Position token, when both
    are known — else the full value (read off the card: and the help says the position
    was not checked)."""
    data = move.get("data", {})
    help_ = data.get("perry")
    if move.get("type") != "shot" or not isinstance(help_, dict):
        return move
    if help_.get("stat") is not None and help_.get("half") is not None:
        return move
    from companion.games.hoopers.rules.helpers import perry_half, perry_of
    from companion.games.hoopers.rules.modifiers import attacker_position
    from companion.games.hoopers.rules.shots import DEFENSE_FOR

    try:
        side = state.team(data["team"])
        shooter = side.hooper(data["hooper"])
        perry = perry_of(state.teams[state.other(side.name)])
    except (KeyError, ValueError, RuleViolation):
        return move  # the move itself names what is wrong
    if perry is None:
        return move  # the rule refuses the help, in the rulebook's words
    filled = dict(help_)
    typed = filled.get("stat") is not None
    if not typed:
        spec = data.get("spec") or {}
        which = spec.get("defense_card") or DEFENSE_FOR.get(spec.get("kind"), "d2")
        filled["stat"] = known(state.other(side.name), perry.name, which)
        if filled["stat"] is None:
            raise MissingCard(f"{perry.name}'s {which.upper()} is not known", _name(perry.name),
                              which, "--perry")  # fmt: skip
    if filled.get("half") is None:
        position = attacker_position(side, shooter)
        half = perry_half((cards.get(_name(perry.name)) or {}).get("guards"), position)
        if half is None:
            # A typed --perry N without --perry-half is the table's whole value, as before.
            filled.update(half=False, **({} if typed else {"unchecked": True}))
        else:
            filled.update(half=half, against=position)
    return {**move, "data": {**data, "perry": filled}}
