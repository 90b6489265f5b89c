"""Words for Weaverdice: every event for the log (per viewer), prompt questions, the tracker panels.

Kept apart from the rules, which build no display text. Each event type of
:mod:`~capeworks.systems.weaverdice.events` has a function here reading its
typed payload. A hidden NPC's sheet and a hidden roll never reach a player:
their events are GM-only, a reaction to a hidden attack reads "holds" or
"fails" without the attack's total, and the tracker shows players only what
play shows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from capeworks.engine import Description, Event, Panel, Viewer
from capeworks.systems.weaverdice import events as ev
from capeworks.systems.weaverdice.checks import CheckRoll
from capeworks.systems.weaverdice.combat import Sidelined
from capeworks.systems.weaverdice.effect_words import asked_words
from capeworks.systems.weaverdice.effort import EffortUse
from capeworks.systems.weaverdice.gear_damage import piece_words
from capeworks.systems.weaverdice.morale import MORALE_NAMES
from capeworks.systems.weaverdice.state import Combatant, WdState
from capeworks.systems.weaverdice.vocab import Pool, WoundTier
from capeworks.systems.weaverdice.wounds import Placement, Standing

__all__ = ["COMMAND_WORDS", "WORDS", "check_text", "panels", "tier_word"]

COMMAND_WORDS: dict[str, str] = {
    "add_character": "add a character",
    "create_character": "create a character from a form",
    "call_check": "call for a check",
    "check": "roll a check",
    "spend_morale": "spend high morale on the last roll",
    "reroll": "reroll the last physical roll with Stamina",
    "change_morale": "move someone's morale",
    "start_combat": "start a fight (roll initiative)",
    "join_combat": "bring reinforcements into a fight (they roll initiative)",
    "end_turn": "end the turn",
    "lull": "five quiet minutes outside a fight: spent effort comes back (one dot exhausted)",
    "attack": "attack",
    "react": "dodge, block or take the hit",
    "use_power": "use a power",
    "grab": "grab someone",
    "fall": "someone falls or is thrown",
    "fall_choice": "choose how to take a fall",
    "reverse": "take over a hold you broke free of",
    "let_pass": "let an attack of opportunity on someone rising or on the ground pass",
    "grapple": "wrestle a held foe (a grapple round)",
    "treat_burn": "smother a consuming burn with the costume's coverage (an effort dot)",
    "brace": "brace against a hold with Stamina (+1 a dot on its next round)",
    "break_pin": "strain against a pinning object (a lengthy Brawn check to 6)",
    "align_sights": "align your sights on a target (the round; +1 a shot per Aim skill)",
    "extract": "pull a stuck object out (forcibly, or a careful lengthy Dexterity check to 12)",
    "pick_up": "pick a dropped item up (a standard action)",
    "draw_item": "draw an item from the belt (a standard action; past the belt's slots, a full one)",
    "effect_choice": "decide a wound effect",
    "move": "move",
    "open_skill": "open a learning skill for this fight (Focus)",
    "act": "take another action",
    "wait": "wait for someone or something (Focus)",
    "fire_wait": "say the event a character waits for happens",
    "rest": "rest",
    "get_up": "try to get back up (Recovery)",
    "medical": "give medical care",
    "leverage": "leverage reputation",
    "come_forward": "call a lesser foe pushed into the background forward",
    "end_combat": "end the fight",
    "exhaust": "choose the exhausted dot",
    "pain_choice": "pay for a pained failure",
    "burn_choice": "pick the stat a consuming burn takes",
    "sleep": "sleep the night",
    "train": "make a training roll after the fight",
    "ruling": "make a ruling",
    "fate": "roll whether a dropped generic died",
    "gm_note": "write a private note",
}


def _dots(n: int, what: str) -> str:
    """A count of dots as a person says it: "1 exhausted dot", "2 exhausted dots"."""
    return f"{n} {what}{'' if n == 1 else 's'}"


_POOL = {Pool.STAMINA: "Stamina", Pool.FOCUS: "Focus", Pool.RECOVERY: "Recovery"}
_STANDING = {
    Standing.UP: "up",
    Standing.UNCONSCIOUS: "unconscious",
    Standing.DYING: "dying",
    Standing.DEAD: "dead",
    Standing.DOWN: "down",
}


def tier_word(tier: WoundTier) -> str:
    """``lesser`` etc."""
    return tier.word


def check_text(roll: CheckRoll) -> str:
    """A roll's breakdown: dice, kept die, modifier, cap or morale, total vs TN, outcome."""
    dice = " ".join(str(f) for f in roll.faces)
    kept = f" keep {roll.kept}" if len(roll.faces) > 1 else ""
    mod = f" {roll.modifier:+d}" if roll.modifier else ""
    tail = ""
    if roll.morale_set is not None:
        tail = f", morale sets it to {roll.morale_set}"
    elif roll.capped:
        tail = f", capped at {roll.cap} by low morale"
    verdict = "success" if roll.success else "failure"
    again = " (rerolled)" if roll.rerolls else ""
    return f"[{dice}]{kept}{mod} = {roll.raw}{tail}; {roll.total} vs {roll.tn}+: {verdict}{again}"


def _wound(p: ev.WoundTaken) -> str:
    kind = f" {p.wound.damage.value}" if p.wound.damage else ""
    what = f"a {p.wound.tier.word}{kind} wound"
    why = {
        "bleeding": " from bleeding",
        "effect": " from the effect",
        "ongoing": " from ongoing damage",
        "death_sentence": " from the death sentence",
        "fall": " from the fall",
        "pain": " from pushing through the pain",
    }.get(p.cause, "")
    where = {
        Placement.SUPERFICIAL: "; it is superficial",
        Placement.ARMOR: "; armor takes it",
        Placement.SLOT: "",
        Placement.DISPLACED: f"; it displaces a {p.displaced.tier.word if p.displaced else ''} wound",
        Placement.NOTHING: "; the track is full and it adds nothing",
    }[p.placement]
    down = "" if p.standing is Standing.UP else f" {p.name} is {_STANDING[p.standing]}."
    return f"{p.name} takes {what}{why}{where}.{down}"


