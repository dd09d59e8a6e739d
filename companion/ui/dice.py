"""Drawing dice results in the terminal."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console


def render_rolls(out: Console, spec: Any, rolls: list[tuple[Any, tuple[Any, ...]]]) -> None:
    if spec.note:
        out.print(f"[dim]({spec.note})[/dim]")
    for total, parts in rolls:
        if spec.is_sum and len(parts) > 1:
            out.print(f"{spec.text}: {' + '.join(str(p) for p in parts)} = [bold]{total}[/bold]")
        else:
            out.print(f"{spec.text}: [bold]{spec.die.label(total)}[/bold]")
