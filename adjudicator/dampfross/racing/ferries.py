"""Ferries in the operating phase (advanced rules, rules-reference.md §5): crossings, their points and fares.

Seed 000, Deutschland-Karte: "In der Betriebsphase werden für die Benützung
der Fähre 5 Würfelpunkte benötigt (3 für die Fahrt und je 1 für das Be- und
Entladen). Die Spieler zahlen für die Fahrt mit der Fähre an den Eigentümer
3 Einheiten vom Konto."  Frankreich-Karte: "richten sich die Kosten für die
Fahrt auf der Fähre nach der Länge des Weges zusätzlich 2 Würfelpunkten für
das Be- und Entladen. Beispiel: Eine Fahrt von Cherbourg nach Southhampton
kostet 5 + 2 = 7 Würfelpunkte."

So a crossing costs the ferry's length (map data) plus ``ferry_load_points``
to load and again to unload, in movement points, taken point by point
(``Route.steps``); a rider on another player's ferry pays its owner
``ferry_fare`` for the crossing.  [reading] Ferry fares are paid before the
start like fares, but apart from them: they are not set off against fares
owed back and not counted against the fare cap (the cap is "für den
Fahrpreis", the fare per field of track); without debt they count against
the balance.  Seed 004 can be read as charging the French ferry per segment
(1 per sea hex plus 1 and 1); we follow seed 000 (docs/rules.md).

A ferry is in service once bought (``adjudicator.dampfross.building.ferries``): the
race's ``TrackIndex`` knows every ferry of the map and its owner.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

from adjudicator.dampfross.board.advanced import Ferry
from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.game.rules import Rules
from adjudicator.dampfross.game.state import GameState
from adjudicator.dampfross.game.track import FerryLink, TrackIndex
from adjudicator.dampfross.racing.movement import step_cost
from adjudicator.dampfross.racing.routes import Route, seat_key


def crossing_points(rules: Rules, ferry: Ferry) -> int:
    """Movement points of a crossing: the length, plus loading and unloading (Germany 3 + 1 + 1 = 5)."""
    return ferry.length + 2 * rules.ferry_load_points


def ferry_links(gmap: GameMap, rules: Rules, owners: Mapping[str, str]) -> tuple[FerryLink, ...]:
    """Every ferry of the map with its owner (``None``: not bought), when the game uses ferries."""
    if not rules.ferries:
        return ()
    return tuple(FerryLink(f.name, f.a, f.b, owners.get(f.name), crossing_points(rules, f)) for f in gmap.ferries)


def race_track(state: GameState, gmap: GameMap) -> TrackIndex:
    """The board as trains see it: every player's track and, with the advanced rules, the ferries."""
    owners = {f.ferry: f.owner for f in state.ferries}
    return TrackIndex(state.track, ferry_links(gmap, state.rules, owners))


def leg_costs(gmap: GameMap, rules: Rules, track: TrackIndex, hexes: Sequence[Hex]) -> tuple[int, ...]:
    """Movement cost of every leg of a path: a step over track, or a whole ferry crossing."""
    out = []
    for a, b in itertools.pairwise(hexes):
        link = None if a.is_adjacent(b) else track.ferry(a, b)
        out.append(link.points if link is not None else step_cost(gmap, rules, a, b))
    return tuple(out)


def ferry_fare_pairs(route: Route, riders: Sequence[str], rules: Rules,
                     seats: Mapping[str, int] | None) -> tuple[tuple[str, int], ...]:
    """``(owner, amount)`` the riders owe ferry owners for a route, owners in seat order."""
    fares = route.ferry_fares(riders, rules.ferry_fare)
    return tuple((p, fares[p]) for p in sorted(fares, key=seat_key(seats)))
