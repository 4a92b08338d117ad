"""The robot's own mail quoted in a player's reply, for every game (issue 32): what it sent an address lately, and
where a mail quotes it.

Most mail programs quote the mail a reply answers below the reply; the
mail a player answers is the robot's (the report, a receipt, the opening).
``kernel/mailtext.py`` stops reading at every reply header it knows; this is
the second guard, for a quote without any sign (a header in another
language, a mail program's own, none at all): no line the robot itself sent
to the sender's address lately is read as an order when it stands below the
mail's own orders.

"Lately" is the robot's last ``RECENT`` mails to that address, queued or
sent (a period's replies are at most ``frontdoor.REPLIES_PER_ADDRESS``, and
there are the report, a reminder, the opening: the mails of this period and
the last).  Only the mail's text is compared, never its attachments (mail
programs quote the text).  The pure reading is ``mailtext.sent_quote``; here
the outbox is read, once a tick, and a mail's texts.

The line found is part of the mail's record (``quoted``: a line per text,
``None`` for a text without one), so a game that reads the mail again later
(Dampfross's turn, from the mails that count) reads it as its receipt did;
a turn's record keeps it for ``verify`` and the replays.
"""

from __future__ import annotations

from collections.abc import Callable

from adjudicator.kernel.mailtext import MAX_LINES, normal, sent_quote, split_lines
from adjudicator.postal.inbox import StoredMail
from adjudicator.postal.outbox import Outbox

RECENT = 24
"""The robot's mails to an address whose lines are looked for in its mail (this period's and the last's)."""


class SentLines:
    """What the robot wrote to each address lately: its outbox listed once a tick (when its first mail is read),
    each address's lines read when first asked for.  What is queued after that, nobody can have quoted yet."""

    def __init__(self, outbox: Outbox, recent: int = RECENT):
        self.outbox = outbox
        self.recent = recent
        self._names: dict[str, list[str]] | None = None
        self._lines: dict[str, frozenset[str]] = {}

    def to(self, address: str) -> frozenset[str]:
        """The lines (``mailtext.normal``, none blank) of the robot's last mails to ``address``."""
        key = address.lower()
        if key not in self._lines:
            if self._names is None:
                self._names = self.outbox.addressed()
            names = self._names.get(key, [])[-self.recent:]
            self._lines[key] = frozenset(normal(line) for name in names
                                         for line in split_lines(self.outbox.text(name))) - {""}
        return self._lines[key]

    def cuts(self, mail: StoredMail, order_line: Callable[[str], bool]) -> list[int | None]:
        """Per text of the mail, the line where it quotes the robot's mail to its sender below its orders (``None``:
        it does not); ``[]`` when no text does."""
        if not mail.sender or not mail.texts or mail.headers_only or mail.meta.get("too_big"):
            return []
        sent = self.to(mail.sender)
        if not sent:
            return []
        cuts = [sent_quote(split_lines(mail.read_text(t))[:MAX_LINES], sent, order_line) for t in mail.texts]
        return cuts if any(c is not None for c in cuts) else []
