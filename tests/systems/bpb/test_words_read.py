"""Words players read name characters by their names, never by their ids."""

from __future__ import annotations

import pytest

from tests.systems.bpb.helpers import fight, table


@pytest.mark.rules("BPB-EXT-004", "BPB-EXT-003")
def test_a_call_rolled_for_someone_not_on_it_is_refused_naming_them() -> None:
    # src 206-208: the GM names who works on the task; Ganyeka is not on this one
    d = table()
    d.do("gm", "team_task", members=["widow:Reason", "adler:Reason"], difficulty=12, required=2)
    err = d.refuse("bo", "roll", call=1, character="ganyeka", dice=(6, 6))
    assert err.message == "Call 1 is not for Ganyeka to roll."


@pytest.mark.rules("BPB-DEF-006")
def test_an_unarmed_hit_asks_its_defender_in_words_not_the_attacks_id() -> None:
    # src 379: the defender chooses to block or dodge after the hit is known; src 403: an unarmed attack
    d = table()
    fight(d, "ganyeka", "widow", "adler")
    d.do("bo", "attack", attacker="ganyeka", target="adler", dice=(6, 6))
    question = d.prompt("gm", "defend").question
    assert question.startswith("Agent Adler is hit by an unarmed attack (rank ")


@pytest.mark.rules("BPB-INIT-001")
def test_becoming_aware_agrees_with_one_name_or_lists_several() -> None:
    # src 250-252: the GM decides who becomes aware; one combatant "becomes" aware, two are listed with "and"
    d = table()
    d.do("gm", "start_fight", characters="widow, ganyeka, adler, brandt", unaware="adler, brandt")
    d.do("gm", "aware", characters="adler")
    assert d.words("ann")[-1] == "Agent Adler becomes aware of their opponents."
    d = table()
    d.do("gm", "start_fight", characters="widow, ganyeka, adler, brandt", unaware="adler, brandt")
    d.do("gm", "aware", characters="adler, brandt")
    assert d.words("ann")[-1] == "Agent Adler and Agent Brandt become aware of their opponents."


@pytest.mark.rules("BPB-PP-002")
def test_the_gms_note_reads_as_a_sentence_even_when_typed_without_a_full_stop() -> None:
    # the GM types "Adler is a double agent"; the GM's log line ends with a full stop like every other line
    d = table()
    d.do("gm", "gm_note", text="Adler is a double agent")
    d.do("gm", "gm_note", text="Is Brandt in on it?")
    assert d.words("gm")[-2:] == ["GM note: Adler is a double agent.", "GM note: Is Brandt in on it?"]
