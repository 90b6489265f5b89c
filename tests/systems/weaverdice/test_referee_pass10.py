"""Referee pass 10 over Weaverdice part 1: bleeding against every way effort is spent or a turn is
given over, the wound track's critical corners, low morale on reactions, the grapple's one roll a
round, each situation written from the seed (``/work/shared/seeds/000_*.txt``, cited "src N") before
reading the table's code, then played through the table with given dice.

Where the seed is silent the expected outcome is the inventory's PROPOSED decision, cited by rule ID.
"""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.statuses import Reach, condition
from capeworks.systems.weaverdice.vocab import Pool, Stat, Status, WoundTier
from capeworks.systems.weaverdice.wounds import Standing, Wound
from tests.systems.weaverdice.helpers import add, sheet, table

_SEATS = {"vic": "ann", "max": "bob", "thug": "gm", "brute": "gm", "goon": "gm"}
KNIFE = {"name": "Knife", "damage": "cut", "attack_stat": "dexterity"}
AIM = {"name": "Aim", "stats": ["dexterity"], "tree": "aim"}
FOCUSED = {"name": "Focused Shot", "stats": ["dexterity"], "tree": "aim"}


def _avail(d: Driver, ident: str, pool: Pool) -> int:
    return int(d.state.people[ident].effort.available(d.state.sheet(ident), pool))


def _tiers(d: Driver, ident: str) -> list[WoundTier]:
    return [w.tier for w in d.state.people[ident].track.wounds]


def _with(d: Driver, ident: str, *statuses: Status) -> None:
    """Set-up: ``ident`` already suffers ``statuses`` (as an earlier effect would have left them)."""
    people = dict(d.state.people)
    c = people[ident]
    people[ident] = c.model_copy(
        update={"conditions": (*c.conditions, *(condition(s, ident) for s in statuses))}
    )
    d.patch(people=people)


def _pass_to(d: Driver, ident: str) -> None:
    """End turns until ``ident``'s comes."""
    while d.state.fight.turn.actor != ident:
        actor = d.state.fight.turn.actor
        d.do(_SEATS[actor], "end_turn", character=actor)


def _vic_first(vic: dict[str, Any] | None = None, **more: Any) -> Driver:
    """Vic (Ann's PC) against a generic thug; Vic acts first (Vic 6 + 6 = 12, the thug 6 + 3 = 9)."""
    d = table()
    add(d, "gm", vic or sheet("vic", "Vic"), owner="ann", **more)  # the GM sets morale (src 485)
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6])
    assert d.state.fight.turn.actor == "vic"
    return d


# -- bleeding: "a lesser wound when expending effort or taking a full action" (src 814) -----------


@pytest.mark.rules("WD-STATUS-001", "WD-SKILL-009", "WD-EFFORT-004")
def test_a_bleeding_vic_who_opens_a_learning_skill_with_focus_takes_a_lesser_wound() -> None:
    # src 342: a skill being learned is had for the encounter by spending Focus; src 814: Bleeding,
    # "Suffer a lesser wound when expending effort". The Focus dot is effort: one lesser wound.
    d = _vic_first({**sheet("vic", "Vic", guts=4), "skills": [{**AIM, "learning": True, "training": [5]}]})
    _with(d, "vic", Status.BLEEDING)
    d.do("ann", "open_skill", character="vic", skill="Aim")
    assert _avail(d, "vic", Pool.FOCUS) == 2
    assert _tiers(d, "vic") == [WoundTier.LESSER]


@pytest.mark.rules("WD-STATUS-001", "WD-SKILL-012", "WD-EFFORT-004")
def test_a_bleeding_focused_shot_costs_a_lesser_wound() -> None:
    # src 334: a Focused Shot spends Focus; src 814 as above. The shot misses (1 + 1 = 2 < 3): the
    # Focus is spent all the same, and so is the blood.
    d = _vic_first({**sheet("vic", "Vic", dexterity=4, guts=4), "skills": [AIM, FOCUSED]})
    _with(d, "vic", Status.BLEEDING)
    d.do(
        "ann",
        "attack",
        character="vic",
        target="thug",
        stat="dexterity",
        melee=False,
        skills=["Aim"],
        focused=True,
        dice=[1, 1],
    )
    assert _tiers(d, "vic") == [WoundTier.LESSER]


@pytest.mark.rules("WD-STATUS-001", "WD-COMBAT-010")
def test_a_bleeding_full_attack_bleeds_once_not_once_a_swing() -> None:
    # src 814: a lesser wound for "taking a full action"; src 527-529: a full attack is Attack x2, one
    # full action. Both swings miss the thug (1 + 0 < 3): one lesser wound in all.
    d = _vic_first(sheet("vic", "Vic", guts=4))
    _with(d, "vic", Status.BLEEDING)
    d.do("ann", "attack", character="vic", target="thug", full=True, dice=[1])
    d.do("ann", "attack", character="vic", target="thug", dice=[1])
    assert _tiers(d, "vic") == [WoundTier.LESSER]


@pytest.mark.rules("WD-STATUS-001", "WD-EQUIP-003")
def test_a_bleeding_vic_drawing_past_his_belt_slots_takes_the_full_actions_wound() -> None:
    # src 1017: belt slots equal Dexterity; "Any more items than that ... stop being as quick to
    # access": drawing one is a full action (WD-EQUIP-003); src 814: a full action bleeds.
    # Dexterity 1: the second belt item (the axe) is past the slots.
    vic = {**sheet("vic", "Vic", dexterity=1, guts=4), "belt": [KNIFE, {"name": "Bat", "damage": "bash"}]}
    d = _vic_first(vic)
    _with(d, "vic", Status.BLEEDING)
    d.do("ann", "draw_item", character="vic", item="Bat")
    assert _tiers(d, "vic") == [WoundTier.LESSER]


