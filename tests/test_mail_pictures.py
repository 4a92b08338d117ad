"""Issue 25, item 1: a picture in every report mail on a plain install, shown in the body as mail clients expect.

The mails go through a real SMTP server on localhost (``tests/mailservers.py``); the pictures are made by the
main dependencies (resvg-py, Pillow) with the fonts the package ships.  Receipts carry no picture.
"""

from __future__ import annotations

import io
from email.message import EmailMessage
from pathlib import Path

import pytest
from PIL import Image

from adjudicator.postal.picture import svg_colours, svg_to_png
from tests.conftest import ANNA, BERND, Trial, make_trial
from tests.mailservers import SmtpServer, sent, smtp_server, text_of

LIMIT = 300_000
"""The most bytes a report mail may have (issue 25)."""


def shown(m: EmailMessage) -> tuple[str, Image.Image]:
    """The mail's structure as ``compose`` writes it, checked; the picture it shows."""
    assert m.get_content_type() == "multipart/mixed"
    related = m.get_payload(0)
    assert isinstance(related, EmailMessage) and related.get_content_type() == "multipart/related"
    alternative, image = related.get_payload()
    assert [p.get_content_type() for p in alternative.iter_parts()] == ["text/plain", "text/html"]
    assert image.get_content_type() == "image/png" and image.get_content_disposition() == "inline"
    cid = str(image["Content-ID"]).strip(" <>")
    html = str(m.get_body(("html",)).get_content())  # type: ignore[union-attr]
    assert f'<img src="cid:{cid}"' in html
    text = text_of(m)
    assert text.splitlines()[0] in html  # the same text, in <pre>
    picture = Image.open(io.BytesIO(image.get_content()))
    assert picture.format == "PNG"
    return text, picture


def _smtp(trial: Trial, smtp: SmtpServer) -> None:
    with (trial.game / "mail.toml").open("a", encoding="utf-8") as f:
        f.write("\n" + smtp.toml())


def test_dampfross_opening_and_report_mails_arrive_with_text_and_picture(tmp_path: Path):
    with smtp_server() as smtp:
        trial = make_trial(tmp_path, "dampfross")
        _smtp(trial, smtp)
        for seat, who in (("RED", ANNA), ("BLUE", BERND)):
            trial.deliver(who, trial.envelope(seat) + trial.orders(seat), "2026-12-02T10:00+00:00")
        trial.tick("2026-12-04T18:05+00:00")
        opening, report = sent(smtp, "opening-RED", ANNA), sent(smtp, "move-001-RED", ANNA)
        receipts = sent(smtp, "receipt-", ANNA)
    assert len(opening) == len(report) == 1 and receipts
    text, picture = shown(opening[0])
    assert "PASSWORD" in text.upper()
    text, picture = shown(report[0])
    assert "Turn 1" in text and picture.width > 1000  # the whole German map, 1.5 pixels a unit
    assert {p.get_filename() for p in report[0].iter_attachments()} == {"report-turn-001.txt", "map-turn-001.txt"}
    assert all(p.get_content_type() != "image/png" for m in receipts for p in m.walk())


def test_interurban_opening_and_move_mails_arrive_with_text_and_picture(tmp_path: Path):
    with smtp_server() as smtp:
        trial = make_trial(tmp_path, "interurban")
        _smtp(trial, smtp)
        trial.deliver(ANNA, trial.envelope("RED") + trial.orders("RED"), "2026-12-02T10:00+00:00")  # RED opens
        trial.tick("2026-12-02T10:05+00:00")
        opening, moves = sent(smtp, "opening-RED", ANNA), sent(smtp, "move-001-", "")
        receipts = sent(smtp, "receipt-", ANNA)
    assert len(opening) == 1 and len(moves) == 2 and receipts
    shown(opening[0])
    for m in moves:
        assert shown(m)[1].width > 100
    assert all(p.get_content_type() != "image/png" for m in receipts for p in m.walk())


@pytest.mark.parametrize("board", ["france", "germany", "usa-east", "usa-west"])
def test_every_report_mail_stays_under_300_kb(tmp_path: Path, board: str):
    """France draws the largest picture (about 150 KB of PNG); every mail of a turn, each map, under the bound."""
    trial = make_trial(tmp_path, "dampfross", board=board)
    trial.tick("2026-12-04T18:05+00:00")
    mails = {path.stem: path.stat().st_size for path in sorted((trial.game / "mail" / "outbox").glob("*.eml"))}
    assert {"opening-RED", "move-001-RED"} <= set(mails)
    assert all(size < LIMIT for size in mails.values()), mails
    assert all(any(p.get_content_type() == "image/png" for p in m.walk()) for name, m in trial.mails()
               if name.startswith(("opening-", "move-")))


def test_every_colour_the_drawing_names_survives_the_palette():
    """A company's thin track keeps its own colour: the palette holds every colour the SVG names."""
    colours = ["#d62728", "#e3b505", "#22933a", "#1533a8", "#ff2bd6"]
    lines = "".join(f'<line x1="{10 + 6 * i}" y1="5" x2="{10 + 6 * i}" y2="95" stroke="{c}" stroke-width="2"/>'
                    for i, c in enumerate(colours))
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" '
           f'fill="#eef1d8"/>{lines}<text x="5" y="60" font-size="9" fill="white">Lübeck</text></svg>')
    wanted = [tuple(int(c[i:i + 2], 16) for i in (1, 3, 5)) for c in colours]
    assert svg_colours(svg) == [(0xEE, 0xF1, 0xD8), *wanted, (255, 255, 255)]
    image = Image.open(io.BytesIO(svg_to_png(svg))).convert("RGB")
    assert [image.getpixel((round((10 + 6 * i) * 1.5), 75)) for i in range(len(colours))] == wanted


def test_words_are_drawn_with_the_shipped_font_on_any_machine():
    """No system font is read (a machine may have none): the words come from the fonts in the package."""
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="30" font-family="DejaVu Sans, sans-serif">'
           '<text x="4" y="20" font-size="14" fill="black">Lübeck Zürich</text></svg>')
    image = Image.open(io.BytesIO(svg_to_png(svg))).convert("L")
    dark = sum(image.histogram()[:128])
    assert dark > 200, dark
