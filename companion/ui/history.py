"""Rendering match lists, event logs, stats and charts.

Stats and charts are printed as plain lines (columns padded here, not by
rich's Table), so a history of thousands of matches renders as fast as its
JSON and no column is cut to fit an 80-column pipe.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from companion.engine.names import plural  # noqa: F401 - the history faces import it here
from companion.ui.console import escape

if TYPE_CHECKING:
    from rich.console import Console


# --- the match list -----------------------------------------------------------

LIST_COLUMNS = ("id", "when", "game", "status", "result")
MIN_RESULT = 16  # narrower than this, the status column goes first


def list_width() -> int:
    """The terminal's width (COLUMNS when set), 80 for a pipe."""
    import shutil

    return shutil.get_terminal_size((80, 24)).columns


def short_date(match: dict[str, Any]) -> str:
    return (match.get("finished") or match.get("created") or "")[:10]


def status_cell(match: dict[str, Any]) -> str:
    status = "logged" if match.get("logged") else match["status"]
    return status + ("*" if match.get("amended") else "")


def compact_result(result: dict[str, Any] | None) -> str:
    """`Ana 29 · Ben 14 · Cy 10`: best first (by rank, else score), as typed otherwise."""
    if not result or not isinstance(result.get("scores"), dict):
        return ""
    scores = result["scores"]
    ranks = result.get("ranks") if isinstance(result.get("ranks"), dict) else {}
    order = list(scores)
    if ranks and all(isinstance(ranks.get(p), int | float) for p in order):
        order.sort(key=lambda p: ranks[p])
    elif all(isinstance(v, int | float) for v in scores.values()):
        order.sort(key=lambda p: -scores[p])
    return " · ".join(f"{p} {_num(scores[p])}" for p in order)


def result_cell(match: dict[str, Any]) -> str:
    shown = compact_result(match.get("result"))
    return shown or ", ".join(match["players"])


def _fit(text: str, width: int) -> str:
    if _cells(text) <= width:
        return text
    out = ""
    for char in text:
        if _cells(out + char) > width - 1:
            break
        out += char
    return out.rstrip() + "…"


def list_lines(matches: list[dict[str, Any]], width: int) -> list[str]:
    """The match list as plain lines no wider than `width`.

    Every column but the result is short; the result (names and scores, or
    the players of a match not finished) takes what is left. When it does not
    fit, the status column goes first, then the result is cut with `…`.
    """
    from companion.ui.console import safe

    rows = [
        (
            m["id"],
            short_date(m),
            m["game"],
            status_cell(m),
            safe(result_cell(m)),
        )
        for m in matches
    ]
    columns = list(LIST_COLUMNS)

    def fixed(keep: list[int]) -> int:
        return sum(max([_cells(columns[i]), *(_cells(r[i]) for r in rows)]) + 2 for i in keep)

    keep = [0, 1, 2, 3]
    if width - fixed(keep) < MIN_RESULT:
        keep = [0, 1, 2]
    room = max(width - fixed(keep), MIN_RESULT)
    shown = [[r[i] for i in keep] + [_fit(r[4], room)] for r in rows]
    lines = text_table([columns[i] for i in keep] + ["result"], shown)
    if any(m.get("amended") for m in matches):
        lines.append("* amended: 'companion history show ID' keeps the original")
    return lines


# What an empty database says under its "No matches yet.": where a first game comes from.
FIRST_GAME = (
    "Start a game with 'companion' (the menu), or file one played without it with"
    " 'companion log GAME NAME=SCORE …'."
)


def first_steps(out: Console) -> None:
    out.print(FIRST_GAME, markup=False, highlight=False)


def match_list(out: Console, matches: list[dict[str, Any]], width: int | None = None) -> None:
    """`history list` on screen: one line per match, fitted to the terminal."""
    if not matches:
        out.print("No matches yet.")
        return
    head, *body = list_lines(matches, width or list_width())
    out.print(f"[bold]{escape(head)}[/bold]")
    out.print("\n".join(body), markup=False, highlight=False)


def match_table(matches: list[dict[str, Any]], width: int | None = None) -> str:
    """The match list as one markup string (for a rich console, e.g. the menu)."""
    if not matches:
        return "No matches yet."
    head, *body = list_lines(matches, width or list_width())
    return "\n".join([f"[bold]{escape(head)}[/bold]", *(escape(line) for line in body)])


