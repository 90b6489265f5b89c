"""What a player may declare on an attack: the damage is the weapon's.

Implements, on the table, WD-COMBAT-024 (a hit inflicts the weapon's wound
tier of its damage type, src 602, 614: "fists ... (lesser)" Bash, src 623),
WD-WOUND-002's conventional damage (src 1032: "conventional damage done to
armor doesn't have any consequence. (Less conventional damage like powers
may)") and WD-WFX-015's mental source (src 744: a power's, not a blow's). A
player's attack deals what its weapon, power or bare hands deal; the GM
disposes and may declare anything. Cover (WD-COMBAT-022, src 600) is the
scene as the GM describes it, and a player enters it on their own attack:
it only raises the target's DS, so a player has nothing to gain by it, and
refusing it would leave the player's roll against a target the GM put
behind a car without its cover.
"""

from __future__ import annotations

from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice import commands as cmd
from capeworks.systems.weaverdice.sheet import Character
from capeworks.systems.weaverdice.vocab import DamageType, WoundTier

__all__ = ["BARE_HANDS", "check_declared"]

#: what bare hands deal: "Bash wounds come from blunt objects, including fists ... (lesser)" (src 623)
BARE_HANDS = (DamageType.BASH, WoundTier.LESSER)


def _words(tier: WoundTier, damage: DamageType) -> str:
    return f"{tier.name.lower()} {damage.value}"


def check_declared(c: cmd.Attack, sheet: Character, *, is_gm: bool) -> None:
    """Refuse a player's attack whose damage, tier or conventional flag differs from what its weapon
    (``c`` as :func:`~.holds.armed` made it) or bare hands deal, or that calls itself a mental source;
    the GM's stands. A weapon and bare hands deal conventional, physical damage:
    only a power may be less conventional (src 1032) or mental (src 744)."""
    if is_gm:
        return
    if c.weapon is None:
        source, (damage, tier) = "bare hands", BARE_HANDS
    else:
        item = next(h for h in sheet.held if h.name == c.weapon)
        source, damage, tier = f"the {item.name}", item.damage, item.tier
    if c.damage is not damage or c.tier is not tier:
        raise RuleViolation(
            "WD-COMBAT-024",
            f"{sheet.name}'s attack with {source} deals a {_words(tier, damage)} wound, not a"
            f" {_words(c.tier, c.damage)} one: drop damage= and tier= (the GM may rule otherwise).",
            field="damage" if c.damage is not damage else "tier",
        )
    if c.mental:
        # a mental source is a power's (a psychic blast, src 744): :class:`~.powers.Power` says so
        raise RuleViolation(
            "WD-WFX-015",
            f"{sheet.name}'s attack with {source} is not a mental source; only a power may be (the GM"
            " may rule otherwise).",
            field="mental",
        )
    if not c.conventional:
        raise RuleViolation(
            "WD-WOUND-002",
            f"{sheet.name}'s attack with {source} is conventional damage; only a power's may be less"
            " so (the GM may rule otherwise).",
            field="conventional",
        )
