"""Reputation, negotiation and followers at the table (WD-REP, WD-SOCIAL, WD-FOLLOW)."""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from capeworks.errors import InvalidCommand
from capeworks.systems.weaverdice.vocab import Stat
from tests.systems.weaverdice.campaign_support import camp, pc, seen_by
from tests.systems.weaverdice.helpers import table


def cards(d: Driver, ident: str) -> list[str]:
    return [x.source for x in camp(d).ledgers[ident].rep if not x.negative]


def talks(d: Driver, negotiation: str = "n", **more: object) -> None:
    """Talks with the Teeth; each negotiator rolls once in a negotiation (src 291), so a new round is a
    new negotiation."""
    d.do("gm", "open_negotiation", negotiation=negotiation, party="Teeth", **more)


@pytest.mark.rules(
    "WD-REP-002", "WD-REP-003", "WD-REP-015", "WD-SOCIAL-002", "WD-SOCIAL-003", "WD-SOCIAL-004"
)
def test_rep_buys_extra_dice_at_1_3_6_cards_and_general_rep_is_spent() -> None:
    d = table()
    pc(d, "ann", "ada", "Ada")
    for s in ("a", "b", "c", "d"):
        d.do("gm", "award", character="ada", rep=s)
    talks(d, relationship=-1, offer=2)
    d.refuse("ann", "negotiate", character="ada", negotiation="n", cards=[1, 2], rule="WD-REP-003")
    # 3 cards: +2 dice, keep the best; Social 3 + wary -1 + a good offer +2: 2 + 1 = 3 < 4
    d.do("ann", "negotiate", character="ada", negotiation="n", cards=[1, 2, 3], dice=[1, 2, 2])
    assert "no deal" in d.words("ann")[-1]
    assert cards(d, "ada") == ["d"]  # general rep is consumed
    talks(d, "n2", relationship=-1, offer=2)  # the next round of talks
    d.do("ann", "negotiate", character="ada", negotiation="n2", cards=[4], dice=[1, 3])  # 3 + 1 = 4
    assert camp(d).negotiations["n2"].outcome == "agreed"
    with pytest.raises(InvalidCommand):
        d.do("gm", "open_negotiation", negotiation="m", party="x", relationship=4)  # the ladder is -3..+3


@pytest.mark.rules("WD-REP-005", "WD-FOLLOW-009", "WD-REP-002")
def test_exclusive_rep_is_kept_on_4_then_marked_needs_6_and_journalists_help() -> None:
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do("gm", "award", character="ada", rep="saved a Teeth cape", exclusive="Teeth")
    d.do("gm", "award", character="ada", rep="Bo's deed", owners=["Bo"])
    d.do("gm", "award", character="ada", rep="Undersiders' favour", exclusive="Undersiders")
    talks(d)
    d.refuse("ann", "negotiate", character="ada", negotiation="n", cards=[2], rule="WD-REP-002")
    d.refuse("ann", "negotiate", character="ada", negotiation="n", cards=[3], rule="WD-REP-006")
    # roll 2 dice (5, 1), then the keep roll 4: kept and marked
    d.do("ann", "negotiate", character="ada", negotiation="n", cards=[1], dice=[5, 1, 4])
    card = camp(d).ledgers["ada"].rep[0]
    assert (card.source, card.marked) == ("saved a Teeth cape", True)
    # a marked card needs 6+: 5 + a Journalist's +1 = 6 keeps it
    d.do("gm", "award", character="ada", eligible="journalist")
    d.do("ann", "gain_follower", character="ada", kind="journalist", dice=[3])
    talks(d, "n2")
    d.do("ann", "negotiate", character="ada", negotiation="n2", cards=[1], dice=[5, 1, 5])
    assert "saved a Teeth cape" in cards(d, "ada")
    talks(d, "n3")
    d.do("ann", "negotiate", character="ada", negotiation="n3", cards=[1], dice=[5, 1, 4])  # 5 < 6: lost
    assert "saved a Teeth cape" not in cards(d, "ada")


@pytest.mark.rules("WD-REP-004")
def test_rep_after_a_failed_roll_adds_dice_kept_with_the_first() -> None:
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do("gm", "award", character="ada", rep="a")
    talks(d)
    d.refuse("ann", "rep_after", character="ada", negotiation="n", cards=[1], rule="WD-REP-004")
    d.do("ann", "negotiate", character="ada", negotiation="n", dice=[3])
    d.do("ann", "rep_after", character="ada", negotiation="n", cards=[1], dice=[5])
    assert camp(d).negotiations["n"].outcome == "agreed"
    assert cards(d, "ada") == []


