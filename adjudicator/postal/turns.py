"""The postal loop of a game of sequential moves (InterUrban): a move runs as soon as the player on move sends it.

One tick of a game, holding its lock: fetch new mail; mail the opening to
every player once; answer every new mail in the order it arrived: each
section with a right password gets a receipt (the move made, its problems
with line and column, not your move, a MOVE number of another move, the
game is over); the move of the player on move runs at once and its report
goes to every player.  A wrong password gets the same short answer whether
or not the seat exists, and never reaches the seat's owner.  When the
deadline of a move passes, the move is missed (the play's reading; for
InterUrban, IU-13: the player lays nothing and the next one is on move).
Then the outbox is sent.  As in Dampfross's loop, every step asks what is
done already, so a second tick changes and sends nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import replace
from datetime import datetime
from typing import Any

from adjudicator.kernel.deadline import Schedule, next_slot
from adjudicator.kernel.envelope import MAX_GUESSES, Section, read_commands, read_envelope
from adjudicator.kernel.i18n import language
from adjudicator.kernel.play import Play
from adjudicator.kernel.table import Seat
from adjudicator.postal.inbox import Inbox, StoredMail
from adjudicator.postal.loop import Tick, config_of, fetch, send
from adjudicator.postal.moves import Loaded, MovesDir
from adjudicator.postal.outbox import Outbox, Outgoing

TICK_WAIT = 2.0


def next_due(schedule: Schedule, ran_at: datetime, over: bool) -> Schedule:
    """The deadline of the next move: a period after the move ran (``2d``), or the next weekday and time after it
    (``fri 18:00``); none when the game is over or has no ``every``."""
    nxt = None if over else next_slot(replace(schedule, due=None), ran_at)
    return replace(schedule, due=nxt.isoformat() if nxt else None, held=False)


def tick_game(directory: str, now: datetime, t: Tick, play: Play) -> None:
    """One tick of one game of ``play``."""
    folder = MovesDir(directory)
    config = config_of(folder)
    with folder.lock(TICK_WAIT):
        folder.recover()
        fetch(folder, config, now, t)
        game = folder.load(play)
        outbox = Outbox(folder)
        opening_mails(folder, play, game, outbox, config.sender, now)
        report_mails(folder, play, game, outbox, config.sender, now)
        inbox = Inbox(folder)
        guesses = Guesses(inbox)
        for mail in inbox.unanswered():
            game = answer(folder, play, game, inbox, outbox, mail, config.sender, now, t, guesses)
        game = miss_if_due(folder, play, game, outbox, config.sender, now, t)
        remind(play, game, outbox, config.sender, now, t)
        send(folder, config, now, t)


def opening_mails(folder: MovesDir, play: Play, game: Loaded, outbox: Outbox, sender: str, now: datetime) -> None:
    """Each player's opening mail, once, with his own password (from the GM's passwords file)."""
    secrets: dict[str, str] | None = None
    for seat in game.table.seats:
        name = f"opening-{seat.id}"
        if outbox.known(name) or not seat.address:
            continue
        secrets = secrets if secrets is not None else folder.read_passwords()
        with language(seat.lang):
            text = play.words.opening(game.table, game.state, seat.id, secrets.get(seat.id))
        subject = f"{game.table.game}: {play.name} - opening"
        outbox.queue(Outgoing(name, (seat.address,), subject, text, kind="opening", player=seat.id), sender, now)


def _sections(mail: StoredMail) -> Iterator[Section]:
    for text in mail.texts:
        yield from read_envelope(mail.read_text(text)).sections


class Guesses:
    """Wrong passwords by sender and move, counted once a tick from the answered mails and kept up to date while
    the tick answers more (a flood of mails costs one pass over the inbox, not one per mail)."""

    def __init__(self, inbox: Inbox):
        self.counts: Counter[tuple[str, int]] = Counter()
        for m in inbox.mails():
            doc = m.receipt()
            if doc and isinstance(doc.get("sender"), str) and isinstance(doc.get("move"), int):
                self.add(doc["sender"], doc["move"], doc.get("codes", ()))

    def add(self, sender: str, move: int, codes: Iterable[object]) -> None:
        self.counts[sender, move] += sum(1 for code in codes if code == "password")

    def of(self, sender: str, move: int) -> int:
        return self.counts[sender, move]


def answer(folder: MovesDir, play: Play, game: Loaded, inbox: Inbox, outbox: Outbox, mail: StoredMail,
           sender: str, now: datetime, t: Tick, guesses: Guesses) -> Loaded:
    """Answer one mail: a receipt per section, the move of the player on move run at once."""
    if mail.automatic:
        inbox.answered(mail, {"codes": ["automatic"]})
        t.note("automatic", seq=mail.seq, sender=mail.sender or "?")
        return game
    codes: list[str] = []
    sections = list(_sections(mail))
    known = next((s for s in game.table.seats if s.address and s.address.lower() == mail.sender.lower()), None)
    if mail.sender and guesses.of(mail.sender, game.table.moves) >= MAX_GUESSES and \
            any(known is None or s.seat != known.id for s in sections):
        inbox.answered(mail, {"move": game.table.moves, "sender": mail.sender, "codes": ["guesses"]})
        t.note("guesses", seq=mail.seq, sender=mail.sender, most=MAX_GUESSES)
        return game
    if not sections:
        commands = [c for text in mail.texts for c in read_commands(mail.read_text(text))]
        if known is not None and commands:
            _commands(folder, outbox, play, game, mail, known, commands, sender, now)
            codes.append("commands")
        elif known is not None:
            _receipt(outbox, play, game, mail, known, None, "no-section", {}, sender, now)
            codes.append("no-section")
    for number, section in enumerate(sections, 1):
        seat = game.table.find(section.seat)
        if seat is None or not game.table.password_ok(section.seat, section.password):
            _receipt(outbox, play, game, mail, None, number, "password", {"seat": section.seat}, sender, now)
            codes.append("password")
            t.note("refused", seq=mail.seq, count=1, companies=section.seat[:12])
            continue
        game, code, data = _orders(folder, play, game, outbox, mail, seat, section, sender, now, t)
        _receipt(outbox, play, game, mail, seat, number, code, data, sender, now)
        codes.append(code)
    inbox.answered(mail, {"move": game.table.moves, "sender": mail.sender, "codes": codes})
    guesses.add(mail.sender, game.table.moves, codes)
    return game


def _orders(folder: MovesDir, play: Play, game: Loaded, outbox: Outbox, mail: StoredMail, seat: Seat,
            section: Section, sender: str, now: datetime, t: Tick) -> tuple[Loaded, str, dict[str, Any]]:
    """What a section with the right password does."""
    on_move = play.on_move(game.state)
    if on_move is None:
        return game, "over", {}
    if section.check:
        made, problems = play.read(game.state, seat.id, section.body) if seat.id == on_move else (None, ())
        if made is None and problems:
            return game, "refused", {"problems": problems, "check": True}
        return game, "checked", {"seat": seat.id, "preview": play.preview(game.state, seat.id, made or ())}
    if _made_from(folder, mail, seat.id):
        return game, "moved", {"move": game.table.moves}
    if section.move is not None and section.move != game.table.moves + 1:
        return game, "stale", {"given": section.move, "move": game.table.moves + 1}
    if seat.id != on_move:
        return game, "not-on-move", {"on_move": on_move}
    made, problems = play.read(game.state, seat.id, section.body)
    if made is None:
        return game, "refused", {"problems": problems}
    draw = play.draw(folder.read_seed())
    state, events = play.move(game.state, seat.id, made, draw)
    record = {"kind": "move", "move": game.table.moves + 1, "seat": seat.id, "mail": mail.key,
              "arrived": mail.arrived.isoformat()}
    orders = "".join(f"{line}\n" for _, line in section.body)
    after = commit(folder, play, game, seat.id, state, events, False, record, orders, outbox, sender, now)
    t.note("moved", move=after.table.moves, seat=seat.id)
    return after, "moved", {"move": after.table.moves}


def _made_from(folder: MovesDir, mail: StoredMail, seat: str) -> bool:
    """Whether the last move was made from this mail's section for ``seat`` (a tick was killed after the move and
    before the mail was marked answered: it is answered now, not played again)."""
    made = folder.moves(last=True)
    return bool(made) and made[-1][1].get("mail") == mail.key and made[-1][1].get("seat") == seat


def commit(folder: MovesDir, play: Play, game: Loaded, seat: str, state: Any, events: Any, missed: bool,
           record: Mapping[str, Any], orders: str, outbox: Outbox, sender: str, now: datetime) -> Loaded:
    """Archive a move, write the game file and queue the move's report to every player."""
    table = game.table.after_move(seat, missed)
    table = replace(table, schedule=next_due(table.schedule, now, play.on_move(state) is None))
    seed = folder.read_seed() if play.on_move(state) is None else None
    by_lang: dict[str, str] = {}
    for lang in (table.lang, *(s.lang for s in table.seats)):
        if lang not in by_lang:
            with language(lang):
                by_lang[lang] = play.words.move_report(table, game.state, state, seat, events, missed, seed)
    mails = {s.id: by_lang[s.lang] for s in table.seats}
    folder.commit(play, game, table, state, record, orders, by_lang[table.lang], mails)
    after = folder.load(play)
    report_mails(folder, play, after, outbox, sender, now)
    return after


