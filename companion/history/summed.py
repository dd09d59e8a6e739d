"""`history stats` and `history ratings` without reading every match.

Three caches sit in this machine's index folder beside each archive file's summary
(companion.store.archive.index_dir), through the store's public API
(`file_signature`, `write_cache`, `index.contested`) and its `hooks.on_staged`:

- `<file>.stats.json`: the file's partial (companion.history.aggregates), made from the
  file's matches as stored. It is written when a change stages the file, inside the
  change's transaction, as the summary is; it records the file's (inode, size, mtime)
  and a digest of itself, and one that does not match both is made again from the file
  and never trusted.
- `<file>.ratings.json`: every rating after that file's month (a checkpoint), with a
  digest of everything the ratings so far depend on: every earlier file's signature,
  how each name in them resolves through the aliases, their amendments and deletions.
  Only readers write it (it depends on the aliases, which a change to one file does not
  know); a checkpoint whose digest differs is passed over and the months after the last
  good one are rated again. With several machines' files, the digest also names every
  file holding one of the file's contested ids: which copy is in history depends on them.
- `<file>.run.json`: the partial of files whose matches overlap in time (two machines'
  files of one month, or a month's file and the further part an import filled), counted
  together (see `_runs`), under every one's signature. Readers write it, and an import
  that filed many matches (companion.history.warmup).

What is not summed is counted match by match, as `stats.stats` does: a month only
partly inside --since/--until, one holding an amended or deleted match, one where a
rename makes two of its names one player (see aggregates). Several machines' files
(a shared folder, conflict copies, a legacy file beside its successor) are summed too:
a file whose every id is in no other file and named by no deletion record is summed as
when one machine wrote everything; a file holding a contested id (companion.store.overlap)
is made into a partial from the copies the full merge keeps there, in its order. Files
whose matches overlap in time (two machines playing in one month) are counted together
match by match, in the full merge's order, as one run (kept: see above), added as one
file's partial. The whole document is counted match by match (these functions return None, and the
caller reads every match) when a match is being filed, when a partial sums non-integers,
or when two players' names differ only in case.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import operator
from array import array
from bisect import bisect_left
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from itertools import islice
from pathlib import Path
from typing import Any

from companion.history import aggregates
from companion.history.queries import Filter
from companion.store import quick_json

Match = dict[str, Any]

STATS_SUFFIX = ".stats.json"
RATINGS_SUFFIX = ".ratings.json"
RUN_SUFFIX = ".run.json"
RATINGS_VERSION = 2  # 2: matches not played by people (`queries.by_people`) are not rated


def _digest(body: Any) -> str:
    text = json.dumps(body, ensure_ascii=True, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _cache_path(store: Any, name: str, suffix: str) -> Path | None:
    from companion.store.archive import index_dir

    folder = index_dir(store)
    return folder / f"{name}{suffix}" if folder is not None else None


def write_partial(store: Any, name: str, signature: list[int], matches: list[Match]) -> None:
    """Keep the file's partial beside its summary (called as the summary is written)."""
    from companion.store.archive import write_cache

    made = aggregates.partial(matches)
    # Kept as text with the digest of that text: checked without encoding it again. Its
    # head (names, span, what it counted) too, on its own: the ratings read nothing else,
    # and a big month's sums (head-to-head above all) are most of its text.
    text = json.dumps(made, ensure_ascii=True, separators=(",", ":"))
    head = _head_text(made)
    write_cache(
        _cache_path(store, name, STATS_SUFFIX),
        {
            "source": signature,
            "check": _text_digest(text),
            "head": head,
            "head_check": _text_digest(head),
            "partial": text,
        },
    )


# What a partial says besides its sums: all that the plan and the ratings read of it.
HEAD = ("version", "players", "names", "strays", "span", "matches", "first", "last", "floats")
HEAD_KEYS = {*HEAD, "counted"}


