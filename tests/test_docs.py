"""The README documents every command the CLI has."""

from __future__ import annotations

import re
from pathlib import Path

from adjudicator.cli import cli

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")


def test_every_command_is_in_the_readme():
    names = []
    for name, command in cli.commands.items():
        sub = getattr(command, "commands", None)
        names += [f"adjudicate {name} {s}" for s in sub] if sub else [f"adjudicate {name}"]
    missing = [n for n in names if n not in README]
    assert not missing, f"commands missing from README.md: {missing}"


ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
_LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
_OUTSIDE = re.compile(r"(?<![\w.])\.\./")


def test_the_docs_point_only_inside_the_repository():
    """Issue 17 / brief: a user has the repository, nothing beside it: no ``../`` paths, and every relative
    link of README.md and docs/ leads to a file of the repository."""
    problems = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        for n, line in enumerate(text.splitlines(), 1):
            if _OUTSIDE.search(line):
                problems.append(f"{doc.name}:{n}: a path outside the repository: {line.strip()}")
            for target in _LINK.findall(line):
                if "://" in target or target.startswith("mailto:"):
                    continue
                resolved = (doc.parent / target).resolve()
                if not resolved.is_relative_to(ROOT) or not resolved.exists():
                    problems.append(f"{doc.name}:{n}: the link {target} leads nowhere in the repository")
    assert not problems, "\n".join(problems)


def _readme_orders() -> list[str]:
    block = README.split("## Orders", 1)[1].split("```", 2)[1]
    return [line.split("#", 1)[0].strip() for line in block.splitlines() if line.split("#", 1)[0].strip()]


def test_the_readme_passwords_have_the_format_new_games_give():
    """Issue 17: the README showed passwords of an old format (``k3v9x2mpqa``); a newcomer copies them."""
    from adjudicator.kernel import passwords

    shape = re.compile(rf"^[{passwords._ALPHABET}]{{{passwords.GROUP_LENGTH}}}"
                       rf"(-[{passwords._ALPHABET}]{{{passwords.GROUP_LENGTH}}}){{{passwords.GROUPS - 1}}}$")
    assert shape.match(passwords.generate())
    shown = [line.split()[-1] for line in _readme_orders() if "PASSWORD" in line.split()]
    assert len(shown) == 2
    assert [p for p in shown if not shape.match(p)] == []


def test_the_readme_build_lines_can_be_built_on_the_german_map(tmp_path, monkeypatch):
    """Issue 17: the README's ``BUILD 1409 - 1412`` could never be built (the two hexes are on no straight
    hex line). Its building lines, checked on the German map, raise no problem but the allowance."""
    from tests.helpers import invoke

    monkeypatch.chdir(tmp_path)
    invoke("new", "demo", "--map", "germany", "--player", "RED", "--player", "BLUE",
           "--unsafe-test-passwords", "docs")
    password = (tmp_path / "demo" / "passwords.txt").read_text().split()[1]
    lines = [line for line in _readme_orders()
             if line.split()[0] in ("GAME", "TURN", "START") or (line.startswith("BUILD") and " WITH " not in line)]
    lines.insert(2, f"PLAYER RED PASSWORD {password}")
    (tmp_path / "t.orders").write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = invoke("check", "t.orders", "--game", "demo", ok=False)
    assert "BUILD 1409" in result.output
    assert "illegal" not in result.output and "syntax" not in result.output, result.output


def test_the_project_has_the_license_its_metadata_names():
    """Issue 17: pyproject.toml said MIT but the repository had no LICENSE file."""
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License")
    assert 'license = { text = "MIT" }' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")


def test_the_cron_line_explains_its_environment_file():
    """Issue 17: the README's cron line sources ``$HOME/.dampfross-env`` without saying what it holds."""
    cron = README.split("*/5 * * * *", 1)[1]
    env_file = cron.split("```", 3)[2]
    assert "DAMPFROSS_IMAP_PASSWORD" in env_file and "PATH" in env_file
