"""Referee pass 3 over Weaverdice part 1 and combat: the sections the earlier referee files cited
least (grapple options, wound-effect rows, dying, equipment, reputation and morale), each situation
written from the seed (``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited "src N") before
reading the table's code, then played through the table with given dice.

Where the seed is silent the expected outcome is the inventory's PROPOSED decision, cited by rule ID.
"""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.statuses import condition
from capeworks.systems.weaverdice.vocab import Pool, Stat, Status, WoundTier
from capeworks.systems.weaverdice.wounds import Standing
from tests.systems.weaverdice.helpers import add, sheet, table

KNIFE = {"name": "Knife", "damage": "cut", "attack_stat": "dexterity"}
AXE = {"name": "Fire axe", "damage": "cut", "tier": 2, "size": "large"}


def _avail(d: Driver, ident: str, pool: Pool) -> int:
    return int(d.state.people[ident].effort.available(d.state.sheet(ident), pool))


def _wounds(d: Driver, ident: str) -> list[WoundTier]:
    return [w.tier for w in d.state.people[ident].track.wounds]


def _names(d: Driver, ident: str) -> list[str]:
    return [c.name for c in d.state.people[ident].conditions]


def _with(d: Driver, ident: str, *statuses: Status) -> None:
    """Set-up: ``ident`` already suffers ``statuses`` (as an earlier effect would have left them)."""
    people = dict(d.state.people)
    c = people[ident]
    people[ident] = c.model_copy(
        update={"conditions": (*c.conditions, *(condition(s, ident) for s in statuses))}
    )
    d.patch(people=people)


_SEATS = {"vic": "ann", "max": "bob"}


def _to(d: Driver, actor: str) -> None:
    """End turns until it is ``actor``'s."""
    while d.state.fight.turn.actor != actor:
        who = d.state.fight.turn.actor
        d.do(_SEATS.get(who, "gm"), "end_turn", character=who)


# -- grappling options (WD-GRAPPLE, src 930-990) -------------------------------------------------


def _wrestle(thug: dict[str, Any] | None = None) -> Driver:
    """Vic (Ann's, Brawn 5) grabs the thug; Max (Bob's) stands by; order Vic, Max, thug, goon."""
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=5))
    add(d, "bob", sheet("max", "Max"))
    add(d, "gm", thug or sheet("thug", "Thug", "generic"))
    add(d, "gm", sheet("goon", "Goon", "generic"))
    d.do("gm", "start_combat", dice=[6, 5, 4, 1])  # Vic 12, Max 11; the generics' 9s: thug, goon
    assert d.state.fight.order.order == ("vic", "max", "thug", "goon")
    d.do("ann", "grab", character="vic", target="thug", dice=[3])  # 3 + 2 = 5 >= DS 3
    return d


@pytest.mark.rules("WD-GRAPPLE-008")
def test_a_restrained_thug_swings_a_knife_at_minus_2__his_fist_at_full() -> None:
    # src 944: Restrain (1 point): "can't attack with 2h weapons and has -2 to hit with non-fist 1h
    # weapons". Vic 6 + 2 = 8 against the thug's 2: margin 6, Restrain bought. The thug's knife at Max
    # (DS 4): Dexterity 3, a 5 - 2 = 3 misses; his fist: a 4 hits.
    d = _wrestle({**sheet("thug", "Thug", "generic"), "held": [KNIFE]})
    d.do("ann", "grapple", character="vic", target="thug", option="restrain", points=1, dice=[6, 2])
    _to(d, "thug")
    d.do("gm", "attack", character="thug", target="max", weapon="Knife", stat="dexterity", dice=[5])
    assert _wounds(d, "max") == []
    d.do("gm", "attack", character="thug", target="max", dice=[4])
    d.answer("bob", "react-max", "take", dice=[3])
    assert _wounds(d, "max") == [WoundTier.LESSER]


@pytest.mark.rules("WD-GRAPPLE-008")
def test_a_restrained_thug_cannot_swing_a_two_handed_axe() -> None:
    # src 944: Restrain: the target "can't attack with 2h weapons"
    d = _wrestle({**sheet("thug", "Thug", "generic"), "held": [AXE]})
    d.do("ann", "grapple", character="vic", target="thug", option="restrain", points=1, dice=[6, 2])
    _to(d, "thug")
    d.refuse(
        "gm", "attack", character="thug", target="max", weapon="Fire axe", dice=[6], rule="WD-GRAPPLE-008"
    )


@pytest.mark.rules("WD-GRAPPLE-008", "WD-GRAPPLE-006")
def test_a_meatshield_takes_the_goons_blow_that_misses_vic() -> None:
    # src 986: Meatshield (2): "Regain DS, use the target as half cover. Incoming attacks that don't
    # pass DS hit them." Vic's DS 4 + 1 half cover (PROPOSED, WD-GRAPPLE-008) = 5: the goon's 4 does
    # not pass it and lands on the thug, Vic unhurt.
    d = _wrestle()
    d.do("ann", "grapple", character="vic", target="thug", option="meatshield", points=2, dice=[6, 2])
    _to(d, "goon")
    d.do("gm", "attack", character="goon", target="vic", dice=[4, 3])
    assert _wounds(d, "vic") == []
    assert len(_wounds(d, "thug")) == 1


@pytest.mark.rules("WD-GRAPPLE-008", "WD-GRAPPLE-006")
def test_behind_a_meatshield_a_blow_that_passes_the_ds_still_hits_vic() -> None:
    # src 986: only attacks that "don't pass DS" hit the shield: the goon's 6 + 0 = 6 >= 5 hits Vic
    d = _wrestle()
    d.do("ann", "grapple", character="vic", target="thug", option="meatshield", points=2, dice=[6, 2])
    _to(d, "goon")
    d.do("gm", "attack", character="goon", target="vic", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[1])
    assert _wounds(d, "vic") == [WoundTier.LESSER]
    assert _wounds(d, "thug") == []


@pytest.mark.rules("WD-GRAPPLE-008", "WD-GRAPPLE-006")
def test_a_push_breaks_the_grapple_and_vic_has_his_ds_back() -> None:
    # src 956: Push (2-4) "Breaks the grapple"; src 932: the grappler's DS returns when it breaks.
    # The goon's 3 then misses Vic's DS 4.
    d = _wrestle()
    d.do("ann", "grapple", character="vic", target="thug", option="push", points=2, feet=5, dice=[6, 2])
    assert "vic>thug" not in d.state.grapples
    _to(d, "goon")
    d.do("gm", "attack", character="goon", target="vic", dice=[3])
    assert _wounds(d, "vic") == []


