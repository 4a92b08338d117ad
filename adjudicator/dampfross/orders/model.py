"""The value types of the order language: positions, problems, points and orders.

Sections and whole files are in ``adjudicator.dampfross.orders.sections``.

Everything here is a frozen dataclass.  The parser (``parse.py``) makes
them from text, ``collect.py`` merges the files of one turn, and
``resolve.py`` fills in the hexes; the rules never see a Lark tree.

Three kinds of problem (see ``OrderProblem``):

``syntax``
    the text cannot be read as an order (misspelt keyword, missing ``-``,
    a label that is not four digits, an unreadable file).
``illegal``
    the text is readable but cannot stand: an unknown town, a label that is
    not on the map, two points that are not neighbours, ROLL, RACE or MOVES
    outside the GM's section, orders before any PLAYER line, a TURN that
    does not match, a race number or a die outside its range, an unknown
    company named as a segment's owner.
``ambiguous``
    it could mean two things (a misspelt town name equally near two towns).

An order with a problem is left out of its section; the problem says why.

Problems, hints and notes hold no sentences: each carries a code
(``ProblemCode``, ``HintCode``, ``NoteCode`` from ``codes.py``) and its
``args``, the data a sentence needs.  Only the report layer
(``adjudicator.dampfross.report.orderwords``) makes words of them, so that the
wording lives in one table and can be translated; code that decides
something about a problem compares its code, never its text.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Literal, NamedTuple, TypeAlias

from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.building.problems import BuildProblem
from adjudicator.dampfross.orders.codes import Args, HintCode, NoteCode, ProblemCode
from adjudicator.kernel.problems import Problem

ProblemKind = Literal["syntax", "illegal", "ambiguous"]


@dataclass(frozen=True, order=True)
class Pos:
    """Where something stands: file name, 1-based line and column (line 0: the whole file)."""

    file: str
    line: int
    column: int = 1

    def __str__(self) -> str:
        if self.line < 1:
            return self.file
        return f"{self.file}:{self.line}:{self.column}"

    @property
    def short(self) -> str:
        """``file:line`` without the column (just the file for line 0: the file as a whole)."""
        return f"{self.file}:{self.line}" if self.line >= 1 else self.file


@dataclass(frozen=True)
class Hint:
    """What the player could write instead: a code and its data (see ``HintCode``)."""

    code: HintCode
    args: Args = ()


@dataclass(frozen=True)
class OrderProblem:
    """One thing wrong with the orders: where, what kind, and a code with its data.

    ``code`` says what happened and ``args`` holds the data a sentence
    about it needs (the word written, the label, the candidates); ``hint``
    is what to write instead, if anything helps.  The report layer
    (``adjudicator.dampfross.report.orderwords``) turns them into words.

    ``line_text`` is the player's line as written, for showing it with a
    caret under ``pos.column``.  ``section`` is the player ID (or ``"GM"``)
    whose section the line stands in, ``None`` outside any section; the
    adjudicator can use it to tell a player which of their orders were not
    carried out.
    """

    kind: ProblemKind
    code: ProblemCode
    pos: Pos
    line_text: str = ""
    args: Args = ()
    hint: Hint | None = None
    section: str | None = None


@dataclass(frozen=True)
class Note:
    """A remark that is not an error (a name understood, a section replaced): a code and its data."""

    code: NoteCode
    pos: Pos
    args: Args = ()


# ---------------------------------------------------------------------------
# points
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Point:
    """A point as written: a hex label (``kind="label"``) or a town name.

    For a label, ``text`` is the four digits; for a town, the words as
    written, joined by single spaces.
    """

    text: str
    pos: Pos
    kind: Literal["label", "town"] = "label"

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, kw_only=True)
class ResolvedPoint(Point):
    """A point with its hex on the map.

    ``town`` is the town standing in the hex, if any (also for a label);
    ``understood_as`` is set when a misspelt name was matched tolerantly.
    """

    hex: Hex
    town: str | None = None
    understood_as: str | None = None

    def describe(self) -> str:
        """``0712`` or ``Nordstadt (0402)``."""
        return f"{self.town} ({self.hex.label})" if self.kind == "town" and self.town else self.hex.label


@dataclass(frozen=True)
class DashedPoint(Point):
    """A one-word point written directly between two dashes: ``0712-Nordstadt-0713``.

    Only ENTER routes make these.  ``resolve`` decides what the word is: the
    owner of the segment between its neighbours when it is one of the game's
    company IDs (``0712 -BLUE- 0713``), else a point like any other.
    """


def describe_point(p: Point) -> str:
    """A point for echoing: resolved points with their hex, others as written."""
    return p.describe() if isinstance(p, ResolvedPoint) else p.text


# ---------------------------------------------------------------------------
# orders
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class StartOrder:
    """``START <point>``: where the player's network begins."""

    point: Point
    pos: Pos
    text: str = ""

    @property
    def hex(self) -> Hex | None:
        """The start hex once resolved."""
        return self.point.hex if isinstance(self.point, ResolvedPoint) else None

    def echo(self) -> str:
        return f"START {describe_point(self.point)}"


