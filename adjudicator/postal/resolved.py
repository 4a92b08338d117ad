"""A period resolved and archived as a step of a game of moves' folder (``postal/moves.py``), and the deadline of
the next one: the one place where a move made or missed, or a simultaneous period resolved, becomes a step with its
report and each player's mail of it (sent at the end of the tick, ``postal/movemails.py: report_mails``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from adjudicator.kernel.deadline import Schedule, after_turn, next_slot, parse_duration
from adjudicator.kernel.i18n import language
from adjudicator.kernel.play import Play, private_reports
from adjudicator.kernel.table import Table
from adjudicator.postal.moves import Loaded, MovesDir

if TYPE_CHECKING:  # the tick's: a turn run from files does not import the outbox
    from adjudicator.postal.outbox import Outbox


def next_due(schedule: Schedule, ran_at: datetime, over: bool) -> Schedule:
    """The deadline of the next move: a period after the move ran (``2d``), or the next weekday and time after it
    (``fri 18:00``); none when the game has no ``every``.  When the game is over, the deadline of its end-of-game
    statements, ``statements`` after the last period (``new --statements 14d``: ``postal/statements.py``), or none
    without them."""
    if over:
        until = ran_at + parse_duration(schedule.statements) if schedule.statements else None
        return replace(schedule, due=until.replace(microsecond=0).isoformat() if until else None, held=False)
    nxt = next_slot(replace(schedule, due=None), ran_at)
    return replace(schedule, due=nxt.isoformat() if nxt else None, held=False)


def next_rhythm(schedule: Schedule, ran_at: datetime) -> Schedule:
    """The deadline of the next period of a game of simultaneous turns resolved at ``ran_at`` (reading 135, the
    postal practice of Dampfross's turns, ``kernel/deadline.py: after_turn``): the first deadline of the schedule
    after the old one and at least half a period after the resolve, so a period resolved early (``--early``) keeps
    the rhythm of the deadlines and one resolved late still leaves the players time; none without ``every``."""
    return after_turn(schedule, ran_at, False)


MAX_MISSED = 100
"""The most moves one tick misses in a row (a game left without a tick for a hundred deadlines goes on at the
next tick)."""


def commit(folder: MovesDir, play: Play, game: Loaded, seat: str, state: Any, events: Any, missed: bool,
           record: Mapping[str, Any], orders: str, outbox: Outbox, sender: str, now: datetime,
           keep_due: bool = False) -> Loaded:
    """Archive a move of a game of sequential moves (with its report and each player's mail of it) and write the
    game file; the next deadline runs from ``now`` (``keep_due``: the deadline stays as it is, after a bot's
    opening move).  The players' mails go at the end of the tick, one a player (``report_mails``, reading
    IU-31)."""
    table = game.table.after_move(seat, missed, bool(record.get("caretaker")))
    return archive(folder, play, game, table, state, events, seat, missed, record, orders, now, keep_due)


def archive(folder: MovesDir, play: Play, game: Loaded, table: Table, state: Any, events: Any, seat: str,
            missed: bool, record: Mapping[str, Any], orders: str, now: datetime, keep_due: bool = False,
            rhythm: bool = False) -> Loaded:
    """Archive a period resolved, ``table`` the table after it (its deadline set here): the step, its public
    report and each player's mail of it, in each reader's language (``seat``: the seat that moved, ``""`` for a
    period of several seats; ``missed``: it sent nothing, or none of them did); the seed goes into the report that
    ends the game.  The next deadline runs from ``now`` (``next_due``: a move of a game of sequential moves,
    reading 88), or, ``rhythm``, keeps the schedule's rhythm (``next_rhythm``: a period of simultaneous turns,
    reading 135)."""
    over = not play.to_act(state)
    if rhythm and not over:
        table = replace(table, schedule=next_rhythm(table.schedule, now))
    elif not keep_due or over:
        table = replace(table, schedule=next_due(table.schedule, now, over))
    seed = folder.read_seed() if over else None
    public, mails = reports(play, table, game.state, state, seat, events, missed, seed)
    folder.commit(play, game, table, state, record, orders, public, mails)
    return folder.load(play)


def reports(play: Play, table: Table, before: Any, after: Any, seat: str, events: Any, missed: bool,
            seed: str | None) -> tuple[str, dict[str, str]]:
    """A period's public report in the game's language, and each seat's mail of it in the seat's: the public report
    in its language, or, where the play words a report for each seat (``kernel/play.py: SeatReports``), its own
    with what only it may see."""
    by_lang: dict[str, str] = {}
    for lang in (table.lang, *(s.lang for s in table.seats)):
        if lang not in by_lang:
            with language(lang):
                by_lang[lang] = play.words.move_report(table, before, after, seat, events, missed, seed)
    private = private_reports(play)
    if private is None:
        return by_lang[table.lang], {s.id: by_lang[s.lang] for s in table.seats}
    mails: dict[str, str] = {}
    for s in table.seats:
        with language(s.lang):
            mails[s.id] = private.seat_report(table, before, after, seat, events, missed, seed, s.id)
    return by_lang[table.lang], mails
