"""The phrasebook of the order language: problem, hint and note codes made into sentences.

The order package (``adjudicator.orders``) returns codes and data; this
module is the only place that words them.  Every sentence stands in one of
three tables, ``PROBLEMS``, ``HINTS`` and ``NOTES`` (one entry per member
of ``ProblemCode``, ``HintCode``, ``NoteCode``; a test checks that none is
missing), as a template whose ``{placeholders}`` are the code's argument
names.  Each template is wrapped in ``N_()``, a marker that does nothing
but lets gettext's extraction find it; it is translated where it is used
(``_(PROBLEMS[code])``, ``adjudicator.report.i18n``), in the reader's
language.

Lists and grammar are the only thing worded outside the tables: a few
helpers (below the tables) join lists with "or" and "and", choose singular
or plural, and name the parser's terminals; their phrases are marked too.
The orders as the adjudicator understood them (``echo()``, with English
keywords) are shown in the reader's keywords (``order_text``).

Typical use::

    from adjudicator.report.orderwords import format_problem

    for problem in orders.problems:
        print(format_problem(problem))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from datetime import datetime

from adjudicator.orders.codes import Args, ArgValue, HintCode, NoteCode, ProblemCode
from adjudicator.orders.mistakes_base import KEYWORDS
from adjudicator.orders.model import Note, OrderProblem, Pos
from adjudicator.orders.sections import MailPlace, OrderSet
from adjudicator.report.env import wrap
from adjudicator.report.i18n import N_, NC_, _, date_text, ngettext, pgettext

P = ProblemCode
H = HintCode

PROBLEMS: dict[ProblemCode, str] = {
    # the beginning of a line
    P.PASSWORD_OFF_PLAYER_LINE: N_("{word} belongs on the PLAYER line"),
    P.KEYWORD_CANNOT_BEGIN_LINE: N_("{word} cannot begin a line; an order line starts with {orders}"),
    P.MISSPELT_ORDER: N_("unknown order '{word}'"),
    P.UNKNOWN_ORDER: N_("unknown order '{word}': an order line starts with {orders}"),
    P.LINE_BEGINS_WITH_POINT: N_("a line cannot begin with a point; an order line starts with {orders}"),
    # points and paths
    P.EXPECTED_POINT: N_("expected a point after {keyword}: a hex label such as 0712, or a town name"),
    P.EXPECTED_POINT_AFTER_DASH: N_("expected a point after '-': a hex label or a town name"),
    P.EXPECTED_POINT_AFTER_OWNER: N_(
        "expected a point after '-{owner}-': a route ends with its destination, and an owner stands between two points"
    ),
    P.EXPECTED_DASH: N_("expected '-' between two points, or the end of the line"),
    P.SINGLE_POINT: N_("{keyword} names a single point; expected the end of the line"),
    P.TOO_FEW_POINTS: N_("{keyword} needs at least two points joined by '-'"),
    P.ROUTE_TOO_SHORT: N_("a route needs at least two points, its start and its destination, joined by '-'"),
    # GAME, TURN, PLAYER, DECLARE END, PASS, ROLL
    P.EXPECTED_TURN_NUMBER: N_("expected the turn number after {keyword}"),
    P.TEXT_AFTER_TURN: N_("expected the end of the line after the turn number"),
    P.EXPECTED_GAME_ID: N_("expected the game's id after {keyword}"),
    P.TEXT_AFTER_GAME_ID: N_("expected the end of the line after the game's id (it is one word)"),
    P.EXPECTED_PLAYER_ID: N_("expected the player's ID after {keyword} (the company's short name, such as RED)"),
    P.EXPECTED_PASSWORD_KEYWORD: N_("expected PASSWORD after the player's ID"),
    P.EXPECTED_PASSWORD: N_("expected the password after {keyword}"),
    P.TEXT_AFTER_PASSWORD: N_("expected the end of the line after the password (a password is one word)"),
    P.EXPECTED_END: N_("expected END after {keyword}"),
    P.STANDS_ALONE: N_("{keyword} stands alone on its line; expected the end of the line"),
    P.BARE_END: N_("{keyword} alone does not declare the end of the building phase"),
    P.EXPECTED_ROLL_PLAYER: N_("expected the player's ID after {keyword}"),
    P.EXPECTED_ROLL_NUMBER: N_("expected the number rolled after the player's ID"),
    P.TEXT_AFTER_ROLL: N_("expected the end of the line after the number rolled"),
    P.EXPECTED_FERRY: N_("expected FERRY after {keyword}: only ferries can be bought"),
    P.EXPECTED_PORT: N_("expected the ferry's port after {keyword} FERRY"),
    P.TEXT_AFTER_FERRY: N_("expected the end of the line: a ferry is named by its port, or by both its ports"),
    # ENTER, RACE, MOVES
    P.EXPECTED_ENTER_RACE: N_("expected the race number after {keyword}, as printed in the report"),
    P.EXPECTED_ENTER_MODE: N_("expected ROUTE, BEST or WITH after the race number"),
    P.EXPECTED_PARTNER: N_("expected the partner's ID after {keyword}: the company you ride with"),
    P.EXPECTED_PARTNER_MODE: N_("expected ROUTE or BEST after the partner's ID"),
    P.OWNER_BEFORE_START: N_("a route cannot begin with an owner: '-{owner}-' names whose line runs between two "
                             "points"),
    P.EXPECTED_ROUTE_START: N_("expected the route's start after {keyword}: a hex label such as 0712, or a town name"),
    P.TEXT_AFTER_BEST: N_("expected the end of the line after BEST: the adjudicator chooses the route"),
    P.EXPECTED_RACE_NUMBER: N_("expected the race number after {keyword}"),
    P.EXPECTED_FROM: N_("expected FROM after the race number"),
    P.EXPECTED_RACE_START: N_("expected the race's start after {keyword}: a town name or a hex label"),
    P.EXPECTED_TO: N_("expected TO between the race's start and its destination"),
    P.EXPECTED_RACE_DESTINATION: N_("expected the race's destination after {keyword}: a town name or a hex label"),
    P.TEXT_AFTER_RACE: N_(
        "expected the end of the line after the race's destination (RACE names one start and one destination)"
    ),
    P.EXPECTED_MOVES_PLAYER: N_("expected the player's ID after the race number"),
    P.EXPECTED_MOVES_ROLLS: N_("expected the rolls after the player's ID, in digits"),
    P.EXPECTED_ROLL_OR_END: N_("expected another roll or the end of the line"),
    P.EXPECTED_BUILD_PARTNER: N_("expected the partner's ID after {keyword}: the company you build the joint line "
                                 "with"),
    P.EXPECTED_POWERS_RACE: N_("expected the race number after {keyword}, as printed in the report"),
    P.EXPECTED_POWERS_WITH: N_("expected WITH and the partner's ID after the race number"),
    P.EXPECTED_POWERS_PARTNER: N_("expected the partner's ID after {keyword}: the company you exchange running "
                                  "powers with"),
    P.TEXT_AFTER_POWERS: N_("expected the end of the line after the partner's ID"),
    # lines the table of sample mistakes does not foresee
    P.UNEXPECTED_TEXT: N_("expected {expected}, not '{found}'"),
    P.UNEXPECTED_END: N_("expected {expected}, not the end of the line"),
    # labels, numbers and owners
    P.NOT_A_LABEL: N_("'{label}' is not a hex label: a label has four digits, two for the column and two for the row"),
    P.LABEL_FROM_ZERO: N_("'{label}' is not a hex label: columns and rows are numbered from 01"),
    P.PLAYER_WITHOUT_PASSWORD: N_("{keyword} line without PASSWORD"),
    P.TURN_ZERO: N_("turns are counted from 1, not {turn}"),
    P.IMPOSSIBLE_ROLL: N_("a roll of {roll} is impossible: one die gives 1 to 6, two dice 2 to {max}"),
    P.NO_SUCH_RACE: N_("there is no race {race}: races are numbered 1 to {max}"),
    P.IMPOSSIBLE_MOVE: N_("a roll of {roll} is impossible: a die gives 1 to {max}"),
    P.OWNER_IN_BUILD: N_(
        "'{owner}' names the owner of a segment, which only a race route does (ENTER ... ROUTE); "
        "BUILD builds your own line"
    ),
    P.ROUTE_BEGINS_WITH_OWNER: N_(
        "a route cannot begin with an owner: -{owner}- names whose line runs between the two points around it"
    ),
    P.ROUTE_ENDS_WITH_OWNER: N_(
        "a route cannot end with an owner: -{owner}- names whose line runs between the two points around it"
    ),
    P.TWO_OWNERS: N_("two owners named for one segment: {owners}"),
    # sections and files
    P.ORDER_BEFORE_PLAYER: N_("{order} before any PLAYER line: whose order is it?"),
    P.PLAYER_ORDER_IN_GM_SECTION: N_("{order} in the GM's section: a player's order belongs after their PLAYER line"),
    P.GM_ORDER_OUTSIDE_GM_SECTION: N_("{order} belongs in the GM's section"),
    P.GAME_MISMATCH: N_("GAME {value} does not match game {expected} ({source})"),
    P.TURN_MISMATCH: N_("TURN {value} does not match turn {expected} ({source})"),
    P.MISSING_FILE: N_("no such file or directory"),
    P.NO_ORDER_FILES: N_("no order files ({patterns}) in directory"),
    P.UNREADABLE_FILE: N_("cannot read the file: {reason}"),
    P.FILE_TOO_BIG: N_("the file has {size} bytes, more than the {limit} an order mail may have; it is not read"),
    P.LINE_TOO_LONG: N_("the line has {length} characters, more than the {limit} an order may have; it is not "
                        "read"),
    P.TOO_MANY_LINES: N_("more than {limit} lines: the rest of the file is not read"),
    P.TOO_MANY_PROBLEMS: N_("{more} more problems in this file are not listed (the first {shown} are)"),
    P.NUMBER_TOO_LONG: N_("a number of {digits} digits ({number}...) is far too long"),
    # the map
    P.UNKNOWN_TOWN: N_("no town called '{written}' on the map {map}"),
    P.AMBIGUOUS_TOWN: N_("'{written}' could be {candidates}"),
    P.NOT_ON_MAP: N_("{label} is not on the map {map} (columns 01 to {columns:02d}, rows 01 to {rows:02d})"),
    P.SAME_HEX: N_("{point} is the same hex as the point before it"),
    P.LINE_LEAVES_MAP: N_("the straight line from {start} to {end} leaves the map at {off}"),
    P.NOT_NEIGHBOURS: N_("{start} and {end} are not neighbours (nor on one straight hex line)"),
    P.RACE_TO_ITSELF: N_("race {race} cannot end where it starts, at {point}"),
    P.RIDE_WITH_ITSELF: N_("{company} cannot ride with itself"),
    P.UNKNOWN_PARTNER: N_("no company {company} in this game to ride with"),
    P.WITH_ITSELF: N_("{keyword} WITH {company}: a company cannot be its own partner"),
    P.UNKNOWN_WITH: N_("{keyword} WITH {company}: no company {company} in this game"),
    P.UNKNOWN_COMPANY: N_("no company {company} in this game: -({company})- names the company whose line a segment "
                          "uses"),
}
"""One sentence per problem code."""

HINTS: dict[HintCode, str] = {
    H.DID_YOU_MEAN: N_("did you mean {options}?"),
    H.WRITE: N_("write {line}"),
    H.REMOVE: N_("remove '{text}'"),
    H.REMOVE_OR_COMMENT: N_("remove '{text}' or put it after '#'"),
    H.COMMENT_REMARKS: N_("put remarks after '#', which starts a comment"),
    H.MOVE_TO_PLAYER_LINE: N_("write PLAYER <ID> {line}"),
    H.ADD_DESTINATION_OR_REMOVE_OWNER: N_("add the destination or remove '-{owner}-'"),
    H.REMOVE_TRAILING_DASH: N_("remove the '-' at the end or add the next point"),
    H.ADD_NEXT_POINT: N_("write {line} - <next point>"),
    H.NUMBER_IN_DIGITS: N_("write the number in digits, e.g. {example}"),
    H.EXAMPLE: N_("e.g. {example}"),
    H.PLAYER_LINE_FORM: N_("write {keyword} <ID> PASSWORD <password>"),
    H.ADD_PASSWORD: N_("write {line} PASSWORD <your password>"),
    H.DECLARE_END_FORM: N_("write DECLARE END (ERKLÄRE ENDE)"),
    H.ROLL_FORM: N_("write {keyword} <ID> <number>, e.g. {keyword} RED 4"),
    H.FERRY_FORM: N_("write {keyword} FERRY <port>, or {keyword} FERRY <port> - <port> where several ferries "
                     "share a port"),
    H.ADD_RACE_NUMBER: N_("write {keyword} <race> {rest}"),
    H.ENTER_FORM: N_("write {keyword} <race> ROUTE <start> - ... - <destination>"),
    H.ROUTE_OR_BEST: N_("write {line} ROUTE <start> - ... - <destination>, or {line} BEST"),
    H.JOINT_TRIP: N_("for a joint trip write {line}"),
    H.ADD_ID: N_("write {line} <ID> {rest}"),
    H.ADD_ID_AT_END: N_("write {line} <ID>"),
    H.ADD_PARTNER_AND_ROUTE: N_("write {line} <ID> ROUTE <start> - ... - <destination>"),
    H.START_FIRST: N_("write the start first: {line} <start> {route}"),
    H.GIVE_ROUTE: N_("to give the route yourself, write {line}"),
    H.RACE_FORM: N_("write {keyword} <number> FROM <start> TO <destination>"),
    H.ADD_FROM: N_("write {line} FROM <start> {rest}"),
    H.ADD_FROM_AND_TO: N_("write {line} FROM <start> TO <destination>"),
    H.ADD_TO: N_("write {line} TO <destination>"),
    H.ADD_MOVES_RACE: N_("write {keyword} <race> {rest}, e.g. {keyword} 1 RED 3 5 2"),
    H.MOVES_FORM: N_("write {keyword} <race> <ID> <rolls>, e.g. {keyword} 1 RED 3 5 2"),
    H.ROLLS_ONE_BY_ONE: N_("write them one by one, e.g. {line} 3 5 2"),
    H.ROLLS_APART: N_("write the rolls apart, with spaces only: {line}"),
    H.ONE_ROLL_PER_NUMBER: N_("write one roll per number, apart: {line}"),
    H.RACE_AS_PRINTED: N_("write the race's number as printed in the report"),
    H.REMOVE_OWNER_FROM_BUILD: N_("remove '{owner}' and a dash next to it"),
    H.OWNER_BETWEEN_POINTS: N_("write the owner between two points, e.g. 0712 -{owner}- 0713"),
    H.ONE_OWNER: N_("name one owner between two points"),
    H.LABEL_FORM: N_("write a label as CCRR, e.g. 0712"),
    H.BEGIN_WITH_PLAYER: N_("begin each player's orders with PLAYER <ID> PASSWORD <password>"),
    H.PLAYER_LINE_BEFORE: N_("write PLAYER <ID> PASSWORD <password> before it"),
    H.ADD_GM_LINE: N_("put a line GM before the GM's {order} lines"),
    H.OLD_TURN: N_("are these orders from another game or an old turn?"),
    H.OTHER_GAME: N_("are these orders for another game?"),
    H.FULL_NAME_OR_LABEL: N_("write the town's full name or its hex label"),
    H.TOWNS_ARE: N_("the towns are {towns}"),
    H.LABEL_INSTEAD: N_("write the hex label instead"),
    H.SWAPPED_LABEL: N_("did you mean {label}? (column and row swapped)"),
    H.NEAREST_HEX: N_("the nearest hex on the map is {label}"),
    H.LEAVE_ONE_OUT: N_("leave one of them out"),
    H.HEX_BY_HEX: N_("name the hexes one by one"),
    H.NEIGHBOURS: N_("the neighbours of {hex} are {neighbours}{between}"),
    H.RACE_TWO_TOWNS: N_("a race runs between two different towns"),
    H.PARTNER_AFTER_WITH: N_("name the partner's company after WITH, or leave WITH out"),
    H.BUILD_WITH_FORM: N_("write {keyword} WITH <ID> <point> - <point> ... (both partners order the same line)"),
    H.POWERS_FORM: N_("write {keyword} <race> WITH <ID> (both companies order it)"),
    H.COMPANIES_ARE: N_("the companies are {companies}"),
    H.COMPANY_AS_OWNER: N_("did you mean the company {company}? An owner is written -{company}- between two points"),
    H.COMPANY_NEEDS_DASHES: N_(
        "{company} is a company: to name the owner of a segment, write -{company}- between two points, no spaces"
    ),
}
"""One sentence per hint code."""

NOTES: dict[NoteCode, str] = {
    NoteCode.SIGNATURE_IGNORES: N_("{ignored} ignored: the signature line '-- ' at line {signature} ends the mail"),
    NoteCode.SECTION_EMPTY: N_("the section for {player} holds no orders"),
    NoteCode.IGNORED_TEXT: N_("{lines} not orders: ignored (greetings and remarks are welcome there)"),
    NoteCode.BARE_END_IGNORED: N_(
        "'{keyword}' at line {line} is read as a sign-off, not as the end of the building phase; to declare "
        "that, write DECLARE END (ERKLÄRE ENDE)"
    ),
    NoteCode.ENTRY_REPLACED: N_("ENTER for race {race} at {replaced} is replaced by this one (the last one counts)"),
    NoteCode.SECTION_REPLACED: N_("the section for {player} at {replaced} is replaced by this one (the last one "
                                  "counts)"),
    NoteCode.ROLL_REPLACED: N_("ROLL for {player} at {replaced} is replaced by this one"),
    NoteCode.RACE_REPLACED: N_("RACE {race} at {replaced} is replaced by this one"),
    NoteCode.MOVES_REPLACED: N_("MOVES for {player} in race {race} at {replaced} is replaced by this one"),
    NoteCode.HOLD_REPEATED: N_("HOLD PRESS {player} is given at {replaced} already"),
    NoteCode.NOT_UTF8: N_("not UTF-8; read as {encoding}"),
    NoteCode.UNDERSTOOD_AS: N_("'{written}' understood as {point}"),
    NoteCode.STRAIGHT_LINE: N_("{start} - {end} taken as the straight line {hexes}"),
    NoteCode.OWNER_READ_AS_COMPANY: N_(
        "-{written}- read as the owner {company}, not the town {town}; for the town write ' - {written} - ' with spaces"
    ),
}
"""One sentence per note code."""

_KINDS = {"syntax": N_("syntax"), "illegal": N_("illegal"), "ambiguous": N_("ambiguous")}
"""The problem kinds as ``format_problem`` shows them."""


# ---------------------------------------------------------------------------
# keywords in the reader's language
# ---------------------------------------------------------------------------

KEYWORD = "order keyword"
"""The context of a keyword in the catalogues (``BUILD`` the keyword is not "build" the word)."""

_KEYWORD_NAMES = (
    NC_("order keyword", "GAME"), NC_("order keyword", "TURN"), NC_("order keyword", "PLAYER"),
    NC_("order keyword", "PASSWORD"), NC_("order keyword", "GM"), NC_("order keyword", "START"),
    NC_("order keyword", "BUILD"), NC_("order keyword", "PASS"), NC_("order keyword", "DECLARE"),
    NC_("order keyword", "END"), NC_("order keyword", "ROLL"), NC_("order keyword", "ENTER"),
    NC_("order keyword", "ROUTE"), NC_("order keyword", "BEST"), NC_("order keyword", "WITH"),
    NC_("order keyword", "RACE"), NC_("order keyword", "FROM"), NC_("order keyword", "TO"),
    NC_("order keyword", "MOVES"), NC_("order keyword", "POWERS"), NC_("order keyword", "BUY"),
    NC_("order keyword", "FERRY"), NC_("order keyword", "PRESS"), NC_("order keyword", "ANONYMOUS"),
    NC_("order keyword", "HOLD"),
)
"""Every keyword of ``KEYWORDS``, marked for the catalogues (a translation is one of the keyword's spellings:
``tests/test_i18n.py`` checks it)."""


def keyword(word: str) -> str:
    """An order keyword (named by its English spelling) as the reader writes it: ``BUILD`` -> ``BAUE``."""
    return pgettext(KEYWORD, word) if word in KEYWORDS else word


def order_text(echo: str) -> str:
    """An order as the adjudicator understood it (``echo()``, English keywords) in the reader's keywords.

    The keywords at its head are translated, up to the first point:
    ``ENTER 2 WITH BLUE ROUTE Kiel (1205) - 1306`` -> ``FAHRE 2 MIT BLUE STRECKE Kiel (1205) - 1306``.
    Race numbers and the partner after ``WITH`` stay as they are; the points are the player's.
    """
    words = echo.split(" ")
    out = list(words)
    for i, word in enumerate(words):
        if word in KEYWORDS:
            out[i] = keyword(word)
        elif not (word.isdigit() or (i and words[i - 1] == "WITH")):
            break
    return " ".join(out)


def _orders(a: Mapping[str, ArgValue]) -> str:
    """``GAME, TURN, ... or HOLD PRESS``: the orders a line may begin with, in the reader's keywords."""
    return _or_list([order_text(o) for o in _items(a["orders"])])


