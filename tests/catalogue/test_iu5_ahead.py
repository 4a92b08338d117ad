"""Rules catalogue, InterUrban: moves sent ahead (issue 27), readings IU-20 to IU-24 of docs/interurban-rules.md.

Seed 001 is played at a table: every player sees each move before his own ('Reihum legt jeder Spieler ...').
By post a round takes days, so a player may send the moves he means to make next, with alternatives; the
readings say how they are written, which one is played and when, and who sees them.  The form is
``interurban/ahead.py``; the platform keeps and plays them (``postal/ahead.py``, ``postal/turns.py``); the
postal tests are tests/test_iu_ahead.py.

Opening used throughout (draw "first", players green, blue, red): start tile I (lines 6 north, H west, 5 south)
at (0, 0) and start tile II (lines 7 north, C east, 4 south) at (1, 0).
"""

from __future__ import annotations

import json

from adjudicator.interurban.ahead import MAX_AHEAD, MAX_ALTERNATIVES, split
from adjudicator.interurban.notation import Code, Hint, order_like, parse_move
from adjudicator.interurban.play import PLAY
from adjudicator.interurban.state import State
from adjudicator.kernel.i18n import language
from adjudicator.kernel.table import Seat, SentAhead, Table
from adjudicator.postal.ahead import after_played, first_legal, replayed
from tests.catalogue.interurban_kit import offer, opening


def lines(text: str) -> list[tuple[int, str]]:
    """A section's body as the envelope hands it over: numbered from line 3 (after PLAYER and MOVE)."""
    return [(n, line) for n, line in enumerate(text.strip("\n").split("\n"), 3)]


def board() -> State:
    """The opening with a straight 1 and a curve 1 face-up, and green's station 3 (green is on move)."""
    state, _ = offer(opening(), [("straight", 1, "", (0, -1), "NS"), ("curve", 1, "", (0, -1), "NS"),
                                 ("simple", 3, "green", (0, -1), "NS")])
    return state


def test_IUSA1_the_form_of_moves_sent_ahead():
    """IU-SA1, reading IU-20: after the move (or alone) a line NEXT (DANACH) begins the next move, a line OR (ODER)
    another way to play it, each a move of its own lines; at most 3 moves of 4 alternatives; NEXT alone at the
    end: none.  Read at once as written; every problem with its line, column and hint."""
    s = board()
    now, moves, problems = split(lines("""
6 STRAIGHT 1
NEXT
H STRAIGHT 1
or
5 STATION 3
7 CURVE 1 LEFT
danach
PASS"""), s)
    assert problems == () and now == ((3, "6 STRAIGHT 1"),)
    assert moves == ((("H STRAIGHT 1",), ("5 STATION 3", "7 CURVE 1 LEFT")), (("PASS",),))
    assert split(lines("6 STRAIGHT 1"), s) == (((3, "6 STRAIGHT 1"),), None, ())
    assert split(lines("6 STRAIGHT 1\nNEXT"), s) == (((3, "6 STRAIGHT 1"),), (), ())
    assert split(lines("DANACH\nH STRAIGHT 1 # a comment\nODER\nPASS"), s)[1] == ((("H STRAIGHT 1 # a comment",),
                                                                                   ("PASS",)),)
    too_many = "\n".join(["NEXT\nPASS"] * (MAX_AHEAD + 1))
    (p,) = split(lines(too_many), s)[2]
    assert (p.code, p.line, p.column, p.hint, p.get("limit")) == (Code.TOO_MANY_AHEAD, 3 + 2 * MAX_AHEAD, 1,
                                                                 Hint.AHEAD_FORM, MAX_AHEAD)
    ways = "NEXT\nPASS\n" + "\n".join(["OR\nPASS"] * MAX_ALTERNATIVES)
    (p,) = split(lines(ways), s)[2]
    assert (p.code, p.line, p.get("limit")) == (Code.TOO_MANY_ALTERNATIVES, 3 + 2 * MAX_ALTERNATIVES,
                                                MAX_ALTERNATIVES)
    now, moves, problems = split(lines("OR\nPASS\nNEXT\nNEXT H\n6 CRUVE 1\nNEXT\nOR\nPASS\n5 STRAIGHT 1"), s)
    assert moves is None
    assert [(p.code, p.line, p.column) for p in problems] == [
        (Code.OR_WITHOUT_NEXT, 3, 1), (Code.EMPTY_ALTERNATIVE, 5, 1), (Code.EXPECTED, 6, 6), (Code.MISSPELT, 7, 3),
        (Code.EMPTY_ALTERNATIVE, 8, 1), (Code.PASS_WITH_TILES, 10, 1)]
    assert [p.text for p in problems][:3] == ["OR", "NEXT", "NEXT H"]
    assert split(lines("NEXT\n6 STRAIGHT 1\n6 STRAIGHT 1\n6 STRAIGHT 1\n6 STRAIGHT 1"), s)[2][0].code == \
        Code.TOO_MANY_TILES
    assert parse_move(lines("6 STRAIGHT 1\nNEXT"), s, "green")[1][0].code == Code.AHEAD_NOT_HERE
    assert order_like("NEXT") and order_like("oder") and not order_like("Next week I am away")
    assert not order_like("Oder wir spielen morgen")


