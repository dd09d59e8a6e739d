"""Which options each resolution takes, and why one given plays no part in it.

These are rules, not parsing: an undefended shot rolls no foul die and owes no free throws,
only a steal reads the dribbler's Position token, Manny Gentle's counter rolls no foul die,
Linda Siempre's skill works "when defending", Susan Peg's rebound is a lay-up with her V.
A face says which options its command has and which were typed (`Given`); an option typed
that plays no part is refused, naming the ones that do, rather than dropped silently.

Pure: values in, refusals and specs out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import field
from typing import Any

from companion.engine.errors import BadInput
from companion.engine.names import a_or_an, match_prefix
from companion.engine.values import dataclass
from companion.games.hoopers.rules.errors import NotAllowedHere


@dataclass(frozen=True)
class Given:
    """A command's options: each one's flag by its name (in the command's order), the names
    typed (a flag set, a value not the default), and every value (arguments too)."""

    flags: Mapping[str, str]
    typed: frozenset[str]
    values: Mapping[str, Any] = field(default_factory=dict)

    def __getitem__(self, name: str) -> Any:
        return self.values.get(name)


def refuse_unused(
    given: Given, applies: Iterable[str], to: str, because: Mapping[str, str] | str = ""
) -> None:
    """Refuse the options typed that play no part in `to`, naming the ones that do.
    --json and --seed always apply. `because` says why: one reason, or one per option."""
    allowed = {*applies, "json", "seed"}
    extra = [name for name in given.flags if name not in allowed and name in given.typed]
    if not extra:
        return
    reasons = [because] if isinstance(because, str) else [because.get(n, "") for n in extra]
    why = "; ".join(dict.fromkeys(r for r in reasons if r))
    takes = [flag for name, flag in given.flags.items() if name in allowed - {"json", "seed"}]
    verb = "does" if len(extra) == 1 else "do"
    these = f"it takes {', '.join(takes)}" if takes else "it takes no other option"
    raise BadInput(
        f"{', '.join(given.flags[n] for n in extra)} {verb} not apply to {to}"
        f"{f' ({why})' if why else ''}; {these}"
    )


# --- shots -------------------------------------------------------------------------------

SHOT_UNDEFENDED = ("stat", "bonus", "defense", "roll")
SHOT_DEFENDED = (
    *SHOT_UNDEFENDED,
    *("face", "ft_stat", "ft_roll", "away", "flagrant_whistle", "no_foul_bonus", "linda"),
)
NO_DEFENSE = "without --defense the shot is undefended: no defender, no foul die, no free throws"
NO_FOUL_DIE = "--no-foul-die: no foul die, so no foul"
TARGET_ALONE = "--target N is the chance of one d20 roll and takes no kind"
POSITION_STEAL = "only a steal reads the dribbler's Position token"


def refuse_for_shot(
    given: Given,
    name: str,
    defense: int | None,
    to: str = "",
    also: Iterable[str] = (),
    defended: Iterable[str] = (),
) -> None:
    """Refuse what a shot of kind `name` does not use: without --defense, anything about the
    foul die and free throws. `also` are more options the command always takes, `defended`
    more it takes with --defense."""
    if defense is None:
        because = dict.fromkeys((*SHOT_DEFENDED, *defended), NO_DEFENSE)
        because["target"] = TARGET_ALONE
        applies = (*SHOT_UNDEFENDED, *also)
        refuse_unused(given, applies, f"{to}{a_or_an(f'undefended {name}')}", because)
    else:
        applies = (*SHOT_DEFENDED, *also, *defended)
        refuse_unused(given, applies, f"{to}{name}", {"target": TARGET_ALONE})


def shot_given(given: Given, kind: str) -> Any:
    """A stateless shot's spec from its options, the ones it does not use refused."""
    refuse_for_shot(given, kind, given["defense"])
    return shot_spec(given, kind)


def shot_spec(given: Given, kind: str) -> Any:
    """The ShotSpec of a stateless shot (or its odds) from the options given."""
    from companion.games.hoopers.rules.shots import ShotSpec

    if given["linda"] and given["defense"] is None:
        raise NotAllowedHere("--linda: Linda Siempre's skill works when defending (give --defense)")
    return ShotSpec(
        kind=kind,
        stat=given["stat"],
        bonuses=tuple(given["bonus"] or ()),
        defense=given["defense"],
        ft_stat=given["ft_stat"],
        away=bool(given["away"]),
        flagrant_whistle=bool(given["flagrant_whistle"]),
        no_foul_bonus=bool(given["no_foul_bonus"]),
        linda=bool(given["linda"]),
    )


def unused_roll(outcome: Any, roll: int | None) -> list[str]:
    """Say why the table's --roll played no part, rather than dropping it silently."""
    if roll is None or outcome.roll is not None:
        return []
    if outcome.charging:
        why = "charging foul by the attacker, so no shot"
    elif outcome.flagrant:
        why = "flagrant foul, so no shot; two free throws (--ft-roll)"
    elif outcome.auto:
        why = f"target {outcome.target} ≥ 100 scores without a roll"
    else:
        why = "no shot roll was needed"
    return [f"--roll {roll} not used: {why}"]


def match_shot_data(given: Given, shot: str, face: str | None, roll: int | None) -> dict[str, Any]:
    """A tracked shot's event data from the options given, with the dice the table rolled
    (the table fills a missing --stat, and the defence from the defender's card, inside
    the move's transaction)."""
    defense, defender = given["defense"], given["defender"]
    # A --defender alone takes the defence from the defender's card (`hoopers card`).
    defended = defense if defense is not None or defender is None else 0
    refuse_for_shot(
        given, shot, defended, also=("hooper", "gift"),
        defended=("defender", "defense_card", "perry", "perry_half", "perry_help"),
    )  # fmt: skip
    spec = {
        "kind": shot,
        "stat": given["stat"],
        "bonuses": list(given["bonus"] or ()),
        "defense": defense,
        "ft_stat": given["ft_stat"],
        "flagrant_whistle": bool(given["flagrant_whistle"]),
        "no_foul_bonus": bool(given["no_foul_bonus"]),
    }
    if given["defense_card"] is not None:
        from companion.games.hoopers.rules.shots import DEFENSE_FOR

        cards = list(DEFENSE_FOR.values())
        spec["defense_card"] = match_prefix(given["defense_card"], cards, what="defence card")
    data = {"defender": defender, "spec": spec, "face": face, "roll": roll,
            "ft_rolls": list(given["ft_roll"] or ())}  # fmt: skip
    if given["perry"] is not None or given["perry_help"]:
        # Not typed: his card's stat, and the half from his flags (the table's card_fill).
        data["perry"] = {"stat": given["perry"], "half": True if given["perry_half"] else None}
    elif given["perry_half"]:
        raise BadInput("--perry-half halves Perry Hel's help: give --perry N or --perry-help")
    if given["gift"]:
        data["gift"] = given["gift"]
    return data


# --- counters and blocks -----------------------------------------------------------------

COUNTER = ("o", "v", "face", "roll", "team_fouls", "no_foul_die", "flagrant_whistle")
SUSAN_PEG = ("v", "face", "roll", "team_fouls", "susan_peg")


def refuse_for_counter(given: Given, name: str) -> None:
    """Refuse what the counter does not use: --position off a steal, the foul die's options
    under --no-foul-die, what Susan Peg's rebound does not read."""
    if given["susan_peg"]:
        if name != "rebound" or given["no_foul_die"]:
            raise BadInput("--susan-peg is Susan Peg's offensive rebound: 'counter rebound --v N'")
        refuse_unused(given, SUSAN_PEG, "Susan Peg's rebound", "she lays up with her V")
        return
    applies = [*COUNTER, *(("position",) if name == "steal" else ())]
    because = {"position": POSITION_STEAL}
    if name == "rebound":
        applies.remove("flagrant_whistle")
        because["flagrant_whistle"] = (
            "the offensive rebound is the attacker's own counter, not one against the "
            "Unleashed card"
        )
    if given["no_foul_die"]:
        for option in ("face", "team_fouls", "flagrant_whistle"):
            if option in applies:
                applies.remove(option)
            because[option] = NO_FOUL_DIE
    refuse_unused(given, applies, a_or_an(name), because)


def counter_stat(name: str, stat: int | None, o: int | None, v: int | None) -> tuple[Any, Any]:
    """(O, V) with `--stat N`, the name a shot uses, as the stat the counter reads: an
    intercept reads O, a rebound V; a steal's depends on the dribbler's Position token, so
    it says which to give."""
    if stat is None:
        return o, v
    reads = {"intercept": "o", "rebound": "v"}.get(name)
    if reads is None:
        raise BadInput(
            "a steal reads the O-stat against a PG or SG, the V-stat against a PF or C, the "
            "worse of the two against an SF: give --o N or --v N (both against an SF)"
        )
    if (o if reads == "o" else v) is not None:
        raise BadInput(f"--stat and --{reads}: one or the other ({a_or_an(name)} reads --{reads})")
    return (stat, v) if reads == "o" else (o, stat)


def counter_given(given: Given, name: str) -> Given:
    """A stateless counter's options: `--stat` read as the stat it reads (`counter_stat`),
    those it does not use refused (`refuse_for_counter`)."""
    from dataclasses import replace

    o, v = counter_stat(name, given["stat"], given["o"], given["v"])
    given = replace(given, values={**given.values, "o": o, "v": v})
    refuse_for_counter(given, name)
    return given


def counter_outcome(given: Given, name: str, face: str | None, roll: int | None, rng: Any) -> Any:
    """A stateless counter resolved from its options (`counter_given`'s): Susan Peg's
    rebound (--susan-peg) is her undefended lay-up with her V, any other the counter's."""
    if given["susan_peg"]:
        from companion.games.hoopers.rules.susan_peg import resolve_susan_peg_rebound

        fouls = given["team_fouls"]
        return resolve_susan_peg_rebound(
            given["v"], face=face, roll=roll, team_fouls=fouls, rng=rng
        )
    from companion.games.hoopers.rules.counters import resolve_counter

    return resolve_counter(counter_spec(given, name), face=face, roll=roll, rng=rng)


def counter_spec(given: Given, name: str) -> Any:
    from companion.games.hoopers.rules.counters import CounterSpec, parse_position

    position = given["position"]
    return CounterSpec(
        kind=name,
        o=given["o"],
        v=given["v"],
        position=None if position is None else parse_position(position),
        team_fouls=given["team_fouls"] or 0,
        no_foul_die=bool(given["no_foul_die"]),
        flagrant_whistle=bool(given["flagrant_whistle"]),
    )


def refuse_for_match_counter(given: Given, name: str) -> None:
    """--position is a steal's, --against a steal's or intercept's, --fouled a rebound's."""
    common = ("hooper", "o", "v", "face", "roll", "flagrant_whistle", "ft_stat", "ft_roll")
    applies = {
        "steal": (*common, "against", "position"),
        "intercept": (*common, "against"),
        "rebound": (*common, "fouled"),
    }[name]
    because = {
        "position": POSITION_STEAL,
        "against": "a rebound counters no hooper's fundamental",
        "fouled": "only an offensive foul on a rebound lets the defence pick who is fouled",
    }
    refuse_unused(given, applies, a_or_an(name), because)


def match_counter_data(given: Given, hooper: str | None) -> dict[str, Any]:
    """A tracked counter's event data from the options given (`hooper` named either way):
    the ones it does not use refused, `--stat` read as the stat it reads, then the dice the
    table rolled checked (the table names the hoopers inside the move's transaction)."""
    from companion.games.hoopers.rules.counters import parse_counter
    from companion.games.hoopers.rules.dice import parse_d8, parse_d20

    name = parse_counter(given["kind"])
    refuse_for_match_counter(given, name)
    o, v = counter_stat(name, given["stat"], given["o"], given["v"])
    face, roll = given["face"], given["roll"]
    return {
        "team": given["team"],
        "kind": given["kind"],
        "hooper": hooper,
        "against": given["against"],
        "o": o,
        "v": v,
        "position": given["position"],
        "face": None if face is None else parse_d8(face),
        "roll": None if roll is None else parse_d20(roll),
        "flagrant_whistle": given["flagrant_whistle"],
        "fouled": given["fouled"],
        "ft_stat": given["ft_stat"],
        "ft_rolls": list(given["ft_roll"] or ()),
    }


def block_given(given: Given) -> dict[str, Any]:
    """A stateless block's options as `resolve_block` takes them (but its face and dice),
    refusing the ones left without a part: free throws need --against (what was blocked),
    team fouls a blocked counter."""
    from companion.games.hoopers.rules.blocks import BLOCK_AGAINST, BLOCKED_COUNTERS

    against = given["against"]
    blocked = None if against is None else match_prefix(against, BLOCK_AGAINST, "--against")
    applies = ["face", "against", "keepers_block", "linda"]
    if blocked is None:
        because = "without --against nothing says what was blocked, so no free throws"
    else:
        applies += ["ft_stat", "ft_roll", "away"]
        because = "a blocked shot's free throws do not depend on team fouls"
        if blocked in BLOCKED_COUNTERS:
            applies.append("team_fouls")
    refuse_unused(given, applies, "this block", because)
    same = ("keepers_block", "linda", "ft_stat", "away", "team_fouls")
    return {"against": blocked, "ft_rolls": given["ft_roll"] or (), **{n: given[n] for n in same}}


# --- a tracked match's playbook ----------------------------------------------------------


def playbook_data(
    reward: str, name: str | None, f2: str | None, pick: str | None, chip: bool
) -> dict[str, Any]:
    """A playbook move's data besides its team: declared after F1 (use NAME; --chip: an
    Onfire LV.1 chip lies on its card), renounced (drop NAME), or its reward once scored."""
    verb = reward.strip().lower()
    if chip and verb != "use":
        raise BadInput("--chip marks the playbook declared: 'playbook TEAM use NAME --chip'")
    if verb == "drop" and name is None:
        raise BadInput("which playbook does the team renounce? ('drop NAME')")
    if verb in ("use", "drop"):
        held = {"chip": True} if chip else {}
        return {verb: name if name is not None else "", **held}
    if name is not None:
        raise BadInput(f"a playbook's reward takes no name (got '{name}')")
    data = {"reward": reward, "f2": f2, "pick": pick}
    return {k: v for k, v in data.items() if v is not None}


# --- odds ----------------------------------------------------------------------------------


def odds_of(given: Given, face: str | None) -> tuple[Any, str]:
    """(the exact odds, their title) of what `odds` was asked: a shot, a counter (its chance
    of success), or one d20 roll (--target)."""
    from companion.games.hoopers.rules import odds as calc
    from companion.games.hoopers.rules.counters import COUNTER_KINDS
    from companion.games.hoopers.rules.shots import SHOT_KINDS

    kind, target = given["kind"], given["target"]
    if kind is None:
        if target is None:
            raise BadInput("give a shot or counter kind, or --target N")
        why = "one d20 roll: the others go with a shot or counter"
        refuse_unused(given, ("target",), "odds --target N", why)
        return calc.target_odds(target), f"roll ≤ {target}"
    name = match_prefix(kind, (*SHOT_KINDS, *COUNTER_KINDS), what="shot or counter")
    if name in SHOT_KINDS:
        refuse_for_shot(given, name, given["defense"], "odds for ")
        if given["stat"] is None:
            raise BadInput(f"odds for {name} need --stat")
        return calc.shot_odds(shot_spec(given, name), face), name
    if given["linda"]:
        raise BadInput(
            "--linda applies to a block or a defence (d2, d3, dlu), not to "
            f"{name}: Linda Siempre's skill works 'when defending'"
        )
    # P(success) only: what decides fouls and free throws plays no part.
    counts = "the odds of a counter are its chance of success; free throws are not counted"
    applies = ["o", "v", "no_foul_die", *(("position",) if name == "steal" else ())]
    refuse_unused(
        given,
        applies if given["no_foul_die"] else [*applies, "face"],
        f"odds for {a_or_an(name)}",
        {
            "target": TARGET_ALONE,
            "position": POSITION_STEAL,
            "team_fouls": counts,
            "flagrant_whistle": counts,
            "face": NO_FOUL_DIE,
        },  # fmt: skip
    )
    return calc.counter_odds(counter_spec(given, name), face), name
