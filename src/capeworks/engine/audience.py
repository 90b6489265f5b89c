"""Who may see what: viewers, audiences, and the record of the dice an event shows."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

__all__ = ["Audience", "RollRecord", "Viewer"]

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class Viewer(BaseModel):
    """Who is looking: a seat id (or None for a spectator) and whether they are the GM."""

    model_config = _FROZEN

    seat: str | None = None
    is_gm: bool = False

    @classmethod
    def gm(cls, seat: str | None = None) -> Viewer:
        """The game master's view: sees everything."""
        return cls(seat=seat, is_gm=True)


class Audience(BaseModel):
    """Who may see an event: everyone, the GM only, or the GM and some seats."""

    model_config = _FROZEN

    everyone: bool = True
    seats: tuple[str, ...] = ()

    @classmethod
    def all(cls) -> Audience:
        """Everyone at the table."""
        return cls()

    @classmethod
    def gm_only(cls) -> Audience:
        """The GM alone (secrets)."""
        return cls(everyone=False)

    @classmethod
    def only(cls, *seats: str) -> Audience:
        """The GM and the named seats."""
        return cls(everyone=False, seats=tuple(seats))

    def admits(self, viewer: Viewer) -> bool:
        """May ``viewer`` see it? The GM sees everything."""
        if self.everyone or viewer.is_gm:
            return True
        return viewer.seat is not None and viewer.seat in self.seats

    def union(self, other: Audience) -> Audience:
        """Everyone who may see either."""
        if self.everyone or other.everyone:
            return Audience.all()
        return Audience.only(*dict.fromkeys((*self.seats, *other.seats)))


class RollRecord(BaseModel):
    """Every die rolled for a decision: what for, which dice, what they showed, from where.

    ``given`` marks faces typed in by a person (physical dice) rather than
    drawn by the table; every rendering of the roll says so.
    """

    model_config = _FROZEN

    purpose: str
    sides: int
    faces: tuple[int, ...]
    given: bool = False
