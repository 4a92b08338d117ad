"""Fuzzing the InterUrban move notation: generated and mutated move texts through ``parse_move``, every outcome
judged.

``move_texts(target)`` is a Hypothesis strategy for the text of a player's section: half are written from
the notation's own words (every keyword spelling in any case, line labels right and wrong, values and
numbers too long, colours and misspelt colours, ``AT x,y`` with odd coordinates, ``#`` comments) mixed
with stray Unicode, control characters, tabs, very long words and lines; half are the moves the
self-play bot would make in the target's game, written in the notation (``notation.written``) and
mutated character by character and line by line.  ``judge(target, text)`` parses the text and returns
the findings:

* ``raised``: anything escaped ``parse_move`` or the words of a problem (``words.problems``);
* ``bad-problem``: placements with problems, no placements and no problem, or a problem whose line
  is not one of the text's, whose column is below 1, or whose code or hint is not of the enums;
* ``refused``: the placements read were refused by ``apply_move`` (only ``PASS`` may be: ``can-lay``);
* ``too-wide``: a problem's words (English or German) have a line over 80 columns (UTF-8 bytes);
* ``slow``: one text took more than ``limit`` seconds;
* ``bad-ahead``: moves sent ahead (``NEXT``/``OR`` lines, issue 27) read past their limits, or an alternative
  that is empty or holds a line of the text it was not written on.

Texts are cut as the postal loop cuts a section (``interurban/ahead.py: split``): the moves sent ahead are
judged on their own (their problems, and each alternative read as a move), then the move now.  Three in ten
of the mutated texts are moves with moves sent ahead (one in five of those past the limits).
"""

from __future__ import annotations

import random
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field

from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st

from adjudicator.interurban.ahead import MAX_AHEAD, MAX_ALTERNATIVES, split
from adjudicator.interurban.move import MoveRefused, apply_move, setup
from adjudicator.interurban.notation import KEYWORDS, Code, Hint, NotationProblem, parse_move, written
from adjudicator.interurban.shuffle import SeededDraw, seed_from_text
from adjudicator.interurban.state import State
from adjudicator.interurban.words.problems import notation_lines
from adjudicator.kernel.i18n import language
from tools.selfplay.interurban import COLOURS, random_move

WORDS = [s for group in KEYWORDS.values() for s in group] + [
    "6", "H", "5", "7", "C", "4", "S", "L", "2", "9", "3", "8", "0", "1", "66", "X", "h", "c",
    "red", "blue", "purple", "green", "yellow", "rot", "blau", "lila", "grün", "gruen", "gelb", "gren", "pink",
    "0,-1", "-1,-1", "5,5", "1,", ",", "99999999999999999999", "-0", "+3", "#", "# comment", "ALSO H", "AT",
    "\t", "\u00a0", "\u200b", "\u202e", "\x00", "\x1b[31m", "ä", "ß", "\ufeff", "🚂", "x" * 120]


@dataclass(frozen=True)
class Target:
    """A game position and the player on move there."""

    name: str
    state: State


@dataclass
class Tally:
    inputs: int = 0
    moves: int = 0
    passes: int = 0
    refused: int = 0
    ahead: int = 0
    """Alternatives of moves sent ahead read."""
    found: list[tuple[str, str, str]] = field(default_factory=list)
    """(code, the input's start, detail)."""

    def add(self, other: Tally) -> None:
        self.inputs += other.inputs
        self.moves += other.moves
        self.passes += other.passes
        self.refused += other.refused
        self.ahead += other.ahead
        self.found += other.found


def make_targets() -> list[Target]:
    """The opening (first round: rule B), a game in its middle, and one just before its end (lines finished)."""
    out = []
    for name, moves in (("opening", 0), ("middle", 12), ("late", 40)):
        draw = SeededDraw(seed_from_text(f"fuzz-{name}"))
        state = setup(f"fuzz-{name}", COLOURS[:3], draw)
        rng = random.Random(name)
        while state.moves < moves:
            after, _ = apply_move(state, random_move(state, rng), draw)
            if after.over:  # the last position before the end
                break
            state = after
        out.append(Target(name, state))
    return out


def _mutate(text: str, rng: random.Random) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        how = rng.randrange(6)
        at = rng.randrange(len(chars) + 1)
        if how == 0 and chars:
            del chars[min(at, len(chars) - 1)]
        elif how == 1:
            chars[at:at] = list(rng.choice(WORDS))
        elif how == 2 and chars:
            i = min(at, len(chars) - 1)
            chars[i] = chars[i].swapcase() if rng.random() < 0.5 else chr(rng.randrange(32, 0x3000))
        elif how == 3:
            chars[at:at] = [" ", rng.choice(WORDS), " "]
        elif how == 4:
            lines = "".join(chars).split("\n")
            k = rng.randrange(len(lines))
            lines.insert(k, lines[k])
            chars = list("\n".join(lines))
        else:
            chars[at:at] = ["\n"]
    return "".join(chars)


