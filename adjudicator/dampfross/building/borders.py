"""National borders while building (rules-reference.md §2 and §5).

Basic rules (seed 000): "Die Strecken dürfen die rot gekennzeichneten
Landesgrenzen nicht überschreiten" -- no track across a border.

Advanced rules (``border_crossing``, switched on by ``advanced``), seed 000
"Zusatzregeln": "Das Überschreiten der Grenze kostet dabei keinen
zusätzlichen Würfelpunkt. Die Bahnstrecke muß auf dem ersten Feld jenseits
der Grenze enden. Prämien gibt es für den Anschluß der Nachbarländer nicht."
So a segment may cross from the home country into a neighbour at its
ordinary terrain cost, but no segment may be built *from* a hex beyond the
border: the hex across is the end of the line ([reading] a segment leaving a
foreign hex, into the same country, another one or back home, is refused).
A town beyond the border pays no bonus (``bonus_abroad``).

"Beyond the border" means a hex of another country than the map's
``home``; a map without ``home`` has no such hexes, and its borders are only
closed or open.
"""

from __future__ import annotations

from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.board.model import GameMap, Town
from adjudicator.dampfross.building.problems import BuildProblem
from adjudicator.dampfross.game.rules import Rules
from adjudicator.kernel.problems import Problem


def border_problem(gmap: GameMap, a: Hex, b: Hex, rules: Rules) -> Problem[BuildProblem] | None:
    """Why a segment built from ``a`` (on the builder's network) to ``b`` breaks the border rules, or ``None``."""
    if not rules.border_crossing:
        return Problem.of(BuildProblem.BORDER, a=a, b=b) if gmap.is_border(a, b) else None
    if gmap.abroad(a):
        country = gmap.country_names.get(gmap.country_of(a) or "", "")
        return Problem.of(BuildProblem.BEYOND_BORDER, hex=a, country=country)
    return None


def bonus_abroad(gmap: GameMap, town: Town) -> bool:
    """True when a town lies beyond the border, where connecting it pays no bonus."""
    return gmap.abroad(town.hex)


def segment_allowed(gmap: GameMap, a: Hex, b: Hex, rules: Rules) -> bool:
    """Whether the border rules let track run between two adjacent land hexes in either direction.

    Used by the self-play checks: every segment on the board must pass.
    """
    return border_problem(gmap, a, b, rules) is None or border_problem(gmap, b, a, rules) is None
