"""The key under an ASCII map: the marks, the companies' letters, the ferries and the towns in the window.

``report/ascii.py`` draws the grid and calls ``map_key`` for the lines
below it, every line at most 72 characters, in the reader's language.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from adjudicator.dampfross.board.folding import fold_name
from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.board.model import Town
from adjudicator.dampfross.report.i18n import N_, _
from adjudicator.dampfross.report.widths import LINE_WIDTH, too_wide

TOWN, START_TOWN = "@", "#"
"""A town's mark on the map and in the list of towns."""

# TRANSLATORS: the key of the ASCII map: keep every mark (. ^ ~ @ # : ! rrr RRR r*b * r~r) and the words
# of the column labels as the map's labels write them; at most 78 characters a line.
# The second line: a ~ between two hexes is a river, and crossing it costs more.
KEY = N_("Key: . plain  ^ mountain  ~ water  @ town  # start town  : border\n"
         "     ~ between hexes: a river, crossing costs extra  ! river and border\n"
         "     rrr track of R  RRR built this turn  r*b or * shared  r~r over a river\n"
         "     column labels: line 'odd' for odd rows, line 'even' for even rows")
# TRANSLATORS: a line added to the key of the ASCII map when ferries are on it (indented as the key)
FERRY_KEY = N_("     = ferry for sale; a letter on the water: that company's ferry")


def map_key(players: Mapping[str, str], ferries: list[tuple[str, str]], towns: list[Town],
            served: Mapping[Hex, str] | None = None) -> list[str]:
    """The key, the players (letter to name), the ferries (name and the mark on the map) and the towns.

    ``served``: the letters of the companies whose track reaches each town's hex (a game's map); they follow
    the town's entry.
    """
    lines = key_lines(ferries)
    lines += _player_lines(players)
    lines += _ferry_lines(ferries)
    lines += _town_lines(towns, served or {})
    return lines


def short_key(players: Mapping[str, str], ferries: list[tuple[str, str]], towns: list[Town]) -> list[str]:
    """The key under a report's small windows: the marks and the players as ``map_key``, the towns packed
    (``1108 Hamburg, 1014 Hannover``) rather than in a table."""
    return key_lines(ferries) + _player_lines(players) + _ferry_lines(ferries) + town_names(towns)


def key_lines(ferries: list[tuple[str, str]]) -> list[str]:
    """The marks of the key (and the ferries' when there are ferries), in lines of at most ``LINE_WIDTH``: its
    entries (cut from each other by two spaces in the translation) flow from line to line, each line under the
    first after ``Key: ``; an entry too long for a line is folded (issue 35: a client that wraps at 72 columns
    broke the key's lines)."""
    lines = _(KEY).split("\n") + ([_(FERRY_KEY)] if ferries else [])
    first = lines[0].strip()
    head, _gap, rest = first.partition(" ")
    entries = [e for line in [rest, *lines[1:]] for e in _ENTRY_GAP.split(line.strip()) if e]
    lead = " " * KEY_INDENT
    out: list[str] = []
    current = head
    for entry in entries:
        joined = f"{current}  {entry}" if current.strip() and current != head else f"{current} {entry}"
        if current.strip() and not _over(joined):
            current = joined
            continue
        if current.strip():
            out.append(current)
        current = lead + entry
        while _over(current) and " " in current.strip():  # one entry too long: folded
            cut = max(k for k in range(len(current)) if current[k] == " " and not _over(current[:k])
                      and current[:k].strip())
            out.append(current[:cut].rstrip())
            current = lead + "  " + current[cut:].strip()
    out.append(current)
    return out


def _over(line: str) -> bool:
    """Wider than the key may be: ``LINE_WIDTH`` characters, or a mail's width in bytes (umlauts)."""
    return len(line) > LINE_WIDTH or too_wide(line)


KEY_INDENT = 5
"""Where the key's entries begin, under the first after ``Key: ``."""
_ENTRY_GAP = re.compile(r" {2,}")


def town_names(towns: list[Town]) -> list[str]:
    """``Towns: 1108 Hamburg, 1014 Hannover`` packed into lines of at most ``LINE_WIDTH`` (none: no line)."""
    return _packed(_("Towns:"), [f"{t.hex.label} {t.name}" for t in sorted(towns, key=lambda t: fold_name(t.name))])


def _player_lines(players: Mapping[str, str]) -> list[str]:
    """``Players: B = ..., R = ...`` packed into lines of at most ``LINE_WIDTH``."""
    return _packed(_("Players:"), [f"{letter.upper()} = {name}" for letter, name in sorted(players.items())])


def _ferry_lines(ferries: list[tuple[str, str]]) -> list[str]:
    """``Ferries: Puttgarden-Gedser r, Rostock-Gedser =`` packed into lines of at most ``LINE_WIDTH``."""
    return _packed(_("Ferries:"), [f"{name} {mark}" for name, mark in ferries])


def _packed(head: str, items: list[str]) -> list[str]:
    """``head`` and the items, comma-separated, in lines of at most ``LINE_WIDTH`` (continued under the first)."""
    lines: list[str] = []
    line = head
    for text in items:
        item = f" {text},"
        if too_wide(line + item, LINE_WIDTH) and line.strip():
            lines.append(line)
            line = " " * len(head)
        line += item
    if items:
        lines.append(line.rstrip(","))
    return lines


def _town_lines(towns: list[Town], served: Mapping[Hex, str]) -> list[str]:
    """The towns in two columns (read down), or one when entries are long; with ``served`` each town's
    companies."""
    if not towns:
        return []
    towns = sorted(towns, key=lambda t: fold_name(t.name))
    name_w = max(len(t.name) for t in towns)
    num_w = max(len(_numbers(t)) for t in towns)
    flag_w = max(len(_flags(t)) for t in towns)
    entries = [_town_entry(t, name_w, num_w, flag_w if served else 0, served.get(t.hex, "")) for t in towns]
    width = max(len(e) for e in entries)
    # TRANSLATORS: the heading of the town list in a game's map key: the letters after a town are the companies
    # whose track reaches it (as in the list of players)
    head = _("Towns (and the companies serving them):") if served else _("Towns:")
    one_column = [head, *(f"  {e}".rstrip() for e in entries)]
    if 2 + width + 2 + width > LINE_WIDTH or len(entries) < 4:
        return one_column
    half = (len(entries) + 1) // 2
    left, right = entries[:half], entries[half:] + [""]
    two = [head, *(f"  {a:<{width}}  {b}".rstrip() for a, b in zip(left, right, strict=False))]
    return one_column if any(too_wide(line, LINE_WIDTH) for line in two) else two


def _numbers(town: Town) -> str:
    return " ".join(str(n) for n in town.numbers) or "--"


def _flags(town: Town) -> str:
    return " ".join(_(f) for f, on in ((N_("start"), town.start), (N_("port"), town.port)) if on)


def _town_entry(town: Town, name_w: int, num_w: int, flag_w: int = 0, served: str = "") -> str:
    """``@ 0402 Nordstadt 11 12 start``: marker, label, name, numbers, flags (and the companies serving it,
    ``B Y``, after flags ``flag_w`` wide)."""
    marker = START_TOWN if town.start else TOWN
    entry = f"{marker} {town.hex.label} {town.name:<{name_w}} {_numbers(town):<{num_w}} {_flags(town):<{flag_w}}"
    return f"{entry} {' '.join(served.upper())}".rstrip()
