"""Command line: ``python -m tools.mapgen MAP [--check | --preview | --out FILE]``.

MAP is ``france``, ``usa-east``, ``usa-west`` or ``all``.  Without options
the map is regenerated into ``maps/<MAP>.yaml``.  ``--check`` regenerates it
in memory and exits 1 with a diff when the shipped file differs.
``--preview`` prints a compact picture of the map and the generator's
notes (towns near the sea, ferry crossings) for hand-checking.
"""

from __future__ import annotations

import argparse
import difflib
import sys
from pathlib import Path

from .build import build
from .emit import to_yaml
from .maps import SPECS
from .preview import preview

ROOT = Path(__file__).resolve().parents[2]


def shipped_path(key: str) -> Path:
    """Where the shipped YAML of a map lives."""
    return ROOT / "maps" / f"{key}.yaml"


def generate(key: str) -> tuple[str, list[str]]:
    """The YAML text of a map and the problems met while drawing it."""
    drawn = build(SPECS[key]())
    return to_yaml(drawn), drawn.problems


def check(key: str) -> bool:
    """True when regeneration reproduces the shipped file exactly."""
    text, _ = generate(key)
    path = shipped_path(key)
    old = path.read_text(encoding="utf-8") if path.is_file() else ""
    if text == old:
        print(f"{key}: {path.relative_to(ROOT)} is up to date")
        return True
    diff = difflib.unified_diff(old.splitlines(True), text.splitlines(True), str(path), "regenerated")
    sys.stdout.writelines(list(diff)[:200])
    print(f"{key}: {path.relative_to(ROOT)} differs from the regenerated map")
    return False


def main(argv: list[str] | None = None) -> int:
    """Run the command line."""
    parser = argparse.ArgumentParser(prog="python -m tools.mapgen", description=__doc__.split("\n")[0])
    parser.add_argument("map", choices=[*SPECS, "all"])
    parser.add_argument("--check", action="store_true", help="compare with the shipped file")
    parser.add_argument("--preview", action="store_true", help="print a picture for hand-checking")
    parser.add_argument("--out", type=Path, help="write here instead of maps/<map>.yaml")
    args = parser.parse_args(argv)
    keys = list(SPECS) if args.map == "all" else [args.map]
    ok = True
    for key in keys:
        if args.check:
            ok &= check(key)
            continue
        drawn = build(SPECS[key]())
        for p in drawn.problems:
            print(f"{key}: problem: {p}", file=sys.stderr)
        if args.preview:
            print(preview(drawn))
            continue
        out = args.out or shipped_path(key)
        out.write_text(to_yaml(drawn), encoding="utf-8")
        print(f"{key}: wrote {out}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
