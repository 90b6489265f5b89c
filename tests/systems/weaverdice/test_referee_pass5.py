"""Referee pass 5 over Weaverdice part 1 and combat: the seed sections the earlier referee files cite
least (defense scores by tier, generics and bystanders going down, cover arcs, what Stamina and Recovery
may not do, Stuck, Death Sentence, criticals, reputation dice and negative rep, quick and lengthy
actions), each written from the seed (``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited "src N")
before reading the table's code, then played through the table with given dice.

Where the seed is silent the expected outcome is the inventory's PROPOSED decision, cited by rule ID.
"""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.state import Grapple
from capeworks.systems.weaverdice.statuses import Condition
from capeworks.systems.weaverdice.vocab import Pool, Stat, Status, WoundTier
from capeworks.systems.weaverdice.wfx_outcome import StatLasting, StatLoss
from capeworks.systems.weaverdice.wounds import Standing, Wound
from tests.systems.weaverdice.helpers import add, sheet, table
from tests.systems.weaverdice.test_referee_combat import KNIFE, _names
from tests.systems.weaverdice.test_referee_pass4 import _avail, _with, _wounds


def _fight(*more: dict[str, Any], vic: dict[str, Any] | None = None, dice: list[int] | None = None) -> Driver:
    """Vic (Ann's PC, speed 6) against the GM's ``more``; Vic's initiative die 6 (12) puts Vic first,
    notables rolling 1 (speed 6 + 1), generics and bystanders 6 + 3."""
    d = table()
    add(d, "ann", vic or sheet("vic", "Vic"))
    for data in more:
        add(d, "gm", data)
    rolled = 1 + sum(1 for m in more if m["tier"] == "notable")  # generics and bystanders add 3
    d.do("gm", "start_combat", dice=dice or [6] + [1] * (rolled - 1))
    return d


def _standing(d: Driver, ident: str) -> Standing:
    return d.state.people[ident].track.standing


# -- defense scores by tier; generics and bystanders going down (src 596, 304, 306, 800) ------------


@pytest.mark.rules("WD-COMBAT-018", "WD-NPC-005")
def test_a_bystander_is_hit_on_a_2_and_goes_down() -> None:
    # src 596: "At a score of 2, attackers need a 2+ to hit the target, representative of civilians";
    # src 306: bystanders, "if they're hit, they go down". Vic (Brawn 3, +0) rolls a 2: a hit.
    d = _fight(sheet("joe", "Joe", "bystander"))
    d.do("ann", "attack", character="vic", target="joe", dice=[2])
    assert _standing(d, "joe") is Standing.DOWN


@pytest.mark.rules("WD-COMBAT-018", "WD-NPC-004")
def test_a_generic_is_missed_on_a_2_and_hit_on_a_3() -> None:
    # src 596: "A 3 requires a 3+ and suits most individuals who aren't important enough to get names".
    d = _fight(sheet("thug", "Thug", "generic"))
    d.do("gm", "attack", character="vic", target="thug", damage="cut", dice=[2])
    assert _wounds(d, "thug") == []
    d.do("gm", "attack", character="vic", target="thug", damage="cut", dice=[3, 1])
    assert _wounds(d, "thug") == [WoundTier.LESSER]


@pytest.mark.rules("WD-COMBAT-018", "WD-NPC-003")
def test_a_notable_is_missed_on_a_3() -> None:
    # src 596: "A 4+ is standard for anyone with a name and individual identity". Vic rolls a 3.
    d = _fight(sheet("boss", "Boss", "notable"))
    d.do("gm", "attack", character="vic", target="boss", damage="cut", dice=[3])
    assert d.state.attack is None  # a miss: no hit waits on the boss's answer


@pytest.mark.rules("WD-NPC-004", "WD-WOUND-012")
def test_a_generic_drops_when_its_wounds_equal_its_guts_without_a_stay_up_roll() -> None:
    # src 304: "If they suffer wounds equal to their Guts stat ... they drop unconscious"; src 800:
    # "Generic NPCs simply drop to the ground and stay there". Guts 2: two lesser cuts (no effect, 1).
    d = _fight(sheet("thug", "Thug", "generic", guts=2))
    d.do("gm", "attack", character="vic", target="thug", damage="cut", dice=[6, 1])
    assert _standing(d, "thug") is Standing.UP
    d.do("gm", "attack", character="vic", target="thug", damage="cut", dice=[6])
    assert _standing(d, "thug") is Standing.DOWN


