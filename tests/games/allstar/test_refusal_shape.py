"""Issue 32, item 14: a refusal says what is legal now (All-Star Draft's refusals quote no
rulebook text; each says what comes first or what a team is)."""

from __future__ import annotations


def test_a_round_resolved_before_its_arenas_says_what_comes_first(cli, db):
    """'a. Placing the Arenas': 1, 2 and 3 arenas in rounds 1, 2 and 3."""
    started = cli("allstar", "season", "start", "--players", "Ana,Ben,Cy", "--seed", "7")
    assert started.exit_code == 0
    before = db.read_bytes()
    refused = cli("allstar", "season", "resolve")
    assert (refused.exit_code, refused.stdout) == (2, "")
    assert refused.stderr == (
        "error: place round 1's arenas first; legal now: round 1: place 1 arena, Bus 1 at the top\n"
    )
    short = cli("allstar", "season", "team", "Cy", "1", "Tigers-1-stick")
    assert short.stderr == "error: a team is 5 cards; got 1 (Tigers-1-stick)\n"
    assert db.read_bytes() == before
