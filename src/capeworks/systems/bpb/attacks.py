"""Attacks (BPB-ATK, BPB-DEF, BPB-XS, BPB-DMG): to hit, block or dodge, the extreme effect, damage.

An attack rolls to hit; a hit waits for the target's answer (block or dodge
with a guard up or as a forced action, dive for cover, or take it), then for
the attacker's extreme-success effect, then deals damage; a stagger may wait
for the target to try to keep their powers on.
"""

from __future__ import annotations

from capeworks.engine import DiceService
from capeworks.errors import InvalidCommand, NotFound, NotPermitted, RuleViolation
from capeworks.systems.bpb import commands as cmd
from capeworks.systems.bpb import damage as dmg
from capeworks.systems.bpb.allies import interposers, reach_ft
from capeworks.systems.bpb.benchmarks import extra_bands, throws_ft
from capeworks.systems.bpb.events import (
    AttackRolled,
    AttackSettled,
    Damaged,
    DefenceRolled,
    DoveForCover,
    ExtremeChosen,
    HitTaken,
    PowersChecked,
    RangeAsked,
    RangeRuled,
    SlamRolled,
    StaggerRolled,
    StatusSet,
)
from capeworks.systems.bpb.lookups import (
    Ctx,
    Done,
    character,
    emit,
    endurance_left,
    enhanced,
    fight_of,
    held_fast,
    knock_out,
    make_roll,
    out_of_the_grapple,
    power_of,
    protection_now,
    rank_of,
    require_attack,
    require_aware,
    require_in_fight,
    require_no_blast,
    spend_check,
    stunt_powers,
    use_extra_attack,
)
from capeworks.systems.bpb.model import KEEP_POWERS, Effect, Pending, Stage, Status
from capeworks.systems.bpb.movement import MODE_DIFFICULTY, Mode
from capeworks.systems.bpb.sheet import ROLLS, AttackKind, Character, Power
from capeworks.systems.bpb.state import BpbState
from capeworks.systems.bpb.tasks import Task, attack_bonus, attack_why, defense_terms, pace_terms, sides

__all__ = [
    "DONE",
    "after_defence",
    "apply_damage",
    "asked_task",
    "attack",
    "attack_parts",
    "attack_task",
    "attacker_hindrances",
    "bands_beyond",
    "circumstances",
    "defence_options",
    "defence_task",
    "defence_terms",
    "defend",
    "extreme",
    "first_stage",
    "hurried_now",
    "keep_powers",
    "rating_now",
    "require_defence_possible",
    "resist",
    "resolve",
    "roll_defence",
    "rule_range",
    "similar_options",
    "waiting",
]

#: BPB-DMG-003: the difficulty of placing an explosion
EXPLOSION_DIFFICULTY = 9
#: BPB-XS-008: keeping powers on while staggered
KEEP_DIFFICULTY = 12


def attacker_hindrances(state: BpbState, attacker: Character) -> list[str]:
    """The defense bonuses the attacker's own state gives (T6): held (restrained), or this turn's run or
    sprint (BPB-MOVE-007, src 103: "any attacks or task rolls"), an explosion's included."""
    out = []
    if state.condition(attacker.id).held_by is not None:
        out.append("attacker_restrained")
    fight = state.fight
    moved = fight.turn.mode if fight is not None and fight.turn.actor == attacker.id else None
    if moved is Mode.RUN:
        out.append("attacker_running")
    elif moved is Mode.SPRINT:
        out.append("attacker_sprinting")
    return out


def circumstances(
    state: BpbState, attacker: Character, target: Character, listed: list[str]
) -> tuple[list[str], list[str]]:
    """The attack bonuses and defense bonuses that apply: those the table names plus those the state shows."""
    bonus, defence = sides(listed)
    t = state.condition(target.id)
    if t.held_by is not None or Status.RESTRAINED in t.statuses:
        bonus.append("defender_restrained")  # BPB-GRAB-005
    if Status.UNCONSCIOUS in t.statuses:
        bonus.append("defender_helpless")  # BPB-MOD-004
    defence += attacker_hindrances(state, attacker)
    if Status.INTERPOSING in t.statuses and state.condition(attacker.id).held_by != target.id:
        # BPB-GRAB-007 (src 331): the one held up as the living shield is not behind it: her own blows on her
        # holder face her restraint's +3 (BPB-GRAB-005), not a shield's
        defence.append("interposed")
    fight = state.fight
    if fight is not None and target.id in fight.unaware:
        # T5 (src 185): "+3 Defender is surprised": one not yet aware of their opponents (src 252) is
        bonus.append("defender_surprised")
    if fight is not None:
        # BPB-MOVE-008 (src 198): the move made this round, or until the movement action is spent the
        # pace declared for the turn (a declared sprint binds the turn as the move made does)
        pace = fight.moves.get(target.id)
        theirs = fight.turn_of(target.id)  # their own turn, or one a held action cut into
        if pace is None and theirs is not None and theirs.moved is None:
            pace = theirs.pace
        if pace is Mode.SPRINT:
            defence.append("defender_sprinting")
    return bonus, defence


