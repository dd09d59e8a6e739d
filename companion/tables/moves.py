"""`companion moves`: what a player may do now in the live game, and the command for each.

Every game's table answers the legal-moves query (`Table.legal`); this module finds the
live game a face means and pairs each move with the CLI command that makes it, so a
phone, Tab, guided play and a script read one answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.engine.errors import BadInput, RuleViolation

if TYPE_CHECKING:
    from companion.engine.moves import Legal
    from companion.store import Store


@dataclass(frozen=True)
class MovesNow:
    """The query's answer for one live match, with a command per move."""

    game: str
    match: str
    legal: Legal
    commands: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        """The answer as `companion moves --json` prints it: a player's private moves only
        when that player was named (`private` lists whose were left out)."""
        shown = self.legal.public()
        commands = dict(zip((m.key() for m in self.legal.moves), self.commands, strict=True))
        doc = {
            "game": self.game,
            "match": self.match,
            "player": self.legal.player,
            "seen": self.legal.seen,
            "moves": [
                {"move": m.to_json(), "label": m.words, "command": commands[m.key()]}
                for m in shown.moves
            ],
            "not_legal": [r.to_json() for r in shown.not_legal],
        }
        if self.legal.hidden():
            doc["private"] = self.legal.hidden()
        return doc


def answering_games(store: Store) -> list[str]:
    """The games with a live match that answer the query (a waiting one aside)."""
    from companion.store.layout import WAITING
    from companion.tables import live_matches, table_target

    return list(
        dict.fromkeys(
            m["game"]
            for m in live_matches(store)
            if not m.get(WAITING) and table_target(m["game"]) is not None
        )
    )


def pick(store: Store, game: str | None) -> str:
    """The game `game` names (a kind, its game's name, or a unique prefix of either), or the
    only one live."""
    from companion import registry
    from companion.engine.names import match_prefix

    live = answering_games(store)
    if game is not None:
        families = {registry.family(g): g for g in live}
        chosen = match_prefix(game, sorted({*live, *families}), what="game with a live match")
        if chosen in families and chosen not in live:
            same = [g for g in live if registry.family(g) == chosen]
            if len(same) > 1:
                raise BadInput(f"several {chosen} matches are live ({', '.join(same)}): name one")
            chosen = same[0]
        return chosen
    if not live:
        raise RuleViolation("no live match: nothing to move", hint="start a game first")
    if len(live) > 1:
        raise BadInput(f"several games are live ({', '.join(live)}): name one")
    return live[0]


def moves_now(store: Store, game: str | None = None, player: str | None = None) -> MovesNow:
    """What `player` (None: everyone) may do now in the live match of `game`."""
    from companion.tables import table_for

    key = pick(store, game)
    table = table_for(store, key)
    match = table.current()
    answer = table.legal(player, match)
    return MovesNow(key, match["id"], answer, tuple(table.command(m) for m in answer.moves))