def result_line(result: dict[str, Any] | None, game: str | None = None) -> str:
    if not result:
        return ""
    if "scores" in result:
        winner = result.get("winner")
        line = compact_result(result) + (f" — {winner} won" if winner else "")
        return line + _own_words(game, result)
    return ", ".join(f"{k}: {v}" for k, v in result.items())


def _own_words(game: str | None, result: dict[str, Any]) -> str:
    """What the game adds to its result line (its spec's `result_view`), after a space."""
    from companion import registry

    kind = registry.kind(game) if game else None
    if kind is None or not kind.result_view:
        return ""
    said = registry.hook(kind, "result_view")(result)
    return f" {said}" if said else ""


def match_detail(out: Console, match: dict[str, Any]) -> None:
    from companion.ui.console import safe

    logged = (match.get("options") or {}).get("logged")
    how = "logged (played without the companion)" if logged else match["status"]
    out.print(f"[bold]{match['game']} match {match['id']}[/bold] — {how}")
    out.print(f"players: {escape(safe(', '.join(match['players'])))}")
    if logged:
        out.print(f"played: {match.get('finished', '')}", markup=False)
    else:
        out.print(f"seed: {match.get('seed')}   started: {match.get('created', '')}", markup=False)
    options = {k: v for k, v in (match.get("options") or {}).items() if k != "logged"}
    if options:
        out.print("options: " + escape(safe(readable_fields(options))))
    plays = game_plays(match)
    lines = plays if plays is not None else [event_line(e) for e in match.get("events", [])]
    for n, line in enumerate(lines, 1):
        out.print(f"{n:>3}. {escape(safe(line))}")
    amendments = match.get("amendments") or []
    if amendments:
        was = result_line(amendments[0].get("was"), match["game"])
        out.print(f"result as recorded: {escape(safe(was))}")
        for entry in amendments:
            at = str(entry.get("at", ""))[:16].replace("T", " ")
            out.print(f"amended {at}: {escape(safe(result_line(entry, match['game'])))}")
    elif match.get("result"):
        out.print(f"result: {escape(safe(result_line(match['result'], match['game'])))}")


def game_plays(match: dict[str, Any]) -> list[str] | None:
    """The match in words, by its game's `plays` (None: the game does not say, or has no events)."""
    from companion import registry

    kind = registry.kind(match.get("game", ""))
    if kind is None or not kind.plays or not match.get("events"):
        return None
    words = registry.hook(kind, "plays")
    try:
        return list(words(match))
    except Exception:  # noqa: BLE001 - a log its rules no longer fold (hand-edited, older
        return None  # rules) still shows, as its raw events


# --- the event log, readable -------------------------------------------------------

LIST_SHOWN = 6  # a longer list shows its first items and how many in all
NAME_KEYS = ("name", "title")  # a card or arena in a list shows as its name


def event_line(event: dict[str, Any]) -> str:
    """One event as one line: `type: key value, key value, …` (`--json` keeps it exact)."""
    fields = readable_fields(event.get("data") or {})
    return f"{event.get('type', '?')}: {fields}" if fields else str(event.get("type", "?"))


def readable_fields(data: dict[str, Any], depth: int = 0) -> str:
    """`key value, …`: no empty values or false flags, a true flag by its name alone."""
    parts = []
    for key, value in data.items():
        if value is None or value is False or value == "" or value == [] or value == {}:
            continue
        name = str(key).replace("_", " ")
        parts.append(name if value is True else f"{name} {readable(value, depth + 1)}")
    return ", ".join(parts)


def readable(value: Any, depth: int = 1) -> str:
    """A value in a line of text: names bare, lists in [ ], records in ( ), long lists cut."""
    if value is None:
        return "–"
    if value is True or value is False:
        return "yes" if value else "no"
    if isinstance(value, dict):
        named = _name_of(value)
        if named is not None and depth > 1:
            return named
        if depth > 2:
            return f"{len(value)} {'entry' if len(value) == 1 else 'entries'}"
        return f"({readable_fields(value, depth)})"
    if isinstance(value, list | tuple):
        shown = [readable(item, depth + 1) for item in value[:LIST_SHOWN]]
        if len(value) > LIST_SHOWN:
            shown.append(f"… {len(value)} in all")
        return f"[{', '.join(shown)}]"
    return str(value)


def _name_of(record: dict[str, Any]) -> str | None:
    for key in NAME_KEYS:
        if isinstance(record.get(key), str) and record[key]:
            return record[key]
    return None


