"""The race rounds of one race: rolling, moving along the routes, judging arrivals.

rules-reference.md §3 "Movement" and "Finishing".  Each round every train still
running rolls one die (purpose ``race<n>:round<r>:<roller>``) and moves
along its route (``adjudicator.expected.advance``).  Arrivals are judged at
the end of the round: most unused points first; equal trains by
``rules.tie``: ``reroll`` (they roll again, purpose ``race<n>:tie<r>:<roller>``,
highest first, repeated among equal rolls) or ``split`` (they share the
prizes of the places they cover).  The race ends when the second train has
arrived (``race_ends: all``, Bütehorn: when every train has).  With
``first_arrival_wins`` (Bütehorn) a train takes its place the moment it
arrives and the round stops when the race is over.

``one_train_per_hex`` (seed 004 (E): "Dva vlaky nesmějí zastavit na stejném
poli ... musí zastavit o pole dříve. Pokud však mezi dvěma poli vede více
souběžných tratí a každý vlak jede po jiné trati, mohou zastavit na stejném
poli"): a train that would stop where another stands stops a hex earlier
(again, if that one is taken too); [reading] the start and the destination
hold any number of trains, and two trains that entered the hex from the
same neighbour along different companies' lines may stand together.

``on_move`` (fares paid move by move) is called with the steps a train is
about to take; when it returns ``False`` the game has ended and the race
stops at once (``ended``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.game.dice import Die, RaceDice
from adjudicator.dampfross.game.rules import Rules
from adjudicator.dampfross.racing.movement import advance
from adjudicator.dampfross.racing.routes import Route

MAX_ROUNDS = 200


@dataclass(frozen=True)
class Train:
    """One train in the race: its name, who rolls, who rides, and its route."""

    name: str
    roller: str
    riders: tuple[str, ...]
    route: Route


@dataclass(frozen=True)
class Move:
    """One train's move in one race round."""

    train: str
    die: Die
    used: int  # points spent
    left: int  # points not spent (lost, or unused at the destination)
    position: Hex
    steps: int  # movement steps of the route taken so far (a ferry crossing counts point by point)
    arrived: bool = False
    at_sea: bool = False  # on a ferry crossing that began at ``position`` (advanced rules)


@dataclass(frozen=True)
class RaceRound:
    """Every train's move in one round, in the order they moved."""

    number: int
    moves: tuple[Move, ...]


@dataclass(frozen=True)
class Placing:
    """A train that arrived: its place (shared places repeat), round, unused points, prize."""

    place: int
    train: str
    riders: tuple[str, ...]
    round: int | None  # None: sole entrant, no race run
    left: int | None
    prize: int  # the train's prize (before sharing between partners)
    shared: bool = False  # tie split: the prize is a share of the tied places
    tie_dice: tuple[Die, ...] = ()  # reroll dice that decided this place


@dataclass(frozen=True)
class TieRolls:
    """A tie reroll after round ``round``: each tied train's roll."""

    round: int
    rolls: tuple[tuple[str, int], ...]  # (train, die value) in moving order


OnMove = Callable[[Train, int, int], bool]
"""Called with a train and the steps it is about to take (from, to, in ``Route.steps``); ``False`` ends the race."""


