"""Lines that carry a password: recognised even when misspelt, and masked wherever they are quoted.

A mail may hold several players' sections.  A PLAYER line with a typo
(``PLAYR NOB PASSWORD ...``, ``PLAYER: NOB``, ``Password: ...``, an extra
word) must not let the orders after it run as the previous player's, and
its password must never be shown to anybody: ``parse_orders`` ends the
current section at such a line and quotes it only masked.
"""

from __future__ import annotations

import difflib
import itertools
import re
from functools import lru_cache

from adjudicator.dampfross.orders.mistakes_base import KEYWORDS, keyword_of

_WORD = re.compile(r"\S+")
_PLAYER = KEYWORDS["PLAYER"]
_PASSWORD = KEYWORDS["PASSWORD"]
_LOOK, _WORDS = 200, 6
"""A PLAYER line, even misspelt, has its keyword, ID and password in its first few words."""


def _bare(word: str) -> str:
    return word.strip(":;,.=").upper()


_NEAR_LENGTH = 6
"""A spelling this long or longer is also matched misspelt; a shorter one only as it is (Czech ``HRAC`` is 0.75 from
``RACE``, ``HESLO`` 0.8 from ``HELLO``: near matches of short words would take prose and orders for PLAYER lines)."""


def _near(word: str, spellings: tuple[str, ...]) -> bool:
    bare = _bare(word)
    return bool(bare) and (bare in spellings or _close(bare[:40], tuple(s for s in spellings
                                                                        if len(s) >= _NEAR_LENGTH)))


@lru_cache(maxsize=4096)
def _close(bare: str, spellings: tuple[str, ...]) -> bool:
    """Whether a word is a near spelling of one of ``spellings`` (kept: a mail's words repeat, and a flood's
    repeat from mail to mail)."""
    return bool(difflib.get_close_matches(bare, spellings, n=1, cutoff=0.75))


def looks_like_player_line(code: str) -> bool:
    """True when a line (without its comment) is, or is meant to be, a PLAYER line or carries a password."""
    words = code[:_LOOK].split()[:_WORDS]
    if not words:
        return False
    return _near(words[0], _PLAYER) or any(_near(w, _PASSWORD) for w in words)


def meant_as_player_line(code: str) -> bool:
    """True when a line is meant as a PLAYER line (however misspelt): its first word is PLAYER's or PASSWORD's
    (``PLAYR NOB ...``, ``Password: xyz``), or a PASSWORD word is followed by a word that looks like a password
    (a digit or a dash in it).  Prose that only mentions a password ("I lost my password.", "Hello, I forgot my
    password") is no order, so a mail of it and ``PASSWORD RESET`` is a command mail (issue 32); it is masked
    all the same wherever it is quoted (``looks_like_player_line``)."""
    words = code[:_LOOK].split()[:_WORDS]
    if not words:
        return False
    if _near(words[0], _PLAYER) or _near(words[0], _PASSWORD):
        return True
    return any(_near(w, _PASSWORD) and re.search(r"[0-9-]", after) for w, after in itertools.pairwise(words))


def mask_password(line: str) -> str:
    """The line with every word that may be a password replaced by stars of the same length.

    On a PLAYER-like line every word after the company ID is masked (except
    the PASSWORD keyword); elsewhere the word after a PASSWORD keyword.  A
    comment after ``#`` is kept as written.
    """
    code, hash_, comment = line.partition("#")
    words = list(_WORD.finditer(code))
    if not words:
        return line
    hide: set[int] = set()
    if _near(words[0].group(), _PLAYER):
        hide = {i for i in range(2, len(words)) if keyword_of(_bare(words[i].group())) != "PASSWORD"}
    for i, w in enumerate(words):
        if _near(w.group(), _PASSWORD) and i + 1 < len(words):
            hide.add(i + 1)
            # "Password: xyz" spelled as a keyword with a colon: the word after it is the password
    chars = list(code)
    for i in hide:
        for k in range(words[i].start(), words[i].end()):
            chars[k] = "*"
    return "".join(chars) + hash_ + comment


def secret_words(line: str) -> list[str]:
    """The words ``mask_password`` would mask in this line (to mask them wherever else they are quoted)."""
    masked = mask_password(line)
    return [w.group() for w in _WORD.finditer(line) if "*" in masked[w.start():w.end()] and "*" not in w.group()]


def mask_words(text: str, words: list[str]) -> str:
    """``text`` with each of ``words`` replaced by stars (longest first)."""
    for w in sorted(set(words), key=len, reverse=True):
        text = text.replace(w, "*" * len(w))
    return text
