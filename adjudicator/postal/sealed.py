"""The files an archived step keeps, sealed by their SHA-256 in the step's record (which the chain covers).

Game-neutral: a step's ``record.json`` names every file the step wrote
beside it (orders, mails, a report) with the SHA-256 of its text; the game
file after the step carries the SHA-256 of that record, and the next step's
game file the SHA-256 of this one, so a change of any byte of any file is
found by walking the chain (``verify``) or by reading one file through
``read_sealed`` (a report printed as sent, a mail queued again).  Texts are
read as stored (UTF-8, line ends kept), as they were hashed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

from adjudicator.kernel.errors import GameFileError
from adjudicator.postal.files import sha256


def read_exact(path: Path) -> str:
    """A file's text byte for byte (UTF-8; ``\\r\\n`` stays, as written); ``GameFileError`` naming it."""
    try:
        return path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise GameFileError(f"{path} is missing") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise GameFileError(f"{path}: cannot be read: {getattr(exc, 'strerror', None) or exc}") from None


def seals(texts: Mapping[str, str]) -> dict[str, str]:
    """The SHA-256 of each text, by its file's name (what a record keeps)."""
    return {name: sha256(text) for name, text in sorted(texts.items())}


def broken_seal(path: Path, expected: str, shown: str | None = None) -> str | None:
    """What is wrong with a sealed file (it is missing, unreadable, or not the text sealed), naming it as
    ``shown`` (default: its path); ``None`` when it is the very text."""
    name = shown or str(path)
    try:
        text = read_exact(path)
    except GameFileError:
        return f"{name} is missing or cannot be read" if path.exists() else f"{name} is missing"
    if sha256(text) != expected:
        return f"{name} was changed after it was archived (its SHA-256 is not the one its step recorded)"
    return None


def read_sealed(path: Path, expected: str | None, shown: str | None = None) -> str:
    """A sealed file's text; ``GameFileError`` (one line naming it) when it is not the text sealed.
    ``expected`` ``None``: a file archived before it was sealed, read as it is."""
    if expected is not None:
        problem = broken_seal(path, expected, shown)
        if problem:
            raise GameFileError(f"{problem}; adjudicate verify tells more")
    return read_exact(path)


def strays(folder: Path, kept: Iterable[str]) -> list[str]:
    """The files in ``folder`` (an archived step) that are none of ``kept`` (a file put there afterwards)."""
    known = set(kept)
    return sorted(p.name for p in folder.iterdir() if p.name not in known) if folder.is_dir() else []
