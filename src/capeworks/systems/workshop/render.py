"""Words for every event, menu words for every command, and the tracker panels."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextvars import ContextVar
from typing import Any

from capeworks.engine import Description, Event, EventData, Panel, Viewer
from capeworks.engine.names import plural_subjects
from capeworks.engine.render import sentence
from capeworks.systems.workshop import alt
from capeworks.systems.workshop import events as ev
from capeworks.systems.workshop.cards import effect_of
from capeworks.systems.workshop.common import impairment, wound_penalty
from capeworks.systems.workshop.sheet import Combatant, Standing
from capeworks.systems.workshop.state import WorkshopState
from capeworks.systems.workshop.turn import Effect

__all__ = ["COMMAND_WORDS", "WORDS", "narration_words", "panels", "roll_for"]


#: the names the event being put into words carries (set by ``_w`` around each event's words)
_NAMES: ContextVar[Mapping[str, str] | None] = ContextVar("workshop_names", default=None)


def _w(fn: Callable[[Any], str]) -> Callable[[EventData, Event, Viewer], Description]:
    def words(payload: EventData, event: Event, viewer: Viewer) -> Description:
        who = getattr(payload, "character", None)
        chars = (who.id,) if who is not None else ()
        token = _NAMES.set(getattr(payload, "names", {}))
        try:
            # a mook group's verbs are plural ("Goons attack"), whatever the event (engine.names)
            text = plural_subjects(fn(payload), _group_names(payload))
        finally:
            _NAMES.reset(token)
        return Description(text=text, actor=event.seat, characters=chars)

    return words


def _group_names(payload: Any) -> list[str]:
    """The names of the mook groups an event mentions, as its words may write them: the name it carries
    (or the id as words begin it), and the id itself where the name is the id ("thugs"). A log written
    before events marked their groups (``plural_ids``) still marks the group the event carries whole."""
    groups = set(getattr(payload, "plural_ids", ()))
    carried = getattr(payload, "character", None)
    if carried is not None and carried.group:
        groups.add(carried.id)
    return list(dict.fromkeys(n for g in sorted(groups) for n in (_n(g), g)))


def _n(ident: str) -> str:
    """A combatant's name: the one the event carries; for an older event, the id as words begin it."""
    name = (_NAMES.get() or {}).get(ident)
    return name if name is not None else ident[:1].upper() + ident[1:]


def _in_order(ident: str, initiative: dict[str, int]) -> str:
    """One place of the acting order: a combatant and its Initiative, or a padding card (WS-ALT-005).

    Only those able to act get an Initiative (src 12, 54); under card initiative the card of one who
    cannot keeps its place in the stack and is passed over (WS-ALT-001): it reads as such."""
    if alt.is_pad(ident):
        return f"a padding card ({alt.pad_kind(ident)})"
    if ident not in initiative:
        return f"{_n(ident)} (unable to act)"
    return f"{_n(ident)} {initiative[ident]}"


#: the wiki's degrees below success (secondary evidence); their effects are the GM's to narrate
_DEGREES = {
    "failure": "",
    "total_failure": " (Total Failure: the action turns Hazardous)",
    "fumble": " (a Fumble)",
}


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def _sum(*parts: str) -> str:
    """The parts of a roll a reader needs, the empty ones dropped: ``9 + dice 9/1 -3``, ``9 + dice 9/1``,
    ``12`` (no dice, no modifier); each part is "" where there is nothing to say."""
    return " ".join(p for p in parts if p)


def _dice(dice: tuple[int, ...]) -> str:
    """The dice read, as ``dice 9/1``; "" for a roll of none."""
    return "dice " + "/".join(str(d) for d in dice) if dice else ""


def _mod(modifier: int) -> str:
    """A modifier as a reader writes it (``+2``, ``-3``); "" for none."""
    return _signed(modifier) if modifier else ""


def _count(n: int, noun: str) -> str:
    """``1 Wound``, ``2 Wounds``: the number and its noun, plural unless one."""
    return f"{n} {noun}" + ("" if n == 1 else "s")


#: a card's rank and suit as a person names them ("the King of Spades", src 85: "a normal Deck")
_RANKS = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}
_SUITS = {"S": "Spades", "H": "Hearts", "C": "Clubs", "D": "Diamonds"}


def card_name(card: str) -> str:
    """A card's code (``"KS"``, ``"10H"``, ``"JK1"``) as a person says it: "the King of Spades", "a Joker"."""
    if card.startswith("JK"):
        return "a Joker"
    rank, suit = card[:-1], card[-1]
    return f"the {_RANKS.get(rank, rank)} of {_SUITS.get(suit, suit)}"


