"""A hidden NPC in the fight keeps its own numbers secret, and only those (issue 19, item 8).

Players see what they would see at a real table: their own initiative dice and the roll-off
between tied PCs (WD-COMBAT-005), never a hidden NPC's die, score or roll-off (WD-NPC-003);
a hidden NPC's attack shows its total and whether it hits, never its dice or modifier.
"""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine import Viewer
from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.statuses import condition
from capeworks.systems.weaverdice.vocab import Stat, Status
from tests.systems.weaverdice.helpers import add, sheet, table


def _seen(d: Driver, seat: str) -> tuple[list[str], list[tuple[str, tuple[int, ...]]], list[dict[str, Any]]]:
    """A player's log words, the dice drawn beside them, and the events' JSON (``log --json``)."""
    entries = d.table.log_view(d.table.viewer_for(seat))
    words = [e.description.text for e in entries]
    dice = [(r.purpose, r.faces) for e in entries for r in e.description.rolls]
    events = [e.event.model_dump(mode="json") for e in entries]
    return words, dice, events


@pytest.mark.rules("WD-COMBAT-005", "WD-NPC-003")
def test_roll_off__tied_pcs_dice_are_shown_beside_a_hidden_npc_whose_dice_are_not() -> None:
    d = table()
    add(d, "ann", sheet("a", "Ann's"))
    add(d, "bob", sheet("b", "Bob's"))
    add(d, "gm", sheet("h", "Hood", "notable"), hidden=True)
    # initiative a 4, b 4, Hood 6 (the same speed: Hood 2 ahead); a and b tie: roll-off 2 vs 5
    d.do("gm", "start_combat", dice=[4, 4, 6, 2, 5])
    assert d.state.fight is not None
    assert d.state.fight.order.order == ("h", "b", "a")
    for seat in ("ann", "bob"):
        words, dice, events = _seen(d, seat)
        assert ("initiative a", (4,)) in dice and ("initiative b", (4,)) in dice
        assert ("roll-off a", (2,)) in dice and ("roll-off b", (5,)) in dice
        assert not any(p.endswith(" h") for p, _ in dice)
        line = next(w for w in words if w.startswith("The fight begins."))
        assert "Ann's 10 (rolled 4) (roll-off 2)" in line and "Bob's 10 (rolled 4) (roll-off 5)" in line
        assert "Hood ?" in line
        started = next(e for e in events if e["type"] == "weaverdice.combat_started")
        hood = next(x for x in started["data"]["entrants"] if x["character"] == "h")
        assert hood["score"] is None and hood["face"] is None and "rolloff" not in hood
    gm_dice = _seen(d, "gm")[1]
    assert ("initiative h", (6,)) in gm_dice


@pytest.mark.rules("WD-COMBAT-005", "WD-NPC-003")
def test_roll_off__between_hidden_npcs_stays_with_the_gm() -> None:
    d = table()
    add(d, "ann", sheet("a", "Ann's"))
    add(d, "gm", sheet("h", "Hood", "notable"), hidden=True)
    add(d, "gm", sheet("k", "Kite", "notable"), hidden=True)
    d.do("gm", "start_combat", dice=[1, 3, 3, 6, 2])  # Hood and Kite tie at 3: roll-off 6 vs 2
    assert d.state.fight is not None
    assert d.state.fight.order.order == ("h", "k", "a")
    words, dice, _ = _seen(d, "ann")
    assert dice == [("initiative a", (1,))]
    assert not any("roll-off" in w for w in words)
    gm_words, gm_dice, _ = _seen(d, "gm")
    assert ("roll-off h", (6,)) in gm_dice and ("roll-off k", (2,)) in gm_dice
    assert any("Hood 9 (rolled 3) (roll-off 6)" in w for w in gm_words)


