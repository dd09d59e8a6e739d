"""Valley Hoopers in the terminal: every resolution with its arithmetic and its rule."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from companion.games.hoopers.rules.dice import d8_label
from companion.games.hoopers.rules.free_throws import LOWEST_ROLL
from companion.games.hoopers.rules.stats import signed
from companion.ui.console import Table, plain

if TYPE_CHECKING:
    from rich.console import Console

    from companion.games.hoopers.rules.state import MatchState
    from companion.tables.base import Ended, Status


SHOT_NAMES = {"2ps": "2 points shot", "3ps": "3 points shot", "lup": "lay-up"}
DEFENSE_NAMES = {"2ps": "D2", "3ps": "D3", "lup": "DLU"}


def _face(face: str | None) -> str:
    return d8_label(face) if face else "not rolled"


MATCH_OWED = "the match waits for them: 'companion hoopers match free-throw TEAM --stat 2PS'"


def _free_throws(
    out: Console, free_throws: list[Any], stat: int | None, away: bool, owed: str | None = None
) -> None:
    if not free_throws:
        return
    if stat is None:
        hint = owed or "give --ft-stat (the shooter's 2PS) to resolve them"
        out.print(f"  {len(free_throws)} free throw(s) owed: {hint}", markup=False)
        return
    rule = f"{stat} (basic 2PS, away)" if away else f"{stat} + 15"
    for n, ft in enumerate(free_throws, 1):
        if ft.roll is None:
            auto = "made without a roll: 1 point"
            out.print(f"  free throw {n}: {rule} = {ft.target} ≥ 100 → {auto}", markup=False)
        else:
            verdict = "made: 1 point" if ft.made else "missed"
            out.print(
                f"  free throw {n}: {rule} = {ft.target} → rolled {ft.roll}: {verdict}",
                markup=False,
            )


def shot_working(outcome: Any) -> str:
    spec = outcome.spec
    text = str(spec.stat) + (f" {signed(spec.attack_malus)}" if spec.attack_malus else "")
    text += "".join(f" {signed(b)}" for b in spec.bonuses)
    if spec.defense is not None:
        defense = str(spec.defense) + (
            f" {signed(spec.defense_malus)}" if spec.defense_malus else ""
        )
        if outcome.defense_bonus:
            text += f" − ({defense} + {outcome.defense_bonus})"
        elif spec.defense_malus:
            text += f" − ({defense})"
        else:
            text += f" − {defense}"
    return f"{text} = {outcome.target}"


def render_shot(
    out: Console, outcome: Any, who: str = "", notes: Sequence[str] = (), owed: str | None = None
) -> None:
    """The shot's working; `notes` (e.g. a --roll the shot did not use) follow, one a line.

    `owed`: what to say about free throws whose 2PS is not known (a tracked match
    keeps them owed)."""
    _render_shot(out, outcome, who, owed)
    for note in notes:
        out.print(f"  [dim]{plain(note)}[/dim]")


def _render_shot(out: Console, outcome: Any, who: str, owed: str | None = None) -> None:
    spec = outcome.spec
    head = f"{who}{SHOT_NAMES[spec.kind]}"
    if spec.defense is None:
        out.print(f"{head}, uncontested (no defense card: no foul die)", markup=False)
    else:
        out.print(
            f"{head} against {(spec.defense_card or '').upper() or DEFENSE_NAMES[spec.kind]} "
            f"{spec.defense}; "
            f"foul die: [bold]{_face(outcome.face)}[/bold]"
        )
        out.print(f"  {outcome.reading.outcome}", markup=False)
    if outcome.charging:
        out.print("  [bold]No shot[/bold]: 0 points.")
        return
    if outcome.flagrant:
        out.print("  No shot; two free throws:")
    else:
        working = shot_working(outcome)
        if outcome.auto:
            out.print(
                f"  {working} ≥ 100 → scores without a roll: {outcome.points} points", markup=False
            )
        elif outcome.roll is None:
            out.print(f"  {working} < {LOWEST_ROLL} → cannot score, no roll: [bold]missed[/bold]")
        else:
            verdict = f"scored, {outcome.points} points" if outcome.scored else "missed"
            out.print(
                f"  {working} → roll ≤ {outcome.target} scores; rolled {outcome.roll}: "
                f"[bold]{verdict}[/bold]"
            )
        if outcome.foul:
            count = len(outcome.free_throws)
            why = (
                "shot made: 1 extra free throw"
                if outcome.scored
                else f"shot missed: {count} free throws"
            )
            out.print(f"  Defensive foul, {why}", markup=False)
    _free_throws(out, list(outcome.free_throws), spec.free_throw_stat, spec.away, owed)
    out.print(f"  Total: [bold]{outcome.total_points}[/bold] point(s)", end="")
    moves = {"up": "one step right", "down": "one step left", None: "stays"}
    out.print(f"; Onfire track {moves[outcome.onfire]}", markup=False)


def render_foul(out: Console, reading: Any) -> None:
    out.print(f"{reading.action}: foul die [bold]{_face(reading.face)}[/bold]")
    if reading.reads_as and reading.reads_as != reading.face:
        out.print(f"  (reads as {_face(reading.reads_as)})", markup=False)
    if reading.defense_bonus:
        out.print(f"  Foul bonus: +{reading.defense_bonus} to the defence stat", markup=False)
    out.print(f"  {reading.outcome}", markup=False)


def render_counter(out: Console, outcome: Any) -> None:
    spec = outcome.spec
    face = "not rolled (Manny Gentle)" if spec.no_foul_die else _face(outcome.reading.face)
    out.print(f"{spec.action_label}: foul die [bold]{face}[/bold]")
    if outcome.stat is not None:
        why = _stat_reason(spec, outcome)
        if outcome.roll is None and outcome.success:
            out.print(f"  {why} ≥ 100 → succeeds without a roll", markup=False)
        elif outcome.roll is None:
            out.print(f"  {why} < {LOWEST_ROLL} → cannot succeed, no roll: [bold]fails[/bold]")
        else:
            verdict = "success" if outcome.success else "fails"
            out.print(
                f"  {why} → roll ≤ {outcome.target} succeeds; rolled {outcome.roll}: "
                f"[bold]{verdict}[/bold]"
            )
    out.print(f"  {outcome.consequence}", markup=False)


def render_match_shot(out: Console, outcome: Any, who: str, notes: Sequence[str]) -> None:
    render_shot(out, outcome, who=who, notes=notes, owed=MATCH_OWED)


def render_match_block(out: Console, outcome: Any, ft_stat: int | None, away: bool) -> None:
    render_block(out, outcome, ft_stat, away, MATCH_OWED)


def render_match_counter(out: Console, outcome: Any) -> None:
    """A tracked counter; Susan Peg's rebound is her lay-up (her skill, The Series)."""
    from companion.games.hoopers.rules.susan_peg import SusanPegRebound

    if isinstance(outcome, SusanPegRebound):
        from companion.games.hoopers.series_render import render_susan_peg_rebound

        render_susan_peg_rebound(out, outcome)
    else:
        render_counter(out, outcome)


