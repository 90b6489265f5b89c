"""Resolving, Gloating and Deadlock: stakes, Story Tokens and Inspirations at the end of a Page.

Rule IDs: CAPES-RES-001 (claimants resolve controlling sides, clockwise from the
Starter), CAPES-RES-002 (the Resolver's narration is recorded),
CAPES-RES-003 (losing stakes return doubled), CAPES-RES-004/005 (winning stakes
become Story Tokens for losing players: creator first, never the Resolver,
vanishing if only the Resolver lost; the rest assigned by the Resolver,
default round-robin clockwise from the Resolver's left), CAPES-RES-006/007
(the Resolver pairs dice; differences and leftovers become Inspirations, a losing
one for a player on the side its die sat on),
CAPES-RES-008 (the order of sub-steps), CAPES-RES-009 (Deadlock),
CAPES-EG-004/006 (Goal success and failure), CAPES-GLOAT-002.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from capeworks.engine import DiceService, Event
from capeworks.engine.kit import order_from
from capeworks.errors import RuleViolation
from capeworks.systems.capes import events as ev
from capeworks.systems.capes.building import parse_list
from capeworks.systems.capes.commands import Deadlock, Gloat, Resolve
from capeworks.systems.capes.common import (
    Ctx,
    debt_back,
    event,
    find_conflict,
    need_page,
    need_scene,
    stakes_back,
    with_page,
    with_scene,
)
from capeworks.systems.capes.conflicts import goal_key
from capeworks.systems.capes.flow import require_turn
from capeworks.systems.capes.queries import (
    and_then_finishers,
    characters_on,
    controlling_side,
    deadlock_possible,
    deadlocks_to_declare,
    player_of,
    resolvable_claims,
)
from capeworks.systems.capes.sheet import ConflictKind
from capeworks.systems.capes.state import AndThen, CapesState, Conflict, Inspiration, PagePhase, Said, Side

__all__ = [
    "APPLIERS",
    "deadlock",
    "default_pairs",
    "gloat",
    "losing_sources",
    "match_dice",
    "parse_pairs",
    "resolve",
]


def parse_pairs(text: str) -> list[tuple[int, int]]:
    """Read ``"6-4,2-1"`` (winning die - losing die) into pairs."""
    pairs = []
    for item in parse_list(text):
        w, _, lose = item.partition("-")
        if not (w.strip().isdigit() and lose.strip().isdigit()):
            raise RuleViolation(
                "CAPES-RES-006", f"Write each pair as winning-losing, like 6-4 (got {item!r})."
            )
        pairs.append((int(w), int(lose)))
    return pairs


def default_pairs(winning: Sequence[int], losing: Sequence[int]) -> list[tuple[int, int]]:
    """Highest with highest: the engine's pairing when the Resolver names none."""
    return list(zip(sorted(winning, reverse=True), sorted(losing, reverse=True), strict=False))


def match_dice(
    winning: Sequence[int], losing: Sequence[int], pairs: Sequence[tuple[int, int]]
) -> tuple[list[int], list[int]]:
    """Inspirations from a pairing: (the Resolver's, the losing side's) (CAPES-RES-006/007).

    Every die is paired while both sides have dice left; equal pairs give
    nothing; a higher winning die gives the Resolver the difference, a higher
    losing die gives the losing side the difference; unpaired dice give their
    own side their face value.
    """
    if len(pairs) != min(len(winning), len(losing)):
        raise RuleViolation(
            "CAPES-RES-006",
            f"Pair {min(len(winning), len(losing))} winning dice with losing dice (got {len(pairs)} pairs).",
        )
    w_left = Counter(winning) - Counter(w for w, _ in pairs)
    l_left = Counter(losing) - Counter(x for _, x in pairs)
    if Counter(w for w, _ in pairs) - Counter(winning) or Counter(x for _, x in pairs) - Counter(losing):
        raise RuleViolation(
            "CAPES-RES-006",
            f"The pairs must use the dice on the card: winning {list(winning)}, losing {list(losing)}.",
        )
    mine = [w - x for w, x in pairs if w > x]
    theirs = [x - w for w, x in pairs if x > w]
    mine += sorted(w_left.elements(), reverse=True)
    theirs += sorted(l_left.elements(), reverse=True)
    return mine, theirs


