"""Demo: dice, shuffle and deal, and a match recorded in the store."""

from __future__ import annotations

from rich.console import Console

from companion.engine.decks import deal, parse_deck
from companion.engine.dice import named_die
from companion.engine.rng import TableRng
from companion.store import Store
from companion.tables.rolloff import RollOffTable

# `companion demo` shows these steps (command prefix, output lines); companion/demo/tour.py
TOUR = (("companion roll d20", 1), ("companion roll d8", 1), ("companion deal", 4),
        ("companion first-player", 1))  # fmt: skip
TRY = ("companion roll d20 --count 2", "companion deal --players Ana,Ben,Cy --cards 5")


def run(out: Console, store: Store, seed: int) -> None:
    rng = TableRng(seed)
    d20, d8 = named_die("d20"), named_die("d8")
    out.print("$ companion roll d20 --count 5")
    out.print("  " + "  ".join(str(d20.roll(rng)) for _ in range(5)))
    out.print("$ companion roll d8 --count 3")
    out.print("  " + "  ".join(d8.label(d8.roll(rng)) for _ in range(3)))
    players = ["Ana", "Ben", "Cy"]
    out.print("$ companion deal --players Ana,Ben,Cy --cards 5 --deck 1-54")
    dealt = deal(parse_deck("1-54"), players, 5, rng)
    for player, hand in dealt.hands.items():
        out.print(f"  {player:<4} {' '.join(hand)}")
    out.print(f"  rest {len(dealt.rest)} cards")
    first = rng.choice(players)
    out.print(f"$ companion first-player Ana Ben Cy\n  {first} goes first.")
    out.print("(roll, deal and first-player only answer; tracked games keep every move.)")
    out.print("Who deals next time? A roll-off, recorded like any tracked game:")
    table = RollOffTable(store)
    started = table.start(players, seed=seed)
    for player in players:
        table.roll(player, d20.roll(rng))
    done = table.end()
    rolls, winner = done.result["scores"], done.result["winner"]
    out.print(f"  match {started.id}: " + ", ".join(f"{p} rolled {r}" for p, r in rolls.items()))
    out.print(f"  '{winner}' rolled highest; the roll-off is filed in this demo's history.")
