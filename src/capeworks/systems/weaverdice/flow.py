"""What every Weaverdice handler shares: its types, Weaverdice's way of emitting events into the
engine's batch, look-ups, turn checks and rolling a check through the dice service (Bleeding's effort
spend is :mod:`~.wounding`).

A command often sets off a chain (an attack, a wound, a stay-up check, an
effect): the engine's :class:`~capeworks.engine.Batch` folds each event as it
is made, so each step reads what the last one changed. :class:`Builder` is
what Weaverdice adds on top, in one place: events for hidden NPCs split (their
combatants go in a GM-only ``npc_updated``, a hidden roll's public half says
only that a roll was made), every roll rides on the next event, and the
table's rules config and dice travel with the batch.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import partial
from typing import Any

from capeworks.engine import Audience, Batch, Context, DiceService
from capeworks.engine.kit import lookup
from capeworks.engine.model import RollRecord
from capeworks.engine.spec import Outcome
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice import events as ev
from capeworks.systems.weaverdice.checks import CheckRoll, check, modifier_of, pool_size
from capeworks.systems.weaverdice.config import WeaverdiceConfig
from capeworks.systems.weaverdice.copies import trusted
from capeworks.systems.weaverdice.facts import new_parts, patches, sheet_patch, state_facts
from capeworks.systems.weaverdice.sheet import Character
from capeworks.systems.weaverdice.state import PLAIN, Combatant, Fight, WdState, fold_payload
from capeworks.systems.weaverdice.statuses import pains_for
from capeworks.systems.weaverdice.vocab import BodyPart, Pool, Stat, Tier
from capeworks.systems.weaverdice.wounds import Standing

__all__ = [
    "Builder",
    "Ctx",
    "Done",
    "offers_reaction",
    "on_turn",
    "out_of_fight",
    "pain_spared",
    "pained_failure",
    "person",
    "roll_check",
]

#: what a handler knows: the acting seat, the seats and the table's rules config
Ctx = Context[WeaverdiceConfig]
#: what a handler gives back: the batch it built (or a list of events)
Done = Outcome[WdState]

_GM_ONLY = Audience.gm_only()


def person(state: WdState, ident: str) -> Combatant:
    """The combatant ``ident`` (NotFound with a sentence otherwise)."""
    return lookup(state.people, ident, "character")


def _as_facts(
    state: WdState, payload: ev.WdEvent, people: tuple[Combatant, ...], parts: dict[str, Any] | None
) -> ev.WdEvent:
    """``payload`` with every combatant, sheet and state object its rule gave whole recorded as
    what it changed of ``state`` (:mod:`~.facts`), never as a copy (``people``: the combatants it
    records). ``parts``, when given, receives the new values instead of the fold's memo."""
    facts: dict[str, Any] = {}
    values = payload.__dict__
    if values.get("people"):  # Changes and the campaign's events
        facts["people"], facts["changed"] = (), patches(state, people, parts)
    # SheetChanges and the campaign's sheet events
    if "sheet_changed" in values and values["sheet"] is not None:
        facts["sheet"], facts["sheet_changed"] = None, sheet_patch(state, values["sheet"])
    # the fight, attacks, holds...: what they changed
    return state_facts(state, payload, parts, facts)


