"""InterUrban's words for the postal loop: the opening mail, each move's report mail, receipts, the GM's status.

The reports themselves are ``words/reports.py``'s; this module adds what a
mail needs around them: whose colour the reader plays and the password (the
opening), who is on move next and until when, how to write a move, and the
answer to each section of orders.  Every sentence is in the active language
(the kernel sets it for each reader).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from adjudicator.interurban.ahead import MAX_AHEAD, MAX_ALTERNATIVES
from adjudicator.interurban.notation import NotationProblem
from adjudicator.interurban.rules import Problem
from adjudicator.interurban.state import State
from adjudicator.interurban.words import ahead, names, reports, rules, site
from adjudicator.interurban.words.i18n import N_, _, ngettext
from adjudicator.interurban.words.problems import notation_lines, refusal
from adjudicator.kernel.i18n import date_text
from adjudicator.kernel.play import Told
from adjudicator.kernel.shown import shown
from adjudicator.kernel.table import Table
from adjudicator.kernel.words import reason

BOT_LEVELS = {"random": N_("random"), "careful": N_("careful")}
"""The bot's levels as a report names them (``interurban/bots.py``)."""

RECEIPTS = {
    "moved": N_("Your orders were played as move {move}; its report goes to every player."),
    "refused": N_("Your orders could not be played; nothing was done. Please send them again:"),
    "checked": N_("You asked for a check (CHECK): nothing was done."),
    "not-on-move": N_("It is not your move: {on_move} is on move. Nothing was done; send your orders when "
                      "the report of the move before yours has come."),
    "password": N_("The password for {seat} is wrong, or the game has no such player. Nothing was done."),
    "password-section": N_("The password for {seat} is wrong, or the game has no such player: that section of your "
                           "mail does not count."),
    "over": N_("The game is over; orders are no longer read."),
    "stale": N_("Your orders are for move {given}, but the move to play is {move}. Nothing was done."),
    "no-section": N_("Your mail holds no orders: they begin with a line PLAYER <colour> PASSWORD <password>."),
    "reminder": N_("A reminder: it is your move, and the deadline is near."),
    "deadline": N_("The game master has changed the deadline."),
    "ahead": N_("Your moves sent ahead are kept in place of any you sent before; nothing else was done."),
    "ahead-none": N_("It is your move, but none of the alternatives of your next move sent ahead can be played "
                     "now: none was played, and your moves sent ahead are dropped. Please send your move."),
    "checked-ahead": N_("You asked for a check (CHECK): nothing was done."),
    "check-refused": N_("You asked for a check (CHECK): nothing was done. Sent without CHECK, these orders would "
                        "not be played:"),
    "check-not-on-move": N_("You asked for a check (CHECK): nothing was done. Move {checked_at} was not yours but "
                            "{on_move}'s: sent without CHECK, a move would have been answered so, and not kept; only "
                            "moves sent ahead (after a line NEXT) are kept."),
}


CARETAKER = {
    "caretaker": N_("The game master has handed {player} to the caretaker, a bot that plays the seat until its "
                    "player mails again."),
    "player": N_("The game master has taken {player} back from the caretaker: its player plays it again."),
    "back": N_("{player} mailed again: the caretaker no longer plays the seat."),
}
"""The caretaker's comings and goings as the next report says them (readings IU-18 and IU-19)."""

CORRECTED = {"name": N_("name"), "address": N_("mail address"), "lang": N_("language"), "password": N_("password")}
"""What a GM's correction of a seat changed, as the next report names it (never the new value)."""


def _who(table: Table) -> dict[str, str]:
    return {s.id: s.name for s in table.seats}


def _due(table: Table) -> str:
    due = table.schedule.due_at()
    return "" if due is None else _when(table, due)


def _when(table: Table, instant: datetime) -> str:
    """``Fri 4 Dec 2026 18:00 (UTC)``: an instant in the game's time zone, in the active language."""
    return date_text(instant.astimezone(table.schedule.tz()), _("EEE d MMM y HH:mm")) + f" ({table.schedule.zone})"


