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
from collections.abc import Callable, Iterable, Mapping
from functools import cached_property
from typing import Any

from companion.cli import typer_compat
from companion.store.peek import Peek

Item = tuple[str, "str | None"]  # a value and what it is (zsh and fish show it)
Source = Callable[["Asked"], Iterable[Item]]
ValuesOf = Callable[["Asked", Any], Iterable[Item]]  # the values of what another part names

# Copies of names the engines keep in code (checked against them by the tests).
EXPORT_FORMATS = ("json", "csv", "bgstats", "bgsplay", "bgg")  # companion.history.formats.FORMATS

# Where the game tables keep their documents in the database file (store table, key).
ALIASES = "players"  # companion.history.book.ALIASES: spelling -> canonical name

# The root's own commands: no game is looked for under these names.
ROOT_COMMANDS = frozenset(
    ("roll", "shuffle", "deal", "first-player", "demo", "watch", "history", "players", "log")
    + ("moves", "plugins")
)

ENOUGH_IDS = 100  # match ids offered for an empty word (newest first)
SCREEN = 40  # match ids offered for a typed prefix at most: a screenful, newest first
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
    """`G match shot` for `companion G match shot`."""
    return ctx.command_path.partition(" ")[2]


def source_for(path: str, name: str) -> Source | None:
    """Where the values of parameter `name` of command `path` come from (None: nowhere)."""
    return _entry(path, name)[1]


def covers(path: str, name: str) -> bool:
    """Whether the registry says anything (a source, or NOTHING) about that parameter."""
    return _entry(path, name)[0]


def _entry(path: str, name: str) -> tuple[bool, Source | None]:
    """The game's own entry first, then the shared one; on a root command, a game's entry
    for that command (`log --tribe`) before the shared one for every other command."""
    word = path.split(" ", 1)[0]
    own = _game_sources(word)
    if name in own:
        found = _best(path, own[name], word)
        if found[0]:
            return found[0], found[1]
    shared: tuple[bool, Source | None, str] = (False, None, "")
    if name in SOURCES:
        entry = SOURCES[name]
        if not isinstance(entry, dict):
            return True, entry
        shared = _best(path, entry, "")
        if shared[0] and shared[2]:
            return shared[0], shared[1]
    if word in ROOT_COMMANDS:
        for sources in _every_game_sources():
            if name in sources:
                found = _best(path, sources[name], None)
                if found[0]:
                    return found[0], found[1]
    return shared[0], shared[1]


def _best(path: str, entry: Any, whole: str | None) -> tuple[bool, Source | None, str]:
    """The source of the longest command-path prefix of `entry` that `path` starts with; a
    plain source stands for prefix `whole` (None: it applies nowhere)."""
    if not isinstance(entry, dict):
        entry = {} if whole is None else {whole: entry}
    for prefix in sorted(entry, key=len, reverse=True):
        if prefix == "" or path == prefix or path.startswith(prefix + " "):
            return True, entry[prefix], prefix
    return False, None, ""


def _game_sources(word: str) -> dict[str, Any]:
    """The completion entries of game `word` (its spec's), {} when `word` is no game."""
    from companion import registry

    if word in ROOT_COMMANDS:
        return {}
    game = registry.spec(word)
    if game is None or game.completion is None:
        return {}
    from companion.engine.spec import load

    return load(game.completion)


def _every_game_sources() -> list[dict[str, Any]]:
    from companion import registry
    from companion.engine.spec import load

    return [load(g.completion) for g in registry.specs() if g.completion]


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

    def typed(self) -> list[str]:
        """The parameters typed on the command line (not left to their defaults)."""
        return typer_compat.typed_on_line(self.ctx)

    @cached_property
    def db(self) -> Peek:
        from companion.cli.common import db_path

        return Peek(db_path(self.ctx))


# --- the rules ----------------------------------------------------------------------------


def values(names: Iterable[str], help_text: str | None = None) -> list[Item]:
    return [(name, help_text) for name in names]


def fixed(names: Iterable[str], help_text: str | None = None) -> Source:
    listed = tuple(names)
    return lambda asked: values(listed, help_text)


def chain(*sources: Source) -> Source:
    """Each source's values in turn."""
    return lambda asked: [item for source in sources for item in source(asked)]


Load = Callable[[str], Any]  # a game's `data.load`: its TOML tables, read and cached


