"""The README documents every command the CLI has."""

from __future__ import annotations

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
