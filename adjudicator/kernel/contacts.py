"""A company's name and mail address as the GM or a player gives them: checked before anything is written.

A name or an address with a line break or another control character once
entered the game file and then broke every mail sent to it (a header cannot
hold a line break); so every way in (``new``, ``player replace``, ``player
address``, ``SET ADDRESS`` by mail) checks here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from adjudicator.kernel.errors import AdjudicatorError
from adjudicator.kernel.i18n import check_language

MAX_NAME = 60
"""The longest name of a company or a manager."""

_ADDRESS = re.compile(r"^[^@\s<>(),;:\"\[\]\\]+@[^@\s<>(),;:\"\[\]\\]+\.[^@\s<>(),;:\"\[\]\\.]+$")


class ContactError(AdjudicatorError):
    """A name or an address that cannot be used."""


def check_name(name: str, what: str = "name") -> str:
    """The name, stripped; refused when empty, too long, or holding a control character."""
    text = name.strip()
    if not text:
        raise ContactError(f"the {what} is empty")
    if not text.isprintable():
        raise ContactError(f"the {what} {text!r} holds a control character (a line break, an escape, ...)")
    if len(text) > MAX_NAME:
        raise ContactError(f"the {what} is {len(text)} characters long; at most {MAX_NAME}")
    return text


def check_address(address: str) -> str:
    """One plain mail address (``anna@example.org``), lower case; ``""`` stays ``""`` (no address on file).

    Refused: a control character or blank inside, a display name or a list, anything that is not
    ``local@domain.tld``.
    """
    text = address.strip()
    if not text:
        return ""
    if not text.isprintable():
        raise ContactError(f"the address {text!r} holds a control character (a line break, an escape, ...)")
    from email.utils import getaddresses  # the email package: only when an address is checked

    found = getaddresses([text])
    if len(found) != 1 or found[0][1] != text or not _ADDRESS.match(text):
        raise ContactError(f"{text!r} is not one mail address such as anna@example.org")
    return text.lower()


_ID = re.compile(r"^[A-Z][A-Z0-9]{0,7}$")
GM = "GM"
"""The GM's entry in the passwords: ``GM PASSWORD <it>`` opens a GM section in a mail."""


BOT_SEAT = "bot="
"""The second field of ``--player ID:bot=LEVEL``: a bot seat (issue 33: the explicit form no company name is read
as; ``RED:Bot`` and ``RED:Bot:bot@example.org`` are a player's company named Bot)."""


@dataclass(frozen=True)
class PlayerSpec:
    """A player as given to ``adjudicate new``: ``ID:NAME[:EMAIL[:LANG]]`` (its language there or by
    ``--player-lang``), or a bot seat: ``ID:bot=LEVEL`` (issues 26 and 33; the level is checked by the game)."""

    id: str
    name: str
    email: str = ""
    lang: str | None = None  # None: the game's language
    bot: str | None = None  # None: a player; "": a bot of the game's default level

    @classmethod
    def parse(cls, text: str) -> PlayerSpec:
        parts = text.split(":", 3)
        pid = parts[0].strip().upper()
        if not _ID.match(pid) or pid == GM:
            raise AdjudicatorError(f"player {text!r}: the id must be 1-8 capital letters or digits, "
                                 "starting with a letter (e.g. RED)")
        if len(parts) > 1 and parts[1].strip().lower().startswith(BOT_SEAT):
            level = parts[1].strip()[len(BOT_SEAT):].strip().lower()
            if not level:
                raise AdjudicatorError(f"player {pid}: give the bot's level, e.g. {pid}:bot=careful")
            if len(parts) > 2:
                raise AdjudicatorError(f"player {pid}: a bot seat has no address; give {pid}:bot={level}")
            return cls(pid, "Bot", bot=level)
        name = parts[1].strip() if len(parts) > 1 and parts[1].strip() else pid
        email = parts[2].strip() if len(parts) > 2 else ""
        try:  # the name and address first: a control character is named as such, before what follows it
            name, email = check_name(name), check_address(email)
        except ContactError as exc:
            old_form = name.lower() == "bot" and "@" not in email  # RED:bot:careful, the form before issue 33
            hint = f" (a bot seat is written {pid}:bot={email.lower()})" if old_form else ""
            raise AdjudicatorError(f"player {pid}: {exc}{hint}") from None
        return cls(pid, name, email, check_language(parts[3].strip().lower()) if len(parts) > 3 else None)


def with_languages(specs: list[PlayerSpec], pairs: Sequence[str]) -> list[PlayerSpec]:
    """The players with the languages of ``--player-lang ID=LANG``."""
    chosen: dict[str, str] = {}
    for pair in pairs:
        pid, sep, code = pair.partition("=")
        pid = pid.strip().upper()
        if not sep or pid not in {s.id for s in specs}:
            raise AdjudicatorError(f"--player-lang {pair!r}: give ID=LANG for a company of the game, e.g. RED=de")
        chosen[pid] = check_language(code.strip())
    return [replace(s, lang=chosen.get(s.id, s.lang)) for s in specs]
