"""The downtime phase: slots per character, actions taking them, the day's end (WD-DT, WD-MORALE-007/008).

A phase gives each character ``downtime_slots`` slots (WD-DT-002); good
morale rolls for one bonus slot, usable only on the allow-listed actions
(WD-MORALE-007, WD-DT-006). A slot does one action (WD-DT-003), Train making
one training roll for a learning skill (WD-SKILL-006); actions with
several rolls in a slot (crafting, surveillance, research) open a
:class:`~.model.Session` whose rolls later commands use up. The day ends with
morale back at its baseline (WD-MORALE-008 ``snap``), costume rep coming in
(WD-REP-008: an icon's card general, an affiliation's its group's, each
carrying its piece's keep roll, WD-EQUIP-016/017) and rep over the cap to
discard (WD-REP-007).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from capeworks.engine import DiceService
from capeworks.engine.model import RollRecord
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice import events as ev
from capeworks.systems.weaverdice.campaign import commands as cc
from capeworks.systems.weaverdice.campaign import events as ce
from capeworks.systems.weaverdice.campaign.group_passives import deal_group_fans, journalists_for
from capeworks.systems.weaverdice.campaign.model import (
    CraftProject,
    Ledger,
    Phase,
    RepCard,
    Session,
    Slots,
    Target,
)
from capeworks.systems.weaverdice.campaign.reputation import restore_shared, shared_discards, with_shared
from capeworks.systems.weaverdice.campaign.screen import Builder
from capeworks.systems.weaverdice.campaign.settings import DOWNTIME_ACTIONS
from capeworks.systems.weaverdice.config import MoraleReset
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.equipment import Costume, PlacedPiece, piece_spec
from capeworks.systems.weaverdice.flow import Ctx, Done, person
from capeworks.systems.weaverdice.morale import (
    bonus_slot,
    bonus_slot_dice,
    capped,
    day_reset,
    shift,
    spend_value,
)
from capeworks.systems.weaverdice.sheet import Character
from capeworks.systems.weaverdice.skills import start_learning, training_total
from capeworks.systems.weaverdice.skills import train as train_skill
from capeworks.systems.weaverdice.state import WdState
from capeworks.systems.weaverdice.vocab import Tier

__all__ = [
    "ACTIONS",
    "MACHINING_PRICE",
    "add_card",
    "around_the_workshop",
    "day_baseline",
    "discard_rep",
    "downtime_action",
    "end_downtime",
    "ledger_of",
    "live_rep",
    "phase_of",
    "place_piece",
    "rep_cap",
    "sheet_fans",
    "start_downtime",
    "take_slot",
    "use_action",
]

#: the downtime menu (WD-DT-003); "rest_and_recuperate" is Relax & Heal
ACTIONS: tuple[str, ...] = tuple(DOWNTIME_ACTIONS)


def _either(actions: tuple[str, ...]) -> str:
    """Downtime actions as the seed's menu names them, "A, B or C"."""
    said = [DOWNTIME_ACTIONS.get(a, a) for a in actions]
    return " or ".join(said) if len(said) < 3 else f"{', '.join(said[:-1])} or {said[-1]}"


def phase_of(state: WdState) -> Phase:
    phase = state.campaign.phase
    if phase is None:
        raise RuleViolation("WD-DT-001", "That is a downtime action, and no downtime phase is open.")
    return phase


def open_names(state: WdState, idents: Iterable[str]) -> dict[str, str]:
    """The names a public event may carry for the log: a hidden NPC's stays the GM's (WD-NPC-003)."""
    return {i: p.name for i in idents if (p := state.people.get(i)) is not None and not p.hidden}


def ledger_of(state: WdState, ident: str) -> Ledger:
    return state.campaign.ledger(ident)


def live_rep(ledger: Ledger) -> tuple[RepCard, ...]:
    """The rep cards a character holds and may play (negative rep is the GM's)."""
    return tuple(c for c in ledger.rep if not c.negative)


