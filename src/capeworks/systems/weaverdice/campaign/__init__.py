"""Weaverdice part 2, the campaign layer: downtime, crafting, recruiting, intel, rep, followers,
progression, rest, missions and negotiation (WD-DT, WD-CRAFT, WD-RECRUIT, WD-INTEL, WD-REP,
WD-SOCIAL, WD-FOLLOW, WD-PROG, WD-REST, WD-PLAN, WD-BIZ, WD-LORE)."""

__all__: list[str] = []
