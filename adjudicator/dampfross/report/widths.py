"""How wide a line of a mail may be: the one measure every report, receipt, check and map key is held to.

Imports nothing, so the ASCII map and its key use it without loading Jinja.  A sender's text is shown safely
and held to a width by ``adjudicator.kernel.shown`` (the same for every game).
"""

from __future__ import annotations

LINE_WIDTH = 72
"""Where text is folded: a mail client that wraps at 72 columns leaves every line of prose whole (issue 35)."""
MAIL_WIDTH = 78
"""No line of any report, check or receipt is longer, a map's window or a wide table neither (the full-width map
goes as an attachment)."""


def too_wide(line: str, width: int = MAIL_WIDTH) -> bool:
    """Whether a line is wider than ``width``, counted in UTF-8 bytes (so also in characters): mail programs
    and tools that count octets see ``Prämien`` as 8 wide."""
    return len(line.encode("utf-8")) > width