def _stat_reason(spec: Any, outcome: Any) -> str:
    name = outcome.stat.upper()
    if outcome.jump_ball:
        return f"jump ball: {name} instead, {outcome.target}"
    if spec.kind == "steal":
        if spec.position == "SF":
            return f"steal on an SF uses the worse of O and V: {name} {outcome.target}"
        return f"steal on a {spec.position} uses {name} {outcome.target}"
    return f"{spec.kind} uses {name} {outcome.target}"


def render_block(
    out: Console, outcome: Any, ft_stat: int | None, away: bool, owed: str | None = None
) -> None:
    reading = outcome.reading
    against = f" against the {outcome.against}" if outcome.against else ""
    out.print(f"block{against}: foul die [bold]{_face(reading.face)}[/bold]")
    if reading.reads_as != reading.face:
        out.print(f"  (Linda Siempre: reads as {_face(reading.reads_as)})", markup=False)
    out.print(f"  [bold]{outcome.outcome}[/bold]: {outcome.sentence}")
    _free_throws(out, list(outcome.free_throws), ft_stat, away, owed)


def render_free_throw(out: Console, ft: Any, stat: int, away: bool) -> None:
    _free_throws(out, [ft], stat, away)


def render_odds(out: Console, payload: dict[str, Any], title: str) -> None:
    out.print(
        f"{title}: P(success) = [bold]{payload['p_score_fraction']}[/bold] "
        f"= {payload['percent']:.2f} %"
    )
    if payload.get("expected_points") is not None:
        note = "" if payload["free_throws_counted"] else " (free throws not counted: no --ft-stat)"
        out.print(
            f"  expected points {payload['expected_points_fraction']} "
            f"≈ {payload['expected_points']:.3f}{note}",
            markup=False,
        )
    rows = payload["by_face"]
    if len(rows) > 1:
        table = Table("foul die", "P(face)", "target", "P(score)", "expected pts", box=None)
        for row in rows:
            expected = row["expected_points"]
            table.add_row(
                _face(row["face"]),
                row["probability"],
                "-" if row["target"] is None else str(row["target"]),
                row["p_score_fraction"],
                "-" if expected is None else f"{expected:.3f}",
            )
        out.print(table)