def from_table(load: Load, name: str, *keys: str, label: str = "label") -> Source:
    """What the game's data table `name` holds under `keys`: a list's words, the `key` of
    each row of a list of rows, or a table's keys, each with its row's `label` as help. The
    rules read the same table: a word added there is offered at once, and no copy is kept."""

    def source(asked: Asked) -> list[Item]:
        found = _at(load, name, keys)
        if isinstance(found, Mapping):
            rows = list(found.items())
        else:
            rows = [(r["key"], r) if isinstance(r, Mapping) else (r, None) for r in found]
        return [(str(key), _label(row, label)) for key, row in rows]

    return source


def members(load: Load, name: str, *keys: str, field: str, label: str = "label") -> ValuesOf:
    """The names each row of a data table's table lists in `field` (a row is a group: a side
    and its line-up), with the row's `label`: those of the row `group` names (its key or
    label, any case), of every row when None. `pair`'s right part, or `of_given`'s."""

    def found(asked: Asked, group: Any) -> list[Item]:
        named = group.strip().casefold() if isinstance(group, str) else None
        items: list[Item] = []
        for key, row in _at(load, name, keys).items():
            shown = str(row.get(label, key))
            if named is None or named in (str(key).casefold(), shown.casefold()):
                items += [(str(m), shown) for m in row.get(field) or ()]
        return items

    return found


def of_given(right: ValuesOf, name: str) -> Source:
    """`right`'s values for what parameter `name` says on the line (None: not given)."""
    return lambda asked: right(asked, asked.given(name))


def _at(load: Load, name: str, keys: tuple[str, ...]) -> Any:
    found = load(name)
    for key in keys:
        found = found[key]
    return found


def _label(row: Any, label: str) -> str | None:
    return str(row[label]) if isinstance(row, Mapping) and row.get(label) is not None else None


# --- people -------------------------------------------------------------------------------


def history_players(asked: Asked) -> list[Item]:
    """Everyone in the history, as `history players` names them (aliases applied)."""
    aliases = asked.db.aliases()  # the main file's ALIASES table, then every machine's records
    seen: dict[str, str] = {}
    for name in asked.db.spellings():  # each archive file's keys, not its summaries
        shown = aliases.get(name.casefold(), name)
        seen.setdefault(shown.casefold(), shown)
    return values(sorted(seen.values(), key=str.casefold))


def score_names(asked: Asked) -> list[Item]:
    """`log GAME <Tab>`: each known player's `NAME=`, the ones already on the line left out;
    nothing once the `=` is typed (the number is the point) or for a solo round's POINTS."""
    from companion import registry

    if "=" in asked.incomplete:
        return NOTHING_TO_SAY
    kind = registry.kind(str(asked.given("game") or ""))
    if kind is not None and kind.log is not None and kind.log.solo:
        return NOTHING_TO_SAY
    taken = {str(s).partition("=")[0].strip().casefold() for s in asked.given("scores") or ()}
    return [
        (f"{name}=", "a known player")
        for name, _ in history_players(asked)
        if name.casefold() not in taken
    ]


NOTHING_TO_SAY: list[Item] = []


def live_players(game: str, help_text: str | None = None) -> Source:
    def players(asked: Asked) -> list[Item]:
        match = asked.db.live_match(game)
        return values(match.get("players") or [], help_text) if match else []

    return players


def live_pieces(game: str, option: str, owner: str, others: bool = False) -> Source:
    """What each player holds in the live `game` match (its options' `option`: player ->
    names, e.g. a team's line-up), each with its player: the holdings of the player
    parameter `owner` names on the line (`others`: of every other player), else everyone's."""

    def pieces(asked: Asked) -> list[Item]:
        match = asked.db.live_match(game)
        if not match:
            return []
        held = (match.get("options") or {}).get(option) or {}
        players = [str(p) for p in match.get("players") or []]
        named = _resolve(asked.given(owner), players)
        chosen = [p for p in players if (p != named if others else named in (None, p))]
        return [(str(piece), p) for p in chosen for piece in held.get(p) or []]

    return pieces


def legal_first(
    game: str, name: str, rest: Source | None = None, kind: str | None = None
) -> Source:
    """The values `name` takes ("who", or a key of a move's `what`) in the moves the live
    `game` match's query offers now, first ("legal now"), then `rest`'s: Tab asks the one
    answer the CLI, guided play and the seats ask (companion.engine.moves). `kind`: only
    the moves of that kind; the words already on the line narrow them (`legal_values`)."""

    def source(asked: Asked) -> list[Item]:
        found = values(legal_values(asked, game, name, kind), "legal now")
        taken = {value for value, _ in found}
        later = [item for item in (rest(asked) if rest else ()) if item[0] not in taken]
        return [*found, *later]

    return source


