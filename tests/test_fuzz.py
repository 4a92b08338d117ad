"""A bounded part of the fuzz bench (issue 8 §5): generated and mutated order files through check and the turn.

``bench/bench_fuzz.py`` pushes 100,000 and more; here a few hundred, with a
fixed seed, so that CI meets every kind of input the generator makes: no
traceback, no hang, a refused turn changes nothing, an undone turn restores
``game.json``.  A finding prints the input's start and the traceback.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.fuzz import FindingCode, Target, fuzz, make_targets

INPUTS_PER_GAME = 120


@pytest.fixture(scope="module")
def targets(tmp_path_factory: pytest.TempPathFactory) -> list[Target]:
    return make_targets(tmp_path_factory.mktemp("fuzz"))


@pytest.mark.parametrize("which", [0, 1, 2], ids=["building", "racing", "standing"])
def test_fuzzed_order_files_never_crash_hang_or_change_a_refused_game(targets: list[Target], which: int):
    tally = fuzz(targets[which], INPUTS_PER_GAME, seed_value=which)
    assert tally.inputs == INPUTS_PER_GAME
    assert not tally.found, "\n\n".join(f"[{f.code.value} in {f.stage}]\n{f.detail}" for f in tally.found[:5])
    assert tally.turns_run > 0 and tally.turns_refused > 0  # both paths were taken


def test_a_finding_is_reported_not_raised(targets: list[Target], monkeypatch: pytest.MonkeyPatch):
    """The judge itself: a crash in the turn is a traceback finding, and the game is restored after it."""
    import tools.fuzz

    def crash(*args: object, **kwargs: object) -> None:
        raise ZeroDivisionError("planted")

    target = targets[0]
    before = (target.game / "game.json").read_bytes()
    monkeypatch.setattr(tools.fuzz, "run", crash)
    tally = target.push(b"PASS\n")
    assert [f.code for f in tally.found] == [FindingCode.TRACEBACK]
    assert "planted" in tally.found[0].detail
    assert (target.game / "game.json").read_bytes() == before
    assert Path(target.game, "game.json").is_file()


def test_a_hang_is_cut_short_and_reported(targets: list[Target], monkeypatch: pytest.MonkeyPatch):
    import time

    import tools.fuzz

    monkeypatch.setattr(tools.fuzz, "run", lambda *a, **k: time.sleep(5))
    monkeypatch.setattr(targets[0], "limit", 0.3)
    start = time.monotonic()
    tally = targets[0].push(b"PASS\n")
    assert [f.code for f in tally.found] == [FindingCode.HANG] and time.monotonic() - start < 3

