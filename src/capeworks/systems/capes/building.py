"""Character building: the freeform and Click-and-Lock methods, Drives, Exemplars.

Rule IDs: CAPES-CHAR-001..007, CAPES-CHAR-009, CAPES-CHAR-011, CAPES-CHAR-015,
CAPES-CHAR-017 (non-person characters: abilities only, PROPOSED), table T4.
Every sheet that enters play passes :func:`validate_sheet`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from capeworks.errors import NotFound, RuleViolation
from capeworks.systems.capes.sheet import (
    Ability,
    AbilityKind,
    CharacterSheet,
    Drive,
    DriveRating,
    Exemplar,
    slug,
)
from capeworks.systems.capes.tables import Module, module

__all__ = [
    "DRIVE_TOTAL",
    "MAX_ABILITIES",
    "click_and_lock",
    "freeform",
    "parse_drives",
    "parse_list",
    "parse_rated",
    "validate_drives",
    "validate_sheet",
]

MAX_ABILITIES = 12
MAX_NAME = 60
DRIVE_TOTAL = 9
_CATEGORY_SIZES = range(3, 6)


def parse_list(text: str) -> list[str]:
    """Split a comma list into trimmed, non-empty items (``key=value`` friendly)."""
    return [part.strip() for part in text.split(",") if part.strip()]


def parse_rated(item: str) -> tuple[str, str]:
    """A name and the number after it, as a player writes them: ``truth:3``, ``truth=3`` or ``truth 3``;
    otherwise what follows a ``:`` or ``=`` ("" when nothing does), for the caller to refuse."""
    rated = re.fullmatch(r"(.*?)\s*(?:[:=]\s*|\s+)(-?\d+)", item.strip())
    if rated:
        return rated.group(1), rated.group(2)
    name, _, value = item.replace("=", ":").partition(":")
    return name.strip(), value.strip()


def parse_drives(text: str) -> tuple[DriveRating, ...]:
    """Read ``"truth:3,love:2,..."`` into Drive ratings (``truth=3`` and ``truth 3`` read the same)."""
    ratings = []
    for item in parse_list(text):
        name, value = parse_rated(item)
        try:
            drive = Drive(slug(name))
        except ValueError:
            known = ", ".join(d.value for d in Drive)
            raise RuleViolation(
                "CAPES-DEBT-006", f"There is no Drive called {name!r}. Drives: {known}."
            ) from None
        if not value.strip().lstrip("-").isdigit():
            raise RuleViolation("CAPES-CHAR-007", f"Give {drive.value} a Strength, like {drive.value}:2.")
        ratings.append(DriveRating(drive=drive, strength=int(value)))
    return tuple(ratings)


def validate_drives(drives: Sequence[DriveRating]) -> None:
    """Exactly five different Drives, each Strength 1-5, summing to nine (CAPES-CHAR-007)."""
    if len(drives) != 5:
        raise RuleViolation("CAPES-CHAR-007", f"A character has exactly five Drives, not {len(drives)}.")
    if len({d.drive for d in drives}) != 5:
        raise RuleViolation("CAPES-CHAR-007", "The five Drives must all be different.")
    for d in drives:
        if not 1 <= d.strength <= 5:
            raise RuleViolation(
                "CAPES-CHAR-007", f"{d.drive.value.title()} has Strength {d.strength}; use 1 to 5."
            )
    total = sum(d.strength for d in drives)
    if total != DRIVE_TOTAL:
        raise RuleViolation("CAPES-CHAR-007", f"Drive Strengths must total exactly 9, not {total}.")


def _category(ability: Ability) -> str:
    if ability.kind in (AbilityKind.POWER, AbilityKind.SKILL):
        return "powers or skills"
    return f"{ability.kind.value}s"


def _sized(count: int, category: str) -> str:
    """A category's size in words that agree with it: "1 attitude", "1 power or skill", "6 styles"."""
    if count != 1:
        return f"{count} {category}"
    return "1 power or skill" if category == "powers or skills" else f"1 {category.removesuffix('s')}"


