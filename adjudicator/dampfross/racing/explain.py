"""Why a race went as it did beyond its entries, as codes (``RaceNote``): a race nobody could enter, a trip drawn
twice in one turn.

A race lapses when no valid entry comes; when nobody could have entered, the
report says why (no track reaches the start or the destination yet, or no
company's track reaches both), and names the house rules that bear on it
(``redraw_unconnected``).  Two races of one turn may be the same trip when
the dice draw it twice.  The words are the report layer's
(``report/racephrases.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.dampfross.game.racestate import RaceDraw
from adjudicator.dampfross.game.track import TrackIndex
from adjudicator.dampfross.racing.problems import RaceNote
from adjudicator.dampfross.racing.specials import Goal
from adjudicator.kernel.problems import Problem


def nobody_could_enter(track: TrackIndex, draw: RaceDraw, goal: Goal) -> Problem[RaceNote] | None:
    """Why no company could have entered the race over ``track`` (``None``: some company's track reaches both
    its ends, and whether it entered was its choice).  Bought ferries count as reaching their ports."""
    ports = {h for f in track.ferries if f.owner is not None for h in (f.a, f.b)}  # bought ferries only
    at_start = track.owners_at(draw.start_hex)
    if not at_start and draw.start_hex not in ports:
        return Problem.of(RaceNote.START_UNCONNECTED)
    at_dest = {p for h in goal.hexes for p in track.owners_at(h)}
    if not at_dest and not ports & goal.hexes:
        return Problem.of(RaceNote.DEST_UNCONNECTED)
    if not ports and not at_start & at_dest:
        return Problem.of(RaceNote.NOBODY_REACHES_BOTH)
    return None


def repeated(draws: Sequence[RaceDraw], given: bool = False) -> dict[int, Problem[RaceNote]]:
    """The races of a turn that repeat the trip of an earlier one (the same start and destination), by number;
    ``given``: the GM set the turn's races (manual dice), no die drew them (reading 119)."""
    first: dict[tuple[str, str, str | None], int] = {}
    out = {}
    code = RaceNote.GIVEN_AGAIN if given else RaceNote.REPEATED
    for d in draws:
        trip = (d.start_town, d.dest_town, d.special)
        if trip in first:
            out[d.number] = Problem.of(code, race=first[trip])
        else:
            first[trip] = d.number
    return out
