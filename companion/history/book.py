"""The book of every match: the history layer's reads and writes over the store.

Every command of `companion history` and `companion players` calls one
function here (or in `amend`) and never the store itself: loading matches
with canonical player names and amendments applied, the backup and its
import, deleting, undoing, renaming and merging players. (`companion log` is
the tables' `log` verb: `Table.log`.)
The store's own functions do the locking and the writing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.history.players import Roster
    from companion.store import Store

Match = dict[str, Any]

ALIASES = "players"


@contextmanager
def paused_gc() -> Iterator[None]:
    """Pause the cycle collector while building many small objects that live to the end.

    Loading 100,000 match summaries otherwise spends about a third of its
    time in collections that find nothing (the documents hold no cycles).
    """
    import gc

    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _docs(db: Any, table: str) -> dict[str, Any]:
    return {d["key"]: d["value"] for d in db.table(table).all() if "key" in d}


def side_tables(store: Store) -> tuple[dict[str, str], dict[str, Any]]:
    """(player aliases, amendments): every machine's records folded (companion.store.records)."""
    folded = store.view().folded()
    _check_aliases(folded.aliases, store.path)
    return folded.aliases, folded.amendments


def _check_aliases(aliases: dict[str, Any], where: object) -> None:
    """Every alias names a player: a hand edit that broke one is one error line, not a crash."""
    from companion.engine.errors import StoreError
    from companion.store.validate import name_problem

    for key, value in aliases.items():
        why = name_problem(key) or name_problem(value)
        if why:
            raise StoreError(
                f"the players alias {key!r} -> {value!r} in {where} {why}",
                hint="fix it by hand, or restore its .bak copy",
            )


def history(store: Store) -> tuple[Roster, list[Match]]:
    """Every match (archived ones without events), amended, with canonical player names."""
    from companion.history.amend import amended
    from companion.history.players import Roster
    from companion.store.archive import live_matches, summaries

    aliases, amendments = side_tables(store)
    roster = Roster(aliases)
    with paused_gc():
        # One copy per id, should an older companion have left two (the live one wins).
        unique = {m["id"]: m for m in [*summaries(store), *live_matches(store)]}
        if not amendments:
            return roster, [roster.match(m) for m in unique.values()]
        return roster, [roster.match(amended(m, amendments)) for m in unique.values()]


def quick_stats(
    store: Store, wanted: Any, counted: dict[str, Any] | None = None
) -> dict[str, Any] | None:
    """The `history stats` document (no series filter) summed from each archive file's
    partial; None when every match must be read (companion.history.summed)."""
    from companion.history.summed import quick_stats as summed

    return summed(store, wanted, counted)


def quick_ratings(
    store: Store, spelled: list[str] | None = None, counted: dict[str, Any] | None = None
) -> tuple[Roster, dict[Any, Any]] | None:
    """(the roster, every rating line) from the months' rating checkpoints; None when every
    match must be read (companion.history.summed). `spelled`, given, gets the archive's
    spellings (for `player_names`), read with the checkpoints; `counted`, how each stored
    game name counted."""
    from companion.history.summed import quick_ratings as summed

    return summed(store, spelled, counted)


def start_prediction(store: Store, game: str, players: Sequence[str]) -> dict[str, Any] | None:
    """What `history ratings --predict` says of a game's players as it starts (`{"game",
    "predictions"}`), or None: fewer than two players, or none of them rated in it yet.

    A start pays for it only when history holds matches: the ratings then come from the
    months' checkpoints when they can (as the Series' odds do), else from every match.
    """
    from companion.history.predict import predict
    from companion.history.queries import game_of

    if len(players) < 2 or not store.view().shards():
        return None
    found = quick_ratings(store)
    known, lines = found if found is not None else _rated_history(store)
    names = [known.name(p) for p in players]
    rated = game_of({"game": game})
    if not any((rated, name) in lines for name in names):
        return None
    return {"game": rated, "predictions": predict(lines, rated, names)}


