"""A referee's campaign situations (pass 14), each written from the seed
(``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited "src N") before playing it at the table with
given dice. The night a character skips: the next night's sleep reads that night's day's end, not the
one skipped (src 487-491, WD-MORALE-008's day cycle). The campaign events' words, now built from the
facts the events record, read as before, and an old log that stored the lines replays to the same
words (Rest & Recuperate, paid care, a follower tapped, a negotiation's rolls, intel spent on a DC or
a cell). Then a downtime of three read from every seat: a rest's Guts rolls (how many, two sixes
past a lengthy check, src 2005-2007), rep played after a catastrophic Social roll (src 431-437), the
three slots and the day's end (src 1417, 1119), tier-four intel and a target's own (src 1813), a
Journalist against negative rep (src 1346); and the refusals met on the way (a fourth action, too
many Guts rolls, a player opening talks or rolling for another's character).
"""

from __future__ import annotations

import pytest

from capeworks.engine import Viewer
from capeworks.engine.table import Table
from capeworks.engine.testing import Driver
from capeworks.errors import NotPermitted
from capeworks.systems.weaverdice.vocab import Pool
from tests.systems.weaverdice.campaign_support import camp, seen_by
from tests.systems.weaverdice.helpers import add, sheet, table
from tests.systems.weaverdice.test_camp_referee13 import TIDBITS, crew


def said(d: Driver, seat: str) -> str:
    return " ".join(d.words(seat))


def push_and_exhaust(d: Driver) -> None:
    """Ada pushes a climb with a reroll and exhausts a Stamina dot at the lull."""
    d.do("gm", "call_check", character="ada", stat="athletics", tn=4, task="climb the fence")
    d.do("ann", "check", character="ada", call=max(d.state.calls), dice=[2])
    d.do("ann", "reroll", character="ada", dice=[5])
    d.do("gm", "lull")
    d.do("ann", "exhaust", character="ada", pool="stamina")


@pytest.mark.rules("WD-MORALE-006", "WD-MORALE-008", "WD-EFFORT-011")
def test_r14_01_a_night_skipped_is_not_read_by_the_next_nights_sleep() -> None:
    """src 487: 'When the day ends, the character's current morale impacts recovery'. Day one ends for
    Ada at -2 (downtime opens for the crew); she does not sleep that night. Day two she is back at her
    baseline 0 and exhausts a Stamina dot; the day ends with downtime for Bea alone (Ada takes no slots:
    nothing moves her morale). Her sleep that night reads the morale her day two ended at, 0: no roll,
    the dot clears. Before, it read day one's -2 (recorded as that downtime opened and never slept) and
    rolled the dot."""
    d = crew()
    d.do("gm", "change_morale", character="ada", steps=-2, reason="bad news")
    d.do("gm", "start_downtime")  # day one ends at -2 for Ada
    d.do("gm", "end_downtime")  # morale to the day start (0); Ada does not sleep
    assert d.state.people["ada"].morale == 0
    push_and_exhaust(d)
    d.do("gm", "start_downtime", characters=["bea"])  # day two ends; Ada at 0
    d.do("gm", "end_downtime")
    d.do("ann", "sleep", character="ada", dice=[])  # slept at 0: no dice
    assert d.state.people["ada"].effort.exhausted == {}
    assert "Ada sleeps the night; exhaustion clears." in d.words("bob")
    assert d.state.people["ada"].night_morale is None


FACT_TYPES = ("recuperated", "care_bought", "follower_tapped", "negotiated", "intel_spent")


