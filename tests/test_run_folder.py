"""``adjudicate run DIR``: a folder the GM names stands for its order files (``postal/files.py: order_files``), in
every game of the session, as ``run --help`` and docs/gm.md say ("several files or a directory may be given"): the
files directly inside it whose names end in ``.orders`` or ``.txt``, in name order, hidden files, other files and
subfolders left out; ``check`` reads it so too.  A folder without any order file is refused in one line naming it, and nothing is written.
(The one session's ``run`` had read a folder as a file: "DIR: cannot be read: Is a directory".)"""

from __future__ import annotations

import filecmp
import shutil
from pathlib import Path

import pytest

from tests.conftest import Trial, make_trial
from tests.helpers import invoke

NOW = "2026-12-02T12:00+00:00"
"""When the GM runs the turn (before its deadline; the same for both runs compared)."""


def _differences(a: Path, b: Path) -> list[str]:
    """The files that differ between two folders, at any depth ([] when they are the same)."""
    found = filecmp.dircmp(a, b)
    return [*found.left_only, *found.right_only, *found.diff_files, *found.funny_files,
            *(d for sub in found.common_dirs for d in _differences(a / sub, b / sub))]


def _two_games(tmp_path: Path, kind: str, sections: dict[str, tuple[str, str]]) -> tuple[Trial, Path, Path]:
    """A game of ``kind``, a copy of it, and a folder of order files: by file name a seat's section (its seat and
    orders), beside files that are no order files (a hidden one, a note, a subfolder's)."""
    trial = make_trial(tmp_path, kind)
    copy = tmp_path / "copy"
    shutil.copytree(trial.game, copy)
    folder = tmp_path / "orders"
    (folder / "old").mkdir(parents=True)
    for name, (seat, body) in sections.items():
        (folder / name).write_text(trial.envelope(seat) + body, encoding="utf-8")
    (folder / ".draft.orders").write_text("this is no order\n", encoding="utf-8")
    (folder / "notes.md").write_text("this is no order\n", encoding="utf-8")
    (folder / "old" / "turn0.orders").write_text("this is no order\n", encoding="utf-8")
    return trial, copy, folder


def test_a_folder_runs_a_dampfross_turn_as_its_order_files_named_in_name_order(tmp_path: Path):
    trial, copy, folder = _two_games(tmp_path, "dampfross", {"red.orders": ("RED", "START Hamburg\n"),
                                                             "blue.txt": ("BLUE", "START Berlin\n")})
    by_folder = invoke("run", str(folder), "--game", str(copy), "--now", NOW)
    by_files = invoke("run", str(folder / "blue.txt"), str(folder / "red.orders"), "--game", str(trial.game),
                      "--now", NOW)
    assert by_folder.output.replace(str(copy), str(trial.game)) == by_files.output
    assert _differences(trial.game, copy) == []
    assert "turn 1 adjudicated" in by_files.output


def test_a_folder_is_checked_and_runs_a_period_of_any_simultaneous_game(tmp_path: Path):
    trial, copy, folder = _two_games(tmp_path, "rps", {"red.orders": ("RED", "ROCK\n"),
                                                       "blue.orders": ("BLUE", "PAPER\n")})
    files = (str(folder / "blue.orders"), str(folder / "red.orders"))
    assert invoke("check", str(folder), "--game", str(copy)).output == \
        invoke("check", *files, "--game", str(trial.game)).output  # check reads a folder as run does
    by_folder = invoke("run", str(folder), "--game", str(copy), "--now", NOW)
    invoke("run", *files, "--game", str(trial.game), "--now", NOW)
    assert "period 1 resolved" in by_folder.output
    assert _differences(trial.game, copy) == []


def test_a_folder_without_order_files_is_refused_in_one_line_and_nothing_is_written(tmp_path: Path):
    for kind in ("dampfross", "rps"):
        trial, copy, folder = _two_games(tmp_path / kind, kind, {})
        result = invoke("run", str(folder), "--game", str(trial.game), "--now", NOW, ok=False)
        assert result.exit_code == 1 and "Traceback" not in result.output, result.output
        assert str(folder) in result.output and "order files (*.orders, *.txt)" in result.output
        assert _differences(trial.game, copy) == []



def test_a_folder_that_cannot_be_listed_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A folder the GM may not list (its permissions; this test runs as any user, so the listing is made to fail)
    is refused in one line naming it, nothing written."""
    from adjudicator.postal import files

    def denied(folder: Path) -> list[Path]:
        raise PermissionError(13, "Permission denied", str(folder))

    trial, copy, folder = _two_games(tmp_path, "rps", {"red.orders": ("RED", "ROCK\n")})
    monkeypatch.setattr(files, "folder_order_files", denied)
    result = invoke("run", str(folder), "--game", str(trial.game), "--now", NOW, ok=False)
    assert result.exit_code == 1 and result.output == f"error: {folder}: cannot be read: Permission denied\n"
    assert _differences(trial.game, copy) == []
