"""`companion otdraft play`: the draft asked turn by turn, then the teams scored.

`start(store)` asks for the players, who starts and where the cards come from, and
starts the draft through the table. `play(store)` walks the live draft: what to ask
next is read from the table's state — the secret cards (the companion's deck: keep one
of the two dealt), each turn's pick from the Draftline, the leftover abilities at a
round's end, the next round, and at the end the scoring with each team's best
Protect/Silence choice. Every move is recorded through `DraftTable`, exactly as
`companion otdraft game …` records it.

Secrets stay secret: before a secret card is chosen the screen is cleared and the
player whose turn it is named in large type; with the companion's deck, the two dealt
cards show only once that player says the screen is theirs, and the screen is cleared
again after the answer.

With the companion's deck the choices are the Draftline's cards; when it only records the
table's cards, any free card of the catalogue may be named (unique prefixes). Undo
(Ctrl-Z, `<`) takes back the last recorded move (never the deal).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.engine.errors import BadInput, CompanionError
from companion.games.otdraft.rules.draft import DECK_SIZE, DraftState
from companion.games.otdraft.table import DraftTable
from companion.ui.console import plain
from companion.ui.guided import prompts
from companion.ui.guided.secret import clear_screen, hand_over, only_you
from companion.ui.guided.steps import attempt

if TYPE_CHECKING:
    from companion.engine.moves import Legal

GAME = "otdraft"
STOP = "stop"
NONE = "none"
LATER = "later"
REVEAL = "reveal"
COMPANION, TABLE = "companion", "table"
IMPORTED, FILE, NAMES = "imported", "file", "names"
TOTALS, DESCRIBE = "type each team's total", "describe the unknown cards"


# --- starting ----------------------------------------------------------------------


def start(store: Any, seed: int | None = None) -> bool:
    """Ask for the players, the first player and the cards, then start a draft.

    True once the draft is live; False when the table backed out (undo) or the rules
    refused (the reason is said).
    """
    from companion.ui.guided.steps import form, people, players_seen

    table = DraftTable(store)
    done = form(
        [
            ("players", lambda f: people(store, prompts.ask(
                "Players, clockwise (2 to 5, comma separated)?", ",".join(f.earlier("players", [])),
                _players, choices="A,B,C", complete=players_seen(store), several=True))),
            ("first", lambda f: prompts.choose("Who starts?", f["players"], f["players"][0])),
            ("catalogue", lambda f: _which_catalogue(table, len(f["players"]))),
            ("deck", lambda f: _who_deals(f["catalogue"], len(f["players"]))),
        ]
    )  # fmt: skip
    if done is None:  # undo at the first question: back out
        return False
    players, first, catalogue, deck = (done[k] for k in ("players", "first", "catalogue", "deck"))
    try:
        started = table.start(
            players, first=first, catalogue=catalogue, deck=deck, seed=seed, by_name=not catalogue
        )
    except CompanionError as err:
        prompts.say(f"error: {prompts.reason(err)}", markup=False)
        return False
    from companion.games.otdraft.render import render_started

    render_started(prompts.console(), started, board=False)  # the play that follows draws it
    return True


def _players(text: str) -> list[str]:
    from companion.engine.decks import parse_players
    from companion.games.otdraft.rules.draft import MAX_PLAYERS, MIN_PLAYERS

    if not text:
        raise BadInput("name 2 to 5 players, comma separated, clockwise")
    return parse_players(text, low=MIN_PLAYERS, high=MAX_PLAYERS)


def _which_catalogue(table: DraftTable, players: int) -> Any:
    """The cards' catalogue for this draft, or None to record free card names.

    A catalogue with fewer cards than the teams end with (8 a player) is never offered for
    the draft: the draft would run out of cards (the shipped 8-card example, in round 1 with
    five players); its cards still score the teams at the end."""
    from companion.games.otdraft.rules.draft import cards_needed
    from companion.games.otdraft.table import example_catalogue, read_catalogue_file

    needed = cards_needed(players)
    imported = table.catalogue()
    if imported is not None and len(imported) >= needed:
        prompts.say(f"  card catalogue: {imported.source} ({len(imported)} cards)", markup=False)
        return imported
    if imported is not None:
        said = (
            f"  The card catalogue ({imported.source}) holds {len(imported)} cards of the "
            f"{DECK_SIZE} in the box: too few to draft from ({needed} end on {players} teams). "
        )
    else:
        said = (
            f"  No card catalogue is imported (the shipped example holds "
            f"{len(example_catalogue())} cards of the {DECK_SIZE} in the box, those of the "
            "rulebook's Scoring Example: too few to draft from). "
        )
    prompts.say(
        said + "The companion records the table's cards by name and, at the end, asks each "
        "team's scorepad total or the points of the cards it does not know (remembered for "
        "next time); or use a catalogue file of the deck for this draft.",
        markup=False,
    )
    where = prompts.choose("Which cards?", [NAMES, FILE], NAMES)
    if where == NAMES:
        return None

    def parse(text: str) -> Any:
        if not text:
            _no_file()
        catalogue = read_catalogue_file(Path(text).expanduser())
        if len(catalogue) < needed:
            raise BadInput(
                f"{text} holds {len(catalogue)} cards: a {players}-player draft needs at "
                f"least {needed} (describe the whole box)"
            )
        return catalogue

    return prompts.ask("Catalogue file (FILE.toml, docs/otdraft-cards.md)?", "", parse)


def _no_file() -> Any:
    raise BadInput("the path of a catalogue file is needed")


def _who_deals(catalogue: Any, players: int) -> bool | None:
    """With a catalogue: does the companion run the deck? None without one."""
    if catalogue is None:
        return None
    # (a catalogue too small to deal from is too small to draft from: never offered)
    default = COMPANION if len(catalogue) >= DECK_SIZE else TABLE
    return prompts.choose("Who holds the deck?", [COMPANION, TABLE], default) == COMPANION


# --- playing -----------------------------------------------------------------------


def play(store: Any, seed: int | None = None) -> None:
    """Walk the live draft until the table stops or it is scored.

    `seed` is accepted for a uniform signature; the draws use the match's own seed.
    """
    Flow(store).run()


class Flow:
    def __init__(self, store: Any) -> None:
        self.table = DraftTable(store)
        self.stopped = False
        self.passed: set[tuple[int, str]] = set()  # (round, player) declined a leftover
        self.later: set[str] = set()  # record mode: secret card entered later

    # --- the match ----------------------------------------------------------

    def record(self, kind: str, **data: Any) -> dict[str, Any]:
        """Record one move through the table (validated on the freshest state)."""
        with prompts.no_interrupt():
            return self.table.move(kind, **data).event

    def check(self, kind: str, **data: Any) -> dict[str, Any]:
        """The event the move would store, without storing it (raises to refuse)."""
        return self.table.check(kind, **data)

    def undo(self) -> None:
        with prompts.no_interrupt():
            undone = self.table.undo()
        self.passed.clear()
        prompts.say(f"  undone: {describe(undone.removed)}", markup=False)

    # --- the loop -------------------------------------------------------------

    def run(self) -> None:
        from companion.games.otdraft.render import render_status

        render_status(prompts.console(), self.table.status())
        prompts.say(f"[dim]{prompts.HINT}[/dim]")
        while not self.stopped:
            state = self.table.fold(self.table.current())
            attempt(lambda: self.step(state), self.undo)  # noqa: B023 - called at once

    def step(self, state: DraftState) -> None:
        if state.phase == "secrets":
            self.deal_secret(state)
        elif not state.deck and self.secret_missing(state, skip_later=True):
            self.record_secret(state, self.secret_missing(state, skip_later=True)[0])
        elif state.phase == "draft":
            self.pick(state)
        elif state.phase == "leftovers" and self.may_take(state):
            self.leftover(state, self.may_take(state)[0])
        elif not state.is_draft_over:
            self.next_round(state)
        elif self.secret_missing(state):
            self.record_secret(state, self.secret_missing(state)[0], final=True)
        else:
            self.end()

    def secret_missing(self, state: DraftState, skip_later: bool = False) -> list[str]:
        skipped = self.later if skip_later else set()
        return [p for p in state.players if p not in state.secrets and p not in skipped]

    def may_take(self, state: DraftState) -> list[str]:
        """The players the query offers a leftover card (and who have not declined)."""
        legal = self.table.legal()
        return [
            p
            for p in state.players
            if any(m.kind == "leftover" and m.who == p for m in legal.moves)
            and (state.round, p) not in self.passed
        ]

    # --- the steps --------------------------------------------------------------

    def deal_secret(self, state: DraftState) -> None:
        player = next(p for p in state.players if p not in state.secrets)
        hand_over(player)
        only_you(player)
        options = self.asked_cards(self.table.legal(player), "secret")
        card = prompts.name(f"{player} keeps which secret card?", options, options[0], what="card")
        self.record("secret", player=player, card=card)
        clear_screen()
        prompts.say(f"  {player} keeps a secret card (the other is discarded)", markup=False)

    def record_secret(self, state: DraftState, player: str, final: bool = False) -> None:
        def parse(text: str) -> str | None:
            if not final and text.casefold() == LATER:
                return None
            return self.check("secret", player=player, card=text)["data"]["card"]

        hand_over(player)
        card = prompts.ask(
            f"{player}'s secret card?",
            "" if final else LATER,
            parse,
            choices="a card name" + ("" if final else ", or later"),
            complete=[*free_cards(state), *([] if final else [LATER])],
        )
        clear_screen()
        if card is None:
            self.later.add(player)
            prompts.say(f"  {player}'s secret card: later", markup=False)
            return
        self.record("secret", player=player, card=card)
        prompts.say(f"  {player}'s secret card is recorded", markup=False)

    def pick(self, state: DraftState) -> None:
        player = state.current
        assert player is not None
        legal = self.table.legal(player)
        extra = [REVEAL] if any(m.kind == "reveal" for m in legal.moves) else []
        question = (
            f"Round {state.round}, turn {state.picks + 1} of {len(state.players)}: {player} drafts?"
        )
        answer = self.card(state, question, [*extra, STOP], legal, "pick", player)
        if answer == STOP:
            self.stopped = True
            return
        if answer == REVEAL:
            if not prompts.yes_no(f"{player} reveals the secret card to the table: sure?"):
                return
            event = self.record("reveal", player=player)
        else:
            event = self.record("pick", player=player, card=answer)
        prompts.say(f"  {describe(event)}", markup=False)

    def card(
        self, state: DraftState, question: str, words: list[str], legal: Legal, kind: str,
        player: str,
    ) -> str:  # fmt: skip
        """The card of `player`'s `kind` move (or one of `words`): with the companion's deck
        one the legal-moves query offers, else any card the table names. A card that is not
        legal is refused with the rule's words, as the CLI refuses it."""
        offered = self.moved_cards(legal, kind) if state.deck else []

        def parse(text: str) -> str:
            if text.casefold() in words:
                return text.casefold()
            if not text:
                raise BadInput("a card name (unique prefix)")
            if state.deck:
                chosen = [c for c in offered if c.casefold().startswith(text.casefold())]
                exact = [c for c in chosen if c.casefold() == text.casefold()]
                if len(exact or chosen) == 1:
                    return (exact or chosen)[0]
            return self.refused(legal, kind, player, text)

        options = [*offered, *words]
        listed = " / ".join(options) if offered and len(options) <= prompts.LISTED_NAMES else ""
        return prompts.ask(
            question,
            offered[0] if offered else "",
            parse,
            choices=listed or "a card name, or " + " / ".join(words),
            complete=[*(offered or free_cards(state)), *words],
        )

    def refused(self, legal: Legal, kind: str, player: str, typed: str) -> str:
        """The card `typed` names when the rules take `player`'s `kind` of it; else the
        rule's words, as the query and the CLI give them (the move tried as recorded)."""
        return self.check(kind, player=player, card=typed)["data"]["card"]

    @staticmethod
    def moved_cards(legal: Legal, kind: str) -> list[str]:
        """The cards of the `kind` moves the query offers (each Draftline card a move)."""
        return [str(m.what["card"]) for m in legal.moves if m.kind == kind and "card" in m.what]

    @staticmethod
    def asked_cards(legal: Legal, kind: str) -> list[str]:
        """The cards the query's `kind` move asks for (the secret cards dealt)."""
        move = next(m for m in legal.moves if m.kind == kind)
        return [c for a in move.asks if a.name == "card" for c in a.choices]

    def leftover(self, state: DraftState, player: str) -> None:
        prompts.say(
            f"[bold]Round {state.round} is over[/bold]: {plain(player)}'s leftover ability "
            "may take "
            "a card"
        )
        answer = self.card(
            state,
            f"{player} takes a leftover card?",
            [NONE],
            self.table.legal(player),
            "leftover",
            player,
        )
        if answer == NONE:
            self.passed.add((state.round, player))
            return
        event = self.record("leftover", player=player, card=answer)
        prompts.say(f"  {describe(event)}", markup=False)

    def next_round(self, state: DraftState) -> None:
        laid = " (the Draftline is discarded, five new cards laid)" if state.deck else ""
        # Before the discard a secret card may still be revealed for its leftover ability;
        # every unrevealed secret is offered, so the list does not tell whose has it.
        reveals = {
            f"{m.who} reveals": str(m.who)
            for m in self.table.legal().moves
            if state.phase == "leftovers" and m.kind == "reveal"
        }
        answer = prompts.choose(
            f"Round {state.round} is over: start round {state.round + 1}{laid}?",
            ["next", *reveals, STOP],
            "next",
            guarded={r: f"{r} the secret card to the table: sure?" for r in reveals},
        )
        if answer == STOP:
            self.stopped = True
            return
        if answer in reveals:
            prompts.say(
                f"  {describe(self.record('reveal', player=reveals[answer]))}", markup=False
            )
            return
        event = self.record("turn")
        prompts.say(f"  {describe(event)}", markup=False)

    def end(self) -> None:
        from companion.games.otdraft.render import render_end

        prompts.say("[bold]All seven rounds are played.[/bold]")
        if prompts.choose("Score the teams and finish?", ["end", STOP], "end") == STOP:
            self.stopped = True
            return
        totals = settle_unscored(self.table)
        with prompts.no_interrupt():
            ended = self.table.end(totals)
        render_end(prompts.console(), ended)
        self.stopped = True