def facts_downtime() -> Driver:
    """A downtime where each of the five events that stored lines happens once: Ada rests on a broken
    leg and pays the Maskdoc for it, Bea's Journalist fights her negative rep, Cal negotiates with an
    exclusive card and spends intel on Crowbar's finding DC."""
    d = crew()
    d.do("gm", "award", character="ada", condition="fractured leg", days=20)
    d.do("gm", "award", character="ada", money=2000)
    d.do("gm", "award", character="bea", eligible="journalist")
    d.do("gm", "give_negative", character="bea", source="left a man behind")
    d.do("gm", "award", character="cal", rep="Dockers' thanks", exclusive="Dockers")
    d.do("gm", "award", character="cal", intel="villain:2")
    d.do("gm", "add_target", target="tow", name="The Tower", size=3, dispositions=["villain"],
         tidbits=TIDBITS, find_dc=12, thread_dc=10)  # fmt: skip
    d.do("gm", "start_downtime")
    d.do("ann", "rest_recuperate", character="ada", uses=["fractured leg"], dice=[4])
    d.do("ann", "paid_care", character="ada", provider="maskdoc", condition="fractured leg", dice=[5])
    d.do("bob", "gain_follower", character="bea", kind="journalist", dice=[6])
    d.do("bob", "downtime_action", character="bea", action="self_promote")
    bad = next(c.id for c in d.state.campaign.ledger("bea").rep if c.negative)
    d.do("bob", "tap_follower", character="bea", kind="journalist", use="unrep", card=bad, dice=[3])
    d.do("gm", "open_negotiation", negotiation="n", party="Dockers", tn=6)
    card = next(c.id for c in d.state.campaign.ledger("cal").rep if c.exclusive)
    d.do("cat", "negotiate", character="cal", negotiation="n", cards=[card], dice=[2, 3, 4])
    d.do("cat", "spend_intel", character="cal", target="tow", intel="villain:2", on="find")
    return d


LINES = {
    # Guts 2 (+0): 4 days off 20 (src 2009); the Maskdoc's 1d6-1 = 5-1 = 4 against 4+: halved (src 2013)
    "recuperated": "Ada: mends no wounds; fractured leg: 4 days off, 16 left.",
    "care_bought": "Ada: $2000 to Maskdoc; 4 against 4+: fractured leg halved to 8 days.",
    # Social 2 (+0): 3 against 5+ (src 1346): the card sticks
    "follower_tapped": "Bea: a Journalist spins the story: Social 3 against 5+: it sticks.",
    # Social 2 + one rep die: best of 2, 3 = 3 against 6+, 2 or more short: catastrophic (src 431-437);
    # the exclusive card's keep roll 4 against 4+ (src 433)
    "negotiated": "Cal: Social 3 against 6+: no deal yet; a catastrophic roll: -1 on every later roll "
    "here; keeps Dockers' thanks (4 against 4+).",
    "intel_spent": "Cal: spends tier-2 villain intel to narrow the find.",
}
#: the lines as the code before facts wrote them, where they differ: the provider by its key
OLD_LINES = {"care_bought": "Ada: $2000 to maskdoc; 4 against 4+: fractured leg halved to 8 days."}
FACTS = {
    "recuperated": "rested",
    "care_bought": "treated",
    "follower_tapped": "total",
    "negotiated": "talked",
    "intel_spent": "spent",
}


@pytest.mark.rules(
    "WD-REST-001", "WD-REST-002", "WD-REST-004", "WD-FOLLOW-009", "WD-SOCIAL-002", "WD-INTEL-003"
)
def test_r14_02_the_campaign_events_store_facts_and_the_words_come_from_them() -> None:
    """Events record facts; the words come from the renderer. A rest, paid care, a Journalist tapped, a
    negotiation's roll and intel spent on a DC store what happened (numbers, names, outcomes), no line
    of words; every seat reads the same lines as before."""
    d = facts_downtime()
    stored = {e.type.split(".")[1]: e for e in d.table.log if e.type.split(".")[1] in FACT_TYPES}
    assert set(stored) == set(FACT_TYPES)
    for kind, e in stored.items():
        assert "text" not in e.data and FACTS[kind] in e.data, kind
    assert stored["recuperated"].data["rested"]["rolls"] == [
        {"what": "fractured leg", "kind": "days", "total": 4, "done": False, "left": 16}
    ]
    assert stored["negotiated"].data["talked"]["keeps"] == [
        {"source": "Dockers' thanks", "total": 4, "need": 4, "kept": True}
    ]
    for seat in ("gm", "ann", "bob", "cat"):
        for line in LINES.values():
            assert line in d.words(seat)


