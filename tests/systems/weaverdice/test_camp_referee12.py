"""A referee's campaign situations (pass 12), each written from the seed
(``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited "src N") before playing it at the table with
given dice: a whole downtime of three characters doing different things (crafting, surveillance,
rest and training) read at the end from every seat; what progression gives a sheet (milestones, Fans,
raised caps, boxes) being the GM's to give, never a player's to write on her own sheet; a small intel
grid keeping only its pertinent headings, as the GM names them; and the refusals and secrets a table
meets on the way."""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine import Seat
from capeworks.engine.model import Role
from capeworks.engine.testing import Driver
from capeworks.errors import NotPermitted
from tests.systems.weaverdice.campaign_support import camp, pc, seen_by
from tests.systems.weaverdice.helpers import RS, sheet, table


def said(d: Driver, seat: str) -> str:
    return " ".join(d.words(seat))


# --- (a) what progression gives a sheet is the GM's (src 1168-1231, 1359, 1366-1370) ---------------------


@pytest.mark.rules("WD-PROG-004", "WD-PROG-025", "WD-FOLLOW-010", "WD-STAT-013", "WD-STAT-014", "WD-STAT-011")
@pytest.mark.parametrize(
    ("field", "words"),
    [
        ({"milestones": 2}, "milestones"),
        ({"fans": 6}, "Fans"),
        ({"follower_bonus": 3}, "a raised follower cap"),
        ({"underling_bonus": 2}, "a raised underling cap"),
        ({"learning_boxes": 2}, "Learning a Skill boxes"),
        ({"extra_belt_slots": 1}, "extra belt slots"),
    ],
)
def test_r12_01_a_player_may_not_write_progressions_gains_on_her_own_sheet(
    field: dict[str, int], words: str
) -> None:
    """src 1181/1306: a milestone is taken when its goal is cleared and four boxes are checked, at the
    table with the GM; src 1366-1368: Fans come of rep let go at day's end or lives saved; src
    1187-1229: the boxes raise the follower and underling caps, the skill cap, the belt. A player who
    writes any of them on the sheet she adds would start with them for free (a milestone alone is +1
    rep cap and +3 followers, src 435/1359): refused with a sentence naming it, nothing added. Her
    sheet without them joins; the GM may bring in a veteran with them (as for morale, src 485)."""
    d = table()
    err = d.refuse("ann", "add_character", sheet={**sheet("ada", "Ada"), **field})
    assert isinstance(err, NotPermitted)
    assert err.message == f"The GM gives what progression brings ({words}): leave it to the GM."
    assert "ada" not in d.state.sheets
    d.do("gm", "add_character", sheet={**sheet("ada", "Ada"), **field}, owner="ann")
    ((key, value),) = field.items()
    assert getattr(d.state.sheets["ada"], key) == value
    assert d.state.people["ada"].owner == "ann"


@pytest.mark.rules("WD-PROG-004", "WD-FOLLOW-010")
def test_r12_02_a_players_own_sheet_without_progression_joins_and_a_refusal_names_every_gain() -> None:
    """The refusal names all the gains written at once (a player fixes her sheet in one go); the same
    sheet with them at 0 joins from the player's seat."""
    d = table()
    err = d.refuse("ann", "add_character", sheet={**sheet("ada", "Ada"), "milestones": 1, "fans": 2})
    assert "(milestones, Fans)" in err.message
    d.do("ann", "add_character", sheet={**sheet("ada", "Ada"), "milestones": 0, "fans": 0})
    assert d.state.people["ada"].owner == "ann"
    assert camp(d).ledger("ada").followers == {}


# --- (b) a small grid keeps only its pertinent headings (src 1795, 1868-1870) ----------------------------


def grid_panel(d: Driver, seat: str, name: str) -> Any:
    t = d.table
    return next(p for p in t.seen_panels(t.viewer_for(seat)) if p.title == f"Intel: {name}")


