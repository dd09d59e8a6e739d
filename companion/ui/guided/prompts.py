"""The prompts every guided flow uses: lists to pick from, names to complete, undo, Ctrl-C.

Reuse this module for a game's `play` flow; it knows nothing about any game.

Three kinds of question
    * A choice from a short list (a game, a tribe, a kind of shot, a foul-die face,
      yes/no): `choose` shows the list under the question with the default
      highlighted. Arrow keys (or Tab) move; typing filters the list and jumps to
      the first choice that starts with what is typed (shortcut letters: `n` +
      Enter is "no"); Enter picks the highlighted choice.
    * A name from a long list (a team's players, cards of a catalogue, players seen before):
      `name` (or `ask(..., complete=NAMES)`) is a line with a completion menu
      that offers the names matching what is typed, by prefix and by close spelling;
      Tab (or the arrow keys) walks the menu, Enter takes the line. A unique prefix
      is enough.
    * A free value (a d20 result, a stat, scores): `ask` / `number` / `d20`, a line.

Rules every prompt follows
    * It shows its choices and its default; Enter alone takes the default.
    * An answer that does not parse cannot be submitted: the reason shows under it
      and the question is asked again on an empty line; ↑ brings the refused answer
      back to mend (a five-card team is not retyped), and what is typed otherwise is
      never glued to it.
    * Undo is one keystroke away: Ctrl-Z (or typing `<` and Enter) raises `Undo`,
      which the flow turns into "go back one question" (or "take back the last
      recorded event"). No choice and no name starts with `<`, so undo never takes a
      letter that starts an answer (`u` is the start of "unleashed").
    * `?` and Enter is help at every question, never an answer: where a question uses
      the game's words (milestones, line-ups, chips) it explains them at length
      (`explain=`), elsewhere it says what to type; the question is then asked again.
    * Ctrl-C (or Ctrl-D) raises KeyboardInterrupt / EOFError. Wrap the flow in
      `guarded()` to turn both into the one-line "interrupted" exit (130) that
      keeps everything recorded so far.

API
    on_terminal() -> bool                 stdin and stdout are both TTYs
    require_terminal(command)             raise BadInput off a terminal
    guarded()                             context manager: Ctrl-C/Ctrl-D -> typer.Abort (exit 130)
    Undo                                  raised by any prompt when the user asks to undo
    ask(question, default, parse, *, choices="", undo=True, complete=None, several=False,
        explain=None)
                                          the primitive: parse(text) -> value (raise
                                          CompanionError to refuse); "" means `default`;
                                          `complete`: names offered as you type (`several`:
                                          True, or the separators, for a list of names: the
                                          last one is completed)
    choose(question, choices, default, *, explain=None)  one of `choices` (str), from a list
    name(question, choices, default=None, what="name")  one of `choices`, typed with completion
    yes_no(question, default=False, *, explain=None)  bool (a list: yes / no)
    reason(err, here="")                  what a prompt says of a refused answer: the error,
                                          with its hint unless the hint is for the command line
                                          (then `here`, what to type at this question)
    number(question, default, check=None) int; `check(n)` may raise CompanionError;
                                          default=None: no default, Enter alone is refused
    d20(question, rng)                    Enter / `r` rolls with `rng` (shown); or the table's
                                          result (5..100 in fives)
    d8(question, rng)                     the foul die: `roll` (the default) or a face, from a list
    say(text) / console()                 print with rich markup between prompts
    no_interrupt()                        context manager deferring Ctrl-C (for multi-step writes)
    Asker(journal)                        the same questions as methods; with a journal (see
                                          companion/ui/guided/journal.py) answers already given
                                          are replayed, silently, instead of asked

`rng` is any object with `d20()` and `d8()` (a `TableRng`).
"""

from __future__ import annotations

import difflib
import io
import re
import signal
import string
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

from companion.engine.errors import BadInput, CompanionError
from companion.ui.guided.toolkit import before_question

