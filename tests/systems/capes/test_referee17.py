"""A seventeenth referee's pass over Capes: first the objection window of a stake the staker splits on
at once (the known fault), then situations of Debt, Inspirations, Story Tokens, splitting, Conflicts
resolving at the Page's end, the limits of abilities, what each seat reads, and refusals.

Each test is one situation written from the seed alone ("src N" = line N of
seeds/004_209cadad08ad98a0.txt), played through the table with given dice. Sample sheets as in
test_referee.py: Skitter (Ann), Aunt Sylvie (Bea), Rampart (Cal); Ann starts Page 1. Skitter's Swarm
Sense 1, Bug Control 2, Silk Lines 3, Swarm Armour 4 (super), Ruthless 5 (mundane); Drives truth 3,
justice 2, love 2, hope 1, duty 1. Rampart's Super Strength 1, Invulnerability 2, Great Leap 3 (super),
Hopeful 5 (mundane); Drives duty 3, hope 2, justice 2, love 1, truth 1. Aunt Sylvie's abilities are all
mundane, Worried 1 to Nosy 3.
"""

from __future__ import annotations

import pytest

from tests.systems.capes.helpers import Sim, actions_game, cast_game, finish_actions, pass_claims

SEATS = ("ann", "bea", "cal")


def _everyone_reads(sim: Sim, *lines: str) -> None:
    """Every player and the host's view read each line: Capes has no secrets (src 14-17)."""
    for seat in (*SEATS, None):
        words = sim.words(seat)
        for line in lines:
            assert line in words, (seat, line, words[-4:])


def finish_actions_but(sim: Sim, last: str) -> None:
    """From free narration: every free Action before ``last``'s is a filler (a throwaway Event)."""
    if sim.phase() == "narration":
        sim.do(sim.state.scene.page.starter, "begin_actions")  # type: ignore[union-attr]
    while (seat := sim.state.scene.page.turn) != last:  # type: ignore[union-attr]
        sim.do(seat, "create_conflict", text=f"{seat}'s filler")
        sim.do(seat, "end_action")


def _nobody_reacts(sim: Sim) -> None:
    """Each player asked to react to the roll just kept passes (src 200-201)."""
    while (action := sim.state.scene.page.action) is not None and action.reactions is not None:  # type: ignore[union-attr]
        sim.do(action.reactions.asker, "pass")


# -- the known fault: the staker's own split does not take the others' objection away --------------------
# src 152/171: "You can only Stake Debt on a Conflict that is morally charged for that particular character
# and Drive"; the inventory (STAKE-003): "staking prompts a justification; others may object". src 175:
# "The advantage of Staking Debt is you get to Split the dice": a stake is nearly always followed at once
# by the staker's split, so a window the split closed was no window at all. Decision (PROPOSED STAKE-003):
# the window stays open through the staker's own splits; an objection then returns the Debt, and the
# splits the stake paid for, which the side may no longer hold (src 177), are undone: the side's dice go
# back to what they were when the Debt was staked.


@pytest.mark.rules("CAPES-STAKE-003", "CAPES-SPLIT-002", "CAPES-SPLIT-001")
def test_objection__still_open_after_the_stakers_split_and_it_undoes_the_split() -> None:
    # c1: A [3] (Skitter), B [2] (Rampart); Skitter holds 1 truth. Ann stakes 1 truth on A (truth 1 -> 0;
    # A may hold 1 + 1 = 2 dice) and splits the 3 into 2, 1 (src 178). Bea objects: the Debt goes back
    # to truth (1), nothing is staked on A, and A, which may hold 1 die again, is back to [3] (3 = 2 + 1,
    # the total kept). Before the fix the split closed the window and Bea's objection was refused.
    sim = actions_game()
    sim.put_conflict(
        "c1", a=(3,), b=(2,), allies={"skitter": "A", "rampart": "B"}, text="The vault door holds"
    )
    sim.set_debt("skitter", "truth", 1)
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth", why="Her identity is in that vault.")
    sim.do("ann", "split", conflict="c1", side="A", die=1, parts=2)
    assert sim.side("c1", "A").dice == (2, 1)
    assert [p.kind for p in sim.prompts("bea")] == ["object_stake"]
    sim.do("bea", "object", conflict="c1", reason="The vault is not about truth.")
    assert sim.side("c1", "A").stakes == () and sim.side("c1", "A").dice == (3,)
    assert sim.debt("skitter", "truth") == 1
    _everyone_reads(
        sim,
        "Bea objects to Skitter's stake on c1 (The vault door holds): 1 Debt back to truth; side A's split is"
        ' undone, its dice back to 3 — "The vault is not about truth."',
    )


