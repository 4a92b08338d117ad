"""What Dampfross declares to the platform (``kernel/declare.py``): 2 to 6 companies, a map and a rules profile
to start on, its dice, house rules, its deadlines' settings and its three corrections.

The platform builds ``adjudicate new``'s Dampfross options, the ``fix balance``, ``fix track`` and ``fix rule``
commands and the refusal of another game's option from it; the GM commands behind them are
``dampfross/app/gm.py``.  This module imports nothing of Dampfross, so a command that only looks a name up
(``adjudicate fix balance``) loads no engine.
"""

from __future__ import annotations

from adjudicator.kernel.declare import Argument, Correction, Declaration, Option, Seats

BOT_LEVELS = ("random", "careful", "strong")
"""The levels of Dampfross's bots, weakest first (``dampfross/bots: LEVELS``; a test checks they agree)."""

OPTIONS = (
    Option("--map", "map_name", "A shipped map (see 'map list') or a map file (Dampfross: required).",
           metavar="NAME|FILE", required="a Dampfross game needs a map; see 'map list'"),
    Option("--rules", "profile", "Rules profile (see 'rules show').", default="schmidt"),
    Option("--dice", "dice", "manual: the GM gives every die in the orders (ROLL lines).", kind="choice",
           default="hmac", choices=("hmac", "manual")),
    Option("--set", "sets", "Override one rule for this game (house rules).", kind="many", metavar="KEY=VALUE"),
)

CORRECTIONS = (
    Correction("balance", """Add AMOUNT to a company's balance (negative: take it), through the ledger.

    Example: adjudicate fix balance demo RED -3 --why "fee charged twice in turn 4"
    """, (Argument("player", "ID"), Argument("amount", "AMOUNT", "int")), what="balances"),
    Correction("track", """Add or remove a company's segment between two adjacent hexes (no money moves).

    Example: adjudicate fix track demo remove RED 1108 1109 --why "built across the Elbe by mistake"
    """, (Argument("action", "", "choice", ("add", "remove")), Argument("player", "ID"),
          Argument("a", "CCRR"), Argument("b", "CCRR")), what="track"),
    Correction("rule", """Change one rules key of the game from now on, as --set does at 'new'.

    Example: adjudicate fix rule demo fixed_races=6 --why "the players agreed on a shorter game"
    """, (Argument("setting", "KEY=VALUE"),), what="rules keys"),
)

DECLARATION = Declaration(
    "dampfross", "Dampfross", Seats(2, 6, "companies", BOT_LEVELS), OPTIONS,
    ("strict", "early", "statements"), CORRECTIONS, rules=True, maps=True)
"""Dampfross, as ``dampfross/app/gm.py: GM.declared()`` gives it to the registry."""
