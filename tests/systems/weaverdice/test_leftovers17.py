"""Part-1 leftovers a referee found (stop 42), each written from the seed
(``/work/shared/seeds/000_*.txt``, cited "src N") and played at the table with given dice: a power's
pool= where its cost has no choice, a second swing's swings=, a non-equipment repair, the GM's effort
ruling over a pick owed in secret, a gun fired on a secret roll, and high morale bought on a get-up
or a sprint roll."""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.vocab import Pool
from capeworks.systems.weaverdice.wounds import Standing
from tests.systems.weaverdice.helpers import add, sheet, table

# -- use_power's pool= (WD-EFFORT-003, src 376-380) ----------------------------------------------

#: Arc Lash costs one Stamina dot: its cost names its pool, so there is nothing for pool= to choose
ARC_LASH = {
    "name": "Arc Lash",
    "classifications": ["blaster"],
    "targeting": "ranged",
    "range_ft": 60,
    "attack_stat": "dexterity",
    "damage": "shock",
    "tier": 1,
    "cost": [{"pool": "stamina", "dots": 1}],
}
#: Surge costs one Stamina dot and one dot of any effort: pool= pays the second
SURGE = {**ARC_LASH, "name": "Surge", "cost": [{"pool": "stamina", "dots": 1}, {"pool": None, "dots": 1}]}


def _spark() -> Driver:
    d = table()
    add(d, "ann", {**sheet("spark", "Spark", dexterity=4), "powers": [ARC_LASH, SURGE]})
    add(d, "gm", sheet("thug", "Thug", "generic", guts=3))
    d.do("gm", "start_combat", dice=[6])
    return d


@pytest.mark.rules("WD-EFFORT-003", "WD-COMBAT-009")
def test_pool_on_a_power_whose_cost_names_its_pool_is_refused_and_changes_nothing() -> None:
    # src 376-380: Stamina is "spent on physically draining powers"; Arc Lash's dot is Stamina's by
    # its design. pool=focus was dropped unread and the Stamina paid: now it is refused, saying why.
    d = _spark()
    d.refuse(
        "ann",
        "use_power",
        character="spark",
        power="arc lash",
        targets="thug",
        pool="focus",
        dice=[3, 1],
        rule="WD-EFFORT-003",
        match="Arc Lash is paid in Stamina: no any-effort cost for pool= to pay",
    )
    # Surge's second dot is any effort's: pool=focus pays it (Dex 4: 3 + 1 = 4 vs DS 3 hits; effect 1)
    d.do("ann", "use_power", character="spark", power="surge", targets="thug", pool="focus", dice=[3, 1])
    spark = d.state.people["spark"]
    assert spark.effort.spent == {Pool.STAMINA: 1, Pool.FOCUS: 1}


# -- a full attack's swings (WD-COMBAT-010, src 527-529, 565-567) --------------------------------


@pytest.mark.rules("WD-COMBAT-010")
def test_swings_on_a_later_swing_of_a_full_attack_is_refused__the_count_is_the_first_swings() -> None:
    # src 529 "Full Attack (Attack x2)"; src 567 "A full attack may have more to it than two individual
    # weapon swings, depending on the weapon": the count is the full attack's, set as it begins. Vic's
    # full attack of three swings: a second swing saying swings=4 was taken as the second of three, its
    # count dropped unread. Now refused, nothing changed; the swings go on as counted.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("thug", "Thug", "generic", brawn=4, guts=2))
    d.do("gm", "start_combat", dice=[6])  # Vic first
    # three swings are the GM's ruling on the weapon (src 567); a later swing's count is refused to all
    d.do("gm", "attack", character="vic", target="thug", full=True, swings=3, dice=[1])  # 1: a miss
    d.refuse(
        "gm",
        "attack",
        character="vic",
        target="thug",
        full=True,
        swings=4,
        dice=[1],
        rule="WD-COMBAT-010",
        match="full attack is under way, its swings counted when it began (2 left): drop swings=",
    )
    d.do("ann", "attack", character="vic", target="thug", dice=[1])
    d.do("ann", "attack", character="vic", target="thug", dice=[1])
    assert d.state.fight is not None and d.state.fight.turn is not None
    assert d.state.fight.turn.swings == 0
    d.refuse("ann", "attack", character="vic", target="thug", dice=[1], rule="WD-COMBAT-008")