@pytest.mark.rules("WD-GRAPPLE-008")
def test_wrest_takes_the_knife_into_vics_hand() -> None:
    # src 972-974: Wrest (3): "As Disarm, but you keep it."
    d = _wrestle({**sheet("thug", "Thug", "generic"), "held": [KNIFE]})
    d.do("ann", "grapple", character="vic", target="thug", option="wrest", points=3, dice=[6, 2])
    assert [i.name for i in d.state.sheet("vic").held] == ["Knife"]
    assert d.state.sheet("thug").held == ()


@pytest.mark.rules("WD-GRAPPLE-008")
def test_disarm_drops_the_knife_beside_the_thug__nobody_holds_it() -> None:
    # src 966-968: Disarm (2): "The target drops what they're holding into an adjacent space."
    d = _wrestle({**sheet("thug", "Thug", "generic"), "held": [KNIFE]})
    d.do("ann", "grapple", character="vic", target="thug", option="disarm", points=2, dice=[6, 2])
    assert d.state.sheet("vic").held == ()
    assert d.state.sheet("thug").held == ()


@pytest.mark.rules("WD-GRAPPLE-008", "WD-GRAPPLE-003", "WD-GRAPPLE-009")
def test_wrest_costs_3__a_margin_of_2_cannot_buy_it() -> None:
    # src 974: Wrest costs 3; Vic 2 + 2 = 4 against the thug's 2: a margin of 2. The roll stands (it
    # is not refused for Vic to roll again, referee pass 11): no wrest, the thug keeps his knife, and
    # the 2 points are held for next round (src 940).
    d = _wrestle({**sheet("thug", "Thug", "generic"), "held": [KNIFE]})
    d.do("ann", "grapple", character="vic", target="thug", option="wrest", points=3, dice=[2, 2])
    assert [i.name for i in d.state.sheet("thug").held] == ["Knife"]
    assert d.state.grapples["vic>thug"].banked == 2


@pytest.mark.rules("WD-GRAPPLE-008", "WD-MOVE-009")
def test_a_throw_of_15_ft_in_round_two_is_a_lesser_wound_and_a_lesser_bash_effect() -> None:
    # src 962: Throw (1-3), round 2+, breaks the grapple; PROPOSED 1 point per 5 ft: 3 points, 15 ft.
    # src 908-910: thrown 11-20 ft: "Both lesser wound & lesser bash effect". The thug is a generic
    # (Guts 3): one lesser wound on his track.
    d = _wrestle()
    d.do("ann", "grapple", character="vic", target="thug", dice=[6, 2])  # round 1: hold
    d.do("ann", "end_turn", character="vic")
    _to(d, "vic")
    d.do("ann", "grapple", character="vic", target="thug", option="throw", points=3, feet=15, dice=[6, 2, 3])
    assert "vic>thug" not in d.state.grapples
    assert _wounds(d, "thug") == [WoundTier.LESSER]


@pytest.mark.rules("WD-GRAPPLE-008", "WD-EQUIP-002")
def test_a_wrest_with_both_hands_full_leaves_the_knife_beside_the_thug() -> None:
    # src 974 "As Disarm, but you keep it"; src 1015: two hands, "two small items or one large one".
    # Vic holds a fire axe (both hands): he cannot keep the knife, which falls as a Disarm's would.
    d = table()
    add(d, "ann", {**sheet("vic", "Vic", brawn=5), "held": [AXE]})
    add(d, "gm", {**sheet("thug", "Thug", "generic"), "held": [KNIFE]})
    d.do("gm", "start_combat", dice=[6])
    d.do("ann", "grab", character="vic", target="thug", dice=[3])
    d.do("ann", "grapple", character="vic", target="thug", option="wrest", points=3, dice=[6, 2])
    assert [i.name for i in d.state.sheet("vic").held] == ["Fire axe"]
    assert d.state.sheet("thug").held == ()
    assert [i.name for i in d.state.sheet("thug").dropped] == ["Knife"]


# -- wound-effect rows played at the table (WD-WFX, src 632-788) ----------------------------------


def _duel(vic: dict[str, Any] | None = None, **stats: int) -> Driver:
    """Vic (Ann's) against the GM's brute (notable, Brawn 5) and a thug; order Vic, thug, brute."""
    d = table()
    add(d, "ann", vic or sheet("vic", "Vic", **stats))
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5, athletics=1, dexterity=1))
    add(d, "gm", sheet("thug", "Thug", "generic", brawn=4, guts=2))
    d.do("gm", "start_combat", dice=[6, 1])  # Vic 12, the thug 9, the brute 2 + 1 = 3
    _to(d, "brute")
    return d


def _brute_hits_vic(d: Driver, damage: str, tier: str, face: int, *more: int) -> None:
    """The brute hits Vic (6 + 2 = 8), Vic takes it; the effect die is ``face``."""
    d.do("gm", "attack", character="brute", target="vic", tier=tier, damage=damage, dice=[6])
    d.answer("ann", "react-vic", "take", dice=[face, *more])


def _keep_recovery(d: Driver) -> None:
    d.answer("ann", d.prompt("ann", "effect").id, "none")


@pytest.mark.rules("WD-WFX-010", "WD-STATUS-008", "WD-STATUS-001")
def test_lesser_cut_5_blood_in_the_eyes__vics_next_swing_is_minus_1_and_he_bleeds() -> None:
    # src 648: "Inflict Bleeding and Blinded with blood in the eyes"; src 846: Blinded "-1 to hit those
    # that can be seen". Vic's 3 + 0 - 1 = 2 misses the thug's DS 3.
    d = _duel()
    _brute_hits_vic(d, "cut", "lesser", 5)
    _keep_recovery(d)
    assert {"bleeding", "blinded"} <= set(_names(d, "vic"))
    _to(d, "vic")
    d.do("ann", "attack", character="vic", target="thug", dice=[3])
    assert _wounds(d, "thug") == []


