"""Referee tests for issue 18: each situation played through the table with given dice, against the
seed (``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited as "src N")."""

from __future__ import annotations

import pytest

from capeworks.errors import InvalidCommand, NotPermitted
from capeworks.systems.weaverdice.combat import waited
from capeworks.systems.weaverdice.statuses import condition
from capeworks.systems.weaverdice.vocab import Pool, Stat, Status, WoundTier
from capeworks.systems.weaverdice.wounds import Standing
from tests.systems.weaverdice.helpers import add, sheet, table


def _one_fighter(**stats: int):  # type: ignore[no-untyped-def]
    d = table()
    add(d, "ann", sheet("vic", "Vic", **stats))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6])  # Vic 6 + 6, the thug 6 + 1... Vic first
    return d


@pytest.mark.rules(
    "WD-MOVE-005", "WD-MOVE-006", "WD-MOVE-007", "WD-EFFORT-003", "WD-EFFORT-015", "WD-STAT-008"
)
def test_sprint_with_a_stamina_push_is_capped_at_two_and_a_half_moves__wx26() -> None:
    # src 890: sprint rolls Athletics, +5 ft on 4+, +10 ft on 6+; src 378: a push adds 1d3 x 5 ft,
    # doubled when double-moving; src 890: never more than 2.5x baseline (30 ft -> 75 ft).
    d = _one_fighter()
    # Athletics roll 6 (+10): 60 + 10 = 70; push d3 = 3 doubled: +30 -> 100, capped at 75
    d.refuse("ann", "move", character="vic", feet=80, sprint=True, push=True, dice=[6, 3], rule="WD-MOVE-001")
    d.do("ann", "move", character="vic", feet=75, sprint=True, push=True, dice=[6, 3])
    vic = d.state.people["vic"]
    assert d.state.fight.turn.moved == 75
    assert vic.effort.available(d.state.sheet("vic"), Pool.STAMINA) == 2
    assert "sprints 75 ft" in " ".join(d.words())


@pytest.mark.rules("WD-MORALE-002", "WD-WFX-022", "WD-CORE-005")
@pytest.mark.parametrize(("morale", "standing"), [(0, Standing.UP), (-3, Standing.DEAD)])
def test_low_morale_caps_the_critical_cut_bisection_save(morale: int, standing: Standing) -> None:
    # src 712: Critical Cut 5-6, "Make a Guts roll, DC 7+, or die, bisected"; src 453/455-475: at a
    # negative step every roll's result is capped (-3 -> 4). Guts 5: a 6 + 2 = 8 survives, capped to 4 dies.
    d = table()
    add(d, "gm", sheet("vic", "Vic", guts=5), morale=morale, owner="ann")
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5))
    d.do("gm", "start_combat", dice=[1, 6])  # the brute first
    d.do("gm", "attack", character="brute", target="vic", tier="critical", damage="cut", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[5])  # effect d6 = 5: the bisection save
    d.do("ann", "effect_choice", character="vic", key="save_effort", picks=[], dice=[6])
    assert d.state.people["vic"].track.standing is standing


@pytest.mark.rules("WD-MORALE-002", "WD-WFX-021", "WD-WFX-004")
def test_low_morale_caps_the_moderate_shock_drain_roll() -> None:
    # src 768-770: Moderate Shock 5-6, roll Guts and lose 10 - result points; at -3 the result caps at 4
    d = table()
    add(d, "gm", sheet("vic", "Vic", guts=5, brawn=5, athletics=5, dexterity=5), morale=-3, owner="ann")
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5))
    d.do("gm", "start_combat", dice=[1, 6])
    d.do("gm", "attack", character="brute", target="vic", tier="moderate", damage="shock", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[5])  # effect d6 = 5
    # Recovery may negate it: decline, then the Guts roll 6 + 2 = 8 is capped to 4: lose 6 points
    d.do("ann", "effect_choice", character="vic", key="negate", picks=[], dice=[6])
    assert d.prompt("ann", "effect").context["counts"] == [6]


def _duel(**vic: int):  # type: ignore[no-untyped-def]
    """Vic (Ann's) against the GM's brute (notable, Brawn 5) and a thug; order Vic, thug, brute."""
    d = table()
    add(d, "ann", sheet("vic", "Vic", **vic))
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5, athletics=1, dexterity=1))
    add(d, "gm", sheet("thug", "Thug", "generic", brawn=4, guts=2))
    d.do("gm", "start_combat", dice=[6, 1])  # Vic 12, thug 9, brute 3
    return d


@pytest.mark.rules("WD-COMBAT-010")
def test_full_attack_is_attack_x2__two_rolls_for_the_turn() -> None:
    # src 527-529: the reference round's "Full Attack (Attack x2)"; src 567: a full attack may be more
    # than two swings, depending on the weapon. Two attack rolls, then nothing else this turn.
    d = _duel()
    d.do("ann", "attack", character="vic", target="thug", full=True, dice=[1])  # 1: a miss
    d.do("ann", "attack", character="vic", target="thug", dice=[6, 1])  # the second swing hits; effect 1
    assert [w.tier for w in d.state.people["thug"].track.wounds] == [WoundTier.LESSER]
    assert "(the second swing)" in " ".join(d.words())
    d.refuse("ann", "attack", character="vic", target="thug", dice=[6], rule="WD-COMBAT-008")
    d.refuse("ann", "act", character="vic", action="shout", rule="WD-COMBAT-008")