if TYPE_CHECKING:
    from companion.engine.dice import Die

T = TypeVar("T")

# Typed alone (and Enter): undo. No choice or name starts with it (see the module's doc).
UNDO_WORDS = ("<",)
EXPLAIN_WORD = "?"
ROLL_WORDS = ("", "r", "roll")
ROLL = "roll"
# A name question lists its names in the question when there are this few.
LISTED_NAMES = 12
SELECT_HINT = "(↑↓ or type to pick, Enter takes it · <: back)"
SELECT_KEYS = (
    "↑ ↓ (or Tab) move the highlight; typing keeps the choices with a word starting with it\n"
    "Enter takes the highlighted choice · Backspace unfilters · < and Enter: back one question"
)
# Said once when a flow begins.
HINT = (
    "Enter takes the default · ↑↓ pick from a list · Tab completes a name · "
    "Ctrl-Z or <: back one question"
)
_UNDO = object()
_EXPLAIN = object()
# Questions put to the table so far (a setup step that asked none was answered for it).
asked = 0
_console: Any = None


class Refused:
    """What a prompt ends with on a refused answer: it is said, and the question asked anew
    on a clear line."""

    def __init__(self, typed: str, reason: str) -> None:
        self.typed = typed
        self.reason = reason

    def __repr__(self) -> str:
        return f"Refused({self.typed!r}, {self.reason!r})"


def _say_refused(refused: Refused) -> None:
    from rich.markup import escape

    console().print(f"  [red]{escape(refused.reason)}[/red]")


class Undo(Exception):  # noqa: N818 - a request, not an error
    """The user asked to go back (one question, or the last recorded event)."""


_FLAG = re.compile(r"^--[a-z][a-z-]*\s+")


def reason(err: CompanionError, here: str = "") -> str:
    """What a prompt says of a refused answer. A hint written for the command line
    (`--players Ana,Ben`, `'companion …'`) means nothing at a question: `here` (what to
    type at this question) is said instead, when there is one."""
    text = _FLAG.sub("", str(err))  # "--when 'x' is not a date": at a question, "'x' is not…"
    hint = err.hint
    if hint and ("--" in hint or "companion " in hint):
        hint = here or None
    return f"{text} (hint: {hint})" if hint else text


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


def say(text: str = "", markup: bool = True) -> None:
    """A line on the console; `markup=False` for a line of names or notes, shown as typed."""
    console().print(text, markup=markup)


# --- matching what is typed -------------------------------------------------------------


def ranked(typed: str, names: Sequence[str], close: bool = True, inside: bool = True) -> list[str]:
    """`names` that `typed` may mean, best first: exact, prefix, a word's prefix, (with
    `inside`) inside, then (with `close`) close spellings. Case-insensitive; "" ranks every
    name."""
    key = typed.strip().casefold()
    if not key:
        return list(names)
    folded = [(n, n.casefold()) for n in names]
    exact = [n for n, f in folded if f == key]
    prefix = [n for n, f in folded if f.startswith(key) and n not in exact]
    words = [
        n
        for n, f in folded
        if n not in exact and n not in prefix and any(w.startswith(key) for w in _words(f))
    ]
    within = [n for n, f in folded if inside and key in f and n not in {*exact, *prefix, *words}]
    found = [*exact, *prefix, *words, *within]
    if close and len(key) > 1:
        scored = [(_closeness(key, f), n) for n, f in folded if n not in found]
        found += [n for score, n in sorted(scored, key=lambda p: -p[0]) if score >= 0.7]
    return found


def _closeness(key: str, folded: str) -> float:
    """How close `key` is to the name, its words or its start (a typo: "Srge", "Pröt")."""
    return max(
        difflib.SequenceMatcher(None, key, part).ratio()
        for part in (folded, *_words(folded), folded[: len(key)], folded[: len(key) + 1])
    )


def _words(folded: str) -> list[str]:
    for mark in "-_/'.,()":
        folded = folded.replace(mark, " ")
    return folded.split()


