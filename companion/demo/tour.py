"""`companion demo` without a name: a tour, about one screen per game.

Each game's demos are played whole, as `companion demo NAME` plays them, into the
same database; their printed steps are gathered (as `demo --json` gathers them) and
the tour shows only the steps the demo module names as telling, then what to try next.
So the tour is what the engine really printed, never a second copy of it to keep true.

A demo module may declare (nothing else is needed; a plug-in without them still shows):

    TOUR = (("companion mygame start", 2), ...)   # a step's command prefix, lines shown
    TRY = ("companion mygame odds 3ps",)          # commands that run on a fresh database

Without TOUR the tour shows its first steps, a few lines each, as many as fit; without
TRY it suggests the game's `--help`.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

SCREEN = 25  # lines per game: its heading, its steps, where the rest is, what to try next
WIDTH = 80  # the tour's lines are cut to a screen's width
UNDECLARED_LINES = 3  # output lines per step for a demo that declares no TOUR


@dataclass
class Section:
    """One game's part of the tour: its title and its demos (name, module)."""

    title: str
    demos: list[tuple[str, str]]
    command: str | None = None  # the game's command (its `--help` is tried by default)
    steps: list[dict[str, Any]] = field(default_factory=list)


def sections(table: tuple[str, str]) -> list[Section]:
    """The table's own demo, then every registered game with a demo, in the box's order."""
    from companion import registry

    found = [Section("The table: dice, decks, who goes first", [table])]
    for spec in registry.specs():
        if spec.demos:
            found.append(Section(spec.title, list(spec.demos), spec.name))
    return found


def run_tour(out: Any, store: Any, seed: int) -> None:
    from companion.demo.run import Session
    from companion.ui.console import escape

    for section in sections(_table()):
        session = Session(store)
        for name, module in section.demos:
            session.play(name, module, seed)
        session.close()
        section.steps = [step for demo in session.demos for step in demo["steps"]]
        for line, style in screen(section):
            out.print(f"[{style}]{escape(line)}[/{style}]" if style else escape(line))
    out.print("\nA game played to its end, every step: [bold]companion demo NAME[/bold].")


def _table() -> tuple[str, str]:
    from companion.demo.run import TABLE

    return TABLE


def screen(section: Section) -> list[tuple[str, str | None]]:
    """The section's lines (text, style), at most SCREEN of them."""
    modules = [importlib.import_module(module) for _, module in section.demos]
    tries = [c for m in modules for c in getattr(m, "TRY", ())]
    if not tries and section.command:
        tries = [f"companion {section.command} --help"]
    wanted = [w for m in modules for w in getattr(m, "TOUR", ())]
    names = ", ".join(f"companion demo {name}" for name, _ in section.demos)
    head = [(f"── {section.title} " + "─" * max(3, WIDTH - 4 - len(section.title)), "bold")]
    tail = [(f"  ({{shown}} of {len(section.steps)} steps; all of them: {names})", "dim")]
    tail += [(("Try next: " if i == 0 else " " * 10) + c, "bold") for i, c in enumerate(tries)]
    room = SCREEN - len(head) - len(tail)
    body: list[tuple[str, str | None]] = []
    shown = 0
    for step, lines in chosen(section.steps, wanted):
        block = [(cut("$ " + step["command"] + _note(step)), "bold")]
        output = step["output"]
        if len(output) > lines:  # cut: say so
            output = [*output[:lines], "  …"]
        block += [(cut(line), None) for line in output]
        if len(body) + len(block) > room:
            break
        body += block
        shown += 1
    tail[0] = (tail[0][0].format(shown=shown), tail[0][1])
    return head + body + tail


def chosen(steps: list[dict[str, Any]], wanted: list[tuple[str, int]]):
    """(step, lines to show) for each wanted prefix's first step, in the demo's order;
    every step, a few lines each, when the demo names none."""
    if not wanted:
        return [(step, UNDECLARED_LINES) for step in steps]
    picked: dict[int, int] = {}
    for prefix, lines in wanted:
        for index, step in enumerate(steps):
            if index not in picked and step["command"].startswith(prefix):
                picked[index] = lines
                break
    return [(steps[i], picked[i]) for i in sorted(picked)]


def _note(step: dict[str, Any]) -> str:
    return f"  {step['note']}" if step.get("note") else ""


def cut(line: str) -> str:
    return line if len(line) <= WIDTH else line[: WIDTH - 1] + "…"
