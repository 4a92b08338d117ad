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

from adjudicator.interurban.move import MoveRefused, candidates, legal_first, place
from adjudicator.interurban.notation import written
from adjudicator.interurban.state import State
from adjudicator.interurban.svg import svg
from adjudicator.interurban.words import names
from adjudicator.interurban.words.i18n import _
from adjudicator.kernel import mailto
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


def pages(game: str, seats: Sequence[tuple[str, str]], moves: Sequence[MovePage], to: str = "") -> dict[str, str]:
    """Every page by file name: ``index.html`` and ``move-NNN.html`` (``move-000``: the opening); ``to``: where
    the move picker's mail goes (the robot's address; ``""``: the player fills it in)."""
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
            + (next_move(game, seats, last, to) if last else ""))
    out["index.html"] = _page(_("InterUrban, game {game}").format(game=game), _nav(numbers, -1), body)
    return out


TREE_BUDGET = 60_000
"""The most move lines the picker's tree holds; past it the tree stops at two tiles (a page of some 200 KB)."""


class _TooMany(Exception):
    pass


def move_tree(state: State, depth: int = 3, budget: int = TREE_BUDGET) -> tuple[list[str], list[object]]:
    """Every move the player on move may make, tile by tile, as the notation writes it: the move lines (each once)
    and the tree of their indexes: a node is a list of entries, an entry the index of a line that ends a move
    (``i``) or ``[i, node]``, the tiles that may follow it.  The rules are the engine's: the first tile is a
    ``move.legal_first`` placement, each next one a ``move.candidates`` placement that ``move.place`` accepts on
    the board the tiles before it left, at most one station, none that finishes a line in the first round (rule
    B), at most ``depth`` tiles (3, ``apply_move``).  Past ``budget`` lines the tree is made again one tile
    shallower."""
    player, texts, count = state.on_move, {}, [0]  # type: ignore[var-annotated]

    def node(board: State, made: int, station: bool) -> list[object]:
        out: list[object] = []
        seen: set[str] = set()
        for p in legal_first(state) if not made else candidates(board):
            laid_station = any(t.id == p.tile for t in board.stations_face_up)
            if laid_station and station:
                continue
            last = made + 1 == depth
            after = None
            if not last or state.first_round:
                try:
                    after, events = place(board, p)
                except MoveRefused:
                    continue
                if made and state.first_round and any(code == "finished" for code, _ in events):
                    continue
            line = written(board, [p], player)
            if not line or line[0] in seen:
                continue
            seen.add(line[0])
            count[0] += 1
            if count[0] > budget:
                raise _TooMany
            i = texts.setdefault(line[0], len(texts))
            follow = node(after, made + 1, station or laid_station) if after is not None and not last else []
            out.append([i, follow] if follow else i)
        return out

    try:
        tree = node(state, 0, False)
    except _TooMany:
        return move_tree(state, depth - 1, budget) if depth > 1 else ([], [])
    return list(texts), tree


def move_table(game: str, seats: Sequence[tuple[str, str]], page: MovePage, to: str = "") -> dict[str, object]:
    """What the move picker looks up: the move to come, whose it is, the robot's address (``to``: none, the mail
    goes to whom the player picks) and every move that may be made, tile by tile (``move_tree``: the lines and
    the tree of their indexes).  The script decides nothing."""
    state = page.state
    player = next((sid for sid, _name in seats if sid.lower() == state.on_move.lower()), state.on_move.upper())
    lines, tree = move_tree(state)
    return {"game": game, "move": page.move + 1, "player": player, "to": to, "lines": lines, "tree": tree,
            "most": MOST_TILES,
            "words": {"none": _("No face-up tile may be laid at the end of line {line}."),
                      "pick": _("Line {line}: pick a tile."),
                      "more": _("Tile {count} of at most {most} laid. Click a line end for the next tile, or send "
                                "the move."),
                      "full": _("{most} tiles: the move is complete. Send it, or take a tile back."),
                      "password": _("Type your password first."),
                      "tooLong": _("This mail is {length} characters as a link, more than mail programs take "
                                   "({limit}): copy the move into a new mail to {to} instead."),
                      "anyone": _("the game's address"),
                      "copied": _("Copied: paste the move into a new mail."),
                      "noCopy": _("Select the text below and copy it.")}}


MOST_TILES = 3
"""The most tiles of a move (``move.apply_move``)."""


