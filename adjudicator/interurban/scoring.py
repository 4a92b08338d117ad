"""Line values, economic values, victory points and the tournament (seed 001)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from math import ceil

from adjudicator.interurban.state import Line, State

RANK_DIVISORS = (1, 2, 4, 8)
"""1st full, 2nd half, 3rd quarter, 4th eighth (rounded up); 5th and lower nothing."""


def start_values(lines: Sequence[Line]) -> dict[str, int]:
    """Every line's start number: digits as printed, S straights, C curves, H highest, L lowest.

    Reading IU-11: H and L look at the other start numbers of the game (numbers, S and C),
    not at each other.
    """
    base: dict[str, int] = {}
    for line in lines:
        if line.label.isdigit():
            base[line.label] = int(line.label)
        elif line.label == "S":
            base["S"] = line.straights
        elif line.label == "C":
            base["C"] = line.curves
    out = dict(base)
    if "H" in {line.label for line in lines}:
        out["H"] = max(base.values())
    if "L" in {line.label for line in lines}:
        out["L"] = min(base.values())
    return out


def line_values(lines: Sequence[Line]) -> dict[str, int]:
    starts = start_values(lines)
    return {line.label: starts[line.label] + line.track_value for line in lines}


def economic(line: Line) -> dict[str, int]:
    """Each colour's sum of station values on the line (a crossing counts on both its lines)."""
    out: dict[str, int] = {}
    for colour, value in line.stations:
        out[colour] = out.get(colour, 0) + value
    return out


def points(value: int, economy: Mapping[str, int]) -> dict[str, int]:
    """Victory points of one line.  Reading IU-12: ranks are dense (after a tie for first the next
    value is second); a player with no station on the line gets nothing."""
    levels = sorted({v for v in economy.values() if v > 0}, reverse=True)
    out = {}
    for colour, v in economy.items():
        if v > 0 and levels.index(v) < len(RANK_DIVISORS):
            out[colour] = ceil(value / RANK_DIVISORS[levels.index(v)])
    return out


def score(state: State) -> tuple[dict[str, dict[str, int]], dict[str, int]]:
    """Points per line per colour, and each colour's total."""
    values = line_values(state.lines)
    per_line = {line.label: points(values[line.label], economic(line)) for line in state.lines}
    totals = dict.fromkeys(state.players, 0)
    for got in per_line.values():
        for colour, p in got.items():
            totals[colour] += p
    return per_line, totals


def tournament(games: Iterable[Mapping[str, int]]) -> tuple[dict[str, int], tuple[str, ...]]:
    """One game per start player: the sums and the winners (ties possible)."""
    sums: dict[str, int] = {}
    for totals in games:
        for player, p in totals.items():
            sums[player] = sums.get(player, 0) + p
    best = max(sums.values(), default=0)
    return sums, tuple(sorted(p for p, v in sums.items() if v == best))
