"""A nineteenth referee's pass over Capes: what each seat is asked and reads when one player's two
characters stake on the same card, and more situations on what each seat sees.

Each test is one situation written from the seed alone ("src N" = line N of
seeds/004_209cadad08ad98a0.txt), played through the table with given dice. Sample sheets as in
test_referee.py: Skitter, Aunt Sylvie, Rampart, Inspector Vale. Skitter's Drives truth 3, justice 2,
love 2, hope 1, duty 1; Rampart's duty 3, hope 2, justice 2, love 1, truth 1.
"""

from __future__ import annotations

import pytest

from tests.systems.capes.helpers import Sim, pass_claims
from tests.systems.capes.test_referee13 import _cast

SEATS = ("ann", "bea", "cal")


def _everyone_reads(sim: Sim, *lines: str) -> None:
    """Every player and the host's view read each line: Capes has no secrets (src 14-17)."""
    for seat in (*SEATS, None):
        words = sim.words(seat)
        for line in lines:
            assert line in words, (seat, line, words[-4:])


def _two_stakes_on_c1() -> Sim:
    """Ann plays Skitter and Rampart (bought for a token, src 36), Bea Aunt Sylvie, Cal Inspector Vale.
    c1 "The vault door holds": A [6] (Skitter, Rampart), B [2] (Aunt Sylvie). Skitter holds 1 truth,
    Rampart 2 duty. In Skitter's Action Ann stakes 1 truth on A ("Her name is on the safe"), ends it;
    in Rampart's (her turn holds both, src 92) she stakes 2 duty on A ("He swore to guard it")."""
    sim = _cast(
        {"ann": ("skitter", "rampart"), "bea": ("aunt_sylvie",), "cal": ("inspector_vale",)}, {"ann": 1}
    )
    sim.put_conflict(
        "c1",
        a=(6,),
        b=(2,),
        allies={"skitter": "A", "rampart": "A", "aunt_sylvie": "B"},
        text="The vault door holds",
    )
    sim.set_debt("skitter", "truth", 1)
    sim.set_debt("rampart", "duty", 2)
    pass_claims(sim)
    sim.do("ann", "begin_actions")
    sim.do(
        "ann",
        "stake",
        conflict="c1",
        amount=1,
        drive="truth",
        character="skitter",
        why="Her name is on the safe.",
    )
    sim.do("ann", "end_action")
    sim.do(
        "ann",
        "stake",
        conflict="c1",
        amount=2,
        drive="duty",
        character="rampart",
        why="He swore to guard it.",
    )
    return sim


# -- a) one objection prompt a card names every stake it takes back (CAPES-STAKE-003) -------------------
# src 152: Debt is staked on a Conflict "morally charged for that particular character and Drive"; the
# others may object (STAKE-003). One objection to a card takes back every stake on it still open, so
# Ann's two characters' stakes (src 168: each character stakes one Drive per Conflict) go back together.
# The prompt was worded from the first open stake only: Bea was asked about "1 Debt from Skitter's
# truth" and her answer also took Rampart's 2 duty back, a stake she was never asked about.


@pytest.mark.rules("CAPES-STAKE-003", "CAPES-STAKE-002")
def test_two_characters_stakes__the_objection_prompt_names_both_and_the_objection_takes_both_back() -> None:
    # Bea and Cal are each asked once about c1, naming both stakes and what each Drive is about; Ann,
    # the staker, is not asked. Bea objects: truth back to 1, duty back to 2, A holds no stake.
    sim = _two_stakes_on_c1()
    for seat in ("bea", "cal"):
        (prompt,) = [p for p in sim.prompts(seat) if p.kind == "object_stake"]
        assert prompt.question == (
            "Object to Ann's stakes on c1 (The vault door holds), taking back both: 1 Debt from Skitter's"
            " truth and 2 Debt from Rampart's duty? (only if it is not morally charged for Skitter and"
            " truth, which is about identity, honesty and secrets, or not for Rampart and duty, which is"
            " about the responsibilities that they alone can and must fulfil)"
        )
        assert prompt.context == {"conflict": "c1", "amount": 3, "pool": "truth, duty"}
    assert not [p for p in sim.prompts("ann") if p.kind == "object_stake"]
    sim.do("bea", "object", conflict="c1", reason="A door is no matter of the heart.")
    assert sim.debt("skitter", "truth") == 1 and sim.debt("rampart", "duty") == 2
    assert sim.side("c1", "A").stakes == ()
    assert all(p.kind != "object_stake" for s in SEATS for p in sim.prompts(s))
    # each seat reads whose stake went back: both lines named only the card ("objects to the stake on
    # c1"), and with two characters each holding Debt the table could not tell whose came back
    _everyone_reads(
        sim,
        "Bea objects to Skitter's stake on c1 (The vault door holds): 1 Debt back to truth — \"A door is"
        ' no matter of the heart."',
        "Bea objects to Rampart's stake on c1 (The vault door holds): 2 Debt back to duty — \"A door is"
        ' no matter of the heart."',
    )


