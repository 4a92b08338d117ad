"""The package's layers, enforced: imports go one way, the platform and the games stay apart, and only the
application touches files.

``docs/architecture.md`` explains the layers.  Two axes: across, **the platform** (``kernel``, ``postal``,
``app``, ``cli``, lowest first: each imports its own layer and those below); down, **the games**: every other
package of ``adjudicator/`` is a game, with no list of their names (issue 34).  One rule holds for every game:
it imports the platform's kernel (and, from its application layer ``app/``, the postal edge and the protocol of
GM commands ``app/gm.py``), its own modules, and never another game or the CLI; the platform imports no game
(the registry names each game's module as a string: ``app/plays.py``).  Inside Dampfross its own layers go
one way too (``DAMPFROSS``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "adjudicator"

PLATFORM = ("kernel", "postal", "app", "cli")
"""The platform's layers, lowest first; every other package of ``adjudicator/`` is a game.  ``adjudicator``
itself (the version) and ``cachefolder`` (a setting, no imports) are below them all; ``__main__`` is with the
CLI."""
BASE = ("__version__", "__init__", "cachefolder")
GAME_MAY_IMPORT = {"kernel": "", "postal": "app", "app.gm": "app"}
"""What of the platform a game imports, and from where in the game: the kernel from anywhere; the postal edge and
the protocol of GM commands (``app/gm.py``) from its application layer (``adjudicator.GAME.app``) only."""
REGISTRY = "adjudicator.app.plays"
"""The one platform module that names games' modules (as strings)."""

DAMPFROSS = ("board", "game", "building", "racing", "engine", "bots", "orders", "report", "play", "app")
"""Dampfross's own layers (``adjudicator/dampfross/``), lowest first (``play``: the module ``dampfross/play.py``, the game
as a ``kernel.play.Play`` over its rules and words, issue 34)."""

FILE_MODULES = ("os", "shutil", "tempfile", "pathlib", "io", "glob", "fcntl", "mailbox", "smtplib", "imaplib")
"""Standard modules that reach the file system (or the network); only the application (the platform's ``postal``,
``app`` and ``cli``, a game's ``app``) imports them."""


def side(module: str) -> tuple[str, str]:
    """Where a module of the package is: ``("base", "")``, ``("platform", LAYER)`` or ``("game", NAME)``."""
    parts = module.split(".")
    assert parts[0] == "adjudicator", module
    if len(parts) == 1 or parts[1] in BASE:
        return "base", ""
    if parts[1] in PLATFORM or parts[1] == "__main__":
        return "platform", "cli" if parts[1] == "__main__" else parts[1]
    return "game", parts[1]


def violation(module: str, name: str) -> str | None:
    """Why ``module`` may not import ``name`` (both of the package) across the two axes, or ``None``."""
    (kind, where), (its, what) = side(module), side(name)
    if its == "base":
        return None
    if kind == "base":
        return f"{module} is below every layer and imports {name}"
    if kind == "platform":
        if its == "game":
            return f"the platform ({module}) imports the game {what} ({name}); the registry names games' modules"
        if PLATFORM.index(what) > PLATFORM.index(where):
            return f"{module} ({where}) imports from a higher layer of the platform: {name} ({what})"
        return None
    if its == "game":
        return None if what == where else f"the game {where} ({module}) imports another game: {name}"
    granted = next((k for k in GAME_MAY_IMPORT if name == f"adjudicator.{k}" or name.startswith(f"adjudicator.{k}.")),
                   None)
    if granted is None:
        return f"the game {where} ({module}) imports {name}: a game uses the kernel, its app/ the postal edge"
    inside = GAME_MAY_IMPORT[granted]
    if inside and not module.startswith(f"adjudicator.{where}.{inside}"):
        return f"{module} (the game {where}, outside its {inside}/) imports {name}: only its {inside}/ may"
    return None


def dampfross_rank(module: str) -> int | None:
    """The rank of a Dampfross module among Dampfross's own layers (``None``: not one of them)."""
    parts = module.split(".")
    return DAMPFROSS.index(parts[2]) if len(parts) > 2 and parts[:2] == ["adjudicator", "dampfross"] else None


def modules(package: Path = PACKAGE) -> list[tuple[str, Path]]:
    out = []
    for path in sorted(package.rglob("*.py")):
        rel = path.relative_to(package.parent).with_suffix("")
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


def violations(package: Path = PACKAGE) -> list[str]:
    """Every import of the package that crosses the two axes the wrong way, and every platform module but the
    registry that names a game's module as a string."""
    games = {p.name for p in package.iterdir() if p.is_dir() and (p / "__init__.py").exists()} - set(PLATFORM)
    found = []
    for module, path in modules(package):
        for line, name in imports(path, module):
            why = violation(module, name) if name.split(".")[0] == "adjudicator" else None
            if why:
                found.append(f"{path.name}:{line}: {why}")
        if side(module)[0] == "platform" and module != REGISTRY:
            named = [n.value for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                     if isinstance(n, ast.Constant) and isinstance(n.value, str)
                     and n.value.split(".")[:2] in (["adjudicator", g] for g in games)]
            found += [f"{path.name}: the platform ({module}) names the game module {n!r} outside the registry"
                      for n in named]
    return found


