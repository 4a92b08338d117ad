"""``adjudicate run FILE... --game DIR`` of a game of simultaneous turns: the GM resolves the period on hand from
order files (orders that came on paper, by another channel, or typed by the GM), on the one session.

Each file is read as the mail robot reads a mail's text (any encoding, a size
limit: ``app/moves.py: read_gm_file``) and cut into its sections by the
platform's envelope.  A section counts when its seat's password is right,
or without one when the GM says he typed the orders (``--trust``); the
play reads it as it reads a seat's mail, and the last section of a seat
counts, in the files' order, over the orders the seat's mail gave before.
Every section that does not count is told to the GM (file, line, why, in
the play's words of a receipt), and the period is resolved all the same,
as at its deadline: a seat without orders gets what the play's
``missing`` says.  Each seat's orders are archived as a step of kind
``orders`` (``file``: the file's name as given), then the period as one
step, the same steps the mail makes, so ``verify`` and ``undo`` need
nothing else.  ``--dry-run`` resolves it in memory and writes nothing; a
run refused (nothing counts and the play cannot resolve it, the game is
over, a file cannot be read) writes nothing either, and a run that fails
before its period is archived (an error, a full disk) takes back the steps
it archived: the game is as it was (a disk's error told in one line).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from adjudicator.kernel.envelope import Section, read_envelope
from adjudicator.kernel.errors import GameFileError, TurnRefused
from adjudicator.kernel.gmorders import GM_SEAT, gm_orders_of
from adjudicator.kernel.i18n import language
from adjudicator.kernel.play import Play, at_deadline, sequential, with_refused
from adjudicator.kernel.table import Accepted
from adjudicator.postal import periods
from adjudicator.postal.caretaker import back_by_mail
from adjudicator.postal.files import atomic_write, deferred_sync, order_files, read_gm_file
from adjudicator.postal.gmsection import gm_orders, resolved_with, wanted_text, wanting
from adjudicator.postal.moves import Loaded, MovesDir
from adjudicator.postal.resolved import reports
from adjudicator.postal.tick import Tick


@dataclass(frozen=True)
class FileOrders:
    """A seat's section of an order file that counts: where it stands, its lines, and the play's reading of them."""

    seat: str
    file: str
    line: int
    lines: tuple[str, ...]
    orders: Any
    numbers: tuple[int, ...] = ()
    """Each line's number in the file, so the private reports name a line as the GM's file has it."""


@dataclass(frozen=True)
class Resolved:
    """What a run did: the lines for the GM (sections that did not count), the public report, the period's number
    and whether anything was written."""

    told: tuple[str, ...]
    public: str
    move: int
    written: bool
    stand_in: tuple[str, ...] = ()
    """The seats whose orders the play's ``missing`` gave (standing orders), no mail, file or bot having given any."""


def read_files(play: Play, game: Loaded, paths: Sequence[str], trust: bool, gm_files: Sequence[str] = (),
               refused: list[dict[str, Any]] | None = None) -> tuple[list[FileOrders], list[str]]:
    """The sections of ``paths`` that count, in order, and a line for the GM about each one that does not; the GM's
    own sections (``PLAYER GM``, ``kernel/gmorders.py``) count with the GM's password, or without one in a file of
    ``gm_files`` or with ``trust``.  ``refused``, when given, gets each section for a seat whose password was wrong
    (``kernel/play.py: Refused``: the seat's report of the period tells it; never the password)."""
    found: list[FileOrders] = []
    told: list[str] = []
    acting = play.to_act(game.state)
    for name in paths:
        envelope = read_envelope(read_gm_file(name, "a file of orders"), play.order_line, pasted=True)
        told += [f"{name}:{p.line}: not read ({p.code})" for p in envelope.problems]
        for section in envelope.sections:
            where = f"{name}:{section.line}"
            if section.seat == GM_SEAT:
                told += _gm_section(play, game, section, where, trust or name in gm_files, found)
                continue
            seat = game.table.find(section.seat)
            if seat is None:
                told.append(f"{where}: PLAYER {section.seat}: the game has no such player; not counted")
                continue
            if not trust and not game.table.password_ok(seat.id, section.password):
                told.append(f"{where}: {seat.id}: wrong password; not counted (--trust: the GM typed the orders)")
                if refused is not None:
                    refused.append({"seat": seat.id, "move": game.table.moves + 1, "line": section.line,
                                    "why": "wrong-password" if section.password else "no-password",
                                    "file": Path(name).name})
                continue
            if seat.id not in acting:
                told.append(f"{where}: {seat.id} does not act in this period; not counted")
                if refused is not None:  # its report of the period says why (Dampfross: taken out of play)
                    refused.append({"seat": seat.id, "move": game.table.moves + 1, "line": section.line,
                                    "why": "not-acting", "file": Path(name).name})
                continue
            made, problems = play.read(game.state, seat.id, section.body)
            if made is None:
                with language(game.table.lang):
                    why = play.words.receipt(game.table.public(), game.state, "refused", {"problems": problems})
                told.append(f"{where}: {seat.id}: not counted:\n" + _indented(why))
                continue
            found.append(FileOrders(seat.id, name, section.line, tuple(line for _, line in section.body), made,
                                    tuple(n for n, _ in section.body)))
    return found, told


