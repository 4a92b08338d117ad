"""``adjudicate check``: a player's orders priced, as text (building and racing turns), in the player's language."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.building.turn import BuildingResult
from adjudicator.dampfross.engine.preview import PricedEntry, RacingPreview
from adjudicator.dampfross.game.rules import Rules
from adjudicator.dampfross.racing.routes import Route
from adjudicator.dampfross.report.building import building_context
from adjudicator.dampfross.report.env import render
from adjudicator.dampfross.report.i18n import _, language
from adjudicator.dampfross.report.orderwords import order_text
from adjudicator.dampfross.report.phrases import line_stopped, purchase_row, unbuilt_text
from adjudicator.dampfross.report.racephrases import (
    destination_text,
    entry_note,
    entry_problem,
    no_route_text,
    special_text,
)
from adjudicator.dampfross.report.racing import fares_text


def nothing_to_price() -> str:
    """What ``check`` says of a mail without an order it could price."""
    return _("no orders to price")


def check_reports(result: BuildingResult, gmap: GameMap, echoes: Mapping[str, Sequence[str]]
                  ) -> dict[str, tuple[str, str]]:
    """Each player's building orders priced against the current state, in its language: with ``echoes`` (the
    orders as understood) and without (a receipt shows them itself).  The turn's context is made once per
    language, not once per player."""
    contexts: dict[str, dict[str, Any]] = {}
    out = {}
    for player, echo in echoes.items():
        lang = result.after.language_of(player)
        with language(lang):
            if lang not in contexts:
                contexts[lang] = building_context(result, gmap, maps=False, public=False)
            ctx = contexts[lang]
            mine = {**ctx, "player": player, "own": next(o for o in ctx["outcomes"] if o["player"] == player)}
            out[player] = (render("check.txt.j2", {**mine, "echo": [order_text(line) for line in echo]}),
                           render("check.txt.j2", {**mine, "echo": []}))
    return out


def check_racing_report(preview: RacingPreview, gmap: GameMap | None = None, lang: str | None = None) -> str:
    """One player's racing orders priced (in ``lang``): each entry's route, expected rounds and fares; each BUILD
    line's cost.

    With the map, a special run's entry says which destination it ends at and why that counts.
    """
    with language(lang):
        return _check_racing_report(preview, gmap)


def _check_racing_report(preview: RacingPreview, gmap: GameMap | None) -> str:
    ctx = {
        "player": preview.player,
        "turn": preview.turn,
        "entries": [_entry(e, gmap, preview.rules) for e in preview.entries],
        "purchases": [purchase_row(p) for p in preview.purchases],
        "lines": [
            {"text": order_text(pl.line.text), "cost": pl.cost,
             "unbuilt": unbuilt_text(pl.outcome),
             "reason": line_stopped(pl.outcome) if pl.outcome.problem else ""}
            for pl in preview.lines
        ],
    }
    return render("check_racing.txt.j2", ctx).rstrip("\n")


def _entry(e: PricedEntry, gmap: GameMap | None, rules: Rules | None) -> dict[str, Any]:
    verdict = e.verdict
    route = e.route
    special = dest = ""
    if gmap is not None and rules is not None and e.draw is not None and e.draw.special is not None:
        special = special_text(gmap, rules, e.draw)
        dest = destination_text(gmap, e.draw, verdict.destination) if verdict and verdict.valid else ""
    return {
        "race": e.entry.race,
        "race_exists": e.race_exists,
        "over_cap": entry_note(e.over_cap) if e.over_cap else "",
        "no_route": verdict is None,
        "why": no_route_text(e.no_route, tuple(e.entry.riders)) if e.no_route else "",
        "valid": bool(verdict and verdict.valid),
        "text": order_text(e.entry.text),
        "problems": [entry_problem(p) for p in verdict.problems] if verdict else [],
        "route": route_notation(route) if route else "",
        "points": route.points if route else 0,
        "expected": expected_text(e.expected),
        "fares": fares_text(verdict.fares, verdict.ferry_fares) if verdict else _("none"),
        "special": special,
        "dest": dest,
    }


def route_notation(route: Route) -> str:
    """``1003 -RED- 1004 -BLUE- 1105``: hexes with the line used between them (as ENTER ... ROUTE writes it)."""
    parts = [route.hexes[0].label]
    for owner, h in zip(route.owners, route.hexes[1:], strict=True):
        parts += [f"-{owner}-", h.label]
    return " ".join(parts)


def expected_text(rounds: Fraction | None) -> str:
    """Expected race rounds with two decimals, or ``never`` (a step costs more than a die shows)."""
    return f"{float(rounds):.2f}" if rounds is not None else _("never")
