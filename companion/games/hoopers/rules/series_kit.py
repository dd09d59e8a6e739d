"""What the Series' upgrade decks and each tribe's kit still hold, game after game.

'Prepare The Series': "A first Action Upgrade Deck (Q): two [star] and six [!]" and "A
second Hooper Upgrade Deck composed by all the ten milestone upgrade cards (R)" — one of
each for both tribes and the whole series. Each game "draw two random translucent cards:
place one of them under the STRENGTH MARKER; place the other one under the Series track
mini board"; a Strength card nobody takes "will be shuffled again in the proper deck".
"Winner game marker: the winner of the game can choose one hooper upgrade from the deck
under the marker." A gameplan's hooper upgrade comes "from your player upgrade kit",
whose five star upgrades lost one at the setup ("Choose one [star] upgrade from your
player upgrade kit").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from companion.games.hoopers.rules.series_rules import SeriesRules


@dataclass(frozen=True)
class KitLeft:
    """Before a game's Reward Phase: cards left in the shared decks and each tribe's kit."""

    action_deck: int
    hooper_deck: int
    kit_hooper: Mapping[str, int] = field(default_factory=dict)

    @classmethod
    def full(cls, tribes: tuple[str, ...], rules: SeriesRules) -> KitLeft:
        return cls(
            rules.action_upgrade_deck,
            rules.hooper_upgrade_deck,
            dict.fromkeys(tribes, rules.kit_hooper_upgrades),
        )

    @property
    def strength_card(self) -> bool:
        """The first card drawn goes under the Strength marker."""
        return self.action_deck >= 1

    @property
    def track_card(self) -> bool:
        """The second one under the Series track mini board."""
        return self.action_deck >= 2

    def after(self, action: int, hooper: int, kit: Mapping[str, int]) -> KitLeft:
        return KitLeft(
            self.action_deck - action,
            self.hooper_deck - hooper,
            {t: n - kit.get(t, 0) for t, n in self.kit_hooper.items()},
        )