def logged_view(out: Console, answer: dict[str, Any]) -> None:
    """What `companion log` says: the match as history will show it."""
    from companion.ui.console import safe

    when = answer["when"][:16].replace("T", " ")
    shared = len(answer["winners"]) > 1
    outcome = (
        f"{answer['winner']} won"
        if answer["winner"]
        else ("shared first: " + ", ".join(answer["winners"]) if shared else "no winner")
    )
    if _solo(answer["game"]):
        reached = answer["winner"] is not None
        points = answer.get("goal")
        goal = f" ({points} points)" if points is not None else ""
        outcome = f"{'reached' if reached else 'short of'} the solo goal{goal}"
    line = f"{compact_result(answer)} — {outcome}"
    out.print(f"logged {answer['game']} match {answer['id']} ({when} UTC)", markup=False)
    out.print(safe(line), markup=False, highlight=False)
    record = [f"{answer['minutes']} min"] if "minutes" in answer else []
    if "location" in answer:
        how = {
            "config": " (the default: 'companion config location PLACE' changes it)",
            "last": " (the last one used: --location PLACE changes it)",
        }.get(answer.get("location_from") or "", "")
        record.append(f"at {answer['location']}{how}")
    if record:
        out.print(safe(", ".join(record)), markup=False, highlight=False)


def _solo(game: str) -> bool:
    from companion import registry

    kind = registry.kind(game)
    return bool(kind is not None and kind.log is not None and kind.log.solo)


def amended_view(out: Console, answer: dict[str, Any]) -> None:
    """What `history amend` says: what changed, and the result now."""
    from companion.ui.console import safe

    changed = ", ".join(
        f"{p} {_num(answer['was'].get(p))} → {_num(s)}"
        for p, s in answer["scores"].items()
        if answer["was"].get(p) != s
    )
    outcome = f"{answer['winner']} won" if answer["winner"] else "no single winner"
    out.print(f"amended {answer['game']} match {answer['id']}: {escape(safe(changed))}")
    out.print(safe(f"now {compact_result(answer)} — {outcome}"), markup=False, highlight=False)


T = TypeVar("T")

# --- stats ------------------------------------------------------------------


def _num(value: Any) -> str:
    if value is None:
        return "–"
    if isinstance(value, float) and not value.is_integer():
        return f"{value:.2f}".rstrip("0").rstrip(".")
    return str(int(value)) if isinstance(value, float) else str(value)


shown_number = _num  # a game's own lines (its spec's `stats_view`) print numbers alike


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{round(value * 100)}%"


shown_percent = _pct  # and percentages


def _rating(value: float | None) -> str:
    return "–" if value is None else f"{value:.1f}"


def _cells(text: str) -> int:
    """Terminal cells `text` takes (wide East Asian characters take two)."""
    if text.isascii():
        return len(text)
    from unicodedata import combining, east_asian_width

    return sum(0 if combining(c) else 2 if east_asian_width(c) in "WF" else 1 for c in text)


def text_table(
    columns: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[str] = ()
) -> list[str]:
    """A header line and one line per row, columns two spaces apart (rich's box=None look)."""
    widths = [max([_cells(c), *(_cells(r[i]) for r in rows)]) for i, c in enumerate(columns)]
    flush = [c in right for c in columns]

    def line(cells: Sequence[str]) -> str:
        parts = []
        for cell, width, to_right in zip(cells, widths, flush, strict=True):
            pad = " " * (width - _cells(cell))
            parts.append(pad + cell if to_right else cell + pad)
        return "  ".join(parts).rstrip()

    return [line(columns), *(line(r) for r in rows)]


def print_table(
    out: Console, columns: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[str] = ()
) -> None:
    """A plain table: the header in bold, the rows as literal text (names are not markup)."""
    head, *body = text_table(columns, rows, right)
    out.print(f"[bold]{escape(head)}[/bold]")
    if body:
        out.print("\n".join(body), markup=False, highlight=False)


STATS_COLUMNS = (
    "player",
    "plays",
    "wins",
    "win rate",
    "rating",
    "avg",
    "best",
    "streak",
    "nemesis",
    "favourite",
    "last played",
)
STATS_RIGHT = ("plays", "wins", "win rate", "rating", "avg", "best", "streak")
# The two columns whose names do not say what they count.
STATS_LEGEND = (
    "  nemesis: the opponent who beat them most · favourite: the opponent they beat most\n"
    "  rating: openskill's μ − 3σ, as 'history ratings --detail' shows it"
)


