"""Issue 32, quoted material is never an order: where the mail a reply quotes begins (``kernel/mailtext.py``), for
every game, and what a player writes on purpose that is still read.  The whole mails, as each client writes them
and read by a tick of each game, are ``tests/test_quoted_replies.py``."""

from __future__ import annotations

import pytest

from adjudicator.dampfross.orders import parse_orders
from adjudicator.dampfross.orders.codes import NoteCode
from adjudicator.dampfross.orders.parse import order_line
from adjudicator.kernel.envelope import read_envelope
from adjudicator.kernel.mailtext import clutter_free, normal, quote_start, quoted_from, sent_quote, split_lines

ORDERS = "GAME demo\nTURN 2\nPLAYER RED PASSWORD x\nBUILD 0712 - 0713\n\nAnna\n\n"
"""A mail's own part: orders and a sign-off (lines 1-6); the quote begins at line 8."""
REPORT = ("Orders for turn 3 are due Fri 28 Nov 2026 18:00 CET.\n\nDAMPFROSS PER POST -- game demo -- Turn 2 report\n"
          "Your orders as understood\n-------------------------\n  BUILD 0712 - 0713\n\nAllowances for turn 3:\n"
          "  RED 4\n  BLUE 2\n")
"""A report as the robot sends it: its order lines (an echo) among prose."""


def read(text: str) -> list[str]:
    return [line for _, line in clutter_free(text)]


REPLY_HEADERS = {
    "Outlook, the separator": "-----Original Message-----\nFrom: GM\nSent: Friday\nTo: Anna\nSubject: report\n\n",
    "Outlook, German": "-----Ursprüngliche Nachricht-----\nVon: GM\nGesendet: Freitag\nAn: Anna\nBetreff: Bericht\n\n",
    "Outlook on the web": "________________________________\nFrom: GM <gm@example.org>\nSent: Friday, November 27, "
                          "2026 9:00 AM\nTo: Anna <anna@example.org>\nSubject: report\n\n",
    "Outlook, its block alone": "From: GM <gm@example.org>\nSent: Friday\nTo: Anna\nCc: Bernd\nSubject: report\n\n",
    "Outlook, German block": "Von: GM <gm@example.org>\nGesendet: Freitag, 27. November 2026 09:00\nAn: Anna\n"
                            "Betreff: Bericht\n\n",
    "GMX": "Gesendet: Freitag, 27. November 2026 um 09:00 Uhr\nVon: GM <gm@example.org>\nAn: Anna\n"
           "Betreff: Bericht\n\n",
    "Outlook, French": "De : GM <gm@example.org>\nEnvoyé : vendredi 27 novembre 2026 09:00\nÀ : Anna\n"
                       "Objet : rapport\n\n",
    "Apple Mail, unmarked": "On 27 Nov 2026, at 09:00, GM <gm@example.org> wrote:\n\n",
    "Thunderbird, unmarked": "On 11/27/26 9:00 AM, GM wrote:\n",
    "Gmail, wrapped and unmarked": "On Fri, Nov 27, 2026 at 9:00 AM Dampfross GM <gm@dampfross.example.org>\nwrote:\n\n",
    "German attribution, unmarked": "Am 27.11.2026 um 09:00 schrieb GM <gm@example.org>:\n\n",
    "iPhone": "Sent from my iPhone\n\n",
    "iPhone, German": "Von meinem iPhone gesendet\n\n",
    "Android": "Von meinem Galaxy gesendet\n\n\n-------- Original message --------\nFrom: GM\nDate: 27.11.26 09:00\n",
    "Outlook, Dutch": "-----Oorspronkelijk bericht-----\nVan: GM\nVerzonden: vrijdag 27 november 2026 09:00\n"
                      "Aan: Anna\nOnderwerp: verslag\n\n",
    "Outlook, Czech": "Od: GM <gm@example.org>\nOdesláno: pátek 27. listopadu 2026 9:00\nKomu: Anna\n"
                      "Předmět: zpráva\n\n",
    "Gmail, Dutch": "Op vr 27 nov 2026 om 09:00 schreef GM <gm@example.org>:\n\n",
    "Gmail, Czech": "Dne pá 27. 11. 2026 v 9:00 odesílatel GM <gm@example.org> napsal:\n\n",
}