def losing_sources(
    winning: Sequence[int], losing: Sequence[int], pairs: Sequence[tuple[int, int]]
) -> list[int]:
    """The losing die behind each of the losing side's Inspirations, in :func:`match_dice` order.

    A higher losing die in a pair and an unpaired losing die each give an Inspiration to the
    side that die sat on (CAPES-RES-006/007), so the Resolver's choice of recipient is among
    that side's players.
    """
    left = Counter(losing) - Counter(x for _, x in pairs)
    return [x for w, x in pairs if x > w] + sorted(left.elements(), reverse=True)


def _claim_check(state: CapesState, actor: str, conflict: Conflict, what: str) -> Side:
    page = need_page(state)
    if page.phase is not PagePhase.RESOLVING:
        raise RuleViolation(
            "CAPES-RES-001", f"Conflicts are resolved after the Actions; this is the {page.phase} phase."
        )
    require_turn(state, actor, doing=what)
    if not any(c.conflict == conflict.id for c in resolvable_claims(state, actor)):
        control = controlling_side(conflict)
        if control is None:
            raise RuleViolation(
                "CAPES-CONF-003",
                f"No side controls {conflict.card} (a tie); it cannot be resolved this Page.",
            )
        raise RuleViolation(
            "CAPES-RES-001", f"You hold no claim on side {control.id}, which controls {conflict.card}."
        )
    side = controlling_side(conflict)
    assert side is not None
    return side


def _on_side(conflict: Conflict, side: str) -> list[str]:
    """Characters on a side; a Goal's own characters are on its aim side even if they never rolled.

    CAPES-EG-004: the Goal is theirs, so when its side loses they lost, and their
    players take Story Tokens (CAPES-RES-004/005) and losing-side Inspirations
    (CAPES-RES-006) like anyone who acted there, unless they allied elsewhere.
    """
    names = characters_on(conflict, side)
    if side == conflict.aim_side:
        names += [c for c in conflict.goal_for if c not in names and c not in conflict.alliances]
    return names


def _players_on(state: CapesState, conflict: Conflict, sides: Sequence[Side], resolver: str) -> list[str]:
    chars = [c for s in sides for c in _on_side(conflict, s.id)]
    players = {_player(state, c) for c in chars}
    order = order_from(state.players, resolver)
    return [p for p in (*order[1:], order[0]) if p in players]


def _characters_of(state: CapesState, conflict: Conflict, sides: Sequence[Side], player: str) -> set[str]:
    """The characters ``player`` has on these sides."""
    chars = (c for s in sides for c in _on_side(conflict, s.id))
    return {c for c in chars if _player(state, c) == player}


def _player(state: CapesState, character: str) -> str:
    """Who answers for a character here: its player in the Scene, else its creator."""
    return player_of(state, character) or state.roster[character].creator


def _give_away(
    state: CapesState, win: Side, lost: Mapping[str, set[str]], first: str, named: Sequence[str]
) -> list[str]:
    """CAPES-RES-004/005: the winning side's staked Debt, one Story Token each, for losing players.

    ``lost``: each losing player other than the Resolver (src 133), clockwise from the Resolver's left,
    with their losing characters; ``first``: the Conflict's creator, if they lost, gets the first token
    (src 135); ``named``: the Resolver's choice for the rest, else clockwise from their left. Stakes go
    "to the losing characters" (src 42): a stake is given away by its character (src 131, 170), so it
    never comes back to that same character when it has gone over to a losing side (src 110), but
    another losing character of its player takes from it like anyone's (src 133 bars only the
    Resolver). A token with nobody to go to disappears (as src 134 has it for the Resolver's).
    """
    eligible = list(lost)

    def may(player: str, staker: str) -> bool:
        return any(c != staker for c in lost.get(player, ()))

    owners = [stake.character for stake in win.stakes for _ in range(stake.amount)]
    tokens: list[str] = []
    if first in lost:
        unit = next((i for i, owner in enumerate(owners) if may(first, owner)), None)
        if unit is not None:
            tokens.append(first)
            del owners[unit]
    owners = [o for o in owners if any(may(p, o) for p in eligible)]
    if not named:
        turn = 0
        for owner in owners:
            to = next(i for i in range(turn, turn + len(eligible)) if may(eligible[i % len(eligible)], owner))
            tokens.append(eligible[to % len(eligible)])
            turn = to + 1
        return tokens
    if tokens and len(named) == len(owners) + 1 and named[0] == first:
        named = named[1:]  # the Resolver may say the creator's first token too, as src 135 tells it
    if len(named) != len(owners):
        players = f"{len(owners)} player{'s' if len(owners) != 1 else ''}"
        said = state.players_named(named)
        message = f"Name {players}, one for each Story Token (you named {said})."
        if tokens:
            creator = state.name(first)
            message = (
                f"{creator}, whose character created the Conflict and lost, takes the first Story Token: "
                f"name {players} for the other {len(owners)} (after {creator}, if you name them too; "
                f"you named {said})."
            )
        raise RuleViolation("CAPES-RES-005", message, field="tokens")
    bad = [n for n in named if n not in lost]
    if bad:
        raise RuleViolation(
            "CAPES-RES-005",
            f"Story Tokens go to losing players other than you: {state.players_named(eligible)} "
            f"(not {state.players_named(bad)}).",
        )
    if not _matched(list(named), owners, may):
        raise RuleViolation(
            "CAPES-RES-005",
            "A stake is given away: a character's stake never comes back to that character as a Story "
            f"Token (the stakes left are {state.characters_named(owners)}'s).",
            field="tokens",
        )
    return [*tokens, *named]