def stats_view(out: Console, doc: dict[str, Any], head_to_head: int | None = None) -> None:
    """The stats tables; at most `head_to_head` pairings (the most played), None for all."""
    if not doc["players"]:
        out.print("No finished matches to count.")
        return
    by_game: dict[str, list[dict[str, Any]]] = {}
    for row in doc["players"]:
        by_game.setdefault(row["game"], []).append(row)
    for game in doc["games"]:
        name = escape(game["game"])
        counts = f"{plural(game['plays'], 'play')}, {plural(game['players'], 'player')}"
        out.print(f"[bold]{name}[/bold] — {counts}")
        rows = [
            (
                row["player"],
                str(row["plays"]),
                str(row["wins"]),
                _pct(row["win_rate"]),
                _rating(row.get("rating")),
                _num(row["avg_score"]),
                _num(row["best_score"]),
                str(row["streak"]),
                row["nemesis"] or "–",
                row["favourite"] or "–",
                (row["last_played"] or "")[:10],
            )
            for row in by_game.get(game["game"], [])
        ]
        print_table(out, STATS_COLUMNS, rows, STATS_RIGHT)
        out.print(STATS_LEGEND, markup=False, highlight=False)
        extras = game_extra_lines(game)
        if extras:
            out.print("\n".join(f"  {line}" for line in extras), markup=False, highlight=False)
        out.print()
    h2h = doc["head_to_head"]
    if not h2h:
        return
    shown = h2h if head_to_head is None else most_played_pairings(h2h, head_to_head)
    out.print("[bold]head to head[/bold] (pairwise: you beat everyone ranked below you)")
    print_table(
        out,
        ("player", "opponent", "won", "lost", "tied"),
        [
            (r["player"], r["opponent"], str(r["wins"]), str(r["losses"]), str(r["ties"]))
            for r in shown
        ],
        ("won", "lost", "tied"),
    )
    if shown is not h2h:
        one_player = len({r["player"] for r in h2h}) == 1
        hint = (
            "--all for every one"
            if one_player
            else ("--all for every pairing both ways, --player P for one player's")
        )
        out.print(
            f"… the {len(shown)} most played of {pairings(h2h)} pairings ({hint})", markup=False
        )


def pairings(rows: list[dict[str, Any]]) -> int:
    return len({frozenset((r["player"], r["opponent"])) for r in rows})


def most_played_pairings(rows: list[dict[str, Any]], limit: int) -> list[dict[str, Any]]:
    """One row per pairing (from the side that won more), the most played first.

    All rows are kept (in their order) when there are no more than `limit`.
    """
    if len(rows) <= limit:
        return rows
    best: dict[frozenset[str], dict[str, Any]] = {}
    for row in rows:
        pair = frozenset((row["player"], row["opponent"]))
        kept = best.get(pair)
        if kept is None or row["wins"] > kept["wins"]:
            best[pair] = row
    ranked = sorted(
        best.values(),
        key=lambda r: (
            -(r["wins"] + r["losses"] + r["ties"]),
            r["player"].casefold(),
            r["opponent"].casefold(),
        ),
    )
    return ranked[:limit]


def game_extra_lines(game: dict[str, Any]) -> list[str]:
    """Under a game's row of `history stats`: its average score, then what the game's own
    view says of its own figures (its spec's `stats_view`)."""
    lines = []
    if "avg_score" in game:
        lines.append(f"average score: {_num(game.get('avg_score'))}")
    return [*lines, *_own_lines(game)]


def _own_lines(game: dict[str, Any]) -> list[str]:
    """What the game's own view adds (its spec's `stats_view(row) -> lines`)."""
    from companion import registry

    kind = registry.kind(game["game"])
    lines = registry.hook(kind, "stats_view")
    return list(lines(game) or ()) if lines is not None else []


# --- ratings ------------------------------------------------------------------

RATING_COLUMNS = ("rank", "player", "beats the field", "plays")
DETAIL_COLUMNS = ("rank", "player", "rating", "μ", "σ", "plays", "last 10")
RATING_LEGEND = "  beats the field: openskill's chance of beating one of the others, on average"


def _signed(value: float) -> str:
    return "±0.0" if round(value, 1) == 0 else f"{value:+.1f}"


def _chance(value: float | None) -> str:
    return "–" if value is None else f"{value:.0%}"


