"""Table Companion: a command-line companion and score tracker for four tabletop games."""

__version__ = "0.2.0"
