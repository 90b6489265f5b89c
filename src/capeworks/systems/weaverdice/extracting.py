"""Taking a stuck object out at the table (WD-STATUS-011, src 858): forcibly at once, a moderate
wound and Bleeding; or with care, a lengthy Dexterity check to 12 rolled a turn at a time, which
makes the wound lesser. The Bleeding comes either way.

Wires the pure :func:`~.statuses.extract` into play. The stuck one pulls it out, or someone beside
them does (the table keeps no map: who is beside whom is the players' word, as for melee). In a
fight a forcible pull is a standard action and each careful roll a lengthy one (WD-COMBAT-009/013).
"""

from __future__ import annotations

from capeworks.engine import DiceService
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice import commands as cmd
from capeworks.systems.weaverdice import events as ev
from capeworks.systems.weaverdice import statuses as st
from capeworks.systems.weaverdice.checks import Lengthy
from capeworks.systems.weaverdice.combat import ActionKind
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.flow import Builder, Ctx, Done, pained_failure, person, roll_check
from capeworks.systems.weaverdice.state import WdState
from capeworks.systems.weaverdice.vocab import Stat, Status
from capeworks.systems.weaverdice.wounding import lengthy_turn, spend_turn, take_wound

__all__ = ["extract"]


def extract(state: WdState, context: Ctx, c: cmd.Extract, dice: DiceService) -> Done:
    """Pull a stuck object out of ``c.target`` (oneself when not named): forcibly, or one careful
    roll of the lengthy Dexterity check; the object comes out when the pull is forcible or the
    careful total reaches 12 (:data:`~.statuses.STUCK_CAREFUL_DC`)."""
    me = person(state, c.character)
    ident = c.target or c.character
    t = person(state, ident)
    stuck = [x for x in t.conditions if x.name == Status.STUCK and (c.source is None or x.source == c.source)]
    if not stuck:
        whose = "" if c.source is None else f" of {person(state, c.source).name}'s"
        raise RuleViolation("WD-STATUS-011", f"Nothing{whose} is stuck in {t.name}.")
    lodged = stuck[0]
    b = Builder(state, context, dice)
    fight = state.fight is not None and me.in_fight
    what = lodged.item or "the object"
    if not c.careful:
        if fight:
            spend_turn(b, state, c.character, f"pull {what} out of {t.name}", ActionKind.STANDARD)
        _out(b, ident, lodged, st.extract(), careful=False)
        return b.batch
    if fight:
        lengthy_turn(b, state, c.character, f"work {what} out of {t.name}")
    key = f"extract:{ident}:{lodged.wound}"
    running = state.lengthy.get(key) or Lengthy(dc=st.STUCK_CAREFUL_DC)
    # each roll's total counts toward the DC; its TN is the table's default, as for a called lengthy check
    tn = context.config.default_tn
    roll, record = roll_check(b, c.character, (Stat.DEXTERITY,), tn=tn, purpose="extract")
    running = running.add(c.character, roll.total)
    b.emit(
        ev.CheckRolled(
            character=c.character,
            name=me.name,
            stats=(Stat.DEXTERITY,),
            task=f"work {what} out of {t.name}",
            check=roll,
            lengthy_key=key,
            lengthy=None if running.done else running,
            running=running.total,
            dc=running.dc,
        ),
        rolls=(record,),
        hidden=me.hidden,
    )
    # a failed roll under physical pain owes its price, as any Dexterity exertion (WD-STATUS-002/003)
    pained_failure(b, c.character, Stat.DEXTERITY, failed=not roll.success)
    if running.done:
        _out(b, ident, lodged, st.extract(careful_total=running.total), careful=True)
    return b.batch


def _out(b: Builder, ident: str, lodged: st.Condition, out: st.Extraction, *, careful: bool) -> None:
    """The object is out: the Stuck ends, then its wound and the Bleeding land (WD-STATUS-011)."""
    t = b.person(ident)
    rest = list(t.conditions)
    rest.remove(lodged)
    b.emit(
        ev.Extracted(
            character=ident,
            name=t.name,
            item=lodged.item,
            careful=careful,
            tier=out.wound,
            people=(evolve(t, {"conditions": tuple(rest)}),),
        )
    )
    take_wound(b, ident, out.wound, None, cause="effect")
    t = b.person(ident)
    b.emit(
        ev.StatusesApplied(
            character=ident,
            name=t.name,
            source="The extraction",
            statuses=(Status.BLEEDING.value,),
            people=(evolve(t, {"conditions": st.add(t.conditions, st.condition(Status.BLEEDING, ident))}),),
        )
    )