def ratings_view(out: Console, rows: list[dict[str, Any]], detail: bool = False) -> None:
    """One table per game, best first: as people read it (rank, chance against the field,
    plays), or with `detail` the numbers (rating μ − 3σ, μ, σ, change over the last 10)."""
    if not rows:
        out.print("No rated matches yet (a rating needs a finished match of two or more).")
        return
    by_game: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        by_game.setdefault(row["game"], []).append(row)
    for n, (game, listed) in enumerate(sorted(by_game.items())):
        if n:
            out.print()
        if detail:
            out.print(f"[bold]{escape(game)}[/bold] — rating = μ − 3σ, best first")
            shown = [
                (str(r["rank"]), r["player"], f"{r['rating']:.1f}", f"{r['mu']:.1f}",
                 f"{r['sigma']:.1f}", str(r["plays"]), _signed(r["change"]))
                for r in listed
            ]  # fmt: skip
            print_table(out, DETAIL_COLUMNS, shown, ("rank", *DETAIL_COLUMNS[2:]))
            continue
        out.print(f"[bold]{escape(game)}[/bold] — best first")
        shown = [
            (str(r["rank"]), r["player"], _chance(r["field"]), str(r["plays"])) for r in listed
        ]
        print_table(out, RATING_COLUMNS, shown, ("rank", "beats the field", "plays"))
    if not detail:
        out.print(RATING_LEGEND, markup=False, highlight=False)


# --- charts -----------------------------------------------------------------

BAR_WIDTH = 40
# Patterns as well as colours, so sides can be told apart without colour.
FILLS = (
    ("█", "cyan"),
    ("▒", "magenta"),
    ("░", "yellow"),
    ("▓", "green"),
    ("#", "red"),
    ("=", "blue"),
)


def _bar(value: float, top: float, fill: str, colour: str) -> str:
    size = 0 if top <= 0 else round(BAR_WIDTH * max(value, 0) / top)
    return f"[{colour}]{fill * size}[/{colour}]"


def chart_view(out: Console, chart: dict[str, Any]) -> None:
    """A chart document drawn: the core's own kinds, and any kind of labelled steps
    (`companion.engine.figures.step_chart`), whatever a game calls it."""
    views = {"scores": scores_view, "winrate": winrate_view, "series": series_strip}
    view = views.get(chart.get("kind")) or (step_chart if "steps" in chart else None)
    if view is None:
        from companion.engine.errors import BadInput
        from companion.ui.console import safe

        raise BadInput(f"a chart of kind {safe(str(chart.get('kind')))!r} cannot be drawn")
    view(out, chart)


def scores_view(out: Console, chart: dict[str, Any]) -> None:
    """The final scores as bars (a game logged by hand keeps nothing finer)."""
    players = chart["players"]
    final = chart["steps"][0]
    width = max(len(p) for p in players)
    top = max(final.values(), default=0)
    out.print(f"[bold]{escape(chart['game'])} {escape(chart['id'])}[/bold] — final score")
    for i, player in enumerate(players):
        fill, colour = FILLS[i % len(FILLS)]
        bar = _bar(final[player], top, fill, colour)
        out.print(f"{escape(player):<{width}} {bar} {_num(final[player])}")
    if chart.get("missing"):
        out.print(
            f"no {chart['missing']} recorded (a game logged by hand keeps the final score)",
            markup=False,
        )


def step_chart(out: Console, chart: dict[str, Any]) -> None:
    label, unit = str(chart.get("step") or "step"), str(chart.get("unit") or "points")
    players = chart["players"]
    steps = chart["steps"]
    prefix = label[0].upper()
    labels = chart.get("labels") or [f"{prefix}{n}" for n in range(1, len(steps) + 1)]
    width = max(len(p) for p in players)
    legend = "  ".join(f"{FILLS[i % len(FILLS)][0]} {p}" for i, p in enumerate(players))
    then = str(chart.get("then") or "")
    title = escape(f"{chart['game']} {chart['id']}")
    out.print(f"[bold]{title}[/bold] — {escape(f'{unit} by {label}{then}')}   {escape(legend)}")
    top = max((v for s in steps for v in s.values()), default=0)
    for n, step in enumerate(steps):
        for i, player in enumerate(players):
            fill, colour = FILLS[i % len(FILLS)]
            head = labels[n] if i == 0 else ""
            out.print(
                f"{head:>3} {escape(f'{player:<{width}}')} {_bar(step[player], top, fill, colour)} "
                f"{_num(step[player])}"
            )
    totals = ", ".join(f"{p} {_num(chart['cumulative'][p][-1])}" for p in players)
    running = "  ".join(
        f"{labels[n]} " + "–".join(_num(chart["cumulative"][p][n]) for p in players)
        for n in range(len(steps))
    )
    out.print(f"running: {running}", markup=False)
    out.print(f"after {labels[-1]}: {escape(totals)}")