# ---------------------------------------------------------------------------
# lists and grammar
# ---------------------------------------------------------------------------


def _items(value: ArgValue) -> list[str]:
    """A list argument as strings (a single value as a list of one)."""
    return [str(v) for v in value] if isinstance(value, tuple) else [str(value)]


def _or_list(items: list[str]) -> str:
    """``A, B or C``."""
    if len(items) < 2:
        return "".join(items)
    return _("{first} or {last}").format(first=", ".join(items[:-1]), last=items[-1])


def _joined_each(items: list[str], template: str) -> str:
    """Every item joined to the next by ``template``: ``A or B or C``."""
    text = items[0] if items else ""
    for item in items[1:]:
        text = _(template).format(first=text, last=item)
    return text


def _or_each(items: list[str]) -> str:
    """``A or B or C``."""
    return _joined_each(items, N_("{first} or {last}"))


def _and_each(items: list[str]) -> str:
    """``A and B and C``."""
    return _joined_each(items, N_("{first} and {last}"))


END = "$END"
"""The parser's name for the end of the line."""
_TERMINAL_WORDS = {
    "DASH": N_("'-'"),
    "DIGITS": N_("a number"),
    "WORD": N_("a town name"),
    "ID": N_("a player ID"),
    "PARTNER": N_("the partner's ID"),
    "TEXT": N_("a word"),
    "$END": N_("the end of the line"),
}
"""The grammar's terminals in player words (keywords stand for themselves)."""