@pytest.mark.rules("WD-WFX-017", "WD-STATUS-009")
def test_moderate_bash_1_3_knocks_vic_down__he_crawls_5_ft_at_most() -> None:
    # src 686: "Target is knocked back 10' and knocked down"; src 850: "Can't move more than 5' while
    # knocked down".
    d = _duel()
    _brute_hits_vic(d, "bash", "moderate", 2)
    _keep_recovery(d)
    assert Status.KNOCKED_DOWN.value in _names(d, "vic")
    _to(d, "vic")
    d.refuse("ann", "move", character="vic", feet=10)
    d.do("ann", "move", character="vic", feet=5)


@pytest.mark.rules("WD-WFX-017")
def test_moderate_bash_4_5_takes_a_point_from_the_highest_of_brawn_athletics_guts() -> None:
    # src 688: "Inflict Pain and -1 to Brawn, Athletics, or Guts, whichever is highest": Athletics 5 is
    # highest (Brawn 3, Guts 4), so Athletics drops to 4 and a move is 35 ft, not 40 (src 880).
    d = _duel(athletics=5, guts=4)
    _brute_hits_vic(d, "bash", "moderate", 4)
    _keep_recovery(d)
    assert d.state.sheet("vic").stat(Stat.ATHLETICS) == 4
    assert d.state.sheet("vic").stat(Stat.GUTS) == 4
    assert any(n.startswith("pain") or "pain" in n for n in _names(d, "vic"))


@pytest.mark.rules("WD-WFX-018", "WD-WFX-004")
def test_a_headshot_stopped_with_a_recovery_dot_knocks_vic_down_instead() -> None:
    # src 698: "Headshot. Puts target in dying state. If prevented with helmet or Recovery pip, inflict
    # Knocked Down instead."
    d = _duel()
    _brute_hits_vic(d, "pierce", "moderate", 6)
    d.answer("ann", d.prompt("ann", "effect").id, "recovery")
    assert d.state.people["vic"].track.standing is Standing.UP
    assert Status.KNOCKED_DOWN.value in _names(d, "vic")
    assert _avail(d, "vic", Pool.RECOVERY) == 2


@pytest.mark.rules("WD-WFX-018", "WD-WFX-008")
def test_a_helmet_turns_the_headshot_into_knocked_down_without_a_dot() -> None:
    # src 698: prevented "with helmet": Knocked Down, and no Recovery spent
    d = _duel({**sheet("vic", "Vic"), "costume": {"pieces": [], "helmet": True}})
    _brute_hits_vic(d, "pierce", "moderate", 6)
    assert d.state.people["vic"].track.standing is Standing.UP
    assert Status.KNOCKED_DOWN.value in _names(d, "vic")
    assert _avail(d, "vic", Pool.RECOVERY) == 3


@pytest.mark.rules("WD-WFX-018")
def test_a_headshot_kept_puts_vic_dying() -> None:
    # src 698: no helmet, no dot: the dying state
    d = _duel()
    _brute_hits_vic(d, "pierce", "moderate", 6)
    _keep_recovery(d)
    assert d.state.people["vic"].track.standing is Standing.DYING


@pytest.mark.rules("WD-WFX-024", "WD-EFFORT-006")
def test_impaled_vic_spends_three_effort_and_is_only_knocked_down() -> None:
    # src 720: "Impaled. Target is immediately slain. They can spend any three effort to avoid this, in
    # which case they are knocked down instead." Two Stamina and one Focus (any pools, src 712-720).
    d = _duel()
    _brute_hits_vic(d, "pierce", "critical", 5)
    d.do("ann", "effect_choice", character="vic", key="impaled_effort", picks=["stamina", "stamina", "focus"])
    assert d.state.people["vic"].track.standing is not Standing.DEAD
    assert Status.KNOCKED_DOWN.value in _names(d, "vic")
    assert (_avail(d, "vic", Pool.STAMINA), _avail(d, "vic", Pool.FOCUS)) == (1, 2)


@pytest.mark.rules("WD-WFX-024")
def test_impaled_without_the_effort_vic_is_slain() -> None:
    # src 720: "immediately slain"
    d = _duel()
    _brute_hits_vic(d, "pierce", "critical", 4)
    d.do("ann", "effect_choice", character="vic", key="impaled_effort", picks=[])
    assert d.state.people["vic"].track.standing is Standing.DEAD


def _stay_ups(d: Driver) -> list[int]:
    """The stay-up checks' totals rolled so far, in order."""
    return [e.payload.check.total for e in d.table.log if e.type == "weaverdice.stayed_up"]


@pytest.mark.rules("WD-STATUS-014", "WD-WOUND-005")
def test_a_death_sentence_wound_each_round_asks_for_a_stay_up_check_each_time() -> None:
    # src 875: Death Sentence: "The target suffers a lesser wound every round; when full, lesser wounds
    # escalate to moderate one by one." src 794: once the track is full "any time they take a wound
    # thereafter they'll need to check again, with a -1 for each time they've rolled".
    # Vic, Guts 2: the Moderate Cut fills slot 1. End of round 1: a lesser fills slot 2 -> a check
    # (6 + (-1) = 5). End of round 2: that lesser turns moderate -> a check at -1 (6 - 1 - 1 = 4).
    # End of round 3: nothing left to worsen, the round's wound still comes -> a check at -2: a 2 fails
    # (2 - 1 - 2 = -1) and with every slot moderate Vic starts dying (src 796).
    d = _duel(guts=2)
    _brute_hits_vic(d, "cut", "moderate", 6)
    _keep_recovery(d)
    assert Status.DEATH_SENTENCE.value in _names(d, "vic")
    d.do("gm", "end_turn", character="brute", dice=[6])  # round 1 ends
    assert _wounds(d, "vic") == [WoundTier.MODERATE, WoundTier.LESSER]
    assert _stay_ups(d) == [5]
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    d.do("gm", "end_turn", character="brute", dice=[6])  # round 2 ends
    assert _wounds(d, "vic") == [WoundTier.MODERATE, WoundTier.MODERATE]
    assert _stay_ups(d) == [5, 4]
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    d.do("gm", "end_turn", character="brute", dice=[2])  # round 3 ends
    assert _stay_ups(d) == [5, 4, -1]
    assert d.state.people["vic"].track.standing is Standing.DYING


