"""The prompts every guided flow uses: defaults, unique prefixes, undo, Ctrl-C.

Reuse this module for a game's `play` flow; it knows nothing about any game.

Rules every prompt follows
    * It shows its choices and its default; Enter alone takes the default.
    * Names match by unique prefix, case-insensitively (`companion.engine.names`);
      an answer that does not parse cannot be submitted — the reason shows
      under the prompt and the question stays.
    * Undo is one keystroke away: Ctrl-Z (or typing `u` / `undo`) raises
      `Undo`, which the flow turns into "take back the last recorded event".
      `u` alone always means undo; choices starting with "u" need two letters.
    * Ctrl-C (or Ctrl-D) raises KeyboardInterrupt / EOFError. Wrap the flow in
      `guarded()` to turn both into the one-line "interrupted" exit (130) that
      keeps everything recorded so far.

API
    on_terminal() -> bool                 stdin and stdout are both TTYs
    require_terminal(command)             raise BadInput off a terminal
    guarded()                             context manager: Ctrl-C/Ctrl-D -> typer.Abort (exit 130)
    Undo                                  raised by any prompt when the user asks to undo
    ask(question, default, parse, *, choices="", undo=True)  the primitive: parse(text) -> value
                                          (raise CompanionError to refuse); "" means `default`
    choose(question, choices, default)    one of `choices` (str), by unique prefix
    yes_no(question, default=False)       bool
    number(question, default, check=None) int; `check(n)` may raise CompanionError;
                                          default=None: no default, Enter alone is refused
    d20(question, rng)                    Enter / `r` rolls with `rng` (shown); or the table's
                                          result (5..100 in fives)
    d8(question, rng)                     Enter / `r` rolls the foul die; or a face by prefix
    say(text) / console()                 print with rich markup between prompts
    no_interrupt()                        context manager deferring Ctrl-C (for multi-step writes)

`rng` is any object with `d20()` and `d8()` (a `TableRng`).
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

from companion.engine.errors import BadInput, CompanionError

T = TypeVar("T")

UNDO_WORDS = ("u", "undo")
ROLL_WORDS = ("", "r", "roll")
_UNDO = object()
_console: Any = None


class Undo(Exception):  # noqa: N818 - a request, not an error
    """The user asked to take back the last recorded event."""


def on_terminal() -> bool:
    from companion.ui.terminal import on_terminal as both_ends_terminal

    return both_ends_terminal()


def require_terminal(command: str) -> None:
    if not on_terminal():
        raise BadInput(
            f"'{command}' asks questions and needs a terminal",
            hint="run it in a terminal, or record with the plain commands",
        )


@contextmanager
def guarded() -> Iterator[None]:
    """Ctrl-C or Ctrl-D anywhere inside: one line on stderr, exit 130, nothing lost."""
    import typer

    try:
        yield
    except (KeyboardInterrupt, EOFError):
        raise typer.Abort() from None


@contextmanager
def no_interrupt() -> Iterator[None]:
    """Hold Ctrl-C until the block is done (a group of writes stays whole)."""
    caught: list[Any] = []
    try:
        previous = signal.signal(signal.SIGINT, lambda *a: caught.append(a))
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:
        raise KeyboardInterrupt


def console() -> Any:
    global _console
    if _console is None:
        from companion.ui.console import rich_console

        _console = rich_console(highlight=False, soft_wrap=True)
    return _console


def say(text: str = "") -> None:
    console().print(text)


def _key_bindings() -> Any:
    from prompt_toolkit.key_binding import KeyBindings

    bindings = KeyBindings()

    @bindings.add("c-z")
    def _(event: Any) -> None:
        event.app.exit(result=_UNDO)

    return bindings


def ask(
    question: str,
    default: str,
    parse: Callable[[str], T],
    *,
    choices: str = "",
    undo: bool = True,
) -> T:
    """Ask until the answer parses; return `parse(answer)` ("" means `default`)."""
    import questionary

    def read(text: str) -> Any:
        typed = text.strip()
        if undo and typed.casefold() in UNDO_WORDS:
            return _UNDO
        return parse(typed or default)

    def validate(text: str) -> bool | str:
        try:
            read(text)
        except CompanionError as err:
            return err.line()
        return True

    shown = f"{question} [{choices}]" if choices else question
    if default:
        shown += f" ({default})"
    answer = questionary.text(
        shown, validate=validate, key_bindings=_key_bindings() if undo else None
    ).unsafe_ask()
    result = _UNDO if answer is _UNDO else read(answer)
    if result is _UNDO:
        raise Undo
    return result


def choose(question: str, choices: Sequence[str], default: str | None = None) -> str:
    from companion.engine.names import match_prefix

    options = list(choices)
    if not options:
        raise BadInput(f"nothing to choose for '{question}'")
    chosen_default = default if default is not None else options[0]
    return ask(
        question,
        chosen_default,
        lambda text: match_prefix(text, options, what="choice"),
        choices=" / ".join(options),
    )


def yes_no(question: str, default: bool = False) -> bool:
    return choose(question, ["yes", "no"], "yes" if default else "no") == "yes"


def number(question: str, default: int | None, check: Callable[[int], Any] | None = None) -> int:
    """A whole number; with `default=None` no default is shown and Enter alone is refused."""

    def parse(text: str) -> int:
        if not text:
            raise BadInput("an answer is needed: type a whole number")
        try:
            value = int(text)
        except ValueError:
            raise BadInput(f"'{text}' is not a whole number") from None
        if check is not None:
            check(value)
        return value

    return ask(question, "" if default is None else str(default), parse)


def d20(question: str, rng: Any) -> int:
    """The table's d20 result, or Enter to let the companion roll it."""
    from companion.engine.dice import parse_d20

    def parse(text: str) -> int | None:
        if text.casefold() in ROLL_WORDS:
            return None
        try:
            return parse_d20(int(text))
        except ValueError:
            raise BadInput(f"'{text}' is not a d20 result (5, 10, … 100), nor r to roll") from None

    value = ask(question, "roll", parse, choices="Enter rolls, or type 5..100")
    if value is None:
        value = rng.d20()
        say(f"  rolled [bold]{value}[/bold]")
    return value


def d8(question: str, rng: Any) -> str:
    """The foul die face the table rolled (by prefix), or Enter to roll it."""
    from companion.engine.dice import D8_FACE_NAMES, d8_label, parse_d8

    def parse(text: str) -> str | None:
        return None if text.casefold() in ROLL_WORDS else parse_d8(text)

    face = ask(question, "roll", parse, choices="Enter rolls, or " + " / ".join(D8_FACE_NAMES))
    if face is None:
        face = rng.d8()
        say(f"  rolled [bold]{d8_label(face)}[/bold]")
    return face