def _corrections(table: Table) -> list[str]:
    """The GM's corrections since the move before this one (``adjudicate fix``), each with its reason."""
    done = table.corrected_before()
    if not done:
        return []
    out = []
    for c in done:  # the caretaker's comings and goings (IU-18, IU-19) are not the GM's corrections of a seat
        if c.what[:1] in (("caretaker",), ("player",), ("back",)):
            out += ["", *names.fold(_(CARETAKER[c.what[0]]).format(player=names.player(c.seat, _who(table)))
                                    + (" " + _("The reason: {why}").format(why=reason(c.why)) if c.why else ""))]
    done = tuple(c for c in done if c.what[:1] not in (("caretaker",), ("player",), ("back",)))
    if not done:
        return out
    out += ["", *names.fold(_("The game master's corrections since the last move:"))]
    for c in done:
        if c.seat:
            said = _("Changed for {player}: {what}.").format(
                player=names.player(c.seat, _who(table)), what=names.listing([_(CORRECTED[w]) for w in c.what]))
        else:
            said = _("The game master set up a new position.")
        if c.why:
            said += " " + _("The reason: {why}").format(why=reason(c.why))
        out += names.fold(said, "  ", hang=4)
    return out


def _caretaken(table: Table) -> list[str]:
    """A sentence for each seat the caretaker played at the end, from the first move it played (as postal zines
    print "dropped out round 8")."""
    return [_("{player}: played by the caretaker from move {move}.").format(
        player=names.player(s.id, _who(table)), move=s.caretaker_from)
        for s in table.seats if s.caretaker and s.caretaker_from]


def _next(table: Table, state: State) -> list[str]:
    """Who is on move, until when, and how to write the move."""
    return [] if state.over else ["", *_on_move(table, state), *_how(table, state)]


def _on_move(table: Table, state: State) -> list[str]:
    """Who is on move and until when (the game is not over)."""
    due = _due(table)
    if table.schedule.held:
        pattern = _("Move {move}: {player} is on move; the game master holds the game (no deadline runs).")
    elif due:
        pattern = _("Move {move}: {player} is on move, until {due}.")
    else:
        pattern = _("Move {move}: {player} is on move.")
    return names.fold(pattern.format(move=table.moves + 1, player=names.player(state.on_move, _who(table)),
                                     due=due))


def _deadline(table: Table, state: State) -> list[str]:
    """Who is on move and until when, for the first lines of a mail (nothing once the game is over)."""
    return [] if state.over else _on_move(table, state)


def _headline(table: Table, state: State) -> list[str]:
    """How many moves are made, and whose move it is (or that the game is over)."""
    text = names.fold(_("InterUrban, game {game}: {moves} moves made.").format(game=table.game, moves=table.moves))
    return text + (names.fold(_("The game is over.")) if state.over else _on_move(table, state))


def _how(table: Table, state: State) -> list[str]:
    """How to write the move on hand, with lines of this game as the examples."""
    example = rules.example_lines(state)
    intro = _("A move is a mail with these lines, one line per tile (1 to 3 tiles, at most one station), for "
              "example:") if example else _("No face-up tile can be laid now: the move is PASS, in a mail with "
                                            "these lines:")
    return ["", *names.fold(intro),
            "  " + _("GAME {game}").format(game=table.game),
            "  " + _("PLAYER {seat} PASSWORD ...").format(seat=state.on_move),
            "  " + _("MOVE {move}").format(move=table.moves + 1),
            *("  " + line for line in (example or [_("PASS")])),
            *names.fold(_("A line names the line it extends (its start label) and a face-up tile; LEFT and RIGHT "
                          "are seen in the line's direction of travel. A crossing station extends every line "
                          "ending at its cell; AT x,y names a cell instead of a line."))]


def reports_board(state: State) -> list[str]:
    return reports.board(state).rstrip("\n").split("\n")


def _text(lines: Sequence[str]) -> str:
    """A mail's lines as its text, ``shown`` (no control or bidi character leaves raw, whichever way it came in)."""
    return shown("\n".join(lines).rstrip("\n") + "\n", "\n")


