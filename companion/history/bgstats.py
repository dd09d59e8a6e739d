"""The history as BG Stats reads it: local play dates, and a whole play file.

BG Stats keeps a play's date as the local wall-clock time without a zone
(`2026-11-24 21:00:00`): a game played at 21:00 shows at 21:00. The companion
stores UTC, so a date is turned into this machine's local time on the way out.

`play_file` is the file BG Stats opens as a whole (its "Play file" / backup shape):
four tables linked by ids — `players`, `locations`, `games` and `plays`, each play
naming its game (`gameRefId`) and its players (`playerScores[].playerRefId`). Ids are
numbers counted in the file; `uuid`s are derived from the companion's ids and
names (uuid5), so the same match, player and game keep the same uuid in every
export and BG Stats recognises a play it already has.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping
from typing import Any

Match = dict[str, Any]

ABOUT = (
    "Plays exported by Table Companion for Board Game Stats: open this file with "
    "BG Stats (share or open-in) to import them."
)
# The namespace of every uuid in an export (uuid5 of the companion's own name).
NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://table-companion.invalid/bgstats")


def play_date(stamp: str) -> str:
    """`YYYY-MM-DD hh:mm:ss` in this machine's local time, as BG Stats shows a play."""
    from datetime import UTC, datetime

    try:
        parsed = datetime.fromisoformat(stamp)
    except ValueError:
        return stamp[:19].replace("T", " ")
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)  # the companion writes UTC
    return parsed.astimezone().strftime("%Y-%m-%d %H:%M:%S")


PUSH = "https://app.bgstatsapp.com/createPlay.html?data="


def push_link(play: dict[str, Any]) -> str:
    """BG Stats' link that opens one play (`formats.bgstats_play`) ready to save: its JSON,
    URL-encoded, after `?data=`."""
    import json
    from urllib.parse import quote

    return PUSH + quote(json.dumps(play, ensure_ascii=False, separators=(",", ":")), safe="")


def last_play(matches: Iterable[Match]) -> Match:
    """The play finished last (a Series is its games; a roll-off is no play)."""
    from companion.engine.errors import UnknownName
    from companion.history.formats import _finished, is_play
    from companion.history.queries import when

    plays = [m for m in _finished(matches) if is_play(m)]
    if not plays:
        raise UnknownName("no finished play in history yet", hint="play or log one first")
    return max(plays, key=when)


def link_of(store: Any, typed_id: str | None = None, game: str | None = None) -> tuple[Match, str]:
    """(the play, its BG Stats push link): `typed_id` (an id or unique prefix), else the
    play finished last (of `game`'s family, when given)."""
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
    return match, push_link(bgstats_play(match, new_players(matches), bgg_ids(store)))


def _uuid(kind: str, key: str) -> str:
    return str(uuid.uuid5(NAMESPACE, f"{kind}:{key}"))


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
                "bggId": game.get("bggId", 0),
            }
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
                    "newPlayer": player["name"] in record["new"],
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
            "durationMin": play["durationMin"],
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