@pytest.mark.rules("WD-COMBAT-021")
def test_block_drops_the_attacker_for_its_next_turn_only() -> None:
    # src 592: a Block that holds makes melee attackers "move down one spot in the turn order
    # (delaying their next turn)". The brute, after the thug, still acts this round.
    d = _duel(brawn=5)
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "attack", character="thug", target="vic", dice=[4])  # 4 + 1 = 5: hit
    d.answer("ann", "react-vic", "block", dice=[3])  # Brawn 3 + 2 = 5 >= 5: blocked
    d.do("gm", "end_turn", character="thug")
    assert d.state.fight.turn.actor == "brute" and d.state.fight.order.round == 1
    d.do("gm", "end_turn", character="brute")
    assert d.state.fight.order.order == ("vic", "brute", "thug")
    assert d.state.fight.turn.actor == "vic" and d.state.fight.order.round == 2


def _squad():  # type: ignore[no-untyped-def]
    """Vic (Brawn 5), a thug, a SWAT group of three acting in one slot, and a bystander."""
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=5))
    add(d, "gm", sheet("thug", "Thug", "generic", athletics=4))
    for n in ("1", "2", "3"):
        add(d, "gm", sheet(f"swat{n}", f"SWAT {n}", "generic"))
    add(d, "gm", sheet("mom", "Mom", "bystander"))
    d.do("gm", "start_combat", groups="swat1+swat2+swat3", dice=[6])
    assert d.state.fight.order.order == ("vic", "thug", "swat1", "swat2", "swat3", "mom")
    return d


@pytest.mark.rules("WD-COMBAT-021", "WD-NPC-005")
def test_a_block_drops_a_groups_whole_slot() -> None:
    # src 592 (Block: the attacker moves down one spot) with a group acting in one slot: the slot moves
    d = _squad()
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    d.do("gm", "attack", character="swat1", target="vic", dice=[6])  # 6: hit
    d.answer("ann", "react-vic", "block", dice=[6])  # 6 + 2 = 8 >= 6: blocked
    for ident in ("swat1", "swat2", "swat3", "mom"):
        d.do("gm", "end_turn", character=ident)
    assert d.state.fight.order.order == ("vic", "thug", "mom", "swat1", "swat2", "swat3")


@pytest.mark.rules("WD-COMBAT-027", "WD-COMBAT-015", "WD-NPC-005")
def test_a_wait_moves_the_waiters_group_slot() -> None:
    # src 586: opportunity actions (Wait) need Focus, which generics lack: at the table a group member
    # cannot Wait; the slot rule (the waiter's slot moves whole, with the members still to act) is
    # the order's, checked here on the order itself.
    d = _squad()
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    d.refuse("gm", "wait", character="swat1", trigger="swat2", rule="WD-COMBAT-027")
    d.refuse("gm", "wait", character="swat1", trigger="thug", rule="WD-EFFORT-001")
    fight = d.state.fight
    moved = waited(fight.order, "swat1", trigger="thug", groups=fight.groups)
    assert moved.order == ("vic", "swat1", "swat2", "swat3", "thug", "mom")
    assert moved.current == "swat1"


def _with(d, ident: str, *statuses: Status) -> None:  # type: ignore[no-untyped-def]
    """Set-up: ``ident`` already suffers ``statuses`` (as an earlier effect would have left them)."""
    people = dict(d.state.people)
    c = people[ident]
    people[ident] = c.model_copy(
        update={"conditions": (*c.conditions, *(condition(s, ident) for s in statuses))}
    )
    d.patch(people=people)


@pytest.mark.rules("WD-STATUS-008", "WD-COMBAT-018", "WD-CORE-001", "WD-CORE-002")
def test_blinded_is_minus_one_to_hit() -> None:
    # src 844-846: Blinded imposes "a -1 to hit those that can be seen". Vic's 3 + 0 - 1 = 2 misses the
    # thug's DS 3; unblinded the same 3 hits.
    d = _duel()
    _with(d, "vic", Status.BLINDED)
    d.do("ann", "attack", character="vic", target="thug", dice=[3])
    assert d.state.people["thug"].track.wounds == ()
    assert "= 2" in d.words()[-1]
    d.do("gm", "ruling", character="vic", text="the smoke clears", drop_conditions=["blinded"])
    d.do("ann", "attack", character="vic", target="thug", dice=[3, 1])  # 3: a hit; effect 1
    assert len(d.state.people["thug"].track.wounds) == 1


@pytest.mark.rules("WD-STATUS-009", "WD-MOVE-001", "WD-STAT-008")
def test_knocked_down_stands_with_half_a_move() -> None:
    # src 848-850: rising takes a movement action "taking up half the movement"; while down no more
    # than 5 ft. Athletics 3: 30 ft a move, 15 ft to stand, 15 ft left to walk.
    d = _duel()
    _with(d, "vic", Status.KNOCKED_DOWN)
    d.refuse("ann", "move", character="vic", feet=10, rule="WD-MOVE-001")  # 5 ft while down
    d.refuse("ann", "move", character="vic", feet=20, stand=True, rule="WD-MOVE-001")
    d.do("ann", "move", character="vic", feet=15, stand=True)
    assert d.state.people["vic"].conditions == ()
    assert "Vic stands up and moves 15 ft." in d.words()
    d.refuse("ann", "move", character="vic", feet=5, stand=True, rule="WD-STATUS-009")  # already up
    d.do("ann", "move", character="vic", feet=30)  # up: a full move


