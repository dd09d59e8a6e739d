"""The Draft variant ('Variants: Draft'): who picks which card, in the rulebook's order.

"Choose randomly a first player who will start the draft by selecting one hooper, then
the opponent will select two hoopers, then the first player takes two hoopers, and so on
until the first player has completed a team of seven hoopers, then the second player has
his last choice." The hooper upgrades follow ("The player who ended the hoopers draft now
begins by selecting just one upgrade ... (three hooper upgrades for each player)"), then
the deck upgrades, dealt in two decks of 9 ("proceed as before by changing the starting
player, the last card remaining will be discarded. Repeat the process with the second
deck"). "You will not use the milestones during the game." "If you have an unequal
number of stellar hooper, then the second player starts the hooper's draft by
discarding one hooper."

A draft match keeps its draft in the match's options (the pool, the first chooser, the
two decks as dealt) and its picks as `pick` events: the drafted hoopers become the teams.

Pure: no I/O.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.engine.errors import BadInput, RuleViolation
from companion.engine.names import match_prefix
from companion.games.hoopers.data import load
from companion.games.hoopers.rules.errors import NotYourTurn

TEAM, UPGRADES_EACH, DECK_EACH = 7, 3, 4  # a team of seven; 3 hooper upgrades; 4 a deck
DECK_SIZE = 9  # "divide them in two decks of 9"
# The hooper upgrade deck and how many of each card (data/game.toml, [draft]).
HOOPER_UPGRADES: dict[str, int] = dict(load("game")["draft"]["hooper_upgrades"])


def deck_upgrades() -> dict[str, int]:
    """The deck upgrades: "all the 8 action upgrades with the position upgrade from the
    player pack" — each tribe's four action upgrades (rules/deck.py) and two of each
    position upgrade."""
    from companion.games.hoopers.rules.deck import POSITIONS, action_upgrades

    positions = {f"position-{p.upper()}": copies for p, copies in POSITIONS.items()}
    return dict.fromkeys(action_upgrades().values(), 1) | positions


KINDS = {
    "discard": "a hooper to discard",
    "hooper": "a hooper",
    "hooper-upgrade": "a hooper upgrade",
    "deck-upgrade": "a deck upgrade",
}
# Each step's words, for a pick made out of turn.
ORDER_WORDS = {
    "discard": '"the second player starts the hooper\'s draft by discarding one hooper"',
    "hooper": '"by selecting one hooper, then the opponent will select two hoopers, then the '
    'first player takes two hoopers, and so on"',
    "hooper-upgrade": '"The player who ended the hoopers draft now begins by selecting just '
    'one upgrade, then the opponent chooses two upgrades"',
    "deck-upgrade": '"proceed as before by changing the starting player"',
}


def one_two_two(first: str, second: str, each: int) -> list[str]:
    """Who chooses each card: `first` one, then two by two in turn, until both have `each`
    (the last choice is one card)."""
    order, counts, who = [first], Counter([first]), second
    while len(order) < 2 * each:
        take = min(2, each - counts[who])
        order += [who] * take
        counts[who] += take
        who = first if who == second else second
    return order


def deal_decks(rng: Any) -> list[list[str]]:
    """ "Shuffle the 18 deck upgrades translucent cards and divide them in two decks of 9"."""
    cards = [name for name, copies in deck_upgrades().items() for _ in range(copies)]
    shuffled = rng.shuffled(cards)
    return [shuffled[:DECK_SIZE], shuffled[DECK_SIZE:]]


@dataclass(frozen=True)
class Step:
    kind: str  # discard, hooper, hooper-upgrade, deck-upgrade
    team: str
    deck: int = 0  # a deck upgrade's deck: 1 or 2


def steps_of(first: str, second: str, discard: bool) -> list[Step]:
    """Every choice of the draft, in order (see the module's docstring; Rulings in
    docs/hoopers.md: the second deck changes the starting player again)."""
    steps = [Step("discard", second)] if discard else []
    steps += [Step("hooper", t) for t in one_two_two(first, second, TEAM)]
    # "The player who ended the hoopers draft now begins" (the second player).
    steps += [Step("hooper-upgrade", t) for t in one_two_two(second, first, UPGRADES_EACH)]
    steps += [Step("deck-upgrade", t, 1) for t in one_two_two(first, second, DECK_EACH)]
    steps += [Step("deck-upgrade", t, 2) for t in one_two_two(second, first, DECK_EACH)]
    return steps


@dataclass
class DraftState:
    """The draft as it stands: the cards on the table and who took which."""

    first: str
    second: str
    pool: list[str]  # the hoopers on the table
    decks: list[list[str]]  # the deck upgrades, as dealt
    steps: list[Step]
    energy: dict[str, int] = field(default_factory=dict)  # the cards' energy on file
    picks: list[dict[str, Any]] = field(default_factory=list)  # {"team", "card", "kind"}
    sleeved: list[dict[str, str]] = field(default_factory=list)  # {"team", "card", "hooper"}

    @classmethod
    def from_options(cls, opts: Mapping[str, Any], teams: Sequence[str]) -> DraftState:
        first = opts["first"]
        second = next(t for t in teams if t != first)
        steps = steps_of(first, second, bool(opts.get("discard")))
        decks = [list(d) for d in opts["decks"]]
        return cls(first, second, list(opts["pool"]), decks, steps, dict(opts.get("energy", {})))

    @property
    def done(self) -> bool:
        return len(self.picks) >= len(self.steps)

    @property
    def step(self) -> Step | None:
        return None if self.done else self.steps[len(self.picks)]

    def taken(self, kind: str, deck: int = 0) -> list[str]:
        return [p["card"] for p in self.picks if p["kind"] == kind and p.get("deck", 0) == deck]

    def on_table(self, step: Step) -> list[str]:
        """The cards `step` may choose from, one name per copy left."""
        if step.kind in ("discard", "hooper"):
            gone = {p["card"] for p in self.picks if p["kind"] in ("discard", "hooper")}
            return [h for h in self.pool if h not in gone]
        cards = (
            [n for n, c in HOOPER_UPGRADES.items() for _ in range(c)]
            if step.kind == "hooper-upgrade"
            else list(self.decks[step.deck - 1])
        )
        left = Counter(cards) - Counter(self.taken(step.kind, step.deck))
        return [c for c in dict.fromkeys(cards) for _ in range(left[c])]

    def team_cards(self, team: str, kind: str) -> list[str]:
        return [p["card"] for p in self.picks if p["team"] == team and p["kind"] == kind]

    def to_json(self) -> dict[str, Any]:
        step = self.step
        doc: dict[str, Any] = {
            "done": self.done,
            "first": self.first,
            "pick": len(self.picks) + 1 if step else None,
            "picks": len(self.steps),
            "chooser": step.team if step else None,
            "choosing": step.kind if step else None,
            "deck": step.deck if step and step.deck else None,
            "on_table": self.on_table(step) if step else [],
            "teams": {
                t: {
                    "hoopers": self.team_cards(t, "hooper"),
                    "hooper_upgrades": self.team_cards(t, "hooper-upgrade"),
                    "deck_upgrades": self.team_cards(t, "deck-upgrade"),
                    "sleeved": {s["hooper"]: s["card"] for s in self.sleeved if s["team"] == t},
                }
                for t in (self.first, self.second)
            },
            "discarded": [p["card"] for p in self.picks if p["kind"] == "discard"]
            + [self.leftover(n) for n in (1, 2) if self._deck_over(n)],
        }
        return doc

    def _deck_over(self, deck: int) -> bool:
        """The deck's eight picks are made: "the last card remaining will be discarded"."""
        return len(self.taken("deck-upgrade", deck)) == 2 * DECK_EACH

    def leftover(self, deck: int) -> str:
        left = Counter(self.decks[deck - 1]) - Counter(self.taken("deck-upgrade", deck))
        return next(iter(left.elements()))


