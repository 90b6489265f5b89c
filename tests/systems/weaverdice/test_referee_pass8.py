"""Referee pass 8 over Weaverdice part 1: the starting skills, stat damage and the values it feeds,
effort's limits on effects, statuses, and gear, each situation written from the seed
(``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited "src N") before reading the table's code,
then played through the table with given dice.

Where the seed is silent the expected outcome is the inventory's PROPOSED decision, cited by rule ID.
"""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.vocab import Pool, Stat, WoundTier
from capeworks.systems.weaverdice.wounds import Standing
from tests.systems.weaverdice.helpers import add, sheet, table


def _skill(name: str, *stats: str, **more: Any) -> dict[str, Any]:
    return {"name": name, "stats": list(stats), **more}


# -- the starting skills (src 338) -----------------------------------------------------------------


def _rookie(*skills: dict[str, Any]) -> dict[str, Any]:
    """A new PC at +1 Dexterity and +1 Knowledge, -1 Social, with these known skills and a learning
    one with its two starting training rolls."""
    return {
        "id": "roo",
        "name": "Rookie",
        "tier": "pc",
        "stats": {"dexterity": 4, "knowledge": 4, "social": 2},
        "skills": [*skills, _skill("Aim", "dexterity", learning=True, training=[5, 4])],
    }


@pytest.mark.rules("WD-SKILL-004")
def test_a_two_stat_skill_may_stand_for_the_second_plus_one_when_the_first_has_its_own() -> None:
    # src 338: "one different skill per attribute they have a native ... +1 in, and that skill must
    # be of that attribute's type", then "an additional skill as they see fit". Medical (Dexterity and
    # Knowledge) stands for the +1 Knowledge, Lockpicking (Dexterity) for the +1 Dexterity, Run is the
    # free pick: a book character, whichever order the sheet lists them in.
    d = table()
    add(
        d,
        "ann",
        _rookie(
            _skill("Medical", "dexterity", "knowledge"),
            _skill("Lockpicking", "dexterity"),
            _skill("Run", "athletics"),
        ),
        new=True,
    )
    assert "roo" in d.state.people


@pytest.mark.rules("WD-SKILL-004")
def test_two_skills_for_two_plus_ones_must_be_different_skills() -> None:
    # src 338: "one different skill per attribute": Medical alone cannot stand for both +1s, so with
    # Run and Climb (neither Dexterity nor Knowledge) the rookie lacks a skill for one of them
    d = table()
    d.refuse(
        "ann",
        "add_character",
        sheet=_rookie(_skill("Medical", "dexterity", "knowledge"), _skill("Run", "athletics")),
        new=True,
        rule="WD-SKILL-004",
    )


@pytest.mark.rules("WD-SKILL-004", "WD-SKILL-008")
def test_two_starting_training_rolls_that_reach_12_start_the_rookie_knowing_the_skill() -> None:
    # src 338: the new character puts "two training rolls, put towards one skill"; src 342: "If the
    # total Knowledge rolls for a skill total 12, the individual learns that skill". Knowledge 4 and
    # Dexterity 4: Aim's two rolls were 5 + 1 + 1 = 7 and 4 + 1 + 1 = 6, 13: Aim is known from the
    # start, and the rookie is made by the book.
    rookie = _rookie(
        _skill("Lockpicking", "dexterity"), _skill("Research", "knowledge"), _skill("Run", "athletics")
    )
    rookie["skills"][-1] = {**AIM, "training": [7, 6]}
    d = table()
    add(d, "ann", rookie, new=True)
    assert "roo" in d.state.people


# -- a learning skill opened with Focus is had for the encounter (src 342, 388) --------------------

AIM = {"name": "Aim", "stats": ["dexterity"], "tree": "aim"}
ALIGN = {"name": "Align Sights", "stats": ["dexterity"], "tree": "aim"}
FOCUSED = {"name": "Focused Shot", "stats": ["dexterity"], "tree": "aim"}


def _learning(skill: dict[str, Any]) -> dict[str, Any]:
    return {**skill, "learning": True, "training": [5]}


def _sniper(*skills: dict[str, Any]) -> Driver:
    """Eye (Ann's, Dexterity 4) with these skills against a generic thug (DS 3); Eye acts first."""
    d = table()
    add(d, "ann", {**sheet("eye", "Eye", dexterity=4), "skills": list(skills)})
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6])
    assert d.state.fight is not None and d.state.fight.turn is not None
    assert d.state.fight.turn.actor == "eye"
    return d


