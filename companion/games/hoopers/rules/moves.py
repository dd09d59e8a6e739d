"""Match events beyond the shot: counters, blocks, owed free throws, substitutions, Onfire.

Each handler takes the state, the event's data (filled with what it decided
or drew, so the log replays exactly), the RNG (None when replaying) and the
injury marker draws; see `companion.games.hoopers.rules.match.apply_event`.
"""

from __future__ import annotations

from typing import Any

from companion.engine.errors import BadInput, RuleViolation
from companion.engine.names import a_or_an, match_prefix
from companion.games.hoopers.data import words
from companion.games.hoopers.rules.blocks import BLOCK_AGAINST, BLOCKED_COUNTERS, resolve_block
from companion.games.hoopers.rules.chips import spend_chip
from companion.games.hoopers.rules.counters import (
    COUNTER_KINDS,
    CounterSpec,
    parse_position,
    resolve_counter,
)
from companion.games.hoopers.rules.effects import (
    REBOUND_NOTE,
    Draws,
    foul_cube,
    hector_defends,
    injury_cube,
    is_hector,
    onfire,
    owe_free_throws,
    rebound_fouled,
    shoot_free_throws,
    skills_of,
)
from companion.games.hoopers.rules.energy import (
    SHOT_CARDS,
    attack_free,
    counter_free,
    fundamental_free,
    recover,
    spend,
)
from companion.games.hoopers.rules.energy_moves import paid_fundamental
from companion.games.hoopers.rules.errors import HooperUnavailable, MissingInput, NotYourTurn
from companion.games.hoopers.rules.helpers import gift_move
from companion.games.hoopers.rules.modifiers import (
    attacker_position,
    failed_counter_note,
    take_position,
)
from companion.games.hoopers.rules.onfire import FLAT
from companion.games.hoopers.rules.phase import check_block
from companion.games.hoopers.rules.series_track import move_marker
from companion.games.hoopers.rules.shots import SHOT_KINDS
from companion.games.hoopers.rules.skills import has_skill
from companion.games.hoopers.rules.state import HooperState, MatchState, TeamState
from companion.games.hoopers.rules.susan_peg_match import is_susan_peg_rebound, susan_peg_rebound
from companion.games.hoopers.rules.swap import swap_tokens
from companion.games.hoopers.rules.tribe_power import power_onfire
from companion.games.hoopers.rules.upgrades import give_upgrade, take_gameplan

COUNTER_NAMES = {"steal": "steal dribble", "intercept": "intercept pass", "rebound": "rebound"}
FUNDAMENTAL_FOR = {"steal": "dribble", "intercept": "pass"}  # what each counter answers


def _a(label: str) -> str:
    return ("an " if label[0] in "aeiou" else "a ") + label


# --- counters ------------------------------------------------------------------------


