"""Every event of a Workshop table. Each carries the whole new value of what it changes.

``character``/``characters`` are upserted; ``turn``, ``effects``, ``decks`` and ``clock`` replace
the state's when set; ``pending`` and ``bid`` always replace (None closes them).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Literal

from pydantic import Field

from capeworks.engine import EventData
from capeworks.engine.kit import Frozen
from capeworks.systems.workshop.sheet import Combatant
from capeworks.systems.workshop.turn import Bid, Call, Effect, Pending, Turn

__all__ = [
    "EVENTS",
    "UPCASTERS",
    "ActiveDefended",
    "ActiveDefenseEnded",
    "AttackCalledOff",
    "AttackDeclared",
    "AttackRolled",
    "BidResolved",
    "CallMade",
    "CardDrawn",
    "CardPushed",
    "CharacterAdded",
    "CheckRolled",
    "CinematicHealed",
    "CoverLaid",
    "CoverLifted",
    "Damaged",
    "DefenseDeclined",
    "Due",
    "ExtraActionTaken",
    "Fell",
    "GmNoted",
    "InitiativeRaised",
    "InterruptBid",
    "KnockedBack",
    "MookStrikeAnswered",
    "MookStrikeOffered",
    "MooksDowned",
    "Moved",
    "Narrated",
    "NarrationDue",
    "PaddingReached",
    "Recovery",
    "Rested",
    "Rolled",
    "RolllessAction",
    "SequenceEnded",
    "SequenceStarted",
    "SessionEnded",
    "StandingChanged",
    "StatusSet",
    "TimePassed",
    "TurnEnded",
    "WallPlaced",
    "WorkshopEvent",
]


class WorkshopEvent(EventData, ruleset="workshop"):
    """Every event of the Workshop: each subclass is ``workshop.<its name>``.

    ``names``: the display names of the combatants the event mentions (for the log's words only; no
    applier reads them), filled in by the ruleset's ``settle``; ``plural_ids`` likewise.
    """

    names: dict[str, str] = Field(default_factory=dict)
    #: which of the combatants mentioned are mook groups, their verbs plural ("Goons attack"); filled
    #: in by ``settle`` as ``names`` are (an older event has none: its words read as they did)
    plural_ids: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)


class CharacterAdded(WorkshopEvent):
    """A combatant joins the table, its Shot pool at its Shot Count (WS-SHOT-001); under card
    initiative, in a fight under way, with its card at the rear of the stack (``turn``, WS-ALT-001)."""

    character: Combatant
    turn: Turn | None = Field(default=None, exclude_if=lambda v: v is None)


class SequenceStarted(WorkshopEvent):
    """A Sequence begins: Initiative from each Shot pool, the acting order (WS-SEQ-002)."""

    sequence: int
    turn: Turn
    characters: tuple[Combatant, ...] = ()
    clock: int | None = None
    effects: tuple[Effect, ...] | None = None
    #: those whose time down was up as the Sequence began (WS-DMG-007, WS-SHOCK-002), and the dying whose
    #: hour ran out (WS-DARK-002): the words say so (left out when empty: older logs read as they did)
    woke: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)
    died: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)


class Recovery(Frozen):
    """One combatant's pool mended as a Sequence ends: its Shock lowered by rest (``shock``, WS-DMG-006)
    or a Shot regained by a roll-less Sequence (``shots``, WS-SHOT-002), from ``before`` to ``after``."""

    who: str
    track: Literal["shock", "shots"]
    before: int
    after: int


class SequenceEnded(WorkshopEvent):
    """A Sequence ends: rest regains Shock, roll-less Sequences regain a Shot (WS-DMG-006, WS-SHOT-002),
    as facts the words render (version 1 carried them as display notes: :func:`sequence_notes_to_facts`)."""

    VERSION = 2

    sequence: int
    characters: tuple[Combatant, ...] = ()
    recovered: tuple[Recovery, ...] = ()


class CardDrawn(WorkshopEvent):
    """A Faction's dramatic card for this Sequence (WS-CARD-001)."""

    faction: str
    card: str
    decks: dict[str, tuple[str, ...]]
    turn: Turn
    characters: tuple[Combatant, ...] = ()


