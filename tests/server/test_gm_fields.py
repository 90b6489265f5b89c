"""A command's form schema per seat: a player's lacks the fields a ruleset marks GM-only (``gm_field``),
the GM's has them, and a crafted request that fills one anyway is still refused by the rules."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import Seated, act, create, ok

SEATS = [{"id": "gm", "name": "Gail", "role": "gm"}, {"id": "ann", "name": "Ann", "role": "player"}]


def _schema(client: TestClient, table: Seated, seat: str, command: str) -> dict[str, object]:
    response = client.get(f"/api/tables/{table.id}/commands/{command}/schema", headers=table.auth(seat))
    assert response.status_code == 200, response.text
    body: dict[str, object] = response.json()
    return body


def test_attack_schema__a_player_is_not_offered_a_secret_roll_or_a_bonus(client: TestClient) -> None:
    table = create(client, "weaverdice", SEATS, title="Dockside")
    players = _schema(client, table, "ann", "attack")
    gms = _schema(client, table, "gm", "attack")
    assert isinstance(players["properties"], dict) and isinstance(gms["properties"], dict)
    # the GM's form has both, marked; the player's has neither, and still what a player fills
    assert {"hidden", "bonus"} <= set(gms["properties"])
    assert gms["properties"]["hidden"]["gm_only"] is True
    assert not {"hidden", "bonus"} & set(players["properties"])
    assert {"character", "target", "weapon", "skills"} <= set(players["properties"])
    # and what a player's blow deals: its weapon's or bare hands' damage, conventional, not mental
    # (WD-COMBAT-024, src 623, 1032, 744); an effect only is the weapon's (src 618), more swings than
    # Attack x2 and a pin the GM's ruling (src 567, 871)
    gm_only = {"hidden", "bonus", "damage", "tier", "conventional", "mental", "effect_only", "swings", "pins"}
    assert set(gms["properties"]) - set(players["properties"]) == gm_only
    # a field no ruleset marks is the same for both (an engine command: nothing to leave out)
    assert _schema(client, table, "ann", "answer") == _schema(client, table, "gm", "answer")


def test_add_character_schema__a_player_adds_their_own_visible_pc(client: TestClient) -> None:
    table = create(client, "weaverdice", SEATS, title="Dockside")
    players = _schema(client, table, "ann", "create_character")
    assert isinstance(players["properties"], dict)
    # starting morale is the GM's (src 485), as add_character's is: a player's form lacks it
    assert not {"owner", "hidden", "tier", "morale"} & set(players["properties"])
    gms = _schema(client, table, "gm", "create_character")
    assert isinstance(gms["properties"], dict)
    assert {"owner", "hidden", "tier", "morale"} <= set(gms["properties"])


@pytest.mark.rules("WD-CORE-003")
def test_a_crafted_secret_or_bonus_attack_is_still_refused_to_a_player(client: TestClient) -> None:
    # the form leaves the fields out; the rules still refuse them when a request names them anyway
    table = create(client, "weaverdice", SEATS, title="Dockside")
    vic = {"id": "vic", "name": "Vic", "tier": "pc", "stats": {"athletics": 3}}
    ok(client, table, "gm", "add_character", sheet=vic, owner="ann")
    ok(client, table, "gm", "add_character", sheet={"id": "brute", "name": "Brute", "tier": "notable"})
    ok(client, table, "gm", "start_combat", [6, 1])
    version = client.get(f"/api/tables/{table.id}", headers=table.auth("gm")).json()["version"]
    for extra, words in (({"hidden": True}, "Only the GM can roll in secret."), ({"bonus": 2}, "bonus")):
        refused = act(client, table, "ann", "attack", [4], character="vic", target="brute", **extra)
        assert refused.status_code == 403, refused.text
        assert words in refused.json()["message"]
    assert client.get(f"/api/tables/{table.id}", headers=table.auth("gm")).json()["version"] == version


@pytest.mark.parametrize(
    ("ruleset", "command", "gms"),
    [
        ("rwyn", "add_character", {"owner"}),
        ("rwyn", "check", {"benefit", "drawback"}),
        ("bpb", "add_character", {"owner"}),
        ("workshop", "add_character", {"owner", "faction", "named", "count", "engaging"}),
        ("weaverdice", "check", {"stat", "tn", "bonus", "hidden", "superhuman", "effortless", "personal"}),
        ("weaverdice", "use_power", {"bonus", "hidden", "pins"}),
    ],
)
def test_every_ruleset__a_players_form_lacks_what_the_handler_refuses_a_player(
    client: TestClient, ruleset: str, command: str, gms: set[str]
) -> None:
    table = create(client, ruleset, SEATS, title="Forms")
    players, gm = _schema(client, table, "ann", command), _schema(client, table, "gm", command)
    assert isinstance(players["properties"], dict) and isinstance(gm["properties"], dict)
    assert set(gm["properties"]) - set(players["properties"]) == gms


def _choices(schema: dict[str, object]) -> list[object]:
    """The values a form offers for ``kind``."""
    properties = schema["properties"]
    assert isinstance(properties, dict)
    kind: dict[str, object] = properties["kind"]
    assert isinstance(kind["enum"], list)
    return kind["enum"]


@pytest.mark.rules("BPB-PP-013", "BPB-ACT-005")
def test_bpb_spend_and_act__a_players_choices_lack_what_only_the_gm_permits(client: TestClient) -> None:
    # src 465: another use of a plot point "if the GM permits"; src 127: the movement action spent on
    # an equivalent one "with GM permission": the GM's seat issues both, a player's form offers neither
    table = create(client, "bpb", SEATS, title="Forms")
    for command, players, gms in (
        ("spend", ["boost", "stunt", "rally", "retcon"], ["boost", "stunt", "rally", "retcon", "other"]),
        ("act", ["free", "roleplay"], ["free", "roleplay", "movement"]),
    ):
        player, gm = _schema(client, table, "ann", command), _schema(client, table, "gm", command)
        assert _choices(player) == players
        assert _choices(gm) == gms
        assert gm["properties"]["kind"]["gm_values"] == [gms[-1]]  # type: ignore[index]
        # an explosive boost's radius is the GM's number (BPB-DMG-005): the one GM-only field of either
        gm_only = {"radius_ft"} if command == "spend" else set()
        assert set(player["properties"]) == set(gm["properties"]) - gm_only  # type: ignore[arg-type]
    # a crafted request for the GM's value is still refused by the rules, and changes nothing
    ok(client, table, "gm", "add_character", sample="widow", owner="ann")
    ok(client, table, "gm", "start_session")
    version = client.get(f"/api/tables/{table.id}", headers=table.auth("gm")).json()["version"]
    refused = act(client, table, "ann", "spend", character="widow", kind="other", text="undo the street")
    assert refused.status_code in (403, 409, 422), refused.text
    assert "needs the GM's permission" in refused.json()["message"]
    assert client.get(f"/api/tables/{table.id}", headers=table.auth("gm")).json()["version"] == version