def _round(d: Driver) -> None:
    """Eye ends the turn, the thug his: Eye's turn again."""
    d.do("ann", "end_turn", character="eye")
    d.do("gm", "end_turn", character="thug")


def _shot(d: Driver, dice: list[int], **more: Any) -> int:
    """Eye shoots the thug; the attack's total."""
    d.do("ann", "attack", character="eye", target="thug", stat="dexterity", melee=False, dice=dice, **more)
    rolled = next(e for e in reversed(d.events) if e.type == "weaverdice.attack_rolled")
    return int(rolled.payload.check.total)


@pytest.mark.rules("WD-SKILL-009", "WD-SKILL-011", "WD-EFFORT-004")
def test_align_sights_opened_with_focus_takes_the_round_and_counts_itself() -> None:
    # src 342: a skill being learned can be used by spending Focus, "gaining it until the encounter
    # ends"; src 388: Focus may "Access a trained skill for the encounter". src 327: Align Sights, the
    # next shot "+1 to hit for every Aim skill you have". Eye knows Aim and opens Align Sights: two Aim
    # skills for this encounter, so [1] + 1 (Dexterity 4) + 2 = 4.
    d = _sniper(AIM, _learning(ALIGN))
    d.do("ann", "open_skill", character="eye", skill="Align Sights")
    d.do("ann", "align_sights", character="eye", target="thug")
    _round(d)
    assert _shot(d, [1, 1]) == 4


@pytest.mark.rules("WD-SKILL-009", "WD-SKILL-011")
def test_align_sights_still_being_learned_and_not_opened_is_refused() -> None:
    # src 342: until learned, a skill is had only by spending Focus on it
    d = _sniper(AIM, _learning(ALIGN))
    d.refuse("ann", "align_sights", character="eye", target="thug", rule="WD-SKILL-011")


@pytest.mark.rules("WD-SKILL-009", "WD-SKILL-012")
def test_focused_shot_opened_with_focus_can_be_fired() -> None:
    # src 342/388 as above; src 334: Focused Shot spends Focus to apply Aim skills whatever the foes'
    # nearness. Eye opens Focused Shot (1 Focus) and fires one (1 more): Wits 3, one Focus left.
    d = _sniper(AIM, _learning(FOCUSED))
    d.do("ann", "open_skill", character="eye", skill="Focused Shot")
    _shot(d, [1, 1], skills=["Aim"], focused=True)
    assert d.state.people["eye"].effort.available(d.state.sheet("eye"), Pool.FOCUS) == 1


@pytest.mark.rules("WD-SKILL-009", "WD-SKILL-010")
def test_aim_opened_with_focus_adds_its_die_to_a_shot() -> None:
    # src 342/388 as above; src 318: Aim, "Roll an extra die on an attack, take the roll of your
    # choice". Eye learns Aim and opens it: the shot rolls [1, 2], keeps the 2: 2 + 1 = 3 hits DS 3.
    d = _sniper(_learning(AIM))
    d.do("ann", "open_skill", character="eye", skill="Aim")
    assert _shot(d, [1, 2, 1], skills=["Aim"]) == 3


# -- stat damage and the values it feeds (src 364, 754, 770, 1017, 1021; WD-STAT-021 PROPOSED) ---


def _duel(vic: dict[str, Any]) -> Driver:
    """Vic (Ann's) against the GM's brute (notable, Brawn 5) and a thug; order Vic, thug, brute; it is
    the brute's turn."""
    d = table()
    add(d, "ann", vic)
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5, athletics=1, dexterity=1))
    add(d, "gm", sheet("thug", "Thug", "generic", brawn=4, guts=2))
    d.do("gm", "start_combat", dice=[6, 1])  # Vic 12, the thug 9, the brute 2 + 1 = 3
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    return d


def _brute_hits_vic(d: Driver, damage: str, tier: str, face: int, *more: int, **attack: Any) -> None:
    """The brute hits Vic (6 + 2 = 8), Vic takes it; the effect die is ``face``."""
    d.do("gm", "attack", character="brute", target="vic", tier=tier, damage=damage, dice=[6], **attack)
    d.answer("ann", "react-vic", "take", dice=[face, *more])


def _drained(d: Driver, guts: int, picks: list[str], **attack: Any) -> None:
    """Moderate Shock 5 on Vic: no Recovery spent, the Guts roll ``guts``, the points from ``picks``."""
    _brute_hits_vic(d, "shock", "moderate", 5, **attack)
    d.do("ann", "effect_choice", character="vic", key="negate", picks=[], dice=[guts])
    d.do("ann", "effect_choice", character="vic", key="drain.1", picks=picks)


