"""A short Weaverdice fight at the web table: a GM and two players in three browser contexts.

Played through the pages (the menu's forms, given dice, prompt buttons) and
the Weaverdice touch: the combat tracker (turn order, actions left, wound
boxes by tier and damage type with their effects, effort dots, statuses,
morale on its scale) and the preview of an attack, a check and a Dodge or
Block with its exact odds before the roll. A hidden NPC's sheet never reaches
a player's page, and a reload mid-fight resumes with nothing lost or doubled.
The harness (uvicorn on loopback, Debian's Chromium) is the one
``test_browser.py`` uses; screenshots go to the same place.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from capeworks.systems.weaverdice.samples import SAMPLES
from tests.server.browser_fixtures import SEATS as WD_SEATS
from tests.server.test_browser import (
    CHROMIUM,
    Seats,
    assert_whole_log,
    field,
    give_dice,
    menu,
    prompt,
    shoot,
    sit,
)

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")


#: written on the hidden NPC's sheet: no player's page may ever contain it
SECRET = "carries the harbour master's ledger"
#: a character name that is markup: shown as text, never run
HOSTILE = '<img src=x onerror="window.__pwned=1">'


def fighter(page: Page, ident: str) -> Any:
    """One character's card in the tracker."""
    return page.locator(f".wd-tracker .wd-fighter[data-character='{ident}']")


def bar(section: Any, outcome: int) -> Any:
    """The odds chart's bar for one total (its label starts with the total)."""
    return section.locator(f".odds .bar[aria-label^='{outcome}:']")


