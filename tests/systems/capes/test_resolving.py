"""Resolving, Gloating and Deadlock (CAPES-RES, CAPES-GLOAT), with golden examples C7-C12, C16-C18, C22."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from capeworks.engine import Event
from capeworks.errors import RuleViolation
from capeworks.systems.capes.resolving import default_pairs, match_dice
from capeworks.systems.capes.state import Said
from tests.systems.capes.helpers import Sim, actions_game, cast_game, finish_actions


def _outcome(events: list[Event]) -> Event:
    """The resolving event itself (a ``page_begun`` marker may follow it when the Page turns)."""
    return next(e for e in reversed(events) if e.type != "capes.page_begun")


def _to_resolving(sim: Sim) -> None:
    """Every character's free Action (reverted rolls on a scratch Conflict), no bought Actions."""
    sim.put_conflict("c9", a=(1,), b=(1,), text="Scratch")
    for seat, ability in (("ann", "Sarcastic"), ("bea", "Worried"), ("cal", "Guilty")):
        sim.do(seat, "use_ability", dice=(1,), ability=ability, conflict="c9", side="A", help="A")
        sim.do(seat, "revert")
        sim.do(seat, "end_action")


def _claims(sim: Sim, claims: Mapping[str, tuple[str, str]]) -> None:
    """Page 1's claims at the table: each player claims the (Conflict, side) listed or passes; Ann begins."""
    pending = dict(claims)
    while sim.phase() == "claims":
        seat = sim.state.scene.page.turn  # type: ignore[union-attr]
        if seat in pending:
            cid, side = pending.pop(seat)
            sim.do(seat, "claim", conflict=cid, side=side)
        else:
            sim.do(seat, "pass")
    assert not pending, f"never claimed: {pending}"
    sim.do("ann", "begin_actions")


def _ann_resolving(*, claim: str = "A", **conflict: Any) -> Sim:
    """A game where Ann claims side ``claim`` of ``c1`` and every free Action is done: resolving begins."""
    sim = cast_game()
    sim.put_conflict("c1", **conflict)
    _claims(sim, {"ann": ("c1", claim)})
    _to_resolving(sim)
    return sim


def _ann_defeats_the_train_goal() -> tuple[Sim, list[Event]]:
    """Rampart's Goal "Stop the train" (side A, 2) loses to Skitter's side B (5), resolved by Ann."""
    sim = _ann_resolving(
        claim="B",
        kind="goal",
        text="Stop the train",
        creator="rampart",
        creator_player="cal",
        a=(2,),
        b=(5,),
        allies={"rampart": "A", "skitter": "B"},
    )
    return sim, sim.do("ann", "resolve", conflict="c1")


@pytest.mark.rules("CAPES-RES-006", "CAPES-RES-007")
@pytest.mark.parametrize(
    ("winning", "losing", "pairs", "resolver", "losers"),
    [
        ([6, 2], [4], [(6, 4)], [2, 2], []),  # C7: 6-4 -> +2, leftover winning 2 -> +2
        ([6, 2], [4], [(2, 4)], [6], [2]),  # C7: 2-4 -> loser +2, leftover 6 -> Resolver +6
        ([5], [3, 1], [(5, 3)], [2], [1]),  # C8: 5-3 -> +2, leftover losing 1 -> loser +1
        ([5], [3, 1], [(5, 1)], [4], [3]),  # C8: 5-1 -> +4, leftover 3 -> loser +3
        ([4, 3], [4, 2], [(4, 4), (3, 2)], [1], []),  # C9: 4-4 nothing, 3-2 -> +1
        ([4, 3], [4, 2], [(4, 2), (3, 4)], [2], [1]),  # C9: 4-2 -> +2, 3-4 -> loser +1
    ],
)
def test_match_dice__golden_c7_c8_c9(
    winning: list[int],
    losing: list[int],
    pairs: list[tuple[int, int]],
    resolver: list[int],
    losers: list[int],
) -> None:
    assert match_dice(winning, losing, pairs) == (resolver, losers)