def _expected_words(expected: Iterable[str]) -> str:
    """Terminal names the parser wanted, in player words: ``'-' or the end of the line``."""
    names = set(expected)
    parts: list[str] = []
    if {"DIGITS", "WORD"} <= names:
        parts.append(_("a point (a hex label such as 0712, or a town name)"))
        names -= {"DIGITS", "WORD"}
    for name in ("DASH", "WORD", "DIGITS", "ID", "PARTNER", "TEXT"):
        if name in names:
            parts.append(_(_TERMINAL_WORDS[name]))
    parts += sorted(keyword(n) for n in names if n in KEYWORDS)
    if "$END" in names:
        parts.append(_(_TERMINAL_WORDS[END]))
    return _or_list(parts) if parts else _("something else")


def _source(a: Mapping[str, ArgValue]) -> dict[str, str]:
    """Who named the game or turn in force: the GM, or the first GAME/TURN line (``named_at``)."""
    if "named_at" in a:
        return {"source": _("named at {where}").format(where=a["named_at"])}
    return {"source": _("named by the GM")}


_COMPASS = {"W": N_("W"), "E": N_("E"), "NW": N_("NW"), "NE": N_("NE"), "SW": N_("SW"), "SE": N_("SE")}
"""Compass directions as ``Hex.direction_to`` gives them."""


