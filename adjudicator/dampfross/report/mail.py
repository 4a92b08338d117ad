"""Every text of the postal game loop: receipts, report mails, reminders, the opening mail, statements, status,
and the GM's notes of a ``tick``.

The one session (``postal/turns.py``, ``postal/periods.py``, through ``report/playwords.py``) decides
and hands over codes and data (``Receipt``, ``PostalNote``); the words are
here and in ``templates/receipt.txt.j2``.  Every line fits 80 columns.  What
goes to a company is written in its language (``GameState.language_of``);
the GM's notes and ``status`` stay English.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.game.state import Correction, GameState
from adjudicator.dampfross.report.common import whole_map
from adjudicator.dampfross.report.deadlines import due_line, goal_line, when_text, zone_of
from adjudicator.dampfross.report.env import LINE_WIDTH, MAIL_WIDTH, render, wrap
from adjudicator.dampfross.report.fates import Fate, fate_lines, headline
from adjudicator.dampfross.report.i18n import N_, _, language, ngettext
from adjudicator.dampfross.report.mailreplies import commands_help
from adjudicator.dampfross.report.orderwords import arrival_text
from adjudicator.dampfross.report.phrases import correction_text
from adjudicator.dampfross.report.ruleswords import example_text
from adjudicator.kernel import words
from adjudicator.kernel.shown import cut, shown, shown_name
from adjudicator.kernel.words.gm import mail_note

Status = Literal["counts", "idle", "replaced", "late-used", "late-unused", "refused", "section-refused", "other-game",
                 "other-turn", "no-orders",
                 "too-big", "unreadable", "statement", "over", "too-many-sections", "guesses", "gm-counts"]

STATUS = {
    "counts": N_("Your mail counts for turn {turn}: a later mail from you replaces it."),
    "idle": N_("Your mail counts for turn {turn}, but builds nothing: send a new mail before the deadline; it "
               "replaces this one."),
    "late-used": N_("Your mail arrived after the deadline ({due}). The turn has not been run yet, so your orders "
                    "count all the same (a later mail still replaces them)."),
    "late-unused": N_("Your mail arrived after the deadline ({due}). This game is strict about deadlines: the mail "
                      "is kept for the record, but its orders are not used."),
    "refused": N_("Nothing in your mail counts: {why}."),
    "section-refused": N_("The section for {seat} in your mail does not count: {why}."),
    "other-game": N_("Your mail names game {named}, not game {game}: nothing in it is used."),
    "other-turn": N_("Your orders are for turn {named}, but game {game} is at turn {turn}: they are not used."),
    "no-orders": N_("No orders were found in your mail (an order mail has a line PLAYER <ID> PASSWORD "
                    "<password>)."),
    "too-big": N_("Your mail is {size} bytes, far more than a mail of orders can be: it was not read."),
    "unreadable": N_("Your mail could not be read as a mail of orders (see the note below): nothing in it is used. "
                     "Please send your orders as plain text."),
    "statement": N_("Your end-of-game statement is received; it goes to every player with the others (a later "
                    "mail from you replaces it)."),
    "over": N_("The game is over and no statements are collected now: nothing in your mail is used."),
    "too-many-sections": N_("Your mail holds {count} PLAYER sections; a mail may hold at most {most}: nothing in it "
                            "is read."),
    "guesses": N_("More than {most} sections from your address did not count this turn (wrong passwords): your "
                  "mails are read this turn only for the company whose address on file yours is."),
    "gm-counts": N_("Your GM section counts for turn {turn} as it stands below (a later GM section of yours "
                    "replaces it)."),
}

MAX_RECEIPT = 64_000
"""The most characters of a receipt; the rest is left out with a line saying so."""

@dataclass(frozen=True)
class Receipt:
    """What a receipt says: for which company (``None``: to the sender of a mail that counts for nobody),
    about which mail, its status and everything the player should see."""

    company: str | None
    arrived: str  # ISO 8601 in the game's zone; "": not known (the session's receipts, ``report/playwords.py``)
    subject: str
    status: Status
    data: dict[str, str | int] = field(default_factory=dict)
    replaces: tuple[str, ...] = ()  # arrivals of this company's earlier mails it replaces
    echo: tuple[str, ...] = ()
    problems: tuple[str, ...] = ()  # already formatted
    notes: tuple[str, ...] = ()
    refused: tuple[str, ...] = ()
    preview: str = ""
    mail_notes: tuple[tuple[str, str, int], ...] = ()  # (code, name, size)
    press: tuple[str, ...] = ()  # what becomes of the company's press, and its text (``press.press_receipt``)
    hashes: tuple[tuple[str, str], ...] = ()  # (what, SHA-256): the mail, then each text as stored
    statement: str = ""
    lang: str | None = None  # the reader's language when no company is named: a sender on file reads his own
    to_gm: bool = False  # the mail went to the GM (neither orders nor a command): the receipt says so
    standing: str = ""  # the company's standing orders on file once the mail counts (``report.standingwords``)
    fates: tuple[Fate, ...] | None = None  # each order's fate (``report.fates``): the headline and the orders shown
    prose_to_gm: bool = False  # the lines of the order mail that are no orders asked something: they went to the GM
    still: tuple[tuple[str, str], ...] = ()  # a section refused for its password: (company, the arrival of its
    # earlier mail that still counts, "" for none), told to the company's own address
    said: str = ""  # the status in words where the caller words it (the session's receipts, ``report/playwords.py``)
    turn: int = 0  # the turn the orders are for, when the state is later (the session's receipt written at the end of
    # its tick, the turn run since); 0: the state's
    racing: bool | None = None  # whether that turn is a racing turn (``None``: the state's phase says)
    ran_since: bool = False  # the turn the orders count for was run after the mail was read (in the same tick): no
    # "would be carried out", and the preview is of the game as it stood then


def receipt_text(state: GameState, r: Receipt) -> str:
    """The receipt of one mail, for one company (in its language) or for its sender (``r.lang``: his own when his
    address is on file, else the game's).

    Whatever the sender wrote (the subject, a file name, orders, press, a statement) is ``shown`` before it is
    folded, so that no control or bidi character reaches the mail and every line fits (``render`` shows the
    whole text once more, whatever the application handed over)."""
    with language(r.lang or state.language_of(r.company)):
        return _receipt_text(state, r)


def _receipt_text(state: GameState, r: Receipt) -> str:
    data = {k: cut(shown(v), 40) if isinstance(v, str) else v for k, v in r.data.items()}  # a sender's words
    status = r.said or _(STATUS[r.status]).format(turn=state.turn, game=state.game_id, **data)
    echo = list(r.echo)
    if r.fates is not None and r.status in ("counts", "idle", "late-used"):  # the first line: the fates counted
        racing = state.phase == "racing" if r.racing is None else r.racing
        if not r.ran_since:  # a turn run since: nothing "would be" carried out (its report says what was)
            status = headline(r.fates, r.turn or state.turn, racing) + " " + status
        if r.refused:
            status += " " + ngettext("A section of your mail does not count: see below.",
                                     "Some sections of your mail do not count: see below.", len(r.refused))
        echo = fate_lines(r.fates)
    for company, arrived in r.still:  # a wrong password: what counts for the company now
        status += " " + (_("Your mail of {when} still counts for {company} in turn {turn}: this one changes nothing "
                           "of it.").format(when=arrival_text(arrived), company=company, turn=r.turn or state.turn)
                         if arrived else _("No mail of yours counts for {company} in turn {turn} yet: send your orders "
                                           "again with the right password.").format(company=company,
                                                                                    turn=r.turn or state.turn))
    ctx = {
        "game": state.game_id,
        "company": r.company,
        "goal": goal_line(state),
        "due": due_line(state),
        "mail": _("your mail of {when}").format(when=arrival_text(r.arrived)) if r.arrived else "",
        "arrived": when_text(r.arrived, zone_of(state)) if r.arrived else "",
        "subject": shown(r.subject[:60]),
        "status": status,
        "replaces": [_("It replaces your mail of {when}.").format(when=arrival_text(a)) for a in r.replaces],
        "echo": [shown(e) for e in echo],
        "standing": r.standing,
        "press": [shown(p, "\t") for p in r.press],
        "problems": [shown(p, "\n") for p in r.problems],
        "notes": [shown(n, "\n") for n in r.notes],
        "refused": [shown(x, "\n") for x in r.refused],
        "preview": shown(r.preview, "\n"),
        "ran_since": r.ran_since,
        "mail_notes": [mail_note(c, shown_name(n), s)
                       for c, n, s in r.mail_notes],
        "hashes": [{"what": _hash_label(w), "sha": s} for w, s in r.hashes],
        "statement": shown(r.statement, "\n"),
        "width": LINE_WIDTH,
        "to_gm": words.to_gm() if r.to_gm else words.prose_to_gm() if r.prose_to_gm else "",
    }
    text = render("receipt.txt.j2", ctx)
    if len(text) > MAX_RECEIPT:
        end = text.rfind("\n", 0, MAX_RECEIPT)
        text = text[:end + 1] + _("(the rest of this receipt, {count} characters, is left out)").format(
            count=len(text) - end - 1) + "\n"
    return text


def _hash_label(what: str) -> str:
    if what == "":
        return _("the text of your mail")
    if what == "\0mail":
        return _("the whole mail as received")
    return _("the attachment {name}").format(name=shown_name(what))





def report_mail_text(report: str, corrected_on: str | None, state: GameState, company: str,
                     picture: bool | None = None) -> str:
    """A report mail: the deadline of the turn to come (in its first lines), the banner of a corrected report, the
    company's report (its private part first, then the turn in short: the standings, the new track, the deadline
    and the next turn), then what is attached (``picture``: the map as a picture too; ``None``: nothing attached).

    Everything in the company's language: its report as made in it, the banner and the last lines.
    """
    parts = []
    with language(state.language_of(company)):
        due = due_line(state)
        if due:  # the deadline first: a reader sees it without scrolling (the report's own header is far below)
            parts.append(wrap(due) + "\n\n")
        if corrected_on is not None:
            parts.append(corrected_banner(corrected_on, state))
        parts.append(report.rstrip("\n") + "\n")
        if picture is not None:
            parts.append(attached_paragraph(picture))
    return "".join(parts)


def attached_paragraph(picture: bool) -> str:
    """The last paragraph of a report mail, in the active language: what is attached (``picture``: the map as a
    picture too) and how to get the whole map by mail."""
    attached = (_("Attached: the turn's whole public report and the whole map, as text and as a picture.")
                if picture else _("Attached: the turn's whole public report and the whole map, as text."))
    return "\n" + wrap(attached + " " + _("The whole map in the mail: mail MAP (MAP 1408 or MAP <town>: a window "
                                          "around it)."), 0) + "\n"


def corrected_banner(corrected_on: str, state: GameState) -> str:
    """The banner of a corrected report mail (after ``undo`` and a new run), in the active language: when the one
    it replaces was sent (``corrected_on``, ISO), and a rule of stars."""
    banner = _("CORRECTED REPORT: this replaces the one sent on {when}.").format(
        when=when_text(corrected_on, zone_of(state)))
    return wrap(banner) + "\n" + "*" * LINE_WIDTH + "\n"


def map_attachment_name(turn: int) -> str:
    return f"map-turn-{turn:03d}.txt"


def picture_attachment_name(turn: int) -> str:
    return f"map-turn-{turn:03d}.png"


def report_attachment_name(turn: int) -> str:
    """The name of the whole public report of a turn, attached to each report mail."""
    return f"report-turn-{turn:03d}.txt"



def opening_mail_text(state: GameState, company: str, password: str, opening: str, gmap: GameMap | None = None) -> str:
    """The opening mail: the company's password in its language, first orders it could send (with ``gmap``), then
    the opening report (the game's)."""
    p = state.player(company)
    with language(state.language_of(company)):
        lines = [
            _("You play {company} ({name}) in game {game}.").format(company=company, name=p.name, game=state.game_id),
            _("Your password is: {password}").format(password=password),
            _("Every order mail has the line: PLAYER {company} PASSWORD {password}").format(company=company,
                                                                                           password=password),
            _("Keep the password secret: whoever knows it can give your company's orders."),
        ]
        example = example_text(state, gmap, company) if gmap is not None else ""
        due = due_line(state)
    head = "\n".join(_line(line, lines[2]) for line in ([due] if due else []) + lines) + (
        f"\n\n{example}" if example else "")
    return head + "\n\n" + commands_help(state, company) + "\n\n" + "=" * LINE_WIDTH + "\n" + opening


def _line(text: str, player_line: str) -> str:
    """A line of the opening or take-over mail, folded at 72 columns; the one that shows the PLAYER line to copy
    (``player_line``) only past a mail's 78, so that the PLAYER line stays whole where it fits."""
    return wrap(text, 4, MAIL_WIDTH if text == player_line else LINE_WIDTH)



def takeover_text(state: GameState, company: str, password: str, public: str) -> str:
    """The stand-by's first mail: the company, its new password, where it stands, the last public report."""
    p = state.player(company)
    with language(state.language_of(company)):
        lines = [
            _("You take over {company} ({name}) in game {game}, from turn {turn} on.").format(
                company=company, name=p.name, game=state.game_id, turn=state.turn),
            _("Your password is: {password}").format(password=password),
            _("Every order mail has the line: PLAYER {company} PASSWORD {password}").format(company=company,
                                                                                           password=password),
            _("{company} has {balance} on its account and {segments} segments of track.").format(
                company=company, balance=p.balance, segments=sum(1 for s in state.track if s.owner == company)),
            goal_line(state),
        ]
        lines.insert(0, due_line(state))
    head = "\n".join(_line(line, lines[3]) for line in lines if line)
    tail = "\n\n" + "=" * LINE_WIDTH + "\n" + public if public else ""
    return head + "\n\n" + commands_help(state, company) + tail



def deadline_news_text(state: GameState, company: str, changes: Sequence[Correction]) -> str:
    """The GM changed the deadlines: what changed (as the next report will print it) and the deadline now."""
    with language(state.language_of(company)):
        lines = [due_line(state) or _("The game has no deadline now."), ""]
        lines += [_("The GM changed the deadlines of game {game}:").format(game=state.game_id)]
        lines += ["  " + correction_text(c, state.schedule) for c in changes]
    return "\n".join(wrap(line, 4) for line in lines) + "\n"



def reminder_text(state: GameState, company: str, sender: str) -> str:
    """The reminder: the deadline, no valid orders yet, where to send them; and what the caretaker will do (issue 35):
    it plays the company now (orders that count give it back), or will from the next turn when this one is missed
    too."""
    p = state.player(company)
    with language(state.language_of(company)):
        lines = [
            due_line(state),
            _("Game {game} has no valid orders from {company} for turn {turn} yet.").format(
                game=state.game_id, company=company, turn=state.turn),
            _("Send them to {address}; you get a receipt at once.").format(address=sender),
            goal_line(state),
        ]
        if p.caretaker:
            lines.append(_("The caretaker ({level}) plays your company while no orders of yours count; orders of "
                           "yours that count give it back to you from this turn on.").format(level=p.caretaker))
        elif state.caretaker_after is not None and p.missed + 1 >= state.caretaker_after:
            lines.append(words.caretaker_ahead(state.caretaker_level, p.missed + 1).rstrip("\n").replace("\n", " "))
    return "\n".join(wrap(line) for line in lines if line) + "\n"



def statements_text(state: GameState, statements: Sequence[tuple[str, str]], company: str) -> str:
    """Every company's statement, as mailed to ``company`` (the frame in its language, the statements as
    written)."""
    with language(state.language_of(company)):
        out = [_("End-of-game statements, game {game}").format(game=state.game_id), "=" * LINE_WIDTH]
        for who, text in statements:
            p = state.player(who)
            out += ["", f"{who} ({p.name})", "-" * min(LINE_WIDTH, len(who) + len(p.name) + 3)]
            out += [wrap(shown(line), 0) if line.strip() else "" for line in text.strip("\n").split("\n")]
        if not statements:
            out += ["", _("No company sent a statement.")]
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------
# the GM's notes of a tick, and status
# ---------------------------------------------------------------------------

def status_text(state: GameState, rows: Sequence[tuple[str, str, str]], missing: Sequence[str],
                waiting: int, unanswered: int = 0, partial: Sequence[str] = ()) -> str:
    """``adjudicate status``: per company the last mail for this turn and whether it counts; the last lines agree
    with the rows (``partial``: the companies whose orders count but not in full)."""
    out = [_("Game {game}, turn {turn} ({phase})").format(game=state.game_id, turn=state.turn, phase=state.phase)]
    due = due_line(state)
    if due:
        out.append(wrap(due))
    out.append(goal_line(state))
    out.append("")
    for company, arrived, verdict in rows:
        when = arrival_text(arrived) if arrived else _("no mail")
        out.append(wrap(f"  {company:<8} {when:<13} {verdict}".rstrip(), 25, MAIL_WIDTH))  # a table's row: 78
    out.append("")
    if state.phase == "over":  # nobody sends orders any more: neither missing nor all in
        out.append(_("The game is over."))
    elif missing:
        out.append(_("missing: {companies}").format(companies=", ".join(missing)))
    elif partial:
        out.append(wrap(_("every company has sent orders that count; {count} of them not in full").format(
            count=len(partial)) + f" ({', '.join(partial)})"))
    else:
        out.append(_("every company has sent valid orders"))
    if waiting:
        out.append(ngettext("{count} mail waits in the outbox", "{count} mails wait in the outbox",
                            waiting).format(count=waiting))
    if unanswered:
        out.append(ngettext("{count} mail stored but not answered yet (the next tick answers it)",
                            "{count} mails stored but not answered yet (the next tick answers them)",
                            unanswered).format(count=unanswered))
    return "\n".join(out) + "\n"


VERDICTS = {
    "valid": N_("valid: every order would be carried out"),
    "problems": "",  # verdict_text: a plural
    "partial": N_("counts, but not every order would be carried out (see the receipt)"),
    "refused": N_("does not count (wrong password or another turn; see the receipt)"),
    "late-unused": N_("late: not used (strict deadline)"),
    "late": N_("late, used (the turn has not run)"),
}


def verdict_text(code: str, **data: str | int) -> str:
    if code == "problems":
        return ngettext("counts, but not in full: {count} problem (see the receipt)",
                        "counts, but not in full: {count} problems (see the receipt)",
                        int(data["count"])).format(**data)
    return _(VERDICTS[code]).format(**data)


def full_map_text(state: GameState, gmap: GameMap, turn: int, lang: str | None = None) -> str:
    """The whole map at full width with every company's track (the report mail's attachment; its legend in
    ``lang``)."""
    with language(lang):
        return whole_map(gmap, state, turn, split=False)
