"""Who the table waits on in a fight: the seat whose combatant acts, never a narration that waits on nothing.

The edges' waiting list (the CLI's "Waiting for", the server's ``waiting``) names the seats of the open
prompts that wait. The Workshop says whose turn it is with a turn prompt (as Weaverdice does), and its
GM narration prompts (narration.py: "Nothing waits on it: play goes on meanwhile") wait on nothing.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from capeworks.cli.app import app
from capeworks.server.projection import projection
from tests.systems.workshop.helpers import end_turn, sheet, table
from tests.systems.workshop.test_optional_damage import QUIET, TOUGH

runner = CliRunner()


@pytest.mark.rules("WS-SEQ-003", "WS-CARD-003")
def test_the_cli_waits_for_the_actor_not_for_the_gms_narration(tmp_path: Path) -> None:
    # docs/systems/workshop.md's fight, with the card draw's 4S (Stymie) and 2S (Setback) for the GM to
    # narrate (--dice 4,2: the 4th and 2nd cards of a fresh deck): src 12, Jade's Initiative comes up first
    db = f"sqlite:///{tmp_path / 'w.sqlite3'}"
    config = '{"shaken": true, "stun": true, "card_draw": true}'
    seats = ["--seat", "gm:Gail:gm", "--seat", "ann:Ann", "--seat", "bo:Bo", "--config-json", config]
    made = runner.invoke(app, ["table", "new", "workshop", "--seed", "1", "--json", "--db", db, *seats])
    assert made.exit_code == 0, made.output
    tid = json.loads(made.stdout)["id"]

    def do(seat: str, *args: str) -> Result:
        done = runner.invoke(app, ["table", "do", tid, seat, *args, "--db", db])
        assert done.exit_code == 0, done.output
        return done

    def waiting(done: Result) -> list[str]:
        return [line for line in done.output.splitlines() if line.startswith("Waiting for")]

    def prompts(seat: str) -> list[tuple[str, str | None]]:
        shown = runner.invoke(app, ["table", "show", tid, "--as", seat, "--json", "--db", db])
        assert shown.exit_code == 0, shown.output
        return [(p["kind"], p["seat"]) for p in json.loads(shown.stdout)["prompts"]]

    do("ann", "add_character", "id=jade", "sample=jade")
    do("bo", "add_character", "id=rook", "sample=rook")
    do("gm", "add_character", "id=viper", "sample=viper")
    assert waiting(do("gm", "start_sequence", "--dice", "4,2")) == ["Waiting for: ann"]
    # the narrations stay open for the GM, and Ann is told it is her turn
    assert prompts("gm") == [("narrate", None), ("narrate", None), ("turn", "ann")]
    assert prompts("ann") == [("turn", "ann")]
    # Madame Viper's Active Defense, the GM's
    assert waiting(do("ann", "attack", "character=jade", "targets=viper")) == ["Waiting for: gm"]
    assert waiting(do("gm", "defend", "character=viper", "use=true", "--dice", "7,3")) == ["Waiting for: ann"]
    # Madame Viper's Initiative, the GM's
    assert waiting(do("ann", "end_turn", "character=jade")) == ["Waiting for: gm"]


@pytest.mark.rules("WS-SEQ-003", "WS-CARD-003")
def test_the_servers_waiting_list_names_whose_turn_it_is() -> None:
    villain = sheet(traits={"Agility": 3, "Wits": 3, "Luck": 0}, **TOUGH)  # 2 Shots, after H in the order
    d = table({**QUIET, "card_draw": True}, heroes={"h": sheet()}, villains={"v": villain}, start=False)
    gm, ann = d.table.seat("gm"), d.table.seat("ann")
    assert projection("t", d.table, gm)["waiting"] == []  # no fight yet: nobody's turn
    d.do("gm", "start_sequence", dice=[4, 2])  # two narrations due, the GM's
    assert projection("t", d.table, gm)["waiting"] == projection("t", d.table, ann)["waiting"] == ["ann"]
    (turn,) = [p for p in projection("t", d.table, ann)["prompts"] if p["kind"] == "turn"]
    assert turn["seat"] == "ann" and turn["rule"] == "WS-SEQ-003" and turn["options"] == []
    narrations = [p for p in projection("t", d.table, gm)["prompts"] if p["kind"] == "narrate"]
    assert len(narrations) == 2 and all(p["waits"] is False for p in narrations)
    d.do("ann", "attack", character="h", targets=["v"])  # it waits on V's Active Defense, the GM's
    assert projection("t", d.table, ann)["waiting"] == ["gm"]
    assert not [p for p in projection("t", d.table, ann)["prompts"] if p["kind"] == "turn"]
    d.do("gm", "defend", character="v", use=False, dice=[3, 1])
    assert projection("t", d.table, gm)["waiting"] == ["ann"]  # H's turn goes on until Ann ends it
    end_turn(d, "h")
    assert projection("t", d.table, ann)["waiting"] == ["gm"]  # V's Initiative, the GM's
