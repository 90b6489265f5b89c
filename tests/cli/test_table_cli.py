"""`capeworks table ...` end to end through Typer's runner, on a temporary SQLite database."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from capeworks.cli.app import app
from capeworks.engine import registry
from capeworks.store import Store
from tests.engine.toy import Toy

runner = CliRunner()

COMMANDS = ["new", "list", "show", "log", "do", "undo", "join", "export", "import", "verify"]


@pytest.fixture(autouse=True)
def toy_registered() -> Iterator[None]:
    """Make the Toy ruleset findable by name, as an installed ruleset would be."""
    registry.register(Toy())
    yield
    registry.unregister("toy")


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'cli.sqlite3'}"


def cli(db: str, *args: str, code: int = 0, input: str | None = None) -> str:
    result = runner.invoke(app, ["table", *args, "--db", db], input=input)
    assert result.exit_code == code, result.output
    return result.stdout


def cli_json(db: str, *args: str, code: int = 0) -> Any:
    return json.loads(cli(db, *args, "--json", code=code))


def new_table(db: str) -> dict[str, Any]:
    created: dict[str, Any] = cli_json(
        db, "new", "toy", "--title", "Night shift", "--seat", "gm:Game master:gm", "--seat", "ann:Ann",
        "--seed", "3",
    )  # fmt: skip
    return created


def test_new__json_gives_id_and_one_token_per_seat(db: str) -> None:
    created = new_table(db)
    assert created["ruleset"] == "toy" and created["title"] == "Night shift"
    # created + seeded + two seats
    assert created["version"] == 4
    assert [(s["id"], s["name"], s["role"]) for s in created["seats"]] == [
        ("gm", "Game master", "gm"),
        ("ann", "Ann", "player"),
    ]
    assert all(len(s["token"]) >= 40 for s in created["seats"])


def test_new__text_shows_id_and_tokens(db: str) -> None:
    out = cli(db, "new", "toy", "--seat", "gm:GM:gm", "--config-json", '{"cap": 40}')
    # created + one seat: no seed, so no seeded event (the OS rolls the dice)
    assert "Table " in out and "created (toy, version 2)" in out
    assert "Seat tokens" in out


def test_list__shows_every_table(db: str) -> None:
    Store(db).close()  # a database with no table in it yet
    assert "No tables yet" in cli(db, "list")
    first, second = new_table(db), new_table(db)
    rows = cli_json(db, "list")
    assert {r["id"] for r in rows} == {first["id"], second["id"]}
    assert first["id"] in cli(db, "list")


def test_do__key_values_and_physical_dice(db: str) -> None:
    table = new_table(db)["id"]
    result = cli_json(db, "do", table, "ann", "add", "dice=2", "--dice", "4,5")
    [event] = result["events"]
    # 4 + 5 = 9, in the words and the dice a player reads (never the raw event: see below)
    assert event["type"] == "toy.added" and "event" not in event
    assert [r["faces"] for r in event["parts"]["rolls"]] == [[4, 5]]
    assert event["text"].endswith("(dice typed in)")
    assert (event["seq"], event["seat"], result["version"]) == (5, "ann", 5)
    assert cli_json(db, "show", table, "--gm")["state"]["total"] == 9


def test_do__payload_json_and_prompts_for_the_seat(db: str) -> None:
    table = new_table(db)["id"]
    asked = cli_json(db, "do", table, "gm", "ask", "--payload-json", '{"seat": "ann"}')
    assert asked["events"][0]["type"] == "toy.asked"
    # the GM's own open prompts include ann's (the GM sees all)
    assert [p["seat"] for p in asked["prompts"]] == ["ann"]
    out = cli(db, "do", table, "ann", "add", "dice=1")
    assert "counter goes up" in out and "Open prompts" in out and "p0" in out
    # the engine's answer command, in its short form: PROMPT OPTION
    answered = cli_json(db, "do", table, "ann", "answer", "p0", "yes")
    assert answered["prompts"] == [] and answered["events"][0]["type"] == "toy.answered"
    assert {c["command"] for c in answered["legal"]} >= {"add", "rename"}


def test_show__the_viewer_is_named_and_a_seat_sees_less(db: str) -> None:
    table = new_table(db)["id"]
    cli(db, "do", table, "gm", "note", "text=the butler did it")
    assert cli_json(db, "show", table, "--gm")["state"]["notes"] == ["the butler did it"]
    as_ann = cli_json(db, "show", table, "--as", "ann")
    assert as_ann["state"]["notes"] == [] and as_ann["id"] == table
    text = cli(db, "show", table, "--gm")
    assert "Night shift" in text and "GM view" in text and "butler" in text
    # no default view: the GM's secrets are never shown by accident
    assert "Say whose view" in cli_json(db, "show", table, code=2)["message"]


def test_log__one_line_per_visible_event(db: str) -> None:
    table = new_table(db)["id"]
    cli(db, "do", table, "gm", "note", "text=secret")
    cli(db, "do", table, "ann", "add", "dice=1", "--dice", "6")
    gm_log = cli_json(db, "log", table, "--gm")["events"]
    assert [e["type"] for e in gm_log] == [
        "table.created", "table.seeded", "table.seat_joined", "table.seat_joined", "toy.noted", "toy.added",
    ]  # fmt: skip
    ann_log = cli_json(db, "log", table, "--as", "ann")["events"]
    # the seed and the GM's note are hidden from ann
    assert [e["seq"] for e in ann_log] == [1, 3, 4, 6]
    text = cli(db, "log", table, "--gm")
    assert "Ann sits down." in text and "A note: secret" in text
    assert [
        e["seq"] for e in cli_json(db, "log", table, "--gm", "--since", "4", "--limit", "1")["events"]
    ] == [5]


def test_log__a_player_reads_words_and_dice_the_gm_the_raw_events_too(db: str) -> None:
    """A public event records every field it changed, some of them the GM's alone (a Weaverdice
    effort dot paid on a secret check: test_a_players_json_log_carries_no_secret_of_a_public_event),
    so a player's ``--json`` entries are what the web table sends that seat: words, actor, characters,
    dice; the GM's carry the raw event as well."""
    table = new_table(db)["id"]
    cli(db, "do", table, "ann", "add", "dice=1", "--dice", "6")
    [ann] = [e for e in cli_json(db, "log", table, "--as", "ann")["events"] if e["type"] == "toy.added"]
    [gm] = [e for e in cli_json(db, "log", table, "--gm")["events"] if e["type"] == "toy.added"]
    assert "event" not in ann and {k: v for k, v in gm.items() if k != "event"} == ann
    assert gm["event"]["data"] == {"amount": 6}


