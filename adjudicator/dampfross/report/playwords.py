"""Dampfross's words on the platform's one session (issue 34): the play's ``Words``, ``SeatReports`` and
``Statements`` (``kernel/play.py``), made of the report layer the Dampfross mail path uses.

Nothing here is new text but where a code of the protocol had no Dampfross
sentence (a receipt's orders replacing earlier ones, a position in the one
mail a receipt answers).  Every other sentence is the one a Dampfross
company reads today: the opening report and mail (``building.py``,
``mail.py``), each turn's public report (``building.py``, ``racing.py``:
byte for byte what ``reports/turn-NNN.txt`` holds for the same turn), each
company's report mail with its private part (``mail.py:
report_mail_text``), the receipt template (``mail.py: receipt_text``), the
answers to HELP, MAP, STATUS, REPORT and RULES (``mailreplies.py``), the
end-of-game statements (``mail.py: statements_text``) and the site
(``site.py``).

Where the session keeps something the game file of Dampfross kept in its
state, the words read it from the table: the deadlines (``Table.schedule``,
put into the state the words are given: ``dated``).  The game's map comes
from ``maps`` (by default the shipped map whose text the game was started
with: ``shipped_map``), as nothing below the application reads a file.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

from adjudicator.dampfross.board.errors import LabelError
from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.board.names import match_town
from adjudicator.dampfross.engine.turn import building_turn
from adjudicator.dampfross.game.state import Correction, GameState
from adjudicator.dampfross.orders.sections import OrderSet
from adjudicator.dampfross.report.botwords import status_lines, taken_back
from adjudicator.dampfross.report.common import around, map_windows, whole_map
from adjudicator.dampfross.report.deadlines import due_line, goal_line, when_text, zone_of
from adjudicator.dampfross.report.env import LINE_WIDTH, wrap
from adjudicator.dampfross.report.fates import fates
from adjudicator.dampfross.report.i18n import N_, _
from adjudicator.dampfross.report.mail import (
    STATUS,
    Receipt,
    Status,
    attached_paragraph,
    corrected_banner,
    full_map_text,
    map_attachment_name,
    opening_mail_text,
    picture_attachment_name,
    receipt_text,
    reminder_text,
    report_attachment_name,
    report_mail_text,
    takeover_text,
)
from adjudicator.dampfross.report.mail import statements_text as statements_mail
from adjudicator.dampfross.report.mailreplies import help_text, map_text, report_reply, rules_text, status_reply
from adjudicator.dampfross.report.orderwords import arrival_text, format_note, format_problem, order_text
from adjudicator.dampfross.report.phrases import NO_ORDERS, gm_note_text, say
from adjudicator.dampfross.report.standingwords import standing_line
from adjudicator.kernel.i18n import active
from adjudicator.kernel.kept import Kept
from adjudicator.kernel.problems import NoOrders, Problem
from adjudicator.kernel.shown import shown
from adjudicator.kernel.table import Table

if TYPE_CHECKING:
    from adjudicator.dampfross.engine.turn import TurnResult


class TurnEvents(Protocol):
    """What the words read of a turn's events (``dampfross/play.py: Turn``, above this layer): the engine's result
    (``.before``, ``.after``) and the order set the reports take (the press, each company's orders as read)."""

    @property
    def result(self) -> TurnResult: ...

    @property
    def orders(self) -> OrderSet: ...


def shipped_map(state: GameState) -> GameMap:
    """The game's map when it is a shipped one (``board/mapfile.py: shipped_map_of``): the words of a play that
    gives them no loader of its game's folder."""
    from adjudicator.dampfross.board.mapfile import shipped_map_of  # YAML: a game's map is read from its cache

    return shipped_map_of(state.map_sha256, state.game_id, state.map_file)


def dated(state: GameState, table: Table) -> GameState:
    """The state with the session's deadlines (``Table.schedule``), as the Dampfross game file kept them: every
    due line, a deadline's time zone, the schedule's corrections; and with the table's caretaker (reading 134: its
    setting, and ``engine/caretaker.py: with_table``), so the reports say who the caretaker played and from when."""
    from adjudicator.dampfross.engine.caretaker import with_table

    return with_table(replace(state, schedule=table.schedule, caretaker_after=table.caretaker_after or None,
                              caretaker_level=table.caretaker_level or state.caretaker_level), table)


PUBLIC_BELOW = "\n\n" + "=" * LINE_WIDTH + "\n"
"""Between a company's report mail and the turn's public report in the text ``seat_report`` writes (archived as
the step's mail of the company): ``attachments`` attaches what follows it (the public report, whose title
``TITLE`` begins it)."""
TITLE = "DAMPFROSS PER POST -- "
"""How every Dampfross report's title begins, in every language (``templates/_macros.j2``)."""


REPLACED = N_("It replaces your orders of an earlier mail for this turn.")
"""The one sentence of a receipt the Dampfross mail path has no words for: it names the mail replaced by its
arrival, which the session's receipt (``accepted`` with ``replaced``: the orders' lines) does not know."""


AFTER_DEADLINE = {
    "counts": N_("Your mail arrived after the deadline of turn {past} ({due}), at which that turn was run: it counts "
                 "for turn {turn}, and a later mail from you replaces it."),
    "other": N_("Your mail arrived after the deadline of turn {past} ({due}), at which that turn was run."),
}
"""A strict game's mail read after the turn it came too late for was run at its deadline (``postal/periods.py:
after_resolved``; reading 132): ``counts`` in place of the sentence that it counts, ``other`` before what the
receipt says of it (orders naming the past turn: not used; orders that build nothing)."""


def _place(gmap: GameMap, arg: str) -> Hex | None:
    """A hex label of the map, or a town (tolerantly matched); ``None``: neither (MAP's window)."""
    try:
        h = Hex.parse(arg)
        return h if gmap.on_map(h) else None
    except LabelError:
        found = match_town(arg, gmap)
        return found.town.hex if found.town is not None else None


def _private(mail: str | None) -> str | None:
    """A company's own report, from its report mail of a turn (``seat_report``: from the title of the company's
    report to the line that parts it from the public report); ``None``: no mail."""
    if mail is None:
        return None
    head = mail.split(PUBLIC_BELOW + TITLE, 1)[0]  # the public report's own rules are never followed by its title
    return head[head.index(TITLE):] if TITLE in head else head


REPLACED_BY = N_("Your mail of {when} replaced this one in the same tick: its orders count for turn {turn}, not "
                  "these.")
"""The status of a receipt whose orders a later mail of the same tick replaced (``postal/turns.py``: ``replaced_by``;
the tick writes its receipts again as the game stands at its end)."""

RUN_SINCE = N_("Your mail counts for turn {turn}; the turn has been run since, with these orders.")
"""The status of a receipt written after the turn its orders count for was run (the session writes a tick's receipts
again at its end: the last orders of a turn, or late ones in a lenient game, run it at once)."""


_PUBLIC: Kept[str] = Kept(4)
"""The last public reports of a turn written, by the very play, table, states and events and by the language, the
seat, whether every company missed it and the seed: ``resolved.reports`` writes the public report, then each
company's mail, which holds it again (``seat_report``); a racing turn's is some 3 ms of the turn's 150."""


class DampfrossWords:
    """``kernel.play.Words`` (with ``SeatReports`` and ``Statements``) for Dampfross: a turn's public report, each
    company's report mail, receipts by code, answers to commands, status, the site."""

    def __init__(self, maps: Callable[[GameState], GameMap] = shipped_map):
        self.maps = maps
        self._last_result: tuple[TurnResult, Table, TurnResult] | None = None

    # --- subjects (``kernel/play.py: Subjects``): the old format's, "turn" where the session says "move" -----------
    def subject(self, table: Table, kind: str, move: int, seat: str, first: int) -> str:
        game = table.game
        if kind == "opening":
            return _("Dampfross {game}: the game begins; your password ({company})").format(game=game, company=seat)
        if kind == "receipt":
            if seat:
                return _("Dampfross {game}: receipt, turn {turn}, {company}").format(game=game, turn=move,
                                                                                     company=seat)
            return _("Dampfross {game}: receipt, turn {turn}").format(game=game, turn=move)
        if kind in ("report", "reports"):  # a tick runs one turn a mail; several: the last one's name
            return _("Dampfross {game}: report of turn {turn} for {company}").format(game=game, turn=move,
                                                                                     company=seat)
        if kind == "reminder":
            return _("Dampfross {game}: reminder, orders for turn {turn} ({company})").format(game=game, turn=move,
                                                                                              company=seat)
        if kind == "deadline":
            return _("Dampfross {game}: the deadline of turn {turn}").format(game=game, turn=move)
        if kind == "takeover":
            return _("Dampfross {game}: you take over {company}").format(game=game, company=seat)
        return _("Dampfross {game}: end-of-game statements").format(game=game)

    def picture_name(self, move: int) -> str:
        return picture_attachment_name(move)

    def takeover(self, table: Table, state: GameState, seat: str, password: str, public: str) -> str:
        """``kernel/play.py: Takeovers``: the stand-by's first mail as the old format's (``mail.py: takeover_text``;
        the opening report when no turn has run yet; ``public`` may be the seat's report mail of the last turn, in
        another language than the game's: its public part, as ``answer_to`` takes it)."""
        state = dated(state, table)
        if PUBLIC_BELOW + TITLE in public:
            public = TITLE + public.split(PUBLIC_BELOW + TITLE, 1)[1]
        if not public:
            from adjudicator.dampfross.report.building import opening_report

            public = opening_report(state, self.maps(state), active())
        return takeover_text(state, seat, password, public)

    # --- reports ---------------------------------------------------------------------------------------------
    def opening(self, table: Table, state: GameState, seat: str | None, password: str | None) -> str:
        """The opening report (``reports/turn-000.txt`` of a Dampfross game) in the active language; for ``seat``
        the company's opening mail with its password, first orders it could send and the commands."""
        state = dated(state, table)
        from adjudicator.dampfross.report.building import opening_report  # only an opening: no racing turn needs it

        gmap = self.maps(state)
        report = opening_report(state, gmap, active())
        if seat is None:
            return report
        return opening_mail_text(state, seat, password or "", report, gmap)

    def move_report(self, table: Table, before: GameState, after: GameState, seat: str, events: TurnEvents,
                    missed: bool, seed: str | None) -> str:
        """The public report of the turn (every company's, ``seat`` ``""``), in the active language: what
        ``building_report`` or ``racing_report`` gives for the turn's result, its state after with the session's
        deadlines (the game's next), the press of its orders; the final report reveals ``seed``.  Written once a
        language for the very turn (``_PUBLIC``), though the public report and each company's mail hold it."""
        return _PUBLIC.get((self, table, before, after, events), (active(), seat, missed, seed),
                           lambda: self._move_report(table, events, seed))

    def _move_report(self, table: Table, events: TurnEvents, seed: str | None) -> str:
        result = self._result(events.result, table)
        gmap = self.maps(result.before)
        if building_turn(result, result.before.phase):
            from adjudicator.dampfross.report.building import building_report

            return building_report(result, gmap, events.orders, active())
        from adjudicator.dampfross.report.racing import racing_report  # racing turns only

        return racing_report(result, gmap, seed, events.orders, active())

    def seat_report(self, table: Table, before: GameState, after: GameState, seat: str, events: TurnEvents,
                    missed: bool, seed: str | None, reader: str) -> str:
        """``reader``'s report mail of the turn: its body as the Dampfross mail path writes it (the deadline, the
        company's private report: its orders as understood, its accounts, its standing orders, then the turn in
        short, what is attached), then the whole public report (``PUBLIC_BELOW``), which the mail attaches
        (``attachments``).  A reader that is no company of the game gets the public report."""
        public = self.move_report(table, before, after, seat, events, missed, seed)
        result = self._result(events.result, table)
        if reader not in result.after.player_ids:
            return public
        gmap = self.maps(result.before)
        if building_turn(result, result.before.phase):
            from adjudicator.dampfross.report.building import private_report

            private = private_report(result, gmap, reader, events.orders)
        else:
            from adjudicator.dampfross.report.racing import private_racing_report

            private = private_racing_report(result, gmap, reader, events.orders, seed)
        body = report_mail_text(private, None, result.after, reader, False)  # "Attached: ..." (``attachments``)
        return body.rstrip("\n") + PUBLIC_BELOW + public

    def attachments(self, table: Table, state: GameState, move: int, reader: str, text: str,
                    picture: bool = False) -> tuple[str, tuple[tuple[str, str | bytes], ...]]:
        """``kernel/play.py: Attachments``: the report mail of a turn as Dampfross always sent it: its body the
        company's private part, the turn's whole public report and the whole map as text attached
        (``report-turn-NNN.txt``, ``map-turn-NNN.txt``), and its last paragraph saying so, "as a picture" too when the
        play's picture goes with it (``picture``).  A mail of several turns
        (a company that got none for a while) goes as written, each turn's public report in it."""
        joint = PUBLIC_BELOW + TITLE  # the public report's own rules are never followed by its title
        if text.count(joint) != 1 or reader not in state.player_ids:
            return text, ()
        at = text.index(joint)
        body, public = text[:at], text[at + len(PUBLIC_BELOW):]
        if picture:  # the map goes as a picture too: the last paragraph, as seat_report wrote it, says so
            body = body.replace(attached_paragraph(False).rstrip("\n"), attached_paragraph(True).rstrip("\n"))
        state = dated(state, table)
        return body + "\n", ((report_attachment_name(move), public),
                             (map_attachment_name(move), full_map_text(state, self.maps(state), move, active())))

    def corrected(self, table: Table, state: GameState, reader: str, text: str, sent: str) -> str:
        """``kernel/play.py: CorrectedReports``: a report mail replacing one sent before (``undo`` and a new run)
        as the Dampfross mail path sent it (``report_mail_text``): the deadline's lines first, then the banner
        "CORRECTED REPORT: this replaces the one sent on ..." and its rule of stars, then the report."""
        state = dated(state, table)
        banner = corrected_banner(sent, state)
        head, blank, rest = text.partition("\n\n")
        if due_line(state) and blank:  # the mail begins with the deadline (``report_mail_text``)
            return head + blank + banner + rest
        return banner + text

    def with_refused(self, events: Any, refused: Mapping[str, Sequence[Mapping[str, Any]]]) -> Any:
        """``kernel/play.py: RefusedSections``: the turn's order set with the sections for a company that did not
        count (the step's ``refused``: why, the PLAYER line, the mail or the order file), as the old format's order
        set had them (``Refusal``), so each company's private report says "a section for you at FILE:LINE does not
        count: wrong password" (``report/common.py: feedback``; "in a mail to the GM" for a mail's)."""
        from adjudicator.dampfross.orders.model import Pos
        from adjudicator.dampfross.orders.sections import Refusal
        from adjudicator.dampfross.report.orderwords import file_name

        whys = {code.value: code for code in (NoOrders.WRONG_PASSWORD, NoOrders.NO_PASSWORD)}
        found: list[Refusal] = []
        by_file: dict[str, Problem[NoOrders]] = {}  # a company's last refused section of the GM's own files
        places: list[tuple[str, str, str]] = []
        for company, sections in refused.items():
            for r in sections:
                why, line = whys.get(str(r.get("why"))), r.get("line")
                retired = None  # a section for a company taken out of play (``not-acting``): when it was
                if r.get("why") == "not-acting" and company in events.result.before.player_ids:
                    retired = events.result.before.player(company).retired
                if (why is None and retired is None) or not isinstance(line, int):
                    continue
                mail = str(r.get("mail") or "")
                problem = Problem.of(NoOrders.RETIRED, turn=retired) if why is None else Problem.of(why)
                found.append(Refusal(company, Pos(mail or file_name(str(r.get("file") or "")), line), 0, problem))
                if mail:  # named as a mail: whose, and when it came, is none of the company's business
                    places.append((mail, str(r.get("arrived") or ""), ""))
                else:
                    by_file[company] = problem
        if not found:
            return events
        orders: OrderSet = events.orders
        events = replace(events, orders=replace(orders, refusals=orders.refusals + tuple(found),
                                                places=orders.places + tuple(dict.fromkeys(places))))
        outcomes = getattr(events.result, "outcomes", None)  # a building turn: who built nothing, and why
        if outcomes is None:
            return events
        # a company without orders: what the public report says it built nothing for is its last refused section's
        # reason where the GM's own file held it (as the old format's run gave it); a section that came by mail may
        # be anybody's, so the report says no orders, and the company's own report tells the section
        none = NoOrders.NONE_RECEIVED  # (orders/translate.py: engine_input)
        return replace(events, result=replace(events.result, outcomes=tuple(
            replace(o, skipped=by_file[o.player]) if o.skipped is not None and o.skipped.code is none
            and o.player in by_file else o for o in outcomes)))

    def _result(self, result: TurnResult, table: Table) -> TurnResult:
        """The turn's result with the session's deadlines: the state after dated, the state before given the
        table's schedule (the time zone its deadline corrections are printed in: ``common.py: corrections``).  The
        last one is kept (for the same result object and an equal table): a turn's reports (the public one, each
        company's mail) then share its states, and what the reports keep by a state's identity (the board's index,
        ``racing.py: _track_before``) is made once a turn."""
        kept = self._last_result
        if kept is not None and kept[0] is result and kept[1] == table:
            return kept[2]
        before = result.before if result.before.schedule is not None else replace(result.before,
                                                                                  schedule=table.schedule)
        made = replace(result, before=before, after=dated(result.after, table))
        self._last_result = (result, table, made)
        return made

    # --- receipts --------------------------------------------------------------------------------------------
    def receipt(self, table: Table, state: GameState, code: str, data: Mapping[str, Any]) -> str:
        """A section's receipt by the session's code (``Words.receipt``), in the Dampfross receipt's form and
        sentences (``mail.py: receipt_text``; the mail's arrival and subject are the session's: its subject line
        names the move).  ``accepted``: the orders count for the turn (``replaced``: they replace earlier ones;
        ``preview``, when given: echoed and priced as ``checked`` shows them, with the problems of their lines);
        ``checked``: what ``check`` says of them (the play's ``Preview``: the orders as understood, their problems
        with line and column, the price); ``refused``: why the section does not count (the orders package's codes:
        another turn, a company out of play) and the problems of its lines; ``password``, ``not-on-move``,
        ``stale``, ``over``, ``no-section`` and their CHECK forms as the mail path says them; ``statement``: an
        end-of-game statement received, shown as received (``accepted`` with ``late``: the platform adds that it
        arrived after the deadline and counts all the same); ``gm-accepted`` and ``gm-refused``: the GM's section;
        ``reminder`` (``seat``, ``sender``): Dampfross's reminder (``mail.py: reminder_text``: the deadline, no
        valid orders from the company yet, where to send them, the goal); ``deadline`` (and a reminder without its
        seat): the deadline now."""
        state = dated(state, table)
        if code == "reminder" and data.get("seat") in state.player_ids:  # Dampfross's own reminder
            seat = table.seat(str(data["seat"]))  # the caretaker that plays it now is the table's
            state = replace(state, players=tuple(replace(p, caretaker=seat.caretaker or None) if p.id == seat.id
                                                 else p for p in state.players))
            return reminder_text(state, seat.id, str(data.get("sender", "")))
        if code in ("reminder", "deadline"):
            return self._notice(state, str(data.get("why", "")) if code == "deadline" else None,
                                data.get("settings") or ())
        company = str(data["seat"]) if data.get("seat") else None
        turn = int(data.get("move") or data.get("checked_at") or data.get("read_at") or state.turn)  # when read
        arrived = str(data.get("mail_arrived") or "")  # the mail answered (``postal/movemails.py: section_receipt``)
        arrived = datetime.fromisoformat(arrived).astimezone(zone_of(state)).isoformat() if arrived else ""
        problems, whys = self._problems(data.get("problems", ()), arrived)
        values: dict[str, str | int] = {}
        status: Status = "no-orders"
        if code == "accepted" or code == "checked":
            preview = data.get("preview")  # orders that ask to build and would build nothing: the warning first (94)
            status = "idle" if code == "accepted" and getattr(preview, "idle", False) else "counts"
        elif code == "gm-accepted":  # the GM's section (kernel/play.py: GmOrders), as the Dampfross GM's receipt
            status = "gm-counts"
        elif code in ("refused", "check-refused", "gm-refused"):
            status = "refused"
            values["why"] = "; ".join(whys) or say(NO_ORDERS, Problem.of(NoOrders.NONE_RECEIVED))
        elif code == "password":  # another section of the mail counted: this one alone does not
            status = "section-refused" if data.get("counted") else "refused"
            named = [s.strip().upper() for s in str(data.get("seat", "")).split(",") if s.strip()]
            values["why"] = say(NO_ORDERS, Problem.of(NoOrders.WRONG_PASSWORD)) \
                if all(s in state.player_ids for s in named) else _("wrong password, or the game has no such company")
            values.update({"seat": str(data.get("seat", ""))} if data.get("counted") else {})
        elif code in ("not-on-move", "check-not-on-move"):
            status = "refused"
            values["why"] = _("out of play")  # Dampfross: every company in play acts in every turn
        elif code == "stale":
            status = "other-turn"
            values["named"] = int(data.get("given", 0))
        elif code == "over":
            status = "over"
        elif code == "too-many-sections":
            status = "too-many-sections"
            values.update(count=int(data["count"]), most=int(data["most"]))
        elif code == "statement":
            status = "statement"
        elif code == "no-section":  # a mail read for its headers only (postal/mailparse.py), as the old receipt said
            noted = {str(n[0]): n for n in data.get("mail_notes", ())}
            if "too-big" in noted:
                status = "too-big"
                values["size"] = int(noted["too-big"][2])
            elif noted.keys() & {"too-many-parts", "header-too-big", "unreadable"}:
                status = "unreadable"
        said = _(STATUS[status]).format(turn=turn, game=state.game_id, **values)  # the turn the section was for
        after = {"past": int(data.get("after_move", turn - 1)), "turn": turn,  # too late for the turn before
                 "due": when_text(str(data["after"]), zone_of(state))} \
            if data.get("after") and code in ("accepted", "stale") and turn >= state.turn else None
        if after is not None and code == "accepted" and status == "counts":
            said = _(AFTER_DEADLINE["counts"]).format(**after)
        elif after is not None:
            said = _(AFTER_DEADLINE["other"]).format(**after) + " " + said
        ran_since = code in ("accepted", "gm-accepted") and turn < state.turn  # run since, in the receipt's tick
        if code == "checked":
            said = _("Check of %(player)s's orders for turn %(turn)s (nothing is changed)") % {
                "player": company or "", "turn": turn}
        elif ran_since:
            said = _(RUN_SINCE).format(turn=turn)
        elif code == "accepted" and data.get("replaced_by"):  # a later mail of the same tick replaced them
            status, said = "replaced", _(REPLACED_BY).format(when=arrival_text(datetime.fromisoformat(str(
                data["replaced_by"])).astimezone(zone_of(state)).isoformat()), turn=turn)
        elif code in ("accepted", "gm-accepted") and data.get("replaced") and not data.get("replaced_arrived"):
            said += " " + _(REPLACED)  # a mail's arrival names it below ("It replaces your mail of ...")
        checked = self._checked(state, data.get("preview"), arrived)
        if data.get("taken_back"):  # his orders took the company back from the caretaker (reading 97; TakenBack)
            checked["notes"] = (*checked.get("notes", ()), *taken_back())
        if code == "gm-accepted" and data.get("lines"):  # the GM's orders as read, as the old GM's receipt showed
            checked["echo"] = self._gm_echo(state, data["lines"])
        if "problems" in checked:  # the preview's problems are those read gave beside the orders
            problems = checked.pop("problems")
        preview = data.get("preview")
        racing = None if preview is None or isinstance(preview, str) else getattr(preview, "racing", None) is not None
        replaced = str(data.get("replaced_arrived") or "") if code == "accepted" else ""  # "It replaces your mail of"
        r = Receipt(company, arrived, str(data.get("mail_subject") or ""), status, values, lang=active(), said=said,
                    turn=turn, racing=racing, ran_since=ran_since,
                    mail_notes=tuple(tuple(n) for n in data.get("mail_notes", ())),
                    hashes=tuple(tuple(h) for h in data.get("mail_hashes", ())),
                    replaces=(datetime.fromisoformat(replaced).astimezone(zone_of(state)).isoformat(),) if replaced
                    else (),
                    problems=problems, statement=str(data.get("statement", "")), still=self._still(state, data),
                    refused=tuple(self._refused(line) for line in data.get("refused_lines", ())), **checked)
        return receipt_text(state, r)

    def _gm_echo(self, state: GameState, lines: Sequence[str]) -> tuple[str, ...]:
        """The GM's section's orders as understood (``orders/parse.py: parse_gm_section``), in the reader's
        keywords."""
        from adjudicator.dampfross.orders.parse import parse_gm_section

        parsed = parse_gm_section(list(enumerate(lines, 1)))
        return tuple(order_text(o.echo()) for g in parsed.gm_sections for o in g.orders)

    def deadline(self, table: Table, state: GameState) -> str:
        """``kernel/play.py: DeadlineLines``: the due line its receipts open with (``deadlines.py: due_line``)."""
        due = due_line(dated(state, table))
        return wrap(due) if due else ""

    def says_mail_notes(self) -> bool:
        """``kernel/play.py: MailNotes``: its receipt says each note of the mail's reading ("Note: ...")."""
        return True

    def says_taken_back(self) -> bool:
        """``kernel/play.py: TakenBack``: the receipt of orders that took a company back from the caretaker says so
        among its notes (``taken_back``), as the old format's did."""
        return True

    def _refused(self, line: int) -> str:
        """A section for the company in the mail answered that does not count (its password wrong), told under the
        one that counts (``postal/turns.py``: ``refused_lines``, their PLAYER lines), as ``phrases.refusal_text``."""
        from adjudicator.dampfross.orders.model import Pos
        from adjudicator.dampfross.report.orderwords import where

        at = where(Pos("", line), (), column=False, mail_only=True)
        why = say(NO_ORDERS, Problem.of(NoOrders.WRONG_PASSWORD))
        return _("a section for you at {where} does not count: {why}").format(where=at, why=why)

    def _still(self, state: GameState, data: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
        """A section refused for its password, from its company's own address (``postal/turns.py``, ``still``: the
        company, and when its earlier mail that still counts arrived, "" for none): what counts for it now (131)."""
        still = data.get("still")
        if not still:
            return ()
        company, arrived = str(still[0]), str(still[1] or "")
        return ((company, datetime.fromisoformat(arrived).astimezone(zone_of(state)).isoformat() if arrived else ""),)

    def _notice(self, state: GameState, why: str | None, settings: Sequence[Sequence[str]] = ()) -> str:
        """A reminder without its company, or the news of a changed deadline (``why``: the GM's reason, ``None``:
        a reminder) to a company that must act: the deadline and the goal, as every Dampfross mail begins, and for
        the news that the GM changed the deadlines: each setting changed (``settings``, the step's ``[key, value]``;
        ``extend``: the deadline now) as the next report words it, with his reason (``mail.py:
        deadline_news_text``)."""
        from adjudicator.dampfross.report.deadlines import setting_text

        lines = [due_line(state) or _("The game has no deadline now."), goal_line(state)]
        if why is not None:
            lines += ["", _("The GM changed the deadlines of game {game}:").format(game=state.game_id)]
            said = []
            for key, value in (tuple(kv) for kv in settings if len(kv) == 2):
                if key == "extend":
                    key, value = "due", state.schedule.due if state.schedule is not None and state.schedule.due else ""
                elif key == "due" and state.schedule is not None and state.schedule.due:
                    value = state.schedule.due  # as the table took it (its zone)
                c = Correction(0, state.turn, "deadline", "GM", "", why, key=key, value=value)
                said.append(setting_text(c, state.schedule) + (f": {shown(why)}" if why else ""))
            lines += ["  " + line for line in said] or (["  " + shown(why)] if why else [])
        return "\n".join(wrap(line, 4) for line in lines) + "\n"

    def _problems(self, found: Sequence[Any], arrived: str = "") -> tuple[tuple[str, ...], list[str]]:
        """The problems of a section as the Dampfross receipt words them: its lines' problems (and notes) with
        their place in the mail answered (line and column; "your mail of 20 Nov 09:30" where its ``arrived`` is
        known), and why it does not count (``NoOrders`` codes, the game over, a note for the GM) as the reasons of
        its status line."""
        from adjudicator.dampfross.orders.model import Note, OrderProblem
        from adjudicator.dampfross.orders.translate import GMNote

        lines: list[str] = []
        whys: list[str] = []
        for p in found:
            if isinstance(p, OrderProblem):
                lines.append(format_problem(p, folded=True, places=_mail(p, arrived), player=True, mail_only=True))
            elif isinstance(p, Note):
                lines.append(format_note(p, _mail(p, arrived), folded=True, player=True, mail_only=True))
            elif isinstance(p, Problem):
                whys.append(say(NO_ORDERS, p))
            elif isinstance(p, GMNote):
                whys.append(gm_note_text(p))
            elif str(getattr(p, "why", "")) == "over":  # orders/usable.py: Unusable, the game over
                whys.append(_(STATUS["over"]))
            else:  # Unusable for another game (the session read its GAME line already), or a value not known
                lines += [format_problem(q, folded=True, places=_mail(q, arrived), player=True, mail_only=True)
                          for q in getattr(p, "problems", ())]
                whys.append(say(NO_ORDERS, Problem.of(NoOrders.NONE_RECEIVED)))
        return tuple(lines), whys

    def _checked(self, state: GameState, preview: Any, arrived: str = "") -> dict[str, Any]:
        """What a receipt shows of the play's ``Preview`` (``dampfross/play.py``): the orders as understood (each
        order's fate when it names its section), the standing orders on file after them, their problems and notes
        in the mail, the price (``report/check.py``)."""
        if preview is None or isinstance(preview, str):
            return {"preview": preview or ""}
        company = str(preview.company)
        gmap = self.maps(state)
        out: dict[str, Any] = {
            "echo": tuple(order_text(line) for line in preview.echo),
            "problems": tuple(format_problem(p, folded=True, places=_mail(p, arrived), player=True, mail_only=True)
                              for p in preview.problems),
            "standing": standing_line(state.player(company).standing, preview.standing),
            "notes": tuple(format_note(n, _mail(n, arrived), player=True, mail_only=True)  # the receipt folds them
                           for n in preview.notes)
            + tuple(gm_note_text(n) for n in preview.gm_notes),
        }
        section = getattr(preview, "section", None)
        if section is not None:
            out["fates"] = fates(section, preview.outcome, preview.problems, preview.gm_notes)
            from adjudicator.dampfross.report.press import press_receipt  # what becomes of its press, its text

            out["press"] = tuple(press_receipt(OrderSet(sections=(section,)), state, company))
        from adjudicator.dampfross.report.check import check_racing_report, check_reports, nothing_to_price  # a CHECK
        if preview.building is not None:
            out["preview"] = check_reports(preview.building, gmap, {company: ()})[company][1]
        elif preview.racing is not None:
            out["preview"] = check_racing_report(preview.racing, gmap, active())
        else:
            out["preview"] = nothing_to_price()
        return out

    # --- the GM's receipt of a bot's orders (``kernel/play.py: BotReceipts``) ------------------------------------
    def bot_receipt(self, table: Table, state: GameState, seat: str, level: str, caretaker: bool,
                    lines: Sequence[str], preview: Any) -> tuple[str, str]:
        """The GM's receipt of the orders a bot seat's bot or the caretaker wrote for ``seat`` (``bot-NNN-SEAT``), in
        the game's language, as Dampfross's own stack mailed it (``botwords.bot_receipt_subject``, ``_text``): who
        wrote them, the orders, and ``check``'s reading of them against the turn's state (``app/check.py``: their
        problems and notes, the orders as understood and priced; ``preview``, the play's ``Preview``)."""
        from adjudicator.dampfross.report.botwords import bot_receipt_subject, bot_receipt_text
        from adjudicator.dampfross.report.check import check_racing_report, check_reports, nothing_to_price
        from adjudicator.dampfross.report.i18n import language

        state = dated(state, table)
        with language(state.language_of(seat)):  # check's reading, in the reader's language as check gives it
            if preview is None:
                checked = nothing_to_price()
            else:
                parts = [format_problem(p, folded=True, player=True) for p in preview.problems]
                parts += [format_note(n, folded=True, player=True) for n in preview.notes]
                parts += [gm_note_text(n) for n in preview.gm_notes]
                if preview.building is not None:
                    parts.append(check_reports(preview.building, self.maps(state), {seat: preview.echo})[seat][0])
                elif preview.racing is not None:
                    parts.append(check_racing_report(preview.racing, self.maps(state), state.language_of(seat)))
                else:
                    parts.append(nothing_to_price())
                checked = "\n".join(parts)
        text = "".join(f"{line}\n" for line in lines)
        return (bot_receipt_subject(state, seat, caretaker),
                bot_receipt_text(state, seat, level, caretaker, text, checked))

    # --- answers, status, standings, site, statements ---------------------------------------------------------
    def answer(self, table: Table, state: GameState, commands: Sequence[tuple[str, int | None]],
               reports: Mapping[int, str]) -> str:
        """HELP, MAP, STATUS, REPORT n and RULES as the Dampfross mail answers them (``mailreplies.py``), to a
        reader whose company the session does not name (a player's own parts come with his PLAYER line only)."""
        state = dated(state, table)
        gmap = self.maps(state)
        parts: list[str] = []
        for code, number in commands:
            if code == "help":
                parts.append(help_text(state, gmap, None))
            elif code == "map":
                parts.append(map_text(state, None, [whole_map(gmap, state, state.turn - 1)], "", whole=True))
            elif code == "status":
                parts.append(status_reply(state, None, [sid for sid, _ in table.orders]))
            elif code == "report":
                turn = state.turn - 1 if number is None else number
                parts.append(report_reply(state, None, turn, reports.get(turn), None))
            elif code == "rules":
                parts.append(rules_text(state, gmap, None))
        return "\n".join(parts)

    def answer_attachments(self, table: Table, state: GameState,
                           commands: Sequence[tuple[str, int | None]]) -> tuple[tuple[str, str | bytes], ...]:
        """``kernel/play.py: AnswerAttachments``: MAP attaches the whole map as text in one piece, as the Dampfross
        mail always answered it, which its answer says."""
        if not any(code == "map" for code, _ in commands):
            return ()
        state = dated(state, table)
        return ((map_attachment_name(state.turn - 1), whole_map(self.maps(state), state, state.turn - 1, split=False)),)

    def answer_to(self, table: Table, state: GameState, commands: Sequence[tuple[str, str]], reader: str | None,
                  reports: Mapping[int, str], own: Mapping[int, str]
                  ) -> tuple[str, tuple[tuple[str, str | bytes], ...]]:
        """``kernel/play.py: ReaderAnswers``: HELP, MAP [HEX|TOWN], STATUS, REPORT [N] and RULES as the Dampfross
        mail always answered them to ``reader``'s company, in its language, with its PLAYER line
        in the examples; MAP attaches the whole map; REPORT N gives the company's own report first when the mail
        gave its password (``own``: its report mail of the turn, whose private part is that report)."""
        state = dated(state, table)
        gmap = self.maps(state)
        parts: list[str] = []
        files: list[tuple[str, str | bytes]] = []
        for code, arg in commands:
            if code == "help":
                parts.append(help_text(state, gmap, reader))
            elif code == "map":
                whole = whole_map(gmap, state, state.turn - 1, split=False)
                place = _place(gmap, arg) if arg else None
                windows = [whole_map(gmap, state, state.turn - 1)] if not arg else \
                    map_windows(gmap, state, [around(gmap, place)], state.turn - 1) if place is not None else []
                parts.append(map_text(state, reader, windows, arg if arg and place is None else "", whole=not arg))
                if (map_attachment_name(state.turn - 1), whole) not in files:
                    files.append((map_attachment_name(state.turn - 1), whole))
            elif code == "status":
                parts.append(status_reply(state, reader, sorted(sid for sid, _ in table.orders)))
            elif code == "report":
                turn = int(arg) if arg.isdigit() else state.turn - 1
                public = reports.get(turn)
                if public is not None and (PUBLIC_BELOW + TITLE) in public:  # a company's mail (in another
                    public = public.split(PUBLIC_BELOW + TITLE, 1)[1]  # language than the game's): its public part
                    public = TITLE + public
                parts.append(report_reply(state, reader, turn, public, _private(own.get(turn))))
            elif code == "rules":
                parts.append(rules_text(state, gmap, reader))
        return "\n".join(parts), tuple(files)

    def status(self, table: Table, state: GameState) -> str:
        """The GM's ``status``: the turn's deadline, the goal, each company's balance and whether its orders are in
        (never what they are), the bots."""
        state = dated(state, table)
        lines = status_lines(state)
        return status_reply(state, None, [sid for sid, _ in table.orders]) + "".join(f"{b}\n" for b in lines)

    def standings(self, games: Sequence[tuple[Table, Any]]) -> str:
        """Dampfross scores no series of games: each game's final report has its winner and balances."""
        return "Dampfross scores no series of games: each game's final report names its winner.\n"

    def site(self, table: Table, moves: Sequence[tuple[int, str, Any]], to: str = "") -> dict[str, str]:
        """The Dampfross site (``site.py``): the game page, the ledger, the score chart, the order page while a turn
        is to come, and each turn's page and map, from each turn's number, public report and state after."""
        from adjudicator.dampfross.report.site import SiteGame, TurnRecord, front_pages, turn_files  # pages: SVG

        if not moves:
            return {}
        last = dated(moves[-1][2], table)
        game = SiteGame(last, self.maps(last), None, False, to)
        pages = dict(front_pages(game))
        before: GameState | None = None
        for number, report, state in moves:
            pages.update(turn_files(game, TurnRecord(number, state, before, report)))
            before = state
        return pages

    def statements(self, table: Table, state: GameState, found: Sequence[tuple[str, str]], reader: str) -> str:
        """Every company's end-of-game statement, as the Dampfross mail of them (``mail.py: statements_text``)."""
        return statements_mail(dated(state, table), found, reader)


def _mail(found: Any, arrived: str) -> tuple[tuple[str, str, str], ...]:
    """Where a problem or note of the mail a receipt answers stands, named by that mail's arrival ("your mail of
    20 Nov 09:30, line 1", as the private report names it; ``orderwords.py: where``); none: "your mail"."""
    return ((found.pos.file, arrived, ""),) if arrived else ()
