"""Harm: stress on the two tracks, consequences, being taken out, and recovery.

Handlers for RWYN-STRESS-001..005 (the rules themselves are pure functions in
:mod:`capeworks.systems.rwyn.stress`): the GM deals stress, the player answers
an overflowing track, the GM decides how a fourth consequence takes someone
out and clears consequences, and scene or session ends heal.
"""

from __future__ import annotations

from capeworks.engine import DiceService, Event, Prompt
from capeworks.errors import RuleViolation
from capeworks.systems.rwyn import commands as cmd
from capeworks.systems.rwyn import stress
from capeworks.systems.rwyn.config import RwynConfig
from capeworks.systems.rwyn.events import (
    CallWithdrawn,
    ConsequenceTaken,
    OutDecided,
    Recovered,
    SceneEnded,
    StressTaken,
    TakenOut,
)
from capeworks.systems.rwyn.lookups import Built, Ctx, Done, character, control
from capeworks.systems.rwyn.prompts import open_prompts
from capeworks.systems.rwyn.render import check_waits, overflow_waits
from capeworks.systems.rwyn.sheet import Character, Consequence, Standing, Track
from capeworks.systems.rwyn.state import RwynState

__all__ = [
    "consequence",
    "deal_stress",
    "end_scene",
    "end_session",
    "outcome",
    "recover",
    "stress_command",
    "unsettled",
]


def deal_stress(
    b: Built,
    config: RwynConfig,
    character_id: str,
    track: Track,
    amount: int,
    *,
    check_id: int | None = None,
) -> None:
    """Mark stress (RWYN-STRESS-001/002); an overflow waits for the player's answer."""
    who = b.state.characters[character_id]
    _, result = stress.add_stress(who, track, amount, config)
    b.emit(
        StressTaken(
            character_id=who.id,
            name=who.name,
            track=track.value,
            amount=amount,
            result=result.value,
            check_id=check_id,
        )
    )


def stress_command(state: RwynState, context: Ctx, c: cmd.Stress, dice: DiceService) -> Done:
    """GM: deal stress."""
    character(state, c.character)
    b = context.batch(state)
    deal_stress(b, context.config, c.character, c.track, c.amount)
    return b


def consequence(state: RwynState, context: Ctx, c: cmd.ConsequenceCmd, dice: DiceService) -> Done:
    """The player answers an overflow: the next consequence, or taken out by choice (RWYN-STRESS-002/003)."""
    who = character(state, c.character)
    control(context, who)
    text = c.text.strip()  # the words, if any: spaces alone are none
    if c.choice is cmd.ConsequenceChoice.TAKEN_OUT:
        stress.choose_taken_out(who, text)  # refused unless a consequence is due (RWYN-STRESS-003)
        out = TakenOut(character_id=who.id, name=who.name, by_choice=True, how=text)
        return [Event.of(out), *_lapsed(state, who)]
    if who.overflow is not None and who.next_consequence() is None:
        # RWYN-STRESS-004: the fourth consequence, accepted: out for good, the GM words how
        out = TakenOut(character_id=who.id, name=who.name, by_choice=False, how="")
        return [Event.of(out), *_lapsed(state, who)]
    _, rung = stress.take_consequence(who, text)
    taken = ConsequenceTaken(character_id=who.id, name=who.name, severity=rung.value, text=text)
    return [Event.of(taken)]


def _lapsed(state: RwynState, who: Character) -> list[Event]:
    """The calls and asks still open for a character taken out: they left the conflict (src 21), so
    no move reaches them and nothing they asked for is rolled; each is withdrawn, saying why."""
    why = f"{who.name} is out of the conflict"
    return [
        Event.of(CallWithdrawn(call=call, name=who.name, why=why))
        for call in state.calls.values()
        if call.character == who.id
    ]


def outcome(state: RwynState, context: Ctx, c: cmd.Outcome, dice: DiceService) -> Done:
    """GM: how a fourth consequence takes a character out (RWYN-STRESS-005)."""
    who = character(state, c.character)
    stress.set_out_how(who, c.text)  # refused unless the character waits for it (RWYN-STRESS-005)
    return [Event.of(OutDecided(character_id=who.id, name=who.name, how=c.text))]


def recover(state: RwynState, context: Ctx, c: cmd.Recover, dice: DiceService) -> Done:
    """GM: one consequence heals."""
    who = character(state, c.character)
    stress.recover(who, c.severity)  # refused when there is no such consequence
    return [Event.of(_healed(who, c.severity))]


def _healed(who: Character, rung: Consequence) -> Recovered:
    """The event of ``who``'s ``rung`` healing, carrying its words when the player named it."""
    text = who.consequences[rung]
    return Recovered(
        character_id=who.id, name=who.name, severity=rung.value, text="" if text == rung.value else text
    )


def unsettled(state: RwynState) -> list[Prompt]:
    """What must be answered before the scene (or session) ends: a check rolled in the scene is
    settled in it (its disaster dice still owed, or its outcome still waiting for words: RWYN-SAC-001,
    RWYN-EFFECT-001..003), and stress that filled a track in it is answered in it: the player's choice
    of a consequence or being taken out (RWYN-STRESS-002/003, src 21) is not wiped with the stress.
    Every check the state keeps waits for an answer (it closes when the last is in), so this is
    empty exactly when no check is open and no track overflows."""
    return [p for p in open_prompts(state) if "check" in p.context or p.kind == "consequence"]


def _require_settled(state: RwynState, *, session: bool) -> None:
    """Ending the scene over what :func:`unsettled` finds is refused, naming what waits and who
    answers; the GM may answer for a player, so nothing is stuck."""
    waiting = unsettled(state)
    if waiting:
        what = "; ".join(
            overflow_waits(state, p.context["character"], p.seat)
            if p.kind == "consequence"
            else check_waits(state, p.context["check"], p.kind, p.seat)
            for p in waiting
        )
        them = "it" if len(waiting) == 1 else "them"
        raise RuleViolation(
            waiting[0].rule,
            f"The {'session' if session else 'scene'} cannot end yet: {what}. "
            f"Settle {them} first (the GM may answer for a player).",
        )


def _end(state: RwynState, config: RwynConfig, *, session: bool) -> Done:
    _require_settled(state, session=session)
    why = "the session ended" if session else "the scene ended"
    lapsed = [
        Event.of(CallWithdrawn(call=call, name=state.characters[call.character].name, why=why))
        for call in state.calls.values()
        if call.character in state.characters
    ]
    # each consequence that heals is told on its own line, so every seat reads what healed
    healed = [
        Event.of(_healed(who, rung))
        for who in state.characters.values()
        for rung in who.consequences
        if rung not in stress.end_scene(who, config, session=session).consequences
    ]
    # a character taken out by choice left the conflict, not the game: back when the scene ends (src 21)
    back = tuple(c.name for c in state.characters.values() if c.standing is Standing.OUT_BY_CHOICE)
    ended = SceneEnded(character_ids=tuple(state.characters), session=session, back=back)
    return [*lapsed, *healed, Event.of(ended)]


def end_scene(state: RwynState, context: Ctx, c: cmd.EndScene, dice: DiceService) -> Done:
    """GM: the scene ends; stress clears and scene consequences heal."""
    return _end(state, context.config, session=False)


def end_session(state: RwynState, context: Ctx, c: cmd.EndSession, dice: DiceService) -> Done:
    """GM: the session ends; session consequences heal too."""
    return _end(state, context.config, session=True)
