"""A short follow-up to the seventh referee pass (test_referee7.py): the chapter is
seeds/002_15e80e5795d6eba8.txt ("src N" = line N). It covers who is in a fight (src 252-254: its
combatants, in its order of play), a fight ended while a hit still waits for its answer, the words a
contest is announced in (src 206), and the GM's dive for cover answering a hit in the browser's prompt
(src 393-395: where cover is is the GM's to say)."""

from __future__ import annotations

import pytest

from capeworks.systems.bpb.model import Status
from tests.systems.bpb.helpers import fight, state, table
from tests.systems.bpb.test_combat import cast, hero
from tests.systems.bpb.test_referee7 import GRENADE


def _said(d, seat: str, since: int = 0) -> str:
    return "\n".join(d.words(seat, since=since))


# -- who is in the fight (src 252, 254) ---------------------------------------------------------------------


@pytest.mark.rules("BPB-INIT-001", "BPB-TIME-002")
def test_x01_one_not_in_the_fight_is_no_ones_to_attack_until_the_gm_brings_them_in() -> None:
    # src 252-254: a fight's order of play is its combatants'; Widow, Ganyeka and Adler fight, Brandt is not
    # in it (not at the scene). Ann's Venom Sting at Brandt is refused in a sentence naming him and the GM's
    # way to bring him in, nothing rolled; so are Bo's grab and the GM's attack for Adler on him. Once the GM
    # rules Brandt aware (he joins the order, last), Widow's attack on him is taken
    d = table()
    fight(d, "widow", "ganyeka", "adler")
    err = d.refuse("ann", "attack", rule="BPB-INIT-001", attacker="widow", target="brandt",
                   power="Venom Sting", dice=(6, 6))  # fmt: skip
    assert "Agent Brandt is not in this fight" in err.message and "brandt" not in err.message
    d.do("ann", "end_turn", character="widow")
    d.refuse("bo", "grab", rule="BPB-INIT-001", attacker="ganyeka", target="brandt", manoeuvre="hold",
             dice=(6, 6, 1, 1))  # fmt: skip
    d.do("bo", "end_turn", character="ganyeka")
    d.refuse("gm", "attack", rule="BPB-INIT-001", attacker="adler", target="brandt", dice=(6, 6))
    d.do("gm", "aware", characters="brandt")
    assert state(d).fight.order.order[-1] == "brandt"
    d.do("gm", "end_turn", character="adler")
    d.do("gm", "end_turn", character="brandt")
    d.do("ann", "attack", attacker="widow", target="brandt", power="Venom Sting", dice=(1, 1))


@pytest.mark.rules("BPB-INIT-001", "BPB-ATK-001")
def test_x02_the_odds_panel_lists_only_those_in_the_fight() -> None:
    # src 252-254 as in x01: on Widow's turn the odds every seat reads are for Ganyeka and Adler, who fight
    # (src 16: the odds are read before the roll), not for Brandt, who is not in it; once he is, he is listed
    d = table()
    fight(d, "widow", "ganyeka", "adler")

    def targets(seat: str) -> set[str]:
        odds = next(p for p in d.view(seat)["panels"] if p["title"] == "Odds for Widow")
        return {row[0] for row in odds["rows"]}

    for seat in ("gm", "ann", "bo"):
        assert targets(seat) == {"Ganyeka", "Agent Adler"}
    d.do("gm", "aware", characters="brandt")
    assert targets("ann") == {"Ganyeka", "Agent Adler", "Agent Brandt"}


# -- a fight ended with a hit waiting (src 373, 16) ---------------------------------------------------------


@pytest.mark.rules("BPB-ATK-001", "BPB-DEF-006")
def test_x03_a_fight_is_not_ended_with_a_hit_waiting_for_its_answer() -> None:
    # src 373, 383: a hit is answered (block, dodge or take it) before it lands. Widow's Venom Sting hits
    # Adler (Accuracy 4 + [6 6] = 16 vs 10, an extreme success); the GM ends the fight before answering:
    # refused in a sentence naming the attack, who made it and on whom (before: the fight ended and the hit
    # vanished, no word of it), and the GM's menu holds no end of the fight meanwhile. Adler takes it, Ann
    # picks her effect; then it ends
    d = table()
    fight(d, "widow", "ganyeka", "adler")
    d.do("ann", "attack", attacker="widow", target="adler", power="Venom Sting", dice=(6, 6))
    assert [lc for lc in d.legal("gm") if lc.command == "end_fight"] == []
    err = d.refuse("gm", "end_fight", rule="BPB-ATK-001")
    said = "Attack 1 (Widow on Agent Adler) is not settled yet: it is answered before the fight ends."
    assert err.message == said
    d.answer("gm", d.prompt("gm", "defend").id, "take")
    d.refuse("gm", "end_fight", rule="BPB-ATK-001")  # 16 is 6 over 10: Ann's extreme effect still waits
    d.do("ann", "extreme", attack=1, effect="overwhelming")
    assert [lc.command for lc in d.legal("gm") if lc.command == "end_fight"] == ["end_fight"]
    d.do("gm", "end_fight")
    assert state(d).fight is None


# -- a contest announced as a GM says it (src 206) ----------------------------------------------------------


