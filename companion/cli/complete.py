"""Tab completion of values: what a parameter can be, from the rules and the database.

`SOURCES` is the one registry. It maps a parameter's name (as the command functions name
it) to where its values come from, either for every command or, in a dict, for the
commands whose path (without `companion`) starts with a key, longest key first; "" is
every other command and None means "nothing to offer". companion.cli.common attaches
`complete` to every parameter of every command it builds (game modules add nothing), so a
parameter with a new name completes nothing until it is added here, and a renamed one
stops: tests/test_completion_values.py walks every command to keep the two in step.

A shell runs the whole program on every Tab, so this module stays cheap: the database
file and the archive's summaries are read as plain JSON (no tinydb), the rules come from
companion.data's cached tables, and neither rich nor a game engine is imported. The few
names the engines keep in code rather than in data are copied below; the tests check the
copies against the engines.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import cached_property
from typing import Any

from companion import data
from companion.cli import typer_compat
from companion.store.peek import Peek

Item = tuple[str, "str | None"]  # a value and what it is (zsh and fish show it)
Source = Callable[["Asked"], Iterable[Item]]

# Copies of names the engines keep in code (checked against them by the tests).
SHOT_KINDS = ("2ps", "3ps", "lup")  # companion.games.hoopers.shots.SHOT_KINDS
COUNTER_KINDS = ("steal", "intercept", "rebound")  # ...hoopers.counters.COUNTER_KINDS
POSITIONS = ("PG", "SG", "SF", "PF", "C")  # companion.games.hoopers.counters.POSITIONS
MILESTONE_MODES = ("win", "lose", "off")  # companion.games.hoopers.variants.MILESTONE_MODES
ONFIRE_DIRECTIONS = ("up", "down")
HISTORY_GAMES = ("hoopers", "allstar", "playlist", "otdraft")  # companion.history.queries
LOG_GAMES = ("hoopers", "allstar", "playlist", "playlist-solo", "otdraft")  # companion log
FOUL_ON = ("charging",)  # `match foul --on`: the foul-die actions, and an attacker's charging
BLOCKABLE = ("steal", "intercept")  # a boosted counter can be blocked, as a shot can
EXPORT_FORMATS = ("json", "csv", "bgstats", "bgsplay")  # companion.history.formats.FORMATS
DEMOS = ("table", "hoopers", "allstar", "series", "otdraft", "playlist")  # companion.demo.run
ARENA_RULES = ("unusual", "no-two-managers", "straight", "full-house", "rainbow")
ALLSTAR_KEYS = ("species", "symbols", "numbers")  # companion.games.allstar.table.KEYS
PLAYLIST_KINDS = ("music", "bonus", "negative")  # companion.games.playlist.cards.KINDS

# Where the game tables keep their documents in the database file (store table, key).
ALIASES = "players"  # companion.history.book.ALIASES: spelling -> canonical name
ALLSTAR_DOCS = "allstar"  # "config", "arenas"
PLAYLIST_DOCS = "playlist"  # "cards", "genres", "action_cards"
OTDRAFT_DOCS = "otdraft"  # "catalogue"
SERIES_DOCS = "series"  # "current", and each series by id

ENOUGH_IDS = 100  # match ids offered for an empty word (newest first)
MANY = 200  # pairs offered at most before offering only their first part


def complete(ctx: Any, param: Any, incomplete: str) -> list[Any]:
    """The completion items for `param`'s value, given what has been typed of it."""
    source = source_for(command_path(ctx), param.name or "")
    if source is None:
        return typer_compat.type_completion(ctx, param, incomplete)
    asked = Asked(ctx, incomplete)
    try:
        found = list(source(asked))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return []  # an unreadable database completes nothing rather than printing a trace
    return [typer_compat.completion_item(v, h) for v, h in matching(found, incomplete)]


def command_path(ctx: Any) -> str:
    """`hoopers match shot` for `companion hoopers match shot`."""
    return ctx.command_path.partition(" ")[2]


def source_for(path: str, name: str) -> Source | None:
    """Where the values of parameter `name` of command `path` come from (None: nowhere)."""
    return _entry(path, name)[1]


def covers(path: str, name: str) -> bool:
    """Whether the registry says anything (a source, or NOTHING) about that parameter."""
    return _entry(path, name)[0]


