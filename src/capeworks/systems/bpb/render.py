"""Words for Bulletproof Blues: every event for the log, the command menu, and the tracker panels."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from capeworks.engine import Description, Event, Panel, Viewer
from capeworks.engine.names import names_of
from capeworks.engine.render import sentence
from capeworks.systems.bpb import damage as dmg
from capeworks.systems.bpb import events as ev
from capeworks.systems.bpb.attacks import attack_task
from capeworks.systems.bpb.lookups import is_extra_attacks, rank_of, stunt_powers
from capeworks.systems.bpb.model import KEEP_POWERS, Call, Roll, Status
from capeworks.systems.bpb.odds import task_odds
from capeworks.systems.bpb.state import BpbState
from capeworks.systems.bpb.tasks import difficulty_words

__all__ = ["COMMAND_WORDS", "WORDS", "panels", "roll_text"]


def roll_text(r: Roll, what: str = "", *, bonus_why: str = "") -> str:
    """A roll in words: what (``what``, when the words phrase it, else as stored), the dice (or what was
    taken), total vs difficulty, the odds shown first; ``bonus_why``, where the bonus came from."""
    t, v = r.task, r.verdict
    odds = f"odds {r.odds.p_success:.1%}" + (f", extreme {r.odds.p_extreme:.1%}" if r.odds.p_extreme else "")
    bonus = f" + {t.bonus}{f' ({bonus_why})' if bonus_why else ''}" if t.bonus else ""
    if r.plot_point and not r.faces:
        dice = "plot point"
    elif r.take != "roll":
        dice = f"takes {v.dice}"
    else:
        dice = "[" + " ".join(str(f) for f in r.faces) + "]"
    pp = " (plot point: automatic success)" if r.plot_point else ""
    result = "extreme success" if v.extreme else "success" if v.success else "failure"
    # BPB-MOD-002: a difficulty a modifier raised says its parts, as a refusal does ("vs 8 + Prowess 4 + 3
    # (interposed) = 15")
    against = difficulty_words(t.difficulty, r.parts)
    said = f"{dice} + {t.attribute}{bonus} = {v.total} vs {against} ({odds}): {result}{pp}"
    return f"{what or r.what}: {said}"


def _sides(call: Any) -> list[str]:
    """The competing sides of a call, a team's members joined by "and" (BPB-EXT-003)."""
    sides = dict.fromkeys(call.side_of(cid) for cid in call.sides)
    return [side.replace("+", " and ") for side in sides]


def _call_made(call: Any) -> str:
    """A call as the GM says it: one side's roll ("Widow's Reason vs 12"), or a contest between sides, each
    named whole ("Widow and Ganyeka against Agent Adler", BPB-EXT-003), not run into one possessive."""
    sides = _sides(call)
    task = f" to {call.task}" if call.task else ""
    if len(sides) > 1 and call.required:
        first = _count(call.required, "success", "successes")
        return (
            f"The GM calls a contest of {call.attribute} vs {call.difficulty}{task}:"
            f" {' against '.join(sides)}, the first to {first} wins."
        )
    return (
        f"The GM calls for {sides[0]}'s {call.attribute} vs {call.difficulty}{task}"
        + (f", {_count(call.required, 'success', 'successes')} needed" if call.required else "")
        + (f" in {_count(call.max_attempts, 'attempt', 'attempts')}" if call.max_attempts else "")
        + "."
    )


def _rested(p: Any) -> str:
    """A rest or rally says only what it gave back (an older log, not recording it, reads as it did)."""
    does = "rallies" if p.rally else "rests"
    if p.stunning is None:
        return f"{p.character} {does}: {p.recovered} Endurance back, stunning gone."
    back = [f"{p.recovered} Endurance back"] if p.recovered else []
    return f"{p.character} {does}: {', '.join(back + _lifted(p)) or 'nothing to recover'}."


def _healed(p: Any) -> str:
    """Days of healing: the Endurance, and the stunning and drains they lifted (BPB-REC-002/003)."""
    lifted = ", ".join(_lifted(p))
    days = _count(p.days, "day", "days")
    return f"{p.character} heals {p.amount} Endurance over {days}" + (f": {lifted}." if lifted else ".")


