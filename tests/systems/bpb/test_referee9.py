"""A referee's ninth pass (see test_referee.py .. test_referee8.py and test_known_faults*.py): the chapter is
seeds/002_15e80e5795d6eba8.txt ("src N" = line N). It first pins what the eighth stop noticed (a player's
step in takes its distance from the GM, the words of power uses, the blast refusal's names), then plays
whole fights with several characters and reads the words each seat reads."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from capeworks.engine import Event, Table
from capeworks.engine.golden import find, replay_document
from capeworks.engine.testing import Driver
from capeworks.systems.bpb.sheet import AttackKind, Power
from tests.systems.bpb.helpers import RULESET, decisions, fight, of, state, table
from tests.systems.bpb.test_combat import cast, hero
from tests.systems.bpb.test_known_faults import TIME_CONTROL
from tests.systems.bpb.test_referee7 import GRENADE

GOLDEN = Path(__file__).resolve().parents[2] / "golden"

SIDES = {"widow": "heroes", "ganyeka": "heroes", "adler": "agents", "brandt": "agents"}


def _said(d, seat: str, since: int = 0) -> str:
    return "\n".join(d.words(seat, since=since))


def _sides():
    d = table()
    d.do("gm", "start_fight", payload={"characters": "adler, brandt, widow, ganyeka",
                                       "aware_first": "adler, brandt", "sides": SIDES})  # fmt: skip
    return d


# -- what the eighth stop noticed ---------------------------------------------------------------------------


@pytest.mark.rules("BPB-TURN-004", "BPB-DEF-009")
def test_y01_how_far_a_player_dives_to_get_in_the_way_is_the_gms_to_say() -> None:
    # src 297: Ganyeka may dive in front of Adler's shot at Widow; where the two stand is the scene's, the
    # GM's (src 111, the house rule since referee 7), so Bo's feet=10 (which would make any step a short
    # one) is refused in a sentence, nothing changes. The GM, setting a distance, may rule it too far (41 ft
    # is beyond his 40 ft base move, BPB-DEF-009). Bo steps in without it: Adler's [6 5] + 3 = 14 vs 12 hit
    # is Ganyeka's, DR 4 - Invulnerability 4 = 0
    d = _sides()
    d.do("gm", "attack", attacker="adler", target="widow", power="Pistol", dice=(6, 5))
    err = d.refuse("bo", "step_in", rule="BPB-TURN-004", attack=1, character="ganyeka", feet=10)
    assert "is the GM's to say" in err.message and "Ganyeka" in err.message and "ganyeka" not in err.message
    d.refuse("gm", "step_in", rule="BPB-TURN-004", attack=1, character="ganyeka", feet=41)
    events = d.do("bo", "step_in", attack=1, character="ganyeka")
    assert of(events, "stepped_in")[0].feet is None
    assert "Ganyeka takes 0 Endurance damage (DR 4 - PV 4, Pistol)." in _said(d, "bo")
    assert state(d).condition("ganyeka").lost_actions == 1


@pytest.mark.rules("BPB-INIT-001", "BPB-DMG-004")
@pytest.mark.parametrize("name", ["fight", "sample"])
def test_y02_a_log_an_older_release_wrote_reads_names_to_every_seat(name: str) -> None:
    # The golden logs fight and sample were written before BPB's events carried the names they mention; the
    # table replaying them read "widow takes 1 Endurance damage", "Order of play: widow, ganyeka, adler,
    # brandt". Every seat (the GM, Ann, Bo) now reads the names the table knows: "Widow", "Agent Adler"; the
    # stored log is untouched (it replays to the same state, tests/golden)
    (golden,) = [g for g in find(GOLDEN, "bpb") if g.name == name]
    d = Driver(RULESET, table=replay_document(golden.document(), RULESET))
    ids = re.compile(r"\b(" + "|".join(state(d).characters) + r")\b")
    for seat in ("gm", "ann", "bo"):
        said = [line for line in d.words(seat) if ids.search(line)]
        assert said == [], f"{seat} reads ids: {said[:3]}"
    if name == "fight":
        assert "The fight begins. Order of play: Widow, Ganyeka, Agent Adler, Agent Brandt." in d.words("bo")


@pytest.mark.rules("BPB-PP-010", "BPB-PP-009")
def test_y03_an_extra_attack_reads_as_a_player_says_it() -> None:
    # src 483: Time Control 6 stunted as Extra Attacks gives six attacks beyond the turn's one. Chrono's
    # second attack is one of them: every seat reads "Chrono makes one of the Extra Attacks.", not "uses 1
    # of Extra Attacks"; a stunt's other countable resource reads "uses Ammo twice" (use_stunt count=2)
    d = cast(hero("chrono", owner="ann", powers=(TIME_CONTROL,), Prowess=6), hero("mook", Endurance=20))
    d.do("gm", "start_session")
    fight(d, "chrono", "mook")
    d.do("ann", "spend", character="chrono", kind="stunt", power="Time Control", used_as="Extra Attacks")
    d.do("ann", "attack", attacker="chrono", target="mook", dice=(1, 1))
    mark = len(d.words("bo"))
    d.do("ann", "attack", attacker="chrono", target="mook", dice=(1, 1))
    assert "Chrono makes one of the Extra Attacks." in d.words("bo", since=0)[mark:]
    d.do("gm", "award", character="chrono", reason="a clever stunt")
    d.do("gm", "spend", character="chrono", kind="stunt", power="Time Control", used_as="Ammo", uses=3)
    d.do("ann", "use_stunt", character="chrono", stunt="ammo", count=2)
    assert d.words("gm")[-1] == "Chrono uses Ammo twice."


@pytest.mark.rules("BPB-XS-008")
@pytest.mark.parametrize(("keep_dice", "line"), [
    ((6, 6), "Me keeps their powers on: [6 6] + 2 = 14 vs 12 (odds 16.7%): success; Force Field stays on."),
    ((1, 2), "Me fails to keep their powers on: [1 2] + 2 = 5 vs 12 (odds 16.7%): failure; Force Field"
             " switches off."),  # it read "Me keeps their powers on: ... failure"
])  # fmt: skip
def test_y04_the_roll_to_keep_powers_on_is_read_with_its_dice_and_the_powers(keep_dice, line) -> None:
    # src 385 (BPB-XS-008): staggered, Me rolls Willpower 2 vs 12 to keep Force Field on: the seat reads the
    # dice and which powers stay on or go off ("Me's powers stay on." told neither); a failed roll reads as
    # failing to keep them (the roll carries what it was for, purpose "keep_powers")
    d = _kept(keep_dice)
    assert line in d.words("ann")


def _kept(keep_dice):
    """Zap's Blast 9 staggers Me (Force Field 3 on), who rolls ``keep_dice`` to keep it on."""
    blast9 = Power(name="Blast", rank=9, attack=AttackKind.RANGED, expertise=True)
    ff = Power(name="Force Field", rank=3, protects="Endurance", activated=True)
    d = cast(hero("zap", powers=(blast9,), Accuracy=6), hero("me", owner="ann", powers=(ff,), Endurance=20))
    d.patch(conditions={"me": state(d).condition("me").model_copy(update={"on": ("Force Field",)})})
    fight(d, "zap", "me")
    d.do("gm", "attack", attacker="zap", target="me", power="Blast", dice=(6, 6))
    d.answer("gm", "extreme-1", "staggering", dice=(1, 1))  # 2 + 2 vs 17: staggered
    d.answer("ann", "keep-1", "keep", dice=keep_dice)
    return d


