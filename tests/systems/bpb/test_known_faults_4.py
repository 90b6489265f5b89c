"""Leftovers a referee noted, each ruled from the seed first (seeds/002_15e80e5795d6eba8.txt, "src N" =
line N), then played through the table with given dice (as test_known_faults.py)."""

from __future__ import annotations

import pytest

from capeworks.engine import Viewer
from capeworks.engine.golden import replay_document
from capeworks.systems.bpb.sheet import AttackKind, Power
from tests.systems.bpb.helpers import decisions, fight, of, one, state, table
from tests.systems.bpb.test_combat import cast, hero
from tests.systems.bpb.test_referee2 import _next

BLAST4 = Power(name="Blast", rank=4, attack=AttackKind.RANGED)


# -- 1. the +1 a block or dodge pays counts the attacks, not the attempts -------------------------------


def _me_zap_zip():
    d = cast(
        hero("me", owner="ann", Prowess=6, Agility=6, Perception=5, Endurance=20),
        hero("zap", powers=(BLAST4,), Accuracy=8, Perception=4),
        hero("zip", powers=(BLAST4,), Accuracy=8, Perception=3),
    )
    d.do("gm", "start_fight", characters="me, zap, zip", aware_first="me, zap, zip")
    return d


@pytest.mark.rules("BPB-DEF-003", "BPB-DEF-006")
@pytest.mark.parametrize("kind", ["block", "dodge"])
def test_an_attack_that_misses_still_counts_toward_the_guards_plus_one(kind: str) -> None:
    # src 375 (385): "The difficulty modifier for the block increases by 1 for every attack after the
    # first ... may continue to attempt to block each time they are attacked ... If the sixth such attack
    # was made": the count is of the attacks made on her while the guard is up, not of her attempts; src
    # 379: "there is no need to block an attack that misses", yet she was attacked. Me raises a guard; Zap's
    # Blast 4 misses (8 + 1 + 1 = 10 vs 8 + 6 = 14); Zip's hits (8 + 12 = 20): the second attack, so 8 + 4
    # + 1 = 13 (before: 12, the miss not counted)
    d = _me_zap_zip()
    d.do("ann", "guard", character="me", kind=kind)
    _next(d, "me")
    d.do("gm", "attack", attacker="zap", target="me", power="Blast", dice=(1, 1))
    assert not decisions(d, "ann")
    _next(d, "zap")
    d.do("gm", "attack", attacker="zip", target="me", power="Blast", dice=(6, 6))
    second = one(d.answer("ann", "defend-2", kind, dice=(3, 3)), "defence_rolled")
    assert second.roll.task.difficulty == 8 + 4 + 1


@pytest.mark.rules("BPB-DEF-003")
def test_a_hit_taken_under_a_guard_still_counts_toward_the_plus_one() -> None:
    # src 375: "for every attack after the first": Me lets Zap's first hit through ("take": a block she
    # chose not to try is no less an attack made on her), then blocks Zip's: 8 + 4 + 1 = 13 (before: 12)
    d = _me_zap_zip()
    d.do("ann", "guard", character="me", kind="block")
    _next(d, "me")
    d.do("gm", "attack", attacker="zap", target="me", power="Blast", dice=(6, 6))
    d.answer("ann", "defend-1", "take")
    _next(d, "zap")
    d.do("gm", "attack", attacker="zip", target="me", power="Blast", dice=(6, 6))
    second = one(d.answer("ann", "defend-2", "block", dice=(3, 3)), "defence_rolled")
    assert second.roll.task.difficulty == 13
    assert state(d).fight.guards["me"].faced == 2


@pytest.mark.rules("BPB-DEF-003", "BPB-TURN-004")
def test_a_forced_dodge_counts_its_own_attack_as_the_first() -> None:
    # src 385: a character "who has used a forced action to dodge a punch may continue to attempt to dodge
    # each time they are attacked": the punch forced against is the first attack; Zip's miss after it the
    # second; Zap's next hit in round 2 the third: 8 + 4 + 2 = 14
    d = _me_zap_zip()
    _next(d, "me")
    d.do("gm", "attack", attacker="zap", target="me", power="Blast", dice=(6, 6))
    first = one(d.answer("ann", "defend-1", "dodge", dice=(6, 6)), "defence_rolled")
    assert (first.forced, first.roll.task.difficulty) == (True, 12)
    _next(d, "zap")
    d.do("gm", "attack", attacker="zip", target="me", power="Blast", dice=(1, 1))  # 10 vs 14: a miss
    _next(d, "zip")
    assert state(d).fight.turn.actor == "me" and state(d).fight.turn.lost  # round 2: lost to the dodge
    _next(d, "me")
    d.do("gm", "attack", attacker="zap", target="me", power="Blast", dice=(6, 6))
    third = one(d.answer("ann", "defend-3", "dodge", dice=(3, 3)), "defence_rolled")
    assert (third.forced, third.roll.task.difficulty) == (False, 14)


