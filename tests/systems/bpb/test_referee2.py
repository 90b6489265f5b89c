"""A referee's pass over the table, continued (see test_referee.py): situations written from the chapter
alone, played with given dice. The comment names the seed line (seeds/002_15e80e5795d6eba8.txt)."""

from __future__ import annotations

import pytest

from capeworks.engine.golden import replay_document
from capeworks.systems.bpb.model import Status
from capeworks.systems.bpb.sheet import AttackKind, Medium, Power
from tests.systems.bpb.helpers import decisions, fight, of, one, state, table
from tests.systems.bpb.test_combat import cast, hero
from tests.systems.bpb.test_referee import BLAST6, BLAST9


def _next(d, *who: str) -> None:
    """End the turns of ``who`` in order (each must be the one acting)."""
    owners = {c.id: c.owner or "gm" for c in state(d).characters.values()}
    for cid in who:
        assert state(d).fight.turn.actor == cid, f"{cid} is not acting: {state(d).fight.turn.actor}"
        d.do(owners[cid], "end_turn", character=cid)


@pytest.mark.rules("BPB-MOVE-007", "BPB-DEF-007")
@pytest.mark.parametrize(("mode", "extra"), [("walk", 0), ("run", 3)])
def test_s01_a_dodge_raised_after_a_run_is_harder(mode: str, extra: int) -> None:
    # src 103: a running character "incurs a +3 difficulty modifier on any attacks or task rolls"; src 383:
    # a dodge is "an Agility task roll". Widow runs for the pillar and makes her dodge the turn's task
    # action: Adler's Pistol 4 is dodged at 8 + 4 (+3 for the run), in his turn and after
    d = table()
    fight(d, "widow", "adler")
    d.do("ann", "move", character="widow", mode=mode)
    d.do("ann", "guard", character="widow", kind="dodge")
    _next(d, "widow")
    d.do("gm", "attack", attacker="adler", target="widow", power="Pistol", dice=(5, 5))  # 13 vs 12
    events = d.answer("ann", "defend-1", "dodge", dice=(1, 1))
    assert one(events, "defence_rolled").roll.task.difficulty == 8 + 4 + extra
    _next(d, "adler")
    assert state(d).fight.turn.actor == "widow"  # a new turn: a new guard walks at +0
    d.do("ann", "guard", character="widow", kind="dodge")
    _next(d, "widow")
    d.do("gm", "attack", attacker="adler", target="widow", power="Pistol", dice=(5, 5))
    events = d.answer("ann", "defend-2", "dodge", dice=(1, 1))
    assert one(events, "defence_rolled").roll.task.difficulty == 8 + 4


@pytest.mark.rules("BPB-MOVE-007", "BPB-DEF-007", "BPB-ROLL-005")
def test_s02_a_dodge_raised_after_a_sprint_is_out_of_reach() -> None:
    # src 103: sprinting, +6 on any task roll; src 153: more than 12 over the attribute is too difficult.
    # Widow (Agility 4) sprints and dodges: Adler's Pistol 4 at 8 + 4 + 6 = 18 needs 14 on 2d6: with no
    # plot point she has no dodge to try, and the hit lands without asking
    d = table()
    fight(d, "widow", "adler")
    d.do("ann", "move", character="widow", mode="sprint")
    d.do("ann", "guard", character="widow", kind="dodge")
    _next(d, "widow")
    events = d.do("gm", "attack", attacker="adler", target="widow", power="Pistol", dice=(6, 6))
    assert not decisions(d, "ann")
    assert one(events, "damaged").character == "widow"


@pytest.mark.rules("BPB-MOVE-007", "BPB-DEF-002", "BPB-DEF-003")
def test_s03_a_block_raised_before_a_declared_run_pays_it_on_each_attempt() -> None:
    # src 103, 133: the run after the task action binds the task too (declared first, BPB-MOVE-007); src
    # 373-375: a block is a Prowess roll at 8 + rank, +1 for each attack after the first. Widow declares a
    # run, blocks (the task action), then runs: Adler's knife (rank 2) is blocked at 8 + 2 + 3, then + 1
    d = table()
    fight(d, "widow", "adler", "brandt")
    d.do("ann", "pace", character="widow", mode="run")
    d.do("ann", "guard", character="widow", kind="block")
    d.do("ann", "move", character="widow", mode="run")
    _next(d, "widow")
    d.do("gm", "attack", attacker="adler", target="widow", power="Knife", dice=(5, 5))  # 12 vs 12
    first = one(d.answer("ann", "defend-1", "block", dice=(1, 1)), "defence_rolled").roll.task
    _next(d, "adler")
    d.do("gm", "attack", attacker="brandt", target="widow", power="Knife", dice=(5, 5))
    second = one(d.answer("ann", "defend-2", "block", dice=(1, 1)), "defence_rolled").roll.task
    assert (first.difficulty, second.difficulty) == (8 + 2 + 3, 8 + 2 + 1 + 3)


@pytest.mark.rules("BPB-TAKE-001", "BPB-TAKE-002")
@pytest.mark.parametrize(
    ("pressure", "penalty", "time_limit", "average", "maximum"),
    [
        (True, True, True, False, False),
        (True, False, False, False, False),
        (False, True, True, False, False),
        (False, True, False, True, False),
        (False, False, True, True, False),
        (False, False, False, True, True),
    ],
)
def test_s04_the_average_and_the_max_by_the_gms_three_conditions(
    pressure: bool, penalty: bool, time_limit: bool, average: bool, maximum: bool
) -> None:
    # src 214: the average "if the character is under no pressure, and there is no penalty for failure or
    # there is no time limit"; src 220: the max if under no pressure "and there is no penalty for failure and
    # there is no time limit". Widow, Reason 3, at a challenging 12: the average gives 10, the max 15
    d = table()
    for call, (take, allowed, total) in enumerate((("average", average, 3 + 7), ("max", maximum, 3 + 12)), 1):
        d.do("gm", "call_task", character="widow", attribute="Reason", level="challenging",
             pressure=pressure, penalty=penalty, time_limit=time_limit)  # fmt: skip
        if allowed:
            roll = one(d.do("ann", "roll", call=call, character="widow", take=take), "task_rolled").roll
            assert roll.verdict.total == total
        else:
            d.refuse("ann", "roll", call=call, character="widow", take=take)
            d.do("gm", "withdraw", call=call)


@pytest.mark.rules("BPB-XS-007", "BPB-PP-007")
@pytest.mark.parametrize(("dice", "staggered"), [((6, 4), False), ((6, 3), True)])
def test_s05_a_boosted_blast_staggers_at_its_boosted_rank(dice: tuple[int, int], staggered: bool) -> None:
    # src 242: the stagger roll is 2d6 + Willpower vs "8 plus the rank of the attack power"; src 475: the
    # boost adds a rank to the power. Zap's Blast 6 boosted to 7: Foe (Willpower 5) needs 8 + 7 = 15:
    # 5 + 10 resists, 5 + 9 (enough against rank 6) does not
    zap = hero("zap", owner="ann", powers=(BLAST6,), Accuracy=6)
    d = cast(zap, hero("foe", Endurance=20, Willpower=5))
    d.do("gm", "start_session")
    fight(d, "zap", "foe")
    d.do("ann", "spend", character="zap", kind="boost", power="Blast")
    d.do("ann", "attack", attacker="zap", target="foe", power="Blast", dice=(6, 6))  # 18 vs 10: extreme
    assert [p.kind for p in decisions(d)] == ["extreme"]  # his dodge, 2 + 2d6 vs 8 + 7, is out of reach
    events = d.answer("ann", "extreme-1", "staggering", dice=(*dice,))
    resisted = one(events, "stagger_rolled")
    assert resisted.roll.task.difficulty == 8 + 7
    assert (Status.STAGGERED in state(d).condition("foe").statuses) is staggered