def _lifted(p: Any) -> list[str]:
    """What a rest or days of healing gave back besides Endurance: stunning and drains (BPB-REC-003)."""
    back = [f"{p.stunning} stunning gone"] if p.stunning else []
    return back + ([f"{_listed(p.drained)} no longer drained"] if p.drained else [])


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


#: a call's close in words where "is <outcome>" reads wrong (BPB-EXT-001)
_CLOSED = {"failed": "has failed", "succeeded": "has succeeded"}

_ID_FIELDS = ("character", "attacker", "target", "before", "winner", "meant_for", "into")
_ID_LISTS = ("order", "characters", "unaware", "members", "fell", "carried")


def _listed(names: Sequence[str]) -> str:
    """Names as a sentence lists them: "Widow", "Widow and Zap", "Widow, Zap and Psi"."""
    return " and ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else "".join(names)


def _side(state: BpbState, side: str) -> str:
    """A call's side as a player reads it: the character's name, or a team's names (the words' "and")."""
    return " and ".join(names_of(state.characters, side.split("+")))


def _members(call: Call) -> dict[str, tuple[str, ...]]:
    """A call's sides in order, each with its members: a team task is one side (BPB-EXT-004), a team in a
    competition another (BPB-EXT-003), anyone else their own."""
    if call.team:
        return {"+".join(call.sides): call.sides}
    out: dict[str, tuple[str, ...]] = {}
    for cid in call.sides:
        out[call.side_of(cid)] = (*out.get(call.side_of(cid), ()), cid)
    return out


def _tally(state: BpbState, call: Call, counts: dict[str, int], *, pooled: bool) -> str:
    """Counts by side as the table reads them: a team's together when ``pooled`` (successes count together,
    src 206; a team task's attempts too), else each member's own."""
    if not pooled:
        return ", ".join(f"{_side(state, cid)}: {counts.get(cid, 0)}" for cid in call.sides)
    return ", ".join(
        f"{_side(state, side)}: {sum(counts.get(m, 0) for m in members)}"
        for side, members in _members(call).items()
    )


def _named(p: Any) -> Any:
    """The payload with the character ids the words read replaced by the names the event carries."""
    names: dict[str, str] = getattr(p, "names", {})
    if not names:
        return p
    up: dict[str, Any] = {}
    for f in _ID_FIELDS:
        value = getattr(p, f, None)
        if isinstance(value, str) and value in names:
            up[f] = names[value]
    for f in _ID_LISTS:
        value = getattr(p, f, None)
        if isinstance(value, tuple) and all(isinstance(v, str) for v in value):
            up[f] = tuple(names.get(v, v) for v in value)
    for f in ("hits", "cover"):
        value = getattr(p, f, None)
        if isinstance(value, dict):
            up[f] = {names.get(k, k): v for k, v in value.items()}
    call = getattr(p, "call", None)
    if call is not None and hasattr(call, "sides"):
        teams = {
            names.get(k, k): "+".join(names.get(m, m) for m in v.split("+")) for k, v in call.teams.items()
        }
        sides = tuple(names.get(v, v) for v in call.sides)
        up["call"] = call.model_copy(update={"sides": sides, "teams": teams})
    return p.model_copy(update=up) if up else p


#: what a plot point is spent on, as the log says it (BPB-PP-005..013); another use is the GM's to allow
_SPENT_ON: dict[str, str] = {"other": "something else (the GM allows it)"}


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def _stunt_used(p: Any) -> str:
    """BPB-PP-010: a stunt's countable resource used, as a player says it: "Tele makes one of the Extra
    Attacks." (src 483), "Tele uses Ammo twice."."""
    if is_extra_attacks(p.stunt):
        many = "one" if p.count == 1 else str(p.count)
        return f"{p.character} makes {many} of the {p.stunt}."
    return f"{p.character} uses {p.stunt} {_times(p.count)}."


def _pv(p: ev.Damaged) -> str:
    """The PV a hit met: a penetrating hit's half, rounded up, with where it came from (src 417)."""
    if not p.penetrating:
        return str(p.pv)
    return f"{dmg.protection_left(p.pv, penetrating=True)} (half of PV {p.pv}, penetrating)"