# -- a repair of something that is no equipment (WD-CRAFT-013, WD-CRAFT-007; src 1032, 1506-1519) --

CRAFT = {"name": "Craft", "stats": ["knowledge"], "tree": "craft", "dice": 1}


@pytest.mark.rules("WD-CRAFT-013", "WD-CRAFT-007")
def test_a_player_cannot_open_a_repair_of_no_equipment__the_gm_can() -> None:
    # src 1032: "Repairing wounded armor has the same rules as repairing other broken gear": a repair
    # mends broken gear, which the table checks on the sheet. A base or a program (equipment=false,
    # src 1506-1519) is off the sheet: Ann opened a repair of the team's base with nothing to check,
    # and rolled on it. Now refused to her, nothing changed; the GM, whose word it is, opens it.
    d = table()
    add(d, "ann", {**sheet("ada", "Ada"), "skills": [CRAFT]}, owner="ann")
    d.do("gm", "award", character="ada", money=100)
    d.do("gm", "start_downtime")
    base = {"character": "ada", "project": "fix", "item": "base", "repair": True, "equipment": False}
    d.refuse("ann", "start_craft", **base, rule="WD-CRAFT-013", match="the GM starts this project")
    d.do("gm", "start_craft", **base)
    d.do("ann", "craft", character="ada", project="fix", rolls=2, dice=[6, 1, 6, 1])  # 6 + 6 = 12: DC 12
    assert d.state.campaign.projects["fix"].result == "repaired"


# -- the GM's effort ruling over a pick owed in secret (WD-CORE-011, WD-EFFORT-009; src 376, 398, 409) --


def _ada_owing_a_secret_pick() -> Driver:
    """Ada (Ann's; three dots a pool) fails a climb the GM called in secret and rerolls it with a
    Stamina dot (src 376); five quiet minutes settle it (src 409): her pick is owed to her alone, the
    dot kept back for it spent in her view (S 2/3) and unspent in Bob's (S 3/3)."""
    d = table()
    add(d, "ann", sheet("ada", "Ada", athletics=3, wits=3, guts=3))
    add(d, "bob", sheet("bo", "Bo"))
    d.do("gm", "call_check", character="ada", stat="athletics", tn=4, task="the fence", hidden=True)
    d.do("ann", "check", character="ada", call=max(d.state.calls), dice=[2])
    d.do("ann", "reroll", character="ada", dice=[5])
    d.do("gm", "lull")
    assert "S 2/3" in str(d.view("ann")["panels"]) and "S 3/3" in str(d.view("bob")["panels"])
    return d


def _bobs(d: Driver) -> tuple[str, object]:
    """Ada's tracker cells and owed picks as Bob reads them."""
    row = next(r for p in d.view("bob")["panels"] for r in p["rows"] if "Ada" in r)
    return str(row), d.view("bob")["state"]["exhaust_owed"]


