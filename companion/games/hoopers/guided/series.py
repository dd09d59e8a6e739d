"""The Series, guided: start one, then play it game by game.

`start(store, seed)` asks for the two tribes, who manages each (the people history
counts) and who is home in game 1, and starts a series. `play(store, seed)`
continues the series in progress, one step after the other:

* a game in play (a tracked hoopers match): the hoopers turn flow
  (`companion.games.hoopers.guided.match.play_turns`); once the match is over it is
  ended here and the series takes it in, showing its Reward Phase;
* a game whose Reward Phase the table has not given yet: the gameplan
  milestones and the series track are asked and recorded;
* otherwise the next game's setup, the hoopers on the first hot and cold steps
  (defaults offered), and the next game starts as a tracked match.

Everything goes through the tables; nothing here writes the store itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.engine.errors import BadInput, CompanionError
from companion.engine.names import possessive
from companion.games.hoopers.rules.dice import D8, D20
from companion.games.hoopers.series_table import SeriesTable
from companion.games.hoopers.table import HoopersTable
from companion.ui.guided import prompts
from companion.ui.guided.prompts import Undo


def start(store: Any, seed: int | None = None) -> bool:
    """Ask for the tribes, who manages each, and the home tribe of game 1; start a series.

    True when it started; False when the table backed out (undo) or the rules
    refused (the reason is said).
    """
    from companion.games.hoopers.rules.match import tribes
    from companion.games.hoopers.series_render import render_status
    from companion.ui.guided.steps import players_seen

    names = [t.title() for t in tribes()]
    seen = players_seen(store)
    from companion.ui.guided.steps import form

    def manager(f: Any, key: str, tribe: str, other: str | None) -> Any:
        # A person, checked like every player name (the tribes and the other manager are not).
        taken = {f["first"].casefold(), f["second"].casefold(), (other or "").casefold()}
        return prompts.ask(
            f"Who manages {tribe}?", f.earlier(key, ""), _person(taken),
            complete=[n for n in seen if n.casefold() not in taken],
        )  # fmt: skip

    done = form(
        [
            ("first", lambda f: prompts.ask("First tribe?", f.earlier("first", names[0]), _name,
                                            complete=names)),
            ("second", lambda f: prompts.ask(
                "Second tribe?", f.earlier("second", names[-1]), _name,
                complete=[n for n in names if n != f["first"]])),
            ("first_manager", lambda f: manager(f, "first_manager", f["first"], None)),
            ("second_manager", lambda f: manager(
                f, "second_manager", f["second"], f["first_manager"])),
            ("home", lambda f: prompts.choose(
                "Who is at home in game 1?", ["random", f["first"], f["second"]], "random")),
        ]
    )  # fmt: skip
    if done is None:  # undo at the first question: back out
        return False
    first, second, home = done["first"], done["second"], done["home"]
    managers = [f"{done['first_manager']}={first}", f"{done['second_manager']}={second}"]
    table = SeriesTable(store)
    stars = []  # the [star] upgrade each tribe sleeves at the setup (+1 energy)
    for tribe in (first, second):
        roster = table.known_roster(tribe)
        if roster:
            on = prompts.choose(
                f"{tribe}: the setup's star upgrade is sleeved on?", ["none", *roster], "none"
            )
            if on != "none":
                stars.append(f"{tribe}:{on}")
    try:
        status = table.start([first, second], home=home, seed=seed, stars=stars, managers=managers)
    except CompanionError as err:
        prompts.say(f"error: {prompts.reason(err)}", markup=False)
        return False
    render_status(prompts.console(), status, started=True, chosen=home == "random")
    foretold = status.detail.get("prediction")  # the managers', as `series start` prints it
    if foretold:
        from companion.history.book import prediction_line

        prompts.say(prediction_line(foretold), markup=False)
    return True


def play(store: Any, seed: int | None = None) -> None:
    """Continue the series in progress until it is decided or the table stops."""
    table = SeriesTable(store)
    asked = False  # after a step of this session, ask before starting another game
    while True:
        status = table.status()
        series = status.state.series
        try:
            if status.status != "live":
                _decided(status)
                return
            if series.pending_match is not None:
                if not _play_game(store, table, seed):
                    return
            elif series.games and not series.games[-1].rewarded:
                _reward_phase(table, len(series.games))
            elif not _start_game(table, status, seed, ask=asked):
                return
        except Undo:
            prompts.say(
                "  nothing to undo here: 'companion hoopers series undo' drops the last game"
            )
        asked = True


def _name(text: str) -> str:
    from companion.engine.decks import parse_players

    return parse_players([text], low=1, high=1)[0]


def _person(taken: set[str]):
    """The parser of who manages a tribe: one player name, neither a tribe's nor the
    other manager's (`taken`, casefolded)."""

    def parse(text: str) -> str:
        person = _name(text)
        if person.casefold() in taken:
            raise BadInput(f"'{person}' is taken: a tribe, or the other tribe's manager")
        return person

    return parse


