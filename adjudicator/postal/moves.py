"""The folder of a postal game of sequential moves: the game file, the archive of every move, the reports.

::

    DIR/game.json                  {"play": ..., "table": {...}, "state": {...}, "chain": {...}}
    DIR/seed.txt, passwords.txt    the shuffle's seed and the first passwords (GM only, 0600)
    DIR/mail.toml, DIR/mail/       the postal loop's configuration, inbox and outbox
    DIR/archive/step-NNN/          record.json, game-before.json, game-after.json, orders.txt: every change of
                                   the game file in order (000 the opening, then moves, missed moves, the GM's
                                   deadline changes)
    DIR/reports/move-NNN.txt       each move's report (move-000: the opening)

Every write is atomic; a move is archived before ``game.json`` changes, so
a crash leaves the game as it was before the move or after it, never
between.  ``chain`` links each game file to the one before it (SHA-256) and
to the record of what made it: ``verify`` recomputes it.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from adjudicator.kernel.commitment import commitment
from adjudicator.kernel.errors import GameBusy, GameFileError, TurnRefused
from adjudicator.kernel.play import Play
from adjudicator.kernel.table import Table
from adjudicator.postal.files import atomic_write, record_text, sha256, write_folder, write_new
from adjudicator.postal.lock import LockTimeout, exclusive

GAME_FILE = "game.json"
SEED_FILE = "seed.txt"
PASSWORD_FILE = "passwords.txt"
LOCK_FILE = ".lock"
ARCHIVE = "archive"
REPORTS = "reports"
LOCK_WAIT = 10.0


def game_text(play: Play, table: Table, state: Any, chain: Mapping[str, str]) -> str:
    """The game file's text: ``play`` its first key (``play_of`` reads no further), one space indents."""
    return json.dumps({"play": play.name, "chain": dict(chain), "table": table.to_json(), "state": play.dump(state)},
                      ensure_ascii=False, indent=1) + "\n"


_PLAY = re.compile(rb'\A\{\s*"play": "([a-z][a-z0-9-]{0,39})"')


def play_of(path: Path) -> str | None:
    """The play a game folder holds, from the first line of its game file (``None``: no game of moves, e.g. a
    Dampfross game, whose file is not read further: every command and tick asks this first)."""
    try:
        with (path / GAME_FILE).open("rb") as f:
            head = f.read(64)
    except OSError:
        return None
    found = _PLAY.match(head)
    return found.group(1).decode("ascii") if found else None


