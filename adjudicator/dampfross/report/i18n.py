"""The languages of the reports: one gettext catalogue per language, and the language being spoken.

Every sentence the program writes for players is English in the code and
marked for extraction where it is written: ``N_("...")`` in the
phrasebooks' tables (a marker that returns its text unchanged) and
``_("...")`` for a sentence used on the spot.  It is translated where it is
used: ``_(TABLE[code]).format(...)`` looks the English sentence up in the
catalogue of the *active* language and formats the translation.  The
templates do the same through Jinja's i18n extension (``report/env.py``
installs ``_``, ``gettext``, ``ngettext`` and ``pgettext`` of this module).

The active language is set by the report layer's entry points for the
reader (``with language(code): ...``): the public report in the game's
language, a company's private report, receipt and mails in that company's
(``GameState.language_of``).  Nothing else depends on it; no code asks which language it
speaks.  English, the language of the code, needs no catalogue; every other
language is a compiled catalogue ``locale/<code>/LC_MESSAGES/dampfross.mo``
shipped inside the package, made from the ``.po`` beside it
(``python -m tools.i18n``; docs/languages.md).
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime
from functools import cache
from importlib import resources

from adjudicator.kernel.errors import DampfrossError

DOMAIN = "dampfross"
"""The catalogues' gettext domain (the file name of each ``.po`` and ``.mo``)."""
SOURCE = "en"
"""The language of the code: its sentences are the catalogues' msgids."""
LANGUAGES = ("en", "de")
"""Every language a game or a company may choose (``adjudicate new --lang``, ``adjudicate player lang``)."""


def N_(text: str) -> str:  # noqa: N802 - the gettext convention for "mark for translation"
    """Mark a sentence for translation (extraction finds it; the text is returned unchanged)."""
    return text


def NC_(context: str, text: str) -> str:  # noqa: N802 - as N_, for a sentence with a context (pgettext)
    """Mark ``text`` for translation as meant in ``context`` (an order keyword); returned unchanged."""
    return text


NAMES = {"en": N_("English"), "de": N_("German")}
"""Each language by name, as a report names it (in the reader's language)."""

_ACTIVE: ContextVar[str] = ContextVar("dampfross_language", default=SOURCE)


def check_language(code: str) -> str:
    """``code`` if it is a language of the program; ``DampfrossError`` naming those there are."""
    if code not in LANGUAGES:
        raise DampfrossError(f"no language {code!r}: the reports are written in {', '.join(LANGUAGES)}")
    return code


@cache
def catalogue(code: str) -> gettext.NullTranslations:
    """The translations of one language (English: none, every sentence stands as written)."""
    check_language(code)
    mo = resources.files("adjudicator.dampfross.report").joinpath("locale", code, "LC_MESSAGES", f"{DOMAIN}.mo")
    if not mo.is_file():
        return gettext.NullTranslations()
    with mo.open("rb") as f:
        return gettext.GNUTranslations(f)


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


def _(message: str) -> str:
    """``message`` in the active language (an empty text stays empty: gettext would give the header)."""
    return catalogue(_ACTIVE.get()).gettext(message) if message else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural sentence for ``n`` in the active language."""
    return catalogue(_ACTIVE.get()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the active language, as meant in ``context`` (an order keyword, a table heading)."""
    return catalogue(_ACTIVE.get()).pgettext(context, message)


def date_text(t: datetime, pattern: str) -> str:
    """``t`` in the active language after a CLDR date pattern (``EEE d MMM y HH:mm``: ``Fri 21 Nov 2025 18:00``;
    the pattern itself comes from the catalogue, so each language orders day and month its own way).

    Babel knows every language's day and month names; it is imported only when a date is written.
    """
    from babel.dates import format_datetime

    return format_datetime(t, pattern, locale=_ACTIVE.get())
