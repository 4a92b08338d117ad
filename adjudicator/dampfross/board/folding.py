"""Folding town names so that players' spellings match: case, umlauts, accents, spaces.

``München``, ``Muenchen``, ``MUENCHEN`` and ``Munchen`` all answer to the same
town.  ``edit_distance`` counts the typos between two folded names (used by
``adjudicator.dampfross.board.names.match_town``).
"""

from __future__ import annotations

import unicodedata

_UMLAUTS = {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"}


def _strip_accents(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def fold_name(name: str) -> str:
    """Normalise a town name: lower case, umlauts spelt out, no spaces or dots.

    ``München``, ``Muenchen`` and ``MUENCHEN`` fold alike; so does ``Munchen``
    through ``name_keys`` (a town answers to both spellings).
    """
    text = name.strip().lower()
    for k, v in _UMLAUTS.items():
        text = text.replace(k, v)
    text = _strip_accents(text)
    return "".join(c for c in text if c.isalnum())


def name_keys(name: str) -> set[str]:
    """Every folded spelling a town answers to (umlaut as ``ae`` and as plain ``a``)."""
    plain = name.strip().lower().replace("ß", "ss")
    return {fold_name(name), "".join(c for c in _strip_accents(plain) if c.isalnum())}


def edit_distance(a: str, b: str) -> int:
    """Edits (insert, delete, replace, swap of neighbours) turning ``a`` into ``b``."""
    if a == b:
        return 0
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        cur = [i] + [0] * len(b)
        for j, cb in enumerate(b, start=1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        prev2, prev = prev, cur
    return prev[-1]
