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

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass

from capeworks.engine.kit import lookup
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.morale import capped
from capeworks.systems.weaverdice.sheet import Character, Skill
from capeworks.systems.weaverdice.vocab import Stat

__all__ = [
    "AIM_TREE",
    "CRAFT_TREE",
    "LEARNED_AT",
    "PREREQUISITES",
    "Needs",
    "aim_applies",
    "align_sights_bonus",
    "background_dice",
    "check_aim",
    "check_focused_shot",
    "check_prerequisites",
    "check_starting_skills",
    "had_skills",
    "handy_adds",
    "in_craft_tree",
    "skill_dice",
    "skill_kind",
    "start_learning",
    "train",
    "training_total",
]

#: a learning skill is known once its saved rolls total this (WD-SKILL-008)
LEARNED_AT = 12
AIM_TREE = "aim"
#: the Craft skill tree (WD-CRAFT-014..022): a skill counts if its tree is ``craft`` or by its name
CRAFT_TREE = frozenset(
    {
        "craft",
        "handy",
        "diligence",
        "multitasker",
        "specialist",
        "resourceful",
        "contrive",
        "maintenance",
        "master craft",
    }
)


@dataclass(frozen=True, slots=True)
class Needs:
    """What a skill requires (WD-SKILL-002): named skills known, a known skill of a stat other than
    the skill itself, and a count of other known skills of its tree."""

    skills: tuple[str, ...] = ()
    stat: Stat | None = None
    other_craft_skills: int = 0