@pytest.mark.rules("CAPES-STAKE-003", "CAPES-SPLIT-001", "CAPES-SPLIT-003")
def test_objection__after_a_split_in_three_and_the_end_of_the_action_every_card_reads_3_again() -> None:
    # Ann stakes 2 truth on A (truth 2 -> 0; A may hold 3 dice), splits the 3 into 1, 1, 1 (src 178, as
    # evenly as possible) and ends her Action: the window is still the others' (src 152). Cal objects:
    # 2 back to truth, A's dice back to [3], and every seat's Conflicts panel reads A as 3, nothing staked.
    sim = actions_game()
    sim.put_conflict(
        "c1", a=(3,), b=(2,), allies={"skitter": "A", "rampart": "B"}, text="The vault door holds"
    )
    sim.set_debt("skitter", "truth", 2)
    sim.do("ann", "stake", conflict="c1", amount=2, drive="truth", why="Her name is on the safe.")
    sim.do("ann", "split", conflict="c1", side="A", die=1, parts=3)
    assert sim.side("c1", "A").dice == (1, 1, 1)
    sim.do("ann", "end_action")
    sim.do("cal", "object", conflict="c1", reason="A safe is no question of truth.")
    assert sim.side("c1", "A").dice == (3,) and sim.debt("skitter", "truth") == 2
    for seat in (*SEATS, None):
        (panel,) = [p for p in sim.view(seat)["panels"] if p["title"] == "Conflicts"]
        assert [list(r[2:6]) for r in panel["rows"]] == [["A", "3", "3", "—"], ["B", "2", "2", "—"]], seat
    _everyone_reads(
        sim,
        "Cal objects to Skitter's stake on c1 (The vault door holds): 2 Debt back to truth; side A's split is"
        ' undone, its dice back to 3 — "A safe is no question of truth."',
    )


@pytest.mark.rules("CAPES-STAKE-003", "CAPES-SPLIT-002")
def test_objection__a_split_the_side_could_make_without_the_stake_stays() -> None:
    # c1: A [4] (Rampart, who has 1 duty staked on it already: A may hold 2 dice), B [2] (Skitter). Cal
    # stakes 1 duty more on A (duty 1 -> 0; 2 staked, A may hold 3 dice) and splits the 4 into 2, 2: two
    # dice, which A could hold on the first duty alone. Ann objects to the new stake: its 1 goes back (duty
    # 1), the first stays, and the split stands (src 177: "as many Debt as are Staked on that side"; 1
    # staked + the free die = 2, PROPOSED SPLIT-002).
    sim = cast_game()
    sim.put_conflict(
        "c1", a=(4,), b=(2,), allies={"rampart": "A", "skitter": "B"}, stakes={"A": [("rampart", "duty", 1)]}
    )
    sim.set_debt("rampart", "duty", 1)
    pass_claims(sim)
    sim.do("ann", "begin_actions")
    sim.do("ann", "create_conflict", text="The press arrives")
    sim.do("ann", "end_action")
    sim.do("bea", "create_conflict", text="Sylvie calls a cab")
    sim.do("bea", "end_action")
    sim.do("cal", "stake", conflict="c1", amount=1, drive="duty", why="Only he can hold the door.")
    sim.do("cal", "split", conflict="c1", side="A", die=1, parts=2)
    sim.do("ann", "object", conflict="c1", reason="Duty has nothing to do with it.")
    assert sim.side("c1", "A").dice == (2, 2)
    assert [(s.pool, s.amount) for s in sim.side("c1", "A").stakes] == [("duty", 1)]
    assert sim.debt("rampart", "duty") == 1
    _everyone_reads(
        sim,
        "Ann objects to Rampart's stake on c1 (A test conflict): 1 Debt back to duty"
        ' — "Duty has nothing to do with it."',
    )