@pytest.mark.rules("WD-NPC-003", "WD-COMBAT-017", "WD-COMBAT-019")
def test_hidden_npcs_attack__players_see_its_total_and_outcome_never_its_dice_or_modifier() -> None:
    d = table()
    add(d, "ann", sheet("vic", "Vic", athletics=3, wits=3))
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5, athletics=1, dexterity=1), hidden=True)
    d.do("gm", "start_combat", dice=[6, 1])  # Vic 12, Brute 3
    d.do("ann", "end_turn", character="vic")
    before = len(d.table.log_view(d.table.viewer_for("ann")))
    d.do("gm", "attack", character="brute", target="vic", dice=[4])  # 4 + 2 (Brawn 5) = 6 vs DS 4
    entries = d.table.log_view(d.table.viewer_for("ann"))[before:]
    words = [e.description.text for e in entries]
    assert "Brute attacks Vic (lesser bash) vs defense 4: 6; it hits; Vic may dodge or block." in words
    assert not any("+2" in w or "[4]" in w for w in words)
    assert not any(r.purpose == "attack" for e in entries for r in e.description.rolls)
    events = [e.event.model_dump(mode="json") for e in entries]
    assert not any(e["type"] == "weaverdice.attack_rolled" for e in events)
    assert not any("check" in e["data"] for e in events)
    # the reaction prompt still gives the total Vic must beat (it is the outcome, not the NPC's numbers)
    assert d.prompt("ann", "reaction").context["attack_total"] == 6
    # the GM reads the whole roll
    gm_words = [e.description.text for e in d.table.log_view(Viewer.gm())]
    assert any("[4] +2 = 6; 6 vs 4+: success; it hits" in w for w in gm_words)
    # the fight goes on as before: Vic takes it and the wound lands
    d.answer("ann", "react-vic", "take", dice=[1])
    assert len(d.state.people["vic"].track.wounds) == 1


@pytest.mark.rules("WD-NPC-003", "WD-COMBAT-009")
def test_hidden_npcs_power__players_see_each_targets_total_never_its_dice_or_modifier() -> None:
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "bob", sheet("ray", "Ray"))
    chain = {
        "name": "Chain Lightning",
        "classifications": ["blaster"],
        "targeting": "ranged",
        "targets": 3,
        "range_ft": 60,
        "attack_stat": "dexterity",
        "damage": "shock",
        "tier": 1,
        "cost": [{"pool": "stamina", "dots": 1}],
    }
    storm = {**sheet("storm", "Storm", "notable", dexterity=5), "powers": [chain]}
    add(d, "gm", storm, hidden=True)
    d.do("gm", "start_combat", dice=[2, 1, 6])
    before = len(d.table.log_view(d.table.viewer_for("ann")))
    # Dexterity 5 (+2): 3 + 2 = 5 on Vic, 4 + 2 = 6 on Ray
    d.do("gm", "use_power", character="storm", power="chain lightning", targets="vic, ray", dice=[3, 4])
    entries = d.table.log_view(d.table.viewer_for("ann"))[before:]
    words = [e.description.text for e in entries]
    assert any(w.startswith("Storm attacks Vic (lesser shock)") and ": 5; it hits" in w for w in words)
    assert any(w.startswith("Storm attacks Ray (lesser shock)") and ": 6; it hits" in w for w in words)
    assert not any("+2" in w for w in words)
    assert not any(r.purpose == "power" for e in entries for r in e.description.rolls)
    assert d.prompt("ann", "reaction").context["attack_total"] == 5


def _react_to_vic(*, morale: int = 0) -> tuple[Driver, int, int]:
    """Vic (Ann's) hits the hidden notable Brute (Athletics 5: +2): 4 against defense 4.
    Returns the table and how many entries Ann and the GM had before the attack."""
    d = table()
    add(d, "ann", sheet("vic", "Vic", athletics=3, wits=3))
    brute = sheet("brute", "Brute", "notable", brawn=5, athletics=5)
    add(d, "gm", brute, hidden=True, morale=morale)
    d.do("gm", "start_combat", dice=[6, 1])  # Vic 12, Brute 3
    ann = len(d.table.log_view(d.table.viewer_for("ann")))
    gm = len(d.table.log_view(Viewer.gm()))
    d.do("ann", "attack", character="vic", target="brute", dice=[4])
    return d, ann, gm


