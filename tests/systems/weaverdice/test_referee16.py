"""Referee pass 16 over Weaverdice part 1 (``/work/shared/seeds/000_*.txt``, cited "src N"; the
fight is src 500-1010, equipment src 1011-1160): what a session meets between the fight's rules:
half a turn against lengthy care and a full rest; a full rest's effort and its Guts limit; an
exhausted dot a full rest cannot bring back; a dodge's step; the unconscious who cannot react; the
refusals a player meets acting for another or for the GM; a High-Tier Affiliation's +1 on a Social
check the GM calls with its group; one Stamina reroll a roll; the GM's grapple shorthand (several
actions at 2 points each); the dying saved by a two-stat Medical check to 12; Focused Shot's extra
Aim skill, cumulative and gone with the fight. Each situation is written from the seed first and
played through the table with given dice.
"""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from capeworks.errors import DiceValueError, NotPermitted, RuleViolation
from capeworks.systems.weaverdice.statuses import condition
from capeworks.systems.weaverdice.vocab import Pool, Status
from capeworks.systems.weaverdice.wounds import Standing
from tests.systems.weaverdice.helpers import add, sheet, table


def _refused(d: Driver, seat: str, command: str, /, **fields: Any) -> RuleViolation | NotPermitted:
    """``d.refuse`` (nothing changes) by the rules or the seats, never by a dice mismatch."""
    err = d.refuse(seat, command, **fields)
    assert not isinstance(err, DiceValueError), err.message
    assert isinstance(err, (RuleViolation, NotPermitted)), err.message
    return err


def _avail(d: Driver, ident: str, pool: Pool) -> int:
    return int(d.state.people[ident].effort.available(d.state.sheet(ident), pool))


def _with(d: Driver, ident: str, *statuses: Status) -> None:
    """Set-up: ``ident`` already suffers ``statuses`` (as an earlier effect would have left them)."""
    people = dict(d.state.people)
    c = people[ident]
    people[ident] = c.model_copy(
        update={"conditions": (*c.conditions, *(condition(s, ident) for s in statuses))}
    )
    d.patch(people=people)


def _vic_first(vic: dict[str, Any] | None = None) -> Driver:
    """Vic (Ann's PC) against a generic thug; Vic acts first (Vic 6 + 6 = 12, the thug 6 + 3 = 9)."""
    d = table()
    add(d, "ann", vic or sheet("vic", "Vic"))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6])
    assert d.state.fight is not None and d.state.fight.turn is not None
    assert d.state.fight.turn.actor == "vic"
    return d


def _hood_first() -> Driver:
    """Hood (a notable, the GM's) acts first on 6 + 6 = 12 against Vic (Ann's PC) on 1 + 6 = 7."""
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("hood", "Hood", "notable"))
    d.do("gm", "start_combat", dice=[1, 6])
    assert d.state.fight is not None and d.state.fight.turn is not None
    assert d.state.fight.turn.actor == "hood"
    return d


def _vic_max_hood() -> Driver:
    """Vic (Ann), Max (Bob) and Hood in that order (6 + 6, 5 + 6, 1 + 6); Vic is out cold (the GM's
    ruling) and Max's coming turn has half its actions (a Moderate Shock 1-2 left on him, src 766)."""
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "bob", sheet("max", "Max"))
    add(d, "gm", sheet("hood", "Hood", "notable"))
    d.do("gm", "start_combat", dice=[6, 5, 1])
    d.do("gm", "ruling", character="vic", text="Out cold", standing="unconscious")
    _with(d, "max", Status.HALF_ACTIONS)
    d.do("ann", "end_turn", character="vic")
    assert d.state.fight is not None and d.state.fight.turn is not None
    assert (d.state.fight.turn.actor, d.state.fight.turn.actions) == ("max", 1)
    return d


# -- half the actions: no lengthy care, no full rest (src 766, 580, 1006) -----------------------------


@pytest.mark.rules("WD-COMBAT-016", "WD-COMBAT-013", "WD-WOUND-010")
def test_with_half_his_actions_max_cannot_kneel_to_lengthy_medical_care() -> None:
    # src 766: Moderate Shock 1-2 "Half the actions"; src 580: lengthy actions "take up both actions
    # for the turn" (kneeling by someone giving medical care is the seed's example): with one action
    # Max cannot begin the Medical check that would rouse Vic (src 796).
    d = _vic_max_hood()
    err = _refused(d, "bob", "medical", character="max", patient="vic", dice=[4])
    assert err.message == "With half your actions you cannot take a full or lengthy action."
    assert d.state.people["vic"].track.standing is Standing.UNCONSCIOUS