@pytest.mark.rules("CAPES-STAKE-003")
def test_objection__closes_once_the_staker_rolls_or_the_next_player_moves() -> None:
    # The window is the others' chance right after the stake (src 152), not a standing one: after Ann's
    # stake and split, her roll closes it (Bea's objection refused, the stake and split stand); in a second
    # table, after her stake, split and end of Action, Bea beginning her own Action closes it for Cal.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "A", "rampart": "B"})
    sim.set_debt("skitter", "truth", 1)
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth", why="Her identity is at stake.")
    sim.do("ann", "split", conflict="c1", side="A", die=1, parts=2)
    sim.do(
        "ann", "use_ability", dice=(3,), ability="Bug Control", conflict="c1", side="A", die=1, drive="truth"
    )
    sim.do("ann", "accept")
    assert all(p.kind != "object_stake" for s in SEATS for p in sim.prompts(s))
    sim.refuse("bea", "object", conflict="c1", rule="CAPES-STAKE-003")
    assert sim.side("c1", "A").dice == (3, 1) and [s.amount for s in sim.side("c1", "A").stakes] == [1]

    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "A", "rampart": "B"})
    sim.set_debt("skitter", "truth", 1)
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth", why="Her identity is at stake.")
    sim.do("ann", "split", conflict="c1", side="A", die=1, parts=2)
    sim.do("ann", "end_action")
    sim.do("bea", "create_conflict", text="The lights go out")
    sim.refuse("cal", "object", conflict="c1", rule="CAPES-STAKE-003")
    assert sim.side("c1", "A").dice == (2, 1)


@pytest.mark.rules("CAPES-STAKE-003", "CAPES-DEBT-002", "CAPES-DEBT-003", "CAPES-PAGE-003")
def test_objection__the_debt_back_overdraws_again_and_the_next_page_rolls_the_die_made_whole() -> None:
    # src 153: "Debt that is Staked doesn't count against the Drive". Skitter holds 4 truth (Strength 3:
    # Overdrawn, src 147). c1: A [5] (Skitter), B [2] (Rampart). Ann stakes 2 truth on A (4 -> 2 unstaked:
    # no longer Overdrawn) and splits the 5 into 3, 2. Bea objects: truth 4 again, A back to [5]. The rest
    # of Page 1 are fillers. Page 2 (Starter Bea) opens with the Overdrawn roll (PROPOSED PAGE-003): the
    # highest die Skitter owns is the 5 (it would have been a 3 had the split stood): it rolls 2, lower,
    # kept (src 147, "accepting only lower rolls").
    sim = actions_game()
    sim.put_conflict(
        "c1", a=(5,), b=(2,), allies={"skitter": "A", "rampart": "B"}, text="The vault door holds"
    )
    sim.set_debt("skitter", "truth", 4)
    sim.do("ann", "stake", conflict="c1", amount=2, drive="truth", why="Her identity is in the vault.")
    sim.do("ann", "split", conflict="c1", side="A", die=1, parts=2)
    sim.do("bea", "object", conflict="c1", reason="Not a question of truth.")
    assert sim.debt("skitter", "truth") == 4 and sim.side("c1", "A").dice == (5,)
    sim.do("ann", "create_conflict", text="The alarm sounds")
    sim.do("ann", "end_action")
    finish_actions(sim)
    assert sim.phase() == "overdrawn" and sim.prompt("ann", "overdrawn_roll").question == (
        "Ann: roll for Skitter's Overdrawn truth (4 Debt, Strength 3): the highest die Skitter owns,"
        " c1 (The vault door holds) side A showing 5, is re-rolled and only a lower roll is kept."
    )
    sim.do("ann", "overdrawn_roll", dice=(2,))
    assert sim.side("c1", "A").dice == (2,) and sim.phase() == "claims"


# -- an undifferentiated character's stake reads as its one Debt stack, never as a Drive ----------------


def _thug_game() -> Sim:
    """Ann (Skitter), Bea (Aunt Sylvie) and Cal's Thug, a minor super-powered character left
    Undifferentiated (src 235-238: one big stack of Debt); Scene 1, Page 1 claiming, Ann's turn."""
    sim = Sim()
    sim.do("ann", "add_sample", name="Skitter")
    sim.do("bea", "add_sample", name="Aunt Sylvie")
    sim.do(
        "cal",
        "create_character",
        name="Thug",
        attitudes="Mean,Loud,Greedy",
        styles="Brutal,Sneaky,Fast",
        powers="Punch,Kick,Throw",
    )
    sim.do("ann", "declare_scene", text="A charity gala")
    for seat, who in (("ann", "skitter"), ("bea", "aunt_sylvie"), ("cal", "thug")):
        sim.do(seat, "choose", character=who)
    while sim.state.scene is not None and sim.state.scene.casting:
        sim.do(sim.state.scene.turn, "pass")
    return sim


