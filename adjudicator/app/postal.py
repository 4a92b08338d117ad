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
import sys
import traceback
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from adjudicator.app.inbox import MAIL_DIR, Inbox, StoredMail
from adjudicator.app.mailconfig import MailConfig, MailConfigError, load_config
from adjudicator.app.mailsource import incoming
from adjudicator.app.outbox import Outbox, Outgoing
from adjudicator.app.receipts import Answerer, mail_files
from adjudicator.app.run import RunOptions, commit_run, replay_turn
from adjudicator.app.store import GameDir
from adjudicator.dampfross.game.state import GameState
from adjudicator.dampfross.report.building import opening_report
from adjudicator.dampfross.report.deadlines import zone_of
from adjudicator.dampfross.report.mail import (
    WHY_RUN,
    PostalNote,
    full_map_text,
    gm_note,
    map_attachment_name,
    opening_mail_text,
    opening_subject,
    reminder_subject,
    reminder_text,
    report_mail_text,
    report_subject,
    statements_subject,
    statements_text,
    status_text,
    verdict_text,
)
from adjudicator.kernel.deadline import parse_duration
from adjudicator.kernel.errors import DampfrossError, GameBusy


@dataclass
class Tick:
    """What one tick of one game did: notes for the GM, and the error that stopped it, if any."""

    directory: str
    notes: list[PostalNote] = field(default_factory=list)
    error: str = ""

    def note(self, kind: str, **data: str | int) -> None:
        self.notes.append(PostalNote(kind, tuple(data.items())))  # type: ignore[arg-type]


def _config(gdir: GameDir) -> MailConfig:
    config = load_config(gdir)
    if config is None:
        raise MailConfigError(f"{gdir.path}: no mail.toml: the game is not run by mail (see docs/postal.md)")
    return config


def tick(directories: Sequence[str], now: datetime | None = None) -> list[Tick]:
    """One tick of every game named; an error in one game is reported and the others go on."""
    when = now or datetime.now(UTC)
    out = []
    for d in directories:
        t = Tick(d)
        try:
            tick_game(GameDir(d), when, t)
        except GameBusy:
            t.note("busy")  # another tick (or a GM's command) is at work: this one skips the game
        except DampfrossError as exc:
            t.error = str(exc)
        except Exception as exc:  # a fault in one game never stops the others of the tick
            t.error = f"unexpected {type(exc).__name__}: {exc} (traceback in {log_fault(d, when)})"
        out.append(t)
    return out


FAULT_LOG = "tick-faults.log"
"""Where a tick writes the traceback of an unexpected error in a game (in the game's mail folder)."""


def log_fault(directory: str, when: datetime) -> str:
    """Append the traceback being handled to the game's fault log; its path, or "stderr" when it cannot be written."""
    text = f"--- {when.isoformat()}\n{traceback.format_exc()}"
    path = Path(directory) / MAIL_DIR / FAULT_LOG
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as f:
            f.write(text)
    except OSError:
        sys.stderr.write(text)
        return "stderr"
    return str(path)


TICK_WAIT = 2.0
"""Seconds a tick waits for another command on the same game before it skips the game."""


def tick_game(gdir: GameDir, now: datetime, t: Tick) -> None:
    config = _config(gdir)
    with gdir.lock(TICK_WAIT):
        fetch(gdir, config, now, t)
        queued = set(Outbox(gdir).pending())
        state = gdir.load_state()
        opening_mails(gdir, state, config, now, t)
        answerer = Answerer(gdir, state, config, now)
        t.notes += answerer.answer_all()
        state = answerer.state  # a command by mail may have changed an address or a password
        reminders(gdir, state, config, now, t)
        why = due_to_run(gdir, state, now)
        if why:
            run_from_inbox(gdir, state, now)
            t.note("ran", turn=state.turn, why=WHY_RUN[why])
            state = gdir.load_state()
        report_mails(gdir, state, config, now, t)
        statements(gdir, state, config, now, t)
        send(gdir, config, now, t, fresh=bool(set(Outbox(gdir).pending()) - queued))


