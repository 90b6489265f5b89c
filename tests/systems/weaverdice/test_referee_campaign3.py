"""A referee's campaign situations (third campaign pass), each written from the seed
(``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited "src N") before playing it at the table with
given dice: a missed surveillance roll's two answers, Fans on the sheet, and Life Perk's conditions."""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine import Table, form_schema
from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.campaign.downtime import fan_passives
from capeworks.systems.weaverdice.campaign.model import Ledger
from capeworks.systems.weaverdice.ruleset import WeaverdiceRuleset
from tests.systems.weaverdice.campaign_support import camp, pc
from tests.systems.weaverdice.helpers import table


def ledger(d: Driver, ident: str = "ada") -> Any:
    return camp(d).ledger(ident)


def watcher(**stats: Any) -> Driver:
    """Ada in a five-slot downtime phase, Pearl's sample 4x4 grid: 0,0 is violent at 5+ (tier-2 intel
    unlocks it, TN - 3), 0,1 villain at 4+ (tier 1)."""
    d = table()
    pc(d, "ann", "ada", "Ada", **stats)
    d.do("gm", "start_downtime", slots=5)
    d.do("gm", "add_target", target="pearl", name="Pearl", dispositions=["violent", "villain"])
    return d


# --- a missed surveillance roll (src 1874) -------------------------------------------------------------


@pytest.mark.rules("WD-INTEL-021")
def test_m01_a_miss_with_no_intel_to_spend_takes_the_strike_and_cannot_be_let_go() -> None:
    """src 1874: 'If they fail, they can choose to either get a strike and tier one intel, or spend intel
    to unlock a space available to them.' Ada holds no intel: Wits 3, a natural 2 misses 0,0's 5+; the
    only answer is the strike. Declining with nothing spent is refused and changes nothing."""
    d = watcher(wits=3)
    d.do("ann", "surveil", character="ada", target="pearl", cell="0,0", dice=[2])
    prompt = d.prompt("ann", "strike_choice")
    assert [o.value for o in prompt.options] == ["strike"]
    d.refuse(
        "ann", "strike_choice", rule="WD-INTEL-021", match="name the intel", character="ada", strike=False
    )
    assert "ada" in camp(d).strike_choice and camp(d).targets["pearl"].strikes == 0
    d.answer("ann", prompt.id, "strike")
    assert camp(d).targets["pearl"].strikes == 1 and ledger(d).intel == {"violent:1": 1}
    assert not camp(d).strike_choice


@pytest.mark.rules("WD-INTEL-021", "WD-INTEL-015")
def test_m02_a_miss_may_spend_intel_on_an_available_space_instead_of_the_strike() -> None:
    """src 1874 (the second answer) and src 1902 (intel unlocks a space). Ada holds tier-2 violent
    intel: 0,0 (violent, 5+) takes tier 5 - 3 = 2. A natural 2 misses; the prompt offers the strike or
    a spend on each space it unlocks, and the spend is done with the answer: 0,0 unlocked, no strike,
    the intel gone."""
    d = watcher(wits=3)
    d.do("gm", "award", character="ada", intel="violent:2")
    d.do("ann", "surveil", character="ada", target="pearl", cell="0,0", dice=[2])
    prompt = d.prompt("ann", "strike_choice")
    # the research corner 3,3 (violent, 5+) is open too: the thread needs no finding here
    assert [o.value for o in prompt.options] == ["strike", "spend:violent:2@r0c0", "spend:violent:2@r3c3"]
    d.answer("ann", prompt.id, "spend:violent:2@r0c0")
    t = camp(d).targets["pearl"]
    assert t.cells[0].unlocked and t.strikes == 0 and ledger(d).intel == {}
    assert not camp(d).strike_choice


@pytest.mark.rules("WD-INTEL-021", "WD-INTEL-015")
def test_m03_the_spend_in_place_of_the_strike_must_unlock_the_space_it_names() -> None:
    """src 1902: intel unlocks a space at its tier. Tier-1 violent intel is short of 0,0's tier 2, so the
    prompt offers only the strike, and naming that spend is refused with nothing changed; taking the
    strike and naming intel at once is refused too."""
    d = watcher(wits=3)
    d.do("gm", "award", character="ada", intel="violent:1")
    d.do("ann", "surveil", character="ada", target="pearl", cell="0,0", dice=[2])
    assert [o.value for o in d.prompt("ann", "strike_choice").options] == ["strike"]
    d.refuse(
        "ann",
        "strike_choice",
        rule="WD-INTEL-015",
        character="ada",
        strike=False,
        intel="violent:1",
        on="0,0",
    )
    d.refuse(
        "ann", "strike_choice", rule="WD-INTEL-021", character="ada", strike=True, intel="violent:1", on="0,0"
    )
    assert ledger(d).intel == {"violent:1": 1} and "ada" in camp(d).strike_choice


# --- Fans on the sheet (src 1348, 1359, 1370-1372) -----------------------------------------------------


def live_cards(d: Driver) -> list[Any]:
    return [c for c in ledger(d).rep if not c.negative]


