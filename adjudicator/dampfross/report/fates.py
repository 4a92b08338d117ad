"""What becomes of each order of a receipt, and the receipt's first line made of the same verdicts (issue 35).

A receipt's headline used to be written apart from its lines ("Your orders count as they stand below" over a
receipt in which every ENTER was refused).  Here each order of a company's section gets its *fate* from the
priced preview ``check`` made (``engine/preview.py``): carried out, in part, or not, and why; each line of the
mail that could not be read is an order that will not count.  The lines under "Your orders as understood" and
the headline are both made from these fates (STYLE 25: a headline is computed, never written), so the two can
never disagree; ``tests/test_answers_true.py`` walks every mix (readings 128, 129).

Pure words: the engines' codes (``BuildProblem``, ``StartProblem``, entry problems, ...) said in the active
language by the phrasebooks.
"""

from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from adjudicator.dampfross.orders.model import (
    BuildOrder,
    BuyFerryOrder,
    CheapestOrder,
    Conditional,
    DeclareEndOrder,
    EnterOrder,
    OrderProblem,
    PlayerOrder,
    StartOrder,
)
from adjudicator.dampfross.orders.sections import Section
from adjudicator.dampfross.orders.translate import GMNote, GMNoteCode, building_orders, racing_orders
from adjudicator.dampfross.report.i18n import _, ngettext
from adjudicator.dampfross.report.orderwords import order_text
from adjudicator.dampfross.report.phrases import DECLARE, PHASES, START, line_stopped, purchase_text, say
from adjudicator.kernel.shown import cut, shown

if TYPE_CHECKING:  # the engines' results: imported where a receipt judges them, never by a turn's report
    from adjudicator.dampfross.building.ferries import FerryPurchase
    from adjudicator.dampfross.building.lines import LineOutcome
    from adjudicator.dampfross.building.turn import PlayerOutcome
    from adjudicator.dampfross.engine.preview import PricedEntry, RacingPreview

Done = Literal["yes", "part", "no"]

LISTED = 5
"""The most orders a headline names (the rest are counted; every one stands below it)."""


@dataclass(frozen=True)
class Fate:
    """One order of a company's section as the preview would carry it out, or a line of the mail not read as one:
    its line, the order as understood (or the line as written), carried out (``yes``), in part, or not, and why
    (in words)."""

    line: int
    text: str
    done: Done
    why: str = ""
    read: bool = True  # False: a line that could not be read as an order (``text`` as written)


def fates(section: Section | None, outcome: PlayerOutcome | RacingPreview | None,
          problems: Sequence[OrderProblem], notes: Sequence[GMNote] = ()) -> tuple[Fate, ...]:
    """The fate of every order of ``section`` (resolved, as ``check`` read it) under the preview ``outcome``, then
    of every line with a ``problem`` that holds no order already said not to be carried out in full, in the order
    of the mail's lines.  ``notes``: the GM's notes of the check (an order ignored in this phase)."""
    ignored = {(n.pos.line, str(n.get("order"))): str(n.get("phase")) for n in notes
               if n.code is GMNoteCode.WRONG_PHASE and n.pos is not None and section is not None
               and n.get("player") == section.player}
    outcomes = _Outcomes(outcome)
    out = [_fate(o, outcomes, ignored) for o in (section.orders if section is not None else ())]
    spoilt = {f.line for f in out if f.done != "yes"}
    for p in problems:
        if p.pos.line not in spoilt:
            spoilt.add(p.pos.line)
            out.append(Fate(p.pos.line, cut(shown(p.line_text.strip()), 40), "no",
                            _("not read as an order (see the problems below)"), read=False))
    return tuple(sorted(out, key=lambda f: f.line))