@pytest.mark.rules("WD-COMBAT-016", "WD-COMBAT-034", "WD-COMBAT-032")
def test_with_half_his_actions_max_rests_but_not_the_whole_turn() -> None:
    # src 1006: "A full rest means devoting a whole turn to recuperation": half a turn has none to give.
    # The rest action is a standard one (src 559): Guts 3 + [4] = 4 vs 4+, a dot of Focus comes back.
    d = _vic_max_hood()
    d.do("gm", "ruling", character="max", text="spent", effort={"focus": 2})
    _refused(d, "bob", "rest", character="max", full=True, restore=["focus", "focus"], dice=[4])
    d.do("bob", "rest", character="max", restore=["focus"], dice=[4])
    assert d.words("ann")[-1] == "Max rests; Guts [4] = 4; 4 vs 4+: success; restores 1 Focus."
    assert _avail(d, "max", Pool.FOCUS) == 3


# -- a full rest's effort and its Guts limit (src 1006) -----------------------------------------------


@pytest.mark.rules("WD-COMBAT-034", "WD-EFFORT-008")
def test_a_full_rest_gives_one_dot_back_to_each_of_the_three_pools() -> None:
    # src 1006: "recover either one dot to all three categories of effort, or two dots to one
    # category". Vic (3 of each) is down to 1 of each: one to each leaves him 2, 2, 2.
    d = _vic_first()
    d.do("gm", "ruling", character="vic", text="spent", effort={"stamina": 1, "focus": 1, "recovery": 1})
    d.do("ann", "rest", character="vic", full=True, restore=["stamina", "focus", "recovery"], dice=[4])
    assert d.words("bob")[-1] == (
        "Vic rests the whole turn; Guts [4] = 4; 4 vs 4+: success; restores 1 Stamina, 1 Focus, 1 Recovery."
    )
    assert [_avail(d, "vic", p) for p in (Pool.STAMINA, Pool.FOCUS, Pool.RECOVERY)] == [2, 2, 2]


@pytest.mark.rules("WD-COMBAT-034", "WD-EFFORT-008")
def test_a_full_rest_gives_two_to_one_pool_or_one_to_each__not_two_and_one() -> None:
    # src 1006: either one to all three or two to one: "two Stamina and a Focus" is neither.
    d = _vic_first()
    d.do("gm", "ruling", character="vic", text="spent", effort={"stamina": 1, "focus": 2})
    err = _refused(
        d, "ann", "rest", character="vic", full=True, restore=["stamina", "stamina", "focus"], dice=[4]
    )
    assert err.message == "A rest restores one dot; a full rest one dot to each pool or two to one pool."


@pytest.mark.rules("WD-COMBAT-034", "WD-STAT-020", "WD-COMBAT-032")
def test_a_full_rest_at_guts_2_removes_two_conditions_at_most() -> None:
    # src 1006: a full rest extends the healing "to a number of conditions or wound reductions equal to
    # one's Guts stat": Vic (Guts 2) blinded, deafened and pained names all three and is told to name two.
    d = _vic_first(sheet("vic", "Vic", guts=2))
    _with(d, "vic", Status.BLINDED, Status.DEAFENED, Status.PAINED_MENTAL)
    err = _refused(
        d,
        "ann",
        "rest",
        character="vic",
        full=True,
        remove=["blinded", "deafened", "pained_mental"],
        dice=[6],
    )
    assert err.message == "A full rest (Guts 2) removes at most 2 conditions: 3 named. Name 2 or fewer."
    # Guts 2 is -1: [6] - 1 = 5 vs 4+: both named go, the pain stays
    d.do("ann", "rest", character="vic", full=True, remove=["blinded", "deafened"], dice=[6])
    assert [x.name for x in d.state.people["vic"].conditions] == ["pained_mental"]