@pytest.mark.rules("WD-FOLLOW-010", "WD-FOLLOW-003")
def test_f01_a_fan_on_the_sheet_is_tapped_for_rep_like_a_fan_won_in_play() -> None:
    """src 1372: 'If you have less than [# of fans] rep, tap a fan to gain reputation. This reputation is
    always spent on use'; src 1359: followers 'could come in any combination'; src 1348: tapping loses
    the passive 'for the rest of the downtime phase, and all of the next one'. Ada joined with two Fans
    on her sheet and holds no rep: 0 < 2, a tap gives one consumable card. In the phase her two Fans'
    passive cards (src 1370) drop to one: the tapped Fan's goes."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=3, fans=2)
    d.do("ann", "tap_follower", character="ada", kind="fan", use="rep")
    (card,) = live_cards(d)
    assert card.consumable and ledger(d).followers == {"fan": 2}
    d.do("gm", "start_downtime")
    assert [c.source for c in live_cards(d)] == ["a fan", "fans"]  # one Fan's passive, the other tapped


@pytest.mark.rules("WD-FOLLOW-010", "WD-FOLLOW-005")
def test_f02_sheet_fans_and_fans_won_in_play_are_tapped_from_one_count() -> None:
    """src 1372 with src 1355 'may have more as a surplus to tap': one Fan on the sheet, one won in
    play (Social 6 beats 1): two Fans, two taps, and a third finds no untapped Fan."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=3, fans=1)
    d.do("gm", "award", character="ada", eligible="fan")
    d.do("ann", "gain_follower", character="ada", kind="fan", dice=[6])
    assert ledger(d).followers == {"fan": 2}
    d.do("ann", "tap_follower", character="ada", kind="fan", use="bystanders")
    d.do("ann", "tap_follower", character="ada", kind="fan", use="bystanders")
    d.refuse("ann", "tap_follower", character="ada", kind="fan", use="bystanders", rule="WD-FOLLOW-003")


@pytest.mark.rules("WD-FOLLOW-010")
def test_f03_an_older_log_whose_sheet_fans_never_joined_the_ledger_replays_as_played() -> None:
    """Saved tables replay as played: a ``character_added`` from before the sheet's Fans joined the
    ledger has no ``fans``; replayed, those Fans stay on the sheet (their passive and the cap count them,
    src 1370) and, as then, there is no Fan in the ledger to tap."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=3, fans=2)
    old = tuple(
        e.model_copy(update={"data": {k: v for k, v in e.data.items() if k != "fans"}})
        if e.type == "weaverdice.character_added"
        else e
        for e in d.table.log
    )
    assert any(e.type == "weaverdice.character_added" and "fans" in e.data for e in d.table.log)
    replayed = Driver("weaverdice", table=Table.replay(old))
    assert "ada" not in replayed.state.campaign.ledgers
    assert fan_passives(replayed.state, "ada", Ledger(), 1) == 2  # the sheet's two, as played
    replayed.refuse("ann", "tap_follower", character="ada", kind="fan", use="rep", rule="WD-FOLLOW-003")


# --- Life Perk's conditions (src 1319) -----------------------------------------------------------------


@pytest.mark.rules("WD-PROG-021")
def test_l01_a_life_perks_secure_identity_and_friends_are_the_gms_ruling() -> None:
    """src 1319: 'If the player maintains a secure secret identity, roll one additional time and gain +1
    underling. If they maintain any non-cape friends/family, roll one additional time and gain +1
    follower.' The table keeps no record of either, so, as for a Trusted Follower's secure identity
    (src 1217, the GM's ``standing``), it is the GM's ruling: Ada's player claiming either is refused
    with nothing rolled; the GM takes the milestone with both: three rolls (2, 5, 3), the caps +2 each
    (the Life Perk's +1 and the conditions' +1)."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=3)
    for n, box in enumerate(("room_to_recruit", "room_to_recruit", "learning_a_skill", "learning_a_skill")):
        d.do("gm", "award", character="ada", boxes=1)
        study = {"skill": f"Study {n}", "stat": "knowledge"} if box == "learning_a_skill" else {}
        d.do("ann", "check_box", character="ada", box=box, **study)
    d.do("gm", "award", character="ada", goal_cleared=True)
    before = d.state.sheets["ada"]
    for claim in ({"secure_identity": True}, {"friends": True}):
        d.refuse(
            "ann",
            "take_milestone",
            character="ada",
            option="life_perk",
            rule="WD-PROG-021",
            match="GM's ruling",
            **claim,
        )
    assert ledger(d).perk_faces == () and d.state.sheets["ada"] == before
    d.do(
        "gm",
        "take_milestone",
        character="ada",
        option="life_perk",
        secure_identity=True,
        friends=True,
        dice=[2, 5, 3],
    )
    assert ledger(d).perk_faces == (2, 5, 3)
    after = d.state.sheets["ada"]
    assert (after.underling_bonus - before.underling_bonus, after.follower_bonus - before.follower_bonus) == (
        2,
        2,
    )


@pytest.mark.rules("WD-PROG-021")
def test_l02_a_players_milestone_form_does_not_offer_the_gms_life_perk_rulings() -> None:
    """src 1319, as l01: the player's form for ``take_milestone`` leaves out the two fields the table
    refuses a player; the GM's form has them, marked GM-only."""
    spec = WeaverdiceRuleset().commands["take_milestone"]
    player, gm = form_schema(spec.model, gm=False), form_schema(spec.model, gm=True)
    for field in ("secure_identity", "friends"):
        assert field not in player["properties"]
        assert gm["properties"][field]["gm_only"] is True
    assert "bonuses" in player["properties"]