@pytest.mark.rules("WD-REST-001", "WD-REST-004", "WD-FOLLOW-009", "WD-SOCIAL-002", "WD-INTEL-003")
def test_r14_03_an_old_log_that_stored_the_lines_replays_to_the_same_words() -> None:
    """Logs keep replaying: the same downtime written as the older code wrote it (each of the five
    events at its old version, holding its line as ``text`` and no facts) replays to the same state and
    the same words for every seat; the upcasters read each line back into its facts. A line in an older
    wording still ("morale -2 -> +0", before the steps were named) stays as it was written."""
    d = facts_downtime()
    old = {"recuperated": 3, "care_bought": 3, "follower_tapped": 3, "negotiated": 3, "intel_spent": 4}
    log = []
    for e in d.table.log:
        kind = e.type.split(".")[1]
        if kind in old:
            data = {
                k: v for k, v in e.data.items() if k not in ("rested", "fee", "treated", "talked", "spent")
            }
            data = {k: v for k, v in data.items() if k not in ("total", "turned", "moved_on")}
            data["text"] = OLD_LINES.get(kind, LINES[kind]).split(": ", 1)[1]
            e = e.model_copy(update={"data": data, "version": old[kind]})
        log.append(e)
    replayed = Table.replay(log)
    assert replayed.state == d.table.state
    for seat in ("gm", "ann", "bob", "cat"):
        viewer = replayed.viewer_for(seat)
        # the same words, but the care an older release named by the provider's key, as it wrote it
        same = [OLD_LINES["care_bought"] if w == LINES["care_bought"] else w for w in d.words(seat)]
        assert [x.description.text for x in replayed.log_view(viewer)] == same
    # an older wording is no fact's line: it reads as written
    rest = next(e for e in log if e.type == "weaverdice.recuperated")
    older = rest.model_copy(update={"data": {**rest.data, "text": "mends 0 wounds; morale -2 -> +0."}})
    replayed = Table.replay([older if e is rest else e for e in log])
    assert "Ada: mends 0 wounds; morale -2 -> +0." in [
        x.description.text for x in replayed.log_view(Viewer.gm())
    ]


@pytest.mark.rules("WD-REST-002")
def test_r14_04_a_rest_names_no_more_guts_rolls_than_the_guts_score_and_nothing_changes() -> None:
    """src 2005: 'a number of times equal to one's guts score'. Ada (Guts 3) names four rolls on her
    brainwashing: refused in a sentence, and her slot is not spent (nothing changed)."""
    d = crew()
    d.do("gm", "award", character="ada", condition="brainwashing", dc=20, two_sixes=True)
    d.do("gm", "start_downtime")
    err = d.refuse("ann", "rest_recuperate", character="ada", uses=["brainwashing"] * 4, rule="WD-REST-002")
    assert err.message == "Ada has 3 Guts rolls in a rest."


@pytest.mark.rules("WD-REST-002", "WD-REST-003")
def test_r14_05_two_natural_sixes_shake_off_brainwashing_before_its_dc() -> None:
    """src 2007: 'shaking off brainwashing could require a lengthy check of 20 or two sixes'. Ada (Guts 3,
    +0) spends two of her three rolls on it: 6 (6 of 20), 6: two sixes, past it, though 12 < 20. Every
    seat reads both rolls; the condition is gone from her sheet."""
    d = crew()
    d.do("gm", "award", character="ada", condition="brainwashing", dc=20, two_sixes=True)
    d.do("gm", "start_downtime")
    d.do("ann", "rest_recuperate", character="ada", uses=["brainwashing", "brainwashing"], dice=[6, 6])
    line = "Ada: mends no wounds; brainwashing: 6, 6 of 20; brainwashing: 6, past it."
    for seat in ("gm", "ann", "bob", "cat"):
        assert d.words(seat)[-1] == line
    assert d.state.campaign.ledger("ada").conditions == ()


@pytest.mark.rules("WD-SOCIAL-002")
def test_r14_06_a_player_may_not_talk_for_anothers_character_nor_open_the_talks() -> None:
    """The GM sets the other party's terms (src 291, WD-SOCIAL-002): Bob may not open a negotiation, nor
    roll Social for Cal, Cat's character; each is a sentence, and nothing changes."""
    d = crew()
    d.do("gm", "start_downtime")
    err = d.refuse("bob", "open_negotiation", negotiation="m", party="Dockers", tn=2, error=NotPermitted)
    assert err.message == "Only the GM can open negotiations."
    d.do("gm", "open_negotiation", negotiation="n", party="Dockers", tn=6)
    err = d.refuse("bob", "negotiate", character="cal", negotiation="n", error=NotPermitted)
    assert err.message == "You can only act for your own characters; Cal is played by another seat."


