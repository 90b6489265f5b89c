"""A referee's pass over the table, continued (see test_referee.py): situations written from the chapter
alone, played with given dice. The comment names the seed line (seeds/002_15e80e5795d6eba8.txt)."""

from __future__ import annotations

import pytest

from capeworks.systems.bpb.model import Status
from capeworks.systems.bpb.sheet import AttackKind, Power
from tests.systems.bpb.helpers import decisions, fight, of, one, state, table
from tests.systems.bpb.test_combat import cast, hero
from tests.systems.bpb.test_referee import BLAST6


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


BLAST2 = Power(name="Blast", rank=2, attack=AttackKind.RANGED)


@pytest.mark.rules("BPB-MOVE-007", "BPB-TURN-004", "BPB-TURN-001", "BPB-TURN-002")
@pytest.mark.parametrize(
    ("held", "mode", "extra"),
    [(False, "walk", 0), (False, "run", 3), (True, "run", 3), (True, "sprint", 6)],
)
def test_s15_a_forced_dodge_later_in_the_round_a_character_ran_is_harder(
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