def test_the_platform_and_the_games_stay_apart() -> None:
    """One rule for every package outside the platform (issue 34): a game imports the platform's kernel (its
    application layer also the postal edge and the protocol of GM commands), never another game and never the CLI;
    the platform imports no game."""
    found = violations()
    assert not found, "\n".join(found)


def _package(root: Path, files: dict[str, str]) -> Path:
    """A package ``adjudicator`` in ``root`` with ``files`` (path: text) and an ``__init__.py`` in every folder."""
    for rel, text in files.items():
        path = root / "adjudicator" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    for folder in [root / "adjudicator", *(p for p in (root / "adjudicator").rglob("*") if p.is_dir())]:
        (folder / "__init__.py").touch()
    return root / "adjudicator"


def test_the_rule_fails_on_each_kind_of_violation(tmp_path: Path) -> None:
    """The rule names no game: a made-up package ``chess`` is a game the moment it exists, and each crossing is
    found (the kernel importing a game, postal the application, the CLI naming a game's module, a game importing
    another, a game's pure layer the postal edge or the registry, a game's app the CLI); the allowed imports (the
    base, the kernel, a game's own modules, its app the postal edge and the GM commands' protocol) are not."""
    package = _package(tmp_path, {
        "kernel/play.py": "from adjudicator.chess.rules import KING\n",
        "kernel/deadline.py": "from adjudicator.cachefolder import folder\nfrom adjudicator import __version__\n",
        "postal/loop.py": "from adjudicator.app.plays import game_of\nfrom adjudicator.kernel import play\n",
        "app/plays.py": "GAMES = {'chess': 'adjudicator.chess.app.gm'}\n",
        "app/gm.py": "from adjudicator.postal import loop\n",
        "cli/game.py": "from adjudicator.app import plays\nNAME = 'adjudicator.chess.rules'\n",
        "chess/rules.py": "from adjudicator.kernel.play import Play\nfrom ..othello import board\n",
        "chess/words.py": "from adjudicator.postal import outbox\nfrom adjudicator.app.plays import names\n",
        "chess/app/gm.py": "from adjudicator.app.gm import GmCommands\nfrom adjudicator.postal import loop\n"
                           "from adjudicator.chess import rules\nfrom adjudicator.cli import game\n",
        "othello/board.py": "import adjudicator.chess.rules\n",
        "cachefolder.py": "",
    })
    found = violations(package)
    expected = ["play.py:1: the platform (adjudicator.kernel.play) imports the game chess",
                "loop.py:1: adjudicator.postal.loop (postal) imports from a higher layer of the platform",
                "game.py: the platform (adjudicator.cli.game) names the game module 'adjudicator.chess.rules'",
                "rules.py:2: the game chess (adjudicator.chess.rules) imports another game: adjudicator.othello",
                "words.py:1: adjudicator.chess.words (the game chess, outside its app/) imports adjudicator.postal",
                "words.py:2: the game chess (adjudicator.chess.words) imports adjudicator.app.plays",
                "gm.py:4: the game chess (adjudicator.chess.app.gm) imports adjudicator.cli",
                "board.py:1: the game othello (adjudicator.othello.board) imports another game: adjudicator.chess"]
    for line in expected:
        assert sum(f.startswith(line) for f in found) == 1, (line, found)
    assert len(found) == len(expected), found


@pytest.mark.parametrize(("module", "path"), modules(), ids=[m for m, _ in modules()])
def test_dampfross_imports_go_down_its_layers(module: str, path: Path) -> None:
    rank = dampfross_rank(module)
    if rank is None:
        return
    wrong = [f"line {line}: {name} ({DAMPFROSS[r]})" for line, name in imports(path, module)
             if (r := dampfross_rank(name)) is not None and r > rank]
    assert not wrong, f"{module} ({DAMPFROSS[rank]}) imports from a higher layer of Dampfross: {wrong}"


def test_dampfross_layers_cover_its_packages() -> None:
    packages = {p.name for p in (PACKAGE / "dampfross").iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert packages <= set(DAMPFROSS), packages - set(DAMPFROSS)


def _application(module: str) -> bool:
    """Whether a module is the application: the platform's postal edge, app and CLI, or a game's ``app/``."""
    kind, where = side(module)
    if kind == "platform":
        return where != "kernel"
    return kind == "game" and module.split(".")[2:3] == ["app"]


@pytest.mark.parametrize(("module", "path"), modules(), ids=[m for m, _ in modules()])
def test_only_the_application_touches_files(module: str, path: Path) -> None:
    if _application(module):
        return
    touching = [f"line {line}: {name}" for line, name in imports(path, module) if name.split(".")[0] in FILE_MODULES]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    touching += [f"line {n.lineno}: open()" for n in ast.walk(tree)
                 if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "open"]
    assert not touching, f"{module} reaches the file system outside the application: {touching}"


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
