"""Rendering The Series: the seven-game strip, the next game's setup, the Reward Phase."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from companion.games.hoopers.rules.rewards import GameRewards, TribeRewards
from companion.games.hoopers.rules.series import Series
from companion.games.hoopers.rules.series_rules import SeriesRules
from companion.ui.console import Table, plain

if TYPE_CHECKING:
    from rich.console import Console

    from companion.games.hoopers.rules.series_match import StartedGame
    from companion.games.hoopers.rules.series_report import NextGame, SeriesSummary, SeriesView
    from companion.games.hoopers.rules.susan_peg import SusanPegRebound
    from companion.games.hoopers.series_table import GameTakenIn
    from companion.tables.base import Ended, Status


ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV"}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def local_day(played: str | None) -> str:
    """A game's date as the table lives it (its local day, YYYY-MM-DD); '' when not kept."""
    if not played:
        return ""
    from datetime import datetime

    try:
        return datetime.fromisoformat(played).astimezone().date().isoformat()
    except ValueError:
        return ""


def _score_line(series: Series, score: Mapping[str, int]) -> str:
    a, b = series.tribes
    return f"{a} {score[a]}-{score[b]} {b}"


def render_scoreboard(out: Console, status: Status[SeriesView]) -> None:
    """Games won, the seven-game schedule (home and away, results), the Strength marker."""
    view = status.state
    series, rules = view.series, view.rules
    doc = status.detail
    a, b = series.tribes
    wins = doc["wins"]  # by tribe (the status' scores are by who plays each)
    out.print(
        f"[bold]{plain(series.label(a))} {wins[a]} – {wins[b]} {plain(series.label(b))}[/bold] "
        f"(games won; first to {doc['wins_needed']})"
    )
    # The score in the tribes' order, as the line above names them; short headers and a
    # date keep the strip inside 80 columns (the match in play is named below it).
    table = Table(box=None, header_style="bold", pad_edge=False)
    for column in ("game", "date", "home", "away", "score", "winner", "margin", "strength"):
        table.add_column(column)
    played = {g["number"]: g for g in doc["games"]}
    for number, home in enumerate(doc["schedule"], start=1):
        game = played.get(number)
        away = series.other(home)
        if game is None:
            playing = doc["playing_match"] and number == doc["next_game"]
            table.add_row(str(number), "", home, away, "playing" if playing else "")
            continue
        table.add_row(
            str(number),
            local_day(game["played"]),
            home,
            away,
            f"{game['score'][a]}-{game['score'][b]}",
            game["winner"],
            f"+{game['margin']}",
            game["strength_marker"] or "nobody",
        )
    out.print(table)
    if doc["winner"]:
        loser = series.other(doc["winner"])
        out.print(
            f"[bold]{plain(doc['winner'])} won the series "
            f"{wins[doc['winner']]}-{wins[loser]}.[/bold]"
        )
    elif status.status == "abandoned":
        out.print("The series was abandoned.")
    elif doc["playing_match"]:
        out.print(
            f"Game {doc['next_game']} in play: tracked match {doc['playing_match']}.", markup=False
        )
    elif doc["next_game"]:
        away = series.other(doc["next_home"])
        out.print(
            f"Next: game {doc['next_game']}, {doc['next_home']} at home, {away} away.", markup=False
        )
    out.print(
        f"Strength marker: winner by {rules.strength_winner_min_margin}+, loser by "
        f"{rules.strength_loser_max_margin} or less, else nobody.",
        markup=False,
    )
    if doc["susan_peg"]:
        out.print(f"Susan Peg: available to {doc['susan_peg']}.", markup=False)
    if doc.get("odds"):
        from companion.games.hoopers.rules.series_odds import odds_line

        out.print(odds_line(doc["odds"]), markup=False, highlight=False)