# --- the end, when no catalogue describes every card ---------------------------------


def settle_unscored(table: DraftTable, undo: bool = True) -> dict[str, int] | None:
    """Before `end`: when no catalogue describes every card, the table either types each
    team's scorepad total (returned, for `end`) or describes each unknown card once
    (remembered with the table's cards; None, and `end` scores them). `undo=False` where
    no move is to take back (`otdraft game end` asks it too)."""
    missing = table.unscored()
    if not missing:
        return None
    count = f"{len(missing)} card{'s' if len(missing) != 1 else ''}"
    prompts.say(
        f"  No card catalogue describes {count} of these teams: {', '.join(missing)}.",
        markup=False,
    )
    how = prompts.choose("How are the teams scored?", [TOTALS, DESCRIBE], TOTALS, undo=undo)
    if how == TOTALS:
        return ask_totals(table.fold(table.current()).players, undo)
    describe_unknown(table, missing, undo)
    return None


def ask_totals(players: tuple[str, ...], undo: bool = True) -> dict[str, int]:
    """Each team's total, read from the table's scorepad."""
    from companion.games.otdraft.rules.results import check_total

    return {
        p: prompts.ask(
            f"{p}'s total on the scorepad?", "", lambda t, p=p: check_total(p, t), undo=undo
        )
        for p in players
    }


