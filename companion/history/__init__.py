"""Match history as a library: queries, stats, ratings, head-to-head, charts' data, formats.

Most modules are pure functions over match documents (or their archive
summaries): no I/O, no typer, no rich. `book` (reads and writes through the
store), `log` (a game logged from its final scores) and `amend` (a corrected
result) are the history layer's service functions; `companion.cli.history`,
`companion.cli.players` and `companion.cli.log` are the command-line shell
around them and never touch the store themselves.
"""
