"""Skills and backgrounds: extra dice, prerequisites, starting picks, training and learning skills.

Implements WD-SKILL-001 (+Xh6 on rolls in a skill's domain), -002/-003
(data-defined skills with prerequisites and trees), -004 (starting skills),
-005 (the cap, with :func:`capeworks.systems.weaverdice.sheet.check_sheet`),
-006..008 (training rolls saved toward 12), -009 (Focus opens a learning
skill for the encounter), -010..012 (Aim, Align Sights, Focused Shot) and
-013 (backgrounds in unhurried situations). Which skill applies to a roll is
the player's claim and the GM's call; these functions count what it gives.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from capeworks.engine.kit import lookup
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.morale import capped
from capeworks.systems.weaverdice.sheet import Character, Skill
from capeworks.systems.weaverdice.vocab import Stat

__all__ = [
    "AIM_TREE",
    "LEARNED_AT",
    "aim_applies",
    "align_sights_bonus",
    "background_dice",
    "check_aim",
    "check_focused_shot",
    "check_prerequisites",
    "check_starting_skills",
    "handy_adds",
    "skill_dice",
    "train",
    "training_total",
]

#: a learning skill is known once its saved rolls total this (WD-SKILL-008)
LEARNED_AT = 12
AIM_TREE = "aim"
#: the Aim-tree option that buys Aim anywhere for Focus (src 329)
FOCUSED_SHOT = "focused shot"


def _skill(character: Character, name: str) -> Skill:
    return lookup(
        {s.name.lower(): s for s in character.skills},
        name.lower(),
        "skill",
        where=f"on {character.name}'s sheet",
    )


def skill_dice(
    character: Character,
    names: Iterable[str],
    *,
    opened: Iterable[str] = (),
    stats: Collection[Stat] | None = None,
) -> int:
    """Extra dice from the named skills (WD-SKILL-001); a learning skill counts only once
    Focus opened it for this encounter (WD-SKILL-009). Given the ``stats`` a check rolls, a skill
    helps only if it belongs to one of them: its familiarity is "on rolls they'd already be
    making" in its field (seed src 311), and Brawl is no help to a Knowledge recall."""
    open_now = {n.lower() for n in opened}
    total = 0
    for name in names:
        skill = _skill(character, name)
        if stats is not None and not set(skill.stats) & set(stats):
            fields = " or ".join(s.value.title() for s in skill.stats)
            raise RuleViolation(
                "WD-SKILL-001",
                f"{skill.name} is a {fields} skill: it gives no die to a "
                f"{' & '.join(s.value.title() for s in stats)} check.",
                field="skills",
            )
        if skill.learning and skill.name.lower() not in open_now:
            raise RuleViolation(
                "WD-SKILL-009",
                f"{character.name} is still learning {skill.name}: spend Focus to use it this encounter.",
            )
        total += skill.dice
    return total


def background_dice(character: Character, background: str, *, unhurried: bool) -> int:
    """+1h6 from a background in an unhurried, unthreatened moment (WD-SKILL-013)."""
    if background.lower() not in {b.lower() for b in character.backgrounds}:
        raise RuleViolation("WD-SKILL-013", f"{character.name} has no background called {background}.")
    return 1 if unhurried else 0


def handy_adds(character: Character, skills: Iterable[str], background: str) -> bool:
    """Handy (WD-CRAFT-015): a lengthy check on a hands-on proficiency the roller knows (a background
    they cite, or a Craft-tree skill) adds its dice together instead of keeping one."""
    if not any(s.name.lower() == "handy" for s in character.known_skills):
        return False
    named = {n.lower() for n in skills}
    crafty = any(s.tree == "craft" and s.name.lower() in named for s in character.known_skills)
    return crafty or bool(background)


def check_prerequisites(character: Character, requires: dict[str, tuple[str, ...]]) -> None:
    """Every known or learning skill's prerequisites are known skills (WD-SKILL-002)."""
    known = {s.name.lower() for s in character.known_skills}
    for skill in character.skills:
        for need in requires.get(skill.name.lower(), ()):
            if need.lower() not in known:
                raise RuleViolation(
                    "WD-SKILL-002", f"{skill.name} requires {need}, which {character.name} lacks."
                )