def _matched(recipients: list[str], owners: list[str], may: Callable[[str, str], bool]) -> bool:
    """Can each recipient take a token from a different stake unit it ``may`` take? (a small matching)"""
    taken: dict[int, int] = {}

    def place(r: int, seen: set[int]) -> bool:
        for u, owner in enumerate(owners):
            if not may(recipients[r], owner) or u in seen:
                continue
            seen.add(u)
            if u not in taken or place(taken[u], seen):
                taken[u] = r
                return True
        return False

    return all(place(r, set()) for r in range(len(recipients)))


def resolve(state: CapesState, ctx: Ctx, cmd: Resolve, dice: DiceService) -> list[Event]:
    actor = ctx.actor.id
    conflict = find_conflict(state, cmd.conflict)
    win = _claim_check(state, actor, conflict, "resolve")
    losing = [s for s in conflict.sides if s.id != win.id]
    losers = _players_on(state, conflict, losing, actor)
    # (3) losing stakes come back doubled (CAPES-RES-003)
    returned = stakes_back(losing, 2)
    # (4) winning stakes become Story Tokens for losing players, never the Resolver (CAPES-RES-004/005)
    lost = {p: _characters_of(state, conflict, losing, p) for p in losers if p != actor}
    count = win.staked
    creator_player = player_of(state, conflict.creator) or conflict.creator_player
    lost_chars = {c for s in losing for c in _on_side(conflict, s.id)}
    first = creator_player if conflict.creator in lost_chars and creator_player != actor else ""
    tokens = _give_away(state, win, lost, first, [state.seat_named(t) for t in parse_list(cmd.tokens)])
    # (5) dice matching (CAPES-RES-006/007)
    losing_dice = [v for s in losing for v in s.dice]
    pairs = parse_pairs(cmd.pairs) if cmd.pairs else default_pairs(win.dice, losing_dice)
    mine, theirs = match_dice(win.dice, losing_dice, pairs)
    inspirations = [{"player": actor, "value": v} for v in mine]
    named_losers = [state.seat_named(n) for n in parse_list(cmd.losers)]
    if len(named_losers) > len(theirs):
        raise RuleViolation(
            "CAPES-RES-006",
            f"The losing side gets {len(theirs)} Inspirations from this pairing; name at most that many "
            f"recipients (losers=), not {len(named_losers)}.",
            field="losers",
        )
    bad = [n for n in named_losers if n not in losers]
    if bad:
        raise RuleViolation(
            "CAPES-RES-006",
            f"Losing-side Inspirations go to players with a losing character: {state.players_named(losers)}.",
        )
    # src 140-141: each Inspiration is for the side its losing die sat on. Equal dice on several
    # losing sides are the Resolver's to tell apart (src 137), but no side gives more of them than
    # it holds: ``left`` counts each side's dice not yet behind an Inspiration.
    left = {s.id: Counter(s.dice) for s in losing}
    for i, (v, die) in enumerate(zip(theirs, losing_sources(win.dice, losing_dice, pairs), strict=True)):
        sides = [(s, _players_on(state, conflict, [s], actor)) for s in losing if left[s.id][die]]
        if i < len(named_losers):
            side = next((s for s, own in sides if named_losers[i] in own), None)
            if side is None:
                own = sorted({p for _, players in sides for p in players})
                raise RuleViolation(
                    "CAPES-RES-006" if i < sum(x > w for w, x in pairs) else "CAPES-RES-007",
                    f"The Inspiration of {v} comes from a losing die showing {die}; it goes to a player "
                    f"on that die's side: {state.players_named(own)} (not {state.name(named_losers[i])}).",
                )
            left[side.id][die] -= 1
            inspirations.append({"player": named_losers[i], "value": v})
            continue
        side, own = next(((s, own) for s, own in sides if own), sides[0])
        left[side.id][die] -= 1
        if own:
            inspirations.append({"player": own[0], "value": v})
    # (7) Goal failures (CAPES-EG-004/006)
    failed = [] if conflict.aims(win.id) else _goal_failures(conflict)
    return [
        event(
            "resolved",
            player=actor,
            conflict=conflict.id,
            title=conflict.text,
            winner=win.id,
            text=cmd.text,
            returned=returned,
            tokens=tokens,
            vanished=count - len(tokens),
            pairs=[list(p) for p in pairs],
            inspirations=inspirations,
            failed=failed,
        )
    ]