def report_mails(folder: MovesDir, play: Play, game: Loaded, outbox: Outbox, sender: str, now: datetime) -> None:
    """Queue the last move's mail to every player where it is not queued yet (after a killed tick too)."""
    made = folder.moves(last=True)
    if not made or made[-1][1].get("kind") == "opening":
        return
    step, record = made[-1]
    move = int(record["move"])
    for sid, text in folder.mails_of(step).items():
        name = f"move-{move:03d}-{sid}"
        seat = game.table.find(sid)
        if seat is None or not seat.address or outbox.known(name):
            continue
        outbox.queue(Outgoing(name, (seat.address,), f"{game.table.game}: {play.name} - move {move}", text,
                              kind="report", turn=move, player=sid), sender, now)


def _receipt(outbox: Outbox, play: Play, game: Loaded, mail: StoredMail, seat: Seat | None, number: int | None,
             code: str, data: Mapping[str, Any], sender: str, now: datetime) -> None:
    """A receipt to the sender (and to the seat's address on file, when the password was right)."""
    to = [mail.sender] if mail.sender else []
    if seat is not None and seat.address and seat.address.lower() not in (a.lower() for a in to):
        to.append(seat.address)
    if not to:
        return
    with language(seat.lang if seat is not None else game.table.lang):
        text = play.words.receipt(game.table, game.state, code, data)
    name = f"receipt-{mail.key}" + (f"-{number}" if number else "")
    outbox.queue(Outgoing(name, tuple(to), f"{game.table.game}: {play.name} - receipt", text, kind="receipt",
                          player=seat.id if seat else None, in_reply_to=str(mail.meta.get("message_id", ""))),
                 sender, now)