def test_undo__marks_the_command_undone(db: str) -> None:
    table = new_table(db)["id"]
    cli(db, "do", table, "ann", "add", "dice=2", "--dice", "1,2")
    # a player's undo asks the GM: the dice were seen
    asked = cli_json(db, "undo", table, "--seat", "ann")
    assert asked["events"][0]["type"] == "table.undo_requested"
    allowed = cli_json(db, "do", table, "gm", "answer", "undo-ann", "allow")
    assert allowed["events"][0]["type"] == "table.reverted"
    log = cli_json(db, "log", table, "--gm")["events"]
    assert [e["undone"] for e in log if e["type"] == "toy.added"] == [True]
    assert cli_json(db, "show", table, "--gm")["state"]["total"] == 0
    assert "(undone)" in cli(db, "log", table, "--gm")


def test_join__adds_a_seat_and_prints_its_token(db: str) -> None:
    table = new_table(db)["id"]
    joined = cli_json(db, "join", table, "--seat", "bo:Bo")
    assert joined["seat"] == {"id": "bo", "name": "Bo", "role": "player"} and joined["token"]
    assert "bo" in [s["id"] for s in cli_json(db, "show", table, "--gm")["seats"]]
    assert "Seat token (shown once)" in cli(db, "join", table, "--seat", "cy:Cy")