@pytest.mark.rules("CAPES-RES-006")
def test_match_dice__pairs_must_use_the_cards_dice_and_pair_all_they_can() -> None:
    with pytest.raises(RuleViolation):
        match_dice([6, 2], [4], [(5, 4)])
    with pytest.raises(RuleViolation):
        match_dice([6, 2], [4, 1], [(6, 4)])


@pytest.mark.rules("CAPES-RES-006", "CAPES-RES-007")
@given(
    winning=st.lists(st.integers(1, 6), min_size=1, max_size=4),
    losing=st.lists(st.integers(1, 6), min_size=1, max_size=4),
)
def test_match_dice__property_inspirations_are_1_to_6(winning: list[int], losing: list[int]) -> None:
    mine, theirs = match_dice(winning, losing, default_pairs(winning, losing))
    assert all(1 <= v <= 6 for v in (*mine, *theirs))
    # unpaired dice keep their value; each pair gives |w - l| to one side, equal pairs nothing
    pairs = default_pairs(winning, losing)
    equal = sum(1 for w, x in pairs if w == x)
    assert len(mine) + len(theirs) == len(winning) + len(losing) - len(pairs) - equal
    assert sum(mine) - sum(theirs) == sum(winning) - sum(losing)


@pytest.mark.rules("CAPES-RES-001", "CAPES-RES-003", "CAPES-RES-004", "CAPES-RES-005", "CAPES-RES-008")
def test_resolve__golden_c10_stakes_and_tokens() -> None:
    # R = Ann (Skitter) wins with 3 staked from Truth;
    # losers B = Bea (Sylvie, creator, staked 2), C = Cal (staked 1)
    sim = _ann_resolving(
        a=(6,),
        b=(2,),
        creator="aunt_sylvie",
        creator_player="bea",
        allies={"skitter": "A", "aunt_sylvie": "B", "rampart": "B"},
        stakes={"A": [("skitter", "truth", 3)], "B": [("aunt_sylvie", "stack", 2), ("rampart", "duty", 1)]},
    )
    sim.set_debt("aunt_sylvie", "stack", 0)
    sim.set_debt("rampart", "duty", 0)
    sim.set_debt("skitter", "truth", 0)
    assert sim.phase() == "resolving"
    # first token to the creator's player Bea; the other 2 assigned by Ann: one each
    sim.do("ann", "resolve", conflict="c1", tokens="bea,cal")
    assert sim.state.tokens == {"ann": 0, "bea": 2, "cal": 1}
    assert sim.debt("aunt_sylvie", "stack") == 4  # 2 staked, back doubled
    assert sim.debt("rampart", "duty") == 2  # 1 staked, back doubled
    assert sim.debt("skitter", "truth") == 0  # winner's 3 left the Drive for good
    assert sim.state.conflict("c1") is None


@pytest.mark.rules("CAPES-RES-005")
def test_resolve__default_token_assignment_round_robin_after_the_creator() -> None:
    sim = _ann_resolving(
        a=(6,),
        b=(2,),
        creator="aunt_sylvie",
        creator_player="bea",
        allies={"skitter": "A", "aunt_sylvie": "B", "rampart": "B"},
        stakes={"A": [("skitter", "truth", 3)]},
    )
    sim.do("ann", "resolve", conflict="c1")
    # creator first (Bea), then clockwise from Ann's left: Bea, Cal
    assert sim.state.tokens == {"ann": 0, "bea": 2, "cal": 1}


@pytest.mark.rules("CAPES-RES-005")
def test_resolve__resolver_may_not_give_themself_tokens() -> None:
    sim = _ann_resolving(
        a=(6,), b=(2,), allies={"skitter": "A", "rampart": "B"}, stakes={"A": [("skitter", "truth", 2)]}
    )
    sim.refuse("ann", "resolve", conflict="c1", tokens="ann,cal", rule="CAPES-RES-005")


