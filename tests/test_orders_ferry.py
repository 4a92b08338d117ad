"""BUY FERRY / KAUFE FÄHRE (advanced rules): parsing, typical mistakes, resolving, engine input, ENTER over a ferry.

The German map: Puttgarden (1405) and Rostock (1606) are the home ports of
the ferries to Gedser (1504).
"""

from __future__ import annotations

import pytest

from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.board.mapfile import load_map
from adjudicator.dampfross.orders import BuyFerryOrder, collect, parse_orders, resolve
from adjudicator.dampfross.orders.codes import ProblemCode as P
from adjudicator.dampfross.orders.translate import building_orders, racing_orders
from adjudicator.dampfross.report.orderwords import hint_text, orders_report, problem_message

GERMANY = load_map("germany")
HEAD = "PLAYER RED PASSWORD x\n"


def resolved(text: str):
    return resolve(collect([parse_orders(HEAD + text, "t.orders")]), GERMANY, companies=("RED", "BLUE"))


@pytest.mark.parametrize("line", ["BUY FERRY Puttgarden", "kaufe fähre Puttgarden", "KAUF FAEHRE 1405",
                                  "Buy Ferry Puttgarden - Gedser"])
def test_buy_ferry_in_english_and_german(line):
    orders = resolved(line + "\n")
    assert not orders.problems, orders_report(orders)
    (order,) = orders.sections[0].orders
    assert isinstance(order, BuyFerryOrder) and order.hexes[0] == Hex(14, 5)
    assert order.echo().startswith("BUY FERRY 1405" if "1405" in line else "BUY FERRY Puttgarden (1405)")


@pytest.mark.parametrize(
    "line, code, message, hint",
    [
        ("BUY Puttgarden", P.EXPECTED_FERRY, "expected FERRY after BUY: only ferries can be bought",
         "write BUY FERRY Puttgarden"),
        ("KAUFE", P.EXPECTED_FERRY, "expected FERRY after KAUFE: only ferries can be bought",
         "write KAUFE FERRY <port>, or KAUFE FERRY <port> - <port> where several ferries share a port"),
        ("BUY FERRY", P.EXPECTED_PORT, "expected the ferry's port after BUY FERRY",
         "write BUY FERRY <port>, or BUY FERRY <port> - <port> where several ferries share a port"),
        ("BUY FERRY Puttgarden - Gedser - Rostock", P.TEXT_AFTER_FERRY,
         "expected the end of the line: a ferry is named by its port, or by both its ports",
         "write BUY FERRY <port>, or BUY FERRY <port> - <port> where several ferries share a port"),
    ],
)
def test_typical_ferry_mistakes(line, code, message, hint):
    orders = resolved(line + "\n")
    (p,) = orders.problems
    assert (p.code, problem_message(p), hint_text(p)) == (code, message, hint)


def test_unknown_port_is_a_problem_of_the_order_language():
    (p,) = resolved("BUY FERRY Atlantis\n").problems
    assert p.code is P.UNKNOWN_TOWN


def test_engine_input_in_both_phases():
    section = resolved("BUILD 1307 - 1306 - 1405\nBUY FERRY Puttgarden\n").sections[0]
    notes: list = []
    b = building_orders(section, notes)
    r = racing_orders(section, notes)
    assert not notes
    assert [(f.ports, f.text, f.line) for f in b.ferries] == [((Hex(14, 5),), "BUY FERRY Puttgarden (1405)", 3)]
    assert r.ferries == b.ferries


def test_an_enter_route_crosses_a_ferry_as_written():
    """Puttgarden - Gedser is no straight line to expand: the two ports follow each other."""
    orders = resolved("ENTER 2 ROUTE Lübeck - 1306 - Puttgarden -RED- Gedser\n")
    assert not orders.problems, orders_report(orders)
    (order,) = orders.sections[0].orders
    assert [h.label for h in order.hexes] == ["1307", "1306", "1405", "1504"]
    assert order.hex_owners == (None, None, "RED")
