"""Progression (WD-PROG): boxes, milestones and their three options, perk rolls, the bud chance.

Boxes come from finished missions (WD-PROG-002, awarded by the GM) and are
checked on the list of eight: single boxes once, Room to Recruit and Learning
a Skill twice (WD-PROG-003), each changing the sheet (WD-PROG-006..011: half
dots that merge into a whole dot, belt and costume slots in turn, underling,
follower and skill caps, a named skill starting to learn). A milestone needs the goal cleared and four boxes
(WD-PROG-004); it clears the list (WD-PROG-005), raises the milestone count
that rep, follower and recruiting formulas read (WD-PROG-025), and rolls on
one of Expand Power, Life Perk or Power Perk, never the same twice running
(WD-PROG-019): one roll plus one per condition met, keep one (WD-PROG-020..022),
on GM-supplied tables or a die the GM reads (WD-PROG-024). Each Power Perk
roll adds 5% to the bud/second-trigger chance (WD-PROG-023 PROPOSED).
"""

from __future__ import annotations

from capeworks.engine import DiceService
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice.campaign import commands as cc
from capeworks.systems.weaverdice.campaign import events as ce
from capeworks.systems.weaverdice.campaign.downtime import ledger_of
from capeworks.systems.weaverdice.campaign.followers import current_phase
from capeworks.systems.weaverdice.campaign.model import FollowerDue, Ledger
from capeworks.systems.weaverdice.campaign.screen import Builder
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.flow import Ctx, Done, person
from capeworks.systems.weaverdice.morale import is_good
from capeworks.systems.weaverdice.sheet import Character, Skill
from capeworks.systems.weaverdice.skills import check_prerequisites
from capeworks.systems.weaverdice.state import WdState
from capeworks.systems.weaverdice.vocab import Pool

__all__ = [
    "BOXES",
    "check_box",
    "keep_perk",
    "offer_follower",
    "pick_follower",
    "roll_bud",
    "take_milestone",
]

#: box -> how many times it may be checked on one list (WD-PROG-003)
BOXES = {
    "extra_effort": 1,
    "equipment_slot": 1,
    "room_to_recruit": 2,
    "eager_follower": 1,
    "trusted_follower": 1,
    "learning_a_skill": 2,
}


def _learning(sheet: Character, c: cc.CheckBox) -> Skill:
    """Learning a Skill: the new skill the box starts learning at once (WD-PROG-011, src 1223)."""
    if not c.skill or c.stat is None:
        raise RuleViolation("WD-PROG-011", "Name the skill to start learning and its stat.")
    if any(s.name.lower() == c.skill.lower() for s in sheet.skills):
        raise RuleViolation("WD-PROG-011", f"{sheet.name} already has {c.skill}.")
    return Skill(name=c.skill, stats=(c.stat,), learning=True)


def _sheet_after(
    sheet: Character, box: str, gains: int, pool_merged: Pool | None, learn: Skill | None = None
) -> Character:
    if box == "equipment_slot":  # odd gains: a belt slot; even: a costume slot (WD-PROG-007 PROPOSED)
        if gains % 2 == 1:
            return evolve(sheet, {"extra_belt_slots": sheet.extra_belt_slots + 1})
        if sheet.costume is not None:
            return evolve(
                sheet, {"costume": evolve(sheet.costume, {"extra_slots": sheet.costume.extra_slots + 1})}
            )
        return sheet
    if box == "room_to_recruit":
        return evolve(sheet, {"underling_bonus": sheet.underling_bonus + 1})
    if box in ("eager_follower", "trusted_follower"):
        return evolve(sheet, {"follower_bonus": sheet.follower_bonus + 1})
    if box == "learning_a_skill":  # +1 skill cap, and the new skill starts learning (WD-PROG-011)
        skills = sheet.skills if learn is None else (*sheet.skills, learn)
        return evolve(sheet, {"learning_boxes": sheet.learning_boxes + 1, "skills": skills})
    if box == "extra_effort" and pool_merged is not None:
        bonus = dict(sheet.effort_bonus)
        bonus[pool_merged] = bonus.get(pool_merged, 0) + 1
        return evolve(sheet, {"effort_bonus": bonus})
    return sheet


