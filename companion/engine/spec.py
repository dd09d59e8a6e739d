"""What a game tells the companion about itself: one `GameSpec` per game, in its own package.

A spec is plain data. Everything a face needs from a game — its table, its
renderer, its guided flow, how a finished result is ranked — is named as a
"module:attribute" string and imported only when that face uses it
(`load`), so reading a spec costs nothing and the pure games layer never
imports a face. `companion.registry` lists the specs; every face iterates it.
"""

from __future__ import annotations

import importlib
from typing import Any


class Record:
    """A frozen record of the fields its class annotates (defaults: the class attributes).

    Not a dataclass on purpose: generating a dataclass's methods compiles code at import,
    about 6 M instructions per class, and every command for a game reads its spec.
    """

    __slots__ = ()
    _fields: tuple[str, ...] = ()

    def __init_subclass__(cls) -> None:
        cls._fields = tuple(k for k in cls.__dict__.get("__annotations__", {}) if k[0] != "_")

    def __init__(self, *args: Any, **given: Any) -> None:
        if len(args) > len(self._fields):
            raise TypeError(f"{type(self).__name__} takes {len(self._fields)} fields")
        given.update(zip(self._fields, args, strict=False))
        unknown = set(given) - set(self._fields)
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {sorted(unknown)[0]!r}")
        for name in self._fields:
            if name not in given and not hasattr(type(self), name):
                raise TypeError(f"{type(self).__name__} needs {name!r}")
        for name, value in given.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen")

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}={v!r}" for k, v in vars(self).items())
        return f"{type(self).__name__}({shown})"


def load(target: str) -> Any:
    """The object a "module:attribute" string names (a module alone when there is no ':')."""
    module, _, attribute = target.partition(":")
    found = importlib.import_module(module)
    return getattr(found, attribute) if attribute else found


# The version of this module's records a spec is written against (`GameSpec.api`), as
# "MAJOR.MINOR". MAJOR is raised when a field changes meaning or a required one is added: a
# spec of another MAJOR is refused with one warning line (companion.registry), never
# half-read. MINOR is raised when an optional field or hook is added (1.1: `Rules.moves`,
# the legal-moves query; `Kind.result_view`): a spec written for this MINOR or an older one
# loads; one for a newer MINOR asks for a newer companion. A whole number is MAJOR.0.
API = "1.1"