def _neighbours(a: Mapping[str, ArgValue]) -> dict[str, str]:
    """``0302 (W), 0502 (E), ...`` and, if any, the hexes between: ``; between 0402 and 0404 lie 0403 and 0503``."""
    pairs = zip(_items(a["neighbours"]), _items(a["directions"]), strict=True)
    listed = ", ".join(f"{label} ({_(_COMPASS[d]) if d in _COMPASS else d})" for label, d in pairs)
    between = _items(a["between"])
    if not between:
        return {"neighbours": listed, "between": ""}
    phrase = ngettext("; between {hex} and {target} lies {hexes}", "; between {hex} and {target} lie {hexes}",
                      len(between))
    return {"neighbours": listed, "between": phrase.format(hex=a["hex"], target=a["target"], hexes=_and_each(between))}


def _signature_lines(a: Mapping[str, ArgValue]) -> dict[str, str]:
    """``line 6 looks like an order but is`` or ``lines 6, 7 look like orders but are``."""
    lines = _items(a["lines"])
    phrase = ngettext("line {lines} looks like an order but is", "lines {lines} look like orders but are", len(lines))
    return {"ignored": phrase.format(lines=", ".join(lines))}


Filler = Callable[[Mapping[str, ArgValue]], dict[str, str]]
"""Words for the placeholders a template needs beyond the plain args (lists, grammar)."""