# --- the select list (short lists) ----------------------------------------------------


def select_control(application: Any) -> Any:
    """The questionary list (`InquirerControl`) inside a select question's application."""
    from questionary.prompts.common import InquirerControl

    for window in application.layout.find_all_windows():
        if isinstance(window.content, InquirerControl):
            return window.content
    raise LookupError("not a questionary select")


def _word_starts(control: Any, guarded: Sequence[str]) -> None:
    """Make questionary's list keep, for what is typed, only the choices with a word that
    starts with it (`Eve` keeps "Eve reveals", never "Ana reveals"), and never a guarded
    one (`choose(guarded=...)`): those are reached with the arrow keys only."""
    kind = type(control)

    class WordStarts(kind):  # type: ignore[misc, valid-type]
        @property
        def filtered_choices(self) -> list[Any]:
            if not self.search_filter:
                return self.choices
            titles = [c.title for c in self.choices if c.title not in guarded]
            hits = set(ranked(self.search_filter, titles, close=False, inside=False))
            found = [c for c in self.choices if c.title in hits]
            self.found_in_search = bool(found)
            return found or self.choices

    control.__class__ = WordStarts


class Picker:
    """What the keys do in a select list (the questionary `InquirerControl` shows it).

    Typing filters the list to the choices with a word starting with what is typed
    (guarded ones never: see `choose`) and highlights the best of them (`ranked`: a
    prefix first); Backspace unfilters; ↑ ↓ Tab Shift-Tab move; Enter takes the
    highlighted choice, or `<` and Enter means undo (typing `<` replaces a filter, so
    the hint's "<: back" holds); `?` and Enter shows the help (the question's, or the
    keys') — `?` is never part of the filter, so the highlight does not move — and asks
    again with the same choice highlighted; typed text that matches no choice is
    refused: the reason shows under it and the list is asked anew.
    """

    def __init__(
        self,
        control: Any,
        options: Sequence[str],
        default: str,
        undo: bool,
        explain: bool = False,
        guarded: Sequence[str] = (),
        refused: Mapping[str, str] | None = None,
    ) -> None:
        self.ic = control
        self.refused = dict(refused or {})  # answers not offered, each with the rule's reason
        self.options = list(options)
        self.default = default
        self.undo = undo
        self.explain = explain
        self.guarded = list(guarded)
        self.help = False  # `?` typed: Enter shows the help
        self.pickable = [o for o in self.options if o not in self.guarded]
        _word_starts(control, self.guarded)

    @property
    def typed(self) -> str:
        return self.ic.search_filter or ""

    @property
    def pointed(self) -> str:
        return str(self.ic.get_pointed_at().title)

    def search_line(self) -> Any:
        """The line under the list while a filter is active: what it is and what the keys
        do now (it replaces questionary's bare "/ typed...")."""
        if not self.typed:
            return None
        typed = self.typed
        kept = self.ic.filtered_choices  # (sets found_in_search for what is typed now)
        if typed.strip() in (*UNDO_WORDS,) and self.undo:
            said = "Enter goes back one question"
        elif not self.ic.found_in_search:
            said = "no choice has a word starting with it: Enter refuses · Backspace unfilters"
        else:
            count = f"{len(kept)} of {len(self.options)}"
            said = f"{count} · Enter takes {self.pointed} · Backspace unfilters"
        return [("", "\n"), ("class:question-mark", "/ "), ("class:search_success", typed),
                ("class:instruction", f"  ({said})")]  # fmt: skip

    def _point_at_best(self) -> None:
        titles = [c.title for c in self.ic.filtered_choices]
        best = ranked(self.typed, [t for t in titles if t not in self.guarded], False, False)
        self.ic.pointed_at = titles.index(best[0]) if best else 0

    def _point_at_default(self) -> None:
        titles = [c.title for c in self.ic.filtered_choices]
        self.ic.pointed_at = titles.index(self.default) if self.default in titles else 0

    def ask_help(self) -> None:
        """`?` typed: Enter now shows the help (and asks again on the same choice)."""
        self.help = True
        self.ic.error_message = "? and Enter: the help for this question"

    def type(self, text: str) -> None:
        self.help = False
        self.ic.error_message = None
        for char in text:
            if char in UNDO_WORDS and self.undo:  # no choice holds it: `<` starts afresh
                self.ic.search_filter = None
            self.ic.add_search_character(char)
        self._point_at_best()

    def backspace(self) -> None:
        if self.help:  # Backspace takes back the `?`
            self.help, self.ic.error_message = False, None
            return
        self.ic.error_message = None
        self.ic.remove_search_character()
        if self.typed:
            self._point_at_best()
        else:
            self._point_at_default()

    def move(self, step: int) -> None:
        self.help = False
        self.ic.error_message = None
        if step > 0:
            self.ic.select_next()
        else:
            self.ic.select_previous()

    def enter(self) -> Any:
        """The answer: a choice, `_UNDO`, `(_EXPLAIN, the highlighted choice)` after `?`, or
        `Refused` (typed text that matches no choice)."""
        if self.help:
            return (_EXPLAIN, self.pointed)
        typed = self.typed.strip()
        if self.undo and typed.casefold() in UNDO_WORDS:
            return _UNDO
        if typed and not ranked(typed, self.pickable, close=False, inside=False):
            guarded = ranked(typed, self.guarded, close=False, inside=False)
            if guarded:
                return Refused(
                    typed, f"typing never takes '{guarded[0]}': ↑↓ to it and Enter, to be sure"
                )
            ruled = ranked(typed, list(self.refused), close=False, inside=False)
            if ruled:
                return Refused(typed, self.refused[ruled[0]])
            near = ranked(typed, self.pickable)
            hint = f"did you mean {' or '.join(near[:2])}?" if near else "↑↓ to pick one"
            return Refused(typed, f"'{typed}' is none of the choices ({hint})")
        self.ic.is_answered = True
        return self.ic.get_pointed_at().value


