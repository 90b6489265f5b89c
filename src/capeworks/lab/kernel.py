"""The Weaverdice duel kernel: many one-on-one duels at once as NumPy arrays, for the fights it covers.

A second statement of the rules, kept small on purpose and allowed only
because ``tests/lab/test_kernel.py`` shows it agrees with the plain path (every
move through the table) and with the exact chain. It covers what the lab's
default duels use and refuses the rest with a sentence (:func:`plan`):

* one character a side, PC, notable or generic, with no powers, costume or
  held gear, morale at or below neutral (no high-morale spends);
* the ``sensible`` and ``no_reactions`` policies, each attack the policy's own
  (:func:`capeworks.lab.weaverdice._attack`), Bash, lesser, conventional;
* rules config: the settings it models (actions per turn, defense scores,
  stay-up TN, generic initiative) and those that cannot touch such a duel.

Everything static is read from the real sheet and rules code (modifiers,
skill dice, defense, wound slots, effort maxima, speed, initiative tie-breaks,
the policy's Dodge/Block choice via ``p_reach``); what the kernel restates is
the loop of a duel: initiative (WD-COMBAT-004/005), turns of attacks
(WD-COMBAT-008/017), Dodge/Block for Focus and a held Block dropping a melee
attacker a place next round (WD-COMBAT-019..021), wounds on armor and body
slots, generics dropping (with no effect die, src 800), the stay-up check
(WD-WOUND-002..006), the effect d6 with Recovery negating it and Lesser Bash 6's lost Focus (WD-WFX-004,
-010), and the Delayed a Lesser Bash 6 brings: the target's slot goes just
after the attacker's and it waits until the attacker's next turn has ended
(WD-STATUS-010; the lab seats a duel's two sides as the rules' two camps).
The turn order is kept as the table keeps it (whose place acts, who is
skipped while Delayed, a held Block's drop at the round's end). Knockback,
Knocked Down and Disarmed change nothing in such a duel. Duels run in
blocks, each with its own seed spawned from the run's, so the same seed and
``n`` give the same totals.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from capeworks.errors import CapeworksError, InvalidCommand
from capeworks.lab.play import Result, Roster, duel_seed, table_for
from capeworks.lab.policy import Outcome, Tally
from capeworks.lab.runner import Run, fight_of
from capeworks.lab.spec import FightSpec
from capeworks.lab.summary import Summary

__all__ = ["Duels", "KernelPlan", "outcomes", "plan", "run_kernel", "simulate", "summarise"]

#: config settings the kernel models
MODELLED = frozenset(
    {
        "actions_per_turn",
        "defense_pc",
        "defense_notable",
        "defense_generic",
        "stay_up_tn",
        "generic_initiative",
    }
)
#: config settings that cannot change a covered duel (checks, downtime, grapples, dying, movement, ...)
INERT = frozenset(
    {
        "default_tn",
        "parity_uses_natural_die",
        "stat_min",
        "stat_max",
        "statline_plus",
        "statline_minus",
        "fixed_statlines",
        "base_underling_cap",
        "morale_floor",
        "charm_defiance_first",
        "charm_defiance_later",
        "morale_reset_mode",
        "morale_bonus_slot_actions",
        "surprise_margin",
        "complex_quick_tn",
        "lengthy_keep_progress_on_interrupt",
        "wait_expiry",
        "rest_guts_tn",
        "generic_death_tn",
        "rouse_medical_dc",
        "dying_medical_dc",
        "dying_rounds",
        "generic_free_aoo",
        "grapple_mode",
        "campaign",
        "grappled_ds",
        "defense_bystander",
    }
)

#: duels simulated per block (memory stays bounded; each block has its own spawned seed)
BLOCK = 250_000

_UP, _DOWN, _UNCONSCIOUS = 0, 1, 2
_STANDING = ("up", "down", "unconscious")
_TAKE, _DODGE, _BLOCK = 0, 1, 2
#: attack totals the reaction table covers: kept die 1..6 plus a modifier, capped
_LOW, _HIGH = -20, 40
_NO_CAP = 1_000


@dataclass(frozen=True)
class KernelPlan:
    """One covered duel, as numbers per side (index 0 and 1) read from the real sheets and rules."""

    names: tuple[str, str]
    named: tuple[bool, bool]
    speed: tuple[int, int]
    generic_initiative: int
    precedence: tuple[int, int]
    morale: tuple[int, int]
    cap: tuple[int, int]
    attack_dice: tuple[int, int]
    attack_mod: tuple[int, int]
    melee: tuple[bool, bool]
    defense: tuple[int, int]
    slots: tuple[int, int]
    armor: tuple[int, int]
    guts_mod: tuple[int, int]
    focus: tuple[int, int]
    recovery: tuple[int, int]
    dodge_mod: tuple[int, int]
    block_mod: tuple[int, int]
    #: per side, per attack total (index total - _LOW): take, dodge or block
    reaction: tuple[tuple[int, ...], tuple[int, ...]]
    actions: int
    stay_up_tn: int
    max_rounds: int


def _refuse(why: str) -> InvalidCommand:
    return InvalidCommand(f"The duel kernel does not cover this fight: {why}.")


def plan(spec: FightSpec) -> KernelPlan:
    """The kernel's numbers for ``spec``, or one sentence saying what it does not cover."""
    from capeworks.lab.weaverdice import NoReactions, Sensible, _attack
    from capeworks.systems.weaverdice import commands as cmd
    from capeworks.systems.weaverdice.combat import TIER_PRECEDENCE
    from capeworks.systems.weaverdice.morale import cap
    from capeworks.systems.weaverdice.odds import p_reach
    from capeworks.systems.weaverdice.skills import skill_dice
    from capeworks.systems.weaverdice.state import WdState
    from capeworks.systems.weaverdice.vocab import DamageType, Pool, Stat, Tier, WoundTier

    if spec.system.lower() not in ("weaverdice", "wd"):
        raise _refuse(f"it plays Weaverdice duels, not {spec.system}")
    if len(spec.sides) != 2 or any(len(s.characters) != 1 for s in spec.sides):
        raise _refuse("it plays one character against one")
    fight = fight_of(spec)
    for policy in fight.policies:
        if type(policy) not in (Sensible, NoReactions):
            raise _refuse(f"it models the sensible and no_reactions policies, not {policy.name}")
    config = fight.ruleset.config_model.model_validate(spec.config)
    default = type(config)()
    for key in type(config).model_fields:
        if getattr(config, key) != getattr(default, key) and key not in MODELLED | INERT:
            raise _refuse(f"it does not model the rules setting {key}")
    table = table_for(fight, duel_seed(spec.seed, 0))
    for command in fight.arena.open(fight.sides, fight.config):
        table.execute(command)
    state = table.state
    assert isinstance(state, WdState)
    roster = Roster(fight)
    names = tuple(roster.members[i][0] for i in range(2))
    sheets = [state.sheet(n) for n in names]
    people = [state.people[n] for n in names]
    for sheet, me in zip(sheets, people, strict=True):
        if sheet.tier is Tier.BYSTANDER:
            raise _refuse(f"{sheet.name} is a bystander")
        if sheet.powers or sheet.costume is not None or sheet.held:
            raise _refuse(f"{sheet.name} has powers, a costume or held gear")
        if config.superstats and sheet.super_stats:
            raise _refuse(f"{sheet.name} has super stats under the superstats variant")
        if me.morale > 0 or config.morale_as_effort:
            raise _refuse(f"{sheet.name}'s morale is high (spending it is not modelled)")
    attacks, dice = [], []
    for i in range(2):
        s = roster.situation(table, i, names[i], random.Random(0))
        move = _attack(s, names[1 - i])
        try:
            a = cmd.Attack.model_validate(dict(move.payload))
        except ValueError as e:
            raise _refuse(f"{sheets[i].name}'s attack options are not an attack the table takes") from e
        plain = cmd.Attack(
            character=a.character, target=a.target, stat=a.stat, skills=a.skills, melee=a.melee
        )
        if a.damage is not DamageType.BASH or a.tier is not WoundTier.LESSER:
            raise _refuse(
                f"{sheets[i].name} attacks with {a.damage.value} {a.tier.word}; it models Bash lesser"
            )
        if a != plain:
            raise _refuse(f"{sheets[i].name}'s attack sets options beyond stat, skills and melee")
        try:
            dice.append(1 + skill_dice(sheets[i], a.skills, opened=people[i].opened))
        except CapeworksError as e:
            raise _refuse(f"the table refuses {sheets[i].name}'s attack: {e.message.rstrip('.')}") from e
        attacks.append(a)
    reaction: list[tuple[int, ...]] = []
    for i in range(2):
        policy = fight.policies[i]
        assert isinstance(policy, Sensible)
        sheet, morale = sheets[i], people[i].morale
        row = []
        for total in range(_LOW, _HIGH + 1):
            best, p_best = _TAKE, 0.0
            for value, stat in ((_DODGE, Stat.ATHLETICS), (_BLOCK, Stat.BRAWN)):
                p = float(p_reach(1, sheet.modifier(stat), total, morale))
                if p > p_best:
                    best, p_best = value, p
            row.append(best if p_best >= policy.react_at else _TAKE)
        reaction.append(tuple(row))

    def pair(f: Any) -> Any:
        return (f(0), f(1))

    return KernelPlan(
        names=names,  # type: ignore[arg-type]
        named=pair(lambda i: sheets[i].tier in (Tier.PC, Tier.NOTABLE)),
        speed=pair(lambda i: sheets[i].speed),
        generic_initiative=config.generic_initiative,
        precedence=pair(lambda i: TIER_PRECEDENCE[sheets[i].tier]),
        morale=pair(lambda i: people[i].morale),
        cap=pair(lambda i: c if (c := cap(people[i].morale)) is not None else _NO_CAP),
        attack_dice=(dice[0], dice[1]),
        attack_mod=pair(lambda i: sheets[i].modifier(attacks[i].stat)),
        melee=pair(lambda i: attacks[i].melee),
        defense=pair(lambda i: sheets[i].defense(config)),
        slots=pair(lambda i: people[i].track.slots),
        armor=pair(lambda i: people[i].track.armor),
        guts_mod=pair(lambda i: sheets[i].modifier(Stat.GUTS)),
        focus=pair(lambda i: people[i].effort.available(sheets[i], Pool.FOCUS)),
        recovery=pair(lambda i: people[i].effort.available(sheets[i], Pool.RECOVERY)),
        dodge_mod=pair(lambda i: sheets[i].modifier(Stat.ATHLETICS)),
        block_mod=pair(lambda i: sheets[i].modifier(Stat.BRAWN)),
        reaction=(reaction[0], reaction[1]),
        actions=config.actions_per_turn,
        stay_up_tn=config.stay_up_tn,
        max_rounds=spec.max_rounds,
    )