@pytest.mark.rules("BPB-GRAB-003", "BPB-GRAB-004", "BPB-ROLL-001")
def test_s06_a_break_out_that_meets_the_difficulty_breaks_free() -> None:
    # src 315: the defender rolls the greater of Brawn and Agility against 8 + the attacker's greater; src
    # 147: "equals or exceeds" succeeds; src 317: broken free, "no ill effects". Ganyeka (Brawn 5) grabs
    # Widow (Agility 4): she needs 13, and rolls 4 + 9 = 13
    d = table()
    fight(d, "ganyeka", "widow")
    events = d.do("bo", "grab", attacker="ganyeka", target="widow", manoeuvre="squeeze", dice=(5, 5, 5, 4))
    assert not of(events, "damaged")
    assert state(d).condition("widow").held_by is None


@pytest.mark.rules("BPB-TURN-001", "BPB-TURN-002", "BPB-ACT-001")
def test_s07_a_held_action_spent_next_round_leaves_that_rounds_own_turn() -> None:
    # src 287: the held action may be used "on a successive round"; src 117: a character performs one
    # movement and one task action "during their round": Widow's round-1 action, held, strikes at the top
    # of round 2 before Adler; her own round-2 turn still comes after him, whole
    d = table()
    d.do("gm", "start_fight", characters="adler, widow", aware_first="adler, widow")
    _next(d, "adler")
    d.do("ann", "delay", character="widow")
    d.do("ann", "preempt", character="widow")
    d.do("ann", "attack", attacker="widow", target="adler", power="Venom Sting", dice=(1, 1))
    d.refuse("ann", "attack", rule="BPB-ACT-001", attacker="widow", target="adler", power="Venom Sting")
    _next(d, "widow", "adler")
    assert (state(d).round, state(d).fight.turn.actor) == (2, "widow")
    assert not state(d).fight.turn.task and not state(d).fight.turn.lost
    d.do("ann", "attack", attacker="widow", target="adler", power="Venom Sting", dice=(1, 1))


@pytest.mark.rules("BPB-MOD-002", "BPB-MOD-003", "BPB-MOVE-008")
def test_s08_a_held_item_on_a_sprinter_shot_blind_in_one_eye() -> None:
    # src 175: only the largest difficulty modifier applies, but the held item's +3 "is cumulative with any
    # other defense modifier"; src 196-199: can't see +3, sprinting defender +3, held item +3. Foe
    # sprinted this round; Ace, who can't see him well, shoots the gun in his hand: 3 + 3, not 9
    d = cast(hero("foe", Perception=5), hero("ace", owner="ann", powers=(BLAST6,), Accuracy=9))
    fight(d, "foe", "ace")
    d.do("gm", "move", character="foe", mode="sprint")
    _next(d, "foe")
    events = d.do("ann", "attack", attacker="ace", target="foe", power="Blast",
                  circumstances="attacker_cant_see", held_item=True, dice=(1, 1))  # fmt: skip
    assert one(events, "attack_rolled").roll.task.difficulty == 8 + 2 + 3 + 3


@pytest.mark.rules("BPB-DMG-001", "BPB-DMG-007", "BPB-DMG-008", "BPB-DMG-010")
def test_s09_a_human_punch_against_skin_and_then_the_field() -> None:
    # src 403: Brawn 3 bare hands, DR 3, stunning; src 425: the protection comes off the DR; src 429: only
    # the greatest layer. Thug punches Widow (Invulnerability 2): 1 stunning; with her Force Field 3 on: 0
    d = cast(hero("thug", owner="bo", Brawn=3, Prowess=9, Perception=9))
    d.do("gm", "add_character", id="widow", sample="widow", owner="ann")
    fight(d, "thug", "widow")
    d.do("bo", "attack", attacker="thug", target="widow", dice=(6, 6))  # 21 vs 12
    if decisions(d, "ann"):
        d.answer("ann", "defend-1", "take")
    c = state(d).condition("widow")
    assert (c.stunning, c.lost) == (1, 0)
    _next(d, "thug")
    d.do("ann", "switch", character="widow", power="Force Field")
    _next(d, "widow")
    d.do("bo", "attack", attacker="thug", target="widow", dice=(6, 6))
    if decisions(d, "ann"):
        d.answer("ann", "defend-2", "take")
    c = state(d).condition("widow")
    assert (c.stunning, c.lost) == (1, 0)


@pytest.mark.rules("BPB-MOVE-007", "BPB-TURN-001", "BPB-DEF-007")
def test_s10_a_dodge_held_after_a_run_is_still_run_at() -> None:
    # src 16, 287: Widow runs, then holds her task action; src 103: the task of a running turn is +3,
    # whenever she spends it. She pre-empts Brandt to raise a dodge: Adler's Pistol 4 is dodged at 8 + 4 + 3
    d = table()
    d.do("gm", "start_fight", characters="widow, brandt, adler", aware_first="widow, brandt, adler")
    d.do("ann", "move", character="widow", mode="run")
    d.do("ann", "delay", character="widow")
    assert state(d).fight.turn.actor == "brandt"
    d.do("ann", "preempt", character="widow")
    d.do("ann", "guard", character="widow", kind="dodge")
    _next(d, "widow", "brandt")
    d.do("gm", "attack", attacker="adler", target="widow", power="Pistol", dice=(5, 5))  # 13 vs 12
    events = d.answer("ann", "defend-1", "dodge", dice=(1, 1))
    assert one(events, "defence_rolled").roll.task.difficulty == 8 + 4 + 3


@pytest.mark.rules("BPB-TURN-002", "BPB-PP-007")
def test_s11_a_boosted_perception_cuts_in_before_a_quicker_hand() -> None:
    # src 287: a held action pre-empts "unless the other character has a higher Perception/Agility/
    # Willpower"; src 475: a boost raises an attribute a rank. Ann's Ace (Perception 3, Agility 2) holds;
    # Bo's Bolt (Perception 3, Agility 3) is quicker and Ace may not cut in; Perception boosted to 4, he may
    d = cast(
        hero("ace", owner="ann", Perception=3, Agility=2), hero("bolt", owner="bo", Perception=3, Agility=3)
    )
    d.do("gm", "start_session")
    d.do("gm", "start_fight", characters="ace, bolt", aware_first="ace, bolt")
    d.do("ann", "delay", character="ace")
    assert state(d).fight.turn.actor == "bolt"
    d.refuse("ann", "preempt", rule="BPB-TURN-002", character="ace")
    d.do("ann", "spend", character="ace", kind="boost", power="Perception")
    d.do("ann", "preempt", character="ace")
    assert state(d).fight.turn.actor == "ace"


@pytest.mark.rules("BPB-DMG-003", "BPB-DMG-004")
def test_s12_a_grenade_thrown_too_close_catches_its_thrower() -> None:
    # src 411: an exploding attack "causes its damage to everyone within a certain range of the target";
    # src 413: full DR 5 within 25 ft. Adler lobs a grenade 10 ft from himself, at Widow's feet: both are
    # in it, his vest (2) and her skin (2) take 2 off 5
    d = table()
    fight(d, "adler", "widow")
    events = d.do("gm", "explode", attacker="adler", power="Grenade", distances={"widow": 0, "adler": 10},
                  dice=(3, 3))  # fmt: skip
    assert one(events, "exploded").hits == {"widow": 5, "adler": 5}
    assert (state(d).condition("widow").lost, state(d).condition("adler").lost) == (3, 3)


@pytest.mark.rules("BPB-DEF-007", "BPB-XS-005")
def test_s13_a_dodge_under_a_raised_guard_undoes_an_extreme_hit_and_its_slam() -> None:
    # src 389: "A successful dodge completely negates the attack": the extreme hit's slam never comes, and
    # the guard raised on her turn costs nothing more (src 385: she may go on dodging until her next action)
    d = cast(
        hero("me", owner="ann", Agility=9, Endurance=20, Perception=9),
        hero("zap", powers=(BLAST6,), Accuracy=9),
    )
    fight(d, "me", "zap")
    d.do("ann", "guard", character="me", kind="dodge")
    _next(d, "me")
    d.do("gm", "attack", attacker="zap", target="me", power="Blast", dice=(6, 6))  # 21 vs 17: extreme
    events = d.answer("ann", "defend-1", "dodge", dice=(3, 3))  # 9 + 6 = 15 vs 8 + 6 = 14
    assert one(events, "defence_rolled").roll.verdict.success
    assert not decisions(d) and state(d).condition("me").lost == 0
    assert state(d).fight.guards["me"].attempts == 1 and not state(d).condition("me").lost_actions