@pytest.mark.rules("WD-WFX-025", "WD-STAT-021", "WD-EFFORT-006")
def test_critical_rend_can_take_a_stat_to_0__effort_cancels_from_the_roll() -> None:
    # src 780: 1d4 - 1 long-term damage to each stat, each effort dot cancelling three points of it.
    # Brawn 2 rolls 4 (3 points), Knowledge rolls 4 (3): 6 rolled; one dot cancels Knowledge's three;
    # Brawn's three take it from 2 to 0 (the inventory's reading: lasting damage may reach 0).
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=2))
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5))
    d.do("gm", "start_combat", dice=[1, 6])
    d.do("gm", "attack", character="brute", target="vic", tier="critical", damage="rend", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[1, 4, 1, 1, 1, 1, 4, 1])  # effect d6, then 7d4
    assert d.prompt("ann", "effect").context["counts"] == [0, 1, 2]
    d.do("ann", "effect_choice", character="vic", key="mangle_effort", picks=["stamina"])
    d.do("ann", "effect_choice", character="vic", key="cancel", picks=["knowledge"] * 3)
    vic = d.state.people["vic"]
    assert vic.lasting_loss == {Stat.BRAWN: 2}
    assert d.state.sheet("vic").stat(Stat.BRAWN) == 0


@pytest.mark.rules("WD-WFX-021")
def test_drained_points_come_back_one_a_turn_three_resting__wx23() -> None:
    # src 770-772: Moderate Shock 5-6, "Roll Guts. Lose 10-[result] attribute points temporarily.
    # Gain 1 back each turn (3 if resting)." Guts 3, d=4: lose 6.
    d = _duel()
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    d.do("gm", "attack", character="brute", target="vic", tier="moderate", damage="shock", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[5])  # effect 5: the drain
    d.do("ann", "effect_choice", character="vic", key="negate", picks=[], dice=[4])  # Guts 4: lose 6
    picks = ["brawn", "brawn", "athletics", "athletics", "dexterity", "dexterity"]
    d.do("ann", "effect_choice", character="vic", key="drain.1", picks=picks)
    assert d.state.people["vic"].temporary_loss == {Stat.BRAWN: 2, Stat.ATHLETICS: 2, Stat.DEXTERITY: 2}
    d.do("gm", "end_turn", character="brute")
    d.do("ann", "end_turn", character="vic")  # the end of Vic's turn: one point back, the first lost
    assert d.state.people["vic"].temporary_loss == {Stat.BRAWN: 1, Stat.ATHLETICS: 2, Stat.DEXTERITY: 2}
    assert "Vic regains 1 brawn." in d.words()
    d.do("gm", "end_turn", character="thug")
    d.do("gm", "end_turn", character="brute")
    d.do("ann", "rest", character="vic", dice=[1])  # the rest's Guts roll fails; still resting
    d.do("ann", "end_turn", character="vic")  # resting: three back
    assert d.state.people["vic"].temporary_loss == {Stat.DEXTERITY: 2}
    assert d.state.sheet("vic").stat(Stat.BRAWN) == 3


@pytest.mark.rules("WD-GRAPPLE-002", "WD-GRAPPLE-003", "WD-EFFORT-003", "WD-GRAPPLE-005", "WD-CORE-008")
def test_the_held_one_may_spend_stamina_on_the_grapple_roll() -> None:
    # src 932: "Stamina() can be spent for a +1 on grapple rolls" (either side); the attacker must
    # strictly beat the defender. Boss 4 + 2 = 6 against Vic 4 + 0 + 2 dots = 6: a stalemate.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("boss", "Boss", "notable", brawn=5))
    d.do("gm", "start_combat", dice=[1, 6])
    d.do("gm", "grab", character="boss", target="vic", dice=[5])
    d.answer("ann", d.prompt("ann", "reaction").id, "take")
    d.refuse("gm", "brace", character="boss", holder="vic", rule="WD-GRAPPLE-002")  # nobody holds Boss
    d.do("ann", "brace", character="vic", holder="boss", stamina=2)
    assert d.state.people["vic"].effort.available(d.state.sheet("vic"), Pool.STAMINA) == 1
    d.do("gm", "grapple", character="boss", target="vic", dice=[4, 4])
    assert "6 against 6; a stalemate." in d.words()[-1]
    assert d.state.grapples["boss>vic"].braced == 0  # spent on that round only


_WX28_COSTUME = {
    "pieces": [
        {"key": "low_reinforcement", "cell": [0, 0], "protects": [[2, 1]]},
        {"key": "armor", "cell": [0, 1]},
        {"key": "armor", "cell": [0, 2]},
        {"key": "inventory", "cell": [2, 1], "items": 5},
        {"key": "low_belt", "cell": [2, 0]},
        {"key": "icon", "cell": [2, 2]},
    ]
}


