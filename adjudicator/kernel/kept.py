"""Work kept for objects handed in again: the same object, told by identity, not an equal one.

A turn hands the same track (a tuple of thousands of segments) to many
reports, windows and searches; comparing it for equality, or hashing it,
would cost what working the value out again costs.  ``Kept`` holds the
last few values with the very objects they were made from, so no object's
id can be reused while its value is kept, and an equal ``key`` of cheap
values (a turn number, the letters of the companies) says the rest.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Hashable, Sequence
from typing import Generic, TypeVar

T = TypeVar("T")
V = TypeVar("V")


class Kept(Generic[V]):
    """The last ``size`` values made, each with the objects it was made from and its key."""

    def __init__(self, size: int = 1) -> None:
        self._size = size
        self._items: list[tuple[tuple[object, ...], Hashable, V]] = []

    def get(self, sources: tuple[object, ...], key: Hashable, make: Callable[[], V]) -> V:
        """What ``make()`` made before from the very same ``sources`` with an equal ``key``, else ``make()``."""
        for kept, kept_key, value in self._items:
            same = len(kept) == len(sources) and all(a is b for a, b in zip(kept, sources, strict=False))
            if same and kept_key == key:
                return value
        value = make()
        self._items.insert(0, (sources, key, value))
        del self._items[self._size:]
        return value

    def clear(self) -> None:
        """Forget every value kept."""
        self._items.clear()


def same_start(items: Sequence[object], kept: Sequence[object]) -> int:
    """How many first items of ``items`` are the very objects (not equal ones) of ``kept``, in the same places."""
    n = min(len(items), len(kept))
    if all(map(operator.is_, items[:n], kept[:n])):
        return n
    return next(i for i, (a, b) in enumerate(zip(items, kept, strict=False)) if a is not b)


class Grown(Generic[T, V]):
    """A value made for each item of a sequence that only grows (a game's ledger, its dice log), the values made
    last kept with the very items they were made from: for the first items of the sequence handed in that are
    those items (the same objects) the values kept are used, when the ``key`` is equal; only the other items'
    values are made."""

    def __init__(self) -> None:
        self._items: tuple[T, ...] = ()
        self._key: Hashable = None
        self._values: list[V] = []

    def values(self, items: Sequence[T], key: Hashable, make: Callable[[T], V]) -> list[V]:
        """``[make(x) for x in items]`` (a new list; the values in it are shared with the calls before and
        after: never to be changed)."""
        n = same_start(items, self._items) if key == self._key else 0
        values = self._values[:n] + [make(x) for x in items[n:]]
        self._items, self._key, self._values = tuple(items), key, values
        return list(values)
