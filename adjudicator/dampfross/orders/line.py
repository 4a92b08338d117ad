"""Parse ONE order line with the Lark grammar ``grammar/orders.lark``.

Each line is parsed on its own, so a typo on one line never hides the
errors of the next.  A line the grammar accepts is read into the order
model by ``orders/reader.py``; a line it rejects becomes one positioned
problem whose code the table of sample mistakes gives (``mistakes.py``).
Nothing is raised; problems carry codes and data, never sentences.
"""

from __future__ import annotations

from functools import cache

from lark import Lark, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from adjudicator import cachefolder
from adjudicator.dampfross.orders.codes import HintCode, args
from adjudicator.dampfross.orders.codes import ProblemCode as P
from adjudicator.dampfross.orders.mistakes_base import ErrorContext, keyword_of
from adjudicator.dampfross.orders.model import OrderProblem, Pos
from adjudicator.dampfross.orders.reader import LineReader, LineResult, code_of
from adjudicator.kernel.languages import grammar_text

MAX_LINE = 300
"""The longest line read as an order (a route across a whole map is well under 200 characters)."""

@cache
def order_parser() -> Lark:
    """The LALR parser for one order line, built on first use and kept (and cached on disk when allowed)."""
    text = grammar_text("orders.lark")  # every language's keywords, the envelope's written out
    # Lark checks the cached tables against the grammar's hash, and rebuilds
    # (quietly) when the file is missing, stale, unreadable or unwritable.
    kept = cachefolder.folder()  # the application's cache, if any (Lark checks the tables against the grammar)
    cache: str | bool = f"{kept}/orders.lark.cache" if kept else False
    return Lark(text, parser="lalr", lexer="contextual", start="line", cache=cache)


def parse_line(line: str, filename: str, number: int) -> LineResult:
    """Parse one order line; ``number`` is its 1-based line number in ``filename``.

    A line longer than ``MAX_LINE`` is not parsed at all: one problem says so.
    """
    text = line.rstrip()
    if len(text) > MAX_LINE:
        return LineResult(None, (OrderProblem("syntax", P.LINE_TOO_LONG, Pos(filename, number, MAX_LINE + 1),
                                              text[:MAX_LINE], args(length=len(text), limit=MAX_LINE)),))
    try:
        tree = order_parser().parse(text)
    except UnexpectedInput as exc:
        return LineResult(None, (_syntax_problem(exc, text, filename, number),))
    return LineReader(text, filename, number).read(tree)


def _syntax_problem(exc: UnexpectedInput, text: str, filename: str, number: int) -> OrderProblem:
    """Turn a Lark error into a positioned problem with the code the table of sample mistakes gives."""
    code = code_of(text)
    if isinstance(exc, UnexpectedToken) and exc.token.type != "$END":
        column, bad = exc.token.column, str(exc.token)
        expected = exc.accepts or exc.expected
    elif isinstance(exc, UnexpectedToken):
        column, bad = len(code.rstrip()) + 1, ""
        expected = exc.accepts or exc.expected
    elif isinstance(exc, UnexpectedCharacters):
        column = exc.column
        rest = code[column - 1 :].split()
        bad = rest[0] if rest else code[column - 1 : column]
        expected = exc.allowed or set()
    else:  # pragma: no cover - LALR raises only the two above
        column, bad, expected = 1, "", set()
    words = code.split()
    written = words[0] if words else None
    keyword = keyword_of(written) if written else None
    label = sample_label(exc)
    ctx = ErrorContext(code, column, bad, keyword, written, frozenset(expected))
    from adjudicator.dampfross.orders.mistakes import explain  # the table of mistakes: for a line that fails

    problem, data, help_ = explain(label, ctx)
    if help_ is not None and help_.code is HintCode.WRITE and not _mends(str(dict(help_.args)["line"]), code, column):
        help_ = None
    return OrderProblem("syntax", problem, Pos(filename, number, column), text, data, help_)


def _mends(line: str, code: str, column: int) -> bool:
    """Whether ``line``, the line a hint tells the player to write instead of ``code`` (refused at ``column``), is an
    order: the grammar reads it, or what still stops it is the player's own text after the place mended (a hint is
    an order: issue 35, STYLE 27; ``tests/test_hints_are_orders.py`` feeds every hint of the table back)."""
    try:
        order_parser().parse(line)
        return True
    except UnexpectedCharacters as exc:
        at = exc.column
    except UnexpectedToken as exc:
        at = exc.token.column if exc.token.type != "$END" and exc.token.column else len(line.rstrip()) + 1
    except UnexpectedInput:  # pragma: no cover - LALR raises only the two above
        return False
    return at - (len(line.strip()) - len(code.strip())) > column


@cache
def _sample_errors() -> tuple[tuple[str, UnexpectedInput], ...]:
    """The error each sample of the mistakes table raises, with its label: parsed once per process."""
    from adjudicator.dampfross.orders.mistakes import EXAMPLES  # as in _syntax_problem

    out = []
    for label, samples in EXAMPLES.items():
        for sample in samples:
            try:
                order_parser().parse(sample)
            except UnexpectedInput as ut:
                out.append((label, ut))
    return tuple(out)


@cache
def _samples_by_state() -> dict[object, tuple[tuple[str, UnexpectedInput], ...]]:
    """``_sample_errors`` by the parser state each failed in (``_state_key``), in the table's order."""
    found: dict[object, list[tuple[str, UnexpectedInput]]] = {}
    for label, ut in _sample_errors():
        found.setdefault(_state_key(ut.state), []).append((label, ut))
    return {state: tuple(samples) for state, samples in found.items()}


def _state_key(state: object) -> object:
    """A parser state as a key equal where Lark's states are equal (``ParserState.__eq__``: as deep, at the same
    position)."""
    stack = getattr(state, "state_stack", None)
    if isinstance(stack, list) and stack:
        return "at", len(stack), stack[-1]
    try:
        return "is", state, hash(state)
    except TypeError:  # pragma: no cover - Lark's states are ParserStates or None
        return "id", id(state)


def sample_label(exc: UnexpectedInput) -> str | None:
    """The label of the sample mistake that fails like ``exc``: Lark's ``match_examples`` without re-parsing.

    The same rule as ``exc.match_examples(parse, EXAMPLES, token_type_match_fallback=True,
    use_accepts=False)``: the first sample failing in the same parser state at the same token,
    else the first in that state at a token of the same type, else the first in that state.  The
    samples' errors are computed once and kept by their parser state, so a mail full of prose
    costs a look at the samples of one state per line, not a parse of every sample.
    (``use_accepts=False``: START and BUILD share states, the explainers tell them apart by the
    line's keyword.)
    """
    candidate: tuple[str | None, bool] = (None, False)
    tokens = (UnexpectedToken, UnexpectedEOF)
    for label, ut in _samples_by_state().get(_state_key(exc.state), ()):
        if isinstance(exc, tokens) and isinstance(ut, tokens):
            if ut.token == exc.token:
                return label
            if ut.token.type == exc.token.type and not candidate[1]:
                candidate = label, True
        if candidate[0] is None:
            candidate = label, False
    return candidate[0]