def _head(made: dict[str, Any]) -> dict[str, Any]:
    return {k: made[k] for k in (*HEAD, "counted")}


def _text_digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _cached_partial(path: Path | None, made_from: str, expected: Any) -> dict[str, Any] | None:
    """A cached partial (of one file, or of a run of files) when what it was made from
    (`body[made_from]`) is still `expected`, its text matches its digest and its shape is
    this version's; else None: rebuilt, never trusted."""
    if path is None:
        return None
    with contextlib.suppress(
        OSError, ValueError, TypeError, KeyError, AttributeError, RecursionError
    ):
        body = quick_json.loads(path.read_bytes())
        if body[made_from] != expected or body["check"] != _text_digest(body["partial"]):
            return None
        made = quick_json.loads(body["partial"])
        if made.get("version") == aggregates.VERSION and made.keys() == aggregates.KEYS:
            return made
    return None


def shard_partial(store: Any, name: str, path: Path) -> dict[str, Any]:
    """The partial of one archive file, from the cache when current, else made again."""
    from companion.store.archive import file_signature

    signature = file_signature(path)
    found = _cached_partial(_cache_path(store, name, STATS_SUFFIX), "source", signature)
    if found is not None:
        return found
    return _made_again(store, name, path, signature)


def shard_head(
    store: Any, name: str, path: Path
) -> tuple[dict[str, Any], Callable[[], dict[str, Any]] | None]:
    """One archive file's partial's head (see `HEAD`) and what gives the whole partial:
    the head alone decoded while the cache is current and holds one, else the whole
    partial (and None). The whole, read again later, must have that head: a cache whose
    two halves disagree (each checked against its own digest), or that changed meanwhile,
    is made again from the file, and the sums that read its head are counted
    (NotSummable)."""
    from companion.store.archive import file_signature

    signature = file_signature(path)
    cache = _cache_path(store, name, STATS_SUFFIX)
    with contextlib.suppress(
        OSError, ValueError, TypeError, KeyError, AttributeError, RecursionError
    ):
        if cache is None:
            raise KeyError
        body = json.loads(cache.read_bytes())
        shown = body["head"]
        if body["source"] != signature or body["head_check"] != _text_digest(shown):
            raise KeyError
        head = json.loads(shown)
        if head.get("version") == aggregates.VERSION and head.keys() == HEAD_KEYS:
            del body  # the whole is read again when added: 60 months' held were 2 MB

            def whole() -> dict[str, Any]:
                made = _cached_partial(cache, "source", signature)
                if made is None or _head_text(made) != shown:
                    made = _made_again(store, name, path)
                    if _head_text(made) != shown:
                        raise NotSummable  # the head read was not this file's
                return made

            return head, whole
    return shard_partial(store, name, path), None


def _head_text(made: dict[str, Any]) -> str:
    return json.dumps(_head(made), ensure_ascii=True, separators=(",", ":"))


def _made_again(
    store: Any, name: str, path: Path, signature: list[int] | None = None
) -> dict[str, Any]:
    """The file's partial made from its matches (and kept), whatever the cache holds."""
    from companion.store.archive import file_signature, shard_summaries

    signature = file_signature(path) if signature is None else signature
    shard = shard_summaries(store, name, path)
    write_partial(store, name, signature, shard.matches)
    return aggregates.partial(shard.matches)


@dataclass
class _Month:
    """One archive file as the sums see it: its partial's head (`HEAD`), read first, and
    the whole partial, read when a sum needs it."""

    name: str
    path: Path
    head: dict[str, Any]
    whole: Callable[[], dict[str, Any]] | None  # None: `head` is the whole partial
    # What the sums and the ratings' digest need of its ids, the ids themselves not kept (a
    # club's 100,000 held at once were 10 MB): [id, amendment] of each amended match, in
    # the file's order, and [id, its deletion's file or ""] of each deleted one, sorted.
    amended: list[list[Any]]
    dead: list[list[str]]
    exact: bool = False  # counted match by match
    at: int = -1  # its index in the overlap's keys when it holds a contested id, else -1

    def partial(self) -> dict[str, Any]:
        """The whole partial, decoded each time it is asked for and not kept: the sums add
        one file's at a time, and a club's 60 months held at once were 12 MB."""
        return self.whole() if self.whole is not None else self.head


