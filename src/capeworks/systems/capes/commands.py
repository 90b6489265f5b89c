"""Capes command payloads: flat fields, friendly to ``key=value`` command lines.

Lists are comma-separated strings (``pairs=6-4,2-1``, ``cross_out=a,b,c``);
numbers and booleans are read from text. Every player sends the same commands
(CAPES-PRIN-001): the rules, not a GM, decide whose turn it is.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, model_validator

from capeworks.systems.capes.characters import samples
from capeworks.systems.capes.sheet import ConflictKind

__all__ = [
    "Accept",
    "AddExemplar",
    "AddSample",
    "BeginActions",
    "Choose",
    "ClaimSide",
    "ContinueScene",
    "CreateClickAndLock",
    "CreateConflict",
    "CreateFreeform",
    "Deadlock",
    "DeclareScene",
    "EndAction",
    "EndScene",
    "Gloat",
    "Inspire",
    "Narrate",
    "ObjectStake",
    "OverdrawnRoll",
    "Pass",
    "React",
    "Resolve",
    "Revert",
    "Split",
    "SplitOff",
    "StakeDebt",
    "UseAbility",
    "Veto",
]

#: the sample characters' names, as a player types them (any case)
SAMPLE_NAMES = tuple(sheet.name for sheet in samples().values())

_CMD = ConfigDict(frozen=True, extra="forbid")
_TEXT = Field(default="", max_length=500)


def _debt_only_on_a_remake(debt: str, replace: bool) -> None:
    """``debt=`` places the Debt of a character being remade (CAPES-CHAR-002); a new character has none
    to place, so without ``replace=`` it would be dropped unread."""
    if debt and not replace:
        raise ValueError("debt= places a remade character's Debt: add replace=true, or drop debt=")


class DeclareScene(BaseModel):
    """Declare the next Scene (CAPES-SCENE-001/002/003)."""

    model_config = _CMD
    text: str = _TEXT


class Pass(BaseModel):
    """Decline: the Scene declaration, a pick, a claim, a bought Action, a Reaction or a new Conflict."""

    model_config = _CMD


class CreateFreeform(BaseModel):
    """Make a character by the freeform method; each list is rated 1, 2, 3 ... in order."""

    model_config = _CMD
    name: str = Field(min_length=1, max_length=60)
    attitudes: str
    styles: str
    powers: str = ""
    skills: str = ""
    super_styles: str = ""
    drives: str = ""
    non_person: bool = False
    free_conflict: str = _TEXT
    replace: bool = False
    debt: str = Field(
        default="",
        max_length=200,
        description=(
            "Remaking a character (replace=): where the Debt on Drives (or the stack) the new sheet no"
            " longer has goes, like debt=fear:3,pride:1. Debt stays the character's (CAPES-CHAR-002)."
        ),
    )

    @model_validator(mode="after")
    def _free_conflict_is_a_non_persons(self) -> CreateFreeform:
        """A Free Conflict belongs to a non-person character (CAPES-CHAR-017, src 87); on a person's
        sheet nobody could ever add it, so it is refused rather than kept unusable."""
        if self.free_conflict and not self.non_person:
            raise ValueError(
                "free_conflict= is a non-person character's Free Conflict: add non_person=true, or drop"
                " free_conflict="
            )
        _debt_only_on_a_remake(self.debt, self.replace)
        return self


class CreateClickAndLock(BaseModel):
    """Make a character from a Power/Skill Set and a Persona, crossing out three abilities."""

    model_config = _CMD
    name: str = Field(min_length=1, max_length=60)
    module: str
    persona: str
    cross_out: str
    drives: str = ""
    replace: bool = False
    debt: str = Field(
        default="",
        max_length=200,
        description=(
            "Remaking a character (replace=): where the Debt on Drives (or the stack) the new sheet no"
            " longer has goes, like debt=fear:3,pride:1. Debt stays the character's (CAPES-CHAR-002)."
        ),
    )
    order: str = Field(
        default="",
        max_length=500,
        description=(
            "Kept abilities from lowest to highest rating; each column numbers those named first, in"
            " this order, the rest after in the modules' order (src 266: 'in any order')."
        ),
    )

    @model_validator(mode="after")
    def _debt_on_a_remake(self) -> CreateClickAndLock:
        """``debt=`` places a remade character's Debt (CAPES-CHAR-002), nothing else's."""
        _debt_only_on_a_remake(self.debt, self.replace)
        return self


class AddSample(BaseModel):
    """Bring a sample character into the roster (Skitter, Aunt Sylvie ...)."""

    model_config = _CMD
    name: str = Field(
        description="A sample character: " + ", ".join(SAMPLE_NAMES) + ".", examples=list(SAMPLE_NAMES)
    )


class AddExemplar(BaseModel):
    """Give a character an Exemplar for one of its Drives (CAPES-CHAR-011)."""

    model_config = _CMD
    character: str
    #: the Exemplar's name, bounded as the sheet bounds it, so a bad one is refused with a sentence
    exemplar: str = Field(min_length=1, max_length=60)
    drive: str
    root: str = _TEXT
    shared_with: str = Field(
        default="",
        max_length=64,
        description=(
            "Another character who shares this Exemplar. A quick way to build one: put together two"
            " players' Click-and-Lock modules (CAPES-CHAR-014)."
        ),
    )


class Choose(BaseModel):
    """Pick a character to play this Scene (free once, then a Story Token)."""

    model_config = _CMD
    character: str


class ClaimSide(BaseModel):
    """Claim one side of a Conflict for this Page (CAPES-PAGE-004)."""

    model_config = _CMD
    conflict: str
    side: str


class CreateConflict(BaseModel):
    """Create a Conflict: the core of an Action, or added at Page start (free or a token)."""

    model_config = _CMD
    text: str = Field(
        min_length=1,
        max_length=300,
        description=(
            "What happens or what is wanted. Keep an Event vague enough that anyone could use it, and"
            " nobody need veto it (CAPES-EG-003); a Goal names whose it is (CAPES-EG-004)."
        ),
    )
    kind: ConflictKind = ConflictKind.EVENT
    character: str = ""
    goal_for: str = ""
    both_want: bool = Field(
        default=False,
        description=(
            "A Goal both sides want, each its own way (CAPES-EG-005, src 126): whichever of sides A and B"
            " resolves it, it succeeds that side's way."
        ),
    )
    side_a: str = Field(default="", max_length=120)
    side_b: str = Field(default="", max_length=120)
    free: str = Field(default="", pattern=r"^(|exemplar|non_person)$")
    exemplar: str = ""

    @model_validator(mode="after")
    def _exemplar_is_for_its_free_conflict(self) -> CreateConflict:
        """``exemplar=`` names the other character of an Exemplar Free Conflict (CAPES-CHAR-012, src 86);
        with any other Conflict it would be dropped unread, so it is refused."""
        if self.exemplar and self.free != "exemplar":
            raise ValueError(
                "exemplar= names the Exemplar of an Exemplar Free Conflict: add free=exemplar, or drop"
                " exemplar="
            )
        return self


class Veto(BaseModel):
    """Veto a Conflict just declared (CAPES-EG-002/007); Goals need reason ``a`` or ``b``."""

    model_config = _CMD
    conflict: str
    reason: str = _TEXT


class Narrate(BaseModel):
    """Record narration; about a Conflict, the And Then rule applies (CAPES-CONF-006)."""

    model_config = _CMD
    text: str = Field(min_length=1, max_length=2000)
    conflict: str = ""
    outcome: bool = False

    @model_validator(mode="after")
    def _outcome_of_a_conflict(self) -> Narrate:
        """``outcome=`` says the narration tells how a Conflict turns out (CAPES-CONF-005, src 112):
        without the Conflict it would be recorded as free narration, the claim dropped unread."""
        if self.outcome and not self.conflict:
            raise ValueError(
                "outcome= narrates how a Conflict turns out: name it (conflict=), or drop outcome="
            )
        return self


class BeginActions(BaseModel):
    """The Starter ends free narration and begins the Action phase (CAPES-PAGE-011)."""

    model_config = _CMD


class UseAbility(BaseModel):
    """The core of an Action: roll one die (``conflict side die help``) or raise an Inspiration."""

    model_config = _CMD
    ability: str = Field(description="The ability used: one of your character's.")
    character: str = Field(default="", description="Your character who uses it; blank when you play one.")
    conflict: str = Field(default="", description="The Conflict whose die is rolled (its card, e.g. c1).")
    side: str = Field(default="", description="The side of that Conflict the die sits on (A, B, ...).")
    die: int = Field(
        default=1, ge=1, le=60, description="Which of that side's dice is rolled: 1 for its first."
    )
    help: str = Field(
        default="", description="The side the roll helps (CAPES-CONF-004); blank: the side the die sits on."
    )
    label: str = Field(
        default="", max_length=120, description="Words for the side it helps, if that side has none yet."
    )
    drive: str = Field(
        default="", description="A super-powered ability earns 1 Debt: the Drive that takes it."
    )
    inspiration: int = Field(
        default=0,
        ge=0,
        le=6,
        description="Raise an Inspiration you hold instead of rolling: its value (0: none).",
    )

    @model_validator(mode="after")
    def _one_use(self) -> UseAbility:
        """An ability use raises an Inspiration or rolls a die, not both (CAPES-ABIL-002, src 188-189):
        an Inspiration with a die's fields is refused rather than the die quietly dropped."""
        if self.inspiration:
            die_fields = [f for f in ("conflict", "side", "help", "label") if getattr(self, f)]
            if self.die != 1:
                die_fields.append("die")
            if die_fields:
                raise ValueError(
                    "raise an Inspiration (inspiration=) or roll a die (conflict= side= die=), not both;"
                    f" drop {', '.join(f'{f}=' for f in die_fields)} or inspiration="
                )
        return self


