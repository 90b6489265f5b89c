"""A seventh referee's pass over Capes: the seed lines the first six passes cited least.

Turns and who narrates (src 23-27, 111, 113), the resource summary (src 43-46), Drives and their
themes (src 146-166), an ability's narration (src 191-195), building characters (src 207-232),
Exemplars (src 241-257) and Click-and-Lock (src 258-268). Each test is one situation written from the
seed alone ("src N" = line N of seeds/004_209cadad08ad98a0.txt), played through the table with given
dice. Sample sheets as in test_referee.py: Skitter (Ann), Aunt Sylvie (Bea), Rampart (Cal).
"""

from __future__ import annotations

import pytest

from tests.systems.capes.helpers import actions_game, cast_game, pass_claims

# -- turns: on your turn you narrate, on other people's you listen (CAPES-PRIN-003) ---------------


@pytest.mark.rules("CAPES-PRIN-003", "CAPES-PAGE-010", "CAPES-CONF-006")
def test_turns__in_anothers_action_you_listen_unless_you_finish_their_narration() -> None:
    # src 25-26: "When it's your turn you get to narrate. On other people's turns you listen"; src 90:
    # free narration (anybody) is the time after the claims; src 113: narration about a Conflict "has
    # to be finished by somebody on the controlling side". In Ann's Action, Cal narrates: refused,
    # nothing recorded. Ann narrates her roll (A [1] -> 2 against Bea's B [4]): Bea, controlling, is
    # handed the And Then and finishes it; Cal, not on B, may not.
    sim = actions_game()
    sim.put_conflict("c1", a=(1,), b=(4,), allies={"skitter": "A", "aunt_sylvie": "B"})
    sim.refuse("cal", "narrate", text="Rampart yawns", rule="CAPES-PRIN-003", match="Ann")
    sim.do("ann", "narrate", text="Skitter slips into the vents")
    sim.do("ann", "use_ability", dice=(2,), ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept", text="Her silk catches the necklace, and then...")
    assert sim.state.and_then is not None and sim.state.and_then.finishers == ("bea",)
    sim.refuse("cal", "narrate", text="Rampart steps in", conflict="c1", rule="CAPES-PRIN-003")
    sim.do("bea", "narrate", text="...Sylvie spots the glint and shrieks.", conflict="c1")
    assert sim.state.and_then is None
    assert [line.split(":")[0] for line in sim.state.narration] == ["Ann", "Ann (c1)", "Bea"]


@pytest.mark.rules("CAPES-PAGE-010", "CAPES-PRIN-003")
def test_turns__in_free_narration_anybody_narrates() -> None:
    # src 90: "Anybody can narrate whatever as long as it doesn't need to be arbitrated": after the
    # claims Bea and Cal narrate, not their turn to do anything, and it is recorded.
    sim = cast_game()
    pass_claims(sim)
    sim.do("bea", "narrate", text="Sylvie corners the caterer")
    sim.do("cal", "narrate", text="Rampart hovers by the punch")
    assert len(sim.state.narration) == 2


@pytest.mark.rules("CAPES-RES-009", "CAPES-PRIN-003")
def test_turns__a_deadlock_is_narrated_together_then_turns_resume() -> None:
    # src 143: "Players collaboratively narrate the resolution of a Deadlocked Conflict". In Ann's
    # Action Bea declares c1 ([6, 6] against [6, 6], nobody able to stake) Deadlocked with her words;
    # Cal and Ann add theirs, out of turn, as src 143 has it. Once play moves on (Ann ends her Action),
    # Cal listens again (src 26).
    sim = actions_game()
    sim.put_conflict("c1", a=(6, 6), b=(6, 6), allies={"skitter": "A", "rampart": "B"})
    sim.do("ann", "create_conflict", text="The lights go out")
    sim.do("bea", "deadlock", conflict="c1", text="The vault door jams for good")
    assert all("narrate" in {c.command for c in sim.legal(seat)} for seat in ("ann", "bea", "cal"))
    sim.do("cal", "narrate", text="Rampart hammers it, to no end")
    sim.do("ann", "narrate", text="Skitter's bugs find no crack")
    assert [line.split(":")[0] for line in sim.state.narration][-2:] == ["Cal", "Ann"]
    sim.do("ann", "end_action")
    sim.refuse("cal", "narrate", text="Rampart sulks", rule="CAPES-PRIN-003")
