"""Stunts' front-end package: ``touch.js``, served by the web table under ``/rulesets/stunts/``.

The ``capeworks.web`` entry point names this package. It has no previews:
the touch draws only what the seat's projection carries.
"""

__all__: list[str] = []