@pytest.mark.rules("WD-STATUS-001", "WD-GRAPPLE-002", "WD-EFFORT-003")
def test_a_bleeding_grappler_who_pushes_with_stamina_takes_a_lesser_wound() -> None:
    # src 932: "Stamina() can be spent for a +1 on grapple rolls"; src 814 as above. Vic grabs the
    # thug (5 + 0 = 5 hits DS 3) and spends a Stamina dot on the opposed Brawn (4 + 1 = 5 to 2 + 0).
    d = _vic_first(sheet("vic", "Vic", guts=4))
    _with(d, "vic", Status.BLEEDING)
    d.do("ann", "grab", character="vic", target="thug", dice=[5])
    d.do("ann", "grapple", character="vic", target="thug", stamina=1, dice=[4, 2])
    assert _avail(d, "vic", Pool.STAMINA) == 2
    assert _tiers(d, "vic") == [WoundTier.LESSER]


@pytest.mark.rules("WD-STATUS-001", "WD-GRAPPLE-002", "WD-EFFORT-003")
def test_a_bleeding_held_one_who_braces_with_stamina_takes_a_lesser_wound() -> None:
    # src 932 as above, for the one held: committing a Stamina dot to the next round is effort spent
    # (src 814). The notable brute holds Vic; Vic braces with one dot on his turn.
    d = table()
    add(d, "ann", sheet("vic", "Vic", guts=4))
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5))
    d.do("gm", "start_combat", dice=[1, 6])  # the brute 6 + 6 = 12, Vic 6 + 1 = 7
    d.do("gm", "grab", character="brute", target="vic", dice=[5])
    d.answer("ann", "react-vic", "take")
    d.do("gm", "grapple", character="brute", target="vic", dice=[4, 1])
    d.do("gm", "end_turn", character="brute")
    _with(d, "vic", Status.BLEEDING)
    d.do("ann", "brace", character="vic", holder="brute", stamina=1)
    assert _tiers(d, "vic") == [WoundTier.LESSER]


# -- the wound track's critical corners (src 792-798) ------------------------------------------------


def _hurt(d: Driver, ident: str, *tiers: WoundTier) -> None:
    """Set-up: ``ident`` already carries wounds of ``tiers`` (plain ones, no effect left attached)."""
    people = dict(d.state.people)
    c = people[ident]
    wounds = tuple(
        Wound(tier=t, id=f"w{i + 1}", scarring=t is WoundTier.CRITICAL) for i, t in enumerate(tiers)
    )
    people[ident] = c.model_copy(
        update={"track": c.track.model_copy(update={"wounds": wounds}), "wounds_made": len(wounds)}
    )
    d.patch(people=people)


def _brute_first(vic: dict[str, Any], **more: Any) -> Driver:
    """The GM's notable brute (Brawn 5) acts before Vic (brute 6 + 6 = 12, Vic 6 + 1 = 7)."""
    d = table()
    add(d, "gm", vic, owner="ann", **more)  # the GM sets morale (src 485)
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5))
    d.do("gm", "start_combat", dice=[1, 6])
    assert d.state.fight.turn.actor == "brute"
    return d


def _brute_hits_vic(d: Driver, tier: str, *dice: int, damage: str = "pierce") -> None:
    """The brute hits Vic (6 + 2 = 8) and Vic takes it; ``dice``: the stay-up roll if any, the effect
    (Moderate Pierce 1-2: "No effect", src 674)."""
    d.do("gm", "attack", character="brute", target="vic", damage=damage, tier=tier, dice=[6])
    d.answer("ann", "react-vic", "take", dice=list(dice))


@pytest.mark.rules("WD-WOUND-011", "WD-WOUND-007", "WD-WOUND-005")
def test_a_track_of_a_critical_and_moderates_that_fails_to_stay_up_starts_dying() -> None:
    # src 798: "Critical wounds act as scarring moderates"; src 796: "If all spaces are filled with
    # moderate wounds, they start dying instead of falling unconscious". Vic (Guts 3) carries a
    # critical and a moderate; a moderate pierce fills the track: the 3+ Guts check, 1 + 0 = 1, fails;
    # with no lesser on the track Vic starts dying, not merely unconscious.
    d = _brute_first(sheet("vic", "Vic"))
    _hurt(d, "vic", WoundTier.CRITICAL, WoundTier.MODERATE)
    _brute_hits_vic(d, "moderate", 1, 1)
    assert _tiers(d, "vic") == [WoundTier.CRITICAL, WoundTier.MODERATE, WoundTier.MODERATE]
    assert d.state.people["vic"].track.standing is Standing.DYING


@pytest.mark.rules("WD-WOUND-011", "WD-WOUND-003")
def test_a_second_critical_displacing_the_last_lesser_fills_the_track_with_criticals__death() -> None:
    # src 792: on a full track a heavier wound takes a lesser one's place; src 798: "those with wound
    # slots filled with critical wounds will outright die". Vic (Guts 2) carries a critical and a
    # lesser; a second critical takes the lesser's slot: both slots critical, dead.
    d = _brute_first(sheet("vic", "Vic", guts=2))
    _hurt(d, "vic", WoundTier.CRITICAL, WoundTier.LESSER)
    _brute_hits_vic(d, "critical", 1)
    assert _tiers(d, "vic") == [WoundTier.CRITICAL, WoundTier.CRITICAL]
    assert d.state.people["vic"].track.standing is Standing.DEAD


@pytest.mark.rules("WD-COMBAT-033", "WD-WOUND-011")
def test_a_rest_eases_the_moderate_beside_a_critical_never_the_critical() -> None:
    # src 1004: a rest may "reduce their most minor wound's severity"; src 798: criticals are
    # scarring moderates, and scarring persists until downtime or medical care (src 842). Vic carries
    # a critical and a moderate: the rest (Guts 5 + 0) takes the moderate to lesser.
    d = _brute_first(sheet("vic", "Vic"))
    _hurt(d, "vic", WoundTier.CRITICAL, WoundTier.MODERATE)
    d.do("gm", "end_turn", character="brute")
    d.do("ann", "rest", character="vic", reduce=True, restore=["focus"], dice=[5])
    assert _tiers(d, "vic") == [WoundTier.CRITICAL, WoundTier.LESSER]


# -- low morale caps every result, reactions and grapples too (src 453-475) -----------------------


