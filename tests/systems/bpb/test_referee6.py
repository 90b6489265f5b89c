"""A referee's sixth pass (see test_referee.py .. test_referee5.py and test_known_faults*.py): situations
written from the chapter alone (seeds/002_15e80e5795d6eba8.txt, "src N" = line N), aimed at who rules the
circumstances of an attack (src 147, 173-187: the difficulty is the GM's), at rules that act in one session
together (a boost and a block, a stagger and its words, awareness and surprise), at refusals (out of turn,
for another's character, a player setting what only the GM may) and at the words each seat reads. Each is
played with given dice; the comment spells out the arithmetic."""

from __future__ import annotations

import pytest

from capeworks.systems.bpb.model import Status
from tests.systems.bpb.helpers import decisions, fight, one, state, table


def _pass(d, *ids: str) -> None:
    """End the turns of ``ids`` in order (each must be the one acting)."""
    for cid in ids:
        assert state(d).fight.turn.actor == cid
        owner = state(d).characters[cid].owner or "gm"
        d.do(owner, "end_turn", character=cid)


# -- who rules an attack's circumstances (src 147, 151, 173, 178-187, 250-252) -------------------------


@pytest.mark.rules("BPB-MOD-001", "BPB-INIT-001", "BPB-ROLL-007")
def test_v01_a_player_does_not_rule_his_foe_surprised() -> None:
    # src 147: the roll "is compared to a difficulty number the GM assigns"; src 173: circumstances that
    # favour one side adjust it; src 250-252: who is aware of whom is the GM's call. Adler has been in the
    # fight since round 1 (aware); Bo names him "surprised" (+3, T5 src 185) for Ganyeka's punch: refused, in
    # a sentence naming Agent Adler and the GM, nothing changed. The GM rules it and issues the blow for
    # Ganyeka: Prowess 4 + [3 3] + 3 = 13 vs 8 + Prowess 2 = 10
    d = table()
    fight(d, "ganyeka", "adler")
    err = d.refuse("bo", "attack", rule="BPB-MOD-001", attacker="ganyeka", target="adler",
                   circumstances="defender_surprised", dice=(3, 3))  # fmt: skip
    assert "Agent Adler" in err.message and "GM" in err.message and "adler" not in err.message
    task = one(d.do("gm", "attack", attacker="ganyeka", target="adler", circumstances="defender_surprised",
                    dice=(3, 3)), "attack_rolled").roll.task  # fmt: skip
    assert (task.attribute, task.bonus, task.difficulty) == (4, 3, 10)


@pytest.mark.rules("BPB-MOD-001", "BPB-MOD-004", "BPB-MOD-002")
@pytest.mark.parametrize("named", ["defender_helpless", "defender_blind", "defender_cant_see"])
def test_v02_a_player_does_not_rule_a_standing_foe_helpless_or_blind(named: str) -> None:
    # src 369: +6 when the target "is unconscious or unable to move freely"; T5 src 183-187. Adler stands,
    # sees and moves: Ann's claim of any of these for Widow's sting is refused and nothing changes
    d = table()
    fight(d, "widow", "adler")
    d.refuse("ann", "attack", rule="BPB-MOD-001", attacker="widow", target="adler", power="Venom Sting",
             circumstances=named, dice=(3, 3))  # fmt: skip


@pytest.mark.rules("BPB-MOD-004", "BPB-MOD-001", "BPB-MOD-002")
def test_v03_what_the_table_shows_needs_no_ruling() -> None:
    # src 369: Adler out cold gives +6 unasked; naming it then claims nothing the table does not show, so
    # Ann may; src 175: still only +6. Accuracy 4 + [1 1] + 6 = 12 vs 8 + Agility 2 = 10: hit
    d = table()
    out = state(d).condition("adler").model_copy(update={"statuses": (Status.UNCONSCIOUS,)})
    d.patch(conditions={"adler": out})
    fight(d, "widow", "adler")
    task = one(d.do("ann", "attack", attacker="widow", target="adler", power="Venom Sting",
                    circumstances="defender_helpless", dice=(1, 1)), "attack_rolled").roll.task  # fmt: skip
    assert (task.bonus, task.difficulty) == (6, 10)


@pytest.mark.rules("BPB-MOD-001", "BPB-MOD-002")
def test_v04_a_player_may_name_her_own_hindrance() -> None:
    # src 173: circumstances favouring the defender go on the difficulty; T6 src 195: "+3 Attacker can't see
    # the defender" (Widow in the smoke she made). Naming what makes her own attack harder sets nothing the GM
    # must rule: 8 + Agility 2 + 3 = 13; "defender_walking" (+0, src 182) is nothing either
    d = table()
    fight(d, "widow", "adler")
    task = one(d.do("ann", "attack", attacker="widow", target="adler", power="Venom Sting",
                    circumstances="attacker_cant_see, defender_walking", dice=(1, 1)),
               "attack_rolled").roll.task  # fmt: skip
    assert (task.bonus, task.difficulty) == (0, 13)


@pytest.mark.rules("BPB-MOD-001", "BPB-GRAB-002", "BPB-GRAB-013")
def test_v05_nor_on_a_grab_or_a_ram() -> None:
    # src 313: a grab is Prowess against Prowess; the circumstances are the GM's for it as for any attack
    # (src 173); a ram (BPB-GRAB-013 PROPOSED) is a hand-to-hand attack too. Bo's claims are refused
    d = table()
    fight(d, "ganyeka", "adler")
    d.refuse("bo", "grab", rule="BPB-MOD-001", attacker="ganyeka", target="adler", manoeuvre="hold",
             circumstances="defender_surprised", dice=(3, 3, 1, 1))  # fmt: skip
    d.refuse("bo", "ram", rule="BPB-MOD-001", attacker="ganyeka", target="adler", mode="run", feet=20,
             circumstances="defender_blind", dice=(3, 3))  # fmt: skip
    # the GM's seat rules it: Prowess 4 + [3 3] + 3 = 13 vs 8 + 2 = 10; break-out 2 + [1 1] = 4 vs 8 + 5
    grab = one(d.do("gm", "grab", attacker="ganyeka", target="adler", manoeuvre="hold",
                    circumstances="defender_surprised", dice=(3, 3, 1, 1)), "grabbed")  # fmt: skip
    assert grab.roll.task.bonus == 3 and grab.held


@pytest.mark.rules("BPB-MOD-001", "BPB-RANGE-002")
def test_v06_a_claim_beyond_range_is_refused_before_the_gm_is_asked() -> None:
    # src 111: beyond range the GM declares whether the attack is possible; a claim of surprise the GM has
    # not ruled is refused first, so the GM is never asked to rule the range of an attack built on it
    d = table()
    fight(d, "widow", "adler")
    d.refuse("ann", "attack", rule="BPB-MOD-001", attacker="widow", target="adler", power="Venom Sting",
             distance_ft=100_000, circumstances="defender_surprised")  # fmt: skip
    assert decisions(d, "gm") == []
