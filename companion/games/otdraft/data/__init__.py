"""The game's own tables: the TOML files beside this one, read and cached like companion.data."""

from companion.data import reader

load = reader(__file__)
