"""Rules catalogue, InterUrban: moves sent ahead (issue 27), readings IU-20 to IU-24 of docs/interurban-rules.md; what
the robot answers about them and around them (issue 35), readings IU-29 to IU-32.

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
from adjudicator.interurban.words import ahead as ahead_words
from adjudicator.kernel.envelope import read_envelope
from adjudicator.kernel.i18n import language
from adjudicator.kernel.passwords import hash_password
from adjudicator.kernel.play import Told
from adjudicator.kernel.table import Seat, SentAhead, Table
from adjudicator.postal.ahead import after_played, first_legal, replayed, tried
from tests.catalogue.interurban_kit import first, offer, opening

HASH = hash_password("pw", salt="00" * 16, iterations=1000)
"""A password hash as this program writes it (the table refuses any other form)."""

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
    return Table("interurban", "g", (Seat("green", "Gus", "g@x.org", HASH), Seat("blue", "Bea", "b@x.org", HASH),
                                     Seat("red", "Rod", "r@x.org", HASH)))


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


def test_IUSA6_prose_around_a_move_and_next_move_on_a_line_of_its_own():
    """IU-SA6, reading IU-29 (issue 35): a line that begins with a keyword of the notation and goes on with a word no
    order holds is prose ("Take care", "At last!"; TAKE and AT are keywords, Czech and English), so a sign-off
    after a move no longer refuses it; ``Next move:`` on a line of its own is NEXT; the envelope keeps the prose
    it left out, for the receipt to name."""
    for prose in ("Take care, Anna", "At last!", "Also thanks, Anna", "Na dann, bis bald", "Pass on my regards",
                  "Right then", "Thanks, Anna", "Next move: H STRAIGHT 1", "Next week I am away", "Take a break"):
        assert not order_like(prose), prose
    for order in ("PASS", "Pass.", "STRAIGHT 1", "CRUVE 1 LEFT", "STATION RED 3", "STATION rot 3", "ALSO H",
                  "AT -1,-1 CROSSING 2", "6 CRUVE 1", "Next move:", "NEXT:", "Danach Zug", "Volgende zet:", "OR"):
        assert order_like(order), order
    s = board()
    now, moves, problems = split(lines("6 STRAIGHT 1\nNext move:\nH STRAIGHT 1\nOr:\nPASS"), s)
    assert problems == () and now == ((3, "6 STRAIGHT 1"),) and moves == ((("H STRAIGHT 1",), ("PASS",)),)
    assert parse_move(lines("6 STRAIGHT 1\nNext move:"), s, "green")[1][0].code == Code.AHEAD_NOT_HERE
    assert split(lines("6 STRAIGHT 1\nNext move: H STRAIGHT 1\nH STRAIGHT 1"), s)[2][0].code == Code.EXPECTED
    (section,) = read_envelope("PLAYER green PASSWORD x\nHi Bea,\n6 STRAIGHT 1\nNext move:\nH STRAIGHT 1\n\n"
                               "Take care, Anna\n", PLAY.order_line).sections
    assert section.body == ((3, "6 STRAIGHT 1"), (4, "Next move:"), (5, "H STRAIGHT 1"))
    assert section.prose == ((2, "Hi Bea,"), (7, "Take care, Anna"))
    with language("en"):
        said = " ".join(ahead_words.prose(((7, "Next move: H STRAIGHT 1"),)))
    assert "Mail line 7: Next move: H STRAIGHT 1" in said and "begin with a line NEXT of its own" in said


def test_IUSA7_why_each_alternative_before_the_one_played_was_not():
    """IU-SA7, reading IU-30 (issue 35): the platform finds each alternative before the one played that the rules
    did not allow then, with the play's problem (a code: the rule, a tile not face-up, PASS while a tile can be
    laid); the player's own mail says which alternative was played and why each before it was not, or, when none
    could be, why each could not and that the list is dropped."""
    s = board()
    found, refused = tried(PLAY, s, "green", (("PASS",), ("6 STATION 3",), ("6 CURVE 0 LEFT",), ("6 STRAIGHT 1",)))
    assert found is not None and found[0] == 4
    codes = [(n, getattr(p[0], "code", None), dict(getattr(p[0], "args", ())).get("rule")) for n, _, p in refused]
    assert codes == [(1, "can-lay", None), (2, Code.REFUSED, "A"), (3, Code.NOT_FACE_UP, None)]
    with language("en"):
        played = " ".join(" ".join(ahead_words.played(5, 4, found[2], refused)).split())
        dropped = " ".join(" ".join(ahead_words.dropped(5, refused[:1])).split())
    assert "Your move 5 was played from your moves sent ahead: alternative 4 (6 STRAIGHT 1)." in played
    assert "Alternative 1 (PASS) could not be played: A tile can still be laid" in played
    assert "Alternative 2 (6 STATION 3) could not be played: No station may be laid next to a start tile (rule A)" \
        in played
    assert "Alternative 3 (6 CURVE 0 LEFT) could not be played: No curve 0 is face-up." in played
    assert "None of the alternatives of your move 5 sent ahead could be played when it came" in dropped
    assert tried(PLAY, s, "green", (("PASS",),)) == (None, refused[:1])


def _moved(table: Table, state: State, seat: str, line: str) -> tuple[Table, State, str]:
    """``seat`` plays ``line``: the table and state after it, and its mail as archived."""
    made, problems = PLAY.read(state, seat, [(1, line)])
    assert made is not None, problems
    after, events = PLAY.move(state, seat, made, first)
    table = table.after_move(seat, False)
    with language("en"):
        return table, after, PLAY.words.move_report(table, state, after, seat, events, False, None)


def test_IUSA8_one_report_mail_tells_every_move_since_the_last():
    """IU-SA8, reading IU-31 (issue 35): a player's one report mail of a tick tells each move since his last mail as
    its mail was archived, once the game's state now (who is on move, the layout after the last move); a mail of
    one move is that move's mail; his own moves sent ahead played come first, in his mail only."""
    s = board()
    t1, s1, mail1 = _moved(_table(), s, "green", "6 STRAIGHT 1")
    t2, s2, mail2 = _moved(t1, s1, "blue", "H STRAIGHT 2")
    one = Told(t1, s, s1, "green", mail1)
    with language("en"):
        assert PLAY.words.digest(t1, s1, "blue", [one]) == mail1
        two = PLAY.words.digest(t2, s2, "blue", [one, Told(t2, s1, s2, "blue", mail2, ahead=1, lines=("H STRAIGHT 2",))])
        other = PLAY.words.digest(t2, s2, "green", [one, Told(t2, s1, s2, "blue", mail2, ahead=1,
                                                                lines=("H STRAIGHT 2",))])
    assert "moves 1 to 2, 2 moves since your last mail" in two
    assert two.count("x=") == 1 and two.count("Lines (value") == 1  # the layout after the last move only
    assert two.index("Your move 2 was played from your moves sent ahead") < two.index("move 1, ")
    assert two.count("Move 3:") == 2 and "Move 2: " not in two  # who is on move: as it is now (top, and above how)
    assert "sent ahead" not in other


