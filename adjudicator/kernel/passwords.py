"""Passwords of the companies and the GM: generated once, stored only as salted hashes.

A password is 16 letters and digits from a 31-sign alphabet without the
look-alikes (no l/1/i/o/0), written in four groups (``k3v9-x2mp-qa7r-tn4c``)
so it copies well from a mail; players may type it with or without the
dashes, in any case.  That is log2(31**16) = 79 bits of randomness: a
guess costs so little that the hash need not be slow, and checking stays
cheap for a turn of six players.  The stored hash is PBKDF2-SHA256 with a
random 128-bit salt and ``ITERATIONS`` rounds (2**79 guesses of 1,000 rounds
each are far beyond anyone's reach), written
``dpp1$ITERATIONS$SALT$HASH``.  Hashes of the earlier 10-letter passwords
(``pbkdf2_sha256$120000$...``, compared as typed) still check.

``generate(derive_from=TEXT)`` makes a password from a text: only for
example and test games (``adjudicate new --unsafe-test-passwords``), never
from the dice seed.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from functools import lru_cache

_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
GROUPS, GROUP_LENGTH = 4, 4
ITERATIONS = 1000
SCHEME = "dpp1"
_STORED = re.compile(r"^(dpp1|pbkdf2_sha256)\$([1-9][0-9]{0,6})\$((?:[0-9a-f]{2}){8,32})\$([0-9a-f]{64})$")
"""What a stored hash looks like; anything else (a hand-edited game file) never matches a password."""


def generate(derive_from: str | None = None) -> str:
    """A new password, ``k3v9-x2mp-qa7r-tn4c``: random, or from ``derive_from`` (test games only)."""
    import secrets  # new passwords and hashes alone: a turn, which checks them, does not import it

    n = GROUPS * GROUP_LENGTH
    if derive_from is None:
        letters = "".join(secrets.choice(_ALPHABET) for _ in range(n))
    else:
        digest = hashlib.sha256(("dampfross-password:" + derive_from).encode("utf-8")).digest()
        letters = "".join(_ALPHABET[b % len(_ALPHABET)] for b in digest[:n])
    return "-".join(letters[i:i + GROUP_LENGTH] for i in range(0, n, GROUP_LENGTH))


def normalise(password: str) -> str:
    """A password as compared: lower case, dashes and blanks dropped."""
    return "".join(c for c in password.lower() if c not in "- \t")


def derived_salt(text: str) -> str:
    """A reproducible salt (test games only)."""
    return hashlib.sha256(("dampfross-salt:" + text).encode("utf-8")).hexdigest()[:32]


def hash_password(password: str, *, salt: str | None = None, iterations: int = ITERATIONS) -> str:
    """``dpp1$ITER$SALT$HASH`` for storing in the game file."""
    import secrets

    salt = salt or secrets.token_hex(16)
    digest = hashlib.pbkdf2_hmac("sha256", normalise(password).encode("utf-8"), bytes.fromhex(salt), iterations)
    return f"{SCHEME}${iterations}${salt}${digest.hex()}"


def well_formed(stored: str) -> bool:
    """Whether a stored hash is of the form ``hash_password`` writes (its scheme, 1 to 9,999,999 iterations, a salt
    of 8 to 32 bytes): a game file's table holding another is damaged (``kernel/table.py``), never checked against
    for minutes nor taken for a wrong password."""
    return _STORED.match(stored) is not None


@lru_cache(maxsize=512)
def check_password(password: str, stored: str) -> bool:
    """True when ``password`` matches the stored hash; a malformed hash matches nothing.  An answer is kept for
    the process (a replay of the turn, a verify, self-play check the same sections again)."""
    m = _STORED.match(stored)
    if m is None or len(password) > 200:
        return False
    scheme, iterations, salt, digest = m.groups()
    typed = normalise(password) if scheme == SCHEME else password
    again = hashlib.pbkdf2_hmac("sha256", typed.encode("utf-8"), bytes.fromhex(salt), int(iterations))
    return hmac.compare_digest(again.hex(), digest)