@pytest.mark.rules("BPB-MOVE-007", "BPB-TURN-004", "BPB-TURN-002")
def test_s14_a_forced_dodge_half_way_through_a_running_turn_is_harder() -> None:
    # src 103: running, +3 on "any attacks or task rolls" (that turn, BPB-MOVE-007); src 297: a forced
    # dodge. Widow runs and stings; Zap, holding his action, cuts in and blasts her while her turn is under
    # way: her forced dodge is a task roll of her running turn, 8 + 4 + 3
    blast4 = Power(name="Blast", rank=4, attack=AttackKind.RANGED)
    zap = hero("zap", powers=(blast4,), Accuracy=9, Perception=9)
    d = table(cast=("widow",))
    d.patch(characters={**state(d).characters, "zap": zap})
    d.do("gm", "start_fight", characters="zap, widow", aware_first="zap, widow")
    d.do("gm", "delay", character="zap")
    d.do("ann", "move", character="widow", mode="run")
    d.do("ann", "attack", attacker="widow", target="zap", power="Venom Sting", dice=(1, 1))
    d.do("gm", "preempt", character="zap")
    d.do("gm", "attack", attacker="zap", target="widow", power="Blast", dice=(2, 2))  # 13 vs 12
    events = d.answer("ann", "defend-2", "dodge", dice=(1, 1))
    rolled = one(events, "defence_rolled")
    assert (rolled.forced, rolled.roll.task.difficulty) == (True, 8 + 4 + 3)


def _take(d, prompt: str) -> None:
    """Take the hit ``prompt`` asks about, if it asks (a target with no block or dodge is not asked)."""
    if any(p.id == prompt for p in d.prompts()):
        d.answer("gm", prompt, "take")


# -- a second round: the sections cited least (protection and damage kinds, grapples, modifiers) ---------


@pytest.mark.rules("BPB-GRAB-007", "BPB-MOD-002")
def test_s15_a_living_shield_and_a_blind_shot_give_only_the_larger_bonus() -> None:
    # src 331: interposing gives the grappler "a +3 defense bonus"; src 175: "only ... the largest difficulty
    # modifier" applies. Ganyeka holds Brandt as a shield; Adler, who can't see him well, shoots Ganyeka:
    # 8 + Agility 3 + 3, not + 6
    d = table()
    fight(d, "ganyeka", "adler", "brandt")
    d.do("bo", "grab", attacker="ganyeka", target="brandt", manoeuvre="interpose", dice=(6, 6, 1, 1))
    assert Status.INTERPOSING in state(d).condition("ganyeka").statuses
    _next(d, "ganyeka")
    events = d.do("gm", "attack", attacker="adler", target="ganyeka", power="Pistol",
                  circumstances="attacker_cant_see", dice=(1, 1))  # fmt: skip
    assert one(events, "attack_rolled").roll.task.difficulty == 8 + 3 + 3


@pytest.mark.rules("BPB-XS-004", "BPB-DMG-009")
def test_s16_an_overwhelming_drain_adds_three_ranks_of_its_own_damage() -> None:
    # src 232: for attacks with "some other form of damage ... the total rank of the power is increased by
    # three"; src 427: Reason damage needs protection against Reason. Mind (Reason Drain 4, expertise)
    # overwhelms Foe: 4 + 3 = 7 Reason, less his Attribute Invulnerability 2 = 5; his Invulnerability 6
    # (Endurance) does nothing
    drain = Power(name="Reason Drain", rank=4, attack=AttackKind.RANGED, damages="Reason", expertise=True)
    shield = Power(name="Attribute Invulnerability", rank=2, protects="Reason")
    skin = Power(name="Invulnerability", rank=6, protects="Endurance")
    d = cast(hero("mind", owner="ann", powers=(drain,), Accuracy=9),
             hero("foe", powers=(shield, skin), Reason=9))  # fmt: skip
    fight(d, "mind", "foe")
    d.do("ann", "attack", attacker="mind", target="foe", power="Reason Drain", dice=(6, 6))  # 21 vs 10
    _take(d, "defend-1")
    d.answer("ann", "extreme-1", "overwhelming")
    c = state(d).condition("foe")
    assert (c.drained, c.lost, c.stunning) == ({"Reason": 5}, 0, 0)


@pytest.mark.rules("BPB-REC-001", "BPB-REC-003")
def test_s17_a_rest_gives_back_all_the_drained_reason_but_half_the_endurance() -> None:
    # src 433: after the rest "half the endurance they have recently lost"; src 435: "some other form of
    # damage ... It all comes back". Foe lost 4 Endurance to a fist and 3 Reason to a drain: after the
    # half-hour rest he is down 2 Endurance and no Reason
    drain = Power(name="Reason Drain", rank=3, attack=AttackKind.RANGED, damages="Reason")
    fist = Power(name="Fist", rank=4, attack=AttackKind.MELEE)
    d = cast(hero("mind", owner="ann", powers=(drain, fist), Accuracy=9, Prowess=9, Perception=9),
             hero("foe", Reason=9))  # fmt: skip
    fight(d, "mind", "foe")
    d.do("ann", "attack", attacker="mind", target="foe", power="Reason Drain", dice=(6, 6))
    _take(d, "defend-1")
    _next(d, "mind", "foe")
    d.do("ann", "attack", attacker="mind", target="foe", power="Fist", dice=(6, 6))
    _take(d, "defend-2")
    c = state(d).condition("foe")
    assert (c.drained, c.lost) == ({"Reason": 3}, 4)
    d.do("gm", "end_fight")
    d.do("gm", "rest")
    c = state(d).condition("foe")
    assert (c.drained.get("Reason", 0), c.lost) == (0, 2)


@pytest.mark.rules("BPB-XS-004", "BPB-DMG-006")
def test_s18_an_overwhelming_penetrating_blast_halves_the_field_after_the_three_ranks() -> None:
    # src 232: overwhelming adds three to the DR, protection applies "to the total"; src 417: penetrating
    # ignores half the protection "round in defender's favor". Blast 7 (+3) = 10 against Force Field 5:
    # 5 ignores 2, leaving 3: 7 Endurance lost
    blast = Power(name="Blast", rank=7, attack=AttackKind.RANGED, penetrating=True, expertise=True)
    field = Power(name="Force Field", rank=5, protects="Endurance")
    d = cast(
        hero("zap", owner="ann", powers=(blast,), Accuracy=9), hero("foe", powers=(field,), Endurance=20)
    )
    fight(d, "zap", "foe")
    d.do("ann", "attack", attacker="zap", target="foe", power="Blast", dice=(6, 6))  # 21 vs 10
    _take(d, "defend-1")
    d.answer("ann", "extreme-1", "overwhelming")
    assert state(d).condition("foe").lost == 10 - 3


@pytest.mark.rules("BPB-DMG-002", "BPB-DMG-001")
@pytest.mark.parametrize(("brawn", "lost", "stunning"), [(5, 5, 0), (3, 3, 0), (1, 2, 0)])
def test_s19_a_knife_cuts_at_the_better_of_its_rating_and_the_hand(
    brawn: int, lost: int, stunning: int
) -> None:
    # src 405: a knife does "their inherent damage rating (DR), or ... the Brawn rank of the wielder,
    # whichever is greater"; weapon damage is normal, not the bare hand's stunning (BPB-DMG-002 PROPOSED)
    knife = Power(name="Knife", rank=2, attack=AttackKind.MELEE, weapon=True)
    d = cast(hero("cut", owner="ann", powers=(knife,), Prowess=9, Perception=9, Brawn=brawn),
             hero("foe", Endurance=20))  # fmt: skip
    fight(d, "cut", "foe")
    d.do("ann", "attack", attacker="cut", target="foe", power="Knife", dice=(6, 6))
    _take(d, "defend-1")
    c = state(d).condition("foe")
    assert (c.lost, c.stunning) == (lost, stunning)