@pytest.mark.rules("WD-NPC-003", "WD-COMBAT-019", "WD-COMBAT-020")
def test_hidden_npcs_dodge__players_see_its_total_and_outcome_never_its_dice_or_modifier() -> None:
    d, ann_before, gm_before = _react_to_vic()
    d.answer("gm", "react-brute", "dodge", dice=[1, 1])  # 1 + 2 = 3 against 4: the hit lands
    words, dice, events = _seen(d, "ann")
    words, dice, events = words[ann_before:], dice, events[ann_before:]
    assert "Brute tries to dodge: 3; Brute fails to dodge." in words
    assert not any("+2" in w or "[1]" in w for w in words)
    assert not any(p == "dodge" for p, _ in dice)
    assert not any(e["type"] == "weaverdice.reacted" for e in events)
    seen = next(e for e in events if e["type"] == "weaverdice.reaction_seen")
    assert seen["data"] == {
        "character": "brute",
        "name": "Brute",
        "reaction": "dodge",
        "total": 3,
        "held": False,
        "waits": False,
    }
    assert not any(e["data"].get("character") == "brute" and "check" in e["data"] for e in events)
    gm_words, gm_dice, _ = _seen(d, "gm")
    assert "Brute tries to dodge: [1] +2 = 3; 3 vs 4+: failure; Brute fails to dodge." in gm_words[gm_before:]
    assert ("dodge", (1,)) in gm_dice
    # what happens is the same: the hit lands on Brute
    assert len(d.state.people["brute"].track.wounds) == 1


@pytest.mark.rules("WD-NPC-003", "WD-COMBAT-021", "WD-MORALE-003")
def test_hidden_npcs_block_bought_up_with_morale__players_see_totals_never_its_roll() -> None:
    d, ann_before, _ = _react_to_vic(morale=3)
    d.answer("gm", "react-brute", "block", dice=[2])  # 2 + 2 (Brawn 5) = 4: holds at once
    words = _seen(d, "ann")[0][ann_before:]
    # Vic, the melee attacker acting now, is delayed a place next round (WD-COMBAT-021): the words say so
    assert (
        "Brute tries to block: 4; Brute blocks: the damage is superficial, and Vic's next turn comes one"
        " place later." in words
    )
    d2, ann_before, _ = _react_to_vic(morale=3)
    d2.answer("gm", "react-brute", "dodge", dice=[1])  # 3 against 4: morale may still make it hold
    assert d2.table.seen_state(d2.table.viewer_for("ann"))["attack"]["reaction_roll"] is None
    assert d2.table.seen_state(Viewer.gm())["attack"]["reaction_roll"]["modifier"] == 2
    d2.answer("gm", "react-morale-brute", "spend_morale")
    words, _, events = _seen(d2, "ann")
    words, events = words[ann_before:], events[ann_before:]
    short = "Brute tries to dodge: 3; Brute falls short so far (the GM decides whether the dodge holds)."
    assert short in words
    assert "Brute tries to dodge: 5; Brute dodges and may step 5 ft." in words
    assert not any(e["type"] in ("weaverdice.morale_spent", "weaverdice.reacted") for e in events)
    assert not any("+2" in w or "[1]" in w or "morale" in w.lower() for w in words)
    assert d2.state.attack is None and not d2.state.people["brute"].track.wounds


@pytest.mark.rules("WD-NPC-003", "WD-COMBAT-020")
def test_a_visible_npcs_dodge__still_shows_its_dice() -> None:
    d = table()
    add(d, "ann", sheet("vic", "Vic", athletics=3, wits=3))
    add(d, "gm", sheet("brute", "Brute", "notable", athletics=5))
    d.do("gm", "start_combat", dice=[6, 1])
    d.do("ann", "attack", character="vic", target="brute", dice=[4])
    d.answer("gm", "react-brute", "dodge", dice=[5])
    words, dice, _ = _seen(d, "ann")
    assert any(w.startswith("Brute tries to dodge: [5] +2 = 7") for w in words)
    assert ("dodge", (5,)) in dice


def _hidden_thug_falls(morale: int = 0) -> tuple[Driver, int, int]:
    """Ann's Vic fills a hidden notable's two wound slots; its Guts 2 (-1) stay-up roll, d=1, fails."""
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=5))
    thug = sheet("thug", "Thug", "notable", guts=2, athletics=1, dexterity=1)
    add(d, "gm", thug, hidden=True, morale=morale)
    d.do("gm", "start_combat", dice=[6, 1])
    d.do("gm", "attack", character="vic", target="thug", damage="cut", dice=[6])
    d.answer("gm", "react-thug", "take", dice=[1])  # lesser cut, effect 1: none
    ann_before = len(d.table.log_view(d.table.viewer_for("ann")))
    gm_before = len(d.table.log_view(d.table.viewer_for("gm")))
    d.do("gm", "attack", character="vic", target="thug", damage="cut", dice=[6])
    d.answer("gm", "react-thug", "take", dice=[1, 1])  # full: Guts 2 at -1, d=1: 0 < 3, unconscious
    return d, ann_before, gm_before


