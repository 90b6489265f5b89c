"""A seventh referee's pass over Capes: the seed lines the first six passes cited least.

Turns and who narrates (src 23-27, 111, 113), the resource summary (src 43-46), Drives and their
themes (src 146-166), an ability's narration (src 191-195), building characters (src 207-232),
Exemplars (src 241-257) and Click-and-Lock (src 258-268). Each test is one situation written from the
seed alone ("src N" = line N of seeds/004_209cadad08ad98a0.txt), played through the table with given
dice. Sample sheets as in test_referee.py: Skitter (Ann), Aunt Sylvie (Bea), Rampart (Cal).
"""

from __future__ import annotations

import pytest

from tests.systems.capes.helpers import Sim, actions_game, cast_game, finish_actions, pass_claims
from tests.systems.capes.test_referee import _claims, _filler_actions, _page

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
    assert [(s.player, s.conflict) for s in sim.state.narration] == [
        ("ann", ""),
        ("ann", "c1"),
        ("bea", "c1"),
    ]


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
    # src 143: "Players collaboratively narrate the resolution of a Deadlocked Conflict". At the
    # Resolving Ann, the Starter, declares c1 ([6, 6] against [6, 6], nobody claimed it or can stake)
    # Deadlocked with her words; Cal and Ann add theirs, out of turn, as src 143 has it. Once play
    # moves on (Bea passes her claim on Page 2), Ann listens again (src 26): it is Cal's turn.
    sim = actions_game()
    sim.put_conflict("c1", a=(6, 6), b=(6, 6), allies={"skitter": "A", "rampart": "B"})
    finish_actions(sim)
    sim.do("ann", "deadlock", conflict="c1", text="The vault door jams for good")
    assert all("narrate" in {c.command for c in sim.legal(seat)} for seat in ("ann", "bea", "cal"))
    sim.do("cal", "narrate", text="Rampart hammers it, to no end")
    sim.do("ann", "narrate", text="Skitter's bugs find no crack")
    assert [s.player for s in sim.state.narration][-2:] == ["cal", "ann"]
    assert _page(sim)[:3] == (2, "bea", "claims")
    sim.do("bea", "pass")
    sim.refuse("ann", "narrate", text="Skitter sulks", rule="CAPES-PRIN-003")


# -- the Starter's Action (CAPES-PAGE-011, CAPES-PAGE-012) ----------------------------------------


@pytest.mark.rules("CAPES-PAGE-011", "CAPES-PAGE-012")
def test_starter__playing_two_characters_her_action_must_say_whose() -> None:
    # src 91: the Starter ends free play "by taking Actions for their characters"; src 92: an Action
    # "for each of your characters". Ann plays Skitter and Inspector Vale (a token at Page start); in
    # free narration her ability use naming no character is refused and free narration goes on (the
    # refusal changes nothing); naming Skitter, it is Skitter's Action and the Actions have begun.
    sim = cast_game()
    sim.do("ann", "add_sample", name="Inspector Vale")
    sim.patch(tokens={**sim.state.tokens, "ann": 1})
    sim.do("ann", "choose", character="inspector_vale")
    sim.put_conflict("c1", a=(2,), b=(3,), allies={"skitter": "A", "aunt_sylvie": "B"})
    pass_claims(sim)
    sim.refuse("ann", "use_ability", dice=(4,), ability="Silk Lines", conflict="c1", side="A",
               drive="truth", rule="CAPES-PAGE-012")  # fmt: skip
    assert sim.phase() == "narration"
    sim.do("ann", "use_ability", dice=(4,), character="skitter", ability="Silk Lines", conflict="c1",
           side="A", drive="truth")  # fmt: skip
    assert sim.phase() == "actions"
    assert sim.state.scene.page.action.character == "skitter"  # type: ignore[union-attr]


