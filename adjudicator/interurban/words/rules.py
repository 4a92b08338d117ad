"""InterUrban's rules in words, for RULES by mail (issue 25), and the example move every mail shows.

``rules_words()`` says how a move is made (with a small drawing of a tile laid at a line's end), the laying
rules A to J as a refusal names them, when a line is finished, the end, and the scoring (S, C, H, L, the
economic values and the ranks); the numbers come from the engine (``notation.MAX_ORDERS``,
``scoring.RANK_DIVISORS``, the refill).  ``example_lines(state)`` writes ``example.example_move`` in the
reader's keywords: a move the player on move could send now.  docs/interurban-rules.md has the rules whole.
"""

from __future__ import annotations

from adjudicator.interurban.draw import cell_art
from adjudicator.interurban.example import example_move
from adjudicator.interurban.notation import MAX_ORDERS, written
from adjudicator.interurban.scoring import RANK_DIVISORS
from adjudicator.interurban.state import Placed, State
from adjudicator.interurban.words import names
from adjudicator.interurban.words.i18n import N_, _
from adjudicator.kernel.kept import Kept

LAYING = (
    ("A", N_("No station may be laid next to a start tile (sharing an edge with it): only track tiles.")),
    ("B", N_("In the first round, until every player has moved once, no tile may finish a line.")),
    ("C", N_("Stations may not lie next to each other, corners included: at least one tile lies between two "
             "stations.")),
    ("D", N_("Two stations of one player may not follow each other on a line.")),
    ("E", N_("Lines may not be joined: no tile may touch track at both ends of one of its tracks.")),
    ("F", N_("An edge with track may not meet an edge without track.")),
    ("G", N_("A line has at most one station of value 1.")),
    ("H", N_("A line has at most one station of value 2.")),
    ("I", N_("A line has at most one station of value 3.")),
    ("J", N_("A line may have several stations of value 4, but only one of each player.")),
)
"""Rules A to J of seed 001 in words (a refusal names the letter: ``words/problems.py``)."""

KEYWORDS = {"STRAIGHT": N_("STRAIGHT"), "CURVE": N_("CURVE"), "STATION": N_("STATION"),
            "CROSSING": N_("CROSSING"), "LEFT": N_("LEFT"), "RIGHT": N_("RIGHT"), "ALSO": N_("ALSO")}
"""The notation's keywords as the reader writes them (the notation reads either language's)."""

REFILL = 3
"""Face-up track tiles after a move (``move.apply_move`` refills to three)."""


def _drawing() -> list[str]:
    """Line 6 leaves start tile I northwards; 6 CURVE 1 LEFT lays a curve on the cell beyond that turns west."""
    start_left = Placed((0, 0), "I", "start", 0, "", "start", (("N", "6"), ("W", "H"), ("S", "5")))
    start_right = Placed((1, 0), "II", "start", 0, "", "start", (("N", "7"), ("E", "C"), ("S", "4")))
    curve = Placed((0, -1), "T", "curve", 1, "", "SW", (("S", "6"), ("W", "6")))
    empty = ["   ", " . ", "   "]
    before = [e + e for e in empty] + [a + b for a, b in zip(cell_art(start_left), cell_art(start_right),
                                                           strict=True)]
    after = [a + b for a, b in zip(cell_art(curve), empty, strict=True)] + before[3:]
    said_before, said_after = _("before"), _("after")
    head = f"    {said_before:<14}{said_after}"
    return [head.rstrip(), *(f"    {b:<14}{a}".rstrip() for b, a in zip(before, after, strict=True))]


def rules_words() -> list[str]:
    """The rules in words, every line within a mail's width."""
    ranks = ", ".join(f"1/{d}" for d in RANK_DIVISORS)
    out = names.fold(_("InterUrban: on your move you lay 1 to {most} of the face-up tiles (at most one "
                       "station, your own colour or another player's) at the open ends of the lines, each tile "
                       "continuing a line. Then the face-up track tiles are filled up to {refill}, and for a "
                       "station laid one of its colour is turned up.").format(most=MAX_ORDERS, refill=REFILL))
    out += ["", *names.fold(_("A tile continues a line at its end. Here line 6 leaves its start tile to the "
                              "north, and 6 CURVE 1 LEFT lays a curve of value 1 that turns left, seen in the "
                              "line's direction of travel (# a start tile, . an empty cell):")), "", *_drawing()]
    out += ["", *names.fold(_("Laying rules (a refusal names the rule it breaks):"))]
    for letter, rule in LAYING:
        out += names.fold(f"{letter}  {_(rule)}", "  ", hang=3)
    out += ["", *names.fold(_("A line is finished when it has a station of each value 1, 2, 3 and 4, or when no "
                              "station can be added to it any more under these rules; nothing more is laid at "
                              "it."))]
    out += names.fold(_("The game ends when all six lines are finished, when all track tiles are laid, when the "
                        "player who moved has no station left, or when the player on move cannot lay any tile "
                        "(PASS, accepted only when true). Who misses the deadline lays nothing, and the next "
                        "player is on move."))
    out += ["", *names.fold(_("Scoring: a line's value is the sum of the values of its track tiles (not of its "
                              "stations) and its start number: the number printed, or S (the number of straight "
                              "tiles on line S), C (the number of curves on line C), H (the highest start number "
                              "of the other lines) or L (the lowest)."))]
    out += names.fold(_("A player's economic value on a line is the sum of the values of his stations on it (a "
                        "crossing station counts on both its lines). By economic value, highest first, the "
                        "players get {ranks} of the line's value, rounded up; players tied share a rank; a lower "
                        "rank and a player without a station on the line get nothing.").format(ranks=ranks))
    return out


def _keywords(line: str, player: str) -> str:
    """A written order line in the reader's keywords (a station's colour in the reader's word too)."""
    out = []
    for word in line.split():
        if word in KEYWORDS:
            out.append(_(KEYWORDS[word]))
        elif word.isalpha() and len(word) > 1 and word.lower() != player:
            out.append(names.colour(word.lower()).upper())
        else:
            out.append(word)
    return " ".join(out)


def example_lines(state: State) -> list[str] | None:
    """The example move's order lines in the reader's keywords; ``[]`` when no tile can be laid (the move is
    PASS); ``None`` when the game is over (or the move cannot be written, which a legal move always can)."""
    if state.over:
        return None
    move = example_move(state)
    lines = _WRITTEN.get((move,), None, lambda: written(state, move, state.on_move)) if move else ()
    return None if lines is None else [_keywords(line, state.on_move) for line in lines]


_WRITTEN: Kept[tuple[str, ...] | None] = Kept(4)
"""The notation of the last examples, by the very example (``example_move`` hands the same one out for every
state equal to the one it was made for, and the notation depends on that state alone): a move's report and every
seat's digest write the example of one position."""
