"""Every registered ruleset (and the toy one) passes the engine's conformance checks."""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine import Ruleset, available
from capeworks.engine.conformance import CHECKS
from tests.engine.toy import Toy


def _rulesets() -> list[Ruleset[Any, Any]]:
    return [Toy(), *available().values()]


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__)
@pytest.mark.parametrize("ruleset", _rulesets(), ids=lambda r: r.name)
def test_conformance(ruleset: Ruleset[Any, Any], check: Any) -> None:
    check(ruleset)
