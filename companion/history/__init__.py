"""Match history as a library: queries, stats, head-to-head, charts' data, players, formats.

Pure functions over match documents (or their archive summaries); no I/O,
no typer, no rich. `companion.cli.history` and `companion.cli.players` are
the command-line shell around them.
"""