def check_box(state: WdState, ctx: Ctx, c: cc.CheckBox, dice: DiceService) -> Done:
    """Check a box with an awarded one (WD-PROG-002/003, -006..011)."""
    who = person(state, c.character)
    if ctx.config.campaign.progression == "mini":
        raise RuleViolation(
            "WD-DN-017", "This table plays the mini-progression list: pick an option instead."
        )
    ledger = ledger_of(state, c.character)
    if ledger.box_credit <= 0:
        raise RuleViolation("WD-PROG-002", f"{who.name} has no progression box to check; finish a mission.")
    learn = _learning(state.sheets[c.character], c) if c.box == "learning_a_skill" else None
    if ledger.boxes.get(c.box, 0) >= BOXES[c.box]:
        raise RuleViolation(
            "WD-PROG-003", f"{c.box.replace('_', ' ').capitalize()} is checked as often as it may be."
        )
    ledger = evolve(
        ledger,
        {
            "box_credit": ledger.box_credit - 1,
            "boxes": {**ledger.boxes, c.box: ledger.boxes.get(c.box, 0) + 1},
        },
    )
    merged = None
    if c.box == "extra_effort":
        if c.pool is None:
            raise RuleViolation("WD-PROG-006", "Name the pool the half dot goes to.")
        halves = ledger.half_dots.get(c.pool, 0) + 1
        if halves >= 2:  # two half dots make a whole one (WD-PROG-006 PROPOSED)
            merged, halves = c.pool, 0
        ledger = evolve(ledger, {"half_dots": {**ledger.half_dots, c.pool: halves}})
    if c.box == "equipment_slot":
        ledger = evolve(ledger, {"equipment_gains": ledger.equipment_gains + 1})
        if ledger.equipment_gains % 2 == 0 and state.sheet(c.character).costume is None:
            ledger = evolve(ledger, {"costume_slots": ledger.costume_slots + 1})
    if c.choice and c.box not in _FOLLOWER_BOXES:
        raise RuleViolation("WD-PROG-009", "Only an Eager or Trusted Follower box offers that choice.")
    if c.box in _FOLLOWER_BOXES:
        ledger = evolve(ledger, {"follower_due": _follower_due(state, c, ledger)})
    sheet = _sheet_after(state.sheets[c.character], c.box, ledger.equipment_gains, merged, learn)
    if learn is not None:  # WD-SKILL-002: the new skill's prerequisites are known (src 1549-1601)
        check_prerequisites(sheet)
    b = Builder(state, ctx, dice)
    b.emit(
        ce.BoxChecked(
            character=c.character,
            name=who.name,
            box=c.box,
            ledgers={c.character: ledger},
            sheet=sheet if sheet is not state.sheets[c.character] else None,
        )
    )
    return b.batch


_FOLLOWER_BOXES = ("eager_follower", "trusted_follower")


def _follower_due(state: WdState, c: cc.CheckBox, ledger: Ledger) -> FollowerDue:
    """An Eager or Trusted Follower box checked: the follower is the GM's to name (src 1211: 'at GM
    discretion'). Its better starts are the player's choice, 'pick between two followers or ... have
    the follower start right away' (src 1213), for an Eager box only on Good morale or better (read
    now: the table knows it); a Trusted box's civilian standing and secure identity (src 1217) the
    table keeps no record of, so the GM rules on them when naming the follower."""
    who = person(state, c.character)
    if ledger.follower_due is not None:
        raise RuleViolation(
            "WD-PROG-009",
            f"{who.name}'s last follower box still waits for its follower; the GM names it first.",
        )
    good = is_good(who.morale)
    if c.choice and c.box == "eager_follower" and not good:
        raise RuleViolation(
            "WD-PROG-009",
            f"{who.name} is not at Good morale or better: an Eager Follower comes as the GM names it and "
            "starts tapped, with no pick between two and no start at once.",
        )
    return FollowerDue(box=c.box, choice=c.choice, good_morale=good)


def offer_follower(state: WdState, ctx: Ctx, c: cc.OfferFollower, dice: DiceService) -> Done:
    """The GM names the follower of a checked Eager or Trusted Follower box (WD-PROG-009/010): one, who
    joins tapped unless the player may and did choose the start at once; or two to pick from."""
    who = person(state, c.character)
    ledger = ledger_of(state, c.character)
    due = ledger.follower_due
    if due is None or due.offered:
        raise RuleViolation("WD-PROG-009", f"{who.name} has no follower box waiting for the GM's follower.")
    rule = "WD-PROG-009" if due.box == "eager_follower" else "WD-PROG-010"
    if c.standing and due.box == "eager_follower":
        raise RuleViolation(
            "WD-PROG-009", "An Eager Follower's better start rests on Good morale, not civilian standing."
        )
    kinds = [k.strip().lower() for k in c.kinds]
    unknown = [k for k in kinds if ctx.config.campaign.follower(k) is None]
    if unknown:
        raise RuleViolation(rule, f"There is no follower type called {unknown[0]}.")
    if len(set(kinds)) != len(kinds):
        raise RuleViolation(rule, "Offer two different followers to pick between.")
    allowed = due.good_morale if due.box == "eager_follower" else c.standing
    pick = allowed and due.choice == "pick"
    if pick and len(kinds) != 2:
        raise RuleViolation(rule, f"{who.name} took the pick between two followers: offer two.")
    if not pick and len(kinds) != 1:
        reason = (
            "the pick between two needs Good morale or better"
            if due.box == "eager_follower" and not due.good_morale
            else "no pick between two was chosen"
            if due.choice != "pick"
            else "the pick between two needs good civilian standing with a secure identity"
        )
        raise RuleViolation(rule, f"Name one follower for {who.name}: {reason}.")
    b = Builder(state, ctx, dice)
    if pick:
        ledger = evolve(ledger, {"follower_due": evolve(due, {"offered": tuple(kinds)})})
        offer = ce.BoxFollower(
            character=c.character, name=who.name, kinds=tuple(kinds), ledgers={c.character: ledger}
        )
        b.emit(offer, hidden=who.hidden)
        return b.batch
    _join(b, state, c.character, ledger, kinds[0], ready=allowed and due.choice == "start")
    return b.batch


