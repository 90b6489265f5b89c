"""What the acting character's menu offers: only what the rules would take now.

Played in the browser, a Bulletproof Blues turn's menu kept Attack, Grab, Ram and Throw an explosive
after the turn's task action was spent, and Break free for one not held, each refused when chosen
("has already used their task action this turn", "is not held"); Move, Pace, Delay, Switch, Steer,
Guard, Pre-empt and the GM's Rest, End scene and End fight were offered whatever the turn. The offers
now ask the handlers' own checks; each test checks the table still refuses what is no longer offered,
and every menu a test looks at is checked to hold only what the table takes (:mod:`..offers_taken`).
"""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.bpb.model import Condition, Status
from tests.systems.bpb.helpers import RULESET, fight, state, table
from tests.systems.bpb.test_known_faults import FIST8, PISTOL, TIME_CONTROL, cast, hero
from tests.systems.offers_taken import refused_offers, refused_offers_in_sample

ATTACKS = {"attack", "grab", "ram", "explode"}


#: offered with a field the player sets in the form though it has a default: off-turn, a guard is a forced
#: one (``forced``); one prone moves by standing up (``stand_up``), one held by a movement power (``power``)
CHOOSE = {"guard", "move"}


def offered(d: Driver, seat: str) -> set[str]:
    """The commands on ``seat``'s menu, each time checking every menu of the table holds only what the
    table takes when issued as offered (:func:`refused_offers`)."""
    assert refused_offers(d.table, choose=CHOOSE) == []
    return {c.command for c in d.table.legal_commands(seat)}


@pytest.mark.rules("BPB-ACT-001")
def test_once_the_task_action_is_spent_no_attack_is_offered() -> None:
    # src 117: one task action a turn. Widow stings Adler with it; then only what needs no task is left.
    d = table()
    fight(d, "widow", "ganyeka", "adler", "brandt")
    assert {"attack", "grab", "ram"} <= offered(d, "ann")
    d.do("ann", "attack", attacker="widow", target="adler", power="Venom Sting", dice=(1, 1))  # a miss
    assert offered(d, "ann") & ATTACKS == set()
    assert "end_turn" in offered(d, "ann")
    d.refuse("ann", "attack", rule="BPB-ACT-001", attacker="widow", target="adler", dice=(1, 1))
    d.refuse("ann", "grab", rule="BPB-ACT-001", attacker="widow", target="adler", dice=(1, 1))


@pytest.mark.rules("BPB-PP-010", "BPB-ACT-001")
def test_an_extra_attacks_stunt_keeps_the_attack_on_the_menu_while_it_lasts() -> None:
    # src 483: rank 6 Extra Attacks "until the six Extra Attacks are used": a stunt of one extra attack
    d = cast(hero("chrono", owner="ann", powers=(TIME_CONTROL,), Prowess=6), hero("mook", Endurance=20))
    d.do("gm", "start_session")
    fight(d, "chrono", "mook")
    d.do("ann", "spend", character="chrono", kind="stunt", power="Time Control", used_as="Extra Attacks",
         uses=1)  # fmt: skip
    d.do("ann", "attack", attacker="chrono", target="mook", dice=(1, 1))  # the task action
    assert "attack" in offered(d, "ann")  # the stunt's one extra attack
    d.do("ann", "attack", attacker="chrono", target="mook", dice=(1, 1))
    assert state(d).condition("chrono").stunts == ()
    assert "attack" not in offered(d, "ann")


@pytest.mark.rules("BPB-GRAB-005")
def test_break_free_is_offered_only_to_one_held() -> None:
    d = table()
    fight(d, "widow", "ganyeka", "adler", "brandt")
    assert "break_free" not in offered(d, "ann")
    d.refuse("ann", "break_free", match="not held", character="widow")


@pytest.mark.rules("BPB-ACT-001", "BPB-MOVE-007")
def test_once_moved_neither_move_nor_pace_is_offered() -> None:
    # src 117: one movement action a turn; src 16: a pace is declared before the move, not after it
    d = table()
    fight(d, "widow", "ganyeka", "adler", "brandt")
    assert {"move", "pace"} <= offered(d, "ann")
    d.do("ann", "move", character="widow")
    assert offered(d, "ann") & {"move", "pace"} == set()
    assert {"attack", "end_turn"} <= offered(d, "ann")  # the task action is still to come
    d.refuse("ann", "move", rule="BPB-ACT-001", character="widow")
    d.refuse("ann", "pace", rule="BPB-MOVE-007", character="widow", mode="run")


