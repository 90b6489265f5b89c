"""Referee pass 4 over Weaverdice part 1 and combat: situations the earlier referee files played least
(low morale against rep-keeping and rerolled rolls, bleeding with every kind of effort, the falling
table's rows, movement costs), each written from the seed (``/work/shared/seeds/000_6595eaca0229e06e.txt``,
cited "src N") before reading the table's code, then played through the table with given dice.

Where the seed is silent the expected outcome is the inventory's PROPOSED decision, cited by rule ID.
"""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.statuses import condition
from capeworks.systems.weaverdice.vocab import Pool, Status, WoundTier
from tests.systems.weaverdice.campaign_support import camp, pc
from tests.systems.weaverdice.helpers import add, sheet, table


def _avail(d: Driver, ident: str, pool: Pool) -> int:
    return int(d.state.people[ident].effort.available(d.state.sheet(ident), pool))


def _wounds(d: Driver, ident: str) -> list[WoundTier]:
    return [w.tier for w in d.state.people[ident].track.wounds]


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
    return d


def _rep(d: Driver) -> list[str]:
    return [x.source for x in camp(d).ledgers["ada"].rep if not x.negative]


# -- low morale caps every roll, the rep-keeping roll too (WD-MORALE-002, WD-REP-005) --------------


@pytest.mark.rules("WD-MORALE-002", "WD-REP-005")
@pytest.mark.parametrize(("morale", "kept"), [(0, True), (-3, True), (-4, False)])
def test_low_morale_caps_the_roll_to_keep_exclusive_rep(morale: int, kept: bool) -> None:
    # src 433: exclusive rep "lets the player roll Social if relevant. On a 4+ they keep it"; src 453:
    # at low morale "dice results (after modifiers are added from stats) will be capped", and src 479
    # names keeping reputation as one of the rolls morale touches. Ada (Social 3) plays "Dealers Owe You
    # One" with the Dealers and rolls a 6 to keep it: at morale -3 the cap is 4 (still kept), at -4
    # (Dismal) the cap is 3, under the 4+ the card needs: it is lost.
    d = table()
    pc(d, "ann", "ada", "Ada", morale=morale)
    d.do("gm", "award", character="ada", rep="Dealers Owe You One", exclusive="Dealers")
    d.do("gm", "open_negotiation", negotiation="n", party="Dealers", tn=4)
    card = camp(d).ledgers["ada"].rep[0].id
    d.do("ann", "negotiate", character="ada", negotiation="n", cards=[card], dice=[5, 1, 6])
    assert (_rep(d) == ["Dealers Owe You One"]) is kept


@pytest.mark.rules("WD-MORALE-002", "WD-EQUIP-016", "WD-REP-008")
def test_dismal_morale_caps_the_high_tier_icons_keep_roll() -> None:
    # src 1127: a High-Tier Icon's rep "is preserved on a rolled 4+"; src 453: at Dismal morale (-4)
    # every die result is capped at 3, so even a 6 cannot keep it.
    d = table()
    pc(d, "ann", "ada", "Ada", costume={"pieces": [{"key": "high_icon", "cell": [0, 0]}]})
    d.do("gm", "start_downtime")
    d.do("gm", "end_downtime")  # the day's card; morale back at its Neutral baseline
    d.do("gm", "change_morale", character="ada", steps=-4)
    assert d.state.people["ada"].morale == -4
    assert camp(d).ledgers["ada"].rep
    d.do("gm", "open_negotiation", negotiation="n", party="Mayor", tn=4)
    ids = [x.id for x in camp(d).ledgers["ada"].rep]
    d.do("ann", "negotiate", character="ada", negotiation="n", cards=ids, dice=[5, 1, 6])
    assert _rep(d) == []


@pytest.mark.rules("WD-MORALE-002", "WD-CORE-009", "WD-EFFORT-003")
def test_a_stamina_reroll_is_capped_by_low_morale_like_the_first_roll() -> None:
    # src 376: Stamina rerolls a physical action; src 453/481: at morale -2 results are capped at 5.
    # Vic (Athletics 5, +2) misses a 6+ leap with a 1, rerolls a 6: 8, capped at 5, still short.
    d = table()
    add(d, "ann", sheet("vic", "Vic", athletics=5))
    d.do("gm", "change_morale", character="vic", steps=-2)
    d.do("gm", "check", character="vic", stat="athletics", tn=6, dice=[1])
    d.do("ann", "reroll", character="vic", dice=[6])
    last = d.state.last_check["vic"]
    assert (last.total, last.success) == (5, False)
    assert _avail(d, "vic", Pool.STAMINA) == 4


