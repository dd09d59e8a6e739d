"""`companion allstar play`: the tracked season asked round by round, then the Play-Offs.

`start` asks for the managers (and, for two, the mode) and starts a season through
`AllStarTable`; `play` continues the live one. What to ask next is read from the live
season: place the round's arenas, enter each manager's team per Bus, resolve the round;
in the Play-Offs, every remaining team, a shootout when the lowest Power is tied, the
substitutions; at the end, finish the game. Every answer is checked by the rules before it
is recorded, and each step is recorded through the table, in one locked transaction,
exactly as `companion allstar season …` records it.

Undo (Ctrl-Z, `<`): inside a step with several answers (the arenas, the Play-Off teams, a
shootout) it goes back one question; at a step's first question it takes back the match's
last recorded event (never the setup), like `companion allstar season undo`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from companion.engine.errors import BadInput, CompanionError, NothingToUndo
from companion.engine.events import event
from companion.games.allstar.rules.season import Season
from companion.games.allstar.table import AllStarTable
from companion.tables.base import Recorded

if TYPE_CHECKING:
    from companion.engine.moves import Legal
from companion.ui.console import plain
from companion.ui.guided import prompts
from companion.ui.guided.prompts import Undo
from companion.ui.guided.secret import clear_screen, hand_over, only_you
from companion.ui.guided.steps import attempt

CARD_GAPS = ", "  # cards are typed separated by spaces or commas


def start(store: Any, seed: int | None = None) -> bool:
    """Ask for the managers (and a two-manager mode), then start a season.

    True once the season is live; False when the table backed out (undo) or the rules
    refused (the reason is said).
    """
    from companion.engine.decks import parse_players
    from companion.games.allstar.render import render_started
    from companion.games.allstar.rules.modes import MODE_NAMES, draft_for
    from companion.ui.guided.steps import SKIP, form, people, players_seen

    table = AllStarTable(store)

    def managers(f: Any) -> list[str]:
        return people(
            store,
            prompts.ask(
                "Managers, in seating order (clockwise)?",
                ",".join(f.earlier("names", [])),
                lambda text: parse_players(text, low=2, high=6),
                choices="2 to 6 names, comma separated",
                complete=players_seen(store),
                several=True,
            ),
        )

    def which_mode(f: Any) -> Any:
        if len(f["names"]) != 2:
            return SKIP
        return prompts.choose("Two managers: which mode?", list(MODE_NAMES), MODE_NAMES[0])

    def draw_pile(f: Any) -> Any:
        count = draft_for(len(f["names"]), f.get("mode")).species_count(len(f["names"]))
        table.name_species(count, len(f["names"]), ask_species)  # before they can be chosen
        return prompts.ask(
            f"The {count} Species of the draw pile?",
            "draw",
            lambda text: parse_species(text, count, table.config()),
            choices="names by prefix, comma separated, or draw (at random)",
            complete=[*table.config().species, "draw"],
            several=True,
        )

    def holds(f: Any) -> Any:
        return prompts.yes_no(
            "Does the companion hold the decks (it shuffles, deals and keeps each Bench)?",
            False,
        )

    steps = [("names", managers), ("mode", which_mode), ("species", draw_pile)]
    done = form([*steps, ("deck", holds)])
    if done is None:  # undo at the first question: back out
        return False
    names, mode, species = done["names"], done.get("mode"), done["species"]
    deck = bool(done.get("deck", False))
    try:
        started = table.start(names, mode, seed, species, ask_species, deck=deck)
    except CompanionError as err:
        prompts.say(f"error: {prompts.reason(err)}", markup=False)
        return False
    render_started(prompts.console(), started)
    return True


def ask_species(count: int, named: Any) -> list[str]:
    """The Species this table has not named yet (a setup needs them): asked once, kept."""
    from companion.games.allstar.rules.facts import parse_species_names

    prompts.say(
        f"  This table names {len(named)} Species ({', '.join(named)}); the setup needs "
        f"{count} more. Their names are remembered.",
        markup=False,
    )
    return prompts.ask(
        f"The other {count} Species in your box?",
        "",
        lambda text: parse_species_names(text, count, named),
        choices="names, comma separated",
        undo=False,
    )


def ask_order(key: str, default: Any) -> list[str]:
    """An order the result relies on that the table has not confirmed: asked once, kept."""
    from companion.games.allstar.rules.facts import parse_order

    shown = ",".join(map(str, default))

    prompts.say(
        f"  This result depends on the {key} order on your Tie-Breaker card, not confirmed "
        "yet: it is remembered.",
        markup=False,
    )
    return prompts.ask(
        f"The {key}, weakest first?",
        shown,
        lambda text: parse_order(key, text, default),
        choices="comma separated",
        undo=False,
    )


def parse_species(text: str, count: int, config: Any) -> list[str] | None:
    """The table's Species for the draw pile, checked; None (draw them) for `draw`."""
    from companion.games.allstar.rules.setup import chosen_species

    if text.casefold() in ("draw", "d"):
        return None
    return list(chosen_species([text], config, count))


