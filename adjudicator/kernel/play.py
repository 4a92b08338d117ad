"""What a game gives the postal loop: one turn protocol for games of simultaneous turns and of sequential moves.

The platform (``postal/turns.py`` and the modules beside it) keeps the game
folder, the mail, the passwords, the deadlines and the archive; the play
keeps the rules.  Every method is pure: a state in, a state (or words) out.
A game is a series of periods: in each, the seats ``to_act`` send orders
(``read``: the play's value ``O``, or problems as codes and data); the
period is resolved when the play says it is ``ready`` (every seat in, or the
one seat of a sequential game has sent) or at its deadline, where a seat
that sent nothing is given what ``missing`` says; ``resolve(state, orders,
draw)`` is then one pure call, the shape of pydip's ``resolve_turn``, giving
the next state ``S`` and its events ``E``.  The words of every report and
receipt are the play's (``words``), in the reader's language.

A game of sequential moves is the case of one seat acting: it writes
``on_move``, ``move`` and ``miss`` and takes ``to_act``, ``ready``,
``missing`` and ``resolve`` from ``SequentialPlay`` (InterUrban, the tests'
take-away).  A game of simultaneous turns writes those four itself (the
tests' rock-paper-scissors, ``tests/games/rps.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Generic, Protocol, runtime_checkable

from adjudicator.kernel.table import Moves, Table

Lines = Sequence[tuple[int, str]]
"""A section's body: (line number in the mail, text)."""
Draw = Callable[[str, int], int]
"""The play's committed draw for hidden things: ``(label, n)`` to an index in ``range(n)``."""

if TYPE_CHECKING:  # a bare ``Play`` means ``Play[Any, Any, Any]`` (PEP 696 defaults, for the checker only)
    from typing_extensions import TypeVar

    S = TypeVar("S", default=Any)
    O = TypeVar("O", default=Any)  # noqa: E741
    E = TypeVar("E", covariant=True, default=Any)
