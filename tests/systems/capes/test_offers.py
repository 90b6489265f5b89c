"""What a Capes seat's menu offers in an Action: only moves the table would take with some choice.

``use_ability``, ``stake``, ``split``, ``split_off``, ``inspire`` and ``react`` leave fields for the
player to fill (which ability, die, Drive, amount ...). The menu offered them to every character of the
seat whose turn it was, so a player clicked into forms the table refused whatever was filled in: an
ability at a Page's first Action with no die in play, a stake with no Debt, a split of a lone 1, a
character whose free Action was spent. The menu now asks the handlers' own checks (``can_*`` over the
``check_*`` each handler runs). Each menu a test looks at is checked both ways by brute force through
the table: every such offer has some fill the table takes, and every such move not offered has none.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest

from capeworks.engine import Command, Table
from capeworks.errors import CapeworksError
from capeworks.systems.capes.characters import samples
from capeworks.systems.capes.sheet import Drive, slug
from capeworks.systems.capes.state import CapesState, Inspiration
from tests.systems.capes.helpers import RULESET, Sim, actions_game, cast_game
from tests.systems.offers_taken import refused_offers

#: the Action moves whose offers leave fields for the player to fill
FILLED = ("use_ability", "stake", "split", "split_off", "inspire", "react")
#: the seat's moves whose offers leave fields to fill: a Conflict, a character, a sample, an Exemplar,
#: a character of the player's own making
SEAT_FILLED = (
    "create_conflict",
    "choose",
    "add_sample",
    "add_exemplar",
    "create_character",
    "create_click_and_lock",
)
#: a freeform sheet and a Click-and-Lock one the building rules take (CAPES-CHAR-005, CAPES-CHAR-015)
FREEFORM = {"powers": "Bugs,Silk,Swarm", "attitudes": "a,b,c", "styles": "d,e,f"}
CLICK_AND_LOCK = {"module": "detective", "persona": "caregiver", "cross_out": "Marksmanship,Brave,Chatty"}


def _fills(state: CapesState, seat: str, command: str, character: str) -> Iterator[dict[str, Any]]:
    """Every payload a player could give ``command`` that matters to the rules, by brute force."""
    sheet = state.roster[character].sheet
    pools = [*sheet.pools(), ""]
    held = sorted({i.value for i in state.inspirations.get(seat, ())})
    places = [(c, s, d) for c in state.conflicts for s in c.sides for d in range(1, len(s.dice) + 1)]
    base = {"character": character}
    if command in ("use_ability", "react"):
        for a, drive in itertools.product(sheet.abilities, pools):
            if command == "use_ability":
                for v in held:
                    yield {**base, "ability": a.name, "drive": drive, "inspiration": v}
                for c, s, d in places:
                    for h in c.sides:
                        place = {"conflict": c.id, "side": s.id, "die": d, "help": h.id}
                        yield {**base, "ability": a.name, "drive": drive, **place}
            else:
                for c in state.conflicts:
                    for h in c.sides:
                        yield {**base, "ability": a.name, "drive": drive, "help": h.id}
    elif command == "stake":
        for c, drive in itertools.product(state.conflicts, pools):
            for side in ("", *(s.id for s in c.sides)):
                yield {**base, "conflict": c.id, "drive": drive, "amount": 1, "side": side}
    elif command == "split":
        for (c, s, d), parts in itertools.product(places, range(2, 7)):
            yield {**base, "conflict": c.id, "side": s.id, "die": d, "parts": parts}
    elif command == "split_off":
        for c in state.conflicts:
            for s in c.sides:
                for n in range(1, len(s.dice) + 1):
                    for moved in set(itertools.combinations(s.dice, n)):
                        yield {
                            **base,
                            "conflict": c.id,
                            "side": s.id,
                            "label": "x",
                            "dice": ",".join(map(str, moved)),
                        }
    elif command == "inspire":
        for v, (c, s, d) in itertools.product(held, places):
            yield {**base, "value": v, "conflict": c.id, "side": s.id, "die": d}


def _taken(table: Table, seat: str, command: str, payload: dict[str, Any]) -> bool:
    try:
        table.prepare(Command(type=command, seat=seat, payload=payload), dice=None)
    except CapeworksError:
        return False
    return True


def _seat_fills(state: CapesState, seat: str, command: str) -> Iterator[dict[str, Any]]:
    """Every payload of a seat's ``create_conflict`` or ``choose`` that matters to the rules."""
    if command == "choose":
        yield from ({"character": key} for key in state.roster)
        return
    if command == "add_sample":
        yield from ({"name": sheet.name} for sheet in samples().values())
        return
    if command in ("create_character", "create_click_and_lock"):
        fields = FREEFORM if command == "create_character" else CLICK_AND_LOCK
        fresh = next(n for n in (f"Newcomer {i}" for i in itertools.count()) if slug(n) not in state.roster)
        yield {"name": fresh, **fields}
        for char in state.roster.values():  # an old character remade
            yield {"name": char.sheet.name, **fields, "replace": True}
        return
    if command == "add_exemplar":
        shared = [(key, e.character) for key, c in state.roster.items() for e in c.sheet.exemplars]
        for key, drive, (other, name) in itertools.product(state.roster, Drive, [("", "Someone"), *shared]):
            yield {"character": key, "exemplar": name, "drive": drive.value, "shared_with": other}
        return
    cast = state.scene.cast if state.scene else {}
    for character in ("", *(c for c, p in cast.items() if p == seat)):
        yield {"text": "x", "character": character}
        yield {"text": "x", "character": character, "free": "non_person"}
        for other in cast:
            yield {"text": "x", "character": character, "free": "exemplar", "exemplar": other}


