"""An All Stars Playlist game played without the companion: points per player, or a solo round.

Players with the same points share the rank (the rulebook names no
tie-breaker for the multiplayer game), unless the table names the winner of a tie
for first (`--tie-winner`, the guided log's tie question). A total below what any playlist can
score is refused: only negative cards go below zero (the table's catalogue says
which there are), and 15 songs bring the 15-song bonus and genre bonuses. A solo
round is played without negative cards ("take out the bonus and negative
cards") and is won by reaching the goal ("a playlist with at least 10 points").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.engine.errors import BadInput
from companion.games.playlist.rules.cards import rules
from companion.games.playlist.rules.scoring import genre_bonus
from companion.games.playlist.rules.solo import Goal, default_goal

MIN_PLAYERS = 2


def _ranks(scores: Mapping[str, int]) -> dict[str, int]:
    return {p: 1 + sum(1 for s in scores.values() if s > v) for p, v in scores.items()}


def _check_songs(songs: Mapping[str, int]) -> None:
    for name, count in songs.items():
        if count < 0:
            raise BadInput(f"{name} {count} songs: a playlist cannot have fewer than none")


def lowest_total(songs: int | None, negatives: Sequence[int]) -> tuple[int, str]:
    """The fewest points a playlist can score, and why: `songs` long (None: unknown), with
    the catalogue's negative cards' points `negatives` the only ones below 0."""
    scoring, genres = rules()["scoring"], rules()["genres"]["max_in_play"]
    worst = sorted(v for v in negatives if v < 0)
    cards = sum(worst if songs is None else worst[:songs])
    if songs is None:
        return cards, "the catalogue's negative cards"
    bonus = scoring["length_bonus_points"] if songs >= scoring["length_bonus_songs"] else 0
    # Spread evenly over the most genres in play, `songs` cards earn the fewest genre bonuses.
    spread = [songs // genres + (i < songs % genres) for i in range(genres)]
    genre = sum(genre_bonus(n) for n in spread)
    parts = [f"the 15-song bonus {bonus}"] if bonus else []
    if genre:
        parts.append(f"genre bonuses at least {genre} for {songs} songs in at most {genres} genres")
    if cards:
        parts.append(f"the catalogue's negative cards {cards}")
    return bonus + genre + cards, ", ".join(parts) or "no card scores below 0"


def _check_totals(
    scores: Mapping[str, int], songs: Mapping[str, int], negatives: Sequence[int] | None
) -> None:
    if negatives is None:  # the catalogue is not known here: checked when logged
        return
    for name, points in scores.items():
        length = songs.get(name)
        floor, why = lowest_total(length, negatives)
        if points >= floor:
            continue
        if length is None and floor == 0:
            raise BadInput(
                f"{name} {points} points: only negative cards score below 0, and the catalogue "
                "has none",
                hint="add them with 'companion playlist cards add GENRE/POINTS/ICONS "
                "--kind negative'",
            )
        if length is None:
            raise BadInput(f"{name} {points} points: a playlist scores at least {floor} ({why})")
        raise BadInput(
            f"{name} {points} points with {length} songs: a playlist of {length} songs scores "
            f"at least {floor} ({why})"
        )


def logged_result(
    scores: Mapping[str, int],
    songs: Mapping[str, int] | None = None,
    negatives: Sequence[int] | None = None,
    tie_winner: str | None = None,
) -> dict[str, Any]:
    """Ranks by points (ties share, unless the table names the `tie_winner` of a tie for
    first); `songs` is each playlist's length, when known; `negatives` the points of the
    catalogue's negative cards (None: not checked)."""
    from companion.games.playlist.rules.game import break_tie

    if len(scores) < MIN_PLAYERS:
        raise BadInput(
            f"All Stars Playlist needs at least {MIN_PLAYERS} players (got {len(scores)})",
            hint="log a solo round with 'companion log playlist-solo POINTS'",
        )
    _check_songs(songs or {})
    _check_totals(scores, songs or {}, negatives)
    ranks = break_tie(_ranks(scores), tie_winner)
    top = [p for p, r in ranks.items() if r == 1]
    result: dict[str, Any] = {
        "scores": dict(scores),
        "ranks": ranks,
        "winner": top[0] if len(top) == 1 else None,
    }
    if songs:
        result["lengths"] = dict(songs)
    return result


def logged_solo(
    player: str, points: int, songs: int | None = None, goal: Goal | None = None
) -> dict[str, Any]:
    """A solo round: won when its playlist reaches the goal (the table's, else the default)."""
    goal = goal or default_goal()
    if points < 0:
        raise BadInput(f"{points} points: a solo playlist has no negative cards")
    result: dict[str, Any] = {
        "scores": {player: points},
        "ranks": {player: 1},
        "winner": player if goal.wins(points) else None,
        "goal": goal.points,
        "goal_reading": goal.reading,
    }
    if songs is not None:
        _check_songs({player: songs})
        result["lengths"] = {player: songs}
    return result


def ranked(scores: Mapping[str, int], context: Mapping[str, Any]) -> dict[str, Any]:
    chosen = context.get("tie_winner")
    if context.get("kept") and scores:
        # an amendment keeps the table's choice only while its scores still tie for first
        top = max(scores.values())
        if sum(v == top for v in scores.values()) < 2 or scores.get(chosen) != top:
            chosen = None
    return logged_result(scores, context.get("songs"), context.get("negatives"), chosen)


def ranked_solo(scores: Mapping[str, int], context: Mapping[str, Any]) -> dict[str, Any]:
    if len(scores) != 1:
        raise BadInput(f"a solo round has one player (got {len(scores)})")
    ((player, points),) = scores.items()
    songs = context.get("songs") or {}
    return logged_solo(player, points, songs.get(player), context.get("goal"))


def prepare(request: Any, players: list[str]) -> tuple[dict[str, Any], dict[str, Any]]:
    """`companion log`'s `--songs NAME=N`: each playlist's length, when known."""
    from companion.engine.entries import parse_per_player

    context: dict[str, Any] = {}
    typed = request.own.get("songs")
    if typed:
        context["songs"] = parse_per_player(typed, players, "--songs", "N")
    chosen = request.own.get("tie_winner")
    if chosen and chosen.strip().casefold() not in ("none", "shared"):
        context["tie_winner"] = chosen.strip()
    return {}, context


def prepare_solo(request: Any, players: list[str]) -> tuple[dict[str, Any], dict[str, Any]]:
    options, context = prepare(request, players)
    return {**options, "mode": "solo"}, context


def amend_context(match: Mapping[str, Any]) -> dict[str, Any]:
    from companion.games.playlist.rules.game import tie_winner_of

    result = match.get("result") or {}
    context = {"songs": result["lengths"]} if isinstance(result.get("lengths"), dict) else {}
    chosen = tie_winner_of(result)
    if chosen is not None:
        context.update(tie_winner=chosen, kept=True)
    return context


def amend_solo_context(match: Mapping[str, Any]) -> dict[str, Any]:
    """The lengths, and the goal the round was played to (as it was then)."""
    result = match.get("result") or {}
    context = amend_context(match)
    if isinstance(result.get("goal"), int):
        context["goal"] = Goal(result["goal"], result.get("goal_reading") == "more-than")
    return context
