"""Moves sent ahead in a game of sequential moves (issue 27; InterUrban's readings IU-20 to IU-24).

A player's section may hold, after the move or alone, the alternatives of his
next moves (the play reads them: ``kernel.play.Ahead``).  The platform keeps
them in the game file's table (``Table.ahead``, by seat: the GM's, never in a
report or another player's answer), so every change of them is a step of the
hash-chained archive: a mail that replaces them (``stored``, a step of kind
``ahead``), a move played from them (a ``move`` whose record names the
alternative, ``ahead``), and the list dropped when none of the alternatives of
the next move can be played (``dropped``).  When the move comes to the seat,
the first alternative the play reads as a move it allows is played at once
(``turns.play_ahead``); ``verify`` checks that it was the first such one
(``postal/moveverify.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from adjudicator.kernel.play import Lines, Play, Tried, ahead_of, on_move
from adjudicator.kernel.table import Moves, SentAhead, Table
from adjudicator.postal.moves import Loaded, MovesDir


def split(play: Play, state: Any, seat: str, body: Lines) -> tuple[Lines, Moves | None, tuple[Any, ...]]:
    """A section's body as the move now, the moves sent ahead (``None``: none named) and the problems of the moves
    ahead, with those of the move now when it is the seat's (every problem of a section at once); a play without
    moves sent ahead reads the whole body as the move."""
    reader = ahead_of(play)
    if reader is None:
        return body, None, ()
    now, moves, problems = reader.split(state, seat, body)
    if problems and now and seat == on_move(play, state):
        _made, more = play.read(state, seat, now)
        problems = tuple(sorted((*problems, *more), key=lambda p: int(getattr(p, "line", 0))))
    return now, moves, problems


def answered(folder: MovesDir, mail: str, seat: str, line: int) -> bool:
    """Whether the moves sent ahead for ``seat`` by the section of ``mail`` at ``line`` were kept already (a tick
    killed before the mail was marked answered reads it again: they are not kept twice)."""
    for step in reversed(folder.steps()):
        record = folder.record(step)
        if record.get("kind") == "ahead" and (record.get("mail"), record.get("seat"), record.get("line")) == \
                (mail, seat, line):
            return True
        if record.get("kind") == "opening":
            return False
    return False


def first_legal(play: Play, state: Any, seat: str,
                alternatives: Sequence[tuple[str, ...]]) -> tuple[int, Any, tuple[str, ...]] | None:
    """The first alternative the play reads as a move ``seat`` may make now: its number (from 1), the move, its
    lines; ``None`` when there is none."""
    return tried(play, state, seat, alternatives)[0]


def tried(play: Play, state: Any, seat: str, alternatives: Sequence[tuple[str, ...]]
          ) -> tuple[tuple[int, Any, tuple[str, ...]] | None, tuple[Tried, ...]]:
    """``first_legal``, and each alternative before it that could not be played, with the play's problems (codes:
    the rule that refused it; its words say why, reading IU-30); all of them when none could."""
    refused: list[Tried] = []
    for number, lines in enumerate(alternatives, 1):
        made, problems = play.read(state, seat, list(enumerate(lines, 1)))
        if made is not None:
            return (number, made, lines), tuple(refused)
        refused.append((number, tuple(lines), tuple(problems)))
    return None, tuple(refused)


def stored(folder: MovesDir, play: Play, game: Loaded, seat: str, mail: str, line: int,
           sent: SentAhead | None) -> Loaded:
    """The seat's moves sent ahead replaced by those of a mail's section at ``line`` (``None``: it has none now), as
    a step of the archive."""
    table = game.table.with_ahead(seat, sent)
    if table == game.table:
        return game
    record = {"kind": "ahead", "seat": seat, "mail": mail, "line": line, "why": "mail",
              "moves": len(sent.moves) if sent is not None else 0}
    folder.commit(play, game, table, game.state, record)
    return folder.load(play)


def dropped(folder: MovesDir, play: Play, game: Loaded, seat: str) -> Loaded:
    """The seat's moves sent ahead dropped, none of the alternatives of its next move being allowed now (IU-22)."""
    record = {"kind": "ahead", "seat": seat, "why": "none-legal", "move": game.table.moves + 1}
    folder.commit(play, game, game.table.with_ahead(seat, None), game.state, record)
    return folder.load(play)


def after_played(table: Table, seat: str) -> Table:
    """The table after ``seat``'s next move was played from its moves sent ahead: the moves after it are kept."""
    sent = table.sent_ahead(seat)
    return table.with_ahead(seat, replace(sent, moves=sent.moves[1:]) if sent is not None else None)


def replayed(play: Play, old_table: Table, old: Any, table: Table, record: dict[str, Any],
             orders: str | None) -> tuple[Table, str | None]:
    """``verify``'s reading of a step's moves sent ahead: the table the step must have left (from ``old_table``
    and, for what a mail sent, ``table``), and what is wrong (``None``: nothing).

    A mail may change its sender's moves sent ahead and nobody else's; a move played from them must be the
    first alternative allowed then, and keeps the moves after it; a list is dropped only when none is."""
    seat = str(record.get("seat"))
    kind = record.get("kind")
    if kind == "move" and record.get("ahead"):
        sent = old_table.sent_ahead(seat)
        found = first_legal(play, old, seat, sent.moves[0]) if sent is not None else None
        if found is None or found[0] != record["ahead"] or "".join(f"{x}\n" for x in found[2]) != orders:
            return table, f"the move of {seat} is not the first of its moves sent ahead that the rules allow"
        return after_played(old_table, seat), None
    if kind == "ahead" and record.get("why") == "none-legal":
        sent = old_table.sent_ahead(seat)
        if sent is None or first_legal(play, old, seat, sent.moves[0]) is not None:
            return table, f"the moves {seat} sent ahead were dropped though one could be played"
        return old_table.with_ahead(seat, None), None
    if (kind == "ahead" or (kind == "move" and record.get("mail"))) and not record.get("bot"):
        return old_table.with_ahead(seat, table.sent_ahead(seat)), None
    return old_table, None