@pytest.mark.rules("CAPES-STAKE-003", "CAPES-STAKE-002")
def test_two_characters_stakes_on_both_sides__one_objection_takes_both_back_and_each_seat_reads_both() -> (
    None
):
    # c1 "The vault door holds": A [3] (Skitter), B [4] (Rampart): Ann's two characters on opposite
    # sides. Skitter stakes 1 truth on A, Rampart 1 duty on B. Cal is asked about both; he objects and
    # both come back, each side with no stake left, every seat reading both lines.
    sim = _cast(
        {"ann": ("skitter", "rampart"), "bea": ("aunt_sylvie",), "cal": ("inspector_vale",)}, {"ann": 1}
    )
    sim.put_conflict(
        "c1", a=(3,), b=(4,), allies={"skitter": "A", "rampart": "B"}, text="The vault door holds"
    )
    sim.set_debt("skitter", "truth", 1)
    sim.set_debt("rampart", "duty", 1)
    pass_claims(sim)
    sim.do("ann", "begin_actions")
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth", character="skitter", why="Her secret.")
    sim.do("ann", "end_action")
    sim.do(
        "ann", "stake", conflict="c1", amount=1, drive="duty", character="rampart", side="B", why="His post."
    )
    assert sim.prompt("cal", "object_stake").question.startswith(
        "Object to Ann's stakes on c1 (The vault door holds), taking back both: 1 Debt from Skitter's"
        " truth and 1 Debt from Rampart's duty? (only if it is not morally charged for Skitter and truth"
    )
    sim.do("cal", "object", conflict="c1", reason="Neither cares about a door.")
    assert sim.debt("skitter", "truth") == 1 and sim.debt("rampart", "duty") == 1
    assert sim.side("c1", "A").stakes == () and sim.side("c1", "B").stakes == ()
    _everyone_reads(
        sim,
        "Cal objects to Skitter's stake on c1 (The vault door holds): 1 Debt back to truth — \"Neither"
        ' cares about a door."',
        "Cal objects to Rampart's stake on c1 (The vault door holds): 1 Debt back to duty — \"Neither"
        ' cares about a door."',
    )


@pytest.mark.rules("CAPES-STAKE-003", "CAPES-ABIL-001")
def test_two_characters__a_roll_in_the_second_characters_action_closes_the_first_stakes_window() -> None:
    # Skitter stakes 1 truth on c1 A [6] and Ann ends her Action; in Rampart's Action she rolls Great
    # Leap (3) on B [2] (a move on the card, given die 4): the others' chance to object to Skitter's stake
    # is over (only the staker's stakes, splits and the like keep it open). Nobody is asked, and Bea's
    # objection is refused: truth stays staked.
    sim = _cast(
        {"ann": ("skitter", "rampart"), "bea": ("aunt_sylvie",), "cal": ("inspector_vale",)}, {"ann": 1}
    )
    sim.put_conflict(
        "c1", a=(6,), b=(2,), allies={"skitter": "A", "rampart": "B"}, text="The vault door holds"
    )
    sim.set_debt("skitter", "truth", 1)
    pass_claims(sim)
    sim.do("ann", "begin_actions")
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth", character="skitter", why="Her secret.")
    sim.do("ann", "end_action")
    assert [p.kind for p in sim.prompts("bea")] == ["object_stake"]
    sim.do(
        "ann",
        "use_ability",
        dice=(4,),
        character="rampart",
        ability="Great Leap",
        conflict="c1",
        side="B",
        die=1,
        drive="duty",
    )
    assert all(p.kind != "object_stake" for s in SEATS for p in sim.prompts(s))
    sim.refuse("bea", "object", conflict="c1", rule="CAPES-STAKE-003")
    assert [(s.character, s.amount) for s in sim.side("c1", "A").stakes] == [("skitter", 1)]


@pytest.mark.rules("CAPES-STAKE-003", "CAPES-STAKE-005", "CAPES-CHAR-009")
def test_three_characters_stakes__the_prompt_names_all_three_a_stack_judged_for_the_character() -> None:
    # Ann plays Skitter, Rampart and Inspector Vale (undifferentiated: one Debt stack, src 236), the two
    # extra picks bought (src 36). Each stakes 1 on c1 A [6] in its own Action (src 92). Bea is asked
    # once, about all three, Vale's judged for the character alone (src 152); her objection takes all
    # three back.
    sim = _cast(
        {"ann": ("skitter", "rampart", "inspector_vale"), "bea": ("aunt_sylvie",), "cal": ()}, {"ann": 2}
    )
    sim.put_conflict(
        "c1",
        a=(6,),
        b=(2,),
        allies={"skitter": "A", "rampart": "A", "inspector_vale": "A"},
        text="The vault door holds",
    )
    sim.set_debt("skitter", "truth", 1)
    sim.set_debt("rampart", "duty", 1)
    sim.set_debt("inspector_vale", "stack", 1)
    pass_claims(sim)
    sim.do("ann", "begin_actions")
    for who, drive in (("skitter", "truth"), ("rampart", "duty"), ("inspector_vale", "")):
        sim.do("ann", "stake", conflict="c1", amount=1, drive=drive, character=who, why="It matters.")
        if who != "inspector_vale":
            sim.do("ann", "end_action")
    question = sim.prompt("bea", "object_stake").question
    assert question.startswith(
        "Object to Ann's stakes on c1 (The vault door holds), taking back all 3: 1 Debt from Skitter's"
        " truth, 1 Debt from Rampart's duty and 1 Debt from Inspector Vale's Debt stack? (only if it is"
        " not morally charged for Skitter and truth, which is about "
    ), question
    assert question.endswith(", or not for Inspector Vale)"), question
    sim.do("bea", "object", conflict="c1", reason="Nobody's conscience is in this door.")
    assert sim.side("c1", "A").stakes == ()
    back = (("skitter", "truth"), ("rampart", "duty"), ("inspector_vale", "stack"))
    assert [sim.debt(c, p) for c, p in back] == [1, 1, 1]
