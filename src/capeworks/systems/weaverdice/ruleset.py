"""Weaverdice as a capeworks ruleset: the command table, the fold, prompts, words and what each seat sees.

Registration only. Authority per command (WD-CORE-003/011, WD-NPC-003):
the GM calls checks and sets TNs, runs NPCs, starts and ends fights, moves
morale and rules over any roll or outcome; players act for their own PCs,
on their own turn (the handlers check the turn). The work is in
:mod:`~.roster`, :mod:`~.rolls`, :mod:`~.fight`, :mod:`~.harm` (handlers),
:mod:`~.state` (the fold), :mod:`~.prompts` and :mod:`~.render`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import Any, ClassVar

from capeworks.engine import (
    Authority,
    CommandOf,
    CommandSpec,
    Controller,
    Event,
    Panel,
    Prompt,
    Ruleset,
    Seat,
    Viewer,
    command_table,
)
from capeworks.engine.kit import lookup
from capeworks.engine.ruleset import SampleSession
from capeworks.engine.upcast import Upcaster
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice import (
    aiming,
    drawing,
    dropping,
    extracting,
    fight,
    gm_guide,
    gm_hand,
    gm_intel,
    harm,
    holds,
    initiative,
    leverage,
    opportunity,
    power_use,
    rolls,
    roster,
    statuses,
)
from capeworks.systems.weaverdice import commands as cmd
from capeworks.systems.weaverdice.campaign.events import (
    CAMPAIGN_EVENTS,
    CampaignEvent,
    CampaignFact,
    CareBought,
    FollowerTapped,
    InformationGiven,
    IntelRolled,
    IntelSpent,
    MissionLaunched,
    MissionPlanned,
    Negotiated,
    Recuperated,
    SheetCampaignEvent,
    TargetMoved,
    fold_campaign,
    moved_v1,
)
from capeworks.systems.weaverdice.campaign.followers import join_fans
from capeworks.systems.weaverdice.campaign.intel_steps import steps_from_line
from capeworks.systems.weaverdice.campaign.model import Campaign
from capeworks.systems.weaverdice.campaign.old_lines import (
    care_from_line,
    information_from_line,
    launch_from_line,
    plan_from_line,
    rest_from_line,
    search_from_line,
    spend_from_line,
    talk_from_line,
    tap_from_line,
)
from capeworks.systems.weaverdice.campaign.reputation import (
    keep_joined,
    lift_campaign,
    lift_joining,
    lift_reputation,
    mark_old_spend,
    pick_card,
    spend_joined,
    sync_joined,
)
from capeworks.systems.weaverdice.campaign.table import (
    CAMPAIGN_COMMANDS,
    CAMPAIGN_MENU_WORDS,
    campaign_panels,
    campaign_prompts,
    campaign_view,
)
from capeworks.systems.weaverdice.campaign.words import CAMPAIGN_WORDS
from capeworks.systems.weaverdice.combat import ActionKind, Sidelined
from capeworks.systems.weaverdice.config import WeaverdiceConfig
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.events import (
    EVENTS,
    Changes,
    CharacterAdded,
    Leveraged,
    SheetChanges,
    WdEvent,
)
from capeworks.systems.weaverdice.facts import (
    WHOLE_COPY_TYPES,
    copies_to_patches,
    sheet_to_patch,
    whole_to_facts,
)
from capeworks.systems.weaverdice.gm_hand import GM_HAND_COMMAND_WORDS, GM_HAND_EVENTS, GM_HAND_WORDS
from capeworks.systems.weaverdice.prompts import open_prompts
from capeworks.systems.weaverdice.render import COMMAND_WORDS, WORDS, panels
from capeworks.systems.weaverdice.skills import had_skills
from capeworks.systems.weaverdice.state import PLAIN, WdState, fold_payload
from capeworks.systems.weaverdice.statuses import can_self_recover
from capeworks.systems.weaverdice.vocab import PHYSICAL_STATS, Pool, Status, Tier
from capeworks.systems.weaverdice.waits import waits_for_event
from capeworks.systems.weaverdice.wounds import Standing

__all__ = ["COMMANDS", "WeaverdiceRuleset"]

GM, OWNER, ANY = Authority.GM, Authority.OWNER, Authority.ANY

Offer = Callable[[Any, Seat], list[dict[str, Any]]]


def _plays(state: WdState, seat: Seat, ident: str) -> bool:
    c = state.people.get(ident)
    return c is not None and seat.plays(c.owner)


def _on_turn(state: WdState, seat: Seat, *, acting: bool = True) -> list[dict[str, Any]]:
    """Offered to whoever plays the one whose turn it is, when nothing waits on an answer; an action
    (``acting``) only while they are up (WD-COMBAT-002): knocked out mid-turn, they may only end it."""
    f = state.fight
    if f is None or f.turn is None or state.attack is not None or state.effects:
        return []
    if acting and not state.people[f.turn.actor].active:
        return []
    return [{"character": f.turn.actor}] if _plays(state, seat, f.turn.actor) else []


def _turn_to_end(state: WdState, seat: Seat) -> list[dict[str, Any]]:
    """Ending the turn: offered to its owner's player even when they went down during it."""
    return _on_turn(state, seat, acting=False)


