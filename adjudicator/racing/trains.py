"""From the players' ENTER and POWERS orders to the trains of each race of a turn.

- A joint trip needs both partners' orders (``ENTER n WITH <ID>``); the
  lower seat's route counts.
- ``ENTER n BEST`` is searched here, over today's track (and bought
  ferries; a special run's goal is its region).
- Running powers (postal RR, ``running_powers``): two companies that both
  order ``POWERS n WITH <ID>`` use each other's track in race ``n`` without
  paying; [reading] that track does not count as their own (a route still
  needs a segment of the riders' own track) nor towards the cap on other
  companies' hexes.
- The entry cap (postal RR, ``max_entries``): a company enters at most
  ``max_entries`` races a turn, one more for every ``entries_per_carried``
  carried-over races among them (2-3 carried: 5, 4-5: 6, 6-7: 7);
  [reading] entries beyond the cap, in race order, make no entry.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.board.model import GameMap
from adjudicator.game.problems import Problem
from adjudicator.game.racestate import RaceDraw
from adjudicator.game.rules import Rules
from adjudicator.game.track import TrackIndex
from adjudicator.racing.entry import Entry
from adjudicator.racing.problems import EntryNote
from adjudicator.racing.search import best_routes, best_valid
from adjudicator.racing.specials import goal

Powers = Mapping[str, tuple[tuple[int, str], ...]]
"""Each player's POWERS orders: (race, partner)."""


def entry_cap(rules: Rules, draws: Sequence[RaceDraw]) -> int | None:
    """How many races a company may enter this turn (``None``: no limit)."""
    if not rules.max_entries:
        return None
    carried = sum(d.carried for d in draws)
    return rules.max_entries + carried // max(1, rules.entries_per_carried)


def agreed_powers(rules: Rules, powers: Powers, seats: Mapping[str, int]
                  ) -> tuple[dict[tuple[int, str], tuple[str, ...]], list[Problem[EntryNote]]]:
    """Running powers both companies ordered: (race, player) -> the partners whose track is free."""
    free: dict[tuple[int, str], tuple[str, ...]] = {}
    notes: list[Problem[EntryNote]] = []
    for pid in sorted(powers, key=lambda p: seats.get(p, 99)):
        for race, partner in powers[pid]:
            if not rules.running_powers:
                notes.append(Problem.of(EntryNote.POWERS_NOT_IN_RULES, player=pid, race=race))
            elif (race, pid) in powers.get(partner, ()) and partner in seats and partner != pid:
                free[race, pid] = tuple(sorted(set(free.get((race, pid), ())) | {partner}))
            else:
                notes.append(Problem.of(EntryNote.POWERS_PARTNER_MISSING, player=pid, race=race, partner=partner))
    return free, notes


def trains_of_turn(gmap: GameMap, track: TrackIndex, rules: Rules, draws: Sequence[RaceDraw],
                   orders: Mapping[str, Sequence[Entry]], powers: Powers, seats: Mapping[str, int],
                   players: Sequence[str]) -> tuple[dict[int, list[Entry]], list[Problem[EntryNote]]]:
    """Each race's trains, in seat order of the players who ordered them, and the notes on orders that make none."""
    by_race = {d.number: d for d in draws}
    entries: dict[int, list[Entry]] = {d.number: [] for d in draws}
    free, notes = agreed_powers(rules, powers, seats)
    cap = entry_cap(rules, draws)
    entered: dict[str, int] = {}
    placed: set[tuple[int, str]] = set()
    # race by race (the cap counts entries in race order, joint runs included), in each race the players in order
    ordered = sorted(((e, pid) for pid in players for e in orders.get(pid, ())),
                     key=lambda item: (item[0].race, players.index(item[1])))
    for e, pid in ordered:
        draw = by_race.get(e.race)
        if draw is None:
            notes.append(Problem.of(EntryNote.NO_SUCH_RACE, player=pid, race=e.race))
            continue
        if (e.race, pid) in placed:
            continue
        riders = [pid]
        if e.partner:
            mirror = [x for x in orders.get(e.partner, ()) if x.race == e.race and x.partner == pid]
            if e.partner not in seats or not mirror:
                notes.append(Problem.of(EntryNote.PARTNER_MISSING, player=pid, race=e.race, partner=e.partner))
                continue
            riders = sorted([pid, e.partner], key=lambda p: seats[p])
        over = [r for r in riders if cap is not None and entered.get(r, 0) >= cap]
        if over:
            notes.append(Problem.of(EntryNote.TOO_MANY_ENTRIES, player=over[0], race=e.race, cap=cap or 0))
            placed.update((e.race, r) for r in riders)
            continue
        for r in riders:
            entered[r] = entered.get(r, 0) + 1
        placed.update((e.race, r) for r in riders)
        granted = tuple(sorted({f for r in riders for f in free.get((e.race, r), ())} - set(riders)))
        train = _train(gmap, track, rules, draw, e, tuple(riders), granted, seats, notes)
        if train is not None:
            entries[e.race].append(train)
    return entries, notes


def _train(gmap: GameMap, track: TrackIndex, rules: Rules, draw: RaceDraw, e: Entry, riders: tuple[str, ...],
           powers: tuple[str, ...], seats: Mapping[str, int], notes: list[Problem[EntryNote]]) -> Entry | None:
    """The train of one entry: its route as written, or the best found (``BEST``)."""
    if not e.best:
        return Entry(riders, e.hexes, e.owners, e.text, e.race, powers=powers)
    option = best_valid(best_routes(gmap, track, rules, draw.start_hex, goal(gmap, rules, draw), riders, seats,
                                    free=powers))
    if option is None:
        notes.append(Problem.of(EntryNote.NO_ROUTE, riders=riders, race=e.race))
        return None
    return Entry(riders, option.route.hexes, option.route.owners, e.text, e.race, chosen=True, powers=powers)
