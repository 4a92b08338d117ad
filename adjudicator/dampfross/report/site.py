"""The HTML archive of a game: every page of the static site, built from the state and the public reports.

``build_site`` takes what the game directory holds (the state now, each
turn's state after it and its public report text, the seed once the game is
over) and returns the site as ``{relative path: text}``: the game page
(``index.html``), one page per turn (``turn-NNN.html``) with its map
(``maps/turn-NNN.svg``, also inline), the ledger (``ledger.html``) and the
score chart (``scores.svg``).  Nothing here reads or writes a file
(``adjudicator.dampfross.app.site`` does); private reports never reach this module.

The pages come from the Jinja templates in ``templates/site/`` (HTML,
autoescaped).  They load nothing from elsewhere: no CDN, no fonts, the only
script is the ledger's filter, inline; so the site works from ``file://``
and from any static host.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any
from xml.sax.saxutils import escape

import jinja2

from adjudicator import __version__
from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.game.state import GameState, LedgerEntry
from adjudicator.dampfross.racing.turn import RacingResult
from adjudicator.dampfross.report.i18n import _, language
from adjudicator.dampfross.report.racing import RACES
from adjudicator.dampfross.report.svg import company_colour, game_svg


@dataclass(frozen=True)
class TurnRecord:
    """One archived turn as the site shows it.

    ``state`` is the state after the turn (turn 0: the opening state),
    ``before`` the state before it (``None`` for turn 0), ``report`` the
    public report text as sent (``None`` when it is missing), ``races`` a
    racing turn's result, whose race routes its map draws (``None``: none).
    """

    turn: int
    state: GameState
    before: GameState | None
    report: str | None
    races: RacingResult | None = None


@cache
def _env() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader("adjudicator.dampfross.report", "templates/site"),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
    )


def map_path(turn: int, ext: str = "svg") -> str:
    """Where a turn's map picture lives in the site."""
    return f"maps/turn-{turn:03d}.{ext}"


def page_path(turn: int) -> str:
    return f"turn-{turn:03d}.html"


def build_site(state: GameState, gmap: GameMap, turns: Sequence[TurnRecord], seed: str | None,
               png: bool = False) -> dict[str, str]:
    """Every file of the site as text, by its path relative to the site's folder.

    ``seed`` is printed only when the game is over; ``png`` adds links to
    ``maps/turn-NNN.png`` (the application writes those pictures).
    """
    common = {
        "game": state.game_id,
        "map": f"{gmap.name} ({gmap.code})",
        "version": __version__,
        "turns": [{"number": t.turn, "href": page_path(t.turn)} for t in turns],
    }
    files: dict[str, str] = {}
    chart = score_chart(state)
    files["scores.svg"] = chart
    files["index.html"] = _render("game.html.j2", common, game_context(state, turns, seed, chart))
    files["ledger.html"] = _render("ledger.html.j2", common, ledger_context(state))
    for i, t in enumerate(turns):
        svg = game_svg(gmap, t.state, t.turn or None, t.races)
        files[map_path(t.turn)] = svg
        context = turn_context(t, svg, png)
        context["prev"] = page_path(turns[i - 1].turn) if i > 0 else None
        context["next"] = page_path(turns[i + 1].turn) if i + 1 < len(turns) else None
        files[page_path(t.turn)] = _render("turn.html.j2", common, context, current=t.turn)
    return files


def _render(template: str, common: dict[str, Any], context: dict[str, Any], current: int | None = None) -> str:
    text = _env().get_template(template).render(**common, **context, current=current)
    return "\n".join(line.rstrip() for line in text.split("\n"))


# ---------------------------------------------------------------------------
# the game page
# ---------------------------------------------------------------------------


def game_context(state: GameState, turns: Sequence[TurnRecord], seed: str | None, chart: str) -> dict[str, Any]:
    """Players, the end, the dice, the score history, the turns and every rule."""
    over = state.phase == "over"
    winner = state.race_state.winner
    players = [
        {"id": p.id, "name": p.name, "letter": p.colour, "colour": company_colour(p.colour), "seat": p.seat,
         "start": p.start_town or "", "balance": p.balance}
        for p in sorted(state.players, key=lambda p: p.seat)
    ]
    return {
        "title": f"Game {state.game_id}",
        "players": players,
        "phase": state.phase,
        "turn": state.turn,
        "over": over,
        "winner": ({"player": winner.player, "name": state.player(winner.player).name, "balance": winner.balance,
                    "reason": winner.reason.replace("_", " "), "race": winner.race} if winner else None),
        "dice_mode": state.dice_mode,
        "commitment": state.dice_commitment,
        "seed": seed if over else None,
        "history": balance_history(state),
        "ids": list(state.player_ids),
        "chart": chart,
        "turn_rows": [_turn_row(state, t) for t in turns],
        "rules": [(k, _rule_value(v)) for k, v in state.rules.to_dict().items()],
    }


