"""Automatic players for self-play: the product's bots, mostly legal orders, and deliberately illegal ones on request.

A bot sees what a player sees (``adjudicator.dampfross.bots.seat_view``) and
writes an order mail as a player would: the product's bot of its level, its
plan held to ``check`` as a bot seat's is (``app/botseats.py: judged_orders``;
``random`` by default: START in a random
start town, BUILD toward the nearest unconnected town, ``ENTER n BEST``
for nine races in ten, running powers, ferries and borders under the
advanced rules).  Here, where the rules allow them, the first two
companies whose networks meet now and then build a joint line (``BUILD
WITH``): the mail puts the same line into both sections (``joint_lines``).
With ``illegal`` > 0 a share of lines is garbage, an impossible build, an
unknown town or a wrong password, so that the whole pipeline meets bad
input while the game goes on.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping

from adjudicator.dampfross.app.botseats import judged_orders
from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.bots import Level, seat_view
from adjudicator.dampfross.bots.paths import cheapest as _cheapest
from adjudicator.dampfross.bots.paths import track_of as _track
from adjudicator.dampfross.game.state import GameState

GARBAGE = (
    "BIULD 0101 - 0102",
    "BUILD 0101 0102",
    "BUILD Atlantis - 0101",
    "ENTER 999 BEST",
    "TURN 99999999999999999999",
    "ROLL RED 4",
    "START",
    "BUILD 9999 - 9998",
    "PLAYER",
    "Hallo Spielleiter, anbei meine Züge",
    "-- ",
    "> BUILD 0101 - 0102",
    "MOVES 1 RED 7",
    "ENTER 1 ROUTE 0101 -(NOBODY)- 0102",
    "BUY FERRY",
    "KAUFE FÄHRE Atlantis",
)


class Bot:
    """One company's automatic player: the product's bot of a level (``adjudicator.dampfross.bots``), and on
    request a share of garbage lines."""

    def __init__(self, pid: str, password: str, rng: random.Random, illegal: float = 0.0, level: Level = "random"):
        self.pid = pid
        self.password = password
        self.rng = rng
        self.illegal = illegal
        self.level = level

    def section(self, state: GameState, gmap: GameMap, joint: str | None = None) -> list[str]:
        """The lines of this company's section for the game's current turn (``joint``: an agreed joint line)."""
        lines = [f"PLAYER {self.pid} PASSWORD {self.password}"]
        lines += judged_orders(seat_view(state, gmap, self.pid), self.level, self.rng)
        if joint and state.phase == "building":
            lines.append(joint)
        if self.illegal and self.rng.random() < self.illegal:
            lines.insert(self.rng.randrange(1, len(lines) + 1), self.rng.choice(GARBAGE))
        return lines


def joint_lines(state: GameState, gmap: GameMap) -> dict[str, str]:
    """Every fifth building turn, the first two companies (by seat) whose networks meet build a joint line."""
    rules = state.rules
    if state.phase != "building" or state.turn % 5 or not rules.joint_building or rules.allowance == "postal" \
            or rules.simultaneous:
        return {}
    track = _track(state)
    pairs = [(a, b) for i, a in enumerate(state.player_ids) for b in state.player_ids[i + 1:]
             if set(track.network(a)) & set(track.network(b))]
    if not pairs:
        return {}
    a, b = pairs[0]
    meet = set(track.network(a)) & set(track.network(b))
    own = {s.side for s in track.segments if s.owner in (a, b)}
    targets = {t.hex for t in gmap.numbered_towns if t.name not in state.connections} - meet
    path = _cheapest(gmap, state, meet, targets, own) if targets else None
    if not path or len(path) < 2:
        return {}
    text = " - ".join(h.label for h in path[:6])
    return {a: f"BUILD WITH {b} {text}", b: f"BUILD WITH {a} {text}"}


def order_mail(state: GameState, gmap: GameMap, bots: Mapping[str, Bot],
               timing: list[tuple[str, float]] | None = None, joint_ok: bool = True) -> str:
    """One order file holding every company's section for the current turn (``timing``: each section's company
    and seconds are appended to it; ``joint_ok``: the harness may add joint lines)."""
    lines = [f"GAME {state.game_id}", f"TURN {state.turn}"]
    joint = joint_lines(state, gmap) if joint_ok else {}
    if any(bots[pid].level != "random" for pid in joint):
        joint = {}  # a joint line is the harness's, not the bot's: it would overrule a level's own building
    for pid in state.player_ids:
        started = time.perf_counter()
        lines += bots[pid].section(state, gmap, joint.get(pid))
        if timing is not None:
            timing.append((pid, time.perf_counter() - started))
    return "\n".join(lines) + "\n"