def _card_effect(card: str) -> str:
    """What a Faction's card does this Sequence (tables T4 and T5, src 87-100), in the seed's words."""
    e = effect_of(card)
    if e.joker:
        return "Shock regained, Wounds bandaged, everyone Inspired, every Action Favored"
    if e.all_inspired:
        return "every Action Favored and Inspired"
    said = ["Inspired"] if e.inspired else []
    said += [f"{e.favored.value.capitalize()} Favored"] if e.favored else []
    said += ["Stymie"] if e.stymie else []
    said += ["Confused: no pool points may be used"] if e.confused else []
    said += ["Setback"] if e.setback else []
    return ", ".join(said)


def _woke_and_died(woke: tuple[str, ...], died: tuple[str, ...]) -> str:
    """Who got up as time ran on (src 60, 120: the time down is up) and who died of it (src 150: not
    stabilised within the hour), each as a sentence; "" for nobody."""
    said = [f" {_n(w)} wakes up." for w in woke] + [f" {_n(d)} dies, not stabilised in time." for d in died]
    return "".join(said)


def _recovery(r: ev.Recovery) -> str:
    """One pool mended as the Sequence ends, as a table says it: whose, from what to what, and why (src
    16, 58); possessive, so a mook group reads right ("Goons' Shots go ...")."""
    if r.track == "shock":
        return f"{_n(r.who)}'s Shock goes from {r.before} to {r.after} (a Sequence of rest)"
    return f"{_n(r.who)}'s Shots go from {r.before} to {r.after} (no roll this Sequence)"


def _bid(p: ev.InterruptBid) -> str:
    """An interrupt bid: its Shots, whom it interrupts and the Initiative it makes (src 21, 27), the numbers
    every seat needs to follow the counter-bid."""
    if p.bid is None:
        return f"{p.character.name} bids {_count(p.shots, 'Shot')} to interrupt."
    return (
        f"{p.character.name} bids {_count(p.shots, 'Shot')} to interrupt {_n(p.bid.against)}"
        f" (Initiative {p.bid.initiative})."
    )


def _bid_resolved(p: ev.BidResolved) -> str:
    """The interrupt settled, with what a counter-bid spent and the Initiative it made (src 27)."""
    countered = ""
    if p.shots and p.character is not None:
        mine = p.turn.initiative.get(p.character.id)
        countered = f"{p.character.name} counters with {_count(p.shots, 'Shot')} (Initiative {mine}); "
    return f"The interrupt is settled: {countered}{_n(p.winner)} acts first."


def _after_roll(p: ev.Rolled) -> str:
    """What a failed Shock or Dark Times roll did to the roller (src 120, 150), said after the roll."""
    if p.success or p.character is None:
        return ""
    name = _n(p.who)
    if p.what == "shock" and p.character.standing is Standing.DOWN:
        # src 120: "The negative margin indicates Sequences until you wake up and the Difficulty of any
        # Physician+Wits roll to wake you prematurely"
        margin = p.difficulty - p.total
        return (
            f" {name} falls unconscious for {_count(margin, 'Sequence')} "
            f"(Physician + Wits vs {margin} wakes {name} sooner)."
        )
    if p.what == "dark times" and p.character.standing is Standing.DYING:
        return f" {name} is dying."  # src 150: "If you fail this roll, you fall down dying"
    if p.what == "cinematic luck":  # src 138: the Luck roll failed, "the character gets a Cinematic Wound"
        return f" {name} takes a Cinematic Wound."
    return ""


#: statuses whose "is ..." reads wrong: (put on, taken off)
_STATUS_WORDS = {
    "pool point": ("earns a Favored pool point", "spends a Favored pool point"),
    "knocked_down": ("is knocked down", "gets up"),
    "loses_action": ("loses the next Action", "no longer loses the next Action"),
    "inspired_all": ("is Inspired (every roll)", "is no longer Inspired"),
    "welcomes_cinematic": ("welcomes cinematic wounds", "no longer welcomes cinematic wounds"),
    # src 169: "Attacker gains Free d10 next Action"
    "free_d10": ("gains a Free d10 on the next Action", "no longer has a Free d10"),
}


def _status(p: Any) -> str:
    """A status put on or taken off, as a sentence ("A is bandaged.", "V gets up.")."""
    status = p.status.replace("_", " ")
    on, off = _STATUS_WORDS.get(p.status) or (f"is {status}", f"is no longer {status}")
    return f"{p.character.name} {on if p.on else off}."


