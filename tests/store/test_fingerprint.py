"""A snapshot's fingerprint names the shape of the models it was folded with, the same in every process."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict, Field

from capeworks.engine import get_ruleset
from capeworks.store import snapshot as snapshots
from tests.engine.toy import Toy


@pytest.mark.parametrize("name", ["rwyn", "weaverdice", "capes"])
@pytest.mark.parametrize("hash_seed", ["0", "12345"])
def test_fingerprint__is_the_same_in_a_fresh_process(name: str, hash_seed: str) -> None:
    code = (
        "from capeworks.engine import get_ruleset; from capeworks.store import snapshot; "
        f"print(snapshot.fingerprint(get_ruleset({name!r})))"
    )
    env = {"PYTHONHASHSEED": hash_seed, "PATH": ""}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip() == snapshots.fingerprint(get_ruleset(name))


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


def _variant(**fields: Any) -> type[BaseModel]:
    return type(
        "ToyState",
        (_Frozen,),
        {"__annotations__": {k: v[0] for k, v in fields.items()}, **{k: v[1] for k, v in fields.items()}},
    )


@pytest.mark.parametrize(
    "other",
    [
        {"total": (int, 0), "extra": (str, "")},  # a field added
        {"total": (str, "0")},  # a field's type
        {"total": (int, 1)},  # a default
        {"total": (int, Field(default=0, ge=0))},  # a constraint
    ],
)
def test_fingerprint__changes_with_the_state_model(other: dict[str, Any]) -> None:
    config = Toy().config_model
    before = snapshots._fingerprint_of(_variant(total=(int, 0)), config, (), "r")
    assert snapshots._fingerprint_of(_variant(total=(int, 0)), config, (), "r") == before
    assert snapshots._fingerprint_of(_variant(**other), config, (), "r") != before
