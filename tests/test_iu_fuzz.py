"""A bounded run of the InterUrban notation fuzzer (tools/fuzz/interurban.py): generated and mutated move texts
(moves sent ahead among them) never raise, every problem is well formed and said within 80 columns in both
languages, and every move read is one the rules accept."""

from __future__ import annotations

import pytest

from tools.fuzz import interurban
from tools.fuzz.interurban import Target, fuzz, judge, make_targets

INPUTS_PER_TARGET = 100


@pytest.fixture(scope="module")
def targets() -> list[Target]:
    return make_targets()


@pytest.mark.parametrize("which", [0, 1, 2], ids=["opening", "middle", "late"])
def test_fuzzed_move_texts_give_moves_or_problems_only(targets: list[Target], which: int):
    tally = fuzz(targets[which], INPUTS_PER_TARGET, seed_value=which)
    assert tally.inputs == INPUTS_PER_TARGET
    assert not tally.found, "\n\n".join(f"[{code}] {start!r}\n{detail}" for code, start, detail in tally.found[:5])
    assert tally.refused > 0 and tally.moves + tally.passes > 0  # both paths were taken
    assert tally.ahead > 0  # alternatives of moves sent ahead were read (issue 27)


def test_a_finding_is_reported_not_raised(targets: list[Target], monkeypatch: pytest.MonkeyPatch):
    def broken(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise IndexError("boom")

    monkeypatch.setattr(interurban, "parse_move", broken)
    tally = judge(targets[0], "6 STRAIGHT")
    assert [code for code, _, _ in tally.found] == ["raised"] and "IndexError" in tally.found[0][2]
