"""A tracked Valley Hoopers match at the table."""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import suppress
from datetime import datetime
from typing import Any

from companion.engine.errors import (
    AlreadyLive,
    CompanionError,
    NoLiveMatch,
    NothingToUndo,
    RuleViolation,
)
from companion.engine.rng import fresh_seed
from companion.games.hoopers.rules.errors import MatchNotOver
from companion.games.hoopers.rules.match import (
    GAME,
    RULES,
    new_match,
    tribe_of,
    tribe_roster,
    tribes,
)
from companion.games.hoopers.rules.state import MatchState, is_set_up
from companion.tables.base import Ended, Match, Recorded, Status, Table, hints

INJURY_PILE = "injury_pile"
# Each hooper card's printed energy, as the table gave it (the catalogue over
# games/hoopers/data/energy.toml's defaults): {"cards": {"Hector Pröt": 5, ...}}.
CARD_ENERGY = "card_energy"
# Each hooper card's stats, defence flags and stellar mark, as the table gave them
# (companion/games/hoopers/rules/cards.py): {"cards": {"Muy Schillato": {"3ps": 70}}}.
HOOPER_CARDS = "hooper_cards"
# Per match: the guided flow's answers of the last turns (companion/games/hoopers/guided/match.py),
# and what the table typed (stats by hooper, the hooper last used for an action).
GUIDED, REMEMBERED = "guided:", "remembered:"
GUIDED_TURNS = 8  # attacking turns kept for undo
# The table's choice to stop the reminders (the Keepers' face-down card, the LV.1 chip
# offer) for the evening: quiet until this hour (local time) of the next morning.
REMINDERS, EVENING_ENDS = "reminders", 6


def _noted(status: Status[MatchState], notes: list[str]) -> Status[MatchState]:
    """A match just started, saying what its opening did (and what waits) as a move's
    status says the move's."""
    from dataclasses import replace

    return replace(status, detail={**status.detail, "notes": list(notes)})


def names(text: str | None) -> list[str] | None:
    """A comma-separated list of names as typed ("A,B,C"), or None."""
    if text is None:
        return None
    return [n.strip() for n in text.split(",") if n.strip()]


def roster(team: str, tribe: str | None, names: str | None) -> list[str]:
    """A team's hoopers: named, else its tribe's ten (a team named after its tribe needs none)."""
    if names:
        return [n.strip() for n in names.split(",") if n.strip()]
    if tribe is None and team.strip().casefold() in tribes():
        tribe = team
    return tribe_roster(tribe) if tribe else []


def read_cards(path: str) -> dict[str, Any]:
    """A cards file: TOML (`["Muy Schillato"]` tables) or JSON ({name: {...}})."""
    import json
    import tomllib
    from pathlib import Path

    from companion.engine.errors import BadInput
    from companion.store import regular

    text = regular.text(Path(path))
    try:
        doc = json.loads(text) if path.endswith(".json") else tomllib.loads(text)
    except (ValueError, tomllib.TOMLDecodeError) as err:
        raise BadInput(f"{path} is not a cards file: {err}") from None
    if not isinstance(doc, dict):
        raise BadInput(f"{path}: a table per card, by the card's name")
    return doc


