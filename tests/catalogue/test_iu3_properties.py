"""InterUrban property tests: random legal games end, never break rules A-J, and keep every tile."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.interurban.move import MoveRefused, apply_move, candidates, legal_first, place, setup
from adjudicator.interurban.rules import around
from adjudicator.interurban.scoring import score
from adjudicator.interurban.shuffle import SeededDraw, seed_from_text
from adjudicator.interurban.state import Placement, State
from adjudicator.interurban.tiles import OPPOSITE, START_CELLS, step

COLOURS = ("red", "blue", "purple", "green", "yellow")


def random_move(state: State, rnd: random.Random, draw: SeededDraw) -> list[Placement]:
    """1-3 placements that apply_move accepts (empty when none exists)."""
    move: list[Placement] = []
    current = state
    options = list(legal_first(state))
    for k in range(rnd.randint(1, 3)):
        if k:
            options = list(candidates(current))
        rnd.shuffle(options)
        for p in options:
            try:
                apply_move(state, [*move, p], draw.__class__(draw.seed))
            except MoveRefused:
                continue
            move.append(p)
            current, _ = place(current, p)
            break
        else:
            break
    return move


def check_invariants(state: State, players: int) -> None:
    cells = state.cells()
    ids = [p.tile for p in state.board if p.kind != "start"]
    ids += [t.id for t in state.track_face_up + state.track_hidden + state.stations_face_up + state.stations_hidden]
    assert len(ids) == len(set(ids)) == 42 + 10 * players  # conserved
    for p in state.board:
        for e in ("N", "E", "S", "W"):
            n = step(p.cell, e)  # type: ignore[arg-type]
            if n in cells:
                assert (e in p.edges) == (OPPOSITE[e] in cells[n].edges), ("F", p.cell, e)  # type: ignore[index]
                if e in p.edges:
                    assert p.line_at(e) == cells[n].line_at(OPPOSITE[e]), ("E", p.cell)  # type: ignore[index]
        if p.station:
            assert not any(step(p.cell, e) in START_CELLS for e in ("N", "E", "S", "W")), ("A", p.cell)  # type: ignore[arg-type]
            assert not any(n in cells and cells[n].station for n in around(p.cell)), ("C", p.cell)
    for line in state.lines:
        values = [v for _, v in line.stations]
        for v in (1, 2, 3):
            assert values.count(v) <= 1, ("G-I", line.label)
        fours = [c for c, v in line.stations if v == 4]
        assert len(fours) == len(set(fours)), ("J", line.label)
        assert all(a[0] != b[0] for a, b in zip(line.stations, line.stations[1:], strict=False)), ("D", line.label)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**9), st.integers(2, 5))
def test_IU30_random_games_end_and_keep_the_rules(seed: int, players: int):
    rnd = random.Random(seed)
    draw = SeededDraw(seed_from_text(str(seed)))
    state = setup("p", COLOURS[:players], draw)
    for _ in range(200):
        if state.over:
            break
        state, _ = apply_move(state, random_move(state, rnd, draw), draw)
        check_invariants(state, players)
        if state.moves <= players and not state.over:
            assert not any(line.finished for line in state.lines), "B"
    assert state.over and all(line.finished for line in state.lines)
    _, totals = score(state)
    assert set(totals) == set(COLOURS[:players]) and all(v >= 0 for v in totals.values())
