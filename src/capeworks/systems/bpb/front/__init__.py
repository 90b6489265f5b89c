"""Bulletproof Blues' front-end package: its touch for the web table (touch.js)."""

__all__: list[str] = []