def _move_body(table: Table, before: State, after: State, seat: str, events: Any, missed: bool,
               seed: str | None) -> list[str]:
    """The report of one move, made or missed, between the mail's first lines and who is on move now."""
    who = _who(table)
    if missed:
        text = names.fold(_("InterUrban, game {game}: move {move}").format(game=table.game, move=table.moves))
        text += ["", *names.fold(_("{player} sent no valid orders by the deadline: no tile is laid, and the "
                                   "next player is on move.").format(player=names.player(seat, who)))]
        s = table.seat(seat)
        if s.caretaker and not s.caretaker_from and table.missed_by(seat) >= table.caretaker_after > 0:
            count = table.missed_by(seat)
            text += names.fold(ngettext(
                "{player} has missed {count} move in a row: the caretaker, a bot, plays the seat from its next "
                "move until its player mails again.",
                "{player} has missed {count} moves in a row: the caretaker, a bot, plays the seat from its next "
                "move until its player mails again.", count).format(player=names.player(seat, who), count=count))
    else:
        text = reports.move(before, after, events, who).rstrip("\n").split("\n")
        level = table.seat(seat).bot
        if level:
            text += ["", *names.fold(_("This move was played by the bot of {player} (level: {level}).").format(
                player=names.player(seat, who), level=_(BOT_LEVELS.get(level, level))))]
        elif table.seat(seat).caretaker:
            text += ["", *names.fold(_("This move was played by the caretaker of {player} (level: {level}), "
                                       "until its player mails again.").format(
                player=names.player(seat, who), level=_(BOT_LEVELS.get(table.seat(seat).caretaker,
                                                                       table.seat(seat).caretaker))))]
    text += _corrections(table)
    if seed is not None:
        cared = [line for said in _caretaken(table) for line in names.fold(said)]
        text += [*([""] if cared else []), *cared]
        text += ["", *reports.final(after, seed, table.commitment, who).rstrip("\n").split("\n")]
    return text


def _inner(told: Told, last: bool) -> list[str]:
    """A move's mail as archived without what a report mail says once, as the game is when it is sent (IU-31): its
    first lines (who was on move next, until when) and its last (who was on move, how to write a move), and but
    after the ``last`` move the layout, the lines and the face-up tiles; each kept where it is not found as
    written (a mail in another language, or by another version)."""
    lines = told.text.rstrip("\n").split("\n")
    head = _deadline(told.table, told.after)
    if head and lines[:len(head) + 1] == [*head, ""]:
        lines = lines[len(head) + 1:]
    tail = _next(told.table, told.after)
    if tail and len(lines) > len(tail) and lines[-len(tail):] == tail:
        lines = lines[:-len(tail)]
    board = reports.layout(told.after) if not last and not told.missed else []
    at = next((i for i in range(len(lines) - len(board) + 1) if lines[i:i + len(board)] == board), None)
    return lines if at is None or not board else lines[:at] + lines[at + len(board):]


