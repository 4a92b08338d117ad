"""Reading a Dampfross game folder of the old format, for ``convert.py`` (``adjudicate upgrade``) alone.

Before issue 34 Dampfross kept its games in a folder of its own (the old ``store.py: GameDir``)::

    game.json               the whole state, with its own chain (``GameState.chain``)
    map.yaml                the game's map
    passwords.txt           ``ID PASSWORD`` lines (``GM`` too)
    seed.secret             the dice seed (none: a game of manual dice)
    reports/turn-NNN.txt    the public report of turn NNN (turn-000: the opening); turn-NNN-ID.txt a private one
    turns/turn-000/         the opening: record.json, state-after.json (the whole state)
    turns/turn-NNN/         a turn: record.json (the order files in the order used, ``--trust``, the GM's own
                            files), orders/ (the files as used), changes.json (what changed in the state, with the
                            SHA-256 of the state before and after)
    turns/fix-KKK/          the GM's correction K: record.json, changes.json
    mail/                   the old robot's inbox (``receipt.json`` verdicts) and outbox (``report-NNN-ID``)

The writer of that format is gone; what the converter needs of it is read here: the steps in the order played,
each state made from the opening by the steps' changes (``kernel/changes.py: forward``), each checked against the
SHA-256 its step recorded (older steps that keep ``state-before.json`` and ``state-after.json`` are read as they
are), the game's map, seed and passwords, and an archived turn's orders settled as its run settled them
(``archived_input``: the files from the archive, the GM's trust and own files from the record).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from adjudicator.dampfross.board.errors import MapError
from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.engine.turn import TurnInput
from adjudicator.dampfross.game import gamefile
from adjudicator.dampfross.game.state import GameState
from adjudicator.dampfross.orders import Note, OrderSet, Pos, ReceivedFiles, parse_orders, usable
from adjudicator.dampfross.orders.codes import NoteCode, args
from adjudicator.dampfross.orders.sections import MailPlace
from adjudicator.dampfross.orders.translate import GMNote
from adjudicator.kernel.changes import forward
from adjudicator.kernel.errors import GameBusy, GameFileError, TurnRefused
from adjudicator.kernel.jsontext import indented
from adjudicator.postal.files import sha256
from adjudicator.postal.lock import LockTimeout, exclusive

GAME_FILE = "game.json"
SEED_FILE = "seed.secret"
PASSWORD_FILE = "passwords.txt"
CHANGES_FILE = "changes.json"
LOCK_FILE = ".lock"
LOCK_WAIT = float(os.environ.get("ADJUDICATE_LOCK_WAIT", "10"))
"""Seconds the upgrade waits for another command working on the same game before it refuses."""


class OldGame:
    """One old-format game folder, read (never written)."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self._steps: list[Path] | None = None
        self._at: int | None = None  # the step whose state-after ``_doc`` is
        self._doc: Any = None
        self._texts: dict[int, str] = {}  # the texts of the states made last, by step

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

    @contextmanager
    def lock(self) -> Iterator[None]:
        """Hold the game's lock (the old format's ``.lock``, the one every command of it took)."""
        try:
            with exclusive(self.path / LOCK_FILE, LOCK_WAIT):
                yield
        except LockTimeout:
            raise GameBusy(f"{self.path}: another adjudicate is working on this game; try again when it is done") \
                from None
        except OSError as exc:
            raise GameFileError(f"{self.path}: {exc.strerror or exc} ({exc.filename or self.path})") from None

    def read_text(self, path: Path) -> str:
        """A file of the game, a clear error when it cannot be read."""
        try:
            return path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise GameFileError(f"{path}: missing") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise GameFileError(f"{path}: cannot read: {getattr(exc, 'strerror', None) or exc}") from None

    def load_state(self) -> GameState:
        """The state ``game.json`` holds (the converter checks it is the one the archive ends with)."""
        return gamefile.loads(self.read_text(self.game_file), str(self.game_file))

    def load_map(self, state: GameState) -> GameMap:
        """The game's map (its own copy), refused when it is not the one the game started on."""
        from adjudicator.dampfross.board.mapfile import parse_map

        path = self.path / state.map_file
        text = self.read_text(path)
        if sha256(text) != state.map_sha256:
            raise GameFileError(f"{path} has changed since the game started (its SHA-256 no longer matches game.json)")
        try:
            return _parsed_map(text, state.map_file, parse_map)
        except MapError as exc:
            raise GameFileError(f"{path}: the game's map no longer loads: {exc.problems[0]}") from None

    def read_seed(self) -> str | None:
        """The dice seed; ``None``: a game of manual dice (no ``seed.secret``)."""
        path = self.path / SEED_FILE
        return self.read_text(path).strip() if path.is_file() else None

    def record(self, step: Path) -> dict[str, Any]:
        path = step / "record.json"
        try:
            doc = json.loads(self.read_text(path))
        except ValueError:
            raise GameFileError(f"{path}: not valid JSON") from None
        if not isinstance(doc, dict):
            raise GameFileError(f"{path}: not a record of a step")
        return doc

    def steps(self) -> list[Path]:
        """Every archived step in the order played: the opening, then per turn its corrections and the turn (a step
        an old ``undo`` set aside, ``NAME.undone-K``, is none)."""
        if self._steps is None:
            folder = self.path / "turns"
            found = [p for p in folder.iterdir() if "." not in p.name and p.is_dir()] if folder.is_dir() else []

            def order(p: Path) -> tuple[int, int, int]:
                kind, _, number = p.name.partition("-")
                if kind == "fix":
                    return int(self.record(p).get("turn", 0)), 0, int(number)
                return int(number), 1, 0

            self._steps = sorted(found, key=order)
        return self._steps

    def archived_state(self, step: Path, which: str) -> tuple[GameState, str]:
        """An archived state (``which``: before or after the step) and its text."""
        text = self.archived_text(step, which)
        return gamefile.loads(text, str(step / f"state-{which}.json"), trusted=True), text

    def archived_text(self, step: Path, which: str) -> str:
        """The text of the state ``step`` started from (``which`` ``before``) or ended with (``after``): kept whole
        by an older step, else made from the opening by the steps' changes and checked against the SHA-256 the
        step recorded."""
        full = step / f"state-{which}.json"
        if full.is_file():
            return self.read_text(full)
        steps = self.steps()
        try:
            i = steps.index(step)
        except ValueError:
            raise GameFileError(f"{step}: not a step of the archive") from None
        if which == "before":
            if i == 0:
                raise GameFileError(f"{step}: the opening has no state before it")
            return self.archived_text(steps[i - 1], "after")
        return self._text(i)

    def doc_after(self, step: Path) -> Any:
        """The state ``step`` ended with as a JSON document: the walk's own, made from the one before by the step's
        changes (its SHA-256 not checked here); good until the next question to this object, not to be changed."""
        full = step / "state-after.json"
        if full.is_file():
            return json.loads(self.read_text(full))
        self._go(self.steps().index(step))
        return self._doc

    def _text(self, i: int) -> str:
        if i not in self._texts:
            self._go(i)
            text = indented(self._doc) + "\n"  # game.json's layout (``gamefile.dumps``)
            if i > 0:
                recorded = self._changes(self.steps()[i]).get("after_sha256")
                if sha256(text) != recorded:
                    raise GameFileError(f"{self.steps()[i]}: its changes do not give the state the archive recorded "
                                        "(the archive was changed)")
            self._texts = {k: t for k, t in self._texts.items() if abs(k - i) <= 1}
            self._texts[i] = text
        return self._texts[i]

    def _go(self, i: int) -> None:
        """Make ``_doc`` the state after step ``i``, going on from the state kept, or from the opening."""
        steps = self.steps()
        if self._at is None or self._at > i:
            self._at, self._doc = 0, json.loads(self.read_text(steps[0] / "state-after.json"))
        while self._at < i:
            self._at += 1
            step = steps[self._at]
            full = step / "state-after.json"
            if full.is_file():
                self._doc = json.loads(self.read_text(full))
                continue
            try:
                self._doc = forward(self._doc, self._changes(step)["changes"])
            except (ValueError, KeyError, TypeError):
                self._at = None
                raise GameFileError(f"{step / CHANGES_FILE}: the changes do not fit the state before them (the "
                                    "archive was changed)") from None

    def _changes(self, step: Path) -> dict[str, Any]:
        path = step / CHANGES_FILE
        try:
            doc = json.loads(self.read_text(path))
            if isinstance(doc, dict) and isinstance(doc.get("changes"), list):
                return doc
        except ValueError:
            pass
        raise GameFileError(f"{path}: not the changes of a step")


