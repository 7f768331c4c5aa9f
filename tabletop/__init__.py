"""tabletop: a desktop table for rules-enforced card games."""

__version__ = "0.1.0"