def predicted(store: Store, game: str, players: Sequence[str]) -> dict[str, Any]:
    """`{"predictions": predict.predict(lines, game, players), "rated": [whether each
    player has a line in game], "skills": [each player's [μ, σ]], "beta": the model's β}`
    over every rating line, `players` named canonically.

    Kept (companion.history.answered) under the digest of everything the ratings are made
    from, so asking again while no archive file, record or live match's names changed
    reads one small file, not every month's partial and a checkpoint (`series status`
    asks it each time for its odds)."""
    from companion.history.answered import PREDICTED, Kept

    # "skills" (each player's μ and σ) and "beta" came later: a doc kept before is not read.
    kept = Kept(store, ["predicted", 2, game, list(players)], PREDICTED)
    doc = kept.doc()
    if doc is not None:
        return doc
    from companion.history.predict import predict  # (openskill, only when rated here)

    warned = store.warned()
    counted: dict[str, Any] = {}
    with paused_gc():
        found = quick_ratings(store, None, counted)
        lines = found[1] if found is not None else _rated_history(store)[1]
    from companion.history.ratings import model

    rater = model()
    held = [lines[game, p].rating if (game, p) in lines else rater.rating() for p in players]
    doc = {
        "predictions": predict(lines, game, players),
        "rated": [(game, player) in lines for player in players],
        "skills": [[rating.mu, rating.sigma] for rating in held],
        "beta": rater.beta,
    }
    if found is not None and store.warned() == warned:
        kept.keep(doc, counted)
    return doc


def _rated_history(store: Store) -> tuple[Roster, dict[Any, Any]]:
    from companion.history.ratings import rate

    known, matches = history(store)
    return known, rate(matches)


def prediction_line(doc: dict[str, Any]) -> str:
    """`GAME, who is likely to win (openskill): Ana 62% · Ben 38% (provisional: 3
    plays)`: a start's one line, favourite first (as `ratings --predict` lists them)."""
    parts = []
    for row in sorted(doc["predictions"], key=lambda r: -r["chance"]):
        plays = row["plays"]
        mark = f" (provisional: {plays} play{'' if plays == 1 else 's'})"
        parts.append(f"{row['player']} {row['chance']:.0%}{mark if row['provisional'] else ''}")
    return f"{doc['game']}, who is likely to win (openskill): {' · '.join(parts)}"


# --- one match, one screen: read through the archive's keys, not every summary -----------


def roster(store: Store) -> Roster:
    """The aliases, with every spelling the archive holds seen in the order a full read
    sees them (so a name is shown as `history` would show it)."""
    from companion.history.players import Roster
    from companion.store.index import spellings

    found = Roster(side_tables(store)[0])
    for name in spellings(store):
        found.name(name)
    return found


def roster_and_names(store: Store) -> tuple[Roster, list[str]]:
    """`roster` and `player_names`, reading the archive's spellings once."""
    from companion.history.players import Roster
    from companion.store.index import spellings

    spelled = spellings(store)
    found = Roster(side_tables(store)[0])
    for name in spelled:
        found.name(name)
    return found, player_names(store, found, spelled)


def player_names(store: Store, known: Roster, spelled: list[str] | None = None) -> list[str]:
    """Every canonical player name (as `players.known_players` over every match);
    `spelled`: the archive's spellings, when the caller has read them."""
    from companion.store.archive import live_matches
    from companion.store.index import spellings

    seen = {known.name(p) for p in (spellings(store) if spelled is None else spelled)}
    seen.update(known.name(p) for m in live_matches(store) for p in m["players"])
    seen.update(known.aliases.values())
    return sorted(seen, key=str.casefold)


def recent(store: Store, known: Roster) -> Iterator[Match]:
    """Every match as `history` gives it (amended, canonical names), newest first, read
    one archive file at a time and only as far as the caller takes."""
    from companion.history.amend import amended
    from companion.store.index import newest_first

    amendments = side_tables(store)[1]
    for match in newest_first(store):
        yield known.match(amended(match, amendments) if amendments else match)


def matches_shown(store: Store) -> int:
    """How many matches `history list` would list without a filter."""
    from companion.store.index import total

    return total(store)


def load(store: Store, typed_id: str | None, *, amend: bool = True) -> Match:
    """The full document (events and all) of the match `typed_id` names (id or prefix);
    None names the newest match, the first `history list` shows.

    Names are as they were typed (aliases are not applied). With `amend`, the
    result is the latest amendment's and `amendments` lists them; without it,
    the result as it was recorded (what `history replay` checks).
    """
    from companion.history.queries import find_id
    from companion.store.index import id_index, newest_with_files

    if typed_id is None:
        newest = next(newest_with_files(store), None)
        if newest is None:
            from companion.engine.errors import UnknownName

            raise UnknownName("no match in history yet", hint="play or log one first")
        holder, match = newest
        return load_by_id(store, match["id"], amend=amend, holder=holder)
    held = id_index(store, unreadable=False)
    key = typed_id.strip().lower()
    if key in held:
        return load_by_id(store, key, amend=amend, holder=held[key])
    hits = [{"id": i} for i in held if i.startswith(key)] if key else []
    match_id = find_id(typed_id, hits)["id"]  # one hit, or the error saying why not
    return load_by_id(store, match_id, amend=amend, holder=held[match_id])