def _fight_to_start(state: WdState, seat: Seat) -> list[dict[str, Any]]:
    """Start a fight, offered to the GM when none is on and someone is up to fight: the cases
    ``start_combat`` with everyone up does not refuse (WD-COMBAT-001)."""
    if not seat.is_gm or state.fight is not None:
        return []
    return [{}] if any(p.track.standing is Standing.UP for p in state.people.values()) else []


def _fight_on(state: WdState, seat: Seat) -> list[dict[str, Any]]:
    """End the fight, offered to the GM while one is on (WD-COMBAT-001)."""
    return [{}] if seat.is_gm and state.fight is not None else []


def _leverage(state: WdState, seat: Seat) -> list[dict[str, Any]]:
    """Leverage Reputation, offered on the turn of one who holds a rep card they may play: the card
    ``leverage`` picks when none is named (WD-COMBAT-030, WD-REP-002)."""
    offers = _on_turn(state, seat)
    if not offers:
        return []
    me = state.people[offers[0]["character"]]
    card = pick_card(state.campaign.ledger(me.id), "", ident=me.id, who=me.name)
    return offers if card is not None else []


def _action_left(state: WdState, seat: Seat) -> list[dict[str, Any]]:
    """A move, a grab, a rest or a Wait, offered on the turn while a standard action is left: with both
    used the table refuses them (WD-COMBAT-008; a Wait delays what is left of the turn, src 994)."""
    f = state.fight
    return _on_turn(state, seat) if f is not None and f.turn is not None and f.turn.actions > 0 else []


def _mover(state: WdState, seat: Seat) -> list[dict[str, Any]]:
    """A move, offered while an action is left to one neither pinned to the spot nor held fast: the
    table refuses both until they are free (WD-STATUS-013, WD-GRAPPLE-010)."""
    return [
        o
        for o in _action_left(state, seat)
        if not statuses.is_pinned(state.people[o["character"]].conditions, o["character"])
        and not holds.held_by(state, o["character"])
    ]


def _may_wait(state: WdState, seat: Seat) -> list[dict[str, Any]]:
    """A Wait, offered while an action is left to one with Focus to spend on it (src 558 "Spends
    focus"; WD-COMBAT-015: with none to spend, no out-of-turn action)."""
    offers = _action_left(state, seat)
    if not offers:
        return []
    ident = offers[0]["character"]
    return offers if state.people[ident].effort.available(state.sheet(ident), Pool.FOCUS) > 0 else []


def _awaited_events(state: WdState, seat: Seat) -> list[dict[str, Any]]:
    """The GM may fire a Wait for an event while nothing waits on a decision, for a waiter still able
    to take the turn (WD-COMBAT-027; the unconscious and dying do nothing, src 563)."""
    if not seat.is_gm or state.fight is None or state.attack is not None or state.effects or state.pain_owed:
        return []
    able = fight.takes_turns
    return [{"character": i} for i, c in state.people.items() if waits_for_event(c) and able(state, i)]


def _attack_left(state: WdState, seat: Seat) -> list[dict[str, Any]]:
    """An attack, offered on the turn while an action is left, a full attack's second swing is owed
    (WD-COMBAT-010) or a wrest's free attack is (WD-STATUS-012)."""
    f = state.fight
    turn = f.turn if f is not None else None
    if turn is None or not (turn.actions > 0 or turn.swings > 0 or turn.free_attacks):
        return []
    return _on_turn(state, seat)


def _own(test: Callable[[WdState, str], bool]) -> Offer:
    def offer(state: WdState, seat: Seat) -> list[dict[str, Any]]:
        return [{"character": i} for i in state.people if _plays(state, seat, i) and test(state, i)]

    return offer


def _aligner(state: WdState, seat: Seat) -> list[dict[str, Any]]:
    """Align Sights, a full action, offered on the turn of one who has it with the whole turn left:
    known, or opened with Focus (WD-SKILL-009/011)."""
    return [
        o
        for o in _on_turn(state, seat)
        if _room_for(state, o["character"], ActionKind.FULL)
        and any(
            s.name.lower() == aiming.ALIGN_SIGHTS
            for s in had_skills(state.sheet(o["character"]), state.people[o["character"]].opened)
        )
    ]


