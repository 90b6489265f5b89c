"""Rest & Recuperate and paid care (WD-REST-001..005).

An R&R slot mends every unexceptional wound (lesser and moderate, not scarring
or critical, WD-REST-001 PROPOSED; not one with an object still stuck in it,
WD-STATUS-011; not a hit the armor took, which is gear to repair, WD-WOUND-016),
but at low morale -k each of them first rolls the end-of-day d6 and stays on
7 - k or more (WD-MORALE-006); one that fades on the next rest fades with no
roll (WD-WOUND-014 PROPOSED). It mends the simple conditions a rest ends, as
Bleeding (src 814, 2001). It restores
temporary stat damage and raises negative morale two steps (not past Neutral);
then Guts-score rolls, each on a long-term condition, a mangled stat, a scarred
wound on the track (named by its id) or a scarring effect (by its status name),
each of which 'requires individual attention' (src 842, WD-STATUS-007): a scar
goes, the scarred wound or effect heals, or a point of lasting stat damage comes
back, on Guts 4+ (WD-REST-002 (a) PROPOSED); a 'get past it' condition adds the
total to its lengthy check, finished at its DC or, where so marked, by two
natural sixes (WD-REST-002 (b), WD-REST-003);
a condition with days left loses the total in days (WD-REST-002 (c)).
Resting at a workshop adds one roll to a project there, as hanging out does
(WD-CRAFT-010).
A professional (Maskdoc by default), for a lengthy check or a condition with
days left (not a scar), charges a fee, less with a reference or once the
character has done business with it,
rolls 1d6 + its modifier and halves a condition's days on its TN, one higher
for each halving so far (WD-REST-004/005 PROPOSED); on a lengthy condition the
roll adds to the check.
"""

from __future__ import annotations

import math

from capeworks.engine import DiceService
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice.campaign import commands as cc
from capeworks.systems.weaverdice.campaign import events as ce
from capeworks.systems.weaverdice.campaign.downtime import (
    around_the_workshop,
    ledger_of,
    open_names,
    take_slot,
)
from capeworks.systems.weaverdice.campaign.model import Ledger, LongTerm
from capeworks.systems.weaverdice.campaign.screen import Builder
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.flow import Ctx, Done, person
from capeworks.systems.weaverdice.morale import capped, not_recovered, spend_value
from capeworks.systems.weaverdice.state import Combatant, WdState
from capeworks.systems.weaverdice.statuses import Condition, Ending
from capeworks.systems.weaverdice.vocab import Stat, Status, WoundTier
from capeworks.systems.weaverdice.wounds import Wound

__all__ = ["paid_care", "rest_recuperate"]


def _condition(ledger: Ledger, name: str, who: str) -> tuple[int, LongTerm]:
    for i, lt in enumerate(ledger.conditions):
        if lt.name.lower() == name.lower():
            return i, lt
    raise RuleViolation("WD-REST-002", f"{who} has no long-term condition called {name}.")


def _mangled(lasting: dict[Stat, int], name: str) -> Stat | None:
    """The stat a rest use names, if it is one with lasting damage (a 'mangled stat', src 2007)."""
    stat = next((s for s in Stat if s.value == name.strip().lower()), None)
    return stat if stat is not None and lasting.get(stat, 0) > 0 else None


def _scarred(who: Combatant, wounds: tuple[Wound, ...], name: str) -> Wound | Condition | None:
    """The scarred wound (by its track id) or scarring effect (by its status name) a rest use names:
    each 'requires individual attention' at the day's end (src 842, 2007; WD-STATUS-007). A critical
    wound is one: criticals 'act as scarring moderates' (src 798, WD-WOUND-011)."""
    key = name.strip().lower()
    scarred = (w for w in wounds if w.scarring or w.tier is WoundTier.CRITICAL)
    wound = next((w for w in scarred if w.id.lower() == key), None)
    if wound is not None:
        return wound
    return next((x for x in who.conditions if x.scarring and x.target == who.id and x.name == key), None)


#: a status a rest ends: a "simple condition from wounds" the slot mends (src 2001), as Bleeding,
#: which "Full rests remove ... without needing a roll" (src 814)
_RESTED_AWAY = frozenset({Ending.REST_ROLL, Ending.ANY_REST, Ending.FULL_REST})


def _simple(x: Condition, ident: str) -> bool:
    """A simple condition on ``ident`` that a rest slot mends: never a scarred one (WD-STATUS-007)."""
    return x.target == ident and not x.scarring and bool(x.endings & _RESTED_AWAY)


