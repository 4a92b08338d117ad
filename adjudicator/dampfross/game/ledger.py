"""The bank ledger: every movement of money, and the balances it produces."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.game.state import BANK, FeeRule, LedgerEntry, Player, Reason


class Books:
    """Running balances plus the entries of one turn.  Money is only moved here.

    [reading] Money due to a company the GM has retired (``player retire``)
    goes to the bank instead (fares over its track, fees for building beside
    it): its account is frozen.  Only the GM's own corrections still reach it.
    """

    def __init__(self, players: Iterable[Player], turn: int):
        players = tuple(players)
        self.turn = turn
        self.balances: dict[str, int] = {p.id: p.balance for p in players}
        self.retired = frozenset(p.id for p in players if p.retired is not None)
        self.entries: list[LedgerEntry] = []

    def over(self, threshold: int | None) -> list[str]:
        """The companies in play whose balance has reached ``threshold`` (none without one): what ends the game.
        A retired company's money is frozen and cannot win, so it ends nothing (reading 58)."""
        if threshold is None:
            return []
        return sorted(p for p, b in self.balances.items() if b >= threshold and p not in self.retired)

    def pay(
        self,
        payer: str,
        payee: str,
        amount: int,
        reason: Reason,
        *,
        town: str | None = None,
        segment: tuple[Hex, Hex] | None = None,
        fee_rule: FeeRule | None = None,
        at: Hex | None = None,
        race: int | None = None,
        owed: int | None = None,
        owed_back: int | None = None,
        place: int | None = None,
        shared: bool = False,
        fix: int | None = None,
    ) -> LedgerEntry | None:
        """Move ``amount`` from payer to payee (either may be ``BANK``), with its cause; zero moves nothing.

        The cause fields are those of ``LedgerEntry``: what the reason needs.
        """
        if amount < 0:
            raise ValueError("amounts are never negative; swap payer and payee")
        if amount == 0:
            return None
        if payee in self.retired and reason != "correction":
            payee = BANK
            if payer == BANK:
                return None
        entry = LedgerEntry(self.turn, payer, payee, amount, reason, town, segment, fee_rule, at, race, owed, owed_back,
                            place, shared, fix)
        self.entries.append(entry)
        if payer != BANK:
            self.balances[payer] -= amount
        if payee != BANK:
            self.balances[payee] += amount
        return entry

    def balance(self, pid: str) -> int:
        return self.balances[pid]

    def updated(self, players: Iterable[Player]) -> tuple[Player, ...]:
        """The players with their new balances."""
        return tuple(replace(p, balance=self.balances[p.id]) for p in players)


def split_share(amount: int, partners: Sequence[str], balances: Mapping[str, int], seats: Mapping[str, int],
                income: bool = False) -> dict[str, int]:
    """Share ``amount`` between the partners of a joint line or trip (seeds 000, 002, 003, 004).

    "If the costs cannot be split evenly, the richer player pays one unit
    more": the richer (higher balance; equal: the lower seat) pays the odd
    unit of a cost and gets one unit less of an odd income.
    """
    if len(partners) == 1:
        return {partners[0]: amount}
    richer, poorer = richer_first(partners, balances, seats)
    low, high = amount // 2, amount - amount // 2
    return {richer: low, poorer: high} if income else {richer: high, poorer: low}


def richer_first(partners: Sequence[str], balances: Mapping[str, int], seats: Mapping[str, int]) -> list[str]:
    """The partners, the richer first (higher balance; equal: the lower seat)."""
    return sorted(partners, key=lambda p: (-balances.get(p, 0), seats.get(p, 1 << 30), p))