@pytest.mark.parametrize("header", REPLY_HEADERS.values(), ids=REPLY_HEADERS.keys())
def test_reading_stops_at_a_reply_header(header):
    """Below the orders, a reply header begins the quoted mail: nothing from there on is read, and the receipt can
    name the line (the quote held lines that would have been read)."""
    text = ORDERS + header + REPORT
    assert read(text) == ["GAME demo", "TURN 2", "PLAYER RED PASSWORD x", "BUILD 0712 - 0713", "Anna"]
    assert quote_start(split_lines(text)) == 8 == quoted_from(split_lines(text))


@pytest.mark.parametrize("attribution", ["On Fri, 27 Nov 2026, GM <gm@example.org> wrote:",
                                         "Am 27.11.2026 um 09:00 schrieb GM:", "Le ven. 27 nov. 2026, GM a écrit :"])
def test_a_quote_marked_with_gt_signs_ends_the_mail_and_is_not_named(attribution):
    """A ``>`` quote with nothing of the player's below it is the quoted mail (its attribution line included); it
    was never read, so the receipt need not name it."""
    text = ORDERS + attribution + "\n" + "".join(f"> {line}\n" for line in REPORT.splitlines())
    assert quote_start(split_lines(text)) == 8 and quoted_from(split_lines(text)) is None
    assert read(text)[-1] == "Anna"


def test_what_the_player_writes_below_a_quote_is_read():
    """Bottom-posting and a reply between the quote's lines: the quote is blanked, the player's lines are read."""
    bottom = "On Fri, 27 Nov 2026, GM wrote:\n> Allowances: RED 4\n> BUILD 0101 - 0102\n\n" + ORDERS
    assert read(bottom) == read(ORDERS) and quote_start(split_lines(bottom)) is None
    between = "> Allowances: RED 4\nPLAYER RED PASSWORD x\n> Your orders?\nBUILD 0712 - 0713\n"
    assert read(between) == ["PLAYER RED PASSWORD x", "BUILD 0712 - 0713"]


@pytest.mark.parametrize("text", [
    "PLAYER RED PASSWORD x\nSubject: my orders for turn 2\nBUILD 0712 - 0713\n",
    "PLAYER RED PASSWORD x\nFrom: Anna\nTo: GM\nBUILD 0712 - 0713\n",
])
def test_a_header_line_among_the_orders_is_blanked_and_the_orders_go_on(text):
    """One or two pasted header lines (no From with two more) are no reply header: blanked, nothing more."""
    assert read(text) == ["PLAYER RED PASSWORD x", "BUILD 0712 - 0713"]


@pytest.mark.parametrize("forward", [
    ("---------- Forwarded message ---------\nFrom: Anna <anna@example.org>\nDate: Fri, 27 Nov 2026\n"
     "Subject: orders\nTo: GM\n\n"),
    ("Begin forwarded message:\n\nFrom: Anna <anna@example.org>\nSubject: orders\nDate: 27 November 2026\n"
     "To: GM\n\n"),
    "________________________________\nFrom: Anna <anna@example.org>\nSent: Friday\nTo: Bernd\nSubject: FW: orders\n\n",
])
def test_a_forwarded_mail_is_read(forward):
    """A forward is no reply: the mail sent on is read (its header lines blanked)."""
    text = "Bernd, please pass this on.\n\n" + forward + "PLAYER RED PASSWORD x\nBUILD 0712 - 0713\n"
    assert read(text)[-2:] == ["PLAYER RED PASSWORD x", "BUILD 0712 - 0713"]
    assert quote_start(split_lines(text)) is None


def test_a_mail_saved_with_its_headers_on_top_is_read():
    """The GM's order file saved from a mail program, its headers first: nothing of the mail's own is above them."""
    text = "From: Anna <anna@example.org>\nTo: GM\nSubject: orders\nDate: Fri, 27 Nov 2026\n\n" + ORDERS
    assert read(text) == read(ORDERS)


