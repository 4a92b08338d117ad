"""The GM's notes of a tick, for every game: one English line each (``adjudicate tick`` prints them), and what a
mail's own notes (a part too big, no text) say, in the reader's language."""

from __future__ import annotations

from adjudicator.kernel.i18n import N_
from adjudicator.kernel.notes import PostalNote
from adjudicator.kernel.shown import shown
from adjudicator.kernel.words import CATALOGUE

MAIL_NOTES = {
    "too-big": N_("the mail was not read: it is too big"),
    "html-body": N_("your mail had no plain text: its HTML was read as text"),
    "not-text": N_("the attachment {name} is not text: not read"),
    "part-too-big": N_("the attachment {name} is too big ({size} bytes): not read"),
    "bad-charset": N_("{name} names an unknown character set: read as Windows-1252"),
    "no-text": N_("no text was found in your mail"),
    "too-many-parts": N_("the mail has too many parts for a mail of orders: only its headers were read"),
    "header-too-big": N_("the mail's headers are too long: only their start was read"),
    "unreadable": N_("the mail's structure cannot be read: only its headers were read"),
}
"""What the mail parser noted about a mail (``postal/mailparse.py``), in the reader's language."""

GM_NOTES = {
    "stored": "mail {seq} stored: from {sender}, subject '{subject}'",
    "duplicate": "mail from {sender} is mail {seq} again (the same mail, come twice): not stored twice",
    "sender-mismatch": "mail {seq}: a section for {company} from {sender}, not from the address on file "
                       "({on_file}); the password was right, so it counts",
    "refused": "mail {seq}: {count} section(s) did not count ({companies})",
    "too-many-sections": "mail {seq} from {sender} holds {count} PLAYER sections: not read",
    "guesses": "mail {seq} from {sender}: more than {most} wrong passwords from this address this turn: not read",
    "notices-spent": "{most} strangers have had their notice this turn: further strangers get none (the digest lists "
                     "their mails)",
    "over-budget": "{sender} has had {most} replies this turn: its further mails are read, not answered",
    "replaced": "mail {seq}: {company}'s orders replace those of mail {old}",
    "late": "mail {seq}: {company}'s orders arrived after the deadline; {what}",
    "no-orders": "mail {seq} from {sender}: no orders in it",
    "queued": "{count} mails queued in {where}",
    "sent": "{count} mails sent",
    "send-failed": "sending failed ({error}); {count} mails stay queued for the next try",
    "no-smtp": "mail cannot be sent: mail.toml has no [smtp] section; {count} mails wait in {where} (add "
               "[smtp], see docs/gm.md, and try it with adjudicate mail check)",
    "ran": "{unit} {move} adjudicated ({why})",
    "moved": "move {move} made by {seat}",
    "missed": "{unit} {move}: {seat} missed the deadline",
    "bot-moved": "move {move} made by the bot of {seat} ({level}): {orders}",
    "bot-refused": "move {move}: the game refused the orders of the bot of {seat} ({level}: {orders}); the move "
                   "is missed",
    "caretaker-moved": "move {move} made by the caretaker of {seat} ({level}): {orders}",
    "bot-orders": "{unit} {move}: the bot of {seat} ({level}) gave its orders: {orders}",
    "caretaker-orders": "{unit} {move}: the caretaker of {seat} ({level}) gave its orders: {orders}",
    "bot-orders-refused": "{unit} {move}: the game refused the orders of the bot of {seat} ({level}: {orders}); the "
                          "seat has no orders yet",
    "gm-wanting": "{unit} {move}: its deadline has passed, but the {unit} waits for the GM's section (PLAYER GM "
                  "PASSWORD ...): {wanting}",
    "caretaker-on": "{seat} has missed {count} {unit} in a row: the caretaker ({level}) plays it from now on",
    "caretaker-off": "mail {seq}: {seat}'s player is back; the caretaker no longer plays the seat",
    "ahead-kept": "mail {seq}: {seat} sent moves ahead (its next {count}; kept, secret)",
    "ahead-moved": "move {move} made by {seat} from its moves sent ahead (alternative {alternative}): {orders}",
    "ahead-dropped": "move {move}: none of the moves {seat} sent ahead can be played; they are dropped and {seat} "
                     "plays by mail",
    "reminded": "reminders for {unit} {move} queued for {companies}",
    "statements": "end-of-game statements queued for every company",
    "no-address": "{what} for {company} cannot be sent: no mail address on file",
    "statement": "mail {seq}: end-of-game statement of {company}",
    "gm-section": "mail {seq}: a GM section, accepted for {unit} {move}",
    "busy": "another adjudicate is working on this game; skipped",
    "headers-only": "mail {seq}: {why}; it is kept as it came (mail.eml in its inbox folder)",
    "automatic": "mail {seq} from {sender} is an auto-reply, a list's mail or a bounce: not answered",
    "set-aside": "the mail {name} was refused for good ({answer}): set aside in {where}; correct the address "
                 "(adjudicate player address) and send it again with adjudicate mail send --retry",
    "deferred": "the mail {name} was refused for now ({answer}): it stays queued for the next tick",
    "partly-refused": "the mail {name} was sent, but some of its recipients were refused: {answer}",
    "retried": "{count} mails set aside are queued again",
    "commands": "mail {seq} from {sender}: commands ({what})",
    "to-gm": "mail {seq} from {sender} held neither orders nor a command: listed in the digest to the GM's address",
    "prose-to-gm": "mail {seq} from {sender}: its lines that are no orders ask something: listed in the digest to "
                   "the GM's address",
    "address-asked": "mail {seq}: {company} asked for a new mail address; a confirmation went there",
    "address-set": "mail {seq}: {company}'s new mail address is confirmed and on file",
    "password-reset": "mail {seq}: a new password for {company}, mailed to its address on file; the old one works "
                      "until the new one is used",
    "password-asked-again": "mail {seq}: a new password for {company} was asked again this period; not sent again "
                            "(one a seat a period)",
    "password-set": "mail {seq}: {company} used its new password: from now on only the new one counts",
}
"""Every note a tick may make, as the GM reads it (English: the GM's language)."""

RAN_WHY = {"due": "the deadline has passed", "gm": "the GM ran it", "all-in": "every seat's orders are in"}
"""Why a period of simultaneous orders was resolved (the ``ran`` note's ``why``)."""


def mail_note(code: str, name: str = "", size: int | str = "") -> str:
    """A mail's own note in the active language (``name``: a sender's file name, shown safely by the caller)."""
    return CATALOGUE.gettext(MAIL_NOTES[code]).format(name=name, size=size)


def gm_note(note: PostalNote) -> str:
    """The GM's line for a note; whatever a sender wrote (subject, address, file names) shown safely."""
    data = {k: shown(v) if isinstance(v, str) else v for k, v in note.data}
    if note.kind == "headers-only":
        data["why"] = MAIL_NOTES[str(data["why"])].format(name="", size="")
    elif note.kind == "ran":
        data["why"] = RAN_WHY[str(data["why"])]
    return GM_NOTES[note.kind].format(**data)
