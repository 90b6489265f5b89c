"""Intel (WD-INTEL): finding a target, the two-cornered grid, strikes, research, intel as a resource.

Finding a target is a lengthy check against a GM-only DC: one roll per Surveil
slot, each searcher's own alternating Athletics and Wits (WD-INTEL-005/006 PROPOSED); research
finds the thread the same way with Knowledge (WD-INTEL-007). Surveillance on
the grid needs the target found, research the thread (WD-INTEL-008).

The grid (WD-INTEL-009..014): 2x2 to 4x4 cells, each a disposition tag and a
TN; surveillance enters at the top-left, research at the bottom-right, and a
cell is available when it is an entry corner or orthogonally next to an
unlocked cell (unlocks shared). A Surveil slot gives Wits rolls, a Research
slot Knowledge actions (WD-INTEL-019/025). A surveillance success unlocks the
cell and gains one intel of its tag a tier below its unlock tier
(WD-INTEL-020 PROPOSED); a failure takes a strike for one T1 intel, or intel
spent to unlock an available cell instead (WD-INTEL-021); a natural face
already rolled this phase on the target is a strike besides (WD-INTEL-022);
three strikes alert the target and reset (WD-INTEL-023). Research never
strikes; it may roll the d6 intel table instead (WD-INTEL-026). Completing
Movements or History gives +1 to these rolls (WD-INTEL-017 PROPOSED).

Intel is counted by type and tier (WD-INTEL-002): spent on a DC it cuts 20%,
50% or all of it by tier (WD-INTEL-003, rounded up), or it unlocks an
available cell at tier TN - 3 (WD-INTEL-015), with no action; Utilize Intel
upgrades (3 -> 1 higher), downgrades (1 -> 2 lower) and shuffles (1 -> 1 lower
of a random type), freely within one slot (WD-INTEL-028..031).
"""

from __future__ import annotations

import math
import re
from typing import Literal

from capeworks.engine import DiceService
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice.campaign import commands as cc
from capeworks.systems.weaverdice.campaign import events as ce
from capeworks.systems.weaverdice.campaign.buy_up import bought_up
from capeworks.systems.weaverdice.campaign.codify import CODIFY, codify
from capeworks.systems.weaverdice.campaign.downtime import ledger_of, phase_of, take_slot, use_action
from capeworks.systems.weaverdice.campaign.events import TargetPatch
from capeworks.systems.weaverdice.campaign.model import Cell, Ledger, Target, intel_key
from capeworks.systems.weaverdice.campaign.reputation import with_shared
from capeworks.systems.weaverdice.campaign.rewards import parse_intel
from capeworks.systems.weaverdice.campaign.screen import Builder
from capeworks.systems.weaverdice.campaign.settings import (
    DISPOSITIONS,
    CampaignConfig,
    disposition,
    intel_types,
)
from capeworks.systems.weaverdice.checks import CheckRoll, parity_number
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.flow import Ctx, Done, person, roll_check
from capeworks.systems.weaverdice.state import WdState
from capeworks.systems.weaverdice.vocab import Stat

__all__ = [
    "COLS",
    "CUT",
    "ROWS",
    "SAMPLE_TNS",
    "add_intel_type",
    "add_target",
    "cell_tier",
    "grid_bonus",
    "narrow",
    "open_cell",
    "research",
    "runaway_run",
    "spend_intel",
    "strike_choice",
    "surveil",
    "unlock_spends",
    "unlocking",
    "utilize_intel",
    "worked",
]

#: the sample person grid (WD-INTEL-011): rows top to bottom, columns left to right, TNs row by row
ROWS = ("Movements", "Status", "Patterns", "History")
COLS = ("Capabilities", "Relationships", "Secrets", "Data")
SAMPLE_TNS = (5, 4, 4, 5, 4, 7, 6, 4, 4, 6, 7, 4, 5, 4, 4, 5)
#: the DC cut of intel spent on finding, by tier (WD-INTEL-003), in percent
CUT = {1: 20, 2: 50, 3: 100, 4: 100}
#: lines whose completion helps every information roll against the target (WD-INTEL-017)
HELPFUL = frozenset({"movements", "history"})


def _pick(n: int) -> tuple[int, ...]:
    """Which sample rows/columns a smaller grid keeps: the first n-1 and the last."""
    return (*range(n - 1), 3)


def cell_tier(cell: Cell) -> int:
    """The intel tier a cell costs to unlock: TN - 3, from 1 to 4 (WD-INTEL-015 PROPOSED)."""
    return min(4, max(1, cell.tn - 3))


def add_intel_type(state: WdState, ctx: Ctx, c: cc.AddIntelType, dice: DiceService) -> Done:
    """The GM adds intel types beside the dispositions (WD-INTEL-002 PROPOSED: the seed's appendix of
    intel tables is missing, src 2018-2020). A new type is one word, naming no type the table knows (nor
    another word for one) and no target, whose own intel is its wildcard (src 1831)."""
    known = intel_types(state.campaign.intel_types)
    added: list[str] = []
    for word in c.types:
        w = word.strip().lower()
        if not re.fullmatch(r"[a-z][a-z-]{0,23}", w):
            raise RuleViolation(
                "WD-INTEL-002",
                f"An intel type is one word of letters (hyphens allowed), like pirate; not {word[:30]!r}.",
                field="types",
            )
        if disposition(w) in known or w in added:
            raise RuleViolation(
                "WD-INTEL-002", f"There is already an intel type {disposition(w)}.", field="types"
            )
        if w in state.campaign.targets:
            raise RuleViolation(
                "WD-INTEL-002", f"There is a target called {w}: {w} intel is its own wildcard.", field="types"
            )
        added.append(w)
    b = Builder(state, ctx, dice)
    b.emit(ce.IntelTypesAdded(added=tuple(added), intel_types=(*state.campaign.intel_types, *added)))
    return b.batch


