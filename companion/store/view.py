"""One read of the main file, and where each archive file is read from."""

from __future__ import annotations

from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.engine.values import dataclass
from companion.store.documents import key_docs, single_doc
from companion.store.formats import Formats
from companion.store.ids import Match
from companion.store.layout import LIVE, MANIFEST
from companion.store.machines import ArchiveFile, archive_files, classify

if TYPE_CHECKING:
    from companion.store.store import Store


@dataclass
class View:
    """One read of the main file, and where each archive file is to be read from."""

    store: Store
    data: dict[str, Any]
    pending: dict[str, Path] = field(default_factory=dict)  # shard -> its staged file
    _files: list[ArchiveFile] | None = None
    _folded: Any = None

    @property
    def live(self) -> list[Match]:
        return [dict(m) for m in (self.data.get(LIVE) or {}).values() if "finishing" not in m]

    @property
    def finishing(self) -> list[Match]:
        """Matches an older companion was moving to the archive when it stopped."""
        docs = (self.data.get(LIVE) or {}).values()
        return [dict(m["finishing"]) for m in docs if "finishing" in m]

    @property
    def counts(self) -> dict[str, int]:
        doc = single_doc(self.data, MANIFEST)
        return dict(doc["counts"]) if doc else {}

    def files(self) -> list[ArchiveFile]:
        """Every machine's archive files (shards and records, conflict copies too), each
        read from its staged file while a committed change is being filed; warns about
        this machine's files that are missing."""
        if self._files is not None:
            return self._files
        store = self.store
        listed = {f.name: f for f in archive_files(store.archive_dir)}
        for name, staged in self.pending.items():
            if staged.exists():
                found = classify(name, staged)
                if found is not None:
                    listed[name] = found
        for name, count in sorted(self.counts.items()):
            if name not in listed and count:
                store.warn(store.missing_shard(name, count))
        self._files = sorted(listed.values(), key=lambda f: f.name)
        return self._files

    def shards(self) -> list[tuple[str, Path]]:
        """(name, file to read) of every shard of every machine, by name (so by month)."""
        return [(f.name, f.path) for f in self.files() if f.kind == "shard"]

    def folded(self) -> Any:
        """Every machine's records folded (companion.store.records.Folded), over the
        aliases and amendments a main file held before there were records."""
        if self._folded is None:
            from companion.store import records
            from companion.store.layout import LEGACY_ALIASES, LEGACY_AMENDMENTS

            found = []
            formats = Formats()
            for f in self.files():
                if f.kind == "records":
                    held = records.read(f, self.store.warn, formats)
                    found.extend(held)
                    self._check_records(f, len(held))
            self._folded = records.fold(
                records.ordered(found),
                key_docs(self.data, LEGACY_ALIASES),
                key_docs(self.data, LEGACY_AMENDMENTS),
            )
            self._folded.formats = formats
            self._check_formats(formats)
        return self._folded

    def _check_formats(self, formats: Formats) -> None:
        """Warn about the machines writing with an older companion, once, in one line."""
        from companion.store.formats import older_warning
        from companion.store.machines import known_id

        store = self.store
        older = formats.older({f.machine for f in self.files()}, store._machine or known_id())
        if older:
            store.warn(older_warning(older, formats))

    def _check_records(self, file: ArchiveFile, held: int) -> None:
        """Warn about this machine's records file holding fewer than it wrote."""
        store = self.store
        expected = self.counts.get(file.name)
        if file.copy or not expected or held >= expected or file.machine != store.machine:
            return
        from companion.store.shrunk import short

        if file.path.exists():
            store.warn(short(store, file.name, held, expected, True) + store._restore(file.path))