def _hit_words(p: Any) -> str:
    """BPB-ATK-002 (src 305): what a hit does: its damage rating, or, for a power that does no damage
    (Telepathy: ``damages`` none, src 369), its rank, whose effect the GM tells (it has no DR to read)."""
    if p.damages is None and not p.held_item:  # a held item's hit is the item's to suffer, at its DR
        return f"; {p.power} {p.rank}, no damage: the GM says what it does."
    return f"; DR {p.dr}."


def _extreme_chosen(p: Any) -> str:
    """BPB-XS-003/005/007: the effect chosen; then what the hit waits for: the target's roll to shrug off a
    slam or stagger (src 234, 238: Brawn or Willpower vs 8 + the attack's rank, or a plot point, src 469),
    or, staggered with powers on, the roll to keep them (src 240)."""
    stage = p.stage.value if p.stage is not None else "extreme"
    if stage == "resist":
        what, attribute = ("slam", "Brawn") if p.effect.value == "slamming" else ("stagger", "Willpower")
        return f"The {what} may be shrugged off: {attribute} vs 8 + the attack's rank, or a plot point."
    if stage == "keep_powers":
        return "The stagger may switch powers off."
    if p.rank is not None:  # BPB-XS-004: version 2 records the overwhelmed rank (src 232)
        return f"Extreme success: {p.effect.value}: rank {p.rank} for this attack (3 ranks more)."
    return f"Extreme success: {p.effect.value}."


def _powers_checked(p: Any) -> str:
    """BPB-XS-008: staggered, the roll to keep activated powers on (Willpower vs 12), and which powers stay
    on or go off, named; letting them go rolls nothing."""
    powers = _listed(list(p.powers))
    verb = ("stays", "switches") if len(p.powers) == 1 else ("stay", "switch")
    if p.roll is not None:
        keeps = "keeps" if p.roll.verdict.success else "fails to keep"
        what = f"{p.character} {keeps} their powers on" if p.roll.purpose == KEEP_POWERS else ""
        said = roll_text(p.roll, what)  # an older log's roll (no purpose) reads as it was stored
        if not p.powers:
            return said + "; no power was on."
        return said + (f"; {powers} {verb[0]} on." if p.kept else f"; {powers} {verb[1]} off.")
    if not p.powers:
        return f"{p.character} has no power on to keep."
    return f"{p.character} lets {powers} switch off."


