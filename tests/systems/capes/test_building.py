"""Character building: freeform, Click-and-Lock, Drives, Exemplars (CAPES-CHAR), golden C15, C19, C20."""

from __future__ import annotations

from itertools import product

import pytest

from capeworks.errors import InvalidCommand, RuleViolation
from capeworks.systems.capes.building import (
    click_and_lock,
    freeform,
    parse_drives,
    validate_drives,
    validate_sheet,
)
from capeworks.systems.capes.characters import SKITTER_ROOT, samples
from capeworks.systems.capes.sheet import Ability, AbilityKind, CharacterSheet, DriveRating
from tests.systems.capes.helpers import Sim, cast_game

_ATT = ["Brave", "Kind", "Curious", "Proud", "Angry"]
_STY = ["Quick", "Quiet", "Loud", "Sly", "Bold"]
_POW = ["Flight", "Blast", "Shield", "Speed", "Vision"]


@pytest.mark.rules("CAPES-CHAR-005", "CAPES-CHAR-006")
@pytest.mark.parametrize(
    ("powers", "styles", "attitudes", "ok"),
    [
        (4, 3, 5, True),  # C19: 12 abilities
        (5, 5, 3, False),  # C19: 13 abilities
        (3, 3, 3, True),  # C19
        (2, 3, 3, False),  # a category below three
    ],
)
def test_freeform__golden_c19_sizes(powers: int, styles: int, attitudes: int, ok: bool) -> None:
    def build() -> CharacterSheet:
        return freeform(
            "X",
            powers=_POW[:powers],
            styles=_STY[:styles],
            attitudes=_ATT[:attitudes],
            drives=parse_drives("truth:3,justice:2,love:2,hope:1,duty:1"),
        )

    if ok:
        sheet = build()
        assert {a.rating for a in sheet.abilities} <= {1, 2, 3, 4, 5}
    else:
        with pytest.raises(RuleViolation):
            build()


@pytest.mark.rules("CAPES-CHAR-005")
def test_freeform__golden_c19_two_ratings_of_two_invalid() -> None:
    abilities = [Ability(name=n, kind=AbilityKind.SKILL, rating=r) for n, r in (("a", 1), ("b", 2), ("c", 2))]
    abilities += [Ability(name=f"t{i}", kind=AbilityKind.ATTITUDE, rating=i) for i in (1, 2, 3)]
    abilities += [Ability(name=f"s{i}", kind=AbilityKind.STYLE, rating=i) for i in (1, 2, 3)]
    with pytest.raises(RuleViolation):
        validate_sheet(CharacterSheet(name="X", abilities=tuple(abilities)))


@pytest.mark.rules("CAPES-CHAR-003", "CAPES-CHAR-004")
def test_abilities__powers_and_skills_never_both_and_marked_correctly() -> None:
    with pytest.raises(RuleViolation) as e:
        freeform("X", powers=_POW[:3], skills=["a", "b", "c"], styles=_STY[:3], attitudes=_ATT[:3])
    assert e.value.rule_id in ("CAPES-CHAR-003", "CAPES-CHAR-005")
    mixed = (
        Ability(name="Fly", kind=AbilityKind.POWER, rating=1, super=True),
        Ability(name="Cook", kind=AbilityKind.SKILL, rating=1),
    )
    with pytest.raises(RuleViolation, match="Powers and Skills"):
        validate_sheet(CharacterSheet(name="X", abilities=mixed))
    with pytest.raises(RuleViolation, match="must be mundane"):
        validate_sheet(
            CharacterSheet(
                name="X", abilities=(Ability(name="Calm", kind=AbilityKind.ATTITUDE, rating=1, super=True),)
            )
        )
    sheet = freeform("X", powers=_POW[:3], styles=_STY[:3], super_styles=["Quick"], attitudes=_ATT[:3])
    assert [a.super for a in sheet.abilities if a.kind == "style"] == [True, False, False]


@pytest.mark.rules("CAPES-CHAR-007")
@pytest.mark.parametrize(
    ("vector", "ok"),
    [
        ([3, 2, 2, 1, 1], True),  # C15
        ([5, 1, 1, 1, 1], True),
        ([4, 4, 1, 1, 1], False),  # 11
        ([2, 2, 2, 2, 2], False),  # 10
        ([6, 1, 1, 1, 0], False),  # range
        ([3, 3, 2, 1], False),  # four Drives
    ],
)
def test_drives__golden_c15(vector: list[int], ok: bool) -> None:
    names = ["truth", "justice", "love", "hope", "duty"]
    drives = [DriveRating(drive=n, strength=s) for n, s in zip(names, vector, strict=False)]  # type: ignore[arg-type]
    if ok:
        validate_drives(drives)
    else:
        with pytest.raises(RuleViolation):
            validate_drives(drives)


