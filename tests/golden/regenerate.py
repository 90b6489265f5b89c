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
        ("bpb", "more"): _bpb_more,
        ("capes", "more"): _capes_more,
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
        # the fourth overflow asks Bo since referee6 (taken out by choice could still avoid it)
        SampleStep(_step("bo", "consequence", character="rook", choice="consequence")),
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
        SampleStep(_step("ann", "strike_choice", character="ada", strike=True)),
        SampleStep(_step(gm, "surveil", character="boss", target="xb", cell="0,0"), dice=(4,)),
        SampleStep(_step(gm, "strike_choice", character="boss", strike=True)),
        SampleStep(_step(gm, "surveil", character="boss", target="xb", cell="0,0"), dice=(4,)),
        SampleStep(_step(gm, "strike_choice", character="boss", strike=True)),
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


def _bpb_sheet(cid: str, name: str, powers: list[dict[str, object]], **ranks: int) -> dict[str, object]:
    """A Bulletproof Blues sheet as the add_character command takes it: human ranks (2) unless given."""
    base = {"Agility": 2, "Brawn": 2, "Prowess": 2, "Accuracy": 2, "Perception": 2, "Willpower": 2}
    return {"id": cid, "name": name, "attributes": {**base, "Endurance": 10, **ranks}, "powers": powers}


def _bpb_more() -> Session:
    """Bulletproof Blues' events no earlier golden log held, played from a fresh table: a held action
    that cuts into Tele's turn and staggers her (her paused task action lost), a slam, a block with
    Telepathy the GM permits, an Extra Attacks stunt used, the scene's end, a rest and days of healing."""
    from capeworks.systems.bpb.samples import SEATS

    tele = _bpb_sheet(
        "tele",
        "Tele",
        [
            {"name": "Telepathy", "rank": 6, "attack": "mental", "damages": None},
            {"name": "Time Control", "rank": 6},
        ],
        Agility=4,
        Brawn=3,
        Prowess=3,
        Perception=5,
        Willpower=3,
        Endurance=20,
    )
    big = _bpb_sheet(
        "big",
        "Bigfoot",
        [{"name": "Fist", "rank": 8, "attack": "melee", "expertise": True}],
        Brawn=6,
        Prowess=8,
        Perception=4,
        Endurance=15,
    )
    zap = _bpb_sheet(
        "zap",
        "Zap",
        [{"name": "Blast", "rank": 9, "attack": "ranged", "expertise": True}],
        Accuracy=6,
        Perception=6,
        Endurance=20,
    )
    psi = _bpb_sheet(
        "psi",
        "Psi",
        [{"name": "Mind Control", "rank": 5, "attack": "mental", "damages": None}],
        Perception=3,
        Willpower=6,
    )
    gm = "gm"
    steps = (
        SampleStep(_step(gm, "add_character", sheet=tele, owner="ann")),
        SampleStep(_step(gm, "add_character", sheet=big, owner="bo")),
        SampleStep(_step(gm, "add_character", sheet=zap)),
        SampleStep(_step(gm, "add_character", sheet=psi)),
        SampleStep(_step(gm, "start_session")),
        # order of play by Perception: Zap 6, Tele 5, Bigfoot 4, Psi 3
        SampleStep(_step(gm, "start_fight", characters="zap, tele, big, psi")),
        SampleStep(_step(gm, "delay", character="zap")),
        SampleStep(_step("ann", "move", character="tele")),
        # Zap's held action cuts into Tele's turn before her task action: Blast 6 + 12 = 18 vs 8 + 4,
        # extreme (expertise); 9 damage, and staggering: Willpower 3 + 2 = 5 vs 8 + 9 fails, so the task
        # action of her paused turn is the one lost
        SampleStep(_step(gm, "preempt", character="zap")),
        SampleStep(_step(gm, "attack", attacker="zap", target="tele", power="Blast"), dice=(6, 6)),
        SampleStep(_step("ann", "answer", prompt="defend-1", option="take")),
        SampleStep(_step(gm, "answer", prompt="extreme-1", option="staggering")),
        SampleStep(_step("ann", "answer", prompt="resist-1", option="roll"), dice=(1, 1)),
        SampleStep(_step(gm, "end_turn", character="zap")),
        SampleStep(_step("ann", "end_turn", character="tele")),
        # Bigfoot's Fist 8 + 12 = 20 vs 8 + 2, extreme, slamming: Zap's Brawn 2 + 7 = 9 vs 8 + 8 misses by 7
        SampleStep(_step("bo", "attack", attacker="big", target="zap", power="Fist"), dice=(6, 6)),
        SampleStep(_step("bo", "answer", prompt="extreme-2", option="slamming"), dice=(3, 4)),
        SampleStep(_step("bo", "end_turn", character="big")),
        # Psi's Mind Control: Tele asks to block it with Telepathy; the GM permits (6 + 7 = 13 vs 8 + 5)
        SampleStep(_step(gm, "attack", attacker="psi", target="tele", power="Mind Control"), dice=(6, 6)),
        SampleStep(_step("ann", "answer", prompt="defend-3", option="block:telepathy")),
        SampleStep(_step(gm, "answer", prompt="permit-3", option="permit"), dice=(4, 3)),
        SampleStep(_step(gm, "end_turn", character="psi")),
        # round 2: Tele's action is lost to the forced block
        SampleStep(_step(gm, "end_turn", character="zap")),
        SampleStep(_step("ann", "end_turn", character="tele")),
        SampleStep(_step("bo", "end_turn", character="big")),
        SampleStep(_step(gm, "end_turn", character="psi")),
        # round 3: Time Control as six Extra Attacks; the second punch is one of them
        SampleStep(_step(gm, "end_turn", character="zap")),
        SampleStep(
            _step(
                "ann", "spend", character="tele", kind="stunt", power="Time Control", used_as="Extra Attacks"
            )
        ),
        SampleStep(_step("ann", "attack", attacker="tele", target="psi"), dice=(5, 4)),
        SampleStep(_step(gm, "answer", prompt="defend-4", option="take")),
        SampleStep(_step("ann", "attack", attacker="tele", target="psi"), dice=(2, 1)),
        SampleStep(_step("ann", "end_turn", character="tele")),
        SampleStep(_step(gm, "end_fight")),
        SampleStep(_step(gm, "end_scene")),
        SampleStep(_step(gm, "rest")),
        SampleStep(_step(gm, "heal", character="tele", days=3, care=True)),
        SampleStep(_step(gm, "heal", character="zap", days=14, care=False)),
    )
    return Session("bpb more", "bpb", SEATS, steps, {})


