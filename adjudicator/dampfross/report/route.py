"""``adjudicate route``: the best few routes between two places, as text (in the game's language)."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.racing.search import RouteOption
from adjudicator.dampfross.report.check import expected_text
from adjudicator.dampfross.report.env import render
from adjudicator.dampfross.report.i18n import _, language
from adjudicator.dampfross.report.racephrases import entry_problem
from adjudicator.dampfross.report.racing import fares_text, route_text


def route_advice(riders: Sequence[str], origin: str, a: Hex, destination: str, b: Hex, turn: int,
                 options: Sequence[RouteOption], lang: str | None = None) -> str:
    """Each option with its hexes, die points, expected rounds, fares and whether the entry would be valid."""
    with language(lang):
        return _route_advice(riders, origin, a, destination, b, turn, options)


def _route_advice(riders: Sequence[str], origin: str, a: Hex, destination: str, b: Hex, turn: int,
                  options: Sequence[RouteOption]) -> str:
    rows = []
    for o in options:
        problems = "; ".join(entry_problem(p) for p in o.problems)
        rows.append({
            "route": route_text(o.route),
            "hexes": len(o.route.hexes) - 1,
            "points": o.route.points,
            "expected": expected_text(o.expected),
            "fares": fares_text(o.fares, o.ferry_fares),
            "verdict": _("valid") if o.valid else _("NOT valid: {problems}").format(problems=problems),
        })
    return render("route.txt.j2", {
        "riders": "+".join(riders), "origin": origin, "origin_hex": a.label, "destination": destination,
        "destination_hex": b.label, "turn": turn, "options": rows,
    })
