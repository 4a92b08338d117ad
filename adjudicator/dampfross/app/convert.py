"""``adjudicate upgrade DIR``: a Dampfross game folder of the old format converted, once, into a game of the one
session (``postal/moves.py: MovesDir``, play ``dampfross``), so that a game started before issue 34 goes on and
``verify`` passes with the session's verify (``postal/moveverify.py``).

The old folder (the old ``store.py: GameDir``, read by ``oldformat.py: OldGame``): ``game.json`` the whole
``GameState`` with its own chain, ``turns/turn-NNN/`` (``record.json``, ``changes.json``, ``orders/``),
``turns/fix-KKK/``, ``reports/turn-NNN[-ID].txt``, ``seed.secret``, ``passwords.txt``, ``map.yaml``, ``mail/``.
The new one:

* the table (``kernel/table.py``) from the state's players and schedule: a ``Seat`` a company (id, name, address,
  password hash, language, bot, caretaker), the GM's password hash, the caretaker's setting, ``moves`` the turns
  run, ``missed`` each company's count as ``Table.after_period`` counts it.  **The schedule is the table's alone**:
  every converted state has ``schedule`` ``None``, because ``DampfrossPlay.resolve`` does not move a deadline (the
  session moves the table's), so a copy kept in the state would go stale at the first turn and make a replayed
  state differ from the archived one by a date nobody reads.  For the same reason the state's ``chain`` (the
  session's chain replaces it) and each company's caretaker fields (the table's ``Seat.caretaker`` is the one the
  session reads) are left out of every converted state;
* the archive as steps: ``step-000`` the opening (its report ``reports/move-000.txt`` the old ``turn-000.txt``
  byte for byte; its record ``"converted": true``: a Dampfross opening is set up by its own ``new``, from the map,
  rules and companies, which ``Play.setup`` does not carry, so ``verify`` chains it and does not set it up again);
  then for every turn run one step of kind ``orders`` per company whose section counted (``orders.txt`` its lines
  as the envelope cut them, the record's ``file`` the order file's name in the old archive, ``mail`` the inbox key
  when it came by mail, ``line`` its PLAYER line) and, when the GM's section counted, one step of kind ``orders``
  with ``"gm": true`` (his sections' lines in order, as the old run merged them, whether they came by mail, in an
  order file after ``GM PASSWORD`` or in his own file, ``run --gm``, whose bare ``GM`` line needs no password: the
  record's ``file`` names it; ``postal/gmsection.py``), then
  the period's step (kind ``move``, the record as
  ``postal/periods.py: resolve`` writes one, with ``"by": "converted"``: ``verify`` resolves it again as at a
  deadline, standing orders standing in), its report ``reports/move-NNN.txt`` the old ``turn-NNN.txt`` byte for
  byte and each company's ``mail-ID.txt`` its report mail as the old outbox holds it (``report-NNN-ID``, its last
  version), or, where the outbox has none, as the old format wrote it (``report/mail.py: report_mail_text`` of the
  company's private report); a GM's correction (``turns/fix-KKK``) as the play's own (a ``fix`` step of kind
  ``play``, the Dampfross correction in its record, what it changed of the company's seat in ``set`` and
  ``level``: ``dampfross/play.py: DampfrossPlay.correct``, applied again by ``verify``), or, when the play does
  not make it again as the old format did, as the state it gave (kind ``position``, ``position.json``; ``verify``
  says on its line that the correction is not applied again) followed by the seats it changed (kinds ``seat``,
  ``caretaker``); a deadline it changed as a step of kind ``deadline``;
* the turn on hand: each section the old robot counted (``mail/inbox/*/receipt.json``: ``counted``, and the GM's
  section where it says ``gm``, in the order the mails arrived) accepted as the session accepts one (a step of
  kind ``orders``), so the turn resolves with them;
* a game of manual dice (no ``seed.secret``, no commitment) converts the same way: its dice are the GM's ROLL,
  RACE and MOVES lines of each turn, kept in his sections, so ``verify`` plays every turn again from them (its seed
  ``seed.txt`` empty, as ``new --dice manual`` writes it; ``postal/moveverify.py`` checks no commitment then);
* the last step, kind ``converted``, changes nothing and records the conversion: the SHA-256 of the old
  ``game.json`` (the old chain's last link: its ``chain`` and the old archive under ``old-format/`` prove the
  rest), the old steps converted, the time.

Nothing is lost: every old file (but ``mail/``) is kept read-only under ``DIR/old-format/``; ``mail/`` stays as it
is, and so that no mail is sent twice, the session's names of the mails already sent are written beside the old
ones (``mail/sent/move-NNN-ID.json``, ``"converted"``, naming the old mail: ``movemails.py: report_mails`` then
owes only what the old robot still owed; a turn's report the old robot never mailed, because it mails only the
last turn's, and the opening of a game past its first turn, are marked the same way, ``"not_sent"``).

Atomic: the new folder is built beside the old one (``.NAME.upgrade``), the old mail hard-linked into it, each
turn resolved again by the play and compared with the old state after it (a turn that does not reproduce refuses
the conversion, naming the turn); then the two are swapped by two renames and the old one removed.  A failure
before the swap leaves the folder exactly as it was.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from adjudicator.dampfross.app.oldformat import OldGame, archived_input
from adjudicator.dampfross.game import gamefile
from adjudicator.dampfross.game.state import GameState
from adjudicator.dampfross.play import CompanyOrders, DampfrossPlay
from adjudicator.dampfross.report.mail import report_mail_text
from adjudicator.kernel.commitment import commitment
from adjudicator.kernel.deadline import Schedule
from adjudicator.kernel.envelope import read_envelope
from adjudicator.kernel.errors import AdjudicatorError
from adjudicator.kernel.gmorders import GM_SEAT
from adjudicator.kernel.play import at_deadline, corrections_of
from adjudicator.kernel.table import Accepted, Seat, Table
from adjudicator.postal.files import atomic_write, deferred_sync, sha256, sync
from adjudicator.postal.gmsection import resolved_with
from adjudicator.postal.inbox import Inbox
from adjudicator.postal.movefix import POSITION_FILE, apply_fix
from adjudicator.postal.moves import PASSWORD_FILE, SEED_FILE, Loaded, MovesDir
from adjudicator.postal.outbox import Outbox
from adjudicator.postal.playof import play_of

if TYPE_CHECKING:
    pass

OLD = "old-format"
"""Where the old files are kept, read-only."""
BY = "converted"
"""The period records' ``by``: resolved by the old format's run, replayed by ``verify`` as at a deadline."""
KEEP_OUT = frozenset({"mail", ".lock", OLD})
"""What of the old folder is not copied under ``old-format/``: the mail stays where it is, the lock is the folder's."""