#: how a refusal names each attack bonus (T5, src 182-187) a player may not rule for their own attack
_RULED = {
    "defender_cant_see": "cannot see {attacker}",
    "defender_restrained": "is restrained",
    "defender_surprised": "is surprised",
    "defender_blind": "is completely blind",
    "defender_helpless": "is helpless",
}


def require_ruled(
    state: BpbState, attacker: Character, target: Character, listed: list[str], *, gm: bool
) -> None:
    """BPB-MOD-001: the circumstances that favour the attacker (T5) are the GM's to rule, as the difficulty
    is (src 147: "a difficulty number the GM assigns"; src 250-252: awareness is the GM's): a player names
    only those the table already shows (held, out cold, unaware), which add nothing. What hinders their
    own attack (T6) they may name. The GM's seat issues an attack with a ruled circumstance."""
    if gm:
        return
    shown, _ = circumstances(state, attacker, target, [])
    claimed = [n for n in sides(listed)[0] if n in _RULED and n not in shown]
    if claimed:
        what = _RULED[claimed[0]].format(attacker=attacker.name)
        raise RuleViolation(
            "BPB-MOD-001",
            f"Whether {target.name} {what} is the GM's to rule: ask the GM, who issues the attack with it.",
        )


def _power(state: BpbState, who: Character, name: str) -> Power | None:
    if name.strip().lower() in ("unarmed", "punch", ""):
        return None
    power = power_of(state, who, name)
    if power is None:
        raise NotFound(f"{who.name} has no power or weapon {name!r}.")
    if power.attack is None:
        raise InvalidCommand(f"{power.name} is not an attack.")
    return power


def _aimed(state: BpbState, who: Character, name: str) -> Power | None:
    """The power or weapon ``who`` attacks with, as a plot point's boost has it now (BPB-PP-007)."""
    power = _power(state, who, name)
    return enhanced(state, who, power) if power is not None else None


def attack_task(
    state: BpbState,
    a: Character,
    t: Character,
    power: Power | None,
    listed: list[str],
    *,
    held_item: bool = False,
    distance_ft: int | None = None,
    declared: bool = True,
    what: str = "",
) -> Task:
    """The roll an attack makes (:func:`attack_parts`, without the difficulty's parts)."""
    return attack_parts(
        state, a, t, power, listed, held_item=held_item, distance_ft=distance_ft, declared=declared, what=what
    )[0]


def attack_parts(
    state: BpbState,
    a: Character,
    t: Character,
    power: Power | None,
    listed: list[str],
    *,
    held_item: bool = False,
    distance_ft: int | None = None,
    declared: bool = True,
    what: str = "",
) -> tuple[Task, list[tuple[str, int]]]:
    """The roll an attack makes: 2d6 + the attack attribute + the largest attack bonus, against 8 +
    the defence attribute + the largest defense bonus (+3 a held item, +3 a band beyond range).

    ``what``: the attack as the log says it; given, an attack no roll reaches is refused (BPB-ROLL-005)
    naming it and, when modifiers raised the difficulty, its parts (src 196: +3 for a restrained attacker).

    ``declared``: whether the GM has declared an attack beyond the power's range possible (src 111: "at
    the GM's discretion. If the GM declares that the attack is possible"): the GM's own seat does; a
    player's attack beyond range without a standing ``max_extra_bands`` is refused."""
    kind = power.attack if power is not None and power.attack is not None else AttackKind.MELEE
    rolled, against = ROLLS[kind]
    reach = state.config.melee_reach_ft
    if distance_ft is not None and kind is AttackKind.MELEE and distance_ft > reach:
        # src 111: a range only for "weapons and powers that are useful at a distance"; hand-to-hand (src
        # 403) reaches no further than the hand: the attacker moves first (src 16), or rams
        raise RuleViolation(
            "BPB-RANGE-001",
            f"{power.name if power else 'A punch'} is hand-to-hand: {t.name} is {distance_ft} ft away, beyond"
            f" reach ({reach} ft). Move first.",
        )
    bands = bands_beyond(state, a, power, distance_ft)
    if bands:
        assert power is not None
        most = state.config.max_extra_bands
        if most is not None and bands > most:
            raise RuleViolation(
                "BPB-RANGE-002", f"{t.name} is {bands} range bands beyond {power.name}'s reach."
            )
        if most is None and not declared:
            raise RuleViolation(
                "BPB-RANGE-002",
                f"{t.name} is beyond {power.name}'s range: the GM decides whether the attack is possible.",
            )
    bonus, defence = circumstances(state, a, t, listed)
    terms = defense_terms(defence, held_item=held_item, extra_bands=bands)
    parts = [("", 8), (against, rank_of(state, t, against)), *terms]
    task = Task(
        attribute=rank_of(state, a, rolled),
        bonus=attack_bonus(bonus),
        difficulty=sum(n for _, n in parts),
        expertise=a.has_expertise(power.name if power else "unarmed") or a.has_expertise(rolled),
    )
    if what:
        task.require_possible(what, parts)
    return task, parts