@pytest.mark.rules("WD-STAT-021", "WD-WFX-021", "WD-STAT-004", "WD-STAT-008")
def test_drained_athletics_slows_vic_but_leaves_his_stamina() -> None:
    # src 770: Moderate Shock 5-6, "Roll Guts. Lose 10-[result] attribute points temporarily"; src 880:
    # movement is 5 ft less per Athletics point below 3; src 364: Stamina dots per Athletics point, and
    # WD-STAT-021 PROPOSED: temporary damage changes rolls and movement, not effort maxima. Guts 5 + 0:
    # five points; two from Athletics (3 -> 1): 20 ft a move, still three Stamina.
    d = _duel(sheet("vic", "Vic"))
    _drained(d, 5, ["athletics", "athletics", "brawn", "brawn", "dexterity"])
    assert d.state.sheet("vic").stat(Stat.ATHLETICS) == 1
    assert d.state.sheet("vic").movement == 20
    assert d.state.people["vic"].effort.available(d.state.sheet("vic"), Pool.STAMINA) == 3


@pytest.mark.rules("WD-STAT-021", "WD-WFX-021", "WD-STAT-005", "WD-WOUND-005")
def test_drained_guts_leaves_the_wound_track_its_slots() -> None:
    # src 770 as above, with Guts among the points; src 792: "wound spaces equal to their Guts stat";
    # WD-STAT-021 PROPOSED: temporary damage does not change the wound-slot count. Vic (Guts 3) loses a
    # Guts point: still three slots, so the shock's wound and one more ask no stay-up check.
    d = _duel(sheet("vic", "Vic"))
    _drained(d, 5, ["guts", "brawn", "brawn", "dexterity", "dexterity"])
    assert d.state.sheet("vic").stat(Stat.GUTS) == 2
    assert d.state.sheet("vic").wound_slots == 3
    d.do("gm", "end_turn", character="brute")
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    _brute_hits_vic(d, "bash", "lesser", 1)  # Lesser Bash 1: knocked back 5 ft
    assert [w.tier for w in d.state.people["vic"].track.wounds] == [WoundTier.MODERATE, WoundTier.LESSER]
    assert not any(p.kind == "stay_up" for p in d.prompts("ann"))


@pytest.mark.rules("WD-STAT-021", "WD-STAT-009", "WD-EQUIP-003")
def test_drained_dexterity_leaves_the_second_belt_item_slow_to_draw() -> None:
    # src 1017: "belt item slots equal to their Dexterity"; past them items "stop being as quick to
    # access"; WD-STAT-021 PROPOSED: temporary damage changes belt slots. Dexterity 3 -> 1: one slot,
    # the knife in it, the flare past it: drawing the flare takes Vic's full turn.
    flare = {"name": "Flare", "damage": "burn"}
    knife = {"name": "Knife", "damage": "cut", "attack_stat": "dexterity"}
    d = _duel({**sheet("vic", "Vic"), "belt": [knife, flare]})
    _drained(d, 5, ["dexterity", "dexterity", "brawn", "brawn", "wits"])
    assert d.state.sheet("vic").belt_slots == 1
    d.do("gm", "end_turn", character="brute")
    d.do("ann", "draw_item", character="vic", item="flare")
    assert d.state.fight is not None and d.state.fight.turn is not None
    assert d.state.fight.turn.full_used


@pytest.mark.rules("WD-STAT-021", "WD-STAT-010", "WD-EQUIP-006")
def test_drained_brawn_leaves_vic_over_encumbered_by_his_armor() -> None:
    # src 1021: "a total encumbrance equal to their brawn. Exceeding this imposes a -1 to Ath, -1 to
    # Dex"; WD-STAT-021 PROPOSED: temporary damage changes encumbrance. Two standard armors weigh 2:
    # Brawn 2 carries them; drained to 1 he does not, and his Dexterity is 2 until the point comes back.
    # (The shock is a power's: armor takes the wound, and unconventional damage keeps its effect, src 1032.)
    armor = {"pieces": [{"key": "armor", "cell": [0, 1]}, {"key": "armor", "cell": [0, 2]}]}
    d = _duel({**sheet("vic", "Vic", brawn=2), "costume": armor})
    assert not d.state.sheet("vic").over_encumbered
    _drained(d, 5, ["brawn", "wits", "wits", "social", "social"], conventional=False)
    assert d.state.sheet("vic").over_encumbered
    assert d.state.sheet("vic").stat(Stat.DEXTERITY) == 2


