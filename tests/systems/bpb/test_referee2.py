"""A referee's pass over the table, continued (see test_referee.py): situations written from the chapter
alone, played with given dice. The comment names the seed line (seeds/002_15e80e5795d6eba8.txt)."""

from __future__ import annotations

import pytest

from tests.systems.bpb.helpers import decisions, fight, one, state, table


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
