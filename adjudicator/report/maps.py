"""Text about maps: the lines of ``map list`` and ``map check``."""

from __future__ import annotations

from adjudicator.board.model import VALID_NUMBERS, GameMap
from adjudicator.errors import MapError


def describe_standard(gmap: GameMap) -> str:
    """One line saying whether the map is standard (36 numbers 11..66 once each) and, if not, why."""
    if gmap.is_standard:
        return f"standard: the 36 town numbers 11..66 each once, on {len(gmap.numbered_towns)} towns"
    missing = gmap.missing_numbers
    used = len(VALID_NUMBERS) - len(missing)
    return f"not standard: {used} of 36 town numbers used; missing {', '.join(map(str, missing))}"


def map_list_line(name: str, gmap: GameMap | None, error: MapError | None = None) -> str:
    """One line of ``map list``: a shipped map with its size, or why it does not load."""
    if gmap is None:
        count = len(error.problems) if error else 0
        return f"{name:12} (invalid: {count} problems; run 'adjudicate map check {name}')"
    std = "standard" if gmap.is_standard else "not standard"
    return f"{name:12} {gmap.code:4} {gmap.name} ({gmap.width}x{gmap.height}, {len(gmap.towns)} towns, {std})"


def map_check_report(gmap: GameMap) -> str:
    """What ``map check`` prints for a valid map."""
    return (f"{gmap.source}: {gmap.name} ({gmap.code}), {gmap.width} columns x {gmap.height} rows, "
            f"{len(gmap.terrain)} hexes, {len(gmap.towns)} towns: valid\n{describe_standard(gmap)}\n")


def map_problems_report(exc: MapError) -> str:
    """What ``map check`` prints (to stderr) for a map with problems."""
    return "".join([f"{exc.source}: {len(exc.problems)} problem(s):\n"] + [f"  {p}\n" for p in exc.problems])
