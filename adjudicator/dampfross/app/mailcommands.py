"""Dampfross at the front door (``postal/frontdoor.py``): its seats, its reading of an order line, its answers to
the public commands (HELP, MAP, STATUS, REPORT, RULES), and the changes a command makes (a confirmed address, a
reset password taking effect).

What is answered, to whom and how often is the front door's, the same for
every game; this module only says what Dampfross says (the words are
``report/mailreplies.py``'s).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from adjudicator.dampfross.app.fix import correct_held, password_reset_held
from adjudicator.dampfross.app.run import public_report
from adjudicator.dampfross.app.store import GameDir
from adjudicator.dampfross.board.errors import LabelError
from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.board.names import match_town
from adjudicator.dampfross.game.state import GameState
from adjudicator.dampfross.orders.parse import order_line
from adjudicator.dampfross.report.common import around, map_windows, whole_map
from adjudicator.dampfross.report.mail import map_attachment_name
from adjudicator.dampfross.report.mailreplies import help_text, map_text, report_reply, rules_text, status_reply
from adjudicator.kernel import words
from adjudicator.kernel.commands import Command
from adjudicator.kernel.i18n import active
from adjudicator.kernel.table import Seat
from adjudicator.postal.frontdoor import Answer


class DampfrossDesk:
    """``postal.frontdoor.Desk`` for one Dampfross game (its lock held); ``sent``: the companies whose orders
    count so far this turn (STATUS names them)."""

    title = "Dampfross"

    def __init__(self, gdir: GameDir, state: GameState, sent: Callable[[], Sequence[str]]):
        self.gdir, self.state, self.sent = gdir, state, sent
        self._map: GameMap | None = None
        self._maps: dict[tuple[str, bool, int], str] = {}
        self._publics: dict[tuple[int, str], str | None] = {}

    @property
    def game(self) -> str:
        return self.state.game_id

    @property
    def lang(self) -> str:
        return self.state.lang

    @property
    def period(self) -> str:
        return f"turn-{self.state.turn}-{self.state.phase}"

    @property
    def seats(self) -> tuple[Seat, ...]:
        return tuple(Seat(p.id, p.manager or p.name, p.email, p.password_hash, self.state.language_of(p.id))
                     for p in self.state.players)

    def order_line(self, line: str) -> bool:
        return order_line(line)

    @property
    def gmap(self) -> GameMap:
        if self._map is None:
            self._map = self.gdir.load_map(self.state)
        return self._map

    def answer(self, commands: Sequence[Command], reader: Seat | None, authorised: Seat | None) -> Answer:
        state, gmap = self.state, self.gmap
        seat = authorised or reader
        who = seat.id if seat is not None else None
        parts: list[str] = []
        attachments: list[tuple[str, str | bytes]] = []
        for c in commands:
            if c.code == "help":
                parts.append(help_text(state, gmap, who))
            elif c.code == "map":
                text, attachment = self._map_answer(who, c.arg)
                parts.append(text)
                if attachment not in attachments:
                    attachments.append(attachment)
            elif c.code == "status":
                parts.append(status_reply(state, who, sorted(self.sent())))
            elif c.code == "report":
                turn = int(c.arg) if c.arg else state.turn - 1
                public = self._public(turn) if turn >= 0 else None
                private = _read(self.gdir.report_path(turn, authorised.id)) \
                    if authorised is not None and turn >= 1 else None
                parts.append(report_reply(state, who, turn, public, private))
            elif c.code == "rules":
                parts.append(rules_text(state, gmap, who))
        return Answer("\n".join(parts), tuple(attachments))

    def _public(self, turn: int) -> str | None:
        """The public report of ``turn`` in the active language (made again in another than the game's, once a
        tick)."""
        if (turn, active()) not in self._publics:
            self._publics[(turn, active())] = public_report(self.gdir, self.state, turn, active())
        return self._publics[(turn, active())]

    def _map_answer(self, who: str | None, arg: str) -> tuple[str, tuple[str, str]]:
        state, gmap = self.state, self.gmap
        windows: list[str] = []
        unknown = ""
        if arg:
            place = _place(gmap, arg)
            if place is None:
                unknown = arg
            else:
                windows = map_windows(gmap, state, [around(gmap, place)], state.turn - 1)
        whole = self._whole(False)
        if not arg:  # the whole map inline too, in windows of 80 columns (as the reports print it)
            windows = [self._whole(True)]
        return map_text(state, who, windows, unknown, whole=not arg), (map_attachment_name(state.turn - 1), whole)

    def _whole(self, split: bool) -> str:
        """The whole map now, in the active language, drawn once a tick (a flood of MAP costs one drawing)."""
        key = (active(), split, self.state.turn)
        if key not in self._maps:
            self._maps[key] = whole_map(self.gmap, self.state, self.state.turn - 1, split=split)
        return self._maps[key]

    def set_address(self, seat: str, address: str) -> None:
        correct_held(self.gdir, self.state, "address", words.ADDRESS_BY_MAIL, seat, player=seat, value=address)
        self.state = self.gdir.load_state()

    def set_password(self, seat: str, password_hash: str, secret: str) -> None:
        password_reset_held(self.gdir, self.state, seat, words.PASSWORD_BY_MAIL, seat, secret, password_hash)
        self.state = self.gdir.load_state()


def _read(path: Path) -> str | None:
    return path.read_text(encoding="utf-8") if path.is_file() else None


def _place(gmap: GameMap, arg: str) -> Hex | None:
    """A hex label of the map, or a town (tolerantly matched); ``None``: neither."""
    try:
        h = Hex.parse(arg)
        return h if gmap.on_map(h) else None
    except LabelError:
        found = match_town(arg, gmap)
        return found.town.hex if found.town is not None else None
