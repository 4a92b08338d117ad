"""Indented JSON written by the C encoder: the text of ``json.dumps(doc, ensure_ascii=False, indent=1)``.

The standard library writes indented JSON with its pure-Python encoder (the C
one is used only without ``indent``), four times slower; a long game's state
is written at least once a turn.  Here every container whose items are all
scalars (a ledger entry, a die, a track segment) is written by the C encoder
in one call, its item separator being the newline and the indentation of its
depth (a JSON string holds no raw newline, so no separator can be mistaken);
a list of such objects (the ledger, the dice log) in one call too, a
container of scalars inside one of them (a fee's segment, a history entry's
balances) put in after; only the other containers of containers are walked
in Python.  The text is the same
byte for byte (``tests/test_jsontext.py`` compares both on game files and on
awkward documents); a lone string, integer or constant is written as the encoder
writes it, a float by ``json.dumps`` itself.
"""

from __future__ import annotations

import json
import json.encoder
import re
from collections.abc import Callable
from functools import cache
from json.encoder import encode_basestring
from typing import Any

from adjudicator.kernel.kept import same_start

_c_make_encoder: Any = getattr(json.encoder, "c_make_encoder", None)
"""CPython's C encoder (other Pythons fall back to ``json.dumps``)."""

_SCALARS = (str, int, bool, type(None))
_CONSTANTS = {None: "null", True: "true", False: "false"}


def indented(doc: Any, kept: ListTexts | None = None) -> str:
    """``json.dumps(doc, ensure_ascii=False, indent=1)``, byte for byte; ``kept``: the texts of the lists of records
    written by the call before with it, for those lists only grown since (see ``ListTexts``)."""
    if _c_make_encoder is None:  # pragma: no cover
        return json.dumps(doc, ensure_ascii=False, indent=1)
    out: list[str] = []
    _write(doc, "", out, kept)
    if kept is not None:
        kept.done()
    return "".join(out)


class ListTexts:
    """The texts of the lists of records a document was written with, kept with the very items written.

    A walk through a game's states writes each state in turn, and a process
    of many turns writes each turn's state; the ledger and the dice log only
    grow, so writing the next state writes only their new items when the
    list starts with the very item objects (not equal ones) written last
    time.  The caller must never change such an item in place
    (``kernel.changes`` replaces an item it changes by a copy; a game's
    entries as JSON are shared, never changed: ``gamefile.to_json``).  Only
    the lists of the last document written are kept.
    """

    def __init__(self) -> None:
        self._last: dict[tuple[int, str], tuple[tuple[Any, ...], list[str]]] = {}
        self._now: dict[tuple[int, str], tuple[tuple[Any, ...], list[str]]] = {}

    def records(self, rows: Any, indent: str) -> str | None:
        """``_records(rows, indent)``, writing only the rows that follow the first rows written last time."""
        inner = indent + " "
        key = (id(rows[0]), indent)  # the kept rows hold their first row: its id is not another's meanwhile
        found = self._last.get(key)
        n, pieces = 0, []
        if found is not None:
            n = same_start(rows, found[0])
            pieces = found[1][:n]
        if n < len(rows):
            more = _records(rows[n:], indent)
            if more is None:
                return None
            # each row's text: the rows are parted by ",", a newline, the rows' indent and "{" (a row's own
            # lines are indented deeper, and no string in it holds a newline)
            first, *others = more[len(inner) + 2:-(len(indent) + 2)].split(f",\n{inner}{{")
            pieces += [first, *("{" + text for text in others)]
        self._now[key] = (tuple(rows), pieces)
        return f"[\n{inner}{f',{chr(10)}{inner}'.join(pieces)}\n{indent}]"

    def done(self) -> None:
        """A document is written: keep the lists it was written with, forget the others."""
        self._last, self._now = self._now, {}


@cache
def _flat(inner: str) -> Callable[[Any, int], Any]:
    """The C encoder writing a container of scalars with each item on a line indented by ``inner``."""
    assert _c_make_encoder is not None
    encoder: Callable[[Any, int], Any] = _c_make_encoder(None, None, encode_basestring, None, ": ", ",\n" + inner,
                                                          False, False, True)
    return encoder


