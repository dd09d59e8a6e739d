"""Which hooper carries which hooper upgrade in a Series, and the energy it adds.

'Reward Phase': "Winner game marker: the winner of the game can choose one hooper upgrade
from the deck under the marker" — the Hooper Upgrade Deck "composed by all the ten
milestone upgrade cards (R)": 1 "plus two energies", 8 "Stat +10 plus one energy", 1
"three energies". A gameplan's hooper upgrade comes "from your player upgrade kit": a
[star] upgrade, "One extra energy". "Update the hooper's energy track immediately"; the
translucent cards stay sleeved for the rest of the Series ("you can't change an upgrade
by substituting it with a new one"), so each later game's track starts at the card's
energy plus theirs ("according to the energy shown on the relative card also considering
the upgrades"). "Every hooper can gain only one upgrade."

The Series' counts (`rewards.py`) say how many hooper upgrades a tribe won in a game; the
table says which card went on which hooper (`series amend --upgrade TRIBE:HOOPER=CARD`,
or guided play's Reward Phase), checked here against those counts.

Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from companion.engine.errors import RuleViolation
from companion.engine.names import match_prefix
from companion.games.hoopers.rules.energy import MILESTONE_ENERGY, STAR_ENERGY
from companion.games.hoopers.rules.series_errors import BadReward

# card -> (the card's words, energies, where it comes from)
CARDS: dict[str, tuple[str, int, str]] = {
    "two": ("stellar upgrade plus two energies", MILESTONE_ENERGY[1], "deck"),
    "ten": ("stat +10 plus one energy", MILESTONE_ENERGY[2], "deck"),
    "three": ("three energies", MILESTONE_ENERGY[3], "deck"),
    "star": ("star upgrade, one extra energy", STAR_ENERGY, "kit"),
}
DECK_COPIES = {"two": 1, "ten": 8, "three": 1}  # the Hooper Upgrade Deck (R)


def parse_upgrade(
    text: str, tribes: Iterable[str], rosters: Mapping[str, Sequence[str]]
) -> tuple[str, str, str]:
    """`Keepers:edd=three` -> ("Keepers", "Edd Trapp", "three")."""
    from companion.games.hoopers.rules.series_input import resolve_tribe_hooper

    who, sep, card = text.rpartition("=")
    if not sep or not who.strip() or not card.strip():
        raise BadReward(f"upgrade '{text}' is not TRIBE:HOOPER=CARD ({', '.join(CARDS)})")
    tribe, hooper = resolve_tribe_hooper(who, tribes, rosters)
    return tribe, hooper, match_prefix(card.strip(), CARDS, what="hooper upgrade card")


def sleeved(
    games: Iterable[Any], stars: Mapping[str, str] | None = None
) -> dict[str, dict[str, str]]:
    """tribe -> hooper -> card: the [star] upgrade of the setup (`stars`: tribe ->
    hooper), then the games' Reward Phases (older games: none)."""
    found: dict[str, dict[str, str]] = {t: {h: "star"} for t, h in (stars or {}).items()}
    for game in games:
        for tribe, cards in getattr(game, "upgrades", {}).items():
            found.setdefault(tribe, {}).update(cards)
    return found


def check_upgrades(
    games: Sequence[Any], number: int, won: Mapping[str, Any], stars: Mapping[str, str]
) -> None:
    """Game `number`'s upgrades against what each tribe won in it (`won`: tribe ->
    TribeRewards), the deck's copies and "Every hooper can gain only one upgrade" (the
    setup's `stars` included)."""
    game = games[number - 1]
    for tribe, cards in getattr(game, "upgrades", {}).items():
        rewards = won[tribe]
        deck = [h for h, c in cards.items() if CARDS[c][2] == "deck"]
        kit = [h for h, c in cards.items() if CARDS[c][2] == "kit"]
        if len(deck) > rewards.winner_marker:
            raise RuleViolation(
                f"{tribe} took {rewards.winner_marker} card(s) from the hooper upgrade deck in "
                f"game {number} ('the winner of the game can choose one hooper upgrade'), "
                f"not {len(deck)}"
            )
        if len(kit) > rewards.gameplan_hooper_upgrades:
            raise RuleViolation(
                f"{tribe} took {rewards.gameplan_hooper_upgrades} star upgrade(s) from its "
                f"player upgrade kit in game {number} (its gameplan), not {len(kit)}"
            )
        others = sleeved((g for i, g in enumerate(games, 1) if i != number), stars).get(tribe, {})
        for hooper in cards:
            if hooper in others:
                raise RuleViolation(
                    f"{hooper} ({tribe}) already carries the '{others[hooper]}' upgrade: "
                    '"Every hooper can gain only one upgrade"'
                )
    used: dict[str, int] = {}
    for cards in sleeved(games).values():  # the setup's stars are the kit's, not the deck's
        for card in cards.values():
            used[card] = used.get(card, 0) + 1
    for card, copies in DECK_COPIES.items():
        if used.get(card, 0) > copies:
            raise RuleViolation(
                f"the hooper upgrade deck has {copies} '{CARDS[card][0]}' card(s), "
                f"and {used[card]} are sleeved"
            )


def carry_upgrade(hooper: Any, card: str) -> None:
    """A Series game starts `hooper` (HooperState) with the upgrade `card` sleeved: its
    energies on the maximum (the track starts full once the card's energy is known)."""
    hooper.energy_extra += CARDS[card][1]
    if card == "star":
        hooper.star = True