class _Distinct:
    """Whether ids told file by file are all different, without holding them: each id's
    hash, 8 bytes in an array (a kept id and its place in a set were about 100), in one of
    `PARTS` arrays by its value, so that the check sorts one part at a time (sorting all
    100,000 at once made them numbers again: 5 MB). Two equal hashes of different ids
    (about one chance in 10^9 for 100,000 ids) are taken for one id twice: the caller then
    counts every match, which is slower but gives the same answer."""

    PARTS = 16

    def __init__(self) -> None:
        self.parts = [array("q") for _ in range(self.PARTS)]
        width = 2**64 // self.PARTS
        self.cuts = [-(2**63) + width * n for n in range(1, self.PARTS)]

    def add(self, ids: list[str]) -> None:
        hashes = sorted(map(hash, ids))
        start = 0
        for part, cut in zip(self.parts, self.cuts, strict=False):
            end = bisect_left(hashes, cut, start)
            part.extend(hashes[start:end])
            start = end
        self.parts[-1].extend(hashes[start:])

    def distinct(self) -> bool:
        for part in self.parts:
            ordered = sorted(part)
            if any(map(operator.eq, ordered, islice(ordered, 1, None))):
                return False
        return True


class NotSummable(Exception):
    """The history cannot be summed: the caller counts every match."""