_HOLE = "\uffff"
_HOLES = re.compile(f'"{_HOLE}([0-9]+){_HOLE}"')


def _flat_container(o: Any) -> bool:
    """A list or an object of scalars (a ledger entry's segment, a history entry's balances)."""
    kind = type(o)
    if kind is list or kind is tuple:
        return all(type(x) in _SCALARS for x in o)
    return kind is dict and all(type(x) in _SCALARS for x in o.values())


def _records(rows: Any, indent: str) -> str | None:
    """A list of records (ledger entries, dice, track, history) in one call of the C encoder: written with the
    separator of the objects' items, then the boundaries between the objects (``},`` a newline and ``{``,
    which only they can be: no string holds a raw newline, no scalar ends with ``}``) get their own lines.
    A container inside a record is written on its own and stands in the text as a string of its number
    between two U+FFFF marks until then.  ``None`` when a row is no record (an object of scalars and
    containers of scalars) or a string of the rows holds that mark itself: the caller walks the list then."""
    inner, deeper = indent + " ", indent + "  "
    nested: list[str] = []

    def hole(o: Any) -> str:
        nested.append(_container(o, deeper))
        return f"{_HOLE}{len(nested) - 1}{_HOLE}"

    plain = True
    for row in rows:
        if type(row) is not dict or not row:
            return None
        for x in row.values():
            if type(x) not in _SCALARS:
                if not _flat_container(x):
                    return None
                plain = False
    if not plain:
        rows = [{k: x if type(x) in _SCALARS else hole(x) for k, x in row.items()} for row in rows]
    text = "".join(_flat(deeper)(rows, 0))[2:-2]  # without the outer [{ and }]
    text = text.replace("},\n" + deeper + "{", f"\n{inner}}},\n{inner}{{\n{deeper}")
    if nested:
        if text.count(_HOLE) != 2 * len(nested):
            return None
        text = _HOLES.sub(lambda m: nested[int(m.group(1))], text)
    return f"[\n{inner}{{\n{deeper}{text}\n{inner}}}\n{indent}]"


def _container(o: Any, indent: str) -> str:
    """A list or an object of scalars at ``indent``: each item on a line of its own, one space deeper."""
    if not o:
        return "{}" if type(o) is dict else "[]"
    inner = indent + " "
    opening, closing = ("{", "}") if type(o) is dict else ("[", "]")
    return f"{opening}\n{inner}{''.join(_flat(inner)(o, 0))[1:-1]}\n{indent}{closing}"


def _write(o: Any, indent: str, out: list[str], kept: ListTexts | None = None) -> None:
    kind = type(o)
    if kind is dict or kind is list or kind is tuple:
        if not o:
            out.append("{}" if kind is dict else "[]")
            return
        inner = indent + " "
        opening, closing = ("{", "}") if kind is dict else ("[", "]")
        items = o.values() if kind is dict else o
        if kind is not dict:
            text = _records(o, indent) if kept is None else kept.records(o, indent)
            if text is not None:
                out.append(text)
                return
        if all(type(v) in _SCALARS for v in items):
            out.append(_container(o, indent))
            return
        separator = opening + "\n" + inner
        if kind is dict:
            for key, value in o.items():
                name = key if type(key) is str else json.dumps(key)  # as json.dumps writes a key of another type
                out.append(f"{separator}{encode_basestring(name)}: ")
                _write(value, inner, out, kept)
                separator = ",\n" + inner
        else:
            for value in o:
                out.append(separator)
                _write(value, inner, out, kept)
                separator = ",\n" + inner
        out.append(f"\n{indent}{closing}")
    elif kind is str:
        out.append(encode_basestring(o))
    elif o is None or kind is bool:
        out.append(_CONSTANTS[o])
    elif kind is int:
        out.append(int.__repr__(o))
    else:
        out.append(json.dumps(o, ensure_ascii=False))