def _treat(
    lt: LongTerm, total: int, face: int, tn: int, bought: bool = False
) -> tuple[LongTerm | None, ce.Treated]:
    """One Guts roll on a condition: (a) a scar, (b) a lengthy check, (c) days off."""
    said = {"what": lt.name, "total": total, "bought": bought}
    if lt.scar:
        return (None if total >= tn else lt), ce.Treated(kind="scar", done=total >= tn, **said)
    if lt.dc:
        progress, sixes = lt.progress + total, lt.sixes + (1 if face == 6 else 0)
        if progress >= lt.dc or (lt.two_sixes and sixes >= 2):
            return None, ce.Treated(kind="check", done=True, **said)
        after = evolve(lt, {"progress": progress, "sixes": sixes})
        return after, ce.Treated(kind="check", progress=progress, dc=lt.dc, **said)
    off = max(0, total)  # src 2009: a result below 0 takes no days off, and never adds any
    days = max(0, lt.days - off)
    if days == 0:
        return None, ce.Treated(kind="days", done=True, **said)
    return evolve(lt, {"days": days}), ce.Treated(kind="days", left=days, **said)


def rest_recuperate(state: WdState, ctx: Ctx, c: cc.RestRecuperate, dice: DiceService) -> Done:
    """An R&R slot: mend, restore, cheer up, then Guts-score rolls on long-term conditions."""
    who = person(state, c.character)
    # the rest gives back temporary stat damage first, "Then" rolls Guts-score times (src 2001-2005)
    sheet = evolve(state.sheet(c.character), {"temporary_loss": {}})
    guts = sheet.stat(Stat.GUTS)
    if len(c.uses) > guts:
        raise RuleViolation("WD-REST-002", f"{who.name} has {guts} Guts rolls in a rest.")
    ledger = ledger_of(state, c.character)
    for name in c.uses:
        if _mangled(who.lasting_loss, name) is None and _scarred(who, who.track.wounds, name) is None:
            _condition(ledger, name, who.name)
    nearby = around_the_workshop(state, c.project, c.character) if c.project else None  # WD-CRAFT-010
    phase, _ = take_slot(state, c.character, "rest_and_recuperate")
    # at low morale each wound that would mend tonight rolls a d6 first, and stays on 7 - k or more
    # (WD-MORALE-006, WD-WOUND-015: the end-of-day roll, at the morale the day ended on); a wound that
    # fades on the next rest just fades, no roll (WD-WOUND-014 PROPOSED)
    stays: list[int] = []
    # "Wounds with objects stuck in them cannot fully heal" (src 860, WD-STATUS-011): kept, no roll
    kept_ids = {x.wound for x in who.conditions if x.name == Status.STUCK and x.target == who.id and x.wound}
    # a hit the armor took is gear to repair, not a wound to rest off (src 1032, WD-WOUND-016)
    kept_ids |= {w.id for w in who.track.wounds if w.armor}
    for w in who.track.wounds:
        if w.id in kept_ids:
            continue
        if who.morale < 0 and not (w.scarring or w.tier is WoundTier.CRITICAL or w.fades_on_rest):
            face = dice.roll(1, 6, purpose=f"injury {w.id}").faces[0]
            if not_recovered(who.morale, face):
                stays.append(face)
                kept_ids.add(w.id)
    wounds = tuple(
        w for w in who.track.wounds if w.scarring or w.tier is WoundTier.CRITICAL or w.id in kept_ids
    )
    mended = len(who.track.wounds) - len(wounds)
    morale = min(0, who.morale + 2) if who.morale < 0 else who.morale
    person_after = evolve(
        who,
        {
            "track": evolve(who.track, {"wounds": wounds, "checks": 0}),
            "temporary_loss": {},
            # a shock's drained points are part of the temporary loss restored: none left to regain
            "drained": (),
            "morale": morale,
        },
    )
    raised = (who.morale, morale) if who.morale < 0 else None
    said: list[ce.Treated] = []
    b = Builder(state, ctx, dice)
    conditions = list(ledger.conditions)
    tn = ctx.config.campaign.rr_scar_tn
    # the Guts rolls come after the rest's morale bump ("Then, a number of times equal to one's guts
    # score", src 2005), and low morale caps each result after the stat's modifier (WD-MORALE-002)
    lasting = dict(who.lasting_loss)
    simple = [x for x in who.conditions if _simple(x, who.id)]  # mended with the wounds (src 2001)
    effects = tuple(x for x in who.conditions if not _simple(x, who.id))
    buy = c.morale_buy  # one step of high morale, on the first roll it betters (WD-MORALE-003)
    for name in c.uses:
        scar = _scarred(evolve(who, {"conditions": effects}), wounds, name)
        if scar is not None:  # (a) a scarred wound or effect: it heals on Guts 4+ (WD-REST-002 PROPOSED)
            what = scar.id if isinstance(scar, Wound) else scar.name
            face = dice.roll(1, 6, purpose=f"guts: {name}").faces[0]
            total = capped(face + sheet.modifier(Stat.GUTS), morale)
            bought = buy and morale > 0 and total < tn <= spend_value(morale)
            if bought:
                total, morale, buy = spend_value(morale), morale - 1, False
            if total >= tn and isinstance(scar, Wound):
                wounds = tuple(w for w in wounds if w is not scar)
            elif total >= tn:
                effects = tuple(x for x in effects if x is not scar)
            kind = "wound" if isinstance(scar, Wound) else "effect"
            said.append(ce.Treated(what=what, kind=kind, total=total, done=total >= tn, bought=bought))
            continue
        stat = _mangled(who.lasting_loss, name)
        if stat is not None:  # (a) a mangled stat: a point back on Guts 4+ (WD-REST-002 PROPOSED)
            if not lasting.get(stat):
                said.append(ce.Treated(what=stat.value, kind="stat"))
                continue
            face = dice.roll(1, 6, purpose=f"guts: {name}").faces[0]
            total = capped(face + sheet.modifier(Stat.GUTS), morale)
            bought = buy and morale > 0 and total < tn <= spend_value(morale)
            if bought:
                total, morale, buy = spend_value(morale), morale - 1, False
            if total >= tn:
                left = lasting[stat] - 1
                lasting = {**lasting, stat: left} if left else {k: v for k, v in lasting.items() if k != stat}
            said.append(
                ce.Treated(what=stat.value, kind="stat", total=total, done=total >= tn, bought=bought)
            )
            continue
        i, lt = _condition(evolve(ledger, {"conditions": tuple(conditions)}), name, who.name)
        face = dice.roll(1, 6, purpose=f"guts: {name}").faces[0]
        total = capped(face + sheet.modifier(Stat.GUTS), morale)
        # a scar needs the TN; days off and a lengthy check's progress take any better total
        bought = (
            buy
            and morale > 0
            and total < spend_value(morale)
            and (not lt.scar or total < tn <= spend_value(morale))
        )
        if bought:
            total, morale, buy = spend_value(morale), morale - 1, False
        after, treated = _treat(lt, total, face, tn, bought)
        if after is None:
            conditions.pop(i)
        else:
            conditions[i] = after
        said.append(treated)
    ledger = evolve(ledger, {"conditions": tuple(conditions)})
    person_after = evolve(
        person_after,
        {"morale": morale, "track": evolve(person_after.track, {"wounds": wounds}), "conditions": effects},
    )
    if lasting != who.lasting_loss:  # a Guts point back gives its wound slot back (WD-STAT-005)
        track = person_after.track.resized(evolve(state.sheets[c.character], {"lasting_loss": lasting}))
        person_after = evolve(person_after, {"lasting_loss": lasting, "track": track})
    if nearby is not None:
        names = open_names(state, (nearby.crafter, *nearby.helpers))
        b.emit(ce.CraftStarted(projects=(nearby,), character=c.character, name=who.name, names=names))
    b.emit(
        ce.Recuperated(
            character=c.character,
            name=who.name,
            rested=ce.Rested(
                mended=mended,
                stays=tuple(stays),
                raised=raised,
                cleared=tuple(x.name for x in simple),
                rolls=tuple(said),
            ),
            phase=phase,
            people=(person_after,),
            ledgers={c.character: ledger},
        )
    )
    return b.batch


