"""The Workshop's shots combat (WS): sequences and shot pools, snapshots, PV and wounds, optional rules.

The rules are ``../shared/rules/workshop.md``; the decisions where the seed is silent are in
``docs/systems/workshop.md``.
"""

__all__: list[str] = []