@pytest.mark.rules("WD-EFFORT-009", "WD-EFFORT-010", "WD-COMBAT-034")
def test_a_full_rest_brings_focus_back_only_to_its_exhausted_maximum() -> None:
    # src 403: the exhausted dot "lowers the maximum number of dots in that category by one until
    # their next full night of sleep". Vic spent a Focus dot in the first fight and exhausts it: 2 at
    # most. In the second he is down to none; a full rest's two dots bring him to 2, not 3.
    d = _vic_first()
    d.do("gm", "ruling", character="vic", text="spent", effort={"focus": 2})
    d.do("gm", "end_combat", lull=True)
    d.do("ann", "exhaust", character="vic", pool="focus")
    assert _avail(d, "vic", Pool.FOCUS) == 2
    d.do("gm", "start_combat", dice=[6])
    d.do("gm", "ruling", character="vic", text="spent", effort={"focus": 0})
    d.do("ann", "rest", character="vic", full=True, restore=["focus", "focus"], dice=[4])
    assert _avail(d, "vic", Pool.FOCUS) == 2
    assert d.words("ann")[-1].endswith("restores 2 Focus.")


# -- reactions: the dodge's step; the unconscious do not react (src 590, 576, 792) --------------------


@pytest.mark.rules("WD-COMBAT-019", "WD-MOVE-011")
def test_a_dodge_that_wins_says_vic_may_step_5_ft_to_every_seat() -> None:
    # src 590: "Dodge: Defender rolls Athletics. If equal to or better than the attack roll, the attack
    # is ignored and the defender can move 5'." Hood's 4; Vic's Athletics 3 + [5] = 5 >= 4.
    d = _hood_first()
    d.do("gm", "attack", character="hood", target="vic", dice=[4])
    d.answer("ann", "react-vic", "dodge", dice=[5])
    line = "Vic tries to dodge: [5] = 5; 5 vs 4+: success; Vic dodges and may step 5 ft."
    assert d.words("ann")[-1] == line and d.words("bob")[-1] == line
    assert d.state.people["vic"].track.wounds == ()
    assert _avail(d, "vic", Pool.FOCUS) == 2


@pytest.mark.rules("WD-COMBAT-019", "WD-COMBAT-007", "WD-WOUND-008")
def test_an_unconscious_vic_is_offered_no_dodge_and_the_hit_lands() -> None:
    # src 576: "the unconscious and dying doing nothing except perhaps rolling to get back up": no
    # Focus spent on a dodge or block; Hood's 5 vs DS 4 lands a lesser bash (effect die 1).
    d = _hood_first()
    d.do("gm", "ruling", character="vic", text="Out cold", standing="unconscious")
    d.do("gm", "attack", character="hood", target="vic", dice=[5, 1])
    assert not [p for p in d.prompts("ann") if p.kind == "reaction"]
    assert len(d.state.people["vic"].track.wounds) == 1
    assert _avail(d, "vic", Pool.FOCUS) == 3


# -- refusals: another's character, the GM's calls (src 576: players control their characters) -------


@pytest.mark.rules("WD-COMBAT-032", "WD-COMBAT-007")
def test_bob_cannot_rest_for_vic_nor_end_the_thugs_turn() -> None:
    d = _vic_first()
    err = _refused(d, "bob", "rest", character="vic", dice=[4])
    assert err.message == "You can only act for your own characters; Vic is played by another seat."
    err = _refused(d, "ann", "end_turn", character="thug")
    assert err.message == "Only the GM acts for Thug."


@pytest.mark.rules("WD-MOVE-008", "WD-MOVE-009")
def test_a_player_cannot_throw_her_own_character_off_a_roof() -> None:
    # src 892: falls happen from being thrown or a failed Stamina jump: the GM rules them.
    d = _vic_first()
    err = _refused(d, "ann", "fall", character="vic", feet=10)
    assert err.message == "Only the GM can rule on falls and throws."


# -- a High-Tier Affiliation at the table: +1 on Social with its group (src 1139-1141) ----------------


def _ada(key: str) -> Driver:
    """Ada (Ann's PC, Social 3) in a costume with an affiliation tied to the Merchants."""
    d = table()
    add(
        d,
        "ann",
        {**sheet("ada", "Ada"), "costume": {"pieces": [{"key": key, "cell": [0, 0], "group": "Merchants"}]}},
    )
    return d


