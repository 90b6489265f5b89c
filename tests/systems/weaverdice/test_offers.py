"""What a Weaverdice seat's menu offers: only what the table takes when issued as offered.

A seeded random walk over fights (the sample characters, a click at a time) found two offers the table
then refused: a grapple round after the turn's actions were spent or the hold already wrestled this
round, and getting up with no Recovery left (or alone under a death sentence). Each is pinned here
beside the refusal it would have met, and the walk itself is kept as a test (:mod:`..offers_taken`).
"""

from __future__ import annotations

import json
import random

import pytest

from capeworks.engine import Command, Table
from capeworks.engine.golden import differences, expectations, replay_document
from capeworks.engine.model import Role, Seat
from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.ruleset import WeaverdiceRuleset
from capeworks.systems.weaverdice.samples import SAMPLES
from capeworks.systems.weaverdice.vocab import Status
from capeworks.systems.weaverdice.wounds import Standing
from tests.golden.regenerate import document
from tests.systems.offers_taken import refused_offers, refused_offers_in_sample, walk
from tests.systems.weaverdice.helpers import add, sheet, table
from tests.systems.weaverdice.test_referee11 import _vic_first
from tests.systems.weaverdice.test_referee_part1 import _brute_first, _hit, _round, _with

RULESET = WeaverdiceRuleset()
#: a Wait's offer names only who waits: what to wait for is the player's choice (trigger or event)
CHOOSE = {"wait"}


def offered(d: Driver, seat: str) -> set[str]:
    """The commands on ``seat``'s menu, checking first that every menu of the table holds only what the
    table takes when issued as offered."""
    assert refused_offers(d.table, choose=CHOOSE) == []
    return {c.command for c in d.table.legal_commands(seat)}


def _thug_holds_vic() -> Driver:
    """The thug (a notable, the GM's) acts first and grabs Vic (Ann's), who takes it: Vic is held."""
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("thug", "Thug", "notable"))
    d.do("gm", "start_combat", dice=[1, 6])  # the thug 6 + 3, Vic 1 + 3: the thug first
    d.do("gm", "grab", character="thug", target="vic", dice=[6])
    d.answer("ann", "react-vic", "take")
    return d


def test_the_sample_sessions_menus_hold_only_what_the_table_takes() -> None:
    assert refused_offers_in_sample(RULESET, choose=CHOOSE) == []


@pytest.mark.rules("WD-GRAPPLE-002", "WD-COMBAT-008")
def test_a_grapple_round_is_offered_while_an_action_is_left_and_once_a_round() -> None:
    # src 932: a grapple is checked each round, on the holder's turn, as an action (src 558: two a turn).
    # Vic grabs the thug (5 hits DS 3): one action left, the round is offered; Vic wrestles (4 vs 2):
    # both actions spent and the hold wrestled, so it leaves the menu and the table refuses it.
    d = _vic_first()
    d.do("ann", "grab", character="vic", target="thug", dice=[5])
    assert "grapple" in offered(d, "ann")
    d.do("ann", "grapple", character="vic", target="thug", dice=[4, 2])
    assert "grapple" not in offered(d, "ann")
    d.refuse("ann", "grapple", character="vic", target="thug", dice=[4, 2])


@pytest.mark.rules("WD-WOUND-008", "WD-EFFORT-007")
def test_getting_up_is_not_offered_without_recovery_to_pay_for_it() -> None:
    # src 396/794: the unconscious "may then rouse if they use Recovery()": with none left, no roll.
    d = _brute_first(sheet("vic", "Vic", guts=1))
    d.do("gm", "ruling", character="vic", text="worn out", effort={"recovery": 0})
    _hit(d, [1, 1])  # Guts 1 (-2): 1 - 2 < 3, unconscious
    assert d.state.people["vic"].track.standing is Standing.UNCONSCIOUS
    _round(d)
    assert "get_up" not in offered(d, "ann")
    d.refuse("ann", "get_up", character="vic", dice=[6], rule="WD-EFFORT-007")


