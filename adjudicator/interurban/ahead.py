"""Moves sent ahead (issue 27, readings IU-20 to IU-24 of docs/interurban-rules.md): a section's lines split into
the move now and the alternatives of the player's next moves.

::

    6 CURVE 1 LEFT          the move now (may be left out: the section sends only moves ahead)
    NEXT                    (DANACH) my next move: the first of these the rules allow then
    H STRAIGHT 1
    OR                      (ODER) else this one
    5 STATION 3
    7 CURVE 2 RIGHT
    NEXT                    the move after that
    PASS

A ``NEXT`` line with nothing after it, as the last line, says "no moves sent
ahead".  Each alternative is read as a move is read (every line by the
grammar, at most three tiles, one station, PASS alone); which one the rules
allow is known only when the move comes (the postal loop plays the first one:
``postal/ahead.py``).  Pure: lines in, lines and problems out.
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.interurban.notation import (
    KEYWORDS,
    Code,
    Hint,
    NotationProblem,
    read_line,
    read_orders,
    separator,
    shape_problem,
)
from adjudicator.interurban.state import State
from adjudicator.kernel.table import Moves

Lines = tuple[tuple[int, str], ...]

MAX_AHEAD = 3
"""The most moves one player may send ahead (his next three moves)."""
MAX_ALTERNATIVES = 4
"""The most alternatives of one move sent ahead."""
LIMITS = (("moves", MAX_AHEAD), ("alternatives", MAX_ALTERNATIVES))
_NEXT = frozenset(KEYWORDS["NEXT"])
_OR = frozenset(KEYWORDS["OR"])


def split(lines: Sequence[tuple[int, str]], state: State) -> tuple[Lines, Moves | None, tuple[NotationProblem, ...]]:
    """The move now (its lines), the moves sent ahead (``None``: no NEXT line; ``()``: NEXT alone at the end), and
    every problem of the moves sent ahead as written (the move now is read as a move: ``notation.parse_move``)."""
    now: list[tuple[int, str]] = []
    moves: list[list[list[tuple[int, str]]]] = []
    problems: list[NotationProblem] = []
    opened: list[tuple[int, int, str]] = []  # (line, column, NEXT or OR) of each alternative begun
    for number, text in lines:
        code = text.split("#", 1)[0].rstrip()
        word = code.split()[0].lower().rstrip(":") if code.split() else ""
        if word not in _NEXT | _OR:
            (moves[-1][-1] if moves else now).append((number, text))
            continue
        if separator(code) is None:  # more on the line: said, and read as NEXT or OR
            problems.append(_separator_problem(code, number, state))
        column = len(code) - len(code.lstrip()) + 1
        if word in _NEXT:
            if len(moves) == MAX_AHEAD:
                problems.append(NotationProblem(number, column, Code.TOO_MANY_AHEAD, (("limit", MAX_AHEAD),),
                                                Hint.AHEAD_FORM, text))
                break
            moves.append([[]])
        elif not moves:
            problems.append(NotationProblem(number, column, Code.OR_WITHOUT_NEXT, LIMITS, Hint.AHEAD_FORM, text))
            continue
        elif len(moves[-1]) == MAX_ALTERNATIVES:
            problems.append(NotationProblem(number, column, Code.TOO_MANY_ALTERNATIVES,
                                            (("limit", MAX_ALTERNATIVES),), Hint.AHEAD_FORM, text))
            break
        else:
            moves[-1].append([])
        opened.append((number, column, text))
    if not moves and not problems:
        return tuple(now), None, ()
    alternatives = [alt for move in moves for alt in move]
    lone = len(alternatives) == 1  # a NEXT line and nothing after it
    for (number, column, text), alt in zip(opened, alternatives, strict=True):
        problems += _alternative(alt, number, column, text, state, lone)
    if problems:
        return tuple(now), None, tuple(sorted(problems, key=lambda p: (p.line, p.column)))
    if len(alternatives) == 1 and not alternatives[0]:
        return tuple(now), (), ()  # NEXT alone: no moves sent ahead
    sent = tuple(tuple(tuple(line for _, line in alt) for alt in move) for move in moves)
    return tuple(now), sent, ()


def _alternative(alt: Sequence[tuple[int, str]], number: int, column: int, text: str, state: State,
                 lone: bool) -> list[NotationProblem]:
    """The problems of one alternative as written (``lone``: the section's only one, which may be empty)."""
    if not alt:
        return [] if lone else [NotationProblem(number, column, Code.EMPTY_ALTERNATIVE, LIMITS, Hint.AHEAD_FORM,
                                                text)]
    orders, problems = read_orders(alt, state)
    texts = dict(alt)
    if not problems:
        shape = shape_problem(orders, alt[0][0])
        problems = [shape] if shape is not None else []
    return [NotationProblem(p.line, p.column, p.code, p.args, p.hint, texts.get(p.line, "")) for p in problems]


def _separator_problem(code: str, number: int, state: State) -> NotationProblem:
    """What is wrong with a line that begins with NEXT or OR and says more (``separator``: not ``Next move:``)."""
    read = read_line(code, number, state)
    if not isinstance(read, NotationProblem):  # never: a keyword alone is a separator
        read = NotationProblem(number, 1, Code.EXPECTED, (("word", code), ("expected", ("end",))))
    hint = read.hint if read.hint == Hint.DID_YOU_MEAN else Hint.AHEAD_FORM
    return NotationProblem(read.line, read.column, read.code, read.args + LIMITS, hint, code)
