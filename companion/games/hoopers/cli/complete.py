"""Valley Hoopers' values for the shell's Tab (see companion.cli.complete): tribes, hoopers,
the live match's teams, the Series. Its spec names `SOURCES`; nothing else imports this.

A shell runs the whole program on every Tab: only data tables and the database as plain JSON
are read here, never an engine. The few names the engines keep in code are copied below;
the tests check the copies against the engines.
"""

from __future__ import annotations

from typing import Any

from companion.cli.complete import (
    NOTHING,
    Asked,
    Item,
    Source,
    _resolve,
    commas,
    fixed,
    history_players,
    live_games,
    named_on,
    pair,
    values,
)
from companion.games.hoopers import data

SHOT_KINDS = ("2ps", "3ps", "lup")  # companion.games.hoopers.rules.shots.SHOT_KINDS
COUNTER_KINDS = ("steal", "intercept", "rebound")  # ...hoopers.counters.COUNTER_KINDS
POSITIONS = ("PG", "SG", "SF", "PF", "C")  # companion.games.hoopers.rules.counters.POSITIONS
MILESTONE_MODES = ("win", "lose", "off")  # companion.games.hoopers.rules.variants.MILESTONE_MODES
ONFIRE_DIRECTIONS = ("up", "down")
FUNDAMENTALS = ("dribble", "pass", "screen")  # ...hoopers.energy_moves.FUNDAMENTALS
FOUL_ON = ("charging",)  # `match foul --on`: the foul-die actions, and an attacker's charging
BLOCKABLE = ("steal", "intercept")  # a boosted counter can be blocked, as a shot can
SERIES_DOCS = "series"  # "current", and each series by id
ROLL = ("roll", "a d20 each, highest attacks first")


def tribes(asked: Asked) -> list[Item]:
    table = data.load("game")["tribes"]
    return [(key, tribe.get("label")) for key, tribe in table.items()]


def tribe_labels(asked: Asked) -> list[Item]:
    """Tribes as a Series names them (`Keepers`): its own, else every tribe."""
    series = current_series(asked)
    if series and series.get("tribes"):
        return values(series["tribes"])
    table = data.load("game")["tribes"]
    return [(tribe.get("label", key), None) for key, tribe in table.items()]


def tribe_hoopers(tribe: str | None) -> list[Item]:
    """The hoopers of one tribe (key or label, any case), or of every tribe."""
    found = []
    for key, table in data.load("game")["tribes"].items():
        label = table.get("label", key)
        if tribe is None or tribe.casefold() in (key.casefold(), label.casefold()):
            found += [(name, label) for name in table.get("hoopers", [])]
    return found


def faces(asked: Asked) -> list[Item]:
    dice = data.load("dice")["d8"]
    labels = dice.get("labels", {})
    return [(face, labels.get(face, {}).get("word")) for face in dice["faces"]]


def foul_actions(asked: Asked) -> list[Item]:
    return [(key, row.get("label")) for key, row in data.load("fouls").items()]


def fouled_on(asked: Asked) -> list[Item]:
    return [*foul_actions(asked), *values(FOUL_ON)]


def variants(asked: Asked) -> list[Item]:
    return [(key, row.get("label")) for key, row in data.load("game")["variants"].items()]


def injury_markers(asked: Asked) -> list[Item]:
    return [(m["key"], m.get("text")) for m in data.load("injuries")["markers"]]


# --- Valley Hoopers: the live match -------------------------------------------------------


def match_rosters(asked: Asked) -> dict[str, list[str]]:
    match = asked.db.live_match("hoopers")
    if not match:
        return {}
    rosters = (match.get("options") or {}).get("rosters") or {}
    return {team: list(rosters.get(team) or []) for team in match.get("players") or []}


def teams(asked: Asked) -> list[Item]:
    return values(match_rosters(asked), "team")


def _team(asked: Asked) -> str | None:
    return _resolve(asked.given("team"), match_rosters(asked))


def own_hoopers(asked: Asked) -> list[Item]:
    """The hoopers of the TEAM on the line, else of both teams."""
    rosters, team = match_rosters(asked), _team(asked)
    return [(h, t) for t, roster in rosters.items() if team in (None, t) for h in roster]


def other_hoopers(asked: Asked) -> list[Item]:
    """The hoopers of the team facing the TEAM on the line, else of both teams."""
    rosters, team = match_rosters(asked), _team(asked)
    return [(h, t) for t, roster in rosters.items() if t != team for h in roster]


