"""The ``random`` level: simple, seeded, legal orders (the floor every other level is measured against).

Building: START in a start town drawn at random, then every turn a BUILD
line toward the nearest numbered town nobody has connected yet, cut where
the allowance runs out (and, without debt, where the balance no longer pays
its fees), and DECLARE END once only one town is left and the rules let it.
Racing: ``ENTER n BEST`` for nine races in ten (no more than the rules'
entry cap), running powers with the neighbouring seat where the rules allow
them (``POWERS``), and now and then a short BUILD line from race income when
the turn builds after its races (``paths.builds_after_races``).  Under the
advanced rules it sometimes builds toward a ferry port or across a border
(ending in the first hex beyond) and buys a ferry whose port its track
reaches (``BUY FERRY``).  Its plan is held to ``check`` like every level's
(``bots.judged``): an entry without a valid route is dropped there.  The
self-play games of ``tools/selfplay`` play with it.
"""

from __future__ import annotations

import random

from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.board.model import GameMap, Town
from adjudicator.dampfross.bots.judged import Judge
from adjudicator.dampfross.bots.paths import affordable, builds_after_races, cheapest, track_of
from adjudicator.dampfross.bots.view import SeatView
from adjudicator.dampfross.building.ending import VALID_DECLARATIONS, declare_verdict
from adjudicator.dampfross.building.lines import Budget
from adjudicator.dampfross.building.turn import allowance_budget
from adjudicator.dampfross.game.state import GameState
from adjudicator.dampfross.game.track import TrackIndex
from adjudicator.dampfross.racing.trains import entry_cap


def random_orders(view: SeatView, rng: random.Random, judge: Judge) -> list[str]:
    """The order lines of the seat's section for the current turn (``judge``: unused here; ``bot_orders`` holds
    the plan to it)."""
    if view.state.phase == "building":
        return _building(view, rng)
    if view.state.phase == "racing":
        return _racing(view, rng)
    return []


def _building(view: SeatView, rng: random.Random) -> list[str]:
    state, gmap, pid = view.state, view.gmap, view.seat
    track = track_of(state)
    player = state.player(pid)
    out = []
    network = set(track.network(pid))
    if not network:
        start = _start_town(gmap, rng)
        out.append(f"START {start.name}")
        network = {start.hex}
    elif player.start_town and (town := gmap.town_named(player.start_town)):
        network.add(town.hex)
    path = _advanced_path(view, rng, track, network) or _path_to_open_town(view, track, network)
    if path and len(path) >= 2:
        path = _paid(view, track, path)
    if path and len(path) >= 2:
        out.append("BUILD " + " - ".join(h.label for h in path))
    else:
        out.append("PASS")
    out += ferry_orders(view, track, path)
    if state.one_town_left_turn is not None and declare_verdict(state, gmap, pid).code in VALID_DECLARATIONS:
        out.append("DECLARE END")
    return out


def _paid(view: SeatView, track: TrackIndex, path: list[Hex]) -> list[Hex]:
    """The part of a building turn's line the seat's allowance pays for (without debt: whose fees the balance
    pays), as the building engine would cut it."""
    state = view.state
    allowance = next((a for a in state.allowances if a.player == view.seat), None)
    budget = allowance_budget(state.rules, allowance) if allowance else Budget("points", 6 * state.rules.allowance_dice)
    money = state.player(view.seat).balance if not state.rules.debt_allowed else None
    return affordable(view, track, path, budget, money)[0]


def _racing(view: SeatView, rng: random.Random) -> list[str]:
    state = view.state
    upcoming = state.race_state.upcoming
    out = [f"ENTER {d.number} BEST" for d in upcoming if rng.random() < 0.9]
    cap = entry_cap(state.rules, upcoming)
    if cap is not None:
        out = out[:cap]
    partner = powers_partner(state, view.seat)
    if partner and upcoming:
        out.append(f"POWERS {upcoming[0].number} WITH {partner}")
    track = track_of(state)
    network = set(track.network(view.seat))
    path = None
    if network and rng.random() < 0.5 and builds_after_races(state):
        path = (_advanced_path(view, rng, track, network, limit=4)
                or _path_to_open_town(view, track, network, limit=4))
        if path and len(path) >= 2:
            out.append("BUILD " + " - ".join(h.label for h in path))
    out += ferry_orders(view, track, path)
    return out or ["PASS"]


def _advanced_path(view: SeatView, rng: random.Random, track: TrackIndex, network: set[Hex],
                   limit: int | None = None) -> list[Hex] | None:
    """Now and then, under the advanced rules: a line toward a ferry port, or into the first hex abroad."""
    state, gmap = view.state, view.gmap
    rules = state.rules
    if not (rules.ferries or rules.border_crossing):
        return None  # basic games draw from the bot's random numbers exactly as before
    roll = rng.random()
    owned = {f.ferry for f in state.ferries}
    targets: set[Hex] = set()
    if rules.ferries and roll < 0.3:
        targets = {f.a for f in gmap.ferries if f.name not in owned} - network
    elif rules.border_crossing and roll < 0.45:
        targets = {n for h in gmap.terrain if gmap.is_land(h) and not gmap.abroad(h)
                   for n in gmap.neighbours(h) if gmap.abroad(n) and gmap.is_land(n)} - network
    if not network:
        return None
    return _cheapest_to(view, track, network, targets, limit)


def ferry_orders(view: SeatView, track: TrackIndex, path: list[Hex] | None) -> list[str]:
    """BUY FERRY for a ferry whose home port the seat's track reaches (or this turn's line will)."""
    state, gmap = view.state, view.gmap
    if not state.rules.ferries:
        return []
    reach = set(track.network(view.seat)) | set(path or ())
    owned = {f.ferry for f in state.ferries}
    mine = [f for f in state.ferries if f.owner == view.seat]
    limit = gmap.ferries_per_player
    if limit is not None and len(mine) >= limit:
        return []
    for f in gmap.ferries:
        if f.name not in owned and f.a in reach:
            return [f"BUY FERRY {f.start}"]
    return []


def _start_town(gmap: GameMap, rng: random.Random) -> Town:
    towns = list(gmap.start_towns or gmap.numbered_towns)
    return rng.choice(sorted(towns, key=lambda t: t.name))


def _path_to_open_town(view: SeatView, track: TrackIndex, network: set[Hex],
                       limit: int | None = None) -> list[Hex] | None:
    """The cheapest path (terrain cost) from the network to a numbered town nobody has connected."""
    state, gmap = view.state, view.gmap
    targets = {t.hex for t in gmap.numbered_towns if t.name not in state.connections} - network
    if not targets:
        targets = {t.hex for t in gmap.numbered_towns} - network
    return _cheapest_to(view, track, network, targets, limit)


def _cheapest_to(view: SeatView, track: TrackIndex, network: set[Hex], targets: set[Hex],
                 limit: int | None) -> list[Hex] | None:
    """The cheapest path (terrain cost) from the network to one of ``targets``, its first ``limit`` steps."""
    if not targets:
        return None
    own = {s.side for s in track.segments if s.owner == view.seat}
    path = cheapest(view.gmap, view.state, network, targets, own)
    if path is None:
        return None
    return path[: limit + 1] if limit else path


def powers_partner(state: GameState, pid: str) -> str | None:
    """The company a bot exchanges running powers with: seats 1-2, 3-4, 5-6 pair up (when the rules allow)."""
    if not state.rules.running_powers:
        return None
    ids = list(state.player_ids)
    i = ids.index(pid)
    j = i + 1 if i % 2 == 0 else i - 1
    return ids[j] if j < len(ids) else None