@pytest.mark.rules("WD-WFX-014", "WD-WFX-008", "WD-WOUND-013")
def test_lesser_burn_1_3_on_a_bottom_tier_costume_leaves_a_wound_that_stays() -> None:
    # src 738: Lesser Burn 1-3, "a temporary lesser wound. If their costume is bottom-tier or 'skin',
    # the wound isn't temporary." Vic wears only a low-tier belt: bottom tier (PROPOSED WD-WFX-008: no
    # piece of standard tier or better). The fight ends: both lesser wounds stay.
    d = _duel({**sheet("vic", "Vic"), "costume": {"pieces": [{"key": "low_belt", "cell": [0, 0]}]}})
    _brute_hits_vic(d, "burn", "lesser", 2)
    _keep_recovery(d)
    assert _wounds(d, "vic") == [WoundTier.LESSER, WoundTier.LESSER]
    d.do("gm", "end_combat", lull=False)
    assert _wounds(d, "vic") == [WoundTier.LESSER, WoundTier.LESSER]


@pytest.mark.rules("WD-WFX-014", "WD-WFX-008", "WD-WOUND-013")
def test_lesser_burn_1_3_on_a_standard_costume_the_extra_wound_goes_with_the_fight() -> None:
    # src 738 the other way: a standard Armor piece (not bottom tier), so the extra wound is temporary.
    # The burn is a power's (not conventional), so the armor slot takes the wound and the effect rolls.
    d = _duel({**sheet("vic", "Vic"), "costume": {"pieces": [{"key": "armor", "cell": [0, 0]}]}})
    d.do("gm", "attack", character="brute", target="vic", damage="burn", conventional=False, dice=[6])
    d.answer("ann", "react-vic", "take", dice=[2])
    _keep_recovery(d)
    assert len(_wounds(d, "vic")) == 2
    d.do("gm", "end_combat", lull=False)
    assert _wounds(d, "vic") == [WoundTier.LESSER]


@pytest.mark.rules("WD-WFX-014", "WD-WFX-008")
def test_lesser_burn_4_6_on_bare_skin_scars_and_pains() -> None:
    # src 740: "The target is scarred ... If their costume is bottom tier or skin, suffer pain too."
    # Vic has no costume at all: skin.
    d = _duel()
    _brute_hits_vic(d, "burn", "lesser", 5)
    _keep_recovery(d)
    assert d.state.people["vic"].track.wounds[0].scarring
    assert any("pain" in n for n in _names(d, "vic"))


@pytest.mark.rules("WD-WFX-019", "WD-STAT-021")
def test_moderate_rend_2_two_picks__minus_2_brawn_half_of_it_scarring_and_bleeding() -> None:
    # src 754: "Target suffers their choice of X of: pain, bleeding, scarring, or -2 to a physical stat.
    # (X is equal to this wound roll). Half of any stat damage done is scarring." A 2: two picks; Vic
    # takes -2 Brawn (one point temporary, one lasting) and Bleeding.
    d = _duel(brawn=4)
    _brute_hits_vic(d, "rend", "moderate", 2)
    _keep_recovery(d)
    d.refuse("ann", "effect_choice", character="vic", key="rend", picks=["stat", "bleeding", "pain"])
    d.do("ann", "effect_choice", character="vic", key="rend", picks=["stat", "bleeding"])
    d.do("ann", "effect_choice", character="vic", key="rend_stat", picks=["brawn"])
    vic = d.state.people["vic"]
    assert (vic.temporary_loss, vic.lasting_loss) == ({Stat.BRAWN: 1}, {Stat.BRAWN: 1})
    assert d.state.sheet("vic").stat(Stat.BRAWN) == 2
    assert Status.BLEEDING.value in _names(d, "vic")


@pytest.mark.rules("WD-WFX-013")
def test_lesser_rend_5_6_scarring_can_be_taken_only_once() -> None:
    # src 732-734: "As 3-4, but the target chooses two of the options provided. (Scarring can only be
    # taken 1x)"
    d = _duel()
    _brute_hits_vic(d, "rend", "lesser", 6)
    _keep_recovery(d)
    d.refuse("ann", "effect_choice", character="vic", key="rend", picks=["scarring", "scarring"])
    d.do("ann", "effect_choice", character="vic", key="rend", picks=["scarring", "brawn"])
    assert d.state.people["vic"].track.wounds[0].scarring
    assert d.state.sheet("vic").stat(Stat.BRAWN) == 2


@pytest.mark.rules("WD-WFX-021", "WD-WOUND-009")
def test_moderate_shock_3_4_vic_picks_lose_focus_and_start_dying() -> None:
    # src 768: "Target chooses 2 of: disarmed, knocked down, lose 1 focus, start dying. Can't choose
    # inapplicable options." Vic holds nothing: Disarmed is not on offer.
    d = _duel()
    _brute_hits_vic(d, "shock", "moderate", 4)
    _keep_recovery(d)
    d.refuse("ann", "effect_choice", character="vic", key="shock", picks=["disarmed", "focus"])
    d.do("ann", "effect_choice", character="vic", key="shock", picks=["focus", "dying"])
    assert d.state.people["vic"].track.standing is Standing.DYING
    assert _avail(d, "vic", Pool.FOCUS) == 2


@pytest.mark.rules("WD-WFX-015", "WD-STATUS-008")
def test_lesser_shock_1_2_blinded_and_deafened() -> None:
    # src 742: "Target is blinded, deafened."
    d = _duel()
    _brute_hits_vic(d, "shock", "lesser", 1)
    _keep_recovery(d)
    assert {Status.BLINDED.value, Status.DEAFENED.value} <= set(_names(d, "vic"))