def mismatches(table: Table) -> list[str]:
    """Each filled move whose offer disagrees with the table: offered though no fill is taken, or not
    offered though some fill is."""
    state = table.state
    assert isinstance(state, CapesState)
    out = refused_offers(table)  # offers whose fixed fields make a whole command
    for seat in table.seats:
        legal = table.legal_commands(seat.id)
        for gloat in (c for c in legal if c.command == "gloat"):  # how many dice to turn is chosen
            if not any(_taken(table, seat.id, "gloat", {**gloat.fixed, "count": n}) for n in range(8)):
                out.append(f"{seat.id} gloat {gloat.fixed}: refused")
        offered = {(c.command, str(c.fixed.get("character", ""))) for c in legal}
        for command in SEAT_FILLED:
            takes = any(_taken(table, seat.id, command, p) for p in _seat_fills(state, seat.id, command))
            if takes != (command in {c.command for c in legal}):
                out.append(f"{seat.id} {command}: {'taken' if takes else 'refused'}")
        for character, player in state.scene.cast.items() if state.scene else ():
            if player != seat.id:
                continue
            for command in FILLED:
                takes = any(
                    _taken(table, seat.id, command, p) for p in _fills(state, seat.id, command, character)
                )
                if takes != ((command, character) in offered):
                    out.append(f"{seat.id} {command} {character}: {'taken' if takes else 'refused'}")
    return out


def offered(sim: Sim, seat: str) -> set[tuple[str, str]]:
    """The filled Action moves on ``seat``'s menu, (command, character), after checking every seat's."""
    assert mismatches(sim.table) == []
    return {(c.command, str(c.fixed.get("character", ""))) for c in sim.legal(seat) if c.command in FILLED}


@pytest.mark.rules("CAPES-ABIL-002", "CAPES-ACT-001")
def test_no_ability_is_offered_with_no_die_in_play_and_no_inspiration() -> None:
    # Page 1, Ann's free Action, no Conflict on the table: Skitter has no die to roll (src: an ability
    # re-rolls one die no higher than its rating) and no Inspiration to raise; she creates a Conflict
    sim = actions_game()
    assert offered(sim, "ann") == set()
    assert "create_conflict" in {c.command for c in sim.legal("ann")}
    sim.refuse("ann", "use_ability", ability="Bug Control", drive="truth", rule="CAPES-ABIL-002")
    sim.do("ann", "create_conflict", text="The swarm rises")
    assert offered(sim, "ann") == set()  # the core step is done and nothing is staked or held
    sim.do("ann", "end_action")
    assert ("use_ability", "aunt_sylvie") in offered(sim, "bea")  # a die of 1 on each side now


@pytest.mark.rules("CAPES-ABIL-002")
def test_an_ability_is_offered_only_where_its_rating_reaches_a_die() -> None:
    # every die shows 6; none of Skitter's abilities is rated 6, so none rolls any die
    sim = actions_game()
    sim.put_conflict("c1", a=(6,), b=(6,))
    assert ("use_ability", "skitter") not in offered(sim, "ann")
    sim.patch(inspirations={"ann": (Inspiration(value=2, source="c0"),)})  # an Inspiration to raise
    assert ("use_ability", "skitter") in offered(sim, "ann")


