"""A bot's plan held to ``check``'s judgement before it is mailed.

``Judge`` is ``check`` of the seat's own section: given the order lines (no
PLAYER line), whether every one of them would be carried out in full against
the state the bot saw, and, in a building turn, whether a section that asks
to build would build something (reading 94).  The caller makes it from
``check``'s own reading and preview (``app/botseats.py: check_judge``); the
bots never judge an order a second way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

Judge = Callable[[Sequence[str]], bool]
"""``check``'s verdict on a section of these lines for the seat this turn: ``True``, it would be carried out in
full."""

SAFE = "PASS"
"""The order a bot falls back to when the judge refuses every line of its plan."""


def judged(lines: Sequence[str], judge: Judge) -> list[str]:
    """The plan as ``judge`` lets it be mailed: whole when accepted; else line by line in order, each kept only
    when the judge accepts it with the lines kept before it; ``PASS`` when no line is kept."""
    if lines and judge(lines):
        return list(lines)
    kept: list[str] = []
    for line in lines:
        if judge([*kept, line]):
            kept.append(line)
    return kept or [SAFE]