def bands_beyond(state: BpbState, a: Character, power: Power | None, distance_ft: int | None) -> int:
    """BPB-RANGE-001/003: how many range bands beyond ``power``'s reach a target ``distance_ft`` away is: the
    band of the power's rank now (a boost reaches further, src 111, 475); a weapon's own band (a pistol's 3)
    stays. A mental power used on a target away from the user (Telepathy, src 369) is one of the "powers that
    are useful at a distance" (src 111) too. Hand-to-hand has no range bands (its reach is checked apart)."""
    if distance_ft is None or power is None or power.attack in (None, AttackKind.MELEE):
        return 0
    band = power.band if power.band is not None else rank_of(state, a, power.name)
    return extra_bands(band, distance_ft)


def rating_now(state: BpbState, a: Character, power: Power | None) -> dmg.Rating:
    """The DR ``a``'s attack with ``power`` (None: bare hands) strikes at now: a boost counts, to Brawn or to
    the power or weapon itself (BPB-PP-007, src 475: "attributes or powers by one rank"; a hand-to-hand
    weapon's DR is then the better of its rank now and Brawn, src 405), and a stunt's power at its rank."""
    now = power.model_copy(update={"rank": rank_of(state, a, power.name)}) if power is not None else None
    return dmg.attack_rating(a, now, brawn=rank_of(state, a, "Brawn"))


def attack(state: BpbState, ctx: Ctx, c: cmd.Attack, dice: DiceService) -> Done:
    """BPB-ATK-001: roll to hit (BPB-ROLL-007, BPB-MOD), then what the hit waits for. A player's attack beyond
    its power's range first waits for the GM's ruling (BPB-RANGE-002); the GM's own seat declares it."""
    return _attack(ctx.batch(state), c, dice, by_gm=ctx.is_gm)


def rule_range(state: BpbState, ctx: Ctx, c: cmd.RuleRange, dice: DiceService) -> Done:
    """BPB-RANGE-002 (src 111: "If the GM declares that the attack is possible, the defender gains a +3
    defense bonus for each additional range band"): possible, the attack asked is rolled now, as asked;
    not, nothing is rolled and the attacker keeps the task action."""
    fight = fight_of(state)
    who = character(state, c.character)
    asked = fight.turn.asked if fight.turn.actor == who.id else None
    if asked is None:
        raise NotFound(f"No attack of {who.name}'s waits for a ruling on its range.")
    b = ctx.batch(state)
    ruled = RangeRuled(
        character=who.id, target=asked.target, power=asked.power, bands=asked.bands, possible=c.possible
    )
    emit(b, dice, ruled)
    if c.possible:
        _attack(b, cmd.Attack.model_validate(asked.attack), dice, by_gm=True)
    return b


def asked_task(state: BpbState, cid: str) -> Task | None:
    """The roll ``cid``'s attack waiting for the GM's range ruling would make if declared possible (the odds
    the GM rules with); None if none waits or it could not be made now."""
    fight = state.fight
    asked = fight.turn.asked if fight is not None and fight.turn.actor == cid else None
    if asked is None:
        return None
    c = cmd.Attack.model_validate(asked.attack)
    try:
        a, t = character(state, c.attacker), character(state, c.target)
        power = _aimed(state, a, c.power)
        return attack_task(
            state, a, t, power, list(c.circumstances), held_item=c.held_item, distance_ft=c.distance_ft
        )
    except (InvalidCommand, NotFound, RuleViolation):
        return None


