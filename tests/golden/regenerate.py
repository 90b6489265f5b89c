"""Write the golden logs that are missing, and their expectations, under tests/golden/.

    python -m tests.golden.regenerate               # write what is missing; never overwrite
    python -m tests.golden.regenerate --overwrite   # also rewrite expectations that differ (deliberately)
    python -m tests.golden.regenerate rwyn/sample   # only the golden logs named

A golden log, once written, is never rewritten by this script: it is the record of what an
earlier release wrote, and the point is that later releases still read it. To retire one,
delete it by hand and say why in the commit. Expectations are recomputed by replaying the
stored log with today's code; where they differ from the file, the script names the
differences and refuses to write unless ``--overwrite`` is given (do that only when the
change is meant: words reworded, or a state change that an upcaster story explains).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from capeworks.engine import Command, Table
from capeworks.engine.golden import (
    LOG_SUFFIX,
    GoldenLog,
    differences,
    expectations,
    find,
    replay_document,
)
from capeworks.engine.ruleset import SampleStep
from capeworks.store import FORMAT_NAME, FORMAT_VERSION, chain
from tests.engine.fanout_sessions import Session, rwyn_evening, sessions

#: where the golden logs live
ROOT = Path(__file__).resolve().parent

#: when every golden log is said to have been made (a fixed time, so the files are reproducible)
MADE = datetime(2026, 11, 26, tzinfo=UTC)


def _sessions() -> dict[tuple[str, str], Callable[[], Session]]:
    """(ruleset, name) -> the session that writes that golden log."""
    from tests.systems.workshop.test_scripted_fight import workshop_fight

    every = sessions()
    return {
        ("rwyn", "sample"): every["rwyn sample"],
        ("rwyn", "evening"): rwyn_evening,
        ("capes", "sample"): every["capes sample"],
        ("capes", "page"): every["capes page"],
        ("weaverdice", "sample"): every["weaverdice sample"],
        ("weaverdice", "fight"): every["weaverdice fight"],
        ("bpb", "sample"): every["bpb sample"],
        ("bpb", "fight"): _bpb_fight,
        ("workshop", "sample"): every["workshop sample"],
        ("workshop", "fight"): workshop_fight,
        ("weaverdice", "downtime"): _weaverdice_downtime,
        ("rwyn", "advancement"): _rwyn_advancement,
        ("weaverdice", "reputation"): _weaverdice_reputation,
        ("weaverdice", "long"): _weaverdice_long,
        ("weaverdice", "brawl"): _weaverdice_brawl,
        ("weaverdice", "referee"): _weaverdice_referee,
        ("weaverdice", "dogpile"): _weaverdice_dogpile,
        ("weaverdice", "hiddenintel"): _weaverdice_hidden_intel,
    }


def _rwyn_advancement() -> Session:
    """Every Roll When You Need event that carried a whole sheet at version 1 (issue 17): ability,
    quality, talent, XP, a purchase losing Wealth and its buy-back, taken out by choice and by a fourth
    consequence, the GM's outcome, recovery, scene and session ends."""
    from capeworks.systems.rwyn.samples import SEATS

    steps = (
        SampleStep(_step("gm", "add_character", id="ada", sample="ada", owner="ann")),
        SampleStep(_step("bo", "add_character", id="rook", sample="rook")),
        SampleStep(_step("gm", "set_ability", character="ada", ability="Science", rating=4)),
        SampleStep(_step("gm", "add_quality", character="rook", benefit="Docks", drawback="Owes the union")),
        SampleStep(_step("gm", "add_talent", character="rook", name="Scrapper", hook="none")),
        SampleStep(_step("gm", "award_xp", character="rook", amount=12)),
        SampleStep(_step("gm", "award_xp", character="ada", amount=20)),
        SampleStep(_step("ann", "buy", character="ada", cost=5, item="a getaway van"), dice=(5, 3, 2, 2, 6)),
        SampleStep(_step("ann", "reroll", check=1, use=False)),
        SampleStep(_step("ann", "buy_back", character="ada", resource="Wealth", points=1)),
        SampleStep(_step("gm", "stress", character="ada", track="physical", amount=9)),
        SampleStep(_step("ann", "consequence", character="ada", choice="taken_out", text="in the bay")),
        SampleStep(_step("gm", "stress", character="rook", track="mental", amount=3)),
        SampleStep(_step("bo", "consequence", character="rook", choice="consequence", text="rattled")),
        SampleStep(_step("gm", "stress", character="rook", track="mental", amount=9)),
        SampleStep(_step("bo", "consequence", character="rook", choice="consequence", text="shaken")),
        SampleStep(_step("gm", "stress", character="rook", track="mental", amount=9)),
        SampleStep(_step("bo", "consequence", character="rook", choice="consequence", text="broken")),
        SampleStep(_step("gm", "stress", character="rook", track="mental", amount=9)),
        SampleStep(_step("gm", "outcome", character="rook", text="flees the city")),
        SampleStep(_step("gm", "recover", character="rook", severity="minor")),
        SampleStep(_step("gm", "end_scene")),
        SampleStep(_step("gm", "end_session")),
    )
    return Session("rwyn advancement", "rwyn", SEATS, steps, {})


