"""Bulletproof Blues 2e as a capeworks ruleset: the command table, the fold, prompts and words.

Who may issue what: the GM sets difficulties, starts fights, rests and awards
(the GM's authority); players act for their own characters, the GM for the
GM's; a hit's decisions are prompts to whoever plays the one deciding.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, cast

from pydantic import BaseModel

from capeworks.engine import (
    Authority,
    CommandOf,
    CommandSpec,
    Event,
    Panel,
    Prompt,
    Role,
    Ruleset,
    Seat,
    Viewer,
    command_table,
)
from capeworks.engine.kit import GmNotesHidden
from capeworks.engine.names import NamedCharacters
from capeworks.engine.ruleset import SampleSession
from capeworks.errors import InvalidCommand, RuleViolation
from capeworks.systems.bpb import (
    allies,
    attacks,
    blasts,
    calls,
    environment,
    grabs,
    interpose,
    rams,
    roster,
    similar,
    turns,
)
from capeworks.systems.bpb import commands as cmd
from capeworks.systems.bpb.config import BpbConfig
from capeworks.systems.bpb.events import EVENTS, UPCASTERS
from capeworks.systems.bpb.lookups import (
    enhanced,
    require_action_left,
    require_attack,
    require_aware,
    require_turn,
    stunt_powers,
)
from capeworks.systems.bpb.model import Status
from capeworks.systems.bpb.prompts import call_prompted, open_prompts
from capeworks.systems.bpb.render import COMMAND_WORDS, WORDS, panels
from capeworks.systems.bpb.sheet import AttackKind, Character
from capeworks.systems.bpb.state import BpbState, dumped, fold

__all__ = ["COMMANDS", "BpbRuleset"]

GM, OWNER, ANY = Authority.GM, Authority.OWNER, Authority.ANY
Offer = Callable[[Any, Seat], list[dict[str, Any]]]


def _plays(state: BpbState, seat: Seat, cid: str) -> bool:
    ch = state.characters.get(cid)
    if ch is None:
        return False
    return seat.plays(ch.owner)


def _acting(field: str = "character") -> Offer:
    """Offer the command for the acting character to whoever plays them."""

    def offer(state: BpbState, seat: Seat) -> list[dict[str, Any]]:
        fight = state.fight
        if fight is None or fight.pending is not None or not _plays(state, seat, fight.turn.actor):
            return []
        return [{field: fight.turn.actor}]

    return offer


def _passes(check: Callable[..., object], *args: Any, **options: Any) -> bool:
    """Whether a rules check (one that raises when the command would be refused) lets it through."""
    try:
        check(*args, **options)
    except (RuleViolation, InvalidCommand):
        return False
    return True


def _acting_if(allowed: Callable[[BpbState, Character], object], field: str = "character") -> Offer:
    """:func:`_acting`, offered only while the rules' own check for the command passes (``allowed``
    raises RuleViolation or InvalidCommand when not): no attack once the turn's task action is spent
    (BPB-ACT-001), unless an Extra Attacks stunt has attacks left (src 483), so the menu holds nothing
    that can only be refused."""
    acting = _acting(field)

    def offer(state: BpbState, seat: Seat) -> list[dict[str, Any]]:
        offered = acting(state, seat)
        who = state.characters.get(state.fight.turn.actor) if offered and state.fight is not None else None
        if who is None or not _passes(allowed, state, who):
            return []
        return offered

    return offer


def _switching(state: BpbState, who: Character) -> None:
    """Switching (BPB-ACT-003): on one's own turn, with an activated power that may be switched now (off
    when on; on when off, unless staggered: BPB-XS-008)."""
    require_turn(state, who)
    require_action_left(state, who, "free", gm=False)  # the half dozen spent: the GM issues any more
    on = state.condition(who.id).on
    if not any(
        _passes(turns.require_switchable, state, who, p, on=p.name not in on)
        for p in who.powers
        if p.activated
    ):
        raise RuleViolation("BPB-ACT-003", f"{who.name} has no power to switch on or off now.")


def _steering(state: BpbState, who: Character) -> None:
    """Steering (BPB-INIT-004): a vehicle of theirs not yet moved this round, on their own turn."""
    hazards = state.fight.hazards if state.fight is not None else ()
    require_action_left(state, who, "free", gm=False)  # the half dozen spent: the GM issues any more
    if not any(_passes(environment.require_steerable, state, who, h) for h in hazards):
        raise InvalidCommand(f"{who.name} controls nothing that may move now.")


def _declared_by_gm(offer: Offer) -> Offer:
    """``offer``, and for the GM the acting player's character's attack when it may reach beyond a power's
    range: src 111, "at the GM's discretion. If the GM declares that the attack is possible"; with no
    standing declaration (``max_extra_bands``) a player's attack beyond range is refused and the GM
    declares it possible by issuing it (BPB-RANGE-002), so the GM's menu holds it whenever the character
    has a power used at a distance and the rules' own test of an attack now passes."""

    def out(state: BpbState, seat: Seat) -> list[dict[str, Any]]:
        offered = offer(state, seat)
        fight = state.fight
        if offered or seat.role is not Role.GM or fight is None or state.config.max_extra_bands is not None:
            return offered
        who = state.characters.get(fight.turn.actor)
        if who is None or not who.owner or fight.pending is not None:
            return offered
        powers = (*who.powers, *stunt_powers(state, who))
        ranged = any(p.attack not in (None, AttackKind.MELEE) for p in powers)
        return [{"attacker": who.id}] if ranged and _passes(require_attack, state, who) else offered

    return out