def _room_for(state: WdState, ident: str, kind: ActionKind) -> bool:
    """Whether ``ident`` may take an action of ``kind`` now: any time out of a fight; in one, on their
    own turn, up, nothing waiting, with the turn's room for it (the rule :meth:`~.combat.Turn.spend`
    keeps: WD-COMBAT-008..016)."""
    f, me = state.fight, state.people[ident]
    if f is None or not me.in_fight:
        return True
    if f.turn is None or f.turn.actor != ident or not me.active or state.attack is not None or state.effects:
        return False
    try:
        f.turn.spend(kind, config=state.config)
    except RuleViolation:
        return False
    return True


def _needs_care(state: WdState) -> bool:
    """Someone a Medical check would help: down, under a death sentence, or eaten by a consuming burn
    (WD-WOUND-008..010, WD-STATUS-014, WD-WFX-026)."""
    return any(
        c.track.standing in (Standing.UNCONSCIOUS, Standing.DYING)
        or any(x.consuming or x.name == Status.DEATH_SENTENCE for x in c.conditions)
        for c in state.people.values()
    )


def _medic(state: WdState, seat: Seat) -> list[dict[str, Any]]:
    """Medical care, a lengthy action (the whole turn), offered while someone needs it."""
    if not _needs_care(state):
        return []
    return [o for o in _on_turn(state, seat) if _room_for(state, o["character"], ActionKind.LENGTHY)]


def _stuck(state: WdState, ident: str) -> bool:
    """Something is stuck in them: theirs to pull out (a neighbour names them as the target)."""
    return any(x.name == Status.STUCK for x in state.people[ident].conditions)


def _pickable(state: WdState, seat: Seat) -> list[dict[str, Any]]:
    """Picking a dropped item up: in a fight on one's turn, else whenever; only with one on the
    ground (not one still stuck in someone)."""

    def on_ground(ident: str) -> bool:
        return any(dropping.stuck_in(state, ident, h.name) is None for h in state.sheet(ident).dropped)

    if state.fight is not None:
        return [o for o in _on_turn(state, seat) if on_ground(o["character"])]
    return [{"character": i} for i in state.people if _plays(state, seat, i) and on_ground(i)]


def _drawable(state: WdState, seat: Seat) -> list[dict[str, Any]]:
    """Drawing a belt item: in a fight on one's turn, else whenever; only with something on the belt."""
    if state.fight is not None:
        return [o for o in _on_turn(state, seat) if state.sheet(o["character"]).belt]
    return [{"character": i} for i in state.people if _plays(state, seat, i) and state.sheet(i).belt]


def _holding(state: WdState, seat: Seat) -> list[dict[str, Any]]:
    """A grapple round, offered for each hold of the one whose turn it is while a standard action is
    left (a round is one, WD-COMBAT-008) and that hold was not wrestled this turn (WD-GRAPPLE-002)."""
    if not _action_left(state, seat):
        return []
    turn = state.fight.turn if state.fight else None
    assert turn is not None
    return [
        {"character": g.holder, "target": g.target}
        for g in state.grapples.values()
        if g.holder == turn.actor and g.target not in turn.grappled
    ]


def _braceable(state: WdState, seat: Seat) -> list[dict[str, Any]]:
    """Bracing against each hold on one the seat plays (the GM: on anyone, who disposes), with what they
    can commit: a Stamina dot, else their good morale (not a hidden NPC's), else nothing to offer
    (WD-GRAPPLE-002, WD-MORALE-003)."""
    offers: list[dict[str, Any]] = []
    for g in state.grapples.values():
        if not (seat.is_gm or _plays(state, seat, g.target)):
            continue
        me = state.people[g.target]
        if me.effort.available(state.sheet(g.target), Pool.STAMINA) > 0:
            offers.append({"character": g.target, "holder": g.holder})
        elif me.morale > 0 and not me.hidden and not g.braced_morale:
            offers.append({"character": g.target, "holder": g.holder, "stamina": 0, "morale": True})
    return offers


def _gm_check(state: WdState, seat: Seat) -> list[dict[str, Any]]:
    return [{}] if seat.is_gm else []


def _may_get_up(state: WdState, ident: str) -> bool:
    """Getting up: once a round from the round after the fall, paid with a Recovery point, and not
    alone under a death sentence (WD-WOUND-008, WD-STATUS-014)."""
    c = state.people[ident]
    round_ = state.fight.order.round if state.fight else 10**6
    return (
        c.track.may_get_up(round_)
        and c.effort.available(state.sheet(ident), Pool.RECOVERY) > 0
        and can_self_recover(c.conditions, ident)
    )


