"""``adjudicate verify`` of a game of sequential moves: the commitment, the chain of every step and every file it
keeps, and every step played again from the archive.

Each step's game file carries the SHA-256 of the game file before it and of
its record; the record seals every other file of the step (orders, each
player's mail, a GM's position) and the move's report (``postal/sealed.py``),
so a change of one byte of any file the archive keeps is found and named.
Every step is then done again: the opening's draws from the seed (set up with the options its record keeps,
where the game's ``new`` had some: ``kernel/play.py: SetUpWith``), each move
from its orders, each missed move, each GM's correction from its record
(``postal/movefix.py``), and a change of a seat or a deadline must change
that and nothing else; an end-of-game statement must come after the last
period, before the statements' deadline, and change nothing.  A move played from a seat's moves sent ahead must be
the first alternative the rules allowed then (``postal/ahead.py: replayed``).
Texts are read byte for byte, as they were hashed.

Steps archived before the records sealed their files (issue 24) are
checked for what they did hash (the chain of records and game files, the
replay); a line says how many there are.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from adjudicator.kernel.commitment import commitment
from adjudicator.kernel.errors import GameFileError
from adjudicator.kernel.gmorders import gm_orders_of
from adjudicator.kernel.play import Play, at_deadline, note_deadline, read_section, setup_with_of
from adjudicator.kernel.table import Accepted, Seat, Table
from adjudicator.postal.ahead import replayed
from adjudicator.postal.botseats import bot_lines, bot_on_move, bot_orders
from adjudicator.postal.files import sha256
from adjudicator.postal.gmsection import gm_orders, resolved_with, wanting
from adjudicator.postal.movefix import POSITION_FILE, apply_fix
from adjudicator.postal.moves import ARCHIVE, CHAINED, REPORTS, MovesDir
from adjudicator.postal.periods import accepted_orders, early
from adjudicator.postal.sealed import broken_seal, read_exact, strays

SEAT_CHANGES: dict[str, tuple[str, ...]] = {
    "address": ("address",), "lang": ("lang",), "password": ("password_hash",),
    "replace": ("name", "address", "password_hash"),
}
"""Steps that change one seat (the GM's ``player`` commands before ``fix``, a player's commands by mail): the
fields each may change."""


@dataclass(frozen=True)
class _Step:
    """The texts of one archived step, as stored."""

    path: Path
    record_text: str
    record: dict[str, Any]
    after: str
    before: str | None
    chain: dict[str, Any]
    doc: dict[str, Any]


def verify(folder: MovesDir, play: Play, seed: str | None) -> list[tuple[bool, str]]:
    """One ``(ok, line)`` per check (the GM's words): the commitment, a line per step, ``game.json``; a file
    changed after it was written is named."""
    out: list[tuple[bool, str]] = []
    game = folder.load(play)
    seed = seed or folder.read_seed()
    if not game.table.commitment and not seed:  # no dice committed: the GM gives every die (Dampfross's manual)
        committed = True
        out.append((True, "no dice seed and no commitment: the GM gives every die (his sections are played again)"))
    else:
        try:
            committed = commitment(seed) == game.table.commitment
        except ValueError:
            committed = False
        out.append((committed, "the seed matches the commitment published at the start" if committed else
                    "the seed does not match the commitment published at the start"))
    steps: list[_Step] = []
    for number, path in enumerate(folder.steps()):
        try:
            steps.append(_read(path, number > 0))
        except GameFileError as exc:
            out.append((False, f"{path.name}: {exc}"))
            return out
    try:
        current: str | None = read_exact(folder.game_file)
    except GameFileError:
        current = None
    unsealed = 0
    for i, step in enumerate(steps):
        problem = _link(steps, i, current)
        if problem:
            out.append((False, f"{step.path.name}: {problem}"))
            return out
        problems = sealed_problems(folder, step.path, step.record)
        if problems is None:
            unsealed += 1
        out += [(False, f"{step.path.name}: {p}") for p in problems or ()]
        try:
            out.append(_replay(play, step.path, step.record, step.before, step.doc, seed) if committed else
                       (True, f"{step.path.name}: chained"))
        except (GameFileError, KeyError, TypeError, ValueError) as exc:
            out.append((False, f"{step.path.name}: cannot be played again ({type(exc).__name__}: {exc})"))
            return out
    if unsealed:
        older = (f"{unsealed} of the {len(steps)} steps were archived before the records sealed their files: their "
                 "orders, mails and reports are not covered, only their records and game files")
        out.append((True, older))
    last = steps[-1].after if steps else None
    out.append((current == last, "game.json is the game after the last step" if current == last else
                f"game.json is not the game after the last step ({ARCHIVE}/{steps[-1].path.name}/game-after.json): "
                "one of them was changed after it was written" if steps else "the archive holds no step"))
    return out


def verify_step(folder: MovesDir, play: Play, seed: str, number: int) -> list[str]:
    """The problems of step ``number`` alone, each in ``verify``'s line: its links (to the step before it, and to
    the step after it or ``game.json``), its seals, and the step done again from the seed; empty: it holds.  What
    self-play checks after each turn (``tools/selfplay``: ``verify`` of the whole game costs the whole archive)."""
    paths = folder.steps()
    first = max(0, number - 1)
    try:
        steps = [_read(path, i > 0) for i, path in enumerate(paths[first:number + 2], first)]
        current: str | None = read_exact(folder.game_file)
    except GameFileError as exc:
        return [str(exc)]
    i = number - first
    step = steps[i]
    problem = _link(steps, i, current)
    if problem:
        return [f"{step.path.name}: {problem}"]
    out = [f"{step.path.name}: {p}" for p in sealed_problems(folder, step.path, step.record) or ()]
    try:
        ok, line = _replay(play, step.path, step.record, step.before, step.doc, seed)
    except (GameFileError, KeyError, TypeError, ValueError) as exc:
        ok, line = False, f"{step.path.name}: cannot be played again ({type(exc).__name__}: {exc})"
    return out if ok else [*out, line]


def _same_state(play: Play, state: Any, archived: Any) -> bool:
    """Whether ``state`` is the archived one: as the play writes it today, or as it reads the archived document
    (a state a program of an older game-file format wrote, e.g. Dampfross's format 1, is the same state)."""
    doc = play.dump(state)
    return bool(doc == archived or doc == play.dump(play.load(archived)))


def _read(path: Path, has_before: bool) -> _Step:
    """A step's texts; ``GameFileError`` naming the file that cannot be read or is not what a step keeps."""
    where = f"{ARCHIVE}/{path.name}"
    record_text = read_exact(path / "record.json")
    after = read_exact(path / "game-after.json")
    before = read_exact(path / "game-before.json") if has_before else None
    record, doc = _json(record_text, f"{where}/record.json"), _json(after, f"{where}/game-after.json")
    if not isinstance(record, dict):
        raise GameFileError(f"{where}/record.json is not the record of a step")
    if not isinstance(doc, dict) or not isinstance(doc.get("chain", {}), dict):
        raise GameFileError(f"{where}/game-after.json is not a game file")
    return _Step(path, record_text, record, after, before, doc.get("chain", {}), doc)


def _json(text: str, name: str) -> Any:
    """The JSON of a step's file; ``GameFileError`` naming it when it is not JSON."""
    try:
        return json.loads(text)
    except ValueError as exc:
        raise GameFileError(f"{name} is not JSON ({exc})") from None


def _link(steps: list[_Step], i: int, current: str | None) -> str | None:
    """What is wrong with step ``i``'s link of the chain, naming the file changed (``None``: nothing).

    Each game file is vouched for by the next step: its game-before is the same text, and its game-after
    carries the SHA-256 of it; a record by its game-after, which carries its SHA-256.  So of two texts that
    differ, the one no other file vouches for is the one changed.  The last game-after is vouched for by
    ``current`` (game.json's text) alone: when they differ, both are named."""
    step = steps[i]
    where = f"{ARCHIVE}/{step.path.name}"
    changed = "was changed after it was written"
    if i + 1 < len(steps):
        nxt = steps[i + 1]
        if sha256(step.after) != nxt.chain.get("previous") and nxt.before != step.after:
            return f"{where}/game-after.json {changed} (it is not the game {nxt.path.name} started from)"
    elif step.after != current:
        return f"game.json or {where}/game-after.json {changed} (they differ)"
    if step.chain.get("record") != sha256(step.record_text):
        return f"{where}/record.json {changed} (its SHA-256 is not the one game-after.json carries)"
    if i == 0:
        return None if step.chain.get("previous") == "0" * 64 else \
            f"{where}/game-after.json {changed} (the opening follows no game)"
    if step.before != steps[i - 1].after:
        return f"{where}/game-before.json {changed} (it is not the game {steps[i - 1].path.name} ended with)"
    if step.before is None or step.chain.get("previous") != sha256(step.before):
        return f"{where}/game-after.json {changed} (it does not carry the SHA-256 of the game before it)"
    return None


def sealed_problems(folder: MovesDir, step: Path, record: Mapping[str, Any]) -> list[str] | None:
    """Every file of ``step`` (and its move's report) that is not as its record sealed it, or was put there
    afterwards, each named in one line; ``None``: a step archived before its record sealed its files."""
    files = record.get("files")
    if not isinstance(files, dict):
        return None
    where = f"{ARCHIVE}/{step.name}"
    out = [p for name, digest in files.items() if (p := broken_seal(step / name, str(digest), f"{where}/{name}"))]
    out += [f"{where}/{name} is not a file the step archived" for name in strays(step, (*CHAINED, *files))]
    digest = record.get("report_sha256")
    if isinstance(digest, str):
        move = int(record.get("move", -1))
        problem = broken_seal(folder.report_path(move), digest, f"{REPORTS}/{folder.report_path(move).name}")
        out += [problem] if problem else []
    return out


def _replay(play: Play, step: Path, record: Mapping[str, Any], before: str | None, after: Mapping[str, Any],
            seed: str) -> tuple[bool, str]:
    """One step done again: its state must come out as archived, and its table as the table before it after
    that step (a move's deadline aside, which depends on when the move ran)."""
    name, kind = step.name, record.get("kind")
    table = Table.from_json(after["table"], name)
    if kind == "opening" and record.get("converted"):  # a game converted from its old format (dampfross/app/convert.py)
        return True, f"{name}: opening converted from the old format: chained, not set up again (its game's own new)"
    if kind == "opening":
        own = setup_with_of(play) if isinstance(record.get("options"), dict) else None
        state = own.setup_with(table, play.draw(seed), record["options"]) if own is not None else \
            play.setup(table.game, table.seat_ids, play.draw(seed))  # a game without options: as it always was
    elif before is not None and kind == "statement":
        return _statement_again(play, name, record, before, after, table)
    elif before is not None and (kind == "orders" or "seats" in record):  # a game of simultaneous turns
        return _period_again(play, step, record, before, after, table, seed)
    elif before is not None and kind in ("move", "missed", "fix", "deadline", "ahead", *SEAT_CHANGES):
        old_doc = json.loads(before)
        old = play.load(old_doc["state"])
        old_table = Table.from_json(old_doc["table"], name)
        seat = str(record.get("seat"))
        orders = read_exact(step / "orders.txt") if kind == "move" and (step / "orders.txt").exists() else ""
        old_table, wrong = replayed(play, old_table, old, table, dict(record), orders)  # moves sent ahead
        if wrong:
            return False, f"{name}: {kind} done again: {wrong}"
        if kind == "ahead":
            expected = old_table
        elif kind in ("move", "missed"):
            expected = replace(old_table.after_move(seat, kind == "missed", bool(record.get("caretaker"))),
                               schedule=table.schedule)
        elif kind == "fix":
            position = read_exact(step / POSITION_FILE) if record.get("fix") == "position" else None
            expected, old = apply_fix(play, old_table, old, record, position)
        else:
            expected = _changed_only(old_table, table, kind, seat)
        if expected != table:
            return False, f"{name}: {kind} done again: the table (seats, moves) is NOT the same as archived"
        if kind == "missed":
            state, _ = play.resolve(old, at_deadline(play, old, {}), play.draw(seed))
        elif kind == "move":
            if record.get("bot") and _bot_again(play, old_table, old, seed) != orders:
                return False, f"{name}: the bot of {seat}, played again from the seed, writes other orders"
            made, problems = play.read(old, seat, list(enumerate(orders.splitlines(), 1)))
            if made is None:
                return False, f"{name}: the archived orders of {seat} do not read any more ({len(problems)} problems)"
            state, _ = play.resolve(old, {seat: made}, play.draw(seed))
        elif kind == "deadline":
            state = note_deadline(play, old, table, record)
        else:
            state = old
    else:
        return True, f"{name}: chained ({kind})"
    same = _same_state(play, state, after["state"])
    verb = "played again" if kind in ("opening", "move", "missed") else "done again"
    if kind == "fix" and record.get("converted") and record.get("fix") == "position":  # an old correction's state
        verb = f"of the old format ({record['converted']}) set as its position, the correction NOT applied again"
    return same, f"{name}: {kind} {verb}: {'the same' if same else 'NOT the same as archived'}"


def _period_again(play: Play, step: Path, record: Mapping[str, Any], before: str, after: Mapping[str, Any],
                  table: Table, seed: str) -> tuple[bool, str]:
    """A step of a game of simultaneous turns done again (``postal/periods.py``): a seat's orders accepted (they
    must read, and change the table's accepted orders alone), or a period resolved from the orders accepted before
    it (at its deadline with what ``missing`` gives; before it only when the play says they were ready)."""
    name, kind = step.name, record.get("kind")
    old_doc = json.loads(before)
    old, old_table = play.load(old_doc["state"]), Table.from_json(old_doc["table"], name)
    if kind == "orders" and record.get("gm"):  # the GM's own section (postal/gmsection.py)
        return _gm_again(play, step, record, old, old_table, after, table)
    if kind == "orders":
        seat = str(record.get("seat"))
        files = record.get("files")
        empty = isinstance(files, dict) and "orders.txt" not in files  # a section of no lines: no orders.txt
        lines = () if empty else tuple(read_exact(step / "orders.txt").splitlines())
        numbers = tuple(int(n) for n in record.get("numbers", ()))  # each line's in the mail (none: from 1)
        arrived = str(record.get("arrived", "")) if numbers and record.get("mail") else ""  # a mail's, kept with
        # the numbers (not before them); an order file's lines (app/moverun.py) have numbers but no mail
        kept = table.accepted(seat)  # the GM's order file's name, kept with the orders (a game kept before: none)
        file = str(record.get("file") or "") if kept is not None and kept.file and not record.get("mail") else ""
        accepted = Accepted(str(record.get("mail")), int(record.get("line", 0)), lines, numbers, arrived, file)
        made, problems = read_section(play, old, seat, accepted.numbered(),
                                      datetime.fromisoformat(arrived).astimezone(old_table.schedule.tz())
                                      if arrived else None, file)
        if made is None or seat not in play.to_act(old):
            return False, f"{name}: the archived orders of {seat} do not read any more ({len(problems)} problems)"
        if record.get("bot") and (old_table.seat(seat).played_by != record.get("bot") or
                                  bot_lines(play, old_table, old, seat, seed) != lines):
            return False, f"{name}: the bot of {seat}, played again from the seed, writes other orders"
        expected = old_table.with_orders(seat, accepted)
        same = expected == table and _same_state(play, old, after["state"])
        return same, f"{name}: orders of {seat} read again: {'the same' if same else 'NOT the same as archived'}"
    orders = accepted_orders(play, old, old_table)
    if record.get("due") or record.get("by") in ("gm", "converted"):  # at its deadline, by the GM's run, or converted
        orders = at_deadline(play, old, orders)
    elif not play.ready(old, orders):
        return False, f"{name}: resolved before its deadline, but the orders accepted were not ready"
    elif not early(old_table.schedule):
        return False, f"{name}: resolved before its deadline, but the schedule did not allow it (no --early)"
    gm = gm_orders(play, old, old_table)
    if wanting(play, old, gm, orders):
        return False, f"{name}: resolved, but the period still wanted the GM's section"
    acting = play.to_act(old)
    missed = tuple(sid for sid in acting if sid not in orders)
    expected = replace(old_table.after_period(acting, missed), schedule=table.schedule)
    if expected != table or list(missed) != record.get("missed"):
        return False, f"{name}: {kind} done again: the table (seats, moves) is NOT the same as archived"
    state, _ = resolved_with(play, old, orders, gm, play.draw(seed))
    same = _same_state(play, state, after["state"])
    return same, f"{name}: {kind} resolved again: {'the same' if same else 'NOT the same as archived'}"


def resolved_again(folder: MovesDir, play: Play, move: int) -> tuple[Any, Any, Table] | None:
    """Period ``move`` of a simultaneous game resolved again from its step, for what the archive does not keep of
    it (a seat's own report of a past period, the routes of Dampfross's races): the state before it, its events and
    the table after it, from the orders accepted before it, the GM's section and the seed (a game whose GM gives
    every die needs none).  ``None`` when the period has no step, or does not come out as archived (no seed, or a
    changed archive: ``verify`` says which)."""
    step = folder.move_steps().get(move)
    if step is None or move == 0:
        return None
    record = folder.record(step)
    before = json.loads(read_exact(step / "game-before.json"))
    old, old_table = play.load(before["state"]), Table.from_json(before["table"], step.name)
    after = json.loads(read_exact(step / "game-after.json"))
    orders = accepted_orders(play, old, old_table)
    if record.get("due") or record.get("by") in ("gm", "converted"):
        orders = at_deadline(play, old, orders)
    seed, gm = folder.read_seed(), gm_orders(play, old, old_table)
    if not seed and gm is None:  # the dice are neither the seed's nor given by the GM
        return None
    state, events = resolved_with(play, old, orders, gm, play.draw(seed))
    if play.dump(state) != after["state"]:
        return None
    return old, events, Table.from_json(after["table"], step.name)


def _gm_again(play: Play, step: Path, record: Mapping[str, Any], old: Any, old_table: Table,
              after: Mapping[str, Any], table: Table) -> tuple[bool, str]:
    """The GM's section accepted again: it must read, and change the table's GM's section alone."""
    name = step.name
    reads = gm_orders_of(play)
    lines = tuple(read_exact(step / "orders.txt").splitlines())
    made = reads.read_gm(old, list(enumerate(lines, 1)))[0] if reads is not None else None
    if made is None or not play.to_act(old) or not old_table.gm_password_hash:
        return False, f"{name}: the archived GM's section does not read any more"
    expected = replace(old_table, gm=Accepted(str(record.get("mail")), int(record.get("line", 0)), lines))
    same = expected == table and _same_state(play, old, after["state"])
    return same, f"{name}: the GM's section read again: {'the same' if same else 'NOT the same as archived'}"


def _statement_again(play: Play, name: str, record: Mapping[str, Any], before: str, after: Mapping[str, Any],
                     table: Table) -> tuple[bool, str]:
    """An end-of-game statement (``postal/statements.py``): taken after the last period, before the statements'
    deadline, from a seat of the game, changing nothing of it (its ``statement.txt`` is sealed by the record)."""
    old_doc = json.loads(before)
    old, old_table = play.load(old_doc["state"]), Table.from_json(old_doc["table"], name)
    seat, due = str(record.get("seat")), old_table.schedule.due_at()
    if play.to_act(old) or seat not in old_table.seat_ids:
        return False, f"{name}: a statement of {seat}, but the game was not over or has no such seat"
    if not old_table.schedule.statements or due is None or datetime.fromisoformat(str(record["arrived"])) > due:
        return False, f"{name}: a statement of {seat} taken when no statements were collected"
    same = old_table == table and _same_state(play, old, after["state"])
    return same, f"{name}: statement of {seat}: {'the game unchanged' if same else 'the game NOT unchanged'}"


def _bot_again(play: Play, table: Table, state: Any, seed: str) -> str | None:
    """The orders the bot on move writes again from the seed (``None``: no bot is on move)."""
    if bot_on_move(play, table, state) is None:
        return None
    return "".join(f"{line}\n" for line in bot_orders(play, table, state, seed))


def _changed_only(old: Table, new: Table, kind: Any, sid: str) -> Table:
    """The table ``old`` with what a step of ``kind`` may change taken from ``new`` (a deadline: the schedule;
    a seat's change: its fields of ``SEAT_CHANGES``): equal to ``new`` when nothing else changed."""
    if kind == "deadline":
        return replace(old, schedule=new.schedule)
    fields = SEAT_CHANGES[str(kind)]
    target = new.find(sid)

    def changed(s: Seat) -> Seat:
        if s.id != sid or target is None:
            return s
        return replace(s, **{f: getattr(target, f) for f in fields})

    return replace(old, seats=tuple(changed(s) for s in old.seats))