# -- 2. a human-level body is a human-level blow --------------------------------------------------------


@pytest.mark.rules("BPB-GRAB-013", "BPB-DMG-001", "BPB-DMG-007", "BPB-XS-004")
@pytest.mark.parametrize(("mode", "dr", "stunning", "recoil"), [("run", 3, True, 1), ("sprint", 6, False, 3)])
def test_a_brawn_3_ram_stuns_unless_all_out(mode: str, dr: int, stunning: bool, recoil: int) -> None:
    # src 403: "Characters with human level Brawn (rank 3 or less) inflict stunning damage with their unarmed
    # hand-to-hand attacks"; the ram (BPB-GRAB-013 PROPOSED) is "a movement action that ends in a hand-to-hand
    # attack" at DR Brawn, "+3 if the ram was an all-out move (treated like overwhelming)", and src 232 lifts
    # an overwhelmed blow three ranks, past human level (Brawn 3: DR 6, normal). Runt (Brawn 3, Prowess 8)
    # rams Wall: 8 + 8 = 16 vs 8 + 2 + 3 (run) or + 6 (sprint). Run: DR 3, stunning; sprint: DR 6, normal.
    # The rammer's half comes back to him as normal damage (PROPOSED), either way
    d = cast(hero("runt", owner="ann", Brawn=3, Prowess=8), hero("wall", Endurance=20))
    d.do("gm", "start_fight", characters="runt, wall", aware_first="runt, wall")
    events = d.do("ann", "ram", attacker="runt", target="wall", mode=mode, dice=(4, 4))
    rolled = one(events, "attack_rolled")
    assert (rolled.dr, rolled.stunning, rolled.recoil) == (dr, stunning, recoil)
    if decisions(d):
        events = d.answer("gm", "defend-1", "take")
    hits = {h.character: (h.amount, h.stunning) for h in of(events, "damaged")}
    assert hits == {"wall": (dr, stunning), "runt": (recoil, False)}
    assert state(d).condition("wall").stunning == (dr if stunning else 0)


# -- 3. what a held character may still do --------------------------------------------------------------


@pytest.mark.rules("BPB-GRAB-005", "BPB-DEF-007", "BPB-DEF-002", "BPB-MOD-004")
@pytest.mark.parametrize("kind", ["dodge", "block"])
def test_held_she_may_still_block_or_dodge_but_not_move(kind: str) -> None:
    # src 329: "A restrained character is not helpless, but they can't use normal movement until they break
    # the grapple", and the attacks on her gain +3 (T5 src 184: "Defender is restrained"), not the +6 of a
    # target "unable to move freely to avoid the attack" (src 369): the seed rates her as still avoiding
    # attacks, only hampered. A dodge is "a task action" (src 383), an Agility task roll, not "normal
    # movement" (src 28, 127: the distance moved by Agility and Brawn), and the seed names nothing else she
    # loses: she may block or dodge, on her turn or forced. Ganyeka holds Widow (grab 16 vs 14; break-out
    # 4 + 2 = 6 vs 13); on her turn she cannot walk, swim or jump away but raises a guard; Adler's Pistol 4
    # then hits at +3 (bonus 3) and her answer is at 8 + 4 = 12
    d = _held_widow()
    for medium in ("ground", "water", "jump"):
        d.refuse("ann", "move", rule="BPB-GRAB-005", character="widow", medium=medium)
    d.do("ann", "guard", character="widow", kind=kind)
    _next(d, "widow")
    rolled = one(d.do("gm", "attack", attacker="adler", target="widow", power="Pistol", dice=(4, 4)),
                 "attack_rolled")  # fmt: skip
    assert rolled.roll.task.bonus == 3
    answer = one(d.answer("ann", "defend-1", kind, dice=(6, 5)), "defence_rolled")
    assert (answer.forced, answer.roll.task.difficulty, answer.roll.verdict.success) == (False, 12, True)
    assert state(d).condition("widow").held_by == "ganyeka"  # a dodge is no way out of the hold