@pytest.mark.rules("CAPES-CHAR-007")
def test_drives__table_t4_seventy_vectors_in_five_shapes() -> None:
    # the sheets' own check (validate_drives, what the table calls) accepts exactly table T4's vectors
    names = ["truth", "justice", "love", "hope", "duty"]
    vectors = []
    for v in product(range(7), repeat=5):
        try:
            validate_drives([DriveRating(drive=n, strength=s) for n, s in zip(names, v, strict=True)])  # type: ignore[arg-type]
        except RuleViolation:
            continue
        vectors.append(v)
    assert len(vectors) == 70
    assert {tuple(sorted(v, reverse=True)) for v in vectors} == {
        (5, 1, 1, 1, 1),
        (4, 2, 1, 1, 1),
        (3, 3, 1, 1, 1),
        (3, 2, 2, 1, 1),
        (2, 2, 2, 2, 1),
    }


@pytest.mark.rules("CAPES-CHAR-001", "CAPES-CHAR-009")
def test_drives__only_super_powered_and_otherwise_undifferentiated() -> None:
    with pytest.raises(RuleViolation):
        freeform(
            "Normal",
            skills=["a", "b", "c"],
            styles=_STY[:3],
            attitudes=_ATT[:3],
            drives=parse_drives("truth:3,justice:2,love:2,hope:1,duty:1"),
        )
    minor = freeform("Minor", powers=_POW[:3], styles=_STY[:3], attitudes=_ATT[:3])
    assert minor.undifferentiated and minor.pools() == ("stack",)


@pytest.mark.rules("CAPES-CHAR-015", "CAPES-CHAR-004")
def test_click_and_lock__golden_c20() -> None:
    # cross out 2 Powers + 1 Style -> 3 Powers, 4 Styles, 5 Attitudes
    sheet = click_and_lock(
        "Brick",
        set_key="brick",
        persona_key="reluctant_hero",
        cross_out=["Shockwave", "Endurance", "Cautious"],
    )
    kinds = [a.kind for a in sheet.abilities]
    assert (kinds.count("power"), kinds.count("style"), kinds.count("attitude")) == (3, 4, 5)
    assert all(a.super for a in sheet.abilities if a.kind == "power")
    assert not any(a.super for a in sheet.abilities if a.kind == "attitude")
    # cross out 3 Attitudes -> refused
    with pytest.raises(RuleViolation, match="one column"):
        click_and_lock(
            "Bad", set_key="brick", persona_key="reluctant_hero", cross_out=["Guilty", "Stubborn", "Hopeful"]
        )


@pytest.mark.rules("CAPES-CHAR-015")
def test_click_and_lock__through_the_table() -> None:
    sim = Sim()
    sim.do(
        "ann",
        "create_click_and_lock",
        name="Vale",
        module="detective",
        persona="caregiver",
        cross_out="Marksmanship,Brave,Chatty",
    )
    assert len(sim.state.roster["vale"].sheet.abilities) == 12
    sim.refuse(
        "ann",
        "create_click_and_lock",
        name="Vale2",
        module="detective",
        persona="caregiver",
        cross_out="Warm,Brave,Nosy",
        rule="CAPES-CHAR-015",
    )


@pytest.mark.rules("CAPES-CHAR-011", "CAPES-CHAR-012")
def test_samples__skitter_with_aunt_sylvie_as_exemplar() -> None:
    skitter = samples()["skitter"]
    assert skitter.exemplars[0].character == "Aunt Sylvie" and skitter.exemplars[0].root == SKITTER_ROOT
    assert all(validate_sheet(s) is None for s in samples().values())


@pytest.mark.rules("CAPES-CHAR-011")
def test_exemplars__one_free_further_ones_shared_with_another_players_character() -> None:
    sim = Sim()
    sim.do("ann", "add_sample", name="Skitter")
    sim.do("cal", "add_sample", name="Rampart")
    # Skitter has her free Exemplar; a second needs sharing
    sim.refuse(
        "ann",
        "add_exemplar",
        character="skitter",
        exemplar="Inspector Vale",
        drive="justice",
        rule="CAPES-CHAR-011",
    )
    sim.do(
        "cal",
        "add_exemplar",
        character="rampart",
        exemplar="Inspector Vale",
        drive="duty",
        root="Vale is a good cop, but...",
    )
    sim.do(
        "ann",
        "add_exemplar",
        character="skitter",
        exemplar="Inspector Vale",
        drive="justice",
        shared_with="rampart",
    )
    assert [e.character for e in sim.state.roster["skitter"].sheet.exemplars] == [
        "Aunt Sylvie",
        "Inspector Vale",
    ]


@pytest.mark.rules("CAPES-CHAR-002")
def test_changes__only_between_scenes_and_still_by_the_rules() -> None:
    sim = cast_game()
    remade = {
        "name": "Skitter",
        "powers": "Bugs,Silk,Swarm",
        "attitudes": "a,b,c",
        "styles": "d,e,f",
        "drives": "truth:3,justice:2,love:2,hope:1,duty:1",
        "replace": True,
    }
    sim.refuse("ann", "create_character", rule="CAPES-CHAR-002", **remade)
    for seat in ("ann", "bea", "cal"):
        sim.do(seat, "end_scene")
    sim.do("ann", "create_character", **remade)
    assert len(sim.state.roster["skitter"].sheet.abilities) == 9
    sim.refuse(
        "ann",
        "create_character",
        name="Skitter",
        powers="Bugs",
        attitudes="a,b,c",
        styles="d,e,f",
        replace=True,
        rule="CAPES-CHAR-005",
    )


