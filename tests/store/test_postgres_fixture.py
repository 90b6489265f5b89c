"""The PostgreSQL test server: found when installed, skipped locally and failed on CI when not."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.store.conftest import MISSING, PostgresServer, require_postgres_bin


def test_missing_binaries__skip_outside_ci(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="run scripts/install-system-deps"):
        require_postgres_bin(str(tmp_path / "*" / "bin" / "postgres"))


def test_missing_binaries__fail_on_ci(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="PostgreSQL binaries not found"):
        require_postgres_bin(str(tmp_path / "*" / "bin" / "postgres"))
    assert "install-system-deps" in MISSING


def test_newest_version__wins(tmp_path: Path) -> None:
    for version in ("9", "15", "13"):
        (tmp_path / version / "bin").mkdir(parents=True)
        (tmp_path / version / "bin" / "postgres").touch()
    # 15 > 13 > 9 numerically, not as text
    assert require_postgres_bin(str(tmp_path / "*" / "bin" / "postgres")) == tmp_path / "15" / "bin"


@pytest.mark.postgres
def test_server__listens_on_loopback_only(postgres_server: PostgresServer) -> None:
    import psycopg

    url = postgres_server.new_database()
    dbname = url.rsplit("/", 1)[1]
    with psycopg.connect(host="127.0.0.1", port=postgres_server.port, user="postgres", dbname=dbname) as conn:
        assert conn.execute("SHOW listen_addresses").fetchone() == ("127.0.0.1",)