# -- bleeding and effort (WD-STATUS-001) -----------------------------------------------------------


@pytest.mark.rules("WD-STATUS-001", "WD-CORE-009")
def test_a_bleeding_stamina_reroll_costs_a_lesser_wound() -> None:
    # src 814: Bleeding, "Suffer a lesser wound when expending effort"; src 376: a Stamina reroll.
    d = _vic_first(sheet("vic", "Vic", guts=4))
    _with(d, "vic", Status.BLEEDING)
    d.do("gm", "check", character="vic", stat="athletics", tn=4, dice=[1])
    d.do("ann", "reroll", character="vic", dice=[5])
    assert _wounds(d, "vic") == [WoundTier.LESSER]


@pytest.mark.rules("WD-STATUS-001", "WD-COMBAT-019")
def test_a_bleeding_focus_dodge_costs_a_lesser_wound_and_still_wins_the_tie() -> None:
    # src 814 with src 384: a Dodge spends Focus ("Wins ties"). The brute's 4 + 2 = 6; Vic's dodge 6.
    d = table()
    add(d, "ann", sheet("vic", "Vic", guts=4))
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5))
    d.do("gm", "start_combat", dice=[1, 6])
    _with(d, "vic", Status.BLEEDING)
    d.do("gm", "attack", character="brute", target="vic", dice=[4])
    d.do("ann", "react", character="vic", reaction="dodge", dice=[6])
    assert _wounds(d, "vic") == [WoundTier.LESSER]  # the bleed's, not the brute's
    assert _avail(d, "vic", Pool.FOCUS) == 2


@pytest.mark.rules("WD-STATUS-001", "WD-MOVE-005")
def test_a_bleeding_sprint_is_a_full_action_and_costs_a_lesser_wound() -> None:
    # src 814: "Suffer a lesser wound when ... taking a full action"; src 890: a sprint is a turn spent
    # doing nothing but moving.
    d = _vic_first(sheet("vic", "Vic", guts=4))
    _with(d, "vic", Status.BLEEDING)
    d.do("ann", "move", character="vic", feet=60, sprint=True)
    assert _wounds(d, "vic") == [WoundTier.LESSER]


@pytest.mark.rules("WD-STATUS-001")
def test_bleeding_left_at_the_fights_end_becomes_a_lesser_wound() -> None:
    # src 814: "When the combat encounter ends, if bleeding wasn't removed, then bleeding ends and
    # leaves a lesser wound in its place."
    d = _vic_first(sheet("vic", "Vic", guts=4))
    _with(d, "vic", Status.BLEEDING)
    d.do("gm", "end_combat")
    assert _wounds(d, "vic") == [WoundTier.LESSER]
    assert Status.BLEEDING.value not in [c.name for c in d.state.people["vic"].conditions]


# -- the falling table's rows (WD-MOVE-009) --------------------------------------------------------


@pytest.mark.rules("WD-MOVE-009")
@pytest.mark.parametrize(("feet", "thrown"), [(12, False), (25, True)])
def test_a_fall_of_11_15_or_a_throw_of_21_30_offers_the_two_mixes(feet: int, thrown: bool) -> None:
    # src 912-916: "11-15'" fallen / "21-30'" thrown: "Choose: L.wound & moderate bash effect or M.wound
    # & lesser bash effect". Vic takes the moderate wound with the lesser effect.
    d = table()
    add(d, "ann", sheet("vic", "Vic", guts=4))
    d.do("gm", "fall", character="vic", feet=feet, thrown=thrown, drains_stamina=False)
    assert len(d.prompt("ann", "fall").options) == 2
    d.do("ann", "fall_choice", character="vic", option=2, dice=[3])  # Lesser Bash 3: knocked down
    for p in d.prompts("ann"):
        d.answer("ann", p.id, "none")
    assert _wounds(d, "vic") == [WoundTier.MODERATE]