class _Plan:
    """Everything both sums need, read once: the files, their partials, the names."""

    def __init__(self, store: Any) -> None:
        from companion.history.book import side_tables
        from companion.history.players import Roster
        from companion.history.stats import is_scored
        from companion.store.index import contested, each_keys, simple

        self.store = store
        # What the sums read of each file can be shared (companion.history.warmup): told
        # of each file's matches as stored when read, and given some to read from.
        self.on_read: Callable[[_Month, list[Match]], None] | None = None
        self.kept: dict[str, list[Match]] = {}
        self.as_stored: dict[str, bool] = {}  # see `_named_as_stored`
        view = self.view = store.view()
        if view.finishing:
            raise NotSummable
        # Several machines' files: only the ids the overlap contests need the merge.
        self.overlap = None if simple(view) else contested(store, view)
        self.aliases, self.amendments = side_tables(store)
        self.folded = view.folded()
        self.dead_ids = {i for i, _ in self.folded.dead}
        self.live = view.live
        if any(is_scored(m) for m in self.live):
            raise NotSummable
        overlap = self.overlap
        self.months = self._read_months(
            overlap.keys if overlap is not None else each_keys(store, view)
        )
        if any(m.head["strays"] for m in self.months):
            raise NotSummable
        self._name_players(Roster(self.aliases))

    def _read_months(self, listed: Any) -> list[_Month]:
        """Each archive file's partial sums (cached, or made from the merge's copies where
        machines' files overlap); raises NotSummable when a live match's id is archived
        too, or one id is in two files of one machine's."""
        months: list[_Month] = []
        live = {m["id"] for m in self.live}
        distinct = _Distinct()
        overlap = self.overlap
        self.spellings: list[str] = []  # every file's, oldest first (index.spellings)
        for n, keys in enumerate(listed):
            if not keys.ids and not keys.bad:
                continue
            amended, dead = self._touched(keys.ids)
            if overlap is not None and overlap.has_contested(n):
                # The copies the merge keeps here, in its order (never cached: which copy
                # wins depends on the other files).
                kept = overlap.in_history(n)
                self.spellings.extend(p for m in kept for p in m["players"])
                made = aggregates.partial(kept)
                months.append(_Month(keys.name, keys.path, made, None, amended, dead, at=n))
                if any(m["id"] in live for m in kept):
                    raise NotSummable
                continue
            self.spellings.extend(keys.players)
            head, whole = shard_head(self.store, keys.name, keys.path)
            months.append(_Month(keys.name, keys.path, head, whole, amended, dead))
            if not live.isdisjoint(keys.ids):
                raise NotSummable
            if overlap is None:
                distinct.add(keys.ids)
        if overlap is None and not distinct.distinct():
            raise NotSummable  # one id twice: `history` keeps one, a sum would count both
        return months

    def _touched(self, ids: list[str]) -> tuple[list[list[Any]], list[list[str]]]:
        """The file's amended matches and deleted ones (see `_Month`)."""
        amendments = self.amendments
        # (a big club's every id, looked up only where there are amendments, deletions)
        amended = [[i, amendments[i]] for i in ids if i in amendments] if amendments else []
        dead: list[list[str]] = []
        if self.dead_ids and not self.dead_ids.isdisjoint(ids):
            held = set(ids)
            dead = sorted([i, f or ""] for i, f in self.folded.dead if i in held)
        return amended, dead

    def _name_players(self, roster: Any) -> None:
        """Every player under one name, and which months must be summed match by match."""
        self.roster = roster
        for month in self.months:
            for player in month.head["players"]:
                roster.name(player)
        for match in self.live:
            roster.match(match)
        names = {roster.name(n) for m in self.months for n in m.head["names"]}
        if len({n.casefold() for n in names}) != len(names):
            raise NotSummable  # names sorted case-insensitively would tie
        for month in self.months:
            month.exact = (
                month.head["floats"]
                or _stale_figures(month.head)
                or bool(month.dead)
                or bool(month.amended)
                or not aggregates.is_renamable(month.head, roster.name)
            )

    def matches(self, month: _Month) -> list[Match]:
        """One file's matches as `history` reads them: alive, amended, names canonical."""
        from companion.history.amend import amended

        if month.at >= 0:
            assert self.overlap is not None
            alive = self.overlap.in_history(month.at)  # merged: dead and beaten copies gone
        else:
            stored = _stored(self, month)
            if self.on_read is not None:
                self.on_read(month, stored)
            # (with no deletion anywhere, every match is alive: not asked 100,000 times)
            alive = [m for m in stored if self.folded.alive(m)] if self.folded.dead else stored
        as_read = alive
        if self.amendments:
            alive = [amended(m, self.amendments) for m in alive]
        match = self.roster.match
        if month.at < 0 and self._named_as_stored(month):
            # Every name the file's matches hold is already the one `history` shows, so
            # `Roster.match` would give each back as it is (or an equal copy): only an
            # amended one, whose result is new, is renamed.
            if alive is as_read:
                return list(alive)
            return [m if m is was else match(m) for m, was in zip(alive, as_read, strict=True)]
        return [match(m) for m in alive]

    def _named_as_stored(self, month: _Month) -> bool:
        """Whether every name of the file (its partial's `names`: every place
        `Roster.match` renames) is its own canonical name."""
        known = self.as_stored.get(month.name)
        if known is None:
            name = self.roster.name
            known = self.as_stored[month.name] = all(name(n) == n for n in month.head["names"])
        return known

    def inside(self, month: _Month, wanted: Filter) -> bool | None:
        """Whether every match of the file is in the date range (None: some are)."""
        span = month.head["span"]
        if span is None:
            return True
        first, last = span[0][:10], span[1][:10]
        if (wanted.since is None or wanted.since <= first) and (
            wanted.until is None or last <= wanted.until
        ):
            return True
        if (wanted.since is not None and last < wanted.since) or (
            wanted.until is not None and first > wanted.until
        ):
            return False
        return None


def _summable(wanted: Filter) -> bool:
    # --series picks matches by id. --player counts only the matches the player sat in
    # (their plays, their fellow players, the game's figures over those): each file's
    # partial of those matches is kept too, for the one spelling that names the player
    # there (`_player_partial`), and a file where two spellings do is counted.
    return wanted.series is None