@pytest.mark.rules("CAPES-RES-003", "CAPES-RES-005")
def test_resolve__golden_c11_self_loss_tokens_vanish() -> None:
    sim = cast_game()
    # Ann resolves for Skitter on A, and also played the only losing character (a second one, on B)
    sim.do(
        "ann",
        "create_character",
        name="Henchman",
        skills="Punch,Kick,Run",
        attitudes="Dim,Loyal,Mean",
        styles="Loud,Slow,Brutal",
    )
    # at Page start Ann adds Henchman to the Scene for a Story Token (one given her for it)
    sim.patch(tokens={**sim.state.tokens, "ann": 1})
    sim.do("ann", "choose", character="henchman")
    sim.put_conflict(
        "c1",
        a=(6,),
        b=(2,),
        allies={"skitter": "A", "henchman": "B"},
        stakes={"A": [("skitter", "truth", 2)], "B": [("skitter", "love", 1)]},
    )
    _claims(sim, {"ann": ("c1", "A")})
    sim.put_conflict("c9", a=(1,), b=(1,), text="Scratch")
    sim.do(
        "ann",
        "use_ability",
        dice=(1,),
        ability="Sarcastic",
        character="skitter",
        conflict="c9",
        side="A",
        help="A",
    )
    sim.do("ann", "revert")
    sim.do("ann", "end_action")
    sim.do(
        "ann",
        "use_ability",
        dice=(1,),
        ability="Dim",
        character="henchman",
        conflict="c9",
        side="A",
        help="A",
    )
    sim.do("ann", "revert")
    sim.do("ann", "end_action")
    for seat in ("bea", "cal"):
        sim.do(seat, "create_conflict", text=f"{seat} scratch")
        sim.do(seat, "end_action")
    sim.set_debt("skitter", "love", 0)
    events = sim.do("ann", "resolve", conflict="c1")
    assert _outcome(events).data["tokens"] == [] and _outcome(events).data["vanished"] == 2
    assert sim.state.tokens["ann"] == 0
    assert sim.debt("skitter", "love") == 2  # the losing stake of 1 comes back doubled


@pytest.mark.rules("CAPES-RES-005", "CAPES-PAGE-007")
def test_resolve__golden_c12_creator_played_by_resolver_has_no_priority() -> None:
    # Skitter (Ann's) created it and lost with Cal's Rampart; Ann resolves through a claim on A,
    # which she may make because her second character, Inspector Vale, is allied with A
    sim = cast_game()
    sim.do("ann", "add_sample", name="Inspector Vale")
    # at Page start Ann adds Vale to the Scene for a Story Token (one given her for it)
    sim.patch(tokens={**sim.state.tokens, "ann": 1})
    sim.do("ann", "choose", character="inspector_vale")
    sim.put_conflict(
        "c1",
        a=(6,),
        b=(2,),
        creator="skitter",
        creator_player="ann",
        allies={"aunt_sylvie": "A", "inspector_vale": "A", "skitter": "B", "rampart": "B"},
        # the 2 staked on the winners are Skitter's, left on A when she went over to B: a stake's own
        # player gets no token from it (test_known_faults k18), and Ann is the Resolver besides
        stakes={"A": [("skitter", "truth", 2)]},
    )
    _claims(sim, {"ann": ("c1", "A")})
    sim.put_conflict("c9", a=(1,), b=(1,), text="Scratch")
    for seat, character, ability in (
        ("ann", "skitter", "Sarcastic"),
        ("ann", "inspector_vale", "Warm"),
        ("bea", "aunt_sylvie", "Worried"),
        ("cal", "rampart", "Guilty"),
    ):
        sim.do(
            seat,
            "use_ability",
            dice=(1,),
            ability=ability,
            character=character,
            conflict="c9",
            side="A",
            help="A",
        )
        sim.do(seat, "revert")
        sim.do(seat, "end_action")
    assert sim.phase() == "resolving"
    sim.do("ann", "resolve", conflict="c1")
    # no first token for the creator's (Ann's own) character; both go to Cal, the other losing player
    assert sim.state.tokens == {"ann": 0, "bea": 0, "cal": 2}


