"""Helpers for the InterUrban catalogue: a fixed opening and face-up tiles on demand."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from adjudicator.interurban.move import apply_move, setup
from adjudicator.interurban.state import Placement, State
from adjudicator.interurban.tiles import Cell, Kind, Orientation, Tile


def first(label: str, n: int) -> int:
    """A draw that always takes the first tile (start tiles I and II: lines 6 H 5 / 7 C 4)."""
    return 0


def opening(players: Sequence[str] = ("green", "blue", "red")) -> State:
    return setup("t", players, first)


Spec = tuple[Kind, int, str, Cell, Orientation]


def offer(state: State, specs: Sequence[Spec]) -> tuple[State, list[str]]:
    """Make tiles of the given kind/value/colour face-up (swapped with hidden ones); their ids."""
    ids: list[str] = []
    track_up, track_hidden = list(state.track_face_up), list(state.track_hidden)
    st_up, st_hidden = list(state.stations_face_up), list(state.stations_hidden)
    for kind, value, colour, _, _ in specs:
        def match(t: Tile, kind: Kind = kind, value: int = value, colour: str = colour) -> bool:
            return t.kind == kind and t.value == value and t.colour == colour and t.id not in ids
        up, hidden = (st_up, st_hidden) if colour else (track_up, track_hidden)
        tile = next((t for t in up if match(t)), None)
        if tile is None:
            tile = next(t for t in hidden if match(t))
            hidden.remove(tile)
            back = next((t for t in up if t.colour == colour and t.id not in ids), None)
            if back is not None:  # keep three face-up: swap one back into the hidden pile
                up.remove(back)
                hidden.append(back)
            up.append(tile)
        ids.append(tile.id)
    return replace(state, track_face_up=tuple(track_up), track_hidden=tuple(track_hidden),
                   stations_face_up=tuple(st_up), stations_hidden=tuple(st_hidden)), ids


def play(state: State, *specs: Spec) -> tuple[State, tuple[tuple[str, tuple[tuple[str, object], ...]], ...]]:
    """The player on move lays these tiles (offered first); returns the new state and events."""
    state, ids = offer(state, specs)
    move = [Placement(i, s[3], s[4]) for i, s in zip(ids, specs, strict=True)]
    return apply_move(state, move, first)


def skip_round(state: State) -> State:
    """Pretend the first round is over (rule B no longer applies)."""
    return replace(state, moves=state.moves + len(state.players) * (1 if state.first_round else 0))


def finished(state: State) -> set[str]:
    return {line.label for line in state.lines if line.finished}
