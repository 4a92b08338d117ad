"""The example move a mail shows: a move the player on move could send now (issue 25).

Built from the face-up tiles and the open line ends of the position with the engine's own legal-move
generation (``move.legal_first``) and checked whole by ``preview.check``, so that it is never refused: a
track tile (a curve when one fits, to show LEFT and RIGHT), then, when one fits after it, a station of the
player's own colour (else any colour) on another line.  Pure: the words layer writes it in the notation
(``notation.written``).
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.interurban.move import candidates, place
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

_EQUAL: list[tuple[State, tuple[Placement, ...]]] = []
"""The last examples made, by a position equal to theirs: a move's report and every seat's digest of it write the
example of one position, each from a state of its own (read from the archive, or made by the move)."""


def example_move(state: State) -> tuple[Placement, ...]:
    """One or two placements the player on move may lay now, or ``()`` when no tile can be laid (or the game is
    over): then the only move is the declaration that none can (``PASS``)."""
    return _KEPT.get((state,), None, lambda: _equal(state))


def _equal(state: State) -> tuple[Placement, ...]:
    found = next((made for kept, made in _EQUAL if kept == state), None)
    if found is None:
        found = _example(state)
        _EQUAL.insert(0, (state, found))
        del _EQUAL[4:]
    return found


def _example(state: State) -> tuple[Placement, ...]:
    """The first placement by ``_rank`` that may begin a move (a track tile when one may), and after it the first
    station that fits on another line and passes the whole check.  Only the candidates (a tile that fits at a
    line's end, cheap to find) are sorted; whether one may begin a move (rule B: in the first round, laying it and
    finishing what it finishes, the dear part) is asked of them in that order until one may: the example that
    sorting every placement ``move.legal_first`` gives would give."""
    if state.over:
        return ()
    player = state.on_move
    # a track tile ranks before every station: the first that may begin a move is a track tile when one may
    found = next(_legal_in_order(state, sorted(candidates(state), key=lambda p: _rank(state, p))), None)
    if found is None:
        return ()
    first, laid = found
    if _tile(state, first.tile)[1]:  # only stations fit: one station is the whole move
        return (first,)
    after = laid if laid is not None else place(state, first)[0]
    stations = [p for p in candidates(after, stations=True) if p.cell != first.cell]
    stations.sort(key=lambda p: (_tile(after, p.tile)[1] != player, _rank(after, p)))
    for second, _laid in _legal_in_order(after, stations):
        if not isinstance(check(state, player, (first, second)), Problem):
            return (first, second)
    return (first,)


def _legal_in_order(state: State, placements: list[Placement]) -> Iterator[tuple[Placement, State | None]]:
    """Those of ``placements`` (candidates: tiles that fit) that may begin a move, in their order: rule B, as
    ``move.legal_first`` asks it (in the first round, no placement that finishes a line; after it, every one);
    each with the state after it where rule B laid it to see (``None``: not laid)."""
    for p in placements:
        if not state.first_round:
            yield p, None
            continue
        after, events = place(state, p)
        if not any(code == "finished" for code, _ in events):
            yield p, after