def _select_bindings(picker: Picker) -> Any:
    from prompt_toolkit.key_binding import KeyBindings
    from prompt_toolkit.keys import Keys

    bindings = KeyBindings()

    def typed(event: Any) -> None:
        data = event.key_sequence[0].data
        if data == EXPLAIN_WORD:  # help on Enter; the filter and the highlight stay as they are
            picker.ask_help()
        elif data and data.isprintable():
            picker.type(data)

    for char in string.printable:
        if char.isprintable():
            bindings.add(char, eager=True)(typed)
    bindings.add(Keys.Any, eager=True)(typed)  # letters beyond ASCII (Pröt)

    @bindings.add(Keys.Backspace, eager=True)
    def _(event: Any) -> None:
        picker.backspace()

    @bindings.add(Keys.ControlU, eager=True)
    def _(event: Any) -> None:
        while picker.typed:
            picker.backspace()

    @bindings.add(Keys.Down, eager=True)
    @bindings.add(Keys.Tab, eager=True)
    def _(event: Any) -> None:
        picker.move(1)

    @bindings.add(Keys.Up, eager=True)
    @bindings.add(Keys.BackTab, eager=True)
    def _(event: Any) -> None:
        picker.move(-1)

    @bindings.add(Keys.ControlM, eager=True)
    @bindings.add(Keys.ControlJ, eager=True)  # Enter typed ahead, while the tty was cooked
    def _(event: Any) -> None:
        event.app.exit(result=picker.enter())

    if picker.undo:

        @bindings.add(Keys.ControlZ, eager=True)
        def _(event: Any) -> None:
            event.app.exit(result=_UNDO)

    @bindings.add(Keys.ControlD, eager=True)
    def _(event: Any) -> None:
        event.app.exit(exception=EOFError)

    return bindings


