"""`companion hoopers play`: attacking turns asked step by step and recorded as they happen.

The steps and what they allow come from `companion.games.hoopers.rules.turn_flow`;
every die is resolved by the engine's `resolve_*` functions and recorded
through the match engine (`match.play`) into the live match, one store
transaction per step. The dice are the table's (typed) or the companion's
(Enter; drawn from `TableRng(--seed)` and kept in the recorded event).

The whole Turn Sequence is offered, each optional step with "no" (none) as
its default: the coach actions at the beginning of the turn (timeout,
substitutions; offered with the F1 fundamental), the Keepers' face-down
defence card before the opponent's turn, the Unleashed power after a won
counter or a failed defended attempt, the playbook's reward and chip, and
the Onfire LV.1 chip on LV.I.

Each answer is kept with the match as it is given (`companion.ui.guided.journal`,
stored by the table), with the events it led to: an interrupted turn resumes at
the exact question it stopped at (nothing is replayed into the match twice), and
undo (Ctrl-Z, `<`) goes back one question — the answer is dropped and the events
recorded after it are taken back. Before the answers kept for the match's last
turns, undo drops the match's last event, like `companion hoopers match undo`.

Only what matters is asked: a counter's O or V once the foul die has said which
(none after a foul), no d20 for a target that cannot be hit or cannot be missed.
Stats and the hooper last used for an action are offered as defaults.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from companion.engine.errors import BadInput, CompanionError, NothingToUndo, RuleViolation
from companion.engine.events import Step
from companion.engine.moves import Legal, Move
from companion.engine.names import possessive
from companion.engine.rng import TableRng
from companion.games.hoopers.rules import turn_flow as tf
from companion.games.hoopers.rules.blocks import resolve_block
from companion.games.hoopers.rules.counters import POSITIONS, CounterSpec, resolve_counter
from companion.games.hoopers.rules.defence import EDD_TRAPP_CARD, defence_cards
from companion.games.hoopers.rules.dice import D8, D20
from companion.games.hoopers.rules.fouls import read_foul_die
from companion.games.hoopers.rules.free_throws import resolve_free_throws
from companion.games.hoopers.rules.helpers import perry_value
from companion.games.hoopers.rules.legal import (
    counter_move,
    fundamental_move,
    refusal,
    shot_move,
    timeout_move,
)
from companion.games.hoopers.rules.modifiers import (
    failed_counter_malus,
    failed_counter_note,
    shot_maluses,
    with_maluses,
)
from companion.games.hoopers.rules.onfire import LV1
from companion.games.hoopers.rules.phase import (
    energy_warning,
    power_open,
    timeout_answer_open,
)
from companion.games.hoopers.rules.shots import DEFENSE_FOR, ShotSpec, resolve_shot
from companion.games.hoopers.rules.state import MatchState
from companion.games.hoopers.rules.stats import check_bonus, check_stat
from companion.games.hoopers.rules.susan_peg import SUSAN_PEG
from companion.games.hoopers.table import HoopersTable
from companion.ui.console import plain
from companion.ui.guided import prompts
from companion.ui.guided.journal import Diverged, Journal
from companion.ui.guided.prompts import Undo

KIND_NAMES = {"2ps": "2PS", "3ps": "3PS", "lup": "LUP"}
SHOT_NAMES = {"2ps": "2 points shot", "3ps": "3 points shot", "lup": "lay-up"}
COUNTER_NAMES = {"steal": "steal dribble", "intercept": "intercept pass", "rebound": "rebound"}
# Coach actions at the beginning of the turn, offered with the F1 fundamental.
TIMEOUT, SUBSTITUTION, SWAP, GAMEPLAN = "timeout", "substitution", "swap", "gameplan"
# An answer to a reminder (the face-down card, the LV.1 chip): no more reminders tonight.
NOT_TONIGHT = "not tonight"
LV1_SAID = "  An Onfire LV.1 chip is a booster the hooper keeps on the card for a later action."
LV1_EXPLAINED = (
    "'Hot zone': \"When the LV.I space is reached the hooper may redeem an Onfire LV.1 chip\n"
    "and brings the Position token back to the flat zone. Otherwise he/she could try to\n"
    'reach the Onfire LV.2 chip." LV.1 chips "represent boosters that you can apply, by\n'
    'revealing them, to a played action card". yes: the hooper takes the chip now; no:\n'
    "the hooper stays on the track, going for LV.II (a missed attack falls back to flat);\n"
    "not tonight: no, and no more such reminders this evening."
)


def start(store: Any, seed: int | None = None) -> bool:
    """Ask for the teams, tribes, line-ups and first attacker, then start a match.

    Undo goes back one question (`steps.form`). True when the match started; False when
    the table backed out (undo at the first question) or the rules refused (said).
    """
    from companion.games.hoopers.guided.setup import ask_setup

    setup = ask_setup(store)
    if setup is None:
        return False
    home, away = setup["home"], setup["away"]
    home_tribe, away_tribe = setup["home_tribe"], setup["away_tribe"]
    rosters, sevens, fives = setup["rosters"], setup["sevens"], setup["fives"]
    milestones, first = setup["milestones"], setup["first"]
    start_match = HoopersTable(store).start
    if setup.get("draft"):  # 'Variants: Draft': the teams are drafted, no milestones
        start_match = _draft_start(HoopersTable(store), setup["first_pick"])
    try:
        status = start_match(
            home,
            away,
            rosters=rosters,
            milestones=milestones,
            first=first,
            seed=seed,
            tribes_of={home: home_tribe, away: away_tribe},
            sevens=sevens,
            fives=fives,
        )
    except CompanionError as err:
        prompts.say(f"error: {prompts.reason(err)}", markup=False)
        return False
    from companion.games.hoopers.render import render_notes, render_status

    render_notes(prompts.console(), status.state.notes)
    render_status(prompts.console(), status)
    return True


def _draft_start(table: HoopersTable, first_pick: str) -> Callable[..., Any]:
    """`start` for a Draft match: the draft makes the teams, and has no milestones."""

    def start(
        home: str, away: str, *, rosters: Any, milestones: Any, sevens: Any, fives: Any, **rest: Any
    ) -> Any:
        return table.start_draft(home, away, first_pick=first_pick, **rest)

    return start


def play_turns(store: Any, seed: int | None = None) -> None:
    """Walk attacking turns of the live hoopers match until the table stops (a Draft
    match's draft first)."""
    from companion.games.hoopers.guided.draft import ask_draft

    if ask_draft(HoopersTable(store)):
        Flow(store, TableRng(seed)).run()


TOKEN_MOVES = "The turn token moves on: the next turn, or stop here?"
ENERGY_QUESTION = "Track energy in this match? (no: no hooper's energy is asked)"


class TurnLog:
    """The guided answers of the match's last attacking turns, kept by the table.

    Each turn is `{"n": events at its start, "face_down": ask the Keepers' face-down
    card first, "entries": its journal}`. The log fits the match only while the
    match has exactly the events it saw last; otherwise it is set aside.
    """

    def __init__(self, table: HoopersTable, match: dict[str, Any]) -> None:
        from companion.games.hoopers.table import GUIDED_TURNS

        self.table = table
        self.match_id = match["id"]
        self.keep = GUIDED_TURNS
        self.events: list[dict[str, Any]] = match["events"]
        doc = table.guided_log(self.match_id) or {}
        fits = doc.get("events") == len(self.events) and doc.get("last") == _fingerprint(
            self.events
        )
        self.turns: list[dict[str, Any]] = list(doc.get("turns", [])) if fits else []
        self.stale = bool(doc.get("turns")) and not fits and _has_answers(doc["turns"][-1])

    @property
    def current(self) -> dict[str, Any]:
        return self.turns[-1]

    def journal(self) -> Journal:
        return Journal(self.current["entries"], self.save)

    def begin(self, face_down: bool = False) -> None:
        self.turns.append({"n": len(self.events), "face_down": face_down, "entries": []})
        del self.turns[: -self.keep]
        self.save()

    def restart(self) -> None:
        self.turns.clear()
        self.begin()

    def save(self) -> None:
        self.table.save_guided_log(
            self.match_id,
            {"turns": self.turns, "events": len(self.events), "last": _fingerprint(self.events)},
        )


def _fingerprint(events: list[dict[str, Any]]) -> str | None:
    import hashlib
    import json

    if not events:
        return None
    last = json.dumps(events[-1], sort_keys=True, default=str)
    return hashlib.sha1(last.encode()).hexdigest()[:16]


def _has_answers(turn: dict[str, Any]) -> bool:
    return any("a" in e for e in turn.get("entries", []))


class Flow:
    def __init__(self, store: Any, rng: TableRng) -> None:
        self.table = HoopersTable(store)
        self.rng = rng
        self.q = prompts.Asker()
        self.log: TurnLog | None = None
        self.stopped = False
        self.defense_card: str | None = None  # Edd Trapp's DLU on a 3PS, when played
        self._match: dict[str, Any] | None = None
        self._states: dict[int, MatchState] = {}
        self._legal: dict[int, Legal] = {}
        self.said: set[str] = set()  # warnings said as a hooper was picked, not said twice
        self.energy_tracked: bool | None = None  # "Track energy?", once a match is enough

    # --- the match ----------------------------------------------------------

    def match(self) -> dict[str, Any]:
        if self._match is None:
            self._match = self.table.current()
            if self.log is not None:
                self.log.events = self._match["events"]
        return self._match

    def invalidate(self, match: dict[str, Any] | None = None) -> None:
        self._match = None
        self._states.clear()
        self._legal.clear()
        if match is not None:
            self._match = match
            if self.log is not None:
                self.log.events = match["events"]

    def events_now(self) -> int:
        """The match's events at the question being asked (earlier while replaying)."""
        if self.log is None or self.q.journal is None:
            return len(self.match()["events"])
        return self.q.journal.events_at_cursor(self.log.current["n"])

    def state(self) -> Any:
        count = self.events_now()
        if count not in self._states:
            match = self.match()
            self._states[count] = self.table.fold({**match, "events": match["events"][:count]})
        return self._states[count]

    def legal(self) -> Legal:
        """What may be done where the flow stands: the legal-moves query, the one answer
        the CLI, Tab and the seats ask (rules/legal.py lists the candidates)."""
        count = self.events_now()
        if count not in self._legal:
            from companion.engine.moves import legal

            match = self.match()
            asked = {**match, "events": match["events"][:count]}
            self._legal[count] = legal(self.table.rules, asked, state=self.state())
        return self._legal[count]

    def offered(self, team: str, move_of: Callable[[str], Move]) -> list[str]:
        """`team`'s hoopers for whom the query offers `move_of(hooper)` now."""
        answer = self.legal()
        return [h for h in self.state().teams[team].hoopers if answer.find(move_of(h))]

    def record(self, events: list[dict[str, Any]]) -> list[Step[MatchState]]:
        """Play `events` through the match engine and store them in one transaction
        (while replaying a kept turn: the events it recorded then, not again)."""
        journal = self.q.journal
        kept = journal.pending_record() if journal is not None else None
        if kept is not None:
            steps = self._recorded_then(kept, events)
        else:
            with prompts.no_interrupt():
                recorded = self.table.record(*events)
                self.invalidate(recorded.match)
                if journal is not None:
                    journal.recorded(len(recorded.events), len(recorded.match["events"]))
            steps = list(recorded.played.steps)
        return steps

    def fill_places(self) -> None:
        """An ejected or injured-out hooper's place: "A benchwarmer of your choice will take
        the vacant position" (asked before the next step; the match refuses play until then)."""
        from companion.games.hoopers.askers import ask_substitute, substitution
        from companion.games.hoopers.rules.vacancy import VacantPlace, waits_for

        for _ in range(len(POSITIONS) * 2):  # each pass fills one place
            found = [r for r in waits_for(self.state()) if isinstance(r, VacantPlace)]
            if not found:
                return
            vacancy = found[0].vacancy
            entering = ask_substitute(vacancy, self.q.name)
            self.show(self.record([substitution(vacancy, entering)]))

    def _recorded_then(
        self, kept: dict[str, Any], events: list[dict[str, Any]]
    ) -> list[Step[MatchState]]:
        match = self.match()
        end = int(kept["n"])
        stored = match["events"][end - int(kept["rec"]) : end]
        if [e["type"] for e in stored] != [e["type"] for e in events]:
            raise Diverged("the events kept for this turn are not the ones it records")
        state = self.table.fold({**match, "events": match["events"][: end - len(stored)]})
        steps = []
        for event in stored:
            step = self.table.rules.apply(state, event, None)
            steps.append(step)
            state = step.state
        return steps

    def fresh_turn(self) -> tf.Turn:
        """The attacking turn where the match stands (a move recorded from the command
        line counts: after a made basket only the turn token moves)."""
        state = self.state()
        if state.over:
            raise RuleViolation(
                f"match {state.id} is over", hint="record it with 'companion hoopers match end'"
            )
        from companion.games.hoopers.rules.ball import ball_of, dribblers

        team = state.attacking
        ball, dribbled = ball_of(state, team), dribblers(state, team)
        return tf.resume(state.phase, team, state.other(team), ball, dribbled)

    def tribe(self, team: str) -> str | None:
        return self.state().teams[team].tribe

    def series(self) -> bool:
        return bool(self.match()["options"].get("series"))

    # --- the loop -------------------------------------------------------------

    def run(self) -> None:
        from companion.games.hoopers.render import render_status

        render_status(prompts.console(), self.table.status())
        prompts.say(f"[dim]{prompts.HINT}[/dim]")
        self.settle_owed()
        self.log = TurnLog(self.table, self.match())
        if self.log.stale:
            prompts.say(
                "  the match changed since this turn's answers were kept: the turn starts "
                "from the match as recorded"
            )
        if not self.log.turns:
            self.log.begin()
        self.show_resumed()
        steps = {
            "f1": self.fundamental,
            "f2": self.fundamental,
            "counter": self.counter,
            "playbook": self.playbook,
            "attack": self.attack,
            "rebound": self.rebound,
            "rebound-won": self.rebound_won,
            "done": self.done,
        }
        while not self.stopped:
            self.invalidate()
            journal = self.log.journal()
            self.q = prompts.Asker(journal)
            try:
                turn: tf.Turn | None = self.open_turn()
                while turn is not None and not self.stopped:
                    self.fill_places()
                    turn = steps[turn.step](turn)
            except Undo:
                self.go_back()
            except Diverged:
                prompts.say(
                    "  the answers kept for this turn no longer fit the match: the turn starts "
                    "from the match as recorded"
                )
                self.restart_log()

    def show_resumed(self) -> None:
        """A turn interrupted earlier: say so, and show the answers it had."""
        from rich.markup import escape

        assert self.log is not None
        answers = [e for e in self.log.current["entries"] if "a" in e]
        if not answers:
            return
        prompts.say("[bold]Resuming the attacking turn where it stopped[/bold]; kept answers:")
        for entry in answers:
            prompts.say(f"[dim]  {escape(entry['q'])} {escape(_shown(entry['a']))}[/dim]")

    def open_turn(self) -> tf.Turn:
        """The log's current turn from its start: the Keepers' face-down card first when
        the turn before was played here (a new session cannot know it: asked at the attack)."""
        assert self.log is not None
        from companion.games.hoopers.rules.reminders import face_down_can_matter

        turn = self.fresh_turn()
        if not self.log.current.get("face_down") or self.tribe(turn.opponent) != tf.KEEPERS:
            return turn
        before = possessive(turn.team)
        question = (
            f"{turn.opponent} (Keepers power): a defence card face down before {before} turn?"
        )
        if not self.reminder(
            question, face_down_can_matter(self.state(), turn.team, turn.opponent)
        ):
            return turn  # not asked: 'block' is offered at the defence
        card = self.q.choose(question, [*tf.FACE_DOWN_CHOICES, NOT_TONIGHT], "none")
        if card == NOT_TONIGHT:
            self.quiet_tonight()
            return turn
        return tf.new_turn(
            turn.team, turn.opponent, face_down=None if card == "none" else card, known=True
        )

    def reminder(self, question: str, can_matter: bool) -> bool:
        """Ask the reminder `question`? As it was when its turn was first played (while
        replaying kept answers); else only when it can matter and the table has not
        quieted the reminders for the evening."""
        from datetime import datetime

        journal = self.q.journal
        if journal is not None and journal.replaying:
            return journal.entries[journal.cursor].get("q") == question
        return can_matter and self.table.reminders_on(datetime.now().astimezone())

    def quiet_tonight(self) -> None:
        from datetime import datetime

        if self.q.replaying:
            return
        until = self.table.set_reminders(False, datetime.now().astimezone())
        assert until is not None
        self.q.say(
            f"  no more reminders of face-down cards and chips until {until:%H:%M} "
            "('companion hoopers reminders on' brings them back)",
            markup=False,
        )

    def settle_owed(self) -> None:
        """Free throws owed from a plain command come first ('match free-throw')."""
        if self.state().owed is None:
            return
        from companion.games.hoopers.askers import ask_owed_free_throws

        while self.state().owed is not None:
            if ask_owed_free_throws(self.table) is None:
                raise BadInput(
                    "the free throws owed come first",
                    hint="'companion hoopers match free-throw TEAM --stat 2PS'",
                )
            self.invalidate()

    def go_back(self) -> None:
        """Undo: back one question (and take back what was recorded after its answer);
        before the kept turns, the match's last event."""
        assert self.log is not None
        try:
            while True:
                taken, answer = self.log.journal().take_back()
                if taken:
                    self._take_back(taken)
                if answer is not None:
                    return
                if len(self.log.turns) == 1:
                    break
                self.log.turns.pop()
            with prompts.no_interrupt():
                undone = self.table.undo()
            prompts.say(f"  undone: {_describe(undone.removed)}")
            self.restart_log()
        except NothingToUndo as err:
            prompts.say("  nothing to undo" if "nothing" in str(err) else f"  cannot undo: "
                        f"{prompts.reason(err)}", markup=False)  # fmt: skip
            self.restart_log()
        except CompanionError as err:
            prompts.say(f"  cannot undo: {prompts.reason(err)}", markup=False)
            self.restart_log()
        finally:
            self.invalidate()
            self.match()
            self.log.save()

    def restart_log(self) -> None:
        """Set the kept answers aside: the next turn starts from the match as recorded."""
        assert self.log is not None
        self.invalidate()
        self.match()
        self.log.restart()

    def _take_back(self, taken: list[dict[str, Any]]) -> None:
        """Take the recordings `taken` (journal entries, oldest first) back from the match."""
        events = self.table.current()["events"]
        start = int(taken[0]["n"]) - int(taken[0]["rec"])
        end = int(taken[-1]["n"])
        if end != len(events):
            raise NothingToUndo(
                "the match changed in another terminal since this step",
                hint="undo there with 'companion hoopers match undo'",
            )
        back = events[start:end]
        with prompts.no_interrupt():
            self.table.undo(expected=back)
        self.invalidate()
        prompts.say(f"  undone: {'; '.join(_describe(e) for e in back)}")

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

    def pick(
        self,
        team: str,
        action: str,
        question: str,
        choices: list[str],
        preferred: tuple[str | None, ...] = (),
        move_of: Callable[[str], Move] | None = None,
    ) -> str:
        """A hooper of `team` for `action`, typed with completion; the default is the
        first of `preferred` who may act, else the hooper last used for it, else the first.
        With `move_of` (the move each hooper would make), another hooper of the team typed
        is refused with the query's reason, the words the CLI says."""
        live = not self.q.replaying
        last = self.table.last_used(self.match(), team, action) if live else None
        default = next((h for h in (*preferred, last) if h in choices), choices[0])
        if move_of is None:
            hooper = self.q.name(question, choices, default, what="hooper")
        else:
            hooper = self.hooper_or_why(team, question, choices, default, move_of)
        if live:
            self.table.remember(self.match()["id"], used={(team, action): hooper})
        if action != "white cube":
            self.energy_for(team, hooper, action)
        return hooper

    def hooper_or_why(
        self,
        team: str,
        question: str,
        choices: list[str],
        default: str,
        move_of: Callable[[str], Move],
    ) -> str:
        """One of `choices` typed with completion; any other hooper of `team` is refused
        with the rule's reason for `move_of(that hooper)` (the legal-moves query's)."""
        from companion.engine.names import match_prefix

        names = list(dict.fromkeys(choices))
        others = [h for h in self.state().teams[team].hoopers if h not in names]
        answer = self.legal()

        def parse(text: str) -> str:
            if not text:
                raise BadInput("an answer is needed: a hooper (Tab completes)")
            name = match_prefix(text, [*names, *others], what="hooper")
            if name not in names:
                why = answer.why_not(move_of(name)) or f"{name} may not play this now"
                raise RuleViolation(refusal(why, answer))
            return name

        many = len(names) > prompts.LISTED_NAMES
        listed = "Tab completes hoopers" if many else " / ".join(names)
        return self.q.ask(question, default, parse, choices=listed, complete=names)

    def energy_for(self, team: str, hooper: str, card: str) -> None:
        """Before `hooper` plays `card`: the card's energy, asked the first time it is needed
        (remembered for every match; 0 leaves the hooper untracked), and the warning when no
        energy is left (the rule the match's own is: phase.energy_warning)."""
        state = self.state()
        known = state.teams[team].hoopers[hooper]
        unknown = known.energy_max is None and not (known.untracked_played or known.untracked)
        if unknown and self.tracks_energy():
            card_energy = self.q.number(
                f"{possessive(hooper)} energy on the card? (0: do not track it)",
                0,
                _check_card_energy,
            )
            # 0 is the table's choice, recorded: nothing about this energy is said again.
            data = {"team": team, "hooper": hooper}
            data.update({"max": card_energy} if card_energy else {"track": False})
            self.show(self.record([{"type": "energy", "data": data}]))
            state = self.state()
        warning = energy_warning(state, team, hooper, card)
        if warning is not None:
            self.q.say(f"  {warning}", markup=False)
            self.said.add(warning)  # the move's own note says it again: once is enough

    def tracks_energy(self) -> bool:
        """'Track energy in this match?', asked once, the first time a card's energy is not
        known: a table that says no is asked no hooper's energy (each one is recorded as
        not tracked, so nothing about it is said again, here or by a command)."""
        if self.energy_tracked is None:
            self.energy_tracked = self.q.yes_no(ENERGY_QUESTION, True)
            state = self.state()
            untracked = [
                {"type": "energy", "data": {"team": side.name, "hooper": name, "track": False}}
                for side in state.teams.values()
                for name, hooper in side.hoopers.items()
                if hooper.energy_max is None and not hooper.untracked
            ]
            if not self.energy_tracked and untracked:
                self.record(untracked)
                self.q.say("  energy not tracked in this match", markup=False)
        return self.energy_tracked

    def white_cube(self, team: str) -> str:
        """After an offensive foul the opponent picks who takes the white cube."""
        choices = self.hoopers(team) or list(self.state().teams[team].hoopers)
        return self.pick(team, "white cube", f"{team}: who takes the white cube?", choices)

    def stat(self, team: str, hooper: str, stat: str, label: str) -> int:
        """A stat from the hooper's card: the default is what the table last typed for it
        in this match (kept by the table), else the hooper card's (`hoopers card`); on
        neither, the card's number is asked once and remembered (askers.py)."""
        from companion.games.hoopers.askers import ask_card_fact
        from companion.games.hoopers.table import card_name

        live = not self.q.replaying
        known = self.table.known_stats(self.match()) if live else {}
        default = known.get((team, hooper, stat))
        if default is None and live:
            default = (self.table.hooper_cards().get(card_name(hooper)) or {}).get(stat)
        if default is None:  # on no card yet: asked once, remembered (as the CLI asks it)
            value = ask_card_fact(
                self.table, card_name(hooper), stat, self.q.number, label=label, remember=live
            )
        else:
            value = self.q.number(
                f"{possessive(hooper)} {label}?", default, lambda n: check_stat(n, label)
            )
        if live:
            self.table.remember(self.match()["id"], {(team, hooper, stat): value})
        return value

    def has_skill(self, team: str, hooper: str, skill: str) -> bool:
        from companion.games.hoopers.rules.skills import has_skill

        return has_skill(self.state().teams[team].hoopers[hooper], skill)

    def position_token(self, team: str, hooper: str) -> str:
        """The attacker's Position token: the line-up's, else asked (default: the card's)."""
        from companion.games.hoopers.rules.skills import first_position

        known = self.state().teams[team].position_of(hooper)
        if known is not None:
            self.q.say(f"  {hooper} stands on the {known} Position token", markup=False)
            return known
        default = first_position(hooper) or "PG"
        return self.q.choose(f"{possessive(hooper)} Position token?", POSITIONS, default)

    def free_throws(self, team: str, shooter: str, count: int) -> int:
        """Free throws outside a shot (team fouls, flagrant): the 2PS, the d20s; points made."""
        stat, rolls = self.free_throw_dice(team, shooter, count)
        away = not self.state().teams[team].free_throw_bonus
        done = resolve_free_throws(count, stat, away=away, rolls=rolls)
        made = sum(1 for ft in done if ft.made)
        self.q.say(f"  free throws: {made} of {count} made", markup=False)
        return made

    def free_throw_dice(self, team: str, shooter: str, count: int) -> tuple[int, list[int]]:
        """The shooter's 2PS and the d20 of each free throw the table must roll."""
        away = not self.state().teams[team].free_throw_bonus
        stat = self.stat(team, shooter, "2ps", "2PS (free throws)")
        planned = resolve_free_throws(count, stat, away=away, rng=tf.Probe())
        rolls = [
            self.q.die(f"free throw {n}: roll ≤ {ft.target} scores", self.rng, D20)
            for n, ft in enumerate(planned, 1)
            if ft.roll is not None
        ]
        return stat, rolls

    def maddy_gift(self, team: str, shooter: str, scored: bool) -> None:
        """Maddy Cure's skill after her basket: the teammate who recovers one energy (the
        match's own rule: rules/helpers.py, the `gift` move)."""
        from companion.games.hoopers.rules.skills import has_skill

        side = self.state().teams[team]
        if not scored or not has_skill(side.hoopers[shooter], "maddy"):
            return
        mates = [h for h in self.hoopers(team) if h != shooter]
        if not mates:
            return
        mate = self.q.name(
            f"{shooter} scored: which teammate recovers one energy?", mates, "none",
            what="hooper", words=["none"],
        )  # fmt: skip
        if mate == "none":
            return
        try:
            self.show(self.record([{"type": "gift", "data": {"team": team, "hooper": mate}}]))
        except Diverged:
            raise
        except CompanionError as err:
            self.q.say(f"  error: {prompts.reason(err)}", markup=False)

    def offer_chips(self, before: MatchState, played: list[Step[MatchState]]) -> None:
        """'Hot zone': "When the LV.I space is reached the hooper may redeem an Onfire LV.1
        chip ... Otherwise he/she could try to reach the Onfire LV.2 chip." (default: no)"""
        from companion.games.hoopers.rules.reminders import lv1_chip_can_matter

        after = played[-1].state
        for team, side in after.teams.items():
            for hooper in side.hoopers.values():
                if hooper.onfire != LV1 or before.teams[team].hoopers[hooper.name].onfire == LV1:
                    continue
                question = (
                    f"{hooper.name} reaches LV.I: take the Onfire LV.1 chip now "
                    "(no: go on for LV.II)?"
                )
                if not self.reminder(question, lv1_chip_can_matter(after, team, hooper.name)):
                    continue
                self.q.say(LV1_SAID)
                answer = self.q.choose(
                    question, ["yes", "no", NOT_TONIGHT], "no", explain=LV1_EXPLAINED
                )
                if answer == NOT_TONIGHT:
                    self.quiet_tonight()
                if answer in ("yes", True):  # True: a turn kept when this was a yes/no
                    event = {"type": "chip", "data": {"team": team, "hooper": hooper.name}}
                    self.show(self.record([event]))

    # --- the steps --------------------------------------------------------------

    def fundamental(self, turn: tf.Turn) -> tf.Turn:
        slot = "F1" if turn.step == "f1" else "F2"

        def by(kind: str) -> Callable[[str], Move]:
            return lambda hooper: fundamental_move(turn.team, hooper, kind)

        # The kinds and hoopers the legal-moves query offers (the ball, the slots left).
        choices = [
            k for k in tf.fundamental_choices(turn) if k == "none" or self.offered(turn.team, by(k))
        ]
        default = choices[-1]
        coach = self.coach_actions(turn) if slot == "F1" and not turn.second_use else []
        if coach:
            self.q.say(
                f"  beginning of {possessive(turn.team)} turn: {' or '.join(coach)} (coach action)",
                markup=False,
            )
        kind = self.q.choose(
            f"{slot}: {possessive(turn.team)} fundamental?", [*choices, *coach], default
        )
        if kind == TIMEOUT:
            return self.timeout(turn)
        if kind == SUBSTITUTION:
            return self.substitution(turn)
        if kind == SWAP:
            return self.swap(turn)
        if kind == GAMEPLAN:
            return self.coach_event(turn, "gameplan")
        if kind == "none":
            return tf.play_fundamental(turn, "none", "", 0)
        eligible = self.offered(turn.team, by(kind))
        hooper = self.pick(
            turn.team, kind, f"{kind} by?", eligible, (turn.ball.holder,), move_of=by(kind)
        )
        bonus = self.q.number(
            f"{kind} bonus on the card?", tf.DEFAULT_BONUS[kind], lambda n: check_bonus(n)
        )
        # The card's energy ('match fundamental'); a counter answering it does not pay again.
        event = {"type": "fundamental", "data": {"team": turn.team, "hooper": hooper, "kind": kind}}
        self.show(self.record([event]))
        return tf.play_fundamental(turn, kind, hooper, bonus)

    def coach_actions(self, turn: tf.Turn) -> list[str]:
        """'At THE BEGINNING of your attacking turn': a timeout, substitutions."""
        state = self.state()
        if not state.turn_fresh:
            return []
        side = state.teams[turn.team]
        offered = []
        if self.legal().find(timeout_move(turn.team)):  # the query's answer
            offered.append(TIMEOUT)
        if side.coach_tokens > 0 or side.subs_open or len(side.hoopers) > 5:
            offered.append(SUBSTITUTION)
        if side.court is not None and (side.coach_tokens > 0 or side.subs_open):
            offered.append(SWAP)  # Position tokens between hoopers on court
        if side.series and not side.gameplan and side.coach_tokens > 0:
            offered.append(GAMEPLAN)  # The Series: one gameplan card a game
        return offered

    def timeout(self, turn: tf.Turn) -> tf.Turn:
        extra = {}
        if timeout_answer_open(self.state(), turn.team):
            answer = self.q.choose(
                f"{turn.opponent} spends a coach action token for all the timeout's benefits "
                "(each hooper recovers one)?",
                ["no", "yes"],
                "no",
            )
            if answer == "yes":
                extra["opponent_token"] = True
        return self.coach_event(turn, "timeout", extra)

    def coach_event(self, turn: tf.Turn, kind: str, extra: dict | None = None) -> tf.Turn:
        """A coach action that names only the team: a timeout, a gameplan card."""
        try:
            data = {"team": turn.team, **(extra or {})}
            self.show(self.record([{"type": kind, "data": data}]))
        except Diverged:
            raise
        except CompanionError as err:
            self.q.say(f"  error: {err.line()}", markup=False)
        return turn

    def swap(self, turn: tf.Turn) -> tf.Turn:
        """'Substitution': "You can change in the same way the Position token of the hoopers
        on the court" — two of them exchange tokens, keeping their Onfire places."""
        side = self.state().teams[turn.team]
        on_court = [h for h in side.hoopers if side.on_court(h)]
        first = self.q.name(f"{turn.team}: swap whose Position token?", on_court, what="hooper")
        others = [h for h in on_court if h != first]
        second = self.q.name(f"with whose ({first})?", others, what="hooper")
        event = {"type": "swap", "data": {"team": turn.team, "hoopers": [first, second]}}
        try:
            self.show(self.record([event]))
        except Diverged:
            raise
        except CompanionError as err:
            self.q.say(f"  error: {prompts.reason(err)}", markup=False)
        return turn

    def substitution(self, turn: tf.Turn) -> tf.Turn:
        """'Substitution': who leaves, who comes in, as many as wanted for one coach token."""
        side = self.state().teams[turn.team]
        on_court = [h for h in side.hoopers if side.on_court(h)]
        benched = side.bench if side.court is not None else list(side.hoopers)
        pairs: list[list[str]] = []
        while True:
            leaving_choices = [h for h in on_court if h not in {p[0] for p in pairs}]
            done = "done" if pairs else "none"
            leaving = self.q.name(
                f"{turn.team}: who leaves the court?", leaving_choices, done,
                what="hooper", words=[done],
            )  # fmt: skip
            if leaving in ("done", "none"):
                break
            taken = {h for p in pairs for h in p}
            entering_choices = [
                h
                for h in benched
                if h != leaving
                and h not in taken
                and not side.hoopers[h].ejected
                and not side.hoopers[h].out
            ]
            if not entering_choices:
                self.q.say("  nobody can come in")
                break
            entering = self.q.name(f"who comes in for {leaving}?", entering_choices, what="hooper")
            pairs.append([leaving, entering])
        if pairs:
            event = {"type": "sub", "data": {"team": turn.team, "pairs": pairs}}
            try:
                self.show(self.record([event]))
            except Diverged:
                raise
            except CompanionError as err:
                self.q.say(f"  error: {prompts.reason(err)}", markup=False)
        return turn

    def counter(self, turn: tf.Turn) -> tf.Turn:
        pending = turn.pending
        assert pending is not None
        choices = tf.counter_choices(turn)
        if choices == ["screen"]:
            return self.screen(turn)
        if choices == ["none"]:
            self.q.say("  playbook: the fundamental cannot be countered")
            return tf.fundamental_stands(turn)
        counterers = self.hoopers(turn.opponent, defend=True)
        if not counterers:
            return tf.fundamental_stands(turn)
        kind = self.q.choose(
            f"{turn.opponent} counters the {pending.kind}?",
            choices,
            "none",
            refused=self.counters_refused(turn.opponent, pending.hooper, choices),
        )
        if kind == "none":
            return tf.fundamental_stands(turn)

        def countered_by(hooper: str) -> Move:
            return counter_move(turn.opponent, hooper, kind, pending.hooper)

        legal_counterers = self.offered(turn.opponent, countered_by)
        by = self.pick(
            turn.opponent, kind, f"{COUNTER_NAMES[kind]} by?", legal_counterers,
            move_of=countered_by,
        )  # fmt: skip
        fouls = self.state().teams[turn.opponent].team_fouls
        spec = CounterSpec(
            kind,
            team_fouls=fouls,
            no_foul_die=self.has_skill(turn.opponent, by, "manny"),
            flagrant_whistle=pending.second_use,
            position="PG" if kind == "steal" else None,  # asked below, once it matters
        )
        outcome = self.resolve_counter(
            spec,
            turn.opponent,
            by,
            position=lambda: self.position_token(turn.team, pending.hooper),
        )
        if outcome.foul:
            events = tf.foul_events(turn.opponent, by, turn.team, pending.hooper, action=kind)
            if outcome.free_throws:
                made = self.free_throws(turn.team, pending.hooper, outcome.free_throws)
                events += tf.free_throw_event(turn.team, pending.hooper, made)
            self.show(self.record(events))
            if outcome.flagrant:
                return tf.flagrant_on_fundamental(turn)
            return tf.fundamental_fouled(turn)
        self.show(
            self.record([tf.counter_event(turn.opponent, by, outcome, against=pending.hooper)])
        )
        if outcome.success:
            why = f"{by} wins the ball with the {COUNTER_NAMES[kind]}"
            return self.unleashed_power(tf.ball_lost(turn, why), by) or tf.ball_lost(turn, why)
        counterer = self.state().teams[turn.opponent].hoopers[by]
        malus = failed_counter_malus(counterer)
        if malus:
            self.q.say(f"  {failed_counter_note(counterer, pending.kind)}", markup=False)
            turn = replace(turn, pending=replace(pending, bonus=pending.bonus + malus))
        return tf.fundamental_stands(turn)

    def counters_refused(self, team: str, against: str, choices: list[str]) -> dict[str, str]:
        """The counters not offered against `against`'s fundamental, each with the query's
        reason (a steal against a pass: 'a steal answers a dribble')."""
        answer = self.legal()
        refused = {}
        for kind in ("steal", "intercept"):
            if kind in choices:
                continue
            for hooper in self.state().teams[team].hoopers:
                why = answer.why_not(counter_move(team, hooper, kind, against))
                if why:
                    refused[kind] = refusal(why, answer)
                    break
        return refused

    def unleashed_power(self, turn: tf.Turn, hooper: str) -> tf.Turn | None:
        """The defending Unleashed won the ball back: one more action of the same card?"""
        if self.tribe(turn.opponent) != tf.UNLEASHED or not power_open(self.state()):
            return None
        if not self.q.yes_no(
            f"{turn.opponent} (Unleashed power): play the other action of the same card now "
            "(the turn token stays)?",
            False,
        ):
            return None
        if turn.face_down is not None:
            self.q.say(f"  {turn.opponent}: the face-down card goes back to the hand", markup=False)
        before = self.state()
        power = {"again": False, "power": True, "hooper": hooper}
        played = self.record([{"type": "turn", "data": power}])
        self.show(played)
        self.offer_chips(before, played)  # a Series home tribe's hooper moved on (the match)
        return tf.power_turn(turn.opponent, turn.team)

    def resolve_counter(
        self,
        spec: CounterSpec,
        team: str,
        by: str,
        position: Any = None,
    ) -> Any:
        """The foul die first; then only what it leaves to decide: the dribbler's Position
        token (a steal), the one stat the counter uses (O or V; both against an SF), the d20."""
        from companion.games.hoopers.render import render_counter
        from companion.games.hoopers.rules.fouls import read_foul_die

        label = COUNTER_NAMES[spec.kind]
        face = None
        if spec.no_foul_die:
            self.q.say("  no foul die: Manny Gentle does not roll it when countering")
        else:
            face = self.q.die(f"foul die for the {label}", self.rng, D8)
        reading = read_foul_die(spec.kind, face, flagrant_whistle=spec.flagrant_whistle)
        if not reading.foul:
            if spec.kind == "steal" and position is not None:
                spec = replace(spec, position=position())
            stats = _counter_stats(spec, reading.jump_ball)
            if reading.jump_ball:
                self.q.say(
                    f"  jump ball: the {'/'.join(s.upper() for s in stats)}-stat decides",
                    markup=False,
                )
            values = {s: self.stat(team, by, s, f"{s.upper()}-stat") for s in stats}
            spec = replace(spec, **values)
        planned = resolve_counter(spec, face=face, rng=tf.Probe())
        roll = None
        if planned.target is not None and planned.roll is not None:
            stat = planned.stat.upper()
            roll = self.q.die(
                f"d20 for the {label} ({stat} {planned.target}): roll ≤ {planned.target} succeeds",
                self.rng,
                D20,
            )
        outcome = resolve_counter(spec, face=face, roll=roll)
        render_counter(self.q.console(), outcome)
        return outcome

    def screen(self, turn: tf.Turn) -> tf.Turn:
        from companion.games.hoopers.render import render_foul

        pending = turn.pending
        assert pending is not None
        face = self.q.die(f"foul die for {possessive(pending.hooper)} screen", self.rng, D8)
        reading = read_foul_die("screen", face)
        render_foul(self.q.console(), reading)
        if not reading.foul:
            return tf.fundamental_stands(turn)
        fouled = self.white_cube(turn.opponent)
        self.show(
            self.record(
                tf.foul_events(turn.team, pending.hooper, turn.opponent, fouled, action="screen")
            )
        )
        return tf.ball_lost(turn, f"offensive foul on {possessive(pending.hooper)} screen")

    def playbook(self, turn: tf.Turn) -> tf.Turn:
        from companion.games.hoopers.rules.playbooks import common_open, locked

        state = self.state()
        side = state.teams[turn.team]
        if not turn.f1_stands:
            return tf.after_playbook(turn, False)
        # The match's rule (rules/playbooks.py): the active ones, and a common one while a
        # card is on the board and a coach action token is not locked yet.
        active = [p["name"] for p in side.playbooks]
        opened = common_open(state, turn.team)
        choices = ["none", "yours"] + (["common"] if opened else [])
        self.q.say(
            f"  playbook: 'yours' is active ({', '.join(active) or 'your personal one'}); "
            f"'common' locks a coach action token ({side.coach_tokens - locked(side)} free, "
            f"{state.playbook_board} on the board)",
            markup=False,
        )
        kind = self.q.choose(f"{turn.team} runs a playbook?", choices, "none")
        if kind == "none":
            return tf.after_playbook(turn, False)
        name = ""
        if kind == "common":
            name = self.q.ask("which common playbook (its name)?", "", _playbook_name)
        elif len(active) > 1:
            name = self.q.name("which of your playbooks?", active, active[0], what="playbook")
        event = {"type": "playbook", "data": {"team": turn.team, "use": name}}
        try:
            self.show(self.record([event]))
        except Diverged:
            raise
        except CompanionError as err:
            self.q.say(f"  error: {prompts.reason(err)}", markup=False)
            return tf.after_playbook(turn, False)
        common = bool((self.state().playbook_run or {}).get("common"))
        return tf.after_playbook(turn, True, common=common)

    def attack(self, turn: tf.Turn) -> tf.Turn:
        # The kinds some hooper may shoot now, as the query offers them.
        choices = [
            k
            for k in tf.attack_choices(turn)
            if k == "none" or self.offered(turn.team, lambda h, k=k: shot_move(turn.team, h, k))
        ]
        choices = choices or ["none"]
        kind = self.q.choose(f"A: {possessive(turn.team)} attack?", choices, choices[0])
        if kind == "none":
            self.card_back(turn)
            return tf.ball_lost(turn, "no attack: the ball is lost")

        def shooting(name: str) -> Move:
            return shot_move(turn.team, name, kind)

        # Who may shoot is the query's answer (the ball: 'The hooper who performs a pass
        # can't perform the very following action'); a passer typed is told why.
        eligible = self.offered(turn.team, shooting)
        hooper = self.pick(
            turn.team, "attack", f"{SHOT_NAMES[kind]} by?", eligible,
            (turn.ball.holder, turn.rebounder), move_of=shooting,
        )  # fmt: skip
        stat = self.stat(turn.team, hooper, kind, KIND_NAMES[kind])
        bonuses = tf.attack_bonuses(turn, hooper)
        card = "none"
        if tf.can_defend(turn) and self.tribe(turn.opponent) == tf.KEEPERS:
            card = tf.keepers_card(turn, kind)
        if card == "discard":
            self.q.say(
                f"  {turn.opponent} reveals the face-down {turn.face_down.upper()} and discards "
                f"it: it does not match the {SHOT_NAMES[kind]}; defend as usual",
                markup=False,
            )
        if card == "match":
            return self.keepers_block(turn, kind, hooper)
        self.defense_card = None
        defense, defender = self.defense(turn, kind, keepers=card == "ask")
        if defender == tf.KEEPERS:
            return self.keepers_block(turn, kind, hooper)
        helped = self.perry_help(turn, hooper, kind, defender)
        if helped:  # the match adds it when recording ('perry'); the dice asked see it
            typed_defense, defense = defense, int(defense or 0) + perry_value(helped)
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
            defense_card=self.defense_card,
        )
        maluses = shot_maluses(self.state(), turn.team, hooper, defender)
        for note in maluses.notes(hooper, defender):
            self.q.say(f"  {note}", markup=False)
        spec = with_maluses(spec, maluses)  # the match applies the same when recording
        face, roll, ft_rolls, spec = self.shot_dice(turn, hooper, spec)
        if helped:
            spec = replace(spec, defense=typed_defense)
        event = tf.shot_event(
            turn.team, hooper, spec, defender=defender, face=face, roll=roll, ft_rolls=ft_rolls
        )
        if helped:
            event["data"]["perry"] = helped
        return self.shot_played(turn, hooper, defender, event)

    def shot_dice(
        self, turn: tf.Turn, hooper: str, spec: ShotSpec
    ) -> tuple[str | None, int | None, list[int], ShotSpec]:
        """The dice a shot asks, in the table's order: the foul die on a defence, the d20
        (none when it scores or cannot score without one), then the free throws owed, with
        the shooter's 2PS asked for them if the spec lacks it."""
        defense = spec.defense
        face = None
        if defense is not None:
            card = self.defense_card or DEFENSE_FOR[spec.kind]
            face = self.q.die(f"foul die for the {card.upper()}", self.rng, D8)
        planned = resolve_shot(spec, face=face, rng=tf.Probe())
        if planned.flagrant:
            self.q.say(
                "  Flagrant foul on the second use of the Unleashed card: no shot, two free "
                "throws, then a new action from F2"
            )
        roll = None
        if planned.shot_taken:
            working = _working(spec, planned)
            if planned.auto:
                self.q.say(f"  {working} ≥ 100: scores without a roll", markup=False)
            elif planned.roll is not None:  # none when it cannot score: said with the shot
                roll = self.q.die(f"d20 for the shot: {working} → roll ≤ {planned.target}",
                                  self.rng, D20)  # fmt: skip
        owed = resolve_shot(spec, face=face, roll=roll, rng=tf.Probe()).free_throws
        ft_rolls: list[int] = []
        if owed:
            if spec.free_throw_stat is None:
                ft = self.stat(turn.team, hooper, "2ps", "2PS (free throws)")
                spec = replace(spec, ft_stat=ft)
            planned_fts = resolve_shot(spec, face=face, roll=roll, rng=tf.Probe()).free_throws
            ft_rolls = [
                self.q.die(f"free throw {n}: roll ≤ {ft.target} scores", self.rng, D20)
                for n, ft in enumerate(planned_fts, 1)
                if ft.roll is not None
            ]
        return face, roll, ft_rolls, spec

    def shot_played(self, turn: tf.Turn, hooper: str, defender: str | None, event: dict) -> tf.Turn:
        """Record the shot, show it and what it sets off (chips, Maddy's gift, a playbook's
        result, the Unleashed power after a defended miss); the turn that follows."""
        before = self.state()
        played = self.record([event])
        from companion.games.hoopers.render import render_shot

        outcome = played[0].outcome
        render_shot(self.q.console(), outcome, who=f"{hooper} ({turn.team}): ")
        self.show(played)
        self.offer_chips(before, played)
        self.maddy_gift(turn.team, hooper, outcome.scored)
        if turn.playbook:
            self.playbook_result(turn, hooper, outcome.scored)
        after = tf.after_shot(replace(turn, second_use=False), outcome)
        defended_miss = (
            defender is not None
            and outcome.shot_taken
            and not outcome.scored
            and not outcome.foul
            and not outcome.charging
        )
        if defended_miss and after.step == "rebound":
            # "This Tribe power, in case b, will be activated before an attempt of your
            # opponent to catch the ball by using an offensive rebound."
            lost = tf.ball_lost(after, "defended and missed")
            power = self.unleashed_power(lost, defender)
            if power is not None:
                return power
        return after

    def perry_help(
        self, turn: tf.Turn, shooter: str, kind: str, defender: str | None
    ) -> dict[str, Any] | None:
        """Perry Hel's skill: "He can spend one energy to add his defense stat to one
        defending teammate. If he does not have the defensive position required, then add
        only the half the value." Offered when he may (rules/helpers.py: perry_may_help);
        the teammate is the defender just picked; the half is his card's flags' when known,
        else asked. The match's `perry_help` applies it, as `match shot --perry N`."""
        from companion.games.hoopers.rules.helpers import perry_half, perry_may_help
        from companion.games.hoopers.rules.modifiers import attacker_position
        from companion.games.hoopers.table import card_name

        side = self.state().teams[turn.opponent]
        perry = perry_may_help(side, defender)
        if perry is None:
            return None
        if not self.q.yes_no(
            f"{perry.name} adds his defence to {possessive(defender)} (one energy)?", False
        ):
            return None
        card = self.defense_card or DEFENSE_FOR[kind]
        stat = self.stat(turn.opponent, perry.name, card, card.upper())
        attackers = self.state().teams[turn.team]
        position = attacker_position(attackers, attackers.hoopers[shooter])
        guards = (self.table.hooper_cards().get(card_name(perry.name)) or {}).get("guards")
        half = perry_half(guards, position)
        if half is not None:
            flags = ", ".join(guards or ()) or "none"
            if not self.q.replaying:
                cover = "do not cover" if half else "cover"
                part = "half" if half else "all"
                self.q.say(f"  his flags ({flags}) {cover} the {position}: {part} of it",
                           markup=False)  # fmt: skip
        else:
            half = not self.q.yes_no(
                f"Does {perry.name} have the defensive position required"
                f"{f' (a {position})' if position else ''}? (no: only the half)",
                True,
            )
        return {"stat": stat, "half": half}

    def keepers_block(self, turn: tf.Turn, kind: str, hooper: str) -> tf.Turn:
        """'Keepers: Tribe power': the face-down defence card matches the attack, so "that
        defense becomes a Block. Resolve it but apply one extra foul result"."""
        name = DEFENSE_FOR[kind].upper()
        self.q.say(
            f"  {possessive(turn.opponent)} face-down {name} matches: it becomes a block",
            markup=False,
        )
        blockers = self.hoopers(turn.opponent, defend=True)
        by = self.pick(turn.opponent, "block", f"block ({name}) by?", blockers)
        linda = self.has_skill(turn.opponent, by, "linda")
        face = self.q.die("foul die for the block", self.rng, D8)
        planned = resolve_block(face=face, against=kind, keepers_block=True, linda=linda)
        ft_stat, ft_rolls = None, []
        if planned.free_throws:
            ft_stat, ft_rolls = self.free_throw_dice(turn.team, hooper, len(planned.free_throws))
        event = {
            "type": "block",
            "data": {
                "team": turn.opponent,
                "hooper": by,
                "attacker": hooper,
                "against": kind,
                "face": face,
                "keepers_block": True,
                "ft_stat": ft_stat,
                "ft_rolls": ft_rolls,
            },
        }
        before = self.state()
        played = self.record([event])
        from companion.games.hoopers.render import render_block

        away = not before.teams[turn.team].free_throw_bonus
        render_block(self.q.console(), played[0].outcome, ft_stat, away)
        self.show(played)
        self.offer_chips(before, played)  # a Series home tribe's blocker moved on (the match)
        return tf.after_block(turn, played[0].outcome)

    def card_back(self, turn: tf.Turn) -> None:
        """(c) the turn ends before the attack: the face-down card goes back to the hand."""
        if turn.face_down is not None:
            self.q.say(f"  {turn.opponent}: the face-down card goes back to the hand", markup=False)

    def playbook_result(self, turn: tf.Turn, hooper: str, scored: bool) -> None:
        """'To Activate and Resolve a Playbook': the reward and the chip, or the discard."""
        if not scored:
            if turn.playbook_common:
                self.q.say(
                    "  the playbook did not score: discard the cards, the common playbook "
                    "and its coach action token"
                )
            return
        for key, text in tf.PLAYBOOK_REWARDS.items():
            self.q.say(f"  {key}: {text}", markup=False)
        reward = self.q.choose("Playbook scored: the reward?", list(tf.PLAYBOOK_REWARDS), "cards")
        # The recovery is the match's move ('match playbook'): the F2 and A hoopers seen here.
        f2 = next((f.hooper for f in turn.played if f.slot == "F2"), None)
        data: dict[str, Any] = {"team": turn.team, "reward": reward, "attacker": hooper}
        if f2:
            data["f2"] = f2
        if reward == "both":
            data["pick"] = self.q.choose(
                f"Recover the energy spent in F2 ({f2}) or in A ({hooper})?", ["f2", "a"], "a"
            )
        self.show(self.record([{"type": "playbook", "data": data}]))
        if turn.playbook_common and self.q.yes_no(
            "Was an Onfire LV.1 chip on the playbook card (redeem it onto the scorer)?", False
        ):
            event = {
                "type": "chip",
                "data": {"team": turn.team, "hooper": hooper, "playbook": True},
            }
            self.show(self.record([event]))

    def defense(
        self, turn: tf.Turn, kind: str, keepers: bool = False
    ) -> tuple[int | None, str | None]:
        """The defence card and its hooper; ("block" offered when the Keepers may have laid
        a matching card face down before this turn began, unseen by this session)."""
        name = DEFENSE_FOR[kind]
        if not tf.can_defend(turn):
            self.q.say("  playbook: the attack cannot be defended")
            return None, None
        defenders = self.hoopers(turn.opponent, defend=True)
        if not defenders:
            return None, None
        side = self.state().teams[turn.opponent]
        # Edd Trapp: "You can play a defense lay-up to defend a 3 points shot by using him."
        extra: dict[str, list[str]] = {}
        card = EDD_TRAPP_CARD.get(kind)
        eligible = [h for h in defenders if card in defence_cards(kind, side.hoopers[h])]
        if card and eligible:
            extra[card] = eligible
        choices = [name, *extra, "none"]
        if keepers:
            choices = [name, *extra, "block", "none"]
            self.q.say(
                f"  (Keepers power: 'block' if {turn.opponent} laid a {name.upper()} face down "
                "before this turn)",
                markup=False,
            )
        answer = self.q.choose(f"{turn.opponent} defends with a {name.upper()}?", choices, "none")
        if answer == "block":
            return None, tf.KEEPERS
        if answer == "none":
            return None, None
        if answer in extra:
            self.defense_card = answer
            defender = self.pick(turn.opponent, answer, f"{answer.upper()} by?", extra[answer])
            return self.stat(turn.opponent, defender, answer, answer.upper()), defender
        defender = self.pick(turn.opponent, name, f"{name.upper()} by?", defenders)
        return self.stat(turn.opponent, defender, name, name.upper()), defender

    def rebound(self, turn: tf.Turn) -> tf.Turn:
        answer = self.q.choose(
            f"F3: {turn.team} plays an offensive rebound?", ["rebound", "none"], "none"
        )
        rebounders = self.hoopers(turn.team)
        if answer == "none" or not rebounders:
            return tf.after_rebound(turn, None)
        by = self.pick(turn.team, "rebound", "rebound by?", rebounders)
        if by == SUSAN_PEG:  # her skill (The Series): companion/ui/guided/series.py
            from companion.games.hoopers.guided.series import susan_peg_rebound

            return susan_peg_rebound(self, turn, by)
        fouls = self.state().teams[turn.team].team_fouls
        spec = CounterSpec("rebound", team_fouls=fouls)
        outcome = self.resolve_counter(spec, turn.team, by)
        if outcome.foul:
            fouled = self.white_cube(turn.opponent)
            events = tf.foul_events(turn.team, by, turn.opponent, fouled, action="rebound")
            if outcome.free_throws:
                made = self.free_throws(turn.opponent, fouled, outcome.free_throws)
                events += tf.free_throw_event(turn.opponent, fouled, made)
            self.show(self.record(events))
            return tf.after_rebound(turn, outcome)
        self.show(self.record([tf.counter_event(turn.team, by, outcome)]))
        if not outcome.success:
            return tf.after_rebound(turn, outcome)
        return self.rebound_won(replace(turn, rebounder=by))

    def rebound_won(self, turn: tf.Turn) -> tf.Turn:
        """A won offensive rebound: attack again (the turn token stays) or +15."""
        by = turn.rebounder or "the rebounder"
        self.q.say(
            f"  again: draw two cards, a new attack from F1 · bonus: +15 if {by} attacks",
            markup=False,
        )
        reward = self.q.choose("Rebound won:", tf.REBOUND_REWARDS, "bonus")
        if reward == "again":
            self.show(self.record([tf.turn_event(again=True)]))
        return tf.after_won_rebound(turn, reward)

    def done(self, turn: tf.Turn) -> None:
        """The turn is over: move the turn token (recorded), then a new turn in the log."""
        from companion.games.hoopers.render import render_status

        assert self.log is not None
        whose = plain(possessive(turn.team))
        self.q.say(f"[bold]{whose} attacking turn is over:[/bold] {plain(turn.ended)}")
        while True:  # a Series game: the mini track's moves first, as often as met
            track = ["series track"] if self.track_open() else []
            # Both move the token (the turn is over): next plays on, stop ends the session.
            answer = self.q.choose(TOKEN_MOVES, ["next", "stop", *track], "next")
            if answer != "series track":
                break
            self.series_track()
        played = self.record([tf.turn_event()])
        self.show(played)
        state = played[-1].state
        if not self.q.replaying:
            render_status(self.q.console(), self.table.status())
        if state.over:
            self.q.say("[bold]The match is over.[/bold]")
            self.stopped = True
            return None
        self.log.events = self.match()["events"]
        self.log.begin(face_down=True)
        if answer == "stop":
            self.stopped = True
        return None

    def track_open(self) -> bool:
        """A Series game whose tribe marker is still on the mini track."""
        track = self.state().marker()
        return track is not None and not track["off"]

    def series_track(self) -> None:
        """'Series track': "Move the Tribe marker on the series mini track one step towards
        your board every time that the condition displayed is satisfied" (the match's
        move, rules/series_track.py, as `match track TEAM [--off]`)."""
        state = self.state()
        teams = list(state.teams)
        team = self.q.choose(
            "Series track: which team satisfied the condition displayed?", teams, teams[0]
        )
        track = state.marker() or {}
        off = track.get("shows") == team and self.q.yes_no(
            "Does this step take the marker outside the track (onto the action upgrade card)?",
            False,
        )
        try:
            self.show(self.record([{"type": "track", "data": {"team": team, "off": off}}]))
        except Diverged:
            raise
        except CompanionError as err:
            self.q.say(f"  error: {prompts.reason(err)}", markup=False)

    def show(self, played: list[Step[MatchState]]) -> None:
        from companion.games.hoopers.render import render_notes

        for step in played:
            notes = [n for n in step.notes if n not in self.said]
            render_notes(self.q.console(), notes)
        self.said.clear()