def _decided(status: Any) -> None:
    from companion.games.hoopers.series_render import render_scoreboard

    render_scoreboard(prompts.console(), status)
    prompts.say(status.next)


def _play_game(store: Any, table: SeriesTable, seed: int | None) -> bool:
    """The tracked match of the game in play; True once it is over and taken in."""
    from companion.games.hoopers.guided.match import play_turns
    from companion.games.hoopers.series_render import render_taken_in

    hoopers = HoopersTable(store)
    pending = table.current().pending_match
    waiting = hoopers.waiting()
    if waiting is not None and waiting["id"] == pending:
        # The Series game waited while a friendly match was played: back to it (the
        # friendly match waits in its turn, and comes back once this one is ended).
        live = hoopers.live()
        hoopers.resume(pending)
        if live is not None:
            prompts.say(
                f"  back to Series game {pending}; match {live['id']} "
                f"({' v '.join(live['players'])}) waits",
                markup=False,
            )
    if not hoopers.fold(hoopers.current()).over:
        play_turns(store, seed)
    if not hoopers.fold(hoopers.current()).over:
        return False  # the table stopped between turns
    if not prompts.yes_no("The match is over. End it and take it into the series?", True):
        return False
    with prompts.no_interrupt():
        ended = hoopers.end()
    taken = table.taken_in(ended.id)
    if taken is not None:
        render_taken_in(prompts.console(), taken)
    return True


def _reward_phase(table: SeriesTable, number: int) -> None:
    """Ask what the match could not know (gameplans, series track) and record it."""
    from companion.games.hoopers.series_render import render_rewards

    view = table.status().state
    series, rules = view.series, view.rules
    most = rules.max_gameplan_milestones
    prompts.say(
        f"[bold]Game {number}[/bold]: the match does not know the gameplan cards or the "
        "series track; say them to complete its reward phase."
    )

    def milestones(n: int) -> None:
        if not 0 <= n <= most:
            raise BadInput(f"a gameplan card has 0 to {most} milestones for a game")

    gameplan = []
    for tribe in series.tribes:
        done = prompts.number(f"{tribe}: gameplan milestones completed (0-{most})?", 0, milestones)
        gameplan.append(f"{tribe}:{done}")
    home = series.home_in(number, rules)
    track = prompts.choose("Which tribe does the tribe marker show?", series.tribes, home)
    with prompts.no_interrupt():
        status = table.amend(number, gameplan=gameplan, series_track=track)
    render_rewards(prompts.console(), status.state.series, status.state.rewards(number), rules)
    _upgrades_sleeved(table, status, number)


