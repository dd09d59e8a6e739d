"""`companion watch --web`: the live scoreboard served to browsers (see docs/watch.md)."""
