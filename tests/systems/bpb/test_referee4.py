"""A referee's fourth pass (see test_referee.py .. test_referee3.py): situations written from the chapter
alone (seeds/002_15e80e5795d6eba8.txt, "src N" = line N), aimed at what the earlier passes cite least: plot
points (src 443-495), the kinds of action and their limits (src 117-143), the roll itself (src 147-169),
extended and team tasks (src 206-208), who may issue what, the menu (every command offered is one the table
takes), and the words each seat reads. Each is played with given dice; the comment spells out the
arithmetic."""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from capeworks.errors import CapeworksError
from capeworks.systems.bpb.model import Status
from capeworks.systems.bpb.sheet import AttackKind, Power
from tests.systems.bpb.helpers import RULESET, decisions, fight, of, one, state, table
from tests.systems.bpb.test_combat import cast, hero
from tests.systems.bpb.test_referee2 import _next

MIND = Power(name="Mind Blast", rank=5, attack=AttackKind.RANGED, damages="Willpower", expertise=True)


def _offers(d, seat: str, command: str) -> list[dict[str, Any]]:
    return [dict(lc.fixed) for lc in d.legal(seat) if lc.command == command]


def _issue_every_offer(d, seat: str) -> None:
    """Every complete offer on the seat's menu is one the table takes (each tried on a fresh copy)."""
    for lc in d.legal(seat):
        if lc.command in {"undo", "refuse_undo", "add_character"}:  # forms: the seat fills them in
            continue
        probe = Driver(RULESET, table=d.replayed())  # a copy: the probe leaves d alone
        try:
            probe.do(seat, lc.command, payload=dict(lc.fixed))
        except CapeworksError as e:
            assert "Field required" in str(e), f"{seat} was offered {lc.command} {lc.fixed}, refused: {e}"


# -- the menu: what is offered is taken (src 153, 297, 373, 469) ------------------------------------------


@pytest.mark.rules("BPB-ROLL-005", "BPB-PP-005", "BPB-PP-006")
def test_r01_a_task_out_of_reach_is_offered_as_the_plot_point_it_takes() -> None:
    # src 153: difficulty more than 12 over attribute + bonuses is "just too difficult": no roll; src 469: a
    # plot point buys "an automatic success", which the GM "may forbid ... if the task is simply impossible"
    # (he has not). Widow (Reason 3) is called at 16: 16 - 3 = 13 > 12. Holding her session's point, Ann's
    # menu offers the roll as the spend (plot_point fixed); issued as offered it succeeds with no dice (no
    # expertise) and the point is gone; then nothing is offered (before: offered without the point, refused)
    d = table()
    d.do("gm", "start_session")
    d.do("gm", "call_task", character="widow", attribute="Reason", difficulty=16, task="decode the cipher")
    offers = _offers(d, "ann", "roll")  # the call prompt's answer, once (not again as a menu item)
    assert offers == [{"call": 1, "character": "widow", "take": "roll", "plot_point": True}]
    rolled = one(d.do("ann", "roll", call=1, character="widow", plot_point=True), "task_rolled")
    assert rolled.roll.verdict.success and rolled.roll.plot_point and rolled.roll.faces == ()
    assert state(d).plot_points("widow") == 0


@pytest.mark.rules("BPB-ROLL-005", "BPB-PP-005")
def test_r02_out_of_reach_without_a_point_is_refused_in_words_a_player_reads() -> None:
    # src 153 again, with no plot point (no session begun: src 443 gives the point at a session's start):
    # not on the menu; typed anyway it is refused saying why, with the numbers
    d = table()
    d.do("gm", "call_task", character="widow", attribute="Reason", difficulty=16)
    assert _offers(d, "ann", "roll") == []
    d.refuse("ann", "roll", rule="BPB-ROLL-005", match="16 is more than 12 above 3", call=1,
             character="widow")  # fmt: skip
    d.refuse("ann", "roll", rule="BPB-PP-005", match="no plot point", call=1, character="widow",
             plot_point=True)  # fmt: skip


@pytest.mark.rules("BPB-TURN-004", "BPB-DEF-002")
def test_r03_an_off_turn_guard_is_offered_as_the_forced_action_it_is() -> None:
    # src 373: block "During their round, or as a forced action"; src 297: forcing sacrifices the next
    # action. On Adler's turn Ann's menu offers Widow's guard as forced (before: offered bare, and the bare
    # guard was refused "only as a forced action"); issued as offered it is taken and costs her next turn
    d = table()
    fight(d, "adler", "widow")
    assert _offers(d, "ann", "guard") == [{"character": "widow", "forced": True}]
    d.do("ann", "guard", payload=_offers(d, "ann", "guard")[0], kind="dodge")
    assert state(d).fight.forced.get("widow") == 1
    _next(d, "adler")
    assert _offers(d, "ann", "guard") == []  # her turn lost to the forced action, no second forced this round


@pytest.mark.rules("BPB-ACT-001", "BPB-TURN-004")
def test_r04_on_her_own_turn_the_guard_is_the_task_action() -> None:
    # src 373: "During their round ... a character may choose to use a task action to block": on her turn
    # Widow's guard is offered unforced, and taken so
    d = table()
    fight(d, "widow", "adler")
    assert {"character": "widow", "forced": False} in _offers(d, "ann", "guard")
    d.do("ann", "guard", payload={"character": "widow", "forced": False}, kind="block")
    assert "widow" not in state(d).fight.forced


@pytest.mark.rules("BPB-ACT-001", "BPB-ACT-006", "BPB-TURN-004", "BPB-PP-005")
def test_r05_every_complete_offer_is_taken_across_a_round() -> None:
    # the house rule behind src 117-143: the menu is the rules' own check. A short round: each seat's every
    # complete offer is tried on a copy of the table, at the start, after an attack, on the other's turn
    d = table()
    d.do("gm", "start_session")
    d.do("gm", "call_task", character="widow", attribute="Reason", difficulty=16, reaction=True)
    d.do("gm", "call_task", character="ganyeka", attribute="Brawn", difficulty=12, reaction=True)
    fight(d, "widow", "adler", "ganyeka")
    for seat in ("gm", "ann", "bo"):
        _issue_every_offer(d, seat)
    d.do("ann", "attack", attacker="widow", target="adler", power="Venom Sting", dice=(1, 1))
    for seat in ("gm", "ann", "bo"):
        _issue_every_offer(d, seat)
    _next(d, "widow")
    for seat in ("gm", "ann", "bo"):
        _issue_every_offer(d, seat)


# -- who may issue what (src 117, 143, 443-449) -----------------------------------------------------------


@pytest.mark.rules("BPB-ACT-001")
def test_r06_a_player_does_not_move_anothers_character() -> None:
    # src 125: a character's movement is its own player's. On Ganyeka's turn Ann may not move him, nor make
    # him attack; Bo may
    d = table()
    fight(d, "ganyeka", "widow")
    d.refuse("ann", "move", character="ganyeka")
    d.refuse("ann", "attack", attacker="ganyeka", target="widow")
    d.do("bo", "move", character="ganyeka")