@pytest.mark.rules("BPB-XS-008")
def test_f02_an_older_logs_failed_keep_reads_as_it_was_stored() -> None:
    # A log written before rolls carried their purpose (none stored) replays as it read then: the roll's
    # stored words, "Me keeps their powers on: ... failure"
    d = _kept((1, 2))
    log = [e.model_dump() for e in d.table.log]
    (kept,) = [e for e in log if e["type"] == "bpb.powers_checked"]
    assert kept["data"]["roll"].pop("purpose") == "keep_powers"
    old = Driver(RULESET, table=Table(RULESET, [Event.model_validate(e) for e in log]))
    assert (
        "Me keeps their powers on: [1 2] + 2 = 5 vs 12 (odds 16.7%): failure; Force Field switches off."
        in old.words("ann")
    )


@pytest.mark.rules("BPB-DMG-003", "BPB-DEF-008")
def test_y05_cover_named_for_one_outside_the_blast_is_refused_by_name() -> None:
    # src 393, 411: cover is for those the blast catches. The GM's throw of Zap's grenade at M1 (10 ft) with
    # cover said for Mook Two too (not in the blast) is refused naming him as the table does ("Mook Two", the
    # one lookup of engine.names the explosion's wait uses as well), nothing rolled
    d = cast(
        hero("zap", owner="ann", powers=(GRENADE,), Accuracy=3),
        hero("m1"),
        hero("m2").model_copy(update={"name": "Mook Two"}),
    )
    fight(d, "zap", "m1", "m2")
    err = d.refuse("gm", "explode", attacker="zap", power="Grenade", distances={"m1": 10},
                   cover_ft={"m1": 5, "m2": 5}, dice=(3, 3))  # fmt: skip
    assert err.message == "Cover is given only for those in the blast; not for Mook Two."


