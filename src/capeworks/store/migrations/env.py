"""Alembic environment for the capeworks store.

Run through :func:`capeworks.store.database.upgrade`, which passes an open
connection in ``config.attributes["connection"]``. Run from the ``alembic``
command line (developers making a new revision), it connects to
``$CAPEWORKS_DATABASE_URL`` or the default database.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from capeworks.store.database import open_engine
from capeworks.store.models import metadata

target_metadata = metadata


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    """Migrate over the given connection, or open one."""
    connection = context.config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    engine = open_engine()
    with engine.connect() as fresh, fresh.begin():
        _run(fresh)


if context.is_offline_mode():
    raise SystemExit("capeworks migrations run online only (they need a connection).")
run_migrations_online()
