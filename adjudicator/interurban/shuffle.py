"""Committed, verifiable draws, the same scheme as the Dampfross dice.

The GM's program makes a secret seed and publishes its SHA-256 at the start;
every draw is ``HMAC-SHA256(seed, label)`` turned into an index by rejection
sampling (no modulo bias).  Publishing the seed at the end lets every player
recompute each draw.  The seed, the commitment and the HMAC digests are the
kernel's (``kernel/commitment.py``), shared with the Dampfross dice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from adjudicator.kernel.commitment import commitment, digests
from adjudicator.kernel.commitment import seed_from_text as commitment_seed


class Draw(Protocol):
    """Picks an index in ``range(n)`` for a labelled draw."""

    def __call__(self, label: str, n: int, /) -> int: ...


def seed_from_text(text: str) -> str:
    """A reproducible seed from any text (tests and examples)."""
    return commitment_seed(text, "interurban")


def pick(seed_hex: str, label: str, n: int) -> int:
    """The index (0..n-1) of the draw with this label."""
    if n < 1:
        raise ValueError("nothing to draw from")
    limit = 65536 - 65536 % n
    for digest in digests(seed_hex, label, number_first=True):
        for i in range(0, len(digest), 2):
            word = int.from_bytes(digest[i:i + 2], "big")
            if word < limit:
                return word % n
    raise AssertionError("digests never end")  # pragma: no cover


@dataclass(frozen=True)
class Drawn:
    """One recorded draw: its label, the size of the pile and the index drawn."""

    label: str
    n: int
    index: int


class SeededDraw:
    """A ``Draw`` from a seed that records every draw for ``verify``."""

    def __init__(self, seed_hex: str):
        self.seed = seed_hex
        self.drawn: list[Drawn] = []

    def __call__(self, label: str, n: int) -> int:
        index = pick(self.seed, label, n)
        self.drawn.append(Drawn(label, n, index))
        return index


def verify(seed_hex: str, expected_commitment: str, drawn: list[Drawn]) -> list[tuple[str, str]]:
    """Every mismatch as (code, label): ``commitment`` or ``draw``; empty when all is well."""
    try:
        if commitment(seed_hex) != expected_commitment:
            return [("commitment", "")]
    except ValueError:
        return [("commitment", "")]
    return [("draw", d.label) for d in drawn if pick(seed_hex, d.label, d.n) != d.index]
