"""One line describing where a benchmark ran, printed at the top of each report."""

from __future__ import annotations

import os
import platform


def describe() -> str:
    load = os.getloadavg()[0]
    return (
        f"machine: {platform.machine()}, {os.cpu_count()} cores, "
        f"python {platform.python_version()}, load average {load:.2f}"
    )
