"""Bad input the table used to take: a task opposed by the one who rolls it, an explosion with no one in it.

Each is refused with a sentence that names what to give, and changes nothing; the same command put
right is taken.
"""

from __future__ import annotations

import pytest

from capeworks.errors import InvalidCommand
from capeworks.systems.bpb.sheet import AttackKind, Power
from tests.systems.bpb.helpers import fight, one, state, table
from tests.systems.bpb.test_combat import cast, hero


@pytest.mark.rules("BPB-ROLL-007")
def test_a_task_cannot_be_opposed_by_the_one_who_rolls_it() -> None:
    # src 169: an opposed task is a character "actively competing against an opponent": difficulty
    # 8 + the defender's attribute. Widow against Widow has no defender
    d = table()
    error = d.refuse(
        "gm", "call_task", rule="BPB-ROLL-007", match="against names the opponent",
        character="widow", attribute="Agility", against="widow",
    )  # fmt: skip
    assert error.field == "against"
    called = d.do("gm", "call_task", character="widow", attribute="Agility", against="adler")
    call = one(called, "call_made").call
    assert call.difficulty == 8 + 2  # src 169: 8 + Adler's Agility


@pytest.mark.rules("BPB-DMG-003")
def test_an_explosion_names_who_is_in_it() -> None:
    # src 411: an exploding attack "causes its damage to everyone within a certain range": the command
    # says who that is (distances); an empty list was rolled and hit nobody, unasked
    d = table()
    fight(d, "adler", "widow", "ganyeka", "brandt")
    error = d.refuse(
        "gm", "explode", error=InvalidCommand, match="distances gives each one's id",
        attacker="adler", power="Grenade", distances={},
    )  # fmt: skip
    assert error.field == "distances"
    d.refuse("gm", "explode", error=InvalidCommand, attacker="adler", power="Grenade")
    events = d.do("gm", "explode", attacker="adler", power="Grenade", distances={"widow": 10}, dice=(6, 6))
    boom = one(events, "exploded")
    assert boom.hits == {"widow": 5}


@pytest.mark.rules("BPB-GRAB-009")
def test_what_a_throw_lands_in_is_a_short_phrase_not_a_pasted_page() -> None:
    # a thrown character hits a named solid object (BPB-GRAB-009); the name was taken at any length (16 KiB)
    d = table()
    fight(d, "ganyeka", "widow")
    log = len(d.table.log)
    with pytest.raises(InvalidCommand, match="at most 120 characters"):
        d.do("bo", "grab", attacker="ganyeka", target="widow", manoeuvre="throw", into="x" * 121, into_pv=5)
    assert len(d.table.log) == log


@pytest.mark.rules("BPB-ROLL-007")
def test_an_opponents_attribute_needs_the_opponent() -> None:
    # src 169: an opposed task's difficulty is 8 + the defender's attribute; against_attribute= without
    # against= was dropped unread and the number given used instead
    d = table()
    d.refuse(
        "gm", "call_task", error=InvalidCommand, match="(against=), or drop against_attribute=",
        character="widow", attribute="Agility", difficulty=12, against_attribute="Reason",
    )  # fmt: skip
    called = d.do(
        "gm", "call_task", character="widow", attribute="Agility", against="adler", against_attribute="Reason"
    )
    assert one(called, "call_made").call.difficulty == 8 + state(d).characters["adler"].attributes["Reason"]


@pytest.mark.rules("BPB-PP-005", "BPB-TAKE-001")
@pytest.mark.parametrize("take", ["average", "max"])
def test_a_plot_point_and_a_take_together_are_refused(take: str) -> None:
    # src 469: a plot point buys an automatic success; src 214/220: taking 7 or 12 treats the task as
    # routine. Both at once used to spend the plot point and drop the take unread
    d = table()
    d.do("gm", "start_session")
    d.do(
        "gm",
        "call_task",
        character="widow",
        attribute="Reason",
        difficulty=15,
        pressure=False,
        penalty=False,
        time_limit=False,
    )
    call = max(state(d).calls)
    d.refuse(
        "ann", "roll", error=InvalidCommand, match=f"take={take} or plot_point=true, not both",
        call=call, character="widow", take=take, plot_point=True,
    )  # fmt: skip
    rolled = one(d.do("ann", "roll", call=call, character="widow", plot_point=True), "task_rolled")
    assert rolled.roll.plot_point and state(d).condition("widow").plot_points == 0