_TEXT: dict[str, Callable[[Any], str]] = {
    ev.CharacterAdded.TYPE: lambda p: (
        f"{p.character.name} joins the game"
        + (
            f", beginning the session with {_count(p.plot_points, 'plot point', 'plot points')}."
            if p.plot_points
            else "."
        )
    ),
    ev.GmNoted.TYPE: lambda p: sentence(f"GM note: {p.text}"),
    ev.SessionStarted.TYPE: lambda p: (
        f"Session {p.session} begins: {_count(p.plot_points, 'plot point', 'plot points')} each for the"
        " players." + (f" The GM lets {', '.join(p.carried)} keep their unspent points." if p.carried else "")
    ),
    ev.PlotPointAwarded.TYPE: lambda p: f"{p.character} earns a plot point: {p.reason}.",
    ev.PlotPointSpent.TYPE: lambda p: (
        f"{p.character} spends a plot point on {_SPENT_ON.get(p.kind, f'a {p.kind}')}"
        + (f": {p.detail}." if p.detail else ".")
    ),
    ev.CallMade.TYPE: lambda p: _call_made(p.call),
    ev.TaskRolled.TYPE: lambda p: (
        roll_text(p.roll) + (f"; {p.counted} toward the task." if p.call and p.counted else ".")
    ),
    ev.CallClosed.TYPE: lambda p: (
        f"Call {p.call} {_CLOSED.get(p.outcome, 'is ' + p.outcome)}"
        + (f": {' and '.join(p.members)}." if p.members else f": {p.winner}." if p.winner else ".")
    ),
    ev.FightStarted.TYPE: lambda p: (
        "The fight begins. Order of play: "
        + ", ".join(p.order)
        + (f"; not yet aware of their opponents: {', '.join(p.unaware)}." if p.unaware else ".")
    ),
    ev.BecameAware.TYPE: lambda p: (
        f"{_listed(p.characters)} become{'s' if len(p.characters) == 1 else ''} aware of their opponents."
    ),
    ev.TurnBegan.TYPE: lambda p: (
        (f"Round {p.round}. " if p.round_ended else "")
        # a lost action is the turn's task action: the move, free and roleplay actions remain (BPB-XS-007)
        + (f"{p.character}'s turn: the task action is lost." if p.lost else f"{p.character}'s turn.")
    ),
    ev.Delayed.TYPE: lambda p: f"{p.character} holds their action.",
    ev.HeldActionSpent.TYPE: lambda p: f"{p.character}'s held action is the one spent.",
    ev.Winded.TYPE: lambda p: (
        f"{p.character} has stopped sprinting: base speed at most until round {p.until_round}."
    ),
    ev.PausedTaskLost.TYPE: lambda p: f"{p.character}'s task action this turn is the one lost.",
    ev.Preempted.TYPE: lambda p: f"{p.character} acts now, before {p.before}.",
    ev.Moved.TYPE: lambda p: (
        f"{p.character} stands up."
        if p.stand_up
        else f"{p.character} {p.mode.value}s {p.feet} ft ({p.medium})."
    ),
    ev.PaceDeclared.TYPE: lambda p: f"{p.character} will {p.mode.value} after the task action.",
    ev.ActionTaken.TYPE: lambda p: sentence(
        f"{p.character} spends the movement action (the GM allows it): {p.text}"
        if p.kind == "movement"
        else f"{p.character} ({p.kind}): {p.text}"
    ),
    ev.PowerSwitched.TYPE: lambda p: (
        f"{p.character} forces an action to switch {p.power} on (it costs the next action)."
        if p.forced
        else f"{p.character} switches {p.power} {'on' if p.on else 'off'}."
    ),
    ev.Guarded.TYPE: lambda p: (
        f"{p.character} forces an action to {p.kind} until their next action."
        if p.forced
        else f"{p.character} {p.kind}s until their next action."
    ),
    ev.AttackRolled.TYPE: lambda p: (
        roll_text(p.roll, bonus_why=p.bonus_why)
        + (f" (at the item {p.target} holds)" if p.held_item else "")
        + (_hit_words(p) if p.roll.verdict.success else ".")
    ),
    ev.DefenceRolled.TYPE: lambda p: (
        roll_text(p.roll) + (". The attack is negated." if p.roll.verdict.success else ".")
    ),
    ev.PowerAsked.TYPE: lambda p: (
        f"{p.character} asks to {p.kind} with {p.power}: the GM rules whether its theme or power source is"
        " similar."
    ),
    ev.PowerRuled.TYPE: lambda p: (
        f"The GM permits {p.power}."
        if p.permitted
        else f"The GM rules {p.power} not of a similar theme or power source: {p.character} answers again."
    ),
    ev.RangeAsked.TYPE: lambda p: (
        f"{p.character} attacks {p.target} with {p.power}, {_count(p.bands, 'range band', 'range bands')}"
        " beyond its range: the GM decides whether the attack is possible."
    ),
    ev.RangeRuled.TYPE: lambda p: (
        f"The GM declares {p.character}'s attack on {p.target} possible ({p.target} +{3 * p.bands} defence)."
        if p.possible
        else f"The GM rules {p.character}'s attack on {p.target} with {p.power} out of range: nothing rolled."
    ),
    ev.HitTaken.TYPE: lambda p: f"{p.character} takes the hit.",
    ev.SteppedIn.TYPE: lambda p: (
        f"{p.character} dives in front of the attack on {p.meant_for}"
        + (f" ({p.feet} ft)" if p.feet is not None else "")
        + ": the hit is theirs (a forced action: it costs the next action)."
    ),
    ev.StepInDeclined.TYPE: lambda p: f"{p.character} lets the attack pass.",
    ev.DoveForCover.TYPE: lambda p: (
        f"{p.character} dives for cover" + (" and is safe." if p.safe else ", but cover is too far to help.")
    ),
    ev.ExtremeChosen.TYPE: lambda p: _extreme_chosen(p),
    ev.Damaged.TYPE: lambda p: (
        f"{p.character} takes {p.amount} {'stunning ' if p.stunning else ''}{p.attribute} damage"
        f" (DR {p.dr} - PV {_pv(p)}{', ' + p.why if p.why else ''})."
    ),
    ev.StatusSet.TYPE: lambda p: (
        f"{p.character}: "
        + ", ".join(
            [*(f"now {s.value}" for s in p.add), *(f"no longer {s.value}" for s in p.remove)] or ["released"]
        )
        + (f"; {', '.join(p.switched_off)} off" if p.switched_off else "")
        + "."
    ),
    ev.SlamRolled.TYPE: lambda p: (
        roll_text(p.roll) + (f"; slammed {p.distance_ft} ft." if p.missed_by else "; stands firm.")
    ),
    ev.StaggerRolled.TYPE: lambda p: roll_text(p.roll) + ("." if p.roll.verdict.success else "; staggered."),
    ev.PowersChecked.TYPE: lambda p: _powers_checked(p),
    ev.AttackSettled.TYPE: lambda p: f"Attack {p.attack} is settled.",
    ev.Grabbed.TYPE: lambda p: (
        f"{p.attacker} already holds {p.target}: {p.manoeuvre}."
        if p.roll is None
        else roll_text(p.roll, bonus_why=p.bonus_why)
        + ("" if p.breakout is None else "; " + roll_text(p.breakout))
        + (f"; {p.target} is grabbed ({p.manoeuvre})." if p.held else ".")
        + (f" {p.target} may try to break out." if p.waits is not None else "")
    ),
    ev.BrokeOut.TYPE: lambda p: roll_text(p.roll) + (f"; {p.character} is grabbed." if p.held else "."),
    ev.Thrown.TYPE: lambda p: (
        f"{p.attacker} throws {p.target} {p.distance_ft} ft (throw rank {p.rank}, DR {p.dr})"
        + (
            f" into {p.into}."
            if p.at_character
            else f" into {p.into}: what it suffers is the GM's to rule."
            if p.into and p.into_pv is None
            else f" into {p.into}, which takes {p.object_damage}."
            if p.into
            else "."
        )
    ),
    ev.BrokeFree.TYPE: lambda p: roll_text(p.roll) + ".",
    ev.Exploded.TYPE: lambda p: (
        roll_text(p.roll)
        + (
            "; " + ", ".join(f"{k} DR {v}" for k, v in p.hits.items()) + "."
            if p.hits
            else "; it goes astray."
        )
        + (f" {', '.join(p.cover)} may dive for cover first." if p.cover else "")
    ),
    ev.BlastAnswered.TYPE: lambda p: (
        (
            f"{p.character} dives for cover"
            + (" and is safe." if p.safe else ", but cover is too far to help.")
        )
        if p.dive
        else f"{p.character} stands in the blast."
    ),
    ev.Rested.TYPE: lambda p: _rested(p),
    ev.Healed.TYPE: lambda p: _healed(p),
    ev.HazardAdded.TYPE: lambda p: (
        f"In the environment: {p.hazard.text}"
        + (
            f" (driven by {p.names.get(p.hazard.controller, p.hazard.controller)})."
            if p.hazard.controller
            else "."
        )
    ),
    ev.HazardSteered.TYPE: lambda p: (
        f"{p.character} steers {p.vehicle or 'it'} now" + (f": {p.text}." if p.text else ".")
    ),
    ev.EnvironmentActed.TYPE: lambda p: (
        f"End of round {p.round}, the environment moves: "
        + (", ".join(p.moved) or "nothing")
        + "."
        + "".join(f" {cid} falls." for cid in p.fell)
    ),
    ev.SceneEnded.TYPE: lambda p: "The scene ends.",
    ev.StuntUsed.TYPE: lambda p: _stunt_used(p),
    ev.FightEnded.TYPE: lambda p: "The fight is over." + "".join(f" {cid} falls." for cid in p.fell),
}