def describe_unknown(table: DraftTable, missing: list[str], undo: bool = True) -> None:
    """Each unknown card once: category, starting points, traits and (optionally) rules in
    the card language; all are remembered together once the last is described."""
    from companion.games.otdraft.rules.cards import CATEGORIES
    from companion.games.otdraft.rules.catalogue import described_card

    described: list[dict[str, Any]] = []
    prompts.say(
        "  Describe each card once, as printed; the companion remembers it. Rules are "
        'optional, in the card language (docs/otdraft-cards.md), e.g. { each = "category:'
        'Leader", points = 4 }, { destroy = ["David"] }.',
        markup=False,
    )
    for name in missing:
        category = prompts.choose(f"{name}: category?", list(CATEGORIES), undo=undo)
        points = prompts.ask(
            f"{name}: starting points?",
            "",
            lambda t, n=name, c=category: described_card(n, c, t)["points"],
            undo=undo,
        )
        traits = prompts.ask(
            f"{name}: traits (Animal, Food, Man, Woman; Enter for none)?",
            "",
            lambda t, n=name, c=category: ",".join(described_card(n, c, 0, t)["traits"]),
            undo=undo,
        )

        def rules(text: str, n: str = name, c: str = category, pts: int = points,
                  tr: str = traits) -> dict[str, Any]:  # fmt: skip
            raw = described_card(n, c, pts, tr, text)
            table.check_cards([*described, raw], pending=missing)
            return raw

        described.append(prompts.ask(f"{name}: rules (Enter for none)?", "", rules, undo=undo))
    with prompts.no_interrupt():
        table.describe_cards(described)
    prompts.say(f"  {len(described)} card(s) remembered with the table's cards", markup=False)


def free_cards(state: DraftState) -> list[str]:
    """The catalogue's cards nobody holds (none without a catalogue), for completion."""
    if state.catalogue is None:
        return []
    return [c for c in state.catalogue.names if state.owner(c) is None]


def describe(event: dict[str, Any]) -> str:
    data = event.get("data", {})
    kind = event["type"]
    if kind == "pick":
        text = f"{data['player']} drafts {data['card']}"
    elif kind == "leftover":
        text = f"{data['player']} takes the leftover {data['card']}"
    elif kind == "secret":
        text = f"{data['player']}'s secret card"
    elif kind == "reveal":
        text = f"{data['player']} reveals {data['card']}"
    elif kind == "turn":
        text = f"round {data['round']} begins"
    else:
        text = kind
    laid = [c for op, cards in data.get("ops", []) if op == "draw" for c in cards]
    return text + (f"; laid {', '.join(laid)}" if laid else "")
