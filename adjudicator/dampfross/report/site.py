"""The HTML archive of a game: every page of the static site, built from the state and the public reports.

The site is made turn by turn, so that a long game is never held in memory
at once: ``front_pages`` gives the game page (``index.html``), the ledger
(``ledger.html``) and the score chart (``scores.svg``) from the state now;
``turn_files`` gives one turn's page (``turn-NNN.html``) and its map
(``maps/turn-NNN.svg``, also inline) from that turn's ``TurnRecord`` (its
state after, its public report text).  Nothing here reads or writes a file
(``adjudicator.dampfross.app.site`` does); private reports never reach this module.

The pages come from the Jinja templates in ``templates/site/`` (HTML,
autoescaped), in the game's language: their words go through the
catalogue as the reports' do.  They load nothing from elsewhere: no CDN, no
fonts, the only script is the ledger's filter, inline; so the site works
from ``file://`` and from any static host.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import cache
from typing import Any
from xml.sax.saxutils import escape

import jinja2

from adjudicator import __version__
from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.game.state import GameState, LedgerEntry
from adjudicator.dampfross.report import i18n
from adjudicator.dampfross.report.deadlines import goal_line
from adjudicator.dampfross.report.env import render
from adjudicator.dampfross.report.i18n import N_, _, language
from adjudicator.dampfross.report.orderpage import order_page_ok, order_table
from adjudicator.dampfross.report.racing import RACES
from adjudicator.dampfross.report.ruleswords import rules_words_context
from adjudicator.dampfross.report.svg import RaceRoute, company_colour, game_svg
from adjudicator.kernel import mailto
from adjudicator.kernel.shown import shown

REASONS = {
    "start-capital": N_("start capital"), "town-bonus": N_("town bonus"), "contact-fee": N_("contact fee"),
    "parallel-fee": N_("parallel fee"), "fare": N_("fare"), "prize": N_("prize"), "build-cost": N_("building cost"),
    "ferry-purchase": N_("ferry bought"), "ferry-fare": N_("ferry fare"), "unused-points": N_("unused points"),
    "correction": N_("correction"),
}
"""Each ledger reason (a code of the game file) in words."""
FEE_RULES = {"contact": N_("contact rule"), "parallel": N_("parallel rule"), "city-join": N_("city join rule")}
"""Which fee rule a fee comes from (``LedgerEntry.fee_rule``) in words."""
STATUS = {"lapsed": N_("lapsed"), "sole": N_("one train only"), "run": N_("run"), "ended": N_("game ended"),
          "carried": N_("carried over")}
"""How a race went (``RaceResult.status``) in words."""
PHASES = {"building": N_("building"), "racing": N_("racing"), "over": N_("over"), "opening": N_("opening")}
WHY = {"threshold": N_("first to reach the threshold"), "fixed_races": N_("the last race is run"),
       "racing_turns": N_("the last racing turn is played")}
"""Why the game ended (``Winner.reason``) in words."""


@dataclass(frozen=True)
class TurnRecord:
    """One archived turn as the site shows it.

    ``state`` is the state after the turn (turn 0: the opening state),
    ``before`` the state before it (``None`` for turn 0), ``report`` the
    public report text as sent (``None`` when it is missing), ``routes``
    a racing turn's race routes, which its map draws (``svg.race_routes``;
    empty: none).
    """

    turn: int
    state: GameState
    before: GameState | None
    report: str | None
    routes: tuple[RaceRoute, ...] = ()


@dataclass(frozen=True)
class SiteGame:
    """What every page shares: the game now (``state``), its map, the seed (only once the game is over),
    whether PNG pictures are written beside the SVG ones, and where the order page's mail goes (the robot's
    address, ``mail.toml``; ``""``: the player fills it in)."""

    state: GameState
    gmap: GameMap
    seed: str | None = None
    png: bool = False
    mail_to: str = ""

    @property
    def last(self) -> int:
        """The last turn with a page (0: only the opening)."""
        return max(0, self.state.turn - 1)


@cache
def _env() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("adjudicator.dampfross.report", "templates/site"),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
        extensions=["jinja2.ext.i18n"],
    )
    env.install_gettext_callables(i18n._, i18n.ngettext, newstyle=True, pgettext=i18n.pgettext)  # type: ignore[attr-defined]
    return env


def map_path(turn: int, ext: str = "svg") -> str:
    """Where a turn's map picture lives in the site."""
    return f"maps/turn-{turn:03d}.{ext}"


def page_path(turn: int) -> str:
    return f"turn-{turn:03d}.html"


def _common(game: SiteGame) -> dict[str, Any]:
    return {
        "game": game.state.game_id,
        "map": f"{game.gmap.name} ({game.gmap.code})",
        "version": __version__,
        "lang": game.state.lang,
        "turns": [{"number": t, "href": page_path(t)} for t in range(game.last + 1)],
        "orders": ORDERS if order_page_ok(game.state) else None,
    }