@pytest.mark.rules("WD-REP-004", "WD-SOCIAL-004")
def test_r14_07_rep_played_after_a_catastrophic_roll_rescues_it_with_the_dice_kept_together() -> None:
    """src 431: rep may be played after a failed roll for more dice (WD-REP-004 PROPOSED: kept together
    with the first). Cal (Social 3, +0) plays one card: 2 dice, 3 and 2: 3 against 6+, short by 3: no
    deal, a catastrophe (src 437). A second card after: one more die, 6: the best of 3, 2, 6 is 6: agreed.
    Every seat reads both lines."""
    d = crew()
    d.do("gm", "award", character="cal", rep="a good word")
    d.do("gm", "award", character="cal", rep="a second word")
    d.do("gm", "start_downtime")
    d.do("gm", "open_negotiation", negotiation="n", party="Dockers", tn=6)
    d.do("cat", "negotiate", character="cal", negotiation="n", cards=[1], dice=[3, 2])
    d.do("cat", "rep_after", character="cal", negotiation="n", cards=[2], dice=[6])
    for seat in ("gm", "ann", "bob", "cat"):
        assert d.words(seat)[-2:] == [
            "Cal: Social 3 against 6+: no deal yet; a catastrophic roll: -1 on every later roll here.",
            "Cal: rep brings the roll to 6 against 6+: agreed.",
        ]
    assert d.state.campaign.negotiations["n"].outcome == "agreed"


@pytest.mark.rules("WD-DT-002", "WD-DT-003")
def test_r14_08_a_fourth_action_of_three_slots_is_refused_and_the_days_end_reads_for_everyone() -> None:
    """src 1417: slots 'typically 3'; each slot one action (src 1378-1415). Ada rests, hangs out and
    self-promotes; a fourth (explore) is refused in a sentence. The day's end: nobody's morale moved,
    Ada's Icon gives her a card for the next day (src 1119), the same words for every seat."""
    d = crew()
    d.do("gm", "start_downtime")
    d.do("ann", "rest_recuperate", character="ada", uses=[])
    d.do("ann", "downtime_action", character="ada", action="hang_out")
    d.do("ann", "downtime_action", character="ada", action="self_promote")
    err = d.refuse("ann", "downtime_action", character="ada", action="explore", rule="WD-DT-002")
    assert err.message == "Ada has used every downtime slot this phase."
    d.do("gm", "end_downtime")
    end = (
        "Downtime phase 1 ends; everyone's morale is at its baseline already. "
        "Ada's costume gives 1 rep card for the next day."
    )
    for seat in ("gm", "ann", "bob", "cat"):
        assert d.words(seat)[-3:] == [
            "Ada spends a slot on hanging out.",
            "Ada spends a slot on self-promotion.",
            end,
        ]


@pytest.mark.rules("WD-INTEL-003", "WD-INTEL-004")
def test_r14_09_tier_four_intel_finds_and_opens_the_entry_and_a_targets_own_intel_reads_by_its_name() -> None:
    """src 1813: tier four is '100% & unlock 1-2': the finding DC is gone (found) and the surveil entry
    cell opens, said by its labels; the new DC is the GM's alone. Intel on the Tower itself (tier one,
    20% off the thread's 10: 8) reads by the target's name, not its key: before, "tier-1 tow intel"."""
    d = crew()
    d.do("gm", "add_target", target="tow", name="The Tower", size=3, dispositions=["villain"],
         tidbits=TIDBITS, find_dc=12, thread_dc=10)  # fmt: skip
    d.do("gm", "award", character="cal", intel="villain:4")
    d.do("gm", "award", character="cal", intel="tow:1")
    d.do("gm", "start_downtime")
    d.do("cat", "spend_intel", character="cal", target="tow", intel="villain:4", on="find")
    found = "Cal: spends tier-4 villain intel to narrow the find: found; Movements x Capabilities unlocks."
    assert d.words("bob")[-1] == found
    assert d.words("gm")[-2:] == ["The Tower's hidden DCs: find 0, thread 10.", found]
    assert not any("hidden DCs" in w for w in d.words("bob"))
    d.do("cat", "spend_intel", character="cal", target="tow", intel="tow:1", on="thread")
    assert d.words("ann")[-1] == "Cal: spends tier-1 The Tower intel to narrow the thread."
    assert d.words("gm")[-2] == "The Tower's hidden DCs: find 0, thread 8."


