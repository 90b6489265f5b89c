"""The Workshop's shots combat as a capeworks ruleset: the command table, the fold, prompts and words.

Registration only: the handlers live in :mod:`.flow` (Sequences, Shots), :mod:`.combat`
(attacks, Active Defense), :mod:`.actions` (the rest) and :mod:`.harm` (damage); the fold in
:mod:`.state`; words and panels in :mod:`.render`. The GM owns NPCs, difficulties, falls, statuses
and time; players act for their own characters.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any, ClassVar, cast

from pydantic import BaseModel

from capeworks.engine import (
    Authority,
    Batch,
    CommandOf,
    CommandSpec,
    Context,
    DiceService,
    Event,
    Panel,
    Prompt,
    PromptOption,
    Role,
    Ruleset,
    Seat,
    Viewer,
    command_table,
    declare_events,
)
from capeworks.engine.kit import GmNotesHidden
from capeworks.engine.names import NamedCharacters, addressee, plural_subjects
from capeworks.engine.ruleset import SampleSession
from capeworks.errors import RuleViolation
from capeworks.systems.workshop import actions, card_wound, combat, flow, mooks, narration
from capeworks.systems.workshop import commands as cmd
from capeworks.systems.workshop.common import (
    check_is_action,
    confused,
    free_move,
    impairment,
    speed_bump,
    tie_keys,
    wound_penalty,
)
from capeworks.systems.workshop.config import InitiativeSystem, MookModel, WorkshopConfig
from capeworks.systems.workshop.events import EVENTS, UPCASTERS
from capeworks.systems.workshop.odds import p_success, percent
from capeworks.systems.workshop.render import COMMAND_WORDS, WORDS, panels
from capeworks.systems.workshop.sheet import Combatant, Weapon
from capeworks.systems.workshop.state import WorkshopState, dumped, fold
from capeworks.systems.workshop.turn import Pending

__all__ = ["COMMANDS", "WorkshopRuleset"]

GM, OWNER, ANY = Authority.GM, Authority.OWNER, Authority.ANY
Offer = Callable[[Any, Seat], list[dict[str, Any]]]


def _plays(seat: Seat, c: Combatant) -> bool:
    return seat.plays(c.owner)


def _acting(state: WorkshopState, seat: Seat) -> Combatant | None:
    """The combatant whose turn (or extra Action) it is, when this seat plays them and they can act."""
    if state.pending is not None or state.bid is not None or state.offers:
        return None
    who = state.turn.extra or state.turn.current
    c = state.characters.get(who) if who else None
    return c if c is not None and _plays(seat, c) and c.can_act else None


def _action_unspent(state: WorkshopState, c: Combatant) -> bool:
    """Has ``c`` this turn's Action still (``common.acting``'s test): an extra Action always; else not once
    used, nor lost to an Active Dodge (WS-MOOK-001)."""
    t = state.turn
    return t.extra == c.id or not (t.action_used or c.has("loses_action"))


def _offer_if(test: Callable[[WorkshopState, Combatant], bool]) -> Offer:
    """Offer the acting combatant's command only when ``test`` passes: the menu holds no command the
    rules can only refuse (an attack once the Action is spent, anything but steadying while Shaken)."""

    def offer(state: WorkshopState, seat: Seat) -> list[dict[str, Any]]:
        c = _acting(state, seat)
        return [{"character": c.id}] if c is not None and test(state, c) else []

    return offer


def _steady_action(state: WorkshopState, c: Combatant) -> bool:
    """An Action that needs a steady hand: unspent, and not Shaken (WS-SHAKEN-003: steady first)."""
    return _action_unspent(state, c) and not c.has("shaken")


def _passes(check: Callable[..., object], *args: Any) -> bool:
    """Whether a handler's own check (raising RuleViolation where it refuses) lets ``args`` through."""
    try:
        check(*args)
    except RuleViolation:
        return False
    return True


