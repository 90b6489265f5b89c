"""Game systems: one ruleset package each, registered through the ``capeworks.rulesets`` entry point."""

__all__: list[str] = []
