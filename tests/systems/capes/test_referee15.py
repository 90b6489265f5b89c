"""A fifteenth referee's pass over Capes: whole Pages of three players, read by every seat.

First the words: a Conflict card is named by what it is about ("c1 (The gala's lights fail)"), never
by its bare label, in every seat's log, prompt and menu. Then situations a table meets in one Page:
Conflicts made and vetoed (src 116-118), Claims free and bought (src 78-89), Stakes and Splits (src
168-179), the resolution settling Debt, Story Tokens and Inspirations (src 131-141), and the words
each seat reads, with the numbers.

Written from the seed alone ("src N" = line N of seeds/004_209cadad08ad98a0.txt), played through the
table with given dice. Sample sheets as in test_referee.py: Skitter (Ann), Aunt Sylvie (Bea), Rampart
(Cal); Ann starts Page 1. Skitter's Swarm Sense 1, Bug Control 2, Silk Lines 3, Swarm Armour 4
(super), Ruthless 5 (mundane); Drives truth 3, justice 2, love 2, hope 1, duty 1. Rampart's Super
Strength 1, Invulnerability 2, Great Leap 3 (super), Hopeful 5 (mundane); Drives duty 3, hope 2,
justice 2, love 1, truth 1. Aunt Sylvie's abilities are all mundane, Worried 1 to Nosy 3.
"""

from __future__ import annotations

import re

import pytest

from tests.systems.capes.helpers import Sim, cast_game, finish_actions, pass_claims
from tests.systems.capes.test_referee13 import _no_ids, _react_round

SEATS = ("ann", "bea", "cal")

#: a card's label ("c1"); where a line mentions one, it names it by its words the first time
_LABEL = re.compile(r"\bc\d+\b")


def _read(sim: Sim) -> list[str]:
    """Everything the three seats read now: their log, their prompts' questions and options, and the
    labels of the moves their menus offer."""
    out: list[str] = []
    for seat in SEATS:
        out += sim.words(seat)
        for prompt in sim.prompts(seat):
            out += [prompt.question, *(o.label for o in prompt.options)]
        out += [m.label for m in sim.legal(seat)]
    return out


def _cards_named(lines: list[str]) -> None:
    """Every line that mentions a card names what it is about at its first mention: "c1 (…)" (or, as it
    is made, "c1: …")."""
    bare = [w for w in lines if (m := _LABEL.search(w)) and not w[m.end() :].startswith((" (", ":"))]
    assert not bare, f"a card by its bare label: {bare}"
    _no_ids(lines)


# -- a card read by what it is about, never by its bare label --------------------------------------