def _characters(payload: Any) -> tuple[str, ...]:
    out = []
    for field in ("character", "attacker", "target"):
        value = getattr(payload, field, None)
        if isinstance(value, str):
            out.append(value)
    return tuple(out)


def _words(text: Callable[[Any], str]) -> Callable[[Any, Event, Viewer], Description]:
    """Words for an event, credited to the seat that sent the command, except a turn's start: the
    rules speak it (``actor=""``), whoever's end of turn or answer set it off (BPB-TIME-002)."""

    def words(payload: Any, event: Event, viewer: Viewer) -> Description:
        hidden = isinstance(payload, ev.GmNoted) and not viewer.is_gm
        return Description(
            text="The GM writes a private note." if hidden else text(_named(payload)),
            actor="" if isinstance(payload, ev.TurnBegan) else None,
            characters=_characters(payload),
            hidden=hidden,
        )

    return words


#: event type -> words for it
WORDS = {t: _words(f) for t, f in _TEXT.items()}

COMMAND_WORDS: dict[str, str] = {
    "add_character": "add a character",
    "gm_note": "write a private note",
    "start_session": "start a session",
    "award": "award a plot point",
    "call_task": "call for a task roll",
    "contest": "call a competition",
    "withdraw": "withdraw a call",
    "team_task": "call a team task",
    "roll": "roll a called task",
    "start_fight": "start a fight",
    "end_turn": "end the turn",
    "aware": "rule who becomes aware",
    "delay": "hold the action",
    "preempt": "act now (held action)",
    "move": "move",
    "pace": "declare a run or sprint to make after the task",
    "act": "free or roleplay action",
    "switch": "switch a power on or off",
    "guard": "block or dodge until the next action",
    "attack": "attack",
    "defend": "block, dodge or take the hit",
    "permit_power": "rule on a power of similar theme",
    "rule_range": "rule on an attack beyond range",
    "step_in": "step in front of an attack on someone else",
    "extreme": "choose the extreme effect",
    "keep_powers": "keep powers on",
    "resist": "resist a slam or stagger",
    "grab": "grab",
    "break_free": "break free",
    "break_out": "break out of a grab",
    "ram": "ram",
    "explode": "throw an explosive",
    "dive": "dive for cover from an explosion",
    "rest": "rest half an hour",
    "heal": "heal over days",
    "spend": "spend a plot point",
    "end_fight": "end the fight",
    "add_hazard": "add a falling object or vehicle",
    "end_scene": "end the scene",
    "use_stunt": "use a stunt's resource",
    "steer": "steer your vehicle now",
}