def render_status(
    out: Console,
    status: Status[SeriesView],
    started: bool = False,
    chosen: bool = False,
    recorded: int | None = None,
    undone: int | None = None,
    amended: int | None = None,
) -> None:
    """`series status` (and every command that changes a series): the scoreboard and more."""
    view = status.state
    series, rules = view.series, view.rules
    doc = status.detail
    title = f' "{plain(doc["name"])}"' if doc["name"] else ""
    a, b = series.tribes
    out.print(
        f"[bold]Series {status.id}{title}[/bold]: {plain(series.label(a))} v "
        f"{plain(series.label(b))} — {status.status}"
    )
    if started:
        how = f"drawn at random, seed {doc['seed']}" if chosen else "chosen"
        out.print(f"{doc['home_tribe']} is home in game 1 ({how}).", markup=False)
    if undone is not None:
        out.print(f"Undid game {undone}.", markup=False)
    shown = recorded if recorded is not None else amended
    if shown is not None:
        if amended is not None:
            out.print(f"Amended game {amended}.", markup=False)
        render_rewards(out, series, view.rewards(shown), rules)
        out.print()
    render_scoreboard(out, status)
    if doc["playing_match"]:
        out.print("'companion hoopers match end' brings its result here.")
    _carry_over(out, doc["next_game"], doc["sits_out"], doc["starts_injured"], rules)
    for tribe, got in doc["upgrades"].items():
        if any(got.values()):
            out.print(
                f"Earned so far, {tribe}: {_plural(got['hooper_upgrades'], 'hooper upgrade')}, "
                f"{_plural(got['action_upgrades'], 'action upgrade')}, "
                f"{_plural(got['position_upgrades'], 'position upgrade')}",
                markup=False,
            )
    for tribe, carried in doc["sleeved"].items():
        if carried:
            out.print(
                f"Hooper upgrades sleeved, {tribe} (energy from the next game on): "
                + ", ".join(f"{h} {u['card']} +{u['energy']}" for h, u in carried.items()),
                markup=False,
            )


def render_susan_peg_rebound(out: Console, outcome: SusanPegRebound) -> None:
    """Susan Peg's offensive rebound: the foul die, then her undefended lay-up."""
    from companion.games.hoopers.rules.dice import d8_label

    face = d8_label(outcome.reading.face) if outcome.reading.face else "not rolled"
    out.print(f"Susan Peg's offensive rebound: foul die [bold]{face}[/bold]")
    if not outcome.foul:
        why = " (a jump ball is no foul: still her V)" if outcome.reading.jump_ball else ""
        if outcome.roll is None:
            out.print(
                f"  lay-up with V {outcome.v}{why} ≥ 100 → scores without a roll", markup=False
            )
        else:
            verdict = "scores" if outcome.scored else "misses"
            out.print(
                f"  no foul{why}: a lay-up with V {outcome.v}, undefended → roll ≤ {outcome.v} "
                f"scores; rolled {outcome.roll}: [bold]{verdict}[/bold]"
            )
    out.print(f"  {outcome.consequence}", markup=False)


def render_ended(out: Console, ended: Ended) -> None:
    result = ended.result
    wins = result.get("scores", {})
    ranked = sorted(ended.players, key=lambda t: -wins.get(t, 0))  # the Series' winner first
    line = " – ".join(f"{t} {wins.get(t, 0)}" for t in ranked)
    out.print(
        f"Series {ended.id} ({line}) is in history: {result.get('winner')} won it.", markup=False
    )


def render_taken_in(out: Console, taken: GameTakenIn) -> None:
    """After `hoopers match end` of a Series game: the game's Reward Phase, and what next."""
    view = taken.status.state
    out.print(f"Series {taken.status.id}: game {taken.number} recorded.", markup=False)
    render_rewards(out, view.series, taken.rewards, view.rules)
    out.print(f"Next: {taken.status.next}.", markup=False)


def _carry_over(
    out: Console,
    number: int | None,
    sits_out: dict[str, list[str]],
    injured: dict[str, list[str]],
    rules: SeriesRules,
) -> None:
    if number is None:
        return
    for tribe, hoopers in sits_out.items():
        if hoopers:
            out.print(
                f"Sits out game {number} (ejected last game), {tribe}: {', '.join(hoopers)}",
                markup=False,
            )
    for tribe, hoopers in injured.items():
        if hoopers:
            out.print(
                f"Starts game {number} with {rules.injury_cubes_next_game} injury cubes "
                f"(injured last game), {tribe}: {', '.join(hoopers)}",
                markup=False,
            )