class Builder:
    """One command's events, emitted the Weaverdice way into the engine's batch (``batch``), which
    folds them as they come; ``config`` and ``dice`` are the table's."""

    __slots__ = ("_attached", "_waiting", "batch", "bled", "config", "dice")

    def __init__(self, state: WdState, context: Ctx, dice: DiceService) -> None:
        self.batch: Batch[WdState] = context.batch(state)
        self.config: WeaverdiceConfig = context.config
        self.dice = dice
        self._attached = 0
        self._waiting: tuple[RollRecord, ...] = ()
        #: who has met Bleeding's one instance for this command's act (spending effort, a full
        #: action: one act, one lesser wound or one spared instance, WD-STATUS-001, src 814)
        self.bled: set[str] = set()

    @property
    def state(self) -> WdState:
        """The state the events so far fold to."""
        return self.batch.state

    def emit(
        self,
        payload: ev.WdEvent,
        *,
        rolls: Sequence[RollRecord] = (),
        hidden: bool = False,
        keep: Sequence[RollRecord] = (),
        seats: Sequence[str] = (),
    ) -> None:
        """Add an event (GM-only when ``hidden``, with a public note that a roll was made; ``seats``
        see a hidden one too: the player whose secret check's failure it tells of);
        hidden NPCs' combatants move to a GM-only ``npc_updated`` beside it, and every combatant it
        changed is recorded as what changed (:func:`~.facts.patches`), never as a copy. Every roll made since
        the last event rides on this one (``rolls`` only checks that they are among them) but those
        in ``keep``, which wait for the next event (a public line's dice apart from a secret's)."""
        made = self.dice.records[self._attached :]
        self._attached += len(made)
        if self._waiting:
            made, self._waiting = (*self._waiting, *made), ()
        if keep:
            self._waiting = tuple(r for r in made if any(r is k for k in keep))
            made = tuple(r for r in made if not any(r is k for k in keep))
        # by identity, as sets of ids: no generator per roll on a path every event takes
        assert not rolls or {*map(id, rolls)} <= {*map(id, made)}, (
            "a roll given to emit was not made since the last event"
        )
        values = payload.__dict__
        people = values.get("people")  # Changes and the campaign's events: turned into facts
        secret: tuple[Combatant, ...] = ()
        if people:
            hid: list[Combatant] = []
            for p in people:  # a fight's events and the campaign's alike (a loop: no frame per event)
                if p.hidden:
                    hid.append(p)
            secret = tuple(hid)
            if secret and not hidden:
                people = tuple(p for p in people if not p.hidden)
        audience = (Audience.only(*seats) if seats else _GM_ONLY) if hidden else None
        self._record(payload, people or (), audience, made)
        if hidden and made:
            self.batch.emit(ev.RolledInSecret())
        if secret and not hidden:
            self._record(trusted(ev.NpcUpdated, people=secret), secret, _GM_ONLY, ())

    def _record(
        self,
        payload: ev.WdEvent,
        people: tuple[Combatant, ...],
        audience: Audience | None,
        rolls: tuple[RollRecord, ...],
    ) -> None:
        """One event of ``payload`` as its rule made it (``people``: the combatants it records).

        A payload class the ruleset folds with :func:`~.state.fold_payload` alone is folded from
        the rule's new values at once, its facts worked out only when the event is read
        (:meth:`~capeworks.engine.Batch.emit_later`); any other is recorded as facts first."""
        batch = self.batch
        state = batch.state
        if PLAIN.get(type(payload)):
            parts = new_parts(state, payload, people)
            batch.emit_later(
                type(payload),
                partial(_as_facts, state, payload, people, {}),
                folds_to=fold_payload(state, payload, parts, whole=True),
                rolls=rolls,
                audience=audience,
            )
        else:
            batch.emit(_as_facts(state, payload, people, None), audience=audience, rolls=rolls)

    # -- reading the scratch state -----------------------------------------------------------

    def person(self, ident: str) -> Combatant:
        # the scratch state's combatant straight from its dict: the look-up's sentence only on a miss
        found = self.batch.state.people.get(ident)
        return found if found is not None else person(self.batch.state, ident)

    def sheet(self, ident: str) -> Character:
        return self.batch.state.sheet(ident)

    @property
    def fight(self) -> Fight | None:
        return self.state.fight


def out_of_fight(c: Combatant) -> str:
    """Why ``c``, down for good or dead, does nothing more in the fight, as a sentence's first half: a
    dropped generic NPC "simply drops to the ground and stays there" (src 800, WD-NPC-004), a bystander
    hit goes down and is "pretty much ignored thereafter" (src 306, WD-NPC-005); "" for one still in
    it (up, or unconscious or dying and so still rolling to get back up, src 563)."""
    standing = c.track.standing
    if standing is Standing.DEAD:
        return f"{c.name} is dead"
    if standing is not Standing.DOWN:
        return ""
    why = {
        Tier.GENERIC: ": a dropped generic NPC stays on the ground",
        Tier.BYSTANDER: ": a bystander who is hit stays down",
    }.get(c.tier, "")
    return f"{c.name} is down and out of the fight{why}"


def on_turn(state: WdState, ident: str, *, acting: bool = True) -> Fight:
    """The fight, if it is ``ident``'s turn and nothing waits on an answer (WD-COMBAT-001); unless
    only ending it (``acting=False``), ``ident`` must be up: knocked out or dying mid-turn (a bleed, a
    pain's wound, a blow out of turn), the rest of the turn is lost (WD-COMBAT-002, src 563)."""
    fight = state.fight
    c = person(state, ident)
    if fight is None or fight.turn is None:
        raise RuleViolation("WD-COMBAT-001", "That is done on a turn in a fight, and no fight is on.")
    if fight.turn.actor != ident:
        out = out_of_fight(c)
        if out:  # their turn is passed over: say why, not that it is someone else's (src 800, 306)
            raise RuleViolation("WD-COMBAT-002", f"{out} and takes no more turns.")
        raise RuleViolation("WD-COMBAT-001", f"It is not {c.name}'s turn.")
    if acting and c.track.standing is not Standing.UP:
        # down for good on their own turn (a bleed, a blow out of turn): say so, as out of turn above
        out = out_of_fight(c)
        why = f"{out}; only" if out else f"{c.name} is in no state to act: only"
        raise RuleViolation("WD-COMBAT-002", f"{why} ending the turn is left.")
    if state.attack is not None or state.effects:
        raise RuleViolation("WD-COMBAT-019", "An attack or a wound effect is still waiting for a decision.")
    if ident in state.pain_owed:
        raise RuleViolation("WD-STATUS-002", f"{c.name} must first pay for the pained failure.")
    return fight