def validate_sheet(sheet: CharacterSheet) -> None:
    """Refuse a sheet that breaks the creation rules; say which rule and why."""
    kinds = {a.kind for a in sheet.abilities}
    if AbilityKind.POWER in kinds and AbilityKind.SKILL in kinds:
        raise RuleViolation("CAPES-CHAR-003", f"{sheet.name} has both Powers and Skills; choose one.")
    if AbilityKind.SKILL in kinds and sheet.super_powered and not sheet.non_person:
        # src 218: "normal people have Skills"; a super Style would make one super-powered (src 221); a
        # non-person character has its abilities "mundane unless marked" (CAPES-CHAR-017 PROPOSED)
        raise RuleViolation(
            "CAPES-CHAR-003",
            f"{sheet.name} has Skills, so is a normal person: only a character with Powers has a "
            "super-powered Style.",
        )
    for a in sheet.abilities:
        if a.kind is AbilityKind.POWER and not a.super:
            raise RuleViolation("CAPES-CHAR-004", f"Power {a.name} must be super-powered.")
        if a.kind in (AbilityKind.SKILL, AbilityKind.ATTITUDE) and a.super:
            raise RuleViolation("CAPES-CHAR-004", f"{a.kind.value.title()} {a.name} must be mundane.")
    twice = next(
        (a for i, a in enumerate(sheet.abilities) if a.key in {b.key for b in sheet.abilities[:i]}), None
    )
    if twice is not None:
        raise RuleViolation(
            "CAPES-CHAR-005",
            f"{sheet.name} has two abilities called {twice.name}; give them different names.",
        )
    if len(sheet.abilities) > MAX_ABILITIES:
        raise RuleViolation(
            "CAPES-CHAR-005",
            f"{sheet.name} has {len(sheet.abilities)} abilities; the most is {MAX_ABILITIES}.",
        )
    groups: dict[str, list[int]] = {"attitudes": [], "styles": [], "powers or skills": []}
    for a in sheet.abilities:
        groups[_category(a)].append(a.rating)
    for category, ratings in groups.items():
        if len(ratings) not in _CATEGORY_SIZES:
            raise RuleViolation(
                "CAPES-CHAR-005",
                f"{sheet.name} has {_sized(len(ratings), category)}; each category needs 3 to 5.",
            )
        if sorted(ratings) != list(range(1, len(ratings) + 1)):
            raise RuleViolation(
                "CAPES-CHAR-005",
                f"{sheet.name}'s {category} must be rated 1 to {len(ratings)}, each once "
                f"(got {sorted(ratings)}).",
            )
    if sheet.drives:
        if sheet.non_person:
            # src 269-272 are TKTK; PROPOSED CHAR-017: "a character with Abilities only (no Drives ...)"
            raise RuleViolation(
                "CAPES-CHAR-017", f"{sheet.name} is a non-person character: it has abilities only, no Drives."
            )
        if not sheet.super_powered:
            raise RuleViolation(
                "CAPES-CHAR-001", f"Only super-powered characters have Drives; {sheet.name} has none."
            )
        if sheet.undifferentiated:
            raise RuleViolation(
                "CAPES-CHAR-009", "An undifferentiated character has one Debt stack, not Drives."
            )
        validate_drives(sheet.drives)
    if sheet.exemplars:
        if not sheet.drives:
            raise RuleViolation("CAPES-CHAR-011", "Only a character with Drives has Exemplars.")
        drives = {d.drive for d in sheet.drives}
        for i, ex in enumerate(sheet.exemplars):
            if ex.drive not in drives:
                raise RuleViolation(
                    "CAPES-CHAR-011", f"{sheet.name} has no {ex.drive.value} Drive for {ex.character}."
                )
            if i > 0 and not ex.shared_with:
                raise RuleViolation(
                    "CAPES-CHAR-011",
                    f"{sheet.name} already has a free Exemplar; {ex.character} must be shared "
                    "with another player's character.",
                )


def _rated(
    names: Sequence[str], kind: AbilityKind, *, super_names: set[str], always_super: bool
) -> list[Ability]:
    return [
        Ability(name=n, kind=kind, rating=i, super=always_super or slug(n) in super_names)
        for i, n in enumerate(names, start=1)
    ]


