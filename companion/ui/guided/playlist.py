"""`companion playlist play`: the tracked multiplayer game asked turn by turn.

Each turn follows the rulebook: the player's assignment cards (first turn), songs added
to the playlist (every link checked before it can be submitted), the end-of-turn song
(sung; taken by someone who sang it or caught a bluff; or a false accusation), then the
turn ends with its reminders (assignments turned over, extra action cards, the last
round once a playlist reaches 15 songs). When the last round is over the playlists are
scored and the game is filed. Every move is made by `companion.games.playlist.game` and
recorded under the store lock, as `companion playlist game …` records it.

Cards are typed as in the commands — catalogue number (12 or #12), title prefix, or
GENRE/POINTS/ICON+ICON+ICON[/TITLE] — several separated by commas.

Undo (Ctrl-Z, `u`) goes back one question; when that question recorded something, it
is taken back too. With nothing answered in this session it drops the game's last event
(never the start), like `companion playlist game undo`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine.errors import BadInput, NothingToUndo
from companion.games.playlist import game
from companion.ui.guided import prompts
from companion.ui.guided.steps import attempt

GAME = game.GAME
NONE = "none"
SING = ("sung", "taken", "false-call")


def play_game(store: Any, seed: int | None = None) -> None:
    """Walk the live playlist game until the table stops or it is scored.

    `seed` is accepted for a uniform signature; the tracked game draws nothing.
    """
    Flow(store).run()


def split_cards(text: str) -> list[str]:
    """Cards separated by commas; plain numbers and inline cards may be separated by spaces."""
    typed: list[str] = []
    for chunk in (c.strip() for c in text.split(",")):
        words = chunk.split()
        if words and all(w.removeprefix("#").isdigit() or "/" in w for w in words):
            typed.extend(words)
        elif chunk:
            typed.append(chunk)
    return typed


def this_turn(match: dict[str, Any]) -> list[dict[str, Any]]:
    """The events recorded since the current turn began."""
    events = match["events"]
    starts = [i for i, e in enumerate(events) if e["type"] in ("start", "turn")]
    return events[starts[-1] + 1 :] if starts else list(events)


class Flow:
    def __init__(self, store: Any) -> None:
        from companion.cli.playlist import catalogue, genres_in_play

        self.store = store
        self.catalogue = catalogue(store)
        self.genres = genres_in_play(store)
        self.history: list[tuple[tuple[int, str], list[dict[str, Any]]]] = []
        self.stopped = False

    # --- the match ----------------------------------------------------------

    def match(self) -> dict[str, Any]:
        return self.store.current_match(GAME)

    def record(self, *moves: Callable[[Any], dict[str, Any]]) -> list[dict[str, Any]]:
        """Make each move on the state the previous one left, under the lock; store them all."""

        def change(match: dict[str, Any]) -> list[dict[str, Any]]:
            state, made = game.fold(match), []
            for move in moves:
                event = move(state)
                state = game.apply(state, event)
                made.append(event)
            return made

        with prompts.no_interrupt():
            _, stored = self.store.update_live(GAME, change)
        return stored

    def read_cards(self, text: str) -> list[Any]:
        from companion.games.playlist.cards import resolve_cards

        typed = split_cards(text)
        if not typed:
            raise BadInput("type one or more cards, separated by commas")
        return resolve_cards(typed, self.catalogue, self.genres)

    def done(self) -> set[tuple[int, str]]:
        return {key for key, _ in self.history}

    # --- undo -------------------------------------------------------------------

    def undo(self) -> None:
        if self.history:
            _, events = self.history.pop()
            if events:
                self.take_back(events)
            else:
                prompts.say("  back one question")
            return
        events = self.match()["events"]
        if len(events) <= 1:
            prompts.say("  nothing to undo since the start")
            return
        with prompts.no_interrupt():
            _, removed = self.store.undo_event(GAME)
        prompts.say(f"  undone: {describe(removed)}")

    def take_back(self, events: list[dict[str, Any]]) -> None:
        last = self.match()["events"][-len(events) :]
        if [(e["type"], e["data"]) for e in last] != [(e["type"], e["data"]) for e in events]:
            raise NothingToUndo(
                "the game changed in another terminal since this step",
                hint="undo there with 'companion playlist game undo'",
            )
        with prompts.no_interrupt():
            for _ in events:
                self.store.undo_event(GAME)
        prompts.say(f"  undone: {'; '.join(describe(e) for e in events)}")

    # --- the loop -------------------------------------------------------------

    def run(self) -> None:
        from companion.cli.playlist import _game_payload
        from companion.ui.playlist import render_game

        render_game(prompts.console(), _game_payload(self.match()), None)
        prompts.say("[dim]Enter takes the default · names by prefix · Ctrl-Z or u: undo[/dim]")
        while not self.stopped:
            match = self.match()
            state = game.fold(match)
            done = attempt(lambda: self.step(match, state), self.undo)  # noqa: B023 - called at once
            if done is None:
                continue
            key, events = done
            if key is not None:
                self.history.append((key, events))

    def step(
        self, match: dict[str, Any], state: Any
    ) -> tuple[tuple[int, str] | None, list[dict[str, Any]]]:
        """Ask the next question; the step's key and the events it recorded."""
        done, turn = self.done(), state.turns_done
        if state.round_over:
            return None, self.end(match, state)
        last = match["events"][-1]
        if last["type"] == "turn" and last["data"]["completed"] and (turn, "new") not in done:
            return (turn, "new"), self.new_assignments(state, last["data"]["player"])
        player = state.current
        mine = this_turn(match)
        if state.round == 1 and not state.assignments[player] and (turn, "deal") not in done:
            return (turn, "deal"), self.assignments(
                player, f"{player}'s assignment cards (first turn)?"
            )
        played = [i for i, e in enumerate(mine) if e["type"] == "play"]
        if not played and (turn, "add") not in done:
            return (turn, "add"), self.add(state, player)
        challenged = played and any(e["type"] in ("lose", "claim") for e in mine[played[-1] :])
        if played and not challenged and (turn, "sing") not in done:
            return (turn, "sing"), self.sing(state, player)
        return (turn, "end"), self.end_turn(state, player)

    # --- the steps --------------------------------------------------------------

    def assignments(self, player: str, question: str) -> list[dict[str, Any]]:
        from companion.games.playlist.scoring import parse_assignment

        def parse(text: str) -> list[Any]:
            if text.casefold() == NONE:
                return []
            return [parse_assignment(w, self.genres) for w in text.replace(",", " ").split()]

        held = prompts.ask(question, NONE, parse, choices="POINTS:GENRE=N … e.g. 3:pop=2")
        if not held:
            return []
        return self.record(*(lambda s, a=a: game.take_assignment(s, player, a) for a in held))

    def new_assignments(self, state: Any, player: str) -> list[dict[str, Any]]:
        prompts.say(f"  {player} turns over a completed assignment and takes a new one")
        return self.assignments(player, f"{player}'s new assignment card?")

    def add(self, state: Any, player: str) -> list[dict[str, Any]]:
        from companion.games.playlist.chain import MULTIPLAYER, check_chain
        from companion.ui.playlist import card_line

        cards = state.playlists[player]
        where = f"after {cards[-1].name()}" if cards else "a new playlist: at least 2 cards"
        prompts.say(f"[bold]Round {state.round}: {player}'s turn[/bold] ({len(cards)} songs)")

        def parse(text: str) -> list[Any]:
            if text.casefold() == NONE:
                return []
            chosen = self.read_cards(text)
            game.play(state, player, chosen)  # the engine checks every link
            return chosen

        chosen = prompts.ask(
            f"{player} adds songs ({where})?", NONE, parse, choices="cards, or none"
        )
        if not chosen:
            return []
        events = self.record(lambda s: game.play(s, player, chosen))
        now = game.fold(self.match())
        after = now.playlists[player]
        shared = check_chain(after, MULTIPLAYER).shared
        start = len(after) - len(chosen)
        for i, card in enumerate(after[start:], start):
            link = f"  ✓ shares {', '.join(shared[i - 1])}" if i else ""
            prompts.say(f"  {i + 1}. {card_line(card)}{link}")
        prompts.say(f"  {player}: {len(after)} songs, {now.score(player).total} pts")
        return events

    def sing(self, state: Any, player: str) -> list[dict[str, Any]]:
        song = state.playlists[player][-1]
        others = [p for p in state.players if p != player]
        prompts.say(
            f"  sing or hum 2 lines of {song.name()} — taken: another player sang it "
            "or caught a bluff; false-call: a bluff accusation was wrong"
        )
        answer = prompts.choose(f"{player}'s song?", SING, "sung")
        if answer == "sung":
            return []
        if answer == "taken":
            who = prompts.choose("Taken by?", others, others[0])
            events = self.record(
                lambda s: game.lose(s, player),
                lambda s: game.claim(s, who, song),
            )
        else:
            who = prompts.choose("Who called the bluff?", others, others[0])
            events = self.record(lambda s: game.lose(s, who))
        for event in events:
            prompts.say(f"  {describe(event)}")
        return events

    def end_turn(self, state: Any, player: str) -> list[dict[str, Any]]:
        from companion.cli.playlist import _game_payload
        from companion.ui.playlist import render_game

        have = [p for p in state.players if state.playlists[p]]
        choices = ["end", *(["lose"] if have else []), "stop"]
        answer = prompts.choose(f"End {player}'s turn?", choices, "end")
        if answer == "stop":
            self.stopped = True
            return []
        if answer == "lose":  # an action card: a player loses the last song of the playlist
            who = prompts.choose("Who loses the last song?", have, have[0])
            events = self.record(lambda s: game.lose(s, who))
            prompts.say(f"  {describe(events[0])}")
            return events
        ended: list[Any] = []

        def move(s: Any) -> dict[str, Any]:
            ended.append(game.end_turn(s))
            return ended[-1].event()

        events = self.record(move)
        render_game(prompts.console(), _game_payload(self.match()), ended)
        return events

    def end(self, match: dict[str, Any], state: Any) -> list[dict[str, Any]]:
        from companion.ui.playlist import render_final

        prompts.say("[bold]The last round is over.[/bold]")
        if prompts.choose("Score the playlists and finish?", ["end", "stop"], "end") == "stop":
            self.stopped = True
            return []
        final = game.final_result(state)
        self.store.finish_match(GAME, final.to_result(), expected_events=len(match["events"]))
        render_final(prompts.console(), final)
        self.stopped = True
        return []


def describe(event: dict[str, Any]) -> str:
    data = event.get("data", {})
    kind = event["type"]

    def title(card: dict[str, Any]) -> str:
        return card.get("title") or f"{card['genre']}/{card['points']}"

    if kind == "play":
        return f"{data['player']} adds {', '.join(title(c) for c in data['cards'])}"
    if kind == "lose":
        return f"{data['player']} loses {title(data['card'])}"
    if kind == "claim":
        where = "joins the playlist" if data["joined"] else "does not match: put away"
        return f"{data['player']} takes {title(data['card'])}: {where}"
    if kind == "assignment":
        return f"{data['player']}'s assignment"
    if kind == "turn":
        return f"{data['player']}'s turn ends"
    return kind