#: what a roll is for, as a table says it after "rolls" ("roll for Shock", src 120; "roll to wake up", src 60)
_ROLL_FOR = {
    "shock": "for Shock",
    "dark times": "for Dark Times",
    "wake": "to wake up",
    "steady": "to shake off being Shaken",
    "get up": "to get up",
    "fall": "to break the fall",
    "covering fire": "for covering fire",
    "cinematic luck": "Luck to avoid a Cinematic Wound",
    "revive": "to revive",
    "stabilise": "to stabilise",
    "treat": "to treat Wounds",
}


def roll_for(what: str) -> str:
    """What a roll of kind ``what`` (``Rolled.what``) is for, in a player's words."""
    return _ROLL_FOR.get(what, f"for {what}" if what else "")


def _roll_noun(what: str) -> str:
    """A roll of kind ``what`` named ("roll to wake up", "Luck roll to avoid a Cinematic Wound")."""
    if what == "cinematic luck":
        return "Luck roll to avoid a Cinematic Wound"
    return "roll" + (f" {roll_for(what)}" if what else "")


def _rolled(p: ev.Rolled) -> str:
    if p.by_choice:
        # only the cinematic Luck roll may be failed by choice (src 138: "She may voluntarily fail this roll")
        return f"{_n(p.who)} fails the Luck roll by choice: a Cinematic Wound."
    verdict = "succeeds" if p.success else "fails" + _DEGREES.get(p.degree, "")
    if p.static:  # a speed-bump group's Static PV, no dice (src 175)
        traits = "+".join(p.traits)
        return f"{_n(p.who)}: {p.what} with no roll, {traits} {p.total} vs {p.difficulty}: {verdict}."
    parts = ", ".join(x for x in (f"{'+'.join(p.traits)} {p.base}", _dice(p.dice), _mod(p.modifier)) if x)
    who = f"One of {_n(p.who)}" if p.member else _n(p.who)  # a group's sleeping mook, not the group
    return (
        f"{who} rolls {roll_for(p.what)} ({parts}) = {p.total} vs {p.difficulty}: {verdict}." + _after_roll(p)
    )


#: the wiki's degrees below success a GM narrates (the rules give them no effect)
_NARRATED_DEGREE = {
    "fumble": "a Fumble",
    "total_failure": "a Total Failure: the action turns Hazardous",
}


def narration_words(due: ev.Due | None, name: Callable[[str], str]) -> str:
    """What the GM is asked to narrate (:mod:`.narration`), said from its facts; ``name`` gives a
    combatant's name by id."""
    if due is None:
        return ""
    if due.degree:
        what = (
            f"{name(due.who)}'s attack on {name(due.target)}"
            if due.target
            else f"{name(due.who)}'s {_roll_noun(due.roll)}"
        )
        return (
            f"{what} is {_NARRATED_DEGREE.get(due.degree, due.degree)}. The rules give it no effect:"
            " narrate what goes wrong."
        )
    if due.card:
        word = "Stymie" if effect_of(due.card).stymie else "Setback"
        return (
            f"The {due.faction} drew {card_name(due.card)} ({word}) for this Sequence. The rules never"
            f" define a {word}: narrate the complication."
        )
    to = name(due.given_to) if due.given_to else "nobody"
    return (
        f"A padding card ({due.padding}) reached the front, for {to}. The rules give it no effect:"
        " narrate it."
    )


def _damage_notes(p: ev.Damaged) -> list[str]:
    """What the optional rules made of Damage, in the order they apply (WS-STATUS-003 .. WS-ALT-002)."""
    notes = ["Broken: incapacitated"] if p.broken else []
    notes += ["one of them Shaken" if p.member else "Shaken"] if p.shaken else []
    if p.shots_lost is not None:  # WS-SHOCK-003: an empty pool has no Shot to lose (src 124)
        notes.append(
            f"Stunned: {_count(p.shots_lost, 'Shot')} lost"
            if p.shots_lost
            else "Stunned: no Shot left to lose"
        )
    notes += ["Massive Damage"] if p.massive else []
    notes += ["a Cinematic Wound"] if p.cinematic else []
    result = p.mook_result.replace("_", " ")
    result = f"one of them {result}" if p.member and p.mook_result == "shaken" else result
    notes += [f"{p.mook_table}: {result}"] if p.mook_table else []
    notes += [f"{p.left} left"] if p.left is not None else []
    notes += ["out of action: a Wound"] if p.out_of_action else []
    return notes


