"""Referee pass 9 over Weaverdice part 1: a stuck object's wound, initiative ties, the end of an
encounter's exhaustion, each situation written from the seed (``/work/shared/seeds/000_*.txt``,
cited "src N") before reading the table's code, then played through the table with given dice.

Where the seed is silent the expected outcome is the inventory's PROPOSED decision, cited by rule ID.
"""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.statuses import condition
from capeworks.systems.weaverdice.vocab import BodyPart, Status, WoundTier
from capeworks.systems.weaverdice.wounds import Standing
from tests.systems.weaverdice.helpers import add, sheet, table

_SEATS = {"vic": "ann", "doc": "bob", "thug": "gm", "brute": "gm"}
_KNIFE = {"name": "Knife", "damage": "pierce", "attack_stat": "dexterity"}


def _pass_to(d: Driver, ident: str) -> None:
    """End turns until ``ident``'s comes."""
    while d.state.fight.turn.actor != ident:
        actor = d.state.fight.turn.actor
        d.do(_SEATS[actor], "end_turn", character=actor)


def _knife_in_vic() -> Driver:
    """The thug sticks his knife in Vic (Guts 4): 6 + 1 hits, Lesser Pierce 5 "Inflicts stuck" (src 666)."""
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=5, athletics=3, guts=4))
    add(d, "bob", sheet("doc", "Doc", dexterity=5))
    thug = sheet("thug", "Thug", "generic", brawn=4, dexterity=4, athletics=1)
    add(d, "gm", {**thug, "held": [_KNIFE]})
    d.do("gm", "start_combat", dice=[6, 1])
    _pass_to(d, "thug")
    d.do("gm", "attack", character="thug", target="vic", weapon="knife", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[5])
    d.answer("ann", "effect-vic-w1-negate", "none")
    assert Status.STUCK in [c.name for c in d.state.people["vic"].conditions]
    return d


def _tiers(d: Driver, ident: str) -> list[WoundTier]:
    return [w.tier for w in d.state.people[ident].track.wounds]


# -- a wound with an object stuck in it (src 858-860) -----------------------------------------------


@pytest.mark.rules("WD-STATUS-011", "WD-REST-001")
def test_a_wound_with_the_knife_still_in_it_does_not_mend_in_a_rest() -> None:
    # src 860: "Wounds with objects stuck in them cannot fully heal." The fight ends with the knife
    # still in Vic's lesser wound; Vic takes a Rest & Recuperate slot at neutral morale (no end-of-day
    # die): every other wound would mend, the one the knife is in stays on the track.
    d = _knife_in_vic()
    d.do("gm", "end_combat")
    d.do("gm", "start_downtime")
    d.do("ann", "rest_recuperate", character="vic", uses=[], dice=[])
    assert _tiers(d, "vic") == [WoundTier.LESSER]
    assert Status.STUCK in [c.name for c in d.state.people["vic"].conditions]
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-STATUS-011", "WD-REST-001")
def test_once_the_knife_is_out_the_wound_mends_in_a_rest() -> None:
    # src 858-860: pulled out with care (Doc, Dexterity 5: 4 + 2 = 6, 5 + 2 = 7, 13 of 12) the stuck
    # lesser wound is joined by a lesser one (not a moderate); nothing is stuck, so the rest mends both.
    d = _knife_in_vic()
    d.do("gm", "end_combat")
    d.do("bob", "extract", character="doc", target="vic", careful=True, dice=[4])
    d.do("bob", "extract", character="doc", target="vic", careful=True, dice=[5])
    assert _tiers(d, "vic") == [WoundTier.LESSER, WoundTier.LESSER]
    d.do("gm", "start_downtime")
    d.do("ann", "rest_recuperate", character="vic", uses=[], dice=[])
    assert _tiers(d, "vic") == []


# -- initiative ties (src 545) ----------------------------------------------------------------------


