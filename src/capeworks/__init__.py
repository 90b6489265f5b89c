"""capeworks: rules engine, live virtual table and playtest lab for superhero tabletop RPGs."""

from capeworks.errors import CapeworksError

__version__ = "0.1.0"

__all__ = ["CapeworksError", "__version__"]
