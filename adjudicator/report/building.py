"""Turn reports: plain text for e-mail, rendered from Jinja templates.

This module turns adjudication results into template contexts (plain dicts
of strings and numbers) and renders them.  Templates live in
``adjudicator/templates``; lines stay within 80 characters except the full
map of a wide board.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
import textwrap
from functools import cache
from typing import Any

import jinja2

from adjudicator.building.lines import LineOutcome
from adjudicator.building.turn import BuildTurnResult, PlayerOutcome
from adjudicator.building.fees import RULE_TEXT
from adjudicator.board.hexgrid import Hex
from adjudicator.board.model import GameMap
from adjudicator.game.racestate import upcoming
from adjudicator.report.ascii import TrackMark, render_map, window_around
from adjudicator.game.state import BANK, GameState, LedgerEntry

LINE_WIDTH = 78
WINDOW_COLUMNS = 18
WINDOW_ROWS = 16


@cache
def _env() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("adjudicator.report", "templates"),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
        autoescape=False,
    )
    env.filters["wrap"] = wrap
    return env


def wrap(text: str, hang: int = 4, width: int = LINE_WIDTH) -> str:
    """Fold a long line at spaces; continuation lines indented ``hang`` more than the first."""
    if len(text) <= width:
        return text
    lead = text[: len(text) - len(text.lstrip(" "))]
    return textwrap.fill(text.strip(), width, initial_indent=lead, subsequent_indent=lead + " " * hang,
                         break_long_words=False, break_on_hyphens=False)


def wrap_problem(formatted: str) -> str:
    """An order problem with its message and hint folded; the player's quoted line and caret stay as they are."""
    lines = formatted.split("\n")
    out = [wrap(lines[0], 2)]
    for line in lines[1:]:
        out.append(wrap(line, 6) if line.startswith("    hint: ") else line)
    return "\n".join(out)


def render(template: str, context: dict[str, Any]) -> str:
    """Render one template; every line is stripped of trailing blanks."""
    text = _env().get_template(template).render(**context)
    return "\n".join(line.rstrip() for line in text.split("\n"))


# ---------------------------------------------------------------------------
# shared pieces
# ---------------------------------------------------------------------------


def header(state: GameState, gmap: GameMap, title: str) -> dict[str, Any]:
    return {
        "game": state.game_id,
        "title": title,
        "map": f"{gmap.name} ({gmap.code})",
        "rules": state.rules.name,
        "commitment": state.dice_commitment or "none: manual dice (the GM gives every die)",
        "players": {p.id: {"name": p.name, "colour": p.colour} for p in state.players},
    }


def track_marks(state: GameState, new_turn: int | None) -> list[TrackMark]:
    letter = {p.id: p.colour for p in state.players}
    return [TrackMark(s.a, s.b, letter[s.owner], s.turn == new_turn) for s in state.track]


def player_legend(state: GameState) -> dict[str, str]:
    return {p.colour: f"{p.id} {p.name}" for p in sorted(state.players, key=lambda p: p.seat)}


def map_windows(gmap: GameMap, state: GameState, hexes: Iterable[Hex], turn: int) -> list[str]:
    """ASCII windows (≤ 18 columns each) covering the given hexes, with this turn's track in upper case."""
    marks = track_marks(state, turn)
    out = []
    for group in clusters(hexes, WINDOW_COLUMNS - 4, WINDOW_ROWS - 4):
        corners = window_around(gmap, group, margin=2, max_cols=WINDOW_COLUMNS)
        out.append(render_map(gmap, marks, window=corners, legend=True, players=player_legend(state)))
    return out


def clusters(hexes: Iterable[Hex], cols: int, rows: int) -> list[list[Hex]]:
    """Group hexes into clusters whose bounding box is at most ``cols`` x ``rows`` hexes.

    Greedy and deterministic: hexes in reading order join the first cluster
    they fit, so nearby new track shares one window.
    """
    groups: list[list[Hex]] = []
    for h in sorted(set(hexes), key=lambda h: (h.row, h.col)):
        for g in groups:
            cs = [x.col for x in g] + [h.col]
            rs = [x.row for x in g] + [h.row]
            if max(cs) - min(cs) < cols and max(rs) - min(rs) < rows:
                g.append(h)
                break
        else:
            groups.append([h])
    return groups


def next_turn(state: GameState) -> dict[str, Any]:
    """What players need for their next orders."""
    allowances = [
        {"player": a.player, "points": a.points, "dice": "+".join(str(d.value) for d in a.dice)}
        for a in sorted(state.allowances, key=lambda a: state.player(a.player).seat)
    ]
    races = [
        {"number": d.number, "start": f"{d.start_town} ({d.start_number})", "dest": f"{d.dest_town} ({d.dest_number})",
         "distance": d.distance}
        for d in upcoming(state)
    ]
    return {
        "races": races,
        "turn": state.turn,
        "phase": state.phase,
        "start_player": state.start_player,
        "order": state.seat_order_from(state.start_player) if state.start_player else [],
        "allowances": allowances,
        "manual": state.dice_mode == "manual",
    }