@pytest.mark.rules("WD-NPC-004")
@pytest.mark.parametrize(("face", "dead"), [(5, True), (6, False)])
def test_whether_a_dropped_generic_died_is_a_guts_4_plus(face: int, dead: bool) -> None:
    # src 800: "Make a Guts check for each where necessary (Can be a 4+ to see if they died)". The
    # thug's Guts 1 (-2) drops it at one wound: 5 - 2 = 3 dies, 6 - 2 = 4 lives.
    d = _fight(sheet("thug", "Thug", "generic", guts=1))
    d.do("gm", "attack", character="vic", target="thug", damage="cut", dice=[6])
    d.do("gm", "fate", character="thug", dice=[face])
    assert (_standing(d, "thug") is Standing.DEAD) is dead


# -- cover arcs (src 600) ---------------------------------------------------------------------------


@pytest.mark.rules("WD-COMBAT-022")
@pytest.mark.parametrize(
    ("cover", "angle", "face", "hit"),
    [
        ("narrow", 0, 4, False),  # DS 4 + 1: a 4 misses
        ("narrow", 60, 4, True),  # outside the front 90 degrees: no cover, a 4 hits
        ("regular", 60, 4, False),  # inside the front 180: +1
        ("regular", 120, 4, True),  # from behind: nothing
        ("full", 0, 5, False),  # +2: DS 6, a 5 misses
        ("full", 0, 6, True),
    ],
)
def test_cover_raises_the_ds_only_inside_its_arc(cover: str, angle: int, face: int, hit: bool) -> None:
    # src 600: regular cover "1 defense against all attacks coming from the front 180 degrees"; narrow
    # "protects only the front 90 degrees"; full "works like regular cover, but provides 2 defense".
    d = _fight(sheet("boss", "Boss", "notable"))
    d.do("gm", "attack", character="vic", target="boss", damage="cut", cover=cover, angle=angle, dice=[face])
    assert (d.state.attack is not None) is hit  # a hit waits on the boss's answer
    if hit:
        d.answer("gm", "react-boss", "take", dice=[1])
    assert (_wounds(d, "boss") == [WoundTier.LESSER]) is hit


# -- what Stamina and Recovery may not buy (src 376, 392) ------------------------------------------


@pytest.mark.rules("WD-EFFORT-003", "WD-CORE-009")
def test_stamina_cannot_reroll_a_missed_attack() -> None:
    # src 376: Stamina makes "a reroll for a physical action that isn't offense or defense related".
    d = _fight(sheet("boss", "Boss", "notable"))
    d.do("gm", "attack", character="vic", target="boss", damage="cut", dice=[1])
    d.refuse("ann", "reroll", character="vic", dice=[6])
    assert _avail(d, "vic", Pool.STAMINA) == 3


# -- Blinded (src 846) ------------------------------------------------------------------------------


@pytest.mark.rules("WD-STATUS-008")
def test_a_blinded_attacker_is_minus_1_to_hit() -> None:
    # src 846: Blinded imposes "a -1 to hit those that can be seen". Lesser Cut 5 blinds Vic
    # ("Bleeding and Blinded with blood in the eyes", src 648); then Vic's 4 against DS 4 is a 3.
    d = _fight(sheet("boss", "Boss", "notable", brawn=5), dice=[1, 6])
    d.do("gm", "attack", character="boss", target="vic", damage="cut", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[5])
    d.do("ann", "effect_choice", character="vic", key="negate", picks=[])
    assert Status.BLINDED in _names(d, "vic")
    d.do("gm", "end_turn", character="boss")
    d.do("gm", "attack", character="vic", target="boss", damage="cut", dice=[4])
    assert d.state.attack is None  # a miss: no hit waits on the boss's answer


def _hurt(d: Driver, ident: str, *tiers: WoundTier) -> None:
    """Set-up: ``ident`` already carries wounds of ``tiers`` (plain ones, no effect left attached)."""
    people = dict(d.state.people)
    c = people[ident]
    wounds = tuple(Wound(tier=t, id=f"w{i + 1}") for i, t in enumerate(tiers))
    people[ident] = c.model_copy(
        update={"track": c.track.model_copy(update={"wounds": wounds}), "wounds_made": len(wounds)}
    )
    d.patch(people=people)


# -- resting (src 1004-1006) ------------------------------------------------------------------------


@pytest.mark.rules("WD-COMBAT-034", "WD-COMBAT-033")
def test_a_full_rest_reduces_up_to_guts_wounds_while_two_remain() -> None:
    # src 1006: a full rest extends the healing "to a number of conditions or wound reductions equal
    # to one's Guts stat"; src 1004: a wound reduction needs "at least two wounds". Vic (Guts 4) with
    # three plain lesser wounds rests the full turn and makes the Guts roll (5): two reductions (3 -> 2
    # -> 1 wound); the third would leave him with one wound, which no longer qualifies.
    d = _fight(sheet("boss", "Boss", "notable"), vic=sheet("vic", "Vic", guts=4))
    _hurt(d, "vic", WoundTier.LESSER, WoundTier.LESSER, WoundTier.LESSER)
    d.do("ann", "rest", character="vic", full=True, reduce=True, restore=["stamina"], dice=[5])
    assert _wounds(d, "vic") == [WoundTier.LESSER]