@pytest.mark.rules("BPB-GRAB-005", "BPB-DEF-007", "BPB-TURN-004", "BPB-DEF-008")
def test_held_she_may_force_a_dodge_but_not_a_dive() -> None:
    # src 297: a forced action "to block, dodge, dive for cover ...": held, the dodge stays open (a task
    # roll, src 383), the dive does not (src 393: she "moves to the nearest open ground", normal movement,
    # src 329). Adler shoots her before her turn (8 + 7 + 3 = 18 vs 12): dodge or take; no dive
    d = _held_widow(widow_first=False)
    d.do("gm", "attack", attacker="adler", target="widow", power="Pistol", cover_ft=10, dice=(4, 3))
    assert {o.value for o in decisions(d, "ann")[0].options} == {"dodge", "block", "take"}
    answer = one(d.answer("ann", "defend-1", "dodge", dice=(6, 6)), "defence_rolled")
    assert (answer.forced, answer.roll.verdict.success) == (True, True)


def _held_widow(*, widow_first: bool = True):
    d = table()
    fight(d, "ganyeka", *(("widow", "adler") if widow_first else ("adler", "widow")))
    d.do("bo", "grab", attacker="ganyeka", target="widow", manoeuvre="hold", dice=(6, 6, 1, 1))
    assert state(d).condition("widow").held_by == "ganyeka"
    _next(d, "ganyeka")
    return d


# -- 4. the rest owed after a fight in which she sprinted -------------------------------------------------


def _sprinted_three_rounds():
    d = table()
    fight(d, "widow", "adler")
    for _ in range(3):
        d.do("ann", "move", character="widow", mode="sprint")
        _next(d, "widow", "adler")
    assert state(d).round == 4
    return d


@pytest.mark.rules("BPB-MOVE-009", "BPB-TURN-001")
@pytest.mark.parametrize("holds", [False, True])
def test_a_fight_ending_after_her_still_turn_owes_twenty_nine_rounds(holds: bool) -> None:
    # src 105: three rounds sprinted, "may not run or sprint for thirty rounds". Widow sprints rounds 1-3
    # and stands still in round 4 (her turn ends with no move): round 4 is the first of the thirty, as when
    # the fight goes on (test_referee r171: rounds 4-33) or when she walks in round 4 (r62: 29 owed after a
    # fight ending in round 4). The GM ends the fight in round 4, after her turn: 29 rounds are still owed,
    # so the next fight (at once) keeps her to base speed in rounds 1-29 and lets her run in round 30
    # (before: 30 owed, one round too many)
    d = _sprinted_three_rounds()
    if holds:  # or she holds her action, and has not used it when the fight ends
        d.do("ann", "delay", character="widow")
        assert state(d).fight.turn.actor == "adler"
    else:
        _next(d, "widow")  # round 4: she does not move
    d.do("gm", "end_fight")
    assert state(d).condition("widow").slow_until == 29
    fight(d, "widow", "adler")
    for _ in range(29):
        d.refuse("ann", "move", rule="BPB-MOVE-009", character="widow", mode="run")
        _next(d, "widow", "adler")
    d.do("ann", "move", character="widow", mode="run")


@pytest.mark.rules("BPB-MOVE-009")
@pytest.mark.parametrize("sprints_again", [False, True])
def test_a_fight_ending_before_her_turn_or_in_her_sprint_owes_the_whole_rest(sprints_again: bool) -> None:
    # src 105: the fight ends as her round-4 turn begins (nothing of round 4 done by her), or right after
    # she sprinted a fourth round: the whole rest is still owed, thirty rounds after three sprinted, forty
    # after four (test_referee r172)
    d = _sprinted_three_rounds()
    if sprints_again:
        d.do("ann", "move", character="widow", mode="sprint")
    d.do("gm", "end_fight")
    assert state(d).condition("widow").slow_until == (40 if sprints_again else 30)


@pytest.mark.rules("BPB-MOVE-009", "BPB-REC-002")
@pytest.mark.parametrize("care", [True, False])
def test_days_of_rest_after_the_fight_end_the_winded_rounds(care: bool) -> None:
    # src 105: after three rounds sprinted, base speed for thirty rounds (three minutes); src 433: days of
    # extended rest, or days without it, are far longer: as a half hour's rest does (test_referee r62), a
    # day's healing leaves her free to run in the next fight (before: still winded for thirty rounds)
    d = _sprinted_three_rounds()
    d.do("gm", "end_fight")
    d.do("gm", "heal", character="widow", days=1, care=care)
    assert (state(d).condition("widow").slow_until, state(d).condition("widow").sprinted) == (0, 0)
    fight(d, "widow", "adler")
    d.do("ann", "move", character="widow", mode="run")