_MAPS: dict[tuple[str, str], GameMap] = {}


def _parsed_map(text: str, source: str, parse: Any) -> GameMap:
    """A game's map parsed once per process (every turn of a conversion reads it)."""
    key = (sha256(text), source)
    if key not in _MAPS:
        _MAPS.clear()
        _MAPS[key] = parse(text, source)
    return _MAPS[key]


def archived_input(step: Path, record: Mapping[str, Any], before: GameState, gmap: GameMap
                   ) -> tuple[OrderSet, TurnInput, list[GMNote]]:
    """An archived turn's orders settled as its run settled them (``orders/usable.py: settle``): the files from the
    archive, the GM's trust, own files (``run --gm``) and the robot's ``accepted`` from the step's ``record``."""
    gm_files = tuple(str(Path(f["given_as"])) for f in record["files"]
                     if f["archived_as"] in record.get("gm_files", []))
    accepted = {f["given_as"]: tuple(record["accepted"][f["archived_as"]]) for f in record["files"]
                if f["archived_as"] in record.get("accepted", {})}
    received = archived_files(step, record)
    done = usable.settle(before, gmap, received.orders(game=before.game_id, turn=before.turn),
                         bool(record.get("trust")), gm_files, standing=True, accepted=accepted)
    if isinstance(done, usable.Unusable):
        raise TurnRefused(f"{step.name}: the archived orders do not make the turn any more")
    return done.orders, done.turn_input, list(done.notes)


