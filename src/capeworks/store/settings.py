"""Where the store's database is by default, and how long a writer waits for another's lock."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["ENV_VAR", "SQLITE_BUSY_TIMEOUT", "default_url", "is_own_default"]

#: environment variable naming the database URL
ENV_VAR = "CAPEWORKS_DATABASE_URL"

#: seconds a writer waits for another writer's lock (SQLite busy timeout, PostgreSQL lock_timeout)
SQLITE_BUSY_TIMEOUT = 30.0


def default_url() -> str:
    """``$CAPEWORKS_DATABASE_URL``, else a SQLite file in the user data directory."""
    from_env = os.environ.get(ENV_VAR, "").strip()
    if from_env:
        return from_env
    import platformdirs  # only when no database is named

    path = Path(platformdirs.user_data_dir("capeworks")) / "capeworks.sqlite3"
    return f"sqlite:///{path}"


def is_own_default(url: str | None) -> bool:
    """Whether ``url`` (None: not given) means the file in the user data directory, whose folder may be made.

    A URL given (or ``$CAPEWORKS_DATABASE_URL``) is a person's typing: its folders are never made.
    """
    return url is None and not os.environ.get(ENV_VAR, "").strip()