def _defended(p: ev.ActiveDefended) -> str:
    """An Active Defense: its Shot (none under card initiative, whose card moves back instead, WS-ALT-003)
    and, for a glass-jaw mook, the next Action it costs (WS-MOOK-001, src 158)."""
    how = "makes an Active Defense" if p.free else "spends a Shot on an Active Defense"
    lost = ": a glass-jaw dodge costs the next Action" if p.loses_action else ""
    return f"{p.character.name} {how} (+{p.bonus}){lost}."


def _damaged(p: ev.Damaged) -> str:
    """Damage taken, as Shock and Wounds; a glass-jaw or advanced mook's by its table alone: it takes no Shock
    or Wounds to count (src 158-171), and "0 Wounds" beside a mook put out by 10 would say what is not so."""
    notes = _damage_notes(p)
    said = f" ({', '.join(notes)})" if notes else ""
    if p.mook_table:
        return f"{p.character.name} takes {p.damage} Damage{said}."
    return f"{p.character.name} takes {p.damage} Damage: {p.shock} Shock, {_count(p.wounds, 'Wound')}{said}."


#: a timed effect named (``Effect.name``); Cover says how much
_EFFECT_WORDS = {
    "active_defense": "Active Defense",
    "cover": "covering fire",
    "aggressive_cover": "aggressive covering fire",
}


def _effect(e: Effect) -> str:
    """A timed effect as a reader names it ("Active Defense", "covering fire (Cover 2)")."""
    name = _EFFECT_WORDS.get(e.name, e.name.replace("_", " "))
    return f"{name} (Cover {e.amount})" if e.name in ("cover", "aggressive_cover") else name


def _effects_end(p: ev.TurnEnded) -> str:
    """The effects that end as a turn begins, each by whose and what it is (an older event names none)."""
    up = _n(p.turn.current)
    if not p.ended:
        return f"Effects end as {up}'s turn begins."
    holders = list(dict.fromkeys(e.target for e in p.ended))
    owned = [f"{_n(h)}'s " + " and ".join(_effect(e) for e in p.ended if e.target == h) for h in holders]
    return f"{' and '.join(owned)} end{'s' if len(p.ended) == 1 else ''} as {up}'s turn begins."


def _turn_ended(p: ev.TurnEnded) -> str:
    if not p.who:
        return _effects_end(p)
    nxt = p.turn.current
    if p.abandoned:  # WS-SHOT-004: nothing in src 23-25 gives the Shots back; the actor's turn goes on
        return f"{_n(p.who)} gives up the Action out of Sequence (its 3 Shots stay spent)" + (
            f"; {_n(nxt)}'s turn goes on." if nxt else "."
        )
    if p.passed:  # WS-ALT-001: a card that cannot act comes up and goes to the rear; no turn was taken
        return f"{_n(p.who)} cannot act: the card goes to the rear; " + (
            f"a padding card ({alt.pad_kind(nxt)}) comes up." if alt.is_pad(nxt) else f"{_n(nxt)} is up."
        )
    if alt.is_pad(nxt):  # WS-ALT-005: the stack's padding card comes to the front
        return f"{_n(p.who)} ends the turn; a padding card ({alt.pad_kind(nxt)}) comes up."
    return f"{_n(p.who)} ends the turn; " + (
        f"{_n(nxt)} is up." if nxt and nxt != p.who else "the Sequence is over."
    )


def _declared(p: ev.AttackDeclared) -> str:
    """An attack declared; a static one (no dice) waits only for its target's Active Defense answer."""
    static = p.pending.static if p.pending is not None else ""
    targets = ", ".join(_n(t) for t in p.targets)
    if static == "cover":
        return f"{targets} moves into {_n(p.attacker)}'s aggressive covering fire: a static attack, no dice."
    if static == "mooks":
        return f"{_n(p.attacker)} strike at {targets}: a static attack, no dice."
    return (
        f"{_n(p.attacker)} attacks {targets}"
        + (f" (snapshots {_signed(p.modifier)} each)" if p.modifier else "")
        + "."
    )


