"""Why a move is refused, and what is wrong with a move as written: one sentence per code, and the hints."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adjudicator.interurban.ahead import LIMITS
from adjudicator.interurban.notation import Code, Hint, NotationProblem
from adjudicator.interurban.rules import Problem
from adjudicator.interurban.words import names
from adjudicator.interurban.words.i18n import N_, _
from adjudicator.kernel.quoting import caret_lines
from adjudicator.kernel.shown import cut, shown

REFUSALS = {
    "A": N_("No station may be laid next to a start tile (rule A): {cell}."),
    "B": N_("In the first round no tile may finish a line (rule B)."),
    "C": N_("Stations may not lie next to each other, corners included (rule C): {cell}."),
    "D": N_("Two stations of one player may not follow each other on {line} (rule D)."),
    "E": N_("Lines may not be joined (rule E): a tile at {cell} would join track."),
    "F": N_("An edge with track would meet an edge without track at {cell} (rule F)."),
    "G": N_("Line {label} already has a station of value 1 (rule G)."),
    "H": N_("Line {label} already has a station of value 2 (rule H)."),
    "I": N_("Line {label} already has a station of value 3 (rule I)."),
    "J": N_("Line {label} already has a station of value 4 of this player (rule J)."),
    "cell-taken": N_("The cell {cell} is taken."),
    "not-at-line-end": N_("{cell} is not at the end of a line."),
    "line-finished": N_("Line {label} is finished: no tile may be laid at it any more."),
    "not-face-up": N_("That tile is not face-up."),
    "orientation": N_("That tile cannot be turned that way."),
    "game-over": N_("The game is over."),
    "can-lay": N_("A tile can still be laid: PASS is only for a player who cannot lay any."),
    "too-many-tiles": N_("At most three tiles a move ({count} written)."),
    "tile-twice": N_("One tile is named twice."),
    "two-stations": N_("At most one station a move."),
    "not-on-move": N_("It is the move of {on_move}, not of {player}."),
}
"""Every refusal of ``move.apply_move`` and ``preview.check`` (``rules.Problem`` codes)."""

NOTATION = {
    Code.LINE_TOO_LONG: N_("The line is too long ({length} characters; at most {limit} are read)."),
    Code.UNKNOWN_ORDER: N_("\"{word}\" is no order."),
    Code.MISSPELT: N_("\"{word}\" is not understood."),
    Code.EXPECTED: N_("\"{word}\" stands where {expected} should be."),
    Code.INCOMPLETE: N_("The line ends where {expected} should follow."),
    Code.UNKNOWN_LINE: N_("There is no line {label} in this game."),
    Code.LINE_FINISHED: N_("Line {label} is finished: no tile may be laid at it any more."),
    Code.UNKNOWN_COLOUR: N_("\"{word}\" is no colour of this game."),
    Code.TWO_COLOURS: N_("A station has one colour."),
    Code.NOT_FACE_UP: N_("No {tile} is face-up."),
    Code.WHICH_VALUE: N_("Which {kind}? Face-up are values {values}: write the value."),
    Code.NO_LINE_ENDS_AT: N_("No open line ends at {cell}."),
    Code.WHICH_LINE: N_("Lines {lines} end at {cell}: only a crossing extends both."),
    Code.WRONG_CELL: N_("Line {label} ends at {expected}, not at {cell}."),
    Code.ALSO_NOT_CROSSING: N_("ALSO is for a crossing only."),
    Code.ALSO_NOT_JOINED: N_("The crossing there does not extend line {label}; the lines it extends: {lines}."),
    Code.REFUSED: "",
    Code.TOO_MANY_TILES: N_("At most three tiles a move ({count} written)."),
    Code.TWO_STATIONS: N_("At most one station a move."),
    Code.PASS_WITH_TILES: N_("PASS stands alone: it says that no tile can be laid."),
    Code.NO_MOVE: N_("There is no move in the mail."),
    Code.NOT_ON_MOVE: N_("It is the move of {on_move}, not of {player}."),
    Code.GAME_OVER: N_("The game is over."),
    Code.AHEAD_NOT_HERE: N_("{word} begins moves sent ahead; it is no order of a move."),
    Code.OR_WITHOUT_NEXT: N_("OR stands between alternatives of a move sent ahead: a NEXT line comes first."),
    Code.EMPTY_ALTERNATIVE: N_("No move follows this line."),
    Code.TOO_MANY_AHEAD: N_("At most {limit} moves may be sent ahead."),
    Code.TOO_MANY_ALTERNATIVES: N_("At most {limit} alternatives of one move may be sent ahead."),
}
"""Every ``notation.Code``; ``refused`` is said by the rule's own sentence (``REFUSALS``)."""