@pytest.mark.rules("WD-MORALE-002", "WD-COMBAT-020")
def test_at_morale_minus_2_a_dodge_of_6_is_a_5_and_does_not_match_the_brutes_6() -> None:
    # src 453: "dice results (after modifiers are added from stats) will be capped"; two steps low
    # caps at 5 (src 459-465; Dandelion, src 481: "Her opponent rolls a 6 and she can't match that").
    # The brute's 4 + 2 = 6 hits; Vic dodges with a 6 + 0, capped to 5 < 6: the hit lands.
    d = _brute_first(sheet("vic", "Vic"), morale=-2)
    d.do("gm", "attack", character="brute", target="vic", damage="pierce", tier="lesser", dice=[4])
    d.answer("ann", "react-vic", "dodge", dice=[6, 1])
    assert _tiers(d, "vic") == [WoundTier.LESSER]


@pytest.mark.rules("WD-MORALE-002", "WD-GRAPPLE-002")
def test_at_morale_minus_3_vics_opposed_brawn_is_capped_at_4_and_the_thug_breaks_free() -> None:
    # src 453 as above; three steps low caps at 4. src 932: opposed strength rolls; "If the defender
    # wins" he is free. Vic (Brawn 5) grabs the thug (4 + 2 = 6 >= 3) and rolls 6 + 2 = 8, capped to
    # 4; the thug's 5 + 0 = 5 wins.
    d = _vic_first(sheet("vic", "Vic", brawn=5), morale=-3)
    d.do("ann", "grab", character="vic", target="thug", dice=[4])
    d.do("ann", "grapple", character="vic", target="thug", dice=[6, 5])
    assert not d.state.grapples


# -- a grapple's checks are made once a round (src 936) --------------------------------------------


@pytest.mark.rules("WD-GRAPPLE-002")
def test_a_second_grapple_roll_in_the_same_turn_is_refused() -> None:
    # src 936: options are bought "one per turn, excepting Hold. Checks are made each round." Vic
    # grabs (5 >= 3), wins the opposed Brawn (5 to 1) and holds; a second opposed roll this turn is
    # refused and changes nothing.
    d = _vic_first()
    d.do("ann", "grab", character="vic", target="thug", dice=[5])
    d.do("ann", "grapple", character="vic", target="thug", dice=[5, 1])
    before = d.state
    d.refuse("ann", "grapple", character="vic", target="thug", dice=[5, 1])
    assert d.state == before


# -- death sentence on a generic (src 875, 304) -------------------------------------------------------


@pytest.mark.rules("WD-STATUS-014", "WD-NPC-004")
def test_a_generic_under_a_death_sentence_drops_when_its_wounds_reach_its_guts() -> None:
    # src 875: "a lesser wound every round"; src 304: a generic who suffers "wounds equal to their
    # Guts stat ... drop[s] unconscious", no check. The thug (Guts 2): after two rounds, down.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("thug", "Thug", "generic", guts=2))
    d.do("gm", "start_combat", dice=[6])
    _with(d, "thug", Status.DEATH_SENTENCE)
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    assert _tiers(d, "thug") == [WoundTier.LESSER]
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    assert _tiers(d, "thug") == [WoundTier.LESSER, WoundTier.LESSER]
    assert d.state.people["thug"].track.standing is Standing.DOWN


# -- wound effects (src 632-788) ---------------------------------------------------------------------


def _names(d: Driver, ident: str) -> list[str]:
    return [str(c.name) for c in d.state.people[ident].conditions]


def _keep_recovery(d: Driver) -> None:
    """Vic spends no Recovery dot to stop the effect (src 616)."""
    d.answer("ann", d.prompt("ann", "effect").id, "none")


@pytest.mark.rules("WD-WFX-019")
def test_moderate_rend_2_cannot_take_minus_2_to_a_stat_twice() -> None:
    # src 754: "their choice of X of: pain, bleeding, scarring, or -2 to a physical stat"; the
    # inventory (WD-WFX-019 PROPOSED): no duplicates. A 2: the stat loss twice is refused.
    d = _brute_first(sheet("vic", "Vic", brawn=5))
    _brute_hits_vic(d, "moderate", 2, damage="rend")
    _keep_recovery(d)
    d.refuse("ann", "effect_choice", character="vic", key="rend", picks=["stat", "stat"])
    d.do("ann", "effect_choice", character="vic", key="rend", picks=["stat", "pain"])


@pytest.mark.rules("WD-WFX-019", "WD-STATUS-007", "WD-STATUS-001")
def test_moderate_rend_4_takes_all_four() -> None:
    # src 754 with X = 4: the four options are all suffered (WD-WFX-019 PROPOSED). Bleeding, a pain,
    # scarring, and -2 to a physical stat, half of it scarring (src 754).
    d = _brute_first(sheet("vic", "Vic", brawn=5))
    _brute_hits_vic(d, "moderate", 4, damage="rend")
    _keep_recovery(d)
    # nothing to choose but the stat: all four come
    d.do("ann", "effect_choice", character="vic", key="rend_stat", picks=["brawn"])
    assert Status.BLEEDING.value in _names(d, "vic")
    assert d.state.sheet("vic").stat(Stat.BRAWN) == 3
    assert d.state.people["vic"].track.wounds[0].scarring


@pytest.mark.rules("WD-WFX-010", "WD-STATUS-007", "WD-COMBAT-033")
def test_a_lesser_cut_4_scars_its_wound__the_rest_eases_the_other_lesser() -> None:
    # src 646: Lesser Cut 4, "Inflict Scarred"; src 842: scarring persists until downtime or medical
    # care; src 1004: a rest eases the most minor wound with no ongoing condition. Vic already carries a
    # plain lesser; the cut's scarred lesser stays when the rest (5 + 0) eases one.
    d = _brute_first(sheet("vic", "Vic"))
    _hurt(d, "vic", WoundTier.LESSER)
    d.do("gm", "attack", character="brute", target="vic", damage="cut", tier="lesser", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[4])
    _keep_recovery(d)
    d.do("gm", "end_turn", character="brute")
    d.do("ann", "rest", character="vic", reduce=True, restore=["focus"], dice=[5])
    wounds = d.state.people["vic"].track.wounds
    assert len(wounds) == 1 and wounds[0].scarring