class _Outcomes:
    """What the preview did with each line, by the line's place and echo (two BUILD lines may share a mail line)."""

    def __init__(self, outcome: PlayerOutcome | RacingPreview | None):
        from adjudicator.dampfross.engine.preview import RacingPreview

        self.lines: dict[tuple[int | None, str], deque[LineOutcome]] = defaultdict(deque)
        self.entries: dict[int, PricedEntry] = {}
        self.purchases: dict[int | None, deque[FerryPurchase]] = defaultdict(deque)
        self.outcome = outcome
        if isinstance(outcome, RacingPreview):
            lines: Iterable[LineOutcome] = (pl.outcome for pl in outcome.lines)
            self.entries = {e.entry.race: e for e in outcome.entries}
        elif outcome is not None:
            lines = [*outcome.lines, *(outcome.joint.lines if outcome.joint is not None else ())]
        else:
            lines = ()
        for lo in lines:
            self.lines[(lo.line.line, lo.line.text)].append(lo)
        for p in (outcome.purchases if outcome is not None else ()):
            self.purchases[p.order.line].append(p)

    def line(self, line: int, text: str) -> LineOutcome | None:
        found = self.lines.get((line, text))
        return found.popleft() if found else None

    def inside(self, lines: set[int]) -> Iterator[LineOutcome]:
        """The outcomes of the lines inside an IF (by their mail lines)."""
        for (number, _text), found in self.lines.items():
            if number in lines:
                yield from found


def _fate(o: PlayerOrder, outcomes: _Outcomes | None, ignored: dict[tuple[int, str], str]) -> Fate:
    """The fate of ``o``: left out in this phase (``ignored``, by line and echo), else as ``outcomes`` (``None``:
    carried out as far as a report of the turn can tell, which says the rest itself)."""
    line, text = o.pos.line, order_text(o.echo())
    phase = ignored.get((line, o.echo()))
    if phase is not None:
        return Fate(line, text, "no", _("ignored in the {phase}").format(phase=_(PHASES.get(phase, phase))))
    done, why = _done(o, outcomes) if outcomes is not None else ("yes", "")
    return Fate(line, text, done, why)


def _done(o: PlayerOrder, outcomes: _Outcomes) -> tuple[Done, str]:
    """Whether the preview carries ``o`` out, and why not (words)."""
    from adjudicator.dampfross.building.ending import VALID_DECLARATIONS
    from adjudicator.dampfross.building.turn import PlayerOutcome
    from adjudicator.dampfross.engine.preview import RacingPreview

    whole = outcomes.outcome
    if isinstance(o, (BuildOrder, CheapestOrder)):
        found = outcomes.line(o.pos.line, o.echo())
        return _line_done(found) if found is not None else ("yes", "")
    if isinstance(o, Conditional):  # as judged now: its lines built, its entries made (the branch taken)
        worst = [_line_done(lo) for lo in outcomes.inside(_lines_of(o))]
        worst += [_entry_done(e) for race in _races_of(o) if (e := outcomes.entries.get(race)) is not None]
        if any(d == "no" for d, _w in worst) and all(d == "no" for d, _w in worst):
            return "no", "; ".join(dict.fromkeys(w for _d, w in worst))
        if any(d != "yes" for d, _w in worst):
            return "part", "; ".join(dict.fromkeys(w for d, w in worst if d != "yes"))
        return "yes", ""
    if isinstance(o, StartOrder) and isinstance(whole, PlayerOutcome) and whole.start_problem is not None:
        return "no", say(START, whole.start_problem)
    if isinstance(o, DeclareEndOrder) and isinstance(whole, PlayerOutcome) and whole.declare is not None \
            and whole.declare.code not in VALID_DECLARATIONS:
        return "no", say(DECLARE, whole.declare)
    if isinstance(o, BuyFerryOrder):
        bought = outcomes.purchases.get(o.pos.line)
        p = bought.popleft() if bought else None
        return ("yes", "") if p is None or p.bought else ("no", purchase_text(p))
    if isinstance(o, EnterOrder) and isinstance(whole, RacingPreview):
        entry = outcomes.entries.get(o.race)
        return _entry_done(entry) if entry is not None else ("yes", "")
    return "yes", ""


def _lines_of(c: Conditional) -> set[int]:
    out = set()
    for o in (*c.then, *c.otherwise):
        out |= _lines_of(o) if isinstance(o, Conditional) else {o.pos.line}
    return out


def _races_of(c: Conditional) -> set[int]:
    out = set()
    for o in (*c.then, *c.otherwise):
        out |= _races_of(o) if isinstance(o, Conditional) else {o.race} if isinstance(o, EnterOrder) else set()
    return out


def _line_done(lo: LineOutcome) -> tuple[Done, str]:
    from adjudicator.dampfross.building.cheapest import CheapestCode
    from adjudicator.dampfross.report.thinkwords import choice_text

    if lo.choice is not None and lo.choice.code in (CheapestCode.NO_LINE, CheapestCode.OVER_MAX):
        return "no", choice_text(lo.choice)
    if lo.problem is None:
        return "yes", ""
    return ("part" if lo.built else "no"), line_stopped(lo)


