"""Demo: a seeded All-Star Draft game for three managers, recorded as a tracked season.

The deck's symbols, the arena rows and the Play-Off row below are invented for the demo
(the rulebook does not print them); a real table enters its own with `allstar arena add`.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from rich.console import Console

from companion.engine.rng import TableRng
from companion.games.allstar.arenas import Arena
from companion.games.allstar.best import best_team
from companion.games.allstar.cards import Card
from companion.games.allstar.season import fold
from companion.games.allstar.setup import plan_setup
from companion.games.allstar.shootout import card_key
from companion.games.allstar.table import default_config
from companion.games.allstar.teams import power
from companion.store import Store

PLAYERS = ["Aline", "Eric", "Magalie"]
DEMO_ROWS = [(13, 10, 7), (9, 6, 3), (8, 5, 2), (6, 4, 2), (7, 7, 1), (5, 3, 1)]
DEMO_PLAYOFF_ROW = [15, 10, 5]


def run(out: Console, store: Store, seed: int) -> None:
    from companion.ui.allstar import fan_zone, render_end, render_round

    config = default_config()
    rng = TableRng(seed)
    plan = plan_setup(PLAYERS, None, config, rng)
    out.print(f"$ companion allstar season start --players {','.join(PLAYERS)} --seed {seed}")
    out.print(f"  Species: {', '.join(plan.species)}; draw pile {plan.draw_pile}; 1 ticket each")
    store.start_match(
        "allstar", PLAYERS, {"mode": "standard"}, seed, [{"type": "setup", "data": plan.to_dict()}]
    )
    # Symbols are printed on the real cards; the demo deck deals them out at random.
    deck = [
        Card(s, n, rng.choice([*config.symbols, None])) for s in plan.species for n in range(1, 10)
    ]
    pile = rng.shuffled(deck)
    benches: dict[str, list[Card]] = {p: [] for p in PLAYERS}
    in_play: dict[str, list[tuple[Card, ...]]] = {p: [] for p in PLAYERS}
    rows = iter(DEMO_ROWS)
    for round_no in (1, 2, 3):
        arenas = [
            Arena(f"Demo Arena {round_no}.{i}", next(rows), frozenset()).to_doc()
            for i in range(1, round_no + 1)
        ]
        names = " ".join(f'"{a["name"]}"' for a in arenas)
        out.print(f"$ companion allstar season arenas {names}   (demo rows)")
        record(store, {"type": "arenas", "data": {"round": round_no, "arenas": arenas}})
        # The demo drafts by dealing six each; each manager builds the best new team.
        fresh = {p: [pile.pop() for _ in range(6)] for p in PLAYERS}
        for manager in PLAYERS:
            benches[manager] += fresh[manager]
            chosen = best_team(fresh[manager], len(PLAYERS), config).best.cards
            in_play[manager].append(chosen)
            for bus, team in enumerate(reversed(in_play[manager]), start=1):
                record(
                    store,
                    {
                        "type": "team",
                        "data": {
                            "round": round_no,
                            "manager": manager,
                            "bus": bus,
                            "cards": [str(c) for c in team],
                        },
                    },
                )
        out.print(f"$ companion allstar season team ...   ({len(PLAYERS) * round_no} teams)")
        out.print("$ companion allstar season resolve")
        season, result = record(store, {"type": "resolve", "data": {"config": config.to_doc()}})
        from companion.cli.allstar import ranking_payload

        render_round(
            out,
            round_no,
            [ranking_payload(r) for r in result.rankings],
            result.gained,
            season.scores,
        )
    playoffs(out, store, benches, config)
    season = fold(store.current_match("allstar")["events"])
    final = season.final_result()
    store.finish_match("allstar", final)
    out.print("$ companion allstar season end")
    render_end(out, {"result": final})
    fan_zone(out, final["scores"])


def record(store: Store, event: dict[str, Any]) -> tuple[Any, Any]:
    """Append `event` after checking it against the folded game, as the CLI does."""
    outcome: dict[str, Any] = {}

    def change(match: dict[str, Any]) -> list[dict[str, Any]]:
        outcome["value"] = fold(match["events"]).apply(event)
        return [event]

    match, _ = store.update_live("allstar", change)
    return fold(match["events"]), outcome["value"]


def playoffs(out: Console, store: Store, hands: dict[str, list[Card]], config: Any) -> None:
    teams = {m: list(best_team(hand, len(PLAYERS), config).best.cards) for m, hand in hands.items()}
    bench = {m: [c for c in hands[m] if c not in teams[m]] for m in hands}
    season = fold(store.current_match("allstar")["events"])
    while season.phase == "playoffs":
        stage = season.playoffs.stage
        if stage == "team":
            active = season.playoffs.active
            out.print(
                "$ companion allstar season playoff round "
                + " ".join(f"{m}=(Power {power(teams[m])})" for m in active)
                + f"   (demo row {','.join(map(str, DEMO_PLAYOFF_ROW))})"
            )
            event = {
                "type": "playoff-round",
                "data": {
                    "teams": {m: [str(c) for c in teams[m]] for m in active},
                    "points": DEMO_PLAYOFF_ROW,
                    "config": config.to_doc(),
                },
            }
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
            event = {
                "type": "shootout",
                "data": {"cards": {m: str(c) for m, c in shots.items()}, "config": config.to_doc()},
            }
        else:
            manager = season.playoffs.waiting_for[0]
            count = substitute(teams, bench, manager)
            out.print(f"$ companion allstar season playoff swap {manager} {count}")
            event = {"type": "swap", "data": {"manager": manager, "count": count}}
        season, _ = record(store, event)
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