def _check_categories(name: str, categories: dict[str, Sequence[str]]) -> None:
    """Refuse category sizes and ability names before any rating is made (CAPES-CHAR-005).

    The sheet model caps a rating at 5, so a sixth Attitude must be refused here,
    as a rule, not later as a malformed sheet.
    """
    for category, names in categories.items():
        if len(names) not in _CATEGORY_SIZES:
            raise RuleViolation(
                "CAPES-CHAR-005", f"{name} has {_sized(len(names), category)}; each category needs 3 to 5."
            )
        for ability in names:
            if len(ability) > MAX_NAME:
                raise RuleViolation(
                    "CAPES-CHAR-005",
                    f"An ability's name is at most {MAX_NAME} characters; {ability[:20]!r}... is longer.",
                )
    total = sum(len(names) for names in categories.values())
    if total > MAX_ABILITIES:
        raise RuleViolation("CAPES-CHAR-005", f"{name} has {total} abilities; the most is {MAX_ABILITIES}.")


def freeform(
    name: str,
    *,
    attitudes: Sequence[str],
    styles: Sequence[str],
    powers: Sequence[str] = (),
    skills: Sequence[str] = (),
    super_styles: Sequence[str] = (),
    drives: Sequence[DriveRating] = (),
    non_person: bool = False,
    free_conflict: str = "",
) -> CharacterSheet:
    """A freeform character (CAPES-CHAR-005): each category rated 1, 2, 3 ... in the order given.

    A super-powered character given no Drives is undifferentiated (CAPES-CHAR-009).
    """
    if powers and skills:
        raise RuleViolation("CAPES-CHAR-003", f"{name} has both Powers and Skills; choose one.")
    supers = {slug(s) for s in super_styles}
    unknown = supers - {slug(s) for s in styles}
    if unknown:
        raise RuleViolation("CAPES-CHAR-004", f"Super styles {sorted(unknown)} are not among the styles.")
    _check_categories(
        name, {"attitudes": attitudes, "styles": styles, "powers or skills": [*powers, *skills]}
    )
    abilities = [
        *_rated(powers, AbilityKind.POWER, super_names=set(), always_super=True),
        *_rated(skills, AbilityKind.SKILL, super_names=set(), always_super=False),
        *_rated(attitudes, AbilityKind.ATTITUDE, super_names=set(), always_super=False),
        *_rated(styles, AbilityKind.STYLE, super_names=supers, always_super=False),
    ]
    is_super = any(a.super for a in abilities)
    sheet = CharacterSheet(
        name=name,
        abilities=tuple(abilities),
        drives=tuple(drives),
        undifferentiated=is_super and not drives,
        non_person=non_person,
        free_conflict=free_conflict,
    )
    validate_sheet(sheet)
    return sheet


def _find_module(key: str, kinds: tuple[str, ...], what: str) -> Module:
    found = module(slug(key))
    if found is None or found.kind not in kinds:
        raise NotFound(f"There is no {what} called {key!r} among the Click-and-Lock modules.")
    return found


def _require_distinct_names(chosen: Module, persona: Module) -> None:
    """Refuse a pairing whose two modules share an ability name (CAPES-CHAR-015, src 264-265).

    A sheet holds each name once (abilities are used by name), and a cross-out by that name could
    not say which of the two is meant: it struck both, four abilities for three crosses.
    """
    where: dict[str, list[str]] = {}
    for mod in (chosen, persona):
        for kind, names in (
            ("Power or Skill", mod.doings),
            ("Attitude", mod.attitudes),
            ("Style", mod.styles),
        ):
            for name in names:
                where.setdefault(slug(name), []).append(f"a {mod.name} {kind}")
    for key, places in where.items():
        if len(places) > 1:
            name = next(n for n in (*chosen.doings, *chosen.styles) if slug(n) == key)
            raise RuleViolation(
                "CAPES-CHAR-015",
                f"{chosen.name} and {persona.name} both have {name} ({' and '.join(places)}): a character "
                "holds each ability name once, so they cannot be combined; choose another Set or Persona.",
            )