@pytest.mark.rules("WD-COMBAT-004", "WD-COMBAT-005")
def test_a_player_tied_with_a_generic_goes_first() -> None:
    # src 545: speed is Athletics + Dexterity; a player adds 1d6, a non-notable adds 3; "Break ties by
    # comparing notability (notable foes > players > non-notable > bystanders)". Vic 3 + 3 + 3 = 9;
    # the thug 3 + 3 + 3 = 9: Vic first, though the thug was added first.
    d = table()
    add(d, "gm", sheet("thug", "Thug", "generic"))
    add(d, "ann", sheet("vic", "Vic"))
    d.do("gm", "start_combat", dice=[3])
    assert d.state.fight.order.order == ("vic", "thug")


@pytest.mark.rules("WD-COMBAT-004", "WD-COMBAT-005")
def test_a_notable_foe_tied_with_a_player_goes_first() -> None:
    # src 545: "notable foes > players": Vic 6 + 4 = 10, the brute 6 + 4 = 10: the brute first.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("brute", "Brute", "notable"))
    d.do("gm", "start_combat", dice=[4, 4])
    assert d.state.fight.order.order == ("brute", "vic")


@pytest.mark.rules("WD-COMBAT-004")
def test_a_generic_adds_3_to_speed_and_rolls_nothing() -> None:
    # src 545: "non-notable individuals and bystanders simply add 3 to their speed". A quick thug
    # (Athletics 5, Dexterity 4: 9 + 3 = 12) beats Vic's 6 + 5 = 11; one die is rolled, Vic's.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("thug", "Thug", "generic", athletics=5, dexterity=4))
    d.do("gm", "start_combat", dice=[5])
    assert d.state.fight.order.order == ("thug", "vic")


@pytest.mark.rules("WD-COMBAT-004", "WD-COMBAT-005")
def test_two_players_tied_break_on_morale() -> None:
    # src 545: ties break by notability, "morale, and reputation in that order": Vic and Max both
    # 6 + 3 = 9, both players; Max's morale is +1, Vic's neutral: Max first.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("max", "Max"), morale=1, owner="bob")
    d.do("gm", "start_combat", dice=[3, 3])
    assert d.state.fight.order.order == ("max", "vic")


def _conditions(d: Driver, ident: str) -> list[str]:
    return [c.name for c in d.state.people[ident].conditions]


@pytest.mark.rules("WD-STATUS-011", "WD-STATUS-012")
def test_a_knife_wrested_free_leaves_a_moderate_wound_and_bleeding() -> None:
    # src 858: "If it is removed forcefully or carelessly (including forcibly with a wrest in a
    # grapple), the target suffers a moderate wound and bleeding." The thug grabs Vic (his knife in
    # Vic is the contact, no roll: src 865), and next round wrests his knife free (6 + 1 + 1 against
    # Vic's 1 + 2): Vic has the first lesser, a moderate, and bleeds.
    d = _knife_in_vic()
    d.do("gm", "grab", character="thug", target="vic")
    _pass_to(d, "vic")
    _pass_to(d, "thug")
    d.do("gm", "grapple", character="thug", target="vic", option="wrest", dice=[6, 1])
    assert _tiers(d, "vic") == [WoundTier.LESSER, WoundTier.MODERATE]
    assert Status.STUCK not in _conditions(d, "vic")
    assert Status.BLEEDING in _conditions(d, "vic")


def _bolt_pins_vic() -> Driver:
    """The thug's bolt (6 + 1 against Vic's DS) sticks in Vic, Lesser Pierce 5, and pins him."""
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=5, athletics=3, guts=4))
    add(d, "gm", sheet("thug", "Thug", "generic", brawn=4, dexterity=4, athletics=1))
    d.do("gm", "start_combat", dice=[6])
    d.do("ann", "end_turn", character="vic")
    bolt = {"stat": "dexterity", "damage": "pierce", "melee": False, "pins": True}
    d.do("gm", "attack", character="thug", target="vic", dice=[6], **bolt)
    d.answer("ann", "react-vic", "take", dice=[5])
    d.answer("ann", "effect-vic-w1-negate", "none")
    d.do("gm", "end_turn", character="thug")
    return d


