"""Rules catalogue, InterUrban (seed 001): line values, victory points, the worked example's scoring,
the tournament, and the committed shuffle."""

from __future__ import annotations

from dataclasses import replace

import pytest

from adjudicator.interurban.move import apply_move, setup
from adjudicator.interurban.scoring import line_values, points, score, tournament
from adjudicator.interurban.shuffle import SeededDraw, commitment, seed_from_text, verify
from adjudicator.interurban.state import Line, State
from tests.catalogue.interurban_kit import opening

FERDI, LUCY, REY = "green", "blue", "red"


def with_lines(state: State, **spec: tuple[int, int, int, tuple[tuple[str, int], ...]]) -> State:
    """Lines by label: (straights, curves, track value, stations)."""
    lines = []
    for line in state.lines:
        s, c, v, st = spec.get(line.label, (0, 0, 0, ()))
        lines.append(replace(line, straights=s, curves=c, track_value=v, stations=st, finished=True))
    return replace(state, lines=tuple(lines))


def test_IU20_worked_example_scoring():
    """IU-20 (seed 001, SPIELWERTUNG): 'Die Strecke „6“ hat einen Streckenwert von 7 ... Ferdi ... 7 SP' ...
    'Ferdi gewinnt das Spiel mit insgesamt 35 SP (7 + 0 + 10 + 5 + 6 + 7)! Lucy kommt auf 26 SP, Rey auf
    21 SP.'  The lines as the example ends them (economic values as the seed states them)."""
    s = with_lines(
        opening((FERDI, LUCY, REY)),
        **{
            "6": (0, 2, 1, ((FERDI, 2),)),
            "5": (2, 2, 2, ((LUCY, 3), (REY, 2))),
            "7": (3, 1, 3, ((LUCY, 1), (REY, 2), (LUCY, 3), (FERDI, 4))),
            "C": (3, 4, 5, ((REY, 4), (FERDI, 4), (REY, 3), (LUCY, 4), (REY, 2), (FERDI, 1))),
            "4": (2, 2, 2, ((FERDI, 3), (LUCY, 4), (REY, 2), (FERDI, 1))),
            "H": (0, 2, 0, ((FERDI, 2),)),
        },
    )
    assert line_values(s.lines) == {"6": 7, "5": 7, "7": 10, "C": 9, "4": 6, "H": 7}
    per_line, totals = score(s)
    assert per_line == {
        "6": {FERDI: 7}, "5": {LUCY: 7, REY: 4}, "7": {FERDI: 10, LUCY: 10, REY: 5},
        "C": {REY: 9, FERDI: 5, LUCY: 3}, "4": {FERDI: 6, LUCY: 6, REY: 3}, "H": {FERDI: 7},
    }
    assert totals == {FERDI: 35, LUCY: 26, REY: 21}


def test_IU21_ranks_after_a_tie_are_dense():
    """IU-21 (seed 001: 'Bei Gleichstand erhalten alle daran beteiligten Spieler den vollen Wert'; example:
    'Ferdi hat 4 WP, Lucy ebenso und Rey hat 2 WP. Ferdi und Lucy erhalten beide 10 SP und Rey 5 SP');
    reading IU-12: after a tie for first the next value is second (half), not third."""
    assert points(10, {FERDI: 4, LUCY: 4, REY: 2}) == {FERDI: 10, LUCY: 10, REY: 5}
    assert points(7, {LUCY: 3, REY: 2}) == {LUCY: 7, REY: 4}
    assert points(9, {"a": 5, "b": 4, "c": 3, "d": 2, "e": 1}) == {"a": 9, "b": 5, "c": 3, "d": 2}
    assert points(9, {"a": 5, "b": 5, "c": 0}) == {"a": 9, "b": 9}
    assert points(1, {"a": 3, "b": 2, "c": 1}) == {"a": 1, "b": 1, "c": 1}  # rounded up