def _attack(b: Done, c: cmd.Attack, dice: DiceService, *, by_gm: bool) -> Done:
    """The attack ``c`` into ``b``. ``by_gm``: issued from the GM's seat, or a player's the GM declared
    possible beyond range (it passed the player's checks when asked)."""
    state = b.state
    fight = fight_of(state)
    a, t = character(state, c.attacker), character(state, c.target)
    if a.id == t.id:
        raise InvalidCommand("A character does not attack themselves.")
    extra = require_attack(state, a)
    require_aware(state, a)
    require_in_fight(state, t)
    if fight.pending is not None:
        raise RuleViolation("BPB-ATK-001", f"Attack {fight.pending.id} must be settled first.")
    require_no_blast(state, fight)
    if c.large and not by_gm:
        # src 393: whether an attack is "particularly large" (a thrown car or bus) is the GM's ruling: it
        # takes the target's block and dodge away
        raise RuleViolation(
            "BPB-DEF-008",
            "Whether an attack is too large to block or dodge is the GM's to rule: the GM issues it.",
        )
    power = _aimed(state, a, c.power)
    if power is not None and power.exploding_ft:
        raise RuleViolation("BPB-DMG-003", f"{power.name} explodes: throw it at a point (explode).")
    require_ruled(state, a, t, list(c.circumstances), gm=by_gm)
    if c.cover_ft is not None and not by_gm:
        # src 393-395: where the nearest cover is for the target is the scene's: the GM names it (with the
        # attack the GM issues, or answering the hit for a target who dives)
        raise RuleViolation(
            "BPB-DEF-008", f"Where the nearest cover is for {t.name} is the GM's to say: leave cover_ft out."
        )
    if c.plot_point:
        spend_check(state, a)
    name = power.name if power else "unarmed"
    what = f"{a.name} attacks {t.name} ({name})"
    bands = bands_beyond(state, a, power, c.distance_ft)
    if bands and not by_gm and state.config.max_extra_bands is None:
        assert power is not None
        if not c.plot_point:  # BPB-ROLL-005: out of reach even if declared possible: nothing to ask
            listed, far = list(c.circumstances), c.distance_ft
            attack_task(state, a, t, power, listed, held_item=c.held_item, distance_ft=far, what=what)
        asked = c.model_dump(mode="json", exclude_defaults=True)
        emit(b, dice, RangeAsked(character=a.id, target=t.id, power=power.name, bands=bands, attack=asked))
        return b
    task, parts = attack_parts(
        state,
        a,
        t,
        power,
        list(c.circumstances),
        held_item=c.held_item,
        distance_ft=c.distance_ft,
        declared=by_gm,
        what="" if c.plot_point else what,
    )
    roll = make_roll(dice, what, task, state.config, plot_point=c.plot_point, parts=parts)
    rating = rating_now(state, a, power)
    pending = Pending(
        id=fight.next_attack,
        attacker=a.id,
        target=t.id,
        power=name,
        rank=rating.dr,
        dr=rating.dr,
        stunning=rating.stunning,
        penetrating=bool(power and power.penetrating),
        # BPB-MOD-003 (src 175): an attack on an object the target holds hits the object, not the
        # holder's Endurance: the log keeps its DR for the GM to rule what the object suffers
        damages=None if c.held_item else power.damages if power else "Endurance",
        extreme=roll.verdict.extreme,
        cover_ft=c.cover_ft,
        large=c.large,
        held_item=c.held_item,
    )
    stage = first_stage(state, pending) if roll.verdict.success else None
    use_extra_attack(b, a, extra)
    emit(
        b,
        dice,
        AttackRolled(
            attack=pending.id,
            attacker=a.id,
            target=t.id,
            power=name,
            rank=pending.rank,
            dr=pending.dr,
            stunning=pending.stunning,
            penetrating=pending.penetrating,
            damages=pending.damages,
            roll=roll,
            stage=stage,
            cover_ft=c.cover_ft,
            held_item=c.held_item,
            large=c.large,
            bonus_why=attack_why(circumstances(state, a, t, list(c.circumstances))[0]),
        ),
    )
    if roll.verdict.success and stage is None:
        resolve(b, pending, None, dice)
    return b


#: the words for a block or dodge made ("blocked", "dodged")
DONE = {"block": "blocked", "dodge": "dodged"}


def _ways(state: BpbState, t: Character) -> list[tuple[str, bool]]:
    """Whether ``t`` may block and dodge now, and whether as a forced action: with the guard they have up
    (no cost), or with none up as a forced action (once a round, not one unaware, BPB-TURN-006)."""
    fight = state.fight
    if fight is None:
        return []
    guard = fight.guards.get(t.id)
    out: list[tuple[str, bool]] = []
    for kind in ("block", "dodge"):
        if guard is not None and guard.kind == kind:
            out.append((kind, False))
        elif guard is None and _can_force(state, t):
            out.append((kind, True))
    return out


def _can_force(state: BpbState, t: Character) -> bool:
    # src 252: one not yet aware of their opponent has no opportunity to act, forced or not
    fight = state.fight
    return (
        fight is not None
        and fight.forced.get(t.id) != fight.order.round
        and not (fight.turn.actor == t.id and not fight.turn.task)
        and t.id not in fight.unaware
    )


def _standing(state: BpbState, p: Pending) -> Character | None:
    """The target of a hit, if a fight is on and they are awake to answer it."""
    t = state.characters.get(p.target)
    if state.fight is None or t is None:
        return None
    statuses = state.condition(t.id).statuses
    return None if Status.UNCONSCIOUS in statuses or Status.DEAD in statuses else t


def _has_same(state: BpbState, t: Character, p: Pending) -> bool:
    """BPB-DEF-004 (src 377): "if the defender has the same power as the attacker": on the sheet, or as a
    stunt uses another power for its time (src 481: "use their current powers in new and creative ways")."""
    key = p.power.strip().lower()
    return t.power(p.power) is not None or any(s.used_as.lower() == key for s in state.condition(t.id).stunts)


def defence_options(state: BpbState, p: Pending) -> list[tuple[str, bool]]:
    """What the target may answer a hit with: (choice, forced). Empty: nothing to decide. A block or dodge
    with another power than the attack's (BPB-DEF-005) is :func:`similar_options`; "take" stands with it."""
    t = _standing(state, p)
    if t is None:
        return []
    # BPB-DEF-004; BPB-DEF-008 (src 393): a thrown car or bus is avoided only by not being under it
    blockable = (p.damages == "Endurance" or _has_same(state, t, p)) and not p.large
    out: list[tuple[str, bool]] = []
    for kind, forced in _ways(state, t) if blockable else []:
        if defence_task(state, t, p, kind).impossible and state.plot_points(t.id) < 1:
            continue  # BPB-ROLL-005: no roll can reach it, and no plot point to succeed anyway (src 469)
        out.append((kind, forced))
    if p.cover_ft is not None and _can_force(state, t) and not held_fast(state, t.id):
        out.append(("dive", True))
    if out or similar_options(state, p):
        out.append(("take", False))
    return out