@pytest.mark.rules("BPB-DEF-005", "BPB-DEF-006")
def test_a_power_to_defend_with_needs_a_block_or_a_dodge() -> None:
    # src 377, 387: a character blocks or dodges with the attacker's own power (or, permitted, a similar
    # one); taking the hit or diving rolls nothing. Tele has Mind Control too: power= with take used to be
    # dropped unread and the hit taken
    mind = Power(name="Mind Control", rank=5, attack=AttackKind.MENTAL, damages=None)
    d = cast(
        hero("psi", powers=(mind,), Willpower=6, Perception=5), hero("tele", owner="ann", powers=(mind,))
    )
    d.do("gm", "start_fight", characters="psi, tele")
    d.do("gm", "attack", attacker="psi", target="tele", power="Mind Control", dice=(6, 6))
    d.refuse(
        "ann", "defend", error=InvalidCommand, match="drop power=, or block or dodge",
        attack=1, character="tele", choice="take", power="Mind Control",
    )  # fmt: skip
    d.do("ann", "defend", attack=1, character="tele", choice="take")
    assert state(d).fight is not None and state(d).fight.pending is None


@pytest.mark.rules("BPB-GRAB-009", "BPB-GRAB-010")
@pytest.mark.parametrize(
    ("fields", "match"),
    [
        ({"manoeuvre": "hold", "into": "a brick wall", "into_pv": 5}, "drop into=, into_pv=, or throw"),
        ({"manoeuvre": "trip", "soft": True}, "drop soft=, or throw"),
        ({"manoeuvre": "throw", "into_pv": 5}, "name it (into=)"),
    ],
)
def test_where_a_throw_lands_is_given_only_with_a_throw(fields: dict[str, object], match: str) -> None:
    # src 351-355: a thrown character hits a solid object (its protection) or lands soft; a hold or a trip
    # throws nobody, and an object's protection with no object names nothing: all were dropped unread
    d = table()
    fight(d, "ganyeka", "widow")
    d.refuse(
        "bo", "grab", error=InvalidCommand, match=match, attacker="ganyeka", target="widow",
        dice=(5, 4, 2, 3), **fields,
    )  # fmt: skip
    events = d.do(  # the wall's protection is the GM's to say (BPB-GRAB-009, test_referee7 w03)
        "gm", "grab", attacker="ganyeka", target="widow", manoeuvre="throw", into="a brick wall", into_pv=5,
        dice=(5, 4, 2, 3),
    )  # fmt: skip
    assert one(events, "thrown").into == "a brick wall"


@pytest.mark.rules("BPB-ACT-004")
@pytest.mark.parametrize(
    ("fields", "named"),
    [
        ({"feet": 10}, "feet="),
        ({"mode": "run", "medium": "swim"}, "mode=, medium="),
        ({"power": "Flight"}, "power="),
    ],
)
def test_standing_up_is_the_whole_movement_action(fields: dict[str, object], named: str) -> None:
    # src 127: a movement action stands up from prone OR moves; stand_up= with a distance, pace, medium or
    # power used to stand the character up and drop the rest unread
    d = table()
    fight(d, "ganyeka", "widow")
    d.do("bo", "grab", attacker="ganyeka", target="widow", manoeuvre="trip", dice=(6, 6, 1, 1))
    d.do("bo", "end_turn", character="ganyeka")
    assert "prone" in state(d).condition("widow").statuses
    d.refuse(
        "ann", "move", error=InvalidCommand, match=f"drop {named}, or move without stand_up=",
        character="widow", stand_up=True, **fields,
    )  # fmt: skip
    d.do("ann", "move", character="widow", stand_up=True)
    assert "prone" not in state(d).condition("widow").statuses


@pytest.mark.rules("BPB-PP-007", "BPB-PP-009", "BPB-PP-012")
@pytest.mark.parametrize(
    ("fields", "match"),
    [
        ({"kind": "boost", "power": "Brawn", "used_as": "Armour"}, "spent as a boost takes no used_as="),
        ({"kind": "boost", "power": "Brawn", "uses": 3}, "spent as a boost takes no uses="),
        (
            {"kind": "retcon", "text": "the car was theirs", "power": "Brawn"},
            "spent as a retcon takes no power=",
        ),
        ({"kind": "rally", "text": "a deep breath"}, "spent as a rally takes no text="),
        (
            {"kind": "boost", "power": "Brawn", "radius_ft": 10},
            "add enhancement=explosive, or drop radius_ft=",
        ),
    ],
)
def test_a_plot_point_takes_only_the_fields_of_its_use(fields: dict[str, object], match: str) -> None:
    # src 473-493: a boost raises a rank (or adds an enhancement), a stunt uses a power as another, a retcon
    # establishes a fact; a field another use reads (or a radius with no explosion) was dropped unread and
    # the plot point spent all the same
    d = table()
    d.do("gm", "start_session")
    d.refuse("ann", "spend", error=InvalidCommand, match=match, character="widow", **fields)
    d.do("ann", "spend", character="widow", kind="boost", power="Brawn")
    assert state(d).condition("widow").plot_points == 0
