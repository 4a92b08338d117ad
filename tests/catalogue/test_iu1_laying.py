"""Rules catalogue, InterUrban (seed 001): laying tiles, rules A-J, completion, the end.

Opening used throughout (draw "first"): start tile I (lines 6 north, H west, 5 south) at
(0, 0) and start tile II (lines 7 north, C east, 4 south) at (1, 0); y grows southwards.
Readings IU-n are in docs/interurban-rules.md.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from adjudicator.interurban.move import MoveRefused, apply_move, legal_first
from adjudicator.interurban.state import Line, Placement
from tests.catalogue.interurban_kit import finished, first, offer, opening, play, skip_round


def refused(code: str, state, *specs) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(MoveRefused) as err:
        play(state, *specs)
    assert err.value.problem.code == code


def test_IU01_opening():
    """IU-01 (seed 001: 'dann werden zwei davon aufgedeckt und nebeneinander in die Tischmitte gelegt ...
    An jedes Streckenende wird eine Lokomotive gesetzt'; 'deckt drei davon auf'; 'Drei Streckenplättchen
    werden aufgedeckt'): six lines, three face-up track tiles, three face-up stations per colour."""
    s = opening()
    assert [line.label for line in s.lines] == ["6", "H", "5", "7", "C", "4"]
    assert len(s.track_face_up) == 3 and len(s.track_hidden) == 39
    for colour in s.players:
        assert sum(t.colour == colour for t in s.stations_face_up) == 3
        assert sum(t.colour == colour for t in s.stations_hidden) == 7


def test_IU02_one_to_three_tiles_at_most_one_station():
    """IU-02 (seed 001: 'MUß jeder Spieler ein, zwei oder drei Plättchen legen ... nie mehr als EIN
    Bahnhofsplättchen'; 'das kann ein eigenes oder das eines anderen Spielers sein')."""
    s = opening()
    refused("too-many-tiles", s, *[("straight", 1, "", (0, -1), "NS")] * 4)
    s, _ = play(s, ("straight", 1, "", (0, -1), "NS"), ("straight", 0, "", (0, -2), "NS"))
    refused("two-stations", s, ("simple", 2, "red", (0, -3), "NS"), ("straight", 1, "", (1, 1), "NS"),
            ("simple", 3, "red", (1, 2), "NS"))
    s, events = play(s, ("simple", 2, "red", (0, -3), "NS"))  # blue lays one of red's stations
    assert s.line("6").stations == (("red", 2),)
    assert sum(code == "drawn" for code, _ in events) == 1
    assert sum(t.colour == "red" for t in s.stations_face_up) == 3


def test_IU03_rule_A_only_track_at_start_tiles():
    """IU-03 rule A (seed 001: 'An Startplättchen können nur Streckenplättchen angelegt werden')."""
    s = opening()
    refused("A", s, ("simple", 1, "green", (0, -1), "NS"))
    refused("A", s, ("crossing", 2, "green", (2, 0), "+"))
    s, _ = play(s, ("straight", 1, "", (0, -1), "NS"))
    assert s.line("6").end == (0, -1)


def test_IU04_rule_B_first_round_never_finishes_a_line():
    """IU-04 rule B (seed 001: 'In der ersten Spielrunde dürfen Strecken nicht so gelegt werden, daß sie
    zur Fertigstellung einer Strecke führen'). A curve from line 6 towards line 7's end leaves the cell
    between them useless (rules A, E, F): both lines would be finished, so not in the first round."""
    s = opening()
    refused("B", s, ("curve", 0, "", (0, -1), "ES"))
    later = skip_round(s)
    after, events = play(later, ("curve", 0, "", (0, -1), "ES"))
    assert finished(after) == {"6", "7"}
    assert ("finished", (("line", "6"), ("by", "blocked"))) in events


def test_IU05_rule_C_stations_not_side_by_side():
    """IU-05 rule C (seed 001: 'Bahnhöfe dürfen nicht direkt neben einander gelegt werden, sie müssen
    mindestens ein Streckenplättchen weit voneinander entfernt sein'); reading IU-6: the eight cells
    around, corners included (example step D needs it)."""
    s = opening()
    s, _ = play(s, ("straight", 1, "", (0, -1), "NS"), ("simple", 1, "blue", (0, -2), "NS"))
    s, _ = play(s, ("straight", 1, "", (1, -1), "NS"))
    refused("C", s, ("simple", 2, "blue", (1, -2), "NS"))
    s, _ = play(s, ("straight", 0, "", (1, -2), "NS"))
    refused("C", s, ("simple", 2, "blue", (1, -3), "NS"))  # diagonal to (0, -2)
    s, _ = play(s, ("straight", 0, "", (1, -3), "NS"), ("simple", 2, "red", (1, -4), "NS"))
    assert s.line("7").stations == (("red", 2),)


def test_IU06_rule_D_no_two_stations_of_one_player_in_a_row():
    """IU-06 rule D (seed 001: 'Auf einer Strecke dürfen nicht zwei Bahnhöfe desselben Spielers direkt
    hintereinander liegen'); reading IU-7: the next station along the line, track between or not."""
    s = skip_round(opening())
    s, _ = play(s, ("straight", 1, "", (0, -1), "NS"), ("simple", 1, "green", (0, -2), "NS"),
                ("straight", 1, "", (0, -3), "NS"))
    refused("D", s, ("simple", 2, "green", (0, -4), "NS"))
    s, _ = play(s, ("simple", 2, "red", (0, -4), "NS"), ("straight", 1, "", (0, -5), "NS"))
    s, _ = play(s, ("simple", 3, "green", (0, -6), "NS"))
    assert s.line("6").stations == (("green", 1), ("red", 2), ("green", 3))


def test_IU07_rule_E_lines_never_joined():
    """IU-07 rule E (seed 001: 'Die Strecken dürfen nicht miteinander verbunden sein')."""
    s = skip_round(opening())
    refused("E", s, ("curve", 1, "", (0, -1), "ES"), ("curve", 1, "", (1, -1), "SW"))
    s, _ = play(s, ("curve", 1, "", (0, -1), "SW"), ("curve", 1, "", (-1, 0), "NE"))
    refused("E", s, ("curve", 0, "", (-1, -1), "ES"))
    s, _ = play(s, ("crossing", 2, "green", (-1, -1), "+"))  # crossing: two lines, no connection
    assert s.line("6").stations == s.line("H").stations == (("green", 2),)


def test_IU08_rule_F_track_edges_meet_track_edges():
    """IU-08 rule F (seed 001: 'Plättchen dürfen nicht so gelegt werden, daß eine Kante mit Gleis an eine
    Kante ohne Gleis stößt'), all four edges (reading IU-5)."""
    s = opening()
    refused("F", s, ("curve", 1, "", (0, -1), "NE"))  # the start tile's track meets the curve's bare south edge
    s, _ = play(s, ("straight", 1, "", (0, -1), "NS"))
    refused("F", s, ("curve", 1, "", (1, -1), "SW"))  # west edge meets the straight's bare east edge
    refused("F", s, ("straight", 1, "", (-1, 0), "NS"))  # east edge: the start tile's line H has track
    s, _ = play(s, ("curve", 1, "", (1, -1), "ES"))
    assert s.line("7").exit == "E"


def test_IU09_rules_GHIJ_station_values_per_line():
    """IU-09 rules G-J (seed 001: 'Eine Strecke darf nur einen Bahnhof Wert 1 haben' ... 'Eine Strecke darf
    mehrere Bahnhöfe Wert 4 haben, aber nur jeweils einen pro Spieler')."""
    base = skip_round(opening())
    s = base.with_line(replace(base.line("6"), stations=(("red", 1), ("blue", 2), ("red", 3))))
    s, _ = play(s, ("straight", 1, "", (0, -1), "NS"))
    for value, rule in ((1, "G"), (2, "H"), (3, "I")):
        refused(rule, s, ("simple", value, "green", (0, -2), "NS"))
    s = base.with_line(replace(base.line("6"), stations=(("blue", 4), ("red", 1))))
    s, _ = play(s, ("straight", 1, "", (0, -1), "NS"))
    refused("J", s, ("simple", 4, "blue", (0, -2), "NS"))
    s, _ = play(s, ("simple", 4, "green", (0, -2), "NS"))
    assert s.line("6").stations[-1] == ("green", 4)


def test_IU10_finished_by_values():
    """IU-10 (seed 001: 'Die Strecke mindestens einen Bahnhof jedes Typs hat'): the fourth value finishes
    the line and no tile may be laid at it any more ('es können keine weiteren Plättchen mehr ...')."""
    s = skip_round(opening())
    s = s.with_line(replace(s.line("6"), stations=(("red", 1), ("blue", 2), ("red", 3))))
    s, _ = play(s, ("straight", 1, "", (0, -1), "NS"), ("simple", 4, "green", (0, -2), "NS"))
    assert finished(s) == {"6"}
    refused("line-finished", s, ("straight", 1, "", (0, -3), "NS"))


def test_IU11_finished_when_no_station_can_come():
    """IU-11 (seed 001: 'unter Beachtung zuvor genannter Legeregeln kein weiterer Bahnhof mehr an die
    Strecke angelegt werden kann'), reading IU-9: look ahead along reachable empty cells and the stations
    still in the game; example step D: both lines end facing the one cell where C, E and F forbid all."""
    s = skip_round(opening())
    s, _ = play(s, ("curve", 1, "", (0, -1), "SW"), ("curve", 0, "", (-1, 0), "NE"),
                ("crossing", 2, "green", (-1, -1), "+"))
    assert finished(s) == set()
    s, events = play(s, ("curve", 0, "", (-2, -1), "NE"), ("curve", 0, "", (-1, -2), "SW"))
    assert finished(s) == {"6", "H"}, events


def test_IU12_no_station_value_left_finishes():
    """IU-12 reading IU-9: if no station still in the game may ever lie on the line (D, G-J), it is finished."""
    s = skip_round(opening(("green", "blue")))
    s = replace(s, stations_face_up=tuple(t for t in s.stations_face_up if t.value == 4),
                stations_hidden=tuple(t for t in s.stations_hidden if t.value == 4))
    s = s.with_line(replace(s.line("6"), stations=(("green", 4), ("blue", 4))))
    s, _ = play(s, ("straight", 1, "", (1, -1), "NS"))
    assert "6" in finished(s)


def test_IU13_end_all_lines_finished():
    """IU-13 (seed 001: 'Alle Lokomotiven an den Streckenenden entfernt wurden')."""
    s = skip_round(opening())
    s = replace(s, lines=tuple(replace(line, finished=line.label != "6") for line in s.lines))
    s, events = play(s, ("curve", 0, "", (0, -1), "ES"))
    assert s.end == "all-lines" and events[-1] == ("game-over", (("reason", "all-lines"),))


def test_IU14_end_track_exhausted_and_leftovers_count_finished():
    """IU-14 (seed 001: 'Alle Streckenplättchen gelegt sind'; 'Irgendwelche unvollständigen Strecken gelten
    nun als fertige Strecken')."""
    s = skip_round(opening())
    s, ids = offer(s, [("straight", 1, "", (0, -1), "NS")])
    s = replace(s, track_face_up=tuple(t for t in s.track_face_up if t.id == ids[0]), track_hidden=())
    s, _events = apply_move(s, [Placement(ids[0], (0, -1), "NS")], first)
    assert s.end == "track-exhausted" and finished(s) == {"6", "H", "5", "7", "C", "4"}


def test_IU15_end_stations_of_the_mover_all_laid():
    """IU-15 (seed 001: 'Alle Bahnhofsplättchen dieses Spielers gelegt sind')."""
    s = skip_round(opening())
    s, ids = offer(s, [("simple", 1, "green", (0, -2), "NS")])
    s = replace(s, stations_face_up=tuple(t for t in s.stations_face_up if t.colour != "green" or t.id == ids[0]),
                stations_hidden=tuple(t for t in s.stations_hidden if t.colour != "green"))
    after, _ = play(s, ("straight", 1, "", (0, -1), "NS"), ("simple", 1, "green", (0, -2), "NS"))
    assert after.end == "stations-exhausted"  # green, on move, laid the last green station
    s = replace(s, moves=s.moves + 1, stations_face_up=tuple(t for t in s.stations_face_up if t.colour != "green"))
    after, _ = play(s, ("straight", 1, "", (1, -1), "NS"))  # blue on move: green's lack ends nothing
    assert after.end is None


def test_IU16_end_no_tile_can_be_laid():
    """IU-16 (seed 001: 'Dieser Spieler überhaupt kein Plättchen legen konnte'): an empty move is accepted
    only when it is true, and ends the game."""
    s = opening()
    with pytest.raises(MoveRefused) as err:
        apply_move(s, [], first)
    assert err.value.problem.code == "can-lay"
    stuck = replace(s, track_face_up=(), stations_face_up=tuple(t for t in s.stations_face_up if t.value == 4))
    assert next(legal_first(stuck), None) is None  # stations only, all next to a start tile (rule A)
    s, _events = apply_move(stuck, [], first)
    assert s.end == "stuck" and len(finished(s)) == 6


def test_IU17_refused_move_changes_nothing():
    """IU-17: a refused move raises and the state value is untouched (frozen)."""
    s = opening()
    before = s
    refused("A", s, ("straight", 1, "", (0, -1), "NS"), ("simple", 1, "green", (1, -1), "NS"))
    assert s == before and isinstance(s.lines[0], Line)


def test_IU18_ascii_drawing():
    """IU-18: the layout of example steps A and D as 3x3 cells, within 80 columns (windows when wider)."""
    from adjudicator.interurban.draw import draw

    s = skip_round(opening())
    s, _ = play(s, ("curve", 1, "", (0, -1), "SW"), ("curve", 0, "", (-1, 0), "NE"),
                ("crossing", 2, "green", (-1, -1), "+"))
    s, _ = play(s, ("curve", 0, "", (-2, -1), "NE"), ("curve", 0, "", (-1, -2), "SW"))
    assert draw(s) == [
        "x=-2..1",
        "",
        " . -+  .  .",
        "    |",
        " |  |",
        " +--2--+  .",
        "    |  |",
        "    |  6  7",
        " .  +-H#  #C",
        "       5  4",
    ]
    narrow = draw(s, width=12)
    assert [line for line in narrow if line.startswith("x=")] == ["x=-2..0", "x=1..1"]
    assert all(len(line) <= 12 for line in narrow)


def test_IU27_a_missed_move_lays_nothing_and_passes_the_move_on():
    """IU-27, reading IU-13 (the seed knows no deadlines; docs/interurban-rules.md): a move missed at its
    deadline lays and draws nothing, the next player is on move, and it counts as the player's move of the first
    round (rule B).  It is never the declaration that no tile can be laid, which ends the game (seed 001:
    'Falls das nicht möglich ist, ist das Spiel zu Ende')."""
    from adjudicator.interurban.move import miss

    s = opening()
    after, events = miss(s)
    assert after.on_move == s.players[1] and after.moves == s.moves + 1 and not after.over
    assert (after.board, after.lines, after.track_face_up, after.stations_face_up, after.track_hidden) == \
        (s.board, s.lines, s.track_face_up, s.stations_face_up, s.track_hidden)
    assert events == (("missed", (("player", s.players[0]),)),)
    for _ in s.players[1:]:
        after, _events = miss(after)
    assert not after.first_round  # every player has had his first move, made or missed


def test_IU28_no_move_is_missed_in_a_game_that_is_over():
    """IU-28, reading IU-13: a game that is over has no move to miss."""
    from adjudicator.interurban.move import miss

    s = replace(opening(), end="stuck")
    with pytest.raises(MoveRefused) as err:
        miss(s)
    assert err.value.problem.code == "game-over"