def test_export_import__round_trip_through_a_file(db: str, tmp_path: Path) -> None:
    table = new_table(db)["id"]
    cli(db, "do", table, "ann", "add", "dice=2", "--dice", "3,3")
    path = tmp_path / "table.json"
    summary = cli_json(db, "export", table, "-o", str(path))
    assert summary == {"id": table, "path": str(path), "events": 5}
    document = json.loads(path.read_text())
    assert document["format"] == "capeworks.table"
    other = f"sqlite:///{tmp_path / 'other.sqlite3'}"
    imported = cli_json(other, "import", str(path), "--keep-id")
    assert imported["id"] == table and all(s["token"] for s in imported["seats"])
    assert json.loads(cli(other, "export", table)) == document


def test_import__from_stdin_gets_a_new_id(db: str) -> None:
    table = new_table(db)["id"]
    exported = cli(db, "export", table)
    out = cli(db, "import", "-", input=exported)
    assert "imported (toy, version 4)" in out
    assert len(cli_json(db, "list")) == 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["show", "nope"], "There is no table 'nope'"),
        (["new", "nosuch"], "no rule set called 'nosuch'"),
        (["new", "toy", "--seat", "gm"], "write it as id:name"),
        (["new", "toy", "--seat", "bad id:Name"], "a seat id uses only letters"),
        (["new", "toy", "--config-json", "{nope"], "--config-json is not valid JSON"),
        (["new", "toy", "--config-json", '{"sides": 1}'], "Cannot read the Toy counter rules config"),
        (["do", "TABLE", "ann", "fly"], "has no command 'fly'"),
        (["do", "TABLE", "ann", "add", "dice"], "command arguments are key=value"),
        (["do", "TABLE", "ann", "add", "dice=1", "--dice", "x"], "Cannot read dice 'x'"),
        (["do", "TABLE", "ann", "note", "text=x"], "Only the GM can"),
        (["do", "TABLE", "zed", "add", "dice=1"], "Nobody sits at seat 'zed'"),
        (["undo", "TABLE", "--seat", "gm"], "nothing to undo"),
        (["join", "TABLE", "--seat", "ann:Ann again"], "already taken"),
        (["import", "/no/such/file.json"], "Cannot read /no/such/file.json"),
    ],
)
def test_errors__exit_2_with_one_line(db: str, args: list[str], message: str) -> None:
    table = new_table(db)["id"]
    args = [table if a == "TABLE" else a for a in args]
    result = runner.invoke(app, ["table", *args, "--db", db])
    assert result.exit_code == 2, result.output
    # one message (Rich may soft-wrap it at the terminal width)
    assert message in " ".join(result.stderr.split())
    assert result.stderr.count("Error:") == 1
    as_json = runner.invoke(app, ["table", *args, "--db", db, "--json"])
    assert as_json.exit_code == 2
    assert message in json.loads(as_json.stdout)["message"]


def test_import__malformed_document_is_refused(db: str, tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"format": "capeworks.table", "version": 2, "log": []}))
    error = cli_json(db, "import", str(path), code=2)
    assert error["error"] == "invalid_command" and "Cannot read the table export" in error["message"]


def test_db__unopenable_url_is_one_clear_line(tmp_path: Path) -> None:
    result = runner.invoke(app, ["table", "list", "--db", "nosuchdriver://x"])
    assert result.exit_code == 2
    assert "Cannot open the database" in result.stderr