def pick_follower(state: WdState, ctx: Ctx, c: cc.PickFollower, dice: DiceService) -> Done:
    """The player picks one of the two followers the GM offered (WD-PROG-009/010, src 1213); having
    taken the pick rather than the start at once, it starts tapped."""
    who = person(state, c.character)
    ledger = ledger_of(state, c.character)
    due = ledger.follower_due
    if due is None or not due.offered:
        raise RuleViolation("WD-PROG-009", f"{who.name} has no two followers to pick between.")
    kind = c.kind.strip().lower()
    if kind not in due.offered:
        raise RuleViolation("WD-PROG-009", f"Pick {' or '.join(due.offered)}.")
    b = Builder(state, ctx, dice)
    _join(b, state, c.character, ledger, kind, ready=False, offered=due.offered)
    return b.batch


def _join(
    b: Builder,
    state: WdState,
    ident: str,
    ledger: Ledger,
    kind: str,
    *,
    ready: bool,
    offered: tuple[str, ...] = (),
) -> None:
    """The box's follower joins; one not started at once is out as a tap leaves it, for the rest of this
    phase and all of the next (src 1213, 1348)."""
    ledger = evolve(
        ledger,
        {"followers": {**ledger.followers, kind: ledger.followers.get(kind, 0) + 1}, "follower_due": None},
    )
    if not ready:
        until = (*ledger.tapped.get(kind, ()), current_phase(state) + 1)
        ledger = evolve(ledger, {"tapped": {**ledger.tapped, kind: until}})
    who = person(state, ident)
    b.emit(
        ce.BoxFollower(
            character=ident,
            name=who.name,
            kinds=offered or (kind,),
            joined=kind,
            tapped=not ready,
            ledgers={ident: ledger},
        ),
        hidden=who.hidden,
    )


def _expand_power_rolls(name: str, ledger: Ledger, c: cc.TakeMilestone, *, gm: bool) -> str:
    """Expand Power's extra rolls, each for a condition named (WD-PROG-020, src 1311-1313), checked
    where the table knows the facts: 'avoided guns' is refused to a player whose character fired a gun
    at someone since the last milestone (the shots that earned negative rep, WD-REP-010); guns that are
    power-provided or a problem-solving tool 'may be permitted', the GM's ruling, so the GM may still
    grant it. A creative power use counts only if not cited before. Returns the use cited, if any."""
    if c.option != "expand_power":
        if c.avoided_guns or c.creative_use.strip():
            raise RuleViolation(
                "WD-PROG-020", "Avoided guns and a creative power use add rolls to Expand Power only."
            )
        return ""
    if c.bonuses:
        raise RuleViolation(
            "WD-PROG-020",
            "Name Expand Power's conditions: avoided_guns, and creative_use with the power use cited.",
        )
    # counted as the players know it: a refusal for a secret card's shot would tell of the card; the GM
    # knows of it and disposes (WD-REP-010)
    if c.avoided_guns and ledger.guns_seen and not gm:
        many = "a gun" if ledger.guns_seen == 1 else f"guns {ledger.guns_seen} times"
        raise RuleViolation(
            "WD-PROG-020",
            f"{name} fired {many} at someone since the last milestone: guns were not avoided "
            "(the GM may allow a power-provided gun or a problem-solving tool).",
        )
    use = " ".join(c.creative_use.split())
    if use and use.lower() in (u.lower() for u in ledger.cited_uses):
        raise RuleViolation(
            "WD-PROG-020", f"{name} has cited {use} before: cite a creative power use not cited yet."
        )
    return use