def _select(
    message: str,
    options: Sequence[str],
    default: str,
    undo: bool,
    explain: str | None = None,
    guarded: Sequence[str] = (),
    refused: Mapping[str, str] | None = None,
) -> str:
    import questionary

    before_question()
    from prompt_toolkit.key_binding import merge_key_bindings

    hint = SELECT_HINT if undo else SELECT_HINT.replace(" · <: back", "")
    hint = hint.replace(")", f" · ?: {'what is this' if explain else 'help'})")
    question = questionary.select(
        message,
        choices=list(options),
        default=default,
        use_search_filter=True,
        use_jk_keys=False,
        instruction=hint,
    )
    app = question.application
    control = select_control(app)
    picker = Picker(control, options, default, undo, bool(explain), guarded, refused)
    _show_search_line(app, control, picker)
    app.key_bindings = merge_key_bindings([app.key_bindings, _select_bindings(picker)])
    answer = question.unsafe_ask()
    if answer is _UNDO:
        raise Undo
    if isinstance(answer, tuple) and answer[0] is _EXPLAIN:
        _say_explained(explain or SELECT_KEYS)
        return _select(message, options, answer[1], undo, explain, guarded, refused)
    if isinstance(answer, Refused):
        _say_refused(answer)
        return _select(message, options, default, undo, explain, guarded, refused)
    return str(answer)


def _show_search_line(app: Any, control: Any, picker: Picker) -> None:
    """questionary's line under a filtered list says only "/ typed..."; `Picker.search_line`
    says what the filter keeps and what Enter and Backspace do now."""
    from prompt_toolkit.layout.controls import FormattedTextControl

    for window in app.layout.find_all_windows():
        text = getattr(window.content, "text", None)
        if (
            isinstance(window.content, FormattedTextControl)
            and getattr(text, "__self__", None) is control
            and getattr(text, "__name__", "") == "get_search_string_tokens"
        ):
            window.content.text = picker.search_line


def _say_explained(text: str) -> None:
    from rich.markup import escape

    for line in text.splitlines():
        console().print(f"  [cyan]{escape(line)}[/cyan]")


# --- the line (free answers, and names with completion) --------------------------------


class NameCompleter:
    """Completion for a name (or the last of several names): `ranked` matches.

    `several`: True for names separated by commas, or the separating characters
    (", " for cards typed with spaces or commas between them).
    """

    def __init__(self, names: Sequence[str], several: bool | str = False) -> None:
        self.names = list(names)
        self.several = "," if several is True else several or ""

    def get_completions(self, document: Any, complete_event: Any) -> Iterable[Any]:
        from prompt_toolkit.completion import Completion

        text = document.text_before_cursor
        # Several names: after the last separator, or after the last NAME=VALUE and a space.
        gaps = "|".join(re.escape(c) if c != " " else r"\s" for c in self.several)
        word = re.split(rf"{gaps}|=\S*\s+", text)[-1] if self.several else text
        if "=" in word:  # NAME=POS, NAME=SCORE: the name is done
            return
        lead = len(word) - len(word.lstrip())
        typed = word[lead:]
        earlier = text[: len(text) - len(word)].casefold() if self.several else ""
        for found in ranked(typed, self.names):
            if found != typed and found.casefold() not in earlier:
                yield Completion(found, start_position=-len(typed))


def _completer(names: Sequence[str], several: bool | str) -> Any:
    """A prompt_toolkit Completer doing what `NameCompleter` does (prompt_toolkit is
    imported only once a question is asked)."""
    from prompt_toolkit.completion import Completer

    class _Completer(NameCompleter, Completer):
        pass

    return _Completer(names, several)


def only_completion(completer: Any, text: str) -> str | None:
    """`text` with its name completed, when the completion menu offers exactly one name."""
    if completer is None:
        return None
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    found = list(completer.get_completions(Document(text), CompleteEvent()))
    if len(found) != 1:
        return None
    completed = text[: len(text) + found[0].start_position] + found[0].text
    # A slip of a letter is a typo of a name; a different number is a different card
    # (`Eagles-3` is not `Eagles-5`), so the numbers typed must stand in what is taken.
    if re.findall(r"\d+", text) != re.findall(r"\d+", completed):
        return None
    return completed


