"""The postal game loop: ``adjudicate tick`` (for cron), ``mail fetch``, ``mail send`` and ``status``.

One tick of a game, holding its lock: fetch new mail into the inbox, mail
the opening (with each company's password) once, answer every new mail
with receipts, queue reminders, run the turn when its deadline has passed
(or, where the game allows it, as soon as every company has sent valid
orders), queue each company's report mail, collect and mail the end-of-game
statements, and send what is queued.  Every step asks what is already done
(the inbox, the outbox, the archive), so a second tick changes and sends
nothing, and a tick killed anywhere loses no mail and no turn: mail is
stored before it is marked seen, queued before it is sent, marked sent
after; a turn is archived before its report mails are queued, and the
next tick queues any that are missing.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from adjudicator.dampfross.app.botseats import BotFile, check_bot
from adjudicator.dampfross.app.mailcommands import DampfrossDesk
from adjudicator.dampfross.app.pictures import turn_png
from adjudicator.dampfross.app.receipts import Answerer, mail_files
from adjudicator.dampfross.app.run import RunOptions, commit_run, replay_turn
from adjudicator.dampfross.app.store import GameDir
from adjudicator.dampfross.game.state import GameState
from adjudicator.dampfross.report.botwords import bot_receipt_subject, bot_receipt_text, status_lines
from adjudicator.dampfross.report.building import opening_report
from adjudicator.dampfross.report.deadlines import zone_of
from adjudicator.dampfross.report.mail import (
    WHY_RUN,
    full_map_text,
    map_attachment_name,
    opening_mail_text,
    opening_subject,
    picture_attachment_name,
    reminder_subject,
    reminder_text,
    report_attachment_name,
    report_mail_text,
    report_subject,
    statements_subject,
    statements_text,
    status_text,
    verdict_text,
)
from adjudicator.kernel.errors import AdjudicatorError
from adjudicator.postal.frontdoor import FrontDoor
from adjudicator.postal.inbox import Inbox, StoredMail
from adjudicator.postal.loop import Tick, config_of, fetch, retry_failed, send, tick_all
from adjudicator.postal.mailconfig import MailConfig, MailConfigError
from adjudicator.postal.outbox import Outbox, Outgoing
from adjudicator.postal.robot import tick_game


def tick(directories: Sequence[str], now: datetime | None = None) -> list[Tick]:
    """One tick of every Dampfross game named (``adjudicator.plays.tick`` ticks games of every play)."""
    return tick_all(directories, now or datetime.now(UTC), lambda d: tick_directory)


def tick_directory(directory: str, now: datetime, t: Tick) -> None:
    """One tick of one Dampfross game directory, by the one postal loop."""
    tick_game(directory, now, t, GAME)


class DampfrossGame:
    """``postal.robot.PostalGame`` for Dampfross: simultaneous turns, run at the deadline (or as soon as every
    company's orders are in, where the game allows it)."""

    def folder(self, directory: str) -> GameDir:
        return GameDir(directory)

    def session(self, folder: GameDir, config: MailConfig, now: datetime, inbox: Inbox) -> DampfrossSession:
        return DampfrossSession(folder, config, now, inbox)


GAME = DampfrossGame()


class DampfrossSession:
    """One tick of a Dampfross game: its mails out, the orders of each mail read, the turn run when due."""

    def __init__(self, gdir: GameDir, config: MailConfig, now: datetime, inbox: Inbox):
        self.gdir, self.config, self.now, self.inbox = gdir, config, now, inbox
        self._answerer: Answerer | None = None
        self.desk = DampfrossDesk(gdir, gdir.load_state(), self.sent)

    @property
    def state(self) -> GameState:
        return self.desk.state

    def sent(self) -> list[str]:
        return sorted(valid_companies(self.inbox, self.state))

    def mail_out(self, t: Tick) -> None:
        opening_mails(self.gdir, self.state, self.config, self.now, t)
        report_mails(self.gdir, self.state, self.config, self.now, t)
        statements(self.gdir, self.state, self.config, self.now, t)

    def at(self, when: datetime, t: Tick) -> None:
        """A simultaneous turn runs at a tick, never between two mails (late mail: ``receipts.is_late``)."""

    def answer(self, mail: StoredMail, door: FrontDoor, doc: dict[str, Any], t: Tick) -> None:
        if self._answerer is None or self._answerer.door is not door:
            self._answerer = Answerer(self.gdir, self.desk, self.config, self.now, door)
        self._answerer.answer(mail, doc)

    def due(self, now: datetime, t: Tick) -> bool:
        why = due_to_run(self.gdir, self.state, now)
        if why:
            bots = run_from_inbox(self.gdir, self.state, now)
            bot_receipts(self.gdir, self.state, bots, self.config, now, t)
            t.note("ran", turn=self.state.turn, why=WHY_RUN[why])
            after = self.gdir.load_state()
            for p in after.players:  # the companies this turn handed to the caretaker (reading 97)
                if p.caretaker and not self.state.player(p.id).caretaker:
                    t.note("caretaker-on", seat=p.id, count=p.missed, unit="turn" if p.missed == 1 else "turns",
                           level=p.caretaker)
            self.desk.state = after
        return bool(why)

    def remind(self, now: datetime, t: Tick) -> None:
        reminders(self.gdir, self.state, self.config, now, t)


def fetch_only(directory: str, now: datetime | None = None) -> Tick:
    """``adjudicate mail fetch DIR``: new mail into the inbox (answered by the next tick)."""
    gdir, t = GameDir(directory), Tick(directory)
    config = config_of(gdir)
    with gdir.lock():
        gdir.load_state()
        fetch(gdir, config, now or datetime.now(UTC), t)
    return t


# --- the turn -----------------------------------------------------------------------------------------------

def used_mails(inbox: Inbox, state: GameState) -> list[StoredMail]:
    """The mails whose orders count for the turn the game is at, in the order they arrived."""
    out = []
    for m in inbox.mails():
        doc = m.receipt()
        if doc and doc.get("turn") == state.turn and doc.get("phase") == state.phase and doc.get("used", True) \
                and (doc.get("counted") or doc.get("gm")):
            out.append(m)
    return out


def valid_companies(inbox: Inbox, state: GameState) -> set[str]:
    return {c for m in used_mails(inbox, state) for c in (m.receipt() or {}).get("counted", [])}


def on_standing_orders(state: GameState) -> set[str]:
    """The companies with standing orders on file (reading 112): not missing a turn without their mail, so not
    reminded; an early run still waits for their mail (they may send one until the deadline)."""
    return {p.id for p in state.players if p.standing is not None}


def due_to_run(gdir: GameDir, state: GameState, now: datetime) -> str:
    """Why the turn runs now ("deadline", "early") or "" when it does not."""
    s = state.schedule
    if s is None or state.phase == "over" or s.held:
        return ""
    due = s.due_at()
    if due is not None and now >= due:
        return "deadline"
    if s.early and valid_companies(Inbox(gdir), state) | played_by_bots(state) >= set(state.in_play):
        return "early"
    return ""


def bots_json(state: GameState) -> dict[str, object]:
    """``status --json``'s keys of the game's bots: ``caretaker`` (the setting, ``null`` without), ``bots`` (each
    bot seat's level), ``caretaken`` (each company the caretaker plays: its level and first turn)."""
    setting = {"after": state.caretaker_after, "level": state.caretaker_level} if state.caretaker_after else None
    return {"caretaker": setting, "bots": {p.id: p.bot for p in state.players if p.bot},
            "caretaken": {p.id: {"level": p.caretaker, "from": p.caretaker_from} for p in state.players
                          if p.caretaker}}


def played_by_bots(state: GameState) -> set[str]:
    """The companies a bot plays this turn whatever comes by mail (bot seats, with --early those the caretaker
    plays too): the turn never waits for them (reading 98)."""
    return {p.id for p in state.players if p.bot or p.caretaker}


def run_from_inbox(gdir: GameDir, state: GameState, now: datetime) -> list[BotFile]:
    """Adjudicate the turn from the mails that count, in the order they arrived, and the orders the bots write for
    the seats they play (reading 98); the lock is held.  The bots' files are returned (for their receipts)."""
    mails = used_mails(Inbox(gdir), state)
    received = mail_files(mails, state)
    accepted = tuple((m.text_key(i), tuple((m.receipt() or {}).get("counted", []))) for m in mails
                     for i in range(len(m.texts)))
    return list(commit_run(gdir, received, RunOptions(accepted=accepted), now).bots)


def bot_receipts(gdir: GameDir, state: GameState, bots: list[BotFile], config: MailConfig, now: datetime,
                 t: Tick) -> None:
    """A receipt of each bot's orders to the GM (``gm`` of mail.toml; none without), never to a player: the
    orders as the bot wrote them (password hidden) and as ``check`` read them against the turn's state."""
    for b in bots:
        t.note("bot-ran", turn=state.turn, seat=b.seat, level=b.level,
               who="the caretaker" if b.caretaker else "the bot")
        name = f"bot-{state.turn:03d}-{b.seat}"
        if not config.gm or Outbox(gdir).known(name):
            continue
        checked = check_bot(gdir, state, b)
        out = Outgoing(name, (config.gm_address,), bot_receipt_subject(state, b.seat, b.caretaker),
                       bot_receipt_text(state, b.seat, b.level, b.caretaker, b.text, checked), kind="bot-receipt",
                       turn=state.turn, player=b.seat)
        Outbox(gdir).queue(out, config.sender, now)


# --- mail out -----------------------------------------------------------------------------------------------

def opening_mails(gdir: GameDir, state: GameState, config: MailConfig, now: datetime, t: Tick) -> None:
    """Once, while the game is at its first turn: each company the opening report and its password."""
    if state.turn != 1 or state.history or not gdir.report_path(0).is_file():
        return
    outbox = Outbox(gdir)
    pending = [p for p in state.players if not outbox.known(f"opening-{p.id}") and not p.bot]  # a bot: no mail
    if not pending:
        return
    passwords = gdir.read_passwords()
    openings = {state.lang: gdir.report_path(0).read_text(encoding="utf-8")}
    pictures: list[bytes | None] = []  # the map at the start, made once
    for p in pending:
        lang = state.language_of(p.id)
        if lang not in openings:  # a company that reads another language: the opening made again in it
            opened, _ = gdir.archived_state(gdir.archive_path(0), "after")
            openings[lang] = opening_report(opened, gdir.load_map(opened), lang)
        out = Outgoing(f"opening-{p.id}", (p.email,) if p.email else (), opening_subject(state, p.id),
                       opening_mail_text(state, p.id, passwords[p.id], openings[lang], gdir.load_map(state)),
                       tuple(_picture(gdir, 0, pictures)), kind="opening", turn=0, player=p.id)
        outbox.queue(out, config.sender, now)
        if not p.email:
            t.note("no-address", what="the opening mail", company=p.id)


def report_mails(gdir: GameDir, state: GameState, config: MailConfig, now: datetime, t: Tick) -> None:
    """Each company's mail of the last turn run, unless it was queued; a corrected report (after ``undo``
    and a new run) goes out again as a new version with a banner."""
    turn = state.turn - 1
    step = gdir.archive_path(turn)
    if turn < 1 or not step.is_dir() or not gdir.report_path(turn).is_file():
        return
    outbox = Outbox(gdir)
    archived = gdir.report_path(turn).read_text(encoding="utf-8")
    after, gmap = None, None
    publics: dict[str, str] = {}
    maps: dict[str, tuple[str, str]] = {}  # the attachment, its legend in each company's language
    pictures: list[bytes | None] = []  # the turn's picture, made once (none: no CairoSVG here)
    for p in state.players:
        if p.bot:  # a bot seat reads no mail (its bot is handed the state)
            continue
        lang = state.language_of(p.id)
        private_path = gdir.report_path(turn, p.id)
        private = private_path.read_text(encoding="utf-8") if private_path.is_file() else ""
        # what the mail is made from: the same archive and language make the same mail (nothing to render again)
        source = hashlib.sha256("\0".join((archived, private, lang)).encode("utf-8")).hexdigest()
        base = f"report-{turn:03d}-{p.id}"
        known = outbox.versions(base)
        docs = [outbox.record(n) or {} for n in known]
        if docs and docs[-1].get("source_sha256") == source:
            continue  # this report is queued or sent already
        if after is None or gmap is None:
            after, _ = gdir.archived_state(step, "after")
            gmap = gdir.load_map(after)
            publics[after.lang] = archived
        if lang not in maps:
            maps[lang] = (map_attachment_name(turn), full_map_text(after, gmap, turn, lang))
        if lang not in publics:  # a company that reads another language: the turn replayed, reported in it
            publics[lang] = replay_turn(gdir, turn).public_in(lang)
        # attached: the whole public report, the whole map as text (and as a picture where CairoSVG is installed)
        attachments: tuple[tuple[str, str | bytes], ...] = (
            (report_attachment_name(turn), publics[lang]), maps[lang], *_picture(gdir, turn, pictures))
        picture = len(attachments) > 2
        mail_text = report_mail_text(private or publics[lang], None, state, p.id, picture)
        sha = Outgoing("", (), "", mail_text, tuple(a for a in attachments if isinstance(a[1], str))).sha256
        if docs and docs[-1].get("report_sha256") == sha:
            continue  # queued or sent by a version that did not record its source
        if docs and docs[-1].get("where") != "sent":
            outbox.drop(known[-1])  # never sent: the new report takes its place (and its name)
            name, earlier = known[-1], docs[:-1]
        else:
            name, earlier = (f"{base}-v{len(known) + 1}" if known else base), docs
        sent = [d for d in earlier if d.get("where") == "sent"]
        corrected_on = str(sent[-1]["sent"]) if sent else None
        body = report_mail_text(private or publics[lang], corrected_on, state, p.id, picture)
        out = Outgoing(name, (p.email,) if p.email else (), report_subject(state, turn, p.id), body,
                       attachments, kind="report", turn=turn, player=p.id,
                       extra={"report_sha256": sha, "source_sha256": source})
        outbox.queue(out, config.sender, now)
        if not p.email:
            t.note("no-address", what=f"the report of turn {turn}", company=p.id)


def _picture(gdir: GameDir, turn: int, made: list[bytes | None]) -> list[tuple[str, bytes]]:
    """The PNG picture of the map after ``turn`` (0: the opening) to show in its mails, made once into ``made``
    (none where the package was installed without its dependencies: the text map alone)."""
    if not made:
        try:
            made.append(turn_png(gdir.path, turn))
        except AdjudicatorError:  # resvg-py or Pillow missing: the text map alone
            made.append(None)
    png = made[0]
    return [(picture_attachment_name(turn), png)] if png is not None else []


def reminders(gdir: GameDir, state: GameState, config: MailConfig, now: datetime, t: Tick) -> None:
    """A reminder to each company without valid orders nor standing orders, once, ``remind`` before the
    deadline."""
    if state.schedule is None or state.phase == "over" or not state.schedule.reminding(now):
        return
    outbox = Outbox(gdir)
    valid = valid_companies(Inbox(gdir), state)
    reminded = []
    for p in state.players:
        name = f"reminder-{state.turn:03d}-{p.id}"
        if p.id in valid or p.retired is not None or p.bot or p.standing is not None or outbox.known(name):
            continue
        out = Outgoing(name, (p.email,) if p.email else (), reminder_subject(state, p.id),
                       reminder_text(state, p.id, config.sender), kind="reminder", turn=state.turn, player=p.id)
        outbox.queue(out, config.sender, now)
        reminded.append(p.id)
    if reminded:
        t.note("reminded", turn=state.turn, companies=", ".join(reminded))


def statements(gdir: GameDir, state: GameState, config: MailConfig, now: datetime, t: Tick) -> None:
    """After the statements' date: every company's last statement, to every company, once."""
    s = state.schedule
    due = s.due_at() if s else None
    if state.phase != "over" or due is None or now < due:
        return
    outbox = Outbox(gdir)
    readers = [p for p in state.players if not p.bot]  # a bot seat reads no mail
    if all(outbox.known(f"statements-{p.id}") for p in readers):
        return
    last: dict[str, str] = {}
    for m in Inbox(gdir).mails():
        doc = m.receipt() or {}
        st = doc.get("statement")
        if isinstance(st, dict) and m.arrived <= due:
            last[str(st["company"])] = str(st["text"])
    found = [(pid, last[pid]) for pid in state.player_ids if pid in last]
    for p in readers:
        out = Outgoing(f"statements-{p.id}", (p.email,) if p.email else (), statements_subject(state, p.id),
                       statements_text(state, found, p.id), kind="statements", player=p.id)
        outbox.queue(out, config.sender, now)
    t.note("statements")


def send_mail(directory: str, turn: int | None, player: str | None, now: datetime | None = None,
              retry: bool = False) -> Tick:
    """``adjudicate mail send DIR [--turn N] [--player ID] [--retry]``: send what is queued; with
    ``--turn``/``--player`` the report mails of that turn (the last version of each) are sent again, with
    ``--retry`` the mails set aside as refused.  A company's mail goes to its address on file now."""
    gdir, t = GameDir(directory), Tick(directory)
    when = now or datetime.now(UTC)
    config = config_of(gdir)
    with gdir.lock():
        state = gdir.load_state()
        names = None
        if retry:
            retry_failed(gdir, when, t, lambda doc: _addressed(state, doc))
        if turn is not None or player is not None:
            outbox = Outbox(gdir)
            wanted_turn = turn if turn is not None else state.turn - 1
            pid = player.upper() if player else None
            if pid is not None and pid not in state.player_ids:
                raise AdjudicatorError(f"no company {pid} in game {state.game_id}")
            names = []
            for p in state.players:
                if pid is not None and p.id != pid:
                    continue
                base = f"report-{wanted_turn:03d}-{p.id}"
                known = outbox.versions(base)
                if not known:
                    raise AdjudicatorError(f"no report mail of turn {wanted_turn} for {p.id} in {outbox.sent_dir}")
                outbox.requeue(known[-1], when, _addressed(state, {"player": p.id}))
                names.append(known[-1])
        send(gdir, config, when, t, names)
        if config.smtp is None:
            raise MailConfigError(f"{gdir.path}/mail.toml has no [smtp]: the mails wait in {Outbox(gdir).queue_dir}")
    return t


def _addressed(state: GameState, doc: dict[str, object]) -> tuple[str, ...] | None:
    """Where a company's mail goes now: its address on file (``None``: as it was addressed)."""
    pid = doc.get("player")
    if isinstance(pid, str) and pid in state.player_ids and state.player(pid).email:
        return (state.player(pid).email,)
    return None


@dataclass(frozen=True)
class StatusRow:
    """A company's last mail of the turn: when it arrived (ISO 8601, "" without one) and its verdict (a code of
    ``report.mail.VERDICTS``, "" without a mail), and its problems."""

    company: str
    arrived: str
    verdict: str
    problems: int = 0


@dataclass(frozen=True)
class GameStatus:
    """``adjudicate status``: the state of the current turn's mail (text by ``status``, JSON by ``status --json``)."""

    state: GameState
    rows: tuple[StatusRow, ...]
    missing: tuple[str, ...]
    waiting: int
    unanswered: int

    def to_json(self) -> dict[str, object]:
        s = self.state.schedule
        return {"game": self.state.game_id, "turn": self.state.turn, "phase": self.state.phase,
                "due": s.due if s else None, "held": bool(s and s.held), "in_play": list(self.state.in_play),
                "companies": [{"company": r.company, "arrived": r.arrived or None, "verdict": r.verdict or None,
                               "problems": r.problems} for r in self.rows],
                "missing": list(self.missing), "outbox_waiting": self.waiting, "unanswered": self.unanswered,
                "standing": {p.id: p.standing.to_json() for p in self.state.players if p.standing is not None},
                **bots_json(self.state)}


def game_status(directory: str) -> GameStatus:
    """Who has sent orders for the current turn, when, whether they count (as ``check`` judged), who is missing."""
    gdir = GameDir(directory)
    state = gdir.load_state()
    inbox = Inbox(gdir)
    last: dict[str, StatusRow] = {}
    for m in inbox.mails():
        doc = m.receipt()
        if not doc or doc.get("turn") != state.turn or doc.get("phase") != state.phase:
            continue
        arrived = m.arrived.astimezone(zone_of(state)).isoformat()
        for c in doc.get("counted", []):
            n = int(doc.get("problems", {}).get(c, 0))
            if not doc.get("used", True):
                verdict = "late-unused"
            elif doc.get("late"):
                verdict = "late"
            else:
                complete = doc.get("complete", {}).get(c, not n)  # as check judged them (older receipts: problems)
                verdict = "problems" if n else "valid" if complete else "partial"
            last[c] = StatusRow(c, arrived, verdict, n)
        for c in doc.get("refused", []):
            if c in state.player_ids and c not in last:
                last[c] = StatusRow(c, arrived, "refused")
    rows = tuple(last.get(pid, StatusRow(pid, "", "")) for pid in state.player_ids)
    valid = valid_companies(inbox, state)
    bots = played_by_bots(state)  # the turn does not wait for them
    missing = tuple(pid for pid in state.in_play if pid not in valid and pid not in bots
                    and pid not in on_standing_orders(state))
    return GameStatus(state, rows, missing, len(Outbox(gdir).pending()), sum(1 for _ in inbox.unanswered()))


def status(directory: str, now: datetime | None = None) -> str:
    """``adjudicate status DIR``: the status as the GM reads it."""
    s = game_status(directory)
    rows = [(r.company, r.arrived, verdict_text(r.verdict, count=r.problems) if r.verdict else "") for r in s.rows]
    partial = [r.company for r in s.rows if r.verdict in ("problems", "partial") and r.company in s.state.in_play]
    bots = status_lines(s.state)
    return status_text(s.state, rows, s.missing, s.waiting, s.unanswered, partial) + "".join(f"{b}\n" for b in bots)
