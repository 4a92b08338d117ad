"""The cache on disk (issue 8 §6): it only saves time, and a bad cache never changes or breaks a run."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator import __version__

TINY = str(Path(__file__).parent / "data" / "tiny.yaml")


def run(*args: str, cwd: Path, cache: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, ADJUDICATE_CACHE=cache)
    return subprocess.run([sys.executable, "-m", "adjudicator", *args], cwd=cwd, env=env, text=True,
                          capture_output=True, check=False)


def play(where: Path, cache: str) -> tuple[str, str]:
    """A new game and the check of one order file: the output of both."""
    where.mkdir()
    new = run("new", "g", "--map", TINY, "--player", "RED", "--player", "BLUE", "--seed", "c",
              "--unsafe-test-passwords", "c", cwd=where, cache=cache)
    assert new.returncode == 0, new.stderr
    pw = dict(line.split() for line in (where / "g" / "passwords.txt").read_text().splitlines())
    (where / "t1.orders").write_text(f"GAME g\nTURN 1\nPLAYER RED PASSWORD {pw['RED']}\nSTART Nordstadt\n"
                                     "BUILD Nordstadt - 0403 - 0404\nBIULD 0404 - 0405\n")
    check = run("check", "t1.orders", "--game", "g", cwd=where, cache=cache)
    return check.stdout, check.stderr


def test_the_cache_is_filled_and_used_and_changes_nothing(tmp_path: Path):
    cache = tmp_path / "cache"
    without = play(tmp_path / "a", "off")
    first = play(tmp_path / "b", str(cache))
    folder = cache / "dampfross-per-post" / __version__
    assert (folder / "orders.lark.cache").stat().st_size > 1000
    assert any((folder / "templates").iterdir())
    # the schema is compiled (and kept) only when a game file is read that the archive does not vouch for
    assert len(list(folder.glob("schema-*"))) <= 1
    second = play(tmp_path / "c", str(cache))
    assert without == first == second
    assert "BIULD" in without[0]


def test_a_spoilt_cache_is_rebuilt_and_an_unusable_one_ignored(tmp_path: Path):
    cache = tmp_path / "cache"
    expected = play(tmp_path / "a", str(cache))
    folder = cache / "dampfross-per-post" / __version__
    spoilt = [folder / "orders.lark.cache", *folder.glob("schema-*"), *(folder / "templates").iterdir()]
    assert len(spoilt) > 3
    for path in spoilt:
        path.write_bytes(b"not a pickle\n\x00\x01")
    assert play(tmp_path / "b", str(cache)) == expected
    assert all(path.stat().st_size > 100 for path in spoilt)
    blocked = tmp_path / "file"
    blocked.write_text("a file where the cache folder should be\n")
    assert play(tmp_path / "c", str(blocked)) == expected


def test_the_kept_schema_code_finds_what_the_fresh_one_finds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """The schema's code from the cache gives the same errors as the code made fresh (and junk is replaced)."""
    from adjudicator import cachefolder
    from adjudicator.dampfross.game import gamefile
    from adjudicator.kernel.errors import GameFileError
    from adjudicator.postal import cache

    bad = [{}, {"format_version": "1"}, {"format_version": 1, "game_id": "no spaces"}]

    def errors() -> list[str]:
        found = []
        for doc in bad:
            try:
                gamefile.validate(doc, "g.json")
            except GameFileError as exc:
                found.append(str(exc))
        return found

    gamefile._validator.cache_clear()
    fresh = errors()  # no cache: made fresh
    folder = tmp_path / "cache"
    folder.mkdir()
    monkeypatch.setattr(cache, "_FOLDER", [folder])  # as use_cache() sets them for a command
    monkeypatch.setattr(cachefolder, "_STORE", [(cache.kept, cache.keep)])
    try:
        gamefile._validator.cache_clear()
        found = errors()
        store = list(folder.glob("schema-*"))
        assert found == fresh and len(store) == 1
        gamefile._validator.cache_clear()
        assert errors() == fresh
        key = store[0]
        for junk in (b"", b"junk", __import__("marshal").dumps(42)):
            key.write_bytes(junk)
            gamefile._validator.cache_clear()
            assert errors() == fresh and key.read_bytes() != junk
    finally:
        gamefile._validator.cache_clear()
    assert len(fresh) == 3


def test_the_kept_envelope_keywords_are_lark_s_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """The envelope's keywords from the cache (``kernel/envelope.py: _keywords``) are those Lark reads from the
    grammar, and a spoilt entry is made again."""
    from adjudicator import cachefolder
    from adjudicator.kernel import envelope
    from adjudicator.postal import cache

    envelope._keywords.cache_clear()
    monkeypatch.setattr(cachefolder, "_STORE", [])
    fresh = envelope._keywords()  # no cache: Lark reads the grammar
    assert {"PLAYER", "PASSWORD", "GAME"} <= {name for name, _ in fresh}
    folder = tmp_path / "cache"
    folder.mkdir()
    monkeypatch.setattr(cache, "_FOLDER", [folder])
    monkeypatch.setattr(cachefolder, "_STORE", [(cache.kept, cache.keep)])
    try:
        for junk in (None, b"", b"junk", b"[1, 2]", b'[["PLAYER"]]', b"{}"):
            store = list(folder.glob("envelope-*"))
            if junk is not None:
                store[0].write_bytes(junk)
            envelope._keywords.cache_clear()
            assert envelope._keywords() == fresh
            assert len(list(folder.glob("envelope-*"))) == 1
        envelope._keywords.cache_clear()
        assert envelope._keywords() == fresh  # from the cache
    finally:
        envelope._keywords.cache_clear()
