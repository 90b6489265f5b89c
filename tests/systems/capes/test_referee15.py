"""A fifteenth referee's pass over Capes: whole Pages of three players, read by every seat.

First the words: a Conflict card is named by what it is about ("c1 (The gala's lights fail)"), never
by its bare label, in every seat's log, prompt and menu. Then situations a table meets in one Page:
Conflicts made and vetoed (src 116-118), Claims free and bought (src 78-89), Stakes and Splits (src
168-179), the resolution settling Debt, Story Tokens and Inspirations (src 131-141), and the words
each seat reads, with the numbers.

Written from the seed alone ("src N" = line N of seeds/004_209cadad08ad98a0.txt), played through the
table with given dice. Sample sheets as in test_referee.py: Skitter (Ann), Aunt Sylvie (Bea), Rampart
(Cal); Ann starts Page 1. Skitter's Swarm Sense 1, Bug Control 2, Silk Lines 3, Swarm Armour 4
(super), Ruthless 5 (mundane); Drives truth 3, justice 2, love 2, hope 1, duty 1. Rampart's Super
Strength 1, Invulnerability 2, Great Leap 3 (super), Hopeful 5 (mundane); Drives duty 3, hope 2,
justice 2, love 1, truth 1. Aunt Sylvie's abilities are all mundane, Worried 1 to Nosy 3.
"""

from __future__ import annotations

import re

import pytest

from tests.systems.capes.helpers import Sim, cast_game, pass_claims
from tests.systems.capes.test_referee13 import _no_ids, _react_round

SEATS = ("ann", "bea", "cal")

#: a card's label ("c1"); where a line mentions one, it names it by its words the first time
_LABEL = re.compile(r"\bc\d+\b")


def _read(sim: Sim) -> list[str]:
    """Everything the three seats read now: their log, their prompts' questions and options, and the
    labels of the moves their menus offer."""
    out: list[str] = []
    for seat in SEATS:
        out += sim.words(seat)
        for prompt in sim.prompts(seat):
            out += [prompt.question, *(o.label for o in prompt.options)]
        out += [m.label for m in sim.legal(seat)]
    return out


def _cards_named(lines: list[str]) -> None:
    """Every line that mentions a card names what it is about at its first mention: "c1 (…)" (or, as it
    is made, "c1: …")."""
    bare = [w for w in lines if (m := _LABEL.search(w)) and not w[m.end() :].startswith((" (", ":"))]
    assert not bare, f"a card by its bare label: {bare}"
    _no_ids(lines)


# -- a card read by what it is about, never by its bare label --------------------------------------


@pytest.mark.rules(
    "CAPES-EG-002", "CAPES-PAGE-004", "CAPES-STAKE-003", "CAPES-SPLIT-001", "CAPES-REACT-003", "CAPES-RES-001"
)
def test_words__every_seat_reads_each_card_by_what_it_is_about() -> None:
    # Page 1 (Starter Ann): Ann declares the Event c1; Bea declares c2, which Cal vetoes (src 118);
    # Rampart rolls c1 B 1 -> 3 (Great Leap 3, +1 duty)
    # and stakes 1 duty, which Ann objects to (src 152). Page 2 (Starter Bea): Cal claims B;
    # Sylvie's roll is turned back; Rampart stakes 1 duty and splits B's 3 into 2, 1 (src 178); B (3)
    # controls A (1), and the Resolving offers Cal "resolve c1".
    # At each of these the log, the prompts (veto, react, object, resolve) and the menus (claim, gloat)
    # name c1 as "c1 (The gala's lights fail)": a person never reads a bare "c1".
    sim = cast_game()
    pass_claims(sim)
    sim.do("ann", "begin_actions")
    sim.do("ann", "create_conflict", kind="event", text="The gala's lights fail")
    _cards_named(_read(sim))
    sim.do("ann", "end_action")
    sim.do("bea", "create_conflict", kind="event", text="Sylvie faints")
    sim.do("cal", "veto", conflict="c2")
    sim.do("bea", "end_action")
    for seat in SEATS:
        assert "Cal vetoes c2 (Sylvie faints)." in sim.words(seat)
    sim.do("cal", "use_ability", dice=(3,), ability="Great Leap", conflict="c1", side="B", drive="duty")
    sim.do("cal", "accept")
    _cards_named(_read(sim))  # the react prompt names the die's card
    _react_round(sim, {})
    sim.do("cal", "stake", conflict="c1", amount=1, drive="duty", why="Only he can keep order")
    assert sim.prompt("ann", "object_stake").question.startswith(
        "Object to Cal's stake of 1 duty on c1 (The gala's lights fail)?"
    )
    _cards_named(_read(sim))
    sim.do("ann", "object", conflict="c1", reason="Not his duty")
    sim.do("cal", "end_action")
    while sim.phase() == "actions":
        sim.do(sim.state.scene.page.turn, "pass")  # type: ignore[union-attr]
    # Page 2: Sylvie never rolled on c1 in Page 1 here, so Bea passes; Cal claims B (src 83)
    _cards_named(_read(sim))  # the claim menu
    sim.do("bea", "pass")
    sim.do("cal", "claim", conflict="c1", side="B")
    sim.do("ann", "pass")
    sim.do("bea", "begin_actions")
    sim.do("bea", "use_ability", dice=(4,), ability="Worried", conflict="c1", side="A")
    sim.do("bea", "revert")  # src 188: turned back, A stays 1; no Reactions (src 199)
    sim.do("bea", "end_action")
    sim.do("cal", "stake", conflict="c1", amount=1, drive="duty", why="He alone can hold the crowd")
    sim.do("cal", "split", conflict="c1", side="B", die=1, parts=2)
    sim.do("cal", "end_action")
    sim.do("ann", "create_conflict", kind="event", text="The press arrives")
    sim.do("ann", "end_action")
    while sim.phase() == "actions":
        sim.do(sim.state.scene.page.turn, "pass")  # type: ignore[union-attr]
    assert sim.phase() == "resolving"
    lines = _read(sim)  # Cal's resolve option and gloat move
    assert "resolve c1 (The gala's lights fail)" in lines and "gloat on c1 (The gala's lights fail)" in lines
    _cards_named(lines)
    for seat in SEATS:
        words = sim.words(seat)
        assert "Cal claims side B of c1 (The gala's lights fail)." in words
        assert "Side B of c1 (The gala's lights fail): a 3 splits into 2, 1." in words
