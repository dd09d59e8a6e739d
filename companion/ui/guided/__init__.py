"""Guided, step-by-step flows at the table (`companion`, `companion <game> play`).

`prompts` holds the shared prompt primitives; each game's flow is a module
named after the game (as its spec's `flow` says). Everything here is interactive: it is only
imported by commands that run on a terminal.
"""
