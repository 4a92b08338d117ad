"""A company's name and mail address as the GM or a player gives them: checked before anything is written.

A name or an address with a line break or another control character once
entered the game file and then broke every mail sent to it (a header cannot
hold a line break); so every way in (``new``, ``player replace``, ``player
address``, ``SET ADDRESS`` by mail) checks here.
"""

from __future__ import annotations

import re
from email.utils import getaddresses

from adjudicator.kernel.errors import DampfrossError

MAX_NAME = 60
"""The longest name of a company or a manager."""

_ADDRESS = re.compile(r"^[^@\s<>(),;:\"\[\]\\]+@[^@\s<>(),;:\"\[\]\\]+\.[^@\s<>(),;:\"\[\]\\.]+$")


class ContactError(DampfrossError):
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
    found = getaddresses([text])
    if len(found) != 1 or found[0][1] != text or not _ADDRESS.match(text):
        raise ContactError(f"{text!r} is not one mail address such as anna@example.org")
    return text.lower()
