"""Referee pass over Weaverdice combat, damage, wound effects that act later, and equipment: each
situation written from the seed (``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited "src N")
before reading the table's code, then played through the table with given dice."""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.systems.weaverdice.statuses import condition
from capeworks.systems.weaverdice.vocab import Pool, Stat, Status, WoundTier
from capeworks.systems.weaverdice.wounds import Standing
from tests.systems.weaverdice.helpers import add, sheet, table

KNIFE = {"name": "Knife", "damage": "cut", "attack_stat": "dexterity"}
BAT = {"name": "Bat", "damage": "bash", "tier": 2, "size": "large"}  # a moderate bash (src 623)


def _duel(vic: dict[str, Any] | None = None, **stats: int) -> Any:
    """Vic (Ann's) against the GM's brute (notable, Brawn 5) and a thug; order Vic, thug, brute."""
    d = table()
    add(d, "ann", vic or sheet("vic", "Vic", **stats))
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5, athletics=1, dexterity=1))
    add(d, "gm", sheet("thug", "Thug", "generic", brawn=4, guts=2))
    d.do("gm", "start_combat", dice=[6, 1])  # Vic 6 + 6 = 12, the thug 6 + 3 = 9, the brute 2 + 1 = 3
    assert d.state.fight.order.order == ("vic", "thug", "brute")
    return d


def _to_brute(d: Any) -> None:
    """From Vic's turn, pass to the brute's."""
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")


def _with(d: Any, ident: str, *statuses: Status) -> None:
    """Set-up: ``ident`` already suffers ``statuses`` (as an earlier effect would have left them)."""
    people = dict(d.state.people)
    c = people[ident]
    people[ident] = c.model_copy(
        update={"conditions": (*c.conditions, *(condition(s, ident) for s in statuses))}
    )
    d.patch(people=people)


def _brute_hits_vic(d: Any, damage: str, tier: str, face: int, *more: int) -> None:
    """On the brute's turn: a hit on Vic (6 + 2 = 8), Vic takes it, the effect die is ``face``."""
    d.do("gm", "attack", character="brute", target="vic", tier=tier, damage=damage, dice=[6])
    d.answer("ann", "react-vic", "take", dice=[face, *more])


def _wounds(d: Any, ident: str) -> list[WoundTier]:
    return [w.tier for w in d.state.people[ident].track.wounds]


def _names(d: Any, ident: str) -> list[str]:
    return [c.name for c in d.state.people[ident].conditions]


# --- the actions of a turn -------------------------------------------------------------------


@pytest.mark.rules("WD-COMBAT-008", "WD-COMBAT-010")
def test_a_full_attack_is_refused_after_one_standard_action() -> None:
    # src 565: a full action is "extended out to take an individual's full turn": once a move is
    # made, only one standard action is left and no full attack fits.
    d = _duel()
    d.do("ann", "move", character="vic", feet=10)
    d.refuse("ann", "attack", character="vic", target="thug", full=True, dice=[6], rule="WD-COMBAT-010")
    d.do("ann", "attack", character="vic", target="thug", dice=[1])  # the one standard action left
    d.refuse("ann", "move", character="vic", feet=5, rule="WD-COMBAT-008")


@pytest.mark.rules("WD-COMBAT-010", "WD-MOVE-005")
def test_after_a_sprint_no_attack_is_left() -> None:
    # src 565, 890: a full move ("spending a turn doing nothing but moving") takes the whole turn
    d = _duel()
    d.do("ann", "move", character="vic", feet=60, sprint=True, dice=[1])
    d.refuse("ann", "attack", character="vic", target="thug", dice=[6], rule="WD-COMBAT-008")


@pytest.mark.rules("WD-COMBAT-016", "WD-WFX-021")
def test_moderate_shock_1_2_halves_the_next_turn_only() -> None:
    # src 766: "Target can only take half the actions next turn": on Vic's next turn one standard
    # action and no full action; the turn after, two again.
    d = _duel()
    _to_brute(d)
    _brute_hits_vic(d, "shock", "moderate", 2)
    d.do("ann", "effect_choice", character="vic", key="negate", picks=[])
    d.do("gm", "end_turn", character="brute")
    assert d.state.fight.turn.actor == "vic"
    d.refuse("ann", "attack", character="vic", target="thug", full=True, dice=[6], rule="WD-COMBAT-016")
    d.do("ann", "move", character="vic", feet=10)
    d.refuse("ann", "move", character="vic", feet=10, rule="WD-COMBAT-008")
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    d.do("gm", "end_turn", character="brute")
    d.do("ann", "move", character="vic", feet=10)
    d.do("ann", "move", character="vic", feet=10)  # round 3: two actions again


@pytest.mark.rules("WD-STATUS-010", "WD-WFX-011")
def test_lesser_bash_6_delays_the_next_turn_behind_the_next_enemy_and_costs_focus() -> None:
    # src 660: "Inflict Delay, 1 focus loss"; src 854: Delayed puts the target's next turn "after the
    # enemy or group of enemies who would otherwise act next". Corrected after the first play: I had
    # Vic go after the thug alone, but WD-STATUS-010 reads "group" as the contiguous run of enemies
    # next in the order, here the thug and the brute, so Vic (first) is delayed past both.
    d = _duel()
    _to_brute(d)
    _brute_hits_vic(d, "bash", "lesser", 6)
    d.do("ann", "effect_choice", character="vic", key="negate", picks=[])
    vic = d.state.people["vic"]
    assert vic.effort.available(d.state.sheet("vic"), Pool.FOCUS) == 2  # Wits 3: 3 - 1
    d.do("gm", "end_turn", character="brute")
    assert d.state.fight.turn.actor == "thug"  # round 2 opens with the thug
    d.do("gm", "end_turn", character="thug")
    assert d.state.fight.turn.actor == "brute"
    d.do("gm", "end_turn", character="brute")
    assert d.state.fight.turn.actor == "vic" and d.state.fight.order.round == 2


@pytest.mark.rules("WD-COMBAT-015", "WD-MOVE-003")
def test_no_focus_no_attack_of_opportunity() -> None:
    # src 586: opportunity actions "require Focus(); if you can't expend the focus, you're not alert
    # enough"; Vic has spent all three Focus dots.
    d = _duel()
    d.do("gm", "ruling", character="vic", text="spent", effort={"focus": 0})
    d.do("ann", "end_turn", character="vic")
    # (refused under the effort rule: "cannot spend 1" Focus)
    d.refuse(
        "ann", "attack", character="vic", target="thug", opportunity=True, dice=[6], rule="WD-EFFORT-007"
    )


@pytest.mark.rules("WD-COMBAT-027", "WD-COMBAT-015")
def test_no_focus_no_wait() -> None:
    # src 558, 994: Wait "spends focus"
    d = _duel()
    d.do("gm", "ruling", character="vic", text="spent", effort={"focus": 0})
    d.refuse("ann", "wait", character="vic", trigger="brute", rule="WD-EFFORT-007")


# --- attacks and defence ---------------------------------------------------------------------


@pytest.mark.rules("WD-COMBAT-018", "WD-COMBAT-017")
def test_a_bystander_is_hit_on_a_2() -> None:
    # src 596: "At a score of 2, attackers need a 2+ to hit" civilians. Vic Brawn 2 (-1): 3 - 1 = 2 hits.
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=2))
    add(d, "gm", sheet("mom", "Mom", "bystander"))
    d.do("gm", "start_combat", dice=[6])
    d.do("ann", "attack", character="vic", target="mom", dice=[3])
    assert d.state.people["mom"].track.standing is not Standing.UP  # src 800/306: bystanders drop when hit