@pytest.mark.rules("BPB-GRAB-011")
def test_s20_no_trip_for_one_in_the_air() -> None:
    # src 361: "Tripping is only effective against targets whose feet are on the ground". Flier flies from
    # the start: Widow cannot trip him; Adler on his feet she can
    flight = Power(name="Flight", rank=4, movement=True, goes=Medium.AIR)
    d = table(cast=("widow", "adler"))
    d.patch(characters={**state(d).characters, "flier": hero("flier", powers=(flight,))})
    d.do("gm", "start_fight", characters="widow, flier, adler", aware_first="widow, flier, adler",
         airborne="flier")  # fmt: skip
    d.refuse("ann", "grab", attacker="widow", target="flier", manoeuvre="trip", dice=(6, 6, 1, 1))
    d.do("ann", "grab", attacker="widow", target="adler", manoeuvre="trip", dice=(6, 6, 1, 1))
    assert Status.PRONE in state(d).condition("adler").statuses


@pytest.mark.rules("BPB-ACT-004", "BPB-ACT-001")
def test_s21_standing_up_is_the_turns_movement() -> None:
    # src 127: "With a movement action, a character may stand up from a prone or seated position"; src 117:
    # one movement action a turn. Widow trips Adler; on his turn he stands, and may not then also walk
    d = table()
    fight(d, "widow", "adler")
    d.do("ann", "grab", attacker="widow", target="adler", manoeuvre="trip", dice=(6, 6, 1, 1))
    _next(d, "widow")
    d.do("gm", "move", character="adler", stand_up=True)
    assert Status.PRONE not in state(d).condition("adler").statuses
    d.refuse("gm", "move", character="adler", mode="walk")


@pytest.mark.rules("BPB-ACT-003", "BPB-TURN-004")
def test_s22_a_field_switched_on_off_turn_only_as_a_forced_action() -> None:
    # src 123: free actions (activating a power) only "until it is their turn"; src 297: a forced action may
    # "activate a defensive power" and sacrifices the next action. Off her turn, Widow may not simply
    # switch her Force Field on; forced, she may, and loses her next turn's action
    d = table()
    fight(d, "adler", "widow")
    d.refuse("ann", "switch", character="widow", power="Force Field")
    d.do("ann", "switch", character="widow", power="Force Field", forced=True)
    assert "Force Field" in state(d).condition("widow").on
    assert state(d).condition("widow").lost_actions == 1


@pytest.mark.rules("BPB-XS-008", "BPB-ACT-003")
def test_s23_a_field_lost_to_a_stagger_stays_off_through_the_lost_turn() -> None:
    # src 244: activated powers "turn off when a character is staggered" and "can't be turned back on until
    # the character is able to take their next action"; src 242: the stagger takes the next action. Zap
    # staggers Me (who has not acted); her Force Field drops; on her lost turn it stays off; next round on
    ff = Power(name="Force Field", rank=3, protects="Endurance", activated=True)
    d = cast(hero("zap", powers=(BLAST6,), Accuracy=9, Perception=9),
             hero("me", owner="ann", powers=(ff,), Endurance=20))  # fmt: skip
    d.patch(conditions={"me": state(d).condition("me").model_copy(update={"on": ("Force Field",)})})
    fight(d, "zap", "me")
    d.do("gm", "attack", attacker="zap", target="me", power="Blast", dice=(6, 6))  # 21 vs 10
    _take(d, "defend-1")
    d.answer("gm", "extreme-1", "staggering", dice=(1, 1))  # 2 + 2 vs 14
    d.answer("ann", "keep-1", "drop")
    assert "Force Field" not in state(d).condition("me").on
    _next(d, "zap")
    assert state(d).fight.turn.actor == "me" and state(d).fight.turn.lost
    d.refuse("ann", "switch", character="me", power="Force Field")
    _next(d, "me", "zap")
    d.do("ann", "switch", character="me", power="Force Field")
    assert "Force Field" in state(d).condition("me").on


@pytest.mark.rules("BPB-DMG-004")
@pytest.mark.parametrize(("feet", "dr"), [(25, 5), (26, 3), (50, 3), (51, None)])
def test_s24_a_grenade_at_the_edges_of_its_rings(feet: int, dr: int | None) -> None:
    # src 413: full DR "from the center out to a radius of 25 feet", 3 "from 25 feet out to the limit of its
    # radius of 50 feet"; beyond 50 feet nothing. Adler's grenade (DR 5) lands by Widow
    d = table()
    fight(d, "adler", "widow")
    events = d.do("gm", "explode", attacker="adler", power="Grenade", distances={"widow": feet}, dice=(3, 3))
    hits = one(events, "exploded").hits
    assert hits.get("widow") == dr


@pytest.mark.rules("BPB-DMG-003", "BPB-XS-009")
def test_s25_a_grenade_expert_rolling_boxcars_gets_no_extreme() -> None:
    # src 411: the explosion's roll is at 9, and "they do not benefit from extreme success". Bomber has
    # expertise with his grenade and rolls 12 + Accuracy 4 = 16, seven over 9: no effect to choose
    grenade = Power(name="Grenade", rank=5, attack=AttackKind.RANGED, exploding_ft=50, expertise=True)
    d = cast(hero("bomber", powers=(grenade,), Accuracy=4, Perception=9), hero("me", owner="ann"))
    fight(d, "bomber", "me")
    events = d.do("gm", "explode", attacker="bomber", power="Grenade", distances={"me": 5}, dice=(6, 6))
    assert one(events, "explode_rolled" if of(events, "explode_rolled") else "exploded")
    assert not [p for p in decisions(d) if p.kind == "extreme"]
    assert state(d).condition("me").lost == 5


@pytest.mark.rules("BPB-MOVE-010", "BPB-MOVE-007")
def test_s26_a_super_runner_sprints_at_plus_six_and_never_tires() -> None:
    # src 107: movement powers "may also be used to ... sprint ... and incur the same difficulty modifiers";
    # src 105: the one-minute limit "does not apply to characters using a movement power". Dash sprints with
    # Super-running eleven rounds running (past a natural minute), and her punch on the last is at + 6
    run = Power(name="Super-running", rank=6, movement=True)
    d = cast(hero("dash", owner="ann", powers=(run,), Perception=9, Prowess=4), hero("foe"))
    fight(d, "dash", "foe")
    for _ in range(10):
        d.do("ann", "move", character="dash", mode="sprint", power="Super-running")
        _next(d, "dash", "foe")
    d.do("ann", "move", character="dash", mode="sprint", power="Super-running")
    events = d.do("ann", "attack", attacker="dash", target="foe", dice=(1, 1))
    assert one(events, "attack_rolled").roll.task.difficulty == 8 + 2 + 6


@pytest.mark.rules("BPB-MOD-004", "BPB-MOD-002")
def test_s28_a_sleeping_mind_is_easier_to_reach_but_only_by_six() -> None:
    # src 369: "If the target ... is unconscious ... the attacker gains a +6 attack bonus. This applies to
    # powers such as Telepathy"; src 175: only the largest bonus (surprised +3 too adds nothing)
    tele = Power(name="Telepathy", rank=5, attack=AttackKind.MENTAL, damages="Willpower")
    d = cast(hero("psi", owner="ann", powers=(tele,), Willpower=4, Perception=9), hero("foe", Endurance=1))
    d.patch(
        conditions={"foe": state(d).condition("foe").model_copy(update={"statuses": (Status.UNCONSCIOUS,)})}
    )
    fight(d, "psi", "foe")
    # the GM rules the foe surprised too (T5 is the GM's to rule, BPB-MOD-001: test_referee6.py v01)
    events = d.do("gm", "attack", attacker="psi", target="foe", power="Telepathy",
                  circumstances="defender_surprised", dice=(1, 1))  # fmt: skip
    assert one(events, "attack_rolled").roll.task.bonus == 6