def _bare_handed(state: BpbState, a: Character, t: Character) -> None:
    """The rules' own checks of a bare-handed attack by ``a`` on ``t`` now (awareness, BPB-INIT-001; a roll
    that can reach, BPB-ROLL-005), as an aimed way of the menu issues it."""
    require_aware(state, a)
    attacks.attack_task(state, a, t, None, [], what=a.name)


def _foes_first(offer: Offer) -> Offer:
    """``offer``, with the GM's sides named (BPB-TURN-004), first aimed at each foe standing whom a
    bare-handed attack can reach now (:func:`allies.foes`), then open: so the menu's first (default)
    target is never an ally, while the open way still takes anyone (no seed line bars one: src 133, 411)."""

    def out(state: BpbState, seat: Seat) -> list[dict[str, Any]]:
        ways: list[dict[str, Any]] = []
        for way in offer(state, seat):
            a = state.characters.get(way.get("attacker", ""))
            if a is not None and "target" not in way:
                for cid in allies.foes(state, a):
                    if _passes(_bare_handed, state, a, state.characters[cid]):
                        ways.append({**way, "target": cid})
            ways.append(way)
        return ways

    return out


#: the attacks' offer: the rules' own test of an attack now (the task action, or an Extra Attacks stunt's)
_ATTACKING = _acting_if(require_attack, "attacker")
#: an attack's, at a foe first; for the GM also a player's that may reach beyond range (the GM declares it)
_AT_RANGE = _declared_by_gm(_foes_first(_ATTACKING))


def _gm_throws(state: BpbState, seat: Seat) -> list[dict[str, Any]]:
    """BPB-DMG-003 (src 411): who an explosion catches, and how far from its centre, is the scene the GM
    keeps, so the GM's seat throws it: the GM's menu holds the acting character's explosion (a player's
    too) while the rules' own test of an attack passes and the character has something that explodes; a
    player's menu holds none."""
    fight = state.fight
    if seat.role is not Role.GM or fight is None or fight.pending is not None:
        return []
    who = state.characters.get(fight.turn.actor)
    if who is None or not _passes(require_attack, state, who):
        return []
    return [{"attacker": who.id}] if any(enhanced(state, who, p).exploding_ft for p in who.powers) else []


def _gm_too(offer: Offer) -> Offer:
    """``offer``, and for the GM the acting player's character's grab too: where a throw lands on someone
    else, or what a wall it lands in is made of, is the GM's to say (BPB-GRAB-009, src 347, 353), so the GM's
    seat issues such a throw for the player, and its menu holds it while the rules' own test of an attack
    passes."""

    def out(state: BpbState, seat: Seat) -> list[dict[str, Any]]:
        offered = offer(state, seat)
        fight = state.fight
        if offered or seat.role is not Role.GM or fight is None or fight.pending is not None:
            return offered
        who = state.characters.get(fight.turn.actor)
        if who is None or not who.owner or not _passes(require_attack, state, who):
            return offered
        return [{"attacker": who.id}]

    return out


