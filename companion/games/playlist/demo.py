"""Demo: the rulebook's chain examples, scoring, a game played to its last round, a solo solve.

The box's cards are not in the rulebook, so the demo's catalogue is the
clearly labelled synthetic box (companion/games/playlist/rules/synthetic.py), and
the rulebook examples' icons are stand-ins that agree with what the rulebook
says about them.
"""

from __future__ import annotations

from rich.console import Console

from companion.engine.rng import TableRng
from companion.games.playlist import render as ui
from companion.games.playlist.rules.cards import default_genres, parse_inline
from companion.games.playlist.rules.synthetic import synthetic_box
from companion.games.playlist.table import PlaylistTable, SoloTable
from companion.store import Store

# `companion demo` shows these steps (command prefix, output lines); companion/demo/tour.py
TOUR = (("companion playlist check", 5), ("companion playlist check", 4),
        ("companion playlist game end", 4), ("companion playlist solo solve", 1))  # fmt: skip
TRY = (
    "companion playlist check pop/1/love+piano+sad rock/2/sad+drums+bass",
    "companion playlist game start --players Ana,Ben,Cy",
)
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
    game = PlaylistTable(store)
    out.print("$ companion playlist check " + " ".join(f'"{c}"' for c in CHAIN))
    ui.render_check(out, game.box.check(CHAIN))
    out.print("$ companion playlist check " + " ".join(f'"{c}"' for c in BROKEN))
    ui.render_check(out, game.box.check(BROKEN))

    out.print("\n$ companion playlist score ... --assignment 3:pop=3")
    pops = [f"pop/{p}/love+piano+ballad/Pop {i}" for i, p in enumerate([1, 2, 3, 1])]
    ui.render_score(out, game.box.score(pops, ["3:pop=3"]))

    out.print("\n$ companion playlist cards import synthetic-box.csv   (synthetic demo cards)")
    box = synthetic_box(TableRng(seed))
    if game.box.put_synthetic(box):
        out.print(
            f"  Imported {len(box)} synthetic cards (NOT the real box: the rulebook prints none)."
        )
    else:
        out.print("  (this database already has a catalogue; the demo leaves it alone)")

    _game(out, game, seed)
    _solo(out, SoloTable(store), seed)


def _game(out: Console, table: PlaylistTable, seed: int) -> None:
    if table.live() is not None:
        out.print("\n(a playlist game is live in this database; the demo skips its own game)")
        return
    genres = default_genres()

    def song(genre: str, n: int) -> object:
        return parse_inline(f"{genre}/1/love+piano+drums/{genre.title()} demo {n}", genres)

    out.print("\n$ companion playlist game start --players Ana,Ben,Cy --first Ana")
    table.start(["Ana", "Ben", "Cy"], first="Ana", seed=seed)
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
        table.play(player, cards)
        out.print("$ companion playlist game turn")
        turned = table.turn()
        ui.render_notes(out, turned.played.steps[-1].notes)
        ui.render_status(out, turned.status)
    out.print("$ companion playlist game end")
    ui.render_game_end(out, table.end())


def _solo(out: Console, table: SoloTable, seed: int) -> None:
    if table.live() is not None:
        out.print("\n(a solo run is live in this database; the demo skips its own)")
        return
    if not table.has_card_list():  # it deals only cards it knows
        out.print("\n(this database's catalogue has no music cards; the demo skips its solo run)")
        return
    out.print(f"\n$ companion playlist solo start --seed {seed}")
    started = table.start(20, "solo", seed)
    ui.render_solo_status(out, started.status)
    out.print("$ companion playlist solo solve")
    solved = table.solve()
    ui.render_solution(out, solved)
    out.print("$ companion playlist solo score <the solver's playlist>")
    scored = table.score([str(c.number) for c in solved.best.playlist])
    if scored.wins:
        out.print("$ companion playlist solo next")
        ui.render_solo_status(out, table.next_round().status)
    out.print("$ companion playlist solo end")
    ui.render_solo_end(out, table.end())
