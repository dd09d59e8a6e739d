"""BoardGameGeek's plays XML: what `history export --format bgg` writes and `import` reads.

The shape is BGG's plays API (`/xmlapi2/plays`), which is also what a user's export of
their own plays holds: `<plays>` of `<play id date quantity length location incomplete
nowinstats>`, each with `<item name objecttype="thing" objectid>`, `<comments>` and
`<players>` of `<player username userid name startposition color score new rating win>`.

Written: one `<play>` per finished play (a Series is its games), `objectid` the game's
BGG id where the table set one (`companion config bgg-id`) or the play came with one,
else left out (BGG has no game 0); `date` the local day it was played, as a player types
it into BGG; `startposition` the turn order from the start player (1 starts); `color` the
player's role (a game's part). A play imported from BGG goes back as it came: its id,
its `quantity` (the N matches it was imported as are one play again), and each player's
`username`, `userid`, `new` and `rating`.

Read: the plays of games the companion knows (by the BGG id the table set, else by the
game's name), each logged as `companion log` would (the same checks and ranking), under
a match id made from BGG's play id (`bgg-123`; a play of `quantity="3"` is three matches,
`bgg-123`, `bgg-123-2`, `bgg-123-3`), so a play imported twice is there once. A play
recording only who won (`win="1"`, no scores) is a ranking for a game whose log takes one
(its spec's `Logged.by_rank`), and refused in the file's words for the others (none of the
four built-in games: each ranks a play by its scores).
The file is parsed by defusedxml with DTDs forbidden: a DOCTYPE or ENTITY is refused in
whatever encoding the file declares or its bytes imply (UTF-16 without a byte-order
mark too), so no entity can expand (billion laughs, external files).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.history.errors import NotAnExport

Match = dict[str, Any]

BGG_PLAY = "bgg_play"  # the option keeping BGG's play id of an imported play
BGG_OBJECT = "bgg_object"  # the option keeping the play's game id on BGG, as it came
BGG_PLAYERS = "bgg_players"  # player -> what BGG said of them (SEAT_KEYS), as it came
SEAT_KEYS = ("username", "userid", "new", "rating")
SEAT_DEFAULTS = {"username": "", "userid": "0", "rating": "0"}  # `new` is counted here
IMPORTED_ID = "bgg-{}"
MAX_FILE = 64 << 20
MAX_QUANTITY = 100  # plays of one <play>: BGG's own form offers up to 99


def play_id(match: Match) -> str:
    """The id a play has on BGG: the one it came with, else the companion's."""
    held = (match.get("options") or {}).get(BGG_PLAY)
    return held if isinstance(held, str) and held else match["id"]


def _score(value: Any) -> str:
    if value is None:
        return ""
    return f"{value:g}" if isinstance(value, float) else str(value)


def local_day(stamp: str) -> str:
    """The day a play was played here (`YYYY-MM-DD`, this machine's time zone): BGG's
    `date` is the day a player types in, not a moment."""
    from datetime import UTC, datetime

    try:
        parsed = datetime.fromisoformat(stamp)
    except ValueError:
        return stamp[:10]
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)  # the companion writes UTC
    return parsed.astimezone().strftime("%Y-%m-%d")