@pytest.mark.rules("WD-MOVE-009")
@pytest.mark.parametrize(("feet", "choice"), [(10, True), (11, False)])
def test_thrown_10_ft_is_the_first_row__11_ft_the_second(feet: int, choice: bool) -> None:
    # src 900-910: thrown "~10'" is the choice row; thrown "11-20'" is "Both lesser wound & lesser bash
    # effect", with no choice.
    d = table()
    add(d, "ann", sheet("vic", "Vic", guts=4))
    d.do("gm", "fall", character="vic", feet=feet, thrown=True, dice=[] if choice else [1])
    assert any(p.kind == "fall" for p in d.prompts("ann")) is choice
    if not choice:
        assert _wounds(d, "vic") == [WoundTier.LESSER]


# -- movement (WD-MOVE, WD-STAT-008) ---------------------------------------------------------------


@pytest.mark.rules("WD-MOVE-001", "WD-STAT-008")
def test_athletics_1_moves_20_ft__25_is_refused() -> None:
    # src 880: 30 ft a round, -5 ft per point of Athletics below 3.
    d = _vic_first(sheet("vic", "Vic", athletics=1))
    d.refuse("ann", "move", character="vic", feet=25, rule="WD-MOVE-001")
    d.do("ann", "move", character="vic", feet=20)


@pytest.mark.rules("WD-MOVE-007", "WD-MOVE-005", "WD-MOVE-006")
def test_athletics_1_sprint_and_push_stop_at_two_and_a_half_moves() -> None:
    # src 890: "movement can never carry one more than 2.5x their baseline movement": 2.5 x 20 = 50 ft,
    # whatever the sprint roll (6: +10 ft) and the doubled push (3: +30 ft) would add.
    d = _vic_first(sheet("vic", "Vic", athletics=1))
    d.refuse("ann", "move", character="vic", feet=55, sprint=True, push=True, dice=[6, 3], rule="WD-MOVE-001")
    d.do("ann", "move", character="vic", feet=50, sprint=True, push=True, dice=[6, 3])


@pytest.mark.rules("WD-MOVE-002")
def test_a_10_ft_climb_uses_all_30_ft__a_step_more_is_refused() -> None:
    # src 883: "Climb ... at three times the effort (15' of movement to scale 5')".
    d = _vic_first()
    d.refuse("ann", "move", character="vic", feet=5, climb=10, rule="WD-MOVE-001")
    d.do("ann", "move", character="vic", feet=0, climb=10)


@pytest.mark.rules("WD-MOVE-002")
def test_a_horizontal_jump_needs_10_ft_of_run_up() -> None:
    # src 884: "Jump 5' at the cost of 10' of movement. Needs 10' of lead-up for horizontal jumps."
    d = _vic_first()
    d.refuse("ann", "move", character="vic", feet=5, jump=5, rule="WD-MOVE-002")
    d.do("ann", "move", character="vic", feet=10, jump=5)  # 10 + 10 = 20 ft of movement


# -- Focused Shot (WD-SKILL-012, src 329-334) ------------------------------------------------------

AIM = {"name": "Aim", "stats": ["dexterity"], "tree": "aim"}
ALIGN = {"name": "Align Sights", "stats": ["dexterity"], "tree": "aim"}
FOCUSED = {"name": "Focused Shot", "stats": ["dexterity"], "tree": "aim"}


def _sniper(*skills: dict[str, Any]) -> Driver:
    """Eye (Ann's, Dexterity 4) with Aim-tree skills against a generic thug; Eye acts first."""
    d = table()
    add(d, "ann", {**sheet("eye", "Eye", dexterity=4), "skills": list(skills)})
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6])
    assert d.state.fight.turn.actor == "eye"
    return d


def _next(d: Driver, actor: str) -> None:
    """End the turn under way, then turns until it is ``actor``'s."""
    who = d.state.fight.turn.actor
    d.do("ann" if who == "eye" else "gm", "end_turn", character=who)
    while d.state.fight.turn.actor != actor:
        who = d.state.fight.turn.actor
        d.do("ann" if who == "eye" else "gm", "end_turn", character=who)


def _shot(d: Driver, dice: list[int], **more: Any) -> int:
    """Eye shoots the thug; the attack's total."""
    d.do("ann", "attack", character="eye", target="thug", stat="dexterity", melee=False, dice=dice, **more)
    rolled = next(e for e in reversed(d.events) if e.type == "weaverdice.attack_rolled")
    return int(rolled.payload.check.total)


