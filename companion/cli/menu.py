"""`companion` with no command: a menu on a terminal, the help anywhere else."""

from __future__ import annotations

from typing import Any

import typer

GAMES = ("hoopers", "allstar", "playlist", "otdraft")
# Where a game without a guided start begins (its own commands ask the rest).
START_HINTS = {
    "allstar": "companion allstar season start --players A,B,C",
    "playlist": "companion playlist --help",
    "otdraft": "companion otdraft game start --help",
}
DICE = ("d20", "d8", "d6", "2d6")
# game -> (module, function(store, seed=None)) of its guided flow
PLAY_FLOWS = {
    "hoopers": ("companion.ui.guided.hoopers", "play_turns"),
    "allstar": ("companion.ui.guided.allstar", "play_season"),
    "playlist": ("companion.ui.guided.playlist", "play_game"),
    "otdraft": ("companion.ui.guided.otdraft", "play_draft"),
}
# What "go on" means in each game, for the menu's question.
NEXT_STEP = {
    "hoopers": "the next attacking turn",
    "allstar": "the next round",
    "playlist": "the next turns",
    "otdraft": "the next picks",
}


def no_command(ctx: typer.Context) -> None:
    """A menu on a terminal; otherwise print help and exit 0 (never wait for input)."""
    from companion.ui.guided.prompts import on_terminal

    if not on_terminal():
        typer.echo(ctx.get_help())
        raise typer.Exit(0)
    from companion.ui.guided.prompts import guarded

    with guarded():
        _menu(ctx)
    raise typer.Exit(0)


def _run(ctx: typer.Context, *args: str) -> int:
    """Run one of the companion's own commands, on the same database."""
    root = ctx.find_root()
    db = root.params.get("db")
    argv = (["--db", db] if db else []) + list(args)
    code = root.command.main(args=argv, prog_name="companion", standalone_mode=False)
    if code == 130:
        raise KeyboardInterrupt
    return code if isinstance(code, int) else 0


def _menu(ctx: typer.Context) -> None:
    from companion.cli.common import open_store
    from companion.cli.watch import live_matches
    from companion.ui.guided import prompts

    store = open_store(ctx)
    prompts.say("[bold]Table Companion[/bold] — Ctrl-C leaves at any time.")
    while True:
        live = {m["game"]: m for m in live_matches(store)}
        for game, match in live.items():
            prompts.say(f"  live: {game} match {match['id']} ({', '.join(match['players'])})")
        resume = [f"continue {g}" for g in live]
        actions = [*resume, "start a game", "roll dice", "history", "quit"]
        try:
            picked = prompts.choose("What now?", actions, actions[0])
        except prompts.Undo:
            prompts.say("  nothing to undo here: 'companion <game> match undo' takes back an event")
            continue
        if picked == "quit":
            return
        if picked.startswith("continue "):
            _continue(ctx, store, live[picked.removeprefix("continue ")])
        elif picked == "start a game":
            _start(ctx, store)
        elif picked == "roll dice":
            die = prompts.ask("Which die?", "d20", _check_die, choices=" / ".join(DICE))
            _run(ctx, "roll", die)
        else:
            _run(ctx, "history", "list", "--limit", "10")


def _check_die(text: str) -> str:
    from companion.engine.dice import parse_dice

    return parse_dice(text).text


def _continue(ctx: typer.Context, store: Any, match: dict[str, Any]) -> None:
    from companion.cli.watch import frame
    from companion.ui.guided import prompts

    prompts.console().print(frame(match))
    flow = PLAY_FLOWS.get(match["game"])
    if flow is None:
        prompts.say(f"  record with 'companion {match['game']} …'; 'companion watch' follows it")
        return
    try:
        step = NEXT_STEP.get(match["game"], "on")
        go = prompts.yes_no(f"Play {step} of this {match['game']} match?", True)
    except prompts.Undo:
        return
    if go:
        _play(store, match["game"])


def _play(store: Any, game: str) -> None:
    import importlib

    from companion.engine.errors import CompanionError
    from companion.ui.guided import prompts

    module_name, function = PLAY_FLOWS[game]
    try:
        getattr(importlib.import_module(module_name), function)(store)
    except CompanionError as err:  # e.g. the match is over: say so, back to the menu
        prompts.say(f"error: {err.line()}")


def _start(ctx: typer.Context, store: Any) -> None:
    from companion.ui.guided import prompts

    try:
        game = prompts.choose("Which game?", GAMES, "hoopers")
    except prompts.Undo:
        return
    if game != "hoopers":
        prompts.say(f"  start it with: {START_HINTS[game]}")
        return
    if start_hoopers(ctx):
        try:
            if prompts.yes_no("Play the first attacking turn now?", True):
                _play(store, "hoopers")
        except prompts.Undo:
            return


def start_hoopers(ctx: typer.Context) -> bool:
    """Ask for the teams, tribes and first attacker, then start a hoopers match.

    True when the match started; False when the table backed out (undo) or
    `hoopers match start` refused (its error line is already printed).
    Used by the menu and by `companion hoopers play` when no match is live.
    """
    from companion.games.hoopers.match import tribes
    from companion.ui.guided import prompts

    names = list(tribes())
    try:
        home = prompts.ask("Home team (a player's name)?", "Home", _name)
        away = prompts.ask("Away team?", "Away", _name)
        home_tribe = prompts.choose(f"{home}'s tribe?", names, names[0])
        away_tribe = prompts.choose(f"{away}'s tribe?", names, names[-1])
        first = prompts.choose("Who attacks first?", ["roll", home, away], "roll")
    except prompts.Undo:
        return False
    code = _run(
        ctx,
        "hoopers", "match", "start", "--home", home, "--away", away,
        "--home-tribe", home_tribe, "--away-tribe", away_tribe, "--first", first,
    )  # fmt: skip
    return code == 0


def _name(text: str) -> str:
    from companion.engine.decks import parse_players

    return parse_players([text], low=1, high=1)[0]