def similar_options(state: BpbState, p: Pending, *, any_power: bool = False) -> list[tuple[str, bool, Power]]:
    """BPB-DEF-005 (src 377, 387): "With the GM's permission, a character may attempt to block [dodge] with a
    power that has a similar theme or power source": a hit only the same power could meet (not Endurance
    damage, src 377; not a hit on a held item, which is the item's) may be met with another of the target's
    powers (a stunt's for its time; no weapon or explosive, none the GM ruled out for this hit), and the GM
    rules on the theme. The table offers those that attack as the attack does (Telepathy against Mind
    Control, both mental, src 377's example); ``any_power``: any power at all, which a player may ask for and
    the GM's own seat may issue, since a theme or source is what the table cannot see. (kind, forced, power)
    each."""
    t = _standing(state, p)
    if t is None or p.large or p.held_item or p.damages == "Endurance" or _has_same(state, t, p):
        return []
    ruled = {n.lower() for n in (*p.ruled_out, p.power)}
    attacker = state.characters.get(p.attacker)
    used = power_of(state, attacker, p.power) if attacker is not None else None
    kind_of_attack = used.attack if used is not None else None
    powers = [
        pw
        for pw in (*t.powers, *stunt_powers(state, t))
        if not pw.weapon
        and not pw.exploding_ft
        and pw.name.lower() not in ruled
        and (any_power or (kind_of_attack is not None and pw.attack is kind_of_attack))
    ]
    spare = state.plot_points(t.id) > 0
    return [
        (kind, forced, pw)
        for kind, forced in _ways(state, t)
        for pw in powers
        if spare or not defence_task(state, t, p, kind, power=pw).impossible
    ]


def defence_task(state: BpbState, t: Character, p: Pending, kind: str, *, power: Power | None = None) -> Task:
    """BPB-DEF-002/003/007: Prowess (block) or Agility (dodge), or the same power, vs 8 + rank + earlier;
    ``power``: another power the GM permits (BPB-DEF-005), at its rank."""
    if power is not None:
        attribute = rank_of(state, t, power.name)
    elif p.damages != "Endurance" and _has_same(state, t, p):
        attribute = rank_of(state, t, p.power)  # the sheet's power, or a stunt's rank as it (src 481)
    else:
        attribute = rank_of(state, t, "Prowess" if kind == "block" else "Agility")
    return Task(attribute=attribute, difficulty=sum(n for _, n in defence_terms(state, t, p)))


def defence_terms(state: BpbState, t: Character, p: Pending) -> list[tuple[str, int]]:
    """A block's or dodge's difficulty, each part named: 8, the rank of the attacker's power or weapon
    ("Blast 9", src 373), +1 for every attack after the first the guard meets (src 375), a run or sprint."""
    fight = state.fight
    guard = fight.guards.get(t.id) if fight else None
    n = guard.nth if guard else 1
    # BPB-MOVE-007 (src 103): the run or sprint of the turn the guard was raised in; with none up, a forced
    # answer made in the round the character ran or sprinted in, on their turn or off it
    hurried = guard.hurried if guard else hurried_now(state, t)
    later = [(f"attack {n} on the guard", n - 1)] if n > 1 else []
    return [("", 8), (p.power if p.power != "unarmed" else "Brawn", p.rank), *later, *pace_terms(hurried)]


def require_defence_possible(
    state: BpbState, t: Character, p: Pending, kind: str, *, power: Power | None = None
) -> None:
    """Refuse a block or dodge no roll reaches (BPB-ROLL-005), saying what made up its difficulty."""
    task = defence_task(state, t, p, kind, power=power)
    task.require_possible(_defence_what(t, kind, power), defence_terms(state, t, p))


def _defence_what(t: Character, kind: str, power: Power | None) -> str:
    """A block or dodge roll as the log says it ("Widow tries to dodge", "... with Telepathy")."""
    return f"{t.name} tries to {kind}" + (f" with {power.name}" if power is not None else "")


def hurried_now(state: BpbState, t: Character) -> int:
    """BPB-MOVE-007: the +3/+6 of ``t``'s run or sprint: of their own turn under way (acting, or paused by a
    pre-emption, its declared pace too), else of the move they made this round, on their turn or with a
    held action cutting into another's. src 103 puts the penalty on "a character who is running" with no
    word of whose turn it is, and a round is the six seconds everyone acts in (src 16): so a forced answer
    (src 297) later in the round they ran in pays it, as a sprinter is a sprinting defender for the rest
    of the round (BPB-MOVE-008)."""
    fight = state.fight
    if fight is None:
        return 0
    theirs = fight.turn_of(t.id)
    made = [m for m in (theirs.mode if theirs is not None else None, fight.moves.get(t.id)) if m is not None]
    return max((MODE_DIFFICULTY[m] for m in made), default=0)


