"""Every golden log replays to its expectations: through Table.replay, and through the store's import.

The logs were written by the code of their day (see tests/golden/README.md); a failure here means
today's code reads an old campaign differently. ``differences`` names the viewer and the first
place that differs.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from capeworks.engine import Table, get_ruleset
from capeworks.engine.conformance import check_golden_logs
from capeworks.engine.golden import (
    HARD_PARTS,
    GoldenLog,
    differences,
    expectations,
    find,
    replay_document,
    write,
)
from capeworks.store import Store
from tests.golden.regenerate import _sessions

ROOT = Path(__file__).resolve().parent
GOLDEN = find(ROOT)


def test_golden_logs__every_ruleset_ships_its_sample_and_a_long_session() -> None:
    assert {g.label for g in GOLDEN} >= {
        "rwyn/sample",
        "rwyn/evening",
        "capes/sample",
        "capes/page",
        "weaverdice/sample",
        "weaverdice/fight",
    }
    assert all(g.expected_path.exists() for g in GOLDEN)
    assert max(len(g.document()["log"]) for g in GOLDEN if g.ruleset == "rwyn") >= 270


@pytest.mark.parametrize("golden", GOLDEN, ids=lambda g: g.label)
def test_golden_log__replays_to_the_same_state_prompts_and_visibility(golden: GoldenLog) -> None:
    got = expectations(replay_document(golden.document()))
    assert differences(golden.expected(), got, parts=HARD_PARTS) == []


@pytest.mark.parametrize("golden", GOLDEN, ids=lambda g: g.label)
def test_golden_log__replays_to_the_same_panels_and_words(golden: GoldenLog) -> None:
    got = expectations(replay_document(golden.document()))
    assert differences(golden.expected(), got, parts=("panels", "log")) == []


@pytest.mark.parametrize("golden", GOLDEN, ids=lambda g: g.label)
def test_golden_log__imported_into_the_store_loads_to_its_expectations(
    golden: GoldenLog, tmp_path: Path
) -> None:
    # a snapshot every 50 events, so the long logs also load through one
    with Store(f"sqlite:///{tmp_path / 'golden.sqlite3'}", snapshot_every=50) as store:
        created = store.import_(golden.document(), keep_id=True)
        for use_snapshot in (True, False):
            table = store.load(created.id, use_snapshot=use_snapshot)
            assert differences(golden.expected(), expectations(table)) == []
        exported = store.export(created.id)
    assert exported["log"] == golden.document()["log"]
    assert exported["chain"] == golden.document()["chain"]


def _copy(golden: GoldenLog, root: Path) -> GoldenLog:
    copy = GoldenLog(golden.ruleset, golden.name, root / golden.ruleset / golden.log_path.name)
    copy.log_path.parent.mkdir(parents=True)
    copy.log_path.write_bytes(golden.log_path.read_bytes())
    copy.expected_path.write_bytes(golden.expected_path.read_bytes())
    return copy


def test_regenerate__refuses_to_overwrite_expectations_that_differ_unless_told(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.golden import regenerate

    sample = next(g for g in GOLDEN if g.label == "rwyn/sample")
    copy = _copy(sample, tmp_path)
    changed = copy.expected()
    changed["viewers"]["(gm)"]["state"] = {"changed": True}
    copy.expected_path.write_text(json.dumps(changed), encoding="utf-8")
    before_log = copy.log_path.read_bytes()
    written = copy.expected_path.read_bytes()

    assert regenerate.main(["--root", str(tmp_path), "rwyn/sample"]) == 1
    said = capsys.readouterr().out
    assert "not written (use --overwrite if meant)" in said and "(gm)'s state" in said
    assert copy.expected_path.read_bytes() == written

    assert regenerate.main(["--root", str(tmp_path), "--overwrite", "rwyn/sample"]) == 0
    assert "OVERWROTE" in capsys.readouterr().out
    assert copy.expected_path.read_bytes() == sample.expected_path.read_bytes()
    assert copy.log_path.read_bytes() == before_log  # a golden log is never rewritten


def test_differences__name_the_viewer_part_and_first_place_that_differs() -> None:
    sample = next(g for g in GOLDEN if g.label == "rwyn/sample")
    expected, got = sample.expected(), sample.expected()
    seat = next(k for k in got["viewers"] if not k.startswith("("))
    last = len(got["viewers"][seat]["log"]) - 1
    got["viewers"][seat]["log"][last][4] = "reworded"
    assert differences(expected, got, parts=HARD_PARTS) == []  # words are not a hard promise
    [found] = differences(expected, got)
    assert found.startswith(f"{seat}'s log[{last}][4]: expected ") and found.endswith('..., got "reworded"')
    got["viewers"][seat]["log"][last][2] = "undone"
    assert differences(expected, got, parts=("visibility",)) == [
        f'{seat}\'s visibility[{last}][2]: expected false, got "undone"'
    ]


@pytest.mark.parametrize("name", sorted({g.ruleset for g in GOLDEN}))
def test_conformance__check_golden_logs_replays_each_rulesets_logs(name: str) -> None:
    check_golden_logs(get_ruleset(name), root=ROOT)


def test_conformance__check_golden_logs_names_a_log_that_replays_differently(tmp_path: Path) -> None:
    sample = next(g for g in GOLDEN if g.label == "capes/sample")
    copy = _copy(sample, tmp_path)
    changed = copy.expected()
    changed["viewers"]["(gm)"]["table"]["title"] = "Another title"
    copy.expected_path.write_text(json.dumps(changed), encoding="utf-8")
    with pytest.raises(AssertionError) as failed:
        check_golden_logs(get_ruleset("capes"), root=tmp_path)
    assert str(failed.value).startswith("golden log capes/sample replays differently: (gm)'s table.title: ")
    check_golden_logs(get_ruleset("rwyn"), root=tmp_path)  # another ruleset's logs are not its own


def test_conformance__check_golden_logs_finds_the_logs_a_ruleset_package_ships(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "shipped_toy"
    package.mkdir()
    (package / "__init__.py").write_text(
        "from tests.engine.toy import Toy\n\nclass ShippedToy(Toy):\n    pass\n", encoding="utf-8"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    from shipped_toy import ShippedToy  # type: ignore[import-not-found]

    toy = ShippedToy()
    session = toy.sample_session()
    table = Table.new(toy, config=session.config, seats=session.seats, seed=2)
    for step in session.steps:
        table.execute(step.command, dice=step.dice)
    shipped = write(table, package / "golden", "sample")
    assert shipped.label == "toy/sample" and shipped.expected() == expectations(table)
    with pytest.raises(FileExistsError):
        write(table, package / "golden", "sample")  # a golden log is never overwritten
    check_golden_logs(toy)
    expected = shipped.expected()
    expected["viewers"]["ann"]["state"]["total"] = -1
    (package / "golden" / "toy" / "sample.expected.json").write_text(json.dumps(expected), encoding="utf-8")
    with pytest.raises(AssertionError, match=r"golden log toy/sample replays differently: ann's state.total"):
        check_golden_logs(toy)


def test_golden_logs__hold_every_event_type_the_rulesets_declare() -> None:
    # a release that adds an event type adds a golden log that holds it (python -m tests.golden.harvest,
    # or a session in regenerate.py), so the next release cannot change how it reads unnoticed
    from tests.golden.harvest import uncovered

    assert {name: sorted(types) for name, types in uncovered().items() if types} == {}


@pytest.mark.parametrize("key", sorted(_sessions()), ids="/".join)
def test_golden_sessions__their_scripts_play_every_step_under_todays_rules(key: tuple[str, str]) -> None:
    """Each golden log's script still plays whole: a step refused (a rule fixed since the script was
    written) fails here, naming it, instead of a rewrite quietly writing a shorter log. The stored
    logs are not rewritten by this: they are the user's data and replay as they are."""
    table = _sessions()[key]().played()
    assert table.log