@pytest.mark.rules("BPB-TIME-002", "BPB-ACT-006")
def test_r07_an_attack_out_of_turn_is_refused_naming_whose_turn_it_is() -> None:
    # src 16: "In a round, each character gets a turn"; src 297: off-turn only a forced, purely defensive
    # action, never one "the GM could construe as an attack". On Adler's turn Widow's attack is refused
    d = table()
    fight(d, "adler", "widow")
    err = d.refuse("ann", "attack", attacker="widow", target="adler", power="Venom Sting", dice=(6, 6))
    assert "Adler" in str(err)


@pytest.mark.rules("BPB-PP-002", "BPB-PP-005")
def test_r08_a_player_neither_awards_a_point_nor_spends_anothers() -> None:
    # src 443, 449: plot points are given out by the GM; src 443: "Each player" spends their own. Ann may
    # not award Widow a point, nor spend Ganyeka's on a retcon; Bo may spend his
    d = table()
    d.do("gm", "start_session")
    d.refuse("ann", "award", character="widow", reason="I was brilliant")
    d.refuse("ann", "spend", character="ganyeka", kind="retcon", text="he owes me money")
    d.do("bo", "spend", character="ganyeka", kind="retcon", text="an old army buddy runs the docks")
    assert (state(d).plot_points("widow"), state(d).plot_points("ganyeka")) == (1, 0)


@pytest.mark.rules("BPB-PP-001")
def test_r09_each_player_begins_with_one_the_gms_agents_with_none() -> None:
    # src 443: "Each player begins each game session with one plot point": Widow (Ann) and Ganyeka (Bo) one
    # each; the GM is no player, and the words say so to every seat
    d = table()
    d.do("gm", "start_session")
    s = state(d)
    assert [s.plot_points(c) for c in ("widow", "ganyeka", "adler", "brandt")] == [1, 1, 0, 0]
    assert "Session 1 begins: 1 plot point each for the players." in d.words("bo")


@pytest.mark.rules("BPB-PP-002")
def test_r10_an_award_says_why_to_every_seat() -> None:
    # src 443: a plot point for a complication causing "a serious problem", a reward, or cooperating with
    # the GM. The GM awards Widow one; Ann and Bo both read it with its reason; she has two
    d = table()
    d.do("gm", "start_session")
    d.do("gm", "award", character="widow", reason="her fear of heights cost the team the roof")
    assert state(d).plot_points("widow") == 2
    for seat in ("ann", "bo"):
        assert any("Widow" in w and "fear of heights" in w for w in d.words(seat))


@pytest.mark.rules("BPB-PP-005")
def test_r11_no_point_no_bought_hit() -> None:
    # src 469: the automatic success is spending a plot point; with none (no session begun), Widow's bought
    # hit is refused and nothing is rolled
    d = table()
    fight(d, "widow", "adler")
    d.refuse("ann", "attack", rule="BPB-PP-005", match="no plot point", attacker="widow", target="adler",
             power="Venom Sting", plot_point=True)  # fmt: skip


# -- the roll (src 147-169) --------------------------------------------------------------------------------


@pytest.mark.rules("BPB-ROLL-001")
@pytest.mark.parametrize(("dice", "success", "word"), [((4, 5), True, "success"), ((4, 4), False, "fail")])
def test_r12_meeting_the_difficulty_is_enough(dice: tuple[int, int], success: bool, word: str) -> None:
    # src 147: "The attempt succeeds if the player's roll equals or exceeds the assigned difficulty". Widow's
    # Reason 3 vs 12: 3 + 9 = 12 succeeds; 3 + 8 = 11 fails. Ann reads the dice, the sum and the verdict
    d = table()
    d.do("gm", "call_task", character="widow", attribute="Reason", difficulty=12, task="crack the safe")
    rolled = one(d.do("ann", "roll", call=1, character="widow", dice=dice), "task_rolled")
    assert (rolled.roll.verdict.total, rolled.roll.verdict.success) == (3 + sum(dice), success)
    line = next(w for w in d.words("ann") if w.startswith("Widow: crack the safe"))
    assert f"[{dice[0]} {dice[1]}] + 3 = {3 + sum(dice)} vs 12" in line and word in line


@pytest.mark.rules("BPB-ROLL-007")
def test_r13_an_opposed_task_names_the_defenders_attribute_for_the_difficulty() -> None:
    # src 169: "the task difficulty is equal to 8 plus the defender's relevant attribute": Widow picks
    # Ganyeka's pocket, Prowess against his Perception 3: 11. 4 + 7 = 11 succeeds
    d = table()
    d.do("gm", "call_task", character="widow", attribute="Prowess", against="ganyeka",
         against_attribute="Perception")  # fmt: skip
    rolled = one(d.do("ann", "roll", call=1, character="widow", dice=(3, 4)), "task_rolled")
    assert (rolled.roll.task.difficulty, rolled.roll.verdict.success) == (11, True)


@pytest.mark.rules("BPB-ROLL-006")
def test_r14_a_player_does_not_set_the_difficulty() -> None:
    # src 147: a difficulty "the GM assigns"; src 151: "the GM simply sets a task difficulty". Ann may not
    # call her own task at 6
    d = table()
    d.refuse("ann", "call_task", character="widow", attribute="Reason", difficulty=6)


@pytest.mark.rules("BPB-XS-001")
def test_r15_three_over_without_expertise_is_a_plain_success() -> None:
    # src 226: extreme success needs "expertise in the power or skill" and three over. Widow (Reason 3, no
    # expertise) rolls boxcars against 12: 15, a success and no more
    d = table()
    d.do("gm", "call_task", character="widow", attribute="Reason", difficulty=12)
    rolled = one(d.do("ann", "roll", call=1, character="widow", dice=(6, 6)), "task_rolled")
    assert (rolled.roll.verdict.success, rolled.roll.verdict.extreme) == (True, False)
    assert "extreme" not in d.words("ann")[-2]


@pytest.mark.rules("BPB-XS-001", "BPB-XS-002")
def test_r16_three_over_with_the_skills_expertise_is_extreme() -> None:
    # src 226: "If the player has expertise in the power or skill, and rolls three or more over": Widow's
    # Acrobatics expertise, Agility 4 vs 12: 4 + 11 = 15, extreme (a "eureka", src 228)
    d = table()
    d.do("gm", "call_task", character="widow", attribute="Agility", skill="Acrobatics", difficulty=12)
    rolled = one(d.do("ann", "roll", call=1, character="widow", dice=(5, 6)), "task_rolled")
    assert rolled.roll.verdict.extreme


# -- the kinds of action and their limits (src 117-143) ---------------------------------------------------


@pytest.mark.rules("BPB-ACT-001", "BPB-ACT-006")
def test_r17_one_task_action_a_turn() -> None:
    # src 117: "one movement action and one task action during their round": Widow's second attack is
    # refused; and the menu offers no second one
    d = table()
    fight(d, "widow", "adler")
    d.do("ann", "attack", attacker="widow", target="adler", power="Venom Sting", dice=(1, 1))
    d.refuse("ann", "attack", match="task action", attacker="widow", target="adler", power="Venom Sting",
             dice=(6, 6))  # fmt: skip
    assert _offers(d, "ann", "attack") == []


