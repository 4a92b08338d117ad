"""The archived states of a game: each step keeps the changes of its state, and the states are made from them.

A step of the archive (a turn, a correction) keeps ``changes.json``: what
changed in the state (``kernel.changes``: the new ledger entries and dice,
the new balances, ...) and the SHA-256 of the state before and after, not the
whole state twice: a long game archived its growing ledger and dice log again
every turn (a 100-turn game took 40 MB).  The opening (``turns/turn-000``)
keeps its whole state, ``game.json`` is the last one; every state between is
made by going forward from the opening or back from ``game.json``, and must
have the SHA-256 the step recorded.  Steps archived before (with
``state-before.json`` and ``state-after.json``) are read as they are.

``StepStates`` keeps the last state it made, so that a walk through the whole
game (``verify``, ``report --all``, the site) makes each state once, in
either direction; going forward, the ledger and the dice log grow in place
and the text of each state writes only their new entries
(``kernel.jsontext.ListTexts``): a state's text costs what its turn added,
not what the game holds.
"""

from __future__ import annotations

import json
from functools import cached_property, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from adjudicator.kernel.changes import backward, changes, forward
from adjudicator.kernel.errors import GameFileError
from adjudicator.kernel.jsontext import ListTexts, indented
from adjudicator.postal.files import sha256

if TYPE_CHECKING:
    from adjudicator.dampfross.app.store import GameDir

CHANGES_FILE = "changes.json"


@lru_cache(maxsize=2)
def document(text: str) -> Any:
    """``json.loads(text)``, kept for the last two texts read: a turn reads its game file's text as a state and
    then archives the changes from it (and a process of many turns reads the state it wrote).  Shared: never to
    be changed (``kernel.changes.forward`` changes a document in place: give it ``json.loads``' own)."""
    return json.loads(text)


def changes_text(before_text: str, after_text: str) -> str:
    """The text of a step's ``changes.json``: the changes from one game file's text to the other's."""
    ops = changes(document(before_text), document(after_text))
    lines = ",\n".join(f"  {json.dumps(op, ensure_ascii=False)}" for op in ops)  # one change a line
    return (f'{{\n "before_sha256": "{sha256(before_text)}",\n "after_sha256": "{sha256(after_text)}",\n'
            f' "changes": {f"[{chr(10)}{lines}{chr(10)} ]" if ops else "[]"}\n}}\n')


def state_text(doc: Any, kept: ListTexts | None = None) -> str:
    """A game file's text from its document (``gamefile.dumps``' layout); ``kept``: see ``ListTexts``."""
    return indented(doc, kept) + "\n"