class TurnEnded(WorkshopEvent):
    """A combatant's turn is over; the next Initiative comes up. ``passed``: under card initiative, the
    card of one who cannot act came up and went to the rear with no turn taken (WS-ALT-001)."""

    who: str
    turn: Turn
    effects: tuple[Effect, ...] | None = None
    characters: tuple[Combatant, ...] = ()
    passed: bool = Field(default=False, exclude_if=lambda v: not v)
    #: WS-SHOT-004: ``who`` ended a bought Action out of Sequence untaken: its 3 Shots stay spent and
    #: the turn of the one acting goes on (an older log's such event reads as an ended turn)
    abandoned: bool = Field(default=False, exclude_if=lambda v: not v)
    #: with no ``who``: the effects that ended as the next Initiative came up (an Active Defense, Cover);
    #: empty in older logs, whose line reads as it did ("Effects end as ...")
    ended: tuple[Effect, ...] = Field(default=(), exclude_if=lambda v: not v)


class InitiativeRaised(WorkshopEvent):
    """Shots spent for +5 Initiative each, this Sequence (WS-SHOT-003)."""

    character: Combatant
    shots: int
    initiative: int
    turn: Turn


class ExtraActionTaken(WorkshopEvent):
    """3 Shots spent for an Action out of Sequence (WS-SHOT-004); it is the actor's next action, so their
    Active Defense ends (WS-CORE-003)."""

    character: Combatant
    turn: Turn
    effects: tuple[Effect, ...] | None = None


class InterruptBid(WorkshopEvent):
    """Shots spent to interrupt the acting combatant (WS-SHOT-005)."""

    character: Combatant
    shots: int
    bid: Bid | None


class BidResolved(WorkshopEvent):
    """The interrupt is settled: the higher Initiative acts first (WS-SHOT-005)."""

    winner: str
    shots: int
    character: Combatant | None = None
    turn: Turn
    bid: Bid | None = None


class AttackDeclared(WorkshopEvent):
    """An attack waits for its targets' Active Defense answers."""

    attacker: str
    targets: tuple[str, ...]
    modifier: int
    pending: Pending | None
    turn: Turn | None = None
    #: the attacker once its Action is taken, when the declaring changes it: a speed-bump group's own
    #: static attack is something done with no roll (src 16; left out when unset: older logs read as they did)
    character: Combatant | None = Field(default=None, exclude_if=lambda v: v is None)


class ActiveDefended(WorkshopEvent):
    """A Shot spent on an Active Defense: Defense + bonus until the defender's next action."""

    character: Combatant
    bonus: int
    effects: tuple[Effect, ...]
    pending: Pending | None
    #: WS-ALT-003: under card initiative it costs no Shot, the card moves back instead (left out when unset:
    #: older logs read as they did)
    free: bool = Field(default=False, exclude_if=lambda v: not v)
    #: WS-MOOK-001: a glass-jaw mook's dodge, which costs its next Action (left out when unset)
    loses_action: bool = Field(default=False, exclude_if=lambda v: not v)


class ActiveDefenseEnded(WorkshopEvent):
    """A defender fell unable to act (src 54): one who cannot act defends nothing, so the Active Defense
    ends there, and waking before the next action does not bring it back (WS-CORE-003). Or (``acted``)
    the defender, who defended on its own turn before its Action, takes that Action: "until the defender's
    next action" (WS-CORE-003)."""

    who: str
    effects: tuple[Effect, ...]
    acted: bool = Field(default=False, exclude_if=lambda v: not v)


class DefenseDeclined(WorkshopEvent):
    """A defender keeps their Shots and their passive Defense."""

    who: str
    pending: Pending | None


class AttackCalledOff(WorkshopEvent):
    """A waiting attack that is not made after all, and no longer waits (WS-SHOT-003): its attacker fell
    "unable to act" (src 54) before it was answered, or the aggressive fire's shooter did, or its one
    mover did (WS-COVER-004: nobody is firing it, or nobody is moving in it)."""

    attacker: str
    targets: tuple[str, ...]
    pending: Pending | None = None


