"""All-Star Draft rules: cards, team Power and tie-breakers, arenas, Play-Offs, the season.

Pure: no I/O and no randomness except through an injected TableRng.
"""