def _effect(p: ev.EffectResolved) -> str:
    o = p.outcome
    face = f" (rolled {o.face})" if o.face is not None else ""
    bits: list[str] = []
    if o.negated:
        bits.append("ignored with Recovery")
    if o.covered:
        bits.append("the costume's coverage helps")
    if o.wound_tier != o.tier:
        bits.append(f"the wound becomes {o.wound_tier.word}")
    if o.wound_scarred:
        bits.append("the wound scars")
    if o.wound_fades_on_rest:
        bits.append("the wound fades at the next rest")
    bits.extend(
        c.name.replace("_", " ") + (f" ({option_words(c.part.value)})" if c.part else "")
        for c in o.conditions
    )
    bits.extend(f"loses {n} {_POOL[pool]}" for pool, n in o.effort_lost.items() if n)
    bits.extend(f"spends {n} {_POOL[pool]}" for pool, n in o.effort_spent.items() if n)
    bits.extend(f"-{s.points} {s.stat.value} ({s.lasting.value.replace('_', ' ')})" for s in o.stat_losses)
    if o.knockback_ft:
        bits.append(f"knocked back {o.knockback_ft} ft")
    if o.delayed:
        bits.append("delayed")
    bits.extend(
        f"{piece_words(g.piece)} {'lost' if g.destroyed else 'saved' if g.saved else 'damaged'}"
        for g in o.gear
    )
    bits.extend(f"a further {w.tier.word}{' temporary' if w.temporary else ''} wound" for w in o.wounds)
    if o.dying:
        bits.append("dying")
    if o.slain:
        bits.append("slain")
    what = ", ".join(bits) if bits else "no effect"
    return f"{o.tier.word.capitalize()} {o.damage.value} effect on {p.name}{face}: {what}."


def points_held(n: int) -> str:
    """A grapple's banked margin: ``1 point held``, ``3 points held``."""
    return f"{n} point{'' if n == 1 else 's'} held"


def _shed_words(removed: Iterable[str]) -> str:
    """What a rest shed, each status once: two wounds' Bleeding stop together (src 814)."""
    return ", ".join(dict.fromkeys(r.replace("_", " ") for r in removed))


def _drawn(p: ev.ItemDrawn) -> str:
    """An item drawn: from the belt's slots, or dug out from past them, with the slots it fills and
    those its turn in the belt's order found free (src 177, 1017)."""
    if p.quick:
        head = f"{p.name} draws the {p.item} from the belt"
    else:
        head = f"{p.name} digs the {p.item} out, past the belt's quick slots"
    notes = []
    if not p.quick and p.slots is not None:
        notes.append(
            f"it fills {_slots(p.slots)}, {p.free} of {p.capacity} {'was' if p.free == 1 else 'were'} left"
        )
    if p.kind:
        notes.append(f"a {p.kind} action")
    return head + (f" ({'; '.join(notes)})." if notes else ".")


def _slots(n: int) -> str:
    return f"{n} belt slot" + ("" if n == 1 else "s")


def _grappled(p: ev.Grappled) -> str:
    o = p.outcome
    if o is None and p.withdrawn is not None:
        fallen = p.name if p.fallen == p.character else p.target_name
        return (
            f"The chance for {p.name} to reverse the hold on {p.target_name} is withdrawn:"
            f" {fallen} is {_STANDING[p.withdrawn]}."
        )
    if o is None and p.offers_changed and p.knocked_apart:
        return (
            f"The blow knocks {p.name} and {p.target_name} apart: the chance for {p.name} to reverse"
            " the hold is withdrawn."
        )
    if o is None and p.offers_changed:
        if p.reversed:
            banked = p.banked(p.character)
            return f"{p.name} reverses the hold on {p.target_name}, {points_held(banked)}."
        return f"{p.name} lets {p.target_name} go."
    if o is None and p.let_go:
        return f"{p.name} lets {p.target_name} go."
    if o is None and p.knocked_apart:
        return f"The blow knocks {p.name} and {p.target_name} apart: the grapple breaks."
    if o is None:
        held = p.holds(p.character, p.target)
        return (
            f"{p.name} grabs {p.target_name}: the grapple begins."
            if held
            else (f"The wound breaks the grapple between {p.name} and {p.target_name}.")
        )
    mine = f"{p.holder_total}" + (f" (a step of {p.name}'s morale)" if p.holder_morale else "")
    theirs = f"{p.target_total}" + (f" (a step of {p.target_name}'s morale)" if p.target_morale else "")
    head = f"{p.name} wrestles {p.target_name}: {mine} against {theirs}"
    if o.winner.value == "tie":
        return f"{head}; a stalemate."
    if o.winner.value == "defender" and p.still_held:
        return (
            f"{head}; {p.target_name} wins this hold but is still held "
            + ("by the weapon stuck in them " if p.by_weapon else "by another ")
            + "(and may spend Focus on an attack of opportunity)."
        )
    if o.winner.value == "defender":
        return f"{head}; {p.target_name} breaks free (and may attack or reverse the hold)."
    bought = ", ".join(
        b.option.value
        + (f" {b.target_moves_ft or b.thrown_ft} ft" if (b.target_moves_ft or b.thrown_ft) else "")
        for b in o.bought
    )
    tail = f"; buys {bought}" if bought else ""
    bank = f"; {points_held(o.banked)}" if o.banked else ""
    end = "; the grapple ends" if o.broken else ""
    short = f", not enough for the {p.unbought}" if p.unbought else ""
    return f"{head}, a margin of {o.available}{short}{tail}{bank}{end}."


def fall_option_words(o: Any) -> str:
    """``a lesser wound and a moderate Bash effect``."""
    parts = []
    if o.wound is not None:
        parts.append(f"a {o.wound.word} wound")
    if o.bash_effect is not None:
        parts.append(f"a roll on the {o.bash_effect.word} Bash effect table")
    return " and ".join(parts)