def _morale_spend(state: WdState, ident: str) -> bool:
    if state.people[ident].morale <= 0:
        return False
    if any(p is not None and p.target == ident and p.reaction_roll for p in (state.attack, *state.queued)):
        return True  # a failed Dodge or Block waits on this choice
    if ident in state.chances:
        return state.attack is None and not state.effects
    last = state.last_check.get(ident)
    return last is not None and last.morale_set is None


def _pushed_back(state: WdState, seat: Seat) -> list[dict[str, Any]]:
    """The lesser foes Leverage pushed into the background, each one the GM may call forward."""
    if not seat.is_gm:
        return []
    return [{"character": k} for k, p in state.people.items() if p.sidelined is Sidelined.PUSHED]


def _rerollable(state: WdState, ident: str) -> bool:
    """A Stamina reroll of the last physical check not yet rerolled, by one up and with a Stamina dot
    left to pay for it (WD-CORE-009, WD-EFFORT-003, -015; the unconscious and dying push for nothing,
    src 563)."""
    last = state.last_check.get(ident)
    stats = state.last_stats.get(ident, ())
    me = state.people[ident]
    return (
        last is not None
        and last.morale_set is None
        and not last.rerolls
        and bool(stats)
        and set(stats) <= PHYSICAL_STATS
        and me.track.standing is Standing.UP
        and me.effort.available(state.sheet(ident), Pool.STAMINA) > 0
    )


def _sleepy(state: WdState, ident: str) -> bool:
    """Out of a fight, a night's sleep changes something: exhausted or spent dots, or (under the
    morale-as-effort setting) good morale's dots for the next day."""
    me = state.people[ident]
    e = me.effort
    return state.fight is None and bool(e.exhausted or any(e.spent.values()) or me.morale > 0)


def _learning(state: WdState, ident: str) -> bool:
    sheet = state.sheets.get(ident)
    me = state.people[ident]
    return (
        sheet is not None
        and any(s.learning and s.name.lower() not in me.opened for s in sheet.skills)
        # it costs a Focus dot (src 342): not offered to one with none left
        and me.effort.available(sheet, Pool.FOCUS) > 0
    )


def _trainable(state: WdState, ident: str) -> bool:
    return state.fight is None and bool(state.people[ident].may_train)


def _down(state: WdState, ident: str) -> bool:
    return state.people[ident].track.standing in (Standing.UNCONSCIOUS, Standing.DYING)


def _unsealed(state: WdState, seat: Seat) -> list[dict[str, Any]]:
    """Players competing write actions down (WD-COMBAT-029): offered to players for their own PCs
    (the GM may still write one for an NPC, unoffered, to keep the GM's menu short)."""
    if seat.is_gm:
        return []
    return [{"character": i} for i, c in state.people.items() if c.owner == seat.id and i not in state.sealed]


def _dropped_generics(state: WdState, seat: Seat) -> list[dict[str, Any]]:
    """A fate roll, offered to the GM for each generic that has dropped (WD-NPC-004)."""
    if not seat.is_gm:
        return []
    return [
        {"character": i}
        for i, c in state.people.items()
        if c.tier is Tier.GENERIC and c.track.standing is Standing.DOWN
    ]


def _quiet(state: WdState, seat: Seat) -> list[dict[str, Any]]:
    """Five quiet minutes, offered to the GM outside a fight once someone has spent effort since the
    last lull (WD-EFFORT-009): the cases ``lull`` does not refuse."""
    if not seat.is_gm or state.fight is not None:
        return []
    spent = any(state.spent_since_lull(ident) for ident in state.people)
    return [{}] if spent else []


def _sealed(state: WdState, seat: Seat) -> list[dict[str, Any]]:
    return [{}] if seat.is_gm and state.sealed else []