def _may_cover(state: WorkshopState, c: Combatant) -> bool:
    """WS-COVER-003: a table's option, with a weapon of theirs that lays covering fire."""
    if not (state.config.covering_fire and _steady_action(state, c)):
        return False
    return any(_passes(actions.require_covering_weapon, c, name) for name in c.weapons)


def _may_steady(state: WorkshopState, c: Combatant) -> bool:
    return _action_unspent(state, c) and c.has("shaken")  # WS-SHAKEN-003


def _may_rest(state: WorkshopState, c: Combatant) -> bool:
    """WS-DMG-006: a whole turn of nothing but rest, on one's own turn."""
    t = state.turn
    return _action_unspent(state, c) and t.extra != c.id and not (t.move_used or c.busy or c.defended)


def _may_move(state: WorkshopState, c: Combatant) -> bool:
    """WS-SEQ-003: the turn's Move, else the Action as a Move (an Action: steady first); not knocked down."""
    return not c.has("knocked_down") and (free_move(state, c) or _steady_action(state, c))


def _may_get_up(state: WorkshopState, c: Combatant) -> bool:
    """WS-KNOCK-001: knocked down, with the Move or the Action (an Action: steady first) to get up with."""
    return c.has("knocked_down") and (free_move(state, c) or _steady_action(state, c))


#: a handler's check that ``p`` is a patient its Action may be used on (raises RuleViolation when not)
_PatientCheck = Callable[[WorkshopState, Combatant], object]


def _tending(check: _PatientCheck) -> Callable[[WorkshopState, Combatant], bool]:
    """A healer's Action (a steady one), offered only while someone at the table is a patient the handler's
    own ``check`` takes: with nobody knocked out, dying or wounded, there is no one to use it on."""

    def test(state: WorkshopState, c: Combatant) -> bool:
        return _steady_action(state, c) and any(_passes(check, state, p) for p in state.characters.values())

    return test


#: the patients each healing Action is for: knocked out by Shock (WS-SHOCK-002), dying and not tried too
#: lately (WS-DARK-002/003), with Wounds not yet bandaged (WS-WPEN-004)
_MAY_REVIVE = _tending(lambda state, p: actions.require_revivable(p))
_MAY_STABILISE = _tending(
    lambda state, p: actions.require_stabilisable(state, p, every=state.config.stabilise_every)
)
_MAY_TREAT = _tending(lambda state, p: actions.require_treatable(p))


def _fight_unstarted(state: WorkshopState, seat: Seat) -> list[dict[str, Any]]:
    """Starting the fight: offered to the GM (its authority) before its first Sequence, once someone can fight
    (WS-SEQ-001/002); once under way, Sequences follow each other by themselves."""
    if seat.role is not Role.GM or state.turn.sequence:
        return []
    return [{}] if any(c.can_act for c in state.characters.values()) else []


def _closing(state: WorkshopState, seat: Seat) -> list[dict[str, Any]]:
    """Ending the turn (or the Action out of Sequence): offered even when its combatant fell during it,
    "unable to act" (src 54), so that the turn can still be closed and play goes on."""
    if state.pending is not None or state.bid is not None or state.offers:
        return []
    who = state.turn.extra or state.turn.current
    c = state.characters.get(who) if who else None
    return [{"character": c.id}] if c is not None and _plays(seat, c) else []


def _with_shots(state: WorkshopState, seat: Seat) -> list[dict[str, Any]]:
    """Combatants of the seat with Shots to spend (their side not Confused), during a Sequence."""
    if not state.turn.sequence or state.pending is not None or state.bid is not None or state.offers:
        return []
    if state.config.initiative is InitiativeSystem.CARDS:  # WS-ALT-001: the stack alone orders
        return []
    return [
        {"character": c.id}
        for c in state.characters.values()
        if _plays(seat, c)
        and c.can_act
        and c.shots >= 1
        and c.id != state.turn.current
        and not confused(state, c)  # WS-CARD-003: no pool points may be used
    ]