Ints = NDArray[np.int64]


@dataclass
class Duels:
    """The end of ``n`` duels, one entry each (side arrays are ``(2, n)``)."""

    winner: Ints  # -1: none (timed out)
    rounds: Ints
    timed_out: NDArray[np.bool_]
    standing: Ints
    wounds: Ints
    focus_spent: Ints
    recovery_spent: Ints
    moves: Ints
    dice: Ints


def _check(rng: np.random.Generator, dice: Ints, mod: Ints, cap: Ints) -> Ints:
    """Checks of ``dice`` d6 each (keep the highest) + ``mod``, capped by low morale (WD-CORE-004/005)."""
    most = int(dice.max(initial=1))
    faces = rng.integers(1, 7, size=(dice.size, most))
    if most > 1:
        faces[np.arange(most)[None, :] >= dice[:, None]] = 0
    out: Ints = np.minimum(faces.max(axis=1) + mod, cap)
    return out


def simulate(p: KernelPlan, n: int, rng: np.random.Generator) -> Duels:
    """Play ``n`` duels of plan ``p`` to their ends, all at once."""
    arr = {k: np.asarray(getattr(p, k), dtype=np.int64) for k in (
        "named", "speed", "precedence", "morale", "cap", "attack_dice", "attack_mod", "melee", "defense",
        "slots", "armor", "guts_mod", "focus", "recovery", "dodge_mod", "block_mod",
    )}  # fmt: skip
    table = np.asarray(p.reaction, dtype=np.int64)
    # -- initiative: speed + d6 for the named, speed + a flat roll for generics; ties to a roll-off ------
    dice = np.zeros(n, dtype=np.int64)
    score = np.empty((2, n), dtype=np.int64)
    for i in range(2):
        if p.named[i]:
            score[i] = p.speed[i] + rng.integers(1, 7, size=n)
            dice += 1
        else:
            score[i] = p.speed[i] + p.generic_initiative
    keys = [(score[0], score[1]), (p.precedence[0], p.precedence[1]), (p.morale[0], p.morale[1])]
    first = np.zeros(n, dtype=np.int64)
    decided = np.zeros(n, dtype=bool)
    for a, b in keys:
        a_arr, b_arr = np.broadcast_to(a, (n,)), np.broadcast_to(b, (n,))
        first[~decided & (b_arr > a_arr)] = 1
        decided |= a_arr != b_arr
    tied = ~decided
    if tied.any():
        off = rng.integers(1, 7, size=(2, int(tied.sum())))
        dice[tied] += 2
        first[np.flatnonzero(tied)[off[1] > off[0]]] = 1
    # -- the duel: one turn of every live duel per step, the order as the table keeps it --------------
    standing = np.zeros((2, n), dtype=np.int64)
    wounds = np.zeros((2, n), dtype=np.int64)
    armor_used = np.zeros((2, n), dtype=np.int64)
    checks = np.zeros((2, n), dtype=np.int64)
    focus_spent = np.zeros((2, n), dtype=np.int64)
    recovery_spent = np.zeros((2, n), dtype=np.int64)
    moves = np.zeros(n, dtype=np.int64)
    winner = np.full(n, -1, dtype=np.int64)
    rounds = np.zeros(n, dtype=np.int64)
    timed_out = np.zeros(n, dtype=bool)
    dropped = np.zeros((2, n), dtype=bool)
    index = np.zeros(n, dtype=np.int64)  # whose place in the order acts: 0 (``first``) or 1
    round_no = np.ones(n, dtype=np.int64)
    #: per side: 0, or the round at whose foe's turn end its Delayed ends (WD-STATUS-010)
    delayed = np.zeros((2, n), dtype=np.int64)
    live = np.arange(n)
    while live.size:
        actor = np.where(index[live] == 0, first[live], 1 - first[live])
        for _ in range(p.actions):
            if live.size == 0:
                break
            att = actor
            de = 1 - att
            moves[live] += 1
            dice[live] += arr["attack_dice"][att]
            total = _check(rng, arr["attack_dice"][att], arr["attack_mod"][att], arr["cap"][att])
            hit = total >= arr["defense"][de]
            react = hit & (arr["named"][de] == 1) & (focus_spent[de, live] < arr["focus"][de])
            choice = np.where(react, table[de, np.clip(total, _LOW, _HIGH) - _LOW], _TAKE)
            moves[live[react]] += 1
            rolled = choice != _TAKE
            held = np.zeros(live.size, dtype=bool)
            if rolled.any():
                r_live, r_de = live[rolled], de[rolled]
                focus_spent[r_de, r_live] += 1
                dice[r_live] += 1
                mod = np.where(choice[rolled] == _DODGE, arr["dodge_mod"][r_de], arr["block_mod"][r_de])
                got = _check(rng, np.ones(r_live.size, dtype=np.int64), mod, arr["cap"][r_de])
                held[rolled] = got >= total[rolled]
                blocked = held & (choice == _BLOCK) & (arr["melee"][att] == 1)
                dropped[att[blocked], live[blocked]] = True
            lands = hit & ~held
            slow = _land(p, arr, rng, live[lands], de[lands], standing, wounds, armor_used, checks,
                         focus_spent, recovery_spent, moves, dice)  # fmt: skip
            if slow.any():
                # the target's slot goes just after the attacker's, now the first, whose turn this
                # is; it may not act until the attacker's turn in the next round ends
                s_idx, s_att = live[lands][slow], att[lands][slow]
                first[s_idx] = s_att
                index[s_idx] = 0
                delayed[1 - s_att, s_idx] = round_no[s_idx] + 1
            over = standing[de, live] != _UP
            winner[live[over]] = att[over]
            rounds[live[over]] = round_no[live[over]]
            live, actor = live[~over], actor[~over]
        if live.size == 0:
            break
        # -- end_turn: the actor's turn-end expiries, then the next who can act -----------------------
        moves[live] += 1
        foe = 1 - actor
        ends = (delayed[foe, live] > 0) & (round_no[live] >= delayed[foe, live])
        delayed[foe[ends], live[ends]] = 0
        crossed = np.zeros(live.size, dtype=bool)
        settled = np.zeros(live.size, dtype=bool)
        for _ in range(2):
            step = live[~settled]
            index[step] += 1
            wrap = index[step] >= 2
            index[step[wrap]] = 0
            round_no[step[wrap]] += 1
            crossed[np.flatnonzero(~settled)[wrap]] = True
            who = np.where(index[live] == 0, first[live], 1 - first[live])
            settled |= delayed[who, live] == 0
        # the round ends: a blocked melee attacker drops one place (WD-COMBAT-021 PROPOSED); the new
        # round's first turn goes to whoever now leads and can act
        c_live = live[crossed & (dropped[0, live] | dropped[1, live])]
        if c_live.size:
            f = first[c_live]
            swap = dropped[f, c_live] & ~dropped[1 - f, c_live]
            first[c_live[swap]] = 1 - f[swap]
            index[c_live] = np.where(delayed[first[c_live], c_live] == 0, 0, 1)
            index[c_live[(delayed[0, c_live] > 0) & (delayed[1, c_live] > 0)]] = 0
        dropped[:, live[crossed]] = False
        late = round_no[live] > p.max_rounds
        rounds[live[late]] = p.max_rounds
        timed_out[live[late]] = True
        live = live[~late]
    return Duels(winner, rounds, timed_out, standing, wounds, focus_spent, recovery_spent, moves, dice)