@pytest.mark.rules("WD-CORE-011", "WD-EFFORT-009", "WD-EFFORT-010", "WD-CORE-003")
@pytest.mark.parametrize("ruling", [{"effort": {"focus": 1}}, {"restore_effort": True}])
def test_a_gm_effort_ruling_keeps_a_pick_owed_in_secret_owed_and_secret(ruling: dict[str, object]) -> None:
    # src 409: the lull leaves "one of their choice" to become exhausted; a ruling on Ada's effort
    # (her Focus set to 1 after a hard fall, or everything spent given back, WD-CORE-011) does not make
    # that pick or its kept-back dot (the one spent on the secret check) Bob's to know. Before, the
    # ruling unveiled the kept-back dot: Bob saw Ada's Stamina 2/3 (a check he never saw, failed), with
    # no pick owed; after her pick he saw it come back, 3/3. Now Bob sees S 3/3 throughout and no pick;
    # Ann sees S 2/3 and picks; then S 2/2 for her.
    d = _ada_owing_a_secret_pick()
    d.do("gm", "ruling", character="ada", text="A hard landing.", **ruling)
    row, owed = _bobs(d)
    assert "S 3/3" in row and owed == []
    assert "S 2/3" in str(d.view("ann")["panels"])
    assert d.state.owes_pick("ada") and [p.kind for p in d.prompts("ann")] == ["exhaust"]
    d.do("ann", "exhaust", character="ada", pool="stamina")
    row, owed = _bobs(d)
    assert "S 3/3" in row and owed == []
    assert "S 2/2" in str(d.view("ann")["panels"]) and "S 2/2" in str(d.view(None)["panels"])
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-CORE-011", "WD-EFFORT-009", "WD-CORE-003")
def test_the_gm_setting_the_secretly_held_pool_shows_bob_only_the_dot_set_in_the_open() -> None:
    # The GM rules Ada's Stamina at 1 (WD-CORE-011): of her two spent dots one is the kept-back secret
    # one (src 376, 409), the other the GM's open loss. Bob sees the open one (S 2/3) before and after
    # her secret pick; Ann sees 1/3, then 1/2. Before, Bob saw both (S 1/3), the secret one too; and
    # the secret pick must take its dot's veil with it, or the open dot would hide behind it (S 3/3).
    d = _ada_owing_a_secret_pick()
    d.do("gm", "ruling", character="ada", text="A hard landing.", effort={"stamina": 1})
    assert "S 2/3" in _bobs(d)[0] and "S 1/3" in str(d.view("ann")["panels"])
    d.do("ann", "exhaust", character="ada", pool="stamina")
    assert "S 2/3" in _bobs(d)[0] and "S 1/2" in str(d.view("ann")["panels"])
    assert d.replayed().state == d.state


# -- a gun fired on a secret roll (WD-REP-010, WD-CORE-003, WD-COMBAT-017; src 442) ----------------

PISTOL = {
    "name": "Pistol",
    "damage": "pierce",
    "tier": 2,
    "attack_stat": "dexterity",
    "ranged": True,
    "keywords": ["gun"],
}


def _gunman() -> Driver:
    """Vic (Ann's) and a thug with a pistol (Dex 4: +1), whom the players see; the thug acts second."""
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", {**sheet("thug", "Thug", "generic", dexterity=4), "held": [PISTOL]})
    d.do("gm", "start_combat", dice=[6])  # Vic 12, Thug 10
    d.do("ann", "end_turn", character="vic")
    return d


@pytest.mark.rules("WD-REP-010", "WD-CORE-003", "WD-COMBAT-017", "WD-COMBAT-019")
def test_a_gun_fired_on_a_secret_roll_plays__its_card_stays_the_gms_until_it_surfaces() -> None:
    # src 442: negative rep "every time the cape uses a gun to shoot at someone". The GM rolls the
    # thug's pistol shot at Vic in secret: [6] + 1 = 7 vs DS 4 hits, Vic told only that it hits. The
    # card's log line was the GM's, but the card itself sat in every seat's view and panels ("shot at
    # Vic with a Pistol ... known", guns fired 1). Now it is a secret card (WD-REP-010): no seat but
    # the GM's sees it or the shot in the count; the GM's cite of it is refused to the GM alone, saying
    # why, until it surfaces, when the players learn of it.
    d = _gunman()
    d.do("gm", "attack", character="thug", target="vic", weapon="pistol", hidden=True, dice=[6])
    assert [p.kind for p in d.prompts("ann")] == ["reaction"]
    d.answer("ann", "react-vic", "take", dice=[1])  # a moderate pierce wound; effect 1: none
    assert [w.damage.value for w in d.state.people["vic"].track.wounds] == ["pierce"]
    (card,) = d.state.campaign.ledger("thug").rep
    assert card.negative and card.secret and card.gun
    for seat in ("ann", "bob"):
        seen = str(d.view(seat))
        assert "shot at Vic" not in seen and "guns_fired" not in seen
        assert not any("negative rep" in line for line in d.words(seat))
    assert "shot at Vic" in str(d.view(None))
    d.refuse("gm", "cite_negative", character="thug", card=card.id, rule="WD-REP-010", match="is secret")
    d.do("gm", "cite_negative", character="thug", card=card.id, surfaces=True)
    assert "shot at Vic with a Pistol" in str(d.view("ann"))
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-REP-010", "WD-CORE-003")
def test_a_players_secret_shot_is_refused_as_the_gms_alone__an_open_shot_shows_its_card() -> None:
    # Only the GM rolls in secret (WD-CORE-003): Ann's hidden=true shot is refused, nothing changed,
    # saying only that; her open shot plays and its card is hers to see (src 442).
    d = table()
    add(d, "ann", {**sheet("vic", "Vic"), "held": [PISTOL]})
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6])
    err = d.refuse("ann", "attack", character="vic", target="thug", weapon="pistol", hidden=True, dice=[1])
    assert err.message == "Only the GM can roll in secret."
    d.do("ann", "attack", character="vic", target="thug", weapon="pistol", dice=[1])  # 1 + 0: a miss
    (card,) = d.state.campaign.ledger("vic").rep
    assert not card.secret and "shot at Thug with a Pistol" in str(d.view("bob"))


