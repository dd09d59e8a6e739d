"""The Series' printed numbers (schedule, Strength marker, exchange rates) as one value.

The numbers live in `companion/games/hoopers/data/series.toml`; the engine takes a
`SeriesRules` so tests and tables can pass their own.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any


@dataclass(frozen=True)
class SeriesRules:
    wins_needed: int
    courts: tuple[str, ...]  # court of the tribe that starts at home, game by game
    home_hot_zone_hoopers: int
    home_coach_tokens: int
    home_onfire_on_tribe_power: bool
    away_cold_zone_hoopers: int
    away_free_throw_bonus: int
    classic_coach_tokens: int
    classic_free_throw_bonus: int
    gameplan_pairs: tuple[str, ...]
    playbook_refill: tuple[tuple[int, int], ...]  # (period, up to N cards)
    strength_winner_min_margin: int
    strength_loser_max_margin: int
    gameplan_chips: tuple[int, ...]
    gameplan_hooper_upgrades: tuple[int, ...]
    chips_per_period_marker: int
    fourth_period_chips: int
    lv1_per_position_upgrade: int
    position_upgrades_per_lv2: int
    marker_periods: tuple[int, ...]
    regulation_periods: int
    injury_cubes_next_game: int
    ejected_games_missed: int
    box_lv1_chips: int  # Onfire LV.1 chips in the box, for both tribes
    box_lv2_chips: int
    kit_position_upgrades: int  # per tribe, for the whole series
    susan_peg_in_last_game: bool  # does she stay with her tribe in game 7?
    # The Series' two upgrade decks (both tribes draw from them) and each tribe's kit of
    # star hooper upgrades after the one sleeved at the setup.
    action_upgrade_deck: int = 8
    hooper_upgrade_deck: int = 10
    kit_hooper_upgrades: int = 4

    @property
    def games(self) -> int:
        return len(self.courts)

    @property
    def max_gameplan_milestones(self) -> int:
        return len(self.gameplan_chips) - 1

    @classmethod
    def from_table(cls, table: dict[str, Any]) -> SeriesRules:
        refill = table["playbook_refill"]
        rewards = table["rewards"]
        return cls(
            wins_needed=table["schedule"]["wins_needed"],
            courts=tuple(table["schedule"]["courts"]),
            home_hot_zone_hoopers=table["home"]["hot_zone_hoopers"],
            home_coach_tokens=table["home"]["coach_tokens"],
            home_onfire_on_tribe_power=table["home"]["onfire_on_tribe_power"],
            away_cold_zone_hoopers=table["away"]["cold_zone_hoopers"],
            away_free_throw_bonus=table["away"]["free_throw_bonus"],
            classic_coach_tokens=table["classic"]["coach_tokens"],
            classic_free_throw_bonus=table["classic"]["free_throw_bonus"],
            gameplan_pairs=tuple(table["gameplan"]["pairs"]),
            playbook_refill=tuple(
                (int(key.rsplit("_", 1)[1]), cards) for key, cards in sorted(refill.items())
            ),
            strength_winner_min_margin=table["strength_marker"]["winner_min_margin"],
            strength_loser_max_margin=table["strength_marker"]["loser_max_margin"],
            gameplan_chips=tuple(rewards["gameplan_chips"]),
            gameplan_hooper_upgrades=tuple(rewards["gameplan_hooper_upgrades"]),
            chips_per_period_marker=rewards["chips_per_period_marker"],
            fourth_period_chips=rewards["fourth_period_chips"],
            lv1_per_position_upgrade=rewards["lv1_per_position_upgrade"],
            position_upgrades_per_lv2=rewards["position_upgrades_per_lv2"],
            marker_periods=tuple(rewards["marker_periods"]),
            regulation_periods=rewards["regulation_periods"],
            injury_cubes_next_game=table["carry_over"]["injury_cubes_next_game"],
            ejected_games_missed=table["carry_over"]["ejected_games_missed"],
            box_lv1_chips=table["kit"]["lv1_chips"],
            box_lv2_chips=table["kit"]["lv2_chips"],
            kit_position_upgrades=table["kit"]["position_upgrades"],
            susan_peg_in_last_game=table["susan_peg"]["in_last_game"],
            action_upgrade_deck=table["kit"]["action_upgrade_deck"],
            hooper_upgrade_deck=table["kit"]["hooper_upgrade_deck"],
            kit_hooper_upgrades=table["kit"]["kit_hooper_upgrades"]
            - table["kit"]["setup_hooper_upgrades"],
        )


@cache
def default_series_rules() -> SeriesRules:
    """The rulebook's numbers, from `games/hoopers/data/series.toml`."""
    from companion.games.hoopers.data import load

    return SeriesRules.from_table(load("series"))