@pytest.mark.rules("CAPES-PAGE-011", "CAPES-PAGE-001")
def test_starter__with_no_character_this_scene_she_still_ends_free_narration() -> None:
    # src 91: the Starter ends free play; src 92: Actions are "for each of your characters". Bea
    # declared Scene 1 and passed her pick (src 36: a free pick, not a duty), so she has no Action to
    # take: an Action of hers is refused (it is Cal's), and begin_actions hands the first Action to Cal.
    sim = Sim()
    for seat, name in (("ann", "Skitter"), ("cal", "Rampart")):
        sim.do(seat, "add_sample", name=name)
    sim.do("bea", "declare_scene", text="The docks")
    sim.do("bea", "pass")
    sim.do("cal", "choose", character="rampart")
    sim.do("ann", "choose", character="skitter")
    while sim.state.scene is not None and sim.state.scene.casting:
        sim.do(sim.state.scene.turn, "pass")
    pass_claims(sim)
    assert _page(sim)[1:3] == ("bea", "narration")
    sim.refuse("bea", "create_conflict", text="A storm rolls in")
    assert sim.phase() == "narration"
    assert not {"create_conflict", "use_ability"} & {c.command for c in sim.legal("bea")}
    sim.do("bea", "begin_actions")
    assert _page(sim)[2:] == ("actions", "cal")


# -- building (CAPES-CHAR) ------------------------------------------------------------------------


@pytest.mark.rules("CAPES-CHAR-004", "CAPES-CHAR-001", "CAPES-CHAR-015")
def test_click_and_lock__a_skill_set_character_is_mundane_and_has_no_drives() -> None:
    # src 222: "Personas and Skill-Set abilities are always mundane"; src 211: "Super-powered characters
    # can have Drives". A Detective + Caregiver with five Drives is refused, nothing added; without them
    # it is a normal person, its Debt nowhere to go: every ability mundane.
    sim = Sim()
    vale = {"name": "Sergeant Kim", "module": "detective", "persona": "caregiver",
            "cross_out": "Marksmanship,Brave,Chatty"}  # fmt: skip
    drives = "truth:3,justice:2,love:2,hope:1,duty:1"
    sim.refuse("ann", "create_click_and_lock", payload={**vale, "drives": drives}, rule="CAPES-CHAR-001")
    assert "sergeant_kim" not in sim.state.roster
    sim.do("ann", "create_click_and_lock", payload=vale)
    sheet = sim.state.roster["sergeant_kim"].sheet
    assert not sheet.super_powered and sheet.drives == ()


@pytest.mark.rules("CAPES-CHAR-015", "CAPES-CHAR-002", "CAPES-DEBT-001")
def test_click_and_lock__tweaked_freeform_later_its_debt_stays_on_its_drives() -> None:
    # src 267: Click-and-Lock characters "match the free-form rules, so feel free to tweak the character
    # further"; src 215: between sessions. Rampart (Duty 2 Debt) is remade freeform between Scenes
    # with the same Drives and a new Power: Duty still holds 2 (src 147: Debt sits on Drives).
    sim = Sim()
    sim.do("cal", "add_sample", name="Rampart")
    sim.set_debt("rampart", "duty", 2)
    sim.do("cal", "create_character", name="Rampart", replace=True,
           powers="Super Strength,Invulnerability,Great Leap,Force Wall",
           attitudes="Guilty,Stubborn,Protective,Sarcastic,Hopeful",
           styles="Smashing,Heroic Pose,Unstoppable", super_styles="Smashing",
           drives="duty:3,hope:2,justice:2,love:1,truth:1")  # fmt: skip
    assert sim.debt("rampart", "duty") == 2
    assert sim.state.roster["rampart"].sheet.ability("Force Wall") is not None


@pytest.mark.rules("CAPES-PRIN-003", "CAPES-RES-002", "CAPES-PRIN-002")
def test_turns__at_resolving_the_resolver_narrates_and_the_rest_listen() -> None:
    # src 21: "Only the winner of a Conflict gets to narrate its conclusion"; src 26: "On other
    # people's turns you listen". Ann claimed c1 A [5] against Bea's B [2]; at resolving it is Ann's
    # turn: Bea's narration is refused, Ann's resolution carries her words.
    sim = cast_game()
    sim.put_conflict("c1", a=(5,), b=(2,), allies={"skitter": "A", "aunt_sylvie": "B"})
    _claims(sim, {"ann": ("c1", "A")})
    sim.do("ann", "begin_actions")
    _filler_actions(sim, ("ann", "bea", "cal"))
    assert _page(sim)[2:] == ("resolving", "ann")
    sim.refuse("bea", "narrate", text="Sylvie faints", rule="CAPES-PRIN-003")
    sim.do("ann", "resolve", conflict="c1", text="Skitter slips out with the necklace")
    assert sim.state.narration[-1].text == "Skitter slips out with the necklace"
