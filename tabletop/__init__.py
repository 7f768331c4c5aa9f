"""tabletop: a desktop table for rules-enforced card games."""

import os as _os

# pygame prints a greeting on import; keep stdout clean for --json output.
_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

__version__ = "0.1.0"
