"""Hex geometry of a Dampfross map.

Hexes are pointy-top and laid out in rows.  Rows and columns are numbered
from 1; even-numbered rows are shifted half a hex to the right.  Every hex
has a printed *label*: two-digit column then two-digit row (``0712`` is
column 7, row 12), the "Dampfross per Post" numbering.

Internally a hex is also given axial coordinates ``(q, r)`` with
``q = col - (row + 1) // 2``, which turns distance into a simple formula.
"""

from __future__ import annotations

import heapq
import re
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass

from adjudicator.dampfross.board.errors import LabelError

_LABEL = re.compile(r"^([0-9]{2})([0-9]{2})$")  # ASCII digits only: no Arabic-Indic or full-width look-alikes

@dataclass(frozen=True, order=True)
class Hex:
    """One hex of the grid, by 1-based column and row."""

    col: int
    row: int

    def __post_init__(self) -> None:
        if not (1 <= self.col <= 99 and 1 <= self.row <= 99):
            raise LabelError(f"hex ({self.col}, {self.row}) is outside 0101..9999")

    @classmethod
    def parse(cls, label: str) -> Hex:
        """Read a label such as ``"0712"``."""
        m = _LABEL.match(label.strip())
        if not m:
            raise LabelError(f"{label!r} is not a hex label (four digits CCRR, e.g. 0712)")
        col, row = int(m.group(1)), int(m.group(2))
        if col == 0 or row == 0:
            raise LabelError(f"{label!r} is not a hex label (columns and rows start at 01)")
        return cls(col, row)

    @property
    def label(self) -> str:
        """The printed label, ``CCRR``."""
        return f"{self.col:02d}{self.row:02d}"

    def __str__(self) -> str:
        return self.label

    def __repr__(self) -> str:
        return f"Hex({self.label})"

    @property
    def axial(self) -> tuple[int, int]:
        """Axial coordinates ``(q, r)`` of this hex."""
        return self.col - (self.row + 1) // 2, self.row

    def neighbours(self) -> tuple[Hex, ...]:
        """The up to six adjacent hexes that exist in the numbering (col, row >= 1).

        Order: west, east, north-west, north-east, south-west, south-east.
        """
        return tuple(Hex(x, y) for _, (x, y) in self._around() if 1 <= x <= 99 and 1 <= y <= 99)

    def _around(self) -> tuple[tuple[str, tuple[int, int]], ...]:
        """The six neighbouring (col, row) pairs with their compass names, in or out of the numbering."""
        c, r = self.col, self.row
        if r % 2:  # odd row: the row above and below are shifted right
            cand = [(c - 1, r), (c + 1, r), (c - 1, r - 1), (c, r - 1), (c - 1, r + 1), (c, r + 1)]
        else:
            cand = [(c - 1, r), (c + 1, r), (c, r - 1), (c + 1, r - 1), (c, r + 1), (c + 1, r + 1)]
        return tuple(zip(("W", "E", "NW", "NE", "SW", "SE"), cand, strict=True))

    def is_adjacent(self, other: Hex) -> bool:
        """True when the two hexes share a side."""
        return distance(self, other) == 1

    def direction_to(self, other: Hex) -> str:
        """Compass name (W, E, NW, NE, SW, SE) of an adjacent hex."""
        for name, (x, y) in self._around():
            if (x, y) == (other.col, other.row):
                return name
        raise ValueError(f"{other.label} is not adjacent to {self.label}")


def distance(a: Hex, b: Hex) -> int:
    """Number of hex steps between two hexes on an unobstructed grid (their axial coordinates, written out:
    route search and every track segment ask this)."""
    dq = a.col - (a.row + 1) // 2 - b.col + (b.row + 1) // 2
    dr = a.row - b.row
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


