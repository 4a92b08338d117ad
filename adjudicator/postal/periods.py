"""What a section of a game of simultaneous turns does (several seats ``to_act``; the tests' rock-paper-scissors):
its orders are accepted for the period, kept until it is resolved, and the period resolved when the play says it is
ready or at its deadline.

A section with the right password from a seat that must act, whose orders
read, is accepted: the seat's orders of the period on hand are these (the
last section counts; its receipt says which orders of the seat it replaced),
kept in the table (``kernel/table.py: Table.orders``) and archived as a step
of kind ``orders`` of the game's sealed chain (``postal/moves.py``), whose
``orders.txt`` only the GM reads.  The receipt goes to the seat alone; no mail
tells another seat's orders before the period is resolved (``Table.public``).
After each such step, and at the end of every tick, the play is asked
whether the period is ``ready``, and it is resolved then when the schedule
allows it before the deadline (``early``: the GM's ``--early``, or a game
without a deadline; as Dampfross's turn); at its deadline the seats that
sent nothing get what ``missing`` says, and the period is ``resolve``d as
one step of kind ``move`` (``missed`` when no seat had orders) whose record
names the seats, those that missed, the mails their orders came from and the
bots that gave some; ``verify`` reads the orders again from the game before
that step and resolves the period again (``postal/moveverify.py``).

Strict or lenient (``lenient``): a ``--strict`` game resolves a period at
its deadline before it reads a mail that arrived after it (that mail is for
the next period); otherwise, postal practice, the period waits for the end
of the tick that finds its deadline passed, so such a mail still counts for
it, and its receipt says it arrived late (``late``: the deadline).

A seat a bot plays (a bot seat, or the caretaker's) gets the bot's orders
at the period's start (``bots_in``), archived the same way with the bot
named in the record.

A tick killed after a step and before the mail was marked answered answers it
again: ``accepted_from`` finds the step its section made, so no orders are
lost or accepted twice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from adjudicator.kernel.deadline import Schedule
from adjudicator.kernel.envelope import Section
from adjudicator.kernel.gmorders import GM_SEAT
from adjudicator.kernel.play import Play, at_deadline, bots_of, period_word, read_section, sequential, with_refused
from adjudicator.kernel.table import Accepted, Seat, Table
from adjudicator.postal.botseats import MAX_BOT_MOVES, bot_lines
from adjudicator.postal.gmsection import gm_orders, gm_section, resolved_with, wanting
from adjudicator.postal.inbox import Inbox, StoredMail
from adjudicator.postal.moves import Loaded, MovesDir
from adjudicator.postal.resolved import archive
from adjudicator.postal.tick import Tick


def period_orders(folder: MovesDir, play: Play, game: Loaded, mail: StoredMail, seat: Seat, section: Section,
                  t: Tick) -> tuple[Loaded, str, dict[str, Any]]:
    """What a section with the right password does in a game of simultaneous turns: ``accepted`` (``move``, the
    period; ``replaced``: the lines of the seat's orders it replaced; ``seat``; ``problems``: what ``read`` gave
    beside the orders, of lines that do not count; ``preview``: ``play.preview`` of the orders, as the game stood
    when they were read), ``refused`` (``problems``), ``stale``,
    ``not-on-move`` (the seat need not act in this period), ``over``, or what CHECK would say.  The period is
    resolved at once when the play says it is ready and the schedule allows it (``early``; at the mail's
    arrival), and the bots' orders of the next one are accepted (``bots_in``)."""
    acting = play.to_act(game.state)
    number = game.table.moves + 1
    if not acting:
        return game, "over", {}
    if section.check:
        return game, *_checked(play, game, seat.id, section)
    done = accepted_from(folder, mail, seat.id, section.line)
    if done is not None:  # a tick killed after the step: answered now, not accepted again
        return game, "accepted", {"move": done, "replaced": ()}
    if section.move is not None and section.move != number:
        return game, "stale", {"given": section.move, "move": number, **after_resolved(folder, mail, number, t)}
    if seat.id not in acting:
        return game, "not-on-move", {"on_move": ", ".join(acting)}
    made, problems = read_section(play, game.state, seat.id, section.body,
                                  mail.arrived.astimezone(game.table.schedule.tz()))
    if made is None:
        return game, "refused", {"problems": problems}
    preview = play.preview(game.state, seat.id, made)  # as the game stands before the period may be resolved
    before = game.table.accepted(seat.id)
    before = before if before is not None and before.mail else None  # a bot's or the caretaker's: not his own
    lines = tuple(line for _, line in section.body)
    numbers = tuple(n for n, _ in section.body)
    table = game.table.with_orders(seat.id, Accepted(mail.key, section.line, lines, numbers,
                                                     mail.arrived.isoformat()))
    record = {"kind": "orders", "move": number, "seat": seat.id, "mail": mail.key, "line": section.line,
              "numbers": list(numbers), "arrived": mail.arrived.isoformat(),
              **({"replaced": before.mail} if before is not None else {}), **stored(mail)}
    folder.commit(play, game, table, game.state, record, "".join(f"{line}\n" for line in lines))
    if before is not None and before.mail.startswith("mail-") and before.mail[5:].isdigit():  # the GM hears it once
        t.note("replaced", seq=mail.seq, company=seat.id, old=int(before.mail[5:]))
    due = game.table.schedule.due_at()
    late = {"late": due.isoformat(), "zone": game.table.schedule.zone} if due is not None and mail.arrived > due \
        else {}
    if late:  # a lenient game (or one held): the period is not resolved yet, so they count
        t.note("late", seq=mail.seq, company=seat.id, what="used, the move has not been made")
    game = bots_in(folder, play, resolve_if_ready(folder, play, folder.load(play), mail.arrived, t), mail.arrived, t)
    return game, "accepted", {"move": number, "replaced": before.lines if before is not None else (), **late,
                              **after_resolved(folder, mail, number, t),
                              **({"replaced_arrived": before.arrived} if before is not None and before.arrived else {}),
                              "seat": seat.id, "problems": problems, "preview": preview}


