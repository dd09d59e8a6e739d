"""Tug of war: pull the rope three steps your way. An example game for Table Companion."""