def off_turn(state: WdState, me: Combatant) -> None:
    """The moment of an attack of opportunity, by weapon or power: someone else's turn in a fight
    (WD-COMBAT-015), the attacker up (WD-COMBAT-002), and nothing waiting on a decision (WD-COMBAT-019)."""
    fight = state.fight
    if fight is None or fight.turn is None or fight.turn.actor == me.id:
        raise RuleViolation("WD-COMBAT-015", "An attack of opportunity happens on someone else's turn.")
    if me.track.standing is not Standing.UP:
        out = out_of_fight(me)  # a dropped generic stays on the ground, the dead do nothing (src 800, 306)
        raise RuleViolation(
            "WD-COMBAT-002", f"{out} and makes no attacks." if out else f"{me.name} is in no state to attack."
        )
    if state.attack is not None or state.effects:
        raise RuleViolation("WD-COMBAT-019", "An attack or a wound effect is still waiting for a decision.")


def roll_check(
    b: Builder,
    ident: str,
    stats: Sequence[Stat],
    *,
    tn: int,
    extra: int = 0,
    bonus: int = 0,
    keep: int | None = None,
    purpose: str,
) -> tuple[CheckRoll, RollRecord]:
    """Roll ``1 + extra`` d6 for ``ident``: keep one, add the stats' modifiers and ``bonus``, cap
    by their morale (WD-CORE-001..005). A ``keep`` named before the roll that the dice do not show
    keeps the rolled face nearest it (the lower on a tie): the roll stands, never refused for the
    roller to roll again until the face they named comes up (WD-CORE-004)."""
    sheet = b.sheet(ident)
    morale = b.person(ident).morale
    record = b.dice.roll(pool_size(extra), 6, purpose=purpose)
    if keep is not None and keep not in record.faces:
        wanted = keep
        keep = min(record.faces, key=lambda f: (abs(f - wanted), f))
    modifier = modifier_of(sheet, *stats) + bonus
    return check(record.faces, modifier=modifier, tn=tn, morale=morale, keep=keep), record


def pained_failure(
    b: Builder,
    ident: str,
    stat: Stat,
    *,
    failed: bool,
    personal_social: bool = False,
    parts: Collection[BodyPart] = (),
    secret: bool = False,
    also: Stat | None = None,
) -> None:
    """After a failed roll that a pain touches, a price is owed (WD-STATUS-002..006); a personal or
    defensive Social roll is the one mental and emotional pain touch among Social rolls; ``parts``
    are the body parts the action used (pain in a part, WD-STATUS-006); ``also``: a roll's second
    stat, whose pains touch it too (Medical's "Dex & Know", src 610). One failure, one price. A
    ``secret`` roll's price is veiled: the player who must choose it learns of the failure, the other
    seats do not."""
    if not failed:
        return
    c = b.person(ident)
    pains = pains_for(c.conditions, ident, stat=stat, personal_social=personal_social, parts=parts)
    if also is not None:
        more = pains_for(c.conditions, ident, stat=also, personal_social=personal_social)
        pains += [p for p in more if p not in pains]
    if not pains:
        return
    fight = b.fight
    turn_left = bool(fight and fight.turn and fight.turn.actor == ident and fight.turn.actions > 0)
    veiled = secret and not c.hidden
    was = b.state.pain_veiled
    now = (*was, ident) if veiled and ident not in was else tuple(x for x in was if x != ident or veiled)
    b.emit(
        ev.PainDue(
            character=ident,
            name=c.name,
            pains=tuple(p.name for p in pains),
            pain_owed={**b.state.pain_owed, ident: turn_left},
            pain_veiled=now if now != was else None,
        ),
        # a hidden NPC's failed roll is the GM's to know (WD-NPC-003): so is the price it owes; a
        # secret check's failure is the GM's and its player's, who must choose the price
        hidden=c.hidden or veiled,
        seats=(c.owner,) if veiled and c.owner is not None else (),
    )


def pain_spared(b: Builder, ident: str) -> None:
    """A failed roll turned into a success (a Stamina reroll, a high morale step) owes pain no price:
    the price is for a failure (WD-STATUS-002, src 822), and the failure no longer stands. While a
    price is owed nothing else is done on the turn, so the one owed is this roll's."""
    if ident not in b.state.pain_owed:
        return
    c = b.person(ident)
    was = b.state.pain_veiled
    veiled = ident in was
    b.emit(
        ev.PainSpared(
            character=ident,
            name=c.name,
            pain_owed={k: v for k, v in b.state.pain_owed.items() if k != ident},
            pain_veiled=tuple(x for x in was if x != ident) if veiled else None,
        ),
        # as the price was told: the GM's for a hidden NPC, the GM's and the player's for a secret check
        hidden=c.hidden or veiled,
        seats=(c.owner,) if veiled and c.owner is not None else (),
    )


def offers_reaction(target: Combatant, sheet: Character) -> bool:
    """A hit target is asked Dodge or Block: a named character (PC or notable), up, with Focus left.

    WD-COMBAT-019, WD-EFFORT-004: the one test every attack, grab and power uses.
    """
    return (
        target.tier in (Tier.PC, Tier.NOTABLE)
        and target.track.standing is Standing.UP
        and target.effort.available(sheet, Pool.FOCUS) > 0
    )
