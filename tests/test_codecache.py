"""The dataclasses' methods compiled once and kept between runs (``postal/codecache.py``, issue 34).

A class made with the kept code must be the class ``dataclasses`` makes without it: the same methods, the same
code, the same annotations and errors.  A second process starts with what the first compiled and compiles
nothing; a spoilt file costs only time.
"""

from __future__ import annotations

import dataclasses
import inspect
import marshal
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from adjudicator.postal import codecache


def _classes() -> list[type]:
    """Dataclasses of every kind the package makes: frozen, ordered, keyword-only, with defaults and factories."""

    @dataclasses.dataclass(frozen=True)
    class Frozen:
        a: int
        b: str = "x"
        c: tuple[int, ...] = dataclasses.field(default_factory=tuple)

    @dataclasses.dataclass(frozen=True, order=True)
    class Ordered:
        n: int
        name: str

    @dataclasses.dataclass(frozen=True, kw_only=True)
    class Keywords:
        a: int
        b: list[int] = dataclasses.field(default_factory=list)

    @dataclasses.dataclass
    class Plain:
        a: int
        b: dict[str, int] = dataclasses.field(default_factory=dict)

    return [Frozen, Ordered, Keywords, Plain]


def _methods(cls: type) -> dict[str, Any]:
    return {name: getattr(cls, name) for name in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__",
                                                  "__delattr__", "__lt__", "__ge__")
            if inspect.isfunction(getattr(cls, name, None))}


def test_a_class_made_with_kept_code_is_the_class_made_without(monkeypatch: pytest.MonkeyPatch) -> None:
    plain = _classes()
    monkeypatch.setattr(codecache, "_CODE", {})
    monkeypatch.setattr(codecache, "_FRESH", [])
    monkeypatch.setattr(dataclasses, "exec", codecache.cached_exec, raising=False)
    first = _classes()  # compiled now, and kept
    assert codecache._FRESH
    fresh = len(codecache._FRESH)
    again = _classes()  # every text seen: nothing compiled
    assert len(codecache._FRESH) == fresh
    for made in (first, again):
        for a, b in zip(plain, made, strict=True):
            ma, mb = _methods(a), _methods(b)
            assert ma.keys() == mb.keys()
            for name, f in ma.items():
                g = mb[name]
                assert f.__code__.co_code == g.__code__.co_code, name
                assert f.__code__.co_filename == g.__code__.co_filename
                assert f.__annotations__ == g.__annotations__, name  # no __future__ flag leaked into the text
                assert inspect.signature(f) == inspect.signature(g)
    frozen, ordered, keywords, plain_ = again
    one = frozen(1)
    assert one == frozen(1, "x", ()) and hash(one) == hash(frozen(1)) and repr(one) == repr(plain[0](1))
    with pytest.raises(dataclasses.FrozenInstanceError):
        one.a = 2
    assert ordered(1, "b") < ordered(2, "a")
    assert keywords(a=1).b == [] and keywords(a=1).b is not keywords(a=1).b
    with pytest.raises(TypeError):
        keywords(1)
    p = plain_(1)
    p.a = 3
    assert p == plain_(3) and plain_.__hash__ is None


RUN = """
import sys
from adjudicator.postal.cache import use_cache
use_cache()
from adjudicator.postal import codecache
import adjudicator.kernel.notes, adjudicator.postal.outbox  # modules with dataclasses
print(len(codecache._FRESH), len(codecache._CODE))
"""


def _run(cache: Path) -> tuple[int, int]:
    env = dict(os.environ, ADJUDICATE_CACHE=str(cache))
    done = subprocess.run([sys.executable, "-c", RUN], env=env, capture_output=True, text=True, check=True)
    fresh, kept = done.stdout.split()
    return int(fresh), int(kept)


def _entry(cache: Path) -> Path:
    return next(cache.glob(f"dampfross-per-post/*/{codecache.KEY}"))


def test_a_second_process_compiles_nothing_and_a_spoilt_file_costs_only_time(tmp_path: Path) -> None:
    fresh, kept = _run(tmp_path)
    assert fresh > 0 and kept == fresh
    entry = _entry(tmp_path)
    assert len(marshal.loads(entry.read_bytes())) == kept
    assert _run(tmp_path) == (0, kept)  # everything served from the file
    for spoilt in (b"not marshal", marshal.dumps({"text": 1}), marshal.dumps([1, 2]), b""):
        entry.write_bytes(spoilt)
        assert _run(tmp_path) == (kept, kept)  # compiled again, and written again whole
        assert len(marshal.loads(entry.read_bytes())) == kept


def test_without_a_cache_nothing_is_patched(tmp_path: Path) -> None:
    env = dict(os.environ, ADJUDICATE_CACHE="off")
    code = ("from adjudicator.postal.cache import use_cache\nuse_cache()\nimport dataclasses\n"
            "print(hasattr(dataclasses, 'exec'))")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