@pytest.mark.rules("WD-NPC-003", "WD-WOUND-005")
def test_hidden_npcs_stay_up__players_see_how_it_stands_never_its_roll() -> None:
    d, ann_before, gm_before = _hidden_thug_falls()
    assert d.state.people["thug"].track.standing.value == "unconscious"
    words, dice, events = _seen(d, "ann")
    words, events = words[ann_before:], events[ann_before:]
    assert "Thug tries to stay up: Thug is unconscious." in words
    assert not any("Guts" in w or "vs 3+" in w for w in words), words
    assert not any(p == "stay_up" for p, _ in dice)
    assert not any(e["type"] == "weaverdice.stayed_up" for e in events)
    assert not any(e["data"].get("character") == "thug" and e["data"].get("check") for e in events)
    gm_words, gm_dice, _ = _seen(d, "gm")
    assert any(w.startswith("Thug rolls Guts to stay up: [1]") for w in gm_words[gm_before:])
    assert ("stay_up", (1,)) in gm_dice


@pytest.mark.rules("WD-NPC-003", "WD-MORALE-003")
def test_hidden_npcs_stay_up_bought_with_morale__players_see_it_stand_never_the_morale() -> None:
    d, ann_before, _ = _hidden_thug_falls(morale=2)
    words = _seen(d, "ann")[0][ann_before:]
    waiting = "Thug tries to stay up: Thug is unconscious so far (the GM decides whether morale carries it)."
    assert waiting in words
    d.do("gm", "spend_morale", character="thug")
    assert d.state.people["thug"].track.standing.value == "up"
    words, _, events = _seen(d, "ann")
    assert words[-1] == "Thug tries to stay up: Thug is up."
    assert not any(e["type"] == "weaverdice.morale_spent" for e in events[ann_before:])
    assert not any("morale" in e["data"] for e in events[ann_before:] if e["data"].get("character") == "thug")


@pytest.mark.rules("WD-NPC-003", "WD-WFX-021")
def test_hidden_npcs_shock_drain__players_see_the_effect_take_hold_never_its_guts_roll_or_points() -> None:
    # src 770-772: a Moderate Shock 5-6 makes the target roll Guts and lose 10 - result points. For a
    # hidden NPC that die, and the points it drained, would tell the players its Guts (WD-NPC-003).
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=5))
    add(d, "gm", sheet("brute", "Brute", "notable"), hidden=True)
    d.do("gm", "start_combat", dice=[6, 1])
    ann_before, gm_before = len(_seen(d, "ann")[0]), len(_seen(d, "gm")[0])
    d.do("gm", "attack", character="vic", target="brute", tier="moderate", damage="shock", dice=[6])
    d.answer("gm", "react-brute", "take", dice=[5])  # effect 5: the drain
    d.do("gm", "effect_choice", character="brute", key="negate", picks=[], dice=[4])  # Guts 4: 6 points
    picks = ["brawn", "brawn", "athletics", "athletics", "dexterity", "dexterity"]
    d.do("gm", "effect_choice", character="brute", key="drain.1", picks=picks)
    # what happens is the same as for any NPC
    assert d.state.people["brute"].temporary_loss == {Stat.BRAWN: 2, Stat.ATHLETICS: 2, Stat.DEXTERITY: 2}
    words, dice, events = _seen(d, "ann")
    words, events = words[ann_before:], events[ann_before:]
    assert "The moderate shock effect on Brute (rolled 5) waits for the GM's roll and decision." in words
    assert words[-1] == "The moderate shock effect on Brute (rolled 5) takes hold; the GM rolled for Brute."
    assert not any("drained" in w or "brawn" in w for w in words), words
    assert not any(p.startswith("guts") for p, _ in dice)
    assert not any(e["type"] == "weaverdice.effect_resolved" for e in events)
    assert not any("guts.1" in str(e["data"]) or "stat_losses" in str(e["data"]) for e in events)
    gm_words, gm_dice, _ = _seen(d, "gm")
    assert ("guts.1", (4,)) in gm_dice
    assert any("-2 brawn (drained)" in w for w in gm_words[gm_before:])


