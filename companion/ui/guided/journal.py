"""A guided step's answers, kept as they are given, so a step can be replayed.

A flow that asks several questions before (and between) recording events keeps
its answers in a `Journal`: each answer is written as it is given, and each
group of events the flow records is noted after the answer that led to it.
Running the step again with the journal rewound replays the answers instead of
asking them (`companion.ui.guided.prompts.Asker`), and the recordings instead
of recording them, until the journal runs out: the flow then asks the next
question live. That gives, for free,

* resuming an interrupted step at the exact question (the journal is stored
  with the match, not in the process), and
* undo one question at a time: `take_back()` drops the last answer and the
  recordings made after it; replaying the rest asks that question again.

Entries are JSON: `{"q": question, "a": answer}` and `{"rec": count, "n": events}`
(`count` events recorded, leaving the match with `n` events).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine.errors import CompanionError


class Diverged(CompanionError):
    """The journal does not fit the flow any more (the match changed under it)."""


class Journal:
    def __init__(self, entries: list[dict[str, Any]], save: Callable[[], None]) -> None:
        self.entries = entries
        self.cursor = 0
        self._save = save

    @property
    def replaying(self) -> bool:
        return self.cursor < len(self.entries)

    @property
    def answers(self) -> list[dict[str, Any]]:
        return [e for e in self.entries if "a" in e]

    def replay(self, question: str) -> Any:
        """The answer given to `question` last time (the next entry must be it)."""
        entry = self.entries[self.cursor]
        if "a" not in entry or entry.get("q") != question:
            raise Diverged(f"expected {entry.get('q', 'a recording')!r}, asked {question!r}")
        self.cursor += 1
        return entry["a"]

    def answer(self, question: str, value: Any) -> None:
        self.entries.append({"q": question, "a": value})
        self.cursor = len(self.entries)
        self._save()

    def pending_record(self) -> dict[str, Any] | None:
        """While replaying, the recording that comes next (the flow records nothing)."""
        if not self.replaying:
            return None
        entry = self.entries[self.cursor]
        if "rec" not in entry:
            raise Diverged(f"expected a recording, the journal has {entry.get('q')!r}")
        self.cursor += 1
        return entry

    def recorded(self, count: int, events: int) -> None:
        self.entries.append({"rec": count, "n": events})
        self.cursor = len(self.entries)
        self._save()

    def events_at_cursor(self, start: int) -> int:
        """How many events the match had at the cursor (`start`: at the journal's start)."""
        for entry in reversed(self.entries[: self.cursor]):
            if "rec" in entry:
                return int(entry["n"])
        return start

    def take_back(self) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
        """Drop the last answer and everything after it: (the recordings dropped, which
        the caller takes back from the match, oldest first; the answer, or None when
        the journal held no answer — then every recording is dropped). Not saved: the
        caller saves once the match has been changed to match."""
        last = max((i for i, e in enumerate(self.entries) if "a" in e), default=-1)
        dropped = self.entries[last + 1 :] if last >= 0 else list(self.entries)
        answer = self.entries[last] if last >= 0 else None
        del self.entries[max(last, 0) :]
        self.cursor = min(self.cursor, len(self.entries))
        return [e for e in dropped if "rec" in e], answer