@pytest.mark.rules("WD-EQUIP-017", "WD-CORE-003", "WD-SOCIAL-008")
def test_a_high_tier_affiliation_adds_one_to_a_called_social_roll_with_its_groups_bystanders() -> None:
    # src 1141: High-Tier Affiliation: "+1 to social rolls with affiliated bystanders". The GM calls
    # Social at 4+ to calm a crowd of Merchants: Ada's Social 3 + [3] + 1 = 4 >= 4, a success that
    # her plain 3 would not be.
    d = _ada("high_affiliation")
    d.do(
        "gm", "call_check", character="ada", stat=["social"], task="calm the stallholders", group="Merchants"
    )
    assert d.words("ann")[-1] == (
        "The GM calls for Ada's social at 4+ to calm the stallholders, among the Merchants."
    )
    d.do("ann", "check", character="ada", call=1, dice=[3])
    assert d.state.last_check["ada"].total == 4 and d.state.last_check["ada"].success
    assert d.words("bob")[-1] == "Ada rolls social to calm the stallholders: [3] +1 = 4; 4 vs 4+: success."


@pytest.mark.rules("WD-EQUIP-017", "WD-CORE-003")
def test_the_affiliation_adds_nothing_with_another_crowd_nor_as_a_standard_piece() -> None:
    # src 1141: only with "affiliated bystanders"; src 1137: the Standard Affiliation gives no +1.
    d = _ada("high_affiliation")
    d.do("gm", "call_check", character="ada", stat=["social"], group="Dockers")
    d.do("ann", "check", character="ada", call=1, dice=[3])
    assert d.state.last_check["ada"].total == 3
    d = _ada("affiliation")
    d.do("gm", "call_check", character="ada", stat=["social"], group="Merchants")
    d.do("ann", "check", character="ada", call=1, dice=[3])
    assert d.state.last_check["ada"].total == 3


@pytest.mark.rules("WD-EQUIP-017", "WD-EQUIP-019")
def test_a_destroyed_affiliation_adds_nothing() -> None:
    # src 1141 is the piece's; torn off (a Moderate Rend 5-6, src 732), it gives no +1: [3] = 3 fails.
    d = table()
    piece = {"key": "high_affiliation", "cell": [0, 0], "group": "Merchants", "destroyed": True}
    add(d, "ann", {**sheet("ada", "Ada"), "costume": {"pieces": [piece]}})
    d.do("gm", "call_check", character="ada", stat=["social"], group="Merchants")
    d.do("ann", "check", character="ada", call=1, dice=[3])
    assert d.state.last_check["ada"].total == 3 and not d.state.last_check["ada"].success


@pytest.mark.rules("WD-EQUIP-017", "WD-CORE-003")
def test_a_group_on_a_call_that_is_not_social_is_refused() -> None:
    d = _ada("high_affiliation")
    err = _refused(d, "gm", "call_check", character="ada", stat=["wits"], group="Merchants")
    assert (
        err.message == "Only a Social roll is made with a group's bystanders: call Social or name no group."
    )


# -- one Stamina dot, one reroll of a roll (src 376, WD-EFFORT-015) -----------------------------------


@pytest.mark.rules("WD-EFFORT-015", "WD-EFFORT-003", "WD-CORE-009")
def test_a_climb_rerolled_once_with_stamina_is_not_rerolled_again() -> None:
    # src 376: Stamina makes "a reroll for a physical action"; several dots go on one event only where
    # the seed says so ("any effort ... any number of times", src 712; "+1 per Stamina", src 932). Vic
    # climbs: [2] = 2 vs 4+ fails; the reroll [3] = 3 fails too and stands (WD-CORE-009). A second dot
    # on the same climb is refused, with nothing spent, and not offered; the next climb may be pushed.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    d.do("gm", "call_check", character="vic", stat=["athletics"], task="climb the fence")
    d.do("ann", "check", character="vic", call=1, dice=[2])
    d.do("ann", "reroll", character="vic", dice=[3])
    assert d.words("bob")[-1] == "Vic rerolls with Stamina: [3] = 3; 3 vs 4+: failure (rerolled)."
    assert not [c for c in d.legal("ann") if c.command == "reroll"]
    err = _refused(d, "ann", "reroll", character="vic", dice=[5])
    assert err.message == "Vic has already rerolled this roll with Stamina: a dot buys one reroll of a roll."
    assert _avail(d, "vic", Pool.STAMINA) == 2
    d.do("gm", "call_check", character="vic", stat=["athletics"], task="climb the wall")
    d.do("ann", "check", character="vic", call=2, dice=[1])
    d.do("ann", "reroll", character="vic", dice=[5])
    assert d.state.last_check["vic"].success and _avail(d, "vic", Pool.STAMINA) == 1


# -- the GM's grapple shorthand at the table: several actions at 2 points each (src 934) ---------------