def test_db__env_var_names_the_database(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    table = new_table(db)["id"]
    monkeypatch.setenv("CAPEWORKS_DATABASE_URL", db)
    result = runner.invoke(app, ["table", "list", "--json"])
    assert result.exit_code == 0 and [r["id"] for r in json.loads(result.stdout)] == [table]


@pytest.mark.parametrize("command", COMMANDS)
def test_help__every_command_documents_db_and_json(command: str) -> None:
    result = runner.invoke(app, ["table", command, "--help"])
    assert result.exit_code == 0
    assert "--db" in result.stdout and "--json" in result.stdout


def test_help__table_group_lists_every_command() -> None:
    out = runner.invoke(app, ["table", "--help"]).stdout
    for command in COMMANDS:
        assert command in out


def test_errors__a_named_field_becomes_a_cli_hint(capsys: pytest.CaptureFixture[str]) -> None:
    from capeworks.cli.output import fail
    from capeworks.errors import RuleViolation

    with pytest.raises(typer.Exit):
        fail(RuleViolation("X-001", "Say which Drive.", field="drive"), as_json=False)
    assert "Say which Drive. (give drive=...)" in capsys.readouterr().err


# -- a mistyped --db creates nothing ------------------------------------------------------------

READING = [
    ["list"],
    ["show", "T1"],
    ["log", "T1"],
    ["verify", "T1"],
    ["export", "T1"],
    ["do", "T1", "gm", "note"],
]


@pytest.mark.parametrize("args", READING, ids=lambda a: a[0])
def test_reading_a_database_that_does_not_exist__says_so_and_creates_nothing(
    tmp_path: Path, args: list[str]
) -> None:
    # `--db sqlite:////typo/dir/x.db` made the folders and an empty database, even for `table list`
    missing = tmp_path / "typo" / "dir" / "x.db"
    result = runner.invoke(app, ["table", *args, "--db", f"sqlite:///{missing}"])
    assert result.exit_code == 2, result.output
    assert result.output.strip().splitlines() == [
        f"Error: There is no database at {missing}: the file does not exist (nothing was created)."
    ]
    assert list(tmp_path.iterdir()) == []
    # in the folder it names, too: the file is not made by a reading command
    beside = tmp_path / "x.db"
    assert runner.invoke(app, ["table", *args, "--db", f"sqlite:///{beside}", "--json"]).exit_code == 2
    assert list(tmp_path.iterdir()) == []


def test_new__creates_the_file_but_names_a_missing_folder_instead_of_making_it(tmp_path: Path) -> None:
    missing = tmp_path / "typo" / "dir" / "x.db"
    result = runner.invoke(app, ["table", "new", "toy", "--seat", "gm:GM:gm", "--db", f"sqlite:///{missing}"])
    assert result.exit_code == 2, result.output
    assert result.output.strip().splitlines() == [
        f"Error: Cannot create the database {missing}: the folder {missing.parent} does not exist "
        "(capeworks creates the database file, not its folders)."
    ]
    assert list(tmp_path.iterdir()) == []
    here = tmp_path / "x.db"
    created = json.loads(cli(f"sqlite:///{here}", "new", "toy", "--seat", "gm:GM:gm", "--json"))
    assert here.is_file()
    assert [r["id"] for r in json.loads(cli(f"sqlite:///{here}", "list", "--json"))] == [created["id"]]


def test_bpb_tracker__a_database_that_does_not_exist_is_refused_not_made(tmp_path: Path) -> None:
    missing = tmp_path / "typo" / "x.db"
    result = runner.invoke(app, ["bpb", "tracker", "T1", "--db", f"sqlite:///{missing}"])
    assert result.exit_code == 2, result.output
    assert f"There is no database at {missing}" in result.output
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nosuch"], "no rule set called 'nosuch'"),
        (["toy", "--config-json", '{"sides": 1}'], "Cannot read the Toy counter rules config"),
        (["toy", "--config-json", "[1]"], "--config-json must be a JSON object"),
        (["toy", "--seat", "gm"], "write it as id:name"),
        (["toy", "--seat", "gm:GM:gm", "--seat", "gm:Again"], "already taken"),
    ],
)
def test_new__a_refused_table_leaves_no_database_file(tmp_path: Path, args: list[str], message: str) -> None:
    """The rule set, config and seats are checked before the store is opened: no empty file is left."""
    here = tmp_path / "x.db"
    for json_out in ([], ["--json"]):
        result = runner.invoke(app, ["table", "new", *args, "--db", f"sqlite:///{here}", *json_out])
        assert result.exit_code == 2, result.output
        assert message in " ".join(result.output.split())
        assert "Traceback" not in result.output
        assert list(tmp_path.iterdir()) == []


def test_new__help_says_where_to_find_the_rule_set_names() -> None:
    """A newcomer reads `table new --help` first: it names the command that lists the rule sets, and
    the examples it gives are installed."""
    from capeworks.cli.table_commands import new_command

    text = str(new_command.__defaults__[0].help if new_command.__defaults__ else "")
    assert "capeworks rulesets" in text
    examples = text.split("(")[1].split(")")[0].replace("...", "").split(",")
    named = [e.strip() for e in examples if e.strip()]
    assert named and set(named) <= set(registry.names())
