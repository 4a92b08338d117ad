"""Land distances on the map: the measure of the minimum race distance (rules-reference.md §3, [reading] 15).

"Die kürzeste Route zwischen zwei Orten muß mindestens SECHS Felder lang
sein": the distance is the fewest hex steps over land hexes, track or no
track.  Used when drawing a race (``adjudicator.dampfross.racing.draw``) and a special
run's destinations (``adjudicator.dampfross.racing.specials``).
"""

from __future__ import annotations

from functools import lru_cache

from adjudicator.dampfross.board.hexgrid import Hex, steps_between
from adjudicator.dampfross.board.model import GameMap


def land_distance(gmap: GameMap, a: Hex, b: Hex) -> int | None:
    """[reading] Fewest hex steps from ``a`` to ``b`` over land hexes, track or no track (between two towns: the
    map's table, ``GameMap.town_steps``)."""
    if gmap.is_town(a) and gmap.is_town(b):
        return gmap.town_steps(a, b)
    return steps_between(a, b, gmap.is_land)


def land_steps_from(gmap: GameMap, start: Hex) -> dict[Hex, int]:
    """Fewest land steps from ``start`` to every land hex it can reach (a copy of the kept search)."""
    return dict(_land_steps_from(gmap, start))


@lru_cache(maxsize=256)
def _land_steps_from(gmap: GameMap, start: Hex) -> dict[Hex, int]:
    """The map's search over land, kept per map and town: races are drawn from the same towns again and again."""
    return gmap.land_steps_from(start)