@pytest.mark.rules("WD-FOLLOW-009", "WD-REP-009")
def test_r14_10_a_journalist_on_social_5_takes_the_negative_card_off_every_sheet() -> None:
    """src 1346: a Journalist tapped while self-promoting tries 'Social 5+' to remove negative rep. Bea
    (Social 3, +0) rolls 5: 5 against 5+: gone; every seat reads it, and her sheet holds no card."""
    d = crew()
    d.do("gm", "award", character="bea", eligible="journalist")
    d.do("gm", "give_negative", character="bea", source="left a man behind")
    d.do("gm", "start_downtime")
    d.do("bob", "gain_follower", character="bea", kind="journalist", dice=[6])
    d.do("bob", "downtime_action", character="bea", action="self_promote")
    d.do("bob", "tap_follower", character="bea", kind="journalist", use="unrep", card=1, dice=[5])
    for seat in ("gm", "ann", "bob", "cat"):
        assert (
            d.words(seat)[-1]
            == "Bea: a Journalist spins the story: Social 5 against 5+: the negative rep is gone."
        )
    assert d.state.campaign.ledger("bea").rep == ()


@pytest.mark.rules("WD-REST-004", "WD-REST-005", "WD-MORALE-002", "WD-REP-005")
def test_r14_11_paid_care_on_a_lengthy_check_and_a_capped_negotiation_read_right_from_every_seat() -> None:
    """src 2011: professionals 'handle the checks in that second category, adding their efforts'; src
    2013: Maskdoc asks $2000 without established business and $500 with it, rolling 1d6-1. Ada's
    brainwashing (DC 20): 5-1 = 4 (4 of 20) for $2000, then 6-1 = 5 (9 of 20) for $500; the words name
    Maskdoc as the seed does (before: "maskdoc", the key). A scar is neither a check nor a duration:
    refused. Bea, living rough (-2, Poor: dice capped at 5, src 480), plays her Dockers card: best of
    6, 5 is 6, capped at 5, against 4+: agreed, the cap said; the card's keep roll 6, capped 5, 4+: kept."""
    d = crew()
    d.do("gm", "award", character="bea", rep="Dockers' thanks", exclusive="Dockers")
    d.do("gm", "award", character="ada", condition="brainwashing", dc=20, two_sixes=True)
    d.do("gm", "award", character="ada", condition="burn scar", scar=True)
    d.do("gm", "award", character="ada", money=2600)
    d.do("gm", "start_downtime")
    d.do("ann", "paid_care", character="ada", provider="maskdoc", condition="brainwashing", dice=[5])
    d.do("ann", "paid_care", character="ada", provider="maskdoc", condition="brainwashing", dice=[6])
    for seat in ("gm", "ann", "bob", "cat"):
        assert d.words(seat)[-2:] == [
            "Ada: $2000 to Maskdoc; brainwashing: 4, 4 of 20.",
            "Ada: $500 to Maskdoc; brainwashing: 5, 9 of 20.",
        ]
    assert d.state.campaign.ledger("ada").money == 100
    err = d.refuse("ann", "paid_care", character="ada", provider="maskdoc", condition="burn scar")
    assert err.message == "Maskdoc helps lengthy checks and cuts durations; burn scar is neither."
    d.do("gm", "open_negotiation", negotiation="n", party="Dockers", tn=4)
    d.do("bob", "negotiate", character="bea", negotiation="n", cards=[1], dice=[6, 5, 6])
    capped = (
        "Bea: Social 6, capped at 5 by low morale, against 4+: agreed; keeps Dockers' thanks (5 against 4+)."
    )
    for seat in ("gm", "ann", "bob", "cat"):
        assert d.words(seat)[-1] == capped


