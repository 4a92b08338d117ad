"""A player's own moves sent ahead told from his side (issue 35, reading IU-30 of docs/interurban-rules.md): which
alternative was played and why each one before it could not be, and why a list was dropped.

The platform finds the alternatives that could not be played and the play's problems with each
(``postal/ahead.py: tried``: codes, the rule that refused it); this module says them.  Only the player
who sent the list reads these words (his report mail and his receipt), never another player (IU-23).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from adjudicator.interurban.notation import KEYWORDS, NotationProblem
from adjudicator.interurban.rules import Problem
from adjudicator.interurban.words import names
from adjudicator.interurban.words.i18n import _
from adjudicator.interurban.words.problems import notation_problem, refusal
from adjudicator.kernel.shown import cut, shown

Tried = tuple[int, tuple[str, ...], tuple[Any, ...]]
"""As ``kernel.play.Tried``: an alternative's number, its lines, the play's problems with it."""

_NEXT = frozenset(w.lower() for w in KEYWORDS["NEXT"])
SHOWN = 60
"""The most bytes of an alternative's lines quoted back in a sentence (they are the player's own)."""


def why(problem: Any) -> str:
    """Why an alternative could not be played, in one sentence: the rules' refusal (its rule letter), or what is
    wrong with it as a move now (a tile not face-up, a finished line); no hint."""
    if isinstance(problem, NotationProblem):
        return notation_problem(NotationProblem(problem.line, problem.column, problem.code, problem.args))
    if isinstance(problem, Problem):
        return refusal(problem)
    return str(problem)


def _lines(lines: Sequence[str]) -> str:
    """An alternative's lines in one quote (``6 STRAIGHT 1 / H CURVE 1 LEFT``)."""
    return cut(shown(" / ".join(line.split("#", 1)[0].strip() for line in lines)), SHOWN)


def refused(tried: Sequence[Tried]) -> list[str]:
    """A line (folded) for each alternative that could not be played, with the first problem the play found."""
    out: list[str] = []
    for number, lines, problems in tried:
        reason = why(problems[0]) if problems else _("The rules do not allow it.")
        out += names.fold(_("Alternative {number} ({lines}) could not be played: {why}").format(
            number=number, lines=_lines(lines), why=reason), "  ", hang=4)
    return out


def played(move: int, alternative: int, lines: Sequence[str], tried: Sequence[Tried]) -> list[str]:
    """Move ``move`` was played from the reader's moves sent ahead, alternative ``alternative`` (``lines``); why each
    alternative before it was not."""
    out = names.fold(_("Your move {move} was played from your moves sent ahead: alternative {alternative} "
                       "({lines}).").format(move=move, alternative=alternative, lines=_lines(lines)))
    return out + refused(tried)


def dropped(move: int, tried: Sequence[Tried]) -> list[str]:
    """None of the alternatives of the reader's move ``move`` sent ahead could be played when it came: why each
    could not, and that the whole list is dropped (reading IU-22)."""
    out = names.fold(_("None of the alternatives of your move {move} sent ahead could be played when it came, so "
                       "all your moves sent ahead are dropped; please send your move.").format(move=move))
    return out + refused(tried)


def would(alternative: int | None, lines: Sequence[str], tried: Sequence[Tried]) -> list[str]:
    """A CHECK of moves sent ahead by the player on move (reading IU-32): sent without CHECK, which alternative of
    the next move would be played at once (``None``: none could, and none would be kept), and why not the ones
    before it."""
    if alternative is None:
        out = names.fold(_("It is your move: sent without CHECK, none of the alternatives of your next move could "
                           "be played now, and none of these moves sent ahead would be kept."))
    else:
        out = names.fold(_("It is your move: sent without CHECK, your next move would be played at once from "
                           "alternative {alternative} ({lines}).").format(alternative=alternative,
                                                                          lines=_lines(lines)))
    return out + refused(tried)


PROSE_SHOWN = 5
"""The most lines of prose around the orders a receipt names."""


def prose(lines: Sequence[tuple[int, str]]) -> list[str]:
    """The lines around the orders that were not read as orders (reading IU-29: a greeting, a sign-off, "Next
    move: ..." on one line), named so that a line meant as an order is never dropped without a word."""
    out = names.fold(_("Not read as orders (the text around them):"))
    for number, line in lines[:PROSE_SHOWN]:
        out += names.fold(_("Mail line {line}: {text}").format(line=number, text=cut(shown(line.strip()), SHOWN)), "  ",
                          hang=4)
    if len(lines) > PROSE_SHOWN:
        out += ["  ..."]
    if any(line.split()[0].lower().rstrip(":,.") in _NEXT for _, line in lines if line.split()):
        out += names.fold(_("Moves sent ahead begin with a line NEXT of its own (or \"Next move:\"), the move's "
                            "lines below it."))
    return out
