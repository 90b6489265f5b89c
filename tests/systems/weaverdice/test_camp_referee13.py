"""A referee's campaign situations (pass 13), each written from the seed
(``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited "src N") before playing it at the table with
given dice. Where earlier passes were thin: what a costume's Icon gives at the day's end and what a
damaged one does not (src 1115-1129), a Fan who brings a recruit and leaves with the hire, and the Fan's
rep tap only below the Fans' count (src 1370-1372), repairing gear as the lengthy check it is (src
580-582, 1032), Codify's write-ups (src 1958-1966), an exclusive card's group as the GM names it (src
433, 1141); a whole downtime of three characters doing several things each, read from every seat to the
day's end (names, the right numbers, a morale cap said where it cut a roll, no arrows or command keys);
and the refusals a table meets on the way (a player acting for another's character, doing the GM's
part, spending money or intel not held): a clear sentence, nothing changed. And the day's end as the
night reads it: sleep mends by the morale the day ended at (src 487), the bonus slot rolled as downtime
opens from the morale held then, a slot of that night's (src 489-491, WD-MORALE-008's day cycle)."""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.table import Table
from capeworks.engine.testing import Driver
from capeworks.errors import NotPermitted
from capeworks.systems.weaverdice.vocab import Pool
from tests.systems.weaverdice.campaign_support import camp, pc, seen_by
from tests.systems.weaverdice.test_camp_referee7 import mender
from tests.systems.weaverdice.test_camp_referee12 import four

CRAFT = {"name": "Craft", "stats": ["dexterity"], "tree": "craft"}
TIDBITS = [
    "Drives a red van",
    "Owes the Merchants",
    "Sleeps at the docks",
    "Fights with a crowbar",
    "Has a sister in Boston",
    "Keeps cash in a freezer",
    "Was a welder",
    "Hates dogs",
    "Is the mayor's son",
]


def said(d: Driver, seat: str) -> str:
    return " ".join(d.words(seat))


def icon(key: str = "icon", **more: Any) -> dict[str, Any]:
    """A costume of one rep piece in the corner cell."""
    return {"pieces": [{"key": key, "cell": [0, 0], **more}]}


def cards(d: Driver, ident: str) -> list[str]:
    """The sources of the rep cards a character holds."""
    return [c.source for c in camp(d).ledger(ident).rep]


def crew() -> Driver:
    """Ann plays Ada (Social 2, two Fans, a Standard Icon), Bob plays Bea (Wits 4, living rough: the GM
    sets her baseline at Poor, -2, src 485), Cat plays Cal (Dexterity 4, Craft, $30)."""
    d = four()
    pc(d, "ann", "ada", "Ada", social=2, fans=2, costume=icon())
    pc(d, "bob", "bea", "Bea", wits=4, morale_baseline=-2)
    pc(d, "cat", "cal", "Cal", dexterity=4, skills=[CRAFT], money=30)
    d.do("gm", "add_target", target="crow", name="Crowbar", size=3, dispositions=["villain"], tidbits=TIDBITS)
    return d


# --- (a) the words a rest and a day's end leave (src 487-491, 1119, 2003) -----------------------------------


@pytest.mark.rules("WD-REST-001", "WD-MORALE-001")
def test_r13_01_a_rest_says_from_which_step_to_which_by_name_with_no_arrow() -> None:
    """src 2003: a Rest & Recuperate 'bumps morale up two steps if negative, to a maximum of neutral'.
    Bea at Poor (-2) rests: Neutral (+0). The line names both steps, as the day's end does, rather than
    "-2 -> +0"."""
    d = crew()
    d.do("gm", "start_downtime")
    d.do("bob", "rest_recuperate", character="bea", uses=[])
    assert d.state.people["bea"].morale == 0
    line = "Bea: mends no wounds; morale rises from Poor (-2) to Neutral (+0)."
    for seat in ("gm", "ann", "bob", "cat"):
        assert line in d.words(seat)
        assert "->" not in said(d, seat)


@pytest.mark.rules("WD-REP-008", "WD-EQUIP-016", "WD-REP-007")
def test_r13_02_the_days_end_says_whose_costume_gave_a_card_for_tomorrow() -> None:
    """src 1119-1121: a Standard Icon 'Grants +1 reputation/day'; src 435: at the day's end rep over the
    cap is discarded. Ada's Icon card comes after the count, for the next day: every seat reads that it
    came, and whose costume gave it."""
    d = crew()
    d.do("gm", "start_downtime")
    d.do("gm", "end_downtime")
    assert cards(d, "ada") == ["costume"]
    line = (
        "Downtime phase 1 ends; everyone's morale is at its baseline already."
        " Ada's costume gives 1 rep card for the next day."
    )
    for seat in ("gm", "ann", "bob", "cat"):
        assert line in d.words(seat)