def legal_values(asked: Asked, game: str, name: str, kind: str | None = None) -> list[str]:
    """`name`'s values in the moves legal now in `game`'s live match (none without one), of
    `kind` only when given. A parameter typed on the line whose name is a key of a move's
    data (or of a table in it: a `spec`'s `kind`) keeps the moves whose value there starts
    with it, any case: `shot TEAM 3ps --hooper <Tab>` offers that team's 3-point shooters."""
    match = asked.db.live_match(game)
    if not match:
        return []
    from companion.engine.moves import legal
    from companion.engine.spec import load
    from companion.tables import table_target

    target = table_target(str(match.get("game", game)))
    if not target:
        return []
    typed = {k: asked.given(k) for k in asked.typed() if k != name}
    said = {k: v.strip().casefold() for k, v in typed.items() if isinstance(v, str) and v.strip()}
    answer = legal(load(target).rules, match)
    found = (m for m in answer.moves if kind in (None, m.kind) and _fits(m.what, said))
    return list(dict.fromkeys(str(v) for m in found if (v := _field(m, name)) is not None))


def _fits(what: Mapping[str, Any], said: Mapping[str, str]) -> bool:
    """Whether the move's data agrees with what the line says (casefolded) of its keys."""
    for key, typed in said.items():
        held = _field_of(what, key)
        if held is not None and not str(held).casefold().startswith(typed):
            return False
    return True


def _field(move: Any, name: str) -> Any:
    return move.who if name == "who" else _field_of(move.what, name)


def _field_of(what: Mapping[str, Any], key: str) -> Any:
    if key in what:
        return what[key]
    tables = (v for v in what.values() if isinstance(v, Mapping) and key in v)
    return next((t[key] for t in tables), None)


def moving_players(asked: Asked) -> list[Item]:
    """`companion moves --player <Tab>`: the players of the live game named (or the only one)."""
    game = asked.given("game")
    live = [m for m in asked.db.live() if not game or str(m.get("game", "")).startswith(game)]
    return values(p for m in live for p in m.get("players") or []) if len(live) == 1 else []


# --- matches ------------------------------------------------------------------------------


def match_ids(asked: Asked) -> list[Item]:
    """Live and finished matches, newest first: the id, with its game, players and date.
    For an empty word, the newest hundred or so (a whole archive file more at most); for a
    prefix, the newest screenful of the ids it starts (`_newest_starting`)."""
    if asked.incomplete:
        found = _newest_starting(asked.db, asked.incomplete.casefold())
    else:
        found = [m for m in asked.db.matches(ENOUGH_IDS) if isinstance(m.get("id"), str)]
    found.sort(key=_created, reverse=True)
    found = found[: SCREEN if asked.incomplete else ENOUGH_IDS]
    return [(m["id"], _match_help(m)) for m in found]


def _created(match: dict[str, Any]) -> str:
    return str(match.get("created") or "")


def _newest_starting(db: Peek, key: str) -> list[dict[str, Any]]:
    """The matches whose id starts with `key`, enough of them for the newest SCREEN: one
    letter starts thousands of a big club's ids, and a shell offering them all reads every
    archive file. Files hold a month of finishings, newest read first, and a match is
    created before it finishes: once SCREEN are found, a file of a month before the
    SCREENth's creation holds none newer, nor does any older file."""
    live = [m for m in db.live() if isinstance(m.get("id"), str)]
    found = [m for m in live if m["id"].casefold().startswith(key)]
    seen = {m["id"] for m in live}
    for name, summaries in db.shard_files():
        if len(found) >= SCREEN:
            edge = sorted(map(_created, found), reverse=True)[SCREEN - 1]
            if edge[:7] > name[:7]:
                break
        for match in summaries():
            match_id = match.get("id")
            if not isinstance(match_id, str) or match_id in seen or not db.alive(match):
                continue
            seen.add(match_id)
            if match_id.casefold().startswith(key):
                found.append(match)
    return found