def taken_line(typed: str, taken: Any) -> str | None:
    """The line as the answer was taken, when names typed by prefix or in another case were
    taken as whole names (`edd, may` -> "Edd Trapp, May Friend"); None when it reads as
    typed, or the answer is not names."""
    if isinstance(taken, str):
        parts, names = [typed.strip()], [taken]
    elif isinstance(taken, list) and taken and all(isinstance(n, str) for n in taken):
        parts, names = [p.strip() for p in typed.split(",") if p.strip()], taken
    else:
        return None
    if len(parts) != len(names) or parts == names:
        return None
    return ", ".join(names)


def _line_bindings(
    validate: Callable[[str], bool | str],
    undo: bool,
    completer: Any = None,
    taken: Callable[[str], str | None] | None = None,
) -> Any:
    """Ctrl-Z is undo; Enter on a refused answer ends the prompt with `Refused`: the reason
    is said under it and the question asked anew, on a clear line. A refused answer whose
    completion menu shows one name is that name (`Lnda` -> Linda Siempre): Enter takes it.
    `taken`: the line as the answer is taken (whole names for prefixes), left on screen."""
    from prompt_toolkit.key_binding import KeyBindings

    bindings = KeyBindings()

    if undo:

        @bindings.add("c-z")
        def _(event: Any) -> None:
            event.app.exit(result=_UNDO)

    @bindings.add("enter")
    def _(event: Any) -> None:
        buffer = event.current_buffer
        verdict = validate(buffer.text)
        if verdict is not True:
            completed = only_completion(completer, buffer.text)
            if completed is not None and validate(completed) is True:
                buffer.text, verdict = completed, True
        if verdict is True:
            shown = taken(buffer.text) if taken is not None else None
            if shown is not None:
                buffer.text = shown
            buffer.validate_and_handle()
            return
        event.app.exit(result=Refused(buffer.text, str(verdict) or "invalid input"))

    return bindings


def ask(
    question: str,
    default: str,
    parse: Callable[[str], T],
    *,
    choices: str = "",
    undo: bool = True,
    complete: Sequence[str] | None = None,
    several: bool | str = False,
    explain: str | None = None,
) -> T:
    """Ask until the answer parses; return `parse(answer)` ("" means `default`).
    `?` alone is never an answer: it says `explain` (else what to type here) and asks
    again."""

    def read(text: str) -> Any:
        typed = text.strip()
        if undo and typed.casefold() in UNDO_WORDS:
            return _UNDO
        if typed == EXPLAIN_WORD:
            return _EXPLAIN
        return parse(typed or default)

    def validate(text: str) -> bool | str:
        try:
            read(text)
        except CompanionError as err:
            return reason(err, f"type {choices}" if choices else "")
        return True

    global asked
    asked += 1
    shown = f"{question} [{choices}]" if choices else question
    if default:
        shown += f" ({default})"
    if explain:
        shown += " (? explains)"
    completer = _completer(complete, several) if complete else None

    def taken(text: str) -> str | None:
        # names typed by prefix are echoed whole; a free answer (a date, a number) as typed
        answer = read(text)
        return taken_line(text, answer) if complete and answer is not _EXPLAIN else None

    bindings = _line_bindings(validate, undo, completer, taken)
    # A refused answer is one ↑ away, to be mended rather than retyped; the line itself
    # starts empty, so what is typed next is never glued to it ("Ice PalaceNorth Rink").
    recalled = ""
    while True:
        answer = _line(shown, validate, bindings, completer, recalled)
        if isinstance(answer, Refused):
            _say_refused(answer)
            recalled = answer.typed
            continue
        recalled = ""
        result = _UNDO if answer is _UNDO else read(answer)
        if result is not _EXPLAIN:
            break
        _say_explained(explain or _what_to_type(choices, default))
    if result is _UNDO:
        raise Undo
    return result