@pytest.mark.rules("WD-STATUS-013", "WD-STATUS-011")
def test_a_pinned_target_who_tears_the_bolt_out_walks_away_bleeding() -> None:
    # src 871: pinned "until they forcefully extract the object from themselves"; src 858: forcefully
    # removed, "a moderate wound and bleeding". Vic tears it out (his standard action), then moves.
    d = _bolt_pins_vic()
    d.refuse("ann", "move", character="vic", feet=5, rule="WD-STATUS-013")
    d.do("ann", "extract", character="vic")
    assert _tiers(d, "vic") == [WoundTier.LESSER, WoundTier.MODERATE]
    assert Status.STUCK not in _conditions(d, "vic") and Status.BLEEDING in _conditions(d, "vic")
    d.do("ann", "move", character="vic", feet=30)
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-STATUS-013", "WD-STATUS-011", "WD-REST-001")
def test_a_bolt_strained_free_of_the_wall_is_still_in_the_wound_that_will_not_mend() -> None:
    # src 871: a lengthy Brawn check of 6 frees Vic "with the object still in them" (Brawn 5: 4 + 2 =
    # 6); src 860: that wound cannot fully heal, so a rest after the fight leaves it on the track.
    d = _bolt_pins_vic()
    d.do("ann", "break_pin", character="vic", dice=[4])
    assert Status.STUCK in _conditions(d, "vic")
    d.do("gm", "end_combat")
    d.do("gm", "start_downtime")
    d.do("ann", "rest_recuperate", character="vic", uses=[], dice=[])
    assert _tiers(d, "vic") == [WoundTier.LESSER]


@pytest.mark.rules("WD-STATUS-011", "WD-REST-001", "WD-MORALE-006")
def test_at_low_morale_the_stuck_wound_rolls_no_end_of_day_die() -> None:
    # src 487: at low morale each injury that would recover rolls a d6; src 860: a wound with the
    # knife still in it will not recover anyway, so only the other wound rolls. Vic at -1 takes a
    # second hit (a plain lesser from the thug's fist) and rests: one die, a 2, which mends it.
    d = _knife_in_vic()
    d.do("gm", "end_combat")
    d.do("gm", "change_morale", character="vic", steps=-1)
    _plain_lesser(d, "vic")
    d.do("gm", "start_downtime")
    d.do("ann", "rest_recuperate", character="vic", uses=[], dice=[2])
    assert [w.id for w in d.state.people["vic"].track.wounds] == ["w1"]
    rolls = [r.purpose for e in d.table.log[-2:] for r in e.rolls]
    assert rolls == ["injury w9"]


# -- the tiers of characters (src 302-306, 545) ------------------------------------------------------


@pytest.mark.rules("WD-NPC-005", "WD-COMBAT-004")
def test_a_bystander_acts_after_a_faster_player() -> None:
    # src 306: bystanders "may still sometimes act, but tend to do so last". A bystander with no stat
    # block (speed 3 + 3 + 3 = 9) and Vic rolling a 1 (6 + 1 = 7): the bystander still acts last.
    d = table()
    add(d, "gm", sheet("joe", "Joe", "bystander"))
    add(d, "ann", sheet("vic", "Vic"))
    d.do("gm", "start_combat", dice=[1])
    assert d.state.fight.order.order[-1] == "joe"


@pytest.mark.rules("WD-NPC-004", "WD-WOUND-012")
def test_a_generic_drops_when_its_wounds_reach_its_guts_with_no_stay_up_check() -> None:
    # src 304: "If they suffer wounds equal to their Guts stat ... they drop unconscious"; src 800:
    # "Generic NPCs simply drop to the ground and stay there." A Guts 2 thug, DS 3: Vic's punches
    # 6 + 0 and 5 + 0 hit (effect dice 3 and 4: Lesser Bash, no lasting effect); on the second he is
    # down, no Guts roll asked of anyone.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("thug", "Thug", "generic", guts=2))
    d.do("gm", "start_combat", dice=[6])
    d.do("ann", "attack", character="vic", target="thug", dice=[6, 3])
    d.do("ann", "attack", character="vic", target="thug", dice=[5])
    thug = d.state.people["thug"]
    assert len(thug.track.wounds) == 2
    assert thug.track.standing is Standing.DOWN
    assert [p.kind for p in d.prompts()] == ["turn"]  # no stay-up check asked of anyone


