"""The platform's words: the mails of the front door (``postal/frontdoor.py``), the same for every game, in the
reader's language (domain ``platform``; the active language is the kernel's)."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, get_args

from adjudicator.kernel.commands import CommandCode
from adjudicator.kernel.i18n import N_, Catalogue, date_text
from adjudicator.kernel.shown import cut, shown, shown_name

if TYPE_CHECKING:  # a type only: a Dampfross turn's reports import these words, not the moves games' table
    from adjudicator.kernel.table import Moves

CATALOGUE = Catalogue("adjudicator.kernel", "platform")
"""``adjudicator/kernel/locale/<code>/LC_MESSAGES/platform.mo`` (``python -m tools.i18n`` makes it)."""
WIDTH = 72
"""Where text is folded (every line of a mail stays within 78 columns; prose within 72, issue 35)."""
MAIL_WIDTH = 78
"""No line is wider, in UTF-8 bytes (mail programs count octets)."""

YOUR_MAIL = N_("your mail")
ADDRESS = N_("mail address")
_COMMAND_WORDS = {"help": N_("HELP"), "map": N_("MAP"), "status": N_("STATUS"), "report": N_("REPORT"),
                  "rules": N_("RULES"), "set-address": N_("SET ADDRESS"), "confirm": N_("CONFIRM"),
                  "password-reset": N_("PASSWORD RESET")}
_REFUSED = {
    "password": N_("SET ADDRESS needs your PLAYER line with your password: nothing was changed."),
    "address": N_("That is not one mail address such as anna@example.org: nothing was changed."),
    "unknown": N_("There is no such player in this game: nothing was done."),
    "not-yours": N_("A password reset is made only for a mail from the player's own address on file: nothing was "
                    "done."),
    "reset-once": N_("A new password for this player was mailed to the address on file this turn already: look "
                     "for that mail. The old password works until the new one is used."),
    "guesses": N_("Too many wrong passwords came from this address this turn: nothing that needs a password is "
                  "done for it until the next turn."),
    "token": N_("This confirmation is unknown, expired, or not sent from the new address: nothing was changed."),
}

ADDRESS_BY_MAIL = N_("set by mail, confirmed from the new address")
"""The reason of a correction the front door makes: an address changed by the player's mail (``SET ADDRESS``)."""
PASSWORD_BY_MAIL = N_("reset by mail from the address on file")
"""The reason of a correction the front door makes: a password reset by the player's mail."""
_REASONS = frozenset({ADDRESS_BY_MAIL, PASSWORD_BY_MAIL,
                      N_("set by the company by mail, confirmed from the new address"),  # as earlier versions wrote
                      N_("set by the player by mail, confirmed from the new address")})


def _(message: str) -> str:
    return CATALOGUE.gettext(message)


def reason(why: str) -> str:
    """A correction's reason in the active language: the front door's own reasons are translated, the GM's words
    (``--why``) stand as written."""
    return _(why) if why in _REASONS else why