# -- a whole fight with four characters, and the words each seat reads ---------------------------------------


def _four():
    """Widow (Ann), Ganyeka (Bo), Agents Adler and Brandt (the GM), on two sides, aware of each other at once:
    the order of play by Perception, then Agility (src 254): Widow 4/4, Ganyeka 3/3, Adler 3/2, Brandt 2."""
    d = table()
    d.do("gm", "start_session")
    d.do("gm", "start_fight", payload={"characters": "adler, brandt, widow, ganyeka", "sides": SIDES})
    return d


@pytest.mark.rules("BPB-INIT-002", "BPB-ATK-001", "BPB-DMG-008", "BPB-ACT-002", "BPB-TURN-004")
def test_z01_a_first_round_reads_the_same_to_every_seat_with_its_numbers() -> None:
    # src 254: Widow, Ganyeka, Agent Adler, Agent Brandt. Widow switches her Force Field on (a free action,
    # src 123), banters (roleplay, typed without a full stop: it reads as a sentence), and stings Adler:
    # Accuracy 4 + [4 3] = 11 vs 8 + Agility 2 = 10, a hit (odds 2d6 >= 6: 72.2%; extreme 2d6 >= 9: 27.8%);
    # Brandt, on his side, is asked to step in and lets it pass (src 297); Adler takes it: DR 5 - Kevlar 2 =
    # 3 (src 405, 415). Ganyeka walks 20 ft and grabs Brandt (Prowess 4 + [4 4] = 12 vs 8 + Agility 2 = 10;
    # Brandt's break-free roll Brawn 2 + [2 2] = 6 vs 8 + Brawn 5 = 13 fails). Every seat reads every line.
    d = _four()
    assert state(d).fight.order.order == ("widow", "ganyeka", "adler", "brandt")
    marks = {seat: len(d.words(seat)) for seat in ("gm", "ann", "bo")}
    d.do("ann", "switch", character="widow", power="Force Field", on=True)
    d.do("ann", "act", character="widow", kind="roleplay", text="Hands where I can see them")
    d.do("ann", "attack", attacker="widow", target="adler", power="Venom Sting", dice=(4, 3))
    d.answer("gm", "step-in-1-brandt", "pass")
    d.answer("gm", "defend-1", "take")
    d.do("ann", "end_turn", character="widow")
    d.do("bo", "move", character="ganyeka", feet=20)
    d.do("bo", "grab", attacker="ganyeka", target="brandt", manoeuvre="hold", dice=(4, 4, 2, 2))
    expected = [
        "Widow switches Force Field on.",
        "Widow (roleplay): Hands where I can see them.",
        "Widow attacks Agent Adler (Venom Sting): [4 3] + 4 = 11 vs 10 (odds 72.2%, extreme 27.8%): success;"
        " DR 5.",
        "Agent Brandt lets the attack pass.",
        "Agent Adler takes the hit.",
        "Agent Adler takes 3 Endurance damage (DR 5 - PV 2, Venom Sting).",
        "Attack 1 is settled.",
        "Ganyeka's turn.",
        "Ganyeka walks 20 ft (ground).",
        "Ganyeka grabs Agent Brandt: [4 4] + 4 = 12 vs 10 (odds 72.2%, extreme 27.8%): success; Agent Brandt"
        " tries to break free: [2 2] + 2 = 6 vs 13 (odds 8.3%): failure; Agent Brandt is grabbed (hold).",
        "Agent Brandt: now restrained.",
    ]
    for seat, mark in marks.items():
        assert d.words(seat)[mark:] == expected