@pytest.mark.rules("WD-NPC-004", "WD-EFFORT-001", "WD-EFFORT-012")
def test_a_generic_cannot_spend_focus_for_an_edge() -> None:
    # src 304: generics are simple, "no need to check how tired they are": they have no effort to
    # spend. The GM names the thug among those buying a 1d3 edge (src 547): refused, nothing rolled.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.refuse("gm", "start_combat", edges=["thug"], dice=[6, 2], rule="WD-EFFORT-001")


# -- backgrounds with skills (src 311, 348) ---------------------------------------------------------


@pytest.mark.rules("WD-SKILL-013", "WD-SKILL-001")
def test_a_skill_and_a_background_each_add_a_die_to_an_unhurried_knowledge_check() -> None:
    # src 311: a skill's familiarity is "extra dice on rolls they'd already be making, with the
    # player taking the best result"; src 348: a background's is "an extra die and take the best
    # result for knowledge and any application of the background trait in unhurried situations".
    # Vic (Knowledge 3) with Research and Data Entry digs through the records at 5+: 3h6, [1, 2, 6]
    # keeps the 6.
    d = table()
    vic = {**sheet("vic", "Vic"), "backgrounds": ["Data Entry"], "skills": [_skill("Research", "knowledge")]}
    add(d, "ann", vic)
    d.do("gm", "call_check", character="vic", stat="knowledge", tn=5, task="dig through the records")
    d.do(
        "ann",
        "check",
        character="vic",
        call=1,
        skills=["Research"],
        background="Data Entry",
        unhurried=True,
        dice=[1, 2, 6],
    )
    assert d.state.last_check["vic"].total == 6


@pytest.mark.rules("WD-SKILL-013")
def test_a_background_the_character_lacks_adds_nothing_and_is_refused() -> None:
    # src 348: the die comes from "the background trait" the character picked: Vic has Data Entry,
    # not Long Term Care (src 358); naming it is refused and nothing is rolled.
    d = table()
    add(d, "ann", {**sheet("vic", "Vic"), "backgrounds": ["Data Entry"]})
    d.do("gm", "call_check", character="vic", stat="knowledge", tn=4, task="dress the wound")
    d.refuse(
        "ann",
        "check",
        character="vic",
        call=1,
        background="Long Term Care",
        unhurried=True,
        dice=[1, 6],
        rule="WD-SKILL-013",
    )
    assert "vic" not in d.state.last_check


def _skill(name: str, *stats: str) -> dict[str, object]:
    return {"name": name, "stats": list(stats)}


# -- a mid-combat rest and the wound a knife is in (src 1004) ---------------------------------------


def _plain_lesser(d: Driver, ident: str, wid: str = "w9") -> None:
    """One more lesser wound on the track, with no condition tied to it."""
    person = d.state.people[ident]
    wounds = [*person.track.model_dump()["wounds"], {"tier": 1, "id": wid}]
    track = person.track.model_validate({**person.track.model_dump(), "wounds": wounds})
    d.patch(people={**d.state.people, ident: person.model_copy(update={"track": track})})


@pytest.mark.rules("WD-COMBAT-033", "WD-STATUS-011")
def test_a_rest_reduces_the_wound_without_the_knife_in_it() -> None:
    # src 1004: "If a wound has no ongoing condition associated with it, and if the character has at
    # least two wounds they may forgo healing simple conditions to reduce their most minor wound's
    # severity (... lesser to healthy)". The knife is stuck in w1 (src 858: an ongoing condition on
    # that wound); w9 is a plain lesser. Vic (Guts 4) rests, Guts 4 + 1 = 5: w9 heals, w1 stays.
    d = _knife_in_vic()
    _plain_lesser(d, "vic")
    _pass_to(d, "vic")
    d.do("ann", "rest", character="vic", reduce=True, dice=[4])
    assert [w.id for w in d.state.people["vic"].track.wounds] == ["w1"]
    assert Status.STUCK in _conditions(d, "vic")


