"""Security hardening of issue 19, one test per attack (in-process; browser attacks are in
test_browser_attacks.py): deep nesting over the socket, missing table vs wrong token, headers,
API docs, table creation limits, anonymous odds, and revoking a leaked link at a table without a GM.
"""

from __future__ import annotations

import logging
from typing import Any

import pytest
from fastapi.testclient import TestClient

from capeworks.server.errors import ECHO_KEPT
from capeworks.store import Store
from tests.server.conftest import Seated


def test_websocket_deep_nesting__a_4400_close_and_one_log_line(
    client: TestClient, rwyn: Seated, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    with client.websocket_connect(f"/api/tables/{rwyn.id}/ws", headers=rwyn.auth("ann")) as ws:
        ws.receive_json(), ws.receive_json()
        ws.send_text("[" * 30_000)
        answer = ws.receive_json()
        closed = ws.receive()
    assert answer["type"] == "error" and answer["message"].endswith(".")
    assert closed["type"] == "websocket.close" and closed["code"] == 4400
    lines = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(lines) == 1 and lines[0].exc_info is None
    assert "nested too deeply" in lines[0].getMessage()


def _statements(store: Store, run: Any) -> list[str]:
    seen: list[str] = []
    stop = store.database.watch(seen.append)
    try:
        run()
    finally:
        stop()
    return seen


def test_missing_table_and_wrong_token__same_statements_same_answer(client: TestClient, rwyn: Seated) -> None:
    store: Store = client.app.state.tables.store  # type: ignore[attr-defined]
    wrong = "x" * 43
    answers: dict[str, Any] = {}

    def ask(table_id: str) -> Any:
        return lambda: answers.__setitem__(
            table_id, client.get(f"/api/tables/{table_id}", headers={"X-Seat-Token": wrong})
        )

    missing = _statements(store, ask("nosuchtable0"))
    bad = _statements(store, ask(rwyn.id))
    assert missing == bad and missing  # the same queries, in the same order
    a, b = answers["nosuchtable0"], answers[rwyn.id]
    assert a.status_code == b.status_code == 401 and a.json() == b.json()


def test_csrf__cookie_carrying_changes_need_our_header_and_origin(client: TestClient, rwyn: Seated) -> None:
    store: Store = client.app.state.tables.store  # type: ignore[attr-defined]
    cookies = {f"cw_{rwyn.id}": rwyn.tokens["gm"]}
    revoke = f"/api/tables/{rwyn.id}/seats/bo/revoke"
    here = "http://testserver"
    forged = [
        {},  # a form or no-cors fetch: no custom header
        {"Origin": "http://testserver:8301", "X-Capeworks": "1"},
        {"Origin": "null", "X-Capeworks": "1"},
        {"Sec-Fetch-Site": "same-site", "X-Capeworks": "1"},
        {"Sec-Fetch-Site": "cross-site", "Origin": here, "X-Capeworks": "1"},
    ]
    client.cookies.clear()
    for headers in forged:
        refused = client.post(revoke, headers=headers, cookies=cookies)
        assert refused.status_code == 403, headers
        assert refused.json()["error"] == "not_permitted" and refused.json()["message"].endswith(".")
    # the form post of a command: refused before its (non-JSON) body is read
    form = client.post(
        f"/api/tables/{rwyn.id}/commands", data={"type": "undo"}, cookies=cookies, headers={"Origin": here}
    )
    assert form.status_code == 403
    assert client.get(f"/api/tables/{rwyn.id}", headers=rwyn.auth("bo")).status_code == 200
    assert store.authenticate(rwyn.id, rwyn.tokens["bo"]).id == "bo"
    # our page: same origin, our header
    mine = client.post(
        revoke, cookies=cookies, headers={"Origin": here, "Sec-Fetch-Site": "same-origin", "X-Capeworks": "1"}
    )
    assert mine.status_code == 200
    # a script with the token in a header and no cookie is no browser riding a cookie
    client.cookies.clear()
    assert client.post(f"/api/tables/{rwyn.id}/seats/ann/revoke", headers=rwyn.auth("gm")).status_code == 200


def test_headers__nosniff_on_json_and_no_framing(client: TestClient, rwyn: Seated) -> None:
    for response in (
        client.get("/api/rulesets"),
        client.get(f"/api/tables/{rwyn.id}", headers=rwyn.auth("ann")),
        client.get("/api/tables/nope0"),
        client.get("/openapi.json"),
    ):
        assert response.headers["x-content-type-options"] == "nosniff"
        assert response.headers["x-frame-options"] == "DENY"


def test_api_docs__off_unless_asked_and_then_under_a_csp(make_client: Any) -> None:
    plain = make_client()
    assert plain.get("/docs").status_code == 404 and plain.get("/redoc").status_code == 404
    assert plain.get("/openapi.json").status_code == 200
    docs = make_client(api_docs=True)
    for path in ("/docs", "/redoc"):
        page = docs.get(path)
        assert page.status_code == 200
        policy = page.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy and "default-src 'self'" in policy
        assert page.headers["x-frame-options"] == "DENY"


def test_creation__rate_limited_per_address(make_client: Any) -> None:
    client = make_client(tables_per_minute=5)
    body = {"ruleset": "rwyn", "seats": [{"id": "gm", "name": "G", "role": "gm"}]}
    answers = [client.post("/api/tables", json=body) for _ in range(8)]
    assert [a.status_code for a in answers[:5]] == [201] * 5
    assert {a.status_code for a in answers[5:]} == {429}
    assert answers[-1].json()["error"] == "rate_limited" and "Retry-After" in answers[-1].headers
    store: Store = client.app.state.tables.store  # type: ignore[attr-defined]
    assert len(store.list_tables()) == 5


def test_creation__an_operator_token_when_the_server_sets_one(make_client: Any) -> None:
    client = make_client(creation_token="s3cret-operator")
    body = {"ruleset": "rwyn", "seats": [{"id": "gm", "name": "G", "role": "gm"}]}
    for headers in ({}, {"X-Creation-Token": "guess"}):
        refused = client.post("/api/tables", json=body, headers=headers)
        assert refused.status_code == 401 and "creation token" in refused.json()["message"]
        assert client.post("/api/tables/import", json={}, headers=headers).status_code == 401
    store: Store = client.app.state.tables.store  # type: ignore[attr-defined]
    assert store.list_tables() == []
    made = client.post("/api/tables", json=body, headers={"X-Creation-Token": "s3cret-operator"})
    assert made.status_code == 201


def test_capes_leaked_link__a_seat_rotates_its_own_and_the_first_seat_revokes_others(
    client: TestClient,
) -> None:
    from tests.server.conftest import CAPES_SEATS, create

    capes = create(client, "capes", CAPES_SEATS)
    base = f"/api/tables/{capes.id}/seats"
    # bea replaces her own leaked link
    mine = client.post(f"{base}/bea/revoke", headers=capes.auth("bea"))
    assert mine.status_code == 200
    assert client.get(f"/api/tables/{capes.id}", headers=capes.auth("bea")).status_code == 401
    # cal may not revoke ann; ann (the first seat, the table's maker) may revoke cal
    assert client.post(f"{base}/ann/revoke", headers=capes.auth("cal")).status_code == 403
    assert client.post(f"{base}/cal/revoke", headers=capes.auth("ann")).status_code == 200
    assert client.get(f"/api/tables/{capes.id}", headers=capes.auth("cal")).status_code == 401
    assert client.get(f"/api/tables/{capes.id}", headers=capes.auth("ann")).status_code == 200


def test_gm_table__players_replace_only_their_own_link(client: TestClient, rwyn: Seated) -> None:
    base = f"/api/tables/{rwyn.id}/seats"
    assert client.post(f"{base}/bo/revoke", headers=rwyn.auth("ann")).status_code == 403
    assert client.post(f"{base}/ann/revoke", headers=rwyn.auth("ann")).status_code == 200


def test_odds__a_wide_distribution_is_summarised_not_listed(client: TestClient, make_client: Any) -> None:
    wide = client.get("/api/dice/odds", params={"expr": "300d100"})
    assert wide.status_code == 200
    assert len(wide.content) < 400_000  # today's full listing is ~34 MB
    body = wide.json()
    assert body["outcomes"] == 29_701 and (body["min"], body["max"]) == (300, 30_000)
    assert len(body["probabilities"]) == len(body["distribution"]) == 200
    low, high = body["shown"]
    assert low <= body["quantiles"]["50"] <= high and body["mean"] == 15_150.0
    # the likeliest run: around the mean, together nearly a fifth of the whole
    assert 0.1 < sum(body["probabilities"].values()) < 0.3
    few = client.get("/api/dice/odds", params={"expr": "300d100", "outcomes": 25}).json()
    assert len(few["probabilities"]) == 25
    # every outcome on request, when the listing is small; refused with a sentence when not
    small = client.get("/api/dice/odds", params={"expr": "3d6", "full": "true"}).json()
    assert len(small["distribution"]) == 16 and "shown" not in small
    # (another app: this address has spent its burst of odds work on the two above)
    refused = make_client().get("/api/dice/odds", params={"expr": "300d100", "full": "true"})
    assert refused.status_code == 422 and refused.json()["error"] == "limit"
    assert "at most" in refused.json()["message"]


def test_odds__refused_from_the_estimate_before_any_work(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from capeworks.server.odds_pool import OddsPool

    async def never(*args: Any) -> Any:
        raise AssertionError("exact odds were sent to a worker for an expression past the budget")

    monkeypatch.setattr(OddsPool, "run", never)
    for expr in ("1000d100", "250d200", "100d100*100d100", "300d100+300d100", "200d100!"):
        response = client.get("/api/dice/odds", params={"expr": expr})
        assert response.status_code == 422, expr
        assert response.json()["error"] == "limit" and response.json()["message"].endswith(").")


# (odds off the event loop and bounded per client: tests/server/test_odds_pool.py, since the
# odds moved from threads to worker processes)


def test_odds__each_address_pays_by_the_work_it_asks_for(
    make_client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import capeworks.server.dice_routes as routes

    monkeypatch.setattr(routes, "ODDS_FACES_PER_SECOND", 1.0)  # next to no refill while the test runs
    client = make_client()
    # 300d100 is 30,000 die faces: two fit in an address's burst, the third waits its turn
    answers = [client.get("/api/dice/odds", params={"expr": "300d100"}) for _ in range(3)]
    assert [a.status_code for a in answers] == [200, 200, 429]
    assert answers[2].json()["error"] == "rate_limited" and int(answers[2].headers["Retry-After"]) >= 1
    # small odds cost little: 3d6 still answers
    assert client.get("/api/dice/odds", params={"expr": "3d6"}).status_code == 200


def test_refusal__quotes_what_was_sent_short_over_rest_and_the_socket(
    client: TestClient, rwyn: Seated, store: Store
) -> None:
    # 5,000 characters pasted where a seat's id goes: the refusal names them by their first
    # ECHO_KEPT, not all 5,000 (a page's notice was a wall of them)
    pasted = "x" * 5000
    body = {"type": "add_character", "payload": {"id": "ada", "sample": "ada", "owner": pasted}}
    before = store.load(rwyn.id).version
    answer = client.post(f"/api/tables/{rwyn.id}/commands", json=body, headers=rwyn.auth("gm"))
    assert answer.status_code == 404
    shown = f"'{'x' * ECHO_KEPT}…' (5,000 characters)"
    assert answer.json()["message"] == f"Nobody sits at seat {shown} at this table."
    with client.websocket_connect(f"/api/tables/{rwyn.id}/ws", headers=rwyn.auth("gm")) as ws:
        ws.receive_json(), ws.receive_json()
        ws.send_json({"type": "command", "ref": "c1", "command": body})
        refused = ws.receive_json()
    assert refused["ref"] == "c1" and refused["message"] == answer.json()["message"]
    assert store.load(rwyn.id).version == before

    # a name of ordinary length is quoted whole
    body["payload"]["owner"] = "cy"
    answer = client.post(f"/api/tables/{rwyn.id}/commands", json=body, headers=rwyn.auth("gm"))
    assert answer.json()["message"] == "Nobody sits at seat 'cy' at this table."