@pytest.mark.rules("WD-REP-008", "WD-EQUIP-016", "WD-CRAFT-013")
def test_r13_03_a_damaged_icon_gives_nothing_until_repaired_and_its_card_stays() -> None:
    """src 1117: 'If damaged, the existing reputation isn't lost, but it'll need to be repaired before it
    supplies its benefit.' Bea joins with a damaged High-Tier Icon and one card already earned: the day's
    end gives her no new card, and the one she holds stays. She repairs it (DC 12, $20 a roll, src 1032):
    6 + 6 = 12. The next day's end gives its card, kept on a 4+ (src 1127)."""
    d = four()
    pc(d, "bob", "bea", "Bea", costume=icon("high_icon", damaged=True), money=40)
    d.do("gm", "award", character="bea", rep="Stopped the bank job")
    d.do("gm", "start_downtime")
    d.do("gm", "end_downtime")
    assert cards(d, "bea") == ["Stopped the bank job"]
    assert "costume gives" not in said(d, "bob")
    d.do("gm", "start_downtime")
    d.do("bob", "start_craft", character="bea", project="fix", item="high_icon", repair=True)
    d.do("bob", "craft", character="bea", project="fix", rolls=2, dice=[6, 6])
    d.do("gm", "end_downtime")
    assert cards(d, "bea") == ["Stopped the bank job", "costume"]
    assert camp(d).ledger("bea").rep[-1].kept_on == 4
    for line in (
        "Bea: repair of the high icon (DC 12, paid a roll at a time).",
        "Bea works on high icon: 12 of DC 12 (2/3 rolls); result: repaired.",
        "Bea's gear: the high icon (cell 0,0) is repaired.",
        "Downtime phase 2 ends; everyone's morale is at its baseline already."
        " Bea's costume gives 1 rep card for the next day.",
    ):
        assert line in d.words("bob"), line
    assert not any("high_icon" in w for w in d.words("bob"))


# --- (b) repairing is a lengthy check: made once its total meets the DC (src 580-582, 1032) ---------------


@pytest.mark.rules("WD-CRAFT-013", "WD-CORE-006")
def test_r13_04_a_repair_that_meets_its_dc_stops_and_takes_no_more_money() -> None:
    """src 580-582: in a lengthy action the rolls 'all contribute to the total' the rolls 'must add up
    to'; src 1032: repairs are 'Long DC of 12', '$20 per roll'. Bea (Knowledge 3: three rolls) asks for
    all three at once with $60: 6 + 6 = 12 meets DC 12 on the second, so the repair is made there: two
    rolls, $40 paid, $20 left, and the third is never rolled. A further roll is refused: it is done."""
    d = four()
    pc(d, "bob", "bea", "Bea", costume=icon("high_icon", damaged=True), money=60)
    d.do("gm", "start_downtime")
    d.do("bob", "start_craft", character="bea", project="fix", item="high_icon", repair=True)
    d.do("bob", "craft", character="bea", project="fix", rolls=3, dice=[6, 6])
    project = camp(d).projects["fix"]
    assert (project.rolls, project.result, camp(d).ledger("bea").money) == ((6, 6), "repaired", 20)
    assert not d.state.sheets["bea"].costume.pieces[0].damaged
    err = d.refuse("bob", "craft", character="bea", project="fix", dice=[6], rule="WD-CRAFT-003")
    assert err.message == "The high icon is already finished (repaired)."


@pytest.mark.rules("WD-CRAFT-013", "WD-CORE-006")
def test_r13_05_a_repair_short_of_its_dc_rolls_on_and_pays_each_roll() -> None:
    """src 1032: '$20 per roll'. Bea asks for two rolls: 3 + 4 = 7 of DC 12, both rolled, $40 paid;
    the third (5: 12) makes it, $20 more."""
    d = four()
    pc(d, "bob", "bea", "Bea", costume=icon("high_icon", damaged=True), money=60)
    d.do("gm", "start_downtime")
    d.do("bob", "start_craft", character="bea", project="fix", item="high_icon", repair=True)
    d.do("bob", "craft", character="bea", project="fix", rolls=2, dice=[3, 4])
    assert (camp(d).projects["fix"].result, camp(d).ledger("bea").money) == ("", 20)
    d.do("bob", "craft", character="bea", project="fix", dice=[5])
    assert (camp(d).projects["fix"].result, camp(d).ledger("bea").money) == ("repaired", 0)


@pytest.mark.rules("WD-CRAFT-013", "WD-CRAFT-006")
def test_r13_06_money_not_held_buys_neither_materials_nor_a_repair_roll() -> None:
    """src 1486: materials 'equal to 1/Xth the item's market value' are paid; src 1032: '$20 per roll'.
    Cal ($30) cannot start standard Armor (src 1042: $330, a third: $110); Bea ($15) cannot pay a roll
    repairing her Icon. Each is told in a sentence with the sums, and nothing changes."""
    d = four()
    pc(d, "cat", "cal", "Cal", dexterity=4, skills=[CRAFT], money=30)
    pc(d, "bob", "bea", "Bea", costume=icon("high_icon", damaged=True), money=15)
    d.do("gm", "start_downtime")
    err = d.refuse(
        "cat", "start_craft", character="cal", project="vest", item="armor", tier="standard", cell="0,1"
    )
    assert err.message == "Cal needs $110 for the materials and has $30."
    d.do("bob", "start_craft", character="bea", project="fix", item="high_icon", repair=True)
    err = d.refuse("bob", "craft", character="bea", project="fix", dice=[6], rule="WD-CRAFT-013")
    assert err.message == "Repairs cost $20; Bea has $15."