def render_notes(out: Console, notes: list[str]) -> None:
    for note in notes:
        out.print(f"  · {note}", markup=False)  # the engines' plain text: names, "[star]"


def render_deck_check(out: Console, payload: dict[str, Any]) -> None:
    """`hoopers deck check`: the upgrades counted, each check made and each not made."""
    kinds = payload["upgrades"]
    out.print(
        f"{payload['cards']} cards sleeved: {kinds['counter']} counter, "
        f"{kinds['action']} action, {kinds['position']} position upgrade(s)",
        markup=False,
    )
    for line in payload["checked"]:
        out.print(f"  checked: {line}", markup=False)
    for line in payload["not_checked"]:
        out.print(f"  not checked: {line}", markup=False)


def render_with_notes(out: Console, view: str, notes: list[str], *args: Any) -> None:
    """A resolved move, drawn by the renderer `view` of this module, then the match's notes."""
    globals()[view](out, *args)
    render_notes(out, notes)


def _onfire_mark(space: str) -> str:
    from companion.games.hoopers.rules.onfire import label

    marks = {"cube": "❄❄", "light-blue": "❄", "orange": "🔥", "lv1": "🔥🔥", "lv2": "🔥🔥🔥"}
    return f"{marks.get(space, '')} {label(space)}".strip()


def render_status(out: Console, status: Status[MatchState]) -> None:
    """The scoreboard: score, periods, fouls, tokens, hot and cold hoopers."""
    state = status.state
    _render_score(out, state)
    if state.draft is not None:
        from companion.games.hoopers.draft_render import render_draft

        render_draft(out, state)
    _render_benches(out, state)
    _render_board(out, state)
    _render_scorers(out, state)