def _typing() -> Any:
    """Complete while typing, once something is typed: the menu (and the room it needs
    under the line) comes with the first key, or with Tab."""
    from prompt_toolkit.application import get_app
    from prompt_toolkit.filters import Condition

    return Condition(lambda: bool(get_app().current_buffer.text))


def _what_to_type(choices: str, default: str) -> str:
    """What `?` says at a question that has no explanation of its own."""
    said = [f"Type {choices}." if choices else "Type your answer."]
    if default:
        said.append(f"Enter alone takes {default}.")
    return " ".join([*said, "↑ brings back an answer refused here.", "< and Enter: back."])


def _line(
    shown: str,
    validate: Callable[[str], bool | str],
    bindings: Any,
    completer: Any,
    recalled: str = "",
) -> Any:
    import questionary
    from prompt_toolkit.history import InMemoryHistory

    before_question()
    history = InMemoryHistory()
    if recalled:
        history.append_string(recalled)
    if completer is not None:
        return questionary.autocomplete(
            shown,
            choices=list(completer.names),
            completer=completer,
            validate=validate,
            key_bindings=bindings,
            complete_while_typing=_typing(),
            validate_while_typing=False,
            history=history,
        ).unsafe_ask()
    return questionary.text(
        shown, validate=validate, key_bindings=bindings, validate_while_typing=False,
        history=history,
    ).unsafe_ask()  # fmt: skip


# --- the questions ---------------------------------------------------------------------


def choose(
    question: str,
    choices: Sequence[str],
    default: str | None = None,
    *,
    undo: bool = True,
    explain: str | None = None,
    guarded: Mapping[str, str] | None = None,
    refused: Mapping[str, str] | None = None,
) -> str:
    """One of `choices`, picked from a list under the question (the default highlighted).

    `refused`: answers that are not choices now, each with the reason (the rule's words,
    from the legal-moves query): typing one says why, and the list is asked again.

    `guarded`: choices that cannot be taken back at the table (a secret card shown, a game
    ended or abandoned), each with the question that confirms it. Typing never picks one
    (it is left out of the filter); taken with the arrow keys and Enter, or with Enter as
    the default, its question is asked (default no), and a no asks the list again on the
    default."""
    from companion.engine.names import match_prefix

    options = list(dict.fromkeys(choices))
    if not options:
        raise BadInput(f"nothing to choose for '{question}'")
    chosen = options[0]
    if default is not None:
        try:
            chosen = match_prefix(default, options, what="choice")
        except CompanionError:
            chosen = options[0]
    global asked
    asked += 1
    shown = f"{question} [{' / '.join(options)}] ({chosen})"
    sure = {k: v for k, v in (guarded or {}).items() if k in options}
    while True:
        # Enter takes the highlighted choice, the default included: a guarded one is
        # confirmed however it was reached. After a no the list comes back on the question's
        # own default, so the "(default)" it shows stays true and a second Enter is safe.
        picked = _select(shown, options, chosen, undo, explain, list(sure), refused)
        if picked not in sure or yes_no(sure[picked], False):
            return picked


def name(
    question: str,
    choices: Sequence[str],
    default: str | None = None,
    *,
    what: str = "name",
    words: Sequence[str] = (),
    undo: bool = True,
) -> str:
    """One of `choices` (or of `words`, e.g. `none`), typed with completion: a unique
    prefix is enough, Tab completes, a close spelling is offered."""
    from companion.engine.names import match_prefix

    names = list(dict.fromkeys([*choices, *words]))
    if not names:
        raise BadInput(f"nothing to choose for '{question}'")

    def parse(text: str) -> str:
        if not text:
            raise BadInput(f"an answer is needed: a {what} (Tab completes)")
        return match_prefix(text, names, what=what)

    listed = " / ".join(names) if len(names) <= LISTED_NAMES else f"Tab completes {what}s"
    return ask(question, default or "", parse, choices=listed, complete=names, undo=undo)


