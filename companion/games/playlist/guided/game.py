"""`companion playlist play`: the tracked multiplayer game asked turn by turn.

Each turn follows the rulebook: the player's assignment cards (first turn), songs added
to the playlist (every link checked before it can be submitted), the end-of-turn song
(sung; taken by someone who sang it or caught a bluff; or a false accusation), then the
turn ends with its reminders (assignments turned over, extra action cards, the last
round once a playlist reaches 15 songs). When the last round is over the playlists are
scored and the game is filed. Every move is recorded through the table
(`companion.games.playlist.table.PlaylistTable`), as `companion playlist game …` records it.

Cards are typed as in the commands — catalogue number (12 or #12), title prefix, or
GENRE/POINTS/ICON+ICON+ICON[/TITLE] — several separated by commas.

Undo (Ctrl-Z, `<`) goes back one question; when that question recorded something, it
is taken back too. With nothing answered in this session it drops the game's last event
(never the start), like `companion playlist game undo`.
"""

from __future__ import annotations

from typing import Any

from companion.engine.errors import BadInput, CompanionError, NothingToUndo
from companion.engine.events import Event, event
from companion.games.playlist.render import songs
from companion.games.playlist.rules import game
from companion.games.playlist.rules.cards import card_from_dict
from companion.games.playlist.rules.deck import needed, sizes
from companion.games.playlist.table import PlaylistTable
from companion.ui.console import plain
from companion.ui.guided import prompts
from companion.ui.guided.steps import attempt

NONE = "none"
RANDOM = "random"
SING = ("sung", "taken", "false-call")


def start(store: Any, seed: int | None = None) -> bool:
    """Ask for the players and who starts, then start a game.

    True when the game started; False when the table backed out (undo) or the
    rules refused (the reason is said).
    """
    from companion.engine.decks import parse_players
    from companion.ui.guided.steps import SKIP, form, people, players_seen

    table = PlaylistTable(store)

    def players(f: Any) -> list[str]:
        return people(
            store,
            prompts.ask(
                "Players in seat order (at least 2, e.g. Ana,Ben,Cy)?",
                ",".join(f.earlier("names", [])),
                lambda text: parse_players(text, low=2),
                complete=players_seen(store),
                several=True,
            ),
        )

    def starts(f: Any) -> str:
        prompts.say("  the player who most recently listened to their own playlist starts")
        return prompts.choose("Who starts?", [*f["names"], RANDOM], RANDOM)

    def holds(f: Any) -> Any:
        if len(table.box.music_in_play()) < needed(len(f["names"])):
            return SKIP
        return prompts.yes_no(
            "Does the companion hold the deck (it deals the hands and the Download List)?",
            False,
        )

    done = form([("names", players), ("first", starts), ("deck", holds)])
    if done is None:  # undo at the first question: back out
        return False
    names, first, deck = done["names"], done["first"], bool(done.get("deck", False))
    try:
        started = table.start(names, None if first == RANDOM else first, seed, deck)
    except CompanionError as err:
        prompts.say(f"error: {prompts.reason(err)}", markup=False)
        return False
    from companion.games.playlist.render import render_notes, render_status

    render_notes(prompts.console(), started.notes)
    render_status(prompts.console(), started.status)
    return True


def play(store: Any, seed: int | None = None) -> None:
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


def this_turn(match: dict[str, Any]) -> list[Event]:
    """The events recorded since the current turn began."""
    events = match["events"]
    starts = [i for i, e in enumerate(events) if e["type"] in ("start", "turn")]
    return events[starts[-1] + 1 :] if starts else list(events)