@pytest.mark.rules("BPB-TURN-001", "BPB-ACT-001", "BPB-MOVE-007")
def test_once_the_task_action_is_spent_neither_delay_nor_pace_is_offered() -> None:
    # src 287: one delays the action they have not used; src 103: a pace is declared before the task
    d = table()
    fight(d, "widow", "ganyeka", "adler", "brandt")
    assert {"delay", "pace"} <= offered(d, "ann")
    d.do("ann", "attack", attacker="widow", target="adler", power="Venom Sting", dice=(1, 1))  # a miss
    assert offered(d, "ann") & {"delay", "pace"} == set()
    assert "move" in offered(d, "ann")  # the movement action is still to come
    d.refuse("ann", "delay", rule="BPB-ACT-001", character="widow")
    d.refuse("ann", "pace", rule="BPB-ACT-001", character="widow", mode="run")


@pytest.mark.rules("BPB-GRAB-005", "BPB-ACT-004")
def test_one_held_is_offered_no_move_unless_prone() -> None:
    # src 329: one held "can't use normal movement until they break the grapple"; Widow has no movement
    # power. Prone, standing up is a movement action (src 127) the grapple does not stop.
    d = table()
    fight(d, "widow", "ganyeka", "adler", "brandt")
    d.patch(conditions={"widow": Condition(held_by="ganyeka", statuses=(Status.RESTRAINED,))})
    assert "move" not in offered(d, "ann")
    d.refuse("ann", "move", rule="BPB-GRAB-005", character="widow")
    d.patch(conditions={"widow": Condition(held_by="ganyeka", statuses=(Status.RESTRAINED, Status.PRONE))})
    assert "move" in offered(d, "ann")
    d.do("ann", "move", character="widow", stand_up=True)


@pytest.mark.rules("BPB-ACT-003", "BPB-XS-008")
def test_switch_is_offered_only_with_a_power_that_may_be_switched() -> None:
    # src 123: activating or deactivating a power is a free action; src 244: a staggered character's
    # powers stay off until their next action. Ganyeka has no power to activate; Widow's Force Field is.
    d = table()
    fight(d, "ganyeka", "widow", "adler", "brandt")
    assert "switch" not in offered(d, "bo")
    d.refuse("bo", "switch", match="not a power Ganyeka switches on or off", character="ganyeka",
             power="Invulnerability")  # fmt: skip
    d.do("bo", "end_turn", character="ganyeka")
    d.patch(conditions={"widow": Condition(statuses=(Status.STAGGERED,))})
    assert "switch" not in offered(d, "ann")  # off, and staggered: it stays off
    d.refuse("ann", "switch", rule="BPB-XS-008", character="widow", power="Force Field")
    d.patch(conditions={"widow": Condition(statuses=(Status.STAGGERED,), on=("Force Field",))})
    assert "switch" in offered(d, "ann")  # on: it may still be switched off
    d.do("ann", "switch", character="widow", power="Force Field", on=False)
    assert "switch" not in offered(d, "ann")


@pytest.mark.rules("BPB-INIT-004")
def test_steer_is_offered_only_for_a_vehicle_of_theirs_not_yet_moved() -> None:
    # src 256: a vehicle "under direct control by a character" moves "when that character moves it or at
    # the end of the round", once
    d = table()
    fight(d, "widow", "ganyeka", "adler", "brandt")
    assert "steer" not in offered(d, "ann")
    d.do("gm", "add_hazard", text="a runaway bus", controller="ganyeka", once=False)
    assert "steer" not in offered(d, "ann")  # Ganyeka's, not Widow's
    d.refuse("ann", "steer", match="does not control", character="widow", hazard=1)
    d.do("gm", "add_hazard", text="The Widowmobile", controller="widow", once=False)
    assert "steer" in offered(d, "ann")
    d.do("ann", "steer", character="widow", hazard=2)
    assert "steer" not in offered(d, "ann")
    d.refuse("ann", "steer", match="already moved", character="widow", hazard=2)