class UpgradeRefused(AdjudicatorError):
    """A folder that cannot be converted (one line: why); nothing was changed."""


@dataclass(frozen=True)
class Counted:
    """A section of an old turn that counted: its company, the inbox key of the mail it came in (``""``: a GM's
    file), the order file's name in the old archive, its PLAYER line, its lines as the envelope cut them, and the
    level of the bot that wrote it (``""``: a player)."""

    company: str
    mail: str
    file: str
    line: int
    lines: tuple[str, ...]
    bot: str = ""


def converted(state: GameState) -> GameState:
    """The state as a converted game keeps it: no chain, no schedule, no caretaker fields (the module says why)."""
    players = tuple(replace(p, caretaker=None, caretaker_from=None) if p.caretaker or p.caretaker_from is not None
                    else p for p in state.players)
    return replace(state, chain=None, schedule=None, players=players)


def table_of(state: GameState, play: DampfrossPlay) -> Table:
    """The table of a Dampfross game from its state (the opening's): its companies as seats, the schedule, the
    commitment, the caretaker's setting and the GM's password hash."""
    seats = tuple(Seat(p.id, p.name, p.email, p.password_hash, state.language_of(p.id), p.bot or "",
                       p.caretaker or "", p.caretaker_from or 0) for p in state.players)
    return Table(play.name, state.game_id, seats, state.lang, commitment=state.dice_commitment,
                 schedule=state.schedule or Schedule(),
                 caretaker_after=state.caretaker_after or 0, caretaker_level=state.caretaker_level,
                 gm_password_hash=state.gm_password_hash)


