"""InterUrban self-play: seeded random legal moves, every invariant checked after every move.

``play(seed_text, players)`` plays one game to its end.  Each move is 1-3 random tiles that the
rules allow (at most one station; in the first round none that finishes a line), or PASS when
no tile can be laid; the bot writes it in the notation (``notation.written``) and the game reads
it back with ``parse_move``, so the notation is exercised as players use it.  After every move
``invariants`` checks:

* every tile accounted for: the 42 track tiles and 10 stations per colour each in exactly one
  place (board, face-up, hidden), the stock's kinds and values unchanged, three face-up track
  tiles while any are hidden, three face-up stations per colour while that colour has hidden ones;
* rules A and C-J on the whole board, F and E at every edge between two tiles;
* every line's record (end, straights, curves, track value, stations in order) is what walking
  its track from the start tile finds, no line is complete by values yet open, no line finished
  in the first round (B), and the scores sum to the points of the lines' values;
* the check of the move (``preview.check``) showed the board the move made.

At the end: the game ended within the moves a game can have, every line finished, and the
shuffle verifies against its commitment.  A broken invariant is returned as text, never raised.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from adjudicator.interurban.move import MoveRefused, apply_move, candidates, legal_first, place, setup
from adjudicator.interurban.notation import parse_move, written
from adjudicator.interurban.preview import Preview, check
from adjudicator.interurban.rules import around, complete
from adjudicator.interurban.scoring import economic, line_values, points, score
from adjudicator.interurban.shuffle import SeededDraw, commitment, seed_from_text, verify
from adjudicator.interurban.state import Line, Placement, State
from adjudicator.interurban.tiles import EDGES, OPPOSITE, START_CELLS, TRACKS, Edge, station_tiles, step, track_tiles

COLOURS = ("red", "blue", "purple", "green", "yellow")


@dataclass(frozen=True)
class Game:
    """One game played: its moves, tiles laid, how it ended, the points, the broken invariants."""

    seed: str
    players: int
    moves: int
    tiles: int
    end: str | None
    totals: dict[str, int]
    breaks: tuple[str, ...]


def random_move(state: State, rng: random.Random) -> list[Placement]:
    """1-3 placements the rules allow, built tile by tile (empty when no tile can be laid)."""
    move: list[Placement] = []
    current = state
    stations = 0
    for k in range(rng.randint(1, 3)):
        options = list(legal_first(state)) if not k else list(candidates(current))
        rng.shuffle(options)
        for p in options:
            if any(t.id == p.tile for t in current.stations_face_up) and stations:
                continue
            try:
                after, events = place(current, p)
            except MoveRefused:
                continue
            if state.first_round and any(code == "finished" for code, _ in events):
                continue
            stations += any(t.id == p.tile for t in current.stations_face_up)
            move.append(p)
            current = after
            break
        else:
            break
    return move


def _same(a: Sequence[Placement], b: Sequence[Placement], state: State) -> bool:
    """The same tiles (kind, value, colour: alike tiles are one) in the same cells, turned the same way."""
    tiles = {t.id: (t.kind, t.value, t.colour) for t in state.track_face_up + state.stations_face_up}
    return [(tiles.get(p.tile), p.cell, p.orientation) for p in a] == \
        [(tiles.get(p.tile), p.cell, p.orientation) for p in b]


def walk(state: State, label: str) -> Line | str:
    """The line as its track on the board says it is, or why the walk failed."""
    cells = state.cells()
    start = next(p for p in state.board if p.kind == "start" and any(lab == label for _, lab in p.lines_at))
    exit_: Edge = next(e for e, lab in start.lines_at if lab == label)
    end, straights, curves, value, stations = start.cell, 0, 0, 0, []
    for _ in range(len(cells) + 1):
        nxt = step(end, exit_)
        p = cells.get(nxt)
        entry = OPPOSITE[exit_]
        if p is None or p.line_at(entry) != label:
            break
        track = next((t for t in TRACKS.get(p.orientation, ()) if entry in t), None)  # type: ignore[call-overload]
        if track is None:
            return f"line {label}: {nxt} has no track from {entry}"
        exit_ = track[1] if track[0] == entry else track[0]
        if p.line_at(exit_) != label:
            return f"line {label}: {nxt} track {track} is not all {label}"
        end = nxt
        if p.station:
            stations.append((p.colour, p.value))
        else:
            straights += p.kind == "straight"
            curves += p.kind == "curve"
            value += p.value
    return Line(label, end, exit_, straights, curves, value, tuple(stations))


def invariants(state: State, players: int, first_round: bool) -> list[str]:
    """Every broken invariant of a state after a move (empty: all hold)."""
    out: list[str] = []
    stock = Counter((t.kind, t.value, t.colour) for t in track_tiles())
    for colour in state.players:
        stock.update((t.kind, t.value, t.colour) for t in station_tiles(colour))
    piles = state.track_face_up + state.track_hidden + state.stations_face_up + state.stations_hidden
    ids = [p.tile for p in state.board if p.kind != "start"] + [t.id for t in piles]
    if len(ids) != len(set(ids)) or len(ids) != 42 + 10 * players:
        out.append(f"tiles: {len(ids)} ids, {len(set(ids))} distinct, not {42 + 10 * players}")
    have = Counter((str(p.kind), p.value, p.colour) for p in state.board if p.kind != "start")
    have.update((t.kind, t.value, t.colour) for t in piles)
    if have != stock:
        out.append(f"stock changed: {have - stock} more, {stock - have} fewer")
    if not state.over and len(state.track_face_up) != min(3, len(state.track_face_up) + len(state.track_hidden)):
        out.append(f"face-up track: {len(state.track_face_up)}")
    for colour in state.players:
        up = sum(t.colour == colour for t in state.stations_face_up)
        hidden = sum(t.colour == colour for t in state.stations_hidden)
        if up != min(3, up + hidden):
            out.append(f"face-up stations of {colour}: {up} with {hidden} hidden")
    out += _board(state)
    for line in state.lines:
        walked = walk(state, line.label)
        record = Line(line.label, line.end, line.exit, line.straights, line.curves, line.track_value, line.stations)
        if walked != record:
            out.append(f"line {line.label}: recorded {record}, walked {walked}")
        if complete(line) and not line.finished:
            out.append(f"line {line.label} complete by values but open")
        if first_round and line.finished and not state.over:
            out.append(f"B: line {line.label} finished in the first round")
    values = line_values(state.lines)
    per_line, totals = score(state)
    for line in state.lines:
        if per_line[line.label] != points(values[line.label], economic(line)):
            out.append(f"points of line {line.label}")
    if sum(totals.values()) != sum(sum(p.values()) for p in per_line.values()):
        out.append("totals are not the sum of the lines' points")
    return out


def _board(state: State) -> list[str]:
    """Rules A, C, D, E (as track continuity), F, G-J on the whole board."""
    out: list[str] = []
    cells = state.cells()
    for p in state.board:
        for e in EDGES:
            n = cells.get(step(p.cell, e))
            if n is None:
                continue
            if (e in p.edges) != (OPPOSITE[e] in n.edges):
                out.append(f"F at {p.cell} {e}")
            elif e in p.edges and p.line_at(e) != n.line_at(OPPOSITE[e]):
                out.append(f"E at {p.cell} {e}")
        if p.station:
            if any(step(p.cell, e) in START_CELLS for e in EDGES):
                out.append(f"A at {p.cell}")
            if any(n in cells and cells[n].station for n in around(p.cell)):
                out.append(f"C at {p.cell}")
    for line in state.lines:
        values = [v for _, v in line.stations]
        if any(values.count(v) > 1 for v in (1, 2, 3)):
            out.append(f"G-I on line {line.label}")
        fours = [c for c, v in line.stations if v == 4]
        if len(fours) != len(set(fours)):
            out.append(f"J on line {line.label}")
        if any(a[0] == b[0] for a, b in zip(line.stations, line.stations[1:], strict=False)):
            out.append(f"D on line {line.label}")
    return out


def play(seed_text: str, players: int) -> Game:
    """One seeded game of ``players`` colours to its end; the broken invariants, if any, in ``breaks``."""
    rng = random.Random(seed_text)
    seed = seed_from_text(seed_text)
    draw = SeededDraw(seed)
    state = setup(seed_text[:20], COLOURS[:players], draw)
    breaks: list[str] = []
    tiles = 0
    limit = 42 + 10 * players
    while not state.over and state.moves <= limit:
        mover = state.on_move
        move = random_move(state, rng)
        lines = written(state, move, mover)
        if lines is None:
            breaks.append(f"move {state.moves + 1}: the bot's move cannot be written")
            break
        parsed, problems = parse_move(list(enumerate(lines or ("PASS",), 1)), state, mover)
        if parsed is None or not _same(parsed, move, state):
            breaks.append(f"move {state.moves + 1}: {lines} read as {parsed} {problems}")
            break
        seen = check(state, mover, parsed)
        try:
            after, _events = apply_move(state, parsed, draw)
        except MoveRefused as refused:
            breaks.append(f"move {state.moves + 1}: {lines} refused {refused.problem}")
            break
        if not isinstance(seen, Preview) or seen.state.board != after.board or seen.state.lines != after.lines:
            breaks.append(f"move {state.moves + 1}: the check showed another board")
        tiles += len(parsed)
        first_round = state.first_round
        state = after
        breaks += [f"move {state.moves}: {b}" for b in invariants(state, players, first_round)]
        if breaks:
            break
    if not breaks:
        if not state.over:
            breaks.append(f"no end after {state.moves} moves")
        elif not all(line.finished for line in state.lines):
            breaks.append("over with an open line")
        if verify(seed, commitment(seed), draw.drawn):
            breaks.append("the draws do not verify")
    return Game(seed_text, players, state.moves, tiles, state.end, score(state)[1], tuple(breaks))