@pytest.mark.rules(
    "WD-COMBAT-004",
    "WD-COMBAT-008",
    "WD-COMBAT-017",
    "WD-COMBAT-019",
    "WD-CORE-004",
    "WD-MORALE-002",
    "WD-WOUND-002",
    "WD-EFFORT-003",
    "WD-EFFORT-009",
    "WD-WFX-005",
    "WD-WFX-004",
    "WD-NPC-003",
)
def test_wd_fight__attack_reaction_wound_hidden_npc_and_reload_in_three_browsers(
    web_table: str, chromium: Browser, artifacts: Path
) -> None:
    table = Seats(web_table, "weaverdice", WD_SEATS, title="Dockside brawl")
    table.act("gm", "add_character", sheet=SAMPLES["ramjet"], owner="ann")
    table.act("gm", "add_character", sheet=SAMPLES["stave"], owner="bo")
    table.act("gm", "add_character", sheet=SAMPLES["thug"])
    # Stave starts the night at Poor morale (-2): his results are capped at 7 - 2 = 5.
    table.act("gm", "change_morale", character="stave", steps=-2, reason="a bad night")
    gm, ann, bo = pages = [sit(chromium, table.invites[s]) for s in ("gm", "ann", "bo")]
    expect(fighter(bo, "stave").locator(".wd-step.here")).to_have_text("-2")
    expect(fighter(bo, "stave").locator(".wd-morale .wd-cap")).to_have_text("cap 5")

    # The GM starts the fight with given dice 1 and 5: Ramjet 8 + 1 = 9, Stave 8 + 5 = 13,
    # the thug 6 + 3 = 9 (generics roll nothing); Ramjet wins the tie as a PC (WD-COMBAT-004/005).
    start = menu(gm, "start a fight")
    give_dice(gm, "1 5")
    start.locator("button[type=submit]").click()
    for page in pages:
        expect(page.locator(".log")).to_contain_text("Order: Stave, Ramjet, Thug.")
        expect(page.locator(".wd-order > li")).to_have_count(3)
        expect(page.locator(".wd-order > li").first).to_have_attribute("data-character", "stave")
        expect(page.locator(".wd-fighter.current")).to_have_attribute("data-character", "stave")
        # two actions a turn (WD-COMBAT-008), drawn as two lit pips
        expect(page.locator(".wd-now .wd-actions .pip.on")).to_have_count(2)
    expect(bo.locator(".prompt", has_text="Stave's turn")).to_be_visible()

    # Bo's attack on the thug, previewed before the roll: 1 die + 1 for Brawl, the highest kept,
    # Brawn 4 -> +1, capped at 5 by morale: totals 2..5 only, P(5) = 1 - (4/6)^2 = 20/36 = 3/4;
    # the thug's defense is 3, so P(success) = 1 - P(both dice 1) = 35/36 = 97%.
    attack = menu(bo, "attack")
    field(attack, "target").fill("thug")
    field(attack, "skills").fill("Brawl")
    preview = attack.locator(".wd-preview")
    expect(preview.locator(".die.blank")).to_have_count(2)
    expect(preview.locator(".wd-cap")).to_contain_text("caps the result at 5")
    expect(preview.locator(".odds .bar")).to_have_count(4)
    expect(bar(preview, 5)).to_have_attribute("aria-label", "5: 75% (exactly 3/4)")
    expect(preview.locator(".wd-chance")).to_have_text("97%")
    shoot(bo, artifacts, "wd-1-bo-attack-preview")
    give_dice(bo, "6 2 3")
    attack.locator("button[type=submit]").click()
    # [6 2] keep 6 +1 = 7, capped at 5 vs 3: a hit; a lesser bash wound, effect d6 = 3 (knocked down).
    for page in pages:
        expect(page.locator(".log")).to_contain_text("capped at 5 by low morale; 5 vs 3+: success; it hits")
        thug = fighter(page, "thug")
        expect(thug.locator(".wd-slot.wound.t-lesser.d-bash")).to_have_count(1)
        expect(thug.locator(".wd-slot.empty")).to_have_count(1)  # Guts 2: two slots, one filled
        expect(thug.locator(".wd-status")).to_have_text(["knocked down"])
        expect(page.locator(".wd-now .wd-actions .pip.on")).to_have_count(1)

    # Bo and Ann end their turns from the menu; the thug's turn comes to the GM.
    menu(bo, "end the turn").get_by_role("button", name="end the turn").click()
    expect(ann.locator(".wd-fighter.current")).to_have_attribute("data-character", "ramjet")
    menu(ann, "end the turn").get_by_role("button", name="end the turn").click()
    for page in pages:
        expect(page.locator(".wd-fighter.current")).to_have_attribute("data-character", "thug")

    # The GM's thug swings at Ramjet: 1 die, Brawn 4 -> +1, against Ramjet's defense 4:
    # P(d6 + 1 >= 4) = P(d6 >= 3) = 4/6 = 67%; six totals, 2..7, no cap at Neutral morale.
    swing = menu(gm, "attack")
    field(swing, "target").fill("ramjet")
    expect(swing.locator(".wd-preview .die.blank")).to_have_count(1)
    expect(swing.locator(".wd-preview .odds .bar")).to_have_count(6)
    expect(swing.locator(".wd-preview .wd-chance")).to_have_text("67%")
    give_dice(gm, "5")
    swing.locator("button[type=submit]").click()
    for page in pages:
        expect(page.locator(".log")).to_contain_text("Ramjet may dodge or block")

    # Only Ann is asked: each answer's odds for 1 Focus against the total 5 + 1 = 6:
    # Athletics 4 or Brawn 4 (+1) needs a 5 or 6 on one die: 2/6 = 33%.
    react = prompt(ann, "Thug hits Ramjet with 6")
    rows = react.locator("table.wd-reaction tbody tr")
    expect(rows).to_have_count(3)
    expect(rows.nth(0).locator(".wd-chance")).to_have_text("33%")
    expect(rows.nth(1).locator(".wd-chance")).to_have_text("33%")
    expect(bo.locator(".prompt")).to_have_count(0)
    expect(gm.locator(".waiting-on")).to_contain_text("Waiting on Ann")
    shoot(ann, artifacts, "wd-2-ann-reaction-odds")
    # Ann dodges with a 2 (+1 = 3 < 6: it fails), then the effect die 3 on the lesser Bash table.
    give_dice(ann, "2 3")
    react.get_by_role("button", name="dodge").click()
    effect = prompt(ann, "Ramjet's lesser bash effect")
    # the decision says what the die did and what each answer does (issue 19, item 5); its rule
    # id waits behind "Which rule?" (src 392: Recovery ignores a lesser or moderate effect)
    expect(effect.locator("h3")).to_have_text(
        "Ramjet's lesser bash effect, Ramjet to decide: the effect is knocked down, the wound fades "
        "at the next rest. A Recovery dot ignores a lesser or moderate effect; the wound itself stays."
    )
    spend = effect.get_by_role("button", name=re.compile(r"^Spend 1 Recovery \(\d left\): ignore the effect"))
    expect(spend).to_be_visible()
    keep = effect.get_by_role(
        "button", name="Keep the Recovery: knocked down, the wound fades at the next rest"
    )
    expect(keep).to_be_visible()
    rule = effect.locator("details.rule")
    expect(rule.locator("span")).not_to_be_visible()
    assert "WD-" not in effect.inner_text()
    rule.locator("summary").click()
    expect(rule.locator("span")).to_have_text("WD-WFX-004")
    shoot(ann, artifacts, "wd-2b-ann-effect-explained")
    keep.click()
    for page in pages:
        expect(page.locator(".log")).to_contain_text("Ramjet tries to dodge: [2] +1 = 3; 3 vs 6+: failure")
        expect(page.locator(".log")).to_contain_text("Lesser bash effect on Ramjet (rolled 3)")
        ramjet = fighter(page, "ramjet")
        wound = ramjet.locator(".wd-slot.wound.t-lesser.d-bash")
        expect(wound).to_have_count(1)
        expect(wound).to_have_attribute("aria-label", re.compile("fades at the next rest"))
        expect(ramjet.locator(".wd-status")).to_have_text(["knocked down"])
        # the dodge spent 1 Focus (WD-EFFORT-003): 2 dots left, 1 spent
        focus = ramjet.locator(".wd-pool[data-pool='focus']")
        expect(focus.locator(".dot.on")).to_have_count(2)
        expect(focus.locator(".dot.spent")).to_have_count(1)
    shoot(ann, artifacts, "wd-3-ann-wounded")

    # Bo reloads mid-fight: the same log, the same wounds, nothing lost or doubled.
    bo.reload()
    expect(bo.locator(".status.live")).to_be_visible()
    assert_whole_log(bo, table, "bo")
    expect(fighter(bo, "ramjet").locator(".wd-slot.wound")).to_have_count(1)
    expect(fighter(bo, "thug").locator(".wd-slot.wound")).to_have_count(1)
    expect(bo.locator(".wd-fighter.current")).to_have_attribute("data-character", "thug")

    # The GM brings in a hidden notable: the players see a name and tier, nothing of the sheet.
    sheet = {**SAMPLES["steeltoe"], "special": f"Steel-capped boots; {SECRET}."}
    table.act("gm", "add_character", sheet=sheet, hidden=True)
    for page in pages:
        expect(page.locator(".log")).to_contain_text("Steeltoe")
        expect(fighter(page, "steeltoe")).to_be_visible()
    for page in (ann, bo):
        veiled = fighter(page, "steeltoe")
        expect(veiled).to_have_class(re.compile("veiled"))
        expect(veiled.locator(".wd-slot.unknown")).to_have_count(1)
        expect(veiled).to_contain_text("effort: not shown")
        expect(veiled).to_contain_text("morale: not shown")
    # the GM sees Steeltoe's whole track (Guts 4: four slots), marked hidden, and his sheet
    expect(fighter(gm, "steeltoe").locator(".wd-slot.empty")).to_have_count(4)
    expect(fighter(gm, "steeltoe").locator(".wd-hidden")).to_be_visible()
    expect(gm.locator(".wd-sheets")).to_contain_text(SECRET)

    # The GM ends the fight after a lull: Ramjet spent Focus, so Ann picks the pool that loses a
    # dot until a night's sleep (WD-EFFORT-009); Focus 3 - 1 exhausted = 2, both back: 2 lit, 1 crossed.
    end = menu(gm, "end the fight")
    end.locator("button[type=submit]").click()
    prompt(ann, "which of Ramjet's effort pools").get_by_role("button", name="focus").click()
    for page in pages:
        expect(page.locator(".log")).to_contain_text("one Focus dot is exhausted until a night's sleep")
        focus = fighter(page, "ramjet").locator(".wd-pool[data-pool='focus']")
        expect(focus.locator(".dot.on")).to_have_count(2)
        expect(focus.locator(".dot.spent")).to_have_count(0)
        expect(focus.locator(".dot.exhausted")).to_have_count(1)
        expect(page.locator(".wd-fighter.current")).to_have_count(0)

    # Every page holds its whole log once; the secret sheet never reached a player's page.
    for page, seat in ((gm, "gm"), (ann, "ann"), (bo, "bo")):
        assert_whole_log(page, table, seat)
    for page in (ann, bo):
        assert SECRET not in page.content()
        assert "Steel-capped" not in page.content()
    shoot(gm, artifacts, "wd-4-gm")
    shoot(bo, artifacts, "wd-4-bo")
    for page in pages:
        assert page.js_errors == []  # type: ignore[attr-defined]


