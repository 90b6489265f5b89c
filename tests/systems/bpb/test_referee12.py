"""A referee's twelfth pass (see test_referee.py .. test_referee11.py and test_known_faults*.py): the chapter
is seeds/002_15e80e5795d6eba8.txt ("src N" = line N). It pins the menu's house style for the answers to a
prompt (lower case, as the other rulesets' prompts), refuses a prone character's dive in front of an attack
and a held character's grip on her own holder, lets a holder who is tripped or dives for cover let go, and
reads the rank an overwhelming attack works at (a power doing no damage, and one doing damage); then the
blast's dive prompt reckoning the reach the dive does, a prone ally who stands up and is asked again, and a
shield bearer tripped by a third, with the grab's words naming where its bonus came from.

Cast (Perception / Agility / Willpower): Widow 4/4/3, Ganyeka 3/3/3, Adler 3/2/2, Brandt 2/2/2, Mindra
5/3/6. Grips (the better of Brawn and Agility, src 315): Ganyeka 5, Widow 4, the agents 2. Prowess: Widow
and Ganyeka 4, the agents 2. No one has a plot point (no session begun), so break-out rolls roll at once.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from capeworks.engine import Event, Viewer
from capeworks.engine.golden import replay_document
from capeworks.engine.testing import Driver
from capeworks.engine.upcast import upcast
from capeworks.errors import RuleViolation
from capeworks.systems.bpb.model import Status
from capeworks.systems.bpb.samples import SEATS
from capeworks.systems.bpb.sheet import AttackKind, Character, Power
from tests.systems.bpb.helpers import RULESET, decisions, fight, of, one, state, table

SIDES = {"widow": "heroes", "ganyeka": "heroes", "adler": "agents", "brandt": "agents"}
GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "bpb"

MINDRA = Character(
    id="mindra",
    name="Mindra",
    attributes=dict(
        Perception=5, Agility=3, Willpower=6, Prowess=2, Brawn=2, Accuracy=3, Endurance=5, Reason=4
    ),
    powers=(Power(name="Telepathy", rank=5, attack=AttackKind.MENTAL, damages=None, expertise=True),),
)


def _next(d: Driver, *who: str) -> None:
    """End the turns of ``who`` in order (each must be the one acting)."""
    owners = {c.id: c.owner or "gm" for c in state(d).characters.values()}
    for cid in who:
        assert state(d).fight.turn.actor == cid, f"{cid} is not acting: {state(d).fight.turn.actor}"
        d.do(owners[cid], "end_turn", character=cid)


def _sided(order: str = "adler, brandt, widow, ganyeka") -> Driver:
    d = table()
    d.do("gm", "start_fight", payload={"characters": order, "aware_first": order, "sides": SIDES})
    return d


def _refused(d: Driver, seat: str, command: str, rule: str, words: str, **payload: object) -> None:
    """``command`` is refused with ``rule`` and a sentence holding ``words``; the table is untouched."""
    before = d.table.version
    with pytest.raises(RuleViolation) as e:
        d.do(seat, command, **payload)
    assert e.value.rule_id == rule and words in e.value.message
    assert d.table.version == before


def _held_by_ganyeka() -> Driver:
    """Ganyeka grabs Widow to hold her, first to act (no sides): [5 5] + Prowess 4 = 14 vs 8 + 4 = 12, a hit
    (no extreme: 14 < 15); her break-out [1 1] + grip 4 = 6 vs 8 + 5 = 13 fails: she is held (src 317, 329).
    Order: Ganyeka, Adler, Widow, Brandt."""
    d = table()
    fight(d, "ganyeka", "adler", "widow", "brandt")
    d.do("bo", "grab", attacker="ganyeka", target="widow", manoeuvre="hold", dice=(5, 5, 1, 1))
    assert state(d).condition("widow").held_by == "ganyeka"
    return d


# -- the menu's words -------------------------------------------------------------------------------------


@pytest.mark.rules("BPB-TURN-004", "BPB-DEF-006", "BPB-XS-003")
def test_t01_the_answers_to_a_hit_read_lower_case_as_every_ruleset_s_prompts_do() -> None:
    # house style (the other rulesets' prompts: "let it pass", "roll", "strike", "reverse the hold"): Adler
    # shoots Widow, [6 6] + Accuracy 3 = 15 vs 8 + Agility 4 = 12, a hit. Ganyeka, on her side, is asked
    # whether he dives in front of it (src 297); he lets it pass, and Widow is asked to block, dodge or take
    d = _sided()
    d.do("gm", "attack", attacker="adler", target="widow", power="Pistol", dice=(6, 6))
    step = d.prompt("bo", "step_in")
    assert [o.label for o in step.options] == [
        "step in and take the hit (forced: costs the next action)",
        "let it pass",
    ]
    d.answer("bo", step.id, "pass")
    labels = [o.label for o in d.prompt("ann", "defend").options]
    assert labels[-1] == "take the hit"
    assert [label.split(" (")[0] for label in labels[:2]] == ["block", "dodge"]
    assert all(label[0].islower() for label in labels)


# -- prone: no dive in front of an attack ----------------------------------------------------------------


@pytest.mark.rules("BPB-TURN-004", "BPB-ACT-004", "BPB-GRAB-011")
def test_t02_a_prone_ally_is_not_asked_to_dive_in_front_and_is_refused_if_she_tries() -> None:
    # src 127: "With a movement action, a character may stand up from a prone or seated position": lying on
    # the ground, getting anywhere is first the standing up. Adler trips Widow: grab [6 6] + 2 = 14 vs 8 + 4
    # = 12; her break-out [1 1] + 4 = 6 vs 8 + 2 = 10 fails: prone, DR Agility 2 (stunning) - PV 2 = 0.
    # Brandt then shoots Ganyeka, [5 5] + 3 = 13 vs 8 + 3 = 11, a hit (no extreme): Widow, prone, is not
    # asked to dive in front of it (src 297), and her step_in is refused with the reason
    d = _sided()
    d.do("gm", "grab", attacker="adler", target="widow", manoeuvre="trip", dice=(6, 6, 1, 1))
    assert Status.PRONE in state(d).condition("widow").statuses
    _next(d, "adler")
    d.do("gm", "attack", attacker="brandt", target="ganyeka", power="Pistol", dice=(5, 5))
    assert not decisions(d, "ann")
    attack = state(d).fight.pending.id
    _refused(d, "ann", "step_in", "BPB-ACT-004", "Widow is prone", attack=attack, character="widow")
    # stood up on her turn (the movement action, src 127), she is asked again in round 2: Adler shoots
    # Ganyeka, [5 5] + 3 = 13 vs 11
    d.answer("bo", d.prompt("bo", "defend").id, "take")
    _next(d, "brandt")
    d.do("ann", "move", character="widow", stand_up=True)
    _next(d, "widow", "ganyeka")
    d.do("gm", "attack", attacker="adler", target="ganyeka", power="Pistol", dice=(5, 5))
    assert [p.kind for p in decisions(d, "ann")] == ["step_in"]


# -- a held character and her holder ------------------------------------------------------------------------


@pytest.mark.rules("BPB-GRAB-005", "BPB-GRAB-004")
@pytest.mark.parametrize("manoeuvre", ["hold", "squeeze", "interpose"])
def test_t03_a_held_character_breaks_the_grapple_before_she_holds_her_holder(manoeuvre: str) -> None:
    # src 329: held, she "can't use normal movement until they break the grapple"; the seed's way out of a
    # grip is the break-out roll (src 315-317; the table's break_free on her turn, BPB-GRAB-005 PROPOSED),
    # not a grip of her own on him: two never hold each other. Refused, untouched, told what she may do
    d = _held_by_ganyeka()
    _next(d, "ganyeka", "adler")
    _refused(
        d,
        "ann",
        "grab",
        "BPB-GRAB-005",
        "break free first",
        attacker="widow",
        target="ganyeka",
        manoeuvre=manoeuvre,
    )
    # she breaks free instead: [6 6] + grip 4 = 16 vs 8 + 5 = 13; then a grab to hold him is hers to roll
    d.do("ann", "break_free", character="widow", dice=(6, 6))
    assert state(d).condition("widow").held_by is None


@pytest.mark.rules("BPB-GRAB-011", "BPB-GRAB-005", "BPB-MOD-003")
def test_t04_a_holder_tripped_by_the_one_he_holds_falls_and_lets_go() -> None:
    # src 361: the one tripped "falls to the ground". Held, Widow grabs Ganyeka to trip him: [6 6] + Prowess
    # 4 = 16 vs 8 + 4 + 3 (held, her attacks are easier to avoid, src 329) = 15; his break-out [1 1] + 5 = 7
    # vs 8 + 4 = 12 fails: prone, DR Agility 4 - Invulnerability 4 = 0. The seed is silent on a holder who
    # falls; the table lets a tripped *held* one out of the grip, so the tripped holder lets go as well
    d = _held_by_ganyeka()
    _next(d, "ganyeka", "adler")
    events = d.do("ann", "grab", attacker="widow", target="ganyeka", manoeuvre="trip", dice=(6, 6, 1, 1))
    assert "[6 6] + 4 = 16 vs 8 + Prowess 4 + 3 (attacker restrained) = 15" in " ".join(d.words("ann"))
    assert one(events, "damaged").amount == 0
    widow, ganyeka = state(d).condition("widow"), state(d).condition("ganyeka")
    assert Status.PRONE in ganyeka.statuses
    assert widow.held_by is None and Status.RESTRAINED not in widow.statuses
    assert "Widow: no longer restrained." in d.words("bo")


@pytest.mark.rules("BPB-DEF-008", "BPB-GRAB-005", "BPB-TURN-004")
def test_t05_a_holder_who_dives_for_cover_lets_go() -> None:
    # src 393: diving for cover, "the character moves to the nearest open ground ... and ends up on the ground
    # prone"; the seed silent on his grip, it goes as a tripped holder's (test_t04). Ganyeka holds Widow;
    # Adler shoots him, [5 5] + 3 = 13 vs 8 + 3 = 11, cover 30 ft (within his Leaping 4's 40 ft): he dives
    d = _held_by_ganyeka()
    _next(d, "ganyeka")
    d.do("gm", "attack", attacker="adler", target="ganyeka", power="Pistol", cover_ft=30, dice=(5, 5))
    events = d.answer("bo", d.prompt("bo", "defend").id, "dive")
    assert one(events, "dove_for_cover").safe and not of(events, "damaged")
    widow = state(d).condition("widow")
    assert widow.held_by is None and Status.RESTRAINED not in widow.statuses
    assert Status.PRONE in state(d).condition("ganyeka").statuses
    assert "Widow: no longer restrained." in d.words("ann")


@pytest.mark.rules("BPB-DEF-008", "BPB-DMG-003", "BPB-GRAB-005")
def test_t06_a_holder_who_dives_from_a_grenade_leaves_the_one_he_held_in_it() -> None:
    # src 393, 411: Adler's grenade lands 10 ft from both, difficulty 9: [3 3] + 3 = 9, a hit. Ganyeka, cover
    # 30 ft away, dives (safe, prone) and lets go; Widow, held, has no movement power to dive by (src 329):
    # she stays and takes it, DR 5 - her best protection
    d = _held_by_ganyeka()
    _next(d, "ganyeka")
    d.do(
        "gm", "explode", attacker="adler", power="Grenade", distances={"ganyeka": 10, "widow": 10},
        cover_ft={"ganyeka": 30}, dice=(3, 3),
    )  # fmt: skip
    assert "Widow takes 3 Endurance damage (DR 5 - PV 2, Grenade)." in d.words("ann")
    events = d.do("bo", "dive", character="ganyeka", dive=True)
    assert one(events, "blast_answered").safe
    widow = state(d).condition("widow")
    assert widow.held_by is None and Status.RESTRAINED not in widow.statuses
    assert Status.PRONE in state(d).condition("ganyeka").statuses


# -- an overwhelming power that does no damage --------------------------------------------------------------


def _mindra() -> Driver:
    d = Driver(RULESET, seats=SEATS, seed=1)
    d.do("gm", "add_character", id="widow", sample="widow", owner="ann")
    d.do("gm", "add_character", sheet=MINDRA.model_dump(mode="json"))
    d.do("gm", "start_fight", characters="mindra, widow", aware_first="mindra, widow")
    return d


@pytest.mark.rules("BPB-XS-003", "BPB-XS-004")
def test_t07_overwhelming_telepathy_states_the_rank_it_works_at() -> None:
    # src 232: for attacks with "some other effect, the total rank of the power is increased by three, with
    # the commensurate effect on the target". Mindra's Telepathy 5 at Widow: [6 6] + 6 = 18 vs 8 + 3 = 11,
    # extreme (expertise); overwhelming: rank 8 for this attack, a fact of the event (version 2), read by all
    d = _mindra()
    d.do("gm", "attack", attacker="mindra", target="widow", power="Telepathy", dice=(6, 6))
    events = d.answer("gm", d.prompt("gm", "extreme").id, "overwhelming")
    chosen = one(events, "extreme_chosen")
    assert chosen.rank == 8
    assert next(e for e in events if e.type == "bpb.extreme_chosen").version == 2
    line = "Extreme success: overwhelming: rank 8 for this attack (3 ranks more)."
    assert line in d.words("ann") and line in d.words("gm")


@pytest.mark.rules("BPB-XS-003", "BPB-GRAB-002")
def test_t08_an_older_log_s_extreme_effect_and_grab_read_as_they_did() -> None:
    # a version 1 event never said the rank (a grab, its bonus's circumstance): upcast, it has none, and the
    # golden log's lines are unchanged
    document = json.loads((GOLDEN / "fight.log.json").read_text(encoding="utf-8"))
    for type_, field, none in (("extreme_chosen", "rank", None), ("grabbed", "bonus_why", "")):
        old = next(e for e in document["log"] if e["type"] == f"bpb.{type_}")
        assert old.get("version", 1) == 1
        assert upcast(RULESET, Event.model_validate(old)).data[field] == none
    table_ = replay_document(document, RULESET)
    lines = [entry.description.text for entry in table_.log_view(Viewer.gm())]
    assert "Extreme success: staggering." in lines


@pytest.mark.rules("BPB-DEF-009", "BPB-DEF-008", "BPB-MOVE-003")
def test_t09_the_blast_s_dive_prompt_reckons_the_reach_the_dive_does() -> None:
    # src 395: beyond "a normal move" a dive is no benefit; the table's base move is the longer of the legs'
    # (10 x Agility) and a movement power's (src 107): Ganyeka's Leaping 4, 40 ft, over Agility 3's 30 ft.
    # Adler's grenade, [3 3] + 3 = 9 vs 9, catches him with cover 35 ft away: the prompt told him "too far
    # to help" (a 30 ft walk) while the dive it offered was safe. Now it reads what the dive does
    d = table()
    fight(d, "adler", "ganyeka")
    d.do("gm", "explode", attacker="adler", power="Grenade", distances={"ganyeka": 10},
         cover_ft={"ganyeka": 35}, dice=(3, 3))  # fmt: skip
    label = d.prompt("bo", "dive").options[0].label
    assert label.endswith("cover 35 ft away, a base move of 40 ft: safe)")
    events = d.do("bo", "dive", character="ganyeka", dive=True)
    assert one(events, "blast_answered").safe and not of(events, "damaged")


@pytest.mark.rules("BPB-GRAB-011", "BPB-GRAB-007", "BPB-GRAB-005", "BPB-MOVE-001", "BPB-MOD-001")
def test_t10_a_shield_bearer_tripped_by_a_third_lets_go_and_she_walks_away() -> None:
    # src 331, 361: Ganyeka holds Widow as a living shield ([5 5] + 4 = 14 vs 12; her [1 1] + 4 = 6 vs 13).
    # Adler, unseen, trips him: [6 6] + Prowess 2 + 3 (surprised, T5) = 17 vs 8 + 4 + 3 (his shield) = 15;
    # his break-out [1 1] + 5 = 7 vs 8 + 2 = 10 fails: prone, DR 2 (stunning) - PV 4 = 0. Fallen, he lets go
    # (as test_t04) and shields behind her no more; free, she walks away on her turn (src 28, 329)
    d = table()
    fight(d, "ganyeka", "adler", "widow", "brandt")
    d.do("bo", "grab", attacker="ganyeka", target="widow", manoeuvre="interpose", dice=(5, 5, 1, 1))
    _next(d, "ganyeka")
    surprised = ["defender_surprised"]
    d.do(
        "gm",
        "grab",
        attacker="adler",
        target="ganyeka",
        manoeuvre="trip",
        circumstances=surprised,
        dice=(6, 6, 1, 1),
    )
    # the grab's words name where its bonus came from, as an attack's do ("+ 3 (defender restrained)"), and
    # where its difficulty came from: his shield's +3 (src 331)
    line = (
        "Agent Adler grabs Ganyeka: [6 6] + 2 + 3 (defender surprised) = 17"
        " vs 8 + Prowess 4 + 3 (human shield) = 15"
    )
    assert any(w.startswith(line) for w in d.words("bo"))
    widow, ganyeka = state(d).condition("widow"), state(d).condition("ganyeka")
    assert Status.PRONE in ganyeka.statuses and Status.INTERPOSING not in ganyeka.statuses
    assert widow.held_by is None and Status.RESTRAINED not in widow.statuses
    _next(d, "adler")
    d.do("ann", "move", character="widow", feet=40)
    assert state(d).fight.turn.moved


@pytest.mark.rules("BPB-XS-004", "BPB-DMG-008")
def test_t11_overwhelming_a_damaging_power_says_its_rank_and_deals_it() -> None:
    # src 232: "For attack powers that inflict Endurance damage, this means that the damage rating of the
    # power is increased by three". Widow's Venom Sting 5 at Adler: [6 6] + 4 = 16 vs 8 + 2 = 10, extreme
    # (expertise); he takes the hit; overwhelming: rank 8, DR 8 - Kevlar 2 = 6, his Endurance 4 gone
    d = table()
    fight(d, "widow", "adler")
    d.do("ann", "attack", attacker="widow", target="adler", power="Venom Sting", dice=(6, 6))
    d.answer("gm", "defend-1", "take")
    events = d.answer("ann", "extreme-1", "overwhelming")
    assert one(events, "extreme_chosen").rank == 8
    hit = one(events, "damaged")
    assert (hit.dr, hit.pv, hit.amount) == (8, 2, 6)
    assert "Extreme success: overwhelming: rank 8 for this attack (3 ranks more)." in d.words("ann")
    assert Status.UNCONSCIOUS in state(d).condition("adler").statuses
