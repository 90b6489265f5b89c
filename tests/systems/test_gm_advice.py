"""[GM] advice the rules give the people at the table, shown where they need it: on the form of
the command it is about (the web table shows each field's description under it, the CLI's
``--help`` lists it), never only in a rulebook.
"""

from __future__ import annotations

import pytest

from capeworks.engine import get_ruleset


def _form(ruleset: str, command: str) -> dict[str, object]:
    schema: dict[str, object] = get_ruleset(ruleset).commands[command].model.model_json_schema()
    return schema


@pytest.mark.rules("CAPES-EG-003", "CAPES-EG-004")
def test_capes_conflict_form_advises_a_vague_event() -> None:
    text = _form("capes", "create_conflict")["properties"]["text"]  # type: ignore[index]
    assert "vague enough that anyone could use it" in text["description"]


@pytest.mark.rules("CAPES-CHAR-014", "CAPES-CHAR-011")
def test_capes_exemplar_form_suggests_two_click_and_lock_modules_for_a_shared_one() -> None:
    shared = _form("capes", "add_exemplar")["properties"]["shared_with"]  # type: ignore[index]
    assert "two players' Click-and-Lock modules" in shared["description"]


@pytest.mark.rules("RWYN-ABIL-011", "RWYN-ABIL-010")
def test_rwyn_favour_form_says_reputation_outweighs_wealth() -> None:
    assert "Reputation outweighs Wealth" in str(_form("rwyn", "favour")["description"])