@pytest.mark.rules("BPB-ACT-001", "BPB-ACT-004")
def test_r18_one_movement_action_a_turn() -> None:
    # src 117: one movement action: Widow walks 40 ft; a second walk is refused
    d = table()
    fight(d, "widow", "adler")
    d.do("ann", "move", character="widow", feet=40)
    d.refuse("ann", "move", character="widow", feet=10)


@pytest.mark.rules("BPB-TIME-004", "BPB-ACT-006")
def test_r19_no_task_in_the_middle_of_the_movement() -> None:
    # src 16: "they can't usually break up their movement to perform a task in the middle of it"; src 133.
    # Widow (walk 40 ft) walks 20, shoots, and may not walk the other 20
    d = table()
    fight(d, "widow", "adler")
    d.do("ann", "move", character="widow", feet=20)
    d.do("ann", "attack", attacker="widow", target="adler", power="Venom Sting", dice=(1, 1))
    d.refuse("ann", "move", character="widow", feet=20)


@pytest.mark.rules("BPB-TIME-004", "BPB-ACT-006")
def test_r20_the_task_before_the_movement() -> None:
    # src 16: "A character can perform a task before they move or after they move": Widow shoots, then walks
    d = table()
    fight(d, "widow", "adler")
    d.do("ann", "attack", attacker="widow", target="adler", power="Venom Sting", dice=(1, 1))
    moved = one(d.do("ann", "move", character="widow", feet=40), "moved")
    assert moved.feet == 40


@pytest.mark.rules("BPB-ACT-002", "BPB-ACT-007")
def test_r21_half_a_dozen_roleplay_actions_then_the_gms_say() -> None:
    # src 137: "as many roleplay actions as the GM deems reasonable (perhaps as many as a half dozen)": on her
    # turn Widow's six quips stand; Ann's seventh is refused; the GM may allow it
    d = table()
    fight(d, "widow", "adler")
    for i in range(6):
        d.do("ann", "act", character="widow", kind="roleplay", text=f"quip {i + 1}")
    d.refuse("ann", "act", character="widow", kind="roleplay", text="quip 7")
    d.do("gm", "act", character="widow", kind="roleplay", text="quip 7, the GM laughing")


@pytest.mark.rules("BPB-ACT-007", "BPB-ACT-001")
def test_r22_a_roleplay_action_costs_nothing_of_the_turn() -> None:
    # src 137: a roleplay action "takes essentially no time": Widow declares Adler "shall not pass", then
    # still walks and shoots; every seat reads the words
    d = table()
    fight(d, "widow", "adler")
    d.do("ann", "act", character="widow", kind="roleplay", text="You shall not pass!")
    d.do("ann", "move", character="widow", feet=40)
    d.do("ann", "attack", attacker="widow", target="adler", power="Venom Sting", dice=(1, 1))
    assert any("You shall not pass!" in w for w in d.words("bo"))


@pytest.mark.rules("BPB-TURN-006", "BPB-TURN-004")
def test_r23_one_forced_action_a_round() -> None:
    # src 297: "A character may only force an action once per round". Adler and Brandt go before Widow:
    # she dodges Adler's turn as a forced action; on Brandt's turn a second forced guard is refused, saying so
    d = table()
    fight(d, "adler", "brandt", "widow")
    d.do("ann", "guard", character="widow", kind="dodge", forced=True)
    _next(d, "adler")
    d.refuse("ann", "guard", match="already", character="widow", kind="block", forced=True)


# -- circumstances (src 173-202, 329, 369) ----------------------------------------------------------------


@pytest.mark.rules("BPB-MOD-001", "BPB-GRAB-005")
def test_r24_one_held_strikes_back_at_plus_three_difficulty() -> None:
    # src 329: the held one's "attacks are easier to avoid (defenders gain a +3 defense bonus when the
    # grappled character attacks them)"; T6 "Attacker is restrained +3". Ganyeka holds Adler (Prowess 4 + 12
    # = 16 vs 10; Adler's break-out 2 + 2 vs 8 + 5 fails). On his turn Adler knifes Ganyeka: Prowess 2 vs
    # 8 + 4 + 3 = 15, 13 over: out of reach (src 153), refused with the numbers; Widow's Venom Sting at
    # Ganyeka, unheld, is 8 + 3 (Agility) = 11
    d = table()
    fight(d, "ganyeka", "adler", "widow")
    d.do("bo", "grab", attacker="ganyeka", target="adler", manoeuvre="hold", dice=(6, 6, 1, 1))
    _next(d, "ganyeka")
    parts = "difficulty 8 + Prowess 4 + 3 (attacker restrained) = 15"  # where the 15 came from
    d.refuse("gm", "attack", rule="BPB-ROLL-005", match=parts,
             attacker="adler", target="ganyeka", power="Knife", dice=(1, 1))  # fmt: skip
    _next(d, "adler")
    rolled = one(d.do("ann", "attack", attacker="widow", target="ganyeka", power="Venom Sting", dice=(1, 1)),
                 "attack_rolled")  # fmt: skip
    assert rolled.roll.task.difficulty == 11


@pytest.mark.rules("BPB-MOD-002")
def test_r25_surprised_and_unseeing_is_three() -> None:
    # src 175 and T5: the defender can't see the attacker +3, is surprised +3; only the largest: +3. Adler
    # shoots Widow: 3 + 3 + dice vs 8 + 4
    d = table()
    fight(d, "adler", "widow")
    seen = "defender_cant_see, defender_surprised"
    rolled = one(d.do("gm", "attack", attacker="adler", target="widow", power="Pistol", circumstances=seen,
                      dice=(1, 1)), "attack_rolled")  # fmt: skip
    assert rolled.roll.task.bonus == 3


@pytest.mark.rules("BPB-MOD-001")
def test_r26_an_unknown_circumstance_is_refused_naming_the_known() -> None:
    # T5/T6 list the circumstances; "defender_dizzy" is none of them: refused, the known ones named
    d = table()
    fight(d, "adler", "widow")
    d.refuse("gm", "attack", match="defender_surprised", attacker="adler", target="widow", power="Pistol",
             circumstances="defender_dizzy", dice=(1, 1))  # fmt: skip


