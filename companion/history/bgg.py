"""BoardGameGeek's plays XML: what `history export --format bgg` writes and `import` reads.

The shape is BGG's plays API (`/xmlapi2/plays`), which is also what a user's export of
their own plays holds: `<plays>` of `<play id date quantity length location incomplete
nowinstats>`, each with `<item name objecttype="thing" objectid>`, `<comments>` and
`<players>` of `<player username name startposition color score new win>`.

Written: one `<play>` per finished play (a Series is its games), `objectid` the game's
BGG id where the table set one (`companion config bgg-id`), else 0; `startposition` the
turn order from the start player (1 starts); `color` the player's role (a game's part).
A play the companion imported from BGG keeps BGG's play id.

Read: the plays of games the companion knows (by the BGG id the table set, else by the
game's name), each logged as `companion log` would (the same checks and ranking), under
a match id made from BGG's play id (`bgg-123`), so a play imported twice is there once.
A file is parsed with no DTD at all: a `<!DOCTYPE` or `<!ENTITY` is refused before
parsing, so no entity can expand (billion laughs, external files).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.history.errors import NotAnExport

Match = dict[str, Any]

BGG_PLAY = "bgg_play"  # the option keeping BGG's play id of an imported play
IMPORTED_ID = "bgg-{}"
DTD = re.compile(rb"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)
MAX_FILE = 64 << 20


def play_id(match: Match) -> str:
    """The id a play has on BGG: the one it came with, else the companion's."""
    held = (match.get("options") or {}).get(BGG_PLAY)
    return held if isinstance(held, str) and held else match["id"]


def _score(value: Any) -> str:
    if value is None:
        return ""
    return f"{value:g}" if isinstance(value, float) else str(value)


def plays_xml(matches: Iterable[Match], bgg: Mapping[str, int] | None = None) -> str:
    """Finished plays, oldest first, as BGG's plays XML (text, UTF-8)."""
    import xml.etree.ElementTree as ET

    from companion.history.formats import bgstats_plays

    picked = list(matches)
    by_id = {m["id"]: m for m in picked}
    plays = bgstats_plays(picked, bgg)
    new = _new_players(picked)
    root = ET.Element("plays", {"username": "", "userid": "0", "total": str(len(plays))})
    for play in plays:
        match = by_id[play["sourcePlayId"]]
        about = play["game"]
        node = ET.SubElement(
            root,
            "play",
            {
                "id": play_id(match),
                "date": play["playDate"][:10],
                "quantity": "1",
                "length": str(play["durationMin"]),
                "incomplete": "0",
                "nowinstats": "0",
                "location": play.get("location", ""),
            },
        )
        item = ET.SubElement(
            node,
            "item",
            {"name": about["name"], "objecttype": "thing", "objectid": str(about.get("bggId", 0))},
        )
        ET.SubElement(ET.SubElement(item, "subtypes"), "subtype", {"value": "boardgame"})
        ET.SubElement(node, "comments").text = play.get("comments", "")
        seats = ET.SubElement(node, "players")
        order = _turn_order([p["name"] for p in play["players"] if p["startPlayer"]], play)
        for player in play["players"]:
            ET.SubElement(
                seats,
                "player",
                {
                    "username": "",
                    "userid": "0",
                    "name": player["name"],
                    "startposition": order.get(player["name"], ""),
                    "color": player.get("role", ""),
                    "score": _score(player["score"]),
                    "new": "1" if player["name"] in new.get(match["id"], ()) else "0",
                    "rating": "0",
                    "win": "1" if player["winner"] else "0",
                },
            )
    ET.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode")


def _new_players(matches: list[Match]) -> dict[str, frozenset[str]]:
    from companion.history.formats import _finished, is_play
    from companion.history.playrecord import new_players

    return new_players(m for m in _finished(matches) if is_play(m))


def _turn_order(first: list[str], play: dict[str, Any]) -> dict[str, str]:
    """Each player's start position, counted in seat order from the start player (none
    known: none given)."""
    if not first:
        return {}
    names = [p["name"] for p in play["players"]]
    at = names.index(first[0])
    return {name: str(n) for n, name in enumerate(names[at:] + names[:at], 1)}


# --- reading ----------------------------------------------------------------------------


@dataclass
class Read:
    """What a BGG plays file gave: the matches to import and what was left out."""

    matches: list[Match] = field(default_factory=list)
    other_games: dict[str, int] = field(default_factory=dict)  # name -> plays skipped
    refused: list[str] = field(default_factory=list)  # one line per play that cannot be logged


def is_xml(raw: bytes) -> bool:
    return raw.lstrip(b" \t\r\n\xef\xbb\xbf").startswith(b"<")


def parse(raw: bytes, source: str) -> Any:
    """The `<plays>` root of a BGG plays file; NotAnExport for anything else (a DTD too)."""
    import xml.etree.ElementTree as ET

    if DTD.search(raw):
        raise NotAnExport(f"{source}: a BGG plays file has no DOCTYPE or ENTITY (refused)")
    try:
        root = ET.fromstring(raw)
    except ET.ParseError as err:
        raise NotAnExport(f"{source} is not a BGG plays file (not XML: {err})") from None
    if root.tag != "plays":
        raise NotAnExport(f"{source} is not a BGG plays file (no <plays>)")
    return root