def sections_of(play: DampfrossPlay, gdir: OldGame, step: Path, record: Mapping[str, Any], before: GameState
                ) -> tuple[Counted, ...]:
    """The sections of an old turn that counted, in the order read (the last one of a company counts).  Whose
    counted is what the old run settled (``app/run.py: archived_input``: passwords, ``--trust``, the robot's
    ``accepted``); each file is cut into sections by the platform's envelope (``pasted``: a GM's file of mails
    pasted together)."""
    settled, _input, _notes = archived_input(step, record, before, gdir.load_map(before))
    if settled.gm is not None and not before.gm_password_hash:
        raise UpgradeRefused(f"{step.name}: the turn used the GM's section in a game without the GM's password "
                             "(older than it), which the one session cannot check; the game stays in the old format")
    counted = {(s.player, s.pos.file) for s in settled.sections}
    if settled.gm is not None:  # the GM's sections (their password right), merged by the old run
        counted |= {(GM_SEAT, s.pos.file) for s in settled.gm_sections}
    out = []
    for f in record.get("files", []):
        given = str(f["given_as"])
        text = (step / "orders" / f["archived_as"]).read_bytes().decode("utf-8")
        cut = f["quoted"] if isinstance(f.get("quoted"), int) else None
        key = re.match(r"mail-\d+", given)  # a mail's text: its inbox key (``StoredMail.text_key``)
        mail = key.group(0) if key is not None and isinstance(f.get("mail"), dict) else ""
        bot = f.get("bot") if isinstance(f.get("bot"), dict) else {}
        for section in read_envelope(text, play.order_line, cut, pasted=True).sections:
            company = section.seat.upper()
            if (company, given) in counted:
                out.append(Counted(company, mail, given, section.line, tuple(line for _, line in section.body),
                                   str(bot.get("level", ""))))
    return tuple(out)


def resolved(play: DampfrossPlay, before: GameState, sections: Sequence[Counted], seed: str
             ) -> tuple[GameState, dict[str, CompanyOrders]]:
    """The turn resolved by the play from the sections that counted (the last one of a company), as ``verify``
    will resolve it: at its deadline, standing orders standing in."""
    orders: dict[str, CompanyOrders] = {}
    gm = gm_of(sections)
    made_gm = None
    if gm is not None:
        made_gm, problems = play.read_gm(before, list(enumerate(gm.lines, 1)))
        if made_gm is None:
            raise UpgradeRefused(f"turn {before.turn}: the GM's section that counted does not read as his orders in "
                                 f"the play ({len(problems)} problems)")
    for c in sections:
        if c.company == GM_SEAT:
            continue
        made, problems = play.read(before, c.company, list(enumerate(c.lines, 1)))
        if made is None:
            raise UpgradeRefused(f"turn {before.turn}: the section of {c.company} that counted does not read as its "
                                 f"orders in the play ({len(problems)} problems)")
        orders[c.company] = made
    after, _turn = resolved_with(play, before, at_deadline(play, before, orders), made_gm, play.draw(seed))
    return after, orders


def gm_of(sections: Sequence[Counted]) -> Counted | None:
    """The GM's sections of a turn as one (the old run merged them): their lines in the order read, named by the
    last one's mail, file and line; ``None``: the GM sent none."""
    mine = [c for c in sections if c.company == GM_SEAT]
    if not mine:
        return None
    return replace(mine[-1], lines=tuple(line for c in mine for line in c.lines))


class _Writer:
    """The new folder's archive, written step by step through ``MovesDir`` (its chain and seals)."""

    def __init__(self, folder: MovesDir, play: DampfrossPlay):
        self.folder, self.play = folder, play
        self.game: Loaded | None = None

    def opening(self, table: Table, state: GameState, report: str, extra: Mapping[str, Any]) -> None:
        self.game = self.folder.open(self.play, table, state, report, extra)

    def commit(self, table: Table, state: GameState, record: Mapping[str, Any], orders: str = "", report: str = "",
               mails: Mapping[str, str] | None = None, kept: Mapping[str, str] | None = None) -> None:
        assert self.game is not None
        self.folder.commit(self.play, self.game, table, state, record, orders, report, mails, kept)
        self.game = Loaded(table, state, self.folder.game_file.read_text(encoding="utf-8"))

    @property
    def table(self) -> Table:
        assert self.game is not None
        return self.game.table

    @property
    def state(self) -> GameState:
        assert self.game is not None
        state: GameState = self.game.state
        return state


