"""Text about maps: the lines of ``map list`` and ``map check``."""

from __future__ import annotations

import textwrap

from adjudicator.dampfross.board.errors import MapError
from adjudicator.dampfross.board.model import VALID_NUMBERS, GameMap
from adjudicator.dampfross.report.i18n import _

_INDENT = " " * 13


def describe_standard(gmap: GameMap) -> str:
    """One line saying whether the map is standard (36 numbers 11..66 once each) and, if not, why."""
    if gmap.is_standard:
        return f"standard: the 36 town numbers 11..66 each once, on {len(gmap.numbered_towns)} towns"
    missing = gmap.missing_numbers
    used = len(VALID_NUMBERS) - len(missing)
    return f"not standard: {used} of 36 town numbers used; missing {', '.join(map(str, missing))}"


def map_list_line(name: str, gmap: GameMap | None, error: MapError | None = None) -> str:
    """One entry of ``map list``: a shipped map with its size, start towns and advanced rules, or why it does not load.

    The first line names the map; the start towns and what the advanced
    rules use follow, indented and wrapped to 78 columns.
    """
    if gmap is None:
        count = len(error.problems) if error else 0
        return f"{name:12} (invalid: {count} problems; run 'adjudicate map check {name}')"
    std = "standard" if gmap.is_standard else "not standard"
    head = f"{name:12} {gmap.code:4} {gmap.name} ({gmap.width}x{gmap.height}, {len(gmap.towns)} towns, {std})"
    starts = ", ".join(t.name for t in gmap.start_towns) or _("any numbered town")
    more = [_("start: {towns}").format(towns=starts)]
    extras = advanced_summary(gmap)
    if extras:
        more.append(_("advanced rules: {what}").format(what=extras))
    lines = [head]
    for text in more:
        lines += textwrap.wrap(text, 78, initial_indent=_INDENT, subsequent_indent=_INDENT + "  ")
    return "\n".join(lines)


def advanced_summary(gmap: GameMap) -> str:
    """``2 ferries (at most 1 each); international runs every 2nd race, 12 rows``: a map's advanced-rule data."""
    parts = []
    if gmap.ferries:
        limit = _(" (at most {n} each)").format(n=gmap.ferries_per_player) if gmap.ferries_per_player else ""
        parts.append(_("{n} ferries{limit}").format(n=len(gmap.ferries), limit=limit))
    table = gmap.special_runs
    if table is not None:
        parts.append(_("special runs every {every} races ({die}), {n} destinations").format(
            every=table.every, die=_("red die and white parity") if table.die == "red+parity" else _("one die"),
            n=len({d.name for d in table.destinations.values()})))
    return "; ".join(parts)


def map_check_report(gmap: GameMap) -> str:
    """What ``map check`` prints for a valid map (and what it holds for the advanced rules)."""
    extras = advanced_summary(gmap)
    return (f"{gmap.source}: {gmap.name} ({gmap.code}), {gmap.width} columns x {gmap.height} rows, "
            f"{len(gmap.terrain)} hexes, {len(gmap.towns)} towns: valid\n{describe_standard(gmap)}\n"
            + "".join(line + "\n" for line in textwrap.wrap(_("advanced rules: {what}").format(what=extras), 78,
                                                             subsequent_indent="  ")))


def map_problems_report(exc: MapError) -> str:
    """What ``map check`` prints (to stderr) for a map with problems."""
    return "".join([f"{exc.source}: {len(exc.problems)} problem(s):\n"] + [f"  {p}\n" for p in exc.problems])