@pytest.mark.rules("WD-WFX-023", "WD-EFFORT-006")
def test_pulverized_an_arm_then_again_on_3_with_one_dot__two_stat_points__then_a_2_ends_it() -> None:
    # src 714-716: "Choose to lose 2 stat points or pick an intact limb/your head and lose all
    # functionality of that part. Then roll 1d6 and repeat the process on a 2+. In advance, the target
    # may spend any effort to raise the DC by 1. (1 effort = a 3+)". One Stamina: repeats on 3+. The
    # left arm goes; a 3 repeats (the arm is no longer intact, so not offered); two points of Brawn;
    # a 2 ends it.
    d = _duel(brawn=4)
    _brute_hits_vic(d, "bash", "critical", 3)
    d.do("ann", "effect_choice", character="vic", key="pulverize_effort", picks=["stamina"])
    d.do("ann", "effect_choice", character="vic", key="pulverize.1", picks=["left_arm"], dice=[3])
    d.refuse("ann", "effect_choice", character="vic", key="pulverize.2", picks=["left_arm"])
    d.do("ann", "effect_choice", character="vic", key="pulverize.2", picks=["stat_points"])
    d.do("ann", "effect_choice", character="vic", key="pulverize.2.stats", picks=["brawn", "brawn"], dice=[2])
    assert d.prompts("ann") == [] or all(p.kind != "effect" for p in d.prompts("ann"))
    assert d.state.people["vic"].lasting_loss == {Stat.BRAWN: 2}
    assert _avail(d, "vic", Pool.STAMINA) == 2
    assert d.state.sheet("vic").stat(Stat.BRAWN) == 2


@pytest.mark.rules("WD-MOVE-009")
@pytest.mark.parametrize(
    ("feet", "die", "critical"), [(45, 4, False), (45, 3, True), (60, 4, True), (60, 5, False)]
)
def test_thrown_past_40_ft_athletics_4_plus__one_harder_per_extra_10_ft(
    feet: int, die: int, critical: bool
) -> None:
    # src 926-928: thrown 41-50 ft: "Athletics roll or suffer Critical bash wound & effect. 4+
    # difficulty by base, add 1 to the difficulty of the roll per extra 5'/10'" (10 ft for the Thrown
    # column): thrown 60 ft needs 5+. Athletics 3: the die is the total.
    d = table()
    add(d, "ann", sheet("vic", "Vic", guts=5))
    d.do("gm", "fall", character="vic", feet=feet, thrown=True, drains_stamina=False, dice=[die, 6])
    for p in d.prompts("ann"):
        d.answer("ann", p.id, "none")
    assert (d.state.people["vic"].track.count(WoundTier.CRITICAL) == 1) is critical


@pytest.mark.rules("WD-STATUS-001", "WD-COMBAT-015")
def test_a_bleeding_vic_pays_a_lesser_wound_for_the_focus_of_an_attack_of_opportunity() -> None:
    # src 814: Bleeding, "Suffer a lesser wound when expending effort"; src 586: an attack of
    # opportunity requires Focus.
    d = _duel()
    _with(d, "vic", Status.BLEEDING)
    d.do("ann", "attack", character="vic", target="brute", opportunity=True, dice=[1])  # 1 + 0 < 4
    assert _avail(d, "vic", Pool.FOCUS) == 2
    assert _wounds(d, "vic") == [WoundTier.LESSER]


@pytest.mark.rules("WD-EQUIP-002")
def test_a_small_knife_in_one_hand_leaves_no_room_to_draw_a_two_handed_axe() -> None:
    # src 1015: "Characters have two hands and can carry two small items or one large one."
    vic = {**sheet("vic", "Vic"), "held": [KNIFE], "belt": [AXE, {**KNIFE, "name": "Second knife"}]}
    d = _duel(vic)
    _to(d, "vic")
    d.refuse("ann", "draw_item", character="vic", item="Fire axe", rule="WD-EQUIP-002")
    d.do("ann", "draw_item", character="vic", item="Second knife")
    assert [i.name for i in d.state.sheet("vic").held] == ["Knife", "Second knife"]


# -- effort and exhaustion (WD-EFFORT, src 360-411) -------------------------------------------------


@pytest.mark.rules("WD-EFFORT-009")
def test_the_exhausted_dot_is_one_of_the_spent_ones__focus_only_spent_exhausts_focus() -> None:
    # src 409: "players recover all spent dots of effort except one of their choice, which becomes
    # exhausted". Vic spent one Focus dodging and nothing else: the dot kept back can only be Focus.
    d = _duel()
    d.do("gm", "attack", character="brute", target="vic", dice=[2])  # 2 + 2 = 4 hits DS 4
    d.answer("ann", "react-vic", "dodge", dice=[6])  # 6 >= 4: dodged, one Focus
    d.do("gm", "end_combat", lull=True)
    assert [o.value for o in d.prompt("ann", "exhaust").options] == ["focus"]
    d.refuse("ann", "exhaust", character="vic", pool="stamina", rule="WD-EFFORT-009")
    d.do("ann", "exhaust", character="vic", pool="focus")
    assert (_avail(d, "vic", Pool.FOCUS), _avail(d, "vic", Pool.STAMINA)) == (2, 3)


@pytest.mark.rules("WD-EFFORT-009", "WD-EFFORT-010")
def test_with_two_pools_spent_the_player_picks_either() -> None:
    # src 411: "Players can choose what gets exhausted" among what they spent: a Focus dodge and a
    # Stamina sprint push, so Focus or Stamina, not Recovery.
    d = _duel()
    d.do("gm", "attack", character="brute", target="vic", dice=[2])
    d.answer("ann", "react-vic", "dodge", dice=[6])
    d.do("gm", "end_turn", character="brute")
    d.do("ann", "move", character="vic", feet=60, sprint=True, push=True, dice=[1, 1])
    d.do("gm", "end_combat", lull=True)
    assert [o.value for o in d.prompt("ann", "exhaust").options] == ["stamina", "focus"]
    d.refuse("ann", "exhaust", character="vic", pool="recovery", rule="WD-EFFORT-009")
    d.do("ann", "exhaust", character="vic", pool="stamina")
    assert _avail(d, "vic", Pool.STAMINA) == 2


# -- equipment (WD-EQUIP, src 1009-1161) ----------------------------------------------------------

_FOUR_KNIVES = [{**KNIFE, "name": f"Knife {n}"} for n in (1, 2, 3, 4)]


