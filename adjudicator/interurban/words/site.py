"""The HTML pages of an InterUrban game: a game page and one page per move (its report and the layout after it).

Only what every player already has is published: the reports mailed to all
and the layout as SVG; no password, no seed before the end (the final report
reveals it).  The pages fit a phone (the report scrolls inside its box, the
drawing scales) and are in the game's language.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from adjudicator.interurban.move import legal_first
from adjudicator.interurban.notation import written
from adjudicator.interurban.state import State
from adjudicator.interurban.svg import svg
from adjudicator.interurban.words import names
from adjudicator.interurban.words.i18n import _
from adjudicator.kernel.i18n import active
from adjudicator.kernel.shown import shown

STYLE = ("body{font-family:sans-serif;margin:1em auto;max-width:60em;padding:0 .8em;line-height:1.4}"
         "pre{overflow-x:auto;background:#f6f6f2;padding:.6em;font-size:.85em}"
         "nav{margin:.8em 0}nav a{margin-right:1em}svg{max-width:100%;height:auto}"
         "table{border-collapse:collapse}td,th{padding:.2em .6em;text-align:left;border-bottom:1px solid #ddd}")


@dataclass(frozen=True)
class MovePage:
    """One move of the game as the site shows it: its number, the report mailed to all, the state after it."""

    move: int
    report: str
    state: State


def page_name(move: int) -> str:
    return "index.html" if move < 0 else f"move-{move:03d}.html"


def _page(title: str, nav: str, body: str) -> str:
    return (f'<!DOCTYPE html>\n<html lang="{active()}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{escape(title)}</title><style>{STYLE}</style></head>\n<body>\n{nav}\n<h1>{escape(title)}</h1>\n"
            f"{body}\n{nav}\n</body></html>\n")


def _link(href: str, text: str) -> str:
    return f'<a href="{href}">{escape(text)}</a>'


def _nav(moves: Sequence[int], here: int) -> str:
    links = [_link("index.html", _("The game"))]
    at = moves.index(here) if here in moves else -1
    if at > 0:
        links.append(_link(page_name(moves[at - 1]), _("Previous move")))
    if 0 <= at < len(moves) - 1:
        links.append(_link(page_name(moves[at + 1]), _("Next move")))
    return "<nav>" + "".join(links) + "</nav>"


def pages(game: str, seats: Sequence[tuple[str, str]], moves: Sequence[MovePage]) -> dict[str, str]:
    """Every page by file name: ``index.html`` and ``move-NNN.html`` (``move-000``: the opening)."""
    numbers = [m.move for m in moves]
    out: dict[str, str] = {}
    for m in moves:
        title = _("InterUrban, game {game}: move {move}").format(game=game, move=m.move) if m.move else \
            _("InterUrban, game {game}: the opening").format(game=game)
        report = escape(shown(m.report, "\n"))  # a page shows bidi controls as HTML escaping leaves them
        body = f"<pre>{report}</pre>\n<figure>{svg(m.state)}</figure>"
        out[page_name(m.move)] = _page(title, _nav(numbers, m.move), body)
    who = dict(seats)
    rows = "".join(f"<tr><td>{escape(names.player(sid, who))}</td></tr>" for sid, _name in seats)
    links = "".join("<li>" + _link(page_name(n), _("move {move}").format(move=n) if n else _("the opening"))
                    + "</li>" for n in numbers)
    last = moves[-1] if moves else None
    players, listed, now = _("Players"), _("Moves"), _("The layout now")
    body = (f"<h2>{escape(players)}</h2><table>{rows}</table>\n<h2>{escape(listed)}</h2><ul>{links}</ul>"
            + (f"\n<h2>{escape(now)}</h2><figure id=\"layout\">{svg(last.state)}</figure>" if last else "")
            + (next_move(game, seats, last) if last else ""))
    out["index.html"] = _page(_("InterUrban, game {game}").format(game=game), _nav(numbers, -1), body)
    return out


def move_table(game: str, seats: Sequence[tuple[str, str]], page: MovePage) -> dict[str, object]:
    """What the move picker looks up: the move to come, whose it is, and for each open line end the move lines
    that may begin the move there (every legal first placement of a face-up tile, ``move.legal_first``, as the
    notation writes it, ``notation.written``).  The script decides nothing."""
    state = page.state
    player = next((sid for sid, _name in seats if sid.lower() == state.on_move.lower()), state.on_move.upper())
    options: dict[str, list[str]] = {}
    for placement in legal_first(state):
        lines = written(state, [placement], state.on_move)
        if lines:
            options.setdefault(lines[0].split()[0], []).append(lines[0])
    return {"game": game, "move": page.move + 1, "player": player,
            "options": {k: sorted(set(v)) for k, v in sorted(options.items())},
            "words": {"none": _("No face-up tile may be laid at the end of line {line}."),
                      "pick": _("Line {line}: pick a tile."), "password": _("Type your password first.")}}


def next_move(game: str, seats: Sequence[tuple[str, str]], last: MovePage) -> str:
    """The move picker under the layout (none once the game is over): click an open line end, pick a face-up tile,
    read the move line; "Send by mail" writes it into a mail with GAME, PLAYER and MOVE.  The password is typed in
    the page, kept nowhere, and put into the mail only when the player sends it."""
    if last.state.over:
        return ""
    table = move_table(game, seats, last)
    data = json.dumps(table, ensure_ascii=False).replace("<", "\\u003c").replace(">", "\\u003e")
    intro = _("It is {player}'s move {move}: click an open line end (a dashed ring) on the layout, then a tile; the "
              "move line is written below.").format(player=table["player"], move=table["move"])
    heading, password, send = _("Your move"), _("Password"), _("Send by mail")
    return (f"\n<h2 id=\"your-move\">{escape(heading)}</h2>\n<p>{escape(intro)}</p>\n"
            f'<p id="pick" role="status"></p><p id="tiles"></p>\n<pre id="moveline"></pre>\n'
            f'<p><label>{escape(password)} <input type="password" id="password" autocomplete="off" size="14">'
            f'</label> <button type="button" id="send">{escape(send)}</button></p>\n'
            f'<script type="application/json" id="move-table">{data}</script>\n<script>{PICKER}</script>')


PICKER = """
(function () {
  "use strict";
  var T = JSON.parse(document.getElementById("move-table").textContent), chosen = "";
  var svg = document.querySelector("#layout svg"), ns = "http://www.w3.org/2000/svg";
  function fill(text, args) {
    return text.replace(/\\{(\\w+)\\}/g, function (m, k) { return k in args ? args[k] : m; });
  }
  Array.prototype.forEach.call(svg.querySelectorAll("g.end[data-line]"), function (g) {
    var c = g.querySelector("circle"), r = document.createElementNS(ns, "rect"), x = +c.getAttribute("cx"),
        y = +c.getAttribute("cy");
    r.setAttribute("x", x - 24); r.setAttribute("y", y - 24); r.setAttribute("width", 48); r.setAttribute("height", 48);
    r.setAttribute("fill", "transparent"); r.style.cursor = "pointer";
    g.insertBefore(r, g.firstChild);
  });
  function pickLine(line) {
    var box = document.getElementById("tiles"), options = T.options[line] || [];
    box.textContent = "";
    document.getElementById("pick").textContent = fill(options.length ? T.words.pick : T.words.none, {line: line});
    options.forEach(function (text) {
      var b = document.createElement("button");
      b.type = "button"; b.textContent = text.split(" ").slice(1).join(" "); b.dataset.move = text;
      b.onclick = function () { chosen = text; document.getElementById("moveline").textContent = text; };
      box.appendChild(b); box.appendChild(document.createTextNode(" "));
    });
  }
  svg.addEventListener("click", function (e) {
    var end = e.target.closest("g.end[data-line]");
    if (end) { pickLine(end.getAttribute("data-line")); }
  });
  function mail() {
    var pw = document.getElementById("password").value.trim();
    if (!pw) { document.getElementById("pick").textContent = T.words.password; return null; }
    var body = "GAME " + T.game + "\\nPLAYER " + T.player + " PASSWORD " + pw + "\\nMOVE " + T.move + "\\n" +
      (chosen ? chosen + "\\n" : "");
    return "mailto:?subject=" + encodeURIComponent(T.game + " MOVE " + T.move) + "&body=" + encodeURIComponent(body);
  }
  document.getElementById("send").onclick = function () { var url = mail(); if (url) { window.location.href = url; } };
  window.interurbanMove = {line: pickLine, mail: mail};
})();
"""
