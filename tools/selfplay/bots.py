"""Automatic players: simple, seeded, mostly legal orders, and deliberately illegal ones on request.

A bot sees what a player sees (the state and the map) and writes an order
mail as a player would.  Building: START in a start town, then every turn a
BUILD line toward the nearest numbered town nobody has connected yet (the
engine stops where the allowance runs out), and DECLARE END once only one
town is left.  Racing: ``ENTER n BEST`` for each race (no more than the
rules' entry cap), and a BUILD line from race income.  Where the rules allow
them, neighbouring seats agree running powers for their first race
(``POWERS``) and, now and then, build a joint line (``BUILD WITH``): the
mail puts the same line into both sections (``joint_lines``).  With ``illegal`` > 0 a share of lines is garbage, an
impossible build, an unknown town or a wrong password, so that the whole
pipeline meets bad input while the game goes on.

Under the advanced rules a bot sometimes builds toward a ferry port or
across a border (ending in the first hex beyond), and buys a ferry whose
port its track reaches (``BUY FERRY``), so that every advanced rule is met
in a short game.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Iterable, Mapping
from functools import lru_cache

from adjudicator.dampfross.board.hexgrid import Hex, Side
from adjudicator.dampfross.board.model import GameMap, Terrain
from adjudicator.dampfross.game.state import GameState
from adjudicator.dampfross.game.track import TrackIndex
from adjudicator.dampfross.racing.trains import entry_cap
from adjudicator.kernel.kept import Kept

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
    """One company's automatic player."""

    def __init__(self, pid: str, password: str, rng: random.Random, illegal: float = 0.0):
        self.pid = pid
        self.password = password
        self.rng = rng
        self.illegal = illegal

    def section(self, state: GameState, gmap: GameMap, joint: str | None = None) -> list[str]:
        """The lines of this company's section for the game's current turn (``joint``: an agreed joint line)."""
        lines = [f"PLAYER {self.pid} PASSWORD {self.password}"]
        if state.phase == "building":
            lines += self.building(state, gmap)
            if joint:
                lines.append(joint)
        elif state.phase == "racing":
            lines += self.racing(state, gmap)
        if self.illegal and self.rng.random() < self.illegal:
            lines.insert(self.rng.randrange(1, len(lines) + 1), self.rng.choice(GARBAGE))
        return lines

    def building(self, state: GameState, gmap: GameMap) -> list[str]:
        track = _track(state)
        player = state.player(self.pid)
        out = []
        network = set(track.network(self.pid))
        if not network:
            start = self._start_town(state, gmap)
            out.append(f"START {start.name}")
            network = {start.hex}
        elif player.start_town and (town := gmap.town_named(player.start_town)):
            network.add(town.hex)
        path = self._advanced_path(state, gmap, track, network) or self._path_to_open_town(state, gmap, track, network)
        if path and len(path) >= 2:
            out.append("BUILD " + " - ".join(h.label for h in path))
        else:
            out.append("PASS")
        out += self._ferry_orders(state, gmap, track, path)
        if state.one_town_left_turn is not None:
            out.append("DECLARE END")
        return out

    def racing(self, state: GameState, gmap: GameMap) -> list[str]:
        upcoming = state.race_state.upcoming
        out = [f"ENTER {d.number} BEST" for d in upcoming if self.rng.random() < 0.9]
        cap = entry_cap(state.rules, upcoming)
        if cap is not None:
            out = out[:cap]
        partner = powers_partner(state, self.pid)
        if partner and upcoming:
            out.append(f"POWERS {upcoming[0].number} WITH {partner}")
        track = _track(state)
        network = set(track.network(self.pid))
        path = None
        if network and self.rng.random() < 0.5:
            path = (self._advanced_path(state, gmap, track, network, limit=4)
                    or self._path_to_open_town(state, gmap, track, network, limit=4))
            if path and len(path) >= 2:
                out.append("BUILD " + " - ".join(h.label for h in path))
        out += self._ferry_orders(state, gmap, track, path)
        return out or ["PASS"]

    # --- advanced rules ----------------------------------------------------
    def _advanced_path(self, state: GameState, gmap: GameMap, track: TrackIndex, network: set[Hex],
                       limit: int | None = None) -> list[Hex] | None:
        """Now and then, under the advanced rules: a line toward a ferry port, or into the first hex abroad."""
        rules = state.rules
        if not (rules.ferries or rules.border_crossing):
            return None  # basic games draw from the bot's random numbers exactly as before
        roll = self.rng.random()
        owned = {f.ferry for f in state.ferries}
        targets: set[Hex] = set()
        if rules.ferries and roll < 0.3:
            targets = {f.a for f in gmap.ferries if f.name not in owned} - network
        elif rules.border_crossing and roll < 0.45:
            targets = {n for h in gmap.terrain if gmap.is_land(h) and not gmap.abroad(h)
                       for n in gmap.neighbours(h) if gmap.abroad(n) and gmap.is_land(n)} - network
        if not targets or not network:
            return None
        own = {s.side for s in track.segments if s.owner == self.pid}
        path = _cheapest(gmap, state, network, targets, own)
        if path is None:
            return None
        return path[: limit + 1] if limit else path

    def _ferry_orders(self, state: GameState, gmap: GameMap, track: TrackIndex, path: list[Hex] | None) -> list[str]:
        """BUY FERRY for a ferry whose home port the bot's track reaches (or this turn's line will)."""
        if not state.rules.ferries:
            return []
        reach = set(track.network(self.pid)) | set(path or ())
        owned = {f.ferry for f in state.ferries}
        mine = [f for f in state.ferries if f.owner == self.pid]
        limit = gmap.ferries_per_player
        if limit is not None and len(mine) >= limit:
            return []
        for f in gmap.ferries:
            if f.name not in owned and f.a in reach:
                return [f"BUY FERRY {f.start}"]
        return []

    def _start_town(self, state: GameState, gmap: GameMap):  # type: ignore[no-untyped-def]
        towns = list(gmap.start_towns or gmap.numbered_towns)
        return self.rng.choice(sorted(towns, key=lambda t: t.name))

    def _path_to_open_town(self, state: GameState, gmap: GameMap, track: TrackIndex, network: set[Hex],
                           limit: int | None = None) -> list[Hex] | None:
        """The cheapest path (terrain cost) from the network to a numbered town nobody has connected."""
        targets = {t.hex for t in gmap.numbered_towns if t.name not in state.connections} - network
        if not targets:
            targets = {t.hex for t in gmap.numbered_towns} - network
        if not targets:
            return None
        own = {s.side for s in track.segments if s.owner == self.pid}
        path = _cheapest(gmap, state, network, targets, own)
        if path is None:
            return None
        return path[: limit + 1] if limit else path