def rep_cap(state: WdState, ident: str) -> int:
    """Social + milestones + one per two Fans (WD-STAT-012, WD-FOLLOW-010); the two-Fan bonus is the
    Fans' passive, so a tapped Fan counts for nothing while its passive is out (src 1348). Fans the
    sheet joined with and Fans won in play pair up alike ('Every two fans', src 1370)."""
    sheet = state.sheet(ident)
    phase = state.campaign.phase
    now = phase.number if phase is not None else state.campaign.phases + 1
    fans = fan_passives(state, ident, ledger_of(state, ident), now)
    return sheet.reputation_cap - sheet.fans // 2 + fans // 2  # the sheet's pairs, counted as passives


def sheet_fans(state: WdState, ident: str) -> int:
    """The sheet's Fans that are not in the ledger's followers: none once they joined it (a character
    added since :attr:`~.model.Ledger.fans_joined`); an older log's sheet keeps them on the sheet."""
    ledger = state.campaign.ledgers.get(ident)
    return 0 if ledger is not None and ledger.fans_joined else state.sheet(ident).fans


def fan_passives(state: WdState, ident: str, ledger: Ledger, phase: int) -> int:
    """Fans whose passive counts in ``phase``: the untapped ones won in play and those the sheet joined
    with, at most the table's six (WD-FOLLOW-005/010)."""
    most = state.config.campaign.follower_passive_max
    return min(most, ledger.active("fan", phase, most) + sheet_fans(state, ident))


def day_baseline(state: WdState, ident: str) -> int:
    """The morale a day starts at (WD-MORALE-005): the sheet's baseline, one higher while a
    mini-progression lift runs (WD-DN-017 option 12), at most +3."""
    base = state.sheet(ident).morale_baseline
    return min(3, base + 1) if ledger_of(state, ident).morale_lift else base


def add_card(ledger: Ledger, **fields: Any) -> Ledger:
    card = RepCard(id=ledger.next_card, **fields)
    return evolve(ledger, {"rep": (*ledger.rep, card), "next_card": ledger.next_card + 1})


def take_slot(
    state: WdState, ident: str, action: str, *, size: int = 0, target: str = "", phase: Phase | None = None
) -> tuple[Phase, Slots]:
    """Spend one of ``ident``'s slots on ``action``; ``size`` actions in it for a multi-roll action."""
    phase = phase or phase_of(state)
    who = person(state, ident)
    slots = phase.slots.get(ident)
    if slots is None:
        raise RuleViolation("WD-DT-002", f"{who.name} has no downtime slots this phase.")
    if slots.left <= 0:
        raise RuleViolation("WD-DT-002", f"{who.name} has used every downtime slot this phase.")
    allowed = state.config.morale_bonus_slot_actions
    # one slot of them is the bonus, for the allowed actions only: whichever turn it comes at, an
    # action of another kind needs a slot of the rest (WD-MORALE-007, src 489)
    others = sum(1 for a in (*slots.actions, action) if a not in allowed)
    if slots.bonus and action not in allowed and others > slots.total - 1:
        raise RuleViolation(
            "WD-MORALE-007",
            f"{who.name}'s last slot is the high-morale bonus slot, for {_either(allowed)} only.",
        )
    faces = slots.session.faces if slots.session and slots.session.target == target and target else ()
    new = evolve(
        slots,
        {
            "used": slots.used + 1,
            "session": Session(action=action, left=size, target=target, faces=faces) if size else None,
            "actions": (*slots.actions, action),
        },
    )
    return evolve(phase, {"slots": {**phase.slots, ident: new}}), new


def use_action(
    state: WdState,
    ident: str,
    action: str,
    *,
    size: int,
    target: str = "",
    phase: Phase | None = None,
    bonus: int = 0,
) -> tuple[Phase, Session, bool]:
    """One action (roll) of a multi-roll slot: the open session's, or a new slot's (WD-DT-003).

    Returns the phase, the session after the action and whether a new slot was opened for it;
    ``bonus`` adds actions to a newly opened slot."""
    phase = phase or phase_of(state)
    slots = phase.slots.get(ident)
    open_ = slots.session if slots is not None else None
    same = open_ is not None and open_.action == action and open_.target == target
    if slots is not None and open_ is not None and same and open_.left > 0:
        session = evolve(open_, {"left": open_.left - 1})
        return (
            evolve(phase, {"slots": {**phase.slots, ident: evolve(slots, {"session": session})}}),
            session,
            False,
        )
    phase, new = take_slot(state, ident, action, size=size + bonus, target=target, phase=phase)
    assert new.session is not None
    session = evolve(new.session, {"left": new.session.left - 1})
    return evolve(phase, {"slots": {**phase.slots, ident: evolve(new, {"session": session})}}), session, True


