"""Lines built, in words: one BUILD line of a building turn or of building from race income.

Shared by the building and the racing reports (``report/building.py``,
``report/racing.py``), so that a racing turn's reports import no building
turn's.
"""

from __future__ import annotations

from typing import Any

from adjudicator.dampfross.building.lines import LineOutcome
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
