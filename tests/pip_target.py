"""Installing the example games with pip, as a user would, into a folder of the test's own.

pip builds a local project in its own folder (setuptools writes `build/` and
`*.egg-info` there), so two test processes installing the same example at once (pytest
-n) raced in it; each install here builds from a copy of its own instead.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

LEFT_BY_A_BUILD = shutil.ignore_patterns("build", "*.egg-info", "__pycache__", ".pytest_cache")


def pip_install(target: Path, *projects: Path) -> subprocess.CompletedProcess[str]:
    """`pip install --target TARGET PROJECT...` offline, each project built from a copy made
    beside `target`."""
    copies = target.parent / f"{target.name}-sources"
    built = []
    for project in projects:
        copy = copies / project.name
        shutil.copytree(project, copy, ignore=LEFT_BY_A_BUILD)
        built.append(str(copy))
    return subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
         "--no-index", "--target", str(target), *built],
        capture_output=True, text=True,
    )  # fmt: skip