@pytest.mark.rules("WD-NPC-003", "WD-WFX-021")
def test_a_visible_npcs_shock_drain__still_shows_its_guts_roll() -> None:
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=5))
    add(d, "gm", sheet("brute", "Brute", "notable"))
    d.do("gm", "start_combat", dice=[6, 1])
    d.do("gm", "attack", character="vic", target="brute", tier="moderate", damage="shock", dice=[6])
    d.answer("gm", "react-brute", "take", dice=[5])
    d.do("gm", "effect_choice", character="brute", key="negate", picks=[], dice=[4])
    words, dice, _ = _seen(d, "ann")
    assert ("guts.1", (4,)) in dice
    assert "the 6 drained points" in words[-1]


@pytest.mark.rules("WD-NPC-003", "WD-WFX-004")
def test_hidden_npcs_recovery__players_never_see_it_asked_to_spend_a_dot_on_an_effect() -> None:
    # src 394/"Recovery ... ignore a lesser or moderate effect" (WD-WFX-004) is asked only of one with
    # a dot left; for a hidden NPC the question alone would tell the players its effort (WD-NPC-003)
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=5))
    add(d, "gm", sheet("brute", "Brute", "notable"), hidden=True)
    d.do("gm", "start_combat", dice=[6, 1])
    ann_before = len(_seen(d, "ann")[0])
    d.do("ann", "attack", character="vic", target="brute", tier="lesser", damage="bash", dice=[6])
    d.answer("gm", "react-brute", "take", dice=[3])
    gm_words = _seen(d, "gm")[0]
    assert any("Recovery" in w for w in gm_words), gm_words  # the GM is asked, as before
    d.do("gm", "effect_choice", character="brute", key="negate", picks=["recovery"])
    words, _, events = _seen(d, "ann")
    words, events = words[ann_before:], events[ann_before:]
    assert "The lesser bash effect on Brute (rolled 3) waits for the GM's decision." in words
    assert words[-1] == "The lesser bash effect on Brute (rolled 3) does not take hold."
    assert not any("Recovery" in w or "recovery" in w for w in words), words
    assert not any(e["type"] in ("weaverdice.effect_asked", "weaverdice.effect_resolved") for e in events)
    assert not any("recovery" in str(e["data"]).lower() for e in events)


@pytest.mark.rules("WD-NPC-003", "WD-WFX-004")
def test_a_visible_npc_is_still_asked_about_recovery_in_the_open() -> None:
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=5))
    add(d, "gm", sheet("brute", "Brute", "notable"))
    d.do("gm", "start_combat", dice=[6, 1])
    d.do("ann", "attack", character="vic", target="brute", tier="lesser", damage="bash", dice=[6])
    d.answer("gm", "react-brute", "take", dice=[3])
    words = _seen(d, "ann")[0]
    assert any("Recovery" in w for w in words), words


def _players_after(d: Driver, before: int) -> tuple[list[str], list[str], list[dict[str, Any]]]:
    """A player's new log lines since ``before``: words, the purposes of the dice beside them, events."""
    entries = d.table.log_view(d.table.viewer_for("ann"))[before:]
    words = [e.description.text for e in entries]
    purposes = [r.purpose for e in entries for r in e.description.rolls]
    return words, purposes, [e.event.model_dump(mode="json") for e in entries]


@pytest.mark.rules("WD-NPC-003", "WD-COMBAT-032")
def test_hidden_npcs_rest__players_see_that_it_rests_and_what_it_sheds_never_its_guts_roll() -> None:
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("h", "Hood", "notable", guts=4), hidden=True)
    d.do("gm", "start_combat", dice=[1, 6])  # Hood first
    before = len(d.table.log_view(d.table.viewer_for("ann")))
    d.do("gm", "rest", character="h", dice=[5])  # Guts 4 (+1): 5 + 1 = 6
    words, purposes, events = _players_after(d, before)
    assert "Hood rests." in words
    assert not any("Guts" in w or "[5]" in w or "restores" in w for w in words)
    assert "rest" not in purposes
    assert not any(e["type"] == "weaverdice.rested" for e in events)
    assert not any("check" in e["data"] or "restored" in e["data"] for e in events)
    # the GM reads the whole rest, roll and all
    gm_words = [e.description.text for e in d.table.log_view(Viewer.gm())]
    assert any(w.startswith("Hood rests; Guts [5] +1 = 6") for w in gm_words)