def _report_mail(gdir: OldGame, outbox: Outbox, turn: int, company: str, after: GameState) -> tuple[str, str]:
    """A company's report mail of ``turn``: the text the old outbox holds (``report-NNN-ID``, its last version), and
    its name; else as the old format wrote it, and ``""``."""
    versions = outbox.versions(f"report-{turn:03d}-{company}")
    if versions:
        return outbox.text(versions[-1]), versions[-1]
    private = gdir.report_path(turn, company)
    public = gdir.report_path(turn).read_text(encoding="utf-8")
    body = private.read_text(encoding="utf-8") if private.is_file() else public
    return report_mail_text(body, None, after, company, False), ""


def build(gdir: OldGame, new: MovesDir, play: DampfrossPlay, now: datetime) -> dict[str, Any]:
    """Write the converted game into ``new`` (an empty folder) from the old game ``gdir``; what the conversion's
    record says.  ``UpgradeRefused`` (one line) when a turn does not come out as archived."""
    seed = gdir.read_seed() or ""  # none: a game of manual dice (the GM's ROLL, RACE and MOVES lines are its dice)
    steps = gdir.steps()
    if not steps or steps[0].name != "turn-000":
        raise UpgradeRefused(f"{gdir.path}: a game older than the archive chain (no turns/turn-000) cannot be "
                             "converted")
    old_text = gdir.game_file.read_text(encoding="utf-8")
    current = gdir.load_state()
    outbox = Outbox(gdir)
    w = _Writer(new, play)
    opened = gdir.archived_state(steps[0], "after")[0]
    if opened.dice_mode != "manual" and (not seed or commitment(seed) != opened.dice_commitment):
        if not seed:
            raise UpgradeRefused(f"{gdir.path}: no dice seed (seed.secret) in a game of committed dice; the game "
                                 "stays in the old format")
        raise UpgradeRefused(f"{gdir.path}: the seed does not match the commitment published at the start "
                             "(adjudicate verify); the game stays in the old format")
    table = table_of(opened, play)
    w.opening(table, converted(opened), gdir.report_path(0).read_text(encoding="utf-8"), {"converted": True})
    for step in steps[1:]:
        record = gdir.record(step)
        after_old = gamefile.from_json(json.loads(gdir.archived_text(step, "after")), str(step), trusted=True)
        if record.get("kind") == "fix":
            _fix(w, step, record, after_old)
            continue
        _turn(gdir, w, step, record, after_old, seed, outbox, play)
    if converted(current) != w.state:
        raise UpgradeRefused(f"{gdir.game_file} is not the state the old archive ends with (adjudicate verify)")
    _agree(w.table, current)
    _on_hand(gdir, w, current, play)
    if w.table.schedule != (current.schedule or w.table.schedule):
        w.commit(replace(w.table, schedule=current.schedule or w.table.schedule), w.state,
                 {"kind": "deadline", "move": w.table.moves, "seat": "", "why": "converted: the deadline on hand"})
    chain = {"previous": current.chain.previous, "inputs": current.chain.inputs} if current.chain else None
    done = {"kind": "converted", "move": w.table.moves, "from": OLD, "old_game_sha256": sha256(old_text),
            "old_chain": chain,
            "old_steps": [p.name for p in steps], "at": now.astimezone(UTC).isoformat()}
    w.commit(w.table, w.state, done)
    return done


def _agree(table: Table, state: GameState) -> None:
    """``UpgradeRefused`` unless the table the steps made counts each company's missed turns and names its caretaker
    as the old state does (the session counts them in the table from now on)."""
    for p in state.players:
        seat = table.find(p.id)
        if seat is None or table.missed_by(p.id) != p.missed or (seat.caretaker or None) != p.caretaker:
            raise UpgradeRefused(f"{p.id}: the converted table does not count its missed turns or name its caretaker "
                                 "as the old game does; the game stays in the old format")