PLAYER_SUFFIX = ".of-"  # `<file>.of-<digest of the spelling>.json`: a player's partial


def _player_partial(plan: _Plan, month: _Month, spelling: str) -> dict[str, Any]:
    """The partial of the matches of one file that seat `spelling`, as stored (renamed
    when read, as a file's is); kept beside the file's under its signature and spelling."""
    from companion.store.archive import file_signature, shard_summaries, write_cache

    signature = file_signature(month.path)
    tag = _text_digest(spelling)[:16]
    path = _cache_path(plan.store, month.name, f"{PLAYER_SUFFIX}{tag}.json")
    expected = [signature, spelling]
    found = _cached_partial(path, "source", expected)
    if found is not None:
        return found
    seated = (
        m for m in shard_summaries(plan.store, month.name, month.path).matches
        if spelling in (m.get("players") or ())
    )  # fmt: skip
    made = aggregates.partial(seated)
    text = json.dumps(made, ensure_ascii=True, separators=(",", ":"))
    write_cache(path, {"source": expected, "check": _text_digest(text), "partial": text})
    return made


def _spelling_of(plan: _Plan, month: _Month, player: str) -> str | None:
    """The one spelling of the file that names `player`; "" when none does; None when
    several do (the file is then counted match by match)."""
    key = player.casefold()
    theirs = [n for n in month.head["players"] if plan.roster.name(n).casefold() == key]
    return theirs[0] if len(theirs) == 1 else ("" if not theirs else None)


def quick_stats(
    store: Any, wanted: Filter, counted: dict[str, Any] | None = None
) -> dict[str, Any] | None:
    """The `history stats` document summed month by month, or None when it must be
    counted match by match (see the module's docstring). With --game, every game is
    summed and the rows of the games its matches count for are kept (ratings are per
    game, so rating every game gives the game's the same). `counted` is given how every
    stored game name counted (a kept answer is checked against it, see answered)."""
    if not _summable(wanted):
        return None
    game, wanted = wanted.game, replace(wanted, game=None)
    player = wanted.player
    try:
        plan = _Plan(store)
        if counted is not None:
            for month in plan.months:
                counted.update(month.head["counted"])
        total = aggregates.Sum()
        raws: dict[str, set[str]] = {}  # counted game -> the stored game names counted so
        for made in _runs(plan, wanted):
            if made["floats"]:
                raise NotSummable
            total.add(made)
            for raw, (counted, _) in made["counted"].items():
                raws.setdefault(counted, set()).add(raw)
        if game is not None:
            total = total.only(_games_of(game, raws))
        key = player.casefold() if player is not None else None
        if key is not None:  # only the player's rows are kept: only theirs are made
            total.lines = {k: v for k, v in total.lines.items() if k[1].casefold() == key}
        doc = aggregates.document(total)
        if key is not None:  # as `stats.stats` keeps one player's rows
            for table in ("players", "rivals", "head_to_head"):
                doc[table] = [r for r in doc[table] if r["player"].casefold() == key]
        if doc["players"]:
            # A rating weighs the opponents' other matches too: everyone in range is rated.
            lines = _rated(plan, replace(wanted, player=None))
            for row in doc["players"]:
                line = lines.get((row["game"], row["player"]))
                row["rating"] = round(line.ordinal, 3) if line is not None else None
        return doc
    except NotSummable:
        return None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        # A cache file of the right digest but the wrong shape (made by hand): count.
        return None


def _games_of(game: str, raws: dict[str, set[str]]) -> set[str]:
    """The games counted for the matches --game takes (`queries.is_game` on the stored
    name). A game counted both for matches it takes and for others (a series' games,
    stored under their own name, count for the game they are games of, as that game's own
    matches do, and --game SERIES takes only the first) cannot be split: count."""
    from companion.history.queries import is_game

    games = set()
    for counted, names in raws.items():
        taken = {is_game({"game": raw}, game) for raw in names}
        if taken == {True}:
            games.add(counted)
        elif taken != {False}:
            raise NotSummable
    return games


