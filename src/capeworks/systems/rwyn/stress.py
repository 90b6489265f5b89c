"""Stress tracks, the consequence ladder and being taken out.

Implements RWYN-STRESS-001 (physical track = Resilience, social/mental track
= Poise), RWYN-STRESS-002 (overflow takes the next consequence: minor,
moderate, major; PROPOSED: one ladder per character, the overflowing track
clears, recovery per config), RWYN-STRESS-003 (taken out by choice instead),
RWYN-STRESS-004 (a fourth consequence takes the character out; the player
may still choose to be taken out instead, as at any overflow: src 21, W11),
RWYN-STRESS-005 (the GM words an involuntary taking-out) and the harm of an
enemy move (RWYN-GEN-003 PROPOSED). Pure functions on frozen characters.
"""

from __future__ import annotations

from enum import StrEnum

from capeworks.errors import RuleViolation
from capeworks.systems.rwyn.config import Recovery, RwynConfig
from capeworks.systems.rwyn.sheet import Ability, Character, Consequence, Standing, Track

__all__ = [
    "StressResult",
    "add_stress",
    "choose_taken_out",
    "end_scene",
    "fourth_consequence",
    "harm_from_move",
    "recover",
    "require_in_conflict",
    "require_not_out",
    "set_out_how",
    "take_consequence",
    "track_size",
    "within_tracks",
]


class StressResult(StrEnum):
    """What incoming stress did."""

    ABSORBED = "absorbed"
    #: the track overflowed: the player chooses a consequence or being taken out
    OVERFLOW = "overflow"
    #: the track overflowed with all three consequences taken and the character was out at once:
    #: only in logs written before the fourth waited for the player's answer (read by the fold)
    TAKEN_OUT = "taken_out"


def track_size(character: Character, track: Track, config: RwynConfig) -> int:
    """RWYN-STRESS-001: boxes = Resilience (the config's physical ability) or Poise."""
    if track is Track.PHYSICAL:
        return character.rating(config.physical_stress_ability)
    return character.rating(Ability.POISE.value)


def within_tracks(character: Character, config: RwynConfig) -> Character:
    """RWYN-STRESS-001: a track has as many boxes as its ability (src 19), so a track that shrinks (the
    GM lowers Endurance or Poise) holds at most its new boxes: full, not more than full. Stress that
    was marked is not new stress, so it brings no consequence (RWYN-STRESS-002: only stress arriving
    at a full track does)."""
    marked = {track: min(n, track_size(character, track, config)) for track, n in character.stress.items()}
    if marked == character.stress:
        return character
    return character.model_copy(update={"stress": marked})


def require_not_out(character: Character) -> None:
    """Refuse when the character has been taken out (RWYN-STRESS-003/004): nothing in the conflict
    reaches them, not even a call the GM would make (a waiting overflow does not stop a call)."""
    if character.standing is Standing.OUT_FOR_GOOD:
        # a fourth consequence is no scene's conflict: "this conflict" read as if the next scene
        # would bring them back, in every later session too (src 21: "usually death")
        how = f": {character.out_how}" if character.out_how else ""
        raise RuleViolation(
            "RWYN-STRESS-003", f"{character.name} is taken out for good (a fourth consequence){how}."
        )
    if character.standing is not Standing.IN:
        raise RuleViolation("RWYN-STRESS-003", f"{character.name} has been taken out of this conflict.")


def require_in_conflict(character: Character) -> None:
    """Refuse when the character is out of the conflict or must first answer an overflow."""
    require_not_out(character)
    if character.overflow is not None:
        raise RuleViolation(
            "RWYN-STRESS-002",
            f"{character.name}'s {character.overflow.value} stress track is full: a consequence or being "
            "taken out must be chosen first.",
        )


def harm_from_move(*, harm: int, success: bool, disaster_successes: int) -> int:
    """RWYN-GEN-003 (PROPOSED): a failed defence takes the move's harm; each disaster success adds 1."""
    return (0 if success else harm) + disaster_successes