class StepStates:
    """The texts of a game's archived states, made from the steps' changes (see the module)."""

    def __init__(self, gdir: GameDir):
        self.gdir = gdir
        self._at: int | None = None  # the step whose state-after ``_doc`` is
        self._doc: Any = None
        self._texts: dict[int, str] = {}  # the last texts made, by step
        self._lists = ListTexts()  # the texts of the ledger and dice log written last: a walk writes the new items

    @cached_property
    def steps(self) -> list[Path]:
        """The archive's steps in order, listed when first needed (a turn asks only for its last step's changes,
        ``changes_of``: it lists no folder per turn played)."""
        return self.gdir.steps()

    @cached_property
    def _index(self) -> dict[Path, int]:
        return {p: i for i, p in enumerate(self.steps)}

    def after(self, step: Path) -> str:
        """The text of the state ``step`` ended with."""
        full = step / "state-after.json"
        if full.is_file():
            return self.gdir.read_text(full)
        i = self._index.get(step)
        if i is None or not (step / CHANGES_FILE).is_file():
            raise GameFileError(f"{step / CHANGES_FILE} is missing from the archive")
        return self._text(i)

    def before(self, step: Path) -> str:
        """The text of the state ``step`` started from."""
        full = step / "state-before.json"
        if full.is_file():
            return self.gdir.read_text(full)
        i = self._index.get(step)
        if not i:
            raise GameFileError(f"{step / CHANGES_FILE} is missing from the archive")
        return self.after(self.steps[i - 1])

    def sha256_of(self, step: Path, which: str) -> str:
        """The SHA-256 of the state ``step`` started from or ended with (``which``: before or after), as the
        step recorded it (no state is made; ``verify`` checks every state against it)."""
        full = step / f"state-{which}.json"
        if full.is_file():
            return sha256(self.gdir.read_text(full))
        recorded = self.changes_of(step).get(f"{which}_sha256")
        if not isinstance(recorded, str):
            raise GameFileError(f"{step / CHANGES_FILE}: no SHA-256 of the state {which} the step")
        return recorded

    def doc_after(self, step: Path) -> Any:
        """The state ``step`` ended with as a JSON document, made from the changes without writing its text
        (its SHA-256 is not checked here); good until the next question to this object, not to be changed."""
        full = step / "state-after.json"
        i = self._index.get(step)
        if full.is_file() or i is None:
            return json.loads(self.after(step))
        self._go(i)
        return self._doc

    def changes_of(self, step: Path) -> dict[str, Any]:
        path = step / CHANGES_FILE
        try:
            doc = json.loads(self.gdir.read_text(path))
            if isinstance(doc, dict) and isinstance(doc.get("changes"), list):
                return doc
        except ValueError:
            pass
        raise GameFileError(f"{path}: not the changes of a step")

    # --- walking ------------------------------------------------------------------------------------------
    def _text(self, i: int) -> str:
        if i not in self._texts:
            self._go(i)
        if i not in self._texts:  # not game.json's own text
            text = state_text(self._doc, self._lists)
            recorded = self.changes_of(self.steps[i]).get("after_sha256")
            if sha256(text) != recorded:
                raise GameFileError(f"{self.steps[i]}: its changes do not give the state the archive recorded "
                                    f"(the archive was changed); 'adjudicate verify' tells more")
            self._texts = {k: t for k, t in self._texts.items() if abs(k - i) <= 1}
            self._texts[i] = text
        return self._texts[i]

    def _go(self, i: int) -> None:
        """Make ``_doc`` the state-after of step ``i``: on from the state kept, or from the nearer end."""
        if self._at is None or abs(self._at - i) > min(i, len(self.steps) - 1 - i) + 1:  # a next step: go on
            self._start(i)
        assert self._at is not None
        while self._at > i:
            step = self.steps[self._at]
            full = step / "state-before.json"
            self._doc = json.loads(self.gdir.read_text(full)) if full.is_file() else \
                self._apply(backward, step)
            self._at -= 1
        while self._at < i:
            self._at += 1
            step = self.steps[self._at]
            full = step / "state-after.json"
            self._doc = json.loads(self.gdir.read_text(full)) if full.is_file() else self._apply(forward, step)

    def _start(self, i: int) -> None:
        """Start from ``game.json`` (when it is the last step's state and nearer) or from the opening."""
        last = len(self.steps) - 1
        if last - i < i:
            text = self.gdir.read_text(self.gdir.game_file)
            step = self.steps[last]
            full = step / "state-after.json"
            fits = (self.gdir.read_text(full) == text) if full.is_file() else \
                (step / CHANGES_FILE).is_file() and self.changes_of(step).get("after_sha256") == sha256(text)
            if fits:
                self._at, self._doc = last, json.loads(text)
                self._texts[last] = text  # its SHA-256 is the one recorded: nothing to write out again
                return
        self._at, self._doc = 0, json.loads(self.after(self.steps[0]))

    def _apply(self, how: Any, step: Path) -> Any:
        try:
            return how(self._doc, self.changes_of(step)["changes"])
        except (ValueError, KeyError, TypeError):
            self._at, self._texts = None, {}  # the state kept is half changed: start again next time
            raise GameFileError(f"{step / CHANGES_FILE}: the changes do not fit the state before them "
                                "(the archive was changed); 'adjudicate verify' tells more") from None