class RaceRunner:
    """The race rounds of one race with at least two trains."""

    def __init__(self, rules: Rules, race: int, trains: Sequence[Train], dice: RaceDice, first_arrival_wins: bool,
                 prizes: tuple[int, int] | None = None, on_move: OnMove | None = None):
        self.rules, self.race, self.trains, self.source = rules, race, list(trains), dice
        self.first_arrival_wins = first_arrival_wins
        self.prizes = prizes if prizes is not None else (rules.prize_first, rules.prize_second)
        self.on_move = on_move
        self.pos = {t.name: 0 for t in trains}
        self.rounds: list[RaceRound] = []
        self.dice: list[Die] = []
        self.ties: list[TieRolls] = []
        self.kept_by_bank = 0
        self.stopped = False
        self.ended = False  # the game ended during the race (fares paid move by move)
        self.placings: list[Placing] = []

    def prize(self, place: int) -> int:
        return {1: self.prizes[0], 2: self.prizes[1]}.get(place, 0)

    def run(self) -> list[Placing]:
        for r in range(1, MAX_ROUNDS + 1):
            moves, arrivals = [], []
            for t in self.trains:
                if self.done(t):
                    continue
                route = t.route
                die = self.source.die(f"race{self.race}:round{r}:{t.roller}")
                self.dice.append(die)
                adv = advance(route.steps, self.pos[t.name], die.value)
                end = self._free_stop(t, adv.end)
                if self.on_move is not None and not self.on_move(t, self.pos[t.name], end):
                    self.ended = True
                used = sum(route.steps[self.pos[t.name]:end])
                left = die.value - used
                self.pos[t.name] = end
                arrived = end == len(route.steps)
                position, at_sea = route.reached(end)
                moves.append(Move(t.name, die, used, left, position, end, arrived, at_sea))
                if self.ended:
                    break
                if arrived:
                    arrivals.append((t, left))
                    if self.first_arrival_wins:
                        self.placings.append(self._placing(len(self.placings) + 1, t, r, left))
                        if self.finished():
                            break
            self.rounds.append(RaceRound(r, tuple(moves)))
            if self.ended:
                return self.placings
            if not self.first_arrival_wins and arrivals:
                self._judge_round(r, arrivals)
            if self.finished():
                return self.placings
        self.stopped = True
        return self.placings

    def _free_stop(self, train: Train, end: int) -> int:
        """Where the train stops under ``one_train_per_hex``: the hex it reached, or the nearest free one before.

        Positions are movement steps (``Route.steps``); a train at sea stands in no hex.
        """
        if not self.rules.one_train_per_hex:
            return end
        start = self.pos[train.name]
        while start < end < len(train.route.steps) and self._taken(train, end):
            end -= 1
        return end

    def _taken(self, train: Train, step: int) -> bool:
        """Another train stands at the hex ``train`` reaches after ``step`` steps (and did not come alongside)."""
        h, at_sea = train.route.reached(step)
        if at_sea:
            return False
        leg = train.route.legs_done(step)
        for other in self.trains:
            at = self.pos[other.name]
            if other is train or at == 0 or at == len(other.route.steps):
                continue
            there, other_at_sea = other.route.reached(at)
            if other_at_sea or there != h:
                continue
            other_leg = other.route.legs_done(at)
            same_side = other.route.hexes[other_leg - 1] == train.route.hexes[leg - 1]
            if not (same_side and other.route.owners[other_leg - 1] != train.route.owners[leg - 1]):
                return True
        return False

    def done(self, t: Train) -> bool:
        return any(p.train == t.name for p in self.placings)

    def finished(self) -> bool:
        """The race ends when the second train has arrived (``race_ends: all``: every train), or every train has."""
        if self.rules.race_ends == "all":
            return len(self.placings) >= len(self.trains)
        return len(self.placings) >= min(2, len(self.trains))

    def _placing(self, place: int, t: Train, r: int, left: int, shared: bool = False, prize: int | None = None,
                 tie: tuple[Die, ...] = ()) -> Placing:
        return Placing(place, t.name, t.riders, r, left, self.prize(place) if prize is None else prize, shared, tie)

    def _judge_round(self, r: int, arrivals: list[tuple[Train, int]]) -> None:
        """Arrivals of one round: most unused points first; ties by ``rules.tie``."""
        for left in sorted({a for _, a in arrivals}, reverse=True):
            group = [t for t, a in arrivals if a == left]
            place = len(self.placings) + 1
            if len(group) == 1:
                self.placings.append(self._placing(place, group[0], r, left))
            elif place > 2:
                self.placings += [self._placing(place, t, r, left) for t in group]
            elif self.rules.tie == "split":
                total = sum(self.prize(p) for p in range(place, place + len(group)))
                share = total // len(group)
                self.kept_by_bank += total % len(group)
                self.placings += [self._placing(place, t, r, left, True, share) for t in group]
            else:
                self._reroll(r, group, left, place, 1)

    def _reroll(self, r: int, group: list[Train], left: int, place: int, attempt: int) -> None:
        """Tied trains roll again, highest first; equal rolls roll again among themselves."""
        if place > 2:
            self.placings += [self._placing(p, t, r, left) for p, t in enumerate(group, start=place)]
            return
        rolls = []
        for t in group:
            die = self.source.die(f"race{self.race}:tie{r}:{t.roller}", attempt)
            self.dice.append(die)
            rolls.append((t, die))
        self.ties.append(TieRolls(r, tuple((t.name, d.value) for t, d in rolls)))
        for value in sorted({d.value for _, d in rolls}, reverse=True):
            sub = [(t, d) for t, d in rolls if d.value == value]
            place = len(self.placings) + 1
            if len(sub) == 1:
                t, d = sub[0]
                self.placings.append(self._placing(place, t, r, left, tie=(d,)))
            else:
                self._reroll(r, [t for t, _ in sub], left, place, attempt + 1)
