"""A sixteenth referee's pass over Capes: whole Pages of three players, read by every seat.

First the Conflicts panel: a card reads there as it does in the log and the prompts, "c1 (Rob the
gala)", its kind beside it, never a bare "c1 (goal)". Then situations a table of three meets in whole
Pages: Claims, Splits, the resolution, Story Tokens, Inspirations, Debt, the words each seat reads and
the refusals.

Written from the seed alone ("src N" = line N of seeds/004_209cadad08ad98a0.txt), played through the
table with given dice. Sample sheets as in test_referee.py: Skitter (Ann), Aunt Sylvie (Bea), Rampart
(Cal); Ann starts Page 1. Skitter's Swarm Sense 1, Bug Control 2, Silk Lines 3, Swarm Armour 4
(super), Ruthless 5 (mundane); Drives truth 3, justice 2, love 2, hope 1, duty 1. Rampart's Super
Strength 1, Invulnerability 2, Great Leap 3 (super), Hopeful 5 (mundane); Drives duty 3, hope 2,
justice 2, love 1, truth 1. Aunt Sylvie's abilities are all mundane, Worried 1 to Nosy 3.
"""

from __future__ import annotations

import pytest

from tests.systems.capes.helpers import Sim, actions_game, cast_game, finish_actions, pass_claims
from tests.systems.capes.test_referee13 import _no_ids

SEATS = ("ann", "bea", "cal")


def _everyone_reads(sim: Sim, *lines: str) -> None:
    """Every player and the GM's view (the host, no seat) read each line: Capes has no secrets (src 14-17)."""
    for seat in (*SEATS, None):
        words = sim.words(seat)
        for line in lines:
            assert line in words, (seat, line)


def _nobody_reacts(sim: Sim) -> None:
    """Each player asked to react to the roll just kept passes (src 200-201)."""
    while (action := sim.state.scene.page.action) is not None and action.reactions is not None:  # type: ignore[union-attr]
        sim.do(action.reactions.asker, "pass")


def _rows(sim: Sim, seat: str, title: str) -> list[list[str]]:
    """The rows of ``seat``'s panel ``title``, as that seat's view carries them."""
    (panel,) = [p for p in sim.view(seat)["panels"] if p["title"] == title]
    return [list(r) for r in panel["rows"]]


# -- the Conflicts panel reads a card as the log does ------------------------------------------------


@pytest.mark.rules("CAPES-EG-002", "CAPES-CONF-001")
def test_panel__the_conflicts_card_reads_c1_and_what_it_is_about_as_the_log_does() -> None:
    # src 108: "Each Conflict is represented by an index card"; src 111 onwards: a Goal says what some
    # characters try to do. Ann makes the Goal "Rob the gala": the log reads "c1 (Rob the gala)" and so
    # does every seat's Conflicts panel (its Card column), with its kind beside it; it read "c1 (goal)".
    sim = actions_game()
    sim.do("ann", "create_conflict", kind="goal", text="Rob the gala", character="skitter")
    for seat in SEATS:
        cards = _rows(sim, seat, "Conflicts")
        assert [(r[0], r[1], r[2][0]) for r in cards] == [
            ("c1 (Rob the gala)", "goal", "A"),
            ("c1 (Rob the gala)", "goal", "B"),
        ]


# -- a Goal over two Pages: the Reactions go round, the claims follow the rolls, the Goal fails ------


@pytest.mark.rules(
    "CAPES-REACT-001",
    "CAPES-REACT-003",
    "CAPES-CONF-004",
    "CAPES-PAGE-006",
    "CAPES-PAGE-007",
    "CAPES-RES-001",
    "CAPES-RES-006",
    "CAPES-EG-004",
    "CAPES-ABIL-003",
)
def test_goal_page__reactions_go_round_the_claims_follow_them_and_the_goal_fails() -> None:
    # Page 1 (Starter Ann). Ann declares the Goal "Rob the gala" for Skitter (src 121-122). Bea:
    # Worried 1 on B's die (1 <= 1) helping B: 1 -> 4, kept. Reactions (src 200): the actor first, but
    # Sylvie has nothing of 4 or more, so Cal (passes), then Ann: Swarm Armour 4 >= 4 rolls it down,
    # helping A: 4 -> 2, kept, +1 truth; Skitter is now allied with A (src 110: "roll down the die of an
    # opposing side"). That accepted roll opens the window again to who has not reacted (src 201): Bea
    # now has Nosy 3 >= 2: 2 -> 6, kept; a 6 no ability reaches (src 197), the window closes.
    # Cal: Great Leap 3 on A's die (1) helping B: 1 -> 3, turned back (src 188): the die stays 1, but he
    # tried, so Rampart is allied with B (src 110) and takes +1 duty (src 183: "each time it is used").
    # Page 2 (Starter Bea, src 70): Bea claims B; Cal may not claim B (claimed, src 81) nor A (Rampart
    # rolled for B, src 83); Ann claims A. Resolving: B 6 vs A 1, Bea resolves B: a 6 paired with the 1
    # gives her an Inspiration of 5 (src 138), and the Goal's aim side lost: Skitter fails it (src 123).
    # Ann's A does not control: she is not asked (src 131).
    sim = actions_game()
    sim.do("ann", "create_conflict", kind="goal", text="Rob the gala", character="skitter")
    sim.do("ann", "end_action")
    sim.do(
        "bea", "use_ability", dice=(4,), ability="Worried", conflict="c1", side="B", label="Skitter is caught"
    )
    sim.do("bea", "accept")
    assert sim.prompt("cal", "react").question.startswith("Cal: react")
    sim.refuse("bea", "react", ability="Nosy")  # 4 is beyond Nosy 3, and Cal answers first
    sim.do("cal", "pass")
    sim.do("ann", "react", dice=(2,), ability="Swarm Armour", help="A", drive="truth")
    sim.do("ann", "accept")
    sim.do("bea", "react", dice=(6,), ability="Nosy", help="B")
    sim.do("bea", "accept")
    assert sim.prompts("cal") == [] and sim.side("c1", "B").dice == (6,)
    sim.do("bea", "end_action")
    sim.do(
        "cal", "use_ability", dice=(3,), ability="Great Leap", conflict="c1", side="A", help="B", drive="duty"
    )
    sim.do("cal", "revert", text="Rampart lands short.")
    sim.do("cal", "end_action")
    assert (
        sim.side("c1", "A").dice == (1,)
        and sim.debt("rampart", "duty") == 1
        and sim.debt("skitter", "truth") == 1
    )
    sim.do("bea", "claim", conflict="c1", side="B")
    sim.refuse(
        "cal", "claim", conflict="c1", side="B", match="Side B of c1 (Rob the gala) is already claimed by Bea"
    )
    sim.refuse(
        "cal",
        "claim",
        conflict="c1",
        side="A",
        rule="CAPES-PAGE-007",
        match="only claim a side you are allied with",
    )
    sim.do("cal", "pass")
    sim.do("ann", "claim", conflict="c1", side="A")
    finish_actions(sim)
    sim.do("bea", "resolve", conflict="c1", text="Sylvie drags Skitter home by the ear.")
    assert sim.state.inspirations["bea"][0].value == 5 and not sim.state.inspirations["ann"]
    assert sim.state.scene is not None and sim.state.scene.failed_goals == ("skitter/rob_the_gala",)
    _everyone_reads(
        sim,
        "Skitter reacts with Swarm Armour 4 on c1 (Rob the gala) side B die 1, helping side A: 4 rolls 2"
        " (+1 Debt on truth); Skitter is now allied with c1 side A.",
        "Aunt Sylvie reacts with Nosy 3 on c1 (Rob the gala) side B die 1, helping side B: 2 rolls 6"
        " (mundane: Blocked for the Scene); Aunt Sylvie is now allied with c1 side B.",
        'Cal turns the die back to 1 — "Rampart lands short."',
        "Bea resolves c1 (Rob the gala) for side B; Inspirations: Bea 5; failed Goal for Skitter"
        ' — "Sylvie drags Skitter home by the ear."',
        "Scene 1, Page 3: Cal starts.",
    )


