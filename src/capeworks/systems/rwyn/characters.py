"""Creating characters: from a shipped sample or from ratings, qualities and talents.

Implements RWYN-ABIL-001/003 (ratings over the campaign's list; Wealth and
Reputation picked up, starting at 0), RWYN-POOL-001 (rating bounds),
RWYN-TRAIT-001/002 (qualities with both sides, chosen at creation) and
RWYN-TRAIT-003 (at least one talent at creation). The sample characters are
data, in :data:`SAMPLE_CHARACTERS`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from capeworks.errors import InvalidCommand, RuleViolation
from capeworks.systems.rwyn.config import RwynConfig
from capeworks.systems.rwyn.sheet import Ability, Character, Quality, Talent, TalentHook

__all__ = [
    "SAMPLE_CHARACTERS",
    "SampleCharacter",
    "build_character",
    "check_rating",
    "make_quality",
    "make_talent",
    "parse_quality",
    "parse_talent",
]


@dataclass(frozen=True)
class SampleCharacter:
    """A ready-made character shipped with the ruleset."""

    name: str
    concept: str
    abilities: Mapping[str, int]
    qualities: tuple[str, ...]
    talents: tuple[str, ...]
    notes: tuple[str, ...] = field(default=())


SAMPLE_CHARACTERS: dict[str, SampleCharacter] = {
    "ada": SampleCharacter(
        name="Ada Lark",
        concept="Gentleman-inventor with old money and a workshop full of prototypes",
        abilities={
            "Devices": 4,
            "Science": 3,
            "Mathematics": 3,
            "Academics": 2,
            "Awareness": 2,
            "Endurance": 2,
            "Poise": 3,
            "Charm": 1,
            "Wealth": 4,
            "Reputation": 2,
        },
        qualities=("intellectually astute/easily distracted by her own thoughts",),
        talents=("Workshop wizard:quick_devices", "Old money connections:leverage_debt"),
    ),
    "rook": SampleCharacter(
        name="Rook",
        concept="Dockside brawler who hits first and asks later",
        abilities={
            "Brawling": 4,
            "Athletics": 3,
            "Melee": 3,
            "Endurance": 3,
            "Poise": 2,
            "Stealth": 2,
            "Awareness": 2,
            "Survival": 2,
            "Guns": 1,
        },
        qualities=("assertive/hot-tempered",),
        talents=("Hit and run:strike_and_move",),
    ),
    "vesper": SampleCharacter(
        name="Vesper Vane",
        concept="Socialite and spy, welcome in every club in the city",
        abilities={
            "Charm": 4,
            "Subterfuge": 4,
            "Insight": 3,
            "Performance": 3,
            "Stealth": 3,
            "Gymnastics": 2,
            "Debauchery": 2,
            "Endurance": 2,
            "Poise": 4,
            "Wealth": 3,
            "Reputation": 4,
        },
        qualities=("quick to react to danger/anxious",),
        talents=("Never a stranger",),
    ),
}

_PICKED_UP = frozenset({Ability.WEALTH.value, Ability.REPUTATION.value})


def check_rating(ability: str, rating: int, config: RwynConfig) -> None:
    """RWYN-POOL-001: ratings lie in the config's range; Wealth and Reputation may sink to 0."""
    low = 0 if ability in _PICKED_UP else config.ability_min
    if not low <= rating <= config.ability_max:
        raise RuleViolation(
            "RWYN-POOL-001",
            f"{ability} is rated from {low} to {config.ability_max} at this table, not {rating}.",
        )


#: longest quality side or talent name (the sheet's own limit)
TRAIT_TEXT_MAX = 120


def _trait_text(text: str, what: str, rule: str) -> str:
    """``text`` stripped; refused when blank or longer than the sheet holds."""
    clean = text.strip()
    if not clean:
        raise RuleViolation(rule, f"{what[0].upper()}{what[1:]} cannot be blank.")
    if len(clean) > TRAIT_TEXT_MAX:
        raise InvalidCommand(
            f"{what[0].upper()}{what[1:]} is {len(clean)} characters long; keep it to {TRAIT_TEXT_MAX}."
        )
    return clean


def make_quality(benefit: str, drawback: str) -> Quality:
    """A quality with both sides (RWYN-TRAIT-001), each a few words; blank sides are refused."""
    return Quality(
        benefit=_trait_text(benefit, "a quality's benefit", "RWYN-TRAIT-001"),
        drawback=_trait_text(drawback, "a quality's drawback", "RWYN-TRAIT-001"),
    )


def make_talent(name: str, hook: TalentHook = TalentHook.NONE) -> Talent:
    """A talent (RWYN-TRAIT-003), optionally bending a rule (RWYN-TRAIT-004); it needs a name."""
    return Talent(name=_trait_text(name, "a talent's name", "RWYN-TRAIT-003"), hook=hook)


def parse_quality(text: str) -> Quality:
    """``"assertive/hot-tempered"`` -> a quality; both sides are required (RWYN-TRAIT-001)."""
    benefit, sep, drawback = text.partition("/")
    if not sep or not benefit.strip() or not drawback.strip():
        raise RuleViolation(
            "RWYN-TRAIT-001",
            f"A quality needs a benefit and a drawback, written 'benefit/drawback', not {text!r}.",
        )
    return make_quality(benefit, drawback)


def parse_talent(text: str) -> Talent:
    """``"Hit and run:strike_and_move"`` -> a talent with a rule hook; a bare name is narrative."""
    name, sep, hook = text.rpartition(":")
    if not sep:
        return make_talent(text)
    try:
        rule = TalentHook(hook.strip().lower())
    except ValueError:
        known = ", ".join(h.value for h in TalentHook)
        raise InvalidCommand(f"Unknown talent rule {hook.strip()!r}; known: {known}.") from None
    return make_talent(name, rule)


def build_character(
    *,
    character_id: str,
    name: str,
    owner: str,
    abilities: Mapping[str, int],
    qualities: Sequence[str],
    talents: Sequence[str],
    config: RwynConfig,
) -> Character:
    """A new character: given ratings, ``ability_start`` elsewhere, Wealth/Reputation 0 unless given;
    with no name, named by its id as a sentence begins it ("ada" -> "Ada")."""
    ratings: dict[str, int] = {}
    for a in config.all_abilities():
        ratings[a] = 0 if a in _PICKED_UP else config.ability_start
    for raw, rating in abilities.items():
        ability = config.resolve_ability(raw)
        if ability is None:
            known = ", ".join(config.all_abilities())
            raise InvalidCommand(f"There is no ability called {raw!r} at this table. Known: {known}.")
        check_rating(ability, rating, config)
        ratings[ability] = rating
    parsed_talents = tuple(parse_talent(t) for t in talents)
    if not parsed_talents:
        raise RuleViolation("RWYN-TRAIT-003", "A new character needs at least one talent.")
    return Character(
        id=character_id,
        name=name or character_id[:1].upper() + character_id[1:],
        owner=owner,
        abilities=ratings,
        qualities=tuple(parse_quality(q) for q in qualities),
        talents=parsed_talents,
    )