@pytest.mark.rules("CAPES-STAKE-003", "CAPES-STAKE-005", "CAPES-CHAR-009", "CAPES-RES-003")
def test_stack__a_stake_from_the_one_debt_stack_is_judged_for_the_character_not_a_drive() -> None:
    # src 236: an Undifferentiated character "just has one big stack of Debt"; src 152: the Conflict is
    # judged "morally charged for that particular character". c1 "The vault door holds": A [3]
    # (Skitter), B [2] (Thug); Thug holds 4 Debt. Page 1: Ann claims A. Cal stakes 2 from the stack on B
    # (4 -> 2): Ann is asked whether c1 is morally charged for Thug - it read "Object to Cal's stake of 2
    # stack on c1 ...? (only if it is not morally charged for that Drive)", a Drive Thug has not. She
    # objects: 2 back (4). Cal stakes 3, the most a stack may (src 238; 4 -> 1). Resolving: Ann resolves
    # A (3 vs 2); Thug's 3 come back doubled (src 131): 1 + 6 = 7; Ann's Inspiration 3 - 2 = 1.
    sim = _thug_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "A", "thug": "B"}, text="The vault door holds")
    sim.set_debt("thug", "stack", 4)
    sim.do("ann", "claim", conflict="c1", side="A")
    pass_claims(sim)
    finish_actions_but(sim, "cal")
    sim.do("cal", "stake", conflict="c1", amount=2, why="He needs the money.")
    assert sim.prompt("ann", "object_stake").question == (
        "Object to Cal's stake of 2 Debt from Thug's Debt stack on c1 (The vault door holds)? (only if it"
        " is not morally charged for Thug)"
    )
    sim.do("ann", "object", conflict="c1", reason="Money is no moral question.")
    assert sim.debt("thug", "stack") == 4 and sim.side("c1", "B").stakes == ()
    sim.refuse("cal", "stake", conflict="c1", amount=4, rule="CAPES-STAKE-005")
    sim.do("cal", "stake", conflict="c1", amount=3, why="He owes the mob.")
    sim.do("cal", "end_action")
    sim.do("ann", "resolve", conflict="c1", text="The door swings open.")
    assert sim.debt("thug", "stack") == 7
    _everyone_reads(
        sim,
        'Thug stakes 2 Debt from its Debt stack on c1 (The vault door holds) side B — "He needs the money."',
        "Ann objects to Thug's stake on c1 (The vault door holds): 2 Debt back to its Debt stack"
        ' — "Money is no moral question."',
        "Ann resolves c1 (The vault door holds) for side A; debt back doubled: Thug +6 Debt stack;"
        ' Inspirations: Ann 1 — "The door swings open."',
    )


# -- building: Drives written as a player writes them -----------------------------------------------------


@pytest.mark.rules("CAPES-CHAR-007")
def test_drives__written_justice_3_or_truth_2_read_as_strengths() -> None:
    # src 233-234: "Choose five Drives ... Assign each a Strength between one and five, totalling exactly
    # nine." Cal writes them as people do, "justice 3, truth=2, love: 2, hope 1, duty:1" (3+2+2+1+1 = 9):
    # the sheet takes them. It was refused, "There is no Drive called 'justice 3'", a Drive every player
    # knows. A Drive with no number is still refused, saying how to write it.
    sim = Sim()
    abilities = {
        "attitudes": "Mean,Loud,Greedy",
        "styles": "Brutal,Sneaky,Quick",
        "powers": "Punch,Kick,Throw",
    }
    refused = sim.refuse(
        "cal",
        "create_character",
        name="Bruiser",
        drives="justice, truth 2, love 2, hope 1, duty 1",
        **abilities,
    )
    assert refused.message == "Give justice a Strength, like justice:2."
    sim.do(
        "cal",
        "create_character",
        name="Bruiser",
        drives="justice 3, truth=2, love: 2, hope 1, duty:1",
        **abilities,
    )
    drives = sim.state.roster["bruiser"].sheet.drives
    assert [(str(d.drive.value), d.strength) for d in drives] == [
        ("justice", 3),
        ("truth", 2),
        ("love", 2),
        ("hope", 1),
        ("duty", 1),
    ]