@pytest.mark.rules("WD-INTEL-009", "WD-INTEL-018", "WD-INTEL-017", "WD-INTEL-019")
def test_r12_03_the_gm_names_a_security_guards_two_by_two_headings_and_a_movements_row_still_helps() -> None:
    """src 1795: grids "may be 3x3 or even 2x2 (keeping only pertinent headings)"; src 1831: a 2x2 for a
    security guard. The GM keeps Movements and Patterns, Capabilities and Relationships (a guard has no
    History worth a row). Ada (Wits 3, +0) surveils, TNs 4+: 0,0 on a 4: 4 against 4+, unlocked; 0,1 on
    a 5: unlocked, the Movements row done; src 1866: knowing movements helps every information roll,
    +1 (WD-INTEL-017 PROPOSED): 1,0 on a 3: 3 + 1 = 4, unlocked. The words and the grid printed as text
    read the GM's headings, never the 4x4 corners."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do(
        "gm",
        "add_target",
        target="guard",
        name="Night guard",
        size=2,
        dispositions=["city"],
        tns=[4, 4, 4, 4],
        rows=["Movements", "Patterns"],
        cols=["Capabilities", "Relationships"],
    )
    d.do("gm", "start_downtime")
    d.do("ann", "surveil", character="ada", target="guard", cell="0,0", dice=[4])
    d.do("ann", "surveil", character="ada", target="guard", cell="0,1", dice=[5])
    assert camp(d).targets["guard"].lines == ("Movements",)
    d.do("ann", "surveil", character="ada", target="guard", cell="1,0", dice=[3])
    assert camp(d).targets["guard"].cells[2].unlocked
    words = said(d, "ann")
    assert "Ada: Wits 4 against 4+ on Movements x Capabilities: unlocked, with tier-1 city intel." in words
    assert "Movements x Relationships" in words and "Patterns x Capabilities" in words
    for seat in ("ann", "gm"):
        panel = grid_panel(d, seat, "Night guard")
        assert panel.columns == ("", "Capabilities", "Relationships")
        assert [r[0] for r in panel.rows] == ["Movements", "Patterns"]
        assert "History" not in seen_by(d, seat) and "Data" not in str(panel.model_dump())


@pytest.mark.rules("WD-INTEL-009", "WD-INTEL-018", "WD-INTEL-017")
def test_r12_04_a_lots_lines_named_as_mission_planning_give_no_information_bonus() -> None:
    """src 1870: a location's rows and columns "may not be explicitly labeled, instead being roughly
    linked to the sort of things covered in mission planning" (security, access, cash flow, people),
    its bonuses going to mission planning, not to information rolls (src 1866). A finished Security row
    gives no +1: Ada's 3 on the next cell is 3 against 4+, not unlocked."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do(
        "gm",
        "add_target",
        target="lot",
        name="Parking lot",
        size=2,
        dispositions=["city"],
        tns=[4, 4, 4, 4],
        rows=["Security", "Access"],
        cols=["Cash flow", "People"],
    )
    d.do("gm", "start_downtime")
    d.do("ann", "surveil", character="ada", target="lot", cell="0,0", dice=[4])
    d.do("ann", "surveil", character="ada", target="lot", cell="0,1", dice=[5])
    assert camp(d).targets["lot"].lines == ("Security",)
    d.do("ann", "surveil", character="ada", target="lot", cell="1,0", dice=[3])
    assert not camp(d).targets["lot"].cells[2].unlocked
    assert "Ada: Wits 4 against 4+ on Security x Cash flow: unlocked, with tier-1 city intel." in said(
        d, "ann"
    )
    assert grid_panel(d, "ann", "Parking lot").columns == ("", "Cash flow", "People")


@pytest.mark.rules("WD-INTEL-018")
@pytest.mark.parametrize(
    ("headings", "message"),
    [
        ({"rows": ["Movements", "Status", "History"]}, "A 2x2 grid needs 2 row headings and 2 column"),
        ({"rows": ["Movements", "movements"], "cols": ["Data", "Secrets"]}, "a heading of its own"),
        ({"rows": ["Movements", "Data"], "cols": ["Data", "Secrets"]}, "a heading of its own"),
    ],
)
def test_r12_05_headings_that_do_not_fit_the_grid_are_refused(headings: dict[str, Any], message: str) -> None:
    d = table()
    err = d.refuse("gm", "add_target", target="lot", name="Lot", size=2, dispositions=["city"], **headings)
    assert message in err.message
    assert "lot" not in camp(d).targets


@pytest.mark.rules("WD-INTEL-009", "WD-INTEL-011")
def test_r12_06_without_the_gms_headings_a_two_by_two_keeps_the_samples_corners() -> None:
    """The default a GM starts from: the sample's first and last lines, surveillance's corner Movements x
    Capabilities (recent and observable), research's History x Data (background), as src 1864 leans."""
    d = table()
    d.do("gm", "add_target", target="lot", name="Lot", size=2, dispositions=["city"])
    panel = grid_panel(d, "ann", "Lot")
    assert panel.columns == ("", "Capabilities", "Data")
    assert [r[0] for r in panel.rows] == ["Movements", "History"]


# --- a whole downtime, three characters doing different things (src 1376-1427) ---------------------------

CRAFT = {"name": "Craft", "stats": ["dexterity"], "tree": "craft"}
BRAWL = {"name": "Brawl", "stats": ["brawn"], "learning": True}
TIDBITS = [
    "Drives a red van",
    "Bodyguard named Tess",
    "Posts as @crow",
    "Limps on the left",
    "Owes the Merchants",
    "Sleeps at noon",
    "Grew up in Boston",
    "Was a Ward",
    "Is the mayor's son",
]


