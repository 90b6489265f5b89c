"""Known faults of the Weaverdice campaign layer, each played at the table with given dice from the seed
(``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited "src N"): the referee's situation first, then the
table's answer."""

from __future__ import annotations

import json
from typing import Any

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.vocab import WoundTier
from capeworks.systems.weaverdice.wounds import Wound
from tests.systems.weaverdice.campaign_support import camp, pc
from tests.systems.weaverdice.helpers import add, sheet, table


def vic_hurt(morale: int) -> Driver:
    """Vic (Guts 3, Ann's) acting first against the brute, at a morale step, with two plain lesser wounds."""
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5))
    d.do("gm", "start_combat", dice=[6, 1])
    d.do("gm", "ruling", character="vic", text="Riding high", morale=morale)
    people = dict(d.state.people)
    c = people["vic"]
    wounds = (Wound(tier=WoundTier.LESSER, id="w1"), Wound(tier=WoundTier.LESSER, id="w2"))
    people["vic"] = c.model_copy(
        update={"track": c.track.model_copy(update={"wounds": wounds}), "wounds_made": 2}
    )
    d.patch(people=people)
    return d


@pytest.mark.rules("WD-MORALE-003", "WD-COMBAT-033", "WD-EFFORT-005")
def test_a_rest_whose_guts_roll_fails_and_recovery_roll_succeeds_buys_up_the_guts_roll() -> None:
    """src 453, 479: high morale may be spent, a step, to set a roll just made to 2 + k; src 1004 a rest's
    Guts roll may reduce the most minor wound; src 394 the Recovery roll 'shrug[s] off negative
    conditions' only. Vic (morale +2, two lesser wounds, nothing to shrug off) rests asking to reduce and
    spends Recovery: the Guts roll fails (2 against 4), the Recovery roll succeeds (5) and eases nothing.
    The failed Guts roll is his to buy up as any other: 2 + 2 = 4 succeeds and reduces a wound, morale
    +1. Before, no buy-up was offered once the last roll succeeded."""
    d = vic_hurt(2)
    d.do("ann", "rest", character="vic", reduce=True, recovery=True, restore=["focus"], dice=[2, 5])
    assert len(d.state.people["vic"].track.wounds) == 2
    assert d.state.chances["vic"].roll.faces == (2,)
    d.do("ann", "spend_morale", character="vic")
    vic = d.state.people["vic"]
    assert len(vic.track.wounds) == 1 and vic.morale == 1


# --- shared rep cards (src 426-427: one post-it "For players Astronaught and Bomber only") -------------


def live(d: Driver, ident: str) -> list[str]:
    return [c.source for c in camp(d).ledger(ident).rep if not c.negative]


def combo(d: Driver, ident: str) -> Any:
    return next(c for c in camp(d).ledger(ident).rep if c.source == "aerial bombardment combo")


def pair(**more: Any) -> Driver:
    """Astronaught and Bomber (Social 3: rep cap 3), their combo's card awarded to both."""
    d = table()
    pc(d, "ann", "ast", "Astronaught")
    pc(d, "bob", "bom", "Bomber")
    d.do("gm", "award", character="ast", rep="aerial bombardment combo", owners=["Astronaught", "Bomber"])
    return d


