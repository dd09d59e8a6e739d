"""The Series at the table: best of seven across evenings, home and away.

A Series is not a live match: it is a document in the store's "series" table,
keyed by its id (the document under CURRENT names the series the table acts
on), pointing at its games — tracked hoopers matches, or games the table typed
in by hand. Every change runs inside `store.update_doc`, one locked
transaction on the freshest copy, so a refused command writes nothing.

A series game played as a tracked match comes back by itself: the hoopers
table calls `match_ended` once that match is ended or abandoned. Reading
(`status`, `live`) never writes; it counts a tracked match that has ended
but not yet been taken in (a crash between the two writes) as the next
changing verb will.

Recorded games typed in by hand and decided or abandoned series are also
archived as matches, so `companion history` lists them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.engine.errors import BadInput, RuleViolation, StoreError, UnknownName
from companion.games.hoopers.rules.rewards import GameRewards
from companion.games.hoopers.rules.series import ABANDONED, LIVE, GameReport, Series
from companion.games.hoopers.rules.series_errors import SeriesDecided
from companion.games.hoopers.rules.series_report import (
    NextGame,
    SeriesSummary,
    SeriesView,
    history_record,
)
from companion.games.hoopers.rules.series_rules import SeriesRules, default_series_rules
from companion.store import Store
from companion.store.change import Change
from companion.tables.base import Ended, Status

GAME = "series"  # the table's name (watch, menu, `table_for`)
TABLE = "series"  # the store's document table
CURRENT = "current"
# A game typed in by hand has a result but no event log to replay, so it is
# archived under its own name; `history list --game hoopers` still lists it.
HAND_GAME = "hoopers-series-game"
RATED_AS = "hoopers"  # the ratings a Series game counts in (its games are matches of it)
COMMAND = "companion hoopers series"
SETUP_STAR = (
    "Choose one [star] upgrade from your player upgrade kit and sleeve it onto an un-stellar hooper"
)


class SeriesNotOver(RuleViolation):
    """`series end` before a tribe has won the series."""


@dataclass(frozen=True)
class GameTakenIn:
    """A tracked match that the series took in as game `number`."""

    status: Status[SeriesView]
    number: int

    @property
    def rewards(self) -> GameRewards:
        return self.status.state.rewards(self.number)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.status.id,
            "game_number": self.number,
            "status": self.status.status,
            "scores": dict(self.status.scores),
            "rewards": self.rewards.to_json(),
            "next": self.status.next,
        }


class SeriesTable:
    """The current Series in one store."""

    game = GAME

    def __init__(self, store: Store, rules: SeriesRules | None = None) -> None:
        self.store = store
        self.rules = rules or default_series_rules()

    # --- reading ----------------------------------------------------------------

    def live(self) -> dict[str, Any] | None:
        """The series in progress (not yet decided nor abandoned), or None."""
        series_id = self.store.get_doc(TABLE, CURRENT)
        doc = self.store.get_doc(TABLE, series_id) if series_id else None
        if doc is None:
            return None
        series = self._seen(self._parse(doc))
        if series.status != LIVE:
            return None
        return {**series.to_doc(), "game": GAME, "players": list(series.sides())}

    def rename_players(self, txn: Change, rename: Callable[[str], str | None]) -> None:
        """A renamed player manages their tribe under the new name, in every Series kept
        (`players rename`, in its transaction: companion.tables.rename_in_documents)."""
        from companion.engine.names import renamed

        table = txn.db.table(TABLE)
        for row in table.all():
            doc = row.get("value")
            managers = doc.get("managers") if isinstance(doc, dict) else None
            if not isinstance(managers, dict):
                continue
            names = {m: new for m in managers.values() if isinstance(m, str) and (new := rename(m))}
            if names:
                table.update({"value": renamed(doc, names)}, doc_ids=[row.doc_id])

    def so_far(self) -> dict[str, Any] | None:
        """The Series in progress as history files it when it ends (`history chart ID`
        while it is played), or None."""
        if self.live() is None:
            return None
        return history_record(self.current(), self.rules)

    def current(self) -> Series:
        """The current series as it stands (a tracked match that has ended counted in)."""
        return self._seen(self._load(self._current_id()))

    def status(self, doc: Mapping[str, Any] | None = None) -> Status[SeriesView]:
        """The current series' status (or that of `doc`, a series document); never writes."""
        series = self.current() if doc is None else self._seen(self._parse(doc))
        return self.status_of(series)

    def show(self, typed_id: str) -> Status[SeriesView]:
        """Any series, current or past, by id or unique prefix."""
        from companion.engine.names import match_prefix

        ids = [k for k in self.store.all_docs(TABLE) if k != CURRENT]
        return self.status_of(self._seen(self._load(match_prefix(typed_id, ids, what="series"))))

    def listing(self) -> list[SeriesSummary]:
        """Every series, newest first."""
        docs = self.store.all_docs(TABLE)
        current = docs.pop(CURRENT, None)
        # Stored order breaks ties between series started in the same second.
        ordered = sorted(enumerate(docs.values()), key=lambda d: (d[1].get("created") or "", d[0]))
        parsed = [self._parse(doc) for _, doc in reversed(ordered)]
        return [SeriesSummary(series, self.rules, series.id == current) for series in parsed]

    def next_game(self) -> NextGame:
        """The setup of the next game; refused once the series is decided or abandoned."""
        series = self.current()
        upcoming = SeriesView(series, self.rules).next_game()
        if upcoming is None:
            raise SeriesDecided(
                f"series {series.id} is {self._ended(series)}; there is no next game"
            )
        return upcoming

    def rewards(self, number: int | None = None) -> GameRewards:
        """The Reward Phase of game `number` (default: the last recorded game)."""
        series = self.current()
        return SeriesView(series, self.rules).rewards(
            number if number is not None else len(series.games)
        )

    def odds(
        self, home: Any = None, away: Any = None, source: str = "even", series: Series | None = None
    ) -> Any:
        """The current series' odds (`series_odds.SeriesOdds`) from the first tribe's chance
        of one game at home and away (None: even)."""
        from companion.games.hoopers.rules.series_odds import EVEN, odds

        series = self.current() if series is None else series
        a, _ = series.tribes
        played = len(series.games)
        left = tuple(
            series.home_in(n, self.rules) == a
            for n in range(played + 1, len(self.rules.courts) + 1)
        )
        wins = (series.wins[series.tribes[0]], series.wins[series.tribes[1]])
        chance = EVEN if home is None else home
        return odds(series.tribes, wins, self.rules.wins_needed, left, chance, away, source)

    def game_chances(self, series: Series) -> tuple[Any, Any, str]:
        """The first tribe's chance of one game (home, away, where it came from) when none
        is given: the two managers' Valley Hoopers ratings as openskill holds them (each
        skill's μ and σ, `series_odds.Skills`), else even (a Series of tribes alone has no
        people to rate)."""
        from companion.games.hoopers.rules.series_odds import EVEN, Skills
        from companion.history.book import predicted

        people = series.people
        if not people:
            return EVEN, EVEN, "even"
        found = predicted(self.store, RATED_AS, list(people))  # kept while history holds
        if not all(found["rated"]):
            return EVEN, EVEN, "even"
        (mu_a, sigma_a), (mu_b, sigma_b) = found["skills"]
        skills = Skills(
            gap=mu_a - mu_b,
            spread=(sigma_a**2 + sigma_b**2) ** 0.5,
            scale=(2 * found["beta"] ** 2) ** 0.5,
            provisional=tuple(r["player"] for r in found["predictions"] if r["provisional"]),
        )
        return skills, skills, "ratings"

    def chances(
        self, p: str | None = None, home_p: str | None = None, away_p: str | None = None
    ) -> tuple[Any, Any, str]:
        """(the first tribe's chance of a game at home, away, where it came from): --p, else
        --home-p/--away-p, else openskill's prediction from the two sides' ratings, else
        even."""
        from companion.games.hoopers.rules.series_odds import parse_chance

        if p is not None:
            if home_p is not None or away_p is not None:
                raise BadInput("give --p, or --home-p and --away-p, not both")
            chance = parse_chance(p, "--p")
            return chance, chance, "p"
        if home_p is not None or away_p is not None:
            if home_p is None or away_p is None:
                raise BadInput("give both --home-p and --away-p (or --p for every game)")
            return parse_chance(home_p, "--home-p"), parse_chance(away_p, "--away-p"), "home-away"
        return self.game_chances(self.current())

    def status_of(self, series: Series) -> Status[SeriesView]:
        view = SeriesView(series, self.rules)
        doc = view.to_json()
        if series.next_game(self.rules) is not None:  # a series still to decide: its odds
            doc["odds"] = self.odds(*self.game_chances(series), series=series).to_json()
        return Status(
            id=series.id,
            game=GAME,
            status=series.status,
            players=series.sides(),
            scores={series.side(t): n for t, n in series.wins.items()},
            next=next_sentence(series, self.rules, waits=self._waits(series)),
            state=view,
            detail={**doc, "strength_markers": [g["strength_marker"] for g in doc["games"]]},
            updated=series.updated,
        )

    # --- changing -----------------------------------------------------------------

    def start_typed(
        self,
        tribes: str | None,
        managers: list[str] | None,
        new: list[str] | None = None,
        **how: Any,
    ) -> Status[SeriesView]:
        """A series from what a face typed: the tribes ("A,B") and who manages each
        (`PERSON=TRIBE` items), checked with the series' name before the people are looked
        up; each person as history knows them (`ana` is the known Ana, a slip of a known
        name refused unless `new` names it), as every start asks (tables.players)."""
        from companion.engine.decks import parse_players
        from companion.engine.names import check_name
        from companion.tables.players import settle

        if not managers and not tribes:
            raise BadInput(
                "name who manages each tribe", hint="e.g. --players Ana=Keepers,Ben=Unleashed"
            )
        if tribes:
            parse_players(tribes, low=2, high=2)
        if how.get("name") is not None:
            check_name(how["name"], "series name")
        pairs = [p.strip() for item in managers or () for p in item.split(",") if p.strip()]
        if pairs and all("=" in pair and pair.partition("=")[0].strip() for pair in pairs):
            named = [pair.partition("=")[0].strip() for pair in pairs]
            people = settle(self.store, parse_players(named), new)
            tribes_named = [pair.partition("=")[2] for pair in pairs]
            managers = [f"{p}={t}" for p, t in zip(people, tribes_named, strict=True)]
        # (items that are not PERSON=TRIBE: parse_managers says what is wrong with them)
        return self.start([tribes] if tribes else [], managers=managers or None, **how)

    def start(
        self,
        tribes: Sequence[str],
        home: str = "random",
        name: str | None = None,
        seed: int | None = None,
        stars: Sequence[str] | None = None,
        managers: Sequence[str] | None = None,
    ) -> Status[SeriesView]:
        """Start a best-of-seven series; refused while another is live.

        `home` names the tribe at home in game 1, or is "random" (drawn with `seed`);
        `stars`: `TRIBE:HOOPER`, the [star] upgrade each tribe sleeves at the setup;
        `managers`: `PERSON=TRIBE`, who manages each tribe (`tribes` may then be empty:
        the tribes are the ones they name). Without managers the series is played by
        tribes alone, and history counts no person for its games.
        """
        from companion.engine.decks import parse_players
        from companion.engine.names import match_prefix
        from companion.engine.rng import TableRng
        from companion.games.hoopers.rules.series_input import parse_managers
        from companion.store.ids import new_id, now

        if managers:
            given = parse_players(list(tribes), low=2, high=2) if tribes else []
            by_tribe = parse_managers(managers, given)
            names = given or list(by_tribe)  # in the order the tribes were named
        else:
            names, by_tribe = parse_players(list(tribes), low=2, high=2), {}
        rng = TableRng(seed)
        if home.strip().lower() == "random":
            home_tribe = rng.choice(names)
        else:
            home_tribe = match_prefix(home, names, what="tribe")
        sleeved_at_setup = self._setup_stars(names, stars or [])
        stamp = now()
        # One transaction: the series document and the current flag naming it land
        # together (two writes left a flag naming no series after a crash between them).
        with self.store.change() as txn:
            current = txn.get_doc(TABLE, CURRENT)
            if current:
                doc = txn.get_doc(TABLE, current)
                if isinstance(doc, dict) and doc.get("status") == LIVE:
                    raise RuleViolation(
                        f"series {current} ({' v '.join(doc['tribes'])}) is still live",
                        hint=f"finish it or '{COMMAND} abandon' first",
                    )
            known = {d.get("key") for d in txn.db.table(TABLE).all()}
            series = Series(
                id=next(i for i in iter(new_id, None) if i not in known),
                tribes=(names[0], names[1]),
                home_tribe=home_tribe,
                name=name,
                seed=rng.seed,
                created=stamp,
                updated=stamp,
                stars=sleeved_at_setup,
                managers=by_tribe,
            )
            txn.put_doc(TABLE, series.id, series.to_doc())
            txn.put_doc(TABLE, CURRENT, series.id)
        from companion.tables.base import foretold

        # The managers' Valley Hoopers prediction, as any tracked start shows it.
        return foretold(self.store, self.status_of(series), RATED_AS, series.people)

    def record(
        self,
        score: str,
        periods: str | None = None,
        when: str | None = None,
        **details: Sequence[str] | str | None,
    ) -> Status[SeriesView]:
        """Record the next game by hand: `score` "78-75" in the order the tribes were named.

        `when`: the day it was played, as `companion log --when` takes it (default: now).
        `details`: ejected, injured (["TRIBE:HOOPER", ...]), chips
        (["TRIBE:lv1=N,lv2=N"]), gameplan (["TRIBE:N"]), series_track (a tribe).
        """
        from companion.games.hoopers.rules.series_input import parse_pair, parse_periods
        from companion.history.log import parse_when

        series = self._synced(self._current_id())
        a, b = parse_pair(score)
        report = GameReport(
            scores={series.tribes[0]: a, series.tribes[1]: b},
            periods=parse_periods(periods) if periods else (),
            played=parse_when(when),
            **self._details(series, len(series.games) + 1, **details),
        )
        return self.record_game(report)

    def record_game(self, report: GameReport) -> Status[SeriesView]:
        """Add `report` as the next game; a game typed in by hand also goes to history."""
        series_id = self._synced(self._current_id()).id
        by_hand = report.match_id is None
        # The series, the hand-typed game's record and (when it decides the series) the
        # series' own record change together: one transaction, all or nothing; the hand-typed
        # game's id is picked inside it, so no match filed meanwhile can hold it.
        if report.played is None:
            from companion.store.ids import now

            report = replace(report, played=now())
        with self.store.change() as txn:
            if by_hand:
                report = replace(report, match_id=txn.unused_id())
            before = self._load(series_id, txn)
            after = self._change(series_id, lambda s: s.with_game(report, self.rules), txn)
            if by_hand:
                txn.archive(self._game_record(after, len(after.games)))
            self._after_record(before, after, txn)
        return self.status_of(after)

    def amend(
        self, number: int | None = None, **details: Sequence[str] | str | None
    ) -> Status[SeriesView]:
        """Add what a tracked match does not know (gameplans, series track) or fix a game.

        Each detail replaces that detail for the tribes it names; the score stays.
        Amending a game records its Reward Phase.
        """
        series = self._synced(self._current_id())
        number = number if number is not None else len(series.games)
        changes = {k: v for k, v in self._details(series, number, **details).items() if v}
        if not changes:
            raise BadInput(
                "nothing to amend",
                hint="give --ejected, --injured, --chips, --gameplan, --series-track or --upgrade",
            )
        return self.status_of(self._change(series.id, lambda s: self._amended(s, number, changes)))

    def _amended(self, series: Series, number: int, changes: dict[str, Any]) -> Series:
        """Game `number` amended; its hooper upgrades checked against what it won."""
        from companion.games.hoopers.rules.series_report import game_rewards
        from companion.games.hoopers.rules.series_upgrades import check_upgrades

        after = series.with_amended(number, self.rules, **changes)
        won = game_rewards(after, number, self.rules).tribes
        check_upgrades(after.games, number, won, after.stars)
        return after

    def start_game(
        self,
        hot: Sequence[str],
        cold: Sequence[str],
        rosters: Mapping[str, Sequence[str]] | None = None,
        first: str = "roll",
        seed: int | None = None,
        sevens: Mapping[str, Sequence[str]] | None = None,
        fives: Mapping[str, Sequence[str]] | None = None,
        when: str | None = None,
    ) -> Any:
        """Start the next game as a tracked hoopers match with the Series rules applied.

        `hot`: the home tribe's hoopers on the first hot step; `cold`: the away
        tribe's on the first cold step; `rosters`: hoopers of tribes the
        companion does not know; `when`: the day it was played, when not tonight (as
        `companion log --when` takes it). Returns a `StartedGame`.
        """
        from companion.engine.rng import fresh_seed
        from companion.games.hoopers.rules.match import new_match
        from companion.games.hoopers.rules.series_match import StartedGame, plan_series_match
        from companion.games.hoopers.table import HoopersTable
        from companion.history.log import parse_when

        played = parse_when(when) if when is not None else None
        series = self._synced(self._current_id())
        series.linked_to("-", self.rules)  # refuse early: decided, or a game already in play
        plan = plan_series_match(
            series, self.rules, self._rosters(series, rosters), hot, cold, sevens, fives
        )
        hoopers = HoopersTable(self.store)
        chosen_seed = fresh_seed() if seed is None else seed
        if first.strip().casefold() != "roll":
            from companion.engine.names import match_prefix

            # A tribe or the person managing it: the match's team is the person.
            named = {**{t: plan.side(t) for t in series.tribes}, **{p: p for p in series.people}}
            first = named[match_prefix(first, named, what="tribe or manager")]
        players, options, events = new_match(
            plan.side(plan.home),
            plan.side(plan.away),
            chosen_seed,
            first=first,
            injury_pile=hoopers.injury_pile(),
            **plan.options,
        )
        events = [*events, *plan.carried_events]
        # Fold the opening log before anything is written: names must be in the line-ups.
        hoopers.fold({"id": "", "players": players, "options": options, "events": events})
        options = {**options, **plan.extra_options}
        started = hoopers.start_match(players, options, chosen_seed, events)
        try:
            self._change(series.id, lambda s: s.linked_to(started.id, self.rules, played))
        except Exception:
            hoopers.abandon()
            raise
        upcoming = NextGame(series, series.setup_for(plan.number, self.rules), self.rules)
        return StartedGame(upcoming, plan, started.id)

    def start_game_typed(
        self,
        hot: str | None,
        cold: str | None,
        lists: Mapping[str, list[str] | None],
        **options: Any,
    ) -> Any:
        """The next game started from what a face typed: the hoopers on the first hot and
        cold steps ("A,B,C"), and by option ("--roster", "--seven", "--five") each tribe's
        roster, seven and five ("TRIBE:A,B,..."); without the steps, a refusal saying them."""
        from companion.games.hoopers.rules.series_input import parse_tribe_lists
        from companion.games.hoopers.table import names

        tribes = self.current().tribes
        if hot is None or cold is None:
            self.refuse_without_steps()
        return self.start_game(
            names(hot) or [],
            names(cold) or [],
            parse_tribe_lists(lists["--roster"] or [], tribes, "--roster", once=False),
            sevens=parse_tribe_lists(lists["--seven"] or [], tribes, "--seven"),
            fives=parse_tribe_lists(lists["--five"] or [], tribes, "--five"),
            **options,
        )

    def refuse_without_steps(self) -> None:
        """`game start` without its first steps: what they are for this game, or play it
        guided."""
        upcoming = self.next_game().to_json()
        home, away = upcoming["home"], upcoming["away"]
        hot = upcoming["home_setup"]["hot_zone_hoopers"]
        cold = upcoming["away_setup"]["cold_zone_hoopers"]
        raise BadInput(
            f"game {upcoming['number']} needs its first steps: --hot names the {hot} hoopers "
            f"of {home} (home) on the first hot step, --cold the {cold} of {away} (away) on "
            "the first cold step",
            hint=f"e.g. --hot A,B,C --cold D,E, or let guided play ask: '{COMMAND} play'",
        )

    def undo(self) -> Status[SeriesView]:
        """Drop the last recorded game (reopening a decided series); checked under the lock."""
        series_id = self._synced(self._current_id()).id
        with self.store.change() as txn:
            before = self._load(series_id, txn)
            after = self._change(series_id, lambda s: s.without_last_game(), txn)
            dropped = before.games[-1]
            if before.status == "finished":
                txn.unarchive(before.id)
            if dropped.match_id is not None and self._was_by_hand(dropped.match_id):
                txn.unarchive(dropped.match_id)
        return self.status_of(after)

    def end(self) -> Ended:
        """File the decided series in history; refused, writing nothing, while undecided.

        A series is filed the moment its deciding game is recorded; `end` makes
        sure it is (a crash may have come between the two writes).
        """
        series = self._synced(self._current_id())
        if series.status == ABANDONED:
            raise RuleViolation(f"series {series.id} was abandoned; it is in history as such")
        if series.winner(self.rules) is None:
            wins = series.wins
            a, b = series.tribes
            raise SeriesNotOver(
                f"series {series.id} is not decided ({a} {wins[a]}-{wins[b]} {b}; "
                f"first to {self.rules.wins_needed} wins)",
                hint=f"play on, or abandon it with '{COMMAND} abandon'",
            )
        record = history_record(series, self.rules)
        try:
            filed = self.store.get_match(series.id)["id"] == series.id
        except UnknownName:
            filed = False
        if not filed:
            self._archive(record)
        return Ended(
            id=series.id,
            game=GAME,
            status=series.status,
            players=series.sides(),
            result=record["result"],
        )

    def abandon(self) -> Status[SeriesView]:
        """Abandon the current series (kept in history as abandoned)."""
        series_id = self._synced(self._current_id()).id

        def drop(series: Series) -> Series:
            if series.status != LIVE:
                raise RuleViolation(f"series {series.id} is already {self._ended(series)}")
            # A game in play stays a plain tracked match.
            return replace(series, status=ABANDONED, pending_match=None, pending_played=None)

        with self.store.change() as txn:
            after = self._change(series_id, drop, txn)
            self._archive(history_record(after, self.rules), txn)
        return self.status_of(after)

    def match_ended(self, match_id: str) -> GameTakenIn | None:
        """Take in tracked match `match_id` if it is the current series' game in play.

        Called by the hoopers table after ending or abandoning a match. Returns
        the game it became (None: not a series game, or abandoned).
        """
        series_id = self.store.get_doc(TABLE, CURRENT)
        doc = self.store.get_doc(TABLE, series_id) if series_id else None
        if doc is None or doc.get("pending_match") != match_id:
            return None
        before = len(doc.get("games", []))
        after = self._synced(series_id)
        if len(after.games) == before:
            return None
        return GameTakenIn(self.status_of(after), len(after.games))

    def taken_in(self, match_id: str) -> GameTakenIn | None:
        """The current series' game played as tracked match `match_id`, if any (reading)."""
        try:
            series = self.current()
        except RuleViolation:
            return None
        for number, game in enumerate(series.games, start=1):
            if game.match_id == match_id:
                return GameTakenIn(self.status_of(series), number)
        return None

    def holds(self, match: Mapping[str, Any]) -> str | None:
        """Why history may not reopen or delete finished `match`: it is a game this Series
        counts (None: it is not). Asked by `history undo` and `history delete`."""
        taken = self.taken_in(match["id"])
        if taken is None:
            return None
        return f"it is game {taken.number} of series {taken.status.id}"

    # --- the store ------------------------------------------------------------------

    def _load(self, series_id: str, txn: Change | None = None) -> Series:
        doc = (txn or self.store).get_doc(TABLE, series_id)
        if doc is None:
            raise UnknownName(f"no series '{series_id}'", hint=f"see '{COMMAND} list'")
        return self._parse(doc)

    def _parse(self, doc: Any) -> Series:
        """A stored series document as a Series; a hand edit that broke it is one error line."""
        try:
            return Series.from_doc(doc)
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            from companion.store.atomic import backup_path

            named = doc.get("id") if isinstance(doc, dict) else None
            what = f"series {named}" if isinstance(named, str) else "a series"
            raise StoreError(
                f"{what} in {self.store.path} cannot be read ({type(err).__name__}: {err})",
                hint=f"fix it by hand, or restore {backup_path(self.store.path)}",
            ) from None

    def _current_id(self) -> str:
        current = self.store.get_doc(TABLE, CURRENT)
        if not current or self.store.get_doc(TABLE, current) is None:
            raise RuleViolation(
                "no series yet", hint=f"start one with '{COMMAND} start --players A=TRIBE,B=TRIBE'"
            )
        return current

    def _change(
        self, series_id: str, change: Callable[[Series], Series], txn: Change | None = None
    ) -> Series:
        """Apply `change(Series) -> Series` under the lock; raising writes nothing.

        Inside `txn` the change commits with whatever else that transaction holds.
        """
        from companion.store.ids import now

        if txn is None:
            with self.store.change() as own:
                return self._change(series_id, change, own)
        doc = txn.get_doc(TABLE, series_id)
        if doc is None:
            raise UnknownName(f"no series '{series_id}'")
        after = replace(change(self._parse(doc)), updated=now())
        txn.put_doc(TABLE, series_id, after.to_doc())
        return after

    def _match(self, match_id: str) -> dict[str, Any]:
        """A tracked series game: live, finished, or (gone) counted as abandoned."""
        from companion.games.hoopers.table import HoopersTable

        hoopers = HoopersTable(self.store)
        for live in (hoopers.live(), hoopers.waiting()):  # a game in play, or waiting
            if live is not None and live["id"] == match_id:
                return live
        try:
            return self.store.get_match(match_id)
        except UnknownName:
            return {"id": match_id, "status": "abandoned"}

    def _taken_in(self, series: Series, match: Mapping[str, Any]) -> Series:
        if series.pending_match != match["id"] or match["status"] == LIVE:
            return series
        if match["status"] != "finished":
            return series.unlinked()
        report = self._report_from_match(series, match)
        # The day the table said at `game start --when`, else the day its match started.
        played = series.pending_played or match.get("created")
        return series.with_game(replace(report, played=played), self.rules)

    def _seen(self, series: Series) -> Series:
        """`series` with its ended tracked match counted in, without writing."""
        if series.pending_match is None:
            return series
        from companion.engine.errors import CompanionError

        try:
            return self._taken_in(series, self._match(series.pending_match))
        except CompanionError:
            return series  # the next changing verb says what is wrong

    def _synced(self, series_id: str) -> Series:
        """The series after writing in the result of its tracked match, if that has ended."""
        series = self._load(series_id)
        if series.pending_match is None:
            return series
        match = self._match(series.pending_match)
        if match["status"] == LIVE:
            return series
        took: list[Series] = []

        def take(now: Series) -> Series:
            # Another process may have taken it in since we looked.
            if now.pending_match != match["id"]:
                return now
            took.append(now)
            return self._taken_in(now, match)

        with self.store.change() as txn:
            after = self._change(series_id, take, txn)
            if took:
                self._after_record(took[0], after, txn)
        return after

    def _report_from_match(self, series: Series, match: Mapping[str, Any]) -> GameReport:
        from companion.games.hoopers.rules.series_match import report_from_match, sides_of
        from companion.games.hoopers.table import HoopersTable

        teams = None
        if isinstance(match.get("events"), list):
            state = HoopersTable(self.store).fold(match)
            sides = zip(series.tribes, sides_of(series, match), strict=True)
            teams = {t: list(state.teams[side].hoopers.values()) for t, side in sides}
            # The mini track's moves recorded in the match: the tribe the marker shows.
            track = state.series_track
            if track is not None and track["moves"]:
                tribe_of = {side: t for t, side in zip(series.tribes, sides_of(series, match),
                                                        strict=True)}  # fmt: skip
                shows = tribe_of.get(track["shows"], track["shows"])
                report = report_from_match(series, match, teams, self.rules)
                return replace(report, series_track=shows)
        return report_from_match(series, match, teams, self.rules)

    def _archive(self, record: dict[str, Any], txn: Change | None = None) -> None:
        from companion.store.live import stamp_event

        stamped = {**record, "events": [stamp_event(e) for e in record["events"]]}
        if txn is None:
            self.store.archive_match(stamped)
        else:
            txn.archive(stamped)

    def _was_by_hand(self, match_id: str) -> bool:
        try:
            match = self.store.get_match(match_id)
        except UnknownName:
            return False
        return match.get("game") == HAND_GAME

    def _game_record(self, series: Series, number: int) -> dict[str, Any]:
        """A game recorded by hand, as a finished match naming its series."""
        from companion.store.ids import now

        game = series.games[number - 1]
        home = series.home_in(number, self.rules)
        side = series.side
        ranks = {side(t): 1 if t == game.winner else 2 for t in series.tribes}
        roles = series.roles()
        return {
            "id": game.match_id,
            "game": HAND_GAME,
            "players": list(series.sides()),
            "options": {
                "series": series.id,
                "game_number": number,
                "home": side(home),
                "away": side(series.other(home)),
                # The people as players, each with the tribe they managed as role.
                **({"roles": roles} if roles else {}),
            },
            "seed": None,
            "status": "finished",
            "created": game.played or now(),
            "events": [],
            "result": {
                "scores": {side(t): n for t, n in game.scores.items()},
                "ranks": ranks,
                "winner": side(game.winner),
                "periods": [list(p) for p in game.periods],
                "series": series.id,
            },
        }

    def _after_record(self, before: Series, after: Series, txn: Change) -> None:
        """The game that decided the series files the series in history (in `txn`)."""
        if after.status == "finished" and before.status != "finished":
            self._archive(history_record(after, self.rules), txn)

    # --- catalogues: the tribes' hoopers ---------------------------------------------

    def _details(
        self,
        series: Series,
        number: int,
        ejected: Sequence[str] | None = None,
        injured: Sequence[str] | None = None,
        chips: Sequence[str] | None = None,
        gameplan: Sequence[str] | None = None,
        series_track: str | None = None,
        upgrade: Sequence[str] | None = None,
    ) -> dict[str, Any]:
        """The reward and carry-over details of game `number`, keyed by tribe.

        Hoopers are resolved by unique prefix against their tribe's roster and
        stored by full name, so the next game's carry-over finds them.
        """
        from companion.engine.names import match_prefix
        from companion.games.hoopers.rules.cards import STELLAR_UPGRADED
        from companion.games.hoopers.rules.series_input import (
            parse_chips,
            parse_gameplan,
            resolve_tribe_hooper,
        )
        from companion.games.hoopers.rules.series_upgrades import parse_upgrade

        tribes = series.tribes
        most = self.rules.max_gameplan_milestones
        rosters = self._known_rosters(series, number) if ejected or injured or upgrade else {}
        upgrades: dict[str, dict[str, str]] = {}
        for item in upgrade or []:
            tribe, hooper, card = parse_upgrade(item, tribes, rosters)
            self._refuse_stellar(hooper, STELLAR_UPGRADED)
            given = upgrades.setdefault(tribe, {})
            if hooper in given:
                # Not silently the last one: "Every hooper can gain only one upgrade".
                raise RuleViolation(
                    f"{hooper} ({tribe}) is given two upgrades ('{given[hooper]}' and "
                    f"'{card}'): \"Every hooper can gain only one upgrade\""
                )
            given[hooper] = card

        def hoopers(items: Sequence[str] | None) -> dict[str, tuple[str, ...]]:
            found: dict[str, list[str]] = {}
            for item in items or []:
                tribe, hooper = resolve_tribe_hooper(item, tribes, rosters)
                if hooper not in found.setdefault(tribe, []):
                    found[tribe].append(hooper)
            return {t: tuple(h) for t, h in found.items()}

        return {
            "ejected": hoopers(ejected),
            "injured": hoopers(injured),
            "chips": dict(parse_chips(c, tribes) for c in chips or []),
            "gameplan": dict(parse_gameplan(g, tribes, most) for g in gameplan or []),
            "upgrades": upgrades,
            "series_track": (
                match_prefix(series_track, tribes, what="tribe") if series_track else None
            ),
        }

    def _setup_stars(self, tribes: Sequence[str], given: Sequence[str]) -> dict[str, str]:
        """`SETUP_STAR`: one hooper per tribe, not one whose card is stellar."""
        from companion.games.hoopers.rules.series_input import resolve_tribe_hooper

        rosters = {t: r for t in tribes if (r := self.known_roster(t)) is not None}
        stars: dict[str, str] = {}
        for item in given:
            tribe, hooper = resolve_tribe_hooper(item, tribes, rosters)
            self._refuse_stellar(hooper, SETUP_STAR)
            if tribe in stars:
                raise BadInput(
                    f"{tribe} sleeves one [star] upgrade at the setup, on {stars[tribe]}, "
                    f"not also on {hooper}"
                )
            stars[tribe] = hooper
        return stars

    def _refuse_stellar(self, hooper: str, rule: str) -> None:
        """An upgrade on a hooper whose card the table marked stellar (`hoopers card
        --stellar`), refused as the match refuses it."""
        from companion.games.hoopers.rules.cards import refuse_stellar
        from companion.games.hoopers.table import HoopersTable, card_name

        refuse_stellar(HoopersTable(self.store).hooper_cards().get(card_name(hooper)), hooper, rule)

    def known_rosters(self, number: int) -> dict[str, list[str]]:
        """Each tribe's hoopers in game `number` of the current series (known tribes)."""
        return self._known_rosters(self.current(), number)

    def _known_rosters(self, series: Series, number: int) -> dict[str, list[str]]:
        """Each tribe's hoopers in game `number`, for tribes the rulebook data knows.

        Susan Peg is added to the tribe she joins in that game.
        """
        from companion.games.hoopers.rules.series_match import SUSAN_PEG

        susan = series.susan_peg_in(number, self.rules)
        rosters: dict[str, list[str]] = {}
        for tribe in series.tribes:
            known = self.known_roster(tribe)
            if known is None:
                continue
            rosters[tribe] = known
            if susan == tribe and SUSAN_PEG not in rosters[tribe]:
                rosters[tribe].append(SUSAN_PEG)
        return rosters

    def known_roster(self, tribe: str) -> list[str] | None:
        """The hoopers of a tribe the rulebook data knows (None: the table names them)."""
        from companion.games.hoopers.rules.match import tribe_roster

        try:
            return tribe_roster(tribe)
        except UnknownName:
            return None

    def rosters(self, given: Mapping[str, Sequence[str]] | None = None) -> dict[str, list[str]]:
        """Each tribe's hoopers for the next game: `given`, else the tribe of that name."""
        return self._rosters(self.current(), given)

    def _rosters(
        self, series: Series, given: Mapping[str, Sequence[str]] | None
    ) -> dict[str, list[str]]:
        from companion.engine.names import match_prefix

        rosters: dict[str, list[str]] = {}
        for typed, names in (given or {}).items():
            rosters[match_prefix(typed, series.tribes, what="tribe")] = list(names)
        for tribe in series.tribes:
            if tribe not in rosters:
                known = self.known_roster(tribe)
                if known is None:
                    raise BadInput(
                        f"no hoopers known for tribe '{tribe}'",
                        hint=f"name them with --roster '{tribe}:A,B,C,...'",
                    )
                rosters[tribe] = known
        return rosters

    def _waits(self, series: Series) -> bool:
        """Whether the series' game in play waits while a friendly match is played."""
        if series.pending_match is None:
            return False
        from companion.games.hoopers.table import HoopersTable

        waiting = HoopersTable(self.store).waiting()
        return waiting is not None and waiting["id"] == series.pending_match

    def _ended(self, series: Series) -> str:
        winner = series.winner(self.rules)
        if winner is not None:
            wins = series.wins
            return f"decided ({winner} won {wins[winner]}-{wins[series.other(winner)]})"
        return series.status