def render_setup(out: Console, upcoming: NextGame) -> None:
    doc = upcoming.to_json()
    home, away = doc["home"], doc["away"]
    hs, aw = doc["home_setup"], doc["away_setup"]
    out.print(f"[bold]Game {doc['number']}[/bold]: {plain(home)} at home, {plain(away)} away.")
    out.print(
        f"  {home} (home): {hs['hot_zone_hoopers']} hoopers' Position tokens on the first step "
        f"of the hot zone; {hs['coach_tokens']} coach action tokens; hoopers move on the "
        "Onfire track when the tribe power is activated successfully.",
        markup=False,
    )
    out.print(
        f"  {away} (away): {aw['cold_zone_hoopers']} hoopers' Position tokens on the first step "
        f"of the cold zone; {aw['coach_tokens']} coach action tokens; free throws on the basic "
        f"2PS (2PS + {aw['free_throw_bonus']}, not + {hs['free_throw_bonus']}).",
        markup=False,
    )
    out.print(f"  Gameplan milestones: the GAME {doc['gameplan_pair']} pair.", markup=False)
    refill = "; ".join(
        f"up to {r['up_to']} before period {r['before_period']}" for r in doc["playbook_refill"]
    )
    out.print(f"  Playbook refill: {refill}.", markup=False)
    if doc["can_win_series"]:
        out.print(
            f"  This game can win the series for {' and '.join(doc['can_win_series'])}.",
            markup=False,
        )
    if doc["susan_peg"]:
        out.print(f"  Susan Peg may join {doc['susan_peg']}'s seven-hooper line-up.", markup=False)
    elif doc["number"] >= upcoming.rules.games and not upcoming.rules.susan_peg_in_last_game:
        out.print(
            f"  Susan Peg: nobody fields her in game {doc['number']} (only before it).",
            markup=False,
        )
    else:
        out.print("  Susan Peg: with nobody yet.")
    sits = {t: h for t, h in doc["sits_out"].items() if h}
    hurt = {t: h for t, h in doc["starts_injured"].items() if h}
    for tribe, hoopers in sits.items():
        out.print(f"  Sits out (ejected last game), {tribe}: {', '.join(hoopers)}", markup=False)
    for tribe, hoopers in hurt.items():
        out.print(
            f"  Starts with {doc['injury_cubes']} injury cubes (injured last game), "
            f"{tribe}: {', '.join(hoopers)}",
            markup=False,
        )
    if not sits and not hurt:
        out.print("  Everyone is available; nobody carries injury cubes.")


def render_game_start(out: Console, started: StartedGame) -> None:
    """`series game start`: the game's setup, its tracked match, how it comes back."""
    render_setup(out, started.next)
    render_started(out, started)
    out.print(
        "Play it with 'companion hoopers match ...'; when 'companion hoopers match end' "
        "records it, the series takes its result (add gameplans with 'series amend')."
    )


def render_started(out: Console, started: StartedGame) -> None:
    """The tracked match a series game started as: who is hot and cold, the line-ups."""
    doc = started.to_json()
    out.print(
        f"Tracked match {doc['match_id']} started: {doc['home']} ({', '.join(doc['hot'])} on "
        f"the first hot step) v {doc['away']} ({', '.join(doc['cold'])} on the first cold step).",
        markup=False,
    )
    for tribe, hoopers in doc["line_ups"].items():
        out.print(f"  {tribe}: {', '.join(hoopers)}", markup=False)
    if doc["unmatched"]:
        out.print(
            f"  Not in the rosters, so not carried over: {', '.join(doc['unmatched'])} "
            "(apply them at the table).",
            markup=False,
        )


def render_rewards(out: Console, series: Series, earned: GameRewards, rules: SeriesRules) -> None:
    game = series.games[earned.number - 1]
    out.print(
        f"[bold]Game {earned.number} reward phase[/bold]: {_score_line(series, dict(game.scores))}"
        f", {earned.winner} by {earned.margin}."
    )
    kit = earned.kit
    if kit is not None and kit.hooper_deck < 1:
        out.print("  Winner game marker: the hooper upgrade deck is empty, nothing to pick.")
    else:
        out.print(f"  Winner game marker: {earned.winner} picks 1 hooper upgrade.", markup=False)
    strength = earned.strength
    if strength.reason == "winner":
        rule = f"margin {strength.margin} ≥ {rules.strength_winner_min_margin}: to the winner"
    elif strength.reason == "loser":
        rule = f"margin {strength.margin} ≤ {rules.strength_loser_max_margin}: to the loser"
    else:
        rule = (
            f"margin {strength.margin} is {rules.strength_loser_max_margin + 1}"
            f"-{rules.strength_winner_min_margin - 1}: nobody; the card is shuffled back "
            "into the action upgrade deck"
        )
    taker = f" → {strength.to} takes its action upgrade" if strength.to else ""
    if strength.to and kit is not None and not kit.strength_card:
        taker = " → but the action upgrade deck is empty: no card under it"
    out.print(f"  Strength marker: {rule}{taker}.", markup=False)
    why = "" if earned.series_track_given else " (not given: the marker starts on the home side)"
    card = "1 action upgrade"
    if kit is not None and not kit.track_card:
        card = "no card under the mini board (the action upgrade deck ran out)"
    out.print(
        f"  Series track: the tribe marker shows {earned.series_track}{why} → {card}.", markup=False
    )
    if not earned.periods_given:
        out.print("  Periods not recorded: no period markers or fourth-period chip counted.")
    for tribe in series.tribes:
        _tribe_rewards(out, earned.tribes[tribe], rules)