@pytest.mark.rules(
    "CAPES-EG-002", "CAPES-PAGE-004", "CAPES-STAKE-003", "CAPES-SPLIT-001", "CAPES-REACT-003", "CAPES-RES-001"
)
def test_words__every_seat_reads_each_card_by_what_it_is_about() -> None:
    # Page 1 (Starter Ann): Ann declares the Event c1; Bea declares c2, which Cal vetoes (src 118);
    # Rampart rolls c1 B 1 -> 3 (Great Leap 3, +1 duty)
    # and stakes 1 duty, which Ann objects to (src 152). Page 2 (Starter Bea): Cal claims B;
    # Sylvie's roll is turned back; Rampart stakes 1 duty and splits B's 3 into 2, 1 (src 178); B (3)
    # controls A (1), and the Resolving offers Cal "resolve c1".
    # At each of these the log, the prompts (veto, react, object, resolve) and the menus (claim, gloat)
    # name c1 as "c1 (The gala's lights fail)": a person never reads a bare "c1".
    sim = cast_game()
    pass_claims(sim)
    sim.do("ann", "begin_actions")
    sim.do("ann", "create_conflict", kind="event", text="The gala's lights fail")
    _cards_named(_read(sim))
    sim.do("ann", "end_action")
    sim.do("bea", "create_conflict", kind="event", text="Sylvie faints")
    sim.do("cal", "veto", conflict="c2")
    sim.do("bea", "end_action")
    for seat in SEATS:
        assert "Cal vetoes c2 (Sylvie faints)." in sim.words(seat)
    sim.do("cal", "use_ability", dice=(3,), ability="Great Leap", conflict="c1", side="B", drive="duty")
    sim.do("cal", "accept")
    _cards_named(_read(sim))  # the react prompt names the die's card
    _react_round(sim, {})
    sim.do("cal", "stake", conflict="c1", amount=1, drive="duty", why="Only he can keep order")
    assert sim.prompt("ann", "object_stake").question.startswith(
        "Object to Cal's stake of 1 Debt from Rampart's duty on c1 (The gala's lights fail)?"
    )
    _cards_named(_read(sim))
    sim.do("ann", "object", conflict="c1", reason="Not his duty")
    sim.do("cal", "end_action")
    while sim.phase() == "actions":
        sim.do(sim.state.scene.page.turn, "pass")  # type: ignore[union-attr]
    # Page 2: Sylvie never rolled on c1 in Page 1 here, so Bea passes; Cal claims B (src 83)
    _cards_named(_read(sim))  # the claim menu
    sim.do("bea", "pass")
    sim.do("cal", "claim", conflict="c1", side="B")
    sim.do("ann", "pass")
    sim.do("bea", "begin_actions")
    sim.do("bea", "use_ability", dice=(4,), ability="Worried", conflict="c1", side="A")
    sim.do("bea", "revert")  # src 188: turned back, A stays 1; no Reactions (src 199)
    sim.do("bea", "end_action")
    sim.do("cal", "stake", conflict="c1", amount=1, drive="duty", why="He alone can hold the crowd")
    sim.do("cal", "split", conflict="c1", side="B", die=1, parts=2)
    sim.do("cal", "end_action")
    sim.do("ann", "create_conflict", kind="event", text="The press arrives")
    sim.do("ann", "end_action")
    while sim.phase() == "actions":
        sim.do(sim.state.scene.page.turn, "pass")  # type: ignore[union-attr]
    assert sim.phase() == "resolving"
    lines = _read(sim)  # Cal's resolve option and gloat move
    assert "resolve c1 (The gala's lights fail)" in lines and "gloat on c1 (The gala's lights fail)" in lines
    _cards_named(lines)
    for seat in SEATS:
        words = sim.words(seat)
        assert "Cal claims side B of c1 (The gala's lights fail)." in words
        assert "Side B of c1 (The gala's lights fail): a 3 splits into 2, 1." in words


# -- one busy Page of three players (Page 1, Starter Ann) ---------------------------------------------
#
# The cards as earlier Pages left them (made before this Page, so claimable, src 89):
#   c1 Event "The vault door holds": A [4] Skitter's, B [2] Rampart's (Skitter made it);
#   c2 Goal "Sylvie finds the costume", for Aunt Sylvie: A [3] Sylvie's (its aim), B [5] Skitter's.
# Skitter holds 2 truth, Rampart 2 duty; Bea holds 1 Story Token (won earlier), the others none.

VAULT, COSTUME = "c1 (The vault door holds)", "c2 (Sylvie finds the costume)"


def _busy() -> Sim:
    sim = cast_game()
    sim.put_conflict(
        "c1", a=(4,), b=(2,), allies={"skitter": "A", "rampart": "B"}, text="The vault door holds"
    )
    sim.put_conflict(
        "c2",
        kind="goal",
        a=(3,),
        b=(5,),
        allies={"aunt_sylvie": "A", "skitter": "B"},
        text="Sylvie finds the costume",
        creator="aunt_sylvie",
        creator_player="bea",
    )
    sim.set_debt("skitter", "truth", 2)
    sim.set_debt("rampart", "duty", 2)
    sim.patch(tokens={"bea": 1})
    return sim


def _busy_claims(sim: Sim) -> None:
    """Ann claims c1 A, Bea c2 A, Cal c1 B (free, clockwise from Ann); in the bought go-around only Bea,
    who holds a token, is asked, and passes."""
    sim.do("ann", "claim", conflict="c1", side="A")
    sim.do("bea", "claim", conflict="c2", side="A")
    sim.do("cal", "claim", conflict="c1", side="B")
    sim.do("bea", "pass")