#: every command: its payload, handler and who may issue it; prompt-only ones are answers only
_SPECS: dict[str, CommandOf[WdState, WeaverdiceConfig]] = {
    # the roster and the GM's hand
    "add_character": CommandSpec(cmd.AddCharacter, roster.add_character, ANY),
    "create_character": CommandSpec(cmd.CreateCharacter, roster.create_character, ANY),
    "change_morale": CommandSpec(cmd.ChangeMorale, roster.change_morale, GM, "move morale"),
    "ruling": CommandSpec(cmd.Ruling, roster.ruling, GM, "make rulings"),
    "fate": CommandSpec(
        cmd.Fate, roster.fate, GM, "roll whether a dropped generic died", offer=_dropped_generics
    ),
    "gm_note": CommandSpec(cmd.GmNote, roster.gm_note, GM, "write private notes"),
    "change_tier": CommandSpec(gm_hand.ChangeTier, gm_hand.change_tier, GM, "change a character's tier"),
    "write_action": CommandSpec(gm_hand.WriteAction, gm_hand.write_action, OWNER, offer=_unsealed),
    "reveal_actions": CommandSpec(
        gm_hand.RevealActions, gm_hand.reveal_actions, GM, "reveal written actions", offer=_sealed
    ),
    "sleep": CommandSpec(cmd.Sleep, roster.sleep, OWNER, offer=_own(_sleepy)),
    "train": CommandSpec(cmd.Train, rolls.train, OWNER, offer=_own(_trainable)),
    "guide": CommandSpec(
        gm_guide.Guide, gm_guide.guide, GM, "read the GM's guide", offer=gm_guide.guide_offer
    ),
    "rework_target": CommandSpec(gm_intel.ReworkTarget, gm_intel.rework_target, GM, "rework intel grids"),
    # checks
    "call_check": CommandSpec(cmd.CallCheck, rolls.call_check, GM, "call for checks and set TNs"),
    "check": CommandSpec(cmd.Check, rolls.check, OWNER, offer=_gm_check),
    "spend_morale": CommandSpec(cmd.SpendMorale, rolls.spend_morale, OWNER, offer=_own(_morale_spend)),
    "reroll": CommandSpec(cmd.Reroll, rolls.reroll, OWNER, offer=_own(_rerollable)),
    # the fight
    "start_combat": CommandSpec(
        cmd.StartCombat, initiative.start_combat, GM, "start fights", offer=_fight_to_start
    ),
    "join_combat": CommandSpec(cmd.JoinCombat, initiative.join_combat, GM, "bring reinforcements in"),
    "end_combat": CommandSpec(cmd.EndCombat, fight.end_combat, GM, "end fights", offer=_fight_on),
    "lull": CommandSpec(cmd.Lull, fight.lull, GM, "call five quiet minutes outside a fight", offer=_quiet),
    "end_turn": CommandSpec(cmd.EndTurn, fight.end_turn, OWNER, offer=_turn_to_end),
    "attack": CommandSpec(cmd.Attack, harm.attack, OWNER, offer=_attack_left),
    "use_power": CommandSpec(cmd.UsePower, power_use.use_power, OWNER, offer=_on_turn),
    "grab": CommandSpec(cmd.Grab, holds.grab, OWNER, offer=_action_left),
    "grapple": CommandSpec(cmd.GrappleTurn, holds.grapple_round, OWNER, offer=_holding),
    "brace": CommandSpec(
        cmd.Brace,
        holds.brace,
        OWNER,
        offer=_braceable,
    ),
    "break_pin": CommandSpec(
        cmd.BreakPin,
        holds.break_pin,
        OWNER,
        offer=_own(
            lambda s, i: any(x.pinned for x in s.people[i].conditions) and _room_for(s, i, ActionKind.LENGTHY)
        ),
    ),
    "align_sights": CommandSpec(cmd.AlignSights, aiming.align_sights, OWNER, offer=_aligner),
    "extract": CommandSpec(
        cmd.Extract,
        extracting.extract,
        OWNER,
        offer=_own(lambda s, i: _stuck(s, i) and _room_for(s, i, ActionKind.STANDARD)),
    ),
    "pick_up": CommandSpec(cmd.PickUp, dropping.pick_up, OWNER, offer=_pickable),
    "draw_item": CommandSpec(cmd.DrawItem, drawing.draw_item, OWNER, offer=_drawable),
    "fall": CommandSpec(cmd.FallCmd, holds.fall_cmd, GM, "rule on falls and throws"),
    "fall_choice": CommandSpec(cmd.FallChoice, holds.fall_choice, OWNER, prompt_only=True),
    "reverse": CommandSpec(cmd.Reverse, holds.reverse, OWNER, prompt_only=True),
    "let_pass": CommandSpec(cmd.LetPass, opportunity.let_pass, OWNER, prompt_only=True),
    "move": CommandSpec(cmd.Move, fight.move, OWNER, offer=_mover),
    "open_skill": CommandSpec(cmd.OpenSkill, fight.open_skill, OWNER, offer=_own(_learning)),
    "act": CommandSpec(cmd.Act, fight.act, OWNER, offer=_on_turn),
    "wait": CommandSpec(cmd.Wait, fight.wait, OWNER, offer=_may_wait),
    "fire_wait": CommandSpec(
        cmd.FireWait, fight.fire_wait, GM, "say when an awaited event happens", offer=_awaited_events
    ),
    "rest": CommandSpec(cmd.Rest, fight.rest, OWNER, offer=_action_left),
    "leverage": CommandSpec(cmd.Leverage, leverage.leverage, OWNER, offer=_leverage),
    "come_forward": CommandSpec(
        cmd.ComeForward, leverage.come_forward, GM, "call a lesser foe forward", offer=_pushed_back
    ),
    "medical": CommandSpec(cmd.Medical, harm.medical, OWNER, offer=_medic),
    "get_up": CommandSpec(cmd.GetUp, harm.get_up, OWNER, offer=_own(_may_get_up)),
    # answers
    "react": CommandSpec(cmd.React, harm.react, OWNER, prompt_only=True),
    "effect_choice": CommandSpec(cmd.EffectChoice, harm.effect_choice, OWNER, prompt_only=True),
    "exhaust": CommandSpec(cmd.Exhaust, fight.exhaust, OWNER, prompt_only=True),
    "pain_choice": CommandSpec(cmd.PainChoice, rolls.pain_choice, OWNER, prompt_only=True),
    "burn_choice": CommandSpec(cmd.BurnChoice, fight.burn_choice, OWNER, prompt_only=True),
    "treat_burn": CommandSpec(
        cmd.TreatBurn,
        fight.treat_burn,
        OWNER,
        offer=_own(lambda s, i: any(x.consuming for x in s.people[i].conditions)),
    ),
    # the campaign layer (part 2): downtime, crafting, recruiting, intel, rep, progression
    **CAMPAIGN_COMMANDS,
}
COMMANDS = command_table(_SPECS)
_EMPTY = Campaign()
_NO_CAMPAIGN = {"campaign"}
#: campaign events (both bases) fold through their own fold
_CAMPAIGN_TYPES = (CampaignEvent, CampaignFact)
#: the payload classes :meth:`WeaverdiceRuleset.apply` folds with :func:`fold_payload` alone
_PLAIN = PLAIN