def start_downtime(state: WdState, ctx: Ctx, c: cc.StartDowntime, dice: DiceService) -> Done:
    """Open a phase: slots each (WD-DT-002); good morale rolls 2+k dice for a bonus slot on a 6.

    One day cycle (src 487-491, WD-MORALE-008 PROPOSED (2)): the day ends as downtime opens, and both
    end-of-day rolls read the morale held then: the bonus-slot roll here, and the night's sleep later
    (WD-MORALE-006), from ``night_morale`` recorded here, whatever downtime does to morale after. A
    night recorded at an earlier day's end and not slept is spent here for everyone: the day it ended
    is over."""
    if state.campaign.phase is not None:
        raise RuleViolation("WD-DT-001", "A downtime phase is already open; end it first.")
    if state.fight is not None:
        raise RuleViolation("WD-DT-001", "Downtime waits until the fight is over.")
    who = list(c.characters) or [i for i, p in state.people.items() if p.tier is Tier.PC]
    for ident in who:
        person(state, ident)
    base = ctx.config.campaign.downtime_slots if c.slots is None else c.slots
    b = Builder(state, ctx, dice)
    slots: dict[str, Slots] = {}
    faces: dict[str, tuple[int, ...]] = {}
    secret: list[RollRecord] = []  # a hidden NPC's dice are the GM's (the screen)
    people = []
    for ident in who:
        p = state.people[ident]
        morale = p.morale
        # the night reads the morale held now (src 487-491); a snap back to the baseline it stands at
        # already brings morale back here, so it is kept only where the day's end may leave it elsewhere
        snaps_here = ctx.config.morale_reset_mode is MoraleReset.SNAP and morale == day_baseline(state, ident)
        kept = None if snaps_here else morale
        if p.night_morale != kept:
            people.append(evolve(p, {"night_morale": kept}))
        bonus = False
        if morale > 0:  # WD-MORALE-007: 2 + k dice, any 6 gives a bonus slot
            roll = dice.roll(bonus_slot_dice(morale), 6, purpose=f"bonus slot {ident}")
            if state.people[ident].hidden:
                secret.append(roll)
            faces[ident] = tuple(roll.faces)
            bonus = bonus_slot(roll.faces)
        # a free slot from the mini-progression list (WD-DN-017 options 14/15): one a phase
        free = 1 if ident in state.campaign.ledgers and state.campaign.ledgers[ident].free_slots else 0
        slots[ident] = Slots(total=base + (1 if bonus else 0) + free, bonus=bonus)
    # a night recorded at an earlier day's end and never slept is gone with this day's end: one left
    # out of this downtime sleeps tonight at the morale held then, nothing resetting it (src 487)
    people += [
        evolve(p, {"night_morale": None})
        for i, p in state.people.items()
        if i not in who and p.night_morale is not None
    ]
    phase = Phase(number=state.campaign.phases + 1, slots=slots)
    ledgers: dict[str, Ledger] = {}
    for ident in who:  # WD-FOLLOW-010: +1 rep per active Fan, for this downtime only
        ledger = ledger_of(state, ident)
        if ledger.free_slots:
            ledger = ledgers[ident] = evolve(ledger, {"free_slots": ledger.free_slots - 1})
        fans = fan_passives(state, ident, ledger, phase.number)
        for _ in range(fans):
            ledger = add_card(ledger, source="fans", consumable=True, downtime_only=True)
        if fans:
            ledgers[ident] = ledger
    # a group's Fans give the organization its rep for the phase, one card its members share (src 1361)
    deal_group_fans(state, ledgers, who, phase.number, ctx.config.campaign.follower_passive_max)
    names = {ident: state.people[ident].name for ident in slots}
    b.emit(
        ce.DowntimeStarted(
            phase=phase, bonus_faces=faces, ledgers=ledgers, names=names, people=tuple(people)
        ),
        secret=secret,
    )
    return b.batch


