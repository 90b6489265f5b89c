"""The GM's rulings at the table and the plot-point spends beyond the four named ones, through the table
with given dice; and the log reading characters' names.

Referee cases, written from the seed (002) before the code:

- R1 awareness (src 252): the hooligans are unaware of the hero on the rooftop: "only the hero has the
  opportunity to act"; "only after the hooligans become aware of the hero do they get the opportunity to
  act", and then "the hero first, and then the hooligans". Widow aware, Adler unaware: Adler's turn comes
  but his attack is refused (BPB-INIT-001); once the GM rules him aware, he attacks, after Widow.
- R2 equivalent action (src 127): "With the GM's permission, the character may instead perform any
  equivalent action: opening a bank vault": the movement action is spent, no move follows.
- R3 impossible (src 469): "The GM may forbid the use of a plot point to achieve an automatic success if
  the task is simply impossible": the spend is refused, the roll stays possible.
- R4 enhancement (src 475): "a character with the Blast power could use a power boost to add the
  Explosive Damage power enhancement": Blast 6 explodes for the boost's round (difficulty 9, BPB-DMG-003),
  with no rank added; a round later it is a plain Blast again.
- R5 other spends (src 465): the time-reversal undoing street damage "should the GM permit it? Sure!":
  the GM permits (spends it); a player cannot on their own.
"""

from __future__ import annotations

import pytest

from capeworks.engine import Viewer
from capeworks.errors import NotPermitted
from capeworks.systems.bpb.model import Status
from capeworks.systems.bpb.sheet import AttackKind, Power
from tests.systems.bpb.helpers import decisions, fight, of, one, state, table
from tests.systems.bpb.test_combat import cast, hero


@pytest.mark.rules("BPB-INIT-001", "BPB-INIT-002")
def test_r1_an_unaware_character_cannot_act_against_an_opponent() -> None:
    d = table()
    d.do("gm", "start_fight", characters="widow, adler, brandt", aware_first="widow", unaware="adler, brandt")
    assert state(d).fight.order.order[0] == "widow" and set(state(d).fight.unaware) == {"adler", "brandt"}
    d.do("ann", "move", character="widow")  # the hero watches from the rooftop
    d.do("ann", "end_turn", character="widow")
    actor = state(d).fight.turn.actor
    assert actor in ("adler", "brandt")
    error = d.refuse("gm", "attack", rule="BPB-INIT-001", attacker=actor, target="widow", power="Pistol")
    assert "not aware of an opponent" in error.message
    d.refuse("gm", "grab", rule="BPB-INIT-001", attacker=actor, target="widow")
    d.refuse("gm", "explode", rule="BPB-INIT-001", attacker=actor, power="Grenade", distances={"widow": 5})
    d.do("gm", "move", character=actor)  # carrying the loot out is fine
    d.refuse("ann", "aware", characters=actor)  # the GM decides awareness
    d.do("gm", "aware", characters=actor)
    d.refuse("gm", "aware", characters=actor)  # already aware: nothing changes
    events = d.do("gm", "attack", attacker=actor, target="widow", power="Pistol", dice=(1, 1))
    assert one(events, "attack_rolled").roll.verdict.success is False
    assert actor not in state(d).fight.unaware
    assert any("becomes aware of their opponents" in w for w in d.words())


def _status_cells(d, seat: str | None) -> dict[str, str]:
    tracker = d.view(seat)["panels"][0]
    at = tracker["columns"].index("Status")
    return {row[0]: row[at] for row in tracker["rows"]}