def archived_files(step: Path, record: Mapping[str, Any]) -> ReceivedFiles:
    """A turn's order files as the run read them: from the archive, in the order used, each checked by its SHA-256."""
    texts: list[tuple[str, str]] = []
    notes: list[Note] = []
    places: list[MailPlace] = []
    cuts: list[int | None] = []
    for f in record.get("files", []):
        if isinstance(f.get("mail"), dict):
            places.append((f["given_as"], str(f["mail"].get("arrived", "")), str(f["mail"].get("part", ""))))
        path = step / "orders" / f["archived_as"]
        try:
            text = path.read_bytes().decode("utf-8")  # as stored: CR LF and lone CR line ends kept
        except (OSError, UnicodeDecodeError) as exc:
            raise GameFileError(f"{path}: cannot read: {getattr(exc, 'strerror', None) or exc}") from None
        if sha256(text) != f["sha256"]:
            raise GameFileError(f"{path} is not the file the turn was run with (its SHA-256 differs)")
        texts.append((f["given_as"], text))
        cuts.append(f["quoted"] if isinstance(f.get("quoted"), int) else None)
        if f.get("encoding"):
            notes.append(Note(NoteCode.NOT_UTF8, Pos(f["given_as"], 1), args(encoding=f["encoding"])))
    parsed = tuple(parse_orders(text, given, cut) for (given, text), cut in zip(texts, cuts, strict=True))
    return ReceivedFiles(parsed, tuple(texts), (), tuple(notes), tuple(places),
                         tuple((given, cut) for (given, _), cut in zip(texts, cuts, strict=True) if cut is not None))
