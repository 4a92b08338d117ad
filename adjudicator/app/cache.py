"""A cache on disk for what every run would otherwise build again: the grammar's tables, compiled templates.

``$ADJUDICATE_CACHE`` names the folder (``off``: no cache); by default it is
``$XDG_CACHE_HOME/dampfross-per-post/VERSION`` (or ``~/.cache/...``).  The
cache only saves time: a folder that cannot be made or written is simply
not used, and each entry is checked against its source by Lark and Jinja.
"""

from __future__ import annotations

import os
from pathlib import Path

from adjudicator import __version__
from adjudicator.orders.line import use_grammar_cache
from adjudicator.report.env import use_template_cache


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
    """Point the grammar and the templates at the cache, if there is one."""
    folder = cache_dir()
    if folder is not None:
        use_grammar_cache(str(folder / "orders.lark.cache"))
        use_template_cache(str(folder / "templates"))
