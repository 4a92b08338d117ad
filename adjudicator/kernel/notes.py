"""What a tick of the postal loop tells the GM: a code and its data (the words are ``kernel/words/gm.py``'s)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

NoteKind = Literal["stored", "duplicate", "sender-mismatch", "refused", "replaced", "late", "no-orders", "queued",
                   "sent", "send-failed", "no-smtp", "ran", "reminded", "statements", "no-address",
                   "statement", "gm-section", "busy", "headers-only", "automatic", "set-aside",
                   "too-many-sections", "guesses", "commands", "deferred", "partly-refused", "retried",
                   "moved", "missed", "to-gm", "prose-to-gm", "over-budget", "notices-spent", "address-asked",
                   "address-set",
                   "password-reset", "password-asked-again", "password-set", "bot-moved", "bot-refused",
                   "caretaker-moved", "caretaker-on", "caretaker-off", "bot-orders", "caretaker-orders",
                   "bot-orders-refused",
                   "ahead-kept", "ahead-moved", "ahead-dropped", "gm-wanting"]
"""Every note a tick may make (``kernel/words/gm.py: GM_NOTES`` words each; a test keeps the two in step)."""


@dataclass(frozen=True)
class PostalNote:
    """Something the GM should know about a tick: a code and its data."""

    kind: NoteKind
    data: tuple[tuple[str, str | int], ...] = ()
