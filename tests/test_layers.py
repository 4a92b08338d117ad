"""The package's layers, enforced: imports go one way, and only the application touches files.

``docs/architecture.md`` explains the layers.  A module may import from its
own layer and the layers below it, never from a layer above.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "adjudicator"

LAYERS = ("kernel", "postal", "interurban", "board", "game", "building", "racing", "engine", "bots", "orders", "report", "app",
          "cli")
"""Lowest first.  ``adjudicator`` itself (the version) and ``cachefolder`` (a setting, no imports) are below them
all; ``__main__`` is with the CLI.  The Dampfross layers (board ... report) live in ``adjudicator/dampfross/``."""

GAMES = ("dampfross", "interurban")
"""The game packages: the kernel (``kernel/``, pure, and ``postal/``, its files and mail) imports none of them."""

FILE_MODULES = ("os", "shutil", "tempfile", "pathlib", "io", "glob", "fcntl", "mailbox", "smtplib", "imaplib")
"""Standard modules that reach the file system (or the network); only ``app/`` and the CLI import them."""


def layer_of(module: str) -> int:
    """The rank of a module of the package (``adjudicator.dampfross.racing.race`` -> racing)."""
    parts = module.split(".")
    assert parts[0] == "adjudicator", module
    if len(parts) > 1 and parts[1] == "dampfross":
        parts = parts[1:] if len(parts) > 2 else ["adjudicator", "__init__"]
    if len(parts) == 1 or parts[1] in ("__version__", "__init__", "cachefolder"):
        return -1
    name = "cli" if parts[1] in ("cli", "__main__") else parts[1]
    return LAYERS.index(name)


def modules() -> list[tuple[str, Path]]:
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE.parent).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts.pop()
        out.append((".".join(parts), path))
    return out


def imports(path: Path, module: str) -> list[tuple[int, str]]:
    """Every module this file imports (``from adjudicator import x`` counts as ``adjudicator.x``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            if base == "adjudicator":
                found += [(node.lineno, f"adjudicator.{a.name}") for a in node.names]
            else:
                found.append((node.lineno, base))
    return found


@pytest.mark.parametrize(("module", "path"), modules(), ids=[m for m, _ in modules()])
def test_imports_go_down_the_layers(module: str, path: Path):
    rank = layer_of(module)
    wrong = [f"line {line}: {name} ({LAYERS[layer_of(name)]})" for line, name in imports(path, module)
             if name.startswith("adjudicator.") and layer_of(name) > rank]
    assert not wrong, f"{module} ({LAYERS[rank] if rank >= 0 else 'package'}) imports from a higher layer: {wrong}"


@pytest.mark.parametrize(("module", "path"), modules(), ids=[m for m, _ in modules()])
def test_only_the_application_touches_files(module: str, path: Path):
    if layer_of(module) >= LAYERS.index("app") or layer_of(module) == LAYERS.index("postal"):
        return
    touching = [f"line {line}: {name}" for line, name in imports(path, module) if name.split(".")[0] in FILE_MODULES]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    touching += [f"line {n.lineno}: open()" for n in ast.walk(tree)
                 if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "open"]
    assert not touching, f"{module} reaches the file system outside adjudicator.app: {touching}"


def test_the_layers_cover_every_package():
    packages = {p.name for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    packages |= {p.name for p in (PACKAGE / "dampfross").iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert packages <= set(LAYERS) | set(GAMES), packages - set(LAYERS) - set(GAMES)


@pytest.mark.parametrize(("module", "path"), modules(), ids=[m for m, _ in modules()])
def test_the_kernel_imports_no_game(module: str, path: Path) -> None:
    """The second axis (issue 16): the game-neutral kernel never imports a game package."""
    if not module.startswith(("adjudicator.kernel", "adjudicator.postal")):
        return
    games = [f"line {line}: {name}" for line, name in imports(path, module)
             if name.split(".")[:2] in (["adjudicator", g] for g in GAMES)]
    assert not games, f"{module} (kernel) imports a game: {games}"


@pytest.mark.parametrize(("module", "path"), modules(), ids=[m for m, _ in modules()])
def test_no_games_pure_layer_imports_the_postal_edge(module: str, path: Path) -> None:
    """The second axis (issue 24): a game's pure layers (Dampfross's board ... report, InterUrban's rules and
    words) use the platform's pure kernel, never its edge (``postal/``: files, mail); only a game's
    application layer (``dampfross/app``) meets the postal loop."""
    if not module.startswith(("adjudicator.dampfross.", "adjudicator.interurban")) or \
            module.startswith("adjudicator.dampfross.app"):
        return
    edge = [f"line {line}: {name}" for line, name in imports(path, module)
            if name.startswith("adjudicator.postal")]
    assert not edge, f"{module} (a game's pure layer) imports the postal edge: {edge}"


def test_every_sub_package_ships_in_the_wheel() -> None:
    """``pyproject.toml`` lists the packages by name: a new sub-package left out installs without it."""
    import tomllib

    listed = set(tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {"adjudicator"} | {
        "adjudicator." + ".".join(p.parent.relative_to(PACKAGE).parts)
        for p in PACKAGE.rglob("__init__.py")
        if p.parent != PACKAGE and "__pycache__" not in p.parts
    }
    assert found <= listed, sorted(found - listed)


DAMPFROSS = ("dampfross", "app", "cli")


@pytest.mark.parametrize(("module", "path"), modules(), ids=[m for m, _ in modules()])
def test_interurban_stands_apart(module: str, path: Path) -> None:
    """InterUrban (issue 16) imports no Dampfross package, and nothing imports it: the registry of plays
    (``app/plays.py``) names its module, and the postal loop reaches it through the kernel's protocol."""
    inside = module.startswith("adjudicator.interurban")
    for line, name in imports(path, module):
        parts = name.split(".")
        if parts[0] != "adjudicator" or len(parts) < 2:
            continue
        if inside:
            assert parts[1] not in DAMPFROSS, f"{module} line {line} imports Dampfross {name}"
        else:
            assert parts[1] != "interurban", f"{module} line {line} imports {name}"


def test_the_registry_of_games_loads_no_game_until_one_is_at_hand() -> None:
    """Every GM command asks the registry (``app.plays``) for the game of its folder: importing it, the protocol of
    GM commands and the commands every game of moves shares loads neither InterUrban nor Dampfross's application
    (a command on the start-up path pays for neither)."""
    import subprocess
    import sys

    code = ("import sys, adjudicator.app.plays, adjudicator.app.gm, adjudicator.app.movesgm; "
            "print([m for m in sys.modules if m.startswith(('adjudicator.interurban', 'adjudicator.dampfross'))])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]", out


def test_every_note_a_tick_may_make_has_the_gms_words() -> None:
    """``kernel/notes.NoteKind`` and ``kernel/words/gm.GM_NOTES`` name the same notes (a note without words would
    fail the tick's printing; words without a note are dead)."""
    from typing import get_args

    from adjudicator.kernel.notes import NoteKind
    from adjudicator.kernel.words.gm import GM_NOTES

    assert set(get_args(NoteKind)) == set(GM_NOTES)