def four() -> Driver:
    """A GM and three players: Ann, Bob and Cat."""
    seats = (
        Seat(id="gm", name="Game master", role=Role.GM),
        Seat(id="ann", name="Ann"),
        Seat(id="bob", name="Bob"),
        Seat(id="cat", name="Cat"),
    )
    return Driver(RS, seats=seats, config={})


def three() -> Driver:
    """Ann plays Ada (a crafter), Bob plays Bea (a spy, Wits 4), Cat plays Cal (Knowledge 4, learning
    Brawl, living rough: the GM sets his baseline at Poor, -2, src 485)."""
    d = four()
    pc(d, "ann", "ada", "Ada", skills=[CRAFT], money=200)
    pc(d, "bob", "bea", "Bea", wits=4)
    pc(d, "cat", "cal", "Cal", knowledge=4, morale_baseline=-2, skills=[BRAWL])
    d.do("gm", "add_target", target="crow", name="Crowbar", size=3, dispositions=["villain"], tidbits=TIDBITS)
    return d


@pytest.mark.rules(
    "WD-DT-002",
    "WD-DT-003",
    "WD-CRAFT-001",
    "WD-CRAFT-002",
    "WD-CRAFT-003",
    "WD-CRAFT-004",
    "WD-CRAFT-014",
    "WD-INTEL-013",
    "WD-INTEL-019",
    "WD-INTEL-020",
    "WD-INTEL-021",
    "WD-INTEL-022",
    "WD-SKILL-006",
    "WD-MORALE-002",
    "WD-REST-001",
    "WD-MORALE-008",
)
def test_r12_07_a_whole_downtime_of_three_read_from_every_seat() -> None:
    """One phase, 3 slots each (src 1417), start to end.

    Ada crafts a knife the GM prices at $80, low tier: DC 10, materials a quarter, $20 (src 1488-1504).
    A Craft/Repair slot is Dexterity-many rolls (3, src 1482), the knife at most Knowledge-many (3, src
    1486); craft rolls take no stat, Craft adds a die kept best and +1 to the total (src 1539-1544):
    best of 3,5 = 5; of 2,4 = 4; of 1,2 = 2: 5 + 4 + 2 + 1 = 12 >= 10, a low knife; $200 - $20 = $180.

    Bea surveils Crowbar (3x3, the sample's 5+ 4+ 5+ / 4+ 7+ 4+ / 5+ 4+ 5+) with Wits-many rolls (4,
    src 1874) from the top-left (src 1795): 0,0 on a 4: 4 + 1 = 5 vs 5+, unlocked with intel (half the
    cell's T2: T1 villain, WD-INTEL-020 PROPOSED); 0,1 on a 4: 5 vs 4+, unlocked, but a 4 again: a
    strike; 1,0 on a 1: 2 vs 4+, missed: she takes the strike and T1 intel (2 strikes of 3); 0,2 on a
    6: 7 vs 5+, unlocked. Four T1 villain intel; the locked cells' tidbits stay the GM's.

    Cal trains Brawl first, at Poor morale: 6 + 1 (Knowledge) + 0 (Brawn) = 7, capped at 5 (src 453);
    then rests (src 2003: negative morale up two steps, -2 to 0), and trains again: 6 + 1 = 7 uncapped,
    5 + 7 = 12: Brawl learned (src 340-342). The day ends: morale back to the baseline (src 491): Cal
    Poor again."""
    d = three()
    d.do("gm", "start_downtime")
    d.do("gm", "start_craft", character="ada", project="knife", item="Knife", tier="low", price=80)
    for dice in ([3, 5], [2, 4], [1, 2]):
        d.do("ann", "craft", character="ada", project="knife", dice=dice)
    d.do("bob", "surveil", character="bea", target="crow", cell="0,0", dice=[4])
    d.do("bob", "surveil", character="bea", target="crow", cell="0,1", dice=[4])
    d.do("bob", "surveil", character="bea", target="crow", cell="1,0", dice=[1])
    d.refuse("bob", "surveil", character="bea", target="crow", cell="0,2", dice=[6], rule="WD-INTEL-021")
    d.refuse("ann", "strike_choice", character="bea", strike=True, error=NotPermitted)
    d.do("bob", "strike_choice", character="bea", strike=True)
    d.do("bob", "surveil", character="bea", target="crow", cell="0,2", dice=[6])
    d.refuse("bob", "downtime_action", character="cal", action="train", skill="Brawl", error=NotPermitted)
    d.do("cat", "downtime_action", character="cal", action="train", skill="Brawl", dice=[6])
    d.do("cat", "rest_recuperate", character="cal", uses=[])
    assert d.state.people["cal"].morale == 0
    d.do("cat", "downtime_action", character="cal", action="train", skill="Brawl", dice=[6])
    d.refuse("cat", "end_downtime", error=NotPermitted)
    d.do("gm", "end_downtime")

    c = camp(d)
    assert (c.projects["knife"].result, c.ledger("ada").money) == ("low", 180)
    assert (c.ledger("bea").intel, c.targets["crow"].strikes, c.targets["crow"].alerts) == (
        {"villain:1": 4},
        2,
        0,
    )
    cal = d.state.sheets["cal"].skills[0]
    assert (cal.learning, cal.training) == (False, (5, 7))
    assert [d.state.people[x].morale for x in ("ada", "bea", "cal")] == [0, 0, -2]

    table_words = [
        "Downtime phase 1 opens. Ada: 3 slots; Bea: 3 slots; Cal: 3 slots.",
        "Ada: Knife (low, DC 10, materials $20).",
        "Ada works on Knife: 6 of DC 10 (1/3 rolls).",
        "Ada works on Knife: 12 of DC 10 (3/3 rolls); result: low.",
        "Bea: Wits 5 against 5+ on Movements x Capabilities: unlocked, with tier-1 villain intel.",
        "Bea: Wits 5 against 4+ on Movements x Relationships: unlocked, with tier-1 villain intel; a 4 again:"
        " a strike.",
        "Bea: Wits 2 against 4+ on Status x Capabilities: missed.",
        "Bea: takes a strike for tier-1 villain intel.",
        "Cal trains Brawl: 7, capped at 5 by low morale, 5 of 12 saved.",
        "Cal: mends no wounds; morale rises from Poor (-2) to Neutral (+0).",
        "Cal trains Brawl: 7, 12 of 12 saved; Cal now knows Brawl.",
        # Cal's rest lifted him to Neutral; the day's end takes him back to his baseline, Poor (src 491)
        "Downtime phase 1 ends; morale heads back to its baseline: Cal from Neutral (+0) to Poor (-2).",
    ]
    for seat in ("ann", "bob", "cat", "gm"):
        words = d.words(seat)
        for line in table_words:
            assert line in words, (seat, line)
        seen = seen_by(d, seat)
        # the unlocked cells' tidbits are the table's; the locked ones stay the GM's (src 1866)
        assert all(t in seen for t in TIDBITS[:3])
        assert any(t in seen for t in TIDBITS[3:]) == (seat == "gm")
        assert ("find DC" in said(d, seat)) == (seat == "gm")
        assert not any(x in said(d, seat) for x in ("ada ", "bea ", "cal ", "crow "))  # names, not ids


