"""Issue 39: the config and data folders are computed without importing platformdirs where
its answer is a simple join (companion.engine.dirs); that answer must be platformdirs' own,
or a machine would be given a new id and forget the games it switched off."""

from __future__ import annotations

import sys

import platformdirs
import pytest

from companion.engine import dirs
from companion.store.machines import MACHINE_FILE, id_file

CASES = [
    {"HOME": "/home/ann"},
    {"HOME": "/home/ann/"},
    {"HOME": "/"},
    {"HOME": "/home/ann", "XDG_CONFIG_HOME": "", "XDG_DATA_HOME": ""},
    {"HOME": "/home/ann", "XDG_CONFIG_HOME": "/srv/conf", "XDG_DATA_HOME": "/srv/data/"},
    {"HOME": "/home/ann", "XDG_CONFIG_HOME": "//net/conf", "XDG_DATA_HOME": "/a//b"},
    {"HOME": "/home/ann zoë", "XDG_CONFIG_HOME": "/x y/ç"},
    # not simple: asked of platformdirs (the answer must still be the same)
    {"HOME": "/home/ann", "XDG_CONFIG_HOME": "relative", "XDG_DATA_HOME": " /padded"},
    {"HOME": "relative/home"},
    {},
    {"HOME": "/home/ann", "ANDROID_DATA": "/data", "ANDROID_ROOT": "/system"},
]


@pytest.mark.parametrize("env", CASES, ids=[str(sorted(c.items())) for c in CASES])
def test_the_folders_are_platformdirs_own(monkeypatch, env):
    for name in ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "ANDROID_DATA", "ANDROID_ROOT"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert dirs.user_config_path() == platformdirs.user_config_path("companion", appauthor=False)
    assert dirs.user_data_path() == platformdirs.user_data_path("companion", appauthor=False)
    assert str(dirs.user_config_path()) == str(
        platformdirs.user_config_path("companion", appauthor=False)
    )


@pytest.mark.skipif(sys.platform != "linux", reason="the shortcut is Linux's")
def test_the_machine_ids_file_is_where_platformdirs_puts_it(monkeypatch, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    expected = platformdirs.user_config_path("companion", appauthor=False) / MACHINE_FILE
    assert id_file() == expected == tmp_path / ".config" / "companion" / MACHINE_FILE
    # and the shortcut took it, without asking platformdirs
    monkeypatch.setattr(platformdirs, "user_config_path", None)
    assert id_file() == expected