def first_stage(state: BpbState, p: Pending) -> Stage | None:
    """A hit waits for its target's answer, or for those who may step in front of it (BPB-TURN-004)."""
    if defence_options(state, p) or interposers(state, p):
        return Stage.DEFENCE
    return after_defence(p)


def after_defence(p: Pending) -> Stage | None:
    """What a hit waits for once it is not negated: the attacker's extreme effect, or nothing."""
    return Stage.EXTREME if p.extreme else None


def waiting(state: BpbState, attack_id: int, stage: Stage) -> Pending:
    """The attack ``attack_id`` if it waits for ``stage``; otherwise a refusal."""
    fight = fight_of(state)
    p = fight.pending
    if p is None or p.id != attack_id:
        raise NotFound(f"There is no attack {attack_id} waiting.")
    if p.stage is not stage:
        raise RuleViolation(
            "BPB-ATK-001", f"Attack {attack_id} is not waiting for that ({p.stage.value} first)."
        )
    return p


def defend(state: BpbState, ctx: Ctx, c: cmd.Defend, dice: DiceService) -> Done:
    """BPB-DEF-002..009: block or dodge (8 + rank + 1 per earlier attack), dive, or take it."""
    p = waiting(state, c.attack, Stage.DEFENCE)
    if c.character != p.target:
        raise InvalidCommand(f"Attack {p.id} is aimed at {p.target}.")
    t = state.characters[p.target]
    p = _cover_said(p, c, t, gm=ctx.is_gm)
    # a forced action taken while the hit waited (a guard, a defensive power) may leave only "take"
    options = dict(defence_options(state, p)) or {"take": False}
    choice = c.choice.strip().lower()
    if choice not in options:
        if choice in ("block", "dodge") and p.large:
            raise RuleViolation(
                "BPB-DEF-008", "An attack that large cannot be blocked or dodged: dive for cover or take it."
            )
        if choice in ("block", "dodge") and p.damages != "Endurance" and not _has_same(state, t, p):
            raise RuleViolation(
                "BPB-DEF-004",
                f"Only attacks doing Endurance damage can be {DONE[choice]} without the same power (or one"
                " of a similar theme or source the GM permits: name it as the power).",
            )
        if choice in ("block", "dodge"):
            require_defence_possible(state, t, p, choice)
        if t.id in fight_of(state).unaware:
            raise RuleViolation(
                "BPB-INIT-001", f"{t.name} is not aware of the attacker yet and cannot {choice} this attack."
            )
        if choice == "dive" and held_fast(state, t.id):
            raise RuleViolation("BPB-GRAB-005", f"{t.name} is held and cannot move to dive for cover.")
        if choice == "dive" and p.cover_ft is None and _can_force(state, t):
            raise RuleViolation(
                "BPB-DEF-008",
                f"Where the nearest cover is for {t.name} is the GM's to say: the GM answers with the dive"
                " and how far it is.",
            )
        raise RuleViolation("BPB-TURN-006", f"{t.name} cannot {choice} this attack now.")
    forced = options[choice]
    if c.plot_point:
        if choice not in ("block", "dodge"):
            raise InvalidCommand(
                "A plot point buys a block's or a dodge's success; this choice rolls nothing."
            )
        spend_check(state, t)
    fight = fight_of(state)
    b = ctx.batch(state)
    after = after_defence(p)
    if choice == "take":
        emit(b, dice, HitTaken(attack=p.id, character=t.id, stage=after))
        if after is None:
            resolve(b, p, None, dice)
        return b
    if choice == "dive":
        safe = (p.cover_ft or 0) <= reach_ft(state, t)  # BPB-DEF-009
        emit(
            b,
            dice,
            DoveForCover(
                attack=p.id,
                character=t.id,
                round=fight.order.round,
                safe=safe,
                stage=None if safe else after,
                grounded=state.condition(t.id).airborne,  # src 393: "ends up on the ground prone"
            ),
        )
        # held, she went by a movement power (as a move does); holding, he lets go: src 393 moves the diver to
        # cover "on the ground prone", and the seed silent on a holder's grip, it goes as a tripped holder's
        out_of_the_grapple(b, t.id)
        if safe:
            emit(b, dice, AttackSettled(attack=p.id))
        elif after is None:
            resolve(b, p, None, dice)
        return b
    roll_defence(b, p, t, choice, forced=forced, plot_point=c.plot_point, dice=dice)
    return b


def _cover_said(p: Pending, c: cmd.Defend, t: Character, *, gm: bool) -> Pending:
    """BPB-DEF-008/009 (src 393-395): how far the nearest cover is is the scene's, the GM's to say: with the
    attack, or (for an attack that named none, a player's) when the GM answers the hit with a dive."""
    if c.cover_ft is None:
        return p
    if not gm:
        raise RuleViolation("BPB-DEF-008", f"Where the nearest cover is for {t.name} is the GM's to say.")
    if p.cover_ft is not None:
        raise InvalidCommand(f"Attack {p.id} already says the nearest cover is {p.cover_ft} ft away.")
    return p.model_copy(update={"cover_ft": c.cover_ft})