def fold(text: str, most: int = WIDTH) -> str:
    """``text`` folded at spaces into lines of at most ``most`` characters (``WIDTH``), and narrower where letters of
    two bytes (Czech ``ř``, German ``ü``) would make a line wider than ``MAIL_WIDTH`` bytes less what ``WIDTH``
    leaves beside it."""
    for width in range(most, most // 2, -1):
        lines = textwrap.wrap(text, width, break_long_words=True, break_on_hyphens=False)
        if all(len(line.encode("utf-8")) <= MAIL_WIDTH - (WIDTH - most) for line in lines):
            break
    return "\n".join(lines) or ""


def subject(title: str, game: str, what: str) -> str:
    return _("{title} {game}: {what}").format(title=title, game=game, what=_(what))


_MOVE_SUBJECTS = {"opening": N_("the game begins; your password ({seat})"), "receipt": N_("receipt, move {move}"),
                  "report": N_("report of move {move} for {seat}"), "reminder": N_("reminder, move {move} ({seat})"),
                  "deadline": N_("the deadline of move {move}"), "takeover": N_("you take over {seat}; your password"),
                  "reports": N_("reports of moves {first} to {move} for {seat}"),
                  "statements": N_("end-of-game statements")}


def move_subject(title: str, game: str, kind: str, move: int, seat: str, first: int | None = None) -> str:
    """The subject of a mail of a game played move by move (InterUrban): its opening, a receipt, a move's report
    (``reports``: of the moves ``first`` to ``move``, the one mail of a tick), a reminder, a changed deadline, a seat
    taken over, in the active language."""
    return _("{title} {game}: {what}").format(title=title, game=game, what=_(_MOVE_SUBJECTS[kind]).format(
        move=move, seat=seat, first=move if first is None else first))


def command_word(code: str) -> str:
    return _(_COMMAND_WORDS[code])


def notice(title: str, game: str) -> str:
    """The one notice a period to a stranger: it repeats nothing of the mail."""
    return fold(_("A mail from this address reached the game master of {title} game {game}. This address is not on "
                  "file for any player of the game, so nothing in the mail counts. If you play in this game, "
                  "please write from the address the game master has on file for you. This notice is sent at "
                  "most once a turn.").format(title=title, game=game)) + "\n"


def refused(code: str) -> str:
    return fold(_(_REFUSED[code]))


def to_gm() -> str:
    """A player's mail that held neither orders nor a command went to the game master: its receipt says so, so that
    a question does not read as thrown away (issue 25, item 4)."""
    commands = ", ".join(command_word(c) for c in get_args(CommandCode))  # every command the robot answers
    return fold(_("Your mail went to the game master, who reads it and answers in person where needed. The robot "
                  "answers only orders and the commands {commands}.").format(commands=commands)) + "\n"


def caretaker_ahead(level: str, count: int, moves: bool = False) -> str:
    """A reminder's words when missing this turn (a game of moves: this move) hands the seat to the caretaker, a bot
    of ``level``, after ``count`` missed in a row (issue 35), in every game."""
    if moves:
        text = CATALOGUE.ngettext(
            "If you do not move by the deadline, the caretaker (a bot, {level}) plays your seat from then on: that "
            "is {count} move missed in a row. Any mail of yours with your password gives it back to you.",
            "If you do not move by the deadline, the caretaker (a bot, {level}) plays your seat from then on: that "
            "is {count} moves missed in a row. Any mail of yours with your password gives it back to you.", count)
    else:
        text = CATALOGUE.ngettext(
            "If no orders of yours count by the deadline, the caretaker (a bot, {level}) plays your company from the "
            "next turn on: that is {count} turn without your orders in a row. Any orders of yours that count give it "
            "back to you.",
            "If no orders of yours count by the deadline, the caretaker (a bot, {level}) plays your company from the "
            "next turn on: that is {count} turns without your orders in a row. Any orders of yours that count give "
            "it back to you.", count)
    return fold(text.format(level=level, count=count)) + "\n"


def too_many_sections(count: int, most: int) -> str:
    """The receipt of a mail from a seat's own address holding more PLAYER sections than a mail may (a flood): none
    of it is read; the same sentence as Dampfross's receipt says, in every game of moves (issue 34)."""
    return fold(_("Your mail holds {count} PLAYER sections; a mail may hold at most {most}: nothing in it is "
                  "read.").format(count=count, most=most)) + "\n"


def prose_to_gm() -> str:
    """A receipt's words when the lines of an order mail that are no orders asked something (reading 127): they went
    to the game master, with the mail's orders read as ever."""
    return fold(_("The lines of your mail that are no orders (a question) went to the game master, who reads them "
                  "and answers in person where needed.")) + "\n"


AHEAD_WIDTH = 70
"""The most characters of a line sent ahead shown in a receipt (indented, within 80 columns)."""


def ahead_list(moves: Moves, checked: bool = False) -> str:
    """A receipt's last words: the moves its reader sent ahead (issue 27), only for him; ``checked``: as a
    section with CHECK would keep them (nothing was kept)."""
    if not moves:
        return fold(_("You have no moves sent ahead.")) + "\n"
    head = _("Your moves sent ahead read well; they would be kept so (CHECK: nothing was kept):") if checked else \
        _("Your moves sent ahead (only you and the game master see them): when your move comes, the first of its "
          "alternatives that the rules allow then is played at once. A new mail with orders replaces them all.")
    out = [fold(head)]
    for number, move in enumerate(moves):
        out.append("  " + (_("Your next move:") if number == 0 else _("The move after it:")))
        for i, alternative in enumerate(move):
            out += ["    " + _("or:")] if i else []
            out += ["      " + cut(shown(line), AHEAD_WIDTH) for line in alternative]
    return "\n".join(out) + "\n"


def ahead_used(count: int) -> str:
    """A receipt's words before the moves sent ahead kept now, when ``count`` moves the section left kept were used
    before the receipt went out, in the same tick (InterUrban's reading IU-32): played, or dropped when none of a
    move's alternatives could be."""
    return fold(CATALOGUE.ngettext(
        "Since this mail, {count} move it sent ahead was used (played, or dropped when no alternative could be): "
        "your report mail says which and why.",
        "Since this mail, {count} moves it sent ahead were used (played, or dropped when no alternative could "
        "be): your report mail says which and why.", count).format(count=count)) + "\n"


def caretaker_ended() -> str:
    """A receipt's last words when the caretaker played the seat until this mail (reading IU-19 of
    docs/interurban-rules.md): the player plays it again."""
    return fold(_("The caretaker no longer plays your seat: your mail gives it back to you, and you play it "
                  "again from now on.")) + "\n"


def noted(notes: Sequence[tuple[str, str, int]]) -> str:
    """A receipt's lines, in every game whose words do not say them, on what the mail's reading noted (its
    ``mail_notes``: code, a part's file name, a size): an HTML part read as text, a part not read."""
    from adjudicator.kernel.words.gm import mail_note

    return "".join(fold(_("Note: {note}").format(note=mail_note(code, shown_name(name), size))) + "\n"
                   for code, name, size in notes)


def unread(line: int, name: str, why: str) -> str:
    """A receipt's line, in every game, on what of the mail was not read from ``line`` on (in the mail's text, or in
    its attachment ``name``): ``quoted``, the mail a reply quotes (issue 32, ``kernel/mailtext.py``); ``signed``,
    lines below the signature that read as orders (``kernel/envelope.py: Envelope.signed``)."""
    if why == "quoted":
        return quoted_mail(line, name)
    if name:
        return fold(_("Your signature (line {line} of {name}) ends it: nothing below it was read, though a line there "
                      "looks like an order.")
                    .format(line=line, name=shown_name(name))) + "\n"
    return fold(_("Your signature (line {line}) ends your mail: nothing below it was read, though a line there looks "
                  "like an order.")
                .format(line=line)) + "\n"


def quoted_mail(line: int, name: str = "") -> str:
    """The receipt's line when the mail a reply quotes was not read from ``line`` on (``unread``)."""
    if name:
        return fold(_("The mail you answered, quoted from line {line} of {name} on, was not read.")
                    .format(line=line, name=shown_name(name))) + "\n"
    return fold(_("The mail you answered, quoted from line {line} on, was not read.").format(line=line)) + "\n"


def dropped(count: int) -> str:
    return fold(_("{count} more command lines were not read: one mail is answered for at most ten commands.")
                .format(count=count))


def confirm_address(game: str, seat: str, token: str) -> str:
    """To the new address: how to confirm the change."""
    return "\n".join([
        fold(_("The player {seat} of game {game} asked for the game's mail to go to this address.").format(
            seat=seat, game=game)),
        fold(_("To confirm, answer from this address with this line (before the next turn ends):")),
        "", f"  {command_word('confirm')} {token}", "",
        fold(_("If you did not ask for this, ignore this mail: nothing changes."))]) + "\n"


def address_asked(game: str, seat: str, new: str) -> str:
    """To the old address: a change was asked."""
    return fold(_("A change of the mail address of {seat} in game {game} to {new} was asked with your password. It "
                  "takes effect only when it is confirmed from the new address. If you did not ask for it, write "
                  "to the game master at once.").format(seat=seat, game=game, new=new)) + "\n"


def address_pending(seat: str, new: str) -> str:
    return fold(_("SET ADDRESS: a confirmation was mailed to {new}; the mail of {seat} goes there once it is "
                  "confirmed from that address. Your old address has been told.").format(seat=seat, new=new))


def address_done(game: str, seat: str, new: str) -> str:
    return fold(_("The mail of {seat} in game {game} goes to {new} from now on (confirmed from that address). If "
                  "you did not ask for this, write to the game master at once.").format(seat=seat, game=game,
                                                                                       new=new)) + "\n"


def new_password(game: str, seat: str, secret: str) -> str:
    """To the address on file only: the new password and when it starts."""
    return "\n".join([
        fold(_("A new password was asked for {seat} in game {game} from this address.").format(seat=seat, game=game)),
        "", "  " + _("New password: {password}").format(password=secret), "",
        fold(_("Your old password keeps working until you use the new one: the first mail you sign with the new "
               "password makes it yours at once, and from then on only the new one counts. Orders you already sent "
               "stand. If you did not ask for a new password, keep using your old one and tell the game master."))
    ]) + "\n"


def digest_subject(title: str, game: str, count: int) -> str:
    return f"{title} {game}: {count} mail(s) for the game master"


def _pieces(text: str, most: int) -> list[str]:
    """The lines of ``text``, each cut into pieces of at most ``most`` UTF-8 bytes (a sender's text in a script of
    three-byte letters, or a word with no space to fold at)."""
    out: list[str] = []
    for line in text.split("\n"):
        piece = ""
        for ch in line:
            if len((piece + ch).encode("utf-8", "surrogatepass")) > most:
                out.append(piece)
                piece = ""
            piece += ch
        out.append(piece)
    return out


_DIGEST_WHY = {"no-orders": "neither orders nor a command", "prose": "orders, and these lines besides"}
"""What a mail of the digest held, by the front door's code."""


def digest(mails: Sequence[tuple[int, str, str, Sequence[str]]], total: int, most_lines: int = 20,
           most_chars: int = 1500) -> str:
    """The GM's digest of a tick's mails for the GM (English, as every GM note): each with its text, at most
    ``most_lines`` lines and ``most_chars`` characters of it, every character a terminal would obey escaped
    (``kernel/shown.py``); a mail of orders with the lines that are no orders (a question)."""
    lines = [fold(f"{total} mail(s) for the game master: mails that held neither orders nor a command, and the "
                  "lines of order mails that are no orders but ask something. Each is kept in the game's inbox "
                  "(mail/inbox/NNNNN/mail.eml); none was answered but by the rules of the front door.")]
    for seq, sender, why, text in mails:
        lines += ["", f"  mail {seq}: from {cut(shown(sender), 50)} ({_DIGEST_WHY.get(why, why)}):"]
        shown_lines: list[str] = []
        chars = 0
        for i, line in enumerate(text):
            if i == most_lines or chars + len(line) > most_chars:
                shown_lines.append(f"    ... ({len(text) - i} more line(s) in the mail)")
                break
            chars += len(line)
            shown_lines += ["    | " + piece for piece in _pieces(fold(shown(line), WIDTH - 6), MAIL_WIDTH - 6)]
        lines += shown_lines or ["    (no text)"]
    if total > len(mails):
        lines += ["", f"  ... and {total - len(mails)} more"]
    return "\n".join(lines) + "\n"


def when(due: datetime, zone: str) -> str:
    """A deadline as every game's receipt from the platform writes it: ``Fri 4 Dec 2026 18:00 (UTC)``, in the game's
    zone and the active language."""
    from adjudicator.kernel.deadline import zone_info

    # TRANSLATORS: CLDR date patterns (EEE weekday, d day, MMM month, y year, HH:mm the time): deadlines
    return date_text(due.astimezone(zone_info(zone)), _("EEE d MMM y HH:mm")) + f" ({zone})"


def late_counts(due: datetime, zone: str) -> str:
    """A receipt's words, in every game of simultaneous turns that is not strict, when the orders arrived after the
    deadline of the period they count for: the period was not resolved yet, so they count (postal practice,
    Dampfross's reading 62, as Dampfross's late receipt).  True when it is sent: the tick that read the mail may
    have resolved the period with it since (IU-32)."""
    return fold(_("Your mail arrived after the deadline ({due}), but before the move was made: your orders count "
                  "for it all the same.").format(due=when(due, zone))) + "\n"


def statement_received(text: str, until: datetime, zone: str) -> str:
    """The receipt of an end-of-game statement (a section with the right password after the last move and before the
    statements' deadline), in every game: what was received, as it will be sent."""
    head = fold(_("Your end-of-game statement is received; on {due} it goes to every player with the others (a "
                  "later mail from you replaces it).").format(due=when(until, zone)))
    return head + "\n\n" + statement_lines(text) + "\n"


def statement_lines(text: str) -> str:
    """A statement as sent: each line folded within the mail's width, every character a terminal would obey
    escaped (``kernel/shown.py``), blank lines kept."""
    return "\n".join(fold(shown(line)) if line.strip() else "" for line in text.strip("\n").split("\n"))


def statements(title: str, game: str, found: Sequence[tuple[str, str, str]]) -> str:
    """The one mail of every seat's end-of-game statement (``found``: seat, player's name, statement; in seat
    order), the platform's words where a play has none of its own (``kernel/play.py: Statements``)."""
    out = [_("End-of-game statements, {title} game {game}").format(title=title, game=game), "=" * WIDTH]
    for seat, name, text in found:
        who = f"{seat} ({cut(shown(name), 40)})"
        out += ["", who, "-" * min(WIDTH, len(who)), statement_lines(text)]
    if not found:
        out += ["", fold(_("No player sent a statement."))]
    return "\n".join(out) + "\n"
