"""One question per fact a move may lack, asked at a terminal by every face.

The table refuses a move that lacks a fact, and the refusal's type names the fact: a hooper
card's number nobody typed (`MissingCard`), the free throws owed (`FreeThrowsOwed`), a place
on court left empty (`VacantPlace`). `companion hoopers match …` on a terminal asks it
through `ASKERS` (by the refusal), guided play through the same askers (it knows which fact
it needs), so a fact is asked in one way whichever face asks, and neither face reaches into
the other's flows. Off a terminal the refusal's one line says how to give it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine.errors import BadInput, CompanionError
from companion.engine.events import event
from companion.engine.names import possessive
from companion.games.hoopers.rules.cards import MissingCard
from companion.games.hoopers.rules.errors import FreeThrowsOwed
from companion.games.hoopers.rules.stats import check_stat
from companion.games.hoopers.rules.vacancy import Vacancy, VacantPlace, waits_for
from companion.ui.guided import prompts

LABELS = {"2ps": "2PS", "3ps": "3PS", "lup": "LUP", "d2": "D2", "d3": "D3", "dlu": "DLU",
          "o": "O-stat", "v": "V-stat"}  # fmt: skip


# --- a hooper card's number: asked once, when a move first needs it, and remembered -------


def card_question(hooper: str, label: str) -> str:
    """The one question both faces ask (guided play asked it so before the cards)."""
    return f"{possessive(hooper)} {label}?"


def ask_card_fact(
    table: Any,
    hooper: str,
    field: str,
    number: Callable[..., int] = prompts.number,
    *,
    label: str | None = None,
    remember: bool = True,
) -> int:
    """Ask `hooper`'s card's `field` (no default: the card says it) and remember it in the
    catalogue for every match (`remember` False: an answer replayed, kept already). The
    rulebook prints no card's stats ('Anatomy of a Hooper Card' names them only)."""
    label = label or LABELS.get(field, field.upper())
    value = number(card_question(hooper, label), None, lambda n: check_stat(n, label))
    if remember:
        table.set_hooper_cards({hooper: {field: value}})
    return value


def _ask_card(table: Any, refusal: MissingCard) -> bool:
    ask_card_fact(table, refusal.hooper, refusal.field)
    return True


# --- the free throws owed: the shooter's 2PS, then each d20 (Enter rolls) ----------------


def ask_owed_free_throws(table: Any) -> Any:
    """Ask and record the free throws the live match is waiting for; the Recorded, or None."""
    from companion.games.hoopers.rules.vacancy import owed_refusal

    state = table.status().state
    if state.owed is None:
        return None
    return _ask_free_throws(table, owed_refusal(state))


def _ask_free_throws(table: Any, refusal: FreeThrowsOwed) -> Any:
    from companion.games.hoopers.rules.free_throws import free_throw_target

    owed = refusal.owed
    team, hooper, count = owed["team"], owed["hooper"], owed["count"]
    prompts.say(
        f"{count} free throw(s) owed to {hooper} ({team}) after the {owed['why']}.", markup=False
    )
    try:
        stat = prompts.number(
            f"{possessive(hooper)} 2PS (free throws)?", None, lambda n: check_stat(n, "2PS")
        )
        target = free_throw_target(stat, refusal.away)
        rolls: list[int] = []
        if target < 100:
            for n in range(1, count + 1):
                roll = _roll(f"free throw {n}: roll ≤ {target} scores")
                if roll is None:  # the companion rolls this one and the rest
                    break
                rolls.append(roll)
    except prompts.Undo:
        prompts.say("  the free throws stay owed")
        return None
    with prompts.no_interrupt():
        recorded = table.record(event("free-throw", team=team, stat=stat, rolls=rolls))
    _notes(recorded)
    return recorded


def _roll(question: str) -> int | None:
    from companion.games.hoopers.rules.dice import parse_d20

    def parse(text: str) -> int | None:
        if text.casefold() in prompts.ROLL_WORDS:
            return None
        try:
            return parse_d20(int(text))
        except ValueError:
            raise BadInput(f"'{text}' is not a d20 result (5, 10, … 100), nor r to roll") from None

    return prompts.ask(question, "roll", parse, choices="Enter: the companion rolls the rest")


# --- a place left empty: "A benchwarmer of your choice will take the vacant position" ----


def ask_substitute(vacancy: Vacancy, name: Callable[..., str] = prompts.name) -> str:
    """Who comes in on the place `vacancy` left empty (the benchwarmers free to)."""
    place = f"{possessive(vacancy.team)} {vacancy.token}"
    return name(
        f"{vacancy.hooper} is {vacancy.why}: who comes in on {place}?",
        list(vacancy.bench),
        vacancy.bench[0],
        what="hooper",
    )


def substitution(vacancy: Vacancy, entering: str) -> dict[str, Any]:
    """The move that fills the place: a substitution (no coach action token)."""
    return event("sub", team=vacancy.team, pairs=[[vacancy.hooper, entering]])


def _ask_place(table: Any, refusal: VacantPlace) -> bool:
    try:
        entering = ask_substitute(refusal.vacancy)
    except prompts.Undo:
        prompts.say("  the place stays empty")
        return False
    with prompts.no_interrupt():
        _notes(table.record(substitution(refusal.vacancy, entering)))
    return True


# --- the faces' entry points ----------------------------------------------------------------

# The asker of each refusal that names a fact the table can be asked.
ASKERS: dict[type[CompanionError], Callable[[Any, Any], Any]] = {
    MissingCard: _ask_card,
    FreeThrowsOwed: _ask_free_throws,
    VacantPlace: _ask_place,
}


def record_asking(table: Any, move: dict[str, Any]) -> Any:
    """`table.record(move)`, each card number the move lacks asked once and the move recorded
    again (a shot may lack the shooter's stat and the defender's defence). What the match
    waits for (free throws, a place) refuses the move: it is asked once a move is shown."""
    asked: set[tuple[str, str]] = set()
    while True:
        try:
            return table.record(move)
        except MissingCard as err:
            if (err.hooper, err.field) in asked:  # given, yet still missing: say it
                raise
            asked.add((err.hooper, err.field))
            with prompts.guarded():
                ASKERS[MissingCard](table, err)


def record(table: Any, move: dict[str, Any]) -> Any:
    """Record one move (one transaction) for a command: on a terminal a hooper card's number
    the move needs, typed by nobody, is asked (and remembered); elsewhere the refusal says
    how to give it."""
    return record_asking(table, move) if prompts.on_terminal() else table.record(move)


def settle_shown(table: Any, state: Any, json: bool) -> None:
    """What a move shown leaves to settle (the free throws owed, a place left empty), asked on
    a terminal, never for --json; elsewhere the next move is refused, naming the command."""
    if not json and waits_for(state) and prompts.on_terminal():
        settle(table)


def settle(table: Any) -> None:
    """Ask what the match waits for before play goes on (the refusals a move of play would
    get now), each through its asker; the table may back out of one (the move then stays
    refused, naming the command)."""
    for _ in range(12):  # each answer settles one fact: the free throws, or one place
        waiting = waits_for(table.status().state)
        if not waiting:
            return
        with prompts.guarded():
            if not ASKERS[type(waiting[0])](table, waiting[0]):
                return


def _notes(recorded: Any) -> None:
    from companion.games.hoopers.render import render_notes

    render_notes(prompts.console(), list(recorded.played.steps[-1].notes))
