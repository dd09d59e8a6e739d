"""The contract every game of the companion keeps (companion/testing/contract.py), on this
game: its verbs, its status core and watch, abandon, log's ranks, hostile names."""

from companion.testing.contract import *  # noqa: F403 - the kit's tests, collected here