# -- two winners' stakes become the losing creator's Story Tokens -------------------------------------


@pytest.mark.rules(
    "CAPES-STAKE-001",
    "CAPES-SPLIT-001",
    "CAPES-SPLIT-002",
    "CAPES-RES-004",
    "CAPES-RES-005",
    "CAPES-RES-006",
    "CAPES-RES-007",
    "CAPES-DEBT-004",
)
def test_vault_page__two_players_stakes_on_the_winning_side_all_go_to_the_losing_creator() -> None:
    # c1 "The vault door holds", made by Bea for Aunt Sylvie, on the table: A [4] (Skitter, Rampart), B
    # [3] (Aunt Sylvie). Skitter holds 2 truth, Rampart 2 duty. Page 1 (Starter Ann): Ann claims A, Bea
    # claims B, Cal has nothing left to claim (src 81, 83).
    # Ann's Action: stakes 2 truth on A (src 168; truth 2 -> 0), splits A's 4 into 2, 2 (1 + 2 staked = 3
    # dice, src 177-178), Silk Lines 3 on A die 2 (2 -> 5, kept, +1 truth: 1). A = [2, 5] = 7.
    # Bea's Action: Nosy 3 on A die 1 helping B: 2 -> 1, kept. A = [1, 5] = 6.
    # Cal's Action: stakes 2 duty on A (duty 2 -> 0): A has 4 staked, up to 5 dice; splits the 5 into 3,
    # 2 (src 178): A = [1, 3, 2] = 6; Great Leap 3 on B's 3 helping A: 3 -> 2, kept, +1 duty: 1. B = [2].
    # Resolving: Ann resolves A (6 vs 2). The 4 staked Debt on the winning side leave Skitter and Rampart
    # as 4 Story Tokens for the losing side (src 132): Bea made the card and lost, so the first is hers
    # (src 135), and she is the only loser: all 4 (src 133: Ann none). Ann pairs 2-2 (nothing, src 137),
    # the leftover 3 and 1 are hers (src 141). Bea's Sylvie staked nothing: no Debt back.
    sim = cast_game()
    sim.put_conflict(
        "c1",
        a=(4,),
        b=(3,),
        allies={"skitter": "A", "rampart": "A", "aunt_sylvie": "B"},
        text="The vault door holds",
        creator="aunt_sylvie",
        creator_player="bea",
    )
    sim.set_debt("skitter", "truth", 2)
    sim.set_debt("rampart", "duty", 2)
    sim.do("ann", "claim", conflict="c1", side="A")
    sim.do("bea", "claim", conflict="c1", side="B")
    assert [m.label for m in sim.legal("cal") if m.command == "claim"] == []
    sim.do("cal", "pass")
    sim.do(
        "ann", "stake", conflict="c1", amount=2, drive="truth", why="Her secret identity is in that vault."
    )
    sim.do("ann", "split", conflict="c1", side="A", die=1, parts=2)
    sim.do(
        "ann", "use_ability", dice=(5,), ability="Silk Lines", conflict="c1", side="A", die=2, drive="truth"
    )
    sim.do("ann", "accept")
    _nobody_reacts(sim)
    sim.do("ann", "end_action")
    sim.do("bea", "use_ability", dice=(1,), ability="Nosy", conflict="c1", side="A", die=1, help="B")
    sim.do("bea", "accept")
    _nobody_reacts(sim)
    sim.do("bea", "end_action")
    sim.do("cal", "stake", conflict="c1", amount=2, drive="duty", why="Guarding the vault is his job.")
    sim.do("cal", "split", conflict="c1", side="A", die=2, parts=2)
    assert sim.side("c1", "A").dice == (1, 3, 2)
    sim.do(
        "cal", "use_ability", dice=(2,), ability="Great Leap", conflict="c1", side="B", help="A", drive="duty"
    )
    sim.do("cal", "accept")
    _nobody_reacts(sim)
    sim.do("cal", "end_action")
    sim.do("ann", "resolve", conflict="c1", pairs="2-2", text="The door swings open for Skitter.")
    assert sim.state.tokens == {"ann": 0, "bea": 4, "cal": 0}
    assert sorted(i.value for i in sim.state.inspirations["ann"]) == [1, 3]
    assert (sim.debt("skitter", "truth"), sim.debt("rampart", "duty")) == (1, 1)
    assert sim.state.conflict("c1") is None
    players = {r[0]: r[1:] for r in _rows(sim, "cal", "Players")}
    assert players == {"Ann": ["0", "3 1"], "Bea": ["4", "—"], "Cal": ["0", "—"]}
    _everyone_reads(
        sim,
        "Skitter stakes 2 Debt from truth on c1 (The vault door holds) side A"
        ' — "Her secret identity is in that vault."',
        "Side A of c1 (The vault door holds): a 4 splits into 2, 2.",
        "Side A of c1 (The vault door holds): a 5 splits into 3, 2.",
        # the 4 tokens counted for the player who reads them; they read "Bea, Bea, Bea, Bea"
        "Ann resolves c1 (The vault door holds) for side A; 4 Story Tokens to Bea; Inspirations: Ann 3, Ann 1"
        ' — "The door swings open for Skitter."',
    )


