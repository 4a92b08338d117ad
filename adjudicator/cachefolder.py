"""Where the grammar's tables, the compiled templates and other things built once may be kept between runs: one
folder, or none.

The application sets it (``postal/cache.py``: ``use_cache``, before any command
runs); the order parser (``orders/line.py``) and the Jinja environment
(``report/env.py``) read it when they are first built, and a game's pure layer
keeps bytes in it with ``kept``/``keep`` (the game file's compiled schema)
through the application's store, without importing the application's edge.
This module imports nothing and touches no file, so setting the folder loads
neither Lark nor Jinja: a command that parses no orders and renders nothing
never imports them.
"""

from __future__ import annotations

from collections.abc import Callable

_FOLDER: list[str] = []


def use_folder(path: str | None) -> None:
    """Keep what is built in ``path`` (``None``: keep nothing)."""
    _FOLDER[:] = [path] if path else []


def folder() -> str | None:
    """The folder set, if any."""
    return _FOLDER[0] if _FOLDER else None


_STORE: list[tuple[Callable[[str], bytes | None], Callable[[str, bytes], None]]] = []
"""How bytes are kept in the folder (set by the application: ``postal/cache.py``'s ``kept`` and ``keep``)."""


def use_store(kept_: Callable[[str], bytes | None], keep_: Callable[[str, bytes], None]) -> None:
    """Keep bytes with these two (the application's, which read and write the folder)."""
    _STORE[:] = [(kept_, keep_)]


def kept(key: str) -> bytes | None:
    """The bytes kept under ``key`` (``None``: none, or no cache)."""
    return _STORE[0][0](key) if _STORE else None


def keep(key: str, data: bytes) -> None:
    """Keep ``data`` under ``key``; a failure (or no cache) only costs time."""
    if _STORE:
        _STORE[0][1](key, data)