# --- (c) a Fan who brings a recruit goes with the hire (src 1370-1372, 435) ---------------------------------


@pytest.mark.rules("WD-FOLLOW-010", "WD-RECRUIT-016", "WD-REP-007", "WD-STAT-012")
def test_r13_07_the_fan_who_brought_the_hire_leaves_and_the_rep_cap_falls_with_it() -> None:
    """src 1372: 'tap a fan to ... boost recruitment choices; You lose a fan if ... you recruit the extra
    option'; src 1370: 'Every two fans raise reputation cap by 1'; src 435: the cap is Social +
    milestones. Ada (Social 2, two Fans: cap 3) holds three cards. She recruits: dice 4, 2, one
    applicant; a Fan adds one more. She hires the Fan's (the second presented): the Fan goes, every seat
    reads so, one Fan is left, the cap is 2 + 0 + 0 = 2 and at the day's end she must let one card go."""
    d = crew()
    for deed in ("Saved the bus", "Stopped the bank job", "Beat Steeltoe"):
        d.do("gm", "award", character="ada", rep=deed)
    d.do("gm", "start_downtime")
    d.do("ann", "recruit", character="ada", recruitment="r1", dice=[4, 2])
    d.do("ann", "tap_follower", character="ada", kind="fan", use="candidate", recruitment="r1")
    d.do(
        "gm",
        "present_candidate",
        recruitment="r1",
        candidate="k1",
        name="Knuckles",
        details={"power": "brute"},
    )
    d.do(
        "gm",
        "present_candidate",
        recruitment="r1",
        candidate="k2",
        name="Spindle",
        details={"power": "thinker"},
    )
    d.refuse("bob", "hire", character="ada", candidate="k2", error=NotPermitted)
    d.do("ann", "hire", character="ada", candidate="k2")
    assert camp(d).ledger("ada").followers == {"fan": 1}
    d.do("gm", "end_downtime")
    assert camp(d).discards == {"ada": 1}
    for seat in ("gm", "ann", "bob", "cat"):
        words = d.words(seat)
        assert "Ada hires Spindle. Ada loses the Fan who brought Spindle." in words
        assert "Ada must discard 1 rep." in words[-1]
        assert ("power thinker" in seen_by(d, seat)) == (seat == "gm")  # the GM's notes on a candidate


@pytest.mark.rules("WD-FOLLOW-010", "WD-RECRUIT-016")
def test_r13_08_hiring_the_rolled_applicant_keeps_the_fan() -> None:
    """src 1372: the Fan is lost only 'if you recruit the extra option'. Ada hires the applicant her own
    die found (the first presented): both Fans stay, and nothing says one left."""
    d = crew()
    d.do("gm", "start_downtime")
    d.do("ann", "recruit", character="ada", recruitment="r1", dice=[4, 2])
    d.do("ann", "tap_follower", character="ada", kind="fan", use="candidate", recruitment="r1")
    d.do("gm", "present_candidate", recruitment="r1", candidate="k1", name="Knuckles", details={})
    d.do("gm", "present_candidate", recruitment="r1", candidate="k2", name="Spindle", details={})
    d.do("ann", "hire", character="ada", candidate="k1")
    assert camp(d).ledger("ada").followers == {"fan": 2}
    assert "Ada hires Knuckles." in d.words("ann")
    assert "loses the Fan" not in said(d, "ann")


# --- (d) Codify: write-ups and a presentation (src 1958-1966, 1978) -----------------------------------------


@pytest.mark.rules("WD-INTEL-035", "WD-INTEL-028")
def test_r13_09_a_presentation_gives_the_unlocks_to_those_present_and_wraps_up_the_slot() -> None:
    """src 1964-1966: 'Presentation: Hold a meeting, give known unlocks to everyone present'; src 1978:
    'Any action that isn't upgrade/downgrade/shuffle will generally wrap up the Utilize Intel downtime'.
    Bea (Wits 4, +1; Poor morale caps at 5) unlocks two cells of Crowbar (4 + 1 = 5 vs 5+, 5 + 1 = 6
    capped at 5 vs 4+) and presents them to Ada and Cal; an
    upgrade after it in the same slot is refused; Dot, not at the meeting, knows nothing."""
    d = crew()
    pc(d, "gm", "dot", "Dot")  # the GM's NPC, not at the meeting
    d.do("gm", "start_downtime")
    d.do("bob", "surveil", character="bea", target="crow", cell="0,0", dice=[4])
    d.do("bob", "surveil", character="bea", target="crow", cell="0,1", dice=[5])
    d.refuse("bob", "utilize_intel", character="bea", ops=["present to ada,cal", "upgrade villain:1"])
    d.refuse("ann", "utilize_intel", character="bea", ops=["present to ada,cal"], error=NotPermitted)
    d.do("bob", "utilize_intel", character="bea", ops=["present to ada,cal"])
    for ident in ("ada", "cal"):
        assert camp(d).ledger(ident).writeups == {"crow": (0, 1)}
    assert camp(d).ledger("dot").writeups == {}
    assert "Bea: presents 2 unlocks for Ada, Cal." in d.words("cat")