@pytest.mark.rules("WD-WFX-021")
def test_moderate_shock_3_4_knocked_down_vic_cannot_pick_knocked_down() -> None:
    # src 768: "chooses 2 of: disarmed, knocked down, lose 1 focus, start dying. Can't choose
    # inapplicable options." Vic is already down and holds nothing: the two left are his, with no
    # choice to make: he loses a Focus and starts dying.
    d = _brute_first(sheet("vic", "Vic"))
    _with(d, "vic", Status.KNOCKED_DOWN)
    _brute_hits_vic(d, "moderate", 3, damage="shock")
    _keep_recovery(d)
    assert not d.prompts("ann")
    assert _avail(d, "vic", Pool.FOCUS) == 2
    assert d.state.people["vic"].track.standing is Standing.DYING


# -- a human shield is cover with an arc (src 600, 986) ---------------------------------------------


def _shielded() -> Driver:
    """Vic (Ann's, Brawn 5) holds the thug as a meat shield; it is the goon's turn."""
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=5))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    add(d, "gm", sheet("goon", "Goon", "generic"))
    d.do("gm", "start_combat", dice=[6, 4, 1])  # Vic 12; the generics tied at 9 roll off: thug, goon
    d.do("ann", "grab", character="vic", target="thug", dice=[3])  # 3 + 2 = 5 >= DS 3
    d.do("ann", "grapple", character="vic", target="thug", option="meatshield", points=2, dice=[6, 2])
    _pass_to(d, "goon")
    return d


@pytest.mark.rules("WD-GRAPPLE-008", "WD-COMBAT-022")
def test_a_blow_from_behind_a_meat_shielding_vic_gets_no_cover_and_misses_the_shield() -> None:
    # src 986: Meatshield, "Regain DS, use the target as half cover. Incoming attacks that don't pass
    # DS hit them"; src 600: "Narrow cover ... protects only the front 90 degrees and comes from ...
    # human shields". The goon comes at Vic from behind (180 degrees off his front): the thug is not
    # between them, so Vic's DS is his own 4 and the goon's 4 + 0 = 4 hits Vic, not the thug.
    d = _shielded()
    d.do("gm", "attack", character="goon", target="vic", angle=180, dice=[4])
    d.answer("ann", "react-vic", "take", dice=[1])
    assert _tiers(d, "vic") == [WoundTier.LESSER]
    assert _tiers(d, "thug") == []


@pytest.mark.rules("WD-GRAPPLE-008", "WD-COMBAT-022")
def test_a_blow_from_behind_that_misses_vic_does_not_strike_the_shield() -> None:
    # src 986 and src 600 as above: from behind, the goon's 3 + 0 = 3 simply misses Vic's DS 4; the
    # thug held in front of Vic is not in its way.
    d = _shielded()
    d.do("gm", "attack", character="goon", target="vic", angle=180, dice=[3])
    assert _tiers(d, "vic") == [] and _tiers(d, "thug") == []


@pytest.mark.rules("WD-GRAPPLE-008", "WD-COMBAT-022")
def test_from_the_front_the_shield_is_cover_and_takes_the_blow_that_misses_vic() -> None:
    # src 986: from the front (30 degrees off, inside the shield's 90) Vic's DS is 4 + 1 = 5; the
    # goon's 4 does not pass it and lands on the thug.
    d = _shielded()
    d.do("gm", "attack", character="goon", target="vic", angle=30, dice=[4, 3])
    assert _tiers(d, "vic") == []
    assert _tiers(d, "thug") == [WoundTier.LESSER]


# -- a knife stuck in melee: straight into a grapple (src 865) ---------------------------------------


def _knife_sticks_in_vic() -> Driver:
    """The thug (Dexterity 4) stabs Vic (Guts 4): 6 + 1 hits, Lesser Pierce 5 "Inflicts stuck"
    (src 666); it is still the thug's turn, one action left."""
    d = table()
    add(d, "ann", sheet("vic", "Vic", guts=4, athletics=1, dexterity=1))  # speed 2 + 1 = 3
    thug = sheet("thug", "Thug", "generic", dexterity=4)  # 7 + 3 = 10
    add(d, "gm", {**thug, "held": [{"name": "Knife", "damage": "pierce", "attack_stat": "dexterity"}]})
    d.do("gm", "start_combat", dice=[1])
    d.do("gm", "attack", character="thug", target="vic", weapon="knife", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[5])
    d.answer("ann", "effect-vic-w1-negate", "none")
    assert Status.STUCK.value in _names(d, "vic")
    return d


@pytest.mark.rules("WD-STATUS-012", "WD-GRAPPLE-011", "WD-GRAPPLE-001")
def test_with_his_knife_stuck_in_vic_the_thug_segues_into_a_grapple_with_no_contact_roll() -> None:
    # src 865: Stuck (from melee), "allows the attacker to segue straight into a grapple"; src 932: a
    # grapple's attack roll is only "to make contact", and the knife in Vic is contact made. The
    # thug's grab takes his second action and no roll: the grapple begins.
    d = _knife_sticks_in_vic()
    d.do("gm", "grab", character="thug", target="vic", dice=[])
    assert set(d.state.grapples) == {"thug>vic"}
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-GRAPPLE-001")
def test_without_anything_stuck_a_grab_still_rolls_to_make_contact() -> None:
    # src 932: "an attack roll is made to make contact": the thug grabs Max, nothing in him: 1 + 0 = 1
    # misses DS 4, no grapple.
    d = table()
    add(d, "ann", sheet("vic", "Vic", athletics=1, dexterity=1))
    add(d, "gm", sheet("thug", "Thug", "generic", dexterity=4))
    d.do("gm", "start_combat", dice=[1])
    d.do("gm", "grab", character="thug", target="vic", dice=[1])
    assert not d.state.grapples


# -- low morale on a sprint's roll (src 453, 890) -----------------------------------------------------


