"""Docs that cannot drift: every route of the API is in docs/web.md, and every create_app option too."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

from fastapi.testclient import TestClient

from capeworks.server import create_app

DOC = Path(__file__).resolve().parents[2] / "docs" / "web.md"


def test_every_route_is_documented(client: TestClient) -> None:
    text = DOC.read_text(encoding="utf-8")
    documented = {re.sub(r"\{[^}]+\}", "{}", p) for p in re.findall(r"`(?:GET|POST) (/[^ ?`]*)", text)}
    paths = client.get("/openapi.json").json()["paths"]
    missing = sorted(p for p in paths if re.sub(r"\{[^}]+\}", "{}", p) not in documented)
    assert not missing, f"docs/web.md does not document {missing}"
    assert "/api/tables/{id}/ws" in text


def test_every_create_app_option_is_documented() -> None:
    text = DOC.read_text(encoding="utf-8")
    options = [n for n in inspect.signature(create_app).parameters if n not in ("store", "store_url")]
    missing = [n for n in options if n not in text]
    assert not missing, f"docs/web.md does not mention create_app's {missing}"