def _ann_acts(sim: Sim) -> None:
    """Skitter stakes 2 truth on c1 A, splits the 4 into 2, 2 and rolls the second 2 with Silk Lines 3:
    5, kept (+1 truth); Cal reacts with Hopeful 5 on that 5, helping B: 1, kept; A = 2 + 1 = 3."""
    sim.do("ann", "begin_actions")
    sim.do("ann", "stake", conflict="c1", amount=2, drive="truth", why="The vault hides the mayor's lies")
    sim.do("ann", "split", conflict="c1", side="A", die=1, parts=2)
    sim.do(
        "ann", "use_ability", dice=(5,), ability="Silk Lines", conflict="c1", side="A", die=2, drive="truth"
    )
    sim.do("ann", "accept")
    _react_round(sim, {"cal": {"dice": (1,), "ability": "Hopeful", "help": "B"}})
    sim.do("ann", "end_action")


def _bea_acts(sim: Sim) -> None:
    """Sylvie rolls c2 A's 3 with Nosy 3: 6, kept (mundane: Blocked); nobody can roll a 6 again."""
    sim.do("bea", "use_ability", dice=(6,), ability="Nosy", conflict="c2", side="A")
    sim.do("bea", "accept")
    _react_round(sim, {})
    sim.do("bea", "end_action")


def _cal_acts(sim: Sim) -> None:
    """Rampart stakes 1 duty on c1 B, splits its 2 into 1, 1, rolls the second 1 with Super Strength 1:
    6, kept (+1 duty); B = 1 + 6 = 7."""
    sim.do("cal", "stake", conflict="c1", amount=1, drive="duty", why="Only he can keep the vault shut")
    sim.do("cal", "split", conflict="c1", side="B", die=1, parts=2)
    sim.do(
        "cal",
        "use_ability",
        dice=(6,),
        ability="Super Strength",
        conflict="c1",
        side="B",
        die=2,
        drive="duty",
    )
    sim.do("cal", "accept")
    _react_round(sim, {})
    sim.do("cal", "end_action")


def _to_resolving(sim: Sim) -> None:
    _busy_claims(sim)
    _ann_acts(sim)
    _bea_acts(sim)
    _cal_acts(sim)
    sim.do("bea", "pass")  # the bought Actions: Bea, the only one with a token, buys none


@pytest.mark.rules("CAPES-PAGE-004", "CAPES-PAGE-005", "CAPES-PAGE-006", "CAPES-PAGE-007", "CAPES-PRIN-004")
def test_busy_page__three_free_claims_then_only_the_player_with_a_token_is_asked_for_more() -> None:
    # src 78-79: one free Claim each, clockwise from the Starter (Ann, Bea, Cal); src 81: Cal may claim
    # c1 B though Ann holds c1 A; src 83: Cal may not claim c2 B (Skitter's, not his). src 82: after the
    # go-around a Claim costs a token: only Bea holds one, so the bought go-around asks her alone
    # (PROPOSED PAGE-005: the broke are skipped); Ann may not claim c2 B for nothing in it.
    sim = _busy()
    sim.do("ann", "claim", conflict="c1", side="A")
    sim.refuse("cal", "claim", conflict="c1", side="B")  # Bea's turn
    sim.do("bea", "claim", conflict="c2", side="A")
    sim.refuse("cal", "claim", conflict="c2", side="B")  # not allied
    sim.do("cal", "claim", conflict="c1", side="B")
    assert sim.state.scene.page.turn == "bea" and str(sim.state.scene.page.round) == "bought"  # type: ignore[union-attr]
    sim.refuse("ann", "claim", conflict="c2", side="B")  # not her turn, no token
    assert [o.label for o in sim.prompt("bea", "claim").options] == ["claim nothing (more)"]
    sim.do("bea", "pass")
    assert sim.phase() == "narration" and sim.state.tokens["bea"] == 1
    for seat in SEATS:
        words = sim.words(seat)
        assert f"Ann claims side A of {VAULT}." in words
        assert f"Bea claims side A of {COSTUME}." in words
        assert f"Cal claims side B of {VAULT}." in words