class _RollDecision(BaseModel):
    """What :class:`Accept` and :class:`Revert` share: the roller's narration."""

    model_config = _CMD
    text: str = Field(default="", max_length=2000)


class Accept(_RollDecision):
    """Keep the new value of the die just rolled (CAPES-ABIL-003).

    ``text`` is the player's narration of the roll, recorded either way (CAPES-ABIL-005);
    a Reaction's narration is added after the Action's (CAPES-REACT-005).
    """


class Revert(_RollDecision):
    """Turn the die just rolled back to its previous value (CAPES-ABIL-003).

    ``text`` is the player's narration of the roll, recorded either way (CAPES-ABIL-005);
    a Reaction's narration is added after the Action's (CAPES-REACT-005).
    """


class React(BaseModel):
    """Re-roll the die just accepted with an ability at least its value (CAPES-REACT-001)."""

    model_config = _CMD
    ability: str
    character: str = ""
    help: str = ""
    label: str = Field(default="", max_length=120)
    drive: str = ""


class StakeDebt(BaseModel):
    """Move Debt from a Drive onto your side of a Conflict (CAPES-STAKE-001/002).

    ``why`` is the player's justification that the Conflict is morally charged
    for that Drive (CAPES-STAKE-003, a table judgement); it is recorded.
    """

    model_config = _CMD
    conflict: str
    amount: int = Field(default=1, ge=1, le=50)
    drive: str = ""
    character: str = ""
    why: str = _TEXT
    #: the side an uninvolved player's character stakes on under ``uninvolved_may_claim``
    #: (CAPES-PAGE-007 PROPOSED); an allied character stakes on its own side, named or not
    side: str = ""