@pytest.mark.rules("CAPES-RSRC-003", "CAPES-DEBT-001")
def test_start_resources__config() -> None:
    sim = Sim(start_story_tokens=2, start_debt=1, start_inspirations=(3, 5))
    sim.do("ann", "add_sample", name="Skitter")
    assert sim.state.tokens == {"ann": 2, "bea": 2, "cal": 2}
    assert [i.value for i in sim.state.inspirations["bea"]] == [3, 5]
    assert sim.debt("skitter", "truth") == 1  # on the first Drive


@pytest.mark.rules("CAPES-CHAR-013")
def test_exemplars__the_root_conflict_is_recorded_on_the_sheet() -> None:
    sim = Sim()
    sim.do("cal", "add_sample", name="Rampart")
    root = "Inspector Vale is a good cop, but he would arrest Rampart's brother"
    sim.do("cal", "add_exemplar", character="rampart", exemplar="Inspector Vale", drive="duty", root=root)
    (exemplar,) = sim.state.roster["rampart"].sheet.exemplars
    assert exemplar.character == "Inspector Vale" and exemplar.root == root


@pytest.mark.rules("CAPES-CHAR-007")
def test_drives__strengths_out_of_range_refused_at_the_table_in_a_sentence() -> None:
    sim = Sim()
    powers = {"powers": "Bugs,Silk,Swarm", "attitudes": "a,b,c", "styles": "d,e,f"}
    # 6 + 1 + 1 + 1 + 0 = 9 is the right total, but Truth 6 and Duty 0 leave the range 1 to 5
    sim.refuse(
        "ann",
        "create_character",
        name="Overcharged",
        drives="truth:6,justice:1,love:1,hope:1,duty:0",
        rule="CAPES-CHAR-007",
        match="Truth has Strength 6; use 1 to 5.",
        **powers,
    )
    # 5 + 1 + 1 + 1 + 1 = 9, each in range
    sim.do(
        "ann", "create_character", name="Charged", drives="truth:5,justice:1,love:1,hope:1,duty:1", **powers
    )
    assert sim.state.roster["charged"].sheet.strength("truth") == 5


@pytest.mark.rules("CAPES-CHAR-015")
def test_click_and_lock__crossing_out_an_ability_the_set_lacks_is_refused_in_a_sentence() -> None:
    sim = Sim()
    err = sim.refuse(
        "ann",
        "create_click_and_lock",
        name="Vale",
        module="detective",
        persona="caregiver",
        cross_out="Marksmanship,Brave,Juggling",
        rule="CAPES-CHAR-015",
    )
    assert "'juggling'" in err.message and "Detective + Caregiver" in err.message
    assert "vale" not in sim.state.roster


@pytest.mark.rules("CAPES-CHAR-005")
@pytest.mark.parametrize(
    ("fields", "match"),
    [
        ({"attitudes": "A1,A2,A3,A4,A5,A6"}, "has 6 attitudes; each category needs 3 to 5."),
        ({"styles": "S1,S2,S3,S4,S5,S6,S7"}, "has 7 styles; each category needs 3 to 5."),
        ({"powers": "P1,P2,P3,P4,P5,P6"}, "has 6 powers or skills; each category needs 3 to 5."),
        ({"attitudes": "A1,A2"}, "has 2 attitudes; each category needs 3 to 5."),
        ({"attitudes": "A1"}, "Y1 has 1 attitude; each category needs 3 to 5."),
        ({"powers": "P1"}, "Y1 has 1 power or skill; each category needs 3 to 5."),
        ({"powers": "P1,P2,P3,P4,P5", "styles": "S1,S2,S3,S4,S5"}, "has 13 abilities; the most is 12."),
        ({"powers": "P1,P2," + "x" * 61}, "An ability's name is at most 60 characters"),
    ],
)
def test_create_character__a_category_out_of_range_is_refused_under_char_005(
    fields: dict[str, str], match: str
) -> None:
    sim = Sim()
    body = {"name": "Y1", "attitudes": "A1,A2,A3", "styles": "S1,S2,S3", "powers": "P1,P2,P3", **fields}
    sim.refuse("ann", "create_character", rule="CAPES-CHAR-005", match=match, **body)
    assert "y1" not in sim.state.roster


@pytest.mark.rules("CAPES-CHAR-011")
@pytest.mark.parametrize("exemplar", ["", "x" * 61])
def test_exemplars__a_name_out_of_bounds_is_refused_with_a_sentence(exemplar: str) -> None:
    # the sheet holds an Exemplar's name in 1..60 characters; the command says so before any rule runs
    sim = Sim()
    sim.do("cal", "add_sample", name="Rampart")
    before = sim.state
    error = sim.refuse(
        "cal", "add_exemplar", character="rampart", exemplar=exemplar, drive="duty", error=InvalidCommand
    )
    assert "exemplar" in str(error) and sim.state == before