@pytest.mark.rules("WD-COMBAT-034", "WD-COMBAT-033")
def test_a_full_rest_reduces_moderates_step_by_step() -> None:
    # src 1006 with src 1004: "from moderate to lesser, lesser to healthy", Guts-many times. Vic (Guts 3)
    # with two moderates: three reductions: the first moderate to lesser, that lesser healed (two
    # wounds still there before it), and with one wound left the third does not qualify.
    d = _fight(sheet("boss", "Boss", "notable"))
    _hurt(d, "vic", WoundTier.MODERATE, WoundTier.MODERATE)
    d.do("ann", "rest", character="vic", full=True, reduce=True, restore=["stamina"], dice=[5])
    assert _wounds(d, "vic") == [WoundTier.MODERATE]


@pytest.mark.rules("WD-COMBAT-033")
def test_a_rest_action_reduces_one_wound_only() -> None:
    # src 1004: the rest action's single Guts success goes to one reduction.
    d = _fight(sheet("boss", "Boss", "notable"))
    _hurt(d, "vic", WoundTier.LESSER, WoundTier.LESSER, WoundTier.LESSER)
    d.do("ann", "rest", character="vic", reduce=True, restore=["stamina"], dice=[5])
    assert _wounds(d, "vic") == [WoundTier.LESSER, WoundTier.LESSER]


# -- wounds and dying (src 610, 794-798, 875) -------------------------------------------------------


def _boss_first(vic: dict[str, Any] | None = None) -> Driver:
    """The boss (notable, Brawn 5) acts first (6 + 6 + 1... see the dice), then Vic."""
    return _fight(sheet("boss", "Boss", "notable", brawn=5), vic=vic, dice=[1, 6])


def _boss_hits_vic(d: Driver, damage: str, tier: str, *dice: int) -> None:
    """The boss hits Vic (6 + 2 = 8) and Vic takes it; ``dice``: the stay-up roll if any, the effect."""
    d.do("gm", "attack", character="boss", target="vic", damage=damage, tier=tier, dice=[6])
    d.answer("ann", "react-vic", "take", dice=list(dice))


@pytest.mark.rules("WD-WOUND-011")
def test_a_track_filled_with_criticals_is_death_outright() -> None:
    # src 798: "those with wound slots filled with critical wounds will outright die". Vic has Guts 1:
    # one slot; a critical pierce (1-3, "placed in dying state", src 718) fills it with a critical.
    d = _boss_first(sheet("vic", "Vic", guts=1))
    _boss_hits_vic(d, "pierce", "critical", 1)
    assert _standing(d, "vic") is Standing.DEAD


@pytest.mark.rules("WD-COMBAT-034", "WD-COMBAT-033", "WD-COMBAT-032")
def test_a_full_rest_sheds_the_named_condition_and_spends_the_rest_on_wounds() -> None:
    # src 1006: Guts-many "conditions or wound reductions". Vic (Guts 3) is Pained and carries three
    # plain lesser wounds; resting the full turn with a 5 he eases one wound, sheds the pain he names
    # and eases a second wound: one lesser wound and no pain are left.
    d = _fight(sheet("boss", "Boss", "notable"))
    _hurt(d, "vic", WoundTier.LESSER, WoundTier.LESSER, WoundTier.LESSER)
    _with(d, "vic", Status.PAINED_PHYSICAL)
    shed = ["pained_physical"]
    d.do("ann", "rest", character="vic", full=True, reduce=True, remove=shed, restore=["focus"], dice=[5])
    assert _wounds(d, "vic") == [WoundTier.LESSER]
    assert _names(d, "vic") == []


@pytest.mark.rules("WD-NPC-004", "WD-EQUIP-011", "WD-WOUND-004")
def test_a_generic_in_armor_drops_only_when_its_own_guts_worth_of_wounds_land() -> None:
    # src 1032: armor "acts as an additional wound slot, taking one hit", and conventional damage to
    # it "doesn't have any consequence"; src 304: a generic drops at wounds equal to its Guts. A Guts 2
    # thug in one armor: the first cut lands on the armor, two more drop him.
    d = _fight({**sheet("thug", "Thug", "generic", guts=2), "armor": 1})
    d.do("gm", "attack", character="vic", target="thug", damage="cut", dice=[6])
    d.do("gm", "attack", character="vic", target="thug", damage="cut", dice=[6, 1])
    assert _standing(d, "thug") is Standing.UP
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    d.do("gm", "attack", character="vic", target="thug", damage="cut", dice=[6])
    assert _standing(d, "thug") is Standing.DOWN