@pytest.mark.rules("WD-COMBAT-022")
@pytest.mark.parametrize(
    ("cover", "angle", "hits"),
    [
        ("regular", 90, False),  # the edge of the front 180 degrees: still covered, 4 < 4 + 1
        ("regular", 135, True),  # from behind the car: no cover
        ("narrow", 45, False),  # the edge of the front 90 degrees
        ("narrow", 60, True),  # outside the pole's 90 degrees
        ("full", 0, False),  # full cover: +2, a 5 misses
        ("full", 120, True),  # full cover works like regular: nothing from behind
    ],
)
def test_cover_by_arc_at_its_edges(cover: str, angle: int, hits: bool) -> None:
    # src 600: regular cover +1 against the front 180 degrees, narrow +1 the front 90, full +2 with
    # regular cover's arc. Vic Brawn 3 attacks the brute (DS 4): d=4 (regular/narrow), d=5 (full).
    d = _duel()
    die = 5 if cover == "full" else 4
    d.do("gm", "attack", character="vic", target="brute", cover=cover, angle=angle, dice=[die])
    assert any(p.kind == "reaction" for p in d.prompts("gm")) is hits


@pytest.mark.rules("WD-COMBAT-019", "WD-EFFORT-001")
def test_a_dodge_needs_a_focus_dot() -> None:
    # src 588: named targets "may respond to a roll by spending focus"; with none left, only taking it
    d = _duel()
    d.do("gm", "ruling", character="vic", text="spent", effort={"focus": 0})
    _to_brute(d)
    d.do("gm", "attack", character="brute", target="vic", dice=[6, 1])  # no reaction offered: it lands
    assert not any(p.kind == "reaction" for p in d.prompts("ann"))
    assert _wounds(d, "vic") == [WoundTier.LESSER]


@pytest.mark.rules("WD-COMBAT-021")
def test_a_block_against_a_ranged_shot_keeps_the_shooter_in_place() -> None:
    # src 592: a Block renders the damage superficial and "melee attackers move down one spot": a
    # ranged shooter does not.
    d = _duel(brawn=5)
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "attack", character="thug", target="vic", melee=False, stat="dexterity", dice=[6])
    d.answer("ann", "react-vic", "block", dice=[5])  # 5 + 2 = 7 >= 6: blocked
    assert _wounds(d, "vic") == []
    d.do("gm", "end_turn", character="thug")
    d.do("gm", "end_turn", character="brute")
    assert d.state.fight.order.order == ("vic", "thug", "brute")


@pytest.mark.rules("WD-COMBAT-020", "WD-COMBAT-019", "WD-COMBAT-010")
def test_each_swing_of_a_full_attack_is_its_own_attack_to_dodge() -> None:
    # src 588-590: a reaction answers one attack roll (one Focus each); a full attack is two rolls
    # (src 529), so the second swing asks again and a dodge of the first does not cover it.
    d = _duel(athletics=5)
    _to_brute(d)
    d.do("gm", "attack", character="brute", target="vic", full=True, dice=[4])  # 4 + 2 = 6: hit
    d.answer("ann", "react-vic", "dodge", dice=[5])  # 5 + 2 = 7 >= 6: dodged
    assert _wounds(d, "vic") == []
    d.do("gm", "attack", character="brute", target="vic", dice=[4])  # the second swing
    d.answer("ann", "react-vic", "dodge", dice=[1, 1])  # 1 + 2 = 3 < 6: fails; effect 1
    assert len(d.state.people["vic"].track.wounds) == 1
    assert d.state.people["vic"].effort.available(d.state.sheet("vic"), Pool.FOCUS) == 1  # two spent


@pytest.mark.rules("WD-COMBAT-017", "WD-EQUIP-002", "WD-COMBAT-024")
def test_a_knife_attacks_with_dexterity_and_deals_its_own_cut() -> None:
    # src 588: the attack roll is Brawn or Dexterity "depending on weapon"; src 1013: held items carry
    # their damage type; src 602: the weapon's tier. Vic Dex 5 (+2), Brawn 1 (-2): 2 + 2 = 4 hits DS 4.
    d = _duel({**sheet("vic", "Vic", dexterity=5, brawn=1), "held": [KNIFE]})
    d.do("ann", "attack", character="vic", target="brute", weapon="knife", dice=[2])
    d.answer("gm", "react-brute", "take", dice=[3])  # Lesser Cut 3: Bleeding
    d.do("gm", "effect_choice", character="brute", key="negate", picks=[])
    assert _wounds(d, "brute") == [WoundTier.LESSER]
    assert "bleeding" in _names(d, "brute")


@pytest.mark.rules("WD-EQUIP-002", "WD-COMBAT-017")
def test_an_attack_with_a_weapon_not_in_hand_is_refused() -> None:
    # src 1013-1017: a sheathed belt weapon is not held until drawn (a belt-item action)
    d = _duel({**sheet("vic", "Vic"), "belt": [KNIFE]})
    d.refuse("ann", "attack", character="vic", target="brute", weapon="knife", dice=[6])
    d.do("ann", "draw_item", character="vic", item="knife")
    d.do("ann", "attack", character="vic", target="brute", weapon="knife", dice=[1])
    assert d.state.fight.turn.actions == 0


# --- bleeding, ongoing damage and other effects that act later -------------------------------


def _bleeding_vic(**stats: int) -> Any:
    """Vic cut by the brute (Lesser Cut 3: Bleeding), the brute's turn ended: Vic's turn, round 2."""
    d = _duel(**stats)
    _to_brute(d)
    _brute_hits_vic(d, "cut", "lesser", 3)
    d.do("ann", "effect_choice", character="vic", key="negate", picks=[])
    assert _names(d, "vic") == ["bleeding"]
    d.do("gm", "end_turn", character="brute")
    return d


@pytest.mark.rules("WD-STATUS-001", "WD-COMBAT-010")
def test_bleeding_wounds_on_a_full_action() -> None:
    # src 814: Bleeding: "Suffer a lesser wound when expending effort or taking a full action"
    d = _bleeding_vic()
    d.do("ann", "attack", character="vic", target="thug", full=True, dice=[1])
    assert _wounds(d, "vic") == [WoundTier.LESSER, WoundTier.LESSER]


@pytest.mark.rules("WD-STATUS-001", "WD-COMBAT-019")
def test_bleeding_wounds_when_a_dodge_spends_focus() -> None:
    # src 814: expending effort (a dodge's Focus, src 588) while bleeding costs a lesser wound
    d = _bleeding_vic(athletics=5)
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "attack", character="thug", target="vic", dice=[6])  # 6 + 1 = 7
    d.answer("ann", "react-vic", "dodge", dice=[6])  # 6 + 2 = 8 >= 7: dodged, but the Focus bled
    assert _wounds(d, "vic") == [WoundTier.LESSER, WoundTier.LESSER]


@pytest.mark.rules("WD-STATUS-001", "WD-COMBAT-032")
def test_a_rest_that_fails_its_roll_still_stops_the_next_bleed() -> None:
    # src 814: "Resting mid-combat prevents the next instance and can allow a roll to remove bleed":
    # the Guts roll fails (1), Bleeding stays, but the next effort spent costs no wound; the one
    # after does.
    d = _bleeding_vic(athletics=5)
    d.do("ann", "rest", character="vic", remove="bleeding", restore="focus", dice=[1])
    assert _names(d, "vic") == ["bleeding"]
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "attack", character="thug", target="vic", dice=[6])
    d.answer("ann", "react-vic", "dodge", dice=[6])
    assert _wounds(d, "vic") == [WoundTier.LESSER]  # the rest took this instance
    d.do("gm", "end_turn", character="thug")
    d.do("gm", "attack", character="brute", target="vic", dice=[1])  # 1 + 2 = 3: a miss
    d.do("gm", "end_turn", character="brute")
    d.do("ann", "move", character="vic", feet=60, sprint=True, dice=[1])  # a full action: it bleeds
    assert _wounds(d, "vic") == [WoundTier.LESSER, WoundTier.LESSER]