def roll_defence(
    b: Done,
    p: Pending,
    t: Character,
    kind: str,
    *,
    forced: bool,
    plot_point: bool,
    dice: DiceService,
    power: Power | None = None,
) -> None:
    """The block or dodge roll (``power``: one the GM permitted, BPB-DEF-005): success negates the hit
    (BPB-DEF-006); a failure lets it go on to what it waits for next."""
    state = b.state
    fight = fight_of(state)
    after = after_defence(p)
    task = defence_task(state, t, p, kind, power=power)
    hurried = 0 if fight.guards.get(t.id) is not None else hurried_now(state, t)
    what, parts = _defence_what(t, kind, power), defence_terms(state, t, p)
    roll = make_roll(dice, what, task, state.config, plot_point=plot_point, parts=parts)
    negated = roll.verdict.success
    emit(
        b,
        dice,
        DefenceRolled(
            attack=p.id,
            character=t.id,
            kind=kind,
            forced=forced,
            round=fight.order.round,
            roll=roll,
            stage=None if negated else after,
            power=power.name if power is not None else None,
            hurried=hurried,
            faced=True,
        ),
    )
    if negated:
        emit(b, dice, AttackSettled(attack=p.id))
    elif after is None:
        resolve(b, p, None, dice)


def extreme(state: BpbState, ctx: Ctx, c: cmd.Extreme, dice: DiceService) -> Done:
    """BPB-XS-003..008: overwhelming (+3 ranks), slamming or staggering (Endurance attacks only)."""
    p = waiting(state, c.attack, Stage.EXTREME)
    attacker = state.characters[p.attacker]
    if not (ctx.is_gm or attacker.owner == ctx.actor.id):
        raise NotPermitted(f"Only {attacker.name}'s player chooses the extreme effect.")
    if c.effect is not Effect.OVERWHELMING and p.damages != "Endurance":
        rule = "BPB-XS-005" if c.effect is Effect.SLAMMING else "BPB-XS-007"
        raise RuleViolation(rule, f"Only attacks doing Endurance damage can be {c.effect.value}.")
    b = ctx.batch(state)
    # BPB-XS-004 (src 232): overwhelming, the power's rank for this attack is three more: said as a fact, the
    # one the log has for a power that does no damage ("the commensurate effect on the target")
    rank = p.rank + 3 if c.effect is Effect.OVERWHELMING else None
    emit(b, dice, ExtremeChosen(attack=p.id, effect=c.effect, stage=Stage.EXTREME, rank=rank))
    resolve(b, p, c.effect, dice)
    return b


def resolve(b: Done, p: Pending, effect: Effect | None, dice: DiceService) -> None:
    """Deal the hit's damage and its extreme effect; settle it unless powers wait to be kept."""
    state = b.state
    t = state.characters[p.target]
    rating = dmg.Rating(dr=p.dr, stunning=p.stunning)
    if effect is Effect.OVERWHELMING:  # BPB-XS-004: three ranks more (a Brawn 3 punch lands as Brawn 6's)
        rating = dmg.overwhelmed(rating)
    if p.damages is not None:
        apply_damage(
            b,
            t,
            rating.dr,
            stunning=rating.stunning,
            penetrating=p.penetrating,
            attribute=p.damages,
            why=p.power,
        )
    if p.recoil:  # BPB-GRAB-013 (PROPOSED): the rammer takes half, against their own protection
        apply_damage(b, b.state.characters[p.attacker], p.recoil, why="ramming")
    if effect in (Effect.SLAMMING, Effect.STAGGERING) and _may_spend(b.state, t):
        # BPB-ACT-008, BPB-PP-005: the target's reaction is their task roll: they are asked, so a plot point
        # may make it succeed (src 469); one without a plot point rolls at once, as before
        emit(b, dice, ExtremeChosen(attack=p.id, effect=effect, stage=Stage.RESIST))
        return
    _react(b, t, p, effect, dice)


def _may_spend(state: BpbState, t: Character) -> bool:
    c = state.condition(t.id)
    awake = Status.UNCONSCIOUS not in c.statuses and Status.DEAD not in c.statuses
    return awake and state.plot_points(t.id) > 0


def _react(
    b: Done, t: Character, p: Pending, effect: Effect | None, dice: DiceService, *, spent: bool = False
) -> None:
    """Roll the slam or stagger (``spent``: a plot point's success); then keep powers, or settle."""
    if effect is Effect.SLAMMING:
        _slam(b, t, p, dice, spent=spent)
    if effect is Effect.STAGGERING:
        staggered = _stagger(b, t, p, dice, spent=spent)
        if staggered and _switched_on(b.state, t):
            emit(b, dice, ExtremeChosen(attack=p.id, effect=Effect.STAGGERING, stage=Stage.KEEP_POWERS))
            return
    emit(b, dice, AttackSettled(attack=p.id))


def resist(state: BpbState, ctx: Ctx, c: cmd.Resist, dice: DiceService) -> Done:
    """BPB-XS-005/007, BPB-PP-005: the target rolls against the slam or stagger, or spends a plot point."""
    p = waiting(state, c.attack, Stage.RESIST)
    if c.character != p.target:
        raise InvalidCommand(f"Attack {p.id} hit {p.target}.")
    t = state.characters[p.target]
    if c.plot_point:
        spend_check(state, t)
    b = ctx.batch(state)
    _react(b, t, p, p.effect, dice, spent=c.plot_point)
    return b


