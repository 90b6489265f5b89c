"""A ninth referee's pass over Capes: a Goal both sides want, then Debt, Inspirations, Stakes, Gloating,
Splitting, Deadlock, turn order, who may act for whom, and the words each seat reads.

Each test is one situation written from the seed alone ("src N" = line N of
seeds/004_209cadad08ad98a0.txt), played through the table with given dice. Sample sheets as in
test_referee.py: Skitter (Ann), Aunt Sylvie (Bea), Rampart (Cal); Ann starts Page 1. Ratings:
Skitter's Swarm Sense 1, Bug Control 2, Silk Lines 3, Swarm Armour 4 (super), Ruthless 5 (mundane);
Rampart's Super Strength 1, Invulnerability 2, Great Leap 3 (super), Hopeful 5 (mundane); Aunt
Sylvie's abilities are all mundane, Worried 1 to Nosy 3.
"""

from __future__ import annotations

import pytest

from tests.systems.capes.helpers import Sim, actions_game, cast_game, finish_actions
from tests.systems.capes.test_referee import _claims, _page


def _hostages(*, both_want: bool) -> Sim:
    """Page 1: Ann declares the Goal "Get the hostages out" for Skitter (side A her bugs lead them out,
    side B Rampart carries them out); Bea takes a filler Action; Cal's Great Leap rolls B's 1 to 6
    (nobody can react to a 6). Page 2 (Starter Bea): Cal claims B, the rest pass, the Actions are
    fillers, and the Resolving comes to Cal."""
    sim = actions_game()
    sim.do(
        "ann",
        "create_conflict",
        kind="goal",
        text="Get the hostages out",
        character="skitter",
        side_a="Skitter's bugs lead them out",
        side_b="Rampart carries them out",
        **({"both_want": True} if both_want else {}),
    )
    sim.do("ann", "end_action")
    sim.do("bea", "create_conflict", text="The band plays on")
    sim.do("bea", "end_action")
    sim.do(
        "cal", "use_ability", dice=[6], ability="Great Leap", conflict="c1", side="B", help="B", drive="duty"
    )
    sim.do("cal", "accept")
    sim.do("cal", "end_action")
    assert _page(sim)[:3] == (2, "bea", "claims")
    _claims(sim, {"cal": ("c1", "B")})
    finish_actions(sim)
    assert _page(sim)[2:] == ("resolving", "cal")
    return sim


# -- a Goal both sides want (CAPES-EG-004/005, src 121-126) ------------------------------------------


@pytest.mark.rules("CAPES-EG-005", "CAPES-EG-004", "CAPES-EG-006")
def test_goal__both_sides_want_it_the_other_side_resolving_is_no_failure() -> None:
    # src 126: "Sometimes you can have two sides that both want it to succeed but want it to succeed in
    # different ways"; src 121: "The Resolver narrates whether they succeed". Skitter's Goal "Get the
    # hostages out" is wanted by both sides: A (her bugs lead them out) and B (Rampart carries them).
    # B [6] beats A [1] and Cal resolves it: the Goal succeeds, Rampart's way. Skitter did not fail it
    # (src 123-125 are about a Goal not achieved): nobody is barred from it, and no seat reads
    # "failed Goal".
    sim = _hostages(both_want=True)
    assert any("both sides want it" in w for w in sim.words("bea"))
    sim.do("cal", "resolve", conflict="c1", text="Rampart tears the wall open and carries them out.")
    assert sim.state.scene is not None and sim.state.scene.failed_goals == ()
    (line,) = [w for w in sim.words("ann") if "resolves c1" in w]
    assert "failed Goal" not in line and line.startswith("Cal resolves c1 (Get the hostages out) for side B")


@pytest.mark.rules("CAPES-EG-004", "CAPES-EG-006")
def test_goal__for_and_against_the_other_side_resolving_fails_it() -> None:
    # src 123: "If that side resolves the Goal, then they succeed at the goal. Otherwise they fail." The
    # same table without both_want: side B is against Skitter's Goal, Cal resolves B, Skitter failed it.
    sim = _hostages(both_want=False)
    sim.do("cal", "resolve", conflict="c1")
    assert sim.state.scene is not None and sim.state.scene.failed_goals == ("skitter/get_the_hostages_out",)
    assert any("failed Goal for Skitter" in w for w in sim.words("bea"))


@pytest.mark.rules("CAPES-EG-005", "CAPES-EG-001")
def test_goal__both_sides_want_is_for_a_goal_not_an_event() -> None:
    # src 119 vs 126: an Event "has to happen" whoever resolves it; only a Goal can fail, so only a Goal
    # is declared as wanted by both sides. An Event so declared is refused and nothing changes.
    sim = actions_game()
    sim.refuse(
        "ann", "create_conflict", text="The roof caves in", both_want=True, rule="CAPES-EG-005", match="Goal"
    )


@pytest.mark.rules("CAPES-EG-005", "CAPES-RES-009", "CAPES-EG-004")
def test_goal__both_sides_want_it_and_it_deadlocks_both_sides_fail() -> None:
    # src 123: "If that side resolves the Goal, then they succeed ... Otherwise they fail"; src 142-143:
    # a Deadlock is narrated together, no side resolves it. Both sides wanted the Goal (src 126) and
    # neither resolved it: Skitter (side A, its declarer) and Rampart (rolled for B) both failed it, and
    # Rampart may not roll for it again this Scene (src 125). [6] vs [6], nobody with Debt: Ann, the
    # Starter, declares the Deadlock (nobody claimed).
    sim = cast_game()
    sim.put_conflict(
        "c1",
        a=(6,),
        b=(6,),
        kind="goal",
        text="Get the hostages out",
        allies={"skitter": "A", "rampart": "B"},
        both_want=True,
    )
    for character in ("skitter", "aunt_sylvie", "rampart"):
        for pool in sim.state.roster[character].debt:
            sim.set_debt(character, pool, 0)
    _claims(sim, {})
    finish_actions(sim)
    sim.do("ann", "deadlock", conflict="c1")
    assert sim.state.scene is not None
    assert sorted(sim.state.scene.failed_goals) == [
        "rampart/get_the_hostages_out",
        "skitter/get_the_hostages_out",
    ]