def next_sentence(series: Series, rules: SeriesRules, waits: bool = False) -> str:
    """What the table does next with `series`, as a sentence (`waits`: its game in play
    waits while a friendly match is played)."""
    if series.status == ABANDONED:
        return f"series {series.id} was abandoned: start a new one with '{COMMAND} start'"
    winner = series.winner(rules)
    if winner is not None:
        wins = series.wins
        return (
            f"{winner} won the series {wins[winner]}-{wins[series.other(winner)]}; it is in "
            f"history: start a new one with '{COMMAND} start'"
        )
    number = len(series.games) + 1
    if series.pending_match is not None and waits:
        return (
            f"game {number} (hoopers match {series.pending_match}) waits while a friendly "
            "match is played: ending that one resumes it, or go back to it now with "
            f"'companion hoopers match resume --match {series.pending_match}'"
        )
    if series.pending_match is not None:
        return (
            f"game {number} is being played as hoopers match {series.pending_match}: play it "
            "('companion hoopers play'), then 'companion hoopers match end'"
        )
    if series.games and not series.games[-1].rewarded:
        return (
            f"record the reward phase of game {len(series.games)} (gameplan milestones, "
            f"series track) with '{COMMAND} amend', then play game {number}"
        )
    home = series.home_in(number, rules)
    return (
        f"game {number}: {home} at home; start it with '{COMMAND} game start --hot A,B,C "
        f"--cold D,E' or record it with '{COMMAND} record --score A-B'"
    )


TABLES = {GAME: SeriesTable}