def _goal_failures(conflict: Conflict) -> list[str]:
    """CAPES-EG-004/006: a Goal no side of its own resolved is failed by its characters (src 123
    "Otherwise they fail", src 125); nothing for an Event. Its characters are those on its aim
    side (:func:`_on_side`), or on either first side of a Goal both sides want (src 126): one of
    the Goal's own who allied with another side is "no longer Allied to your original side"
    (src 110) and does not fail the Goal it left."""
    if conflict.kind is not ConflictKind.GOAL:
        return []
    chars = {c for s in conflict.sides if conflict.aims(s.id) for c in _on_side(conflict, s.id)}
    return sorted(goal_key(c, conflict.text) for c in chars)


def gloat(state: CapesState, ctx: Ctx, cmd: Gloat, dice: DiceService) -> list[Event]:
    actor = ctx.actor.id
    conflict = find_conflict(state, cmd.conflict)
    side = _claim_check(state, actor, conflict, "gloat")
    high = sorted((i for i, v in enumerate(side.dice) if v > 1), key=lambda i: -side.dice[i])
    if cmd.count > len(high):
        raise RuleViolation("CAPES-GLOAT-002", f"Only {len(high)} dice on side {side.id} show more than 1.")
    turned = high[: cmd.count]
    finishers: list[str] = []
    if cmd.text:  # CAPES-CONF-006: the gloating narration (src 206) is finished by whoever controls now
        low = tuple(1 if i in turned else v for i, v in enumerate(side.dice))
        after = conflict.model_copy(
            update={
                "sides": tuple(
                    s.model_copy(update={"dice": low}) if s.id == side.id else s for s in conflict.sides
                )
            }
        )
        finishers = and_then_finishers(state, after, actor)
    return [
        event(
            "gloated",
            player=actor,
            conflict=conflict.id,
            side=side.id,
            turned=[i + 1 for i in turned],
            values=[side.dice[i] for i in turned],
            tokens=cmd.count,
            text=cmd.text,
            in_turn=True,
            finishers=finishers,
            one_claim=True,
        )
    ]


def _recipient(state: CapesState, conflict: Conflict, side: Side) -> str:
    page = state.scene.page if state.scene else None
    for claim in page.claims if page else ():
        if claim.conflict == conflict.id and claim.side == side.id:
            return claim.player
    allied = [(a.seq, c) for c, a in conflict.alliances.items() if a.side == side.id]
    if not allied:
        return ""
    character = max(allied)[1]
    return player_of(state, character) or state.roster[character].creator