def _attack(p: ev.AttackRolled) -> str:
    if not p.dice and p.weapon == "static":
        return f"{_n(p.attacker)} strike {_n(p.target)} statically: {p.av} vs {p.defense}, PV {p.pv}."
    damage = p.av - p.base - p.modifier
    if not p.dice and damage:
        # WS-MOOK-004: a speed-bump group "handled by Static PV" (src 175): no roll; the attacker's Skill
        # (or the fire's 10 + Cover) and the weapon's Damage against the group's Skill + Soak
        return (
            f"{_n(p.attacker)} attacks {_n(p.target)} with {p.weapon}: "
            f"{_sum(str(p.base), f'+ Damage {damage}', _mod(p.modifier))} = {p.av} vs Skill + Soak "
            f"{p.defense}: PV {p.pv}."
        )
    result = (
        f"hit, Outcome {p.outcome}, PV {p.pv}"
        if p.hit
        else f"miss by {-p.outcome}" + _DEGREES.get(p.degree, "")
    )
    # a static attack with nothing added (aggressive covering fire's 10 + Cover, src 76) is its AV alone
    rolled = _sum(str(p.base), f"+ {_dice(p.dice)}" if p.dice else "", _mod(p.modifier))
    av = f"AV {p.av}" if rolled == str(p.av) else f"{rolled} = AV {p.av}"
    return f"{_n(p.attacker)} attacks {_n(p.target)} with {p.weapon}: {av} vs Defense {p.defense}: {result}."


def _rules_line(
    words: Callable[[EventData, Event, Viewer], Description],
) -> Callable[[EventData, Event, Viewer], Description]:
    """A line the rules speak to the GM, whoever's action brought it up: ``actor`` ``""`` (no seat).

    A Fumble's narration due is the GM's private note, emitted with the roll of the seat that acted:
    credited to that seat, the GM's log read "Ann: For the GM: Jade Tiger's attack ... narrate what
    goes wrong.", as if Ann had said it."""

    def spoken(payload: EventData, event: Event, viewer: Viewer) -> Description:
        return words(payload, event, viewer).model_copy(update={"actor": ""})

    return spoken


def _attack_rolled(payload: EventData, event: Event, viewer: Viewer) -> Description:
    """An attack roll is the attacker's line, whoever's answer set it off.

    The roll waits on the targets' Active Defense answers (WS-SHOT-003), so the seat that sent the
    last answer (the GM for Madame Viper) is the event's; "Gail: Jade Tiger attacks..." would say
    the GM made Jade attack. The attacker's owner acted: ``""`` (no seat named) for the GM's own.
    """
    described = _w(_attack)(payload, event, viewer)
    attacker = getattr(payload, "character", None)
    if attacker is None or attacker.id != getattr(payload, "attacker", None):
        return described
    return described.model_copy(update={"actor": attacker.owner})