def _entry_done(e: PricedEntry) -> tuple[Done, str]:
    from adjudicator.dampfross.report.racephrases import entry_note, entry_problem, no_route_text

    if e.ok:
        return "yes", ""
    if not e.race_exists:
        return "no", _("there is no race {race} this turn").format(race=e.entry.race)
    if e.over_cap is not None:
        return "no", entry_note(e.over_cap)
    if e.verdict is None:
        return "no", no_route_text(e.no_route, tuple(e.entry.riders)) if e.no_route else _("no valid route")
    return "no", "; ".join(entry_problem(p) for p in e.verdict.problems)


def ignored_in_phase(section: Section, phase: str) -> list[GMNote]:
    """The notes on the orders of ``section`` its turn leaves out in ``phase`` (an ENTER in a building turn, a START
    or a BUILD WITH in a racing turn): what the turn's translation notes, for a report that shows the orders."""
    notes: list[GMNote] = []
    if phase == "building":
        building_orders(section, notes)
    elif phase == "racing":
        racing_orders(section, notes)
    return [n for n in notes if n.code is GMNoteCode.WRONG_PHASE]


def with_reasons(section: Section, notes: Sequence[GMNote]) -> list[str]:
    """A report's orders as understood: each order, and under one its turn left out in this phase, why (issue 35:
    every order not carried out says why)."""
    ignored = {(n.pos.line, str(n.get("order"))): str(n.get("phase")) for n in notes if n.pos is not None}
    return fate_lines([_fate(o, None, ignored) for o in section.orders])


# --- words ----------------------------------------------------------------------------------------------------


def fate_lines(found: Sequence[Fate]) -> list[str]:
    """The lines of "Your orders as understood": each order, and under one not carried out in full, why."""
    out = []
    for f in found:
        out.append(_("line {line}: {text}").format(line=f.line, text=f.text) if not f.read else f.text)
        if f.done == "part":
            out.append("  " + _("carried out in part: {why}").format(why=f.why))
        elif f.done == "no":
            out.append("  " + (_("not carried out: {why}").format(why=f.why) if f.why else _("not carried out")))
    return out


def headline(found: Sequence[Fate], turn: int, racing: bool) -> str:
    """The receipt's first sentence, counted from the fates of its lines: all would be carried out, some (which
    not), none in full but some in part, or none (then nothing would be built, or entered: reading 94)."""
    count = len(found)
    short = [f for f in found if f.done != "yes"]
    listed = ", ".join(_("line {line} ({text})").format(line=f.line, text=cut(f.text, 30)) for f in short[:LISTED])
    if len(short) > LISTED:
        listed += " " + _("and {count} more").format(count=len(short) - LISTED)
    nothing = _("No race would be entered and nothing would be built") if racing else _("Nothing would be built")
    if count == 0:
        return _("{nothing}: your section for turn {turn} holds no orders.").format(nothing=nothing, turn=turn)
    if not short:
        return ngettext("Your order for turn {turn} would be carried out as it stands below.",
                        "All {count} of your orders for turn {turn} would be carried out as they stand below.",
                        count).format(count=count, turn=turn)
    if len(short) == count and any(f.done == "part" for f in short):  # something is built: never "nothing" (94)
        return ngettext("Your order for turn {turn} would be carried out only in part: {lines}.",
                        "None of your {count} orders for turn {turn} would be carried out in full: {lines}.",
                        count).format(count=count, turn=turn, lines=listed)
    if len(short) == count:
        return ngettext("{nothing}: your order for turn {turn} would not be carried out: {lines}.",
                        "{nothing}: none of your {count} orders for turn {turn} would be carried out: {lines}.",
                        count).format(nothing=nothing, count=count, turn=turn, lines=listed)
    done = count - len(short)  # each half of the sentence agrees with its own number (1 of 2 "would", these "not")
    carried = ngettext("{done} of your {count} orders for turn {turn} would be carried out",
                       "{done} of your {count} orders for turn {turn} would be carried out", done)
    not_all = ngettext("this one would not, or not in full: {lines}.", "these would not, or not in full: {lines}.",
                       len(short))
    return (carried + "; " + not_all).format(done=done, count=count, turn=turn, lines=listed)