@pytest.mark.rules("WD-COMBAT-034", "WD-STATUS-001")
def test_a_full_rest_removes_bleeding_without_a_roll_or_a_wound() -> None:
    # src 814: "Full rests remove bleed without needing a roll"; PROPOSED (WD-COMBAT-034): the full
    # rest removes it before the full action's bleed would apply. Guts roll 1 fails, yet it goes.
    d = _bleeding_vic()
    d.do("ann", "rest", character="vic", full=True, restore="focus", dice=[1])
    assert _names(d, "vic") == []
    assert _wounds(d, "vic") == [WoundTier.LESSER]


@pytest.mark.rules("WD-STATUS-001", "WD-WOUND-015")
def test_bleeding_left_at_the_fights_end_becomes_a_lesser_wound() -> None:
    # src 814: "When the combat encounter ends, if bleeding wasn't removed, then bleeding ends and
    # leaves a lesser wound in its place."
    d = _bleeding_vic()
    d.do("gm", "end_combat", lull=False)
    assert _names(d, "vic") == []
    assert _wounds(d, "vic") == [WoundTier.LESSER, WoundTier.LESSER]


@pytest.mark.rules("WD-WFX-016", "WD-STATUS-001")
def test_moderate_cut_5_minus_1_brawn_lasts_until_the_bleeding_stops() -> None:
    # src 682: "Inflict Bleeding, -1 Brawn to target until bleeding is stopped". Brawn 4 (+1): an
    # attack 3 + 1 - 1 = 3 misses the brute's 4; after a rest sheds the bleed, 3 + 1 = 4 hits.
    d = _duel(brawn=4)
    _to_brute(d)
    _brute_hits_vic(d, "cut", "moderate", 5)
    d.do("ann", "effect_choice", character="vic", key="negate", picks=[])
    d.do("gm", "end_turn", character="brute")
    assert d.state.sheet("vic").stat(Stat.BRAWN) == 3
    d.do("ann", "rest", character="vic", remove="bleeding", restore="focus", dice=[4])
    assert "bleeding" not in _names(d, "vic")
    assert d.state.sheet("vic").stat(Stat.BRAWN) == 4
    d.do("ann", "attack", character="vic", target="brute", dice=[3])
    assert any(p.kind == "reaction" for p in d.prompts("gm"))


@pytest.mark.rules("WD-WFX-020", "WD-COMBAT-035")
def test_moderate_burn_5_6_adds_a_wound_at_the_end_of_each_own_turn_until_a_rest() -> None:
    # src 764: "Damage is ongoing; suffer an additional wound at the end of each turn (rest to stop)";
    # PROPOSED (WD-WFX-020): a lesser wound at the end of each of the victim's own turns.
    d = _duel(guts=5)
    _to_brute(d)
    _brute_hits_vic(d, "burn", "moderate", 5)
    d.do("ann", "effect_choice", character="vic", key="negate", picks=[])
    assert _wounds(d, "vic") == [WoundTier.MODERATE]
    d.do("gm", "end_turn", character="brute")  # not Vic's turn: nothing yet
    assert _wounds(d, "vic") == [WoundTier.MODERATE]
    d.do("ann", "end_turn", character="vic")
    assert _wounds(d, "vic") == [WoundTier.MODERATE, WoundTier.LESSER]
    d.do("gm", "end_turn", character="thug")
    d.do("gm", "end_turn", character="brute")
    d.do("ann", "rest", character="vic", restore="focus", dice=[1])  # any rest stops it
    d.do("ann", "end_turn", character="vic")
    assert _wounds(d, "vic") == [WoundTier.MODERATE, WoundTier.LESSER]


@pytest.mark.rules("WD-WFX-015", "WD-STATUS-010", "WD-STATUS-008")
def test_lesser_shock_5_6_with_no_focus_blinds_pains_and_delays() -> None:
    # src 746: "Target loses 1 focus. If they have none, they instead suffer both of the above and are
    # delayed": Blinded and deafened, pain, and the next turn after the next enemies.
    d = _duel()
    d.do("gm", "ruling", character="vic", text="spent", effort={"focus": 0})
    _to_brute(d)
    d.do("gm", "attack", character="brute", target="vic", damage="shock", dice=[6, 5])  # no Focus to react
    d.do("ann", "effect_choice", character="vic", key="negate", picks=[])
    names = _names(d, "vic")
    assert "blinded" in names and any("pain" in n for n in names)
    d.do("gm", "end_turn", character="brute")
    assert d.state.fight.turn.actor == "thug"


@pytest.mark.rules("WD-WFX-013", "WD-COMBAT-017")
def test_lesser_rend_minus_1_brawn_costs_the_next_swing() -> None:
    # src 730: "a temporary -1 to Brawn": Vic Brawn 4 then swings 3 + 0 = 3, a miss on the brute's 4
    d = _duel(brawn=4)
    _to_brute(d)
    _brute_hits_vic(d, "rend", "lesser", 3)
    d.do("ann", "effect_choice", character="vic", key="negate", picks=[])
    d.do("ann", "effect_choice", character="vic", key="rend", picks=["brawn"])
    d.do("gm", "end_turn", character="brute")
    d.do("ann", "attack", character="vic", target="brute", dice=[3])
    assert not any(p.kind == "reaction" for p in d.prompts("gm"))
    assert d.state.people["brute"].track.wounds == ()


@pytest.mark.rules("WD-WFX-011", "WD-EQUIP-002", "WD-STATUS-016")
def test_lesser_bash_5_drops_the_weapon__no_swing_with_it_until_picked_up() -> None:
    # src 658: "Target drops held item/weapon": the bat is no longer in hand to swing; it lies on the
    # ground (src 968: "into an adjacent space") until picked up, a standard action like drawing (src 557)
    d = _duel({**sheet("vic", "Vic"), "held": [BAT]})
    _to_brute(d)
    _brute_hits_vic(d, "bash", "lesser", 5)
    d.do("ann", "effect_choice", character="vic", key="negate", picks=[])
    d.do("gm", "end_turn", character="brute")
    assert "disarmed" in _names(d, "vic")
    assert [h.name for h in d.state.sheets["vic"].held] == []
    assert [h.name for h in d.state.sheets["vic"].dropped] == ["Bat"]
    d.refuse("ann", "attack", character="vic", target="brute", weapon="bat", dice=[6], rule="WD-STATUS-016")
    d.do("ann", "pick_up", character="vic", item="bat")
    assert "disarmed" not in _names(d, "vic")  # nothing left on the ground
    assert d.state.fight.turn.actions == 1  # one standard action of two spent
    d.do("ann", "attack", character="vic", target="brute", weapon="bat", dice=[6])
    assert "(moderate bash)" in d.words()[-1]
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-STATUS-016", "WD-EQUIP-003", "WD-COMBAT-009")
def test_disarmed_with_the_bat_on_the_ground__a_knife_drawn_from_the_belt_swings() -> None:
    # "drops what they're holding" (src 968) frees the hands: "drawing a knife and stabbing with it"
    # (src 561) is a standard turn, Disarmed or not; the bat stays where it fell
    d = _duel({**sheet("vic", "Vic", dexterity=4), "held": [BAT], "belt": [KNIFE]})
    _to_brute(d)
    _brute_hits_vic(d, "bash", "lesser", 5)
    d.do("ann", "effect_choice", character="vic", key="negate", picks=[])
    d.do("gm", "end_turn", character="brute")
    d.do("ann", "draw_item", character="vic", item="knife")
    d.refuse("ann", "pick_up", character="vic", item="knife", rule="WD-STATUS-016", match="dropped no knife")
    d.do("ann", "attack", character="vic", target="brute", weapon="knife", dice=[6])
    assert "(lesser cut)" in d.words()[-1]
    assert "disarmed" in _names(d, "vic") and [h.name for h in d.state.sheets["vic"].dropped] == ["Bat"]