def after_resolved(folder: MovesDir, mail: StoredMail, number: int, t: Tick) -> dict[str, Any]:
    """A strict game's mail that arrived after the deadline of period ``number - 1``, which this tick resolved at that
    deadline before it read the mail (``postal/turns.py: MovesSession.at``; reading 132): ``after`` (that deadline) and
    ``after_move`` (that period), so its receipt says the mail came after that deadline and counts for
    period ``number`` (or, for a section naming the past period, ``stale``, that it is not used); ``{}`` otherwise."""
    if number < 2 or not any(n.kind in ("ran", "moved", "missed") and dict(n.data).get("move") == number - 1
                             for n in t.notes):  # the period was resolved by an earlier tick: a mail of this one
        return {}
    last = folder.moves(last=True)
    record = last[0][1] if last else {}
    due = record.get("due")
    if record.get("move") != number - 1 or not due or mail.arrived <= datetime.fromisoformat(str(due)):
        return {}
    return {"after": str(due), "after_move": number - 1}


def gm_period_orders(folder: MovesDir, play: Play, game: Loaded, mail: StoredMail, section: Section,
                     t: Tick) -> tuple[Loaded, str, dict[str, Any]]:
    """What the GM's own section of a mail (his password right) does: accepted for the period as a seat's orders
    are (``postal/gmsection.py``), which is then resolved when it is ready; a tick killed after its step answers it
    again without accepting it twice."""
    done = accepted_from(folder, mail, GM_SEAT, section.line)
    if done is not None:
        return game, "gm-accepted", {"move": done, "replaced": ()}
    game, code, data = gm_section(folder, play, game, mail, section)
    if code == "gm-accepted":
        t.note("gm-section", seq=mail.seq, unit=period_word(play), move=data["move"])
        game = bots_in(folder, play, resolve_if_ready(folder, play, game, mail.arrived, t), mail.arrived, t)
    return game, code, data


def bots_in(folder: MovesDir, play: Play, game: Loaded, now: datetime, t: Tick) -> Loaded:
    """Each seat that must act and that a bot plays (a bot seat, or a player's seat the caretaker plays after
    ``caretaker_after`` missed periods: IU-18) gets the bot's orders accepted at the period's start: the lines
    the bot writes (``Bots.bot``, from the seat's own view and its random source, ``postal/botseats.py``) read as
    a player's mail is read, archived as a step of kind ``orders`` whose record names the bot (``bot``, and
    ``caretaker`` for a player's seat), never as the player's own (no mail: its ``Accepted.mail`` is ``""``, and a
    receipt of his own orders does not say they replaced it).  The period is then resolved when it is ready (a
    game of bots alone is played through, up to ``MAX_BOT_MOVES`` periods).  A player's own mail takes his seat
    back from the caretaker first (``postal/caretaker.py``) and his orders replace the caretaker's.  Lines the
    play refuses (never expected) are left out, and the GM is told: the seat misses the period."""
    if bots_of(play) is None:
        return game
    for _ in range(MAX_BOT_MOVES):
        acting = play.to_act(game.state)
        waiting = [s for s in game.table.seats if s.id in acting and s.played_by and game.table.accepted(s.id) is None]
        if not waiting:
            return game
        for seat in waiting:
            game = _bot_orders(folder, play, game, seat, now, t)
        before = game.table.moves
        game = resolve_if_ready(folder, play, game, now, t)
        if game.table.moves == before:
            return game
    return game


