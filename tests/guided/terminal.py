"""Drive the companion through a real pseudo-terminal and read the screen text."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pexpect

TIMEOUT_S = 60  # a deadline a busy machine may need, not a pace
ROWS, COLS = 50, 120
ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>78]|\x1b\][^\x07]*\x07")


def companion_argv() -> list[str]:
    """The installed `companion` script beside this Python, else `python -m companion`."""
    script = Path(sys.executable).with_name("companion")
    if script.exists():
        return [str(script)]
    found = shutil.which("companion")
    return [found] if found else [sys.executable, "-m", "companion"]


def environment() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "COMPANION_DB"}
    env.update(
        TERM="xterm",
        COLUMNS=str(COLS),
        LINES=str(ROWS),
        PROMPT_TOOLKIT_NO_CPR="1",  # no terminal here answers cursor-position requests
        PYTHONUNBUFFERED="1",
    )
    return env


def run(db: Path, *args: str) -> subprocess.CompletedProcess:
    """A plain (non-terminal) companion command on the same database."""
    return subprocess.run(
        [*companion_argv(), "--db", str(db), *args],
        capture_output=True,
        text=True,
        env=environment(),
        timeout=TIMEOUT_S,
    )


class Terminal:
    """`companion --db DB ARGS…` on a pty; `expect` searches the text without escapes."""

    def __init__(self, db: Path, *args: str) -> None:
        argv = [*companion_argv(), "--db", str(db), *args]
        self.child = pexpect.spawn(
            argv[0],
            argv[1:],
            env=environment(),
            dimensions=(ROWS, COLS),
            encoding="utf-8",
            codec_errors="replace",
            timeout=TIMEOUT_S,
        )
        self.raw = ""
        self.seen = 0  # where the next `expect` starts looking

    @property
    def text(self) -> str:
        return ANSI.sub("", self.raw).replace("\r", "")

    def _read(self, wait: float) -> bool:
        try:
            self.raw += self.child.read_nonblocking(65536, timeout=wait)
            return True
        except pexpect.TIMEOUT:
            return False
        except pexpect.EOF:
            return False

    def expect(self, wanted: str, timeout: float = TIMEOUT_S) -> str:
        """Wait until `wanted` appears after the last match; returns the text up to it."""
        deadline = time.monotonic() + timeout
        while True:
            text = self.text
            at = text.find(wanted, self.seen)
            if at >= 0:
                before = text[self.seen : at]
                self.seen = at + len(wanted)
                return before
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"{wanted!r} not on screen; the screen ended with:\n{text[-2000:]}"
                )
            if not self._read(0.2) and not self.child.isalive():
                self._read(0.2)
                if wanted not in self.text[self.seen :]:
                    raise AssertionError(f"{wanted!r} never came; output:\n{self.text[-2000:]}")

    def mark(self) -> None:
        """Let the next `expect` look only at what is drawn from now on (what has come so
        far is read first)."""
        while self._read(0.05):
            pass
        self.seen = len(self.text)

    def answer(self, prompt: str, typed: str) -> None:
        """Wait for `prompt`, then type `typed` and Enter."""
        self.expect(prompt)
        self.child.send(typed + "\r")

    def send(self, keys: str) -> None:
        self.child.send(keys)

    def interrupt(self) -> None:
        self.child.sendintr()

    def finish(self, timeout: float = TIMEOUT_S) -> int:
        """Wait for the program to end; its exit status."""
        deadline = time.monotonic() + timeout
        while self.child.isalive() and time.monotonic() < deadline:
            self._read(0.2)
        self._read(0.1)
        self.child.close(force=True)
        return self.child.exitstatus if self.child.exitstatus is not None else -1


def json_of(db: Path, *args: str) -> dict:
    """The JSON document a plain command prints (it must succeed)."""
    import json

    done = run(db, *args, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)