@pytest.mark.rules("WD-EQUIP-006", "WD-MOVE-011", "WD-STAT-010")
def test_over_encumbered_by_the_costume__minus_1_athletics_and_dexterity_and_5_ft() -> None:
    # src 1021: capacity is Brawn; over it, -1 Athletics, -1 Dexterity and a further -5 ft movement.
    # The seed's example costume (src 1145-1161) weighs 2: Brawn 2 carries it, Brawn 1 does not.
    d = table()
    add(d, "ann", {**sheet("vic", "Vic", brawn=1), "costume": _WX28_COSTUME})
    add(d, "bob", {**sheet("max", "Max", brawn=2), "costume": _WX28_COSTUME})
    assert d.state.sheet("vic").encumbrance == 2
    d.do("gm", "call_check", character="vic", stat="dexterity", tn=3, task="catch the keys")
    d.answer("ann", "call-1", "roll", dice=[3])  # 3 - 1 = 2: fails
    assert d.state.last_check["vic"].total == 2
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", characters="vic, thug", dice=[6])
    # Athletics 3 -> 2: 25 ft, and 5 ft less: 20
    d.refuse("ann", "move", character="vic", feet=25, rule="WD-MOVE-001")
    d.do("ann", "move", character="vic", feet=20)
    assert d.state.sheet("max").movement == 30 and d.state.sheet("max").stat(Stat.DEXTERITY) == 3
    # every score at once (what a wound effect reads) is each stat() alike, over-encumbered or not
    for ident in ("vic", "max"):
        s = d.state.sheet(ident)
        assert s.scores() == {x: s.stat(x) for x in Stat} and list(s.scores()) == list(Stat)
    assert d.state.sheet("vic").scores()[Stat.ATHLETICS] == 2


@pytest.mark.rules("WD-STAT-009", "WD-EQUIP-014", "WD-EQUIP-003")
def test_belt_slots_count_the_costumes_belt() -> None:
    # src 1017: belt slots = Dexterity; src 1073-1105: a Low belt +1, a Standard belt +2; the seed's
    # example costume (a low belt) gives Dex 3 + 1 = 4
    d = table()
    add(d, "ann", {**sheet("vic", "Vic", brawn=2), "costume": _WX28_COSTUME})
    standard = {"pieces": [{"key": "belt", "cell": [2, 0]}]}
    add(d, "bob", {**sheet("max", "Max"), "costume": standard})
    assert d.state.sheet("vic").belt_slots == 4
    assert d.state.sheet("max").belt_slots == 5


def _vic_against_the_brute(vic: dict):  # type: ignore[no-untyped-def, type-arg]
    d = table()
    add(d, "ann", vic)
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5))
    d.do("gm", "start_combat", dice=[1, 6])  # the brute first
    return d


@pytest.mark.rules("WD-WFX-019", "WD-EQUIP-013", "WD-EQUIP-014", "WD-EQUIP-012", "WD-EQUIP-005")
def test_moderate_rend_costume_loss__attacker_names_two_target_loses_one_unless_reinforced() -> None:
    # src 756: Moderate Rend 5-6, the attacker names two costume pieces and the target loses one;
    # src 1054-1058: "Protected (On a 1-3)": the attacker must roll 4+ to break the guarded piece;
    # src 1073: a belt piece lost drops its items. (No armor here: armor would take the wound.)
    unarmored = {
        "pieces": [
            {"key": "low_reinforcement", "cell": [0, 0], "protects": [[2, 1]]},
            {"key": "inventory", "cell": [2, 1], "items": 5},
            {"key": "low_belt", "cell": [2, 0]},
            {"key": "icon", "cell": [2, 2]},
        ]
    }
    d = _vic_against_the_brute({**sheet("vic", "Vic"), "costume": unarmored})
    d.do("gm", "attack", character="brute", target="vic", tier="moderate", damage="rend", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[5])  # effect 5
    d.do("ann", "effect_choice", character="vic", key="negate", picks=[])
    d.do("gm", "effect_choice", character="brute", key="named", picks=["icon-22", "inventory-21"])
    d.do("ann", "effect_choice", character="vic", key="lost", picks=["inventory-21"], dice=[3])  # 3 < 4
    assert d.state.sheet("vic").costume.at((2, 1)).destroyed is False
    assert "the reinforcement holds: inventory (cell 2,1) is untouched" in d.words()[-1]
    d.do("gm", "end_turn", character="brute")
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "attack", character="brute", target="vic", tier="moderate", damage="rend", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[6])
    d.do("ann", "effect_choice", character="vic", key="negate", picks=[])
    d.do("gm", "effect_choice", character="brute", key="named", picks=["icon-22", "low_belt-20"])
    d.do("ann", "effect_choice", character="vic", key="lost", picks=["low_belt-20"])
    assert d.state.sheet("vic").costume.at((2, 0)).destroyed is True
    assert d.state.sheet("vic").belt_slots == 3  # Dex 3, the low belt's +1 gone
    assert "low belt (cell 2,0) is destroyed; the belt's items fall" in d.words()[-1]


