"""The store: tables, seats and event logs in SQLite (default) or PostgreSQL.

::

    store = Store()                                   # $CAPEWORKS_DATABASE_URL or the user data dir
    created = store.create_table("toy", seats=[Seat(id="gm", name="GM", role="gm")])
    store.execute(created.id, Command(type="add", seat="gm", payload={"dice": 2}))
    table = store.load(created.id)                    # == a full replay of the log

Appends are optimistic: ``append(..., expected_version=v)`` writes only if the
table is still at version ``v`` and raises ConcurrencyConflict otherwise.
See docs/store.md for the schema, URLs, durability and the export format.
A SQLite file is read and written with the standard library's ``sqlite3``;
SQLAlchemy (:mod:`capeworks.store.database`) serves PostgreSQL and migrations.
"""

from capeworks.store.document import FORMAT_NAME, FORMAT_VERSION, ExportDocument, TableInfo
from capeworks.store.opening import ENV_VAR, default_url, open_database
from capeworks.store.repository import (
    CreatedTable,
    Joined,
    Landed,
    Played,
    RulesetResolver,
    Store,
    TableRecord,
    hash_token,
    new_token,
)

__all__ = [
    "ENV_VAR",
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "CreatedTable",
    "ExportDocument",
    "Joined",
    "Landed",
    "Played",
    "RulesetResolver",
    "Store",
    "TableInfo",
    "TableRecord",
    "default_url",
    "hash_token",
    "new_token",
    "open_database",
]