_TRACK: Kept[TrackIndex] = Kept()


def _track(state: GameState) -> TrackIndex:
    """The index of the state's track, made once for all the bots of a turn (none of them adds to it)."""
    return _TRACK.get((state.track,), None, lambda: TrackIndex(state.track))


def _cheapest(gmap: GameMap, state: GameState, sources: Iterable[Hex], targets: set[Hex],
              own: set[Side]) -> list[Hex] | None:
    """Dijkstra over land from any source to any target, by building cost, never along own track.

    Hexes are numbered in their own order (column, row), so the queue breaks ties as it would between hexes."""
    rules = state.rules
    hexes, number, edges = _edges(gmap, rules.cost_river, rules.cost_mountain, rules.cost_mountain_mountain,
                                  rules.border_crossing)
    banned = {(number[s.a], number[s.b]) for s in own if s.a in number and s.b in number}
    banned |= {(j, i) for i, j in banned}
    goal = {number[h] for h in targets if h in number}
    far = 1 << 30
    dist = [far] * len(hexes)
    prev: dict[int, int] = {}
    queue: list[tuple[int, int]] = []
    for h in sorted(sources):
        i = number.get(h)
        if i is None:  # a source off the land graph (water, beyond the border) leads nowhere
            continue
        dist[i] = 0
        heapq.heappush(queue, (0, i))
    while queue:
        d, i = heapq.heappop(queue)
        if d > dist[i]:
            continue
        if i in goal:
            path = [i]
            while path[-1] in prev:
                path.append(prev[path[-1]])
            return [hexes[j] for j in reversed(path)]
        for j, cost in edges[i]:
            if d + cost < dist[j] and (i, j) not in banned:
                dist[j] = d + cost
                prev[j] = i
                heapq.heappush(queue, (d + cost, j))
    return None


@lru_cache(maxsize=16)
def _edges(gmap: GameMap, river: int, mountain: int, both: int, border_crossing: bool
           ) -> tuple[list[Hex], dict[Hex, int], list[list[tuple[int, int]]]]:
    """The map's hexes in their order, each one's number, and each land hex's steps a line may take with their
    building cost (the map's, worked out once): not onto water, not across a closed border; under the advanced
    rules none out of a hex beyond the border."""
    hexes = sorted(gmap.terrain, key=lambda h: (h.col, h.row))
    number = {h: i for i, h in enumerate(hexes)}
    out: list[list[tuple[int, int]]] = [[] for _ in hexes]
    for h in hexes:
        if border_crossing and gmap.abroad(h):
            continue  # a line ends in the first hex beyond the border
        out[number[h]] = [(number[n], _cost(gmap, river, mountain, both, h, n)) for n in gmap.neighbours(h)
                          if gmap.terrain_at(n) is not Terrain.WATER and (border_crossing or not gmap.is_border(h, n))]
    return hexes, number, out


def _cost(gmap: GameMap, river: int, mountain: int, both: int, a: Hex, b: Hex) -> int:
    mountains = sum(gmap.terrain_at(h) is Terrain.MOUNTAIN for h in (a, b))
    base = (1, mountain, both)[mountains]
    return base + (river if gmap.has_river(a, b) else 0)


def powers_partner(state: GameState, pid: str) -> str | None:
    """The company a bot exchanges running powers with: seats 1-2, 3-4, 5-6 pair up (when the rules allow)."""
    if not state.rules.running_powers:
        return None
    ids = list(state.player_ids)
    i = ids.index(pid)
    j = i + 1 if i % 2 == 0 else i - 1
    return ids[j] if j < len(ids) else None


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


def order_mail(state: GameState, gmap: GameMap, bots: Mapping[str, Bot]) -> str:
    """One order file holding every company's section for the current turn."""
    lines = [f"GAME {state.game_id}", f"TURN {state.turn}"]
    joint = joint_lines(state, gmap)
    for pid in state.player_ids:
        lines += bots[pid].section(state, gmap, joint.get(pid))
    return "\n".join(lines) + "\n"