@pytest.mark.rules("WD-WFX-007", "WD-WFX-013", "WD-EQUIP-019")
def test_lesser_rend_gear_loses_its_bottom_feature() -> None:
    # src 728: Lesser Rend 1-2, "Lose bottom feature from one piece of gear"
    bat = {"name": "bat", "damage": "bash", "keywords": ["reach", "heavy"]}
    d = _vic_against_the_brute({**sheet("vic", "Vic"), "held": [bat]})
    d.do("gm", "attack", character="brute", target="vic", damage="rend", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[1])  # effect 1
    d.do("ann", "effect_choice", character="vic", key="negate", picks=[])
    bat_now = d.state.sheet("vic").held[0]
    assert bat_now.keywords == ("reach",) and bat_now.stripped == ("heavy",)
    assert "Vic's gear: bat loses its heavy." in d.words()


@pytest.mark.rules("WD-EQUIP-014", "WD-MOVE-009")
def test_a_fall_rolls_the_standard_belts_fragile_slot() -> None:
    # src 1081-1085: a Standard belt's final slot is fragile, lost on a 4+ when its wearer falls
    d = table()
    add(d, "ann", {**sheet("vic", "Vic", guts=4), "costume": {"pieces": [{"key": "belt", "cell": [2, 0]}]}})
    assert d.state.sheet("vic").belt_slots == 5
    d.do("gm", "fall", character="vic", feet=18, dice=[5, 1])  # belt die 5: broken; effect 1
    d.answer("ann", d.prompt("ann", "effect").id, "none")
    assert d.state.sheet("vic").belt_slots == 4
    assert "Vic's gear: the belt's fragile last slot breaks (5)." in d.words()


@pytest.mark.rules("WD-SKILL-013")
def test_background_familiarity_is_no_help_in_a_fight() -> None:
    # src 346-348: backgrounds give +1h6 "in unhurried, non-threatening situations"; a fight is neither
    d = table()
    add(d, "ann", {**sheet("vic", "Vic"), "backgrounds": ["Data Entry"]})
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "call_check", character="vic", stat="knowledge", tn=5, task="recall the file")
    d.do("ann", "check", character="vic", call=1, background="Data Entry", unhurried=True, dice=[2, 5])
    assert d.state.last_check["vic"].total == 5  # two dice, the 5 kept
    d.do("gm", "start_combat", dice=[6])
    d.do("gm", "call_check", character="vic", stat="knowledge", tn=5, task="recall the code")
    d.refuse(
        "ann",
        "check",
        character="vic",
        call=2,
        background="Data Entry",
        unhurried=True,
        dice=[2, 5],
        rule="WD-SKILL-013",
    )
    d.do("ann", "check", character="vic", call=2, background="Data Entry", dice=[2])
    assert d.state.last_check["vic"].total == 2


def _hacking(d):  # type: ignore[no-untyped-def]
    """Vic starts hacking (lengthy DC 12) in a fight: first roll 4 + 0 = 4."""
    d.do("gm", "call_check", character="vic", stat="knowledge", tn=1, dc=12, task="hack the door")
    d.do("ann", "check", character="vic", call=1, dice=[4])
    assert d.state.lengthy["call:1"].total == 4


@pytest.mark.rules("WD-COMBAT-014", "WD-COMBAT-013")
def test_a_failed_gm_called_interruption_halts_the_lengthy_task() -> None:
    # src 582: "If attacked or interrupted midway ... a Knowledge check (3+ for minor interruptions, 4-6
    # for something like being shoved or wounded) ... On a failed knowledge check, they stop and can't
    # resume the action on their next turn, and only if the interrupting factor is dealt with."
    d = _duel()
    _hacking(d)
    d.do("ann", "end_turn", character="vic")
    # the thug shoves Vic: the GM calls the interruption's Knowledge check at 5+
    d.do("gm", "call_check", character="vic", stat="knowledge", tn=5, task="shoved", interrupts=True)
    d.do("ann", "check", character="vic", call=2, dice=[3])  # 3 < 5: stops
    assert d.state.lengthy["call:1"].halted == ("vic",)
    assert "Vic is interrupted mid-task and fails to stay on it" in d.words()[-1]
    d.do("gm", "end_turn", character="thug")
    d.do("gm", "end_turn", character="brute")
    d.refuse("ann", "check", character="vic", call=1, dice=[6], rule="WD-COMBAT-014")
    d.do("gm", "ruling", character="vic", text="the thug is down", resume="1")
    d.do("ann", "check", character="vic", call=1, dice=[6])
    assert d.state.lengthy["call:1"].total == 10  # progress kept (the inventory's PROPOSED default)


@pytest.mark.rules("WD-COMBAT-014", "WD-COMBAT-013", "WD-CORE-011")
def test_the_gm_halts_a_lengthy_task_by_ruling() -> None:
    d = _duel()
    _hacking(d)
    d.refuse("gm", "ruling", character="brute", text="stop", halt="1", rule="WD-COMBAT-014")
    d.do("gm", "ruling", character="vic", text="the alarm goes off", halt="1")
    assert d.state.lengthy["call:1"].halted == ("vic",)
    assert "Vic stops 1 on the GM's ruling" in d.words()[-1]