def move_texts(target: Target) -> st.SearchStrategy[str]:
    word = st.one_of(st.sampled_from(WORDS), st.sampled_from(WORDS).map(str.lower), st.text(max_size=6))
    line = st.lists(word, max_size=8).map(" ".join)
    generated = st.lists(line, min_size=0, max_size=6).map("\n".join)

    def one(rng: random.Random) -> tuple[str, ...]:
        move = random_move(target.state, rng) if not target.state.over else []
        return written(target.state, move, target.state.on_move) or ("PASS",)

    def mutated(n: int) -> str:
        rng = random.Random(n)
        lines = list(one(rng))
        ahead = rng.random() < 0.3
        if ahead:  # moves sent ahead, mostly within the limits, now and then past them
            over = int(rng.random() < 0.2)
            for _ in range(rng.randint(1, MAX_AHEAD + over)):
                lines.append(rng.choice(("NEXT", "DANACH", "next")))
                for k in range(rng.randint(1, MAX_ALTERNATIVES + over)):
                    lines += [rng.choice(("OR", "ODER", "or"))] if k else []
                    lines += one(rng)
        text = "\n".join(lines)
        return _mutate(text, rng) if rng.random() < (0.5 if ahead else 0.9) else text

    return st.one_of(generated, st.integers(0, 2**32).map(mutated))


def judge(target: Target, text: str, limit: float = 5.0) -> Tally:
    """Parse ``text`` as the on-move player's section in ``target`` and judge what came back."""
    tally = Tally(inputs=1)
    state, player = target.state, target.state.on_move
    lines = list(enumerate(text.split("\n"), 11))
    started = time.perf_counter()

    def found(code: str, detail: str) -> Tally:
        tally.found.append((code, text[:200], f"{target.name}: {detail}"))
        return tally

    try:
        now, ahead, ahead_problems = split(lines, state)
    except Exception:  # a finding, whatever escaped
        return found("raised", traceback.format_exc())
    bad = _problems(ahead_problems, lines)
    if bad is not None:
        return found(*bad)
    if ahead_problems:
        tally.refused += 1
        return tally
    bad = _ahead(ahead, lines, state, player, tally)
    if bad is not None:
        return found(*bad)
    if ahead is not None and not now:
        return tally
    try:
        placements, problems = parse_move(now, state, player)
    except Exception:  # a finding, whatever escaped
        return found("raised", traceback.format_exc())
    if time.perf_counter() - started > limit:
        found("slow", f"{time.perf_counter() - started:.1f} s")
    if (placements is None) == (not problems):
        return found("bad-problem", f"{placements} with {problems}")
    bad = _problems(problems, lines)
    if bad is not None:
        return found(*bad)
    if placements is None:
        tally.refused += 1
        return tally
    try:
        apply_move(state, placements, SeededDraw(seed_from_text("judge")))
    except MoveRefused as refused:
        if placements or refused.problem.code != "can-lay":
            return found("refused", f"{placements}: {refused.problem}")
    tally.moves += bool(placements)
    tally.passes += not placements
    return tally


def _problems(problems: tuple[NotationProblem, ...], lines: list[tuple[int, str]]) -> tuple[str, str] | None:
    """The first finding among ``problems`` (malformed, raised or too wide when said), or ``None``."""
    numbers = {n for n, _ in lines}
    wide_found: tuple[str, str] | None = None
    for p in problems:
        if not (isinstance(p, NotationProblem) and p.line in numbers and p.column >= 1 and p.code in set(Code)
                and (p.hint is None or p.hint in set(Hint))):
            return "bad-problem", repr(p)
        for lang in ("en", "de"):
            try:
                with language(lang):
                    said = notation_lines(p, dict(lines).get(p.line))
            except Exception:  # a finding, whatever escaped
                return "raised", traceback.format_exc()
            wide = [s for s in said if len(s.encode("utf-8")) > 80]
            if wide and wide_found is None:
                wide_found = "too-wide", f"{lang}: {wide[0]!r}"
    return wide_found


def _ahead(ahead: tuple[tuple[tuple[str, ...], ...], ...] | None, lines: list[tuple[int, str]], state: State,
           player: str, tally: Tally) -> tuple[str, str] | None:
    """Moves sent ahead read without a problem: within the limits, each alternative lines of the text, each read
    as a move without raising (its problems well formed); a finding, or ``None``."""
    if not ahead:
        return None
    texts = [text for _, text in lines]
    if len(ahead) > MAX_AHEAD or any(not 1 <= len(move) <= MAX_ALTERNATIVES for move in ahead):
        return "bad-ahead", f"{len(ahead)} moves of {[len(m) for m in ahead]} alternatives"
    for move in ahead:
        for alternative in move:
            if not alternative or any(line not in texts for line in alternative):
                return "bad-ahead", repr(alternative)
            numbered = list(enumerate(alternative, 1))
            try:
                placements, problems = parse_move(numbered, state, player)
            except Exception:  # a finding, whatever escaped
                return "raised", traceback.format_exc()
            if (placements is None) == (not problems):
                return "bad-problem", f"{placements} with {problems}"
            bad = _problems(problems, numbered)
            if bad is not None:
                return bad
            tally.ahead += 1
    return None


def fuzz(target: Target, count: int, seed_value: int, judged: Callable[[Target, str], Tally] = judge) -> Tally:
    """``count`` texts Hypothesis makes (seeded) judged against ``target``; never stops at a finding."""
    tally = Tally()

    @seed(seed_value)
    @settings(max_examples=count, database=None, deadline=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(move_texts(target))
    def push(text: str) -> None:
        tally.add(judged(target, text))

    push()
    return tally
