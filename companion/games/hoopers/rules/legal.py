"""The moves a player might try now in a tracked match: the candidates of the legal-moves
query (`companion.engine.moves`), for `MatchRules.moves`.

Nothing here decides what is legal: the query tries each candidate with the match's own
`apply` (the Turn Sequence's `phase.check`, the ball's `ball.check_attacker` and
`ball.check_counter`, each handler's own checks) and keeps the ones it accepts; the others
carry the rule's words. So the candidates are what a player decides at the table, the
legal ones and the natural wrong ones alike (the passer as shooter, a steal against a pass):

- the attacking side: each hooper on court's fundamentals (dribble, pass, screen) and
  shots (2PS, 3PS, lay-up), the offensive rebound (F3), attacking again after a won
  rebound, a timeout, and substitutions for a place left empty or for a coach token;
- the defending side: a steal or an intercept by each of its hoopers on court against
  each recorded fundamental not answered yet (both kinds: one of them is the wrong one),
  a block, the Unleashed power once the ball is won back, and a timeout (which is not
  theirs);
- the free throws owed, and last the turn token (the table's own move, listed last as
  the Turn Sequence ends with it: the first thing a phone offers is a play).

A defence is part of the attacker's shot (`--defender`, as the table records it), so it
is not a move of its own here. Bookkeeping moves (points by hand, injuries, Onfire steps,
chips, energy, playbooks, the Series track) are the table's word on what happened and
are left out (docs/hoopers.md, 'What may I do now').

A number read off a card (a shot's stat, a counter's O and V, the free throws' 2PS) is
asked (`Ask`), with the number the match last used for that hooper as its default; a
number the match does not know yet has no default — the player gives it (a page's field
starts empty, a command says N) — and the query tries the move with `PROBE_STAT`, never
recorded: legality never depends on the number, and a made-up number is never filed.

Pure: no I/O.
"""

from __future__ import annotations

from typing import Any

from companion.engine.moves import Ask, Move
from companion.engine.names import possessive
from companion.games.hoopers.data import words

SHOT_KINDS = words("shots")
FUNDAMENTALS = words("fundamentals")
COUNTERS = words("fundamental_counters")
PROBE_STAT = 50  # the number a move is tried with when the match knows none
SHOT_WORDS = {"2ps": "a 2PS", "3ps": "a 3PS", "lup": "a lay-up"}
FUNDAMENTAL_WORDS = {"dribble": "dribbles", "pass": "passes", "screen": "screens"}


def stat_ask(name: str, label: str, default: int | None) -> Ask:
    return Ask(
        name,
        label,
        number=True,
        low=0,
        high=100,
        default=default,
        sample=PROBE_STAT if default is None else None,
    )


def fundamental_move(team: str, hooper: str, kind: str) -> Move:
    return Move(
        "fundamental",
        team,
        {"team": team, "hooper": hooper, "kind": kind},
        f"{hooper} {FUNDAMENTAL_WORDS[kind]}",
    )


def shot_move(team: str, hooper: str, kind: str, stat: int | None = None) -> Move:
    """`hooper`'s undefended shot of `kind` (the defender, when one defends, is the shot's
    `--defender`); the stat is asked ('stat', put in the shot's spec by `apply`)."""
    return Move(
        "shot",
        team,
        {"team": team, "hooper": hooper, "spec": {"kind": kind}},
        f"{hooper} shoots {SHOT_WORDS[kind]}",
        (stat_ask("stat", f"{possessive(hooper)} {kind.upper()}", stat),),
    )


def counter_move(
    team: str, hooper: str, kind: str, against: str | None = None, stats: dict | None = None
) -> Move:
    """A steal or intercept by `hooper` against `against`'s fundamental, or (`against`
    None) an offensive rebound; the card's O and V are asked."""
    what = {"team": team, "kind": kind, "hooper": hooper}
    if kind == "rebound":
        label = f"{hooper} takes the offensive rebound"
    else:
        what["against"] = against
        label = (
            f"{hooper} steals {possessive(against)} dribble"
            if kind == "steal"
            else f"{hooper} intercepts {possessive(against)} pass"
        )
    # Both stats: the foul die's jump ball decides with the other one.
    asks = (
        stat_ask("o", f"{possessive(hooper)} O", (stats or {}).get("o")),
        stat_ask("v", f"{possessive(hooper)} V", (stats or {}).get("v")),
    )
    return Move("counter", team, what, label, asks)