def api_version(value: object) -> tuple[int, int] | None:
    """`GameSpec.api` as (major, minor): 1 -> (1, 0), "1.1" -> (1, 1); None if unreadable."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return (value, 0)
    if isinstance(value, str):
        major, _, minor = value.partition(".")
        if major.isdigit() and (minor.isdigit() or not minor):
            return (int(major), int(minor or 0))
    return None


class MatchSummary(dict):  # type: ignore[type-arg]
    """What history hands a game's hooks (`Kind.chart`, `Figures.part`, `stats_view`'s rows
    come from these): a finished match as the archive's summary keeps it, a plain dict with

    - `id`, `game`, `status` ("finished" or "abandoned"), `players` (names, in seat order),
      `seed`, `created`, `finished` (ISO dates), `options` (the game's own, and `logged`
      for a game played without the companion), `result` (`scores`, `ranks`, `winner` and
      the game's own keys);
    - `events`: how many events the match recorded — a number, not the events: a hook
      that needs the moves (`plays`, `replay`) is handed the whole match, live or finished,
      whose `events` is the list of `{"type", "data"}` events.

    A type for documentation and for `isinstance` in a game's own tests; history builds
    plain dicts of this shape.
    """


class LogOption(Record):
    """An option a game adds to `companion log` (e.g. `--bonus NAME=N`).

    `key`: where its value is found in the request (`request.own[key]`, for the game's
    `Logged.prepare`); `several`: repeatable (a tuple of texts, else one text or None);
    `role`: its NAME=VALUE pairs are the part each player took (what a play file from
    elsewhere calls a player's colour or role fills it). Two kinds may share an option
    (the same `flag` means the same option).
    """

    key: str
    flag: str
    metavar: str
    help: str
    several: bool = False
    role: bool = False


class Question(Record):
    """One more question the guided log asks for a game, answered into a `companion log` option.

    `option`: the `LogOption.key` it fills; `when`: "always", or "tie" (only when the
    first place is shared: `{tied}` in the prompt names them); `words`: the answer is
    several NAME=VALUE (else one text); `required`: no `none` (the rules need the answer).
    """

    option: str
    prompt: str
    choices: str
    when: str = "always"
    words: bool = True
    required: bool = False


class Logged(Record):
    """How a game played without the companion is logged (`companion log`) and amended.

    `rank(scores, context) -> {"scores", "ranks", "winner", ...}` decides the result
    by the game's rules (`companion log` and `history amend` both ask it);
    `prepare(request, players) -> (options, context)` reads the game's own
    `companion log` options (`options`: the `LogOption`s it takes); `context(match)` is
    what ranking needs again when a stored result is amended; `setup(txn)` reads
    the table's settings a log is checked against (a solo goal, the catalogue's
    negative cards) inside the log's own transaction (`txn.get_doc`), so the table's
    `log` verb checks and files against one version of them. `solo`: one player,
    one number. `by_rank`: a play may come in as who won alone, without scores (a
    BoardGameGeek play recording only `win="1"`): the winners ranked 1, the others 2,
    every score None — a game that sets it takes such results in its figures.
    """

    title: str
    rank: str
    options: tuple[LogOption, ...] = ()
    prepare: str | None = None
    context: str | None = None
    setup: str | None = None
    questions: tuple[Question, ...] = ()
    solo: bool = False
    score_prompt: str = "Final scores?"
    by_rank: bool = False


class Play(Record):
    """`G play` on a terminal: what it is (its help), and what it says with nothing live."""

    command: str  # "companion G play"
    help: str
    none_live: str
    ask: str
    nothing: str


class Figures(Record):
    """A game's own figures in `history stats`, summed month by month.

    `part(matches) -> dict`: one month's sums, JSON-able (kept in a cache file beside the
    month's archive file); `doc(parts) -> dict`: the figures, from the months' parts in
    date order; `by_player`: the part's keys whose dicts are keyed by player name (renamed
    key by key when a player is); `version`: raised when `part`'s shape changes, so parts
    cached before are made again. Keep the sums integers: a part holding a non-integer is
    not added to another (floating point would change the last digit) and its month is
    counted match by match. The figures over any matches are `extras` — the same two
    functions over one part, so the summed and the counted figures cannot differ.
    """

    part: Any
    doc: Any
    by_player: tuple[str, ...] = ()
    version: int = 1

    def extras(self, matches: list[dict[str, Any]]) -> dict[str, Any]:
        return self.doc([self.part(matches)])


class Kind(Record):
    """One kind of thing a game tracks or keeps in history, by the name stored in a match.

    `key` is the match's `game` (and `watch --game`, `table_for`); `stored` the
    name its history documents carry, when that differs (the Series). Every other
    field is optional: a kind found only in history (a game typed in by hand) has
    no table; `counts_as` then names the kind whose stats, ratings and amendments
    it shares.
    """

    key: str
    title: str  # as other tools name the game (BG Stats' play)
    table: str | None = None  # "module:Class": the Table, built as Class(store)
    command: str | None = None  # "companion G NOUN": `start`, `end`, `undo` follow it
    example: tuple[tuple[str, ...], ...] = ()  # the commands that start a sample game
    # moves that print, played on the sample game after its noun (`("score", "Ann", "2")`),
    # in the example's names (Ann, Bob, Cy): the test kit's hostile-names sweep plays them
    moves: tuple[tuple[str, ...], ...] = ()
    renderer: str | None = None  # "module:function(out, status)" drawing the scoreboard
    # the renderer draws from the status alone, through `out.print` of text and
    # companion.ui.console Tables: the status is kept with each move, and `status` prints
    # it without loading the game or replaying the match (companion.tables.shown)
    keeps_status: bool = False
    flow: str | None = None  # guided module: start(store, seed=None) -> bool, play(store, seed)
    menu: str | None = None  # "a coin race": what the menu offers to start
    first_step: str = "the first turn"
    next_step: str = "the next turn"
    own_document: bool = False  # the table keeps its own document, not a live match
    play: Play | None = None  # `G play` (companion.cli.play)
    log: Logged | None = None
    counts_as: str | None = None
    replay: str | None = None  # "module:fold(match) -> result": `history replay`
    # "module:fn(match) -> list[str]": the match turn by turn in words (`history show`);
    # without it `history show` lists the raw events
    plays: str | None = None
    stats: str | None = None  # "module:FIGURES", a `Figures`: its own `history stats` figures
    stats_view: str | None = None  # "module:lines(row) -> [str]": its `history stats` lines
    # "module:words(result) -> str | None": what `history show` adds to its result line
    # (a tie-break's own figures, say)
    result_view: str | None = None
    # "module:chart(match) -> doc" (an aggregate's: chart(match, its games)): `history chart ID`;
    # `match` is a MatchSummary (its `events` a count); a doc of labelled steps
    # (engine.figures.step_chart) is drawn whatever its kind is called
    chart: str | None = None
    aggregate: bool = False  # its result is made of other matches (a Series: its games count)
    # "module:function(match, player) -> str | None": the part a player played (a side, a
    # faction), as BG Stats' `role` and the exports carry it
    role: str | None = None
    stored: str | None = None
    # "module:fn(match) -> bool": whether a match's players are people (None: always). A
    # match whose sides were not people (sides named after factions alone) stays in history
    # but counts for nobody in stats, head-to-head, ratings or a BG Stats export.
    people: str | None = None

    @property
    def history_key(self) -> str:
        return self.stored or self.key

    def verb_command(self, verb: str) -> str:
        return f"{self.command or 'companion ' + self.key} {verb}"


class Column(Record):
    """A column a game adds to `history export --format csv`, one value per player's row.

    `key`: `result[key][player]` when `per_player`, else the match's `options[key]` (or
    `result[key]`): a value of the whole match, such as the series it belongs to.
    """

    name: str
    key: str
    per_player: bool = False


class Fields(Record):
    """What a game keeps in its matches besides what every match has, so the store can check
    its shape and history rename a player inside it without knowing the game.

    `text_options` / `text_result`: keys of `options` / `result` holding a string (a series
    id); `player_options`: keys of `options` naming a player (the home team);
    `player_option_maps` / `player_result_maps`: keys of `options` / `result` whose maps are
    keyed by player (renamed key by key when a player is; `player_option_maps` hold strings);
    `player_result_lists`: keys of `result` holding a list of names (an order of finish, the
    players eliminated: renamed name by name).
    """

    text_options: tuple[str, ...] = ()
    text_result: tuple[str, ...] = ()
    player_options: tuple[str, ...] = ()
    player_option_maps: tuple[str, ...] = ()
    player_result_maps: tuple[str, ...] = ()
    player_result_lists: tuple[str, ...] = ()
    csv: tuple[Column, ...] = ()

    def merged(self, other: Fields) -> Fields:
        """Both games' fields (each key once, in order)."""
        return Fields(
            **{
                name: tuple(dict.fromkeys((*getattr(self, name), *getattr(other, name))))
                for name in self._fields
            }
        )


class GameSpec(Record):
    """A game, as every face sees it. `name` is its command (`companion NAME`) and the
    history family (`history list --game NAME` covers its kinds)."""

    name: str
    title: str
    cli: str  # "module:app": the typer app mounted as `companion NAME`
    kinds: tuple[Kind, ...]
    aliases: tuple[str, ...] = ()
    demos: tuple[tuple[str, str], ...] = ()  # (demo name, module with run(out, store, seed))
    completion: str | None = None  # "module:SOURCES": this game's values for the shell's Tab
    help: str = ""
    fields: Fields = Fields()  # what its matches keep beyond the common fields
    dice: str | None = None  # "module:DICE", its named dice (`engine.dice.Die`s) for `roll`
    # "package:file.js": the script drawing its kinds on `watch --web` (`board(KEY, draw)`)
    board: str | None = None
    api: str | int = API  # the version of these records it is written against ("1.1", 1)
