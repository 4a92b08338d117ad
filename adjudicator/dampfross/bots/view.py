"""What a bot may see: the seat's view of the game, and nothing else.

A player of a seat reads the public report (the map, the track, every
balance and ledger entry, the connections, the allowances already rolled,
the races drawn for the coming turn, the ferries bought) and its own
company's private report.  ``seat_view`` makes that view from a game state:
every password hash, mail address, the GM's password hash and the other
companies' standing orders are blanked,
so nothing a bot is handed could open another company's section.  Other
companies' orders of the turn are not in a state at all (they are mailed to
the GM, not to the players), and the dice to come are only committed to
(``dice_commitment``); the seed is never in a state.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.game.state import GameState


@dataclass(frozen=True)
class SeatView:
    """The game as the company ``seat`` sees it between two turns."""

    state: GameState
    gmap: GameMap
    seat: str


def seat_view(state: GameState, gmap: GameMap, seat: str) -> SeatView:
    """The view of ``seat`` (a company id of the game): the state without anybody's secrets."""
    state.player(seat)  # a KeyError for a company not in the game
    players = tuple(replace(p, password_hash="", email="", standing=p.standing if p.id == seat else None)
                    for p in state.players)  # another company's standing orders are its secret (reading 110)
    return SeatView(replace(state, players=players, gm_password_hash=""), gmap, seat)