@pytest.mark.rules("WD-STAT-021", "WD-WFX-013")
def test_a_temporary_minus_1_brawn_cannot_take_brawn_1_to_0() -> None:
    # src 730: Lesser Rend 3-4, "a temporary -1 to Brawn"; WD-STAT-021 PROPOSED: temporary damage cannot
    # lower a stat below 1. Vic's Brawn 1 stays 1: his punch is still 1 + the die - 2.
    d = _duel(sheet("vic", "Vic", brawn=1))
    _brute_hits_vic(d, "rend", "lesser", 3)
    d.answer("ann", d.prompt("ann", "effect").id, "none")
    d.do("ann", "effect_choice", character="vic", key="rend", picks=["brawn"])
    assert d.state.sheet("vic").stat(Stat.BRAWN) == 1


@pytest.mark.rules("WD-STAT-021", "WD-WFX-019", "WD-STAT-004")
def test_the_scarring_half_of_minus_2_athletics_takes_a_stamina_dot_the_other_half_does_not() -> None:
    # src 754: Moderate Rend 1-4, "-2 to a physical stat ... Half of any stat damage done is scarring";
    # WD-STAT-021 PROPOSED: long-term damage changes all derived values, temporary damage not effort
    # maxima. Athletics 3 -> 1 for rolls; Stamina's maximum follows the lasting 2.
    d = _duel(sheet("vic", "Vic"))
    _brute_hits_vic(d, "rend", "moderate", 1)
    d.answer("ann", d.prompt("ann", "effect").id, "none")
    d.do("ann", "effect_choice", character="vic", key="rend", picks=["stat"])
    d.do("ann", "effect_choice", character="vic", key="rend_stat", picks=["athletics"])
    s = d.state.sheet("vic")
    assert s.stat(Stat.ATHLETICS) == 1
    assert s.effort_max(Pool.STAMINA) == 2
    assert d.state.people["vic"].effort.available(s, Pool.STAMINA) == 2


# -- effort spent outside a fight (src 409) --------------------------------------------------------


def _climber() -> Driver:
    """Vic (Ann's, Athletics 3) fails two climbs and pushes each with Stamina (one reroll a roll,
    WD-EFFORT-015): one dot left."""
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    d.do("gm", "call_check", character="vic", stat="athletics", tn=4, task="climb the fence")
    d.do("ann", "check", character="vic", call=1, dice=[2])
    d.do("ann", "reroll", character="vic", dice=[5])
    d.do("gm", "call_check", character="vic", stat="athletics", tn=4, task="climb the wall")
    d.do("ann", "check", character="vic", call=2, dice=[1])
    d.do("ann", "reroll", character="vic", dice=[5])
    assert d.state.people["vic"].effort.available(d.state.sheet("vic"), Pool.STAMINA) == 1
    return d


@pytest.mark.rules("WD-EFFORT-009", "WD-EFFORT-003")
def test_stamina_spent_on_a_climb_comes_back_after_five_quiet_minutes_less_one_exhausted() -> None:
    # src 409: "At the end of any encounter or situation where effort was expended ..., if there are
    # at least five minutes without immediate crisis or rolls needed, players recover all spent dots
    # of effort except one of their choice, which becomes exhausted." No fight: the climb is the
    # situation. Two Stamina spent: one comes back, one is exhausted (Stamina 2 of an exhausted 2).
    d = _climber()
    assert [c.command for c in d.legal("gm") if c.command == "lull"] == ["lull"]
    d.do("gm", "lull")
    d.do("ann", "exhaust", character="vic", pool="stamina")
    vic = d.state.people["vic"]
    assert vic.effort.available(d.state.sheet("vic"), Pool.STAMINA) == 2
    assert vic.effort.exhausted == {Pool.STAMINA: 1}
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-EFFORT-009")
def test_no_quiet_minutes_are_called_with_nothing_spent_or_in_a_fight() -> None:
    # src 409: the return is for a situation "where effort was expended"; in a fight its lull is the
    # fight's end (end_combat). Each refusal changes nothing.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.refuse("gm", "lull", rule="WD-EFFORT-009", match="Nobody has spent effort")
    d.do("gm", "start_combat", dice=[6])
    d.do("gm", "call_check", character="vic", stat="athletics", tn=4, task="vault the car")
    d.do("ann", "check", character="vic", call=1, dice=[2])
    d.do("ann", "reroll", character="vic", dice=[5])  # Stamina spent in the fight
    d.refuse("gm", "lull", rule="WD-EFFORT-009", match="A fight is on")
    assert not [c for c in d.legal("gm") if c.command == "lull"]  # not on the GM's menu either


