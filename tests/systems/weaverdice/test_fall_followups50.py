"""Follow-ups to referee pass 20 on Weaverdice part 1: a hidden NPC's fall and a power's refusal.

Seed ``/work/shared/seeds/000_6595eaca0229e06e.txt`` ("src N"): a fall past 20 ft asks Athletics
(src 926-928) and some bad falls drain Stamina (src 382); a hidden NPC's rolls and effort are the
GM's (WD-NPC-003), so the players read that it falls and how it takes it, not its dice. A draining
power refused for want of effort (src 380) names the power and the character.
"""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine import Viewer
from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.vocab import Pool
from tests.systems.weaverdice.helpers import add, sheet, table


def _seen(
    d: Driver, viewer: Viewer
) -> tuple[list[str], list[tuple[str, tuple[int, ...]]], list[dict[str, Any]]]:
    """A seat's log words, the dice drawn beside them, and the events' JSON (``log --json``)."""
    entries = d.table.log_view(viewer)
    words = [e.description.text for e in entries]
    dice = [(r.purpose, r.faces) for e in entries for r in e.description.rolls]
    events = [e.event.model_dump(mode="json") for e in entries]
    return words, dice, events


@pytest.mark.rules("WD-NPC-003", "WD-MOVE-009", "WD-MOVE-010")
def test_a_hidden_npcs_27_foot_fall_shows_the_players_the_fall_not_its_athletics_roll() -> None:
    # src 926-928: 27 ft asks Athletics 5+; the hidden Boss (Athletics as Vic's in pass 20) rolls [4]:
    # 4 < 5, a critical bash wound and effect (effect die [1]); src 382: the fall drains 1 Stamina.
    # Ann reads that Boss falls and takes a critical wound (in plain sight), never the [4] or the dot.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("boss", "Boss", "notable"), hidden=True)
    full = d.state.people["boss"].effort.available(d.state.sheet("boss"), Pool.STAMINA)
    before = len(d.words("ann"))
    d.do("gm", "fall", character="boss", feet=27, dice=[4, 1])
    assert d.state.people["boss"].effort.available(d.state.sheet("boss"), Pool.STAMINA) == full - 1
    words, dice, events = _seen(d, d.table.viewer_for("ann"))
    new = words[before:]
    said = "Boss falls 27 ft: a critical wound and a roll on the critical Bash effect table."
    assert said in new, new
    assert not any("Athletics" in w or "Stamina" in w or "[4]" in w for w in new), new
    assert not any(purpose == "fall" for purpose, _ in dice), dice
    assert not any(e["type"] == "weaverdice.fell" for e in events)
    seen = str(d.view("ann"))  # Ann's view (panels, prompts): no roll or effort of Boss's either
    assert "Athletics" not in seen and "Stamina" not in seen
    # the GM reads all: the roll, its TN, the drain, and what the players were told
    gm_words, gm_dice, _ = _seen(d, Viewer.gm())
    whole = (
        "Boss falls 27 ft; Athletics [4] = 4; 4 vs 5+: failure: a critical wound and a roll on the"
        " critical Bash effect table; Boss loses 1 Stamina (a bad fall)."
    )
    assert whole in gm_words, gm_words
    assert ("fall", (4,)) in gm_dice
    assert any(w.startswith("(The players see Boss's fall") for w in gm_words), gm_words


@pytest.mark.rules("WD-NPC-003", "WD-MOVE-010")
def test_a_hidden_npcs_short_fall_tells_the_gm_its_stamina_drain() -> None:
    # src 382: a 12 ft fall (11-15 ft row) drains 1 Stamina and asks no roll; the GM reads the drain,
    # Ann the fall alone (pass 20 pinned her line).
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("boss", "Boss", "notable"), hidden=True)
    d.do("gm", "fall", character="boss", feet=12)
    assert d.words("ann")[-1] == "Boss falls 12 ft, and chooses how to take it."
    assert "Boss falls 12 ft; Boss loses 1 Stamina (a bad fall), and chooses how to take it." in d.words("gm")
    assert not any("Stamina" in w for w in d.words("ann"))


_SURGE = {
    "name": "Surge",
    "classifications": ["brute"],
    "action": "standard",
    "targeting": "self",
    "cost": [{"pool": "stamina", "dots": 1}],
}


@pytest.mark.rules("WD-EFFORT-003")
def test_a_power_refused_for_want_of_stamina_names_the_power_and_the_character() -> None:
    # src 380: Surge costs 1 Stamina a use; Vic spends every dot, then the next use is refused with a
    # sentence that says which power and whose Stamina, and nothing changes.
    d = table()
    add(d, "ann", {**sheet("vic", "Vic"), "powers": [_SURGE]})
    full = d.state.people["vic"].effort.available(d.state.sheet("vic"), Pool.STAMINA)
    for _ in range(full):
        d.do("ann", "use_power", character="vic", power="Surge")
    err = d.refuse("ann", "use_power", character="vic", power="Surge")
    assert str(err) == "Surge needs 1 Stamina and Vic has 0.", err
