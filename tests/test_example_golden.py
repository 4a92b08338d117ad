"""Golden files: the example game (examples/demo.sh) reproduces its reports and game files byte for byte.

Regenerate after a deliberate change with ``UPDATE_GOLDEN=1 pytest tests/test_example_golden.py``
and read the diff before committing it.

The game is the one session's folder (``postal/moves.py: MovesDir``).  What a run writes that differs from run
to run is not golden: the time of each step (``arrived``, ``at`` in ``archive/step-NNN/record.json``, the run of
an order file is recorded when the GM ran it) and so the hash chain over the records (``chain`` in ``game.json``
and in every ``game-before.json``/``game-after.json``).  These files are compared without their times and their
chain with those of another run, and the game's state with the example as the old format kept it
(``tests/fixtures/old-format/example/game.json``): the same in every field but the old format's own chain.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from adjudicator.dampfross.game import gamefile
from adjudicator.dampfross.play import DampfrossPlay
from tests.example_game import SCRIPT, play, script_steps
from tests.helpers import invoke

GOLDEN = Path(__file__).parent / "golden" / "example"
OLD_FORMAT = Path(__file__).parent / "fixtures" / "old-format" / "example"


def volatile(name: str) -> bool:
    """A file of the game that differs from run to run (the times of its steps, the chain over them): not golden
    (``.ci/run`` leaves the same names out of its ``diff -r``: ``game*.json``, ``record.json``)."""
    base = name.rsplit("/", 1)[-1]
    return base == "record.json" or (base.startswith("game") and base.endswith(".json"))


def tree(root: Path) -> dict[str, bytes]:
    """The files of the game that are the same in every run, by path."""
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and not volatile(p.relative_to(root).as_posix())}


def timeless(root: Path) -> dict[str, object]:
    """The files that differ from run to run, read without their times and their chain."""
    out: dict[str, object] = {}
    for p in sorted(root.rglob("*.json")):
        name = p.relative_to(root).as_posix()
        doc = json.loads(p.read_text(encoding="utf-8"))
        assert volatile(name), name
        if name.endswith("record.json"):
            assert doc.pop("arrived", doc.pop("at", None)) is not None or doc["kind"] == "opening", name
        else:
            assert set(doc.pop("chain")) == {"previous", "record"}, name
        out[name] = doc
    return out


def move_step(game: Path, move: int) -> Path:
    """The archive's step that resolved turn ``move`` (its ``mail-ID.txt``: each company's private report)."""
    for step in sorted((game / "archive").iterdir()):
        record = json.loads((step / "record.json").read_text(encoding="utf-8"))
        if record["kind"] == "move" and record["move"] == move:
            return step
    raise AssertionError(f"no step resolved turn {move}")


@pytest.fixture(scope="session")
def game(tmp_path_factory) -> Path:
    return play(tmp_path_factory.mktemp("example"))


def test_example_matches_golden_files(game: Path):
    if os.environ.get("UPDATE_GOLDEN"):
        shutil.rmtree(GOLDEN, ignore_errors=True)
        shutil.copytree(game, GOLDEN, ignore=lambda where, names: [n for n in names if volatile(n)])
    got, want = tree(game), tree(GOLDEN)
    assert sorted(got) == sorted(want)
    for name in want:
        assert got[name] == want[name], f"{name} differs from tests/golden/example/{name}"
    assert not any(volatile(p.name) for p in GOLDEN.rglob("*"))


def test_example_plays_to_the_state_the_old_format_kept(game: Path):
    """The game's state after the last turn is the old format's (``game.json`` of the copy of the old golden),
    every field but the chain, which each format keeps its own way."""
    new = json.loads((game / "game.json").read_text(encoding="utf-8"))["state"]
    old = json.loads((OLD_FORMAT / "game.json").read_text(encoding="utf-8"))
    assert sorted(new) == sorted(old)
    assert {k: v for k, v in new.items() if k != "chain"} == {k: v for k, v in old.items() if k != "chain"}


def test_example_private_reports_are_the_old_formats(game: Path):
    """Each company's private report of a turn (the head of its mail, ``archive/step-NNN/mail-ID.txt``, before the
    turn's public report attached) is the old format's ``reports/turn-NNN-ID.txt`` byte for byte: the GM's order
    file named as the old format named it (``turn2-nob.orders:6:1``: the table keeps the file's name with the
    orders, ``kernel/table.py: Accepted.file``), and the note on an order below the signature of a pasted file's
    mail (the envelope gives a game that reads whole sections the signature and what follows it)."""
    for move in range(1, 8):
        step = move_step(game, move)
        for company in ("RAVEL", "NOB", "SUED", "HAFEN"):
            mail = (step / f"mail-{company}.txt").read_text(encoding="utf-8")
            want = (OLD_FORMAT / "reports" / f"turn-{move:03d}-{company}.txt").read_text(encoding="utf-8")
            assert mail[:len(want)] == want, f"{step.name}/mail-{company}.txt is not the old turn-{move:03d}-{company}.txt"


def test_example_is_byte_identical_on_rerun(game: Path, tmp_path: Path):
    again = play(tmp_path)
    assert tree(again) == tree(game)
    assert timeless(again) == timeless(game)


def test_balances_always_equal_ledger_sums(game: Path):
    texts = [(game / "game.json").read_text(encoding="utf-8")]
    texts += [p.read_text(encoding="utf-8") for p in sorted((game / "archive").glob("step-*/game-*.json"))]
    assert len(texts) == 1 + 33 + 34  # game.json, the opening's after, and before and after each of 33 steps
    for text in texts:
        s = DampfrossPlay().load(json.loads(text)["state"])
        assert s.balances_from_ledger() == {p.id: p.balance for p in s.players}
        paid_in = sum(e.amount for e in s.ledger if e.payer == "BANK")
        paid_out = sum(e.amount for e in s.ledger if e.payee == "BANK")
        assert sum(p.balance for p in s.players) == paid_in - paid_out


def test_example_reports_show_the_typical_mistakes(game: Path):
    private = (move_step(game, 2) / "mail-NOB.txt").read_text(encoding="utf-8")
    assert "unknown order 'BIULD'" in private and "did you mean BUILD?" in private
    assert "'Rostok' understood as Rostock (1606)" in private
    assert "1609 and 1607 are not neighbours" in private
    public = (game / "reports" / "move-003.txt").read_text(encoding="utf-8")
    assert "HAFEN    pays RAVEL      2" in public
    assert all(len(line) <= 80 for line in public.split("The whole map")[0].splitlines())


def test_example_ends_with_a_winner_and_every_die_verifies(game: Path):
    final = (game / "reports" / "move-007.txt").read_text(encoding="utf-8")
    assert "THE GAME IS OVER: NOB (Nord-Ost-Bahn) wins, all 4 races are run." in final
    seed = (game / "seed.txt").read_text().strip()
    assert f"The dice seed is revealed:\n  {seed}\n" in final
    from click.testing import CliRunner

    from adjudicator.cli import cli

    result = CliRunner().invoke(cli, ["verify", str(game), "--seed", seed])
    lines = result.output.splitlines()
    assert result.exit_code == 0 and lines and all(line.startswith("OK") for line in lines)
    assert "OK: the seed matches the commitment published at the start" in lines
    assert "OK: step-033: move resolved again: the same" in lines  # the last turn's dice drawn again from the seed


def test_the_demo_script_takes_a_relative_new_directory(tmp_path: Path):
    """Issue 17: ``bash examples/demo.sh DIR`` failed for a relative DIR (the script changes directory first)
    and for a DIR that did not exist yet."""
    import subprocess
    import sys

    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    done = subprocess.run(["bash", str(SCRIPT), "runs/first"], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "runs" / "first" / "demo" / "reports" / "move-007.txt").is_file()
    assert "THE GAME IS OVER" in done.stdout


def test_a_game_begun_in_format_1_goes_on_in_format_2_and_verifies(tmp_path: Path, monkeypatch):
    """Issue 16 (typed records): a game file of format 1 (every cause a phrase in ``note``) is read, and the game
    goes on in format 2 (causes as fields).  Here the example's opening and first turns are played as the
    program of format 1 wrote them, the rest as today's: every report is byte for byte the golden one, and
    ``verify`` checks the chain and replays every turn across the change of format."""
    args, turns, pattern = script_steps()
    game = tmp_path.resolve() / "demo"
    monkeypatch.chdir(SCRIPT.parent)
    monkeypatch.setattr(gamefile, "FORMAT_VERSION", 1)
    invoke(*[str(game) if a == "$game" else a for a in args])
    for turn in turns:
        if int(turn) == 4:
            old = json.loads((game / "game.json").read_text())["state"]
            assert old["format_version"] == 1 and any("note" in e for e in old["ledger"])
            monkeypatch.setattr(gamefile, "FORMAT_VERSION", 2)
        invoke(*sorted(str(p) for p in Path().glob(pattern.format(turn=turn))), "--game", str(game))
    new = json.loads((game / "game.json").read_text())["state"]
    assert new["format_version"] == 2 and not any("note" in e for e in new["ledger"])
    assert {e["reason"] for e in new["ledger"] if "race" in e} >= {"fare", "prize"}
    got, want = tree(game), tree(GOLDEN)
    reports = {n: got[n] for n in got if n.startswith("reports/") or "/mail-" in n}
    assert len(reports) == 8 + 7 * 4
    assert reports == {n: want[n] for n in want if n.startswith("reports/") or "/mail-" in n}
    lines = invoke("verify", str(game)).output.splitlines()
    assert all(line.startswith("OK") for line in lines) and any("move resolved again: the same" in x for x in lines)
