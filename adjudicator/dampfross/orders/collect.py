"""Gather the order files of one turn into a single ``OrderSet``, and settle which sections count.

``collect`` is pure: it gathers the sections of every parsed file in
reading order and checks that every GAME and TURN line agrees with the
game and turn the GM named, or else with the first one read.  Which
sections count needs the passwords: ``adjudicator.dampfross.orders.translate`` checks
them and calls ``settle``, which keeps the last good section per player
(with a note naming what it replaced) and merges the GM's own sections (of
the GM's lines the last ROLL per player, RACE per race and MOVES per race
and player count, likewise noted).  A section with a wrong password never
takes part in "the last one counts".  Reading the files is the
application's job (``adjudicator.dampfross.app.orderfiles``); ``ReceivedFiles`` holds
what was read.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from adjudicator.dampfross.orders.codes import Args, HintCode, NoteCode, ProblemCode, args
from adjudicator.dampfross.orders.model import GMOrder, Hint, HoldPressOrder, Note, OrderProblem, RaceOrder, RollOrder
from adjudicator.dampfross.orders.sections import (
    GMSection,
    Header,
    MailPlace,
    OrderSet,
    ParsedFile,
    Refusal,
    Section,
    sort_by_position,
)


def collect(
    files: Sequence[ParsedFile],
    *,
    game: str | None = None,
    turn: int | None = None,
    problems: Iterable[OrderProblem] = (),
    notes: Iterable[Note] = (),
    places: Iterable[MailPlace] = (),
) -> OrderSet:
    """Merge parsed files, in the order given, into the orders of one turn.

    ``game`` and ``turn`` are the GM's; when given, every GAME/TURN line
    must match them, otherwise they must match the first one read.  Extra
    ``problems`` and ``notes`` (e.g. from reading the files) are included.
    """
    all_problems = list(problems)
    all_notes = list(notes)
    for f in files:
        all_problems += f.problems
        all_notes += f.notes
    headers = [h for f in files for h in f.headers]
    game_value, game_problems = _agree(headers, "GAME", game)
    turn_value, turn_problems = _agree(headers, "TURN", turn)
    all_problems += game_problems + turn_problems

    order = {name: i for i, name in enumerate(f.filename for f in files)}
    return OrderSet(
        game=str(game_value) if game_value is not None else None,
        turn=int(turn_value) if turn_value is not None else None,
        sections=tuple(s for f in files for s in f.sections),
        problems=tuple(sort_by_position(all_problems, order)),
        notes=tuple(sort_by_position(all_notes, order)),
        files=tuple(f.filename for f in files),
        gm_sections=tuple(g for f in files for g in f.gm_sections),
        places=tuple(places),
    )


def settle(orders: OrderSet, sections: Sequence[Section], gm_sections: Sequence[GMSection],
           refusals: Sequence[Refusal]) -> OrderSet:
    """The orders that count, from the sections that passed the checks (``sections``, ``gm_sections``).

    Of a player's sections the last one read counts, with a note naming each
    one it replaces; the GM's sections are merged (a later ROLL, RACE or
    MOVES about the same thing replaces an earlier one, with a note).  The
    problems of a refused section are nobody's (``section=None``): the GM
    sees them, the player it names is only told that it was refused.
    """
    notes = list(orders.notes)
    final: dict[str, Section] = {}
    for s in sections:
        old = final.pop(s.player, None)
        if old is not None:
            notes.append(Note(NoteCode.SECTION_REPLACED, s.pos, args(player=s.player, replaced=old.pos.short)))
        final[s.player] = s
    gm = _merge_gm(list(gm_sections), notes)
    problems = tuple(replace(p, section=None) if any(r.holds(p.pos) for r in refusals) else p
                     for p in orders.problems)
    file_order = {name: i for i, name in enumerate(orders.files)}
    return replace(orders, sections=tuple(final.values()), gm=gm, problems=problems, refusals=tuple(refusals),
                   notes=tuple(sort_by_position(notes, file_order)))


def _agree(headers: list[Header], word: str, given: str | int | None) -> tuple[str | int | None, list[OrderProblem]]:
    """The game or turn in force, and a problem for every line that disagrees.

    The problem's data: ``value`` (the line's), ``expected`` (the one in
    force) and, when the GM named none, ``named_at``: where the first
    GAME or TURN line stands.
    """
    lines = [h for h in headers if h.word == word]
    reference = given if given is not None else (lines[0].value if lines else None)
    if reference is None:
        return None, []
    source: Args = args(named_at=lines[0].pos.short) if given is None else ()
    if word == "TURN":
        code, hint = ProblemCode.TURN_MISMATCH, Hint(HintCode.OLD_TURN)
    else:
        code, hint = ProblemCode.GAME_MISMATCH, Hint(HintCode.OTHER_GAME)
    out: list[OrderProblem] = []
    for h in lines:
        if _same(h.value, reference):
            continue
        data = args(value=h.value, expected=reference) + source
        out.append(OrderProblem("illegal", code, h.value_pos, h.line_text, data, hint, h.player))
    return reference, out


def _same(a: str | int, b: str | int | None) -> bool:
    if isinstance(a, str) or isinstance(b, str):
        return str(a).casefold() == str(b).casefold()
    return a == b


def _merge_gm(sections: list[GMSection], notes: list[Note]) -> GMSection | None:
    """All GM sections as one; a later ROLL for the same player, RACE for the same race
    or MOVES for the same race and player replaces an earlier one."""
    if not sections:
        return None
    kept: dict[tuple[object, ...], GMOrder] = {}
    for s in sections:
        for o in s.orders:
            key, code, data = _gm_key(o)
            old = kept.pop(key, None)
            if old is not None:
                notes.append(Note(code, o.pos, data + args(replaced=old.pos.short)))
            kept[key] = o
    return GMSection(tuple(kept.values()), sections[0].pos, None, sections[0].end)


def _gm_key(o: GMOrder) -> tuple[tuple[object, ...], NoteCode, Args]:
    """What a GM line is about (a later line about the same replaces it), and the note's code and data."""
    if isinstance(o, RollOrder):
        return ("ROLL", o.player), NoteCode.ROLL_REPLACED, args(player=o.player)
    if isinstance(o, RaceOrder):
        return ("RACE", o.number), NoteCode.RACE_REPLACED, args(race=o.number)
    if isinstance(o, HoldPressOrder):
        return ("HOLD", o.player), NoteCode.HOLD_REPEATED, args(player=o.player)
    return ("MOVES", o.race, o.player), NoteCode.MOVES_REPLACED, args(player=o.player, race=o.race)


@dataclass(frozen=True)
class ReceivedFiles:
    """Order files as received: each file's text and its parse, read once.

    ``orders(game, turn)`` merges them into one ``OrderSet`` (``collect``);
    ``texts`` holds each file's name as given and its text, in the order read, for the archive;
    ``places`` the files that came by mail (``MailPlace``); ``quoted`` the files read only up to a line (name,
    line: where the platform found the robot's own mail quoted, issue 32), which the turn's record keeps.
    """

    parsed: tuple[ParsedFile, ...] = ()
    texts: tuple[tuple[str, str], ...] = ()
    problems: tuple[OrderProblem, ...] = ()
    notes: tuple[Note, ...] = ()
    places: tuple[MailPlace, ...] = ()
    quoted: tuple[tuple[str, int], ...] = ()

    def orders(self, *, game: str | None = None, turn: int | None = None) -> OrderSet:
        return collect(self.parsed, game=game, turn=turn, problems=self.problems, notes=self.notes,
                       places=self.places)