def _gm_section(play: Play, game: Loaded, section: Section, where: str, trusted: bool,
                found: list[FileOrders]) -> list[str]:
    """The GM's section of a file added to ``found`` when it counts; else the line that says why not."""
    gm = gm_orders_of(play)
    if gm is None:
        return [f"{where}: a game of {play.name} reads no GM's section; not counted"]
    if not trusted and not game.table.gm_ok(section.password):
        return [f"{where}: GM: wrong password; not counted (--gm FILE: the GM's own file)"]
    made, problems = gm.read_gm(game.state, section.body)
    if made is None:
        with language(game.table.lang):
            why = play.words.receipt(game.table.public(), game.state, "gm-refused", {"problems": problems})
        return [f"{where}: GM: not counted:\n" + _indented(why)]
    found.append(FileOrders(GM_SEAT, where.rsplit(":", 1)[0], section.line, tuple(line for _, line in section.body),
                            made))
    return []


def _indented(text: str) -> str:
    return "".join(f"  {line}\n" for line in text.rstrip("\n").splitlines())


def run_period(play: Play, directory: str, paths: Sequence[str], trust: bool, dry_run: bool,
               now: datetime | None = None, gm_files: Sequence[str] = ()) -> Resolved:
    """Resolve the period on hand of the game in ``directory`` from the order files ``paths`` (a folder: the order
    files in it, ``postal/files.py: order_files``; see the module);
    ``now``: the time of the run (the clock's by default), from which the next deadline runs."""
    if sequential(play):
        raise TurnRefused(f"run: a game of {play.name} is one of sequential moves, each made by mail as it comes "
                          "(adjudicate tick)")
    paths, gm_files = order_files(paths), order_files(gm_files)  # a folder named: its order files
    folder = MovesDir(directory)
    when = now or datetime.now(UTC)
    if dry_run:
        return _run(folder, play, folder.load(play), paths, trust, gm_files, when, write=False)
    # the period's files (its steps, the game file, its reports) made durable once, when the run is done, not a
    # fsync each (``postal/files.py: deferred_sync``); a run sends nothing that depends on them
    with folder.lock(), deferred_sync():
        folder.recover()
        game = folder.load(play)
        first = len(folder.steps())
        try:
            return _run(folder, play, game, paths, trust, gm_files, when, write=True)
        except BaseException as exc:
            if folder.report_path(game.table.moves + 1).exists():  # the period is archived: what failed came after
                raise
            _take_back(folder, first, game.text)
            if isinstance(exc, OSError):
                raise GameFileError(f"{folder.path}: cannot write the period: {exc.strerror or exc}; nothing "
                                    "written") from None
            raise


def _take_back(folder: MovesDir, first: int, text: str) -> None:
    """The steps a failed run archived (from step ``first`` on) removed, and the game file as it was before."""
    import shutil

    for step in reversed(folder.steps()[first:]):
        shutil.rmtree(step)
    if folder.game_file.read_text(encoding="utf-8") != text:
        atomic_write(folder.game_file, text)


