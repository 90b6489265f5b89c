"""REST per docs/web.md: tables, seats, projections, commands, log, export/import, dice, errors."""

from __future__ import annotations

from fractions import Fraction

import pytest
from fastapi.testclient import TestClient

from capeworks.engine import Seat, Table, get_ruleset
from capeworks.store import Store
from tests.server.conftest import CAPES_SEATS, RWYN_SEATS, SECRET, Seated, act, create, ok, play_rwyn_opening


def test_rulesets__lists_the_installed_ones_with_config_schemas(client: TestClient) -> None:
    body = client.get("/api/rulesets").json()
    by_name = {r["name"]: r for r in body}
    assert {"rwyn", "capes"} <= set(by_name)
    assert by_name["rwyn"]["has_gm"] is True and by_name["capes"]["has_gm"] is False
    assert by_name["rwyn"]["config_schema"] == get_ruleset("rwyn").config_model.model_json_schema()


def test_create__each_seat_gets_its_own_long_token_and_invite(client: TestClient, store: Store) -> None:
    table = create(client, "rwyn", RWYN_SEATS, title="Night shift")
    tokens = list(table.tokens.values())
    assert len(set(tokens)) == 3
    # token_urlsafe(32): 32 random bytes = 256 bits, 43 base64url characters
    assert all(len(t) >= 43 for t in tokens)
    assert table.invites["ann"].endswith(f"/t/{table.id}#join={table.tokens['ann']}")
    assert store.record(table.id).title == "Night shift"
    assert [s.id for s in store.load(table.id).seats] == ["gm", "ann", "bo"]


def test_create__an_unknown_ruleset_or_bad_config_writes_nothing(client: TestClient, store: Store) -> None:
    unknown = client.post("/api/tables", json={"ruleset": "nope", "seats": []})
    assert unknown.status_code == 404 and "nope" in unknown.json()["message"]
    seats = [{"id": "gm", "name": "Gail", "role": "gm"}]
    bad = client.post(
        "/api/tables", json={"ruleset": "rwyn", "config": {"no_such_option": 1}, "seats": seats}
    )
    assert bad.status_code == 422 and bad.json()["error"] == "invalid_command"
    assert store.list_tables() == []


def test_create__a_table_with_no_seat_is_refused(client: TestClient, store: Store) -> None:
    # the lobby lets a new GM remove every seat; such a table was made (201, no links), and no
    # token could ever open it
    refused = client.post("/api/tables", json={"ruleset": "rwyn", "seats": []})
    assert refused.status_code == 422 and refused.json() == {
        "error": "invalid_request",
        "message": "A table of Roll When You Need needs at least one seat: "
        "with none, nobody could ever open it.",
        "field": "seats",
    }
    assert store.list_tables() == []


def test_projection__is_the_seats_own(client: TestClient, rwyn: Seated) -> None:
    ok(client, rwyn, "gm", "add_character", id="ada", sample="ada", owner="ann")
    ok(
        client,
        rwyn,
        "gm",
        "call_check",
        character="ada",
        ability="Science",
        difficulty=5,
        task="crack the vault",
    )
    ann = client.get(f"/api/tables/{rwyn.id}", headers=rwyn.auth("ann")).json()
    bo = client.get(f"/api/tables/{rwyn.id}", headers=rwyn.auth("bo")).json()
    assert ann["me"] == {"id": "ann", "name": "Ann", "role": "player"}
    assert ann["ruleset"] == "rwyn" and ann["title"] == "Night shift" and ann["version"] == bo["version"]
    # the called check waits for Ann: her prompt and her legal answers; Bo has neither
    assert [p["seat"] for p in ann["prompts"]] == ["ann"]
    assert bo["prompts"] == []
    assert "ann" in ann["waiting"]
    assert any(c["command"] == "check" for c in ann["legal"])
    assert not any(c["command"] == "check" for c in bo["legal"])
    assert ann["panels"] and all(set(p) >= {"title", "columns", "rows"} for p in ann["panels"])


def test_commands__play_the_sample_opening_and_match_a_replay(
    client: TestClient, rwyn: Seated, store: Store
) -> None:
    play_rwyn_opening(client, rwyn)
    table = store.load(rwyn.id)
    replayed = Table(get_ruleset("rwyn"), table.log)
    assert replayed.state == table.state
    log = client.get(f"/api/tables/{rwyn.id}/log", headers=rwyn.auth("gm")).json()
    assert log["version"] == table.version
    assert [e["seq"] for e in log["entries"]] == list(range(1, table.version + 1))
    rolled = [e for e in log["entries"] if e["parts"]["rolls"]]
    assert rolled and rolled[0]["parts"]["rolls"][0]["faces"] == [6, 5, 2]
    assert rolled[0]["parts"]["rolls"][0]["given"] is True