@pytest.mark.rules("BPB-XS-007", "BPB-PP-005", "BPB-ACT-008")
def test_z02_a_stagger_waiting_for_its_resist_says_so_not_that_powers_switch_off() -> None:
    # src 238: Adler's Pistol (expertise) [6 6] + 3 = 15 vs 8 + Ganyeka's Agility 3 = 11: 4 over, an extreme
    # success; the GM staggers. Ganyeka holds a plot point, so the hit waits for Bo's answer (a Willpower roll
    # vs 8 + 4 = 12, or the point, src 469). The line the seats read then said "The stagger may switch powers
    # off." (Ganyeka has no power to switch, and is not staggered yet); it says what is waited for. Bo rolls
    # Willpower 3 + [1 2] = 6 vs 12: staggered, and the words say so
    d = _four()
    for cid in ("widow", "ganyeka"):
        d.do(state(d).characters[cid].owner, "end_turn", character=cid)
    d.do("gm", "attack", attacker="adler", target="ganyeka", power="Pistol", dice=(6, 6))
    d.answer("ann", "step-in-1-widow", "pass")
    d.answer("bo", "defend-1", "take")
    mark = len(d.words("bo"))
    d.answer("gm", "extreme-1", "staggering")
    said = d.words("bo")[mark:]
    assert said[-1] == (
        "The stagger may be shrugged off: Willpower vs 8 + the attack's rank, or a plot point."
    ), said
    resist = next(p for p in d.prompts("bo") if p.kind == "resist")
    d.answer("bo", resist.id, resist.options[0].value, dice=(1, 2))
    assert "Ganyeka resists the stagger: [1 2] + 3 = 6 vs 12 (odds 27.8%): failure; staggered." in d.words(
        "ann"
    )
    assert "The stagger may switch powers off." not in d.words("ann")
    # src 238: "losing their next action (... otherwise, their next action on the next round)": Ganyeka had
    # already ended his turn in round 1, so round 2's is the one lost, and every seat reads so
    d.do("gm", "end_turn", character="adler")
    d.do("gm", "end_turn", character="brandt")
    d.do("ann", "end_turn", character="widow")
    for seat in ("gm", "ann", "bo"):
        assert d.words(seat)[-1] == "Ganyeka's turn: the task action is lost."


@pytest.mark.rules("BPB-REC-004", "BPB-TIME-002", "BPB-ATK-001")
def test_z03_one_put_out_is_passed_over_in_the_order_and_every_seat_reads_it() -> None:
    # src 405, 415: Widow stings Adler twice (each 4 + [4 3] = 11 vs 10; DR 5 - Kevlar 2 = 3): 4 - 3 - 3 < 0,
    # he is out (BPB-REC-004 PROPOSED: out at 0). In round 2 his turn is passed over: after Ganyeka's comes
    # Brandt's; the GM's attack for him is refused in a sentence naming him; Ann may not end Bo's turn
    d = _four()
    d.do("ann", "attack", attacker="widow", target="adler", power="Venom Sting", dice=(4, 3))
    d.answer("gm", "step-in-1-brandt", "pass")
    d.answer("gm", "defend-1", "take")
    for cid in ("widow", "ganyeka", "adler", "brandt"):
        d.do(state(d).characters[cid].owner or "gm", "end_turn", character=cid)
    marks = {seat: len(d.words(seat)) for seat in ("gm", "ann", "bo")}
    d.do("ann", "attack", attacker="widow", target="adler", power="Venom Sting", dice=(4, 3))
    d.answer("gm", "step-in-2-brandt", "pass")
    d.answer("gm", "defend-2", "take")
    d.do("ann", "end_turn", character="widow")
    err = d.refuse("ann", "end_turn", character="ganyeka")
    assert "Ganyeka" in err.message
    d.do("bo", "end_turn", character="ganyeka")
    assert state(d).fight.turn.actor == "brandt"
    err = d.refuse("gm", "attack", attacker="adler", target="widow", power="Pistol", dice=(3, 3))
    assert err.message == "Agent Adler is out of the fight and cannot act."
    for seat, mark in marks.items():
        assert d.words(seat)[mark:] == [
            "Widow attacks Agent Adler (Venom Sting): [4 3] + 4 = 11 vs 10 (odds 72.2%, extreme 27.8%):"
            " success; DR 5.",
            "Agent Brandt lets the attack pass.",
            "Agent Adler takes the hit.",
            "Agent Adler takes 3 Endurance damage (DR 5 - PV 2, Venom Sting).",
            "Agent Adler: now unconscious.",
            "Attack 2 is settled.",
            "Ganyeka's turn.",
            "Agent Brandt's turn.",
        ]


