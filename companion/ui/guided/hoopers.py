"""`companion hoopers play`: attacking turns asked step by step and recorded as they happen.

The steps and what they allow come from `companion.games.hoopers.turn_flow`;
every die is resolved by the engine's `resolve_*` functions and recorded
through the match engine (`match.play`) into the live match, one store
transaction per step. The dice are the table's (typed) or the companion's
(Enter; drawn from `TableRng(--seed)` and kept in the recorded event).

Undo (Ctrl-Z, `u`) takes back the events the last recording step wrote and
asks that step again; with nothing recorded in this session it drops the
match's last event, like `companion hoopers match undo`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.engine.errors import CompanionError, NothingToUndo, RuleViolation
from companion.engine.events import Step
from companion.engine.rng import TableRng
from companion.games.hoopers import turn_flow as tf
from companion.games.hoopers.counters import POSITIONS, CounterSpec, resolve_counter
from companion.games.hoopers.fouls import read_foul_die
from companion.games.hoopers.free_throws import resolve_free_throws
from companion.games.hoopers.shots import DEFENSE_FOR, ShotSpec, resolve_shot
from companion.games.hoopers.state import MatchState
from companion.games.hoopers.stats import check_bonus, check_stat
from companion.tables.hoopers import HoopersTable
from companion.ui.guided import prompts
from companion.ui.guided.prompts import Undo

KIND_NAMES = {"2ps": "2PS", "3ps": "3PS", "lup": "LUP"}
SHOT_NAMES = {"2ps": "2 points shot", "3ps": "3 points shot", "lup": "lay-up"}
COUNTER_NAMES = {"steal": "steal dribble", "intercept": "intercept pass", "rebound": "rebound"}


def start(store: Any, seed: int | None = None) -> bool:
    """Ask for the teams, tribes and first attacker, then start a match.

    True when the match started; False when the table backed out (undo) or the
    rules refused (the reason is said).
    """
    from companion.games.hoopers.match import tribes
    from companion.tables.hoopers import roster

    names = list(tribes())
    try:
        home = prompts.ask("Home team (a player's name)?", "Home", _name)
        away = prompts.ask("Away team?", "Away", _name)
        home_tribe = prompts.choose(f"{home}'s tribe?", names, names[0])
        away_tribe = prompts.choose(f"{away}'s tribe?", names, names[-1])
        first = prompts.choose("Who attacks first?", ["roll", home, away], "roll")
    except Undo:
        return False
    try:
        status = HoopersTable(store).start(
            home,
            away,
            rosters={home: roster(home, home_tribe, None), away: roster(away, away_tribe, None)},
            first=first,
            seed=seed,
        )
    except CompanionError as err:
        prompts.say(f"error: {err.line()}")
        return False
    from companion.ui.hoopers import render_notes, render_status

    render_notes(prompts.console(), status.state.notes)
    render_status(prompts.console(), status)
    return True


def _name(text: str) -> str:
    from companion.engine.decks import parse_players

    return parse_players([text], low=1, high=1)[0]


def play_turns(store: Any, seed: int | None = None) -> None:
    """Walk attacking turns of the live hoopers match until the table stops."""
    Flow(store, TableRng(seed)).run()


class Flow:
    def __init__(self, store: Any, rng: TableRng) -> None:
        self.table = HoopersTable(store)
        self.rng = rng
        self.history: list[tuple[tf.Turn, list[dict[str, Any]]]] = []
        self.step_events: list[dict[str, Any]] = []
        self.typed: dict[tuple[str, str, str], int] = {}
        self.stopped = False

    # --- the match ----------------------------------------------------------

    def match(self) -> dict[str, Any]:
        return self.table.current()

    def state(self) -> Any:
        return self.table.fold(self.match())

    def record(self, events: list[dict[str, Any]]) -> list[Step[MatchState]]:
        """Play `events` through the match engine and store them in one transaction."""
        with prompts.no_interrupt():
            recorded = self.table.record(*events)
        self.step_events.extend(recorded.events)
        return list(recorded.played.steps)

    def fresh_turn(self) -> tf.Turn:
        state = self.state()
        if state.over:
            raise RuleViolation(
                f"match {state.id} is over", hint="record it with 'companion hoopers match end'"
            )
        return tf.new_turn(state.attacking, state.other(state.attacking))

    # --- the loop -------------------------------------------------------------

    def run(self) -> None:
        from companion.ui.hoopers import render_status

        render_status(prompts.console(), self.table.status())
        prompts.say("[dim]Enter takes the default · names by prefix · Ctrl-Z or u: undo[/dim]")
        turn = self.fresh_turn()
        steps = {
            "f1": self.fundamental,
            "f2": self.fundamental,
            "counter": self.counter,
            "playbook": self.playbook,
            "attack": self.attack,
            "rebound": self.rebound,
            "done": self.done,
        }
        while not self.stopped:
            before, self.step_events = turn, []
            try:
                turn = steps[turn.step](turn)
            except Undo:
                try:
                    turn = self.undo(before)
                except CompanionError as err:
                    prompts.say(f"  cannot undo: {err.line()}")
                    turn = before
                continue
            self.history.append((before, self.step_events))

    def undo(self, current: tf.Turn) -> tf.Turn:
        """Take back the last recording step of this session (or the match's last event)."""
        steps = [i for i, (_, events) in enumerate(self.history) if events]
        if steps:
            before, events = self.history[steps[-1]]
            self._take_back(events)
            del self.history[steps[-1] :]
            return before
        try:
            with prompts.no_interrupt():
                undone = self.table.undo()
        except NothingToUndo:
            prompts.say("  nothing to undo")
            return current
        self.history.clear()
        prompts.say(f"  undone: {_describe(undone.removed)}")
        return self.fresh_turn()

    def _take_back(self, events: list[dict[str, Any]]) -> None:
        with prompts.no_interrupt():
            self.table.undo(expected=events)
        prompts.say(f"  undone: {'; '.join(_describe(e) for e in events)}")

    # --- helpers ---------------------------------------------------------------

    def hoopers(self, team: str, *, attack: bool = False, defend: bool = False) -> list[str]:
        """The team's hoopers on court (every hooper without a line-up) who may act."""
        side = self.state().teams[team]
        names = []
        for hooper in side.hoopers.values():
            if not side.on_court(hooper.name):
                continue
            try:
                if attack:
                    hooper.check_can_attack(team)
                if defend:
                    hooper.check_can_defend(team)
            except RuleViolation:
                continue
            if not hooper.ejected and not hooper.out:
                names.append(hooper.name)
        return names

    def white_cube(self, team: str) -> str:
        """After an offensive foul the opponent picks who takes the white cube."""
        choices = self.hoopers(team) or list(self.state().teams[team].hoopers)
        return prompts.choose(f"{team}: who takes the white cube?", choices)

    def stat(self, team: str, hooper: str, stat: str, label: str) -> int:
        """A stat from the hooper's card: the default is what the table last typed for it
        in this match (recorded events, then this session); never typed, no default."""
        key = (team, hooper, stat)
        known = {**tf.known_stats(self.match()), **self.typed}
        value = prompts.number(
            f"{hooper}'s {label}?", known.get(key), lambda n: check_stat(n, label)
        )
        self.typed[key] = value
        return value

    # --- the steps --------------------------------------------------------------

    def fundamental(self, turn: tf.Turn) -> tf.Turn:
        slot = "F1" if turn.step == "f1" else "F2"
        players = self.hoopers(turn.team)
        choices = [
            k for k in tf.fundamental_choices(turn) if k == "none" or turn.ball.eligible(k, players)
        ]
        kind = prompts.choose(f"{slot}: {turn.team}'s fundamental?", choices, choices[-1])
        if kind == "none":
            return tf.play_fundamental(turn, "none", "", 0)
        eligible = turn.ball.eligible(kind, players)
        default = turn.ball.holder if turn.ball.holder in eligible else eligible[0]
        hooper = prompts.choose(f"{kind} by?", eligible, default)
        bonus = prompts.number(
            f"{kind} bonus on the card?", tf.DEFAULT_BONUS[kind], lambda n: check_bonus(n)
        )
        return tf.play_fundamental(turn, kind, hooper, bonus)

    def counter(self, turn: tf.Turn) -> tf.Turn:
        pending = turn.pending
        assert pending is not None
        choices = tf.counter_choices(turn)
        if choices == ["screen"]:
            return self.screen(turn)
        if choices == ["none"]:
            prompts.say("  playbook: the fundamental cannot be countered")
            return tf.fundamental_stands(turn)
        counterers = self.hoopers(turn.opponent, defend=True)
        if not counterers:
            return tf.fundamental_stands(turn)
        kind = prompts.choose(f"{turn.opponent} counters the {pending.kind}?", choices, "none")
        if kind == "none":
            return tf.fundamental_stands(turn)
        by = prompts.choose(f"{COUNTER_NAMES[kind]} by?", counterers)
        o = self.stat(turn.opponent, by, "o", "O-stat")
        v = self.stat(turn.opponent, by, "v", "V-stat")
        position = None
        if kind == "steal":
            position = self.position_token(turn.team, pending.hooper)
        fouls = self.state().teams[turn.opponent].team_fouls
        spec = CounterSpec(
            kind,
            o=o,
            v=v,
            position=position,
            team_fouls=fouls,
            no_foul_die=self.has_skill(turn.opponent, by, "manny"),
            flagrant_whistle=pending.second_use,
        )
        outcome = self.resolve_counter(spec)
        if outcome.foul:
            events = tf.foul_events(turn.opponent, by, turn.team, pending.hooper, action=kind)
            if outcome.free_throws:
                made = self.free_throws(turn.team, pending.hooper, outcome.free_throws)
                events += tf.free_throw_event(turn.team, pending.hooper, made)
            self.show(self.record(events))
            if outcome.flagrant:
                return tf.flagrant_on_fundamental(turn)
            return tf.fundamental_fouled(turn)
        if outcome.success:
            return tf.ball_lost(turn, f"{by} wins the ball with the {COUNTER_NAMES[kind]}")
        return tf.fundamental_stands(turn)

    def position_token(self, team: str, hooper: str) -> str:
        """The attacker's Position token: the line-up's, else asked (default: the card's)."""
        from companion.games.hoopers.skills import first_position

        side = self.state().teams[team]
        known = side.position_of(hooper)
        if known is not None:
            prompts.say(f"  {hooper} stands on the {known} Position token")
            return known
        default = first_position(hooper) or "PG"
        return prompts.choose(f"{hooper}'s Position token?", POSITIONS, default)

    def has_skill(self, team: str, hooper: str, skill: str) -> bool:
        from companion.games.hoopers.skills import has_skill

        return has_skill(self.state().teams[team].hoopers[hooper], skill)

    def resolve_counter(self, spec: CounterSpec) -> Any:
        from companion.ui.hoopers import render_counter

        label = COUNTER_NAMES[spec.kind]
        face = None
        if spec.no_foul_die:
            prompts.say("  no foul die: Manny Gentle does not roll it when countering")
        else:
            face = prompts.d8(f"foul die for the {label}", self.rng)
        planned = resolve_counter(spec, face=face, rng=tf.Probe())
        roll = None
        if planned.target is not None and planned.roll is not None:
            stat = planned.stat.upper()
            roll = prompts.d20(
                f"d20 for the {label} ({stat} {planned.target}): roll ≤ {planned.target} succeeds",
                self.rng,
            )
        outcome = resolve_counter(spec, face=face, roll=roll)
        render_counter(prompts.console(), outcome)
        return outcome

    def free_throws(self, team: str, shooter: str, count: int) -> int:
        """Free throws outside a shot (team fouls, flagrant): the 2PS, the d20s; points made."""
        away = not self.state().teams[team].free_throw_bonus
        stat = self.stat(team, shooter, "2ps", "2PS (free throws)")
        planned = resolve_free_throws(count, stat, away=away, rng=tf.Probe())
        rolls = [
            prompts.d20(f"free throw {n}: roll ≤ {ft.target} scores", self.rng)
            for n, ft in enumerate(planned, 1)
            if ft.roll is not None
        ]
        done = resolve_free_throws(count, stat, away=away, rolls=rolls)
        made = sum(1 for ft in done if ft.made)
        prompts.say(f"  free throws: {made} of {count} made")
        return made

    def screen(self, turn: tf.Turn) -> tf.Turn:
        from companion.ui.hoopers import render_foul

        pending = turn.pending
        assert pending is not None
        face = prompts.d8(f"foul die for {pending.hooper}'s screen", self.rng)
        reading = read_foul_die("screen", face)
        render_foul(prompts.console(), reading)
        if not reading.foul:
            return tf.fundamental_stands(turn)
        fouled = self.white_cube(turn.opponent)
        self.show(
            self.record(
                tf.foul_events(turn.team, pending.hooper, turn.opponent, fouled, action="screen")
            )
        )
        return tf.ball_lost(turn, f"offensive foul on {pending.hooper}'s screen")

    def playbook(self, turn: tf.Turn) -> tf.Turn:
        tokens = self.state().teams[turn.team].coach_tokens
        if not turn.f1_stands:
            return tf.after_playbook(turn, False)
        choices = ["none", "yours"] + (["common"] if tokens > 0 else [])
        prompts.say(
            "  playbook: 'yours' is already active; 'common' locks a coach action token "
            f"({tokens} left)"
        )
        kind = prompts.choose(f"{turn.team} runs a playbook?", choices, "none")
        if kind == "common":
            self.show(self.record([{"type": "coach", "data": {"team": turn.team}}]))
        return tf.after_playbook(turn, kind != "none")

    def attack(self, turn: tf.Turn) -> tf.Turn:
        choices = tf.attack_choices(turn)
        eligible = tf.attack_eligible(turn, self.hoopers(turn.team, attack=True))
        if not eligible:
            choices = ["none"]
        kind = prompts.choose(f"A: {turn.team}'s attack?", choices, choices[0])
        if kind == "none":
            return tf.ball_lost(turn, "no attack: the ball is lost")
        default = next(
            (h for h in (turn.ball.holder, turn.rebounder) if h in eligible),
            eligible[0],
        )
        hooper = prompts.choose(f"{SHOT_NAMES[kind]} by?", eligible, default)
        stat = self.stat(turn.team, hooper, kind, KIND_NAMES[kind])
        bonuses = tf.attack_bonuses(turn, hooper)
        defense, defender = self.defense(turn, kind)
        away = not self.state().teams[turn.team].free_throw_bonus
        # The match applies Linda Siempre's and Sin Miedo's skills by itself; the
        # questions below follow the same reading of the foul die.
        linda = defender is not None and self.has_skill(turn.opponent, defender, "linda")
        sin_miedo = defender is not None and self.has_skill(turn.team, hooper, "sin-miedo")
        spec = ShotSpec(
            kind,
            stat,
            tuple(bonuses),
            defense=defense,
            away=away,
            linda=linda,
            no_foul_bonus=sin_miedo,
            flagrant_whistle=defense is not None and turn.second_use,
        )
        face = None
        if defense is not None:
            face = prompts.d8(f"foul die for the {DEFENSE_FOR[kind].upper()}", self.rng)
        planned = resolve_shot(spec, face=face, rng=tf.Probe())
        roll = None
        if planned.shot_taken and not planned.auto:
            working = _working(spec, planned)
            roll = prompts.d20(f"d20 for the shot: {working} → roll ≤ {planned.target}", self.rng)
        elif planned.auto:
            prompts.say(f"  {_working(spec, planned)} ≥ 100: scores without a roll")
        owed = resolve_shot(spec, face=face, roll=roll, rng=tf.Probe()).free_throws
        ft_rolls: list[int] = []
        if owed:
            if spec.free_throw_stat is None:
                ft = self.stat(turn.team, hooper, "2ps", "2PS (free throws)")
                spec = replace(spec, ft_stat=ft)
            planned_fts = resolve_shot(spec, face=face, roll=roll, rng=tf.Probe()).free_throws
            ft_rolls = [
                prompts.d20(f"free throw {n}: roll ≤ {ft.target} scores", self.rng)
                for n, ft in enumerate(planned_fts, 1)
                if ft.roll is not None
            ]
        event = tf.shot_event(
            turn.team, hooper, spec, defender=defender, face=face, roll=roll, ft_rolls=ft_rolls
        )
        played = self.record([event])
        from companion.ui.hoopers import render_shot

        render_shot(prompts.console(), played[0].outcome, who=f"{hooper} ({turn.team}): ")
        self.show(played)
        return tf.after_shot(replace(turn, second_use=False), played[0].outcome)

    def defense(self, turn: tf.Turn, kind: str) -> tuple[int | None, str | None]:
        name = DEFENSE_FOR[kind]
        if not tf.can_defend(turn):
            prompts.say("  playbook: the attack cannot be defended")
            return None, None
        defenders = self.hoopers(turn.opponent, defend=True)
        if not defenders:
            return None, None
        answer = prompts.choose(
            f"{turn.opponent} defends with a {name.upper()}?", [name, "none"], "none"
        )
        if answer == "none":
            return None, None
        defender = prompts.choose(f"{name.upper()} by?", defenders)
        return self.stat(turn.opponent, defender, name, name.upper()), defender

    def rebound(self, turn: tf.Turn) -> tf.Turn:
        answer = prompts.choose(
            f"F3: {turn.team} plays an offensive rebound?", ["rebound", "none"], "none"
        )
        rebounders = self.hoopers(turn.team)
        if answer == "none" or not rebounders:
            return tf.after_rebound(turn, None)
        by = prompts.choose("rebound by?", rebounders)
        o = self.stat(turn.team, by, "o", "O-stat")
        v = self.stat(turn.team, by, "v", "V-stat")
        fouls = self.state().teams[turn.team].team_fouls
        outcome = self.resolve_counter(CounterSpec("rebound", o=o, v=v, team_fouls=fouls))
        if outcome.foul:
            fouled = self.white_cube(turn.opponent)
            events = tf.foul_events(turn.team, by, turn.opponent, fouled, action="rebound")
            if outcome.free_throws:
                made = self.free_throws(turn.opponent, fouled, outcome.free_throws)
                events += tf.free_throw_event(turn.opponent, fouled, made)
            self.show(self.record(events))
            return tf.after_rebound(turn, outcome)
        if not outcome.success:
            return tf.after_rebound(turn, outcome)
        prompts.say(f"  again: draw two cards, a new attack from F1 · bonus: +15 if {by} attacks")
        reward = prompts.choose("Rebound won:", tf.REBOUND_REWARDS, "bonus")
        if reward == "again":
            self.show(self.record([tf.turn_event(again=True)]))
        return tf.after_rebound(turn, outcome, reward, by)

    def done(self, turn: tf.Turn) -> tf.Turn:
        from companion.ui.hoopers import render_status

        prompts.say(f"[bold]{turn.team}'s attacking turn is over:[/bold] {turn.ended}")
        answer = prompts.choose("Move the turn token and go on?", ["next", "stop"], "next")
        played = self.record([tf.turn_event()])
        self.show(played)
        state = played[-1].state
        render_status(prompts.console(), self.table.status())
        if state.over:
            prompts.say("The match is over: record it with 'companion hoopers match end'.")
            self.stopped = True
            return turn
        if answer == "stop":
            self.stopped = True
            return turn
        return tf.new_turn(state.attacking, state.other(state.attacking))

    def show(self, played: list[Step[MatchState]]) -> None:
        from companion.ui.hoopers import render_notes

        for step in played:
            render_notes(prompts.console(), list(step.notes))


def _working(spec: ShotSpec, planned: Any) -> str:
    from companion.ui.hoopers import shot_working

    return shot_working(planned)


def _describe(event: dict[str, Any]) -> str:
    data = event.get("data", {})
    who = ", ".join(str(data[k]) for k in ("hooper", "team") if data.get(k))
    return f"{event['type']} ({who})" if who else event["type"]


def play(store: Any, seed: int | None = None) -> None:
    """The menu's way in: attacking turns of the live match."""
    play_turns(store, seed)