@dataclass
class _Run:
    """Files whose scored matches follow every earlier run's and precede every later one's."""

    months: list[_Month]
    # the one file's partial (a run of several is counted at the end); None: the file's
    # own, renamed, decoded only when it is added (`_runs`)
    made: dict[str, Any] | None
    first: str
    last: str


def _runs(plan: _Plan, wanted: Filter) -> Iterator[dict[str, Any]]:
    """The partials to add, in time order: one per file, but files whose matches overlap
    in time (two machines' files of one month, a month's file and the further part an
    import filled) are one run, counted match by match in the order the full merge lists
    them (files oldest first), which is the order a stable sort by time keeps their ties
    in."""
    for run in _grouped(plan, wanted):
        if len(run.months) > 1:
            yield _run_partial(plan, run.months, wanted)
        elif run.made is not None:
            yield run.made
        else:
            yield aggregates.renamed(run.months[0].partial(), plan.roster.name)


def _grouped(plan: _Plan, wanted: Filter) -> list[_Run]:
    """The files in runs (see `_runs`), each run of one file with its partial."""
    runs: list[_Run] = []
    for month in plan.months:
        inside = plan.inside(month, wanted)
        if inside is False:
            continue
        spelling = None if wanted.player is None else _spelling_of(plan, month, wanted.player)
        if spelling == "":
            continue  # the player sat in none of its matches
        made: dict[str, Any] | None
        if inside and not month.exact and spelling is None and wanted.player is None:
            made, told = None, month.head  # the head says what the partial holds
        elif inside and not month.exact and spelling is not None:
            made = aggregates.renamed(_player_partial(plan, month, spelling), plan.roster.name)
            told = made
        else:
            made = aggregates.partial(m for m in plan.matches(month) if wanted.accepts(m))
            told = made
        if not told["matches"]:
            continue  # nothing scored: a partial that adds nothing
        run = _Run([month], made, told["first"], told["last"])
        while runs and runs[-1].last > run.first:
            earlier = runs.pop()
            run.months[:0] = earlier.months
            run.first = min(run.first, earlier.first)
            run.last = max(run.last, earlier.last)
        runs.append(run)
    return runs


def kept_whole(plan: _Plan, held: list[_Month], wanted: Filter) -> bool:
    """Whether the partial of files counted together is kept (see `_run_partial`)."""
    return wanted.player is None and all(
        plan.inside(m, wanted) and not m.exact and m.at < 0 for m in held
    )


def _run_partial(plan: _Plan, held: list[_Month], wanted: Filter) -> dict[str, Any]:
    """The partial of files counted together (see `_runs`). When the range holds them
    whole and none is counted match by match on its own (no amendment, deletion, contested
    id or merging rename in it), the partial of their matches as stored is kept in this
    machine's index under every file's signature, and renamed as a file's partial is."""
    from companion.store.archive import file_signature, write_cache

    if not kept_whole(plan, held, wanted):
        return aggregates.partial(
            m for each in held for m in plan.matches(each) if wanted.accepts(m)
        )
    path = _cache_path(plan.store, held[0].name, RUN_SUFFIX)
    files = [[m.name, file_signature(m.path)] for m in held]
    made = _cached_partial(path, "files", files)
    if made is None:
        # (each file's own partial is that of its matches as stored: only the sums over
        # their matches in time order are made again, the rest added)
        stored = (m for each in held for m in _stored(plan, each))
        made = aggregates.joined([each.partial() for each in held], stored)
        if path is not None:
            text = json.dumps(made, ensure_ascii=True, separators=(",", ":"))
            write_cache(path, {"files": files, "check": _text_digest(text), "partial": text})
    if not aggregates.is_renamable(made, plan.roster.name) or _stale_figures(made):
        # Two names of the run become one player, or a game's figures changed: count.
        return aggregates.partial(m for each in held for m in plan.matches(each))
    return aggregates.renamed(made, plan.roster.name)