@pytest.mark.rules("WD-REP-002", "WD-REP-007")
def test_a_shared_card_discarded_over_the_cap_is_gone_for_both_players() -> None:
    """src 435: at the day's end rep over the cap (Social + milestones: 3) is discarded, the player
    choosing what; src 426-427 the combo card is one post-it between Astronaught and Bomber. Each holds
    it and three deeds: both are one over. Astronaught lets the combo card go: Bomber no longer holds it,
    and with it gone he is at his cap, owing nothing; his excess rep has expired too, which meets a Fan's
    criteria for both (src 1366: 'When excess rep expires'). Before, Bomber kept his copy and still owed
    one."""
    d = pair()
    for who in ("ast", "bom"):
        for i in range(3):
            d.do("gm", "award", character=who, rep=f"deed {i + 1}")
    d.do("gm", "start_downtime")
    d.do("gm", "end_downtime")
    assert camp(d).discards == {"ast": 1, "bom": 1}
    d.do("ann", "discard_rep", character="ast", cards=[combo(d, "ast").id])
    assert live(d, "ast") == live(d, "bom") == ["deed 1", "deed 2", "deed 3"]
    assert camp(d).discards == {}
    assert "fan" in camp(d).ledger("ast").eligible and "fan" in camp(d).ledger("bom").eligible
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-REP-002", "WD-FOLLOW-009")
def test_a_journalist_keeps_a_spent_shared_card_for_both_players() -> None:
    """src 1340: self-promoting, a Journalist may roll to keep a rep spent during the day, 7+, +1 each;
    src 433 general rep is spent when played, and the shared card (src 426-427) went from both when
    Astronaught spent it. Two Journalists and a 5: 7, kept: the card is back for Astronaught and for
    Bomber, still one card between them. Before, only Astronaught had it back."""
    d = pair()
    c = camp(d)
    held = c.ledger("ast").model_copy(update={"followers": {"journalist": 2}})
    d.patch(campaign=c.model_copy(update={"ledgers": {**c.ledgers, "ast": held}}))
    d.do("gm", "start_downtime")
    d.do("gm", "open_negotiation", negotiation="n", party="Mayor", tn=4)
    d.do("ann", "negotiate", character="ast", negotiation="n", cards=[combo(d, "ast").id], dice=[4, 2])
    assert live(d, "ast") == live(d, "bom") == []
    spent = camp(d).ledger("ast").spent[0].id
    d.do("ann", "downtime_action", character="ast", action="self_promote", card=spent, dice=[5])
    assert live(d, "ast") == live(d, "bom") == ["aerial bombardment combo"]
    assert combo(d, "ast").shared == combo(d, "bom").shared
    d.do("bob", "negotiate", character="bom", negotiation="n", cards=[combo(d, "bom").id], dice=[4, 2])
    assert live(d, "ast") == live(d, "bom") == []  # one card: Bomber's play spends it for both


@pytest.mark.rules("WD-REP-002", "WD-INTEL-033")
def test_a_rebrand_takes_a_shared_card_from_both_players() -> None:
    """src 1945: a Rebrand changes the cape's identity and they 'lose all rep'; the combo card (src
    426-427) is one post-it between the two, so when Astronaught rebrands it is gone, Bomber's hand too;
    Bomber's own card stays. Before, Bomber kept a copy of the card Astronaught had lost."""
    d = pair()
    d.do("gm", "award", character="bom", rep="saved the ferry")
    d.do("gm", "start_downtime")
    d.do("ann", "utilize_intel", character="ast", ops=["rebrand"])
    assert live(d, "ast") == []
    assert live(d, "bom") == ["saved the ferry"]
    assert d.replayed().state == d.state


# --- the mini-progression's option 12 (src 178) ----------------------------------------------------------