def winrate_view(out: Console, chart: dict[str, Any]) -> None:
    player = escape(chart["player"])
    out.print(f"[bold]{player}[/bold] — win rate by month (▇ that month, │ overall so far)")
    for point in chart["points"]:
        size = round(BAR_WIDTH * point["win_rate"])
        mark = round(BAR_WIDTH * point["cumulative_win_rate"])
        cells = ["▇" if i < size else " " for i in range(BAR_WIDTH)]
        cells.insert(min(mark, BAR_WIDTH), "│")
        out.print(
            f"{point['month']} {''.join(cells)} {_pct(point['win_rate']):>4} "
            f"({point['wins']}/{point['plays']}; overall {_pct(point['cumulative_win_rate'])})",
            markup=False,
        )


SERIES_GAMES = 7


def series_strip(out: Console, chart: dict[str, Any]) -> None:
    """Header with the series score, a strip of winners, then one line per game.

    Each game names both sides with their own score and (H)ome/(A)way, then
    ✓ and the winner, so no score can be read as the other side's.
    """
    sides = chart["players"]
    fills = {side: FILLS[i % len(FILLS)] for i, side in enumerate(sides)}
    wins = " – ".join(f"{escape(p)} {chart['wins'].get(p, 0)}" for p in sides)
    legend = "  ".join(f"{fills[p][0]} {escape(p)}" for p in sides)
    decided = f" — {escape(chart['winner'])} won the series" if chart.get("winner") else ""
    out.print(f"[bold]series {chart['id']}[/bold]: {wins}{decided}   {legend}")
    games = chart["games"]
    slots = len(games) if chart.get("winner") else max(SERIES_GAMES, len(games))
    cells = []
    for n in range(slots):
        if n >= len(games):
            cells.append("·")
            continue
        fill, colour = fills.get(games[n]["winner"], ("?", ""))
        cells.append(f"[{colour}]{escape(fill)}[/{colour}]" if colour else escape(fill))
    out.print("winners: " + " ".join(cells))
    for game in games:
        score = game["score"]
        marks = {game.get("home"): "H", game.get("away"): "A"}
        named = [f"{p} ({marks.get(p, '-')})" for p in sides]
        if isinstance(score, dict):
            line = " – ".join(
                f"{name} {_num(score.get(p)):>3}" for name, p in zip(named, sides, strict=True)
            )
        else:
            line = " – ".join(named) + (f"  {score}" if score else "")
        won = f"✓ {game['winner']}" if game.get("winner") else "no winner"
        out.print(escape(f"G{game['number']}  {line}  {won}"), highlight=False)
    for n in range(len(games) + 1, slots + 1):
        out.print(f"G{n}  –", markup=False)


# --- players and progress ---------------------------------------------------


def players_view(out: Console, rows: list[dict[str, Any]]) -> None:
    if not rows:
        out.print("No players yet.")
        return
    print_table(
        out,
        ("player", "matches", "last played", "also typed as"),
        [
            (
                row["player"],
                str(row["matches"]),
                (row["last_played"] or "")[:10],
                ", ".join(row["aliases"]),
            )
            for row in rows
        ],
    )


class Progress:
    """A progress bar on stderr when it is a terminal; silent otherwise."""

    def __init__(self, label: str, total: int | None) -> None:
        import sys

        self.bar = None
        if sys.stderr.isatty():
            from rich.console import Console as RichConsole
            from rich.progress import Progress as RichProgress

            self.bar = RichProgress(console=RichConsole(stderr=True), transient=True)
            self.task = self.bar.add_task(label, total=total)

    def __enter__(self) -> Progress:
        if self.bar is not None:
            self.bar.start()
        return self

    def step(self, item: T) -> T:
        """Count one item and pass it on (for generators)."""
        self.advance()
        return item

    def advance(self, n: int = 1) -> None:
        if self.bar is not None:
            self.bar.advance(self.task, n)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()
