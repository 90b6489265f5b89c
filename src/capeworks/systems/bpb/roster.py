"""Handlers for the roster, sessions, plot points and recovery (BPB-PP, BPB-REC)."""

from __future__ import annotations

from capeworks.engine import Audience, DiceService
from capeworks.errors import InvalidCommand, NotFound, RuleViolation
from capeworks.systems.bpb import commands as cmd
from capeworks.systems.bpb.characters import SAMPLE_CHARACTERS
from capeworks.systems.bpb.events import (
    CharacterAdded,
    GmNoted,
    Healed,
    PlotPointAwarded,
    PlotPointSpent,
    Rested,
    SceneEnded,
    SessionStarted,
    StatusSet,
    StuntUsed,
)
from capeworks.systems.bpb.lookups import (
    ENHANCEMENTS,
    MAX_BOOSTED,
    Ctx,
    Done,
    character,
    is_extra_attacks,
    rank_of,
    spend_check,
)
from capeworks.systems.bpb.model import Boost, Condition, Status, Stunt
from capeworks.systems.bpb.sheet import Character, Medium, Power, attribute_name
from capeworks.systems.bpb.state import BpbState

__all__ = [
    "REST_ENDS",
    "add_character",
    "award",
    "end_scene",
    "gm_note",
    "heal",
    "require_no_fight",
    "require_rest_time",
    "rest",
    "session_holders",
    "spend",
    "start_session",
    "use_stunt",
]


def add_character(state: BpbState, ctx: Ctx, c: cmd.AddCharacter, dice: DiceService) -> Done:
    """A sample sheet joins; a player adds only their own, the GM anyone's."""
    if (c.sample is None) == (c.sheet is None):
        raise InvalidCommand("Add a character from a sample or from a sheet (one of the two).")
    if c.sheet is not None:
        sheet = c.sheet
    else:
        found = SAMPLE_CHARACTERS.get(c.sample or "")
        if found is None:
            raise NotFound(f"There is no sample {c.sample!r}; known: {', '.join(SAMPLE_CHARACTERS)}.")
        sheet = found
    cid = c.id or sheet.id
    if cid in state.characters:
        raise InvalidCommand(f"There is already a character {cid!r} at this table.")
    owner = c.owner
    if not ctx.is_gm:
        if owner and owner != ctx.actor.id:
            raise InvalidCommand("A player adds characters for their own seat.")
        owner = ctx.actor.id
    elif owner and owner not in {s.id for s in ctx.seats}:
        raise NotFound(f"There is no seat {owner!r} at this table.")
    # BPB-PP-001 (src 443): "Each player begins each game session with one plot point": a player who
    # sits down after the session began (no character at the table yet) begins it now
    joins = state.session > 0 and owner and not any(ch.owner == owner for ch in state.characters.values())
    b = ctx.batch(state)
    b.emit(
        CharacterAdded(
            character=sheet.model_copy(update={"id": cid, "owner": owner, "name": c.name or sheet.name}),
            plot_points=state.config.session_plot_points if joins else 0,
        )
    )
    return b


def gm_note(state: BpbState, ctx: Ctx, c: cmd.GmNote, dice: DiceService) -> Done:
    b = ctx.batch(state)
    b.emit(GmNoted(text=c.text), audience=Audience.gm_only())
    return b


def session_holders(state: BpbState) -> tuple[str, ...]:
    """Who holds each player's session plot points (BPB-PP-001): the player's first character at the table."""
    first: dict[str, str] = {}
    for cid, ch in state.characters.items():
        if ch.owner:
            first.setdefault(ch.owner, cid)
    return tuple(first.values())


def start_session(state: BpbState, ctx: Ctx, c: cmd.StartSession, dice: DiceService) -> Done:
    """BPB-PP-001/004: each player starts with the session's plot points; unspent ones lapse.

    src 443: "Each player begins each game session with one plot point": the points are the player's,
    so a player with several characters gets them once, held by their first character at the table
    (as a player who joins mid-session gets them on the character they sit down with)."""
    players = session_holders(state)
    # the GM's exception carries the player's unspent points, whichever of their characters holds them
    named = [character(state, cid) for cid in c.carry]
    carried = tuple(
        dict.fromkeys(
            k
            for ch in named
            for k, other in state.characters.items()
            if k == ch.id or (ch.owner and other.owner == ch.owner)
        )
    )
    b = ctx.batch(state)
    b.emit(
        SessionStarted(
            session=state.session + 1,
            characters=players,
            plot_points=state.config.session_plot_points,
            carried=carried,
        )
    )
    return b


