"""The game directory on disk: atomic writes, the archive of turns, secrets.

Layout of a game directory ``DIR``::

    game.json               the state (no secrets), replaced atomically
    map.yaml                a copy of the map the game is played on
    passwords.txt           GM only (0600): ``ID PASSWORD`` lines, written once
    seed.secret             GM only (0600): the dice seed
    reports/turn-NNN.txt    public report of turn NNN (turn-000: the opening)
    reports/turn-NNN-ID.txt private report for player ID
    turns/turn-NNN/         archive: orders as received, state before and after

Nothing archived is ever overwritten.  ``game.json`` is replaced last, so a
run that fails anywhere leaves it byte-identical.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from collections.abc import Mapping
from pathlib import Path

from adjudicator.board.mapfile import parse_map
from adjudicator.board.model import GameMap
from adjudicator.errors import GameFileError, MapError, TurnRefused
from adjudicator.game import gamefile
from adjudicator.game.state import GameState

GAME_FILE = "game.json"
MAP_FILE = "map.yaml"
SEED_FILE = "seed.secret"
PASSWORD_FILE = "passwords.txt"


def atomic_write(path: Path, text: str, mode: int = 0o644) -> None:
    """Write via a temporary file, fsync and rename: readers see old or new, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_new(path: Path, text: str, mode: int = 0o644) -> None:
    """Write a file that must not exist yet (archives are never overwritten)."""
    if path.exists():
        raise TurnRefused(f"{path} already exists; archived files are never overwritten")
    atomic_write(path, text, mode)


class GameDir:
    """One game's directory."""

    def __init__(self, path: str | Path):
        self.path = Path(path)

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

    # --- reading --------------------------------------------------------
    def load_state(self) -> GameState:
        if not self.game_file.is_file():
            raise GameFileError(f"{self.path}: no game here (no {GAME_FILE}); start one with 'adjudicate new'")
        try:
            text = self.game_file.read_text(encoding="utf-8")
        except OSError as exc:
            raise GameFileError(f"{self.game_file}: cannot read: {exc.strerror}") from None
        return gamefile.loads(text, str(self.game_file))

    def load_map(self, state: GameState) -> GameMap:
        path = self.path / state.map_file
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise GameFileError(f"{path}: cannot read the game's map: {exc.strerror}") from None
        if sha256(text) != state.map_sha256:
            raise GameFileError(f"{path} has changed since the game started (its SHA-256 no longer matches game.json)")
        try:
            return parse_map(text, str(path))
        except MapError as exc:
            raise GameFileError(f"{path}: the game's map no longer loads: {exc.problems[0]}") from None

    def read_seed(self) -> str | None:
        path = self.path / SEED_FILE
        if not path.is_file():
            return None
        return path.read_text(encoding="utf-8").strip()

    def archived_state(self, turn: int, which: str) -> GameState:
        path = self.archive_path(turn) / f"state-{which}.json"
        if not path.is_file():
            raise GameFileError(f"turn {turn} is not in the archive ({path} missing)")
        return gamefile.loads(path.read_text(encoding="utf-8"), str(path))

    # --- writing --------------------------------------------------------
    def create(self, state: GameState, map_text: str, seed: str | None, passwords: Mapping[str, str],
               opening: str) -> None:
        """Write a new game directory; refuse to touch an existing game."""
        if self.exists():
            raise GameFileError(f"{self.path} already holds a game; choose another directory")
        self.path.mkdir(parents=True, exist_ok=True)
        write_new(self.path / MAP_FILE, map_text)
        if seed:
            write_new(self.path / SEED_FILE, seed + "\n", 0o600)
        write_new(self.path / PASSWORD_FILE, "".join(f"{pid} {pw}\n" for pid, pw in passwords.items()), 0o600)
        write_new(self.report_path(0), opening)
        atomic_write(self.game_file, gamefile.dumps(state))

    def commit_turn(
        self,
        before: GameState,
        after: GameState,
        orders: Mapping[str, str],
        reports: Mapping[str | None, str],
    ) -> Path:
        """Archive a turn and its reports, then replace ``game.json`` (last)."""
        turn = before.turn
        current = self.load_state()
        if current.turn != turn or gamefile.dumps(current) != gamefile.dumps(before):
            raise TurnRefused(f"game.json changed while turn {turn} was adjudicated; run again")
        final = self.archive_path(turn)
        if final.exists():
            self._set_aside(final)
        for player in reports:
            if self.report_path(turn, player).exists():
                self._set_aside(self.report_path(turn, player))
        stage = Path(tempfile.mkdtemp(dir=self.path, prefix=f".turn-{turn:03d}-"))
        try:
            for name, text in orders.items():
                write_new(stage / "orders" / name, text)
            write_new(stage / "state-before.json", gamefile.dumps(before))
            write_new(stage / "state-after.json", gamefile.dumps(after))
            for player, text in reports.items():
                write_new(stage / self.report_path(turn, player).name, text)
            final.parent.mkdir(parents=True, exist_ok=True)
            os.replace(stage, final)
        except BaseException:
            shutil.rmtree(stage, ignore_errors=True)
            raise
        for player, text in reports.items():
            write_new(self.report_path(turn, player), text)
        atomic_write(self.game_file, gamefile.dumps(after))
        return final

    def undo(self) -> int:
        """Put the last adjudicated turn back: restore its state-before, set its archive aside."""
        current = self.load_state()
        turn = current.turn - 1
        archive = self.archive_path(turn)
        if turn < 1 or not archive.is_dir():
            raise TurnRefused("there is no adjudicated turn to undo")
        after = (archive / "state-after.json").read_text(encoding="utf-8")
        if after != gamefile.dumps(current):
            raise TurnRefused(f"game.json is not the state turn {turn} produced; refusing to undo")
        before = (archive / "state-before.json").read_text(encoding="utf-8")
        gamefile.loads(before, str(archive / "state-before.json"))
        aside = self._set_aside(archive)
        for report in sorted(self.report_path(turn).parent.glob(f"turn-{turn:03d}*.txt")):
            os.replace(report, aside / f"published-{report.name}")
        atomic_write(self.game_file, before)
        return turn

    def _set_aside(self, path: Path) -> Path:
        """Rename an archive left by a failed or undone run to ``NAME.undone-K``."""
        k = 1
        while (aside := path.with_name(f"{path.name}.undone-{k}")).exists():
            k += 1
        os.replace(path, aside)
        return aside


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
