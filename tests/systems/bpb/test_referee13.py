"""A referee's thirteenth pass (see test_referee.py .. test_referee12.py): the chapter is
seeds/002_15e80e5795d6eba8.txt ("src N" = line N). It pins the words of a roll whose difficulty a modifier
raised: a grab's, like an attack's, says what makes it ("vs 8 + Prowess 4 + 3 (human shield) = 15"), as a
refusal names a difficulty's parts (BPB-ROLL-005), and only the largest defense bonus (src 175); a roll of no
modifier, and an older log's roll, reads the difficulty alone.

Cast (Prowess / Agility / grip, the better of Brawn and Agility, src 315): Widow 4/4/4, Ganyeka 4/3/5,
Adler 2/2/2. Ganyeka holds Adler as a living shield (src 331: +3 defense bonus): his grab [5 5] + Prowess 4
= 14 vs 8 + 2 = 10 is an extreme success (14 >= 13, with Grappling expertise); Adler's break-out [1 1] + 2 =
4 vs 8 + 5 + 3 = 16 fails. Then it is Widow's turn."""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.bpb.model import Roll, Status
from capeworks.systems.bpb.render import roll_text
from tests.systems.bpb.helpers import fight, one, state, table


def _shielded() -> Driver:
    """Ganyeka holds Adler as a shield; Widow acts next (order Ganyeka, Widow, Adler, Brandt)."""
    d = table()
    fight(d, "ganyeka", "widow", "adler", "brandt")
    d.do("bo", "grab", attacker="ganyeka", target="adler", manoeuvre="interpose", dice=(5, 5, 1, 1))
    assert Status.INTERPOSING in state(d).condition("ganyeka").statuses
    d.do("bo", "end_turn", character="ganyeka")
    assert state(d).fight.turn.actor == "widow"
    return d


#: (command, payload, the roll's words up to its odds, the parts the event keeps)
CASES = [
    pytest.param(
        # src 313: Prowess vs 8 + the target's Prowess; src 331: +3 for the shield he holds up
        "grab",
        {"manoeuvre": "trip", "dice": (6, 6, 1, 1)},
        "Widow grabs Ganyeka: [6 6] + 4 = 16 vs 8 + Prowess 4 + 3 (human shield) = 15 (odds",
        [["", 8], ["Prowess", 4], ["human shield", 3]],
        id="grab-behind-a-shield",
    ),
    pytest.param(
        # src 403: hand-to-hand rolls Prowess vs 8 + Prowess; the shield's +3 as for any attack
        "attack",
        {"dice": (6, 6)},
        "Widow attacks Ganyeka (unarmed): [6 6] + 4 = 16 vs 8 + Prowess 4 + 3 (human shield) = 15 (odds",
        [["", 8], ["Prowess", 4], ["human shield", 3]],
        id="punch-behind-a-shield",
    ),
    pytest.param(
        # a ranged power rolls Accuracy vs 8 + Agility; the shield's +3 again
        "attack",
        {"power": "Venom Sting", "dice": (6, 6)},
        "Widow attacks Ganyeka (Venom Sting): [6 6] + 4 = 16 vs 8 + Agility 3 + 3 (human shield) = 14 (odds",
        [["", 8], ["Agility", 3], ["human shield", 3]],
        id="sting-behind-a-shield",
    ),
    pytest.param(
        # src 175 (BPB-MOD-002): only the single largest defense bonus: a +3 she cannot see him by and his
        # shield's +3 make one +3, named once, not +6
        "grab",
        {"manoeuvre": "trip", "circumstances": ["attacker_cant_see"], "dice": (6, 6, 1, 1)},
        "Widow grabs Ganyeka: [6 6] + 4 = 16 vs 8 + Prowess 4 + 3 (human shield) = 15 (odds",
        [["", 8], ["Prowess", 4], ["human shield", 3]],
        id="only-the-largest-defense-bonus",
    ),
]


@pytest.mark.rules("BPB-GRAB-002", "BPB-GRAB-007", "BPB-MOD-002", "BPB-ROLL-007", "BPB-ATK-001")
@pytest.mark.parametrize(("command", "payload", "words", "parts"), CASES)
def test_u01_a_roll_says_what_makes_its_difficulty(
    command: str, payload: dict[str, object], words: str, parts: list[list[object]]
) -> None:
    d = _shielded()
    events = d.do("ann", command, attacker="widow", target="ganyeka", **payload)
    rolled = one(events, "grabbed" if command == "grab" else "attack_rolled")
    assert rolled.model_dump(mode="json")["roll"]["parts"] == parts
    for seat in ("ann", "bo", "gm"):  # every seat reads the same words: nothing of the GM's in them
        assert any(w.startswith(words) for w in d.words(seat)), d.words(seat)[-3:]


@pytest.mark.rules("BPB-GRAB-002", "BPB-GRAB-003", "BPB-ROLL-007")
def test_u02_a_difficulty_of_no_modifier_reads_alone() -> None:
    # src 313: Ganyeka grabs Adler, no shield up yet: [4 4] + 4 = 12 vs 8 + Prowess 2 = 10, said as "vs 10";
    # the break-out's difficulty (8 + Ganyeka's grip 5 = 13) has no modifier either. No parts kept (left out)
    d = table()
    fight(d, "ganyeka", "widow", "adler", "brandt")
    events = d.do("bo", "grab", attacker="ganyeka", target="adler", manoeuvre="hold", dice=(4, 4, 1, 1))
    grabbed = one(events, "grabbed").model_dump(mode="json")
    assert "parts" not in grabbed["roll"] and "parts" not in grabbed["breakout"]
    said = [w for w in d.words("ann") if w.startswith("Ganyeka grabs Agent Adler")]
    assert said and said[0].startswith("Ganyeka grabs Agent Adler: [4 4] + 4 = 12 vs 10 (odds")
    assert "Agent Adler tries to break free: [1 1] + 2 = 4 vs 13 (odds" in said[0]


