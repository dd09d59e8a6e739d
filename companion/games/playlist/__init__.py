"""All Stars Playlist rules: cards, playlist links, scoring, the tracked game, solo play.

Pure: no I/O, no typer or rich; randomness only through an injected TableRng.
"""