@dataclass(frozen=True, order=True)
class Side:
    """The side shared by two adjacent hexes (unordered: ``Side(a, b) == Side(b, a)``)."""

    a: Hex
    b: Hex

    def __post_init__(self) -> None:
        if not self.a.is_adjacent(self.b):
            raise ValueError(f"{self.a.label} and {self.b.label} are not adjacent")
        a, b = self.a, self.b
        if (b.col, b.row) < (a.col, a.row):  # Hex's order, without the generated comparison
            first, second = b, a
            object.__setattr__(self, "a", first)
            object.__setattr__(self, "b", second)

    @classmethod
    def parse(cls, text: str) -> Side:
        """Read ``"0712 0713"`` or ``"0712-0713"``."""
        parts = re.split(r"[\s\-]+", text.strip())
        if len(parts) != 2:
            raise LabelError(f"{text!r} is not two hex labels")
        return cls(Hex.parse(parts[0]), Hex.parse(parts[1]))

    @property
    def hexes(self) -> tuple[Hex, Hex]:
        return self.a, self.b

    def other(self, h: Hex) -> Hex:
        """The hex on the other side from ``h``."""
        if h == self.a:
            return self.b
        if h == self.b:
            return self.a
        raise ValueError(f"{h.label} is not on side {self}")

    def __str__(self) -> str:
        return f"{self.a.label}-{self.b.label}"

    def __repr__(self) -> str:
        return f"Side({self})"


def side(a: Hex, b: Hex) -> Side:
    """The side between two adjacent hexes."""
    return Side(a, b)


def straight_line(a: Hex, b: Hex) -> list[Hex] | None:
    """The hexes from ``a`` to ``b`` when both lie on one straight hex line.

    A straight line runs along a row or along one of the two diagonals.
    Returns ``None`` when they are not on one line; the result includes both
    ends.
    """
    if a == b:
        return [a]
    aq, ar = a.axial
    bq, br = b.axial
    dq, dr = bq - aq, br - ar
    n = distance(a, b)
    # the three axial line directions: constant r, constant q, constant q + r
    if not (dr == 0 or dq == 0 or dq + dr == 0):
        return None
    sq, sr = dq // n, dr // n
    out = []
    for i in range(n + 1):
        q, r = aq + sq * i, ar + sr * i
        out.append(Hex(q + (r + 1) // 2, r))
    return out


def shortest_path(
    start: Hex,
    goal: Hex | Callable[[Hex], bool],
    allowed: Callable[[Hex], bool],
    step_cost: Callable[[Hex, Hex], float | None] | None = None,
) -> list[Hex] | None:
    """Cheapest path from ``start`` to ``goal`` through hexes that are ``allowed``.

    ``goal`` is a hex or a predicate.  Without ``step_cost`` every step costs
    1 (breadth first); otherwise Dijkstra, where a ``None`` cost forbids the
    step.  Ties are broken by label order so the result is deterministic.
    Returns the list of hexes including both ends, or ``None``.
    """
    is_goal = goal if callable(goal) else (lambda h, g=goal: h == g)
    if step_cost is None:
        return _bfs(start, is_goal, allowed)
    best: dict[Hex, float] = {start: 0}
    prev: dict[Hex, Hex] = {}
    queue: list[tuple[float, Hex]] = [(0, start)]
    while queue:
        cost, h = heapq.heappop(queue)
        if cost > best.get(h, float("inf")):
            continue
        if is_goal(h):
            return _unwind(prev, h)
        for n in h.neighbours():
            if not allowed(n):
                continue
            c = step_cost(h, n)
            if c is None:
                continue
            nc = cost + c
            if nc < best.get(n, float("inf")):
                best[n] = nc
                prev[n] = h
                heapq.heappush(queue, (nc, n))
    return None


def _bfs(start: Hex, is_goal: Callable[[Hex], bool], allowed: Callable[[Hex], bool]) -> list[Hex] | None:
    prev: dict[Hex, Hex | None] = {start: None}
    queue = deque([start])
    while queue:
        h = queue.popleft()
        if is_goal(h):
            return _unwind(prev, h)
        for n in h.neighbours():
            if n not in prev and allowed(n):
                prev[n] = h
                queue.append(n)
    return None


def _unwind(prev: Mapping[Hex, Hex | None], h: Hex) -> list[Hex]:
    path = [h]
    step = prev.get(h)
    while step is not None:
        path.append(step)
        step = prev.get(step)
    path.reverse()
    return path


def steps_between(start: Hex, goal: Hex, allowed: Callable[[Hex], bool]) -> int | None:
    """Fewest steps from ``start`` to ``goal`` over allowed hexes, or ``None``."""
    path = _bfs(start, lambda h: h == goal, allowed)
    return None if path is None else len(path) - 1


def pairwise(path: Iterable[Hex]) -> Iterator[tuple[Hex, Hex]]:
    """Consecutive pairs of a path."""
    it = iter(path)
    prev = next(it, None)
    for h in it:
        yield prev, h  # type: ignore[misc]
        prev = h
