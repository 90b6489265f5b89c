"""A referee's campaign situations (pass 14), each written from the seed
(``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited "src N") before playing it at the table with
given dice. The night a character skips: the next night's sleep reads that night's day's end, not the
one skipped (src 487-491, WD-MORALE-008's day cycle); and the campaign events' words, now built from
the facts the events record, read as before (Rest & Recuperate, paid care, a follower tapped, a
negotiation's rolls, intel spent on a DC or a cell)."""

from __future__ import annotations

import pytest

from capeworks.engine import Viewer
from capeworks.engine.table import Table
from capeworks.engine.testing import Driver
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
    "care_bought": "Ada: $2000 to maskdoc; 4 against 4+: fractured leg halved to 8 days.",
    # Social 2 (+0): 3 against 5+ (src 1346): the card sticks
    "follower_tapped": "Bea: a Journalist spins the story: Social 3 against 5+: it sticks.",
    # Social 2 + one rep die: best of 2, 3 = 3 against 6+, 2 or more short: catastrophic (src 431-437);
    # the exclusive card's keep roll 4 against 4+ (src 433)
    "negotiated": "Cal: Social 3 against 6+: no deal yet; a catastrophic roll: -1 on every later roll "
    "here; keeps Dockers' thanks (4 against 4+).",
    "intel_spent": "Cal: spends tier-2 villain intel to narrow the find.",
}
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
            data["text"] = LINES[kind].split(": ", 1)[1]
            e = e.model_copy(update={"data": data, "version": old[kind]})
        log.append(e)
    replayed = Table.replay(log)
    assert replayed.state == d.table.state
    for seat in ("gm", "ann", "bob", "cat"):
        viewer = replayed.viewer_for(seat)
        assert [x.description.text for x in replayed.log_view(viewer)] == d.words(seat)
    # an older wording is no fact's line: it reads as written
    rest = next(e for e in log if e.type == "weaverdice.recuperated")
    older = rest.model_copy(update={"data": {**rest.data, "text": "mends 0 wounds; morale -2 -> +0."}})
    replayed = Table.replay([older if e is rest else e for e in log])
    assert "Ada: mends 0 wounds; morale -2 -> +0." in [
        x.description.text for x in replayed.log_view(Viewer.gm())
    ]