@dataclass(frozen=True)
class BuildOrder:
    """``BUILD p - p - ...``: one piece of track.

    ``points`` are as written; ``hexes`` is the full path after resolution,
    straight-line shorthands expanded (empty before ``resolve``).  A line
    with a bad point (reading 79) keeps ``hexes`` up to the point before it;
    ``cut`` is the bad point's index in ``points`` and ``stop`` the engine's
    reason for stopping there.
    """

    points: tuple[Point, ...]
    pos: Pos
    text: str = ""
    hexes: tuple[Hex, ...] = ()
    partner: str | None = None  # BUILD WITH <ID>: a joint line with that company
    cut: int | None = None
    stop: Problem[BuildProblem] | None = None

    @property
    def resolved(self) -> bool:
        return bool(self.hexes) or self.stop is not None

    @property
    def rest(self) -> tuple[str, ...]:
        """The points from the bad one on, as written (empty for a line without one)."""
        return tuple(p.text for p in self.points[self.cut:]) if self.cut is not None else ()

    @property
    def segments(self) -> tuple[tuple[Hex, Hex], ...]:
        """Consecutive pairs of ``hexes``: the segments to build."""
        return tuple(itertools.pairwise(self.hexes))

    def echo(self) -> str:
        """``BUILD Nordstadt (0402) - 0503 - 0504``; an expanded shorthand adds the full path."""
        head = "BUILD " + (f"WITH {self.partner} " if self.partner else "")
        head += " - ".join(describe_point(p) for p in self.points)
        if self.hexes and len(self.hexes) != len(self.points[:self.cut]):
            head += " (" + "-".join(h.label for h in self.hexes) + ")"
        return head


@dataclass(frozen=True)
class PassOrder:
    """``PASS``: build nothing this turn."""

    pos: Pos
    text: str = ""

    def echo(self) -> str:
        return "PASS"


@dataclass(frozen=True)
class DeclareEndOrder:
    """``DECLARE END``: declare the building phase over (anti-stalling rule)."""

    pos: Pos
    text: str = ""

    def echo(self) -> str:
        return "DECLARE END"


@dataclass(frozen=True)
class BuyFerryOrder:
    """``BUY FERRY <port> [- <port>]`` (advanced rules): buy a ferry, named by its port or both its ports.

    Whether there is such a ferry, whether the player's track reaches it and
    may own it is the adjudicator's check (``adjudicator.dampfross.building.ferries``).
    """

    points: tuple[Point, ...]
    pos: Pos
    text: str = ""

    @property
    def hexes(self) -> tuple[Hex, ...]:
        """The ports' hexes once resolved (empty before)."""
        return tuple(p.hex for p in self.points if isinstance(p, ResolvedPoint))

    def echo(self) -> str:
        return "BUY FERRY " + " - ".join(describe_point(p) for p in self.points)


@dataclass(frozen=True)
class RollOrder:
    """GM: ``ROLL <ID> <n>``, a manual die roll (that player's allowance this turn).

    ``value`` is 1..12 here; whether the rules profile allows it (one die or
    two) is the adjudicator's check.
    """

    player: str
    value: int
    pos: Pos
    text: str = ""

    def echo(self) -> str:
        return f"ROLL {self.player} {self.value}"


MAX_RACE = 99
"""Races are numbered 1 to ``MAX_RACE`` in the reports."""


class RouteSegment(NamedTuple):
    """One hex pair of a route and the company whose line it uses (``None``: not named)."""

    a: Hex
    b: Hex
    owner: str | None


