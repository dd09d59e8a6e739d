"""Playing a series game as a tracked hoopers match: the Series rules as match options.

Pure: builds what `companion.games.hoopers.rules.match.new_match` takes, and reads a
finished match's result back as a `GameReport`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.engine.errors import BadInput
from companion.engine.names import match_prefix
from companion.games.hoopers.rules.series import Chips, GameReport, Series
from companion.games.hoopers.rules.series_report import NextGame
from companion.games.hoopers.rules.series_rules import SeriesRules
from companion.games.hoopers.rules.series_upgrades import sleeved
from companion.games.hoopers.rules.susan_peg import SUSAN_PEG

HOT_FIRST_STEP = "orange"  # the first space right of flat on the Onfire track
COLD_FIRST_STEP = "light-blue"  # the first space left of flat


@dataclass(frozen=True)
class SeriesMatchPlan:
    """Options and opening events for the tracked match of game `number`."""

    number: int
    home: str
    away: str
    rosters: Mapping[str, tuple[str, ...]]
    options: Mapping[str, Any]  # keyword arguments for new_match
    extra_options: Mapping[str, Any]  # stored with the match so history knows its series
    carried_events: tuple[dict[str, Any], ...]  # injury cubes carried from the last game
    left_out: Mapping[str, tuple[str, ...]]  # ejected last game: not in the line-up
    unmatched: tuple[str, ...] = ()  # carried-over names not in the roster, as TRIBE:HOOPER
    # tribe -> the match's team name: who manages it (a series played by people), else the
    # tribe. `options` and `carried_events` name the teams; the other fields name tribes.
    sides: Mapping[str, str] = field(default_factory=dict)

    def side(self, tribe: str) -> str:
        return self.sides.get(tribe, tribe)


def _pick(names: Sequence[str], roster: Sequence[str], count: int, team: str, side: str):
    chosen = [match_prefix(n, roster, what=f"hooper of {team}") for n in names]
    if len(set(chosen)) != count:
        raise BadInput(
            f"{side} needs {count} different hoopers of {team} (got {', '.join(names) or 'none'})"
        )
    return chosen


def choose_seven(
    tribe: str, seven: Sequence[str], line_up: Sequence[str], left_out: Sequence[str]
) -> list[str]:
    """ "Choose the new seven hoopers for the next game (respect the points 5) and 6)":
    "Select seven out of ten hoopers"; "The ejected hoopers ... cannot take part in the
    very next game"; Susan Peg "becomes deployable in his/her seven-hoopers line-up"."""
    from companion.games.hoopers.rules.match import TEAM_SIZE

    chosen = []
    for typed in seven:
        name = match_prefix(typed, [*line_up, *left_out], what=f"hooper of {tribe}")
        if name in left_out:
            raise BadInput(
                f"{name} ({tribe}) was ejected last game and cannot take part in this one",
                hint=f"choose seven of: {', '.join(line_up)}",
            )
        if name in chosen:
            raise BadInput(f"{tribe}'s seven names {name} twice")
        chosen.append(name)
    if len(chosen) != TEAM_SIZE:
        raise BadInput(
            f"{tribe}'s line-up is seven hoopers (\"Choose the new seven hoopers for the next "
            f'game"), not {len(chosen)}'
        )
    return chosen


def _on_court(tribe: str, five: Sequence[str], seven: Sequence[str], onfire: Sequence[str]):
    """The hoopers whose Position tokens start on the hot or cold step stand on court."""
    named = {match_prefix(t.partition("=")[0].strip(), seven, what=f"hooper of {tribe}")
             for t in five}  # fmt: skip
    off = [h for h in onfire if h not in named]
    if off:
        raise BadInput(
            f"{', '.join(off)} ({tribe}) on the bench: the Position tokens on the hot or cold "
            "step belong to hoopers on court",
            hint="choose --hot/--cold among the five on court",
        )


def _line_ups(
    series: Series, setup: Any, rosters: Mapping[str, Sequence[str]]
) -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
    """Each tribe's hoopers for the game (ejected ones out, Susan Peg in with the tribe she
    favours), and those who sit out."""
    line_ups: dict[str, tuple[str, ...]] = {}
    left_out: dict[str, tuple[str, ...]] = {}
    for tribe in series.tribes:
        out = {h.casefold() for h in setup.sits_out.get(tribe, ())}
        roster = [h for h in rosters[tribe] if h.casefold() not in out]
        left_out[tribe] = tuple(h for h in rosters[tribe] if h.casefold() in out)
        if setup.susan_peg == tribe and SUSAN_PEG.casefold() not in map(str.casefold, roster):
            roster.append(SUSAN_PEG)
        line_ups[tribe] = tuple(roster)
    return line_ups, left_out