@pytest.mark.rules("WD-SKILL-012", "WD-SKILL-011", "WD-EFFORT-004")
def test_a_focused_shot_costs_focus_and_the_next_aligned_shot_counts_one_more_aim_skill() -> None:
    # src 334: "You can spend Focus to apply Aim skills to attacks regardless of foe's proximity or
    # circumstance. After you do, long-ranged skills act as if you knew +1 skill in each category, for
    # purposes of calculating existing skill bonuses only." src 327: Align Sights gives "+1 to hit for
    # every Aim skill you have". Eye knows three Aim skills; after one Focused Shot the aligned shot is
    # +4, not +3: 1 + 1 (Dexterity 4) + 4 = 6.
    d = _sniper(AIM, ALIGN, FOCUSED)
    _shot(d, [1, 1], skills=["Aim"], focused=True)
    assert _avail(d, "eye", Pool.FOCUS) == 2
    _next(d, "eye")
    d.do("ann", "align_sights", character="eye", target="thug")
    _next(d, "eye")
    assert _shot(d, [1, 1]) == 6  # the second die: the hit's effect


@pytest.mark.rules("WD-SKILL-012")
def test_the_focused_shot_bonus_is_lost_when_eye_is_wounded() -> None:
    # src 334: "Cumulative, but bonuses are lost when you are wounded or combat ends." The thug's punch
    # lands between the Focused Shot and the aligned shot: back to +3 for three Aim skills (1 + 1 + 3).
    d = _sniper(AIM, ALIGN, FOCUSED)
    _shot(d, [1, 1], skills=["Aim"], focused=True)
    _next(d, "thug")
    d.do("gm", "attack", character="thug", target="eye", dice=[6])
    d.answer("ann", "react-eye", "take", dice=[1])
    for p in d.prompts("ann"):
        d.answer("ann", p.id, "none")
    _next(d, "eye")
    d.do("ann", "align_sights", character="eye", target="thug")
    _next(d, "eye")
    assert _shot(d, [1, 1]) == 5


@pytest.mark.rules("WD-SKILL-012")
@pytest.mark.parametrize(
    ("skills", "more"),
    [
        ((AIM, ALIGN), {"skills": ["Aim"]}),  # Focused Shot not known
        ((AIM, FOCUSED), {"skills": []}),  # no Aim skill for the Focus to apply
    ],
)
def test_a_focused_shot_needs_the_skill_and_an_aim_skill_to_apply(
    skills: tuple[dict[str, Any], ...], more: dict[str, Any]
) -> None:
    # src 332: Focused Shot "Requires the Aim skill" (and is itself a skill to know); src 334: the Focus
    # buys applying Aim skills. Refused, nothing is spent.
    d = _sniper(*skills)
    d.refuse(
        "ann",
        "attack",
        character="eye",
        target="thug",
        stat="dexterity",
        melee=False,
        focused=True,
        dice=[1, 1],
        rule="WD-SKILL-012",
        **more,
    )
    assert _avail(d, "eye", Pool.FOCUS) == 3


# -- high morale keeps rep (WD-MORALE-003, src 479) ------------------------------------------------


def _dealers(morale: int, *, marked: bool = False) -> tuple[Driver, int]:
    """Ada (Ann's, Social 3) at ``morale`` holds "Dealers Owe You One" and talks to the Dealers."""
    d = table()
    pc(d, "ann", "ada", "Ada", morale=morale)
    d.do("gm", "award", character="ada", rep="Dealers Owe You One", exclusive="Dealers")
    card = camp(d).ledgers["ada"].rep[0].id
    if marked:  # kept once already on a 4: the mark makes the next keep 6+
        d.do("gm", "open_negotiation", negotiation="first", party="Dealers", tn=4)
        d.do("ann", "negotiate", character="ada", negotiation="first", cards=[card], dice=[5, 1, 4])
        assert camp(d).ledgers["ada"].rep[0].marked
    d.do("gm", "open_negotiation", negotiation="n", party="Dealers", tn=4)
    return d, card