def kept_or_made(
    store: Store,
    key: list[Any],
    make: Callable[[dict[str, Any]], dict[str, Any] | None],
    prefix: str | None = None,
) -> dict[str, Any] | None:
    """The answer kept under `key` while no file it was made from changed
    (companion.history.answered; `prefix`: its kind of answer, `stats --player`'s by
    default), else `make(counted)` — kept with the files it counted, unless the store
    warned while it was made (a warning is said again each time, so an answer made while
    warning is not kept)."""
    from companion.history.answered import PREFIX, Kept

    warned = store.warned()
    kept = Kept(store, key, prefix or PREFIX)
    doc = kept.doc()
    if doc is not None:
        return doc
    counted: dict[str, Any] = {}
    with paused_gc():
        doc = make(counted)
    if doc is not None and store.warned() == warned:
        kept.keep(doc, counted)
    return doc


def one_shown(store: Store, typed_id: str) -> Match | None:
    """The match `typed_id` names (id or prefix) as `history` gives it: its summary (a live
    match whole), amended, with canonical names; found through the archive's keys and
    read from its one file. None when only a full read can say (several machines' files,
    a match being filed). Raises UnknownName as `queries.find_id` does."""
    from companion.history.amend import amended
    from companion.history.queries import find_id
    from companion.store.archive import shard_summaries
    from companion.store.index import id_index, simple

    view = store.view()
    if view.finishing or not simple(view):
        return None
    held = id_index(store, unreadable=False)
    key = typed_id.strip().lower()
    hits = [{"id": key}] if key in held else [{"id": i} for i in held if i.startswith(key)]
    match_id = find_id(typed_id, hits if key else [])["id"]
    holder = held[match_id]
    found = next((m for m in view.live if m["id"] == match_id), None)
    if found is None and holder is not None:
        path = dict(view.shards()).get(holder)
        shard = shard_summaries(store, holder, path) if path is not None else None
        found = next((m for m in shard.matches if m["id"] == match_id), None) if shard else None
    if found is None:
        return None
    amendments = side_tables(store)[1]
    return roster(store).match(amended(found, amendments) if amendments else found)


def quick_winrate(store: Store, player: str, known: Roster) -> dict[str, list[int]] | None:
    """`history chart --player`'s counts by month from each archive file's win counts
    (`known`: `roster(store)`); None when every match must be read
    (companion.history.winrate)."""
    from companion.history.winrate import quick_winrate as counted

    return counted(store, player, known)


def load_by_id(
    store: Store, match_id: str, *, amend: bool = True, holder: str | None = None
) -> Match:
    """`load` for an exact id (`holder`: its archive file, when known)."""
    from companion.history.amend import amended
    from companion.store.archive import load_match

    match = load_match(store, match_id, holder)
    return amended(match, side_tables(store)[1]) if amend else match


# --- backup and import --------------------------------------------------------------


@dataclass
class Backup:
    """What a JSON backup holds, ready to write: `matches` is read as it is written."""

    count: int
    matches: Iterable[Match]
    aliases: dict[str, str]
    amendments: dict[str, Any]
    exported: str  # when, ISO 8601 UTC


def backup_of(store: Store, game: str | None = None) -> Backup:
    """Every archived match (of `game`) exactly as stored, with aliases and amendments."""
    from companion.history.queries import is_game
    from companion.store.archive import summaries
    from companion.store.ids import now

    count = sum(1 for s in summaries(store) if game is None or is_game(s, game))
    picked = (m for m in store.archived() if game is None or is_game(m, game))
    aliases, amendments = side_tables(store)
    if game is not None:
        ids = {s["id"] for s in summaries(store) if is_game(s, game)}
        amendments = {k: v for k, v in amendments.items() if k in ids}
    return Backup(count, picked, aliases, amendments, now())


