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
behind a car without its cover. What the weapon makes of the blow is the
weapon's too: an effect only for an improvised one (WD-COMBAT-026, src 618),
"Attack x2" for a full attack (WD-COMBAT-010, src 529; more swings are a
weapon's special rule, src 567, which no held item records, so the GM's), and
a pin only "if the line of fire and surroundings are appropriate"
(WD-STATUS-013, src 871): the scene as the GM describes it.
"""

from __future__ import annotations

from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice import commands as cmd
from capeworks.systems.weaverdice.sheet import Character
from capeworks.systems.weaverdice.vocab import DamageType, WoundTier

__all__ = ["BARE_HANDS", "check_declared", "check_pin"]

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
        source, (damage, tier), only = "bare hands", BARE_HANDS, False
    else:
        item = next(h for h in sheet.held if h.name == c.weapon)
        source, damage, tier, only = f"the {item.name}", item.damage, item.tier, item.effects_only
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
    if c.effect_only is not only:
        dealt = "delivers its effect only" if only else "deals a wound as well as its effect"
        raise RuleViolation(
            "WD-COMBAT-026",
            f"{sheet.name}'s attack with {source} {dealt}: drop effect_only= (the GM may rule otherwise).",
            field="effect_only",
        )
    if c.full and c.swings != 2:
        raise RuleViolation(
            "WD-COMBAT-010",
            f"{sheet.name}'s full attack with {source} is Attack x2: more swings are a weapon's special"
            " rule, the GM's to rule: drop swings=.",
            field="swings",
        )
    check_pin(c.pins, sheet.name, is_gm=False)


def check_pin(pins: bool, name: str, *, is_gm: bool) -> None:
    """Refuse a player's pin: whether "the line of fire and surroundings are appropriate" (src 871) is
    the scene the GM describes, so the GM says it, on an attack or a ranged power's shot alike."""
    if pins and not is_gm:
        raise RuleViolation(
            "WD-STATUS-013",
            f"Whether {name}'s shot pins its target to a wall is for the GM to say (the line of fire and"
            " surroundings): drop pins=.",
            field="pins",
        )
