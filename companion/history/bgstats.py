"""The history as BG Stats reads it: play dates in UTC, and a whole play file.

BG Stats' `playDate` is the UTC moment, written `yyyy-MM-dd HH:mm:ss` without a zone
(`2026-11-24 20:00:00` for a game played at 21:00 in Madrid); the app shows it in the
phone's own time zone. The companion stores UTC, so a date goes out as stored.

`play_file` is the file BG Stats opens as a whole (its "Play file" / backup shape):
four tables linked by ids — `players`, `locations`, `games` and `plays`, each play
naming its game (`gameRefId`) and its players (`playerScores[].playerRefId`). Ids are
numbers counted in the file; `uuid`s are derived from the companion's ids and
names (uuid5), so the same match, player and game keep the same uuid in every
export and BG Stats recognises a play it already has.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable, Mapping
from typing import Any

Match = dict[str, Any]

ABOUT = (
    "Plays exported by Table Companion for Board Game Stats: open this file with "
    "BG Stats (share or open-in) to import them."
)
# The namespace of every uuid in an export (uuid5 of the companion's own name).
NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://table-companion.invalid/bgstats")


def play_date(stamp: str) -> str:
    """`YYYY-MM-DD hh:mm:ss` in UTC, as BG Stats reads a play's date (its app shows it in
    the phone's time zone: local time here would land an hour late in Madrid)."""
    from datetime import UTC, datetime

    try:
        parsed = datetime.fromisoformat(stamp)
    except ValueError:
        return stamp[:19].replace("T", " ")
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)  # the companion writes UTC
    return parsed.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S")


PUSH = "https://app.bgstatsapp.com/createPlay.html?data="
# Left out of the link where a play holds BG Stats' own default: every byte the link
# drops makes its QR code smaller, and a smaller code fits a terminal and scans from
# farther away. The files keep every field.
LINK_GAME_DEFAULTS = {"highestWins": True, "noPoints": False}
LINK_PLAYER_DEFAULTS = {"winner": False, "startPlayer": False, "newPlayer": False}
# Ids BG Stats does without in a link: it knows a game by its bggId or name, a player by
# name (a sourcePlayerId is the name in lower case). The files keep them.
LINK_DROPS = ("sourceGameId", "sourcePlayerId")
# Kept as they are in the link's query: a query may hold them (RFC 3986), and a browser's
# URLSearchParams reads them back unchanged (`+`, `&`, `=`, `#` and `%` are escaped).
LINK_SAFE = ":,@!$'()*;/?"


def link_play(play: dict[str, Any]) -> dict[str, Any]:
    """The play as the link carries it: without the fields that hold BG Stats' default, the
    ids it does without (LINK_DROPS), and a `rank` or `winner` the scores already give
    (highest first, a tie shared: BG Stats ranks a play by its scores unless told)."""
    scores = [p["score"] for p in play["players"] if isinstance(p["score"], int | float)]

    def given(player: dict[str, Any]) -> int | None:
        score = player["score"]
        if not isinstance(score, int | float) or len(scores) != len(play["players"]):
            return None
        return 1 + sum(1 for other in scores if other > score)

    def kept(fields: dict[str, Any], defaults: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in fields.items() if k not in defaults or defaults[k] != v}

    def derived(key: str, value: Any, player: dict[str, Any]) -> bool:
        rank = given(player)
        return rank is not None and (
            (key == "rank" and value == rank) or (key == "winner" and value == (rank == 1))
        )

    players = [
        {
            k: v
            for k, v in kept(p, LINK_PLAYER_DEFAULTS).items()
            if k not in LINK_DROPS and not derived(k, v, p)
        }
        for p in play["players"]
    ]
    game = {k: v for k, v in kept(play["game"], LINK_GAME_DEFAULTS).items() if k not in LINK_DROPS}
    return {**play, "game": game, "players": players}


def push_link(play: dict[str, Any]) -> str:
    """BG Stats' link that opens one play (`formats.bgstats_play`) ready to save: its JSON
    (`link_play`), URL-encoded, after `?data=`."""
    import json
    from urllib.parse import quote

    text = json.dumps(link_play(play), ensure_ascii=False, separators=(",", ":"))
    return PUSH + quote(text, safe=LINK_SAFE)


def last_play(matches: Iterable[Match]) -> Match:
    """The play finished last (a Series is its games; a roll-off is no play)."""
    from companion.engine.errors import UnknownName
    from companion.history.formats import _finished, is_play
    from companion.history.queries import when

    plays = [m for m in _finished(matches) if is_play(m)]
    if not plays:
        raise UnknownName("no finished play in history yet", hint="play or log one first")
    return max(plays, key=when)


