"""The move notation: a player's lines of text to the placements of one move (docs/interurban-rules.md).

``parse_move(lines, state, player)`` reads each line with ``grammar/interurban.lark``
and resolves the orders one after another against the board: each tile goes into
the cell at the end of the line it names, so the usual move needs no coordinates.
Nothing is raised for bad input: every problem is a ``NotationProblem`` with the
line, the column, a code and its data, and a hint code (the words are the report
layer's, ``interurban.words``).  A tile the rules refuse is a problem at its line
(code ``refused``, the rule's code in ``rule``), found by laying the tiles in turn.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import cache, lru_cache
from typing import Any

from lark import Lark, Token, Tree, UnexpectedInput, UnexpectedToken

from adjudicator.interurban.move import MoveRefused, place
from adjudicator.interurban.state import Line, Placement, State
from adjudicator.interurban.tiles import OPPOSITE, TRACKS, Cell, Edge, Kind, Orientation, Tile, step
from adjudicator.kernel.envelope import move_word
from adjudicator.kernel.languages import colours, grammar_text, spellings


class Code(StrEnum):
    """Why the lines cannot be read as a move (args in brackets)."""

    LINE_TOO_LONG = "line-too-long"  # length, limit
    UNKNOWN_ORDER = "unknown-order"  # word
    MISSPELT = "misspelt"  # word, meant
    EXPECTED = "expected"  # word, expected (categories: line tile turn value colour also at coordinate end)
    INCOMPLETE = "incomplete"  # expected
    UNKNOWN_LINE = "unknown-line"  # line, lines
    LINE_FINISHED = "line-finished"  # line, lines
    UNKNOWN_COLOUR = "unknown-colour"  # word, colours
    TWO_COLOURS = "two-colours"
    NOT_FACE_UP = "not-face-up"  # kind, value (if written), colour ("" for track), face_up
    WHICH_VALUE = "which-value"  # kind, values, face_up
    NO_LINE_ENDS_AT = "no-line-ends-at"  # cell
    WHICH_LINE = "which-line"  # cell, lines
    WRONG_CELL = "wrong-cell"  # line, cell, expected
    ALSO_NOT_CROSSING = "also-not-crossing"
    ALSO_NOT_JOINED = "also-not-joined"  # line, lines
    REFUSED = "refused"  # rule, and the rule's data (cell, line, edge)
    TOO_MANY_TILES = "too-many-tiles"  # count
    TWO_STATIONS = "two-stations"
    PASS_WITH_TILES = "pass-with-tiles"
    NO_MOVE = "no-move"
    NOT_ON_MOVE = "not-on-move"  # player, on_move
    GAME_OVER = "game-over"
    AHEAD_NOT_HERE = "ahead-not-here"  # word: NEXT or OR where a move's own lines are read
    OR_WITHOUT_NEXT = "or-without-next"
    EMPTY_ALTERNATIVE = "empty-alternative"
    TOO_MANY_AHEAD = "too-many-ahead"  # limit
    TOO_MANY_ALTERNATIVES = "too-many-alternatives"  # limit


class Hint(StrEnum):
    """What the player could write instead (its data is in the problem's args)."""

    DID_YOU_MEAN = "did-you-mean"  # meant
    OPEN_LINES = "open-lines"  # lines
    FACE_UP = "face-up"  # face_up: (kind, value, colour) of every face-up tile
    COLOURS = "colours"  # colours
    FORM = "form"  # the shape of an order line
    NAME_THE_LINE = "name-the-line"  # lines
    ONE_STATION = "one-station"
    AHEAD_FORM = "ahead-form"  # moves, alternatives: the shape of moves sent ahead (interurban/ahead.py)


Args = tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class NotationProblem:
    """One thing wrong with a move as written: where (line in the mail, 1-based column), what, what to try."""

    line: int
    column: int
    code: Code
    args: Args = ()
    hint: Hint | None = None
    text: str = field(default="", compare=False)
    """The line as the player wrote it (quoted back with a caret under the column; not part of the problem)."""

    def get(self, key: str, default: Any = None) -> Any:
        return dict(self.args).get(key, default)


MAX_LINE = 200
"""The longest line read as an order (an order has a few words)."""
MAX_ORDERS = 3
"""Tiles in one move (seed 001: 'ein, zwei oder drei Plättchen')."""

_SPELLED = spellings("interurban")
KEYWORDS: dict[str, tuple[str, ...]] = {
    **{name: words for name, words in _SPELLED.items() if name not in ("LEFT", "RIGHT")},
    "TURN": _SPELLED["LEFT"] + _SPELLED["RIGHT"]}
"""Every keyword's spellings, English first, then every other language's (``adjudicator/kernel/locale/*/
language.toml``, ``[interurban]``): the grammar's terminals, spelled when the parser is built (``TURN`` is LEFT
and RIGHT)."""

LEFT_WORDS = tuple(w.lower() for w in _SPELLED["LEFT"])
SEPARATORS = ("NEXT", "OR")
"""The keywords of moves sent ahead (``interurban/ahead.py``): a line of their own, never a move's order."""
_SEPARATOR_WORDS = frozenset(s for name in SEPARATORS for s in KEYWORDS[name])
_SPELLINGS = {name: frozenset(s.lower() for s in KEYWORDS[name]) for name in SEPARATORS}
_ORDER_WORDS = frozenset(s for name, spellings in KEYWORDS.items() if name not in SEPARATORS for s in spellings)


def order_like(line: str) -> bool:
    """Whether a line of a mail reads as an order, or is meant as one: it begins with a line's label (``6``; ``H``
    before a keyword), or a keyword of the notation, or a near spelling of one (``CRUVE``), followed by a word an
    order may hold (reading IU-29: "Take care, Anna", "At last!" are prose, though TAKE and AT are keywords), or it
    is ``NEXT`` or ``OR`` alone (moves sent ahead; ``Next move:`` too, ``separator``); a greeting or a sign-off
    ("Anna", "Cheers, Tom", "Viele Grüße", "Next week I am away") does not."""
    words = line.split()
    if not words or len(line) > MAX_LINE * 2:
        return bool(words)
    first = words[0].lower().rstrip(":,.")
    if first in _SEPARATOR_WORDS:  # NEXT or OR alone on its line ("Next week ..." is prose)
        return separator(line.split("#", 1)[0]) is not None
    if first in _ORDER_WORDS:
        return len(words) == 1 or _order_word(words[1])
    if len(first) <= 2 and first.isalnum():  # a line's label: a number alone, or a label before a keyword
        return first.isdigit() or (len(words) > 1 and _keyword_like(words[1]))
    return len(words) > 1 and _keyword_like(first) and _order_word(words[1])


def separator(code: str) -> str | None:
    """``NEXT`` or ``OR`` when a line (its comment cut off) is that keyword alone, a colon after it allowed
    (``Next:``), and ``NEXT`` also when the envelope's word for a move follows it (``Next move:``, ``DANACH ZUG``;
    reading IU-29); ``None`` for any other line."""
    words = code.replace(":", " ").split()
    if not words or len(words) > 2:
        return None
    first = words[0].lower()
    name = next((n for n in SEPARATORS if first in _SPELLINGS[n]), None)
    if name is None or (len(words) == 2 and (name != "NEXT" or not move_word(words[1]))):
        return None
    return name


def _order_word(word: str) -> bool:
    """Whether ``word`` may stand second in an order line: a number or coordinates, a keyword or a near spelling of
    one, a colour, a line's label (one capital letter: ``ALSO H``), a comment; a line that begins with a keyword
    and goes on with any other word is prose ("Take care", "At last!", "Na dann", "Pass on my regards")."""
    if word.startswith("#") or any(ch.isdigit() for ch in word) or (len(word) == 1 and word.isupper()):
        return True
    plain = word.lower().strip(",.:;!?")
    return not plain or plain in _COLOUR_WORDS or _keyword_like(plain)


@lru_cache(maxsize=4096)
def _keyword_like(word: str) -> bool:
    """A keyword of the notation or a near spelling of one (a mail repeats its words: each is matched once)."""
    word = word.lower().rstrip(":,.")
    return word in _ORDER_WORDS or bool(difflib.get_close_matches(word, _ORDER_WORDS, 1, 0.8))

COLOUR_ALIASES = colours()
"""The seed's five colours in every language (seed 001: 'rot, blau, lila, grün und gelb'; ``[colours]`` of each
``language.toml``)."""
_COLOUR_WORDS = frozenset(COLOUR_ALIASES) | frozenset(COLOUR_ALIASES.values())

CATEGORIES = {"LABEL": "line", "PASS": "pass", "STRAIGHT": "tile", "CURVE": "tile", "STATION": "tile",
              "CROSSING": "tile", "TURN": "turn", "NUMBER": "value", "WORD": "colour", "ALSO": "also",
              "AT": "at", "INT": "coordinate", "COMMA": "coordinate", "NEXT": "next", "OR": "or", "$END": "end"}
"""What a terminal the parser expected is, for the words of ``expected`` and ``incomplete``."""

KINDS: dict[str, Kind] = {"straight": "straight", "curve": "curve", "simple": "simple", "crossing": "crossing"}
LEFT_OF: dict[Edge, Edge] = {"N": "W", "W": "S", "S": "E", "E": "N"}
RIGHT_OF: dict[Edge, Edge] = {v: k for k, v in LEFT_OF.items()}


@cache
def parser() -> Lark:
    """The LALR parser for one order line, built on first use."""
    text = grammar_text("interurban.lark", table=KEYWORDS)  # every language's keywords
    return Lark(text, parser="lalr", lexer="contextual", start="start")


@dataclass(frozen=True)
class Order:
    """One line read: the tile (kind, value, colour), where it goes and the tokens for positions."""

    line: int
    label: Token | None
    kind: Kind
    value: Token | None
    colour: Token | None
    turn: Token | None
    also: Token | None
    at: tuple[Cell, int] | None
    column: int


def parse_move(lines: Sequence[tuple[int, str]], state: State,
               player: str) -> tuple[tuple[Placement, ...] | None, tuple[NotationProblem, ...]]:
    """The placements of ``player``'s move written in ``lines`` (number in the mail, text), or the problems.

    ``()`` is the declaration that no tile can be laid (``PASS``).  ``None`` comes with at least
    one problem: every line that cannot be read, else the first order that cannot be resolved.
    """
    first = lines[0][0] if lines else 0
    if state.over:
        return None, (NotationProblem(first, 1, Code.GAME_OVER),)
    if player != state.on_move:
        return None, (NotationProblem(first, 1, Code.NOT_ON_MOVE, (("player", player), ("on_move", state.on_move))),)
    orders, problems = read_orders(lines, state)
    if problems:
        return None, _quoting(problems, lines)
    placements, unresolved = _resolve(orders, state, player, first)
    return placements, _quoting(unresolved, lines)


def read_orders(lines: Sequence[tuple[int, str]], state: State) -> tuple[list[Order | int], list[NotationProblem]]:
    """Each line read by the grammar on its own (``int``: PASS on that line), and the problems of those that cannot
    be read (``state``: only for the hints)."""
    orders: list[Order | int] = []
    problems: list[NotationProblem] = []
    for number, text in lines:
        code = text.split("#", 1)[0].rstrip()
        if not code.strip():
            continue
        read = read_line(code, number, state) if separator(code) is None else None
        if isinstance(read, NotationProblem):
            problems.append(read)
        elif read is None or isinstance(read, Tree):
            problems.append(NotationProblem(number, _first_column(code), Code.AHEAD_NOT_HERE,
                                            (("word", code.strip().upper()),), Hint.AHEAD_FORM))
        else:
            orders.append(read)
    return orders, problems


def read_line(code: str, number: int, state: State) -> Order | int | Tree[Token] | NotationProblem:
    """One line (its comment cut off) read by the grammar: an order, PASS (``int``: the line), a NEXT or OR line
    (its tree: ``next_order``, ``or_order``), or what is wrong with it."""
    if len(code) > MAX_LINE:
        return NotationProblem(number, MAX_LINE + 1, Code.LINE_TOO_LONG, (("length", len(code)), ("limit", MAX_LINE)))
    try:
        tree = parser().parse(code)
    except UnexpectedInput as exc:
        return _syntax_problem(exc, code, number, state)
    order = tree.children[0]
    if isinstance(order, Tree) and order.data in ("next_order", "or_order"):
        return order
    return _read(tree, number)


def _quoting(problems: Sequence[NotationProblem], lines: Sequence[tuple[int, str]]) -> tuple[NotationProblem, ...]:
    """The problems, each with the text of the line it names (for the caret of its receipt)."""
    texts = dict(lines)
    return tuple(replace(p, text=texts.get(p.line, "")) for p in problems)


def shape_problem(orders: Sequence[Order | int], first: int) -> NotationProblem | None:
    """What is wrong with the orders of one move as a whole, whatever the board (``None``: nothing): PASS with
    tiles, no order, more than three tiles, two stations."""
    passes = [o for o in orders if isinstance(o, int)]
    tiles = [o for o in orders if isinstance(o, Order)]
    if passes and tiles:
        return NotationProblem(passes[0], 1, Code.PASS_WITH_TILES)
    if passes:
        return None
    if not tiles:
        return NotationProblem(first, 1, Code.NO_MOVE, (), Hint.FORM)
    if len(tiles) > MAX_ORDERS:
        return NotationProblem(tiles[MAX_ORDERS].line, 1, Code.TOO_MANY_TILES, (("count", len(tiles)),))
    stations = [o for o in tiles if o.kind in ("simple", "crossing")]
    if len(stations) > 1:
        return NotationProblem(stations[1].line, stations[1].column, Code.TWO_STATIONS, (), Hint.ONE_STATION)
    return None


def _resolve(orders: Sequence[Order | int], state: State, player: str,
             first: int) -> tuple[tuple[Placement, ...] | None, tuple[NotationProblem, ...]]:
    shape = shape_problem(orders, first)
    if shape is not None:
        return None, (shape,)
    if any(isinstance(o, int) for o in orders):
        return (), ()
    tiles = [o for o in orders if isinstance(o, Order)]
    placements: list[Placement] = []
    board = state
    for order in tiles:
        got = _one(order, board, player)
        if isinstance(got, NotationProblem):
            return None, (got,)
        placement, board = got
        placements.append(placement)
    return tuple(placements), ()


def _one(order: Order, state: State, player: str) -> tuple[Placement, State] | NotationProblem:
    """Resolve one order against the board as the earlier orders left it, and lay its tile."""
    line = _line_of(order, state)
    if isinstance(line, NotationProblem):
        return line
    cell = step(line.end, line.exit)
    if order.at is not None and order.label is not None and order.at[0] != cell:
        return NotationProblem(order.line, order.at[1], Code.WRONG_CELL,
                               (("line", line.label), ("cell", order.at[0]), ("expected", cell)))
    tile = _tile(order, state, player)
    if isinstance(tile, NotationProblem):
        return tile
    orientation = _orientation(order, line.exit)
    if isinstance(orientation, NotationProblem):
        return orientation
    if order.also is not None and order.kind != "crossing":
        return NotationProblem(order.line, _col(order.also), Code.ALSO_NOT_CROSSING)
    placement = Placement(tile.id, cell, orientation)
    try:
        after, events = place(state, placement)
    except MoveRefused as refused:
        return NotationProblem(order.line, order.column, Code.REFUSED,
                               (("rule", refused.problem.code),) + refused.problem.data)
    if state.first_round and any(code == "finished" for code, _ in events):
        return NotationProblem(order.line, order.column, Code.REFUSED, (("rule", "B"), ("tile", tile.id)))
    if order.also is not None:
        joined: tuple[str, ...] = next(dict(data)["lines"] for code, data in events if code == "laid")
        also = _label(order.also, state)
        if also not in joined:
            joined = tuple(line.label for line in state.lines if line.label in joined)
            return NotationProblem(order.line, _col(order.also), Code.ALSO_NOT_JOINED,
                                   (("line", str(order.also).upper()), ("lines", joined)))
    return placement, after


def _col(token: Token) -> int:
    return token.column or 1


def _label(token: Token, state: State) -> str | None:
    written = str(token).upper()
    return next((line.label for line in state.lines if line.label.upper() == written), None)


def _open(state: State) -> tuple[str, ...]:
    return tuple(line.label for line in state.lines if not line.finished)


def _line_of(order: Order, state: State) -> Line | NotationProblem:
    if order.label is not None:
        label = _label(order.label, state)
        if label is None:
            return NotationProblem(order.line, _col(order.label), Code.UNKNOWN_LINE,
                                   (("line", str(order.label)), ("lines", _open(state))), Hint.OPEN_LINES)
        line = state.line(label)
        if line.finished:
            return NotationProblem(order.line, _col(order.label), Code.LINE_FINISHED,
                                   (("line", label), ("lines", _open(state))), Hint.OPEN_LINES)
        return line
    assert order.at is not None
    cell, column = order.at
    ending = [line for line in state.lines if not line.finished and step(line.end, line.exit) == cell]
    if not ending:
        return NotationProblem(order.line, column, Code.NO_LINE_ENDS_AT, (("cell", cell), ("lines", _open(state))),
                               Hint.NAME_THE_LINE)
    if len(ending) > 1 and order.kind != "crossing":
        return NotationProblem(order.line, column, Code.WHICH_LINE,
                               (("cell", cell), ("lines", tuple(line.label for line in ending))), Hint.NAME_THE_LINE)
    return ending[0]


def face_up(state: State) -> tuple[tuple[str, int, str], ...]:
    """Every face-up tile as (kind, value, colour), track first, each distinct once."""
    seen = dict.fromkeys((t.kind, t.value, t.colour) for t in state.track_face_up + state.stations_face_up)
    return tuple(seen)


def _colour(token: Token, state: State) -> str | None:
    word = str(token).lower()
    word = COLOUR_ALIASES.get(word, word)
    for colour in state.players:
        if colour.lower() == word:
            return colour
    return None


def _tile(order: Order, state: State, player: str) -> Tile | NotationProblem:
    colour = player if order.kind in ("simple", "crossing") else ""
    if order.colour is not None:
        named = _colour(order.colour, state)
        if named is None:
            return _unknown_colour(order, state)
        colour = named
    pile = state.stations_face_up if colour else state.track_face_up
    found = sorted(t for t in pile if t.kind == order.kind and t.colour == colour)
    value = int(order.value) if order.value is not None else None
    if value is not None:
        found = [t for t in found if t.value == value]
    shown = (("face_up", face_up(state)),)
    if not found:
        return NotationProblem(order.line, order.column, Code.NOT_FACE_UP,
                               (("kind", order.kind),) + ((("value", value),) if value is not None else ())
                               + (("colour", colour),) + shown, Hint.FACE_UP)
    values = tuple(sorted({t.value for t in found}))
    if len(values) > 1:
        return NotationProblem(order.line, order.column, Code.WHICH_VALUE,
                               (("kind", order.kind), ("values", values)) + shown, Hint.FACE_UP)
    return found[0]


def _unknown_colour(order: Order, state: State) -> NotationProblem:
    assert order.colour is not None
    word = str(order.colour)
    known = [c.lower() for c in state.players] + [a for a, c in COLOUR_ALIASES.items() if c in state.players]
    meant = closest(word, known + list(KEYWORDS["ALSO"] + KEYWORDS["AT"]))
    if meant:
        return NotationProblem(order.line, _col(order.colour), Code.MISSPELT,
                               (("word", word), ("meant", meant.upper())), Hint.DID_YOU_MEAN)
    return NotationProblem(order.line, _col(order.colour), Code.UNKNOWN_COLOUR,
                           (("word", word), ("colours", state.players)), Hint.COLOURS)


def _orientation(order: Order, exit_: Edge) -> Orientation | NotationProblem:
    entry = OPPOSITE[exit_]
    if order.kind == "crossing":
        return "+"
    if order.kind != "curve":
        return "NS" if exit_ in ("N", "S") else "EW"
    assert order.turn is not None
    out = LEFT_OF[exit_] if str(order.turn).lower() in LEFT_WORDS else RIGHT_OF[exit_]
    return next(o for o, tracks in TRACKS.items() if o not in ("NS", "EW", "+") and set(tracks[0]) == {entry, out})


def _read(tree: Tree[Token], number: int) -> Order | int | NotationProblem:
    """An order from a parsed line (``int``: PASS on that line)."""
    order = tree.children[0]
    assert isinstance(order, Tree)
    if order.data == "pass_order":
        return number
    label: Token | None = None
    also: Token | None = None
    at: tuple[Cell, int] | None = None
    tile: Tree[Token] | None = None
    for part in order.children:
        if isinstance(part, Token):
            label = part
        elif part.data == "at":
            keyword, x, y = part.children
            assert isinstance(keyword, Token) and isinstance(x, Token) and isinstance(y, Token)
            at = ((int(x), int(y)), _col(keyword))
        elif part.data == "also":
            token = part.children[1]
            assert isinstance(token, Token)
            also = token
        else:
            tile = part
    assert tile is not None
    words = [t for t in tile.children if isinstance(t, Token)]
    colours = [c.children[0] for c in tile.children if isinstance(c, Tree)]
    if len(colours) > 1:
        second = colours[1]
        assert isinstance(second, Token)
        return NotationProblem(number, _col(second), Code.TWO_COLOURS)
    colour = colours[0] if colours else None
    assert colour is None or isinstance(colour, Token)
    value = next((t for t in words if t.type == "NUMBER"), None)
    turn = next((t for t in words if t.type == "TURN"), None)
    return Order(number, label, KINDS[str(tile.data)], value, colour, turn, also, at, _col(words[0]))


def _syntax_problem(exc: UnexpectedInput, code: str, number: int, state: State) -> NotationProblem:
    """A line the grammar rejects: where, and the likeliest reason (a misspelt keyword, a missing word)."""
    if isinstance(exc, UnexpectedToken) and exc.token.type == "$END":
        expected = _categories(exc.accepts or exc.expected)
        return NotationProblem(number, len(code) + 1, Code.INCOMPLETE, (("expected", expected),), Hint.FORM)
    column = exc.column if isinstance(exc.column, int) and exc.column > 0 else 1
    rest = code[column - 1:].split()
    word = rest[0] if rest else code[column - 1: column]
    allowed: set[str] = set(getattr(exc, "accepts", None) or getattr(exc, "expected", None)
                            or getattr(exc, "allowed", None) or set())
    spellings = [s for name in allowed if name != "OR" for s in KEYWORDS.get(name, ())]  # "Dear" is no ODER
    if "WORD" in allowed:  # a colour was possible
        spellings += [c.lower() for c in state.players] + [a for a, c in COLOUR_ALIASES.items() if c in state.players]
    meant = closest(word, spellings)
    if meant:
        return NotationProblem(number, column, Code.MISSPELT, (("word", word), ("meant", meant.upper())),
                               Hint.DID_YOU_MEAN)
    if column == _first_column(code):
        if len(word) <= 2:
            return NotationProblem(number, column, Code.UNKNOWN_LINE, (("line", word), ("lines", _open(state))),
                                   Hint.OPEN_LINES)
        return NotationProblem(number, column, Code.UNKNOWN_ORDER, (("word", word),), Hint.FORM)
    return NotationProblem(number, column, Code.EXPECTED, (("word", word), ("expected", _categories(allowed))),
                           Hint.FORM)


def closest(word: str, options: Sequence[str], cutoff: float = 0.6) -> str | None:
    """The option most like ``word`` (the first of equals: English spellings come first), if like enough."""
    best, score = None, cutoff
    for option in options:
        ratio = difflib.SequenceMatcher(None, word.lower(), option).ratio()
        if ratio > score or (best is None and ratio == score):
            best, score = option, ratio
    return best


def _first_column(code: str) -> int:
    return len(code) - len(code.lstrip()) + 1


def _categories(names: set[str] | frozenset[str]) -> tuple[str, ...]:
    order = ("line", "pass", "tile", "turn", "value", "colour", "also", "at", "coordinate", "next", "or", "end")
    found = {CATEGORIES.get(name, "coordinate") for name in names}
    return tuple(c for c in order if c in found)


WORDS: dict[str, str] = {"straight": "STRAIGHT", "curve": "CURVE", "simple": "STATION", "crossing": "CROSSING"}


def written(state: State, placements: Sequence[Placement], player: str) -> tuple[str, ...] | None:
    """The order lines that say ``placements`` (``None`` if one is not at a line's end); ``()`` for PASS.

    The inverse of ``parse_move``: each tile by the line it extends, its kind and value, a station's
    colour when it is not the player's, a curve's turn, a crossing's second line after ALSO.
    """
    out: list[str] = []
    board = state
    for placement in placements:
        tile = next((t for t in board.track_face_up + board.stations_face_up if t.id == placement.tile), None)
        if tile is None:
            return None
        edges = {e for track in TRACKS[placement.orientation] for e in track}
        ending = [line for line in board.lines
                  if not line.finished and step(line.end, line.exit) == placement.cell and OPPOSITE[line.exit] in edges]
        if not ending:
            return None
        line = ending[0]
        words = [line.label, WORDS[tile.kind], str(tile.value)]
        if tile.colour and tile.colour != player:
            words.insert(2, tile.colour.upper())
        if tile.kind == "curve":
            out_edge = next(e for e in TRACKS[placement.orientation][0] if e != OPPOSITE[line.exit])
            words.append("LEFT" if out_edge == LEFT_OF[line.exit] else "RIGHT")
        if tile.kind == "crossing" and len(ending) > 1:
            words += ["ALSO", ending[1].label]
        out.append(" ".join(words))
        try:
            board = place(board, placement)[0]
        except MoveRefused:
            return None
    return tuple(out)
