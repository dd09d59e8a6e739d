"""Demo: the rulebook's scoring example, then a short seeded draft run by the companion."""

from __future__ import annotations

from rich.console import Console

from companion.engine.errors import CompanionError
from companion.games.otdraft.rules.cards import CATEGORIES, Card, Catalogue
from companion.games.otdraft.rules.draft import DECK_SIZE
from companion.games.otdraft.table import DraftTable, Scored, example_catalogue
from companion.store import Store

# `companion demo` shows these steps (command prefix, output lines); companion/demo/tour.py
TOUR = (("companion otdraft cards import", 1), ("companion otdraft score", 10),
        ("companion otdraft game status", 4))  # fmt: skip
TRY = ("companion otdraft cards import --example",
       "companion otdraft score Jonah Music Saul David --secret Isaac")  # fmt: skip
EXAMPLE_TEAM = ["Jonah", "Music", "Saul", "David", "Snake", "Famine", "Adam"]


def demo_deck(example: Catalogue) -> Catalogue:
    """The example's cards plus rule-less stand-ins up to 54.

    The rulebook prints no card list, so the demo invents none: the stand-ins are
    named "Card 09" and so on and do nothing but score their starting points.
    """
    fillers = tuple(
        Card(f"Card {i:02d}", CATEGORIES[i % len(CATEGORIES)], i % 11)
        for i in range(len(example) + 1, DECK_SIZE + 1)
    )
    return Catalogue(example.cards + fillers, "demo: rulebook example + stand-ins")


def run(out: Console, store: Store, seed: int) -> None:
    from companion.games.otdraft.render import render_end, render_score, render_status

    table = DraftTable(store)
    example = example_catalogue()
    out.print("$ companion otdraft cards import --example")
    if table.catalogue() is None:
        table.import_catalogue(example)
        out.print("  Imported the 8 cards of the rulebook's Scoring Example.")
    else:
        out.print("  (this database already has a catalogue; the demo leaves it alone)")

    out.print("$ companion otdraft score " + " ".join(EXAMPLE_TEAM) + " --secret Isaac")
    from companion.games.otdraft.rules.best import find_best
    from companion.games.otdraft.rules.scoring import build_team

    render_score(out, Scored(find_best(build_team(example, EXAMPLE_TEAM, "Isaac")), "Isaac"))

    out.print("\nA draft run by the companion: those 8 cards and 46 rule-less stand-ins.")
    deck = demo_deck(example)
    out.print(f"$ companion otdraft game start --players Ana,Ben,Cy --deck --seed {seed}")
    try:
        started = table.start("Ana,Ben,Cy", catalogue=deck, deck=True, seed=seed)
    except CompanionError as err:
        out.print(f"  skipped: {err.line()}")
        return
    players = started.status.players
    for player in players:
        table.secret(player, table.hand(player).candidates[0])
    out.print("  Each player keeps one of two secret cards; the other is discarded.")
    while True:
        state = table.status().state
        if state.is_draft_over:
            break
        if state.is_round_over:
            table.turn()
            continue
        player, card = state.current, max(state.draftline, key=lambda n: deck[n].points)
        assert player is not None
        event = table.pick(player, card).event
        if state.round == 1:
            out.print(f"$ companion otdraft game pick {player} '{card}'")
            laid = [c for op, cards in event["data"].get("ops", []) if op == "draw" for c in cards]
            out.print(f"  {player} drafts {card}; laid {', '.join(laid) or 'nothing'}.")
    out.print("  … every player drafts the highest card in the Draftline, for 7 rounds …")
    out.print("$ companion otdraft game status")
    render_status(out, table.status())
    ended = table.end()
    out.print("$ companion otdraft game end")
    render_end(out, ended)
    out.print(f"  Draft {ended.id} archived; see 'companion history list'.")