@pytest.mark.rules("WD-DN-017", "WD-DN-012", "WD-MORALE-005", "WD-MORALE-008")
def test_option_12_raises_the_baseline_for_the_next_social_score_encounters_only() -> None:
    """src 178: 'Boost morale. If your secret identity and civilian relationships are intact, your morale
    baseline rises for [Social] encounters. Over time, morale tends to settle at the baseline.' The
    inventory (WD-DN-017 #12) PROPOSES '+1 baseline for the next Social-score encounters'; src 491 morale
    resets to the baseline after downtime. Ada (Social 3, baseline 0, secure) picks it: the day after,
    she starts at +1; after three fights the lift is spent, and the next day starts at 0 again. Before,
    the baseline rose for good (+1 after the third fight's day)."""
    d = table(config={"campaign": {"progression": "mini"}})
    pc(d, "ann", "ada", "Ada", social=3)
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "award", character="ada", boxes=1)
    d.do("gm", "pick_mini", character="ada", option=12, secure=True)
    assert "for the next 3 encounters" in " ".join(d.words())
    panel = json.dumps([p.model_dump(mode="json") for p in d.table.seen_panels(d.table.viewer_for("ann"))])
    assert "morale lift" in panel and "3 encounters left" in panel  # on Ada's campaign sheet
    d.do("gm", "start_downtime", slots=1)
    d.do("gm", "end_downtime")
    assert d.state.people["ada"].morale == 1  # the raised baseline
    for left in (2, 1, 0):
        d.do("gm", "start_combat", dice=[6])
        d.do("gm", "end_combat")
        assert camp(d).ledger("ada").morale_lift == left
    assert "Ada's raised morale baseline is over." in d.words()
    d.do("gm", "start_downtime", slots=1)
    d.do("gm", "end_downtime")
    assert d.state.people["ada"].morale == 0  # settled back at the sheet's baseline
    assert d.state.sheets["ada"].morale_baseline == 0
    assert d.replayed().state == d.state


# --- a group's shared followers' passives (src 1361) ------------------------------------------------------


