"""Rock-paper-scissors, best of three: a game of simultaneous turns defined only in the tests (issue 34).

Two seats; in each round both throw at once, by mail: ``ROCK``, ``PAPER`` or ``SCISSORS`` (German ``STEIN``,
``PAPIER``, ``SCHERE``) after the PLAYER line, or a bot throws for a seat (``--player BLUE:bot=random``).
The last section with the right password counts.  The round is resolved as soon as both throws are in (when the
GM allows it: ``deadline set --early``), or at the deadline: a seat that sent nothing throws again what it threw
in the round before (standing orders, the play's ``missing``); in the first round it has none and loses the round
to a seat that threw (both without: nobody wins it).  Each seat's report of a round ends with its own streak, seen
by nobody else (``kernel/play.py: SeatReports``); after the game each seat's last word (``--statements``) is mailed in
the play's own words (``Statements``).  Rock beats scissors, scissors paper, paper rock; who wins two
rounds wins the game; after five rounds the one with more wins takes it, or it is drawn.  No hidden draws.

The whole game is this module and one line, ``plays.register("rps", "tests.games.rps")``: the platform
(``postal/periods.py``) keeps the throws secret until the round is resolved, and ``verify``, ``undo``, deadlines,
reminders and the front door come with it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from adjudicator.kernel.commitment import digests
from adjudicator.kernel.declare import Declaration, Seats
from adjudicator.kernel.errors import GameFileError
from adjudicator.kernel.i18n import active
from adjudicator.kernel.play import Draw, Lines
from adjudicator.kernel.shown import shown
from adjudicator.kernel.table import Table

THROWS = {"rock": "rock", "paper": "paper", "scissors": "scissors", "stein": "rock", "papier": "paper",
          "schere": "scissors"}
BEATS = {"rock": "scissors", "scissors": "paper", "paper": "rock"}
TO_WIN, MAX_ROUNDS = 2, 5
WORDS = {
    "en": {"accepted": "Your throw for round {move} is in.", "replaced": "It replaces your throw of an earlier "
           "mail: {old}.", "refused": "Not taken: {why}", "checked": "A check: you would throw {preview}.",
           "not-on-move": "You do not throw in this round ({on_move} do).", "password": "Wrong password.",
           "over": "The game is over.", "stale": "Your throw is for round {given}, not {move}.", "no-section":
           "No throw in your mail.", "reminder": "Your throw, please: the deadline is near.", "deadline":
           "The deadline has changed.", "round": "RPS {game}, round {n}: {throws}.", "won-round": "{seat} wins "
           "the round.", "drawn-round": "Nobody wins the round.", "score": "Score: {score}.", "next": "Round {n}: "
           "both throw.", "winner": "{seat} wins the game.", "draw": "The game is drawn.", "you": "You play "
           "{seat}; your password: {password}", "help": "Orders: ROCK, PAPER or SCISSORS after your PLAYER line.",
           "rules": "Rules: both throw at once; rock beats scissors, scissors paper, paper rock; two rounds win.",
           "bad": "write ROCK, PAPER or SCISSORS", "report": "Report of round {n}:", "none": "No report of round "
           "{n}.", "check-refused": "A check: it would not be taken: {why}", "check-not-on-move": "A check: you "
           "do not throw in round {checked_at}.", "nothing": "nothing", "private": "Only for you, {seat}: "
           "{throw} {n} time(s) in a row.", "statement": "Your last word is in: {statement}", "statements":
           "Last words of RPS {game}:", "no-statements": "Nobody had a last word."},
    "de": {"accepted": "Dein Wurf für Runde {move} ist da.", "replaced": "Er ersetzt deinen Wurf aus einer "
           "früheren Mail: {old}.", "refused": "Nicht genommen: {why}", "checked": "Eine Probe: du würfest "
           "{preview}.", "not-on-move": "Du wirfst in dieser Runde nicht ({on_move} werfen).", "password":
           "Falsches Passwort.", "over": "Die Partie ist vorbei.", "stale": "Dein Wurf ist für Runde {given}, "
           "nicht {move}.", "no-section": "Kein Wurf in deiner Mail.", "reminder": "Dein Wurf bitte: die Frist "
           "endet bald.", "deadline": "Die Frist wurde geändert.", "round": "SSP {game}, Runde {n}: {throws}.",
           "won-round": "{seat} gewinnt die Runde.", "drawn-round": "Niemand gewinnt die Runde.", "score":
           "Stand: {score}.", "next": "Runde {n}: beide werfen.", "winner": "{seat} gewinnt die Partie.", "draw":
           "Die Partie endet unentschieden.", "you": "Du spielst {seat}; dein Passwort: {password}", "help":
           "Befehle: STEIN, PAPIER oder SCHERE nach deiner SPIELER-Zeile.", "rules": "Regeln: beide werfen "
           "zugleich; Stein schlägt Schere, Schere Papier, Papier Stein; zwei Runden gewinnen.", "bad": "schreibe "
           "STEIN, PAPIER oder SCHERE", "report": "Bericht von Runde {n}:", "none": "Kein Bericht von Runde {n}.",
           "check-refused": "Eine Probe: er würde nicht genommen: {why}", "check-not-on-move": "Eine Probe: du "
           "wirfst in Runde {checked_at} nicht.", "nothing": "nichts", "private": "Nur für dich, {seat}: "
           "{throw} {n}-mal in Folge.", "statement": "Dein letztes Wort ist da: {statement}", "statements":
           "Letzte Worte von SSP {game}:", "no-statements": "Niemand hatte ein letztes Wort."},
}


def say(key: str, **data: Any) -> str:
    return WORDS.get(active(), WORDS["en"])[key].format(**data)


@dataclass(frozen=True)
class State:
    game: str
    seats: tuple[str, ...]
    round: int = 1
    wins: tuple[int, ...] = (0, 0)
    last: tuple[str | None, ...] = (None, None)
    """What each seat threw in the round before (its standing orders)."""
    over: bool = False

    def winner(self) -> str | None:
        best = max(self.wins)
        return self.seats[self.wins.index(best)] if self.wins.count(best) == 1 else None


class Words:
    def _state(self, table: Table, state: State) -> list[str]:
        score = ", ".join(f"{s} {w}" for s, w in zip(state.seats, state.wins, strict=True))
        if state.over:
            won = state.winner()
            return [say("score", score=score), say("winner", seat=won) if won else say("draw")]
        return [say("score", score=score), say("next", n=state.round)]

    def opening(self, table: Table, state: Any, seat: str | None, password: str | None) -> str:
        head = [say("you", seat=seat, password=password)] if seat else []
        return "\n".join([*head, say("rules"), *self._state(table, state)]) + "\n"

    def move_report(self, table: Table, before: Any, after: Any, seat: str, events: Any, missed: bool,
                    seed: str | None) -> str:
        throws = ", ".join(f"{s} {t or say('nothing')}" for s, t in events["throws"])
        won = events["won"]
        return "\n".join([say("round", game=table.game, n=before.round, throws=throws),
                          say("won-round", seat=won) if won else say("drawn-round"), *self._state(table, after)]) + "\n"

    def seat_report(self, table: Table, before: Any, after: Any, seat: str, events: Any, missed: bool,
                    seed: str | None, reader: str) -> str:
        """``reader``'s mail of the round (``kernel/play.py: SeatReports``): the public report and his streak, a
        trivial private datum that no other seat's mail holds."""
        public = self.move_report(table, before, after, seat, events, missed, seed)
        throw = dict(events["throws"]).get(reader)
        if throw is None:
            return public
        n = 2 if before.last[before.seats.index(reader)] == throw else 1
        return public + say("private", seat=reader, throw=throw, n=n) + "\n"

    def receipt(self, table: Table, state: Any, code: str, data: Mapping[str, Any]) -> str:
        values = {k: v for k, v in data.items() if k not in ("problems",)}
        if code in ("refused", "check-refused"):
            values["why"] = "; ".join(f"line {line}: {say('bad')}" for line, _ in data.get("problems", ()))
        text = say(code, **values)
        if data.get("replaced"):
            text += " " + say("replaced", old=" / ".join(data["replaced"]))
        return text + "\n"

    def statements(self, table: Table, state: Any, found: Sequence[tuple[str, str]], reader: str) -> str:
        """``kernel/play.py: Statements``: the mail of every seat's last word after the game (``--statements``), in
        the play's own words (take-away has the platform's); its receipt is the play's too (``statement``)."""
        said = [f"{seat}: {' / '.join(shown(line) for line in text.splitlines() if line.strip())}"
                for seat, text in found]
        return "\n".join([say("statements", game=table.game), *(said or [say("no-statements")])]) + "\n"

    def answer(self, table: Table, state: Any, commands: Sequence[tuple[str, int | None]],
               reports: Mapping[int, str]) -> str:
        out: list[str] = []
        for code, number in commands:
            if code in ("help", "rules"):
                out.append(say(code))
            elif code in ("status", "map"):
                out += self._state(table, state)
                if code == "status":  # who has thrown, never what (Table.public keeps no lines)
                    out.append(f"in: {', '.join(sid for sid, _ in table.orders) or '-'}")
            elif number is not None and number in reports:
                out += [say("report", n=number), reports[number].rstrip("\n")]
            else:
                out.append(say("none", n=number))
        return "\n".join(out) + "\n"

    def standings(self, games: Sequence[tuple[Table, Any]]) -> str:
        return "".join(f"{t.game}: {s.winner() or '-'}\n" for t, s in games)

    def status(self, table: Table, state: Any) -> str:
        sent = ", ".join(sid for sid, _ in table.orders) or "-"  # the GM's: who has thrown, never what
        return "\n".join([*self._state(table, state), f"in: {sent}"]) + "\n"

    def site(self, table: Table, moves: Sequence[tuple[int, str, Any]], to: str = "") -> dict[str, str]:
        return {"index.html": "".join(f"<pre>{report}</pre>" for _, report, _ in moves)}


