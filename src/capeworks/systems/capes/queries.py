"""Pure questions about a Capes state: control, alliance, ownership, Debt.

Rule IDs: CAPES-PRIN-003 (clockwise order), CAPES-CONF-003 (control),
CAPES-CONF-004 (alliance), CAPES-DEBT-002 (Overdrawn), CAPES-DEBT-003 (owned
dice, PROPOSED), CAPES-SPLIT-002 (side capacity), CAPES-RES-009 (Deadlock test).
Nothing here changes state.
"""

from __future__ import annotations

from collections.abc import Iterator

from capeworks.engine.kit import order_from
from capeworks.systems.capes.config import CapesConfig
from capeworks.systems.capes.sheet import STACK, Ability
from capeworks.systems.capes.state import CapesState, CharacterState, Claim, Conflict, PagePhase, Side

__all__ = [
    "UNDIFFERENTIATED_LIMIT",
    "UNDIFFERENTIATED_STAKE",
    "adds_after_claim",
    "allied_side",
    "and_then_finishers",
    "can_react",
    "cast_of",
    "characters_on",
    "controlling_side",
    "deadlock_possible",
    "deadlocks_to_declare",
    "dice_on_table",
    "overdrawn_pools",
    "overdrawn_queue",
    "owned_dice",
    "player_allied",
    "player_of",
    "player_sides",
    "resolvable_claims",
    "side_capacity",
    "stake_on",
    "stake_room",
    "usable_abilities",
]

#: an undifferentiated character is Overdrawn above this much Debt (CAPES-CHAR-009)
UNDIFFERENTIATED_LIMIT = 5
#: and may stake at most this much on one Conflict (CAPES-STAKE-005)
UNDIFFERENTIATED_STAKE = 3


def player_of(state: CapesState, character: str) -> str | None:
    """Who plays ``character`` in this Scene."""
    return state.scene.cast.get(character) if state.scene else None


def cast_of(state: CapesState, player: str) -> list[str]:
    """The characters ``player`` plays in this Scene, in the order chosen."""
    if state.scene is None:
        return []
    return [c for c, p in state.scene.cast.items() if p == player]


def controlling_side(conflict: Conflict) -> Side | None:
    """The side with the strictly highest total, or None on a tie (CAPES-CONF-003)."""
    ranked = sorted(conflict.sides, key=lambda s: s.total, reverse=True)
    if len(ranked) > 1 and ranked[0].total == ranked[1].total:
        return None
    return ranked[0]


def allied_side(conflict: Conflict, character: str) -> str | None:
    """The side ``character`` last rolled to help (CAPES-CONF-004)."""
    alliance = conflict.alliances.get(character)
    return alliance.side if alliance else None


def player_allied(state: CapesState, conflict: Conflict, player: str, side: str) -> bool:
    """True when one of ``player``'s characters in the Scene is allied with ``side``."""
    return any(allied_side(conflict, c) == side for c in cast_of(state, player))


def and_then_finishers(state: CapesState, conflict: Conflict, narrator: str) -> list[str]:
    """Who must finish ``narrator``'s narration about ``conflict`` (CAPES-CONF-006): "the narration has
    to be finished by somebody on the controlling side" (src 113), so the players allied with that
    side when the narrator is not one of them; nobody on a tie, or when the narrator controls."""
    control = controlling_side(conflict)
    if control is None or player_allied(state, conflict, narrator, control.id):
        return []
    return [p for p in state.players if player_allied(state, conflict, p, control.id)]


def player_sides(state: CapesState, conflict: Conflict, player: str) -> set[str]:
    """The sides ``player`` has taken in ``conflict``: each of their characters' allied side
    (CAPES-CONF-004), or, for one who never rolled on it, the side it staked on (only the option
    ``uninvolved_may_claim`` lets it stake there, CAPES-PAGE-007 PROPOSED). A player who has taken none is
    uninvolved: a stake is a hand in the Conflict as much as a roll is."""
    sides: set[str] = set()
    for character in cast_of(state, player):
        allied = allied_side(conflict, character)
        if allied is not None:
            sides.add(allied)
        else:
            sides.update(s.id for s in conflict.sides if any(st.character == character for st in s.stakes))
    return sides


def characters_on(conflict: Conflict, side: str) -> list[str]:
    """Characters on a side: those allied with it (CAPES-CONF-004). One who allied with another side "is
    no longer Allied to your original side" (src 110), though its stake stays there (PROPOSED): the stake
    is settled with that side, but the character wins or loses with its new one (src 131)."""
    return [c for c, a in conflict.alliances.items() if a.side == side]


def stake_on(conflict: Conflict, character: str) -> tuple[str | None, int]:
    """The pool ``character`` staked from on this Conflict, and how much in all (CAPES-STAKE-002)."""
    pool: str | None = None
    total = 0
    for side in conflict.sides:
        for st in side.stakes:
            if st.character == character:
                pool = st.pool
                total += st.amount
    return pool, total


def _limit(char: CharacterState, pool: str) -> int:
    if pool == STACK:
        return UNDIFFERENTIATED_STAKE
    return char.sheet.strength(pool)


def stake_room(state: CapesState, conflict: Conflict, character: str) -> int:
    """How much more Debt ``character`` could legally stake on ``conflict`` right now."""
    char = state.roster[character]
    pool, staked = stake_on(conflict, character)
    pools = [pool] if pool else list(char.sheet.pools())
    return max((min(char.debt.get(p, 0), _limit(char, p) - staked) for p in pools), default=0)