@pytest.mark.rules(
    "CAPES-STAKE-001", "CAPES-SPLIT-001", "CAPES-SPLIT-002", "CAPES-ABIL-001", "CAPES-REACT-001"
)
def test_busy_page__anns_stake_split_and_roll_then_cals_reaction_every_seat_reads_the_numbers() -> None:
    # src 168: 2 truth from Skitter's Drive onto c1 A (truth 2 -> 0); src 177 + PROPOSED SPLIT-002: 1 + 2
    # staked = up to 3 dice: the 4 splits into 2, 2 (src 178); Silk Lines 3 >= 2 rolls the second: 5,
    # kept, +1 truth (src 183); Cal's Hopeful 5 >= 5 reacts (src 197) helping B: 1, kept (mundane:
    # Blocked, src 186). A = 2 + 1 = 3 vs B = 2.
    sim = _busy()
    _busy_claims(sim)
    _ann_acts(sim)
    assert sim.side("c1", "A").dice == (2, 1) and sim.debt("skitter", "truth") == 1
    assert sim.side("c1", "A").stakes[0].amount == 2
    for seat in SEATS:
        words = sim.words(seat)
        assert (
            f'Skitter stakes 2 Debt from truth on {VAULT} side A — "The vault hides the mayor\'s lies".'
            in words
        )
        assert f"Side A of {VAULT}: a 4 splits into 2, 2." in words
        assert (
            f"Skitter uses Silk Lines 3 on {VAULT} side A die 2, helping side A: 2 rolls 5"
            " (+1 Debt on truth); Skitter is now allied with c1 side A." in words
        )
        assert (
            f"Rampart reacts with Hopeful 5 on {VAULT} side A die 2, helping side B: 5 rolls 1"
            " (mundane: Blocked for the Scene); Rampart is now allied with c1 side B." in words
        )
    rows = {(r[0], r[2][0]): r for r in _panel_rows(sim, "bea", "Conflicts")}
    assert rows[(VAULT, "A")][3:7] == ["2 1", "3", "Skitter 2 truth", "Ann"]
    assert rows[(VAULT, "B")][3:7] == ["2", "2", "—", "Cal"]


def _panel_rows(sim: Sim, seat: str, title: str) -> list[list[str]]:
    (panel,) = [p for p in sim.view(seat)["panels"] if p["title"] == title]
    return [list(r) for r in panel["rows"]]


@pytest.mark.rules("CAPES-REACT-001", "CAPES-SPLIT-002", "CAPES-CONF-003", "CAPES-PAGE-013", "CAPES-RES-001")
def test_busy_page__bea_rolls_a_six_cal_takes_control_and_only_bea_is_asked_to_buy_an_action() -> None:
    # src 188: Nosy 3 rolls c2 A's 3: 6, kept; src 197: a Reaction needs a rating >= 6 and nobody has
    # one, so nobody is asked. Cal: 1 duty staked on c1 B (2 -> 1), B's 2 splits into 1, 1, Super
    # Strength 1 rolls the second 1: 6, kept (+1 duty -> 2). c1: B 1 + 6 = 7 controls A 2 + 1 = 3 (src
    # 106). src 94: after the free Actions, tokens buy more, clockwise from the Starter: only Bea holds
    # one, so only she is asked. Then the Resolving: Ann's side does not control, so Bea is first.
    sim = _busy()
    _busy_claims(sim)
    _ann_acts(sim)
    sim.do("bea", "use_ability", dice=(6,), ability="Nosy", conflict="c2", side="A")
    sim.do("bea", "accept")
    assert not any(p.kind == "react" for p in sim.prompts())
    sim.do("bea", "end_action")
    _cal_acts(sim)
    assert sim.side("c1", "B").dice == (1, 6) and sim.debt("rampart", "duty") == 2
    assert sim.state.scene.page.turn == "bea"  # type: ignore[union-attr]
    assert sim.prompts("ann") == [] and sim.prompts("cal") == []
    sim.refuse("ann", "use_ability", dice=(1,), ability="Swarm Sense", conflict="c1", side="A", die=2)
    sim.do("bea", "pass")
    assert sim.phase() == "resolving" and sim.state.scene.page.turn == "bea"  # type: ignore[union-attr]
    for seat in SEATS:
        assert (
            f"Rampart uses Super Strength 1 on {VAULT} side B die 2, helping side B: 1 rolls 6"
            " (+1 Debt on duty); Rampart is now allied with c1 side B." in sim.words(seat)
        )