_PROBLEM_FILLERS: dict[ProblemCode, Filler] = {
    P.KEYWORD_CANNOT_BEGIN_LINE: lambda a: {"orders": _orders(a)},
    P.UNKNOWN_ORDER: lambda a: {"orders": _orders(a)},
    P.LINE_BEGINS_WITH_POINT: lambda a: {"orders": _orders(a)},
    P.UNEXPECTED_TEXT: lambda a: {"expected": _expected_words(_items(a["expected"]))},
    P.UNEXPECTED_END: lambda a: {"expected": _expected_words(_items(a["expected"]))},
    P.TWO_OWNERS: lambda a: {"owners": _and_each([f"-{o}-" for o in _items(a["owners"])])},
    P.GAME_MISMATCH: _source,
    P.TURN_MISMATCH: _source,
    P.NO_ORDER_FILES: lambda a: {"patterns": ", ".join(_items(a["patterns"]))},
    P.AMBIGUOUS_TOWN: lambda a: {"candidates": _or_each(_items(a["candidates"]))},
}

_HINT_FILLERS: dict[HintCode, Filler] = {
    H.DID_YOU_MEAN: lambda a: {"options": _or_each(_items(a["options"]))},
    H.TOWNS_ARE: lambda a: {"towns": ", ".join(_items(a["towns"]))},
    H.COMPANIES_ARE: lambda a: {"companies": ", ".join(_items(a["companies"]))},
    H.NEIGHBOURS: _neighbours,
}