@pytest.mark.rules("WD-INTEL-021", "WD-INTEL-040")
def test_r12_08_a_strike_taken_at_a_no_intel_table_does_not_read_as_intel_gained() -> None:
    """src 2022-2027: the no-intel appendix replaces intel with information the GM gives; a missed roll's
    strike (src 1874) then gains nothing to hold, and the words say only the strike. Ada (Wits 3) on
    the lot's 0,0 at 4+ rolls a 2: missed; she takes the strike."""
    d = table(config={"campaign": {"no_intel": True}})
    pc(d, "ann", "ada", "Ada")
    d.do("gm", "add_target", target="lot", name="Lot", size=2, dispositions=["city"], tns=[4, 4, 4, 4])
    d.do("gm", "start_downtime")
    d.do("ann", "surveil", character="ada", target="lot", cell="0,0", dice=[2])
    d.do("ann", "strike_choice", character="ada", strike=True)
    assert (camp(d).targets["lot"].strikes, camp(d).ledger("ada").intel) == (1, {})
    assert "Ada: takes a strike." in d.words("ann")
    d.do("ann", "surveil", character="ada", target="lot", cell="0,0", dice=[5])
    assert "Ada: Wits 5 against 4+ on Movements x Capabilities: unlocked." in d.words("ann")


# --- interactions a session meets -------------------------------------------------------------------------