@pytest.mark.rules("WD-EQUIP-014", "WD-WFX-019", "WD-STAT-009")
def test_a_lost_belt_drops_the_knife_it_held__the_dexterity_slots_keep_theirs() -> None:
    # src 1073: "Belts & Pouches - Grants additional belt item slots & inventory. Items are dropped if
    # the belt is damaged." Vic, Dexterity 3 and a low-tier belt: four slots, four knives. Moderate
    # Rend 6 (src 756): the brute names the icon and the belt, Vic loses the belt: the knife in its
    # slot falls to the ground; the three in his own slots stay on the belt.
    costume = {"pieces": [{"key": "low_belt", "cell": [2, 0]}, {"key": "icon", "cell": [2, 2]}]}
    d = _duel({**sheet("vic", "Vic"), "costume": costume, "belt": _FOUR_KNIVES})
    _brute_hits_vic(d, "rend", "moderate", 6)
    _keep_recovery(d)
    d.do("ann", "effect_choice", character="vic", key="lost", picks=["low_belt-20"])  # two pieces: both named
    vic = d.state.sheet("vic")
    assert [i.name for i in vic.belt] == ["Knife 1", "Knife 2", "Knife 3"]
    assert [i.name for i in vic.dropped] == ["Knife 4"]


@pytest.mark.rules("WD-EQUIP-014", "WD-WFX-013", "WD-STATUS-016")
def test_a_belt_damaged_by_a_lesser_rend_drops_its_knife__picked_up_as_an_action() -> None:
    # src 728: Lesser Rend 1-2, "A piece of gear is damaged"; src 1073: "Items are dropped if the belt
    # is damaged." The knife in the belt's slot falls; Vic picks it up on his turn.
    costume = {"pieces": [{"key": "low_belt", "cell": [2, 0]}, {"key": "icon", "cell": [2, 2]}]}
    d = _duel({**sheet("vic", "Vic"), "costume": costume, "belt": _FOUR_KNIVES})
    _brute_hits_vic(d, "rend", "lesser", 1)
    _keep_recovery(d)
    d.do("ann", "effect_choice", character="vic", key="gear", picks=["low_belt-20"])
    assert [i.name for i in d.state.sheet("vic").dropped] == ["Knife 4"]
    assert "the belt's Knife 4 falls" in d.words()[-1]
    # the piece reads as words, not its answer token ("low_belt-20")
    assert "Lesser rend effect on Vic (rolled 1): low belt (cell 2,0) damaged." in d.words()
    assert d.words()[-1].startswith("Vic's gear: low belt (cell 2,0) is damaged (needs repair)")
    _to(d, "vic")
    d.do("ann", "pick_up", character="vic", item="Knife 4")
    assert [i.name for i in d.state.sheet("vic").held] == ["Knife 4"]


# -- powers in use (WD-COMBAT-009, -017..024; src 553-556, 588-600, 846) ----------------------------

_BOLT = {
    "name": "Bolt",
    "classifications": ["blaster"],
    "targeting": "ranged",
    "range_ft": 60,
    "attack_stat": "dexterity",
    "damage": "burn",
    "tier": "lesser",
}
_SNARE = {
    "name": "Snare",
    "classifications": ["shaker"],
    "targeting": "ranged",
    "range_ft": 30,
    "attack_stat": "dexterity",
    "damage": "bash",
    "tier": "lesser",
    "statuses": [{"status": "delayed"}],
}


@pytest.mark.rules("WD-STATUS-008", "WD-COMBAT-017")
def test_a_blinded_blaster_fires_his_power_at_minus_1() -> None:
    # src 846: Blinded, "-1 to hit those that can be seen": an attack is an attack, a power's too
    # (src 553: "Using a fist, weapon, or offensive power to hit someone"). Vic's Bolt at the thug (DS
    # 3): 3 + 0 - 1 = 2 misses.
    d = _duel({**sheet("vic", "Vic"), "powers": [_BOLT]})
    _to(d, "vic")
    _with(d, "vic", Status.BLINDED)
    d.do("ann", "use_power", character="vic", power="Bolt", targets=["thug"], dice=[3])
    assert _wounds(d, "thug") == []


@pytest.mark.rules("WD-COMBAT-020", "WD-COMBAT-009")
def test_a_dodged_snare_leaves_no_status() -> None:
    # src 590: Dodge, "If equal to or better than the attack roll, the attack is ignored": the Snare's
    # Delayed comes with the hit and goes with it. The brute's Snare: Dexterity 1, 6 - 2 = 4 hits DS 4;
    # Vic dodges with a 5.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(
        d, "gm", {**sheet("brute", "Brute", "notable", brawn=5, athletics=1, dexterity=1), "powers": [_SNARE]}
    )
    d.do("gm", "start_combat", dice=[1, 6])  # the brute first
    d.do("gm", "use_power", character="brute", power="Snare", targets=["vic"], dice=[6])
    d.answer("ann", "react-vic", "dodge", dice=[5])
    assert _wounds(d, "vic") == []
    assert Status.DELAYED.value not in _names(d, "vic")


@pytest.mark.rules("WD-COMBAT-022", "WD-COMBAT-009")
def test_cover_shields_from_a_power_as_from_any_attack() -> None:
    # src 600: "cover is assumed to provide 1 defense against all attacks coming from the front 180
    # degrees". The thug behind a car: DS 3 + 1; Vic's Bolt 3 + 0 = 3 misses.
    d = _duel({**sheet("vic", "Vic"), "powers": [_BOLT]})
    _to(d, "vic")
    d.do("gm", "use_power", character="vic", power="Bolt", targets=["thug"], cover="regular", dice=[3])
    assert _wounds(d, "thug") == []


@pytest.mark.rules("WD-STATUS-002", "WD-STATUS-003", "WD-COMBAT-009")
def test_a_pained_blaster_whose_power_misses_owes_the_pain_price() -> None:
    # src 822: Pained, "For actions that would require a roll, on a failure the subject must choose
    # either a decline in morale, a lesser wound, or end their turn prematurely"; src 826: physical
    # pain touches Dexterity. Vic's Bolt (Dexterity) at the thug: 2 + 0 < 3, a miss: the price.
    d = _duel({**sheet("vic", "Vic"), "powers": [_BOLT]})
    _to(d, "vic")
    _with(d, "vic", Status.PAINED_PHYSICAL)
    d.do("ann", "use_power", character="vic", power="Bolt", targets=["thug"], dice=[2])
    assert "vic" in d.state.pain_owed
    d.do("ann", "pain_choice", character="vic", choice="lesser_wound")
    assert _wounds(d, "vic") == [WoundTier.LESSER]


_FLASH = {
    "name": "Flash",
    "classifications": ["blaster"],
    "action": "reaction",
    "targeting": "ranged",
    "range_ft": 30,
    "attack_stat": "dexterity",
    "damage": "shock",
    "tier": "lesser",
    "cost": [{"pool": "focus"}],
}