@pytest.mark.rules("WD-MORALE-002", "WD-MOVE-005")
def test_at_dismal_morale_a_sprint_roll_of_6_is_a_3_and_adds_nothing() -> None:
    # src 890: a sprint rolls Athletics, "+5' further on a 4+ and 10' further on a 6+"; src 453: at
    # the floor every result is capped at 3 (src 459). Vic (Athletics 3): 6 + 0 capped to 3, no bonus:
    # asking 65 ft, the sprint carries him its two moves, 60.
    d = _vic_first(morale=-4)
    d.do("ann", "move", character="vic", feet=65, sprint=True, dice=[6])
    moved = next(e for e in reversed(d.events) if e.type == "weaverdice.action_taken")
    assert moved.payload.feet == 60


# -- wound effects on a generic, who has no effort (src 304, 660, 746, 814) -------------------------


def _vic_hits_thug(d: Driver, damage: str, face: int) -> None:
    """Vic (Brawn 5) hits the generic thug: 6 + 2 >= 3, a lesser wound of ``damage``, effect ``face``
    (a generic has no Recovery to stop it with)."""
    d.do("gm", "attack", character="vic", target="thug", damage=damage, dice=[6, face])


@pytest.mark.rules("WD-WFX-015", "WD-NPC-003", "WD-STATUS-010")
def test_a_generic_jolted_by_lesser_shock_5_6_has_no_focus_so_suffers_all_and_is_delayed() -> None:
    # src 746: "Target loses 1 focus. If they have none, they instead suffer both of the above and are
    # delayed"; src 304: generics do not track effort. The thug is blinded and deafened, pained, and
    # delayed (src 854): "after the enemy or group of enemies who would otherwise act next", Max, so
    # ahead of the goon, his ally.
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=5))
    add(d, "bob", sheet("max", "Max"))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    add(d, "gm", sheet("goon", "Goon", "generic", athletics=1, dexterity=1))
    d.do("gm", "start_combat", dice=[6, 1])  # Vic 12, the thug 9, Max 7, the goon 5
    _vic_hits_thug(d, "shock", 5)
    names = _names(d, "thug")
    assert {"blinded", "deafened", "delayed"} <= set(names)
    assert any("pain" in n for n in names)
    d.do("ann", "end_turn", character="vic")
    assert d.state.fight.turn.actor == "max"
    d.do("bob", "end_turn", character="max")
    assert d.state.fight.turn.actor == "thug"
    d.do("gm", "end_turn", character="thug")
    assert d.state.fight.turn.actor == "goon"


@pytest.mark.rules("WD-STATUS-001", "WD-NPC-004", "WD-COMBAT-010")
def test_a_bleeding_generic_who_makes_a_full_attack_takes_a_lesser_wound_and_may_drop() -> None:
    # src 814: Bleeding, a lesser wound for "taking a full action"; src 304: a generic drops at wounds
    # equal to its Guts. The thug (Guts 2) bleeds with one wound; his full attack costs the second:
    # down.
    d = table()
    add(d, "ann", sheet("vic", "Vic", athletics=1, dexterity=1))
    add(d, "gm", sheet("thug", "Thug", "generic", guts=2))
    d.do("gm", "start_combat", dice=[1])  # the thug 9, Vic 3
    _hurt(d, "thug", WoundTier.LESSER)
    _with(d, "thug", Status.BLEEDING)
    d.do("gm", "attack", character="thug", target="vic", full=True, dice=[1])
    assert _tiers(d, "thug") == [WoundTier.LESSER, WoundTier.LESSER]
    assert d.state.people["thug"].track.standing is Standing.DOWN


# -- a grab is an attack roll (src 932): what touches attack rolls touches it -------------------------


@pytest.mark.rules("WD-STATUS-008", "WD-GRAPPLE-001")
def test_a_blinded_vic_grabs_at_minus_1() -> None:
    # src 932: a grapple opens with "an attack roll ... to make contact"; src 846: Blinded, "-1 to hit
    # those that can be seen". Vic's 3 + 0 - 1 = 2 misses the thug's DS 3: no grapple.
    d = _vic_first()
    _with(d, "vic", Status.BLINDED)
    d.do("ann", "grab", character="vic", target="thug", dice=[3])
    assert not d.state.grapples


@pytest.mark.rules("WD-MORALE-003", "WD-GRAPPLE-001")
def test_great_morale_buys_up_a_missed_grab() -> None:
    # src 453: high morale "can be spent; lowering morale by one step to change a die result"; at +2
    # the roll counts as a 4 (src 469-471, Tankspanker src 479); WD-MORALE-003 PROPOSED: any of the
    # character's own rolls, after seeing it. Vic's grab, 1 + 0 = 1, misses DS 3; the step makes it
    # a 4: the grapple begins and Vic's morale is +1.
    d = _vic_first(morale=2)
    d.do("ann", "grab", character="vic", target="thug", dice=[1])
    assert not d.state.grapples
    d.do("ann", "spend_morale", character="vic")
    assert set(d.state.grapples) == {"vic>thug"}
    assert d.state.people["vic"].morale == 1
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-GRAPPLE-006", "WD-GRAPPLE-001", "WD-GRAPPLE-010")
def test_a_second_grab_at_a_thug_already_held_meets_no_defense_score() -> None:
    # src 932: "Holding someone means they lose DS" (WD-GRAPPLE-006 PROPOSED: DS 0); src 990: several
    # may grapple one person. Vic holds the thug; Max's grab, 1 + 0 = 1, meets DS 0: a second grapple.
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=5))
    add(d, "bob", sheet("max", "Max"))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6, 5])  # Vic 12, Max 11, the thug 9
    d.do("ann", "grab", character="vic", target="thug", dice=[3])  # 3 + 2 = 5 >= DS 3
    d.do("ann", "end_turn", character="vic")
    d.do("bob", "grab", character="max", target="thug", dice=[1])
    assert set(d.state.grapples) == {"vic>thug", "max>thug"}


