"""Capes in the lab: Story Token and Debt economies over Pages, played by a simple policy through the table.

Three players (by default Skitter, Aunt Sylvie and Rampart, the ruleset's
samples) take a scene through Pages. Every seat plays the same policy, chosen by
name (:data:`POLICIES`), choosing among the moves the table offers and filling in
only words. ``plain``:

- on its Action: add a Conflict while fewer than ``open_conflicts`` are open,
  else roll its best ability on the lowest die it can roll on its favoured side
  (seat 0 side A, seat 1 side B, ...), keeping the roll when it helps and
  turning it back when not; then end the Action;
- claims a side it is allied with when that side leads, else passes;
- resolves, declares Deadlocks, rolls Overdrawn dice and begins Actions when the rules ask;
- when a Scene has ended (every Conflict resolved and nobody keeping it going) and it is its turn to
  declare the next one, declares it, and takes its own character as its free pick;
- answers every other prompt with its default (or first) option;
- spends Story Tokens on extra Claims and Actions (src 37, 82, 94): in the bought Claims, a token on a
  side its character is allied with that leads alone (its free Claim made, src 78-83); in the bought
  Actions, one whenever the round comes to it with a token to spare beyond one kept back for such a
  Claim (a Claim on a leading side makes its player the Resolver, src 131); it buys no extra Conflicts
  nor characters;
- never stakes Debt, splits dice, spends an Inspiration nor Gloats.

``staking`` plays as ``plain``, and in its Action, before and after its roll (src 38, 98):

- spends its best Inspiration on the lowest die of a side its character is allied with that does not
  lead, when it raises that die (CAPES-ACT-003, src 101);
- stakes Debt on a side its character is allied with that leads, from the Drive carrying the most Debt
  (or the one already staked there), as much as the rules let (CAPES-STAKE-001/002): a winning stake
  leaves as Story Tokens for the losers, a losing one comes back doubled (src 42, 131-132, 169-170);
  on one that does not lead, a single Debt when that buys room to split a die of 4 or more (src 175:
  "The advantage of Staking Debt is you get to Split the dice");
- splits the highest die of such a side in two (of 2 or more on a leading side, 4 or more on another)
  while the Debt staked leaves room (CAPES-SPLIT-001/002, src 174-176);
- never Gloats: whether resolving would break the group's Code is the table's judgement (src 52, 205).

It proposes a stake, split or Inspiration only where the handlers' own checks take it.

Every move goes through ``Table.execute``: a move the rules refuse is skipped
for the next candidate, and refusals are counted. What the lab reads after
each Page: each player's Story Tokens and Inspirations, each character's Debt
(summed over Drives), the Debt staked, and the Conflicts made and resolved.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from capeworks.engine import Table
from capeworks.engine.model import Command, Prompt, Seat
from capeworks.errors import CapeworksError, InvalidCommand
from capeworks.lab.stats import count_mean

__all__ = ["GLOSSARY", "PLAYERS", "POLICIES", "PageTally", "economy", "play_pages"]

#: seat -> sample character (the ruleset's own samples)
PLAYERS: dict[str, str] = {"ann": "Skitter", "bea": "Aunt Sylvie", "cal": "Rampart"}

#: what each row of the economy counts (after each Page, means over the runs)
GLOSSARY: dict[str, str] = {
    "conflicts": "Conflicts made so far in the run",
    "resolved": "Conflicts resolved so far in the run",
    "debt NAME": "Debt on the character's Drives: 1 per super-powered use (CAPES-DEBT-004); a stake moves it "
    "onto a Conflict, a lost one brings it back doubled (CAPES-RES-003)",
    "inspirations SEAT": "Inspirations the player holds (won resolving, CAPES-RES-006/007; spent raising a "
    "die, CAPES-ACT-003)",
    "staked": "Debt staked so far in the run (CAPES-STAKE-001; plain never stakes)",
    "tokens SEAT": "Story Tokens the player holds: won, less those spent on extra Claims (CAPES-PAGE-005) "
    "and Actions (CAPES-PAGE-013)",
    "won SEAT": "Story Tokens the player has won so far in the run: Debt staked on a side that beat theirs "
    "(CAPES-RES-004); plain never stakes nor Gloats, so under it nobody wins any",
}

#: the policies by name, the first the default (see the module docstring)
POLICIES: tuple[str, ...] = ("plain", "staking")

#: a run of pages that takes more moves than this is stuck
MAX_MOVES = 4_000


@dataclass(frozen=True, slots=True)
class PageTally:
    """The economy after one Page (``page`` counts the Pages of the run on, across Scenes)."""

    page: int
    tokens: dict[str, int]
    debt: dict[str, int]
    conflicts: int
    resolved: int
    inspirations: dict[str, int] = field(default_factory=dict)
    staked: int = 0
    won: dict[str, int] = field(default_factory=dict)


@dataclass
class _Counts:
    moves: int = 0
    refused: int = 0
    dice: int = 0
    made: int = 0
    resolved: int = 0
    staked: int = 0
    #: Story Tokens spent on extra Claims (CAPES-PAGE-005) and on extra Actions (CAPES-PAGE-013)
    claims_bought: int = 0
    actions_bought: int = 0
    #: Story Tokens each player has won (a stake given away to them, CAPES-RES-004/005)
    won: Counter[str] = field(default_factory=Counter)
    #: Debt handed back (doubled) to the losers of a stake (CAPES-RES-003) and stakes turned to tokens
    #: or gone (CAPES-RES-004/005)
    returned: int = 0
    given: int = 0
    #: Debt still staked on the Conflicts when the run ends
    left: int = 0
    #: candidate moves the rules refused, by command
    refused_by: Counter[str] = field(default_factory=Counter)
    tallies: list[PageTally] = field(default_factory=list)


def _seats(players: list[str]) -> list[Seat]:
    return [Seat(id=p, name=p.title()) for p in players]


def _open_conflicts(state: Any) -> list[Any]:
    scene = state.scene
    resolved = set(scene.page.resolved) if scene is not None and scene.page is not None else set()
    return [c for c in state.conflicts if c.id not in resolved]


def _character(state: Any, seat: str) -> str | None:
    scene = state.scene
    if scene is None:
        return None
    if seat in scene.cast:
        return str(scene.cast[seat])
    return next((str(k) for k, v in scene.cast.items() if v == seat), None)


def _leads(conflict: Any, side: str) -> bool:
    """Does ``side`` hold the highest total of ``conflict`` alone (it would control it, CAPES-CONF-003)?"""
    mine = next(s.total for s in conflict.sides if s.id == side)
    return all(s.total < mine for s in conflict.sides if s.id != side)


def _stake(state: Any, me: str, conflict: Any, *, everything: bool) -> dict[str, Any] | None:
    """The stake ``me`` makes on ``conflict``: from the Drive already staked there, else the one carrying the
    most Debt; ``everything``: as much as the rules let (CAPES-STAKE-002), else a single Debt. None when the
    table would take none (the handler's own check)."""
    from capeworks.systems.capes.common import takes
    from capeworks.systems.capes.debt import check_stake
    from capeworks.systems.capes.queries import stake_on

    debt = state.roster[me].debt
    used, _ = stake_on(conflict, me)
    pools = [used] if used else sorted(state.roster[me].sheet.pools(), key=lambda p: (-debt.get(p, 0), p))
    for pool in pools:
        most = debt.get(pool, 0) if everything else min(1, debt.get(pool, 0))
        fits = (n for n in range(most, 0, -1) if takes(check_stake, state, me, conflict.id, pool, n))
        amount = next(fits, 0)
        if amount:
            why = f"{conflict.id} is morally charged for {state.roster[me].sheet.name}'s {pool}."
            return {"conflict": conflict.id, "drive": pool, "amount": amount, "why": why}
    return None


def _saves_for_claims(state: Any, seat: str, page: Any, action: Any) -> bool:
    """Does the seat keep its last Story Token rather than buy an Action with it? One Claim a Page is
    free (src 78), a further one costs a token (src 82): a Claim on a side that leads makes its player
    the Resolver (src 131), so the seat buys Actions only with tokens beyond one kept for that."""
    if page is None or action is not None or str(page.round) != "bought":
        return False
    return int(state.tokens.get(seat, 0)) <= 1


def _staking_moves(state: Any, seat: str, me: str) -> Iterator[Command]:
    """``staking``'s moves around its roll (src 38, 98), each only where the handler's own check takes it:
    an Inspiration on a trailing side's lowest die, a stake (all on a leading side, one to split on another),
    a split the stakes make room for."""
    from capeworks.systems.capes.abilities import check_inspire
    from capeworks.systems.capes.commands import Inspire
    from capeworks.systems.capes.common import takes
    from capeworks.systems.capes.debt import check_split
    from capeworks.systems.capes.queries import allied_side

    def cmd(kind: str, **payload: Any) -> Command:
        return Command(type=kind, seat=seat, payload={**payload, "character": me})

    allied = [(c, s) for c in _open_conflicts(state) if (s := allied_side(c, me)) is not None]
    held = sorted({i.value for i in state.inspirations.get(seat, ())}, reverse=True)
    raises = [
        (value - die_value, c.id, side, die)
        for c, side in allied
        if not _leads(c, side)
        for die, die_value in enumerate(next(s.dice for s in c.sides if s.id == side), start=1)
        for value in held[:1]
        if takes(check_inspire, state, seat, me, Inspire(value=value, conflict=c.id, side=side, die=die))
    ]
    if raises:
        _, conflict, side, die = max(raises, key=lambda r: (r[0], -r[3]))
        yield cmd("inspire", value=held[0], conflict=conflict, side=side, die=die)
    for c, side in allied:
        dice = next(s.dice for s in c.sides if s.id == side)
        top = max(range(len(dice)), key=lambda i: (dice[i], -i))
        splits = takes(check_split, state, me, c.id, side, top + 1, 2)
        leads = _leads(c, side)
        # a leading side: all it may (a win gives it away); a trailing one: a single Debt to split a die of 4
        # or more, room to roll up (src 175: "The advantage of Staking Debt is you get to Split the dice")
        if leads or (dice[top] >= 4 and not splits):
            stake = _stake(state, me, c, everything=leads)
            if stake is not None:
                yield cmd("stake", **stake)
        if dice[top] >= (2 if leads else 4) and splits:
            yield cmd("split", conflict=c.id, side=side, die=top + 1, parts=2)


def _candidates(
    state: Any,
    seat: str,
    index: int,
    prompt: Prompt,
    legal: list[Any],
    open_conflicts: int,
    policy: str = POLICIES[0],
) -> Iterator[Command]:
    """The seat's moves in the policy's order of preference (the table refuses what does not fit)."""
    offered = {name for name, _ in legal}

    def cmd(kind: str, **payload: Any) -> Command:
        return Command(type=kind, seat=seat, payload=payload)

    for name, fixed in legal:
        if name in ("overdrawn_roll", "resolve", "deadlock", "begin_actions"):
            yield cmd(name, **fixed, **({"text": "Resolved by the lab."} if name == "resolve" else {}))
    page = state.scene.page if state.scene is not None else None
    action = page.action if page is not None else None
    if action is not None and action.roll is not None and action.player == seat:
        roll = action.roll
        own = roll.help == roll.side
        better = roll.new > roll.old if own else roll.new < roll.old
        yield cmd("accept" if better else "revert")
        yield cmd("revert" if better else "accept")
    me = _character(state, seat)
    my_action = prompt.kind == "action" and (
        action is None or (action.player == seat and not action.core_done)
    )
    # around its roll, not between a roll and its decision nor during the Reactions (CAPES-ACT-002)
    window = action is None or (action.player == seat and action.roll is None and action.reactions is None)
    if policy == "staking" and me is not None and prompt.kind == "action" and window:
        yield from _staking_moves(state, seat, me)
    if my_action and me is not None and not _saves_for_claims(state, seat, page, action):
        if len(_open_conflicts(state)) < open_conflicts:
            yield cmd("create_conflict", text=f"A Conflict from {seat}", character=me)
        sheet = state.roster[me].sheet
        debt = state.roster[me].debt
        # a super-powered use earns a Debt on a Drive: the one carrying the least so far
        drive = min((d.drive.value for d in sheet.drives), key=lambda d: (debt.get(d, 0), d), default="")
        favoured = "AB"[index % 2]
        for conflict in _open_conflicts(state):
            for side in sorted(conflict.sides, key=lambda s: s.id != favoured):
                dice = sorted(range(len(side.dice)), key=lambda i: side.dice[i])
                for ability in sorted(sheet.abilities, key=lambda a: -a.rating):
                    for die in dice:
                        if ability.rating >= side.dice[die]:
                            yield cmd(
                                "use_ability",
                                ability=ability.name,
                                character=me,
                                conflict=conflict.id,
                                side=side.id,
                                die=die + 1,
                                help=side.id,
                                **({"drive": drive} if ability.super and drive else {}),
                            )
                            break
        yield cmd("create_conflict", text=f"A Conflict from {seat}", character=me)
    bought = page is not None and str(page.round) == "bought"
    for name, fixed in legal:
        if name == "claim":
            conflict = next((c for c in state.conflicts if c.id == fixed.get("conflict")), None)
            if conflict is None:
                continue
            totals = {s.id: sum(s.dice) for s in conflict.sides}
            side = str(fixed.get("side"))
            # free: a side that leads or ties; for a token (src 82), only one that leads alone and so
            # would be resolved as things stand (src 131)
            wanted = _leads(conflict, side) if bought else totals.get(side, 0) >= max(totals.values())
            if wanted:
                yield cmd("claim", **fixed)
    if prompt.kind == "declare_scene":
        # the prompt's one option is to pass the declaring on; passing round the table for ever never
        # plays another Page (CAPES-SCENE-002)
        yield cmd("declare_scene", text=f"A lab scene declared by {seat}")
    if prompt.kind == "choose" and me is None:
        # a free pick (CAPES-SCENE-004): the seat's own character, before the prompt's first option (pass)
        yield from (
            Command(type=o.command, seat=seat, payload=dict(o.payload))
            for o in prompt.options
            if o.command == "choose" and state.roster[o.payload["character"]].sheet.name == PLAYERS.get(seat)
        )
    for option in prompt.options:
        yield Command(type=option.command, seat=seat, payload=dict(option.payload))
    for name in ("end_action", "pass"):
        if name in offered:
            yield cmd(name)


def play_pages(
    seed: int,
    pages: int,
    *,
    open_conflicts: int = 2,
    config: dict[str, Any] | None = None,
    policy: str = POLICIES[0],
) -> _Counts:
    """One scene through ``pages`` Pages at a table seeded ``seed``, every seat playing ``policy``; the
    economy after each Page."""
    from capeworks.systems.capes.ruleset import CapesRuleset

    if policy not in POLICIES:
        plays = " and ".join(POLICIES)
        raise InvalidCommand(f"The Capes economy has no policy {policy!r}; it plays {plays}.")

    players = list(PLAYERS)
    table = Table.new(CapesRuleset(), config=config or {}, seats=_seats(players), seed=f"lab:capes:{seed}")
    for seat, name in PLAYERS.items():
        table.execute(Command(type="add_sample", seat=seat, payload={"name": name}))
    table.execute(Command(type="declare_scene", seat=players[0], payload={"text": "A lab scene"}))
    for seat in players:
        ident = next(k for k, c in table.state.roster.items() if c.sheet.name == PLAYERS[seat])  # type: ignore[attr-defined]
        table.execute(Command(type="choose", seat=seat, payload={"character": ident}))
    counts = _Counts()
    seen_page = _page_number(table.state)
    while len(counts.tallies) < pages:
        if counts.moves > MAX_MOVES:
            raise InvalidCommand(f"The Capes pages went past {MAX_MOVES} moves; the policy is stuck.")
        prompts = [p for p in table.prompts() if p.seat is not None]
        if not prompts:
            break
        prompt = prompts[0]
        who = prompt.seat
        assert who is not None
        legal = [
            (lc.command, dict(lc.fixed))
            for lc in table.legal_commands(who)
            if lc.command not in ("end_scene", "undo")
        ]
        moves = _candidates(table.state, who, players.index(who), prompt, legal, open_conflicts, policy)
        for command in moves:
            try:
                events = table.execute(command)
            except CapeworksError:
                counts.refused += 1
                counts.refused_by[command.type] += 1
                continue
            counts.dice += sum(len(r.faces) for e in events for r in e.rolls)
            counts.made += sum(e.type == "capes.conflict_created" for e in events)
            counts.resolved += sum(e.type == "capes.resolved" for e in events)
            _settled(counts, events)
            break
        else:
            raise InvalidCommand(f"The Capes policy found no move the rules accept for {who} at {prompt.id}.")
        counts.moves += 1
        number = _page_number(table.state)
        if number != seen_page:
            if seen_page:  # a Page ended (not the pause between Scenes)
                counts.tallies.append(_tally(table.state, len(counts.tallies) + 1, counts))
            seen_page = number
    counts.left = sum(side.staked for c in table.state.conflicts for side in c.sides)  # type: ignore[attr-defined]
    return counts


def _settled(counts: _Counts, events: list[Any]) -> None:
    """The Claims and Actions bought, the stakes made, and what resolutions and Deadlocks did with them:
    tokens won, given away, Debt handed back."""
    for e in events:
        if e.type == "capes.claimed":
            counts.claims_bought += int(e.payload.paid)
        if e.type == "capes.action_started":
            counts.actions_bought += int(e.payload.paid)
        if e.type == "capes.staked":
            counts.staked += int(e.payload.amount)
        if e.type in ("capes.resolved", "capes.deadlocked"):
            counts.returned += sum(r.amount for r in e.payload.returned)
        if e.type == "capes.resolved":
            counts.won.update(e.payload.tokens)
            counts.given += len(e.payload.tokens) + e.payload.vanished


def _page_number(state: Any) -> int:
    scene = state.scene
    return scene.page.number if scene is not None and scene.page is not None else 0


def _tally(state: Any, page: int, counts: _Counts) -> PageTally:
    return PageTally(
        page=page,
        tokens={p: int(state.tokens.get(p, 0)) for p in PLAYERS},
        debt={k: sum(c.debt.values()) for k, c in state.roster.items()},
        conflicts=counts.made,
        resolved=counts.resolved,
        inspirations={p: len(state.inspirations.get(p, ())) for p in PLAYERS},
        staked=counts.staked,
        won={p: counts.won[p] for p in PLAYERS},
    )


def economy(
    runs: int,
    pages: int,
    *,
    seed: int = 1,
    open_conflicts: int = 2,
    config: dict[str, Any] | None = None,
    policy: str = POLICIES[0],
) -> dict[str, Any]:
    """``runs`` scenes of ``pages`` Pages each, at tables with rules ``config``, played by ``policy``: per
    Page, the mean tokens and Inspirations per player, Debt per character and Debt staked, with Student-t
    95% intervals, and Conflicts made and resolved."""
    by_page: dict[int, dict[str, list[int]]] = {}
    moves = refused = dice = 0
    refused_by: Counter[str] = Counter()
    for run in range(runs):
        counts = play_pages(
            seed * 1_000_003 + run, pages, open_conflicts=open_conflicts, config=config, policy=policy
        )
        moves, refused, dice = moves + counts.moves, refused + counts.refused, dice + counts.dice
        refused_by.update(counts.refused_by)
        for i, t in enumerate(counts.tallies, start=1):
            cells = by_page.setdefault(i, {})
            for who, v in t.tokens.items():
                cells.setdefault(f"tokens {who}", []).append(v)
            for who, v in t.inspirations.items():
                cells.setdefault(f"inspirations {who}", []).append(v)
            for who, v in t.won.items():
                cells.setdefault(f"won {who}", []).append(v)
            for who, v in t.debt.items():
                cells.setdefault(f"debt {who}", []).append(v)
            cells.setdefault("staked", []).append(t.staked)
            cells.setdefault("conflicts", []).append(t.conflicts)
            cells.setdefault("resolved", []).append(t.resolved)
    pages_out = []
    for page, cells in sorted(by_page.items()):
        pages_out.append(
            {
                "page": page,
                "runs": len(cells.get("conflicts", [])),
                **{k: count_mean(v).to_dict() for k, v in sorted(cells.items())},
            }
        )
    return {
        "system": "capes",
        "players": PLAYERS,
        "runs": runs,
        "pages": pages,
        "seed": seed,
        "open_conflicts": open_conflicts,
        "policy": policy,
        "config": dict(config or {}),
        "moves": moves,
        "refused_candidates": refused,
        "refused_by_command": dict(sorted(refused_by.items())),
        "dice": dice,
        "by_page": pages_out,
        "glossary": GLOSSARY,
    }
