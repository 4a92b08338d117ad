"""Order files on disk: which files a turn reads, their text in any common encoding, parsed once; ``settle``: how
``check`` and ``run`` settle a file's orders on the map (whose count) into the engine's input (here, so that a turn
imports nothing of ``check``: its previews load both phases' engines and reports).

Which files are read: every file named explicitly, whatever its name; for
a directory, the files directly inside it (not in subdirectories) whose
names end in ``.orders`` or ``.txt``, in name order, hidden files skipped.
A file that cannot be read becomes a problem naming it, never an exception.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from adjudicator.dampfross.orders import usable
from adjudicator.dampfross.orders.codes import Args, NoteCode, ProblemCode, args
from adjudicator.dampfross.orders.collect import ReceivedFiles
from adjudicator.dampfross.orders.model import Note, OrderProblem, Pos
from adjudicator.dampfross.orders.parse import parse_orders
from adjudicator.dampfross.orders.sections import OrderSet, ParsedFile
from adjudicator.kernel.errors import TurnRefused
from adjudicator.postal.files import MAX_FILE_BYTES, ORDER_SUFFIXES, decode_bytes, folder_order_files

if TYPE_CHECKING:
    from adjudicator.dampfross.board.model import GameMap
    from adjudicator.dampfross.engine.turn import TurnInput
    from adjudicator.dampfross.game.state import GameState
    from adjudicator.dampfross.orders.translate import GMNote


def order_file_paths(paths: Iterable[str | os.PathLike[str]]) -> tuple[list[Path], list[OrderProblem]]:
    """The files to read for the given files and directories, and problems for missing ones."""
    out: list[Path] = []
    problems: list[OrderProblem] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            found = folder_order_files(p)
            if not found:
                patterns = tuple("*" + s for s in ORDER_SUFFIXES)
                problems.append(_file_problem(p, ProblemCode.NO_ORDER_FILES, args(patterns=patterns)))
            out += found
        elif p.exists():
            out.append(p)
        else:
            problems.append(_file_problem(p, ProblemCode.MISSING_FILE))
    return out, problems


def read_text(path: Path) -> tuple[str, list[Note]]:
    """A file's text (``decode_bytes``), with a note when it was not UTF-8.  Raises OSError."""
    text, enc = decode_bytes(path.read_bytes())
    return text, [] if enc is None else [Note(NoteCode.NOT_UTF8, Pos(str(path), 1), args(encoding=enc))]


def read_files(paths: Iterable[str | os.PathLike[str]]) -> ReceivedFiles:
    """Read and parse order files and directories (see the module docstring).

    A file that cannot be read becomes a problem naming it, never an exception.
    """
    files, problems = order_file_paths(paths)
    notes: list[Note] = []
    parsed: list[ParsedFile] = []
    texts: list[tuple[str, str]] = []
    for path in files:
        try:
            size = path.stat().st_size
            if size > MAX_FILE_BYTES:
                problems.append(_file_problem(path, ProblemCode.FILE_TOO_BIG, args(size=size, limit=MAX_FILE_BYTES)))
                continue
            text, read_notes = read_text(path)
        except OSError as exc:
            problems.append(_file_problem(path, ProblemCode.UNREADABLE_FILE, args(reason=str(exc.strerror or exc))))
            continue
        notes += read_notes
        parsed.append(parse_orders(text, str(path)))
        texts.append((str(path), text))
    return ReceivedFiles(tuple(parsed), tuple(texts), tuple(problems), tuple(notes))


def read_order_files(
    paths: Iterable[str | os.PathLike[str]],
    *,
    game: str | None = None,
    turn: int | None = None,
) -> OrderSet:
    """Read order files and directories into one ``OrderSet`` (``read_files`` then ``collect``)."""
    return read_files(paths).orders(game=game, turn=turn)


def _file_problem(path: Path, code: ProblemCode, data: Args = ()) -> OrderProblem:
    """A problem with a whole file (line 0): missing, unreadable, or a directory without order files."""
    return OrderProblem("syntax", code, Pos(str(path), 0, 0), "", data)


def settle(state: GameState, gmap: GameMap, received: ReceivedFiles, trust: bool = False,
           gm_files: Sequence[str] = (), standing: bool = False) -> tuple[OrderSet, TurnInput, list[GMNote]]:
    """The orders on the map, settled (whose count: ``trust``, the GM typed them: no passwords; ``gm_files``, the
    GM's own files; ``standing``, companies without a section play their standing orders), as the engine's input;
    ``TurnRefused`` when they cannot make a turn (``orders/usable.py``)."""
    files = tuple(str(Path(f)) for f in gm_files)
    done = usable.settle(state, gmap, received.orders(game=state.game_id, turn=state.turn), trust, files,
                         standing=standing)
    if isinstance(done, usable.Unusable):
        from adjudicator.dampfross.report.orderwords import unusable_text

        raise TurnRefused(unusable_text(done))
    return done.orders, done.turn_input, list(done.notes)


def refuse_unreadable(orders: OrderSet) -> None:
    """Refuse orders of which a file cannot be read (missing, a directory without order files, too big)."""
    refused = usable.unreadable(orders)
    if refused is not None:
        from adjudicator.dampfross.report.orderwords import unusable_text

        raise TurnRefused(unusable_text(refused))
