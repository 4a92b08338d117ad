"""Each distinct picture drawn once a test run: the PNGs of ``postal/picture.py`` kept for the run, shared by the
workers.

Every report mail carries its map as a PNG: resvg renders the SVG (``picture.render``), Pillow makes its palette
(``picture.palette``), some 0.4 s of CPU for a German map.  The suite's games draw the same few pictures again and
again (each Dampfross trial's opening maps, the postal example's turns), and rendering them was some 40 % of the
CPU of the postal tests.  ``remember(folder)`` puts a wrapper around the two functions that keeps what each made,
by a digest of its arguments, in ``folder`` (one file a picture, written whole and renamed into place, so that two
workers may share it); a later call with the same arguments gets the same bytes from there.

Nothing a test proves changes: the bytes are the ones the real function made for the same arguments (resvg and
Pillow draw the same pixels every time; the goldens hold them to it), each distinct picture is still drawn by the
real function once a run, and the wrapper imports ``resvg_py`` or ``PIL`` first as the real function does, so a
test that takes a package away (``sys.modules["resvg_py"] = None``) still meets the ImportError.  A subprocess
(``adjudicate`` as cron runs it, the benches) draws its own.
"""

from __future__ import annotations

import functools
import hashlib
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any


def _kept(folder: Path, real: Callable[..., bytes], needs: str, key: Callable[..., bytes]) -> Callable[..., bytes]:
    @functools.wraps(real)
    def wrapper(*args: Any, **kwargs: Any) -> bytes:
        __import__(needs)  # the ImportError of the real function where a test has taken the package away
        path = folder / f"{real.__name__}-{hashlib.sha256(key(*args, **kwargs)).hexdigest()}.png"
        try:
            return path.read_bytes()
        except FileNotFoundError:
            pass
        made = real(*args, **kwargs)
        part = path.with_name(f"{path.name}.{os.getpid()}")
        part.write_bytes(made)
        os.replace(part, path)
        return made

    wrapper.__wrapped_by_tests__ = real  # type: ignore[attr-defined]
    return wrapper


def _render_key(svg: str, scale: float | None = None, crisp: str = "") -> bytes:
    return repr((scale, crisp)).encode() + b"\0" + svg.encode("utf-8")


def _palette_key(png: bytes, named: list[tuple[int, int, int]], colours: int | None = None) -> bytes:
    return repr((named, colours)).encode() + b"\0" + png


def remember(folder: Path) -> None:
    """Keep the pictures ``postal/picture.py`` draws in ``folder`` for the rest of the run (this process)."""
    from adjudicator.postal import picture

    if hasattr(picture.render, "__wrapped_by_tests__"):
        return
    folder.mkdir(parents=True, exist_ok=True)
    picture.render = _kept(folder, picture.render, "resvg_py", _render_key)  # type: ignore[assignment]
    picture.palette = _kept(folder, picture.palette, "PIL.Image", _palette_key)  # type: ignore[assignment]