@pytest.mark.rules("WD-MORALE-003", "WD-REP-005")
@pytest.mark.parametrize(("spend", "kept", "morale_after"), [(True, True, 1), (False, False, 2)])
def test_great_morale_keeps_rep_whose_keep_roll_failed_as_tankspanker_does(
    spend: bool, kept: bool, morale_after: int
) -> None:
    # src 479: Tankspanker, at great morale ('4' mark), spends a step for an automatic 4, and "might do
    # the same later, for something easy, like making sure he doesn't lose reputation he wants to keep
    # up"; src 433: exclusive rep is kept on a 4+. Ada at great morale (+2) rolls a 2 to keep her card:
    # a step of morale counts it as a 4 and she keeps it (marked); without the spend it is lost.
    d, card = _dealers(2)
    d.do(
        "ann", "negotiate", character="ada", negotiation="n", cards=[card], dice=[5, 1, 2], morale_keep=spend
    )
    assert (_rep(d) == ["Dealers Owe You One"]) is kept
    assert d.state.people["ada"].morale == morale_after
    if kept:
        assert camp(d).ledgers["ada"].rep[0].marked


@pytest.mark.rules("WD-MORALE-003", "WD-REP-005")
def test_great_morale_is_not_spent_where_its_4_cannot_keep_a_marked_card() -> None:
    # src 433: a marked card needs 6+; great morale (+2) only counts a roll as 4 (src 457-475), so
    # the step is not spent and the card is lost.
    d, card = _dealers(2, marked=True)
    d.do("ann", "negotiate", character="ada", negotiation="n", cards=[card], dice=[5, 1, 3], morale_keep=True)
    assert _rep(d) == []
    assert d.state.people["ada"].morale == 2


# -- a Focus edge on Tactics (WD-EFFORT-012, src 547) ----------------------------------------------


@pytest.mark.rules("WD-EFFORT-012", "WD-COMBAT-003", "WD-STAT-006")
@pytest.mark.parametrize(("d3", "surprised"), [(1, False), (2, True)])
def test_a_focus_edge_on_tactics_can_buy_the_surprise_round(d3: int, surprised: bool) -> None:
    # src 547: "Focus can be spent for a 1d3 to either tactics or speed, to 'buy' an edge"; src 541:
    # Tactics decide whether one side surprises the other (WD-COMBAT-003 PROPOSED: ahead by 3). Vic's
    # Tactics 4 + 3 = 7 against the thug's 6 is short; a 2 on the edge die makes 9: the thug is caught.
    d = table()
    add(d, "ann", sheet("vic", "Vic", social=4))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", side=["vic"], tactics_edges=["vic"], dice=[d3, 6])
    assert _avail(d, "vic", Pool.FOCUS) == 2
    assert ("surprised" in [c.name for c in d.state.people["thug"].conditions]) is surprised
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-EFFORT-012")
def test_a_tactics_edge_with_no_surprise_in_question_is_refused() -> None:
    # src 547: the edge buys the setting-up of the fight; with no side named there is nothing to buy.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.refuse("gm", "start_combat", tactics_edges=["vic"], dice=[1, 6], rule="WD-EFFORT-012")
    assert d.state.fight is None
    assert _avail(d, "vic", Pool.FOCUS) == 3


# -- low morale caps a training roll (WD-MORALE-002, WD-SKILL-007) ----------------------------------


@pytest.mark.rules("WD-MORALE-002", "WD-SKILL-006", "WD-SKILL-007")
@pytest.mark.parametrize(("morale", "saved"), [(0, 7), (-2, 5)])
def test_low_morale_caps_the_training_roll_saved_after_a_fight(morale: int, saved: int) -> None:
    # src 342: the training roll applies "attribute bonuses/penalties from knowledge and the skill's
    # relevant attribute, saving the result"; src 453: at low morale "dice results (after modifiers are
    # added from stats) will be capped". Vic (Brawn 4) swung with Brawl; his Wrestle roll of 6 is
    # 6 + 0 + 1 = 7, saved as 5 at morale -2.
    d = table()
    vic = {
        **sheet("vic", "Vic", brawn=4),
        "skills": [
            {"name": "Brawl", "stats": ["brawn"]},
            {"name": "Wrestle", "stats": ["brawn"], "learning": True},
        ],
    }
    add(d, "ann", vic)
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6])
    d.do("ann", "attack", character="vic", target="thug", skills=["Brawl"], dice=[1, 1])  # a miss
    d.do("gm", "end_combat", lull=False)
    if morale:
        d.do("gm", "change_morale", character="vic", steps=morale)
    d.do("ann", "train", character="vic", skill="Wrestle", dice=[6])
    skill = next(s for s in d.state.sheet("vic").skills if s.name == "Wrestle")
    assert skill.training == (saved,)