def _effect_asked(p: ev.EffectAsked) -> str:
    """Which decision an effect waits for and whose it is, read from the pending effect the event
    changed, so an effect of several decisions reads as steps (a log without that: "a decision")."""
    head = f"The {p.tier.word} {p.damage.value} effect on {p.name}" + (
        f" (rolled {p.face})" if p.face is not None else ""
    )
    if p.behind is not None:
        return f"{head} waits until {p.behind} decides on the effect on {p.behind_on}."
    asked = next((e for e in p.effects_changed or () if e.need is not None), None)
    if asked is None or asked.need is None:
        return f"{head} waits for a decision."
    need = asked.need
    by_target = p.no_attacker or (
        asked.chooser == p.character if asked.chooser is not None else need.chooser == "target"
    )
    return f"{head} waits for {p.name if by_target else 'the attacker'} {asked_words(need)}."


def _effect_seen(p: ev.EffectSeen) -> str:
    head = f"The {p.tier.word} {p.damage.value} effect on {p.name}" + (
        f" (rolled {p.face})" if p.face is not None else ""
    )
    held = f"{head} does not take hold" if p.ignored else f"{head} takes hold"  # what the table sees
    if not p.rolled:
        return f"{head} waits for the GM's decision." if p.waits else f"{held}."
    if p.waits:
        return f"{head} waits for the GM's roll and decision."
    return f"{held}; the GM rolled for {p.name}."


def _fell(p: ev.Fell | ev.FallSeen) -> str:
    """A fall's line; a hidden NPC's (:class:`~.events.FallSeen`) has no roll or drain to say."""
    how = "is thrown" if p.thrown else "falls"
    check = p.check if isinstance(p, ev.Fell) else None
    roll = f"; Athletics {check_text(check)}" if check is not None else ""
    lost = p.drained if isinstance(p, ev.Fell) else 0
    drained = f"; {p.name} loses {lost} Stamina (a bad fall)" if lost else ""
    if p.chosen is not None:
        return f"{p.name} {how} {p.feet} ft{roll}: {fall_option_words(p.chosen)}{drained}."
    return f"{p.name} {how} {p.feet} ft{roll}{drained}, and chooses how to take it."


def _initiative(p: ev.CombatStarted | ev.CombatJoined, *, gm: bool = False) -> str:
    """The initiative line; the GM's copy leaves out the veiled NPCs, whose lines the GM reads in
    :class:`~.events.InitiativeWithheld`."""
    members: dict[str, list[str]] = {}
    for e in p.entrants:
        if e.group is not None:
            members.setdefault(e.group, []).append(e.name)
    shown = [
        e for e in p.entrants if (e.group is None or e.group == e.character) and not (gm and e.score is None)
    ]
    lines = _lines(shown, members)
    order = p.order
    names = {e.character: e.name for e in p.entrants}
    said = f" Initiative: {lines}." if lines else ""
    head = "The fight begins." if isinstance(p, ev.CombatStarted) else "Reinforcements join the fight."
    return f"{head}{said} Order: {', '.join(names.get(i, i) for i in order)}."


def _lines(entrants: list[ev.InitiativeLine], members: dict[str, list[str]]) -> str:
    return ", ".join(
        (f"{' and '.join(members[e.character])} (a group)" if e.character in members else e.name)
        + f" {'?' if e.score is None else e.score}"
        + (f" (rolled {e.face})" if e.face is not None else "")
        + (f" (+{e.edge} for Focus)" if e.edge and e.score is not None else "")
        + (f" (roll-off {e.rolloff})" if e.rolloff is not None else "")
        for e in entrants
    )


def _withheld(p: ev.InitiativeWithheld) -> str:
    return f"Hidden initiative (GM only): {_lines(list(p.entrants), {})}."


#: a grab's contact "cannot be blocked" (WD-GRAPPLE-001, src 932)
_GRAB_WAITS = "; {name} may dodge (a grab cannot be blocked)"


def _attack_seen(p: ev.AttackSeen) -> str:
    verdict = "hits" if p.hit else "misses"
    against = f" vs defense {p.defense}" if p.defense is not None else ""
    if p.grab:
        waits = _GRAB_WAITS.format(name=p.target_name) if p.waits else ""
        return f"{p.name} grabs at {p.target_name}{against}: {p.total}; it {verdict}{waits}."
    waits = f"; {p.target_name} may dodge or block" if p.waits else ""
    return (
        f"{p.name} attacks {p.target_name} ({p.tier.word} {p.damage.value}){against}: "
        f"{p.total}; it {verdict}{waits}."
    )


def _attack(p: ev.AttackRolled) -> str:
    verdict = "hits" if p.hit else "misses"
    if p.grab:  # contact, no wound; "cannot be blocked" (WD-GRAPPLE-001, src 932)
        waits = _GRAB_WAITS.format(name=p.target_name) if p.waits else ""
        roll = check_text(p.check)
        return f"{p.name} grabs at {p.target_name} vs defense {p.defense}: {roll}; it {verdict}{waits}."
    waits = f"; {p.target_name} may dodge or block" if p.waits else ""
    return (
        f"{p.name} attacks {p.target_name} ({p.tier.word} {p.damage.value}) vs defense {p.defense}: "
        f"{check_text(p.check)}; it {verdict}{waits}."
    )


def _dodged(rooted: bool) -> str:
    """A Dodge that held: the defender may step 5 ft, unless pinned or held fast (WD-COMBAT-020)."""
    return "dodges but is held in place: no 5 ft step" if rooted else "dodges and may step 5 ft"


def _delayed(attacker: str) -> str:
    """A held Block's delay of a melee attacker (WD-COMBAT-021), said where the block is."""
    return f", and {attacker}'s next turn comes one place later"


def _reacted(p: ev.Reacted) -> str:
    if p.reaction is None or p.check is None:
        return f"{p.name} takes the hit."
    held = {
        "dodge": _dodged(p.rooted),
        "block": "blocks: the damage is superficial",
    }[p.reaction.value]
    verdict = held if p.held else f"fails to {p.reaction.value}"
    if p.delays:
        verdict += _delayed(p.delays)
    return f"{p.name} tries to {p.reaction.value}: {check_text(p.check)}; {p.name} {verdict}."


