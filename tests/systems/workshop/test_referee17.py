"""A seventeenth pass over the Workshop table: the house style of its prompt answers, and the side a
player's hero joins.

1. The Workshop's prompt answers read in lower case, as weaverdice's, rwyn's, capes' and bulletproof
   blues' do (names and rules terms keep their capitals): "a Wound" / "no Wound" (the card stack's Wound,
   src 379), "strike (PV 2)" / "hold off" (ignored mooks, src 175), "narrated" (a narration due).
2. A player's hero joined the side called "heroes" even when the GM had named the players' side otherwise
   ("Harbour Watch"): it now joins the side the table's other player characters are on ("heroes" while
   there are none, test_referee16 y03).

Not done: a player's menu reading "add your hero" for ``add_character``. The menu's words are one per
command for every seat (``Ruleset.command_label`` takes no seat; ``OfferMenu.of`` gives the GM's and the
players' menus the same label), and no ruleset words its menu by seat, so it is left as "add a combatant".

Seed: ``/work/shared/seeds/003_591d797dc594aa73.txt`` ("src N", first copy). Dice in order: a positive then
a negative d10 (a face of 10 reads 0), then any extra positive d10s.
"""

from __future__ import annotations

import pytest

from capeworks.engine import Viewer
from capeworks.engine.testing import Driver
from capeworks.errors import NotPermitted
from capeworks.systems.workshop.samples import SEATS
from tests.systems.workshop.helpers import RULESET, attack, sheet, table, who
from tests.systems.workshop.test_optional_damage import QUIET, SLOW, TOUGH
from tests.systems.workshop.test_referee6 import pushed_out
from tests.systems.workshop.test_referee14 import mark

NOT_YOURS = "A player adds only their own hero: villains and mooks are the GM's to add."
WATCH = "Harbour Watch"


def labels(d: Driver, kind: str) -> list[str]:
    """The answers the GM is offered on the one open prompt of ``kind``."""
    (prompt,) = [p for p in d.table.prompts(Viewer.gm()) if p.kind == kind]
    return [o.label for o in prompt.options]


# -- 1. prompt answers in lower case ---------------------------------------------------------------------


@pytest.mark.rules("WS-ALT-002")
def test_z01__the_card_stacks_wound_is_asked_a_wound_or_no_wound() -> None:
    # src 379 "she is out of action( and possibly receives a Wound)": h's hit pushes v out of action from the
    # card stack; the GM answers "a Wound", and v has one Wound more than the hit's (1 at WT 5): 2.
    d = pushed_out()
    assert labels(d, "card_wound") == ["a Wound", "no Wound"]
    d.answer("gm", "card-wound-v", "wound")
    assert who(d, "v").wounds == 2


@pytest.mark.rules("WS-MOOK-005")
def test_z02__ignored_mooks_are_asked_strike_with_its_pv_or_hold_off() -> None:
    # src 175: h ignores the speed-bump goons engaging it; Skill 4 + Damage 10 = 14 vs Defense 12 + Soak 0:
    # PV 2. The GM answers "hold off", and nothing strikes h.
    goons = {"named": False, "count": 3, "traits": {"Skill": 4, **SLOW}, "engaging": "h",
             "weapons": [{"name": "clubs", "damage": 10, "skill": "Skill"}]}  # fmt: skip
    d = table({**QUIET, "mooks": "speed_bump"}, heroes={"h": sheet()},
              villains={"goons": goons, "v": sheet(traits=SLOW, **TOUGH)})  # fmt: skip
    attack(d, "h", ["v"], [10, 10])
    assert labels(d, "mook_strike") == ["strike (PV 2)", "hold off"]
    (prompt,) = [p for p in d.table.prompts(Viewer.gm()) if p.kind == "mook_strike"]
    d.answer("gm", prompt.id, "hold")
    assert who(d, "h").shock == 0
    assert not [p for p in d.table.prompts(Viewer.gm()) if p.kind == "mook_strike"]


@pytest.mark.rules("WS-CORE-001")
def test_z03__a_narration_due_is_answered_narrated() -> None:
    # A Fumble (dice 10 10, a double-0 that fails) is the GM's to narrate; the GM answers "narrated" and the
    # prompt closes.
    d = table({"shock_roll": False}, heroes={"h": sheet()}, villains={"v": sheet(traits=SLOW)})
    attack(d, "h", ["v"], [10, 10])
    assert labels(d, "narrate") == ["narrated"]
    (prompt,) = [p for p in d.table.prompts(Viewer.gm()) if p.kind == "narrate"]
    d.answer("gm", prompt.id, "done")
    assert not [p for p in d.table.prompts(Viewer.gm()) if p.kind == "narrate"]


# -- 2. a player's hero joins the players' side, whatever the GM named it ---------------------------------


def watch() -> Driver:
    """The GM names the players' side "Harbour Watch": Hana (Ann's) joins it; Viper is the GM's villain."""
    d = Driver(RULESET, config=dict(QUIET), seats=SEATS, seed=1)
    hana = {"id": "h", "name": "Hana", "owner": "ann", "faction": WATCH, **sheet()}
    d.do("gm", "add_character", payload=hana)
    d.do("gm", "add_character", payload={"id": "v", "name": "Viper", "faction": "villains", **sheet()})
    return d


@pytest.mark.rules("WS-SHOT-001")
@pytest.mark.parametrize("seat", ["ann", "bo"])
def test_z04__a_players_hero_joins_the_side_the_other_player_characters_are_on(seat: str) -> None:
    # Before: Nova joined "heroes", a side of her own, apart from Hana's. Her Shot pool is full (src 16:
    # (Agility + Wits + Luck) / 3 = 5); each seat reads the side she joins.
    d = watch()
    at = mark(d)
    d.do(seat, "add_character", id="nova", name="Nova", **sheet())
    d.do(seat, "add_character", id="jade", sample="jade")
    assert [(who(d, c).owner, who(d, c).faction) for c in ("nova", "jade")] == [(seat, WATCH)] * 2
    assert who(d, "nova").shots == 5
    for s in ("gm", "ann", "bo"):
        assert d.words(s, since=at)[0] == f"Nova joins the fight ({WATCH}), Shot Count 5."


@pytest.mark.rules("WS-SHOT-001")
def test_z05__the_gm_adding_a_players_hero_puts_it_on_the_players_side_unless_told_otherwise() -> None:
    # The GM seats Kit with Bo: Kit joins Hana's side; a faction the GM names still wins (the GM disposes).
    d = watch()
    d.do("gm", "add_character", payload={"id": "k", "name": "Kit", "owner": "bo", **sheet()})
    d.do("gm", "add_character", payload={"id": "t", "name": "Turncoat", "owner": "bo", "faction": "villains",
                                         **sheet()})  # fmt: skip
    assert (who(d, "k").faction, who(d, "t").faction) == (WATCH, "villains")


@pytest.mark.rules("WS-SHOT-001")
def test_z06__a_player_may_not_name_another_side_nor_add_a_villain_there() -> None:
    # "heroes" is no longer the players' side at this table: a player asking for it (or for the villains, or
    # a villain's sample) is refused in one sentence, the table untouched.
    d = watch()
    d.refuse("ann", "add_character", id="nova", faction="heroes", error=NotPermitted, match=NOT_YOURS,
             **sheet())  # fmt: skip
    d.refuse("bo", "add_character", id="mole", faction="villains", error=NotPermitted, match=NOT_YOURS,
             **sheet())  # fmt: skip
    d.refuse("bo", "add_character", id="viper2", sample="viper", error=NotPermitted, match=NOT_YOURS)
