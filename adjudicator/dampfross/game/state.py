"""The game state: everything about a game between two turns, as frozen values.

The state holds no secret (passwords are hashed, the dice seed is only
committed to).  It is written to and read from ``game.json`` in one place,
``adjudicator.dampfross.game.gamefile``.  Every ledger entry carries the cause of the
payment as data (which segment and fee rule, which race, which town), so
reports never parse text.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal

from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.game.dice import Die
from adjudicator.dampfross.game.racestate import RaceState
from adjudicator.dampfross.game.rules import Rules
from adjudicator.dampfross.game.standing import Standing
from adjudicator.dampfross.game.track import Segment
from adjudicator.kernel.deadline import Schedule

BANK = "BANK"
Phase = Literal["building", "racing", "over"]
Reason = Literal[
    "start-capital", "town-bonus", "contact-fee", "parallel-fee", "fare", "prize",
    "build-cost", "ferry-purchase", "ferry-fare", "unused-points", "correction",
]
FeeRule = Literal["contact", "parallel", "city-join"]
"""Which building-fee rule a payment comes from (rules-reference.md §2; ``adjudicator.dampfross.building.fees``)."""
COLOURS = ("R", "B", "G", "Y", "K", "O", "V", "W")


@dataclass(frozen=True)
class Player:
    """A company in the game."""

    id: str
    name: str
    colour: str
    seat: int
    balance: int
    password_hash: str
    email: str = ""
    start_town: str | None = None
    manager: str = ""  # who runs the company now, when a stand-by took it over ("" : the one who started it)
    missed: int = 0  # turns in a row without orders (no moves received), up to the last turn adjudicated
    retired: int | None = None  # the turn the GM took the company out of play; None: in play
    lang: str | None = None  # the language of its private reports and mails; None: the game's
    bot: str | None = None  # a bot seat (``new --player ID:bot=LEVEL``): the bot's level; None: a player's seat
    caretaker: str | None = None  # the caretaker's level while it plays the company (reading 97); None: the owner
    caretaker_from: int | None = None  # the first turn the caretaker plays (while ``caretaker`` is set)
    standing: Standing | None = None  # its standing orders (reading 110; shown only to it); None: none on file


@dataclass(frozen=True)
class LedgerEntry:
    """One movement of money; payer and payee are player ids or ``BANK``.

    The cause, as far as the reason needs it: ``town`` (a town bonus; the
    ferry's name for ``ferry-purchase`` and ``ferry-fare``);
    ``segment`` (building cost and fees), with ``fee_rule`` and ``at`` (the
    hex where the fee arose); ``race`` (fares and prizes), ``owed`` and
    ``owed_back`` (fares before set-off), ``place`` and ``shared`` (prizes).
    """

    turn: int
    payer: str
    payee: str
    amount: int
    reason: Reason
    town: str | None = None
    segment: tuple[Hex, Hex] | None = None  # in building order
    fee_rule: FeeRule | None = None
    at: Hex | None = None
    race: int | None = None
    owed: int | None = None
    owed_back: int | None = None
    place: int | None = None
    shared: bool = False
    fix: int | None = None  # correction: the number of the GM's correction


@dataclass(frozen=True)
class Connection:
    """Who first brought track to a town, in which turn, and the bonus paid."""

    player: str
    turn: int
    bonus: int


@dataclass(frozen=True)
class FerryOwner:
    """A ferry bought (advanced rules): the ferry's name (``Puttgarden-Gedser``), its owner, the turn."""

    ferry: str
    owner: str
    turn: int


@dataclass(frozen=True)
class Allowance:
    """A player's die points for a building turn and the dice behind them."""

    player: str
    dice: tuple[Die, ...]

    @property
    def points(self) -> int:
        return sum(d.value for d in self.dice)


@dataclass(frozen=True)
class HistoryEntry:
    """One adjudicated turn in brief: the balances after it, and what the phase makes worth keeping.

    Building turns record the start player and the number of segments built;
    racing turns the numbers of the races run.
    """

    turn: int
    phase: Literal["building", "racing"]
    balances: tuple[tuple[str, int], ...]  # (player id, balance) in seat order
    start_player: str | None = None
    segments: int | None = None
    races: tuple[int, ...] | None = None

    def balance(self, pid: str) -> int:
        return dict(self.balances)[pid]


CorrectionKind = Literal["balance", "track-add", "track-remove", "rule", "deadline", "replace", "retire", "lang",
                         "address", "password", "caretaker"]


@dataclass(frozen=True)
class Correction:
    """A correction the GM made between turns, with an ``adjudicate fix`` command (never a text editor).

    ``number`` counts the game's corrections from 1; ``turn`` is the turn the
    game was at (the next report prints it); ``by``, ``when`` and ``why`` are
    the GM's; the data: ``player`` and ``amount`` (balance, + to the company),
    ``player``, ``a``, ``b`` (track), ``key`` and ``value`` (a rules key, as
    written with ``--set``; for ``deadline`` a setting of the game's
    ``Schedule``, ``adjudicator.kernel.deadline``), ``player``, ``manager``,
    ``email`` and the new ``password_hash`` (a stand-by takes the company
    over: ``player replace``), or ``player`` alone (the company retires:
    ``player retire``), or ``player`` and ``value``, a language code (the
    company's reports and mails are written in it from now on, ``""``: in
    the game's language again: ``player lang``), or ``player`` and ``value``,
    its new mail address (``player address``, ``SET ADDRESS`` by mail), or
    ``player`` and ``password_hash`` (a password reset by mail).
    """

    number: int
    turn: int
    kind: CorrectionKind
    by: str
    when: str
    why: str
    player: str | None = None
    amount: int | None = None
    a: Hex | None = None
    b: Hex | None = None
    key: str | None = None
    value: str | None = None
    manager: str | None = None
    email: str | None = None
    password_hash: str | None = None


@dataclass(frozen=True)
class Chain:
    """The link of a state to the one it came from: SHA-256 of the previous state's game file and of the inputs.

    ``inputs`` hashes what made this state from the previous one: the order
    files of a turn, in the order used, or the GM's correction.
    """

    previous: str
    inputs: str


@dataclass(frozen=True)
class GameState:
    """Everything about a game between two turns."""

    game_id: str
    map_name: str
    map_file: str
    map_sha256: str
    rules: Rules
    players: tuple[Player, ...]
    phase: Phase = "building"
    turn: int = 1
    start_player: str = ""
    track: tuple[Segment, ...] = ()
    ledger: tuple[LedgerEntry, ...] = ()
    connections: Mapping[str, Connection] = field(default_factory=dict)
    allowances: tuple[Allowance, ...] = ()
    dice_mode: Literal["hmac", "manual"] = "hmac"
    dice_commitment: str = ""
    dice_log: tuple[Die, ...] = ()
    one_town_left_turn: int | None = None
    one_town_left_by: str | None = None  # who connected the last-but-one town (declare_end: player)
    end_declared_turn: int | None = None  # declare_end: express, the turn of the declaration
    end_declared_by: str | None = None
    building_ended_turn: int | None = None
    history: tuple[HistoryEntry, ...] = ()
    races: RaceState | None = None  # None until the building phase ends
    gm_password_hash: str = ""  # the GM's password opens a GM section in a mail ("" in older games)
    corrections: tuple[Correction, ...] = ()
    chain: Chain | None = None  # None: the opening (or a game older than the chain)
    ferries: tuple[FerryOwner, ...] = ()  # ferries bought, in the order bought (advanced rules)
    schedule: Schedule | None = None  # deadlines of a postal game (None: the GM runs turns by hand)
    lang: str = "en"  # the language of the public reports, and of every company that chose none
    caretaker_after: int | None = None  # missed turns in a row that hand a company to the caretaker; None: never
    caretaker_level: str = "careful"  # the caretaker's level (a level of ``adjudicator.dampfross.bots``)

    # --- queries ----------------------------------------------------------
    def player(self, pid: str) -> Player:
        for p in self.players:
            if p.id == pid:
                return p
        raise KeyError(pid)

    def language_of(self, pid: str | None) -> str:
        """The language ``pid``'s private reports and mails are written in (``None``: the public's, the game's)."""
        if pid is None:
            return self.lang
        return next((p.lang for p in self.players if p.id == pid and p.lang), self.lang)

    @property
    def player_ids(self) -> tuple[str, ...]:
        return tuple(p.id for p in sorted(self.players, key=lambda p: p.seat))

    @property
    def in_play(self) -> tuple[str, ...]:
        """The companies in play, in seat order: all but those the GM retired (``player retire``).  The one notion
        the engine (allowances, the start player), the postal loop (reminders, early runs, status) and the
        reports use."""
        return tuple(p.id for p in sorted(self.players, key=lambda p: p.seat) if p.retired is None)

    def seat_order_from(self, first: str) -> list[str]:
        """Player ids in seat order starting with ``first``."""
        ids = list(self.player_ids)
        i = ids.index(first)
        return ids[i:] + ids[:i]

    def next_player(self, pid: str) -> str:
        """The company in play one seat on (clockwise), passing over retired ones."""
        ids = list(self.player_ids)
        playing = set(self.in_play) or set(ids)
        i = ids.index(pid)
        for k in range(1, len(ids) + 1):
            if ids[(i + k) % len(ids)] in playing:
                return ids[(i + k) % len(ids)]
        return pid

    @property
    def race_state(self) -> RaceState:
        """The race state, empty before the racing phase."""
        return self.races or RaceState()

    def balances_from_ledger(self) -> dict[str, int]:
        return moved({p.id: 0 for p in self.players}, self.ledger)


def moved(balances: dict[str, int], entries: Iterable[LedgerEntry]) -> dict[str, int]:
    """``balances`` moved by ledger entries (in place, and returned): each payer's less, each payee's more, as
    ``Books.pay`` moves them (the bank, which has no balance, left out)."""
    for e in entries:
        if e.payer in balances:
            balances[e.payer] -= e.amount
        if e.payee in balances:
            balances[e.payee] += e.amount
    return balances
