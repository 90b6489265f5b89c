"""The generated command tables mark GM-only fields from the same ``gm_field`` marker the forms read."""

from __future__ import annotations

from capeworks.cli.ruleset_reference import command_table
from capeworks.engine import get_ruleset


def test_command_table__marks_a_gm_only_field_and_not_a_players() -> None:
    table = command_table(get_ruleset("weaverdice"))
    attack = next(line for line in table.splitlines() if line.startswith("| `attack`"))
    fields = [f.strip() for f in attack.split(";")]
    assert "`hidden` yes/no (default `False`) (GM only)" in fields
    assert "`target` text (<= 40) (required)" in fields
