"""Capes tables as data: the Drives (T1), Story Token prices (T2) and Click-and-Lock modules (T3).

Rule IDs: CAPES-DEBT-006, CAPES-DEBT-007 (Drive descriptions), CAPES-RSRC-001
(prices), CAPES-CHAR-015 (module shapes). The seed gives the *shape* of
Click-and-Lock modules but no module contents; the modules below are
capeworks' own examples, written to that shape.
"""

from __future__ import annotations

from dataclasses import dataclass

from capeworks.systems.capes.sheet import Drive

__all__ = [
    "DRIVE_THEMES",
    "PERSONAE",
    "POWER_SETS",
    "PRICES",
    "SKILL_SETS",
    "Module",
    "module",
]

#: what each Drive's stories revolve around (table T1)
DRIVE_THEMES: dict[Drive, str] = {
    Drive.JUSTICE: "laws, codes of conduct and rebellion",
    Drive.TRUTH: "identity, honesty and secrets",
    Drive.LOVE: "friends, rivals and romance",
    Drive.HOPE: "the safety, needs and doubts of the common man",
    Drive.DUTY: "the responsibilities that they alone can and must fulfil",
    Drive.OBSESSION: "a single plan or theory they keep harping on",
    Drive.PRIDE: "proving their superiority",
    Drive.POWER: "dominating and being dominated",
    Drive.DESPAIR: "destroying the hope of others",
    Drive.FEAR: "fear and bravery",
}

#: Story Token price of each purchase (table T2), before the config's ``token_price``
PRICES: dict[str, int] = {
    "extra character in a scene": 1,
    "extra claim": 1,
    "conflict or character added at page start": 1,
    "extra action": 1,
}


@dataclass(frozen=True, slots=True)
class Module:
    """A Click-and-Lock module: a Power Set, Skill Set or Persona (table T3)."""

    key: str
    name: str
    kind: str  # "power_set", "skill_set" or "persona"
    doings: tuple[str, ...]  # 5 Powers or Skills (sets only)
    attitudes: tuple[str, ...]  # 5 Attitudes (personae only)
    styles: tuple[str, ...]  # 3 for sets, 2 for personae


POWER_SETS: tuple[Module, ...] = (
    Module(
        "swarm",
        "Swarm",
        "power_set",
        ("Bug Control", "Swarm Sense", "Silk Lines", "Swarm Armour", "Decoy Swarm"),
        (),
        ("Creepy", "Tactical", "Relentless"),
    ),
    Module(
        "brick",
        "Brick",
        "power_set",
        ("Super Strength", "Invulnerability", "Great Leap", "Shockwave", "Endurance"),
        (),
        ("Smashing", "Heroic Pose", "Unstoppable"),
    ),
    Module(
        "blaster",
        "Energy Blaster",
        "power_set",
        ("Energy Bolt", "Flight", "Force Field", "Overcharge", "Light Show"),
        (),
        ("Flashy", "Precise", "Reckless"),
    ),
)

SKILL_SETS: tuple[Module, ...] = (
    Module(
        "detective",
        "Detective",
        "skill_set",
        ("Investigation", "Forensics", "Interrogation", "Streetwise", "Marksmanship"),
        (),
        ("Hard-boiled", "Methodical", "Intimidating"),
    ),
    Module(
        "reporter",
        "Reporter",
        "skill_set",
        ("Research", "Photography", "Interviewing", "Sneaking In", "Writing"),
        (),
        ("Persistent", "Charming", "Nosy"),
    ),
)

PERSONAE: tuple[Module, ...] = (
    Module(
        "reluctant_hero",
        "Reluctant Hero",
        "persona",
        (),
        ("Guilty", "Stubborn", "Protective", "Sarcastic", "Hopeful"),
        ("Quippy", "Cautious"),
    ),
    Module(
        "mastermind",
        "Mastermind",
        "persona",
        (),
        ("Arrogant", "Patient", "Vengeful", "Charming", "Cold"),
        ("Theatrical", "Calculating"),
    ),
    Module(
        "caregiver",
        "Caregiver",
        "persona",
        (),
        ("Warm", "Worried", "Nosy", "Brave", "Proud"),
        ("Fussing", "Chatty"),
    ),
)


def module(key: str) -> Module | None:
    """The Click-and-Lock module with this key, or None."""
    return next((m for m in (*POWER_SETS, *SKILL_SETS, *PERSONAE) if m.key == key), None)
