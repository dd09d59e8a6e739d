"""Demo: the rulebook's scoring example, then a short seeded draft run by the companion."""

from __future__ import annotations

from importlib.resources import files

from rich.console import Console

from companion.engine.errors import CompanionError
from companion.engine.rng import step_rng
from companion.games.otdraft.best import find_best
from companion.games.otdraft.cards import CATEGORIES, Card, Catalogue
from companion.games.otdraft.catalogue import parse_catalogue_text
from companion.games.otdraft.draft import (
    DECK_SIZE,
    deal_event,
    pick_event,
    secret_event,
    start_options,
    state_of,
    turn_event,
)
from companion.games.otdraft.results import final_result
from companion.games.otdraft.scoring import build_team
from companion.store import Store

GAME = "otdraft"
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
    from companion.cli.otdraft import CATALOGUE_KEY, TABLE, score_payload
    from companion.ui.otdraft import render_end, render_score, render_status

    text = files("companion.data").joinpath("otdraft_example.toml").read_text(encoding="utf-8")
    example = parse_catalogue_text(text, "otdraft_example.toml")
    out.print("$ companion otdraft cards import --example")
    if store.get_doc(TABLE, CATALOGUE_KEY) is None:
        store.put_doc(TABLE, CATALOGUE_KEY, example.to_raw())
        out.print("  Imported the 8 cards of the rulebook's Scoring Example.")
    else:
        out.print("  (this database already has a catalogue; the demo leaves it alone)")

    out.print("$ companion otdraft score " + " ".join(EXAMPLE_TEAM) + " --secret Isaac")
    search = find_best(build_team(example, EXAMPLE_TEAM, "Isaac"))
    render_score(out, score_payload(search, "Isaac"))

    out.print("\nA draft run by the companion: those 8 cards and 46 rule-less stand-ins.")
    deck = demo_deck(example)
    players, first, _ = start_options("Ana,Ben,Cy", None, deck, True)
    out.print(f"$ companion otdraft game start --players Ana,Ben,Cy --deck --seed {seed}")
    try:
        store.start_match(
            GAME,
            players,
            {"first": first, "deck": True, "catalogue": deck.to_raw()},
            seed,
            [deal_event(deck, players, step_rng(seed, 0))],
        )
    except CompanionError as err:
        out.print(f"  skipped: {err.line()}")
        return

    def record(make_event) -> dict:
        def change(match):
            return [make_event(state_of(match), step_rng(seed, len(match["events"])))]

        _, events = store.update_live(GAME, change)
        return events[-1]

    for player in players:
        state = state_of(store.current_match(GAME))
        keep = state.candidates[player][0]
        record(lambda s, rng, p=player, c=keep: secret_event(s, p, c))
    out.print("  Each player keeps one of two secret cards; the other is discarded.")
    while True:
        state = state_of(store.current_match(GAME))
        if state.is_draft_over:
            break
        if state.is_round_over:
            record(turn_event)
            continue
        player, card = state.current, max(state.draftline, key=lambda n: deck[n].points)
        event = record(lambda s, rng, p=player, c=card: pick_event(s, p, c, rng))
        if state.round == 1:
            out.print(f"$ companion otdraft game pick {player} '{card}'")
            laid = [c for op, cards in event["data"].get("ops", []) if op == "draw" for c in cards]
            out.print(f"  {player} drafts {card}; laid {', '.join(laid) or 'nothing'}.")
    out.print("  … every player drafts the highest card in the Draftline, for 7 rounds …")
    out.print("$ companion otdraft game status")
    match = store.current_match(GAME)
    render_status(out, {"id": match["id"], "players": players, **state.to_json()})
    result, searches = final_result(state)
    store.finish_match(GAME, result)
    out.print("$ companion otdraft game end")
    render_end(
        out,
        {
            **state.to_json(),
            "players": players,
            **result,
            "details": {p: score_payload(s, state.secrets[p]) for p, s in searches.items()},
        },
    )
    out.print(f"  Draft {match['id']} archived; see 'companion history list'.")
