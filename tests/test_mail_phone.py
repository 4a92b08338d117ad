"""Issue 35, "where players read": a report mail's HTML part reads on a phone (390 px) and on a desktop (1280 px).

Before, the HTML part was the text in one ``<pre>`` that did not wrap, without a viewport: on a phone the text
was some 6 px high, or every line scrolled sideways.  Real report mails (``compose`` of the example game's
report mails, with the map's PNG, and the mails an InterUrban game by mail sends) are opened in headless
Chromium as they are and as webmail shows them (their ``<head>`` dropped, the body inside the webmail's page):
nothing is wider than the window but the boxes of map windows and tables, which scroll by themselves; the
prose is at least 14 px; every word of the text is on the page.  Screenshots are in the test's folder.

The first tests need no browser: the page keeps every character and puts maps and tables in their boxes.
"""

from __future__ import annotations

import base64
import json
import re
from datetime import UTC, datetime
from email.message import EmailMessage
from html.parser import HTMLParser
from pathlib import Path

import pytest

from adjudicator.dampfross.report.mail import attached_paragraph
from adjudicator.kernel.i18n import language
from adjudicator.postal.compose import Outgoing, compose
from adjudicator.postal.mailhtml import body_html, kind_of
from tests.helpers import example_mails

MAILS = [("en", 6, "HAFEN"), ("de", 6, "HAFEN"), ("en", 2, "NOB"), ("de", 7, "NOB"), ("en", 1, "SUED")]
"""A racing turn (rounds, score table), the German one, the report full of mistakes, the last turn, a first."""


def report_text(lang: str, turn: int, company: str) -> str:
    """The body of ``company``'s report mail of ``turn`` in the example game, as the session sent it (the map as a
    picture too: the mails here show one)."""
    with language(lang):
        return example_mails(lang)[(f"{turn:03d}", company)].replace(attached_paragraph(False).rstrip("\n"),
                                                                       attached_paragraph(True).rstrip("\n"))


def html_part(text: str, png: bytes) -> str:
    """The HTML part of the mail ``compose`` makes of ``text`` with a picture."""
    m = compose(Outgoing("report-006-HAFEN", ("anna@example.org",), "report", text, (("map-turn-006.png", png),)),
                "GM <gm@example.org>", datetime(2026, 12, 4, 18, 5, tzinfo=UTC))
    return shown(m)


def shown(m: EmailMessage) -> str:
    """A mail's HTML part as its reader sees it: each ``cid:`` picture from the mail itself (a data URL here)."""
    html = str(m.get_body(("html",)).get_content())  # type: ignore[union-attr]
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
    for part in m.walk():
        if part.get_content_type() == "image/png" and part["Content-ID"]:
            data = base64.b64encode(part.get_payload(decode=True)).decode()  # type: ignore[arg-type]
            html = html.replace(f"cid:{str(part['Content-ID']).strip('<>')}", f"data:image/png;base64,{data}")
    assert "cid:" not in html
    return html


class _Text(HTMLParser):
    """The characters of a page's text, and each box of a grid with its lines."""

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.grids: list[str] = []
        self._in_grid = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "pre":
            self._in_grid += 1
            self.grids.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "pre":
            self._in_grid -= 1

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._in_grid:
            self.grids[-1] += data


def _squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.mark.parametrize("mail", MAILS, ids=lambda m: f"{m[0]}-{m[1]}-{m[2]}")
def test_the_page_keeps_every_character_and_boxes_maps_and_tables(mail: tuple[str, int, str]):
    text = report_text(*mail)
    parsed = _Text()
    parsed.feed(body_html(text))
    assert _squeezed("".join(parsed.text)) == _squeezed(text)
    boxed = "\n".join(parsed.grids)
    for line in text.splitlines():
        if re.match(r"(odd|even|ung|ger) +\d\d  ", line) or re.match(r"\d\d {3}", line):  # a map window's rows
            assert line in boxed, line
        if line.startswith(("Company ", "Ges. ")) or re.match(r"  (Round|Runde) ", line):  # score, rounds
            assert line in boxed, line


def test_what_is_a_grid_and_what_is_prose():
    assert kind_of("05   .   .   .YYY@   ~   @   ~~~~~~~~~   05") == "grid"
    assert kind_of("                  y     y   ~") == "grid"
    assert kind_of("      2 6>1606        6>1307*") == "grid"
    assert kind_of("RAVEL          42       0         0          0      0         0       42") == "grid"
    assert kind_of("        1609-1608-1607-1606-1506-1507-1407-1307)") == "prose"  # a route goes on
    assert kind_of("Key: . plain  ^ mountain  ~ water  @ town  # start town  : border") == "prose"
    assert kind_of("  HAFEN    pays RAVEL      1  1108-1109: joined in a town, then alongside") == "prose"
    assert kind_of("=" * 72) == "rule"


def test_folded_prose_is_one_paragraph_again_and_lists_stay_lists():
    text = ("note: SUED: ENTER 2 BEST: no valid route over today's track: no line of\n"
            "    track joins the start to the destination yet\n"
            "Races of turn 7 (enter with ENTER <race> ROUTE ... or ENTER <race>\n"
            "  BEST):\n"
            "  race 3: Berlin (32) to München (66), 19 hexes apart\n"
            "  ENTER 1 ROUTE Berlin (1913) - 1710 - 1610 - 1609 - 1608 - 1607 - Rostock\n"
            "        (1606) - 1506 - 1507 - 1407 - Lübeck (1307) (1913-1812-1811-1710-\n"
            "        1610-1609-1608-1607-1606-1506-1507-1407-1307)\n")
    page = body_html(text)
    assert "no line of track joins the start" in page
    assert "ENTER &lt;race&gt; BEST):</div>" in page  # the list's heading, its items on lines of their own
    assert "(1913-1812-1811-1710-1610-1609" in page  # a chain of hexes goes on without a space


