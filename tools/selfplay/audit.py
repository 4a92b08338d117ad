"""Every bot mail checked as ``adjudicate check`` checks a player's, before the turn runs.

``Audit`` is a ``run`` for ``play_game``: it reads the turn's order mail,
counts the problems the parser and the rules find in it (lines not understood
or not allowed), the sections that do not count (``refusals``) and the
companies whose orders would not be carried out in full (a line cut short
where the allowance runs out, an entry without a route), then runs the turn
in this process.  ``alone``: companies whose section is also checked by
itself, as if no other company ordered anything (what its player knew when
writing it): a section that would then not be carried out in full counts in
``short_alone``.  Used by ``tests/test_bots.py`` and ``bench/bench_bots.py``.
"""

from __future__ import annotations

import contextlib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from adjudicator.dampfross.app.check import check_received
from adjudicator.dampfross.app.orderfiles import read_files
from adjudicator.dampfross.app.store import GameDir
from tools.selfplay import run_here


@dataclass
class Audit:
    """Counts over every mail run through it; ``found`` keeps the first few problems' codes and lines."""

    problems: int = 0
    refused: int = 0
    incomplete: Counter[str] = field(default_factory=Counter)
    mails: int = 0
    found: list[str] = field(default_factory=list)
    alone: tuple[str, ...] = ()  # companies whose section is also checked alone (as if no one else ordered)
    short_alone: Counter[str] = field(default_factory=Counter)  # ... and would then not be carried out in full

    def __call__(self, directory: Path, orders: str) -> None:
        with contextlib.chdir(directory):
            checked = check_received(GameDir(Path(".")), read_files([orders]))
            for pid in self.alone:
                single = Path(orders).with_suffix(f".{pid}")
                single.write_text(section_alone(Path(orders).read_text(encoding="utf-8"), pid), encoding="utf-8")
                if not check_received(GameDir(Path(".")), read_files([str(single)])).complete.get(pid, True):
                    self.short_alone[pid] += 1
                single.unlink()
        self.mails += 1
        self.problems += len(checked.orders.problems)
        self.refused += sum(1 for r in checked.orders.refusals if r.player is not None)
        self.incomplete.update(pid for pid, full in checked.complete.items() if not full)
        for p in checked.orders.problems[:max(0, 3 - len(self.found))]:
            self.found.append(f"{orders}: {p.section} {p.code} {p.line_text!r}")
        run_here(directory, orders)


def section_alone(mail: str, pid: str) -> str:
    """The mail with its header and only ``pid``'s section."""
    out: list[str] = []
    keep = True
    for line in mail.splitlines():
        if line.startswith("PLAYER "):
            keep = line.split()[1] == pid
        if keep:
            out.append(line)
    return "\n".join(out) + "\n"