def add_stress(
    character: Character, track: Track, amount: int, config: RwynConfig
) -> tuple[Character, StressResult]:
    """Mark ``amount`` stress on ``track``; past the last box the track overflows (RWYN-STRESS-002/004)."""
    if amount < 1:
        raise RuleViolation("RWYN-STRESS-001", "Stress comes in whole points of 1 or more.")
    require_in_conflict(character)
    size = track_size(character, track, config)
    now = character.stress.get(track, 0)
    if now + amount <= size:
        return character.model_copy(update={"stress": {**character.stress, track: now + amount}}), (
            StressResult.ABSORBED
        )
    full = {**character.stress, track: size}
    return character.model_copy(update={"stress": full, "overflow": track}), StressResult.OVERFLOW


def take_consequence(character: Character, text: str) -> tuple[Character, Consequence]:
    """RWYN-STRESS-002: the next rung of the ladder; the overflowing track clears (PROPOSED)."""
    if character.overflow is None:
        raise RuleViolation("RWYN-STRESS-002", f"{character.name} has no overflowing stress to answer.")
    rung = character.next_consequence()
    if rung is None:
        raise RuleViolation("RWYN-STRESS-004", f"{character.name} has no rung left: a fourth takes them out.")
    updated = character.model_copy(
        update={
            "consequences": {**character.consequences, rung: text.strip() or rung.value},
            "stress": {**character.stress, character.overflow: 0},
            "overflow": None,
        }
    )
    return updated, rung


def choose_taken_out(character: Character, how: str) -> Character:
    """RWYN-STRESS-003: leave the conflict instead of accepting the consequence."""
    if character.overflow is None:
        raise RuleViolation(
            "RWYN-STRESS-003", f"{character.name} can choose to be taken out only when a consequence is due."
        )
    return character.model_copy(
        update={"overflow": None, "standing": Standing.OUT_BY_CHOICE, "out_how": how.strip()}
    )


def fourth_consequence(character: Character) -> Character:
    """RWYN-STRESS-004: with all three rungs taken, a fourth consequence takes the character out for
    good (the GM words how, RWYN-STRESS-005). Idempotent, so logs that marked it on the stress itself
    fold the same."""
    return character.model_copy(update={"overflow": None, "standing": Standing.OUT_FOR_GOOD})


def set_out_how(character: Character, how: str) -> Character:
    """RWYN-STRESS-005: the GM says how a fourth consequence takes the character out."""
    if character.standing is not Standing.OUT_FOR_GOOD or character.out_how:
        raise RuleViolation("RWYN-STRESS-005", f"{character.name} is not waiting for the GM's outcome.")
    if not how.strip():
        raise RuleViolation("RWYN-STRESS-005", "Say how the character is taken out.")
    return character.model_copy(update={"out_how": how.strip()})


def _recovers(config: RwynConfig, rung: Consequence) -> Recovery:
    return {
        Consequence.MINOR: config.minor_recovers,
        Consequence.MODERATE: config.moderate_recovers,
        Consequence.MAJOR: config.major_recovers,
    }[rung]


def end_scene(
    character: Character, config: RwynConfig, *, session: bool = False, heals_out_for_good: bool = False
) -> Character:
    """Stress clears when a scene ends; consequences per their recovery setting (RWYN-STRESS-002).

    A track that overflowed and still waits for its answer clears with the
    stress: nothing is left to answer, so the character can act again. A character
    taken out for good by a fourth consequence (src 21: "usually death") heals nothing:
    their consequences stay as they were, and no end of a scene announces them healing
    (``heals_out_for_good``: as logs written before that did).
    """
    due = {Recovery.SCENE, Recovery.SESSION} if session else {Recovery.SCENE}
    out_for_good = character.standing is Standing.OUT_FOR_GOOD and not heals_out_for_good
    kept = {
        k: v for k, v in character.consequences.items() if out_for_good or _recovers(config, k) not in due
    }
    standing = Standing.IN if character.standing is Standing.OUT_BY_CHOICE else character.standing
    return character.model_copy(
        update={
            "stress": {Track.PHYSICAL: 0, Track.MENTAL: 0},
            "overflow": None,
            "consequences": kept,
            "standing": standing,
            "out_how": "" if standing is Standing.IN else character.out_how,
        }
    )


def recover(character: Character, rung: Consequence) -> Character:
    """The GM clears one consequence (the only way a major one heals by default)."""
    if rung not in character.consequences:
        raise RuleViolation("RWYN-STRESS-002", f"{character.name} has no {rung.value} consequence.")
    return character.model_copy(
        update={"consequences": {k: v for k, v in character.consequences.items() if k is not rung}}
    )