# -- low morale caps the rolls of getting an object out (src 453, 858, 871) --------------------------


@pytest.mark.rules("WD-MORALE-002", "WD-STATUS-011", "WD-CORE-006")
def test_low_morale_caps_each_roll_of_the_careful_extraction() -> None:
    # src 453: at low morale "dice results (after modifiers are added from stats) will be capped";
    # src 455-475: at -2 the cap is 5. Doc (Dexterity 5) works the knife out with care, lengthy 12
    # (src 858): 6 + 2 = 8 counts 5; 6 + 2 again, 10 of 12; still in.
    d = _knife_in_vic()
    d.do("gm", "end_combat")
    d.do("gm", "change_morale", character="doc", steps=-2)
    d.do("bob", "extract", character="doc", target="vic", careful=True, dice=[6])
    d.do("bob", "extract", character="doc", target="vic", careful=True, dice=[6])
    assert Status.STUCK in _conditions(d, "vic")
    (running,) = d.state.lengthy.values()
    assert running.total == 10


@pytest.mark.rules("WD-MORALE-002", "WD-STATUS-013", "WD-CORE-006")
def test_low_morale_caps_the_strain_against_a_pin() -> None:
    # src 871: a lengthy Brawn check of 6 frees the pinned; src 453/455-475: at the lowest step (cap 3)
    # Vic's 6 + 2 counts 3: not free yet (3 of 6).
    d = _bolt_pins_vic()
    d.do("gm", "change_morale", character="vic", steps=-4)
    d.do("ann", "break_pin", character="vic", dice=[6])
    stuck = next(c for c in d.state.people["vic"].conditions if c.name == Status.STUCK)
    assert stuck.pinned


# -- skills in speed and tactics (src 541, 545) ------------------------------------------------------


@pytest.mark.rules("WD-COMBAT-004", "WD-STAT-007", "WD-SKILL-015")
@pytest.mark.parametrize(("learning", "order"), [(False, ("vic", "brute")), (True, ("brute", "vic"))])
def test_a_known_athletics_skill_adds_one_to_speed_a_learning_one_nothing(
    learning: bool, order: tuple[str, ...]
) -> None:
    # src 545: speed is "Athletics and Dexterity added together and +1 from each associated skill".
    # Vic with Run known: 6 + 1 + 4 = 11 against the brute's 6 + 4 = 10, Vic first. Still learning
    # Run, it is no skill yet: 6 + 4 = 10, tied, and the notable foe goes first.
    run = {**_skill("Run", "athletics"), **({"learning": True, "training": [5]} if learning else {})}
    d = table()
    add(d, "ann", {**sheet("vic", "Vic"), "skills": [run]})
    add(d, "gm", sheet("brute", "Brute", "notable"))
    d.do("gm", "start_combat", dice=[4, 4])
    assert d.state.fight.order.order == order


@pytest.mark.rules("WD-COMBAT-003", "WD-STAT-006", "WD-SKILL-015")
def test_a_social_skill_adds_one_to_tactics_and_makes_the_surprise_margin() -> None:
    # src 541: tactics are "Social and Knowledge added together, with +1 for every Social or
    # Knowledge skill known". Vic (Social 4, Knowledge 4, Negotiation) 4 + 4 + 1 = 9 against the
    # thug's 3 + 3 = 6: ahead by 3, the surprise margin (WD-COMBAT-003 PROPOSED): the thug is surprised.
    d = table()
    add(d, "ann", {**sheet("vic", "Vic", social=4, knowledge=4), "skills": [_skill("Negotiation", "social")]})
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", side=["vic"], dice=[1])
    assert "surprised" in _conditions(d, "thug")


# -- Rest & Recuperate and a bleeding that outlasted the fight (src 814, 2001) -----------------------