@pytest.mark.rules("BPB-DEF-002", "BPB-GRAB-003", "BPB-PP-011", "BPB-REC-001")
def test_z04_a_dodge_kept_a_break_free_and_a_rally_read_with_their_numbers() -> None:
    # src 381-383: Widow dodges on her turn; Adler's Pistol [5 4] + 3 = 12 vs 8 + Agility 4 = 12 hits, and her
    # dodge already up meets it (no forced action): Agility 4 + [1 1] = 6 vs 8 + rank 4 = 12 fails; DR 4 -
    # Invulnerability 2 = 2 (her Force Field is off). Brandt, held by Ganyeka (Prowess 4 + [4 4] = 12 vs 10;
    # break-free 2 + [2 2] = 6 vs 13), breaks free on his turn: Brawn 2 + [6 5] = 13 vs 8 + Brawn 5 = 13.
    # Round 2 Ann spends her plot point on a rally (src 487, 433): half the 2 lost recently back, 1
    d = _four()
    d.do("ann", "guard", character="widow", kind="dodge")
    d.do("ann", "end_turn", character="widow")
    d.do("bo", "grab", attacker="ganyeka", target="brandt", manoeuvre="hold", dice=(4, 4, 2, 2))
    d.do("bo", "end_turn", character="ganyeka")
    mark = len(d.words("bo"))
    d.do("gm", "attack", attacker="adler", target="widow", power="Pistol", dice=(5, 4))
    d.answer("bo", "step-in-1-ganyeka", "pass")
    defend = d.prompt("ann", "defend")
    assert [o.value for o in defend.options] == ["dodge", "dodge:plot_point", "take"]  # no forced block
    d.answer("ann", "defend-1", "dodge", dice=(1, 1))
    d.do("gm", "end_turn", character="adler")
    d.do("gm", "break_free", character="brandt", dice=(6, 5))
    d.do("gm", "end_turn", character="brandt")
    d.do("ann", "spend", character="widow", kind="rally")
    assert d.words("bo")[mark:] == [
        "Agent Adler attacks Widow (Pistol): [5 4] + 3 = 12 vs 12 (odds 27.8%, extreme 2.8%): success; DR 4.",
        "Ganyeka lets the attack pass.",
        "Widow tries to dodge: [1 1] + 4 = 6 vs 12 (odds 41.7%): failure.",
        "Widow takes 2 Endurance damage (DR 4 - PV 2, Pistol).",
        "Attack 1 is settled.",
        "Agent Brandt's turn.",
        "Agent Brandt tries to break free: [6 5] + 2 = 13 vs 13 (odds 8.3%): success.",
        "Agent Brandt: no longer restrained.",
        "Round 2. Widow's turn.",
        "Widow spends a plot point on a rally.",
        "Widow rallies: 1 Endurance back.",  # no stunning to lose (it read "stunning gone")
    ]
    assert (state(d).condition("widow").lost, state(d).condition("widow").plot_points) == (1, 0)


