"""`companion log`: a game played without the companion, recorded in one command."""

from __future__ import annotations

from typing import Annotated

import typer

from companion.cli.common import JsonOption, NewOption, emit, open_store


def log(
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
    when: Annotated[
        str | None,
        typer.Option(
            "--when",
            metavar="DATE",
            help="When it was played: YYYY-MM-DD[ HH:MM], local time (default: now).",
        ),
    ] = None,
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
    tribe: Annotated[
        list[str] | None,
        typer.Option("--tribe", metavar="NAME=TRIBE", help="Valley Hoopers: a team's tribe."),
    ] = None,
    home: Annotated[
        str | None, typer.Option("--home", metavar="NAME", help="Valley Hoopers: the home team.")
    ] = None,
    playoff: Annotated[
        list[str] | None,
        typer.Option(
            "--playoff",
            metavar="NAME=POINTS",
            help="All-Star Draft: Supporters won in the Play-Offs (they break a tie).",
        ),
    ] = None,
    songs: Annotated[
        list[str] | None,
        typer.Option(
            "--songs", metavar="NAME=N", help="All Stars Playlist: how many songs a player laid."
        ),
    ] = None,
    order: Annotated[
        str | None,
        typer.Option(
            "--order",
            metavar="A,B,C",
            help="OT Fantasy Draft: round 7's turn order (a tie goes to the latest).",
        ),
    ] = None,
    player: Annotated[
        str | None,
        typer.Option("--player", metavar="NAME", help="A solo round: who played (default: solo)."),
    ] = None,
    new: NewOption = None,
    json: JsonOption = False,
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
        tribes=tuple(tribe or ()),
        home=home,
        playoff=tuple(playoff or ()),
        songs=tuple(songs or ()),
        order=order,
        player=player,
        minutes=minutes,
        location=location,
        new=tuple(new or ()),
    )
    answer = log_game(open_store(ctx), request).to_json()

    def render(out):
        from companion.ui.history import logged_view

        logged_view(out, answer)

    emit(answer, json, render)
