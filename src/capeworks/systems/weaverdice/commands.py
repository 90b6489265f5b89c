"""The commands of a Weaverdice table, as pydantic payload models.

Who may issue each is in :mod:`~capeworks.systems.weaverdice.ruleset`: the
GM sets TNs, calls checks, runs NPCs, starts and ends fights and makes
rulings (WD-CORE-003/011); players act for their own PCs, on their turn.
The first docstring line is what the command does.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BeforeValidator, Field, WithJsonSchema, model_validator

from capeworks.engine import gm_field
from capeworks.engine.kit import Frozen, TextList
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice.combat import ActionKind, Cover, Reaction
from capeworks.systems.weaverdice.data_equipment import GrappleOption
from capeworks.systems.weaverdice.samples import SAMPLES
from capeworks.systems.weaverdice.sheet import Character, Skill
from capeworks.systems.weaverdice.statuses import PainPenalty
from capeworks.systems.weaverdice.vocab import BodyPart, DamageType, Pool, Stat, Tier, TierWord, WoundTier
from capeworks.systems.weaverdice.wounds import Standing

__all__ = [
    "Act",
    "AddCharacter",
    "AlignSights",
    "Attack",
    "BurnChoice",
    "CallCheck",
    "ChangeMorale",
    "Check",
    "ComeForward",
    "CreateCharacter",
    "DrawItem",
    "EffectChoice",
    "EndCombat",
    "EndTurn",
    "Exhaust",
    "FallChoice",
    "FallCmd",
    "Fate",
    "FireWait",
    "GetUp",
    "GmNote",
    "Grab",
    "GrappleTurn",
    "JoinCombat",
    "Leverage",
    "Lull",
    "Medical",
    "Move",
    "OpenSkill",
    "PainChoice",
    "React",
    "Reroll",
    "Rest",
    "Reverse",
    "Ruling",
    "Sleep",
    "SpendMorale",
    "StartCombat",
    "Train",
    "TreatBurn",
    "UsePower",
    "Wait",
]


#: a character id as typed
Ident = Annotated[str, Field(min_length=1, max_length=40)]


def _sheet_text(value: object) -> object:
    """A sheet typed or pasted as JSON or YAML (YAML reads JSON too) becomes its mapping."""
    if not isinstance(value, str):
        return value
    import yaml

    try:
        data = yaml.safe_load(value)
    except yaml.YAMLError:
        raise ValueError("the sheet is not readable JSON or YAML") from None
    if not isinstance(data, dict):
        raise ValueError("the sheet must be one character: a mapping of id, name, tier, stats...")
    return data


#: a sheet as a mapping, or as JSON or YAML text (what a browser form or a paste gives)
SheetInput = Annotated[
    Character | None,
    BeforeValidator(_sheet_text),
    WithJsonSchema(
        {
            "type": "string",
            "maxLength": 20000,
            "title": "Sheet",
            "description": "The sheet as JSON or YAML (id, name, tier, stats...), or name a sample instead.",
        }
    ),
]


class AddCharacter(Frozen):
    """Add a character from its sheet: your own PC, or (the GM) any NPC, hidden if wanted."""

    sheet: SheetInput = None
    sample: str | None = Field(
        default=None, max_length=40, description="A sample sheet instead: " + ", ".join(SAMPLES) + "."
    )
    copy_id: str | None = Field(default=None, max_length=40, description="A sample's id, for a second copy.")
    copy_name: str | None = Field(default=None, max_length=80, description="A sample's name, for a copy.")
    owner: str | None = gm_field(
        default=None, max_length=64, description="The seat that plays them; none: the GM."
    )
    hidden: bool = gm_field(default=False, description="Only the GM sees the sheet (NPCs).")
    #: the GM sets starting morale by the character's living situation (src 416) and awards reputation
    #: (src 489): a player's own PC starts at the baseline with none
    morale: int | None = gm_field(
        default=None, ge=-5, le=4, description="Starting morale; default the baseline."
    )
    reputation: int = gm_field(default=0, ge=0, le=99, description="Reputation cards held.")
    new: bool = Field(
        default=False, description="A PC made now: checked against the starting statline and skills."
    )

    @model_validator(mode="before")
    @classmethod
    def _from_sample(cls, data: object) -> object:
        """A named sample (renamed for a copy) stands in for the sheet; exactly one of the two."""
        if not isinstance(data, dict):
            return data
        key = data.get("sample")
        if key in (None, ""):
            if data.get("sheet") in (None, ""):
                raise ValueError("give a sheet (JSON or YAML) or name a sample")
            return data
        if data.get("sheet") not in (None, ""):
            raise ValueError("give a sheet or a sample, not both")
        if not isinstance(key, str) or key.strip().lower() not in SAMPLES:
            raise ValueError(
                f"there is no sample called {str(key)[:40]!r}; the samples are {', '.join(SAMPLES)}"
            )
        sheet = dict(SAMPLES[key.strip().lower()])
        for field, into in (("copy_id", "id"), ("copy_name", "name")):
            if data.get(field):
                sheet[into] = data[field]
        return {**data, "sheet": sheet}

    @property
    def character(self) -> Character:
        """The sheet to add (validation guarantees one)."""
        assert self.sheet is not None
        return self.sheet


def _skill(line: str) -> Skill:
    """``Brawl: brawn`` (or ``Medical: dexterity+knowledge``) as a skill; refused with a sentence."""
    name, _, stats = line.partition(":")
    try:
        parsed = tuple(Stat(x.strip().lower()) for x in stats.split("+") if x.strip())
        return Skill(name=name.strip(), stats=parsed)
    except ValueError:
        raise RuleViolation(
            "WD-SKILL-001", f"Write the skill {line[:60]!r} as a name, a colon and its stat (Brawl: brawn)."
        ) from None


class CreateCharacter(Frozen):
    """Add a character from a form: name, tier, the seven stats, skills and backgrounds (WD-STAT)."""

    id: str = Field(min_length=1, max_length=40, pattern=r"^[a-z0-9][a-z0-9_-]*$")
    name: str = Field(min_length=1, max_length=80)
    tier: Tier = gm_field(default=Tier.PC)
    brawn: int = Field(default=3, ge=0, le=12)
    athletics: int = Field(default=3, ge=0, le=12)
    dexterity: int = Field(default=3, ge=0, le=12)
    wits: int = Field(default=3, ge=0, le=12)
    social: int = Field(default=3, ge=0, le=12)
    knowledge: int = Field(default=3, ge=0, le=12)
    guts: int = Field(default=3, ge=0, le=12)
    skills: TextList = Field(
        default_factory=list, max_length=12, description="One per line: a skill and its stat (Brawl: brawn)."
    )
    backgrounds: TextList = Field(default_factory=list, max_length=6)
    armor: int = Field(default=0, ge=0, le=9)
    special: str = Field(default="", max_length=400)
    owner: str | None = gm_field(
        default=None, max_length=64, description="The seat that plays them; none: the GM."
    )
    hidden: bool = gm_field(default=False, description="Only the GM sees the sheet (NPCs).")
    #: the GM's, as ``add_character``'s (src 485)
    morale: int | None = gm_field(default=None, ge=-5, le=4)

    def add(self) -> AddCharacter:
        """The same character as an ``add_character`` payload."""
        stats = {s.value: getattr(self, s.value) for s in Stat}
        sheet = Character(
            id=self.id,
            name=self.name,
            tier=self.tier,
            stats=stats,
            skills=tuple(_skill(line) for line in self.skills),
            backgrounds=tuple(self.backgrounds),
            armor=self.armor,
            special=self.special,
        )
        return AddCharacter(sheet=sheet, owner=self.owner, hidden=self.hidden, morale=self.morale)


class CallCheck(Frozen):
    """Call for a check: who rolls which stat against which TN (the GM's call, WD-CORE-003)."""

    character: Ident
    stat: TextList = Field(min_length=1, max_length=2)
    tn: int | None = Field(default=None, ge=1, le=12)
    dice: int = Field(default=0, ge=0, le=6, description="Extra dice the situation gives.")
    task: str = Field(default="", max_length=200)
    hidden: bool = False
    dc: int | None = Field(default=None, ge=1, le=200, description="A lengthy check: the total to reach.")
    interrupts: bool = Field(
        default=False,
        description="An interruption (3+ minor, 4-6 a shove): failing it halts the roller's lengthy tasks.",
    )
    superhuman: bool = Field(
        default=False,
        description="A superhuman feat (lifting a car): a super stat rolls its score, not passing unrolled.",
    )
    effortless: bool = Field(
        default=False,
        description="A feat within the super stat's effortless limit (a little more than a cement mixer):"
        " it passes unrolled.",
    )
    personal: bool = Field(
        default=False,
        description="A personal or defensive Social roll (keeping one's cool): mental, emotional pain apply.",
    )
    hurried: bool = Field(
        default=False,
        description="The moment is hurried or risky: no background die, whatever the player says"
        " (WD-SKILL-013).",
    )
    rummage: bool = Field(
        default=False,
        description="Rummaging the inventory bag in a fight: a lengthy check whose total to reach is"
        " the items in the bag (WD-EQUIP-014); the GM names the stat.",
    )
    group: str = Field(
        default="",
        max_length=60,
        description="A Social roll with bystanders of this group: a High-Tier Affiliation tied to it"
        " adds +1 (WD-EQUIP-017).",
    )


class Check(Frozen):
    """Roll a check: a called one (players) or any check at a TN (the GM)."""

    character: Ident
    call: int | None = Field(default=None, ge=1)
    stat: TextList = gm_field(default_factory=list, max_length=2)
    tn: int | None = gm_field(default=None, ge=1, le=12)
    skills: TextList = Field(default_factory=list, max_length=6)
    background: str = Field(default="", max_length=80)
    unhurried: bool = False
    bonus: int = gm_field(default=0, ge=-6, le=6)
    keep: int | None = Field(
        default=None,
        ge=1,
        le=6,
        description="The die to keep, if not the highest (or the rolled one nearest it).",
    )
    task: str = Field(default="", max_length=200)
    hidden: bool = gm_field(default=False)
    superhuman: bool = gm_field(
        default=False, description="The GM's own check: a superhuman feat a super stat rolls for."
    )
    effortless: bool = gm_field(
        default=False,
        description="The GM's own check: a feat within the super stat's effortless limit, passed unrolled.",
    )
    personal: bool = gm_field(
        default=False,
        description="The GM's own check: a personal or defensive Social roll (pain touches it).",
    )

    @model_validator(mode="after")
    def _a_call_is_rolled_as_called(self) -> Check:
        """A called check rolls the stat and TN the GM called, secret or not, a feat or not, as called
        (WD-CORE-003): any of these named again beside ``call`` would be dropped unread."""
        if self.call is None:
            return self
        called = [
            f"{name}="
            for name, given in (
                ("stat", bool(self.stat)),
                ("tn", self.tn is not None),
                ("hidden", self.hidden),
                ("superhuman", self.superhuman),
                ("effortless", self.effortless),
                ("personal", self.personal),
            )
            if given
        ]
        if called:
            raise ValueError(
                f"a called check is rolled as the GM called it: drop {', '.join(called)}, or drop call="
            )
        return self


class SpendMorale(Frozen):
    """Spend a step of high morale to set your last roll's result (WD-MORALE-003)."""

    character: Ident


class Reroll(Frozen):
    """Spend Stamina to reroll your last physical, non-combat check (WD-CORE-009)."""

    character: Ident


class ChangeMorale(Frozen):
    """Move a character's morale by some steps (powers, events, choices: WD-MORALE-004)."""

    character: Ident
    steps: int = Field(ge=-8, le=8)
    reason: str = Field(default="", max_length=200)
    defied_charm: bool = Field(default=False, description="Defying a charm: the table's defiance cost.")


class StartCombat(Frozen):
    """Start a fight: everyone named (default: everyone) rolls initiative (WD-COMBAT-004)."""

    characters: TextList = Field(default_factory=list)
    edges: TextList = Field(
        default_factory=list, description="Who spends Focus for +1d3 speed (WD-EFFORT-012)."
    )
    tactics_edges: TextList = Field(
        default_factory=list,
        description="Where surprise is in question, who spends Focus for +1d3 Tactics (WD-EFFORT-012).",
    )
    groups: TextList = Field(
        default_factory=list,
        description="NPC groups acting in one slot, members joined by + (swat1+swat2, crowd1+crowd2).",
    )
    side: TextList = Field(
        default_factory=list,
        description="Where surprise is in question, one side (the rest, bystanders apart, is the other):"
        " the best Tactics ahead by the surprise margin gets a surprise round (WD-COMBAT-003).",
    )


class JoinCombat(Frozen):
    """Reinforcements join the fight under way: they roll initiative and act after those already in it."""

    characters: TextList = Field(min_length=1)
    edges: TextList = Field(default_factory=list, description="Who spends Focus for +1d3 speed.")
    groups: TextList = Field(default_factory=list, description="NPC groups, members joined by +.")


class OpenSkill(Frozen):
    """Spend Focus to use a skill you are still learning for the rest of the encounter (WD-SKILL-009)."""

    character: Ident
    skill: str = Field(min_length=1, max_length=60)


class EndTurn(Frozen):
    """End your turn."""

    character: Ident


class Attack(Frozen):
    """Attack someone: a roll against their defense score (WD-COMBAT-017)."""

    character: Ident
    target: Ident
    stat: Stat = Stat.BRAWN
    # a player's blow deals what its weapon or bare hands deal (WD-COMBAT-024): only the GM names another
    damage: DamageType = gm_field(default=DamageType.BASH)
    tier: TierWord = gm_field(default=WoundTier.LESSER)
    melee: bool = True
    full: bool = Field(default=False, description="A full attack: the whole turn.")
    # Attack x2; more is a weapon's special rule (src 567), which no held item records: the GM's
    swings: int = gm_field(
        default=2,
        ge=1,
        le=4,
        description="Attack rolls a full attack gives: Attack x2 unless the GM rules the weapon gives more.",
    )
    opportunity: bool = Field(default=False, description="An attack of opportunity, out of turn, for Focus.")
    focused: bool = Field(
        default=False,
        description="Focused Shot: Focus spent so the shot's Aim skills apply, foes near or not.",
    )
    skills: TextList = Field(default_factory=list, max_length=6)
    bonus: int = gm_field(default=0, ge=-6, le=6)
    cover: Cover = Cover.NONE
    angle: int = Field(default=0, ge=-360, le=360)
    conventional: bool = gm_field(default=True, description="Armor stops its effect (not a power).")
    # the weapon's (src 618) and the scene's (src 871): a player's are refused unless they match
    effect_only: bool = gm_field(default=False, description="An improvised weapon: the effect, no wound.")
    pins: bool = gm_field(
        default=False,
        description="A ranged projectile that sticks pins the target (line of fire and surroundings allow).",
    )
    hidden: bool = gm_field(default=False, description="A GM roll the players do not see.")
    weapon: str | None = Field(
        default=None, max_length=60, description="The held item swung, by name; none: bare hands."
    )
    mental: bool = gm_field(
        default=False,
        description="A mental source (a psychic blast): the pain its effect inflicts is mental (src 744).",
    )
    part: BodyPart | None = Field(
        default=None, description="The body part it strikes with (a kick: a leg); none: the arms."
    )

    @model_validator(mode="after")
    def _swings_are_a_full_attacks(self) -> Attack:
        """``swings`` counts a full attack's rolls (WD-COMBAT-010, src 565-567): one attack has one, so
        another count without ``full`` would be dropped unread."""
        if self.swings != 2 and not self.full:
            raise ValueError(
                f"swings={self.swings} counts a full attack's rolls: add full=true, or drop swings="
            )
        return self


class UsePower(Frozen):
    """Use one of your powers: its action, its effort cost, its attack and statuses (WD-COMBAT-009)."""

    character: Ident
    power: str = Field(min_length=1, max_length=60)
    targets: TextList = Field(default_factory=list, max_length=50)
    pool: Pool | None = Field(default=None, description="The pool that pays an 'any effort' cost.")
    skills: TextList = Field(
        default_factory=list,
        max_length=6,
        description="Skills whose die its attack roll takes (Aim on a shot).",
    )
    bonus: int = gm_field(default=0, ge=-6, le=6)
    cover: Cover = Field(
        default=Cover.NONE, description="The targets' cover against its attack (WD-COMBAT-022)."
    )
    angle: int = Field(default=0, ge=-360, le=360)
    hidden: bool = gm_field(default=False)
    pins: bool = gm_field(
        default=False,
        description="A ranged power's projectile that sticks pins the target (where the surroundings allow).",
    )
    focused: bool = Field(
        default=False,
        description="A Focused Shot: a Focus dot applies the Aim skills named to its shot (WD-SKILL-012).",
    )
    opportunity: bool = Field(
        default=False,
        description="An attack of opportunity with a one-target attack power, out of turn, for Focus"
        " (WD-MOVE-004).",
    )


class Grab(Frozen):
    """Grab someone: an attack roll (Brawn) that starts a grapple (WD-GRAPPLE-001)."""

    character: Ident
    target: Ident


class GrappleTurn(Frozen):
    """A grapple round: opposed Brawn, the margin spent on an option or held (WD-GRAPPLE-002..009)."""

    character: Ident
    target: Ident
    option: GrappleOption = GrappleOption.HOLD
    points: int | None = Field(default=None, ge=0, le=20)
    feet: int | None = Field(default=None, ge=0, le=200)
    stamina: int = Field(default=0, ge=0, le=6, description="Stamina dots for +1 each.")
    morale: bool = Field(
        default=False,
        description="High morale: should the roll come out below 2 + k, a step counts it as 2 + k.",
    )
    also: list[GrappleOption] = Field(
        default_factory=list,
        max_length=4,
        description="The GM's shorthand (grapple_mode shorthand): more actions bought with the margin"
        " beside the option, 2 points each (WD-GRAPPLE-007).",
    )

    @model_validator(mode="after")
    def _a_hold_buys_nothing(self) -> GrappleTurn:
        """``points`` and ``feet`` price the option bought with the margin (WD-GRAPPLE-003/008, src 936-988);
        a hold buys none (its margin is banked), so they would be dropped unread."""
        priced = [f"{f}=" for f in ("points", "feet") if getattr(self, f) is not None]
        if self.option is GrappleOption.HOLD and priced:
            raise ValueError(
                f"{' and '.join(priced)} price an option bought with the margin; option=hold buys none:"
                f" name the option, or drop {' and '.join(priced)}"
            )
        if self.also and self.option is GrappleOption.HOLD:
            raise ValueError("name the first action bought as option=, the others in also=")
        if GrappleOption.HOLD in self.also:
            raise ValueError("what is left of the margin is held anyway: leave hold out of also=")
        if len({self.option, *self.also}) != 1 + len(self.also):
            raise ValueError("each action is bought once a round: name it once")
        return self


class BreakPin(Frozen):
    """Strain against an object pinning you: a lengthy Brawn check to 6; it stays in you (WD-STATUS-013)."""

    character: Ident


class AlignSights(Frozen):
    """Take the round not firing, your view on one target: the next shot at it +1 per Aim skill
    (WD-SKILL-011)."""

    character: Ident
    target: Ident


class Extract(Frozen):
    """Pull a stuck object out of yourself or someone beside you, forcibly or with care (WD-STATUS-011).

    Forcibly: a moderate wound and Bleeding; with care, a lengthy Dexterity check to 12 makes it lesser.
    """

    character: Ident
    target: Ident | None = Field(default=None, description="Whose object; none: your own.")
    careful: bool = Field(default=False, description="One roll of the careful lengthy Dexterity check.")
    source: Ident | None = Field(default=None, description="Whose object, when several are stuck.")


class PickUp(Frozen):
    """Pick a dropped item up again: a standard action in a fight, like drawing one (WD-STATUS-016)."""

    character: Ident
    item: str = Field(min_length=1, max_length=60, description="The dropped item, by name.")


class DrawItem(Frozen):
    """Draw a belt item into hand: a standard action, a full one past the belt's slots (WD-EQUIP-003)."""

    character: Ident
    item: str = Field(min_length=1, max_length=60, description="The belt item to draw, by name.")


class Brace(Frozen):
    """The held one commits Stamina dots, +1 each, and may commit high morale, to the next round of a
    hold on them (WD-GRAPPLE-002, WD-MORALE-003)."""

    character: Ident
    holder: Ident
    stamina: int = Field(default=1, ge=0, le=6, description="Stamina dots for +1 each.")
    morale: bool = Field(
        default=False,
        description="High morale: should the round's roll come out below 2 + k, a step counts it as 2 + k.",
    )

    @model_validator(mode="after")
    def _commits_something(self) -> Brace:
        """A brace commits Stamina or morale: stamina=0 alone would commit nothing."""
        if not self.stamina and not self.morale:
            raise ValueError("a brace commits Stamina (stamina=1 or more) or high morale (morale=true)")
        return self


class TreatBurn(Frozen):
    """With the coverage feature, spend a dot to turn a consuming burn into a Moderate Burn effect
    (WD-WFX-026)."""

    character: Ident
    pool: Pool = Field(default=Pool.STAMINA, description="The pool the dot comes from.")


class Reverse(Frozen):
    """Having broken free, take the hold over (the margin banked as Hold) or let go (WD-GRAPPLE-004)."""

    character: Ident
    decline: bool = False


class LetPass(Frozen):
    """Let an attack of opportunity on someone rising or acting on the ground pass, or clear it (GM).

    Not in melee reach, or not minded to strike (WD-STATUS-009)."""

    character: Ident


class FallCmd(Frozen):
    """Someone falls or is thrown (the GM's call): the falling table decides the harm (WD-MOVE-008/009)."""

    character: Ident
    feet: int = Field(ge=1, le=2000)
    thrown: bool = False
    drains_stamina: bool | None = Field(default=None, description="The GM's call; default rows 3 and up.")


class FallChoice(Frozen):
    """Choose how to take a fall, where the table gives a choice (WD-MOVE-009)."""

    character: Ident
    option: int = Field(ge=1, le=4)


class BurnChoice(Frozen):
    """Pick the physical stat a consuming burn takes a point of, for good (WD-WFX-026)."""

    character: Ident
    target: Ident
    stat: Stat


class PainChoice(Frozen):
    """Pay for a pained failure: a morale step, a lesser wound, or the rest of the turn (WD-STATUS-002)."""

    character: Ident
    choice: PainPenalty


class React(Frozen):
    """Dodge, block or take a hit (WD-COMBAT-019..021)."""

    character: Ident
    reaction: Reaction | None = None


class EffectChoice(Frozen):
    """Make a wound effect's decision (WD-WFX-005)."""

    character: Ident
    key: str = Field(min_length=1, max_length=40)
    picks: TextList = Field(default_factory=list, max_length=12)


class Move(Frozen):
    """Move (a standard action), or sprint (a full move), perhaps pushing with Stamina."""

    character: Ident
    feet: int = Field(ge=0, le=500)
    sprint: bool = False
    push: bool = False
    reroll: bool = Field(
        default=False,
        description="Sprint: if the Athletics roll misses 4+, a Stamina dot rerolls it; the new roll stands.",
    )
    stand: bool = Field(
        default=False, description="Stand up from Knocked Down: half this move's movement (WD-STATUS-009)."
    )
    uneven: int = Field(default=0, ge=0, le=200, description="Then feet of rubble: twice the movement.")
    jump: int = Field(default=0, ge=0, le=5, description="Then a 5 ft jump for 10 ft (10 ft run-up first).")
    vertical: bool = Field(default=False, description="The jump is up or down: no run-up needed.")
    climb: int = Field(default=0, ge=0, le=200, description="Then feet climbed: three times the movement.")

    @model_validator(mode="after")
    def _flags_need_what_they_qualify(self) -> Move:
        """``reroll`` rerolls a sprint's Athletics roll (WD-MOVE-005, src 376, 890) and ``vertical`` says
        how a jump goes (WD-MOVE-002, src 882-884): with no sprint or no jump they would be dropped unread."""
        if self.reroll and not self.sprint:
            raise ValueError("reroll= rerolls a sprint's Athletics roll: add sprint=true, or drop reroll=")
        if self.vertical and not self.jump:
            raise ValueError("vertical= says how a jump goes: give the jump (jump=), or drop vertical=")
        return self


class Act(Frozen):
    """Take another action: a skill, a power, a belt item, a quick action (WD-COMBAT-009..013)."""

    character: Ident
    action: str = Field(min_length=1, max_length=80)
    kind: ActionKind = ActionKind.STANDARD
    note: str = Field(default="", max_length=200)
    compound: bool = Field(
        default=False,
        description="A complex quick action or a series of them: a Dexterity check decides (WD-COMBAT-012).",
    )
    stat: Stat | None = Field(
        default=None, description="The stat the action leans on: a pain touching it calls for a 4+ roll."
    )
    part: BodyPart | None = Field(default=None, description="The body part the action uses (pain in a part).")


class Wait(Frozen):
    """Spend Focus to wait for someone's action, or an event, and act just before it (WD-COMBAT-027)."""

    character: Ident
    trigger: Ident | None = Field(default=None, description="Whose action you wait for.")
    event: str = Field(
        default="", max_length=200, description="Or the event you wait for, in words (the GM fires it)."
    )
    response: str = Field(default="", max_length=200, description="What you mean to do when it comes.")


class FireWait(Frozen):
    """The GM says the event a character waits for happens: their turn comes now (WD-COMBAT-027)."""

    character: Ident


class Rest(Frozen):
    """Rest (an action) or rest the full turn (WD-COMBAT-032..034)."""

    character: Ident
    full: bool = False
    remove: TextList = Field(default_factory=list, max_length=7, description="Conditions to shed.")
    reduce: bool = Field(default=False, description="Reduce the most minor wound instead.")
    restore: TextList = Field(default_factory=list, max_length=3, description="Pools to restore.")
    recovery: bool = Field(default=False, description="Spend Recovery for another roll.")
    shed: TextList = Field(
        default_factory=list,
        max_length=3,
        description="Conditions shrugged off outright, a Recovery dot each (src 616).",
    )


class GetUp(Frozen):
    """Spend Recovery to roll Guts and get back in the fight (WD-WOUND-008/009)."""

    character: Ident


class Medical(Frozen):
    """Give medical care to a downed ally: one roll of a lengthy check (WD-WOUND-010); or stop an
    ally's Death Sentence (WD-STATUS-014) or consuming burn (WD-WFX-026)."""

    character: Ident
    patient: Ident
    sentence: bool = Field(
        default=False,
        description="Work on the patient's Death Sentence (a lengthy check to 10), not on rousing them;"
        " implied when the patient is up.",
    )
    burn: bool = Field(
        default=False,
        description="Put out the patient's consuming burn (a lengthy check to 12), not rouse them;"
        " implied when the patient is up and under no Death Sentence.",
    )


class Leverage(Frozen):
    """Cite (or spend) a reputation card to push lesser foes around (WD-COMBAT-030)."""

    character: Ident
    spent: bool = False
    card: str = Field(default="", max_length=120)
    foes: TextList = Field(
        default_factory=list,
        max_length=50,
        description="The lesser figures (generic or bystander) pushed into the background (WD-COMBAT-031).",
    )


class ComeForward(Frozen):
    """A lesser foe Leverage pushed into the background comes out again (the GM's timing, WD-COMBAT-031)."""

    character: Ident


class EndCombat(Frozen):
    """End the fight; with five quiet minutes after it, effort comes back (WD-EFFORT-009)."""

    lull: bool = True


class Lull(Frozen):
    """Five quiet minutes outside a fight: spent effort comes back but one exhausted dot (WD-EFFORT-009).

    The seed's return is for "any encounter or situation where effort was expended" (src 409): a
    climb pushed with Stamina is one, with no fight to end."""

    present: TextList = Field(
        default_factory=list,
        max_length=40,
        description=(
            "Who else was in the situation though they spent nothing: it was one of their"
            " encounters too (an option-12 lift counts it, WD-DN-017)."
        ),
    )


class Exhaust(Frozen):
    """Choose the effort pool that becomes exhausted (WD-EFFORT-009)."""

    character: Ident
    pool: Pool


class Train(Frozen):
    """After a fight in which you used a skill's field, one training roll for a learning skill."""

    character: Ident
    skill: str = Field(min_length=1, max_length=60)


class Sleep(Frozen):
    """A full night's sleep: exhaustion clears, subject to low morale (WD-EFFORT-011)."""

    character: Ident
    morale_dots: TextList = Field(
        default_factory=list,
        max_length=4,
        description=(
            "Morale as extra effort (a rules setting): a pool per morale step above neutral for the new"
            " day, e.g. stamina, focus; unnamed dots go to Stamina, Focus, Recovery in turn."
        ),
    )


class Fate(Frozen):
    """If it matters whether a dropped generic died: a Guts roll decides (WD-NPC-004, WD-WOUND-012)."""

    character: Ident


class Ruling(Frozen):
    """Rule on a roll or an outcome, overriding the dice (WD-CORE-011)."""

    character: Ident
    text: str = Field(min_length=1, max_length=300)
    morale: int | None = Field(default=None, ge=-5, le=4)
    standing: Standing | None = None
    clear_wound: int | None = Field(
        default=None, ge=1, le=20, description="Which wound (1 = first) to clear."
    )
    restore_effort: bool = False
    drop_conditions: TextList = Field(default_factory=list, max_length=10)
    resume: str | None = Field(default=None, max_length=60, description="A halted lengthy task to resume.")
    halt: str | None = Field(
        default=None, max_length=60, description="A lengthy task this character stops (WD-COMBAT-014)."
    )
    effort: dict[Pool, int] | None = Field(
        default=None, description="Set current effort: dots left in each named pool (WD-CORE-011)."
    )
    carrying: list[Ident] | None = Field(
        default=None,
        max_length=4,
        description="Whom this character now carries or lifts: 2 encumbrance each plus their own"
        " (WD-EQUIP-007); an empty list puts them down.",
    )


class GmNote(Frozen):
    """Write a private note."""

    text: str = Field(min_length=1, max_length=500)
