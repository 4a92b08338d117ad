"""What a section of a game of sequential moves does (``kernel/play.py: SequentialPlay``; InterUrban, take-away):
the move of the seat on move runs at once (the period is ready as soon as its one seat has sent); a MOVE number of
another move is stale; moves sent ahead (issue 27, ``postal/ahead.py``) are kept and played when the move comes;
a bot's or the caretaker's move is played at once (``play_bots``); a move whose deadline passed is missed
(``miss_if_due``).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any

from adjudicator.kernel.envelope import Section
from adjudicator.kernel.play import Lines, Play, at_deadline, on_move
from adjudicator.kernel.table import Moves, Seat, SentAhead
from adjudicator.postal import ahead
from adjudicator.postal.botseats import MAX_BOT_MOVES, bot_on_move, bot_orders
from adjudicator.postal.inbox import StoredMail
from adjudicator.postal.moves import Loaded, MovesDir
from adjudicator.postal.outbox import Outbox
from adjudicator.postal.resolved import commit
from adjudicator.postal.tick import Tick


def move_orders(folder: MovesDir, play: Play, game: Loaded, outbox: Outbox, mail: StoredMail, seat: Seat,
            section: Section, sender: str, now: datetime, t: Tick) -> tuple[Loaded, str, dict[str, Any]]:
    """What a section with the right password does in a game of sequential moves."""
    seat_on = on_move(play, game.state)
    if seat_on is None:
        return game, "over", {}
    body, sent, problems = ahead.split(play, game.state, seat.id, section.body)  # the move now, moves ahead
    if section.check:
        return game, *_checked(play, game, seat.id, body, sent, problems)
    made_as = _made_from(folder, mail, seat.id)
    if made_as is not None:
        return game, "moved", {"move": made_as}
    if section.move is not None and section.move != game.table.moves + 1:
        return game, "stale", {"given": section.move, "move": game.table.moves + 1,
                               **_missed_before(folder, seat.id, mail, section.move)}
    if problems and (not body or seat.id == seat_on):  # a move now out of turn is answered as such
        return game, "refused", {"problems": problems}
    if not body and sent is not None:  # moves sent ahead alone: kept, and played at once if the move is his
        return _sent_ahead(folder, play, game, outbox, mail, (seat.id, section.line), sent, sender, now, t)
    if seat.id != seat_on:
        return game, "not-on-move", {"on_move": seat_on, **_missed_before(folder, seat.id, mail, None)}
    made, problems = play.read(game.state, seat.id, body)
    if made is None:
        return game, "refused", {"problems": problems}
    shown = sent is not None or game.table.sent_ahead(seat.id) is not None  # a list kept, replaced or dropped
    if sent:
        t.note("ahead-kept", seq=mail.seq, seat=seat.id, count=len(sent))
    game = replace(game, table=game.table.with_ahead(seat.id, SentAhead(mail.key, sent) if sent else None))
    draw = play.draw(folder.read_seed())
    state, events = play.resolve(game.state, {seat.id: made}, draw)
    record = {"kind": "move", "move": game.table.moves + 1, "seat": seat.id, "mail": mail.key,
              "arrived": mail.arrived.isoformat()}
    orders = "".join(f"{line}\n" for _, line in body)
    after = commit(folder, play, game, seat.id, state, events, False, record, orders, outbox, sender, now)
    t.note("moved", move=after.table.moves, seat=seat.id)
    return play_bots(folder, play, after, outbox, sender, now, t), "moved", {"move": after.table.moves,
                                                                              "ahead": shown, "kept": sent or ()}


def _missed_before(folder: MovesDir, seat: str, mail: StoredMail, move: int | None) -> dict[str, Any]:
    """Why a mail came too late for the move it was meant for: ``missed`` (the move) and ``missed_at`` (its
    deadline) when ``seat``'s move ``move`` (``None``: its last move) was missed at a deadline that passed before the
    mail arrived, for its receipt to say so; ``{}`` otherwise."""
    for _step, record in reversed(folder.moves()):
        if record.get("seat") != seat or (move is not None and record.get("move") != move):
            continue
        due = record.get("due")
        if record.get("kind") == "missed" and due and datetime.fromisoformat(str(due)) < mail.arrived:
            return {"missed": int(record["move"]), "missed_at": str(due)}
        return {}
    return {}


def _checked(play: Play, game: Loaded, seat: str, body: Lines, sent: Moves | None,
             problems: tuple[Any, ...]) -> tuple[str, dict[str, Any]]:
    """What a section with CHECK would do if it were sent without it, nothing done (reading IU-32): the move
    previewed, or why it would not be played, or that it is not the seat's move; its moves sent ahead as they
    would be kept, and when the seat is on move, which alternative of the first would be played at once."""
    at = {"checked_at": game.table.moves + 1}  # the game it was checked against (the receipt goes out later)
    if problems:
        return "check-refused", {**at, "problems": problems, "check": True}
    seat_on = on_move(play, game.state)
    kept: dict[str, Any] = {**at, "sent": sent} if sent is not None else at
    if body or sent is None:
        if seat != seat_on:
            return "check-not-on-move", {**kept, "on_move": seat_on}
        made, problems = play.read(game.state, seat, body)
        if made is None:
            return "check-refused", {**at, "problems": problems, "check": True}
        return "checked", {**kept, "seat": seat, "preview": play.preview(game.state, seat, made)}
    if sent and seat == seat_on:  # moves sent ahead alone, the seat on move: the first would be played at once
        found, tried = ahead.tried(play, game.state, seat, sent[0])
        return "checked-ahead", {**at, "sent": sent[1:] if found else (), "played_ahead": (
            game.table.moves + 1, found[0] if found else None, found[2] if found else (), tried), "would": True}
    return "checked-ahead", kept


def _sent_ahead(folder: MovesDir, play: Play, game: Loaded, outbox: Outbox, mail: StoredMail, where: tuple[str, int],
                sent: Moves, sender: str, now: datetime, t: Tick) -> tuple[Loaded, str, dict[str, Any]]:
    """A section of moves sent ahead alone (``where``: its seat and PLAYER line): they replace the seat's (IU-20);
    when the move is the seat's, the first alternative the rules allow is played at once (``moved``), or none is
    and the list is dropped."""
    seat, line = where
    if ahead.answered(folder, mail.key, seat, line):  # a tick killed after it kept them: not kept again
        return game, "ahead", {"ahead": True}
    number = game.table.moves + 1
    found, tried = ahead.tried(play, game.state, seat, sent[0]) if sent and on_move(play, game.state) == seat \
        else (None, ())
    if sent and on_move(play, game.state) == seat and found is None:
        game = ahead.stored(folder, play, game, seat, mail.key, line, None)  # dropped at once (IU-22): none kept
        return game, "ahead-none", {"ahead": True, "played_ahead": (number, None, (), tried)}
    game = ahead.stored(folder, play, game, seat, mail.key, line, SentAhead(mail.key, sent) if sent else None)
    if not sent:  # a lone NEXT: none kept
        return game, "ahead", {"ahead": True}
    t.note("ahead-kept", seq=mail.seq, seat=seat, count=len(sent))
    if found is None:
        return game, "ahead", {"ahead": True, "kept": sent}
    after = play_bots(folder, play, game, outbox, sender, now, t)
    return after, "moved", {"move": number, "ahead": True, "played_ahead": (number, found[0], found[2], tried),
                            "kept": sent[1:]}


def play_ahead(folder: MovesDir, play: Play, game: Loaded, outbox: Outbox, sender: str, now: datetime,
               t: Tick) -> Loaded | None:
    """The move of the seat on move played from its moves sent ahead (issue 27): the first alternative of its next
    move that the rules allow, archived as its orders with a record naming the alternative, reported to every
    player; when none is allowed the list is dropped (IU-22) and the seat plays by mail.  ``None``: the seat on
    move sent none."""
    seat = on_move(play, game.state)
    sent = game.table.sent_ahead(seat) if seat is not None else None
    if seat is None or sent is None:
        return None
    number = game.table.moves + 1
    found = ahead.first_legal(play, game.state, seat, sent.moves[0])
    if found is None:  # the seat hears of it in its report mail of the tick (IU-30, IU-31)
        t.note("ahead-dropped", move=number, seat=seat)
        return ahead.dropped(folder, play, game, seat)
    alternative, made, lines = found
    state, events = play.resolve(game.state, {seat: made}, play.draw(folder.read_seed()))
    record = {"kind": "move", "move": number, "seat": seat, "ahead": alternative, "sent": sent.mail}
    orders = "".join(f"{line}\n" for line in lines)
    game = replace(game, table=ahead.after_played(game.table, seat))
    t.note("ahead-moved", move=number, seat=seat, alternative=alternative, orders=" / ".join(lines)[:80])
    return commit(folder, play, game, seat, state, events, False, record, orders, outbox, sender, now)


def play_bots(folder: MovesDir, play: Play, game: Loaded, outbox: Outbox, sender: str, now: datetime,
              t: Tick) -> Loaded:
    """Every move of a bot seat on move, played at once (issue 26): the bot's lines read as a player's mail,
    archived as its orders with a record naming the bot, reported to every player; ``now`` is the time of the
    move that put the bot on move, so the next deadline runs from there (a bot's opening move keeps the first
    deadline ``new`` set, whenever the first tick runs).  Lines the play would refuse (never expected) make the
    bot's move missed, and the GM is told.  A seat with moves sent ahead plays them first (``play_ahead``)."""
    for _ in range(MAX_BOT_MOVES):
        sent = play_ahead(folder, play, game, outbox, sender, now, t)
        if sent is not None:
            game = sent
            continue
        on_move = bot_on_move(play, game.table, game.state)
        if on_move is None:
            return game
        opening = not game.table.moves
        seat, level = on_move
        lines = bot_orders(play, game.table, game.state, folder.read_seed())
        orders = "".join(f"{line}\n" for line in lines)
        made, _problems = play.read(game.state, seat, list(enumerate(lines, 1)))
        number = game.table.moves + 1
        if made is None:
            state, events = play.resolve(game.state, at_deadline(play, game.state, {}), play.draw(folder.read_seed()))
            record = {"kind": "missed", "move": number, "seat": seat, "bot": level, "refused": orders,
                      **({"caretaker": True} if game.table.seat(seat).caretaker else {})}
            game = commit(folder, play, game, seat, state, events, True, record, "", outbox, sender, now, opening)
            t.note("bot-refused", move=number, seat=seat, level=level, orders=" / ".join(lines)[:80])
            continue
        state, events = play.resolve(game.state, {seat: made}, play.draw(folder.read_seed()))
        cared = bool(game.table.seat(seat).caretaker)  # a player's seat the caretaker plays (IU-18)
        record = {"kind": "move", "move": number, "seat": seat, "bot": level, **({"caretaker": True} if cared else {})}
        game = commit(folder, play, game, seat, state, events, False, record, orders, outbox, sender, now,
                      opening)
        t.note("caretaker-moved" if cared else "bot-moved", move=number, seat=seat, level=level,
               orders=" / ".join(lines)[:80])
    return game