@pytest.mark.rules("BPB-GRAB-003", "BPB-XS-001")
def test_u04_a_break_out_after_an_extreme_grab_says_its_three_more() -> None:
    # src 315: the break-out is "8 + the attacker's Brawn or Agility, +3 if the attacker scored an extreme
    # success and has expertise": Ganyeka's [5 5] + 4 = 14 vs 10 is extreme (Grappling), so Adler's roll is
    # against 8 + grip 5 + 3 = 16, and the words say where the 16 came from
    d = table()
    fight(d, "ganyeka", "widow", "adler", "brandt")
    events = d.do("bo", "grab", attacker="ganyeka", target="adler", manoeuvre="hold", dice=(5, 5, 1, 1))
    grabbed = one(events, "grabbed")
    assert grabbed.roll.verdict.extreme and grabbed.breakout.task.difficulty == 16
    said = " ".join(d.words("bo"))
    assert (
        "Agent Adler tries to break free: [1 1] + 2 = 4 vs 8 + Ganyeka's grip 5 + 3 (extreme success) = 16"
        " (odds 0.0%): failure" in said
    )


@pytest.mark.rules("BPB-GRAB-007", "BPB-MOD-002")
def test_u03_a_roll_with_parts_survives_the_log_and_an_older_one_reads_as_it_did() -> None:
    # the grab behind a shield, stored and read back (JSON lists back to the parts); the same roll as an
    # older log stored it (no parts) reads "vs 15" as it always did
    d = _shielded()
    events = d.do("ann", "grab", attacker="widow", target="ganyeka", manoeuvre="trip", dice=(6, 6, 1, 1))
    roll = one(events, "grabbed").roll
    assert Roll.model_validate_json(roll.model_dump_json()) == roll
    assert "vs 8 + Prowess 4 + 3 (human shield) = 15 (odds" in roll_text(roll)
    older = Roll.model_validate({k: v for k, v in roll.model_dump(mode="json").items() if k != "parts"})
    assert roll_text(older).startswith("Widow grabs Ganyeka: [6 6] + 4 = 16 vs 15 (odds 8.3%): success")


@pytest.mark.rules("BPB-GRAB-003", "BPB-PP-005", "BPB-ACT-008")
@pytest.mark.parametrize(
    ("faces", "against"), [((6, 5), "8 + Ganyeka's grip 5 + 3 (extreme success) = 16"), ((5, 5), "13")]
)
def test_u05_an_asked_break_out_says_the_same(faces: tuple[int, int], against: str) -> None:
    # src 469: holding a plot point (a session begun), Widow is asked for her break-out from Ganyeka's grab
    # ([6 5] + 4 = 15 vs 12 is extreme, 15 >= 15; [5 5] + 4 = 14 is not); the roll she answers with names
    # the extreme success's +3 as the unasked one does (u04), and a plain grab's 13 reads alone
    d = table()
    d.do("gm", "start_session")
    fight(d, "ganyeka", "widow", "adler", "brandt")
    d.do("bo", "grab", attacker="ganyeka", target="widow", manoeuvre="hold", dice=faces)
    d.answer("ann", d.prompt("ann", "break_out").id, "roll", dice=(1, 1))
    said = " ".join(d.words("bo"))
    assert f"Widow tries to break free: [1 1] + 4 = 6 vs {against} (odds" in said
    assert state(d).condition("widow").held_by == "ganyeka"


@pytest.mark.rules("BPB-GRAB-007", "BPB-GRAB-005", "BPB-MOD-002")
@pytest.mark.parametrize(
    ("command", "payload", "words"),
    [
        pytest.param(
            "attack",
            {"dice": (6, 6)},
            "Widow attacks Ganyeka (unarmed): [6 6] + 4 = 16 vs 8 + Prowess 4 + 3 (attacker restrained) = 15",
            id="punch",
        ),
        pytest.param(
            "grab",
            {"manoeuvre": "trip", "dice": (6, 6, 1, 1)},
            "Widow grabs Ganyeka: [6 6] + 4 = 16 vs 8 + Prowess 4 + 3 (attacker restrained) = 15",
            id="trip",
        ),
    ],
)
def test_u06_the_shield_herself_is_not_behind_the_shield(
    command: str, payload: dict[str, object], words: str
) -> None:
    # src 331: Ganyeka holds Widow up as a living shield ([5 5] + 4 = 14 vs 12; her [1 1] + 4 = 6 vs 13):
    # the shield is between him and the others, not between him and her. Her own blow at him faces her
    # restraint's +3 (src 329), the one defense bonus (src 175): before, the words named his shield's +3
    d = table()
    fight(d, "ganyeka", "widow", "adler", "brandt")
    d.do("bo", "grab", attacker="ganyeka", target="widow", manoeuvre="interpose", dice=(5, 5, 1, 1))
    d.do("bo", "end_turn", character="ganyeka")
    d.do("ann", command, attacker="widow", target="ganyeka", **payload)
    assert any(w.startswith(words) for w in d.words("ann")), d.words("ann")[-3:]