def test_IUSA2_the_first_alternative_the_rules_allow_then_is_played():
    """IU-SA2, reading IU-21: when the move comes, the first alternative that reads as a move the rules allow at
    that moment is played: PASS is refused while a tile can be laid, a station next to a start tile breaks rule
    A, a tile not face-up is no move; the board as it is then decides."""
    s = board()
    alternatives = (("PASS",), ("6 STATION 3",), ("6 CURVE 0 LEFT",), ("6 STRAIGHT 1",), ("H STRAIGHT 1",))
    found = first_legal(PLAY, s, "green", alternatives)
    assert found is not None and found[0] == 4 and found[2] == ("6 STRAIGHT 1",)
    later, _ = offer(s, [("curve", 0, "", (0, -1), "NS")])  # another board: a curve 0 is face-up now
    found = first_legal(PLAY, later, "green", alternatives)
    assert found is not None and found[0] == 3


def test_IUSA3_no_alternative_allowed():
    """IU-SA3, reading IU-22: when none is allowed, none is played (the list is then dropped: the postal loop)."""
    s = board()
    assert first_legal(PLAY, s, "green", (("PASS",), ("6 STATION 3",), ("6 CURVE 0 LEFT",))) is None
    assert first_legal(PLAY, s, "blue", (("6 STRAIGHT 1",),)) is None  # not blue's move


def _table() -> Table:
    """The kit's seats (lower case, as its state names them)."""
    return Table("interurban", "g", (Seat("green", "Gus", "g@x.org", "h"), Seat("blue", "Bea", "b@x.org", "h"),
                                     Seat("red", "Rod", "r@x.org", "h")))


def test_IUSA4_kept_by_seat_secret_and_replaced_whole():
    """IU-SA4, reading IU-23: the table keeps each seat's list (in the game file, hash-chained with it); a new one
    replaces it whole, none removes it; no public answer shows it."""
    t = _table().with_ahead("blue", SentAhead("mail-00004", ((("7 STRAIGHT 1 AT 1,-1",), ("PASS",)),)))
    assert Table.from_json(json.loads(json.dumps(t.to_json())), "x") == t
    replaced = t.with_ahead("blue", SentAhead("mail-00005", ((("H CURVE 1 LEFT",),),)))
    sent = replaced.sent_ahead("blue")
    assert sent is not None and sent.mail == "mail-00005" and sent.moves == ((("H CURVE 1 LEFT",),),)
    assert t.with_ahead("blue", None).ahead == () and t.with_ahead("blue", SentAhead("m", ())).ahead == ()
    assert "ahead" not in t.with_ahead("blue", None).to_json()
    s = board()
    with language("en"):
        shown = PLAY.words.answer(t, s, [("status", None), ("map", None), ("help", None)], {})
        gm = PLAY.words.status(t, s)
    assert "AT 1,-1" not in shown and "Bea (blue): b@x.org (1 move sent ahead)" in gm


def test_IUSA5_the_moves_after_the_one_played_are_kept():
    """IU-SA5, reading IU-24: other seats' moves leave a list as it is; the move played from it uses its first
    move and keeps the rest; verify expects exactly that, and names a move that was not the first allowed."""
    moves = ((("PASS",), ("6 STRAIGHT 1",)), (("H STRAIGHT 1",),))
    t = _table().with_ahead("green", SentAhead("mail-00002", moves))
    assert t.after_move("blue", False).after_move("red", True).sent_ahead("green") == t.sent_ahead("green")
    after = after_played(t, "green")
    assert after.sent_ahead("green") == SentAhead("mail-00002", ((("H STRAIGHT 1",),),))
    assert after_played(after, "green").ahead == ()
    s = board()
    record = {"kind": "move", "seat": "green", "ahead": 2, "sent": "mail-00002"}
    assert replayed(PLAY, t, s, after, record, "6 STRAIGHT 1\n") == (after, None)
    assert replayed(PLAY, t, s, after, {**record, "ahead": 1}, "PASS\n")[1] == \
        "the move of green is not the first of its moves sent ahead that the rules allow"
