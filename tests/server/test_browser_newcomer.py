"""A whole short session played as new users would, one GM tab and two player tabs (web51).

Found by playing Bulletproof Blues and the Workshop from the lobby through the pages' forms and
buttons only: what a newcomer met that read as code or asked for ids no page shows. Each test is
one fault, kept so it stays fixed. The harness is test_browser.py's.
"""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.server.browser_fixtures import SEATS
from tests.server.test_browser import CHROMIUM, Seats, field, link_token, menu, prompt, sit, suggested

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")


def test_bpb_menu__a_ways_flag_reads_as_words_never_true_or_false(web_table: str, chromium: Browser) -> None:
    table = Seats(web_table, "bpb", SEATS, title="Blues night")
    table.act("ann", "add_character", sample="ganyeka")
    table.act("bo", "add_character", sample="widow")
    table.act("gm", "add_character", sample="agent-a")
    table.act("gm", "start_fight", characters=["ganyeka", "widow", "agent-a"])  # Widow acts first
    gm, bo = sit(chromium, table.invites["gm"]), sit(chromium, table.invites["bo"])
    guard = "block or dodge until the next action"
    # on her own turn Widow's block is the task action (forced: false): the menu said "(Widow, false)"
    expect(menu(bo, guard).locator("summary")).to_have_text(f"{guard} (Widow)")
    # off his turn Agent Adler's is forced (it costs his next action): it said "(Agent Adler, true)"
    expect(menu(gm, guard).locator("summary")).to_have_text(f"{guard} (Agent Adler, forced)")
    assert gm.js_errors == [] and bo.js_errors == []  # type: ignore[attr-defined]


@pytest.mark.rules("BPB-INIT-001", "BPB-EXT-003")
def test_bpb_forms__a_fights_and_a_competitions_lists_of_characters_are_ticked_by_name(
    web_table: str, chromium: Browser
) -> None:
    table = Seats(web_table, "bpb", SEATS, title="Blues night")
    table.act("ann", "add_character", sample="ganyeka")
    table.act("bo", "add_character", sample="widow")
    table.act("gm", "add_character", sample="agent-a")
    gm, ann = sit(chromium, table.invites["gm"]), sit(chromium, table.invites["ann"])
    names = ["Ganyeka", "Widow", "Agent Adler"]
    # the lists of who is aware first, who is unaware and who flies took ids ("agent-a") no page shows
    start = menu(gm, "start a fight")
    for name in ("characters", "aware_first", "unaware", "airborne"):
        expect(
            field(start, name).locator("xpath=preceding-sibling::fieldset[1]").locator(".pick")
        ).to_have_text(names)
    picks = {
        n: field(start, n).locator("xpath=preceding-sibling::fieldset[1]") for n in ("characters", "unaware")
    }
    for name in names:
        picks["characters"].locator("label", has_text=name).locator("input").check()
    picks["unaware"].locator("label", has_text="Agent Adler").locator("input").check()
    expect(field(start, "unaware")).to_have_value("agent-a")
    start.locator("button[type=submit]").click()
    # BPB-INIT-001: the unaware act last
    expect(ann.locator(".log")).to_contain_text("not yet aware of their opponents: Agent Adler.")
    # a competition's sides, likewise
    contest = menu(gm, "call a competition")
    sides = field(contest, "sides").locator("xpath=preceding-sibling::fieldset[1]")
    expect(sides.locator(".pick")).to_have_text(names)
    sides.locator("label", has_text="Widow").locator("input").check()
    sides.locator("label", has_text="Agent Adler").locator("input").check()
    expect(field(contest, "sides")).to_have_value("widow\nagent-a")
    assert gm.js_errors == [] and ann.js_errors == []  # type: ignore[attr-defined]