def plays_xml(matches: Iterable[Match], bgg: Mapping[str, int] | None = None) -> str:
    """Finished plays, oldest first, as BGG's plays XML (text, UTF-8)."""
    import xml.etree.ElementTree as ET

    from companion.history.formats import bgstats_plays
    from companion.history.queries import when

    picked = list(matches)
    by_id = {m["id"]: m for m in picked}
    plays = bgstats_plays(picked, bgg)
    new = _new_players(picked)
    groups: dict[str, list[dict[str, Any]]] = {}  # a BGG play's id -> its matches' plays
    for play in plays:
        groups.setdefault(play_id(by_id[play["sourcePlayId"]]), []).append(play)
    root = ET.Element("plays", {"username": "", "userid": "0", "total": str(len(groups))})
    for bgg_id, group in groups.items():
        play = group[0]
        match = by_id[play["sourcePlayId"]]
        options = match.get("options") or {}
        about = play["game"]
        node = ET.SubElement(
            root,
            "play",
            {
                "id": bgg_id,
                "date": local_day(when(match)),
                "quantity": str(len(group)),
                "length": str(play.get("durationMin", 0)),
                "incomplete": "0",
                "nowinstats": "0",
                "location": play.get("location", ""),
            },
        )
        item = {"name": about["name"], "objecttype": "thing"}
        objectid = about.get("bggId") or options.get(BGG_OBJECT)
        if objectid:  # unknown: left out, never 0 (BGG has no game 0)
            item["objectid"] = str(objectid)
        item_node = ET.SubElement(node, "item", item)
        ET.SubElement(ET.SubElement(item_node, "subtypes"), "subtype", {"value": "boardgame"})
        ET.SubElement(node, "comments").text = play.get("comments", "")
        seats = ET.SubElement(node, "players")
        order = _turn_order([p["name"] for p in play["players"] if p["startPlayer"]], play)
        said = options.get(BGG_PLAYERS) if isinstance(options.get(BGG_PLAYERS), dict) else {}
        for player in play["players"]:
            held = said.get(player["name"]) if isinstance(said.get(player["name"]), dict) else {}
            counted = "1" if player["name"] in new.get(match["id"], ()) else "0"
            kept = {k: held[k] for k in SEAT_KEYS if isinstance(held.get(k), str)}
            ET.SubElement(
                seats,
                "player",
                {
                    "username": kept.get("username", SEAT_DEFAULTS["username"]),
                    "userid": kept.get("userid", SEAT_DEFAULTS["userid"]),
                    "name": player["name"],
                    "startposition": order.get(player["name"], ""),
                    "color": player.get("role", ""),
                    "score": _score(player["score"]),
                    "new": kept.get("new", counted),
                    "rating": kept.get("rating", SEAT_DEFAULTS["rating"]),
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


XML_SNIFF = ("utf-8-sig", "utf-16")  # utf-16: either byte order, by its mark or its bytes


def is_xml(raw: bytes) -> bool:
    """Whether a file's first bytes are XML: UTF-8, or UTF-16 with or without a byte-order
    mark (expat reads all three, so each must reach the XML reader's checks)."""
    if raw.lstrip(b" \t\r\n\xef\xbb\xbf").startswith(b"<"):
        return True
    head = raw[: len(raw) & ~1]
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        text = head.decode("utf-16", errors="ignore")
    elif head[:1] == b"\x00":
        text = head.decode("utf-16-be", errors="ignore")
    elif head[1:2] == b"\x00":
        text = head.decode("utf-16-le", errors="ignore")
    else:
        return False
    return text.lstrip(" \t\r\n\ufeff").startswith("<")


def parse(raw: bytes, source: str) -> Any:
    """The `<plays>` root of a BGG plays file; NotAnExport for anything else.

    defusedxml refuses a DTD wherever the parser meets one, in any encoding, so no
    entity is ever declared, let alone expanded."""
    import xml.etree.ElementTree as ET

    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import fromstring

    try:
        root = fromstring(raw, forbid_dtd=True)
    except DefusedXmlException:
        raise NotAnExport(
            f"{source}: a BGG plays file has no DOCTYPE or ENTITY (refused)"
        ) from None
    except ET.ParseError as err:
        raise NotAnExport(f"{source} is not a BGG plays file (not XML: {err})") from None
    except (LookupError, ValueError) as err:  # encoding="x-bogus": expat cannot read it
        said = str(err).splitlines()[0][:80] if str(err) else type(err).__name__
        raise NotAnExport(f"{source} is not a BGG plays file ({said})") from None
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
            times = _quantity(node) or 1
            read.other_games[shown] = read.other_games.get(shown, 0) + times
            continue
        try:
            read.matches.extend(_matches(node, game, players, docs))
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
        if not ID.fullmatch(match_id) or len(match_id) > 60:
            raise BadInput(f"'{bgg_id[:40]}' is not a BGG play id")
    return bgg_id, match_id


def _quantity(node: Any) -> int | None:
    """How many plays a `<play>` stands for (`quantity`, 1 when missing); None if it is no
    count."""
    typed = (node.get("quantity") or "1").strip() or "1"
    return int(typed) if typed.isdigit() and typed.isascii() and 0 < int(typed) <= 10**6 else None


def _text(node: Any, key: str) -> str | None:
    """An attribute of the play, stripped (None: missing or blank)."""
    return (node.get(key) or "").strip() or None


def _seat_said(name: str, player: Any) -> dict[str, str]:
    """What BGG says of a player besides the result (SEAT_KEYS), checked as any text
    coming in is; defaults left out."""
    from companion.engine.entries import check_name

    said = {}
    for key in SEAT_KEYS:
        value = (player.get(key) or "").strip()
        if value and value != SEAT_DEFAULTS.get(key):
            said[key] = check_name(value, f'{key}="…" of {name}')
    return said


def _matches(node: Any, game: str, players: list[Any], docs: Any = None) -> list[Match]:
    """The matches one `<play>` is: one per play of its `quantity`."""
    from companion.engine.errors import BadInput

    bgg_id, match_id = _play_id(node)
    times = _quantity(node)
    if times is None or times > MAX_QUANTITY:
        raise BadInput(f'quantity="{(node.get("quantity") or "")[:20]}" is not a number of '
                       f"plays from 1 to {MAX_QUANTITY}")  # fmt: skip
    match = _match(node, game, players, bgg_id, docs)
    return [{"id": match_id if k == 1 else f"{match_id}-{k}", **match} for k in range(1, times + 1)]


def _entries(game: str, seats: list[tuple[str, Any]]) -> tuple[tuple[str, ...], list[str] | None]:
    """Each seat's `NAME=SCORE` (and None), or, for a play recording only who won, the names
    and the winners where the game takes a ranking alone; else refused in the file's words."""
    from companion.engine.errors import BadInput
    from companion.history.log import loggable

    kind = loggable()[game]
    blank = [name for name, p in seats if not (p.get("score") or "").strip()]
    if blank and len(blank) == len(seats):
        won = [name for name, p in seats if (p.get("win") or "").strip() == "1"]
        if won and kind.log.by_rank:
            return tuple(name for name, _ in seats), won
        if won:
            raise BadInput(
                f'only who won is recorded (win="1" for {", ".join(won)}, score="" for '
                f"everyone): {kind.title} is ranked by its scores"
            )
        raise BadInput('no player has a score="…" or win="1": nothing to rank')
    if blank:
        raise BadInput(f'{", ".join(blank)}: score="" (every player of a {kind.title} play '
                       "needs a score)")  # fmt: skip
    return tuple(f"{name}={(p.get('score') or '').strip()}" for name, p in seats), None


def _match(node: Any, game: str, players: list[Any], bgg_id: str, docs: Any = None) -> Match:
    from companion.engine.spec import load
    from companion.history.log import LogRequest, build_match, logging_of

    logging = logging_of(game)
    names = [(p.get("name") or p.get("username") or "").strip() for p in players]
    seats = list(zip(names, players, strict=True))
    entries, won = _entries(game, seats)
    roles = tuple(
        f"{name}={p.get('color').strip()}" for name, p in seats if (p.get("color") or "").strip()
    )
    length = (node.get("length") or "").strip()
    comments = node.find("comments")
    note = comments.text if comments is not None and (comments.text or "").strip() else None
    request = LogRequest(
        game=game,
        entries=tuple(e.split("=", 1)[1] for e in entries) if logging.solo and not won else entries,
        won=won,
        player=names[0] if logging.solo and names else None,
        when=_text(node, "date"),
        note=note,
        own={option.key: roles for option in logging.options if option.role and roles},
        minutes=length if length not in ("", "0") else None,
        location=_text(node, "location"),
        extra=_as_it_came(node, bgg_id),
    )
    setup = load(logging.setup)(docs) if logging.setup and docs is not None else None
    return _with_seats(build_match(request, None, setup), seats)


def _as_it_came(node: Any, bgg_id: str) -> dict[str, Any]:
    """The options keeping what BGG said of the play: its id, its game's id."""
    kept: dict[str, Any] = {BGG_PLAY: bgg_id}
    item = node.find("item")
    objectid = (item.get("objectid") or "").strip() if item is not None else ""
    if objectid.isdigit() and objectid.isascii() and 0 < int(objectid) <= 10**9:
        kept[BGG_OBJECT] = objectid
    return kept


def _with_seats(match: Match, seats: list[tuple[str, Any]]) -> Match:
    """`match` with who started (`startposition="1"`) and what BGG said of each player."""
    first = [n for n, p in seats if (p.get("startposition") or "").strip() == "1"]
    if first and first[0] in match["players"]:
        match["options"]["first"] = first[0]
    # each seat's player as the match names them (the log may settle a name's spelling)
    named = match["players"] if len(match["players"]) == len(seats) else [n for n, _ in seats]
    said = {
        player: found
        for (name, p), player in zip(seats, named, strict=True)
        if (found := _seat_said(name, p))
    }
    if said:
        match["options"][BGG_PLAYERS] = said
    return match