def test_IU22_start_letters_S_C_H_L():
    """IU-22 (seed 001: 'S - Die Startzahl ist gleich der Anzahl gerader Streckenplättchen der Strecke S';
    'C - ... Anzahl Kurvenplättchen'; 'H - ... der höchsten Startzahl in diesem Spiel, das kann auch der Wert
    S oder C sein!'; 'L - ... der niedrigsten Startzahl'; 'hätte die Strecke „C“ z. B. 8 Kurven, wäre die
    höchste Startnummer 8!')."""
    s = opening()
    s8 = with_lines(s, C=(0, 8, 3, ()), H=(1, 1, 2, ()))
    assert line_values(s8.lines) == {"6": 6, "H": 10, "5": 5, "7": 7, "C": 11, "4": 4}
    lines = (Line("S", (0, 0), "N", straights=1, track_value=1), Line("3", (0, 0), "W"),
             Line("8", (0, 0), "S"), Line("L", (1, 0), "N", track_value=2), Line("2", (1, 0), "E"),
             Line("9", (1, 0), "S"))
    assert line_values(lines) == {"S": 2, "3": 3, "8": 8, "L": 3, "2": 2, "9": 9}


def test_IU23_crossing_counts_on_both_lines():
    """IU-23 (seed 001: 'ein Bahnhof kann an zwei verschiedenen Strecken liegen, in diesem Fall bringt der
    Bahnhof Punkte für beide Strecken')."""
    s = with_lines(opening(), **{"6": (0, 1, 1, ((FERDI, 2),)), "H": (0, 1, 0, ((FERDI, 2),))})
    per_line, totals = score(s)
    assert per_line["6"] == {FERDI: 7} and per_line["H"] == {FERDI: 7} and totals[FERDI] == 14


def test_IU24_tournament():
    """IU-24 (seed 001: 'Sie spielen dann so viele Spiele, daß jeder einmal Startspieler ist ... der Spieler
    mit den meisten Siegpunkten aus allen Spielen der SIEGER')."""
    sums, winners = tournament([{FERDI: 35, LUCY: 26, REY: 21}, {FERDI: 10, LUCY: 20, REY: 30},
                                {FERDI: 5, LUCY: 4, REY: 0}])
    assert sums == {FERDI: 50, LUCY: 50, REY: 51} and winners == (REY,)
    assert tournament([{FERDI: 3, LUCY: 3}])[1] == (LUCY, FERDI)  # a tie: both win


def test_IU25_committed_shuffle_replays_and_verifies():
    """IU-25 (seed 001: 'werden verdeckt gemischt'): hidden tiles come from a seed committed at the start;
    a replay with the seed gives the same draws; a wrong seed or a changed draw fails verification."""
    seed = seed_from_text("iu")
    one, two = SeededDraw(seed), SeededDraw(seed)
    a, b = setup("g", (FERDI, LUCY), one), setup("g", (FERDI, LUCY), two)
    assert a == b and one.drawn == two.drawn and len(one.drawn) == 2 + 3 + 6
    assert verify(seed, commitment(seed), one.drawn) == []
    assert verify(seed_from_text("other"), commitment(seed), one.drawn) == [("commitment", "")]
    forged = [replace(d, index=(d.index + 1) % d.n) if i == 3 else d for i, d in enumerate(one.drawn)]
    assert verify(seed, commitment(seed), forged) == [("draw", one.drawn[3].label)]
    other = setup("g", (FERDI, LUCY), SeededDraw(seed_from_text("other")))
    assert other.track_face_up != a.track_face_up or other.stations_face_up != a.stations_face_up


@pytest.mark.parametrize("seed_text", ["x", "y"])
def test_IU26_draws_during_play_are_recorded(seed_text: str):
    """IU-26: refills at the end of a move ('deckt ... wieder so viele Streckenplättchen auf, daß es drei
    offen liegende gibt') draw from the same committed seed and are verifiable."""
    from adjudicator.interurban.move import legal_first

    seed = seed_from_text(seed_text)
    draw = SeededDraw(seed)
    s = setup("g", (FERDI, LUCY), draw)
    s, events = apply_move(s, [next(legal_first(s))], draw)
    assert len(s.track_face_up) == 3 and sum(code == "drawn" for code, _ in events) >= 1
    assert verify(seed, commitment(seed), draw.drawn) == []