def _render_score(out: Console, state: MatchState) -> None:
    """The score line, the periods, who attacks or won, milestones and free throws owed."""
    score = state.score()
    a, b = state.order
    head = "FINAL" if state.over else f"period {state.period}"
    if state.in_overtime:
        head = "FINAL (overtime)" if state.over else state.period_name()
    out.print(
        f"[bold]{plain(a)} {score[a]} – {score[b]} {plain(b)}[/bold]   "
        f"{head}, turn {state.turn} (pair {state.pair})"
    )
    bar = "  ".join(
        f"{state.period_label(i)}: {p[0]}–{p[1]}" + (" ◀" if i == state.period else "")
        for i, p in enumerate(state.periods, 1)
    )
    out.print(f"  {bar}", markup=False)
    drafting = state.draft is not None and not state.draft.done
    if state.attacking and not state.over and not drafting:
        out.print(f"  attacking: [bold]{plain(state.attacking)}[/bold]")
    if state.winner:
        out.print(f"  winner: [bold]{plain(state.winner)}[/bold]")
    for m in state.milestones:
        who = m["earner"] or "nobody (tied)"
        out.print(f"  milestone P{m['period']}: {who}", markup=False)
    if state.owed:
        owed = state.owed
        out.print(
            f"  [bold]owed:[/bold] {owed['count']} free throw(s) for {plain(owed['hooper'])} "
            f"({plain(owed['team'])}) — "
            f"'companion hoopers match free-throw {plain(owed['team'])} --stat 2PS'"
        )


def _render_benches(out: Console, state: MatchState) -> None:
    """Who is on court, the playbooks in play, and the energy of tracked hoopers."""
    for name, team in state.teams.items():
        if team.court is not None:
            court = " ".join(f"{pos} {h}" for pos, h in team.court.items())
            out.print(
                f"  {name} on court: {court} · bench: {', '.join(team.bench) or '-'}", markup=False
            )
    # The personal playbooks are active from the start: shown once a common one is taken
    # or one runs (the JSON always lists them).
    shown = state.playbook_run is not None or any(
        p["common"] for t in state.teams.values() for p in t.playbooks
    )
    for name, team in state.teams.items():
        if team.playbooks and shown:
            active = ", ".join(
                p["name"] + (" (common, 1 token locked)" if p["common"] else "")
                for p in team.playbooks
            )
            out.print(f"  {name} playbooks: {active}", markup=False)
    if state.playbook_run:
        run = state.playbook_run
        out.print(
            f"  playbook running: {run['name']} ({run['team']}): F2 and A cannot be countered "
            f"or defended · common playbooks on the board: {state.playbook_board}",
            markup=False,
        )
    if state.series_track is not None:  # a Series game whose marker the table moved
        from companion.games.hoopers.rules.series_track import track_steps

        track = state.series_track
        where = "on the action upgrade card" if track["off"] else track_steps(track)
        out.print(f"  Series track: the tribe marker shows {track['shows']}, {where} "
                  f"({len(track['moves'])} moved)", markup=False)  # fmt: skip
    for name, team in state.teams.items():
        tracked = [h for h in team.hoopers.values() if h.energy_max is not None]
        if tracked:
            out.print(f"  {name} energy: " + ", ".join(_energy(h) for h in tracked), markup=False)


def _render_board(out: Console, state: MatchState) -> None:
    """Each team's fouls, coach tokens, timeouts, hot and cold hoopers."""
    table = Table("", "team fouls", "coach tokens", "timeouts", "hot", "cold / hurt", box=None)
    for name, team in state.teams.items():
        hoopers = team.hoopers.values()
        hot = [f"{h.name} {_onfire_mark(h.onfire)}" for h in hoopers if h.onfire in HOT]
        cold = [f"{h.name} {_onfire_mark(h.onfire)}" for h in hoopers if h.onfire in COLD]
        cold += [f"{h.name} ✖ ejected" for h in hoopers if h.ejected]
        cold += [f"{h.name} ✚ {', '.join(h.injuries)}" for h in hoopers if h.injuries]
        table.add_row(
            name,
            str(team.team_fouls),
            str(team.coach_tokens),
            str(team.timeouts),
            ", ".join(hot) or "-",
            ", ".join(cold) or "-",
        )
    out.print(table)