def yes_no(question: str, default: bool = False, *, explain: str | None = None) -> bool:
    return choose(question, ["yes", "no"], "yes" if default else "no", explain=explain) == "yes"


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


def die(question: str, rng: Any, rolled: Die) -> Any:
    """The face the table rolled on a game's die, or Enter to let the companion roll it:
    a number typed for a die of numbers, a face chosen for a die of named faces."""
    if all(isinstance(f, str) for f in rolled.faces):
        return _named_face(question, rng, rolled)
    faces = list(dict.fromkeys(rolled.faces))
    shown = ", ".join(str(f) for f in faces[:2]) + f", … {faces[-1]}" if len(faces) > 3 else ""

    def parse(text: str) -> Any:
        if text.casefold() in ROLL_WORDS:
            return None
        try:
            return rolled.check(int(text))
        except ValueError:
            raise BadInput(
                f"'{text}' is not a {rolled.name} result ({shown or faces}), nor r to roll"
            ) from None

    value = ask(question, "roll", parse, choices=f"Enter rolls, or type {faces[0]}..{faces[-1]}")
    if value is None:
        value = rolled.roll(rng)
        say(f"  rolled [bold]{rolled.label(value)}[/bold]")
    return value


def _named_face(question: str, rng: Any, rolled: Die) -> str:
    names = [str(f) for f in dict.fromkeys(rolled.faces)]
    message = f"{question} [Enter rolls, or {' / '.join(names)}] ({ROLL})"
    face = _select(message, [ROLL, *names], ROLL, True)
    if face == ROLL:
        face = rolled.roll(rng)
        say(f"  rolled [bold]{rolled.label(face)}[/bold]")
    return face


# --- asking through a journal -----------------------------------------------------------


class Asker:
    """The questions above as methods. With a `journal` (companion/ui/guided/journal.py),
    an answer it already holds is replayed without asking (and without output), and
    each new answer is written to it as it is given."""

    def __init__(self, journal: Any = None) -> None:
        self.journal = journal
        self._quiet: Any = None

    @property
    def replaying(self) -> bool:
        return self.journal is not None and self.journal.replaying

    def _answer(self, question: str, live: Callable[[], T]) -> T:
        if self.replaying:
            return self.journal.replay(question)
        value = live()
        if self.journal is not None:
            self.journal.answer(question, value)
        return value

    def ask(self, question: str, default: str, parse: Callable[[str], T], **options: Any) -> T:
        return self._answer(question, lambda: ask(question, default, parse, **options))

    def choose(self, question: str, choices: Sequence[str], default: str | None = None,
               **options: Any) -> str:  # fmt: skip
        return self._answer(question, lambda: choose(question, choices, default, **options))

    def name(self, question: str, choices: Sequence[str], default: str | None = None,
             **options: Any) -> str:  # fmt: skip
        return self._answer(question, lambda: name(question, choices, default, **options))

    def yes_no(self, question: str, default: bool = False, **options: Any) -> bool:
        return self._answer(question, lambda: yes_no(question, default, **options))

    def number(self, question: str, default: int | None,
               check: Callable[[int], Any] | None = None) -> int:  # fmt: skip
        return self._answer(question, lambda: number(question, default, check))

    def die(self, question: str, rng: Any, rolled: Die) -> Any:
        return self._answer(question, lambda: die(question, rng, rolled))

    def console(self) -> Any:
        """The console, or (while replaying) one that shows nothing."""
        if not self.replaying:
            return console()
        if self._quiet is None:
            from rich.console import Console

            self._quiet = Console(file=io.StringIO(), width=120, color_system=None)
        return self._quiet

    def say(self, text: str = "", markup: bool = True) -> None:
        if not self.replaying:
            say(text, markup)
