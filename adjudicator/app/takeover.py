"""The stand-by's first mail: when ``player replace`` hands a company to a stand-by in a postal game, the new
address gets the company's password and state at once (the GM never types it into a mail).

Queued in the game's outbox (the next ``tick`` or ``mail send`` sends it), named after the correction, so the
mail is queued once; a game without ``mail.toml`` is not run by mail and gets none (the CLI prints the password
for the GM to pass on).
"""

from __future__ import annotations

from datetime import UTC, datetime

from adjudicator.app.mailconfig import load_config
from adjudicator.app.outbox import Outbox, Outgoing
from adjudicator.app.store import GameDir
from adjudicator.game.state import GameState
from adjudicator.report.mail import takeover_subject, takeover_text


def queue_takeover(gdir: GameDir, state: GameState, company: str, password: str, number: int,
                   now: datetime | None = None) -> str | None:
    """Queue the take-over mail of correction ``number`` to the company's address on file now; its name, or
    ``None`` when the game is not run by mail or the stand-by has no address."""
    config = load_config(gdir)
    player = state.player(company)
    if config is None or not player.email:
        return None
    last = state.turn - 1
    path = gdir.report_path(last)
    public = path.read_text(encoding="utf-8") if path.is_file() else ""
    name = f"takeover-{number:03d}-{company}"
    out = Outgoing(name, (player.email,), takeover_subject(state, company),
                   takeover_text(state, company, password, public), kind="takeover", turn=state.turn, player=company)
    Outbox(gdir).queue(out, config.sender, now or datetime.now(UTC))
    return name
