"""The mails a game of moves owes (``postal/turns.py``): each player's opening, his one report mail a tick of
every step since his last (issue 35, InterUrban's reading IU-31), a section's receipt, the reminders to the seats
that have not sent their orders yet.  Every game of moves, sequential or simultaneous, has these.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from adjudicator.kernel import words
from adjudicator.kernel.i18n import language
from adjudicator.kernel.play import (
    Attachments,
    BotReceipts,
    CorrectedReports,
    Digests,
    MailNotes,
    Play,
    StandingOrders,
    TakenBack,
    Told,
    bots_of,
    mail_subject,
    period_word,
    picture_name,
    statements_of,
)
from adjudicator.kernel.table import Seat, Table
from adjudicator.postal import ahead
from adjudicator.postal.compose import Outgoing
from adjudicator.postal.inbox import StoredMail
from adjudicator.postal.moves import Loaded, MovesDir
from adjudicator.postal.outbox import Outbox
from adjudicator.postal.picture import svg_to_png
from adjudicator.postal.sealed import read_exact
from adjudicator.postal.statements import found, until
from adjudicator.postal.tick import Tick


def opening_mails(folder: MovesDir, play: Play, game: Loaded, outbox: Outbox, sender: str, now: datetime) -> None:
    """Each player's opening mail, once, with his own password (from the GM's passwords file)."""
    secrets: dict[str, str] | None = None
    pictures: tuple[tuple[str, bytes], ...] | None = None  # the layout at the start, drawn once
    for seat in game.table.seats:
        name = f"opening-{seat.id}"
        if outbox.known(name) or not seat.address:
            continue
        secrets = secrets if secrets is not None else folder.read_passwords()
        with language(seat.lang):
            text = play.words.opening(game.table, game.state, seat.id, secrets.get(seat.id))
            subject = mail_subject(play, game.table, "opening", 0, seat.id)
        pictures = _picture(play, game.state, picture_name(play, 0), pictures)
        outbox.queue(Outgoing(name, (seat.address,), subject, text, pictures, kind="opening", player=seat.id),
                     sender, now)


def _to_seat(play: Play, game: Loaded, sid: str, outbox: Outbox, sender: str, now: datetime, name: str,
             code: str) -> bool:
    """Queue once a period the mail ``code`` (a receipt code of the play's words, given the ``seat`` and the
    ``sender``: the game's address, where orders go) to the seat ``sid``, which must act, as a reminder; whether it
    was queued now (not when the seat has no address, or it was queued before)."""
    seat = game.table.seat(sid)
    name = f"{name}-{game.table.moves + 1:03d}-{seat.id}"
    if not seat.address or outbox.known(name):
        return False
    with language(seat.lang):
        text = play.words.receipt(game.table.public(), game.state, code, {"seat": seat.id, "sender": sender})
        missed = game.table.missed_by(seat.id) + 1
        if code == "reminder" and not seat.played_by and 0 < game.table.caretaker_after <= missed:  # IU-18 ahead
            text = text.rstrip("\n") + "\n\n" + words.caretaker_ahead(game.table.caretaker_level, missed, moves=True)
        subject = mail_subject(play, game.table, "reminder", game.table.moves + 1, seat.id)
    outbox.queue(Outgoing(name, (seat.address,), subject, text, kind="reminder", turn=game.table.moves + 1,
                          player=seat.id), sender, now)
    return True


MAX_TOLD = 30
"""The most moves (and lists dropped) one report mail tells; any older not told yet are in the archive (REPORT n)."""


def report_mails(folder: MovesDir, play: Play, game: Loaded, outbox: Outbox, sender: str, now: datetime) -> set[str]:
    """Queue to every player the one mail of what happened since the last one he got (issue 35, reading IU-31):
    each move made or missed since, and his own moves sent ahead played or dropped (IU-30), in one text, where it
    is owed (after a killed tick too: the archive says what happened, the outbox what was told), with the files
    the words attach (``kernel/play.py: Attachments``) and the play's picture.  The seats it was queued to."""
    steps = folder.steps()
    records: dict[int, dict[str, Any]] = {}

    def record(i: int) -> dict[str, Any]:
        if i not in records:
            records[i] = folder.record(steps[i])
        return records[i]

    pictures: tuple[tuple[str, bytes], ...] | None = None  # the layout now, drawn once
    archived: dict[Path, _Step] = {}  # each step told, read once for every reader
    queued: set[str] = set()
    for seat in game.table.seats:
        owed = _owed(outbox, len(steps), record, seat.id) if seat.address else []
        if not owed:
            continue
        told = [_told(folder, play, steps[i], record(i), seat.id, archived) for i in owed]
        moves = [record(i) for i in owed if record(i).get("kind") != "ahead"]
        last = int(moves[-1]["move"]) if moves else int(record(owed[-1])["move"])
        name = f"move-{last:03d}-{seat.id}" if moves else f"ahead-dropped-{last:03d}-{seat.id}"
        replaced: str | None = None  # when the mail this one replaces was sent (its move undone and made again)
        if moves and (known := outbox.versions(name)):  # told before: a new version, as the old format sent it
            docs = [outbox.record(n) or {} for n in known]
            if docs[-1].get("where") == "outbox":  # never sent: the new mail takes its place (and its name)
                outbox.drop(known[-1])
                name, docs = known[-1], docs[:-1]
            else:
                name = f"{name}-v{len(known) + 1}"
            sent = [d for d in docs if d.get("where") == "sent" and d.get("sent")]
            replaced = str(sent[-1]["sent"]) if sent else None
        with language(seat.lang):
            if isinstance(play.words, Digests):
                text = play.words.digest(game.table, game.state, seat.id, told)
            else:  # a play without a digest of its own: its moves' mails, joined
                text = "\n".join(t.text for t in told if not t.dropped)
            attached: tuple[tuple[str, str | bytes], ...] = ()
            if moves:  # the picture first: the words' body may say it is attached
                pictures = _picture(play, game.state, picture_name(play, last), pictures)
            if moves and isinstance(play.words, Attachments):  # the words' files, e.g. the whole report as text
                text, attached = play.words.attachments(game.table, game.state, last, seat.id, text, bool(pictures))
            if replaced is not None and isinstance(play.words, CorrectedReports):
                text = play.words.corrected(game.table, game.state, seat.id, text, replaced)
            kind = ("report" if len(moves) == 1 else "reports") if moves else "reminder"
            subject = mail_subject(play, game.table, kind, last, seat.id,
                                         int(moves[0]["move"]) if moves else last)
        shown: tuple[tuple[str, str | bytes], ...] = ()
        if moves:
            shown = (*attached, *(pictures or ()))
        through = {"through": int(steps[owed[-1]].name.removeprefix("step-")),
                   "moves": [int(moves[0]["move"]), last] if moves else [],
                   **({"told_sha256": _fingerprint(moves[-1], seat.id)} if moves else {})}
        if outbox.queue(Outgoing(name, (seat.address,), subject, text, shown,
                                 kind="report" if moves else "reminder", turn=last, player=seat.id, extra=through),
                        sender, now):
            queued.add(seat.id)
    return queued


def bot_receipts(folder: MovesDir, play: Play, game: Loaded, outbox: Outbox, gm: str, sender: str,
                 now: datetime) -> None:
    """A receipt of each bot's orders to the GM (``gm``, ``mail.toml``'s; none without), never to a player, once
    (``bot-NNN-SEAT``): the orders a bot seat's bot or the caretaker wrote for a period of simultaneous turns
    (``postal/periods.py: bots_in``: a step of kind ``orders`` naming the bot), as archived, and the play's reading
    of them against the game they were written for, so he reads what his bots do before the period is resolved, as
    Dampfross's own stack mailed it (``kernel/play.py: BotReceipts``: the words' own receipt).  The archive is read
    back to the last receipt queued (a killed tick's are owed still), at most ``MAX_TOLD`` periods back."""
    if not gm or bots_of(play) is None or not (game.table.caretaker_after or any(s.bot for s in game.table.seats)):
        return
    owed: list[tuple[Path, dict[str, Any], str]] = []
    periods = 0
    for step in reversed(folder.steps()):
        record = folder.record(step)
        kind = record.get("kind")
        periods += kind in ("move", "missed")
        if kind == "opening" or periods > MAX_TOLD:
            break
        if kind != "orders" or not record.get("bot"):
            continue
        name = f"bot-{int(record['move']):03d}-{record['seat']}"
        if outbox.known(name):
            break
        owed.append((step, record, name))
    for step, record, name in reversed(owed):
        before = json.loads(read_exact(step / "game-before.json"))
        table, state = Table.from_json(before["table"], str(step)), play.load(before["state"])
        seat, level, cared = str(record["seat"]), str(record["bot"]), bool(record.get("caretaker"))
        lines = tuple(read_exact(step / "orders.txt").splitlines())
        made, _problems = play.read(state, seat, list(enumerate(lines, 1)))
        preview = play.preview(state, seat, made) if made is not None else None
        if isinstance(play.words, BotReceipts):
            subject, text = play.words.bot_receipt(table, state, seat, level, cared, lines, preview)
        else:  # the session's own lines, in English as its other lines to the GM (``postal/gmsection.py``)
            subject, text = _bot_receipt(play, table, state, seat, level, cared, lines, preview)
        outbox.queue(Outgoing(name, (gm,), subject, text, kind="bot-receipt", turn=int(record["move"]), player=seat),
                     sender, now)


def _bot_receipt(play: Play, table: Table, state: Any, seat: str, level: str, caretaker: bool,
                 lines: Sequence[str], preview: Any) -> tuple[str, str]:
    """The GM's receipt of a bot's orders for a play whose words have none of their own (``bot_receipts``)."""
    number = table.moves + 1
    who = f"the caretaker ({level}) of {seat}" if caretaker else f"the bot ({level}) of {seat}"
    subject = f"{play.title} {table.game}: move {number}, {who.split(' (')[0]}'s orders for {seat}"
    head = words.fold(f"{who[0].upper()}{who[1:]} gave its orders for move {number}:")
    if preview is None:
        read = "The game does not read them: the seat has no orders yet."
    else:
        read = play.words.receipt(table.public(), state, "checked", {"seat": seat, "preview": preview,
                                                                      "checked_at": number}).rstrip()
    orders = "\n".join(f"  {line}" for line in lines)
    return subject, f"{head}\n\n{orders}\n\nAs the game read them:\n\n{read}\n"


def _owed(outbox: Outbox, count: int, record: Callable[[int], dict[str, Any]], sid: str) -> list[int]:
    """The steps (their places in the archive, oldest first) a report mail to ``sid`` owes: the moves made or
    missed after the last one a mail to it told, and the drops of its own moves sent ahead (at most ``MAX_TOLD``,
    the latest); the opening mail tells what came before the first move."""
    owed: list[int] = []
    for i in range(count - 1, 0, -1):
        done = record(i)
        kind = done.get("kind")
        if kind == "opening":
            break
        if kind in ("move", "missed"):
            name = f"move-{int(done['move']):03d}-{sid}"
            name = (outbox.versions(name) or [name])[-1]  # the latest version (a move undone and made again)
        elif kind == "ahead" and done.get("why") == "none-legal" and done.get("seat") == sid:
            name = f"ahead-dropped-{int(done['move']):03d}-{sid}"
        else:
            continue
        mailed = outbox.record(name)
        if mailed is not None and _mailed_it(mailed, i, done, sid):  # told, through the step it names (before issue
            # 35: through this one)
            through = mailed.get("through")
            return [j for j in reversed(owed) if not isinstance(through, int) or j > through]
        owed.append(i)
        if len(owed) == MAX_TOLD:
            break
    return list(reversed(owed))


def _fingerprint(record: Mapping[str, Any], sid: str) -> str:
    """What a move's step told ``sid``: the SHA-256 of his mail of it, as the step sealed it (``""``: none)."""
    files = record.get("files")
    return str(files.get(f"mail-{sid}.txt", "")) if isinstance(files, dict) else ""


def _mailed_it(mailed: Mapping[str, Any], i: int, record: Mapping[str, Any], sid: str) -> bool:
    """Whether the report mail ``mailed`` (named after the move of step ``i``) told that step, not a step of the
    same move undone since: the mail it told is this step's (the same text is not sent again, as the old format
    did not); a mail that names none told it unless it was queued before this step (``through``)."""
    told = mailed.get("told_sha256")
    if isinstance(told, str) and told:
        return told == _fingerprint(record, sid)
    through = mailed.get("through")
    return not isinstance(through, int) or through >= i


class _Step:
    """A step of the archive as report mails tell it, read once for all its readers (``report_mails``): the game
    before and after it, the table after it, and its players' mails (read when first asked for)."""

    def __init__(self, folder: MovesDir, play: Play, step: Path):
        self.folder, self.step = folder, step
        self.before = json.loads(read_exact(step / "game-before.json"))
        after = json.loads(read_exact(step / "game-after.json"))
        self.table = Table.from_json(after["table"], str(step))
        self.old, self.new = play.load(self.before["state"]), play.load(after["state"])
        self._mails: dict[str, str] | None = None

    def mails(self) -> dict[str, str]:
        if self._mails is None:
            self._mails = self.folder.mails_of(self.step)
        return self._mails


def _told(folder: MovesDir, play: Play, step: Path, record: Mapping[str, Any], reader: str,
          archived: dict[Path, _Step]) -> Told:
    """One step as a report mail to ``reader`` tells it, from the archive: a move's mail to him as archived (sealed:
    ``GameFileError`` when it was changed since, and it is not sent), and when the move came from his own moves
    sent ahead, or the step dropped them, the alternatives that could not be played and the play's problems with
    each (reading IU-30).  ``archived``: the steps read already for other readers."""
    if step not in archived:
        archived[step] = _Step(folder, play, step)
    read = archived[step]
    table, old, new = read.table, read.old, read.new
    seat = str(record.get("seat"))
    sent = Table.from_json(read.before["table"], str(step)).sent_ahead(seat) if seat == reader else None
    if record.get("kind") == "ahead":
        tried = ahead.tried(play, old, seat, sent.moves[0])[1] if sent is not None else ()
        return Told(table, old, old, seat, tried=tried, dropped=True)
    text = read.mails().get(reader, "")
    alternative = record.get("ahead") if sent is not None else None
    if not alternative:
        return Told(table, old, new, seat, text, record.get("kind") == "missed")
    found, tried = ahead.tried(play, old, seat, sent.moves[0]) if sent is not None else (None, ())
    return Told(table, old, new, seat, text, False, int(alternative), found[2] if found else (), tried)


def _picture(play: Play, state: Any, filename: str,
             made: tuple[tuple[str, bytes], ...] | None) -> tuple[tuple[str, bytes], ...]:
    """The play's picture of ``state`` as a PNG to show in a mail (``made``: drawn already for another player);
    none when the play draws none, or where the package was installed without resvg-py and Pillow."""
    if made is not None:
        return made
    svg = play.picture(state)
    if svg is None:
        return ()
    try:
        return ((filename, svg_to_png(svg)),)
    except ImportError:
        return ()


def section_receipt(play: Play, game: Loaded, mail: StoredMail, seat: Seat | None, code: str,
             data: Mapping[str, Any], quoted: Sequence[tuple[int, str, str]] = ()) -> Outgoing:
    """A section's receipt: to the sender, and to the seat's address on file when the password was right (in the
    seat's language; without a seat, in the sender's when his address is on file, else the game's); ``quoted``:
    what of the mail was not read (line, attachment, why: the mail a reply quotes, or orders below the
    signature), a line each."""
    reader = seat or next((s for s in game.table.seats if s.address and s.address.lower() == mail.sender.lower()),
                          None)
    notes = [(str(n["code"]), str(n.get("name", "")), int(n.get("size", 0))) for n in mail.meta.get("notes", ())]
    with language(reader.lang if reader is not None else game.table.lang):
        if code == "too-many-sections":  # a flood from a seat's address: the platform's sentence, in every game
            text = words.too_many_sections(int(data["count"]), int(data["most"]))
        elif code == "statement" and statements_of(play) is None:  # an end-of-game statement: the platform's words
            text = words.statement_received(str(data["statement"]), datetime.fromisoformat(str(data["until"])),
                                            game.table.schedule.zone)
        else:
            text = play.words.receipt(game.table.public(), game.state, code, {
                **data, "mail_arrived": mail.arrived.isoformat(), "mail_subject": str(mail.meta.get("subject", "")),
                # what the mail's reading noted (a part not read, HTML read as text) and what was stored of it
                "mail_notes": tuple(notes),
                "mail_hashes": (("\0mail", str(mail.meta.get("sha256", ""))),
                                *((t.name, t.sha256) for t in mail.texts))})
        if code == "no-section":  # the mail went to the GM (``answer``): its sender is told so, in every game
            text = text.rstrip("\n") + "\n\n" + words.to_gm()
        owner = seat.id if seat is not None else str(data["still"][0]) if code == "password" and data.get("still") \
            else ""  # a wrong password's reply to a seat's own address shows its list too: a refused mail leaves it
        kept = game.table.sent_ahead(owner) if owner else None  # only his receipt shows them (IU-23)
        moves = data.get("sent", kept.moves if kept is not None else ())  # what is kept now (IU-32)
        left = data.get("kept", ())  # what the section left kept: the moves of it used since, in this tick
        used = len(left) - len(moves) if "sent" not in data and tuple(left[len(left) - len(moves):]) == moves else 0
        if used > 0:
            text = text.rstrip("\n") + "\n\n" + words.ahead_used(used)
        if moves or data.get("ahead") or "sent" in data:
            text = text.rstrip("\n") + ("\n" if used > 0 else "\n\n") + words.ahead_list(moves, checked="sent" in data)
        if data.get("late"):  # after the deadline, in a lenient game: it counts all the same (reading 62)
            text = text.rstrip("\n") + "\n\n" + words.late_counts(datetime.fromisoformat(str(data["late"])),
                                                                  str(data.get("zone", "UTC")))
        if data.get("to_gm"):  # its lines that are no orders asked something: the GM has them (reading 127)
            text = text.rstrip("\n") + "\n\n" + words.prose_to_gm()
        if notes and not isinstance(play.words, MailNotes):  # what the mail's reading noted, in every game
            text = text.rstrip("\n") + "\n\n" + words.noted(notes)
        if data.get("taken_back") and not isinstance(play.words, TakenBack):  # the caretaker played the seat until
            # this mail (IU-19), in every game whose words do not say it themselves
            text = text.rstrip("\n") + "\n\n" + words.caretaker_ended()
        if quoted:  # the mail a reply quotes, or orders below the signature, not read (issue 32, reading 138)
            text = text.rstrip("\n") + "\n\n" + "".join(words.unread(line, name, why) for line, name, why in quoted)
        move = data.get("move", game.table.moves + 1)  # the move played, or the move on hand
        subject = mail_subject(play, game.table, "receipt", int(move), seat.id if seat is not None else "")
    return Outgoing(f"receipt-{mail.key}", (mail.sender, seat.address if seat is not None else ""),
                    subject, text, kind="receipt",
                    player=seat.id if seat else None, in_reply_to=str(mail.meta.get("message_id", "")))


def remind(play: Play, game: Loaded, outbox: Outbox, sender: str, now: datetime, t: Tick,
           told: Collection[str] = ()) -> None:
    """A reminder to each seat that must act and has not sent its orders (the seat on move of a game of sequential
    moves), once a period, ``remind`` before its deadline (``new --remind``); ``told``: the seats whose report
    mail of this tick says it already (IU-31)."""
    if not game.table.schedule.reminding(now):
        return
    waiting = [sid for sid in play.to_act(game.state) if sid not in told and ((a := game.table.accepted(sid)) is None
                                                                           or (game.table.seat(sid).caretaker
                                                                               and not a.mail))]  # the caretaker's
    if isinstance(play, StandingOrders):  # a seat on its own standing orders is not reminded (Dampfross, 112)
        waiting = [sid for sid in waiting if game.table.seat(sid).caretaker or not play.on_standing(game.state, sid)]
    reminded = [sid for sid in waiting if _to_seat(play, game, sid, outbox, sender, now, "reminder", "reminder")]
    if reminded:
        t.note("reminded", unit=period_word(play), move=game.table.moves + 1, companies=", ".join(reminded))


def statement_mails(folder: MovesDir, play: Play, game: Loaded, outbox: Outbox, sender: str, now: datetime,
                    t: Tick) -> None:
    """At the statements' deadline of a game over (``postal/statements.py``): one mail ``statements-ID`` to every
    seat with an address, once, of every seat's last statement as the archive keeps it, in the reader's language
    (the play's words, ``kernel/play.py: Statements``, or the platform's).  A statement whose file was changed
    since it was archived is left out, and the GM is told."""
    due = until(game.table)
    if due is None or now < due or play.to_act(game.state):
        return
    readers = [s for s in game.table.seats if s.address and not outbox.known(f"statements-{s.id}")]
    if not readers:
        return
    said, problems = found(folder, game.table)
    t.problems += problems
    own = statements_of(play)
    names = {s.id: s.name for s in game.table.seats}
    for seat in readers:
        with language(seat.lang):
            text = own.statements(game.table.public(), game.state, said, seat.id) if own is not None else \
                words.statements(play.title, game.table.game, [(sid, names[sid], body) for sid, body in said])
            subject = mail_subject(play, game.table, "statements", game.table.moves, seat.id)
        outbox.queue(Outgoing(f"statements-{seat.id}", (seat.address,), subject, text, kind="statements",
                              player=seat.id), sender, now)
    t.note("statements")