@pytest.mark.rules("WD-INTEL-035")
def test_r13_10_nothing_unlocked_is_nothing_to_write_up() -> None:
    """src 1962: 'Spell it Out: Turn unlocks into writeups that can be shared with others'. Cal has
    unlocked nothing on Crowbar: refused in a sentence, his slot unspent."""
    d = crew()
    d.do("gm", "start_downtime")
    err = d.refuse("cat", "utilize_intel", character="cal", ops=["spell crow for ada"])
    assert err.message == "There is no unlocked cell to pass on yet."
    assert camp(d).phase.slots["cal"].left == 3


# --- (e) a whole downtime of three, read from every seat (src 1376-1417, 487-491) --------------------------


@pytest.mark.rules(
    "WD-DT-001",
    "WD-DT-002",
    "WD-DT-003",
    "WD-RECRUIT-001",
    "WD-FOLLOW-010",
    "WD-INTEL-019",
    "WD-INTEL-035",
    "WD-CRAFT-001",
    "WD-CRAFT-003",
    "WD-CRAFT-014",
    "WD-REST-001",
    "WD-MORALE-008",
    "WD-REP-007",
    "WD-REP-008",
)
def test_r13_11_a_whole_downtime_of_three_each_doing_several_things() -> None:
    """One phase, three slots each (src 1417), to the day's end.

    Ada (Social 2: two recruit dice, src 1615) recruits: 5, 1, one applicant, and a Fan adds one more
    (src 1372); the GM presents Knuckles and Spindle; she hires Knuckles (her own die's), so both Fans
    stay. She hangs out at Cal's workshop: one roll more for his knife (src 1530). Her third slot she
    keeps for a Self-Promote.

    Bea (Wits 4, +1; at Poor morale, -2, every result is capped at 5, src 453) surveils Crowbar (3x3:
    5+ 4+ 5+ / 4+ 7+ 4+ / 5+ 4+ 5+) from the top-left (src 1795, 1874), Wits-many rolls: 0,0 on a 5: 6,
    capped at 5, vs 5+: unlocked, with tier-1 villain intel (half the cell's tier 2, WD-INTEL-020
    PROPOSED); 0,1 on a 2: 3 vs 4+, missed: she takes the strike and tier-1 intel; 1,0 on a 6: 7, capped
    at 5, vs 4+: unlocked, tier-1 intel; 2,0 on a 1: 2 vs 5+, missed, a strike and tier-1 intel. Four
    tier-1 villain intel, two strikes of three; each capped line says it was capped. She presents her
    unlocks to Ada and Cal (src 1966), then rests: Poor (-2) to Neutral (+0) (src 2003).

    Cal (Dexterity 4: four actions a slot, src 1482) crafts a knife the GM prices at $80, low tier (DC
    10, materials $20, src 1488-1492); Knowledge 3 gives three rolls, Ada's hang-out a fourth (src 1530);
    Craft keeps the best of two and adds 1 to the total (src 1541): best of (4, 1) 4, of (3, 2) 3 (8 of
    10 so far, with the +1), then best of (2, 1) 2 and, Ada's roll, of (2, 1) 2: 4 + 3 + 2 + 2 + 1 = 12
    >= 10, a low knife, $30 - $20 = $10.

    The day ends: Bea's morale back to Poor (src 491); Ada's Icon gives its card for the next day
    (src 1119). Each seat reads names, never ids, and the locked cells' tidbits stay the GM's."""
    d = crew()
    d.do("gm", "start_downtime")
    # Ada
    d.do("ann", "recruit", character="ada", recruitment="r1", dice=[5, 1])
    d.do("ann", "tap_follower", character="ada", kind="fan", use="candidate", recruitment="r1")
    d.refuse(
        "ann", "present_candidate", recruitment="r1", candidate="k1", name="Knuckles", error=NotPermitted
    )
    d.do(
        "gm",
        "present_candidate",
        recruitment="r1",
        candidate="k1",
        name="Knuckles",
        details={"power": "brute"},
    )
    d.do(
        "gm",
        "present_candidate",
        recruitment="r1",
        candidate="k2",
        name="Spindle",
        details={"power": "thinker"},
    )
    d.do("ann", "hire", character="ada", candidate="k1")
    # Cal
    d.do("gm", "start_craft", character="cal", project="knife", item="Knife", tier="low", price=80)
    d.do("cat", "craft", character="cal", project="knife", rolls=2, dice=[4, 1, 3, 2])
    d.do("ann", "downtime_action", character="ada", action="hang_out", project="knife")
    d.do("cat", "craft", character="cal", project="knife", rolls=2, dice=[2, 1, 2, 1])
    # Bea
    d.do("bob", "surveil", character="bea", target="crow", cell="0,0", dice=[5])
    d.do("bob", "surveil", character="bea", target="crow", cell="0,1", dice=[2])
    d.refuse("cat", "strike_choice", character="bea", strike=True, error=NotPermitted)
    d.do("bob", "strike_choice", character="bea", strike=True)
    d.do("bob", "surveil", character="bea", target="crow", cell="1,0", dice=[6])
    d.do("bob", "surveil", character="bea", target="crow", cell="2,0", dice=[1])
    d.do("bob", "strike_choice", character="bea", strike=True)
    d.do("bob", "utilize_intel", character="bea", ops=["present to ada,cal"])
    d.do("bob", "rest_recuperate", character="bea", uses=[])
    d.refuse("bob", "downtime_action", character="bea", action="explore", rule="WD-DT-002")
    d.refuse("ann", "award", character="ada", rep="Self-made legend", error=NotPermitted)
    d.refuse("cat", "end_downtime", error=NotPermitted)
    d.do("gm", "end_downtime")

    c = camp(d)
    assert (c.projects["knife"].result, c.projects["knife"].total, c.ledger("cal").money) == ("low", 12, 10)
    assert c.ledger("ada").followers == {"fan": 2} and c.ledger("ada").underlings == ("Knuckles",)
    assert (c.ledger("bea").intel, c.targets["crow"].strikes) == ({"villain:1": 4}, 2)
    assert c.ledger("cal").writeups == {"crow": (0, 3)} == c.ledger("ada").writeups
    assert [d.state.people[x].morale for x in ("ada", "bea", "cal")] == [0, -2, 0]
    assert cards(d, "ada") == ["costume"]

    table_words = [
        "Downtime phase 1 opens. Ada: 3 slots; Bea: 3 slots; Cal: 3 slots.",
        "Ada recruits at +0: 1 applicant.",
        "Ada: a Fan brings one more candidate (lost if recruited).",
        "A candidate steps up: Knuckles (to learn: power).",
        "Ada hires Knuckles.",
        "Cal: Knife (low, DC 10, materials $20).",
        "Cal works on Knife: 12 of DC 10 (4/4 rolls); result: low.",
        "Bea: Wits 6, capped at 5 by low morale, against 5+ on Movements x Capabilities: unlocked, with"
        " tier-1 villain intel.",
        "Bea: Wits 3 against 4+ on Movements x Relationships: missed.",
        "Bea: Wits 7, capped at 5 by low morale, against 4+ on Status x Capabilities: unlocked, with"
        " tier-1 villain intel.",
        "Bea: takes a strike for tier-1 villain intel.",
        "Bea: presents 2 unlocks for Ada, Cal.",
        "Bea: mends no wounds; morale rises from Poor (-2) to Neutral (+0).",
        "Downtime phase 1 ends; morale heads back to its baseline: Bea from Neutral (+0) to Poor (-2)."
        " Ada's costume gives 1 rep card for the next day.",
    ]
    for seat in ("gm", "ann", "bob", "cat"):
        words = d.words(seat)
        for line in table_words:
            assert line in words, (seat, line, words[-30:])
        seen = seen_by(d, seat)
        assert all(t in seen for t in (TIDBITS[0], TIDBITS[3]))  # the unlocked cells' tidbits
        assert any(t in seen for t in TIDBITS[4:]) == (seat == "gm")
        assert ("power brute" in seen) == (seat == "gm")
        assert not any(x in said(d, seat) for x in ("ada ", "bea ", "cal ", "crow ", "->"))


