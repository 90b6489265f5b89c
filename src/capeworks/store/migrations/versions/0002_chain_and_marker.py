"""Tamper-evident logs and the schema marker: events.hash, capeworks_schema.

Existing events get their chained hashes computed here, table by table (so a
log edited before this upgrade is chained as it stands).

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

from capeworks.store.chain import GENESIS, link

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_events = sa.table(
    "events",
    sa.column("table_id", sa.String),
    sa.column("seq", sa.Integer),
    sa.column("payload", sa.JSON),
    sa.column("hash", sa.String),
)


def upgrade() -> None:
    op.create_table(
        "capeworks_schema",
        sa.Column("marker", sa.String(64), nullable=False),
        sa.PrimaryKeyConstraint("marker", name="pk_capeworks_schema"),
    )
    op.bulk_insert(
        sa.table("capeworks_schema", sa.column("marker", sa.String)), [{"marker": "capeworks.store"}]
    )
    with op.batch_alter_table("events") as batch:
        batch.add_column(sa.Column("hash", sa.String(64), nullable=True))
    _backfill(op.get_bind())
    with op.batch_alter_table("events") as batch:
        batch.alter_column("hash", existing_type=sa.String(64), nullable=False)


def _backfill(connection: sa.Connection) -> None:
    rows = connection.execute(
        sa.select(_events.c.table_id, _events.c.seq, _events.c.payload).order_by(
            _events.c.table_id, _events.c.seq
        )
    )
    table_id: Any = None
    previous = GENESIS
    updates: list[dict[str, Any]] = []
    for row in rows:
        if row.table_id != table_id:
            table_id, previous = row.table_id, GENESIS
        previous = link(previous, row.payload)
        updates.append({"t": row.table_id, "s": row.seq, "h": previous})
    if updates:
        connection.execute(
            sa.update(_events)
            .where(_events.c.table_id == sa.bindparam("t"), _events.c.seq == sa.bindparam("s"))
            .values(hash=sa.bindparam("h")),
            updates,
        )


def downgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.drop_column("hash")
    op.drop_table("capeworks_schema")
