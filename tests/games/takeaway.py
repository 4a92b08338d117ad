"""Take-away, a third game defined only in the tests (issue 24): it proves the turn protocol.

A pile of 15 to 24 counters (drawn from the game's commitment); the seats
take turns, each taking 1, 2 or 3 (``TAKE n``, German ``NIMM n``); who takes
the last counter wins.  A seat that misses its deadline takes one.  The
whole game is this module and one line, ``plays.register("takeaway",
"tests.games.takeaway")``: it is played by mail through ``adjudicate tick``
with receipts, commands, deadlines, ``verify`` and ``undo``, and nothing in
``postal/``, ``kernel/`` or ``app/`` knows it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from adjudicator.kernel.commitment import digests
from adjudicator.kernel.errors import GameFileError
from adjudicator.kernel.i18n import active
from adjudicator.kernel.play import Draw, SequentialPlay
from adjudicator.kernel.table import Table

_TAKE = re.compile(r"^(?:take|nimm)\s+(?P<n>\d{1,3})$", re.I)
WORDS = {
    "en": {"moved": "Taken: move {move} is made.", "refused": "Not taken: {why}", "checked": "A check: you would "
           "leave {left}.", "not-on-move": "It is not your move: {on_move} is on move.", "password": "Wrong "
           "password.", "over": "The game is over.", "stale": "Your orders are for move {given}, not {move}.",
           "no-section": "No orders in your mail.", "reminder": "Your move, the deadline is near.", "deadline":
           "The deadline has changed.", "pile": "Take-away {game}: {pile} counters on the pile; {seat} is on move.",
           "won": "Take-away {game}: {seat} took the last counter and wins.", "took": "{seat} took {n}.",
           "missed": "{seat} missed the deadline and took 1.", "you": "You play {seat}; your password: {password}",
           "help": "Orders: TAKE 1, TAKE 2 or TAKE 3 after your PLAYER line.", "rules": "Rules: take 1 to 3 "
           "counters a move; who takes the last one wins.", "bad": "write TAKE 1, TAKE 2 or TAKE 3",
           "report": "Report of move {n}:", "none": "No report of move {n}.", "check-refused": "A check: it "
           "would not be taken: {why}", "check-not-on-move": "A check: move {checked_at} is {on_move}'s, not yours."},
    "de": {"moved": "Genommen: Zug {move} ist gemacht.", "refused": "Nicht genommen: {why}", "checked": "Eine "
           "Probe: es blieben {left}.", "not-on-move": "Du bist nicht am Zug: {on_move} ist am Zug.", "password":
           "Falsches Passwort.", "over": "Die Partie ist vorbei.", "stale": "Deine Befehle sind für Zug {given}, "
           "nicht {move}.", "no-section": "Keine Befehle in deiner Mail.", "reminder": "Du bist am Zug, die Frist "
           "endet bald.", "deadline": "Die Frist wurde geändert.", "pile": "Nimm-weg {game}: {pile} Steine liegen; "
           "{seat} ist am Zug.", "won": "Nimm-weg {game}: {seat} nahm den letzten Stein und gewinnt.", "took":
           "{seat} nahm {n}.", "missed": "{seat} hat die Frist verpasst und nahm 1.", "you": "Du spielst {seat}; "
           "dein Passwort: {password}", "help": "Befehle: NIMM 1, NIMM 2 oder NIMM 3 nach deiner SPIELER-Zeile.",
           "rules": "Regeln: Nimm 1 bis 3 Steine je Zug; wer den letzten nimmt, gewinnt.", "bad": "schreibe NIMM 1, "
           "NIMM 2 oder NIMM 3", "report": "Bericht von Zug {n}:", "none": "Kein Bericht von Zug {n}.",
           "check-refused": "Eine Probe: es würde nicht genommen: {why}", "check-not-on-move": "Eine Probe: Zug "
           "{checked_at} ist der von {on_move}, nicht deiner."},
}


def say(key: str, **data: Any) -> str:
    return WORDS.get(active(), WORDS["en"])[key].format(**data)


@dataclass(frozen=True)
class State:
    game: str
    seats: tuple[str, ...]
    pile: int
    on: int = 0
    winner: str | None = None

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def on_move(self) -> str:
        return self.seats[self.on]


def _take(state: State, n: int) -> tuple[State, dict[str, Any]]:
    seat = state.on_move
    n = min(n, state.pile)
    pile = state.pile - n
    after = replace(state, pile=pile, on=(state.on + 1) % len(state.seats), winner=seat if pile == 0 else None)
    return after, {"seat": seat, "n": n}


class Words:
    def opening(self, table: Table, state: Any, seat: str | None, password: str | None) -> str:
        head = [say("you", seat=seat, password=password)] if seat else []
        return "\n".join([*head, say("pile", game=table.game, pile=state.pile, seat=state.on_move)]) + "\n"

    def move_report(self, table: Table, before: Any, after: Any, seat: str, events: Any, missed: bool,
                    seed: str | None) -> str:
        line = say("missed", seat=seat) if missed else say("took", seat=seat, n=events["n"])
        end = say("won", game=table.game, seat=after.winner) if after.over else \
            say("pile", game=table.game, pile=after.pile, seat=after.on_move)
        return "\n".join([line, end, *([f"seed: {seed}"] if seed else [])]) + "\n"

    def receipt(self, table: Table, state: Any, code: str, data: Mapping[str, Any]) -> str:
        values = {k: v for k, v in data.items() if k not in ("problems", "preview")}
        if code in ("refused", "check-refused"):
            values["why"] = "; ".join(f"line {line}: {say('bad')}" for line, _ in data.get("problems", ()))
        if code == "checked":
            values["left"] = data["preview"]
        return say(code, **values) + "\n"

    def answer(self, table: Table, state: Any, commands: Sequence[tuple[str, int | None]],
               reports: Mapping[int, str]) -> str:
        out = []
        for code, number in commands:
            if code in ("help", "rules"):
                out.append(say(code))
            elif code in ("status", "map"):
                out.append(say("won", game=table.game, seat=state.winner) if state.over else
                           say("pile", game=table.game, pile=state.pile, seat=state.on_move))
            elif number in reports:
                out += [say("report", n=number), reports[number].rstrip("\n")]
            else:
                out.append(say("none", n=number))
        return "\n".join(out) + "\n"

    def standings(self, games: Sequence[tuple[Table, Any]]) -> str:
        return "".join(f"{t.game}: {s.winner or '-'}\n" for t, s in games)

    def status(self, table: Table, state: Any) -> str:
        return self.answer(table, state, [("status", None)], {})

    def site(self, table: Table, moves: Sequence[tuple[int, str, Any]], to: str = "") -> dict[str, str]:
        return {"index.html": "".join(f"<pre>{report}</pre>" for _, report, _ in moves)}


class TakeAway(SequentialPlay[State, int, dict[str, Any]]):
    """``kernel.play.Play`` for take-away, a game of sequential moves (``SequentialPlay``)."""

    name = "takeaway"
    title = "Take-away"
    words = Words()

    def setup(self, game: str, seats: Sequence[str], draw: Draw) -> State:
        return State(game, tuple(seats), 15 + draw("pile", 10))

    def draw(self, seed: str) -> Draw:
        def pick(label: str, n: int) -> int:
            return int.from_bytes(next(digests(seed, label)), "big") % n
        return pick

    def load(self, doc: Mapping[str, Any]) -> State:
        try:
            return State(str(doc["game"]), tuple(doc["seats"]), int(doc["pile"]), int(doc["on"]), doc.get("winner"))
        except (KeyError, TypeError, ValueError):
            raise GameFileError("not a take-away state") from None

    def dump(self, state: State) -> dict[str, Any]:
        return {"game": state.game, "seats": list(state.seats), "pile": state.pile, "on": state.on,
                "winner": state.winner}

    def on_move(self, state: State) -> str | None:
        return None if state.over else state.on_move

    def order_line(self, line: str) -> bool:
        return line.split()[0].lower() in ("take", "nimm") if line.split() else False

    def read(self, state: State, seat: str, lines: Sequence[tuple[int, str]]) -> tuple[int | None, tuple[Any, ...]]:
        takes = [(n, _TAKE.match(" ".join(text.split()))) for n, text in lines]
        if len(takes) != 1 or takes[0][1] is None or not 1 <= int(takes[0][1].group("n")) <= 3:
            return None, tuple((n, text) for n, text in lines) or ((0, ""),)
        return int(takes[0][1].group("n")), ()

    def preview(self, state: State, seat: str, made: Any) -> int:
        return max(state.pile - int(made or 0), 0)

    def move(self, state: State, seat: str, made: int, draw: Draw) -> tuple[State, dict[str, Any]]:
        return _take(state, made)

    def miss(self, state: State, seat: str) -> tuple[State, dict[str, Any]]:
        return _take(state, 1)

    def picture(self, state: State) -> None:
        return None  # a game without a picture: its mails are text only


PLAY = TakeAway()