def link_of(
    store: Any,
    typed_id: str | None = None,
    game: str | None = None,
    ask: Callable[[list[str]], None] | None = None,
) -> tuple[Match, str]:
    """(the play, its BG Stats push link): `typed_id` (an id or unique prefix), else the
    play finished last (of `game`'s family, when given). `ask(games)`, before the link is
    made: asks the table for the games' BoardGameGeek ids it was never asked for."""
    from companion import registry
    from companion.history.book import history
    from companion.history.formats import bgstats_play
    from companion.history.playrecord import bgg_ids, new_players
    from companion.history.queries import find_id, game_of

    _, matches = history(store)
    if typed_id is not None:
        match = find_id(typed_id, matches)
    else:
        family = registry.family(game) if game is not None else None
        match = last_play(
            m for m in matches if family is None or registry.family(game_of(m)) == family
        )
    if ask is not None:
        ask([registry.family(game_of(match))])
    return match, push_link(bgstats_play(match, new_players(matches), bgg_ids(store)))


def _uuid(kind: str, key: str) -> str:
    """Upper-case, as BG Stats writes its own uuids (its file compares them as text)."""
    return str(uuid.uuid5(NAMESPACE, f"{kind}:{key}")).upper()


def play_file(matches: Iterable[Match], bgg: Mapping[str, int] | None = None) -> dict[str, Any]:
    """Finished plays (as `bgstats_plays` picks them) as one BG Stats play file.

    `bgg`: each game's BoardGameGeek id the table has set (0 where none is).
    """
    from companion.history.formats import _finished, bgstats_play, is_play
    from companion.history.playrecord import new_players, record_of
    from companion.history.queries import when

    picked = [m for m in sorted(_finished(matches), key=when) if is_play(m)]
    new = new_players(picked)
    players: dict[str, dict[str, Any]] = {}
    games: dict[str, dict[str, Any]] = {}
    locations: dict[str, dict[str, Any]] = {}
    out: list[dict[str, Any]] = []
    for match in picked:
        play = bgstats_play(match, new, bgg)
        record = record_of(match, new)
        game = play["game"]
        found = games.get(game["sourceGameId"])
        if found is None:
            found = games[game["sourceGameId"]] = {
                "id": len(games) + 1,
                "uuid": _uuid("game", game["sourceGameId"]),
                "name": game["name"],
                "modificationDate": play["playDate"],
                "cooperative": False,
                "highestWins": game["highestWins"],
                "noPoints": game["noPoints"],
                "usesTeams": False,
            }
            if "bggId" in game:  # left out when not known: BG Stats would look up game 0
                found["bggId"] = game["bggId"]
        found["modificationDate"] = play["playDate"]
        place = None
        if record["location"]:
            key = record["location"].casefold()  # "club" and "Club" are one place
            place = locations.get(key)
            if place is None:
                place = locations[key] = {
                    "id": len(locations) + 1,
                    "uuid": _uuid("location", key),
                    "name": record["location"],
                    "modificationDate": play["playDate"],
                }
            place["modificationDate"] = play["playDate"]
        scores = []
        for seat, player in enumerate(play["players"], 1):
            key = player["sourcePlayerId"]
            known = players.get(key)
            if known is None:
                known = players[key] = {
                    "id": len(players) + 1,
                    "uuid": _uuid("player", key),
                    "name": player["name"],
                    "isAnonymous": False,
                    "modificationDate": play["playDate"],
                    "bggUsername": "",
                }
            known["modificationDate"] = play["playDate"]
            score = player["score"]
            scores.append(
                {
                    "playerRefId": known["id"],
                    "score": "" if score is None else f"{score:g}" if isinstance(score, float)
                    else str(score),
                    "winner": player["winner"],
                    "newPlayer": player["newPlayer"],
                    "startPlayer": player["startPlayer"],
                    "rank": player["rank"] or 0,
                    "seatOrder": seat,
                    "role": player.get("role", ""),
                }
            )  # fmt: skip
        entry = {
            "uuid": _uuid("play", play["sourcePlayId"]),
            "gameRefId": found["id"],
            "playDate": play["playDate"],
            "entryDate": play["playDate"],
            "modificationDate": play["playDate"],
            "durationMin": play.get("durationMin", 0),
            "ignored": False,
            "manualWinner": False,
            "usesTeams": False,
            "rounds": 0,
            "board": record["board"],
            "comments": play.get("comments", ""),
            "playerScores": scores,
        }
        if place is not None:
            entry["locationRefId"] = place["id"]
        out.append(entry)
    return {
        "about": ABOUT,
        "players": list(players.values()),
        "locations": list(locations.values()),
        "games": list(games.values()),
        "plays": out,
    }