# -- high morale on a get-up roll and a sprint roll (WD-MORALE-003; src 453, 457-479) --------------


def _vic_down_with_great_morale() -> Driver:
    """Vic (Ann's, Guts 1: -2; Great morale, +2) is knocked out by the boss's cut in round 1 (the
    stay-up check [1] fails; the effect 1: none); round 2 begins with Doc's turn."""
    d = table()
    add(d, "ann", sheet("vic", "Vic", guts=1))
    add(d, "bob", sheet("doc", "Doc", dexterity=4, knowledge=4))
    add(d, "gm", sheet("boss", "Boss", "notable", brawn=5))
    d.do("gm", "start_combat", dice=[1, 6, 6])  # Doc, the boss, Vic
    d.do("bob", "end_turn", character="doc")
    d.do("gm", "attack", character="boss", target="vic", damage="cut", tier="lesser", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[1, 1])
    d.do("gm", "ruling", character="vic", text="Riding high", morale=2)
    d.do("gm", "end_turn", character="boss")
    return d


@pytest.mark.rules("WD-MORALE-003", "WD-WOUND-008")
def test_great_morale_buys_up_a_failed_get_up_roll() -> None:
    # src 453: high morale "can be spent; lowering morale by one step to change a die result"; src
    # 479: Tankspanker "fails, and decides he doesn't want to live with those consequences ... instead
    # takes an automatic 4". Vic spends Recovery to get up (src 400): Guts [1] - 3 (Guts 1, the track's
    # -1) = -2 vs 3+ fails. Before, 'Vic has no roll to spend morale on'. Now Great (+2) sets it to
    # 2 + 2 = 4 >= 3: Vic is up, morale Good, as a failed stay-up check bought up is.
    d = _vic_down_with_great_morale()
    d.do("ann", "get_up", character="vic", dice=[1])
    assert d.state.people["vic"].track.standing is Standing.UNCONSCIOUS
    assert "spend_morale" in {c.command for c in d.legal("ann")}
    d.do("ann", "spend_morale", character="vic")
    vic = d.state.people["vic"]
    assert vic.track.standing is Standing.UP and vic.morale == 1
    assert d.words()[-1] == (
        "Vic spends a step of morale: the Guts roll to get up counts as 4 (success); morale is now Good."
    )
    d.refuse("ann", "spend_morale", character="vic", rule="WD-MORALE-003")
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-MORALE-003", "WD-MOVE-005")
def test_great_morale_buys_up_a_sprint_roll_and_the_feet_it_fell_short_by() -> None:
    # src 890: sprinting, "individuals can roll Athletics and move 5' further on a 4+ and 10' further
    # on a 6+"; src 453, 479: high morale buys a roll up after it is seen. Vic (Athletics 3: 30 ft a
    # move) sprints, asking 70 ft: [3] + 0 = 3 adds nothing, the dice carry 60. Before, 'Vic has no roll
    # to spend morale on'. Now Great (+2) sets the roll to 4: 5 ft further, 65 in all, morale Good.
    d = table()
    add(d, "ann", sheet("vic", "Vic", athletics=3))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6])
    d.do("gm", "ruling", character="vic", text="Riding high", morale=2)
    d.do("ann", "move", character="vic", feet=70, sprint=True, dice=[3])
    assert d.state.fight is not None and d.state.fight.turn is not None
    assert d.state.fight.turn.moved == 60
    assert "spend_morale" in {c.command for c in d.legal("ann")}
    spent = d.do("ann", "spend_morale", character="vic")
    assert [e.type for e in spent] == ["weaverdice.morale_spent"]  # one step, one line
    assert d.state.fight.turn.moved == 65 and d.state.people["vic"].morale == 1
    assert d.words()[-1] == (
        "Vic spends a step of morale: the sprint's Athletics roll counts as 4 (success) and carries Vic"
        " 5 ft further; morale is now Good."
    )
    d.refuse("ann", "spend_morale", character="vic", rule="WD-MORALE-003")
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-MORALE-003", "WD-MOVE-005")
def test_no_morale_chance_on_a_sprint_the_dice_carried_as_far_as_asked() -> None:
    # Vic asks 60 ft, what two moves carry whatever the roll: a bought-up roll would move him no
    # further, so none is offered (spending it would cost a step for nothing).
    d = table()
    add(d, "ann", sheet("vic", "Vic", athletics=3))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6])
    d.do("gm", "ruling", character="vic", text="Riding high", morale=2)
    d.do("ann", "move", character="vic", feet=60, sprint=True, dice=[3])
    assert d.state.chances == {}
    d.refuse("ann", "spend_morale", character="vic", rule="WD-MORALE-003")