@pytest.mark.rules("WD-CORE-001", "WD-CORE-003", "WD-CORE-004", "WD-MORALE-003")
def test_wd_called_check__the_gm_sees_the_odds_while_calling_and_the_player_before_rolling(
    web_table: str, chromium: Browser, artifacts: Path
) -> None:
    table = Seats(web_table, "weaverdice", WD_SEATS[:2], title="Rooftops")
    table.act("gm", "add_character", sheet=SAMPLES["ramjet"], owner="ann")
    # Ramjet is in Great spirits (+2): a spent step would set a failed result to 2 + 2 = 4.
    table.act("gm", "change_morale", character="ramjet", steps=2)
    # an NPC whose name is markup: the tracker and sheets must show it as text
    table.act("gm", "add_character", sheet={**SAMPLES["thug"], "name": HOSTILE})
    gm, ann = pages = [sit(chromium, table.invites[s]) for s in ("gm", "ann")]
    for page in pages:
        expect(fighter(page, "thug").locator(".wd-name")).to_have_text(HOSTILE)
        expect(page.locator(".wd-sheets summary", has_text=HOSTILE)).to_be_visible()
        assert page.evaluate("window.__pwned") is None
        assert page.locator(".wd-tracker img").count() == 0

    # The GM's form previews the call: Athletics 4 (+1) with 1 extra die, the highest kept, at 5+:
    # P(max of 2d6 >= 4) = 1 - (3/6)^2 = 3/4 = 75%.
    call = menu(gm, "call for a check")
    field(call, "character").fill("ramjet")
    field(call, "stat").fill("athletics")
    field(call, "tn").fill("5")
    field(call, "dice").fill("1")
    field(call, "task").fill("leap the gap")
    expect(call.locator(".wd-preview .die.blank")).to_have_count(2)
    expect(call.locator(".wd-preview .wd-chance")).to_have_text("75%")
    call.locator("button[type=submit]").click()

    # Ann's prompt shows the same odds before she rolls, and that a spent step (4) falls short of 5.
    roll = prompt(ann, "The GM calls for Ramjet's athletics at 5+")
    preview = roll.locator(".wd-preview")
    expect(preview.locator(".die.blank")).to_have_count(2)
    expect(preview.locator(".wd-chance")).to_have_text("75%")
    expect(preview).to_contain_text("A spent step of morale sets a failure to 4, not enough.")
    # totals 2..7 with 1 extra die and +1: P(7) = 1 - (5/6)^2 = 11/36
    expect(bar(preview, 7)).to_have_attribute("aria-label", "7: 31% (exactly 11/36)")
    shoot(ann, artifacts, "wd-5-ann-called-check")
    give_dice(ann, "3 4")
    roll.get_by_role("button", name="roll").click()
    for page in pages:
        expect(page.locator(".log")).to_contain_text("[3 4] keep 4 +1 = 5; 5 vs 5+: success")
    expect(ann.locator(".prompt")).to_have_count(0)
    for page, seat in ((gm, "gm"), (ann, "ann")):
        assert_whole_log(page, table, seat)
    for page in pages:
        assert page.js_errors == []  # type: ignore[attr-defined]