@pytest.mark.rules("BPB-MOD-002", "BPB-MOVE-008")
def test_s29_a_runner_shooting_a_sprinter_pays_three_not_six() -> None:
    # src 175: "only ... the largest difficulty modifier"; src 197-198: attacker running +3, defender
    # sprinting +3. Foe sprinted this round; Ace runs and shoots him: 8 + 2 + 3
    d = cast(hero("foe", Perception=9), hero("ace", owner="ann", powers=(BLAST6,), Accuracy=9))
    fight(d, "foe", "ace")
    d.do("gm", "move", character="foe", mode="sprint")
    _next(d, "foe")
    d.do("ann", "move", character="ace", mode="run")
    events = d.do("ann", "attack", attacker="ace", target="foe", power="Blast", dice=(1, 1))
    assert one(events, "attack_rolled").roll.task.difficulty == 8 + 2 + 3


@pytest.mark.rules("BPB-ROLL-007")
def test_s30_a_hacker_against_an_administrator_is_eight_plus_his_reason() -> None:
    # src 169: "When attempting an opposed task, the task difficulty is equal to 8 plus the defender's
    # relevant attribute": Widow (Reason 3) hacks Adler's system (Reason 2): 10; 3 + 7 = 10 succeeds
    d = table()
    d.do(
        "gm", "call_task", character="widow", attribute="Reason", against="adler", against_attribute="Reason"
    )
    roll = one(d.do("ann", "roll", call=1, character="widow", dice=(3, 4)), "task_rolled").roll
    assert (roll.task.difficulty, roll.verdict.success) == (10, True)


@pytest.mark.rules("BPB-GRAB-006")
def test_s31_widow_squeezes_with_her_agility() -> None:
    # src 330: the squeeze's DR "is equal to the attacker's rank in Brawn or Agility (whichever is greater)";
    # above 3 it is normal damage. Widow (Brawn 2, Agility 4) squeezes Adler (vest 2): 4 - 2 = 2, normal
    d = table()
    fight(d, "widow", "adler")
    d.do("ann", "grab", attacker="widow", target="adler", manoeuvre="squeeze", dice=(6, 6, 1, 1))
    c = state(d).condition("adler")
    assert (c.lost, c.stunning) == (2, 0)


@pytest.mark.rules("BPB-GRAB-005", "BPB-ACT-004")
def test_s32_one_held_cannot_walk_away() -> None:
    # src 329: a restrained character "can't use normal movement until they break the grapple". Ganyeka
    # holds Adler; on Adler's turn his walk is refused
    d = table()
    fight(d, "ganyeka", "adler")
    d.do("bo", "grab", attacker="ganyeka", target="adler", manoeuvre="hold", dice=(6, 6, 1, 1))
    _next(d, "ganyeka")
    d.refuse("gm", "move", character="adler", mode="walk")


@pytest.mark.rules("BPB-RANGE-003", "BPB-MOD-003")
def test_s33_a_far_shot_at_a_held_gun_stacks_both() -> None:
    # src 111: +3 "for each additional range band"; src 175: the held item's +3 "is cumulative with any other
    # defense modifier". Ace (a pistol, band 3) shoots the gun in Widow's hand 1,600 ft off (band 4), and
    # can't see her well: 8 + 4 + 3 (can't see) + 3 (held) + 3 (a band)
    pistol = Power(name="Pistol", rank=4, band=3, attack=AttackKind.RANGED)
    d = table(cast=("widow",))
    d.patch(
        characters={**state(d).characters, "ace": hero("ace", powers=(pistol,), Accuracy=9, Perception=9)}
    )
    fight(d, "ace", "widow")
    events = d.do("gm", "attack", attacker="ace", target="widow", power="Pistol", distance_ft=1600,
                  held_item=True, circumstances="attacker_cant_see", dice=(1, 1))  # fmt: skip
    assert one(events, "attack_rolled").roll.task.difficulty == 8 + 4 + 3 + 3 + 3


@pytest.mark.rules("BPB-DMG-007", "BPB-REC-001")
def test_s34_the_stunning_all_comes_back_the_wound_only_half() -> None:
    # src 421: stunning damage "all comes back after the fight is over"; src 433: half the Endurance
    # "recently lost". Thug (Brawn 3) punches Foe for 3 stunning, Brute (Brawn 5) for 5 normal: after the
    # rest Foe is down 2 normal (5 - 3, half rounded up back) and no stunning
    d = cast(hero("thug", Brawn=3, Prowess=9, Perception=9), hero("brute", Brawn=5, Prowess=9, Perception=8),
             hero("foe", owner="ann", Endurance=20))  # fmt: skip
    fight(d, "thug", "brute", "foe")
    d.do("gm", "attack", attacker="thug", target="foe", dice=(6, 6))
    _take(d, "defend-1")
    _next(d, "thug")
    d.do("gm", "attack", attacker="brute", target="foe", dice=(6, 6))
    _take(d, "defend-2")
    c = state(d).condition("foe")
    assert (c.stunning, c.lost) == (3, 5)
    d.do("gm", "end_fight")
    d.do("gm", "rest")
    c = state(d).condition("foe")
    assert (c.stunning, c.lost) == (0, 2)


@pytest.mark.rules("BPB-INIT-002")
def test_s35_a_coin_that_lands_level_is_flipped_again() -> None:
    # src 254: with identical Perception, Agility and Willpower "the GM should randomly determine who goes
    # first (flip a coin)". A coin never ties; the table's die can: X and Y both roll 4, so they roll again
    # (X 2, Y 5) and Y goes first; the order the GM typed them in decides nothing
    d = cast(hero("x"), hero("y"))
    events = d.do("gm", "start_fight", characters="x, y", dice=(4, 4, 2, 5))
    started = one(events, "fight_started")
    assert started.order == ("y", "x")
    assert started.coins == ("x:4", "y:4", "x:2", "y:5")


@pytest.mark.rules("BPB-DEF-003", "BPB-DEF-007", "BPB-XS-007")
def test_s36_a_dodge_outlasts_the_turn_a_stagger_took() -> None:
    # src 385: the dodger "may continue to dodge ... until their next action" (src 375's example: until "their
    # next action two rounds later", the turn in between sacrificed); src 242: the stagger takes the next
    # action. Widow dodges on her turn; Zap's extreme hit (her dodge fails) staggers her: round 2's turn is
    # lost, and Adler's shot after it still meets her dodge, at + 1
    zap = hero("zap", powers=(BLAST6,), Accuracy=9, Perception=4, Agility=3)
    d = table(cast=("widow", "adler"))
    d.patch(characters={**state(d).characters, "zap": zap})
    widow = state(d).characters["widow"]
    d.patch(characters={**state(d).characters, "widow": widow.model_copy(
        update={"attributes": {**widow.attributes, "Endurance": 20}})})  # fmt: skip
    fight(d, "widow", "zap", "adler")
    d.do("ann", "guard", character="widow", kind="dodge")
    _next(d, "widow")
    d.do("gm", "attack", attacker="zap", target="widow", power="Blast", dice=(6, 6))  # 21 vs 12: extreme
    d.answer("ann", "defend-1", "dodge", dice=(1, 1))  # 6 vs 14: fails
    d.answer("gm", "extreme-1", "staggering", dice=(1, 1))  # 5 vs 14: staggered
    _next(d, "zap", "adler")
    assert state(d).fight.turn.actor == "widow" and state(d).fight.turn.lost
    _next(d, "widow", "zap")
    d.do("gm", "attack", attacker="adler", target="widow", power="Pistol", dice=(6, 6))  # 15 vs 12
    events = d.answer("ann", "defend-2", "dodge", dice=(1, 1))
    assert one(events, "defence_rolled").roll.task.difficulty == 8 + 4 + 1