def paid_care(state: WdState, ctx: Ctx, c: cc.PaidCare, dice: DiceService) -> Done:
    """A professional treats a long-term condition for a fee (WD-REST-004/005)."""
    who = person(state, c.character)
    provider = ctx.config.campaign.provider(c.provider)
    if provider is None:
        names = ", ".join(p.name for p in ctx.config.campaign.providers)
        raise RuleViolation("WD-REST-004", f"There is no provider called {c.provider}; there is {names}.")
    ledger = ledger_of(state, c.character)
    i, lt = _condition(ledger, c.condition, who.name)
    if lt.scar or not (lt.dc or lt.days):  # src 2011: lengthy checks and durations only
        raise RuleViolation(
            "WD-REST-004",
            f"{provider.name.capitalize()} helps lengthy checks and cuts durations; {lt.name} is neither.",
        )
    # src 2013: the lower fee with 'a reference/established business with them' - one visit makes it
    known = c.reference or provider.name in ledger.clients_of
    fee = provider.fee_with_reference if known else provider.fee
    if fee > ledger.money:
        raise RuleViolation(
            "WD-REST-004", f"{provider.name.capitalize()} charges ${fee}; {who.name} has ${ledger.money}."
        )
    b = Builder(state, ctx, dice)
    face = dice.roll(1, 6, purpose=provider.name).faces[0]
    total = face + provider.modifier
    new: LongTerm | None = lt
    if lt.dc:
        new, treated = _treat(lt, total, face, 0)
    else:
        tn = provider.tn + provider.tn_step * lt.halvings
        treated = ce.Treated(what=lt.name, kind="halve", total=total, tn=tn)
        if total >= tn:
            new = evolve(lt, {"days": math.ceil(lt.days / 2), "halvings": lt.halvings + 1})
            treated = evolve(treated, {"done": True, "left": new.days})
    conditions = list(ledger.conditions)
    if new is None:
        conditions.pop(i)
    else:
        conditions[i] = new
    clients = ledger.clients_of if provider.name in ledger.clients_of else (*ledger.clients_of, provider.name)
    ledger = evolve(
        ledger, {"money": ledger.money - fee, "conditions": tuple(conditions), "clients_of": clients}
    )
    b.emit(
        ce.CareBought(
            character=c.character,
            name=who.name,
            provider=provider.name,
            fee=fee,
            treated=treated,
            ledgers={c.character: ledger},
        )
    )
    return b.batch