#: a ram's: an attack that is also the turn's movement (BPB-GRAB-013), so not once moved nor while prone
_RAMMING = _acting_if(rams.require_charge, "attacker")
_ON_THE_MOVE = _acting_if(turns.require_on_the_move)


def _moving(state: BpbState, seat: Seat) -> list[dict[str, Any]]:
    """The move (BPB-ACT-004) the rules' own check takes now, as the table takes it: for one prone,
    standing up (src 127: a walk from the floor is refused); for one held, by each movement power that
    goes now (src 329: no "normal movement" until they break free)."""
    out: list[dict[str, Any]] = []
    for o in _ON_THE_MOVE(state, seat):
        who = state.characters[o["character"]]
        cond = state.condition(who.id)
        if Status.PRONE in cond.statuses:
            out.append({**o, "stand_up": True})
        elif cond.held_by is not None:
            movers = [p for p in (*who.powers, *stunt_powers(state, who)) if p.movement]
            out += [
                {**o, "power": p.name} for p in movers if _passes(turns.require_switched_on, state, who, p)
            ]
        else:
            out.append(o)
    return out


def _breaking_free(state: BpbState, who: Character) -> None:
    """Breaking free (BPB-GRAB-005): for one held, with the turn's task action still to spend, and a roll
    that can reach (BPB-ROLL-005, src 153) or a plot point to buy it (src 469)."""
    holder = state.condition(who.id).held_by
    if holder is None:
        raise RuleViolation("BPB-GRAB-005", f"{who.name} is not held.")
    require_turn(state, who, task=True)
    task = grabs.break_free_task(state, who, state.characters[holder])
    if task.impossible and state.plot_points(who.id) < 1:
        raise RuleViolation("BPB-ROLL-005", f"{who.name} cannot break {holder}'s hold by any roll.")


def _gm_if(allowed: Callable[[BpbState], object]) -> Offer:
    """A GM command (the GM's seat alone: an offer is asked of every seat), offered while the handler's own
    check passes: no rest or end of scene in the middle of a fight (BPB-REC-001, BPB-TIME-001), no end of a
    fight with none going on (BPB-TIME-002), nor one with a hit or an explosion unsettled (BPB-ATK-001)."""

    def offer(state: BpbState, seat: Seat) -> list[dict[str, Any]]:
        return [{}] if seat.role is Role.GM and _passes(allowed, state) else []

    return offer


def _holding(state: BpbState, seat: Seat) -> list[dict[str, Any]]:
    """Pre-empting (BPB-TURN-002) with a held action, where the handler's own check takes it now: not
    before one quicker (a tie only by the GM), nor with an attack unsettled (BPB-TURN-007)."""
    fight = state.fight
    if fight is None:
        return []
    gm = seat.role is Role.GM
    return [
        {"character": cid}
        for cid in fight.delayed
        if _plays(state, seat, cid) and _passes(turns.require_preempt, state, state.characters[cid], gm=gm)
    ]


def _calls(state: BpbState, seat: Seat) -> list[dict[str, Any]]:
    """Rolls of open calls the seat's characters may make now (the rules' own check: attempts left, their
    turn in a competition's round, in a fight the task action unless a reaction); one out of reach
    (BPB-ROLL-005) only for a player with a plot point to buy it (src 469), so the menu holds nothing
    that can only be refused. A roll its prompt already carries is the prompt's answer, not a menu item."""
    out: list[dict[str, Any]] = []
    for call in state.calls.values():
        if call_prompted(state, call):
            continue
        for cid in call.sides:
            who = state.characters[cid]
            if not _plays(state, seat, cid) or not _passes(calls.require_may_roll, state, call, who):
                continue
            if not calls.called_task(state, call, who).impossible:
                out.append({"call": call.id, "character": cid})
            elif state.plot_points(cid) > 0 and not call.no_automatic:
                # the offer is the spend itself: a roll without the point is refused (src 153, 469)
                out.append({"call": call.id, "character": cid, "plot_point": True})
    return out