@dataclass(frozen=True)
class Loaded:
    table: Table
    state: Any
    text: str


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
        if not self.path.is_dir():
            raise GameFileError(f"{self.path}: no game here (no such directory)")
        try:
            with exclusive(self.path / LOCK_FILE, wait):
                yield
        except LockTimeout:
            raise GameBusy(f"{self.path}: another adjudicate is working on this game; try again when it is done") \
                from None

    def load(self, play: Play) -> Loaded:
        """The table and the state; ``GameFileError`` naming the file when it cannot be read."""
        try:
            text = self.game_file.read_text(encoding="utf-8")
        except OSError as exc:
            raise GameFileError(f"{self.game_file}: {exc.strerror or exc}") from None
        try:
            doc = json.loads(text)
        except ValueError as exc:
            raise GameFileError(f"{self.game_file}: not JSON ({exc})") from None
        if not isinstance(doc, dict) or doc.get("play") != play.name:
            raise GameFileError(f"{self.game_file}: not a game of {play.name}")
        table = Table.from_json(doc.get("table", {}), str(self.game_file))
        return Loaded(table, play.load(doc.get("state", {})), text)

    def read_seed(self) -> str:
        try:
            return (self.path / SEED_FILE).read_text(encoding="utf-8").strip()
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
        atomic_write(self.path / PASSWORD_FILE, "".join(f"{k} {v}\n" for k, v in kept.items()), 0o600)

    def create(self, play: Play, table: Table, state: Any, seed: str, passwords: Mapping[str, str],
               opening: str) -> None:
        """A new game's folder (it must not hold a game yet)."""
        if self.game_file.exists():
            raise TurnRefused(f"{self.path} already holds a game")
        self.path.mkdir(parents=True, exist_ok=True)
        with self.lock():
            write_new(self.path / SEED_FILE, seed + "\n", 0o600)
            write_new(self.path / PASSWORD_FILE, "".join(f"{sid} {pw}\n" for sid, pw in passwords.items()), 0o600)
            write_new(self.report_path(0), opening)
            record = {"kind": "opening", "move": 0}
            text = game_text(play, table, state, {"previous": "0" * 64, "record": sha256(record_text(record))})
            self._archive(0, {"record.json": record_text(record), "game-after.json": text})
            atomic_write(self.game_file, text)

    def commit(self, play: Play, before: Loaded, table: Table, state: Any, record: Mapping[str, Any],
               orders: str = "", report: str = "", mails: Mapping[str, str] | None = None) -> None:
        """Archive one step (a move made or missed, a deadline changed) and write the game file after it; a move's
        report, and each player's mail of it (``mails``: by seat, archived so that a tick killed before they were
        queued queues them the next time: ``mails_of``).  The lock is held."""
        text = game_text(play, table, state, {"previous": sha256(before.text), "record": sha256(record_text(record))})
        content = {"record.json": record_text(record), "game-before.json": before.text, "game-after.json": text}
        if orders:
            content["orders.txt"] = orders
        content.update({f"mail-{seat}.txt": body for seat, body in (mails or {}).items()})
        self._archive(len(self.steps()), content)
        if report:
            write_new(self.report_path(table.moves), report)
        atomic_write(self.game_file, text)

    def _archive(self, number: int, content: Mapping[str, str]) -> None:
        final = self.step_path(number)
        if final.exists():
            raise TurnRefused(f"{final} already exists; archived moves are never overwritten")
        final.parent.mkdir(parents=True, exist_ok=True)
        write_folder(final, content, lambda name: 0o600 if name == "orders.txt" else 0o644, final.parent)

    def steps(self) -> list[Path]:
        root = self.path / ARCHIVE
        return sorted(p for p in root.glob("step-[0-9][0-9][0-9]") if p.is_dir()) if root.is_dir() else []

    def recover(self) -> str | None:
        """Take back a step that a killed run archived without writing the game file after it (its game-before is
        the game file): the move is played again from its mail, which was not marked answered.  Returns the
        step's name, or ``None`` when the archive and the game file agree."""
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

    def _set_aside(self, step: Path, record: Mapping[str, Any], why: str, report_as: str) -> None:
        """Move a step out of the archive (``archive/WHY-N``), with its move's report (``REPORT_AS-move-NNN.txt``)."""
        aside = step.parent / f"{why}-{len(list(step.parent.glob(f'{why}-*'))) + 1}"
        os.replace(step, aside)
        if record.get("kind") in ("move", "missed"):
            report = self.report_path(int(record["move"]))
            if report.exists():
                os.replace(report, aside / f"{report_as}-{report.name}")

    def mails_of(self, step: Path) -> dict[str, str]:
        """The players' mails of a step's move, by seat, as archived."""
        return {p.name.removeprefix("mail-").removesuffix(".txt"): p.read_text(encoding="utf-8")
                for p in sorted(step.glob("mail-*.txt"))}

    def moves(self, last: bool = False) -> list[tuple[Path, dict[str, Any]]]:
        """The archived steps that made the game's moves (the opening, moves made or missed), with their records;
        ``last``: only the last of them (read from the end: a tick asks this, and it costs no more in a long
        game)."""
        out = []
        for step in reversed(self.steps()) if last else self.steps():
            try:
                record = json.loads((step / "record.json").read_text(encoding="utf-8"))
            except (OSError, ValueError) as exc:
                raise GameFileError(f"{step}: cannot be read ({exc})") from None
            if record.get("kind") in ("opening", "move", "missed"):
                out.append((step, record))
                if last:
                    break
        return out

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
        self._set_aside(last, record, "undone", "published")
        atomic_write(self.game_file, before)
        return dict(record)