@pytest.mark.rules("CAPES-EG-004", "CAPES-RES-006", "CAPES-RES-001", "CAPES-PAGE-002")
def test_busy_page__bea_resolves_her_goal_it_succeeds_and_every_seat_reads_her_inspiration() -> None:
    # src 123: the Goal's own side resolves: it succeeds, nobody fails it. src 139: 6 vs 5, the winning
    # die is higher: Bea gains an Inspiration of 6 - 5 = 1. No stake on c2: no Debt, no tokens.
    # Cal may not resolve before her (src 131: in turn order), nor may Ann resolve c1 (her A does not
    # control, src 42), nor Bea c1 (not her claim): each refused, nothing changed.
    sim = _busy()
    _to_resolving(sim)
    sim.refuse("cal", "resolve", conflict="c1", pairs="6-2,1-1")
    sim.refuse("ann", "resolve", conflict="c1", pairs="2-1,1-6")
    sim.refuse("bea", "resolve", conflict="c1", pairs="6-2,1-1")
    sim.do("bea", "resolve", conflict="c2", pairs="6-5", text="Sylvie finds it under the sink.")
    assert [i.value for i in sim.state.inspirations["bea"]] == [1]
    assert sim.state.scene.failed_goals == ()  # type: ignore[union-attr]
    for seat in SEATS:
        assert (
            f'Bea resolves {COSTUME} for side A; Inspirations: Bea 1 — "Sylvie finds it under the sink."'
            in sim.words(seat)
        )
    assert sim.state.scene.page.turn == "cal"  # type: ignore[union-attr]


@pytest.mark.rules("CAPES-RES-003", "CAPES-RES-004", "CAPES-RES-005", "CAPES-RES-006", "CAPES-DEBT-002")
def test_busy_page__cal_resolves_the_vault_debt_doubles_a_token_goes_to_ann_and_the_panels_agree() -> None:
    # B [1, 6] = 7 controls A [2, 1] = 3; Cal claimed B (src 131). Pairs 6-2 -> Cal +4 (src 139), 1-1 ->
    # nothing (src 138). Skitter's 2 truth staked on the loser come back doubled: truth 1 + 4 = 5 (src
    # 169), over Strength 3: Overdrawn (src 147). Rampart's 1 duty on the winner becomes 1 Story Token
    # for a losing player: Ann, whose Skitter made c1 (src 135); Rampart keeps duty 2.
    sim = _busy()
    _to_resolving(sim)
    sim.do("bea", "resolve", conflict="c2", pairs="6-5")
    sim.do(
        "cal", "resolve", conflict="c1", pairs="6-2,1-1", text="The door holds; the mayor's files stay shut."
    )
    assert sim.debt("skitter", "truth") == 5 and sim.debt("rampart", "duty") == 2
    assert (sim.state.tokens["ann"], sim.state.tokens["bea"], sim.state.tokens.get("cal", 0)) == (1, 1, 0)
    assert [i.value for i in sim.state.inspirations["cal"]] == [4]
    for seat in SEATS:
        assert (
            f"Cal resolves {VAULT} for side B; debt back doubled: Skitter +4 truth; 1 Story Token to Ann; "
            'Inspirations: Cal 4 — "The door holds; the mayor\'s files stay shut."' in sim.words(seat)
        )
        players = {r[0]: r[1:] for r in _panel_rows(sim, seat, "Players")}
        assert players == {"Ann": ["1", "—"], "Bea": ["1", "1"], "Cal": ["0", "4"]}
        drives = {r[0]: r[2] for r in _panel_rows(sim, seat, "Characters")}
        assert drives["Skitter"].startswith("truth 5/3 OVERDRAWN, ")
        assert drives["Rampart"].startswith("duty 2/3, ")


