"""Dampfross's sentences in the reader's language: its gettext catalogue (domain ``dampfross``).

The machinery (the active language, ``N_`` markers, dates) is the kernel's
(``adjudicator/kernel/i18n.py``); this module binds ``_``, ``ngettext`` and
``pgettext`` to Dampfross's catalogue, ``locale/<code>/LC_MESSAGES/dampfross.mo``
beside this file, made from the ``.po`` (``python -m tools.i18n``;
docs/languages.md).  The templates use the same through Jinja's i18n extension
(``report/env.py``).
"""

from __future__ import annotations

from adjudicator.kernel.i18n import (
    LANGUAGES,
    N_,
    NC_,
    SOURCE,
    Catalogue,
    active,
    check_language,
    date_text,
    language,
)
from adjudicator.kernel.languages import language_name as names_language

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "NC_",
    "N_",
    "SOURCE",
    "_",
    "active",
    "catalogue",
    "check_language",
    "date_text",
    "language",
    "language_name",
    "ngettext",
    "pgettext",
]

DOMAIN = "dampfross"
"""The catalogues' gettext domain (the file name of each ``.po`` and ``.mo``)."""



def language_name(code: str) -> str:
    """A language by name, as the reader names it (``[names]`` of the reader's ``language.toml``)."""
    return names_language(code, active())

CATALOGUE = Catalogue("adjudicator.dampfross.report", DOMAIN)

_ = CATALOGUE.gettext
ngettext = CATALOGUE.ngettext
pgettext = CATALOGUE.pgettext
catalogue = CATALOGUE.translations