@pytest.mark.rules("BPB-MOD-004", "BPB-REC-004")
def test_r27_one_out_cold_is_hit_at_plus_six_unasked() -> None:
    # src 369: "If the target of an attack is unconscious ... the attacker gains a +6 attack bonus" (T5).
    # Brute (Brawn 8, Prowess 9) punches Mook (Endurance 3, no protection): 9 + 2 vs 8 + 1, DR 8, out cold
    # (PROPOSED for src 439: Endurance 0 or less is out of the fight). Shot then shoots him: her bonus is +6
    # without her naming it
    blast = Power(name="Blast", rank=4, attack=AttackKind.RANGED)
    d = cast(hero("brute", owner="bo", Brawn=8, Prowess=9, Perception=9),
             hero("shot", owner="ann", powers=(blast,), Accuracy=4, Perception=8),
             hero("mook", Endurance=3, Prowess=1, Agility=1, Perception=1))  # fmt: skip
    fight(d, "brute", "shot", "mook")
    d.do("bo", "attack", attacker="brute", target="mook", dice=(1, 1))
    for p in decisions(d, "gm"):
        d.answer("gm", p.id, "take")
    assert Status.UNCONSCIOUS in state(d).condition("mook").statuses
    _next(d, "brute")
    rolled = one(d.do("ann", "attack", attacker="shot", target="mook", power="Blast", dice=(1, 1)),
                 "attack_rolled")  # fmt: skip
    assert rolled.roll.task.bonus == 6


# -- plot points: what they buy (src 465-495) --------------------------------------------------------------


@pytest.mark.rules("BPB-PP-005", "BPB-DEF-007", "BPB-DEF-006")
def test_r28_a_bought_hit_may_still_be_dodged() -> None:
    # src 469: the automatic success is the roll "to hit"; src 389: "A character chooses to dodge after
    # determining if the attack will successfully hit ... A successful dodge completely negates the attack".
    # Widow buys her hit on Adler; the GM is asked whether Adler blocks or dodges, as after any hit; his
    # dodge (2 + 12 = 14 vs 8 + 5 = 13) negates it
    d = table()
    d.do("gm", "start_session")
    fight(d, "widow", "adler")
    d.do("ann", "attack", attacker="widow", target="adler", power="Venom Sting", plot_point=True)
    prompt = d.prompt("gm", "defend")
    events = d.answer("gm", prompt.id, "dodge", dice=(6, 6))
    assert one(events, "defence_rolled").roll.verdict.success
    assert of(events, "damaged") == []


@pytest.mark.rules("BPB-PP-005", "BPB-XS-005")
def test_r29_a_point_spent_on_the_slam_roll_shrugs_it_off() -> None:
    # src 469: a plot point buys success at "the current task roll"; src 236: a slammed target "may attempt a
    # Brawn task roll" and on success shrugs it off. Adler (Accuracy 3, Pistol expertise) hits Widow extreme:
    # 3 + 12 = 15 vs 8 + 4 = 12; he slams; Widow (Brawn 2 vs 8 + 4 = 12, reachable) spends her point: no slam
    d = table()
    d.do("gm", "start_session")
    fight(d, "adler", "widow")
    d.do("gm", "attack", attacker="adler", target="widow", power="Pistol", dice=(6, 6))
    d.answer("ann", d.prompt("ann", "defend").id, "take")
    d.do("gm", "extreme", attack=1, effect="slamming")
    events = d.do("ann", "resist", attack=1, character="widow", plot_point=True)
    slam = one(events, "slam_rolled")
    assert slam.roll.verdict.success and slam.roll.plot_point
    assert state(d).plot_points("widow") == 0


@pytest.mark.rules("BPB-XS-003")
def test_r30_the_attackers_player_chooses_the_extreme_effect_not_another() -> None:
    # src 228: on an extreme success in combat "the attacker may choose one of three bonus effects". Widow
    # (Venom Sting 5, expertise, Accuracy 4) hits Adler, 4 + 12 = 16 vs 8 + 2 = 10, three over; he takes it;
    # Bo may not choose for her; Ann chooses overwhelming (src 232): DR 5 + 3 = 8 - Kevlar 2 = 6
    d = table()
    fight(d, "widow", "adler")
    d.do("ann", "attack", attacker="widow", target="adler", power="Venom Sting", dice=(6, 6))
    d.answer("gm", d.prompt("gm", "defend").id, "take")
    d.refuse("bo", "extreme", attack=1, effect="overwhelming")
    events = d.do("ann", "extreme", attack=1, effect="overwhelming")
    hit = one(events, "damaged")
    assert (hit.dr, hit.amount) == (8, 6)


@pytest.mark.rules("BPB-XS-005", "BPB-XS-007", "BPB-XS-004")
def test_r31_a_mind_blast_extreme_overwhelms_but_neither_slams_nor_staggers() -> None:
    # src 236, 242: "Only attacks that normally inflict Endurance damage can result in a slamming [a
    # staggering] attack". Psy's Mind Blast (Willpower damage, expertise; Accuracy 4) hits Adler extreme:
    # 4 + 12 = 16 vs 10. Slam and stagger are refused; overwhelming stands (src 232)
    d = cast(hero("psy", owner="ann", powers=(MIND,), Accuracy=4, Perception=9),
             hero("mook", Agility=2, Willpower=2))  # fmt: skip
    fight(d, "psy", "mook")
    d.do("ann", "attack", attacker="psy", target="mook", power="Mind Blast", dice=(6, 6))
    options = [o.value for p in decisions(d, "ann") for o in p.options]
    assert options == ["overwhelming"], options
    d.refuse("ann", "extreme", attack=1, effect="slamming")
    d.refuse("ann", "extreme", attack=1, effect="staggering")
    d.do("ann", "extreme", attack=1, effect="overwhelming")


@pytest.mark.rules("BPB-DEF-004")
def test_r32_a_mind_blast_is_not_blocked_without_the_same_power() -> None:
    # src 377: "only attacks which inflict Endurance damage may be blocked. However, if the defender has the
    # same power as the attacker, they may use that power". Psy's Mind Blast hits Widow: she has no block
    # of it to offer; Twin (Mind Blast too) is offered one
    d = cast(hero("psy", powers=(MIND,), Accuracy=4, Perception=9),
             hero("widow", owner="ann", Prowess=6, Agility=6, Perception=1),
             hero("twin", owner="bo", powers=(MIND,), Prowess=6, Agility=6, Perception=1))  # fmt: skip
    fight(d, "psy", "widow", "twin")
    events = d.do("gm", "attack", attacker="psy", target="widow", power="Mind Blast", dice=(5, 5))
    assert [p.kind for p in decisions(d, "ann")] == []  # nothing to block or dodge with: the hit lands
    assert one(events, "damaged").attribute == "Willpower"
    _next(d, "psy")
    _next(d, "widow")
    _next(d, "twin")
    d.do("gm", "attack", attacker="psy", target="twin", power="Mind Blast", dice=(5, 5))
    labels = [o.label for o in d.prompt("bo", "defend").options]
    assert any(lbl.startswith("block") for lbl in labels), labels


@pytest.mark.rules("BPB-PP-007")
def test_r33_a_boosted_brawn_lifts_the_roll_by_one() -> None:
    # src 475: "A character with Brawn 5 could gain a temporary boost to Brawn 6". Ganyeka spends his point;
    # the GM calls his Brawn vs 12: 6 + 6 = 12 succeeds (unboosted, 11 would fail)
    d = table()
    d.do("gm", "start_session")
    d.do("bo", "spend", character="ganyeka", kind="boost", power="Brawn")
    d.do("gm", "call_task", character="ganyeka", attribute="Brawn", difficulty=12, task="bend the bars")
    rolled = one(d.do("bo", "roll", call=1, character="ganyeka", dice=(3, 3)), "task_rolled")
    assert (rolled.roll.task.attribute, rolled.roll.verdict.success) == (6, True)