@pytest.mark.rules("WD-CORE-004", "WD-CORE-005", "WD-MORALE-002")
def test_wd_preview_notation__matches_the_rulesets_exact_odds_for_every_small_pool(
    web_table: str, chromium: Browser
) -> None:
    """The notation the touch sends to /api/dice/odds gives exactly the ruleset's distribution of a
    check's final total, for 1-6 dice, modifiers -3..+3 and every morale step -5..+4 (420 cases)."""
    from capeworks.dice import distribution
    from capeworks.systems.weaverdice.odds import total_distribution

    context = chromium.new_context()
    page = context.new_page()
    page.goto(web_table + "/")
    cases = [(d, m, k) for d in range(1, 7) for m in range(-3, 4) for k in range(-5, 5)]
    written = page.evaluate(
        """async (cases) => {
          const wd = await import("/rulesets/weaverdice/touch.js");
          return cases.map(([d, m, k]) => wd.notation(d, m, wd.moraleCap(k)));
        }""",
        cases,
    )
    context.close()
    # e.g. 2 dice, +1, morale -2: min(2d6kh1+1, 5) -> {2: 1/36, 3: 3/36, 4: 5/36, 5: 27/36}
    assert written[cases.index((2, 1, -2))] == "min(2d6kh1+1, 5)"
    for (dice, mod, morale), expr in zip(cases, written, strict=True):
        ours = distribution(expr).probabilities
        theirs = total_distribution(dice, mod, morale).probabilities
        assert ours == theirs, (dice, mod, morale, expr)


