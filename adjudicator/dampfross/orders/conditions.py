"""IF ... THEN ... ELSE ... END: how the lines of a conditional nest into one order (reading 102).

The grammar reads one line at a time: ``IF <condition> [THEN]``, ``ELSE``
and ``END`` (``ENDE``) stand on lines of their own.  ``Nest`` gathers the
orders between them into a ``Conditional`` while ``parse.py`` walks a
section, and refuses, each with a problem at its line:

* an IF inside more than ``MAX_DEPTH`` IFs, more than ``MAX_CONDITIONS`` IF
  lines in one section, more than ``MAX_ORDERS`` orders inside one
  outermost IF, more than ``MAX_CHEAPEST`` BUILD CHEAPEST lines in one
  section (the work a turn does for them stays small: bench_conditional);
* ELSE outside an IF, a second ELSE, an IF not closed by END before the
  section ends;
* an order that cannot stand inside IF ... END: only BUILD (not a joint line),
  BUILD CHEAPEST and ENTER do, and further IFs.  START, DECLARE END, PASS,
  BUY FERRY, POWERS, PRESS are decided before anybody builds or are no
  building at all.

A conditional with any such problem inside it, or a line inside it that
cannot be read, is not carried out at all (one more problem at its IF line
says so): half of a player's plan is not what he wrote.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from adjudicator.dampfross.orders.codes import Args, HintCode, ProblemCode, args
from adjudicator.dampfross.orders.mistakes_base import keyword_of
from adjudicator.dampfross.orders.model import (
    BuildOrder,
    CheapestOrder,
    Conditional,
    ElseLine,
    EnterOrder,
    Hint,
    IfLine,
    OrderProblem,
    PlayerOrder,
    Pos,
    ProblemKind,
)

MAX_DEPTH = 3
"""IFs may stand inside IFs this deep (an IF inside three others is refused)."""

MAX_CONDITIONS = 20
"""The most IF lines of one player's section."""

MAX_ORDERS = 40
"""The most orders inside one outermost IF ... END, both branches and every IF inside counted."""

MAX_CHEAPEST = 10
"""The most BUILD CHEAPEST lines of one section, inside IFs or not (each is a search of the map when it comes to be
built: bench/bench_conditional.py)."""

INSIDE = (BuildOrder, CheapestOrder, EnterOrder, Conditional)
"""The orders that may stand inside IF ... END (a joint BUILD WITH line may not)."""


@dataclass
class _Frame:
    """An IF being read: its line, the orders of THEN and (after ELSE) of ELSE."""

    line: IfLine | None  # None: an IF line that could not be read (its orders are gathered and dropped)
    pos: Pos
    then: list[PlayerOrder] = field(default_factory=list)
    otherwise: list[PlayerOrder] = field(default_factory=list)
    else_pos: Pos | None = None