def check_pick(draft: DraftState, team: str, typed: str, discard: bool = False) -> dict[str, Any]:
    """The pick `team` makes of the card `typed`, checked: the event's data, or the
    rule's words when it is not `team`'s to make, not the kind of card the draft takes
    now, or not on the table."""
    step = draft.step
    if step is None:
        raise RuleViolation("the draft is over: the teams are made")
    if team != step.team:
        raise NotYourTurn(
            f"{step.team} chooses {KINDS[step.kind]} now, not {team}: {ORDER_WORDS[step.kind]}",
        )
    if discard != (step.kind == "discard"):
        raise RuleViolation(
            f"{team} discards one hooper first: {ORDER_WORDS['discard']}"
            if step.kind == "discard"
            else f"the draft discards no hooper now: {team} chooses {KINDS[step.kind]}"
        )
    kinds = {
        **{h: "hooper" for h in draft.pool},
        **dict.fromkeys(HOOPER_UPGRADES, "hooper-upgrade"),
        **dict.fromkeys(deck_upgrades(), "deck-upgrade"),
    }
    card = match_prefix(typed, kinds, what="card of the draft")
    wanted = "hooper" if step.kind == "discard" else step.kind
    if kinds[card] != wanted:
        raise RuleViolation(
            f"{card} is {KINDS[kinds[card]]}: {team} chooses {KINDS[step.kind]} now "
            f"({_stage_words(step)})"
        )
    if card not in draft.on_table(step):
        raise RuleViolation(_gone(draft, step, card))
    data: dict[str, Any] = {"team": team, "card": card, "kind": step.kind}
    if step.deck:
        data["deck"] = step.deck
    return data


