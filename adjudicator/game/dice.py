"""Dice nobody can fiddle: HMAC-SHA256 over a secret seed, committed in advance.

At ``new`` the GM's program makes a random secret seed and publishes its
SHA-256 (the *commitment*) in the game file and every report.  Every die is
``HMAC-SHA256(seed, label)``, where the label names game, turn, purpose and
index, turned into a face 1..6 by rejection sampling (bytes >= 252 are
skipped, so there is no modulo bias).  Revealing the seed at the end lets
every player recompute each die and the commitment (``adjudicate verify``).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass


@dataclass(frozen=True)
class Die:
    """One recorded die: the label it was derived from and its face."""

    label: str
    value: int
    sides: int = 6

    @property
    def manual(self) -> bool:
        """Dice the GM typed in (manual dice mode) carry a ``manual:`` label."""
        return self.label.startswith("manual:")

    def to_json(self) -> dict:
        out: dict = {"label": self.label, "value": self.value}
        if self.sides != 6:
            out["sides"] = self.sides
        return out


def new_seed() -> str:
    """A fresh secret seed, 32 random bytes as hex."""
    return secrets.token_hex(32)


def seed_from_text(text: str) -> str:
    """A reproducible seed from any text (``--seed``), for tests and examples."""
    return hashlib.sha256(("dampfross-seed:" + text).encode("utf-8")).hexdigest()


def commitment(seed_hex: str) -> str:
    """The public SHA-256 of the seed."""
    return hashlib.sha256(bytes.fromhex(seed_hex)).hexdigest()


def label(game: str, turn: int, purpose: str, index: int = 1) -> str:
    """The label of a die: game, turn, purpose, index."""
    return f"{game}|turn={turn}|{purpose}|{index}"


def face(seed_hex: str, die_label: str, sides: int = 6) -> int:
    """The face (1..sides) of the die with this label."""
    key = bytes.fromhex(seed_hex)
    limit = 256 - 256 % sides
    counter = 0
    while True:
        msg = die_label if counter == 0 else f"{die_label}#{counter}"
        for byte in hmac.new(key, msg.encode("utf-8"), hashlib.sha256).digest():
            if byte < limit:
                return byte % sides + 1
        counter += 1


class DiceRoller:
    """Rolls labelled dice from a seed and records every one."""

    def __init__(self, seed_hex: str, game: str):
        self.seed = seed_hex
        self.game = game
        self.rolled: list[Die] = []

    def roll(self, turn: int, purpose: str, index: int = 1, sides: int = 6) -> Die:
        lab = label(self.game, turn, purpose, index)
        die = Die(lab, face(self.seed, lab, sides), sides)
        self.rolled.append(die)
        return die


def verify(seed_hex: str, expected_commitment: str, dice: list[Die]) -> list[str]:
    """Every mismatch between the seed, the commitment and the recorded dice."""
    problems = []
    try:
        if commitment(seed_hex) != expected_commitment:
            problems.append("the seed does not match the commitment published in the game file")
            return problems
    except ValueError:
        return ["the seed is not a hex string"]
    for d in dice:
        if d.manual:
            continue
        real = face(seed_hex, d.label, d.sides)
        if real != d.value:
            problems.append(f"die {d.label}: recorded {d.value}, the seed gives {real}")
    return problems
