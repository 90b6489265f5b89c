"""Referee pass 19 of Weaverdice part 1 (seed /work/shared/seeds/000_6595eaca0229e06e.txt, inventory
/work/shared/rules/weaverdice.md), with four faults noticed at the last stop: the words of a rest's
morale, Utilize Intel's line as facts, and attacks of opportunity on someone rising from Knocked Down.

Every situation is played through the table (:class:`~capeworks.engine.testing.Driver`) with given
dice, and read from the seats that see it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from capeworks.engine import Event, Table, Viewer
from capeworks.engine.golden import replay_document
from capeworks.engine.testing import Driver
from capeworks.errors import NotPermitted
from capeworks.systems.weaverdice.vocab import Pool, Status
from tests.systems.weaverdice.campaign_support import pc
from tests.systems.weaverdice.helpers import RS, add, sheet
from tests.systems.weaverdice.test_camp_referee12 import four
from tests.systems.weaverdice.test_referee_pass10 import CLAWS

#: the golden logs of Weaverdice, written by earlier releases
GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "weaverdice"


# -- 1. a rest's morale reads as words, not an arrow (src 2003) ----------------------------------------


@pytest.mark.rules("WD-REST-001", "WD-MORALE-001")
def test_a_rest_reads_that_morale_rises_from_poor_to_neutral_in_words() -> None:
    # src 2003: R&R "Bumps morale up two steps if negative, to a maximum of neutral": Cal at Poor (-2)
    # rests to Neutral (+0); every seat reads it as a sentence, no "-2 -> +0"
    d = four()
    pc(d, "cat", "cal", "Cal", morale=-2)
    d.do("gm", "start_downtime")
    d.do("cat", "rest_recuperate", character="cal", uses=[])
    for seat in ("ann", "cat", "gm"):
        assert d.words(seat)[-1] == "Cal: mends no wounds; morale rises from Poor (-2) to Neutral (+0)."


# -- 2. Utilize Intel's line: facts in the event, words from the renderer (src 1909-1915, 1970-1978) ---


@pytest.mark.rules("WD-INTEL-029", "WD-INTEL-030", "WD-INTEL-031", "WD-INTEL-035")
def test_a_utilize_intel_slot_records_its_steps_as_facts_and_reads_the_same_words() -> None:
    # src 1909-1915: 3 tier-1 villain intel become 1 tier-2; 1 tier-2 Crossbones intel (the target's own)
    # becomes 2 tier-1; a shuffle of tier-2 violent intel rolls a d5 among the dispositions but "city"
    # (a 1: hero); then a write-up of Crossbones's 1 unlocked cell for Bea wraps up the slot (src 1978)
    d = four()
    pc(d, "ann", "cal", "Cal")
    pc(d, "bob", "bea", "Bea")
    d.do("gm", "add_target", target="xb", name="Crossbones", dispositions=["violent", "sponsored"])
    d.do("gm", "start_downtime")
    d.do("gm", "award", character="cal", intel="villain:1", intel_count=3)
    d.do("gm", "award", character="cal", intel="xb:2", intel_count=2)
    d.do("gm", "award", character="cal", intel="violent:2")
    d.do("ann", "spend_intel", character="cal", target="xb", intel="xb:2", on="0,0")
    d.do(
        "ann", "utilize_intel", character="cal",
        ops=["upgrade villain:1", "downgrade xb:2", "shuffle violent:2", "spell xb for bea"], dice=[1],
    )  # fmt: skip
    line = (
        "Cal: 3 tier-1 villain intel become 1 tier-2 villain intel; 1 tier-2 Crossbones intel becomes 2"
        " tier-1 Crossbones intel; 1 tier-2 violent intel becomes 1 tier-1 hero intel; writes up 1"
        " unlocks on Crossbones for Bea."
    )
    for seat in ("ann", "bob", "gm"):
        assert d.words(seat)[-1] == line
    stored = d.table.log[-1].data
    assert "text" not in stored  # facts, not words
    assert [s["verb"] for s in stored["steps"]] == ["upgrade", "downgrade", "shuffle", "write_up"]
    assert stored["steps"][1] == {"verb": "downgrade", "tier": 2, "kind": "xb"}
    assert stored["steps"][3] == {"verb": "write_up", "unlocks": 1, "target": "xb", "readers": ["bea"]}
    assert stored["names"] == {"xb": "Crossbones", "bea": "Bea"}


def _as_version_3(d: Driver) -> Table:
    """``d``'s log with its last event (a Utilize Intel slot) written as version 3 wrote it: the line's
    words as ``text``, no steps, replayed."""
    log = list(d.table.log)
    raw = log[-1].model_dump()
    text = d.words("gm")[-1].removeprefix("Cal: ")
    data = {k: v for k, v in raw["data"].items() if k not in ("steps", "names")}
    log[-1] = Event.model_validate({**raw, "data": {**data, "text": text}, "version": 3})
    return Table(RS, log)


def _lines(t: Table, viewer: Viewer) -> list[str]:
    return [e.description.text for e in t.log_view(viewer)]


@pytest.mark.rules("WD-INTEL-029", "WD-INTEL-030", "WD-INTEL-031", "WD-INTEL-033", "WD-INTEL-034")
@pytest.mark.parametrize(
    ("ops", "dice"),
    [
        (["upgrade villain:1", "downgrade xb:2", "shuffle violent:2"], [3]),
        (["downgrade violent:2", "relocate 2"], []),
        (["rebrand"], []),
        (["spell xb for bea"], []),
        (["present to bea"], []),
    ],
)
def test_an_old_utilize_intel_line_replays_to_the_same_words_for_every_seat(
    ops: list[str], dice: list[int]
) -> None:
    # a log written at version 3 stored the slot's line; the upcaster reads it back into steps, and
    # every seat reads the line as it was written (and the table folds to the same state)
    d = four()
    pc(d, "ann", "cal", "Cal")
    pc(d, "bob", "bea", "Bea")
    d.do("gm", "add_target", target="xb", name="Crossbones", dispositions=["violent", "sponsored"])
    d.do("gm", "start_downtime")
    d.do("gm", "award", character="cal", intel="villain:1", intel_count=3)
    d.do("gm", "award", character="cal", intel="xb:2", intel_count=2)
    d.do("gm", "award", character="cal", intel="violent:2")
    d.do("ann", "spend_intel", character="cal", target="xb", intel="xb:2", on="0,0")
    d.do("ann", "utilize_intel", character="cal", ops=ops, dice=dice)
    again = _as_version_3(d)
    assert again.log[-1].version == 3
    for viewer in (Viewer.gm(), Viewer(seat="ann"), Viewer(seat="bob")):
        assert _lines(again, viewer) == _lines(d.table, viewer)
    assert again.state == d.table.state


# -- 3. rising from Knocked Down provokes melee attacks, offered to the foes (src 850) ---------------


def _knocked_down_vic(**config: object) -> Driver:
    """Ann's Vic and Bob's Bea against the GM's Brute (notable, Brawn 5) and Thug (generic): order
    Brute, Vic, Thug, Bea. The Brute hits Vic (6 + 2 = 8 vs DS 4), Vic takes it: a lesser bash wound,
    effect 3: knocked down (src 656); no Recovery dot spent on it. The Brute ends his turn."""
    d = four()
    if config:
        d = Driver(RS, seats=d.table.seats, config=dict(config))
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "bob", sheet("bea", "Bea"))
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5))
    add(d, "gm", sheet("thug", "Thug", "generic", brawn=4))
    d.do("gm", "start_combat", dice=[3, 1, 6])
    assert d.state.fight.order.order == ("brute", "vic", "thug", "bea")
    d.do("gm", "attack", character="brute", target="vic", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[3])
    d.answer("ann", "effect-vic-w1-negate", "none")
    assert [c.name for c in d.state.people["vic"].conditions] == [Status.KNOCKED_DOWN]
    d.do("gm", "end_turn", character="brute")
    return d


def _offers(d: Driver, seat: str) -> list[str]:
    return [p.id for p in d.prompts(seat) if p.kind == "opportunity"]


@pytest.mark.rules("WD-STATUS-009", "WD-COMBAT-015", "WD-MOVE-004")
def test_vic_rising_offers_the_brute_and_the_thug_an_attack_of_opportunity_and_not_bea() -> None:
    # src 850: "Rising ... provokes melee attacks"; src 586: the named pay Focus for it (the Brute,
    # 1 Focus), a generic strikes free (generic_free_aoo, WD-MOVE-003 PROPOSED). Vic stands (a move
    # action, half its 30 ft: 15 ft left, he walks 10). The GM's two are offered the strike; Bea, on
    # Vic's side, is not; the players are asked nothing.
    d = _knocked_down_vic()
    d.do("ann", "move", character="vic", feet=10, stand=True)
    assert d.words("bob")[-1] == "Vic stands up and moves 10 ft."
    assert _offers(d, "gm") == ["opportunity-brute", "opportunity-thug"]
    assert _offers(d, "ann") == _offers(d, "bob") == []
    ask = next(p for p in d.prompts("gm") if p.id == "opportunity-brute")
    assert ask.question == (
        "Vic rises from the ground: if Brute is in melee reach, strike (an attack of opportunity, 1 Focus),"
        " or let it pass?"
    )
    # the Brute strikes, as any attack of opportunity: 5 + 2 = 7 vs DS 4 hits; one Focus paid
    focus = d.state.people["brute"].effort.available(d.state.sheet("brute"), Pool.FOCUS)
    d.answer("gm", "opportunity-brute", "strike", dice=[5])
    assert d.state.people["brute"].effort.available(d.state.sheet("brute"), Pool.FOCUS) == focus - 1
    assert d.words("ann")[-1] == (
        "Brute attacks Vic (lesser bash) vs defense 4: [5] +2 = 7; 7 vs 4+: success; it hits; Vic may dodge"
        " or block."
    )
    d.answer("ann", "react-vic", "take", dice=[1])  # a second lesser bash wound, effect 1
    # while the hit's effect waits on Vic's answer, the Thug's offer waits too (nothing out of turn)
    assert _offers(d, "gm") == []
    d.answer("ann", "effect-vic-w2-negate", "none")
    # one strike each: the Brute's offer is spent; the Thug's stands until the GM lets it pass
    assert _offers(d, "gm") == ["opportunity-thug"]
    d.answer("gm", "opportunity-thug", "let_pass")
    assert d.words("ann")[-1] == "Thug lets the chance to strike at Vic pass."
    assert _offers(d, "gm") == []
    d.refuse("gm", "let_pass", character="thug", rule="WD-STATUS-009")


@pytest.mark.rules("WD-STATUS-009", "WD-COMBAT-015")
def test_the_brute_rising_offers_the_players_the_strike_and_the_gm_may_rule_one_out_of_reach() -> None:
    # src 850 the other way: the GM's Brute, knocked down, rises on his turn; Vic and Bea (players,
    # each with Focus) are offered the strike, each at their own seat. Bob cannot let Vic's pass for
    # Ann; the GM, who rules who is in melee reach (the table keeps no map), clears Vic's offer.
    d = four()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "bob", sheet("bea", "Bea"))
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5))
    d.do("gm", "start_combat", dice=[6, 2, 1])  # Vic, Bea, the Brute
    d.do("ann", "attack", character="vic", target="brute", dice=[6])
    d.answer("gm", "react-brute", "take", dice=[3])
    d.answer("gm", "effect-brute-w1-negate", "none")
    d.do("ann", "end_turn", character="vic")
    d.do("bob", "end_turn", character="bea")
    d.do("gm", "move", character="brute", feet=0, stand=True)
    assert _offers(d, "ann") == ["opportunity-vic"] and _offers(d, "bob") == ["opportunity-bea"]
    assert "1 Focus" in d.prompt("ann", "opportunity").question
    d.refuse("bob", "let_pass", character="vic", error=NotPermitted)
    d.do("gm", "let_pass", character="vic")
    assert _offers(d, "ann") == [] and _offers(d, "bob") == ["opportunity-bea"]
    assert d.words("ann")[-1] == "Vic lets the chance to strike at Brute pass."
    # the offers lapse with the Brute's turn
    d.do("gm", "end_turn", character="brute")
    assert _offers(d, "bob") == []


@pytest.mark.rules("WD-STATUS-009", "WD-COMBAT-015")
def test_no_offer_to_a_foe_with_no_focus_left() -> None:
    # src 586: "if you can't expend the focus, you're not alert enough to take opportunity": the Brute
    # with his Focus spent (three attacks of opportunity at Bea, all misses) is offered nothing
    d = _knocked_down_vic()
    brute = d.state.people["brute"]
    for _ in range(brute.effort.available(d.state.sheet("brute"), Pool.FOCUS)):
        d.do("gm", "attack", character="brute", target="bea", opportunity=True, dice=[1])
    d.do("ann", "move", character="vic", feet=0, stand=True)
    assert _offers(d, "gm") == ["opportunity-thug"]


# -- 4. an old log reads names where it stored only ids (golden weaverdice/cover-6) ------------------


@pytest.mark.rules("WD-DT-002", "WD-REP-007")
def test_an_old_downtime_log_reads_ada_by_name_for_every_seat() -> None:
    # golden weaverdice/cover-6 was written before downtime_started and downtime_ended carried names:
    # its slots and its discard are by id. Replayed, every seat reads "Ada", never "ada" (src 1417:
    # each character's slots; src 1690: rep over the cap is discarded at the phase's end)
    doc = json.loads((GOLDEN / "cover-6.log.json").read_text())
    t = replay_document(doc)
    for viewer in (Viewer.gm(), Viewer(seat="ann"), Viewer(seat="bob"), Viewer()):
        lines = _lines(t, viewer)
        assert "Downtime phase 1 opens. Ada: 3 slots." in lines
        assert lines[-2].endswith("Ada must discard 1 rep.")
        assert not any(re.search(r"\bada\b", line) for line in lines)


# -- 5. referee pass: whole rounds around a fall and a rising, read from every seat (src 850, 586, 888) ----


@pytest.mark.rules("WD-STATUS-009", "WD-COMBAT-032", "WD-STATUS-016")
def test_r19_01_a_rest_that_sheds_knocked_down_leaves_the_rising_to_the_next_move_which_provokes() -> None:
    # src 850: shaking Knocked Down off with a rest is not standing; "can't rise without a movement
    # action (taking up half the movement)", and rising provokes. Vic rests (Guts [5] vs 4+: sheds it;
    # the bash wound that "fades at the next rest" fades, src 656). The rest itself is a combat action
    # (src 559) taken on the ground, no offense or defense: it provokes too (src 850; refwd21 fixed
    # this test, which pinned no offer). The GM lets both pass.
    # His second action, a move: 30 ft less 15 for rising, 15 ft walked; the foes are offered again.
    d = _knocked_down_vic()
    d.do("ann", "rest", character="vic", remove=["knocked_down"], dice=[5])
    assert d.words("bob")[-1] == (
        "Vic rests; Guts [5] = 5; 5 vs 4+: success; sheds knocked down; a lesser wound fades with the rest."
    )
    assert _offers(d, "gm") == ["opportunity-brute", "opportunity-thug"]
    ask = next(p for p in d.prompts("gm") if p.id == "opportunity-brute")
    assert ask.question.startswith("Vic acts from the ground:")
    d.answer("gm", "opportunity-brute", "let_pass")
    d.answer("gm", "opportunity-thug", "let_pass")
    assert _offers(d, "gm") == []
    d.refuse("ann", "move", character="vic", feet=20, rule="WD-MOVE-001")
    d.do("ann", "move", character="vic", feet=15)
    assert d.words("bob")[-1] == "Vic stands up and moves 15 ft."
    assert _offers(d, "gm") == ["opportunity-brute", "opportunity-thug"]


@pytest.mark.rules("WD-STATUS-009", "WD-MOVE-005")
def test_r19_02_a_sprint_that_rises_provokes_as_a_move_does() -> None:
    # src 850 with src 890: Vic sprints off the ground (Athletics [4] = 4 vs 4+: made); the sprint's
    # rising provokes as a plain move's does
    d = _knocked_down_vic()
    d.do("ann", "move", character="vic", feet=20, stand=True, sprint=True, dice=[4])
    assert d.words("ann")[-1] == "Vic stands up and sprints 20 ft (Athletics [4] = 4; 4 vs 4+: success)."
    assert _offers(d, "gm") == ["opportunity-brute", "opportunity-thug"]


@pytest.mark.rules("WD-STATUS-009")
def test_r19_03_fighting_back_from_the_ground_at_the_melee_attacker_provokes_nothing() -> None:
    # src 850: only actions that are not "offensive or defensive against melee attackers" provoke:
    # Vic, down, swings at the Brute (1 vs DS 4: a miss); no one is offered a strike
    d = _knocked_down_vic()
    d.do("ann", "attack", character="vic", target="brute", dice=[1])
    assert (
        d.words("ann")[-1]
        == "Vic attacks Brute (lesser bash) vs defense 4: [1] = 1; 1 vs 4+: failure; it misses."
    )
    assert _offers(d, "gm") == _offers(d, "ann") == []


@pytest.mark.rules("WD-STATUS-009", "WD-COMBAT-015", "WD-MOVE-003")
def test_r19_04_the_thug_strikes_free_from_the_offer_and_the_brutes_offer_waits_on_the_hit() -> None:
    # src 586/888 with generic_free_aoo (WD-MOVE-003 PROPOSED): a generic pays nothing for the strike.
    # The Thug (Brawn 4: +1) rolls [6] + 1 = 7 vs DS 4: a hit, read alike at every seat; while it waits
    # on Vic, the Brute's offer waits; Vic takes it (effect 1, no Recovery), and the Brute is asked
    d = _knocked_down_vic()
    d.do("ann", "move", character="vic", feet=0, stand=True)
    d.answer("gm", "opportunity-thug", "strike", dice=[6])
    assert d.state.people["thug"].effort.spent == {}
    line = (
        "Thug attacks Vic (lesser bash) vs defense 4: [6] +1 = 7; 7 vs 4+: success; it hits; Vic may dodge"
        " or block."
    )
    for seat in ("ann", "bob", "gm"):
        assert d.words(seat)[-1] == line
    assert _offers(d, "gm") == []  # the hit waits on Vic: no offer meanwhile
    d.answer("ann", "react-vic", "take", dice=[1])
    d.answer("ann", "effect-vic-w2-negate", "none")
    assert _offers(d, "gm") == ["opportunity-brute"]


@pytest.mark.rules("WD-STATUS-009", "WD-NPC-001")
def test_r19_05_a_bystander_on_the_gms_side_is_never_offered_the_strike() -> None:
    # src 850 provokes "melee attacks" from foes; a bystander is no fighter: a citizen the GM runs
    # beside the Brute is not asked when Vic rises
    d = four()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5))
    add(d, "gm", sheet("cit", "Citizen", "bystander"))
    d.do("gm", "start_combat", dice=[3, 6])
    assert d.state.fight.order.order[:2] == ("brute", "vic")
    d.do("gm", "attack", character="brute", target="vic", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[3])
    d.answer("ann", "effect-vic-w1-negate", "none")
    d.do("gm", "end_turn", character="brute")
    d.do("ann", "move", character="vic", feet=0, stand=True)
    assert _offers(d, "gm") == ["opportunity-brute"]


@pytest.mark.rules("WD-STATUS-009", "WD-NPC-003", "WD-COMBAT-015")
def test_r19_06_a_hidden_boss_rising_offers_the_players_and_bea_strikes_for_focus() -> None:
    # src 850 on the GM's hidden notable: Vic knocks the Boss down (6 + 0 = 6 vs DS 4; effect 3);
    # on the Boss's turn he rises. Ann and Bob are each asked at their own seat; Bob has Bea strike
    # (1 Focus, src 586): [5] = 5 vs the Boss's defense, the Focus read by every seat
    d = four()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "bob", sheet("bea", "Bea"))
    add(d, "gm", sheet("boss", "Boss", "notable", brawn=5), hidden=True)
    d.do("gm", "start_combat", dice=[6, 2, 1])  # Vic, Bea, the Boss
    d.do("ann", "attack", character="vic", target="boss", dice=[6])
    d.answer("gm", "react-boss", "take", dice=[3])
    d.answer("gm", "effect-boss-w1-negate", "none")
    d.do("ann", "end_turn", character="vic")
    d.do("bob", "end_turn", character="bea")
    d.do("gm", "move", character="boss", feet=0, stand=True)
    assert d.words("ann")[-1] == "Boss stands up."
    assert _offers(d, "ann") == ["opportunity-vic"] and _offers(d, "bob") == ["opportunity-bea"]
    assert _offers(d, "gm") == ["opportunity-vic", "opportunity-bea"]
    focus = d.state.people["bea"].effort.available(d.state.sheet("bea"), Pool.FOCUS)
    d.answer("bob", "opportunity-bea", "strike", dice=[5])
    assert d.state.people["bea"].effort.available(d.state.sheet("bea"), Pool.FOCUS) == focus - 1
    assert d.words("bob")[-2] == "Bea spends 1 Focus (opportunity)."
    assert d.words("bob")[-1].startswith("Bea attacks Boss (lesser bash)")


@pytest.mark.rules("WD-STATUS-009", "WD-COMBAT-015", "WD-MOVE-003")
def test_r19_07_a_table_that_gives_generics_no_free_strike_offers_the_thug_nothing() -> None:
    # src 586: "these actions require Focus()"; generics have none, and with generic_free_aoo off
    # (WD-MOVE-003's PROPOSED setting) they get no free one: only the Brute is asked
    d = _knocked_down_vic(generic_free_aoo=False)
    d.do("ann", "move", character="vic", feet=0, stand=True)
    assert _offers(d, "gm") == ["opportunity-brute"]
    assert "(an attack of opportunity, 1 Focus)" in d.prompt("gm", "opportunity").question


@pytest.mark.rules("WD-STATUS-009", "WD-COMBAT-015")
def test_r19_08_a_player_can_neither_strike_for_the_brute_nor_let_his_chance_pass() -> None:
    # the offer is the GM's to answer for the GM's characters: Ann can neither take the Brute's strike
    # nor wave it off; nothing changes
    d = _knocked_down_vic()
    d.do("ann", "move", character="vic", feet=0, stand=True)
    d.refuse("ann", "attack", character="brute", target="vic", opportunity=True, dice=[6], error=NotPermitted)
    d.refuse("ann", "let_pass", character="brute", error=NotPermitted)
    d.refuse("bob", "let_pass", character="bea", rule="WD-STATUS-009")  # Bea was offered nothing
    assert _offers(d, "gm") == ["opportunity-brute", "opportunity-thug"]


@pytest.mark.rules("WD-STATUS-009", "WD-COMBAT-001")
def test_r19_09_the_offers_lapse_when_vic_ends_his_turn_and_the_thugs_turn_comes() -> None:
    # src 850: the strike is provoked by the rising, in that moment; once Vic's turn is over, the Thug
    # acts on his own turn and may not take the lapsed strike as a free one
    d = _knocked_down_vic()
    d.do("ann", "move", character="vic", feet=0, stand=True)
    d.do("ann", "end_turn", character="vic")
    assert d.state.fight.turn.actor == "thug"
    assert _offers(d, "gm") == []
    d.refuse("gm", "let_pass", character="thug", rule="WD-STATUS-009")


@pytest.mark.rules("WD-STATUS-009", "WD-MOVE-004", "WD-COMBAT-015")
def test_r19_10_the_brute_takes_his_offer_with_his_claws_power_and_it_is_spent() -> None:
    # src 888: an attack of opportunity is one plain single-target attack, "though powers may come into
    # effect": the Brute rakes the rising Vic with his Claws (melee, one target) for 1 Focus: [5] + 2 = 7
    # vs DS 4, a lesser cut that hits. Struck with the power, his offer is spent as with a weapon;
    # once Vic has taken the hit (effect 1, no Recovery), only the Thug is still asked.
    d = four()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", {**sheet("brute", "Brute", "notable", brawn=5), "powers": [CLAWS]})
    add(d, "gm", sheet("thug", "Thug", "generic", brawn=4))
    d.do("gm", "start_combat", dice=[3, 6])
    assert d.state.fight.order.order[:2] == ("brute", "vic")
    d.do("gm", "attack", character="brute", target="vic", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[3])
    d.answer("ann", "effect-vic-w1-negate", "none")
    d.do("gm", "end_turn", character="brute")
    d.do("ann", "move", character="vic", feet=0, stand=True)
    d.do("gm", "use_power", character="brute", power="Claws", targets=["vic"], opportunity=True, dice=[5])
    assert d.words("ann")[-2:] == [
        "Brute spends 1 Focus (opportunity).",
        "Brute attacks Vic (lesser cut) vs defense 4: [5] +2 = 7; 7 vs 4+: success; it hits; Vic may dodge or"
        " block.",
    ]
    d.answer("ann", "react-vic", "take", dice=[1])
    while any(p.kind == "effect" for p in d.prompts("ann")):
        p = next(p for p in d.prompts("ann") if p.kind == "effect")
        d.answer("ann", p.id, p.options[-1].value)
    assert _offers(d, "gm") == ["opportunity-thug"]


@pytest.mark.rules("WD-STATUS-009", "WD-NPC-003")
def test_r19_11_the_players_view_does_not_say_a_hidden_boss_is_offered_the_strike() -> None:
    # a hidden NPC's effort is the GM's (WD-NPC-003): the Boss offered the strike on the rising Vic
    # would tell the players he has a Focus dot left. The GM is asked; the players' view of the turn
    # names only the foes they may know of (here none). The Boss hits Vic 6 + 2 = 8 vs DS 4, effect 3.
    d = four()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("boss", "Boss", "notable", brawn=5), hidden=True)
    d.do("gm", "start_combat", dice=[3, 6])
    assert d.state.fight.order.order == ("boss", "vic")
    d.do("gm", "attack", character="boss", target="vic", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[3])
    d.answer("ann", "effect-vic-w1-negate", "none")
    d.do("gm", "end_turn", character="boss")
    d.do("ann", "move", character="vic", feet=0, stand=True)
    assert _offers(d, "gm") == ["opportunity-boss"] and _offers(d, "ann") == []
    assert d.view("gm")["state"]["fight"]["turn"]["exposed"] == ["boss"]
    assert d.view("ann")["state"]["fight"]["turn"]["exposed"] == []
