"""Reports of building turns, and the opening report: plain text for e-mail from Jinja templates.

Builds template contexts (plain dicts of strings and numbers) from a
``BuildingResult``; every sentence about an engine's code comes from
``adjudicator.dampfross.report.phrases``.  The public reports are written in the
game's language, a private report in its company's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.game.state import BANK, GameState
from adjudicator.dampfross.orders.sections import OrderSet
from adjudicator.dampfross.report.botwords import caretaker_rows, orders_heading
from adjudicator.dampfross.report.common import (
    absences,
    corrections,
    fee_history,
    feedback,
    header,
    map_windows,
    new_segments,
    next_turn,
    own_window,
    scores,
    whole_map,
)
from adjudicator.dampfross.report.env import render
from adjudicator.dampfross.report.i18n import _, language
from adjudicator.dampfross.report.lines import line_context, public_lines, track_chains
from adjudicator.dampfross.report.phrases import (
    DECLARE,
    NO_ORDERS,
    PHASE_END,
    START,
    payment_text,
    purchase_row,
    say,
)
from adjudicator.dampfross.report.press import press_items
from adjudicator.dampfross.report.ruleswords import rules_words_context
from adjudicator.dampfross.report.thinkwords import verdict_text

if TYPE_CHECKING:  # annotations only: the building engine is imported by the turn that ran it
    from adjudicator.dampfross.building.turn import BuildingResult, PlayerOutcome


def _joint(o: PlayerOutcome, state: GameState, gmap: GameMap | None = None, first_line: int = 1
           ) -> dict[str, Any] | None:
    """A joint line in the report: its lines under the first partner, a pointer to them under the second
    (``gmap``: as the public report shows them, numbered from ``first_line``, reading 122)."""
    j = o.joint
    if j is None:
        return None
    partner = j.partners[1] if o.player == j.partners[0] else j.partners[0]
    first = o.player == j.partners[0]
    lines = public_lines(j.lines, gmap, first_line) if gmap is not None else [line_context(line) for line in j.lines]
    return {
        "partner": partner,
        "rolls": "+".join(map(str, j.rolls)),
        "percent": state.rules.joint_build_percent,
        "points": j.points,
        "used": j.used,
        "lost": j.points - j.used,
        "lines": lines if first else [],
        "see": "" if first else j.partners[0],
    }


def _outcome(o: PlayerOutcome, state: GameState, gmap: GameMap | None = None) -> dict[str, Any]:
    """A company's builds for the templates; with ``gmap``, as the public report shows them (reading 122): the
    lines built, numbered without gaps, nothing of how the company decided."""
    if gmap is None:
        lines = [line_context(line) for line in o.lines]
        joint = _joint(o, state)
        purchases = [purchase_row(p) for p in o.purchases]
    else:
        lines = public_lines(o.lines, gmap)
        joint = _joint(o, state, gmap, len(lines) + 1)
        shown = len(lines) + len(joint["lines"] if joint else [])
        purchases = [{**purchase_row(p), "line": shown + i} for i, p in enumerate(o.purchases, 1)]
    public = gmap is not None
    return {
        "player": o.player,
        "name": state.player(o.player).name,
        "allowance": o.allowance,
        "dice": "+".join(str(d.value) for d in o.dice) or "-",
        "used": o.points_used,
        "lost": o.points_lost,
        "skipped": say(NO_ORDERS, o.skipped),
        "start": o.start or "",
        "start_problem": say(START, o.start_problem),
        "declare": say(DECLARE, o.declare),
        "passed": o.passed,
        "lines": lines,
        "track": track_chains(lines + (joint["lines"] if joint else [])),
        "joint": joint,
        "credited": o.credited,
        "purchases": purchases,
        "verdicts": [] if public else [verdict_text(v) for v in o.verdicts],  # the private trace (reading 102)
        "thinking": not public and bool(o.verdicts or any(line.choice for line in o.lines)),  # check says so
    }


def building_context(result: BuildingResult, gmap: GameMap, maps: bool = True,
                     seen: tuple[Hex, Hex] | None = None, public: bool = True) -> dict[str, Any]:
    """What the building templates need; ``maps``: windows of the new track (but for what lies in ``seen``);
    ``public``: each company's lines as the public report shows them (reading 122), else as its private report
    and its check do (the mail's line numbers, BUILD CHEAPEST as written, the IFs judged)."""
    after = result.after
    fresh = new_segments(after, result.turn, seen)
    ctx = header(after, gmap, _("Turn {turn} report, building phase").format(turn=result.turn))
    ctx.update({
        "turn": result.turn,
        "start_player": result.start_player,
        "order": list(result.order),
        "outcomes": [_outcome(o, after, gmap if public else None) for o in result.outcomes],
        "payments": [
            {"payer": e.payer, "payee": e.payee, "amount": e.amount, "text": payment_text(e)}
            for e in result.entries if e.payer != BANK and e.payee != BANK
        ],
        "bonuses": [
            {"player": e.payee, "amount": e.amount, "town": e.town} for e in result.entries if e.reason == "town-bonus"
        ],
        "scores": scores(after, result.before, result.entries),
        "corrections": corrections(result.before, result.turn),
        "absent": absences(after),
        "caretaker": caretaker_rows(after, result.turn),
        "connected": len(gmap.home_numbered_towns) - len(result.unconnected),
        "towns": len(gmap.home_numbered_towns),
        "unconnected": list(result.unconnected),
        "phase_end": say(PHASE_END, result.phase_end),
        "windows": map_windows(gmap, after, fresh, result.turn) if maps else [],
        "next": next_turn(after, gmap),
    })
    return ctx


def building_report(result: BuildingResult, gmap: GameMap, orders: OrderSet | None = None,
                    lang: str | None = None, summary: bool = False, seen: tuple[Hex, Hex] | None = None) -> str:
    """The public report of a building turn (with ``orders``: the press that came with them), in the game's
    language or in ``lang`` (for a company that reads another); ``summary``: each company's builds in a line,
    as a report mail has them after its private part (``seen``: the window of the company's track it showed,
    left out of the windows of new track)."""
    with language(lang or result.after.lang):
        ctx = building_context(result, gmap, seen=seen)
        ctx["press"] = press_items(orders, result.before) if orders else []
        ctx["summary"] = summary
        return render("building.txt.j2", ctx)


def private_report(result: BuildingResult, gmap: GameMap, player: str, orders: OrderSet) -> str:
    """One player's private report (in its language): orders as understood, errors, own summary."""
    with language(result.after.language_of(player)):
        return _private_report(result, gmap, player, orders)


def _private_report(result: BuildingResult, gmap: GameMap, player: str, orders: OrderSet) -> str:
    ctx = building_context(result, gmap, maps=False, public=False)
    ctx.update(feedback(orders, player, result.before))
    ctx["orders_heading"] = orders_heading(result.after, player, result.turn)  # the caretaker's: never "yours"
    ctx.update({
        "player": player,
        "own": next(o for o in ctx["outcomes"] if o["player"] == player),
        "own_score": next(s for s in ctx["scores"] if s["player"] == player),
        "fees": fee_history(result.after, player),
    })
    ctx["own_map"], seen = own_window(gmap, result.after, player, result.turn)
    public = building_report(result, gmap, orders, result.after.language_of(player), summary=True, seen=seen)
    return render("private.txt.j2", ctx).rstrip("\n") + "\n\n" + public


def opening_report(state: GameState, gmap: GameMap, lang: str | None = None) -> str:
    """The report sent when a game starts (in the game's language, or ``lang``): players, rules, turn 1's
    allowances, the map."""
    with language(lang or state.lang):
        return _opening_report(state, gmap)


def _opening_report(state: GameState, gmap: GameMap) -> str:
    ctx = header(state, gmap, _("Opening report"))
    ctx.update({
        "seats": [{"player": p.id, "name": p.name, "colour": p.colour, "seat": p.seat, "balance": p.balance}
                  for p in sorted(state.players, key=lambda p: p.seat)],
        **rules_words_context(state, gmap),
        "next": next_turn(state, gmap),
        "full_map": whole_map(gmap, state),
    })
    return render("opening.txt.j2", ctx)