def _counter(state: MatchState, data: dict[str, Any], rng: Any, draws: Draws) -> Any:
    """A steal, intercept or offensive rebound, resolved and recorded ('Counter', 'Foul')."""
    side = state.team(data["team"])
    kind = match_prefix(data["kind"], COUNTER_KINDS, what="counter")
    label = COUNTER_NAMES[kind]
    _check_counter_turn(side.name, state.attacking, kind, label)
    other = state.teams[state.other(side.name)]
    counterer = side.hooper(data["hooper"])
    counterer.check_in_game(side.name, f"play {_a(label)}")
    if kind != "rebound":
        counterer.check_can_defend(side.name)
    side.check_on_court(counterer, f"play {_a(label)}")
    against = _countered_hooper(other, data, kind, label)
    position = _stolen_position(other, against, data) if kind == "steal" else None
    # One energy for each card: the counter, and the fundamental it answers unless that
    # was recorded (and paid) already with 'match fundamental'.
    if against is not None:
        _pay_fundamental(state, other, against, FUNDAMENTAL_FOR[kind])
    card = "offensive rebound" if kind == "rebound" else label
    spend(state, side.name, counterer, card, counter_free(counterer, kind))
    if is_susan_peg_rebound(kind, counterer, data, rng is not None):
        return susan_peg_rebound(
            state, data, rng, draws, side, other, counterer, _counter_free_throws
        )
    skills, deciding = skills_of(data, rng)
    if deciding and has_skill(counterer, "manny"):
        skills.append("manny")
    spec = CounterSpec(
        kind,
        o=data.get("o"),
        v=data.get("v"),
        position=position,
        team_fouls=side.team_fouls,
        no_foul_die="manny" in skills,
        flagrant_whistle=bool(data.get("flagrant_whistle")),
    )
    outcome = resolve_counter(spec, face=data.get("face"), roll=data.get("roll"), rng=rng)
    data.update(
        team=side.name,
        kind=kind,
        hooper=counterer.name,
        against=against.name if against else None,
        position=spec.position,
        face=outcome.reading.face,
        roll=outcome.roll,
    )
    if skills or deciding:
        data["skills"] = skills
    if "manny" in skills:
        state.notes.append(f"{counterer.name} does not roll the foul die when countering")
    if outcome.foul:
        _counter_fouled(state, data, rng, draws, outcome, side, other, counterer, against)
        return outcome
    data.pop("fouled", None)
    _note_counter_result(state, outcome, kind, label, side, other, counterer)
    return outcome


def _check_counter_turn(team: str, attacking: str | None, kind: str, label: str) -> None:
    """The attacker rebounds; the defender steals and intercepts."""
    if kind == "rebound":
        if team != attacking:
            raise NotYourTurn(
                f"{team} cannot play an offensive rebound: it is {attacking}'s "
                "attacking turn (the rebound is the attacker's F3)"
            )
    elif team == attacking:
        raise NotYourTurn(
            f"{team} cannot play {_a(label)}: it is its own attacking turn "
            "(a steal or intercept counters the opponent's fundamental)"
        )


def _countered_hooper(other: Any, data: dict[str, Any], kind: str, label: str) -> Any:
    """The attacker whose dribble or pass a steal or intercept counters (None: a rebound)."""
    if kind == "rebound":
        return None
    if not data.get("against"):
        raise MissingInput(
            f"{a_or_an(label)} in a match needs --against (the hooper whose "
            f"{'dribble' if kind == 'steal' else 'pass'} it counters)"
        )
    against = other.hooper(data["against"])
    against.check_in_game(other.name, "play a fundamental")
    other.check_on_court(against, "play a fundamental")
    return against


def _stolen_position(other: Any, against: Any, data: dict[str, Any]) -> Any:
    """The Position token of the hooper a steal is against: given, or known from the court."""
    position = data.get("position")
    known = attacker_position(other, against) if against else None
    if position is None:
        position = known
    position = parse_position(position) if position else None
    if position is None:
        raise MissingInput(
            f"{against.name}'s Position token is not known: give --position (PG … C)"
        )
    return position


def _counter_fouled(
    state: MatchState,
    data: dict[str, Any],
    rng: Any,
    draws: Draws,
    outcome: Any,
    side: Any,
    other: Any,
    counterer: Any,
    against: Any,
) -> None:
    """A counter that fouls: the cubes, the free throws, and how the attack goes on."""
    kind = data["kind"]
    fouled = against
    if against is not None:
        _fouled_fundamental(state, other.name, against.name, FUNDAMENTAL_FOR[kind])
    if kind == "rebound":
        fouled = rebound_fouled(other, data)
    foul_cube(state, side.name, counterer)
    injury_cube(state, other.name, fouled, draws)
    _counter_free_throws(state, data, rng, outcome, other.name, fouled)
    if kind == "rebound":
        state.notes.append("offensive foul: the attacking turn ends ('match turn')")
    elif not outcome.flagrant:
        state.notes.append("the attack goes on without that slot and its bonus")