class Flow:
    def __init__(self, store: Any) -> None:
        self.table = PlaylistTable(store)
        self.catalogue = self.table.box.cards()
        self.genres = self.table.box.genres()
        self.history: list[tuple[tuple[int, str], list[Event]]] = []
        self.stopped = False

    # --- the match ----------------------------------------------------------

    def match(self) -> dict[str, Any]:
        return self.table.current()

    def record(self, *moves: Event) -> list[Event]:
        """Record the moves together (each on the state the previous one left), under the lock."""
        with prompts.no_interrupt():
            recorded = self.table.record(*moves)
        return recorded.events

    def read_cards(self, text: str) -> list[Any]:
        from companion.games.playlist.rules.cards import resolve_cards

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
        try:
            with prompts.no_interrupt():
                undone = self.table.undo()
        except NothingToUndo:
            prompts.say("  nothing to undo since the start")
            return
        prompts.say(f"  undone: {describe(undone.removed)}", markup=False)

    def take_back(self, events: list[Event]) -> None:
        with prompts.no_interrupt():
            self.table.undo(expected=events)
        prompts.say(f"  undone: {'; '.join(describe(e) for e in events)}", markup=False)

    # --- the loop -------------------------------------------------------------

    def run(self) -> None:
        from companion.games.playlist.render import render_status

        render_status(prompts.console(), self.table.status())
        prompts.say(f"[dim]{prompts.HINT}[/dim]")
        while not self.stopped:
            match = self.match()
            state = self.table.fold(match)
            done = attempt(lambda: self.step(match, state), self.undo)  # noqa: B023 - called at once
            if done is None:
                continue
            key, events = done
            if key is not None:
                self.history.append((key, events))

    def step(self, match: dict[str, Any], state: Any) -> tuple[tuple[int, str] | None, list[Event]]:
        """Ask the next question; the step's key and the events it recorded."""
        done, turn = self.done(), state.turns_done
        if state.round_over:
            return None, self.end(match, state)
        last = match["events"][-1]
        dealt = state.deck is not None and state.deck.holds_assignments  # the companion replaces
        finished = last["type"] == "turn" and last["data"]["completed"] and not dealt
        if finished and (turn, "new") not in done:
            return (turn, "new"), self.new_assignments(state, last["data"]["player"])
        player = state.current
        mine = this_turn(match)
        played = [i for i, e in enumerate(mine) if e["type"] == "play"]
        # Asked first, so not once songs are down (in an earlier session, say).
        first_question = not played and (turn, "deal") not in done
        if state.round == 1 and not state.assignments[player] and first_question:
            return (turn, "deal"), self.assignments(
                player, f"{player}'s assignment cards (first turn)?"
            )
        held = state.deck
        if held is not None and not played and held.download:
            taken = held.downloads
            if taken < sizes()["downloads_per_turn"] and (turn, f"download{taken}") not in done:
                return (turn, f"download{taken}"), self.download(state, player)
        if not played and (turn, "add") not in done:
            return (turn, "add"), self.add(state, player)
        challenged = played and any(e["type"] in ("lose", "claim") for e in mine[played[-1] :])
        if played and not challenged and (turn, "sing") not in done:
            return (turn, "sing"), self.sing(state, player)
        if held is not None and played and (turn, f"must{len(played)}") not in done:
            try:
                game.refuse_kept_playable(state, player)  # the rule `game turn` asks
            except CompanionError as err:
                prompts.say(f"  {err}", markup=False)
                return (turn, f"must{len(played)}"), self.add(state, player, must=True)
        return (turn, "end"), self.end_turn(state, player)

    # --- the steps --------------------------------------------------------------

    def assignments(self, player: str, question: str) -> list[Event]:
        from companion.games.playlist.rules.scoring import parse_assignment

        def parse(text: str) -> list[Any]:
            if text.casefold() == NONE:
                return []
            return [parse_assignment(w, self.genres) for w in text.replace(",", " ").split()]

        held = prompts.ask(question, NONE, parse, choices="POINTS:GENRE=N … e.g. 3:pop=2")
        if not held:
            return []
        return self.record(
            *(event("assignment", player=player, assignment=a.to_dict()) for a in held)
        )

    def new_assignments(self, state: Any, player: str) -> list[Event]:
        prompts.say(
            f"  {player} turns over a completed assignment and takes a new one", markup=False
        )
        return self.assignments(player, f"{player}'s new assignment card?")

    def download(self, state: Any, player: str) -> list[Event]:
        """Take a card from the Download List (the companion holds the deck)."""
        from companion.games.playlist.render import card_line

        held = state.deck
        if held.downloads == 0:
            who = plain(player)
            prompts.say(f"[bold]Round {state.round}: {who}'s turn[/bold] — {who}'s hand:")
            for card in held.hands[player]:
                prompts.say(f"  {card_line(card)}")
            prompts.say("  the Download List:")
            for card in held.download:
                prompts.say(f"  {card_line(card)}")
        offered = [m for m in self.table.legal(player).moves if m.kind == "download"]
        listed = {f"#{c.number}" if c.number is not None else c.inline(): c for c in held.download}
        names = [listed[m.what["card"]].name() for m in offered]
        picked = prompts.choose(
            f"{player} takes from the Download List ({held.downloads + 1} of "
            f"{sizes()['downloads_per_turn']})?",
            names,
            names[0],
        )
        chosen = offered[names.index(picked)]
        with prompts.no_interrupt():
            events = self.table.make(chosen, by=player).events
        refill = events[0]["data"]["refill"]
        if refill:
            prompts.say(f"  refilled with {card_line(card_from_dict(refill))}")
        return events

    def add(self, state: Any, player: str, must: bool = False) -> list[Event]:
        from companion.games.playlist.render import card_line
        from companion.games.playlist.rules.chain import MULTIPLAYER, check_chain

        cards = state.playlists[player]
        where = f"after {cards[-1].name()}" if cards else "a new playlist: at least 2 cards"
        prompts.say(
            f"[bold]Round {state.round}: {plain(player)}'s turn[/bold] ({songs(len(cards))})"
        )
        if state.deck is not None:  # the cards come from the hand the companion dealt
            hand = ", ".join(c.name() for c in state.deck.hands[player]) or "empty"
            prompts.say(f"  {player}'s hand: {hand}", markup=False)

        def parse(text: str) -> list[Any]:
            if text.casefold() == NONE:
                if must:  # "You are not allowed to keep any cards ... that you are able to play"
                    game.refuse_kept_playable(state, player, quote=False)  # quoted above
                return []
            chosen = self.read_cards(text)
            game.play(state, player, chosen)  # the engine checks every link
            return chosen

        # The titles offered as you type: the hand the companion dealt, else the catalogue.
        offered = state.deck.hands[player] if state.deck is not None else self.catalogue
        chosen = prompts.ask(
            f"{player} adds songs ({where})?", NONE, parse, choices="cards, or none",
            complete=[c.title for c in offered if c.title], several=True,
        )  # fmt: skip
        if not chosen:
            return []
        events = self.record(event("play", player=player, cards=[c.to_dict() for c in chosen]))
        now = self.table.fold(self.match())
        after = now.playlists[player]
        shared = check_chain(after, MULTIPLAYER).shared
        start = len(after) - len(chosen)
        for i, card in enumerate(after[start:], start):
            link = f"  ✓ shares {', '.join(shared[i - 1])}" if i else ""
            prompts.say(f"  {i + 1}. {card_line(card)}{link}")
        prompts.say(f"  {player}: {songs(len(after))}, {now.score(player).total} pts", markup=False)
        return events

    def sing(self, state: Any, player: str) -> list[Event]:
        song = state.playlists[player][-1]
        others = [p for p in state.players if p != player]
        prompts.say(
            f"  sing or hum 2 lines of {song.name()} — taken: another player sang it "
            "or caught a bluff; false-call: a bluff accusation was wrong",
            markup=False,
        )
        answer = prompts.choose(f"{player}'s song?", SING, "sung")
        if answer == "sung":
            return []
        if answer == "taken":  # the song leaves the playlist, and joins theirs if it matches
            who = self.player("Taken by?", "claim", others)
            events = self.record(event("claim", player=who))
        else:
            who = self.player("Who called the bluff?", "bluff", others, right=False)
            events = self.record(event("bluff", player=who, right=False))
        for stored in events:
            prompts.say(f"  {describe(stored)}", markup=False)
        return events

    def players_of(self, kind: str, among: list[str] | None = None, **what: Any) -> list[str]:
        """The players the legal-moves query offers a `kind` move (with `what`) now."""
        legal = self.table.legal()
        offered = [
            str(m.who)
            for m in legal.moves
            if m.kind == kind and all(m.what.get(k) == v for k, v in what.items())
        ]
        return [p for p in dict.fromkeys(offered) if among is None or p in among]

    def player(self, question: str, kind: str, among: list[str], **what: Any) -> str:
        """One of the players `among` whom the query offers the move: listed alone; when
        none may, the rule's words (the query's reason, as the CLI says it)."""
        from companion.engine.errors import RuleViolation
        from companion.engine.moves import Move

        offered = self.players_of(kind, among, **what)
        if not offered:
            legal = self.table.legal()
            tried = Move(kind, among[0], {"player": among[0], **what})
            raise RuleViolation(legal.why_not(tried) or f"no player may {kind} now")
        return prompts.choose(question, offered, offered[0])

    def end_turn(self, state: Any, player: str) -> list[Event]:
        from companion.games.playlist.render import render_notes, render_status

        have = self.players_of("lose")
        acting = []
        if state.deck is not None and state.deck.holds_actions:
            acting = [p for p in state.players if state.deck.actions[p]]
        choices = ["end", *(["lose"] if have else []), *(["action"] if acting else []), "stop"]
        answer = prompts.choose(f"End {player}'s turn?", choices, "end")
        if answer == "stop":
            self.stopped = True
            return []
        if answer == "action":  # an action card played: its effect is recorded on its own
            who = prompts.choose("Who plays an action card?", acting, acting[0])
            texts = list(dict.fromkeys(state.deck.actions[who]))
            text = prompts.choose("Which one?", texts, texts[0])
            events = self.record(event("action", player=who, card=text))
            prompts.say(f"  {describe(events[0])}", markup=False)
            return events
        if answer == "lose":  # an action card: a player loses the last song of the playlist
            who = prompts.choose("Who loses the last song?", have, have[0])
            events = self.record(event("lose", player=who))
            prompts.say(f"  {describe(events[0])}", markup=False)
            return events
        with prompts.no_interrupt():
            recorded = self.table.turn()
        render_notes(prompts.console(), recorded.played.steps[-1].notes)
        render_status(prompts.console(), recorded.status)
        return recorded.events

    def end(self, match: dict[str, Any], state: Any) -> list[Event]:
        from companion.games.playlist.render import render_final

        prompts.say("[bold]The last round is over.[/bold]")
        if prompts.choose("Score the playlists and finish?", ["end", "stop"], "end") == "stop":
            self.stopped = True
            return []
        tie_winner = None
        first = game.final_result(state).winners
        if len(first) > 1:  # the rulebook names no tie-break: the table decides, or shares
            shared = "shared first"
            said = prompts.choose(
                f"{', '.join(first)} tie for first: who does the table name the winner?",
                [*first, shared],
                shared,
            )
            tie_winner = None if said == shared else said
        with prompts.no_interrupt():
            ended = self.table.end(tie_winner=tie_winner)
        render_final(prompts.console(), ended.final)
        self.stopped = True
        return []


def describe(stored: Event) -> str:
    data = stored.get("data", {})
    kind = stored["type"]

    def title(card: dict[str, Any]) -> str:
        return card.get("title") or f"{card['genre']}/{card['points']}"

    if kind == "play":
        return f"{data['player']} adds {', '.join(title(c) for c in data['cards'])}"
    if kind == "lose":
        return f"{data['player']} loses {title(data['card'])}"
    if kind == "claim":
        where = "joins the playlist" if data["joined"] else "does not match: put away"
        taken = f"{data['from']} loses {title(data['card'])}; " if data.get("from") else ""
        return f"{taken}{data['player']} takes {title(data['card'])}: {where}"
    if kind == "assignment":
        return f"{data['player']}'s assignment"
    if kind == "download":
        return f"{data['player']} takes {title(data['card'])} from the Download List"
    if kind == "action":
        return f"{data['player']} plays “{data['card']}”"
    if kind == "turn":
        return f"{data['player']}'s turn ends"
    return kind