@pytest.mark.rules("BPB-PP-010", "BPB-REC-002")
def test_days_of_rest_end_a_stunt_that_lasted_the_scene() -> None:
    # src 483: a stunt's Extra Attacks last "until the end of the scene or until the six Extra Attacks are
    # used"; a half hour's rest ends it (the rest's ends), and days of healing, which outlast the half hour
    # and the scene, end it too (before: still there after two days)
    from tests.systems.bpb.test_offers import TIME_CONTROL

    d = cast(hero("chrono", owner="ann", powers=(TIME_CONTROL,), Prowess=6), hero("mook", Endurance=20))
    d.do("gm", "start_session")
    d.do("ann", "spend", character="chrono", kind="stunt", power="Time Control", used_as="Extra Attacks",
         uses=3)  # fmt: skip
    assert state(d).condition("chrono").stunts
    d.do("gm", "heal", character="chrono", days=2)
    assert state(d).condition("chrono").stunts == ()


@pytest.mark.rules("BPB-MOVE-009", "BPB-TURN-001")
def test_a_held_action_carried_into_the_round_is_not_her_turn_in_it() -> None:
    # src 105, 287: Widow (after Adler in the order) sprints rounds 1-3, holding her task action after the
    # third sprint; round 4 opens on Adler's turn with her action still held from round 3, and the fight
    # ends there: nothing of round 4 was hers, so the whole thirty rounds are owed
    d = table()
    fight(d, "adler", "widow")
    for _ in range(2):
        _next(d, "adler")
        d.do("ann", "move", character="widow", mode="sprint")
        _next(d, "widow")
    _next(d, "adler")
    d.do("ann", "move", character="widow", mode="sprint")
    d.do("ann", "delay", character="widow")
    assert state(d).round == 4 and state(d).fight.turn.actor == "adler" and "widow" in state(d).fight.delayed
    d.do("gm", "end_fight")
    assert state(d).condition("widow").slow_until == 30


# -- older logs replay as they were played ---------------------------------------------------------------


def _older(d, field: str, *types: str) -> list[dict]:
    """The log as an older table wrote it: ``field`` absent from the events of ``types``."""
    out = []
    for e in d.table.log:
        doc = e.model_dump(mode="json")
        if e.type in types:
            doc["data"].pop(field, None)
        out.append(doc)
    return out


@pytest.mark.rules("BPB-DEF-003")
def test_an_older_logs_guard_counts_attempts_as_it_was_played() -> None:
    # the miss and the taken hit of the tests above count now; a log written before the guard's events
    # carried ``faced`` replays with the attempts counted, as it was played (a guard of one attempt)
    d = _me_zap_zip()
    d.do("ann", "guard", character="me", kind="block")
    _next(d, "me")
    d.do("gm", "attack", attacker="zap", target="me", power="Blast", dice=(1, 1))
    _next(d, "zap")
    d.do("gm", "attack", attacker="zip", target="me", power="Blast", dice=(6, 6))
    d.answer("ann", "defend-2", "block", dice=(3, 3))
    assert state(d).fight.guards["me"].model_dump() == {"kind": "block", "attempts": 1, "faced": 2}
    older = replay_document({"log": _older(d, "faced", "bpb.guarded", "bpb.defence_rolled")}).state
    assert older.fight.guards["me"].model_dump() == {"kind": "block", "attempts": 1}


@pytest.mark.rules("BPB-MOVE-009", "BPB-REC-002")
def test_an_older_logs_heal_leaves_her_winded_as_it_was_played() -> None:
    d = _sprinted_three_rounds()
    d.do("gm", "end_fight")
    d.do("gm", "heal", character="widow", days=1)
    assert state(d).condition("widow").slow_until == 0
    older = replay_document({"log": _older(d, "ends", "bpb.healed")}).state
    assert older.condition("widow").slow_until == 30


@pytest.mark.rules("BPB-DEF-003")
def test_the_tracker_counts_the_attacks_the_guard_has_met() -> None:
    # the tracker's "block xN" is the count the next +1 comes from: after a miss and a blocked hit, x2
    d = _me_zap_zip()
    d.do("ann", "guard", character="me", kind="block")
    _next(d, "me")
    d.do("gm", "attack", attacker="zap", target="me", power="Blast", dice=(1, 1))
    _next(d, "zap")
    d.do("gm", "attack", attacker="zip", target="me", power="Blast", dice=(6, 6))
    d.answer("ann", "defend-2", "block", dice=(3, 3))
    rows = [r for p in d.table.seen_panels(Viewer(seat="ann")) for r in p.rows if r and r[0] == "Me"]
    assert any("block x2" in str(cell) for row in rows for cell in row)
