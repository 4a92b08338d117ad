"""The example move a mail shows: a move the player on move could send now (issue 25).

Built from the face-up tiles and the open line ends of the position with the engine's own legal-move
generation (``move.legal_first``) and checked whole by ``preview.check``, so that it is never refused: a
track tile (a curve when one fits, to show LEFT and RIGHT), then, when one fits after it, a station of the
player's own colour (else any colour) on another line.  Pure: the words layer writes it in the notation
(``notation.written``).
"""

from __future__ import annotations

from adjudicator.interurban.move import legal_first, place
from adjudicator.interurban.preview import check
from adjudicator.interurban.rules import Problem
from adjudicator.interurban.state import Placement, State
from adjudicator.kernel.kept import Kept


def _tile(state: State, tile_id: str) -> tuple[str, str]:
    """(kind, colour) of a face-up tile."""
    tile = next(t for t in state.track_face_up + state.stations_face_up if t.id == tile_id)
    return tile.kind, tile.colour


def _rank(state: State, placement: Placement) -> tuple[int, str, tuple[int, int], str]:
    kind, _colour = _tile(state, placement.tile)
    order = {"curve": 0, "straight": 1}.get(kind, 2)
    return order, placement.tile, placement.cell, placement.orientation


_KEPT: Kept[tuple[Placement, ...]] = Kept(4)
"""The last examples made: a tick answers many mails of one position (HELP, RULES: each shows the example)."""


def example_move(state: State) -> tuple[Placement, ...]:
    """One or two placements the player on move may lay now, or ``()`` when no tile can be laid (or the game is
    over): then the only move is the declaration that none can (``PASS``)."""
    return _KEPT.get((state,), None, lambda: _example(state))


def _example(state: State) -> tuple[Placement, ...]:
    if state.over:
        return ()
    player = state.on_move
    firsts = sorted(legal_first(state), key=lambda p: _rank(state, p))
    if not firsts:
        return ()
    first = next((p for p in firsts if _tile(state, p.tile)[1] == ""), firsts[0])
    if _tile(state, first.tile)[1]:  # only stations fit: one station is the whole move
        return (first,)
    after, _events = place(state, first)
    stations = [p for p in legal_first(after) if _tile(after, p.tile)[1] and p.cell != first.cell]
    stations.sort(key=lambda p: (_tile(after, p.tile)[1] != player, _rank(after, p)))
    for second in stations:
        if not isinstance(check(state, player, (first, second)), Problem):
            return (first, second)
    return (first,)