# -- bystanders (src 306, 618) ---------------------------------------------------------------------


@pytest.mark.rules("WD-NPC-005", "WD-WOUND-012", "WD-COMBAT-026")
def test_a_bystander_hit_with_a_chair_goes_down_though_the_chair_deals_no_wound() -> None:
    # src 306: bystanders "don't even have stat blocks - if they're hit, they go down and we pretty much
    # ignore them thereafter"; src 618: an improvised weapon ("using a chair as a club") may "deliver
    # attack effects only". Vic's chair: [3] against the crowd's DS 2 hits; no wound, and yet the
    # bystander is out of it, its Lesser Bash effect (5: drops what it holds) rolled all the same.
    chair = {"name": "Chair", "damage": "bash", "effects_only": True}
    d = table()
    add(d, "ann", {**sheet("vic", "Vic"), "held": [chair]})
    add(d, "gm", sheet("crowd", "Crowd", "bystander"))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6])
    d.do("ann", "attack", character="vic", target="crowd", weapon="Chair", dice=[3, 5])
    crowd = d.state.people["crowd"]
    assert crowd.track.standing is Standing.DOWN
    assert crowd.track.wounds == ()
    assert "Crowd is hit and goes down." in d.words()
    d.refuse("ann", "attack", character="vic", target="crowd", weapon="Chair", dice=[3])
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-COMBAT-026", "WD-NPC-004")
def test_a_generic_hit_with_a_chair_takes_its_effect_and_stays_up() -> None:
    # src 618 as above; src 304: a generic drops only at wounds equal to its Guts, and the chair deals
    # none. The thug stays up.
    chair = {"name": "Chair", "damage": "bash", "effects_only": True}
    d = table()
    add(d, "ann", {**sheet("vic", "Vic"), "held": [chair]})
    add(d, "gm", sheet("thug", "Thug", "generic", guts=1))
    d.do("gm", "start_combat", dice=[6])
    d.do("ann", "attack", character="vic", target="thug", weapon="Chair", dice=[3, 5])
    assert d.state.people["thug"].track.standing is Standing.UP


# -- costume pieces in play (src 756, 1083) --------------------------------------------------------


@pytest.mark.rules("WD-EQUIP-014", "WD-WFX-019")
@pytest.mark.parametrize(("die", "slots"), [(3, 5), (4, 4)])
def test_an_icon_torn_off_beside_a_standard_belt_rolls_its_fragile_slot(die: int, slots: int) -> None:
    # src 756: Moderate Rend 5-6, "One piece of costume is entirely lost. Attacker names two and target
    # chooses one"; src 1083: a Standard belt's "final belt slot is fragile and may be destroyed when
    # ... an adjacent item is destroyed (roll, happens on a 4+)". The icon at (2, 1) is beside the belt
    # at (2, 0): its loss rolls the belt's last slot. Dexterity 3 + 2 = 5 slots; 4 on that roll: 4.
    costume = {"pieces": [{"key": "belt", "cell": [2, 0]}, {"key": "icon", "cell": [2, 1]}]}
    d = _duel({**sheet("vic", "Vic"), "costume": costume})
    assert d.state.sheet("vic").belt_slots == 5
    _brute_hits_vic(d, "rend", "moderate", 5)
    d.do("ann", "effect_choice", character="vic", key="negate", picks=[])
    # two pieces in all: the attacker's two are these (no naming asked); Vic gives up the icon
    d.do("ann", "effect_choice", character="vic", key="lost", picks=["icon-21"], dice=[die])
    assert d.state.sheet("vic").costume.at((2, 1)).destroyed  # type: ignore[union-attr]
    assert d.state.sheet("vic").belt_slots == slots


# -- a consuming burn's outside treatment (src 782) ------------------------------------------------


def _burning() -> Driver:
    """The boss's critical burn (effect 2) sets Vic (Ann's) alight; Max (Bob's, Dexterity 4,
    Knowledge 4) is beside him; order Vic, Max, boss; round 1 ends and the flames take Vic's Guts."""
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "bob", sheet("max", "Max", dexterity=4, knowledge=4))
    add(d, "gm", sheet("boss", "Boss", "notable", brawn=5))
    d.do("gm", "start_combat", dice=[6, 4, 1])
    d.do("ann", "end_turn", character="vic")
    d.do("bob", "end_turn", character="max")
    d.do("gm", "attack", character="boss", target="vic", damage="burn", tier="critical", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[2])
    d.do("gm", "end_turn", character="boss")
    d.answer("gm", "burn-vic", "guts")
    return d