@pytest.mark.rules("BPB-INIT-001")
def test_the_tracker_shows_who_is_unaware_to_every_seat() -> None:
    """Unawareness is no secret: the order of play and the log say it to everyone, and the player of
    an unaware character needs to see why they act last and cannot attack."""
    d = table()
    d.do("gm", "start_fight", characters="widow, adler, brandt", aware_first="widow", unaware="adler")
    assert "unaware" in str(d.table.view(Viewer())["panels"][0]["rows"])  # a spectator too
    for seat in (None, "ann", "bo"):
        cells = _status_cells(d, seat)
        assert (cells["Agent Adler"], cells["Agent Brandt"], cells["Widow"]) == ("unaware", "-", "-")
    d.do("gm", "aware", characters="adler")
    assert _status_cells(d, "ann")["Agent Adler"] == "-"
    spectator = d.table.view(Viewer())["panels"][0]
    assert "unaware" not in str(spectator["rows"])


@pytest.mark.rules("BPB-INIT-001")
def test_unaware_must_be_in_the_fight_and_not_aware_first() -> None:
    d = table()
    d.refuse("gm", "start_fight", characters="widow, adler", aware_first="widow", unaware="widow")
    d.refuse("gm", "start_fight", characters="widow, adler", unaware="brandt")


@pytest.mark.rules("BPB-ACT-005", "BPB-ACT-004", "BPB-ACT-001")
def test_r2_the_gm_allows_an_equivalent_action() -> None:
    d = table()
    fight(d, "widow", "adler")
    d.refuse("ann", "act", rule="BPB-ACT-005", character="widow", kind="movement", text="open the vault")
    events = d.do("gm", "act", character="widow", kind="movement", text="opens the bank vault")
    assert one(events, "action_taken").kind == "movement"
    d.refuse("ann", "move", rule="BPB-ACT-001", character="widow")
    d.refuse("gm", "act", rule="BPB-ACT-001", character="widow", kind="movement", text="again")
    d.do("ann", "attack", attacker="widow", target="adler", power="Venom Sting", dice=(1, 1))  # task stays
    assert "Widow spends the movement action (the GM allows it): opens the bank vault." in d.words()


@pytest.mark.rules("BPB-PP-006", "BPB-PP-005")
def test_r3_the_gm_forbids_an_automatic_success() -> None:
    d = table()
    d.do("gm", "start_session")
    d.do("gm", "call_task", character="widow", attribute="Reason", difficulty=15, no_automatic=True,
         task="read the alien script")  # fmt: skip
    d.refuse("ann", "roll", rule="BPB-PP-006", call=1, character="widow", plot_point=True)
    assert state(d).condition("widow").plot_points == 1
    d.do("gm", "call_task", character="widow", attribute="Reason", difficulty=12, task="read the note")
    events = d.do("ann", "roll", call=2, character="widow", plot_point=True)
    assert one(events, "task_rolled").roll.verdict.success is True  # other tasks: the spend stands


BLAST = Power(name="Blast", rank=6, attack=AttackKind.RANGED)


@pytest.mark.rules("BPB-PP-007", "BPB-PP-008", "BPB-DMG-003", "BPB-DMG-004", "BPB-DMG-005")
def test_r4_a_boost_adds_explosive_damage_to_blast() -> None:
    d = cast(hero("zap", owner="ann", powers=(BLAST,), Accuracy=3), hero("m1"), hero("m2"), hero("m3"))
    d.do("gm", "start_session")
    fight(d, "zap", "m1", "m2", "m3")
    d.refuse("ann", "explode", rule="BPB-DMG-003", attacker="zap", power="Blast", distances={"m1": 5})
    d.refuse("ann", "spend", character="zap", kind="boost", power="Blast", enhancement="explosive")  # radius?
    d.refuse("ann", "spend", rule="BPB-PP-007", character="zap", kind="boost", power="Kick",
             enhancement="explosive", radius_ft=40)  # fmt: skip
    # the radius is the GM's to set (BPB-DMG-005): the GM's seat spends Ann's point for it
    events = d.do("gm", "spend", character="zap", kind="boost", power="Blast", enhancement="explosive",
                  radius_ft=40)  # fmt: skip
    assert one(events, "plot_point_spent").boost.enhancement == "explosive"
    events = d.do("gm", "explode", attacker="zap", power="Blast", distances={"m1": 10, "m2": 30, "m3": 50},
                  dice=(3, 3))  # fmt: skip
    boom = one(events, "exploded")
    assert boom.roll.task.difficulty == 9 and boom.roll.task.attribute == 3  # no rank added
    assert boom.hits == {"m1": 6, "m2": 3}  # full DR to 20 ft, half (rounded up) to 40 ft
    for cid in ("zap", "m1", "m2", "m3"):
        if state(d).fight.turn.actor == cid:
            d.do("gm" if cid != "zap" else "ann", "end_turn", character=cid)
    assert state(d).fight.order.round == 2
    d.refuse("ann", "explode", rule="BPB-DMG-003", attacker="zap", power="Blast", distances={"m1": 5})