@pytest.mark.rules("BPB-ROLL-005", "BPB-GRAB-005", "BPB-MOD-004")
def test_z05_an_attack_no_roll_can_reach_is_refused_naming_who_attacks_whom() -> None:
    # src 196, 329: Brandt, held by Ganyeka (Prowess 4 + [4 4] = 12 vs 10; break-free 2 + [2 2] = 6 vs 13),
    # knifes him: hand-to-hand, 8 + Prowess 4 + 3 (attacker restrained) = 15 against 2d6 + Prowess 2, at most
    # 14: no roll reaches it (src 156). The refusal said only "Impossible: difficulty 15 is more than 12 above
    # 2"; it names whose attack on whom, with what; nothing is rolled
    d = _four()
    d.do("ann", "end_turn", character="widow")
    d.do("bo", "grab", attacker="ganyeka", target="brandt", manoeuvre="hold", dice=(4, 4, 2, 2))
    d.do("bo", "end_turn", character="ganyeka")
    d.do("gm", "end_turn", character="adler")
    err = d.refuse("gm", "attack", rule="BPB-ROLL-005", attacker="brandt", target="ganyeka", power="Knife",
                   dice=(6, 6))  # fmt: skip
    assert err.message == (
        "Agent Brandt attacks Ganyeka (Knife): impossible, difficulty 8 + Prowess 4 + 3 (attacker"
        " restrained) = 15 is more than 12 above 2, so no roll can reach it."  # it said only "difficulty 15"
    )


@pytest.mark.rules("BPB-INIT-001", "BPB-MOD-004", "BPB-TURN-004")
def test_z06_an_ambush_reads_the_surprise_bonus_and_asks_no_unaware_agent_to_step_in() -> None:
    # src 250, 185: the heroes ambush the agents, who are not yet aware of them. Widow stings Adler with the
    # +3 of a surprised defender: [3 2] + 4 + 3 = 12 vs 10 (2d6 >= 3: 97.2%; extreme 2d6 >= 6: 72.2%); Adler
    # cannot block or dodge and Brandt, unaware too, is not asked to dive in front (src 297 is a forced
    # action, which needs awareness): the hit lands at once, DR 5 - Kevlar 2 = 3. The GM's attack for Adler
    # is refused (he has no opportunity to attack yet), nothing rolled. Every seat reads the same lines
    d = table()
    cast_ = {"characters": "adler, brandt, widow, ganyeka", "unaware": "adler, brandt", "sides": SIDES}
    d.do("gm", "start_fight", payload=cast_)
    marks = {seat: len(d.words(seat)) for seat in ("gm", "ann", "bo")}
    d.do("ann", "attack", attacker="widow", target="adler", power="Venom Sting", dice=(3, 2))
    assert decisions(d) == []
    for seat, mark in marks.items():
        assert d.words(seat)[mark:] == [
            "Widow attacks Agent Adler (Venom Sting): [3 2] + 4 + 3 (defender surprised) = 12 vs 10 (odds"
            " 97.2%, extreme 72.2%): success; DR 5.",  # the +3 named since referee 10
            "Agent Adler takes 3 Endurance damage (DR 5 - PV 2, Venom Sting).",
            "Attack 1 is settled.",
        ]
    d.do("ann", "end_turn", character="widow")
    d.do("bo", "end_turn", character="ganyeka")
    d.refuse(
        "gm", "attack", rule="BPB-INIT-001", attacker="adler", target="widow", power="Pistol", dice=(6, 6)
    )


@pytest.mark.rules("BPB-DMG-010", "BPB-ACT-003", "BPB-DMG-008")
def test_z07_a_force_field_switched_on_does_not_stack_with_invulnerability() -> None:
    # src 123, 429: Widow switches her Force Field 3 on (a free action on her turn); with Invulnerability 2
    # her protection is the greater, 3, not 5. Adler's Pistol [5 5] + 3 = 13 vs 8 + Agility 4 = 12 hits; Ann
    # takes it: DR 4 - PV 3 = 1, and every seat reads the PV that applied
    d = _four()
    d.do("ann", "switch", character="widow", power="Force Field", on=True)
    d.do("ann", "end_turn", character="widow")
    d.do("bo", "end_turn", character="ganyeka")
    d.do("gm", "attack", attacker="adler", target="widow", power="Pistol", dice=(5, 5))
    d.answer("bo", "step-in-1-ganyeka", "pass")
    d.answer("ann", "defend-1", "take")
    for seat in ("gm", "ann", "bo"):
        assert "Widow takes 1 Endurance damage (DR 4 - PV 3, Pistol)." in d.words(seat)
    assert state(d).condition("widow").lost == 1