def _consumed(d: Driver) -> bool:
    return any(x.consuming for x in d.state.people["vic"].conditions)


@pytest.mark.rules("WD-WFX-026", "WD-WOUND-010", "WD-CORE-006")
def test_max_puts_out_the_consuming_burn_with_a_lengthy_medical_check_to_12() -> None:
    # src 782: Critical Burn, "Permanently lose a physical stat point at the end of each round ...
    # until outside treatment is given (Long DC 12)"; WD-WFX-026 PROPOSED: another character's lengthy
    # Medical check (Dex & Know, src 610) totalling 12. Max: 4 + 1 + 1 = 6, then 5 + 2 = 7: 13, out.
    d = _burning()
    d.do("ann", "end_turn", character="vic")
    d.do("bob", "medical", character="max", patient="vic", dice=[4])
    assert _consumed(d)
    assert d.words()[-1].endswith("6 of 12 so far.")
    d.do("bob", "end_turn", character="max")
    d.do("gm", "end_turn", character="boss")
    d.answer("gm", "burn-vic", "brawn")  # round 2's point goes before the care is done
    d.do("ann", "end_turn", character="vic")
    d.do("bob", "medical", character="max", patient="vic", dice=[5])
    assert not _consumed(d)
    assert "the burn is put out" in d.words()[-1]
    d.do("bob", "end_turn", character="max")
    d.do("gm", "end_turn", character="boss")  # round 3 ends: nothing more is consumed
    assert not d.prompts("gm") or all(p.kind != "burn" for p in d.prompts("gm"))
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-WFX-026")
def test_vic_cannot_treat_his_own_consuming_burn() -> None:
    # src 782: "outside treatment": the burning one's own Medical care is refused
    d = _burning()
    d.refuse("ann", "medical", character="vic", patient="vic", dice=[6], rule="WD-WFX-026")
    assert _consumed(d)


@pytest.mark.rules("WD-EFFORT-011", "WD-EFFORT-009")
def test_a_nights_sleep_takes_the_place_of_an_exhaustion_choice_left_open() -> None:
    # src 409: the exhausted dot lowers the pool "until their next full night of sleep". Vic sleeps
    # before choosing it: everything comes back, nothing is left to choose, and next morning's Stamina
    # spent on a climb is not handed back by that old choice.
    d = _climber()
    d.do("gm", "lull")
    d.do("ann", "sleep", character="vic")
    assert not [p for p in d.prompts("ann") if p.kind == "exhaust"]
    assert d.state.people["vic"].effort.available(d.state.sheet("vic"), Pool.STAMINA) == 3
    d.do("gm", "call_check", character="vic", stat="athletics", tn=4, task="climb the roof")
    d.do("ann", "check", character="vic", call=3, dice=[2])
    d.do("ann", "reroll", character="vic", dice=[5])
    d.refuse("ann", "exhaust", character="vic", pool="stamina", rule="WD-EFFORT-009")
    assert d.state.people["vic"].effort.available(d.state.sheet("vic"), Pool.STAMINA) == 2


# -- a generic does not track dying (src 800) ------------------------------------------------------


@pytest.mark.rules("WD-NPC-004", "WD-WOUND-012", "WD-WFX-021")
def test_a_generic_that_would_start_dying_drops_and_the_gm_may_roll_its_fate() -> None:
    # src 768: Moderate Shock 3-4, "Target chooses 2 of: disarmed, knocked down, lose 1 focus, start
    # dying. Can't choose inapplicable options": the thug holds nothing and has no Focus, so knocked
    # down and start dying. src 800: "Generic NPCs simply drop to the ground and stay there. We don't
    # really need to devote attention to tracking the process of them dying. Make a Guts check for each
    # where necessary": the thug drops, no dying clock runs, and the GM may roll its fate.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("thug", "Thug", "generic", guts=3))
    add(d, "gm", sheet("goon", "Goon", "generic", athletics=2))
    d.do("gm", "start_combat", dice=[6])  # Vic 12, the thug 9, the goon 8
    d.do("gm", "attack", character="vic", target="thug", damage="shock", tier="moderate", dice=[6, 3])
    thug = d.state.people["thug"]
    assert thug.track.standing is Standing.DOWN
    assert thug.track.dying_since is None
    assert [c.fixed for c in d.legal("gm") if c.command == "fate"] == [{"character": "thug"}]
    for _ in range(3):  # three rounds pass: the thug is not dead of a clock nobody keeps
        for who, seat in (("vic", "ann"), ("goon", "gm")):
            d.do(seat, "end_turn", character=who)
    assert d.state.people["thug"].track.standing is Standing.DOWN