@pytest.mark.rules("WD-CORE-011", "WD-EFFORT-007", "WD-EFFORT-013")
def test_the_gm_sets_current_effort_by_ruling() -> None:
    # the GM's hand (WD-CORE-011): set how many dots are left, within today's maximum; also how a GM
    # gates a repeated "cool" power use behind effort (WD-EFFORT-013: a ruling that takes the dot)
    d = _duel()
    d.do("gm", "ruling", character="vic", text="a rough night", effort={"stamina": 1, "focus": 0})
    vic, s = d.state.people["vic"], d.state.sheet("vic")
    assert (vic.effort.available(s, Pool.STAMINA), vic.effort.available(s, Pool.FOCUS)) == (1, 0)
    assert vic.effort.available(s, Pool.RECOVERY) == 3
    d.refuse("gm", "ruling", character="vic", text="too much", effort={"stamina": 9}, rule="WD-EFFORT-007")
    d.refuse("gm", "ruling", character="thug", text="none", effort={"stamina": 1}, rule="WD-EFFORT-001")


@pytest.mark.rules("WD-COMBAT-012", "WD-COMBAT-011")
def test_a_compound_quick_action_rolls_dexterity__wx08() -> None:
    # src 570-578: "That's two grabs. Roll Dex." ... "You got a 2, that's a fail. You get the money but you
    # knock the drugs under the table." (the table's TN: 4+ by default, 3+ if the GM sets it)
    d = _duel()
    d.refuse("ann", "act", character="vic", action="grab both", compound=True, rule="WD-COMBAT-012")
    d.do(
        "ann",
        "act",
        character="vic",
        action="grab the money and the drugs",
        kind="quick",
        compound=True,
        dice=[2],
    )
    assert d.words()[-1] == (
        "Vic tries a compound quick action: grab the money and the drugs; "
        "Dexterity [2] = 2; 2 vs 4+: failure: part of it goes wrong."
    )
    d.refuse(
        "ann",
        "act",
        character="vic",
        action="and the keys",
        kind="quick",
        compound=True,
        rule="WD-COMBAT-011",
    )


@pytest.mark.rules("WD-NPC-001", "WD-NPC-002", "WD-NPC-003")
def test_the_gm_adds_any_character__sample_pasted_json_or_yaml_or_a_form__hidden_if_wanted() -> None:
    # issue 18, "found by new users": the browser's Sheet box must take a sample, a pasted JSON/YAML sheet
    # or a form drawn from the sheet's fields, and the GM may mark any NPC hidden
    d = table()
    d.do("gm", "add_character", sample="thug", copy_id="thug2", copy_name="Second thug", hidden=True)
    d.do("gm", "add_character", sheet='{"id": "cop", "name": "Cop", "tier": "generic", "stats": {"guts": 4}}')
    d.do("gm", "add_character", sheet="id: boss\nname: Boss\ntier: notable\nstats:\n  brawn: 5\n", owner=None)
    d.do("gm", "create_character", id="vic", name="Vic", brawn=4, skills=["Brawl: brawn"], owner="ann")
    s = d.state
    assert s.people["thug2"].hidden and s.sheet("thug2").name == "Second thug"
    assert s.sheet("cop").stat(Stat.GUTS) == 4 and s.sheet("boss").stat(Stat.BRAWN) == 5
    assert s.people["vic"].owner == "ann" and s.sheet("vic").skills[0].name == "Brawl"
    assert "thug2" not in d.view("ann")["state"]["sheets"]  # hidden from the players
    d.refuse("ann", "add_character", sample="thug", copy_id="thug3", error=NotPermitted)
    d.refuse(
        "gm",
        "add_character",
        sheet="id: [unclosed",
        error=InvalidCommand,
        match="not readable JSON or YAML",
    )
    d.refuse("gm", "add_character", sample="nobody", error=InvalidCommand, match="no sample called")
    d.refuse("gm", "add_character", error=InvalidCommand, match="give a sheet")
    d.refuse("gm", "create_character", id="x", name="X", skills=["Brawl"], rule="WD-SKILL-001")


@pytest.mark.rules("WD-WFX-005", "WD-COMBAT-019")
def test_a_queued_effect_says_who_it_waits_for() -> None:
    # issue 18: a second character's effect decision queued behind another's says who is waited for
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "bob", sheet("ray", "Ray"))
    chain = {
        "name": "Chain Lightning",
        "classifications": ["blaster"],
        "targeting": "ranged",
        "targets": 3,
        "range_ft": 60,
        "attack_stat": "dexterity",
        "damage": "shock",
        "tier": 1,
        "cost": [{"pool": "stamina", "dots": 1}],
    }
    add(d, "gm", {**sheet("storm", "Storm", "notable", dexterity=5), "powers": [chain]})
    d.do("gm", "start_combat", dice=[2, 1, 6])
    d.do("gm", "use_power", character="storm", power="chain lightning", targets="vic, ray", dice=[3, 4])
    d.answer("ann", "react-vic", "take", dice=[1])  # Vic's effect asks about his Recovery
    d.answer("bob", "react-ray", "take", dice=[1])  # Ray's queues behind it
    assert (
        d.words()[-1]
        == "The lesser shock effect on Ray (rolled 1) waits until Vic decides on the effect on Vic."
    )
    assert d.prompt("ann", "effect").context["queued"] == ["Ray"]
    d.answer("ann", d.prompt("ann", "effect").id, "none")
    assert d.prompt("bob", "effect").id.startswith("effect-ray")


