"""Bot seats and the caretaker of a Dampfross game: the orders a bot writes when a turn runs (issue 26).

A bot seat (``new --player BLUE:bot=LEVEL``) and a company the caretaker
plays (reading 97) get their orders from a bot of ``adjudicator.dampfross.bots``
when the turn runs (reading 98): the bot is handed what a player of the seat
sees (``seat_view``: the state between turns without secrets) and a random
source from the game's commitment in a domain of its own
(``postal.botseats.bot_rng``, label ``GAME|bot|turn=N|SEAT``: never a die's
label), and writes the text a player would mail (GAME, TURN, PLAYER with the
seat's password from the GM's passwords file, the orders).  The text is one
more order file of the turn, after the files given (``run.commit_run``: a
turn run by mail or by the GM's ``run``): read by the same parser, settled by the same
password check, archived with the turn (its record names the bot), replayed
by ``verify``, which also writes it again from the seed and refuses a bot
file that differs (``expected_text``).

Before a bot's lines are written they pass ``check``'s own judgement
(``check_judge``: ``app/check.py: check_received`` of the seat's section
alone, against the state the bot sees): a bot never mails a line ``check``
would refuse or not carry out in full (issue 33; ``bots/judged.py``).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.game.state import GameState
from adjudicator.dampfross.orders import ReceivedFiles, parse_orders
from adjudicator.kernel.errors import AdjudicatorError, GameFileError

if TYPE_CHECKING:  # the bots (and the engines they use) are imported by a game with bots only
    from adjudicator.dampfross.app.store import GameDir
    from adjudicator.dampfross.bots import Judge, Level, SeatView


@dataclass(frozen=True)
class BotFile:
    """The orders a bot wrote for a seat this turn: the file's name as given, its text, who wrote it."""

    seat: str
    level: str
    caretaker: bool  # the caretaker plays a player's company (a bot seat: False)
    name: str
    text: str

    def record(self) -> dict[str, Any]:
        """What the turn's record says of the file (``bot`` of its entry in ``files``)."""
        return {"seat": self.seat, "level": self.level, "caretaker": self.caretaker}


def bot_seats(state: GameState, counted: Collection[str]) -> list[tuple[str, str, bool]]:
    """The companies in play a bot plays this turn, in seat order: (company, level, caretaker).  A bot seat always;
    a company under the caretaker unless its owner's orders count this turn (``counted``: reading 97)."""
    out = []
    for p in sorted(state.players, key=lambda p: p.seat):
        if p.retired is not None:
            continue
        if p.bot:
            out.append((p.id, p.bot, False))
        elif p.caretaker and p.id not in counted:
            out.append((p.id, p.caretaker, True))
    return out


def file_name(state: GameState, seat: str) -> str:
    """The name a bot's order file is given (and archived under) for the game's current turn."""
    return f"bot-{state.turn:03d}-{seat}.txt"


def _level(level: str) -> Level:
    from adjudicator.dampfross.bots import LEVELS

    for known in LEVELS:
        if known == level:
            return known
    raise GameFileError(f"no bot level {level!r} (the game file names one that does not exist)")


def bot_lines(state: GameState, gmap: GameMap, seed: str, seat: str, level: str) -> list[str]:
    """The bot's lines for ``seat`` this turn, below its PLAYER line: a function of the seat's view and the seed,
    judged by ``check`` before they are written."""
    from adjudicator.dampfross.bots import seat_view
    from adjudicator.postal.botseats import bot_rng

    rng = bot_rng(seed, state.game_id, state.turn, seat, unit="turn")
    return judged_orders(seat_view(state, gmap, seat), _level(level), rng)


def judged_orders(view: SeatView, level: Level, rng: random.Random) -> list[str]:
    """The orders the bot of ``level`` mails for the seat of ``view``: its plan held to ``check`` (``check_judge``).
    Every caller of a bot (a bot seat, the caretaker, self-play, the benches) gets its lines here."""
    from adjudicator.dampfross.bots import bot_orders

    return bot_orders(view, level, rng, check_judge(view))


