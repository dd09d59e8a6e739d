"""A solo run of All Stars Playlist asked round by round (the menu's "playlist-solo").

Each round: the laid-out cards, then the playlist the player made (cards in order,
separated by commas; the solo link rule and the laid-out cards are checked when it is
recorded). "If you cannot add more songs to the Playlist, you can count your score": a
playlist that a laid-out card still fits is refused, naming the card, unless the player
counts it anyway. After a won round the next one has one card fewer; a lost round ends
the run, which is filed in history.

With no card list the player lays the cards out from the box and describes each one,
every round (the companion deals only cards it can check).

Undo (Ctrl-Z, `<`) takes back the run's last step (never its first deal). Everything goes
through `companion.games.playlist.table.SoloTable`.
"""

from __future__ import annotations

from typing import Any

from companion.engine.errors import BadInput, CompanionError, NothingToUndo
from companion.games.playlist.guided.game import split_cards
from companion.games.playlist.rules.errors import StillFits
from companion.games.playlist.table import SoloTable
from companion.ui.guided import prompts
from companion.ui.guided.steps import attempt


def start(store: Any, seed: int | None = None) -> bool:
    """Ask who plays and how many cards to lay out, then deal the run's first round."""
    from companion.engine.decks import parse_players
    from companion.games.playlist.rules.solo import READINGS

    table = SoloTable(store)
    goal = table.box.solo_goal()
    from companion.ui.guided.steps import form, people, players_seen

    def readings(f: Any) -> str:
        prompts.say(
            f"  the rulebook says both: at least {goal.points} points (the goal) and more than "
            f"{goal.points} (the round's end)",
            markup=False,
        )
        return prompts.choose(f"A round is won with {goal.points} points?", READINGS, goal.reading)

    done = form(
        [
            ("player", lambda f: people(store, [prompts.ask(
                "Who plays this solo run?", f.earlier("player", "solo"),
                lambda t: parse_players(t, 1, 1)[0], complete=players_seen(store))])[0]),
            ("cards", lambda f: prompts.number(
                "How many cards to lay out?", f.earlier("cards", 20), _count)),
            ("reading", readings),
        ]
    )  # fmt: skip
    if done is None:  # undo at the first question: back out
        return False
    player, cards, reading = done["player"], done["cards"], done["reading"]
    laid = None if table.has_card_list() else ask_laid_out(table, cards)
    try:
        if reading != goal.reading:  # a table setting: the next runs play to it too
            table.box.set_solo_goal(reading=reading)
        started = table.start(cards, player, seed, laid)
    except CompanionError as err:
        prompts.say(f"error: {prompts.reason(err)}", markup=False)
        return False
    from companion.games.playlist.render import render_solo_status

    render_solo_status(prompts.console(), started.status)
    return True


def ask_laid_out(table: SoloTable, count: int) -> list[Any]:
    """With no card list the companion deals nothing it could not check: the player lays
    `count` cards out from the shuffled box and describes each one as printed."""
    prompts.say(
        f"  The catalogue lists no cards, so the companion cannot deal cards it could check. "
        f"Shuffle the box (bonus and negative cards taken out), lay out {count} cards and "
        "describe each: genre/points/icons[/title], e.g. pop/3/love+piano+ballad/Let It Be.",
        markup=False,
    )
    typed: list[str] = []

    def parse(text: str, earlier: tuple[str, ...]) -> str:
        table.box.read([*earlier, text])  # the card's format, and not described twice
        return text

    for place in range(1, count + 1):
        typed.append(
            prompts.ask(
                f"Laid-out card {place} of {count}?",
                "",
                lambda t, earlier=tuple(typed): parse(t, earlier),
                choices="genre/points/icons[/title]",
            )
        )
    table.laid_out(typed, count)  # the whole layout, checked as the run will record it
    return typed


def _count(n: int) -> int:
    if n < 2:
        raise BadInput("a playlist needs at least 2 cards laid out")
    return n


def play(store: Any, seed: int | None = None) -> None:
    """Round after round of the live solo run, until it is filed or the player stops."""
    SoloFlow(store).run()


class SoloFlow:
    def __init__(self, store: Any) -> None:
        self.table = SoloTable(store)
        self.stopped = False

    def run(self) -> None:
        prompts.say("[dim]Enter takes the default · Ctrl-Z or <: undo[/dim]")
        while not self.stopped:
            attempt(self.step, self.undo)

    def undo(self) -> None:
        try:
            with prompts.no_interrupt():
                undone = self.table.undo()
        except NothingToUndo:
            prompts.say("  nothing to undo since the first deal")
            return
        prompts.say(f"  undone: {undone.removed['type']}", markup=False)

    def step(self) -> None:
        from companion.games.playlist.rules.cards import rules

        state = self.table.status().state
        last = state.last
        if not last.scored:
            self.playlist(last.deal.count)
        elif last.wins and last.deal.count - 1 >= rules()["playlist"]["min_start"]:
            self.next_round(last.deal.count - 1)
        else:
            self.finish()

    def playlist(self, count: int) -> None:
        from companion.games.playlist.render import render_score, render_solo_status

        status = self.table.status()
        laid = [c.title for c in status.state.last.deal.cards if c.title]
        render_solo_status(prompts.console(), status)

        def parse(text: str) -> list[Any]:
            if text.casefold() == "stop":
                return []
            typed = split_cards(text)
            if not typed:
                raise BadInput("type the playlist's cards in order, separated by commas")
            return self.table.read(typed)

        cards = prompts.ask(
            f"Your playlist from the {count} cards (in order)?",
            "",
            parse,
            choices="cards, or stop",
            complete=[*laid, "stop"],
            several=True,
        )
        if not cards:
            self.stopped = True
            return
        try:
            with prompts.no_interrupt():
                scored = self.table.score(cards)
        except StillFits as err:
            prompts.say(f"  {prompts.reason(err)}", markup=False)
            if not prompts.yes_no("Count the playlist as it is anyway?", False):
                return
            with prompts.no_interrupt():
                scored = self.table.score(cards, anyway=True)
        render_score(prompts.console(), scored)

    def next_round(self, count: int) -> None:
        answer = prompts.choose(f"Round won: next round with {count} cards?", ["next", "stop"])
        if answer == "stop":
            self.stopped = True
            return
        laid = None
        if self.table.status().state.last.deal.laid or not self.table.has_card_list():
            laid = ask_laid_out(self.table, count)
        with prompts.no_interrupt():
            self.table.next_round(laid)

    def finish(self) -> None:
        from companion.games.playlist.render import render_solo_end

        prompts.say("[bold]The run is over.[/bold]")
        if prompts.choose("File it in history?", ["end", "stop"], "end") == "stop":
            self.stopped = True
            return
        with prompts.no_interrupt():
            ended = self.table.end()
        render_solo_end(prompts.console(), ended)
        self.stopped = True
