"""A player's typed-in dice go to the rolls that player sees; the GM's secret rolls are the table's.

Found playing Weaverdice in the browser as Bob: his attack on the hidden Steeltoe (WD-NPC-003) wounds
him, and Steeltoe rolls Guts to stay up behind the screen. Typing in only his own attack die, Bob was
refused with "The dice given ran out at the roll for 'stay_up'": the refusal told him his hit would
make the hidden NPC roll to stay up (a change of one die told him whether it would), and to act at
all he had to roll the GM's secret dice himself, and see them. Played through the Table from the
golden brawl, up to Bob's attack in round 5.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from capeworks.engine import Command, Table
from capeworks.engine.golden import replay_document
from capeworks.errors import DiceValueError

BRAWL = Path(__file__).resolve().parents[1] / "golden" / "weaverdice" / "brawl.log.json"
ATTACK = Command(type="attack", seat="bob", payload={"character": "stave", "target": "steeltoe"})


def _before_bobs_attack() -> Table:
    """The brawl up to round 5, Stave's (Bob's) turn: the log up to the attack (command 85)."""
    document = json.loads(BRAWL.read_text(encoding="utf-8"))
    document["log"] = [e for e in document["log"] if e["command_id"] < 85]
    return replay_document(document)


@pytest.mark.rules("WD-NPC-003", "WD-COMBAT-017", "WD-WOUND-005")
def test_a_players_dice_go_to_their_own_roll_and_the_hidden_npcs_stay_up_roll_is_the_tables() -> None:
    table = _before_bobs_attack()
    events = table.execute(ATTACK, dice=[3])  # his one attack die: 3 + 1 hits Steeltoe
    rolls = {r.purpose: r for e in events for r in e.rolls}
    assert rolls["attack"].faces == (3,) and rolls["attack"].given
    # Steeltoe's Guts roll to stay up and his wound effect are the GM's, rolled by the table
    assert not rolls["stay_up"].given and not rolls["effect"].given
    bob = table.viewer_for("bob")
    hidden = [e for e in events if not e.audience.admits(bob)]
    assert {r.purpose for e in hidden for r in e.rolls} == {"stay_up", "effect"}
    assert [r.purpose for e in events if e.audience.admits(bob) for r in e.rolls] == ["attack"]
    # the log holds the faces: a replay rolls nothing and comes to the same table
    assert Table.replay(table.log).state == table.state


@pytest.mark.rules("WD-NPC-003")
@pytest.mark.parametrize(("dice", "given"), [([3, 6], 2), ([3, 6, 3, 1], 4)])
def test_a_refusal_counts_only_the_dice_of_the_rolls_the_player_sees(dice: list[int], given: int) -> None:
    table = _before_bobs_attack()
    version = table.version
    # before: "ran out at the roll for 'effect'" (after Steeltoe's hidden stay-up roll took the 6), or
    # "the roll used 3 dice": both counted the GM's secret rolls
    with pytest.raises(DiceValueError) as refused:
        table.execute(ATTACK, dice=dice)
    left = given - 1
    assert str(refused.value) == (
        f"The roll used 1 die but {given} were given; {left} left over. Give exactly the dice rolled."
    )
    assert table.version == version  # refused: the table untouched


@pytest.mark.rules("WD-NPC-003")
def test_dice_that_fit_every_roll_are_taken_as_typed_and_the_gms_go_to_every_roll() -> None:
    # a player's dice that fit every roll, the secret ones too, are used as typed (a player rolling a
    # check the GM called in secret types its die); so are the GM's, always
    for seat in ("bob", "gm"):
        table = _before_bobs_attack()
        attack = Command(type="attack", seat=seat, payload={"character": "stave", "target": "steeltoe"})
        events = table.execute(attack, dice=[3, 6, 3])
        assert [(r.purpose, r.faces, r.given) for e in events for r in e.rolls] == [
            ("attack", (3,), True),
            ("stay_up", (6,), True),
            ("effect", (3,), True),
        ]


def test_every_roll__the_labs_exact_chain_still_enumerates_the_secret_rolls_faces() -> None:
    # the lab's exact chain prepares each move with dice a die at a time, told which die comes next
    table = _before_bobs_attack()
    with pytest.raises(DiceValueError, match="ran out at the roll for 'stay_up'"):
        table.prepare(ATTACK, dice=[3], every_roll=True)
