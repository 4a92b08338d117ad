"""Gathering a turn's order files: the last section counts, GAME/TURN agree, files never raise."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.dampfross.app.maps import read_map
from adjudicator.dampfross.app.orderfiles import order_file_paths, read_order_files
from adjudicator.dampfross.orders import collect, parse_orders, resolve
from adjudicator.dampfross.orders.codes import HintCode, NoteCode, ProblemCode
from adjudicator.dampfross.report.orderwords import (
    format_note,
    format_problem,
    hint_text,
    note_text,
    orders_report,
    problem_message,
)
from tests.helpers import accept_all

DATA = Path(__file__).parent / "data"
TURN3 = DATA / "orders" / "turn3"
TINY = read_map(DATA / "tiny.yaml")


def test_directory_reads_order_files_in_name_order_skipping_others():
    files, problems = order_file_paths([TURN3])
    assert [f.name for f in files] == ["01-red.orders", "02-gm-and-blue.txt", "03-late.orders"]
    assert problems == []


def test_last_section_for_a_player_counts_across_files_with_a_note():
    orders = accept_all(read_order_files([TURN3]))
    assert orders.problems == (), orders_report(orders)
    assert orders.players == ("BLUE", "RED")
    red = orders.section("red")
    assert red.pos.file.endswith("02-gm-and-blue.txt") and red.pos.line == 10
    notes = [format_note(n) for n in orders.notes]
    first, second = str(TURN3 / "01-red.orders"), str(TURN3 / "02-gm-and-blue.txt")
    replaced = [dict(n.args) for n in orders.notes if n.code is NoteCode.SECTION_REPLACED]
    assert {"player": "RED", "replaced": f"{first}:3"} in replaced
    assert f"{second}:10: the section for RED at {first}:3 is replaced by this one (the last one counts)" in notes


def test_gm_sections_merge_and_a_later_roll_replaces_an_earlier_one():
    orders = accept_all(read_order_files([TURN3]))
    assert orders.gm.rolls == {"RED": 4, "BLUE": 5}
    late = str(TURN3 / "03-late.orders")
    assert any(n.code is NoteCode.ROLL_REPLACED and n.pos.file == late and n.pos.line == 2 for n in orders.notes)
    assert any(format_note(n).startswith(f"{late}:2: ROLL for BLUE at ") for n in orders.notes)


def test_game_and_turn_come_from_the_files_when_the_gm_names_none():
    orders = read_order_files([TURN3])
    assert (orders.game, orders.turn) == ("DP7", 3)


def test_files_are_read_in_the_order_given():
    a, b = TURN3 / "02-gm-and-blue.txt", TURN3 / "01-red.orders"
    orders = read_order_files([a, b])
    assert orders.section("RED").pos.file == str(b)


def test_the_gm_turn_overrides_and_every_disagreeing_line_is_a_problem():
    orders = read_order_files([TURN3], turn=4, game="dp7")
    assert orders.turn == 4
    assert [(Path(p.pos.file).name, p.pos.line, p.section) for p in orders.problems] == [
        ("01-red.orders", 2, "RED"),
        ("02-gm-and-blue.txt", 3, "BLUE"),
        ("02-gm-and-blue.txt", 9, "RED"),
    ]
    p = orders.problems[0]
    assert (p.code, dict(p.args)) == (ProblemCode.TURN_MISMATCH, {"value": 3, "expected": 4})
    assert problem_message(p) == "TURN 3 does not match turn 4 (named by the GM)"
    assert p.hint is not None and p.hint.code is HintCode.OLD_TURN


def test_game_ids_compare_case_insensitively_and_a_wrong_one_is_reported():
    a = parse_orders("GAME DP7\nPLAYER RED PASSWORD x\nPASS\n", "a.orders")
    b = parse_orders("GAME dp8\nPLAYER BLUE PASSWORD y\nPASS\n", "b.orders")
    orders = collect([a, b], game="DP7")
    (p,) = orders.problems
    assert (p.code, dict(p.args)) == (ProblemCode.GAME_MISMATCH, {"value": "dp8", "expected": "DP7"})
    assert (str(p.pos), problem_message(p)) == ("b.orders:1:6", "GAME dp8 does not match game DP7 (named by the GM)")
    assert hint_text(p) == "are these orders for another game?"


def test_turn_disagreement_across_files_without_gm_turn():
    a = parse_orders("TURN 3\nPLAYER RED PASSWORD x\nPASS\n", "a.orders")
    b = parse_orders("TURN 2\nPLAYER BLUE PASSWORD y\nPASS\n", "b.orders")
    (p,) = collect([a, b]).problems
    assert (p.code, dict(p.args)) == (ProblemCode.TURN_MISMATCH, {"value": 2, "expected": 3, "named_at": "a.orders:1"})
    assert (str(p.pos), problem_message(p)) == ("b.orders:1:6", "TURN 2 does not match turn 3 (named at a.orders:1)")


def test_missing_file_is_a_problem_naming_it(tmp_path):
    missing = tmp_path / "nope.orders"
    orders = read_order_files([missing, TURN3 / "01-red.orders"])
    assert orders.players == ("RED",)
    (p,) = orders.problems
    assert (p.code, p.pos.line) == (ProblemCode.MISSING_FILE, 0)
    assert format_problem(p) == f"{missing}: syntax: no such file or directory"


def test_empty_directory_is_a_problem(tmp_path):
    (p,) = read_order_files([tmp_path]).problems
    assert (p.code, dict(p.args)) == (ProblemCode.NO_ORDER_FILES, {"patterns": ("*.orders", "*.txt")})
    assert problem_message(p) == "no order files (*.orders, *.txt) in directory"


def test_unreadable_file_is_a_problem_not_a_traceback(tmp_path, monkeypatch):
    f = tmp_path / "red.orders"
    f.write_text("PLAYER RED PASSWORD x\nPASS\n", encoding="utf-8")

    def refuse(self):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "read_bytes", refuse)
    (p,) = read_order_files([f]).problems
    assert (p.code, dict(p.args)) == (ProblemCode.UNREADABLE_FILE, {"reason": "Permission denied"})
    assert format_problem(p) == f"{f}: syntax: cannot read the file: Permission denied"


def test_explicit_file_is_read_whatever_its_name(tmp_path):
    f = tmp_path / "mail.eml"
    f.write_text("PLAYER RED PASSWORD x\nPASS\n", encoding="utf-8")
    assert read_order_files([f]).players == ("RED",)


def test_latin1_file_is_read_with_a_note(tmp_path):
    f = tmp_path / "red.orders"
    f.write_bytes("PLAYER RED PASSWORD x\nBAUE Südheim - 0308\n".encode("latin-1"))
    orders = resolve(read_order_files([f]), TINY)
    assert orders.problems == ()
    assert orders.section("RED").orders[0].hexes[0].label == "0307"
    assert [(n.code, dict(n.args)) for n in orders.notes] == [(NoteCode.NOT_UTF8, {"encoding": "cp1252"})]
    assert [note_text(n) for n in orders.notes] == ["not UTF-8; read as cp1252"]


def test_crlf_and_bom_keep_line_numbers(tmp_path):
    f = tmp_path / "red.orders"
    f.write_bytes("\ufeffPLAYER RED PASSWORD x\r\n\r\nBIULD 0402\r\n".encode("utf-8"))
    (p,) = read_order_files([f]).problems
    assert (p.pos.line, p.pos.column, p.line_text) == (3, 1, "BIULD 0402")


@pytest.mark.parametrize("turn", [None, 3])
def test_problems_are_sorted_by_file_then_line(turn):
    a = parse_orders("PLAYER RED PASSWORD x\nBIULD\nPASS now\n", "z.orders")
    b = parse_orders("PLAYER BLUE PASSWORD x\nBIULD\nPASS\n", "a.orders")
    orders = collect([a, b], turn=turn)
    assert [str(p.pos) for p in orders.problems] == ["z.orders:2:1", "z.orders:3:6", "a.orders:2:1"]