@pytest.mark.rules("BPB-PP-007")
def test_r34_no_boost_past_fourteen() -> None:
    # src 475: "(rank 14 maximum)": Titan's Brawn 14 cannot be boosted; refused, the point kept
    d = cast(hero("titan", owner="ann", Brawn=14))
    d.do("gm", "start_session")
    d.refuse("ann", "spend", match="14", character="titan", kind="boost", power="Brawn")
    assert state(d).plot_points("titan") == 1


@pytest.mark.rules("BPB-PP-009")
def test_r35_a_stunt_gives_the_rank_not_the_success() -> None:
    # src 481: "a character with a rank 4 Ice Blast might use a power stunt to hack into a computer ...
    # giving them a rank 4 in Computing ... would still need to make a Computing task roll". Icy spends her
    # point; the GM calls Computing vs 12: 4 + 3 = 7 fails
    ice = Power(name="Ice Blast", rank=4, attack=AttackKind.RANGED)
    d = cast(hero("icy", owner="ann", powers=(ice,), Reason=1))
    d.do("gm", "start_session")
    d.do("ann", "spend", character="icy", kind="stunt", power="Ice Blast", used_as="Computing")
    d.do("gm", "call_task", character="icy", attribute="Computing", difficulty=12)
    rolled = one(d.do("ann", "roll", call=1, character="icy", dice=(1, 2)), "task_rolled")
    assert (rolled.roll.task.attribute, rolled.roll.verdict.success) == (4, False)


@pytest.mark.rules("BPB-PP-012")
def test_r36_a_retcon_is_read_by_every_seat_and_costs_the_point() -> None:
    # src 491: a retcon is "the realization that a needed resource is available"; it is the table's new
    # fact: Bo reads Ann's retcon; it costs her point
    d = table()
    d.do("gm", "start_session")
    d.do("ann", "spend", character="widow", kind="retcon", text="a holocaust cloak in the trunk")
    assert any("holocaust cloak" in w for w in d.words("bo"))
    assert state(d).plot_points("widow") == 0


@pytest.mark.rules("BPB-PP-012")
def test_r37_a_retcon_must_say_what_it_changes() -> None:
    # src 491-493: a retcon changes the past "in some way": an empty one is refused, the point kept
    d = table()
    d.do("gm", "start_session")
    d.refuse("ann", "spend", character="widow", kind="retcon", text="")
    assert state(d).plot_points("widow") == 1


# -- extended, team and competing tasks (src 206-208) ------------------------------------------------------


@pytest.mark.rules("BPB-EXT-001")
def test_r38_the_attempts_run_out() -> None:
    # src 206: "The GM might also set a maximum number of attempts ... such as disarming a bomb before it
    # explodes". Widow needs 2 successes at 12 in 2 attempts (Reason 3): 3 + 4 and 3 + 12 -- one success, the
    # attempts are gone; a third is refused; every seat reads that the task failed
    d = table()
    d.do("gm", "call_task", character="widow", attribute="Reason", difficulty=12, required=2, max_attempts=2,
         task="disarm the bomb")  # fmt: skip
    d.do("ann", "roll", call=1, character="widow", dice=(2, 2))
    events = d.do("ann", "roll", call=1, character="widow", dice=(6, 6))
    assert one(events, "call_closed").outcome == "failed"
    with pytest.raises(CapeworksError):
        d.do("ann", "roll", call=1, character="widow", dice=(6, 6))
    # (before: "2 successes needed" read well, but "1 successes needed" and "Call 1 is failed." did not)
    assert "Call 1 has failed." in d.words("bo")


@pytest.mark.rules("BPB-EXT-001")
def test_r61_one_attempt_reads_as_one() -> None:
    # src 206: "a maximum number of attempts": the GM allows Widow a single try at the bomb; Ann reads "1
    # success needed in 1 attempt" (before: "1 successes needed in 1 attempts")
    d = table()
    d.do("gm", "call_task", character="widow", attribute="Reason", difficulty=12, required=1, max_attempts=1,
         task="cut the red wire")  # fmt: skip
    assert (
        "The GM calls for Widow's Reason vs 12 to cut the red wire, 1 success needed in 1 attempt."
        in d.words("ann")
    )


@pytest.mark.rules("BPB-EXT-004")
def test_r39_a_team_pools_different_skills() -> None:
    # src 208: "characters with different skills ... combine their efforts". Widow (Reason 3) and Ganyeka
    # (Brawn 5) need 2 successes at 12 together: 3 + 9 and 5 + 7 -- done
    d = table()
    d.do("gm", "team_task", members=["widow:Reason", "ganyeka:Brawn"], difficulty=12, required=2,
         task="open the alien vault")  # fmt: skip
    d.do("ann", "roll", call=1, character="widow", dice=(4, 5))
    events = d.do("bo", "roll", call=1, character="ganyeka", dice=(3, 4))
    assert one(events, "call_closed").outcome == "succeeded"


@pytest.mark.rules("BPB-EXT-003")
def test_r40_the_first_to_the_count_wins_the_race() -> None:
    # src 206: "In extended opposed tasks ... the first person or team to achieve the required number of
    # successful task rolls succeeds". Widow and Ganyeka race (Agility vs 12, 1 success): Widow 4 + 8 = 12,
    # Ganyeka 3 + 2 = 5: Widow wins, and both players read it
    d = table()
    d.do("gm", "contest", sides=["widow", "ganyeka"], attribute="Agility", difficulty=12, required=1,
         task="reach the rooftop")  # fmt: skip
    d.do("ann", "roll", call=1, character="widow", dice=(4, 4))
    events = d.do("bo", "roll", call=1, character="ganyeka", dice=(1, 1))
    closed = one(events, "call_closed")
    assert (closed.outcome, closed.winner) == ("won", "widow")
    assert "Call 1 is won: Widow." in d.words("bo")
    # the race read whole (test_referee8 x04; before: "... Widow vs Ganyeka's Agility vs 12 ...")
    assert (
        "The GM calls a contest of Agility vs 12 to reach the rooftop: Widow against Ganyeka, the first to 1"
        " success wins." in d.words("bo")
    )


# -- secrecy and the words (src 465, the GM's notes) ------------------------------------------------------


