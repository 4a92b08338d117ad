"""Why ``ENTER <race> BEST`` found no valid route over today's track, as a code (``NoRoute``).

The search (``search.best_routes``) answers with the routes it found; when
none of them is a valid entry, this tells the player which of the usual
reasons it is: the riders have no track at all, no track reaches the start
or the destination, the track that reaches both is not joined, it is joined
only over other companies' track, or the best route breaks a rule (a fare
cap, fares beyond the balance, ...).  The words are the report layer's
(``report/racephrases.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.game.track import TrackIndex
from adjudicator.dampfross.racing.problems import EntryProblem, NoRoute
from adjudicator.dampfross.racing.search import RouteOption
from adjudicator.dampfross.racing.specials import Goal
from adjudicator.kernel.problems import Problem


def why_no_route(track: TrackIndex, riders: Sequence[str], start: Hex, goal: Goal,
                 options: Sequence[RouteOption]) -> Problem[NoRoute]:
    """The reason no option is valid (call it when ``best_valid(options)`` is ``None``), the first that holds of
    the reasons in ``NoRoute``'s order."""
    if not any(track.has_track(r) for r in riders):
        return Problem.of(NoRoute.NO_OWN_TRACK)
    ports = {h for f in track.ferries if f.owner is not None for h in (f.a, f.b)}  # bought ferries only
    if not track.owners_at(start) and start not in ports:
        return Problem.of(NoRoute.START_UNCONNECTED)
    if not any(track.owners_at(h) or h in ports for h in goal.hexes):
        return Problem.of(NoRoute.DEST_UNCONNECTED)
    if not options:
        return Problem.of(NoRoute.NOT_CONNECTED)
    problems = [p for p in options[0].problems if p.code is not EntryProblem.NO_OWN_TRACK]
    if not problems:
        return Problem.of(NoRoute.OWN_TRACK_APART)
    return Problem.of(NoRoute.BREAKS_A_RULE, problem=problems[0])