def test_command__answer_returns_the_seats_entries_prompts_and_legal(
    client: TestClient, rwyn: Seated
) -> None:
    ok(client, rwyn, "gm", "add_character", id="ada", sample="ada", owner="ann")
    ok(
        client,
        rwyn,
        "gm",
        "call_check",
        character="ada",
        ability="Science",
        difficulty=5,
        task="crack the vault",
    )
    prompt = client.get(f"/api/tables/{rwyn.id}", headers=rwyn.auth("ann")).json()["prompts"][0]
    roll = next(o for o in prompt["options"] if o["command"] == "check")
    body = ok(client, rwyn, "ann", "answer", [6, 5, 2], prompt=prompt["id"], option=roll["value"])
    assert body["entries"] and body["entries"][0]["seat"] == "ann"
    assert body["version"] == body["entries"][-1]["seq"]
    assert isinstance(body["prompts"], list) and isinstance(body["legal"], list)


def test_command__the_gm_undoes_and_the_entry_reads_undone(client: TestClient, rwyn: Seated) -> None:
    ok(client, rwyn, "gm", "add_character", id="ada", sample="ada", owner="ann")
    before = client.get(f"/api/tables/{rwyn.id}", headers=rwyn.auth("gm")).json()
    undo = ok(client, rwyn, "gm", "undo")
    assert undo["entries"][0]["type"] == "table.reverted"
    after = client.get(f"/api/tables/{rwyn.id}", headers=rwyn.auth("gm")).json()
    assert after["view"] != before["view"]
    log = client.get(f"/api/tables/{rwyn.id}/log", headers=rwyn.auth("gm")).json()["entries"]
    assert [e["undone"] for e in log if e["type"].startswith("rwyn.")] == [True]


@pytest.mark.parametrize("command_id", [-1, 10**30])
def test_command__the_gms_undo_of_an_id_never_given_says_there_is_no_such_action(
    client: TestClient, rwyn: Seated, store: Store, command_id: int
) -> None:
    ok(client, rwyn, "gm", "add_character", id="ada", sample="ada", owner="ann")
    version = store.record(rwyn.id).version
    refused = act(client, rwyn, "gm", "undo", command_id=command_id)
    assert refused.status_code == 409, refused.text
    message = refused.json()["message"]
    assert "There is no action with command id" in message and "no longer the latest" not in message
    assert store.record(rwyn.id).version == version


def test_refused_command__changes_nothing(client: TestClient, rwyn: Seated, store: Store) -> None:
    ok(client, rwyn, "gm", "add_character", id="ada", sample="ada", owner="ann")
    version = store.record(rwyn.id).version
    unknown = act(client, rwyn, "ann", "fly_to_the_moon")
    assert unknown.status_code == 422 and unknown.json()["error"] == "invalid_command"
    gm_only = act(
        client, rwyn, "ann", "call_check", character="ada", ability="Science", difficulty=5, task="x"
    )
    assert gm_only.status_code == 403 and gm_only.json()["error"] == "not_permitted"
    assert store.record(rwyn.id).version == version


def test_log__since_and_limit(client: TestClient, rwyn: Seated) -> None:
    play_rwyn_opening(client, rwyn)
    whole = client.get(f"/api/tables/{rwyn.id}/log", headers=rwyn.auth("gm")).json()
    part = client.get(f"/api/tables/{rwyn.id}/log?since=5&limit=3", headers=rwyn.auth("gm")).json()
    assert [e["seq"] for e in part["entries"]] == [6, 7, 8]
    assert part["entries"] == whole["entries"][5:8]
    assert client.get(f"/api/tables/{rwyn.id}/log?limit=0", headers=rwyn.auth("gm")).status_code == 422


def test_command_schema__ruleset_and_engine_commands(client: TestClient, rwyn: Seated) -> None:
    base = f"/api/tables/{rwyn.id}/commands"
    schema = client.get(f"{base}/call_check/schema", headers=rwyn.auth("gm")).json()
    assert {"character", "ability"} <= set(schema["properties"])
    answer = client.get(f"{base}/answer/schema", headers=rwyn.auth("ann")).json()
    assert answer["required"] == ["prompt"]
    missing = client.get(f"{base}/nope/schema", headers=rwyn.auth("ann"))
    assert missing.status_code == 404


