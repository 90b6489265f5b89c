"""Words players read name characters by their names, never by their ids."""

from __future__ import annotations

import pytest

from tests.systems.bpb.helpers import table


@pytest.mark.rules("BPB-EXT-004", "BPB-EXT-003")
def test_a_call_rolled_for_someone_not_on_it_is_refused_naming_them() -> None:
    # src 206-208: the GM names who works on the task; Ganyeka is not on this one
    d = table()
    d.do("gm", "team_task", members=["widow:Reason", "adler:Reason"], difficulty=12, required=2)
    err = d.refuse("bo", "roll", call=1, character="ganyeka", dice=(6, 6))
    assert err.message == "Call 1 is not for Ganyeka to roll."
