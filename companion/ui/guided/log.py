"""Guided: log a finished game played without the companion (the menu's "log a finished game").

The same checks as `companion log`: every answer is parsed by the history
layer, so a score that does not parse, a draw a game's rules refuse or a date
in the future cannot be submitted (the reason shows under the prompt).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from companion.engine.errors import BadInput, CompanionError
from companion.history.log import SOLO_PLAYER, LogRequest, build_match, loggable, logging_of
from companion.store import Store
from companion.ui.guided import prompts

PAIR = re.compile(r"\s*([^=,]+?)\s*=\s*([^\s,]+)\s*,?")


def _words(text: str) -> tuple[str, ...]:
    """`Ana=29, Ben=14 Ann Lee=10` -> each NAME=SCORE (a name may hold spaces)."""
    pairs = list(PAIR.finditer(text))
    if pairs and "".join(m.group(0) for m in pairs) == text.rstrip():
        return tuple(f"{m.group(1)}={m.group(2)}" for m in pairs)
    return tuple(text.replace(",", " ").split())  # the parser says what is wrong


def _check(request: LogRequest) -> LogRequest:
    build_match(request)  # raises on anything `companion log` would refuse
    return request


def _ties(scores: dict[str, int]) -> list[str]:
    top = max(scores.values())
    tied = [p for p, s in scores.items() if s == top]
    return tied if len(tied) > 1 else []


def ask_request(
    game: str,
    seen: list[str] | None = None,
    place: str | None = None,
    settle: Callable[[LogRequest], LogRequest] | None = None,
) -> LogRequest:
    """Every question for `game`, each answer checked before the next; `seen`: the
    players of the history, offered as you type a name; `place`: the table's default
    location (kept when the answer is left as it is); `settle`: the players named as the
    table knows them, asked once the scores are typed."""
    from companion.history.log import parse_scores

    seen = seen or []
    logging = logging_of(game)
    if logging.solo:
        player = prompts.ask(
            "Who played?", SOLO_PLAYER, lambda t: t.strip() or SOLO_PLAYER, choices="a name",
            complete=seen,
        )  # fmt: skip
        request = prompts.ask(
            logging.score_prompt,
            "",
            lambda t: _check(LogRequest(game, (t,), player=player)),
            choices="a whole number",
        )
    else:
        request = prompts.ask(
            logging.score_prompt,
            "",
            lambda t: _entries(game, t),
            choices="NAME=SCORE, e.g. Ana=29 Ben=14",
            complete=seen,
            several=True,
        )
    if settle is not None:
        request = settle(request)
    tied = [] if logging.solo else _ties(parse_scores(request.entries))
    for question in logging.questions:
        if question.when == "tie" and not tied:
            continue
        request = _answer(request, question, tied)
    request = prompts.ask(
        "When was it played?",
        "now",
        lambda t: _check(_with(request, when=None if t == "now" else t)),
        choices="YYYY-MM-DD[ HH:MM], yesterday, friday, 3 days ago, or now",
    )
    request = prompts.ask(
        "How many minutes did it take?",
        "none",
        lambda t: _check(_with(request, minutes=None if t == "none" else t)),
        choices="a whole number, or none",
    )
    request = prompts.ask(
        "Where was it played?",
        place or "none",
        lambda t: _check(_with(request, location=None if t in ("none", place) else t)),
        choices="a place, or none" if place is None else f"a place (the default: {place})",
    )
    return prompts.ask(
        "A note?",
        "none",
        lambda t: _check(_with(request, note=None if t == "none" else t)),
        choices="any text, or none",
    )


def _answer(request: LogRequest, question: Any, tied: list[str]) -> LogRequest:
    """One more question of the game's (its spec's `Logged.questions`); `none` leaves it out
    unless the question is `required`."""
    empty: Any = () if question.words else None

    def value(text: str) -> Any:
        if text == "none":
            return empty
        return _words(text) if question.words else text

    return prompts.ask(
        question.prompt.format(tied=", ".join(tied)),
        "" if question.required else "none",
        lambda t: _check(_with(request, own={**request.own, question.option: value(t)})),
        choices=question.choices,
    )


def _entries(game: str, text: str) -> LogRequest:
    from companion.history.log import parse_scores

    if not text:
        raise BadInput("an answer is needed: NAME=SCORE for each player")
    request = LogRequest(game, _words(text))
    settles = any(q.when == "tie" for q in logging_of(game).questions)
    if settles and _ties(parse_scores(request.entries)):
        return request  # checked whole once the tie's own question is answered
    return _check(request)


def _with(request: LogRequest, **changes: Any) -> LogRequest:
    from dataclasses import replace

    return replace(request, **changes)


def _people(store: Store, request: LogRequest) -> LogRequest:
    """The request's players as the table knows them; a slip of a known name is asked."""
    from companion.history.log import players_named, with_players
    from companion.ui.guided.steps import people

    new: list[str] = []
    settled = people(store, players_named(request), new)
    return _with(with_players(request, settled), new=(*request.new, *new))


def run(store: Store) -> bool:
    """Ask for a finished game and log it; False when the table backs out."""
    from companion.tables import log_game
    from companion.ui.guided.steps import players_seen
    from companion.ui.history import logged_view

    games = loggable()
    for game, kind in games.items():
        prompts.say(f"  [bold]{game}[/bold]: {kind.log.title}")
    try:
        game = prompts.choose("Which game was played?", list(games), next(iter(games)))
        from companion.history.playrecord import default_location

        request = ask_request(
            game, players_seen(store), default_location(store)[0], lambda r: _people(store, r)
        )
    except prompts.Undo:
        prompts.say("  nothing logged")
        return False
    try:
        answer = log_game(store, request).to_json()
    except CompanionError as err:  # e.g. the database cannot be written: say so, back to the menu
        prompts.say(f"error: {prompts.reason(err)}", markup=False)
        return False
    logged_view(prompts.console(), answer)
    return True
