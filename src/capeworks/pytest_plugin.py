"""The conformance checks as pytest tests, for any package that ships a ruleset.

Installed with capeworks (entry point ``pytest11``), so an outside package
needs no import to use it. Name the ruleset to check, in ``pyproject.toml``::

    [tool.pytest.ini_options]
    capeworks_rulesets = ["example"]

or on the test with ``@pytest.mark.capeworks_ruleset("example")`` (a name, or a
:class:`~capeworks.engine.Ruleset` instance that is not installed), and write
one test that asks for ``capeworks_check``::

    def test_conformance(capeworks_check):
        capeworks_check()

It runs once per check and ruleset (ids such as ``example-check_replay``), and
a broken promise fails with the check's reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

__all__ = ["FIXTURE", "ConformanceCheck"]

#: the argument a test asks for to be run once per conformance check
FIXTURE = "capeworks_check"
_INI = "capeworks_rulesets"
_MARK = "capeworks_ruleset"


@dataclass(frozen=True, slots=True)
class ConformanceCheck:
    """One conformance check of one ruleset; call it to run it."""

    ruleset: Any
    check: Any

    @property
    def name(self) -> str:
        """``<ruleset>-<check>``: the test's id."""
        ruleset = self.ruleset if isinstance(self.ruleset, str) else self.ruleset.name
        return f"{ruleset}-{self.check.__name__}"

    def __call__(self) -> None:
        """Run the check; a broken promise raises AssertionError with its reason."""
        __tracebackhide__ = True
        from capeworks.engine.registry import get_ruleset

        ruleset = get_ruleset(self.ruleset) if isinstance(self.ruleset, str) else self.ruleset
        self.check(ruleset)


def pytest_addoption(parser: pytest.Parser) -> None:
    """``capeworks_rulesets``: the rulesets a ``capeworks_check`` test checks by default."""
    parser.addini(_INI, "rulesets the capeworks conformance checks run on", type="linelist", default=[])


def pytest_configure(config: pytest.Config) -> None:
    """Declare the marker, so ``--strict-markers`` accepts it."""
    config.addinivalue_line("markers", f"{_MARK}(*rulesets): the rulesets a {FIXTURE} test checks")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Run a test asking for ``capeworks_check`` once per check and ruleset."""
    if FIXTURE not in metafunc.fixturenames:
        return
    from capeworks.engine.conformance import CHECKS

    marks = [arg for mark in metafunc.definition.iter_markers(_MARK) for arg in mark.args]
    rulesets = marks or list(metafunc.config.getini(_INI))
    if not rulesets:
        raise pytest.UsageError(
            f"{metafunc.definition.nodeid} asks for {FIXTURE} but names no ruleset: "
            f"set {_INI} in the pytest configuration or mark it @pytest.mark.{_MARK}(...)."
        )
    checks = [ConformanceCheck(ruleset, check) for ruleset in rulesets for check in CHECKS]
    metafunc.parametrize(FIXTURE, checks, ids=[c.name for c in checks])
