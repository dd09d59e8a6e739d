"""The questions that set up a Valley Hoopers match in guided play (`hoopers.start`).

Asked as one `steps.form`: undo goes back exactly one question and keeps what was typed
(the names, the tribes) as the defaults. The game's words get one plain line each, and
`?` explains them at length (quoting the rulebook).
"""

from __future__ import annotations

from typing import Any

from companion.engine.errors import BadInput
from companion.engine.names import possessive
from companion.ui.guided import prompts
from companion.ui.guided.steps import SKIP, Form, form

LINE_UPS_SAID = (
    "  A line-up is the seven of the ten hoopers a team plays with, five of them on court."
)
LINE_UPS_EXPLAINED = (
    "The rulebook's Setup: \"Select seven out of ten hoopers: this is your team for the\n"
    'match" and "Place your starting five hoopers"; "Place the remaining hoopers on the two\n'
    'bench spaces". With a line-up only the five on court act, and substitutions move\n'
    "hoopers between court and bench. No (the default): every hooper of the tribe stays\n"
    "usable and the table keeps the line-up on its boards."
)
DRAFT = "draft"
DRAFT_EXPLAINED = (
    '\ndraft: the Draft variant. "Place all the hoopers on the table ... Choose randomly a\n'
    "first player who will start the draft by selecting one hooper, then the opponent will\n"
    'select two hoopers", then the hooper upgrades and the deck upgrades are drafted the\n'
    'same way; "You will not use the milestones during the game."'
)
MILESTONES_SAID = (
    "  Milestones: the team that wins a period earns a hooper upgrade card (win, the rulebook's"
    " way)."
)
MILESTONES_EXPLAINED = (
    'The rulebook, "Milestones: Every Period Matters": "you will achieve an hooper upgrade by\n'
    'scoring the highest number of points by considering only one period"; a tied period\n'
    "earns nothing. Friendly Play flips markers to the LOSE side: the period's loser earns\n"
    "it instead. Type win (every period, the default), lose, off (no milestones), or one\n"
    "setting per period with a marker, e.g. win,lose,win."
)