@pytest.mark.rules("WD-PROG-009", "WD-MORALE-003", "WD-INTEL-017", "WD-SKILL-006", "WD-FOLLOW-003")
def test_r12_09_high_morale_spent_in_downtime_is_gone_when_the_eager_follower_box_is_checked() -> None:
    """src 1213: with Good morale or better the player may have the Eager Follower start at once;
    otherwise it starts tapped. src 479: a step of high morale counts a roll as 2 + step. Ada (Wits 4,
    +1) at Great (+2): 0,0 at 4+ on a 1: 2, bought up to 4 (Great -> Good); 0,1 on a 5: 6; the
    Movements row done, +1 (src 1866): 1,1 on a 6: 8; 1,0 on a 3: 5. She trains Brawl on a 1: 1 + 0 +
    0 = 1, bought up to 3 (Good -> Neutral). Now at Neutral her box's 'start' is refused with the
    reason; checked plain, the GM names a Journalist, who starts tapped (src 1348)."""
    d = table()
    pc(d, "ann", "ada", "Ada", wits=4, morale=2, skills=[BRAWL])
    d.do("gm", "add_target", target="lot", name="Lot", size=2, dispositions=["city"], tns=[4, 4, 4, 4])
    d.do("gm", "start_downtime", dice=[1, 2, 3, 4])  # no 6: no bonus slot (src 489)
    d.do("ann", "surveil", character="ada", target="lot", cell="0,0", dice=[1], morale_buy=True)
    for cell, face in (("0,1", 5), ("1,1", 6), ("1,0", 3)):
        d.do("ann", "surveil", character="ada", target="lot", cell=cell, dice=[face])
    d.do("ann", "downtime_action", character="ada", action="train", skill="Brawl", dice=[1], morale_buy=True)
    assert d.state.people["ada"].morale == 0
    words = d.words("ann")
    assert "Ada's morale moves -1 to Good (+1) (high morale makes the Wits roll a 4)." in words
    assert "Ada: Wits 8 against 4+ on History x Data: unlocked, with tier-1 city intel." in words
    assert "Ada trains Brawl: 3, 3 of 12 saved." in words
    d.do("gm", "award", character="ada", boxes=1)
    err = d.refuse("ann", "check_box", character="ada", box="eager_follower", choice="start")
    assert err.message.startswith("Ada is not at Good morale or better")
    d.do("ann", "check_box", character="ada", box="eager_follower")
    d.do("gm", "offer_follower", character="ada", kinds=["journalist"])
    assert camp(d).ledger("ada").followers == {"journalist": 1}
    assert "A Journalist joins Ada, tapped through the next phase." in d.words("ann")