@pytest.mark.rules("WD-COMBAT-015", "WD-COMBAT-009", "WD-EFFORT-004")
def test_a_reaction_power_fires_out_of_turn_for_its_focus__not_on_ones_own_turn() -> None:
    # src 586: out-of-turn actions "require Focus()"; src 888: in an attack of opportunity "powers may
    # come into effect". Vic's Flash is a reaction power: on the brute's turn it fires for a Focus dot
    # (6 + 0 hits the brute's DS 4; the brute takes it, effect 1); on Vic's own turn it is refused.
    d = _duel({**sheet("vic", "Vic"), "powers": [_FLASH]})
    d.do("ann", "use_power", character="vic", power="Flash", targets=["brute"], dice=[6])
    d.answer("gm", "react-brute", "take", dice=[1])
    d.answer("gm", d.prompt("gm", "effect").id, "none")
    assert _wounds(d, "brute") == [WoundTier.LESSER]
    assert _avail(d, "vic", Pool.FOCUS) == 2
    assert d.state.fight.turn.actor == "brute"
    _to(d, "vic")
    d.refuse(
        "ann", "use_power", character="vic", power="Flash", targets=["thug"], dice=[6], rule="WD-COMBAT-015"
    )


@pytest.mark.rules("WD-WFX-015", "WD-WFX-006", "WD-STATUS-004")
def test_lesser_shock_3_4_from_a_mental_source_is_mental_pain() -> None:
    # src 744: Lesser Shock 3-4, "Target suffers physical or mental pain, depending on source." A
    # psychic jolt is a mental source: mental pain (src 830: Wits, Knowledge...), not physical.
    d = _duel()
    d.do("gm", "attack", character="brute", target="vic", damage="shock", mental=True, dice=[6])
    d.answer("ann", "react-vic", "take", dice=[3])
    _keep_recovery(d)
    assert Status.PAINED_MENTAL.value in _names(d, "vic")
    assert Status.PAINED_PHYSICAL.value not in _names(d, "vic")


@pytest.mark.rules("WD-WFX-015", "WD-WFX-006")
def test_lesser_shock_3_4_from_a_taser_is_physical_pain() -> None:
    # src 744, 628 (tasers): a physical source, physical pain (WD-WFX-006 PROPOSED: the default)
    d = _duel()
    _brute_hits_vic(d, "shock", "lesser", 4)
    _keep_recovery(d)
    assert Status.PAINED_PHYSICAL.value in _names(d, "vic")


_MIND_SPIKE = {
    **_BOLT,
    "name": "Mind Spike",
    "classifications": ["master"],
    "damage": "shock",
    "mental": True,
}


@pytest.mark.rules("WD-WFX-015", "WD-WFX-006", "WD-COMBAT-009")
def test_a_psychic_power_leaves_mental_pain() -> None:
    # src 744 with a power as the source: a Master's Mind Spike (Dexterity 3: 6 hits the thug's DS 3;
    # a generic takes it at once, effect 3): mental pain
    d = _duel({**sheet("vic", "Vic"), "powers": [_MIND_SPIKE]})
    _to(d, "vic")
    d.do("ann", "use_power", character="vic", power="Mind Spike", targets=["thug"], dice=[6, 3])
    assert Status.PAINED_MENTAL.value in _names(d, "thug")


@pytest.mark.rules("WD-MORALE-003", "WD-COMBAT-009")
def test_great_morale_buys_up_a_missed_power_attack() -> None:
    # src 453: high morale "can be spent; lowering morale by one step to change a die result", as
    # Tankspanker does (src 479). Vic at great morale (+2): his Bolt's 1 misses the thug's DS 3, a step
    # spent makes it a 4, which lands (lesser burn, effect 4).
    d = table()
    add(d, "gm", {**sheet("vic", "Vic"), "powers": [_BOLT]}, morale=2, owner="ann")
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6])
    d.do("ann", "use_power", character="vic", power="Bolt", targets=["thug"], dice=[1])
    assert _wounds(d, "thug") == []
    d.do("ann", "spend_morale", character="vic", dice=[4])
    assert _wounds(d, "thug") == [WoundTier.LESSER]
    assert d.state.people["vic"].morale == 1


@pytest.mark.rules("WD-COMBAT-017", "WD-WOUND-012")
def test_a_power_is_not_aimed_at_a_generic_already_down() -> None:
    # src 304, 800: generics who suffer wounds equal to their Guts "drop ... and stay there"; a plain
    # attack at one is refused, and so is a power's. The thug (Guts 2) takes two lesser wounds.
    d = _duel({**sheet("vic", "Vic"), "powers": [_BOLT]})
    _to(d, "vic")
    d.do("ann", "attack", character="vic", target="thug", dice=[6, 1])
    d.do("ann", "attack", character="vic", target="thug", dice=[6])
    assert d.state.people["thug"].track.standing is Standing.DOWN
    d.do("ann", "end_turn", character="vic")
    _to(d, "vic")
    d.refuse(
        "ann", "use_power", character="vic", power="Bolt", targets=["thug"], dice=[6], rule="WD-COMBAT-017"
    )


@pytest.mark.rules("WD-EQUIP-011", "WD-EQUIP-013", "WD-WFX-019")
@pytest.mark.parametrize(("die", "lost"), [(4, False), (5, True)])
def test_high_tier_armor_guards_the_icon_beside_it__the_attacker_needs_5(die: int, lost: bool) -> None:
    # src 1048: High Tier Armor "acts as reinforcement for adjacent pieces" (PROPOSED WD-EQUIP-011:
    # orthogonal neighbours, at Standard strength, 5+). A power's rend (not conventional, so the
    # armor slot takes the wound and the effect still rolls): Moderate Rend 6, the icon beside the
    # armor is named with the belt; Vic gives up the icon; the brute's break die decides.
    costume = {
        "pieces": [
            {"key": "high_armor", "cell": [1, 1]},
            {"key": "icon", "cell": [1, 2]},
            {"key": "low_belt", "cell": [0, 0]},
        ]
    }
    d = _duel({**sheet("vic", "Vic"), "costume": costume})
    d.do(
        "gm",
        "attack",
        character="brute",
        target="vic",
        damage="rend",
        tier="moderate",
        conventional=False,
        dice=[6],
    )
    d.answer("ann", "react-vic", "take", dice=[6])
    _keep_recovery(d)
    d.do("gm", "effect_choice", character="brute", key="named", picks=["icon-12", "low_belt-00"])
    d.do("ann", "effect_choice", character="vic", key="lost", picks=["icon-12"], dice=[die])
    assert d.state.sheet("vic").costume.at((1, 2)).destroyed is lost