def _reaction_seen(p: ev.ReactionSeen) -> str:
    """A hidden NPC's Dodge or Block as the GM would announce it: the total and what it did."""
    way = p.reaction.value
    if p.held:
        verdict = {"dodge": _dodged(p.rooted), "block": "blocks: the damage is superficial"}[way]
        if p.delays:
            verdict += _delayed(p.delays)
    elif p.waits:
        verdict = f"falls short so far (the GM decides whether the {way} holds)"
    else:
        verdict = f"fails to {way}"
    return f"{p.name} tries to {way}: {p.total}; {p.name} {verdict}."


def seen_text(roll: ev.SeenRoll) -> str:
    """A roll against a hidden total, as its roller saw it: dice, kept die, modifier, result."""
    dice = " ".join(str(f) for f in roll.faces)
    kept = f" keep {roll.kept}" if len(roll.faces) > 1 else ""
    mod = f" {roll.modifier:+d}" if roll.modifier else ""
    tail = ""
    if roll.morale_set is not None:
        tail = f", morale sets it to {roll.morale_set}"
    elif roll.cap is not None:
        tail = f", capped at {roll.cap} by low morale"
    return f"[{dice}]{kept}{mod} = {roll.kept + roll.modifier}{tail}"


def _reacted_blind(p: ev.ReactedBlind) -> str:
    if p.reaction is None or p.roll is None:
        return f"{p.name} takes the hit."
    way = p.reaction.value
    if p.held:
        verdict = {
            "dodge": f"the dodge holds, but {p.name} is held in place: no 5 ft step"
            if p.rooted
            else f"the dodge holds and {p.name} may step 5 ft",
            "block": "the block holds: the damage is superficial",
        }[way]
    elif p.waits:
        verdict = f"the {way} fails, unless {p.name} lowers morale a step"
    else:
        verdict = f"the {way} fails"
    return f"{p.name} tries to {way} against the hidden attack: {seen_text(p.roll)}; {verdict}."


def _stayed(p: ev.StayedUp) -> str:
    what = {
        "stay_up": "rolls Guts to stay up",
        "get_up": "spends Recovery and rolls Guts to get up",
        "fate": "rolls Guts: did the fall kill them?",
    }[p.why]
    return f"{p.name} {what}: {check_text(p.check)}; {p.name} is {_STANDING[p.standing]}."


def _standing_seen(p: ev.StandingSeen) -> str:
    """A hidden NPC's stay-up or get-up as the GM would announce it: how it stands, not the roll."""
    what = {"stay_up": "tries to stay up", "get_up": "tries to get up", "fate": "lies still"}.get(
        p.why, "tries to stay up"
    )
    verdict = f"{p.name} is {_STANDING[p.standing]}"
    if p.waits:
        verdict += " so far (the GM decides whether morale carries it)"
    return f"{p.name} {what}: {verdict}."


def _rest_seen(p: ev.RestSeen) -> str:
    """A hidden NPC's rest as the GM would announce it: what it sheds, not the roll or effort."""
    parts = [f"{p.name} {'rests the whole turn' if p.full else 'rests'}"]
    if p.removed:
        parts.append("sheds " + _shed_words(p.removed))
    if p.reduced is not None:
        parts.append(f"a {p.reduced.word} wound eases")
    parts.extend(f"then a {tier.word} one" for tier in p.eased)
    parts.extend(_faded(p.faded))
    return "; ".join(parts) + "."


def _faded(tiers: tuple[WoundTier, ...]) -> list[str]:
    """A rest's wounds gone by themselves, whatever its roll (src 656)."""
    return [f"a {tier.word} wound fades with the rest" for tier in tiers]


def _move_seen(p: ev.MoveSeen) -> str:
    """A hidden NPC's rolled move as the GM would show it: how far, not the dice."""
    how = "sprints" if p.action == "sprint" else "moves"
    if not p.feet:
        return f"{p.name} stays put."
    return f"{p.name} {how} {p.feet} ft" + (f" ({p.note})." if p.note else ".")


def _rested(p: ev.Rested) -> str:
    kind = "rests the whole turn" if p.full else "rests"
    parts = [f"{p.name} {kind}" if not p.bought_up else f"Morale carries {p.name}'s rest"]
    if p.check is not None and not p.bought_up:
        parts.append(f"Guts {check_text(p.check)}")
    if p.removed:
        parts.append("sheds " + _shed_words(p.removed))
    if p.reduced is not None:
        parts.append(f"a {p.reduced.word} wound eases")
    for tier in p.eased:
        parts.append(f"then a {tier.word} one")
    parts.extend(_faded(p.faded))
    if p.restored:
        parts.append("restores " + ", ".join(f"{n} {_POOL[k]}" for k, n in p.restored.items()))
    return "; ".join(parts) + "."


def _medical(p: ev.MedicalRolled) -> str:
    up = (
        "the death sentence is stopped"
        if p.sentence
        else "the burn is put out"
        if p.burn
        else f"{p.patient_name} is back up"
    )
    tail = up if p.done else f"{p.total} of {p.dc} so far"
    return f"{p.name} tends {p.patient_name} (Medical): {check_text(p.check)}; {tail}."


#: what the lesser foes do once pushed back (WD-COMBAT-031, src 1000)
_AFTER_PUSH = {
    "fighting": "the other lesser foes fight on.",
    "background": "they stay back while others fight.",
    "one_at_a_time": "with nobody left to fight, they will come out one at a time (as the GM calls them).",
    "flee": "with half the lesser foes out of the fight, the rest flee.",
}


#: the tracker's word for one Leverage took out of the fighting (WD-COMBAT-031)
_SIDELINED = {Sidelined.PUSHED: " (pushed back)", Sidelined.FLED: " (fled)"}


def _pushed_back(p: ev.PushedBack) -> str:
    return f"{p.name}'s reputation pushes {', '.join(p.names)} into the background; {_AFTER_PUSH[p.outcome]}"


