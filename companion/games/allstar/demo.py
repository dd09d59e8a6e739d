"""Demo: a seeded All-Star Draft game for three managers, recorded as a tracked season.

The deck's symbols, the arena rows and the Play-Off row below are invented for the demo
(the rulebook does not print them); a real table enters its own with `allstar arena add`.
"""

from __future__ import annotations

from itertools import combinations

from rich.console import Console

from companion.engine.rng import TableRng
from companion.games.allstar.rules.arenas import Arena
from companion.games.allstar.rules.best import best_team
from companion.games.allstar.rules.cards import Card
from companion.games.allstar.rules.facts import TableConfig
from companion.games.allstar.rules.season import Season
from companion.games.allstar.rules.shootout import card_key
from companion.games.allstar.rules.teams import power
from companion.games.allstar.table import AllStarTable
from companion.store import Store

# `companion demo` shows these steps (command prefix, output lines); companion/demo/tour.py
TOUR = (("companion allstar season start", 1), ("companion allstar season resolve", 10),
        ("companion allstar season end", 5))  # fmt: skip
TRY = ("companion allstar season start --players Ana,Ben,Cy --seed 7",)
PLAYERS = ["Aline", "Eric", "Magalie"]
DEMO_ROWS = [(13, 10, 7), (9, 6, 3), (8, 5, 2), (6, 4, 2), (7, 7, 1), (5, 3, 1)]
DEMO_PLAYOFF_ROW = [15, 10, 5]


def run(out: Console, store: Store, seed: int) -> None:
    from companion.games.allstar.render import fan_zone, render_end, render_round

    table = AllStarTable(store)
    if table.live() is not None:
        out.print("(an allstar game is already live in this database; the demo is skipped)")
        return
    config = table.config()
    out.print(f"$ companion allstar season start --players {','.join(PLAYERS)} --seed {seed}")
    plan = table.start(PLAYERS, None, seed).setup.plan
    out.print(f"  Species: {', '.join(plan.species)}; draw pile {plan.draw_pile}; 1 ticket each")
    rng = TableRng(seed)
    rng.sample(config.species, len(plan.species))  # the draws the setup made from this seed
    # Symbols are printed on the real cards; the demo deck deals them out at random.
    deck = [
        Card(s, n, rng.choice([*config.symbols, None])) for s in plan.species for n in range(1, 10)
    ]
    pile = rng.shuffled(deck)
    benches: dict[str, list[Card]] = {p: [] for p in PLAYERS}
    rows = iter(DEMO_ROWS)
    for round_no in (1, 2, 3):
        arenas = [
            Arena(f"Demo Arena {round_no}.{i}", next(rows), frozenset())
            for i in range(1, round_no + 1)
        ]
        names = " ".join(f'"{a.name}"' for a in arenas)
        out.print(f"$ companion allstar season arenas {names}   (demo rows)")
        table.arenas_chosen(arenas)
        # The demo drafts by dealing six each; each manager builds the best new team and
        # sends it on Bus 1; the earlier teams stay in play on the next Buses.
        fresh = {p: [pile.pop() for _ in range(6)] for p in PLAYERS}
        for manager in PLAYERS:
            benches[manager] += fresh[manager]
            chosen = best_team(fresh[manager], len(PLAYERS), config).best.cards
            table.team(manager, 1, chosen)
        kept = "" if round_no == 1 else "; the earlier teams stay in play"
        out.print(f"$ companion allstar season team NAME 1 ...   ({len(PLAYERS)} new teams{kept})")
        out.print("$ companion allstar season resolve")
        resolved = table.resolve()
        render_round(out, resolved.outcome, resolved.status)
    playoffs(out, table, benches, config)
    done = table.end()
    out.print("$ companion allstar season end")
    render_end(out, done)
    fan_zone(out, done.result["scores"])


def playoffs(
    out: Console, table: AllStarTable, hands: dict[str, list[Card]], config: TableConfig
) -> None:
    teams = {m: list(best_team(hand, len(PLAYERS), config).best.cards) for m, hand in hands.items()}
    bench = {m: [c for c in hands[m] if c not in teams[m]] for m in hands}
    season: Season = table.status().state
    while season.phase == "playoffs":
        assert season.playoffs is not None
        stage = season.playoffs.stage
        if stage == "team":
            active = season.playoffs.active
            out.print(
                "$ companion allstar season playoff round "
                + " ".join(f"{m}=(Power {power(teams[m])})" for m in active)
                + f"   (demo row {','.join(map(str, DEMO_PLAYOFF_ROW))})"
            )
            recorded = table.playoff_round({m: teams[m] for m in active}, DEMO_PLAYOFF_ROW)
        elif stage == "shootout":
            shots = {
                m: max(bench[m], key=lambda c: card_key(c, len(PLAYERS), config))
                for m in season.playoffs.tied
            }
            for m, card in shots.items():
                bench[m].remove(card)
            out.print(
                "$ companion allstar season playoff shootout "
                + " ".join(f"{m}={c}" for m, c in shots.items())
            )
            recorded = table.playoff_shootout(shots)
        else:
            manager = season.playoffs.waiting_for[0]
            count = substitute(teams, bench, manager)
            out.print(f"$ companion allstar season playoff swap {manager} {count}")
            recorded = table.playoff_swap(manager, count)
        season = recorded.status.state
    assert season.playoffs is not None
    for e in season.playoffs.eliminated:
        out.print(f"  {e.manager} out ({e.reason}): place {e.place}, +{e.points}")
    out.print(f"  {season.playoffs.champion} wins the Play-Offs")


def substitute(teams: dict[str, list[Card]], bench: dict[str, list[Card]], manager: str) -> int:
    """Swap 2 to 4 bench cards in for the strongest resulting Power."""
    team, spare = teams[manager], bench[manager]
    best: tuple[int, list[Card], list[Card]] | None = None
    for k in (2, 3, 4):
        for out_cards in combinations(team, k):
            for in_cards in combinations(spare, k):
                new = [c for c in team if c not in out_cards] + list(in_cards)
                if best is None or power(new) > best[0]:
                    best = (power(new), new, list(in_cards))
    assert best is not None
    teams[manager] = best[1]
    bench[manager] = [c for c in spare if c not in best[2]]
    return len(best[2])
