"""Valley Hoopers' values for the shell's Tab (see companion.cli.complete): the data tables'
words, the live match's teams and hoopers (a move's legal ones first), the Series. Its spec
names `SOURCES`; nothing else imports this. A shell runs the whole program on every Tab:
only the data tables and the database as plain JSON are read here, never an engine."""

from __future__ import annotations

from functools import partial
from typing import Any

from companion.cli import complete as tab
from companion.cli.complete import Asked, Item
from companion.games.hoopers import data

SERIES_DOCS = "series"  # "current", and each series by id

words = partial(tab.from_table, data.load, "words")  # a list of data/words.toml
TRIBES = tab.from_table(data.load, "game", "tribes")
HOOPERS = tab.members(data.load, "game", "tribes", field="hoopers")  # a tribe's, or all
OWN = tab.live_pieces("hoopers", "rosters", owner="team")  # of the TEAM typed, else all
OTHERS = tab.live_pieces("hoopers", "rosters", owner="team", others=True)  # its opponent's
SHOTS, COUNTERS = words("shots"), words("counters")
ROLL = tab.fixed(("roll",), "a d20 each, highest attacks first")


def faces(asked: Asked) -> list[Item]:
    dice = data.load("dice")["d8"]
    labels = dice.get("labels", {})
    return [(face, labels.get(face, {}).get("word")) for face in dice["faces"]]


def fouled_on(asked: Asked) -> list[Item]:
    """`match foul --on`: 'Foul: Cases', with the foul die's words for each action."""
    said = dict(tab.from_table(data.load, "fouls")(asked))
    on = (*data.words("defensive_fouls"), *data.words("offensive_fouls"))
    return [(action, said.get(action)) for action in on]


def onfire_words(asked: Asked) -> list[Item]:
    """`match onfire TEAM [HOOPER] up|down`: a hooper or the direction, then the direction."""
    directions = [(w, "on the Onfire track") for w, _ in words("onfire")(asked)]
    return directions if asked.given("words") else [*OWN(asked), *directions]


def current_series(asked: Asked) -> dict[str, Any] | None:
    found = asked.db.doc(SERIES_DOCS, str(asked.db.doc(SERIES_DOCS, "current")))
    return found if isinstance(found, dict) else None


def tribe_labels(asked: Asked) -> list[Item]:
    """Tribes as a Series names them (`Keepers`): its own, else every tribe."""
    series = current_series(asked)
    if series and series.get("tribes"):
        return tab.values(series["tribes"])
    return tab.values(label or key for key, label in TRIBES(asked))


def series_home(asked: Asked) -> list[Item]:
    """`series start --home`: one of the --tribes on the line (else any tribe), or random."""
    typed = asked.given("tribes")
    named = [t.strip() for t in typed.split(",") if t.strip()] if isinstance(typed, str) else []
    return [*(tab.values(named) if named else tribe_labels(asked)), ("random", "drawn by the seed")]


def series_ids(asked: Asked) -> list[Item]:
    found = [
        (key, " · ".join(str(doc.get(k)) for k in ("name", "status") if doc.get(k)))
        for key, doc in asked.db.docs(SERIES_DOCS).items()
        if key != "current" and isinstance(doc, dict)
    ]
    return sorted(found, key=lambda item: item[1] or "")


def series_hoopers(asked: Asked) -> list[Item]:
    named = (current_series(asked) or {}).get("tribes") or [None]
    return [item for tribe in named for item in HOOPERS(asked, tribe)]


def watch_games(asked: Asked) -> list[Item]:
    """What `watch --game` can show: the live matches, and a Series in progress."""
    series = current_series(asked)
    going = series and series.get("status") not in ("finished", "abandoned")
    return [*tab.live_games(asked), *([("series", None)] if going else [])]


# A move's hooper: the legal-moves query's first (narrowed by the TEAM and KIND typed).
MOVE_HOOPERS = {
    f"hoopers match {move}": tab.legal_first("hoopers", "hooper", OWN, kind=move)
    for move in ("shot", "fundamental", "counter", "block")
}
EVERY = dict.fromkeys(("hoopers energy", "hoopers card"), lambda asked: HOOPERS(asked, None))
PICKED = tab.legal_first("hoopers", "card", kind="pick")  # the Draft's cards on the table
BLOCKED = tab.chain(SHOTS, words("fundamental_counters"))

SOURCES: dict[str, Any] = {
    "game": {"hoopers series": tab.NOTHING, "watch": watch_games},  # a game number
    **dict.fromkeys(("series_id", "series"), series_ids),
    "home": {"hoopers series start": series_home, "": tab.history_players},
    "away": {"hoopers match start": tab.history_players},
    "first": {
        "hoopers series": tab.chain(tribe_labels, ROLL),
        "hoopers": tab.chain(tab.named_on, ROLL),
    },
    "kind": {
        "hoopers odds": tab.chain(SHOTS, COUNTERS),
        **dict.fromkeys(("hoopers counter", "hoopers match counter"), COUNTERS),
        "hoopers match fundamental": words("fundamentals"),
        "hoopers": SHOTS,
    },
    "action": {"hoopers foul": tab.from_table(data.load, "fouls")},
    "face": faces,
    "position": words("positions"),
    "variant": tab.from_table(data.load, "game", "variants"),
    "milestones": words("milestones"),
    "direction": words("onfire"),
    "set_": tab.commas(tab.from_table(data.load, "injuries", "markers", label="text")),
    **dict.fromkeys(("home_tribe", "away_tribe"), TRIBES),
    **{  # `--home-roster A,B,...` and the like: the hoopers of that side's tribe, else all
        f"{side}_{many}": tab.commas(tab.of_given(HOOPERS, f"{side}_tribe"))
        for side in ("home", "away")
        for many in ("roster", "seven", "five")
    },
    "team": {"hoopers match": tab.live_players("hoopers", "team")},
    "hooper": {**EVERY, **MOVE_HOOPERS, "hoopers": OWN},
    "hooper_arg": {**MOVE_HOOPERS, "": OWN},
    "card": {
        **dict.fromkeys(("hoopers match pick", "hoopers match discard"), PICKED),
        "hoopers match upgrade": tab.from_table(data.load, "game", "draft", "hooper_upgrades"),
    },
    "words": {"hoopers match onfire": onfire_words},
    "on": {"hoopers match foul": fouled_on},
    # `--rest`: the opponent's two energies; `--gift`: a shooter's teammate (Maddy Cure's)
    **dict.fromkeys(("out", "in_", "gift", "fouled"), OWN),
    **dict.fromkeys(("defender", "rest", "attacker"), OTHERS),
    "against": {
        "hoopers match counter": tab.legal_first("hoopers", "against", OTHERS, kind="counter"),
        **dict.fromkeys(("hoopers match block", "hoopers block"), BLOCKED),
        "hoopers": SHOTS,
    },
    # the Series: `log --tribe NAME=TRIBE` (its key `tribes`), `series start --tribes A,B`
    "tribes": {
        "log": tab.pair("=", tab.history_players, lambda a, _: TRIBES(a)),
        "": tab.commas(tribe_labels),
    },
    "series_track": tribe_labels,
    **dict.fromkeys(("hot", "cold"), tab.commas(series_hoopers)),
    "roster": tab.pair(":", tribe_labels, HOOPERS, several=True),
    **dict.fromkeys(("ejected", "injured"), tab.pair(":", tribe_labels, HOOPERS)),
    "gameplan": tab.pair(":", tribe_labels, lambda asked, _: tab.values("012")),
}