@pytest.mark.rules("WD-REST-001", "WD-STATUS-001", "WD-STATUS-011")
def test_a_rest_and_recuperate_stops_a_bleeding_begun_after_the_fight() -> None:
    # src 858: the knife torn out after the fight leaves "a moderate wound and bleeding"; no encounter
    # end follows to turn the bleeding into a lesser (src 814). src 814: "Full rests remove bleed
    # without needing a roll"; src 2001: a rest slot will "Mend any unexceptional wounds and simple
    # conditions from wounds". After the R&R Vic neither bleeds nor has a wound.
    d = _knife_in_vic()
    d.do("gm", "end_combat")
    d.do("ann", "extract", character="vic")
    assert Status.BLEEDING in _conditions(d, "vic")
    d.do("gm", "start_downtime")
    d.do("ann", "rest_recuperate", character="vic", uses=[], dice=[])
    assert _tiers(d, "vic") == []
    assert _conditions(d, "vic") == []
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-STATUS-001", "WD-CORE-009")
def test_a_bleeding_climber_who_pushes_with_stamina_takes_a_lesser_wound() -> None:
    # src 814: Bleeding, "Suffer a lesser wound when expending effort"; src 376: Stamina rerolls a
    # physical check. Bleeding after the fight from the knife torn out (src 858), Vic fails a climb
    # (2 < 4) and rerolls with Stamina (5): he climbs, and bleeds a third wound, a lesser.
    d = _knife_in_vic()
    d.do("gm", "end_combat")
    d.do("ann", "extract", character="vic")
    d.do("gm", "call_check", character="vic", stat="athletics", tn=4, task="climb the fence")
    d.answer("ann", "call-1", "roll", dice=[2])
    d.do("ann", "reroll", character="vic", dice=[5])
    assert _tiers(d, "vic") == [WoundTier.LESSER, WoundTier.MODERATE, WoundTier.LESSER]
    assert d.state.last_check["vic"].total == 5


# -- armor that took a hit is gear to repair, not a wound to rest off (src 1032) ---------------------


@pytest.mark.rules("WD-WOUND-016", "WD-REST-001", "WD-WOUND-004")
def test_a_rest_and_recuperate_leaves_the_armor_hit_for_a_repair() -> None:
    # src 1032: armor "acts as an additional wound slot, taking one hit"; "Repairing wounded armor
    # has the same rules as repairing other broken gear ... [Long DC of 12; each roll takes 20 min &
    # money for materials]". The thug's 6 hits Vic (armor 1), the armor takes it; the rest slot after
    # the fight mends wounds, not gear: the armor's slot stays struck.
    d = table()
    add(d, "ann", {**sheet("vic", "Vic"), "armor": 1})
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[1])
    d.do("gm", "attack", character="thug", target="vic", dice=[6])
    d.answer("ann", "react-vic", "take")
    assert [w.armor for w in d.state.people["vic"].track.wounds] == [True]
    d.do("gm", "end_combat")
    d.do("gm", "start_downtime")
    d.do("ann", "rest_recuperate", character="vic", uses=[], dice=[])
    assert [w.armor for w in d.state.people["vic"].track.wounds] == [True]
    assert "Vic: mends no wounds." in d.words()  # the armor hit stays: nothing mended, not "mends 0 wounds"
    assert d.replayed().state == d.state


# -- pain on the roll that works a knife out (src 822, 826, 858) -------------------------------------


@pytest.mark.rules("WD-STATUS-002", "WD-STATUS-003", "WD-STATUS-011")
def test_a_pained_medic_who_fails_a_careful_extraction_roll_owes_pain_its_price() -> None:
    # src 826: physical pain "Applies to any exertion, encompassing Brawn, Ath, Dex, & Guts"; src 822:
    # "For actions that would require a roll, on a failure the subject must choose either a decline
    # in morale, a lesser wound, or end their turn prematurely". Doc (Dexterity 5, in physical pain)
    # works the knife out of Vic with care (src 858): 1 + 2 = 3 fails 4+; he owes pain's price, and
    # pays with a lesser wound.
    d = _knife_in_vic()
    people = dict(d.state.people)
    pained = condition(Status.PAINED_PHYSICAL, "doc")
    people["doc"] = people["doc"].model_copy(update={"conditions": (pained,)})
    d.patch(people=people)
    _pass_to(d, "doc")
    d.do("bob", "extract", character="doc", target="vic", careful=True, dice=[1])
    assert "doc" in d.state.pain_owed
    d.do("bob", "pain_choice", character="doc", choice="lesser_wound")
    assert _tiers(d, "doc") == [WoundTier.LESSER]