def test_seats__the_gm_seats_someone_and_revokes_a_link(client: TestClient, rwyn: Seated) -> None:
    added = client.post(
        f"/api/tables/{rwyn.id}/seats", json={"id": "cy", "name": "Cy"}, headers=rwyn.auth("gm")
    )
    assert added.status_code == 201
    cy = added.json()["token"]
    me = client.get(f"/api/tables/{rwyn.id}", headers={"X-Seat-Token": cy}).json()["me"]
    assert me == {"id": "cy", "name": "Cy", "role": "player"}
    by_player = client.post(
        f"/api/tables/{rwyn.id}/seats", json={"id": "dee", "name": "Dee"}, headers=rwyn.auth("ann")
    )
    assert by_player.status_code == 403
    revoked = client.post(f"/api/tables/{rwyn.id}/seats/cy/revoke", headers=rwyn.auth("gm"))
    assert revoked.status_code == 200
    new = revoked.json()["token"]
    assert client.get(f"/api/tables/{rwyn.id}", headers={"X-Seat-Token": cy}).status_code == 401
    assert client.get(f"/api/tables/{rwyn.id}", headers={"X-Seat-Token": new}).status_code == 200
    assert client.post(f"/api/tables/{rwyn.id}/seats/bo/revoke", headers=rwyn.auth("ann")).status_code == 403


def test_export_and_import__gm_only_and_fresh_tokens(client: TestClient, rwyn: Seated) -> None:
    play_rwyn_opening(client, rwyn)
    assert client.get(f"/api/tables/{rwyn.id}/export", headers=rwyn.auth("ann")).status_code == 403
    document = client.get(f"/api/tables/{rwyn.id}/export", headers=rwyn.auth("gm")).json()
    assert SECRET in str(document)  # the GM's copy carries the secret
    imported = client.post("/api/tables/import", json=document)
    assert imported.status_code == 201
    copy = imported.json()
    assert copy["id"] != rwyn.id and {s["id"] for s in copy["seats"]} == {"gm", "ann", "bo"}
    assert not set(rwyn.tokens.values()) & {s["token"] for s in copy["seats"]}
    broken = client.post("/api/tables/import", json={**document, "format": "other"})
    assert broken.status_code == 422


def test_export__any_seat_downloads_a_table_whose_rule_set_has_no_secrets(client: TestClient) -> None:
    # Capes has no GM and nothing hidden (every seat sees the same table): its export was GM-only, so
    # nobody at a Capes table could ever download it (403 for every seat)
    capes = create(client, "capes", CAPES_SEATS)
    ok(client, capes, "ann", "add_sample", name="Skitter")
    ok(client, capes, "bea", "add_sample", name="Aunt Sylvie")
    for seat in ("ann", "bea", "cal"):
        assert client.get(f"/api/tables/{capes.id}", headers=capes.auth(seat)).json()["may_export"] is True
        answer = client.get(f"/api/tables/{capes.id}/export", headers=capes.auth(seat))
        assert answer.status_code == 200, answer.text
        assert [e["type"] for e in answer.json()["log"]].count("capes.character_added") == 2
    assert client.post("/api/tables/import", json=answer.json()).status_code == 201


def test_export__a_seeded_capes_table_stays_the_gms(client: TestClient, store: Store) -> None:
    # a table seeded for a reproduction logs its dice seed for the GM alone (table.seeded): whoever read
    # it could tell every die to come, so even at Capes no seat is handed that log
    made = store.create_table(
        get_ruleset("capes"),
        title="Repro",
        seats=[Seat(id="ann", name="Ann"), Seat(id="bea", name="Bea")],
        seed=7,
    )
    seeded = Seated(id=made.id, tokens=dict(made.tokens), invites={})
    assert client.get(f"/api/tables/{made.id}", headers=seeded.auth("ann")).json()["may_export"] is False
    refused = client.get(f"/api/tables/{made.id}/export", headers=seeded.auth("ann"))
    assert refused.status_code == 403 and '"seed"' not in refused.text


