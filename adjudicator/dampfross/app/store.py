"""The game directory on disk: atomic writes, one run at a time, the chained archive, secrets.

Layout of a game directory ``DIR``::

    game.json               the state (no secrets), replaced atomically, last
    map.yaml                a copy of the map the game is played on
    passwords.txt           GM only (0600): ``ID PASSWORD`` lines (``GM`` too), written once
    seed.secret             GM only (0600): the dice seed
    .lock                   held by the command that writes the game
    reports/turn-NNN.txt    public report of turn NNN (turn-000: the opening), 0644
    reports/turn-NNN-ID.txt private report for player ID, 0600
    turns/turn-000/         the opening: state-after.json (the whole state), record.json
    turns/turn-NNN/         a turn: orders/ as used (numbered in the order read),
                            changes.json (what changed in the state), record.json, reports
    turns/fix-KKK/          the GM's correction K: changes.json, record.json

Every archived step records what made it (``record.json``: the order files
and their SHA-256 in the order used, ``--trust``, the GM's files; or the
correction) and what it changed in the state (``changes.json``, with the
SHA-256 of the state before and after; ``archive.py`` makes every state
from them); its state-after carries the SHA-256 of its state-before and
of that record (``GameState.chain``), so the archive is one chain from the
opening to ``game.json``.  Games archived before issue 18 keep
``state-before.json`` and ``state-after.json`` in each step, and are read as
they are.  On every load ``game.json`` is compared with the
last archived state: a hand edit is noticed at once; ``adjudicate verify``
walks the whole chain and replays every step.  Nothing archived is ever
overwritten, and ``game.json`` is replaced last, so a run that fails
anywhere (or is killed) leaves it byte-identical.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import re
import shutil
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from adjudicator.dampfross.app.archive import CHANGES_FILE, StepStates, changes_text, document
from adjudicator.dampfross.board.errors import MapError
from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.game import gamefile
from adjudicator.dampfross.game.codec import correction_to_json
from adjudicator.dampfross.game.state import Chain, Correction, GameState
from adjudicator.kernel.errors import GameBusy, GameFileError, TurnRefused
from adjudicator.postal.cache import remembered
from adjudicator.postal.files import STAGE_PREFIX, atomic_write, record_text, sha256, write_folder, write_new
from adjudicator.postal.lock import LockTimeout, exclusive

GAME_FILE = "game.json"
MAP_FILE = "map.yaml"
SEED_FILE = "seed.secret"
PASSWORD_FILE = "passwords.txt"
LOCK_FILE = ".lock"
LOCK_WAIT = float(os.environ.get("ADJUDICATE_LOCK_WAIT", "10"))
"""Seconds a command waits for another one working on the same game before it refuses."""


@dataclass(frozen=True)
class UsedFile:
    """An order file as a run used it: the name it was given as, its text, and the name in the archive."""

    given_as: str
    text: str
    archived_as: str
    encoding: str = ""  # the file's encoding when it was not UTF-8 (archived as UTF-8)


def used_files(texts: Sequence[tuple[str, str]], encodings: Mapping[str, str]) -> tuple[UsedFile, ...]:
    """Files in the order used, archived as ``01-NAME`` so the order survives."""
    return tuple(UsedFile(given, text, f"{i:02d}-{Path(given).name}", encodings.get(given, ""))
                 for i, (given, text) in enumerate(texts, 1))


def record_of_turn(turn: int, files: Sequence[UsedFile], trust: bool, gm_files: Sequence[str]) -> dict[str, Any]:
    """What made a turn: every order file in the order used, with its SHA-256; ``--trust``; the GM's files."""
    return {
        "kind": "turn", "turn": turn, "trust": trust, "gm_files": list(gm_files),
        "files": [{"given_as": f.given_as, "archived_as": f.archived_as, "sha256": sha256(f.text),
                   **({"encoding": f.encoding} if f.encoding else {})} for f in files],
    }


def record_of_fix(c: Correction) -> dict[str, Any]:
    return {"kind": "fix", "turn": c.turn, "correction": correction_to_json(c)}