@pytest.mark.rules("BPB-XS-007")
def test_r41_staggered_after_her_turn_she_loses_the_next_rounds() -> None:
    # src 242: staggered, "losing their next action (their next action on this round if they have not yet
    # taken one; otherwise, their next action on the following round)". Widow has had her turn; Adler
    # (Accuracy 3, Pistol expertise) hits her 3 + 12 = 15 vs 8 + 4 = 12, extreme, and staggers; her Willpower
    # 3 + 2 = 5 vs 8 + 4 = 12 fails. Round 2 opens with her turn lost, and every seat reads so
    d = table()
    fight(d, "widow", "adler")
    _next(d, "widow")
    d.do("gm", "attack", attacker="adler", target="widow", power="Pistol", dice=(6, 6))
    d.answer("ann", d.prompt("ann", "defend").id, "take")
    d.do("gm", "extreme", attack=1, effect="staggering", dice=(1, 1))  # her resisting roll: no point to spend
    _next(d, "adler")
    turn = state(d).fight.turn
    assert (state(d).fight.order.round, turn.actor, turn.lost) == (2, "widow", True)
    assert "Round 2. Widow's turn: the task action is lost." in d.words("bo")
    d.refuse("ann", "attack", attacker="widow", target="adler", power="Venom Sting", dice=(6, 6))
    assert _offers(d, "ann", "attack") == []


@pytest.mark.rules("BPB-MOD-001", "BPB-ROLL-001")
def test_r42_the_attack_line_shows_the_bonus_in_its_sum() -> None:
    # src 173: an attack bonus is "added to the task roll". Adler shoots a surprised Widow: Accuracy 3 + 3
    # + [2 2] = 10 vs 8 + 4 = 12, a miss; Ann reads the bonus inside the sum and the miss
    d = table()
    fight(d, "adler", "widow")
    d.do("gm", "attack", attacker="adler", target="widow", power="Pistol", circumstances="defender_surprised",
         dice=(2, 2))  # fmt: skip
    line = next(w for w in d.words("ann") if w.startswith("Agent Adler attacks Widow"))
    assert "10 vs 12" in line and "+ 3" in line and "fail" in line, line


# -- the movement action spent otherwise; scenes (src 12, 127, 129) ---------------------------------------


@pytest.mark.rules("BPB-ACT-005", "BPB-ACT-001")
def test_r43_the_vault_opened_is_the_turns_movement() -> None:
    # src 127: "With the GM's permission, the character may instead perform any equivalent action: opening a
    # bank vault": instead of the movement, so her move is spent. Ann may not grant it herself; the GM's
    # seat issues it; then her walk is refused, her task action still hers
    d = table()
    fight(d, "widow", "adler")
    d.refuse("ann", "act", rule="BPB-ACT-005", character="widow", kind="movement", text="opens the vault")
    d.do("gm", "act", character="widow", kind="movement", text="opens the vault")
    d.refuse("ann", "move", character="widow", feet=10)
    d.do("ann", "attack", attacker="widow", target="adler", power="Venom Sting", dice=(1, 1))


@pytest.mark.rules("BPB-ACT-005", "BPB-ACT-001")
def test_r44_no_vault_after_the_walk() -> None:
    # src 117, 127: one movement action: Widow has walked; the GM's "equivalent action" in its place is
    # refused, saying the movement is spent
    d = table()
    fight(d, "widow", "adler")
    d.do("ann", "move", character="widow", feet=40)
    d.refuse("gm", "act", rule="BPB-ACT-001", character="widow", kind="movement", text="opens the vault")


@pytest.mark.rules("BPB-TIME-001", "BPB-TIME-002")
def test_r45_no_scene_ends_in_the_middle_of_a_fight() -> None:
    # src 12: a scene ends "when a fight ends and they begin talking"; the GM's end of scene during the fight
    # is refused; after end_fight it stands
    d = table()
    fight(d, "widow", "adler")
    d.refuse("gm", "end_scene")
    d.do("gm", "end_fight")
    d.do("gm", "end_scene")


@pytest.mark.rules("BPB-MOVE-012", "BPB-ROLL-001")
def test_r46_an_obstacle_roll_is_the_gms_call_and_a_reaction_leaves_the_turn() -> None:
    # src 129: "the GM may require an Athletics task roll if there is some obstacle to the character's free
    # movement". The GM calls Widow's Agility (Athletics) 12 as she crosses the ice, as a reaction to her
    # move (src 143: "made at the request of the GM"): 4 + 8 = 12; her task action is still hers
    d = table()
    fight(d, "widow", "adler")
    d.do("ann", "move", character="widow", feet=40)
    d.do("gm", "call_task", character="widow", attribute="Agility", skill="Athletics", difficulty=12,
         reaction=True, task="cross the ice")  # fmt: skip
    rolled = one(d.do("ann", "roll", call=1, character="widow", dice=(4, 4)), "task_rolled")
    assert rolled.roll.verdict.success
    d.do("ann", "attack", attacker="widow", target="adler", power="Venom Sting", dice=(1, 1))


# -- plot points meeting other rules (src 206, 417, 469, 475) ----------------------------------------------


@pytest.mark.rules("BPB-PP-007", "BPB-DMG-006")
def test_r47_a_boost_that_adds_penetrating_halves_the_vest() -> None:
    # src 475: "Power boost can also be used to add a power enhancement to a power"; src 417: penetrating
    # "ignores 50% of the defender's protection (round in defender's favor)". Widow boosts Venom Sting with
    # penetrating and hits Adler (4 + 6 = 10 vs 10): Kevlar 2 counts as 1, DR 5 - 1 = 4
    d = table()
    d.do("gm", "start_session")
    fight(d, "widow", "adler")
    d.do("ann", "spend", character="widow", kind="boost", power="Venom Sting", enhancement="penetrating")
    d.do("ann", "attack", attacker="widow", target="adler", power="Venom Sting", dice=(3, 3))
    events = d.answer("gm", d.prompt("gm", "defend").id, "take")
    hit = one(events, "damaged")
    assert (hit.dr, hit.amount) == (5, 4)  # (unboosted: 5 - 2 = 3)


@pytest.mark.rules("BPB-PP-005", "BPB-DEF-002", "BPB-DEF-006")
def test_r48_a_point_buys_the_block() -> None:
    # src 469: the point buys success at "the current task roll"; src 373: the block is a Prowess task roll;
    # src 379: a successful block completely negates the attack. Adler hits Widow (3 + 9 = 12 vs 12); she
    # blocks as a forced action with her point: no roll, no damage, the point spent
    d = table()
    d.do("gm", "start_session")
    fight(d, "adler", "widow")
    d.do("gm", "attack", attacker="adler", target="widow", power="Pistol", dice=(4, 5))
    events = d.do("ann", "defend", attack=1, character="widow", choice="block", forced=True, plot_point=True)
    block = one(events, "defence_rolled")
    assert block.roll.verdict.success and block.roll.plot_point
    assert of(events, "damaged") == []
    assert state(d).plot_points("widow") == 0