@pytest.mark.rules("WD-NPC-003", "WD-MOVE-005")
def test_hidden_npcs_sprint__players_see_how_far_it_runs_never_its_athletics_die() -> None:
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("h", "Hood", "notable", athletics=4), hidden=True)
    d.do("gm", "start_combat", dice=[1, 6])
    before = len(d.table.log_view(d.table.viewer_for("ann")))
    d.do("gm", "move", character="h", feet=40, sprint=True, dice=[6])
    feet = d.state.fight.turn.moved if d.state.fight and d.state.fight.turn else 0
    assert feet > 0
    words, purposes, events = _players_after(d, before)
    assert f"Hood sprints {feet} ft." in words
    assert "sprint" not in purposes
    assert not any(e["type"] == "weaverdice.action_taken" for e in events)
    gm = d.table.log_view(Viewer.gm())
    assert any(r.purpose == "sprint" and r.faces == (6,) for e in gm for r in e.description.rolls)


@pytest.mark.rules("WD-NPC-003", "WD-MORALE-003", "WD-COMBAT-033")
def test_hidden_npcs_rest_bought_up_with_morale__players_never_see_its_morale() -> None:
    """src 453: a high morale step sets a failed rest roll to 2 + k. Hood's morale is the GM's: the
    players read that Hood's rest shed what it shed, never the step spent or the morale left."""
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("h", "Hood", "notable", guts=3), hidden=True)
    d.do("gm", "start_combat", dice=[1, 6])
    d.do("gm", "ruling", character="h", text="Riding high", morale=2)
    d.do("gm", "rest", character="h", dice=[1])  # 1 vs 4: failed; morale +2 may buy it up to 4
    assert d.state.chances["h"].kind == "rest"
    before = len(d.table.log_view(d.table.viewer_for("ann")))
    d.do("gm", "spend_morale", character="h")
    assert d.state.people["h"].morale == 1
    words, _, events = _players_after(d, before)
    assert "Hood rests." in words
    assert not any("morale" in w.lower() for w in words)
    assert not any(e["type"] in ("weaverdice.morale_spent", "weaverdice.rested") for e in events)
    gm_words = [e.description.text for e in d.table.log_view(Viewer.gm())]
    assert any("spends a step of morale" in w for w in gm_words)


@pytest.mark.rules("WD-NPC-003", "WD-MORALE-003")
def test_hidden_npcs_morale_on_a_secret_check__stays_the_gms() -> None:
    """src 453: a high morale step sets the last roll to 2 + k. Hood's check was called in secret and
    its morale is the GM's: the step spent on it, with the total it sets, reaches no player."""
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("h", "Hood", "notable", athletics=3), hidden=True)
    d.do("gm", "ruling", character="h", text="Riding high", morale=2)
    d.do("gm", "call_check", character="h", stat="athletics", tn=4, hidden=True)
    d.do("gm", "check", character="h", call=1, dice=[1])
    before = len(d.table.log_view(d.table.viewer_for("ann")))
    d.do("gm", "spend_morale", character="h")
    assert d.state.people["h"].morale == 1
    words, _, events = _players_after(d, before)
    assert not any("morale" in w.lower() for w in words)
    assert not any(e["type"] == "weaverdice.morale_spent" for e in events)


@pytest.mark.rules("WD-NPC-003", "WD-MORALE-003", "WD-COMBAT-019")
def test_hidden_npcs_morale_on_a_missed_attack__players_hear_the_new_total_never_the_step() -> None:
    """src 453: a step of high morale turns Hood's miss (1 + 0 = 1 vs 4) into a 4 that hits. The players
    hear that the attack now hits with 4 and Vic may answer it; never Hood's dice, modifier or morale."""
    d = table()
    add(d, "ann", sheet("vic", "Vic", athletics=3, wits=3))
    add(d, "gm", sheet("h", "Hood", "notable", brawn=3), hidden=True)
    d.do("gm", "start_combat", dice=[1, 6])
    d.do("gm", "ruling", character="h", text="Riding high", morale=2)
    d.do("gm", "attack", character="h", target="vic", dice=[1])
    assert d.state.chances["h"].kind == "attack"
    before = len(d.table.log_view(d.table.viewer_for("ann")))
    d.do("gm", "spend_morale", character="h")
    words, purposes, events = _players_after(d, before)
    assert "Hood attacks Vic (lesser bash) vs defense 4: 4; it hits; Vic may dodge or block." in words
    assert "attack" not in purposes
    assert not any("morale" in w.lower() or "[1]" in w for w in words)
    assert not any(e["type"] in ("weaverdice.morale_spent", "weaverdice.attack_rolled") for e in events)
    assert d.prompt("ann", "reaction").context["attack_total"] == 4