def front_pages(game: SiteGame) -> dict[str, str]:
    """The game page, the ledger, the score chart and, while a turn is to come, the order page, by their paths in
    the site."""
    state = game.state
    with language(state.lang):
        chart = score_chart(state)
        common = _common(game)
        pages = {
            "scores.svg": chart,
            "index.html": _render("game.html.j2", common, game_context(game, chart)),
            "ledger.html": _render("ledger.html.j2", common, ledger_context(game)),
        }
        if order_page_ok(state):
            pages[ORDERS] = _render("orders.html.j2", common, orders_context(game))
        return pages


ORDERS = "orders.html"
"""The order page's path in the site (only while a turn is to come)."""


def orders_context(game: SiteGame) -> dict[str, Any]:
    """The order page of the turn to come: the map as it stands, the companies, the races and the price table
    (``report/orderpage.py``)."""
    state = game.state
    table = order_table(state, game.gmap, game.mail_to)
    return {
        "title": _("Orders for turn {turn}").format(turn=state.turn),
        "turn": state.turn,
        "map_svg": game_svg(game.gmap, state, game.last or None),
        "companies": table["companies"],
        "racing": state.phase == "racing",
        "races": [{"n": r["n"], "start": r["from"], "dest": r["to"]} for r in table["races"]],
        "table": table,
        "mailto_js": mailto.SCRIPT,
    }


def turn_files(game: SiteGame, t: TurnRecord) -> dict[str, str]:
    """One turn's map picture and page, by their paths in the site."""
    with language(game.state.lang):
        svg = game_svg(game.gmap, t.state, t.turn or None, routes=t.routes)
        context = turn_context(game, t, svg)
        return {map_path(t.turn): svg, page_path(t.turn): _render("turn.html.j2", _common(game), context,
                                                                  current=t.turn)}


def _render(template: str, common: dict[str, Any], context: dict[str, Any], current: int | None = None) -> str:
    text = _env().get_template(template).render(**common, **context, current=current)
    return "\n".join(line.rstrip() for line in text.split("\n"))


# ---------------------------------------------------------------------------
# the game page
# ---------------------------------------------------------------------------


def game_context(game: SiteGame, chart: str) -> dict[str, Any]:
    """Players, the end, the dice, the score history, the turns and the rules in words (every setting below)."""
    state = game.state
    over = state.phase == "over"
    winner = state.race_state.winner
    players = [
        {"id": p.id, "name": p.name, "letter": p.colour, "colour": company_colour(p.colour), "seat": p.seat,
         "start": p.start_town or "", "balance": p.balance}
        for p in sorted(state.players, key=lambda p: p.seat)
    ]
    why = None
    if winner:
        why = _("with a balance of {balance}, after race {race}: {why}.").format(
            balance=winner.balance, race=winner.race, why=_(WHY[winner.reason]))
    return {
        "title": _("Game {game}").format(game=state.game_id),
        "players": players,
        "over": over,
        "next_turn": _("Turn {turn} is next ({phase} phase).").format(turn=state.turn, phase=_(PHASES[state.phase])),
        "winner": {"player": winner.player, "name": state.player(winner.player).name, "why": why} if winner else None,
        "dice_mode": state.dice_mode,
        "commitment": state.dice_commitment,
        "seed": game.seed if over else None,
        "history": balance_history(state),
        "ids": list(state.player_ids),
        "chart": chart,
        "turn_rows": [_turn_row(state, t) for t in range(game.last + 1)],
        "rules_head": " ".join([_("Rules profile {rules} on the map {map}.").format(
            rules=state.rules.name, map=f"{game.gmap.name} ({game.gmap.code})"), goal_line(state)]),
        "rules_words": rules_words(state, game.gmap),
        "rules": [(k, _rule_value(v)) for k, v in state.rules.to_dict().items()],
    }


def rules_words(state: GameState, gmap: GameMap) -> list[str]:
    """The rules in words as the opening report and the RULES mail give them (``rules-words.txt.j2``), one
    item a sentence group: the text's folding undone (a line starting two spaces in, after a line that ends a
    sentence, starts an item)."""
    text = render("rules-words.txt.j2", rules_words_context(state, gmap))
    items: list[str] = []
    for line in text.split("\n"):
        if not line.strip():
            continue
        starts = re.match(r"  \S", line) is not None and (not items or items[-1].endswith((".", ":", ")")))
        if starts:
            items.append(line.strip())
        else:
            items[-1] += " " + line.strip()
    return items


def _rule_value(value: object) -> str:
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value) or _("none")
    if value is None or value == "":
        return _("none")
    return str(value)


