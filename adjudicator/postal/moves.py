"""The folder of a postal game of sequential moves: the game file, the archive of every move, the reports.

::

    DIR/game.json                  {"play": ..., "table": {...}, "state": {...}, "chain": {...}}
    DIR/seed.txt, passwords.txt    the shuffle's seed and the first passwords (GM only, 0600)
    DIR/mail.toml, DIR/mail/       the postal loop's configuration, inbox and outbox
    DIR/archive/step-NNN/          record.json, game-before.json, game-after.json, orders.txt, mail-SEAT.txt
                                   (each player's mail of the move), position.json (a GM's position),
                                   statement.txt (an end-of-game statement): every change of the game file in
                                   order (000 the opening, then moves, missed moves, a simultaneous period's
                                   accepted orders, the GM's deadline changes and corrections, statements)
    DIR/reports/move-NNN.txt       each move's report (move-000: the opening)

Every write is atomic; a move is archived before ``game.json`` changes, so
a crash leaves the game as it was before the move or after it, never
between.  ``chain`` links each game file to the one before it (SHA-256) and
to the record of what made it; the record seals every other file of its
step and the move's report by their SHA-256 (``files``, ``report_sha256``;
``postal/sealed.py``), so the chain covers every file a step keeps:
``verify`` (``postal/moveverify.py``) recomputes it.  Steps archived before
the seals (issue 24) have records without them: their mails and report are
not covered, and ``verify`` says so.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from adjudicator.kernel.errors import GameBusy, GameFileError, TurnRefused
from adjudicator.kernel.jsontext import indented
from adjudicator.kernel.play import Play
from adjudicator.kernel.table import Table
from adjudicator.postal.files import STAGE_PREFIX, atomic_write, record_text, sha256, write_folder, write_new
from adjudicator.postal.lock import LockTimeout, exclusive
from adjudicator.postal.playof import GAME_FILE
from adjudicator.postal.sealed import read_exact, read_sealed, seals

SEED_FILE = "seed.txt"
PASSWORD_FILE = "passwords.txt"
PASSWORDS_BEFORE = "passwords-before.txt"
"""In a step that gave a seat a new password: the GM's passwords file as it was before (``undo`` puts it back)."""
_PRIVATE = frozenset({"orders.txt", PASSWORDS_BEFORE})
"""The files of a step only the GM reads (mode 0600), with each player's mail (``mail-SEAT.txt``: his private
report)."""
LOCK_FILE = ".lock"
ARCHIVE = "archive"
REPORTS = "reports"
LOCK_WAIT = 10.0
_STEP = re.compile(r"step-[0-9]{3}")
"""A step's folder's name (``step_path``)."""
CHAINED = ("record.json", "game-before.json", "game-after.json")
"""The files of a step that the chain covers itself; the record seals every other one (``files``)."""


def game_text(play: Play, table: Table, state: Any, chain: Mapping[str, str]) -> str:
    """The game file's text: ``play`` its first key (``play_of`` reads no further), one space indents (the text of
    ``json.dumps`` of the four keys with ``indent=1``, written by the C encoder: ``kernel/jsontext.py``; the state's
    part, the most of it, written once a state: ``_state_text``)."""
    head = indented({"play": play.name, "chain": dict(chain), "table": table.to_json()})
    return head.removesuffix("\n}") + ',\n "state": ' + _state_text(play, state) + "\n}\n"


_STATE_TEXT: list[tuple[str, Any, str]] = []
"""The last state written (``_state_text``): its play's name, the state, its text."""


def _state_text(play: Play, state: Any) -> str:
    """The state's JSON as ``game_text`` nests it (one level in: each line after the first one more space; no string
    in JSON holds a line break), kept for the same state object: each company's orders of a turn are a step whose
    game file holds the same state (``_KNOWN``), only the table changes."""
    if _STATE_TEXT and _STATE_TEXT[0][0] == play.name and _STATE_TEXT[0][1] is state:
        return _STATE_TEXT[0][2]
    text = indented(play.dump(state)).replace("\n", "\n ")
    _STATE_TEXT[:] = [(play.name, state, text)]
    return text


@dataclass(frozen=True)
class Loaded:
    table: Table
    state: Any
    text: str


_KNOWN: dict[str, tuple[str, Loaded]] = {}
"""The game file this process last wrote or read: its text and what it holds (``MovesDir.load``), by the play's
name; a command that commits a step and reads the game again (each company's orders of a turn, then the turn)
neither decodes nor checks it again."""

_HELD: set[tuple[str, int]] = set()
"""The game folders whose lock this process holds, with the thread holding it (``MovesDir.lock``)."""