def _stage_words(step: Step) -> str:
    if step.kind in ("discard", "hooper"):
        return '"who will start the draft by selecting one hooper"'
    if step.kind == "hooper-upgrade":
        return '"Now you draft the hooper upgrades"'
    return '"then they will draft the deck upgrades"'


def _gone(draft: DraftState, step: Step, card: str) -> str:
    if step.kind in ("discard", "hooper"):
        took = next(p for p in draft.picks if p["card"] == card)
        how = "discarded" if took["kind"] == "discard" else f"drafted by {took['team']}"
        return f"{card} is {how}: a hooper is chosen once"
    if step.kind == "hooper-upgrade":
        copies = HOOPER_UPGRADES[card]
        return f"no {card} is left on the table: the hooper upgrade deck holds {copies}, drafted"
    return (
        f"{card} is not among the deck upgrades on the table (deck {step.deck} of 9: "
        f"{', '.join(sorted(set(draft.on_table(step))))})"
    )


def apply_draft(state: Any, kind: str, data: dict[str, Any]) -> None:
    """A move while a draft match drafts (`rules/match.py`): a `pick` is checked and taken
    (a hooper joins the team that drafted it); any other move waits for the draft."""
    from companion.games.hoopers.rules.energy import set_card
    from companion.games.hoopers.rules.state import HooperState

    draft: DraftState = state.draft
    step = draft.step
    if kind == "upgrade" and step is not None and step.kind == "deck-upgrade":
        # "Now the players can prepare their team and then they will draft the deck upgrades"
        return sleeve_drafted(state, data)
    if kind != "pick":
        if step is None:
            raise RuleViolation(f"unknown hoopers event '{kind}'")
        raise RuleViolation(
            f"the draft comes first: {step.team} chooses {KINDS[step.kind]} "
            f"(pick {len(draft.picks) + 1} of {len(draft.steps)})"
        )
    team = state.team(str(data.get("team", ""))).name
    discard = bool(data.get("discard")) or data.get("kind") == "discard"
    picked = check_pick(draft, team, str(data.get("card", "")), discard)
    data.update(picked)
    if discard:
        data["discard"] = True
    draft.picks.append(dict(picked))
    card = picked["card"]
    if picked["kind"] == "hooper":
        side = state.teams[team]
        side.hoopers[card] = HooperState(card)
        if card in draft.energy:
            set_card(side.hoopers[card], draft.energy[card])
    verb = "discards" if discard else "drafts"
    deck = f" (deck {picked['deck']})" if picked.get("deck") else ""
    state.notes.append(f"{team} {verb} {card}{deck}")
    _say_stage_end(state, draft, picked)