def bots_accepted(folder: MovesDir, play: Play, game: Loaded, now: datetime, t: Tick) -> Loaded:
    """The bots' orders of the period on hand accepted for each seat that must act, that a bot plays and that has
    none accepted yet (``bots_in`` without resolving the period: ``adjudicate run``, ``app/moverun.py``, resolves
    it itself after the GM's files)."""
    if bots_of(play) is None:
        return game
    acting = play.to_act(game.state)
    for seat in [s for s in game.table.seats if s.id in acting and s.played_by and game.table.accepted(s.id) is None]:
        game = _bot_orders(folder, play, game, seat, now, t)
    return game


def bot_orders_of(play: Play, game: Loaded, seed: str) -> dict[str, Any]:
    """The bots' orders ``bots_accepted`` would accept, read, by seat, nothing written (a dry run)."""
    if bots_of(play) is None:
        return {}
    acting = play.to_act(game.state)
    out: dict[str, Any] = {}
    for seat in [s for s in game.table.seats if s.id in acting and s.played_by and game.table.accepted(s.id) is None]:
        lines = bot_lines(play, game.table, game.state, seat.id, seed)
        made, _problems = play.read(game.state, seat.id, list(enumerate(lines, 1)))
        if made is not None:
            out[seat.id] = made
    return out


def _bot_orders(folder: MovesDir, play: Play, game: Loaded, seat: Seat, now: datetime, t: Tick) -> Loaded:
    """The bot's orders of ``seat`` for the period on hand accepted (``bots_in``)."""
    number = game.table.moves + 1
    lines = bot_lines(play, game.table, game.state, seat.id, folder.read_seed())
    made, _problems = play.read(game.state, seat.id, list(enumerate(lines, 1)))
    cared = bool(seat.caretaker)
    if made is None:
        t.note("bot-orders-refused", unit=period_word(play), move=number, seat=seat.id, level=seat.played_by,
               orders=" / ".join(lines)[:80])
        return game
    table = game.table.with_orders(seat.id, Accepted("", 0, lines))
    record = {"kind": "orders", "move": number, "seat": seat.id, "mail": "", "line": 0, "bot": seat.played_by,
              "arrived": now.isoformat(), **({"caretaker": True} if cared else {})}
    folder.commit(play, game, table, game.state, record, "".join(f"{line}\n" for line in lines))
    t.note("caretaker-orders" if cared else "bot-orders", unit=period_word(play), move=number, seat=seat.id,
           level=seat.played_by, orders=" / ".join(lines)[:80])
    return folder.load(play)


def _checked(play: Play, game: Loaded, seat: str, section: Section) -> tuple[str, dict[str, Any]]:
    """What a section with CHECK would do, nothing done or kept: previewed, refused, or not the seat's period."""
    at = {"checked_at": game.table.moves + 1}
    acting = play.to_act(game.state)
    if seat not in acting:
        return "check-not-on-move", {**at, "on_move": ", ".join(acting)}
    made, problems = play.read(game.state, seat, section.body)
    if made is None:
        return "check-refused", {**at, "problems": problems, "check": True}
    return "checked", {**at, "seat": seat, "preview": play.preview(game.state, seat, made)}


def stored(mail: StoredMail) -> dict[str, Any]:
    """The SHA-256 of the mail as received and of each text of it as the inbox stored it (``""``: its body, else an
    attachment's name), for the step that accepts orders from it: the receipt's "As stored (SHA-256)" names the
    same (``postal/movemails.py: section_receipt``), so the archive shows what the orders were read from."""
    digest = str(mail.meta.get("sha256", ""))
    return {"sha256": {"mail": digest, "texts": [[t.name, t.sha256] for t in mail.texts]}} if digest else {}


def accepted_from(folder: MovesDir, mail: StoredMail, seat: str, line: int) -> int | None:
    """The period whose orders the section of ``mail`` at ``line`` for ``seat`` was accepted for already (a tick was
    killed after its step, before the mail was marked answered); ``None``: not yet.  The archive is read back to
    the first period resolved before the mail arrived (but one whose orders came from this mail: in a lenient game
    a mail that arrived after the deadline counts for the period resolved at that deadline)."""
    for step in reversed(folder.steps()):
        record = folder.record(step)
        kind = record.get("kind")
        if kind == "opening":
            return None
        if kind == "orders" and record.get("mail") == mail.key and record.get("seat") == seat \
                and record.get("line") == line:
            return int(record["move"])
        mails = record.get("mails")
        if kind in ("move", "missed") and isinstance(mails, dict) and mails.get(seat) == mail.key:
            return int(record["move"])
        if kind in ("move", "missed") and "at" in record and datetime.fromisoformat(str(record["at"])) < mail.arrived:
            return None
    return None