def play(store: Any, seed: int | None = None) -> None:
    """Walk the live All-Star Draft game until the table stops or it is finished.

    `seed` is accepted for a uniform signature; All-Star's tracked game draws nothing.
    """
    Flow(store).run()


def collect(count: int, ask_one: Callable[[int, list[Any]], Any]) -> list[Any]:
    """`count` answers; undo goes back one answer (at the first, it leaves the step)."""
    answers: list[Any] = []
    while len(answers) < count:
        try:
            answers.append(ask_one(len(answers), answers))
        except Undo:
            if not answers:
                raise
            answers.pop()
            prompts.say("  back one question")
    return answers


class Flow:
    def __init__(self, store: Any) -> None:
        self.table = AllStarTable(store)
        self.config = self.table.config()
        self.stopped = False
        self.steps: list[list[dict[str, Any]]] = []  # the events of each step recorded here

    # --- the match ----------------------------------------------------------

    def record(self, move: Callable[[], Recorded[Season]]) -> Recorded[Season]:
        """Record through the table (one locked transaction); Ctrl-C waits for it."""
        with prompts.no_interrupt():
            recorded = move()
        self.steps.append(recorded.events)
        return recorded

    def undo(self) -> None:
        """Take back the last step recorded here (all its events), else the last event."""
        expected = self.steps[-1] if self.steps else None
        try:
            with prompts.no_interrupt():
                undone = self.table.undo(expected)
        except NothingToUndo as err:
            if expected is None:
                prompts.say("  nothing to undo since the setup")
                return
            raise err
        if self.steps:
            self.steps.pop()
        prompts.say("  undone: " + "; ".join(describe(e) for e in undone.events), markup=False)

    # --- the loop -------------------------------------------------------------

    def run(self) -> None:
        from companion.games.allstar.render import render_status

        render_status(prompts.console(), self.table.status())
        prompts.say(f"[dim]{prompts.HINT}[/dim]")
        while not self.stopped:
            season = self.table.status().state
            attempt(lambda: self.step(season), self.undo)  # noqa: B023 - called at once

    def step(self, season: Season) -> None:
        if season.phase == "arenas":
            self.arenas(season)
        elif season.phase == "draft":
            self.pick(season)
        elif season.phase == "teams":
            missing = self.missing(season)
            if season.carries and season.round > 1:
                if missing:
                    self.manager_teams(season, missing[0][0])
                else:
                    self.resolve(season)
            elif missing:
                self.team(season, *missing[0])
            else:
                self.resolve(season)
        elif season.phase == "playoffs":
            assert season.playoffs is not None
            stage = season.playoffs.stage
            if stage == "team":
                self.playoff_round(season)
            elif stage == "shootout":
                self.shootout(season)
            else:
                self.swap(season)
        else:
            self.end()

    @staticmethod
    def missing(season: Season) -> list[tuple[str, int]]:
        """(manager, Bus) of each team still to come (rounds 2-3 kept in play: the new team)."""
        if season.carries:
            return [(m, 1) for m in season.managers if season.in_play[m].new is None]
        teams = season.teams.get(season.round, {})
        return [
            (m, b)
            for m in season.managers
            for b in range(1, season.round + 1)
            if b not in teams.get(m, {})
        ]

    def card_names(self, season: Season) -> list[str]:
        """SPECIES-NUMBER for the Species in play, offered as a card is typed."""
        species = season.species or self.config.species
        return [f"{s.casefold()}-{n}" for s in species for n in self.config.numbers]

    def team_cards(self, season: Season, manager: str) -> list[str]:
        """The cards offered as `manager`'s new team is typed: those of the teams the
        legal-moves query offers them (their Bench, with the companion's deck) first."""
        moves = self.table.legal(manager).moves
        offered = [c.casefold() for m in moves if m.kind == "team" for c in m.what["cards"]]
        return list(dict.fromkeys([*offered, *self.card_names(season)]))

    # --- the regular season -----------------------------------------------------

    def pick(self, season: Season) -> None:
        """The companion's deck: the next manager picks (or, Heritage and Duel, discards).

        The cards offered are those the legal-moves query offers the manager; a card typed
        is refused with the query's reason (or, a card it does not list, the rule's as
        `season pick` and `season discard` give it).
        """
        from companion.games.allstar.render import render_pick
        from companion.games.allstar.rules.cards import parse_card

        drafting = season.drafting
        assert drafting is not None
        manager = drafting.waiting_for()[0]
        kind = "discard" if drafting.drafting_over else "pick"
        # A hand is the manager's alone (Open Market's three cards are the table's): the
        # screen passes to them, and their cards are wiped before it passes on.
        secret = drafting.mode != "open-market"
        if secret:
            hand_over(manager, "Your hand")
            only_you(manager)
        answer = self.table.legal(manager)
        hand = [str(m.what["card"]) for m in answer.moves if m.kind == kind]

        def card_of(kind: str, **extra: Any) -> Callable[[str], Any]:
            def parse(text: str) -> Any:
                card = parse_card(text, self.config)
                self.query_card(answer, kind, manager, card)
                self.table.check(event(kind, manager=manager, card=str(card), **extra))
                return card

            return parse

        if kind == "discard":  # Heritage and Duel: one of the seven back in the box
            prompts.say(f"  {manager}'s cards of this round: {' '.join(hand)}", markup=False)
            card = prompts.ask(
                f"{manager} discards which one of the seven?",
                "",
                card_of("discard"),
                choices="a card drafted this round",
                complete=[c.casefold() for c in hand],
            )
            recorded = self.record(lambda: self.table.discard(manager, str(card)))
            clear_screen()
            render_pick(prompts.console(), recorded.outcome, recorded.status, hidden=True)
            return
        where = "the market" if drafting.mode == "open-market" else f"{manager}'s hand"
        prompts.say(f"  {where}: {' '.join(hand)}", markup=False)
        duel = drafting.mode == "duel" and len(hand) >= 3
        card = prompts.ask(
            f"{manager}'s pick onto the Bench?",
            "",
            self.duel_pick(answer, manager) if duel else card_of("pick"),
            choices="a card shown, with its Symbol (e.g. duc-4-puck)",
            complete=[h.casefold() for h in hand],
        )
        keep = give = None
        if duel:  # "choose 2 from their hand, place one ... on their Bench and the other ..."
            keep = prompts.ask(
                f"{manager}'s second card, onto their own Bench?",
                "",
                lambda text: parse_card(text, self.config),
                complete=[h.casefold() for h in hand],
            )
            give = prompts.ask(
                f"{manager}'s card for the opponent's Bench?",
                "",
                lambda text: self._duel_check(manager, card, keep, parse_card(text, self.config)),
                complete=[h.casefold() for h in hand],
            )
        recorded = self.record(
            lambda: self.table.pick(
                manager, str(card), None if keep is None else str(keep),
                None if give is None else str(give),
            )
        )  # fmt: skip
        if secret:
            clear_screen()
        render_pick(prompts.console(), recorded.outcome, recorded.status, hidden=secret)

    def duel_pick(self, answer: Legal, manager: str) -> Callable[[str], Any]:
        """Duel's first card, checked against the query (the two more come next)."""
        from companion.games.allstar.rules.cards import parse_card

        def parse(text: str) -> Any:
            card = parse_card(text, self.config)
            self.query_card(answer, "pick", manager, card)
            return card

        return parse

    @staticmethod
    def query_card(answer: Legal, kind: str, manager: str, card: Any) -> None:
        """Refuse `card` for `manager`'s `kind` unless the query offers it (by Species and
        Number: a Symbol typed is the rule's to check), with the query's reason."""
        from companion.games.allstar.rules.cards import card_from_text

        def same(move: Any) -> bool:
            named = move.what.get("card")
            return move.kind == kind and card_from_text(named).identity == card.identity

        if any(same(m) for m in answer.moves):
            return
        why = next((r.why for r in answer.not_legal if same(r.move)), None)
        if why is not None:
            raise BadInput(why)

    def _duel_check(self, manager: str, card: Any, keep: Any, give: Any) -> Any:
        self.table.check(
            event("pick", manager=manager, card=str(card), keep=str(keep), give=str(give))
        )
        return give

    def arenas(self, season: Season) -> None:
        from companion.games.allstar.render import render_arenas

        known = self.table.catalogue()
        played = {a.name.casefold() for row in season.arenas.values() for a in row}
        prompts.say(
            f"[bold]Round {season.round}[/bold]: place {season.round} arena(s), Bus 1 at the top"
        )

        def ask_one(index: int, chosen: list[Any]) -> Any:
            taken = played | {a.name.casefold() for a in chosen}
            unused = [
                doc["name"]
                for doc in known.values()
                if doc["name"].casefold() not in taken
                and not (season.n == 2 and "no-two-managers" in doc.get("rules", ()))
            ]
            while True:
                # Checked as it is answered: a refused arena keeps the Buses already named.
                name = prompts.ask(
                    f"Bus {index + 1} arena?",
                    unused[0] if unused else "",
                    lambda text: self.arena_name(  # noqa: B023 - called at once
                        text, known, season, chosen
                    ),
                    choices=" / ".join(unused[:6]),
                    complete=unused,
                )
                try:
                    return self.arena(name, known, season.n, chosen)
                except Undo:  # back to this arena's name
                    continue

        chosen = collect(season.round, ask_one)
        # New arenas and extended rows join the catalogue.
        new = [a for a in chosen if list(a.points) != known.get(a.name, {}).get("points")]
        recorded = self.record(lambda: self.table.arenas_chosen(chosen, new))
        render_arenas(prompts.console(), chosen)
        if recorded.status.state.first_chooser():
            from companion.games.allstar.render import chooser_line

            prompts.say(f"  {chooser_line(recorded.status.state)}", markup=False)

    @staticmethod
    def arena_name(
        text: str,
        known: dict[str, Any],
        season: Season | None = None,
        chosen: list[Any] | None = None,
    ) -> str:
        """The arena `text` names (a catalogue arena by prefix, else a new one), refused as
        placing all the round's arenas would refuse it: named twice, played in an earlier
        round, removed in two-manager games."""
        from companion.engine.errors import BadInput
        from companion.games.allstar.rules.arenas import find_arena
        from companion.games.allstar.rules.errors import BadArena

        if not text.strip() or "," in text:
            raise BadInput("an arena name, as printed on the card (no commas)")
        found = find_arena(text, known)
        name = found.name if found is not None else text.strip()
        if season is None:
            return name
        key = name.casefold()
        if any(a.name.casefold() == key for a in chosen or ()):
            raise BadArena(f"arena '{name}' is named twice")
        played = {a.name.casefold(): r for r, row in season.arenas.items() for a in row}
        if key in played:
            raise BadArena(f"arena '{name}' was played in round {played[key]}")
        if found is not None:
            # The rule `season arenas` asks; a row short of places is extended next.
            found.check_removed(season.n)
        return name

    @staticmethod
    def arena(name: str, known: dict[str, Any], managers: int, chosen: list[Any]) -> Any:
        from companion.games.allstar.rules.arenas import Arena, find_arena, parse_points

        found = find_arena(name, known)
        if found is not None and found.short_of(managers):
            return Flow.extend(found, managers)
        if found is not None:
            return found
        # The default: the row entered last (new arenas often share their neighbour's row).
        rows = [list(doc["points"]) for doc in known.values()]
        rows += [list(a.points) for a in chosen if a.name not in known]
        fits = [r for r in rows if len(r) >= managers]
        default = ",".join(map(str, fits[-1])) if fits else ""

        def parse(text: str) -> Any:
            arena = Arena(name, parse_points(text))
            arena.check_row(managers)
            return arena

        prompts.say(f"  {name} is new to this table: its Supporter row is remembered", markup=False)
        return prompts.ask(
            f"Supporters for 1st, 2nd, … place in {name}?", default, parse, choices="e.g. 13,10,7,5"
        )

    @staticmethod
    def extend(found: Any, managers: int) -> Any:
        """A catalogue row entered for fewer managers: its missing places, asked once."""
        from companion.games.allstar.rules.arenas import parse_points
        from companion.games.allstar.table import missing_places

        have = ",".join(map(str, found.points))
        lacks = missing_places(len(found.points), managers)
        prompts.say(
            f"  {found.name} pays {have}, entered for {len(found.points)} managers: "
            f"its {lacks} is remembered",
            markup=False,
        )
        return prompts.ask(
            f"Supporters for the {lacks} in {found.name}?",
            "",
            lambda text: found.extended(parse_points(text), managers),
            choices=f"e.g. 5, or the whole row {have},5",
        )

    def team(self, season: Season, manager: str, bus: int) -> None:
        from companion.games.allstar.rules.cards import parse_team
        from companion.games.allstar.rules.teams import power

        arena = season.arenas[season.round][bus - 1].name

        def parse(text: str) -> Any:
            cards = parse_team(text.split(), self.config)
            # The rules' own checks, on the freshest state, without recording.
            self.table.check(event("team", manager=manager, bus=bus, cards=list(map(str, cards))))
            return cards

        before = season.teams.get(season.round - 1, {}).get(manager, {}).get(bus)
        cards = prompts.ask(
            f"{manager}'s Bus {bus} team ({arena})?",
            " ".join(map(str, before)) if before else "",  # the previous round's team
            parse,
            choices="5 cards, e.g. duc-4-puck",
            complete=self.team_cards(season, manager),
            several=CARD_GAPS,
        )
        self.record(lambda: self.table.team(manager, bus, cards))
        prompts.say(
            f"  Bus {bus}: {' '.join(map(str, cards))} (Power {power(cards)})", markup=False
        )

    def manager_teams(self, season: Season, manager: str) -> None:
        """Rounds 2-3: a swap (or keep) for each team in play, the new team, then the Buses."""
        from companion.games.allstar.render import render_lineup
        from companion.games.allstar.rules.cards import parse_card, parse_team
        from companion.games.allstar.rules.lineup import cards_line
        from companion.games.allstar.rules.teams import power

        mine = season.in_play[manager]
        arenas = season.arenas[season.round]
        unswapped = [i for i in range(mine.new_index) if i not in mine.swaps]
        unplaced = [i for i in range(mine.new_index) if i not in mine.placed.values()]
        plan: list[tuple[str, int]] = [("swap", i) for i in unswapped]
        plan += [("new", 0), ("new bus", 0)] + [("bus", i) for i in unplaced[:-1]]
        prompts.say(
            f"[bold]{plain(manager)}[/bold]: teams in play, then the new team, then the Buses"
        )

        def moves(earlier: list[Any]) -> list[dict[str, Any]]:
            return [a for a in earlier if isinstance(a, dict)]

        def after(earlier: list[Any]) -> Any:
            return self.table.check(*moves(earlier)).state if moves(earlier) else season

        def free(state: Season) -> list[str]:
            taken = state.in_play[manager].placed
            return [str(b) for b in range(1, season.round + 1) if b not in taken]

        def ask_one(index: int, earlier: list[Any]) -> Any:
            kind, team = plan[index]
            state = after(earlier)
            now = state.in_play[manager]
            if kind == "swap":
                cards = now.team(team)

                def parse(text: str) -> Any:
                    if text.casefold() in ("keep", "k"):
                        return None
                    words = text.replace(",", " ").split()
                    if len(words) != 2:
                        raise BadInput("'keep', or the card out and the card in: duc-5 pan-9")
                    out_card, in_card = (parse_card(w, self.config) for w in words)
                    move = event(
                        "card-swap",
                        manager=manager,
                        out=str(out_card),
                        bus=None,
                        **{"in": str(in_card)},
                    )
                    self.table.check(*moves(earlier), move)
                    return move

                return prompts.ask(
                    f"{manager}'s team of round {team + 1} ({cards_line(cards)}, Power "
                    f"{power(cards)}): keep it, or swap a card?",
                    "keep",
                    parse,
                    choices="keep, or OUT IN e.g. duc-5 pan-9",
                )
            if kind == "new":

                def parse_new(text: str) -> Any:
                    cards = parse_team(text.split(), self.config)
                    bus = int(free(state)[0])  # any free Bus: the Bus is asked next
                    trial = event("team", manager=manager, bus=bus, cards=list(map(str, cards)))
                    self.table.check(*moves(earlier), trial)
                    return cards

                return prompts.ask(
                    f"{manager}'s new team?", "", parse_new, choices="5 cards, e.g. duc-4-puck",
                    complete=self.team_cards(season, manager), several=CARD_GAPS,
                )  # fmt: skip
            buses = free(state)
            where = " · ".join(f"Bus {b} {arenas[int(b) - 1].name}" for b in buses)
            if kind == "new bus":
                cards = earlier[-1]
                bus = prompts.choose(f"Which Bus for {manager}'s new team? ({where})", buses)
                move = event("team", manager=manager, bus=int(bus), cards=list(map(str, cards)))
            else:
                cards = now.team(team)
                bus = prompts.choose(
                    f"Which Bus for {manager}'s team of round {team + 1} "
                    f"({cards_line(cards)})? ({where})",
                    buses,
                )
                move = event("bus", manager=manager, bus=int(bus), card=str(cards[0]))
            self.table.check(*moves(earlier), move)
            return move

        answers = collect(len(plan), ask_one)
        recorded = self.record(lambda: self.table.record(*moves(answers)))
        render_lineup(prompts.console(), recorded.status.state, manager)

    def resolve(self, season: Season) -> None:
        from companion.games.allstar.render import render_round

        answer = prompts.choose(
            f"All teams are in: resolve round {season.round}?", ["resolve", "stop"], "resolve"
        )
        if answer == "stop":
            self.stopped = True
            return
        recorded = self.record(lambda: self.table.resolve(ask_order))
        render_round(prompts.console(), recorded.outcome, recorded.status)
        after = recorded.status.state
        nxt = "the Play-Offs" if after.playoffs is not None else f"round {after.round}"
        if prompts.choose(f"Go on to {nxt}?", ["next", "stop"], "next") == "stop":
            self.stopped = True

    # --- the Play-Offs ------------------------------------------------------------

    def playoff_row(self, managers: int) -> list[int]:
        from companion.games.allstar.rules.arenas import parse_points
        from companion.games.allstar.rules.playoffs import check_points_row

        stored = self.table.playoff_points()
        if stored:
            return list(stored)
        return list(
            prompts.ask(
                "The Play-Off Points card: Supporters for 1st, 2nd, … place?",
                "",
                lambda text: check_points_row(parse_points(text, "Play-Off row"), managers),
                choices="e.g. 20,15,13,11 (remembered)",
            )
        )

    def playoff_round(self, season: Season) -> None:
        from companion.games.allstar.render import render_confrontation
        from companion.games.allstar.rules.cards import parse_team

        playoffs = season.playoffs
        assert playoffs is not None
        row = self.playoff_row(len(season.managers))
        prompts.say(
            f"[bold]Play-Off round {playoffs.round + 1}[/bold]: "
            f"{', '.join(playoffs.active)} reveal their teams"
        )
        needed = list(playoffs.teams_needed())
        derived: dict[str, Any] = {}
        for manager in playoffs.active:
            if manager not in needed:
                sub = playoffs.pending[manager]
                outs = {c.identity for c in sub.out}
                derived[manager] = [
                    *(c for c in playoffs.teams[manager] if c.identity not in outs),
                    *sub.into,
                ]
                prompts.say(
                    f"  {manager}'s team follows from the substitution: "
                    f"{' '.join(map(str, derived[manager]))}",
                    markup=False,
                )

        def ask_one(index: int, earlier: list[Any]) -> Any:
            manager = needed[index]
            used = {c.identity: m for m, t in derived.items() for c in t}
            used |= {c.identity: needed[i] for i, t in enumerate(earlier) for c in t}

            def parse(text: str) -> Any:
                cards = parse_team(text.split(), self.config)
                for card in cards:
                    if card.identity in used:
                        raise _taken(card, used[card.identity])
                return cards

            before = playoffs.teams.get(manager)  # the team it revealed last
            return prompts.ask(
                f"{manager}'s Play-Off team?",
                " ".join(map(str, before)) if before else "",
                parse,
                choices="5 cards, e.g. duc-4-puck",
                complete=self.card_names(season),
                several=CARD_GAPS,
            )

        teams = collect(len(needed), ask_one)
        named = dict(zip(needed, teams, strict=True))
        recorded = self.record(lambda: self.table.playoff_round(named, row))
        render_confrontation(prompts.console(), recorded.outcome, recorded.status)

    def shootout(self, season: Season) -> None:
        from companion.games.allstar.render import render_playoff_shootout, render_playoff_state
        from companion.games.allstar.rules.cards import parse_card

        assert season.playoffs is not None
        tied = list(season.playoffs.tied)
        prompts.say(f"[bold]Shootout[/bold]: {plain(' and '.join(tied))} each play one card")

        def ask_one(index: int, earlier: list[Any]) -> Any:
            used = {c.identity: tied[i] for i, c in enumerate(earlier)}

            def parse(text: str) -> Any:
                card = parse_card(text, self.config)
                if card.identity in used:
                    raise _taken(card, used[card.identity])
                return card

            return prompts.ask(
                f"{tied[index]}'s Penalty Shot card?", "", parse, choices="e.g. duc-9-stick",
                complete=self.card_names(season),
            )  # fmt: skip

        cards = collect(len(tied), ask_one)
        shots = dict(zip(tied, cards, strict=True))
        recorded = self.record(lambda: self.table.playoff_shootout(shots, ask_order))
        out = prompts.console()
        render_playoff_shootout(out, recorded.outcome, recorded.status)
        if recorded.status.state.phase != "over":
            render_playoff_state(out, recorded.status)

    def swap(self, season: Season) -> None:

        playoffs = season.playoffs
        assert playoffs is not None
        manager = playoffs.waiting_for[0]
        if season.carries and manager in playoffs.teams:
            self.named_swap(season, manager)
            return
        offered = self.table.legal(manager).moves
        counts = [str(m.what["count"]) for m in offered if m.kind == "swap"]
        count = prompts.choose(
            f"{manager} substitutes how many cards from the Bench "
            f"({playoffs.hand[manager]} in hand)?",
            counts,
            counts[0],
        )
        value = self.record(lambda: self.table.playoff_swap(manager, int(count))).outcome
        prompts.say(
            f"  {manager} swaps {value.count} ({value.bench_left} left on the Bench)", markup=False
        )

    def named_swap(self, season: Season, manager: str) -> None:
        """'d. Changing Team Members': which 2 to 4 cards leave the team, which come in."""
        from companion.games.allstar.data import load
        from companion.games.allstar.rules.cards import parse_cards
        from companion.games.allstar.rules.teams import power

        playoffs = season.playoffs
        assert playoffs is not None
        low, high = load("game")["playoffs"]["swap"]
        team = playoffs.teams[manager]
        most = min(high, playoffs.hand[manager])
        prompts.say(
            f"{manager}'s team: {' '.join(map(str, team))} (Power {power(team)}); "
            f"{playoffs.hand[manager]} cards in hand",
            markup=False,
        )

        def ask_one(index: int, earlier: list[Any]) -> Any:
            if index == 0:

                def parse_out(text: str) -> Any:
                    cards = parse_cards(text.split(), self.config)
                    if not low <= len(cards) <= most:
                        raise BadInput(f"substitute {low} to {most} cards (got {len(cards)})")
                    ids = {c.identity for c in team}
                    stray = [str(c) for c in cards if c.identity not in ids]
                    if stray:
                        raise BadInput(f"{', '.join(stray)}: not in {manager}'s team")
                    return [next(t for t in team if t.identity == c.identity) for c in cards]

                return prompts.ask(
                    f"{manager}: which cards leave the team (back in the box)?",
                    "",
                    parse_out,
                    choices=f"{low} to {most} cards of the team",
                )
            gone = earlier[0]

            def parse_in(text: str) -> Any:
                cards = parse_cards(text.split(), self.config)
                move = event(
                    "swap",
                    manager=manager,
                    out=[str(c) for c in gone],
                    **{"in": [str(c) for c in cards]},
                )
                self.table.check(move)
                return cards

            return prompts.ask(
                f"{manager}: which Bench cards come in for them?",
                "",
                parse_in,
                choices=f"{len(gone)} cards from the hand",
            )

        gone, came = collect(2, ask_one)
        value = self.record(lambda: self.table.playoff_swap(manager, None, gone, came)).outcome
        prompts.say(
            f"  {manager}'s next team: {' '.join(map(str, value.team))} (Power "
            f"{power(value.team)}; {value.bench_left} left in hand)",
            markup=False,
        )

    def end(self) -> None:
        from companion.games.allstar.render import render_end

        prompts.say("[bold]The Play-Offs are over.[/bold]")
        if prompts.choose("Finish the game now?", ["end", "stop"], "end") == "stop":
            self.stopped = True
            return
        with prompts.no_interrupt():
            done = self.table.end()
        render_end(prompts.console(), done)
        self.stopped = True


def _taken(card: Any, manager: str) -> CompanionError:
    from companion.games.allstar.rules.errors import BadTeam

    return BadTeam(f"card {card.species}-{card.number} is already in {manager}'s hand")


def describe(event: dict[str, Any]) -> str:
    data = event.get("data", {})
    kind = event["type"]
    if kind == "team":
        return f"team ({data['manager']} Bus {data['bus']})"
    if kind == "card-swap":
        return f"swap ({data['manager']} {data['out']} → {data['in']})"
    if kind == "bus":
        return f"Bus ({data['manager']} Bus {data['bus']})"
    if kind == "arenas":
        return f"arenas ({', '.join(a['name'] for a in data['arenas'])})"
    if kind == "playoff-round":
        return f"Play-Off round ({', '.join(data['teams'])})"
    if kind == "shootout":
        return f"shootout ({', '.join(data['cards'])})"
    if kind == "swap":
        count = data.get("count", len(data.get("out", ())))
        return f"swap ({data['manager']} {count})"
    return kind
