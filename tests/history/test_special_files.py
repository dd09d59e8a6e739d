"""Only regular files are read, with a cap; every write error is one `error:` line.

`/dev/zero` read for ever, a FIFO blocked for good and `/dev/full` yields zeros
without end: each is refused before it is opened. (A refused FIFO is never opened; an
alarm stops the test should one ever be, rather than hanging the suite.)
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from tests.conftest import assert_user_error

needs_dev = pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/zero, /dev/full")


@pytest.fixture(autouse=True)
def no_hang():
    if not hasattr(signal, "alarm"):
        yield
        return

    def stop(*_):
        raise AssertionError("blocked reading a special file")

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


@pytest.fixture
def fifo(tmp_path) -> Path:
    if not hasattr(os, "mkfifo"):
        pytest.skip("needs FIFOs")
    path = tmp_path / "export.json"
    os.mkfifo(path)
    return path


@needs_dev
def test_importing_dev_zero_is_refused_before_reading(cli):
    result = cli("history", "import", "/dev/zero")
    assert_user_error(result, "cannot read /dev/zero: it is a character device, not a regular file")


def test_importing_a_fifo_is_refused_without_waiting_for_a_writer(cli, fifo):
    assert_user_error(cli("history", "import", str(fifo)), "it is a FIFO (named pipe)")
    assert_user_error(cli("restore", str(fifo), "--yes"), f"no backup file {fifo}")


def test_a_fifo_as_the_database_is_refused(cli, fifo):
    result = cli("history", "list", database=fifo)
    assert_user_error(result, f"{fifo} is not a valid companion database (it is a FIFO")


def test_a_file_over_the_cap_is_refused(cli, tmp_path, monkeypatch):
    from companion.store import regular

    path = tmp_path / "big.json"
    path.write_text('{"format": "companion-history", "version": 1, "matches": []}   ')
    monkeypatch.setattr(regular, "MAX_READ", 16)
    monkeypatch.setattr(regular.read, "__defaults__", (16,))
    monkeypatch.setattr(regular.check, "__defaults__", (16,))
    assert_user_error(cli("history", "import", str(path)), "it is larger than 1 GiB")


@needs_dev
def test_a_backup_onto_dev_full_is_refused(cli):
    assert cli("log", "otdraft", "Ana=5", "Ben=3").exit_code == 0
    result = cli("backup", "/dev/full")
    assert_user_error(result, "cannot write /dev/full: it is a character device")


@needs_dev
def test_an_export_onto_dev_full_is_refused(cli):
    assert cli("log", "otdraft", "Ana=5", "Ben=3").exit_code == 0
    for kind in ("json", "csv"):
        result = cli("history", "export", "--format", kind, "--output", "/dev/full")
        assert_user_error(result, "cannot write /dev/full: it is a character device")


@pytest.mark.parametrize("kind", ["json", "csv", "bgg"])
def test_an_export_onto_a_fifo_without_a_reader_is_refused_without_waiting(cli, fifo, kind):
    """Issue 38 item 5: it waited for a reader for ever (the alarm stops it here)."""
    assert cli("log", "otdraft", "Ana=5", "Ben=3").exit_code == 0
    result = cli("history", "export", "--format", kind, "--output", str(fifo))
    assert_user_error(result, f"cannot write {fifo}: it is a FIFO (named pipe), not a regular")


def test_a_fifo_made_after_the_output_was_checked_is_not_waited_for(fifo):
    from companion.cli.history import write_chunks, write_text
    from companion.history.errors import BadOutput

    with pytest.raises(BadOutput, match=f"cannot write {fifo}: "):
        write_text(fifo, "{}")
    with pytest.raises(BadOutput, match=f"cannot write {fifo}: "):
        write_chunks(iter(["{", "}"]), fifo)


def test_tab_does_not_block_on_a_fifo_named_like_an_archive_file(cli, db):
    from companion.store.peek import Peek

    if not hasattr(os, "mkfifo"):
        pytest.skip("needs FIFOs")
    assert cli("log", "otdraft", "Ana=5", "Ben=3", "--when", "2026-11-02").exit_code == 0
    os.mkfifo(db.with_name("companion.archive") / "2026-10.here.json")
    assert [m["players"] for m in Peek(db).matches()] == [["Ana", "Ben"]]