class AttackRolled(WorkshopEvent):
    """An attack roll: Outcome = AV - Defense, a hit at 0 or more, PV (WS-CORE-001/002)."""

    attacker: str
    target: str
    weapon: str
    base: int
    dice: tuple[int, ...]
    modifier: int
    av: int
    defense: int
    outcome: int
    hit: bool
    pv: int
    character: Combatant | None = None
    pending: Pending | None = None
    turn: Turn | None = None
    #: a miss's degree: failure, total_failure (the action turns Hazardous) or fumble; "" on a hit
    degree: str = ""
    #: WS-COVER-004: the timed effects after an aggressive fire's static Attack, which marks the mover as
    #: shot at (left out when unset: older logs' events read as they did)
    effects: tuple[Effect, ...] | None = Field(default=None, exclude_if=lambda v: v is None)


class Damaged(WorkshopEvent):
    """Damage taken: Shock points and Wounds, and what else the optional rules made of it (WS-DMG), as
    facts the words render (version 1 carried them as display notes: :func:`damaged_notes_to_facts`)."""

    VERSION = 2

    character: Combatant
    damage: int
    shock: int
    wounds: int
    massive: bool = False
    #: WS-STATUS-003: Broken, it put the character down
    broken: bool = False
    #: WS-SHAKEN-001
    shaken: bool = False
    #: WS-SHOCK-003: the Shots Stun took (0 when the pool was empty); None when Stun did not apply
    shots_lost: int | None = None
    #: WS-CINE-001: a fixed Cinematic Wound came with it
    cinematic: bool = False
    #: WS-MOOK-002/003: the mook table read ("glass jaw", "advanced mook") and its result
    mook_table: str = ""
    mook_result: str = ""
    #: a group's count left after the hit on one of them (None: no group)
    left: int | None = None
    #: WS-MOOK-002/003: the Shaken the mook table gave (``mook_result`` "shaken", or ``shaken``) is the one
    #: mook's of the group that was hit, not the group's (left out when unset: older logs read as they did)
    member: bool = Field(default=False, exclude_if=lambda v: not v)
    #: WS-ALT-002: the card stack's Wound for one out of action, no Damage behind it
    out_of_action: bool = False


def damaged_notes_to_facts(data: dict[str, Any]) -> dict[str, Any]:
    """Damaged 1 -> 2: the display notes (``results``) a version 1 event carried become the facts they
    told (the strings are every note version 1 wrote; "Massive Damage" was ``massive`` already)."""
    out = {k: v for k, v in data.items() if k != "results"}
    for note in data.get("results", ()):
        if note == "Broken: incapacitated":
            out["broken"] = True
        elif note == "Shaken":
            out["shaken"] = True
        elif note.startswith("Stunned: "):
            out["shots_lost"] = int(note.split()[1])
        elif note == "a Cinematic Wound":
            out["cinematic"] = True
        elif note.startswith(("glass jaw: ", "advanced mook: ")):
            out["mook_table"], out["mook_result"] = note.split(": ", 1)
        elif note.endswith(" left"):
            out["left"] = int(note.split()[0])
        elif note == "out of action: a Wound":
            out["out_of_action"] = True
    return out


#: version 1's end-of-Sequence notes: "Jade rests: Shock 4 -> 3", "Jade rolled nothing: Shots 3 -> 4"
_SEQUENCE_NOTE = re.compile(
    r"(?P<name>.+) (?:rests: Shock|rolled nothing: Shots) (?P<before>\d+) -> (?P<after>\d+)"
)


def sequence_notes_to_facts(data: dict[str, Any]) -> dict[str, Any]:
    """SequenceEnded 1 -> 2: the display notes version 1 wrote become the recoveries they told; each
    name is found among the event's changed ``characters`` (every one noted is among them) and kept in
    ``names``, so the words name whom the note named."""
    ids = {c["name"]: c["id"] for c in data.get("characters", ())}
    recovered, names = [], dict(data.get("names", {}))
    for note in data.get("notes", ()):
        m = _SEQUENCE_NOTE.fullmatch(note)
        if m is None:
            raise ValueError(f"an end-of-Sequence note version 1 never wrote: {note!r}")
        track = "shock" if " rests: Shock " in note else "shots"
        who = ids.get(m["name"], m["name"])
        names.setdefault(who, m["name"])
        recovered.append({"who": who, "track": track, "before": int(m["before"]), "after": int(m["after"])})
    out = {k: v for k, v in data.items() if k != "notes"}
    return {**out, "recovered": recovered, **({"names": names} if names else {})}