@pytest.mark.rules("WD-COMBAT-005", "WD-NPC-003", "WD-COMBAT-017")
def test_wd_hidden_npc__players_see_the_pcs_roll_off_and_the_npcs_total_never_its_numbers(
    web_table: str, chromium: Browser, artifacts: Path
) -> None:
    """Issue 19, item 8: with a hidden NPC in the fight, the tied PCs' roll-off dice are on every
    page; the hidden NPC's initiative die and its attack's dice and modifier are on the GM's only."""
    table = Seats(web_table, "weaverdice", WD_SEATS, title="Hidden hand")
    table.act(
        "gm", "add_character", sheet={"id": "ada", "name": "Ada", "tier": "pc", "stats": {}}, owner="ann"
    )
    table.act(
        "gm", "add_character", sheet={"id": "ben", "name": "Ben", "tier": "pc", "stats": {}}, owner="bo"
    )
    hood = {"id": "hood", "name": "Hood", "tier": "notable", "stats": {"brawn": 5, "athletics": 1}}
    table.act("gm", "add_character", sheet=hood, hidden=True)
    # Ada 4, Ben 4 (a full tie: roll-off 2 vs 5), Hood 1: order Ben, Ada, Hood
    table.act("gm", "start_combat", dice=(4, 4, 1, 2, 5))
    gm, ann, bo = pages = [sit(chromium, table.invites[s]) for s in ("gm", "ann", "bo")]
    for page in pages:
        start = page.locator(".log .entry", has_text="The fight begins.")
        expect(start).to_contain_text("Ada 10 (rolled 4) (roll-off 2), Ben 10 (rolled 4) (roll-off 5)")
        expect(start.locator(".roll", has_text="roll-off")).to_have_count(2)
        expect(start.locator(".roll", has_text="roll-off ben").locator(".die")).to_have_attribute(
            "aria-label", "d6 showing 5 (given)"
        )
    for page in (ann, bo):
        assert "initiative hood" not in page.locator(".log").inner_text()
    expect(gm.locator(".log")).to_contain_text("initiative hood")

    table.act("bo", "end_turn", character="ben")
    table.act("ann", "end_turn", character="ada")
    # Hood swings at Ada: 3 + 2 (Brawn 5) = 5 against her defense
    table.act("gm", "attack", character="hood", target="ada", dice=(3,))
    for page in (ann, bo):
        seen = page.locator(".log .entry", has_text="Hood attacks Ada")
        expect(seen).to_contain_text(
            re.compile(r"Hood attacks Ada \(lesser bash\) vs defense \d+: 5; it hits")
        )
        expect(seen.locator(".roll")).to_have_count(0)
        assert "+2" not in page.locator(".log").inner_text()
        assert "[3]" not in page.locator(".log").inner_text()
    expect(prompt(ann, "Hood hits Ada with 5")).to_be_visible()
    expect(gm.locator(".log")).to_contain_text("[3] +2 = 5")
    shoot(ann, artifacts, "wd-6-ann-hidden-npc-numbers")
    for page in pages:
        assert page.js_errors == []  # type: ignore[attr-defined]