def _entry(path: str, name: str) -> tuple[bool, Source | None]:
    if name not in SOURCES:
        return False, None
    entry = SOURCES[name]
    if not isinstance(entry, dict):
        return True, entry
    for prefix in sorted(entry, key=len, reverse=True):
        if prefix == "" or path == prefix or path.startswith(prefix + " "):
            return True, entry[prefix]
    return False, None


def matching(items: Iterable[Item], incomplete: str) -> list[Item]:
    """Items starting with what was typed (any case); else those with a word that does."""
    unique = list(dict(items).items())
    key = incomplete.casefold()
    found = [item for item in unique if item[0].casefold().startswith(key)]
    if found or not key:
        return found
    return [item for item in unique if any(w.startswith(key) for w in _words(item[0]))]


def _words(value: str) -> list[str]:
    return [w for w in re.split(r"[\s,:=/+-]+", value.casefold()) if w]


def _resolve(typed: Any, names: Iterable[str]) -> str | None:
    """The one name `typed` names (exact or unique prefix, any case), else None."""
    if not isinstance(typed, str) or not typed.strip():
        return None
    options = list(names)
    key = typed.strip().casefold()
    exact = [n for n in options if n.casefold() == key]
    hits = exact or [n for n in options if n.casefold().startswith(key)]
    return hits[0] if len(hits) == 1 else None


# --- what was asked, and the database -----------------------------------------------------


class Asked:
    """One completion request: the command line so far, and the database it names."""

    def __init__(self, ctx: Any, incomplete: str) -> None:
        self.ctx = ctx
        self.incomplete = incomplete
        self.path = command_path(ctx)

    def given(self, name: str) -> Any:
        """A parameter already on the command line (None when not given)."""
        return self.ctx.params.get(name)

    @cached_property
    def db(self) -> Peek:
        from companion.cli.common import db_path

        return Peek(db_path(self.ctx))


# --- the rules ----------------------------------------------------------------------------


def values(names: Iterable[str], help_text: str | None = None) -> list[Item]:
    return [(name, help_text) for name in names]


def fixed(names: Iterable[str]) -> Source:
    listed = tuple(names)
    return lambda asked: values(listed)


def tribes(asked: Asked) -> list[Item]:
    table = data.load("hoopers")["tribes"]
    return [(key, tribe.get("label")) for key, tribe in table.items()]


def tribe_labels(asked: Asked) -> list[Item]:
    """Tribes as a Series names them (`Keepers`): its own, else every tribe."""
    series = current_series(asked)
    if series and series.get("tribes"):
        return values(series["tribes"])
    table = data.load("hoopers")["tribes"]
    return [(tribe.get("label", key), None) for key, tribe in table.items()]


def tribe_hoopers(tribe: str | None) -> list[Item]:
    """The hoopers of one tribe (key or label, any case), or of every tribe."""
    found = []
    for key, table in data.load("hoopers")["tribes"].items():
        label = table.get("label", key)
        if tribe is None or tribe.casefold() in (key.casefold(), label.casefold()):
            found += [(name, label) for name in table.get("hoopers", [])]
    return found


def faces(asked: Asked) -> list[Item]:
    dice = data.load("dice")["d8"]
    labels = dice.get("labels", {})
    return [(face, labels.get(face, {}).get("word")) for face in dice["faces"]]


def dice(asked: Asked) -> list[Item]:
    table = data.load("dice")
    return [(name, "Valley Hoopers die") for name in table] + [("d6", "a plain die")]


def foul_actions(asked: Asked) -> list[Item]:
    return [(key, row.get("label")) for key, row in data.load("hoopers_fouls").items()]


def fouled_on(asked: Asked) -> list[Item]:
    return [*foul_actions(asked), *values(FOUL_ON)]


def variants(asked: Asked) -> list[Item]:
    return [(key, row.get("label")) for key, row in data.load("hoopers")["variants"].items()]


def injury_markers(asked: Asked) -> list[Item]:
    return [(m["key"], m.get("text")) for m in data.load("hoopers_injuries")["markers"]]


def allstar_modes(asked: Asked) -> list[Item]:
    return values(data.load("allstar")["modes"], "two-manager mode")


def playlist_genres(asked: Asked) -> list[Item]:
    stored = asked.db.doc(PLAYLIST_DOCS, "genres")
    if isinstance(stored, list) and stored:
        return values(str(g) for g in stored)
    return [(g["name"], g.get("label")) for g in data.load("playlist")["genres"]["default"]]