def accepted_orders(play: Play, state: Any, table: Table) -> dict[str, Any]:
    """The orders accepted for the period on hand, by seat, as the play reads them again, each line with its number
    in the mail and the mail's arrival, or the GM's order file's name (``kernel/play.py: read_section``; orders
    that no longer read, after a GM set a position, are left out)."""
    out: dict[str, Any] = {}
    for sid, accepted in table.orders:
        arrived = datetime.fromisoformat(accepted.arrived).astimezone(table.schedule.tz()) if accepted.arrived \
            else None  # in the game's time zone, as its reports give times
        made, _problems = read_section(play, state, sid, accepted.numbered(), arrived, accepted.file)
        if made is not None:
            out[sid] = made
    return out


def lenient(play: Play, schedule: Schedule) -> bool:
    """Whether mail that arrives after a period's deadline still counts for it until it is resolved (at the end of
    the tick that finds the deadline passed, ``postal/turns.py: MovesSession.due``): a game of simultaneous turns
    whose schedule is not ``strict``, postal practice as Dampfross's (reading 62).  A strict one resolves the period
    before it reads a mail that arrived after its deadline, which then counts for the next period; so does every
    game of sequential moves, whose move is missed at its deadline (reading 88)."""
    return not schedule.strict and not sequential(play)


def early(schedule: Schedule) -> bool:
    """Whether a period of several seats may be resolved before its deadline once the play says it is ready: when
    the GM allows it (``new --early``, ``deadline set --early``), or when the game has no deadline (nothing else
    would resolve it); never while the GM holds the game.  The reading is Dampfross's (``docs/postal.md``: "the
    turn runs when its deadline has passed, or (``--early``) when every company has sent valid orders").  A game of
    sequential moves never asks: its one seat's move is made at once (``postal/sequential.py``)."""
    return not schedule.held and (schedule.early or schedule.due is None)


def resolve_if_ready(folder: MovesDir, play: Play, game: Loaded, now: datetime, t: Tick) -> Loaded:
    """The period resolved at ``now`` when the play says it is ready with the orders accepted so far, and the
    schedule allows it before the deadline (``early``)."""
    if not game.table.orders or not play.to_act(game.state) or not early(game.table.schedule):
        return game
    orders = accepted_orders(play, game.state, game.table)
    if not play.ready(game.state, orders) or wanting(play, game.state, gm_orders(play, game.state, game.table), orders):
        return game
    return resolve(folder, play, game, orders, now, t)


def resolve_if_due(folder: MovesDir, play: Play, game: Loaded, now: datetime, t: Tick) -> Loaded:
    """The period resolved at its deadline when it passed by ``now`` (not while the GM holds the game): the
    orders accepted, and what ``missing`` says for each other seat that must act."""
    s = game.table.schedule
    due = s.due_at()
    if due is None or s.held or now < due or not play.to_act(game.state) or waits_for_gm(play, game, now):
        return game
    orders = at_deadline(play, game.state, accepted_orders(play, game.state, game.table))
    return resolve(folder, play, game, orders, due, t, s.due)


def waits_for_gm(play: Play, game: Loaded, now: datetime) -> tuple[Any, ...]:
    """What a period whose deadline passed by ``now`` still wants from the GM (``kernel/gmorders.py``): it waits
    for his section, which ``postal/gmsection.py: tell_gm`` asks for once; ``()``: nothing (or not due)."""
    s = game.table.schedule
    due = s.due_at()
    if due is None or s.held or now < due or not play.to_act(game.state):
        return ()
    orders = at_deadline(play, game.state, accepted_orders(play, game.state, game.table))
    return wanting(play, game.state, gm_orders(play, game.state, game.table), orders)


MAX_REFUSED = 3
"""The most sections that did not count a period's step keeps for one seat (the first ones): a password guesser
cannot make the archive grow."""
REFUSED_WHY = ("wrong-password", "no-password", "not-acting")
"""Why a section for a seat did not count, as the step keeps it (``kernel/problems.py: NoOrders``)."""