@pytest.mark.rules("WD-SOCIAL-005", "WD-SOCIAL-007", "WD-SOCIAL-008", "WD-REP-009", "WD-REP-012")
def test_a_catastrophic_negotiator_burdens_the_next_and_cited_negative_rep_takes_one() -> None:
    d = table()
    pc(d, "ann", "ada", "Ada")
    pc(d, "bob", "bo", "Bo", social=4)
    talks(d, relationship=2)
    d.do("ann", "negotiate", character="ada", negotiation="n", dice=[1])  # 1 + 2 = 3: missed by 1
    assert camp(d).negotiations["n"].penalty == 0
    d.do("gm", "open_negotiation", negotiation="m", party="PRT", relationship=-2)
    d.do("ann", "negotiate", character="ada", negotiation="m", dice=[4])  # 4 - 2 = 2: catastrophic
    assert camp(d).negotiations["m"].penalty == 1
    d.do("gm", "give_negative", character="bo", source="shot a guard")
    d.do("gm", "cite_negative", character="bo", card=1)
    # Bo: 4 + 1 - 2 - 1 (catastrophe) - 1 (cited) = 1
    d.do("bob", "negotiate", character="bo", negotiation="m", dice=[4])
    assert "Social 1 " in d.words("bob")[-1]
    for _ in range(3):  # cited four times: retired (default 4)
        d.do("gm", "cite_negative", character="bo", card=1)
    assert [x for x in camp(d).ledgers["bo"].rep if x.negative] == []


@pytest.mark.rules("WD-REP-010", "WD-REP-013", "WD-REP-009")
def test_unwitnessed_gun_use_is_secret_negative_rep_and_three_cards_escalate() -> None:
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do("gm", "give_negative", character="ada", source="fired at a guard unseen", witnessed=False)
    assert "fired at a guard unseen" not in seen_by(d, "ann")
    assert "fired at a guard unseen" in seen_by(d, "gm")
    d.do("gm", "give_negative", character="ada", source="shot at a hero")
    d.do("gm", "give_negative", character="ada", source="shot at police")
    assert "enemies may freely use guns" in seen_by(d, "gm")
    assert "enemies may freely use guns" not in seen_by(d, "ann")  # the third card is secret to her


@pytest.mark.rules("WD-REP-007", "WD-REP-008", "WD-FOLLOW-010", "WD-FOLLOW-004")
def test_rep_over_the_cap_is_discarded_at_days_end_and_costume_icons_give_rep() -> None:
    d = table()
    costume = {"pieces": [{"key": "icon", "cell": [0, 0]}]}
    pc(d, "ann", "ada", "Ada", social=2, costume=costume)
    for s in ("a", "b"):
        d.do("gm", "award", character="ada", rep=s)
    d.do("gm", "start_downtime")
    # the cap is Social 2: two held at the day's end, none over; the icon's card comes for tomorrow
    d.do("gm", "end_downtime")
    assert cards(d, "ada") == ["a", "b", "costume"] and not camp(d).discards
    d.do("gm", "start_downtime")
    d.do("gm", "end_downtime")  # three kept through the day: one over; another card for tomorrow
    prompt = d.prompt("ann", "discard_rep")
    d.answer("ann", prompt.id, "1")
    assert cards(d, "ada") == ["b", "costume", "costume"]
    assert not camp(d).discards
    # letting rep expire meets a Fan's criteria: Social 2 roll must beat 0 Fans held
    d.do("ann", "gain_follower", character="ada", kind="fan", dice=[1])  # 1 - 1 = 0 < 1
    assert camp(d).ledgers["ada"].followers == {}
    d.refuse("ann", "gain_follower", character="ada", kind="fan", rule="WD-FOLLOW-002")