@pytest.mark.rules("WD-WFX-005", "WD-WFX-021")
def test_multi_pick_effect_prompts_answer_as_a_list() -> None:
    # the docs promise "answer PROMPT a,b" for every prompt: a many-pick effect prompt takes a list,
    # and "none" where picking nothing is allowed
    d = _duel()
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    d.do("gm", "attack", character="brute", target="vic", tier="moderate", damage="shock", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[5])
    d.answer("ann", d.prompt("ann", "effect").id, "none", dice=[4])  # keep the Recovery; Guts 4: lose 6
    prompt = d.prompt("ann", "effect")
    d.answer("ann", prompt.id, "brawn,brawn,athletics,athletics,dexterity,dexterity")
    assert d.state.people["vic"].temporary_loss == {Stat.BRAWN: 2, Stat.ATHLETICS: 2, Stat.DEXTERITY: 2}
    d.do("gm", "attack", character="brute", target="vic", tier="critical", damage="cut", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[5])  # Critical Cut 5: the save, with effort to spend
    d.answer("ann", d.prompt("ann", "effect").id, "none", dice=[6])  # no dots: 6 + 0 < 7
    assert d.state.people["vic"].track.standing is Standing.DEAD


@pytest.mark.rules("WD-DN-002")
def test_super_stats_are_kept_in_the_stats_order() -> None:
    # issue 23: Character.super_stats as an ordered type: the same sheet always writes the same JSON
    d = table(config={"superstats": True})
    add(
        d,
        "gm",
        {**sheet("titan", "Titan", "notable", brawn=8, guts=7), "super_stats": ["guts", "brawn", "guts"]},
    )
    assert d.state.sheet("titan").super_stats == (Stat.BRAWN, Stat.GUTS)
    assert d.view("gm")["state"]["sheets"]["titan"]["super_stats"] == ["brawn", "guts"]


@pytest.mark.rules("WD-STATUS-002", "WD-STATUS-003", "WD-STATUS-006")
def test_pain_adds_a_roll_to_every_roll_free_action() -> None:
    # src 816-822: Pained: "actions that normally need no roll now need one (failure = half effect)".
    # Physical pain touches Brawn; pain in the left arm touches what uses it.
    d = _duel()
    _with(d, "vic", Status.PAINED_PHYSICAL)
    d.do("ann", "act", character="vic", action="force the door", stat="brawn", dice=[2])  # 2 < 4
    assert (
        d.words()[-1]
        == "Vic acts through the pain ([2] = 2; 2 vs 4+: failure): force the door, with half its effect."
    )
    d.do("ann", "act", character="vic", action="recall the code", stat="wits")  # mental: no roll
    assert d.words()[-1] == "Vic takes a standard action: recall the code."


@pytest.mark.rules("WD-COMBAT-004", "WD-COMBAT-005")
def test_reinforcements_act_at_their_rolled_place() -> None:
    # issue 23 (part 1's gap): newcomers roll speed + d6 (generics + 3) and take their place by score
    # among those already fighting; one placed before the current turn acts from the next round
    d = table()
    add(d, "ann", sheet("vic", "Vic"))  # 6 + 6 = 12
    add(d, "gm", sheet("thug", "Thug", "generic", athletics=4))  # 7 + 3 = 10
    add(d, "gm", sheet("boss", "Boss", "notable", athletics=4, dexterity=4))  # 8 + d6
    add(d, "gm", sheet("sniper", "Sniper", "generic", dexterity=4))  # 7 + 3 = 10: ties the thug
    d.do("gm", "start_combat", characters="vic, thug", dice=[6])
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "join_combat", characters="boss, sniper", dice=[3])  # Boss 8 + 3 = 11
    assert d.state.fight.order.order == ("vic", "boss", "thug", "sniper")
    assert d.state.fight.order.current == "thug"
    d.do("gm", "end_turn", character="thug")
    assert d.state.fight.order.current == "sniper"  # after the thug on the tie: this round
    d.do("gm", "end_turn", character="sniper")
    d.do("ann", "end_turn", character="vic")
    assert d.state.fight.order.current == "boss" and d.state.fight.order.round == 2


@pytest.mark.rules("WD-MORALE-011", "WD-MORALE-012", "WD-SKILL-014", "WD-COMBAT-023", "WD-CORE-011")
def test_gm_judgement_rules_at_the_table() -> None:
    # [GM] rules as the table carries them: a reward's morale boost and a drug's (change_morale with its
    # reason), a background's small bonus (an extra die on the called check), cover chipped away (the
    # next attack names no cover)
    d = _duel()
    d.do("gm", "change_morale", character="vic", steps=2, reason="promoted: a success high")
    d.do("gm", "change_morale", character="vic", steps=1, reason="a painkiller, for a price")
    assert d.state.people["vic"].morale == 3
    assert "a success high" in " ".join(d.words())
    d.do("gm", "call_check", character="vic", stat="wits", tn=5, task="spot the forgery", payload={"dice": 1})
    d.answer("ann", "call-1", "roll", dice=[2, 5])  # the background's extra die: 5 kept
    assert d.state.last_check["vic"].success
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "attack", character="thug", target="vic", cover="regular", dice=[3])  # 3 + 1 = 4 < 4 + 1
    assert d.state.attack is None and d.state.people["vic"].track.wounds == ()
    d.do("gm", "attack", character="thug", target="vic", dice=[3])  # the cover is shot away: 4 vs 4 hits
    assert d.prompt("ann", "reaction").context["attack_total"] == 4


