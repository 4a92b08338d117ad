"""Where the grammar's tables and the compiled templates may be kept between runs: one folder, or none.

The application sets it (``postal/cache.py``: ``use_cache``, before any command
runs); the order parser (``orders/line.py``) and the Jinja environment
(``report/env.py``) read it when they are first built.  This module imports
nothing, so setting the folder loads neither Lark nor Jinja: a command that
parses no orders and renders nothing never imports them.
"""

from __future__ import annotations

_FOLDER: list[str] = []


def use_folder(path: str | None) -> None:
    """Keep what is built in ``path`` (``None``: keep nothing)."""
    _FOLDER[:] = [path] if path else []


def folder() -> str | None:
    """The folder set, if any."""
    return _FOLDER[0] if _FOLDER else None
