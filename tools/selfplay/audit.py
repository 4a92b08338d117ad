"""Every bot mail checked as ``adjudicate check`` checks a player's, before the turn runs.

``Audit`` is a ``run`` for ``play_game``: it reads the turn's order mail,
counts the problems the parser and the rules find in it (lines not understood
or not allowed), the sections that do not count (``refusals``) and the
companies whose orders ``check`` of the whole mail would not carry out in
full (``incomplete``; since reading 104 it prices each company alone too),
then runs the turn in this process.  Every company's section is also checked by itself, as if no other
company ordered anything (what its player knew when writing it, and how
``adjudicate check`` reads a bot's archived file): a section ``check`` would
then refuse (a problem, a section that does not count, an order not carried
out in full: check's exit status 1) counts in ``short_alone`` of its
company, and each section checked in ``sections``.  Used by
``tests/test_bots.py`` and ``bench/bench_bots.py``.
"""

from __future__ import annotations

import contextlib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from adjudicator.dampfross.app.check import check_received
from adjudicator.dampfross.app.orderfiles import read_files
from adjudicator.dampfross.orders import ReceivedFiles, parse_orders
from adjudicator.postal.moves import MovesDir
from tools.selfplay import run_here, session_play


@dataclass
class Audit:
    """Counts over every mail run through it; ``found`` keeps the first few problems' codes and lines."""

    problems: int = 0
    refused: int = 0
    incomplete: Counter[str] = field(default_factory=Counter)
    mails: int = 0
    found: list[str] = field(default_factory=list)
    sections: Counter[str] = field(default_factory=Counter)  # per company: its sections checked alone
    short_alone: Counter[str] = field(default_factory=Counter)  # ... that check alone would refuse

    def __call__(self, directory: Path, orders: str) -> None:
        with contextlib.chdir(directory):
            play = session_play(".")
            state = MovesDir(".").load(play).state
            loaded = (state, play.gmap(state))
            checked = check_received(None, read_files([orders]), loaded=loaded)
            mail = Path(orders).read_text(encoding="utf-8")
        for pid in state.player_ids:
            text = section_alone(mail, pid)
            if f"PLAYER {pid} " not in text:
                continue
            name = f"{orders}.{pid}"
            alone = check_received(None, ReceivedFiles((parse_orders(text, name),), ((name, text),)), loaded=loaded)
            self.sections[pid] += 1
            if not alone.ok:
                self.short_alone[pid] += 1
                if len(self.found) < 3:
                    self.found.append(f"{orders}: {pid}'s section alone would not be carried out in full")
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