@pytest.mark.rules("WD-GRAPPLE-008")
def test_a_push_of_10_ft_costs_4__named_at_2_points_it_is_refused() -> None:
    # src 954-958: Push, 2-4 points, "Push the target 5' to 10'"; PROPOSED (WD-GRAPPLE-008): 2 points
    # per 5 ft, so 2 (or 3) points push 5 ft and 10 ft takes 4. Vic 6 + 2 against 2: margin 6.
    d = _wrestle()
    d.refuse(
        "ann",
        "grapple",
        character="vic",
        target="thug",
        option="push",
        points=2,
        feet=10,
        dice=[6, 2],
        rule="WD-GRAPPLE-008",
        match="10 feet costs 4 points",
    )
    d.do("ann", "grapple", character="vic", target="thug", option="push", points=4, feet=10, dice=[6, 2])
    assert "vic>thug" not in d.state.grapples


@pytest.mark.rules("WD-GRAPPLE-008", "WD-GRAPPLE-009")
def test_a_drag_in_round_two_keeps_the_hold() -> None:
    # src 948-950: Drag, 1-2 points, "Move the target 5 to 10', moving with them, maintaining hold.
    # Round 2+ of grapple only." 2 points drag 10 ft; the grapple goes on.
    d = _wrestle()
    d.do("ann", "grapple", character="vic", target="thug", dice=[6, 2])
    d.do("ann", "end_turn", character="vic")
    _to(d, "vic")
    d.do("ann", "grapple", character="vic", target="thug", option="drag", points=2, feet=10, dice=[4, 2])
    assert "vic>thug" in d.state.grapples


# -- movement (WD-MOVE, src 878-928) --------------------------------------------------------------


@pytest.mark.rules("WD-MOVE-006", "WD-EFFORT-003")
def test_a_stamina_push_on_the_second_of_two_moves_counts_double() -> None:
    # src 378: Stamina, "Push to extend movement. (add 1d3 x 5', double if double-moving)". Vic
    # (Athletics 3, 30 ft a move) moves 30 ft, then moves again pushing: a 1 on the d3 is 5 ft,
    # doubled: 40 ft (under the 75 ft ceiling, src 890).
    d = _duel()
    _to(d, "vic")
    d.do("ann", "move", character="vic", feet=30)
    d.do("ann", "move", character="vic", feet=40, push=True, dice=[1])
    assert d.state.fight.turn.moved == 70


@pytest.mark.rules("WD-MOVE-006", "WD-EFFORT-003")
def test_a_stamina_push_on_a_single_move_is_not_doubled() -> None:
    # src 378: a single move pushed: 30 + 5 = 35 ft, no more: asked 40 on a d3 of 1, Vic goes the 35 the
    # dice allow (they stand); past what a 3 could give (45), refused before the roll
    d = _duel()
    _to(d, "vic")
    d.refuse("ann", "move", character="vic", feet=50, push=True, rule="WD-MOVE-001")
    d.do("ann", "move", character="vic", feet=40, push=True, dice=[1])
    assert d.state.fight.turn.moved == 35


@pytest.mark.rules("WD-WFX-011", "WD-WOUND-014", "WD-COMBAT-035")
def test_lesser_bash_3_4_knocks_vic_down__the_wound_goes_at_his_next_rest() -> None:
    # src 656: "Knocks target down but the wound fades on the next rest." Vic rests on his turn (the
    # Guts roll fails, a 1): the bash wound goes all the same; he is still down.
    d = _duel()
    _brute_hits_vic(d, "bash", "lesser", 3)
    _keep_recovery(d)
    assert _wounds(d, "vic") == [WoundTier.LESSER]
    assert Status.KNOCKED_DOWN.value in _names(d, "vic")
    _to(d, "vic")
    d.do("ann", "rest", character="vic", restore="focus", dice=[1])
    assert _wounds(d, "vic") == []
    assert Status.KNOCKED_DOWN.value in _names(d, "vic")


@pytest.mark.rules("WD-WFX-016", "WD-STATUS-006")
def test_moderate_cut_3_arm_pain_prices_a_missed_swing_not_a_move() -> None:
    # src 678: "Arm Pain"; src 838: pain in a body part "Applies when using that body part for an
    # action". Vic's swing (an arm) misses the thug, 1 + 0 < 3: the price is owed; his move is no roll.
    d = _duel()
    _brute_hits_vic(d, "cut", "moderate", 3)
    _keep_recovery(d)
    d.do("ann", "effect_choice", character="vic", key="pain_in", picks=["right_arm"])
    _to(d, "vic")
    d.do("ann", "move", character="vic", feet=10)
    assert "vic" not in d.state.pain_owed
    d.do("ann", "attack", character="vic", target="thug", dice=[1])
    assert "vic" in d.state.pain_owed


@pytest.mark.rules("WD-STATUS-006")
def test_with_the_right_arm_in_pain_a_kick_that_misses_owes_nothing() -> None:
    # src 838: pain in a part applies "when using that body part for an action": a kick uses a leg
    d = _duel()
    _brute_hits_vic(d, "cut", "moderate", 3)
    _keep_recovery(d)
    d.do("ann", "effect_choice", character="vic", key="pain_in", picks=["right_arm"])
    _to(d, "vic")
    d.do("ann", "attack", character="vic", target="thug", part="left_leg", dice=[1])
    assert "vic" not in d.state.pain_owed


@pytest.mark.rules("WD-WFX-021")
def test_moderate_shock_5_6_the_prompt_says_how_many_points_the_guts_roll_drained() -> None:
    # src 770: "Roll Guts. Lose 10-[result] attribute points temporarily." Vic's Guts 3 rolls a 4:
    # six points, and the question he answers says six.
    d = _duel()
    _brute_hits_vic(d, "shock", "moderate", 5)
    d.answer("ann", d.prompt("ann", "effect").id, "none", dice=[4])
    assert "the 6 drained points" in d.prompt("ann", "effect").question
