"""Running one step of a guided flow: undo on request, refusals said, the flow goes on."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from companion.engine.errors import CompanionError
from companion.ui.guided import prompts

T = TypeVar("T")


def attempt(step: Callable[[], T], undo: Callable[[], Any]) -> T | None:
    """`step()`'s value, or None when the user undid or the rules refused the answer.

    A refusal has written nothing (the engines validate before recording), so the
    flow just asks again; an undo takes back the last recorded step.
    """
    try:
        return step()
    except prompts.Undo:
        try:
            undo()
        except CompanionError as err:
            prompts.say(f"  cannot undo: {prompts.reason(err)}", markup=False)
    except CompanionError as err:
        prompts.say(f"  error: {prompts.reason(err)}", markup=False)
    return None


# A question of a `form` that does not apply to the answers so far returns this: not asked.
SKIP = object()


class Form:
    """The answers of a setup asked one question after another (see `form`)."""

    def __init__(self) -> None:
        self.answers: dict[str, Any] = {}
        self.given: dict[str, Any] = {}  # every answer given, kept when undo goes back

    def __getitem__(self, key: str) -> Any:
        return self.answers[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.answers.get(key, default)

    def earlier(self, key: str, default: Any) -> Any:
        """The answer given to `key` before undo came back past it, else `default`: going
        back one question loses nothing typed."""
        return self.given.get(key, default)


def form(questions: Sequence[tuple[str, Callable[[Form], Any]]]) -> Form | None:
    """Ask `questions` (`(key, ask(form) -> answer or SKIP)`) in order. Undo goes back
    exactly one question (the one asked before, its earlier answer the default); undo at
    the first question: None (the table backed out). A step that answered without asking
    anything (a catalogue already imported) is not one undo goes back to."""
    done = Form()
    asked: list[int] = []
    at = 0
    while at < len(questions):
        key, question = questions[at]
        before = prompts.asked
        try:
            answer = question(done)
        except prompts.Undo:
            if not asked:
                return None
            at = asked.pop()
            for later, _ in questions[at:]:
                done.answers.pop(later, None)
            continue
        if answer is not SKIP:
            done.answers[key] = done.given[key] = answer
            if prompts.asked != before:
                asked.append(at)
        at += 1
    return done


def people(store: Any, names: Sequence[str], new: list[str] | None = None) -> list[str]:
    """`names` as the known players (`companion.tables.players.settle`): a slip of a known
    name is asked about ("Bne: Ben, or someone new?"); each name confirmed new is added to
    `new` (for a request that carries them, as `companion log`'s does)."""
    from companion.engine.names import LooksLikeTypo
    from companion.tables.players import settle

    typed, confirmed = list(names), [] if new is None else new
    while True:
        try:
            return settle(store, typed, confirmed)
        except LooksLikeTypo as slip:
            someone = f"{slip.name} (someone new)"
            picked = prompts.choose(
                f"{slip.name} is not a known player: is it {' or '.join(slip.near)}?",
                [*slip.near, someone],
                slip.near[0],
            )
            if picked == someone:
                confirmed.append(slip.name)
            else:
                typed = [picked if n.strip() == slip.name else n for n in typed]


def players_seen(store: Any) -> list[str]:
    """Every player name in the history (for completion); [] when it cannot be read."""
    from companion.history.book import history
    from companion.history.players import known_players

    try:
        roster, matches = history(store)
        return known_players(matches, roster)
    except (CompanionError, OSError, ValueError):
        return []
