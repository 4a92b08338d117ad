"""IF conditions in a racing turn (issue 27, reading 103): ENTER lines judged when the races are entered.

A company's ENTER lines inside IFs are judged after the turn's races are
drawn, before the first race runs: against the track and balances at the
start of the turn, with this turn's races known (``RACE n FROM|TO``).  Its
BUILD lines inside IFs are judged later, when they come to be built from the
race income (``racing.after``), against the board after the races; a
condition judged for an entry keeps its verdict (each is judged once).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.building.lines import BuildContext
from adjudicator.dampfross.building.thinking import Judge, situation_of
from adjudicator.dampfross.game.ledger import Books
from adjudicator.dampfross.game.racestate import RaceDraw
from adjudicator.dampfross.game.state import GameState
from adjudicator.dampfross.game.track import TrackIndex

if TYPE_CHECKING:  # the racing turn imports this module
    from adjudicator.dampfross.racing.turn import RacingInput


def judge_entries(state: GameState, gmap: GameMap, orders: RacingInput,
                  draws: Sequence[RaceDraw]) -> tuple[RacingInput, dict[str, Judge]]:
    """The orders with only the entries their IFs let stand, and each company's judge (for its BUILD lines)."""
    ctx = BuildContext(gmap, state.rules, state.turn, TrackIndex(state.track), Books(state.players, state.turn),
                       dict(state.connections), bonuses_open=False)
    situation = situation_of(state, {d.number: (d.start_town, d.dest_town) for d in draws})
    judges = {pid: Judge(ctx, pid, o.tests, situation) for pid, o in orders.orders.items()}
    kept = {pid: replace(o, entries=tuple(e for e in o.entries if judges[pid].admits(e.guard)))
            for pid, o in orders.orders.items()}
    return replace(orders, orders=kept), judges