@pytest.mark.rules(
    "CAPES-PAGE-013", "CAPES-CONF-004", "CAPES-ABIL-003", "CAPES-RES-006", "CAPES-RES-005", "CAPES-CONF-006"
)
def test_busy_page__beas_bought_action_turned_back_still_allies_and_wins_her_the_losing_inspiration() -> None:
    # src 94: Bea's token buys an Action (1 -> 0). Sylvie's Warm 2 rolls c1 B's first die (a 1) to help
    # A: 5, which would help B, so she turns it back (src 188, 190); she tried to help A, so she is
    # allied with A (src 110) and Bea has a character on c1's losing side. Cal pairs 6-1 (+5 for him) and
    # 1-2: the losing die is higher, an Inspiration of 1 to a losing player he chooses (src 140): Bea.
    # The one token from Rampart's winning stake goes first to Ann, Skitter having made c1 (src 135).
    sim = _busy()
    _busy_claims(sim)
    _ann_acts(sim)
    _bea_acts(sim)
    _cal_acts(sim)
    sim.do("bea", "use_ability", dice=(5,), ability="Warm", conflict="c1", side="B", help="A")
    sim.do("bea", "revert", text="Sylvie fusses over the guard instead.")
    # src 113 (And Then): Bea's side does not control c1; someone on B, which does, finishes her narration
    assert sim.prompt("cal", "and_then").question == f"And then: you control {VAULT}; finish the narration."
    sim.do("bea", "end_action")
    assert sim.state.tokens["bea"] == 0 and sim.side("c1", "B").dice == (1, 6)
    assert sim.state.conflict("c1").alliances["aunt_sylvie"].side == "A"  # type: ignore[union-attr]
    assert sim.phase() == "resolving"
    sim.do("bea", "resolve", conflict="c2", pairs="6-5")
    sim.refuse("cal", "resolve", conflict="c1", pairs="6-1,1-2", losers="cal")  # not his own: no loser
    sim.do("cal", "resolve", conflict="c1", pairs="6-1,1-2", losers="bea")
    assert [i.value for i in sim.state.inspirations["cal"]] == [5]
    assert [i.value for i in sim.state.inspirations["bea"]] == [1, 1]
    assert sim.state.tokens["ann"] == 1 and sim.state.tokens["bea"] == 0
    for seat in SEATS:
        words = sim.words(seat)
        assert "Bea acts with Aunt Sylvie for a Story Token." in words
        assert 'Bea turns the die back to 1 — "Sylvie fusses over the guard instead."' in words
        assert (
            f"Cal resolves {VAULT} for side B; debt back doubled: Skitter +4 truth; 1 Story Token to Ann; "
            "Inspirations: Cal 5, Bea 1." in words
        )


@pytest.mark.rules("CAPES-GLOAT-001", "CAPES-GLOAT-002", "CAPES-RES-001", "CAPES-PAGE-014")
def test_busy_page__cal_gloats_instead_the_vault_turns_to_ann_but_her_turn_has_gone_by() -> None:
    # src 205: Cal's resolving would break the group's Code (the table's judgement), so he Gloats: his
    # highest die, the 6, turns to 1: 1 Story Token. B = 1 + 1 = 2 now trails A = 2 + 1 = 3, but Ann
    # looked at her claim in her turn already (src 131, "once again in turn order"), so nobody resolves
    # c1: it stays with its dice and both stakes (src 52: instead of resolving), and the Page turns;
    # the claims lapse (PROPOSED PAGE-014): Page 2 starts with Bea (src 70) and nobody holds a claim.
    sim = _busy()
    _to_resolving(sim)
    sim.do("bea", "resolve", conflict="c2", pairs="6-5")
    sim.do("cal", "gloat", conflict="c1", count=1, text="Rampart flexes for the cameras.")
    assert sim.state.tokens.get("cal", 0) == 1
    assert sim.side("c1", "B").dice == (1, 1) and sim.side("c1", "A").dice == (2, 1)
    assert sim.side("c1", "A").stakes[0].amount == 2 and sim.side("c1", "B").stakes[0].amount == 1
    assert sim.state.scene.page.number == 2 and sim.state.scene.page.starter == "bea"  # type: ignore[union-attr]
    assert sim.state.scene.page.claims == ()  # type: ignore[union-attr]
    for seat in SEATS:
        words = sim.words(seat)
        assert (
            f'Cal gloats on {VAULT} side B: 6 turned to 1, 1 Story Token — "Rampart flexes for the cameras."'
            in words
        )
        assert "Scene 1, Page 2: Bea starts." in words
        claimed = {r[2][0]: r[6] for r in _panel_rows(sim, seat, "Conflicts") if r[0] == VAULT}
        assert claimed == {"A": "—", "B": "—"}


