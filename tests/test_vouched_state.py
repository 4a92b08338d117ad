"""A Dampfross game file that the archive's last step holds is read without its schema check (``postal/moves.py:
MovesDir.load``, ``dampfross/play.py: DampfrossPlay.load_vouched``; as the old format read the state it had archived
last): a turn's process need not load fastjsonschema (``docs/speed.md``).  A game file changed by hand is checked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.dampfross.game import gamefile
from adjudicator.dampfross.play import DampfrossPlay
from adjudicator.kernel.errors import GameFileError
from adjudicator.postal import moves
from adjudicator.postal.moves import MovesDir
from tests.helpers import invoke

TINY = str(Path(__file__).parent / "data" / "tiny.yaml")


def _new(tmp_path: Path) -> Path:
    game = tmp_path / "g"
    made = invoke("new", str(game), "--map", TINY, "--player", "RED", "--player", "BLUE", "--seed", "c",
                  "--unsafe-test-passwords", "c")
    assert made.exit_code == 0, made.output
    moves._KNOWN.clear()  # as a fresh process reads it
    return game


def test_the_game_file_the_archive_holds_is_not_checked_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    game = _new(tmp_path)
    checked: list[object] = []
    monkeypatch.setattr(gamefile, "validate", lambda doc, source: checked.append(source))
    loaded = MovesDir(game).load(DampfrossPlay())
    assert loaded.state.game_id == "g" and checked == []


def test_a_game_file_changed_by_hand_is_checked_against_the_schema(tmp_path: Path):
    game = _new(tmp_path)
    doc = json.loads((game / "game.json").read_text(encoding="utf-8"))
    doc["state"]["game_id"] = "no spaces"
    (game / "game.json").write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    with pytest.raises(GameFileError, match="invalid game file at game_id"):
        MovesDir(game).load(DampfrossPlay())
