"""A mail ends at its signature (``-- ``, or ``--``): orders written below it are not read, and the receipt says so,
in every game (``kernel/envelope.py: Envelope.signed``, ``kernel/words: unread``; reading 138 of docs/rules.md).
A player who uses ``--`` as a divider between his orders learns that the lines below it did not count; a
signature with only a name, an address or a phone's line below it is not mentioned."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.quoting import GAMES, Game, dampfross_game, interurban_game, plain_mail
from tests.test_quoted_replies import answered, copied

NOTE = "Your signature (line {line}) ends your mail: nothing below it was read, though a line there looks like an order."


@pytest.fixture(scope="module")
def waiting(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Game]:
    """Each game played once to where it waits for the player's mail (each test plays on a copy)."""
    base = tmp_path_factory.mktemp("signature")
    return {"dampfross": dampfross_game(base / "dampfross"), "interurban": interurban_game(base / "interurban")}


def _mail(game: Game, body: str) -> bytes:
    return plain_mail(f"{game.name} <{game.address}>", game.gm, "Re: " + game.subject, body, game.sent)


@pytest.mark.parametrize("kind", GAMES)
def test_orders_below_the_signature_are_not_read_and_the_receipt_says_so(kind: str, waiting: dict[str, Game],
                                                                        tmp_path: Path):
    game = copied(waiting[kind], tmp_path / kind)
    own = list(game.orders)
    later = "BUILD 1307 - 1407" if kind == "dampfross" else game.orders[-1]
    body = "\n".join([*own, "--", later, ""])
    record, receipts = answered(game, _mail(game, body), "divider.M1P1.mx")
    (text,) = receipts.values()
    assert NOTE.format(line=len(own) + 1) in " ".join(text.split()), text
    if kind == "dampfross":  # the orders above it count, the line below it is not among them
        assert record["codes"] == ["accepted"] and "1407" not in text.split("Your signature")[0], text


@pytest.mark.parametrize("kind", GAMES)
def test_a_signature_with_no_orders_below_it_is_not_mentioned(kind: str, waiting: dict[str, Game], tmp_path: Path):
    game = copied(waiting[kind], tmp_path / kind)
    body = "\n".join([*game.orders, "", "-- ", game.name, "Sent from my phone", ""])
    _record, receipts = answered(game, _mail(game, body), "signed.M1P1.mx")
    (text,) = receipts.values()
    assert "Your signature" not in text, text
