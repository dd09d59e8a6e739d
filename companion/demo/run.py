"""Run the demos: each game module adds one `run(out, store, seed)` here."""

from __future__ import annotations

import importlib
import re
import tempfile
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from companion.engine.names import match_prefix

TABLE = ("table", "companion.demo.table")


def demos() -> dict[str, str]:
    """name -> module with `run(out: Console, store: Store, seed: int) -> None`: the table's
    own, then each game's (its spec's `demos`)."""
    from companion import registry

    return dict([TABLE, *registry.demos()])


def run_demo(given: str | None, game: str | None, seed: int, as_json: bool = False) -> None:
    """Play the demos into the database at `given` (--db), else a throwaway one.

    No name: a tour at a terminal (about a screen per game, companion/demo/tour.py), and
    under --json every demo's whole session (the data the tour only samples). A name: that
    demo whole.
    """
    from companion.store import Store
    from companion.ui.console import TableConsole

    found = demos()
    names = list(found) if game is None else [match_prefix(game, found, what="demo")]
    with ExitStack() as stack:
        if given:
            path = Path(given).expanduser()
        else:
            folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="companion-demo-"))
            path = Path(folder) / "demo.json"
        store = Store(path)
        store.check_folder()  # fail before printing anything
        if as_json:
            session = Session(store)
            for name in names:
                session.play(name, found[name], seed)
            session.emit(seed=seed, database=str(path) if given else None)
            return
        out = TableConsole()
        what = "a short tour, about a screen per game; " if game is None else ""
        out.print(f"[bold]Table Companion demo[/bold] ({what}seed {seed}; database {path})")
        if game is None:
            from companion.demo.tour import run_tour

            run_tour(out, store, seed)
        else:
            for name in names:
                out.rule(name)
                importlib.import_module(found[name]).run(out, store, seed)
        if not given:
            out.print("\n[dim]That database was a throwaway; pass --db PATH to keep it.[/dim]")


class Session:
    """`demo --json`: the whole session as one JSON document, gathered here.

    The demos print as they always do, to this session's console instead of the terminal.
    Each line `$ companion ...` starts a step: the lines after it are that step's output,
    and what the step recorded (the events it added to each match, a match it started or
    ended) is read back from the database when the next step starts. So a demo module needs
    nothing to take part, and the document shows what the demo really did.
    """

    def __init__(self, store: Any) -> None:
        from companion.ui.console import TableConsole

        self.store = store
        self.console = TableConsole(file=self)
        self.demos: list[dict[str, Any]] = []
        self.step: dict[str, Any] | None = None
        self.pending = ""
        self.seen = self._matches()

    # the file the console writes to
    def write(self, text: str) -> int:
        self.pending += text
        *lines, self.pending = self.pending.split("\n")
        for line in lines:
            self._line(line.rstrip())
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False

    def start(self, name: str) -> None:
        self._close_step()
        self.demos.append({"demo": name, "notes": [], "steps": []})

    def _line(self, line: str) -> None:
        if not line.strip() or set(line.strip()) <= set("─━-="):
            return
        if line.startswith("$ companion "):
            self._close_step()
            # "$ companion G shot ...  (the rulebook's Muy)": the command, then a note
            command, *note = re.split(r"\s{2,}(?=\()", line[2:], maxsplit=1)
            self.step = {"command": command.strip(), "output": [], "recorded": []}
            if note:
                self.step["note"] = note[0].strip()
            self.demos[-1]["steps"].append(self.step)
        elif self.step is not None:
            self.step["output"].append(line)
        elif self.demos:
            self.demos[-1]["notes"].append(line.strip())

    def play(self, name: str, module: str, seed: int) -> None:
        """Play the demo `name` (its `module`) whole, gathered as one demo of the session."""
        self.start(name)
        importlib.import_module(module).run(self.console, self.store, seed)

    def close(self) -> None:
        """The last step is over: what it recorded is read back."""
        self._close_step()

    def _close_step(self) -> None:
        if self.pending:
            self.write("\n")
        now = self._matches()
        if self.step is not None:
            self.step["recorded"] = recorded(self.seen, now)
        self.seen = now
        self.step = None

    def _matches(self) -> dict[str, dict[str, Any]]:
        return {m["id"]: m for m in self.store.list_matches()}

    def emit(self, **about: Any) -> None:
        import json
        import sys

        self._close_step()
        document = {"format": "companion-demo", **about, "demos": self.demos}
        sys.stdout.write(json.dumps(document, ensure_ascii=False) + "\n")


def recorded(before: dict[str, dict[str, Any]], after: dict[str, dict[str, Any]]) -> list[Any]:
    """What changed between two readings of the matches: per match, its new events."""
    changes = []
    for match_id, match in after.items():
        old = before.get(match_id)
        events = match.get("events") or []
        new = events[len(old.get("events") or []) :] if old else events
        if old is not None and not new and old.get("status") == match.get("status"):
            continue
        change = {"match": match_id, "game": match.get("game"), "status": match.get("status")}
        if old is None:
            change["started"] = True
        change["events"] = [{"type": e.get("type"), "data": e.get("data")} for e in new]
        if match.get("status") != "live" and match.get("result") is not None:
            change["result"] = match.get("result")
        changes.append(change)
    return changes
