"""Demo: the rulebook's chain examples, scoring, a game played to its last round, a solo solve.

The box's cards are not in the rulebook, so the demo's catalogue is the
clearly labelled synthetic box (companion/games/playlist/synthetic.py), and
the rulebook examples' icons are stand-ins that agree with what the rulebook
says about them.
"""

from __future__ import annotations

from rich.console import Console

from companion.engine.rng import TableRng, step_rng
from companion.games.playlist import game, solo
from companion.games.playlist.cards import default_genres, parse_inline
from companion.games.playlist.chain import MULTIPLAYER, check_chain
from companion.games.playlist.scoring import parse_assignment, score_playlist
from companion.games.playlist.solver import best_playlist
from companion.games.playlist.synthetic import synthetic_box
from companion.store import Store

CHAIN = [
    "country/1/guitar+storytelling+love+acoustic/Blowin' in the Wind",
    "pop/2/piano+love+ballad+B/Let It Be",
    "rock/2/electric-guitar+piano+ballad+sad/November Rain",
]
BROKEN = [
    "pop/1/synthesizer+drums+alternative/Out of Space",
    "pop/2/dancing+feel-good+love/Dancing Queen",
]


def run(out: Console, store: Store, seed: int) -> None:
    from companion.cli.playlist import TABLE, _game_payload, _solo_payload
    from companion.ui import playlist as ui

    genres = default_genres()
    out.print("$ companion playlist check " + " ".join(f'"{c}"' for c in CHAIN))
    cards = [parse_inline(c, genres) for c in CHAIN]
    ui.render_check(out, cards, check_chain(cards, MULTIPLAYER), MULTIPLAYER)
    out.print("$ companion playlist check " + " ".join(f'"{c}"' for c in BROKEN))
    cards = [parse_inline(c, genres) for c in BROKEN]
    ui.render_check(out, cards, check_chain(cards, MULTIPLAYER), MULTIPLAYER)

    out.print("\n$ companion playlist score ... --assignment 3:pop=3")
    pops = [
        parse_inline(f"pop/{p}/love+piano+ballad/Pop {i}", genres)
        for i, p in enumerate([1, 2, 3, 1])
    ]
    score = score_playlist(pops, [parse_assignment("3:pop=3", genres)])
    ui.render_score(out, score, check_chain(pops, MULTIPLAYER))

    out.print("\n$ companion playlist cards import synthetic-box.csv   (synthetic demo cards)")
    if store.get_doc(TABLE, "cards") is None:
        box = synthetic_box(TableRng(seed))
        store.put_doc(TABLE, "cards", [c.to_dict() for c in box])
        out.print(
            f"  Imported {len(box)} synthetic cards (NOT the real box: the rulebook prints none)."
        )
    else:
        out.print("  (this database already has a catalogue; the demo leaves it alone)")

    _game(out, store, seed, _game_payload, ui)
    _solo(out, store, seed, _solo_payload, ui)


def _game(out: Console, store: Store, seed: int, payload_of, ui) -> None:
    if store.live_match(game.GAME) is not None:
        out.print("\n(a playlist game is live in this database; the demo skips its own game)")
        return
    genres = default_genres()

    def song(genre: str, n: int) -> object:
        return parse_inline(f"{genre}/1/love+piano+drums/{genre.title()} demo {n}", genres)

    out.print("\n$ companion playlist game start --players Ana,Ben,Cy --first Ana")
    start = {"type": "start", "data": {"first": "Ana", "how": "chosen"}}
    store.start_match(game.GAME, ["Ana", "Ben", "Cy"], {"mode": "multiplayer"}, seed, [start])
    moves = [
        ("Ana", [song("pop", i) for i in range(8)]),
        ("Ben", [song("rock", i) for i in range(5)]),
        ("Cy", [song("country", i) for i in range(3)]),
        ("Ana", [song("pop", i) for i in range(8, 15)]),
        ("Ben", [song("rock", i) for i in range(5, 8)]),
        ("Cy", [song("rnb", i) for i in range(4)]),
    ]
    for player, cards in moves:
        out.print(f"$ companion playlist game play {player} ... ({len(cards)} cards)")
        store.update_live(game.GAME, lambda m, p=player, c=cards: [game.play(game.fold(m), p, c)])
        out.print("$ companion playlist game turn")
        ended = game.end_turn(game.fold(store.current_match(game.GAME)))
        match, _ = store.update_live(game.GAME, lambda m: [game.end_turn(game.fold(m)).event()])
        ui.render_game(out, payload_of(match), [ended])
    out.print("$ companion playlist game end")
    final = game.final_result(game.fold(store.current_match(game.GAME)))
    store.finish_match(game.GAME, final.to_result())
    ui.render_final(out, final)


def _solo(out: Console, store: Store, seed: int, payload_of, ui) -> None:
    from companion.cli.playlist import catalogue, genres_in_play

    if store.live_match(solo.GAME) is not None:
        out.print("\n(a solo run is live in this database; the demo skips its own)")
        return
    out.print(f"\n$ companion playlist solo deal --seed {seed}")
    rng = TableRng(seed)
    dealt = solo.deal_solo(catalogue(store), genres_in_play(store), 20, rng)
    match = store.start_match(solo.GAME, ["solo"], {"mode": "solo"}, rng.seed, [dealt.event()])
    ui.render_deal(out, payload_of(match))
    if not dealt.cards:
        out.print("  (box numbers only: nothing to solve)")
        return
    out.print("$ companion playlist solo solve")
    best = best_playlist(dealt.cards)
    ui.render_solution(out, best, len(dealt.cards))
    out.print("$ companion playlist solo score <the solver's playlist>")
    store.update_live(
        solo.GAME, lambda m: [solo.score_round(solo.fold_rounds(m), best.playlist)[1]]
    )
    if best.wins:
        out.print("$ companion playlist solo next")
        store.update_live(
            solo.GAME,
            lambda m: [
                solo.next_deal(
                    solo.fold_rounds(m),
                    catalogue(store),
                    genres_in_play(store),
                    step_rng(m["seed"], len(m["events"])),
                ).event()
            ],
        )
        ui.render_deal(out, payload_of(store.current_match(solo.GAME)))
    out.print("$ companion playlist solo end")
    match = store.current_match(solo.GAME)
    result = solo.solo_result("solo", solo.fold_rounds(match))
    store.finish_match(solo.GAME, result)
    ui.render_solo_end(out, result)
