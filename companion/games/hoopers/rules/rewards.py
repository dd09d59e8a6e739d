"""The Series' Reward Phase and Player Upgrade Kit rewards after each game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.games.hoopers.rules.series import Chips, GameReport
from companion.games.hoopers.rules.series_kit import KitLeft
from companion.games.hoopers.rules.series_rules import SeriesRules


@dataclass(frozen=True)
class StrengthMarker:
    margin: int
    to: str | None  # None: the card is shuffled back into the action upgrade deck
    reason: str  # "winner" (margin >= 7), "loser" (<= 3) or "nobody" (4..6)


def award_strength_marker(
    winner: str, loser: str, margin: int, rules: SeriesRules
) -> StrengthMarker:
    if margin >= rules.strength_winner_min_margin:
        return StrengthMarker(margin, winner, "winner")
    if margin <= rules.strength_loser_max_margin:
        return StrengthMarker(margin, loser, "loser")
    return StrengthMarker(margin, None, "nobody")


@dataclass(frozen=True)
class ChipExchange:
    lv1: int
    lv2: int
    position_upgrades: int
    discarded: int  # LV.1 chips that could not be exchanged
    discarded_lv2: int = 0  # LV.2 chips the kit had no position upgrade left for
    kit_left: int | None = None  # position upgrades left in the kit before (None: no limit)
    unsupplied: int = 0  # position upgrades the chips were worth that the kit no longer had


def exchange_chips(
    lv1: int, lv2: int, rules: SeriesRules, kit_left: int | None = None
) -> ChipExchange:
    """Two LV.1 chips per position upgrade, one per LV.2 chip; the rest is discarded.

    With `kit_left`, the kit supplies at most that many position upgrades
    ("Discard every chips that can't be exchanged"): LV.2 chips are exchanged
    first, then pairs of LV.1 chips, while the kit lasts.
    """
    rate, per_lv2 = rules.lv1_per_position_upgrade, rules.position_upgrades_per_lv2
    pairs = lv1 // rate
    if kit_left is None or pairs + lv2 * per_lv2 <= kit_left:
        return ChipExchange(lv1, lv2, pairs + lv2 * per_lv2, lv1 - pairs * rate, 0, kit_left)
    worth = pairs + lv2 * per_lv2
    room = max(kit_left, 0)
    lv2_used = min(lv2, room // per_lv2) if per_lv2 else lv2
    room -= lv2_used * per_lv2
    pairs = min(pairs, room)
    return ChipExchange(
        lv1=lv1,
        lv2=lv2,
        position_upgrades=lv2_used * per_lv2 + pairs,
        discarded=lv1 - pairs * rate,
        discarded_lv2=lv2 - lv2_used,
        kit_left=kit_left,
        unsupplied=worth - lv2_used * per_lv2 - pairs,
    )


def period_winners(
    tribes: tuple[str, str], periods: tuple[tuple[int, int], ...]
) -> list[str | None]:
    """The winner of each period's partial score; None for a level period."""
    a, b = tribes
    return [a if x > y else b if y > x else None for x, y in periods]


@dataclass(frozen=True)
class TribeRewards:
    tribe: str
    winner_marker: int
    strength_marker: int
    series_track: int
    gameplan_milestones: int
    gameplan_chips: int
    gameplan_hooper_upgrades: int
    period_markers: tuple[int, ...]  # periods I..III this tribe won
    marker_chips: int
    fourth_period_chips: int
    kept: Chips
    exchange: ChipExchange
    kit_hooper_left: int | None = None  # star hooper upgrades left in the kit after this game

    @property
    def hooper_upgrades(self) -> int:
        return self.winner_marker + self.gameplan_hooper_upgrades

    @property
    def action_upgrades(self) -> int:
        return self.strength_marker + self.series_track

    def to_json(self) -> dict[str, Any]:
        return {
            "hooper_upgrades": self.hooper_upgrades,
            "action_upgrades": self.action_upgrades,
            "chips_lv1": self.exchange.lv1,
            "chips_lv2": self.exchange.lv2,
            "position_upgrades": self.exchange.position_upgrades,
            "discarded_chips": self.exchange.discarded,
            "winner_marker": self.winner_marker,
            "strength_marker": self.strength_marker,
            "series_track": self.series_track,
            "gameplan_milestones": self.gameplan_milestones,
            "gameplan_chips": self.gameplan_chips,
            "gameplan_hooper_upgrades": self.gameplan_hooper_upgrades,
            "period_markers": list(self.period_markers),
            "marker_chips": self.marker_chips,
            "fourth_period_chips": self.fourth_period_chips,
            "kept_lv1": self.kept.lv1,
            "kept_lv2": self.kept.lv2,
            "discarded_lv2": self.exchange.discarded_lv2,
            "kit_position_upgrades_left": self.kit_left_after,
            "kit_hooper_upgrades_left": self.kit_hooper_left,
        }

    @property
    def kit_left_after(self) -> int | None:
        """Position upgrades left in the tribe's kit after this game's exchange."""
        left = self.exchange.kit_left
        return None if left is None else left - self.exchange.position_upgrades


