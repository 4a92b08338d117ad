"""Drawing races: start and destination by two dice (rules-reference.md §3 "Drawing a race").

The red die gives the tens and the white die the units of a town number
(11..66).  A start is drawn, then a destination; the destination is drawn
again while the shortest land route between the two is under
``min_race_distance`` hex steps.  Options: ``chain_races`` (the next race
starts at the last destination), ``numbers_once`` (a used-number grid; a
repeat takes the next higher free number, wrapping to the lowest, or is
rolled again under ``used_number: reroll``, seed 003; ``number_grid:
paired_tens``, seed 004: three rows of tens, 1-2, 3-4 and 5-6, so that
drawing 35 also uses up 45), ``dest_uses_per_town`` (postal: a town is a
destination at most so often, the draw keeping the count), and a town not
yet connected is drawn again.

Every die is labelled (``race7:dest:red``, index = attempt) and kept in the
``RaceDraw``, so a player can recompute the draw from the revealed seed.  In
manual dice mode the GM's values are given with ``GivenDice``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping

from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.board.model import VALID_NUMBERS, GameMap, Town
from adjudicator.dampfross.game.dice import Die, RaceDice
from adjudicator.dampfross.game.errors import RaceDrawError
from adjudicator.dampfross.game.racestate import DrawWhat, NumberReplaced, RaceDraw, Redraw, RedrawReason
from adjudicator.dampfross.game.rules import Rules
from adjudicator.dampfross.racing.distance import land_distance
from adjudicator.dampfross.racing.specials import draw_region, is_special

__all__ = ["MAX_DRAWS", "draw_race", "draw_turn_races", "land_distance", "used_after"]

MAX_DRAWS = 500  # attempts per start or destination before giving up (HMAC dice)


def draw_race(
    gmap: GameMap,
    rules: Rules,
    dice: RaceDice,
    number: int,
    *,
    used: Iterable[int] = (),
    connected: Collection[str] | None = None,
    start_number: int | None = None,
    uses_per_number: int = 1,
    dest_counts: Mapping[str, int] | None = None,
    special: bool = False,
    reached: Collection[Hex] | None = None,
) -> RaceDraw:
    """Draw race ``number``: a start (unless ``start_number`` is given: chained) and a destination.

    ``used`` lists the numbers already used (a number twice if used twice);
    it matters only under ``numbers_once``, where each number may be drawn
    ``uses_per_number`` times.  ``connected`` names the towns with track; a
    number whose town is not in it is drawn again (``None``: no check).
    ``special``: an international or special run, whose destination is a
    row of the map's table (``adjudicator.dampfross.racing.specials``); ``reached``
    are the hexes track or a bought ferry reaches, for its rerolls.
    """
    counts = Counter(used)
    drawer = _Drawer(gmap, rules, dice, number, counts, connected, uses_per_number, dest_counts or {})
    if start_number is not None and not special:
        last = gmap.town_by_number(start_number)
        if last is not None and not drawer.destinations(last):
            # [reading 96] a chained start with no destination left (all used up, too near, not connected): the
            # chain breaks and the start is drawn, as for an unchained race (a game never stalls on it)
            drawer.redraws.append(Redraw("start", start_number, last.name, RedrawReason.NO_DESTINATION))
            start_number = None
    chained = start_number is not None
    if start_number is None:
        # [reading 115] a start must leave a destination once its own numbers are used up (under numbers_once
        # the start's number, and its partner under paired_tens, can be the last number of the only town far
        # enough): such a start is drawn again, as one with no destination at all
        start_number = drawer.draw("start", lambda t, n: drawer.destinations(t, spent=_spent(rules, n)) != ())
    start = gmap.town_by_number(start_number)
    if start is None:
        raise RaceDrawError(f"race {number}: no town has the number {start_number}")
    if not chained and rules.numbers_once:
        for n in grid_cell(rules, start_number):
            counts[n] += 1
    if special:
        region = draw_region(gmap, rules, dice, number, start, reached)
        if region is not None:
            nearest = region.nearest
            marks = grid_cell(rules, start_number) if rules.numbers_once and not chained else ()
            return RaceDraw(
                number, start.name, start_number, region.dest.name, 0, region.distance(nearest),
                tuple(drawer.dice) + region.dice, tuple(drawer.redraws) + region.redraws, start.hex, nearest,
                chained, tuple(drawer.notes), marks, special=region.dest.key,
            )
    if not drawer.destinations(start):
        raise RaceDrawError(f"race {number}: no destination is at least {rules.min_race_distance} hexes "
                            f"from {start.name}")
    dest_number = drawer.draw("dest", lambda t, _n: t.name in {d.name for d in drawer.destinations(start)}, start)
    dest = gmap.town_by_number(dest_number)
    assert dest is not None
    drawn = (() if chained else (start_number,)) + (dest_number,)
    marks = tuple(m for n in drawn for m in grid_cell(rules, n)) if rules.numbers_once else ()
    return RaceDraw(
        number, start.name, start_number, dest.name, dest_number, drawer.distance(start, dest) or 0,
        tuple(drawer.dice), tuple(drawer.redraws), start.hex, dest.hex, chained, tuple(drawer.notes), marks,
    )


def _spent(rules: Rules, n: int) -> tuple[int, ...]:
    """The numbers a start drawn as ``n`` uses up before its destination is drawn."""
    return grid_cell(rules, n) if rules.numbers_once else ()


def grid_cell(rules: Rules, n: int) -> tuple[int, ...]:
    """The numbers a drawn number uses up: itself, and under ``paired_tens`` its partner (35 and 45)."""
    if rules.number_grid != "paired_tens":
        return (n,)
    tens, units = divmod(n, 10)
    partner = 10 * (tens + 1 if tens % 2 else tens - 1) + units
    return (n, partner) if partner in VALID_NUMBERS else (n,)


class _Drawer:
    """The mutable work of one draw: dice, redraw reasons, distances."""

    def __init__(self, gmap: GameMap, rules: Rules, dice: RaceDice, number: int, counts: Counter[int],
                 connected: Collection[str] | None, uses: int, dest_counts: Mapping[str, int]):
        self.gmap, self.rules, self.source, self.number = gmap, rules, dice, number
        self.counts, self.connected, self.uses = counts, connected, uses
        self.dest_counts = dest_counts
        self.dice: list[Die] = []
        self.redraws: list[Redraw] = []
        self.notes: list[NumberReplaced] = []

    def distance(self, a: Town, b: Town) -> int | None:
        """Land distance (the map's table of distances between towns)."""
        return land_distance(self.gmap, a.hex, b.hex)

    def free(self, n: int, spent: Collection[int] = ()) -> bool:
        """A number that may come up: it has a town, connected, and (numbers_once) not used up (``spent``: numbers
        counted once more)."""
        town = self.gmap.town_by_number(n)
        if town is None or not self._connected(town):
            return False
        return not self.rules.numbers_once or self.counts[n] + (n in spent) < self.uses

    def _connected(self, town: Town) -> bool:
        return self.connected is None or town.name in self.connected

    def dest_used_up(self, town: Town) -> bool:
        """``dest_uses_per_town``: the town has been a destination often enough."""
        limit = self.rules.dest_uses_per_town
        return bool(limit) and self.dest_counts.get(town.name, 0) >= limit

    def destinations(self, start: Town, spent: Collection[int] = ()) -> tuple[Town, ...]:
        """Towns that could still be the destination from ``start`` (``spent``: numbers counted once more)."""
        out = []
        for n in sorted(VALID_NUMBERS):
            town = self.gmap.town_by_number(n)
            if town is None or town.name == start.name or not self.free(n, spent) or self.dest_used_up(town):
                continue
            d = self.distance(start, town)
            if d is not None and d >= self.rules.min_race_distance:
                out.append(town)
        return tuple(out)

    def next_free(self, n: int) -> int | None:
        """The next higher free number after ``n``, wrapping to the lowest."""
        order = sorted(VALID_NUMBERS)
        i = order.index(n)
        for m in order[i + 1:] + order[:i]:
            if self.free(m):
                return m
        return None

    def _possible(self, possible: Callable[[Town, int], bool]) -> bool:
        return any(self.free(n) and possible(self.gmap.town_by_number(n), n) for n in VALID_NUMBERS)  # type: ignore[arg-type]

    def draw(self, what: DrawWhat, possible: Callable[[Town, int], bool], start: Town | None = None) -> int:
        """Roll red and white until a number passes every check (``possible``: of a town and its number)."""
        if not self._possible(possible) and self.rules.numbers_once:
            # [reading 116] the numbers left on the grid give none: a new round of the grid, each number may be
            # drawn once more (as in the 36-race game); the report says so
            self.uses += 1
            self.redraws.append(Redraw(what, 0, None, RedrawReason.GRID_FULL))
        if not self._possible(possible):
            raise RaceDrawError(f"race {self.number}: no town can be drawn as the {_WORD[what]}")
        for attempt in range(1, MAX_DRAWS + 1):
            red = self.source.die(f"race{self.number}:{what}:red", attempt)
            white = self.source.die(f"race{self.number}:{what}:white", attempt)
            self.dice += [red, white]
            n = 10 * red.value + white.value
            reason = self._check(what, n, start, possible)
            if isinstance(reason, int):
                return reason
            self.redraws.append(reason)
        raise RaceDrawError(f"race {self.number}: no usable {_WORD[what]} in {MAX_DRAWS} draws")

    def _check(self, what: DrawWhat, n: int, start: Town | None, possible: Callable[[Town, int], bool]
               ) -> int | Redraw:
        """The number to use, or why ``n`` must be drawn again."""
        town = self.gmap.town_by_number(n)
        if town is None:
            return Redraw(what, n, None, RedrawReason.NO_TOWN)
        if not self._connected(town):
            return Redraw(what, n, town.name, RedrawReason.UNCONNECTED)
        if self.rules.numbers_once and self.counts[n] >= self.uses:
            if self.rules.used_number == "reroll":
                return Redraw(what, n, town.name, RedrawReason.USED)
            m = self.next_free(n)
            if m is None:
                return Redraw(what, n, town.name, RedrawReason.NONE_FREE)
            town = self.gmap.town_by_number(m)
            assert town is not None
            self.notes.append(NumberReplaced(n, m, town.name))
            n = m
        if start is not None:
            if self.dest_used_up(town):
                return Redraw(what, n, town.name, RedrawReason.DEST_USED)
            if town.name == start.name:
                return Redraw(what, n, town.name, RedrawReason.START_ITSELF)
            d = self.distance(start, town)
            if d is None:
                return Redraw(what, n, town.name, RedrawReason.NO_LAND_ROUTE, start.name)
            if d < self.rules.min_race_distance:
                return Redraw(what, n, town.name, RedrawReason.TOO_CLOSE, start.name, d, self.rules.min_race_distance)
        elif not possible(town, n):
            return Redraw(what, n, town.name, RedrawReason.NO_DESTINATION)
        return n


_WORD = {"start": "start", "dest": "destination"}


def draw_turn_races(
    gmap: GameMap,
    rules: Rules,
    dice: RaceDice,
    first_number: int,
    *,
    count: int | None = None,
    used: Iterable[int] = (),
    connected: Collection[str] | None = None,
    last_destination: int | None = None,
    uses_per_number: int = 1,
    dest_counts: Mapping[str, int] | None = None,
    reached: Collection[Hex] | None = None,
) -> tuple[RaceDraw, ...]:
    """Draw a turn's races (``races_per_turn`` unless ``count``), numbered from ``first_number``.

    Under ``chain_races`` each race starts at the previous destination
    (``last_destination`` for the first race of the turn, if any race was
    run before; after a special run, whose destination is a region, the
    start is drawn).  Numbers marked by one draw count as used for the next.
    Special runs (advanced rules) come where ``is_special`` says.
    """
    out: list[RaceDraw] = []
    used_now = list(used)
    dests = Counter(dest_counts or {})
    previous = last_destination
    for i in range(rules.races_per_turn if count is None else count):
        start = previous if rules.chain_races else None
        d = draw_race(gmap, rules, dice, first_number + i, used=used_now, connected=connected,
                      start_number=start, uses_per_number=uses_per_number, dest_counts=dests,
                      special=is_special(gmap, rules, first_number + i), reached=reached)
        out.append(d)
        used_now += d.marks
        if d.special is None:
            dests[d.dest_town] += 1
        previous = d.dest_number if d.special is None else None
    return tuple(out)


def used_after(used: Iterable[int], draws: Iterable[RaceDraw]) -> tuple[int, ...]:
    """The used-number list after these draws (sorted; a number appears once per use)."""
    return tuple(sorted(list(used) + [n for d in draws for n in d.marks]))
