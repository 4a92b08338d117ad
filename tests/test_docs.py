"""The documentation is true: every command is in the GM's guide, the README keeps CI's test command, every link
leads somewhere in the repository, the examples can be played, and the players' page says what HELP sends."""

from __future__ import annotations

import re
from pathlib import Path

import click

from adjudicator.cli import cli

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
GM_GUIDE = (ROOT / "docs" / "gm.md").read_text(encoding="utf-8")
PLAYERS = (ROOT / "docs" / "players.md").read_text(encoding="utf-8")


def _command_names() -> list[str]:
    """Every command of the CLI as it is typed (``adjudicate mail init``), the lazily loaded ones too."""
    ctx = click.Context(cli)
    names = []
    for name in cli.list_commands(ctx):
        command = cli.get_command(ctx, name)
        sub = command.list_commands(ctx) if isinstance(command, click.Group) else None  # fix: built when asked
        names += [f"adjudicate {name} {s}" for s in sub] if sub else [f"adjudicate {name}"]
    return names


def test_every_command_is_in_the_gm_guide():
    names = _command_names()
    assert {"adjudicate mail init", "adjudicate mail check", "adjudicate tick", "adjudicate run"} <= set(names)
    missing = [n for n in names if n not in GM_GUIDE]
    assert not missing, f"commands missing from docs/gm.md: {missing}"


def test_the_readme_is_the_newcomers_path():
    """Issue 25: the README is short and leads on: the two commands, a game started and a turn run, the GM's
    quick start by mail, and the three guides."""
    assert len(README.splitlines()) <= 100
    for command in ("adjudicate new", "adjudicate turn1.orders", "adjudicate mail init", "adjudicate mail check",
                    "adjudicate tick", "bash examples/demo.sh"):
        assert command in README, command
    for guide in ("docs/gm.md", "docs/players.md", "docs/development.md"):
        assert f"]({guide})" in README, guide


def test_the_readme_keeps_the_test_command_ci_runs():
    """``.ci/run`` runs the README's test command: the two must stay the same."""
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    command = ci.split("# The README's test command:\n", 1)[1].splitlines()[0].strip()
    assert command.endswith("&& pytest")
    assert f"&& {command.replace(' -q', '')}\n" in README  # CI's pip is quiet, the newcomer's is not


DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
_LINK = re.compile(r"\]\(([^)\s]+)\)")
_OUTSIDE = re.compile(r"(?<![\w.])\.\./")


def _anchors(text: str) -> set[str]:
    """The ``#part`` names of a page's headings, as GitHub makes them (lower case, punctuation dropped, spaces to
    hyphens)."""
    out = set()
    for line in text.splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            out.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return out


def _link_problems(docs: list[Path], root: Path) -> list[str]:
    problems = []
    for doc in docs:
        text = doc.read_text(encoding="utf-8")
        for n, line in enumerate(text.splitlines(), 1):
            if _OUTSIDE.search(line):
                problems.append(f"{doc.name}:{n}: a path outside the repository: {line.strip()}")
            for link in _LINK.findall(line):
                target, _, part = link.partition("#")
                if "://" in target or target.startswith("mailto:"):
                    problems.append(f"{doc.name}:{n}: the link {link} leads outside the repository")
                    continue
                resolved = (doc.parent / target).resolve() if target else doc
                if not resolved.is_relative_to(root) or not resolved.exists():
                    problems.append(f"{doc.name}:{n}: the link {link} leads nowhere in the repository")
                elif part and (resolved.suffix != ".md" or part not in _anchors(resolved.read_text("utf-8"))):
                    problems.append(f"{doc.name}:{n}: the link {link}: {resolved.name} has no heading #{part}")
    return problems


def test_the_docs_point_only_inside_the_repository():
    """Issue 17 / brief: a user has the repository, nothing beside it: no ``../`` paths, no link to a web
    address, and every link of README.md and docs/ leads to a file of the repository (a ``#part`` to a heading
    of that page)."""
    problems = _link_problems(DOCS, ROOT)
    assert not problems, "\n".join(problems)


def test_the_link_check_finds_a_broken_link_a_missing_heading_and_a_web_address(tmp_path):
    (tmp_path / "gm.md").write_text("# Only this\n", encoding="utf-8")
    bad = tmp_path / "bad.md"
    bad.write_text("[a](gm.md#only-this) [b](gm.md#no-such-part) [c](nowhere.md) [d](https://example.org)\n"
                   "[e](#here) [f](../x.md)\n\n## Here\n", encoding="utf-8")
    found = _link_problems([bad], tmp_path)
    assert [p.split(": ", 1)[1] for p in found] == [
        "the link gm.md#no-such-part: gm.md has no heading #no-such-part",
        "the link nowhere.md leads nowhere in the repository",
        "the link https://example.org leads outside the repository",
        "a path outside the repository: [e](#here) [f](../x.md)",
        "the link ../x.md leads nowhere in the repository",
    ]


def test_the_players_page_lists_the_commands_help_sends_in_every_language():
    """Issue 25: docs/players.md says what HELP sends: each command of the HELP mail, in every language (issue 36),
    with what it gives."""
    from adjudicator.dampfross.report.i18n import LANGUAGES, _, language, pgettext
    from adjudicator.dampfross.report.mailreplies import COMMAND_LIST

    for word, what in COMMAND_LIST:
        said = []
        for lang in LANGUAGES:
            with language(lang):
                said.append(pgettext("mail command", word).replace("|", "\\|"))
        row = "| " + " | ".join(f"`{w}`" for w in said) + f" | {_(what)} |"
        assert row in PLAYERS, row


def _readme_orders() -> list[str]:
    """The example order mail of docs/players.md (it was the README's until issue 25)."""
    block = PLAYERS.split("## An order mail", 1)[1].split("```", 2)[1]
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
    """Issue 17: the README's cron line sourced ``$HOME/.dampfross-env`` without saying what it holds (the
    line is in docs/gm.md now)."""
    cron = GM_GUIDE.split("*/5 * * * *", 1)[1]
    env_file = cron.split("```", 3)[2]
    assert "DAMPFROSS_IMAP_PASSWORD" in env_file and "PATH" in env_file