# --- people -------------------------------------------------------------------------------


def history_players(asked: Asked) -> list[Item]:
    """Everyone in the history, as `history players` names them (aliases applied)."""
    aliases = {str(k).casefold(): v for k, v in asked.db.docs(ALIASES).items()}
    seen: dict[str, str] = {}
    for match in asked.db.matches():
        for name in match.get("players") or []:
            if isinstance(name, str):
                shown = aliases.get(name.casefold(), name)
                seen.setdefault(shown.casefold(), shown)
    return values(sorted(seen.values(), key=str.casefold))


def live_players(game: str) -> Source:
    def players(asked: Asked) -> list[Item]:
        match = asked.db.live_match(game)
        return values(match.get("players") or []) if match else []

    return players


def game_players(asked: Asked) -> list[Item]:
    """PLAYER in a live game's commands (`otdraft game pick`), else anyone in the history."""
    game = {"otdraft game": "otdraft", "playlist game": "playlist", "allstar season": "allstar"}
    for prefix, name in game.items():
        if asked.path.startswith(prefix):
            return live_players(name)(asked)
    return history_players(asked)


def named_on_line(asked: Asked) -> list[Item]:
    """`--first`: the players or teams already on the command line, else the history's."""
    if asked.path.startswith("hoopers series"):
        return [*tribe_labels(asked), ("roll", "a d20 each, highest attacks first")]
    named = [asked.given("home"), asked.given("away")]
    players = asked.given("players")
    if isinstance(players, str):
        named += [p.strip() for p in players.split(",")]
    found = values(n for n in named if isinstance(n, str) and n.strip())
    if asked.path.startswith("hoopers"):
        found.append(("roll", "a d20 each, highest attacks first"))
    return found or history_players(asked)


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


# --- catalogues ---------------------------------------------------------------------------


def otdraft_catalogue(asked: Asked) -> list[dict[str, Any]]:
    """The catalogue's cards: a live draft's own (in `otdraft game`), else the imported one."""
    catalogue = None
    if asked.path.startswith("otdraft game"):
        match = asked.db.live_match("otdraft")
        catalogue = ((match or {}).get("options") or {}).get("catalogue")
    if not isinstance(catalogue, dict):
        catalogue = asked.db.doc(OTDRAFT_DOCS, "catalogue")
    cards = catalogue.get("cards") if isinstance(catalogue, dict) else None
    return [c for c in cards or [] if isinstance(c, dict) and c.get("name")]


def otdraft_cards(asked: Asked) -> list[Item]:
    return [
        (str(c["name"]), f"{c.get('category', '')} · {c.get('points', '?')} points")
        for c in otdraft_catalogue(asked)
    ]


def otdraft_categories(asked: Asked) -> list[Item]:
    found = {str(c["category"]) for c in otdraft_catalogue(asked) if c.get("category")}
    return values(sorted(found))


def playlist_cards(asked: Asked) -> list[Item]:
    """Catalogue cards by title (the number, or GENRE/POINTS/ICONS, is the help)."""
    found = []
    for card in asked.db.doc(PLAYLIST_DOCS, "cards", []) or []:
        if not isinstance(card, dict):
            continue
        icons = "+".join(card.get("icons") or [])
        spelled = f"{card.get('genre')}/{card.get('points')}/{icons}"
        title = card.get("title")
        found.append((str(title) if title else spelled, f"#{card.get('number')} {spelled}"))
    return found


def playlist_actions(asked: Asked) -> list[Item]:
    """The table's action cards, by their text."""
    return values(str(text) for text in asked.db.doc(PLAYLIST_DOCS, "action_cards", []) or [])


def allstar_species(asked: Asked) -> list[str]:
    config = asked.db.doc(ALLSTAR_DOCS, "config")
    species = config.get("species") if isinstance(config, dict) else None
    return [str(s) for s in species or data.load("allstar_defaults")["species"]]