def _match_help(match: dict[str, Any]) -> str:
    players = ", ".join(str(p) for p in match.get("players") or [])
    when = str(match.get("finished") or match.get("created") or "")[:10]
    return " · ".join(x for x in (str(match.get("game")), players, match.get("status"), when) if x)


# --- shapes: lists and pairs --------------------------------------------------------------


def commas(source: Source) -> Source:
    """A comma-separated list of `source`'s values: completes the last one, once each."""
    return lambda asked: _each_once(asked.incomplete, source(asked))


def _each_once(typed: str, items: Iterable[Item], before: str = "") -> list[Item]:
    """`items` as the last of the comma-separated words `typed`, leaving out those typed."""
    done, _, _ = typed.rpartition(",")
    head = before + (done + "," if done else "")
    taken = {w.strip().casefold() for w in done.split(",")} if done else set()
    return [(head + v, h) for v, h in items if v.casefold() not in taken]


def pair(sep: str, left: Source, right: ValuesOf, several: bool = False) -> Source:
    """`LEFT<sep>RIGHT` (`Team:Name`, `Saul=David`): every pair (or, when there are too
    many, every left part) until the left part is typed, then its right values;
    `several`: then a comma-separated list of them, each once (`Team:Name,Other`)."""

    def paired(asked: Asked) -> list[Item]:
        if sep in asked.incomplete:
            typed, _, rest = asked.incomplete.partition(sep)
            if several:
                return _each_once(rest, right(asked, typed), f"{typed}{sep}")
            return [(f"{typed}{sep}{v}", h) for v, h in right(asked, typed)]
        lefts = [v for v, _ in left(asked)]
        both = [(f"{lv}{sep}{rv}", rh) for lv in lefts for rv, rh in right(asked, lv)]
        return both if len(both) <= MANY else values(f"{lv}{sep}" for lv in lefts)

    return paired


def words_after(source: Source, name: str) -> Source:
    """An argument taking several words (`first-player Ana Ben`): each value once."""

    def remaining(asked: Asked) -> list[Item]:
        taken = {str(w).casefold() for w in asked.given(name) or ()}
        return [(v, h) for v, h in source(asked) if v.casefold() not in taken]

    return remaining


def dice(asked: Asked) -> list[Item]:
    from companion.engine.dice import by_game

    return [(d.name, f"{title} die") for title, dice in by_game().items() for d in dice] + [
        ("d6", "a plain die")
    ]


def named_on_line(asked: Asked) -> list[Item]:
    """`--first`: the players or teams already on the command line, else the history's."""
    return named_on(asked) or history_players(asked)


def named_on(asked: Asked) -> list[Item]:
    named = [asked.given("home"), asked.given("away")]
    players = asked.given("players")
    if isinstance(players, str):
        named += [p.strip() for p in players.split(",")]
    return values(n for n in named if isinstance(n, str) and n.strip())


def live_games(asked: Asked) -> list[Item]:
    return values(m.get("game") for m in asked.db.live())


def games(asked: Asked) -> list[Item]:
    from companion import registry

    return values(registry.names())


def loggable(asked: Asked) -> list[Item]:
    from companion import registry

    return values(k.key for k in registry.kinds() if k.log is not None)


def installed_games(asked: Asked) -> list[Item]:
    """`plugins off|on <Tab>`: the installed games, with their state."""
    from companion import registry

    on = registry.installed()
    return [(n, "on" if n in on else "off") for n in sorted(registry.packages())]


def demos(asked: Asked) -> list[Item]:
    from companion.demo.run import demos as every

    return values(every())


# --- the registry -------------------------------------------------------------------------
#
# The entries every command shares; each game adds its own (its spec's `completion`:
# a module's SOURCES, keyed the same way, with command paths that start with the game's
# name, or a root command's such as `log`). A command of game G reads G's entries; a root
# command reads every game's only for a name it has nothing specific for.

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
        "demo": demos,
        "moves": live_games,
        "log": loggable,
        "": games,
    },
    "format": fixed(EXPORT_FORMATS),
    "name": {"plugins": installed_games},
    # matches
    "match_id": match_ids,
    "one": {"history export": match_ids},
    # people
    "player": {"moves": moving_players, "": history_players},
    "old": history_players,
    "alias": history_players,
    "into": {"": history_players},
    "scores": {"log": score_names, "": NOTHING},  # NAME=SCORE: the name, then the number
    "cards": {"deal": NOTHING},  # how many
    "first": named_on_line,
}
