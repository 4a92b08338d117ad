"""What a game gives the postal loop: the protocol between the kernel and a game of sequential moves.

The kernel (``postal/turns.py``) keeps the game folder, the mail, the
passwords, the deadlines and the archive; the play keeps the rules.  Every
method is pure: a state in, a state (or words) out.  Moves and problems are
the play's own values; the kernel only passes them on.  Engines return codes
and data (``Events``); the words of every report and receipt are the play's
(``words``), in the reader's language.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from adjudicator.kernel.table import Moves, Table

Lines = Sequence[tuple[int, str]]
"""A section's body: (line number in the mail, text)."""
Draw = Any
"""The play's committed draw for hidden things (a callable ``(label, n) -> index``)."""
Tried = tuple[int, tuple[str, ...], tuple[Any, ...]]
"""An alternative of a move sent ahead that could not be played when its move came: its number (from 1), its lines,
and the play's problems with it (codes and data; the play's words say them)."""


@dataclass(frozen=True)
class Told:
    """One step a player's report mail tells of (``postal/turns.py: report_mails``; issue 35): a move made or missed,
    with its mail to that player as archived (``text``), or the player's moves sent ahead dropped (``dropped``: none
    of the alternatives of his next move could be played, ``tried``).  ``ahead``: the alternative of his own moves
    sent ahead the move was played from (its ``lines``), ``tried`` the earlier ones; only his mail says so
    (InterUrban's reading IU-30)."""

    table: Table
    """The table after the step."""
    before: Any
    after: Any
    seat: str
    text: str = ""
    missed: bool = False
    ahead: int | None = None
    lines: tuple[str, ...] = ()
    tried: tuple[Tried, ...] = ()
    dropped: bool = False


class Words(Protocol):
    """A play's sentences (the active language is set by the kernel: ``kernel.i18n.language``)."""

    def opening(self, table: Table, state: Any, seat: str | None, password: str | None) -> str:
        """The opening report; for ``seat``, its mail with the player's own password."""

    def move_report(self, table: Table, before: Any, after: Any, seat: str, events: Any, missed: bool,
                    seed: str | None) -> str:
        """The report of one move (made, or missed at the deadline), for every player; ``seed``: the shuffle's
        seed, revealed when the move ended the game."""

    def receipt(self, table: Table, state: Any, code: str, data: Mapping[str, Any]) -> str:
        """The answer to a section of orders: ``moved``, ``refused`` (``problems``), ``checked`` (``seat``,
        ``preview``), ``not-on-move``, ``password``, ``over``, ``stale`` (a MOVE number of another move),
        ``no-section``, ``check-refused`` and ``check-not-on-move`` (what a section with CHECK would have met);
        a play with moves sent ahead (``Ahead``) also ``ahead`` (kept), ``ahead-none`` (none of the alternatives
        can be played now: the player must mail his move) and ``checked-ahead``.  Written again at the end of the
        tick, as the game then is (``read_at``, ``checked_at``: the move on hand when the section was read)."""

    def answer(self, table: Table, state: Any, commands: Sequence[tuple[str, int | None]],
               reports: Mapping[int, str]) -> str:
        """The answer to a mail's public commands (``help``, ``status``, ``map``, ``rules``, ``report`` with a move
        number);
        ``reports``: the public report of each move asked for that exists."""

    def standings(self, games: Sequence[tuple[Table, Any]]) -> str:
        """A series of finished games of the same players scored together (InterUrban: the tournament)."""

    def status(self, table: Table, state: Any) -> str:
        """The GM's ``status``: whose move, the deadline, the standings."""

    def site(self, table: Table, moves: Sequence[tuple[int, str, Any]], to: str = "") -> dict[str, str]:
        """The published pages by file name, from each move's number, public report and state after it; ``to``:
        the robot's address, where a page's "Send by mail" writes (``""``: the player fills it in)."""