class Nest:
    """The IFs open in one section, innermost last; ``problems`` found so far."""

    def __init__(self) -> None:
        self.stack: list[_Frame] = []
        self.problems: list[OrderProblem] = []
        self.conditions = 0
        self.orders = 0
        self.cheapest = 0
        self.broken = False  # the outermost IF open will not be carried out

    @property
    def open(self) -> bool:
        return bool(self.stack)

    def _problem(self, kind: ProblemKind, code: ProblemCode, pos: Pos, text: str, data: Args = (),
                 hint: Hint | None = None) -> None:
        self.problems.append(OrderProblem(kind, code, pos, text, data, hint))
        if self.stack:
            self.broken = True

    def begin(self, line: IfLine | None, pos: Pos, text: str) -> None:
        """An IF line (``None``: one that could not be read, whose own problem is already filed)."""
        self.conditions += 1
        before = len(self.problems)
        if len(self.stack) >= MAX_DEPTH:
            self._problem("illegal", ProblemCode.IF_TOO_DEEP, pos, text, args(limit=MAX_DEPTH),
                          Hint(HintCode.CONDITIONAL_FORM))
        elif self.conditions == MAX_CONDITIONS + 1:
            self._problem("illegal", ProblemCode.TOO_MANY_CONDITIONS, pos, text, args(limit=MAX_CONDITIONS))
        self.stack.append(_Frame(line, pos))
        self.broken = self.broken or line is None or len(self.problems) > before or self.conditions > MAX_CONDITIONS

    def otherwise(self, line: ElseLine | None, pos: Pos, text: str, keyword: str) -> None:
        """An ELSE line (``None``: one that could not be read)."""
        if not self.stack:
            self._problem("syntax", ProblemCode.ELSE_WITHOUT_IF, pos, text, args(keyword=keyword),
                          Hint(HintCode.CONDITIONAL_FORM))
            return
        top = self.stack[-1]
        if line is None:
            self.broken = True
        elif top.else_pos is not None:
            self._problem("syntax", ProblemCode.SECOND_ELSE, pos, text, args(keyword=keyword, first=top.else_pos.line),
                          Hint(HintCode.CONDITIONAL_FORM))
        top.else_pos = top.else_pos or pos

    def end(self) -> Conditional | None:
        """An END line closing the innermost IF: the whole conditional when it was the outermost and all is well."""
        top = self.stack.pop()
        done = None
        if top.line is not None:
            done = Conditional(top.line.condition, tuple(top.then), tuple(top.otherwise), top.pos, top.line.text)
        if self.stack:
            if done is not None:
                self.add(done)
            return None
        return self._outermost(done, top)

    def _outermost(self, done: Conditional | None, top: _Frame) -> Conditional | None:
        broken, self.broken, self.orders = self.broken, False, 0
        if broken or done is None:
            if done is not None:  # an IF line that cannot be read has its own problem already
                self.problems.append(OrderProblem("illegal", ProblemCode.CONDITIONAL_DROPPED, top.pos,
                                                  top.line.text if top.line else "", args(line=top.pos.line)))
            return None
        return done

    def add(self, order: PlayerOrder) -> None:
        """An order inside the innermost IF (or its ELSE)."""
        top = self.stack[-1]
        if not isinstance(order, INSIDE) or (isinstance(order, BuildOrder) and order.partner):
            word = order.echo().split()[0] + (" WITH" if isinstance(order, BuildOrder) else "")
            self._problem("illegal", ProblemCode.NOT_IN_CONDITIONAL, order.pos, order.text, args(order=word),
                          Hint(HintCode.ONLY_BUILD_OR_ENTER))
            return
        if not isinstance(order, Conditional):
            self.orders += 1
            if self.orders == MAX_ORDERS + 1:
                self._problem("illegal", ProblemCode.CONDITIONAL_TOO_LONG, order.pos, order.text,
                              args(limit=MAX_ORDERS))
        (top.otherwise if top.else_pos is not None else top.then).append(order)

    def cheapest_allowed(self, order: CheapestOrder) -> bool:
        """Counts a BUILD CHEAPEST line of the section: ``False`` (and a problem) past ``MAX_CHEAPEST``."""
        self.cheapest += 1
        if self.cheapest <= MAX_CHEAPEST:
            return True
        self._problem("illegal", ProblemCode.TOO_MANY_CHEAPEST, order.pos, order.text, args(limit=MAX_CHEAPEST))
        return False

    def bad_line(self) -> None:
        """A line inside an IF that cannot be read (its problem is filed by the parser)."""
        if self.stack:
            self.broken = True

    def close(self) -> None:
        """The section ends: every IF still open is a problem, and nothing of it is carried out."""
        for frame in self.stack:
            self.problems.append(OrderProblem("syntax", ProblemCode.IF_NOT_CLOSED, frame.pos,
                                              frame.line.text if frame.line else "", args(line=frame.pos.line),
                                              Hint(HintCode.CONDITIONAL_FORM)))
        self.stack.clear()
        self.broken = False
        self.orders = 0
        self.cheapest = 0
        self.conditions = 0


def looks_like_if(words: list[str]) -> bool:
    """Whether a line beginning with IF (WENN) that cannot be read is meant as an IF line, not prose ("Wenn es
    geht, ..."): it ends with THEN, or asks a condition by its keyword after IF [NOT]."""
    kws = [keyword_of(w) for w in words]
    return kws[-1] == "THEN" or (len(kws) > 1 and kws[1] in ("NOT", "BALANCE", "RACE", "STANDBY")) \
        or any(k in ("TAKEN", "CONNECTED") for k in kws)


def closing_ends(lines: list[tuple[bool, bool]]) -> list[int]:
    """The indexes of END lines that close an IF, among lines given as (opens an IF, is END alone).

    ``parse.py`` keeps them among the orders even after the last order line
    (elsewhere END alone after the orders is a mail's sign-off)."""
    depth, out = 0, []
    for i, (opens, end) in enumerate(lines):
        if opens:
            depth += 1
        elif end and depth:
            depth -= 1
            out.append(i)
    return out