def _note_counter_result(
    state: MatchState,
    outcome: Any,
    kind: str,
    label: str,
    side: Any,
    other: Any,
    counterer: Any,
) -> None:
    """A clean counter: who has the ball now, said in the notes."""
    if kind == "rebound":
        if outcome.success:
            state.notes.append(
                f"{counterer.name} wins the rebound: attack again ('match turn --again', draw "
                f"two cards) or +15 if {counterer.name} attacks next"
            )
        else:
            state.notes.append("rebound lost: the attacking turn ends ('match turn')")
    elif outcome.success:
        state.ball_won = (side.name, counterer.name)
        state.notes.append(
            f"{counterer.name} wins the ball with the {label}: {side.name}'s attacking turn "
            "starts now ('match turn')"
        )
    else:
        state.notes.append(f"the {label} fails: {other.name} keeps the fundamental's bonus")
        joy = failed_counter_note(counterer, "dribble" if kind == "steal" else "pass")
        if joy:
            state.notes.append(joy)


def _fouled_fundamental(state: MatchState, team: str, hooper: str, kind: str) -> None:
    """A counter foul: "the slot ... is no more available", so the fundamental it answered
    is gone and the ball is as before it ('Fundamental', ball dynamics)."""
    for played in reversed(state.fundamentals):
        if (played["team"], played["hooper"], played["kind"]) == (team, hooper, kind):
            played["fouled"] = True
            return


def _pay_fundamental(state: MatchState, side: TeamState, hooper: HooperState, kind: str) -> None:
    if not paid_fundamental(state, side.name, hooper.name, kind):
        spend(state, side.name, hooper, kind, fundamental_free(hooper, kind))
        state.fundamentals.append(
            {"team": side.name, "hooper": hooper.name, "kind": kind, "countered": True}
        )


def _counter_free_throws(
    state: MatchState,
    data: dict[str, Any],
    rng: Any,
    outcome: Any,
    team: str,
    shooter: HooperState,
) -> None:
    count = outcome.free_throws
    if not count:
        if data.get("ft_rolls"):
            raise BadInput("free throw rolls given but this counter gives no free throws")
        return
    why = "flagrant foul" if outcome.flagrant else "counter foul after three team fouls"
    _free_throws_now_or_owed(state, data, rng, team, shooter, count, why)


def _free_throws_now_or_owed(
    state: MatchState,
    data: dict[str, Any],
    rng: Any,
    team: str,
    shooter: HooperState,
    count: int,
    why: str,
    *,
    rebound: bool = False,
) -> int | None:
    """Shoot them with the event's --ft-stat, or leave them owed; the points made or None."""
    stat = data.get("ft_stat")
    if stat is None:
        if data.get("ft_rolls"):
            raise MissingInput("free throw rolls given without --ft-stat (the shooter's 2PS)")
        owe_free_throws(state, team, shooter.name, count, why, rebound=rebound)
        return None
    rolls, made = shoot_free_throws(
        state, team, shooter, count, stat, data.get("ft_rolls", ()), rng
    )
    data["ft_rolls"] = rolls
    return made


# --- blocks --------------------------------------------------------------------------