@pytest.mark.rules("WD-MORALE-003", "WD-WOUND-005")
def test_great_morale_buys_up_a_failed_stay_up_roll() -> None:
    # src 453/479: at a positive step +k a character may lower morale one step to count a roll as
    # 2 + k (PROPOSED: any of one's own rolls). Vic at Great (+2) fills his one slot (Guts 1, -2) and
    # rolls a 1 to stay up: -1, down; spending the step counts it as a 4: 3+ holds, he stays up.
    d = _boss_first(sheet("vic", "Vic", guts=1))
    d.do("gm", "change_morale", character="vic", steps=2)
    _boss_hits_vic(d, "cut", "lesser", 1, 1)  # the stay-up 1, the effect 1 (none)
    d.do("ann", "spend_morale", character="vic")
    assert _standing(d, "vic") is Standing.UP
    assert d.state.people["vic"].morale == 1


def _doc_vic_boss(vic: dict[str, Any]) -> Driver:
    """Doc (Bob's PC, Dex 4, Know 4: +2 a Medical roll) acts first, then the boss, then Vic."""
    d = table()
    add(d, "ann", vic)
    add(d, "bob", sheet("doc", "Doc", dexterity=4, knowledge=4))
    add(d, "gm", sheet("boss", "Boss", "notable", brawn=5))
    d.do("gm", "start_combat", dice=[1, 6, 6])  # Vic 6 + 1, Doc 8 + 6, the boss 6 + 6 (Doc a PC: ahead)
    return d


def _knock_out(d: Driver) -> None:
    """From the start (Doc's turn): Doc passes and the boss's lesser cut knocks Vic (Guts 1) out."""
    d.do("bob", "end_turn", character="doc")
    _boss_hits_vic(d, "cut", "lesser", 1, 1)  # Guts 1 (-2): 1 - 2 < 3, out; the effect 1: none
    assert _standing(d, "vic") is Standing.UNCONSCIOUS
    d.do("gm", "end_turn", character="boss")
    assert d.state.fight.turn.actor == "doc"  # Vic, unconscious, is passed over


@pytest.mark.rules("WD-WOUND-005", "WD-WOUND-007", "WD-WOUND-003")
@pytest.mark.parametrize(("face", "standing"), [(1, Standing.DYING), (6, Standing.UNCONSCIOUS)])
def test_a_wound_on_the_unconscious_asks_the_check_again_and_all_moderate_is_dying(
    face: int, standing: Standing
) -> None:
    # src 794: with no space empty, "any time they take a wound thereafter they'll need to check
    # again, with a -1 for each time they've rolled"; src 610: "If all X spots are filled with
    # moderate wounds (these displace lessers once the track is full), then they pass out and are at
    # risk of dying". Vic (Guts 1, -2), out with a lesser after one check, takes a moderate cut: it
    # displaces the lesser and he checks at -1: 1 - 3 fails, all moderate: dying; 6 - 3 = 3 holds
    # (he is still out: only Recovery or Medical rouses him, src 794).
    d = _doc_vic_boss(sheet("vic", "Vic", guts=1))
    _knock_out(d)
    d.do("bob", "end_turn", character="doc")
    d.do("gm", "attack", character="boss", target="vic", damage="cut", tier="moderate", dice=[6, face, 1])
    assert _standing(d, "vic") is standing
    assert _wounds(d, "vic") == [WoundTier.MODERATE]


@pytest.mark.rules("WD-STATUS-014", "WD-WOUND-005", "WD-WOUND-007")
def test_a_death_sentence_escalating_the_unconscious_ones_lesser_asks_the_check_and_can_start_dying() -> None:
    # src 875: Death Sentence, "when full, lesser wounds escalate to moderate one by one"; src 794: each
    # wound on a full track asks the check again. Vic (Guts 1), out with a lesser and under a death
    # sentence: at the round's end the lesser becomes a moderate and he checks at -1: 2 - 3 fails,
    # every slot moderate: dying (src 610).
    d = _doc_vic_boss(sheet("vic", "Vic", guts=1))
    _knock_out(d)
    _with(d, "vic", Status.DEATH_SENTENCE)
    d.do("bob", "end_turn", character="doc")
    d.do("gm", "end_turn", character="boss", dice=[2])  # the round ends: the escalation's check
    assert _wounds(d, "vic") == [WoundTier.MODERATE]
    assert _standing(d, "vic") is Standing.DYING