def gang(**kinds: int) -> Driver:
    """Ada and Bo, a gang whose shared followers are ``kinds`` (as a campaign in progress has them)."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    pc(d, "bob", "bo", "Bo")
    d.do("gm", "form_group", group="gang", name="The Gang", members=["ada", "bo"], extra=4)
    c = camp(d)
    g = c.groups["gang"].model_copy(update={"followers": kinds})
    d.patch(campaign=c.model_copy(update={"groups": {**c.groups, "gang": g}}))
    return d


@pytest.mark.rules("WD-FOLLOW-008", "WD-FOLLOW-010", "WD-REP-002")
def test_a_gangs_fans_give_the_gang_rep_for_the_phase_that_either_member_plays_for_both() -> None:
    """src 1361: groups have shared followers, their 'Benefits are restricted to organization relevant
    things. Managing reputation by and for the organization'; src 1368 a Fan's passive 'Grants 1
    reputation for downtime phase only'. The Gang's two Fans give the gang two cards for the phase, for
    Ada and Bo both (one post-it between them, src 426-427). A Fan tapped by Bo takes one card from both
    (the passive lost for the rest of the phase and all the next, src 1348); Ada plays the other in a
    negotiation (a 4 on the extra die carries TN 4) and it is spent for both. The next phase gives one
    card, the tapped Fan's passive still out, and the phase's end takes it. Before, the gang's Fans
    gave nothing."""
    d = gang(fan=2)
    d.do("gm", "start_downtime")
    for who in ("ada", "bo"):
        assert live(d, who) == ["the group's fans", "the group's fans"]
    d.do("bob", "tap_follower", character="bo", kind="fan", use="bystanders", group="gang")
    assert live(d, "ada") == live(d, "bo") == ["the group's fans"]
    d.do("gm", "open_negotiation", negotiation="n", party="Mayor", tn=4)
    first = camp(d).ledger("ada").rep[0]
    d.do("ann", "negotiate", character="ada", negotiation="n", cards=[first.id], dice=[1, 4])
    assert camp(d).negotiations["n"].outcome == "agreed"
    assert live(d, "ada") == live(d, "bo") == []
    d.do("gm", "end_downtime")
    d.do("gm", "start_downtime")  # the tapped Fan is out this phase too (src 1348): one card
    assert live(d, "ada") == live(d, "bo") == ["the group's fans"]
    d.do("gm", "end_downtime")
    assert live(d, "ada") == live(d, "bo") == []


@pytest.mark.rules("WD-FOLLOW-008", "WD-FOLLOW-009", "WD-REP-005")
def test_a_gangs_journalists_help_keep_the_gangs_card_not_a_members_own() -> None:
    """src 1361 (the organization's rep only); src 1340 each Journalist 'grants +1 to rolls to keep rep'
    and, self-promoting, 'they may roll to keep a reputation spent during the day, base 7+'. Ada has no
    Journalist of her own; the Gang has two. The Gang's card ('For players Ada and Bo', src 426-427),
    spent today: self-promoting, 5 + 2 = 7 keeps it, for both. Her own card, spent too: the Gang's
    Journalists are no help with it, and she has none, so she is told and nothing changes."""
    d = gang(journalist=2)
    d.do("gm", "award", character="ada", rep="the gang took the docks", owners=["Ada", "Bo"])
    d.do("gm", "award", character="ada", rep="saved a cat")
    d.do("gm", "start_downtime")
    for n, card in zip(("n", "m"), camp(d).ledger("ada").rep, strict=True):
        d.do("gm", "open_negotiation", negotiation=n, party="Mayor", tn=4)
        d.do("ann", "negotiate", character="ada", negotiation=n, cards=[card.id], dice=[1, 2])
    assert live(d, "ada") == live(d, "bo") == []
    spent = {c.source: c.id for c in camp(d).ledger("ada").spent}
    d.refuse(
        "ann",
        "downtime_action",
        character="ada",
        action="self_promote",
        card=spent["saved a cat"],
        rule="WD-FOLLOW-009",
    )
    d.do(
        "ann",
        "downtime_action",
        character="ada",
        action="self_promote",
        card=spent["the gang took the docks"],
        dice=[5],
    )
    assert live(d, "ada") == live(d, "bo") == ["the gang took the docks"]


@pytest.mark.rules("WD-FOLLOW-008", "WD-FOLLOW-010", "WD-FOLLOW-003")
def test_tapping_ones_own_fan_leaves_the_gangs_fan_cards_alone() -> None:
    """src 1348: a tapped follower's passive is lost 'for the rest of the downtime phase'; src 1361 the
    gang's Fans are the gang's. Ada has a Fan of her own and the Gang two: the phase opens with her own
    Fan's card and the Gang's two, held by Bo too. Ada taps her own Fan to bring bystanders: her own
    card goes, the Gang's two stay, for both of them."""
    d = gang(fan=2)
    c = camp(d)
    held = c.ledger("ada").model_copy(update={"followers": {"fan": 1}})
    d.patch(campaign=c.model_copy(update={"ledgers": {**c.ledgers, "ada": held}}))
    d.do("gm", "start_downtime")
    assert sorted(live(d, "ada")) == ["fans", "the group's fans", "the group's fans"]
    d.do("ann", "tap_follower", character="ada", kind="fan", use="bystanders")
    assert live(d, "ada") == live(d, "bo") == ["the group's fans", "the group's fans"]


@pytest.mark.rules("WD-FOLLOW-008", "WD-NPC-003")
def test_a_gang_with_a_hidden_member_deals_its_fans_cards_without_naming_him() -> None:
    """src 1361 with a hidden NPC in the gang: the gang's Fan gives the gang its card for the phase, held
    by the members the players know of and naming only them (the hidden member's membership is the GM's,
    WD-NPC-003), so no card in a player's view says who else is in the gang."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    pc(d, "bob", "bo", "Bo")
    add(d, "gm", sheet("mole", "Mole", "notable"), hidden=True)
    d.do("gm", "form_group", group="gang", name="The Gang", members=["ada", "bo", "mole"])
    c = camp(d)
    g = c.groups["gang"].model_copy(update={"followers": {"fan": 1}})
    d.patch(campaign=c.model_copy(update={"groups": {**c.groups, "gang": g}}))
    d.do("gm", "start_downtime", characters=["ada", "bo", "mole"])
    assert live(d, "ada") == live(d, "bo") == ["the group's fans"]
    assert combo_owners(d, "ada") == ("Ada", "Bo")
    assert live(d, "mole") == []


def combo_owners(d: Driver, ident: str) -> tuple[str, ...]:
    return tuple(camp(d).ledger(ident).rep[0].owners)