class MovesDir:
    """A sequential game's folder on disk."""

    def __init__(self, path: str | Path):
        self.path = Path(path)

    @property
    def game_file(self) -> Path:
        return self.path / GAME_FILE

    def report_path(self, move: int) -> Path:
        return self.path / REPORTS / f"move-{move:03d}.txt"

    def step_path(self, number: int) -> Path:
        return self.path / ARCHIVE / f"step-{number:03d}"

    @contextmanager
    def lock(self, wait: float = LOCK_WAIT) -> Iterator[None]:
        """The game's lock, for the block; taken again inside it (by the same thread) it is already held: a game's
        command may hold it over what it reads before a command of the session that takes it itself."""
        if not self.path.is_dir():
            raise GameFileError(f"{self.path}: no game here (no such directory)")
        key = (str(self.path.resolve()), threading.get_ident())
        if key in _HELD:
            yield
            return
        try:
            with exclusive(self.path / LOCK_FILE, wait):
                _HELD.add(key)
                try:
                    yield
                finally:
                    _HELD.discard(key)
        except LockTimeout:
            raise GameBusy(f"{self.path}: another adjudicate is working on this game; try again when it is done") \
                from None

    def load(self, play: Play) -> Loaded:
        """The table and the state; ``GameFileError`` naming the file when it cannot be read."""
        try:
            text = self.game_file.read_text(encoding="utf-8")
        except OSError as exc:
            raise GameFileError(f"{self.game_file}: {exc.strerror or exc}") from None
        known = _KNOWN.get(str(self.game_file))
        if known is not None and known[0] == play.name and known[1].text == text:  # the text it was: the same game
            return known[1]
        try:
            doc = json.loads(text)
        except ValueError as exc:
            raise GameFileError(f"{self.game_file}: not JSON ({exc})") from None
        if not isinstance(doc, dict) or doc.get("play") != play.name:
            raise GameFileError(f"{self.game_file}: not a game of {play.name}")
        table = Table.from_json(doc.get("table", {}), str(self.game_file))
        vouched = getattr(play, "load_vouched", None)  # a play whose reader checks a file it need not check again
        try:
            if vouched is not None and self._archived_last(text):
                state = vouched(doc.get("state", {}))
            else:
                state = play.load(doc.get("state", {}))
        except GameFileError as exc:  # named once: the play's reader names the file by its name alone
            raise GameFileError(f"{self.game_file}: {str(exc).removeprefix(f'{GAME_FILE}: ')}") from None
        return _known(self.game_file, play, Loaded(table, state, text))

    def _archived_last(self, text: str) -> bool:
        """Whether ``text`` is the game file the last step archived (its ``game-after.json``): written by this
        program, its state was checked then, and the chain vouches for it (``verify``)."""
        steps = self.steps()
        try:
            return bool(steps) and (steps[-1] / "game-after.json").read_text(encoding="utf-8") == text
        except (OSError, UnicodeDecodeError):
            return False

    def read_seed(self) -> str:
        try:
            return (self.path / SEED_FILE).read_text(encoding="utf-8").strip()
        except FileNotFoundError:
            raise GameFileError(f"{self.path / SEED_FILE}: missing: the secret seed of the game's dice and tiles, "
                                "which only the GM's copy of the game holds; put it back from your copy") from None
        except OSError as exc:
            raise GameFileError(f"{self.path / SEED_FILE}: {exc.strerror or exc}") from None

    def read_passwords(self) -> dict[str, str]:
        """The first passwords, as ``new`` made them (GM only)."""
        try:
            text = (self.path / PASSWORD_FILE).read_text(encoding="utf-8")
        except OSError as exc:
            raise GameFileError(f"{self.path / PASSWORD_FILE}: {exc.strerror or exc}") from None
        return dict(line.split(" ", 1) for line in text.splitlines() if " " in line)

    def write_passwords(self, kept: Mapping[str, str]) -> None:
        """The GM's passwords file, replaced atomically (mode 0600)."""
        atomic_write(self.path / PASSWORD_FILE, password_text(kept), 0o600)

    def create(self, play: Play, table: Table, state: Any, seed: str, passwords: Mapping[str, str],
               opening: str, options: Mapping[str, Any] | None = None) -> None:
        """A new game's folder (it must not hold a game yet); ``options``: what the game's own ``new`` was given
        (plain JSON values, no secret), kept in the opening's record for ``verify`` (``kernel/play.py:
        SetUpWith``)."""
        if self.game_file.exists():
            raise TurnRefused(f"{self.path} already holds a game")
        self.path.mkdir(parents=True, exist_ok=True)
        with self.lock():
            write_new(self.path / SEED_FILE, seed + "\n", 0o600)
            write_new(self.path / PASSWORD_FILE, "".join(f"{sid} {pw}\n" for sid, pw in passwords.items()), 0o600)
            self.open(play, table, state, opening, {"options": dict(options)} if options is not None else {})

    def open(self, play: Play, table: Table, state: Any, opening: str,
             extra: Mapping[str, Any] | None = None) -> Loaded:
        """The archive begun: the opening's report, its step (``step-000``, the first link of the chain; ``extra``:
        more of its record) and the game file after it; the game as loaded.  The lock is held."""
        write_new(self.report_path(0), opening)
        record = {"kind": "opening", "move": 0, "files": {}, "report_sha256": sha256(opening), **(extra or {})}
        text = game_text(play, table, state, {"previous": "0" * 64, "record": sha256(record_text(record))})
        self._archive(0, {"record.json": record_text(record), "game-after.json": text})
        atomic_write(self.game_file, text)
        return Loaded(table, state, text)

    def commit(self, play: Play, before: Loaded, table: Table, state: Any, record: Mapping[str, Any],
               orders: str = "", report: str = "", mails: Mapping[str, str] | None = None,
               kept: Mapping[str, str] | None = None) -> None:
        """Archive one step (a move made or missed, a deadline changed, a GM's correction) and write the game file
        after it; a move's report, and each player's mail of it (``mails``: by seat, archived so that a tick
        killed before they were queued queues them the next time: ``mails_of``); ``kept``: other files of the
        step by name (a GM's position).  The record seals each of them and the report.  The lock is held."""
        content = {f"mail-{seat}.txt": body for seat, body in (mails or {}).items()}
        if orders:
            content["orders.txt"] = orders
        content.update(kept or {})
        record = {**record, "files": seals(content), **({"report_sha256": sha256(report)} if report else {})}
        text = game_text(play, table, state, {"previous": sha256(before.text), "record": sha256(record_text(record))})
        content.update({"record.json": record_text(record), "game-before.json": before.text, "game-after.json": text})
        self._archive(len(self.steps()), content)
        if report:
            write_new(self.report_path(table.moves), report)
        atomic_write(self.game_file, text)
        # the table as read back (its defaults filled in as a load fills them); the state is its play's own
        _known(self.game_file, play, Loaded(Table.from_json(json.loads(text)["table"], str(self.game_file)), state,
                                            text))

    def _archive(self, number: int, content: Mapping[str, str]) -> None:
        final = self.step_path(number)
        if final.exists():
            raise TurnRefused(f"{final} already exists; archived moves are never overwritten")
        final.parent.mkdir(parents=True, exist_ok=True)
        write_folder(final, content, _mode_of, final.parent)

    def steps(self) -> list[Path]:
        """The archive's steps in order (``step-NNN`` folders): one listing, no ``stat`` a step (a turn asks this
        for each step it archives, and a game's archive grows by a step a company a turn)."""
        root = self.path / ARCHIVE
        try:
            with os.scandir(root) as found:
                names = [e.name for e in found if _STEP.fullmatch(e.name) and e.is_dir()]
        except OSError:  # no archive (yet), or none that can be read: as no step
            return []
        return [root / name for name in sorted(names)]

    def recover(self) -> str | None:
        """Take back a step that a killed run archived without writing the game file after it (its game-before is
        the game file): the move is played again from its mail, which was not marked answered.  Returns the
        step's name, or ``None`` when the archive and the game file agree.  A step's stage folder that a killed
        run left (``archive/.stage-*``: orders and private reports) is removed.  The lock is held."""
        for stage in (self.path / ARCHIVE).glob(f"{STAGE_PREFIX}*"):
            shutil.rmtree(stage, ignore_errors=True)
        steps = self.steps()
        if len(steps) < 2:
            return None
        last = steps[-1]
        try:
            current = self.game_file.read_text(encoding="utf-8")
            if (last / "game-after.json").read_text(encoding="utf-8") == current:
                return None
            if (last / "game-before.json").read_text(encoding="utf-8") != current:
                raise GameFileError(f"{self.game_file} is neither the game before nor after {last.name}; "
                                    "the archive or the game file was changed by hand (adjudicate verify)")
            record = json.loads((last / "record.json").read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise GameFileError(f"{last}: cannot be read ({exc})") from None
        self._set_aside(last, record, "unfinished", "written")
        return last.name

    def _set_aside(self, step: Path, record: Mapping[str, Any], why: str, report_as: str) -> Path:
        """Move a step out of the archive (``archive/WHY-N``, returned), with its move's report
        (``REPORT_AS-move-NNN.txt``)."""
        aside = step.parent / f"{why}-{len(list(step.parent.glob(f'{why}-*'))) + 1}"
        os.replace(step, aside)
        if record.get("kind") in ("move", "missed"):
            report = self.report_path(int(record["move"]))
            if report.exists():
                os.replace(report, aside / f"{report_as}-{report.name}")
        return aside

    def game_after(self, step: Path) -> dict[str, Any]:
        """The game file a step left (its ``game-after.json``: ``table`` and ``state``, as the play dumps it);
        ``GameFileError`` naming the step when it cannot be read."""
        try:
            doc = json.loads(read_exact(step / "game-after.json"))
        except (GameFileError, ValueError) as exc:
            raise GameFileError(f"{step}: cannot be read ({exc})") from None
        if not isinstance(doc, dict) or "state" not in doc:
            raise GameFileError(f"{step / 'game-after.json'}: not the game file of a step")
        return doc

    def record(self, step: Path) -> dict[str, Any]:
        """A step's record; ``GameFileError`` naming the step when it cannot be read."""
        try:
            record = json.loads(read_exact(step / "record.json"))
        except (GameFileError, ValueError) as exc:
            raise GameFileError(f"{step}: cannot be read ({exc})") from None
        if not isinstance(record, dict):
            raise GameFileError(f"{step / 'record.json'}: not the record of a step")
        return record

    def mails_of(self, step: Path) -> dict[str, str]:
        """The players' mails of a step's move, by seat, as archived (each as sealed: ``GameFileError`` naming a
        mail changed since, which is then not sent)."""
        sealed = self.record(step).get("files")
        out = {}
        for p in sorted(step.glob("mail-*.txt")):
            expected = sealed.get(p.name, "") if isinstance(sealed, dict) else None
            out[p.name.removeprefix("mail-").removesuffix(".txt")] = read_sealed(p, expected)
        return out

    def sent_report(self, move: int) -> str | None:
        """The report of ``move`` as it was sent (``None``: there is none); ``GameFileError`` (one line naming
        it) when it was changed since its step sealed it."""
        path = self.report_path(move)
        if not path.is_file():
            return None
        for _, record in reversed(self.moves()):
            if record.get("move") == move:
                return self.report_of(record)
        return read_exact(path)

    def report_of(self, record: Mapping[str, Any]) -> str | None:
        """The report of the move whose step's ``record`` this is, as sealed (``None``: there is none);
        ``GameFileError`` (one line naming it) when it was changed since."""
        path = self.report_path(int(record["move"]))
        if not path.is_file():
            return None
        expected = record.get("report_sha256")
        return read_sealed(path, expected if isinstance(expected, str) else None)

    def moves(self, last: bool = False) -> list[tuple[Path, dict[str, Any]]]:
        """The archived steps that made the game's moves (the opening, moves made or missed), with their records;
        ``last``: only the last of them (read from the end: a tick asks this, and it costs no more in a long
        game)."""
        out = []
        for step in reversed(self.steps()) if last else self.steps():
            record = self.record(step)
            if record.get("kind") in ("opening", "move", "missed"):
                out.append((step, record))
                if last:
                    break
        return out

    def move_steps(self) -> dict[int, Path]:
        """The step of each move by its number: the opening's (0), each move made or missed."""
        return {int(record["move"]): step for step, record in self.moves()}

    def undo(self) -> dict[str, Any]:
        """Take back the last step: the game file as it was before it; the step's archive (and a move's report)
        set aside as ``archive/undone-N``.  Returns the step's record (the lock is held)."""
        steps = self.steps()
        if len(steps) < 2:
            raise TurnRefused(f"{self.path}: nothing to take back (the game is at its opening)")
        last = steps[-1]
        try:
            record = json.loads((last / "record.json").read_text(encoding="utf-8"))
            before = (last / "game-before.json").read_text(encoding="utf-8")
            after = (last / "game-after.json").read_text(encoding="utf-8")
            current = self.game_file.read_text(encoding="utf-8")
        except (OSError, ValueError) as exc:
            raise GameFileError(f"{last}: cannot be read ({exc})") from None
        if current != after:
            raise TurnRefused(f"{self.game_file} is not the game after {last.name}; nothing taken back")
        aside = self._set_aside(last, record, "undone", "published")
        if (aside / PASSWORDS_BEFORE).is_file():  # a seat's new password taken back: the GM's file as it was
            atomic_write(self.path / PASSWORD_FILE, (aside / PASSWORDS_BEFORE).read_text(encoding="utf-8"), 0o600)
        atomic_write(self.game_file, before)
        return dict(record)


def _known(game_file: Path, play: Play, game: Loaded) -> Loaded:
    """``game`` kept as what ``game_file`` holds while its text is ``game.text`` (``_KNOWN``: the last game file
    only, so a tick over many games keeps one state, not every game's)."""
    _KNOWN.clear()
    _KNOWN[str(game_file)] = (play.name, game)
    return game


def _mode_of(name: str) -> int:
    """A step's file's mode: only the GM reads the orders, a seat's password before and each player's mail."""
    return 0o600 if name in _PRIVATE or name.startswith("mail-") else 0o644


def password_text(kept: Mapping[str, str]) -> str:
    """The GM's passwords file: a line ``SEAT password`` each."""
    return "".join(f"{k} {v}\n" for k, v in kept.items())