def refusals(folder: MovesDir, table: Table, number: int, more: Sequence[Mapping[str, Any]] = ()
             ) -> dict[str, list[dict[str, Any]]]:
    """The sections for a seat of the game that did not count in period ``number``, by seat, the first
    ``MAX_REFUSED`` of each: those the mails answered before told (the inbox's records, ``refused_sections``,
    ``postal/turns.py``), then ``more`` (this tick's, and an order file's: ``app/moverun.py``).  Each keeps why, its
    PLAYER line and where it came (the mail's key and arrival, or the file's name), never the password
    (``kernel/play.py: Refused``)."""
    found: list[Any] = [r for _mail, doc in Inbox(folder).records() if isinstance(doc.get("refused_sections"), list)
                        for r in doc["refused_sections"]]
    out: dict[str, list[dict[str, Any]]] = {}
    seen: set[tuple[str, str, int]] = set()
    for r in [*found, *more]:
        if not isinstance(r, Mapping) or r.get("move") != number or r.get("why") not in REFUSED_WHY \
                or not isinstance(r.get("line"), int):
            continue
        seat = table.find(str(r.get("seat", "")))
        mail, name = str(r.get("mail") or ""), str(r.get("file") or "")[:200]
        where = {"mail": mail, "arrived": str(r.get("arrived", ""))[:40]} if mail else {"file": name}
        if seat is None or (seat.id, mail or name, r["line"]) in seen or len(out.get(seat.id, ())) >= MAX_REFUSED:
            continue
        seen.add((seat.id, mail or name, r["line"]))
        out.setdefault(seat.id, []).append({"why": r["why"], "line": r["line"], **where})
    return out


def resolve(folder: MovesDir, play: Play, game: Loaded, orders: dict[str, Any], at: datetime, t: Tick,
            due: str | None = None, by: str = "", refused: Sequence[Mapping[str, Any]] = ()) -> Loaded:
    """The period resolved with ``orders`` and archived as one step; its next deadline keeps the schedule's rhythm
    (reading 135: the first after the old deadline, at least half a period after ``at``); ``by``:
    ``"gm"`` when the GM resolved it (``adjudicate run``, as at a deadline: ``verify`` asks no ``ready``).  The
    period's sections that did not count (``refusals``: the mail's, and ``refused``, the GM's order files') are
    kept in the step's record (``refused``) and told in each seat's own report (``kernel/play.py: with_refused``)."""
    acting = play.to_act(game.state)
    number = game.table.moves + 1
    gm = gm_orders(play, game.state, game.table)
    state, events = resolved_with(play, game.state, orders, gm, play.draw(folder.read_seed()))
    missed = tuple(sid for sid in acting if sid not in orders)
    record = {"kind": "missed" if len(missed) == len(acting) else "move", "move": number, "seat": "",
              "seats": list(acting), "missed": list(missed),
              "stand_in": sorted(sid for sid in orders if game.table.accepted(sid) is None),
              "mails": {sid: accepted.mail for sid, accepted in game.table.orders}, "at": at.isoformat(),
              **({"due": due} if due else {}), **({"by": by} if by else {}),
              **({"gm": game.table.gm.mail} if game.table.gm is not None and gm is not None else {})}
    given = [*game.table.orders, *([(GM_SEAT, game.table.gm)] if game.table.gm is not None and gm is not None else [])]
    sent = "".join(f"PLAYER {sid}\n" + "".join(f"{line}\n" for line in accepted.lines) for sid, accepted in given)
    bots = {sid: game.table.seat(sid).played_by for sid, accepted in game.table.orders  # a bot's: no mail, no line
            if not accepted.mail and not accepted.line and game.table.seat(sid).played_by}  # (a GM's file has one)
    kept = refusals(folder, game.table, number, [*t.refused, *refused])
    told: dict[str, Any] = {"refused": kept} if kept else {}  # the sections that did not count, by seat
    record = {**record, **({"bots": bots} if bots else {}), **told}
    table = game.table.after_period(acting, missed)
    after = archive(folder, play, game, table, state, with_refused(play, events, kept), "", len(missed) == len(acting),
                    record, sent, at, rhythm=True)
    if not sequential(play):  # a period of simultaneous orders: resolved, and why then
        t.note("ran", unit=period_word(play), move=number, why="due" if due else "gm" if by else "all-in")
    elif len(missed) < len(acting):
        t.note("moved", move=number, seat=", ".join(sid for sid in acting if sid not in missed))
    if missed:
        t.note("missed", unit=period_word(play), move=number, seat=", ".join(missed))
    for sid in missed:
        handed = after.table.seat(sid).caretaker
        if handed and not game.table.seat(sid).caretaker:
            count = after.table.missed_by(sid)
            unit = period_word(play)
            t.note("caretaker-on", seat=sid, count=count, unit=unit if count == 1 else f"{unit}s", level=handed)
    return after