@pytest.mark.rules("WD-DT-003", "WD-DT-007")
def test_r13_12_a_slot_on_the_menus_plain_actions_reads_as_english_not_a_key() -> None:
    """src 1378-1415: the menu's Hang Out, Self-Promote, Focus on Work/School, Explore. Ada spends her
    three slots on them; each line reads as a sentence ("hanging out", "self-promotion"), never the
    command's key ("hang out", "self promote")."""
    d = crew()
    d.do("gm", "start_downtime")
    d.do("ann", "downtime_action", character="ada", action="hang_out", note="at the diner")
    d.do("ann", "downtime_action", character="ada", action="self_promote")
    d.do("ann", "downtime_action", character="ada", action="work_or_school")
    for seat in ("gm", "ann", "bob"):
        words = d.words(seat)
        for line in (
            "Ada spends a slot on hanging out (at the diner).",
            "Ada spends a slot on self-promotion.",
            "Ada spends a slot on work or school.",
        ):
            assert line in words, (seat, line)


# --- (f) names the GM types: "the Dealers" are the Dealers (src 433, 1131-1141) -----------------------------


@pytest.mark.rules("WD-REP-005", "WD-REP-006", "WD-REP-002")
def test_r13_13_a_card_for_dealers_counts_with_the_dealers_whatever_the_article_or_case() -> None:
    """src 433: 'rep exclusive to a person or group lets the player roll Social if relevant. On a 4+ they
    keep it'; src 418-423: 'Dealers Owe You One (Rep with Dealers Only)'. The GM writes the card for
    "Dealers" and opens talks with "the dealers": one group. Ada (Social 3, +0) plays it: dice 3 and 5,
    the best 5 against 5+, a deal; the keep roll 4: kept and marked. With "the Merchants" it means
    nothing: refused, kept, nothing changed."""
    d = crew()
    d.do("gm", "award", character="cal", rep="Dealers Owe You One", exclusive="Dealers")
    d.do("gm", "open_negotiation", negotiation="m", party="the Merchants", tn=5)
    err = d.refuse("cat", "negotiate", character="cal", negotiation="m", cards=[1], rule="WD-REP-006")
    assert err.message == "The card from Dealers Owe You One means nothing to the Merchants."
    d.do("gm", "open_negotiation", negotiation="n", party="the dealers", tn=5)
    d.do("cat", "negotiate", character="cal", negotiation="n", cards=[1], dice=[3, 5, 4])
    assert camp(d).negotiations["n"].outcome == "agreed"
    (card,) = camp(d).ledger("cal").rep
    assert (card.source, card.marked) == ("Dealers Owe You One", True)


