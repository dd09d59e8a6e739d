"""A link as a QR code in block characters, for a phone's camera (segno, imported on use)."""

from __future__ import annotations

from typing import IO


def draw_qr(url: str, out: IO[str] | None = None) -> None:
    import segno

    segno.make(url, error="m").terminal(out=out, compact=True)


def qr_svg(url: str) -> str:
    """The same code as an SVG image (for a web page): black modules on white, inside the
    four-module light border a phone's reader needs (the board's background is dark)."""
    import io

    import segno

    buffer = io.BytesIO()
    segno.make(url, error="m").save(
        buffer, kind="svg", scale=4, border=4, dark="#000", light="#fff", xmldecl=False
    )
    return buffer.getvalue().decode("utf-8")


def qr_data_uri(url: str) -> str:
    """`qr_svg` as a data URI, for an <img> on a page."""
    import base64

    return "data:image/svg+xml;base64," + base64.b64encode(qr_svg(url).encode()).decode()