def test_wd_armor_slot__its_label_fits_the_slot(web_table: str, chromium: Browser) -> None:
    """Issue 19, item 8: "ARMOR" was clipped in a wound slot; the label fits inside its box."""
    table = Seats(web_table, "weaverdice", WD_SEATS[:2], title="Plated")
    armored = {"id": "ada", "name": "Ada", "tier": "pc", "stats": {}, "armor": 1}
    table.act("gm", "add_character", sheet=armored, owner="ann")
    ann = sit(chromium, table.invites["ann"])
    slot = fighter(ann, "ada").locator(".wd-slot.empty.armor")
    expect(slot).to_have_count(1)
    label = slot.locator(".wd-dmg")
    expect(label).to_have_text(re.compile("armor", re.I))
    fits = slot.evaluate(
        """s => { const l = s.querySelector('.wd-dmg'); const a = s.getBoundingClientRect();
          const b = l.getBoundingClientRect();
          return l.scrollWidth <= l.clientWidth + 1
            && b.left >= a.left - 0.5 && b.right <= a.right + 0.5; }"""
    )
    assert fits
    assert ann.js_errors == []  # type: ignore[attr-defined]


@pytest.mark.rules("WD-NPC-003", "WD-COMBAT-019", "WD-COMBAT-020")
def test_wd_hidden_npc_dodge__players_see_its_total_and_outcome_the_gm_its_dice_and_modifier(
    web_table: str, chromium: Browser, artifacts: Path
) -> None:
    """Issue 19: a hidden NPC's Dodge reads on a player's page as the GM would announce it (its total
    and whether it held); the die and modifier are on the GM's page only."""
    table = Seats(web_table, "weaverdice", WD_SEATS, title="Hidden dodge")
    ada = {"id": "ada", "name": "Ada", "tier": "pc", "stats": {"athletics": 3}}
    table.act("gm", "add_character", sheet=ada, owner="ann")
    hood = {"id": "hood", "name": "Hood", "tier": "notable", "stats": {"athletics": 5}}
    table.act("gm", "add_character", sheet=hood, hidden=True)
    table.act("gm", "start_combat", dice=(6, 1))  # Ada first
    table.act("ann", "attack", dice=(4,), character="ada", target="hood")  # 4 vs defense 4: a hit
    gm, ann = (sit(chromium, table.invites[s]) for s in ("gm", "ann"))
    react = prompt(gm, "Ada hits Hood with 4")
    give_dice(gm, "1 1")  # the dodge: 1 + 2 (Athletics 5) = 3, it fails; then the effect die
    react.get_by_role("button", name="dodge").click()
    seen = ann.locator(".log .entry", has_text="Hood tries to dodge")
    expect(seen).to_have_text(re.compile(r"Hood tries to dodge: 3; Hood fails to dodge\."))
    expect(seen.locator(".roll")).to_have_count(0)
    expect(ann.locator(".log")).to_contain_text("The GM makes a roll.")
    assert "+2" not in ann.locator(".log").inner_text()
    expect(gm.locator(".log")).to_contain_text("Hood tries to dodge: [1] +2 = 3; 3 vs 4+: failure")
    expect(gm.locator(".log .entry", has_text="[1] +2 = 3").locator(".roll")).to_have_count(1)
    shoot(ann, artifacts, "wd-7-ann-hidden-npc-dodge")
    for page in (gm, ann):
        assert page.js_errors == []  # type: ignore[attr-defined]
