"""Command-line interface (Typer + Rich)."""

__all__: list[str] = []