def next_move(game: str, seats: Sequence[tuple[str, str]], last: MovePage, to: str = "") -> str:
    """The move picker under the layout (none once the game is over): click an open line end, pick a face-up tile,
    again for a second and a third tile (``move_tree``: only what the rules allow after the tiles before), read the
    move lines; "Send by mail" writes them into a mail to ``to`` with GAME, PLAYER and MOVE (``kernel.mailto``).
    The password is typed in the page, kept nowhere, and put into the mail only when the player sends it."""
    if last.state.over:
        return ""
    table = move_table(game, seats, last, to)
    data = json.dumps(table, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c").replace(">", "\\u003e")
    intro = _("It is {player}'s move {move}: click an open line end (a dashed ring) on the layout, then a tile; the "
              "move line is written below. A move lays one to three tiles: click a line end again for the next "
              "one.").format(player=table["player"], move=table["move"])
    heading, password, send = _("Your move"), _("Password"), _("Send by mail")
    back, copy = _("take back a tile"), _("Copy the move")
    return (f"\n<h2 id=\"your-move\">{escape(heading)}</h2>\n<p>{escape(intro)}</p>\n"
            f'<p id="pick" role="status"></p><p id="tiles"></p>\n<pre id="moveline"></pre>\n'
            f'<p><button type="button" id="back">{escape(back)}</button></p>\n'
            f'<p><label>{escape(password)} <input type="password" id="password" autocomplete="off" size="14">'
            f'</label> <button type="button" id="send">{escape(send)}</button></p>\n'
            f'<p id="toolong" role="alert"></p><textarea id="copybox" rows="6" readonly hidden></textarea>\n'
            f'<p><button type="button" id="copy" hidden>{escape(copy)}</button></p>\n'
            f'<script type="application/json" id="move-table">{data}</script>\n'
            f"<script>{mailto.SCRIPT}{PICKER}</script>")


PICKER = """
(function () {
  "use strict";
  var T = JSON.parse(document.getElementById("move-table").textContent), chosen = [], line = "";
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
  /* The tiles that may come next (the tree's node after the chosen ones): [index of the move line, node]. */
  function next() {
    var node = T.tree;
    chosen.forEach(function (i) {
      var found = node.filter(function (e) { return (typeof e === "number" ? e : e[0]) === i; })[0];
      node = found && typeof found !== "number" ? found[1] : [];
    });
    return node.map(function (e) { return typeof e === "number" ? [e, []] : e; });
  }
  function text() { return chosen.map(function (i) { return T.lines[i]; }); }
  function pickLine(label) {
    var box = document.getElementById("tiles"), pick = document.getElementById("pick");
    var options = next().filter(function (e) { return T.lines[e[0]].split(" ")[0] === label; });
    line = label;
    box.textContent = "";
    if (chosen.length >= T.most) { pick.textContent = fill(T.words.full, {most: T.most}); return; }
    pick.textContent = fill(options.length ? T.words.pick : T.words.none, {line: label});
    options.forEach(function (e) {
      var b = document.createElement("button"), move = T.lines[e[0]];
      b.type = "button"; b.textContent = move.split(" ").slice(1).join(" "); b.dataset.move = move;
      b.onclick = function () {
        chosen.push(e[0]);
        document.getElementById("moveline").textContent = text().join("\\n");
        pickLine(label);
        if (chosen.length < T.most && !document.querySelector("#tiles button")) {
          pick.textContent = fill(T.words.more, {count: chosen.length, most: T.most});
        }
      };
      box.appendChild(b); box.appendChild(document.createTextNode(" "));
    });
  }
  svg.addEventListener("click", function (e) {
    var end = e.target.closest("g.end[data-line]");
    if (end) { pickLine(end.getAttribute("data-line")); }
  });
  document.getElementById("back").onclick = function () {
    chosen.pop();
    document.getElementById("moveline").textContent = text().join("\\n");
    if (line) { pickLine(line); }
  };
  function letter() {
    var pw = document.getElementById("password").value.trim();
    if (!pw) { document.getElementById("pick").textContent = T.words.password; return null; }
    return {subject: T.game + " MOVE " + T.move,
            lines: ["GAME " + T.game, "PLAYER " + T.player + " PASSWORD " + pw, "MOVE " + T.move].concat(text())};
  }
  function mail() { var l = letter(); return l ? mailtoLink(T.to, l.subject, l.lines) : null; }
  document.getElementById("send").onclick = function () {
    var l = letter();
    if (!l) { return; }
    sendOrCopy(mailtoLink(T.to, l.subject, l.lines), l.lines.join("\\n") + "\\n", T.to,
               {warn: document.getElementById("toolong"), box: document.getElementById("copybox"),
                copy: document.getElementById("copy")}, T.words);
  };
  window.interurbanMove = {line: pickLine, mail: mail, text: text, next: next,
                           choose: function (i) {
                             chosen.push(i); document.getElementById("moveline").textContent = text().join("\\n");
                           },
                           back: function () { document.getElementById("back").onclick(); }};
})();
"""