def _attack_odds(state: BpbState, actor: str) -> list[tuple[str, ...]]:
    """Each attack the acting character could make on each character standing in the fight (one not in it
    is no one's to attack, BPB-INIT-001), with its exact odds."""
    a, fight = state.characters.get(actor), state.fight
    if a is None or fight is None:
        return []
    rows: list[tuple[str, ...]] = []
    for t in state.characters.values():
        statuses = state.condition(t.id).statuses
        out = Status.UNCONSCIOUS in statuses or Status.DEAD in statuses
        if t.id == a.id or t.id not in fight.order.order or out:
            continue
        powers = (*a.powers, *stunt_powers(state, a))  # a stunt's attack counts for its time (src 481)
        for power in (None, *(p for p in powers if p.attack is not None and not p.exploding_ft)):
            task = attack_task(state, a, t, power, [])
            if task.impossible:
                continue
            odds = task_odds(task)
            rows.append(
                (
                    t.name,
                    power.name if power else "unarmed",
                    f"2d6+{task.attribute + task.bonus} vs {task.difficulty}",
                    f"{odds.p_success:.0%}",
                    f"{odds.p_extreme:.0%}" if task.extreme_need is not None else "-",
                )
            )
    return rows


def _statuses(state: BpbState, cid: str) -> list[str]:
    """The Status cell: the condition's statuses, and "unaware" while the GM has not ruled the
    character aware of their opponents (BPB-INIT-001). Every seat sees it: the order of play and
    the log already say it to all, and a player whose character is unaware needs to know why they
    act last and cannot attack."""
    c = state.condition(cid)
    holder = state.characters.get(c.held_by) if c.held_by is not None else None
    # BPB-GRAB-005: whose grip holds them (the break-free roll is against that holder's Brawn or Agility,
    # src 315), and whom a holder holds: the cell said a bare "restrained", naming neither
    out = [
        f"restrained (held by {holder.name})" if s is Status.RESTRAINED and holder is not None else s.value
        for s in c.statuses
    ]
    out += [
        f"holding {ch.name}"
        for o, oc in state.conditions.items()
        if oc.held_by == cid and (ch := state.characters.get(o)) is not None
    ]
    # BPB-REC-003, BPB-PP-007/009: what changes the ranks a roll uses (rank_of), so a player reads why a
    # roll is lower or higher than the sheet: drains until the rest, boosts and stunts for their time
    out += [f"{name} drained {n}" for name, n in c.drained.items() if n]
    boosted: dict[str, int] = {}
    for boost in c.boosts:
        if not boost.enhancement:
            boosted[boost.name] = boosted.get(boost.name, 0) + 1
    out += [f"{name} boosted +{n}" for name, n in boosted.items()]
    out += [f"{b.name} + {b.enhancement}" for b in c.boosts if b.enhancement]
    out += [f"{st.power} as {st.used_as} {st.rank}" for st in c.stunts]
    if c.airborne:  # BPB-GRAB-011: why a trip is refused
        out.append("in the air")
    if state.fight is not None and cid in state.fight.unaware:
        out.append("unaware")
    return out


