"""Golden files: the example game (examples/demo.sh) reproduces its reports and game files byte for byte.

Regenerate after a deliberate change with ``UPDATE_GOLDEN=1 pytest tests/test_example_golden.py``
and read the diff before committing it.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from adjudicator.dampfross.app.store import GameDir
from adjudicator.dampfross.game import gamefile
from tests.example_game import SCRIPT, play, script_steps
from tests.helpers import invoke

GOLDEN = Path(__file__).parent / "golden" / "example"


def tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture(scope="session")
def game(tmp_path_factory) -> Path:
    return play(tmp_path_factory.mktemp("example"))


def test_example_matches_golden_files(game: Path):
    if os.environ.get("UPDATE_GOLDEN"):
        shutil.rmtree(GOLDEN, ignore_errors=True)
        shutil.copytree(game, GOLDEN)
    got, want = tree(game), tree(GOLDEN)
    assert sorted(got) == sorted(want)
    for name in want:
        assert got[name] == want[name], f"{name} differs from tests/golden/example/{name}"


def test_example_is_byte_identical_on_rerun(game: Path, tmp_path: Path):
    assert tree(play(tmp_path)) == tree(game)


def test_balances_always_equal_ledger_sums(game: Path):
    gdir = GameDir(game)
    texts = [(game / "game.json").read_text(encoding="utf-8")]
    texts += [gdir.archived_text(step, which) for step in gdir.steps()[1:] for which in ("before", "after")]
    assert len(texts) == 15  # game.json, and before and after each of 7 turns (the first's before: the opening)
    for text in texts:
        s = gamefile.loads(text)  # loads checks the invariant itself
        assert s.balances_from_ledger() == {p.id: p.balance for p in s.players}
        paid_in = sum(e.amount for e in s.ledger if e.payer == "BANK")
        paid_out = sum(e.amount for e in s.ledger if e.payee == "BANK")
        assert sum(p.balance for p in s.players) == paid_in - paid_out


def test_example_reports_show_the_typical_mistakes(game: Path):
    private = (game / "reports" / "turn-002-NOB.txt").read_text(encoding="utf-8")
    assert "unknown order 'BIULD'" in private and "did you mean BUILD?" in private
    assert "'Rostok' understood as Rostock (1606)" in private
    assert "1609 and 1607 are not neighbours" in private
    public = (game / "reports" / "turn-003.txt").read_text(encoding="utf-8")
    assert "HAFEN    pays RAVEL      2" in public
    assert all(len(line) <= 80 for line in public.split("The whole map")[0].splitlines())


def test_example_ends_with_a_winner_and_every_die_verifies(game: Path):
    final = (game / "reports" / "turn-007.txt").read_text(encoding="utf-8")
    assert "THE GAME IS OVER: NOB (Nord-Ost-Bahn) wins, all 4 races are run." in final
    seed = (game / "seed.secret").read_text().strip()
    assert f"The dice seed is revealed:\n  {seed}\n" in final
    from click.testing import CliRunner

    from adjudicator.cli import cli

    result = CliRunner().invoke(cli, ["verify", str(game), "--seed", seed])
    assert result.exit_code == 0 and "OK: all" in result.output


def test_the_demo_script_takes_a_relative_new_directory(tmp_path: Path):
    """Issue 17: ``bash examples/demo.sh DIR`` failed for a relative DIR (the script changes directory first)
    and for a DIR that did not exist yet."""
    import os
    import subprocess
    import sys

    from tests.example_game import SCRIPT

    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    done = subprocess.run(["bash", str(SCRIPT), "runs/first"], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "runs" / "first" / "demo" / "reports" / "turn-007.txt").is_file()


def test_a_game_begun_in_format_1_goes_on_in_format_2_and_verifies(tmp_path: Path, monkeypatch):
    """Issue 16 (typed records): a game file of format 1 (every cause a phrase in ``note``) is read, and the game
    goes on in format 2 (causes as fields).  Here the example's opening and first turns are played as the
    program of format 1 wrote them, the rest as today's: every report is byte for byte the golden one, and
    ``verify`` checks the chain and replays every turn across the change of format."""
    import json

    args, turns, pattern = script_steps()
    game = tmp_path.resolve() / "demo"
    monkeypatch.chdir(SCRIPT.parent)
    monkeypatch.setattr(gamefile, "FORMAT_VERSION", 1)
    invoke(*[str(game) if a == "$game" else a for a in args])
    for turn in turns:
        if int(turn) == 4:
            old = json.loads((game / "game.json").read_text())
            assert old["format_version"] == 1 and any("note" in e for e in old["ledger"])
            monkeypatch.setattr(gamefile, "FORMAT_VERSION", 2)
        invoke(*sorted(str(p) for p in Path().glob(pattern.format(turn=turn))), "--game", str(game))
    new = json.loads((game / "game.json").read_text())
    assert new["format_version"] == 2 and not any("note" in e for e in new["ledger"])
    assert {e["reason"] for e in new["ledger"] if "race" in e} >= {"fare", "prize"}
    got, want = tree(game), tree(GOLDEN)
    assert {n: got[n] for n in got if n.startswith("reports/")} == {n: want[n] for n in want if n.startswith("reports/")}
    lines = invoke("verify", str(game)).output.splitlines()
    assert all(line.startswith("OK") for line in lines) and any("replayed to the same states" in x for x in lines)