@pytest.mark.rules("CAPES-RES-006", "CAPES-RES-007", "CAPES-RSRC-002")
def test_resolve__inspirations_go_to_resolver_and_the_named_loser() -> None:
    sim = _ann_resolving(a=(6, 2), b=(4,), allies={"skitter": "A", "rampart": "B"})
    # C7 second pairing: 2-4 -> loser Cal +2; leftover 6 -> Ann +6
    sim.do("ann", "resolve", conflict="c1", pairs="2-4", losers="cal")
    assert [i.value for i in sim.state.inspirations["ann"]] == [6]
    assert [i.value for i in sim.state.inspirations["cal"]] == [2]
    assert sim.state.inspirations["cal"][0].source == "A test conflict"


@pytest.mark.rules("CAPES-RES-006")
def test_resolve__losing_inspirations_only_to_losing_players() -> None:
    sim = _ann_resolving(a=(6, 2), b=(4,), allies={"skitter": "A", "rampart": "B"})
    sim.refuse("ann", "resolve", conflict="c1", pairs="2-4", losers="bea", rule="CAPES-RES-006")


@pytest.mark.rules("CAPES-RES-001", "CAPES-CONF-003", "CAPES-PAGE-014")
def test_resolve__golden_c18_a_tie_cannot_be_resolved_and_claims_lapse() -> None:
    sim = _ann_resolving(a=(4, 3), b=(6, 1), allies={"skitter": "A", "rampart": "B"})
    # 7 vs 7: nobody controls; nobody can resolve; the Page ends and the claim lapses
    assert sim.state.scene is not None and sim.state.scene.page is not None
    assert sim.state.scene.page.number == 2 and sim.state.scene.page.claims == ()
    assert sim.state.conflict("c1") is not None  # unresolved Conflicts stay on the table


@pytest.mark.rules("CAPES-RES-001", "CAPES-PRIN-003")
def test_resolve__in_turn_order_and_only_by_the_claimant() -> None:
    sim = cast_game()
    sim.put_conflict("c1", a=(6,), b=(2,), allies={"skitter": "A", "rampart": "B"})
    sim.put_conflict("c2", a=(1,), b=(5,), allies={"skitter": "A", "aunt_sylvie": "B"})
    _claims(sim, {"ann": ("c1", "A"), "bea": ("c2", "B")})
    _to_resolving(sim)
    # Ann (the Starter) resolves first; Bea must wait
    err = sim.refuse("bea", "resolve", conflict="c2")
    assert "Ann" in err.message
    sim.refuse("cal", "resolve", conflict="c1")
    # on her turn Ann still resolves only what she claimed: B controls c2, but the claim is Bea's
    sim.refuse("ann", "resolve", conflict="c2", rule="CAPES-RES-001")
    sim.do("ann", "resolve", conflict="c1")
    sim.do("bea", "resolve", conflict="c2")
    assert sim.state.conflicts == (sim.state.conflict("c9"),)


@pytest.mark.rules("CAPES-EG-004", "CAPES-EG-006")
def test_resolve__golden_c22_failed_goal_cannot_be_tried_again() -> None:
    sim, events = _ann_defeats_the_train_goal()
    assert _outcome(events).data["failed"] == ["rampart/stop_the_train"]
    # Page 2, Starter Bea; Cal on claims may not re-declare it for Rampart
    sim.do("bea", "pass")
    sim.patch(tokens={**sim.state.tokens, "cal": 1})
    sim.refuse("cal", "create_conflict", kind="goal", text="Stop the train", rule="CAPES-EG-006")


