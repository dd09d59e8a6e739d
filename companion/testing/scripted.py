"""Guided flows in-process: a scripted table answers the prompts, the screen is a string.

Real-pty tests (the core's tests/guided/terminal.py) drive a `companion` process through a
pseudo-terminal: faithful, and about a second each. `Scripted` runs the same command
in-process instead. Every prompt in companion/ui/guided/prompts.py asks through
`questionary.text(...)`, `questionary.autocomplete(...)` (a line with a completion menu)
or `questionary.select(...)` (a list); the `scripted` fixture (companion/testing/__init__.py)
replaces those input functions with stubs that take the next scripted keys and feed them
to the prompt's own key bindings:

* a line: typed characters, Backspace, Ctrl-U, Tab and ↓ (walk the completions the
  prompt's own completer offers, as prompt_toolkit does), Enter (the prompt's Enter
  binding: a refused answer ends the prompt, the flow says the reason and asks again on an
  empty line, the refused answer one ↑ away in the prompt's history);
* a list: the real questionary list is built (without a terminal) and every key goes to
  its bindings — typing filters, ↑ ↓ move, Enter picks — exactly as on a terminal.

Question, keys and reasons go to the transcript, where the flow's console output goes
too. Ctrl-Z presses the prompt's real key binding; Ctrl-C raises KeyboardInterrupt as
prompt_toolkit does.

The script reads like a Terminal session, and is queued before the run:

    flow.answer("Who flips first?", "Ann")       # the question asked must contain this
    flow.expect("Counter failed")                  # shown since the last expect/answer
    flow.check(lambda: events(db)[-1]["type"], "turn")   # at that point: value == expected
    flow.then(lambda: ...)                         # run at that point
    flow.send("70\\r") / flow.send("\\x1a")          # whatever is asked next: text, Ctrl-Z
    flow.send(DOWN + DOWN + "\\r") / flow.send("Se\\t\\r")   # arrow keys, Tab
    flow.interrupt()                               # Ctrl-C
    result = flow.run("mygame", "play", "--seed", "1")    # exit code, stdout, stderr

Steps run in order as the flow reaches them: expectations and checks when the next
question is asked (or when the command ends), answers one per question. A question with
no answer left, an answer for a question not asked, or script left over when the command
ends fails the test with the transcript's end.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

CTRL_Z = "\x1a"
CTRL_C = "\x03"
CTRL_D = "\x04"
CTRL_U = "\x15"
UP, DOWN, SHIFT_TAB = "\x1b[A", "\x1b[B", "\x1b[Z"
TAB, ENTER, BACKSPACE = "\t", "\r", "\x7f"
SHOWN = {UP: "↑", DOWN: "↓", SHIFT_TAB: "⇤", TAB: "⇥", BACKSPACE: "⌫", CTRL_U: "^U"}


def keys_of(typed: str) -> list[str]:
    """Split what is sent into keys: escape sequences for the arrows stay whole."""
    keys, rest = [], typed
    while rest:
        special = next((k for k in (UP, DOWN, SHIFT_TAB) if rest.startswith(k)), None)
        key = special or rest[0]
        keys.append(key)
        rest = rest[len(key) :]
    return keys


def shown(keys: list[str]) -> str:
    return "".join(SHOWN.get(k, k) for k in keys if k != ENTER)


@dataclass
class _Step:
    kind: str  # "answer" | "send" | "expect" | "then"
    text: str = ""
    typed: str = ""
    check: Callable[[], Any] | None = None
    expected: Any = None
    compare: bool = False


class ScriptError(AssertionError):
    pass


class _Transcript(io.StringIO):
    """What a terminal would show (the console writes here, and so do the prompts)."""

    def isatty(self) -> bool:
        return False


class Scripted:
    def __init__(self, invoke: Callable[..., Any]) -> None:
        self._invoke = invoke
        self.steps: list[_Step] = []
        self.screen = _Transcript()
        self.seen = 0  # where the next expect/answer starts looking
        self.asked: list[str] = []

    # --- the script ---------------------------------------------------------------------

    def answer(self, prompt: str, typed: str) -> Scripted:
        """Wait for a question containing `prompt`, then type `typed` and Enter (on a line
        pre-filled with a refused answer, in place of it: the answer is the line's text)."""
        self.steps.append(_Step("answer", text=prompt, typed=typed))
        return self

    def send(self, keys: str) -> Scripted:
        """Keys for whatever is asked next: text ending in Enter ("70\\r"), or Ctrl-Z/C/D."""
        self.steps.append(_Step("send", typed=keys))
        return self

    def interrupt(self) -> Scripted:
        return self.send(CTRL_C)

    def expect(self, wanted: str) -> Scripted:
        """`wanted` is on the screen after the last expectation or answered question."""
        self.steps.append(_Step("expect", text=wanted))
        return self

    def then(self, check: Callable[[], Any]) -> Scripted:
        """Call `check()` at this point of the flow (e.g. read the store mid-flow)."""
        self.steps.append(_Step("then", check=check))
        return self

    def check(self, value: Callable[[], Any], expected: Any) -> Scripted:
        """At this point of the flow, `value()` must equal `expected`."""
        self.steps.append(_Step("then", check=value, expected=expected, compare=True))
        return self

    # --- running ----------------------------------------------------------------------

    @property
    def text(self) -> str:
        return self.screen.getvalue()

    def run(self, *args: str) -> Any:
        """Run `companion ARGS…` in-process through the script; the CLI's Result.

        What the command printed itself (outside the flow's console) is added to the
        screen after it ends, stdout then stderr, as a terminal would show it.
        """
        result = self._invoke(*args)
        self.screen.write(result.stdout + result.stderr)
        self._settle()
        left = [s for s in self.steps if s.kind in ("answer", "send")]
        if left:
            raise self._error(
                f"the command ended (exit {result.exit_code}) with {len(left)} answer(s) "
                f"left, the next for {left[0].text or left[0].typed!r}; stderr: {result.stderr!r}"
            )
        return result

    def _settle(self) -> None:
        """Run the expectations and checks queued before the next answer."""
        while self.steps and self.steps[0].kind in ("expect", "then"):
            step = self.steps.pop(0)
            if step.kind == "then":
                assert step.check is not None
                got = step.check()
                if step.compare and got != step.expected:
                    raise self._error(f"at this point {got!r} != {step.expected!r}")
            else:
                self._find(step.text)

    def _find(self, wanted: str) -> None:
        at = self.text.find(wanted, self.seen)
        if at < 0:
            raise self._error(f"{wanted!r} not on screen")
        self.seen = at + len(wanted)

    def _error(self, message: str) -> ScriptError:
        return ScriptError(f"{message}; the screen ended with:\n{self.text[-2000:]}")

    # --- the stubs standing in for questionary.text / autocomplete / select ------------

    def text_prompt(
        self,
        message: str,
        validate: Any = None,
        key_bindings: Any = None,
        default: str = "",
        history: Any = None,
        **_: Any,
    ):
        return _Question(self, message, validate, key_bindings, default=default, history=history)

    def autocomplete_prompt(
        self,
        message: str,
        choices: Any = None,
        completer: Any = None,
        validate: Any = None,
        key_bindings: Any = None,
        default: str = "",
        history: Any = None,
        **_: Any,
    ):
        return _Question(self, message, validate, key_bindings, completer, default, history)

    def select_prompt(self, message: str, choices: Any, **options: Any):
        from prompt_toolkit.application import create_app_session
        from prompt_toolkit.input import DummyInput
        from prompt_toolkit.output import DummyOutput
        from questionary.prompts.select import select

        with create_app_session(input=DummyInput(), output=DummyOutput()):
            real = select(message, choices, **options)
        return _List(self, message, real)

    def _next_keys(self, question: Any) -> str:
        """The keys scripted for `question` (an answer's text and Enter, or what is sent)."""
        while True:
            self._settle()
            if not self.steps:
                raise self._error(f"no answer scripted for {question.message!r}")
            step = self.steps.pop(0)
            if step.kind == "answer":
                if step.text not in question.message:
                    raise self._error(
                        f"the script answers {step.text!r} but the question is {question.message!r}"
                    )
                self.seen = len(self.text)
                if isinstance(question, _Question):
                    question.line = ""  # the answer is the whole line
                return step.typed + ENTER
            return step.typed

    def _ask(self, question: Any) -> Any:
        # A line pre-filled with a refused answer shows it, as the terminal does.
        self.screen.write(f"? {question.message} {getattr(question, 'default', '')}")
        self.asked.append(question.message)
        while True:
            keys = self._next_keys(question)
            if keys == CTRL_C:
                self.screen.write("^C\n")
                raise KeyboardInterrupt
            if keys == CTRL_D:
                self.screen.write("^D\n")
                raise EOFError
            if keys == CTRL_Z:
                self.screen.write("^Z\n")
                return _press_ctrl_z(question.key_bindings, question.message)
            if not keys.endswith(ENTER):
                raise ScriptError(f"send {keys!r}: end typed text with '\\r' (Enter)")
            pressed = keys_of(keys)
            line = None
            taken, refused = question.press(pressed)
            if isinstance(question, _Question) and refused is None and isinstance(taken, str):
                line = taken if taken != question.line else None  # the prompt mended the line
            self.screen.write(f"{line if line is not None else shown(pressed)}\n")
            if refused is None:
                return taken
            # As on a terminal: the reason shows under the prompt, the question stays.
            self.screen.write(f"  {refused}\n? {question.message} ")


class _Question:
    """A line (questionary.text / autocomplete): its validation, bindings and completer."""

    def __init__(
        self,
        script: Scripted,
        message: str,
        validate: Any,
        key_bindings: Any,
        completer=None,
        default: str = "",
        history: Any = None,
    ):
        self.script = script
        self.default = default
        self.history = list(history.get_strings()) if history is not None else []
        self.message = message
        self.validate = validate
        self.key_bindings = key_bindings
        self.completer = completer
        self.line = ""
        self.menu: list[Any] | None = None  # the completions shown, and where they start
        self.origin = ""
        self.index: int | None = None

    def _completions(self) -> list[Any]:
        from prompt_toolkit.completion import CompleteEvent
        from prompt_toolkit.document import Document

        if self.completer is None:
            return []
        event = CompleteEvent(text_inserted=True)
        return list(self.completer.get_completions(Document(self.line), event))

    def _open_menu(self) -> None:
        """As `complete_while_typing` does after each key: the menu, nothing selected."""
        found = self._completions()
        self.menu, self.origin, self.index = (found or None), self.line, None

    def _apply(self, completion: Any) -> None:
        self.line = self.origin[: len(self.origin) + completion.start_position] + completion.text

    def _tab(self) -> None:
        if self.menu is None:  # nothing typed yet: Tab opens the menu (or completes the one)
            self._open_menu()
            if self.menu and len(self.menu) == 1:
                self._apply(self.menu[0])
                self.menu = None
            return
        self.index = 0 if self.index is None else (self.index + 1) % len(self.menu)
        self._apply(self.menu[self.index])

    def press(self, keys: list[str]) -> tuple[Any, str | None]:
        """Type `keys` (ending with Enter): (what the prompt ends with, None), or (None, the
        reason) for a prompt without bindings whose validation refuses."""
        for key in keys:
            if key == ENTER:
                return self.enter()
            if key in (TAB, DOWN):
                self._tab()
            elif key in (UP, SHIFT_TAB):
                if self.menu and self.index is not None:
                    self.index = (self.index - 1) % len(self.menu)
                    self._apply(self.menu[self.index])
                elif key == UP and self.history:  # the answer refused here, to mend
                    self.line, self.menu = self.history[-1], None
            elif key == BACKSPACE:
                self.line = self.line[:-1]
                self._open_menu()
            elif key == CTRL_U:
                self.line = ""
                self.menu = None
            else:
                self.line += key
                self._open_menu()
        raise ScriptError("keys must end with Enter")

    def enter(self) -> tuple[Any, str | None]:
        """Enter through the prompt's own Enter binding, as prompt_toolkit would run it."""
        if self.key_bindings is None:
            refused = _verdict(self.validate, self.line)
            return (None, refused) if refused else (self.line, None)
        return press_enter(self.key_bindings, self.line), None

    def refusal(self, typed: str) -> str | None:
        return _verdict(self.validate, typed)

    def unsafe_ask(self) -> Any:
        self.line, self.menu = self.default, None
        return self.script._ask(self)

    def ask(self) -> Any:  # questionary's ask(): Ctrl-C gives None instead of raising
        try:
            return self.unsafe_ask()
        except KeyboardInterrupt:
            return None


def _verdict(validate: Any, typed: str) -> str | None:
    if validate is None:
        return None
    verdict = validate(typed)
    if verdict is True:
        return None
    return str(verdict) if verdict else "invalid input"


def press_enter(bindings: Any, text: str) -> Any:
    """Press Enter on a line holding `text` through the prompt's own bindings: what the
    prompt ends with (the text when accepted, else what its binding exits with)."""
    from prompt_toolkit.buffer import Buffer
    from prompt_toolkit.keys import Keys

    ended: list[Any] = []

    def accept(buffer: Any) -> bool:
        ended.append(buffer.text)
        return True

    buffer = Buffer(accept_handler=accept)
    buffer.text = text

    class _App:
        def exit(self, result: Any = None, **_: Any) -> None:
            ended.append(result)

    class _Event:
        current_buffer = buffer
        app = _App()

    found = bindings.get_bindings_for_keys((Keys.ControlM,))
    if not found:
        raise ScriptError("Enter is not bound")
    found[-1].handler(_Event())
    if not ended:
        raise ScriptError(f"Enter on {text!r} neither took the answer nor ended the prompt")
    return ended[0]


class _List:
    """A questionary select, built for real; the scripted keys go to its key bindings."""

    def __init__(self, script: Scripted, message: str, question: Any) -> None:
        self.script = script
        self.message = message
        self.question = question
        self.application = question.application

    @property
    def key_bindings(self) -> Any:
        return self.application.key_bindings

    def press(self, keys: list[str]) -> tuple[Any, str | None]:
        for key in keys:
            done, result = _dispatch(self.application, key)
            if done:
                return result, None
        raise ScriptError(f"the list did not end on {shown(keys)!r}")

    def unsafe_ask(self) -> Any:
        return self.script._ask(self)

    def ask(self) -> Any:
        try:
            return self.unsafe_ask()
        except KeyboardInterrupt:
            return None


_KEYS = {
    CTRL_U: "c-u",
    ENTER: "c-m",
    TAB: "c-i",
    BACKSPACE: "c-h",
    UP: "up",
    DOWN: "down",
    SHIFT_TAB: "s-tab",
}


def _dispatch(application: Any, key: str) -> tuple[bool, Any]:
    """One key through the application's bindings, as prompt_toolkit's key processor
    picks the handler (eager first, the last registered wins); (exited, result)."""
    from prompt_toolkit.key_binding.key_processor import KeyPress
    from prompt_toolkit.keys import Keys

    name = _KEYS.get(key)
    pressed = Keys(name) if name else key
    if key == BACKSPACE:
        pressed = Keys.Backspace
    found = [b for b in application.key_bindings.get_bindings_for_keys((pressed,)) if b.filter()]
    eager = [b for b in found if b.eager()]
    chosen = (eager or found)[-1] if found else None
    if chosen is None:
        return False, None
    exited: list[Any] = []

    class _App:
        def exit(self, result: Any = None, exception: Any = None, **_: Any) -> None:
            if exception is not None:
                raise exception() if isinstance(exception, type) else exception
            exited.append(result)

    class _Event:
        app = _App()
        key_sequence = [KeyPress(pressed, key)]
        data = key

    chosen.handler(_Event())
    return (True, exited[0]) if exited else (False, None)


def _press_ctrl_z(key_bindings: Any, message: str) -> Any:
    """Call the prompt's own Ctrl-Z binding, as prompt_toolkit would; what it exits with."""
    from prompt_toolkit.keys import Keys

    bindings = key_bindings.get_bindings_for_keys((Keys.ControlZ,)) if key_bindings else []
    if not bindings:
        raise ScriptError(f"Ctrl-Z is not bound at {message!r}")
    exited: list[Any] = []

    class _App:
        def exit(self, result: Any = None, **_: Any) -> None:
            exited.append(result)

    class _Event:
        app = _App()

    bindings[-1].handler(_Event())
    if not exited:
        raise ScriptError(f"Ctrl-Z at {message!r} did not end the prompt")
    return exited[0]
