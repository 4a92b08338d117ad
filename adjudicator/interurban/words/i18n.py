"""The catalogue of InterUrban's sentences (domain ``interurban``); the language is the kernel's."""

from __future__ import annotations

from adjudicator.kernel.i18n import N_, Catalogue

__all__ = ["CATALOGUE", "N_", "_", "ngettext"]

CATALOGUE = Catalogue("adjudicator.interurban", "interurban")
"""``adjudicator/interurban/locale/<code>/LC_MESSAGES/interurban.mo`` (``python -m tools.i18n`` makes it)."""


def _(message: str) -> str:
    """``message`` in the active language."""
    return CATALOGUE.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural sentence for ``n`` in the active language."""
    return CATALOGUE.ngettext(singular, plural, n)