def _seat_changes(table: Table, after: GameState) -> dict[str, dict[str, str]]:
    """What a correction changed of the companies' seats, by company: the fields of ``movefix.SEAT_FIELDS`` that
    differ, and ``level`` when it handed the company to the caretaker or back."""
    out: dict[str, dict[str, str]] = {}
    for p in after.players:
        seat = table.find(p.id)
        if seat is None:
            continue
        values = {k: v for k, v in (("name", p.name), ("address", p.email), ("lang", after.language_of(p.id)),
                                    ("password_hash", p.password_hash)) if getattr(seat, k) != v}
        if (seat.caretaker or None) != p.caretaker and not p.bot:
            values["level"] = p.caretaker or ""
        if values:
            out[p.id] = values
    return out


def _own_fix(w: _Writer, step: Path, correction: Mapping[str, Any], after_old: GameState) -> bool:
    """A GM's correction as the play's own (``kernel/play.py: Corrections``; a step ``fix`` ``play`` that ``verify``
    applies again), with what it changed of the company's seat; whether it came out as the old one did (else
    nothing is written)."""
    if corrections_of(w.play) is None:
        return False
    changed = _seat_changes(w.table, after_old)
    sid = str(correction.get("player") or "")
    if set(changed) - {sid}:
        return False
    values = dict(changed.get(sid, {}))
    level = values.pop("level", None)
    fix = {"kind": "fix", "move": w.table.moves, "seat": sid, "fix": "play", "what": str(correction.get("kind", "")),
           "correction": dict(correction), "why": str(correction.get("why", "")),
           "by": str(correction.get("by", "GM")), "converted": step.name, **({"set": values} if values else {}),
           **({"level": level} if level is not None else {})}
    try:
        table, state = apply_fix(w.play, w.table, w.state, fix)
    except ValueError:
        return False
    if w.play.dump(state) != w.play.dump(converted(after_old)) or _seat_changes(table, after_old):
        return False
    w.commit(table, state, fix)
    return True


def _fix(w: _Writer, step: Path, record: Mapping[str, Any], after_old: GameState) -> None:
    """A GM's correction: the play's own, applied again by ``verify`` (``_own_fix``); else the state it gave as a
    position (and the companies' seats it changed); a deadline it changed as the session's step ``deadline``."""
    correction = record.get("correction", {})
    if not (isinstance(correction, dict) and _own_fix(w, step, correction, after_old)):
        _position_fix(w, step, record, after_old)
    if after_old.schedule is not None and after_old.schedule != w.table.schedule:
        w.commit(replace(w.table, schedule=after_old.schedule), w.state,
                 {"kind": "deadline", "move": w.table.moves, "seat": "", "why": "converted", "with": step.name})


def _position_fix(w: _Writer, step: Path, record: Mapping[str, Any], after_old: GameState) -> None:
    """A GM's correction the play does not make again: the state it gave as a position (``verify`` says it does not
    apply the correction again), then the companies' seats it changed."""
    state = converted(after_old)
    position = json.dumps(DampfrossPlay().dump(state), ensure_ascii=False, indent=1) + "\n"
    correction = record.get("correction", {})
    why = str(correction.get("why", "") if isinstance(correction, dict) else "")
    fix = {"kind": "fix", "move": w.table.moves, "seat": "", "fix": "position", "why": why,
           "by": str(correction.get("by", "GM") if isinstance(correction, dict) else "GM"), "converted": step.name,
           "correction": correction}
    table, state = apply_fix(w.play, w.table, w.state, fix, position)
    w.commit(table, state, fix, kept={POSITION_FILE: position})
    for p in after_old.players:
        seat = w.table.find(p.id)
        if seat is None:
            continue
        values = {k: v for k, v in (("name", p.name), ("address", p.email), ("lang", after_old.language_of(p.id)),
                                    ("password_hash", p.password_hash)) if getattr(seat, k) != v}
        if values:
            change = {"kind": "fix", "move": w.table.moves, "seat": p.id, "fix": "seat", "set": values, "why": why,
                      "by": fix["by"], "with": step.name}
            table, _ = apply_fix(w.play, w.table, w.state, change)
            w.commit(table, w.state, change)
        if (seat.caretaker or None) != p.caretaker and not p.bot:  # handed to the caretaker, or back, by the GM
            change = {"kind": "fix", "move": w.table.moves, "seat": p.id, "fix": "caretaker",
                      "level": p.caretaker or "", "why": why, "by": fix["by"], "with": step.name}
            table, _ = apply_fix(w.play, w.table, w.state, change)
            w.commit(table, w.state, change)