def click_and_lock(
    name: str,
    *,
    set_key: str,
    persona_key: str,
    cross_out: Sequence[str],
    drives: Sequence[DriveRating] = (),
    order: Sequence[str] = (),
) -> CharacterSheet:
    """A Click-and-Lock character (CAPES-CHAR-015).

    Merge a Power or Skill Set with a Persona (5/5/5), cross out exactly three
    abilities, not all from one column, and number each column 1 up "in any
    order" (src 266): ``order`` names kept abilities from lowest to highest;
    in each column those named come first, in that order, and the rest follow
    in the modules' order. Power-Set abilities (its Styles too) are
    super-powered; the rest mundane (CAPES-CHAR-004).
    """
    chosen = _find_module(set_key, ("power_set", "skill_set"), "Power Set or Skill Set")
    persona = _find_module(persona_key, ("persona",), "Persona")
    _require_distinct_names(chosen, persona)
    powered = chosen.kind == "power_set"
    columns: dict[str, list[tuple[str, bool]]] = {
        "powers or skills": [(n, powered) for n in chosen.doings],
        "attitudes": [(n, False) for n in persona.attitudes],
        "styles": [(n, powered) for n in chosen.styles] + [(n, False) for n in persona.styles],
    }
    crosses = [slug(c) for c in cross_out]
    if len(crosses) != 3 or len(set(crosses)) != 3:
        raise RuleViolation("CAPES-CHAR-015", "Cross out exactly three different abilities.")
    per_column: Counter[str] = Counter()
    for c in crosses:
        column = next((col for col, items in columns.items() if any(slug(n) == c for n, _ in items)), None)
        if column is None:
            raise RuleViolation(
                "CAPES-CHAR-015", f"{chosen.name} + {persona.name} has no ability {c!r} to cross out."
            )
        per_column[column] += 1
    if max(per_column.values()) == 3:
        raise RuleViolation(
            "CAPES-CHAR-015", "The three crossed-out abilities cannot all come from one column."
        )
    ranks = _numbering(order, [slug(n) for items in columns.values() for n, _ in items], crosses)
    abilities: list[Ability] = []
    for column, items in columns.items():
        kept = [(n, s) for n, s in items if slug(n) not in crosses]
        kept.sort(key=lambda item: ranks.get(slug(item[0]), len(ranks)))  # stable: unnamed keep their order
        for rating, (ability_name, is_super) in enumerate(kept, start=1):
            if column == "powers or skills":
                kind = AbilityKind.POWER if powered else AbilityKind.SKILL
            elif column == "attitudes":
                kind = AbilityKind.ATTITUDE
            else:
                kind = AbilityKind.STYLE
            abilities.append(Ability(name=ability_name, kind=kind, rating=rating, super=is_super))
    sheet = CharacterSheet(
        name=name,
        abilities=tuple(abilities),
        drives=tuple(drives),
        undifferentiated=powered and not drives,
    )
    validate_sheet(sheet)
    return sheet


def _numbering(order: Sequence[str], names: Sequence[str], crosses: Sequence[str]) -> dict[str, int]:
    """Each named ability's place in the player's numbering (CAPES-CHAR-015, src 266)."""
    ranks: dict[str, int] = {}
    for name in order:
        key = slug(name)
        if key not in names or key in crosses:
            raise RuleViolation(
                "CAPES-CHAR-015", f"No number for {name!r}: it is not one of the abilities kept."
            )
        if key in ranks:
            raise RuleViolation("CAPES-CHAR-015", f"Number {name!r} once only.")
        ranks[key] = len(ranks)
    return ranks


def with_exemplar(sheet: CharacterSheet, exemplar: Exemplar) -> CharacterSheet:
    """The sheet with one more Exemplar, validated (CAPES-CHAR-011)."""
    if any(slug(e.character) == slug(exemplar.character) for e in sheet.exemplars):
        raise RuleViolation("CAPES-CHAR-011", f"{exemplar.character} is already an Exemplar of {sheet.name}.")
    new = sheet.model_copy(update={"exemplars": (*sheet.exemplars, exemplar)})
    validate_sheet(new)
    return new


__all__ += ["with_exemplar"]