def _block(state: MatchState, data: dict[str, Any], rng: Any, draws: Draws) -> Any:
    """A block on a shot or a counter, resolved and recorded ('Block')."""
    side = state.team(data["team"])
    if side.name == state.attacking:
        raise NotYourTurn(
            f"{side.name} cannot block: it is its own attacking turn "
            "(a block is a boosted defence or counter)"
        )
    other = state.teams[state.other(side.name)]
    against = data.get("against")
    if not against:
        raise MissingInput(
            f"a block in a match needs --against: what it blocks ({', '.join(BLOCK_AGAINST)})"
        )
    against = match_prefix(against, BLOCK_AGAINST, what="blocked action")
    blocker = side.hooper(data["hooper"])
    blocker.check_can_defend(side.name)
    side.check_on_court(blocker, "block")
    if rng is not None:  # recording (an old log replays as it was recorded)
        data.pop("chip", None)
        chip = check_block(state, side, blocker, bool(data.get("keepers_block")))
        if chip is not None:
            data["chip"] = chip
    if not data.get("attacker"):
        raise MissingInput("a block in a match needs --attacker (the hooper blocked)")
    attacker = other.hooper(data["attacker"])
    attacker.check_in_game(other.name, "be blocked")
    other.check_on_court(attacker, "be blocked")
    _spend_block_chip(state, data, rng, draws, side, blocker)
    # The attacker's card (an attack, or the fundamental a blocked counter answers) and
    # the blocker's defence or counter card each cost one energy.
    if against in BLOCKED_COUNTERS:
        _pay_fundamental(state, other, attacker, FUNDAMENTAL_FOR[against])
    else:
        card = SHOT_CARDS[against]
        spend(state, other.name, attacker, card, attack_free(state, other.name, attacker))
    # "No Way Block!: You gain a block": an LV.2 chip is used "without playing any cards".
    no_card = bool(state.chips_spent) and state.chips_spent[-1] == {
        "team": side.name, "hooper": blocker.name, "use": "no-way-block"
    }  # fmt: skip
    spend(state, side.name, blocker, "block", played=not no_card)
    skills, deciding = skills_of(data, rng)
    if deciding and has_skill(blocker, "linda"):
        skills.append("linda")
    before = side.team_fouls
    outcome = resolve_block(
        face=data.get("face"),
        against=against,
        keepers_block=bool(data.get("keepers_block")),
        linda="linda" in skills,
        team_fouls=before,
        rng=rng,
    )
    data.update(
        team=side.name,
        hooper=blocker.name,
        attacker=attacker.name,
        against=against,
        face=outcome.reading.face,
    )
    state.notes.append(f"{blocker.name}'s block: {outcome.outcome}")
    if outcome.reading.foul:
        foul_cube(state, side.name, blocker)
        injury_cube(state, other.name, attacker, draws)
        count = len(outcome.free_throws)
        if count:
            why = "block foul" if against in SHOT_KINDS else "blocked counter foul"
            made = _free_throws_now_or_owed(state, data, rng, other.name, attacker, count, why)
            if made is not None:
                outcome = shot_free_throws(outcome, data, other)
        elif data.get("ft_rolls"):
            raise BadInput("free throw rolls given but this block gives no free throws")
    else:
        if data.get("ft_rolls"):
            raise BadInput("free throw rolls given but the block gives no free throws")
        if outcome.reading.attacker_injury_cube:
            state.notes.append(
                f"{blocker.name} does not commit a foul on the whistle; "
                f"{attacker.name} takes the white cube"
            )
            injury_cube(state, other.name, attacker, draws)
    if outcome.outcome == "blocked":
        # 'Cold zone': "one step back ... for every attack failed or block received"
        # ("It works also if the block empowers a counter action").
        state.notes.append(f"{attacker.name} receives the block: Onfire one step left")
        onfire(state, other.name, attacker, "down", draws)
        if deciding and against in SHOT_KINDS and is_hector(blocker):
            skills.append("hector")
        state.notes.append(f"the ball is recovered: {side.name} attacks ('match turn')")
    elif outcome.outcome == "restart-f2":
        state.notes.append(f"{other.name} starts a new action from F2; the turn token stays")
    elif outcome.outcome == "restart-a":
        state.notes.append(f"{other.name} starts a new action from A; the turn token stays")
    if "hector" in skills:
        hector_defends(state, side.name, blocker, draws)
    if skills or deciding:
        data["skills"] = skills
    if data.get("keepers_block"):
        power_onfire(state, data, rng is not None, side.name, blocker.name, draws)
    return outcome


def _spend_block_chip(
    state: MatchState, data: dict[str, Any], rng: Any, draws: Draws, side: TeamState, blocker: Any
) -> None:
    """'Block': "played by using the specific Onfire LV.1 chip" — and "After having spent
    a chip (LV.1 or LV.2) discard it." The chip is spent with the block unless one was
    spent for it just before ('match spend TEAM block', `state.block_ready`); an LV.1 chip
    first, else a No Way Block (`phase.check_block` decides when the move is recorded).
    Recorded in the event (`chip`), so a block recorded before the chip was spent with it
    replays as it was. One chip, one block."""
    use = data.get("chip")
    if use:
        spend_chip(state, {"team": side.name, "hooper": blocker.name, "use": use}, rng, draws)
    state.block_ready = None  # a chip spent on a block serves this one


