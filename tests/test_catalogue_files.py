"""A catalogue or deck file the user names is read only if it is a regular text file:
`/dev/zero` read for ever (the deck check was killed for its memory), a FIFO with no
writer blocks, and a binary file raised a traceback. Each is one error line and exit 2."""

from __future__ import annotations

import os

import pytest

from tests.conftest import assert_user_error

READERS = [
    ("hoopers", "deck", "check"),
    ("hoopers", "card", "--import"),
    ("playlist", "cards", "import"),
    ("otdraft", "cards", "import"),
]


@pytest.mark.parametrize("command", READERS, ids=lambda c: " ".join(c))
def test_a_device_a_fifo_a_folder_and_binary_bytes_are_refused(cli, db, tmp_path, command):
    fifo = tmp_path / "cards.fifo"
    os.mkfifo(fifo)
    binary = tmp_path / "cards.toml"
    binary.write_bytes(b"\xff\xfe\x00bad")
    for path, why in [
        ("/dev/zero", "it is a character device, not a regular file"),
        (str(fifo), "it is a FIFO (named pipe), not a regular file"),
        (str(tmp_path), "it is a folder, not a regular file"),
        (str(binary), "it is not UTF-8 text"),
        (str(tmp_path / "missing.toml"), f"cannot read {tmp_path / 'missing.toml'}: no file there"),
    ]:
        assert_user_error(cli(*command, path), why)
    assert not db.exists()
