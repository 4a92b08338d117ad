"""What a move would do, for the ``check`` command: the board after it and every line's value.

``check(state, player, placements)`` plays the move on a copy of the game with a draw of
its own, never the game's seeded one, so nothing hidden is drawn or revealed: the face-up
places the move empties stay empty in the preview (``refills`` says how many and of which
pile; the real tiles come with the move itself).  What the move lays, which lines it
finishes and whether it ends the game do not depend on which tiles are drawn (completion
and the end look at the tiles still in the game, face-up or hidden, reading IU-9), so the
preview shows them as the move will make them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from adjudicator.interurban.move import Event, MoveRefused, apply_move
from adjudicator.interurban.rules import Problem
from adjudicator.interurban.scoring import economic, line_values
from adjudicator.interurban.state import Placement, State


@dataclass(frozen=True)
class LineView:
    """One line after the move: its value, each colour's economic value, whether it is finished."""

    label: str
    value: int
    economy: tuple[tuple[str, int], ...]
    finished: bool


@dataclass(frozen=True)
class Preview:
    """The game after the move, its refills left open; the events without the draws."""

    state: State
    events: tuple[Event, ...]
    refills: tuple[str, ...]
    """One entry per face-up place to be refilled: ``""`` a track tile, else the station's colour."""
    lines: tuple[LineView, ...]


def _first(label: str, n: int) -> int:
    """The preview's draw: any tile will do, it goes back face down."""
    return 0


def lines_view(state: State) -> tuple[LineView, ...]:
    """Every line's value, economic values (highest first) and state."""
    values = line_values(state.lines)
    out = []
    for line in state.lines:
        economy = sorted(economic(line).items(), key=lambda kv: (-kv[1], state.players.index(kv[0])
                                                                 if kv[0] in state.players else 0))
        out.append(LineView(line.label, values[line.label], tuple(economy), line.finished))
    return tuple(out)


def check(state: State, player: str, placements: Sequence[Placement]) -> Preview | Problem:
    """The move of ``player`` previewed, or the problem that refuses it (codes as ``apply_move``'s,
    and ``not-on-move``)."""
    if not state.over and player != state.on_move:
        return Problem("not-on-move", (("player", player), ("on_move", state.on_move)))
    try:
        after, events = apply_move(state, placements, _first)
    except MoveRefused as refused:
        return refused.problem
    drawn = {dict(data)["tile"] for code, data in events if code == "drawn"}
    back_track = tuple(t for t in after.track_face_up if t.id in drawn)
    back_stations = tuple(t for t in after.stations_face_up if t.id in drawn)
    after = replace(
        after,
        track_face_up=tuple(t for t in after.track_face_up if t.id not in drawn),
        track_hidden=tuple(sorted(after.track_hidden + back_track)),
        stations_face_up=tuple(t for t in after.stations_face_up if t.id not in drawn),
        stations_hidden=tuple(sorted(after.stations_hidden + back_stations)),
    )
    refills = tuple("" for _ in back_track) + tuple(t.colour for t in back_stations)
    shown = tuple(e for e in events if e[0] != "drawn")
    return Preview(after, shown, refills, lines_view(after))