@pytest.mark.rules("BPB-PP-007", "BPB-DMG-006")
def test_a_boost_adds_penetrating_and_records_others() -> None:
    vest = Power(name="Vest", rank=4, protects="Endurance")
    d = cast(hero("zap", owner="ann", powers=(BLAST,), Accuracy=6), hero("tank", powers=(vest,)))
    d.do("gm", "start_session")
    fight(d, "zap", "tank")
    d.do("ann", "spend", character="zap", kind="boost", power="Blast", enhancement="penetrating")
    d.do("ann", "attack", attacker="zap", target="tank", power="Blast", dice=(6, 6))
    assert one(d.answer("gm", "defend-1", "take"), "damaged").amount == 4  # DR 6 - ceil(4 / 2)
    d.do("gm", "award", character="zap", reason="a fine plan")
    events = d.do(
        "ann", "spend", character="zap", kind="boost", power="Blast", enhancement="Diseases and Toxins"
    )
    assert one(events, "plot_point_spent").detail == "Blast gains Diseases and Toxins"


@pytest.mark.rules("BPB-PP-013")
def test_r5_another_spend_the_gm_permits() -> None:
    d = table()
    d.do("gm", "start_session")
    text = "reverses time: the street is whole again"
    d.refuse("bo", "spend", rule="BPB-PP-013", character="ganyeka", kind="other", text=text)
    events = d.do("gm", "spend", character="ganyeka", kind="other", text=text)
    assert one(events, "plot_point_spent").kind == "other"
    assert state(d).condition("ganyeka").plot_points == 0
    d.refuse("gm", "spend", rule="BPB-PP-005", character="ganyeka", kind="other", text=text)  # none left


@pytest.mark.rules("BPB-INIT-002", "BPB-ATK-001")
def test_the_log_reads_names_not_ids() -> None:
    d = table()
    fight(d, "widow", "adler")
    d.do("ann", "attack", attacker="widow", target="adler", power="Venom Sting", dice=(6, 6))
    words = d.words()
    assert "The fight begins. Order of play: Widow, Agent Adler." in words
    assert "Widow's turn." in words
    assert not any("adler" in w for w in words)


