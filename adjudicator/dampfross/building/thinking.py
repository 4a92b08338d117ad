"""Orders that think, carried out: IF conditions judged when the orders come to be built (issue 27).

A company's orders reach the engine flat: each BUILD line carries its
``guard``, the IFs it stands in (``BuildLine.guard``), and the company's
``tests`` are numbered.  When the company's turn to build comes
(in the building order of the turn, reading 103), its lines are taken in
the order written; a line is built when every IF it stands in chose its
branch, and an IF's condition is judged once, the first time a line inside
it comes to be built, against the board as it stands then (reading 102):

* ``taken``: a hex holds track of another company, or a segment is
  another company's (under simultaneous building: as that rule lets the
  company see the board, the track at the start of the turn);
* ``connected``: the town is on the company's own network;
* ``balance``: the company's balance is at least the amount;
* ``race-from``/``race-to``: race n of this turn starts or ends in the town
  (no race is drawn in a building turn: never true there);
* ``standby``: the company has been handed to a stand-by (``player replace``).

Each judgement is a ``Verdict`` with a code and its data (``Why``): the
private report says which branch ran and why.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Literal

from adjudicator.dampfross.board.hexgrid import Hex, Side
from adjudicator.dampfross.building.cheapest import choose
from adjudicator.dampfross.building.lines import Budget, BuildContext, BuildLine, Built, LineOutcome, build_line
from adjudicator.dampfross.game.state import GameState
from adjudicator.kernel.problems import Problem

TestKind = Literal["taken", "connected", "balance", "race-from", "race-to", "standby"]


@dataclass(frozen=True)
class Test:
    """One IF's condition for the engine: what it asks, and where it was written (``line``, ``text``)."""

    kind: TestKind
    hexes: tuple[Hex, ...] = ()
    number: int = 0
    company: str = ""
    negated: bool = False
    text: str = ""
    line: int | None = None


class Why(StrEnum):
    """Why a condition held or not (``Verdict.why``).  Data in brackets."""

    TAKEN_BY = "taken-by"  # where (labels), by (companies)
    FREE = "free"  # where (labels)
    BALANCE = "balance"  # balance, amount
    CONNECTED = "connected"  # town
    NOT_CONNECTED = "not-connected"  # town
    RACE = "race"  # race, start, dest (towns)
    NO_RACE = "no-race"  # race
    STANDBY = "standby"  # company, turn (the turn the stand-by took over)
    NO_STANDBY = "no-standby"  # company


@dataclass(frozen=True)
class Verdict:
    """A condition judged: the test, whether it held (``NOT`` applied) and why."""

    test: Test
    holds: bool
    why: Problem[Why]


@dataclass(frozen=True)
class Situation:
    """What a condition may ask beyond the board: stand-bys (company -> turn) and this turn's races
    (number -> start and destination town)."""

    standbys: Mapping[str, int] = field(default_factory=dict)
    races: Mapping[int, tuple[str, str]] = field(default_factory=dict)


def situation_of(state: GameState, races: Mapping[int, tuple[str, str]] | None = None) -> Situation:
    """The stand-bys of a game (the last ``player replace`` of each company) and the races given."""
    standbys = {c.player: c.turn for c in state.corrections if c.kind == "replace" and c.player}
    return Situation(standbys, races or {})


class Judge:
    """Judges one company's conditions, each once, in the order the lines come to need them."""

    def __init__(self, ctx: BuildContext, player: str, tests: Sequence[Test], situation: Situation):
        self.ctx, self.player, self.tests, self.situation = ctx, player, tests, situation
        self.known: dict[int, Verdict] = {}
        self.verdicts: list[Verdict] = []

    def admits(self, guard: Sequence[tuple[int, bool]]) -> bool:
        """True when every IF around a line chose the line's branch (judging the conditions not judged yet)."""
        return all(self.verdict(index).holds == branch for index, branch in guard)  # stops at the first no

    def verdict(self, index: int) -> Verdict:
        if index not in self.known:
            test = self.tests[index]
            holds, why = judge(self.ctx, self.player, test, self.situation)
            self.known[index] = Verdict(test, holds != test.negated, why)
            self.verdicts.append(self.known[index])
        return self.known[index]


def judge(ctx: BuildContext, player: str, test: Test, situation: Situation) -> tuple[bool, Problem[Why]]:
    """Whether a condition holds as the board stands (``NOT`` not applied), and why."""
    where = tuple(h.label for h in test.hexes)
    if test.kind == "taken":
        owners = ctx.track.owners(Side(*test.hexes)) if len(test.hexes) == 2 else ctx.track.owners_at(test.hexes[0])
        rivals = tuple(sorted(owners - {player}))
        return (True, Problem.of(Why.TAKEN_BY, where=where, by=rivals)) if rivals else \
            (False, Problem.of(Why.FREE, where=where))
    if test.kind == "connected":
        town = ctx.gmap.town_at(test.hexes[0])
        name = town.name if town else where[0]
        on = test.hexes[0] in ctx.network(player)
        return on, Problem.of(Why.CONNECTED if on else Why.NOT_CONNECTED, town=name)
    if test.kind == "balance":
        balance = ctx.books.balance(player)
        return balance >= test.number, Problem.of(Why.BALANCE, balance=balance, amount=test.number)
    if test.kind == "standby":
        turn = situation.standbys.get(test.company)
        if turn is None:
            return False, Problem.of(Why.NO_STANDBY, company=test.company)
        return True, Problem.of(Why.STANDBY, company=test.company, turn=turn)
    race = situation.races.get(test.number)
    if race is None:
        return False, Problem.of(Why.NO_RACE, race=test.number)
    town = ctx.gmap.town_at(test.hexes[0])
    end = race[0] if test.kind == "race-from" else race[1]
    return town is not None and town.name == end, Problem.of(Why.RACE, race=test.number, start=race[0], dest=race[1])


def carry_out(ctx: BuildContext, player: str, lines: Sequence[BuildLine], budget: Budget,
              judge_: Judge) -> tuple[LineOutcome, ...]:
    """A company's BUILD and BUILD CHEAPEST lines in the order written, each when its IFs let it."""
    out = []
    for line in lines:
        if not judge_.admits(line.guard):
            continue
        out.append(build_cheapest(ctx, player, line, budget) if line.cheapest else build_line(ctx, player, line,
                                                                                             budget))
    return tuple(out)


def build_cheapest(ctx: BuildContext, player: str, line: BuildLine, budget: Budget) -> LineOutcome:
    """BUILD CHEAPEST: the line chosen now (``building.cheapest``), built piece by piece from the network."""
    assert line.cheapest is not None
    chosen, why = choose(ctx, player, line.cheapest)
    if chosen is None:
        return LineOutcome(line, (), None, (), choice=why)
    shown = replace(line, hexes=chosen.hexes)
    built: list[Built] = []
    for run in chosen.runs:
        part = build_line(ctx, player, replace(line, hexes=run, cheapest=None), budget)
        built += part.built
        if part.problem is not None:
            return LineOutcome(shown, tuple(built), part.problem, part.unbuilt, part.reversed_from, choice=why)
    return LineOutcome(shown, tuple(built), None, (), choice=why)