def _plain(cls: type) -> bool:
    """True for a Weaverdice event class that no branch of ``apply`` but :func:`fold_payload` reads
    (most of a fight's events): worked out once per class, so folding one skips the other tests."""
    special = (
        gm_hand.ActionWritten,
        gm_hand.ActionsRevealed,
        gm_intel.TargetReworked,
        *_CAMPAIGN_TYPES,
        CharacterAdded,
        Leveraged,
    )
    return issubclass(cls, WdEvent) and not issubclass(cls, special)


def _veiled(hit: dict[str, Any]) -> dict[str, Any]:
    """A hidden attack as its target's player may see it: no total, and a failed reaction
    waiting on morale without the TN it was rolled against (the attack's total)."""
    out = {k: v for k, v in hit.items() if k != "total"}
    if out.get("reaction_roll") is not None:
        out["reaction_roll"] = {k: v for k, v in out["reaction_roll"].items() if k != "tn"}
    return out


def _seen_hit(hit: dict[str, Any], hidden: set[str]) -> dict[str, Any]:
    """A waiting hit as players see it: a hidden attack veiled, and a hidden NPC's failed reaction
    waiting on its morale without its roll (its dice and modifier are the GM's, issue 19)."""
    out = _veiled(hit) if hit["hidden"] else hit
    if hit["target"] in hidden and hit.get("reaction_roll") is not None:
        out = {**out, "reaction_roll": None}
    return out