class ObjectStake(BaseModel):
    """Object to the stake just made: not morally charged for that Drive (CAPES-STAKE-003).

    Only another player, and only right after the stake (like a veto); the Debt goes back.
    """

    model_config = _CMD
    conflict: str
    reason: str = _TEXT


class Split(BaseModel):
    """Split one die on your side evenly into ``parts`` dice (CAPES-SPLIT-001)."""

    model_config = _CMD
    conflict: str
    side: str
    die: int = Field(default=1, ge=1, le=60)
    parts: int = Field(default=2, ge=2, le=6)
    character: str = ""


class SplitOff(BaseModel):
    """Move your stakes and some dice to a new side of your own (CAPES-SPLIT-005)."""

    model_config = _CMD
    conflict: str
    side: str
    label: str = Field(min_length=1, max_length=120)
    dice: str
    character: str = ""


class Inspire(BaseModel):
    """Spend an Inspiration to raise a die on your side to its value (CAPES-ACT-003)."""

    model_config = _CMD
    value: int = Field(ge=1, le=6)
    conflict: str
    side: str
    die: int = Field(default=1, ge=1, le=60)
    character: str = ""


class EndAction(BaseModel):
    """Finish the current Action."""

    model_config = _CMD


class OverdrawnRoll(BaseModel):
    """Re-roll the highest die an Overdrawn character owns; a lower result is kept (CAPES-DEBT-003)."""

    model_config = _CMD
    character: str = ""
    conflict: str = ""
    side: str = ""
    die: int = Field(default=0, ge=0, le=60)

    @model_validator(mode="after")
    def _a_die_names_its_conflict(self) -> OverdrawnRoll:
        """``side=`` and ``die=`` pick among equally high dice only with the Conflict they sit in
        (CAPES-DEBT-003, src 147); without it the table would roll its own pick, the choice dropped."""
        given = [f"{f}=" for f in ("side", "die") if getattr(self, f)]
        if given and not self.conflict:
            raise ValueError(
                f"{' and '.join(given)} pick a die only with its Conflict: add conflict=, or drop"
                f" {' and '.join(given)}"
            )
        return self


class Resolve(BaseModel):
    """Resolve a claimed, controlling side: pair dice, hand out tokens and Inspirations (CAPES-RES)."""

    model_config = _CMD
    conflict: str
    pairs: str = ""
    tokens: str = ""
    losers: str = ""
    text: str = _TEXT


class Gloat(BaseModel):
    """Instead of resolving, turn the claimed side's highest dice to 1 for tokens (CAPES-GLOAT-002)."""

    model_config = _CMD
    conflict: str
    count: int = Field(ge=0, le=60)
    text: str = _TEXT


class Deadlock(BaseModel):
    """Declare a Conflict that can never be untied Deadlocked (CAPES-RES-009)."""

    model_config = _CMD
    conflict: str
    text: str = _TEXT


class ContinueScene(BaseModel):
    """At a Page's end with no Conflict left: you want to add one, so the Scene goes on (CAPES-SCENE)."""

    model_config = _CMD


class EndScene(BaseModel):
    """Vote to end the Scene now; it ends when every player has voted (CAPES-SCENE OPEN)."""

    model_config = _CMD