def panels(state: BpbState, viewer: Viewer) -> list[Panel]:
    """The tracker: order of play and turn, then Endurance, stunning, statuses, plot points."""
    out: list[Panel] = []
    fight = state.fight
    rows: list[tuple[str, ...]] = []
    order = fight.order.order if fight else tuple(state.characters)
    for cid in order:
        ch = state.characters.get(cid)
        if ch is None:
            continue
        c = state.condition(cid)
        mark = ""
        if fight is not None:
            if fight.turn.actor == cid:
                mark = (
                    "acting"
                    + (" (task used)" if fight.turn.task else "")
                    + (f", {fight.turn.moved.value}" if fight.turn.moved else "")
                )
            elif cid in fight.delayed:
                mark = "holding"
            guard = fight.guards.get(cid)
            if guard:  # the attacks it has met (BPB-DEF-003), or in an older log's guard its attempts
                met = guard.faced if guard.faced is not None else guard.attempts
                mark = (mark + "; " if mark else "") + f"{guard.kind} x{met}"
            if fight.forced.get(cid) == fight.order.round:
                mark = (mark + "; " if mark else "") + "forced"
        end = rank_of(state, ch, "Endurance")  # a boost counts for its round (BPB-PP-007)
        rows.append(
            (
                ch.name,
                f"{end - c.lost - c.stunning}/{end}",
                str(c.lost),
                str(c.stunning),
                ", ".join(_statuses(state, cid)) or "-",
                str(state.plot_points(cid)),  # the player's (BPB-PP-001)
                str(c.lost_actions),
                mark or "-",
            )
        )
    title = f"Round {fight.order.round}" if fight else "Characters"
    out.append(
        Panel(
            title=title,
            columns=(
                "Character",
                "Endurance",
                "Damage",
                "Stunning",
                "Status",
                "Plot points",
                "Lost actions",
                "Turn",
            ),
            rows=tuple(rows),
        )
    )
    if fight is not None and fight.pending is None:
        odds = _attack_odds(state, fight.turn.actor)
        if odds:
            actor = state.characters[fight.turn.actor].name
            out.append(
                Panel(
                    title=f"Odds for {actor}",
                    columns=("Target", "Attack", "Roll", "Success", "Extreme"),
                    rows=tuple(odds),
                    note="Exact odds before the roll, with every modifier the table shows.",
                )
            )
    if state.calls:
        out.append(
            Panel(
                title="Calls",
                columns=("Call", "Who", "Roll", "Difficulty", "Successes", "Attempts"),
                rows=tuple(
                    (
                        str(k),
                        ", ".join(_side(state, s) for s in _members(c)),
                        c.attribute,
                        str(c.difficulty),
                        _tally(state, c, c.successes, pooled=True)
                        + (f" of {c.required}" if c.required else ""),
                        _tally(state, c, c.attempts, pooled=c.team)
                        + (f" of {c.max_attempts}" if c.max_attempts else ""),
                    )
                    for k, c in state.calls.items()
                ),
            )
        )
    if state.session:
        hint = state.config.award_hint
        out.append(
            Panel(
                title="Session",
                columns=("Session", "Plot points awarded", "Guideline"),
                rows=((str(state.session), str(state.awards), f"{hint} per player"),),
            )
        )
    if viewer.is_gm and state.gm_notes:
        out.append(Panel(title="GM notes", columns=("Note",), rows=tuple((n,) for n in state.gm_notes)))
    return out