def shot_free_throws(outcome: Any, data: dict[str, Any], shooter_team: TeamState) -> Any:
    """The block's outcome with the free throws the match shot (their stat and d20s are
    in the event), so what is printed and the JSON's `total_points` are what was scored."""
    from dataclasses import replace

    from companion.games.hoopers.rules.free_throws import resolve_free_throws

    done = resolve_free_throws(
        len(outcome.free_throws),
        data["ft_stat"],
        away=not shooter_team.free_throw_bonus,
        rolls=list(data.get("ft_rolls", ())),
    )
    return replace(outcome, free_throws=tuple(done))


# --- owed free throws ------------------------------------------------------------------


def _free_throw(state: MatchState, data: dict[str, Any], rng: Any, draws: Draws) -> Any:
    """Shoot the free throws the match is waiting for."""
    owed = state.owed
    if not owed:
        raise RuleViolation(
            "no free throws are owed",
            hint="free throws come with the foul that gives them (a shot, counter or block)",
        )
    team = state.team(data["team"])
    if team.name != owed["team"]:
        raise RuleViolation(
            f"the free throws owed are {owed['team']}'s ({owed['hooper']}), not {team.name}'s"
        )
    if data.get("stat") is None:
        from companion.games.hoopers.rules.cards import MissingCard

        raise MissingCard(f"{owed['hooper']}'s 2PS is not known", owed["hooper"], "2ps", "--stat")
    shooter = team.hooper(owed["hooper"])
    rolls, made = shoot_free_throws(
        state, team.name, shooter, owed["count"], data["stat"], data.get("rolls", ()), rng
    )
    data.update(team=team.name, hooper=shooter.name, rolls=rolls)
    state.owed = None
    if owed.get("rebound") and made == 0:
        state.notes.append(REBOUND_NOTE)
    return {"made": made, "count": owed["count"], "hooper": shooter.name, "team": team.name}


# --- substitutions -------------------------------------------------------------------


def _sub(state: MatchState, data: dict[str, Any], rng: Any, draws: Draws) -> None:
    """'Coach Actions: Substitution': pairs of hoopers out and in, one coach token for all."""
    side = state.team(data["team"])
    pairs = data.get("pairs") or []
    if not pairs:
        raise MissingInput("a substitution names who goes out and who comes in (--out/--in)")
    done: list[list[str]] = []
    moving: set[str] = set()
    seconds = {side.hooper(n).name for n in data.get("second") or ()}
    free_pairs = 0
    for out_typed, in_typed in pairs:
        leaving = side.hooper(out_typed)
        entering = side.hooper(in_typed)
        _check_sub_pair(side, leaving, entering, moving)
        vacant = leaving.ejected or leaving.out
        reley = has_skill(entering, "reley")
        if vacant or reley:
            free_pairs += 1
        done.append([leaving.name, entering.name])
    stray = seconds - {entering for _, entering in done}
    if stray:
        raise BadInput(
            f"--second-position {', '.join(sorted(stray))}: only a hooper coming in (--in) "
            "takes a Position token here"
        )
    _pay_for_subs(state, side, free_pairs < len(done))
    for leaving_name, entering_name in done:
        _swap(state, side, side.hoopers[leaving_name], side.hoopers[entering_name], seconds)
    data.update(team=side.name, pairs=done)
    if seconds:
        data["second"] = sorted(seconds)
    else:
        data.pop("second", None)