def _say_stage_end(state: Any, draft: DraftState, picked: Mapping[str, Any]) -> None:
    kind, deck = picked["kind"], picked.get("deck", 0)
    after = draft.step
    if after is not None and after.kind == kind and after.deck == deck:
        state.notes.append(f"next: {after.team} chooses {KINDS[after.kind]}")
        return
    if kind == "hooper":
        for team in (draft.first, draft.second):
            state.notes.append(f"{team}'s seven: {', '.join(draft.team_cards(team, 'hooper'))}")
    if kind == "deck-upgrade":
        state.notes.append(
            f"deck {deck}'s last card, {draft.leftover(deck)}, is discarded "
            '("the last card remaining will be discarded")'
        )
    if after is not None:
        state.notes.append(f"next: {after.team} chooses {KINDS[after.kind]}")
    else:
        state.notes.append(
            'the draft is over: "Now upgrade your deck by adding also the 6 counter actions"; '
            "no milestones in this match"
        )


def draft_pool(more: Sequence[str] = ()) -> list[str]:
    """ "Create a deck composed by 21 hooper cards (plus other hooper promo cards you may
    have)": both tribes' ten, Susan Peg (The Series' own card), then `more`."""
    from companion.games.hoopers.rules.susan_peg import SUSAN_PEG

    tribes = load("game")["tribes"]
    cards = [h for tribe in tribes.values() for h in tribe["hoopers"]] + [SUSAN_PEG]
    return list(dict.fromkeys([*cards, *(m.strip() for m in more if m.strip())]))


def refuse_typed_teams(typed: Mapping[str, Any]) -> None:
    """A face's roster, seven or five typed for a Draft match (`typed`: by option name) is
    refused, naming each option: the draft makes the teams."""
    named = [f"--{k.replace('_', '-')}" for k, v in typed.items() if v]
    if named:
        raise BadInput(f"{', '.join(named)}: a Draft match drafts its teams ('match pick')")


def draft_start(options: Mapping[str, Any]) -> dict[str, Any]:
    """A Draft match's start options, checked: the draft makes the teams (no roster, seven
    or five), and "You will not use the milestones during the game" (stored off)."""
    for key in ("rosters", "sevens", "fives"):
        given = [team for team, names in (options.get(key) or {}).items() if names]
        if given:
            raise BadInput(f"a Draft match drafts its teams: no {key[:-1]} for {given[0]}")
    milestones = options.get("milestones", "win")
    if milestones not in ("win", "off"):
        raise BadInput(
            f"--milestones {milestones}: a Draft match has none "
            '("You will not use the milestones during the game")'
        )
    return {**options, "milestones": "off"}