def legal_hoopers(move: str, key: str = "hooper", rest: Source = own_hoopers) -> Source:
    """A match move's hooper (`key` of its data): the ones the legal-moves query offers for
    that move now, first ("legal now": the one answer the CLI, guided play and the seats
    ask), then `rest`'s. The KIND and TEAM on the line narrow them (a shot's kind, a
    fundamental's or counter's)."""

    def source(asked: Asked) -> list[Item]:
        found = values(_legal_values(asked, move, key), "legal now")
        taken = {value for value, _ in found}
        return [*found, *(item for item in rest(asked) if item[0] not in taken)]

    return source


def _legal_values(asked: Asked, move: str, key: str) -> list[str]:
    match = asked.db.live_match("hoopers")
    if not match:
        return []
    from companion.engine.moves import legal
    from companion.engine.spec import load
    from companion.tables import table_target

    target = table_target(str(match.get("game", "hoopers")))
    if target is None:
        return []
    team, kind = _team(asked), asked.given("kind")
    found = []
    for candidate in legal(load(target).rules, match).moves:
        what = candidate.what
        typed = (what.get("spec") or {}).get("kind") if move == "shot" else what.get("kind")
        if candidate.kind != move or team not in (None, what.get("team")):
            continue
        if isinstance(kind, str) and kind and not str(typed or "").startswith(kind.casefold()):
            continue
        if what.get(key) is not None:
            found.append(str(what[key]))
    return list(dict.fromkeys(found))


def onfire_words(asked: Asked) -> list[Item]:
    """`match onfire TEAM [HOOPER] up|down`: a hooper or the direction, then the direction."""
    directions = values(ONFIRE_DIRECTIONS, "on the Onfire track")
    return directions if asked.given("words") else [*own_hoopers(asked), *directions]


def start_roster(side: str) -> Source:
    """`--home-roster` and the like: the hoopers of that side's --home-tribe, else of all."""

    def roster(asked: Asked) -> list[Item]:
        return tribe_hoopers(asked.given(f"{side}_tribe"))

    return roster


# --- Valley Hoopers: the Series -----------------------------------------------------------


def current_series(asked: Asked) -> dict[str, Any] | None:
    docs = asked.db.docs(SERIES_DOCS)
    current = docs.get("current")
    found = docs.get(current) if isinstance(current, str) else None
    return found if isinstance(found, dict) else None


def series_home(asked: Asked) -> list[Item]:
    """`series start --home`: one of the --tribes on the line (else any tribe), or random."""
    typed = asked.given("tribes")
    named = [t.strip() for t in typed.split(",") if t.strip()] if isinstance(typed, str) else []
    found = values(named) if named else tribe_labels(asked)
    return [*found, ("random", "drawn by the seed")]


def series_ids(asked: Asked) -> list[Item]:
    found = [
        (key, " · ".join(str(doc.get(k)) for k in ("name", "status") if doc.get(k)))
        for key, doc in asked.db.docs(SERIES_DOCS).items()
        if key != "current" and isinstance(doc, dict)
    ]
    return sorted(found, key=lambda item: item[1] or "", reverse=False)


def series_hoopers(asked: Asked) -> list[Item]:
    series = current_series(asked)
    named = series.get("tribes") if series else None
    if not named:
        return tribe_hoopers(None)
    return [item for tribe in named for item in tribe_hoopers(tribe)]


def hoopers_of_typed_tribe(asked: Asked, tribe: str) -> list[Item]:
    return tribe_hoopers(tribe)


def tribe_roster(asked: Asked) -> list[Item]:
    """`--roster TRIBE:A,B,...`: a tribe, then its hoopers, each once."""
    tribe, sep, rest = asked.incomplete.partition(":")
    if not sep:
        return pair(":", tribe_labels, hoopers_of_typed_tribe)(asked)
    done, _, _ = rest.rpartition(",")
    head = f"{tribe}:{done}," if done else f"{tribe}:"
    taken = {w.strip().casefold() for w in done.split(",")}
    return [(head + h, t) for h, t in tribe_hoopers(tribe) if h.casefold() not in taken]


def first(asked: Asked) -> list[Item]:
    """`--first`: the teams on the line (a Series: its tribes), or a roll-off."""
    if asked.path.startswith("hoopers series"):
        return [*tribe_labels(asked), ROLL]
    return [*named_on(asked), ROLL]