WORDS: dict[str, Callable[[EventData, Event, Viewer], Description]] = {
    ev.CharacterAdded.TYPE: _w(
        lambda p: (
            f"{p.character.name} joins the fight ({p.character.faction}), "
            f"Shot Count {p.character.shot_count}."
        )
    ),
    ev.SequenceStarted.TYPE: _w(
        lambda p: (
            f"Sequence {p.sequence} begins: "
            + ", ".join(_in_order(i, p.turn.initiative) for i in p.turn.order.order)
            + "."
            + _woke_and_died(p.woke, p.died)
        )
    ),
    ev.SequenceEnded.TYPE: _w(
        lambda p: (
            f"Sequence {p.sequence} ends"
            + (": " + "; ".join(map(_recovery, p.recovered)) if p.recovered else "")
            + "."
        )
    ),
    ev.CardDrawn.TYPE: _w(
        lambda p: f"The {p.faction} draw {card_name(p.card)} for this Sequence: {_card_effect(p.card)}."
    ),
    ev.TurnEnded.TYPE: _w(_turn_ended),
    ev.InitiativeRaised.TYPE: _w(
        lambda p: f"{p.character.name} spends {_count(p.shots, 'Shot')}: Initiative {p.initiative}."
    ),
    ev.ExtraActionTaken.TYPE: _w(lambda p: f"{p.character.name} spends 3 Shots to act out of Sequence."),
    ev.InterruptBid.TYPE: _w(_bid),
    ev.BidResolved.TYPE: _w(_bid_resolved),
    ev.AttackDeclared.TYPE: _w(_declared),
    ev.ActiveDefended.TYPE: _w(_defended),
    ev.DefenseDeclined.TYPE: _w(lambda p: f"{_n(p.who)} keeps a passive Defense."),
    ev.AttackCalledOff.TYPE: _w(
        lambda p: f"{_n(p.attacker)}'s attack on {', '.join(_n(t) for t in p.targets)} is not made after all."
    ),
    ev.AttackRolled.TYPE: _attack_rolled,
    ev.Damaged.TYPE: _w(_damaged),
    ev.Rolled.TYPE: _w(_rolled),
    ev.StandingChanged.TYPE: _w(lambda p: f"{p.character.name} is {p.character.standing.value}: {p.why}."),
    ev.KnockedBack.TYPE: _w(
        lambda p: (
            (f"One of {p.character.name} is " if p.member else f"{p.character.name} is ")
            + (f"knocked back {p.metres} m and down" if p.metres else "knocked down")
            + (f", hitting something for {p.collision}" if p.collision else "")
            + "."
        )
    ),
    ev.MooksDowned.TYPE: _w(
        lambda p: f"{p.downed} of {p.character.name} go down ({p.character.count} left)."
    ),
    ev.Moved.TYPE: _w(lambda p: f"{p.character.name} moves" + (" (a full Move)" if p.full else "") + "."),
    ev.Rested.TYPE: _w(lambda p: f"{p.character.name} rests."),
    ev.RolllessAction.TYPE: _w(lambda p: f"{p.character.name} {p.what} (no roll)."),
    ev.CoverLaid.TYPE: _w(
        lambda p: (
            f"{p.character.name} lays {'aggressive ' if p.aggressive else ''}covering fire: Cover {p.cover}."
        )
    ),
    ev.CoverLifted.TYPE: _w(lambda p: f"{_n(p.who)} is down: their covering fire stops."),
    ev.ActiveDefenseEnded.TYPE: _w(
        lambda p: f"{_n(p.who)} {'acts' if p.acted else 'is down'}: their Active Defense ends."
    ),
    ev.StatusSet.TYPE: _w(_status),
    ev.WallPlaced.TYPE: _w(
        lambda p: (
            f"A wall stands {p.character.wall_behind} m behind {p.character.name}."
            if p.character.wall_behind is not None
            else f"Open space behind {p.character.name}."
        )
    ),
    ev.Fell.TYPE: _w(lambda p: f"{_n(p.who)} falls {p.metres} m and takes {p.damage} Damage."),
    ev.TimePassed.TYPE: _w(
        lambda p: (
            f"{_count(p.minutes, 'minute')} pass{'es' if p.minutes == 1 else ''}."
            + _woke_and_died(
                tuple(c.id for c in p.characters if c.standing is Standing.UP and not c.sleepers),
                tuple(c.id for c in p.characters if c.standing is Standing.DEAD),
            )
        )
    ),
    ev.CallMade.TYPE: _w(
        lambda p: (
            f"The GM calls for {_n(p.call.character)}'s {'+'.join(p.call.traits)} vs "
            f"{p.call.difficulty}" + (f" ({p.call.task})" if p.call.task else "") + "."
        )
    ),
    ev.CheckRolled.TYPE: _w(
        lambda p: (
            f"{_n(p.who)} rolls {p.total}"
            + (f" ({_dice(p.dice)})" if p.dice else "")
            + f" vs {p.difficulty}: "
            f"{'success' if p.success else 'failure' + _DEGREES.get(p.degree, '')}"
            + (", Favored: +1 Shot" if p.favored else "")
            + "."
        )
    ),
    ev.CardPushed.TYPE: _w(
        lambda p: (
            f"{_n(p.who)}'s card moves "
            + (f"{_count(p.places, 'place')} forward" if p.places >= 0 else "one place back (Active Defense)")
            + (
                f": one of them out of action ({p.character.count} left)."
                if p.member and p.character is not None
                else (": out of action." if p.out else ".")
            )
        )
    ),
    ev.PaddingReached.TYPE: _w(
        lambda p: f"A padding card ({p.kind}) reaches the front: it goes to {_n(p.given_to)}."
    ),
    ev.SessionEnded.TYPE: _w(
        lambda p: (
            f"The session ends: {_count(p.healed, 'Cinematic Wound')} heal{'s' if p.healed == 1 else ''}"
            + (f", {p.xp} XP to the party" if p.xp else "")
            + "."
        )
    ),
    ev.CinematicHealed.TYPE: _w(
        lambda p: (
            f"One of {_n(p.character.id)}'s Cinematic Wounds heals"
            + (f", {p.xp} XP to the party" if p.xp else "")
            + "."
        )
    ),
    ev.GmNoted.TYPE: _w(lambda p: sentence(f"GM note: {p.text}")),
    ev.MookStrikeOffered.TYPE: _w(lambda p: f"{_n(p.pc)} ignored {_n(p.group)}: they may strike."),
    ev.MookStrikeAnswered.TYPE: _w(lambda p: f"{_n(p.group)} " + ("strike." if p.strike else "hold off.")),
    ev.NarrationDue.TYPE: _rules_line(_w(lambda p: f"For the GM: {p.text or narration_words(p.due, _n)}")),
    ev.Narrated.TYPE: _w(lambda p: "The GM has narrated it."),
}