def test_workshop_log__an_attacks_dice_are_labelled_with_the_targets_name_not_its_id(
    web_table: str, chromium: Browser
) -> None:
    table = Seats(web_table, "workshop", SEATS, title="Rooftop")
    table.act("ann", "add_character", id="jade", sample="jade")
    table.act("bo", "add_character", id="rook", sample="rook")
    table.act("gm", "add_character", id="viper", sample="viper")
    table.act("gm", "start_sequence")  # Jade acts first
    gm, ann, bo = pages = [sit(chromium, table.invites[s]) for s in ("gm", "ann", "bo")]
    attack = menu(ann, "attack")
    attack.locator(".picks label", has_text="Madame Viper").locator("input").check()
    attack.locator("button[type=submit]").click()
    prompt(gm, "Jade Tiger attacks Madame Viper").get_by_role(
        "button", name=re.compile("passive Defense")
    ).click()
    for page in pages:
        # the dice under the attack's line said "attack on viper": an id no page names her by
        roll = page.locator(".log .entry[data-type='workshop.attack_rolled'] .roll .purpose")
        expect(roll).to_have_text("attack on Madame Viper")
    assert gm.js_errors == [] and ann.js_errors == [] and bo.js_errors == []  # type: ignore[attr-defined]


def test_workshop_call_for_a_roll__one_trait_ticked_is_refused_in_words_not_pydantics(
    web_table: str, chromium: Browser
) -> None:
    table = Seats(web_table, "workshop", SEATS, title="Rooftop")
    table.act("ann", "add_character", id="jade", sample="jade")
    gm = sit(chromium, table.invites["gm"])
    before = table.log_seqs("gm")
    call = menu(gm, "call for a roll")
    field(call, "character").fill("jade")
    call.locator(".picks label", has_text="Agility").locator("input").check()
    field(call, "difficulty").fill("15")
    call.locator("button[type=submit]").click()
    # it said "traits: List should have at least 2 items after validation, not 1"
    notice = gm.locator(".notice.error")
    expect(notice).to_contain_text("traits: give at least 2 (1 given).")
    expect(notice).not_to_contain_text("List should")
    assert table.log_seqs("gm") == before  # refused: nothing happened
    assert gm.js_errors == []  # type: ignore[attr-defined]


@pytest.mark.rules("BPB-ROLL-004")
def test_bpb_call_for_a_task_roll__offers_the_rollers_attributes_and_skills_and_the_ladders_levels(
    web_table: str, chromium: Browser
) -> None:
    table = Seats(web_table, "bpb", SEATS, title="Blues night")
    table.act("ann", "add_character", sample="ganyeka")
    table.act("bo", "add_character", sample="widow")
    gm, ann = sit(chromium, table.invites["gm"]), sit(chromium, table.invites["ann"])
    call = menu(gm, "call for a task roll")
    # the form asked for an attribute, a skill, a level and an opponent with nothing to choose from
    field(call, "character").fill("ganyeka")
    expect(call.locator("datalist[id$='-attribute-options'] option").first).to_have_attribute(
        "value", "Agility"
    )
    assert suggested(call, "attribute") == [
        "Agility", "Brawn", "Prowess", "Accuracy", "Perception", "Willpower", "Endurance", "Reason"
    ]  # fmt: skip
    assert suggested(call, "skill") == ["throwing", "grappling"]  # Ganyeka's expertise
    assert suggested(call, "level") == [
        "easy",
        "routine",
        "challenging",
        "demanding",
        "frustrating",
        "nigh-impossible",
    ]
    assert suggested(call, "against") == ["widow"]  # every other character, by name
    field(call, "attribute").fill("Brawn")
    field(call, "level").fill("challenging")
    call.locator("button[type=submit]").click()
    # BPB-ROLL-004: challenging is 12
    expect(ann.locator(".prompt")).to_contain_text("12")
    assert gm.js_errors == [] and ann.js_errors == []  # type: ignore[attr-defined]