@pytest.mark.rules("WD-EQUIP-017", "WD-SOCIAL-008")
def test_r13_14_a_high_tier_affiliation_helps_with_its_group_named_with_the_article() -> None:
    """src 1141: High-Tier Affiliation '+1 to social rolls with affiliated bystanders'. Cal's piece names
    "Merchants"; the GM opens talks with "The Merchants" at 4+: a 3 (Social 3, +0) and the +1 is 4, a
    deal."""
    d = four()
    pc(d, "cat", "cal", "Cal", costume=icon("high_affiliation", group="Merchants"))
    d.do("gm", "open_negotiation", negotiation="n", party="The Merchants", tn=4)
    d.do("cat", "negotiate", character="cal", negotiation="n", dice=[3])
    assert camp(d).negotiations["n"].outcome == "agreed"


@pytest.mark.rules("WD-RECRUIT-007", "WD-RECRUIT-001")
def test_r13_15_a_rep_card_lost_to_recruiting_is_named() -> None:
    """src 1671: rep tapped 'for an additional recruitment opportunity' or 'a bonus to all die rolls';
    'Tapped reputation has a 50% chance of being lost after the fact' (kept on 4+, WD-RECRUIT-007).
    Cal (Social 3) holds three cards and taps one for a die and one for +1: four dice 4, 2, 5, 1 at +1
    are 5, 3, 6, 2, two applicants. The keep rolls: 1, lost; 6, kept. Every seat reads which card went."""
    d = crew()
    for deed in ("Saved the bus", "Stopped the bank job", "Beat Steeltoe"):
        d.do("gm", "award", character="cal", rep=deed)
    d.do("gm", "start_downtime")
    d.do("cat", "recruit", character="cal", recruitment="r", rep_dice=1, rep_bonus=1, dice=[4, 2, 5, 1, 1, 6])
    assert camp(d).recruitments["r"].openings == 2
    assert cards(d, "cal") == ["Stopped the bank job", "Beat Steeltoe"]
    for seat in ("gm", "ann", "cat"):
        assert "Cal recruits at +1: 2 applicants; rep lost: Saved the bus." in d.words(seat)


@pytest.mark.rules("WD-FOLLOW-010", "WD-FOLLOW-003")
def test_r13_16_a_fan_gives_rep_only_to_one_holding_fewer_cards_than_fans() -> None:
    """src 1370: a Fan 'Grants 1 reputation for downtime phase only'; src 1372: 'If you have less than
    [# of fans] rep, tap a fan to gain reputation.' Ada's two Fans give her two cards for the phase:
    she holds 2, not less than 2, so the tap is refused with a sentence and nothing changes (it would
    turn a card of the phase into one that outlasts it)."""
    d = crew()
    d.do("gm", "start_downtime")
    assert cards(d, "ada") == ["fans", "fans"]
    err = d.refuse("ann", "tap_follower", character="ada", kind="fan", use="rep", rule="WD-FOLLOW-010")
    assert err.message == "A Fan gives rep only while Ada holds fewer than 2."


@pytest.mark.rules(
    "WD-PLAN-002", "WD-SOCIAL-003", "WD-RECRUIT-011", "WD-REP-009", "WD-INTEL-034", "WD-INTEL-015"
)
def test_r13_17_a_player_doing_the_gms_part_or_spending_intel_not_held_is_told_and_nothing_changes() -> None:
    """src 1441-1445: a mission's details are the GM's; src 285: the talks' terms are the GM's reading;
    src 1712: the recruiter's Knowledge is rolled 'behind the scenes'; src 440: negative rep is the GM's
    to hold; src 1947: a target's move is the GM's. Ann tries each during downtime: a plain sentence,
    nothing changed. Bea, holding no intel, cannot spend a tier-1 villain intel on a cell (src 1902)."""
    d = crew()
    d.do("gm", "start_downtime")
    d.do("ann", "declare_mission", character="ada", mission="m1", kind="robbery", date="Friday")
    d.do("ann", "recruit", character="ada", recruitment="r1", dice=[4, 2])
    for command, fields, message in (
        (
            "set_mission_details",
            {"mission": "m1", "details": {"security": ["2 guards"]}},
            "set mission details",
        ),
        ("open_negotiation", {"negotiation": "n", "party": "Dealers", "tn": 3}, "open negotiations"),
        ("vet_candidates", {"recruitment": "r1"}, "roll behind the screen"),
        ("give_negative", {"character": "bea", "source": "Snitched"}, "give negative rep"),
        ("relocate_target", {"target": "crow", "downtimes": 2}, "move targets"),
    ):
        err = d.refuse("ann", command, error=NotPermitted, **fields)
        assert err.message == f"Only the GM can {message}."
    err = d.refuse("bob", "spend_intel", character="bea", target="crow", intel="villain:1", on="0,0")
    assert err.message == "That takes 1 tier-1 villain intel; 0 held."


