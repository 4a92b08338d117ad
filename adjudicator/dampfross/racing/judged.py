"""A racing turn's entries as its races judged them, without running the races again.

Which trains ran, and on which routes, is decided before a die is rolled:
the trains are made from the orders (``BEST`` searched over the track the
turn started with) and each race judges its entries with the balances its
start saw.  Those balances are the turn's opening balances moved by the
money of the races before it, which the state after the turn holds (its
ledger entries of this turn, each naming its race); the state after also
names the races that ran (a game that ends runs no further race).  So the
judged entries come from the state before, the turn's orders and the state
after, with no dice, no money moved and no state made: the site draws a
racing turn's routes from them (``report/svg.judged_routes``), and they are
the entries the turn's own run judged (``tests/test_site.py`` compares them
with a replay's).
"""

from __future__ import annotations

from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.game.racestate import RaceDraw
from adjudicator.dampfross.game.state import GameState, moved
from adjudicator.dampfross.racing.race import EntryOutcome, judge_entries
from adjudicator.dampfross.racing.turn import RacingInput, turn_draws, turn_trains
from adjudicator.kernel.errors import GameFileError

JudgedRace = tuple[RaceDraw, tuple[EntryOutcome, ...]]
"""A race that ran: its draw and its entries as judged at the start."""


def judged_races(before: GameState, gmap: GameMap, orders: RacingInput, after: GameState) -> tuple[JudgedRace, ...]:
    """The races of the racing turn from ``before`` to ``after`` (with these orders), each with its entries as
    judged at its start.  ``after`` not the state this turn ended with is an error (a damaged archive)."""
    ran = _races_run(before, after)
    draws, _ = turn_draws(before, gmap, orders)
    if tuple(d.number for d in draws[:len(ran)]) != ran:
        raise GameFileError(f"turn {before.turn}: the races run are not the races drawn; the archive may be damaged")
    track, trains, _ = turn_trains(before, gmap, orders, draws)
    seats = {p.id: p.seat for p in before.players}
    balances = {p.id: p.balance for p in before.players}
    paid = [e for e in after.ledger[len(before.ledger):] if e.race is not None]
    out: list[JudgedRace] = []
    for draw in draws[:len(ran)]:
        judged, _owes = judge_entries(gmap, track, before.rules, draw, trains.get(draw.number, ()), balances, seats)
        out.append((draw, tuple(judged)))
        moved(balances, (e for e in paid if e.race == draw.number))
    return tuple(out)


def _races_run(before: GameState, after: GameState) -> tuple[int, ...]:
    """The numbers of the races the turn ran, as the state after records them."""
    last = after.history[-1] if after.history else None
    if last is None or last.turn != before.turn or last.phase != "racing" or last.races is None:
        raise GameFileError(f"turn {before.turn}: the state after is not that of a racing turn; "
                            "the archive may be damaged")
    return last.races


__all__ = ["JudgedRace", "judged_races"]