def _interrupted(p: ev.Interrupted) -> str:
    stop = "they stop until the interruption is dealt with."
    if p.check is None and p.cause == "check":  # a check called in secret: its roll is the GM's
        return f"{p.name} is interrupted mid-task and fails to stay on it; {stop}"
    if p.check is None:
        return f"{p.name} stops {p.task.removeprefix('call:')} on the GM's ruling; {stop}"
    if p.cause == "check":
        return f"{p.name} is interrupted mid-task and fails to stay on it ({check_text(p.check)}); {stop}"
    return f"{p.name} is hurt mid-task and rolls Knowledge to stay on it: {check_text(p.check)}; " + (
        "they keep at it." if p.held else stop
    )


def _action(p: ev.ActionTaken) -> str:
    if p.check is not None:
        how = "all of it goes right" if p.check.success else "part of it goes wrong"
        note = f" ({p.note})" if p.note else ""
        head = f"{p.name} tries a compound quick action: {p.action}{note}"
        return f"{head}; Dexterity {check_text(p.check)}: {how}."
    if p.note == "the free attack after the wrest":
        return f"{p.name} takes the free attack the wrest earned: no action spent."
    if p.action in ("attack", "full_attack", "medical"):
        note = f" ({p.note})" if p.note else ""
        return f"{p.name} takes a {p.kind} action: {p.action.replace('_', ' ')}{note}."
    if p.pained is not None and p.action not in ("move", "sprint"):
        how = "as planned" if p.pained.success else "with half its effect"
        return f"{p.name} acts through the pain ({check_text(p.pained)}): {p.action}, {how}."
    if p.pained is not None:
        how = "and manages" if p.pained.success else "and goes half as far"
        moved = f"moves {p.feet} ft" if p.feet else "stays put"
        return f"{p.name} moves through the pain (Athletics {check_text(p.pained)}) {how}: {moved}."
    note = f" ({p.note})" if p.note else ""
    # a sprint's Athletics roll (+5 ft on 4+, +10 on 6+, src 890) and a push's d3 x 5 ft (src 378)
    dice = [f"Athletics {check_text(p.sprint)}"] if p.sprint is not None else []
    dice += [f"Stamina push d3: {p.push}"] if p.push is not None else []
    if p.note == "stands up":
        said = f" ({'; '.join(dice)})" if dice else ""
        # a sprint that rises still says it sprints (its Athletics roll is a sprint's, src 890)
        went = "sprints" if p.action == "sprint" else "moves"
        return f"{p.name} stands up" + (f" and {went} {p.feet} ft{said}." if p.feet else f"{said}.")
    if p.feet and p.note and p.action in ("move", "sprint"):  # rough ground, a climb or a jump
        said = "; ".join((*dice, p.note))
        return f"{p.name} {'sprints' if p.action == 'sprint' else 'moves'}: {p.feet} ft of movement ({said})."
    if p.feet:
        said = f" ({'; '.join(dice)})" if dice else ""
        return f"{p.name} {'sprints' if p.action == 'sprint' else 'moves'} {p.feet} ft{said}."
    return f"{p.name} takes a {p.kind} action: {p.action}{note}."


def _ended(p: ev.CombatEnded) -> str:
    bled = f" {', '.join(p.bled)} bled into a lesser wound." if p.bled else ""
    lull = " After five quiet minutes, spent effort comes back." if p.lull else " There is no lull yet."
    return f"The fight is over.{lull}{bled}"


def _morale(p: ev.MoraleChanged) -> str:
    why = f" ({p.reason})" if p.reason else ""
    return f"{p.name}'s morale moves {p.delta:+d} to {MORALE_NAMES[p.step]} ({p.step:+d}){why}."


_PAIN_WORDS = {
    "morale": "a step of morale",
    "lesser_wound": "a lesser wound",
    "end_turn": "the rest of the turn",
}

_ROLL_WORD = {
    "check": "roll",
    "attack": "attack",
    "stay_up": "Guts roll to stay up",
    "get_up": "Guts roll to get up",
    "sprint": "sprint's Athletics roll",
}