@pytest.mark.rules("WD-FOLLOW-002", "WD-PLAN-004", "WD-EQUIP-005")
def test_r13_18_follower_awards_a_launch_and_a_cell_refusal_read_as_a_person_says_them() -> None:
    """The seed names follower types as titles ('a Journalist', 'a Fan', src 1357-1372). Bea has not
    met a Journalist's criteria: a plain sentence. The GM awards them (src 1357: 'criteria ... met'),
    she tries (Social 1 + d6 = 1+6 = 7 against 1+, the first of the type) and gains a Journalist: the
    words name the type as a title. A mission launch ends its sentence. A crafted costume piece's last
    roll with no cell names the grid cell in words, not a field code (src 1019)."""
    d = crew()
    d.do("gm", "start_downtime")
    err = d.refuse("bob", "gain_follower", character="bea", kind="journalist")
    assert err.message == "Bea has not met the criteria for a Journalist yet."
    d.do("gm", "award", character="bea", eligible="journalist")
    assert "Bea receives word that the criteria for a Journalist are met." in said(d, "bob")
    d.do("bob", "gain_follower", character="bea", kind="journalist", dice=[6])
    assert "Bea gains a Journalist (" in said(d, "bob")
    d.do("gm", "declare_mission", character="ada", mission="m1", kind="robbery",
         details={"security": ["2 guards", "4 guards"]})  # fmt: skip
    d.do("gm", "launch_mission", mission="m1", dice=[1, 2])
    assert any(w.startswith("Mission robbery launches: ") and w.endswith(".") for w in d.words("ann"))
    m = mender(costume=icon())
    m.do("ann", "start_craft", character="ada", project="a", item="armor")
    m.do("ann", "craft", character="ada", project="a", rolls=2, dice=[6, 1, 6, 1])
    err = m.refuse("ann", "craft", character="ada", project="a", rolls=1, rule="WD-EQUIP-005")
    assert err.message.endswith("name the grid cell it goes in, by its row and column.")


@pytest.mark.rules("WD-MORALE-006", "WD-MORALE-008", "WD-EFFORT-011")
def test_r13_19_the_nights_sleep_reads_the_morale_the_day_ended_at_not_the_baseline() -> None:
    """src 487: 'When the day ends, the character's current morale impacts recovery'; src 491: 'After
    downtime is resolved, morale changes to the day start value'. One day cycle for both end-of-day
    rolls (WD-MORALE-008 PROPOSED (2)): the day ends as downtime opens. Ada (baseline 0) pushes a climb
    with a reroll and, at the lull, exhausts a Stamina dot; a blow to her spirits takes her to -2 before
    the day ends. Downtime opens at -2; its end sets her back to 0, but her night is slept at -2: the
    exhausted dot rolls to mend, 5 against 5+ (two steps below normal): it stays exhausted. The night
    slept, the day's-end morale is spent: it is not read again."""
    d = crew()
    d.do("gm", "call_check", character="ada", stat="athletics", tn=4, task="climb the fence")
    d.do("ann", "check", character="ada", call=max(d.state.calls), dice=[2])
    d.do("ann", "reroll", character="ada", dice=[5])
    d.do("gm", "lull")
    d.do("ann", "exhaust", character="ada", pool="stamina")
    d.do("gm", "change_morale", character="ada", steps=-2, reason="bad news")
    d.do("gm", "start_downtime")
    d.do("gm", "end_downtime")
    assert d.state.people["ada"].morale == 0
    d.do("ann", "sleep", character="ada", dice=[5])  # -2: a 5 or more keeps the dot (src 489)
    assert d.state.people["ada"].effort.exhausted == {Pool.STAMINA: 1}
    assert "Ada sleeps the night; low morale keeps 1 exhausted dot." in d.words("bob")
    assert d.state.people["ada"].night_morale is None


