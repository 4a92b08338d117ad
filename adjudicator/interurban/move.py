"""Setting up a game and playing a move: ``apply_move(state, move, draw) -> (state, events)``."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any

from adjudicator.interurban.rules import Fit, Problem, blocked, complete, fit
from adjudicator.interurban.shuffle import Draw
from adjudicator.interurban.state import Line, Placed, Placement, State
from adjudicator.interurban.tiles import (
    ORIENTATIONS,
    START_CELLS,
    START_EXITS,
    START_TILES,
    Cell,
    Edge,
    Kind,
    Tile,
    station_tiles,
    step,
    track_tiles,
)

Event = tuple[str, tuple[tuple[str, Any], ...]]
"""A code and its data: laid, finished, drawn, game-over."""


class MoveRefused(Exception):
    """The move breaks a rule; ``problem`` says which (the state is unchanged)."""

    def __init__(self, problem: Problem):
        super().__init__(problem.code)
        self.problem = problem


def _take(pile: tuple[Tile, ...], draw: Draw, label: str) -> tuple[Tile, tuple[Tile, ...]]:
    i = draw(label, len(pile))
    return pile[i], pile[:i] + pile[i + 1:]


def setup(game: str, players: Sequence[str], draw: Draw) -> State:
    """Two of the four start tiles side by side, three face-up track tiles, three stations per colour."""
    if not 2 <= len(players) <= 5 or len(set(players)) != len(players):
        raise ValueError("2-5 distinct colours")
    starts = list(START_TILES)
    chosen = []
    for k in range(2):
        chosen.append(starts.pop(draw(f"{game}|setup|start|{k}", len(starts))))
    board: list[Placed] = []
    lines: list[Line] = []
    for start, cell, exits in zip(chosen, START_CELLS, START_EXITS, strict=True):
        board.append(Placed(cell, start.id, "start", 0, "", "start", tuple(zip(exits, start.labels, strict=True))))
        lines += [Line(label, cell, exit) for exit, label in zip(exits, start.labels, strict=True)]
    hidden = tuple(sorted(track_tiles()))
    face: list[Tile] = []
    for k in range(3):
        tile, hidden = _take(hidden, draw, f"{game}|setup|track|{k}")
        face.append(tile)
    s_face: list[Tile] = []
    s_hidden: list[Tile] = []
    for colour in players:
        pile = station_tiles(colour)
        for k in range(3):
            tile, pile = _take(pile, draw, f"{game}|setup|{colour}|{k}")
            s_face.append(tile)
        s_hidden += pile
    return State(game, tuple(players), (chosen[0].id, chosen[1].id), tuple(board), tuple(lines),
                 tuple(face), hidden, tuple(s_face), tuple(s_hidden))


def _lay(state: State, tile: Tile, placement: Placement, found: Fit) -> State:
    at: list[tuple[Edge, str]] = []
    lines = {line.label: line for line in state.lines}
    for (entry, out), label in found.extends:
        at += [(entry, label), (out, label)]
        line = lines[label]
        if tile.station:
            line = replace(line, end=placement.cell, exit=out, stations=line.stations + ((tile.colour, tile.value),))
        else:
            line = replace(line, end=placement.cell, exit=out, track_value=line.track_value + tile.value,
                           straights=line.straights + (tile.kind == "straight"),
                           curves=line.curves + (tile.kind == "curve"))
        lines[label] = line
    for a, b in found.spurs:
        at += [(a, ""), (b, "")]
    placed = Placed(placement.cell, tile.id, tile.kind, tile.value, tile.colour, placement.orientation, tuple(at))
    return replace(state, board=state.board + (placed,), lines=tuple(lines[line.label] for line in state.lines),
                   track_face_up=tuple(t for t in state.track_face_up if t.id != tile.id),
                   stations_face_up=tuple(t for t in state.stations_face_up if t.id != tile.id))


def _finish(state: State) -> tuple[State, list[Event]]:
    """Mark lines finished by values or by blocking (locomotives removed)."""
    events: list[Event] = []
    left = state.stations_face_up + state.stations_hidden
    kinds: set[Kind] = {t.kind for t in state.track_face_up + state.track_hidden}
    cells = state.cells()
    lines = {line.label: line for line in state.lines}
    for line in state.lines:
        if line.finished:
            continue
        how = "values" if complete(line) else "blocked" if blocked(cells, lines, line, left, kinds) else ""
        if how:
            state = state.with_line(replace(line, finished=True))
            events.append(("finished", (("line", line.label), ("by", how))))
    return state, events


def place(state: State, placement: Placement) -> tuple[State, list[Event]]:
    """One tile of a move, with rules A and C-J and completion; raises ``MoveRefused``."""
    tile = next((t for t in state.track_face_up + state.stations_face_up if t.id == placement.tile), None)
    if tile is None:
        raise MoveRefused(Problem("not-face-up", (("tile", placement.tile),)))
    if placement.orientation not in ORIENTATIONS[tile.kind]:
        raise MoveRefused(Problem("orientation", (("tile", tile.id), ("orientation", placement.orientation))))
    found = fit(state.cells(), {line.label: line for line in state.lines}, tile, placement.cell, placement.orientation)
    if isinstance(found, Problem):
        raise MoveRefused(found)
    state = _lay(state, tile, placement, found)
    events: list[Event] = [("laid", (("tile", tile.id), ("cell", placement.cell),
                                      ("lines", tuple(label for _, label in found.extends))))]
    state, finished = _finish(state)
    return state, events + finished


def candidates(state: State, stations: bool = False) -> Iterator[Placement]:
    """Every placement of a face-up tile at a line end that rules A and C-J allow (``stations``: of a station)."""
    cells = state.cells()
    lines = {line.label: line for line in state.lines}
    seen: set[tuple[str, int, str, Cell, str]] = set()
    tiles = state.stations_face_up if stations else state.track_face_up + state.stations_face_up
    for line in state.lines:
        if line.finished:
            continue
        cell = step(line.end, line.exit)
        for tile in tiles:
            for orientation in ORIENTATIONS[tile.kind]:
                key = (tile.kind, tile.value, tile.colour, cell, orientation)
                if key in seen:
                    continue
                seen.add(key)
                if not isinstance(fit(cells, lines, tile, cell, orientation), Problem):
                    yield Placement(tile.id, cell, orientation)


def legal_first(state: State) -> Iterator[Placement]:
    """Placements that may begin a move (rule B applied)."""
    for p in candidates(state):
        _, events = place(state, p)
        if not (state.first_round and any(code == "finished" for code, _ in events)):
            yield p


def apply_move(state: State, move: Sequence[Placement], draw: Draw) -> tuple[State, tuple[Event, ...]]:
    """The player on move lays 1-3 tiles (at most one station); refills; the end of the game.

    An empty move is a declaration that no tile can be laid: accepted only when true, and
    it ends the game.  A refused move raises ``MoveRefused`` and changes nothing.
    """
    if state.over:
        raise MoveRefused(Problem("game-over"))
    mover = state.on_move
    events: list[Event] = []
    if not move:
        if next(legal_first(state), None) is not None:
            raise MoveRefused(Problem("can-lay"))
        return _end(replace(state, moves=state.moves + 1), "stuck", events)
    if len(move) > 3:
        raise MoveRefused(Problem("too-many-tiles", (("count", len(move)),)))
    if len({p.tile for p in move}) != len(move):
        raise MoveRefused(Problem("tile-twice"))
    new = state
    colours: list[str] = []
    for p in move:
        tile = next((t for t in new.stations_face_up if t.id == p.tile), None)
        if tile is not None:
            if colours:
                raise MoveRefused(Problem("two-stations"))
            colours.append(tile.colour)
        new, laid = place(new, p)
        if state.first_round and any(code == "finished" for code, _ in laid):
            raise MoveRefused(Problem("B", (("tile", p.tile),)))
        events += laid
    turn = f"{state.game}|move={state.moves + 1}"
    track_face, track_hidden = list(new.track_face_up), new.track_hidden
    k = 0
    while len(track_face) < 3 and track_hidden:
        tile, track_hidden = _take(track_hidden, draw, f"{turn}|track|{k}")
        track_face.append(tile)
        events.append(("drawn", (("tile", tile.id),)))
        k += 1
    s_face, s_hidden = list(new.stations_face_up), new.stations_hidden
    for colour in colours:
        pile = tuple(t for t in s_hidden if t.colour == colour)
        if pile:
            tile, pile = _take(pile, draw, f"{turn}|{colour}|0")
            s_face.append(tile)
            s_hidden = tuple(t for t in s_hidden if t.id != tile.id)
            events.append(("drawn", (("tile", tile.id),)))
    new = replace(new, track_face_up=tuple(track_face), track_hidden=track_hidden,
                  stations_face_up=tuple(s_face), stations_hidden=s_hidden, moves=state.moves + 1)
    new, more = _finish(new)
    events += more
    if all(line.finished for line in new.lines):
        return _end(new, "all-lines", events)
    if not new.track_face_up and not new.track_hidden:
        return _end(new, "track-exhausted", events)
    if not any(t.colour == mover for t in new.stations_face_up + new.stations_hidden):
        return _end(new, "stations-exhausted", events)
    return new, tuple(events)


def _end(state: State, reason: str, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
    """Every unfinished line now counts as finished; the locomotives come off."""
    for line in state.lines:
        if not line.finished:
            state = state.with_line(replace(line, finished=True))
            events.append(("finished", (("line", line.label), ("by", "game-end"))))
    events.append(("game-over", (("reason", reason),)))
    return replace(state, end=reason), tuple(events)  # type: ignore[arg-type]


def miss(state: State) -> tuple[State, tuple[Event, ...]]:
    """Reading IU-13: the player on move sent no valid orders by the deadline; he lays nothing, draws
    nothing, and the next player is on move.  This is never the declaration that no tile can be laid (which
    ends the game), and the missed move counts as his move of the first round (rule B)."""
    if state.over:
        raise MoveRefused(Problem("game-over"))
    return replace(state, moves=state.moves + 1), (("missed", (("player", state.on_move),)),)