@pytest.mark.rules("WD-MORALE-006", "WD-MORALE-008", "WD-EFFORT-011")
def test_r14_12_a_night_skipped_then_a_day_ended_in_downtime_sleeps_at_that_days_end() -> None:
    """src 487-491, the other path of r14_01: Ada's day one ends at 0 and she does not sleep; day two she
    exhausts a dot and bad news takes her to -1 before the day ends, in a downtime she is part of. Her
    sleep reads day two's -1 (one step below: a 6 keeps the dot, src 489): 6, it stays exhausted."""
    d = crew()
    d.do("gm", "start_downtime")  # day one ends at 0
    d.do("gm", "end_downtime")  # no sleep
    push_and_exhaust(d)
    d.do("gm", "change_morale", character="ada", steps=-1, reason="bad news")
    d.do("gm", "start_downtime")  # day two ends at -1
    d.do("gm", "end_downtime")
    assert d.state.people["ada"].morale == 0
    d.do("ann", "sleep", character="ada", dice=[6])
    assert d.state.people["ada"].effort.exhausted == {Pool.STAMINA: 1}
    assert "Ada sleeps the night; low morale keeps 1 exhausted dot." in d.words("cat")


@pytest.mark.rules("WD-CRAFT-011", "WD-FOLLOW-011")
def test_r14_13_a_craftsman_turns_the_worst_roll_into_a_4_and_every_seat_reads_which() -> None:
    """src 1530: 'The Craftsman may be tapped to offer a single 4 at any stage ... replacing a bad roll'.
    Cal (Craft: a second die, the better kept, src 1541) rolls 5|2 and 1|1 on a $80 vest: 5 and 1; his
    Craftsman turns the 1 into a 4. The line
    says which roll became the 4, for every seat; a second tap has no roll below 4 left: refused."""
    d = crew()
    held = camp(d).ledger("cal").model_copy(update={"followers": {"craftsman": 2}})
    d.patch(campaign=camp(d).model_copy(update={"ledgers": {**camp(d).ledgers, "cal": held}}))
    d.do("gm", "start_downtime")
    d.do("gm", "start_craft", character="cal", project="vest", item="vest", tier="standard", price=80)
    d.do("cat", "craft", character="cal", project="vest", rolls=2, dice=[5, 2, 1, 1])
    assert sorted(camp(d).projects["vest"].rolls) == [1, 5]
    d.do("cat", "tap_follower", character="cal", kind="craftsman", use="four", project="vest")
    for seat in ("gm", "ann", "bob", "cat"):
        assert d.words(seat)[-1] == "Cal: a Craftsman turns a 1 into a 4 on vest."
    assert sorted(camp(d).projects["vest"].rolls) == [4, 5]
    err = d.refuse("cat", "tap_follower", character="cal", kind="craftsman", use="four", project="vest")
    assert err.message == "A Craftsman replaces a roll below 4; none is."


@pytest.mark.rules("WD-NPC-003", "WD-MORALE-008")
def test_r14_14_a_hidden_npcs_unslept_night_is_spent_at_the_next_days_end_behind_the_screen() -> None:
    """r14_01's path for a hidden NPC (WD-NPC-003: its morale is the GM's): the Boss's day ends at +3 in
    a downtime he is part of and he does not sleep; the next day's downtime is the players' alone. His
    old night is spent then, in a patch only the GM's log holds; the players never read his morale."""
    d = table()
    add(d, "ann", sheet("ada", "Ada"))
    add(d, "gm", {**sheet("boss", "Boss"), "tier": "notable"}, hidden=True, morale=3)
    d.do("gm", "start_downtime", characters=["ada", "boss"], dice=[1, 1, 1, 1, 1])
    d.do("gm", "end_downtime")
    assert d.state.people["boss"].night_morale == 3
    d.do("gm", "start_downtime")  # Ada's alone
    assert d.state.people["boss"].night_morale is None
    assert '{"id": "boss", "name": "Boss", "night_morale": null}' in seen_by(d, "gm")
    for seat in ("ann", "bob"):
        assert "night_morale" not in seen_by(d, seat)
