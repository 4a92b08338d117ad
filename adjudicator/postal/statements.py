"""End-of-game statements, in every game of the platform's session (``new --statements 14d``; issue 34).

After the last period (the play has nobody ``to_act``) the game's deadline
is the statements' (``postal/resolved.py: next_due``: ``statements`` after
that period).  Until then a section with the right password is its seat's
statement: the text under its PLAYER line as written (blank lines kept,
quotes, a signature and the robot's own mail quoted left out), at most
``MAX_STATEMENT`` characters.  It is archived as a step of kind
``statement`` of the game's sealed chain (``statement.txt``, sealed by the
record, which names the ``seat``, the ``mail`` and its ``line``), changing
nothing of the game, and answered with the receipt code ``statement``; the
last statement of a seat counts.  A section after the deadline, or in a game
without statements, is answered ``over``.  At the deadline every seat with
an address gets one mail of every seat's last statement, read from the
archive's steps (``postal/movemails.py: statement_mails``).  This is
Dampfross's practice (``docs/postal.md``, "Statements at the end"), for
every game.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any

from adjudicator.kernel.envelope import MAX_LINES, Section
from adjudicator.kernel.errors import GameFileError
from adjudicator.kernel.mailtext import blank_quotes, split_lines
from adjudicator.kernel.play import Play
from adjudicator.kernel.table import Seat, Table
from adjudicator.postal.inbox import StoredMail
from adjudicator.postal.moves import Loaded, MovesDir
from adjudicator.postal.sealed import read_sealed
from adjudicator.postal.tick import Tick

MAX_STATEMENT = 4000
"""The most characters of one end-of-game statement (as Dampfross's)."""
STATEMENT_FILE = "statement.txt"
"""The file of a step of kind ``statement`` that holds the statement as received."""


def until(table: Table) -> datetime | None:
    """The deadline of the game's statements, or ``None`` when it collects none (no ``--statements``, or the game
    ended before it had them)."""
    return table.schedule.due_at() if table.schedule.statements else None


def statement_text(text: str, section: Section, cut: int | None = None) -> str:
    """The statement a section holds: the lines of ``text`` after its PLAYER line up to the last line it read (blank
    lines between kept; quoted lines and the robot's own mail quoted, from ``cut``, left out), trailing blanks
    stripped, at most ``MAX_STATEMENT`` characters."""
    lines = blank_quotes(split_lines(text)[:MAX_LINES], cut)
    last = max((n for n, _ in (*section.body, *section.prose)), default=section.line)
    body = "\n".join(line.rstrip() for line in lines[section.line:last])
    return body.strip("\n")[:MAX_STATEMENT]


def take(folder: MovesDir, play: Play, game: Loaded, mail: StoredMail, seat: Seat, section: Section, text: str,
         t: Tick, cut: int | None = None) -> tuple[Loaded, str, dict[str, Any]]:
    """A section with the right password after the last period: ``statement`` (``statement``: the text as
    received, ``until``: the deadline) archived as a step, or ``over`` when no statements are collected now."""
    due = until(game.table)
    if due is None or mail.arrived > due:
        return game, "over", {}
    said = statement_text(text, section, cut)
    data = {"statement": said, "until": due.isoformat(), "move": game.table.moves}
    if any(r.get("mail") == mail.key and r.get("line") == section.line and r.get("seat") == seat.id
           for _, r in steps(folder)):  # a tick killed after the step: answered now, not archived twice
        return game, "statement", data
    record = {"kind": "statement", "move": game.table.moves, "seat": seat.id, "mail": mail.key,
              "line": section.line, "arrived": mail.arrived.isoformat()}
    folder.commit(play, game, game.table, game.state, record, kept={STATEMENT_FILE: said + "\n" if said else "\n"})
    t.note("statement", seq=mail.seq, company=seat.id)
    return folder.load(play), "statement", data


def steps(folder: MovesDir) -> Iterator[tuple[Any, dict[str, Any]]]:
    """The steps of kind ``statement`` since the last period (latest first), with their records."""
    for step in reversed(folder.steps()):
        record = folder.record(step)
        if record.get("kind") in ("opening", "move", "missed"):
            return
        if record.get("kind") == "statement":
            yield step, record


def found(folder: MovesDir, table: Table) -> tuple[list[tuple[str, str]], list[str]]:
    """Every seat's last statement (seat and text, in seat order; a seat whose last one is empty has none), read
    from the archive as sealed; and a line for each statement's file changed since (that statement is left out)."""
    last: dict[str, str] = {}
    problems: list[str] = []
    for step, record in steps(folder):
        sid = str(record.get("seat"))
        if sid in last:
            continue
        files = record.get("files")
        expected = files.get(STATEMENT_FILE) if isinstance(files, dict) else None
        try:
            last[sid] = read_sealed(step / STATEMENT_FILE, expected if isinstance(expected, str) else None)
        except GameFileError as exc:
            problems.append(f"the statement of {sid} is not sent: {exc}")
            last[sid] = ""
    return [(s.id, last[s.id].strip("\n")) for s in table.seats if last.get(s.id, "").strip()], problems