def ask_setup(store: Any) -> dict[str, Any] | None:
    """The match's setup, or None when the table backed out (undo at the first question)."""
    from companion.games.hoopers.rules.match import tribes
    from companion.games.hoopers.table import roster
    from companion.ui.guided.steps import people, players_seen

    names = list(tribes())
    seen = players_seen(store)

    def home(f: Form) -> str:
        typed = prompts.ask(
            "Home team (a player's name)?", f.earlier("home", "Home"), _name, complete=seen
        )
        return people(store, [typed])[0]

    def away(f: Form) -> str:
        others = [p for p in seen if p != f["home"]]

        def other_name(text: str) -> str:
            name = _name(text)
            if name.casefold() == f["home"].casefold():
                raise BadInput(f"{name} is the home team: type the other player's name")
            return name

        typed = prompts.ask("Away team?", f.earlier("away", "Away"), other_name, complete=others)
        return people(store, [typed])[0]

    def home_tribe(f: Form) -> str:
        return prompts.choose(f"{f['home']}'s tribe?", names, f.earlier("home_tribe", names[0]))

    def away_tribe(f: Form) -> str:
        # One box holds one team of each tribe: the default is the tribe not yet taken.
        other = next((t for t in names if t != f["home_tribe"]), names[0])
        return prompts.choose(f"{f['away']}'s tribe?", names, other)

    def line_ups(f: Form) -> bool | str:
        prompts.say(LINE_UPS_SAID)
        answer = prompts.choose(
            "Give the line-ups (seven hoopers, five of them on court), or draft the teams?",
            ["yes", "no", DRAFT],
            {True: "yes", False: "no"}.get(f.earlier("line_ups", False), DRAFT),
            explain=LINE_UPS_EXPLAINED + DRAFT_EXPLAINED,
        )
        return DRAFT if answer == DRAFT else answer == "yes"

    def drafted(f: Form) -> bool:
        return f["line_ups"] == DRAFT

    def team_of(f: Form, side: str) -> tuple[str, list[str]]:
        team = f[side]
        return team, roster(team, f[f"{side}_tribe"], None)

    def seven(side: str) -> Any:
        def question(f: Form) -> Any:
            if f["line_ups"] is not True:
                return SKIP
            team, hoopers = team_of(f, side)
            return _ask_seven(team, hoopers)

        return question

    def five(side: str) -> Any:
        def question(f: Form) -> Any:
            if f["line_ups"] is not True:
                return SKIP
            team, hoopers = team_of(f, side)
            return _ask_five(team, hoopers, f[f"seven_{side}"])

        return question

    def first_pick(f: Form) -> Any:
        if not drafted(f):
            return SKIP
        choices = ["random", f["home"], f["away"]]
        return prompts.choose("Who chooses first in the draft?", choices, "random")

    def milestones(f: Form) -> str:
        if drafted(f):  # "You will not use the milestones during the game."
            return SKIP
        prompts.say(MILESTONES_SAID)
        return prompts.ask(
            "Period milestones (Friendly Play: win, lose, off, or one per period)?",
            f.earlier("milestones", "win"),
            _milestones,
            explain=MILESTONES_EXPLAINED,
        )

    def first(f: Form) -> str:
        return prompts.choose("Who attacks first?", ["roll", f["home"], f["away"]], "roll")

    done = form(
        [
            ("home", home),
            ("away", away),
            ("home_tribe", home_tribe),
            ("away_tribe", away_tribe),
            ("line_ups", line_ups),
            ("seven_home", seven("home")),
            ("five_home", five("home")),
            ("seven_away", seven("away")),
            ("five_away", five("away")),
            ("first_pick", first_pick),
            ("milestones", milestones),
            ("first", first),
        ]
    )
    if done is None:
        return None
    teams = {side: done[side] for side in ("home", "away")}
    rosters = {done[s]: roster(done[s], done[f"{s}_tribe"], None) for s in teams}
    sevens = {done[s]: done[f"seven_{s}"] for s in teams if done.get(f"seven_{s}")}
    fives = {done[s]: done[f"five_{s}"] for s in teams if done.get(f"five_{s}")}
    draft = done["line_ups"] == DRAFT
    return {
        **done.answers,
        "milestones": "off" if draft else done["milestones"],
        "draft": draft,
        "rosters": rosters,
        "sevens": sevens,
        "fives": fives,
    }


def _ask_seven(team: str, roster: list[str]) -> list[str]:
    from companion.games.hoopers.rules.match import line_up
    from companion.games.hoopers.table import names

    prompts.say(f"  {possessive(team)} hoopers: {', '.join(roster)}", markup=False)

    def seven(text: str) -> list[str]:
        chosen = names(text) or []
        return line_up(team, roster, chosen, None)[0]

    return prompts.ask(
        f"{possessive(team)} seven (comma separated)?", "", seven, complete=roster, several=True
    )


def _ask_five(team: str, roster: list[str], picked: list[str]) -> list[str]:
    from companion.games.hoopers.rules.match import line_up
    from companion.games.hoopers.table import names

    def five(text: str) -> list[str]:
        chosen = names(text) or []
        line_up(team, roster, picked, chosen)
        return chosen

    prompts.say("  name=POS puts a hooper on another Position token (PG SG SF PF C)")
    return prompts.ask(
        f"{possessive(team)} five on court?", "", five, complete=picked, several=True
    )


def _milestones(text: str) -> str:
    """'win', 'lose', 'off', or one per period with a marker ('win,lose,win'); checked."""
    from companion.games.hoopers.rules.variants import parse_milestones

    parse_milestones(text)
    return text


def _name(text: str) -> str:
    """One player's name (a team is named after its player)."""
    from companion.engine.decks import parse_players

    if "," in text:
        raise BadInput("one name here: the other team is asked next")
    return parse_players([text], low=1, high=1)[0]