def _carried_injuries(
    series: Series,
    rules: SeriesRules,
    setup: Any,
    rosters: Mapping[str, Sequence[str]],
    line_ups: Mapping[str, Sequence[str]],
) -> tuple[list[dict[str, Any]], list[str]]:
    """The injury cubes injured hoopers start with (as events), and the hoopers the setup
    names that the rosters do not hold."""
    carried: list[dict[str, Any]] = []
    unmatched = [
        f"{tribe}:{hooper}"
        for tribe, hoopers in setup.sits_out.items()
        for hooper in hoopers
        if hooper.casefold() not in map(str.casefold, rosters[tribe])
    ]
    for tribe, hoopers in setup.starts_injured.items():
        for hooper in hoopers:
            if hooper.casefold() not in map(str.casefold, line_ups[tribe]):
                unmatched.append(f"{tribe}:{hooper}")
                continue
            carried += [
                {
                    "type": "injure",
                    "data": {"team": series.side(tribe), "hooper": hooper, "carried": True},
                }
            ] * rules.injury_cubes_next_game
    return carried, unmatched


def _upgrades(series: Series, line_ups: Mapping[str, Sequence[str]]) -> dict[str, Any]:
    """The upgrade cards sleeved in earlier games, by side, for the hoopers who play."""
    upgrades = {
        tribe: {h: card for h, card in cards.items() if h in line_ups[tribe]}
        for tribe, cards in sleeved(series.games, series.stars).items()
        if tribe in line_ups
    }
    return {series.side(tribe): cards for tribe, cards in upgrades.items() if cards}


def plan_series_match(
    series: Series,
    rules: SeriesRules,
    rosters: Mapping[str, Sequence[str]],
    hot: Sequence[str],
    cold: Sequence[str],
    sevens: Mapping[str, Sequence[str]] | None = None,
    fives: Mapping[str, Sequence[str]] | None = None,
) -> SeriesMatchPlan:
    """The next game's match with "Prepare The Series" applied.

    Home: three chosen hoopers start on the first hot step and the tribe has
    nine coach tokens. Away: two chosen hoopers start on the first cold step and
    free throws use the basic 2PS. No period milestones are handed out during
    the game (the Series counts period winners in the Reward Phase). Ejected
    hoopers sit out, injured ones start with two injury cubes, and Susan Peg
    joins the tribe she favours.
    """
    from companion.games.hoopers.rules.series_errors import SeriesDecided

    number = series.next_game(rules)
    if number is None:
        raise SeriesDecided(f"series {series.id} has no next game ({series.status})")
    setup = series.setup_for(number, rules)
    line_ups, left_out = _line_ups(series, setup, rosters)
    sevens = {t: list(n) for t, n in (sevens or {}).items() if n}
    fives = {t: list(n) for t, n in (fives or {}).items() if n}
    for tribe, seven in sevens.items():
        line_ups[tribe] = tuple(choose_seven(tribe, seven, line_ups[tribe], left_out[tribe]))
    home, away = setup.home, setup.away
    side = series.side
    hot_start = _pick(hot, line_ups[home], rules.home_hot_zone_hoopers, home, "--hot")
    cold_start = _pick(cold, line_ups[away], rules.away_cold_zone_hoopers, away, "--cold")
    for tribe, five in fives.items():
        if tribe not in sevens:
            raise BadInput(
                f"{tribe}'s five on court come with its seven: give --seven '{tribe}:A,B,...'"
            )
        _on_court(tribe, five, line_ups[tribe], hot_start if tribe == home else cold_start)
    carried, unmatched = _carried_injuries(series, rules, setup, rosters, line_ups)
    upgrades = _upgrades(series, line_ups)
    roles = series.roles()
    return SeriesMatchPlan(
        number=number,
        home=home,
        away=away,
        rosters=line_ups,
        options={
            "rosters": {side(t): list(r) for t, r in line_ups.items()},
            "variant": "classic",
            # "Follow the setup explained at page 11 but do not consider the steps
            # 9) 10)": no period milestone markers nor their upgrade cards; the
            # Series' own markers become chips in the Reward Phase instead.
            "milestones": "off",
            "coach_tokens": {side(home): rules.home_coach_tokens},
            "away_free_throw_bonus": rules.away_free_throw_bonus > 0,
            "onfire_start": {
                side(home): dict.fromkeys(hot_start, HOT_FIRST_STEP),
                side(away): dict.fromkeys(cold_start, COLD_FIRST_STEP),
            },
            **({"sevens": {side(t): list(line_ups[t]) for t in sevens}} if sevens else {}),
            **({"fives": {side(t): f for t, f in fives.items()}} if fives else {}),
        },
        extra_options={
            "series": series.id,
            "game_number": number,
            # The Series' score as this game starts (the room's board says it).
            "series_score": {side(t): n for t, n in series.wins_before(number).items()},
            # The hooper upgrades sleeved in earlier games: their energy starts the tracks.
            **({"upgrades": upgrades} if upgrades else {}),
            # Who played which tribe (history files the people, each with the tribe as role).
            **({"roles": roles} if roles else {}),
        },
        carried_events=tuple(carried),
        left_out=left_out,
        unmatched=tuple(unmatched),
        sides={t: side(t) for t in series.tribes},
    )