def _commands(folder: MovesDir, outbox: Outbox, play: Play, game: Loaded, mail: StoredMail, seat: Seat,
            commands: list[tuple[str, int | None]], sender: str, now: datetime) -> None:
    """Answer a mail of commands from a player's address on file (public things only: no password needed)."""
    reports: dict[int, str] = {}
    for code, number in commands:
        if code == "report" and number is not None and folder.report_path(number).is_file():
            reports[number] = folder.report_path(number).read_text(encoding="utf-8")
    with language(seat.lang):
        text = play.words.answer(game.table, game.state, commands, reports)
    outbox.queue(Outgoing(f"answer-{mail.key}", (seat.address,), f"{game.table.game}: {play.name}", text,
                          kind="answer", player=seat.id, in_reply_to=str(mail.meta.get("message_id", ""))),
                 sender, now)


def remind(play: Play, game: Loaded, outbox: Outbox, sender: str, now: datetime, t: Tick) -> None:
    """A reminder to the player on move, once a move, ``remind`` before its deadline (``new --remind``)."""
    seat_id = play.on_move(game.state)
    if seat_id is None or not game.table.schedule.reminding(now):
        return
    seat = game.table.seat(seat_id)
    name = f"reminder-{game.table.moves + 1:03d}-{seat.id}"
    if not seat.address or outbox.known(name):
        return
    with language(seat.lang):
        text = play.words.receipt(game.table, game.state, "reminder", {})
    outbox.queue(Outgoing(name, (seat.address,), f"{game.table.game}: {play.name} - move {game.table.moves + 1}",
                          text, kind="reminder", turn=game.table.moves + 1, player=seat.id), sender, now)
    t.note("reminded", turn=game.table.moves + 1, companies=seat.id)


def miss_if_due(folder: MovesDir, play: Play, game: Loaded, outbox: Outbox, sender: str, now: datetime,
                t: Tick) -> Loaded:
    """The move on hand is missed when its deadline has passed (not while the GM holds the game)."""
    s = game.table.schedule
    due = s.due_at()
    seat = play.on_move(game.state)
    if seat is None or due is None or s.held or now < due:
        return game
    state, events = play.miss(game.state, seat)
    record = {"kind": "missed", "move": game.table.moves + 1, "seat": seat, "due": s.due}
    after = commit(folder, play, game, seat, state, events, True, record, "", outbox, sender, now)
    t.note("missed", move=after.table.moves, seat=seat)
    return after