# -- Aim with a foe at arm's length (src 316, 334) -------------------------------------------------


def _held_sniper(*skills: dict[str, Any]) -> Driver:
    """Eye (Ann's, Dexterity 4, these skills) is grabbed by the thug; a goon stands off; Eye's turn."""
    d = table()
    add(d, "ann", {**sheet("eye", "Eye", dexterity=4), "skills": list(skills)})
    add(d, "gm", sheet("thug", "Thug", "notable", brawn=4))
    add(d, "gm", sheet("goon", "Goon", "generic", athletics=2))
    d.do("gm", "start_combat", dice=[1, 6])  # the thug 6 + 6 = 12, Eye 7 + 1 = 8, the goon 8
    assert d.state.fight is not None and d.state.fight.order.order[0] == "thug"
    d.do("gm", "grab", character="thug", target="eye", dice=[5])
    d.answer("ann", d.prompt("ann", "reaction").id, "take")
    assert "thug>eye" in d.state.grapples
    d.do("gm", "end_turn", character="thug")
    assert d.state.fight.turn is not None and d.state.fight.turn.actor == "eye"
    return d


@pytest.mark.rules("WD-SKILL-010", "WD-GRAPPLE-001")
def test_aim_gives_no_die_to_a_shot_fired_from_inside_a_grapple() -> None:
    # src 316: Aim is "For long-range attacks made with no foes within 15' or immediate
    # interference"; the thug holding Eye is at arm's length, and his hold is interference. Eye's shot
    # at the goon may not name Aim.
    d = _held_sniper(AIM)
    d.refuse(
        "ann",
        "attack",
        character="eye",
        target="goon",
        stat="dexterity",
        melee=False,
        skills=["Aim"],
        dice=[1, 6],
        rule="WD-SKILL-010",
    )


@pytest.mark.rules("WD-SKILL-012", "WD-SKILL-010")
def test_a_focused_shot_applies_aim_from_inside_a_grapple() -> None:
    # src 334: Focused Shot spends Focus "to apply Aim skills to attacks regardless of foe's proximity
    # or circumstance": held or not, Eye's shot keeps Aim's die: [1, 5] keeps 5, 5 + 1 = 6.
    d = _held_sniper(AIM, FOCUSED)
    d.do(
        "ann",
        "attack",
        character="eye",
        target="goon",
        stat="dexterity",
        melee=False,
        skills=["Aim"],
        focused=True,
        dice=[1, 5, 1],
    )
    rolled = next(e for e in reversed(d.events) if e.type == "weaverdice.attack_rolled")
    assert int(rolled.payload.check.total) == 6


@pytest.mark.rules("WD-SKILL-011", "WD-SKILL-010")
def test_sights_aligned_before_a_grab_give_no_bonus_to_the_shot_fired_held() -> None:
    # src 325: Align Sights is "Usable only with shots where Aim applies throughout"; src 316: not with a
    # foe within 15 ft or immediate interference. Eye aligns on the goon; the thug then grabs Eye; the
    # shot at the goon fired from the hold gets no +2: [1] + 1 = 2 misses DS 3.
    d = table()
    add(d, "ann", {**sheet("eye", "Eye", dexterity=4), "skills": [AIM, ALIGN]})
    add(d, "gm", sheet("goon", "Goon", "generic"))
    add(d, "gm", sheet("thug", "Thug", "notable", brawn=4))
    d.do("gm", "start_combat", dice=[6, 1])  # Eye 7 + 6 = 13, the goon 9, the thug 6 + 1 = 7
    d.do("ann", "align_sights", character="eye", target="goon")
    d.do("ann", "end_turn", character="eye")
    d.do("gm", "end_turn", character="goon")
    d.do("gm", "grab", character="thug", target="eye", dice=[5])
    d.answer("ann", d.prompt("ann", "reaction").id, "take")
    d.do("gm", "end_turn", character="thug")
    d.do("ann", "attack", character="eye", target="goon", stat="dexterity", melee=False, dice=[1])
    rolled = next(e for e in reversed(d.events) if e.type == "weaverdice.attack_rolled")
    assert int(rolled.payload.check.total) == 2
    assert d.state.people["eye"].aligned_on is None