def _pained_hood_rests(hidden: bool) -> Driver:
    """Hood (notable, Guts 2) in Physical Pain acts first and rests: Guts [1] + 0 = 1 fails (src 1004),
    a failed roll that Physical Pain touches (src 822, 826): a price is owed."""
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("h", "Hood", "notable", guts=2), hidden=hidden)
    d.do("gm", "start_combat", dice=[1, 6])  # Hood first
    people = dict(d.state.people)
    hood = people["h"]
    people["h"] = hood.model_copy(
        update={"conditions": (*hood.conditions, condition(Status.PAINED_PHYSICAL, "h"))}
    )
    d.patch(people=people)
    return d


@pytest.mark.rules("WD-NPC-003", "WD-STATUS-002", "WD-STATUS-003")
def test_hidden_npcs_pained_failure__players_never_hear_that_its_roll_failed_or_the_price() -> None:
    """src 822: a pained character who fails a roll pays a price; Hood's rest roll is the GM's (the
    players see only "Hood rests", WD-NPC-003), so the failure it owes for, and the morale step paid
    for it, stay the GM's too. Before: "Hood fails in pain (...): a price is owed." reached the players."""
    d = _pained_hood_rests(hidden=True)
    before = len(d.table.log_view(d.table.viewer_for("ann")))
    d.do("gm", "rest", character="h", dice=[1])
    assert "h" in d.state.pain_owed
    assert "h" not in d.table.seen_state(d.table.viewer_for("ann"))["pain_owed"]
    d.do("gm", "pain_choice", character="h", choice="morale")
    words, _, events = _players_after(d, before)
    assert "Hood rests." in words
    assert not any("pain" in w.lower() for w in words)
    assert not any(e["type"] in ("weaverdice.pain_due", "weaverdice.pain_paid") for e in events)
    gm_words = [e.description.text for e in d.table.log_view(Viewer.gm())]
    assert any(w.startswith("Hood fails in pain") for w in gm_words)
    assert any(w.startswith("Hood pays for the pain") for w in gm_words)


@pytest.mark.rules("WD-STATUS-002", "WD-STATUS-003")
def test_a_visible_npcs_pained_failure__is_still_heard_by_all() -> None:
    d = _pained_hood_rests(hidden=False)
    before = len(d.table.log_view(d.table.viewer_for("ann")))
    d.do("gm", "rest", character="h", dice=[1])
    d.do("gm", "pain_choice", character="h", choice="morale")
    words = _players_after(d, before)[0]
    assert any(w.startswith("Hood fails in pain") for w in words)
    assert any(w.startswith("Hood pays for the pain") for w in words)


@pytest.mark.rules("WD-NPC-003", "WD-EFFORT-009", "WD-EFFORT-010")
def test_hidden_npcs_exhausted_dot__players_never_hear_which_pool() -> None:
    """src 409: after the fight's lull spent effort comes back but one exhausted dot, the owner's pick;
    Hood's effort is the GM's (WD-NPC-003), so the Stamina dot the GM keeps exhausted reaches no player.
    Before: "Hood's effort comes back, but one Stamina dot is exhausted ..." was public."""
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("h", "Hood", "notable"), hidden=True)
    d.do("gm", "start_combat", dice=[1, 6])  # Hood first
    d.do("gm", "move", character="h", feet=10, push=True, dice=[2])  # a Stamina push (src 380)
    d.do("gm", "end_combat", lull=True)
    before = len(d.table.log_view(d.table.viewer_for("ann")))
    d.do("gm", "exhaust", character="h", pool="stamina")
    words, _, events = _players_after(d, before)
    assert not any("exhausted" in w or "Stamina" in w for w in words)
    assert not any(e["type"] == "weaverdice.exhausted" for e in events)
    gm_words = [e.description.text for e in d.table.log_view(Viewer.gm())]
    assert any("one Stamina dot is exhausted" in w for w in gm_words)
    assert d.replayed().state == d.state