def _weaverdice_hidden_intel() -> Session:
    """A hidden NPC's intel work on a target a player works too, on its own GM-only track (the
    TargetPatch's ``gm``): finding the thread, strikes, an alert, an unlock, intel spent on a DC and
    a cell, a write-up; then the player's own rolls on the players' track."""
    from capeworks.engine import Role, Seat

    seats = (Seat(id="gm", name="Game master", role=Role.GM), Seat(id="ann", name="Ann"))
    ada = {"id": "ada", "name": "Ada", "stats": {"wits": 3, "knowledge": 3}}
    boss = {"id": "boss", "name": "Boss", "tier": "notable", "stats": {"wits": 3, "knowledge": 3}}
    xb = {"target": "xb", "name": "Crossbones", "dispositions": ["violent", "sponsored"], "strike_limit": 2}
    gm = "gm"
    steps = (
        SampleStep(_step(gm, "add_character", sheet=ada, owner="ann")),
        SampleStep(_step(gm, "add_character", sheet=boss, hidden=True)),
        SampleStep(_step(gm, "start_downtime", characters=["ada", "boss"], slots=4)),
        SampleStep(_step(gm, "add_target", thread_dc=10, tidbits=[f"tidbit {i}" for i in range(16)], **xb)),
        SampleStep(_step("ann", "surveil", character="ada", target="xb", cell="0,0"), dice=(4,)),
        SampleStep(_step("ann", "strike_choice", character="ada", strike=False)),
        SampleStep(_step(gm, "surveil", character="boss", target="xb", cell="0,0"), dice=(4,)),
        SampleStep(_step(gm, "strike_choice", character="boss", strike=True)),
        SampleStep(_step(gm, "surveil", character="boss", target="xb", cell="0,0"), dice=(4,)),
        SampleStep(_step(gm, "strike_choice", character="boss", strike=False)),
        SampleStep(_step(gm, "surveil", character="boss", target="xb", cell="0,0"), dice=(6,)),
        SampleStep(_step(gm, "research", character="boss", target="xb"), dice=(6,)),
        SampleStep(_step(gm, "award", character="boss", intel="violent:3")),
        SampleStep(_step(gm, "spend_intel", character="boss", target="xb", intel="violent:3", on="thread")),
        SampleStep(_step(gm, "award", character="boss", intel="sponsored:1")),
        SampleStep(_step(gm, "spend_intel", character="boss", target="xb", intel="sponsored:1", on="0,1")),
        SampleStep(_step(gm, "utilize_intel", character="boss", ops=["spell xb"])),
        SampleStep(_step("ann", "surveil", character="ada", target="xb", cell="0,0"), dice=(6,)),
        SampleStep(_step("ann", "research", character="ada", target="xb"), dice=(3,)),
        SampleStep(_step(gm, "end_downtime")),
    )
    return Session("weaverdice hiddenintel", "weaverdice", seats, steps, {})


def _step(seat: str, type_: str, **payload: object) -> Command:
    return Command(type=type_, seat=seat, payload=dict(payload))


def _bpb_fight() -> Session:
    """Bulletproof Blues' scripted four-round fight (capeworks.systems.bpb.samples.scripted_fight)."""
    from capeworks.systems.bpb.samples import scripted_fight

    fight = scripted_fight()
    return Session("bpb fight", "bpb", fight.seats, fight.steps, dict(fight.config))


def _weaverdice_downtime() -> Session:
    """The campaign layer's scripted downtime phase of two characters (issue 23)."""
    from capeworks.systems.weaverdice.campaign.samples import downtime_session

    s = downtime_session()
    return Session("weaverdice downtime", "weaverdice", s.seats, s.steps, dict(s.config))