def _tribe_rewards(out: Console, got: TribeRewards, rules: SeriesRules) -> None:
    out.print(f"  [bold]{plain(got.tribe)}[/bold]")
    upgrade = (
        f" + {_plural(got.gameplan_hooper_upgrades, 'hooper upgrade')}"
        if got.gameplan_hooper_upgrades
        else ""
    )
    wanted = rules.gameplan_hooper_upgrades[got.gameplan_milestones]
    if wanted > got.gameplan_hooper_upgrades:
        upgrade += " (the kit has no star hooper upgrade left)"
    out.print(
        f"    gameplan: {_plural(got.gameplan_milestones, 'milestone')} → "
        f"{_plural(got.gameplan_chips, 'chip')}{upgrade}",
        markup=False,
    )
    markers = ", ".join(ROMAN.get(p, str(p)) for p in got.period_markers) or "none"
    out.print(f"    period markers: {markers} → {_plural(got.marker_chips, 'chip')}", markup=False)
    out.print(
        f"    fourth period won: {'yes' if got.fourth_period_chips else 'no'} → "
        f"{_plural(got.fourth_period_chips, 'chip')}",
        markup=False,
    )
    swap = got.exchange
    used = swap.lv1 - swap.discarded
    out.print(
        f"    LV.1: {got.kept.lv1} kept + {got.gameplan_chips} gameplan + {got.marker_chips} "
        f"markers + {got.fourth_period_chips} fourth period = {swap.lv1} → "
        f"{used} ÷ {rules.lv1_per_position_upgrade} = "
        f"{_plural(used // rules.lv1_per_position_upgrade, 'position upgrade')}, "
        f"{swap.discarded} discarded",
        markup=False,
    )
    lv2_used = swap.lv2 - swap.discarded_lv2
    dropped = f", {swap.discarded_lv2} discarded" if swap.discarded_lv2 else ""
    out.print(
        f"    LV.2: {swap.lv2} kept → "
        f"{_plural(lv2_used * rules.position_upgrades_per_lv2, 'position upgrade')}{dropped}",
        markup=False,
    )
    if swap.unsupplied:
        out.print(
            f"    kit: {swap.kit_left} of its {rules.kit_position_upgrades} position upgrades "
            f"left, so {_plural(swap.unsupplied, 'position upgrade')} the chips were worth "
            "cannot be taken; those chips are discarded",
            markup=False,
        )
    out.print(
        f"    takes: {_plural(got.hooper_upgrades, 'hooper upgrade')}, "
        f"{_plural(got.action_upgrades, 'action upgrade')}, "
        f"{_plural(swap.position_upgrades, 'position upgrade')}",
        markup=False,
    )


def render_list(out: Console, summaries: list[SeriesSummary]) -> None:
    if not summaries:
        out.print("No series yet.")
        return
    rows = [s.to_json() for s in summaries]
    table = Table(box=None, header_style="bold", pad_edge=False)
    for column in ("", "id", "tribes", "wins", "games", "status"):
        table.add_column(column)
    for row in rows:
        a, b = row["tribes"]
        table.add_row(
            "*" if row["current"] else "",
            row["id"],
            f"{a} v {b}",
            f"{row['wins'][a]}-{row['wins'][b]}",
            str(row["games"]),
            row["status"] + (f" ({row['winner']} won)" if row["winner"] else ""),
        )
    out.print(table)