#: (event type, version) -> its data at the next version (engine.upcast)
UPCASTERS: dict[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = {
    (Damaged.TYPE, 1): damaged_notes_to_facts,
    (SequenceEnded.TYPE, 1): sequence_notes_to_facts,
}


class Rolled(WorkshopEvent):
    """A roll of two traits against a difficulty: Shock, Dark Times, waking, Luck, steadying..."""

    who: str
    what: str
    traits: tuple[str, ...]
    base: int
    dice: tuple[int, ...]
    modifier: int
    total: int
    difficulty: int
    success: bool
    character: Combatant | None = None
    turn: Turn | None = None
    #: failed by the player's choice, nothing rolled (WS-CINE-005)
    by_choice: bool = False
    #: a failure's degree: failure, total_failure or fumble; "" on a success or on a roll that is no Action
    #: (Shock, Luck, waking...: an older log's may carry one, and reads as it did)
    degree: str = ""
    #: no dice: a speed-bump group's Static PV stands for the roll (src 175; left out when false)
    static: bool = Field(default=False, exclude_if=lambda v: not v)
    #: one of a group's unconscious mooks rolls (to wake, src 60, 170), not the group (left out when false)
    member: bool = Field(default=False, exclude_if=lambda v: not v)


class StandingChanged(WorkshopEvent):
    """Down, dying, dead, out, or back up, and why."""

    character: Combatant
    why: str
    #: one revived mid-Sequence takes its place in the order if its Initiative is still to come (src 12)
    turn: Turn | None = Field(default=None, exclude_if=lambda v: v is None)


class KnockedBack(WorkshopEvent):
    """Flung back by Damage over Mass Value, then knocked down (WS-KNOCK-002/003). ``member``: the one mook
    of a group that was hit, not the group (which ``character`` carries as it stands)."""

    character: Combatant
    metres: int
    collision: int = 0
    member: bool = Field(default=False, exclude_if=lambda v: not v)


class MooksDowned(WorkshopEvent):
    """Speed Bump mooks downed by static PV (WS-MOOK-004)."""

    character: Combatant
    downed: int
    pv: int
    turn: Turn | None = None


class Moved(WorkshopEvent):
    """A Move (or the Action spent as a Move) (WS-SEQ-003)."""

    character: Combatant
    full: bool
    turn: Turn
    #: WS-COVER-002: the timed effects after the mover is counted among the movers of the allied Cover
    #: whose line it moves in (left out when unset: older logs' events read as they did)
    effects: tuple[Effect, ...] | None = Field(default=None, exclude_if=lambda v: v is None)


class Rested(WorkshopEvent):
    """A turn spent doing nothing but resting (WS-DMG-006)."""

    character: Combatant
    turn: Turn


class RolllessAction(WorkshopEvent):
    """An Action that needs no roll: reloading, talking (WS-SHOT-002)."""

    character: Combatant
    what: str
    turn: Turn


class CoverLaid(WorkshopEvent):
    """Covering fire: Cover for allies, or an aggressive static attack (WS-COVER)."""

    character: Combatant
    cover: int
    aggressive: bool
    effects: tuple[Effect, ...]
    turn: Turn


class CoverLifted(WorkshopEvent):
    """A covering fire's shooter fell unable to act (src 54): the fire stops, and waking does not restart
    it (WS-COVER-002)."""

    who: str
    effects: tuple[Effect, ...]


class StatusSet(WorkshopEvent):
    """The GM puts on or takes off a status: Bruised, Battered, Broken, knocked down (WS-STATUS)."""

    character: Combatant
    status: str
    on: bool


class Fell(WorkshopEvent):
    """A fall: metres, the Stunt roll's reduction, the Damage (WS-DMG-010)."""

    who: str
    metres: int
    damage: int


class TimePassed(WorkshopEvent):
    """Time passes outside the Sequences: sleepers wake, the dying die (WS-DMG-007, WS-DARK-002)."""

    minutes: int
    clock: int
    characters: tuple[Combatant, ...] = ()
    #: in a Sequence, those woken whose Initiative is still to come take their places (src 12; left out
    #: when unset: older logs read as they did)
    turn: Turn | None = Field(default=None, exclude_if=lambda v: v is None)


class CallMade(WorkshopEvent):
    """The GM calls for a roll and sets its difficulty."""

    call: Call


class CheckRolled(WorkshopEvent):
    """A called roll, rolled: success or failure, and a Favored Action's pool point (WS-CARD-002)."""

    call: int
    who: str
    total: int
    difficulty: int
    success: bool
    favored: bool
    dice: tuple[int, ...]
    character: Combatant | None = None
    turn: Turn | None = None
    #: a failure's degree: failure, total_failure or fumble; "" on a success or on a check that is no Action
    degree: str = ""


class CardPushed(WorkshopEvent):
    """Card initiative: Damage moves a card forward; pushed past first place, out of action (WS-ALT-002)."""

    who: str
    places: int
    out: bool
    turn: Turn
    character: Combatant | None = None
    #: the one mook of a group put out of action (``character`` the group as it stands), not the group (left
    #: out when unset: older logs read as they did)
    member: bool = Field(default=False, exclude_if=lambda v: not v)


class PaddingReached(WorkshopEvent):
    """Card initiative: a padding card reaches the front and is removed (WS-ALT-005)."""

    card: str
    kind: str
    given_to: str
    turn: Turn
    character: Combatant | None = None


class SessionEnded(WorkshopEvent):
    """The session ends: Cinematic Wounds heal (WS-CINE-003), 1 XP each to the party if on (WS-CINE-004)."""

    healed: int
    xp: int
    party_xp: int
    characters: tuple[Combatant, ...] = ()


class CinematicHealed(WorkshopEvent):
    """One Cinematic Wound heals before the session's end, "when appropriate" (WS-CINE-003), with its 1 XP
    to the party if the table gives it (WS-CINE-004)."""

    character: Combatant
    xp: int
    party_xp: int


class GmNoted(WorkshopEvent):
    """A private note of the GM's."""

    text: str


class MookStrikeOffered(WorkshopEvent):
    """WS-MOOK-005: an Action ignored a speed-bump group engaging the character: it may strike."""

    group: str
    pc: str


class MookStrikeAnswered(WorkshopEvent):
    """The GM's answer for ignored mooks: they strike (the strike follows) or hold off."""

    group: str
    strike: bool


class Due(Frozen):
    """What came up for the GM to narrate, as facts (the words say it: ``render.narration_words``).

    One of: a roll's bad degree (``degree``, by ``who``; an attack names its ``target``, another roll
    its kind, ``roll``, as :class:`Rolled` says it), a card's Stymie or Setback (``faction``, ``card``),
    a padding card reaching the front (``padding``, its kind, ``given_to``)."""

    degree: str = ""
    who: str = ""
    target: str = ""
    roll: str = ""
    faction: str = ""
    card: str = ""
    padding: str = ""
    given_to: str = ""


class WallPlaced(WorkshopEvent):
    """The GM says what stands behind a combatant: a wall ``character.wall_behind`` metres back, or open
    space (WS-KNOCK-003)."""

    character: Combatant


class NarrationDue(WorkshopEvent):
    """For the GM only: something came up whose effect the rules never give (a Fumble, a Hazardous
    action, a Stymie or Setback card, a padding card's random event): the GM narrates it.

    ``due`` holds the facts; an older event carried its words instead (``text``) and reads as it did."""

    id: int
    rule: str
    text: str = Field(default="", exclude_if=lambda v: not v)
    due: Due | None = Field(default=None, exclude_if=lambda v: v is None)


class Narrated(WorkshopEvent):
    """The GM has narrated (or waved off) a due narration."""

    id: int


EVENTS = (
    WallPlaced,
    MookStrikeOffered,
    MookStrikeAnswered,
    NarrationDue,
    Narrated,
    CharacterAdded,
    SequenceStarted,
    SequenceEnded,
    CardDrawn,
    TurnEnded,
    InitiativeRaised,
    ExtraActionTaken,
    InterruptBid,
    BidResolved,
    AttackDeclared,
    ActiveDefended,
    ActiveDefenseEnded,
    DefenseDeclined,
    AttackRolled,
    AttackCalledOff,
    Damaged,
    Rolled,
    StandingChanged,
    KnockedBack,
    MooksDowned,
    Moved,
    Rested,
    RolllessAction,
    CoverLaid,
    CoverLifted,
    StatusSet,
    Fell,
    TimePassed,
    CallMade,
    CheckRolled,
    CardPushed,
    PaddingReached,
    SessionEnded,
    CinematicHealed,
    GmNoted,
)