@pytest.mark.rules("CAPES-PAGE-009", "CAPES-PAGE-008", "CAPES-RSRC-001", "CAPES-PAGE-002", "CAPES-DEBT-003")
def test_busy_page__the_next_page_anns_won_token_buys_a_conflict_nobody_may_claim_yet() -> None:
    # After Cal's resolution no card is left; Ann wants a new one, so the Scene goes on (PROPOSED SCENE
    # end). Page 2 starts with Bea (src 70). Skitter's truth 5 > 3 is Overdrawn, but Skitter owns no die
    # (both cards are gone): nothing to roll (PROPOSED DEBT-003). Ann, on her claiming turn, spends the
    # token she won on a new Conflict (src 88), which nobody may claim this Page (src 89).
    sim = _busy()
    _to_resolving(sim)
    sim.do("bea", "resolve", conflict="c2", pairs="6-5")
    sim.do("cal", "resolve", conflict="c1", pairs="6-2,1-1")
    while sim.state.scene is not None and sim.state.scene.closing:
        seat = sim.state.scene.turn
        sim.do(seat, "continue_scene" if seat == "ann" else "pass")
    assert sim.state.scene is not None and sim.state.scene.page is not None
    assert (sim.state.scene.page.number, sim.state.scene.page.starter, sim.phase()) == (2, "bea", "claims")
    sim.do("bea", "pass")
    sim.do("cal", "pass")
    sim.do("ann", "create_conflict", kind="event", text="The mayor flees the gala")
    assert sim.state.tokens["ann"] == 0
    sim.refuse("ann", "claim", conflict="c3", side="A")
    for seat in SEATS:
        assert "Ann creates event c3 for a Story Token: The mayor flees the gala." in sim.words(seat)
    assert not any("Overdrawn" in w for w in sim.words("ann"))


@pytest.mark.rules("CAPES-PAGE-005", "CAPES-RES-004", "CAPES-RSRC-001", "CAPES-RES-001")
def test_tokens__won_by_losing_buy_an_extra_claim_the_next_page_and_both_claims_resolve() -> None:
    # Page 1 (Starter Ann): Ann claims c1 A (5 vs 2, Skitter 1 truth staked there) and resolves it 5-2:
    # +3 Inspiration for her (src 139), and Skitter's winning stake is 1 Story Token for the only loser,
    # Cal (src 132). Page 2 (Starter Bea): Cal claims c2 A for free; after the go-around his token buys a
    # second Claim, c3 B (src 82), the only claim anyone may buy. He resolves both in his turn (src 131):
    # c2 4-1 (+3), c3 3-1 (+2).
    sim = cast_game()
    sim.put_conflict(
        "c1",
        a=(5,),
        b=(2,),
        allies={"skitter": "A", "rampart": "B"},
        stakes={"A": [("skitter", "truth", 1)]},
        text="The getaway van",
    )
    sim.put_conflict("c2", a=(4,), b=(1,), allies={"rampart": "A", "aunt_sylvie": "B"}, text="The hostages")
    sim.put_conflict("c3", a=(1,), b=(3,), allies={"aunt_sylvie": "A", "rampart": "B"}, text="The bomb")
    sim.do("ann", "claim", conflict="c1", side="A")
    # a refusal names the card as the player typed it and what it is about (src 82: one Claim a side)
    err = sim.refuse("bea", "claim", conflict="C1", side="A")
    assert "Side A of c1 (The getaway van) is already claimed by Ann." in str(err), err
    err = sim.refuse("bea", "claim", conflict="c1", side="C")
    assert "Conflict c1 (The getaway van) has no side 'C'" in str(err), err
    sim.do("bea", "pass")
    sim.do("cal", "pass")
    finish_actions(sim)
    sim.do("ann", "resolve", conflict="c1", pairs="5-2")
    assert sim.state.tokens.get("cal", 0) == 1
    assert sim.state.scene.page.starter == "bea" and sim.phase() == "claims"  # type: ignore[union-attr]
    sim.do("bea", "pass")
    sim.do("cal", "claim", conflict="c2", side="A")
    sim.do("ann", "pass")
    assert sim.state.scene.page.turn == "cal"  # type: ignore[union-attr]  # the broke are skipped
    sim.do("cal", "claim", conflict="c3", side="B")
    assert sim.state.tokens["cal"] == 0 and sim.phase() == "narration"
    for seat in SEATS:
        words = sim.words(seat)
        assert (
            "Ann resolves c1 (The getaway van) for side A; 1 Story Token to Cal; Inspirations: Ann 3."
            in words
        )
        assert "Cal claims side B of c3 (The bomb) for a Story Token." in words
    finish_actions(sim)
    sim.do("cal", "resolve", conflict="c2", pairs="4-1")
    sim.do("cal", "resolve", conflict="c3", pairs="3-1")
    assert [i.value for i in sim.state.inspirations["cal"]] == [3, 2]