@dataclass(frozen=True)
class GameRewards:
    number: int
    home: str
    winner: str
    loser: str
    margin: int
    strength: StrengthMarker
    series_track: str
    series_track_given: bool  # False: the marker still shows the home tribe
    periods_given: bool
    tribes: Mapping[str, TribeRewards]
    kit: KitLeft | None = None  # the decks before this game (None: not counted)

    @property
    def kit_after(self) -> KitLeft | None:
        if self.kit is None:
            return None
        action = sum(r.action_upgrades for r in self.tribes.values())
        hooper = sum(r.winner_marker for r in self.tribes.values())
        kit = {t: r.gameplan_hooper_upgrades for t, r in self.tribes.items()}
        return self.kit.after(action, hooper, kit)

    def to_json(self) -> dict[str, Any]:
        after = self.kit_after
        decks = (
            {"action_deck_left": after.action_deck, "hooper_deck_left": after.hooper_deck}
            if after is not None
            else {}
        )
        return {t: {**r.to_json(), **decks} for t, r in self.tribes.items()}


def reward_phase(
    number: int,
    tribes: tuple[str, str],
    home: str,
    report: GameReport,
    rules: SeriesRules,
    taken_before: Mapping[str, int] | None = None,
    kit: KitLeft | None = None,
) -> GameRewards:
    """Everything each tribe takes away from game `number` ("Reward Phase").

    `taken_before`: position upgrades each tribe took from its kit in earlier
    games; the kit holds `rules.kit_position_upgrades` for the whole series.
    `kit`: what the upgrade decks and the kits' star upgrades still hold (a card
    the deck no longer has is not given).
    """
    taken_before = taken_before or {}
    winner, loser, margin = report.winner, report.loser, report.margin
    strength = award_strength_marker(winner, loser, margin, rules)
    # The tribe marker starts on the home tribe's side and rewards whoever it
    # shows at the end, even if it never left the middle of the track.
    track = report.series_track or home
    by_period = period_winners(tribes, report.periods)
    fourth = rules.regulation_periods - 1
    rewards = {}
    for tribe in tribes:
        milestones = report.gameplan.get(tribe, 0)
        markers = tuple(
            p for p in rules.marker_periods if p <= len(by_period) and by_period[p - 1] == tribe
        )
        won_fourth = len(by_period) > fourth and by_period[fourth] == tribe
        kept = report.chips.get(tribe, Chips())
        gameplan_chips = rules.gameplan_chips[milestones]
        marker_chips = len(markers) * rules.chips_per_period_marker
        fourth_chips = rules.fourth_period_chips if won_fourth else 0
        lv1 = kept.lv1 + gameplan_chips + marker_chips + fourth_chips
        gameplan_upgrades = rules.gameplan_hooper_upgrades[milestones]
        kit_hooper_left = None
        if kit is not None:
            kit_left = kit.kit_hooper.get(tribe, 0)
            gameplan_upgrades = min(gameplan_upgrades, kit_left)
            kit_hooper_left = kit_left - gameplan_upgrades
        rewards[tribe] = TribeRewards(
            tribe=tribe,
            winner_marker=int(tribe == winner and (kit is None or kit.hooper_deck >= 1)),
            strength_marker=int(strength.to == tribe and (kit is None or kit.strength_card)),
            series_track=int(track == tribe and (kit is None or kit.track_card)),
            gameplan_milestones=milestones,
            gameplan_chips=gameplan_chips,
            gameplan_hooper_upgrades=gameplan_upgrades,
            kit_hooper_left=kit_hooper_left,
            period_markers=markers,
            marker_chips=marker_chips,
            fourth_period_chips=fourth_chips,
            kept=kept,
            exchange=exchange_chips(
                lv1, kept.lv2, rules, rules.kit_position_upgrades - taken_before.get(tribe, 0)
            ),
        )
    return GameRewards(
        number=number,
        home=home,
        winner=winner,
        loser=loser,
        margin=margin,
        strength=strength,
        series_track=track,
        series_track_given=report.series_track is not None,
        periods_given=bool(report.periods),
        tribes=rewards,
        kit=kit,
    )
