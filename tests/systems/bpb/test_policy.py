"""The lab's fight policies for Bulletproof Blues, played through the table the way the lab's loop does."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from capeworks.engine import Seat, Table
from capeworks.systems.bpb.policy import ARENA, POLICIES, Outcome, choose_attack
from capeworks.systems.bpb.sheet import AttackKind, Power
from tests.systems.bpb.helpers import RULESET, fight, state, table
from tests.systems.bpb.test_combat import cast, hero


@dataclass
class Sides:
    sheets: tuple[dict[str, Any], ...]
    play: tuple[dict[str, Any], ...] = field(default_factory=tuple)


@dataclass
class Situation:
    state: Any
    actor: str
    foes: tuple[str, ...]
    rng: random.Random


def _fight(policy: str, seed: int) -> tuple[Table, Outcome]:
    sides = [
        Sides((dict(ARENA.samples["widow"]), dict(ARENA.samples["ganyeka"]))),
        Sides((dict(ARENA.samples["agent-a"]), dict(ARENA.rename(ARENA.samples["agent-b"], "agent-b2")))),
    ]
    seats = (
        Seat(id="gm", name="GM", role="gm"),
        Seat(id="side0", name="Heroes"),
        Seat(id="side1", name="Agents"),
    )
    t = Table.new(RULESET, seats=seats, seed=seed)
    for command in ARENA.open(sides, {}):
        t.execute(command)
    ids = [[str(s["id"]) for s in side.sheets] for side in sides]
    rng = random.Random(seed)
    for _ in range(2000):
        done = ARENA.outcome(t.state, max_rounds=30)
        if done is not None:
            return t, done
        for prompt in (p for p in t.prompts() if p.options):  # the turn prompt is answered by moving
            who = str(prompt.options[0].payload.get("character") or prompt.context.get("character") or "")
            seat = prompt.seat or "gm"
            mover = POLICIES[policy].answer(Situation(t.state, who, (), rng), prompt)
            t.execute(mover.as_command(seat))
            break
        else:
            actor = ARENA.turn(t.state)
            assert actor is not None
            side = 0 if actor in ids[0] else 1
            move = POLICIES[policy].act(Situation(t.state, actor, tuple(ids[1 - side]), rng))
            move = move or ARENA.end_turn(t.state, actor)
            t.execute(move.as_command(f"side{side}"))
    raise AssertionError("the fight never ended")


@pytest.mark.rules("BPB-ATK-001", "BPB-DEF-006", "BPB-XS-003")
@pytest.mark.parametrize("policy", list(POLICIES))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_policies_play_a_fight_to_its_end(policy: str, seed: int) -> None:
    t, done = _fight(policy, seed)
    assert done.winner in (0, 1) or done.timed_out
    assert set(done.tallies) == {"widow", "ganyeka", "agent-a", "agent-b2"}
    if done.winner is not None:
        losers = [x for x in done.tallies.values() if x.side != done.winner]
        assert all(x.out for x in losers)
    assert Table.replay(t.log).state == t.state


def test_choose_attack_prefers_what_hurts() -> None:
    d = table()
    s = state(d)
    # Widow's Venom Sting (5) beats her bare hands (Brawn 2) against Adler
    assert choose_attack(s, s.characters["widow"], s.characters["adler"])[1] == "Venom Sting"
    # Adler's pistol (4) cannot hurt Ganyeka (Invulnerability 4); a knife or fists neither
    assert choose_attack(s, s.characters["adler"], s.characters["ganyeka"]) is None


def test_arena_names_and_copies() -> None:
    sheet = ARENA.samples["agent-b"]
    assert ARENA.ident(sheet) == "agent-b"
    assert ARENA.rename(sheet, "agent-b2")["name"] == "Agent Brandt 2"


@pytest.mark.rules("BPB-TURN-004")
def test_sensible_steps_in_only_to_save_an_ally_it_can_outlast() -> None:
    sides = {"widow": "heroes", "ganyeka": "heroes", "adler": "agents", "brandt": "agents"}
    d = table()
    d.do("gm", "start_fight", payload={"characters": "adler, widow, ganyeka, brandt",
                                       "aware_first": "adler", "sides": sides})  # fmt: skip
    rng = random.Random(1)
    d.do("gm", "attack", attacker="adler", target="widow", power="Pistol", dice=(6, 5))
    prompt = d.prompt("bo", "step_in")
    ask = Situation(state(d), "ganyeka", ("adler", "brandt"), rng)
    assert POLICIES["sensible"].answer(ask, prompt).payload["step"] is False  # Widow stands a DR 4 hit
    hurt = state(d).condition("widow").model_copy(update={"lost": 4})
    d.patch(conditions={**state(d).conditions, "widow": hurt})
    # Endurance 2 left, the hit does 4 - 2 = 2: she would go down; Ganyeka (Invulnerability 4) takes nothing
    move = POLICIES["sensible"].answer(Situation(state(d), "ganyeka", (), rng), d.prompt("bo", "step_in"))
    assert move.payload["step"] is True
    assert POLICIES["no_reactions"].answer(ask, prompt).payload["step"] is False


@pytest.mark.rules("BPB-PP-009", "BPB-DMG-010")
def test_choose_attack_counts_a_stunt_used_as_protection() -> None:
    # src 481, 429: Widow's Venom Sting 5 stunted into venom armour protects at PV 5, the best of her
    # protections: Adler's Pistol 4, Knife (DR 2) and fists (2) cannot hurt her through it, so he picks none
    d = table()
    d.do("gm", "start_session")
    s = state(d)
    assert choose_attack(s, s.characters["adler"], s.characters["widow"])[1] == "Pistol"  # 4 - 2 gets through
    d.do("ann", "spend", character="widow", kind="stunt", power="Venom Sting", used_as="Venom Armour",
         protects="Endurance")  # fmt: skip
    s = state(d)
    assert choose_attack(s, s.characters["adler"], s.characters["widow"]) is None


@pytest.mark.rules("BPB-TURN-004", "BPB-PP-009")
def test_sensible_does_not_step_in_front_of_a_hit_her_stunt_stops() -> None:
    # Widow, Endurance 2 left, is hit by Adler's Pistol (DR 4): through her Invulnerability 2 it would put
    # her out, but her venom armour (a protection stunt at 5) stops all of it: Ganyeka lets it pass
    sides = {"widow": "heroes", "ganyeka": "heroes", "adler": "agents", "brandt": "agents"}
    d = table()
    d.do("gm", "start_session")
    d.do("gm", "start_fight", payload={"characters": "adler, widow, ganyeka, brandt",
                                       "aware_first": "adler", "sides": sides})  # fmt: skip
    d.do("ann", "spend", character="widow", kind="stunt", power="Venom Sting", used_as="Venom Armour",
         protects="Endurance", rounds=1)  # fmt: skip
    hurt = state(d).condition("widow").model_copy(update={"lost": 4})
    d.patch(conditions={**state(d).conditions, "widow": hurt})
    d.do("gm", "attack", attacker="adler", target="widow", power="Pistol", dice=(6, 5))
    ask = Situation(state(d), "ganyeka", (), random.Random(1))
    assert POLICIES["sensible"].answer(ask, d.prompt("bo", "step_in")).payload["step"] is False


@pytest.mark.rules("BPB-DEF-007", "BPB-TURN-004", "BPB-PP-009")
def test_sensible_spends_no_forced_dodge_on_a_hit_her_stunt_stops() -> None:
    # the sensible policy forces a dodge (costing its next action) only when the hit would put it out:
    # Pistol DR 4 on Widow with 2 Endurance left, her venom armour (PV 5) taking all of it, is no such hit
    d = table()
    d.do("gm", "start_session")
    fight(d, "adler", "widow")
    d.do("ann", "spend", character="widow", kind="stunt", power="Venom Sting", used_as="Venom Armour",
         protects="Endurance")  # fmt: skip
    hurt = state(d).condition("widow").model_copy(update={"lost": 4})
    d.patch(conditions={**state(d).conditions, "widow": hurt})
    d.do("gm", "attack", attacker="adler", target="widow", power="Pistol", dice=(6, 5))
    ask = Situation(state(d), "widow", ("adler",), random.Random(1))
    assert POLICIES["sensible"].answer(ask, d.prompt("ann", "defend")).payload["choice"] == "take"


@pytest.mark.rules("BPB-PP-009")
def test_choose_attack_counts_a_stunted_attack() -> None:
    # src 481: Aegis's Force Field 8 made a force blade for the round (a hand-to-hand attack at DR 8) is one
    # of her attacks: her bare hands (Brawn 2) cannot hurt the foe's Invulnerability 4, the blade can
    ff = Power(name="Force Field", rank=8, protects="Endurance", activated=True)
    skin = Power(name="Invulnerability", rank=4, protects="Endurance")
    d = cast(hero("aegis", owner="ann", powers=(ff,), Prowess=4, Brawn=2), hero("foe", powers=(skin,)))
    d.do("gm", "start_session")
    s = state(d)
    assert choose_attack(s, s.characters["aegis"], s.characters["foe"]) is None
    d.do("ann", "spend", character="aegis", kind="stunt", power="Force Field", used_as="Force Blade",
         attack="melee")  # fmt: skip
    s = state(d)
    assert choose_attack(s, s.characters["aegis"], s.characters["foe"])[1] == "Force Blade"


@pytest.mark.rules("BPB-PP-007")
def test_choose_attack_counts_a_boosted_brawn() -> None:
    # src 475: boosted from Brawn 4 to 5, her fists (DR 5) get through the foe's Invulnerability 4, 1 a hit
    skin = Power(name="Invulnerability", rank=4, protects="Endurance")
    d = cast(hero("bruiser", owner="ann", Prowess=4, Brawn=4), hero("foe", powers=(skin,)))
    d.do("gm", "start_session")
    s = state(d)
    assert choose_attack(s, s.characters["bruiser"], s.characters["foe"]) is None
    d.do("ann", "spend", character="bruiser", kind="boost", power="Brawn")
    s = state(d)
    assert choose_attack(s, s.characters["bruiser"], s.characters["foe"])[1] == "unarmed"


BLAST8 = Power(name="Blast", rank=8, attack=AttackKind.RANGED)


@pytest.mark.rules("BPB-MOVE-007", "BPB-ROLL-005", "BPB-ROLL-007")
@pytest.mark.parametrize(
    ("how", "power"), [(None, "Blast"), ("run", "unarmed"), ("sprint", "unarmed"), ("pace", "unarmed")]
)
def test_sensible_weighs_its_own_run_or_sprint_in_its_choice_of_attack(how: str | None, power: str) -> None:
    # src 103: "A character who is running ... incurs a +3 difficulty modifier on any attacks or task rolls
    # ... sprinting ... +6". Zap (Accuracy 5, Prowess 6, Brawn 4, Blast 8) against Foe (Agility 4,
    # Prowess 2). Walking: Blast 5 vs 12 (needs 7: 21/36 x 8 = 4.7) beats the fist 6 vs 10 (needs 4:
    # 33/36 x 4 = 3.7). After a run: Blast needs 10 (6/36 x 8 = 1.3), the fist 7 (21/36 x 4 = 2.3); after
    # a sprint the Blast needs 13, out of reach (src 153), the fist 10 (6/36 x 4 = 0.7); a run declared
    # before the task (pace) counts as the run made. The policy picks the fist, which the table takes
    # (before: the Blast, which after a sprint the table refuses)
    d = cast(hero("zap", owner="ann", powers=(BLAST8,), Accuracy=5, Prowess=6, Brawn=4),
             hero("foe", Agility=4, Prowess=2, Endurance=20))  # fmt: skip
    fight(d, "zap", "foe")
    if how == "pace":
        d.do("ann", "pace", character="zap", mode="run")
    elif how is not None:
        d.do("ann", "move", character="zap", mode=how)
    move = POLICIES["sensible"].act(Situation(state(d), "zap", ("foe",), random.Random(1)))
    assert move is not None and (move.command, move.payload["power"]) == ("attack", power)
    d.do("ann", "attack", payload=move.payload, dice=(6, 6))


@pytest.mark.rules("BPB-MOVE-007", "BPB-ROLL-005")
def test_sensible_guards_when_its_sprint_puts_every_attack_out_of_reach() -> None:
    # src 103, 153: Jab (Prowess 4, no other attack) against Foe (Prowess 3): 4 vs 11 walking, but after a
    # sprint 4 vs 17 needs 13: no attack can hit, so it keeps a guard up (a block: its Prowess 4 is over
    # its Agility 2) rather than swing at nothing (before: a punch, which the table refuses)
    d = cast(hero("jab", owner="ann", Prowess=4), hero("foe", Prowess=3, Endurance=20))
    fight(d, "jab", "foe")
    d.do("ann", "move", character="jab", mode="sprint")
    move = POLICIES["sensible"].act(Situation(state(d), "jab", ("foe",), random.Random(1)))
    assert move is not None and (move.command, move.payload["kind"]) == ("guard", "block")
    d.do("ann", "guard", payload=move.payload)