def _vic_and_thug(morale: int) -> Driver:
    """Vic (Ann's, Brawn 3) with morale ``morale`` and a generic thug (Brawn 3); Vic acts first."""
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6])
    d.do("gm", "ruling", character="vic", text="Riding high", morale=morale)
    return d


@pytest.mark.rules("WD-MORALE-003", "WD-GRAPPLE-002")
def test_a_holder_commits_great_morale_to_the_grapple_round_and_a_low_roll_counts_as_4() -> None:
    # src 932: "opposed strength rolls are made" each round; src 453: high morale "can be spent ...
    # to change a die result". The round is one roll of both sides, so the step is committed with the
    # round, as its Stamina is, and spent only should the roll come out below 2 + k. Vic holds the
    # thug; his round: [1] + 0 = 1 against [3] + 0 = 3 would lose. Great (+2) counts his as 4: a
    # margin of 1, held, morale Good. Before, grapple took no morale: the round could not be bought.
    d = _vic_and_thug(2)
    d.do("ann", "grab", character="vic", target="thug", dice=[6])  # 6 vs DS 3: the grapple begins
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    d.do("ann", "grapple", character="vic", target="thug", morale=True, dice=[1, 3])
    assert d.state.grapples["vic>thug"].banked == 1 and d.state.people["vic"].morale == 1
    assert (
        d.words()[-1]
        == "Vic wrestles Thug: 4 (a step of Vic's morale) against 3, a margin of 1; 1 point held."
    )
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-MORALE-003", "WD-GRAPPLE-002")
def test_a_step_committed_to_a_grapple_roll_that_needs_none_is_kept() -> None:
    # [5] + 0 = 5 is above Great's 4: committing morale spends nothing; Neutral morale cannot commit.
    d = _vic_and_thug(2)
    d.do("ann", "grab", character="vic", target="thug", dice=[6])
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    d.do("ann", "grapple", character="vic", target="thug", morale=True, dice=[5, 3])
    assert d.state.people["vic"].morale == 2 and d.state.grapples["vic>thug"].banked == 2
    d = _vic_and_thug(0)
    d.do("ann", "grab", character="vic", target="thug", dice=[6])
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    d.refuse("ann", "grapple", character="vic", target="thug", morale=True, dice=[1, 3], rule="WD-MORALE-003")