def check_starting_skills(character: Character) -> None:
    """A new PC: one different skill for each stat at +1, of that stat; one free skill; one
    learning skill with two training rolls (WD-SKILL-004)."""
    plus = [s for s in Stat if character.base(s) == 4]
    known = list(character.known_skills)
    learning = [s for s in character.skills if s.learning]
    for stat in plus:
        match = next((s for s in known if stat in s.stats), None)
        if match is None:
            raise RuleViolation(
                "WD-SKILL-004", f"A new character needs a {stat.value} skill for their +1 in it."
            )
        known.remove(match)
    if len(known) != 1:
        raise RuleViolation(
            "WD-SKILL-004", "A new character takes one skill per +1 stat and then exactly one free skill."
        )
    if len(learning) != 1 or len(learning[0].training) != 2:
        raise RuleViolation("WD-SKILL-004", "A new character puts two training rolls toward one skill.")


def training_total(character: Character, skill: Skill, face: int) -> int:
    """One training roll: d6 + Knowledge modifier + the skill's stat modifier (WD-SKILL-006)."""
    return face + character.modifier(Stat.KNOWLEDGE) + character.modifier(skill.stats[0])


def train(character: Character, name: str, face: int, *, morale: int = 0) -> tuple[Character, int, bool]:
    """Save one training roll toward a learning skill: the new sheet, the roll's total and
    whether the skill is now known (saved totals >= 12, WD-SKILL-006/008). Low ``morale`` caps the
    total like any die result after stat modifiers (WD-MORALE-002, src 453)."""
    skill = _skill(character, name)
    if not skill.learning:
        raise RuleViolation("WD-SKILL-006", f"{character.name} already knows {skill.name}.")
    total = capped(training_total(character, skill, face), morale)
    saved = (*skill.training, total)
    learned = sum(saved) >= LEARNED_AT
    new = evolve(skill, {"training": saved, "learning": not learned})
    skills = tuple(new if s is skill else s for s in character.skills)
    return evolve(character, {"skills": skills}), total, learned


def aim_applies(character: Character, *, ranged: bool, foe_within_15ft: bool, interfered: bool) -> int:
    """Aim: +1h6 (keep the chosen die) on long-range attacks with no foe within 15 ft and no
    interference (WD-SKILL-010); Focused Shot lifts the conditions (WD-SKILL-012)."""
    if not ranged or character.tree_count(AIM_TREE) == 0:
        return 0
    return 0 if foe_within_15ft or interfered else 1


def check_aim(character: Character, names: Iterable[str], *, ranged: bool) -> None:
    """Refuse an Aim-tree skill named for an attack Aim cannot apply to: only long-range shots
    (WD-SKILL-010..012); a foe near or interference stays the player's claim and the GM's call."""
    named = {n.lower() for n in names}
    aimed = [s for s in character.skills if s.tree == AIM_TREE and s.name.lower() in named]
    if aimed and not aim_applies(character, ranged=ranged, foe_within_15ft=False, interfered=False):
        raise RuleViolation("WD-SKILL-010", f"{aimed[0].name} is for long-range attacks, not a melee one.")


def check_focused_shot(character: Character, names: Iterable[str], *, ranged: bool) -> None:
    """Focused Shot (WD-SKILL-012, src 329-334): known, on a shot, applying Aim-tree skills named for
    it; it is what the Focus buys, so a shot naming none has nothing to focus."""
    known = any(s.tree == AIM_TREE and s.name.lower() == FOCUSED_SHOT for s in character.known_skills)
    if not known:
        raise RuleViolation("WD-SKILL-012", f"{character.name} does not know Focused Shot (an Aim skill).")
    if not ranged:
        raise RuleViolation("WD-SKILL-012", "Focused Shot is for long-range attacks, not a melee one.")
    named = {n.lower() for n in names}
    if not any(s.tree == AIM_TREE and s.name.lower() in named for s in character.known_skills):
        raise RuleViolation("WD-SKILL-012", "Name the Aim skills the Focused Shot applies.", field="skills")


def align_sights_bonus(character: Character, *, focused_shots: int = 0) -> int:
    """Align Sights: +1 to hit per Aim skill known; each Focused Shot this fight counts one more
    (WD-SKILL-011/012)."""
    return character.tree_count(AIM_TREE) + focused_shots