# --- the wound track and its effects ----------------------------------------------------------


@pytest.mark.rules("WD-WFX-012", "WD-WFX-018", "WD-WFX-001")
def test_lesser_pierce_6_escalates_the_wound_on_the_track() -> None:
    # src 668: "Damage severity is escalated to Moderate, roll Moderate effect": the track holds a
    # moderate wound, and the moderate roll (1: no effect, src 692) follows.
    d = _duel()
    _to_brute(d)
    _brute_hits_vic(d, "pierce", "lesser", 6)
    d.do("ann", "effect_choice", character="vic", key="negate", picks=[], dice=[1])  # Moderate Pierce 1
    assert "the wound becomes moderate" in d.words()[-1]
    assert _wounds(d, "vic") == [WoundTier.MODERATE]


@pytest.mark.rules("WD-WFX-018", "WD-WOUND-005", "WD-WOUND-002")
def test_moderate_pierce_3_4_the_added_wound_fills_the_track_and_calls_for_a_stay_up_check() -> None:
    # src 694: "Added moderate wound, no effect"; src 794: with no space left, a 3+ Guts check.
    # Guts 2: two slots, both filled by the one shot; the check: 1 + 0 - 1 (Guts 2) = 0 fails, all
    # moderate: dying (src 796).
    d = _duel(guts=2)
    _to_brute(d)
    _brute_hits_vic(d, "pierce", "moderate", 3)
    d.do("ann", "effect_choice", character="vic", key="negate", picks=[], dice=[1])
    assert _wounds(d, "vic") == [WoundTier.MODERATE, WoundTier.MODERATE]
    assert d.state.people["vic"].track.standing is Standing.DYING


@pytest.mark.rules("WD-WOUND-004", "WD-COMBAT-024", "WD-EQUIP-011")
def test_armor_takes_a_conventional_hit_without_effect_but_a_power_still_bites() -> None:
    # src 1032: armor "acts as an additional wound slot, taking one hit. Further, conventional damage
    # done to armor doesn't have any consequence. (Less conventional damage like powers may.)"
    d = _duel({**sheet("vic", "Vic"), "armor": 1})
    _to_brute(d)
    d.do("gm", "attack", character="brute", target="vic", damage="cut", dice=[6])
    d.answer("ann", "react-vic", "take")  # no effect die: armor absorbs it
    assert _names(d, "vic") == []
    d2 = _duel({**sheet("vic", "Vic"), "armor": 1})
    _to_brute(d2)
    d2.do("gm", "attack", character="brute", target="vic", damage="cut", conventional=False, dice=[6])
    d2.answer("ann", "react-vic", "take", dice=[3])  # Lesser Cut 3: Bleeding, even on the armor
    d2.do("ann", "effect_choice", character="vic", key="negate", picks=[])
    assert _names(d2, "vic") == ["bleeding"]


@pytest.mark.rules("WD-WOUND-014", "WD-WFX-012", "WD-COMBAT-035")
def test_lesser_pierce_1_2_the_wound_goes_at_the_next_rest_action() -> None:
    # src 662: "Associated wound fades on next rest"; PROPOSED (WD-WOUND-014): the next mid-combat
    # Rest action, no roll needed (the rest's own Guts roll fails here).
    d = _duel()
    _to_brute(d)
    _brute_hits_vic(d, "pierce", "lesser", 2)
    assert _wounds(d, "vic") == [WoundTier.LESSER]
    d.do("gm", "end_turn", character="brute")
    d.do("ann", "rest", character="vic", restore="focus", dice=[1])
    assert _wounds(d, "vic") == []


@pytest.mark.rules("WD-COMBAT-033")
def test_a_rest_reduces_a_wound_only_with_two_wounds() -> None:
    # src 1004: "if the character has at least two wounds they may forgo healing simple conditions to
    # reduce their most minor wound's severity": one wound is not enough.
    d = _duel()
    _to_brute(d)
    _brute_hits_vic(d, "bash", "lesser", 1)  # knocked back 5 ft
    d.do("ann", "effect_choice", character="vic", key="negate", picks=[])
    d.do("gm", "end_turn", character="brute")
    d.refuse("ann", "rest", character="vic", reduce=True, restore="focus", dice=[6], rule="WD-COMBAT-033")
    assert _wounds(d, "vic") == [WoundTier.LESSER]


@pytest.mark.rules("WD-COMBAT-033")
def test_a_rest_reduction_skips_a_wound_with_an_ongoing_condition() -> None:
    # src 1004: "If a wound has no ongoing condition associated with it ... reduce their most minor
    # wound's severity": the bleeding lesser cut is not reduced; the plain moderate pierce (the most
    # minor free one) becomes lesser. (A first try used a Moderate Bash 1, whose Knocked Down is tied
    # to its wound: the table rightly refused to reduce either.)
    d = _duel()
    _to_brute(d)
    _brute_hits_vic(d, "cut", "lesser", 3)  # bleeding, tied to this lesser wound
    d.do("ann", "effect_choice", character="vic", key="negate", picks=[])
    d.do("gm", "end_turn", character="brute")
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    _brute_hits_vic(d, "pierce", "moderate", 1)  # no effect (src 692)
    d.do("gm", "end_turn", character="brute")
    d.do("ann", "rest", character="vic", reduce=True, restore="focus", dice=[6])
    assert sorted(_wounds(d, "vic")) == [WoundTier.LESSER, WoundTier.LESSER]
    assert "bleeding" in _names(d, "vic")


@pytest.mark.rules("WD-COMBAT-034", "WD-EFFORT-008")
def test_a_full_rest_restores_one_dot_to_each_pool_or_two_to_one() -> None:
    # src 1006: "recover either one dot to all three categories of effort, or two dots to one category"
    d = _duel()
    d.do("gm", "ruling", character="vic", text="spent", effort={"focus": 0, "stamina": 0, "recovery": 1})
    d.refuse("ann", "rest", character="vic", full=True, restore="focus, focus, stamina", dice=[1])
    d.do("ann", "rest", character="vic", full=True, restore="focus, focus", dice=[1])
    sheet_ = d.state.sheet("vic")
    effort = d.state.people["vic"].effort
    assert effort.available(sheet_, Pool.FOCUS) == 2 and effort.available(sheet_, Pool.STAMINA) == 0
    d2 = _duel()
    d2.do("gm", "ruling", character="vic", text="spent", effort={"focus": 0, "stamina": 0, "recovery": 1})
    d2.do("ann", "rest", character="vic", full=True, restore="focus, stamina, recovery", dice=[1])
    e2 = d2.state.people["vic"].effort
    assert [e2.available(d2.state.sheet("vic"), p) for p in (Pool.FOCUS, Pool.STAMINA, Pool.RECOVERY)] == [
        1,
        1,
        2,
    ]