@pytest.mark.rules("WD-STATUS-014", "WD-WOUND-009")
def test_getting_up_alone_is_not_offered_under_a_death_sentence() -> None:
    # src 875: "They cannot recover from the dying state or Death Sentence without outside help."
    d = _brute_first()
    _with(d, "vic", Status.DEATH_SENTENCE)
    d.do("gm", "ruling", character="vic", text="bleeding out", standing="dying")
    _round(d)
    assert "get_up" not in offered(d, "ann")
    d.refuse("ann", "get_up", character="vic", dice=[6], rule="WD-STATUS-014")


@pytest.mark.rules("WD-WOUND-008")
def test_getting_up_is_offered_from_the_round_after_the_fall_with_recovery_left() -> None:
    d = _brute_first(sheet("vic", "Vic", guts=1))
    _hit(d, [1, 1])
    assert "get_up" not in offered(d, "ann")  # the round of the fall
    _round(d)
    assert "get_up" in offered(d, "ann")


_SEATS = (Seat(id="gm", name="GM", role=Role.GM), Seat(id="ann", name="Ann"), Seat(id="bob", name="Bob"))
_PCS = ("ramjet", "tankspanker", "dandelion", "brigade", "netiquette", "stave")
_NPCS = ("steeltoe", "thug", "prt_officer")
#: offered commands the walk leaves alone: the turn order's and the roster's own
_SKIP = {"undo", "wait", "remove_character", "end_combat", "add_character"}


@pytest.mark.rules("WD-COMBAT-001")
@pytest.mark.parametrize("seed", range(4))
def test_a_random_walk_through_a_fight_meets_no_offer_the_table_refuses_and_replays(seed: int) -> None:
    rng = random.Random(seed)
    t = Table.new(RULESET, config={}, seats=_SEATS, seed=seed)
    for seat, name in zip(("ann", "bob"), rng.sample(_PCS, 2), strict=True):
        # a player adds a shipped sample as such: its morale baseline is the book's (src 485), not hers
        t.execute(Command(type="add_character", seat=seat, payload={"sample": name}))
    for i, name in enumerate(rng.sample(_NPCS, 2)):
        npc = {**SAMPLES[name], "id": f"{name}{i}", "name": f"{SAMPLES[name]['name']} {i}"}
        t.execute(Command(type="add_character", seat="gm", payload={"sheet": npc}))
    t.execute(Command(type="start_combat", seat="gm"))
    assert walk(t, rng, steps=120, choose=CHOOSE, skip=_SKIP) == []
    # and the walk's log, written out as a store would and read back, shows every seat the same table
    doc = json.loads(json.dumps(document(t, table_id=f"walk{seed}")))
    assert differences(expectations(t), expectations(replay_document(doc))) == []


@pytest.mark.rules("WD-GRAPPLE-002", "WD-MORALE-003")
def test_bracing_is_offered_against_each_hold_with_what_the_held_one_can_commit() -> None:
    # src 932: "Stamina can be spent for a +1 on grapple rolls", by either side. Vic grabs a generic thug
    # (no effort, no morale to commit): nothing to brace with, so no brace on the GM's menu. Against a
    # notable with Stamina the menu offers a one-click brace of a dot against Vic's hold.
    d = _vic_first()
    d.do("ann", "grab", character="vic", target="thug", dice=[5])
    assert "brace" not in offered(d, "gm")
    d.refuse("gm", "brace", character="thug", holder="vic")
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("thug", "Thug", "notable"))
    d.do("gm", "start_combat", dice=[6, 1])  # Vic 6 + 3, the thug 1 + 3: Vic first
    d.do("ann", "grab", character="vic", target="thug", dice=[6])  # 6 vs DS 4: the thug may dodge
    d.answer("gm", "react-thug", "take")
    assert d.state.grapples
    braces = [c.fixed for c in d.table.legal_commands("gm") if c.command == "brace"]
    assert braces == [{"character": "thug", "holder": "vic"}]
    assert refused_offers(d.table, choose=CHOOSE) == []


