"""The HTML pages of an InterUrban game: a game page and one page per move (its report and the layout after it).

Only what every player already has is published: the reports mailed to all
and the layout as SVG; no password, no seed before the end (the final report
reveals it).  The pages fit a phone (the report scrolls inside its box, the
drawing scales) and are in the game's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

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
            + (f"\n<h2>{escape(now)}</h2><figure>{svg(last.state)}</figure>" if last else ""))
    out["index.html"] = _page(_("InterUrban, game {game}").format(game=game), _nav(numbers, -1), body)
    return out
