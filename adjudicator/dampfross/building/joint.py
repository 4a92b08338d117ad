"""Joint building (the variant of seeds 000, 002 and 004): two players build one line together.

Seed 000: "Als Variante können zwei Spieler gemeinsam eine Linie bauen.
Diese Linie muß in einem Feld beginnen, in dem sich ihre Streckennetze
treffen. Beide würfeln und können drei Viertel des Gesamtwurfs verbauen.
(Beispiel: Sie würfeln 4 + 4 = 8; 6 Punkte können verbaut werden. Sie
würfeln 3 + 3 = 6; Sie können 4 Punkte verbauen, ein halber Punkt verfällt.)"

Readings (docs/rules.md):
- both partners order the same joint lines (``BUILD WITH <ID> ...``, the
  same hexes in either direction); otherwise none of them is built;
- the partners' whole rolls go into the joint lines: ``joint_build_percent``
  of the sum, rounded down, spent on all their joint lines of the turn; their
  other BUILD lines of that turn are not built;
- a joint line starts where both networks meet, and every segment belongs
  to both (one ``Segment`` per owner, laid together);
- fees to rivals and town bonuses are split, the richer paying the odd unit
  of a fee and getting one unit less of a bonus;
- joint lines are built at the turn of the partner who comes first in the
  building order, in the building phase only, and not with ``postal`` rolls
  or simultaneous building.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.building.costs import BuildProblem
from adjudicator.dampfross.building.lines import Budget, BuildContext, BuildLine, LineOutcome, build_line
from adjudicator.dampfross.game.rules import Rules
from adjudicator.kernel.problems import Problem


@dataclass(frozen=True)
class JointOutcome:
    """What the two partners built together: their rolls, the joint points, each joint line."""

    partners: tuple[str, str]  # in seat order
    rolls: tuple[int, int]
    points: int
    lines: tuple[LineOutcome, ...]

    @property
    def used(self) -> int:
        return sum(b.cost.points for line in self.lines for b in line.built)


@dataclass(frozen=True)
class JointPlan:
    """The joint lines agreed this turn: pairs and their lines, and the lines refused with why."""

    pairs: Mapping[tuple[str, str], tuple[BuildLine, ...]]
    refused: Mapping[str, tuple[tuple[BuildLine, Problem[BuildProblem]], ...]]

    def partner_of(self, pid: str) -> str | None:
        for a, b in self.pairs:
            if pid in (a, b):
                return b if pid == a else a
        return None


def joint_points(rules: Rules, roll_a: int, roll_b: int) -> int:
    """The points a pair may build with: ``joint_build_percent`` of the summed rolls, rounded down."""
    return (roll_a + roll_b) * rules.joint_build_percent // 100


def _key(hexes: tuple[Hex, ...]) -> tuple[Hex, ...]:
    """A line the same whichever end it is written from."""
    return min(hexes, tuple(reversed(hexes)))


def plan_joint(rules: Rules, lines: Mapping[str, tuple[BuildLine, ...]], seats: Mapping[str, int],
               allowed: bool) -> JointPlan:
    """Match the joint lines of every player with the partner's; ``allowed``: joint building is possible now."""
    pairs: dict[tuple[str, str], tuple[BuildLine, ...]] = {}
    refused: dict[str, list[tuple[BuildLine, Problem[BuildProblem]]]] = {}
    paired: set[str] = set()
    for pid in sorted(lines, key=lambda p: seats.get(p, 99)):
        mine = [x for x in lines[pid] if x.partner]
        if not mine:
            continue
        if not allowed or not rules.joint_building:
            refused[pid] = [(x, Problem.of(BuildProblem.JOINT_NOT_NOW)) for x in mine]
            continue
        partner = next((b if a == pid else a for a, b in pairs if pid in (a, b)), mine[0].partner)
        assert partner is not None
        with_partner = [x for x in mine if x.partner == partner]
        others = [(x, Problem.of(BuildProblem.JOINT_UNMATCHED, partner=x.partner)) for x in mine
                  if x.partner != partner]
        theirs = [x for x in lines.get(partner, ()) if x.partner == pid]
        same = sorted(_key(x.hexes) for x in with_partner) == sorted(_key(x.hexes) for x in theirs)
        if pid not in paired:
            if partner in paired or not same or partner == pid:
                others += [(x, Problem.of(BuildProblem.JOINT_UNMATCHED, partner=partner)) for x in with_partner]
            else:
                pairs[pid, partner] = tuple(with_partner)
                paired |= {pid, partner}
        if others:
            refused[pid] = others
    return JointPlan(pairs, {p: tuple(v) for p, v in refused.items()})


def build_joint(ctx: BuildContext, partners: tuple[str, str], lines: tuple[BuildLine, ...],
                rolls: tuple[int, int]) -> JointOutcome:
    """Build the pair's joint lines with the joint points."""
    points = joint_points(ctx.rules, *rolls)
    budget = Budget("points", points)
    outcomes = tuple(build_line(ctx, partners, line, budget) for line in lines)
    return JointOutcome(partners, rolls, points, outcomes)


def refused_line(line: BuildLine, problem: Problem[BuildProblem]) -> LineOutcome:
    """A line not built at all, for a reason that concerns the whole line."""
    return LineOutcome(line, (), problem, line.hexes)