def scores(state: GameState, before: GameState, entries: Sequence[LedgerEntry]) -> list[dict[str, Any]]:
    """The score table: brought forward, bonuses, fees in and out, building and other, carried forward."""
    rows = []
    for p in sorted(state.players, key=lambda p: p.seat):
        bonus = sum(e.amount for e in entries if e.payee == p.id and e.reason == "town-bonus")
        fees_in = sum(e.amount for e in entries if e.payee == p.id and e.payer != BANK)
        fees_out = sum(e.amount for e in entries if e.payer == p.id and e.payee != BANK)
        from_bank = sum(e.amount for e in entries if e.payee == p.id and e.payer == BANK) - bonus
        to_bank = sum(e.amount for e in entries if e.payer == p.id and e.payee == BANK)
        rows.append({
            "player": p.id,
            "brought": before.player(p.id).balance,
            "bonus": bonus,
            "fees_in": fees_in,
            "fees_out": fees_out,
            "other": from_bank - to_bank,
            "carried": p.balance,
        })
    return rows


def payment_text(e: LedgerEntry) -> str:
    """``0402-0403 alongside at 0403`` from a fee's ledger note (``SEG RULE at HEX``)."""
    seg, _, rest = e.note.partition(" ")
    rule, _, at = rest.partition(" at ")
    if rule in RULE_TEXT:
        return f"{seg}: {RULE_TEXT[rule]} ({at})"
    return f"{e.reason} {e.note}".strip()


# ---------------------------------------------------------------------------
# building turn
# ---------------------------------------------------------------------------


def line_context(outcome: LineOutcome) -> dict[str, Any]:
    built = []
    for b in outcome.built:
        built.append({
            "seg": f"{b.a.label}-{b.b.label}",
            "kind": b.cost.kind,
            "points": b.cost.points,
            "fees": [f.describe() for f in b.fees],
            "bonus": f"{b.bonus} for reaching {b.bonus_town} first" if b.bonus else "",
        })
    unbuilt = "-".join(h.label for h in outcome.unbuilt)
    return {
        "text": outcome.line.text or "BUILD " + " - ".join(h.label for h in outcome.line.hexes),
        "source": outcome.line.source,
        "note": outcome.note or "",
        "built": built,
        "reason": outcome.reason or "",
        "unbuilt": unbuilt,
    }


def _outcome(o: PlayerOutcome, state: GameState) -> dict[str, Any]:
    return {
        "player": o.player,
        "name": state.player(o.player).name,
        "allowance": o.allowance,
        "dice": "+".join(str(d.value) for d in o.dice) or "-",
        "used": o.points_used,
        "lost": o.points_lost,
        "skipped": o.skipped or "",
        "start": o.start or "",
        "start_problem": o.start_problem or "",
        "declare": o.declare or "",
        "passed": o.passed,
        "lines": [line_context(line) for line in o.lines],
    }


def building_context(result: BuildTurnResult, gmap: GameMap, maps: bool = True) -> dict[str, Any]:
    after = result.after
    new_hexes = [h for s in after.track if s.turn == result.turn for h in s.side.hexes]
    ctx = header(after, gmap, f"Turn {result.turn} report, building phase")
    ctx.update({
        "turn": result.turn,
        "start_player": result.start_player,
        "order": list(result.order),
        "outcomes": [_outcome(o, after) for o in result.outcomes],
        "payments": [
            {"payer": e.payer, "payee": e.payee, "amount": e.amount, "text": payment_text(e)}
            for e in result.entries if e.payer != BANK and e.payee != BANK
        ],
        "bonuses": [
            {"player": e.payee, "amount": e.amount, "town": e.note} for e in result.entries if e.reason == "town-bonus"
        ],
        "scores": scores(after, result.before, result.entries),
        "connected": len(gmap.numbered_towns) - len(result.unconnected),
        "towns": len(gmap.numbered_towns),
        "unconnected": list(result.unconnected),
        "phase_end": result.phase_end or "",
        "windows": map_windows(gmap, after, new_hexes, result.turn) if maps and new_hexes else [],
        "full_map": render_map(gmap, track_marks(after, result.turn), players=player_legend(after)) if maps else "",
        "next": next_turn(after),
        "fee_rules": RULE_TEXT,
    })
    return ctx


def building_report(result: BuildTurnResult, gmap: GameMap) -> str:
    """The public report of a building turn."""
    return render("building.txt.j2", building_context(result, gmap))


def private_report(
    result: BuildTurnResult, gmap: GameMap, player: str, echo: Sequence[str], problems: Sequence[str], notes: Sequence[str]
) -> str:
    """One player's private report: orders as understood, errors, own summary."""
    ctx = building_context(result, gmap, maps=False)
    ctx.update({
        "player": player,
        "echo": list(echo),
        "problems": [wrap_problem(p) for p in problems],
        "notes": list(notes),
        "own": next(o for o in ctx["outcomes"] if o["player"] == player),
        "own_score": next(s for s in ctx["scores"] if s["player"] == player),
    })
    return render("private.txt.j2", ctx)


def opening_report(state: GameState, gmap: GameMap) -> str:
    """The report sent when a game starts: players, rules, turn 1's allowances, the map."""
    ctx = header(state, gmap, "Opening report")
    ctx.update({
        "seats": [{"player": p.id, "name": p.name, "colour": p.colour, "seat": p.seat, "balance": p.balance}
                  for p in sorted(state.players, key=lambda p: p.seat)],
        "start_towns": [t.name for t in gmap.start_towns],
        "r": state.rules,
        "next": next_turn(state),
        "full_map": render_map(gmap, (), players=player_legend(state)),
    })
    return render("opening.txt.j2", ctx)


def check_report(result: BuildTurnResult, gmap: GameMap, player: str, echo: Sequence[str]) -> str:
    """``adjudicate check``: one player's orders priced against the current state."""
    ctx = building_context(result, gmap, maps=False)
    own = next(o for o in ctx["outcomes"] if o["player"] == player)
    ctx.update({"player": player, "echo": list(echo), "own": own})
    return render("check.txt.j2", ctx)
