"""Alembic migrations of the capeworks store (run by capeworks.store.database.upgrade)."""
