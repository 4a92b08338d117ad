"""The words of bot seats and of the caretaker (issue 26): the GM's receipt of a bot's orders, the reports' line
for a company the caretaker played, the final standings' note.

The decisions are the engine's (``engine/caretaker.py``) and the postal loop's
(``app/botseats.py``); here they are only said, in the reader's language.
"""

from __future__ import annotations

import re

from adjudicator.dampfross.engine.caretaker import played_by_caretaker
from adjudicator.dampfross.game.state import GameState, Player
from adjudicator.dampfross.report.env import wrap
from adjudicator.dampfross.report.i18n import _, language, ngettext

_PASSWORD = re.compile(r"^(PLAYER\s+\S+\s+PASSWORD\s+)\S+", re.MULTILINE)


def caretaker_rows(after: GameState, turn: int) -> list[dict[str, str]]:
    """A report's rows of the companies the caretaker played in ``turn`` ("BLUE: played by the caretaker"), and of
    those it plays from the next turn on ("BLUE: played by the caretaker from turn 5"), in seat order."""
    played = set(played_by_caretaker(after, turn))
    return [{"player": p.id, "text": _("played by the caretaker") if p.id in played else caretaker_since(p)}
            for p in sorted(after.players, key=lambda p: p.seat) if p.id in played or caretaker_since(p)]


def caretaker_since(player: Player) -> str:
    """The final standings' note of a company that ended under the caretaker (``""``: it did not)."""
    if not player.caretaker or player.caretaker_from is None:
        return ""
    return _("played by the caretaker from turn {turn}").format(turn=player.caretaker_from)



def taken_back() -> tuple[str, ...]:
    """The note of a receipt whose orders took the company back from the caretaker (reading 97)."""
    return (_("The caretaker has played your company; with these orders you play it again from this turn on."),)


def orders_heading(after: GameState, company: str, turn: int) -> str:
    """The heading of the orders in a company's private report of ``turn`` (``after``: the state after it): the
    company's own, or the orders the caretaker or a bot wrote for it, never shown as the player's own (issue 35)."""
    p = after.player(company)
    if p.bot:
        return _("Orders the bot ({level}) wrote for {company}").format(level=p.bot, company=company)
    if company in played_by_caretaker(after, turn):
        return _("Orders the caretaker ({level}) wrote for your company: no orders of yours counted").format(
            level=p.caretaker)
    return _("Your orders as understood")


def bot_receipt_subject(state: GameState, seat: str, caretaker: bool) -> str:
    """The subject of the GM's receipt of a bot's orders (in the game's language)."""
    with language(state.lang):
        if caretaker:
            return _("Dampfross {game}: turn {turn}, the caretaker's orders for {company}").format(
                game=state.game_id, turn=state.turn, company=seat)
        return _("Dampfross {game}: turn {turn}, the bot's orders for {company}").format(
            game=state.game_id, turn=state.turn, company=seat)


def bot_receipt_text(state: GameState, seat: str, level: str, caretaker: bool, text: str, checked: str) -> str:
    """The GM's receipt of a bot's orders: who wrote them, the text (its password hidden), ``check``'s reading."""
    with language(state.lang):
        if caretaker:
            head = _("The caretaker ({level}) played {company} in turn {turn}; its orders:").format(
                level=level, company=seat, turn=state.turn)
        else:
            head = _("The bot ({level}) of {company} played turn {turn}; its orders:").format(
                level=level, company=seat, turn=state.turn)
        read = _("As the game read them:")
    orders = "\n".join(wrap("  " + line, 4) for line in _PASSWORD.sub(r"\1***", text).splitlines())
    return f"{wrap(head)}\n\n{orders}\n\n{read}\n\n{checked.rstrip()}\n"


def status_lines(state: GameState) -> list[str]:
    """``status``'s lines of the game's bots: the caretaker's setting, each bot seat, each company it plays."""
    out = []
    if state.caretaker_after is not None:
        out.append(wrap(ngettext("caretaker: plays a company after {count} missed turn ({level})",
                                 "caretaker: plays a company after {count} missed turns in a row ({level})",
                                 state.caretaker_after).format(count=state.caretaker_after,
                                                               level=state.caretaker_level)))
    for p in sorted(state.players, key=lambda p: p.seat):
        if p.bot:
            out.append(wrap(_("{company}: a bot seat ({level})").format(company=p.id, level=p.bot)))
        elif p.caretaker:
            out.append(wrap(_("{company}: played by the caretaker ({level}) from turn {turn}").format(
                company=p.id, level=p.caretaker, turn=p.caretaker_from)))
    return out