# -- two losers' stakes come back doubled; the Resolver names who takes the losing Inspiration --------


@pytest.mark.rules(
    "CAPES-RES-003",
    "CAPES-RES-006",
    "CAPES-RES-007",
    "CAPES-DEBT-002",
    "CAPES-DEBT-003",
    "CAPES-PAGE-003",
    "CAPES-RES-001",
)
def test_lights_page__two_losers_debt_doubles_cal_takes_the_leftover_and_skitter_rolls_next_page() -> None:
    # c1 "The gala's lights fail": A [2] (Aunt Sylvie), B [3] (Skitter, Rampart); c2 "Sylvie faints": A [5]
    # (Skitter). Skitter holds 2 love (Strength 2), Rampart 1 hope (Strength 2). Page 1 (Starter Ann):
    # Ann claims c1 B, Bea claims c1 A, Cal has no side left he is allied with (src 81, 83).
    # Ann: stakes 2 love on B (love 2 -> 0, src 168), splits B's 3 into 2, 1 (src 178), Bug Control 2 on
    # A's 2 helping B: 2 -> 5, turned back (+1 truth). Bea: Nosy 3 on A's 2: 2 -> 6, kept; no ability
    # reaches a 6 (src 197). Cal: stakes 1 hope on B (hope 1 -> 0), Great Leap 3 on B's 2: 2 -> 3,
    # kept (+1 duty). A [6] = 6 vs B [3, 1] = 4.
    # Resolving (src 131): Ann's B does not control; Bea resolves A. The losers' stakes come back doubled
    # (src 42): Skitter +4 love (4 > Strength 2: Overdrawn, src 147), Rampart +2 hope (2: not). No stake
    # on A: no tokens. Bea pairs 6-1: +5 for her (src 138); the leftover 3 is the losing side's (src
    # 141), and she names Cal to take it (src 140).
    # Page 2 (Starter Bea) opens with the Overdrawn roll (PROPOSED PAGE-003): the highest die Skitter
    # owns is c2 A's 5: it rolls 2, lower, kept (src 147). Rampart's hope is not Overdrawn: no roll.
    sim = cast_game()
    sim.put_conflict(
        "c1",
        a=(2,),
        b=(3,),
        allies={"aunt_sylvie": "A", "skitter": "B", "rampart": "B"},
        text="The gala's lights fail",
    )
    sim.put_conflict("c2", a=(5,), b=(1,), allies={"skitter": "A"}, text="Sylvie faints")
    sim.set_debt("skitter", "love", 2)
    sim.set_debt("rampart", "hope", 1)
    sim.do("ann", "claim", conflict="c1", side="B")
    sim.do("bea", "claim", conflict="c1", side="A")
    sim.do("cal", "pass")
    sim.do("ann", "stake", conflict="c1", amount=2, drive="love", why="Her aunt is in the dark.")
    sim.do("ann", "split", conflict="c1", side="B", die=1, parts=2)
    sim.do(
        "ann",
        "use_ability",
        dice=(5,),
        ability="Bug Control",
        conflict="c1",
        side="A",
        help="B",
        drive="truth",
    )
    sim.do("ann", "revert")
    sim.do("ann", "end_action")
    sim.do("bea", "use_ability", dice=(6,), ability="Nosy", conflict="c1", side="A")
    sim.do("bea", "accept")
    assert sim.state.scene.page.action.reactions is None  # type: ignore[union-attr]
    sim.do("bea", "end_action")
    sim.do("cal", "stake", conflict="c1", amount=1, drive="hope", why="The guests are frightened.")
    sim.do("cal", "use_ability", dice=(3,), ability="Great Leap", conflict="c1", side="B", drive="duty")
    sim.do("cal", "accept")
    _nobody_reacts(sim)
    sim.do("cal", "end_action")
    assert (sim.side("c1", "A").dice, sim.side("c1", "B").dice) == ((6,), (3, 1))
    # Ann's B (4) does not control: the Resolving goes straight to Bea
    assert sim.prompts("ann") == []
    # the prompt speaks to Bea, not of her: it read "Bea: resolve their claimed Conflicts"
    assert sim.prompt("bea", "resolve_or_gloat").question == (
        "Bea: resolve each claimed side that controls"
        " (or gloat instead, if resolving would break the group's Code)."
    )
    sim.refuse("bea", "resolve", conflict="c1", pairs="6-1", losers="bea")  # Sylvie was not on B (src 140)
    sim.do(
        "bea",
        "resolve",
        conflict="c1",
        pairs="6-1",
        losers="cal",
        text="The lights come back on Sylvie's terms.",
    )
    assert (sim.debt("skitter", "love"), sim.debt("rampart", "hope")) == (4, 2)
    assert {p: [i.value for i in held] for p, held in sim.state.inspirations.items()} == {
        "ann": [],
        "bea": [5],
        "cal": [3],
    }
    assert sim.state.tokens == {"ann": 0, "bea": 0, "cal": 0}
    # Page 2: the Overdrawn roll before any claim, Ann's, for Skitter
    assert sim.phase() == "overdrawn" and sim.prompts("cal") == []
    sim.do("ann", "overdrawn_roll", dice=(2,))
    assert sim.side("c2", "A").dice == (2,) and sim.phase() == "claims"
    drives = {r[0]: r[2] for r in _rows(sim, "bea", "Characters")}
    assert "love 4/2 OVERDRAWN" in drives["Skitter"] and "hope 2/2," in drives["Rampart"]
    _everyone_reads(
        sim,
        "Bea resolves c1 (The gala's lights fail) for side A; debt back doubled: Skitter +4 love,"
        ' Rampart +2 hope; Inspirations: Bea 5, Cal 3 — "The lights come back on Sylvie\'s terms."',
        "Skitter's love is Overdrawn: c2 (Sylvie faints) side A die 1: 5 rolls 2,"
        " lower: the die now shows 2.",
    )