def _capes_more() -> Session:
    """Capes' events no earlier golden log held, played from a fresh table: a Conflict Deadlocked at
    [6] against [6], a stake objected to and made again, the Deadlock's Inspiration spent, a die split
    and split off to a side of Rampart's own, and a Gloat on the side Skitter claimed."""
    from capeworks.systems.capes.samples import SEATS, gala_start, step

    steps = (
        *gala_start(),  # Page 1, Starter Ann
        step("ann", "create_conflict", text="The guards corner the swarm in the ballroom"),
        step("ann", "end_action"),
        # mundane abilities (no Debt) roll each side's die to 6: nobody can react to a 6
        step("bea", "use_ability", (6,), ability="Worried", conflict="c1", side="A", help="A"),
        step("bea", "accept"),
        step("bea", "end_action"),
        step("cal", "use_ability", (6,), ability="Guilty", conflict="c1", side="B", help="B"),
        step("cal", "accept"),
        step("cal", "end_action"),
        # Page 2, Starter Bea: [6] against [6] and no Debt to stake: Deadlocked, an Inspiration of 6 each
        # for Bea and Cal
        step("ann", "deadlock", conflict="c1", text="Guards and swarm hold the ballroom doors till dawn."),
        # no Conflict left on the table: the Scene goes on to Page 2 (three passes would end it)
        step("bea", "continue_scene"),
        step("bea", "pass"),
        step("cal", "pass"),
        step("ann", "pass"),
        step("bea", "narrate", text="Morning. Aunt Sylvie does the laundry."),
        step("bea", "begin_actions"),
        step("bea", "create_conflict", text="Aunt Sylvie finds the costume in the laundry"),
        step("bea", "end_action"),
        # Great Leap is super: 1 Debt on Duty, staked; Bea objects, and Cal stakes it again with a reason
        step(
            "cal", "use_ability", (4,), ability="Great Leap", conflict="c2", side="A", help="A", drive="duty"
        ),
        step("cal", "accept"),
        step("cal", "pass"),
        step("ann", "pass"),
        step(
            "cal", "stake", conflict="c2", amount=1, drive="duty", why="Rampart's duty is to keep Sylvie safe"
        ),
        step("bea", "object", conflict="c2", reason="Keeping his secret is not duty: it is fear"),
        step(
            "cal",
            "stake",
            conflict="c2",
            amount=1,
            drive="duty",
            why="He swore to protect the city's families",
        ),
        # the Inspiration raises A's 4 to 6; split into 3 and 3 (1 + 1 staked: two dice), one 3 split off
        step("cal", "inspire", value=6, conflict="c2", side="A", die=1),
        step("cal", "split", conflict="c2", side="A", die=1, parts=2),
        # (samples.step's own ``dice`` are the rolls; the split-off's dice field goes in by _step)
        SampleStep(
            _step("cal", "split_off", conflict="c2", side="A", label="Rampart takes the blame", dice="3")
        ),
        step("cal", "end_action"),
        step(
            "ann",
            "use_ability",
            (5,),
            ability="Bug Control",
            conflict="c2",
            side="B",
            help="B",
            drive="truth",
        ),
        step("ann", "accept"),
        step("ann", "pass"),
        step("cal", "pass"),
        step("ann", "end_action"),
        # Page 3, Starter Cal: Ann claims B, which controls c2 ([5] against [3] and [3])
        step("cal", "pass"),
        step("ann", "claim", conflict="c2", side="B"),
        step("bea", "pass"),
        step("cal", "narrate", text="Sylvie holds up the costume; Skitter's bugs hum in the walls."),
        step("cal", "begin_actions"),
        step("cal", "create_conflict", text="Reporters camp outside the house"),
        step("cal", "end_action"),
        step(
            "ann", "use_ability", (2,), ability="Swarm Sense", conflict="c3", side="B", help="B", drive="love"
        ),
        step("ann", "accept"),
        step("ann", "pass"),
        step("bea", "pass"),
        step("cal", "pass"),
        step("ann", "end_action"),
        step("bea", "use_ability", (4,), ability="Gossip", conflict="c3", side="A", help="A"),
        step("bea", "accept"),
        step("cal", "pass"),
        step("ann", "pass"),
        step("bea", "end_action"),
        # resolving: instead of resolving c2, Ann turns B's 5 to 1 for a Story Token
        step("ann", "gloat", conflict="c2", count=1, text="Skitter's bugs spell out: nothing to see here."),
        step("ann", "end_scene"),
        step("bea", "end_scene"),
        step("cal", "end_scene"),
    )
    return Session("capes more", "capes", SEATS, steps, {})


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