def timeout_move(team: str) -> Move:
    return Move("timeout", team, {"team": team}, f"{team} calls a timeout")


def turn_move(again: bool = False, power: bool = False, who: str | None = None) -> Move:
    if power:
        return Move("turn", who, {"again": False, "power": True}, f"{who}: the Unleashed power")
    if again:
        return Move("turn", who, {"again": True}, f"{who} attacks again (the rebound)")
    return Move("turn", None, {"again": False}, "the turn token moves")


def candidates(state: Any) -> list[Move]:
    """Every move a player might try now (see the module's docstring)."""
    if state.draft is not None and not state.draft.done:
        from companion.games.hoopers.rules.draft import draft_moves

        return draft_moves(state)  # a Draft match drafts its teams first
    attacking = state.attacking
    if attacking is None:
        return []
    defending = state.other(attacking)
    moves: list[Move] = []
    owed = state.owed
    if owed:
        team = owed["team"]
        label = f"{owed['hooper']} shoots the free throws"
        ask = stat_ask(
            "stat", f"{possessive(owed['hooper'])} 2PS", _known(state, team, owed["hooper"], "2ps")
        )
        moves.append(Move("free-throw", team, {"team": team}, label, (ask,)))
    moves += _vacancies(state)
    attackers = _on_court(state, attacking)
    for hooper in attackers:
        moves += [fundamental_move(attacking, hooper, kind) for kind in FUNDAMENTALS]
    for hooper in attackers:
        moves += [
            shot_move(attacking, hooper, kind, _known(state, attacking, hooper, kind))
            for kind in SHOT_KINDS
        ]
    moves += _counters(state, attacking, defending)
    for hooper in attackers:
        moves.append(
            counter_move(attacking, hooper, "rebound", stats=_stats(state, attacking, hooper))
        )
    moves.append(turn_move(again=True, who=attacking))
    moves.append(turn_move(power=True, who=defending))
    moves += _blocks(state, attacking, defending)
    moves += [timeout_move(team) for team in (attacking, defending)]
    moves += _substitutions(state, attacking)
    # Last, as in the Turn Sequence: a phone's first button is a play, never the end of
    # the turn (a thumb's slip would move the token for both sides).
    moves.append(turn_move())
    return moves


def _on_court(state: Any, team: str) -> list[str]:
    side = state.teams[team]
    return [
        h.name
        for h in side.hoopers.values()
        if side.on_court(h.name) and not h.ejected and not h.out
    ]


def _known(state: Any, team: str, hooper: str, stat: str) -> int | None:
    return (getattr(state, "stats", None) or {}).get((team, hooper, stat))


def _stats(state: Any, team: str, hooper: str) -> dict[str, int | None]:
    return {s: _known(state, team, hooper, s) for s in ("o", "v")}


def _counters(state: Any, attacking: str, defending: str) -> list[Move]:
    """Both counters against each fundamental recorded and not answered yet."""
    open_ = [
        f
        for f in state.fundamentals
        if f["team"] == attacking and not f.get("countered") and f["kind"] != "screen"
    ]
    against = list(dict.fromkeys(f["hooper"] for f in open_))
    moves = []
    for name in against:
        for hooper in _on_court(state, defending):
            stats = _stats(state, defending, hooper)
            moves += [counter_move(defending, hooper, kind, name, stats) for kind in COUNTERS]
    return moves


def _blocks(state: Any, attacking: str, defending: str) -> list[Move]:
    """A block on a shot by each defending hooper holding a chip (or by a Keepers side,
    its tribe power); what is blocked and who are asked."""
    side = state.teams[defending]
    shooters = _on_court(state, attacking)
    if not shooters:
        return []
    keepers = side.tribe in (None, "keepers")
    moves = []
    for hooper in _on_court(state, defending):
        chips = side.hoopers[hooper].chips
        has_chip = chips.get("lv1", 0) + chips.get("lv2", 0) > 0
        if not has_chip and not keepers:
            continue
        what: dict[str, Any] = {"team": defending, "hooper": hooper}
        if not has_chip:
            what["keepers_block"] = True
        asks = (
            Ask("attacker", "the hooper blocked", tuple(shooters), default=shooters[0]),
            Ask("against", "what is blocked", SHOT_KINDS, default="2ps"),
        )
        moves.append(Move("block", defending, what, f"{hooper} blocks", asks))
    return moves


