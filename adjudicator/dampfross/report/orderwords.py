"""The phrasebook of the order language: problem, hint and note codes made into sentences.

The order package (``adjudicator.dampfross.orders``) returns codes and data; this
module and ``orderphrases.py`` are the only places that word them.  Every
sentence stands in one of the three tables of ``orderphrases.py``,
``PROBLEMS``, ``HINTS`` and ``NOTES``, as a template whose
``{placeholders}`` are the code's argument names; it is translated where it
is used, here (``_(PROBLEMS[code])``, ``adjudicator.dampfross.report.i18n``), in the
reader's language, and filled.

Lists and grammar are the only thing worded outside the tables: a few
helpers join lists with "or" and "and", choose singular
or plural, and name the parser's terminals; their phrases are marked too.
The orders as the adjudicator understood them (``echo()``, with English
keywords) are shown in the reader's keywords (``order_text``).

Typical use::

    from adjudicator.dampfross.report.orderwords import format_problem

    for problem in orders.problems:
        print(format_problem(problem))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from datetime import datetime
from functools import cache

from adjudicator.dampfross.orders.codes import Args, ArgValue, HintCode, NoteCode, ProblemCode
from adjudicator.dampfross.orders.mistakes_base import KEYWORDS
from adjudicator.dampfross.orders.model import Note, OrderProblem, Pos
from adjudicator.dampfross.orders.sections import MailPlace, OrderSet
from adjudicator.dampfross.orders.usable import Unusable, Why
from adjudicator.dampfross.report.env import wrap
from adjudicator.dampfross.report.i18n import LANGUAGES, N_, NC_, _, date_text, ngettext, pgettext
from adjudicator.dampfross.report.orderphrases import HINTS, NOTES, PROBLEMS
from adjudicator.dampfross.report.widths import MAIL_WIDTH
from adjudicator.kernel.i18n import active
from adjudicator.kernel.languages import spellings_of
from adjudicator.kernel.quoting import caret_lines
from adjudicator.kernel.shown import cut, shown, shown_name

P = ProblemCode
H = HintCode


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
    NC_("order keyword", "HOLD"), NC_("order keyword", "SPECIAL"), NC_("order keyword", "STANDING"),
    NC_("order keyword", "ALL"), NC_("order keyword", "MIN"), NC_("order keyword", "CANCEL"),
)
"""Every keyword of ``KEYWORDS``, marked for the catalogues (a translation is one of the keyword's spellings:
``tests/test_i18n.py`` checks it)."""


def keyword(word: str) -> str:
    """An order keyword (named by its English spelling) as the reader writes it: ``BUILD`` -> ``BAUE``; one the
    catalogues do not name (the words of orders that think: ``CHEAPEST``, ``IF``, ``TAKEN``, ...) as the reader's
    language file spells it first (``kernel/locale/*/language.toml``)."""
    if word not in KEYWORDS:
        return word
    if word in _KEYWORD_NAMES:
        return pgettext(KEYWORD, word)
    return spellings_of(active(), "orders").get(word, (word,))[0]


@cache
def _english() -> dict[str, str]:
    """Each English spelling of an order keyword (``MAX``, ``AT LEAST``) with the keyword's name (``MAXIMUM``)."""
    return {spelled: name for name, words in spellings_of("en", "orders").items() for spelled in words
            if name in KEYWORDS}


_COMPANY_AFTER = ("WITH", "ROLL", "STANDBY")
"""The keywords an order's echo writes a company's id after (``ENTER 2 WITH BLUE``): an id is never translated."""


def other_spellings(word: str) -> list[str]:
    """An order keyword as the other languages write it (each one's first spelling): ``BUILD`` to a Dutch reader
    is ``BUILD, BAUE, STAVBA``."""
    mine, out = keyword(word), []
    for code in LANGUAGES:
        spelled = spellings_of(code, "orders").get(word, ())
        if spelled and spelled[0] != mine and spelled[0] not in out:
            out.append(spelled[0])
    return out


def order_text(echo: str) -> str:
    """An order as the adjudicator understood it (``echo()``, English keywords) in the reader's keywords, every
    keyword of it: ``ENTER 2 WITH BLUE ROUTE Kiel (1205) - 1306`` -> ``FAHRE 2 MIT BLUE STRECKE Kiel (1205) - 1306``,
    ``IF 1209 TAKEN THEN BUILD 1108 - 1109 ELSE ... END`` -> ``ALS 1209 BEZET DAN BOUW 1108 - 1109 ANDERS ...
    EINDE``.  Numbers, the points and a company's id (after ``WITH``, ``ROLL``, ``STANDBY``, ``HOLD PRESS``, a
    race's number in ``MOVES``) stay as they are."""
    words, english = echo.split(" "), _english()
    out: list[str] = []
    i = 0
    while i < len(words):
        company = i > 0 and (words[i - 1] in _COMPANY_AFTER or (i > 1 and words[i - 2] == "MOVES")
                             or words[i - 2:i] == ["HOLD", "PRESS"])
        pair = " ".join(words[i:i + 2])
        if not company and " " in pair and pair in english:  # AT LEAST
            out.append(keyword(english[pair]))
            i += 2
            continue
        out.append(keyword(english[words[i]]) if not company and words[i] in english else words[i])
        i += 1
    return shown(" ".join(out))


def _orders(a: Mapping[str, ArgValue]) -> str:
    """``GAME, TURN, ... or HOLD PRESS``: the orders a line may begin with, in the reader's keywords."""
    return or_list([order_text(o) for o in _items(a["orders"])])


# ---------------------------------------------------------------------------
# lists and grammar
# ---------------------------------------------------------------------------


def _items(value: ArgValue) -> list[str]:
    """A list argument as strings (a single value as a list of one)."""
    return [str(v) for v in value] if isinstance(value, tuple) else [str(value)]


def or_list(items: list[str]) -> str:
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
    "ROW": N_("a row of the special-run table (such as 3 or 5G)"),
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
    for name in ("DASH", "WORD", "DIGITS", "ID", "PARTNER", "TEXT", "ROW"):
        if name in names:
            parts.append(_(_TERMINAL_WORDS[name]))
    parts += sorted(keyword(n) for n in names if n in KEYWORDS)
    if "$END" in names:
        parts.append(_(_TERMINAL_WORDS[END]))
    return or_list(parts) if parts else _("something else")


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


def _keyword(a: Mapping[str, ArgValue]) -> dict[str, str]:
    """An order's keyword (``order``, as the parser echoes it: ``ROLL``) in the reader's language (``WURF``)."""
    return {"order": order_text(str(a["order"]))}


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
    **dict.fromkeys((P.ORDER_BEFORE_PLAYER, P.PLAYER_ORDER_IN_GM_SECTION, P.GM_ORDER_OUTSIDE_GM_SECTION,
                     P.NOT_IN_CONDITIONAL), _keyword),
}

_HINT_FILLERS: dict[HintCode, Filler] = {
    H.DID_YOU_MEAN: lambda a: {"options": _or_each(_items(a["options"]))},
    H.TOWNS_ARE: lambda a: {"towns": ", ".join(_items(a["towns"]))},
    H.COMPANIES_ARE: lambda a: {"companies": ", ".join(_items(a["companies"]))},
    H.SPECIAL_ROWS: lambda a: {"rows": " ".join(_items(a["rows"]))},
    H.NEIGHBOURS: _neighbours,
    H.ADD_GM_LINE: _keyword,
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
    be worded, and a template that names one without it fails loudly.  The
    sentence is ``shown``: a player's word quoted in it (``unknown order
    'BIULD'``, ``hint: remove ']0'``) cannot drive a terminal.
    """
    a = dict(data)
    values: dict[str, object] = {k: v for k, v in a.items() if not isinstance(v, tuple)}
    if filler is not None:
        values.update(filler(a))
    return shown(_(template).format_map(values))


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


def _place(file: str, places: Iterable[MailPlace]) -> str | None:
    """A file that came by mail as its player knows it: ``your mail of 21 Nov 18:02`` (``None``: not a mail)."""
    for name, arrived, part in places:
        if name == file and arrived:
            mail = _("your mail of {when}").format(when=arrival_text(arrived))
            return _("{part} in {mail}").format(part=shown_name(part), mail=mail) if part else mail
    return None


def where(pos: Pos, places: Iterable[MailPlace] = (), *, column: bool = True, player: bool = False,
          mail_only: bool = False) -> str:
    """Where something stands: ``file:17:1``, or for a mail ``your mail of 21 Nov 18:02, line 17, column 1``.

    ``player``: text a player reads, which names a file the GM gave without
    the folders it lies in (the GM sees the path as given); ``mail_only``: the
    position is in the one mail the reader's receipt answers, whose arrival
    it does not know (the platform's session, ``report/playwords.py``):
    ``your mail, line 17, column 1``.
    """
    places = tuple(places)
    pos = replace(pos, file=next((part for name, arrived, part in places if name == pos.file and not arrived),
                                 pos.file))  # a section of the GM's order file: named by the file
    mail = _place(pos.file, places) or (_("your mail") if mail_only else None)
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
                   player: bool = False, mail_only: bool = False) -> str:
    """The problem as shown to players and the GM::

        turn3.orders:7:12: syntax: expected '-' between two points, or the end of the line
            BUILD 0712 0713
                       ^
            hint: write BUILD 0712 - 0713

    The player's line and the caret are left out when the problem has no
    line (a whole file), the hint when there is none.  ``folded`` (for mail)
    folds the message and the hint to the report width; the player's line
    and the caret stay as they are.  ``player``: for a player's eyes (files
    named without the GM's folders, see ``where``); ``mail_only``: the position is in the mail being answered
    (``where``).
    """
    places = tuple(places)
    if places or player:
        p = replace(p, args=_with_places(p.args, places, player))
    head = shown(f"{where(p.pos, places, player=player, mail_only=mail_only)}: {_(_KINDS[p.kind])}: "
                 f"{problem_message(p)}")
    out = [wrap(head, 2) if folded else head]
    out += caret_lines(p.line_text, p.pos.column)
    hint = hint_text(p)
    if hint:
        line = "    " + _("hint: {hint}").format(hint=hint)
        # a hint may quote the player's text, which may hold a word no wrap can fold
        out.append("\n".join(cut(x, MAIL_WIDTH) for x in wrap(line, 6).split("\n")) if folded else line)
    return "\n".join(out)


def note_text(n: Note) -> str:
    """The note's sentence: ``'Nordstat' understood as Nordstadt (0402)``."""
    return _render(NOTES[n.code], n.args, _NOTE_FILLERS.get(n.code))


def format_note(n: Note, places: Iterable[MailPlace] = (), *, folded: bool = False, player: bool = False,
                mail_only: bool = False) -> str:
    """``file:line: sentence`` (for a mail: ``your mail of 21 Nov 18:02, line 17: sentence``; ``folded``: to
    the report width, for mail; ``player``: as for ``format_problem``)."""
    places = tuple(places)
    if places or player:
        n = replace(n, args=_with_places(n.args, places, player))
    text = shown(f"{where(n.pos, places, column=False, player=player, mail_only=mail_only)}: {note_text(n)}")
    return wrap(text, 2) if folded else text


def orders_report(orders: OrderSet) -> str:
    """Every problem and note of a turn's orders, formatted, problems first."""
    parts = [format_problem(p) for p in orders.problems] + [format_note(n) for n in orders.notes]
    return "\n".join(parts)


def unusable_text(u: Unusable) -> str:
    """The GM's line for orders that cannot make a turn (``orders/usable.py``): English, as every GM error."""
    if u.why is Why.OVER:
        return f"game {u.game} is over"
    if u.why is Why.UNREADABLE:
        return "cannot read the orders:\n" + "\n".join(format_problem(p) for p in u.problems)
    if u.why is Why.OTHER_GAME:
        return "orders for another game:\n" + "\n".join(format_problem(p) for p in u.problems)
    done = " (already adjudicated)" if max(u.turns) < u.turn else ""
    return (f"these are orders for turn {', '.join(map(str, u.turns))}{done}; game {u.game} is at turn "
            f"{u.turn}")