class WeaverdiceRuleset(Ruleset[WdState, WeaverdiceConfig]):
    """Weaverdice 3.0, part 1: checks, effort, morale, typed wounds and the whole of combat."""

    name = WdEvent.RULESET
    title = "Weaverdice 3.0"
    config_model = WeaverdiceConfig
    state_model = WdState
    commands: ClassVar[Mapping[str, CommandSpec[Any, Any, Any]]] = COMMANDS
    events: ClassVar[dict[str, Any]] = {
        **EVENTS,
        **CAMPAIGN_EVENTS,
        **GM_HAND_EVENTS,
        **gm_guide.GUIDE_EVENTS,
    }
    words: ClassVar[dict[str, Any]] = {**WORDS, **CAMPAIGN_WORDS, **GM_HAND_WORDS}
    command_words: ClassVar[dict[str, str]] = {
        **COMMAND_WORDS,
        **CAMPAIGN_MENU_WORDS,
        **GM_HAND_COMMAND_WORDS,
    }
    has_gm = True

    def initial_state(self, config: WeaverdiceConfig) -> WdState:
        return WdState(config=config)

    #: version 1 -> 2: the reputation number becomes rep cards (campaign.reputation);
    #: version 2 -> 3: combatant copies become patches of what changed (facts);
    #: intel_spent 3 -> 4: a Utilize Intel line becomes its steps (campaign.intel_steps);
    #: recuperated, care_bought, follower_tapped, negotiated 3 -> 4 and intel_spent 4 -> 5: a line of
    #: words becomes its facts where they give it back word for word (campaign.old_lines), as do
    #: intel_rolled, information_given, mission_planned and mission_launched 3 -> 4;
    #: version 3 -> 4: a sheet copied after a change becomes a sheet patch (facts); the fight, the
    #: pending attack and queued hits, wound effects (effect_asked: 1 -> 2), holds and reversals, falls
    #: and lengthy checks, copied whole, become what they changed (facts)
    upcasters: ClassVar[Mapping[tuple[str, int], Upcaster]] = {
        **{(t, 1): lift_reputation for t, m in {**EVENTS, **GM_HAND_EVENTS}.items() if m.VERSION >= 2},
        **{(t, 1): lift_campaign for t, m in CAMPAIGN_EVENTS.items() if m.VERSION >= 2},
        (CharacterAdded.TYPE, 1): lift_joining,
        (Leveraged.TYPE, 1): mark_old_spend,
        **{
            (t, 2): copies_to_patches
            for t, m in {**EVENTS, **GM_HAND_EVENTS}.items()
            if issubclass(m, Changes) and m.VERSION >= 3
        },
        **{
            (t, 3): sheet_to_patch
            for t, m in {**EVENTS, **GM_HAND_EVENTS}.items()
            if issubclass(m, SheetChanges)
        },
        **{(t, 2): copies_to_patches for t, m in CAMPAIGN_EVENTS.items() if issubclass(m, CampaignEvent)},
        **{(t, 3): sheet_to_patch for t, m in CAMPAIGN_EVENTS.items() if issubclass(m, SheetCampaignEvent)},
        **{(t, EVENTS[t].VERSION - 1): whole_to_facts(t.split(".")[1]) for t in WHOLE_COPY_TYPES},
        (IntelSpent.TYPE, 3): steps_from_line,
        (IntelSpent.TYPE, 4): spend_from_line,
        (Recuperated.TYPE, 3): rest_from_line,
        (CareBought.TYPE, 3): care_from_line,
        (FollowerTapped.TYPE, 3): tap_from_line,
        (Negotiated.TYPE, 3): talk_from_line,
        (IntelRolled.TYPE, 3): search_from_line,
        (InformationGiven.TYPE, 3): information_from_line,
        (MissionPlanned.TYPE, 3): plan_from_line,
        (MissionLaunched.TYPE, 3): launch_from_line,
        (TargetMoved.TYPE, 1): moved_v1,
    }

    def apply(self, state: WdState, event: Event) -> WdState:
        """Fold the typed payload in (the engine's own events change nothing here); the cards a
        character joins with, or an old log's reputation number, into rep cards."""
        payload = event.payload
        plain = _PLAIN.get(type(payload))
        if plain is None:
            plain = _PLAIN[type(payload)] = _plain(type(payload))
        if plain:
            return fold_payload(state, payload)
        if isinstance(payload, (gm_hand.ActionWritten, gm_hand.ActionsRevealed)):
            return gm_hand.fold_sealed(state, payload)
        if isinstance(payload, gm_intel.TargetReworked):
            return gm_intel.fold_rework(state, payload)
        if isinstance(payload, _CAMPAIGN_TYPES):
            assert isinstance(payload, WdEvent)
            before = state.campaign
            state = fold_campaign(state, payload)
            if isinstance(payload, CampaignEvent) and payload.legacy and payload.ledgers:
                state = evolve(state, {"campaign": keep_joined(before, state.campaign, payload.ledgers)})
        elif isinstance(payload, WdEvent):
            state = fold_payload(state, payload)
        else:
            return state
        if isinstance(payload, CharacterAdded) and payload.fans:  # the sheet's Fans, tappable (WD-FOLLOW-010)
            state = evolve(state, {"campaign": join_fans(state.campaign, payload.fans)})
        if isinstance(payload, CharacterAdded) and payload.reputation:
            state = evolve(state, {"campaign": sync_joined(state.campaign, payload.reputation)})
        elif isinstance(payload, Leveraged) and payload.spends_joined:
            state = evolve(state, {"campaign": spend_joined(state.campaign, payload.character)})
        return state

    def log_names(self, state: WdState) -> Mapping[str, str]:
        """The characters' names for an old log's words (a downtime phase's slots and discards were
        written by id before they carried names); a hidden NPC's is left out, as new events leave it."""
        return {c.id: c.name for c in state.people.values() if not c.hidden}

    def controller(self, state: WdState, entity: str) -> Controller:
        c = lookup(state.people, entity, "character")
        return Controller(seat=c.owner, name=c.name)

    def view_key(self, state: WdState, viewer: Viewer) -> Hashable:
        """Players see alike: what is hidden is hidden from every player, but for a price owed for a
        check the GM called in secret, which its player sees (WD-STATUS-002), and effort spent on one,
        which its owner sees (src 376)."""
        if viewer.is_gm or not (state.pain_veiled or any(c.effort.secret for c in state.people.values())):
            return viewer.is_gm
        return (False, viewer.seat)

    def view(self, state: WdState, viewer: Viewer) -> dict[str, Any]:
        """Players never see a hidden NPC's sheet, effort or morale, hidden calls and rolls, a hidden
        attack's total, or notes."""
        # a table that never used the campaign layer looks as it did before part 2 (golden logs)
        hidden = {k for k, c in state.people.items() if c.hidden}
        camp = state.campaign
        if not viewer.is_gm and hidden & camp.ledgers.keys():  # a hidden NPC's ledger is the GM's
            camp = evolve(camp, {"ledgers": {k: v for k, v in camp.ledgers.items() if k not in hidden}})
        data = state.model_dump(mode="json", exclude=_NO_CAMPAIGN if camp == _EMPTY else None)
        if viewer.is_gm:
            return data
        if "sealed" in data:  # players read whose actions are held, never what they say (WD-COMBAT-029)
            data["sealed"] = {k: "(written down)" for k in data["sealed"]}
        data["sheets"] = {k: v for k, v in data["sheets"].items() if k not in hidden}
        for k in hidden:
            c = data["people"][k]
            data["people"][k] = {
                "id": c["id"],
                "name": c["name"],
                "tier": c["tier"],
                "standing": c["track"]["standing"],
                "wounds": [{"tier": w["tier"], "damage": w["damage"]} for w in c["track"]["wounds"]],
                "conditions": [x["name"] for x in c["conditions"]],
            }
        turn = (data.get("fight") or {}).get("turn") or {}
        if turn.get("exposed"):  # a hidden NPC offered a strike has Focus to pay for it: the GM's
            turn["exposed"] = [x for x in turn["exposed"] if x not in hidden]
        for k, c in state.people.items():  # a dot spent on a secret check is the GM's and its owner's
            if c.effort.secret and k not in hidden and c.owner != viewer.seat:
                data["people"][k]["effort"] = c.effort.unveiled().model_dump(mode="json")
        data["calls"] = {k: v for k, v in data["calls"].items() if not v["hidden"]}
        # a lengthy check called in secret keeps its total to reach and its running total behind the
        # screen too (src 1797: "a long DC and a sometimes unknown target number")
        secret = {f"call:{k}" for k, c in state.calls.items() if c.hidden}
        if secret & data["lengthy"].keys():
            data["lengthy"] = {k: v for k, v in data["lengthy"].items() if k not in secret}
        # a check tied to a hidden attack shows its total or TN (issue 9)
        unseen = hidden | set(state.blind_checks)
        data["last_check"] = {k: v for k, v in data["last_check"].items() if k not in unseen}
        data["last_stats"] = {k: v for k, v in data["last_stats"].items() if k not in hidden}
        data["blind_checks"] = []
        # a price owed tells of a failed roll (WD-STATUS-002): a hidden NPC's is the GM's
        data["pain_owed"] = {k: v for k, v in data["pain_owed"].items() if k not in hidden}
        # and one owed for a check the GM called in secret is its player's (WD-STATUS-002)
        theirs = {k for k in state.pain_veiled if state.people[k].owner == viewer.seat}
        if state.pain_veiled:
            data["pain_owed"] = {
                k: v for k, v in data["pain_owed"].items() if k not in state.pain_veiled or k in theirs
            }
            data["pain_veiled"] = sorted(theirs)
        if data["attack"] is not None:
            data["attack"] = _seen_hit(data["attack"], hidden)
        data["queued"] = [_seen_hit(q, hidden) for q in data["queued"]]
        data["effects"] = [e for e in data["effects"] if e["target"] not in hidden]
        data["chances"] = {
            k: v
            for k, v in data["chances"].items()
            if k not in hidden and not (v["attack"] is not None and v["attack"]["hidden"])
        }
        data["notes"] = []
        if "campaign" in data:
            data["campaign"] = campaign_view(data["campaign"], viewer, hidden)
        return data

    def prompts(self, state: WdState) -> list[Prompt]:
        return open_prompts(state) + campaign_prompts(state)

    def panels(self, state: WdState, viewer: Viewer) -> list[Panel]:
        return panels(state, viewer) + campaign_panels(state, viewer)

    def sample_session(self) -> SampleSession:
        from capeworks.systems.weaverdice.samples import sample_session

        return sample_session()