@pytest.mark.rules("BPB-DEF-008", "BPB-DEF-009", "BPB-DMG-003", "BPB-DMG-004", "BPB-TURN-004")
def test_r6_diving_for_cover_from_a_grenade() -> None:
    """Seed src 393-395 and 411-413: "The only way to avoid such attacks is to not be under them": a
    forced action, prone; no benefit if the safe ground is beyond a base move. Adler's grenade (DR 5,
    50 ft): Widow at 10 ft dives for cover 20 ft away (walk 40 ft): safe; Ganyeka at 30 ft dives for
    cover 100 ft away: prone and hit anyway (DR 3); Brandt at 20 ft has no cover named: hit at once."""
    d = table()
    fight(d, "adler", "brandt", "widow", "ganyeka")
    events = d.do("gm", "explode", attacker="adler", power="Grenade",
                  distances={"widow": 10, "ganyeka": 30, "brandt": 20},
                  cover_ft={"widow": 20, "ganyeka": 100}, dice=(6, 6))  # fmt: skip
    assert one(events, "exploded").cover == {"widow": 20, "ganyeka": 100}
    assert [e.character for e in of(events, "damaged")] == ["brandt"]
    prompts = {p.id: p for p in decisions(d)}
    assert set(prompts) == {"dive-widow", "dive-ganyeka"}
    assert "safe" in prompts["dive-widow"].options[0].label
    assert "too far to help" in prompts["dive-ganyeka"].options[0].label
    d.do("gm", "end_turn", character="adler")  # the turn passes; the blast still waits
    d.refuse("gm", "attack", rule="BPB-ATK-001", attacker="brandt", target="widow", power="Pistol")
    d.refuse("bo", "dive", error=NotPermitted, character="widow", dive=True)  # Ann's to answer
    events = d.answer("ann", "dive-widow", "dive")
    assert one(events, "blast_answered").safe is True and not of(events, "damaged")
    events = d.answer("bo", "dive-ganyeka", "dive")
    assert one(events, "blast_answered").safe is False
    assert [(e.character, e.dr) for e in of(events, "damaged")] == [("ganyeka", 3)]
    for cid in ("widow", "ganyeka"):
        assert Status.PRONE in state(d).condition(cid).statuses
        assert state(d).condition(cid).lost_actions == 1  # the forced action costs the next one
    assert state(d).fight.blast is None and decisions(d) == []
    assert any(w == "Widow dives for cover and is safe." for w in d.words())


@pytest.mark.rules("BPB-DEF-008", "BPB-TURN-006")
def test_taking_the_blast_and_no_second_forced_action_in_a_round() -> None:
    d = table()
    fight(d, "adler", "widow", "brandt")
    d.do("gm", "explode", attacker="adler", power="Grenade", distances={"widow": 10, "brandt": 40},
         cover_ft={"widow": 20, "brandt": 10}, dice=(6, 6))  # fmt: skip
    d.answer("gm", "dive-brandt", "take")
    events = d.answer("ann", "dive-widow", "dive")  # the last answer: the blast lands
    assert [(e.character, e.dr) for e in of(events, "damaged")] == [("brandt", 3)]
    assert Status.PRONE not in state(d).condition("brandt").statuses
    d.do("gm", "end_turn", character="adler")
    assert state(d).fight.turn.lost  # Widow's action went on the dive
    d.do("ann", "end_turn", character="widow")
    events = d.do("gm", "explode", attacker="brandt", power="Grenade", distances={"widow": 10},
                  cover_ft={"widow": 20}, dice=(6, 6))  # fmt: skip
    assert decisions(d) == [] and one(events, "exploded").cover == {}  # forced once a round already
    assert [(e.character, e.dr) for e in of(events, "damaged")] == [("widow", 5)]


@pytest.mark.rules("BPB-TURN-004", "BPB-TURN-006", "BPB-TURN-007", "BPB-DMG-010")
def test_r7_a_forced_action_activates_a_defensive_power() -> None:
    """Seed src 297: a forced action may "activate a defensive power"; it costs the next action, once a
    round. Adler's pistol (DR 4) hits Widow: she forces her Force Field (3) on before it lands and takes
    4 - 3 = 1 instead of 4 - 2 (her Invulnerability) = 2; her next turn is lost."""
    d = table()
    fight(d, "adler", "widow")
    d.do("gm", "attack", attacker="adler", target="widow", power="Pistol", dice=(6, 5))
    d.refuse(
        "ann", "switch", rule="BPB-TURN-004", character="widow", power="Force Field", on=False, forced=True
    )
    events = d.do("ann", "switch", character="widow", power="Force Field", forced=True)
    assert one(events, "power_switched").forced is True
    d.refuse("ann", "guard", rule="BPB-TURN-006", character="widow", kind="dodge", forced=True)
    damage = one(d.answer("ann", "defend-1", "take"), "damaged")
    assert (damage.dr, damage.pv, damage.amount) == (4, 3, 1)
    d.do("gm", "end_turn", character="adler")
    assert state(d).fight.turn.actor == "widow" and state(d).fight.turn.lost
    assert "Widow forces an action to switch Force Field on (it costs the next action)." in d.words()