def _raisers(state: WorkshopState, seat: Seat) -> list[dict[str, Any]]:
    t = state.turn
    return [
        o
        for o in _with_shots(state, seat)
        if o["character"] not in t.acted
        and o["character"] in t.order.order
        and not speed_bump(state.config, state.characters[o["character"]])  # last whatever (WS-MOOK-005)
    ]


def _extra(state: WorkshopState, seat: Seat) -> list[dict[str, Any]]:
    t = state.turn
    if t.extra:
        return []
    return [
        o
        for o in _with_shots(state, seat)
        if o["character"] in t.acted
        and state.characters[o["character"]].shots >= 3
        and not state.characters[o["character"]].has("loses_action")  # WS-MOOK-001
    ]


def _interrupters(state: WorkshopState, seat: Seat) -> list[dict[str, Any]]:
    """WS-SHOT-005: before the acting combatant has done anything, and not while someone acts out of
    Sequence (WS-SHOT-004), which the interrupt would cut into: the table refuses that."""
    t = state.turn
    return _raisers(state, seat) if not (t.action_used or t.move_used or t.extra) else []


#: every command: its payload, handler and who may issue it; prompt-only ones are answers only
_SPECS: dict[str, CommandOf[WorkshopState, WorkshopConfig]] = {
    "add_character": CommandSpec(cmd.AddCharacter, actions.add_character, ANY),
    "start_sequence": CommandSpec(
        cmd.StartSequence, flow.start_sequence_command, GM, "start the fight", offer=_fight_unstarted
    ),
    "end_turn": CommandSpec(cmd.EndTurn, flow.end_turn, OWNER, offer=_closing),
    "raise_initiative": CommandSpec(cmd.RaiseInitiative, flow.raise_initiative, OWNER, offer=_raisers),
    "extra_action": CommandSpec(cmd.ExtraAction, flow.extra_action, OWNER, offer=_extra),
    "interrupt": CommandSpec(cmd.Interrupt, flow.interrupt, OWNER, offer=_interrupters),
    "counter": CommandSpec(cmd.Counter, flow.counter, OWNER, prompt_only=True),
    "attack": CommandSpec(cmd.Attack, combat.attack, OWNER, offer=_offer_if(_steady_action)),
    "defend": CommandSpec(cmd.Defend, combat.defend, OWNER, prompt_only=True),
    "move": CommandSpec(cmd.Move, actions.move, OWNER, offer=_offer_if(_may_move)),
    "rest": CommandSpec(cmd.Rest, actions.rest, OWNER, offer=_offer_if(_may_rest)),
    "rollless": CommandSpec(cmd.Rollless, actions.rollless, OWNER, offer=_offer_if(_steady_action)),
    "cover": CommandSpec(cmd.Cover, actions.cover, OWNER, offer=_offer_if(_may_cover)),
    "steady": CommandSpec(cmd.Steady, actions.steady, OWNER, offer=_offer_if(_may_steady)),
    "get_up": CommandSpec(cmd.GetUp, actions.get_up, OWNER, offer=_offer_if(_may_get_up)),
    "revive": CommandSpec(cmd.Revive, actions.revive, OWNER, offer=_offer_if(_MAY_REVIVE)),
    "stabilise": CommandSpec(cmd.Stabilise, actions.stabilise, OWNER, offer=_offer_if(_MAY_STABILISE)),
    "treat": CommandSpec(cmd.Treat, actions.treat, OWNER, offer=_offer_if(_MAY_TREAT)),
    "welcome_cinematic": CommandSpec(cmd.WelcomeCinematic, actions.welcome_cinematic, OWNER),
    "fall": CommandSpec(cmd.Fall, actions.fall, GM, "make someone fall"),
    "set_status": CommandSpec(cmd.SetStatus, actions.set_status, GM, "set statuses"),
    "place_wall": CommandSpec(cmd.PlaceWall, actions.place_wall, GM, "say where the walls stand"),
    "pass_time": CommandSpec(cmd.PassTime, actions.pass_time, GM, "let time pass"),
    "call_check": CommandSpec(cmd.CallCheck, actions.call_check, GM, "call for rolls and set difficulties"),
    "roll_check": CommandSpec(cmd.RollCheck, actions.roll_check, ANY, prompt_only=True),
    "heal_cinematic": CommandSpec(cmd.HealCinematic, actions.heal_cinematic, GM, "heal Cinematic Wounds"),
    "rouse": CommandSpec(cmd.Rouse, actions.rouse, GM, "end a knock-out the rules give no end"),
    "end_session": CommandSpec(cmd.EndSession, actions.end_session, GM, "end the session"),
    "gm_note": CommandSpec(cmd.GmNote, actions.gm_note, GM, "write private notes"),
    "card_wound": CommandSpec(cmd.CardWound, card_wound.card_wound, GM, "give Wounds", prompt_only=True),
    "mook_strike": CommandSpec(cmd.MookStrike, mooks.mook_strike, GM, "play the mooks", prompt_only=True),
    "narrated": CommandSpec(cmd.Narrated, narration.narrated, GM, "narrate", prompt_only=True),
}
COMMANDS = command_table(_SPECS)


