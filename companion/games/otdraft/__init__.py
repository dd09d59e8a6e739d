"""OT Fantasy Draft: card catalogue, end-game scoring and the draft tracker.

Pure rules: no I/O, no typer or rich; randomness only through an injected TableRng.
"""
