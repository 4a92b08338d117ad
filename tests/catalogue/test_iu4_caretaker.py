"""Rules catalogue, InterUrban: the caretaker (issue 26), readings IU-18 and IU-19 of docs/interurban-rules.md.

Seed 001 knows no deadlines and no caretaker (the rules are for a table where everybody is present);
the readings say when a player's seat is played by the caretaker, a bot, in a postal game, and when it
comes back to him.  The kernel's table (``kernel/table.py``) decides it, for every game of moves; the
postal tests are tests/test_iu_caretaker.py.
"""

from __future__ import annotations

import json

import pytest

from adjudicator.interurban.play import PLAY
from adjudicator.kernel.passwords import hash_password
from adjudicator.kernel.table import Seat, Table
from adjudicator.postal.movefix import apply_fix

HASH = hash_password("pw", salt="00" * 16, iterations=1000)
"""A password hash as this program writes it (the table refuses any other form)."""

def _table(after: int = 2) -> Table:
    seats = (Seat("RED", "Anna", "a@x.org", HASH), Seat("BLUE", "Bot", "", "", bot="careful"),
             Seat("GREEN", "Bert", "b@x.org", HASH))
    return Table("interurban", "g", seats, caretaker_after=after, caretaker_level="careful")


def test_IUCT1_the_seat_goes_to_the_caretaker_after_n_missed_moves_in_a_row():
    """IU-CT1, reading IU-18: "a player's seat that has missed N moves in a row (IU-13: its deadline passed)
    is played by the caretaker from its next move" (seed 001 knows no deadline: IU-13's missed move lays
    nothing).  A move between resets the count; a bot seat never goes to it; a game without the setting
    never hands a seat over."""
    t = _table()
    t = t.after_move("GREEN", True).after_move("RED", False).after_move("GREEN", False)  # missed once, then moved
    t = t.after_move("GREEN", True)
    assert not t.seat("GREEN").caretaker and t.missed_by("GREEN") == 1
    t = t.after_move("GREEN", True)
    assert t.seat("GREEN").caretaker == "careful" and t.seat("GREEN").caretaker_from == 0
    assert t.seat("GREEN").played_by == "careful"
    t = t.after_move("BLUE", True).after_move("BLUE", True)
    assert t.seat("BLUE").caretaker == "" and t.seat("BLUE").played_by == "careful"
    never = _table(0)
    for _ in range(5):
        never = never.after_move("GREEN", True)
    assert not never.seat("GREEN").caretaker


def test_IUCT2_the_caretakers_first_move_is_the_one_it_plays_the_seat_from():
    """IU-CT2, reading IU-18: The first move the caretaker plays is noted (the final score says "played by the caretaker from move N");
    the table's JSON keeps the setting and each seat's caretaker, and a table without them reads as before."""
    t = _table(1).after_move("GREEN", True)  # move 1 missed: the caretaker takes over
    t = t.after_move("RED", False).after_move("GREEN", False, caretaker=True)  # move 3: the caretaker's first
    t = t.after_move("GREEN", False, caretaker=True)
    assert t.seat("GREEN").caretaker_from == 3 and t.missed_by("GREEN") == 0
    again = Table.from_json(json.loads(json.dumps(t.to_json())), "test")
    assert again == t
    doc = t.to_json()
    assert doc["caretaker"] == {"after": 1, "level": "careful"}
    assert doc["seats"][2]["caretaker"] == "careful" and "caretaker" not in doc["seats"][0]
    plain = Table.from_json({k: v for k, v in doc.items() if k != "caretaker"}, "old")
    assert plain.caretaker_after == 0
    assert t.after_move("GREEN", False).seat("GREEN").caretaker == ""  # a move of its player: his seat again


def test_IUCT3_a_correction_hands_the_seat_over_and_back():
    """IU-CT3, reading IU-19: the seat goes back to its player (by the GM, or by the player's own mail) with no missed moves
    counted; a bot seat and an unknown seat are refused (``ValueError``)."""
    t = _table(3).after_move("GREEN", True).after_move("GREEN", True)
    state = object()
    t, same = apply_fix(PLAY, t, state, {"fix": "caretaker", "seat": "GREEN", "level": "random", "why": "away"})
    assert same is state and t.seat("GREEN").caretaker == "random" and t.corrections[-1].what == ("caretaker",)
    t, _ = apply_fix(PLAY, t, state, {"fix": "caretaker", "seat": "GREEN", "level": "", "by_mail": True,
                                      "by": "GREEN"})
    assert t.seat("GREEN").caretaker == "" and t.missed_by("GREEN") == 0 and t.corrections[-1].what == ("back",)
    for record in ({"fix": "caretaker", "seat": "BLUE", "level": "careful"},
                   {"fix": "caretaker", "seat": "PINK", "level": "careful"}):
        with pytest.raises(ValueError):
            apply_fix(PLAY, t, state, record)
