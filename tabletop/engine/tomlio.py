"""Reading TOML files with one clear message on any problem."""

from __future__ import annotations

import os
import sys

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

from .errors import TabletopError

MAX_BYTES = 16 * 1024 * 1024


def loads(text: str, path: str = "<text>", error=TabletopError) -> dict:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise error(f"not valid TOML ({exc})", path) from None


def load(path, error=TabletopError, max_bytes: int = MAX_BYTES) -> dict:
    """Load a TOML file. Missing, unreadable, too big, not UTF-8 or not TOML
    all raise ``error`` with the file's path and the problem (and the line,
    when TOML gives one)."""
    path = os.fspath(path)
    try:
        size = os.path.getsize(path)
    except OSError as exc:
        raise error(f"can't read the file ({exc.strerror or exc})", path) from None
    if os.path.isdir(path):
        raise error("is a folder, not a file", path)
    if size > max_bytes:
        raise error(f"is {size // (1024 * 1024)} MB, larger than the {max_bytes // (1024 * 1024)} MB limit", path)
    try:
        with open(path, "rb") as fh:
            raw = fh.read()
    except OSError as exc:
        raise error(f"can't read the file ({exc.strerror or exc})", path) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(f"is not UTF-8 text (byte {exc.start})", path) from None
    return loads(text, path, error)


def line_of(text: str, needle: str) -> int | None:
    """1-based line of the first occurrence of ``needle`` (for error messages)."""
    idx = text.find(needle)
    if idx < 0:
        return None
    return text.count("\n", 0, idx) + 1
