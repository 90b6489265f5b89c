"""The Sequence's bookkeeping: whose turn, timed effects, the attack awaiting defences, an interrupt bid."""

from __future__ import annotations

from pydantic import Field

from capeworks.engine.kit import Frozen, Timed, TurnOrder

__all__ = ["Bid", "Call", "Effect", "Pending", "Turn"]


class Effect(Timed):
    """A timed effect: Active Defense (until the defender's next action) or Cover (until the shooter's)."""

    amount: int = 0
    faction: str = ""
    #: WS-COVER-002/004: the combatants in the covering fire's line of fire (empty: all of them)
    line: tuple[str, ...] = ()
    #: WS-COVER-003/004: the weapon aggressive covering fire is laid with, whose Damage its static attacks
    #: do (empty in older logs: their fire struck with the shooter's first weapon, as it was played)
    weapon: str = Field(default="", exclude_if=lambda v: not v)
    #: WS-COVER-004: the movers this aggressive fire has attacked: its one static Attack meets each mover
    #: once, however often they move in its line (empty in older logs, whose fire was played as it came)
    shot_at: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)
    #: WS-COVER-002: the allies who have moved in this Cover's line since it was laid, the ones it guards
    #: ("Defense to any allies moving in the same line of fire", src 72); None in older logs, whose Cover
    #: guarded every ally in its line, moving or not, as they were played
    movers: tuple[str, ...] | None = Field(default=None, exclude_if=lambda v: v is None)


class Turn(Frozen):
    """The Sequence: its number, the acting order, initiatives and what the actor has used."""

    sequence: int = 0
    order: TurnOrder = Field(default_factory=TurnOrder)
    initiative: dict[str, int] = Field(default_factory=dict)
    acted: tuple[str, ...] = ()
    action_used: bool = False
    move_used: bool = False
    #: who is taking an out-of-sequence Action now (WS-SHOT-004)
    extra: str = ""
    cards: dict[str, str] = Field(default_factory=dict)
    #: the snapshot penalty of this turn's Action (card initiative moves the actor up by it, WS-ALT-004)
    snap: int = 0
    #: card initiative: places the actor's own card moved up from the rear on its turn (WS-ALT-002)
    pushed: int = Field(default=0, exclude_if=lambda v: not v)

    @property
    def current(self) -> str:
        """Whose Initiative is up ("" before the fight)."""
        return self.order.current or "" if self.sequence else ""


class Pending(Frozen):
    """An attack waiting for its defenders' Active Defense answers (WS-SHOT-003)."""

    attacker: str
    weapon: str
    targets: tuple[str, ...]
    modifier: int
    awaiting: tuple[str, ...]
    wall_at: int | None = None
    #: card initiative: defenders whose Damage counts from last place (WS-ALT-003)
    from_last: tuple[str, ...] = ()
    #: defenders who spent a Shot on an Active Defense against this attack (a Favored Defense, WS-CARD-002)
    defended: tuple[str, ...] = ()
    #: a static attack (no dice) waiting on its target's Active Defense, "at any time" (src 20): "cover"
    #: (the aggressive covering fire on a mover, WS-COVER-004) or "mooks" (a speed-bump strike, WS-MOOK-005)
    static: str = Field(default="", exclude_if=lambda v: not v)


class Bid(Frozen):
    """An interrupt waiting for the current actor's counter-bid (WS-SHOT-005)."""

    interrupter: str
    against: str
    initiative: int


class Call(Frozen):
    """A roll the GM called for: who rolls which two traits against what (the GM sets difficulties)."""

    id: int
    character: str
    traits: tuple[str, str]
    difficulty: int
    kind: str = "other"
    task: str = ""