@pytest.mark.rules("CAPES-DEBT-003", "CAPES-PAGE-003", "CAPES-RES-003", "CAPES-PAGE-002")
def test_busy_page__skitters_doubled_debt_overdraws_and_page_two_rolls_her_die_on_the_goal_first() -> None:
    # As the busy Page, but Bea leaves c2 unclaimed: Cal resolves c1 and Skitter's 2 truth come back
    # doubled, truth 1 + 4 = 5 > Strength 3: Overdrawn (src 147). Page 2 (Starter Bea) opens with the
    # Overdrawn roll, before any claim (PROPOSED PAGE-003): the highest die Skitter owns is c2 B's 5
    # (src 147); it rolls 3, lower, kept: c2 B shows 3. Ann rolls it (she plays Skitter), though Bea
    # starts; then the claims begin with Bea. The prompt and every seat's words name the card.
    sim = _busy()
    sim.do("ann", "claim", conflict="c1", side="A")
    sim.do("bea", "pass")
    sim.do("cal", "claim", conflict="c1", side="B")
    sim.do("bea", "pass")
    _ann_acts(sim)
    _bea_acts(sim)
    _cal_acts(sim)
    sim.do("bea", "pass")
    sim.do("cal", "resolve", conflict="c1", pairs="6-2,1-1")
    assert sim.debt("skitter", "truth") == 5
    assert (sim.state.scene.page.number, sim.phase()) == (2, "overdrawn")  # type: ignore[union-attr]
    assert sim.prompt("ann", "overdrawn_roll").question == (
        "Ann: roll for Skitter's Overdrawn truth (5 Debt, Strength 3): the highest die Skitter owns, "
        f"{COSTUME} side B showing 5, is re-rolled and only a lower roll is kept."
    )
    sim.refuse("bea", "overdrawn_roll", dice=(3,))
    sim.refuse("bea", "claim", conflict="c2", side="A")
    sim.do("ann", "overdrawn_roll", dice=(3,))
    assert sim.side("c2", "B").dice == (3,)
    assert sim.phase() == "claims" and sim.state.scene.page.turn == "bea"  # type: ignore[union-attr]
    for seat in SEATS:
        assert (
            f"Skitter's truth is Overdrawn: {COSTUME} side B die 1: 5 rolls 3, lower: the die now shows 3."
            in sim.words(seat)
        )


@pytest.mark.rules("CAPES-PRIN-003", "CAPES-PAGE-004", "CAPES-PAGE-013", "CAPES-RES-001")
def test_busy_page__the_now_panel_says_whose_turn_and_for_what_at_each_phase() -> None:
    # src 24-26: turns go clockwise and on others' turns you listen: every seat's "Now" panel names the
    # player whose turn it is and what they are to do: Ann claims first (src 79); after the free Actions
    # only Bea may buy one (src 94); in the Resolving Bea resolves first (src 131), then Cal.
    sim = _busy()

    def turn() -> set[str]:
        return {dict(map(tuple, _panel_rows(sim, seat, "Now")))["Turn"] for seat in SEATS}  # type: ignore[arg-type]

    assert turn() == {"Ann to claim a side, add Conflicts, or pass"}
    _busy_claims(sim)
    assert turn() == {"Ann to begin the Action phase (anyone may narrate)"}
    _ann_acts(sim)
    _bea_acts(sim)
    _cal_acts(sim)
    assert turn() == {"Bea to buy an Action or pass"}
    sim.do("bea", "pass")
    resolving = (
        "to resolve each claimed side that controls"
        " (or gloat instead, if resolving would break the group's Code)"
    )
    assert turn() == {f"Bea {resolving}"}
    sim.do("bea", "resolve", conflict="c2", pairs="6-5")
    assert turn() == {f"Cal {resolving}"}
