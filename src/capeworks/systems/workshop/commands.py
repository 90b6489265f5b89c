"""The command payloads of a Workshop table: flat models, easy to type or send.

Who may issue each, and its handler, is the ruleset's command table (:mod:`.ruleset`).
Ranges the rules own (a fourth snapshot, Shots you lack) are left to the rules, so the refusal
names the rule.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, model_validator

from capeworks.engine import gm_field
from capeworks.engine.kit import Frozen, TextList
from capeworks.systems.workshop.samples import SHEETS
from capeworks.systems.workshop.sheet import MAX_WEAPONS, TraitName, Weapon

__all__ = [
    "AddCharacter",
    "Attack",
    "CallCheck",
    "CardWound",
    "Counter",
    "Cover",
    "Defend",
    "EndSession",
    "EndTurn",
    "ExtraAction",
    "Fall",
    "GetUp",
    "GmNote",
    "HealCinematic",
    "Interrupt",
    "MookStrike",
    "Move",
    "Narrated",
    "NewWeapon",
    "PassTime",
    "PlaceWall",
    "RaiseInitiative",
    "Rest",
    "Revive",
    "RollCheck",
    "Rollless",
    "Rouse",
    "SetStatus",
    "Stabilise",
    "StartSequence",
    "Steady",
    "Treat",
]

#: the shipped samples only the GM adds: the villains' characters and the mooks
_GM_SAMPLES = [
    k for k, s in SHEETS.items() if s.get("faction", "heroes") != "heroes" or not s.get("named", True)
]

_Id = Annotated[str, Field(min_length=1, max_length=64)]
#: a trait's rating: a sheet a new player types may not carry Agility 1000000
_Rating = Annotated[int, Field(ge=0, le=50)]


class NewWeapon(Weapon):
    """A weapon as a new sheet names it: its attribute and skill are trait names, with their cap.

    The cap is checked here, where a sheet enters the table, and not on ``Weapon`` itself, so a
    table saved before the cap still loads as it was played.
    """

    attribute: TraitName = "Agility"
    skill: TraitName = "Guns"


class AddCharacter(Frozen):
    """Add a combatant: a shipped sample (``sample=``) or a sheet of traits, Health, Toughness, Defense."""

    id: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.-]+$")
    name: str = Field(default="", max_length=80)
    owner: str = gm_field(default="", max_length=64)
    sample: str = gm_field(
        default="",
        gm_values=_GM_SAMPLES,
        max_length=40,
        description=(
            "A shipped sample instead of a sheet: "
            + ", ".join(SHEETS)
            + f" ({', '.join(_GM_SAMPLES)}: the GM's)."
        ),
        examples=list(SHEETS),
    )
    #: the GM disposes: a player's own character joins the heroes, villains and mooks are the GM's
    faction: str = gm_field(default="", max_length=40)
    named: bool = gm_field(
        default=True,
        description=(
            "A named character, a hero or a villain; leave it off for unnamed mooks (with a count, a"
            " group of them). Left alone with a sample: the sample's own (the goons are unnamed)."
        ),
    )
    traits: dict[TraitName, _Rating] = Field(default_factory=dict, max_length=60)
    health: int = Field(default=10, ge=1, le=100)
    toughness: int = Field(default=4, ge=1, le=50)
    defense: int = Field(default=10, ge=0, le=60)
    soak: int = Field(default=0, ge=0, le=60)
    mass: int = Field(default=5, ge=0, le=100)
    wt: int | None = Field(default=None, ge=1, le=50)
    weapons: list[NewWeapon] = Field(
        default_factory=list,
        max_length=MAX_WEAPONS,
        description=(
            "The combatant's weapons: each names the attribute and skill it attacks with and its Damage. "
            "None: a sample's own, else bare hands (Agility + Martial Arts, Damage 0)."
        ),
    )
    count: int = gm_field(default=1, ge=1, le=100)
    engaging: str = gm_field(default="", max_length=64)

    @model_validator(mode="after")
    def _a_group_is_unnamed(self) -> AddCharacter:
        """``count`` and ``engaging`` describe a group of unnamed mooks (WS-MOOK-004/005, src 175): on a
        named character (``named``, else its sample's) they would be dropped unread."""
        named = (
            self.named if "named" in self.model_fields_set or not self.sample else _sample_named(self.sample)
        )
        group = [f for f, given in (("count=", self.count != 1), ("engaging=", bool(self.engaging))) if given]
        if named and group:
            raise ValueError(
                f"{' and '.join(group)} describe a group of unnamed mooks: add named=false, or drop"
                f" {' and '.join(group)}"
            )
        return self


def _sample_named(sample: str) -> bool:
    """Whether the shipped sample ``sample`` is a named character (an unknown one: the handler refuses)."""
    return bool(SHEETS.get(sample, {}).get("named", True))


class StartSequence(Frozen):
    """GM: start the fight's first Sequence (later ones start when the last Initiative has acted)."""


class EndTurn(Frozen):
    """End your turn (or your out-of-sequence Action): the next Initiative comes up."""

    character: _Id


class RaiseInitiative(Frozen):
    """Spend Shots for +5 Initiative each, this Sequence (WS-SHOT-003)."""

    character: _Id
    shots: int = Field(default=1, ge=1, le=50)


class ExtraAction(Frozen):
    """Spend 3 Shots for an Action out of Sequence, after your own Initiative (WS-SHOT-004)."""

    character: _Id


class Interrupt(Frozen):
    """Spend Shots (+5 Initiative each) to act before the combatant whose Initiative is up (WS-SHOT-005)."""

    character: _Id
    shots: int = Field(default=1, ge=1, le=50)


class Counter(Frozen):
    """Answer an interrupt: spend Shots (+5 Initiative each) to keep acting first, or none to let them."""

    character: _Id
    shots: int = Field(default=0, ge=0, le=50)


class Attack(Frozen):
    """Attack one target, or split the Action into snapshots at several (WS-SNAP)."""

    character: _Id
    targets: TextList = Field(min_length=1)
    weapon: str = Field(default="", max_length=40)
    #: where the walls stand is the scene's, the GM's to say (a player could wish one behind every foe)
    wall_at: int | None = gm_field(
        default=None,
        ge=0,
        le=100,
        description="GM: a wall or other solid object this many metres behind each target: knockback "
        "that reaches it is a collision (WS-KNOCK-003). Empty: open space.",
    )


class Defend(Frozen):
    """Answer an attack: spend a Shot on an Active Defense, or keep your passive Defense."""

    character: _Id
    use: bool = True


class Move(Frozen):
    """Take your Move (or spend your Action as a second Move)."""

    character: _Id


class Rest(Frozen):
    """Do nothing but rest this turn (WS-DMG-006)."""

    character: _Id


class Rollless(Frozen):
    """An Action needing no roll: reload, talk... (WS-SHOT-002)."""

    character: _Id
    what: str = Field(default="reloads", max_length=80)


class Cover(Frozen):
    """Lay covering fire (WS-COVER): Cover for allies, or an aggressive static attack on movers."""

    character: _Id
    weapon: str = Field(default="", max_length=40)
    aggressive: bool = False
    #: the combatants in the line of fire: allies it covers, or enemies it threatens (empty: all)
    line: TextList = Field(default_factory=list)


class Steady(Frozen):
    """Shaken: roll Willpower + Focus to shake it off, as your Action (WS-SHAKEN-003)."""

    character: _Id


class GetUp(Frozen):
    """Knocked down: get up with your Move, or try a Stunt + Agility roll vs 15 first (WS-KNOCK-001)."""

    character: _Id
    roll: bool = False


class Fall(Frozen):
    """GM: a combatant falls ``metres``; a Stunt + Agility roll vs 0 may lessen it (WS-DMG-010)."""

    character: _Id
    metres: int = Field(ge=0, le=1000)
    wall_at: int | None = Field(
        default=None,
        ge=0,
        le=100,
        description="A wall or other solid object this many metres behind the faller, should the fall's "
        "Damage fling them into it (WS-KNOCK-003). Empty: open space.",
    )


class Revive(Frozen):
    """Physician + Wits to wake someone knocked out by Shock early (WS-SHOCK-002), as your Action."""

    character: _Id
    patient: _Id
    more_patients: TextList = Field(
        default_factory=list,
        max_length=9,
        description="Snapshots (WS-SNAP-001): more patients, the Action split among them, each roll at -3 for"
        " two, -5 for three.",
    )


class Rouse(Frozen):
    """GM: get up one kept down for good: incapacitated by Broken (WS-STATUS-003), stabilised at Toughness."""

    character: _Id


class Stabilise(Frozen):
    """Medicine/Physician vs 25 - Health + 5 x Wounds to stabilise the dying (WS-DARK-002)."""

    character: _Id
    patient: _Id
    more_patients: TextList = Field(
        default_factory=list,
        max_length=9,
        description="Snapshots (WS-SNAP-001): more patients, the Action split among them, each roll at -3 for"
        " two, -5 for three.",
    )


class Treat(Frozen):
    """Physician + Wits to bandage someone's Wounds (treated Wounds give no penalty, WS-WPEN-004)."""

    character: _Id
    patient: _Id
    more_patients: TextList = Field(
        default_factory=list,
        max_length=9,
        description="Snapshots (WS-SNAP-001): more patients, the Action split among them, each roll at -3 for"
        " two, -5 for three.",
    )


class PlaceWall(Frozen):
    """GM: a wall or other solid object stands ``metres`` behind a combatant, or (empty) open space."""

    character: _Id
    metres: int | None = Field(
        default=None,
        ge=0,
        le=100,
        description="Metres from the combatant to the wall behind: knockback that reaches it is a collision"
        " (WS-KNOCK-003). Empty: open space again.",
    )


class SetStatus(Frozen):
    """GM: put on or take off a status: bruised, battered, broken, knocked_down (WS-STATUS)."""

    character: _Id
    status: str = Field(pattern=r"^(bruised|battered|broken|knocked_down)$")
    on: bool = True


class WelcomeCinematic(Frozen):
    """Choose to fail your cinematic Luck rolls (variable cinematic wounds, WS-CINE-005), or roll again."""

    character: _Id
    on: bool = True


class PassTime(Frozen):
    """GM: minutes pass outside the Sequences (sleepers wake after 10, the unstabilised dying die at 60)."""

    minutes: int = Field(ge=1, le=10000)


class CallCheck(Frozen):
    """GM: call for a roll of two traits against a difficulty; ``kind`` says which Favored Action it is."""

    character: _Id
    traits: TextList = Field(min_length=2, max_length=2)
    difficulty: int = Field(ge=-20, le=60)
    kind: str = Field(default="other", pattern=r"^(combat|interaction|deceit|other)$")
    task: str = Field(default="", max_length=200)


class RollCheck(Frozen):
    """Roll a check the GM called."""

    call: int


class EndSession(Frozen):
    """GM: the session ends: every Cinematic Wound heals (and gives the party XP if the table says so)."""


class HealCinematic(Frozen):
    """GM: one of the character's Cinematic Wounds heals now, "when appropriate" (WS-CINE-003)."""

    character: _Id


class CardWound(Frozen):
    """GM: one the card stack put out of action receives a Wound, or not ("possibly", WS-ALT-002)."""

    character: _Id
    wound: bool = True


class MookStrike(Frozen):
    """GM: ignored speed-bump mooks strike at the one who ignored them, or hold off (WS-MOOK-005)."""

    group: _Id
    strike: bool = True


class Narrated(Frozen):
    """GM: mark a narration due (a Fumble, a Hazardous action, a Stymie or Setback) as narrated."""

    id: int = Field(ge=1)


class GmNote(Frozen):
    """GM: a private note; players never see it."""

    text: str = Field(min_length=1, max_length=500)