def chained(after: GameState, before_text: str | None, record: Mapping[str, Any],
            before_sha256: str | None = None) -> GameState:
    """The state with its link to the state it came from (its text, or the SHA-256 of it) and to what made it."""
    previous = before_sha256 or (sha256(before_text) if before_text is not None else "0" * 64)
    return replace(after, chain=Chain(previous, sha256(record_text(record))))


class GameDir:
    """One game's directory."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self._states: StepStates | None = None  # the archived states, made when first asked for
        self._states_key: tuple[object, ...] = ()

    @property
    def game_file(self) -> Path:
        return self.path / GAME_FILE

    def exists(self) -> bool:
        return self.game_file.is_file()

    def report_path(self, turn: int, player: str | None = None) -> Path:
        suffix = f"-{player}" if player else ""
        return self.path / "reports" / f"turn-{turn:03d}{suffix}.txt"

    def archive_path(self, turn: int) -> Path:
        return self.path / "turns" / f"turn-{turn:03d}"

    def fix_path(self, number: int) -> Path:
        return self.path / "turns" / f"fix-{number:03d}"

    # --- one writer at a time ---------------------------------------------
    @contextmanager
    def lock(self, wait: float | None = None) -> Iterator[None]:
        """Hold the game's lock: a second command waits up to ``LOCK_WAIT`` seconds, then refuses clearly.

        Stage folders a killed run left behind (they hold order files, with
        passwords) are removed once the lock is held.
        """
        if not self.path.is_dir():
            raise GameFileError(f"{self.path}: no game here (no such directory)")
        try:
            with exclusive(self.path / LOCK_FILE, LOCK_WAIT if wait is None else wait):
                self._remove_stale_stages()
                yield
        except LockTimeout:
            raise GameBusy(f"{self.path}: another adjudicate is working on this game; try again when it is done") \
                from None
        except OSError as exc:
            raise GameFileError(f"{self.path}: {exc.strerror or exc} ({exc.filename or self.path})") from None

    def _remove_stale_stages(self) -> None:
        for stage in self.path.glob(f"{STAGE_PREFIX}*"):
            shutil.rmtree(stage, ignore_errors=True)

    # --- reading --------------------------------------------------------
    def load_state(self, *, check_archive: bool = True) -> GameState:
        """The game's state; with ``check_archive``, refused when game.json is not the last archived state."""
        return self.read_state(check_archive=check_archive)[0]

    def read_state(self, *, check_archive: bool = True) -> tuple[GameState, str]:
        """The game's state and the text of ``game.json`` it was read from (see ``load_state``)."""
        if not self.game_file.is_file():
            raise GameFileError(f"{self.path}: no game here (no {GAME_FILE}); start one with 'adjudicate new'")
        text = self._read(self.game_file)
        try:
            doc = document(text)  # not changed by reading it as a state
        except ValueError:
            doc = None  # gamefile.loads says where
        last = self._last_step_of(doc) if check_archive else None
        archived = last is not None and last.is_dir() and self._archived_as(last, text)
        # the text the program archived last is not checked against the schema again (it was when written)
        state = gamefile.from_json(doc, str(self.game_file), trusted=True) if archived else \
            gamefile.loads(text, str(self.game_file))
        if check_archive and not archived:
            last = self.last_step(state)
            if last is not None and last.is_dir() and not self._archived_as(last, text):
                raise GameFileError(
                    f"{self.game_file} is not the state archived in {last.relative_to(self.path)}: it was "
                    "changed outside adjudicate (corrections go through 'adjudicate fix'); "
                    "'adjudicate verify' tells more")
        return state, text

    def last_step(self, state: GameState) -> Path | None:
        """The archive folder whose state-after game.json must be (``None`` for a game older than the chain)."""
        fix = state.corrections[-1] if state.corrections else None
        return self._last_step(state.turn, (fix.turn, fix.number) if fix else None)

    def _last_step(self, turn: int, fix: tuple[int, int] | None) -> Path | None:
        if fix is not None and fix[0] == turn:
            return self.fix_path(fix[1])
        path = self.archive_path(turn - 1)
        if turn - 1 == 0 and not path.is_dir():
            return None
        return path

    def _last_step_of(self, doc: Any) -> Path | None:
        """``last_step`` of a game file's document not yet read as a state (``None`` when it is no game file)."""
        try:
            fixes = doc.get("corrections") or []
            fix = (int(fixes[-1]["turn"]), int(fixes[-1]["number"])) if fixes else None
            return self._last_step(int(doc["turn"]), fix)
        except (AttributeError, KeyError, IndexError, TypeError, ValueError):
            return None

    def _archived_as(self, step: Path, text: str) -> bool:
        """Whether ``text`` is the state ``step`` archived (its whole text, or the SHA-256 its changes recorded)."""
        full = step / "state-after.json"
        if full.is_file():
            return self._read(full) == text
        return self.states.changes_of(step).get("after_sha256") == sha256(text)

    def load_map(self, state: GameState) -> GameMap:
        path = self.path / state.map_file
        text = self._read(path)
        if sha256(text) != state.map_sha256:
            raise GameFileError(f"{path} has changed since the game started (its SHA-256 no longer matches game.json)")
        try:
            return _parsed_map(text, state.map_file)  # its name in the game, not the path: one copy a text
        except MapError as exc:
            raise GameFileError(f"{path}: the game's map no longer loads: {exc.problems[0]}") from None

    def read_seed(self) -> str | None:
        path = self.path / SEED_FILE
        return self._read(path).strip() if path.is_file() else None

    def read_passwords(self) -> dict[str, str]:
        """The passwords file (GM only): company (and ``GM``) to password."""
        return dict(line.split(maxsplit=1) for line in self._read(self.path / PASSWORD_FILE).splitlines() if line)

    def write_passwords(self, secrets: Mapping[str, str]) -> None:
        """Replace the passwords file (GM only, 0600) at once: a stand-by's new password."""
        try:
            atomic_write(self.path / PASSWORD_FILE, "".join(f"{who} {pw}\n" for who, pw in secrets.items()), 0o600)
        except OSError as exc:
            raise GameFileError(f"{self.path}: cannot write {PASSWORD_FILE}: {exc.strerror or exc}") from None

    def archived_state(self, step: Path, which: str) -> tuple[GameState, str]:
        """An archived state and its text (``which``: before or after).

        A state made from the steps' changes has the SHA-256 the archive recorded when the program wrote it
        (``archive.StepStates``): it is not checked against the schema again; a whole state archived before
        (an older game) is.
        """
        text = self.archived_text(step, which)
        made = (step / CHANGES_FILE).is_file() and not (step / f"state-{which}.json").is_file()
        return gamefile.loads(text, str(step / f"state-{which}.json"), trusted=made), text

    def archived_text(self, step: Path, which: str) -> str:
        """The text of an archived state, unread as a state (for comparing it with another one); made from the
        steps' changes (``archive.StepStates``)."""
        return self.states.after(step) if which == "after" else self.states.before(step)

    @property
    def states(self) -> StepStates:
        """The archived states, made again when the archive's folders or ``game.json`` changed (by this or by
        another ``GameDir`` of the same game)."""
        key = self._archive_key()
        if self._states is None or self._states_key != key:
            self._states, self._states_key = StepStates(self), key
        return self._states

    def _archive_key(self) -> tuple[object, ...]:
        folder = self.path / "turns"
        try:
            names = tuple(sorted(os.listdir(folder)))
            stat = self.game_file.stat()
        except OSError:
            return ()
        return names, stat.st_mtime_ns, stat.st_size, stat.st_ino

    def read_text(self, path: Path) -> str:
        """A file of the game, a clear error when it cannot be read."""
        return self._read(path)

    def record(self, step: Path) -> dict[str, Any]:
        path = step / "record.json"
        try:
            doc = json.loads(self._read(path))
        except ValueError:
            raise GameFileError(f"{path}: not valid JSON") from None
        if not isinstance(doc, dict):
            raise GameFileError(f"{path}: not a record of a step")
        return doc

    def steps(self) -> list[Path]:
        """Every archived step in the order played: the opening, then per turn its corrections and the turn."""
        folder = self.path / "turns"
        try:
            with os.scandir(folder) as entries:  # a folder's entries tell their kind: no stat a step
                found = [folder / e.name for e in entries if "." not in e.name and e.is_dir()]
        except (FileNotFoundError, NotADirectoryError):
            found = []

        def order(p: Path) -> tuple[int, int, int]:
            kind, _, number = p.name.partition("-")
            if kind == "fix":
                rec = self.record(p)
                return int(rec.get("turn", 0)), 0, int(number)
            return int(number), 1, 0

        return sorted(found, key=order)

    def _read(self, path: Path) -> str:
        try:
            return path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise GameFileError(f"{path}: missing") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise GameFileError(f"{path}: cannot read: {getattr(exc, 'strerror', None) or exc}") from None

    # --- writing --------------------------------------------------------
    def create(self, state: GameState, map_text: str, seed: str | None, passwords: Mapping[str, str],
               opening: str) -> None:
        """Write a new game directory (the opening archived as turn 0); refuse to touch an existing game."""
        if self.exists():
            raise GameFileError(f"{self.path} already holds a game; choose another directory")
        try:
            self.path.mkdir(parents=True, exist_ok=True)
            with self.lock():
                write_new(self.path / MAP_FILE, map_text)
                if seed:
                    write_new(self.path / SEED_FILE, seed + "\n", 0o600)
                write_new(self.path / PASSWORD_FILE, "".join(f"{pid} {pw}\n" for pid, pw in passwords.items()),
                          0o600)
                write_new(self.report_path(0), opening)
                record = {"kind": "opening", "turn": 0}
                state = chained(state, None, record)
                text = gamefile.dumps(state)
                self._archive(self.archive_path(0), {"record.json": record_text(record), "state-after.json": text})
                atomic_write(self.game_file, text)
        except OSError as exc:
            raise GameFileError(f"{self.path}: cannot write the game: {exc.strerror or exc}") from None

    def commit_turn(self, before: GameState, after: GameState, files: Sequence[UsedFile], record: Mapping[str, Any],
                    reports: Mapping[str | None, str], before_text: str | None = None) -> Path:
        """Archive a turn, its orders and reports, then replace ``game.json`` (last).  Hold the lock.

        ``before_text``: the text ``before`` was read from (``read_state``), so it is not written out again.
        """
        turn = before.turn
        before_text = before_text or gamefile.dumps(before)
        if self._read(self.game_file) != before_text:
            raise TurnRefused(f"game.json changed while turn {turn} was adjudicated; run again")
        final = self.archive_path(turn)
        if final.exists():
            self._set_aside(final)
        for player in reports:
            if self.report_path(turn, player).exists():
                self._set_aside(self.report_path(turn, player))
        after_text = gamefile.dumps(after)
        content = {f"orders/{f.archived_as}": f.text for f in files}
        content.update({CHANGES_FILE: changes_text(before_text, after_text), "record.json": record_text(record)})
        content.update({self.report_path(turn, player).name: text for player, text in reports.items()})
        try:
            self._archive(final, content)
            for player, text in reports.items():
                write_new(self.report_path(turn, player), text, 0o644 if player is None else 0o600)
            atomic_write(self.game_file, after_text)
        except OSError as exc:
            raise GameFileError(f"{self.path}: cannot write turn {turn}: {exc.strerror or exc}; "
                                "game.json is unchanged, the turn can be run again") from None
        return final

    def commit_fix(self, before: GameState, after: GameState, record: Mapping[str, Any],
                   passwords_before: Mapping[str, str] | None = None) -> Path:
        """Archive a GM's correction and replace ``game.json``.  Hold the lock.

        ``passwords_before``: the passwords file before a stand-by got a new
        password, kept with the correction (GM only) so that ``undo`` can put
        it back.
        """
        assert after.corrections
        before_text = gamefile.dumps(before)
        if self._read(self.game_file) != before_text:
            raise TurnRefused("game.json changed meanwhile; correct again")
        final = self.fix_path(after.corrections[-1].number)
        if final.exists():
            self._set_aside(final)
        after_text = gamefile.dumps(after)
        try:
            content = {CHANGES_FILE: changes_text(before_text, after_text), "record.json": record_text(record)}
            if passwords_before is not None:
                content[PASSWORD_FILE] = "".join(f"{who} {pw}\n" for who, pw in passwords_before.items())
            self._archive(final, content)
            atomic_write(self.game_file, after_text)
        except OSError as exc:
            raise GameFileError(f"{self.path}: cannot write the correction: {exc.strerror or exc}") from None
        return final

    def _archive(self, final: Path, content: Mapping[str, str]) -> None:
        """Write a whole archive folder through a stage folder renamed into place at once."""
        self._states = None
        write_folder(final, content, _mode, self.path)

    def undo(self) -> tuple[str, int]:
        """Put the last step back (a turn or a correction): restore its state-before, set its archive aside.

        Returns what was undone: ``("turn", N)`` or ``("fix", K)``.
        """
        with self.lock():
            current = self.load_state()
            step = self.last_step(current)
            if step is None or step == self.archive_path(0) or not step.is_dir():
                raise TurnRefused("there is no adjudicated turn or correction to undo")
            _, before = self.archived_state(step, "before")
            is_turn = step.name.startswith("turn-")
            turn = current.turn - 1
            try:
                aside = self._set_aside(step)
                if (aside / PASSWORD_FILE).is_file():  # a stand-by's password taken back
                    atomic_write(self.path / PASSWORD_FILE, self._read(aside / PASSWORD_FILE), 0o600)
                if is_turn:
                    for report in sorted(self.report_path(turn).parent.glob(f"turn-{turn:03d}*.txt")):
                        os.replace(report, aside / f"published-{report.name}")
                atomic_write(self.game_file, before)
                self._states = None
            except OSError as exc:
                raise GameFileError(f"{self.path}: cannot undo: {exc.strerror or exc}") from None
            return ("turn", turn) if is_turn else ("fix", current.corrections[-1].number)

    def _set_aside(self, path: Path) -> Path:
        """Rename an archive left by a failed or undone run to ``NAME.undone-K``."""
        self._states = None
        k = 1
        while (aside := path.with_name(f"{path.name}.undone-{k}")).exists():
            k += 1
        os.replace(path, aside)
        return aside