@pytest.mark.rules("BPB-PP-005", "BPB-DEF-007")
def test_s37_a_dodge_bought_with_a_point_stays_up_for_the_next_shot() -> None:
    # src 471: "An automatic success lasts as long as the effects of the roll would normally last"; src 385:
    # a dodge lasts "until their next action". Widow's forced dodge, bought with her plot point, is still up
    # after her lost round-2 turn: Adler's second shot is dodged with a roll, at 8 + 4 + 1
    d = table()
    d.do("gm", "start_session")
    fight(d, "adler", "widow")
    d.do("gm", "attack", attacker="adler", target="widow", power="Pistol", dice=(6, 5))
    d.do("ann", "defend", attack=1, character="widow", choice="dodge", forced=True, plot_point=True)
    _next(d, "adler", "widow")  # round 1: her turn paid for the dodge
    d.do("gm", "attack", attacker="adler", target="widow", power="Pistol", dice=(6, 5))
    events = d.answer("ann", "defend-2", "dodge", dice=(4, 5))  # 13 vs 13
    rolled = one(events, "defence_rolled")
    assert (rolled.forced, rolled.roll.task.difficulty, rolled.roll.verdict.success) == (False, 13, True)


@pytest.mark.rules("BPB-TURN-004", "BPB-TURN-006")
def test_s38_two_forced_actions_in_two_rounds_cost_two_turns() -> None:
    # src 297: a forced action sacrifices "their next available action, whether that action would be in the
    # current round or on the next round", once a round. Widow acts in round 1, then forces a dodge (round 2's
    # action goes); in round 2, before her turn, she forces her Force Field on: the next available action is
    # round 3's. She acts again in round 4
    d = table()
    fight(d, "widow", "adler")
    _next(d, "widow")
    d.do("gm", "attack", attacker="adler", target="widow", power="Pistol", dice=(6, 5))
    d.answer("ann", "defend-1", "dodge", dice=(6, 6))
    _next(d, "adler")
    assert (state(d).round, state(d).fight.turn.lost) == (2, True)
    _next(d, "widow")
    d.do("ann", "switch", character="widow", power="Force Field", forced=True)
    _next(d, "adler")
    assert (state(d).round, state(d).fight.turn.actor, state(d).fight.turn.lost) == (3, "widow", True)
    _next(d, "widow", "adler")
    assert (state(d).round, state(d).fight.turn.actor, state(d).fight.turn.lost) == (4, "widow", False)


@pytest.mark.rules("BPB-GRAB-008")
def test_s39_a_throw_at_rank_nought_barely_moves_him() -> None:
    # src 347: the throw's rank is Brawn less the mass's Lifts rank, "also the damage rating
    # (DR) of the impact". Widow (Brawn 2) throws Ganyeka (320 lb, rank 2): rank 0, Throws[0] = 3 ft, DR 0
    d = table()
    fight(d, "widow", "ganyeka")
    events = d.do("ann", "grab", attacker="widow", target="ganyeka", manoeuvre="throw", dice=(6, 6, 1, 1))
    thrown = one(events, "thrown")
    assert (thrown.rank, thrown.distance_ft, thrown.dr) == (0, 3, 0)
    assert state(d).condition("ganyeka").lost == 0


@pytest.mark.rules("BPB-TAKE-002", "BPB-TAKE-003", "BPB-XS-001")
def test_s40_taking_the_max_with_expertise_is_an_extreme_success() -> None:
    # src 220: the max is 12 on the dice; src 226: three over with expertise is extreme (BPB-TAKE-003
    # PROPOSED: a taken roll may be extreme). Widow (Agility 4, Acrobatics) takes the max at 12: 16
    d = table()
    d.do("gm", "call_task", character="widow", attribute="Agility", skill="Acrobatics", level="challenging",
         pressure=False, penalty=False, time_limit=False)  # fmt: skip
    roll = one(d.do("ann", "roll", call=1, character="widow", take="max"), "task_rolled").roll
    assert (roll.verdict.total, roll.verdict.extreme) == (16, True)


@pytest.mark.rules("BPB-EXT-002")
@pytest.mark.parametrize(("skill", "counted"), [("Acrobatics", 3), ("", 1)])
def test_s41_three_over_counts_three_only_with_the_expertise(skill: str, counted: int) -> None:
    # src 206: "If a character attempting an extended task has relevant expertise and rolls an extreme
    # success, this counts as three successes". Widow (Agility 4) rolls 11 + 4 = 15 at 12 toward 5
    d = table()
    d.do("gm", "call_task", character="widow", attribute="Agility", skill=skill, difficulty=12, required=5)
    events = d.do("ann", "roll", call=1, character="widow", dice=(5, 6))
    assert one(events, "task_rolled").counted == counted


@pytest.mark.rules("BPB-INIT-001", "BPB-INIT-002")
def test_s42_two_who_join_at_once_take_their_places_by_perception() -> None:
    # src 252: those who become aware later act after those aware before; src 254: those who become aware
    # "more or less simultaneously" act by Perception, then Agility, then Willpower. Widow and Adler are
    # fighting when Brandt (Perception 2) and Spotter (Perception 5) notice them at the same moment: Spotter
    # joins the order before Brandt, whichever name the GM typed first
    d = table(cast=("widow", "adler", "brandt"))
    d.patch(characters={**state(d).characters, "spotter": hero("spotter", Perception=5)})
    fight(d, "widow", "adler")
    d.do("gm", "aware", characters="brandt, spotter")
    assert state(d).fight.order.order == ("widow", "adler", "spotter", "brandt")


@pytest.mark.rules("BPB-INIT-001", "BPB-INIT-002")
def test_s43_two_level_joiners_flip_for_it() -> None:
    # src 254: identical Perception, Agility and Willpower: "randomly determine who goes first (flip a coin)".
    # X and Y join the fight together; Y's die is higher
    d = cast(hero("a", Perception=9), hero("x"), hero("y"))
    d.do("gm", "start_fight", characters="a")
    events = d.do("gm", "aware", characters="x, y", dice=(2, 5))
    assert one(events, "became_aware").coins == ("x:2", "y:5")
    assert state(d).fight.order.order == ("a", "y", "x")


@pytest.mark.rules("BPB-MOVE-007", "BPB-ACT-008")
def test_s44_a_reaction_called_in_the_middle_of_her_run_is_three_harder() -> None:
    # src 103: a running character "incurs a +3 difficulty modifier on any attacks or task rolls"; src 143: a
    # reaction is a roll made "at the request of the GM", a task roll like any other. Widow runs across the
    # roof; while her turn is under way the GM asks a Perception reaction to spot the sniper: 12 + 3. On
    # Adler's turn after, in the round she ran in, still 12 + 3 (the round's move, as a forced answer pays
    # it: test_s56); in the next round, her own turn walked, the same call is at 12
    d = table()
    fight(d, "widow", "adler")
    d.do("ann", "move", character="widow", mode="run")
    d.do("gm", "call_task", character="widow", attribute="Perception", difficulty=12, reaction=True)
    roll = one(d.do("ann", "roll", call=1, character="widow", dice=(4, 4)), "task_rolled").roll
    assert (roll.task.difficulty, roll.verdict.success) == (12 + 3, False)
    _next(d, "widow")
    d.do("gm", "call_task", character="widow", attribute="Perception", difficulty=12, reaction=True)
    roll = one(d.do("ann", "roll", call=2, character="widow", dice=(4, 4)), "task_rolled").roll
    assert (roll.task.difficulty, roll.verdict.success) == (12 + 3, False)
    _next(d, "adler")
    assert state(d).fight.turn.actor == "widow"
    d.do("gm", "call_task", character="widow", attribute="Perception", difficulty=12, reaction=True)
    roll = one(d.do("ann", "roll", call=3, character="widow", dice=(4, 4)), "task_rolled").roll
    assert (roll.task.difficulty, roll.verdict.success) == (12, True)