def around_the_workshop(state: WdState, project: str, ident: str) -> CraftProject:
    """The project one more roll goes to from someone hanging out or recuperating at the workshop
    (WD-CRAFT-010, src 1530: 'doing the recuperation or hanging out option'): someone else's hand,
    never the crafter's own, whose rolls stop at Knowledge (WD-CRAFT-003, src 1486)."""
    p = state.campaign.projects.get(project)
    if p is None or p.done:
        raise RuleViolation("WD-CRAFT-010", "There is no open project of that name at the workshop.")
    if p.crafter == ident:
        name = person(state, ident).name
        raise RuleViolation(
            "WD-CRAFT-010",
            f"{name} is the one crafting the {p.item}: a roll from hanging out or resting at the workshop "
            f"is someone else's, and {name}'s own rolls stop at Knowledge.",
        )
    return evolve(p, {"extra": p.extra + 1})


def downtime_action(state: WdState, ctx: Ctx, c: cc.DowntimeAction, dice: DiceService) -> Done:
    """A slot on an action without dice of its own (WD-DT-007 PROPOSED hooks)."""
    who = person(state, c.character)
    if (c.piece or c.cell or c.group or c.tool) and c.action != "go_shopping":
        raise RuleViolation("WD-DT-007", "Only a Go Shopping slot buys a costume piece or tools.")
    if c.piece and c.tool:
        raise RuleViolation("WD-DT-007", "A Go Shopping slot buys one thing: a costume piece or tools.")
    bought = _purchase(state, c) if c.piece else None
    tooled = _tools(state, c) if c.tool else None
    phase, _ = take_slot(state, c.character, c.action)
    b = Builder(state, ctx, dice)
    projects: tuple[CraftProject, ...] = ()
    if c.action == "hang_out" and c.project:
        projects = (around_the_workshop(state, c.project, c.character),)
    if projects:
        names = open_names(state, {i for x in projects for i in (x.crafter, *x.helpers)})
        b.emit(ce.CraftStarted(projects=projects, character=c.character, name=who.name, names=names))
    ledgers: dict[str, Ledger] = {c.character: tooled} if tooled is not None else {}
    # what the slot went to, as a helper's reads (a hang-out at the workshop names the item, WD-CRAFT-010)
    note = c.note or (f"machining equipment, ${MACHINING_PRICE}" if tooled is not None else "")
    note = note or (projects[0].item if projects else "")
    if c.action == "self_promote" and c.card is not None:  # WD-FOLLOW-009: d6 + Journalists, 7+
        ledger = ledger_of(state, c.character)
        card = next((x for x in ledger.spent if x.id == c.card), None)
        most = ctx.config.campaign.follower_passive_max
        # a group's Journalists help keep the group's own card (WD-FOLLOW-008, src 1361)
        journalists = 0 if card is None else journalists_for(state, c.character, card, phase.number, most)
        if card is None or not journalists:
            raise RuleViolation(
                "WD-FOLLOW-009", f"{who.name} needs a Journalist and a rep card spent today to keep it."
            )
        face = dice.roll(1, 6, purpose="keep rep").faces[0]
        # low morale caps the result after every modifier, the Journalists' too (WD-MORALE-002,
        # WD-CORE-005), as on the other keep rolls
        total = capped(face + journalists, who.morale)
        kept = total >= 7
        ledger = evolve(ledger, {"spent": tuple(x for x in ledger.spent if x.id != card.id)})
        if kept:
            ledger = evolve(ledger, {"rep": (*ledger.rep, card)})
        # a shared card kept comes back for each of its players, as spending it took it from them all
        names = {k: p.name for k, p in state.people.items()}
        ledgers.update(restore_shared(state.campaign, names, c.character, ledger, card) if kept else {})
        ledgers[c.character] = ledger
        capped_to = f", capped at {total}" if total < face + journalists else ""
        note = f"{face} + {journalists}{capped_to} against 7+: {card.source} " + ("kept" if kept else "gone")
    b.emit(
        ce.SlotUsed(
            character=c.character, name=who.name, action=c.action, note=note, phase=phase, ledgers=ledgers
        )
    )
    if bought is not None:
        sheet, ledger, price = bought
        # bought armor is a wound slot at once (WD-EQUIP-011): the track takes the sheet's new size
        track = who.track.resized(evolve(state.sheet(c.character), {"costume": sheet.costume}))
        b.emit(
            ce.PieceBought(
                character=c.character,
                name=who.name,
                piece=c.piece,
                price=price,
                sheet=sheet,
                ledgers={c.character: ledger},
                people=(evolve(who, {"track": track}),) if track is not who.track else (),
            ),
            hidden=who.hidden,
        )
    if c.action == "train":
        _train(b, state, c)
    elif c.action == "refine_skills" and c.skill.strip():  # WD-DT-007 PROPOSED: an extra training roll
        _train(b, state, c, start=False)
    return b.batch