def allstar_cards(asked: Asked) -> list[Item]:
    """SPECIES-NUMBER for every species; with a second '-' typed, the symbols too."""
    config = asked.db.doc(ALLSTAR_DOCS, "config")
    defaults = data.load("allstar_defaults")
    numbers = (config or {}).get("numbers") or defaults["numbers"]
    base = [f"{s.casefold()}-{n}" for s in allstar_species(asked) for n in numbers]
    if asked.incomplete.count("-") < 2:
        return values(base)
    symbols = (config or {}).get("symbols") or defaults["symbols"]
    card = asked.incomplete.rsplit("-", 1)[0]
    return values(f"{card}-{str(s).casefold()}" for s in symbols)


def species(asked: Asked) -> list[Item]:
    return values(allstar_species(asked), "species")


def arenas(asked: Asked) -> list[Item]:
    found = asked.db.doc(ALLSTAR_DOCS, "arenas", {}) or {}
    return [(str(name), _arena_help(row)) for name, row in found.items()]


def _arena_help(row: Any) -> str | None:
    points = row.get("points") if isinstance(row, dict) else row
    return ",".join(map(str, points)) if isinstance(points, list) else None


# --- matches ------------------------------------------------------------------------------


def match_ids(asked: Asked) -> list[Item]:
    """Live and finished matches, newest first: the id, with its game, players and date.
    For an empty word, the newest hundred or so (a whole archive file more at most)."""
    enough = None if asked.incomplete else ENOUGH_IDS
    found = [m for m in asked.db.matches(enough) if isinstance(m.get("id"), str)]
    found.sort(key=lambda m: str(m.get("created") or ""), reverse=True)
    return [(m["id"], _match_help(m)) for m in found[:enough]]


def _match_help(match: dict[str, Any]) -> str:
    players = ", ".join(str(p) for p in match.get("players") or [])
    when = str(match.get("finished") or match.get("created") or "")[:10]
    return " · ".join(x for x in (str(match.get("game")), players, match.get("status"), when) if x)


def watch_games(asked: Asked) -> list[Item]:
    found = values(m.get("game") for m in asked.db.live())
    series = current_series(asked)
    if series and series.get("status") not in ("finished", "abandoned"):
        found.append(("series", None))
    return found


# --- shapes: lists and pairs --------------------------------------------------------------


def commas(source: Source) -> Source:
    """A comma-separated list of `source`'s values: completes the last one, once each."""

    def listed(asked: Asked) -> list[Item]:
        done, _, _ = asked.incomplete.rpartition(",")
        head = done + "," if done else ""
        taken = {w.strip().casefold() for w in done.split(",")} if done else set()
        return [(head + v, h) for v, h in source(asked) if v.casefold() not in taken]

    return listed


def pair(sep: str, left: Source, right: Callable[[Asked, str], Iterable[Item]]) -> Source:
    """`LEFT<sep>RIGHT` (`Keepers:Edd Trapp`, `Saul=David`): every pair (or, when there are
    too many, every left part) until the left part is typed, then its right values."""

    def paired(asked: Asked) -> list[Item]:
        if sep in asked.incomplete:
            typed = asked.incomplete.split(sep, 1)[0]
            return [(f"{typed}{sep}{v}", h) for v, h in right(asked, typed)]
        lefts = [v for v, _ in left(asked)]
        both = [(f"{lv}{sep}{rv}", rh) for lv in lefts for rv, rh in right(asked, lv)]
        return both if len(both) <= MANY else values(f"{lv}{sep}" for lv in lefts)

    return paired


def tribe_roster(asked: Asked) -> list[Item]:
    """`--roster TRIBE:A,B,...`: a tribe, then its hoopers, each once."""
    tribe, sep, rest = asked.incomplete.partition(":")
    if not sep:
        return pair(":", tribe_labels, hoopers_of_typed_tribe)(asked)
    done, _, _ = rest.rpartition(",")
    head = f"{tribe}:{done}," if done else f"{tribe}:"
    taken = {w.strip().casefold() for w in done.split(",")}
    return [(head + h, t) for h, t in tribe_hoopers(tribe) if h.casefold() not in taken]


def words_after(source: Source, name: str) -> Source:
    """An argument taking several words (`first-player Ana Ben`): each value once."""

    def remaining(asked: Asked) -> list[Item]:
        taken = {str(w).casefold() for w in asked.given(name) or ()}
        return [(v, h) for v, h in source(asked) if v.casefold() not in taken]

    return remaining


# --- the registry -------------------------------------------------------------------------

NOTHING = None