def _hit_at_all(
    state: WorkshopState, p: Pending, w: Weapon, shots: list[Combatant], c: Combatant, bonus: int
) -> Fraction:
    """The chance that at least one of the snapshots ``shots`` (each rolled apart, src 31) hits ``c`` with
    ``bonus`` more Defense; a static attack's snapshots hit or do not (WS-SHOT-003)."""
    missed = Fraction(1)
    defense = combat.defense_of(state, c) + bonus
    for shooter in shots:
        if p.static:
            hit = Fraction(combat.static_hits(state, p, c, bonus))
        else:
            base = (
                shooter.trait(w.attribute)
                + shooter.trait(w.skill)
                + p.modifier
                + impairment(state.config, shooter)
            )
            hit = p_success(base, defense, dice=state.config.dice, extra=shooter.extra_d10s)
        missed *= 1 - hit
    return 1 - missed


def open_prompts(state: WorkshopState) -> list[Prompt]:
    """Active Defense answers, an interrupt's counter-bid, and called rolls."""
    out: list[Prompt] = []
    p = state.pending
    seq = state.turn.sequence
    if p is not None:
        first = state.characters[p.attacker]
        w = first.weapons.get(p.weapon) or combat.weapon_of(first, "")
        #: the first snapshot spends the one-roll extras and the Bruise (combat.resolve): a target shot at
        #: only by a later snapshot meets the attacker without them
        later = first.without("inspired", "free_d10", "bruised")
        for d in p.awaiting:
            # each snapshot at d is rolled apart (src 31): the chance of being hit is of at least one
            shots = [first if i == 0 else later for i, t in enumerate(p.targets) if t == d]
            a = shots[0]
            c = state.characters[d]
            passive = combat.defense_of(state, c)
            bonus = state.config.active_defense_bonus
            odds = {
                "hit_if_passive": percent(_hit_at_all(state, p, w, shots, c, 0)),
                "hit_if_active": percent(_hit_at_all(state, p, w, shots, c, bonus)),
            }
            by = f" by at least one of {len(shots)} snapshots" if len(shots) > 1 else ""
            # WS-ALT-003: under card initiative it costs no Shot, the card moves one place back
            cards = state.config.initiative is InitiativeSystem.CARDS
            cost = "card one place back" if cards else "1 Shot"
            # WS-MOOK-001: "If they perform an Active Dodge they also lose their next Action" (src 158)
            dodge = (
                ", and the next Action" if not c.named and state.config.mooks is MookModel.GLASS_JAW else ""
            )
            ask = "Make an Active Defense" if cards else f"Spend 1 of {c.shots} Shots on Active Defense"
            out.append(
                Prompt(
                    id=f"defend-{seq}-{state.turn.order.index}-{p.attacker}-{d}",
                    kind="active_defense",
                    rule="WS-SHOT-003",
                    question=f"{a.name} attacks {c.name}. {ask}?",
                    # the chance of being hit either way, in the words too: the CLI shows only these; the
                    # Active Defense only while the defender still may make one (one fallen unable to
                    # act, or Shaken, since the attack was declared may not: src 54, 81)
                    options=(
                        *(
                            (
                                PromptOption(
                                    value="yes",
                                    label=f"Active Defense ({cost}{dodge}): hit {odds['hit_if_active']}{by}",
                                    command="defend",
                                    payload={"character": d, "use": True},
                                ),
                            )
                            if combat.may_defend(state, state.config, c)
                            else ()
                        ),
                        PromptOption(
                            value="no",
                            label=f"passive Defense {passive}: hit {odds['hit_if_passive']}{by}",
                            command="defend",
                            payload={"character": d, "use": False},
                        ),
                    ),
                    default="no",
                    context={"shots": c.shots, "defense": passive, "snapshots": len(shots), **odds},
                    **addressee(c.owner),
                )
            )
    b = state.bid
    if b is not None:
        c = state.characters[b.against]
        them = state.characters[b.interrupter]
        mine = state.turn.initiative.get(c.id, 0)

        def goes_first(
            k: int,
        ) -> str:  # who acts first at that bid: the higher Initiative, ties by the tie-break
            keeps = not them.can_act or tie_keys(state, c, mine + 5 * k) > tie_keys(state, them, b.initiative)
            return (c if keeps else them).name

        options = tuple(
            PromptOption(
                value=str(k),
                label=f"{k} Shot{'' if k == 1 else 's'}: Initiative {mine + 5 * k}, {goes_first(k)} first",
                command="counter",
                payload={"character": c.id, "shots": k},
            )
            # WS-CARD-003: no Shots while Confused; none either for one fallen unable to act (src 54)
            for k in range(0, 1 if confused(state, c) or not c.can_act else min(c.shots, 5) + 1)
        )
        out.append(
            Prompt(
                id=f"counter-{seq}-{b.interrupter}-{b.initiative}",
                kind="interrupt",
                rule="WS-SHOT-005",
                question=(
                    f"{state.characters[b.interrupter].name} interrupts at Initiative {b.initiative}: "
                    "spend Shots to go first?"
                ),
                options=options,
                default="0",
                context={"against": b.initiative, "yours": mine},
                **addressee(c.owner),
            )
        )
    for call in state.calls.values():
        c = state.characters[call.character]
        if not c.can_act:  # "unable to act" (src 54): the call waits, unasked, until they can (roll_check)
            continue
        # the roll it will be: an Action's brings its extra d10s and its Bruise (roll_check, WS-CORE-001)
        action = check_is_action(state, c.id)
        roll_base = sum(c.trait(t) for t in call.traits) + wound_penalty(state.config, c)
        roll_base -= 5 if action and c.has("bruised") else 0
        chance = p_success(
            roll_base, call.difficulty, dice=state.config.dice, extra=c.extra_d10s if action else 0
        )
        out.append(
            Prompt(
                id=f"call-{call.id}",
                kind="check",
                rule="WS-CORE-001",
                question=f"Roll {c.name}'s {'+'.join(call.traits)} vs {call.difficulty} ({percent(chance)}).",
                options=(
                    PromptOption(value="roll", label="roll", command="roll_check", payload={"call": call.id}),
                ),
                default="roll",
                **addressee(c.owner),
            )
        )
    return out


