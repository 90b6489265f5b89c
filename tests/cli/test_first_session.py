"""What a new GM and new players tripped over in a first session through the CLI, from the README
and docs alone: each test is one such stumble, played through `capeworks ...` on a temporary
SQLite database."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from capeworks.cli.app import app
from capeworks.store import Store
from capeworks.systems.rwyn.cli import rwyn_app

runner = CliRunner()


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'first.sqlite3'}"


def run(db: str, *args: str, code: int = 0) -> str:
    result = runner.invoke(app, [*args, "--db", db])
    assert result.exit_code == code, result.output
    return result.stdout


def new_table(db: str, ruleset: str, *seats: str, config: str | None = None) -> dict[str, Any]:
    args = ["table", "new", ruleset, "--seed", "1", "--json"]
    for seat in seats:
        args += ["--seat", seat]
    if config is not None:
        args += ["--config-json", config]
    created: dict[str, Any] = json.loads(run(db, *args))
    return created


def test_new__the_gm_role_in_capitals_still_seats_the_gm(db: str) -> None:
    # "gm:Gail:GM" used to seat a *player* called "Gail:GM": the table then had no GM and
    # every GM command was refused with "Only the GM can ...", to the person who thought they were
    created = new_table(db, "rwyn", "gm:Gail:GM", "ann:Ann:Player")
    assert [(s["id"], s["name"], s["role"]) for s in created["seats"]] == [
        ("gm", "Gail", "gm"),
        ("ann", "Ann", "player"),
    ]
    table = created["id"]
    run(db, "table", "do", table, "gm", "add_character", "id=ada", "sample=ada", "owner=ann")
    run(db, "table", "do", table, "gm", "call_check", "character=ada", "ability=Science", "difficulty=3")


def test_new__a_name_with_a_colon_is_kept_whole(db: str) -> None:
    created = new_table(db, "rwyn", "gm:Gail:gm", "ann:Doctor: Who")
    assert created["seats"][1]["name"] == "Doctor: Who"
    assert created["seats"][1]["role"] == "player"


def test_weaverdice_sheet_file__a_bad_field_is_named(tmp_path: Path) -> None:
    # skills written as a mapping, the way the stats are: the refusal used to say only
    # "1 validation error for Character", not which field or what it should be
    sheet = tmp_path / "kid.yaml"
    sheet.write_text("id: kid\nname: The Kid\nstats: {brawn: 3}\nskills:\n  Brawl: brawn\n", encoding="utf-8")
    for args in (["weaverdice", "characters", "-f", str(sheet)], ["weaverdice", "sheet", str(sheet)]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, result.output
        assert "kid.yaml" in result.output
        assert "skills: Input should be a valid tuple" in result.output
        assert "validation error for Character" not in result.output


@pytest.mark.rules("WS-SHOT-003")
def test_workshop_active_defense__the_prompt_says_the_chance_of_being_hit_either_way(db: str) -> None:
    # docs/systems/workshop.md: "the Active Defense question (with the exact chance of being hit
    # either way)"; the chances were only in the prompt's context, which the CLI does not print,
    # and the question named the attacker by id ("jade attacks Madame Viper")
    table = new_table(db, "workshop", "gm:Gail:gm", "ann:Ann")["id"]
    run(db, "table", "do", table, "ann", "add_character", "id=jade", "sample=jade")
    run(db, "table", "do", table, "gm", "add_character", "id=viper", "sample=viper")
    run(db, "table", "do", table, "gm", "start_sequence")
    run(db, "table", "do", table, "ann", "attack", "character=jade", "targets=viper")
    shown = json.loads(run(db, "table", "show", table, "--gm", "--json"))
    (prompt,) = [p for p in shown["prompts"] if p["kind"] == "active_defense"]
    assert prompt["question"] == "Jade Tiger attacks Madame Viper. Spend 1 of 5 Shots on Active Defense?"
    context = prompt["context"]
    # the staff: AV 12 against Defense 12, or 17 with the Active Defense's +5
    assert (context["defense"], context["hit_if_passive"]) == (12, "55.0%")
    labels = {o["value"]: o["label"] for o in prompt["options"]}
    assert labels == {
        "yes": f"Active Defense (1 Shot): hit {context['hit_if_active']}",
        "no": "passive Defense 12: hit 55.0%",
    }
    text = run(db, "table", "show", table, "--gm")
    assert "hit 55.0%" in " ".join(text.split())


def test_undo_without_a_gm__the_refusal_says_why(db: str) -> None:
    # at a Capes table Bea's undo was refused with "You can only undo your own latest action." both
    # when nothing had happened yet and when the latest action was Ann's, which reads as if Bea had
    # tried to undo something of hers
    table = new_table(db, "capes", "ann:Ann", "bea:Bea")["id"]
    nothing = run(db, "table", "undo", table, "--seat", "bea", "--json", code=2)
    assert json.loads(nothing)["message"] == "There is nothing to undo."
    run(db, "table", "do", table, "ann", "add_sample", "name=Skitter")
    refused = json.loads(run(db, "table", "undo", table, "--seat", "bea", "--json", code=2))
    assert "the latest is someone else's" in refused["message"]
    # Ann may take hers back (it rolled nothing)
    run(db, "table", "undo", table, "--seat", "ann")


@pytest.mark.rules("RWYN-POOL-004", "RWYN-SAC-003")
def test_physical_dice_that_run_out__the_refusal_names_the_roll(db: str) -> None:
    # Science 3 vs difficulty 4: 3 ability dice, then 4 - 3 = 1 disaster die (src 9) in the same
    # command (no sacrifice question: the last disaster die is never removed, src 13). Typing only
    # the ability dice used to be refused with "This roll needs 1 d6 but only 0 given dice were
    # left.", not saying which roll
    table = new_table(db, "rwyn", "gm:Gail:gm", "ann:Ann")["id"]
    run(db, "table", "do", table, "gm", "add_character", "id=ada", "sample=ada", "owner=ann")
    run(db, "table", "do", table, "gm", "call_check", "character=ada", "ability=Science", "difficulty=4")
    before = json.loads(run(db, "table", "show", table, "--as", "ann", "--json"))["version"]
    out = run(
        db, "table", "do", table, "ann", "answer", "call-1:roll", "roll", "--dice", "6,5,2", "--json", code=2
    )
    assert json.loads(out)["message"] == (
        "The dice given ran out at the roll for 'disaster dice': it needs 1 d6 but only 0 given dice "
        "were left (3 went to the rolls before it)."
    )
    assert json.loads(run(db, "table", "show", table, "--as", "ann", "--json"))["version"] == before
    run(db, "table", "do", table, "ann", "answer", "call-1:roll", "roll", "--dice", "6,5,2,3")


@pytest.mark.rules("RWYN-ABIL-005")
def test_physical_dice_for_a_purchase_that_rolls_nothing__leave_them_out(db: str) -> None:
    # Ada's Wealth 4 buys a cost-2 item without a roll (cost <= Wealth - 2, src 27); typing a die
    # for it used to be refused with "1 dice were given but the roll used 0; 1 left over. Give
    # exactly the dice rolled."
    table = new_table(db, "rwyn", "gm:Gail:gm", "ann:Ann")["id"]
    run(db, "table", "do", table, "gm", "add_character", "id=ada", "sample=ada", "owner=ann")
    args = ("table", "do", table, "ann", "buy", "character=ada", "cost=2", "item=a lab coat")
    out = run(db, *args, "--dice", "5", "--json", code=2)
    assert (
        json.loads(out)["message"]
        == "Nothing was rolled, so the 1 die given is left over: leave the dice out."
    )
    assert "buys a lab coat" in " ".join(run(db, *args).split())


def test_weaverdice_sheet__a_refusal_is_said_to_the_person_not_fed_to_the_payload() -> None:
    # docs: add_character --payload-json "$(capeworks weaverdice sheet kid.yaml)"; a mistyped file
    # name printed its refusal as JSON on stdout, into the payload, and the person saw only
    # "Cannot read 'add a character': ... give a sheet (JSON or YAML) or name a sample."
    result = runner.invoke(app, ["weaverdice", "sheet", "kdi.yaml"])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.strip() == "Error: There is no sample character or sheet file 'kdi.yaml'."
    as_json = runner.invoke(app, ["weaverdice", "sheet", "kdi.yaml", "--json"])
    assert as_json.exit_code == 2
    assert json.loads(as_json.stdout)["error"] == "not_found"


def test_weaverdice_doc__its_sheet_file_example_reads(tmp_path: Path) -> None:
    # docs/systems/weaverdice.md showed `characters -f kid.yaml` and `sheet kid.yaml` but never what
    # a sheet file holds; the example it now shows must read, with the defaults it states
    doc = (Path(__file__).resolve().parents[2] / "docs" / "systems" / "weaverdice.md").read_text(
        encoding="utf-8"
    )
    found = re.search(r"A sheet file \(`kid\.yaml`.*?```yaml\n(.*?)```", doc, re.S)
    assert found, "docs/systems/weaverdice.md has no sheet file example"
    sheet = tmp_path / "kid.yaml"
    sheet.write_text(found.group(1), encoding="utf-8")
    result = runner.invoke(app, ["weaverdice", "characters", "-f", str(sheet), "--json"])
    assert result.exit_code == 0, result.output
    (kid,) = json.loads(result.stdout)["characters"]
    assert kid["tier"] == "pc"
    assert kid["stats"]["brawn"] == 4 and kid["stats"]["dexterity"] == 3  # left out: 3
    assert (kid["skills"], kid["backgrounds"]) == (["Brawl", "Parkour"], ["Bike Courier"])


def test_list__an_empty_database_says_which_file_it_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a relative --db (or a typo in it) opens a new, empty database; "No tables yet." did not say
    # where it looked, so the GM's tables seemed lost
    # (and a file that is not there is refused by its full path, rather than made empty)
    monkeypatch.chdir(tmp_path)
    refused = runner.invoke(app, ["table", "list", "--db", "sqlite:///elsewhere.sqlite3"])
    assert refused.exit_code == 2
    assert "".join(refused.output.split()) == "".join(
        f"Error: There is no database at {tmp_path / 'elsewhere.sqlite3'}: the file does not exist "
        "(nothing was created).".split()
    )
    assert not (tmp_path / "elsewhere.sqlite3").exists()
    Store("sqlite:///elsewhere.sqlite3").close()
    out = run("sqlite:///elsewhere.sqlite3", "table", "list")
    assert "".join(out.split()).startswith(
        "".join(f"No tables yet in {tmp_path / 'elsewhere.sqlite3'}.".split())
    )


def test_open_prompts__the_id_to_answer_is_never_cut_short(db: str) -> None:
    # at 80 columns the Prompt column was cut with an ellipsis ("turn-begin_actions-a…"), and the
    # id is what the person must type after `answer`
    table = new_table(db, "capes", "ann:Ann", "bea:Bea", "cal:Cal")["id"]
    steps = [
        ("ann", "add_sample", "name=Skitter"),
        ("bea", "add_sample", "name=Aunt Sylvie"),
        ("cal", "add_sample", "name=Rampart"),
        ("ann", "declare_scene", "text=A ritzy charity gala"),
        ("ann", "choose", "character=skitter"),
        ("bea", "choose", "character=aunt_sylvie"),
        ("cal", "choose", "character=rampart"),
        ("ann", "pass"),
        ("bea", "pass"),
        ("cal", "pass"),
    ]
    for seat, *command in steps:
        run(db, "table", "do", table, seat, *command)
    out = run(db, "table", "do", table, "ann", "narrate", "text=Chandeliers and a swarm in the vents.")
    assert "turn-begin_actions-ann" in out
    assert "turn-begin_actions-ann" in run(db, "table", "show", table, "--as", "ann")


def test_show_with_a_token__gm_is_refused_saying_why(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # 'table show T --gm' with the GM's token (or CAPEWORKS_SEAT_TOKEN set in the terminal) was
    # refused with "Choose one view: --as SEAT or --gm.", though only --gm was given
    created = new_table(db, "rwyn", "gm:Gail:gm", "ann:Ann")
    table, tokens = created["id"], {s["id"]: s["token"] for s in created["seats"]}
    run(db, "table", "do", table, "gm", "gm_note", "text=the butler did it")
    expected = "A seat token shows that seat's own view (the GM's token shows the GM's): leave out --gm."
    for seat in ("gm", "ann"):
        for command in ("show", "log"):
            out = run(db, "table", command, table, "--gm", "--token", tokens[seat], "--json", code=2)
            assert json.loads(out)["message"] == expected
    monkeypatch.setenv("CAPEWORKS_SEAT_TOKEN", tokens["gm"])
    assert json.loads(run(db, "table", "show", table, "--gm", "--json", code=2))["message"] == expected
    # the GM's token alone is the GM's view, notes and all
    assert "the butler did it" in run(db, "table", "log", table)


def test_new_without_seats__says_how_to_seat_people(db: str) -> None:
    # 'table new rwyn' with no --seat printed only "Table T created", and then every 'table do T gm
    # ...' was refused with "Nobody sits at seat 'gm' at this table."
    out = " ".join(run(db, "table", "new", "rwyn").split())
    table = out.split()[1]
    assert f"Nobody is seated yet: seat people with capeworks table join {table} --seat id:name" in out
    run(db, "table", "join", table, "--seat", "gm:Gail:gm")
    run(db, "table", "do", table, "gm", "gm_note", "text=ready")


@pytest.mark.rules("WS-CORE-001")
def test_workshop_called_roll__the_log_shows_its_dice(db: str) -> None:
    # README: "every roll is shown die by die"; a called roll read only "Rook rolls 10 vs 10: success."
    table = new_table(db, "workshop", "gm:Gail:gm", "bo:Bo")["id"]
    run(db, "table", "do", table, "bo", "add_character", "id=rook", "sample=rook")
    run(
        db, "table", "do", table, "gm", "call_check", "character=rook", "traits=Agility,Guns", "difficulty=10"
    )
    out = run(db, "table", "do", table, "bo", "answer", "call-1", "roll", "--dice", "7,3")
    # Agility 5 + Guns 5 = 10, dice 7 - 3 = +4: 14 vs 10
    assert "Rook rolls 14 (dice 7/3) vs 10: success." in " ".join(out.split())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--die", "7", "--ability", "4"], "A die shows 1 to 6, not 7: give --die 1-6."),
        (["--die", "3", "--ability", "0"], "Abilities are rated 1 to 5, not 0: give --ability 1-5."),
        (["--die", "3"], "Give both --die (1-6) and --ability (1-5)."),
    ],
)
def test_capes_odds__says_which_option_is_wrong(args: list[str], message: str) -> None:
    # '--die 7 --ability 4' was refused with "Give both --die (1-6) and --ability (1-5).", both given
    result = runner.invoke(app, ["capes", "odds", *args, "--json"])
    assert result.exit_code == 2
    assert json.loads(result.stdout)["message"] == message


def test_rwyn_roll__the_dice_example_in_its_help_plays() -> None:
    # the help's '6,5,2,5' was refused for docs/systems/rwyn.md's own '-a 3 -d 5' (3 ability dice,
    # then 2 disaster dice: 5 faces), because it assumed a sacrifice it did not name
    roll = typer.main.get_command(rwyn_app).commands["roll"]  # type: ignore[attr-defined]
    text = next(p.help for p in roll.params if p.name == "dice")
    found = re.search(r"e\.g\. '([\d,]+)' for (-a \d+ -d \d+(?: --sacrifice \d+)?)", text)
    assert found, text
    result = runner.invoke(app, ["rwyn", "roll", *found.group(2).split(), "--dice", found.group(1), "--json"])
    assert result.exit_code == 0, result.output
    # [6 5 2]: 2 successes, 1 sacrificed, the one disaster die left shows 5
    assert json.loads(result.stdout)["disaster_faces"] == [5]


def test_weaverdice_doc__its_terminal_session_plays_as_written(tmp_path: Path) -> None:
    # docs/systems/weaverdice.md "From the terminal": `start_combat --dice 4` could not start that
    # roster's fight (the three tied generics roll off), so a new GM's first fight stopped there.
    # Every `table ...` line of the block is played in order, `$(capeworks ...)` run first.
    root = Path(__file__).resolve().parents[2]
    doc = (root / "docs" / "systems" / "weaverdice.md").read_text(encoding="utf-8")
    block = re.search(r"## From the terminal\n\n```\n(.*?)```", doc, re.S)
    sheet = re.search(r"A sheet file \(`kid\.yaml`.*?```yaml\n(.*?)```", doc, re.S)
    assert block and sheet, "docs/systems/weaverdice.md lost its terminal session or sheet example"
    (tmp_path / "kid.yaml").write_text(sheet.group(1), encoding="utf-8")
    db = f"sqlite:///{tmp_path / 'doc.sqlite3'}"
    table = ""
    played = 0
    for line in block.group(1).splitlines():
        command = line.split("  #")[0].strip()
        if not command.startswith("capeworks table "):
            continue
        inner = re.search(r'"\$\(capeworks (.*?)\)"', command)
        if inner is not None:
            args = [a.replace("kid.yaml", str(tmp_path / "kid.yaml")) for a in inner.group(1).split()]
            made = runner.invoke(app, args)
            assert made.exit_code == 0, (line, made.output)
            command = command.replace(inner.group(0), "PAYLOAD")
        words = command.split()[1:]
        args = [made.stdout if w == "PAYLOAD" else table if w == "T" else w for w in words]
        if words[:2] == ["table", "new"]:
            table = json.loads(run(db, *args, "--json"))["id"]
        else:
            run(db, *args)
        played += 1
    assert played == 8
    shown = json.loads(run(db, "table", "show", table, "--as", "ann", "--json"))
    assert shown["state"]["fight"] is not None


def test_do_json__says_who_the_table_waits_on_as_the_text_does(db: str) -> None:
    # the text of `do` and `undo` ends "Waiting for: ann"; their --json had no such key, so a script
    # reading JSON could not tell whose move it was without a second `show`
    created = new_table(db, "rwyn", "gm:Gail:gm", "ann:Ann")
    t = created["id"]
    run(db, "table", "do", t, "gm", "add_character", "id=ada", "sample=ada", "owner=ann")
    call = ["table", "do", t, "gm", "call_check", "character=ada", "ability=Science", "difficulty=5"]
    assert "Waiting for: ann" in run(db, *call)
    done = json.loads(run(db, "table", "do", t, "gm", "gm_note", "text=hush", "--json"))
    assert done["waiting"] == ["ann"]
    undone = json.loads(run(db, "table", "undo", t, "--seat", "gm", "--json"))
    assert undone["waiting"] == ["ann"]
    shown = json.loads(run(db, "table", "show", t, "--gm", "--json"))
    assert shown["waiting"] == done["waiting"]


def test_do_retried_with_its_request_id__the_text_says_nothing_was_applied_again(db: str) -> None:
    # the JSON said "replayed": true, the text printed the first landing's events as if new
    t = new_table(db, "rwyn", "gm:Gail:gm", "ann:Ann")["id"]
    note = ["table", "do", t, "gm", "gm_note", "text=once", "--request-id", "note-1"]
    first = run(db, *note)
    assert "already applied" not in first
    again = run(db, *note)
    assert "Request note-1 was already applied (version 5); nothing was applied again." in " ".join(
        again.split()
    )
    log = json.loads(run(db, "table", "log", t, "--gm", "--json"))
    assert [e["text"] for e in log["events"]].count("GM note: once.") == 1


def test_a_misspelt_field__is_named_with_the_fields_the_command_takes(db: str) -> None:
    # "sampel: Extra inputs are not permitted." was pydantic's phrase; a GM needs the right spelling
    t = new_table(db, "rwyn", "gm:Gail:gm", "ann:Ann")["id"]
    before = json.loads(run(db, "table", "show", t, "--gm", "--json"))["version"]
    result = runner.invoke(app, ["table", "do", t, "gm", "add_character", "id=x", "sampel=ada", "--db", db])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output
    assert "sampel: no such field (known: id, name, owner, sample," in lines[0]
    assert json.loads(run(db, "table", "show", t, "--gm", "--json"))["version"] == before


@pytest.mark.parametrize(
    ("args", "shown"),
    [
        (
            ["workshop", "odds", "-b", "9"],
            "Missing option '--vs' / '-v'; see 'capeworks workshop odds --help'.",
        ),
        (["table", "show"], "Missing argument 'TABLE'; see 'capeworks table show --help'."),
        (["table", "do", "T1"], "Missing argument 'SEAT'; see 'capeworks table do --help'."),
        (["table", "lst"], "Did you mean 'list'? See 'capeworks table --help'."),
        (["tabel", "list"], "No such command 'tabel'; see 'capeworks --help'."),
        # a bad number in plain words, not pydantic's "Input should be a valid integer, unable to parse ..."
        (["rwyn", "odds", "-a", "x"], "--ability must be a whole number, not 'x'; see"),
        (["lab", "dice", "2d6", "--n", "abc"], "--n must be a whole number, not 'abc'; see 'capeworks lab"),
        (["lab", "dice", "2d6", "-n", "1.5"], "--n must be a whole number, not '1.5'; see"),
        (["bpb", "odds", "brawn"], "ATTRIBUTE must be a whole number, not 'brawn'; see"),
        (
            ["table", "new", "rwyn", "--physical-dice", "some"],
            "Invalid value for '--physical-dice': 'some' is not one of 'nobody', 'gm', 'everyone'; see",
        ),
    ],
)
def test_usage_errors_outside_the_dice_commands__are_one_line_too(args: list[str], shown: str) -> None:
    # the README: "Errors print one line and exit with code 2"; only roll and odds did, the rest
    # printed Click's boxed block of five lines or more
    out = runner.invoke(app, args)
    assert out.exit_code == 2
    lines = out.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and shown in lines[0], out.output
    under_json = runner.invoke(app, [*args, "--json"])
    assert under_json.exit_code == 2
    doc = json.loads(under_json.stdout)
    assert doc["error"] == "invalid_command" and shown in doc["message"]


def test_a_group_alone__still_prints_its_help() -> None:
    out = runner.invoke(app, ["table"])
    assert "capeworks table" in out.output and "Create, play and inspect tables" in out.output
