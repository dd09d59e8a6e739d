"""Reading a big export one match at a time, so an import never holds the whole file.

A 100 MB export parsed whole is about 800 MB of Python objects; read here, it is one
match (and a megabyte of text) at a time, checked as it is read exactly as
`formats.read_export` checks it. The import runs in one store transaction, so a bad
match found half-way refuses the file whole and nothing is written, as before.

An export written by `history export` lists `format`, `version` and `exported` before
`matches`; a file that puts `matches` first is read whole instead.
"""

from __future__ import annotations

import codecs
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from companion.history.errors import NotAnExport
from companion.store.regular import MAX_READ, MAX_SHOWN, NotRegular, check

Match = dict[str, Any]

CHUNK = 1 << 20
WHITESPACE = re.compile(r"[ \t\n\r]*")
# A control character as a match's JSON text can hold it (escaped or raw): where this
# finds nothing, the match needs no closer look.
MAYBE_CONTROL = re.compile(r"\\u|[\x00-\x1f\x7f-\x9f\u2028-\u202e\u2066-\u2069]")


class _NotJson(ValueError):
    pass


class _Text:
    """The file's text, decoded a chunk at a time; `pos` is where reading has got to."""

    def __init__(self, handle: IO[bytes]) -> None:
        self.handle = handle
        self.decode = codecs.getincrementaldecoder("utf-8-sig")().decode
        self.buf = ""
        self.pos = 0
        self.eof = False
        from companion.engine.bounds import parse_json_int

        self.decoder = json.JSONDecoder(parse_int=parse_json_int)
        self.read = 0

    def more(self) -> bool:
        if self.eof:
            return False
        data = self.handle.read(CHUNK)
        self.eof = not data
        self.read += len(data)
        if self.read > MAX_READ:  # it grew while read (its size was checked first)
            raise NotRegular(f"it is larger than {MAX_SHOWN}")
        self.buf = self.buf[self.pos :] + self.decode(data, final=self.eof)
        self.pos = 0
        return not self.eof

    def peek(self) -> str:
        while True:
            found = WHITESPACE.match(self.buf, self.pos)
            self.pos = found.end() if found else self.pos
            if self.pos < len(self.buf) or not self.more():
                return self.buf[self.pos : self.pos + 1]

    def expect(self, char: str) -> None:
        if self.peek() != char:
            raise _NotJson(char)
        self.pos += 1

    def value(self) -> tuple[Any, str]:
        """The next JSON value and its text."""
        self.peek()
        while True:
            try:
                value, end = self.decoder.raw_decode(self.buf, self.pos)
            except json.JSONDecodeError:
                if self.more():
                    continue
                raise _NotJson("value") from None
            if end == len(self.buf) and self.more():
                continue  # a number cut at the chunk's end: read on
            text = self.buf[self.pos : end]
            self.pos = end
            return value, text


class Export:
    """An export file's matches, read as they are taken; `aliases` and `amendments` are
    filled in once `matches()` has been read to the end."""

    def __init__(self, path: Path, skip_bad: bool = False) -> None:
        self.path = path
        self.aliases: dict[str, str] = {}
        self.amendments: dict[str, Any] = {}
        self.skip_bad = skip_bad
        self.bad: list[str] = []  # the matches left out (with `skip_bad`), why each

    def matches(self) -> Iterator[Match]:
        try:
            check(self.path)  # a regular file (a FIFO, /dev/zero: refused before opening)
            with self.path.open("rb") as handle:
                yield from self._read(_Text(handle))
        except (_NotJson, UnicodeDecodeError):
            raise NotAnExport(f"{self.path} is not a companion history export (not JSON)") from None
        except RecursionError:
            raise NotAnExport(
                f"{self.path} is not a companion history export (nested too deeply)"
            ) from None
        except OSError as err:
            from companion.engine.errors import BadInput

            raise BadInput(f"cannot read {self.path}: {err.strerror or err}") from None

    def _read(self, text: _Text) -> Iterator[Match]:
        from companion.history.formats import read_amendments, read_backup, read_export

        source = str(self.path)
        if text.peek() != "{":
            raise NotAnExport(f"{source} is not a companion history export (not a JSON object)")
        text.pos += 1
        head: dict[str, Any] = {}
        seen_matches = False
        while text.peek() != "}":
            if head or seen_matches:
                text.expect(",")
            key, _ = text.value()
            if not isinstance(key, str):
                raise _NotJson("key")
            text.expect(":")
            if key != "matches" or seen_matches:
                head[key], _ = text.value()
                continue
            seen_matches = True
            if "format" not in head or "version" not in head:  # not as we write it
                matches, aliases, amendments = read_export(
                    self.path, self.bad if self.skip_bad else None
                )
                self.aliases.update(aliases)
                self.amendments.update(amendments)
                yield from matches
                return
            read_backup({**head, "matches": [], "players": {}}, source)  # format, version
            yield from self._matches(text, source)
        text.pos += 1
        if text.peek() != "":
            raise _NotJson("trailing")
        if not seen_matches:
            raise NotAnExport(f"{source} has no list of matches")
        _, aliases = read_backup({**head, "matches": []}, source)
        self.aliases.update(aliases)
        amendments = read_amendments(head, source)
        from companion.store.validate import text_problem

        where = text_problem(amendments, "amendments")
        if where is not None:
            raise NotAnExport(f"{source}: '{where}' contains a control character")
        self.amendments.update(amendments)

    def _matches(self, text: _Text, source: str) -> Iterator[Match]:
        """Each good match as it is read; a bad one is noted and read past, and (unless
        `skip_bad`) the file is refused at the end, naming every bad one: the import is one
        transaction, so the good ones filed meanwhile are not written either."""
        from companion.history.formats import match_refusal, refuse_bad

        text.expect("[")
        if text.peek() == "]":
            text.pos += 1
            return
        ids: set[str] = set()
        n = 0
        while True:
            match, raw = text.value()
            n += 1
            why = match_refusal(match, n, MAYBE_CONTROL.search(raw) is not None)
            if why is not None:
                self.bad.append(why)
            elif match["id"] in ids:
                raise NotAnExport(f"{source}: match id {match['id']} appears twice")
            else:
                ids.add(match["id"])
                yield match
            after = text.peek()
            text.pos += 1
            if after == "]":
                break
            if after != ",":
                raise _NotJson("list")
        if self.bad and not self.skip_bad:
            raise refuse_bad(source, self.bad, n)