def watch_games(asked: Asked) -> list[Item]:
    """What `watch --game` can show: the live matches, and a Series in progress."""
    found = live_games(asked)
    series = current_series(asked)
    if series and series.get("status") not in ("finished", "abandoned"):
        found.append(("series", None))
    return found


def _none(asked: Asked) -> list[Item]:
    return []


DRAFT = ("pick", "discard")  # `match pick` / `match discard` TEAM CARD (cli/draft.py)
# companion.games.hoopers.rules.draft.HOOPER_UPGRADES: `match upgrade … --card`
HOOPER_UPGRADES = ("two", "ten", "three", *(f"star-{p}" for p in POSITIONS))

# A move's hooper, the legal ones first (the legal-moves query).
MOVE_HOOPERS = {
    f"hoopers match {move}": legal_hoopers(move)
    for move in ("shot", "fundamental", "counter", "block")
}

SOURCES: dict[str, Any] = {
    "game": {"hoopers series": NOTHING, "watch": watch_games},  # a game number
    "series_id": series_ids,
    "series": series_ids,
    "home": {
        "hoopers series start": series_home,
        "hoopers match start": history_players,
        "log": history_players,
    },
    "away": {"hoopers match start": history_players},
    "first": first,
    # the rules
    "kind": {
        "hoopers odds": fixed((*SHOT_KINDS, *COUNTER_KINDS)),
        "hoopers counter": fixed(COUNTER_KINDS),
        "hoopers match counter": fixed(COUNTER_KINDS),
        "hoopers match fundamental": fixed(FUNDAMENTALS),
        "hoopers": fixed(SHOT_KINDS),
    },
    "action": {"hoopers foul": foul_actions},
    "face": faces,
    "position": fixed(POSITIONS),
    "variant": variants,
    "milestones": fixed(MILESTONE_MODES),
    "direction": fixed(ONFIRE_DIRECTIONS),
    "set_": commas(injury_markers),
    "home_tribe": tribes,
    "away_tribe": tribes,
    "home_roster": commas(start_roster("home")),
    "away_roster": commas(start_roster("away")),
    "home_seven": commas(start_roster("home")),
    "away_seven": commas(start_roster("away")),
    "home_five": commas(start_roster("home")),
    "away_five": commas(start_roster("away")),
    # the live match
    "team": {"hoopers match": teams},
    "hooper": {
        "hoopers energy": lambda asked: tribe_hoopers(None),
        "hoopers card": lambda asked: tribe_hoopers(None),
        **MOVE_HOOPERS,
        "hoopers": own_hoopers,
    },
    "hooper_arg": {**MOVE_HOOPERS, "": own_hoopers},
    # The Draft's card: the cards on the table for the chooser (the legal-moves query).
    "card": {
        **{f"hoopers match {verb}": legal_hoopers("pick", "card", _none) for verb in DRAFT},
        "hoopers match upgrade": fixed(HOOPER_UPGRADES),
    },
    "words": {"hoopers match onfire": onfire_words},
    "out": own_hoopers,
    "in_": own_hoopers,
    "defender": other_hoopers,
    "rest": other_hoopers,  # `match timeout TEAM --rest H`: the opponent's two energies
    "gift": own_hoopers,  # `match shot TEAM KIND "Maddy Cure" --gift H`: her teammate
    "attacker": other_hoopers,
    "fouled": own_hoopers,
    "on": {"hoopers match foul": fouled_on},
    "against": {
        "hoopers match counter": legal_hoopers("counter", "against", other_hoopers),
        "hoopers match block": fixed((*SHOT_KINDS, *BLOCKABLE)),
        "hoopers block": fixed((*SHOT_KINDS, *BLOCKABLE)),
        "hoopers": fixed(SHOT_KINDS),
    },
    # the Series
    # `log --tribe NAME=TRIBE` (its key `tribes`), `series start --tribes A,B`
    "tribes": {
        "log": pair("=", history_players, lambda asked, _: tribes(asked)),
        "": commas(tribe_labels),
    },
    "series_track": tribe_labels,
    "hot": commas(series_hoopers),
    "cold": commas(series_hoopers),
    "roster": tribe_roster,
    "ejected": pair(":", tribe_labels, hoopers_of_typed_tribe),
    "injured": pair(":", tribe_labels, hoopers_of_typed_tribe),
    "gameplan": pair(":", tribe_labels, lambda asked, _: values("012")),
}