def verify(folder: MovesDir, play: Play, seed: str | None) -> list[tuple[bool, str]]:
    """``adjudicate verify`` of a game of moves: the commitment, the SHA-256 chain of every step, and every step
    played again from the archive (the opening's draws, each move from its orders, each missed move), so that
    every hidden tile drawn is recomputed from the seed.  One ``(ok, line)`` per check (the GM's words)."""
    out: list[tuple[bool, str]] = []
    game = folder.load(play)
    seed = seed or folder.read_seed()
    try:
        committed = commitment(seed) == game.table.commitment
    except ValueError:
        committed = False
    out.append((committed, "the seed matches the commitment published at the start" if committed else
                "the seed does not match the commitment published at the start"))
    previous = None
    for step in folder.steps():
        try:
            record = json.loads((step / "record.json").read_text(encoding="utf-8"))
            after = (step / "game-after.json").read_text(encoding="utf-8")
            before = (step / "game-before.json").read_text(encoding="utf-8") if previous is not None else None
            orders = (step / "orders.txt").read_text(encoding="utf-8") if (step / "orders.txt").exists() else ""
            doc = json.loads(after)
            if not isinstance(doc, dict) or not isinstance(doc.get("chain", {}), dict):
                raise ValueError("game-after.json is not a game file")
        except (OSError, ValueError) as exc:
            out.append((False, f"{step.name}: cannot be read ({exc})"))
            return out
        chain = doc.get("chain", {})
        linked = chain.get("record") == sha256(record_text(record)) and before == previous and \
            chain.get("previous") == (sha256(before) if before is not None else "0" * 64)
        if not linked:
            out.append((False, f"{step.name}: the chain is broken (a file was changed after it was written)"))
            return out
        try:
            out.append(_replay(play, step.name, record, before, doc, orders, seed) if committed else
                       (True, f"{step.name}: chained"))
        except (GameFileError, KeyError, TypeError, ValueError) as exc:
            out.append((False, f"{step.name}: cannot be played again ({type(exc).__name__}: {exc})"))
            return out
        previous = after
    current = folder.game_file.read_text(encoding="utf-8")
    out.append((current == previous, "game.json is the game after the last step" if current == previous else
                "game.json is not the game after the last step"))
    return out


def _replay(play: Play, name: str, record: Mapping[str, Any], before: str | None, after: Mapping[str, Any],
            orders: str, seed: str) -> tuple[bool, str]:
    """One step played again: its state must come out as archived, and a move's table as the table before it
    after that move (its deadline aside, which depends on when the move ran)."""
    kind = record.get("kind")
    table = Table.from_json(after["table"], name)
    if kind == "opening":
        state = play.setup(table.game, table.seat_ids, play.draw(seed))
    elif kind in ("move", "missed") and before is not None:
        old_doc = json.loads(before)
        old = play.load(old_doc["state"])
        seat = str(record.get("seat"))
        expected = Table.from_json(old_doc["table"], name).after_move(seat, kind == "missed")
        if replace(expected, schedule=table.schedule) != table:
            return False, f"{name}: {kind} played again: the table (seats, moves) is NOT the same as archived"
        if kind == "missed":
            state, _ = play.miss(old, seat)
        else:
            made, problems = play.read(old, seat, list(enumerate(orders.splitlines(), 1)))
            if made is None:
                return False, f"{name}: the archived orders of {seat} do not read any more ({len(problems)} problems)"
            state, _ = play.move(old, seat, made, play.draw(seed))
    else:
        return True, f"{name}: chained ({kind})"
    same = play.dump(state) == after["state"]
    return same, f"{name}: {kind} played again: {'the same' if same else 'NOT the same as archived'}"
