"""Sample characters from the seed's examples, as data: Skitter, her Exemplar Aunt Sylvie, and more.

The seed names Skitter (src 63) and the Truth Exemplar root conflict "Aunt
Sylvie is great, but she'd be scared silly if she knew I risked my life as a
super-hero" (src 251). Their abilities are capeworks' own, built to the
freeform rules (CAPES-CHAR-005); Rampart and Inspector Vale are built with
Click-and-Lock (CAPES-CHAR-015); The Charity Gala is a non-person character
(CAPES-CHAR-017, PROPOSED).
"""

from __future__ import annotations

from functools import cache

from capeworks.systems.capes.building import click_and_lock, freeform, parse_drives, with_exemplar
from capeworks.systems.capes.sheet import CharacterSheet, Drive, Exemplar, slug

__all__ = ["SKITTER_ROOT", "sample", "samples"]

SKITTER_ROOT = "Aunt Sylvie is great, but she'd be scared silly if she knew I risked my life as a super-hero."


@cache
def samples() -> dict[str, CharacterSheet]:
    """Every sample character, by key."""
    skitter = freeform(
        "Skitter",
        powers=["Swarm Sense", "Bug Control", "Silk Lines", "Swarm Armour"],
        styles=["Tactical", "Creepy", "Relentless"],
        super_styles=["Creepy"],
        attitudes=["Sarcastic", "Guilty", "Stubborn", "Protective", "Ruthless"],
        drives=parse_drives("truth:3,justice:2,love:2,hope:1,duty:1"),
    )
    skitter = with_exemplar(skitter, Exemplar(character="Aunt Sylvie", drive=Drive.TRUTH, root=SKITTER_ROOT))
    sylvie = freeform(
        "Aunt Sylvie",
        skills=["Baking", "Gossip", "Nursing"],
        attitudes=["Worried", "Warm", "Nosy"],
        styles=["Fussing", "Chatty", "Stubborn"],
    )
    rampart = click_and_lock(
        "Rampart",
        set_key="brick",
        persona_key="reluctant_hero",
        cross_out=["Shockwave", "Endurance", "Cautious"],
        drives=parse_drives("duty:3,hope:2,justice:2,love:1,truth:1"),
    )
    vale = click_and_lock(
        "Inspector Vale",
        set_key="detective",
        persona_key="caregiver",
        cross_out=["Marksmanship", "Brave", "Chatty"],
    )
    gala = freeform(
        "The Charity Gala",
        skills=["Security", "Catering", "Press"],
        attitudes=["Glamorous", "Crowded", "Tense"],
        styles=["Loud", "Elegant", "Chaotic"],
        non_person=True,
        free_conflict="The guests panic",
    )
    return {s.key: s for s in (skitter, sylvie, rampart, vale, gala)}


def sample(name: str) -> CharacterSheet | None:
    """The sample character called ``name``, or None."""
    return samples().get(slug(name))