@pytest.mark.rules("WD-COMBAT-034")
def test_a_full_rest_takes_as_many_conditions_as_guts() -> None:
    # src 1006: "extended ... to a number of conditions or wound reductions equal to one's Guts stat".
    # Guts 2: three asked for is more than the rest can remove, refused (not the first two silently);
    # the two named go on a good roll.
    d = _duel(guts=2)
    _with(d, "vic", Status.BLINDED, Status.DEAFENED, Status.PAINED_PHYSICAL)
    d.refuse(
        "ann",
        "rest",
        character="vic",
        full=True,
        remove="blinded, deafened, pained_physical",
        dice=[6],
        rule="WD-COMBAT-032",
    )
    d.do("ann", "rest", character="vic", full=True, remove="blinded, deafened", dice=[6])
    assert _names(d, "vic") == ["pained_physical"]


@pytest.mark.rules("WD-WFX-004", "WD-COMBAT-032")
def test_a_recovery_dot_in_a_rest_buys_another_roll_to_shed_an_effect() -> None:
    # src 394: Recovery "Make another roll to shrug off negative conditions when pausing to recover
    # mid-fight" (src 616's "shucked off ... by spending the same" read through it, WD-COMBAT-032):
    # Guts 1 fails, the bought roll 5 sheds the pain; with 1 and 1 it stays and the dot is still spent.
    d2 = _duel()
    _with(d2, "vic", Status.PAINED_PHYSICAL)
    d2.do("ann", "rest", character="vic", remove="pained_physical", recovery=True, dice=[1, 1])
    assert _names(d2, "vic") == ["pained_physical"]
    assert d2.state.people["vic"].effort.available(d2.state.sheet("vic"), Pool.RECOVERY) == 2
    d = _duel()
    _with(d, "vic", Status.PAINED_PHYSICAL)
    d.do(
        "ann", "rest", character="vic", remove="pained_physical", recovery=True, restore="focus", dice=[1, 5]
    )
    assert _names(d, "vic") == []


# --- limbs and hands --------------------------------------------------------------------------


def _armless_vic(face: int, part: str, *, held: tuple[dict[str, Any], ...] = (BAT,)) -> Any:
    """Vic, a large bat in hand (or ``held``), takes a Critical Cut (``face``) losing ``part``."""
    d = _duel({**sheet("vic", "Vic", guts=5), "held": list(held), "belt": [KNIFE]})
    _to_brute(d)
    _brute_hits_vic(d, "cut", "critical", face)
    d.do("ann", "effect_choice", character="vic", key="limb", picks=[part])  # the target's choice (src 690)
    d.do("ann", "effect_choice", character="vic", key="reattach", picks=[])  # no effort on the window
    d.do("gm", "end_turn", character="brute")
    return d


@pytest.mark.rules("WD-WFX-022", "WD-EQUIP-002", "WD-STATUS-016")
def test_a_lost_arm_cannot_swing_a_two_handed_bat() -> None:
    # src 706: Critical Cut 1-2 "Lose an arm"; src 1015: "two hands ... two small items or one large
    # one": with one arm the large bat cannot be swung, bare hands still can.
    d = _armless_vic(1, "left_arm")
    assert "lost_limb" in _names(d, "vic")
    d.refuse("ann", "attack", character="vic", target="brute", weapon="bat", dice=[6], rule="WD-EQUIP-002")
    d.do("ann", "attack", character="vic", target="brute", dice=[1])


@pytest.mark.rules("WD-WFX-022", "WD-EQUIP-002", "WD-EQUIP-003")
def test_a_lost_arm_leaves_one_hand_to_draw_into() -> None:
    # src 706, 1015: one small item in the one hand left; a second small one does not fit
    d = _armless_vic(2, "right_arm", held=({"name": "Flare", "damage": "burn"},))
    d.refuse("ann", "draw_item", character="vic", item="knife", rule="WD-EQUIP-002", match="one hand")


@pytest.mark.rules("WD-WFX-018", "WD-EQUIP-002")
def test_moderate_pierce_5_a_disabled_arm_of_the_attackers_choice_drops_a_hand() -> None:
    # src 696: "Disables a limb. Pain." (attacker's choice, PROPOSED WD-WFX-018); a disabled arm holds
    # nothing, so the large bat cannot be swung with the other alone (src 1015).
    d = _duel({**sheet("vic", "Vic"), "held": [BAT]})
    _to_brute(d)
    _brute_hits_vic(d, "pierce", "moderate", 5)
    d.do("ann", "effect_choice", character="vic", key="negate", picks=[])
    d.do("gm", "effect_choice", character="brute", key="limb", picks=["right_arm"])
    d.do("gm", "end_turn", character="brute")
    assert "disabled_limb" in _names(d, "vic")
    d.refuse("ann", "attack", character="vic", target="brute", weapon="bat", dice=[6], rule="WD-EQUIP-002")


@pytest.mark.rules("WD-WFX-021", "WD-STATUS-016", "WD-STATUS-009")
def test_moderate_shock_3_4_disarmed_and_knocked_down_both_act_on_the_next_turn() -> None:
    # src 768: the target "chooses 2 of: disarmed, knocked down, lose 1 focus, start dying"; on Vic's
    # next turn the bat is not in hand (src 658's drop) and he moves no more than 5 ft (src 850).
    d = _duel({**sheet("vic", "Vic"), "held": [BAT]})
    _to_brute(d)
    _brute_hits_vic(d, "shock", "moderate", 3)
    d.do("ann", "effect_choice", character="vic", key="negate", picks=[])
    d.do("ann", "effect_choice", character="vic", key="shock", picks=["disarmed", "knocked_down"])
    d.do("gm", "end_turn", character="brute")
    d.refuse("ann", "attack", character="vic", target="brute", weapon="bat", dice=[6], rule="WD-STATUS-016")
    d.refuse("ann", "move", character="vic", feet=10, rule="WD-MOVE-001")


@pytest.mark.rules("WD-WFX-024", "WD-COMBAT-002", "WD-WOUND-009")
def test_critical_pierce_1_3_dying__no_actions_but_getting_up() -> None:
    # src 718: "Target is placed in dying state, no other effect"; src 563: the dying do "nothing
    # except perhaps rolling to get back up"; src 796: a Recovery dot buys a Guts roll.
    d = _duel(guts=4)
    _to_brute(d)
    _brute_hits_vic(d, "pierce", "critical", 2)
    assert d.state.people["vic"].track.standing is Standing.DYING
    d.do("gm", "end_turn", character="brute")
    d.refuse("ann", "attack", character="vic", target="brute", dice=[6])
    d.refuse("ann", "move", character="vic", feet=5)
    d.do("ann", "get_up", character="vic", dice=[6])  # Guts 4: 6 + 1 = 7 >= 3
    assert d.state.people["vic"].track.standing is Standing.UP


@pytest.mark.rules("WD-COMBAT-011", "WD-COMBAT-008")
def test_a_quick_action_fits_after_both_standard_ones__once() -> None:
    # src 570: quick actions are made "without counting against the two actions a turn" and "kept to
    # one a turn at most"
    d = _duel()
    d.do("ann", "move", character="vic", feet=10)
    d.do("ann", "attack", character="vic", target="thug", dice=[1])
    d.do("ann", "act", character="vic", action="shout a warning", kind="quick")
    d.refuse("ann", "act", character="vic", action="grab the keys", kind="quick", rule="WD-COMBAT-011")


