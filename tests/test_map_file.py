"""A Dampfross game keeps its own copy of the map (``map.yaml``), checked by the SHA-256 the state keeps each time a
command reads it (``dampfross/app/session.py: folder_maps``): a copy changed since the game started is refused in
one line naming it, also after a command of the same process has read it (the map read last is kept by the file's
stat), and nothing is written."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from adjudicator.dampfross.app.session import folder_maps
from adjudicator.kernel.errors import GameFileError
from tests.helpers import dampfross_state, invoke

TINY = str(Path(__file__).parent / "data" / "tiny.yaml")


def _game(tmp_path: Path) -> Path:
    game = tmp_path / "g"
    invoke("new", str(game), "--map", TINY, "--player", "RED", "--player", "BLUE", "--seed", "s",
           "--unsafe-test-passwords", "s")
    return game


def test_a_changed_map_copy_is_refused_in_one_line_and_nothing_is_written(tmp_path: Path):
    game = _game(tmp_path)
    assert invoke("status", str(game)).exit_code == 0
    before = {p: p.read_bytes() for p in game.rglob("*") if p.is_file() and p.name != "map.yaml"}
    with (game / "map.yaml").open("a", encoding="utf-8") as f:
        f.write("# changed by hand\n")
    pw = dict(line.split() for line in (game / "passwords.txt").read_text().splitlines())
    orders = tmp_path / "t1.orders"
    orders.write_text(f"GAME g\nTURN 1\nPLAYER RED PASSWORD {pw['RED']}\nSTART Nordstadt\nBUILD Nordstadt - 0403\n")
    result = invoke("run", str(orders), "--game", str(game), ok=False)
    assert result.exit_code == 1 and result.output.count("\n") == 1, result.output
    assert "map.yaml has changed since the game started" in result.output
    assert {p: p.read_bytes() for p in game.rglob("*") if p.is_file() and p.name != "map.yaml"} == before


def test_the_map_kept_by_a_process_is_read_again_when_the_file_changes(tmp_path: Path):
    game = _game(tmp_path)
    state, load = dampfross_state(game), folder_maps(game)
    first = load(state)
    assert load(state) is first  # unchanged: the map read last
    shutil.copy(game / "map.yaml", tmp_path / "kept.yaml")
    (game / "map.yaml").write_text((tmp_path / "kept.yaml").read_text(encoding="utf-8") + "# x\n", encoding="utf-8")
    with pytest.raises(GameFileError, match="has changed since the game started"):
        load(state)
    shutil.copy(tmp_path / "kept.yaml", game / "map.yaml")  # put back as it was: read and checked again
    assert load(state).name == first.name