@pytest.mark.rules("WD-MORALE-003", "WD-GRAPPLE-002", "WD-GRAPPLE-010")
def test_the_held_one_braces_with_superb_morale_and_breaks_free_on_a_low_roll() -> None:
    # The held one's roll is made on the holder's turn, so, as Stamina is (WD-GRAPPLE-002), the step
    # is committed beforehand with brace. The thug holds Vic (Superb, +3); Vic braces with morale
    # alone. The thug's round: [4] + 0 = 4 against Vic's [1] = 1, counted as 2 + 3 = 5: Vic breaks
    # free, morale Great. Before, brace took Stamina only.
    d = _vic_and_thug(3)
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "grab", character="thug", target="vic", dice=[6])
    d.answer("ann", "react-vic", "take")
    d.do("ann", "brace", character="vic", holder="thug", stamina=0, morale=True)
    assert d.words()[-1] == (
        "Vic braces against Thug's hold: a step of high morale should the next round's roll come out low."
    )
    d.refuse("ann", "brace", character="vic", holder="thug", stamina=0, rule=None, match="commits Stamina")
    d.do("gm", "end_turn", character="thug")
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "grapple", character="thug", target="vic", dice=[4, 1])
    assert d.state.grapples == {} and d.state.people["vic"].morale == 2
    assert "Thug wrestles Vic: 4 against 5 (a step of Vic's morale); Vic breaks free" in d.words()[-1]
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-MORALE-003", "WD-NPC-003", "WD-GRAPPLE-002")
def test_a_hidden_npcs_morale_is_not_committed_beside_a_grapples_open_roll() -> None:
    # The round's totals are every seat's to read (src 932); a hidden NPC's morale is the GM's
    # (WD-NPC-003), so a step set beside them would tell it. The GM is refused, nothing changed; the
    # round plays without it.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=4), hidden=True)
    d.do("gm", "start_combat", dice=[1, 6])  # the brute first
    d.do("gm", "ruling", character="brute", text="Gloating", morale=2)
    d.do("gm", "grab", character="brute", target="vic", dice=[6])
    d.answer("ann", "react-vic", "take")
    d.do("gm", "end_turn", character="brute")
    d.do("ann", "end_turn", character="vic")
    d.refuse("gm", "grapple", character="brute", target="vic", morale=True, dice=[1, 3], rule="WD-MORALE-003")
    d.do("gm", "grapple", character="brute", target="vic", dice=[1, 3])
    assert d.state.people["brute"].morale == 2


@pytest.mark.rules("WD-CORE-011", "WD-EFFORT-009", "WD-CORE-003")
def test_the_gm_setting_another_pool_leaves_a_secret_spend_secret_and_its_lull_too() -> None:
    # Ada's secret climb costs a Stamina dot (src 376): Bob sees S 3/3. The GM rules her Focus at 3
    # (WD-CORE-011), saying nothing of her Stamina. Before, the ruling unveiled every secret dot: Bob
    # saw S 2/3, and the lull then named Ada to him with a pick owed. Now her Stamina stays 3/3 to Bob,
    # the lull tells him nothing and her pick is owed to her alone (src 409).
    d = table()
    add(d, "ann", sheet("ada", "Ada", athletics=3, wits=3, guts=3))
    add(d, "bob", sheet("bo", "Bo"))
    d.do("gm", "call_check", character="ada", stat="athletics", tn=4, task="the fence", hidden=True)
    d.do("ann", "check", character="ada", call=max(d.state.calls), dice=[2])
    d.do("ann", "reroll", character="ada", dice=[5])
    d.do("gm", "ruling", character="ada", text="Steady nerves.", effort={"focus": 3})
    assert "S 3/3" in _bobs(d)[0] and "S 2/3" in str(d.view("ann")["panels"])
    before = len(d.words("bob"))
    d.do("gm", "lull")
    assert not any("Ada" in line for line in d.words("bob")[before:])
    assert _bobs(d)[1] == [] and [p.kind for p in d.prompts("ann")] == ["exhaust"]
    d.do("ann", "exhaust", character="ada", pool="stamina")
    assert "S 3/3" in _bobs(d)[0] and "S 2/2" in str(d.view("ann")["panels"])
    assert d.replayed().state == d.state
