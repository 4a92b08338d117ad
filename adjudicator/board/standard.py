"""Summaries of a map's town numbers for ``adjudicate map check``."""

from __future__ import annotations

from collections import Counter

from adjudicator.board.mapfile import VALID_NUMBERS, GameMap


def describe_standard(gmap: GameMap) -> str:
    """One line saying whether the map is standard (36 numbers 11..66 once each) and, if not, why."""
    used = Counter(n for t in gmap.towns for n in t.numbers)
    if gmap.is_standard:
        numbered = len(gmap.numbered_towns)
        return f"standard: the 36 town numbers 11..66 each once, on {numbered} towns"
    missing = sorted(VALID_NUMBERS - set(used))
    return f"not standard: {len(used)} of 36 town numbers used; missing {', '.join(map(str, missing))}"
