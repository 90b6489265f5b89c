"""Plain attribute reads for models: the same values and errors as pydantic's hook gives."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from enum import Enum, EnumType

import pytest
from pydantic import BaseModel, ConfigDict, PrivateAttr

from capeworks.engine import direct_reads
from capeworks.engine.direct_reads import read_directly
from capeworks.systems.weaverdice.commands import Attack
from capeworks.systems.weaverdice.ruleset import WeaverdiceRuleset
from capeworks.systems.weaverdice.vocab import Stat


class _Plain(BaseModel):
    model_config = ConfigDict(frozen=True)
    a: int = 1

    @property
    def twice(self) -> int:
        return self.a * 2


class _Private(BaseModel):
    a: int = 1
    _secret: int = PrivateAttr(default=7)


class _Extra(BaseModel):
    model_config = ConfigDict(extra="allow")


_ON = sys.implementation.name == "cpython" and sys.version_info[:2] == (3, 11)


def _hooked(cls: type) -> bool:
    return direct_reads._slot(cls).value == direct_reads._HOOK


def test_read_directly__plain_models_read_the_same_and_refuse_the_same() -> None:
    read_directly(prefix=__name__)
    assert _hooked(_Plain) is not _ON
    m = _Plain(a=3)
    assert (m.a, m.twice, m.model_fields_set) == (3, 6, {"a"})
    with pytest.raises(AttributeError, match="'_Plain' object has no attribute 'b'"):
        _ = m.b  # type: ignore[attr-defined]
    assert getattr(m, "b", None) is None
    with pytest.raises(Exception, match="frozen"):
        m.a = 4  # type: ignore[misc]


def test_read_directly__leaves_private_attributes_and_extras_to_pydantic() -> None:
    read_directly(prefix=__name__)
    assert _hooked(_Private) and _hooked(_Extra)
    assert _Private()._secret == 7
    assert _Extra(z=1).z == 1  # type: ignore[attr-defined]


def test_read_directly__a_rulesets_models_are_read_directly_once_it_is_declared() -> None:
    assert WeaverdiceRuleset.name == "weaverdice"
    assert _hooked(Attack) is not _ON
    assert Attack(character="a", target="b").target == "b"


class _Colour(Enum):
    RED = "red"
    CRIMSON = "red"  # an alias: found in the class's own dict too


def test_read_directly__enums_read_their_members_the_same() -> None:
    read_directly(prefix=__name__)
    assert isinstance(_Colour, EnumType)
    assert (type(_Colour) is direct_reads._DirectEnumType) is _ON
    assert _Colour.RED is _Colour.CRIMSON is _Colour["RED"] is _Colour("red")
    assert list(_Colour) == [_Colour.RED] and _Colour.RED.value == "red"
    assert pickle.loads(pickle.dumps(_Colour.RED)) is _Colour.RED
    with pytest.raises(AttributeError):
        _ = _Colour.BLUE  # type: ignore[attr-defined]
    assert type(Stat) is (direct_reads._DirectEnumType if _ON else EnumType)


class _Odd(Enum):
    NAME = "n"
    value = "v"  # a member called value: read as a member, never through the plain property


def test_read_directly__members_value_and_name_read_through_a_plain_property() -> None:
    read_directly(prefix=__name__)
    assert (_Colour.RED.value, _Colour.RED.name, _Colour.CRIMSON.name) == ("red", "RED", "RED")
    assert (type(vars(_Colour).get("value")) is property) is _ON
    assert (type(vars(_Colour).get("name")) is property) is _ON
    assert (Stat.BRAWN.value, Stat.BRAWN.name) == ("brawn", "BRAWN")
    assert _Odd.value.value == "v" and _Odd.NAME.value == "n" and _Odd.NAME.name == "NAME"
    assert type(vars(_Odd)["value"]) is not property  # left to Enum's own (its members are not all kept)


def test_the_environment_can_turn_it_off() -> None:
    """``CAPEWORKS_DIRECT_READS=0``: a fresh process leaves every hook in place and plays the same."""
    code = (
        "from capeworks.engine import direct_reads as d\n"
        "from capeworks.systems.weaverdice.ruleset import WeaverdiceRuleset\n"
        "from capeworks.systems.weaverdice.vocab import Stat\n"
        "assert d._GENERIC is None and d.read_directly() == 0\n"
        "assert type(Stat) is not d._DirectEnumType and Stat.BRAWN.value == 'brawn'\n"
        "print('off')\n"
    )
    env = {**os.environ, "CAPEWORKS_DIRECT_READS": "0"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "off"
