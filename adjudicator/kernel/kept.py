"""Work kept for objects handed in again: the same object, told by identity, not an equal one.

A turn hands the same track (a tuple of thousands of segments) to many
reports, windows and searches; comparing it for equality, or hashing it,
would cost what working the value out again costs.  ``Kept`` holds the
last few values with the very objects they were made from, so no object's
id can be reused while its value is kept, and an equal ``key`` of cheap
values (a turn number, the letters of the companies) says the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

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