def add_target(state: WdState, ctx: Ctx, c: cc.AddTarget, dice: DiceService) -> Done:
    """The GM adds a target: its grid (WD-INTEL-009..011), its dispositions and hidden DCs (WD-INTEL-005)."""
    if c.target in state.campaign.targets:
        raise RuleViolation("WD-INTEL-009", f"There is already a target called {c.target}.")
    if c.target in state.campaign.intel_types:  # its own intel would read as the type (src 1831)
        raise RuleViolation("WD-INTEL-002", f"There is an intel type {c.target}: give the target another id.")
    n = c.size
    keep = _pick(n)
    added = state.campaign.intel_types
    dispositions = tuple(parse_intel(f"{d}:1", added=added)[0] for d in c.dispositions)
    tns = list(c.tns) or [SAMPLE_TNS[r * 4 + col] for r in keep for col in keep]
    tags = [t.lower() if t.lower() == c.target else disposition(t) for t in c.tags] or [
        dispositions[(i // n + i % n) % len(dispositions)] for i in range(n * n)
    ]
    if len(tns) != n * n or len(tags) != n * n:
        raise RuleViolation("WD-INTEL-010", f"A {n}x{n} grid needs {n * n} TNs and tags, row by row.")
    for t in tags:
        if t not in dispositions and t != c.target:
            raise RuleViolation(
                "WD-INTEL-010", f"Tag {t} is neither a disposition of the target nor its own."
            )
    tidbits = [*c.tidbits, *([""] * (n * n))][: n * n]
    probe = Target(id=c.target, name=c.name, size=n, rows=(), cols=(), cells=(), dispositions=dispositions)
    quartet = tuple(sorted({_cell_index(probe, x) for x in c.quartet}))
    if c.quartet and len(quartet) != 4:
        raise RuleViolation("WD-INTEL-038", "A deeper quartet marks four different cells.")
    rows, cols = _headings(c, keep)
    target = Target(
        id=c.target,
        name=c.name,
        size=n,
        rows=rows,
        cols=cols,
        cells=tuple(Cell(tag=tags[i], tn=tns[i], tidbit=tidbits[i]) for i in range(n * n)),
        dispositions=dispositions,
        find_dc=c.find_dc,
        found=c.find_dc == 0,
        thread_dc=c.thread_dc,
        thread_found=c.thread_dc == 0,
        strike_limit=c.strike_limit,
        quartet=quartet,
    )
    b = Builder(state, ctx, dice)
    b.emit(ce.TargetAdded(target=target), hidden=True)
    b.emit(ce.TargetListed(target=c.target, name=c.name, size=n))
    return b.batch


def _headings(c: cc.AddTarget, keep: tuple[int, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The grid's row and column headings: the GM's, or the sample's that a smaller grid keeps. A grid
    "may be 3x3 or even 2x2 (keeping only pertinent headings)" (src 1795), a location's lines named
    as mission planning's (src 1870): the GM names them, one per row and column, all different (a
    completed line is known by its heading, WD-INTEL-017)."""
    n = c.size
    rows = tuple(" ".join(h.split()) for h in c.rows) or tuple(ROWS[i] for i in keep)
    cols = tuple(" ".join(h.split()) for h in c.cols) or tuple(COLS[i] for i in keep)
    if len(rows) != n or len(cols) != n:
        raise RuleViolation(
            "WD-INTEL-018", f"A {n}x{n} grid needs {n} row headings and {n} column headings.", field="rows"
        )
    folded = [h.casefold() for h in (*rows, *cols)]
    if "" in folded or len(set(folded)) != len(folded):
        raise RuleViolation("WD-INTEL-018", "Each row and column needs a heading of its own.", field="rows")
    return rows, cols


def _target(state: WdState, ident: str, who: str = "") -> Target:
    """The target ``ident`` as ``who`` works it (:func:`worked`); with no one, the players' track."""
    t = state.campaign.targets.get(ident)
    if t is None:
        raise RuleViolation("WD-INTEL-005", f"There is no intel target called {ident}.")
    return worked(state, who, t)


def _gm(state: WdState, who: str) -> bool:
    return person(state, who).hidden


def worked(state: WdState, who: str, t: Target) -> Target:
    """``t`` as ``who`` works it: a hidden NPC on the GM's own track, anyone else on the players'
    (WD-NPC-003; see :class:`~.model.Track`). Only a target read from the state, once."""
    c = state.people.get(who)
    return t.worked_hidden() if c is not None and c.hidden else t


def _cell_index(t: Target, text: str) -> int:
    try:
        r, c = (int(x) for x in text.split(","))
    except ValueError:
        raise RuleViolation("WD-INTEL-014", "Name a cell as row,column, e.g. 0,0.") from None
    if not (0 <= r < t.size and 0 <= c < t.size):
        raise RuleViolation("WD-INTEL-014", f"The grid is {t.size}x{t.size}; rows and columns run from 0.")
    return r * t.size + c


def _available(t: Target, method: str, index: int, *, spending: bool = False) -> None:
    """Refuse a cell ``method`` cannot reach (WD-INTEL-014); ``spending``: intel (or information) spent
    on it, no roll of either method (WD-INTEL-015), so the sentence names neither."""
    if index not in t.available(method):
        r, c = divmod(index, t.size)
        if t.cells[index].blocked:  # WD-INTEL-037: the GM's rework_target blocked it
            raise RuleViolation(
                "WD-INTEL-014", f"{t.rows[r]} x {t.cols[c]} is blocked: an action in play must open it first."
            )
        if spending:
            raise RuleViolation(
                "WD-INTEL-014",
                f"{t.rows[r]} x {t.cols[c]} is not open yet: only a way-in corner or a cell next to an "
                "unlocked one opens.",
            )
        raise RuleViolation(
            "WD-INTEL-014",
            f"{t.rows[r]} x {t.cols[c]} is not open to {method}: start at your corner, then go next to "
            "an unlocked cell.",
        )


def _intel_type(t: Target, tag: str) -> str:
    return tag


def _node(t: Target, unlocked: set[int]) -> str | None:
    """A quartet whose four cells are all cleared merges into a node (WD-INTEL-038)."""
    if t.quartet and not t.node and set(t.quartet) <= unlocked:
        return "open"
    return None


def _clear_node(
    state: WdState, ctx: Ctx, dice: DiceService, who: str, t: Target, stat: Stat, *, morale_buy: bool = False
) -> Done:
    """Clearing the node: a roll against 7+ (WD-INTEL-038 PROPOSED); a deeper hint and +1 more to the
    target's information rolls."""
    if t.node != "open":
        raise RuleViolation("WD-INTEL-038", f"{t.name} has no open node to dig into.")
    size = state.sheet(who).stat(stat)
    action = "surveil" if stat is Stat.WITS else "research"
    phase, _, _ = use_action(state, who, action, size=size, target=t.id)
    b = Builder(state, ctx, dice)
    roll, _ = roll_check(b, who, (stat,), tn=7, bonus=_bonus(ctx, t), purpose="node")
    if morale_buy:
        roll = bought_up(b, who, roll, 7, what=stat.value)
    patch = TargetPatch(id=t.id, node="cleared" if roll.success else None, gm=_gm(state, who))
    searched = ce.Searched(on="node", stat=stat.value, total=roll.total, tn=7, done=roll.success)
    b.emit(
        ce.IntelRolled(
            character=who,
            name=state.people[who].name,
            target=t.id,
            action=action,
            searched=searched,
            patch=patch,
            phase=phase,
        )
    )
    return b.batch


def _gain(ledger: Ledger, kind: str, tier: int, count: int = 1) -> Ledger:
    key = intel_key(kind, tier)
    return evolve(ledger, {"intel": {**ledger.intel, key: ledger.intel.get(key, 0) + count}})


def grid_bonus(settings: CampaignConfig, t: Target) -> int:
    """Completed Movements or History lines help (WD-INTEL-017); a cleared node boosts them (WD-INTEL-038)."""
    bonus = settings.row_col_bonus if any(x.casefold() in HELPFUL for x in t.lines) else 0
    return bonus + (1 if t.node == "cleared" else 0)


def _bonus(ctx: Ctx, t: Target) -> int:
    return grid_bonus(ctx.config.campaign, t)


def _finding(
    state: WdState,
    ctx: Ctx,
    dice: DiceService,
    who: str,
    t: Target,
    *,
    thread: bool,
    morale_buy: bool = False,
) -> Done:
    """One finding (or thread) roll toward the hidden DC, one per slot (WD-INTEL-006/007); a searcher's
    own finding rolls alternate Athletics and Wits, everyone's adding up."""
    action = "research" if thread else "surveil"
    phase, _ = take_slot(state, who, action, target=t.id)
    rolls = t.find_rolls
    # "the player can roll Athletics and Wits (alternating)" (src 1797): the roller's own rolls alternate;
    # rolls no roller was kept for (older logs) count as anyone's
    own = t.find_rolls_by.get(who, 0) + rolls - sum(t.find_rolls_by.values())
    stat = Stat.KNOWLEDGE if thread else (Stat.ATHLETICS if own % 2 == 0 else Stat.WITS)
    b = Builder(state, ctx, dice)
    roll, _ = roll_check(b, who, (stat,), tn=0, purpose="finding")
    if morale_buy:  # a lengthy roll: bettered when 2 + k is more (WD-MORALE-003)
        roll = bought_up(b, who, roll, None, what="finding")
    if thread:
        progress = t.thread_progress + roll.total
        patch = TargetPatch(
            id=t.id, thread_progress=progress, thread_found=progress >= t.thread_dc, gm=_gm(state, who)
        )
        done = progress >= t.thread_dc
    else:
        progress = t.find_progress + roll.total
        patch = TargetPatch(
            id=t.id,
            find_progress=progress,
            find_rolls=rolls + 1,
            find_rolls_by={**t.find_rolls_by, who: t.find_rolls_by.get(who, 0) + 1},
            found=progress >= t.find_dc,
            gm=_gm(state, who),
        )
        done = progress >= t.find_dc
    searched = ce.Searched(
        on="thread" if thread else "find", stat=stat.value, total=roll.total, progress=progress, done=done
    )
    b.emit(
        ce.IntelRolled(
            character=who,
            name=state.people[who].name,
            target=t.id,
            action=action,
            searched=searched,
            target_name=t.name,
            patch=patch,
            phase=phase,
        )
    )
    return b.batch


def runaway_run(state: WdState, ident: str, t: Target) -> int:
    """The successes in a row a runaway by ``ident`` on ``t`` would roll on from (WD-INTEL-041), or 0.

    A runaway is the extra roll a success gives, so it belongs to the character whose surveillance
    of ``t`` is the open one this phase; its -1 per success is the run."""
    phase = state.campaign.phase
    slots = phase.slots.get(ident) if phase is not None else None
    session = slots.session if slots is not None else None
    if not state.config.campaign.surveillance_runaway or session is None:
        return 0
    return t.run if session.action == "surveil" and session.target == t.id else 0


def _raw(roll: CheckRoll) -> int | None:
    """A grid roll's result before low morale capped it (WD-MORALE-002), said beside the cap so the
    number is never a puzzle ("Wits 6, capped at 5"); None where no cap cut it."""
    return roll.raw if roll.morale_set is None and roll.raw > roll.total else None


def surveil(state: WdState, ctx: Ctx, c: cc.Surveil, dice: DiceService) -> Done:
    """Surveil: a finding roll until found, then Wits rolls at available cells (WD-INTEL-019..023)."""
    who = person(state, c.character)
    phase_of(state)
    t = _target(state, c.target, c.character)
    if c.character in state.campaign.strike_choice:
        raise RuleViolation("WD-INTEL-021", f"{who.name} must first choose whether to take the strike.")
    if not t.found:
        if c.cell or c.runaway:  # WD-INTEL-008: the grid waits for the target found; this is not asked
            raise RuleViolation(
                "WD-INTEL-008", f"{t.name} is not found yet: surveil without a cell to search for them."
            )
        return _finding(state, ctx, dice, c.character, t, thread=False, morale_buy=c.morale_buy)
    if not c.cell:
        raise RuleViolation("WD-INTEL-019", f"{t.name} is found: name an available cell to watch.")
    if c.cell == "node":
        return _clear_node(state, ctx, dice, c.character, t, Stat.WITS, morale_buy=c.morale_buy)
    index = _cell_index(t, c.cell)
    _available(t, "surveil", index)
    runaway = 0
    if c.runaway:  # WD-INTEL-041: roll on after a success, at -1 per success in the run
        if not ctx.config.campaign.surveillance_runaway:
            raise RuleViolation("WD-INTEL-041", "This table does not play surveillance runaways.")
        if runaway_run(state, c.character, t) <= 0:
            raise RuleViolation("WD-INTEL-041", "A runaway follows your own successful surveillance roll.")
        runaway = t.run
    sheet = state.sheet(c.character)
    if runaway:  # the success's extra roll: it takes none of the slot's rolls (src 2028)
        phase = phase_of(state)
    else:
        phase, _, _ = use_action(state, c.character, "surveil", size=sheet.stat(Stat.WITS), target=t.id)
    cell = t.cells[index]
    b = Builder(state, ctx, dice)
    roll, _ = roll_check(
        b, c.character, (Stat.WITS,), tn=cell.tn, bonus=_bonus(ctx, t) - runaway, purpose="surveil"
    )
    if c.morale_buy:  # WD-MORALE-003: a step of high morale on a roll of one's own
        roll = bought_up(b, c.character, roll, cell.tn, what="Wits")
    seen = t.seen_faces if t.seen_phase == phase.number else ()
    by = t.seen_by if t.seen_phase == phase.number else ()
    by = ("",) * (len(seen) - len(by)) + by  # faces whose roller was not kept count as anyone's
    number = parity_number(roll, config=ctx.config)  # natural unless the table says so (WD-CORE-010)
    # "a number they've already rolled this session" (src 1874): the roller's own faces this phase
    duplicate = number in {
        f for f, who_rolled in zip(seen, by, strict=True) if who_rolled in ("", c.character)
    }
    strikes, alerts = t.strikes + (1 if duplicate else 0), t.alerts
    ledger = ledger_of(state, c.character)
    unlock: tuple[int, ...] = ()
    r, col = divmod(index, t.size)
    tier = 0
    if roll.success:
        unlock = (index,)
        if not ctx.config.campaign.no_intel:  # "they unlock the space and get intel" (src 1874)
            tier = max(1, cell_tier(cell) - 1)
            ledger = _gain(ledger, _intel_type(t, cell.tag), tier)
    limit = t.strike_limit or ctx.config.campaign.intel_strike_limit
    alerted = strikes >= limit
    if alerted:
        strikes, alerts = 0, alerts + 1
    searched = ce.Searched(
        on="cell",
        stat=Stat.WITS.value,
        total=roll.total,
        raw=_raw(roll),
        tn=cell.tn,
        done=roll.success,
        cell=(t.rows[r], t.cols[col]),
        tier=tier,
        kind=cell.tag if tier else "",
        again=number if duplicate else 0,
        alerted=alerted,
    )
    unlocked = {i for i, x in enumerate(t.cells) if x.unlocked} | set(unlock)
    patch = TargetPatch(
        id=t.id,
        strikes=strikes,
        alerts=alerts,
        unlock=unlock,
        gm=_gm(state, c.character),
        lines=t.finished_lines(unlocked),
        seen_faces=(*seen, number),
        seen_phase=phase.number,
        seen_by=(*by, c.character),
        run=(runaway + 1) if roll.success else 0,
        node=_node(t, unlocked),
    )
    choice = None if roll.success else {**state.campaign.strike_choice, c.character: f"{t.id}:{index}"}
    b.emit(
        ce.IntelRolled(
            character=c.character,
            name=who.name,
            target=t.id,
            action="surveil",
            searched=searched,
            target_name=t.name,
            patch=patch,
            phase=phase,
            strike_choice=choice,
            ledgers={c.character: ledger},
        )
    )
    return b.batch


def strike_choice(state: WdState, ctx: Ctx, c: cc.StrikeChoice, dice: DiceService) -> Done:
    """After a miss: a strike for one T1 intel of the cell's tag, or intel spent to unlock an available
    cell instead (WD-INTEL-021, src 1874: "either get a strike and tier one intel, or spend intel to
    unlock a space"). The miss is not let go for nothing: without the spend, the strike is taken."""
    who = person(state, c.character)
    pending = state.campaign.strike_choice.get(c.character)
    if pending is None:
        raise RuleViolation("WD-INTEL-021", f"{who.name} has no missed surveillance to answer for.")
    ident, _, index = pending.rpartition(":")
    t = worked(state, c.character, state.campaign.targets[ident])
    cell = t.cells[int(index)]
    ledger = ledger_of(state, c.character)
    strikes, alerts = t.strikes, t.alerts
    gm = _gm(state, c.character)
    if c.strike:
        if c.intel or c.on:
            raise RuleViolation(
                "WD-INTEL-021", "Take the strike or spend intel on a space, not both.", field="intel"
            )
        strikes += 1
        gained = not ctx.config.campaign.no_intel  # the no-intel table gains none (WD-INTEL-040)
        if gained:
            ledger = _gain(ledger, _intel_type(t, cell.tag), 1)
        alerted = strikes >= (t.strike_limit or ctx.config.campaign.intel_strike_limit)
        if alerted:
            strikes, alerts = 0, alerts + 1
        patch = TargetPatch(id=t.id, strikes=strikes, alerts=alerts, gm=gm)
        searched = ce.Searched(
            on="strike", tier=1 if gained else 0, kind=cell.tag if gained else "", alerted=alerted
        )
    else:
        if not c.intel or not c.on:
            raise RuleViolation(
                "WD-INTEL-021",
                "A missed surveillance roll takes the strike (and tier-one intel), or intel spent to "
                "unlock a space: name the intel and the cell.",
                field="intel",
            )
        if ctx.config.campaign.no_intel:
            raise RuleViolation("WD-INTEL-040", "This table plays without intel: take the strike.")
        kind, tier = parse_intel(c.intel, extra=(t.id,), added=state.campaign.intel_types)
        ledger = _take(ledger, kind, tier)
        patch, _ = _unlock_with(t, c.on, kind, tier, gm=gm)
        opened = patch.unlock[0]
        searched = ce.Searched(
            on="spend", tier=tier, kind=kind, cell=(t.rows[opened // t.size], t.cols[opened % t.size])
        )
    rest = {k: v for k, v in state.campaign.strike_choice.items() if k != c.character}
    b = Builder(state, ctx, dice)
    b.emit(
        ce.IntelRolled(
            character=c.character,
            name=who.name,
            target=t.id,
            action="strike",
            searched=searched,
            target_name=t.name,
            patch=patch,
            strike_choice=rest,
            ledgers={c.character: ledger},
        )
    )
    return b.batch


def unlock_spends(state: WdState, who: str) -> tuple[tuple[str, str, str], ...]:
    """What ``who`` could spend after a miss in place of the strike (WD-INTEL-021): each available cell
    of the missed target with a held intel that unlocks it (WD-INTEL-015), as ("row,col", "type:tier")
    pairs with the cell's row and column names, the cheapest intel first; none on a table without
    intel."""
    pending = state.campaign.strike_choice.get(who)
    if pending is None or state.config.campaign.no_intel:
        return ()
    t = worked(state, who, state.campaign.targets[pending.rpartition(":")[0]])
    held = sorted(
        ((int(tier), kind) for kind, _, tier in (k.rpartition(":") for k in ledger_of(state, who).intel)),
    )
    methods = [m for m, done in (("surveil", t.found), ("research", t.thread_found)) if done]
    cells = sorted({i for m in methods for i in t.available(m)})
    out: list[tuple[str, str, str]] = []
    for i in cells:
        cell = t.cells[i]
        for tier, kind in held:
            if (kind == cell.tag or kind == t.id) and tier >= cell_tier(cell):
                r, col = divmod(i, t.size)
                out.append((f"{r},{col}", intel_key(kind, tier), f"{t.rows[r]} x {t.cols[col]}"))
    return tuple(out)


#: the research intel table (WD-INTEL-026): d6 -> (which disposition, tier)
RESEARCH_TABLE = {1: (0, 1), 2: (0, 1), 3: (1, 1), 4: (1, 1), 5: (0, 2), 6: (1, 2)}


def research(state: WdState, ctx: Ctx, c: cc.Research, dice: DiceService) -> Done:
    """Research: a thread roll until found, then Knowledge at cells or the d6 table (WD-INTEL-025/026)."""
    who = person(state, c.character)
    phase_of(state)
    t = _target(state, c.target, c.character)
    if not t.thread_found:
        if c.cell or c.table:  # WD-INTEL-008: the grid and its table wait for the thread found
            raise RuleViolation(
                "WD-INTEL-008",
                f"{t.name}'s thread is not found yet: research without a cell or the table to look for it.",
            )
        return _finding(state, ctx, dice, c.character, t, thread=True, morale_buy=c.morale_buy)
    sheet = state.sheet(c.character)
    if c.cell == "node":
        return _clear_node(state, ctx, dice, c.character, t, Stat.KNOWLEDGE, morale_buy=c.morale_buy)
    if c.table == bool(c.cell):
        raise RuleViolation("WD-INTEL-025", "Research either a cell or the intel table, one of the two.")
    if c.table and c.morale_buy:
        raise RuleViolation(
            "WD-MORALE-003",
            "The research table's die picks the intel: it is no roll to buy up.",
            field="morale_buy",
        )
    index = -1
    if c.cell:
        index = _cell_index(t, c.cell)
        _available(t, "research", index)
    elif ctx.config.campaign.no_intel:
        raise RuleViolation("WD-INTEL-040", "This table plays without intel: research the grid instead.")
    phase, _, _ = use_action(state, c.character, "research", size=sheet.stat(Stat.KNOWLEDGE), target=t.id)
    ledger = ledger_of(state, c.character)
    b = Builder(state, ctx, dice)
    patch = TargetPatch(id=t.id, gm=_gm(state, c.character))
    if c.table:
        face = dice.roll(1, 6, purpose="research table").faces[0]
        which, tier = RESEARCH_TABLE[face]
        kind = t.dispositions[which] if which < len(t.dispositions) else t.dispositions[0]
        ledger = _gain(ledger, kind, tier)
        searched = ce.Searched(on="table", total=face, tier=tier, kind=kind)
    else:
        cell = t.cells[index]
        roll, _ = roll_check(
            b, c.character, (Stat.KNOWLEDGE,), tn=cell.tn, bonus=_bonus(ctx, t), purpose="research"
        )
        if c.morale_buy:  # WD-MORALE-003
            roll = bought_up(b, c.character, roll, cell.tn, what="Knowledge")
        r, col = divmod(index, t.size)
        if roll.success:
            unlocked = {i for i, x in enumerate(t.cells) if x.unlocked} | {index}
            patch = TargetPatch(
                id=t.id,
                unlock=(index,),
                gm=_gm(state, c.character),
                lines=t.finished_lines(unlocked),
                node=_node(t, unlocked),
            )
        searched = ce.Searched(
            on="cell",
            stat=Stat.KNOWLEDGE.value,
            total=roll.total,
            raw=_raw(roll),
            tn=cell.tn,
            done=roll.success,
            cell=(t.rows[r], t.cols[col]),
        )
    b.emit(
        ce.IntelRolled(
            character=c.character,
            name=who.name,
            target=t.id,
            action="research",
            searched=searched,
            target_name=t.name,
            patch=patch,
            phase=phase,
            ledgers={c.character: ledger},
        )
    )
    return b.batch


def _take(ledger: Ledger, kind: str, tier: int, count: int = 1) -> Ledger:
    key = intel_key(kind, tier)
    held = ledger.intel.get(key, 0)
    if held < count:
        raise RuleViolation("WD-INTEL-002", f"That takes {count} tier-{tier} {kind} intel; {held} held.")
    rest = {k: v for k, v in ledger.intel.items() if k != key}
    if held > count:
        rest[key] = held - count
    return evolve(ledger, {"intel": dict(sorted(rest.items()))})


def narrow(b: Builder, t: Target, on: str, tier: int, *, gm: bool) -> TargetPatch:
    """Cut ``t``'s finding (``on="find"``) or thread DC by a tier of intel or of information rated as
    one (WD-INTEL-003/004): 20%, 50% or all of it, the new DC rounded up; tier four also opens the
    method's entry cell ("100% & unlock 1-2", src 1813). The new DC goes to the GM alone (a hidden NPC's
    in its own track's patch); returns the patch (``found``/``thread_found`` says whether the cut
    finished the search, ``unlock`` the entry cell tier four opened)."""
    dc, found = (t.find_dc, t.found) if on == "find" else (t.thread_dc, t.thread_found)
    if found:
        raise RuleViolation("WD-INTEL-003", f"The {on} is already done.")
    new = math.ceil(dc * (100 - CUT[tier]) / 100)
    progress = t.find_progress if on == "find" else t.thread_progress
    done = progress >= new
    patch = TargetPatch(id=t.id, found=done) if on == "find" else TargetPatch(id=t.id, thread_found=done)
    if gm:  # a hidden NPC cuts the DC for its own track (WD-NPC-003); its event is the GM's
        dcs = {"find_dc": new} if on == "find" else {"thread_dc": new}
        patch = evolve(patch, {**dcs, "gm": True})
    else:
        b.emit(
            ce.TargetSecret(
                target=t.id,
                find_dc=new if on == "find" else t.find_dc,
                thread_dc=new if on == "thread" else t.thread_dc,
                name=t.name,
            ),
            hidden=True,
        )
    entry = t.entry("surveil" if on == "find" else "research")
    if tier >= 4 and not t.cells[entry].unlocked and not t.cells[entry].blocked:
        # src 1813: tier four is "100% & unlock 1-2": the method's entry cell opens too
        opened = unlocking(t, entry, gm=gm)
        patch = evolve(patch, {"unlock": opened.unlock, "lines": opened.lines, "node": opened.node})
    return patch


def open_cell(t: Target, on: str) -> int:
    """The index of the cell ``on`` ("row,col") if the grid is there for it: the target or the thread
    found, each opening its own method's way in (WD-INTEL-008, src 1829-1831), and the cell available to
    one of them (WD-INTEL-014)."""
    index = _cell_index(t, on)
    methods = [m for m, done in (("surveil", t.found), ("research", t.thread_found)) if done]
    if not methods:
        raise RuleViolation(
            "WD-INTEL-008", f"Neither {t.name} nor the thread is found yet: there is no grid to open."
        )
    if not any(index in t.available(m) for m in methods):
        if index in t.available("surveil") or index in t.available("research"):
            waiting = "the thread" if t.found else t.name
            raise RuleViolation(
                "WD-INTEL-008", f"That cell is the other method's way in, and {waiting} is not found yet."
            )
        _available(t, methods[0], index, spending=True)
    return index


def unlocking(t: Target, index: int, *, gm: bool) -> TargetPatch:
    """The patch that unlocks cell ``index``, with the lines and node it completes (WD-INTEL-017/038)."""
    unlocked = {i for i, x in enumerate(t.cells) if x.unlocked} | {index}
    return TargetPatch(
        id=t.id, unlock=(index,), gm=gm, lines=t.finished_lines(unlocked), node=_node(t, unlocked)
    )


def _unlock_with(t: Target, on: str, kind: str, tier: int, *, gm: bool) -> tuple[TargetPatch, str]:
    """Intel of ``kind`` and ``tier`` unlocking the available cell ``on`` (WD-INTEL-015): the cell's own
    tag (or the target's own intel) at its tier or better; the patch and the cell's name."""
    index = open_cell(t, on)
    cell = t.cells[index]
    if cell.tag != kind and kind != t.id:
        raise RuleViolation("WD-INTEL-015", f"That cell takes {cell.tag} intel (or {t.name}'s own).")
    if tier < cell_tier(cell):
        raise RuleViolation("WD-INTEL-015", f"That cell takes tier-{cell_tier(cell)} intel or better.")
    r, col = divmod(index, t.size)
    return unlocking(t, index, gm=gm), f"{t.rows[r]} x {t.cols[col]}"


def spend_intel(state: WdState, ctx: Ctx, c: cc.SpendIntel, dice: DiceService) -> Done:
    """Spend intel, without an action: cut a finding/thread DC by tier, or unlock an available cell."""
    who = person(state, c.character)
    phase_of(state)
    if ctx.config.campaign.no_intel:
        raise RuleViolation("WD-INTEL-040", "This table plays without intel.")
    t = _target(state, c.target, c.character)
    gm = _gm(state, c.character)
    kind, tier = parse_intel(c.intel, extra=(t.id,), added=state.campaign.intel_types)
    if kind not in t.dispositions and kind != t.id:
        raise RuleViolation("WD-INTEL-003", f"Intel of type {kind} says nothing about {t.name}.")
    ledger = _take(ledger_of(state, c.character), kind, tier)
    b = Builder(state, ctx, dice)
    on: Literal["find", "thread", "node", "cell"]
    if c.on in ("find", "thread"):
        patch = narrow(b, t, c.on, tier, gm=gm)
        on = "find" if c.on == "find" else "thread"
    elif c.on == "node":  # WD-INTEL-038 PROPOSED: tier 3 or better clears a node
        if t.node != "open" or tier < 3:
            raise RuleViolation("WD-INTEL-038", "An open node takes tier-3 intel or better.")
        patch, on = TargetPatch(id=t.id, node="cleared", gm=gm), "node"
    else:
        patch, _ = _unlock_with(t, c.on, kind, tier, gm=gm)
        on = "cell"
    # the cell it opened by its labels (tier four's entry cell too, src 1813), for the words
    cell = (t.rows[patch.unlock[0] // t.size], t.cols[patch.unlock[0] % t.size]) if patch.unlock else None
    b.emit(
        ce.IntelSpent(
            character=c.character,
            name=who.name,
            spent=ce.IntelUse(tier=tier, kind=kind, on=on, cell=cell),
            names={t.id: t.name} if kind == t.id else {},  # a target's own intel reads by its name
            patch=patch,
            ledgers={c.character: ledger},
        )
    )
    return b.batch


def _halved(dc: int | None) -> int | None:
    """A hidden NPC's own DC halved by a move, rounded up (WD-INTEL-034); None: none of his own."""
    return None if dc is None else math.ceil(dc / 2)


def relocate_target(state: WdState, ctx: Ctx, c: cc.RelocateTarget, dice: DiceService) -> Done:
    """A target moving base is doubly easy to track: finding and thread DCs halved while it moves
    (WD-INTEL-034 PROPOSED), rounded up; restored when the move is done (at a phase's end)."""
    t = _target(state, c.target)
    if t.moving:
        raise RuleViolation("WD-INTEL-034", f"{t.name} is already moving.")
    b = Builder(state, ctx, dice)
    find_dc, thread_dc = math.ceil(t.find_dc / 2), math.ceil(t.thread_dc / 2)
    # the hidden NPCs' own DCs, as their spent intel cut them, are halved as well (WD-NPC-003): in this
    # GM-only event, with the DCs they worked from to come back to
    track = t.gm_track
    own: tuple[int | None, int | None] | None = None
    if track is not None and (track.find_dc is not None or track.thread_dc is not None):
        own = (_halved(track.find_dc), _halved(track.thread_dc))
    worked = t.worked_hidden()
    b.emit(
        ce.TargetMoved(
            target=t.id,
            moving=c.downtimes,
            find_dc=find_dc,
            thread_dc=thread_dc,
            name=t.name,
            unmoved=(t.find_dc, t.thread_dc),
            gm_dcs=own,
            gm_unmoved=None if own is None else (worked.find_dc, worked.thread_dc),
        ),
        hidden=True,
    )
    # the rolls "add up until they reach the target number" (src 1797): a DC halved to the progress
    # made or below it is reached now, as information cutting it is (WD-INTEL-004). The players learn
    # the search is done, in an event of its own: the move and the DCs stay the GM's
    found = not t.found and t.find_progress >= find_dc
    thread = not t.thread_found and t.thread_progress >= thread_dc
    if found or thread:
        patch = TargetPatch(id=t.id, found=True if found else None, thread_found=True if thread else None)
        b.emit(ce.TargetFound(target=t.id, name=t.name, patch=patch))
    if track is not None:  # the hidden NPCs' rolls against their DCs, halved, GM's
        gm_find, gm_thread = own or (None, None)
        found = not track.found and track.find_progress >= (find_dc if gm_find is None else gm_find)
        thread = not track.thread_found and track.thread_progress >= (
            thread_dc if gm_thread is None else gm_thread
        )
        if found or thread:
            patch = TargetPatch(
                id=t.id, found=True if found else None, thread_found=True if thread else None, gm=True
            )
            b.emit(ce.TargetFound(target=t.id, name=t.name, patch=patch), hidden=True)
    return b.batch


def _names(state: WdState, steps: list[ce.IntelStep]) -> dict[str, str]:
    """The names of the targets and characters ``steps`` mention, by id, for the log's words."""
    ids = {i for x in steps for i in (x.kind, x.target, *x.readers) if i}
    out = {i: t.name for i, t in state.campaign.targets.items() if i in ids}
    return out | {i: p.name for i, p in state.people.items() if i in ids}


def utilize_intel(state: WdState, ctx: Ctx, c: cc.UtilizeIntel, dice: DiceService) -> Done:
    """One slot of upgrades (3 -> 1 higher), downgrades (1 -> 2 lower) and shuffles (WD-INTEL-028..031)."""
    who = person(state, c.character)
    phase, _ = take_slot(state, c.character, "utilize_intel")
    ledger = ledger_of(state, c.character)
    b = Builder(state, ctx, dice)
    done: list[ce.IntelStep] = []
    pool = tuple(d for d in DISPOSITIONS if d != "city")
    others: dict[str, Ledger] = {}
    for n, op in enumerate(c.ops):
        verb, _, what = op.strip().lower().partition(" ")
        if verb in CODIFY:  # WD-INTEL-035: codifying wraps up the slot
            if n != len(c.ops) - 1:
                raise RuleViolation(
                    "WD-INTEL-035", f"Writing up or presenting ends the slot: put {verb} last."
                )
            others, step = codify(state, c.character, ledger, verb, what.strip())
            ledger = others.pop(c.character)
            done.append(step)
            continue
        if verb in ("relocate", "rebrand") and n != len(c.ops) - 1:
            # src 1978: anything but upgrade/downgrade/shuffle wraps up the Utilize Intel slot
            raise RuleViolation("WD-INTEL-028", f"A {verb} ends the slot: put it last.")
        if verb == "relocate":  # WD-INTEL-034: moving base takes downtimes; trackers find you easier
            phases = int(what) if what.isdigit() and 1 <= int(what) <= 12 else 0
            if not phases:
                raise RuleViolation("WD-INTEL-034", "Say how many downtimes the move takes, 1 to 12.")
            ledger = evolve(ledger, {"relocating": phases})
            done.append(ce.IntelStep(verb="relocate", downtimes=phases))
            continue
        if verb == "rebrand":  # WD-INTEL-033: a new identity re-hides most; all rep is lost, the bad too,
            # and the old name's cards spent today are past a Journalist's keeping (WD-FOLLOW-009)
            ledger = evolve(ledger, {"rep": (), "spent": ()})
            done.append(ce.IntelStep(verb="rebrand"))
            continue
        kind, tier = parse_intel(what, extra=tuple(state.campaign.targets), added=state.campaign.intel_types)
        if verb == "upgrade":
            if tier >= 4:
                raise RuleViolation("WD-INTEL-029", "Tier-4 intel cannot be upgraded.")
            ledger = _gain(_take(ledger, kind, tier, 3), kind, tier + 1)
            done.append(ce.IntelStep(verb="upgrade", tier=tier, kind=kind))
        elif verb == "downgrade":
            if tier <= 1:
                raise RuleViolation("WD-INTEL-030", "Tier-1 intel cannot be downgraded.")
            ledger = _gain(_take(ledger, kind, tier), kind, tier - 1, 2)
            done.append(ce.IntelStep(verb="downgrade", tier=tier, kind=kind))
        elif verb == "shuffle":
            if tier <= 1:
                raise RuleViolation("WD-INTEL-031", "Tier-1 intel cannot be shuffled.")
            face = dice.roll(1, len(pool), purpose="shuffle").faces[0]
            ledger = _gain(_take(ledger, kind, tier), pool[face - 1], tier - 1)
            done.append(ce.IntelStep(verb="shuffle", tier=tier, kind=kind, into=pool[face - 1]))
        else:
            raise RuleViolation(
                "WD-INTEL-028",
                f"Utilize Intel upgrades, downgrades, shuffles, spells out or presents, not {verb}.",
            )
    b.emit(
        ce.IntelSpent(
            character=c.character,
            name=who.name,
            steps=tuple(done),
            # the names the steps' words read: targets (their own intel, a write-up) and readers
            names=_names(state, done),
            phase=phase,
            # a rebrand's lost shared card goes for each player it is for: one card (WD-REP-002)
            ledgers={**others, **with_shared(state.campaign, c.character, ledger)},
        )
    )
    return b.batch