def _check_sub_pair(side: Any, leaving: Any, entering: Any, moving: set[str]) -> None:
    """Refuse a pair that cannot swap: one hooper twice, or one who cannot come in or out."""
    if leaving.name == entering.name:
        raise BadInput(f"{leaving.name} cannot replace themself")
    for name in (leaving.name, entering.name):
        if name in moving:
            raise BadInput(f"{name} is named twice in this substitution")
        moving.add(name)
    if entering.ejected:
        raise HooperUnavailable(f"{entering.name} ({side.name}) is ejected and cannot come back in")
    if entering.out:
        raise HooperUnavailable(
            f"{entering.name} ({side.name}) is out of this game (injury marker 'out')"
        )
    if side.court is not None:
        if not side.on_court(leaving.name):
            raise BadInput(f"{leaving.name} ({side.name}) is on the bench, not on court")
        if side.on_court(entering.name):
            raise BadInput(f"{entering.name} ({side.name}) is already on court")


def _pay_for_subs(state: MatchState, side: Any, any_paid_pair: bool) -> None:
    """One coach action token for the turn's substitutions, unless they are free now."""
    paid = any_paid_pair and not side.subs_open
    if paid:
        if side.name != state.attacking or not state.turn_fresh:
            raise NotYourTurn(
                f"{side.name} can spend a coach action token on substitutions only at the "
                "beginning of its attacking turn",
                hint="free: after an ejection or an 'out' injury, for Reley Baton, after a "
                "timeout, or between periods",
            )
        from companion.games.hoopers.rules.match import spend_token

        spend_token(state, side)
        side.subs_open = True
        state.notes.append(
            f"{side.name} spends a coach action token on substitutions "
            f"({side.coach_tokens} left; more substitutions this turn are free)"
        )
    elif side.subs_open:
        state.notes.append("substitutions are free now (timeout, a new period, or already paid)")


def _swap(state: MatchState, side: Any, leaving: Any, entering: Any, seconds: set[str]) -> None:
    """One hooper out, one in: the court, the Onfire track, the bench's energy, the note."""
    why = []
    if leaving.ejected or leaving.out:
        why.append(f"{leaving.name}'s place is vacant")
    if has_skill(entering, "reley"):
        why.append(f"{entering.name} comes in without a coach action token")
    if side.court is not None:
        position = side.position_of(leaving.name)
        side.court[position] = entering.name
        where = f" on the {position} token"
        why += take_position(side, entering.name, position, seconds)
        side.out_of_position.discard(leaving.name)
    else:
        where = ""
    lost = "" if leaving.onfire == FLAT else f" (loses {leaving.onfire} on the Onfire track)"
    # "The hooper that now has become a benchwarmer immediately recovers one energy."
    back = recover(leaving, 1)
    if back:
        lost += f" (+{back} energy: {leaving.energy})"
    leaving.onfire = FLAT
    entering.onfire = FLAT
    state.notes.append(
        f"{entering.name} in{where} for {leaving.name}: {entering.name} starts on the flat "
        f"zone; {leaving.name} goes to the bench{lost} and recovers one energy"
        + (f" — {'; '.join(why)}" if why else "")
    )


# --- the Onfire track by hand -------------------------------------------------------


def _onfire(state: MatchState, data: dict[str, Any], rng: Any, draws: Draws) -> None:
    """One step on a hooper's Onfire track, for what the table decides (tribe power, skills)."""
    side = state.team(data["team"])
    hooper = side.hooper(data["hooper"])
    hooper.check_in_game(side.name, "move on the Onfire track")
    side.check_on_court(hooper, "move on the Onfire track")
    direction = match_prefix(data["direction"], words("onfire"), what="direction")
    data.update(team=side.name, hooper=hooper.name, direction=direction)
    step = "one step forward" if direction == "up" else "one step back"
    state.notes.append(f"{hooper.name} ({side.name}): {step} on the Onfire track")
    onfire(state, side.name, hooper, direction, draws)


MOVES = {
    "counter": _counter,
    "block": _block,
    "free-throw": _free_throw,
    "sub": _sub,
    "onfire": _onfire,
    "spend": spend_chip,
    "swap": swap_tokens,
    "upgrade": give_upgrade,
    "gameplan": take_gameplan,
    "gift": gift_move,
    "track": move_marker,
}

__all__ = ["BLOCKED_COUNTERS", "MOVES"]