SOURCES: dict[str, Source | dict[str, Source | None] | None] = {
    # the table
    "die": dice,
    "players": {
        "first-player": words_after(history_players, "players"),
        "": commas(history_players),
    },
    # games and formats
    "game": {
        "demo": fixed(DEMOS),
        "log": fixed(LOG_GAMES),
        "watch": watch_games,
        "hoopers series": NOTHING,  # a game number
        "": fixed(HISTORY_GAMES),
    },
    "format": fixed(EXPORT_FORMATS),
    # matches
    "match_id": match_ids,
    "one": {"history export": match_ids},
    "series_id": series_ids,
    "series": series_ids,
    # people
    "player": game_players,
    "manager": live_players("allstar"),
    "caller": live_players("playlist"),
    "old": history_players,
    "alias": history_players,
    "into": {"allstar": allstar_cards, "": history_players},
    "home": {
        "hoopers series start": series_home,
        "hoopers match start": history_players,
        "log": history_players,
    },
    "order": {"log": commas(history_players)},
    "tribe": {"log": pair("=", history_players, lambda asked, _: tribes(asked))},
    "scores": NOTHING,  # NAME=SCORE: the number is the point
    "away": {"hoopers match start": history_players},
    "first": named_on_line,
    # Valley Hoopers: the rules
    "kind": {
        "hoopers odds": fixed((*SHOT_KINDS, *COUNTER_KINDS)),
        "hoopers counter": fixed(COUNTER_KINDS),
        "hoopers match counter": fixed(COUNTER_KINDS),
        "hoopers": fixed(SHOT_KINDS),
        "playlist cards add": fixed(PLAYLIST_KINDS),
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
    # Valley Hoopers: the live match
    "team": {"hoopers match": teams},
    "hooper": own_hoopers,
    "hooper_arg": own_hoopers,
    "words": {"hoopers match onfire": onfire_words},
    "out": {"allstar": allstar_cards, "": own_hoopers},
    "in_": own_hoopers,
    "defender": other_hoopers,
    "attacker": other_hoopers,
    "fouled": own_hoopers,
    "on": {"hoopers match foul": fouled_on},
    "against": {
        "hoopers match counter": other_hoopers,
        "hoopers match block": fixed((*SHOT_KINDS, *BLOCKABLE)),
        "hoopers block": fixed((*SHOT_KINDS, *BLOCKABLE)),
        "hoopers": fixed(SHOT_KINDS),
    },
    # Valley Hoopers: the Series
    "tribes": commas(tribe_labels),
    "series_track": tribe_labels,
    "hot": commas(series_hoopers),
    "cold": commas(series_hoopers),
    "roster": tribe_roster,
    "ejected": pair(":", tribe_labels, hoopers_of_typed_tribe),
    "injured": pair(":", tribe_labels, hoopers_of_typed_tribe),
    "gameplan": pair(":", tribe_labels, lambda asked, _: values("012")),
    # All-Star Draft
    "mode": {"allstar": allstar_modes},
    "rule": fixed(ARENA_RULES),
    "arena": arenas,
    "names": {"allstar season arenas": arenas},
    "name": {"allstar arena remove": arenas, "otdraft cards show": otdraft_cards},
    "key": {
        "allstar config set": fixed((*ALLSTAR_KEYS, "playoff-points")),
        "allstar config": fixed(ALLSTAR_KEYS),
    },
    "species": commas(species),
    # cards of every game
    "cards": {
        "deal": NOTHING,  # how many
        "allstar": allstar_cards,
        "playlist solo deal": NOTHING,  # how many
        "playlist solo start": NOTHING,  # how many
        "playlist deck": NOTHING,  # the deck's own cards, typed in
        "playlist": playlist_cards,
        "otdraft": otdraft_cards,
    },
    "card": {
        "allstar": allstar_cards,
        "playlist cards add": NOTHING,
        "playlist game action": playlist_actions,
        "playlist": playlist_cards,
        "otdraft": otdraft_cards,
    },
    "secret": otdraft_cards,
    "protect": pair("=", otdraft_cards, lambda asked, _: otdraft_cards(asked)),
    "silence": pair("=", otdraft_cards, lambda asked, _: otdraft_cards(asked)),
    "category": otdraft_categories,
    # All Stars Playlist
    "genre": playlist_genres,
    "reading": {"playlist solo goal": fixed(("at-least", "more-than"))},
    "genres": playlist_genres,
}