def _run(folder: MovesDir, play: Play, game: Loaded, paths: Sequence[str], trust: bool, gm_files: Sequence[str],
         when: datetime, write: bool) -> Resolved:
    if not play.to_act(game.state):
        raise TurnRefused(f"{folder.path}: the game is over; there is no period to resolve")
    wrong: list[dict[str, Any]] = []  # the sections for a seat whose password was wrong: its report says so
    everything, told = read_files(play, game, paths, trust, gm_files, wrong)
    found = [f for f in everything if f.seat != GM_SEAT]
    gm = next((f for f in reversed(everything) if f.seat == GM_SEAT), None)  # the GM's last section counts
    number = game.table.moves + 1
    orders = periods.accepted_orders(play, game.state, game.table)  # what the seats' mail gave, replaced by the files
    orders.update({f.seat: f.orders for f in found})
    if not write:  # the bots' orders for the seats they play and no file gave (written: bots_accepted below)
        orders.update({sid: made for sid, made in periods.bot_orders_of(play, game, folder.read_seed()).items()
                       if sid not in orders})
    given, orders = set(orders), at_deadline(play, game.state, orders)
    stand_in = tuple(sorted(sid for sid in orders if sid not in given))  # a dry run's (a run's: as its step says)
    gm_now = gm.orders if gm is not None else gm_orders(play, game.state, game.table)
    lacking = wanting(play, game.state, gm_now, orders)
    if lacking:
        why = wanted_text(lacking)
        try:  # the play's own words for what it lacks, when resolving without it says them
            resolved_with(play, game.state, orders, gm_now, play.draw(folder.read_seed()))
        except TurnRefused as refused:
            why = str(refused)
        unread = f"; {', '.join(gm_files)} (--gm) holds no GM section: a line GM goes above the GM's lines" \
            if gm is None and gm_files else ""  # the GM named his file, but wrote no GM line in it
        raise TurnRefused(f"{folder.path}: period {number} waits for the GM's section (PLAYER GM PASSWORD ..., or a "
                          f"file given with --gm): {why}{unread}; nothing written")
    if not write:
        state, events = resolved_with(play, game.state, orders, gm_now, play.draw(folder.read_seed()))
        acting = play.to_act(game.state)
        missed = tuple(sid for sid in acting if sid not in orders)
        table = game.table.after_period(acting, missed)
        seed = folder.read_seed() if not play.to_act(state) else None
        kept = periods.refusals(folder, game.table, number, wrong)  # as the run would keep and tell them
        public, _ = reports(play, table, game.state, state, "", with_refused(play, events, kept),
                            len(missed) == len(acting), seed)
        return Resolved(tuple(told), public, number, False, stand_in)
    t = Tick(str(folder.path))
    if gm is not None:
        table = replace(game.table, gm=Accepted("", gm.line, gm.lines))
        record = {"kind": "orders", "move": number, "seat": GM_SEAT, "gm": True, "mail": "", "line": gm.line,
                  "file": Path(gm.file).name, "arrived": when.isoformat(), "by": "gm"}
        folder.commit(play, game, table, game.state, record, "".join(f"{line}\n" for line in gm.lines))
        game = folder.load(play)
    last = {f.seat: f for f in found}  # the last section of a seat counts
    for f in last.values():
        game, _ = back_by_mail(folder, play, game, f.seat, "", 0, t)  # his orders take the seat back (reading 97)
        table = game.table.with_orders(f.seat, Accepted("", f.line, f.lines, f.numbers, file=Path(f.file).name))
        record = {"kind": "orders", "move": number, "seat": f.seat, "mail": "", "line": f.line,
                  "numbers": list(f.numbers), "file": Path(f.file).name, "arrived": when.isoformat(), "by": "gm"}
        folder.commit(play, game, table, game.state, record, "".join(f"{line}\n" for line in f.lines))
        game = folder.load(play)
    game = periods.bots_accepted(folder, play, game, when, t)  # a bot seat's, the caretaker's (reading 98)
    final = at_deadline(play, game.state, periods.accepted_orders(play, game.state, game.table))
    after = periods.resolve(folder, play, game, final, when, t, by="gm", refused=wrong)
    public = folder.report_path(number).read_text(encoding="utf-8")
    return Resolved(tuple(told), public, after.table.moves, True,
                    tuple(sorted(sid for sid in final if game.table.accepted(sid) is None)))  # the step's stand_in