def _upgrades_sleeved(table: SeriesTable, status: Any, number: int) -> None:
    """Which hooper upgrade card each tribe took and the hooper it went on: the energy
    later games start with ('series amend --upgrade', the same rule)."""
    from companion.games.hoopers.rules.series_upgrades import CARDS

    won = status.state.rewards(number).tribes
    rosters = table.known_rosters(number)
    given = []
    for tribe, got in won.items():
        roster = rosters.get(tribe)
        if not roster or not got.hooper_upgrades:
            if got.hooper_upgrades:
                prompts.say(
                    f"  {tribe}'s hooper upgrades: 'companion hoopers series amend --upgrade "
                    f"{tribe}:HOOPER=CARD' keeps their energy for the next games",
                    markup=False,
                )
            continue
        deck = [c for c, (_, _, where) in CARDS.items() if where == "deck"]
        picks = [
            prompts.choose(f"{tribe}: the hooper upgrade card from the deck?", [*deck, "none"])
            for _ in range(got.winner_marker)
        ] + ["star"] * got.gameplan_hooper_upgrades
        for card in picks:
            if card == "none":
                continue
            hooper = prompts.choose(f"{tribe}: the {CARDS[card][0]} is sleeved on?", roster)
            given.append(f"{tribe}:{hooper}={card}")
    if not given:
        return
    try:
        with prompts.no_interrupt():
            table.amend(number, upgrade=given)
    except CompanionError as err:
        prompts.say(
            f"  {prompts.reason(err)}: 'companion hoopers series amend --upgrade' fixes it",
            markup=False,
        )
        return
    prompts.say("  sleeved: " + ", ".join(given), markup=False)


def _start_game(table: SeriesTable, status: Any, seed: int | None, ask: bool) -> bool:
    """Show the next game's setup, ask the hot and cold hoopers, start its tracked match."""
    from companion.games.hoopers.series_render import render_setup, render_started

    upcoming = status.state.next_game()
    setup = upcoming.setup
    render_setup(prompts.console(), upcoming)
    if ask and not prompts.yes_no(f"Start game {setup.number} now?", True):
        return False
    rules = status.state.rules
    given = _unknown_rosters(table, status.state.series.tribes)
    rosters = table.rosters(given)
    home_line, away_line = (
        _line_up(rosters[t], setup.sits_out.get(t, ()), setup.susan_peg == t)
        for t in (setup.home, setup.away)
    )
    sevens, fives = _line_ups({setup.home: home_line, setup.away: away_line})
    hot = _pick(
        f"{setup.home} (home): hoopers on the first hot step?",
        _on_court(setup.home, home_line, sevens, fives),
        rules.home_hot_zone_hoopers,
    )
    cold = _pick(
        f"{setup.away} (away): hoopers on the first cold step?",
        _on_court(setup.away, away_line, sevens, fives),
        rules.away_cold_zone_hoopers,
    )
    first = prompts.choose("Who attacks first?", ["roll", setup.home, setup.away], "roll")
    try:
        with prompts.no_interrupt():
            started = table.start_game(
                hot, cold, given, first=first, seed=seed, sevens=sevens, fives=fives
            )
    except CompanionError as err:
        prompts.say(f"error: {prompts.reason(err)}", markup=False)
        return False
    render_started(prompts.console(), started)
    return True


def _unknown_rosters(table: SeriesTable, tribes: Sequence[str]) -> dict[str, list[str]]:
    """Hoopers of the tribes the companion does not know, asked once each."""
    from companion.engine.decks import parse_players

    return {
        tribe: prompts.ask(
            f"{possessive(tribe)} hoopers (comma separated)?",
            "",
            lambda text: parse_players(text, low=5),
        )
        for tribe in tribes
        if table.known_roster(tribe) is None
    }


def _line_ups(
    lines: dict[str, list[str]],
) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """ "Choose the new seven hoopers for the next game": asked when the table wants the
    match to know who is on court (default: no line-up, every hooper usable)."""
    from companion.games.hoopers.guided.setup import _ask_five, _ask_seven

    sevens: dict[str, list[str]] = {}
    fives: dict[str, list[str]] = {}
    if prompts.yes_no("Give the line-ups (seven hoopers, five of them on court)?", False):
        for tribe, line in lines.items():
            sevens[tribe] = _ask_seven(tribe, line)
            fives[tribe] = _ask_five(tribe, line, sevens[tribe])
    return sevens, fives