def _check_card_energy(value: int) -> None:
    from companion.games.hoopers.rules.energy import check_energy

    check_energy(value, "the card's energy")


def _playbook_name(text: str) -> str:
    """A common playbook's name, as the card prints it (the rulebook does not list them)."""
    from companion.engine.errors import BadInput

    if not text.strip():
        raise BadInput("the playbook's name, as its card prints it")
    return text.strip()


def _counter_stats(spec: CounterSpec, jump_ball: bool) -> list[str]:
    """The stats a counter without a foul uses: O or V ('Counter'), the other one on a
    jump ball; both for a steal against an SF (the worse of the two is used)."""
    if spec.kind == "steal" and spec.position == "SF":
        return ["o", "v"]
    used = replace(spec, o=0, v=0).required_stat()
    if jump_ball:
        used = "v" if used == "o" else "o"
    return [used]


def _shown(answer: Any) -> str:
    if isinstance(answer, bool):
        return "yes" if answer else "no"
    if isinstance(answer, list):
        return ", ".join(str(a) for a in answer)
    return str(answer)


def _working(spec: ShotSpec, planned: Any) -> str:
    from companion.games.hoopers.render import shot_working

    return shot_working(planned)


def _describe(event: dict[str, Any]) -> str:
    data = event.get("data", {})
    who = ", ".join(str(data[k]) for k in ("hooper", "team") if data.get(k))
    return f"{event['type']} ({who})" if who else event["type"]


def play(store: Any, seed: int | None = None) -> None:
    """The menu's way in: attacking turns of the live match, then its end.

    A friendly match played out (here, or at the board and caught up from the command
    line) is ended here: the table is asked once and the result filed, rather than sent
    to `hoopers match end` or into a turn the match no longer has. A Series game is left
    to the Series' flow, which ends it with its reward phase."""
    table = HoopersTable(store)
    live = table.live()
    if live is None or not table.fold(live).over:
        play_turns(store, seed)
    end_if_over(table)


def end_if_over(table: HoopersTable) -> None:
    from companion.games.hoopers.render import render_ended

    live = table.live()
    if live is None:
        return
    state = table.fold(live)
    if not state.over or any(team.series for team in state.teams.values()):
        return
    if not prompts.yes_no("The match is over. End it and file it in history?", True):
        return
    with prompts.no_interrupt():
        ended = table.end()
    render_ended(prompts.console(), ended)
