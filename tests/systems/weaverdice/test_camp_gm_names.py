"""The GM's downtime lines read names, not ids: the hidden NPCs' part of a downtime event
(``DowntimeKept``), the GM's copy of a ledger (``LedgersKept``), a group's members and the hidden
checks of Cape Business. A log written before these events carried names still reads its ids."""

from __future__ import annotations

import pytest

from tests.systems.weaverdice.test_camp_hidden_downtime import DICE, with_hidden_boss


@pytest.mark.rules("WD-NPC-003", "WD-DT-002", "WD-DT-006", "WD-FOLLOW-008", "WD-BIZ-002")
def test_the_gms_downtime_lines_name_the_characters() -> None:
    d = with_hidden_boss()
    at = d.table.version
    d.do("gm", "start_downtime", characters=["ada", "boss"], slots=2, dice=DICE)
    d.do("gm", "form_group", group="gang", name="The Gang", members=["ada", "boss"])
    d.do("ann", "cape_business", character="ada", checkins=["the lab"], dice=[2])
    lines = d.words("gm", since=at)
    assert lines == [
        "Downtime phase 1 opens. Ada: 2 slots.",
        "The GM's notes on Boss are updated.",  # the Boss's night morale, 3, as the day ends (src 487-491)
        "Behind the screen: Boss rolls 6, 2, 2, 2, 2 for a bonus slot; Ada: 2 of 2 slots left; "
        "Boss: 3 of 3 slots left.",
        "(The players see only that the GM made a roll.)",
        "The Gang forms: Ada shares up to 2 followers.",
        "Behind the screen: The Gang is Ada, Boss.",
        "Ada checks in on the lab.",
        "Behind the screen: Ada: 1 of 2 slots left; Boss: 3 of 3 slots left.",
        "Hidden check for Ada: the lab: 2",
        "(The players see only that the GM made a roll.)",
    ]


@pytest.mark.rules("WD-NPC-003", "WD-REP-007")
def test_the_gms_copy_of_a_hidden_npcs_ledger_and_its_discard_name_it() -> None:
    d = with_hidden_boss(morale=0)
    for n in range(6):
        d.do("gm", "award", character="boss", rep=f"deed {n}")
    d.do("gm", "start_downtime", characters=["ada", "boss"], slots=1)
    at = d.table.version
    d.do("gm", "end_downtime")
    lines = d.words("gm", since=at)
    assert "The GM's copy of Boss's campaign sheet, with what players do not see." in lines
    assert any(line.startswith("Behind the screen: Boss must discard") for line in lines), lines