@pytest.mark.rules("CAPES-STAKE-001", "CAPES-STAKE-002")
def test_a_stake_is_offered_only_with_debt_to_stake_on_an_allied_side() -> None:
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "A"})
    assert ("stake", "skitter") not in offered(sim, "ann")  # no Debt on any Drive
    pool = sim.state.roster["skitter"].sheet.pools()[0]
    sim.set_debt("skitter", pool, 2)
    assert ("stake", "skitter") in offered(sim, "ann")
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"aunt_sylvie": "A"})  # Skitter allied with no side
    assert ("stake", "skitter") not in offered(sim, "ann")


@pytest.mark.rules("CAPES-SPLIT-001", "CAPES-SPLIT-002", "CAPES-SPLIT-003", "CAPES-SPLIT-005")
def test_splits_are_offered_only_where_a_die_can_be_split_or_a_side_split_off() -> None:
    sim = actions_game()
    pool = sim.state.roster["skitter"].sheet.pools()[0]
    # a lone 1 cannot split into dice of at least 1; with nothing staked there is no room for a second die
    sim.put_conflict("c1", a=(1,), b=(5,), allies={"skitter": "A"})
    assert offered(sim, "ann") & {("split", "skitter"), ("split_off", "skitter")} == set()
    sim.put_conflict("c1", a=(4,), b=(5,), allies={"skitter": "A"})
    assert ("split", "skitter") not in offered(sim, "ann")  # room for one die only
    sim.put_conflict("c1", a=(4, 2), b=(5,), allies={"skitter": "A"}, stakes={"A": [("skitter", pool, 2)]})
    assert {("split", "skitter"), ("split_off", "skitter")} <= offered(sim, "ann")


@pytest.mark.rules("CAPES-ACT-003")
def test_an_inspiration_is_offered_only_where_it_raises_a_die_on_your_side() -> None:
    sim = actions_game()
    sim.put_conflict("c1", a=(4,), b=(1,), allies={"skitter": "A"})
    sim.patch(inspirations={"ann": (Inspiration(value=3, source="c0"),)})
    assert ("inspire", "skitter") not in offered(sim, "ann")  # 3 would not raise Skitter's 4
    sim.patch(inspirations={"ann": (Inspiration(value=5, source="c0"),)})
    assert ("inspire", "skitter") in offered(sim, "ann")


@pytest.mark.rules("CAPES-PAGE-012")
def test_a_character_whose_free_action_is_spent_is_not_offered_another() -> None:
    # Ann plays two characters: each has one free Action this Page; after Skitter's, only the other's
    sim = actions_game()
    sim.patch(scene=sim.state.scene.model_copy(update={"cast": {**sim.state.scene.cast, "rampart": "ann"}}))  # type: ignore[union-attr]
    sim.put_conflict("c1", a=(2,), b=(2,))
    assert {c for _, c in offered(sim, "ann")} == {"skitter", "rampart"}
    sim.do("ann", "create_conflict", text="The swarm rises", character="skitter")
    sim.do("ann", "end_action")
    assert {c for _, c in offered(sim, "ann")} == {"rampart"}
    sim.refuse("ann", "use_ability", character="skitter", ability="Bug Control", conflict="c1", side="A",
               rule="CAPES-PAGE-012")  # fmt: skip


def test_the_sample_sessions_action_menus_offer_only_what_the_table_takes() -> None:
    session = RULESET.sample_session()
    table = Table.new(RULESET, config=session.config, seats=session.seats, seed=7)
    out: list[str] = []
    for step in (*session.steps, None):
        out += mismatches(table)
        if step is not None:
            table.execute(step.command, dice=step.dice)
    assert out == []


@pytest.mark.rules("CAPES-PAGE-009", "CAPES-RSRC-001", "CAPES-CHAR-012")
def test_adding_a_conflict_at_page_start_is_offered_only_to_one_who_can_pay_or_play_a_free_one() -> None:
    # Page start: adding a Conflict costs a Story Token (or is an unplayed Free Conflict: Skitter and her
    # Exemplar Aunt Sylvie both in the Scene); Ann has no token
    sim = cast_game()
    assert sim.state.tokens.get("ann", 0) == 0
    assert "create_conflict" in {c.command for c in sim.legal("ann")}  # the Exemplar Free Conflict
    sim.do(
        "ann", "create_conflict", text="Aunt Sylvie asks questions", free="exemplar", exemplar="aunt_sylvie"
    )
    assert mismatches(sim.table) == []
    assert "create_conflict" not in {c.command for c in sim.legal("ann")}  # played; no token to pay
    sim.refuse("ann", "create_conflict", text="More trouble", rule="CAPES-RSRC-001")
    sim.patch(tokens={"ann": 1})
    assert "create_conflict" in {c.command for c in sim.legal("ann")}
    assert mismatches(sim.table) == []


