"""The alternate combat system: a stack of initiative cards (WS-ALT, worked example S23)."""

from __future__ import annotations

import pytest

from capeworks.systems.workshop.alt import pushed, rotated, step_of
from capeworks.systems.workshop.sheet import Standing
from tests.systems.workshop.helpers import attack, end_turn, last, sheet, state, table, types, who
from tests.systems.workshop.test_optional_damage import HIT, QUIET, TOUGH, gun

CARDS = {**QUIET, "initiative": "cards", "padding": []}


def _stack(d) -> tuple[str, ...]:  # type: ignore[no-untyped-def]
    return state(d).turn.order.order


def _four(config: dict[str, object] | None = None, damage: int = 5):  # type: ignore[no-untyped-def]
    """h (9 Shots) acts first; then x (8), v (7, Health 10), w (6)."""

    def pool(n: int) -> dict[str, object]:
        return {"traits": {"Agility": n, "Wits": n, "Luck": n}}

    return table({**CARDS, **(config or {})}, heroes={"h": sheet(**pool(9), weapons=[gun(damage)])},
                 villains={"x": sheet(**pool(8), **TOUGH), "v": sheet(**pool(7), health=10, toughness=50),
                           "w": sheet(**pool(6), health=10, toughness=50)})  # fmt: skip


@pytest.mark.rules("WS-ALT-001")
def test_the_first_card_acts_then_goes_to_the_rear() -> None:
    d = _four()
    assert _stack(d) == ("h", "x", "v", "w") and state(d).turn.current == "h"
    end_turn(d, "h")
    assert _stack(d) == ("x", "v", "w", "h") and state(d).turn.current == "x"
    for cid in ("x", "v", "w"):
        end_turn(d, cid)
    # every card has come up once: the next Sequence begins with the stack as it stands (referee pass 11)
    assert _stack(d) == ("h", "x", "v", "w") and state(d).turn.sequence == 2


@pytest.mark.rules("WS-ALT-002")
@pytest.mark.parametrize(
    ("target", "stack", "out"), [("w", ("h", "w", "x", "v"), False), ("v", ("h", "x", "v", "w"), True)]
)
def test_s23__damage_moves_the_card_forward_and_past_first_is_out(
    target: str, stack: tuple[str, ...], out: bool
) -> None:
    # Health 10 -> a place per 2 Damage: 5 moves the card 2 places (h, acting, is on its way to the rear)
    d = _four()
    events = attack(d, "h", [target], HIT, defend={target: False})
    p = last(events, "card_pushed")
    assert (p["places"], p["out"]) == (2, out)
    assert _stack(d) == stack
    assert who(d, target).standing is (Standing.DOWN if out else Standing.UP)
    assert step_of(10) == 2 and step_of(4) == 1


@pytest.mark.rules("WS-ALT-003")
@pytest.mark.parametrize(
    ("counts_last", "stack", "out"),
    [(True, ("h", "x", "y", "v", "w"), False), (False, ("h", "y", "v", "x", "w"), True)],
)
def test_active_defense_moves_back_a_place_and_counts_from_last(
    counts_last: bool, stack: tuple[str, ...], out: bool
) -> None:
    # x (Health 10, second behind the acting h: y is first) defends: one place back (behind v); 7 Damage =
    # 3 places, counted from last (PROPOSED on): 3 - 3 = first place; from its own place, 2 - 3: out
    d = table({**CARDS, "alt_defense_counts_last": counts_last},
              heroes={"h": sheet(traits={"Agility": 9, "Wits": 9, "Luck": 9}, weapons=[gun(7)])},
              villains={"y": sheet(traits={"Agility": 8, "Wits": 8, "Luck": 8}, **TOUGH),
                        "x": sheet(traits={"Agility": 7, "Wits": 7, "Luck": 7}, health=10, toughness=50),
                        "v": sheet(traits={"Agility": 6, "Wits": 6, "Luck": 6}, **TOUGH),
                        "w": sheet(traits={"Agility": 5, "Wits": 5, "Luck": 5}, **TOUGH)})  # fmt: skip
    events = attack(d, "h", ["x"], HIT, defend={"x": True})
    assert "card_pushed" in types(events)
    assert last(events, "attack_rolled")["defense"] == 17  # still hit: 9 + 4 + 8 = 21 against 12 + 5
    assert who(d, "x").shots == 7  # no Shot spent in the card system
    assert _stack(d) == stack and (who(d, "x").standing is Standing.DOWN) is out


@pytest.mark.rules("WS-ALT-003")
def test_no_active_defense_from_first_place() -> None:
    d = _four()
    end_turn(d, "h")  # x is first; x attacks h: h (last) may defend; then h attacks... x first may not
    d.do("gm", "attack", character="x", targets=["h"])
    assert [p.kind for p in d.table.prompts()] == ["active_defense"]
    d.answer("ann", d.table.prompts()[0].id, "no", dice=[10, 10])
    assert state(d).pending is None


@pytest.mark.rules("WS-ALT-004")
def test_s23__a_snapshot_moves_the_actor_up_after_going_last() -> None:
    # a snapshot at -3: after acting, placed last then moved forward 1
    d = _four()
    attack(d, "h", ["x", "w"], [10, 10, 10, 10])
    end_turn(d, "h")
    assert _stack(d) == ("x", "v", "h", "w")
    assert rotated(("a", "b", "c"), "a", -5) == ("b", "a", "c")


def test_padding_cards_are_removed_when_reached() -> None:
    # WS-ALT-005 (a design note, PROPOSED): d10 -> Inspired for the combatant behind it
    d = table({**QUIET, "initiative": "cards", "padding": ["d10", "setback"]}, heroes={"h": sheet()},
              villains={"v": sheet(traits={"Agility": 1, "Wits": 1, "Luck": 0})})  # fmt: skip
    assert _stack(d) == ("h", "v", "pad-1:d10", "pad-2:setback")
    end_turn(d, "h")
    events = end_turn(d, "v")
    assert [e.data["kind"] for e in events if e.type == "workshop.padding_reached"] == ["d10", "setback"]
    assert _stack(d) == ("h", "v") and who(d, "h").has("inspired")
    assert pushed(("a", "b"), "b", 0, 10, from_last=False) == (("a", "b"), 0, False)


@pytest.mark.rules("WS-ALT-003", "WS-MOOK-004")
def test_a_speed_bump_group_is_asked_no_active_defense_under_cards() -> None:
    # src 175: Speed Bump mooks downed = (PC Skill + Damage) - (Mook Skill + Soak), over their WT: their
    # Defense plays no part, so an Active Defense (src 20) buys nothing, and Sequences never offer one
    # (may_defend). Under cards the group behind the first card was asked, and moving back a card cost it.
    # h: Skill 9 (sheet default) + gun 11 = 20 vs Skill 4 + Soak 0: PV 16, 3 of 5 goons down at WT 5.
    goons = {"named": False, "count": 5, "traits": {"Skill": 4, "Agility": 0, "Wits": 0, "Luck": 0}}
    slow = {"traits": {"Agility": 1, "Wits": 1, "Luck": 1}}
    d = table({**CARDS, "mooks": "speed_bump"}, heroes={"h": sheet(weapons=[gun(11)])},
              villains={"v": sheet(**slow), "goons": goons})  # fmt: skip
    assert _stack(d) == ("h", "v", "goons")
    events = d.do("ann", "attack", character="h", targets=["goons"])
    assert "mooks_downed" in types(events) and state(d).pending is None
    assert [p.kind for p in d.table.prompts()] == ["turn"]
    assert last(events, "mooks_downed")["downed"] == 3