class Play(Protocol):
    """One game of sequential moves (InterUrban: ``adjudicator/interurban/play.py``)."""

    @property
    def name(self) -> str:
        """The name a GM gives ``adjudicate new --play``, stored in the game file."""

    @property
    def title(self) -> str:
        """The game's name in mail subjects (``InterUrban``)."""

    @property
    def words(self) -> Words:
        """The play's sentences."""

    def setup(self, game: str, seats: Sequence[str], draw: Draw) -> Any:
        """The state at the start (hidden things drawn with ``draw``)."""

    def draw(self, seed: str) -> Draw:
        """The committed draw of a seed."""

    def load(self, doc: Mapping[str, Any]) -> Any:
        """The state from its JSON (raises ``GameFileError`` when it is not one)."""

    def dump(self, state: Any) -> dict[str, Any]:
        """The state as JSON."""

    def on_move(self, state: Any) -> str | None:
        """The seat on move; ``None`` when the game is over."""

    def order_line(self, line: str) -> bool:
        """Whether a line of a mail reads as an order, or is meant as one (a greeting, a sign-off, a command such
        as HELP is not): the front door and the envelope leave the other lines out."""

    def read(self, state: Any, seat: str, lines: Lines) -> tuple[Any | None, tuple[Any, ...]]:
        """A section's body as a move (``None`` and problems when it cannot be played)."""

    def preview(self, state: Any, seat: str, made: Any) -> Any:
        """What a move would do (for ``CHECK``): the play's own value, worded by ``words.receipt``."""

    def move(self, state: Any, seat: str, made: Any, draw: Draw) -> tuple[Any, Any]:
        """The state after the move, and its events."""

    def miss(self, state: Any, seat: str) -> tuple[Any, Any]:
        """The state after the seat on move missed the deadline (the play's reading of no orders)."""

    def picture(self, state: Any) -> str | None:
        """The state drawn as SVG text (pure), which the opening and move mails show as PNG
        (``postal/picture.py``); ``None``: the play draws no picture."""


@runtime_checkable
class Bots(Protocol):
    """A play whose seats a bot may play (``adjudicate new --player BLUE:bot=LEVEL``, issue 26)."""

    @property
    def bot_levels(self) -> tuple[str, ...]:
        """The bot's levels, weakest first; the last is a bot seat's default."""

    def bot(self, state: Any, seat: str, level: str, rng: random.Random) -> tuple[str, ...]:
        """The order lines the bot of ``seat`` mails now, from what that seat's player sees and ``rng`` (never
        the draw to come); the play reads them as it reads a player's mail."""


@runtime_checkable
class Digests(Protocol):
    """A play's words for the one report mail a player gets a tick (issue 35, reading IU-31 of InterUrban): the
    steps since his last mail, told in one text; a play without it has its moves' mails joined."""

    def digest(self, table: Table, state: Any, seat: str, told: Sequence[Told]) -> str:
        """The mail to ``seat`` telling ``told`` (oldest first; only his own moves sent ahead among them), ending
        with the game as it is now (``table``, ``state``): who is on move, until when."""


def bots_of(play: Play) -> Bots | None:
    """The play's bots, or ``None`` when it has none."""
    return play if isinstance(play, Bots) else None


@runtime_checkable
class Ahead(Protocol):
    """A play whose players may send moves ahead (issue 27): after the move, or alone, the alternatives of their next
    moves, played by the postal loop at once when the move comes to them (``postal/ahead.py``)."""

    def split(self, state: Any, seat: str, lines: Lines) -> tuple[Lines, Moves | None, tuple[Any, ...]]:
        """A section's body as the move now (its lines; none: the section sends only moves ahead), the moves sent
        ahead (``None``: the section names none; ``()``: it says it has none), and the problems of the moves
        sent ahead as written (their form and the limits; whether the rules allow one is known when it is
        played)."""


def ahead_of(play: Play) -> Ahead | None:
    """The play's reading of moves sent ahead, or ``None`` when its players cannot send any."""
    return play if isinstance(play, Ahead) else None