def turn_prompts(state: WorkshopState) -> list[Prompt]:
    """Whose turn it is (WS-SEQ-003), as the other rulesets say it: a prompt any of that seat's moves
    answers, so the table's waiting list names it. None while an answer holds the turn up (a defence, a
    counter-bid, the mooks' strike: their own prompts), as ``_closing`` offers no ``end_turn`` then."""
    if state.pending is not None or state.bid is not None or state.offers:
        return []
    t = state.turn
    c = state.characters.get(t.extra or t.current) if t.sequence else None
    if c is None:
        return []
    return [
        Prompt(
            id=f"turn-{t.sequence}-{t.order.index}-{c.id}{'-extra' if t.extra else ''}",
            kind="turn",
            rule="WS-SHOT-004" if t.extra else "WS-SEQ-003",
            question=f"{c.name} acts out of Sequence."
            if t.extra
            else f"Sequence {t.sequence}: {c.name}'s turn (Initiative {t.initiative.get(c.id, 0)}).",
            **addressee(c.owner),
        )
    ]


def _group_names(state: WorkshopState) -> list[str]:
    """The names of the mook groups at the table (their verbs plural in questions and refusals)."""
    return [c.name for c in state.characters.values() if c.group]


class WorkshopRuleset(NamedCharacters, GmNotesHidden, Ruleset[WorkshopState, WorkshopConfig]):
    """The Workshop: shot pools, snapshots, PV into Shock and Wounds, optional rules as switches."""

    name = "workshop"
    title = "The Workshop"
    character_noun = "combatant"
    config_model = WorkshopConfig
    state_model = WorkshopState
    commands: ClassVar[Mapping[str, CommandSpec[Any, Any, Any]]] = COMMANDS
    events = declare_events(*EVENTS)
    upcasters = UPCASTERS
    words = WORDS
    command_words = COMMAND_WORDS
    has_gm = True
    #: the narrations due are the GM's too (:mod:`.narration`)
    gm_only = ("gm_notes", "narrate")

    def initial_state(self, config: WorkshopConfig) -> WorkshopState:
        return WorkshopState(config=config)

    def apply(self, state: WorkshopState, event: Event) -> WorkshopState:
        return fold(state, event)

    def settle(
        self, before: WorkshopState, batch: Batch[WorkshopState], context: Context[WorkshopConfig]
    ) -> Batch[WorkshopState]:
        """What the command brought up for the GM to narrate, then the combatants' names on every
        event (:class:`NamedCharacters`)."""
        narration.add_narrations(batch, list(batch.events))
        return super().settle(before, batch, context)

    def known_groups(self, before: WorkshopState, batch: Batch[WorkshopState]) -> set[str]:
        """The mook groups, before the command or after it (one the command put down included)."""
        chars = (*before.characters.values(), *batch.state.characters.values())
        return {c.id for c in chars if c.group}

    def dumped(self, state: BaseModel) -> dict[str, Any]:
        """The state as JSON without new fields at their defaults: old logs read as they did."""
        return dumped(cast(WorkshopState, state))

    def prompts(self, state: WorkshopState) -> list[Prompt]:
        """The open questions; a mook group's verbs in them plural, as in the log's words."""
        asked = (
            open_prompts(state)
            + mooks.strike_prompts(state)
            + narration.narration_prompts(state)
            + card_wound.card_wound_prompts(state)
            + turn_prompts(state)
        )
        groups = _group_names(state)
        if not groups:
            return asked
        return [p.model_copy(update={"question": plural_subjects(p.question, groups)}) for p in asked]

    def run(
        self,
        state: WorkshopState,
        context: Context[WorkshopConfig],
        name: str,
        command: BaseModel,
        dice: DiceService,
    ) -> Batch[WorkshopState]:
        """The command's batch; a refusal reads a mook group's verbs plural, as the log's words and the
        questions do ("Goons are Shaken", not "Goons is Shaken")."""
        try:
            return super().run(state, context, name, command, dice)
        except RuleViolation as e:
            worded = plural_subjects(e.message, _group_names(state))
            if worded == e.message:
                raise
            raise RuleViolation(e.rule_id, worded, field=e.field) from None

    def panels(self, state: WorkshopState, viewer: Viewer) -> list[Panel]:
        return panels(state, viewer)

    def sample_session(self) -> SampleSession:
        from capeworks.systems.workshop.samples import sample_session

        return sample_session()
