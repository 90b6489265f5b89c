"""Capes (Muse of Fire Games): a GM-less superhero storytelling game, enforced by the rules.

The rules are the referee: :class:`~capeworks.systems.capes.ruleset.CapesRuleset`
decides whose turn it is, keeps the dice on the Conflict cards, the claims,
Story Tokens, Debt on Drives, Inspirations and the Reaction order. See
docs/systems/capes.md.
"""

__all__: list[str] = []