COMMAND_WORDS: dict[str, str] = {
    "add_character": "add a combatant",
    "start_sequence": "start the fight",
    "end_turn": "end the turn",
    "raise_initiative": "spend Shots on Initiative",
    "extra_action": "act out of Sequence (3 Shots)",
    "interrupt": "interrupt (bid Shots)",
    "counter": "answer an interrupt",
    "card_wound": "give the Wound the card stack may bring",
    "attack": "attack",
    "defend": "answer an attack",
    "move": "move",
    "rest": "rest",
    "rollless": "an Action with no roll",
    "cover": "lay covering fire",
    "steady": "shake off Shaken",
    "get_up": "get up",
    "fall": "a fall",
    "revive": "revive the unconscious",
    "stabilise": "stabilise the dying",
    "treat": "bandage Wounds",
    "set_status": "set a status",
    "place_wall": "place a wall behind someone",
    "welcome_cinematic": "fail cinematic Luck rolls by choice",
    "pass_time": "let time pass",
    "call_check": "call for a roll",
    "roll_check": "roll the called check",
    "heal_cinematic": "heal a Cinematic Wound now",
    "rouse": "get up one the rules keep down for good",
    "end_session": "end the session",
    "gm_note": "a private note",
    "narrated": "mark a narration done",
    "mook_strike": "ignored mooks strike or hold off",
}


#: config values and status names a reader would not parse as stored ("pos_neg_d10"); the rest lose "_"
_SAID = {
    "pos_neg_d10": "one positive and one negative d10",
    "one_d10": "one d10",
    "effect_values": "damage minus soak",
    "margin": "Outcome plus damage minus soak",
    "per_wound": "per Wound",
    "minimum_one": "at least one",
}


def _said(value: str) -> str:
    """A stored value (config choice, status, effect) in the words of a reader: no ids with underscores."""
    return _SAID.get(value, value.replace("_", " "))


def _switches(state: WorkshopState) -> str:
    cfg = state.config
    on = [
        f"dice {_said(cfg.dice.value)}",
        f"PV {_said(cfg.pv_model.value)}",
        f"WT {cfg.wound_threshold}",
        f"wound penalty {_said(cfg.wound_penalty.value)}",
        f"mooks {_said(cfg.mooks.value)}",
    ]
    for name in (
        "shock_roll",
        "shaken",
        "stun",
        "covering_fire",
        "card_draw",
        "knockback",
        "dark_times",
        "status_effects",
        "heroic_multi_action",
    ):
        if getattr(cfg, name):
            on.append(_said(name))
    if cfg.cinematic_wounds.value != "off":
        on.append(f"cinematic wounds {_said(cfg.cinematic_wounds.value)}")
    if cfg.sand_in_your_teeth.value != "off":
        on.append(f"sand {_said(cfg.sand_in_your_teeth.value)}")
    return "Rules: " + ", ".join(on) + "."


def _chances(state: WorkshopState) -> Panel | None:
    """The exact chance the acting combatant's attack hits each foe standing (odds before the roll); where a
    speed-bump group attacks or is attacked, which rolls nothing, the static comparison (WS-MOOK-004/005)."""
    from capeworks.systems.workshop.combat import weapon_of
    from capeworks.systems.workshop.common import defense_of, group_skill, speed_bump
    from capeworks.systems.workshop.mooks import strike_numbers
    from capeworks.systems.workshop.odds import p_success, percent
    from capeworks.systems.workshop.rules import speed_bump_downed

    who = state.turn.extra or state.turn.current
    a = state.characters.get(who) if who else None
    if a is None or not a.can_act:
        return None
    if a.has("shaken"):
        return _steadying_chances(state, a)
    w = weapon_of(a, "")
    base = a.trait(w.attribute) + a.trait(w.skill) + impairment(state.config, a)
    extra = a.extra_d10s
    rows = []
    for t in state.characters.values():
        if t.faction == a.faction or not t.can_act:
            continue
        if speed_bump(state.config, a):  # its own attack is static too (PROPOSED WS-MOOK-005)
            av, against, pv = strike_numbers(state, a, t)
            rows.append((t.name, str(av), str(against), f"no roll: PV {pv}"))
            continue
        if speed_bump(state.config, t):  # "No roll, except for extra positive dice" (src 175)
            wt = t.wt or state.config.wound_threshold
            guard = group_skill(t) + t.soak
            down = min(t.count, speed_bump_downed(base, w.damage, 0, group_skill(t), t.soak, wt))
            more = " or more" if extra else ""
            rows.append((t.name, str(base + w.damage), str(guard), f"no roll: {down}{more} down"))
            continue
        defense = defense_of(state, t)
        p = p_success(base, defense, dice=state.config.dice, extra=extra)
        rows.append((t.name, str(base), str(defense), percent(p)))
    if not rows:
        return None
    return Panel(
        title="Chances",
        columns=("target", "attack", "defense", "to hit"),
        rows=tuple(rows),
        note=f"{a.name} with the {w.name}" + (f", {extra} extra d10" if extra else "") + ", one target.",
    )


