"""Lines built, in words: one BUILD line of a building turn or of building from race income.

Shared by the building and the racing reports (``report/building.py``,
``report/racing.py``), so that a racing turn's reports import no building
turn's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.building.lines import LineOutcome
from adjudicator.dampfross.building.problems import BuildProblem
from adjudicator.dampfross.report.orderwords import order_text
from adjudicator.dampfross.report.phrases import (
    bonus_text,
    cost_kind,
    fee_text,
    line_reversed,
    line_stopped,
    unbuilt_text,
)
from adjudicator.dampfross.report.thinkwords import choice_text


def line_context(outcome: LineOutcome) -> dict[str, Any]:
    """A line's outcome for the templates: the line as ordered, the segments built, why it stopped."""
    built = []
    for b in outcome.built:
        built.append({
            "seg": f"{b.a.label}-{b.b.label}",
            "kind": cost_kind(b.cost.kind),
            "points": b.cost.points,
            "fees": [fee_text(f) for f in b.fees],
            "bonus": bonus_text(b.bonus, b.bonus_town) if b.bonus and b.bonus_town else "",
        })
    unbuilt = unbuilt_text(outcome)
    return {
        "text": order_text(outcome.line.text or "BUILD " + " - ".join(h.label for h in outcome.line.hexes)),
        "line": outcome.line.line,
        "note": "; ".join(x for x in (choice_text(outcome.choice) if outcome.choice else "",
                                      line_reversed(outcome.reversed_from) if outcome.reversed_from else "") if x),
        "built": built,
        "reason": line_stopped(outcome) if outcome.problem else "",
        "unbuilt": unbuilt,
    }


def public_lines(outcomes: Sequence[LineOutcome], gmap: GameMap, first: int = 1) -> list[dict[str, Any]]:
    """A company's lines as the public report shows them (reading 122): what was built, never how the company
    decided.  Only lines carried out (not the own lines a joint turn refused); a BUILD CHEAPEST line as the
    BUILD line of the hexes it chose, without its MAX and the note on how it chose, and not at all when it
    built nothing; numbered ``first``, ``first + 1``, ... in the order carried out, so the numbers leave no
    gap for the IFs, their branches not taken and the other lines of the mail (the private report keeps the
    mail's line numbers and the trace)."""
    out: list[dict[str, Any]] = []
    for outcome in outcomes:
        if outcome.problem is not None and outcome.problem.code is BuildProblem.JOINT_TURN:
            continue
        pieces = _built_pieces(outcome, gmap) if outcome.line.cheapest is not None else [line_context(outcome)]
        for context in pieces:
            context["line"] = first + len(out)
            out.append(context)
    return out


def _built_pieces(outcome: LineOutcome, gmap: GameMap) -> list[dict[str, Any]]:
    """A BUILD CHEAPEST line as the BUILD lines of what it built: one for each run of segments built end to end
    (the line is built in pieces round the company's own track on the way), the last with what was not built
    and why; none when it built nothing."""
    whole = line_context(outcome)
    runs: list[list[int]] = []
    for i, b in enumerate(outcome.built):
        if runs and outcome.built[runs[-1][-1]].b == b.a:
            runs[-1].append(i)
        else:
            runs.append([i])
    out = []
    for n, run in enumerate(runs):
        hexes = [outcome.built[run[0]].a] + [outcome.built[i].b for i in run]
        last = n == len(runs) - 1
        if last and outcome.problem is not None and outcome.unbuilt[:1] == (hexes[-1],):
            hexes += outcome.unbuilt[1:]
        out.append({**whole, "text": order_text("BUILD " + " - ".join(_point(gmap, h) for h in hexes)),
                    "note": "", "built": [whole["built"][i] for i in run],
                    "reason": whole["reason"] if last else "", "unbuilt": whole["unbuilt"] if last else ""})
    return out


def _point(gmap: GameMap, h: Hex) -> str:
    """A hex as a BUILD line's echo writes a town: ``Nordstadt (0402)``, else its label."""
    town = gmap.town_at(h)
    return f"{town.name} ({h.label})" if town is not None else h.label


def track_chains(lines: list[dict[str, Any]]) -> list[str]:
    """The segments built by lines (``line_context``) as chains of hexes: ``1108-1109-1110``."""
    chains: list[list[str]] = []
    for line in lines:
        for b in line["built"]:
            a, z = b["seg"].split("-")
            if chains and chains[-1][-1] == a:
                chains[-1].append(z)
            else:
                chains.append([a, z])
    return ["-".join(c) for c in chains]