def test_lobby__the_workshops_rules_options_read_as_words_not_values(
    web_table: str, chromium: Browser
) -> None:
    # the lobby's options read "Pv model" over "effect_values"/"margin" and "Cine wound xp"; the dice
    # offered "pos_neg_d10": each option is now the ruleset's own title and its values' words
    context = chromium.new_context()
    try:
        page = context.new_page()
        page.goto(web_table + "/")
        page.locator("#system").select_option(label="The Workshop")
        page.locator("details.options-fields summary").click()
        expect(page.locator("label[for=config-pv_model]")).to_have_text("Damage of a hit (PV)")
        expect(page.locator("#config-pv_model option")).to_have_text(
            ["Weapon damage minus Soak, on any hit", "Outcome + weapon damage minus Soak"]
        )
        expect(page.locator("#config-dice option").first).to_have_text(
            "A positive d10 minus a negative d10 (-9 to +9)"
        )
        expect(page.locator("label[for=config-cine_wound_xp]")).to_have_text("XP per healed Cinematic Wound")
        # the chosen value is still the rules' own: the table starts with the margin model
        page.locator("#config-pv_model").select_option(label="Outcome + weapon damage minus Soak")
        expect(page.locator("#config-pv_model")).to_have_value("margin")
        labels = page.locator(".field label").all_inner_texts()
        assert not [t for t in labels if "_" in t], labels
    finally:
        context.close()


def test_lobby__weaverdices_campaign_rules_read_one_titled_option_a_line_and_bonus_slots_as_actions(
    web_table: str, chromium: Browser
) -> None:
    # the campaign rules were one box of "name: value" lines, and a bonus slot's actions raw ids
    # ("rest_and_recuperate"): each campaign option is now its own titled field under the block's
    # title, each action a box ticked by the seed's name for it; the table starts with what was chosen
    context = chromium.new_context()
    try:
        page = context.new_page()
        page.goto(web_table + "/")
        page.locator("#system").select_option("weaverdice")
        page.locator("details.options-fields summary").click()
        group = page.locator("fieldset.options-group", has_text="Campaign rules")
        slots = group.locator("label[for=config-campaign-downtime_slots]")
        expect(slots).to_have_text("Downtime slots a phase")
        expect(group.locator("#config-campaign-progression option")).to_have_text(
            ["Progression boxes and milestones", "The design notes' list of small picks"]
        )
        picks = page.locator("#config-morale_bonus_slot_actions")
        expect(picks.get_by_label("Self-Promote")).to_be_checked()
        expect(picks.get_by_label("Plan a Mission")).not_to_be_checked()
        labels = page.locator(".field label").all_inner_texts()
        assert not [t for t in labels if "_" in t], labels
        group.locator("#config-campaign-downtime_slots").fill("2")
        picks.get_by_label("Self-Promote").uncheck()
        page.get_by_role("button", name="Start the table").click()
        links = page.locator(".invites a")
        expect(links).to_have_count(3)
        gm_link = httpx.URL(links.nth(0).get_attribute("href") or "")
        table_id, token = gm_link.path.rsplit("/", 1)[-1], link_token(str(gm_link))
        made = httpx.get(f"{web_table}/api/tables/{table_id}", headers={"X-Seat-Token": token}).json()
        assert made["config"]["campaign"]["downtime_slots"] == 2
        assert made["config"]["campaign"]["social_tn"] == 4  # the rest of the block at the book's
        assert "self_promote" not in made["config"]["morale_bonus_slot_actions"]
        assert "hang_out" in made["config"]["morale_bonus_slot_actions"]
    finally:
        context.close()


def test_workshop_add_a_combatant__the_named_boxs_help_speaks_of_people_not_false(
    web_table: str, chromium: Browser
) -> None:
    table = Seats(web_table, "workshop", SEATS, title="Rooftop")
    gm = sit(chromium, table.invites["gm"])
    add = menu(gm, "add a combatant")
    # a tick box read "false for unnamed mooks": a value the page never shows
    about = add.locator(f"#{field(add, 'named').get_attribute('aria-describedby')}")
    expect(about).to_contain_text("leave it off for unnamed mooks")
    expect(about).not_to_contain_text("false")
    assert gm.js_errors == []  # type: ignore[attr-defined]