@pytest.mark.rules("CAPES-EG-004")
def test_resolve__goal_succeeds_when_its_aim_side_resolves() -> None:
    sim = cast_game()
    sim.put_conflict(
        "c1",
        kind="goal",
        text="Stop the train",
        creator="rampart",
        creator_player="cal",
        a=(5,),
        b=(2,),
        allies={"rampart": "A", "skitter": "B"},
    )
    _claims(sim, {"cal": ("c1", "A")})
    _to_resolving(sim)
    events = sim.do("cal", "resolve", conflict="c1")
    assert _outcome(events).data["failed"] == []


@pytest.mark.rules("CAPES-GLOAT-002")
def test_gloat__golden_c16() -> None:
    sim = _ann_resolving(a=(6, 4, 2), b=(3,), allies={"skitter": "A", "rampart": "B"})
    # turn 6 -> 1 (+1), 4 -> 1 (+1), stop: 2 Story Tokens; stays unresolved with [1, 1, 2]
    sim.do("ann", "gloat", conflict="c1", count=2)
    assert sim.state.tokens["ann"] == 2
    assert sim.side("c1", "A").dice == (1, 1, 2)
    sim.refuse("ann", "gloat", conflict="c1", count=1)  # the claim is used up


@pytest.mark.rules("CAPES-GLOAT-002")
def test_gloat__only_dice_above_one_count() -> None:
    sim = _ann_resolving(a=(6, 1), b=(3,), allies={"skitter": "A", "rampart": "B"})
    sim.refuse("ann", "gloat", conflict="c1", count=2, rule="CAPES-GLOAT-002")


@pytest.mark.rules("CAPES-RES-009")
def test_deadlock__golden_c17() -> None:
    sim = actions_game()
    sim.put_conflict(
        "c1",
        a=(6, 6),
        b=(6, 6),
        allies={"skitter": "A", "rampart": "B"},
        stakes={"A": [("skitter", "truth", 1)], "B": [("rampart", "duty", 1)]},
    )
    for character in ("skitter", "rampart"):
        for pool in sim.state.roster[character].debt:
            sim.set_debt(character, pool, 0)
    finish_actions(sim)  # at the Resolving, nobody claimed c1: Ann, the Starter, declares it
    sim.do("ann", "deadlock", conflict="c1")
    assert sim.debt("skitter", "truth") == 2 and sim.debt("rampart", "duty") == 2  # every stake back doubled
    assert [i.value for i in sim.state.inspirations["ann"]] == [6, 6]
    assert [i.value for i in sim.state.inspirations["cal"]] == [6, 6]
    assert sim.state.conflict("c1") is None


@pytest.mark.rules("CAPES-RES-009")
def test_deadlock__refused_while_someone_could_still_stake() -> None:
    sim = actions_game()
    sim.put_conflict("c1", a=(6, 6), b=(6, 6), allies={"skitter": "A", "rampart": "B"})
    sim.set_debt("skitter", "truth", 1)
    sim.refuse("bea", "deadlock", conflict="c1", rule="CAPES-RES-009")


@pytest.mark.rules("CAPES-RES-009", "CAPES-STAKE-001")
def test_deadlock__debt_of_a_character_allied_with_no_side_does_not_block_it() -> None:
    sim = actions_game()
    # Rampart holds Debt but never rolled on c1: he can never stake on it (stakes go on your allied
    # side, and a die showing 6 cannot be rolled to ally), so c1 is Deadlocked all the same
    sim.put_conflict("c1", a=(6,), b=(6,), allies={"skitter": "A", "aunt_sylvie": "B"})
    for pool in sim.state.roster["skitter"].debt:
        sim.set_debt("skitter", pool, 0)
    sim.set_debt("rampart", "duty", 2)
    finish_actions(sim)
    sim.do("ann", "deadlock", conflict="c1")
    assert sim.state.conflict("c1") is None
    assert [i.value for i in sim.state.inspirations["ann"]] == [6]
    assert [i.value for i in sim.state.inspirations["bea"]] == [6]


