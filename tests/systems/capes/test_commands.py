"""Capes commands whose fields contradict each other are refused whole, not half-read.

Bad input gets a clear error and changes nothing: a field the handler would drop in the
path it takes is refused with a sentence naming the fields, so no player loses a choice
without being told.
"""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.errors import InvalidCommand
from capeworks.systems.capes.state import Inspiration
from tests.systems.capes.helpers import Sim, actions_game, cast_game


@pytest.mark.rules("CAPES-ABIL-002")
@pytest.mark.parametrize(
    ("die_fields", "named"),
    [
        ({"conflict": "c1", "side": "A"}, "conflict=, side="),
        ({"conflict": "c1"}, "conflict="),
        ({"help": "B"}, "help="),
        ({"label": "The bank is robbed"}, "label="),
        ({"die": 2}, "die="),
    ],
)
def test_use_ability__an_inspiration_and_a_die_together_are_refused(
    die_fields: dict[str, Any], named: str
) -> None:
    sim = actions_game()
    sim.put_conflict("c1", a=(2, 1), b=(1,))
    sim.patch(inspirations={**sim.state.inspirations, "ann": (Inspiration(value=2),)})
    # src 188-189: a use raises an Inspiration OR re-rolls a die; both at once used to raise the
    # Inspiration and quietly drop the die's fields
    error = sim.refuse(
        "ann",
        "use_ability",
        error=InvalidCommand,
        match="not both",
        ability="Silk Lines",
        drive="truth",
        inspiration=2,
        **die_fields,
    )
    assert f"drop {named} or inspiration=" in error.message
    # either one alone is taken: the Inspiration of 2 rises to 3 (Silk Lines 3 >= 2)
    sim.do("ann", "use_ability", ability="Silk Lines", drive="truth", inspiration=2)
    assert [i.value for i in sim.state.inspirations["ann"]] == [3]


@pytest.mark.rules("CAPES-CHAR-012", "CAPES-PAGE-009")
@pytest.mark.parametrize("free", ["", "non_person"])
def test_create_conflict__an_exemplar_without_its_free_conflict_is_refused(free: str) -> None:
    sim = cast_game()
    sim.patch(tokens={**sim.state.tokens, "ann": 1})
    # src 86: the Exemplar Free Conflict is added free; naming the Exemplar without free=exemplar used to
    # add a paid Conflict, Ann's one Story Token spent and the Exemplar dropped unread
    sim.refuse(
        "ann",
        "create_conflict",
        error=InvalidCommand,
        match="add free=exemplar, or drop exemplar=",
        text="Sylvie asks where Skitter goes at night",
        exemplar="aunt_sylvie",
        free=free,
    )
    sim.do(
        "ann",
        "create_conflict",
        text="Sylvie asks where Skitter goes at night",
        exemplar="aunt_sylvie",
        free="exemplar",
    )
    assert sim.state.tokens["ann"] == 1  # the Free Conflict costs no token


@pytest.mark.rules("CAPES-CONF-005")
def test_narrate__an_outcome_without_its_conflict_is_refused() -> None:
    sim = actions_game()
    sim.put_conflict("c1", a=(4,), b=(1,), allies={"skitter": "A"})
    # src 112: nobody narrates how a Conflict turns out but its Resolver; outcome= without conflict= used
    # to be recorded as free narration, the "Not Yet" check never made
    sim.refuse(
        "bea",
        "narrate",
        error=InvalidCommand,
        match="name it (conflict=), or drop outcome=",
        text="The thief is caught",
        outcome=True,
    )
    sim.refuse(
        "bea",
        "narrate",
        text="The thief is caught",
        conflict="c1",
        outcome=True,
        rule="CAPES-CONF-005",
    )
    sim.do("ann", "narrate", text="Skitter eyes the window")  # her turn: she narrates (src 25)
    assert sim.last.type.endswith("narrated")


@pytest.mark.rules("CAPES-DEBT-003")
@pytest.mark.parametrize(
    ("fields", "named"), [({"side": "A"}, "side="), ({"side": "A", "die": 1}, "side= and die=")]
)
def test_overdrawn_roll__a_side_or_die_without_its_conflict_is_refused(
    fields: dict[str, Any], named: str
) -> None:
    sim = actions_game()
    # Skitter owns two 5s (c1 A and c2 A); Truth 3 holds 4 Debt, so Page 2 opens with an Overdrawn roll
    sim.put_conflict("c1", a=(5,), b=(1,), allies={"skitter": "A"})
    sim.put_conflict("c2", a=(5,), b=(1,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 4)
    for seat in ("ann", "bea", "cal"):
        sim.do(seat, "create_conflict", text=f"{seat} scratch")
        sim.do(seat, "end_action")
    assert sim.phase() == "overdrawn"
    # src 147: the player rolls one of the highest dice; side=/die= without conflict= used to be dropped
    # and c1's die rolled, whichever the player meant
    sim.refuse(
        "ann",
        "overdrawn_roll",
        error=InvalidCommand,
        match=f"add conflict=, or drop {named}",
        dice=(2,),
        **fields,
    )
    sim.do("ann", "overdrawn_roll", dice=(2,), conflict="c2", side="A", die=1)
    assert (sim.side("c1", "A").dice, sim.side("c2", "A").dice) == ((5,), (2,))


@pytest.mark.rules("CAPES-CHAR-017")
def test_create_character__a_free_conflict_on_a_person_is_refused() -> None:
    sim = Sim()
    gala = {"skills": "Security,Catering,Press", "attitudes": "a,b,c", "styles": "d,e,f"}
    # src 87: a non-person character's player adds its Free Conflict; on a person's sheet the Free
    # Conflict used to be kept where no command could ever add it
    sim.refuse(
        "ann",
        "create_character",
        error=InvalidCommand,
        match="add non_person=true, or drop free_conflict=",
        name="The Gala",
        free_conflict="The guests panic",
        **gala,
    )
    sim.do(
        "ann", "create_character", name="The Gala", free_conflict="The guests panic", non_person=True, **gala
    )
    assert sim.state.roster["the_gala"].sheet.free_conflict == "The guests panic"
