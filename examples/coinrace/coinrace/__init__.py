"""Coin race: the first to three heads wins. An example game for Table Companion."""