def side_capacity(config: CapesConfig, side: Side) -> int:
    """How many dice a side may hold (CAPES-SPLIT-002; the free die is the PROPOSED reading)."""
    if side.original and config.split_free_die:
        return 1 + side.staked
    return max(1, side.staked)


def overdrawn_pools(char: CharacterState) -> list[str]:
    """Pools whose unstaked Debt exceeds their Strength (CAPES-DEBT-002, CAPES-CHAR-009)."""
    out = []
    for pool in char.sheet.pools():
        limit = UNDIFFERENTIATED_LIMIT if pool == STACK else char.sheet.strength(pool)
        if char.debt.get(pool, 0) > limit:
            out.append(pool)
    return out


def dice_on_table(state: CapesState) -> Iterator[tuple[Conflict, Side, int]]:
    """Every die on every side of every Conflict: (conflict, side, die number from 1). The menu's
    checks walk these to ask whether some die would be taken (a roll, a split, an Inspiration)."""
    for conflict in state.conflicts:
        for side in conflict.sides:
            for die in range(1, len(side.dice) + 1):
                yield conflict, side, die


def owned_dice(state: CapesState, character: str) -> list[tuple[str, str, int, int]]:
    """Dice on sides ``character`` is allied with: (conflict, side, die number from 1, value)."""
    out = []
    for conflict in state.conflicts:
        side_id = allied_side(conflict, character)
        side = conflict.side(side_id) if side_id else None
        if side is not None:
            out += [(conflict.id, side.id, i, v) for i, v in enumerate(side.dice, start=1)]
    return out


def overdrawn_queue(state: CapesState) -> list[tuple[str, str, str]]:
    """Overdrawn rolls still owed this Page: (player, character, pool), clockwise from the Starter."""
    scene = state.scene
    if scene is None or scene.page is None:
        return []
    out = []
    for player in order_from(state.players, scene.page.starter):
        for character in cast_of(state, player):
            if not owned_dice(state, character):
                continue
            for pool in overdrawn_pools(state.roster[character]):
                if f"{character}/{pool}" not in scene.page.overdrawn_done:
                    out.append((player, character, pool))
    return out


def usable_abilities(state: CapesState, character: str, *, at_least: int = 1) -> list[Ability]:
    """The character's abilities not Blocked this Scene and rated at least ``at_least``."""
    blocked = state.scene.blocked if state.scene else ()
    return [
        a
        for a in state.roster[character].sheet.abilities
        if a.rating >= at_least and f"{character}/{a.key}" not in blocked
    ]


def can_react(state: CapesState, player: str, value: int) -> bool:
    """True when ``player`` has a usable ability rated at least ``value`` (CAPES-REACT-001)."""
    return any(usable_abilities(state, c, at_least=value) for c in cast_of(state, player))


def resolvable_claims(state: CapesState, player: str) -> list[Claim]:
    """``player``'s claims whose side controls its Conflict now (CAPES-RES-001)."""
    scene = state.scene
    if scene is None or scene.page is None:
        return []
    out = []
    for claim in scene.page.claims:
        conflict = state.conflict(claim.conflict)
        if claim.player != player or conflict is None:
            continue
        side = controlling_side(conflict)
        if side is not None and side.id == claim.side:
            out.append(claim)
    return out


def deadlock_possible(state: CapesState, conflict: Conflict) -> bool:
    """Tied at the top, every die a 6, and nobody in the Scene can stake more (CAPES-RES-009)."""
    if controlling_side(conflict) is not None:
        return False
    if any(v != 6 for s in conflict.sides for v in s.dice):
        return False
    # only a character allied with a side can stake on it (CAPES-STAKE-001); with every die a 6
    # nobody can roll to become allied, so the others' Debt cannot untie it
    cast = state.scene.cast if state.scene else {}
    return all(stake_room(state, conflict, c) <= 0 for c in cast if allied_side(conflict, c) is not None)


def deadlocks_to_declare(state: CapesState, player: str) -> list[Conflict]:
    """The Deadlocked Conflicts ``player`` declares on their turn of the Resolving go-around (CAPES-RES-009).

    A Deadlock ends a tied Conflict at the Resolving (src 130-142: "After actions, once again in turn
    order, players look at the Conflicts they claimed"), so it is declared there, in turn
    (CAPES-PRIN-003): by the first player in the go-around who claimed a side of it, and one nobody
    claimed by the Starter, who opens the go-around. A Scene of an older log took a Deadlock from
    anybody at any time: nobody is due to declare one there.
    """
    scene = state.scene
    page = scene.page if scene is not None else None
    if scene is None or page is None or not scene.deadlocks_in_turn or page.phase is not PagePhase.RESOLVING:
        return []
    order = order_from(state.players, page.starter)
    out = []
    for conflict in state.conflicts:
        if not deadlock_possible(state, conflict):
            continue
        claimants = {c.player for c in page.claims if c.conflict == conflict.id}
        due = next((p for p in order if p in claimants), page.starter)
        if due == player:
            out.append(conflict)
    return out


def adds_after_claim(state: CapesState, actor: str) -> bool:
    """True when ``actor`` has just claimed and may still add Conflicts or characters: "before or
    after Claiming, you can introduce new Conflicts" (src 85-88, CAPES-PAGE-009, CAPES-SCENE-007),
    even though the claim has passed the turn on (and, for the last claimer, ended the claiming).
    """
    page = state.scene.page if state.scene else None
    return (
        page is not None
        and page.after_claim == actor
        and page.phase in (PagePhase.CLAIMS, PagePhase.NARRATION)
    )
