"""A scored playbook's reward ('To Activate and Resolve a Playbook').

"If you score the basket, you can choose between: - Recover the energy spent in F2 and A
- Draw 2 cards - Recover one energy spent (F2 or A) and draw 1 card. NOTE: The F1 energy
is always spent."

The one rule both faces call (the `playbook` event): guided play names the F2 and A
hoopers it saw; `companion hoopers match playbook` takes them from the action the last
shot ended (the F2: the last fundamental recorded in it, when two were; the A: the
shooter), or from `--f2`. Only energy really spent comes back: a card a skill made free
(Vernon Dely's pass, Chus Kinder's attack after a pass …) spent none, and a hooper who
played both cards recovers two. Never Tired: "If he should recover energy, then he
recovers one extra energy" (`energy.recover`).

Pure: no I/O.
"""

from __future__ import annotations

from typing import Any

from companion.engine.errors import RuleViolation
from companion.engine.names import match_prefix
from companion.games.hoopers.rules.energy import recover
from companion.games.hoopers.rules.errors import MissingInput
from companion.games.hoopers.rules.hand import draw
from companion.games.hoopers.rules.state import MatchState

REWARDS = {
    "cards": "draw 2 cards",
    "energy": "recover the energy spent in F2 and A",
    "both": "recover one energy spent (F2 or A) and draw 1 card",
}
PICKS = ("f2", "a")  # the card whose energy 'both' gives back


def reward_playbook(state: MatchState, data: dict[str, Any], rng: Any, draws: Any) -> None:
    """`playbook` event: `team`'s scored playbook takes its `reward`."""
    if data.get("use") is not None or data.get("drop") is not None:
        from companion.games.hoopers.rules.playbooks import play_playbook

        play_playbook(state, data)
        return
    side = state.team(data["team"])
    reward = match_prefix(str(data.get("reward", "")), REWARDS, what="playbook reward")
    action = state.last_action
    if action is None or action["team"] != side.name:
        raise RuleViolation(
            f"{side.name} has no attack of this turn to reward: a playbook's reward follows "
            "its scored attack ('match shot' first)"
        )
    if not action["scored"]:
        raise RuleViolation(
            f"{action['attacker']} ({side.name}) did not score: 'If you score the basket, "
            "you can choose' a reward"
        )
    if action.get("rewarded"):
        raise RuleViolation(f"{side.name}'s playbook already took its reward")
    attacker = side.hooper(data.get("attacker") or action["attacker"])
    f2_name, f2_paid = _f2(side.name, action, data.get("f2"), side)
    data.update(team=side.name, reward=reward, attacker=attacker.name, f2=f2_name)
    # What each card spent: the shot's record, the F2's record (one if not recorded).
    spent = [(f2_name, f2_paid, "F2")]
    attack_paid = action["attack_paid"] if attacker.name == action["attacker"] else True
    spent.append((attacker.name, attack_paid, "A"))
    if reward == "both":
        if not data.get("pick"):
            raise MissingInput(
                "recover one energy spent in F2 or in A: which one? (--pick f2 or --pick a)"
            )
        pick = match_prefix(str(data["pick"]), PICKS, what="card (f2 or a)")
        data["pick"] = pick
        spent = [spent[0] if pick == "f2" else spent[1]]
    else:
        data.pop("pick", None)
    action["rewarded"] = True
    if reward == "cards":
        state.notes.append(f"{side.name}'s playbook scored: draw 2 cards")
        draw(state, side, 2, "the playbook's reward")
        return
    back: dict[str, int] = {}
    for name, paid, _slot in spent:
        if paid:
            back[name] = back.get(name, 0) + 1
    done = []
    for name, amount in back.items():
        hooper = side.hoopers[name]
        got = recover(hooper, amount)
        if hooper.energy_max is not None:
            done.append(f"{name} +{got} → {hooper.energy} of {hooper.energy_max}")
    cards = " and draw 1 card" if reward == "both" else ""
    told = ", ".join(done) if done else "no energy was spent on those cards (or none tracked)"
    state.notes.append(f"{side.name}'s playbook scored: {REWARDS[reward]} — {told}{cards}")
    if cards:
        draw(state, side, 1, "the playbook's reward")


def _f2(team: str, action: dict[str, Any], given: Any, side: Any) -> tuple[str, bool]:
    """The F2 hooper and whether their card spent energy."""
    recorded = action["fundamentals"]
    if given:
        name = side.hooper(str(given)).name
        mine = [f for f in recorded if f["hooper"] == name]
        return name, bool(mine[-1].get("paid", True)) if mine else True
    if len(recorded) < 2:
        raise MissingInput(
            f"which hooper of {team} played the F2? (--f2 HOOPER; the F1 and F2 fundamentals "
            "were not both recorded with 'match fundamental')"
        )
    last = recorded[-1]
    return last["hooper"], bool(last.get("paid", True))