def _turn(gdir: OldGame, w: _Writer, step: Path, record: Mapping[str, Any], after_old: GameState, seed: str,
          outbox: Outbox, play: DampfrossPlay) -> None:
    """An old turn: the sections that counted as steps of kind ``orders``, then the period resolved."""
    number = int(record["turn"])
    before = w.state
    if before.turn != number:
        raise UpgradeRefused(f"{step.name}: the archive's turns are not in order (the game is at turn {before.turn})")
    sections = sections_of(play, gdir, step, record, gdir.archived_state(step, "before")[0])
    after, _orders = resolved(play, before, sections, seed)
    if play.dump(after) != play.dump(converted(after_old)):
        raise UpgradeRefused(f"{step.name}: the turn resolved again by the play is not the state archived after it; "
                             "the game stays in the old format")
    schedule = w.table.schedule
    gm = gm_of(sections)
    if gm is not None:  # the GM's section, as postal/gmsection.py accepts one
        w.commit(replace(w.table, gm=Accepted(gm.mail, gm.line, gm.lines)), before,
                 {"kind": "orders", "move": number, "seat": GM_SEAT, "gm": True, "mail": gm.mail, "file": gm.file,
                  "line": gm.line, "converted": step.name}, "".join(f"{x}\n" for x in gm.lines))
    for c in sections:
        if c.company == GM_SEAT:
            continue
        table = w.table.with_orders(c.company, Accepted(c.mail, c.line, c.lines))
        earlier = w.table.accepted(c.company)
        again = c.bot and w.table.seat(c.company).played_by == c.bot and \
            _bot_again(play, w.table, before, c.company, seed)
        rec = {"kind": "orders", "move": number, "seat": c.company, "mail": c.mail, "file": c.file, "line": c.line,
               "converted": step.name, **({"bot": c.bot} if again == c.lines else {"old_bot": c.bot} if c.bot else {}),
               **({"replaced": earlier.mail or "(converted)"} if earlier is not None else {})}
        w.commit(table, before, rec, "".join(f"{x}\n" for x in c.lines))
    acting = play.to_act(before)
    orders = {c.company for c in sections if c.company != GM_SEAT}
    stand_in = {c for c in acting if c not in orders and play.missing(before, c) is not None}
    missed = tuple(c for c in acting if c not in orders and c not in stand_in)
    period = {"kind": "missed" if len(missed) == len(acting) else "move", "move": number, "seat": "",
              "seats": list(acting), "missed": list(missed), "stand_in": sorted(stand_in),
              "mails": {sid: a.mail for sid, a in w.table.orders}, "by": BY, "converted": step.name,
              **({"gm": w.table.gm.mail} if w.table.gm is not None else {}),
              **({"at": str(record["ran_at"])} if record.get("ran_at") else {})}
    bots = {c.company: c.bot for c in sections if c.bot}
    if bots:
        period["bots"] = bots
    table = replace(w.table.after_period(acting, missed), schedule=after_old.schedule or schedule)
    mails = {}
    for p in after_old.players:
        if p.bot or not gdir.report_path(number).is_file():
            continue
        mails[p.id], _name = _report_mail(gdir, outbox, number, p.id, after_old)
    given = [*w.table.orders, *([(GM_SEAT, w.table.gm)] if w.table.gm is not None else [])]
    sent = "".join(f"PLAYER {sid}\n" + "".join(f"{x}\n" for x in a.lines) for sid, a in given)
    w.commit(table, after, period, sent, gdir.report_path(number).read_text(encoding="utf-8"), mails)


