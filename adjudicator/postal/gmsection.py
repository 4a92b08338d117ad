"""The GM's own section of a mail in a game of simultaneous turns (``kernel/gmorders.py``): accepted, kept and
archived as a seat's orders are, and asked for before a period is resolved.

``PLAYER GM PASSWORD <secret>`` opens it in any mail: the GM's password
(``Table.gm_password_hash``, made by ``new``) is the one proof; the sender's
address proves nothing.  The last GM section of the period counts (its
receipt says which it replaced); it is archived as a step of kind ``orders``
with ``"gm": true`` whose ``orders.txt`` holds its lines, so ``verify``
reads it again as it reads a seat's.  A period is resolved only when the
play finds nothing ``wanting`` from the GM (``wanting``); at its deadline a
period that still wants something waits, and the GM hears what, once a
period (the tick's note ``gm-wanting``).  A play without ``GmOrders`` refuses
a GM section (``gm-none``), and a wrong password is answered as a seat's is.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from adjudicator.kernel.envelope import Section
from adjudicator.kernel.gmorders import GM_SEAT, gm_orders_of
from adjudicator.kernel.play import Draw, Play, period_word
from adjudicator.kernel.table import Accepted, Table
from adjudicator.kernel.words.gm import gm_note
from adjudicator.postal.moves import Loaded, MovesDir
from adjudicator.postal.tick import Tick

if TYPE_CHECKING:  # a mail's: a turn run from files does not import the inbox's or outbox's modules for them
    from adjudicator.postal.inbox import StoredMail
    from adjudicator.postal.outbox import Outbox


def gm_section(folder: MovesDir, play: Play, game: Loaded, mail: StoredMail, section: Section
               ) -> tuple[Loaded, str, dict[str, Any]]:
    """What the GM's section does: ``gm-accepted`` (``move``; ``replaced``: the lines of his section of the period
    it replaced; ``lines``: those of this one), ``gm-refused`` (``problems``), ``gm-none`` (the play reads no GM
    section), ``stale``, ``over``.  The password was checked (``Table.gm_ok``); the caller then asks whether the
    period is ready."""
    gm = gm_orders_of(play)
    if gm is None:
        return game, "gm-none", {}
    number = game.table.moves + 1
    if not play.to_act(game.state):
        return game, "over", {}
    if section.move is not None and section.move != number:
        return game, "stale", {"given": section.move, "move": number}
    made, problems = gm.read_gm(game.state, section.body)
    if made is None:
        return game, "gm-refused", {"problems": problems}
    before = game.table.gm
    lines = tuple(line for _, line in section.body)
    table = replace(game.table, gm=Accepted(mail.key, section.line, lines))
    record = {"kind": "orders", "move": number, "seat": GM_SEAT, "gm": True, "mail": mail.key, "line": section.line,
              "arrived": mail.arrived.isoformat(), **({"replaced": before.mail} if before is not None else {})}
    folder.commit(play, game, table, game.state, record, "".join(f"{line}\n" for line in lines))
    return folder.load(play), "gm-accepted", {"move": number, "replaced": before.lines if before is not None else (),
                                              "lines": lines}  # the receipt shows what counts


def gm_orders(play: Play, state: Any, table: Table) -> Any | None:
    """The GM's orders of the period on hand as the play reads them again (``None``: none, or they no longer
    read)."""
    gm = gm_orders_of(play)
    if gm is None or table.gm is None:
        return None
    made, _problems = gm.read_gm(state, list(enumerate(table.gm.lines, 1)))
    return made


def wanting(play: Play, state: Any, gm: Any | None, orders: Mapping[str, Any]) -> tuple[Any, ...]:
    """What the period still lacks from the GM with these orders and his (``()``: nothing, or the play has no GM)."""
    reads = gm_orders_of(play)
    return () if reads is None else tuple(reads.wanting(state, orders, gm))


def wanted_text(lacking: tuple[Any, ...]) -> str:
    """What the play still wants from the GM, for the GM's eyes: each want's code and data (``ruling 3``)."""
    return "; ".join(" ".join(str(x) for x in want) for want in lacking)


def resolved_with(play: Play, state: Any, orders: Mapping[str, Any], gm: Any | None, draw: Draw) -> tuple[Any, Any]:
    """The period resolved: with the GM's orders where the play reads them (``GmOrders.resolve_gm``)."""
    reads = gm_orders_of(play)
    return play.resolve(state, orders, draw) if reads is None else reads.resolve_gm(state, orders, gm, draw)


def tell_gm(play: Play, game: Loaded, lacking: tuple[Any, ...], outbox: Outbox, gm: str, sender: str,
            now: datetime, t: Tick) -> None:
    """Ask the GM once a period (``gm-wanting-NNN``, to his address when the game has one; the tick's note says it
    either way) for what the period at its deadline still wants of him."""
    from adjudicator.postal.compose import Outgoing  # the tick's: a turn run from files does not import it

    number = game.table.moves + 1
    name = f"gm-wanting-{number:03d}"
    if outbox.known(name):
        return
    unit = period_word(play)
    t.note("gm-wanting", unit=unit, move=number, wanting=wanted_text(lacking))
    subject = f"{play.title} {game.table.game}: {unit} {number} waits for the GM"
    outbox.queue(Outgoing(name, (gm,) if gm else (), subject, gm_note(t.notes[-1]) + "\n", kind="gm-wanting",
                          turn=number), sender, now)