def _vacancies(state: Any) -> list[Move]:
    """A benchwarmer for a place an ejection or an 'out' injury left empty."""
    from companion.games.hoopers.rules.vacancy import vacancies

    moves = []
    for vacancy in vacancies(state):
        for entering in vacancy.bench:
            pairs = [[vacancy.hooper, entering]]
            label = f"{entering} comes in for {vacancy.hooper}"
            moves.append(Move("sub", vacancy.team, {"team": vacancy.team, "pairs": pairs}, label))
    return moves


def _substitutions(state: Any, attacking: str) -> list[Move]:
    """'Coach Actions: Substitution' at the beginning of the attacking turn: each hooper on
    court for each benchwarmer (a line-up is known)."""
    side = state.teams[attacking]
    if side.court is None or not state.phase.fresh:
        return []
    moves = []
    for leaving in _on_court(state, attacking):
        for entering in side.bench:
            hooper = side.hoopers[entering]
            if hooper.ejected or hooper.out:
                continue
            pairs = [[leaving, entering]]
            label = f"{entering} comes in for {leaving}"
            moves.append(Move("sub", attacking, {"team": attacking, "pairs": pairs}, label))
    return moves


def in_words(answer: Any) -> str:
    """The moves the query offers, said by kind in the Turn Sequence's order (the end of a
    refusal: 'legal now: …'), never move by move."""
    moves = answer.moves
    if not moves:
        return "nothing: the match is over (end it)"
    by_kind: dict[str, list[Move]] = {}
    for move in moves:
        by_kind.setdefault(move.kind, []).append(move)
    parts = []
    for move in by_kind.get("free-throw", ()):
        parts.append(f"'match free-throw {move.who} --stat 2PS'")
    coach = [w for k, w in (("timeout", "a timeout"), ("sub", "substitutions")) if k in by_kind]
    if coach:
        parts.append(" or ".join(coach) + " (coach actions)")
    if "fundamental" in by_kind:
        parts.append("a fundamental")
    play = [w for k, w in (("shot", "a shot"), ("block", "block")) if k in by_kind]
    if play:
        parts.append(" or ".join(play) if len(play) > 1 else play[0].replace("block", "a block"))
    counters = [m for m in by_kind.get("counter", ()) if m.what.get("kind") != "rebound"]
    if counters:
        kinds = "|".join(dict.fromkeys(str(m.what["kind"]) for m in counters))
        parts.append(f"'match counter {counters[0].who} {kinds}'")
    rebounds = [m for m in by_kind.get("counter", ()) if m.what.get("kind") == "rebound"]
    if rebounds:
        parts.append(f"'match counter {rebounds[0].who} rebound' (F3)")
    for move in by_kind.get("turn", ()):
        if move.what.get("power"):
            parts.append(f"'match turn --power' ({possessive(move.who)} Unleashed power)")
        elif move.what.get("again"):
            parts.append("'match turn --again' (attack again)")
    if any(not (m.what.get("power") or m.what.get("again")) for m in by_kind.get("turn", ())):
        alone = not parts or all("--power" in p for p in parts)
        parts.append("only 'match turn' (the turn token moves)" if alone else "'match turn'")
        if alone:
            parts.insert(0, parts.pop())
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + ", or " + parts[-1]


def refusal(why: str, answer: Any) -> str:
    """A refused move's words as every face says them: the rule, then what is legal now
    (unless the rule already says who may, or what is legal)."""
    if says_legal(why):
        return why
    picks = [m for m in answer.moves if m.kind == "pick"]
    if picks:  # a Draft match's draft: one chooser, the cards on the table
        verb = "discard" if picks[0].what.get("discard") else "pick"
        return f"{why}; legal now: 'match {verb} {picks[0].who} CARD'"
    return f"{why}; legal now: {in_words(answer)}"


def says_legal(why: str) -> bool:
    """Whether a refusal says already what is legal (or who may)."""
    return "legal now:" in why or "who may" in why