_CRAFT = ("Craft",)  # the seed's "Basic Craft" is the entry skill, Craft on a sheet
#: the prerequisites the seed lists (src 325, 332, 1549-1601); Specialist's "background in the field
#: in question" (src 1571) names a field only the player and GM know, so it is not checked here
PREREQUISITES: Mapping[str, Needs] = {
    "align sights": Needs(skills=("Aim",)),
    "focused shot": Needs(skills=("Aim",)),
    "handy": Needs(skills=_CRAFT),
    "diligence": Needs(skills=_CRAFT),
    "multitasker": Needs(skills=_CRAFT),
    "specialist": Needs(skills=_CRAFT),
    "resourceful": Needs(skills=_CRAFT, stat=Stat.SOCIAL),
    "contrive": Needs(skills=_CRAFT, stat=Stat.KNOWLEDGE),
    "maintenance": Needs(skills=_CRAFT, stat=Stat.GUTS),
    "master craft": Needs(other_craft_skills=4),
}
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
    making" in its field (seed src 311), and Brawl is no help to a Knowledge recall. Master Craft's two
    dice replace Craft's one rather than add to it: 'rolling two (or three, with master Craft)' (src
    1551, WD-CRAFT-022)."""
    open_now = {n.lower() for n in opened}
    names = list(names)
    named = {n.strip().lower() for n in names}
    total = 0
    for name in names:
        skill = _skill(character, name)
        if skill.name.lower() == "craft" and "master craft" in named:
            continue
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


def skill_kind(name: str) -> str:
    """A skill's name without the field it names, lower-cased: 'Specialist (programming)' is a
    Specialist (src 1573: 'Pick a field'), with its prerequisites and its place in the Craft tree."""
    return name.split("(", 1)[0].strip().lower()


def in_craft_tree(skill: Skill) -> bool:
    """A Craft-tree skill (src 1539-1603), by its tree or its name (a Specialist whatever its field)."""
    return skill.tree == "craft" or skill_kind(skill.name) in CRAFT_TREE


def check_prerequisites(character: Character, requires: Mapping[str, Needs] = PREREQUISITES) -> None:
    """Every known or learning skill's prerequisites are met by other known skills (WD-SKILL-002):
    checked where a sheet gains skills (joining the table, starting to learn one), never on replay."""
    known = character.known_skills
    names = {s.name.lower() for s in known}
    for skill in character.skills:
        needs = requires.get(skill_kind(skill.name))
        if needs is None:
            continue
        others = [s for s in known if s is not skill]
        missing = [n for n in needs.skills if n.lower() not in names]
        if needs.stat is not None and not any(needs.stat in s.stats for s in others):
            missing.append(f"a {needs.stat.value.title()} skill")
        in_tree = sum(1 for s in others if in_craft_tree(s))
        if needs.other_craft_skills and in_tree < needs.other_craft_skills:
            missing.append(f"{needs.other_craft_skills} other Craft skills (has {in_tree})")
        if missing:
            raise RuleViolation(
                "WD-SKILL-002",
                f"{skill.name} requires {' and '.join(missing)}, which {character.name} lacks.",
                field="skills",
            )


def start_learning(character: Character, name: str, stat: Stat, *, rule: str) -> Character:
    """The sheet with ``name`` (of ``stat``) started as a learning skill (WD-SKILL-006, src 342): not
    one already held, within the skill cap (WD-SKILL-005) and with its prerequisites known
    (WD-SKILL-002). ``rule`` is the rule of the way it is started, for the refusal of a duplicate."""
    if any(s.name.lower() == name.strip().lower() for s in character.skills):
        raise RuleViolation(rule, f"{character.name} already has {name}.")
    skill = Skill(name=name.strip(), stats=(stat,), learning=True)
    learner = evolve(character, {"skills": (*character.skills, skill)})
    if len(learner.skills) > learner.skill_cap:
        raise RuleViolation(
            "WD-SKILL-005",
            f"{character.name} already knows or is learning {len(character.skills)} skills, "
            f"the most allowed.",
            field="skills",
        )
    check_prerequisites(learner)
    return learner


def check_starting_skills(character: Character) -> None:
    """A new PC: one different skill for each stat at +1, of that stat; one free skill; one skill
    with two training rolls, still learning it, or knowing it if they reached 12 (WD-SKILL-004/008)."""
    plus = [s for s in Stat if character.base(s) == 4]
    learning = [s for s in character.skills if s.learning]
    # two starting rolls that total 12 learn the skill at once (src 342): known, yet the trained one
    trained = [s for s in character.known_skills if len(s.training) == 2 and sum(s.training) >= LEARNED_AT]
    if len(learning) + len(trained) != 1 or len((learning or trained)[0].training) != 2:
        trained = []  # the check below says what is wrong
    known = [s for s in character.known_skills if s not in trained]
    for stat in plus:
        if not any(stat in s.stats for s in known):
            raise RuleViolation(
                "WD-SKILL-004", f"A new character needs a {stat.value} skill for their +1 in it."
            )
    chosen = _one_skill_each(plus, known, frozenset())
    if chosen is None:
        named = ", ".join(s.value for s in plus)
        raise RuleViolation("WD-SKILL-004", f"A new character needs a different skill for each +1 ({named}).")
    known = [s for n, s in enumerate(known) if n not in chosen]
    if len(known) != 1:
        raise RuleViolation(
            "WD-SKILL-004", "A new character takes one skill per +1 stat and then exactly one free skill."
        )
    if len(learning) + len(trained) != 1 or len((learning or trained)[0].training) != 2:
        raise RuleViolation("WD-SKILL-004", "A new character puts two training rolls toward one skill.")


def _one_skill_each(stats: list[Stat], known: list[Skill], taken: frozenset[int]) -> frozenset[int] | None:
    """The places in ``known`` of one different skill for each stat, or None when there is no way to
    give each its own: a skill of two stats may stand for either, so the first fit is not always the
    one to take (WD-SKILL-004, src 338)."""
    if not stats:
        return taken
    for n, skill in enumerate(known):
        if n not in taken and stats[0] in skill.stats:
            found = _one_skill_each(stats[1:], known, taken | {n})
            if found is not None:
                return found
    return None


def training_total(character: Character, skill: Skill, face: int) -> int:
    """One training roll: d6 + Knowledge modifier + the skill's stat modifier (WD-SKILL-006)."""
    return face + character.modifier(Stat.KNOWLEDGE) + character.modifier(skill.stats[0])


def train(
    character: Character, name: str, face: int, *, morale: int = 0, set_to: int | None = None
) -> tuple[Character, int, bool]:
    """Save one training roll toward a learning skill: the new sheet, the roll's total and
    whether the skill is now known (saved totals >= 12, WD-SKILL-006/008). Low ``morale`` caps the
    total like any die result after stat modifiers (WD-MORALE-002, src 453); ``set_to``: the total
    a spent step of high morale makes it (WD-MORALE-003)."""
    skill = _skill(character, name)
    if not skill.learning:
        raise RuleViolation("WD-SKILL-006", f"{character.name} already knows {skill.name}.")
    total = set_to if set_to is not None else capped(training_total(character, skill, face), morale)
    saved = (*skill.training, total)
    learned = sum(saved) >= LEARNED_AT
    new = evolve(skill, {"training": saved, "learning": not learned})
    skills = tuple(new if s is skill else s for s in character.skills)
    return evolve(character, {"skills": skills}), total, learned