def _rule_value(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value) or "none"
    if value is None or value == "":
        return "none"
    return str(value)


def _turn_row(state: GameState, t: TurnRecord) -> dict[str, Any]:
    entry = next((h for h in state.history if h.turn == t.turn), None)
    if entry is None:
        what = "opening" if t.turn == 0 else ""
        phase = "" if t.turn else "start"
    elif entry.phase == "building":
        what, phase = f"{entry.segments or 0} segments built, start player {entry.start_player}", "building"
    else:
        what, phase = "races " + ", ".join(str(r) for r in entry.races or ()), "racing"
    return {"number": t.turn, "href": page_path(t.turn), "phase": phase, "what": what}


@dataclass(frozen=True)
class BalanceRow:
    """The balances after one turn, in seat order."""

    turn: int
    balances: tuple[int, ...]


def balance_history(state: GameState) -> list[BalanceRow]:
    """Balances turn by turn: turn 0 (the start capital) from the ledger, then ``GameState.history``."""
    ids = state.player_ids
    start = dict.fromkeys(ids, 0)
    for e in state.ledger:
        if e.turn == 0:
            if e.payee in start:
                start[e.payee] += e.amount
            if e.payer in start:
                start[e.payer] -= e.amount
    rows = [BalanceRow(0, tuple(start[p] for p in ids))]
    rows += [BalanceRow(h.turn, tuple(h.balance(p) for p in ids)) for h in state.history]
    return rows


def _nice_step(span: float) -> int:
    """A round tick step (1, 2 or 5 times a power of ten) giving about five ticks over ``span``."""
    raw = max(span / 5, 1)
    power = 10 ** math.floor(math.log10(raw))
    return int(next(m * power for m in (1, 2, 5, 10) if m * power >= raw))