def apply_damage(
    b: Done,
    t: Character,
    dr: int,
    *,
    stunning: bool = False,
    penetrating: bool = False,
    attribute: str = "Endurance",
    why: str = "",
) -> int:
    """BPB-DMG-006..010: DR less the best matching protection; then out of the fight at no Endurance."""
    state = b.state
    pv = protection_now(state, t, attribute)
    amount = dmg.after_protection(dr, pv, penetrating=penetrating)
    if stunning and attribute == "Endurance":
        amount = min(amount, max(0, endurance_left(state, t.id)))  # BPB-REC-004: stunning alone stops at 0
    b.emit(
        Damaged(
            character=t.id,
            amount=amount,
            dr=dr,
            pv=pv,
            attribute=attribute,
            stunning=stunning,
            why=why,
            penetrating=penetrating and pv > 1,  # half of 0 or 1 leaves the same PV: nothing to say
        )
    )
    left = endurance_left(b.state, t.id)
    now = b.state.condition(t.id).statuses
    if left <= 0 and Status.UNCONSCIOUS not in now:
        knock_out(b, t.id)
    max_end = t.attribute("Endurance")
    if state.config.death_below_zero and left <= -max_end and Status.DEAD not in now:
        b.emit(StatusSet(character=t.id, add=(Status.DEAD,)))
    return amount


def _slam(b: Done, t: Character, p: Pending, dice: DiceService, *, spent: bool = False) -> None:
    """BPB-XS-005/006: Brawn vs 8 + rank; a miss flies the Throws distance of the miss and lands at half."""
    # BPB-MOVE-007: a Brawn task roll (src 236), so + 3/6 in the middle of the target's own run or sprint
    task = Task(attribute=rank_of(b.state, t, "Brawn"), difficulty=8 + p.rank + hurried_now(b.state, t))
    roll = make_roll(
        dice, f"{t.name} resists the slam", task, b.state.config, reaction=True, plot_point=spent
    )
    missed = 0 if roll.verdict.success else task.difficulty - roll.verdict.total
    emit(
        b,
        dice,
        SlamRolled(
            character=t.id,
            roll=roll,
            missed_by=missed,
            distance_ft=throws_ft(missed) if missed else 0,
            grounded=bool(missed) and b.state.condition(t.id).airborne,  # src 238: "when they land"
        ),
    )
    if missed:
        out_of_the_grapple(b, t.id)  # knocked backward "a considerable distance" (src 236)
    if missed and dmg.slam_landing(missed):
        apply_damage(b, t, dmg.slam_landing(missed), why="slam landing")


def _stagger(b: Done, t: Character, p: Pending, dice: DiceService, *, spent: bool = False) -> bool:
    """BPB-XS-007: Willpower vs 8 + rank; a failure loses the next action."""
    # BPB-MOVE-007: a Willpower task roll (src 242), so + 3/6 in the middle of the target's own run or sprint
    task = Task(attribute=rank_of(b.state, t, "Willpower"), difficulty=8 + p.rank + hurried_now(b.state, t))
    roll = make_roll(
        dice, f"{t.name} resists the stagger", task, b.state.config, reaction=True, plot_point=spent
    )
    emit(b, dice, StaggerRolled(character=t.id, roll=roll))
    return not roll.verdict.success


def _switched_on(state: BpbState, t: Character) -> tuple[str, ...]:
    return tuple(n for n in state.condition(t.id).on if (pw := t.power(n)) is not None and pw.activated)


def keep_powers(state: BpbState, ctx: Ctx, c: cmd.KeepPowers, dice: DiceService) -> Done:
    """BPB-XS-008: Willpower vs 12 keeps activated powers on; otherwise they go off until the next action."""
    p = waiting(state, c.attack, Stage.KEEP_POWERS)
    if c.character != p.target:
        raise InvalidCommand(f"Attack {p.id} staggered {p.target}.")
    t = state.characters[p.target]
    powers = _switched_on(state, t)
    if c.plot_point:
        if not c.keep:
            raise InvalidCommand("A plot point buys keeping the powers on; letting them go rolls nothing.")
        spend_check(state, t)
    b = ctx.batch(state)
    if c.keep:
        task = Task(  # BPB-MOVE-007: a task roll in the middle of her own run is harder too
            attribute=rank_of(state, t, "Willpower"), difficulty=KEEP_DIFFICULTY + hurried_now(state, t)
        )
        roll = make_roll(
            dice,
            f"{t.name} keeps their powers on",
            task,
            state.config,
            reaction=True,
            plot_point=c.plot_point,
            purpose=KEEP_POWERS,
        )
        emit(b, dice, PowersChecked(character=t.id, powers=powers, kept=roll.verdict.success, roll=roll))
    else:
        emit(b, dice, PowersChecked(character=t.id, powers=powers, kept=False))
    emit(b, dice, AttackSettled(attack=p.id))
    return b
