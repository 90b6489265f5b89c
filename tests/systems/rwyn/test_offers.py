"""What Roll When You Need offers each seat: its own characters (the GM every one), those still in the scene.

The offers find each seat's characters once per state (a table asks every offer for every
seat at every version); these tests hold them to the filter written out plainly, at every
version of the sample, of a session where a character is taken out and Wealth is lost,
and of the long evening, asking the seats in turn about two states at once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from capeworks.engine import Seat, Table
from capeworks.systems.rwyn.sheet import Character, Standing
from capeworks.systems.rwyn.state import RwynState
from tests.engine.fanout_sessions import rwyn_evening, sessions
from tests.systems.offers_taken import refused_offers
from tests.systems.rwyn.helpers import RULESET, do, table

#: command -> (acting: only characters still in and not waiting on an overflow, players: a player's
#: own move, never the GM's); None: never offered
FILTERS: dict[str, tuple[bool, bool] | None] = {
    "ask_check": (True, True),
    "buy": (True, True),
    "favour": (True, True),
    "sacrifice": None,
    "reroll": None,
    "effects": None,
    "critical": None,
    "consequence": None,
    "complications": None,
    "mixed": None,
    "quantity": None,
    "outcome": None,
}


#: purchases, offered only for a character with the resource they spend (RWYN-ABIL-003)
SPENDS = {"buy": "Wealth", "favour": "Reputation"}


#: the GM's commands about a character: offered (with nothing fixed) while one of the seat's
#: characters fits, since with none the command is refused (referee9)
GM_FITS: dict[str, Callable[[Character], bool]] = {
    "set_ability": lambda c: True,
    "add_quality": lambda c: True,
    "add_talent": lambda c: True,
    "award_xp": lambda c: True,
    "call_check": lambda c: c.standing is Standing.IN,
    "enemy_move": lambda c: c.standing is Standing.IN,
    "stress": lambda c: c.standing is Standing.IN and c.overflow is None,
    "recover": lambda c: bool(c.consequences),
}


def plainly(name: str, state: RwynState, seat: Seat) -> list[dict[str, Any]]:
    """The offer of ``name`` to ``seat``, walking every character."""
    mine = [c for c in state.characters.values() if seat.is_gm or c.owner == seat.id]
    if name in GM_FITS:
        return [{}] if any(GM_FITS[name](c) for c in mine) else []
    if name == "withdraw_call":
        # the GM: any open call; a player: each of their own asks still waiting (referee12)
        if seat.is_gm:
            return [{}] if state.calls else []
        return [{"call": k} for k, v in state.calls.items() if v.difficulty is None and v.owner == seat.id]
    if name in ("end_scene", "end_session"):
        # refused while a check waits or a full track waits for its answer (referee9)
        waits = state.checks or any(c.overflow is not None for c in state.characters.values())
        return [] if waits else [{}]
    if name == "buy_back":
        # each resource lost, while the XP pays for one point of it (RWYN-ABIL-009)
        price = state.config.buyback_xp_per_point
        return [
            {"character": c.id, "resource": r} for c in mine for r, n in c.lost.items() if n and c.xp >= price
        ]
    if name in ("check", "defend"):
        # named outright only by players who set their own difficulties; the GM rolls no dice
        if not state.config.players_set_difficulty:
            return []
        filters: tuple[bool, bool] | None = (True, True)
    else:
        filters = FILTERS[name]
    if filters is None:
        return []
    acting, players = filters
    if players and seat.is_gm:
        return []
    still_in = [c for c in mine if c.standing is Standing.IN and c.overflow is None]
    if name in SPENDS:  # a character rated 0 has nothing to spend (referee11)
        still_in = [c for c in still_in if c.rating(SPENDS[name]) >= 1]
    return [{"character": c.id} for c in (still_in if acting else mine)]


def _out_and_broke() -> Iterator[Table]:
    """Ada loses Wealth on a purchase; Rook is taken out; every version in turn."""
    d = table(gm_sets_difficulty=True)
    yield d.table
    do(d, "gm", "add_character", id="ada", sample="ada", owner="ann")
    yield d.table
    do(d, "bo", "add_character", id="rook", sample="rook")
    yield d.table
    # Wealth 4, cost 5: [5 3 2 2] + disaster 6, and ann keeps the disaster: Wealth lost
    do(d, "ann", "buy", character="ada", cost=5, item="a private airship", dice=(5, 3, 2, 2, 6))
    yield d.table
    do(d, "ann", "reroll", check=1, use=False)
    yield d.table  # Wealth lost, but no XP to buy it back with: nothing to click
    do(d, "gm", "award_xp", character="ada", amount=5)
    yield d.table  # now the XP pays: buy back Wealth is offered
    do(d, "gm", "stress", character="rook", track="physical", amount=12)  # overflows: waiting on bo
    yield d.table
    do(d, "bo", "consequence", character="rook", choice="taken_out")
    yield d.table


def _played(name: str) -> Iterator[Table]:
    if name == "out and broke":
        yield from _out_and_broke()
        return
    session = rwyn_evening(players=4, events=120) if name == "rwyn evening" else sessions()[name]()
    yield from session.play(session.new())


@pytest.mark.rules("RWYN-ABIL-009", "RWYN-STRESS-002", "RWYN-STRESS-003")
@pytest.mark.parametrize("name", ["rwyn sample", "out and broke", "rwyn evening"])
def test_offers__each_seat_its_own_characters_still_in_at_every_version(name: str) -> None:
    previous: RwynState | None = None
    seen = {"lost": 0, "not acting": 0, "bought back offered": 0}
    for t in _played(name):
        state = t.state
        assert isinstance(state, RwynState)
        seen["lost"] += any(any(c.lost.values()) for c in state.characters.values())
        assert refused_offers(t) == []  # one click, taken: Ada's buy back waits for her XP
        seen["bought back offered"] += any(RULESET.commands["buy_back"].offer(state, s) for s in t.seats)  # type: ignore[misc]
        seen["not acting"] += any(
            c.standing is not Standing.IN or c.overflow is not None for c in state.characters.values()
        )
        # seats in turn, each about this state and then the last one, as two tables' feeds might
        for seat in t.seats:
            for asked in (state, previous):
                if asked is None:
                    continue
                for command, spec in RULESET.commands.items():
                    if spec.offer is not None:
                        assert spec.offer(asked, seat) == plainly(command, asked, seat), (command, seat.id)
        previous = state
    if name == "out and broke":
        # the filters were put to work: Ada lost Wealth (buy back offered), Rook waited and then left
        assert seen["lost"] >= 3 and seen["not acting"] >= 2
        assert seen["bought back offered"] >= 3