@pytest.mark.rules("WD-EFFORT-009")
def test_a_fight_that_ended_with_no_lull_gives_the_effort_back_at_the_later_quiet_minutes() -> None:
    # src 409: the return needs "at least five minutes without immediate crisis"; WD-EFFORT-009
    # PROPOSED: a fight ended without it returns nothing "until a qualifying lull; then apply once".
    # Vic dodges (1 Focus) and the fight ends in a rush; the quiet comes later: one dot exhausted.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5))
    d.do("gm", "start_combat", dice=[1, 6])  # the brute first
    d.do("gm", "attack", character="brute", target="vic", dice=[2])  # 2 + 2 = 4 hits DS 4
    d.answer("ann", "react-vic", "dodge", dice=[5])  # 5 + 0 beats 4
    d.do("gm", "end_combat", lull=False)
    assert d.state.people["vic"].effort.available(d.state.sheet("vic"), Pool.FOCUS) == 2
    d.do("gm", "lull")
    d.do("ann", "exhaust", character="vic", pool="focus")
    assert d.state.people["vic"].effort.exhausted == {Pool.FOCUS: 1}
    assert d.state.people["vic"].effort.available(d.state.sheet("vic"), Pool.FOCUS) == 2


@pytest.mark.rules("WD-EFFORT-009", "WD-NPC-003")
def test_a_hidden_npcs_effort_at_the_quiet_minutes_stays_the_gms() -> None:
    # The quiet minutes owe the GM's hidden Hood an exhaustion choice as anyone; his effort (a
    # hidden NPC's sheet and pools are the GM's) does not show in the players' log.
    d = table()
    add(d, "gm", sheet("h", "Hood", "notable"), hidden=True)
    d.do("gm", "check", character="h", stat=["athletics"], tn=4, task="climb", hidden=True, dice=[2])
    d.do("gm", "reroll", character="h", dice=[5])
    d.do("gm", "lull")
    assert d.state.exhaust_owed == ("h",)
    seen = [e.event.model_dump(mode="json") for e in d.table.log_view(d.table.viewer_for("ann"))]
    quiet = [e for e in seen if e["type"] == "weaverdice.quiet_after"]
    assert quiet and all(not e["data"].get("changed") for e in quiet)


@pytest.mark.rules("WD-CORE-009", "WD-NPC-003")
def test_a_hidden_npcs_stamina_reroll_keeps_its_dice_from_the_players() -> None:
    # A hidden NPC's check rolled in secret stays the GM's; so does the Stamina reroll of it (src 376):
    # the players see that a roll was made, not Hood's die or modifier.
    d = table()
    add(d, "gm", sheet("h", "Hood", "notable", athletics=4), hidden=True)
    d.do("gm", "check", character="h", stat=["athletics"], tn=5, task="climb", hidden=True, dice=[2])
    d.do("gm", "reroll", character="h", dice=[5])
    entries = d.table.log_view(d.table.viewer_for("ann"))
    assert not [r for e in entries for r in e.description.rolls if r.purpose == "reroll"]
    assert not [e for e in entries if e.event.type == "weaverdice.rerolled"]
    gm = d.table.log_view(d.table.viewer_for("gm"))
    assert [r.faces for e in gm for r in e.description.rolls if r.purpose == "reroll"] == [(5,)]


@pytest.mark.rules("WD-SKILL-009", "WD-NPC-003")
def test_a_hidden_npc_opening_a_learning_skill_keeps_its_name_from_the_players() -> None:
    # src 342: Focus opens a learning skill for the encounter; a hidden NPC's skills are on its sheet,
    # the GM's: the players read that Hood opened a skill, the GM which.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    knife = {"name": "Knife Fighting", "stats": ["dexterity"], "learning": True, "training": [5]}
    add(d, "gm", {**sheet("h", "Hood", "notable"), "skills": [knife]}, hidden=True)
    d.do("gm", "start_combat", dice=[1, 6])
    d.do("gm", "open_skill", character="h", skill="Knife Fighting")
    assert not [w for w in d.words("ann") if "Knife Fighting" in w]
    assert "Hood takes a quick action: opens a skill (for the rest of the encounter)." in d.words("ann")
    assert d.state.people["h"].opened == ("knife fighting",)
