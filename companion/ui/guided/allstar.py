"""`companion allstar play`: the tracked season asked round by round, then the Play-Offs.

What to ask next is read from the live match (`season.fold`): place the round's arenas,
enter each manager's team per Bus, resolve the round; in the Play-Offs, every remaining
team, a shootout when the lowest Power is tied, the substitutions; at the end, finish the
game. Every answer is checked by the engine before it is recorded, and each step is
recorded through `Season.apply` under the store lock, exactly as `companion allstar
season …` records it.

Undo (Ctrl-Z, `u`): inside a step with several answers (the arenas, the Play-Off teams, a
shootout) it goes back one question; at a step's first question it takes back the match's
last recorded event (never the setup), like `companion allstar season undo`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine.errors import CompanionError
from companion.games.allstar.season import fold
from companion.ui.guided import prompts
from companion.ui.guided.prompts import Undo
from companion.ui.guided.steps import attempt

GAME = "allstar"
TABLE = "allstar"


def play_season(store: Any, seed: int | None = None) -> None:
    """Walk the live All-Star Draft game until the table stops or it is finished.

    `seed` is accepted for a uniform signature; All-Star's tracked game draws nothing.
    """
    Flow(store).run()


def collect(count: int, ask_one: Callable[[int, list[Any]], Any]) -> list[Any]:
    """`count` answers; undo goes back one answer (at the first, it leaves the step)."""
    answers: list[Any] = []
    while len(answers) < count:
        try:
            answers.append(ask_one(len(answers), answers))
        except Undo:
            if not answers:
                raise
            answers.pop()
            prompts.say("  back one question")
    return answers


class Flow:
    def __init__(self, store: Any) -> None:
        from companion.cli.allstar import table_config

        self.store = store
        self.config = table_config(store)
        self.stopped = False

    # --- the match ----------------------------------------------------------

    def match(self) -> dict[str, Any]:
        return self.store.current_match(GAME)

    def record(self, event: dict[str, Any]) -> tuple[Any, Any, dict[str, Any]]:
        """Apply `event` to the freshest state under the lock and store it."""
        outcome: dict[str, Any] = {}

        def change(match: dict[str, Any]) -> list[dict[str, Any]]:
            outcome["value"] = fold(match["events"]).apply(event)
            return [event]

        with prompts.no_interrupt():
            match, _ = self.store.update_live(GAME, change)
        return outcome["value"], fold(match["events"]), match

    def undo(self) -> None:
        events = self.match()["events"]
        if len(events) <= 1:
            prompts.say("  nothing to undo since the setup")
            return
        with prompts.no_interrupt():
            _, removed = self.store.undo_event(GAME)
        prompts.say(f"  undone: {describe(removed)}")

    # --- the loop -------------------------------------------------------------

    def run(self) -> None:
        from companion.cli.allstar import status_payload
        from companion.ui.allstar import render_status

        match = self.match()
        render_status(prompts.console(), status_payload(match, fold(match["events"])))
        prompts.say("[dim]Enter takes the default · names by prefix · Ctrl-Z or u: undo[/dim]")
        while not self.stopped:
            match = self.match()
            season = fold(match["events"])
            attempt(lambda: self.step(match, season), self.undo)  # noqa: B023 - called at once

    def step(self, match: dict[str, Any], season: Any) -> None:
        if season.phase == "arenas":
            self.arenas(season)
        elif season.phase == "teams":
            missing = self.missing(season)
            if missing:
                self.team(match, season, *missing[0])
            else:
                self.resolve(season)
        elif season.phase == "playoffs":
            stage = season.playoffs.stage
            if stage == "team":
                self.playoff_round(season)
            elif stage == "shootout":
                self.shootout(season)
            else:
                self.swap(season)
        else:
            self.end(match, season)

    @staticmethod
    def missing(season: Any) -> list[tuple[str, int]]:
        teams = season.teams.get(season.round, {})
        return [
            (m, b)
            for m in season.managers
            for b in range(1, season.round + 1)
            if b not in teams.get(m, {})
        ]

    # --- the regular season -----------------------------------------------------

    def arenas(self, season: Any) -> None:
        from companion.cli.allstar import catalogue, remember_arenas

        known = catalogue(self.store)
        played = {a.name.casefold() for row in season.arenas.values() for a in row}
        prompts.say(
            f"[bold]Round {season.round}[/bold]: place {season.round} arena(s), Bus 1 at the top"
        )

        def ask_one(index: int, chosen: list[Any]) -> Any:
            taken = played | {a.name.casefold() for a in chosen}
            unused = [
                doc["name"]
                for doc in known.values()
                if doc["name"].casefold() not in taken
                and not (season.n == 2 and "no-two-managers" in doc.get("rules", ()))
            ]
            while True:
                name = prompts.ask(
                    f"Bus {index + 1} arena?",
                    unused[0] if unused else "",
                    lambda text: self.arena_name(text, known),
                    choices=" / ".join(unused[:6]),
                )
                try:
                    return self.arena(name, known, season.n, chosen)
                except Undo:  # back to this arena's name
                    continue

        chosen = collect(season.round, ask_one)
        docs = [a.to_doc() for a in chosen]
        new = [a for a in chosen if a.name not in known]
        _, after, _ = self.record(
            {"type": "arenas", "data": {"round": season.round, "arenas": docs}}
        )
        remember_arenas(self.store, new)
        from companion.ui.allstar import render_arenas

        render_arenas(prompts.console(), docs)
        if after.first_chooser():
            prompts.say(f"  Open Market: {after.first_chooser()} (fewest Supporters) chooses first")

    @staticmethod
    def arena_name(text: str, known: dict[str, Any]) -> str:
        from companion.engine.errors import BadInput
        from companion.games.allstar.arenas import find_arena

        if not text.strip() or "," in text:
            raise BadInput("an arena name, as printed on the card (no commas)")
        found = find_arena(text, known)
        return found.name if found is not None else text.strip()

    @staticmethod
    def arena(name: str, known: dict[str, Any], managers: int, chosen: list[Any]) -> Any:
        from companion.games.allstar.arenas import Arena, find_arena, parse_points

        found = find_arena(name, known)
        if found is not None:
            return found
        # The default: the row entered last (new arenas often share their neighbour's row).
        rows = [list(doc["points"]) for doc in known.values()]
        rows += [list(a.points) for a in chosen if a.name not in known]
        fits = [r for r in rows if len(r) >= managers]
        default = ",".join(map(str, fits[-1])) if fits else ""

        def parse(text: str) -> Any:
            arena = Arena(name, parse_points(text))
            arena.check_row(managers)
            return arena

        prompts.say(f"  {name} is new to this table: its Supporter row is remembered")
        return prompts.ask(
            f"Supporters for 1st, 2nd, … place in {name}?", default, parse, choices="e.g. 13,10,7,5"
        )

    def team(self, match: dict[str, Any], season: Any, manager: str, bus: int) -> None:
        from companion.games.allstar.cards import parse_team
        from companion.games.allstar.teams import power

        arena = season.arenas[season.round][bus - 1].name

        def parse(text: str) -> Any:
            cards = parse_team(text.split(), self.config)
            fold(match["events"]).add_team(manager, bus, cards)  # the engine's checks
            return cards

        cards = prompts.ask(
            f"{manager}'s Bus {bus} team ({arena})?", "", parse, choices="5 cards, e.g. duc-4-puck"
        )
        event = {
            "type": "team",
            "data": {
                "round": season.round,
                "manager": manager,
                "bus": bus,
                "cards": [str(c) for c in cards],
            },
        }
        self.record(event)
        prompts.say(f"  Bus {bus}: {' '.join(map(str, cards))} (Power {power(cards)})")

    def resolve(self, season: Any) -> None:
        from companion.cli.allstar import ranking_payload
        from companion.ui.allstar import render_round

        answer = prompts.choose(
            f"All teams are in: resolve round {season.round}?", ["resolve", "stop"], "resolve"
        )
        if answer == "stop":
            self.stopped = True
            return
        value, after, _ = self.record({"type": "resolve", "data": {"config": self.config.to_doc()}})
        render_round(
            prompts.console(),
            value.round,
            [ranking_payload(r, self.config) for r in value.rankings],
            value.gained,
            after.scores,
        )
        nxt = "the Play-Offs" if after.playoffs is not None else f"round {after.round}"
        if prompts.choose(f"Go on to {nxt}?", ["next", "stop"], "next") == "stop":
            self.stopped = True

    # --- the Play-Offs ------------------------------------------------------------

    def playoff_row(self, managers: int) -> list[int]:
        from companion.games.allstar.arenas import parse_points
        from companion.games.allstar.playoffs import check_points_row

        stored = self.store.get_doc(TABLE, "playoff_points")
        if stored:
            return list(stored)
        return list(
            prompts.ask(
                "The Play-Off Points card: Supporters for 1st, 2nd, … place?",
                "",
                lambda text: check_points_row(parse_points(text, "Play-Off row"), managers),
                choices="e.g. 20,15,13,11 (remembered)",
            )
        )

    def playoff_round(self, season: Any) -> None:
        from companion.games.allstar.cards import parse_team

        playoffs = season.playoffs
        row = self.playoff_row(len(season.managers))
        prompts.say(
            f"[bold]Play-Off round {playoffs.round + 1}[/bold]: "
            f"{', '.join(playoffs.active)} reveal their teams"
        )

        def ask_one(index: int, earlier: list[Any]) -> Any:
            manager = playoffs.active[index]
            used = {c.identity: playoffs.active[i] for i, t in enumerate(earlier) for c in t}

            def parse(text: str) -> Any:
                cards = parse_team(text.split(), self.config)
                for card in cards:
                    if card.identity in used:
                        raise _taken(card, used[card.identity])
                return cards

            return prompts.ask(
                f"{manager}'s Play-Off team?", "", parse, choices="5 cards, e.g. duc-4-puck"
            )

        teams = collect(len(playoffs.active), ask_one)
        named = dict(zip(playoffs.active, teams, strict=True))
        event = {
            "type": "playoff-round",
            "data": {
                "teams": {m: [str(c) for c in t] for m, t in named.items()},
                "points": row,
                "config": self.config.to_doc(),
            },
        }
        value, after, match = self.record(event)
        self.store.put_doc(TABLE, "playoff_points", row)
        from companion.cli.allstar import outcome_payload, status_payload
        from companion.ui.allstar import render_confrontation

        render_confrontation(
            prompts.console(), outcome_payload(value), status_payload(match, after)
        )

    def shootout(self, season: Any) -> None:
        from companion.games.allstar.cards import parse_card

        tied = list(season.playoffs.tied)
        prompts.say(f"[bold]Shootout[/bold]: {' and '.join(tied)} each play one card")

        def ask_one(index: int, earlier: list[Any]) -> Any:
            used = {c.identity: tied[i] for i, c in enumerate(earlier)}

            def parse(text: str) -> Any:
                card = parse_card(text, self.config)
                if card.identity in used:
                    raise _taken(card, used[card.identity])
                return card

            return prompts.ask(
                f"{tied[index]}'s Penalty Shot card?", "", parse, choices="e.g. duc-9-stick"
            )

        cards = collect(len(tied), ask_one)
        event = {
            "type": "shootout",
            "data": {
                "cards": {m: str(c) for m, c in zip(tied, cards, strict=True)},
                "config": self.config.to_doc(),
            },
        }
        value, after, match = self.record(event)
        from companion.cli.allstar import outcome_payload, shootout_payload, status_payload
        from companion.ui.allstar import render_playoff_shootout, render_playoff_state

        out = prompts.console()
        render_playoff_shootout(
            out,
            shootout_payload(value.shot, len(after.managers), self.config),
            outcome_payload(value),
        )
        if after.phase != "over":
            render_playoff_state(out, status_payload(match, after))

    def swap(self, season: Any) -> None:
        from companion.data import load

        playoffs = season.playoffs
        manager = playoffs.waiting_for[0]
        low, high = load("allstar")["playoffs"]["swap"]
        counts = [str(n) for n in range(low, min(high, playoffs.hand[manager]) + 1)]
        count = prompts.choose(
            f"{manager} substitutes how many cards from the Bench "
            f"({playoffs.hand[manager]} in hand)?",
            counts,
            counts[0],
        )
        value, _, _ = self.record(
            {"type": "swap", "data": {"manager": manager, "count": int(count)}}
        )
        prompts.say(f"  {manager} swaps {value.count} ({value.bench_left} left on the Bench)")

    def end(self, match: dict[str, Any], season: Any) -> None:
        from companion.cli.allstar import status_payload
        from companion.ui.allstar import render_end

        prompts.say("[bold]The Play-Offs are over.[/bold]")
        if prompts.choose("Finish the game now?", ["end", "stop"], "end") == "stop":
            self.stopped = True
            return
        result = season.final_result()
        self.store.finish_match(GAME, result, expected_events=len(match["events"]))
        render_end(prompts.console(), {**status_payload(match, season), "result": result})
        self.stopped = True


def _taken(card: Any, manager: str) -> CompanionError:
    from companion.games.allstar.errors import BadTeam

    return BadTeam(f"card {card.species}-{card.number} is already in {manager}'s hand")


def describe(event: dict[str, Any]) -> str:
    data = event.get("data", {})
    kind = event["type"]
    if kind == "team":
        return f"team ({data['manager']} Bus {data['bus']})"
    if kind == "arenas":
        return f"arenas ({', '.join(a['name'] for a in data['arenas'])})"
    if kind == "playoff-round":
        return f"Play-Off round ({', '.join(data['teams'])})"
    if kind == "shootout":
        return f"shootout ({', '.join(data['cards'])})"
    if kind == "swap":
        return f"swap ({data['manager']} {data['count']})"
    return kind
