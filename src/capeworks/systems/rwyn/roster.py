"""The roster: characters join, and change only through advancement or the GM.

Implements RWYN-ABIL-001..003 (abilities and their ratings, set by the GM
after creation), RWYN-TRAIT-001..003 (qualities and talents: chosen at
creation; added later by the GM, as advancement), XP and RWYN-ABIL-009
(buying lost Wealth or Reputation back with XP).
"""

from __future__ import annotations

from collections.abc import Mapping

from capeworks.engine import DiceService, Event
from capeworks.errors import InvalidCommand, NotFound, NotPermitted
from capeworks.systems.rwyn import commands as cmd
from capeworks.systems.rwyn import wealth
from capeworks.systems.rwyn.characters import (
    SAMPLE_CHARACTERS,
    build_character,
    check_rating,
    make_quality,
    make_talent,
)
from capeworks.systems.rwyn.events import (
    AbilitySet,
    BoughtBack,
    CharacterAdded,
    QualityAdded,
    TalentAdded,
    XpAwarded,
)
from capeworks.systems.rwyn.lookups import Ctx, Done, ability, character, control
from capeworks.systems.rwyn.state import RwynState

__all__ = ["add_character", "add_quality", "add_talent", "award_xp", "buy_back", "set_ability"]


def add_character(state: RwynState, context: Ctx, c: cmd.AddCharacter, dice: DiceService) -> Done:
    """A new character, from a sample or from ratings, qualities and talents."""
    if c.id in state.characters:
        raise InvalidCommand(f"A character with id {c.id!r} already exists.")
    owner = c.owner or ("" if context.is_gm else context.actor.id)
    if not owner:
        raise InvalidCommand("Say which seat plays the character.")
    if not context.is_gm and owner != context.actor.id:
        raise NotPermitted("Players create characters for themselves; the GM can create them for anyone.")
    if owner not in {s.id for s in context.seats}:
        raise NotFound(f"Nobody sits at seat {owner!r} at this table.")
    if c.sample:
        sample = SAMPLE_CHARACTERS.get(c.sample.lower())
        if sample is None:
            raise NotFound(
                f"There is no sample character {c.sample!r}. Known: {', '.join(SAMPLE_CHARACTERS)}."
            )
        abilities: Mapping[str, int] = {**sample.abilities, **c.abilities}
        qualities = [*sample.qualities, *c.qualities]
        talents = [*sample.talents, *c.talents]
        name = c.name or sample.name
    else:
        abilities, qualities, talents, name = c.abilities, c.qualities, c.talents, c.name
    built = build_character(
        character_id=c.id,
        name=name,
        owner=owner,
        abilities=abilities,
        qualities=qualities,
        talents=talents,
        config=context.config,
    )
    return [Event.of(CharacterAdded(character=built))]


def set_ability(state: RwynState, context: Ctx, c: cmd.SetAbility, dice: DiceService) -> Done:
    """GM: rate an ability (RWYN-ABIL-003)."""
    who = character(state, c.character)
    name = ability(context.config, c.ability)
    check_rating(name, c.rating, context.config)
    return [Event.of(AbilitySet(character_id=who.id, name=who.name, ability=name, rating=c.rating))]


def add_quality(state: RwynState, context: Ctx, c: cmd.AddQuality, dice: DiceService) -> Done:
    """GM: a new quality, both sides (RWYN-TRAIT-001/002), as advancement or a ruling."""
    who = character(state, c.character)
    quality = make_quality(c.benefit, c.drawback)
    return [Event.of(QualityAdded(character_id=who.id, name=who.name, quality=quality))]


def add_talent(state: RwynState, context: Ctx, c: cmd.AddTalent, dice: DiceService) -> Done:
    """GM: a new talent (RWYN-TRAIT-003/004), as advancement or a ruling."""
    who = character(state, c.character)
    talent = make_talent(c.name, c.hook)
    return [Event.of(TalentAdded(character_id=who.id, name=who.name, talent=talent))]


def award_xp(state: RwynState, context: Ctx, c: cmd.AwardXp, dice: DiceService) -> Done:
    """GM: experience."""
    who = character(state, c.character)
    return [Event.of(XpAwarded(character_id=who.id, name=who.name, amount=c.amount))]


def buy_back(state: RwynState, context: Ctx, c: cmd.BuyBack, dice: DiceService) -> Done:
    """RWYN-ABIL-009: lost Wealth or Reputation bought back with XP."""
    who = character(state, c.character)
    control(context, who)
    after, xp = wealth.buy_back(who, c.resource, c.points, context.config)
    b = context.batch(state)
    b.emit(
        BoughtBack(
            character_id=who.id,
            name=who.name,
            resource=c.resource.value,
            points=c.points,
            xp=xp,
            rating=after.rating(c.resource.value),
        )
    )
    return b