@pytest.mark.rules("WD-REP-015", "WD-REP-005", "WD-REP-006")
def test_r12_10_an_exclusive_card_means_nothing_to_another_party_and_stays_held() -> None:
    """src 1258-1260: a rep card may be limited to groups; src 433: rep a listener doesn't care about is
    rejected (WD-REP-006 PROPOSED: returned). Ada's 'Dealers Owe You One' offered to the Merchants is
    refused with a sentence, nothing rolled, the card still hers."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=4)
    d.do("gm", "award", character="ada", rep="Dealers Owe You One", exclusive="Dealers")
    d.do("gm", "open_negotiation", negotiation="n", party="Merchants", tn=4)
    card = camp(d).ledger("ada").rep[0].id
    err = d.refuse("ann", "negotiate", character="ada", negotiation="n", cards=[card], dice=[3, 6])
    assert err.message == "The card from Dealers Owe You One means nothing to Merchants."
    assert [c.id for c in camp(d).ledger("ada").rep] == [card]


@pytest.mark.rules("WD-STAT-012", "WD-STAT-013", "WD-PROG-025", "WD-FOLLOW-010", "WD-REP-007")
def test_r12_11_a_veteran_the_gm_brings_in_has_the_caps_her_milestones_and_fans_give() -> None:
    """The GM adds Ada (Social 3) with 2 milestones and 2 Fans. src 1359: follower cap 2 x 3 + 3 x 2 =
    12; src 435/1370: rep cap Social 3 + 2 milestones + 1 per two Fans = 6. src 1370: each Fan gives a
    rep card usable in the phase only. She holds 7 deeds: in the phase 9 cards; at day's end the Fans'
    cards are gone and 7 > 6: she must let one go (and no more: without the Fans she'd drop 2)."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=3, milestones=2, fans=2)
    assert d.state.sheets["ada"].follower_cap == 12
    for i in range(7):
        d.do("gm", "award", character="ada", rep=f"Deed {i}")
    d.do("gm", "start_downtime")
    assert len(camp(d).ledger("ada").rep) == 9
    d.do("gm", "end_downtime")
    assert len(camp(d).ledger("ada").rep) == 7
    assert (
        "Downtime phase 1 ends; everyone's morale is at its baseline already. Ada must discard 1 rep."
        in d.words("ann")
    )
    prompt = d.prompt("ann", "discard_rep")
    d.answer("ann", prompt.id, str(camp(d).ledger("ada").rep[0].id))
    assert [c.source for c in camp(d).ledger("ada").rep] == [f"Deed {i}" for i in range(1, 7)]


@pytest.mark.rules("WD-INTEL-023", "WD-INTEL-014", "WD-INTEL-021", "WD-INTEL-025", "WD-INTEL-026")
def test_r12_12_two_spies_strikes_add_up_on_one_target_and_research_never_strikes() -> None:
    """src 1874: at three strikes the target is alerted (WD-INTEL-023 PROPOSED: strikes per target,
    reset after an alert). Bea (Wits 4): 0,0 on a 4 (5 vs 5+); 0,1 on a 4 again (a strike); 1,0 on a 1
    (2 vs 4+, missed; she takes the strike): 2 strikes. Ada (Wits 3) at 1,1, open beside Bea's unlocks
    (shared, WD-INTEL-014 PROPOSED): a 4 vs 7+, missed; her strike is the third: Crowbar is alerted,
    strikes back to 0. Cal (Knowledge 4) researches from the bottom-right (src 1795): 2,2 on a 4: 5 vs
    5+, unlocked; the research table on a 5: tier-2 intel of the first disposition (src 1880-1898);
    2,1 on a 1: 2 vs 4+, nothing found and no strike (src 1878)."""
    d = three()
    d.do("gm", "start_downtime")
    d.do("bob", "surveil", character="bea", target="crow", cell="0,0", dice=[4])
    d.do("bob", "surveil", character="bea", target="crow", cell="0,1", dice=[4])
    d.do("bob", "surveil", character="bea", target="crow", cell="1,0", dice=[1])
    d.do("bob", "strike_choice", character="bea", strike=True)
    d.do("ann", "surveil", character="ada", target="crow", cell="1,1", dice=[4])
    d.do("ann", "strike_choice", character="ada", strike=True)
    crow = camp(d).targets["crow"]
    assert (crow.strikes, crow.alerts) == (0, 1)
    assert "Ada: takes a strike for tier-1 villain intel; Crowbar is alerted." in d.words("bob")
    d.do("cat", "research", character="cal", target="crow", cell="2,2", dice=[4])
    d.do("cat", "research", character="cal", target="crow", table=True, dice=[5])
    d.do("cat", "research", character="cal", target="crow", cell="2,1", dice=[1])
    assert camp(d).ledger("cal").intel == {"villain:2": 1}
    assert camp(d).targets["crow"].strikes == 0
    words = d.words("cat")
    assert "Cal: Knowledge 5 against 5+ on History x Data: unlocked." in words
    assert "Cal: the research table rolls 5: tier-2 villain intel." in words
    assert "Cal: Knowledge 2 against 4+ on History x Relationships: nothing found." in words


@pytest.mark.rules("WD-CRAFT-010", "WD-CRAFT-003", "WD-CRAFT-004", "WD-CRAFT-014", "WD-DT-007")
def test_r12_13_a_helper_and_a_friend_hanging_out_at_the_workshop_carry_a_vest_over_its_dc() -> None:
    """src 1530: a second crafter devoting a slot adds a die to the pool at each step (keep one); a
    character hanging out at the workshop adds one roll to one attempt. Ada (Knowledge 2: 2 rolls, src
    1486; Craft +1h6 and +1, src 1539-1544) makes a $300 vest, standard: DC 15, materials a third, $100
    (src 1488-1504). Cal helps, Bea hangs out (3 rolls now). Best of 2,3,6 = 6; of 1,2,5 = 5; of 4,1,2 =
    4: 6 + 5 + 4 + 1 = 16 >= 15, a standard vest. Alone at two rolls 6 + 5 + 1 = 12 would have made a
    low one. The hang-out slot reads the vest it went to, as the helper's does."""
    d = four()
    pc(d, "ann", "ada", "Ada", knowledge=2, skills=[CRAFT], money=400)
    pc(d, "bob", "bea", "Bea")
    pc(d, "cat", "cal", "Cal")
    d.do("gm", "start_downtime")
    d.do("gm", "start_craft", character="ada", project="vest", item="Vest", tier="standard", price=300)
    d.do("cat", "help_craft", character="cal", project="vest")
    d.do("bob", "downtime_action", character="bea", action="hang_out", project="vest")
    for dice in ([2, 3, 6], [1, 2, 5], [4, 1, 2]):
        d.do("ann", "craft", character="ada", project="vest", dice=dice)
    vest = camp(d).projects["vest"]
    assert (vest.result, vest.total, camp(d).ledger("ada").money) == ("standard", 16, 300)
    words = d.words("cat")
    assert "Cal spends a slot on helping with a project (Vest)." in words
    assert "Bea spends a slot on hanging out (Vest)." in words
    assert "Ada works on Vest: 16 of DC 15 (3/3 rolls); result: standard." in words


@pytest.mark.rules("WD-SOCIAL-002", "WD-SOCIAL-005", "WD-REP-009", "WD-REP-004", "WD-REP-003")
def test_r12_14_a_cited_gun_card_and_a_catastrophe_weigh_on_the_next_negotiator_whose_rep_rescues_it() -> (
    None
):
    """src 283-285: d6 + Social + relationship + offer vs the GM's TN; src 440: the GM cites negative rep,
    -1 on a roll; src 291: a catastrophic roll penalizes all later rolls; src 431: rep after a failure
    rolls again. Dockworkers, 4+, wary (-1), a sweetener (+1). Ada (Social 3) with her gun card cited:
    1 + 0 - 1 + 1 - 1 = 0, missing by 4: catastrophic. Bea (Social 4): 3 + 1 - 1 + 1 - 1 = 3, no deal;
    she plays 'Saved the ferry': a 5 joins, best 5: 5 + 1 - 1 + 1 - 1 = 5: agreed."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    pc(d, "bob", "bea", "Bea", social=4)
    d.do("gm", "award", character="bea", rep="Saved the ferry")
    d.do("gm", "give_negative", character="ada", source="Shot a mugger")
    d.do("gm", "open_negotiation", negotiation="n", party="Dockworkers", tn=4, relationship=-1, offer=1)
    d.do("gm", "cite_negative", character="ada", card=camp(d).ledger("ada").rep[0].id)
    d.refuse("ann", "negotiate", character="bea", negotiation="n", dice=[6], error=NotPermitted)
    d.do("ann", "negotiate", character="ada", negotiation="n", dice=[1])
    d.do("bob", "negotiate", character="bea", negotiation="n", dice=[3])
    d.do(
        "bob",
        "rep_after",
        character="bea",
        negotiation="n",
        cards=[camp(d).ledger("bea").rep[0].id],
        dice=[5],
    )
    assert camp(d).negotiations["n"].outcome == "agreed"
    assert camp(d).ledger("bea").rep == ()
    words = d.words("ann")
    assert "Ada: Social 0 against 4+: no deal yet; a catastrophic roll: -1 on every later roll here." in words
    assert "Bea: Social 3 against 4+: no deal yet." in words
    assert "Bea: rep brings the roll to 5 against 4+: agreed." in words


@pytest.mark.rules(
    "WD-PLAN-001",
    "WD-PLAN-002",
    "WD-PLAN-003",
    "WD-RECRUIT-001",
    "WD-RECRUIT-002",
    "WD-RECRUIT-007",
    "WD-RECRUIT-011",
    "WD-RECRUIT-013",
    "WD-INTEL-029",
    "WD-INTEL-028",
)
def test_r12_15_a_second_downtime_planning_recruiting_and_managing_intel_reads_names_and_keeps_secrets() -> (
    None
):
    """Ada (Knowledge 2) declares a raid for Saturday (src 1430-1439); the GM sets its details (src
    1441-1445) with 5 thugs standing; her Plan action nominates both details (up to Knowledge, src
    1445): the GM rolls 2 thugs (kept over 5) and 'alarmed' (taken: nothing stood before).

    Bea (Social 4) recruits someone with Brawn (-1, src 1617-1660), tapping one rep for a die (src 1671,
    PROPOSED 1 rep a die): 5 dice 4, 2, 5, 6, 1 at -1: 3, 1, 4, 5, 0: two applicants (4+, src 1606-1615);
    the tapped card's 50% on a 3: lost. The GM presents Moose (mercenary, short temper, Brawn 5); Bea
    asks about his temper (src 1718); behind the screen her Knowledge 3 (+0) rolls 2, 5 (+2 asked: 7), 1:
    only the temper shows (src 1681, 1712). She hires him.

    Cal upgrades three tier-1 villain intel to one tier-2 (src 1909-1911). Every seat reads names, the
    learned detail with the recruiter's name; no player reads the unrevealed details or the vetting."""
    d = four()
    pc(d, "ann", "ada", "Ada", knowledge=2)
    pc(d, "bob", "bea", "Bea", social=4)
    pc(d, "cat", "cal", "Cal")
    d.do("gm", "award", character="cal", intel="villain:1", intel_count=3)
    d.do("gm", "award", character="bea", rep="Stopped the Teeth")
    d.do("gm", "start_downtime")
    d.do("ann", "declare_mission", character="ada", mission="raid", kind="raid", date="Saturday")
    details = {"guards": ["2 thugs", "5 thugs", "a cape"], "access": ["back door open", "locked", "alarmed"]}
    d.refuse("ann", "set_mission_details", mission="raid", details=details, error=NotPermitted)
    d.do("gm", "set_mission_details", mission="raid", details=details, current={"guards": "5 thugs"})
    d.do("ann", "plan_mission", character="ada", mission="raid", details=["guards", "access"], dice=[1, 3])
    for _ in range(2):
        d.answer("ann", next(p for p in d.prompts("ann") if p.kind == "keep_detail").id, "take")
    assert camp(d).missions["raid"].locked == {"guards": "2 thugs", "access": "alarmed"}
    d.do(
        "bob",
        "recruit",
        character="bea",
        recruitment="r",
        seek=["brawn"],
        rep_dice=1,
        dice=[4, 2, 5, 6, 1, 3],
    )
    assert camp(d).recruitments["r"].openings == 2 and camp(d).ledger("bea").rep == ()
    moose = {"disposition": "mercenary", "temper": "short", "brawn": "5"}
    d.do(
        "gm", "present_candidate", recruitment="r", candidate="moose", name="Moose", details=moose, dice=[55]
    )
    d.refuse("ann", "ask", character="bea", candidate="moose", detail="temper", error=NotPermitted)
    d.do("bob", "ask", character="bea", candidate="moose", detail="temper")
    d.do("gm", "vet_candidates", recruitment="r", dice=[2, 5, 1])
    d.do("bob", "hire", character="bea", candidate="moose")
    d.do("cat", "utilize_intel", character="cal", ops=["upgrade villain:1"])
    d.do("gm", "end_downtime")
    assert (camp(d).ledger("bea").underlings, camp(d).ledger("cal").intel) == (("Moose",), {"villain:2": 1})

    lines = [
        "Ada: declares raid for Saturday.",
        "Ada: locks guards: 2 thugs.",
        "Bea recruits at -1: 2 applicants; rep lost: Stopped the Teeth.",
        "A candidate steps up: Moose (to learn: disposition, temper, brawn).",
        "Bea asks about Moose's temper.",
        "About Moose, Bea learns temper: short.",
        "Bea hires Moose.",
    ]
    for seat in ("ann", "bob", "cat", "gm"):
        words = d.words(seat)
        assert all(line in words for line in lines), seat
        seen = seen_by(d, seat)
        assert ("mercenary" in seen) == (seat == "gm")
        assert ("Behind the screen" in said(d, seat)) == (seat == "gm")
    assert "Candidate Moose: disposition mercenary, temper short, brawn 5." in d.words("gm")


@pytest.mark.rules("WD-INTEL-015", "WD-INTEL-014", "WD-INTEL-013")
def test_r12_16_intel_spent_in_downtime_opens_a_cell_without_a_slot_and_a_closed_cell_reads_why() -> None:
    """src 1795/1902: intel may be spent at any time during downtime to unlock an available cell
    without using an action; WD-INTEL-015 PROPOSED: the cell's tag (or the target's own, src 1831) at
    tier TN - 3. Cal spends tier-2 villain on 2,2 (5+: tier 2), research's corner: unlocked, no slot
    used. Tier-2 villain again on 0,0 (5+): none left, refused. His Crowbar intel on 1,1, next to no
    unlocked cell: refused with a sentence that speaks of no roll (he is spending, not surveilling)."""
    d = three()
    d.do("gm", "award", character="cal", intel="villain:2")
    d.do("gm", "award", character="cal", intel="crow:1")
    d.do("gm", "start_downtime")
    d.do("cat", "spend_intel", character="cal", target="crow", intel="villain:2", on="2,2")
    assert camp(d).targets["crow"].cells[8].unlocked
    assert camp(d).phase.slots["cal"].used == 0
    assert "Cal: spends tier-2 villain intel to unlock History x Data." in d.words("bob")
    err = d.refuse("cat", "spend_intel", character="cal", target="crow", intel="villain:2", on="0,0")
    assert err.message == "That takes 1 tier-2 villain intel; 0 held."
    err = d.refuse("cat", "spend_intel", character="cal", target="crow", intel="crow:1", on="1,1")
    assert err.message == (
        "Status x Relationships is not open yet: only a way-in corner or a cell next to an unlocked one"
        " opens."
    )
    assert camp(d).ledger("cal").intel == {"crow:1": 1}


@pytest.mark.rules("WD-REP-007", "WD-FOLLOW-010", "WD-FOLLOW-004", "WD-STAT-012")
def test_r12_17_rep_let_go_at_the_days_end_wins_the_chance_at_a_fan_once() -> None:
    """src 435: at day's end rep over the cap (Social 3 + 0 milestones = 3) is let go, the player
    choosing; src 1368: that is a Fan's criterion; src 1355: the Social roll must exceed the Fans held
    (0: a 1 will do). Before the day's end Ada (4 cards) has no claim; after letting 'Deed 0' go she
    gains a Fan on a 1 (1 + 0 against 1+), and the claim is spent: a second try is refused."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=3)
    for i in range(4):
        d.do("gm", "award", character="ada", rep=f"Deed {i}")
    err = d.refuse("ann", "gain_follower", character="ada", kind="fan", dice=[6])
    assert err.message == "Ada has not met the criteria for a Fan yet."
    d.do("gm", "start_downtime")
    d.do("gm", "end_downtime")
    prompt = d.prompt("ann", "discard_rep")
    assert prompt.question == "Ada holds 1 rep over the cap: which to let go?"
    d.answer("ann", prompt.id, str(camp(d).ledger("ada").rep[0].id))
    d.do("ann", "gain_follower", character="ada", kind="fan", dice=[1])
    assert (camp(d).ledger("ada").followers, len(camp(d).ledger("ada").rep)) == ({"fan": 1}, 3)
    assert d.words("ann")[-2:] == ["Ada lets rep go: Deed 0.", "Ada gains a Fan (1 against 1+)."]
    d.refuse("ann", "gain_follower", character="ada", kind="fan", dice=[6])