HINTS = {
    Hint.DID_YOU_MEAN: N_("Did you mean {meant}?"),
    Hint.OPEN_LINES: N_("Open lines: {lines}."),
    Hint.FACE_UP: N_("Face-up: {face_up}."),
    Hint.COLOURS: N_("The colours of this game: {colours}."),
    Hint.FORM: N_("A move is one to three lines, one tile a line: the line's label, the tile (STRAIGHT, CURVE, "
                  "STATION or CROSSING) and its value, after a curve LEFT or RIGHT, after a crossing on two lines "
                  "ALSO and the other line; or PASS when no tile can be laid."),
    Hint.NAME_THE_LINE: N_("Begin with the line's label ({lines})."),
    Hint.ONE_STATION: N_("Lay the other station in a later move."),
    Hint.AHEAD_FORM: N_("After the move, a line NEXT begins your next move and a line OR another way to play "
                        "it; at most {moves} moves ahead, {alternatives} ways each; NEXT alone as the last line: "
                        "none."),
}

CATEGORIES = {"line": N_("a line's label"), "pass": N_("PASS"),
              "tile": N_("a tile (STRAIGHT, CURVE, STATION, CROSSING)"), "turn": N_("LEFT or RIGHT"),
              "value": N_("a value"), "colour": N_("a colour"), "also": N_("ALSO"), "at": N_("AT x,y"),
              "coordinate": N_("coordinates x,y"), "next": N_("NEXT"), "or": N_("OR"),
              "end": N_("the end of the line")}


QUOTED = 30
"""The most bytes of a player's word quoted back in a sentence."""


def _quoted(text: str) -> str:
    """A player's word quoted back: ``shown`` (control and bidi characters as escapes), cut to ``QUOTED``."""
    return cut(shown(text), QUOTED)


def _value(key: str, value: Any) -> str:
    """One datum as it is said."""
    if key in ("word", "meant"):
        return _quoted(str(value))
    if key in ("cell", "expected") and isinstance(value, tuple) and all(isinstance(v, int) for v in value):
        return names.cell(value)
    if key == "expected":
        return names.either([_(CATEGORIES[c]) for c in value])
    if key == "line":
        return names.line(_quoted(str(value)))
    if key == "lines":
        return names.listing(list(value)) or _("none")
    if key in ("colour", "player", "on_move"):
        return names.colour(str(value))
    if key == "colours":
        return names.listing([names.colour(c) for c in value])
    if key == "kind":
        return names.kind(str(value))
    if key == "values":
        return names.either([str(v) for v in value])
    if key == "face_up":
        return names.listing([names.tile_of(*t) for t in value]) or _("none")
    return str(value)


def _say(template: str, data: Mapping[str, Any]) -> str:
    said = {k: _value(k, v) for k, v in data.items()}
    if "line" in data:
        said["label"] = _quoted(str(data["line"]))
    if "kind" in data:
        said["tile"] = names.tile_of(data["kind"], data["value"], data.get("colour", "")) if "value" in data \
            else (names.kind(data["kind"]) + (f" ({names.colour(data['colour'])})" if data.get("colour") else ""))
    return _(template).format(**said) if template else ""


def refusal(problem: Problem) -> str:
    """A refused move (or tile) in one sentence."""
    return _say(REFUSALS[problem.code], dict(problem.data))


def notation_problem(problem: NotationProblem) -> str:
    """What is wrong with a line of the move, and what to try, as one text (fold it to print)."""
    data = dict(problem.args)
    if problem.code == Code.REFUSED:
        rule = data.pop("rule")
        said = refusal(Problem(rule, tuple(data.items())))
    else:
        said = _say(NOTATION[problem.code], data)
    if problem.hint is not None:
        said += " " + _say(HINTS[problem.hint], {**dict(LIMITS), **data})
    return said


def notation_lines(problem: NotationProblem, text: str | None = None) -> list[str]:
    """The problem in lines of a report: where, what is wrong, and the line as written (``text``, else the
    problem's own) with a caret under the column, as Dampfross's receipts show it (``kernel.quoting``)."""
    head = _("Mail line {line}, column {column}:").format(line=problem.line, column=problem.column)
    return names.fold(head + " " + notation_problem(problem), hang=2) + \
        caret_lines(problem.text if text is None else text, problem.column)