@pytest.mark.rules("BPB-MOVE-007", "BPB-XS-005", "BPB-XS-007")
@pytest.mark.parametrize(("effect", "event"), [("staggering", "stagger_rolled"), ("slamming", "slam_rolled")])
def test_s45_staggered_or_slammed_half_way_through_her_sprint(effect: str, event: str) -> None:
    # src 103: sprinting, +6 on "any attacks or task rolls"; src 236, 242: the slam and the stagger are
    # resisted with "a Brawn task roll" or "a Willpower task roll" at 8 + the rank. Widow sprints; Zap's held
    # action cuts into her turn with an extreme Blast 6: she resists at 8 + 6 + 6
    zap = hero("zap", powers=(BLAST6,), Accuracy=9, Perception=5)
    d = table(cast=("widow",))
    d.patch(characters={**state(d).characters, "zap": zap})
    fight(d, "zap", "widow")
    d.do("gm", "delay", character="zap")
    d.do("ann", "move", character="widow", mode="sprint")
    d.do("gm", "preempt", character="zap")
    d.do("gm", "attack", attacker="zap", target="widow", power="Blast", dice=(6, 6))  # 21 vs 12 + 3
    _take(d, "defend-1")
    events = d.answer("gm", "extreme-1", effect, dice=(6, 6))
    assert one(events, event).roll.task.difficulty == 8 + 6 + 6


@pytest.mark.rules("BPB-MOVE-007", "BPB-XS-008")
def test_s46_keeping_the_field_up_half_way_through_her_sprint() -> None:
    # src 244: keeping powers on is "a challenging Willpower task roll (task difficulty 12)"; src 103: + 6 for
    # the sprint under way. Widow switches her Force Field on and sprints; Zap's held action staggers her
    # (Willpower 3 + 2 vs 14 + 6): to keep the field she needs 12 + 6, and the prompt says so
    zap = hero("zap", powers=(BLAST9,), Accuracy=9, Perception=5)
    d = table(cast=("widow",))
    d.patch(characters={**state(d).characters, "zap": zap})
    widow = state(d).characters["widow"]
    d.patch(characters={**state(d).characters, "widow": widow.model_copy(
        update={"attributes": {**widow.attributes, "Endurance": 20}})})  # fmt: skip
    fight(d, "zap", "widow")
    d.do("gm", "delay", character="zap")
    d.do("ann", "switch", character="widow", power="Force Field")
    d.do("ann", "move", character="widow", mode="sprint")
    d.do("gm", "preempt", character="zap")
    d.do("gm", "attack", attacker="zap", target="widow", power="Blast", dice=(6, 6))  # 21 vs 15: extreme
    _take(d, "defend-1")
    d.answer("gm", "extreme-1", "staggering", dice=(1, 1))
    keep = next(p for p in decisions(d, "ann") if p.kind == "keep_powers")
    assert keep.options[0].label.startswith("roll Willpower vs 18 ")
    events = d.answer("ann", "keep-1", "keep", dice=(6, 6))  # 3 + 12 = 15 vs 18
    checked = one(events, "powers_checked")
    assert (checked.roll.task.difficulty, checked.kept) == (12 + 6, False)


@pytest.mark.rules("BPB-MOVE-007", "BPB-GRAB-003")
def test_s47_breaking_out_of_a_grab_half_way_through_her_run() -> None:
    # src 315: the break-out is "a reaction task roll" at 8 + the grabber's better of Brawn and Agility; src
    # 103: + 3 for the run under way. Widow runs; Bruiser (Brawn 5), holding his action, cuts in and grabs
    # her: 4 + 9 = 13 is not 8 + 5 + 3
    bruiser = hero("bruiser", Brawn=5, Prowess=9, Perception=5)
    d = table(cast=("widow",))
    d.patch(characters={**state(d).characters, "bruiser": bruiser})
    fight(d, "bruiser", "widow")
    d.do("gm", "delay", character="bruiser")
    d.do("ann", "move", character="widow", mode="run")
    d.do("gm", "preempt", character="bruiser")
    events = d.do("gm", "grab", attacker="bruiser", target="widow", manoeuvre="hold", dice=(5, 5, 4, 5))
    grabbed = one(events, "grabbed")
    assert (grabbed.breakout.task.difficulty, grabbed.held) == (8 + 5 + 3, True)


@pytest.mark.rules("BPB-MOVE-003", "BPB-ACT-004")
def test_s48_a_leaping_power_goes_by_its_own_rank() -> None:
    # src 107: with a movement power a character moves "at the speed indicated by the power rather than at
    # the speed indicated by their Agility or Brawn"; src 127: "up to the maximum distance that the rank of
    # their power allows" (ours: 10 x rank). Ganyeka's Leaping 4 goes 40 ft, not a foot more
    d = table()
    fight(d, "ganyeka", "adler")
    d.refuse("bo", "move", rule="BPB-MOVE-001", character="ganyeka", power="Leaping", feet=41)
    d.do("bo", "move", character="ganyeka", power="Leaping", feet=40)


@pytest.mark.rules("BPB-TURN-007", "BPB-ACT-001")
def test_s49_a_dodged_shot_is_still_the_shooters_task_action() -> None:
    # src 299: the forced action takes place "before or during the attack which triggered it. The attacker
    # does not have the opportunity to 'take back' their attack"; src 117: one task action. Widow's forced
    # dodge beats Adler's shot: the shot is spent, and he cannot fire again this turn
    d = table()
    fight(d, "adler", "widow")
    d.do("gm", "attack", attacker="adler", target="widow", power="Pistol", dice=(6, 5))
    d.answer("ann", "defend-1", "dodge", dice=(6, 6))
    assert state(d).condition("widow").lost == 0
    d.refuse("gm", "attack", attacker="adler", target="widow", power="Pistol", dice=(6, 5))


@pytest.mark.rules("BPB-XS-007", "BPB-TURN-004", "BPB-TURN-006")
def test_s50_staggered_then_forced_in_the_same_round_loses_two_turns() -> None:
    # src 242: the stagger takes "their next action on this round if they have not yet taken one"; src 297:
    # a later forced action (once that round) sacrifices "their next available action", next round's. Zap
    # staggers Widow before her turn; Adler shoots and she forces a dodge: rounds 1 and 2 lost, 3 hers
    zap = hero("zap", powers=(BLAST6,), Accuracy=9, Perception=9)
    d = table(cast=("widow", "adler"))
    d.patch(characters={**state(d).characters, "zap": zap})
    widow = state(d).characters["widow"]
    d.patch(characters={**state(d).characters, "widow": widow.model_copy(
        update={"attributes": {**widow.attributes, "Endurance": 20}})})  # fmt: skip
    d.do("gm", "start_fight", characters="zap, adler, widow", aware_first="zap, adler, widow")
    d.do("gm", "attack", attacker="zap", target="widow", power="Blast", dice=(6, 6))  # 21 vs 12: extreme
    _take(d, "defend-1")
    d.answer("gm", "extreme-1", "staggering", dice=(1, 1))
    _next(d, "zap")
    d.do("gm", "attack", attacker="adler", target="widow", power="Pistol", dice=(6, 5))
    d.answer("ann", "defend-2", "dodge", dice=(6, 6))
    _next(d, "adler")
    assert (state(d).round, state(d).fight.turn.actor, state(d).fight.turn.lost) == (1, "widow", True)
    _next(d, "widow", "zap", "adler")
    assert (state(d).round, state(d).fight.turn.actor, state(d).fight.turn.lost) == (2, "widow", True)
    _next(d, "widow", "zap", "adler")
    assert (state(d).round, state(d).fight.turn.actor, state(d).fight.turn.lost) == (3, "widow", False)