def read_plays(raw: bytes, source: str, bgg: Mapping[str, int], docs: Any = None) -> Read:
    """The plays of `raw` the companion knows, as matches (checked as `companion log`
    checks a game); `bgg`: each game's BGG id the table set; `docs`: the store, whose
    settings a game's log is checked against (its spec's `Logged.setup`)."""
    root = parse(raw, source)
    by_id = {str(v): k for k, v in bgg.items()}
    read = Read()
    for n, node in enumerate(root.iter("play"), 1):
        item = node.find("item")
        name = item.get("name", "") if item is not None else ""
        players = node.findall("players/player")
        game = _game(item, len(players), by_id)
        if game is None:
            shown = name.strip() or "(no name)"
            read.other_games[shown] = read.other_games.get(shown, 0) + 1
            continue
        try:
            read.matches.append(_match(node, game, players, docs))
        except Exception as err:  # a play this companion cannot log: said, not imported
            from companion.engine.errors import CompanionError

            if not isinstance(err, CompanionError):
                raise
            read.refused.append(f"play #{n} ({node.get('id') or 'no id'}, {name}): {err}")
    return read


def _game(item: Any, seats: int, by_id: Mapping[str, str]) -> str | None:
    """The kind of game to log a BGG play as (by the id the table set, else by name)."""
    from companion import registry
    from companion.history.log import loggable

    if item is None:
        return None
    kinds = loggable()
    family = by_id.get(item.get("objectid", "").strip())
    name = item.get("name", "").strip().casefold()
    fits = [
        k
        for k, kind in kinds.items()
        if (registry.family(k) == family) or (family is None and name and name in _names(kind))
    ]
    if not fits:
        return None
    solo = [k for k in fits if kinds[k].log.solo]
    several = [k for k in fits if not kinds[k].log.solo]
    picked = solo if seats == 1 and solo else several or solo
    return picked[0] if picked else None


def _names(kind: Any) -> set[str]:
    from companion import registry

    spec = registry.spec(registry.family(kind.key))
    named = {kind.title, kind.key, kind.log.title if kind.log else ""}
    if spec is not None:
        named |= {spec.title, spec.name}
    return {n.casefold() for n in named if n}


def _play_id(node: Any) -> tuple[str, str]:
    """(the BGG play's id, the match id it is imported as); refuses a play that cannot be
    imported once and only once."""
    from companion.engine.errors import BadInput
    from companion.store.validate import ID

    bgg_id = (node.get("id") or "").strip()
    if (node.get("incomplete") or "0").strip() not in ("", "0"):
        raise BadInput("an incomplete play has no final scores to rank")
    if not bgg_id:
        raise BadInput("a play without an id cannot be kept from being imported twice")
    match_id = bgg_id if ID.fullmatch(bgg_id) and not bgg_id.isdigit() else None
    if match_id is None:
        match_id = IMPORTED_ID.format(bgg_id)
        if not ID.fullmatch(match_id):
            raise BadInput(f"'{bgg_id[:40]}' is not a BGG play id")
    return bgg_id, match_id


def _text(node: Any, key: str) -> str | None:
    """An attribute of the play, stripped (None: missing or blank)."""
    return (node.get(key) or "").strip() or None


def _match(node: Any, game: str, players: list[Any], docs: Any = None) -> Match:
    from companion.engine.spec import load
    from companion.history.log import LogRequest, build_match, logging_of

    bgg_id, match_id = _play_id(node)
    logging = logging_of(game)
    names = [(p.get("name") or p.get("username") or "").strip() for p in players]
    seats = list(zip(names, players, strict=True))
    entries = tuple(f"{name}={(p.get('score') or '').strip()}" for name, p in seats)
    roles = tuple(
        f"{name}={p.get('color').strip()}" for name, p in seats if (p.get("color") or "").strip()
    )
    length = (node.get("length") or "").strip()
    comments = node.find("comments")
    note = comments.text if comments is not None and (comments.text or "").strip() else None
    request = LogRequest(
        game=game,
        entries=tuple(e.split("=", 1)[1] for e in entries) if logging.solo else entries,
        player=names[0] if logging.solo and names else None,
        when=_text(node, "date"),
        note=note,
        own={option.key: roles for option in logging.options if option.role and roles},
        minutes=length if length not in ("", "0") else None,
        location=_text(node, "location"),
        extra={BGG_PLAY: bgg_id},
    )
    setup = load(logging.setup)(docs) if logging.setup and docs is not None else None
    match = build_match(request, None, setup)
    first = [n for n, p in seats if (p.get("startposition") or "").strip() == "1"]
    if first and first[0] in match["players"]:
        match["options"]["first"] = first[0]
    return {"id": match_id, **match}
