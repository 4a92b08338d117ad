"""The languages of the program as files: what a language is beside its catalogues (issue 36).

A language is a folder ``locale/<code>/`` beside this module holding ``language.toml``: its own name, how
it names the languages, its keywords (the envelope's, Dampfross's orders, the mail commands, InterUrban's
notation) and InterUrban's colour words; ``locale/languages.toml`` lists the languages.  Its sentences are
the games' catalogues (``.po``, one per game).  So a new language is files only (``docs/languages.md``).

Every language's keywords are read in every mail, whatever the reader's language (a Dutch player may
write ``BUILD`` or ``BOUW``); the grammars (``grammar/*.lark``) write English only and get every
spelling here when they are built (``with_keywords``).
"""

from __future__ import annotations

import hashlib
import marshal
import pkgutil
import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from adjudicator import cachefolder

SOURCE = "en"
"""The language of the code."""


@cache
def _index() -> Mapping[str, Any]:
    return _toml("locale/languages.toml")


def _toml(name: str) -> dict[str, Any]:
    """A language file as read; kept in the application's cache (``cachefolder.py``) by its bytes' SHA-256, so a
    turn's process does not parse the TOML of every language again (some 3 ms of its 0.18 s)."""
    raw = pkgutil.get_data("adjudicator.kernel", name)
    if raw is None:
        return {}
    key = "language-" + hashlib.sha256(raw).hexdigest()[:32] + ".marshal"
    try:
        found = marshal.loads(cachefolder.kept(key) or b"N")
    except (ValueError, EOFError, TypeError):  # spoilt: read again
        found = None
    if isinstance(found, dict):
        return found
    import tomllib  # not in a process that finds every file kept

    doc = tomllib.loads(raw.decode("utf-8"))
    cachefolder.keep(key, marshal.dumps(doc))  # a language file holds strings, lists and tables only
    return doc


def codes() -> tuple[str, ...]:
    """Every language a game or a seat may choose (``offered`` in ``locale/languages.toml``), English first."""
    return tuple(_index().get("offered", [SOURCE]))


def files() -> tuple[str, ...]:
    """Every language with a file: those offered, then the drafts (their keywords are read all the same)."""
    return (*codes(), *(c for c in _index().get("drafts", []) if c not in codes()))


@cache
def spec(code: str) -> Mapping[str, Any]:
    """A language's file as read (an empty one for a code without a file)."""
    return _toml(f"locale/{code}/language.toml")


def language_name(code: str, reader: str) -> str:
    """Language ``code`` as ``reader`` names it (its own name where the reader's file does not name it)."""
    return str(spec(reader).get("names", {}).get(code) or spec(code).get("name") or code)


@cache
def spellings(section: str) -> dict[str, tuple[str, ...]]:
    """Every keyword of a section (``orders``, ``commands``, ``interurban``) with the spellings of every
    language, English first, each once."""
    out: dict[str, list[str]] = {}
    for code in files():
        for name, words in spec(code).get(section, {}).items():
            seen = out.setdefault(name, [])
            seen += [w for w in words if w not in seen]
    return {name: tuple(words) for name, words in out.items()}


def spellings_of(code: str, section: str) -> dict[str, tuple[str, ...]]:
    """One language's own spellings of a section's keywords (what it adds to English)."""
    return {name: tuple(words) for name, words in spec(code).get(section, {}).items()}


@cache
def colours() -> dict[str, str]:
    """InterUrban's colour words of every language but English: word (lower case) -> colour (``rot``: ``red``)."""
    return {word.lower(): colour for code in files() for word, colour in spec(code).get("colours", {}).items()}


def pattern(words: tuple[str, ...]) -> str:
    """A regular expression for any of ``words`` (a space: any run of white space), longest first."""
    ordered = sorted({w.lower() for w in words}, key=lambda w: (-len(w), w))
    return "|".join(r"\s+".join(re.escape(part) for part in w.split()) for w in ordered)


_TERMINAL = re.compile(r"^(?P<name>[A-Z_]+)\.2: /(?P<inline>\(\?i:|\(\?:)[^/]*?\)\(\?!\\w\)/(?P<flags>\w*)\s*$",
                       re.M)
"""A keyword's terminal as the grammars write it: ``BUILD.2: /(?:build)(?!\\w)/i`` or ``PASS.2: /(?i:pass)(?!\\w)/``."""


def with_keywords(grammar: str, table: Mapping[str, tuple[str, ...]]) -> str:
    """A grammar's text with every keyword terminal of ``table`` matching all its spellings, of every language."""
    def spelled(m: re.Match[str]) -> str:
        name = m.group("name")
        if name not in table:
            return m.group(0)
        return f"{name}.2: /{m.group('inline')}{pattern(table[name])})(?!\\w)/{m.group('flags')}"

    return _TERMINAL.sub(spelled, grammar)


def grammar_text(name: str, section: str = "orders", table: Mapping[str, tuple[str, ...]] | None = None) -> str:
    """A grammar of ``grammar/`` with every language's keywords: ``%import envelope (...)`` is written out (the
    envelope's terminals, spelled the same way), and a look-ahead that names keywords
    (``(?!(?:route|best)(?!\\w))``: a partner is never ROUTE nor BEST) names every spelling of them."""
    raw = pkgutil.get_data("adjudicator.grammar", name)
    if raw is None:  # pragma: no cover - the grammars ship inside the package
        raise FileNotFoundError(f"adjudicator/grammar/{name}")
    table = spellings(section) if table is None else table
    text = raw.decode("utf-8")
    m = re.search(r"^%import envelope \((?P<names>[^)]*)\)\s*$", text, re.M)
    if m:
        wanted = {n.strip() for n in m.group("names").split(",")}
        envelope = grammar_text("envelope.lark")
        lines = [t.group(0) for t in _TERMINAL.finditer(envelope) if t.group("name") in wanted]
        text = text[:m.start()] + "\n".join(lines) + text[m.end():]

    def ahead(m: re.Match[str]) -> str:
        words = tuple(w for part in m.group("words").split("|") for n, ws in table.items()
                      if part.upper().replace(r"\S+", " ") in ws for w in ws)
        return f"(?!(?:{pattern(words)})(?!\\w))" if words else m.group(0)

    text = re.sub(r"\(\?!\(\?:(?P<words>[a-z|]+)\)\(\?!\\w\)\)", ahead, text)
    return with_keywords(text, table)
