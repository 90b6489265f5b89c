"""Docs that cannot drift: every [CORE]/[PARAM] rule of an installed system is tested or out of scope.

The inventories live in ``../shared/rules`` beside the checkout. A rule counts
as tested when a test's ``@pytest.mark.rules(...)`` names it; a rule may instead
be listed under an "Out of scope" heading of ``docs/systems/<system>.md`` with a
reason. Rule IDs named by tests must exist in an inventory (no typos).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from capeworks.engine import available

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT.parent / "shared" / "rules"
INVENTORIES = {
    "rwyn": "roll-when-you-need.md",
    "capes": "capes.md",
    "weaverdice": "weaverdice.md",
    "bpb": "bulletproof-blues.md",
    "workshop": "workshop.md",
}
RULE_LINE = re.compile(r"\*\*([A-Z]+(?:-[A-Z]+)*-\d{3})\*\* \[(CORE|PARAM|GM|DESIGN-NOTE)\]")
SYSTEM_PREFIXES = ("WD-", "RWYN-", "BPB-", "WS-", "CAPES-")

pytestmark = pytest.mark.skipif(not RULES.is_dir(), reason="../shared/rules is not beside this checkout")


def _inventory(file: str) -> dict[str, str]:
    return dict(RULE_LINE.findall((RULES / file).read_text(encoding="utf-8")))


def _ids_named_by_rules_markers() -> set[str]:
    named: set[str] = set()
    for path in (ROOT / "tests").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "rules"
                and isinstance(node.func.value, ast.Attribute)
                and node.func.value.attr == "mark"
            ):
                strings = [a.value for a in node.args if isinstance(a, ast.Constant)]
                named.update(s for s in strings if isinstance(s, str))
    return named


def _out_of_scope(system: str) -> set[str]:
    doc = ROOT / "docs" / "systems" / f"{system}.md"
    if not doc.is_file():
        return set()
    text = doc.read_text(encoding="utf-8")
    match = re.search(r"^#+ Out of scope\s*$(.*?)(?=^#+ |\Z)", text, flags=re.M | re.S)
    if not match:
        return set()
    listed = r"^- \*{0,2}([A-Z]+(?:-[A-Z]+)*-\d{3})\*{0,2}\s*[:—-]\s*\S"
    return set(re.findall(listed, match.group(1), flags=re.M))


@pytest.mark.parametrize("system", sorted(set(available()) & set(INVENTORIES)))
def test_every_core_and_param_rule_is_tested_or_out_of_scope(system: str) -> None:
    rules = _inventory(INVENTORIES[system])
    required = {rid for rid, tag in rules.items() if tag in ("CORE", "PARAM")}
    missing = sorted(required - _ids_named_by_rules_markers() - _out_of_scope(system))
    assert not missing, f"{system}: rules neither tested nor out of scope: {' '.join(missing)}"


def test_rule_ids_named_by_tests_exist() -> None:
    known: set[str] = set()
    for file in INVENTORIES.values():
        known.update(_inventory(file))
    named = {rid for rid in _ids_named_by_rules_markers() if rid.startswith(SYSTEM_PREFIXES)}
    assert not sorted(named - known), f"tests name rule IDs that no inventory has: {sorted(named - known)}"