def _owned(state: BpbState, seat: Seat) -> list[dict[str, Any]]:
    return [{"character": cid} for cid in state.characters if _plays(state, seat, cid)]


def _owned_or_any_for_gm(state: BpbState, seat: Seat) -> list[dict[str, Any]]:
    """The seat's characters, and for the GM every character: some uses are the GM's to allow and issue
    for a player's character (another use of a plot point, BPB-PP-013; the movement action spent on
    something else, BPB-ACT-005), so the GM's menu holds them too."""
    if seat.role is Role.GM:
        return [{"character": cid} for cid in state.characters]
    return _owned(state, seat)


def _guarding(state: BpbState, seat: Seat) -> list[dict[str, Any]]:
    """Block or dodge (BPB-DEF-002/007), for the seat's characters the rules' own check takes now: the task
    action of their turn, or a forced action off-turn (BPB-TURN-004), the offer saying which (a guard issued
    as offered is taken); nobody outside a fight."""
    if state.fight is None:
        return []
    guards = turns.require_guard
    return [
        {**o, "forced": f}
        for o in _owned(state, seat)
        for f in (False, True)
        if _passes(guards, state, state.characters[o["character"]], forced=f)
    ]


def _spending(state: BpbState, seat: Seat) -> list[dict[str, Any]]:
    """Plot points to spend (BPB-PP-005); the GM's menu holds every character's, since the GM spends a
    player's for a longer boost or another use (BPB-PP-008, BPB-PP-013)."""
    return [o for o in _owned_or_any_for_gm(state, seat) if state.plot_points(o["character"]) > 0]


def _counting(state: BpbState, seat: Seat) -> list[dict[str, Any]]:
    """Stunts with a countable resource left (BPB-PP-010)."""
    return [o for o in _owned(state, seat) if any(s.uses for s in state.condition(o["character"]).stunts)]


#: the GM ends a scene once its fight is over (BPB-TIME-001)
_SCENE_ENDS = _gm_if(roster.require_no_fight)