def _weaverdice_reputation() -> Session:
    """Numeric reputation at joining, cited and spent, beside an awarded card (issue 23: one store)."""
    from capeworks.systems.weaverdice.campaign.samples import reputation_session

    s = reputation_session()
    return Session("weaverdice reputation", "weaverdice", s.seats, s.steps, dict(s.config))


def _weaverdice_long() -> Session:
    """Two fights and the rest after them, at the versions that carried combatant copies (issue 17)."""
    from tests.golden.weaverdice_long import long_session

    return long_session(5)


def _weaverdice_brawl() -> Session:
    """The same policy on another seed: high morale spent in a fight, a training roll (issue 17)."""
    from tests.golden.weaverdice_long import long_session

    return long_session(8)


def _weaverdice_referee() -> Session:
    """Reinforcements, a lengthy check interrupted, throws, rulings, medical care (issue 17)."""
    from tests.golden.weaverdice_more import referee_session

    return referee_session(4, "referee")


def _weaverdice_dogpile() -> Session:
    """Scripted: holds beaten and reversed, a power's queued hits, a wait, reinforcements (issue 17)."""
    from tests.golden.weaverdice_more import dogpile_session

    return dogpile_session()


def document(table: Table, *, table_id: str) -> dict[str, Any]:
    """``table`` as the store exports it (see capeworks.store.document), at a fixed id and time."""
    log = [e.model_dump(mode="json") for e in table.log]
    return {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "table": {
            "id": table_id,
            "title": table.title,
            "ruleset": table.ruleset.name,
            "created_at": MADE.isoformat(),
            "version": table.version,
        },
        "config": table.config.model_dump(mode="json"),
        "seats": [s.model_dump(mode="json") for s in table.seats],
        "log": log,
        "chain": list(chain.links(log)),
    }


def _write_json(path: Path, value: Any) -> None:
    path.write_text(json.dumps(value, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--overwrite", action="store_true", help="rewrite expectations that differ")
    parser.add_argument("--root", type=Path, default=ROOT, help="where the golden logs live")
    parser.add_argument("names", nargs="*", help="RULESET/NAME of the golden logs to write (default: all)")
    args = parser.parse_args(argv)
    known = _sessions()
    # logs written some other way (tests/golden/harvest.py): their expectations are kept here too
    kept = {(g.ruleset, g.name): g for g in find(args.root) if (g.ruleset, g.name) not in known}
    labels = [f"{r}/{n}" for r, n in [*known, *kept]]
    unknown = sorted(set(args.names) - set(labels))
    if unknown:
        parser.error(f"no golden log is called {unknown[0]!r}; known: {', '.join(labels)}")
    refused = 0
    for (ruleset, name), make in known.items():
        if args.names and f"{ruleset}/{name}" not in args.names:
            continue
        golden = GoldenLog(ruleset, name, args.root / ruleset / (name + LOG_SUFFIX))
        if not golden.log_path.exists():
            golden.log_path.parent.mkdir(parents=True, exist_ok=True)
            _write_json(golden.log_path, document(make().played(), table_id=f"golden{ruleset}{name}"))
            print(f"{golden.label}: wrote the log")
        refused += not _expect(golden, overwrite=args.overwrite)
    for golden in kept.values():
        if not args.names or golden.label in args.names:
            refused += not _expect(golden, overwrite=args.overwrite)
    return 1 if refused else 0


def _expect(golden: GoldenLog, *, overwrite: bool) -> bool:
    """Write ``golden``'s expectations if missing (or differing, when told); False when refused."""
    got = expectations(replay_document(golden.document()))
    if not golden.expected_path.exists():
        _write_json(golden.expected_path, got)
        print(f"{golden.label}: wrote its expectations")
        return True
    found = differences(golden.expected(), got)
    if not found:
        print(f"{golden.label}: replays to its expectations")
    elif overwrite:
        _write_json(golden.expected_path, got)
        print(f"{golden.label}: OVERWROTE its expectations ({len(found)} differences):")
        print("\n".join(f"  {d}" for d in found))
    else:
        print(f"{golden.label}: replays differently; not written (use --overwrite if meant):")
        print("\n".join(f"  {d}" for d in found))
        return False
    return True


if __name__ == "__main__":
    sys.exit(main())