def _ranges(a: Mapping[str, ArgValue]) -> dict[str, str]:
    ranges = _items(a["ranges"])
    single = len(ranges) == 1 and "-" not in ranges[0]
    phrase = _("line {lines} is") if single else _("lines {lines} are")
    return {"lines": phrase.format(lines=_and_each(ranges))}


_NOTE_FILLERS: dict[NoteCode, Filler] = {
    NoteCode.IGNORED_TEXT: _ranges,
    NoteCode.SIGNATURE_IGNORES: _signature_lines,
    NoteCode.STRAIGHT_LINE: lambda a: {"hexes": "-".join(_items(a["hexes"]))},
}


def _render(template: str, data: Args, filler: Filler | None) -> str:
    """Fill ``template`` with the plain args and the filler's words.

    Tuples never reach the template as they are: a list needs a filler to
    be worded, and a template that names one without it fails loudly.
    """
    a = dict(data)
    values: dict[str, object] = {k: v for k, v in a.items() if not isinstance(v, tuple)}
    if filler is not None:
        values.update(filler(a))
    return _(template).format_map(values)


# ---------------------------------------------------------------------------
# the public functions
# ---------------------------------------------------------------------------


def problem_message(p: OrderProblem) -> str:
    """What is wrong: ``unknown order 'BIULD'``."""
    return _render(PROBLEMS[p.code], p.args, _PROBLEM_FILLERS.get(p.code))