def _land(
    p: KernelPlan,
    arr: dict[str, Ints],
    rng: np.random.Generator,
    idx: Ints,
    de: Ints,
    standing: Ints,
    wounds: Ints,
    armor_used: Ints,
    checks: Ints,
    focus_spent: Ints,
    recovery_spent: Ints,
    moves: Ints,
    dice: Ints,
) -> NDArray[np.bool_]:
    """Hits that land: the lesser wound placed, generics dropping, the stay-up check, the effect d6.
    Returns which of them left the target Delayed (Lesser Bash 6 unnegated, WD-WFX-004)."""
    slow = np.zeros(idx.size, dtype=bool)
    if idx.size == 0:
        return slow
    slots, armor, named = arr["slots"][de], arr["armor"][de], arr["named"][de] == 1
    on_armor = armor_used[de, idx] < armor
    body = (wounds[de, idx] - armor_used[de, idx]) < slots
    armor_used[de[on_armor], idx[on_armor]] += 1
    grows = on_armor | body
    wounds[de[grows], idx[grows]] += 1
    full = wounds[de, idx] >= slots + armor
    drop = ~named & full
    standing[de[drop], idx[drop]] = _DOWN
    stay = named & full  # a named target is up here: the fight ends as soon as anyone is not
    if stay.any():
        s_idx, s_de = idx[stay], de[stay]
        dice[s_idx] += 1
        got = _check(
            rng,
            np.ones(s_idx.size, dtype=np.int64),
            arr["guts_mod"][s_de] - checks[s_de, s_idx],
            arr["cap"][s_de],
        )
        checks[s_de, s_idx] += 1
        fell = got < p.stay_up_tn
        standing[s_de[fell], s_idx[fell]] = _UNCONSCIOUS
    # a conventional hit on armor rolls no effect (WD-WOUND-002), nor does one that drops a generic (src 800)
    effect = ~on_armor & ~drop
    e_idx, e_de = idx[effect], de[effect]
    dice[e_idx] += 1
    face = rng.integers(1, 7, size=e_idx.size)
    negate = recovery_spent[e_de, e_idx] < arr["recovery"][e_de]
    answer = negate & (standing[e_de, e_idx] == _UP)  # a target out of the fight never answers
    moves[e_idx[answer]] += 1
    recovery_spent[e_de[answer], e_idx[answer]] += 1
    lose = ~negate & (face == 6) & (focus_spent[e_de, e_idx] < arr["focus"][e_de])
    focus_spent[e_de[lose], e_idx[lose]] += 1
    slow[np.flatnonzero(effect)[~negate & (face == 6)]] = True
    return slow