_TEXT: dict[str, Callable[[Any], str]] = {
    ev.CharacterAdded.TYPE: lambda p: f"{p.sheet.name} joins the table.",
    ev.NpcJoined.TYPE: lambda p: f"{p.name} enters the scene.",
    ev.NpcUpdated.TYPE: lambda p: (
        "The GM's notes on " + (", ".join(c.name for c in p.changed) or "the table") + " are updated."
    ),
    ev.RolledInSecret.TYPE: lambda p: "The GM makes a roll.",
    ev.GmNoted.TYPE: lambda p: f"GM note: {p.text}",
    ev.Ruled.TYPE: lambda p: (
        f"The GM rules on {p.name}: {p.text}"
        + (f" ({p.name} is now {_STANDING[p.standing]})" if p.standing is not None else "")
    ),
    ev.CheckCalled.TYPE: lambda p: (
        f"The GM calls for {p.name}'s {' and '.join(s.value for s in p.call.stats)}"
        + (f" as a lengthy check to a total of {p.call.dc}" if p.call.dc else f" at {p.call.tn}+")
        + (f" to {p.call.task}" if p.call.task else "")
        + (f", with {p.call.dice} extra dice" if p.call.dice else "")
        + (f", among the {p.call.group}" if p.call.group else "")
        + "."
    ),
    ev.CheckWithdrawn.TYPE: lambda p: (
        f"The GM's call for {p.name}'s {' and '.join(s.value for s in p.stats)} at {p.tn}+"
        + (f" to {p.task}" if p.task else "")
        + f" is withdrawn: {p.name} is {_STANDING[p.withdrawn]}."
    ),
    ev.CheckRolled.TYPE: lambda p: (
        f"{p.name} rolls {' and '.join(s.value for s in p.stats)}"
        + (f" to {p.task}" if p.task else "")
        + f": {check_text(p.check)}"
        + (f"; {p.running} of {p.dc}" + (" so far" if p.going else ": done") if p.running is not None else "")
        + "."
    ),
    ev.Interrupted.TYPE: _interrupted,
    ev.MoraleSpent.TYPE: lambda p: (
        f"{p.name} spends a step of morale: the {_ROLL_WORD.get(p.what, 'roll')} counts as {p.check.total} "
        f"({'success' if p.check.success else 'failure'})"
        + (f" and carries {p.name} {p.feet} ft further" if p.feet else "")
        + f"; morale is now {MORALE_NAMES[p.morale]}."
    ),
    ev.Rerolled.TYPE: lambda p: f"{p.name} rerolls with Stamina: {check_text(p.check)}.",
    ev.SuperPassed.TYPE: lambda p: (
        f"{p.name}'s super {p.stat.value} passes"
        + (f" to {p.task}" if p.task else "")
        + (
            ": within its effortless limit, no roll."
            if p.effortless
            else ": a human-tier check needs no roll."
        )
    ),
    ev.MoraleChanged.TYPE: _morale,
    ev.EffortSpent.TYPE: lambda p: (
        f"{p.name} spends {p.dots} {_POOL[p.pool]}"
        + (
            " to wait"  # the Wait's own line says for what (WD-COMBAT-027)
            if p.use is EffortUse.WAIT
            else f" ({p.use.value.replace('_', ' ')}" + (f": {p.on})" if p.on else ")")
        )
        + ("; the bleeding worsens" if p.bled else "")
        + "."
    ),
    ev.CombatStarted.TYPE: _initiative,
    ev.CombatJoined.TYPE: _initiative,
    ev.InitiativeWithheld.TYPE: _withheld,
    ev.TacticsEdgeWithheld.TYPE: lambda p: f"{p.name} spends Focus on Tactics: +{p.edge}.",
    ev.TurnStarted.TYPE: lambda p: (
        f"Round {p.round}: {p.name}'s turn."
        + (f" Ended: {'; '.join(e.replace('_', ' ') for e in p.ended)}." if p.ended else "")
    ),
    ev.ActionTaken.TYPE: _action,
    ev.OpportunityPassed.TYPE: lambda p: (
        f"{p.name} lets the chance to strike at {p.target_name} pass."
        if p.withdrawn is None
        else f"The chance for {p.name} to strike at {p.target_name} is withdrawn:"
        f" {p.target_name} is {_STANDING[p.withdrawn]}."
    ),
    ev.StatsRegained.TYPE: lambda p: (
        f"{p.name} regains "
        + ", ".join(f"{n} {s.value}" for s, n in p.regained.items())
        + (" (resting)." if p.resting else ".")
    ),
    ev.AttackRolled.TYPE: _attack,
    ev.AttackSeen.TYPE: _attack_seen,
    ev.Reacted.TYPE: _reacted,
    ev.ReactedBlind.TYPE: _reacted_blind,
    ev.ReactionSeen.TYPE: _reaction_seen,
    ev.WoundTaken.TYPE: _wound,
    ev.Grappled.TYPE: _grappled,
    ev.GearChanged.TYPE: lambda p: f"{p.name}'s gear: " + "; ".join(p.what) + ".",
    ev.ItemDrawn.TYPE: _drawn,
    ev.Extracted.TYPE: lambda p: (
        f"{'The ' + p.item if p.item else 'The stuck object'} comes out of {p.name}"
        + (" carefully" if p.careful else " by force")
        + f": a {p.tier.word} wound and Bleeding."
    ),
    ev.ItemsDropped.TYPE: lambda p: (
        f"{p.name}'s {' and '.join(p.items)} stays in {p.stuck_in}."
        if p.stuck_in
        else f"{p.name} drops the {' and the '.join(p.items)}."
    ),
    ev.ItemPickedUp.TYPE: lambda p: (
        f"{p.name} wrests the {p.item} free and keeps it."
        if p.wrested
        else f"{p.name} picks the {p.item} up" + (f" (a {p.kind} action)." if p.kind else ".")
    ),
    ev.GrappleBraced.TYPE: lambda p: (
        f"{p.name} braces against {p.holder_name}'s hold: "
        + " and ".join(
            ([f"{p.dots} Stamina, +{p.dots} on the next round"] if p.dots else [])
            + (["a step of high morale should the next round's roll come out low"] if p.morale else [])
        )
        + "."
    ),
    ev.Consumed.TYPE: lambda p: (
        f"The flames consume {p.name}: one point of {p.stat.value}, for good."
        if p.stat is not None
        else f"The flames eat at {p.name}: a physical stat point is lost, the attacker's pick."
    ),
    ev.PainDue.TYPE: lambda p: (
        # two of one kind (two wounds' physical pain) are one pain, and one price (src 818-822)
        f"{p.name} fails in pain ({', '.join(dict.fromkeys(x.replace('_', ' ') for x in p.pains))}):"
        " a price is owed."
    ),
    ev.PainPaid.TYPE: lambda p: f"{p.name} pays for the pain: {_PAIN_WORDS[p.choice.value]}.",
    ev.PainSpared.TYPE: lambda p: f"{p.name}'s roll holds after all: no price is owed for the pain.",
    ev.Fell.TYPE: _fell,
    ev.StatusesApplied.TYPE: lambda p: (
        f"{p.source} leaves {p.name} " + ", ".join(x.replace("_", " ") for x in p.statuses) + "."
    ),
    ev.EffectAsked.TYPE: _effect_asked,
    ev.EffectResolved.TYPE: _effect,
    ev.StayedUp.TYPE: _stayed,
    ev.StandingSeen.TYPE: _standing_seen,
    ev.EffectSeen.TYPE: _effect_seen,
    ev.RestSeen.TYPE: _rest_seen,
    ev.MoveSeen.TYPE: _move_seen,
    ev.FallSeen.TYPE: _fell,
    ev.MedicalRolled.TYPE: _medical,
    ev.CareEnded.TYPE: lambda p: f"{p.name} is awake: the Medical care on them is over.",
    ev.Waited.TYPE: lambda p: (
        f"{p.name} waits for {p.event or p.trigger_name}"
        + (f" (response: {p.response})." if p.response else ".")
    ),
    ev.WaitFired.TYPE: lambda p: (
        f"What {p.name} waited for happens: {p.name} acts now, then {p.before_name}'s turn goes on."
    ),
    ev.Rested.TYPE: _rested,
    ev.SecretEffortBack.TYPE: lambda p: (
        f"{p.name}'s rest restores "
        + ", ".join(f"{n} {_POOL[k]}" for k, n in p.restored.items())
        + " spent on a check the GM called in secret."
    ),
    ev.Leveraged.TYPE: lambda p: (
        f"{p.name} {'spends' if p.spent else 'cites'} reputation"
        + (f" ({p.card})" if p.card else "")
        + f": up to {p.targets} lesser foes are pushed around."
    ),
    ev.PushedBack.TYPE: _pushed_back,
    ev.CameForward.TYPE: lambda p: f"{p.name} comes out of the background to fight.",
    ev.RoundEnded.TYPE: lambda p: (
        f"Round {p.round} ends." + (f" {', '.join(p.died)} died." if p.died else "")
    ),
    ev.BystanderDown.TYPE: lambda p: f"{p.name} is hit and goes down.",
    ev.CombatEnded.TYPE: _ended,
    ev.QuietAfter.TYPE: lambda p: (
        f"Five quiet minutes pass: the effort {', '.join(p.names)} spent comes back, but for one dot each."
        if p.names
        else "Five quiet minutes pass."
    ),
    ev.Exhausted.TYPE: lambda p: (
        f"{p.name}'s effort comes back"
        + (f", but one {_POOL[p.pool]} dot is exhausted until a night's sleep." if p.pool else ".")
    ),
    ev.Trained.TYPE: lambda p: (
        f"{p.name} trains {p.skill}: "
        + (f"{p.uncapped}, capped at {p.total} by low morale" if p.uncapped else f"{p.total}")
        + f", {p.saved} of 12 saved"
        + (f"; {p.name} now knows {p.skill}." if p.learned else ".")
    ),
    ev.SecretDotsKept.TYPE: lambda p: (
        f"{p.name}'s exhausted dots picked in secret roll at the night's sleep: low morale keeps"
        f" {sum(p.kept.values())} of {len(p.faces)}."
    ),
    ev.Slept.TYPE: lambda p: (
        f"{p.name} sleeps the night"
        + (
            f"; low morale keeps {_dots(sum(p.kept.values()), 'exhausted dot')}."
            if p.kept
            else "; exhaustion clears."
        )
        + (
            f" Morale gives {_dots(len(p.morale_dots), 'extra dot')} for the day: "
            + ", ".join(_POOL[d] for d in p.morale_dots)
            + "."
            if p.morale_dots
            else ""
        )
    ),
}