# -- refusals a new player meets while staking and rolling ---------------------------------------------


@pytest.mark.rules("CAPES-STAKE-001", "CAPES-STAKE-002", "CAPES-ABIL-002")
def test_refusals__a_drive_she_lacks_debt_she_lacks_and_a_die_not_there_each_say_what_is() -> None:
    # src 168: Debt is staked from a Drive; Skitter's are truth, justice, love, hope, duty (Fear is a
    # villain's, src 166). Ann names fear: the refusal said only "Say which of Skitter's Drives to stake
    # from." - now it says she has none called fear and lists hers. Justice holds nothing: it read "has
    # only 0 Debt"; now "no Debt". src 188: an ability rolls a die on a Conflict; side A holds one die, so
    # "die 3" is refused: it read "has 1 dice".
    sim = actions_game()
    sim.put_conflict(
        "c1", a=(3,), b=(2,), allies={"skitter": "A", "rampart": "B"}, text="The vault door holds"
    )
    sim.set_debt("skitter", "truth", 1)
    said = [
        sim.refuse("ann", "stake", conflict="c1", amount=1, drive="fear", rule="CAPES-STAKE-001").message,
        sim.refuse("ann", "stake", conflict="c1", amount=1, drive="justice", rule="CAPES-STAKE-002").message,
        sim.refuse(
            "ann", "use_ability", ability="Silk Lines", conflict="c1", side="A", die=3, drive="truth"
        ).message,
    ]
    assert said == [
        "Skitter has no Drive 'fear'; say which of Skitter's Drives to stake from: truth, justice, love,"
        " hope, duty.",
        "Skitter has no Debt on justice to stake.",
        "Side A of c1 (The vault door holds) has 1 die; there is no die 3.",
    ]
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth")
    assert sim.debt("skitter", "truth") == 0


# -- the Exemplar Free Conflict, added by the Exemplar's own player ---------------------------------------


@pytest.mark.rules("CAPES-CHAR-012", "CAPES-PAGE-009", "CAPES-RSRC-001")
def test_free_conflict__the_exemplars_player_adds_it_naming_the_exemplar_and_it_costs_nothing() -> None:
    # src 86: "If a character and one of their Exemplars are both in the Scene, the person playing either
    # can add the Free Conflict between them for free"; src 252-253: once per Scene, "Either the player
    # of the character or the Exemplar may play it". Aunt Sylvie is Skitter's Exemplar (truth). Page 1:
    # Ann passes; Bea, who plays the Exemplar, adds it naming the Exemplar, Aunt Sylvie: it was refused,
    # "Aunt Sylvie is not an Exemplar of Aunt Sylvie (nor the other way)". It costs her nothing (tokens
    # stay 1) and the log says whose Free Conflict it is; Cal naming his own Rampart, who is in no
    # Exemplar pair here, is told to name the other character; Ann may not play it again this Scene.
    sim = cast_game(start_story_tokens=1)
    sim.do("ann", "pass")
    sim.do(
        "bea",
        "create_conflict",
        text="Sylvie asks where Taylor was last night",
        free="exemplar",
        exemplar="Aunt Sylvie",
    )
    assert sim.state.tokens == {"ann": 1, "bea": 1, "cal": 1}
    sim.do("bea", "pass")
    refused = sim.refuse(
        "cal", "create_conflict", text="Rampart's mother calls", free="exemplar", exemplar="Rampart"
    )
    assert refused.message == (
        "Name the other character of the pair in exemplar= (none in this Scene), not Rampart itself."
    )
    sim.do("cal", "pass")
    sim.refuse(
        "ann", "create_conflict", text="Again", free="exemplar", exemplar="Aunt Sylvie", rule="CAPES-CHAR-012"
    )
    _everyone_reads(
        sim,
        "Bea creates event c1, the Exemplar Free Conflict of Aunt Sylvie and Skitter: Sylvie asks where"
        " Taylor was last night.",
    )