def import_backup(
    store: Store,
    matches: list[Match],
    aliases: dict[str, str],
    amendments: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict[str, int]:
    """Add the matches not here yet (same id: skipped), then the aliases and amendments
    this database does not have; (added, skipped, aliases_added).

    One transaction: the matches, aliases and amendments all land, or none do.
    """
    from companion.store.archive import archive_many
    from companion.store.records import import_side

    new_aliases: list[str] = []

    def side_tables(txn: Any) -> None:
        # Local aliases and amendments win: they are what this table decided most
        # recently. Spellings match case-insensitively ("Bobby" here is "bobby" there);
        # an imported amendment is kept only for a match it fits.
        new_aliases.extend(import_side(txn, aliases, amendments or {}))

    added, skipped = archive_many(store, matches, progress, also=side_tables)
    if added:
        from companion.history.warmup import after_import

        after_import(store, added)
    return {"added": added, "skipped": skipped, "aliases_added": len(new_aliases)}


# --- delete and undo ----------------------------------------------------------------


def deletable(store: Store, typed_id: str) -> Match:
    """The finished or abandoned match `typed_id` names; a live one is refused."""
    from companion.engine.errors import RuleViolation, UnknownName
    from companion.history.queries import find_id
    from companion.store.archive import find_unreadable

    _, matches = history(store)
    try:
        match = find_id(typed_id, matches)
    except UnknownName:
        # A match every reader skips (wrong types on disk) can go by its exact id.
        broken = find_unreadable(store, typed_id)
        if broken is None:
            raise
        return {"id": broken, "game": "unreadable", "players": [], "status": "unreadable"}
    if match["status"] == "live":
        raise RuleViolation(
            f"{match['game']} match {match['id']} is live",
            hint=f"abandon it with 'companion {match['game']} ...' instead",
        )
    return match


def delete(store: Store, match_id: str) -> Match:
    """Remove an archived match for good (and its amendments); returns its summary.

    One transaction: the match and its amendments go together.
    """
    from companion.history.queries import summary
    from companion.store.archive import delete_archived

    refuse_if_held(store, {"id": match_id})
    # Its amendments go with it: the delete record names the finishing they amend.
    doc = delete_archived(store, match_id, unreadable=True)
    try:
        return summary(doc)
    except (KeyError, TypeError):  # an unreadable match: what can be said of it
        game = doc.get("game")
        return {
            "id": match_id,
            "game": game if isinstance(game, str) else "unreadable",
            "players": [],
            "status": "unreadable",
            "created": None,
            "finished": None,
            "result": None,
            "events": 0,
        }


def refuse_if_held(store: Store, match: Match) -> None:
    """Refuse to take a finished match out of history while a table still counts it.

    History changes matches only with the tables' consent: every table that keeps its own
    document (a Series, through the registry) is asked whether it `holds` the match.
    """
    from companion import registry
    from companion.engine.errors import RuleViolation
    from companion.engine.spec import load

    for kind in registry.kinds():
        if not (kind.own_document and kind.table):
            continue
        holds = getattr(load(kind.table)(store), "holds", None)
        why = holds(match) if holds is not None else None
        if why:
            raise RuleViolation(
                f"match {match['id']} stays in history: {why}",
                hint=f"take it back there with '{kind.verb_command('undo')}'",
            )


@dataclass(frozen=True)
class Undone:
    """What `history undo` did: `reopened` a tracked match, or `removed` a logged one."""

    action: str
    match: Match


def _last_recorded(store: Store, db: Any, found: list[Match]) -> Undone:
    """The finished match recorded last, and what undoing it does."""
    from companion.engine.errors import RuleViolation
    from companion.history.log import is_logged
    from companion.history.queries import games, summary
    from companion.store.order import recorded_ids

    candidates = [
        s for s in found if s.get("status") == "finished" and (s["game"] in games() or is_logged(s))
    ]
    if not candidates:
        raise RuleViolation("no finished match to undo")
    order = {match_id: n for n, match_id in enumerate(recorded_ids(db))}

    def recorded(s: Match) -> tuple[int, str, str, str]:
        # Matches filed before the order was kept: by their own stamps, before every listed one.
        dates = (s.get("updated") or "", s.get("finished") or "", s.get("created") or "")
        return (order.get(s["id"], -1), *(d if isinstance(d, str) else "" for d in dates))

    last = max(candidates, key=recorded)
    return Undone("removed" if is_logged(last) else "reopened", summary(last))


def undo_plan(store: Store) -> Undone:
    """What `history undo` would take back now (nothing is written)."""
    from companion.store.archive import summaries

    plan = _last_recorded(store, store.snapshot(), list(summaries(store)))
    if plan.action == "reopened":
        refuse_if_held(store, plan.match)  # refused before anyone is asked
    return plan


def undo_last(store: Store, expected: str | None = None) -> Undone:
    """Take back the match recorded last (`expected`: only if it is still that one).

    A tracked match goes back live without its result, to be corrected and
    ended again; a logged one (it has no events to go back to) is removed.
    """
    from companion.engine.errors import RuleViolation
    from companion.history.queries import summary
    from companion.store.archive import take_back

    planned: list[Undone] = []

    def choose(db: Any, found: list[Match]) -> tuple[str, Match]:
        plan = _last_recorded(store, db, found)
        if expected is not None and plan.match["id"] != expected:
            raise RuleViolation(
                f"match {plan.match['id']} was recorded since; nothing undone",
                hint="run 'companion history undo' again",
            )
        if plan.action == "reopened":
            refuse_if_held(store, plan.match)
        planned.append(plan)
        return ("remove" if plan.action == "removed" else "reopen"), plan.match

    doc = take_back(store, choose)
    return Undone(planned[-1].action, summary(doc))


# --- players: rename and merge ---------------------------------------------------------


@dataclass(frozen=True)
class Renamed:
    source: str
    target: str
    matches: int  # matches now under `target`


# What renames a player in documents the tables keep: (txn, rename) where rename(name) is
# the new spelling of a name as held, or None (companion.tables.rename_in_documents).
Renames = Callable[[Any, Callable[[str], "str | None"]], None]


def _redirect(
    store: Store, change: Callable[..., tuple[Any, ...]], documents: Renames | None = None
) -> Renamed:
    """Apply an alias change under the lock: `change(current, known, matches)` returns
    (source, target, the new alias map). The live matches, and through `documents` what the
    tables keep in documents of their own (a Series), take the new name in the same
    transaction: history reads a name through the aliases, a live game shows what it holds."""
    from companion.history.players import Roster, known_players
    from companion.store.live import rename_live
    from companion.store.records import change_aliases

    # One transaction from the first read, so the players and matches it checks against
    # are the ones it writes over (two renames to one name at once: the second finds the
    # first's).
    with store.change():
        roster, matches = history(store)
        known = known_players(matches, roster)
        outcome: list[tuple[str, str]] = []

        def apply(current: dict[str, str]) -> dict[str, str]:
            source, target, aliases = change(current, known, matches)
            outcome.append((source, target))
            return aliases

        def respell(txn: Any, aliases: dict[str, str]) -> None:
            now, target = Roster(aliases), outcome[-1][1]

            def rename(name: str) -> str | None:
                new = now.name(name)
                return new if new != name and new.casefold() == target.casefold() else None

            rename_live(txn.db, rename)
            if documents is not None:
                documents(txn, rename)

        aliases = change_aliases(store, apply, respell)
    source, target = outcome[-1]
    after = Roster(aliases)
    count = sum(
        1 for m in matches for p in m["players"] if after.name(p).casefold() == target.casefold()
    )
    return Renamed(source, target, count)


def rename_player(store: Store, old: str, new: str, documents: Renames | None = None) -> Renamed:
    """Call OLD (a player or prefix) NEW, in every match past, live and future."""
    from companion.history.players import rename

    def change(current, known, matches):
        source, aliases = rename(current, known, old, new)
        return source, new.strip(), aliases

    return _redirect(store, change, documents)


def merge_players(store: Store, alias: str, into: str, documents: Renames | None = None) -> Renamed:
    """ALIAS was INTO all along: its matches become INTO's."""
    from companion.history.players import merge

    def change(current, known, matches):
        return merge(current, known, alias, into, matches)

    return _redirect(store, change, documents)


# --- the whole database: backup and restore ------------------------------------------


def take_backup(store: Store, path: Any) -> dict[str, Any]:
    """Copy the whole database (main file and every archive file) to one file, under the lock."""
    from companion.store.backup import take

    return take(store, path)


def check_backup(path: Any) -> dict[str, Any]:
    """What a backup file holds, checked whole (BadInput if it is not a good backup)."""
    from companion.store.backup import counts, read

    return counts(read(path))


def restore_backup(store: Store, path: Any) -> dict[str, Any]:
    """Put a backup back in place of the database, as one transaction."""
    from companion.store.backup import restore

    return restore(store, path)