def _stored(plan: _Plan, month: _Month) -> list[Match]:
    from companion.store.archive import shard_summaries

    kept = plan.kept.get(month.name)
    if kept is not None:
        return kept
    return shard_summaries(plan.store, month.name, month.path).matches


def _stale_figures(made: dict[str, Any]) -> bool:
    """Whether an installed game now counts a stored game name, or its figures, otherwise."""
    return any(
        aggregates.game_of({"game": raw}) != game or aggregates.extras_kind(game) != kind
        for raw, (game, kind) in made["counted"].items()
    )


def quick_ratings(
    store: Any, spelled: list[str] | None = None, counted: dict[str, Any] | None = None
) -> tuple[Any, dict[tuple[str, str], Any]] | None:
    """(the roster, every rating line over every match, as `ratings.rate` gives them), or
    None (see quick_stats). Given `spelled`, adds to it every player spelling of the
    archive as companion.store.index.spellings lists them (the keys the sums read);
    given `counted`, how every stored game name counted (as quick_stats)."""
    try:
        plan = _Plan(store)
        if spelled is not None:
            spelled.extend(plan.spellings)
        if counted is not None:
            for month in plan.months:
                counted.update(month.head["counted"])
        return plan.roster, _rated(plan, Filter())
    except (NotSummable, KeyError, TypeError, ValueError, IndexError, AttributeError):
        return None  # (see quick_stats)


def make_caches(store: Any) -> None:
    """Make every run's partial and the rating checkpoints over the whole history, as the
    first `history stats` would, reading each file's summaries once for both (after a big
    import: companion.history.warmup). Raises NotSummable as the sums do."""
    plan = _Plan(store)
    wanted = Filter()
    together = [
        run.months
        for run in _grouped(plan, wanted)
        if len(run.months) > 1 and kept_whole(plan, run.months, wanted)
    ]
    waiting = {month.name: held for held in together for month in held}

    def read(month: Any, stored: list[Match]) -> None:
        held = waiting.get(month.name)
        if held is None:
            return
        plan.kept[month.name] = stored
        if all(m.name in plan.kept for m in held):
            for m in held:
                waiting.pop(m.name, None)
            _run_partial(plan, held, wanted)  # kept in the index, as a reader keeps it
            for m in held:
                plan.kept.pop(m.name, None)

    plan.on_read = read
    _rated(plan, wanted)  # the checkpoints
    plan.on_read = None
    plan.kept.clear()
    for held in together:  # runs the replay did not read (it started at a checkpoint)
        if held[0].name in waiting:
            _run_partial(plan, held, wanted)


# --- ratings, from the last good checkpoint ----------------------------------------------------