def _steadying_chances(state: WorkshopState, a: Combatant) -> Panel:
    """What a Shaken actor faces first: the steadying roll, an Action (WS-SHAKEN-003, src 81: "At the
    beginning of an Action, you roll Willpower+Focus"), with the Action's extra d10s and impairment, as
    :func:`~.actions.steady` rolls it; the attack waits on it, so its odds are not shown yet."""
    from capeworks.systems.workshop.odds import p_success, percent

    base = a.trait("Willpower") + a.trait("Focus") + impairment(state.config, a)
    extra = a.extra_d10s
    difficulty = state.config.shaken_difficulty
    p = p_success(base, difficulty, dice=state.config.dice, extra=extra)
    return Panel(
        title="Chances",
        columns=("roll", "total", "difficulty", "to succeed"),
        rows=(("shake off Shaken (Willpower + Focus)", str(base), str(difficulty), percent(p)),),
        note=f"{a.name} is Shaken: the steadying roll comes first, as the Action"
        + (f" (with {extra} extra d10)" if extra else "")
        + "; any attack waits on it.",
    )


def panels(state: WorkshopState, viewer: Viewer) -> list[Panel]:
    """The tracker: order and initiative, Shots, Shock, Wounds, standing and statuses; cards; rules on."""
    turn = state.turn
    order = list(turn.order.order) + [c for c in state.characters if c not in turn.order.order]
    rows = []
    for cid in order:
        if alt.is_pad(cid):  # WS-ALT-005: a padding card in the stack of card initiative
            rows.append(("", f"padding card: {alt.pad_kind(cid)}", "", "", "", "", "", "", ""))
            continue
        c = state.characters[cid]
        mark = ">" if cid == turn.current else ("*" if cid == turn.extra else "")
        effects = [f"{_said(e.name)} {e.amount}" for e in state.effects if e.target == cid]
        # an unnamed group's head count says what it is ("inspired x6" read as six times Inspired)
        group = [] if c.named else [f"{c.count} in the group"]
        rows.append(
            (
                mark,
                c.name,
                str(turn.initiative.get(cid, "")),
                f"{c.shots}/{c.shot_count}",
                f"{c.shock}/{c.health}",
                f"{c.wounds}/{c.toughness}" + (f" ({c.bandaged} bandaged)" if c.bandaged else ""),
                str(wound_penalty(state.config, c)) if c.named else "",
                c.standing.value,
                ", ".join([*map(_said, c.statuses), *effects, *c.cinematic, *group]),
            )
        )
    where = f"Sequence {turn.sequence}" if turn.sequence else "Before the fight"
    up = f"; {state.characters[turn.current].name} is up" if turn.current else ""
    out = [
        Panel(
            title="Workshop fight",
            columns=("", "combatant", "init", "shots", "shock", "wounds", "penalty", "standing", "statuses"),
            rows=tuple(rows),
            note=f"{where}{up}. {_switches(state)}",
        )
    ]
    if turn.cards:
        crow = []
        for faction, card in sorted(turn.cards.items()):
            e = effect_of(card)
            what = [
                n
                for n in ("all_favored", "inspired", "stymie", "confused", "setback", "joker")
                if getattr(e, n)
            ]
            crow.append((faction, card, e.favored.value if e.favored else "", ", ".join(map(_said, what))))
        out.append(Panel(title="Cards", columns=("faction", "card", "favored", "effects"), rows=tuple(crow)))
    chances = _chances(state)
    if chances is not None:
        out.append(chances)
    if viewer.is_gm and state.gm_notes:
        out.append(Panel(title="GM notes", columns=("note",), rows=tuple((n,) for n in state.gm_notes)))
    return out
