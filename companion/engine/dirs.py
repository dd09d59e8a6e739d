"""The user's config and data folders for the companion: platformdirs' answer.

On Linux that answer is a join of an environment variable and a name, yet importing
platformdirs to get it costs a move about 10 M instructions (4 % of a bare typer app):
the machine id's file is read on every write. So where every platformdirs from 4 on gives
the same answer — Linux, not Android, `HOME` absolute, the XDG variable unset, empty or an
absolute path — it is computed here the way platformdirs computes it; anywhere else
platformdirs is asked. A different answer would give a machine a new id (its archive
files' names) and lose its switched-off games, so tests/test_dirs.py compares both
answers under every case the shortcut takes.
"""

from __future__ import annotations

import os
import posixpath
import sys
from pathlib import Path

APP = "companion"


def user_config_path() -> Path:
    """`platformdirs.user_config_path("companion", appauthor=False)`."""
    found = _xdg("XDG_CONFIG_HOME", "~/.config")
    if found is not None:
        return found
    from platformdirs import user_config_path as asked

    return asked(APP, appauthor=False)


def user_data_path() -> Path:
    """`platformdirs.user_data_path("companion", appauthor=False)`."""
    found = _xdg("XDG_DATA_HOME", "~/.local/share")
    if found is not None:
        return found
    from platformdirs import user_data_path as asked

    return asked(APP, appauthor=False)


def _xdg(variable: str, default: str) -> Path | None:
    """platformdirs' Unix folder for `variable`, or None where it is not this simple."""
    if sys.platform != "linux" or hasattr(sys, "getandroidapilevel"):
        return None
    if os.environ.get("ANDROID_DATA") or os.environ.get("ANDROID_ROOT"):
        return None  # platformdirs may take this for an Android app
    home = os.environ.get("HOME")
    if home is None or not posixpath.isabs(home):
        return None  # platformdirs versions differ on a relative or missing HOME
    given = os.environ.get(variable, "")
    if given == "":
        return Path(os.path.join(os.path.expanduser(default), APP))
    if posixpath.isabs(given) and given == given.strip():
        return Path(os.path.join(given, APP))
    return None  # a relative or padded path: versions differ
