"""``--now``, the clock a command acts at (replays and tests), for every command that takes it.

Its own module so that a turn's command (``run``) takes it without loading the postal commands and what they
import (the mail configuration, ``email``, ``ssl``): issue 34, a turn within 2x the stack's import
(``tests/test_lazy_imports.py``)."""

from __future__ import annotations

from datetime import UTC, datetime

import click


def parse_now(text: str | None) -> datetime | None:
    """``--now``: an ISO time (with an offset; without one it is UTC), to replay a game's mail."""
    if text is None:
        return None
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        raise click.BadParameter(f"{text!r} is not an ISO time such as 2025-11-21T18:05+01:00",
                                 param_hint="--now") from None
    return when if when.tzinfo else when.replace(tzinfo=UTC)


NOW_OPTION = click.option("--now", "now_text", metavar="TIME", hidden=True,
                          help="Act as if it were TIME (ISO 8601): replays and tests.")
