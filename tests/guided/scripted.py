"""Guided flows in-process: a scripted table answers the prompts, the screen is a string.

The real-pty tests (tests/guided/terminal.py) drive a `companion` process through a
pseudo-terminal: faithful, and about a second each. `Scripted` runs the same command
in-process instead. Every prompt in companion/ui/guided/prompts.py asks through
`questionary.text(...)`; the `scripted` fixture (tests/guided/conftest.py) replaces that
one input function with a stub that takes the next scripted answer, runs the prompt's own
validation on it (a refused answer shows its reason and the question stays, as on a
terminal) and writes question, answer and reason to the transcript, where the flow's
console output goes too. Ctrl-Z presses the prompt's real key binding; Ctrl-C raises
KeyboardInterrupt as prompt_toolkit does.

The script reads like a Terminal session, and is queued before the run:

    flow.answer("F1: Lucy's fundamental?", "pa")   # the question asked must contain this
    flow.expect("Counter failed")                  # shown since the last expect/answer
    flow.check(lambda: events(db)[-1]["type"], "turn")   # at that point: value == expected
    flow.then(lambda: ...)                         # run at that point
    flow.send("70\\r") / flow.send("\\x1a")          # whatever is asked next: text, Ctrl-Z
    flow.interrupt()                               # Ctrl-C
    result = flow.run("hoopers", "play", "--seed", "1")   # exit code, stdout, stderr

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
        """Wait for a question containing `prompt`, then type `typed` and Enter."""
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

    # --- the stub standing in for questionary.text ------------------------------------

    def text_prompt(self, message: str, validate: Any = None, key_bindings: Any = None, **_: Any):
        return _Question(self, message, validate, key_bindings)

    def _ask(self, question: _Question) -> Any:
        self.screen.write(f"? {question.message} ")
        self.asked.append(question.message)
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
                keys = step.typed + "\r"
            else:
                keys = step.typed
            if keys == CTRL_C:
                self.screen.write("^C\n")
                raise KeyboardInterrupt
            if keys == CTRL_D:
                self.screen.write("^D\n")
                raise EOFError
            if keys == CTRL_Z:
                self.screen.write("^Z\n")
                return _press_ctrl_z(question.key_bindings, question.message)
            if not keys.endswith("\r"):
                raise ScriptError(f"send {keys!r}: end typed text with '\\r' (Enter)")
            typed = keys.removesuffix("\r")
            self.screen.write(f"{typed}\n")
            refused = question.refusal(typed)
            if refused is None:
                return typed
            # As on a terminal: the reason shows under the prompt, the question stays.
            self.screen.write(f"  {refused}\n? {question.message} ")


class _Question:
    def __init__(self, script: Scripted, message: str, validate: Any, key_bindings: Any):
        self.script = script
        self.message = message
        self.validate = validate
        self.key_bindings = key_bindings

    def refusal(self, typed: str) -> str | None:
        if self.validate is None:
            return None
        verdict = self.validate(typed)
        if verdict is True:
            return None
        return str(verdict) if verdict else "invalid input"

    def unsafe_ask(self) -> Any:
        return self.script._ask(self)

    def ask(self) -> Any:  # questionary's ask(): Ctrl-C gives None instead of raising
        try:
            return self.script._ask(self)
        except KeyboardInterrupt:
            return None


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