@pytest.mark.rules("WD-COMBAT-032", "WD-COMBAT-008")
def test_a_rest_is_one_of_the_two_actions() -> None:
    # src 559, 1004: "As an action, resting ..."; a standard rest leaves one action
    d = _duel()
    d.do("ann", "rest", character="vic", restore="focus", dice=[1])
    d.do("ann", "attack", character="vic", target="thug", dice=[1])
    d.refuse("ann", "move", character="vic", feet=5, rule="WD-COMBAT-008")


@pytest.mark.rules("WD-COMBAT-015", "WD-MOVE-003", "WD-COMBAT-008")
def test_an_attack_of_opportunity_costs_focus_not_the_next_turns_actions() -> None:
    # src 586: out-of-turn actions spend Focus; the attacker's own turn keeps its two actions
    d = _duel()
    d.do("ann", "end_turn", character="vic")
    d.do("ann", "attack", character="vic", target="thug", opportunity=True, dice=[1])  # 1: a miss
    vic = d.state.people["vic"]
    assert vic.effort.available(d.state.sheet("vic"), Pool.FOCUS) == 2
    d.do("gm", "end_turn", character="thug")
    d.do("gm", "end_turn", character="brute")
    d.do("ann", "move", character="vic", feet=10)
    d.do("ann", "move", character="vic", feet=10)


@pytest.mark.rules("WD-STATUS-010")
def test_delay_skips_an_ally_to_go_after_the_next_enemy() -> None:
    # src 854: Delayed puts the target "after the enemy or group of enemies who would otherwise act
    # next": order Vic, Max (an ally), thug, brute; Vic goes after the thug and brute, not after Max.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "bob", sheet("max", "Max"))
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5, athletics=1, dexterity=1))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6, 5, 1])  # Vic 12, Max 11, thug 9, brute 3
    assert d.state.fight.order.order == ("vic", "max", "thug", "brute")
    for who, seat in (("vic", "ann"), ("max", "bob"), ("thug", "gm")):
        d.do(seat, "end_turn", character=who)
    _brute_hits_vic(d, "bash", "lesser", 6)
    d.do("ann", "effect_choice", character="vic", key="negate", picks=[])
    d.do("gm", "end_turn", character="brute")
    assert d.state.fight.turn.actor == "max"
    d.do("bob", "end_turn", character="max")
    d.do("gm", "end_turn", character="thug")
    d.do("gm", "end_turn", character="brute")
    assert d.state.fight.turn.actor == "vic" and d.state.fight.order.round == 2


@pytest.mark.rules("WD-COMBAT-017", "WD-STAT-001")
def test_a_shot_with_no_weapon_named_aims_with_dexterity() -> None:
    # src 256: Dexterity covers "aiming"; WD-COMBAT-017: aimed shots use Dexterity. Vic Dex 5 (+2),
    # Brawn 1 (-2): a thrown bottle at the brute, 2 + 2 = 4 hits DS 4 (with Brawn it would be 0).
    d = _duel(dexterity=5, brawn=1)
    d.do("ann", "attack", character="vic", target="brute", melee=False, dice=[2])
    assert any(p.kind == "reaction" for p in d.prompts("gm"))


@pytest.mark.rules("WD-WFX-014", "WD-WOUND-013", "WD-WOUND-015")
def test_lesser_burn_1_3_the_temporary_wound_goes_when_the_fight_ends() -> None:
    # src 738: "Target suffers a temporary lesser wound"; PROPOSED (WD-WOUND-013): gone at the
    # encounter's end. Vic in his own clothes would keep it (bare skin); a costume piece of standard
    # tier makes it temporary.
    d = _duel({**sheet("vic", "Vic"), "costume": {"pieces": [{"key": "icon", "cell": [0, 0]}]}})
    _to_brute(d)
    _brute_hits_vic(d, "burn", "lesser", 2)
    d.do("ann", "effect_choice", character="vic", key="negate", picks=[])
    assert _wounds(d, "vic") == [WoundTier.LESSER, WoundTier.LESSER]
    d.do("gm", "end_combat", lull=False)
    assert _wounds(d, "vic") == [WoundTier.LESSER]


@pytest.mark.rules("WD-EQUIP-006", "WD-MOVE-011", "WD-EQUIP-002")
def test_a_heavy_held_item_over_brawn_slows_the_move() -> None:
    # src 1021: encumbrance capacity = Brawn; over it: -1 Athletics, -1 Dexterity, a further -5 ft.
    # Brawn 2 with a 3-encumbrance sledge: Athletics 3 -> 2 (25 ft) and -5 ft: 20 ft a move
    sledge = {"name": "Sledge", "damage": "bash", "size": "large", "encumbrance": 3}
    d = _duel({**sheet("vic", "Vic", brawn=2), "held": [sledge]})
    d.refuse("ann", "move", character="vic", feet=25, rule="WD-MOVE-001")
    d.do("ann", "move", character="vic", feet=20)
    assert d.state.sheet("vic").stat(Stat.DEXTERITY) == 2


@pytest.mark.rules("WD-WOUND-004", "WD-WOUND-005", "WD-EQUIP-011")
def test_armor_is_an_extra_slot__the_stay_up_check_waits_for_the_third_wound_at_guts_2() -> None:
    # src 1032: armor "acts as an additional wound slot, taking one hit"; src 794: the check comes when
    # no space is left. Guts 2 + 1 armor = 3 slots: after two hits no check; the second hit, on the body,
    # rolls its effect (the armor's hit did not).
    d = _duel({**sheet("vic", "Vic", guts=2), "armor": 1})
    _to_brute(d)
    d.do("gm", "attack", character="brute", target="vic", dice=[6])
    d.answer("ann", "react-vic", "take")  # on the armor: no effect die
    d.do("gm", "end_turn", character="brute")
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    _brute_hits_vic(d, "bash", "lesser", 1)  # on the body: the effect rolls (knocked back 5 ft)
    d.do("ann", "effect_choice", character="vic", key="negate", picks=[])
    assert len(d.state.people["vic"].track.wounds) == 2
    assert d.state.people["vic"].track.checks == 0  # one slot still empty: no stay-up check
    assert d.state.people["vic"].track.standing is Standing.UP


@pytest.mark.rules("WD-STATUS-001", "WD-COMBAT-027")
def test_a_wait_spends_focus__a_bleeding_waiter_takes_a_wound() -> None:
    # src 994: a Wait spends Focus; src 814: Bleeding wounds when expending effort
    d = _bleeding_vic()
    d.do("ann", "wait", character="vic", trigger="brute")
    assert _wounds(d, "vic") == [WoundTier.LESSER, WoundTier.LESSER]


@pytest.mark.rules("WD-STATUS-014", "WD-WOUND-009", "WD-WFX-016")
def test_a_death_sentence_leaves_no_self_recovery_from_dying() -> None:
    # src 875: Death Sentence: "They cannot recover from the dying state or Death Sentence without
    # outside help": a dying sentenced Vic cannot spend Recovery to get up.
    d = _duel(guts=1)
    _to_brute(d)
    # the one slot is full: the stay-up roll 1 - 2 fails, all moderate: dying; then the effect, 6
    d.do("gm", "attack", character="brute", target="vic", tier="moderate", damage="cut", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[1, 6])
    # out of the fight, Vic is not asked to spend Recovery on the effect (src 563)
    assert "death_sentence" in _names(d, "vic")
    assert d.state.people["vic"].track.standing is Standing.DYING
    d.do("gm", "end_turn", character="brute")
    d.refuse("ann", "get_up", character="vic", dice=[6])


# --- belt and costume in play -------------------------------------------------------------------