class RockPaperScissors:
    """``kernel.play.Play`` for rock-paper-scissors: both seats act in every round."""

    name = "rps"
    title = "RPS"
    words = Words()
    declaration = Declaration("rps", "RPS", Seats(2, 2, bots=("random", "careful")))
    """Two seats, bots (``kernel/declare.py``): ``new`` refuses another number of seats in one line."""
    bot_levels = ("random", "careful")

    def bot(self, state: State, seat: str, level: str, rng: random.Random) -> tuple[str, ...]:
        """``kernel/play.py: Bots``: the throw the bot mails: at random, or (careful) what beats the other seat's
        throw of the round before, as its player sees it."""
        other = state.last[1 - state.seats.index(seat)]
        if level == "careful" and other is not None:
            return (next(win for win, lose in BEATS.items() if lose == other).upper(),)
        return (rng.choice(("ROCK", "PAPER", "SCISSORS")),)

    def setup(self, game: str, seats: Sequence[str], draw: Draw) -> State:
        if len(seats) != 2:
            raise ValueError("rock-paper-scissors is played by two")
        return State(game, tuple(seats))

    def draw(self, seed: str) -> Draw:
        return lambda label, n: int.from_bytes(next(digests(seed, label)), "big") % n

    def load(self, doc: Mapping[str, Any]) -> State:
        try:
            return State(str(doc["game"]), tuple(doc["seats"]), int(doc["round"]), tuple(doc["wins"]),
                         tuple(doc["last"]), bool(doc["over"]))
        except (KeyError, TypeError, ValueError):
            raise GameFileError("not a rock-paper-scissors state") from None

    def dump(self, state: State) -> dict[str, Any]:
        return {"game": state.game, "seats": list(state.seats), "round": state.round, "wins": list(state.wins),
                "last": list(state.last), "over": state.over}

    def to_act(self, state: State) -> tuple[str, ...]:
        return () if state.over else state.seats

    def order_line(self, line: str) -> bool:
        return bool(line.split()) and line.split()[0].lower() in THROWS

    def read(self, state: State, seat: str, lines: Lines) -> tuple[str | None, tuple[Any, ...]]:
        words = [(n, text.strip().lower()) for n, text in lines]
        if len(words) != 1 or words[0][1] not in THROWS:
            return None, tuple((n, text) for n, text in lines) or ((0, ""),)
        return THROWS[words[0][1]], ()

    def preview(self, state: State, seat: str, orders: str) -> str:
        return orders

    def ready(self, state: State, orders: Mapping[str, str]) -> bool:
        return all(seat in orders for seat in self.to_act(state))

    def missing(self, state: State, seat: str) -> str | None:
        return state.last[state.seats.index(seat)]

    def resolve(self, state: State, orders: Mapping[str, str], draw: Draw) -> tuple[State, dict[str, Any]]:
        a, b = (orders.get(seat) for seat in state.seats)
        won = None
        if a != b:
            won = state.seats[0] if b is None or (a is not None and BEATS[a] == b) else state.seats[1]
        wins = tuple(w + (seat == won) for seat, w in zip(state.seats, state.wins, strict=True))
        over = max(wins) >= TO_WIN or state.round >= MAX_ROUNDS
        after = replace(state, round=state.round + (not over), wins=wins, last=(a, b), over=over)
        return after, {"throws": [(seat, orders.get(seat)) for seat in state.seats], "won": won}

    def picture(self, state: State) -> None:
        return None


PLAY = RockPaperScissors()