# ---------------------------------------------------------------------------
# in Chromium
# ---------------------------------------------------------------------------


WEBMAIL = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="margin:0;font-family:sans-serif">
<header style="padding:8px 12px;background:#e8eaed">Inbox &rsaquo; Dampfross demo: report</header>
<div class="message" style="padding:0 4px">{body}</div>
</body></html>
"""
"""A webmail's page: its own viewport and frame; the mail's ``<head>`` is dropped, its body set into a ``div``."""

MEASURE = """JSON.stringify((function () {
    const inner = window.innerWidth, out = [], small = [];
    for (const e of document.querySelectorAll('.text *')) {
        if (e.closest('.grid') && !e.classList.contains('grid')) continue;
        const r = e.getBoundingClientRect();
        if (r.width > 0 && r.right > inner + 0.5) out.push([e.tagName, e.textContent.slice(0, 40), r.right]);
        if (!e.closest('.grid') && e.textContent.trim() && parseFloat(getComputedStyle(e).fontSize) < 14)
            small.push(e.textContent.slice(0, 40));
    }
    const grids = Array.from(document.querySelectorAll('.grid')).map(g => [g.scrollWidth, g.clientWidth,
        getComputedStyle(g).overflowX]);
    const img = document.querySelector('img'), ir = img ? img.getBoundingClientRect() : null;
    return {scroll: document.documentElement.scrollWidth, inner: inner, out: out, small: small, grids: grids,
            img: ir ? [ir.width, img.complete && img.naturalWidth > 0] : null,
            text: document.querySelector('.text').innerText};
})())"""
"""What a page looks like at the window's width: its scrolling width, what leaves the window outside a grid's
box, prose under 14 px, each grid's box (its content's width, its own, its overflow), the picture's width."""


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory):
    from tests.test_browser import CHROMIUM, Browser

    if CHROMIUM is None:
        pytest.skip("no Chromium on this machine: install it with 'apt-get install chromium'; the mails were not "
                    "tried in a browser")
    b = Browser(CHROMIUM, tmp_path_factory.mktemp("chromium-mail"))
    yield b
    b.close()


@pytest.fixture(scope="module")
def png(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The picture after turn 6 of the example game, played through the session (``turn_png`` reads its folder)."""
    from adjudicator.dampfross.app.pictures import turn_png
    from tests.example_game import play

    return turn_png(play(tmp_path_factory.mktemp("example")), 6)


def _webmail(html: str) -> str:
    body = html.split("<body", 1)[1].split(">", 1)[1].rsplit("</body>", 1)[0]
    return WEBMAIL.format(body=body)


def look(browser, page: Path, width: int, shot: Path) -> dict:  # type: ignore[no-untyped-def]
    from tests.test_browser import metrics

    metrics(browser, width, 1800)
    assert browser.open(page.as_uri()) == [], f"{page.name} logged errors"
    got: dict = json.loads(browser.evaluate(MEASURE))  # type: ignore[type-arg]
    shot.write_bytes(browser.screenshot())
    return got


@pytest.mark.browser
@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("mail", MAILS, ids=lambda m: f"{m[0]}-{m[1]}-{m[2]}")
def test_a_report_mail_reads_at_a_phones_and_a_desktops_width(browser, png: bytes, tmp_path: Path, width: int,  # type: ignore[no-untyped-def]
                                                              mail: tuple[str, int, str]):
    text = report_text(*mail)
    html = html_part(text, png)
    name = "-".join(map(str, mail))
    for how, page in (("mail", html), ("webmail", _webmail(html))):
        path = tmp_path / f"{name}-{how}.html"
        path.write_text(page, encoding="utf-8")
        got = look(browser, path, width, tmp_path / f"{name}-{how}-{width}.png")
        assert got["scroll"] <= width, f"{how}: the page is {got['scroll']} px wide in a {width} px window"
        assert got["out"] == [], f"{how} at {width} px: outside the window: {got['out'][:3]}"
        assert got["small"] == []
        assert got["grids"] and all(overflow == "auto" and own <= width for _, own, overflow in got["grids"])
        assert got["img"] and got["img"][1] and got["img"][0] <= width
        assert _squeezed(got["text"]) == _squeezed(text)
        if width == 390:  # the score table and the map windows scroll in their boxes, the prose wraps
            assert any(inside > own for inside, own, _ in got["grids"]) or mail[1] <= 5
            assert max(len(line) for line in got["text"].splitlines()) < 60 or any(
                inside > own for inside, own, _ in got["grids"])


@pytest.mark.browser
def test_interurban_mails_by_mail_read_on_a_phone(browser, tmp_path: Path):  # type: ignore[no-untyped-def]
    """The mails an InterUrban game sends (its layout drawn in text, its picture): at 390 px nothing but a
    drawing's box is wider than the window."""
    from tests.conftest import ANNA, make_trial

    trial = make_trial(tmp_path / "iu", "interurban")
    trial.deliver(ANNA, trial.envelope("RED") + trial.orders("RED"), "2026-12-02T10:00+00:00")
    trial.tick("2026-12-02T10:05+00:00")
    mails = [(name, m) for name, m in trial.mails() if name.startswith(("opening-", "move-"))]
    assert len(mails) >= 3
    for name, m in mails:
        path = tmp_path / f"{name}.html"
        path.write_text(shown(m), encoding="utf-8")
        got = look(browser, path, 390, tmp_path / f"{name}-390.png")
        assert got["scroll"] <= 390 and got["out"] == [] and got["small"] == [], name
