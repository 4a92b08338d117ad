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

from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.game.racestate import RaceDraw
from adjudicator.dampfross.game.rules import Rules
from adjudicator.dampfross.game.track import TrackIndex
from adjudicator.dampfross.racing.entry import Entry
from adjudicator.dampfross.racing.noroute import why_no_route
from adjudicator.dampfross.racing.problems import EntryNote
from adjudicator.dampfross.racing.search import best_routes, best_valid
from adjudicator.dampfross.racing.specials import goal
from adjudicator.kernel.problems import Problem

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


Slot = tuple[Entry, str, tuple[str, ...], Problem[EntryNote] | None]
"""An entry as the turn takes it: the entry, who ordered it, its riders, and the note why it makes no train (or
``None``)."""


def entry_slots(rules: Rules, draws: Sequence[RaceDraw], orders: Mapping[str, Sequence[Entry]],
                seats: Mapping[str, int], players: Sequence[str]) -> list[Slot]:
    """Which entries make a train, and why the others do not (no such race, a partner who did not order the joint
    run, the entry cap): race by race, in each race the players in order.  The one judgement the turn and
    ``check`` both use (a second entry of a rider already placed in the race is left out without a note)."""
    by_race = {d.number: d for d in draws}
    cap = entry_cap(rules, draws)
    entered: dict[str, int] = {}
    placed: set[tuple[int, str]] = set()
    out: list[Slot] = []
    ordered = sorted(((e, pid) for pid in players for e in orders.get(pid, ())),
                     key=lambda item: (item[0].race, players.index(item[1])))
    for e, pid in ordered:
        if by_race.get(e.race) is None:
            out.append((e, pid, (pid,), Problem.of(EntryNote.NO_SUCH_RACE, player=pid, race=e.race)))
            continue
        if (e.race, pid) in placed:
            continue
        riders = [pid]
        if e.partner:
            mirror = [x for x in orders.get(e.partner, ()) if x.race == e.race and x.partner == pid]
            if e.partner not in seats or not mirror:
                note = Problem.of(EntryNote.PARTNER_MISSING, player=pid, race=e.race, partner=e.partner)
                out.append((e, pid, (pid,), note))
                continue
            riders = sorted([pid, e.partner], key=lambda p: seats[p])
        placed.update((e.race, r) for r in riders)
        over = [r for r in riders if cap is not None and entered.get(r, 0) >= cap]
        if over:
            note = Problem.of(EntryNote.TOO_MANY_ENTRIES, player=over[0], race=e.race, cap=cap or 0)
            out.append((e, pid, tuple(riders), note))
            continue
        for r in riders:
            entered[r] = entered.get(r, 0) + 1
        out.append((e, pid, tuple(riders), None))
    return out


def trains_of_turn(gmap: GameMap, track: TrackIndex, rules: Rules, draws: Sequence[RaceDraw],
                   orders: Mapping[str, Sequence[Entry]], powers: Powers, seats: Mapping[str, int],
                   players: Sequence[str]) -> tuple[dict[int, list[Entry]], list[Problem[EntryNote]]]:
    """Each race's trains, in seat order of the players who ordered them, and the notes on orders that make none."""
    by_race = {d.number: d for d in draws}
    entries: dict[int, list[Entry]] = {d.number: [] for d in draws}
    free, notes = agreed_powers(rules, powers, seats)
    for e, _pid, riders, note in entry_slots(rules, draws, orders, seats, players):
        if note is not None:
            notes.append(note)
            continue
        granted = tuple(sorted({f for r in riders for f in free.get((e.race, r), ())} - set(riders)))
        train = _train(gmap, track, rules, by_race[e.race], e, riders, granted, seats, notes)
        if train is not None:
            entries[e.race].append(train)
    return entries, notes


def _train(gmap: GameMap, track: TrackIndex, rules: Rules, draw: RaceDraw, e: Entry, riders: tuple[str, ...],
           powers: tuple[str, ...], seats: Mapping[str, int], notes: list[Problem[EntryNote]]) -> Entry | None:
    """The train of one entry: its route as written, or the best found (``BEST``)."""
    if not e.best:
        return Entry(riders, e.hexes, e.owners, e.text, e.race, powers=powers)
    where = goal(gmap, rules, draw)
    options = best_routes(gmap, track, rules, draw.start_hex, where, riders, seats, free=powers)
    option = best_valid(options)
    if option is None:
        why = why_no_route(track, riders, draw.start_hex, where, options)
        notes.append(Problem.of(EntryNote.NO_ROUTE, riders=riders, race=e.race, why=why))
        return None
    return Entry(riders, option.route.hexes, option.route.owners, e.text, e.race, chosen=True, powers=powers)
