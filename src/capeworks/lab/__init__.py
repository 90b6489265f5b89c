"""The playtest lab: the table's own rules played by policies many times, as odds, fights and sweeps.

Nothing here implements a rule: fights go through ``capeworks.engine.Table`` with
the rulesets' commands, odds through each ruleset's ``odds`` module.
"""

__all__: list[str] = []