@pytest.mark.rules("WD-WOUND-009", "WD-WOUND-008", "WD-WOUND-010")
def test_medical_care_begun_on_the_unconscious_needs_12_once_they_are_dying() -> None:
    # src 794: rousing the unconscious is a lengthy Medical check "with a difficulty of 8"; src 796: the
    # dying need "a Medical check with cumulative rolls totaling 12". Doc's first roll on the unconscious
    # Vic makes 4 of 8; the boss's moderate cut then leaves Vic dying (as above). Doc's next 4 brings
    # the total to 8: short of 12, Vic is still dying; a third roll of 4 saves him.
    d = _doc_vic_boss(sheet("vic", "Vic", guts=1))
    _knock_out(d)
    d.do("bob", "medical", character="doc", patient="vic", dice=[2])  # 2 + 2 = 4 of 8
    d.do("bob", "end_turn", character="doc")
    d.do("gm", "attack", character="boss", target="vic", damage="cut", tier="moderate", dice=[6, 1, 1])
    assert _standing(d, "vic") is Standing.DYING
    # the cut's Bleeding stands; out of the fight, Vic is not asked to spend Recovery on the effect (src 563)
    d.do("gm", "end_turn", character="boss")
    d.do("bob", "medical", character="doc", patient="vic", dice=[2])  # 4 more: 8
    assert _standing(d, "vic") is Standing.DYING
    d.do("bob", "end_turn", character="doc")
    d.do("gm", "end_turn", character="boss")
    d.do("bob", "medical", character="doc", patient="vic", dice=[2])  # 12
    assert _standing(d, "vic") is Standing.UP


@pytest.mark.rules("WD-WOUND-008", "WD-WOUND-005")
def test_roused_by_recovery_the_next_wound_checks_at_the_penalty_already_earned() -> None:
    # src 610: after passing out, "starting on the next round they can try to recover. If they do, they
    # maintain the penalties for rolls to stay in the fight". Vic (Guts 1, -2) fails his first check
    # (one made, -1 now): out. Next round he spends Recovery and rolls 6: 6 - 2 - 1 = 3, up. The boss's
    # next cut asks the check at the -1 he kept: 5 - 2 - 1 = 2 fails (reset, 5 - 2 = 3 would hold).
    # Whether the rousing roll itself adds a -1 the seed leaves open; WD-WOUND-008 keeps the penalty.
    d = _doc_vic_boss(sheet("vic", "Vic", guts=1))
    _knock_out(d)
    d.do("bob", "end_turn", character="doc")
    d.do("gm", "end_turn", character="boss")
    d.do("ann", "get_up", character="vic", dice=[6])  # round 3, Doc's turn: Vic's try is his own
    assert _standing(d, "vic") is Standing.UP
    assert _avail(d, "vic", Pool.RECOVERY) == 0  # Guts 1: one dot, spent
    d.do("bob", "end_turn", character="doc")
    _boss_hits_vic(d, "cut", "lesser", 5, 1)
    assert _standing(d, "vic") is Standing.UNCONSCIOUS


@pytest.mark.rules("WD-WOUND-008")
def test_the_unconscious_cannot_try_to_get_up_in_the_round_they_fell() -> None:
    # src 610: "they pass out, and starting on the next round they can try to recover". Vic falls on
    # the boss's turn; his own turn later that round is passed over, and a try made then is refused.
    d = _boss_first(sheet("vic", "Vic", guts=1))
    _boss_hits_vic(d, "cut", "lesser", 1, 1)
    assert _standing(d, "vic") is Standing.UNCONSCIOUS
    d.refuse("ann", "get_up", character="vic", dice=[6], rule="WD-WOUND-008")
    assert _avail(d, "vic", Pool.RECOVERY) == 1  # Guts 1: his one dot unspent


@pytest.mark.rules("WD-WOUND-009", "WD-WOUND-007")
def test_a_wound_on_the_dying_asks_no_check_and_keeps_the_clock() -> None:
    # src 796: the dying "must either spend a dot of Recovery to make a Guts roll ... or recieve aid";
    # nothing in the seed makes a further wound change that state: no stay-up roll (the track's check
    # is for staying in the fight, src 794), and the dying clock keeps the round it started.
    d = _doc_vic_boss(sheet("vic", "Vic", guts=1))
    d.do("bob", "end_turn", character="doc")
    _boss_hits_vic(d, "cut", "moderate", 1, 1)  # 1 - 2 < 3 with every slot moderate: dying
    # out of the fight, Vic is not asked to spend Recovery on the effect (src 563)
    assert _standing(d, "vic") is Standing.DYING
    since = d.state.people["vic"].track.dying_since
    d.do("gm", "attack", character="boss", target="vic", damage="cut", tier="moderate", dice=[6, 3])
    assert _standing(d, "vic") is Standing.DYING
    assert d.state.people["vic"].track.dying_since == since


