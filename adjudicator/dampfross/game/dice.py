"""Every source of dice: HMAC dice nobody can fiddle, and the GM's manual dice.

**HMAC dice.**
At ``new`` the GM's program makes a random secret seed and publishes its
SHA-256 (the *commitment*) in the game file and every report.  Every die is
``HMAC-SHA256(seed, label)``, where the label names game, turn, purpose and
index, turned into a face 1..6 by rejection sampling (bytes >= 252 are
skipped, so there is no modulo bias).  Revealing the seed at the end lets
every player recompute each die and the commitment (``adjudicate verify``).

**Manual dice.** In a ``--dice manual`` game the GM gives every die in the
orders: ``GivenDice`` (a list or a mapping by purpose) and ``MovesDice`` (the
GM's MOVES lists for race rounds).  Their dice carry a ``manual:`` label so
``verify`` skips them.  Race code asks a ``RaceDice`` for each die by purpose
and never knows which source it has.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from adjudicator.dampfross.game.errors import MissingDice
from adjudicator.kernel.commitment import commitment, digests
from adjudicator.kernel.commitment import seed_from_text as commitment_seed


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

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"label": self.label, "value": self.value}
        if self.sides != 6:
            out["sides"] = self.sides
        return out


def seed_from_text(text: str) -> str:
    """A reproducible seed from any text (``--seed``), for tests and examples."""
    return commitment_seed(text, "dampfross")


def label(game: str, turn: int, purpose: str, index: int = 1) -> str:
    """The label of a die: game, turn, purpose, index."""
    return f"{game}|turn={turn}|{purpose}|{index}"


def face(seed_hex: str, die_label: str, sides: int = 6) -> int:
    """The face (1..sides) of the die with this label."""
    limit = 256 - 256 % sides
    for digest in digests(seed_hex, die_label):
        for byte in digest:
            if byte < limit:
                return byte % sides + 1
    raise AssertionError("digests never end")  # pragma: no cover


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


class RaceDice(Protocol):
    """Where race dice come from: ``die(purpose, index)`` returns one recorded die."""

    def die(self, purpose: str, index: int = 1) -> Die: ...


class RolledDice:
    """The game's HMAC dice for one turn (every die is also kept by the roller)."""

    def __init__(self, roller: DiceRoller, turn: int):
        self.roller = roller
        self.turn = turn

    def die(self, purpose: str, index: int = 1) -> Die:
        return self.roller.roll(self.turn, purpose, index)


class GivenDice:
    """Manual dice mode: the values the GM typed in.

    ``values`` is either a sequence, consumed in the order the dice are
    needed, or a mapping from purpose (index 1) or ``"purpose#index"`` to a
    value.  Dice get a ``manual:`` label so ``verify`` skips them.
    """

    def __init__(self, values: Iterable[int] | Mapping[str, int], game: str = "", turn: int = 0):
        self.game = game
        self.turn = turn
        self._map: Mapping[str, int] | None = values if isinstance(values, Mapping) else None
        self._seq: Iterator[int] = iter(()) if isinstance(values, Mapping) else iter(list(values))
        self.rolled: list[Die] = []

    def die(self, purpose: str, index: int = 1) -> Die:
        if self._map is not None:
            key = purpose if index == 1 else f"{purpose}#{index}"
            if key not in self._map:
                raise MissingDice(f"no die given for {key}")
            value = self._map[key]
        else:
            given = next(self._seq, None)
            if given is None:
                raise MissingDice(f"not enough dice given: {purpose} (#{index}) is missing")
            value = given
        if not 1 <= value <= 6:
            raise MissingDice(f"die for {purpose} (#{index}) must be 1..6, not {value}")
        die = Die(f"manual:{self.game}|turn={self.turn}|{purpose}|{index}", value)
        self.rolled.append(die)
        return die


class MovesDice:
    """Manual movement dice: the GM's ``MOVES <race> <ID> <d> ...`` lists, used in order.

    A purpose ``race{n}:round{r}:{ID}`` or ``race{n}:tie{r}:{ID}`` takes the
    next value of ID's list for race n, so one list holds a train's rolls
    round by round, then its tie rerolls.
    """

    def __init__(self, moves: Mapping[tuple[int, str], Sequence[int]], game: str, turn: int):
        self.game = game
        self.turn = turn
        self._left = {key: list(values) for key, values in moves.items()}
        self.rolled: list[Die] = []

    def die(self, purpose: str, index: int = 1) -> Die:
        race, _, roller = purpose.split(":")
        key = (int(race.removeprefix("race")), roller)
        values = self._left.get(key)
        if not values:
            raise MissingDice(f"race {key[0]} needs another roll for {roller}: MOVES {key[0]} {roller} ...")
        die = Die(f"manual:{self.game}|turn={self.turn}|{purpose}|{index}", values.pop(0))
        self.rolled.append(die)
        return die