@pytest.mark.rules("WD-EQUIP-014", "WD-EQUIP-003", "WD-MOVE-009")
def test_a_broken_fragile_belt_slot_makes_the_last_item_slow_to_draw() -> None:
    # src 1083: a Standard belt's "final belt slot is fragile and may be destroyed when the character
    # falls" (4+); src 1017: items past the slots "stop being as quick to access". Dexterity 1 + 2 = 3
    # slots hold knife, flare, wrench; the fall breaks the third: the wrench now takes a full action.
    belt = [KNIFE, {"name": "Flare", "damage": "burn"}, {"name": "Wrench", "damage": "bash"}]
    costume = {"pieces": [{"key": "belt", "cell": [2, 0]}]}
    d = table()
    add(d, "ann", {**sheet("vic", "Vic", dexterity=1, guts=4), "costume": costume, "belt": belt})
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6])
    assert d.state.sheet("vic").belt_slots == 3
    d.do("gm", "fall", character="vic", feet=18, dice=[4, 1])  # belt die 4: broken; effect 1
    d.answer("ann", d.prompt("ann", "effect").id, "none")
    assert d.state.sheet("vic").belt_slots == 2
    d.do("ann", "draw_item", character="vic", item="wrench")
    assert d.state.fight.turn.full_used


@pytest.mark.rules("WD-COMBAT-033", "WD-STATUS-007", "WD-WFX-010")
def test_a_rest_does_not_ease_a_scarred_wound() -> None:
    # src 646: Lesser Cut 4 "Inflict Scarred"; src 842: scarring wounds "persist until specific
    # end-of-day downtime can be dedicated to taking care of them or medical care given"; src 1004:
    # the rest eases the most minor wound with nothing attached. The scarred lesser cut stays; the
    # plain moderate pierce (Moderate Pierce 1, no effect) is the one eased.
    d = _duel()
    _to_brute(d)
    _brute_hits_vic(d, "cut", "lesser", 4)
    d.do("ann", "effect_choice", character="vic", key="negate", picks=[])
    d.do("gm", "end_turn", character="brute")
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    _brute_hits_vic(d, "pierce", "moderate", 1)
    d.do("gm", "end_turn", character="brute")
    d.do("ann", "rest", character="vic", reduce=True, restore="focus", dice=[6])
    wounds = d.state.people["vic"].track.wounds
    assert [(w.tier, w.scarring) for w in wounds] == [(WoundTier.LESSER, True), (WoundTier.LESSER, False)]


@pytest.mark.rules("WD-COMBAT-026", "WD-EQUIP-002")
def test_a_chair_swung_as_a_club_delivers_its_effect_and_no_wound() -> None:
    # src 618: "Some weapons (especially improvised ones) may deliver attack effects only; using a chair
    # as a club": the chair in hand is marked so; naming it is enough.
    chair = {"name": "Chair", "damage": "bash", "size": "large", "effects_only": True}
    d = _duel({**sheet("vic", "Vic"), "held": [chair]})
    d.do("ann", "attack", character="vic", target="thug", weapon="chair", dice=[6, 2])  # effect 2
    assert d.state.people["thug"].track.wounds == ()
    assert "knocked back 10 ft" in " ".join(d.words())


@pytest.mark.rules("WD-COMBAT-021", "WD-COMBAT-017", "WD-EQUIP-002")
def test_a_pistol_shot_blocked__the_shooter_is_no_melee_attacker() -> None:
    # src 592: a Block drops only "melee attackers" a place; src 588, 1013: the pistol in hand makes the
    # shot ranged, with Dexterity, a moderate pierce (src 624: gunshots) without saying so again.
    pistol = {"name": "Pistol", "damage": "pierce", "tier": 2, "attack_stat": "dexterity", "ranged": True}
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=5))
    add(d, "gm", {**sheet("gunman", "Gunman", "notable", dexterity=4, brawn=1), "held": [pistol]})
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6, 5])  # Vic 12, gunman 7 + 5 = 12 (notable first), thug 9
    assert d.state.fight.order.order == ("gunman", "vic", "thug")
    d.do("gm", "attack", character="gunman", target="vic", weapon="pistol", dice=[4])  # 4 + 1 = 5
    assert "(moderate pierce)" in " ".join(d.words())
    d.answer("ann", "react-vic", "block", dice=[3])  # Brawn 5: 3 + 2 = 5 >= 5: blocked
    d.do("gm", "end_turn", character="gunman")
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    assert d.state.fight.order.order == ("gunman", "vic", "thug")
    assert d.state.fight.turn.actor == "gunman"


@pytest.mark.rules("WD-WFX-021", "WD-COMBAT-016", "WD-MOVE-003")
def test_moderate_shock_1_2_taken_on_ones_own_turn_halves_the_next_one() -> None:
    # src 766: "Target can only take half the actions next turn". Struck by an attack of opportunity
    # while moving on his own turn, Vic keeps this turn's second action; his next turn is the halved one.
    d = _duel()
    d.do("ann", "move", character="vic", feet=20)
    d.do(
        "gm",
        "attack",
        character="brute",
        target="vic",
        opportunity=True,
        damage="shock",
        tier="moderate",
        dice=[6],
    )
    d.answer("ann", "react-vic", "take", dice=[1])
    d.do("ann", "effect_choice", character="vic", key="negate", picks=[])
    d.do("ann", "move", character="vic", feet=10)  # this turn's second action stands
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    d.do("gm", "end_turn", character="brute")
    assert d.state.fight.turn.actor == "vic" and d.state.fight.turn.actions == 1
    d.do("ann", "move", character="vic", feet=10)
    d.refuse("ann", "move", character="vic", feet=10, rule="WD-COMBAT-008")
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    d.do("gm", "end_turn", character="brute")
    assert d.state.fight.turn.actions == 2  # and back to two


@pytest.mark.rules("WD-STATUS-010", "WD-WFX-011", "WD-MOVE-003")
def test_delayed_on_ones_own_turn_delays_the_next_turn() -> None:
    # src 660 (Lesser Bash 6: "Inflict Delay"), src 854: "Delays the target's next turn ... after the
    # enemy or group of enemies who would otherwise act next". Struck by an attack of opportunity while
    # moving on his own turn, Vic finishes this turn; in round 2 he acts after the thug and the brute.
    d = _duel()
    d.do("ann", "move", character="vic", feet=20)
    d.do("gm", "attack", character="brute", target="vic", opportunity=True, dice=[6])
    d.answer("ann", "react-vic", "take", dice=[6])
    d.do("ann", "effect_choice", character="vic", key="negate", picks=[])
    d.do("ann", "move", character="vic", feet=10)  # this turn goes on
    d.do("ann", "end_turn", character="vic")
    assert d.state.fight.turn.actor == "thug"
    d.do("gm", "end_turn", character="thug")
    d.do("gm", "end_turn", character="brute")
    assert d.state.fight.order.round == 2 and d.state.fight.turn.actor == "thug"
    d.do("gm", "end_turn", character="thug")
    d.do("gm", "end_turn", character="brute")
    assert d.state.fight.turn.actor == "vic" and d.state.fight.order.round == 2


@pytest.mark.rules("WD-STATUS-001", "WD-WFX-004")
def test_a_recovery_dot_spent_on_an_effect_makes_a_bleeder_bleed() -> None:
    # src 392, 616: a Recovery dot ignores a lesser or moderate effect; src 814: Bleeding "Suffer a
    # lesser wound when expending effort": the dot is effort, so the bleeding Vic (Guts 4) takes a
    # third lesser wound for it.
    d = _bleeding_vic(guts=4)
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    _brute_hits_vic(d, "bash", "lesser", 1)
    d.do("ann", "effect_choice", character="vic", key="negate", picks=["recovery"])
    assert _wounds(d, "vic") == [WoundTier.LESSER] * 3
    assert "Vic takes a lesser wound from bleeding." in d.words()