@pytest.mark.rules("WD-MORALE-006", "WD-MORALE-008", "WD-EFFORT-011")
def test_r13_21_a_morale_change_during_downtime_does_not_change_the_night_the_day_ended_at() -> None:
    """src 487-491, one day cycle (WD-MORALE-008 PROPOSED (2)-(4)): the end-of-day rolls read the morale
    held as downtime opens; what downtime does to morale after (step (3)) is the next day's business,
    as for the bonus slot (test_r13_20).

    Ada (baseline 0) exhausts a Stamina dot and the day ends at 0: bad news during downtime takes her to
    -2, the reset brings her back to 0, and her night is slept at 0: no roll, the dot clears. Next day
    she exhausts a dot again and the day ends at -2: a lift during downtime takes her to 0, but her
    night is slept at -2: the dot rolls, 6 against 5+ (two steps below normal): it stays exhausted."""
    d = crew()

    def push_and_exhaust() -> None:  # a pushed climb, and a Stamina dot exhausted at the lull
        d.do("gm", "call_check", character="ada", stat="athletics", tn=4, task="climb the fence")
        d.do("ann", "check", character="ada", call=max(d.state.calls), dice=[2])
        d.do("ann", "reroll", character="ada", dice=[5])
        d.do("gm", "lull")
        d.do("ann", "exhaust", character="ada", pool="stamina")

    push_and_exhaust()
    d.do("gm", "start_downtime")  # the day ends at 0
    d.do("gm", "change_morale", character="ada", steps=-2, reason="bad news")
    d.do("gm", "end_downtime")
    d.do("ann", "sleep", character="ada", dice=[])  # slept at 0: no dice
    assert d.state.people["ada"].effort.exhausted == {}
    assert "Ada sleeps the night; exhaustion clears." in d.words("bob")
    push_and_exhaust()
    d.do("gm", "change_morale", character="ada", steps=-2, reason="worse news")
    d.do("gm", "start_downtime")  # the day ends at -2
    d.do("gm", "change_morale", character="ada", steps=2, reason="a friend's visit")
    assert d.state.people["ada"].morale == 0
    d.do("gm", "end_downtime")
    d.do("ann", "sleep", character="ada", dice=[6])  # slept at -2: a 5 or more keeps the dot (src 489)
    assert d.state.people["ada"].effort.exhausted == {Pool.STAMINA: 1}
    assert "Ada sleeps the night; low morale keeps 1 exhausted dot." in d.words("bob")


@pytest.mark.rules("WD-MORALE-007", "WD-MORALE-008", "WD-DT-006")
def test_r13_20_the_bonus_slot_is_rolled_as_downtime_opens_from_the_morale_the_day_ended_at() -> None:
    """src 487-491: 'When the day ends ... If morale is high, roll ... gain an extra time slot for
    downtime ... After downtime is resolved, morale changes to the day start value'. The day ends, its
    morale rolls, downtime is spent, then morale resets: the inventory's day cycle (WD-MORALE-008
    PROPOSED: (2) the end-of-day rolls use current morale, (3) the slots resolve, (4) the reset). So the
    roll is made as downtime opens, from the morale held then, and a slot won is that night's.

    Day one: a win lifts Ada (baseline 0) to +2: 2 + 2 = 4 dice, 1, 1, 1, 6: a 6, a fourth slot. Bad
    news during the downtime takes her to 0: the slot won stays hers. The reset leaves her at 0.
    Day two: a small lift to +1 rolls 2 + 1 = 3 dice, 2, 3, 6: a 6 again, from today's morale; not
    from the morale day one's downtime ended at (0, which rolls nothing)."""
    d = crew()
    d.do("gm", "change_morale", character="ada", steps=2, reason="a rousing win")
    d.do("gm", "start_downtime", dice=[1, 1, 1, 6])
    assert (camp(d).phase.slots["ada"].total, camp(d).phase.slots["ada"].bonus) == (4, True)
    assert "Downtime phase 1 opens. Ada: 4 slots (bonus);" in "\n".join(d.words("bob"))
    d.do("gm", "change_morale", character="ada", steps=-2, reason="bad news")
    assert camp(d).phase.slots["ada"].total == 4
    d.do("gm", "end_downtime")
    assert d.state.people["ada"].morale == 0
    d.do("gm", "change_morale", character="ada", steps=1, reason="a kind word")
    d.do("gm", "start_downtime", dice=[2, 3, 6])
    assert (camp(d).phase.slots["ada"].total, camp(d).phase.slots["ada"].bonus) == (4, True)
    assert "Downtime phase 2 opens. Ada: 4 slots (bonus);" in "\n".join(d.words("bob"))


@pytest.mark.rules("WD-MORALE-006", "WD-MORALE-008")
def test_r13_22_an_old_logs_day_end_that_carried_the_nights_morale_still_replays_as_it_did() -> None:
    """Logs keep replaying: before the night's morale was kept as downtime opened, the day's end's
    DowntimeEnded carried it beside the reset (Ada's patch: morale 0, night_morale -2). Such a log,
    replayed, still sleeps Ada's night at -2 (the stored patch is applied as it was written)."""
    d = crew()
    d.do("gm", "change_morale", character="ada", steps=-2, reason="bad news")
    d.do("gm", "start_downtime")
    d.do("gm", "end_downtime")
    log = []
    for e in d.table.log:  # written as the older code wrote it: the night's morale on the day's end
        if e.type == "weaverdice.downtime_started":
            data = {**e.data, "changed": [p for p in e.data["changed"] if p["id"] != "ada"]}
            e = e.model_copy(update={"data": data})
        if e.type == "weaverdice.downtime_ended":
            changed = [{**p, "night_morale": -2} if p["id"] == "ada" else p for p in e.data["changed"]]
            e = e.model_copy(update={"data": {**e.data, "changed": changed}})
        log.append(e)
    replayed = Table.replay(log)
    ada = replayed.state.people["ada"]  # type: ignore[attr-defined]
    assert (ada.morale, ada.night_morale) == (0, -2)