@pytest.mark.rules("BPB-MOVE-009")
@pytest.mark.parametrize("round_4", ["walk", "stand still"])
def test_s51_three_rounds_sprinted_owe_thirty_not_thirty_one(round_4: str) -> None:
    # src 105: "a character who sprinted for three rounds (18 seconds) may not run or sprint for thirty rounds
    # (180 seconds)". Widow sprints rounds 1-3 and walks (or stands still) in round 4, the first of the
    # thirty: round 33 is the last at base speed; in round 34 she runs again
    d = table()
    fight(d, "widow")
    for _ in range(3):
        d.do("ann", "move", character="widow", mode="sprint")
        _next(d, "widow")
    if round_4 == "walk":
        d.do("ann", "move", character="widow", mode="walk")
    while state(d).round < 33:
        _next(d, "widow")
    d.refuse("ann", "move", rule="BPB-MOVE-009", character="widow", mode="run")
    _next(d, "widow")
    assert state(d).round == 34
    d.do("ann", "move", character="widow", mode="run")
    # a log written before the walk's round counted replays as it was played then (until round 34)
    older = [e.model_dump(mode="json") for e in d.table.log if e.type != "bpb.winded"]
    if round_4 == "walk":
        assert replay_document({"log": older}).state.condition("widow").slow_until == 34


@pytest.mark.rules("BPB-DMG-009", "BPB-DMG-008")
def test_s52_a_force_field_does_not_stop_a_mind_blast() -> None:
    # src 427: "some attacks inflict other forms of damage, and require other forms of protection"; src 425:
    # the protection subtracted is the target's "appropriate" one. Psi's Mind Blast 5 (Willpower damage)
    # against Widow with her Force Field 3 up: all 5 come off her Willpower, none off her Endurance
    mind = Power(name="Mind Blast", rank=5, attack=AttackKind.MENTAL, damages="Willpower")
    d = table(cast=("widow",))
    d.patch(characters={**state(d).characters, "psi": hero("psi", powers=(mind,), Willpower=9, Perception=1)})
    fight(d, "widow", "psi")
    d.do("ann", "switch", character="widow", power="Force Field")
    _next(d, "widow")
    d.do("gm", "attack", attacker="psi", target="widow", power="Mind Blast", dice=(6, 6))
    _take(d, "defend-1")
    c = state(d).condition("widow")
    assert (c.drained, c.lost) == ({"Willpower": 5}, 0)


@pytest.mark.rules("BPB-MOVE-009", "BPB-MOVE-010")
def test_s53_a_round_on_super_running_ends_the_natural_sprint() -> None:
    # src 105: natural movement "may move all-out for up to one minute, but then may move no faster than
    # their base speed for ... ten times as long"; "This limitation does not apply to characters using a
    # movement power". Dash sprints on her legs rounds 1-3 and on Super-running in round 4: her natural
    # sprint ended with round 3, so in round 5 her legs may only walk; Super-running still goes all-out
    run = Power(name="Super-running", rank=6, movement=True)
    d = cast(hero("dash", owner="ann", powers=(run,), Agility=4))
    fight(d, "dash")
    for _ in range(3):
        d.do("ann", "move", character="dash", mode="sprint")
        _next(d, "dash")
    d.do("ann", "move", character="dash", mode="sprint", power="Super-running")
    _next(d, "dash")
    d.refuse("ann", "move", rule="BPB-MOVE-009", character="dash", mode="sprint")
    d.do("ann", "move", character="dash", mode="sprint", power="Super-running")
    assert state(d).condition("dash").slow_until == 4 + 30 - 1


@pytest.mark.rules("BPB-MOVE-009", "BPB-GRAB-013")
def test_s54_a_ram_at_a_walk_after_a_sprint_starts_the_rest_too() -> None:
    # src 105: the rest after three rounds sprinted is thirty rounds; a ram is a move ending in a blow
    # (BPB-GRAB-013 PROPOSED), so a ram at a walk in round 4 is that round's slower move: rounds 4-33
    d = table()
    fight(d, "widow", "adler")
    for _ in range(3):
        d.do("ann", "move", character="widow", mode="sprint")
        _next(d, "widow", "adler")
    d.do("ann", "ram", attacker="widow", target="adler", mode="walk", dice=(1, 1))
    assert state(d).condition("widow").slow_until == 4 + 30 - 1


@pytest.mark.rules("BPB-PP-008", "BPB-PP-007", "BPB-REC-004")
def test_s55_a_boost_ends_with_its_round_even_for_one_out_cold() -> None:
    # src 477: "Power boosts usually only last for one round". Me boosts her Invulnerability 2 to 3 in round 1
    # and is knocked out the same round; out cold she has no turn, but her boost still ends: in round 3
    # Brute's Fist 9 meets Invulnerability 2 (7 through), not 3
    fist = Power(name="Fist", rank=9, attack=AttackKind.MELEE)
    skin = Power(name="Invulnerability", rank=2, protects="Endurance")
    d = cast(hero("me", owner="ann", powers=(skin,), Endurance=6, Perception=9), hero("brute", powers=(fist,),
             Prowess=9))  # fmt: skip
    d.do("gm", "start_session")
    fight(d, "me", "brute")
    d.do("ann", "spend", character="me", kind="boost", power="Invulnerability")
    _next(d, "me")
    d.do("gm", "attack", attacker="brute", target="me", power="Fist", dice=(6, 6))
    _take(d, "defend-1")
    assert Status.UNCONSCIOUS in state(d).condition("me").statuses  # 9 - 3 = 6
    _next(d, "brute", "brute")
    assert state(d).round == 3 and state(d).condition("me").boosts == ()
    events = d.do("gm", "attack", attacker="brute", target="me", power="Fist", dice=(6, 6))
    _take(d, "defend-2")
    assert one(events, "damaged").pv == 2
    # a log written before lapsed boosts were ended replays as it was played then (the boost kept)
    older = [e.model_dump(mode="json") for e in d.table.log]
    for e in older:
        e["data"].pop("lapsed", None)
    assert replay_document({"log": older}).state.condition("me").boosts != ()


BLAST2 = Power(name="Blast", rank=2, attack=AttackKind.RANGED)


@pytest.mark.rules("BPB-MOVE-007", "BPB-TURN-004", "BPB-TURN-001", "BPB-TURN-002")
@pytest.mark.parametrize(
    ("held", "mode", "extra"),
    [(False, "walk", 0), (False, "run", 3), (True, "run", 3), (True, "sprint", 6)],
)
def test_s56_a_forced_dodge_later_in_the_round_a_character_ran_is_harder(
    held: bool, mode: str, extra: int
) -> None:
    # src 103: "A character who is running ... incurs a +3 difficulty modifier on any attacks or task rolls"
    # (+6 sprinting), with no word tying it to the runner's own turn; src 16: a round is the six seconds in
    # which everyone acts, and the table already counts a sprinter as a sprinting defender for the rest of
    # the round (BPB-MOVE-008, src 198). So a forced dodge (src 297) later in the round she ran in is a task
    # roll of a running character. Widow moves on her turn, or holds it (src 287) and moves in Zap's,
    # cutting in; her turn over, Zap's Blast 2 hits her and she forces a dodge: 8 + 2 + the move's +0/3/6
    # (Agility 4: 16 at best, so the sprinter's 16 is still in reach, BPB-ROLL-005)
    d = table(cast=("widow",))
    d.patch(characters={**state(d).characters, "zap": hero("zap", powers=(BLAST2,), Accuracy=9)})
    fight(d, "widow", "zap")
    if held:
        d.do("ann", "delay", character="widow")
        assert state(d).fight.turn.actor == "zap"
        d.do("ann", "preempt", character="widow")
    d.do("ann", "move", character="widow", mode=mode)
    _next(d, "widow")
    assert state(d).fight.turn.actor == "zap"
    d.do("gm", "attack", attacker="zap", target="widow", power="Blast", dice=(6, 6))  # 21 hits
    events = d.answer("ann", "defend-1", "dodge", dice=(1, 1))
    rolled = one(events, "defence_rolled")
    assert (rolled.forced, rolled.roll.task.difficulty) == (True, 8 + 2 + extra)