def _bot_again(play: DampfrossPlay, table: Table, state: GameState, seat: str, seed: str) -> tuple[str, ...]:
    """The lines the session's bot writes for ``seat`` from the seed (``postal/botseats.py: bot_lines``): when they
    are the old bot's, the step names the bot and ``verify`` writes them again; else it keeps them as ``old_bot``,
    read again as orders."""
    from adjudicator.postal.botseats import bot_lines

    try:
        return bot_lines(play, table, state, seat, seed)
    except (ValueError, AdjudicatorError):
        return ()


def _on_hand(gdir: OldGame, w: _Writer, current: GameState, play: DampfrossPlay) -> None:
    """The turn on hand: each section the old robot counted (its receipt's ``counted``), in the order the mails
    arrived, accepted for the period as the session accepts one."""
    if play.to_act(current) == ():
        return
    number = w.table.moves + 1
    for mail in Inbox(gdir).mails():
        doc = mail.receipt() or {}
        if doc.get("turn") != current.turn or doc.get("phase") != current.phase or not doc.get("used", True):
            continue
        counted = {str(c).upper() for c in doc.get("counted", [])} | ({GM_SEAT} if doc.get("gm") else set())
        quoted = doc.get("quoted") or ()
        for i, t in enumerate(mail.texts):
            cut = quoted[i] if i < len(quoted) and isinstance(quoted[i], int) else None
            for section in read_envelope(mail.read_text(t), play.order_line, cut).sections:
                company = section.seat.upper()
                if company not in counted:
                    continue
                lines = tuple(line for _, line in section.body)
                if company == GM_SEAT:  # the GM's section: the session's last one counts (postal/gmsection.py)
                    if w.table.gm_password_hash and play.read_gm(w.state, list(enumerate(lines, 1)))[0] is not None:
                        earlier = w.table.gm
                        w.commit(replace(w.table, gm=Accepted(mail.key, section.line, lines)), w.state,
                                 {"kind": "orders", "move": number, "seat": GM_SEAT, "gm": True, "mail": mail.key,
                                  "line": section.line, "arrived": mail.arrived.isoformat(), "converted": "receipt",
                                  **({"replaced": earlier.mail} if earlier is not None else {})},
                                 "".join(f"{x}\n" for x in lines))
                    continue
                made, _problems = play.read(w.state, company, list(enumerate(lines, 1)))
                if made is None:
                    continue
                earlier = w.table.accepted(company)
                rec = {"kind": "orders", "move": number, "seat": company, "mail": mail.key, "line": section.line,
                       "arrived": mail.arrived.isoformat(), "converted": "receipt",
                       **({"replaced": earlier.mail} if earlier is not None else {})}
                w.commit(w.table.with_orders(company, Accepted(mail.key, section.line, lines)), w.state, rec,
                         "".join(f"{x}\n" for x in lines))


def _told(gdir: OldGame, new: MovesDir, play: DampfrossPlay, now: datetime) -> None:
    """The session's names of the mails already sent (or never owed), written beside the old ones in ``mail/sent``
    of the new folder (the module says why)."""
    outbox = Outbox(gdir)
    loaded = new.load(play)
    moves = [(i, r) for i, p in enumerate(new.steps()) if (r := new.record(p)).get("kind") in ("move", "missed")]
    last = moves[-1][1]["move"] if moves else 0

    def mark(name: str, doc: Mapping[str, Any]) -> None:
        Outbox(new).told(name, {**doc, "converted": now.isoformat()})

    for seat in loaded.table.seats:
        if seat.bot:
            continue
        told = False
        for i, r in reversed(moves):
            n = int(r["move"])
            versions = outbox.versions(f"report-{n:03d}-{seat.id}")
            if versions:
                mark(f"move-{n:03d}-{seat.id}", {"kind": "report", "turn": n, "player": seat.id, "through": i,
                                                 "alias_of": versions[-1]})
                told = True
                break
            if n < last:  # the old robot mails only the last turn's report: an older one it never owed
                mark(f"move-{n:03d}-{seat.id}", {"kind": "report", "turn": n, "player": seat.id, "through": i,
                                                 "not_sent": "the old format mails only the last turn's report"})
                told = True
                break
        if not outbox.known(f"opening-{seat.id}") and (last > 0 or told):
            mark(f"opening-{seat.id}", {"kind": "opening", "player": seat.id,
                                        "not_sent": "the game was past its first turn when it was converted"})