def _purchase(state: WdState, c: cc.DowntimeAction) -> tuple[Character, Ledger, int]:
    """Go Shopping (WD-DT-007 PROPOSED: 'buy at list price'): one costume piece a slot, paid at its
    listed price (src 1032-1143), placed in a free cell of the grid, which must hold it (WD-EQUIP-005/010)."""
    who = person(state, c.character)
    spec = piece_spec(c.piece.strip().lower())
    ledger = ledger_of(state, c.character)
    if spec.price > ledger.money:
        what = spec.key.replace("_", " ")
        raise RuleViolation("WD-DT-007", f"A {what} costs ${spec.price}; {who.name} has ${ledger.money}.")
    paid = evolve(ledger, {"money": ledger.money - spec.price})
    return place_piece(state, c.character, spec.key, c.cell, c.group), paid, spec.price


#: machining equipment's upfront cost (src 1532, WD-CRAFT-012)
MACHINING_PRICE = 1000


def _tools(state: WdState, c: cc.DowntimeAction) -> Ledger:
    """Go Shopping for workshop tools: machining equipment, '$1000 upfront' (src 1532), bought once;
    it lets the crafter claim its extra roll (WD-CRAFT-012)."""
    who = person(state, c.character)
    ledger = ledger_of(state, c.character)
    if c.tool in ledger.tools:
        raise RuleViolation("WD-CRAFT-012", f"{who.name} already has machining equipment.")
    if ledger.money < MACHINING_PRICE:
        raise RuleViolation(
            "WD-DT-007", f"Machining equipment costs ${MACHINING_PRICE}; {who.name} has ${ledger.money}."
        )
    return evolve(ledger, {"money": ledger.money - MACHINING_PRICE, "tools": (*ledger.tools, c.tool)})


def place_piece(
    state: WdState, ident: str, key: str, cell: str, group: str = "", *, contrived: bool = False
) -> Character:
    """The character's sheet with the costume piece ``key`` in grid cell ``cell`` ("row,col"), a piece
    bought (Go Shopping) or made (a finished craft) alike: the cell must be free and in the grid, the
    slots enough (WD-EQUIP-005/010); a sheet with no costume yet starts one with the slots its
    Equipment Slot boxes gave (WD-PROG-007)."""
    row, _, col = cell.partition(",")
    if not (row.strip().isdigit() and col.strip().isdigit()):
        raise RuleViolation("WD-EQUIP-005", "Name the grid cell the piece goes in, as row,column (e.g. 0,1).")
    sheet = state.sheets[ident]
    slots = ledger_of(state, ident).costume_slots
    costume = sheet.costume if sheet.costume is not None else Costume(extra_slots=slots)
    placed = PlacedPiece(key=key, cell=(int(row), int(col)), group=group.strip(), contrived=contrived)
    # validated afresh: the cell must be free and in the grid, the slots enough (WD-EQUIP-005/010)
    costume = Costume.model_validate({**costume.model_dump(), "pieces": (*costume.pieces, placed)})
    return evolve(sheet, {"costume": costume})