@pytest.mark.rules("WD-GRAPPLE-006", "WD-GRAPPLE-001")
def test_a_grab_at_vic_while_he_wrestles_the_thug_meets_no_defense_score() -> None:
    # src 932: "Trying a grapple means losing the benefit of Defense Score up until the grapple
    # breaks". Vic holds the thug; the goon's grab at Vic, 1 + 0 = 1, meets DS 0; Vic takes it.
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=5))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    add(d, "gm", sheet("goon", "Goon", "generic"))
    d.do("gm", "start_combat", dice=[6, 4, 1])  # Vic 12; the generics tied at 9 roll off: thug, goon
    d.do("ann", "grab", character="vic", target="thug", dice=[3])
    _pass_to(d, "goon")
    d.do("gm", "grab", character="goon", target="vic", dice=[1])
    d.answer("ann", "react-vic", "take")
    assert set(d.state.grapples) == {"vic>thug", "goon>vic"}


@pytest.mark.rules("WD-STATUS-002", "WD-STATUS-003", "WD-GRAPPLE-002")
def test_a_pained_vic_who_loses_the_held_ones_brawn_roll_owes_pains_price() -> None:
    # src 932: "opposed strength rolls are made" each round, the held one's too; src 822/826: under
    # Physical Pain (any exertion, Brawn among it) a failed roll asks a morale step, a lesser wound, or
    # the turn (only if there is one to lose). The brute holds Vic; on the brute's round his 4 + 2 = 6
    # beats Vic's 1 + 0 = 1: Vic's roll failed, and it is not his turn: the price is owed, no turn.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5))
    d.do("gm", "start_combat", dice=[1, 6])  # the brute 6 + 6 = 12, Vic 6 + 1 = 7
    d.do("gm", "grab", character="brute", target="vic", dice=[5])
    d.answer("ann", "react-vic", "take")
    _with(d, "vic", Status.PAINED_PHYSICAL)
    d.do("gm", "grapple", character="brute", target="vic", dice=[4, 1])
    assert d.state.pain_owed.get("vic") is False
    d.refuse("ann", "pain_choice", character="vic", choice="end_turn")
    d.do("ann", "pain_choice", character="vic", choice="morale")
    assert d.state.people["vic"].morale == -1


# -- a Medical roll is Dexterity and Knowledge: both pains touch it (src 610, 826, 830) ----------------


def _max_tends_vic(*statuses: Status) -> Driver:
    """Vic lies unconscious (a full track of lessers); it is Max's turn (Max 12, Vic 7, the thug 9)."""
    d = table()
    add(d, "ann", sheet("vic", "Vic", guts=2))
    add(d, "bob", sheet("max", "Max"))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[1, 6])
    _hurt(d, "vic", WoundTier.LESSER, WoundTier.LESSER)
    people = dict(d.state.people)
    vic = people["vic"]
    people["vic"] = vic.model_copy(
        update={"track": vic.track.model_copy(update={"standing": Standing.UNCONSCIOUS, "checks": 1})}
    )
    d.patch(people=people)
    _with(d, "max", *statuses)
    assert d.state.fight.turn.actor == "max"
    return d


@pytest.mark.rules("WD-STATUS-004", "WD-STATUS-002", "WD-WOUND-010")
def test_a_mentally_pained_medic_whose_roll_fails_owes_pains_price() -> None:
    # src 610: the Medical check is "(Dex & Know)"; src 830: Mental Pain "Applies to Wits, personal/
    # defensive Social checks, Know"; src 822: a failed roll owes a morale step or a lesser wound (the
    # lengthy roll took Max's turn: none to lose). Each roll is judged at the table's 4+, as a careful
    # extraction's: 1 + 0 + 0 = 1 fails.
    d = _max_tends_vic(Status.PAINED_MENTAL)
    d.do("bob", "medical", character="max", patient="vic", dice=[1])
    assert d.state.pain_owed.get("max") is False


@pytest.mark.rules("WD-STATUS-003", "WD-STATUS-002", "WD-WOUND-010")
def test_a_physically_pained_medic_whose_roll_fails_owes_pains_price() -> None:
    # src 826: Physical Pain applies to Dexterity, the Medical roll's other stat; 2 + 0 + 0 = 2 < 4
    d = _max_tends_vic(Status.PAINED_PHYSICAL)
    d.do("bob", "medical", character="max", patient="vic", dice=[2])
    assert d.state.pain_owed.get("max") is False


@pytest.mark.rules("WD-STATUS-004", "WD-WOUND-010")
def test_a_pained_medic_whose_roll_passes_owes_nothing() -> None:
    # a 5 + 0 + 0 = 5 passes 4+: no failure, no price (src 822)
    d = _max_tends_vic(Status.PAINED_MENTAL)
    d.do("bob", "medical", character="max", patient="vic", dice=[5])
    assert "max" not in d.state.pain_owed


@pytest.mark.rules("WD-STATUS-004", "WD-STATUS-002", "WD-CORE-003")
def test_a_two_stat_check_failed_under_a_pain_of_its_second_stat_owes_the_price() -> None:
    # src 830: Mental Pain touches Knowledge; a check the GM calls on Dexterity and Knowledge (as
    # Medical's "Dex & Know", src 610) is a Knowledge roll too: Max's 1 + 0 + 0 = 1 misses 4+ and owes.
    d = _max_tends_vic(Status.PAINED_MENTAL)
    d.do("gm", "check", character="max", stat=["dexterity", "knowledge"], tn=4, dice=[1])
    assert "max" in d.state.pain_owed


# -- a power as an attack of opportunity (src 586, 886-888) ---------------------------------------

CLAWS = {
    "name": "Claws",
    "classifications": ["striker"],
    "targeting": "melee",
    "attack_stat": "brawn",
    "damage": "cut",
    "tier": 1,
}
BURST = {
    "name": "Burst",
    "classifications": ["blaster"],
    "targeting": "area",
    "area": {"shape": "burst", "size_ft": 10},
    "attack_stat": "dexterity",
    "damage": "burn",
    "tier": 1,
}


def _thug_runs_past_vic() -> Driver:
    """Vic (Ann's, Brawn 5, the Claws and Burst powers) acts after the thug, whose turn it is."""
    d = table()
    add(d, "ann", {**sheet("vic", "Vic", brawn=5, athletics=1, dexterity=1), "powers": [CLAWS, BURST]})
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[1])  # the thug 9, Vic 2 + 1 = 3
    assert d.state.fight.turn.actor == "thug"
    d.do("gm", "move", character="thug", feet=30)
    return d