@dataclass(frozen=True)
class EnterOrder:
    """``ENTER <race> [WITH <ID>] ROUTE p - p ...`` or ``ENTER <race> [WITH <ID>] BEST``.

    The player's train takes part in race ``race``, along the route written
    (start to destination) or, with ``best``, along the route the
    adjudicator chooses.  ``partner`` names the other company of a joint
    trip (upper case), who orders the same.

    ``points`` are the route's points and ``owners`` holds one entry per
    written segment (``points[i]`` to ``points[i + 1]``): the company whose
    line it uses, or ``None`` when the entrant did not say.  Before
    ``resolve``, a word written ``-WORD-`` is still a ``DashedPoint`` among
    the points (it becomes an owner if it is a company ID) and only
    bracketed owners ``-(WORD)-`` are in ``owners``; ``owner_pos`` is where
    each owner was written.

    After ``resolve``, ``hexes`` is the full path (straight-line shorthands
    expanded) and ``hex_owners`` the owner of every hex pair; an owner named
    on a shorthand applies to the whole straight stretch.  ``segments``
    pairs them up.  Whether the route starts and ends at the race's towns,
    runs on track and pays its fares is the adjudicator's business.
    """

    race: int
    points: tuple[Point, ...]
    owners: tuple[str | None, ...]
    best: bool
    partner: str | None
    pos: Pos
    text: str = ""
    hexes: tuple[Hex, ...] = ()
    hex_owners: tuple[str | None, ...] = ()
    owner_pos: tuple[Pos | None, ...] = ()

    @property
    def resolved(self) -> bool:
        return self.best or bool(self.hexes)

    @property
    def segments(self) -> tuple[RouteSegment, ...]:
        """Every hex pair of the resolved route with its owner (empty before ``resolve`` and for BEST)."""
        owners = self.hex_owners or (None,) * max(len(self.hexes) - 1, 0)
        return tuple(RouteSegment(a, b, o) for (a, b), o in zip(itertools.pairwise(self.hexes), owners, strict=True))

    def route_text(self) -> str:
        """``Nordstadt (0402) - 0503 -BLUE- 0504``: the points with their named owners."""
        if not self.points:
            return ""
        parts = [describe_point(self.points[0])]
        for i, p in enumerate(self.points[1:]):
            owner = self.owners[i] if i < len(self.owners) else None
            parts.append(f"-{owner}-" if owner else "-")
            parts.append(describe_point(p))
        return " ".join(parts)

    def echo(self) -> str:
        """``ENTER 2 WITH NOB ROUTE Nordstadt (0402) - 0503 -BLUE- 0605 (0402-0503-0504-0605)``, ``ENTER 2 BEST``."""
        head = f"ENTER {self.race}"
        if self.partner:
            head += f" WITH {self.partner}"
        if self.best:
            return head + " BEST"
        head += " ROUTE " + self.route_text()
        if self.hexes and len(self.hexes) != len(self.points):
            head += " (" + "-".join(h.label for h in self.hexes) + ")"
        return head


@dataclass(frozen=True)
class RaceOrder:
    """GM: ``RACE <n> FROM <point> TO <point>``, race ``number``'s start and destination (manual dice).

    ``start`` and ``dest`` are resolved like START's point; whether they are
    towns far enough apart is the adjudicator's check.  A special run
    (advanced rules, reading 78) is ``RACE <n> FROM <point> SPECIAL <row>``:
    ``dest`` is ``None`` and ``special`` the row of the map's table the GM
    rolled (``5G``, ``3``).
    """

    number: int
    start: Point
    dest: Point | None
    pos: Pos
    text: str = ""
    special: str | None = None

    @property
    def start_hex(self) -> Hex | None:
        return self.start.hex if isinstance(self.start, ResolvedPoint) else None

    @property
    def dest_hex(self) -> Hex | None:
        return self.dest.hex if isinstance(self.dest, ResolvedPoint) else None

    def echo(self) -> str:
        if self.dest is None:
            return f"RACE {self.number} FROM {describe_point(self.start)} SPECIAL {self.special}"
        return f"RACE {self.number} FROM {describe_point(self.start)} TO {describe_point(self.dest)}"


@dataclass(frozen=True)
class MovesOrder:
    """GM: ``MOVES <race> <ID> <d> <d> ...``, the movement rolls of ``player``'s train in race ``race``.

    In order, one per race round, tie rerolls after them; each is 1..6.
    """

    race: int
    player: str
    values: tuple[int, ...]
    pos: Pos
    text: str = ""

    def echo(self) -> str:
        return f"MOVES {self.race} {self.player} " + " ".join(map(str, self.values))


@dataclass(frozen=True)
class PowersOrder:
    """``POWERS <race> WITH <ID>``: running powers with ``partner`` for race ``race`` (postal RR).

    Each company uses the other's track in that race without paying; both must order it.
    """

    race: int
    partner: str
    pos: Pos
    text: str = ""

    def echo(self) -> str:
        return f"POWERS {self.race} WITH {self.partner}"


@dataclass(frozen=True)
class PressOrder:
    """``PRESS [ANONYMOUS]`` and the lines after it up to ``END PRESS``: printed in the next public report.

    ``lines`` is the item's text as written (the parser fills it in);
    ``anonymous`` asks to print it without the company's name, where the
    game allows that.
    """

    pos: Pos
    text: str = ""
    anonymous: bool = False
    lines: tuple[str, ...] = ()

    def echo(self) -> str:
        return "PRESS ANONYMOUS" if self.anonymous else "PRESS"


@dataclass(frozen=True)
class HoldPressOrder:
    """``HOLD PRESS <ID>`` (GM): the company's press of this turn is not printed."""

    player: str
    pos: Pos
    text: str = ""

    def echo(self) -> str:
        return f"HOLD PRESS {self.player}"


