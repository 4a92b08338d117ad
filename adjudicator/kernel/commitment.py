"""Randomness nobody can fiddle, for every game: a secret seed, its published SHA-256, HMAC draws from it.

At the start the GM's program makes a random secret seed and publishes its
SHA-256 (the *commitment*).  Every random thing of the game (a die, a drawn
tile) is derived from ``HMAC-SHA256(seed, label)``, where the label names the
game, the turn or move and the purpose; revealing the seed at the end lets
every player recompute each one.  How a digest becomes a die or an index is
the game's (Dampfross: ``dampfross/game/dice.py``, InterUrban:
``interurban/shuffle.py``); both skip values that would bias the result.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator


def new_seed() -> str:
    """A fresh secret seed, 32 random bytes as hex."""
    import secrets  # a new game's seed alone: a turn does not import it

    return secrets.token_hex(32)


def seed_from_text(text: str, game: str) -> str:
    """A reproducible seed from any text (``--seed``), for tests and examples; ``game`` keeps games apart."""
    return hashlib.sha256(f"{game}-seed:{text}".encode()).hexdigest()


def commitment(seed_hex: str) -> str:
    """The public SHA-256 of the seed (``ValueError`` when the seed is not hex)."""
    return hashlib.sha256(bytes.fromhex(seed_hex)).hexdigest()


def digests(seed_hex: str, label: str, *, number_first: bool = False) -> Iterator[bytes]:
    """``HMAC-SHA256(seed, label)``, then of ``label#1``, ``label#2`` ... for as long as the caller needs bytes
    (``number_first``: the first is of ``label#0``)."""
    key = bytes.fromhex(seed_hex)
    counter = 0
    while True:
        msg = f"{label}#{counter}" if counter or number_first else label
        yield hmac.new(key, msg.encode("utf-8"), hashlib.sha256).digest()
        counter += 1
