"""`companion otdraft play`: the draft asked turn by turn, then the teams scored.

What to ask next is read from the live match (`draft.state_of`): the secret cards (the
companion's deck: keep one of the two dealt), each turn's pick from the Draftline, the
leftover abilities at a round's end, the next round, and at the end the scoring with
each team's best Protect/Silence choice. Every move is made by the engine's `*_event`
functions and recorded under the store lock, exactly as `companion otdraft game …`
records it (draws from `step_rng(seed, n)`, kept in the event).

With the companion's deck the choices are the Draftline's cards; when it only records the
table's cards, any free card of the catalogue may be named (unique prefixes). Undo
(Ctrl-Z, `u`) takes back the last recorded move (never the deal).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine.errors import BadInput
from companion.engine.rng import step_rng
from companion.games.otdraft import draft
from companion.ui.guided import prompts
from companion.ui.guided.steps import attempt

GAME = "otdraft"
STOP = "stop"
NONE = "none"
LATER = "later"
REVEAL = "reveal"


def play_draft(store: Any, seed: int | None = None) -> None:
    """Walk the live draft until the table stops or it is scored.

    `seed` is accepted for a uniform signature; the draws use the match's own seed.
    """
    Flow(store).run()


class Flow:
    def __init__(self, store: Any) -> None:
        self.store = store
        self.stopped = False
        self.passed: set[tuple[int, str]] = set()  # (round, player) declined a leftover
        self.later: set[str] = set()  # record mode: secret card entered later

    # --- the match ----------------------------------------------------------

    def match(self) -> dict[str, Any]:
        return self.store.current_match(GAME)

    def record(self, make_event: Callable[[Any, Any], dict[str, Any]]) -> dict[str, Any]:
        """Make the event on the freshest state under the lock and store it."""

        def change(match: dict[str, Any]) -> list[dict[str, Any]]:
            rng = step_rng(match["seed"], len(match["events"]))
            return [make_event(draft.state_of(match), rng)]

        with prompts.no_interrupt():
            _, events = self.store.update_live(GAME, change)
        return events[-1]

    @staticmethod
    def check(match: dict[str, Any], make_event: Callable[[Any, Any], Any]) -> Any:
        """Run the engine's checks for a move on `match` without recording it."""
        return make_event(draft.state_of(match), step_rng(match["seed"], len(match["events"])))

    def undo(self) -> None:
        events = self.match()["events"]
        if not events or (len(events) == 1 and events[0]["type"] == "deal"):
            prompts.say("  nothing to undo: only the deal is recorded")
            return
        with prompts.no_interrupt():
            _, removed = self.store.undo_event(GAME)
        self.passed.clear()
        prompts.say(f"  undone: {describe(removed)}")

    # --- the loop -------------------------------------------------------------

    def run(self) -> None:
        from companion.ui.otdraft import render_status

        match = self.match()
        render_status(prompts.console(), status(match))
        prompts.say("[dim]Enter takes the default · names by prefix · Ctrl-Z or u: undo[/dim]")
        while not self.stopped:
            match = self.match()
            state = draft.state_of(match)
            attempt(lambda: self.step(match, state), self.undo)  # noqa: B023 - called at once

    def step(self, match: dict[str, Any], state: Any) -> None:
        if state.phase == "secrets":
            self.deal_secret(state)
        elif not state.deck and self.secret_missing(state, skip_later=True):
            self.record_secret(match, state, self.secret_missing(state, skip_later=True)[0])
        elif state.phase == "draft":
            self.pick(match, state)
        elif state.phase == "leftovers" and self.may_take(state):
            self.leftover(match, state, self.may_take(state)[0])
        elif not state.is_draft_over:
            self.next_round(state)
        elif self.secret_missing(state):
            self.record_secret(match, state, self.secret_missing(state)[0], final=True)
        else:
            self.end(match, state)

    def secret_missing(self, state: Any, skip_later: bool = False) -> list[str]:
        skipped = self.later if skip_later else set()
        return [p for p in state.players if p not in state.secrets and p not in skipped]

    def may_take(self, state: Any) -> list[str]:
        return [
            p
            for p in state.players
            if state.leftover_allowance(p) > state.taken_this_round[p]
            and (state.round, p) not in self.passed
        ]

    # --- the steps --------------------------------------------------------------

    def deal_secret(self, state: Any) -> None:
        player = next(p for p in state.players if p not in state.secrets)
        prompts.say(f"[bold]Secret cards[/bold]: pass the screen to {player}; the others look away")
        options = state.candidates[player]
        card = prompts.choose(f"{player} keeps which secret card?", options, options[0])
        self.record(lambda st, rng: draft.secret_event(st, player, card))
        prompts.console().clear()
        prompts.say(f"  {player} keeps a secret card (the other is discarded)")

    def record_secret(
        self, match: dict[str, Any], state: Any, player: str, final: bool = False
    ) -> None:
        def parse(text: str) -> str | None:
            if not final and text.casefold() == LATER:
                return None
            event = self.check(match, lambda st, rng: draft.secret_event(st, player, text))
            return event["data"]["card"]

        card = prompts.ask(
            f"{player}'s secret card?",
            "" if final else LATER,
            parse,
            choices="a card name" + ("" if final else ", or later"),
        )
        if card is None:
            self.later.add(player)
            return
        self.record(lambda st, rng: draft.secret_event(st, player, card))
        prompts.say(f"  {player}'s secret card is recorded")

    def pick(self, match: dict[str, Any], state: Any) -> None:
        player = state.current
        extra = [REVEAL] if player in state.secrets and player not in state.revealed else []
        question = (
            f"Round {state.round}, turn {state.picks + 1} of {len(state.players)}: {player} drafts?"
        )
        answer = self.card(
            state,
            question,
            [*extra, STOP],
            lambda text: self.check(match, lambda st, rng: draft.pick_event(st, player, text, rng)),
        )
        if answer == STOP:
            self.stopped = True
            return
        if answer == REVEAL:
            event = self.record(lambda st, rng: draft.reveal_event(st, player))
        else:
            event = self.record(lambda st, rng: draft.pick_event(st, player, answer, rng))
        prompts.say(f"  {describe(event)}")

    @staticmethod
    def card(
        state: Any, question: str, words: list[str], check: Callable[[str], dict[str, Any]]
    ) -> str:
        """A Draftline card, or (recording the table's cards) any card `check` accepts.

        `check(typed)` is the engine's move for the typed card; it raises to refuse.
        """
        if state.deck:
            options = [*state.draftline, *words]
            return prompts.choose(question, options, options[0])

        def parse(text: str) -> str:
            if text.casefold() in words:
                return text.casefold()
            if not text:
                raise BadInput("a card name (unique prefix)")
            return check(text)["data"]["card"]

        return prompts.ask(question, "", parse, choices="a card name, or " + " / ".join(words))

    def leftover(self, match: dict[str, Any], state: Any, player: str) -> None:
        prompts.say(
            f"[bold]Round {state.round} is over[/bold]: {player}'s leftover ability may take a card"
        )
        answer = self.card(
            state,
            f"{player} takes a leftover card?",
            [NONE],
            lambda text: self.check(match, lambda st, rng: draft.leftover_event(st, player, text)),
        )
        if answer == NONE:
            self.passed.add((state.round, player))
            return
        event = self.record(lambda st, rng: draft.leftover_event(st, player, answer))
        prompts.say(f"  {describe(event)}")

    def next_round(self, state: Any) -> None:
        laid = " (the Draftline is discarded, five new cards laid)" if state.deck else ""
        answer = prompts.choose(
            f"Round {state.round} is over: start round {state.round + 1}{laid}?",
            ["next", STOP],
            "next",
        )
        if answer == STOP:
            self.stopped = True
            return
        event = self.record(lambda st, rng: draft.turn_event(st, rng))
        prompts.say(f"  {describe(event)}")

    def end(self, match: dict[str, Any], state: Any) -> None:
        from companion.cli.otdraft import imported_catalogue, score_payload
        from companion.games.otdraft.results import final_result
        from companion.ui.otdraft import render_end

        prompts.say("[bold]All seven rounds are played.[/bold]")
        if prompts.choose("Score the teams and finish?", ["end", STOP], "end") == STOP:
            self.stopped = True
            return
        catalogue = imported_catalogue(self.store) if state.free else None
        result, searches = final_result(state, catalogue)
        self.store.finish_match(GAME, result, expected_events=len(match["events"]))
        payload = {
            **status(match, state),
            **result,
            "details": {p: score_payload(s, state.secrets[p]) for p, s in searches.items()},
        }
        render_end(prompts.console(), payload)
        self.stopped = True


def status(match: dict[str, Any], state: Any = None) -> dict[str, Any]:
    state = state or draft.state_of(match)
    return {"id": match["id"], "players": list(match["players"]), **state.to_json()}


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