@pytest.mark.rules("WD-MOVE-004", "WD-COMBAT-015", "WD-MOVE-003")
def test_vic_rakes_the_passing_thug_with_his_claws_as_an_attack_of_opportunity_for_focus() -> None:
    # src 888: attacks of opportunity "are single-target only and don't tend to apply skills, though
    # powers may come into effect"; src 586: they "require Focus". The thug runs past; Vic's Claws,
    # 2 + 2 = 4 >= DS 3: a lesser cut on the thug, one Focus spent, the thug's turn still his.
    d = _thug_runs_past_vic()
    d.do("ann", "use_power", character="vic", power="Claws", targets=["thug"], opportunity=True, dice=[2, 1])
    assert _tiers(d, "thug") == [WoundTier.LESSER]
    assert _avail(d, "vic", Pool.FOCUS) == 2
    assert d.state.fight.turn.actor == "thug"
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-MOVE-004")
def test_an_area_power_is_no_attack_of_opportunity() -> None:
    # src 888: "someone with a scythe ... that can hit three foes at once, cannot use an attack of
    # opportunity as an excuse to hit two other people": the Burst's area is refused, and nothing is
    # spent.
    d = _thug_runs_past_vic()
    before = d.state
    d.refuse(
        "ann",
        "use_power",
        character="vic",
        power="Burst",
        targets=["thug"],
        opportunity=True,
        rule="WD-MOVE-004",
    )
    assert d.state == before


@pytest.mark.rules("WD-COMBAT-015")
def test_a_power_attack_of_opportunity_on_ones_own_turn_is_refused() -> None:
    # src 586: opportunity actions happen "when it's not one's own turn"
    d = _thug_runs_past_vic()
    d.do("gm", "end_turn", character="thug")
    d.refuse(
        "ann",
        "use_power",
        character="vic",
        power="Claws",
        targets=["thug"],
        opportunity=True,
        rule="WD-COMBAT-015",
    )


# -- one quick action a turn, a power's too (src 570) --------------------------------------------------

GLOW = {"name": "Glow", "classifications": ["shaker"], "targeting": "self", "action": "quick"}


@pytest.mark.rules("WD-COMBAT-011", "WD-COMBAT-009")
def test_a_quick_power_is_the_turns_one_quick_action() -> None:
    # src 570: quick actions "should be kept to one a turn at most". Vic lights his Glow (a quick
    # power): a shouted warning after it is a second quick action, refused; as a standard one it fits.
    d = _vic_first({**sheet("vic", "Vic"), "powers": [GLOW]})
    d.do("ann", "use_power", character="vic", power="Glow")
    d.refuse("ann", "act", character="vic", action="shout a warning", kind="quick", rule="WD-COMBAT-011")
    d.do("ann", "act", character="vic", action="shout a warning")


@pytest.mark.rules("WD-COMBAT-011", "WD-MOVE-005")
def test_a_shout_while_sprinting_is_quick_and_leaves_the_sprint_whole() -> None:
    # src 570: "anything that could be done while (as examples) running at a sprint ... can be
    # considered quick", and quick actions do not count against the turn's actions; src 890: a sprint
    # is a turn of nothing but moving. Vic shouts, then sprints 60 ft (a 1: no bonus).
    d = _vic_first()
    d.do("ann", "act", character="vic", action="shout a warning", kind="quick")
    d.do("ann", "move", character="vic", feet=60, sprint=True, dice=[1])
    moved = next(e for e in reversed(d.events) if e.type == "weaverdice.action_taken")
    assert moved.payload.feet == 60


# -- a Block leaves a blow superficial, its effect too (src 592, 602, 618) ------------------------


@pytest.mark.rules("WD-COMBAT-021", "WD-COMBAT-026", "WD-COMBAT-025")
def test_a_blocked_chair_brings_no_effect() -> None:
    # src 618: a chair swung as a club delivers an attack effect only; src 592: a Block that holds
    # renders the damage superficial; src 602: superficial hits "have no mechanical impact". The
    # brute's chair, 4 + 2 = 6, hits; Vic blocks with 6 + 0 = 6: no wound, no effect roll.
    chair = {"name": "Chair", "damage": "bash", "size": "large", "effects_only": True}
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", {**sheet("brute", "Brute", "notable", brawn=5), "held": [chair]})
    d.do("gm", "start_combat", dice=[1, 6])
    d.do("gm", "attack", character="brute", target="vic", weapon="chair", dice=[4])
    d.answer("ann", "react-vic", "block", dice=[6])
    assert _tiers(d, "vic") == [] and _names(d, "vic") == []
    assert not d.prompts("ann")


# -- a holder who walks off lets go: moving with the held one is a Drag (src 950) -------------------


@pytest.mark.rules("WD-GRAPPLE-008", "WD-GRAPPLE-006", "WD-MOVE-011")
def test_vic_walking_off_from_the_thug_he_holds_lets_him_go() -> None:
    # src 950: Drag, "Move the target 5 to 10', moving with them, maintaining hold": a plain move is
    # no Drag, and Vic 10 ft away holds nobody. src 932: the grapple over, both have their DS back:
    # the thug's 1 + 0 = 1 misses Vic's 4.
    d = _vic_first(sheet("vic", "Vic", brawn=5))
    d.do("ann", "grab", character="vic", target="thug", dice=[5])
    d.do("ann", "move", character="vic", feet=10)
    assert not d.state.grapples
    assert "Vic lets Thug go." in d.words()
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "move", character="thug", feet=5)  # free to move
    d.do("gm", "attack", character="thug", target="vic", dice=[1])
    assert _tiers(d, "vic") == []
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-GRAPPLE-008", "WD-STATUS-009")
def test_a_knocked_down_holder_who_stands_in_place_keeps_his_hold() -> None:
    # src 850: rising takes a movement action; standing where he lies carries Vic nowhere, so the
    # thug stays held (src 940).
    d = _vic_first(sheet("vic", "Vic", brawn=5))
    d.do("ann", "grab", character="vic", target="thug", dice=[5])
    _with(d, "vic", Status.KNOCKED_DOWN)
    d.do("ann", "move", character="vic", feet=0, stand=True)
    assert set(d.state.grapples) == {"vic>thug"}