def report_from_match(
    series: Series,
    match: Mapping[str, Any],
    teams: Mapping[str, Iterable[Any]] | None = None,
    rules: SeriesRules | None = None,
) -> GameReport:
    """A finished tracked match's result as the series' next game.

    `teams` maps each tribe to its hoopers' final states (objects with `name`,
    `ejected`, `injuries` and `chips`), when the match log could be folded:
    ejections, injury markers and unspent chips then carry over by themselves.
    """
    result = match.get("result") or {}
    order = list(match["players"])  # period pairs are in the match's team order
    first, second = (order.index(t) for t in sides_of(series, match))
    periods = tuple((pair[first], pair[second]) for pair in result.get("periods", []))
    ejected: dict[str, tuple[str, ...]] = {}
    injured: dict[str, tuple[str, ...]] = {}
    chips: dict[str, Chips] = {}
    for tribe, hoopers in (teams or {}).items():
        hoopers = list(hoopers)
        ejected[tribe] = tuple(h.name for h in hoopers if h.ejected)
        injured[tribe] = tuple(h.name for h in hoopers if h.injuries)
        chips[tribe] = Chips(
            lv1=sum(h.chips.get("lv1", 0) for h in hoopers),
            lv2=sum(h.chips.get("lv2", 0) for h in hoopers),
        )
    if rules is not None:
        chips = _within_the_box(chips, rules)
    sides = dict(zip(series.tribes, sides_of(series, match), strict=True))
    return GameReport(
        scores={t: result["scores"][sides[t]] for t in series.tribes},
        periods=periods,
        ejected=ejected,
        injured=injured,
        chips=chips,
        match_id=match["id"],
        rewarded=False,  # the gameplans and the series track are the table's to say
    )


def sides_of(series: Series, match: Mapping[str, Any]) -> tuple[str, str]:
    """The match's team names for the series' tribes: its people, as the match recorded
    them (`roles`), else the tribes (a match started before the series named people)."""
    roles = (match.get("options") or {}).get("roles") or {}
    by_tribe = {t: p for p, t in roles.items()}
    a, b = series.tribes
    return by_tribe.get(a, a), by_tribe.get(b, b)


def _within_the_box(chips: Mapping[str, Chips], rules: SeriesRules) -> dict[str, Chips]:
    """Unspent chips a tracked match counted, cut to what the box holds for both tribes.

    "If a type of Onfire Chip (Lv.1 or Lv.2) runs out, it becomes no longer
    available": a match that let more be redeemed than the box has keeps the
    series from refusing its result (which would leave the game with no way in).
    """
    left = {"lv1": rules.box_lv1_chips, "lv2": rules.box_lv2_chips}
    kept = {}
    for tribe, got in chips.items():
        lv1, lv2 = min(got.lv1, left["lv1"]), min(got.lv2, left["lv2"])
        left["lv1"] -= lv1
        left["lv2"] -= lv2
        kept[tribe] = Chips(lv1=lv1, lv2=lv2)
    return kept


@dataclass(frozen=True)
class StartedGame:
    """A series game started as tracked match `match_id`; `to_json()` is `series game start`."""

    next: NextGame
    plan: SeriesMatchPlan
    match_id: str

    def to_json(self) -> dict[str, Any]:
        plan = self.plan
        return {
            **self.next.to_json(),
            "match_id": self.match_id,
            "line_ups": {t: list(r) for t, r in plan.rosters.items()},
            "left_out": {t: list(r) for t, r in plan.left_out.items()},
            "hot": list(plan.options["onfire_start"][plan.side(plan.home)]),
            "cold": list(plan.options["onfire_start"][plan.side(plan.away)]),
            "sides": {t: plan.side(t) for t in plan.rosters},
            "unmatched": list(plan.unmatched),
        }