def _train(b: Builder, state: WdState, c: cc.DowntimeAction, *, start: bool = True) -> None:
    """Train (WD-SKILL-006, src 342: 'Using a block of time to train in a skill allows the character to
    start learning a new skill or to make a roll for one they are learning'): a new skill named with its
    stat starts learning (no roll); else one training roll, saved toward 12. Refine Skills (``start``
    off, WD-DT-007 PROPOSED: 'an extra Train roll for a skill already being learned') only rolls."""
    who = person(state, c.character)
    sheet = state.sheets[c.character]
    skill = next((s for s in sheet.skills if s.name.lower() == c.skill.strip().lower()), None)
    if start and skill is None and c.skill.strip() and c.stat is not None:
        learner = start_learning(sheet, c.skill, c.stat, rule="WD-SKILL-006")
        b.emit(
            ce.LearningStarted(character=c.character, name=who.name, skill=c.skill.strip(), sheet=learner),
            hidden=who.hidden,
        )
        return
    if skill is None or not skill.learning:
        raise RuleViolation(
            "WD-SKILL-006",
            f"{who.name} is not learning a skill called {c.skill or 'that'}; "
            "name a new one's stat to start it.",
        )
    face = b.dice.roll(1, 6, purpose="training").faces[0]
    _, rolled, _ = train_skill(sheet, skill.name, face, morale=who.morale)
    set_to = None
    if c.morale_buy and who.morale > 0 and spend_value(who.morale) > rolled:
        # high morale on a roll of one's own (WD-MORALE-003 PROPOSED: any, one spend a roll)
        set_to = spend_value(who.morale)
        b.emit(
            ev.MoraleChanged(
                character=c.character,
                name=who.name,
                step=who.morale - 1,
                delta=-1,
                reason=f"high morale makes the training roll a {set_to}",
                people=(evolve(who, {"morale": who.morale - 1}),),
            ),
            hidden=who.hidden,
        )
    new_sheet, total, learned = train_skill(sheet, skill.name, face, morale=who.morale, set_to=set_to)
    saved = sum(next(s for s in new_sheet.skills if s.name == skill.name).training)
    raw = training_total(sheet, skill, face)
    b.emit(
        ev.Trained(
            character=c.character,
            name=who.name,
            skill=skill.name,
            total=total,
            saved=saved,
            learned=learned,
            uncapped=raw if set_to is None and raw > total else 0,
            sheet=new_sheet,
        ),
        hidden=who.hidden,
    )


def end_downtime(state: WdState, ctx: Ctx, c: cc.EndDowntime, dice: DiceService) -> Done:
    """Close the phase: morale to baseline, rep over the cap to discard, then the costume's rep for
    the next day, Master Craft resets. The night's morale was set as downtime opened (one day cycle,
    src 487-491): the reset leaves it be."""
    phase = phase_of(state)
    waiting = [state.people[i].name for i in state.campaign.strike_choice if i in state.people]
    if waiting:  # the miss's choice is part of the downtime action (WD-INTEL-021, src 1874, 1902)
        raise RuleViolation(
            "WD-INTEL-021",
            f"{', '.join(waiting)} must first choose after a missed surveillance roll: "
            "a strike for tier-1 intel, or intel spent on a space.",
        )
    b = Builder(state, ctx, dice)
    people = []
    ledgers: dict[str, Ledger] = {}
    gained: dict[str, int] = {}
    discards: dict[str, int] = {}
    moved: dict[str, tuple[int, int]] = {}
    for ident in phase.slots:
        p = state.people[ident]
        sheet = state.sheet(ident)
        morale = day_reset(p.morale, day_baseline(state, ident), config=ctx.config)
        if morale != p.morale:
            people.append(evolve(p, {"morale": shift(morale, 0, config=ctx.config)}))
            moved[ident] = (p.morale, people[-1].morale)
        ledger = ledger_of(state, ident)
        ledger = evolve(
            ledger,
            {
                "took_four": False,
                "relocating": max(0, ledger.relocating - 1),
                "rep": tuple(x for x in ledger.rep if not x.downtime_only),
                "spent": (),
            },
        )
        # the day's end counts what was kept through the day (WD-REP-007, src 435, 1115) ...
        over = len(live_rep(ledger)) - rep_cap(state, ident)
        if over > 0:
            discards[ident] = over
        # ... then the costume's rep comes for the next day, "usable when out & active in costume"
        # (WD-REP-008, src 1119): a fresh card is not discarded before it can be used
        daily = 0
        for piece in sheet.costume.pieces if sheet.costume is not None else ():
            spec = piece_spec(piece.key)
            if piece.destroyed or piece.damaged or not spec.rep_per_day:
                continue
            for _ in range(spec.rep_per_day):  # WD-REP-008: an affiliation's is its group's alone
                exclusive = piece.group if spec.group_only else ""
                ledger = add_card(
                    ledger, source="costume", exclusive=exclusive, kept_on=spec.rep_kept_on or 0
                )
                daily += 1
        gained[ident] = daily
        ledgers[ident] = ledger
    helped = tuple(evolve(p, {"helpers": ()}) for p in state.campaign.projects.values() if p.helpers)
    wearers = [k for k, v in gained.items() if v]  # named, so the words say whose costume gave a card
    b.emit(
        ce.DowntimeEnded(
            phases=phase.number,
            projects=helped,
            phase=None,
            discards=discards,
            gained={k: v for k, v in gained.items() if v},
            ledgers=ledgers,
            people=tuple(people),
            names={i: state.people[i].name for i in (*discards, *moved, *wearers) if i in state.people},
            moved=moved,
        )
    )
    for t in state.campaign.targets.values():  # a target's move goes on; done, its DCs come back
        if t.moving:
            left = t.moving - 1
            find, thread = (t.find_dc, t.thread_dc) if left else _unmoved(t)
            relocated = ce.TargetMoved(
                target=t.id,
                moving=left,
                find_dc=find,
                thread_dc=thread,
                name=t.name,
                gm_dcs=None if left else _unmoved_hidden(t),
            )
            b.emit(relocated, hidden=True)
    return b.batch