@pytest.mark.rules("WD-EFFORT-005", "WD-COMBAT-032", "WD-EFFORT-008")
def test_the_recovery_dot_that_sheds_an_effect_can_come_back_with_the_same_rest() -> None:
    # src 616: a troublesome effect "can be shucked off during a rest action mid-encounter by spending
    # the same (and may be simultaneously recovered, if desired)". Vic, Pained, spends a Recovery dot to
    # shed it and takes the rest's dot back as Recovery: still 3 Recovery, no pain. His Guts roll (1)
    # fails and removes nothing else.
    d = _fight(sheet("boss", "Boss", "notable"))
    _with(d, "vic", Status.PAINED_PHYSICAL)
    d.do("ann", "rest", character="vic", shed=["pained_physical"], restore=["recovery"], dice=[1])
    assert _names(d, "vic") == []
    assert _avail(d, "vic", Pool.RECOVERY) == 3


# -- the turns of the unconscious (src 563) ---------------------------------------------------------


def _out_on_a_full_track(d: Driver) -> None:
    """From the start (Doc's turn): the boss's two lesser cuts fill Vic's track (Guts 2) and his check
    fails (1 - 1 < 3): out."""
    d.do("bob", "end_turn", character="doc")
    _boss_hits_vic(d, "cut", "lesser", 1)
    _boss_hits_vic(d, "cut", "lesser", 1, 1)
    assert _standing(d, "vic") is Standing.UNCONSCIOUS


@pytest.mark.rules("WD-WFX-020", "WD-COMBAT-002", "WD-WOUND-005")
def test_an_ongoing_burn_still_wounds_the_unconscious_at_the_end_of_his_turn() -> None:
    # src 563: the order loops "with the unconscious and dying doing nothing except perhaps rolling to
    # get back up": their turns still come round, empty. src 764: Moderate Burn 5-6, "suffer an
    # additional wound at the end of each turn (rest to stop)" (WD-WFX-020 PROPOSED: each of the
    # victim's own turns). Vic, burning, is knocked out on the boss's turn; as his own empty turn ends
    # the fire wounds him again (a lesser on his full track: nothing added, but the check is asked
    # again, src 794: 2 - 1 - 1 fails; a lesser is left, he stays out).
    d = _doc_vic_boss(sheet("vic", "Vic", guts=2))
    _with(d, "vic", Status.ONGOING_DAMAGE)
    _out_on_a_full_track(d)
    checks = d.state.people["vic"].track.checks
    d.do("gm", "end_turn", character="boss", dice=[2])  # Vic's turn passes: the burn's check
    assert d.state.fight.turn.actor == "doc"
    burned = [e for e in d.events if e.type == "weaverdice.wound_taken" and e.payload.cause == "ongoing"]
    assert [e.payload.character for e in burned] == ["vic"]
    assert d.state.people["vic"].track.checks == checks + 1


@pytest.mark.rules("WD-WFX-021", "WD-COMBAT-002")
def test_points_a_shock_drained_come_back_as_the_unconscious_ones_turn_passes() -> None:
    # src 770-772: Moderate Shock 5-6 drains attribute points temporarily, "Gain 1 back each turn";
    # src 563: the unconscious keep their (empty) turns. Vic, 2 Athletics drained, is out: as his turn
    # passes one point comes back.
    d = _doc_vic_boss(sheet("vic", "Vic", guts=2))
    people = dict(d.state.people)
    loss = StatLoss(stat=Stat.ATHLETICS, points=2, lasting=StatLasting.DRAINED)
    people["vic"] = people["vic"].model_copy(
        update={"drained": (loss,), "temporary_loss": {Stat.ATHLETICS: 2}}
    )
    d.patch(people=people)
    _out_on_a_full_track(d)
    d.do("gm", "end_turn", character="boss")  # Vic's turn passes
    assert d.state.people["vic"].temporary_loss == {Stat.ATHLETICS: 1}


@pytest.mark.rules("WD-WFX-021", "WD-COMBAT-016", "WD-COMBAT-002")
def test_half_actions_next_turn_are_spent_on_the_turn_passed_unconscious() -> None:
    # src 766: Moderate Shock 1-2, "Target can only take half the actions next turn"; src 563: the
    # unconscious keep their turns and do nothing in them. Vic is shocked (2) and then knocked out on
    # the boss's turn: his next turn passes while he is out. Back up in round 2 (Recovery, a 6: 6 - 1 -
    # 1 = 4), his round-2 turn has both its actions.
    d = _doc_vic_boss(sheet("vic", "Vic", guts=2))
    d.do("bob", "end_turn", character="doc")
    _boss_hits_vic(d, "shock", "moderate", 2)
    d.do("ann", "effect_choice", character="vic", key="negate", picks=[])
    assert Status.HALF_ACTIONS in _names(d, "vic")
    _boss_hits_vic(d, "cut", "lesser", 1, 1)  # the track full (Guts 2): 1 - 1 < 3, out
    assert _standing(d, "vic") is Standing.UNCONSCIOUS
    d.do("gm", "end_turn", character="boss")  # Vic's round-1 turn passes
    d.do("ann", "get_up", character="vic", dice=[6])
    d.do("bob", "end_turn", character="doc")
    d.do("gm", "end_turn", character="boss")
    assert d.state.fight.turn.actor == "vic"
    d.do("ann", "move", character="vic", feet=10)
    d.do("ann", "move", character="vic", feet=10)  # the second action: not halved


