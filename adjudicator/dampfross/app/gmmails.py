"""Mails the GM's commands send in a postal game, so that the GM never types one: the stand-by's first mail
(``player replace``: the password and the company's state) and the news of a changed deadline (``deadline set``,
``extend``, ``hold``) to every company in play.

Queued in the game's outbox (the next ``tick`` or ``mail send`` sends them), named after the correction, so a
mail is queued once; a game without ``mail.toml`` is not run by mail and gets none.
"""

from __future__ import annotations

from datetime import UTC, datetime

from adjudicator.dampfross.app.run import public_report
from adjudicator.dampfross.app.store import GameDir
from adjudicator.dampfross.game.state import Correction, GameState
from adjudicator.dampfross.report.mail import deadline_news_subject, deadline_news_text, takeover_subject, takeover_text
from adjudicator.postal.mailconfig import load_config
from adjudicator.postal.outbox import Outbox, Outgoing


def queue_takeover(gdir: GameDir, state: GameState, company: str, password: str, number: int,
                   now: datetime | None = None) -> str | None:
    """Queue the take-over mail of correction ``number`` to the company's address on file now; its name, or
    ``None`` when the game is not run by mail or the stand-by has no address."""
    config = load_config(gdir)
    player = state.player(company)
    if config is None or not player.email:
        return None
    public = public_report(gdir, state, state.turn - 1, state.language_of(company)) or ""
    name = f"takeover-{number:03d}-{company}"
    out = Outgoing(name, (player.email,), takeover_subject(state, company),
                   takeover_text(state, company, password, public), kind="takeover", turn=state.turn, player=company)
    Outbox(gdir).queue(out, config.sender, now or datetime.now(UTC))
    return name


def queue_deadline_news(gdir: GameDir, changes: list[Correction], now: datetime | None = None) -> list[str]:
    """Tell every company in play of the GM's deadline changes (the new deadline, a hold, a release) at once,
    not only in the next report; the names of the mails queued."""
    config = load_config(gdir)
    if config is None or not changes:
        return []
    state = gdir.load_state()
    outbox, names = Outbox(gdir), []
    for p in state.players:
        if p.retired is not None or not p.email:
            continue
        name = f"deadline-{changes[-1].number:03d}-{p.id}"
        out = Outgoing(name, (p.email,), deadline_news_subject(state, p.id),
                       deadline_news_text(state, p.id, changes), kind="deadline", turn=state.turn, player=p.id)
        outbox.queue(out, config.sender, now or datetime.now(UTC))
        names.append(name)
    return names