# ---------------------------------------------------------------------------
# orders that think (issue 27): BUILD CHEAPEST, IF ... THEN ... ELSE ... END
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class CheapestOrder:
    """``BUILD CHEAPEST FROM <point> TO <point> [MAX n]``: the line is chosen when it comes to be built.

    ``maximum`` caps the line's cost in points (``None``: the allowance left
    is the cap); the choice and its ties are ``building.cheapest``'s (reading 100).
    """

    start: Point
    goal: Point
    maximum: int | None
    pos: Pos
    text: str = ""

    @property
    def hexes(self) -> tuple[Hex, ...]:
        """The two ends' hexes once resolved (empty before)."""
        return tuple(p.hex for p in (self.start, self.goal) if isinstance(p, ResolvedPoint))

    def echo(self) -> str:
        head = f"BUILD CHEAPEST FROM {describe_point(self.start)} TO {describe_point(self.goal)}"
        return head + (f" MAX {self.maximum}" if self.maximum is not None else "")


ConditionKind = Literal["taken", "connected", "balance", "race-from", "race-to", "standby"]


@dataclass(frozen=True)
class Condition:
    """What an IF line asks (reading 101): ``points`` of TAKEN (a hex, or a segment's two), CONNECTED and
    RACE; ``number`` the amount of BALANCE or the race of RACE; ``company`` of STANDBY; ``negated``: IF NOT."""

    kind: ConditionKind
    pos: Pos
    points: tuple[Point, ...] = ()
    number: int = 0
    company: str = ""
    negated: bool = False

    @property
    def hexes(self) -> tuple[Hex, ...]:
        return tuple(p.hex for p in self.points if isinstance(p, ResolvedPoint))

    def echo(self) -> str:
        """``1409 TAKEN``, ``NOT BALANCE AT LEAST 40``, ``RACE 2 TO Nordstadt (0402)``."""
        where = " - ".join(describe_point(p) for p in self.points)
        text = {"taken": f"{where} TAKEN", "connected": f"{where} CONNECTED",
                "balance": f"BALANCE AT LEAST {self.number}", "race-from": f"RACE {self.number} FROM {where}",
                "race-to": f"RACE {self.number} TO {where}", "standby": f"STANDBY {self.company}"}[self.kind]
        return f"NOT {text}" if self.negated else text


@dataclass(frozen=True)
class IfLine:
    """An ``IF <condition> [THEN]`` line as read; ``orders.conditions`` gathers the orders up to its END."""

    condition: Condition
    pos: Pos
    text: str = ""


@dataclass(frozen=True)
class ElseLine:
    """An ``ELSE`` line (``SONST``)."""

    pos: Pos
    text: str = ""


@dataclass(frozen=True)
class Conditional:
    """``IF <condition> THEN <orders> [ELSE <orders>] END``: ``then`` runs when the condition holds at the moment
    the orders come to be built, ``otherwise`` when not (reading 102); either may hold further IFs."""

    condition: Condition
    then: tuple[PlayerOrder, ...]
    otherwise: tuple[PlayerOrder, ...]
    pos: Pos
    text: str = ""

    def echo(self) -> str:
        """One line: ``IF 1409 TAKEN THEN BUILD 1509 - 1510 ELSE BUILD 1409 - 1410 END``."""
        out = f"IF {self.condition.echo()} THEN " + "; ".join(o.echo() for o in self.then)
        if self.otherwise:
            out += " ELSE " + "; ".join(o.echo() for o in self.otherwise)
        return out + " END"


StandingKind = Literal["enter", "pass", "cancel"]


@dataclass(frozen=True)
class StandingOrder:
    """``STANDING ENTER ALL BEST [MIN n]``, ``STANDING PASS``, ``STANDING CANCEL`` (issue 27, readings 110-114).

    A line of standing orders: kept with the company from turn to turn and
    carried out in a turn without a mail from its seat.  ``minimum`` is the
    least expected profit of a standing race entry (``kind="enter"``).
    """

    kind: StandingKind
    pos: Pos
    text: str = ""
    minimum: int = 0

    def echo(self) -> str:
        if self.kind == "enter":
            return f"STANDING ENTER ALL BEST MIN {self.minimum}"
        return f"STANDING {self.kind.upper()}"


PlayerOrder: TypeAlias = (
    CheapestOrder | Conditional |
    StartOrder | BuildOrder | PassOrder | DeclareEndOrder | EnterOrder | PowersOrder | BuyFerryOrder | PressOrder
    | StandingOrder
)
GMOrder: TypeAlias = RollOrder | RaceOrder | MovesOrder | HoldPressOrder
Order: TypeAlias = PlayerOrder | GMOrder