def read_deck(path: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A deck file (`hoopers deck check`): a [cards.LABEL] table per sleeved card, [needs]."""
    from companion.engine.errors import BadInput

    doc = read_cards(path)
    cards, needs = doc.get("cards", {}), doc.get("needs", {})
    if not isinstance(cards, dict) or not isinstance(needs, dict) or not cards:
        raise BadInput(f"{path}: a [cards.LABEL] table per sleeved card (and [needs])")
    return cards, needs


class HoopersTable(Table[MatchState]):
    game = GAME
    rules = RULES
    opening = frozenset({"opening"})

    # --- catalogues and table settings ----------------------------------------

    def injury_pile(self) -> list[str] | None:
        """The table's own injury marker pile, or None for the default one."""
        return self.store.get_doc(GAME, INJURY_PILE)

    def set_injury_pile(self, pile: list[str] | None) -> None:
        if pile is None:
            self.store.delete_doc(GAME, INJURY_PILE)
        else:
            self.store.put_doc(GAME, INJURY_PILE, pile)

    def quiet_until(self) -> datetime | None:
        """When the reminders quieted for the evening come back (None: never quieted)."""
        until = (self.store.get_doc(GAME, REMINDERS) or {}).get("quiet_until")
        return None if until is None else datetime.fromisoformat(until)

    def reminders_on(self, now: datetime) -> bool:
        """Guided play reminds of the cards and chips it cannot see (unless quiet tonight)."""
        until = self.quiet_until()
        return until is None or now >= until

    def set_reminders(self, on: bool, now: datetime) -> datetime | None:
        """Turn the reminders back on, or off until the evening is over (the next morning at
        EVENING_ENDS in `now`'s zone: local time); when they come back (None when on)."""
        from datetime import timedelta

        if on:
            self.store.delete_doc(GAME, REMINDERS)
            return None
        local = now  # the table's local time, with its zone
        until = local.replace(hour=EVENING_ENDS, minute=0, second=0, microsecond=0)
        if until <= local:
            until += timedelta(days=1)
        self.store.put_doc(GAME, REMINDERS, {"quiet_until": until.isoformat()})
        return until

    def card_energies(self) -> dict[str, dict[str, Any]]:
        """Every card energy known: {name: {"max": n, "source": "table" | "default"}}."""
        return card_energies(self.store.get_doc(GAME, CARD_ENERGY))

    def set_card_energy(self, name: str, energy: int | None) -> str:
        """Remember a card's energy for every later match (None forgets the table's own);
        the card's name as kept (a known card's as printed, else as typed)."""
        from companion.engine.names import check_name
        from companion.games.hoopers.rules.energy import check_energy

        card = card_name(check_name(name, "hooper"))
        if energy is not None:
            check_energy(energy, "the card's energy")
            if energy < 1:
                from companion.engine.errors import BadInput

                raise BadInput("the card's energy is at least 1")

        def change(doc: dict[str, Any] | None) -> dict[str, Any]:
            return _with_card_energy(doc, card, energy)

        self.store.update_doc(GAME, CARD_ENERGY, change)
        return card

    def hooper_cards(self) -> dict[str, dict[str, Any]]:
        """Every card the table gave: {name: {"2ps": 60, …, "guards": [...], "stellar": b}}."""
        return dict((self.store.get_doc(GAME, HOOPER_CARDS) or {}).get("cards") or {})

    def set_hooper_cards(self, cards: Mapping[str, Mapping[str, Any]]) -> list[str]:
        """Remember cards' numbers (merged over what was known); the names as kept."""
        from companion.engine.names import check_name
        from companion.games.hoopers.rules.cards import check_card

        checked = {}
        for name, entry in cards.items():
            card = card_name(check_name(str(name), "hooper"))
            if not isinstance(entry, Mapping):
                from companion.engine.errors import BadInput

                raise BadInput(f"{card}: a card is a table of fields, not {entry!r}")
            checked[card] = check_card(card, entry)

        def change(doc: dict[str, Any] | None) -> dict[str, Any]:
            known = dict((doc or {}).get("cards") or {})
            for card, fields in checked.items():
                known[card] = {**known.get(card, {}), **fields}
            return {"cards": dict(sorted(known.items()))}

        self.store.update_doc(GAME, HOOPER_CARDS, change)
        return list(checked)

    def card_energies_typed(
        self, hooper: str | None, value: int | None, forget: bool
    ) -> dict[str, dict[str, Any]]:
        """`hoopers energy [HOOPER [N | --forget]]`: a card's energy remembered (or forgotten)
        when given, then every energy known; else the energies known (HOOPER's alone)."""
        from companion.engine.errors import BadInput

        if (value is not None or forget) and hooper is None:
            raise BadInput("which card? 'hoopers energy HOOPER N' (or HOOPER --forget)")
        if value is not None and forget:
            raise BadInput("a card's energy or --forget: one or the other")
        known = self.card_energies()
        if hooper is not None and (value is not None or forget):
            self.set_card_energy(self.card_named(hooper, known), None if forget else value)
            return self.card_energies()
        return known if hooper is None else self._only(hooper, known)

    def hooper_cards_typed(
        self, hooper: str | None, fields: Mapping[str, Any], path: str | None
    ) -> dict[str, dict[str, Any]]:
        """`hoopers card [HOOPER] [--2ps N …] [--import FILE]`: the cards of a file, or one
        card's fields typed, remembered; then the cards known (HOOPER's alone, when named)."""
        from companion.engine.errors import BadInput

        if path is not None:
            if hooper is not None or fields:
                raise BadInput("--import or one card's fields: one or the other")
            self.set_hooper_cards(read_cards(path))
        elif fields:
            if hooper is None:
                raise BadInput("which card? 'hoopers card HOOPER --2ps N …'")
            self.set_hooper_cards({self.card_named(hooper): fields})
        known = self.hooper_cards()
        return known if hooper is None else self._only(hooper, known)

    def _only(self, hooper: str, known: dict[str, Any]) -> dict[str, Any]:
        name = self.card_named(hooper, known)
        return {name: known[name]} if name in known else {}

    def card_named(self, typed: str, catalogue: Any = ()) -> str:
        """A card's name by unique prefix (accents aside) among the rulebook's cards and
        `catalogue`'s, else the name as typed (a new card)."""
        from companion.engine.errors import UnknownName
        from companion.engine.names import match_prefix
        from companion.games.hoopers.data import load

        cards = sorted({*load("game")["positions"], *catalogue})
        try:
            return match_prefix(card_name(typed), cards, what="hooper card")
        except UnknownName:
            return card_name(typed)

    def marker_pile(self) -> dict[str, Any]:
        """The pile new matches draw from: the table's, else the default (and what the
        default assumes), with each marker's text."""
        from companion.games.hoopers.rules import markers

        saved = self.injury_pile()
        return {
            "pile": saved or markers.default_pile(),
            "default": saved is None,
            "assumed": [] if saved else markers.default_assumptions(),
            "kinds": markers.marker_texts(),
        }

    def marker_pile_typed(self, typed: str | None, reset: bool) -> dict[str, Any]:
        """`hoopers markers [--set A,B,… | --reset]`: the pile set (or back to the default)
        when said, then the pile new matches draw from."""
        from companion.games.hoopers.rules.markers import parse_pile

        if typed is not None:
            self.set_injury_pile(parse_pile([p for p in typed.split(",") if p.strip()]))
        elif reset:
            self.set_injury_pile(None)
        return self.marker_pile()

    def reminders_typed(self, turn: str | None, now: datetime) -> dict[str, Any]:
        """`hoopers reminders [on|off]` at `now`: on again, or off for the evening, when
        said; then whether they are on."""
        from companion.engine.names import match_prefix

        if turn is not None:
            self.set_reminders(match_prefix(turn, ("on", "off"), what="setting") == "on", now)
        return self.reminders(now)

    def reminders(self, now: datetime) -> dict[str, Any]:
        """Whether the reminders are on at `now`, and until when they are quiet."""
        until = self.quiet_until()
        quiet = until is not None and now < until
        return {"reminders": not quiet, "quiet_until": until.isoformat() if quiet else None}

    # --- what the table typed, per match ---------------------------------------

    def guided_log(self, match_id: str) -> dict[str, Any] | None:
        """The guided flow's answers for the match's last turns, as it stored them."""
        return self.store.get_doc(GAME, GUIDED + match_id)

    def save_guided_log(self, match_id: str, log: dict[str, Any]) -> None:
        self.store.put_doc(GAME, GUIDED + match_id, log)

    def remembered(self, match_id: str) -> dict[str, Any]:
        return self.store.get_doc(GAME, REMEMBERED + match_id) or {}

    def remember(
        self,
        match_id: str,
        stats: Mapping[tuple[str, str, str], int] | None = None,
        used: Mapping[tuple[str, str], str] | None = None,
    ) -> None:
        """Keep stats typed for (team, hooper, stat) and the hooper used for (team, action)."""
        if not stats and not used:
            return
        kept = self.remembered(match_id)
        if all(kept.get("stats", {}).get(_key(*k)) == v for k, v in (stats or {}).items()) and all(
            kept.get("used", {}).get(_key(*k)) == v for k, v in (used or {}).items()
        ):
            return  # nothing new: no write

        def change(doc: dict[str, Any] | None) -> dict[str, Any]:
            doc = dict(doc or {})
            typed = {_key(*k): v for k, v in (stats or {}).items()}
            doc["stats"] = {**doc.get("stats", {}), **typed}
            doc["used"] = {**doc.get("used", {}), **{_key(*k): v for k, v in (used or {}).items()}}
            return doc

        self.store.update_doc(GAME, REMEMBERED + match_id, change)

    def known_stats(self, match: Match) -> dict[tuple[str, str, str], int]:
        """Every stat known for the match: recorded in its events, then typed (the latest)."""
        from companion.games.hoopers.rules.known import known_stats

        typed = self.remembered(match["id"]).get("stats", {})
        return {**known_stats(match), **{_unkey(k): v for k, v in typed.items()}}

    def last_used(self, match: Match, team: str, action: str) -> str | None:
        return self.remembered(match["id"]).get("used", {}).get(_key(team, action))

    def _forget(self, match_id: str) -> None:
        for key in (GUIDED, REMEMBERED):
            self.store.delete_doc(GAME, key + match_id)

    # --- verbs ----------------------------------------------------------------

    def start(
        self,
        home: str,
        away: str,
        *,
        rosters: Mapping[str, list[str]],
        variant: str = "classic",
        milestones: str = "win",
        first: str = "roll",
        seed: int | None = None,
        extra_options: Mapping[str, Any] | None = None,
        extra_events: list[dict[str, Any]] | None = None,
        tribes_of: Mapping[str, str | None] | None = None,
        **options: Any,
    ) -> Status[MatchState]:
        """Start a match: the d20 decides who attacks first unless `first` names a team.

        `tribes_of` maps a team to the tribe it plays (for its tribe power);
        a team named after its tribe needs none. `sevens` and `fives` (in
        `options`) are the line-ups.
        """
        chosen_seed = fresh_seed() if seed is None else seed
        team_tribes = {
            team.strip(): tribe_of(team, (tribes_of or {}).get(team.strip()))
            for team in (home, away)
        }
        players, opts, events = new_match(
            home,
            away,
            chosen_seed,
            rosters=dict(rosters),
            variant=variant,
            milestones=milestones,
            first=first,
            injury_pile=self.injury_pile(),
            team_tribes=team_tribes,
            **options,
        )
        from companion.games.hoopers.rules.tribes_of import tribe_key, tribes_of

        # Every side's tribe, for its tribe power and for history (wins by tribe): the one
        # the table named, else the tribe its roster is made of.
        read = {team: tribe_key(label) for team, label in tribes_of(opts["rosters"]).items()}
        tribes = {**read, **opts.get("tribes", {})}
        return self.start_match(
            players,
            {**opts, **({"tribes": tribes} if tribes else {}), **(extra_options or {})},
            chosen_seed,
            [*events, *(extra_events or [])],
        )

    def start_typed(
        self,
        home: str,
        away: str,
        typed: Mapping[str, str | None],
        drafted: dict[str, Any] | None,
        *,
        tribes_of: Mapping[str, str | None],
        **options: Any,
    ) -> Status[MatchState]:
        """A match from the lists a face typed ("A,B,C", by option name: `home_roster`,
        `away_seven`, `home_five` …): each team's roster (else its tribe's ten), seven and
        five; or, with `drafted` (`promos` typed, `first_pick`, `discard`), a Draft match,
        whose teams are drafted (any list typed is refused). Its notes say what the opening
        did and, a Series game waiting, how to go back to it."""
        if drafted is not None:
            from companion.games.hoopers.rules.draft import refuse_typed_teams

            refuse_typed_teams(typed)
            promos = names(drafted.pop("promos"))
            drafting = self.start_draft(
                home, away, promos=promos, tribes_of=tribes_of, **drafted, **options
            )
            return _noted(drafting, drafting.state.notes)
        sides = ((home, "home"), (away, "away"))
        started = self.start(
            home,
            away,
            rosters={t: roster(t, tribes_of[t], typed[f"{side}_roster"]) for t, side in sides},
            tribes_of=tribes_of,
            sevens={t: n for t, side in sides if (n := names(typed[f"{side}_seven"]))},
            fives={t: n for t, side in sides if (n := names(typed[f"{side}_five"]))},
            **options,
        )
        return _noted(started, [*started.state.notes, *self.waiting_notes()])

    def waiting_notes(self) -> list[str]:
        """A match started while a Series game waits says so, and how to go back to it."""
        waiting = self.waiting()
        if waiting is None:
            return []
        return [
            f"match {waiting['id']} ({' v '.join(waiting['players'])}, a Series game) waits: "
            f"'companion hoopers match resume' goes back to it; ending this match resumes it"
        ]

    def filed(self, abandon: bool = False) -> tuple[Ended, Any]:
        """The match ended (or abandoned), and the Series game it was once its series has
        taken it in (None for any other match)."""
        done = self.abandon() if abandon else self.end()
        from companion.games.hoopers.series_table import SeriesTable

        taken = SeriesTable(self.store).taken_in(done.id) if done.status == "finished" else None
        return done, taken

    def start_draft(
        self,
        home: str,
        away: str,
        *,
        promos: list[str] | None = None,
        first_pick: str = "random",
        discard: bool | None = None,
        **options: Any,
    ) -> Status[MatchState]:
        """Start a Draft match ('Variants: Draft'): the hoopers on the table are "21 hooper
        cards (plus other hooper promo cards you may have)" — both tribes' twenty and Susan
        Peg — with every card on file and the `promos` typed; the stellar marks and the
        energies on file come with them."""
        from companion.games.hoopers.rules.draft import draft_pool

        cards = self.hooper_cards()
        energies = self.card_energies()
        pool = draft_pool([*cards, *(card_name(p) for p in promos or ())])
        draft = {
            "pool": pool,
            "first": first_pick,
            "discard": discard,
            "stellar": [h for h in pool if (cards.get(h) or {}).get("stellar")],
            "energy": {h: energies[h]["max"] for h in pool if h in energies},
        }
        return self.start(home, away, rosters={}, draft=draft, **options)

    def start_match(
        self,
        players: Any,
        options: Mapping[str, Any],
        seed: int | None,
        events: Any = (),
    ) -> Status[MatchState]:
        """Every match (a Series game too) starts with the Setup's energy tracks: "Set the
        energy tokens ... according to the energy shown on the relative card", from the
        cards whose energy the table has given (`card_energies`)."""
        known = self.card_energies()
        energy = {
            team: {h: known[k]["max"] for h in hoopers if (k := card_name(h)) in known}
            for team, hoopers in options.get("rosters", {}).items()
        }
        energy = {team: cards for team, cards in energy.items() if cards}
        if energy and "energy" not in options:
            options = {**options, "energy": energy}
        return super().start_match(players, options, seed, events)

    # --- the game's part ------------------------------------------------------

    def can_wait(self, match: Match) -> bool:
        """A Series game waits while a friendly match is played (it resumes afterwards)."""
        return bool((match.get("options") or {}).get("series"))

    def check_undo(self, match: Match) -> None:
        """The set-up is not a move: the opening roll and the injury cubes a Series game
        carries over ("they will start the next game with two injured cube") stay."""
        events = match["events"]
        if events and events[-1]["type"] not in self.opening and is_set_up(events[-1]):
            raise NothingToUndo(
                f"nothing to undo in hoopers match {match['id']}: only its set-up so far "
                "(the injury cubes carried over from the last Series game)",
                hint="undo takes back moves of the game; abandon the match to set it up again",
            )
        super().check_undo(match)

    def status_of(
        self, match: Match, state: MatchState, notes: list[str] | None = None
    ) -> Status[MatchState]:
        """The standing; `notes`: what the move just recorded did (none for a plain read)."""
        detail = {k: v for k, v in state.to_json().items() if k != "status"}
        detail["over"] = state.over
        detail["notes"] = list(notes or [])
        detail["plays"] = [dict(play) for play in state.plays]  # the scoreboard's last few
        options = match.get("options") or {}
        if options.get("series"):  # which game of The Series, and its score as it began
            detail["series_game"] = {
                "number": options.get("game_number"),
                "score": options.get("series_score"),
            }
        return Status(
            id=match["id"],
            game=GAME,
            status=match.get("status", "live"),
            players=tuple(match["players"]),
            scores=state.score(),
            next=_next(state),
            state=state,
            detail=detail,
            updated=match.get("updated"),
        )

    @hints
    def record(self, *moves: dict[str, Any]) -> Recorded[MatchState]:
        """Record moves in one locked transaction, with one fold of the match's log.

        A shot without a stat takes the last one given for that hooper's shot of
        that kind in this match (refused, writing nothing, when none was); the stats
        the moves used are remembered as the latest typed, in the same transaction.
        """
        return self._recorded_with(lambda match, state: list(moves))

    @hints
    def make(
        self,
        move: Any,
        filled: Mapping[str, Any] | None = None,
        seen: int | None = None,
        by: str | None = None,
        match_id: str | None = None,
    ) -> Recorded[MatchState]:
        """A move chosen on a page or in guided play, checked as `Table.make` checks it and
        then as `record` checks a typed one (the cards on file: a stellar card, a counter's
        number), in the same transaction: a phone's move is held to the CLI's checks."""
        return self._recorded_with(
            lambda match, state: self.chosen(match, state, move, filled, seen, by, match_id)
        )

    def _recorded_with(self, moves_of: Any) -> Recorded[MatchState]:
        """`record`'s transaction over the moves `moves_of(match, state)` gives."""
        from companion.engine.events import play, replay
        from companion.games.hoopers.card_fill import check_stellar, counterer_of, with_card_counter
        from companion.games.hoopers.rules.cards import MissingCard
        from companion.games.hoopers.rules.errors import MissingStat
        from companion.games.hoopers.rules.known import known_stats

        def change(match: Match, txn: Any) -> tuple[list[dict[str, Any]], Any]:
            key = REMEMBERED + match["id"]
            kept = txn.get_doc(GAME, key) or {}
            state = replay(self.rules, match)
            moves = moves_of(match, state)
            cards = (txn.get_doc(GAME, HOOPER_CARDS) or {}).get("cards") or {}
            for move in moves:
                check_stellar(state, move, cards)
            filled = [_with_known_stat(state, match, kept, move, cards) for move in moves]
            filled = [with_card_counter(state, move, cards) for move in filled]
            try:
                played = play(self.rules, match, filled, state=state)
            except MissingStat as err:  # a counter's O or V: on the card, when given once
                who = counterer_of(replay(self.rules, match), moves)
                if who is None:
                    raise
                reason = str(err).split(":")[0]
                raise MissingCard(
                    f"{who}'s {err.stat.upper()} is not known ({reason})",
                    who,
                    err.stat,
                    f"--{err.stat}",
                ) from None
            used = known_stats({"players": match["players"], "events": played.events})
            doc = _remembered_with(kept, used)
            if doc != kept:
                txn.put_doc(GAME, key, doc)
            # A card's energy given in a match is remembered for every match, in the
            # same transaction as the move.
            cards = [e["data"] for e in played.events if e["type"] == "energy"]
            cards = [(d["hooper"], d["max"]) for d in cards if d.get("max") is not None]
            if cards:
                catalogue = txn.get_doc(GAME, CARD_ENERGY)
                updated = catalogue
                for hooper, energy in cards:
                    updated = _with_card_energy(updated, card_name(hooper), energy)
                if updated != catalogue:
                    txn.put_doc(GAME, CARD_ENERGY, updated)
            return played.events, played

        try:
            match, played = self.store.change_live_with(GAME, change, keep=self.keeper_of_moves())
        except RuleViolation as err:
            raise self.with_legal(err) from None
        notes = [note for step in played.steps for note in step.notes]
        return Recorded(match, played, self.status_of(match, played.state, notes))

    def with_legal(self, err: RuleViolation) -> RuleViolation:
        """`err`, ending with what is legal now, said by kind (rules/legal.py: `in_words`):
        once, and not after a refusal that says already who may or what is legal."""
        from companion.engine.errors import NotYourMove, StaleMove
        from companion.games.hoopers.rules.legal import refusal, says_legal

        skip = (NoLiveMatch, AlreadyLive, NothingToUndo, StaleMove, NotYourMove)
        text = str(err)
        if isinstance(err, skip) or says_legal(text):
            return err
        match = self.live()
        if match is None:
            return err
        err.args = (refusal(text, self.legal(match=match)),)
        return err

    def command(self, move: Any, filled: Mapping[str, Any] | None = None) -> str:
        """The `companion hoopers match` command that makes `move` (rules/legal.py's)."""
        from companion.games.hoopers.move_commands import command_of_move

        return command_of_move(move, filled)

    def end(self) -> Ended:
        ended = super().end()
        with suppress(CompanionError):
            self._forget(ended.id)
        return _feed_series(self, ended)

    def abandon(self) -> Ended:
        ended = super().abandon()
        with suppress(CompanionError):
            self._forget(ended.id)
        return _feed_series(self, ended)

    def result_of(self, match: Match, state: MatchState) -> dict[str, Any]:
        if not state.over:
            raise MatchNotOver(
                f"match {match['id']} is not over (period {state.period}, turn {state.turn})",
                hint="play on, or abandon it with 'companion hoopers match abandon'",
            )
        return state.result()


def card_name(name: str) -> str:
    """A known card's name as printed (accents and case aside), else the name as given."""
    from companion.games.hoopers.rules.skills import card_key

    return _known_cards().get(card_key(name), name.strip())


def _known_cards() -> dict[str, str]:
    """Every card the rulebook names, by its key."""
    from companion.games.hoopers.data import load
    from companion.games.hoopers.rules.skills import card_key

    return {card_key(n): n for n in load("game")["positions"]}


def card_energies(doc: dict[str, Any] | None) -> dict[str, dict[str, Any]]:
    """The defaults (games/hoopers/data/energy.toml), then the table's own numbers over them."""
    from companion.games.hoopers.data import load

    known = {
        card_name(n): {"max": v, "source": "default"}
        for n, v in load("energy").get("energy", {}).items()
    }
    for name, value in ((doc or {}).get("cards") or {}).items():
        known[card_name(name)] = {"max": value, "source": "table"}
    return dict(sorted(known.items()))


def _with_card_energy(doc: dict[str, Any] | None, card: str, energy: int | None) -> dict:
    doc = dict(doc or {})
    cards = dict(doc.get("cards") or {})
    if energy is None:
        cards.pop(card, None)
    else:
        cards[card] = energy
    doc["cards"] = dict(sorted(cards.items()))
    return doc


def _remembered_with(kept: dict[str, Any], stats: Mapping[tuple[str, str, str], int]) -> dict:
    """The remembered document with `stats` as the latest typed."""
    if not stats:
        return kept
    typed = {_key(*k): v for k, v in stats.items()}
    return {**kept, "stats": {**kept.get("stats", {}), **typed}}


def _with_known_stat(
    state: MatchState,
    match: Match,
    kept: dict[str, Any],
    move: dict[str, Any],
    cards: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """A shot given without --stat: the stat last given for the hooper's shot of that kind,
    else the hooper card's (`hoopers card`); a defender without --defense: the card's
    defence. A defender whose card does not guard the shooter's position is refused. The
    free throws of a 3PS or a lay-up (and the owed ones) take the shooter's 2PS so too."""
    from companion.games.hoopers.card_fill import (
        with_card_defence,
        with_free_throw_stat,
        with_perry_card,
    )
    from companion.games.hoopers.rules.known import known_stats

    memo: dict[str, dict[tuple[str, str, str], int]] = {}

    def known_stat(team: str, hooper: str, stat: str) -> int | None:
        """The match's last typed number, else the card's."""
        if "match" not in memo:  # read once, and only when a number is missing
            typed = {_unkey(k): v for k, v in kept.get("stats", {}).items()}
            memo["match"] = {**known_stats(match), **typed}
        value = memo["match"].get((team, hooper, stat))
        return (
            value if value is not None else ((cards or {}).get(card_name(hooper)) or {}).get(stat)
        )

    move = with_free_throw_stat(state, move, known_stat)
    move = with_perry_card(state, move, cards or {}, known_stat)
    data = move.get("data", {})
    spec = data.get("spec")
    if move.get("type") != "shot" or not isinstance(spec, dict):
        return move
    move = with_card_defence(state, move, cards or {})
    data, spec = move["data"], move["data"]["spec"]
    if spec.get("stat") is not None or data.get("stat") is not None:  # a page's: top level
        return move
    from companion.games.hoopers.rules.cards import MissingCard

    side = state.team(data["team"])
    name = side.hooper(data["hooper"]).name
    known = known_stat(side.name, name, spec["kind"])
    if known is None:
        raise MissingCard(
            f"no {spec['kind'].upper()} given yet for {name} ({side.name}) in this match "
            "nor on the hooper cards",
            card_name(name),
            spec["kind"],
            "--stat",
        )
    return {**move, "data": {**data, "spec": {**spec, "stat": known}}}


def _key(*parts: str) -> str:
    return "|".join(parts)


def _unkey(key: str) -> tuple[str, str, str]:
    team, hooper, stat = key.split("|")
    return team, hooper, stat


def _feed_series(table: HoopersTable, ended: Ended) -> Ended:
    """A Series game's match goes to its series as soon as it is ended or abandoned.

    The match is ended whatever happens here; a series that cannot take it in
    now does at its next command, which then says why.
    """
    from companion.engine.errors import CompanionError
    from companion.games.hoopers.series_table import SeriesTable

    with suppress(CompanionError):
        SeriesTable(table.store).match_ended(ended.id)
    return ended


def _next(state: MatchState) -> str:
    if state.draft is not None and state.draft.step is not None:
        from companion.games.hoopers.rules.draft import KINDS

        step, verb = state.draft.step, "discard" if state.draft.step.kind == "discard" else "pick"
        number = f"pick {len(state.draft.picks) + 1} of {len(state.draft.steps)}"
        return (
            f"{step.team} chooses {KINDS[step.kind]} ({number}): "
            f"'companion hoopers match {verb} {step.team} CARD'"
        )
    if state.over:
        return "the match is over: record it with 'companion hoopers match end'"
    if state.owed:
        owed = state.owed
        return (
            f"{owed['hooper']} ({owed['team']}) shoots {owed['count']} free throw(s) "
            f"('companion hoopers match free-throw {owed['team']} --stat 2PS')"
        )
    from companion.games.hoopers.rules.vacancy import vacancies

    for vacancy in vacancies(state):
        return (
            f"{vacancy.team} sends a benchwarmer in for {vacancy.hooper} ({vacancy.why}) "
            f"on {vacancy.token}: '{vacancy.command()}'"
        )
    period = (
        f"overtime {state.period - state.variant.periods}"
        if state.in_overtime
        else (f"period {state.period}")
    )
    return f"{state.attacking} attacks ({period}, turn {state.turn})"


TABLES = {GAME: HoopersTable}