def deadlock(state: CapesState, ctx: Ctx, cmd: Deadlock, dice: DiceService) -> list[Event]:
    """Declare a Deadlock (CAPES-RES-009, src 142-145): at the Resolving, on the declarer's turn of its
    go-around (src 130-131, CAPES-PRIN-003; :func:`.queries.deadlocks_to_declare` says whose). A Scene
    of an older log took one from anybody at any time but during a roll, and still does."""
    actor = ctx.actor.id
    scene = need_scene(state)
    page = need_page(state)
    if page.action is not None and (page.action.roll is not None or page.action.reactions is not None):
        raise RuleViolation("CAPES-ACT-002", "Wait until the roll and its Reactions are over.")
    conflict = find_conflict(state, cmd.conflict)
    if not deadlock_possible(state, conflict):
        raise RuleViolation(
            "CAPES-RES-009",
            f"Conflict {conflict.card} is not Deadlocked: that needs tied top sides, every die a 6, and "
            "nobody able to stake more.",
        )
    if scene.deadlocks_in_turn:
        if page.phase is not PagePhase.RESOLVING:
            raise RuleViolation(
                "CAPES-RES-009",
                f"A Deadlock is declared at the Resolving, after the Actions; this is the {page.phase} "
                "phase.",
            )
        require_turn(state, actor, doing="declare a Deadlock")
        if conflict not in deadlocks_to_declare(state, actor):
            raise RuleViolation(
                "CAPES-RES-009",
                f"{conflict.card} is declared Deadlocked by the first player in turn who claimed a side "
                "of it (the Starter, if nobody did), on their turn.",
            )
    inspirations = [
        {"player": who, "value": v}
        for s in conflict.sides
        if (who := _recipient(state, conflict, s))
        for v in s.dice
    ]
    return [
        event(
            "deadlocked",
            player=actor,
            conflict=conflict.id,
            title=conflict.text,
            text=cmd.text,
            returned=stakes_back(conflict.sides, 2),
            inspirations=inspirations,
            # no side resolves a Deadlock, so a Goal's side did not: they fail (src 123)
            failed=_goal_failures(conflict),
        )
    ]


def _settle_card(state: CapesState, data: ev.Resolved | ev.Deadlocked) -> CapesState:
    state = debt_back(state, data.returned)
    tokens = dict(state.tokens)
    won = data.tokens if isinstance(data, ev.Resolved) else ()
    for player in won:
        tokens[player] = tokens.get(player, 0) + 1
    inspirations = dict(state.inspirations)
    for item in data.inspirations:
        got = Inspiration(value=item.value, source=data.title)
        inspirations[item.player] = (*inspirations.get(item.player, ()), got)
    narration = state.narration
    if data.text:
        said = Said(
            player=str(data.player), about="resolution", text=str(data.text), conflict=str(data.conflict)
        )
        narration = (*narration, said)
    state = state.model_copy(
        update={
            "tokens": tokens,
            "inspirations": inspirations,
            "narration": narration,
            "conflicts": tuple(c for c in state.conflicts if c.id != data.conflict),
        }
    )
    assert state.scene is not None
    failed = data.failed  # a Deadlock's only when its event records them (older logs' do not)
    state = with_scene(state, failed_goals=(*state.scene.failed_goals, *failed))
    page = state.scene.page if state.scene else None
    if page is not None:
        state = with_page(
            state,
            claims=tuple(c for c in page.claims if c.conflict != data.conflict),
            resolved=(*page.resolved, str(data.conflict)),
        )
    return state


def _gloated(state: CapesState, data: ev.Gloated) -> CapesState:
    conflict = state.conflict(str(data.conflict))
    assert conflict is not None and state.scene is not None and state.scene.page is not None
    turned = {int(i) - 1 for i in data.turned}
    sides = tuple(
        s.model_copy(update={"dice": tuple(1 if i in turned else v for i, v in enumerate(s.dice))})
        if s.id == data.side
        else s
        for s in conflict.sides
    )
    conflict = conflict.model_copy(update={"sides": sides})
    player = str(data.player)
    narration = state.narration
    if data.text:  # CAPES-GLOAT-003: the player's gloating narration is recorded
        narration = (
            *narration,
            Said(player=player, about="gloat", text=str(data.text), conflict=conflict.id),
        )
    state = state.model_copy(
        update={
            "conflicts": tuple(conflict if c.id == conflict.id else c for c in state.conflicts),
            "tokens": {**state.tokens, player: state.tokens.get(player, 0) + int(data.tokens)},
            "narration": narration,
        }
    )
    if data.finishers:  # And Then: the side the Gloat handed control to finishes it (CAPES-CONF-006)
        and_then = AndThen(conflict=conflict.id, by=player, finishers=tuple(data.finishers), lapses=True)
        state = state.model_copy(update={"and_then": and_then})
    page = state.scene.page if state.scene else None
    assert page is not None
    claims = tuple(
        c
        for c in page.claims
        if not (
            c.conflict == conflict.id and c.player == player and (c.side == data.side or not data.one_claim)
        )
    )
    if data.in_turn:
        return with_page(state, claims=claims, resolving_from=player)
    return with_page(state, claims=claims)


APPLIERS: dict[str, Callable[[CapesState, Any], CapesState]] = {
    "resolved": _settle_card,
    "deadlocked": _settle_card,
    "gloated": _gloated,
}