_PIPE = {"name": "Pipe", "damage": "bash", "size": "small"}


def _vic_holds_the_thug(mode: str) -> Driver:
    """Vic (Ann's, Brawn 5: +2) has grabbed the Pipe-armed thug (5 vs DS 3) at a table in ``mode``."""
    d = table(config={"grapple_mode": mode})
    add(d, "ann", sheet("vic", "Vic", brawn=5))
    add(d, "gm", {**sheet("thug", "Thug", "generic"), "held": [_PIPE]})
    d.do("gm", "start_combat", dice=[6])
    d.do("ann", "grab", character="vic", target="thug", dice=[5])
    return d


@pytest.mark.rules("WD-GRAPPLE-007", "WD-GRAPPLE-003", "WD-GRAPPLE-009")
def test_in_the_gms_shorthand_a_margin_of_5_buys_a_disarm_and_a_restraint_and_holds_1() -> None:
    # src 934: "For GM shorthand ...: 'buy' appropriate actions with 2 points of difference in opposed
    # Brawn checks, and/or hold on & bank any (remaining) difference" (WX-55: two actions at 2 each).
    # Vic 5 + 2 = 7 against the thug's 2 + 0 = 2: a margin of 5, a disarm (2) and a restraint (2), 1
    # point held for next round.
    d = _vic_holds_the_thug("shorthand")
    d.do("ann", "grapple", character="vic", target="thug", option="disarm", also=["restrain"], dice=[5, 2])
    assert "Vic wrestles Thug: 7 against 2, a margin of 5; buys disarm, restrain; 1 point held." in d.words(
        "bob"
    )
    assert "Thug drops the Pipe." in d.words("bob")
    g = d.state.grapples["vic>thug"]
    assert (g.restrained, g.banked, g.round) == (True, 1, 2)


@pytest.mark.rules("WD-GRAPPLE-007", "WD-GRAPPLE-009")
def test_in_the_shorthand_a_margin_of_3_buys_the_first_action_named_and_holds_the_rest() -> None:
    # Vic 3 + 2 = 5 against 2: a margin of 3 pays for the disarm (2), not the restraint too; 1 held.
    d = _vic_holds_the_thug("shorthand")
    d.do("ann", "grapple", character="vic", target="thug", option="disarm", also=["restrain"], dice=[3, 2])
    assert (
        "Vic wrestles Thug: 5 against 2, a margin of 3, not enough for the restrain; buys disarm;"
        " 1 point held."
    ) in d.words("ann")
    g = d.state.grapples["vic>thug"]
    assert (g.restrained, g.banked) == (False, 1)


@pytest.mark.rules("WD-GRAPPLE-008", "WD-GRAPPLE-007")
def test_the_option_table_sells_one_option_a_turn_so_a_second_is_refused_before_the_roll() -> None:
    # src 936: the options are bought "one per turn, excepting Hold" when the table is used
    d = _vic_holds_the_thug("table")
    err = _refused(
        d, "ann", "grapple", character="vic", target="thug", option="disarm", also=["restrain"], dice=[5, 2]
    )
    assert err.message == "A grappler buys one option a turn, besides holding on."


@pytest.mark.rules("WD-GRAPPLE-007", "WD-STATUS-009", "WD-GRAPPLE-008")
def test_a_knocked_down_holder_cannot_slip_a_10_ft_drag_into_the_shorthands_second_action() -> None:
    # src 850: knocked down, one "can't move more than 5'"; src 950: a Drag moves the dragger with the
    # one dragged, and in the shorthand a drag goes its full 10 ft: named second, it is refused as first.
    d = _vic_holds_the_thug("shorthand")
    d.do("ann", "grapple", character="vic", target="thug", dice=[3, 3])  # a stalemate: round 2 next
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    _with(d, "vic", Status.KNOCKED_DOWN)
    err = _refused(
        d, "ann", "grapple", character="vic", target="thug", option="disarm", also=["drag"], dice=[6, 1]
    )
    assert err.message == "Vic is knocked down and moves no more than 5 ft, dragging too."


# -- saving the dying: a two-stat lengthy Medical check to 12 (src 798, 796) --------------------------