def _back(before: int, now: int) -> int:
    """A DC halved from ``before`` and now ``now`` when the move is done (WD-INTEL-034 PROPOSED)."""
    halved = math.ceil(before / 2)
    return before if now >= halved else math.ceil(before * now / halved)


def _unmoved(t: Target) -> tuple[int, int]:
    """A target's finding and thread DCs when its move is done (WD-INTEL-034 PROPOSED): those it began
    from (an 11 halved to 6 comes back an 11, not a 12), less the same share of any cut intel made
    meanwhile (a 25 of a 50 cut to 20 comes back a 40); a move from an older log doubles them back."""
    if t.unmoved is None:
        return t.find_dc * 2, t.thread_dc * 2
    return _back(t.unmoved[0], t.find_dc), _back(t.unmoved[1], t.thread_dc)


def _unmoved_hidden(t: Target) -> tuple[int | None, int | None] | None:
    """The hidden NPCs' own DCs when the move is done, as :func:`_unmoved` brings the players' back:
    from those they worked from when it began (the players' own, had they cut none then); None where
    they have none of their own, and for a move from a log before the hidden NPCs' DCs moved too."""
    track = t.gm_track
    if track is None or (track.find_dc is None and track.thread_dc is None):
        return None
    began = track.unmoved or t.unmoved
    if began is None:
        return None
    return tuple(  # type: ignore[return-value]
        None if now is None else _back(before, now)
        for before, now in zip(began, (track.find_dc, track.thread_dc), strict=True)
    )


def discard_rep(state: WdState, ctx: Ctx, c: cc.DiscardRep, dice: DiceService) -> Done:
    """Discard rep over the cap (WD-REP-007); discarding makes a Fan's criteria met (WD-FOLLOW-010)."""
    who = person(state, c.character)
    owed = state.campaign.discards.get(c.character, 0)
    if not owed:
        raise RuleViolation("WD-REP-007", f"{who.name} holds no rep over the cap.")
    ledger = ledger_of(state, c.character)
    held = {card.id: card for card in live_rep(ledger)}
    if len(set(c.cards)) != owed or any(i not in held for i in c.cards):
        raise RuleViolation("WD-REP-007", f"Name exactly {owed} of {who.name}'s rep cards to discard.")
    gone = set(c.cards)
    eligible = ledger.eligible if "fan" in ledger.eligible else (*ledger.eligible, "fan")
    ledger = evolve(ledger, {"rep": tuple(x for x in ledger.rep if x.id not in gone), "eligible": eligible})
    # a shared card discarded is gone for every player it is for: one card between them (WD-REP-002)
    ledgers = with_shared(state.campaign, c.character, ledger)
    discards = shared_discards(state.campaign, c.character, ledgers)
    for other, theirs in ledgers.items():  # an owner over the cap whose excess went with it: a Fan's
        if other != c.character and other in state.campaign.discards and "fan" not in theirs.eligible:
            ledgers[other] = evolve(theirs, {"eligible": (*theirs.eligible, "fan")})  # criteria (src 1366)
    b = Builder(state, ctx, dice)
    b.emit(
        ce.RepDiscarded(
            character=c.character,
            name=who.name,
            cards=tuple(held[i].source for i in c.cards),
            discards=discards,
            ledgers=ledgers,
        )
    )
    return b.batch