def _made_from(folder: MovesDir, mail: StoredMail, seat: str) -> int | None:
    """The number of the last move when it was made from this mail's section for ``seat`` (a tick was killed after
    the move and before the mail was marked answered: it is answered now, not played again); the bots' moves after
    it do not count.  ``None``: the mail made no move yet."""
    for step in reversed(folder.steps()):
        record = folder.record(step)
        if record.get("kind") in ("opening", "move", "missed") and not record.get("bot") \
                and not record.get("ahead"):
            made = record.get("mail") == mail.key and record.get("seat") == seat
            return int(record["move"]) if made else None
    return None



def miss_if_due(folder: MovesDir, play: Play, game: Loaded, outbox: Outbox, sender: str, now: datetime,
                t: Tick) -> Loaded:
    """The move on hand is missed when its deadline has passed (not while the GM holds the game)."""
    s = game.table.schedule
    due = s.due_at()
    seat = on_move(play, game.state)
    if seat is None or due is None or s.held or now < due:
        return game
    state, events = play.resolve(game.state, at_deadline(play, game.state, {}), play.draw(folder.read_seed()))
    record = {"kind": "missed", "move": game.table.moves + 1, "seat": seat, "due": s.due}
    after = commit(folder, play, game, seat, state, events, True, record, "", outbox, sender, due)
    t.note("missed", unit="move", move=after.table.moves, seat=seat)
    handed = after.table.seat(seat).caretaker
    if handed and not game.table.seat(seat).caretaker:
        count = after.table.missed_by(seat)
        t.note("caretaker-on", seat=seat, count=count, unit="move" if count == 1 else "moves", level=handed)
    return play_bots(folder, play, after, outbox, sender, due, t)