@pytest.mark.rules("WD-WOUND-009", "WD-COMBAT-013", "WD-CORE-006")
def test_max_saves_the_dying_vic_with_two_medical_rolls_of_7_and_every_seat_reads_the_sums() -> None:
    # src 798: the dying may "recieve aid from allies in the form of a Medical check with cumulative
    # rolls totaling 12"; src 610: "a lengthy medical check (Dex & Know)". Max's Dexterity 4 and
    # Knowledge 4 add +1 each: [5] + 2 = 7 (7 of 12), next round [5] + 2 = 7: 14 >= 12, Vic is up.
    # Vic's own turn passes him by while he lies dying (src 576).
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "bob", sheet("max", "Max", dexterity=4, knowledge=4))
    add(d, "gm", sheet("hood", "Hood", "notable"))
    d.do("gm", "start_combat", dice=[6, 4, 1])
    d.do("gm", "ruling", character="vic", text="Bleeding out", standing="dying")
    d.do("ann", "end_turn", character="vic")
    d.do("bob", "medical", character="max", patient="vic", dice=[5])
    assert d.words("ann")[-1] == "Max tends Vic (Medical): [5] +2 = 7; 7 vs 4+: success; 7 of 12 so far."
    d.do("bob", "end_turn", character="max")
    d.do("gm", "end_turn", character="hood")
    assert d.state.fight is not None and d.state.fight.turn is not None
    assert d.state.fight.turn.actor == "max"
    d.do("bob", "medical", character="max", patient="vic", dice=[5])
    assert d.words("gm")[-1] == "Max tends Vic (Medical): [5] +2 = 7; 7 vs 4+: success; Vic is back up."
    assert d.state.people["vic"].track.standing is Standing.UP


# -- Focused Shot's +1 Aim skill: cumulative, and gone with the fight (src 334) ------------------------


def _eye() -> Driver:
    """Eye (Ann's, Dexterity 4: +1) knows Aim, Align Sights and Focused Shot (three Aim skills) and
    acts first against a generic thug (DS 3)."""
    aim = [
        {"name": "Aim", "stats": ["dexterity"], "tree": "aim"},
        {"name": "Align Sights", "stats": ["dexterity"], "tree": "aim"},
        {"name": "Focused Shot", "stats": ["dexterity"], "tree": "aim"},
    ]
    d = table()
    add(d, "ann", {**sheet("eye", "Eye", dexterity=4), "skills": aim})
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6])
    return d


def _round(d: Driver) -> None:
    """Eye ends her turn and the thug his: Eye's turn again."""
    d.do("ann", "end_turn", character="eye")
    d.do("gm", "end_turn", character="thug")


def _shot_total(d: Driver, dice: list[int], **more: Any) -> int:
    d.do("ann", "attack", character="eye", target="thug", stat="dexterity", melee=False, dice=dice, **more)
    rolled = next(e for e in reversed(d.events) if e.type == "weaverdice.attack_rolled")
    return int(rolled.payload.check.total)


@pytest.mark.rules("WD-SKILL-012", "WD-SKILL-011", "WD-EFFORT-004")
def test_two_focused_shots_count_two_more_aim_skills_for_the_aligned_shot() -> None:
    # src 334: after a Focused Shot "long-ranged skills act as if you knew +1 skill in each category ...
    # Cumulative"; src 327: Align Sights is "+1 to hit for every Aim skill". Two Focused Shots (two
    # Focus): 3 + 2 = 5 Aim skills; the aligned shot [1] + 1 (Dexterity) + 5 = 7.
    d = _eye()
    _shot_total(d, [1, 1], skills=["Aim"], focused=True)
    _round(d)
    _shot_total(d, [1, 1], skills=["Aim"], focused=True)
    assert _avail(d, "eye", Pool.FOCUS) == 1
    _round(d)
    d.do("ann", "align_sights", character="eye", target="thug")
    _round(d)
    assert _shot_total(d, [1, 1]) == 7


@pytest.mark.rules("WD-SKILL-012", "WD-SKILL-011")
def test_a_focused_shots_bonus_is_gone_when_the_fight_ends() -> None:
    # src 334: "bonuses are lost when you are wounded or combat ends": in the next fight the aligned
    # shot counts her three Aim skills only: [1] + 1 + 3 = 5.
    d = _eye()
    _shot_total(d, [1, 1], skills=["Aim"], focused=True)
    d.do("gm", "end_combat", lull=False)
    d.do("gm", "start_combat", dice=[6])
    d.do("ann", "align_sights", character="eye", target="thug")
    _round(d)
    assert _shot_total(d, [1, 1]) == 5