def take_milestone(state: WdState, ctx: Ctx, c: cc.TakeMilestone, dice: DiceService) -> Done:
    """A milestone: goal cleared and four boxes; roll on the option, never the last one again. A Life
    Perk's secure identity and friends (src 1319) are the GM's to grant: the GM takes it for them."""
    who = person(state, c.character)
    ledger = ledger_of(state, c.character)
    need = ctx.config.campaign.boxes_for_milestone
    if not ledger.goal_cleared:
        raise RuleViolation("WD-PROG-004", f"{who.name}'s milestone goal is not cleared yet.")
    if sum(ledger.boxes.values()) < need:
        raise RuleViolation("WD-PROG-004", f"A milestone needs {need} boxes checked on the list.")
    if ledger.perk_faces:
        raise RuleViolation("WD-PROG-019", f"{who.name} must first keep one of the last milestone's rolls.")
    if ledger.options and ledger.options[-1] == c.option:
        raise RuleViolation("WD-PROG-019", f"{who.name} took {c.option.replace('_', ' ')} last time.")
    if c.option == "life_perk" and c.bonuses:
        # WD-PROG-021: a Life Perk's extra rolls are the secure identity's and the friends' (1-3 in all)
        raise RuleViolation(
            "WD-PROG-021", "A Life Perk rolls more only for a secure identity and for friends or family."
        )
    if c.option != "life_perk" and (c.secure_identity or c.friends):
        raise RuleViolation(
            "WD-PROG-021", "A secure identity and friends or family add rolls to a Life Perk only."
        )
    if (c.secure_identity or c.friends) and not ctx.is_gm:
        # the table keeps no record of a secret identity or of civilian friends and family (src 1319):
        # whether they are maintained is the GM's ruling, as for a Trusted Follower (src 1217) and the
        # mini-progression's secure picks (WD-DN-012)
        raise RuleViolation(
            "WD-PROG-021",
            f"Whether {who.name} maintains a secure secret identity, or non-cape friends or family, is the"
            " GM's ruling: the GM takes the Life Perk milestone with secure_identity or friends.",
            field="secure_identity" if c.secure_identity else "friends",
        )
    cited = _expand_power_rolls(who.name, ledger, c, gm=ctx.is_gm)
    table = ctx.config.campaign.perk_tables.get(c.option, ())
    sides = len(table) or 6
    count = 1 + c.bonuses + int(c.avoided_guns) + int(bool(cited))
    sheet = state.sheets[c.character]
    more: dict[str, int] = {"milestones": sheet.milestones + 1}
    if c.option == "life_perk":  # +1 underling and follower cap; a secure identity and friends add more
        count += int(c.secure_identity) + int(c.friends)
        more["underling_bonus"] = sheet.underling_bonus + 1 + int(c.secure_identity)
        more["follower_bonus"] = sheet.follower_bonus + 1 + int(c.friends)
    b = Builder(state, ctx, dice)
    faces = tuple(dice.roll(count, sides, purpose=c.option).faces)
    ledger = evolve(
        ledger,
        {
            "boxes": {},
            "goal_cleared": False,
            "options": (*ledger.options, c.option),
            "perk_faces": faces,
            "power_perk_rolls": ledger.power_perk_rolls + (count if c.option == "power_perk" else 0),
            "guns_fired": 0,
            "cited_uses": (*ledger.cited_uses, cited) if cited else ledger.cited_uses,
        },
    )
    b.emit(
        ce.MilestoneTaken(
            character=c.character,
            name=who.name,
            option=c.option,
            faces=faces,
            sheet=evolve(sheet, more),
            ledgers={c.character: ledger},
        )
    )
    return b.batch


def keep_perk(state: WdState, ctx: Ctx, c: cc.KeepPerk, dice: DiceService) -> Done:
    """Keep exactly one of the milestone's rolls (WD-PROG-020..022)."""
    who = person(state, c.character)
    ledger = ledger_of(state, c.character)
    if c.face not in ledger.perk_faces:
        raise RuleViolation(
            "WD-PROG-020", f"Keep one of the rolls: {', '.join(map(str, ledger.perk_faces)) or 'none'}."
        )
    option = ledger.options[-1]
    table = ctx.config.campaign.perk_tables.get(option, ())
    perk = table[c.face - 1] if table else f"{option.replace('_', ' ')} {c.face}"
    ledger = evolve(ledger, {"perk_faces": (), "perks": (*ledger.perks, perk)})
    b = Builder(state, ctx, dice)
    b.emit(ce.PerkKept(character=c.character, name=who.name, perk=perk, ledgers={c.character: ledger}))
    return b.batch


def roll_bud(state: WdState, ctx: Ctx, c: cc.RollBud, dice: DiceService) -> Done:
    """The bud or second-trigger chance: 5% per Power Perk roll made, on d100 (WD-PROG-023 PROPOSED)."""
    who = person(state, c.character)
    chance = ctx.config.campaign.bud_chance_per_roll * ledger_of(state, c.character).power_perk_rolls
    b = Builder(state, ctx, dice)
    face = dice.roll(1, 100, purpose="bud").faces[0]
    b.emit(
        ce.BudRolled(character=c.character, name=who.name, face=face, chance=chance, triggered=face <= chance)
    )
    return b.batch
