"""A cache on disk for what every run would otherwise build again: the grammars' tables, compiled templates,
a game's compiled game-file schema and parsed map (game-neutral: a game keeps its own things with ``remembered``
or ``kept``/``keep`` when it needs them).

``$ADJUDICATE_CACHE`` names the folder (``off``: no cache); by default it is
``$XDG_CACHE_HOME/dampfross-per-post/VERSION`` (or ``~/.cache/...``).  The
cache only saves time: a folder that cannot be made or written is simply
not used, and each entry is checked against its source (Lark and Jinja
compare hashes of the grammar and the templates; the schema's key names the
schema and the versions), anything spoilt is made again.  The folder is
trusted like Python's own ``__pycache__``: it holds code, so it is the GM's.
"""

from __future__ import annotations

import contextlib
import os
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from adjudicator import __version__, cachefolder

T = TypeVar("T")

_FOLDER: list[Path] = []
"""The folder in use (set by ``use_cache``); none: nothing is kept."""


def cache_dir() -> Path | None:
    """The cache folder, made if need be, or ``None`` when there is none (``off``, or not writable)."""
    chosen = os.environ.get("ADJUDICATE_CACHE", "")
    if chosen.lower() == "off":
        return None
    base = Path(chosen) if chosen else Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    folder = base / "dampfross-per-post" / __version__
    try:
        (folder / "templates").mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return folder if os.access(folder, os.W_OK) else None


def use_cache() -> None:
    """Point the grammars, the templates, ``remembered`` and ``kept``/``keep`` at the cache, if there is one, and
    compile the methods of the dataclasses made from now on once for every run (``postal/codecache.py``)."""
    folder = cache_dir()
    if folder is not None:
        _FOLDER[:] = [folder]
        cachefolder.use_folder(str(folder))  # the grammars' tables and the templates, read when first built
        cachefolder.use_store(kept, keep)  # the bytes a game's pure layer keeps (the compiled game-file schema)
        from adjudicator.postal.codecache import use_code_cache

        use_code_cache(kept, keep)  # the methods of the dataclasses the command imports, compiled by a run before


def remembered(key: str, make: Callable[[], T], kind: type[T]) -> T:
    """``make()``, or what a run before kept under ``key``: a pickled ``kind`` (anything else is made again).

    The key must name everything the value depends on (the folder already
    names the version).  Without a cache this is just ``make()``.
    """
    data = kept(key)
    if data is not None:
        try:
            value = pickle.loads(data)
        except Exception:  # a spoilt pickle fails in many ways; it is only made again
            value = None
        if isinstance(value, kind):
            return value
    value = make()
    if _FOLDER:
        keep(key, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
    return value


def kept(key: str) -> bytes | None:
    """The bytes kept under ``key`` (``None``: none, or no cache)."""
    if not _FOLDER:
        return None
    try:
        return (_FOLDER[0] / key).read_bytes()
    except OSError:
        return None


def keep(key: str, data: bytes) -> None:
    """Keep ``data`` under ``key``, written whole or not at all (another run may be reading); a failure (or no
    cache) only costs time."""
    if not _FOLDER:
        return
    path = _FOLDER[0] / key
    temp = path.with_name(f".{path.name}.{os.getpid()}")
    try:
        temp.write_bytes(data)
        os.replace(temp, path)
    except OSError:
        with contextlib.suppress(OSError):
            temp.unlink(missing_ok=True)