@pytest.mark.rules("CAPES-RES-003", "CAPES-RES-004", "CAPES-STAKE-001")
@given(
    win_stake=st.integers(0, 3),
    lose_stake=st.integers(0, 2),
)
def test_debt_conservation__property_stake_win_and_loss(win_stake: int, lose_stake: int) -> None:
    sim = cast_game()
    sim.put_conflict("c1", a=(6,), b=(2,), allies={"skitter": "A", "rampart": "B"})
    sim.set_debt("skitter", "truth", 3)
    sim.set_debt("rampart", "duty", 3)
    before_w, before_l = 3, 3
    _claims(sim, {"ann": ("c1", "A")})
    # stakes made through the table: Ann's Action (Skitter), then Cal's (Rampart)
    sim.put_conflict("c9", a=(1,), b=(1,), text="Scratch")
    sim.do("ann", "use_ability", dice=(1,), ability="Sarcastic", conflict="c9", side="A", help="A")
    sim.do("ann", "revert")
    if win_stake:
        sim.do("ann", "stake", conflict="c1", amount=win_stake, drive="truth")
    sim.do("ann", "end_action")
    sim.do("bea", "use_ability", dice=(1,), ability="Worried", conflict="c9", side="A", help="A")
    sim.do("bea", "revert")
    sim.do("bea", "end_action")
    sim.do("cal", "use_ability", dice=(1,), ability="Guilty", conflict="c9", side="A", help="A")
    sim.do("cal", "revert")
    if lose_stake:
        sim.do("cal", "stake", conflict="c1", amount=lose_stake, drive="duty")
    sim.do("cal", "end_action")
    # staking moves Debt, never creates it: Drive + stakes unchanged
    assert sim.debt("skitter", "truth") + sim.side("c1", "A").staked == before_w
    assert sim.debt("rampart", "duty") + sim.side("c1", "B").staked == before_l
    sim.do("ann", "resolve", conflict="c1")
    # winner: stakes leave as Story Tokens; loser: Drive + 2 x stake
    assert sim.debt("skitter", "truth") == before_w - win_stake
    assert sim.state.tokens["cal"] == win_stake
    assert sim.debt("rampart", "duty") == before_l + lose_stake


@pytest.mark.rules("CAPES-RES-002")
def test_resolve__the_resolvers_narration_is_recorded_and_the_card_removed() -> None:
    sim = _ann_resolving(a=(5,), b=(2,), allies={"skitter": "A", "rampart": "B"})
    events = sim.do("ann", "resolve", conflict="c1", text="The chandelier comes down.")
    assert _outcome(events).data["text"] == "The chandelier comes down."
    assert sim.state.narration[-1] == Said(
        player="ann", about="resolution", text="The chandelier comes down.", conflict="c1"
    )
    assert sim.state.conflict("c1") is None


@pytest.mark.rules("CAPES-EG-005")
def test_resolve__a_failed_goal_only_fails_the_attempt() -> None:
    sim, events = _ann_defeats_the_train_goal()
    # only the Goal's own characters fail; the winners gain no Goal or outcome of their own
    assert _outcome(events).data["failed"] == ["rampart/stop_the_train"]
    assert sim.state.scene is not None and sim.state.scene.failed_goals == ("rampart/stop_the_train",)
    assert sim.state.conflict("c1") is None


@pytest.mark.rules("CAPES-GLOAT-001")
def test_resolving__the_claimant_is_prompted_to_resolve_or_gloat_by_the_code() -> None:
    sim = _ann_resolving(a=(6, 4), b=(3,), allies={"skitter": "A", "rampart": "B"})
    (prompt,) = [p for p in sim.prompts() if p.kind == "resolve_or_gloat"]
    assert prompt.seat == "ann" and prompt.rule == "CAPES-GLOAT-001"
    # resolving is a complete answer; gloating needs a count, so it is a legal move with its Conflict fixed
    assert [(o.command, o.payload) for o in prompt.options] == [("resolve", {"conflict": "c1"})]
    moves = {(m.command, tuple(m.fixed.items())) for m in sim.legal("ann")}
    assert ("gloat", (("conflict", "c1"),)) in moves


