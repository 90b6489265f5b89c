"""Store test set-up: a throwaway PostgreSQL server, and a database URL per test for each backend.

``db_url`` is parametrized over SQLite (a file in tmp_path) and PostgreSQL (a
fresh database on a server this session starts from Debian's binaries on
127.0.0.1). Without the binaries the PostgreSQL cases skip, or fail when the
``CI`` environment variable is set (run ``scripts/install-system-deps``).
"""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from capeworks.engine import Ruleset, Seat
from capeworks.store import Store
from tests.engine.toy import Toy

PG_USER = "postgres"
SEATS = (Seat(id="gm", name="Game master", role="gm"), Seat(id="ann", name="Ann"))


PG_GLOB = "/usr/lib/postgresql/*/bin/postgres"
MISSING = f"PostgreSQL binaries not found ({PG_GLOB}); run scripts/install-system-deps"


def _postgres_bin(pattern: str = PG_GLOB) -> Path | None:
    """The bin directory of the newest installed PostgreSQL, if any."""
    found = sorted(glob.glob(pattern), key=lambda p: int(Path(p).parent.parent.name))
    return Path(found[-1]).parent if found else None


def require_postgres_bin(pattern: str = PG_GLOB) -> Path:
    """The PostgreSQL bin directory; without one, skip (or fail when $CI is set)."""
    bindir = _postgres_bin(pattern)
    if bindir is None:
        if os.environ.get("CI"):
            pytest.fail(MISSING)
        pytest.skip(MISSING)
    return bindir


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PostgresServer:
    """A PostgreSQL cluster in a temp dir, on a free loopback port, trust auth."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.root = Path(tempfile.mkdtemp(prefix="capeworks-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self.as_root = os.geteuid() == 0
        self._names = itertools.count(1)
        if self.as_root:
            shutil.chown(self.root, user="postgres", group="postgres")

    def _run(self, *args: str) -> None:
        prefix = ["runuser", "-u", "postgres", "--"] if self.as_root else []
        result = subprocess.run([*prefix, *args], capture_output=True, text=True, check=False)
        if result.returncode != 0:
            raise RuntimeError(f"{' '.join(args)} failed:\n{result.stdout}\n{result.stderr}")

    def start(self) -> None:
        self._run(
            str(self.bindir / "initdb"), "-D", str(self.data), "-U", PG_USER, "-A", "trust", "--no-sync",
            "-E", "UTF8", "--locale=C",
        )  # fmt: skip
        options = f"-h 127.0.0.1 -p {self.port} -k {self.root} -c fsync=off -c max_connections=100"
        self._run(
            str(self.bindir / "pg_ctl"), "-D", str(self.data), "-l", str(self.root / "log"),
            "-o", options, "-w", "-t", "60", "start",
        )  # fmt: skip

    def stop(self) -> None:
        try:
            self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://{PG_USER}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh, empty database; returns its URL."""
        import psycopg

        name = f"t{os.getpid()}_{next(self._names)}"
        with psycopg.connect(f"host=127.0.0.1 port={self.port} user={PG_USER} dbname=postgres") as conn:
            conn.autocommit = True
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A running PostgreSQL for the whole session (skips, or fails on CI, without binaries)."""
    server = PostgresServer(require_postgres_bin())
    started = time.monotonic()
    server.start()
    assert time.monotonic() - started < 60
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A URL of an empty database, once for SQLite and once for PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'store.sqlite3'}"
    server: PostgresServer = request.getfixturevalue("postgres_server")
    return server.new_database()


@pytest.fixture
def toy() -> Toy:
    return Toy()


@pytest.fixture
def resolve(toy: Toy) -> Callable[[str], Ruleset[object, object]]:  # type: ignore[type-var]
    """Finds the Toy ruleset by name (it is not registered as an entry point)."""
    return lambda name: toy


@pytest.fixture
def store(db_url: str, toy: Toy) -> Iterator[Store]:
    """A Store on an empty database that knows the Toy ruleset; snapshots every 4 events."""
    with Store(db_url, resolve_ruleset=lambda name: toy, snapshot_every=4) as s:
        yield s