@pytest.mark.rules("WD-COMBAT-033", "WD-WOUND-016", "WD-EQUIP-011")
def test_a_rest_does_not_mend_the_armor() -> None:
    # src 1032: "Repairing wounded armor has the same rules as repairing other broken gear ... [Long DC
    # of 12; each roll takes 20 min & money]": catching one's breath (src 1004) eases a body wound,
    # here the moderate pierce, and leaves the armor's hit on the track.
    d = _duel({**sheet("vic", "Vic"), "armor": 1})
    _to_brute(d)
    d.do("gm", "attack", character="brute", target="vic", dice=[6])
    d.answer("ann", "react-vic", "take")  # the armor takes it
    d.do("gm", "end_turn", character="brute")
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    _brute_hits_vic(d, "pierce", "moderate", 1)
    d.do("gm", "end_turn", character="brute")
    d.do("ann", "rest", character="vic", reduce=True, restore="focus", dice=[6])
    wounds = d.state.people["vic"].track.wounds
    assert [(w.tier, w.armor) for w in wounds] == [(WoundTier.LESSER, True), (WoundTier.LESSER, False)]


@pytest.mark.rules("WD-WOUND-002", "WD-STAT-005", "WD-EQUIP-011")
def test_wx17_guts_4_and_one_armor_make_five_slots_at_the_table() -> None:
    # WX-17 (src 602, 1032): "Four Guts, four wounds", and armor "acts as an additional wound slot"
    d = _duel({**sheet("vic", "Vic", guts=4), "armor": 1})
    track = d.state.people["vic"].track
    assert (track.slots, track.armor) == (4, 1)
    assert d.state.sheet("vic").stat(Stat.GUTS) == 4


@pytest.mark.rules("WD-WFX-020", "WD-COMBAT-035", "WD-COMBAT-034")
def test_a_full_rest_also_stops_an_ongoing_burn() -> None:
    # src 764: "Damage is ongoing ... (rest to stop)"; src 1006: a full rest is a rest, extended
    d = _duel(guts=5)
    _to_brute(d)
    _brute_hits_vic(d, "burn", "moderate", 6)
    d.do("ann", "effect_choice", character="vic", key="negate", picks=[])
    d.do("gm", "end_turn", character="brute")
    d.do("ann", "rest", character="vic", full=True, restore="focus", dice=[1])
    d.do("ann", "end_turn", character="vic")
    assert _wounds(d, "vic") == [WoundTier.MODERATE]


@pytest.mark.rules("WD-COMBAT-032", "WD-COMBAT-034")
def test_a_rest_asked_to_remove_more_than_it_can_is_refused_and_changes_nothing() -> None:
    # src 1004: "resting allows characters to roll Guts to heal a simple condition": one; src 1006: a
    # full rest "extended ... to a number of conditions or wound reductions equal to one's Guts stat"
    d = _duel(guts=2)
    _with(d, "vic", Status.BLINDED, Status.DEAFENED, Status.KNOCKED_DOWN)
    before = d.state
    d.refuse(
        "ann",
        "rest",
        character="vic",
        remove=["blinded", "deafened"],
        dice=[6],
        rule="WD-COMBAT-032",
        match="at most 1",
    )
    d.refuse(
        "ann",
        "rest",
        character="vic",
        full=True,
        remove=["blinded", "deafened", "knocked_down"],
        dice=[6],
        rule="WD-COMBAT-032",
        match="at most 2",
    )
    assert d.state == before
    # a Recovery dot's second roll makes room for one more
    d.do("ann", "rest", character="vic", remove=["blinded", "deafened"], recovery=True, dice=[6, 6])
    assert _names(d, "vic") == ["knocked_down"]


# --- starting a fight: Tactics and the surprise round --------------------------------------------


def _ambush(side: list[str], *, social: int) -> Any:
    """Vic (Ann's, Social ``social``, Knowledge 4) and the thug (generic, Social and Knowledge 3:
    Tactics 6); the GM names Vic's side where surprise is in question. Speed: the thug 6 + 3 = 9,
    Vic 6 + 1 = 7 (d6 1), so the thug would act first."""
    d = table()
    add(d, "ann", sheet("vic", "Vic", social=social, knowledge=4))
    add(d, "gm", sheet("thug", "Thug", "generic", social=3, knowledge=3))
    d.do("gm", "start_combat", side=side, dice=[1])
    assert d.state.fight.order.order == ("thug", "vic")
    return d


@pytest.mark.rules("WD-COMBAT-003", "WD-STAT-006")
def test_tactics_ahead_by_the_margin_give_a_surprise_round() -> None:
    # src 541-543: Tactics (Social + Knowledge, WD-STAT-006) decide "if one side surprises the other
    # ... surprise rounds where enemies don't get to act"; WD-COMBAT-003 PROPOSED: each side's best,
    # a margin of 3 (surprise_margin). Vic 5 + 4 = 9 against the thug's 6: the thug sits out round 1.
    d = _ambush(["vic"], social=5)
    assert d.state.fight.turn.actor == "vic"
    assert "A surprise round (Tactics 9 against 6) leaves Thug surprised." in d.words()
    d.do("ann", "attack", character="vic", target="thug", dice=[1])
    d.do("ann", "end_turn", character="vic")
    # round 2: the thug acts, first again by its speed
    assert (d.state.fight.order.round, d.state.fight.turn.actor) == (2, "thug")
    assert "surprised" not in [c.name for c in d.state.people["thug"].conditions]
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-COMBAT-003", "WD-STAT-006")
def test_tactics_short_of_the_margin_give_no_surprise() -> None:
    # Vic 4 + 4 = 8 against 6: ahead by 2, short of 3: the order stands, the thug first
    d = _ambush(["vic"], social=4)
    assert d.state.fight.turn.actor == "thug"
    assert all(c.name != "surprised" for p in d.state.people.values() for c in p.conditions)


@pytest.mark.rules("WD-COMBAT-003")
def test_a_side_naming_someone_outside_the_fight_is_refused() -> None:
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    add(d, "gm", sheet("boss", "Boss", "notable"))
    d.refuse("gm", "start_combat", characters=["vic", "thug"], side=["boss"], dice=[1], rule="WD-COMBAT-003")
    assert d.state.fight is None


@pytest.mark.rules("WD-COMBAT-003", "WD-NPC-003")
def test_a_hidden_npcs_surprise_keeps_its_tactics_from_the_players() -> None:
    # WD-NPC-003: a hidden NPC's numbers are the GM's. The hidden boss (Social 5, Knowledge 5:
    # Tactics 10) ambushes Vic (6): Vic is surprised, and Ann reads no Tactics score.
    d = table()
    add(d, "ann", sheet("vic", "Vic", social=3, knowledge=3))
    add(d, "gm", sheet("boss", "Boss", "notable", social=5, knowledge=5), hidden=True)
    d.do("gm", "start_combat", side=["boss"], dice=[6, 1])
    assert "surprised" in [c.name for c in d.state.people["vic"].conditions]
    seen = [x.description.text for x in d.table.log_view(d.table.viewer_for("ann"))]
    assert "A surprise round (Tactics) leaves Vic surprised." in seen
    assert not any("10" in line for line in seen if "surprise" in line)