def _characters(payload: Any) -> tuple[str, ...]:
    values = payload.__dict__
    out = [values[k] for k in ("character", "attacker", "target", "patient") if k in values]
    return tuple(str(x) for x in out if isinstance(x, str))


def _for_gm(payload: Any, text: str) -> str:
    """The GM reads the players' halves of hidden things as what the players were told."""
    if isinstance(payload, ev.RolledInSecret):
        return "(The players see only that the GM made a roll.)"
    if isinstance(payload, ev.AttackSeen):
        return f"(The players see {payload.name}'s total and whether it hits, not its dice.)"
    if isinstance(payload, ev.ReactionSeen):
        way = payload.reaction.value
        return f"(The players see {payload.name}'s total and whether the {way} holds, not its dice.)"
    if isinstance(payload, ev.EffectSeen):
        return f"(The players see the effect on {payload.name}, not its Guts roll, Recovery or drain.)"
    if isinstance(payload, ev.StandingSeen):
        return f"(The players see how {payload.name} stands, not the roll.)"
    if isinstance(payload, ev.RestSeen):
        return f"(The players see {payload.name} rest and what it sheds, not the roll or effort.)"
    if isinstance(payload, ev.MoveSeen):
        return f"(The players see how far {payload.name} goes, not the dice.)"
    if isinstance(payload, ev.FallSeen):
        return f"(The players see {payload.name}'s fall and how it is taken, not its roll or Stamina.)"
    if isinstance(payload, ev.ReactedBlind):
        return f"(The players see {payload.name}'s answer without the hidden attack's total.)"
    if isinstance(payload, (ev.CombatStarted, ev.CombatJoined)) and any(
        e.score is None for e in payload.entrants
    ):
        return _initiative(payload, gm=True)
    return text


#: lines the rules speak whoever's action set them off (``actor`` ``""``: no seat): the GM's notes on
#: an NPC, kept beside the action that changed it, read "Bob: The GM's notes on Steeltoe are updated.";
#: the next turn, begun by the end of the one before, read "Ann: Round 1: Steeltoe's turn."; the
#: players' word of the GM's secret roll that Ann's hit set off read "Ann: The GM makes a roll."
_RULES_LINES = frozenset({ev.NpcUpdated.TYPE, ev.TurnStarted.TYPE, ev.RolledInSecret.TYPE})


def _words(text: Callable[[Any], str]) -> Callable[[Any, Event, Viewer], Description]:
    def words(payload: Any, event: Event, viewer: Viewer) -> Description:
        said = text(payload)
        return Description(
            text=_for_gm(payload, said) if viewer.is_gm else said,
            actor="" if event.type in _RULES_LINES else event.seat,
            characters=_characters(payload),
            rolls=event.rolls,
            hidden=not event.audience.everyone,
        )

    return words


WORDS: dict[str, Callable[[Any, Event, Viewer], Description]] = {t: _words(f) for t, f in _TEXT.items()}


# -- panels -------------------------------------------------------------------------------------


def _wounds(c: Combatant) -> str:
    parts = []
    for w in c.track.wounds:
        tag = w.tier.word[0].upper() + (f" {w.damage.value}" if w.damage else "")
        if w.armor:
            tag += " (armor)"
        if w.temporary:
            tag += " (temp)"
        parts.append(tag)
    return ", ".join(parts) or "-"