@pytest.mark.rules("BPB-PP-005", "BPB-EXT-002")
def test_r49_a_bought_success_with_expertise_can_count_three() -> None:
    # src 469: with expertise "the player should roll as usual: anything less than extreme success is
    # treated as a normal successful roll"; src 206: with expertise an extreme success "counts as three
    # successes". Widow (Agility 4, Acrobatics expertise) needs 3 successes at 12: with her point she rolls
    # 4 + 11 = 15, extreme: three, done in one
    d = table()
    d.do("gm", "start_session")
    d.do("gm", "call_task", character="widow", attribute="Agility", skill="Acrobatics", difficulty=12,
         required=3, pressure=False, task="the trapeze routine")  # fmt: skip
    events = d.do("ann", "roll", call=1, character="widow", plot_point=True, dice=(5, 6))
    assert one(events, "task_rolled").counted == 3
    assert one(events, "call_closed").outcome == "succeeded"


@pytest.mark.rules("BPB-REC-004", "BPB-ACT-007")
def test_r50_one_out_cold_says_nothing() -> None:
    # src 139: roleplay "at any time" -- but the PROPOSED reading of src 437-439 puts one at Endurance 0 or
    # less out of the fight: Mook, out cold from Brute's punch (DR 8 vs Endurance 3), cannot taunt
    d = cast(hero("brute", owner="bo", Brawn=8, Prowess=9, Perception=9),
             hero("mook", owner="ann", Endurance=3, Prowess=1, Agility=1, Perception=1))  # fmt: skip
    fight(d, "brute", "mook")
    d.do("bo", "attack", attacker="brute", target="mook", dice=(1, 1))
    for p in decisions(d, "ann"):
        d.answer("ann", p.id, "take")
    assert Status.UNCONSCIOUS in state(d).condition("mook").statuses
    d.refuse("ann", "act", character="mook", kind="roleplay", text="Is that all you've got?")


@pytest.mark.rules("BPB-TIME-001", "BPB-TIME-002", "BPB-REC-001", "BPB-REC-002", "BPB-INIT-001")
def test_r51_the_gms_commands_are_refused_to_a_player() -> None:
    # the GM runs the clock and the world: starting and ending fights (src 14), rest and healing (src 433),
    # awareness (src 252), hazards (src 256), withdrawing a call (src 151) -- each refused to Ann
    d = table()
    d.do("gm", "call_task", character="widow", attribute="Reason", difficulty=12)
    d.refuse("ann", "start_fight", characters="widow, adler")
    d.refuse("ann", "withdraw", call=1)
    d.refuse("ann", "rest")
    d.refuse("ann", "heal", character="widow", days=7)
    fight(d, "widow", "adler")
    d.refuse("ann", "aware", characters="adler")
    d.refuse("ann", "add_hazard", text="a piano falls on Adler")
    d.refuse("ann", "end_fight")


@pytest.mark.rules("BPB-GRAB-004", "BPB-GRAB-005", "BPB-XS-007", "BPB-TURN-001", "BPB-TURN-004")
def test_r52_the_menu_is_taken_through_holds_staggers_and_held_actions() -> None:
    # src 117-143, 287, 297, 315-329, 242: in each state a real table meets -- a hit waiting for its answer,
    # an extreme effect to choose, one held in a grapple, a turn lost to a stagger, an action held -- every
    # complete offer of every seat is one the table takes
    d = table()
    d.do("gm", "start_session")
    fight(d, "widow", "ganyeka", "adler", "brandt")

    def check() -> None:
        for seat in ("gm", "ann", "bo"):
            _issue_every_offer(d, seat)

    d.do("ann", "attack", attacker="widow", target="adler", power="Venom Sting", dice=(6, 6))
    check()  # the GM's answer to the hit waits
    d.answer("gm", d.prompt("gm", "defend").id, "take")
    check()  # Ann's extreme effect waits
    d.do("ann", "extreme", attack=1, effect="staggering", dice=(1, 1))
    check()
    _next(d, "widow")
    d.do("bo", "grab", attacker="ganyeka", target="brandt", manoeuvre="hold", dice=(6, 6, 1, 1))
    check()  # Brandt held
    _next(d, "ganyeka")
    check()  # Adler's turn lost to the stagger, or Brandt's turn held fast
    while state(d).fight.turn.actor != "widow":
        actor = state(d).fight.turn.actor
        d.do("gm" if actor in ("adler", "brandt") else "bo", "end_turn", character=actor)
        check()
    d.do("ann", "delay", character="widow")
    check()  # Widow's action held


@pytest.mark.rules("BPB-ACT-004", "BPB-GRAB-011", "BPB-GRAB-013")
def test_r53_one_prone_is_offered_standing_up_not_a_walk_or_a_charge() -> None:
    # src 127: "With a movement action, a character may stand up from a prone ... position"; src 363: a trip
    # leaves one on the ground. Ganyeka trips Widow (4 + 12 = 16 vs 12; her break-out 4 + 2 vs 8 + 5 fails).
    # On her turn Ann's menu offers the move as standing up (before: a bare move, refused "prone: standing up
    # is the movement action") and no ram (a ram is the move; before: offered); issued as offered she stands
    d = table()
    fight(d, "ganyeka", "widow", "adler")
    d.do("bo", "grab", attacker="ganyeka", target="widow", manoeuvre="trip", dice=(6, 6, 1, 1))
    assert Status.PRONE in state(d).condition("widow").statuses
    _next(d, "ganyeka")
    assert _offers(d, "ann", "move") == [{"character": "widow", "stand_up": True}]
    assert _offers(d, "ann", "ram") == []
    _issue_every_offer(d, "ann")
    moved = one(d.do("ann", "move", payload=_offers(d, "ann", "move")[0]), "moved")
    assert moved.stand_up and Status.PRONE not in state(d).condition("widow").statuses
    d.do("ann", "attack", attacker="widow", target="adler", power="Venom Sting", dice=(1, 1))


@pytest.mark.rules("BPB-PP-005", "BPB-XS-009", "BPB-DMG-003")
def test_r54_a_bought_blast_with_expertise_is_still_never_extreme() -> None:
    # src 469: with expertise the player rolls a bought success to check for extreme; src 411: an
    # exploding attack does "not benefit from extreme success", so "There is no reason to roll". Bomber
    # (grenade expertise, Accuracy 4) buys the throw at Me's feet: a hit with no dice, no effect to choose
    grenade = Power(name="Grenade", rank=5, attack=AttackKind.RANGED, exploding_ft=50, expertise=True)
    d = cast(hero("bomber", owner="bo", powers=(grenade,), Accuracy=4, Perception=9), hero("me", owner="ann"))
    d.do("gm", "start_session")
    fight(d, "bomber", "me")
    events = d.do("gm", "explode", attacker="bomber", power="Grenade", distances={"me": 5}, plot_point=True)
    rolled = one(events, "exploded").roll
    assert (rolled.verdict.success, rolled.verdict.extreme, rolled.plot_point) == (True, False, True)
    assert rolled.faces == ()
    assert not [p for p in decisions(d) if p.kind == "extreme"]
    assert state(d).plot_points("bomber") == 0