def check_judge(view: SeatView) -> Judge:
    """``check``'s judgement of the seat's own section (``app/check.py: check_received``, no password, no standing
    orders): given its order lines, whether every line would be carried out in full against the state of
    ``view`` (what the seat's player sees) and, in a building turn, whether a section that asks to build would
    build something (reading 94).  Its verdicts are kept for the lines asked again in the same turn."""
    from adjudicator.dampfross.app.check import check_received

    state, seen = view.state, dict[tuple[str, ...], bool]()
    head = f"GAME {state.game_id}\nTURN {state.turn}\nPLAYER {view.seat} PASSWORD -\n"

    def judge(lines: Sequence[str]) -> bool:
        key = tuple(lines)
        if key not in seen:
            text = head + "".join(f"{line}\n" for line in key)
            name = f"bot-{view.seat}"
            received = ReceivedFiles((parse_orders(text, name),), ((name, text),))
            try:
                checked = check_received(None, received, trust=True, loaded=(state, view.gmap))
            except AdjudicatorError:  # orders check cannot take at all are refused too
                seen[key] = False
            else:
                seen[key] = checked.ok and not any(checked.idle.values())
        return seen[key]

    return judge


def _text(state: GameState, seat: str, password: str, lines: list[str]) -> str:
    return "".join(f"{line}\n" for line in [f"GAME {state.game_id}", f"TURN {state.turn}",
                                            f"PLAYER {seat} PASSWORD {password}", *lines])


def bot_files(state: GameState, gmap: GameMap, seed: str, passwords: Mapping[str, str],
              counted: Collection[str]) -> list[BotFile]:
    """The order file of every seat a bot plays this turn (``passwords``: the GM's file, the seat's current one)."""
    return [BotFile(seat, level, caretaker, file_name(state, seat),
                    _text(state, seat, passwords.get(seat, ""), bot_lines(state, gmap, seed, seat, level)))
            for seat, level, caretaker in bot_seats(state, counted)]


def bots_of(gdir: GameDir, state: GameState, gmap: GameMap, counted: Collection[str]) -> list[BotFile]:
    """The order files the bots write for the turn the game is at (``counted``: the companies whose own orders
    count); none in a game without bots, or without a seed (manual dice: ``new`` refuses bots there)."""
    if not any(p.bot or p.caretaker for p in state.players):
        return []
    seed = gdir.read_seed()
    if not seed or state.dice_mode != "hmac":
        return []
    return bot_files(state, gmap, seed, gdir.read_passwords(), counted)


def with_bots(received: ReceivedFiles, bots: list[BotFile]) -> ReceivedFiles:
    """The turn's order files and the bots' after them (the last section of a company counts)."""
    texts = tuple((b.name, b.text) for b in bots)
    parsed = tuple(parse_orders(text, name) for name, text in texts)
    return replace(received, parsed=received.parsed + parsed, texts=received.texts + texts)


def expected_text(before: GameState, gmap: GameMap, seed: str, archived: str, bot: Mapping[str, Any]) -> str | None:
    """Why an archived bot file is not what the bot writes from the seed (``None``: it is).  The PLAYER line is
    compared up to its password (the GM's file holds the seat's password of today, not of that turn)."""
    seat, level = str(bot.get("seat", "")), str(bot.get("level", ""))
    if seat not in before.player_ids:
        return f"the bot file names no company of the game ({seat!r})"
    lines = archived.splitlines()
    want = _text(before, seat, "", bot_lines(before, gmap, seed, seat, level)).splitlines()
    if len(lines) != len(want) or not lines[2].startswith(want[2]) or lines[:2] + lines[3:] != want[:2] + want[3:]:
        return f"the orders of {seat}'s bot ({level}) are not those its bot writes from the seed"
    return None


def check_bot(gdir: GameDir, state: GameState, bot: BotFile) -> str:
    """``check``'s reading of a bot's orders against the state they were written for (the GM's receipt)."""
    from adjudicator.dampfross.app.check import check_received  # the receipt's preview: postal runs only

    return check_received(gdir, with_bots(ReceivedFiles(), [bot]), loaded=(state, gdir.load_map(state))).text