def test_export__a_player_never_gets_a_rule_set_with_secrets(
    client: TestClient, rwyn: Seated, monkeypatch: pytest.MonkeyPatch
) -> None:
    # RWYN keeps the GM's notes: the projection offers the download to the GM alone, and a player's
    # request is refused with a sentence that reveals nothing of what is hidden
    play_rwyn_opening(client, rwyn)
    mine = {s: client.get(f"/api/tables/{rwyn.id}", headers=rwyn.auth(s)).json() for s in ("gm", "ann")}
    assert (mine["gm"]["may_export"], mine["ann"]["may_export"]) == (True, False)
    refused = client.get(f"/api/tables/{rwyn.id}/export", headers=rwyn.auth("ann"))
    assert refused.status_code == 403 and SECRET not in refused.text
    assert (
        refused.json()["message"]
        == "Only the GM can export the table: it holds what other seats may not see."
    )
    # a rule set that said it had no secrets while its log held one (the GM's note, GM-only) is not
    # taken at its word: the export checks every event the seat would get
    monkeypatch.setattr(type(get_ruleset("rwyn")), "has_secrets", False)
    assert client.get(f"/api/tables/{rwyn.id}", headers=rwyn.auth("ann")).json()["may_export"] is True
    still = client.get(f"/api/tables/{rwyn.id}/export", headers=rwyn.auth("ann"))
    assert still.status_code == 403 and SECRET not in still.text


def test_join__the_link_is_spent_for_a_strict_httponly_session_cookie(
    client: TestClient, rwyn: Seated
) -> None:
    # the invite carries its token in the fragment; the page posts it once (issue 19)
    assert "#join=" in rwyn.invites["ann"]
    response = client.post(
        f"/api/tables/{rwyn.id}/session", json={"token": rwyn.tokens["ann"]}, headers={"X-Capeworks": "1"}
    )
    assert response.status_code == 200 and response.json()["id"] == "ann"
    cookie = response.headers["set-cookie"]
    assert cookie.startswith(f"cw_{rwyn.id}=") and "HttpOnly" in cookie and "SameSite=strict" in cookie
    assert "max-age" not in cookie.lower() and "expires" not in cookie.lower()  # a session cookie
    fresh = cookie.split(";")[0].split("=", 1)[1]
    assert fresh != rwyn.tokens["ann"] and rwyn.tokens["ann"] not in response.text
    me = client.get(f"/api/tables/{rwyn.id}", cookies={f"cw_{rwyn.id}": fresh}).json()["me"]
    assert me["id"] == "ann"
    # the link's token is spent: neither it nor a made-up one opens the table again
    for token in (rwyn.tokens["ann"], "nope"):
        again = client.post(
            f"/api/tables/{rwyn.id}/session", json={"token": token}, headers={"X-Capeworks": "1"}
        )
        assert again.status_code == 401 and "set-cookie" not in again.headers
    # leaving clears the cookie
    left = client.post(f"/api/tables/{rwyn.id}/leave", headers={"X-Capeworks": "1"})
    assert left.status_code == 204 and f'cw_{rwyn.id}=""' in left.headers["set-cookie"]


def test_join__old_links_redirect_to_the_fragment_form(client: TestClient, rwyn: Seated) -> None:
    response = client.get(f"/join/{rwyn.id}?token={rwyn.tokens['ann']}", follow_redirects=False)
    assert response.status_code == 303 and "set-cookie" not in response.headers
    assert response.headers["location"] == f"/t/{rwyn.id}#join={rwyn.tokens['ann']}"
    assert client.get(f"/join/{rwyn.id}", follow_redirects=False).headers["location"] == f"/t/{rwyn.id}"


def test_dice__roll_and_exact_odds(client: TestClient) -> None:
    rolled = client.get("/api/dice/roll", params={"expr": "4d6kh3"}).json()
    assert len(rolled["dice"][0]) == 4 and 3 <= rolled["total"] <= 18
    odds = client.get("/api/dice/odds", params={"expr": "2d6"}).json()
    # 7 on 2d6: 6 of 36 ways
    assert odds["distribution"]["7"] == "1/6"
    assert abs(odds["probabilities"]["7"] - 1 / 6) < 1e-12
    assert sum(Fraction(p) for p in odds["distribution"].values()) == 1
    assert odds["mean"] == 7.0