def fetch(gdir: GameDir, config: MailConfig, now: datetime, t: Tick) -> None:
    """New mail from the source into the inbox: stored first, then marked seen."""
    inbox = Inbox(gdir)
    seen = inbox.seen()
    skipped = []
    for mail in incoming(config, seen, now):
        if mail.problem:
            skipped.append(mail.problem)
            continue
        stored, new = inbox.store(mail, now)
        if new:
            t.note("stored", seq=stored.seq, sender=stored.sender or "?", subject=str(stored.meta["subject"])[:50])
            for code in stored.headers_only:
                t.note("headers-only", seq=stored.seq, why=code)
        else:
            t.note("duplicate", seq=stored.seq, sender=stored.sender or "?")
        seen.add(mail.key)
        inbox.mark_seen(seen)
    if skipped:  # one error line; the mails stay unseen and are asked for again by the next tick
        t.error = f"the mail source gave {len(skipped)} mail(s) in a broken answer, skipped: " + "; ".join(skipped)


def fetch_only(directory: str, now: datetime | None = None) -> Tick:
    """``adjudicate mail fetch DIR``: new mail into the inbox (answered by the next tick)."""
    gdir, t = GameDir(directory), Tick(directory)
    config = _config(gdir)
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


def due_to_run(gdir: GameDir, state: GameState, now: datetime) -> str:
    """Why the turn runs now ("deadline", "early") or "" when it does not."""
    s = state.schedule
    if s is None or state.phase == "over" or s.held:
        return ""
    due = s.due_at()
    if due is not None and now >= due:
        return "deadline"
    if s.early and valid_companies(Inbox(gdir), state) >= set(state.in_play):
        return "early"
    return ""


def run_from_inbox(gdir: GameDir, state: GameState, now: datetime) -> None:
    """Adjudicate the turn from the mails that count, in the order they arrived (the lock is held)."""
    received = mail_files(used_mails(Inbox(gdir), state), state)
    commit_run(gdir, received, RunOptions(), now)


# --- mail out -----------------------------------------------------------------------------------------------

def opening_mails(gdir: GameDir, state: GameState, config: MailConfig, now: datetime, t: Tick) -> None:
    """Once, while the game is at its first turn: each company the opening report and its password."""
    if state.turn != 1 or state.history or not gdir.report_path(0).is_file():
        return
    outbox = Outbox(gdir)
    pending = [p for p in state.players if not outbox.known(f"opening-{p.id}")]
    if not pending:
        return
    passwords = gdir.read_passwords()
    openings = {state.lang: gdir.report_path(0).read_text(encoding="utf-8")}
    for p in pending:
        lang = state.language_of(p.id)
        if lang not in openings:  # a company that reads another language: the opening made again in it
            opened, _ = gdir.archived_state(gdir.archive_path(0), "after")
            openings[lang] = opening_report(opened, gdir.load_map(opened), lang)
        out = Outgoing(f"opening-{p.id}", (p.email,) if p.email else (), opening_subject(state, p.id),
                       opening_mail_text(state, p.id, passwords[p.id], openings[lang]), kind="opening", turn=0,
                       player=p.id)
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
    for p in state.players:
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
        attachment, public = maps[lang], publics[lang]
        sha = Outgoing("", (), "", report_mail_text(public, private, None, state, p.id), (attachment,)).sha256
        if docs and docs[-1].get("report_sha256") == sha:
            continue  # queued or sent by a version that did not record its source
        if docs and docs[-1].get("where") != "sent":
            outbox.drop(known[-1])  # never sent: the new report takes its place (and its name)
            name, earlier = known[-1], docs[:-1]
        else:
            name, earlier = (f"{base}-v{len(known) + 1}" if known else base), docs
        sent = [d for d in earlier if d.get("where") == "sent"]
        corrected_on = str(sent[-1]["sent"]) if sent else None
        body = report_mail_text(public, private, corrected_on, state, p.id)
        out = Outgoing(name, (p.email,) if p.email else (), report_subject(state, turn, p.id), body,
                       (attachment,), kind="report", turn=turn, player=p.id,
                       extra={"report_sha256": sha, "source_sha256": source})
        outbox.queue(out, config.sender, now)
        if not p.email:
            t.note("no-address", what=f"the report of turn {turn}", company=p.id)