@pytest.mark.rules("WD-STATUS-002", "WD-STATUS-003", "WD-STATUS-013")
def test_a_pained_target_who_fails_to_strain_free_of_a_pin_owes_pain_its_price() -> None:
    # src 826: physical pain covers Brawn; src 822: a failed roll owes a price; src 871: the pinned
    # strain free with a lengthy Brawn check of 6. Vic (Brawn 5, in physical pain) rolls 1 + 2 = 3,
    # short of 4+: the price is owed, and he takes the morale step.
    d = _bolt_pins_vic()
    people = dict(d.state.people)
    vic = people["vic"]
    people["vic"] = vic.model_copy(
        update={"conditions": (*vic.conditions, condition(Status.PAINED_PHYSICAL, "vic"))}
    )
    d.patch(people=people)
    d.do("ann", "break_pin", character="vic", dice=[1])
    assert "vic" in d.state.pain_owed
    d.do("ann", "pain_choice", character="vic", choice="morale")
    assert d.state.people["vic"].morale == -1


@pytest.mark.rules("WD-REST-001", "WD-STATUS-014", "WD-STATUS-007")
def test_a_rest_and_recuperate_leaves_a_death_sentence_and_a_scarred_pain() -> None:
    # src 875: Death Sentence, "They cannot recover ... without outside help"; src 842: scarring
    # effects "persist until specific end-of-day downtime can be dedicated to taking care of them ...
    # Each requires individual attention". The R&R's automatic part (src 2001) mends simple
    # conditions only: Vic's plain physical pain goes; the sentence and the scarred arm pain stay.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    people = dict(d.state.people)
    conditions = (
        condition(Status.PAINED_PHYSICAL, "vic"),
        condition(Status.DEATH_SENTENCE, "vic"),
        condition(Status.PAINED_PART, "vic", part=BodyPart.LEFT_ARM, scarring=True),
    )
    people["vic"] = people["vic"].model_copy(update={"conditions": conditions})
    d.patch(people=people)
    d.do("gm", "start_downtime")
    d.do("ann", "rest_recuperate", character="vic", uses=[], dice=[])
    assert _conditions(d, "vic") == [Status.DEATH_SENTENCE, Status.PAINED_PART]


@pytest.mark.rules("WD-STATUS-013", "WD-STATUS-011", "WD-CORE-006")
def test_a_pinned_target_worked_free_with_care_walks_off_with_a_lesser_wound() -> None:
    # src 871: pinned until they "extract it as noted above"; src 858: with care, a lengthy Dexterity
    # check of 12 makes the wound lesser. Vic (Dexterity 3) works the bolt out a turn at a time:
    # 6, then 6 + 5 = 11, then 17 of 12: out, a lesser wound and bleeding; the pin is gone, he moves.
    d = _bolt_pins_vic()
    d.do("ann", "extract", character="vic", careful=True, dice=[6])
    _pass_to(d, "thug")
    _pass_to(d, "vic")
    d.do("ann", "extract", character="vic", careful=True, dice=[5])
    assert Status.STUCK in _conditions(d, "vic")
    _pass_to(d, "thug")
    _pass_to(d, "vic")
    d.do("ann", "extract", character="vic", careful=True, dice=[6])
    assert _tiers(d, "vic") == [WoundTier.LESSER, WoundTier.LESSER]
    assert Status.STUCK not in _conditions(d, "vic") and Status.BLEEDING in _conditions(d, "vic")
    _pass_to(d, "thug")
    _pass_to(d, "vic")
    d.do("ann", "move", character="vic", feet=30)
    assert d.replayed().state == d.state