def outcomes(p: KernelPlan, d: Duels) -> list[tuple[Outcome, int]]:
    """The duels' distinct outcomes (as the arena reports them: winner, rounds, every tally), counted."""
    columns = [d.winner + 1, d.rounds, d.timed_out.astype(np.int64), *d.standing, *d.wounds,
               *d.focus_spent, *d.recovery_spent]  # fmt: skip
    dims = tuple(int(c.max(initial=0)) + 1 for c in columns)
    codes, counts = np.unique(np.ravel_multi_index(columns, dims), return_counts=True)
    out = []
    for code, count in zip(codes.tolist(), counts.tolist(), strict=True):
        winner, rounds, timed, s0, s1, w0, w1, f0, f1, r0, r1 = (int(x) for x in np.unravel_index(code, dims))
        tallies = {}
        for i, (st, w, f, r) in enumerate(((s0, w0, f0, r0), (s1, w1, f1, r1))):
            tallies[p.names[i]] = Tally(
                side=i,
                standing=_STANDING[st],
                out=st != _UP,
                dead=False,
                numbers={
                    "wounds": w,
                    "morale_change": 0,
                    "stamina_spent": 0,
                    "focus_spent": f,
                    "recovery_spent": r,
                },
            )
        outcome = Outcome(
            winner=None if winner == 0 else winner - 1, rounds=rounds, timed_out=bool(timed), tallies=tallies
        )
        out.append((outcome, count))
    return out


def summarise(p: KernelPlan, d: Duels, summary: Summary) -> None:
    """Add the duels to ``summary`` exactly as the plain path's results would add up."""
    for outcome, count in outcomes(p, d):
        summary.add(Result(outcome=outcome, moves=0, dice=0), times=count)
    summary.moves += int(d.moves.sum())
    summary.dice += int(d.dice.sum())


def run_kernel(spec: FightSpec) -> Run:
    """``spec.n`` duels through the kernel with the run's seed; a :class:`Run` like the runners'."""
    start = time.perf_counter()
    p = plan(spec)
    summary = Summary(sides=2)
    blocks = [(s, min(spec.n, s + BLOCK)) for s in range(0, spec.n, BLOCK)]
    seeds = np.random.SeedSequence(spec.seed).spawn(len(blocks))
    for (lo, hi), seq in zip(blocks, seeds, strict=True):
        summarise(p, simulate(p, hi - lo, np.random.Generator(np.random.PCG64(seq))), summary)
    return Run(
        summary=summary,
        seconds=time.perf_counter() - start,
        partial=False,
        runner="fast (duel kernel)",
        workers=1,
        chunks_done=len(blocks),
        chunks_total=len(blocks),
    )