@pytest.mark.rules("BPB-PP-009", "BPB-DMG-002")
def test_r55_a_force_field_stunted_into_a_blade_cuts_at_its_rank() -> None:
    # src 481: "A character with a rank 8 Force Field might use a power stunt to turn their force field into
    # a rank 8 force blade". Shield (Prowess 5) stunts it, then cuts Adler: 5 + 6 = 11 vs 8 + 2 = 10, DR 8
    # less Kevlar 2 = 6 (his dodge, 2 + 2d6 vs 8 + 8, is out of reach: no question to answer)
    field = Power(name="Force Field", rank=8, protects="Endurance", activated=True)
    d = cast(hero("shield", owner="ann", powers=(field,), Prowess=5, Perception=9),
             hero("adler", Prowess=2, Endurance=10, powers=(Power(name="Kevlar Vest", rank=2,
                  protects="Endurance"),)))  # fmt: skip
    d.do("gm", "start_session")
    fight(d, "shield", "adler")
    d.do("ann", "spend", character="shield", kind="stunt", power="Force Field", used_as="Force Blade",
         attack="melee")  # fmt: skip
    events = d.do("ann", "attack", attacker="shield", target="adler", power="Force Blade", dice=(3, 3))
    hit = one(events, "damaged")
    assert (hit.dr, hit.amount) == (8, 6)


@pytest.mark.rules("BPB-PP-011", "BPB-REC-001")
def test_r56_a_rally_with_nothing_lost_is_refused_and_the_point_kept() -> None:
    # src 487: a rally is to "recover as though they'd had a half-hour's worth of rest": unhurt, Widow has
    # nothing to recover: refused in words, her point kept
    d = table()
    d.do("gm", "start_session")
    d.refuse("ann", "spend", match="nothing to recover", character="widow", kind="rally")
    assert state(d).plot_points("widow") == 1


@pytest.mark.rules("BPB-EXT-004", "BPB-EXT-003")
def test_r57_only_the_named_roll_a_call() -> None:
    # src 206-208: the GM names who works on the task. A team of Widow and Adler: Bo may not roll it for
    # Ganyeka (not on it); a withdrawn call is no longer rolled at all
    d = table()
    d.do("gm", "team_task", members=["widow:Reason", "adler:Reason"], difficulty=12, required=2)
    d.refuse("bo", "roll", call=1, character="ganyeka", dice=(6, 6))
    d.do("gm", "withdraw", call=1)
    d.refuse("ann", "roll", match="no open call 1", call=1, character="widow", dice=(6, 6))


@pytest.mark.rules("BPB-DEF-006", "BPB-ACT-008")
def test_r58_only_the_targets_seat_answers_the_hit() -> None:
    # src 379: the defender chooses to block or dodge after the hit is known. Adler's shot hits Widow: Bo may
    # not answer for her; Ann does
    d = table()
    fight(d, "adler", "widow", "ganyeka")
    d.do("gm", "attack", attacker="adler", target="widow", power="Pistol", dice=(4, 5))
    d.refuse("bo", "defend", attack=1, character="widow", choice="take")
    d.answer("ann", d.prompt("ann", "defend").id, "take")


@pytest.mark.rules("BPB-EXT-003")
def test_r59_in_a_race_no_one_rolls_twice_before_the_other_once() -> None:
    # src 206: "the first person or team to achieve the required number": each side rolls once a round.
    # Widow and Ganyeka race for 2 successes; Widow rolls; her second before Ganyeka's first is refused
    d = table()
    d.do("gm", "contest", sides=["widow", "ganyeka"], attribute="Agility", difficulty=12, required=2)
    d.do("ann", "roll", call=1, character="widow", dice=(4, 4))
    d.refuse("ann", "roll", call=1, character="widow", dice=(4, 4))
    d.do("bo", "roll", call=1, character="ganyeka", dice=(4, 5))
    d.do("ann", "roll", call=1, character="widow", dice=(4, 4))


@pytest.mark.rules("BPB-REC-001", "BPB-REC-002")
def test_r60_a_day_of_care_after_the_half_hour_and_the_words_count_it() -> None:
    # src 433: after the half-hour rest "an injured character recovers half the endurance they have recently
    # lost. After that ... they will regain one Endurance per day". Brute's punch (DR 6, 9 + 2 vs 9) costs Me
    # 6; the rest gives 3; one day of care 1 more: 2 still lost. Ann reads "over 1 day" (before: "1 days")
    d = cast(hero("brute", Brawn=6, Prowess=9, Perception=9),
             hero("me", owner="ann", Endurance=10, Prowess=1, Agility=1))  # fmt: skip
    fight(d, "brute", "me")
    d.do("gm", "attack", attacker="brute", target="me", dice=(1, 1))  # no block or dodge reaches: it lands
    d.do("gm", "end_fight")
    assert one(d.do("gm", "rest", characters="me"), "rested").recovered == 3
    assert one(d.do("gm", "heal", character="me", days=1), "healed").amount == 1
    assert state(d).condition("me").lost == 2
    assert "Me heals 1 Endurance over 1 day." in d.words("ann")


@pytest.mark.rules("BPB-GRAB-005", "BPB-MOVE-003")
def test_r62_one_held_is_offered_the_leap_not_a_walk() -> None:
    # src 329: one held "can't use normal movement until they break the grapple"; a movement power is no
    # normal movement (src 30, 107). Widow holds Ganyeka (Prowess 4 + 12 = 16 vs 8 + 4; no grappling
    # expertise, so his break-out is 5 + 2 = 7 vs 8 + 4 = 12: fails). On his turn Bo's menu offers the move
    # by Leaping (before: a bare move, refused "held and cannot move"); issued as offered he leaps 40 ft
    d = table()
    fight(d, "widow", "ganyeka", "adler")
    d.do("ann", "grab", attacker="widow", target="ganyeka", manoeuvre="hold", dice=(6, 6, 1, 1))
    assert state(d).condition("ganyeka").held_by == "widow"
    _next(d, "widow")
    assert _offers(d, "bo", "move") == [{"character": "ganyeka", "power": "Leaping"}]
    _issue_every_offer(d, "bo")
    moved = one(d.do("bo", "move", payload=_offers(d, "bo", "move")[0]), "moved")
    assert moved.feet == 40


@pytest.mark.rules("BPB-GRAB-005", "BPB-GRAB-013")
def test_r63_one_held_on_foot_is_offered_no_charge() -> None:
    # src 329: one held "can't use normal movement"; a ram is a move (PROPOSED, BPB-GRAB-013). Ganyeka holds
    # Widow (4 + 12 = 16 vs 12, grappling expertise: extreme, her break-out 4 + 2 vs 8 + 5 + 3 fails); on her
    # turn Ann's menu offers no ram (before: offered, and refused "held and cannot charge"), still the attack
    d = table()
    fight(d, "ganyeka", "widow", "adler")
    d.do("bo", "grab", attacker="ganyeka", target="widow", manoeuvre="hold", dice=(6, 6, 1, 1))
    _next(d, "ganyeka")
    assert _offers(d, "ann", "ram") == []
    assert _offers(d, "ann", "attack") == [{"attacker": "widow"}]
    d.refuse("ann", "ram", rule="BPB-GRAB-005", attacker="widow", target="adler")