@pytest.mark.rules("CAPES-GLOAT-003")
def test_gloat__the_players_gloating_narration_is_recorded() -> None:
    sim = _ann_resolving(a=(6, 4), b=(3,), allies={"skitter": "A", "rampart": "B"})
    events = sim.do("ann", "gloat", conflict="c1", count=1, text="Skitter smirks at the cameras.")
    assert _outcome(events).data["text"] == "Skitter smirks at the cameras."
    assert sim.state.narration[-1] == Said(
        player="ann", about="gloat", text="Skitter smirks at the cameras.", conflict="c1"
    )


@pytest.mark.rules("CAPES-RES-009", "CAPES-CONF-004")
def test_deadlock__a_sides_inspirations_go_to_the_player_most_recently_allied_with_it() -> None:
    sim = actions_game()
    # before this Page's Actions: Skitter rolled to help A, then Aunt Sylvie to help B
    sim.put_conflict("c1", a=(6,), b=(5,), allies={"skitter": "A", "aunt_sylvie": "B"})
    for character in ("skitter", "aunt_sylvie", "rampart"):
        for pool in sim.state.roster[character].debt:
            sim.set_debt(character, pool, 0)
    for seat in ("ann", "bea"):
        sim.do(seat, "create_conflict", text=f"{seat}'s trouble")
        sim.do(seat, "end_action")
    # Cal's Rampart (Hopeful 5) rolls B's 5 up to 6: 6 vs 6, every die a 6, nobody holds Debt
    sim.do("cal", "use_ability", dice=(6,), ability="Hopeful", conflict="c1", side="B", help="B")
    sim.do("cal", "accept")
    sim.do("cal", "end_action")  # the Resolving: nobody claimed c1, so Ann, the Starter, declares it
    sim.do("ann", "deadlock", conflict="c1")
    # A's 6 -> Ann (Skitter); B's 6 -> Cal, whose Rampart allied with B after Aunt Sylvie did
    assert [i.value for i in sim.state.inspirations["ann"]] == [6]
    assert [i.value for i in sim.state.inspirations["cal"]] == [6]
    assert sim.state.inspirations["bea"] == ()


def _skitters_goal_fails(**resolve: str) -> Sim:
    """Skitter's Goal (declared by Ann; Skitter never rolled) loses to Rampart's side, 1 Duty staked."""
    sim = cast_game()
    sim.put_conflict(
        "c1",
        kind="goal",
        text="Catch the thief",
        creator="skitter",
        creator_player="ann",
        a=(4, 3),
        b=(6, 2),
        allies={"rampart": "B"},
        stakes={"B": [("rampart", "duty", 1)]},
    )
    _claims(sim, {"cal": ("c1", "B")})
    _to_resolving(sim)
    sim.do("cal", "resolve", conflict="c1", **resolve)
    return sim


@pytest.mark.rules("CAPES-RES-004", "CAPES-RES-005", "CAPES-EG-004")
def test_resolve__a_goals_own_character_lost_with_its_side_and_takes_the_story_token() -> None:
    sim = _skitters_goal_fails()
    assert sim.state.tokens["ann"] == 1 and sim.state.tokens["cal"] == 0
    assert sim.state.scene is not None and sim.state.scene.failed_goals == ("skitter/catch_the_thief",)


@pytest.mark.rules("CAPES-RES-006", "CAPES-EG-004")
def test_resolve__a_goals_own_player_takes_losing_side_inspirations() -> None:
    # 6-4 and 2-3: the losing 3 beats the winning 2, an Inspiration of 1 for a losing player
    sim = _skitters_goal_fails(pairs="6-4,2-3", losers="ann")
    assert [i.value for i in sim.state.inspirations.get("ann", ())] == [1]
    assert [i.value for i in sim.state.inspirations["cal"]] == [2]