@pytest.mark.rules(
    "WD-FOLLOW-001",
    "WD-FOLLOW-002",
    "WD-FOLLOW-003",
    "WD-FOLLOW-004",
    "WD-FOLLOW-006",
    "WD-FOLLOW-010",
    "WD-FOLLOW-005",
)
def test_journalists_need_a_roll_above_those_held_and_a_tapped_fan_loses_its_passive() -> None:
    """WX-31 (src 1355): three Journalists held, a fourth needs 4+; WX-32: Social 3 -> cap 6."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    for n, face in enumerate((2, 3, 4, 3)):
        d.do("gm", "award", character="ada", eligible="journalist")
        d.do("ann", "gain_follower", character="ada", kind="journalist", dice=[face])
        assert camp(d).ledgers["ada"].followers["journalist"] == min(n + 1, 3)
    for _ in range(3):
        d.do("gm", "award", character="ada", eligible="fan")
        d.do("ann", "gain_follower", character="ada", kind="fan", dice=[6])
    assert sum(camp(d).ledgers["ada"].followers.values()) == 6
    d.do("gm", "award", character="ada", eligible="fan")
    d.refuse("ann", "gain_follower", character="ada", kind="fan", rule="WD-FOLLOW-006")
    d.refuse("gm", "award", character="ada", eligible="butler", rule="WD-FOLLOW-002")
    d.do("ann", "tap_follower", character="ada", kind="fan", use="rep")
    ledger = camp(d).ledgers["ada"]
    assert ledger.rep[-1].consumable and ledger.active("fan", 1) == 2 and ledger.active("fan", 2) == 2
    assert ledger.active("fan", 3) == 3  # back after the next phase
    d.refuse("ann", "tap_follower", character="ada", kind="fan", use="four", rule="WD-FOLLOW-002")


@pytest.mark.rules("WD-FOLLOW-011", "WD-CRAFT-011", "WD-FOLLOW-007", "WD-RECRUIT-016")
def test_a_craftsman_turns_a_bad_roll_into_a_4_and_an_over_cap_follower_leaves_when_tapped() -> None:
    d = table()
    pc(d, "ann", "ada", "Ada", social=1, money=100)  # follower cap 2
    for kind in ("craftsman", "fan"):
        d.do("gm", "award", character="ada", eligible=kind)
        d.do("ann", "gain_follower", character="ada", kind=kind, dice=[6])
    d.do("gm", "start_downtime")
    d.do("gm", "start_craft", character="ada", project="p", item="mask", tier="low")
    d.do("ann", "craft", character="ada", project="p", rolls=2, dice=[5, 1])
    d.do("ann", "tap_follower", character="ada", kind="craftsman", use="four", project="p")
    assert camp(d).projects["p"].rolls == (5, 4)
    d.do("ann", "recruit", character="ada", recruitment="r", dice=[1])
    # the GM's call: Ada's Social drops, her followers are now over the cap of 0
    d.do("gm", "award", character="ada", eligible="fan")
    d.patch(
        sheets={**d.state.sheets, "ada": d.state.sheets["ada"].model_copy(update={"stats": {Stat.SOCIAL: 0}})}
    )
    d.do("ann", "tap_follower", character="ada", kind="fan", use="candidate", recruitment="r")
    assert camp(d).recruitments["r"].openings == 1
    assert camp(d).ledgers["ada"].followers == {"craftsman": 1}  # tapped once, then gone


@pytest.mark.rules("WD-FOLLOW-010", "WD-FOLLOW-009", "WD-FOLLOW-005")
def test_fans_give_rep_for_the_downtime_and_a_journalist_helps_keep_rep_spent_today() -> None:
    d = table()
    pc(d, "ann", "ada", "Ada")
    for kind in ("fan", "fan", "journalist"):
        d.do("gm", "award", character="ada", eligible=kind)
        d.do("ann", "gain_follower", character="ada", kind=kind, dice=[6])
    d.do("gm", "award", character="ada", rep="stopped a robbery")
    d.do("gm", "start_downtime")
    assert cards(d, "ada") == ["stopped a robbery", "fans", "fans"]  # +1 per Fan, this downtime only
    talks(d)
    d.do("ann", "negotiate", character="ada", negotiation="n", cards=[1], dice=[6, 1])
    d.refuse("ann", "downtime_action", character="ada", action="self_promote", card=2, rule="WD-FOLLOW-009")
    # self-promoting: d6 + 1 Journalist against 7+
    d.do("ann", "downtime_action", character="ada", action="self_promote", card=1, dice=[6])
    assert cards(d, "ada") == ["fans", "fans", "stopped a robbery"]
    d.do("gm", "end_downtime")
    assert cards(d, "ada") == ["stopped a robbery"]  # the Fans' rep is for the downtime only