def draft_options(
    teams: Sequence[str],
    pool: Sequence[str],
    *,
    first: str,
    stellar: Sequence[str],
    discard: bool | None,
    energy: Mapping[str, int],
    rng: Any,
) -> dict[str, Any]:
    """A draft match's stored draft: the hoopers on the table, the first chooser ("Choose
    randomly a first player": `first` "random", else a team), whether the second player
    discards first (`discard` None: an odd number of the `stellar` cards on file are in
    the pool), and the two decks of deck upgrades, dealt now so that replay is the same."""
    from companion.engine.names import check_name

    hoopers = list(dict.fromkeys(check_name(str(h), "hooper").strip() for h in pool))
    if len(hoopers) < 2 * TEAM + 1:
        raise RuleViolation(
            f"{len(hoopers)} hoopers on the table: the draft makes two teams of seven "
            '("until the first player has completed a team of seven hoopers")'
        )
    chooser = (
        rng.choice(list(teams))
        if first.strip().casefold() in ("random", "roll")
        else match_prefix(first, teams, what="team")
    )
    stellar_in_pool = [h for h in hoopers if h in set(stellar)]
    odd = len(stellar_in_pool) % 2 == 1
    return {
        "pool": hoopers,
        "first": chooser,
        "discard": odd if discard is None else bool(discard),
        "stellar": stellar_in_pool,
        "decks": deal_decks(rng),
        "energy": {h: int(e) for h, e in energy.items() if h in hoopers},
    }


def card_words(card: str) -> str:
    """A card of the draft as a list shows it: a hooper with the first position it is
    grouped by ("dividing them in relation to their first position"), an upgrade with what
    it gives."""
    from companion.games.hoopers.rules.series_upgrades import CARDS
    from companion.games.hoopers.rules.skills import first_position

    if card in CARDS:
        return f"{card} ({CARDS[card][0]})"
    if card.startswith("star-"):
        return f"{card} (star upgrade, one extra energy, second position {card[5:]})"
    if card.startswith("position-"):
        return f"{card} (position upgrade)"
    if card in deck_upgrades():
        return f"{card} (action upgrade)"
    position = first_position(card)
    return f"{card} ({position})" if position else card


def draft_moves(state: Any) -> list[Any]:
    """The legal-moves query's candidates while the draft goes on: each card on the table
    for the player whose choice it is (rules/legal.py)."""
    from companion.engine.moves import Move

    step = state.draft.step
    if step is None:
        return []
    verb = "discards" if step.kind == "discard" else "drafts"
    moves = []
    for card in dict.fromkeys(state.draft.on_table(step)):
        what: dict[str, Any] = {"team": step.team, "card": card}
        if step.kind == "discard":
            what["discard"] = True
        moves.append(Move("pick", step.team, what, f"{step.team} {verb} {card_words(card)}"))
    return moves


ONE_UPGRADE = '"Every hooper can gain only one upgrade"'


def sleeve_drafted(state: Any, data: dict[str, Any]) -> None:
    """`upgrade` with a `card`: a hooper upgrade the team drafted is sleeved onto one of its
    hoopers ("Now the players can prepare their team"), its energies on the track at once."""
    from companion.games.hoopers.rules.series_upgrades import carry_upgrade

    draft: DraftState | None = state.draft
    if draft is None:
        raise RuleViolation("only a Draft match's teams have drafted hooper upgrades")
    side = state.team(str(data.get("team", "")))
    hooper = side.hooper(str(data.get("hooper", "")))
    sleeved = [s for s in draft.sleeved if s["team"] == side.name]
    left = Counter(draft.team_cards(side.name, "hooper-upgrade"))
    left -= Counter(s["card"] for s in sleeved)
    if not left:
        raise RuleViolation(f"{side.name} has no drafted hooper upgrade left to sleeve")
    card = match_prefix(str(data.get("card", "")), list(left), what=f"upgrade {side.name} drafted")
    if hooper.star or any(s["hooper"] == hooper.name for s in sleeved):
        raise RuleViolation(
            f"{hooper.name} ({side.name}) carries an upgrade already: {ONE_UPGRADE}"
        )
    data.update(team=side.name, hooper=hooper.name, card=card)
    draft.sleeved.append({"team": side.name, "card": card, "hooper": hooper.name})
    before = hooper.energy_extra
    carry_upgrade(hooper, "star" if card.startswith("star-") else card)
    if hooper.energy is not None:  # "Update the hooper's energy track immediately"
        hooper.energy += hooper.energy_extra - before
    state.notes.append(f"{hooper.name} ({side.name}) carries {card_words(card)}")
