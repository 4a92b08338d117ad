"""What one tick of one game did (``Tick``): the notes for the GM, the error that stopped it, what did not stop it.

Its own module, so that what fills one in (a turn run from files, a period resolved, the caretaker) does not
import the postal loop, the mail source and the outbox with it (``tests/test_lazy_imports.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from adjudicator.kernel.notes import PostalNote


@dataclass
class Tick:
    """What one tick of one game did: notes for the GM, and the error that stopped it, if any."""

    directory: str
    notes: list[PostalNote] = field(default_factory=list)
    error: str = ""
    failure: PostalNote | None = None
    """The error as a note the CLI words (a send that failed), when it has one."""
    problems: list[str] = field(default_factory=list)
    """Errors that did not stop the game's tick (mails of the source that cannot be read): an ``error:`` line
    each."""
    refused: list[dict[str, object]] = field(default_factory=list)
    """The sections for a seat refused in this tick (their password wrong; ``postal/turns.py``), each with its
    period (``move``): the period resolved in the tick keeps them (``postal/periods.py: refusals``) before the
    mail they came in is marked answered."""

    def note(self, kind: str, **data: str | int) -> None:
        self.notes.append(PostalNote(kind, tuple(data.items())))  # type: ignore[arg-type]