def _on_court(
    tribe: str, line: list[str], sevens: dict[str, list[str]], fives: dict[str, list[str]]
) -> list[str]:
    """Who may start on the hot or cold step: the five on court, else every hooper."""
    if tribe not in fives:
        return line
    from companion.games.hoopers.rules.match import line_up

    court = line_up(tribe, line, sevens[tribe], fives[tribe])[1] or {}
    return list(court.values())


def _line_up(roster: Sequence[str], sits_out: Sequence[str], susan: bool) -> list[str]:
    from companion.games.hoopers.rules.series_match import SUSAN_PEG

    out = {h.casefold() for h in sits_out}
    line = [h for h in roster if h.casefold() not in out]
    if susan and SUSAN_PEG not in line:
        line.append(SUSAN_PEG)
    return line


def _pick(question: str, line_up: Sequence[str], count: int) -> list[str]:
    """`count` different hoopers of `line_up`, by prefix, comma separated."""
    from companion.engine.names import match_prefix

    def parse(text: str) -> list[str]:
        chosen = [match_prefix(n, line_up, what="hooper") for n in text.split(",") if n.strip()]
        if len(set(chosen)) != count:
            raise BadInput(f"name {count} different hoopers, comma separated")
        return chosen

    return prompts.ask(
        question, ", ".join(line_up[:count]), parse, complete=list(line_up), several=True
    )


def susan_peg_rebound(flow: Any, turn: Any, by: str) -> Any:
    """Susan Peg's offensive rebound in the hoopers turn flow (`flow`): her skill applied.

    The foul die as for any rebound; with no foul, the d20 is her lay-up with V,
    undefended, recorded as that lay-up. Either way the attacking turn ends.
    """
    from companion.games.hoopers.rules import turn_flow as tf
    from companion.games.hoopers.rules.fouls import read_foul_die
    from companion.games.hoopers.rules.shots import ShotSpec
    from companion.games.hoopers.rules.susan_peg import LAY_UP, resolve_susan_peg_rebound
    from companion.games.hoopers.series_render import render_susan_peg_rebound

    flow.q.say(
        "  Susan Peg's skill: with no foul she goes straight to a lay-up with her V, "
        "which cannot be defended"
    )
    fouls = flow.state().teams[turn.team].team_fouls
    face = flow.q.die("foul die for the rebound", flow.rng, D8)
    v = 0  # her V matters only with no foul: asked then
    if not read_foul_die("rebound", face).foul:
        v = flow.stat(turn.team, by, "v", "V-stat")
    planned = resolve_susan_peg_rebound(v, face=face, team_fouls=fouls, rng=tf.Probe())
    roll = None
    if planned.roll is not None:
        roll = flow.q.die(f"d20 for Susan Peg's lay-up: roll ≤ {v} scores", flow.rng, D20)
    outcome = resolve_susan_peg_rebound(v, face=face, roll=roll, team_fouls=fouls)
    render_susan_peg_rebound(flow.q.console(), outcome)
    if outcome.foul:
        fouled = flow.white_cube(turn.opponent)
        events = tf.foul_events(turn.team, by, turn.opponent, fouled)
        if outcome.free_throws:
            made = flow.free_throws(turn.opponent, fouled, outcome.free_throws)
            events += tf.free_throw_event(turn.opponent, fouled, made)
        flow.show(flow.record(events))
        return tf.ball_lost(turn, "offensive foul on the rebound")
    lay_up = ShotSpec(LAY_UP, stat=v)
    shot = tf.shot_event(turn.team, by, lay_up, defender=None, face=None, roll=outcome.roll)
    flow.show(flow.record([shot]))
    return tf.ball_lost(turn, "Susan Peg's lay-up " + ("scored" if outcome.scored else "missed"))