# -- bought Actions go round, one a pass, until a pass buys none -----------------------------------


@pytest.mark.rules("CAPES-PAGE-013", "CAPES-RSRC-001", "CAPES-REACT-001", "CAPES-REACT-003", "CAPES-RES-001")
def test_bought_actions__one_a_pass_clockwise_from_the_starter_until_a_pass_buys_none() -> None:
    # c1 "The getaway van": A [2] (Skitter), B [2] (Rampart); Ann claims A, Cal claims B. Ann holds 1
    # Story Token, Bea none, Cal 2. The free Actions are spent elsewhere. Then (src 94-96, PROPOSED
    # PAGE-013: one bought Action a player a pass, clockwise from the Starter, until a pass buys none):
    # pass 1: Ann buys (1 -> 0): Bug Control 2 on A's 2: 4, kept (+1 truth); Cal reacts with Hopeful 5
    # (src 197: 5 >= 4) helping B: 4 -> 1, kept; Ann and Bea decline. Bea has no token: not asked. Cal
    # buys (2 -> 1): Great Leap 3 on B's 2: 5, kept (+1 duty); Ann reacts with Ruthless 5 helping A:
    # 5 -> 3, kept. Pass 2: Ann and Bea cannot pay; Cal passes: the Actions end. A [1] vs B [3]: Ann's
    # claim does not control; Cal resolves B: 3 - 1 = an Inspiration of 2 (src 138).
    # While a bought Action is under way its player is told to take it, not to "buy an Action or pass".
    sim = cast_game()
    sim.put_conflict("c1", a=(2,), b=(2,), allies={"skitter": "A", "rampart": "B"}, text="The getaway van")
    sim.patch(tokens={"ann": 1, "bea": 0, "cal": 2})
    sim.do("ann", "claim", conflict="c1", side="A")
    sim.do("bea", "pass")
    sim.do("cal", "claim", conflict="c1", side="B")
    pass_claims(sim)  # Ann and Cal buy no claim
    sim.do("ann", "begin_actions")
    for seat in SEATS:
        sim.do(seat, "create_conflict", text=f"{seat}'s filler")
        sim.do(seat, "end_action")
    assert sim.prompt("ann", "action").question == "Ann: buy an Action or pass."
    sim.refuse("bea", "use_ability", ability="Nosy", conflict="c1", side="A")  # Ann's turn to buy
    sim.do("ann", "use_ability", dice=(4,), ability="Bug Control", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept")
    sim.do("ann", "pass")
    sim.do("cal", "react", dice=(1,), ability="Hopeful", help="B")
    sim.do("cal", "accept")
    _nobody_reacts(sim)
    assert sim.prompt("ann", "action").question == "Ann: take an Action."
    sim.do("ann", "end_action")
    assert sim.state.tokens == {"ann": 0, "bea": 0, "cal": 2}
    assert sim.prompt("cal", "action").question == "Cal: buy an Action or pass."  # Bea is skipped
    sim.do("cal", "use_ability", dice=(5,), ability="Great Leap", conflict="c1", side="B", drive="duty")
    sim.do("cal", "accept")
    sim.do("ann", "react", dice=(3,), ability="Ruthless", help="A")
    sim.do("ann", "accept")
    _nobody_reacts(sim)
    assert sim.prompt("cal", "action").question == "Cal: take an Action."
    sim.do("cal", "end_action")
    assert sim.state.tokens == {"ann": 0, "bea": 0, "cal": 1}
    sim.do("cal", "pass")  # pass 2: Ann and Bea cannot pay, Cal buys none
    assert sim.prompt("cal", "resolve_or_gloat")
    sim.do("cal", "resolve", conflict="c1")
    assert [i.value for i in sim.state.inspirations["cal"]] == [2] and sim.state.tokens["cal"] == 1
    _everyone_reads(
        sim,
        "Ann acts with Skitter for a Story Token.",
        "Cal acts with Rampart for a Story Token.",
        "Rampart reacts with Hopeful 5 on c1 (The getaway van) side A die 1, helping side B: 4 rolls 1"
        " (mundane: Blocked for the Scene); Rampart is now allied with c1 side B.",
        "Skitter reacts with Ruthless 5 on c1 (The getaway van) side B die 1, helping side A: 5 rolls 3"
        " (mundane: Blocked for the Scene); Skitter is now allied with c1 side A.",
        "Cal resolves c1 (The getaway van) for side B; Inspirations: Cal 2.",
    )


# -- a Goal declared for two players' characters, vetoed by neither, failed by both -------------------


@pytest.mark.rules("CAPES-EG-002", "CAPES-EG-004", "CAPES-EG-006", "CAPES-EG-007", "CAPES-RES-001")
def test_train_goal__declared_for_two_players_characters_both_fail_and_neither_may_try_it_again() -> None:
    # Page 1 (Starter Ann): Ann declares the Goal 'Stop Rook's "Midnight" train' for Skitter and Rampart
    # (src 122: "some characters"). Bea and Cal are asked whether to veto it as it is declared (src 118,
    # 127-129): the question names the card as everything else does, c1 (...), with its words as typed
    # (it printed them as a Python string, quotes escaped). Neither vetoes; Ann ends her Action. Bea:
    # Nursing 3 on B's 1 helping B: 5, kept. Cal: Super Strength 1 on A's 1: 2, kept (+1 duty).
    # Page 2 (Starter Bea): Bea claims B, Cal claims A, Ann passes. B 5 vs A 2: Bea resolves B; the
    # Goal's aim side lost: Skitter and Rampart both fail it (src 123), Bea takes 5 - 2 = 3 (src 138).
    # Page 3 (Starter Cal): neither Rampart nor Skitter may attempt it again this Scene (src 125);
    # Aunt Sylvie, who never failed it, may.
    train = 'Stop Rook\'s "Midnight" train'
    sim = actions_game()
    sim.do("ann", "create_conflict", kind="goal", text=train, character="skitter", goal_for="skitter,rampart")
    for seat in ("bea", "cal"):
        assert sim.prompt(seat, "veto").question == (f"Veto goal c1 ({train})? (only now, as it is declared)")
    sim.do("ann", "end_action")
    sim.do("bea", "use_ability", dice=(5,), ability="Nursing", conflict="c1", side="B")
    sim.do("bea", "accept")
    _nobody_reacts(sim)
    sim.do("bea", "end_action")
    sim.do("cal", "use_ability", dice=(2,), ability="Super Strength", conflict="c1", side="A", drive="duty")
    sim.do("cal", "accept")
    _nobody_reacts(sim)
    sim.do("cal", "end_action")
    sim.do("bea", "claim", conflict="c1", side="B")
    sim.do("cal", "claim", conflict="c1", side="A")
    sim.do("ann", "pass")
    pass_claims(sim)
    finish_actions(sim)
    sim.do("bea", "resolve", conflict="c1")
    assert sorted(sim.state.scene.failed_goals) == [  # type: ignore[union-attr]
        "rampart/stop_rook_s_midnight_train",
        "skitter/stop_rook_s_midnight_train",
    ]
    _everyone_reads(
        sim,
        f"Bea resolves c1 ({train}) for side B; Inspirations: Bea 3; failed Goal for Rampart, Skitter.",
    )
    pass_claims(sim)
    sim.do("cal", "begin_actions")
    # the refusal quotes the Goal as typed (it printed it as a Python string, 'Stop Rook\\'s ...')
    sim.refuse(
        "cal",
        "create_conflict",
        kind="goal",
        text=train,
        character="rampart",
        rule="CAPES-EG-006",
        match=f"Rampart failed the Goal “{train}” this Scene and may not attempt it again.",
    )
    sim.do("cal", "create_conflict", text="The station clock stops")
    sim.do("cal", "end_action")
    sim.refuse("ann", "create_conflict", kind="goal", text=train, character="skitter", rule="CAPES-EG-006")
    sim.do("ann", "create_conflict", text="The crowd scatters")
    sim.do("ann", "end_action")
    sim.do("bea", "create_conflict", kind="goal", text=train, character="aunt_sylvie")
    assert sim.state.conflicts[-1].goal_for == ("aunt_sylvie",)


# -- the winner's stake split between two losers: the creator's token first ---------------------------


@pytest.mark.rules("CAPES-RES-004", "CAPES-RES-005", "CAPES-RES-006", "CAPES-STAKE-002", "CAPES-RES-001")
def test_creator_first__three_tokens_two_losers_the_creators_first_the_rest_as_ann_names_them() -> None:
    # c1 "Sylvie finds the costume", made by Bea for Aunt Sylvie: A [5] (Skitter), B [2] (Aunt Sylvie,
    # Rampart). Skitter holds 3 truth (Strength 3). Page 1 (Starter Ann): Ann claims A, Bea claims B,
    # Cal passes. Ann's Action: stakes all 3 truth on A (src 168: no more than the Strength, 3).
    # Resolving: A 5 vs B 2, Ann resolves A. Her 3 staked Debt become 3 Story Tokens for the losers (src
    # 132): Bea made the card and lost, so the first is Bea's (src 135); Ann may not put Cal first, nor
    # take one herself (src 133), nor pair a die twice; she names Bea, Cal, Cal. 5 - 2 = 3 is hers (src
    # 138). Every seat and the GM's view read "3 Story Tokens: 1 to Bea, 2 to Cal".
    sim = cast_game()
    sim.put_conflict(
        "c1",
        a=(5,),
        b=(2,),
        allies={"skitter": "A", "aunt_sylvie": "B", "rampart": "B"},
        text="Sylvie finds the costume",
        creator="aunt_sylvie",
        creator_player="bea",
    )
    sim.set_debt("skitter", "truth", 3)
    sim.do("ann", "claim", conflict="c1", side="A")
    sim.do("bea", "claim", conflict="c1", side="B")
    sim.do("cal", "pass")
    sim.do("ann", "begin_actions")
    sim.refuse("ann", "stake", conflict="c1", amount=4, drive="truth", rule="CAPES-STAKE-002")
    sim.do("ann", "stake", conflict="c1", amount=3, drive="truth", why="Her identity is at stake.")
    sim.do("ann", "create_conflict", text="The costume smells of smoke")
    sim.do("ann", "end_action")
    finish_actions(sim)
    sim.refuse("ann", "resolve", conflict="c1", tokens="cal,bea,bea", rule="CAPES-RES-005")
    sim.refuse("ann", "resolve", conflict="c1", tokens="bea,ann,cal", rule="CAPES-RES-005")
    sim.refuse("ann", "resolve", conflict="c1", pairs="5-2,5-2")
    sim.do("ann", "resolve", conflict="c1", tokens="bea,cal,cal", text="Sylvie folds it away, unseen.")
    assert sim.state.tokens == {"ann": 0, "bea": 1, "cal": 2}
    assert [i.value for i in sim.state.inspirations["ann"]] == [3] and sim.debt("skitter", "truth") == 0
    _everyone_reads(
        sim,
        "Ann resolves c1 (Sylvie finds the costume) for side A; 3 Story Tokens: 1 to Bea, 2 to Cal;"
        ' Inspirations: Ann 3 — "Sylvie folds it away, unseen."',
    )
    panels = [sim.view(seat)["panels"] for seat in (*SEATS, None)]
    assert all(p == panels[0] for p in panels)  # one table for everyone (src 14-17)


# -- one Page of refusals: each a sentence naming people and cards, the table unchanged ---------------


@pytest.mark.rules(
    "CAPES-PRIN-003",
    "CAPES-PAGE-011",
    "CAPES-ACT-002",
    "CAPES-STAKE-001",
    "CAPES-CONF-005",
    "CAPES-RES-001",
    "CAPES-ABIL-002",
)
def test_refusals_page__out_of_turn_for_anothers_character_or_beyond_the_rules_each_reads_as_a_sentence() -> (
    None
):
    # c1 "The vault door holds": A [3] (Skitter), B [2] (Rampart); Rampart holds 2 duty. Page 1 (Starter
    # Ann). In free narration only Ann begins the Actions (src 91); in Ann's Action nobody else stakes,
    # splits or rolls (src 24-27: "On other people's turns you listen"); a player never moves another's
    # character (Ann staking Rampart's Debt, Bea rolling with Skitter); nobody narrates how c1 turns out
    # before it is resolved (src 112, "Not Yet"); an ability never rolls a die above its rating (src
    # 188: Swarm Sense 1 on a 3); nobody resolves in the Actions (src 130). Each refusal is a sentence
    # that names players, characters and cards by their names, never by their keys, and changes nothing.
    sim = cast_game()
    sim.put_conflict(
        "c1", a=(3,), b=(2,), allies={"skitter": "A", "rampart": "B"}, text="The vault door holds"
    )
    sim.set_debt("rampart", "duty", 2)
    pass_claims(sim)
    said = [
        sim.refuse("bea", "begin_actions").message,
        sim.refuse("cal", "stake", conflict="c1", amount=1, drive="duty").message,
    ]
    sim.do("ann", "begin_actions")
    said += [
        sim.refuse("cal", "stake", conflict="c1", amount=1, drive="duty").message,
        sim.refuse("ann", "stake", conflict="c1", amount=1, drive="duty", character="rampart").message,
        sim.refuse(
            "bea", "use_ability", ability="Silk Lines", character="skitter", conflict="c1", side="A"
        ).message,
        sim.refuse("ann", "narrate", text="The door gives way.", conflict="c1", outcome=True).message,
        sim.refuse("ann", "use_ability", ability="Swarm Sense", conflict="c1", side="A").message,
        sim.refuse("ann", "resolve", conflict="c1").message,
        sim.refuse("cal", "split", conflict="c1", side="B").message,
    ]
    _no_ids(said)
    assert "Ann" in said[0]  # whose it is to begin the Actions
    assert all("Ann" in s for s in (said[2], said[-1]))  # whose turn it is
    assert said[3] == "You do not play Rampart in this Scene."
    assert (
        said[5]
        == "Not yet: only the Resolver narrates how c1 (The vault door holds) turns out, when resolving it."
    )
    # it read "...; it needs 3 or more.", as if the die needed it
    assert said[6] == "Swarm Sense (1) cannot roll a die showing 3: that needs an ability of 3 or more."


# -- the last card resolved, nobody wants another: the Scene ends and the next is Bea's ---------------


@pytest.mark.rules(
    "CAPES-SCENE-002", "CAPES-RES-001", "CAPES-RES-006", "CAPES-ABIL-001", "CAPES-RSRC-002", "CAPES-PAGE-002"
)
def test_scene_end__the_last_card_resolved_nobody_wants_another_and_bea_declares_the_next() -> None:
    # Page 1 (Starter Ann): Ann declares the Event "The lights fail" (c1). Bea: Nosy 3 on A's 1: 4, kept
    # (mundane: Blocked for the Scene, src 186). Cal: Super Strength 1 on B's 1: 3, kept (+1 duty).
    # Page 2 (Starter Bea, src 70): Bea claims A, Cal claims B, Ann (allied with nothing) passes. Bea:
    # Nursing 3 on B's 3 helping A: 1, kept. Cal: Great Leap 3 on B's 1: 2, kept (+1 duty). Ann: Bug
    # Control 2 on B's 2 helping A: 5, turned back (+1 truth). A 4 vs B 2: Bea resolves A, 4 - 2 = 2.
    # No card is left: each player, from the next Starter (Cal), says whether they want a new Conflict
    # (PROPOSED SCENE); all pass, so Scene 1 ends. The next Scene is declared by the player to the left
    # of Ann, who declared this one: Bea (src 64); Ann may not. Bea keeps her Inspiration of 2 (src 46:
    # the player's), and in Scene 2 Aunt Sylvie's Nosy is no longer Blocked (src 186: "for the rest of
    # the Scene").
    sim = actions_game()
    sim.do("ann", "create_conflict", text="The lights fail")
    sim.do("ann", "end_action")
    sim.do("bea", "use_ability", dice=(4,), ability="Nosy", conflict="c1", side="A")
    sim.do("bea", "accept")
    _nobody_reacts(sim)
    sim.do("bea", "end_action")
    sim.do("cal", "use_ability", dice=(3,), ability="Super Strength", conflict="c1", side="B", drive="duty")
    sim.do("cal", "accept")
    _nobody_reacts(sim)
    sim.do("cal", "end_action")
    sim.do("bea", "claim", conflict="c1", side="A")
    sim.do("cal", "claim", conflict="c1", side="B")
    sim.do("ann", "pass")
    pass_claims(sim)
    sim.do("bea", "use_ability", dice=(1,), ability="Nursing", conflict="c1", side="B", help="A")
    sim.do("bea", "accept")
    _nobody_reacts(sim)
    sim.do("bea", "end_action")
    sim.do("cal", "use_ability", dice=(2,), ability="Great Leap", conflict="c1", side="B", drive="duty")
    sim.do("cal", "accept")
    _nobody_reacts(sim)
    sim.do("cal", "end_action")
    sim.do(
        "ann",
        "use_ability",
        dice=(5,),
        ability="Bug Control",
        conflict="c1",
        side="B",
        help="A",
        drive="truth",
    )
    sim.do("ann", "revert")
    sim.do("ann", "end_action")
    pass_claims(sim)  # nobody buys an Action (nobody holds a token)
    sim.do("bea", "resolve", conflict="c1", text="The lights fail over the dance floor.")
    assert sim.state.scene is not None and sim.state.scene.blocked == (
        "aunt_sylvie/nosy",
        "aunt_sylvie/nursing",
    )
    assert sim.state.conflicts == () and sim.state.scene.closing
    for seat in ("cal", "ann", "bea"):
        assert sim.state.scene is not None and sim.state.scene.turn == seat
        sim.do(seat, "pass")
    assert sim.state.scene is None
    sim.refuse("ann", "declare_scene", text="The morning after")
    sim.do("bea", "declare_scene", text="The morning after")
    assert [i.value for i in sim.state.inspirations["bea"]] == [2]
    assert (sim.debt("rampart", "duty"), sim.debt("skitter", "truth")) == (2, 1)
    for seat, who in (("bea", "aunt_sylvie"), ("cal", "rampart"), ("ann", "skitter")):
        sim.do(seat, "choose", character=who)
    assert sim.state.scene is not None and sim.state.scene.blocked == ()  # Nosy and Nursing are back
    _everyone_reads(
        sim,
        "Bea resolves c1 (The lights fail) for side A; Inspirations: Bea 2"
        ' — "The lights fail over the dance floor."',
        "Bea declares Scene 2: The morning after.",
    )


# -- free claims, a bought claim and a bought card, and the Resolving goes round them -----------------


@pytest.mark.rules(
    "CAPES-PAGE-004",
    "CAPES-PAGE-005",
    "CAPES-PAGE-008",
    "CAPES-PAGE-009",
    "CAPES-RSRC-001",
    "CAPES-RES-001",
    "CAPES-PAGE-014",
)
def test_claims_page__free_claims_a_bought_claim_and_a_bought_card_then_each_resolves_in_turn() -> None:
    # c1 "The vault door holds": A [3] (Skitter), B [2] (Rampart); c2 "The press arrives": A [2]
    # (Skitter), B [4] (Aunt Sylvie). Story Tokens: Ann 2, Bea 1, Cal 0. Page 1 (Starter Ann).
    # Free go-around (src 78-81): Ann claims c1 A, Bea c2 B, Cal c1 B. Bought go-around (src 82, 88):
    # Ann claims c2 A for a token (2 -> 1); Bea adds "The mayor speaks" for a token (1 -> 0), which
    # nobody may claim this Page (src 89), and has no token for a claim anyway; Cal has none and is not
    # asked. Next pass: Ann passes, and the claims end. Resolving, from Ann (src 131): c1 A 3 vs 2
    # controls: Ann resolves it, +1; her c2 A (2 vs 4) does not. Bea resolves c2 B: 4 - 2 = 2. Cal's c1
    # B is gone with its card. Page 2 (Starter Bea): nobody holds a claim (PROPOSED PAGE-014).
    sim = cast_game()
    sim.put_conflict(
        "c1", a=(3,), b=(2,), allies={"skitter": "A", "rampart": "B"}, text="The vault door holds"
    )
    sim.put_conflict(
        "c2", a=(2,), b=(4,), allies={"skitter": "A", "aunt_sylvie": "B"}, text="The press arrives"
    )
    sim.patch(tokens={"ann": 2, "bea": 1, "cal": 0})
    sim.do("ann", "claim", conflict="c1", side="A")
    sim.do("bea", "claim", conflict="c2", side="B")
    sim.do("cal", "claim", conflict="c1", side="B")
    sim.do("ann", "claim", conflict="c2", side="A")
    sim.do("bea", "create_conflict", text="The mayor speaks")
    sim.refuse("bea", "claim", conflict="c3", side="A")
    sim.do("bea", "pass")
    assert sim.state.scene is not None and sim.state.scene.page is not None
    assert sim.state.scene.page.turn == "ann"  # Cal, with no token, is skipped
    sim.do("ann", "pass")
    assert sim.phase() == "narration" and sim.state.tokens == {"ann": 1, "bea": 0, "cal": 0}
    finish_actions(sim)
    assert [o.label for o in sim.prompt("ann", "resolve_or_gloat").options] == [
        "resolve c1 (The vault door holds)"
    ]
    sim.do("ann", "resolve", conflict="c1")
    sim.refuse("ann", "resolve", conflict="c2")  # A 2 does not control
    sim.do("bea", "resolve", conflict="c2")
    assert {p: [i.value for i in held] for p, held in sim.state.inspirations.items()} == {
        "ann": [1],
        "bea": [2],
        "cal": [],
    }
    assert sim.state.scene.page.number == 2 and sim.state.scene.page.claims == ()
    _everyone_reads(
        sim,
        "Ann claims side A of c2 (The press arrives) for a Story Token.",
        # the price before the words she typed: it read "c3: The mayor speaks for a Story Token."
        "Bea creates event c3 for a Story Token: The mayor speaks.",
        "Ann resolves c1 (The vault door holds) for side A; Inspirations: Ann 1.",
        "Bea resolves c2 (The press arrives) for side B; Inspirations: Bea 2.",
        "Scene 1, Page 2: Bea starts.",
    )


# -- each side named by its first roller, on every seat's card as in the log ---------------------------


@pytest.mark.rules("CAPES-CONF-002", "CAPES-CONF-004", "CAPES-CONF-001", "CAPES-ABIL-003")
def test_sides_named__each_by_its_first_roller_and_the_card_reads_them_as_the_log_does() -> None:
    # Page 1 (Starter Ann): Ann declares the Event "Aunt Sylvie phones mid-heist" (c1), both dice at 1
    # (src 108). Bea: Worried 1 on a die, helping A, naming it "The phone rings at the worst moment": 1
    # -> 3, kept; that die is now A's (src 109). Cal: Super Strength 1 on the other die, helping B,
    # naming it "Rampart answers it": 1 -> 2, kept (+1 duty). Page 2: Ann: Bug Control 2 on B's 2 helping A,
    # 2 -> 6, turned back: B stays 2, and Skitter, who tried to roll B down, is allied with A (src 110).
    # Every seat's card reads each side with its words as the log does, "A (The phone rings at the worst
    # moment)"; it read "A The phone rings at the worst moment".
    sim = actions_game()
    sim.do("ann", "create_conflict", text="Aunt Sylvie phones mid-heist")
    sim.do("ann", "end_action")
    sim.do(
        "bea",
        "use_ability",
        dice=(3,),
        ability="Worried",
        conflict="c1",
        side="A",
        label="The phone rings at the worst moment",
    )
    sim.do("bea", "accept")
    _nobody_reacts(sim)
    sim.do("bea", "end_action")
    sim.do(
        "cal",
        "use_ability",
        dice=(2,),
        ability="Super Strength",
        conflict="c1",
        side="B",
        label="Rampart answers it",
        drive="duty",
    )
    sim.do("cal", "accept")
    _nobody_reacts(sim)
    sim.do("cal", "end_action")
    pass_claims(sim)  # Page 2, Starter Bea: Bea and Cal act elsewhere, then Ann
    sim.do("bea", "begin_actions")
    for seat in ("bea", "cal"):
        sim.do(seat, "create_conflict", text=f"{seat}'s filler")
        sim.do(seat, "end_action")
    # B has its words: Ann's may not replace them (CONF-002 PROPOSED: the side's first roller names it)
    sim.refuse("ann", "use_ability", ability="Bug Control", conflict="c1", side="B", label="Nobody answers")
    sim.do(
        "ann",
        "use_ability",
        dice=(6,),
        ability="Bug Control",
        conflict="c1",
        side="B",
        help="A",
        drive="truth",
    )
    sim.do("ann", "revert")
    for seat in (*SEATS, None):
        cards = [(r[2], r[3], r[7]) for r in _rows(sim, seat, "Conflicts") if r[0].startswith("c1 ")]
        assert cards == [
            ("A (The phone rings at the worst moment)", "3", "Aunt Sylvie (Bea), Skitter (Ann)"),
            ("B (Rampart answers it)", "2", "Rampart (Cal)"),
        ]
    _everyone_reads(
        sim,
        "Rampart uses Super Strength 1 on c1 (Aunt Sylvie phones mid-heist) side B die 1, helping side B"
        " (Rampart answers it): 1 rolls 2 (+1 Debt on duty); Rampart is now allied with c1 side B.",
    )


# -- a Gloat instead of a resolution: the tokens are the Gloater's, the stakes stay on the card --------


@pytest.mark.rules("CAPES-GLOAT-001", "CAPES-GLOAT-002", "CAPES-GLOAT-003", "CAPES-RES-001", "CAPES-PAGE-014")
def test_gloat_page__cal_gloats_two_dice_for_two_tokens_and_the_card_and_stakes_stay() -> None:
    # c1 "The mayor is humiliated": A [3] (Skitter, 1 truth staked), B [6, 4, 2] (Rampart, 2 duty staked).
    # Page 1 (Starter Ann): Ann claims A, Cal claims B. Resolving: A 3 does not control. B 12 does, but
    # resolving would break the group's Code (the table's judgement, src 52): Cal Gloats instead, from his
    # highest die (src 205): 6 and 4 turned to 1, a Story Token each: 2. He may not turn four (only three
    # dice stand above 1). Nothing is resolved: the card stays, B [1, 1, 2], both stakes on it, no Debt
    # doubled nor given away; Page 2 (Starter Bea) starts with no claims (PROPOSED PAGE-014).
    sim = cast_game()
    sim.put_conflict(
        "c1",
        a=(3,),
        b=(6, 4, 2),
        allies={"skitter": "A", "rampart": "B"},
        text="The mayor is humiliated",
        stakes={"A": [("skitter", "truth", 1)], "B": [("rampart", "duty", 2)]},
    )
    sim.do("ann", "claim", conflict="c1", side="A")
    sim.do("bea", "pass")
    sim.do("cal", "claim", conflict="c1", side="B")
    pass_claims(sim)
    finish_actions(sim)
    assert sim.prompt("cal", "resolve_or_gloat")  # Ann's A does not control: she is passed over
    sim.refuse("cal", "gloat", conflict="c1", count=4, rule="CAPES-GLOAT-002")
    sim.do("cal", "gloat", conflict="c1", count=2, text="Rampart poses on the mayor's car.")
    assert sim.state.tokens == {"ann": 0, "bea": 0, "cal": 2}
    assert sim.side("c1", "B").dice == (1, 1, 2)
    assert [s.amount for s in sim.side("c1", "B").stakes] == [2] and [
        s.amount for s in sim.side("c1", "A").stakes
    ] == [1]
    assert sim.state.scene is not None and sim.state.scene.page is not None
    assert sim.state.scene.page.number == 2 and sim.state.scene.page.claims == ()
    _everyone_reads(
        sim,
        "Cal gloats on c1 (The mayor is humiliated) side B: 6, 4 turned to 1, 2 Story Tokens"
        ' — "Rampart poses on the mayor\'s car."',
        "Scene 1, Page 2: Bea starts.",
    )
