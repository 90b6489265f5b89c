"""The lab's policy contract is one set of classes, in the engine, which rulesets build on without the lab."""

from __future__ import annotations

import subprocess
import sys

import pytest

from capeworks.engine import Role, Seat, Table
from capeworks.engine import policy as contract
from capeworks.lab import policy as lab_policy
from capeworks.systems.bpb import policy as bpb_policy
from capeworks.systems.rwyn import policy as rwyn_policy
from capeworks.systems.workshop import policy as workshop_policy
from capeworks.systems.workshop.state import WorkshopState

_SHARED = ("Move", "Tally", "Outcome", "Situation")


@pytest.mark.parametrize(
    "module", [lab_policy, bpb_policy, workshop_policy, rwyn_policy], ids=lambda m: m.__name__
)
def test_the_contract_classes__are_the_engines_everywhere(module: object) -> None:
    for name in _SHARED:
        assert getattr(module, name) is getattr(contract, name), f"{module} defines its own {name}"


def test_lab_policy__re_exports_the_whole_contract() -> None:
    assert set(lab_policy.__all__) <= set(contract.__all__)
    for name in lab_policy.__all__:
        assert getattr(lab_policy, name) is getattr(contract, name)


@pytest.mark.parametrize("ruleset", ["bpb", "workshop", "rwyn"])
def test_a_rulesets_policy__imports_without_the_lab(ruleset: str) -> None:
    code = (
        f"import sys, capeworks.systems.{ruleset}.policy as p; "
        "assert p.Move.__module__ == 'capeworks.engine.policy'; "
        "print(sorted(m for m in sys.modules if m.startswith('capeworks.lab')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_workshop_arena__ends_a_fight_with_the_contracts_outcome() -> None:
    """Its outcome used to be built by importing the lab by name at run time; now it is the engine's."""
    arena = workshop_policy.ARENA
    seats = (Seat(id="gm", name="GM", role=Role.GM), Seat(id="side0", name="A"), Seat(id="side1", name="B"))
    table = Table.new("workshop", config={}, seats=seats, seed=3)
    sample = next(iter(arena.samples))
    sides = [
        contract.Side(name=f"s{i}", sheets=(arena.rename(arena.samples[sample], f"x{i}"),)) for i in (0, 1)
    ]
    for command in arena.open(sides, {}):
        table.execute(command)
    assert isinstance(table.state, WorkshopState)
    done = arena.outcome(table.state, max_rounds=0)
    assert isinstance(done, contract.Outcome) and done.timed_out
    assert all(isinstance(t, contract.Tally) for t in done.tallies.values())
    assert set(done.tallies) == {"x0", "x1"}