def _vic_holds_into_round_two() -> Driver:
    """Vic (Brawn 5) grabs the thug and holds him (5 + 2 against 1); round 2, Vic's turn."""
    d = _vic_first(sheet("vic", "Vic", brawn=5))
    d.do("ann", "grab", character="vic", target="thug", dice=[5])
    d.do("ann", "grapple", character="vic", target="thug", dice=[5, 1])
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    return d


@pytest.mark.rules("WD-STATUS-009", "WD-GRAPPLE-008")
def test_a_knocked_down_holder_drags_the_thug_5_ft_at_most() -> None:
    # src 950: a Drag moves the target "moving with them"; src 850: Knocked Down, "Can't move more
    # than 5' while knocked down". Vic down: a 10 ft drag is refused before any roll, a 5 ft one goes.
    d = _vic_holds_into_round_two()
    _with(d, "vic", Status.KNOCKED_DOWN)
    before = d.state
    d.refuse("ann", "grapple", character="vic", target="thug", option="drag", feet=10, rule="WD-STATUS-009")
    assert d.state == before
    d.do("ann", "grapple", character="vic", target="thug", option="drag", feet=5, dice=[6, 1])
    assert set(d.state.grapples) == {"vic>thug"}


@pytest.mark.rules("WD-STATUS-013", "WD-GRAPPLE-008")
def test_a_holder_pinned_to_the_wall_cannot_drag() -> None:
    # src 871: pinned, the target "cannot move from the spot"; src 950: a Drag moves the dragger too.
    d = _vic_holds_into_round_two()
    people = dict(d.state.people)
    pin = condition(Status.STUCK, "vic", reach=Reach.RANGED, source="thug", pinned=True)
    people["vic"] = people["vic"].model_copy(update={"conditions": (pin,)})
    d.patch(people=people)
    d.refuse("ann", "grapple", character="vic", target="thug", option="drag", feet=5, rule="WD-STATUS-013")
    d.do("ann", "grapple", character="vic", target="thug", option="restrain", points=1, dice=[6, 1])


# -- a foe pushed into the background lets go (src 1000) ------------------------------------------


@pytest.mark.rules("WD-COMBAT-030", "WD-COMBAT-031", "WD-GRAPPLE-010")
def test_a_thug_vics_reputation_pushes_into_the_background_lets_go_of_him() -> None:
    # src 1000: rep can "push some of the less threatening enemies into the background with
    # intimidation"; one in the background takes no part in the fight, and holds nobody: Vic, held
    # by the thug, cites a card at him and walks off free.
    d = table()
    add(d, "gm", sheet("vic", "Vic", athletics=1, dexterity=1), reputation=1, owner="ann")
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[1])  # the thug 9, Vic 3
    d.do("gm", "grab", character="thug", target="vic", dice=[6])
    d.answer("ann", "react-vic", "take")
    d.do("gm", "end_turn", character="thug")
    d.do("ann", "leverage", character="vic", foes=["thug"])
    assert not d.state.grapples
    d.do("ann", "move", character="vic", feet=10)
    assert d.replayed().state == d.state


# -- knocked back out of a hold (src 652-654, 686, 956) ------------------------------------------------


def _max_punches_the_held_thug(effect: int) -> Driver:
    """Vic (Brawn 5) holds the thug; Max punches him (6 + 0 >= DS 0, held): a lesser bash, effect
    ``effect``. Max is no party to the grapple, so his wound alone breaks nothing (src 990)."""
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=5))
    add(d, "bob", sheet("max", "Max"))
    add(d, "gm", sheet("thug", "Thug", "generic", guts=4))
    d.do("gm", "start_combat", dice=[6, 5])  # Vic 12, Max 11, the thug 9
    d.do("ann", "grab", character="vic", target="thug", dice=[5])
    d.do("ann", "end_turn", character="vic")
    d.do("bob", "attack", character="max", target="thug", dice=[6, effect])
    assert _tiers(d, "thug") == [WoundTier.LESSER]
    return d


@pytest.mark.rules("WD-WFX-009", "WD-GRAPPLE-010", "WD-MOVE-011")
def test_a_thug_knocked_back_10_ft_is_knocked_out_of_vics_hold() -> None:
    # src 654: Lesser Bash 2, "Knocks back target 10'"; src 956: a grapple's own Push of 5-10 ft
    # "Breaks the grapple": the thug 10 ft off is held by nobody.
    d = _max_punches_the_held_thug(2)
    assert not d.state.grapples
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-WFX-009", "WD-GRAPPLE-010")
def test_a_thug_knocked_down_where_he_stands_stays_in_vics_hold() -> None:
    # src 656: Lesser Bash 3-4 knocks the target down, moving him nowhere: the hold stands
    d = _max_punches_the_held_thug(3)
    assert set(d.state.grapples) == {"vic>thug"}


@pytest.mark.rules("WD-STATUS-012", "WD-GRAPPLE-010")
def test_a_thug_with_vics_knife_in_him_is_not_knocked_out_of_the_hold() -> None:
    # src 865: the one a melee weapon is stuck in "can't exit the grapple without forcefully removing
    # the object": knocked back 10 ft (src 654), the thug is still bound to Vic by the knife.
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=5))
    add(d, "bob", sheet("max", "Max"))
    add(d, "gm", sheet("thug", "Thug", "generic", guts=4))
    d.do("gm", "start_combat", dice=[6, 5])  # Vic 12, Max 11, the thug 9
    d.do("ann", "grab", character="vic", target="thug", dice=[5])
    people = dict(d.state.people)
    knife = condition(Status.STUCK, "thug", reach=Reach.MELEE, source="vic", item="Knife")
    people["thug"] = people["thug"].model_copy(update={"conditions": (knife,)})
    d.patch(people=people)
    d.do("ann", "end_turn", character="vic")
    d.do("bob", "attack", character="max", target="thug", dice=[6, 2])
    assert set(d.state.grapples) == {"vic>thug"}