# -- follow-ups ---------------------------------------------------------------------------------------------


@pytest.mark.rules("BPB-REC-001", "BPB-REC-003", "BPB-DMG-007")
def test_f01_a_rest_says_only_what_it_gave_back() -> None:
    # src 433, 435, 421: half an hour's rest gives back half the Endurance lost recently (rounded up: 3 of 5),
    # all stunning damage and all drains. Zap lost 5, 2 of it stunning, and an Agility drain; Me lost
    # nothing but is stunned 1; Ox has nothing to recover. Each line says what changed, and only that
    d = cast(hero("zap"), hero("me", owner="ann"), hero("ox"))
    zap, me = state(d).condition("zap"), state(d).condition("me")
    d.patch(conditions={
        "zap": zap.model_copy(update={"lost": 5, "recent": 5, "stunning": 2, "drained": {"Agility": 1}}),
        "me": me.model_copy(update={"stunning": 1}),
    })  # fmt: skip
    mark = len(d.words("ann"))
    d.do("gm", "rest")
    assert d.words("ann")[mark:] == [
        "Zap rests: 3 Endurance back, 2 stunning gone, Agility no longer drained.",
        "Me rests: 1 stunning gone.",
        "Ox rests: nothing to recover.",
    ]
    zap = state(d).condition("zap")
    assert (zap.lost, zap.stunning, zap.drained) == (2, 0, {})


@pytest.mark.rules("BPB-REC-002", "BPB-REC-003", "BPB-DMG-007")
def test_f02_days_of_healing_say_the_stunning_and_drains_they_give_back() -> None:
    # src 433, 435: days of rest are a chance to rest and recuperate: stunning and drains all come back.
    # Me lost 3 long ago (nothing recent: no half hour's rest comes first), is stunned 1 and drained of
    # Reason; 2 days with care give 2 Endurance back (a point a day) and lift both, and every seat reads so.
    # Ox has only old damage: his words say the Endurance alone, as before
    d = cast(hero("me", owner="ann"), hero("ox"))
    me, ox = state(d).condition("me"), state(d).condition("ox")
    d.patch(conditions={
        "me": me.model_copy(update={"lost": 3, "stunning": 1, "drained": {"Reason": 2}}),
        "ox": ox.model_copy(update={"lost": 3}),
    })  # fmt: skip
    marks = {seat: len(d.words(seat)) for seat in ("gm", "ann")}
    d.do("gm", "heal", character="me", days=2, care=True)
    d.do("gm", "heal", character="ox", days=2, care=True)
    for seat, mark in marks.items():
        assert d.words(seat)[mark:] == [
            "Me heals 2 Endurance over 2 days: 1 stunning gone, Reason no longer drained.",
            "Ox heals 2 Endurance over 2 days.",
        ]
    me = state(d).condition("me")
    assert (me.lost, me.stunning, me.drained) == (1, 0, {})
    # the fields are left out when empty, and an older log (without them) reads as it did
    healed = [e.model_dump(mode="json")["data"] for e in d.table.log if e.type == "bpb.healed"]
    assert ("stunning" in healed[0], "drained" in healed[0]) == (True, True)
    assert ("stunning" in healed[1], "drained" in healed[1]) == (False, False)
    older = []
    for e in d.table.log:
        doc = e.model_dump(mode="json")
        if e.type == "bpb.healed":
            doc["data"].pop("stunning", None)
            doc["data"].pop("drained", None)
        older.append(doc)
    replayed = Driver(RULESET, table=replay_document({"log": older}, RULESET))
    assert state(replayed).condition("me").drained == {}
    assert "Me heals 2 Endurance over 2 days." in replayed.words("ann")