def _effort(state: WdState, c: Combatant, viewer: Viewer) -> str:
    sheet = state.sheets.get(c.id)
    if sheet is None or not sheet.tracks_effort:
        return "-"
    # a dot spent on a check the GM called in secret is the GM's and its owner's to see (src 376)
    effort = c.effort if viewer.is_gm or c.owner == viewer.seat else c.effort.unveiled()
    return " ".join(f"{_POOL[p][0]} {effort.available(sheet, p)}/{effort.maximum(sheet, p)}" for p in Pool)


def panels(state: WdState, viewer: Viewer) -> list[Panel]:
    """The tracker (turn order, wounds by type, effort, statuses, morale) as this viewer may see it."""
    shown = [c for c in state.people.values() if viewer.is_gm or not c.hidden]
    veiled = [c for c in state.people.values() if c.hidden and not viewer.is_gm]
    fight = state.fight
    order = list(fight.order.order) if fight else []
    rank = {ident: i + 1 for i, ident in enumerate(order)}
    rows = []
    for c in sorted([*shown, *veiled], key=lambda x: rank.get(x.id, 999)):
        mine = viewer.is_gm or not c.hidden
        current = fight is not None and fight.order.current == c.id
        rows.append(
            (
                ("> " if current else "") + (str(rank[c.id]) if c.id in rank else "-"),
                c.name,
                c.tier.value,
                _STANDING[c.track.standing] + (_SIDELINED[c.sidelined] if c.sidelined is not None else ""),
                _wounds(c),
                (f"{len(c.track.wounds)}/{c.track.slots + c.track.armor}" if mine else "?"),
                _effort(state, c, viewer) if mine else "?",
                ", ".join(x.name.replace("_", " ") for x in c.conditions) or "-",
                f"{MORALE_NAMES[c.morale]} ({c.morale:+d})" if mine else "?",
            )
        )
    note = ""
    if fight is not None and fight.turn is not None:
        who = state.people.get(fight.turn.actor)
        name = who.name if who else fight.turn.actor
        left = fight.turn.actions
        note = f"Round {fight.order.round}; {name} acts, {left} action{'' if left == 1 else 's'} left."
    tracker = Panel(
        title="Weaverdice tracker",
        columns=("#", "name", "tier", "standing", "wounds", "slots", "effort", "statuses", "morale"),
        rows=tuple(rows),
        note=note,
    )
    return [tracker]


# -- prompt questions ---------------------------------------------------------------------------

_QUESTIONS: dict[str, str] = {
    "reaction": (
        "{attacker} hits {name} with {total}. Spend 1 Focus to dodge (Athletics, {dodge} to hold) "
        "or block (Brawn, {block} to hold), or take the hit?"
    ),
    "reaction_grab": (
        "{attacker} grabs {name} with {total}. Spend 1 Focus to dodge (Athletics, {dodge} to hold), or"
        " be grabbed? (A grab cannot be blocked.)"
    ),
    "reaction_grab_hidden": (
        "{attacker} grabs {name} (the total is hidden). Spend 1 Focus to dodge (Athletics, odds unknown),"
        " or be grabbed? (A grab cannot be blocked.)"
    ),
    "reaction_hidden": (
        "{attacker} hits {name} (the total is hidden). Spend 1 Focus to dodge (Athletics, odds "
        "unknown) or block (Brawn, odds unknown), or take the hit?"
    ),
    "effect": "{name}'s {tier} {damage} effect, {chooser} to decide: {says}",
    "check": "The GM calls for {name}'s {stats} at {tn}+{task}: roll it ({odds} to succeed).",
    "check_secret": (
        "The GM asks for a roll of {name}'s {stats} in secret: roll it; the GM reads how it went."
    ),
    "fall": "{name} {how} {feet} ft: how do they take it?",
    "reaction_morale": (
        "{name}'s {reaction} falls short ({got} against {total}): lower morale a step to make it "
        "{value} and hold, or take the hit?"
    ),
    "reversal": "{name} broke free of {other}: take the hold over with {held}, or let go?",
    "opportunity": "{other} rises from the ground: if {name} is in melee reach, strike (an attack of"
    " opportunity{cost}), or let it pass?",
    "opportunity_ground": "{other} acts from the ground: if {name} is in melee reach, strike (an attack of"
    " opportunity{cost}), or let it pass?",
    "burn": "The flames consume {name}: which physical stat loses a point for good?",
    "pain": "{name} failed in pain: {choices}?",
    "lengthy": "A lengthy check of {name}'s {stats}{task}: {done} of {dc} so far; roll to add to it.",
    "exhaust": "The encounter is over: which of {name}'s effort pools loses a dot until a night's sleep?",
    "turn": "Round {round}: {name}'s turn, {actions} left.",
    "turn_out": "Round {round}: {name}'s turn; {name} is {standing}: only ending the turn is left.",
}


def question(kind: str, **facts: object) -> str:
    """The words of a prompt of ``kind``, from its facts."""
    return _QUESTIONS[kind].format(**facts)


def pain_words(turn_left: bool, morale_left: bool) -> str:
    """The prices a pained failure may be paid with, in words (src 822): a morale step while morale
    can sink, ending the turn while turn is left."""
    said = [
        *(["lose a step of morale"] if morale_left else []),
        "take a lesser wound",
        *(["end the turn now"] if turn_left else []),
    ]
    words = (
        said[0]
        if len(said) == 1
        else ", ".join(said[:-1]) + (", or " if len(said) > 2 else " or ") + said[-1]
    )
    return words + ("" if morale_left else " (morale is as low as it goes)")


def option_words(value: str) -> str:
    """A prompt option's label: ``pained_physical`` -> ``pained physical``."""
    return value.replace("_", " ")


def percent(p: object) -> str:
    """An exact chance as a whole percentage."""
    return f"{round(float(p) * 100)}%"  # type: ignore[arg-type]
