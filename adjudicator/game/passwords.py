"""Player passwords: generated once, stored only as salted PBKDF2 hashes."""

from __future__ import annotations

import hashlib
import hmac
import secrets

_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no l/1/i/o/0: easy to copy from a mail
ITERATIONS = 120_000


def generate(length: int = 10, derive_from: str | None = None) -> str:
    """A new random password that reads well in an e-mail.

    ``derive_from`` makes it reproducible (``adjudicate new --seed``, for
    examples and tests only): the password is then a hash of that text.
    """
    if derive_from is None:
        return "".join(secrets.choice(_ALPHABET) for _ in range(length))
    digest = hashlib.sha256(("dampfross-password:" + derive_from).encode("utf-8")).digest()
    return "".join(_ALPHABET[b % len(_ALPHABET)] for b in digest[:length])


def derived_salt(text: str) -> str:
    """A reproducible salt (``--seed`` games only)."""
    return hashlib.sha256(("dampfross-salt:" + text).encode("utf-8")).hexdigest()[:32]


def hash_password(password: str, *, salt: str | None = None, iterations: int = ITERATIONS) -> str:
    """``pbkdf2_sha256$ITER$SALT$HASH`` for storing in the game file."""
    salt = salt or secrets.token_hex(16)
    digest = hashlib.pbkdf2_hmac("sha256", password.encode("utf-8"), bytes.fromhex(salt), iterations)
    return f"pbkdf2_sha256${iterations}${salt}${digest.hex()}"


def check_password(password: str, stored: str) -> bool:
    """True when ``password`` matches the stored hash."""
    try:
        scheme, iterations, salt, digest = stored.split("$")
    except ValueError:
        return False
    if scheme != "pbkdf2_sha256":
        return False
    again = hashlib.pbkdf2_hmac("sha256", password.encode("utf-8"), bytes.fromhex(salt), int(iterations))
    return hmac.compare_digest(again.hex(), digest)