else:
    from typing import TypeVar

    S, O, E = TypeVar("S"), TypeVar("O"), TypeVar("E", covariant=True)  # noqa: E741

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
        seed, revealed when the move ended the game.  A period of several seats (simultaneous turns) has ``seat``
        ``""`` and ``missed`` when none of them had orders; ``events`` tell the rest."""

    def receipt(self, table: Table, state: Any, code: str, data: Mapping[str, Any]) -> str:
        """The answer to a section of orders: ``moved``, ``refused`` (``problems``), ``checked`` (``seat``,
        ``preview``), ``not-on-move``, ``password``, ``over``, ``stale`` (a MOVE number of another move),
        ``no-section``, ``check-refused`` and ``check-not-on-move`` (what a section with CHECK would have met);
        a play with moves sent ahead (``Ahead``) also ``ahead`` (kept), ``ahead-none`` (none of the alternatives
        can be played now: the player must mail his move) and ``checked-ahead``; a game of simultaneous turns
        ``accepted`` (``move``; ``replaced``: the lines of the seat's earlier orders of the period it replaced;
        ``seat``; ``problems``: what ``read`` gave beside the orders, of lines that do not count; ``preview``:
        ``preview`` of the orders as the game stood when they were read, so the receipt may echo and price them;
        ``late``: the deadline, ISO, when the orders arrived after it and count all the same, in a game that is not
        strict, to which the platform adds its sentence) in place of ``moved``, and ``not-on-move`` with
        ``on_move`` the seats that act, joined; a play with words of its own for end-of-game statements
        (``Statements``) also ``statement`` (``statement``: the text received, ``until``: the statements'
        deadline, ISO), which the platform words for every other play; a play that reads the GM's own section
        (``kernel/gmorders.py: GmOrders``) also ``gm-accepted`` (``move``, ``replaced``) and ``gm-refused``
        (``problems``); ``reminder`` (``seat``, the seat reminded, and ``sender``, the game's address where
        orders go).  ``table`` is the table as a player may see it (``Table.public``: which seats have orders
        in, not what they are).  Written again at the end of the tick, as the game then is (``read_at``,
        ``checked_at``: the move on hand when the section was read)."""

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


class Play(Protocol[S, O, E]):
    """One game (InterUrban: ``adjudicator/interurban/play.py``; the tests' ``tests/games/``): ``S`` its state,
    ``O`` one seat's orders for a period as read, ``E`` the events of a period resolved."""

    @property
    def name(self) -> str:
        """The name a GM gives ``adjudicate new --play``, stored in the game file."""

    @property
    def title(self) -> str:
        """The game's name in mail subjects (``InterUrban``)."""

    @property
    def words(self) -> Words:
        """The play's sentences."""

    def setup(self, game: str, seats: Sequence[str], draw: Draw) -> S:
        """The state at the start (hidden things drawn with ``draw``)."""

    def draw(self, seed: str) -> Draw:
        """The committed draw of a seed."""

    def load(self, doc: Mapping[str, Any]) -> S:
        """The state from its JSON (raises ``GameFileError`` when it is not one)."""

    def dump(self, state: S) -> dict[str, Any]:
        """The state as JSON."""

    def to_act(self, state: S) -> tuple[str, ...]:
        """The seats that must act in the current period (one in a game of sequential moves); ``()`` when the game
        is over."""

    def order_line(self, line: str) -> bool:
        """Whether a line of a mail reads as an order, or is meant as one (a greeting, a sign-off, a command such
        as HELP is not): the front door and the envelope leave the other lines out."""

    def read(self, state: S, seat: str, lines: Lines) -> tuple[O | None, tuple[Any, ...]]:
        """A section's body as ``seat``'s orders for the period (``None`` and problems, codes and data, when they
        cannot count)."""

    def preview(self, state: S, seat: str, orders: O) -> Any:
        """What the orders would do (for ``CHECK``): the play's own value, worded by ``words.receipt``."""

    def ready(self, state: S, orders: Mapping[str, O]) -> bool:
        """Whether the period can be resolved before its deadline with the orders accepted so far (by seat):
        a game of sequential moves, when the one seat has sent; a game of simultaneous turns, e.g. when every
        seat of ``to_act`` has."""

    def missing(self, state: S, seat: str) -> O | None:
        """What stands in for a seat of ``to_act`` that sent nothing by the deadline (standing orders, a default);
        ``None``: no orders, which ``resolve`` reads in its own way (a missed move)."""

    def resolve(self, state: S, orders: Mapping[str, O], draw: Draw) -> tuple[S, E]:
        """The period resolved, one pure call: the state after it and its events.  ``orders`` by seat, the seats
        of ``to_act`` without orders left out."""

    def picture(self, state: S) -> str | None:
        """The state drawn as SVG text (pure), which the opening and move mails show as PNG
        (``postal/picture.py``); ``None``: the play draws no picture."""


@runtime_checkable
class Sequential(Protocol):
    """What a game of sequential moves writes instead of ``to_act``, ``ready``, ``missing`` and ``resolve``
    (``SequentialPlay`` derives them): the seat on move, a move, a missed move.  The platform's features of such
    games (moves sent ahead, bots, the caretaker, MOVE numbers) ask for it (``on_move``)."""

    def on_move(self, state: Any) -> str | None:
        """The seat on move; ``None`` when the game is over."""

    def move(self, state: Any, seat: str, made: Any, draw: Draw) -> tuple[Any, Any]:
        """The state after the move, and its events."""

    def miss(self, state: Any, seat: str) -> tuple[Any, Any]:
        """The state after the seat on move missed the deadline (the play's reading of no orders)."""


class SequentialPlay(Generic[S, O, E]):
    """The turn protocol of a game of sequential moves, from its ``on_move``, ``move`` and ``miss`` (a base class):
    one seat acts; the period is ready when it has sent; a seat that sent nothing has no orders, and resolving
    without them is its missed move."""

    def on_move(self, state: S) -> str | None:
        raise NotImplementedError

    def move(self, state: S, seat: str, made: O, draw: Draw) -> tuple[S, E]:
        raise NotImplementedError

    def miss(self, state: S, seat: str) -> tuple[S, E]:
        raise NotImplementedError

    def to_act(self, state: S) -> tuple[str, ...]:
        seat = self.on_move(state)
        return () if seat is None else (seat,)

    def ready(self, state: S, orders: Mapping[str, O]) -> bool:
        seat = self.on_move(state)
        return seat is not None and seat in orders

    def missing(self, state: S, seat: str) -> O | None:
        return None

    def resolve(self, state: S, orders: Mapping[str, O], draw: Draw) -> tuple[S, E]:
        seat = self.on_move(state)
        if seat is None:
            raise ValueError("the game is over: no move to resolve")
        return self.move(state, seat, orders[seat], draw) if seat in orders else self.miss(state, seat)


def on_move(play: Play, state: Any) -> str | None:
    """The seat on move of a game of sequential moves; ``None`` when it is over, or when the play is one of
    simultaneous turns (whose seats are ``to_act``): moves sent ahead, bots and the caretaker ask this."""
    return play.on_move(state) if isinstance(play, Sequential) else None


def at_deadline(play: Play[S, O, E], state: S, orders: Mapping[str, O]) -> dict[str, O]:
    """The orders a period is resolved with at its deadline: those accepted, and for every other seat of
    ``to_act`` what ``missing`` gives (a seat it gives none for is left out)."""
    out = dict(orders)
    for seat in play.to_act(state):
        if seat not in out and (stand_in := play.missing(state, seat)) is not None:
            out[seat] = stand_in
    return out


def sequential(play: Play) -> bool:
    """Whether ``play`` is a game of sequential moves (one seat acts, its move resolved at once)."""
    return isinstance(play, Sequential)


@runtime_checkable
class Bots(Protocol):
    """A play whose seats a bot may play (``adjudicate new --player BLUE:bot=LEVEL``, issue 26)."""

    @property
    def bot_levels(self) -> tuple[str, ...]:
        """The bot's levels, weakest first; the last is a bot seat's default, unless the play names another
        (``BotDefault``)."""

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


@runtime_checkable
class Attachments(Protocol):
    """Words that attach files to a player's report mail (Dampfross: the whole public report and the whole map as
    text, ``report/playwords.py``): ``postal/movemails.py: report_mails`` sends the body and files they give, then
    the play's picture."""

    def attachments(self, table: Table, state: Any, move: int, reader: str, text: str,
                    picture: bool = False) -> tuple[str, tuple[tuple[str, str | bytes], ...]]:
        """The body of ``reader``'s report mail telling the moves up to ``move`` and the files to attach (name, text
        or bytes), from ``text``, the mail the words wrote of them (``seat_report``, ``digest``, or the moves'
        mails joined), in the reader's language; ``table`` and ``state`` as the game is now; ``picture``: the play's
        picture goes with the mail too (the body may say so)."""


@runtime_checkable
class CorrectedReports(Protocol):
    """Words that mark a report mail replacing one sent before (its move undone and made again, and told
    otherwise): Dampfross's banner "CORRECTED REPORT: this replaces the one sent on ..." after the deadline's lines
    (``postal/movemails.py: report_mails``; a play without it sends the new mail as written)."""

    def corrected(self, table: Table, state: Any, reader: str, text: str, sent: str) -> str:
        """The body ``text`` of ``reader``'s report mail marked as replacing the one sent at ``sent`` (ISO), in the
        reader's language; ``table`` and ``state`` as the game is now."""


@runtime_checkable
class AnswerAttachments(Protocol):
    """Words that attach files to the answer to a mail's public commands (Dampfross: MAP attaches the whole map as
    text); ``postal/turns.py`` sends them with ``Words.answer``'s text."""

    def answer_attachments(self, table: Table, state: Any,
                           commands: Sequence[tuple[str, int | None]]) -> tuple[tuple[str, str | bytes], ...]:
        """The files (name, text or bytes) the answer to ``commands`` attaches, in the active language."""


@runtime_checkable
class Subjects(Protocol):
    """Words that name their mails themselves (Dampfross: "receipt, turn 3, RED", "report of turn 3 for RED", as its
    old format did); words without it get the session's ``kernel/words: move_subject`` ("receipt, move 3")."""

    def subject(self, table: Table, kind: str, move: int, seat: str, first: int) -> str:
        """The subject of a mail of ``kind`` (a key of ``kernel/words: move_subject``: opening, receipt, report,
        reports, reminder, deadline, takeover, statements) of move ``move`` (``first`` to ``move`` for reports) to
        ``seat`` ("" where the mail goes to no seat), in the active language."""

    def picture_name(self, move: int) -> str:
        """The file name of the play's picture after move ``move`` (0: the opening) in a mail."""


@runtime_checkable
class Takeovers(Protocol):
    """Words with a mail of their own to a seat's new player (Dampfross: "You take over BLUE ... from turn 3 on",
    its account and track, the last public report, as its old format's ``player replace`` sent); without it the
    new password goes in the opening mail (``Words.opening``)."""

    def takeover(self, table: Table, state: Any, seat: str, password: str, public: str) -> str:
        """The mail to ``seat``'s new player: its ``password``, the game as it stands, ``public`` the last public
        report ("" none), in the active language."""


@runtime_checkable
class BotReceipts(Protocol):
    """Words with a receipt of their own of a bot's orders, to the GM (Dampfross: "The bot (careful) of GREEN played
    turn 1; its orders:", and ``check``'s reading of them, as its old format mailed it, ``bot-NNN-SEAT``); without it
    the session's own lines (``postal/movemails.py: bot_receipts``)."""

    def bot_receipt(self, table: Table, state: Any, seat: str, level: str, caretaker: bool,
                    lines: Sequence[str], preview: Any) -> tuple[str, str]:
        """The subject and text of the GM's receipt of ``lines``, the orders the bot of ``level`` (the caretaker:
        ``caretaker``) wrote for ``seat`` for the period on hand of ``table`` and ``state``; ``preview``: the play's
        ``preview`` of them as read (``None``: they did not read); in the game's language."""


@runtime_checkable
class TakenBack(Protocol):
    """Words whose receipt says itself that the mail gave its player the seat the caretaker played (``receipt``'s
    ``taken_back``; Dampfross: "The caretaker has played your company; with these orders you play it again from
    this turn on." among the receipt's notes, as its old format said it); without it the session adds
    ``kernel/words: caretaker_ended`` at the receipt's end (``postal/movemails.py: section_receipt``)."""

    def says_taken_back(self) -> bool:
        """True: the words' receipt says it."""


@runtime_checkable
class DeadlineLines(Protocol):
    """Words that say the deadline of the period on hand as their own mails' first lines say it: the platform's own
    mails to a player (a new password, an address confirmed) open with them too (docs/postal.md: every mail to a
    player names the deadline in its first three lines)."""

    def deadline(self, table: Table, state: Any) -> str:
        """The deadline's lines, in the active language (``""``: none, the game over)."""


def deadline_lines(play: Any, table: Table, state: Any) -> str:
    """The play's words' deadline lines (``DeadlineLines``), ``""`` for words without them."""
    return play.words.deadline(table, state) if isinstance(play.words, DeadlineLines) else ""


@runtime_checkable
class MailNotes(Protocol):
    """Words whose receipt says itself what the mail's reading noted (``receipt``'s ``mail_notes``: an HTML part
    read as text, a part not read; Dampfross's "Note: ..." lines); without it the session adds ``kernel/words:
    noted`` at the receipt's end (``postal/movemails.py: section_receipt``)."""

    def says_mail_notes(self) -> bool:
        """True: the words' receipt says them."""


def mail_subject(play: Any, table: Table, kind: str, move: int, seat: str, first: int | None = None) -> str:
    """The subject of a session's mail: the play's words' own (``Subjects``) or ``kernel/words: move_subject``."""
    if isinstance(play.words, Subjects):
        return play.words.subject(table, kind, move, seat, move if first is None else first)
    from adjudicator.kernel import words

    return words.move_subject(play.title, table.game, kind, move, seat, first)


def picture_name(play: Any, move: int) -> str:
    """The file name of the picture after move ``move`` in a mail: the words' own (``Subjects``) or
    ``opening.png``, ``move-NNN.png``."""
    if isinstance(play.words, Subjects):
        return play.words.picture_name(move)
    return f"move-{move:03d}.png" if move else "opening.png"


@runtime_checkable
class StandingOrders(Protocol):
    """A play whose players may leave orders on file that stand in for their mail (Dampfross's standing orders,
    reading 112; checked on the play): a seat on them has not missed its period and is not reminded of it.  A
    default a play gives every seat that sent nothing (``missing``: the tests' rock-paper-scissors throws its last
    throw again) is no player's standing orders: such a seat is reminded."""

    def on_standing(self, state: Any, seat: str) -> bool:
        """Whether ``seat``'s own standing orders stand in for its mail now."""


@runtime_checkable
class ReaderAnswers(Protocol):
    """Words whose answer to a mail's public commands reads who asks (Dampfross: the reader's company, its language
    and its own parts, MAP's window around a hex or a town, REPORT n with the company's own report after its
    PLAYER line's password); ``postal/turns.py`` asks it in place of ``Words.answer`` and ``AnswerAttachments``."""

    def answer_to(self, table: Table, state: Any, commands: Sequence[tuple[str, str]], reader: str | None,
                  reports: Mapping[int, str], own: Mapping[int, str]
                  ) -> tuple[str, tuple[tuple[str, str | bytes], ...]]:
        """The answer's text and files in the active language: ``commands`` each code with its argument as written
        (``""``: none); ``reader`` the seat of the PLAYER line's right password, else of the sender's address
        (``None``: neither); ``reports`` the public report of each move asked for that exists; ``own`` the seat's
        own mail of each, only when the mail gave its password."""


@runtime_checkable
class SeatReports(Protocol):
    """A play's words for a period's report mail to one seat (checked on ``play.words``): the public report and what
    only that seat may see (Dampfross: a company's own accounts, its standing orders; the tests' rock-paper-scissors:
    its streak).  ``postal/resolved.py: reports`` archives each seat's text as its mail of the period (``mails_of``)
    and the public ``move_report`` as the report every other reader gets (the archive, ``REPORT n``, the site); no
    other seat's mail holds it.  A play without it mails every seat the public report."""

    def seat_report(self, table: Table, before: Any, after: Any, seat: str, events: Any, missed: bool,
                    seed: str | None, reader: str) -> str:
        """The report of the period (as ``Words.move_report`` takes it) as ``reader``'s mail: the public report and
        ``reader``'s own private part, in the active language."""


@runtime_checkable
class Statements(Protocol):
    """A play's words for the one mail of end-of-game statements (checked on ``play.words``; ``new --statements``):
    after the last period each seat may send a statement until the statements' deadline, the last of a seat counts,
    and at that deadline every seat with an address gets one mail of them all (``postal/movemails.py:
    statement_mails``).  A play without it has the platform's sentences (``kernel/words: statements``, and
    ``statement_received`` for the receipt of a statement); a play with it words that receipt too (``Words.receipt``,
    code ``statement``)."""

    def statements(self, table: Table, state: Any, found: Sequence[tuple[str, str]], reader: str) -> str:
        """The mail to ``reader`` of every seat's statement (``found``: seat and statement as written, in seat
        order; none when nobody sent one), in the active language; a statement is the player's text, to be shown
        safely (``kernel/shown.py``)."""


def statements_of(play: Play) -> Statements | None:
    """The play's words of the statements' mail, or ``None`` when the platform's serve."""
    return play.words if isinstance(play.words, Statements) else None


def private_reports(play: Play) -> SeatReports | None:
    """The play's words of each seat's own report, or ``None`` when every seat gets the public one."""
    return play.words if isinstance(play.words, SeatReports) else None


Refused = Mapping[str, Sequence[Mapping[str, Any]]]
"""A period's sections that did not count, by seat (``postal/periods.py: refusals``; a move step's record keeps them
as ``refused``): each its reason ``why`` (a ``kernel/problems.py: NoOrders`` code: ``wrong-password``,
``no-password``), its PLAYER line ``line``, and where it came: ``mail`` (the inbox's key) with ``arrived``, or
``file`` (an order file the GM ran, by its name).  Never a password."""


@runtime_checkable
class RefusedSections(Protocol):
    """A play's words that tell a seat, in its own report of a period, of the sections for it that did not count
    (checked on ``play.words``; Dampfross: "a section for you at FILE:LINE does not count: wrong password", as its
    old format did).  Without it the sender's receipt and the GM's lines tell them, no report does."""

    def with_refused(self, events: Any, refused: Refused) -> Any:
        """``events`` of a period resolved as the words render them, with the period's ``refused`` sections."""


def with_refused(play: Play, events: Any, refused: Refused) -> Any:
    """``events`` with the period's refused sections for the play's words (``RefusedSections``); as they are
    without any, or for words that do not tell them."""
    if refused and isinstance(play.words, RefusedSections):
        return play.words.with_refused(events, refused)
    return events


def bots_of(play: Play) -> Bots | None:
    """The play's bots, or ``None`` when it has none."""
    return play if isinstance(play, Bots) else None


@runtime_checkable
class BotDefault(Protocol):
    """A play with bots whose bot seat's default level is not its last (Dampfross: ``careful``, its ``strong`` is for
    a GM who asks for it), checked on the play."""

    @property
    def bot_default(self) -> str:
        """The level of ``new --player ID:bot`` without one, one of ``bot_levels``."""


@runtime_checkable
class PeriodWord(Protocol):
    """A play that counts its periods by a word of its own (checked on the play; Dampfross: ``turn``).  The GM's
    lines of a tick say it (``turn 3 adjudicated``), and the bots' random source is labelled with it: Dampfross's
    bots have drawn from ``GAME|bot|turn=N|SEAT`` since before the one session (``postal/botseats.py: bot_rng``), so
    a game started then plays and verifies its bots with the same source."""

    @property
    def period_word(self) -> str:
        """The word of one period (``move`` for a play without it)."""


def bot_default(bots: Bots) -> str:
    """The level of a bot seat given without one: the play's ``bot_default``, else its last (strongest) level."""
    return bots.bot_default if isinstance(bots, BotDefault) else bots.bot_levels[-1]


def period_word(play: Play) -> str:
    """The word the play counts its periods by (``move`` unless the play says: ``PeriodWord``)."""
    return play.period_word if isinstance(play, PeriodWord) else "move"


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


class ReadsMail(Protocol):
    """A play whose words name a line by the mail it came in ("your mail of 1 Dec 09:30, line 5": Dampfross's
    private report): ``read`` with the mail's arrival."""

    def read_mail(self, state: Any, seat: str, lines: Lines, arrived: datetime) -> tuple[Any | None, tuple[Any, ...]]:
        """As ``Play.read``, the section having come in a mail that arrived at ``arrived``."""


class ReadsFile(Protocol):
    """A play whose words name a line by the order file it came in ("turn2-nob.orders:6:1": Dampfross's private
    report of a turn the GM ran from files): ``read`` with the file's name."""

    def read_file(self, state: Any, seat: str, lines: Lines, file: str) -> tuple[Any | None, tuple[Any, ...]]:
        """As ``Play.read``, the section having come in the GM's order file named ``file``."""


def read_section(play: Play, state: Any, seat: str, lines: Lines,
                 arrived: datetime | None, file: str = "") -> tuple[Any | None, tuple[Any, ...]]:
    """``seat``'s section read by the play, with its mail's arrival where the play reads it (``ReadsMail``;
    ``arrived`` ``None``: no mail, a bot's orders or an order file of the GM's), or the name of the GM's order file
    it came in (``file``, ``ReadsFile``)."""
    reads = getattr(play, "read_mail", None)
    if arrived is not None and callable(reads):
        out: tuple[Any | None, tuple[Any, ...]] = reads(state, seat, lines, arrived)
        return out
    named = getattr(play, "read_file", None)
    if file and callable(named):
        out = named(state, seat, lines, file)
        return out
    return play.read(state, seat, lines)


class SetUpWith(Protocol):
    """A play whose game is set up from the options of its own ``new`` (``kernel/declare.py``: a Dampfross game's
    map, rules profile, dice), which ``Play.setup``'s seats alone do not carry.  The options, as ``new`` was given
    them (plain JSON values, no secret), are kept in the opening's record (``postal/moves.py: MovesDir.create``),
    and ``verify`` sets the opening up again with them (``postal/moveverify.py``)."""

    def setup_with(self, table: Table, draw: Draw, options: Mapping[str, Any]) -> Any:
        """The opening state set up again: ``table`` the table the game was opened with (its seats: ids, names,
        addresses, languages, password hashes; the GM's password hash; the commitment), ``draw`` the game's
        committed draw, ``options`` the opening's recorded options."""


def setup_with_of(play: Play) -> SetUpWith | None:
    """The play's ``SetUpWith``, or ``None`` when it sets its games up from their seats alone."""
    return play if callable(getattr(play, "setup_with", None)) else None  # type: ignore[return-value]


@runtime_checkable
class Corrections(Protocol):
    """A play with corrections of its own (Dampfross's ``fix balance``, ``fix track``, ``fix rule``, ``player
    retire``, checked on the play): each is a step of kind ``fix`` with ``fix`` ``play`` whose record carries the
    play's own data, applied by ``postal/movefix.py: apply_fix`` and so again by ``verify``.  What a correction does
    to a seat (its address, language, password, caretaker) the record says in the platform's fields beside it; the
    play changes its state only."""

    def correct(self, state: Any, record: Mapping[str, Any]) -> Any:
        """The state after the correction ``record`` (pure: its data is the record's, a date included);
        ``ValueError`` saying why it cannot be made."""


@runtime_checkable
class DeadlineNotes(Protocol):
    """A play whose state keeps the GM's deadline changes to print them in the next report, as Dampfross's game
    file kept them among its corrections ("the deadline is now ...: BLUE asked for time"): a step of kind
    ``deadline`` (``app/moves.py``) changes the table's schedule and, through ``note_deadline``, the state; ``verify``
    does it again from the step's record."""

    def note_deadline(self, state: Any, table: Table, record: Mapping[str, Any]) -> Any:
        """The state with the deadline change ``record`` noted (its ``settings``, ``[key, value]`` as the GM gave
        them; ``why``, ``by``, ``when``), ``table`` the table after it (its schedule as it took them); pure."""


def note_deadline(play: Play, state: Any, table: Table, record: Mapping[str, Any]) -> Any:
    """The state after a step of kind ``deadline``: the play's note of it (``DeadlineNotes``), else as it was."""
    return play.note_deadline(state, table, record) if isinstance(play, DeadlineNotes) else state


def corrections_of(play: Play) -> Corrections | None:
    """The play's own corrections, or ``None`` when it has none (its GM corrects seats and positions only)."""
    return play if isinstance(play, Corrections) else None