@pytest.mark.rules("CAPES-CHAR-011")
def test_an_exemplar_is_offered_only_with_a_character_in_the_roster_to_give_it_to() -> None:
    # a new table: nobody in the roster yet, so no character to give an Exemplar; every sample may come in
    sim = Sim()
    assert {"add_sample", "create_character"} <= {c.command for c in sim.legal("ann")}
    assert "add_exemplar" not in {c.command for c in sim.legal("ann")}
    assert mismatches(sim.table) == []
    sim.do("ann", "add_sample", name="Rampart")
    assert "add_exemplar" in {c.command for c in sim.legal("ann")}
    for sheet in samples().values():
        if sheet.key != "rampart":
            sim.do("ann", "add_sample", name=sheet.name)
    assert "add_sample" not in {c.command for c in sim.legal("ann")}  # every sample is in the roster
    assert mismatches(sim.table) == []


@pytest.mark.rules("CAPES-SCENE-006", "CAPES-CHAR-002", "CAPES-CHAR-011")
def test_new_characters_are_offered_mid_scene_as_the_table_takes_them() -> None:
    # src 58: "You can all create and introduce new characters on the spot". In Ann's free Action the
    # menus offered no roster move, though the table takes a sample, a freeform and a Click-and-Lock
    # character; an Exemplar or a remade sheet waits for the Scene's end (src 215, CAPES-CHAR-002)
    sim = actions_game()
    roster = {"add_sample", "create_character", "create_click_and_lock"}
    for seat in ("ann", "bea", "cal"):  # whose turn it is or not
        menu = {c.command for c in sim.legal(seat)}
        assert roster <= menu and "add_exemplar" not in menu
    assert mismatches(sim.table) == []
    sim.do("bea", "create_character", name="Newcomer", **FREEFORM)
    sim.do("cal", "create_click_and_lock", name="Vale", **CLICK_AND_LOCK)
    sim.refuse(
        "ann", "add_exemplar", character="Rampart", exemplar="Someone", drive="truth", rule="CAPES-CHAR-002"
    )
    sim.refuse("ann", "create_character", name="Skitter", **FREEFORM, replace=True, rule="CAPES-CHAR-002")
    for sheet in samples().values():
        if sheet.key not in sim.state.roster:
            sim.do("ann", "add_sample", name=sheet.name)
    assert "add_sample" not in {c.command for c in sim.legal("ann")}  # every sample is in the roster
    assert {"create_character", "create_click_and_lock"} <= {c.command for c in sim.legal("ann")}
    assert mismatches(sim.table) == []


@pytest.mark.rules("CAPES-PAGE-007", "CAPES-STAKE-001")
def test_an_uninvolved_player_stakes_on_a_side_they_name_under_uninvolved_may_claim() -> None:
    # the inventory's OPEN note on CAPES-PAGE-007: "the designer has said ... that uninvolved players
    # may stake on or claim any side"; PROPOSED: the option uninvolved_may_claim implements it. Aunt
    # Sylvie and Rampart have rolled on c1, Skitter has not (none of Ann's characters is allied there)
    for option in (False, True):
        sim = actions_game(uninvolved_may_claim=option)
        sim.put_conflict("c1", a=(3,), b=(4,), allies={"aunt_sylvie": "A", "rampart": "B"})
        pool = sim.state.roster["skitter"].sheet.pools()[0]
        sim.set_debt("skitter", pool, 2)
        assert (("stake", "skitter") in offered(sim, "ann")) is option
        if not option:  # the text: only on the side Skitter is allied with, and she is allied with none
            sim.refuse("ann", "stake", conflict="c1", side="B", drive=pool, rule="CAPES-STAKE-001")
            continue
        sim.refuse("ann", "stake", conflict="c1", drive=pool, rule="CAPES-STAKE-001", match="which side")
        sim.do("ann", "stake", conflict="c1", side="B", drive=pool, amount=1)
        assert [(st.character, st.amount) for st in sim.side("c1", "B").stakes] == [("skitter", 1)]
        assert sim.debt("skitter", pool) == 1  # 2 - 1 staked
        # her stake is on B now: more goes there, not on the other side (one stake per Conflict)
        sim.refuse("ann", "stake", conflict="c1", side="A", drive=pool, rule="CAPES-STAKE-001")
        sim.do("ann", "stake", conflict="c1", drive=pool, amount=1)
        assert [(st.character, st.amount) for st in sim.side("c1", "B").stakes] == [("skitter", 2)]
        assert sim.debt("skitter", pool) == 0
        assert mismatches(sim.table) == []