@pytest.mark.rules("BPB-DEF-002", "BPB-TIME-002", "BPB-TURN-006")
def test_guard_is_offered_only_in_a_fight_while_a_block_or_dodge_may_be_taken() -> None:
    # src 373: "During their round, or as a forced action"; src 297: "only force an action once per round"
    d = table()
    assert "guard" not in offered(d, "ann")  # no fight: nothing to block
    d.refuse("ann", "guard", rule="BPB-TIME-002", character="widow")
    fight(d, "widow", "ganyeka", "adler", "brandt")
    assert "guard" in offered(d, "ann")  # Widow's turn: the task action
    assert "guard" in offered(d, "bo")  # off-turn: a forced action
    d.do("bo", "guard", character="ganyeka", kind="dodge", forced=True)
    assert "guard" not in offered(d, "bo")
    d.refuse("bo", "guard", rule="BPB-TURN-006", character="ganyeka", forced=True)


def test_the_sample_sessions_menus_hold_only_what_the_table_takes() -> None:
    assert refused_offers_in_sample(RULESET, choose=CHOOSE) == []


@pytest.mark.rules("BPB-REC-001", "BPB-TIME-001", "BPB-TIME-002")
def test_the_gm_is_offered_rest_and_end_scene_outside_a_fight_and_end_fight_inside_one() -> None:
    # src 433: "half an hour's rest" is not taken mid-fight; the scene ends after its fight (src 10-12)
    d = table()
    assert {"rest", "end_scene"} <= offered(d, "gm") and "end_fight" not in offered(d, "gm")
    d.refuse("gm", "end_fight", rule="BPB-TIME-002")
    fight(d, "widow", "ganyeka", "adler", "brandt")
    assert "end_fight" in offered(d, "gm") and offered(d, "gm") & {"rest", "end_scene"} == set()
    d.refuse("gm", "rest", rule="BPB-REC-001")
    d.refuse("gm", "end_scene", match="End the fight")
    assert offered(d, "ann") & {"rest", "end_scene", "end_fight"} == set()  # the GM's, not a player's
    d.do("gm", "end_fight")
    assert {"rest", "end_scene"} <= offered(d, "gm") and "end_fight" not in offered(d, "gm")


@pytest.mark.rules("BPB-TURN-002")
def test_preempt_is_offered_only_before_one_it_may_cut_in_on() -> None:
    # src 287: a held action may pre-empt another "unless the other character has a higher
    # Perception/Agility/Willpower": Adler (Perception 3) holds; Widow (4) may not be pre-empted,
    # Brandt (2) may
    d = table()
    fight(d, "adler", "widow", "brandt")
    d.do("gm", "delay", character="adler")
    assert "preempt" not in offered(d, "gm")
    d.refuse("gm", "preempt", rule="BPB-TURN-002", character="adler")
    d.do("ann", "end_turn", character="widow")
    assert "preempt" in offered(d, "gm")
    d.do("gm", "preempt", character="adler")


@pytest.mark.rules("BPB-ROLL-006", "BPB-ACT-008")
def test_a_called_roll_is_on_the_menu_once_as_its_prompts_answer() -> None:
    # src 151: the GM calls the task; the call waits on Widow's player as a prompt whose answer is the
    # roll. The menu held that answer and the same roll again as a plain item: one roll, listed once.
    # In a fight a call that is not a reaction is rolled on her turn: no prompt, so a menu item.
    d = table()
    d.do("gm", "call_task", character="widow", attribute="Reason", difficulty=12, task="crack the safe")
    rolls = [c for c in d.table.legal_commands("ann") if c.command == "roll"]
    assert [(c.prompt, c.fixed["take"]) for c in rolls] == [("call-1-widow", "roll")]
    d.do("ann", "roll", **rolls[0].fixed, dice=[5, 5])
    d = table()
    fight(d, "widow", "adler")
    d.do("gm", "call_task", character="widow", attribute="Reason", difficulty=12)
    rolls = [c for c in d.table.legal_commands("ann") if c.command == "roll"]
    assert [(c.prompt, c.fixed) for c in rolls] == [(None, {"call": 1, "character": "widow"})]
    assert refused_offers(d.table) == []