def _render_scorers(out: Console, state: MatchState) -> None:
    """The hoopers who scored, fouled or took injury cubes."""
    scorers = [
        (h, name)
        for name, team in state.teams.items()
        for h in team.hoopers.values()
        if h.points or h.fouls or h.injury_cubes
    ]
    if scorers:
        detail = Table("hooper", "team", "pts", "fouls", "injury cubes", box=None)
        for h, name in scorers:
            detail.add_row(h.name, name, str(h.points), str(h.fouls), str(h.injury_cubes))
        out.print(detail)


def _energy(hooper: Any) -> str:
    mark = " (out of energy)" if hooper.energy == 0 else ""
    return f"{hooper.name} {hooper.energy}/{hooper.energy_max}{mark}"


HOT = ("orange", "lv1", "lv2")
COLD = ("cube", "light-blue")


def render_moved(out: Console, status: Status[MatchState], notes: list[str]) -> None:
    """The match after a move: the move's notes, then the scoreboard."""
    render_notes(out, notes)
    render_status(out, status)


def render_filed(out: Console, done: Ended, series_game: Any = None) -> None:
    """The match filed; for a Series game, also the game's Reward Phase."""
    render_ended(out, done)
    if series_game is not None:
        from companion.games.hoopers.series_render import render_taken_in

        render_taken_in(out, series_game)


def render_undone(out: Console, undone: Any) -> None:
    """`hoopers match undo`: what was taken back, then the scoreboard."""
    render_notes(out, [f"undid {undone.removed['type']}"])
    render_status(out, undone.status)


def render_ended(out: Console, done: Ended) -> None:
    if done.status == "abandoned":
        out.print(f"Match {done.id} abandoned.", markup=False)
        return
    scores = done.result["scores"]
    ranked = sorted(scores, key=lambda team: -scores[team])  # the winner first (no draws)
    line = " – ".join(f"{t} {scores[t]}" for t in ranked)
    out.print(
        f"Match {done.id} finished: {line}; {done.result['winner']} wins. Kept in history.",
        markup=False,
    )


# --- the table's catalogues and settings ---------------------------------------------------


def render_markers(out: Console, payload: dict[str, Any]) -> None:
    pile, texts = payload["pile"], payload["kinds"]
    label = "default pile" if payload["default"] else "your pile"
    out.print(f"Injury markers ({label}, {len(pile)}):", markup=False)
    for key in pile:
        out.print(f"  {key:<11} {texts[key]}", markup=False)
    for note in payload["assumed"]:
        out.print(f"  [dim]assumed: {plain(note)}[/dim]")


def render_reminders(out: Console, payload: dict[str, Any]) -> None:
    if payload["reminders"]:
        out.print("Reminders on: face-down cards and LV.1 chips are asked when they can matter.")
        return
    from datetime import datetime

    until = datetime.fromisoformat(payload["quiet_until"])
    out.print(f"Reminders off until {until:%Y-%m-%d %H:%M} ('hoopers reminders on').", markup=False)


def render_card_energies(out: Console, known: dict[str, Any]) -> None:
    if not known:
        out.print(
            "No card's energy known yet: 'companion hoopers energy HOOPER N' sets one "
            "(or 'hoopers match energy TEAM HOOPER --max N' during a match)."
        )
        return
    out.print("Card energy (the table's own, or a labelled default):")
    for name, entry in known.items():
        out.print(f"  {name:<16} {entry['max']:>2}  {entry['source']}", markup=False)


CARD_STATS = ("2ps", "3ps", "lup", "d2", "d3", "dlu", "o", "v")


def render_cards(out: Console, known: dict[str, Any]) -> None:
    if not known:
        out.print("No hooper card known yet: 'companion hoopers card HOOPER --2ps N …'.")
        return
    for name, entry in known.items():
        stats = " ".join(f"{k.upper()} {entry[k]}" for k in CARD_STATS if k in entry)
        flags = f" · guards {','.join(entry['guards'])}" if "guards" in entry else ""
        star = " · stellar" if entry.get("stellar") else ""
        out.print(f"  {name:<16} {stats}{flags}{star}", markup=False)