def award(state: BpbState, ctx: Ctx, c: cmd.Award, dice: DiceService) -> Done:
    """BPB-PP-002: the GM's award, logged with its reason."""
    who = character(state, c.character)
    b = ctx.batch(state)
    b.emit(PlotPointAwarded(character=who.id, reason=c.reason))
    return b


#: what half an hour's rest (and days of it) outlasts: boosts and stunts (BPB-PP-008/010), a sprint's
#: winded rounds (BPB-MOVE-009)
REST_ENDS = ("boosts", "stunts", "winded")


def _rested(state: BpbState, cid: str, *, rally: bool = False) -> Rested:
    """BPB-REC-001 (PROPOSED rounding): half the recent normal damage back, rounded up (never more than is
    still lost, when days of healing came first), with the stunning and drains it lifts (BPB-REC-003); a
    rally ends nothing else, a half hour's rest what it outlasts (REST_ENDS)."""
    c = state.condition(cid)
    return Rested(
        character=cid,
        recovered=min(-(-c.recent // 2), c.lost),
        rally=rally,
        ends=() if rally else REST_ENDS,
        stunning=c.stunning,
        drained=_drained(c),
    )


def _drained(c: Condition) -> tuple[str, ...]:
    """The attributes a rest (or days of it) gives back from a drain (BPB-REC-003)."""
    return tuple(k for k, v in c.drained.items() if v)


def require_rest_time(state: BpbState) -> None:
    """BPB-REC-001: the half hour's rest is taken out of a fight."""
    if state.fight is not None:
        raise RuleViolation("BPB-REC-001", "Nobody rests in the middle of a fight.")


def require_no_fight(state: BpbState) -> None:
    """BPB-TIME-001: a scene ends once its fight has (the fight's end settles what it leaves open)."""
    if state.fight is not None:
        raise InvalidCommand("End the fight before the scene.")


def rest(state: BpbState, ctx: Ctx, c: cmd.Rest, dice: DiceService) -> Done:
    """BPB-REC-001/003, BPB-DMG-007: after half an hour's rest."""
    require_rest_time(state)
    named = [character(state, cid) for cid in c.characters]
    for who in named:
        if Status.DEAD in state.condition(who.id).statuses:
            raise RuleViolation("BPB-REC-004", f"{who.name} is dead: no rest brings them back.")
    # everyone, when none is named: the living (BPB-REC-004)
    ids = [who.id for who in named] or [
        cid for cid in state.characters if Status.DEAD not in state.condition(cid).statuses
    ]
    b = ctx.batch(state)
    for cid in ids:
        _recover(b, _rested(state, cid))
    return b


def _recover(b: Done, recovery: Rested | Healed) -> None:
    """Emit a rest, rally or days of healing; one it brings round (awake again above 0, BPB-REC-004: the fold
    decides) is said to be so, as a status set, so every seat reads it (older logs replay as played)."""
    before = b.state.condition(recovery.character).statuses
    b.emit(recovery)
    if (
        Status.UNCONSCIOUS in before
        and Status.UNCONSCIOUS not in b.state.condition(recovery.character).statuses
    ):
        b.emit(StatusSet(character=recovery.character, remove=(Status.UNCONSCIOUS,)))


def heal(state: BpbState, ctx: Ctx, c: cmd.Heal, dice: DiceService) -> Done:
    """BPB-REC-002: a point a day with rest or care, a point a week without; the days begin with the half
    hour's rest (src 433: "After a chance to rest ... half the endurance they have recently lost. After
    that ... one Endurance per day"), so damage not yet rested from gives its half back first."""
    who = character(state, c.character)
    if state.fight is not None:
        raise RuleViolation("BPB-REC-002", "Days of rest or care do not pass in the middle of a fight.")
    if Status.DEAD in state.condition(who.id).statuses:
        raise RuleViolation("BPB-REC-004", f"{who.name} is dead: days of rest do not bring them back.")
    b = ctx.batch(state)
    if state.condition(who.id).recent:
        _recover(b, _rested(state, who.id))
    cond = b.state.condition(who.id)
    if c.care:
        amount, week_days = min(cond.lost, c.days), cond.week_days
    else:  # a week a point: the days of a part-week count toward the next heal's week
        weeks, week_days = divmod(cond.week_days + c.days, 7)
        amount = min(cond.lost, weeks)
    if cond.lost - amount == 0:
        week_days = 0  # healed: nothing is owed toward another point
    _recover(
        b,
        Healed(
            character=who.id,
            amount=amount,
            days=c.days,
            care=c.care,
            week_days=week_days,
            rested=True,
            ends=REST_ENDS,  # days of rest or none, they outlast the half hour (BPB-MOVE-009, BPB-PP-008)
            stunning=cond.stunning,
            drained=_drained(cond),
        ),
    )
    return b


def _protected(text: str | None) -> str | None:
    """The attribute a protection stunt guards (any case; "Strength" is Brawn), or a refusal naming them."""
    if text is None:
        return None
    try:
        return attribute_name(text)
    except ValueError as e:
        raise InvalidCommand(str(e)) from None


def spend(state: BpbState, ctx: Ctx, c: cmd.Spend, dice: DiceService) -> Done:
    """BPB-PP-007/009/011/012: boost, stunt, rally or retcon (automatic success is a roll's own flag)."""
    who = character(state, c.character)
    spend_check(state, who)
    b = ctx.batch(state)
    kind = c.kind  # one of the uses; the fields each use reads are checked on the command (Spend)
    if c.rounds is not None and c.rounds > state.config.boost_rounds and not ctx.is_gm:
        # src 477, 483: a boost or stunt lasts one round; longer "if that seems to make sense and the GM
        # agrees": the GM's seat spends it for the player
        raise RuleViolation(
            "BPB-PP-008",
            f"A boost or stunt lasts {state.config.boost_rounds} round(s); longer needs the GM's agreement: "
            "the GM spends it for you.",
        )
    if kind == "stunt" and c.uses is not None and not is_extra_attacks(c.used_as) and not ctx.is_gm:
        # src 483: a stunt that counts uses lasts the scene until they are used up; beyond the example's
        # Extra Attacks, what counts (and so lasts) is the GM's to agree, or a player's "one use" never
        # spent would outlast the round
        raise RuleViolation(
            "BPB-PP-008",
            "A stunt that counts uses lasts the scene; that needs the GM's agreement: the GM spends it for"
            f" you (or drop uses= for a stunt of {state.config.boost_rounds} round(s)).",
        )
    if kind == "boost":
        if not c.power:
            raise InvalidCommand("Name the attribute or power to boost.")
        power = who.power(c.power)
        rounds = c.rounds or state.config.boost_rounds
        # BPB-PP-008: from this round (outside a fight "round 0", the moment before any fight's round 1)
        until = state.round + rounds - 1
        enhancement = c.enhancement.strip()
        if enhancement:
            b.emit(_enhancement(who, power, c.power, enhancement, c.radius_ft, until, gm=ctx.is_gm))
            return b
        name = power.name if power else _attribute(c.power)
        if rank_of(state, who, name) + 1 > MAX_BOOSTED:
            raise RuleViolation("BPB-PP-007", f"{name} cannot be boosted past rank {MAX_BOOSTED}.")
        b.emit(
            PlotPointSpent(
                character=who.id, kind="boost", detail=name, boost=Boost(name=name, until_round=until)
            )
        )
    elif kind == "stunt":
        power = who.power(c.power) if c.power else None
        if power is None:
            raise RuleViolation("BPB-PP-009", f"{who.name} has no power {c.power!r} to stunt with.")
        if not c.used_as.strip():
            raise InvalidCommand("Name the power or skill the stunt uses it as.")
        rank = rank_of(state, who, power.name)  # the power as it is now: boosted or drained
        uses = c.uses
        if is_extra_attacks(c.used_as):
            # src 483: rank 6 Extra Attacks are "the six Extra Attacks", lasting the scene or until used
            if uses is not None and uses > rank:
                raise RuleViolation(
                    "BPB-PP-010", f"Rank {rank} Extra Attacks are {rank} attacks, not {uses}."
                )
            uses = rank if uses is None else uses
        # BPB-PP-008/010: one round (or the rounds given); a countable resource lasts the scene or its uses
        lasts = None if uses is not None else state.round + (c.rounds or state.config.boost_rounds) - 1
        stunt = Stunt(
            power=power.name,
            used_as=c.used_as.strip(),
            rank=rank,
            uses=uses,
            until_round=lasts,
            attack=c.attack,
            movement=c.movement or c.goes is not Medium.GROUND,
            goes=c.goes,
            protects=_protected(c.protects),
        )
        b.emit(
            PlotPointSpent(
                character=who.id, kind="stunt", detail=f"{power.name} as {stunt.used_as}", stunt=stunt
            )
        )
    elif kind == "rally":
        recovering = state.condition(who.id)  # what a half-hour's rest gives back (src 433, 435, 421)
        if Status.DEAD in recovering.statuses:
            raise RuleViolation("BPB-REC-004", f"{who.name} is dead: no rest brings them back.")
        if recovering.recent == 0 and recovering.stunning == 0 and not recovering.drained:
            raise RuleViolation("BPB-PP-011", f"{who.name} has nothing to recover.")
        b.emit(PlotPointSpent(character=who.id, kind="rally"))
        _recover(b, _rested(state, who.id, rally=True))
    elif kind == "retcon":
        if not c.text.strip():
            raise InvalidCommand("Say what the retcon establishes.")
        b.emit(PlotPointSpent(character=who.id, kind="retcon", detail=c.text.strip()))
    else:  # "other"
        # BPB-PP-013: something fun of about the same impact, if the GM permits it (the GM's seat spends)
        if not ctx.is_gm:
            raise RuleViolation(
                "BPB-PP-013",
                "Another use of a plot point needs the GM's permission: the GM spends it for you.",
            )
        if not c.text.strip():
            raise InvalidCommand("Say what the plot point does.")
        b.emit(PlotPointSpent(character=who.id, kind="other", detail=c.text.strip()))
    return b


def _enhancement(
    who: Character,
    power: Power | None,
    asked: str,
    enhancement: str,
    radius: int | None,
    until: int,
    *,
    gm: bool,
) -> PlotPointSpent:
    """BPB-PP-007: a power enhancement added to a power for the boost's time (no rank with it). An
    explosion's radius is the GM's to set per item (BPB-DMG-005): the GM's seat spends that boost."""
    if power is None:
        raise RuleViolation("BPB-PP-007", f"{who.name} has no power {asked!r} to enhance.")
    key = enhancement.lower()
    if key == "explosive":
        if power.attack is None:
            raise RuleViolation("BPB-PP-007", f"{power.name} is not an attack: it cannot explode.")
        if power.exploding_ft:
            raise RuleViolation("BPB-PP-007", f"{power.name} already explodes.")
        if not gm:
            raise RuleViolation(
                "BPB-DMG-005",
                f"How far {power.name} would explode is the GM's to set: the GM spends this boost for you.",
            )
        if radius is None:
            raise InvalidCommand(
                "Give the explosion's radius (radius_ft): the GM sets it per item (BPB-DMG-005)."
            )
    elif key == "penetrating" and power.penetrating:
        raise RuleViolation("BPB-PP-007", f"{power.name} is already penetrating.")
    label = key if key in ENHANCEMENTS else enhancement
    boost = Boost(
        name=power.name, until_round=until, enhancement=label, radius_ft=radius if key == "explosive" else 0
    )
    return PlotPointSpent(character=who.id, kind="boost", detail=f"{power.name} gains {label}", boost=boost)


def end_scene(state: BpbState, ctx: Ctx, c: cmd.EndScene, dice: DiceService) -> Done:
    """BPB-TIME-001, BPB-PP-008/010: the GM cuts the scene."""
    require_no_fight(state)
    b = ctx.batch(state)
    b.emit(SceneEnded())
    return b


def use_stunt(state: BpbState, ctx: Ctx, c: cmd.UseStunt, dice: DiceService) -> Done:
    """BPB-PP-010: a countable stunt ends when its resource is used up."""
    who = character(state, c.character)
    stunt = next(
        (s for s in state.condition(who.id).stunts if s.used_as.lower() == c.stunt.strip().lower()), None
    )
    if stunt is None:
        raise NotFound(f"{who.name} has no stunt {c.stunt!r} going.")
    if stunt.uses is None:
        raise InvalidCommand(f"{who.name}'s stunt {stunt.used_as} has nothing to count; it lasts its time.")
    if c.count > stunt.uses:  # the player's words for the stunt ("extra attacks") never open the sentence
        raise RuleViolation("BPB-PP-010", f"{who.name}'s stunt {stunt.used_as} has only {stunt.uses} left.")
    b = ctx.batch(state)
    b.emit(StuntUsed(character=who.id, stunt=stunt.used_as, count=c.count))
    return b


def _attribute(name: str) -> str:
    try:
        return attribute_name(name)
    except ValueError as e:
        raise NotFound(str(e)) from None