def hint_text(p: OrderProblem) -> str | None:
    """What to write instead: ``did you mean BUILD?``; ``None`` without a hint."""
    if p.hint is None:
        return None
    return _render(HINTS[p.hint.code], p.hint.args, _HINT_FILLERS.get(p.hint.code))


QUOTE_WIDTH = 72
"""The most characters of the player's line quoted with a problem (4 spaces in front: 76 columns)."""


def _window(text: str, column: int) -> tuple[str, int]:
    """A long line cut down to ``QUOTE_WIDTH`` characters around the column, marked with ``...``."""
    if len(text) <= QUOTE_WIDTH:
        return text, column
    start = max(0, min(column - 1 - QUOTE_WIDTH // 2, len(text) - QUOTE_WIDTH + 3))
    head = "..." if start else ""
    body = text[start:start + QUOTE_WIDTH - len(head) - 3]
    return head + body + "...", column - start + len(head)


def _place(file: str, places: Iterable[MailPlace]) -> str | None:
    """A file that came by mail as its player knows it: ``your mail of 21 Nov 18:02`` (``None``: not a mail)."""
    for name, arrived, part in places:
        if name == file:
            mail = _("your mail of {when}").format(when=arrival_text(arrived))
            return _("{part} in {mail}").format(part=part, mail=mail) if part else mail
    return None


def where(pos: Pos, places: Iterable[MailPlace] = (), *, column: bool = True, player: bool = False) -> str:
    """Where something stands: ``file:17:1``, or for a mail ``your mail of 21 Nov 18:02, line 17, column 1``.

    ``player``: text a player reads, which names a file the GM gave without
    the folders it lies in (the GM sees the path as given).
    """
    mail = _place(pos.file, places)
    if mail is None:
        named = replace(pos, file=file_name(pos.file)) if player else pos
        return str(named) if column else named.short
    if pos.line < 1:
        return mail
    if column:
        return _("{mail}, line {line}, column {column}").format(mail=mail, line=pos.line, column=pos.column)
    return _("{mail}, line {line}").format(mail=mail, line=pos.line)


def where_text(text: str, places: Iterable[MailPlace], player: bool = False) -> str:
    """A position already made text (``file:line``, as notes carry it in their data), named for a mail."""
    file, _colon, line = text.rpartition(":")
    if file and line.isdigit():
        return where(Pos(file, int(line)), places, column=False, player=player)
    return _place(text, places) or (file_name(text) if player else text)


def file_name(path: str) -> str:
    """A file as players see it named: without the folders it lies in on the GM's machine."""
    return path.replace("\\", "/").rsplit("/", 1)[-1]


def arrival_text(arrived: str) -> str:
    """``21 Nov 18:02``: a mail's arrival as stored (ISO 8601 in the game's zone)."""
    # TRANSLATORS: a CLDR date pattern (d day, MMM month abbreviated, HH:mm the time): a mail's arrival
    return date_text(datetime.fromisoformat(arrived), _("d MMM HH:mm"))

_POSITIONS = ("replaced", "named_at")
"""Data of problems and notes that hold a position as text."""


def _with_places(data: Args, places: Iterable[MailPlace], player: bool = False) -> Args:
    return tuple((k, where_text(v, places, player) if k in _POSITIONS and isinstance(v, str) else v)
                 for k, v in data)


def format_problem(p: OrderProblem, *, folded: bool = False, places: Iterable[MailPlace] = (),
                   player: bool = False) -> str:
    """The problem as shown to players and the GM::

        turn3.orders:7:12: syntax: expected '-' between two points, or the end of the line
            BUILD 0712 0713
                       ^
            hint: write BUILD 0712 - 0713

    The player's line and the caret are left out when the problem has no
    line (a whole file), the hint when there is none.  ``folded`` (for mail)
    folds the message and the hint to the report width; the player's line
    and the caret stay as they are.  ``player``: for a player's eyes (files
    named without the GM's folders, see ``where``).
    """
    places = tuple(places)
    if places or player:
        p = replace(p, args=_with_places(p.args, places, player))
    head = f"{where(p.pos, places, player=player)}: {_(_KINDS[p.kind])}: {problem_message(p)}"
    out = [wrap(head, 2) if folded else head]
    text, column = _window(p.line_text.rstrip(), p.pos.column)
    if text:
        out.append("    " + text)
        # keep tabs so the caret lines up under the player's text
        lead = "".join(c if c == "\t" else " " for c in text[: max(column - 1, 0)])
        out.append("    " + lead + "^")
    hint = hint_text(p)
    if hint:
        line = "    " + _("hint: {hint}").format(hint=hint)
        out.append(wrap(line, 6) if folded else line)
    return "\n".join(out)


def note_text(n: Note) -> str:
    """The note's sentence: ``'Nordstat' understood as Nordstadt (0402)``."""
    return _render(NOTES[n.code], n.args, _NOTE_FILLERS.get(n.code))


def format_note(n: Note, places: Iterable[MailPlace] = (), *, folded: bool = False, player: bool = False) -> str:
    """``file:line: sentence`` (for a mail: ``your mail of 21 Nov 18:02, line 17: sentence``; ``folded``: to
    the report width, for mail; ``player``: as for ``format_problem``)."""
    places = tuple(places)
    if places or player:
        n = replace(n, args=_with_places(n.args, places, player))
    text = f"{where(n.pos, places, column=False, player=player)}: {note_text(n)}"
    return wrap(text, 2) if folded else text


def orders_report(orders: OrderSet) -> str:
    """Every problem and note of a turn's orders, formatted, problems first."""
    parts = [format_problem(p) for p in orders.problems] + [format_note(n) for n in orders.notes]
    return "\n".join(parts)