def _rated(plan: _Plan, wanted: Filter) -> dict[tuple[str, str], Any]:
    """The rating lines over every scored match in range, replayed from the latest
    checkpoint whose digest still holds."""
    from companion.history.ratings import Line, model, rate
    from companion.store.archive import file_signature

    months = [m for m in plan.months if plan.inside(m, wanted) is not False]
    # Ratings replay in (date, id) order, so the months are rated in runs that follow each
    # other in time: a run ends after a file when every later file's matches are later
    # than every match so far (two files of one month overlap: one run). A checkpoint is
    # kept at the end of each run, under the digest of every month so far (the first
    # month in range starts the chain, so a --since range has checkpoints of its own).
    spans = [m.head["span"] for m in months]
    ends = []
    latest = ""
    for n, span in enumerate(spans):
        latest = max(latest, span[1]) if span else latest
        rest = [s[0] for s in spans[n + 1 :] if s]
        ends.append(not rest or latest < min(rest))
    digests: list[str | None] = []
    chain = hashlib.sha256(f"ratings {RATINGS_VERSION}".encode()).hexdigest()
    for n, month in enumerate(months):
        # A month the range cuts is rated for that range only: say which in its link.
        cut = None if plan.inside(month, wanted) else [wanted.since, wanted.until]
        chain = _digest(
            [
                chain,
                month.name,
                file_signature(month.path),
                [[name, plan.roster.name(name)] for name in month.head["names"]],
                month.amended,
                month.dead,
                cut,
                _contested(plan, month),
            ]
        )
        digests.append(chain if ends[n] else None)
    rater = model()
    lines: dict[tuple[str, str], Line] = {}
    start = 0
    for n in range(len(months) - 1, -1, -1):
        digest = digests[n]
        if digest is None:
            continue
        found = _read_checkpoint(plan.store, months[n].name, digest, rater)
        if found is not None:
            lines, start = found, n + 1
            break
    run: list[Match] = []
    everything = wanted.takes_all()
    for n in range(start, len(months)):
        found = plan.matches(months[n])
        run.extend(found if everything else (m for m in found if wanted.accepts(m)))
        if ends[n]:
            rate(run, lines)
            run = []
            digest = digests[n]
            if digest is not None:
                _write_checkpoint(plan.store, months[n].name, digest, lines)
    rate(run, lines)
    return lines


def _contested(plan: _Plan, month: _Month) -> list[Any] | None:
    """Which copy of a contested id the file keeps depends on every file holding one: each
    of those files, by name and signature (None for a file no other file contests)."""
    from companion.store.archive import file_signature

    overlap = plan.overlap
    if month.at < 0 or overlap is None:
        return None
    held = sorted(
        {
            n
            for i in overlap.contested.intersection(overlap.keys[month.at].ids)
            for n in overlap.holders[i]
        }
    )
    return [[overlap.keys[n].name, file_signature(overlap.keys[n].path)] for n in held]


# Checkpoints kept per file: the whole history's and a few date ranges' (`stats --since`),
# newest first, so asking for a range does not throw away the whole history's.
CHECKPOINTS_KEPT = 4


def _checkpoints(path: Path) -> list[dict[str, Any]]:
    """The checkpoints a file holds (newest first); none if it cannot be read as such."""
    with contextlib.suppress(OSError, ValueError, TypeError, KeyError, RecursionError):
        entries = json.loads(path.read_bytes())["checkpoints"]
        if isinstance(entries, list):
            return [e for e in entries if isinstance(e, dict)]
    return []


def _write_checkpoint(store: Any, name: str, digest: str, lines: dict) -> None:
    from companion.store.archive import write_cache

    path = _cache_path(store, name, RATINGS_SUFFIX)
    if path is None:
        return
    body = {
        "digest": digest,
        "lines": [
            [ln.game, ln.player, ln.rating.mu, ln.rating.sigma, ln.plays, list(ln.before)]
            for ln in lines.values()
        ],
    }
    kept = [e for e in _checkpoints(path) if e.get("digest") != digest]
    entries = [{**body, "check": _digest(body)}, *kept][:CHECKPOINTS_KEPT]
    write_cache(path, {"checkpoints": entries})


def _read_checkpoint(store: Any, name: str, digest: str, rater: Any) -> dict | None:
    from companion.history.ratings import RECENT, Line

    path = _cache_path(store, name, RATINGS_SUFFIX)
    if path is None:
        return None
    for body in _checkpoints(path):
        if body.get("digest") != digest:
            continue
        with contextlib.suppress(ValueError, TypeError, KeyError, AttributeError, RecursionError):
            check = body.pop("check")
            if check != _digest(body):
                return None
            lines = {}
            for game, player, mu, sigma, plays, before in body["lines"]:
                line = Line(player, game, rater.rating(mu=mu, sigma=sigma), plays)
                line.before = deque(before, maxlen=RECENT)
                lines[game, player] = line
            return lines
        return None
    return None
