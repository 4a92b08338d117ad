"""``adjudicate check``: a player's orders priced, as text (building and racing turns)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from adjudicator.board.model import GameMap
from adjudicator.building.turn import BuildingResult
from adjudicator.engine.preview import PricedEntry, RacingPreview
from adjudicator.racing.routes import Route
from adjudicator.report.building import building_context
from adjudicator.report.env import render
from adjudicator.report.phrases import line_stopped
from adjudicator.report.racephrases import entry_problem


def check_report(result: BuildingResult, gmap: GameMap, player: str, echo: Sequence[str]) -> str:
    """One player's building orders priced against the current state."""
    ctx = building_context(result, gmap, maps=False)
    own = next(o for o in ctx["outcomes"] if o["player"] == player)
    ctx.update({"player": player, "echo": list(echo), "own": own})
    return render("check.txt.j2", ctx)


def check_racing_report(preview: RacingPreview) -> str:
    """One player's racing orders priced: each entry's route, expected rounds and fares; each BUILD line's cost."""
    ctx = {
        "player": preview.player,
        "turn": preview.turn,
        "entries": [_entry(e) for e in preview.entries],
        "lines": [
            {"text": pl.line.text, "cost": pl.cost, "unbuilt": "-".join(h.label for h in pl.outcome.unbuilt),
             "reason": line_stopped(pl.outcome) if pl.outcome.problem else ""}
            for pl in preview.lines
        ],
    }
    return render("check_racing.txt.j2", ctx).rstrip("\n")


def _entry(e: PricedEntry) -> dict[str, Any]:
    verdict = e.verdict
    route = e.route
    return {
        "race": e.entry.race,
        "race_exists": e.race_exists,
        "no_route": verdict is None,
        "valid": bool(verdict and verdict.valid),
        "text": e.entry.text,
        "problems": [entry_problem(p) for p in verdict.problems] if verdict else [],
        "route": route_notation(route) if route else "",
        "points": route.points if route else 0,
        "expected": expected_text(e.expected),
        "fares": ", ".join(f"{a} to {p}" for p, a in verdict.fares) if verdict and verdict.fares else "none",
    }


def route_notation(route: Route) -> str:
    """``1003 -RED- 1004 -BLUE- 1105``: hexes with the line used between them (as ENTER ... ROUTE writes it)."""
    parts = [route.hexes[0].label]
    for owner, h in zip(route.owners, route.hexes[1:], strict=True):
        parts += [f"-{owner}-", h.label]
    return " ".join(parts)


def expected_text(rounds: Fraction | None) -> str:
    """Expected race rounds with two decimals, or ``never`` (a step costs more than a die shows)."""
    return f"{float(rounds):.2f}" if rounds is not None else "never"