@pytest.mark.rules("WD-WFX-026", "WD-WFX-008", "WD-EFFORT-006")
def test_coverage_smothers_a_consuming_burn_for_an_effort_dot() -> None:
    # src 776/782: Critical Burn consumes a physical point each round until treated; "a target with the
    # coverage feature may spend effort to treat this as a Moderate Burn effect instead" (issue 23: as a
    # command, not only when the burn lands)
    d = _vic_against_the_brute({**sheet("vic", "Vic"), "costume": {"coverage": True}})
    d.do("gm", "attack", character="brute", target="vic", tier="critical", damage="burn", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[1])
    d.do("ann", "effect_choice", character="vic", key="coverage", picks=[])  # not now
    assert any(x.consuming for x in d.state.people["vic"].conditions)
    d.do("ann", "treat_burn", character="vic", dice=[3])  # Moderate Burn 3-4: scarred temp wound, pain
    d.do("ann", "effect_choice", character="vic", key="negate", picks=[])
    vic = d.state.people["vic"]
    assert not any(x.consuming for x in vic.conditions)
    assert vic.effort.available(d.state.sheet("vic"), Pool.STAMINA) == 2
    assert Status.PAINED_PHYSICAL.value in {x.name for x in vic.conditions}
    d.refuse("ann", "treat_burn", character="vic", rule="WD-WFX-026")  # nothing consumes him now


@pytest.mark.rules("WD-NPC-003", "WD-WFX-007")
def test_a_hidden_npcs_gear_damage_stays_the_gms() -> None:
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=5))
    bat = {"name": "bat", "damage": "bash", "keywords": ["reach", "heavy"]}
    add(d, "gm", {**sheet("thug", "Thug", "generic"), "held": [bat]}, hidden=True)
    d.do("gm", "start_combat", dice=[6])
    d.do("gm", "attack", character="vic", target="thug", damage="rend", dice=[6, 1])  # effect 1: gear
    assert d.state.sheet("thug").held[0].keywords == ("reach",)
    assert "Thug's gear: bat loses its heavy." in d.words()
    assert not any("heavy" in w for w in d.words("ann"))


@pytest.mark.rules("WD-WFX-027", "WD-CORE-010")
@pytest.mark.parametrize(("natural", "repeats"), [(True, False), (False, True)])
def test_critical_shock_repeats_on_an_even_guts_total_when_the_table_reads_totals(
    natural: bool, repeats: bool
) -> None:
    # src 784: Critical Shock is Moderate Shock 5-6, "then, if the Guts roll was even, repeat this";
    # Guts 4 (+1): natural 3 is odd, the result 4 even. The table's parity_uses_natural_die picks which.
    d = table(config={"parity_uses_natural_die": natural})
    add(d, "ann", sheet("vic", "Vic", guts=4, brawn=5, athletics=5, dexterity=5))
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5))
    d.do("gm", "start_combat", dice=[1, 6])
    d.do("gm", "attack", character="brute", target="vic", tier="critical", damage="shock", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[5])  # effect d6 = 5
    d.do("ann", "effect_choice", character="vic", key="chain_effort", picks=[], dice=[3])  # 10 - 4: 6 points
    six = ["brawn", "brawn", "athletics", "athletics", "dexterity", "dexterity"]
    d.do("ann", "effect_choice", character="vic", key="drain.1", picks=six, dice=[6] if repeats else [])
    again = [p for p in d.prompts("ann") if p.kind == "effect"]
    if repeats:  # the second Guts roll: 6 + 1 = 7, 3 more points, and 7 is odd: the chain ends
        assert [p.context["counts"] for p in again] == [[3]]
    else:
        assert again == []


@pytest.mark.rules("WD-WOUND-002", "WD-WOUND-004", "WD-EQUIP-011", "WD-WFX-019")
def test_an_armor_piece_destroyed_takes_its_wound_slot_with_it() -> None:
    # src 1032: "Armor as a costume quality grants +1 armor, which acts as an additional wound slot,
    # taking one hit": with the piece gone (src 756: Moderate Rend 5-6 costume loss) the slot goes too,
    # and the hit it took goes with it; the track is Guts' three body slots again (src 602, 792)
    armored = {"pieces": [{"key": "armor", "cell": [0, 0]}, {"key": "icon", "cell": [2, 2]}]}
    d = _vic_against_the_brute({**sheet("vic", "Vic"), "costume": armored})
    assert (d.state.people["vic"].track.slots, d.state.people["vic"].track.armor) == (3, 1)
    # a power's rend: the armor slot takes the wound, and unconventional damage still rolls its effect
    d.do(
        "gm",
        "attack",
        character="brute",
        target="vic",
        tier="moderate",
        damage="rend",
        conventional=False,
        dice=[6],
    )
    d.answer("ann", "react-vic", "take", dice=[5])  # effect 5
    d.do("ann", "effect_choice", character="vic", key="negate", picks=[])
    d.do("ann", "effect_choice", character="vic", key="lost", picks=["armor-00"])
    assert d.state.sheet("vic").costume.at((0, 0)).destroyed is True
    track = d.state.people["vic"].track
    assert (track.slots, track.armor, track.wounds) == (3, 0, ())
    assert d.replayed().state == d.state