@pytest.mark.rules("BPB-EXT-003")
def test_x04_a_contest_reads_as_a_gm_announces_it() -> None:
    # src 206: "the first person or team to achieve the required number of successful task rolls" wins.
    # Widow and Ganyeka race Adler to the cure (Reason vs 12, 2 needed): every seat reads the sides whole and
    # the race (before: "The GM calls for Widow and Ganyeka vs Agent Adler's Reason vs 12 to the cure, 2
    # successes needed.": Adler's Reason, as if the team rolled against it). One side's call reads as before
    d = table()
    d.do("gm", "contest", sides="widow+ganyeka, adler", attribute="Reason", difficulty=12, required=2,
         task="find the cure")  # fmt: skip
    line = (
        "The GM calls a contest of Reason vs 12 to find the cure: Widow and Ganyeka against Agent Adler, the"
        " first to 2 successes wins."
    )
    for seat in ("gm", "ann", "bo"):
        assert line in d.words(seat)
    d.do("gm", "call_task", character="widow", attribute="Agility", difficulty=9, task="vault the fence")
    assert "The GM calls for Widow's Agility vs 9 to vault the fence." in d.words("ann")


# -- the GM's dive for cover in the browser's prompt (src 393-395) ------------------------------------------


@pytest.mark.rules("BPB-DEF-008", "BPB-DEF-009", "BPB-DEF-006")
def test_x05_the_gms_prompt_offers_its_characters_dive_with_cover_in_reach() -> None:
    # src 393: a character about to be hit "can take a forced action to dive for cover"; src 395: cover
    # beyond "a normal move" is no benefit; where cover is is the GM's (test_referee7 w21/w22), and a
    # player's attack names none. Widow's Venom Sting hits Adler: Accuracy 4 + [4 3] = 11 vs 10. The GM's
    # prompt (all the browser gives the GM to answer with) offers his dive with cover within his base move,
    # 10 x Agility 2 = 20 ft (before: block, dodge or take; the dive only by the CLI's cover_ft=). Chosen,
    # Adler is safe and prone, every seat reads it; Ann's prompt when Brandt hits Widow offers no such dive
    # (the GM names her cover)
    d = table()
    fight(d, "widow", "ganyeka", "adler", "brandt")
    d.do("ann", "attack", attacker="widow", target="adler", power="Venom Sting", dice=(4, 3))
    ask = d.prompt("gm", "defend")
    dive = ask.option("dive")
    assert dive is not None and dive.payload["cover_ft"] == 20
    assert dive.label.startswith("dive for cover within a base move (20 ft; forced: ends prone")
    assert [o.value for o in ask.options][-2:] == ["dive", "take"]
    since = len(d.words("ann"))
    d.answer("gm", ask.id, "dive")
    assert Status.PRONE in state(d).condition("adler").statuses
    assert (state(d).condition("adler").lost, state(d).condition("adler").stunning) == (0, 0)
    for seat in ("gm", "ann", "bo"):
        assert "Agent Adler dives for cover and is safe." in d.words(seat, since=since)
    d.do("ann", "end_turn", character="widow")
    d.do("bo", "end_turn", character="ganyeka")
    d.do("gm", "end_turn", character="adler")  # his action went on the dive (src 393)
    d.do("gm", "attack", attacker="brandt", target="widow", dice=(6, 6))  # Prowess + 12 hits, no cover named
    assert [o.value for o in d.prompt("ann", "defend").options if o.value == "dive"] == []


@pytest.mark.rules("BPB-ATK-001", "BPB-DEF-008", "BPB-DMG-003")
def test_x06_a_fight_is_not_ended_with_an_explosion_waiting_for_its_dives() -> None:
    # src 393, 411: those an explosion catches may dive for cover before it lands. The GM throws Zap's grenade
    # (Accuracy 3 + [3 3] = 9 vs 9, a hit) at M1 (10 ft) and M2 (30 ft), cover 5 ft from each; with their
    # dives waiting the GM's end of the fight is refused naming them by name (before: the fight ended and
    # the blast vanished; the refusal of another attack named them by id, "m1, m2"), and is not on his menu
    d = cast(hero("zap", owner="ann", powers=(GRENADE,), Accuracy=3), hero("m1"), hero("m2"))
    fight(d, "zap", "m1", "m2")
    d.do("gm", "explode", attacker="zap", power="Grenade", distances={"m1": 10, "m2": 30},
         cover_ft={"m1": 5, "m2": 5}, dice=(3, 3))  # fmt: skip
    err = d.refuse("gm", "end_fight", rule="BPB-ATK-001")
    assert err.message == "The explosion of Grenade waits for M1, M2."
    assert "end_fight" not in [lc.command for lc in d.legal("gm")]
    d.do("gm", "dive", character="m1", dive=True)
    d.do("gm", "dive", character="m2", dive=False)
    d.do("gm", "end_fight")


@pytest.mark.rules("BPB-RANGE-002", "BPB-ATK-001")
def test_x07_a_fight_is_not_ended_with_a_players_attack_beyond_range_waiting_for_the_gm() -> None:
    # src 111: beyond range an attack is possible "at the GM's discretion". Widow's Venom Sting (range band 5)
    # at Adler 10,000 ft away waits for the GM's ruling; the GM's end of the fight is refused saying so
    # (before: the fight ended and Ann's attack vanished unruled), and is not on his menu; ruled, it may end
    d = table()
    fight(d, "widow", "adler")
    d.do("ann", "attack", attacker="widow", target="adler", power="Venom Sting", distance_ft=10000)
    err = d.refuse("gm", "end_fight", rule="BPB-RANGE-002")
    said = (
        "Widow's attack on Agent Adler beyond range waits for the GM's ruling: rule on it before the fight"
        " ends."
    )
    assert err.message == said
    assert "end_fight" not in [lc.command for lc in d.legal("gm")]
    d.answer("gm", d.prompt("gm", "rule_range").id, "impossible")
    d.do("gm", "end_fight")