_SPECS: dict[str, CommandOf[BpbState, BpbConfig]] = {
    "add_character": CommandSpec(cmd.AddCharacter, roster.add_character, ANY),
    "gm_note": CommandSpec(cmd.GmNote, roster.gm_note, GM, "write private notes"),
    "start_session": CommandSpec(cmd.StartSession, roster.start_session, GM, "start a session"),
    "award": CommandSpec(cmd.Award, roster.award, GM, "award plot points"),
    "call_task": CommandSpec(cmd.CallTask, calls.call_task, GM, "call for task rolls and set difficulties"),
    "contest": CommandSpec(cmd.Contest, calls.contest, GM, "call competitions"),
    "team_task": CommandSpec(cmd.TeamTask, calls.team_task, GM, "call for team tasks"),
    "withdraw": CommandSpec(cmd.Withdraw, calls.withdraw, GM, "withdraw calls"),
    "roll": CommandSpec(cmd.RollTask, calls.roll_task, OWNER, offer=_calls),
    "start_fight": CommandSpec(cmd.StartFight, turns.start_fight, GM, "start fights"),
    "aware": CommandSpec(cmd.Aware, turns.aware, GM, "rule who is aware"),
    "end_turn": CommandSpec(cmd.EndTurn, turns.end_turn, OWNER, offer=_acting()),
    "delay": CommandSpec(cmd.Delay, turns.delay, OWNER, offer=_acting_if(turns.require_delay)),
    "preempt": CommandSpec(cmd.Preempt, turns.preempt, OWNER, offer=_holding),
    "move": CommandSpec(cmd.Move, turns.move, OWNER, offer=_moving),
    "pace": CommandSpec(cmd.Pace, turns.pace, OWNER, offer=_acting_if(turns.require_pace)),
    "act": CommandSpec(cmd.Act, turns.act, OWNER, offer=_owned_or_any_for_gm),
    "switch": CommandSpec(cmd.Switch, turns.switch, OWNER, offer=_acting_if(_switching)),
    "guard": CommandSpec(cmd.Guard, turns.guard, OWNER, offer=_guarding),
    "attack": CommandSpec(cmd.Attack, attacks.attack, OWNER, owner_field="attacker", offer=_AT_RANGE),
    "defend": CommandSpec(cmd.Defend, similar.defend, OWNER, prompt_only=True),
    "permit_power": CommandSpec(
        cmd.PermitPower, similar.permit_power, GM, "rule on powers of a similar theme", prompt_only=True
    ),
    "rule_range": CommandSpec(
        cmd.RuleRange, attacks.rule_range, GM, "rule on attacks beyond range", prompt_only=True
    ),
    "step_in": CommandSpec(cmd.StepIn, interpose.step_in, OWNER, prompt_only=True),
    "extreme": CommandSpec(cmd.Extreme, attacks.extreme, ANY, prompt_only=True),
    "keep_powers": CommandSpec(cmd.KeepPowers, attacks.keep_powers, OWNER, prompt_only=True),
    "resist": CommandSpec(cmd.Resist, attacks.resist, OWNER, prompt_only=True),
    "grab": CommandSpec(cmd.Grab, grabs.grab, OWNER, owner_field="attacker", offer=_gm_too(_ATTACKING)),
    "ram": CommandSpec(cmd.Ram, rams.ram, OWNER, owner_field="attacker", offer=_RAMMING),
    "break_free": CommandSpec(cmd.BreakFree, grabs.break_free, OWNER, offer=_acting_if(_breaking_free)),
    "break_out": CommandSpec(cmd.BreakOut, grabs.break_out, OWNER, prompt_only=True),
    "explode": CommandSpec(cmd.Explode, blasts.explode, OWNER, owner_field="attacker", offer=_gm_throws),
    "dive": CommandSpec(cmd.Dive, blasts.dive, OWNER, prompt_only=True),
    "rest": CommandSpec(cmd.Rest, roster.rest, GM, "call a rest", offer=_gm_if(roster.require_rest_time)),
    "heal": CommandSpec(cmd.Heal, roster.heal, GM, "pass days of healing"),
    "spend": CommandSpec(cmd.Spend, roster.spend, OWNER, offer=_spending),
    "end_fight": CommandSpec(
        cmd.EndFight, turns.end_fight, GM, "end fights", offer=_gm_if(turns.require_settled)
    ),
    "end_scene": CommandSpec(cmd.EndScene, roster.end_scene, GM, "end scenes", offer=_SCENE_ENDS),
    "use_stunt": CommandSpec(cmd.UseStunt, roster.use_stunt, OWNER, offer=_counting),
    "add_hazard": CommandSpec(cmd.AddHazard, environment.add_hazard, GM, "move the environment"),
    "steer": CommandSpec(cmd.Steer, environment.steer, OWNER, offer=_acting_if(_steering)),
}
COMMANDS = command_table(_SPECS)


class BpbRuleset(NamedCharacters, GmNotesHidden, Ruleset[BpbState, BpbConfig]):
    """Bulletproof Blues 2e: 2d6 + attribute, extreme success, block and dodge, damage and protection."""

    name = "bpb"
    title = "Bulletproof Blues 2e"
    config_model = BpbConfig
    state_model = BpbState
    commands: ClassVar[Mapping[str, CommandSpec[Any, Any, Any]]] = COMMANDS
    events = EVENTS
    upcasters = UPCASTERS
    words = WORDS
    command_words = COMMAND_WORDS
    has_gm = True

    def initial_state(self, config: BpbConfig) -> BpbState:
        return BpbState(config=config)

    def apply(self, state: BpbState, event: Event) -> BpbState:
        return fold(state, event)

    def dumped(self, state: BaseModel) -> dict[str, Any]:
        """The state as JSON without new fields at their defaults: old logs read as they did."""
        return dumped(cast(BpbState, state))

    def prompts(self, state: BpbState) -> list[Prompt]:
        return open_prompts(state)

    def panels(self, state: BpbState, viewer: Viewer) -> list[Panel]:
        return panels(state, viewer)

    def sample_session(self) -> SampleSession:
        from capeworks.systems.bpb.samples import sample_session

        return sample_session()
