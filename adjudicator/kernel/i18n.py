"""The languages of the reports, for every game: the language being spoken, and gettext catalogues.

Every sentence a game writes for players is English in the code and marked
for extraction where it is written: ``N_("...")`` in phrasebooks' tables (a
marker that returns its text unchanged) and ``_("...")`` for a sentence used
on the spot.  It is translated where it is used, in the catalogue of the
*active* language: each game has its own catalogue (a gettext domain shipped
inside its package, ``Catalogue(package, domain)``), but the active language
is one for the whole program, set by the report layer's entry points for the
reader (``with language(code): ...``).  English, the language of the code,
needs no catalogue (``docs/languages.md``; ``python -m tools.i18n`` extracts
and compiles every game's catalogue).
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime, tzinfo
from functools import cache, lru_cache

from adjudicator.kernel.errors import AdjudicatorError
from adjudicator.kernel.languages import codes

SOURCE = "en"
"""The language of the code: its sentences are the catalogues' msgids (``languages.SOURCE``)."""
LANGUAGES = codes()
"""Every language a game or a company may choose (``adjudicate new --lang``, ``adjudicate player lang``): a folder
``locale/<code>/language.toml`` beside this module each (``kernel/languages.py``), English first."""


def N_(text: str) -> str:  # noqa: N802 - the gettext convention for "mark for translation"
    """Mark a sentence for translation (extraction finds it; the text is returned unchanged)."""
    return text


def NC_(context: str, text: str) -> str:  # noqa: N802 - as N_, for a sentence with a context (pgettext)
    """Mark ``text`` for translation as meant in ``context`` (an order keyword); returned unchanged."""
    return text


_ACTIVE: ContextVar[str] = ContextVar("adjudicator_language", default=SOURCE)


def check_language(code: str) -> str:
    """``code`` if it is a language of the program; ``AdjudicatorError`` naming those there are."""
    if code not in LANGUAGES:
        raise AdjudicatorError(f"no language {code!r}: the reports are written in {', '.join(LANGUAGES)}")
    return code


def active() -> str:
    """The language being spoken (English outside any ``language`` block)."""
    return _ACTIVE.get()


@contextmanager
def language(code: str | None) -> Iterator[str]:
    """Speak ``code`` inside the block (``None``: go on in the active language)."""
    token = _ACTIVE.set(check_language(code) if code else _ACTIVE.get())
    try:
        yield _ACTIVE.get()
    finally:
        _ACTIVE.reset(token)


@cache
def _translations(package: str, domain: str, code: str) -> gettext.NullTranslations:
    if check_language(code) == SOURCE:
        return gettext.NullTranslations()
    from importlib import resources  # a catalogue is read for another language than English only

    mo = resources.files(package).joinpath("locale", code, "LC_MESSAGES", f"{domain}.mo")
    if not mo.is_file():
        return gettext.NullTranslations()
    with mo.open("rb") as f:
        return gettext.GNUTranslations(f)


class Catalogue:
    """One game's sentences in every language: ``locale/<code>/LC_MESSAGES/<domain>.mo`` inside ``package``."""

    def __init__(self, package: str, domain: str):
        self.package = package
        self.domain = domain

    def translations(self, code: str) -> gettext.NullTranslations:
        """The translations of one language (English: none, every sentence stands as written)."""
        return _translations(self.package, self.domain, code)

    def gettext(self, message: str) -> str:
        """``message`` in the active language (an empty text stays empty: gettext would give the header)."""
        return self.translations(_ACTIVE.get()).gettext(message) if message else message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The singular or plural sentence for ``n`` in the active language."""
        return self.translations(_ACTIVE.get()).ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """``message`` in the active language, as meant in ``context`` (an order keyword, a table heading)."""
        return self.translations(_ACTIVE.get()).pgettext(context, message)


def date_text(t: datetime, pattern: str) -> str:
    """``t`` in the active language after a CLDR date pattern (``EEE d MMM y HH:mm``: ``Fri 21 Nov 2025 18:00``;
    the pattern itself comes from the game's catalogue, so each language orders day and month its own way).

    Babel knows every language's day and month names; it is imported only when a date is written.  The last few
    are kept: a tick's mails write the same deadline in each seat's receipt, report and digest.
    """
    return _date_text(t, t.tzinfo, pattern, _ACTIVE.get())


@lru_cache(maxsize=64)
def _date_text(t: datetime, zone: tzinfo | None, pattern: str, lang: str) -> str:
    """``date_text`` kept by the instant and its zone (two aware times of one instant are equal, whatever their
    zones: the zone is in the key, so each is written in its own)."""
    from babel.dates import format_datetime

    return format_datetime(t, pattern, locale=lang)