# -- held in a grapple (src 932-990) ----------------------------------------------------------------


def _vic_holds_the_boss() -> Driver:
    """Vic (Brawn 5, Guts 1) grabs the boss (6 + 2 against DS 4) and the boss takes it; a thug (Brawn
    5) acts between them: order Vic, thug, boss."""
    d = table()
    add(d, "ann", sheet("vic", "Vic", guts=1, brawn=5))
    add(d, "gm", sheet("boss", "Boss", "notable"))
    add(d, "gm", sheet("thug", "Thug", "generic", brawn=5))
    d.do("gm", "start_combat", dice=[6, 1])
    assert d.state.fight.order.order == ("vic", "thug", "boss")
    d.do("ann", "grab", character="vic", target="boss", dice=[6])
    d.answer("gm", "react-boss", "take")
    assert list(d.state.grapples) == ["vic>boss"]
    d.do("ann", "end_turn", character="vic")
    return d


@pytest.mark.rules("WD-GRAPPLE-010", "WD-GRAPPLE-003")
def test_the_one_held_cannot_walk_out_of_the_grapple() -> None:
    # src 990: "the defender must win all ongoing grapples to free themselves"; src 950: only the
    # grappler moves the target (Drag, "moving with them, maintaining hold"). Held by Vic, the boss
    # cannot simply move away on his turn.
    d = _vic_holds_the_boss()
    d.do("gm", "end_turn", character="thug")
    d.refuse("gm", "move", character="boss", feet=10, rule="WD-GRAPPLE-010")
    assert list(d.state.grapples) == ["vic>boss"]


@pytest.mark.rules("WD-GRAPPLE-010", "WD-COMBAT-002")
def test_an_unconscious_holder_holds_nobody() -> None:
    # src 563: the unconscious do nothing; a grip needs someone awake to keep it (src 936: the checks
    # are made each round). The thug's cut knocks Vic (Guts 1) out: the boss walks free.
    d = _vic_holds_the_boss()
    d.do("gm", "attack", character="thug", target="vic", damage="cut", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[1, 1])  # the check 1 - 2 fails; the effect 1: none
    assert _standing(d, "vic") is Standing.UNCONSCIOUS
    d.do("gm", "end_turn", character="thug")
    d.do("gm", "move", character="boss", feet=10)


@pytest.mark.rules("WD-GRAPPLE-006", "WD-GRAPPLE-010", "WD-COMBAT-018")
def test_once_the_holder_is_out_the_one_held_has_his_defense_score_back() -> None:
    # src 932: the grapple costs the held target its DS while it lasts (WD-GRAPPLE-006); with Vic
    # knocked out nobody holds the boss, so his DS is 4 again (src 596): the thug's 1 + 2 = 3 misses.
    d = _vic_holds_the_boss()
    d.do("gm", "attack", character="thug", target="vic", damage="cut", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[1, 1])
    assert _standing(d, "vic") is Standing.UNCONSCIOUS
    d.do("gm", "attack", character="thug", target="boss", damage="cut", dice=[1])
    assert d.state.attack is None  # a miss: no hit waits on the boss's answer


@pytest.mark.rules("WD-GRAPPLE-008", "WD-GRAPPLE-010")
def test_restrained_by_a_holder_who_drops_the_knife_swings_at_full() -> None:
    # src 944: Restrain, "The target can't attack with 2h weapons and has -2 to hit with non-fist 1h
    # weapons", while the hold lasts; a thug who has dropped (src 304) holds nobody. The thug holds and
    # restrains Vic; Doc cuts the thug (Guts 1) down; Vic's knife at the boss, 3 + 1 (Dex 4) = 4
    # against DS 4, hits at full, where -2 would miss.
    d = table()
    add(d, "ann", {**sheet("vic", "Vic", dexterity=4), "held": [KNIFE]})
    add(d, "bob", sheet("doc", "Doc"))
    add(d, "gm", sheet("thug", "Thug", "generic", guts=1, brawn=4))
    add(d, "gm", sheet("boss", "Boss", "notable"))
    d.do("gm", "start_combat", dice=[4, 6, 1])  # Vic 7 + 4, Doc 6 + 6, the thug 6 + 3, the boss 6 + 1
    assert d.state.fight.order.order == ("doc", "vic", "thug", "boss")
    hold = Grapple(holder="thug", target="vic", restrained=True)
    people = dict(d.state.people)
    people["vic"] = people["vic"].model_copy(
        update={"conditions": (Condition(name="restrained", target="vic"),)}
    )
    d.patch(grapples={"thug>vic": hold}, people=people)
    d.do("gm", "attack", character="doc", target="thug", damage="cut", dice=[6])
    assert _standing(d, "thug") is Standing.DOWN
    d.do("bob", "end_turn", character="doc")
    d.do("ann", "attack", character="vic", target="boss", weapon="knife", dice=[3])
    assert d.state.attack is not None  # a hit waits on the boss's answer


