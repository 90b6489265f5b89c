"""Request ids: a command sent again with the same id is applied once (issue 21, defect 7).

One row per command that carried a client-chosen request id, written in the
command's own transaction: its seat, the id, and the versions before and
after it. A retry finds the row and gets the first result; nothing is applied.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-26
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "requests",
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("seat_id", sa.String(64), nullable=False),
        sa.Column("request_id", sa.String(64), nullable=False),
        sa.Column("before", sa.Integer, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"], ["tables.id"], name="fk_requests_table_id_tables", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("table_id", "seat_id", "request_id", name="pk_requests"),
    )


def downgrade() -> None:
    op.drop_table("requests")
