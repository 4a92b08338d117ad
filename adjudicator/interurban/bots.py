"""InterUrban bots: the move a bot mails for its seat (issue 26), at two levels.

A bot sees what the player of its seat sees: the public state (the board, the lines, the face-up tiles, and
how many tiles of each kind are still hidden) and its own seat; it never sees the draw to come (it is given
no draw).  Its choices are a function of that and of the ``random.Random`` the caller seeds (the postal
loop seeds it from the game's commitment in a domain of its own, ``postal/botseats.py``), so the same game
gives the same bot move again.  It returns the **move lines** a player would mail, in the notation
(``notation.written``; ``PASS`` when no tile can be laid), which the play reads like any player's mail.

Levels:

* ``random``: tile by tile, a uniformly random tile the rules allow where the tile before it left the board
  (1-3 tiles, at most one station; in the first round none that finishes a line, rule B).
* ``careful``: a beam search over moves of 1-3 tiles, each judged one ply deep by the scoring of
  ``scoring.py`` (the start numbers S, C, H, L, the lines' track values, the stations' economic values): its
  own points minus the best opponent's, as if the game ended after the move, with a small bonus for its own
  stations on lines still open.  Every move it considers is one the rules allow (the rules A-J and the
  blocking completion are ``place``'s), and the chosen one is checked whole (``preview.check``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from adjudicator.interurban.move import MoveRefused, candidates, legal_first, place
from adjudicator.interurban.notation import written
from adjudicator.interurban.preview import Preview, check
from adjudicator.interurban.scoring import economic, line_values, points
from adjudicator.interurban.state import Placement, State

LEVELS = ("random", "careful")
"""The bot's levels, weakest first; ``careful`` is the default of a bot seat."""

BEAM = 6
"""How many of the best partial moves of each length the careful bot extends by one tile."""

PASS = ("PASS",)


def _station(state: State, placement: Placement) -> bool:
    return any(t.id == placement.tile for t in state.stations_face_up)


def _extend(start: State, current: State, made: Sequence[Placement]) -> list[tuple[Placement, State]]:
    """Every tile that may follow ``made`` (at most one station, rule B in the first round), with the board
    after it."""
    options = legal_first(start) if not made else candidates(current)
    stations = any(_station(start, p) for p in made)
    out = []
    for p in options:
        if stations and _station(current, p):
            continue
        try:
            after, events = place(current, p)
        except MoveRefused:
            continue
        if start.first_round and any(code == "finished" for code, _ in events):
            continue
        out.append((p, after))
    return out


def random_move(state: State, rng: random.Random) -> tuple[Placement, ...]:
    """1-3 tiles chosen one by one at random among those the rules allow (``()`` when none can be laid)."""
    made: list[Placement] = []
    current = state
    for _ in range(rng.randint(1, 3)):
        options = _extend(state, current, made)
        if not options:
            break
        p, current = options[rng.randrange(len(options))]
        made.append(p)
    return tuple(made)


def value(state: State, seat: str) -> float:
    """How good ``state`` is for ``seat``: its points minus the best opponent's, every line scored as it stands,
    and a little for each of its stations on a line still open (where the line's value may still grow)."""
    values = line_values(state.lines)
    totals = dict.fromkeys(state.players, 0.0)
    for line in state.lines:
        economy = economic(line)
        for colour, got in points(values[line.label], economy).items():
            totals[colour] = totals.get(colour, 0.0) + got
        if not line.finished and economy.get(seat):
            totals[seat] += 0.25 * economy[seat]
    others = [v for c, v in totals.items() if c != seat]
    return totals.get(seat, 0.0) - (max(others) if others else 0.0)


def careful_move(state: State, rng: random.Random) -> tuple[Placement, ...]:
    """The best move found by a beam search of width ``BEAM`` over 1-3 tiles, judged by ``value``; ties broken
    at random."""
    seat = state.on_move
    best: list[tuple[float, float, tuple[Placement, ...]]] = []
    layer: list[tuple[tuple[Placement, ...], State]] = [((), state)]
    for _ in range(3):
        grown: list[tuple[float, float, tuple[Placement, ...], State]] = []
        for made, current in layer:
            for p, after in _extend(state, current, made):
                grown.append((value(after, seat), rng.random(), (*made, p), after))
        if not grown:
            break
        grown.sort(key=lambda g: (-g[0], g[1]))
        best += [(v, tie, made) for v, tie, made, _ in grown[:BEAM]]
        layer = [(made, after) for _, _, made, after in grown[:BEAM]]
    best.sort(key=lambda b: (-b[0], b[1]))
    for _, _, made in best:
        if isinstance(check(state, seat, made), Preview):
            return made
    return ()


def bot_move(state: State, seat: str, level: str, rng: random.Random) -> tuple[str, ...]:
    """The lines ``seat``'s bot of ``level`` mails now (``("PASS",)`` when no tile can be laid).

    ``ValueError`` when ``seat`` is not on move, the game is over, or the level is unknown.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}")
    if state.over or state.on_move != seat:
        raise ValueError(f"{seat} is not on move")
    made = careful_move(state, rng) if level == "careful" else random_move(state, rng)
    lines = written(state, made, seat)
    if lines is None:  # pragma: no cover - every placement found lies at a line's end
        raise ValueError("the bot's move cannot be written")
    return lines or PASS