# -- what the unconscious cannot do (src 563) -------------------------------------------------------


@pytest.mark.rules("WD-COMBAT-002", "WD-SKILL-009")
def test_the_unconscious_cannot_spend_focus_to_open_a_learning_skill() -> None:
    # src 563: the unconscious and dying do "nothing except perhaps rolling to get back up"; src 342:
    # a skill being learned is opened for Focus. Vic, out, cannot open his Brawl; his Focus stays.
    brawl = {"name": "Brawl", "stats": ["brawn"], "learning": True, "training": [5]}
    d = _doc_vic_boss({**sheet("vic", "Vic", guts=2), "skills": [brawl]})
    _out_on_a_full_track(d)
    d.refuse("ann", "open_skill", character="vic", skill="Brawl", rule="WD-COMBAT-002")
    assert _avail(d, "vic", Pool.FOCUS) == 3


@pytest.mark.rules("WD-COMBAT-002", "WD-EFFORT-003", "WD-CORE-009")
def test_the_unconscious_cannot_spend_stamina_to_reroll_an_earlier_check() -> None:
    # src 563 as above; src 376: Stamina rerolls "a physical action". Vic missed a leap (Athletics 1,
    # 4+) before the boss knocked him out; out cold, he cannot reroll it.
    d = _doc_vic_boss(sheet("vic", "Vic", guts=2))
    d.do("gm", "check", character="vic", stat="athletics", tn=4, dice=[1])
    _out_on_a_full_track(d)
    d.refuse("ann", "reroll", character="vic", dice=[6], rule="WD-COMBAT-002")
    assert _avail(d, "vic", Pool.STAMINA) == 3


@pytest.mark.rules("WD-GRAPPLE-010", "WD-COMBAT-002", "WD-WOUND-008")
def test_a_holder_who_passes_out_lets_go_and_does_not_hold_again_on_waking() -> None:
    # src 563: the unconscious do nothing, so the grip is gone when Vic passes out; getting back up
    # (src 610) does not put the boss back in his hands: the boss walks away on his next turn.
    d = _vic_holds_the_boss()
    d.do("gm", "attack", character="thug", target="vic", damage="cut", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[1, 1])  # the check 1 - 2 fails: out
    assert list(d.state.grapples) == []
    d.do("gm", "end_turn", character="thug")
    d.do("gm", "end_turn", character="boss")  # round 2: Vic is passed over, the thug acts
    d.do("ann", "get_up", character="vic", dice=[6])  # 6 - 2 - 1 = 3: up
    assert _standing(d, "vic") is Standing.UP
    d.do("gm", "end_turn", character="thug")
    d.do("gm", "move", character="boss", feet=10)


@pytest.mark.rules("WD-WOUND-008", "WD-WOUND-010", "WD-CORE-006")
def test_medical_care_ends_when_the_patient_gets_up_alone__a_later_fall_starts_afresh() -> None:
    # src 794: the unconscious rouse "if they use Recovery or if teammates make a lengthy Medical check
    # to rouse them, with a difficulty of 8"; src 580-582: a lengthy action's rolls add up toward its
    # total. Doc's care (4 + 2 = 6 of 8) ends when Vic gets himself up; when Vic falls again, Doc's
    # next roll (1 + 2 = 3) starts a new total: 3 of 8, Vic stays out.
    d = _doc_vic_boss(sheet("vic", "Vic", guts=2))
    _out_on_a_full_track(d)
    d.do("gm", "end_turn", character="boss")  # round 2: Vic is passed over
    d.do("bob", "medical", character="doc", patient="vic", dice=[4])  # 6 of 8
    d.do("bob", "end_turn", character="doc")
    d.do("gm", "end_turn", character="boss")  # round 3
    d.do("ann", "get_up", character="vic", dice=[6])  # 6 - 1 - 1 = 4: up by himself
    assert _standing(d, "vic") is Standing.UP
    d.do("bob", "end_turn", character="doc")
    _boss_hits_vic(d, "cut", "lesser", 1, 1)  # a full track: the check at -1, 1 - 2 fails: out
    assert _standing(d, "vic") is Standing.UNCONSCIOUS
    d.do("gm", "end_turn", character="boss")  # round 4
    d.do("bob", "medical", character="doc", patient="vic", dice=[1])  # 3 of a fresh 8
    assert _standing(d, "vic") is Standing.UNCONSCIOUS