def test_IUSA9_check_says_what_the_orders_would_do():
    """IU-SA9, reading IU-32 (issue 35): the answer to CHECK says what the orders would do, sent without it, and
    never asks to send them again: the move previewed, why it would not be played, that the move is not the
    sender's, or, for moves sent ahead by the player on move, which alternative would be played at once."""
    from adjudicator.postal.moves import Loaded
    from adjudicator.postal.turns import _checked

    s = board()
    game = Loaded(_table(), s, "")
    body = ((3, "6 STRAIGHT 1"),)
    assert _checked(PLAY, game, "green", body, None, ())[0] == "checked"
    code, data = _checked(PLAY, game, "green", ((3, "6 CURVE 0 LEFT"),), None, ())
    assert code == "check-refused" and data["problems"][0].code == Code.NOT_FACE_UP
    assert _checked(PLAY, game, "blue", body, None, ()) == ("check-not-on-move", {"checked_at": 1,
                                                                                   "on_move": "green"})
    code, data = _checked(PLAY, game, "green", (), ((("PASS",), ("6 STRAIGHT 1",)), (("H STRAIGHT 1",),)), ())
    assert code == "checked-ahead" and data["sent"] == ((("H STRAIGHT 1",),),) and data["played_ahead"][1] == 2
    with language("en"):
        refused = PLAY.words.receipt(game.table, s, "check-refused", data | {"problems": ()})
        would = " ".join(PLAY.words.receipt(game.table, s, code, data).split())
        later = PLAY.words.receipt(game.table.after_move("green", False), s, "check-refused", {"checked_at": 1})
    assert "would not be played" in refused and "send them again" not in refused
    assert "sent without CHECK, your next move would be played at once from alternative 2 (6 STRAIGHT 1)" in would
    assert "Alternative 1 (PASS) could not be played" in would
    assert "The check is of the game as it stood at move 1" in " ".join(later.split())
