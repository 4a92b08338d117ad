"""The methods ``@dataclass`` writes, compiled once and kept between runs (issue 34: a turn within 2x the stack).

``dataclasses`` writes each class's ``__init__``, ``__repr__``, ``__eq__``,
``__hash__`` and, for a frozen class, ``__setattr__`` and ``__delattr__`` as
source text and compiles it with ``exec`` while the class is made, at import.
A turn's process makes some 120 frozen dataclasses: compiling their methods
was about 35 of a racing turn's 210 ms (``docs/speed.md``, issue 34), the
same text compiled again by every process.  ``use_code_cache`` gives the
``dataclasses`` module an ``exec`` that compiles a text once and keeps its
code object by the exact text; what a process compiled is written to the
application's cache at its exit, and the next process starts with it.

Nothing changes but where the code object comes from: it is compiled from
the same text, with the same file name (``<string>``) and the same compiler
flags (none inherited: ``dataclasses`` imports nothing from ``__future__``),
and run by the real ``exec`` with the same namespaces.  The key is the whole
text, so a class whose fields, defaults or options change gets other text
and is compiled afresh; the file name names the interpreter's bytecode tag
(``cpython-311``), so no other interpreter's code is ever read.  A file that
is spoilt, of another shape or unreadable is ignored (and written again);
without a cache folder nothing is kept and nothing is patched.
"""

from __future__ import annotations

import atexit
import builtins
import dataclasses
import marshal
import sys
from collections.abc import Callable
from types import CodeType
from typing import Any

KEY = f"dataclass-code.{sys.implementation.cache_tag}.marshal"
"""The cache entry: every kept text's code object, one dict, marshalled (``marshal``: the format of ``.pyc``)."""

MAX_KEPT = 20_000
"""The most texts kept (the package makes about 250 dataclasses, six texts each at most): a process that made far
more (a test making classes in a loop) adds nothing to the file."""

_CODE: dict[str, CodeType] = {}
_FRESH: list[str] = []
"""The texts this process compiled (written at exit when there are any)."""


def cached_exec(source: str | CodeType, globals_: dict[str, Any] | None = None,
                locals_: dict[str, Any] | None = None, /) -> None:
    """``exec`` as ``dataclasses`` calls it, a text compiled once: the kept code object when the text was seen."""
    if isinstance(source, str):
        code = _CODE.get(source)
        if code is None:
            code = compile(source, "<string>", "exec", dont_inherit=True)
            _CODE[source] = code
            _FRESH.append(source)
        source = code
    builtins.exec(source, globals_, locals_)


def use_code_cache(kept: Callable[[str], bytes | None], keep: Callable[[str, bytes], None]) -> None:
    """Give ``dataclasses`` the caching ``exec``, start with what ``kept`` holds, and ``keep`` what is new at exit.

    Only classes made after this call are served (the application calls it before it imports a command)."""
    if getattr(dataclasses, "exec", None) is cached_exec:
        return
    _CODE.update(_loaded(kept(KEY)))
    dataclasses.exec = cached_exec  # type: ignore[attr-defined]  # a global of the module, found before builtins
    atexit.register(_write, keep)


def _loaded(data: bytes | None) -> dict[str, CodeType]:
    """The kept texts and their code, or nothing when the bytes are missing or not such a dict."""
    if not data:
        return {}
    try:
        value = marshal.loads(data)
    except (EOFError, ValueError, TypeError):
        return {}
    if not isinstance(value, dict) or not all(isinstance(k, str) and isinstance(v, CodeType)
                                              for k, v in value.items()):
        return {}
    return value


def _write(keep: Callable[[str, bytes], None]) -> None:
    """Keep every text's code when this process compiled any (and the whole stays within ``MAX_KEPT``)."""
    if _FRESH and len(_CODE) <= MAX_KEPT:
        keep(KEY, marshal.dumps(_CODE))
        _FRESH.clear()