def test_create__a_table_run_by_a_gm_with_no_gm_seat_is_refused(client: TestClient, store: Store) -> None:
    # every rule set but Capes is run by a GM (has_gm): at Roll When You Need a roll's complications
    # wait on the GM (src 11), at the Workshop only the GM starts the fight. Made with players alone,
    # the table was accepted and those waited for nobody
    players = [{"id": "ann", "name": "Ann", "role": "player"}, {"id": "bo", "name": "Bo", "role": "player"}]
    for ruleset in ("rwyn", "weaverdice", "bpb", "workshop"):
        title = get_ruleset(ruleset).title
        refused = client.post("/api/tables", json={"ruleset": ruleset, "seats": players})
        assert refused.status_code == 422 and refused.json() == {
            "error": "invalid_request",
            "message": f"A table of {title} needs a GM seat: the GM runs the game, and what only the GM "
            "decides would wait for nobody. Give one seat the role GM.",
            "field": "seats",
        }
    assert store.list_tables() == []
    # Capes has no GM: players alone make its table
    assert client.post("/api/tables", json={"ruleset": "capes", "seats": players}).status_code == 201


def test_seats__a_player_at_a_gm_less_table_of_a_gm_run_rule_set_never_seats_a_gm(
    client: TestClient, store: Store
) -> None:
    # `capeworks table new` (or an import) can leave a GM-run table without a GM seat; there anyone
    # seated may seat people, and Ann seated a GM whose link she held: a player made herself GM
    players = [Seat(id="ann", name="Ann"), Seat(id="bo", name="Bo")]
    made = store.create_table(get_ruleset("rwyn"), title="Left without a GM", seats=players)
    table = Seated(id=made.id, tokens=dict(made.tokens), invites={})
    before = store.load(made.id).version
    seats = f"/api/tables/{made.id}/seats"
    refused = client.post(seats, json={"id": "boss", "name": "Boss", "role": "gm"}, headers=table.auth("ann"))
    assert refused.status_code == 403, refused.text
    assert refused.json() == {
        "error": "not_permitted",
        "message": "Only the table's owner can seat its GM, never a seat at the table: the GM runs the "
        "game, so no player makes anyone GM. Seat the new person as a player.",
    }
    after = store.load(made.id)
    assert after.version == before and [s.id for s in after.seats] == ["ann", "bo"]
    # a player seat is still anyone's to add there, as at a table without a GM
    added = client.post(seats, json={"id": "cy", "name": "Cy"}, headers=table.auth("bo"))
    assert added.status_code == 201
    # the table's owner (the CLI on its own database: no seat asking) seats the GM
    store.join(made.id, Seat(id="gm", name="Gail", role="gm"))
    assert store.load(made.id).gm_seat() == Seat(id="gm", name="Gail", role="gm")


def test_import__a_gm_run_table_with_no_gm_seat_is_refused(client: TestClient, store: Store) -> None:
    # over HTTP such a table could never get its GM (no seat at it may seat one), as a new table
    # without a GM seat is refused; Capes, which has no GM, imports as before
    made = store.create_table(get_ruleset("workshop"), seats=[Seat(id="ann", name="Ann")])
    document = store.export(made.id)
    refused = client.post("/api/tables/import", json=document)
    assert refused.status_code == 422 and refused.json() == {
        "error": "invalid_request",
        "message": "This table of The Workshop has no GM seat, and nobody at it may make anyone GM: the GM "
        "runs the game. Seat its GM where the table was kept (capeworks table join TABLE --seat "
        "id:name:gm), export it again and import that.",
        "field": "seats",
    }
    assert [t.id for t in store.list_tables()] == [made.id]
    store.join(made.id, Seat(id="gm", name="Gail", role="gm"))
    assert client.post("/api/tables/import", json=store.export(made.id)).status_code == 201
    capes = store.create_table(get_ruleset("capes"), seats=[Seat(id="ann", name="Ann")])
    assert client.post("/api/tables/import", json=store.export(capes.id)).status_code == 201


def test_refused_command__a_pattern_is_said_in_words(client: TestClient, rwyn: Seated, store: Store) -> None:
    # a new player typed their character's name as its id: the answer was pydantic's regular
    # expression ("String should match pattern '^[A-Za-z0-9_.-]+$'"), which says nothing to them
    before = store.load(rwyn.id).version
    refused = act(client, rwyn, "ann", "add_character", id="Ada Lark", sample="ada")
    assert refused.status_code == 422 and refused.json() == {
        "error": "invalid_command",
        "message": "Cannot read 'create a character (a sample or your own ratings)': id: use only letters, "
        "digits, '_', '.' and '-', "
        "with no spaces.",
    }
    assert store.load(rwyn.id).version == before