def aim_applies(
    character: Character,
    *,
    ranged: bool,
    foe_within_15ft: bool,
    interfered: bool,
    opened: Iterable[str] = (),
) -> int:
    """Aim: +1h6 (keep the chosen die) on long-range attacks with no foe within 15 ft and no
    interference (WD-SKILL-010); Focused Shot lifts the conditions (WD-SKILL-012). An Aim skill being
    learned counts once Focus opened it (WD-SKILL-009)."""
    if not ranged or not any(s.tree == AIM_TREE for s in had_skills(character, opened)):
        return 0
    return 0 if foe_within_15ft or interfered else 1


def check_aim(
    character: Character,
    names: Iterable[str],
    *,
    ranged: bool,
    opened: Iterable[str] = (),
    grappled_with: str | None = None,
    focused: bool = False,
    blinded: bool = False,
) -> None:
    """Refuse an Aim-tree skill named for an attack Aim cannot apply to: only long-range shots
    (WD-SKILL-010..012), and none with a foe at arm's length in a grapple (``grappled_with``: the
    table knows that one) or by a ``blinded`` shooter, who sees nothing past 10 ft (WD-STATUS-008,
    src 846), so any foe it sees is within Aim's 15 ft (src 316), unless a Focused Shot lifts it
    ("regardless of foe's proximity or circumstance", src 334); any other foe near or interference
    stays the player's claim and the GM's call."""
    named = {n.lower() for n in names}
    if not named:  # no skill named (most attacks): nothing to refuse, no walk through the sheet's skills
        return
    aimed = [s for s in character.skills if s.tree == AIM_TREE and s.name.lower() in named]
    if aimed and ranged and blinded and not focused:
        raise RuleViolation(
            "WD-SKILL-010",
            f"{character.name} is blinded and sees nothing past 10 ft, so a foe in sight is within 15 ft:"
            f" {aimed[0].name} does not apply (a Focused Shot applies it regardless).",
        )
    if aimed and ranged and grappled_with is not None and not focused:
        raise RuleViolation(
            "WD-SKILL-010",
            f"{aimed[0].name} needs no foe within 15 ft: {grappled_with} is at arm's length in a grapple"
            " (a Focused Shot applies it regardless).",
        )
    if aimed and not aim_applies(
        character, ranged=ranged, foe_within_15ft=False, interfered=False, opened=opened
    ):
        raise RuleViolation("WD-SKILL-010", f"{aimed[0].name} is for long-range attacks, not a melee one.")


def had_skills(character: Character, opened: Iterable[str] = ()) -> tuple[Skill, ...]:
    """The skills one has now: those known, and those being learned that Focus opened for this
    encounter, "gaining it until the encounter ends" (WD-SKILL-009, src 342, 388)."""
    open_now = {n.lower() for n in opened}
    return tuple(s for s in character.skills if not s.learning or s.name.lower() in open_now)


def check_focused_shot(
    character: Character, names: Iterable[str], *, ranged: bool, opened: Iterable[str] = ()
) -> None:
    """Focused Shot (WD-SKILL-012, src 329-334): had (known, or opened), on a shot, applying Aim-tree
    skills named for it; it is what the Focus buys, so a shot naming none has nothing to focus."""
    had = had_skills(character, opened)
    known = any(s.tree == AIM_TREE and s.name.lower() == FOCUSED_SHOT for s in had)
    if not known:
        raise RuleViolation("WD-SKILL-012", f"{character.name} does not know Focused Shot (an Aim skill).")
    if not ranged:
        raise RuleViolation("WD-SKILL-012", "Focused Shot is for long-range attacks, not a melee one.")
    named = {n.lower() for n in names}
    if not any(s.tree == AIM_TREE and s.name.lower() in named for s in had):
        raise RuleViolation("WD-SKILL-012", "Name the Aim skills the Focused Shot applies.", field="skills")


def align_sights_bonus(character: Character, *, focused_shots: int = 0, opened: Iterable[str] = ()) -> int:
    """Align Sights: +1 to hit per Aim skill had (known, or opened this encounter); each Focused Shot
    this fight counts one more (WD-SKILL-009/011/012)."""
    return sum(1 for s in had_skills(character, opened) if s.tree == AIM_TREE) + focused_shots