def _snapshot_old(gdir: OldGame, new: Path) -> None:
    """Every old file but the mail, copied read-only under ``old-format/``; the mail hard-linked (the same files)."""
    old = new / OLD
    for entry in sorted(gdir.path.iterdir()):
        if entry.name in KEEP_OUT or entry.name.startswith("."):
            continue
        if entry.is_dir():
            shutil.copytree(entry, old / entry.name)
        else:
            old.mkdir(parents=True, exist_ok=True)
            shutil.copy2(entry, old / entry.name)
    for path in old.rglob("*"):
        if path.is_file():
            path.chmod(path.stat().st_mode & 0o444)
    if (gdir.path / "mail").is_dir():
        shutil.copytree(gdir.path / "mail", new / "mail", copy_function=os.link)


def is_old_format(path: Path) -> bool:
    """Whether ``path`` holds a Dampfross game of the old format (a game file that names no play), or an upgrade
    stopped between its two renames (``upgrade`` finishes it)."""
    if play_of(path) is not None:
        return False
    if (path / "game.json").is_file():
        return True
    return not path.exists() and (path.parent / f".{path.name}.upgrade").is_dir()


def upgrade(directory: str, now: datetime | None = None) -> str:
    """Convert the old-format Dampfross game in ``directory`` (module docstring); what the GM is told."""
    path = Path(directory)
    stage = path.parent / f".{path.name}.upgrade"
    aside = path.parent / f".{path.name}.old"
    if not path.exists() and stage.is_dir() and aside.is_dir():  # stopped between its two renames: the new one is whole
        os.rename(stage, path)
        shutil.rmtree(aside, ignore_errors=True)
        return (f"{directory}: the upgrade that stopped before it was swapped in is finished; check it with "
                "'adjudicate verify'.")
    if play_of(path) is not None and aside.is_dir():  # stopped after the swap, before the old one was removed
        shutil.rmtree(aside, ignore_errors=True)
    if play_of(path) is not None:
        raise UpgradeRefused(f"upgrade: {directory} is a game of the one session already (play {play_of(path)}); "
                             "nothing to upgrade")
    gdir = OldGame(path)
    if not gdir.exists():
        raise UpgradeRefused(f"upgrade: {directory} holds no Dampfross game (no game.json)")
    when = now or datetime.now(UTC)
    play = converted_play(path)
    if aside.exists():
        raise UpgradeRefused(f"upgrade: {aside} is in the way; look into it, then remove it")
    with gdir.lock():
        shutil.rmtree(stage, ignore_errors=True)  # what an upgrade killed while it built left: built again
        try:
            stage.mkdir()
            new = MovesDir(stage)
            with deferred_sync():  # the new folder made durable once, when it is whole, before it is swapped in
                done = build(gdir, new, play, when)
                seed = path / "seed.secret"  # none in a game of manual dice: an empty seed, as ``new`` writes one
                atomic_write(stage / SEED_FILE, seed.read_text(encoding="utf-8") if seed.is_file() else "\n",
                             0o600)
                atomic_write(stage / PASSWORD_FILE, (path / "passwords.txt").read_text(encoding="utf-8"), 0o600)
                for name in ("map.yaml", "mail.toml"):
                    if (path / name).is_file():
                        shutil.copy2(path / name, stage / name)
                _snapshot_old(gdir, stage)
                _told(gdir, new, play, when)
                sync()  # the copies and links above are not written through postal/files.py
        except BaseException:
            shutil.rmtree(stage, ignore_errors=True)
            raise
        os.rename(path, aside)
        os.rename(stage, path)
    shutil.rmtree(aside, ignore_errors=True)
    return (f"{directory}: converted to a game of the one session (play dampfross): {done['move']} turns, "
            f"{len(done['old_steps'])} old steps; the old files are in {directory}/{OLD}/ (read-only). "
            "Check it with 'adjudicate verify'.")


def converted_play(folder: str | Path) -> DampfrossPlay:
    """The play of a converted game (its corrections: ``dampfross/play.py: DampfrossPlay.correct``), reading the
    game's own map (``map.yaml``, old or converted)."""
    game = OldGame(folder)
    return DampfrossPlay(lambda state: game.load_map(state))