def _turn_row(state: GameState, turn: int) -> dict[str, Any]:
    entry = next((h for h in state.history if h.turn == turn), None)
    if entry is None:
        what = _("opening") if turn == 0 else ""
        phase = "" if turn else _("start")
    elif entry.phase == "building":
        what = _("{segments} segments built, start player {player}").format(segments=entry.segments or 0,
                                                                         player=entry.start_player)
        phase = _(PHASES["building"])
    else:
        what, phase = _("races {numbers}").format(numbers=", ".join(str(r) for r in entry.races or ())), \
            _(PHASES["racing"])
    return {"number": turn, "href": page_path(turn), "phase": phase, "what": what}


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
    after = _("{company} after turn {turn}: {balance}")
    title, turn_word = _("Balances of game {game} turn by turn").format(game=state.game_id), _("turn")

    def x(turn: int) -> float:
        return left + plot_w * turn / last

    def y(v: float) -> float:
        return upper + plot_h * (top - v) / (top - low)

    out = [(f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Verdana, Arial, sans-serif" font-size="11">'),
           f"<title>{escape(title)}</title>",
           f'<rect width="{width}" height="{height}" fill="#ffffff"/>']
    for v in range(low, top + 1, step):
        out.append(f'<line x1="{left}" y1="{y(v):.1f}" x2="{left + plot_w}" y2="{y(v):.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{left - 6}" y="{y(v) + 4:.1f}" text-anchor="end" fill="#444">{v}</text>')
    for r in rows:
        t = r.turn
        out.append(f'<text x="{x(t):.1f}" y="{upper + plot_h + 16}" text-anchor="middle" fill="#444">{t}</text>')
    out.append(f'<text x="{left + plot_w / 2:.1f}" y="{height - 4}" text-anchor="middle" fill="#222">'
               f"{escape(turn_word)}</text>")
    for i, p in enumerate(players):
        colour = company_colour(p.colour)
        pts = " ".join(f"{x(r.turn):.1f},{y(r.balances[i]):.1f}" for r in rows)
        out.append(f'<polyline class="balance co-{p.colour}" data-company="{escape(p.id)}" points="{pts}" '
                   f'fill="none" stroke="{colour}" stroke-width="2.5" stroke-linejoin="round"/>')
        for r in rows:
            tip = escape(after.format(company=p.id, turn=r.turn, balance=r.balances[i]))
            out.append(f'<circle cx="{x(r.turn):.1f}" cy="{y(r.balances[i]):.1f}" r="3" fill="{colour}">'
                       f"<title>{tip}</title></circle>")
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
    """The cause of a payment in a few words (the ledger entry holds it as data), in the active language."""
    parts = []
    if e.town:
        parts.append(e.town)
    if e.segment:
        parts.append(_("segment {a}-{b}").format(a=e.segment[0].label, b=e.segment[1].label))
    if e.fee_rule:
        rule = _(FEE_RULES[e.fee_rule]) if e.fee_rule in FEE_RULES else e.fee_rule
        parts.append(_("{rule} at {hex}").format(rule=rule, hex=e.at.label) if e.at else rule)
    if e.race is not None:
        parts.append(_("race {race}").format(race=e.race))
    if e.owed is not None:
        parts.append(_("owed {owed}, owed back {back}").format(owed=e.owed, back=e.owed_back or 0))
    if e.place is not None:
        parts.append(_("place {place} (shared)").format(place=e.place) if e.shared
                     else _("place {place}").format(place=e.place))
    return "; ".join(parts)


def ledger_context(game: SiteGame) -> dict[str, Any]:
    """Every ledger entry as a row (its turn linked to the turn's page), and the choices of the filters."""
    state = game.state
    rows = [{"turn": e.turn, "href": page_path(e.turn) if e.turn <= game.last else None, "payer": e.payer,
             "payee": e.payee, "amount": e.amount, "reason": e.reason, "word": reason_word(e.reason),
             "detail": ledger_detail(e)} for e in state.ledger]
    return {
        "title": _("Ledger of game {game}").format(game=state.game_id),
        "rows": rows,
        "companies": [(p.id, p.name) for p in sorted(state.players, key=lambda p: p.seat)],
        "reasons": [(r, reason_word(r)) for r in sorted({e.reason for e in state.ledger})],
    }


def reason_word(reason: str) -> str:
    """A ledger reason in words (an unknown code as it is)."""
    return _(REASONS[reason]) if reason in REASONS else reason


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
                    "status": _(STATUS[r.status]) if r.status in STATUS else r.status,
                    "first": " + ".join(r.first), "second": " + ".join(r.second)})
    return out


def turn_context(game: SiteGame, t: TurnRecord, svg: str) -> dict[str, Any]:
    """A turn's page: the map, the races with their rounds (the report's Races section), the report: ``shown``,
    as a report archived before its press was shown may hold a bidi control that HTML escaping lets pass."""
    report = shown(t.report, "\n\t") if t.report else t.report
    sections = dict(report_sections(report)) if report else {}
    entry = next((h for h in t.state.history if h.turn == t.turn), None)
    phase = entry.phase if entry else ("opening" if t.turn == 0 else "")
    return {
        "title": _("Turn {turn}").format(turn=t.turn) if t.turn else _("The opening"),
        "number": t.turn,
        "phase": _(PHASES[phase]) if phase in PHASES else phase,
        "map_svg": svg,
        "map_file": map_path(t.turn),
        "png_file": map_path(t.turn, "png") if game.png else None,
        "races": races_of_turn(t),
        "routes": bool(t.routes),
        "race_text": sections.get(_(RACES), ""),
        "report": report,
        "prev": page_path(t.turn - 1) if t.turn > 0 else None,
        "next": page_path(t.turn + 1) if t.turn < game.last else None,
        "last": t.turn == game.last and t.state.phase != "over",
    }
