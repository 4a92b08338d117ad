"""An InterUrban state to JSON and back: tiles by their ids, the board cell by cell, the lines.

The hidden piles are stored as ids too (the game file is the GM's; players
see only reports).  Reading checks what a hand edit can break: every tile
known and in one place only, every colour's station set, the lines' labels.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from adjudicator.interurban.state import Line, Placed, State
from adjudicator.interurban.tiles import EDGES, Tile, station_tiles, track_tiles
from adjudicator.kernel.errors import GameFileError


def dump(state: State) -> dict[str, Any]:
    return {
        "game": state.game, "players": list(state.players), "starts": list(state.starts), "moves": state.moves,
        "end": state.end,
        "board": [{"cell": list(p.cell), "tile": p.tile, "kind": p.kind, "value": p.value, "colour": p.colour,
                   "orientation": p.orientation, "lines_at": [[e, line] for e, line in p.lines_at]}
                  for p in state.board],
        "lines": [{"label": ln.label, "end": list(ln.end), "exit": ln.exit, "straights": ln.straights,
                   "curves": ln.curves, "track_value": ln.track_value,
                   "stations": [[c, v] for c, v in ln.stations], "finished": ln.finished} for ln in state.lines],
        "track_face_up": [t.id for t in state.track_face_up], "track_hidden": [t.id for t in state.track_hidden],
        "stations_face_up": [t.id for t in state.stations_face_up],
        "stations_hidden": [t.id for t in state.stations_hidden],
    }


def _cell(v: Any) -> tuple[int, int]:
    x, y = v
    return int(x), int(y)


def _edge(v: Any) -> Any:
    if v not in EDGES:
        raise ValueError(f"no edge {v!r}")
    return v


def load(doc: Mapping[str, Any]) -> State:
    """The state of a game file; ``GameFileError`` saying what is wrong."""
    try:
        players = tuple(str(p) for p in doc["players"])
        tiles: dict[str, Tile] = {t.id: t for t in track_tiles()}
        for colour in players:
            tiles.update({t.id: t for t in station_tiles(colour)})

        def pile(key: str) -> tuple[Tile, ...]:
            return tuple(tiles[str(i)] for i in doc[key])

        board = tuple(Placed(_cell(p["cell"]), str(p["tile"]), p["kind"], int(p["value"]), str(p["colour"]),
                             p["orientation"], tuple((_edge(e), str(line)) for e, line in p["lines_at"]))
                      for p in doc["board"])
        lines = tuple(Line(str(ln["label"]), _cell(ln["end"]), _edge(ln["exit"]), int(ln["straights"]),
                           int(ln["curves"]), int(ln["track_value"]),
                           tuple((str(c), int(v)) for c, v in ln["stations"]), bool(ln["finished"]))
                      for ln in doc["lines"])
        starts = tuple(str(s) for s in doc["starts"])
        state = State(str(doc["game"]), players, cast(tuple[str, str], starts), board, lines,
                      pile("track_face_up"), pile("track_hidden"), pile("stations_face_up"),
                      pile("stations_hidden"), int(doc["moves"]), doc.get("end"))
    except (KeyError, TypeError, ValueError) as exc:
        raise GameFileError(f"the InterUrban state is damaged ({type(exc).__name__}: {exc})") from None
    placed = [p.tile for p in state.board if p.kind != "start"]
    piles = [t.id for t in state.track_face_up + state.track_hidden + state.stations_face_up + state.stations_hidden]
    if len(set(placed + piles)) != len(placed + piles) or set(placed + piles) != set(tiles):
        raise GameFileError("the InterUrban state is damaged: a tile is missing or lies in two places")
    if len(starts) != 2 or len(state.lines) != 6 or len({ln.label for ln in state.lines}) != 6:
        raise GameFileError("the InterUrban state is damaged: two start tiles and six lines are needed")
    return state
