"""`companion log`: a game played without the companion, recorded in one command.

The options every game shares are written here; each game's own (`--tribe`, `--songs`, a
plug-in's) are read from the specs (`Logged.options`) when the command is built, so a
plug-in adds its options the same way a built-in game does.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Annotated, Any

import typer

from companion.cli.common import JsonOption, NewOption, WhenOption, emit, open_store


def _log(
    ctx: typer.Context,
    game: Annotated[
        str,
        typer.Argument(
            metavar="GAME",
            help="The game: its command's name, or its solo kind's (Tab lists every one).",
        ),
    ],
    scores: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="NAME=SCORE...",
            help="Each player's final score (a solo round: just the POINTS).",
        ),
    ] = None,
    when: WhenOption = None,
    note: Annotated[
        str | None, typer.Option("--note", metavar="TEXT", help="A note kept with the match.")
    ] = None,
    minutes: Annotated[
        int | None,
        typer.Option("--minutes", metavar="N", help="How long it took, in minutes."),
    ] = None,
    location: Annotated[
        str | None,
        typer.Option(
            "--location",
            metavar="PLACE",
            help="Where it was played (default: 'config location', else the last one given).",
        ),
    ] = None,
    player: Annotated[
        str | None,
        typer.Option("--player", metavar="NAME", help="A solo round: who played (default: solo)."),
    ] = None,
    new: NewOption = None,
    json: JsonOption = False,
    **own: object,
) -> None:
    """Log a finished game played without the companion: its final scores, ranked by its rules.

    The match joins history like any tracked one (list, show, stats, ratings,
    charts, exports); 'history amend' corrects it, 'history undo' or
    'history delete' removes it.
    """
    from companion.history.log import LogRequest
    from companion.tables import log_game

    request = LogRequest(
        game=game,
        entries=tuple(scores or ()),
        when=when,
        note=note,
        player=player,
        minutes=minutes,
        location=location,
        new=tuple(new or ()),
        own={key: tuple(value) if isinstance(value, list) else value for key, value in own.items()},
    )
    answer = log_game(open_store(ctx), request).to_json()

    def render(out):
        from companion.ui.history import logged_view

        logged_view(out, answer)

    emit(answer, json, render)


def _with_game_options(function: Callable[..., None]) -> Callable[..., None]:
    """`function` with one more keyword parameter per game option, placed before `--json`."""
    from companion.history.log import log_options, loggable

    signature = inspect.signature(function, eval_str=True)
    shared = [p for p in signature.parameters.values() if p.kind is not p.VAR_KEYWORD]
    own = []
    taken = {p.name for p in shared} | {"help"}
    flags = {"--" + p.name.replace("_", "-") for p in shared} | {"--help"}
    for option in log_options():
        if not option.key.isidentifier() or option.key in taken or option.flag in flags:
            from companion import registry

            game = next(k for k, kind in loggable().items() if option in kind.log.options)
            registry.warn(
                registry.family(game),
                f"has a log option that could not be added: {option.flag} ({option.key}) "
                "is taken or not a name",
            )
            continue
        taken.add(option.key)
        flags.add(option.flag)
        kind: Any = list[str] | None if option.several else str | None
        info = typer.Option(option.flag, metavar=option.metavar, help=option.help)
        own.append(
            inspect.Parameter(
                option.key,
                inspect.Parameter.KEYWORD_ONLY,
                default=None,
                annotation=Annotated[kind, info],
            )  # fmt: skip
        )
    # After the shared options, before the solo round's --player (and --json), as in --help
    # before the options moved into the games.
    at = next(n for n, p in enumerate(shared) if p.name == "player")
    keyword = [p.replace(kind=p.KEYWORD_ONLY) for p in shared[2:]]
    params = [*shared[:2], *keyword[: at - 2], *own, *keyword[at - 2 :]]

    def log(**given: Any) -> None:
        function(**given)

    def hidden_options(params: dict[str, Any]) -> set[str]:
        """Tab on an option of `log GAME`: the other games' own options are not offered."""
        from companion.history.log import loggable

        kinds, game = loggable(), params.get("game")
        if not isinstance(game, str) or game not in kinds:
            return set()
        mine = {o.flag for o in kinds[game].log.options}
        return {o.flag for kind in kinds.values() for o in kind.log.options} - mine

    log.hidden_options = hidden_options  # type: ignore[attr-defined]
    log.__doc__ = function.__doc__
    log.__signature__ = signature.replace(parameters=params)  # type: ignore[attr-defined]
    log.__annotations__ = {p.name: p.annotation for p in params}
    return log


def __getattr__(name: str) -> Any:
    """`log`, built with every game's options on first use: reading every game's log
    options and the history's parsers is most of what importing this module cost, and a
    list of commands (--help) needs none of it (`LISTED`)."""
    if name != "log":
        raise AttributeError(name)
    built = globals()["log"] = _with_game_options(_log)
    return built


# What a list of commands shows of `log`: its help, which is `_log`'s (companion.cli.common
# .listed_command).
LISTED: dict[str, Callable[..., None]] = {"log": _log}