@pytest.mark.rules("WD-GRAPPLE-002")
def test_a_held_pc_is_offered_its_brace_with_the_holder_named_and_the_offer_as_given_is_taken() -> None:
    # src 932: either side may spend Stamina on a grapple roll. The thug (a notable, the GM's) grabs Vic
    # (Ann's): Ann's menu names Vic and the holder, nothing left to type but the dots; issued as offered,
    # the table takes it and the hold's next round counts the dot
    d = _thug_holds_vic()
    braces = [c.fixed for c in d.table.legal_commands("ann") if c.command == "brace"]
    assert braces == [{"character": "vic", "holder": "thug"}]
    d.do("ann", "brace", **braces[0])
    assert d.state.grapples["thug>vic"].braced == 1
    assert "Vic braces against Thug's hold: 1 Stamina, +1 on the next round." in d.words("ann")


@pytest.mark.rules("WD-COMBAT-013", "WD-COMBAT-010", "WD-WOUND-010")
def test_medical_care_is_offered_while_someone_needs_it_and_the_whole_turn_is_left() -> None:
    # src 610: a lengthy Medical check (Dex & Know); src 558: a lengthy action takes the whole turn.
    # Doc acts first: nobody is down, so no care is offered. Vic is shot (the GM's ruling: dying): care
    # is offered; once Doc has moved (a standard action), the whole turn is gone, and so is the offer.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "bob", sheet("doc", "Doc", dexterity=4, knowledge=4))
    d.do("gm", "start_combat", dice=[1, 6])  # Doc first
    assert "medical" not in offered(d, "bob")
    d.do("gm", "ruling", character="vic", text="shot in the head", standing="dying")
    assert "medical" in offered(d, "bob")
    d.do("bob", "move", character="doc", feet=10)
    assert "medical" not in offered(d, "bob")
    d.refuse("bob", "medical", character="doc", patient="vic", dice=[6], rule="WD-COMBAT-010")


@pytest.mark.rules("WD-GRAPPLE-010", "WD-MOVE-001")
def test_moving_is_not_offered_to_one_held_fast() -> None:
    # src 990: one held must win the grapple to get free. The thug (a notable) grabs Vic on its turn;
    # on Vic's own turn a move is not on Ann's menu (the table refuses it: "held fast"), while resting,
    # an action with no moving, still is. A random walk found the move offered.
    d = _thug_holds_vic()
    d.do("gm", "end_turn", character="thug")
    menu = offered(d, "ann")
    assert "move" not in menu and "rest" in menu
    d.refuse("ann", "move", character="vic", feet=5)


@pytest.mark.rules("WD-CORE-009", "WD-EFFORT-003")
def test_a_stamina_reroll_is_offered_only_while_a_stamina_dot_is_left() -> None:
    # src 370: a Stamina dot rerolls a physical roll. Ada (Athletics 1: one Stamina dot) fails a climb
    # (2 + 1 vs 4): the reroll is on Ann's menu; she pays her one dot (5 + 1: climbs). A second failed
    # climb has nothing left to pay with: no reroll offered, and the table refuses one. A random walk
    # found it offered with 0 Stamina.
    d = table()
    add(d, "ann", sheet("ada", "Ada", athletics=1))
    d.do("gm", "call_check", character="ada", stat="athletics", tn=4, task="the fence")
    d.do("ann", "check", character="ada", call=max(d.state.calls), dice=[2])
    assert "reroll" in offered(d, "ann")
    d.do("ann", "reroll", character="ada", dice=[5])
    d.do("gm", "call_check", character="ada", stat="athletics", tn=4, task="the wall")
    d.do("ann", "check", character="ada", call=max(d.state.calls), dice=[1])
    assert "reroll" not in offered(d, "ann")
    d.refuse("ann", "reroll", character="ada", dice=[6])


@pytest.mark.rules("WD-GRAPPLE-002")
def test_the_gm_is_offered_a_held_pcs_brace_too_and_the_table_takes_it_as_offered() -> None:
    # src 932: either side may spend Stamina on a grapple roll. The GM disposes: the thug grabs Vic and
    # the GM's menu offers Vic's brace as Ann's does, which the table takes from the GM's seat as offered
    d = _thug_holds_vic()
    braces = [c.fixed for c in d.table.legal_commands("gm") if c.command == "brace"]
    assert {"character": "vic", "holder": "thug"} in braces
    assert refused_offers(d.table, choose=CHOOSE) == []
    d.do("gm", "brace", character="vic", holder="thug")
    assert d.state.grapples["thug>vic"].braced == 1