@pytest.mark.parametrize("text", [
    "PLAYER RED PASSWORD x\nBUILD 0712 - 0713 wrote:\nPASS\n",  # no attribution: a line that ends in wrote:
    "PLAYER RED PASSWORD x\nBUILD 0712 - 0713\n______________________________\nPASS\n",  # a rule the player drew
    "PLAYER RED PASSWORD x\nBUILD 0712 - 0713\n\nSent from my iPhone\n",  # the phone's sign-off, nothing below
])
def test_lines_that_look_like_a_reply_header_but_are_not_stop_nothing(text):
    assert quote_start(split_lines(text)) is None
    assert "BUILD 0712 - 0713" in "\n".join(read(text))


def test_dampfross_notes_the_line_and_reads_the_orders_above():
    text = ORDERS + REPLY_HEADERS["Outlook on the web"] + REPORT
    pf = parse_orders(text, "t.orders")
    assert pf.problems == () and [o.echo() for o in pf.sections[0].orders] == ["BUILD 0712 - 0713"]
    assert [(n.code, n.pos.line) for n in pf.notes if n.code is NoteCode.QUOTED_MAIL] == [(NoteCode.QUOTED_MAIL, 8)]


def test_the_envelope_of_a_game_of_moves_stops_there_too():
    text = "GAME g\nPLAYER RED PASSWORD x\nMOVE 2\n6 CURVE 1 LEFT\n\nAnna\n\n" + REPLY_HEADERS["Outlook, German"] + (
        "Move 2: example\n  GAME g\n  PLAYER BLUE PASSWORD ...\n  MOVE 2\n  3 CURVE 0 LEFT\n")
    envelope = read_envelope(text)
    assert [s.seat for s in envelope.sections] == ["RED"] and envelope.quoted == 8
    assert [line for _, line in envelope.sections[0].body] == ["6 CURVE 1 LEFT", "Anna"]


# --- the robot's own lines (the platform's cut) -------------------------------------------------------------------

SENT = frozenset(normal(line) for line in REPORT.splitlines()) - {""}


def test_the_robots_own_mail_quoted_below_the_orders_is_found_by_its_lines():
    """No sign of a quote the reader knows: the robot's lines below the orders begin the quote, with the header block
    above them in any language (Swedish here); the platform gives that line to the readers (``cut``)."""
    text = ORDERS + "Från: GM\nSkickat: den 27 november 2026 09:00\nTill: Anna\nÄmne: rapport\n\n" + REPORT
    assert quote_start(split_lines(text)) is None
    assert read(text).count("BUILD 0712 - 0713") == 2  # the text alone: the report's echo would be read again
    cut = sent_quote(split_lines(text), SENT, order_line)
    assert cut == 8 and [line for _, line in clutter_free(text, cut=cut)][-1] == "Anna"
    pf = parse_orders(text, "t.orders", cut)
    assert pf.problems == () and [o.echo() for o in pf.sections[0].orders] == ["BUILD 0712 - 0713"]
    assert [n.pos.line for n in pf.notes if n.code is NoteCode.QUOTED_MAIL] == [8]
    pasted = ORDERS + REPORT  # pasted below the orders, nothing between: from the report's first line
    assert sent_quote(split_lines(pasted), SENT, order_line) == 8
    assert sent_quote(split_lines("PLAYER RED PASSWORD x\nPASS\nThanks.\n" + REPORT), SENT, order_line) == 4


def test_orders_copied_from_the_robots_mail_stay_the_players():
    """The example of the opening, a receipt's echo: orders the robot wrote first, copied above the mail's own lines,
    are read; so is a report pasted above the orders (the player wrote below it)."""
    copied = "  BUILD 0712 - 0713\nAllowances for turn 3:\nPLAYER RED PASSWORD x\nBUILD 0712 - 0713\n"
    assert sent_quote(split_lines(copied), SENT, order_line) is None
    above = REPORT + "\n" + ORDERS
    assert sent_quote(split_lines(above), SENT, order_line) is None


def test_a_few_of_the_robots_lines_are_no_quote():
    """Fewer than three of its prose lines in a row, or quoted with ``>`` (blanked anyway): no cut."""
    text = ORDERS + "Allowances for turn 3:\n  RED 4\n\nthanks\n" + "".join(f"> {line}\n" for line in REPORT.splitlines())
    assert sent_quote(split_lines(text), SENT, order_line) is None
    assert sent_quote(split_lines(ORDERS + REPORT), frozenset(), order_line) is None
