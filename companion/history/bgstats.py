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
from collections.abc import Iterable
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


def _uuid(kind: str, key: str) -> str:
    return str(uuid.uuid5(NAMESPACE, f"{kind}:{key}"))


def play_file(matches: Iterable[Match]) -> dict[str, Any]:
    """Finished plays (as `bgstats_plays` picks them) as one BG Stats play file."""
    from companion.history.formats import bgstats_plays

    plays = bgstats_plays(matches)
    players: dict[str, dict[str, Any]] = {}
    games: dict[str, dict[str, Any]] = {}
    out: list[dict[str, Any]] = []
    for play in plays:
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
                "bggId": 0,
            }
        found["modificationDate"] = play["playDate"]
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
                    "newPlayer": False,
                    "startPlayer": player["startPlayer"],
                    "rank": player["rank"] or 0,
                    "seatOrder": seat,
                    "role": player.get("role", ""),
                }
            )  # fmt: skip
        out.append(
            {
                "uuid": _uuid("play", play["sourcePlayId"]),
                "gameRefId": found["id"],
                "playDate": play["playDate"],
                "entryDate": play["playDate"],
                "modificationDate": play["playDate"],
                "durationMin": 0,
                "ignored": False,
                "manualWinner": False,
                "usesTeams": False,
                "rounds": 0,
                "board": "",
                "comments": play.get("comments", ""),
                "playerScores": scores,
            }
        )
    return {
        "about": ABOUT,
        "players": list(players.values()),
        "locations": [],  # the companion does not record where a game was played
        "games": list(games.values()),
        "plays": out,
    }