class MailWords:
    """``kernel.play.Words`` for InterUrban."""

    def opening(self, table: Table, state: Any, seat: str | None, password: str | None) -> str:
        text = reports.opening(state, table.commitment, _who(table)).rstrip("\n").split("\n")
        if seat is not None:
            text = [*names.fold(_("You play {colour} in game {game}.").format(
                colour=names.colour(seat), game=table.game)),
                *(names.fold(_("Your password: {password} (keep it secret; it signs your orders).").format(
                    password=password)) if password else []),
                *(names.fold(_("Every order mail has the line: PLAYER {seat} PASSWORD {password}").format(
                    seat=seat, password=password)) if password else []), "", *text]  # the seat's id as it is
        return _text([*_deadline(table, state), "", *text, "", *rules.rules_words(), *_next(table, state)])

    def move_report(self, table: Table, before: Any, after: Any, seat: str, events: Any, missed: bool,
                    seed: str | None) -> str:
        first = _deadline(table, after)
        text = _move_body(table, before, after, seat, events, missed, seed)
        return _text([*first, *([""] if first else []), *text, *_next(table, after)])

    def digest(self, table: Table, state: Any, seat: str, told: Sequence[Told]) -> str:
        """The one report mail of a tick to ``seat`` (reading IU-31): his own moves sent ahead played or dropped
        first (IU-30), then each move's mail as archived, without what the mail says once, as it is now: who is on
        move until when, and how to write a move.  A mail of one move is that move's mail."""
        moves = [t for t in told if not t.dropped]
        text: list[str] = []
        if len(moves) > 1:
            text += ["", *names.fold(_("InterUrban, game {game}: moves {first} to {last}, {count} moves since your "
                                       "last mail.").format(game=table.game, first=moves[0].table.moves,
                                                            last=moves[-1].table.moves, count=len(moves)))]
        for t in told:  # his own part first
            if t.dropped:
                text += ["", *ahead.dropped(t.table.moves + 1, t.tried)]
            elif t.ahead is not None and t.seat == seat:
                text += ["", *ahead.played(t.table.moves, t.ahead, t.lines, t.tried)]
        for t in moves:
            text += ["", *_inner(t, t is moves[-1])]
        first = _deadline(table, state)
        return _text([*first, *text[0 if first else 1:], *_next(table, state)])

    def receipt(self, table: Table, state: Any, code: str, data: Mapping[str, Any]) -> str:
        values = {k: shown(v) if isinstance(v, str) else v for k, v in data.items()
                  if k not in ("problems", "preview", "check", "why", "prose", "played_ahead", "would", "sent", "kept",
                               "read_at")}
        if "on_move" in values:
            values["on_move"] = names.player(str(values["on_move"]), _who(table))
        head = names.fold(_("InterUrban, game {game}: your orders").format(game=table.game))
        key = "password-section" if code == "password" and data.get("counted") else code  # another section counted
        text = [*head, *_deadline(table, state), "", *names.fold(_(RECEIPTS[key]).format(**values))]
        if data.get("checked_at", table.moves + 1) != table.moves + 1:  # moves were played since, in its tick
            text += names.fold(_("The check is of the game as it stood at move {move}; moves were played since.")
                               .format(move=data["checked_at"]))
        elif code in ("not-on-move", "stale", "refused") and data.get("read_at", table.moves + 1) != table.moves + 1:
            text += names.fold(_("Your mail was read when move {move} was on hand; moves were played since.")
                               .format(move=data["read_at"]))
        if code in ("not-on-move", "stale") and data.get("missed"):  # it came after the move was missed
            text += names.fold(_("Your mail arrived after the deadline of move {move} ({due}), at which that move "
                                 "was missed.").format(move=data["missed"], due=_when(
                                     table, datetime.fromisoformat(str(data["missed_at"])))))
        if "played_ahead" in data:  # his own moves sent ahead, when their first move came at once (IU-30)
            move, alternative, lines, tried = data["played_ahead"]
            if data.get("would"):
                said = ahead.would(alternative, lines, tried)
            else:
                said = ahead.dropped(move, tried) if alternative is None else ahead.played(move, alternative, lines,
                                                                                         tried)
            text += ["", *said]
        if code == "checked":
            checked = reports.check(state, str(data["seat"]), data["preview"], _who(table))
            text += ["", *checked.rstrip("\n").split("\n")]
        for problem in data.get("problems", ()):
            if isinstance(problem, NotationProblem):
                text += notation_lines(problem)
            elif isinstance(problem, Problem):
                text += names.fold(refusal(problem), "  ")
        if data.get("prose"):
            text += ["", *ahead.prose(data["prose"])]
        if code == "deadline" and data.get("why"):
            text += names.fold(_("The reason: {why}").format(why=shown(str(data["why"]))))
        if code in ("reminder", "deadline"):
            text += _next(table, state)
        elif code in ("refused", "stale", "ahead-none", "check-refused") and not state.over:
            text += _how(table, state)
        return _text(text)

    def deadline(self, table: Table, state: Any) -> str:
        """``kernel/play.py: DeadlineLines``: who is on move and until when, as its mails open."""
        return "\n".join(_deadline(table, state))

    def answer(self, table: Table, state: Any, commands: Sequence[tuple[str, int | None]],
               reports: Mapping[int, str]) -> str:
        text = names.fold(_("InterUrban, game {game}: your commands").format(game=table.game)) + _deadline(table, state)
        for code, number in commands:
            text.append("")
            if code == "help":
                text += names.fold(_("Commands by mail, one a line, without a PLAYER line: HELP, STATUS, MAP "
                                     "(the layout and the lines), REPORT n (the report of move n), RULES, "
                                     "PASSWORD RESET (a new password, mailed to your address on file; the first "
                                     "mail you sign with it makes it yours). After your PLAYER line: SET ADDRESS "
                                     "and the new address (confirmed from the new address). Orders need the PLAYER "
                                     "line with your password."))
                text += ["", *names.fold(_("Moves sent ahead: after your move, a line NEXT begins the move you mean "
                                           "to make next and a line OR another way to play it (at most {moves} "
                                           "moves, {alternatives} ways each); when your move comes, the first "
                                           "that the rules allow then is played at once. Only you see them, in "
                                           "your receipts; a mail of yours whose orders are read replaces them (a "
                                           "refused mail, a CHECK or a mail out of turn leaves them).").format(
                    moves=MAX_AHEAD, alternatives=MAX_ALTERNATIVES))]
                text += _how(table, state) if not state.over else []
            elif code == "status":
                text += self.public_status(table, state)
            elif code == "map":
                text += reports_board(state)
            elif code == "rules":
                text += rules.rules_words()
            elif number is not None and number in reports:
                text += reports[number].rstrip("\n").split("\n")
            else:
                text += names.fold(_("There is no report of move {move} (moves so far: {moves}).").format(
                    move=number, moves=table.moves))
        return _text(text)

    def public_status(self, table: Table, state: Any) -> list[str]:
        """Whose move, until when, who has missed moves (no addresses: any player may ask)."""
        who = _who(table)
        text = _headline(table, state)
        for s in table.seats:
            if table.missed_by(s.id):
                text += names.fold(_("{player} has missed the last {count} moves.").format(
                    player=names.player(s.id, who), count=table.missed_by(s.id)), "  ")
            if s.caretaker:
                text += names.fold(_("{player} is played by the caretaker until its player mails again.").format(
                    player=names.player(s.id, who)), "  ")
        return text

    def status(self, table: Table, state: Any) -> str:
        """The GM's status: the public one with every seat's address."""
        who = _who(table)
        text = _headline(table, state)
        for s in table.seats:
            missed = table.missed_by(s.id)
            line = _("{player}: {address}").format(player=names.player(s.id, who), address=s.address or "-")
            if missed:
                line += " " + _("(missed the last {count} moves)").format(count=missed)
            if s.caretaker:
                line += " " + _("(played by the caretaker, level {level})").format(
                    level=_(BOT_LEVELS.get(s.caretaker, s.caretaker)))
            sent = table.sent_ahead(s.id)  # the GM's status only (IU-23)
            if sent is not None:
                line += " " + ngettext("({count} move sent ahead)", "({count} moves sent ahead)",
                                       len(sent.moves)).format(count=len(sent.moves))
            text += names.fold(line, "  ")
        return _text(text)

    def site(self, table: Table, moves: Sequence[tuple[int, str, Any]], to: str = "") -> dict[str, str]:
        return site.pages(table.game, [(s.id, s.name) for s in table.seats],
                          [site.MovePage(n, report, state) for n, report, state in moves], to)

    def standings(self, games: Sequence[tuple[Table, Any]]) -> str:
        who = {s.id: s.name for table, _state in games for s in table.seats}
        text = reports.standings([(table.game, state) for table, state in games], who)
        cared = [line for table, _state in games for said in _caretaken(table)
                 for line in names.fold(_("Game {game}:").format(game=table.game) + " " + said)]
        return text + ("\n" + "\n".join(cared) + "\n" if cared else "")
