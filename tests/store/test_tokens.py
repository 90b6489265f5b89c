"""Seat tokens: secret, URL-safe, and safe to type after ``--token`` on a command line."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from capeworks.store import records
from capeworks.store.records import new_token


def test_new_token__a_draw_starting_with_a_dash_is_drawn_again(monkeypatch: pytest.MonkeyPatch) -> None:
    # a token starting with "-" reads as an option on a command line: the quick start of
    # ``table do ... --token TOKEN`` left it to Typer (one table in 64 made its test flaky)
    draws: Iterator[str] = iter(["-dashed", "plain"])
    monkeypatch.setattr(records.secrets, "token_urlsafe", lambda nbytes: next(draws))
    assert new_token() == "plain"


def test_new_token__never_starts_with_a_dash_and_keeps_its_length() -> None:
    # 3000 draws: before, (63/64)**3000, about one run in 10**20, had no token starting with "-"
    tokens = [new_token() for _ in range(3000)]
    assert not [t for t in tokens if t.startswith("-")]
    assert {len(t) for t in tokens} == {43}  # 32 bytes, base64 without padding
    assert len(set(tokens)) == len(tokens)