@pytest.mark.rules("BPB-PP-013", "BPB-ACT-005")
def test_the_gm_is_offered_the_uses_only_the_gm_allows_for_a_players_character() -> None:
    # src 465: another use of a plot point "the GM should consider permitting"; src 127: the movement action
    # spent on something else "With the GM's permission". A player is told the GM issues these: the GM's
    # menu holds them for Widow (Ann's), not only for the GM's own cast, and takes them as offered
    d = table()
    d.do("gm", "start_session")
    gm_menu = {(c.command, c.fixed.get("character")) for c in d.table.legal_commands("gm")}
    assert {("spend", "widow"), ("act", "widow")} <= gm_menu
    d.refuse("ann", "spend", rule="BPB-PP-013", character="widow", kind="other", text="a lucky break")
    d.do("gm", "spend", character="widow", kind="other", text="a lucky break")
    d.do("gm", "act", character="widow", kind="movement", text="holds the door")
    words = d.words("ann")
    assert "Widow spends a plot point on something else (the GM allows it): a lucky break." in words
    assert ("spend", "widow") not in {
        (c.command, c.fixed.get("character")) for c in d.table.legal_commands("gm")
    }
    assert {c.fixed.get("character") for c in d.table.legal_commands("bo") if c.command == "act"} == {
        "ganyeka"
    }


@pytest.mark.rules("BPB-PP-013", "BPB-PP-005")
def test_the_gm_is_offered_a_players_plot_point_spend_and_the_table_takes_it_from_the_gms_seat() -> None:
    # src 465: other spends "the GM should consider permitting": the player's refusal says the GM spends
    # it for them, so the GM's menu offers Widow's spend and the table takes it from the GM's seat
    d = table()
    d.do("gm", "start_session")
    spends = [c.fixed for c in d.table.legal_commands("gm") if c.command == "spend"]
    assert {"character": "widow"} in spends
    assert refused_offers(d.table, choose=CHOOSE) == []
    d.do("gm", "spend", **spends[spends.index({"character": "widow"})], kind="other", text="undo the lava")
    assert state(d).condition("widow").plot_points == 0


@pytest.mark.rules("BPB-RANGE-002", "BPB-RANGE-003")
def test_the_gm_is_offered_a_players_attack_beyond_range_and_declares_it_possible_from_the_menu() -> None:
    # src 111: beyond range the attack is possible "at the GM's discretion. If the GM declares that the
    # attack is possible, the defender gains a +3". Ann's own asks the GM (test_range_ruling); the GM may
    # also declare it unasked: on Shot's turn the GM's menu holds Shot's attack, and the GM's attack as
    # offered (Foe 1,600 ft away, one band beyond the pistol's 400 ft) is taken: 8 + 2 + 3 = 13
    d = cast(hero("shot", owner="ann", powers=(PISTOL,)), hero("foe"))
    fight(d, "shot", "foe")
    far = {"target": "foe", "power": "Pistol", "distance_ft": 1600}
    menu = [c.fixed for c in d.table.legal_commands("gm") if c.command == "attack"]
    assert menu == [{"attacker": "shot"}]
    assert "attack" in offered(d, "gm")
    rolled = d.do("gm", "attack", **menu[0], **far, dice=(1, 1))
    assert [e.payload.roll.task.difficulty for e in rolled if e.type.endswith("attack_rolled")] == [13]
    # once the task action is spent, no longer offered to either seat
    assert "attack" not in offered(d, "gm") | offered(d, "ann")


@pytest.mark.rules("BPB-RANGE-002")
def test_the_gms_menu_holds_no_players_attack_without_reach_or_with_a_standing_declaration() -> None:
    # a fist reaches no further than the hand (src 403): nothing for the GM to declare; with the table's
    # standing declaration (max_extra_bands) the player fires beyond range herself (src 111)
    fist = cast(hero("brute", owner="ann", powers=(FIST8,)), hero("foe"))
    fight(fist, "brute", "foe")
    assert "attack" in offered(fist, "ann") and "attack" not in offered(fist, "gm")
    standing = cast(hero("shot", owner="ann", powers=(PISTOL,)), hero("foe"), config={"max_extra_bands": 1})
    fight(standing, "shot", "foe")
    assert "attack" in offered(standing, "ann") and "attack" not in offered(standing, "gm")