def _mode(name: str) -> int:
    """Order files (passwords) and private reports are the GM's and their players' only: 0600."""
    return 0o600 if name.startswith("orders/") or name == PASSWORD_FILE or _PRIVATE.match(name) else 0o644


_PRIVATE = re.compile(r"^turn-\d{3}-[A-Z]")


def stamp() -> str:
    """The time now, UTC, to the second (for the GM's corrections)."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


@lru_cache(maxsize=4)
def _parsed_map(text: str, source: str) -> GameMap:
    """A game's map, parsed once per process (replays read it for every turn) and kept in the cache.

    What the map's geometry derives (borders, the town indexes) is worked
    out before it is kept, so a run that reads it back has it at once.  The
    key names the text, the file's name in the game and the code that reads
    maps and derives from them (so a changed checkout never reads a stale one);
    not the game's folder, so every game of a map (and a game named by two
    paths in one process) shares one copy.
    """
    key = "map-" + hashlib.sha256(_map_code() + f"\n{source}\n{text}".encode()).hexdigest()[:40] + ".pickle"
    return remembered(key, lambda: _with_derived(_parse(text, source)), GameMap)


@lru_cache(maxsize=1)
def _map_code() -> bytes:
    """The source of the modules that read maps and derive from them (found, not imported)."""
    names = ("model", "mapfile", "advancedfile")
    specs = (importlib.util.find_spec(f"adjudicator.dampfross.board.{name}") for name in names)
    return b"".join(Path(spec.origin).read_bytes() for spec in specs if spec is not None and spec.origin)


def _parse(text: str, source: str) -> GameMap:
    """The map parsed from its YAML; the parser (and PyYAML) is imported only when the cache has no copy."""
    from adjudicator.dampfross.board.mapfile import parse_map

    return parse_map(text, source)


def _with_derived(gmap: GameMap) -> GameMap:
    for name, attr in vars(GameMap).items():
        if isinstance(attr, cached_property):
            getattr(gmap, name)
    return gmap