def score_chart(state: GameState, width: int = 640, height: int = 300) -> str:
    """The balances turn by turn as an SVG line chart, one line per company in its colour."""
    rows = balance_history(state)
    players = sorted(state.players, key=lambda p: p.seat)
    values = [v for r in rows for v in r.balances]
    low = min(0, *values)
    step = _nice_step(max(values) - low)
    top = max(step, math.ceil(max(values) / step) * step)
    low = math.floor(low / step) * step
    left, right, upper, lower = 48, 150, 16, 36
    plot_w, plot_h = width - left - right, height - upper - lower
    last = max(1, rows[-1].turn)

    def x(turn: int) -> float:
        return left + plot_w * turn / last

    def y(v: float) -> float:
        return upper + plot_h * (top - v) / (top - low)

    out = [(f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Verdana, Arial, sans-serif" font-size="11">'),
           f"<title>Balances of game {escape(state.game_id)} turn by turn</title>",
           f'<rect width="{width}" height="{height}" fill="#ffffff"/>']
    for v in range(low, top + 1, step):
        out.append(f'<line x1="{left}" y1="{y(v):.1f}" x2="{left + plot_w}" y2="{y(v):.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{left - 6}" y="{y(v) + 4:.1f}" text-anchor="end" fill="#444">{v}</text>')
    for r in rows:
        t = r.turn
        out.append(f'<text x="{x(t):.1f}" y="{upper + plot_h + 16}" text-anchor="middle" fill="#444">{t}</text>')
    out.append(f'<text x="{left + plot_w / 2:.1f}" y="{height - 4}" text-anchor="middle" fill="#222">turn</text>')
    for i, p in enumerate(players):
        colour = company_colour(p.colour)
        pts = " ".join(f"{x(r.turn):.1f},{y(r.balances[i]):.1f}" for r in rows)
        out.append(f'<polyline class="balance co-{p.colour}" data-company="{escape(p.id)}" points="{pts}" '
                   f'fill="none" stroke="{colour}" stroke-width="2.5" stroke-linejoin="round"/>')
        for r in rows:
            out.append(f'<circle cx="{x(r.turn):.1f}" cy="{y(r.balances[i]):.1f}" r="3" fill="{colour}">'
                       f"<title>{escape(p.id)} after turn {r.turn}: {r.balances[i]}</title></circle>")
        ly = upper + 14 + 18 * i
        out.append(f'<line x1="{width - right + 14}" y1="{ly - 4}" x2="{width - right + 34}" y2="{ly - 4}" '
                   f'stroke="{colour}" stroke-width="3"/>')
        out.append(f'<text x="{width - right + 40}" y="{ly}" fill="#222">{escape(p.id)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------
# the ledger
# ---------------------------------------------------------------------------


def ledger_detail(e: LedgerEntry) -> str:
    """The cause of a payment in a few words (the ledger entry holds it as data)."""
    parts = []
    if e.town:
        parts.append(e.town)
    if e.segment:
        parts.append(f"segment {e.segment[0].label}-{e.segment[1].label}")
    if e.fee_rule:
        parts.append(f"{e.fee_rule} rule" + (f" at {e.at.label}" if e.at else ""))
    if e.race is not None:
        parts.append(f"race {e.race}")
    if e.owed is not None:
        parts.append(f"owed {e.owed}, owed back {e.owed_back or 0}")
    if e.place is not None:
        parts.append(f"place {e.place}" + (" (shared)" if e.shared else ""))
    return "; ".join(parts)


def ledger_context(state: GameState) -> dict[str, Any]:
    """Every ledger entry as a row, and the choices of the filters."""
    rows = [{"turn": e.turn, "payer": e.payer, "payee": e.payee, "amount": e.amount, "reason": e.reason,
             "detail": ledger_detail(e)} for e in state.ledger]
    return {
        "title": f"Ledger of game {state.game_id}",
        "rows": rows,
        "companies": [(p.id, p.name) for p in sorted(state.players, key=lambda p: p.seat)],
        "reasons": sorted({e.reason for e in state.ledger}),
    }


# ---------------------------------------------------------------------------
# a turn's page
# ---------------------------------------------------------------------------


def report_sections(text: str) -> list[tuple[str, str]]:
    """A report cut at its headings (a line underlined with ``-``): ``(title, body)``, the head first as ``""``."""
    lines = text.split("\n")
    sections: list[tuple[str, list[str]]] = [("", [])]
    i = 0
    while i < len(lines):
        line = lines[i]
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if line.strip() and len(nxt) >= 3 and set(nxt) == {"-"} and len(nxt) == len(line):
            sections.append((line, []))
            i += 2
            continue
        sections[-1][1].append(line)
        i += 1
    return [(title, "\n".join(body).strip("\n")) for title, body in sections]


def races_of_turn(t: TurnRecord) -> list[dict[str, Any]]:
    """The races run (or lapsed) in a turn, from the state: from, to, distance, status, first and second."""
    draws = {d.number: d for d in (t.before.race_state.upcoming if t.before else ())}
    out = []
    for r in t.state.race_state.results:
        if r.turn != t.turn:
            continue
        d = draws.get(r.race)
        out.append({"number": r.race, "start": r.start, "dest": r.dest, "distance": d.distance if d else "",
                    "status": r.status, "first": " + ".join(r.first), "second": " + ".join(r.second)})
    return out


def races_heading(lang: str) -> str:
    """The heading of the racing report's races, as the report was written (in the game's language)."""
    with language(lang):
        return _(RACES)


def turn_context(t: TurnRecord, svg: str, png: bool) -> dict[str, Any]:
    """A turn's page: the map, the races with their rounds (the report's Races section), the report."""
    sections = dict(report_sections(t.report)) if t.report else {}
    entry = next((h for h in t.state.history if h.turn == t.turn), None)
    phase = entry.phase if entry else ("opening" if t.turn == 0 else "")
    return {
        "title": f"Turn {t.turn}" if t.turn else "The opening",
        "number": t.turn,
        "phase": phase,
        "map_svg": svg,
        "map_file": map_path(t.turn),
        "png_file": map_path(t.turn, "png") if png else None,
        "races": races_of_turn(t),
        "routes": t.races is not None and any(e.valid for r in t.races.races for e in r.entries),
        "race_text": sections.get(races_heading(t.state.lang), ""),
        "report": t.report,
        "next": None,
        "prev": None,
    }