def reminders(gdir: GameDir, state: GameState, config: MailConfig, now: datetime, t: Tick) -> None:
    """A reminder to each company without valid orders, once, ``remind`` before the deadline."""
    s = state.schedule
    if s is None or not s.remind or s.held or state.phase == "over":
        return
    due = s.due_at()
    if due is None or not due - parse_duration(s.remind) <= now < due:
        return
    outbox = Outbox(gdir)
    valid = valid_companies(Inbox(gdir), state)
    reminded = []
    for p in state.players:
        name = f"reminder-{state.turn:03d}-{p.id}"
        if p.id in valid or p.retired is not None or outbox.known(name):
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
    if all(outbox.known(f"statements-{p.id}") for p in state.players):
        return
    last: dict[str, str] = {}
    for m in Inbox(gdir).mails():
        doc = m.receipt() or {}
        st = doc.get("statement")
        if isinstance(st, dict) and m.arrived <= due:
            last[str(st["company"])] = str(st["text"])
    found = [(pid, last[pid]) for pid in state.player_ids if pid in last]
    for p in state.players:
        out = Outgoing(f"statements-{p.id}", (p.email,) if p.email else (), statements_subject(state, p.id),
                       statements_text(state, found, p.id), kind="statements", player=p.id)
        outbox.queue(out, config.sender, now)
    t.note("statements")


def send(gdir: GameDir, config: MailConfig, now: datetime, t: Tick, names: Sequence[str] | None = None,
         fresh: bool = True) -> None:
    """Send what is queued; a failure is the tick's error (the mails stay queued).  Without SMTP the GM
    hears of waiting mails when new ones were queued (``fresh``)."""
    outbox = Outbox(gdir)
    result = outbox.send(config, now, names)
    if result.sent:
        t.note("sent", count=len(result.sent))
    for name, answer in result.failed:
        t.note("set-aside", name=name, answer=answer, where=str(outbox.failed_dir))
    if result.deferred and not result.sent and not result.failed and not result.error:
        # the server refuses everything for now: one error line (exit 1), not a line per mail
        result.error = f"{config.smtp.host if config.smtp else '?'}: {result.deferred[0][1]}"
    else:
        for name, answer in result.deferred:
            t.note("deferred", name=name, answer=answer)
    for name, answer in result.partly:
        t.note("partly-refused", name=name, answer=answer)
    if result.error:
        t.error = gm_note(PostalNote("send-failed", (("error", result.error), ("count", result.waiting))))
    elif result.waiting and config.smtp is None and fresh:
        t.note("no-smtp", count=result.waiting, where=str(outbox.queue_dir))


def send_mail(directory: str, turn: int | None, player: str | None, now: datetime | None = None,
              retry: bool = False) -> Tick:
    """``adjudicate mail send DIR [--turn N] [--player ID] [--retry]``: send what is queued; with
    ``--turn``/``--player`` the report mails of that turn (the last version of each) are sent again, with
    ``--retry`` the mails set aside as refused.  A company's mail goes to its address on file now."""
    gdir, t = GameDir(directory), Tick(directory)
    when = now or datetime.now(UTC)
    config = _config(gdir)
    with gdir.lock():
        state = gdir.load_state()
        names = None
        if retry:
            outbox = Outbox(gdir)
            again = outbox.failed()
            for name in again:
                doc = outbox.record(name) or {}
                outbox.requeue(name, when, _addressed(state, doc), outbox.failed_dir)
            if again:
                t.note("retried", count=len(again))
        if turn is not None or player is not None:
            outbox = Outbox(gdir)
            wanted_turn = turn if turn is not None else state.turn - 1
            pid = player.upper() if player else None
            if pid is not None and pid not in state.player_ids:
                raise DampfrossError(f"no company {pid} in game {state.game_id}")
            names = []
            for p in state.players:
                if pid is not None and p.id != pid:
                    continue
                base = f"report-{wanted_turn:03d}-{p.id}"
                known = outbox.versions(base)
                if not known:
                    raise DampfrossError(f"no report mail of turn {wanted_turn} for {p.id} in {outbox.sent_dir}")
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
                "missing": list(self.missing), "outbox_waiting": self.waiting, "unanswered": self.unanswered}


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
    missing = tuple(pid for pid in state.in_play if pid not in valid)
    return GameStatus(state, rows, missing, len(Outbox(gdir).pending()), sum(1 for _ in inbox.unanswered()))


def status(directory: str, now: datetime | None = None) -> str:
    """``adjudicate status DIR``: the status as the GM reads it."""
    s = game_status(directory)
    rows = [(r.company, r.arrived, verdict_text(r.verdict, count=r.problems) if r.verdict else "") for r in s.rows]
    return status_text(s.state, rows, s.missing, s.waiting, s.unanswered)
