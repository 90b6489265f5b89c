"""Weaverdice's front-end pieces: its touch (``touch.js``), served by the web table from this folder.

The ``capeworks.web`` entry point names this package; the page loads the
touch from here, so the ruleset needs no edit in the web table.
"""

__all__: list[str] = []
