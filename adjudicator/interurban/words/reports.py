"""The reports of an InterUrban game, in the active language, every line within 78 columns (prose within 72).

``opening`` (players, order, start tiles, face-up tiles, the shuffle's commitment), ``move`` (who
laid what where, finished lines, tiles turned up, who is next, the layout, the lines), ``final``
(every line's value, economic values and points, the totals, the seed revealed) and ``check``
(a move previewed, or why it would be refused).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.interurban.draw import draw
from adjudicator.interurban.move import Event
from adjudicator.interurban.notation import Hint
from adjudicator.interurban.preview import LineView, Preview, lines_view
from adjudicator.interurban.rules import Problem
from adjudicator.interurban.scoring import line_values, points, score, start_values, tournament
from adjudicator.interurban.state import State
from adjudicator.interurban.tiles import START_TILES, Tile
from adjudicator.interurban.words import names
from adjudicator.interurban.words.i18n import N_, _, ngettext
from adjudicator.interurban.words.problems import HINTS, refusal

Names = Mapping[str, str] | None

DIRECTIONS = {"N": N_("north"), "E": N_("east"), "S": N_("south"), "W": N_("west")}
FINISHED = {"values": N_("Line {label} is finished: it has a station of each value 1, 2, 3 and 4."),
            "blocked": N_("Line {label} is finished: no station can be added to it any more."),
            "game-end": N_("Line {label} counts as finished (the game is over).")}
ENDS = {"all-lines": N_("The game is over: all six lines are finished."),
        "track-exhausted": N_("The game is over: all track tiles are laid."),
        "stations-exhausted": N_("The game is over: {player} has laid all of their stations."),
        "stuck": N_("The game is over: {player} could not lay any tile.")}


def _title(state: State, text: str) -> list[str]:
    head = _("InterUrban, game {game}: {text}").format(game=state.game, text=text)
    return names.fold(head) + ["=" * min(names.LINE_WIDTH, len(head))]


def _drawing(state: State) -> list[str]:
    return ["  " + row if row else row for row in draw(state, names.LINE_WIDTH - 2)]


def _face_up(state: State, prefix: str = "") -> list[str]:
    out = names.fold(_("Face-up track tiles: {tiles}.").format(tiles=names.tiles(state.track_face_up)), prefix)
    for colour in state.players:
        mine = [t for t in state.stations_face_up if t.colour == colour]
        out += names.fold(_("Face-up stations of {colour}: {tiles}.").format(
            colour=names.colour(colour), tiles=names.listing([names.tile_of(t.kind, t.value) for t in mine])
            or _("none")), prefix)
    return out


def _lines_table(views: Sequence[LineView]) -> list[str]:
    out = [_("Lines (value; economic value of each colour):")]
    for view in views:
        economy = ", ".join(f"{names.colour(c)} {v}" for c, v in view.economy) or _("no station")
        state = _("finished") if view.finished else _("open")
        out += names.fold(_("{label}: {value}; {economy}; {state}").format(
            label=view.label, value=view.value, economy=economy, state=state), "  ", hang=4)
    return out


def board(state: State) -> str:
    """The layout as it stands, every line's value and the face-up tiles (the MAP command by mail)."""
    out = [*_drawing(state), "", *_lines_table(lines_view(state)), "", *_face_up(state)]
    return "\n".join(out) + "\n"


def opening(state: State, commitment: str, who: Names = None) -> str:
    """The opening report: players in order, the start tiles and their lines, the face-up tiles, the commitment."""
    out = _title(state, _("the opening"))
    order = [f"{n}. {names.player(c, who)}" for n, c in enumerate(state.players, 1)]
    out += names.fold(_("Players in the order of play: {order}. {first} begins.").format(
        order=", ".join(order), first=names.player(state.players[0], who)))
    starts = {t.id: t for t in START_TILES}
    by_tile = []
    for tile_id, placed in zip(state.starts, state.board[:2], strict=True):
        exits = ", ".join(f"{label} {_(DIRECTIONS[edge])}" for edge, label in placed.lines_at)
        by_tile.append(_("{tile} (lines {exits})").format(tile=starts[tile_id].id, exits=exits))
    out += names.fold(_("Start tiles: {tiles}.").format(tiles=names.listing(by_tile)))
    out += _face_up(state)
    out += names.fold(_("The tiles are shuffled by a secret seed whose SHA-256 is {commitment}; the seed is "
                        "published at the end, so that every player can check every draw.").format(
                            commitment=commitment))
    out += [""] + _drawing(state) + [""]
    out += names.fold(_(HINTS[Hint.FORM]))  # the notation's form; each mail adds a move its reader could make
    return "\n".join(out) + "\n"


def _laid(state: State, events: Sequence[Event]) -> list[str]:
    cells = state.cells()
    out = []
    for code, data in events:
        if code != "laid":
            continue
        d = dict(data)
        p = cells[d["cell"]]
        out += names.fold(_("{tile} on {lines} at {cell}").format(
            tile=names.tile_of(str(p.kind), p.value, p.colour), lines=names.lines(d["lines"]),
            cell=names.cell(d["cell"])), "  ", hang=4)
    return out


def _finished_and_end(events: Sequence[Event], mover: str, who: Names) -> list[str]:
    out = []
    for code, data in events:
        d = dict(data)
        if code == "finished":
            how = FINISHED[d["by"]]
            out += names.fold(_(how).format(label=d["line"]))
        elif code == "game-over":
            end = ENDS[d["reason"]]
            out += names.fold(_(end).format(player=names.player(mover, who)))
    return out


def move(before: State, after: State, events: Sequence[Event], who: Names = None) -> str:
    """The report of one move: what was laid where, lines finished, tiles turned up, who is next, the layout."""
    mover = before.on_move
    out = _title(after, _("move {n}, {player}").format(n=after.moves, player=names.player(mover, who)))
    laid = _laid(after, events)
    if laid:
        out += [_("{player} laid:").format(player=names.player(mover, who))] + laid
    else:
        out += names.fold(_("{player} declared that no tile can be laid.").format(player=names.player(mover, who)))
    out += _finished_and_end(events, mover, who)
    drawn = [dict(d)["tile"] for code, d in events if code == "drawn"]
    shown: dict[str, Tile] = {t.id: t for t in after.track_face_up + after.stations_face_up}
    if drawn:
        out += names.fold(_("Turned up: {tiles}.").format(tiles=names.tiles(shown[i] for i in drawn if i in shown)))
    if not after.over:
        out += names.fold(_("Next to move: {player}.").format(player=names.player(after.on_move, who)))
    return "\n".join(out + layout(after)) + "\n"


def layout(state: State) -> list[str]:
    """The end of a move's report: the layout after it, every line's value and, while the game goes on, the face-up
    tiles (a mail of several moves shows them once, after the last: ``words/mail.py``)."""
    out = [""] + _drawing(state) + [""] + _lines_table(lines_view(state))
    return out + ([""] + _face_up(state) if not state.over else [])


def _start_words(state: State, label: str, start: int) -> str:
    line = state.line(label)
    if label == "S":
        return ngettext("S = {n} straight", "S = {n} straights", line.straights).format(n=start)
    if label == "C":
        return ngettext("C = {n} curve", "C = {n} curves", line.curves).format(n=start)
    if label == "H":
        return _("H = {n}, the highest start number").format(n=start)
    if label == "L":
        return _("L = {n}, the lowest start number").format(n=start)
    return str(start)


def standings(games: Sequence[tuple[str, State]], who: Names = None) -> str:
    """A tournament (one game per start player, seed 001): each game's totals and the sums, the winners."""
    out = names.fold(_("InterUrban tournament of {count} games").format(count=len(games)))
    out.append("=" * min(names.LINE_WIDTH, len(out[0])))
    finals = []
    for game, state in games:
        totals = score(state)[1]
        finals.append(totals)
        out += names.fold(_("Game {game} (start player {first}): {totals}.").format(
            game=game, first=names.player(state.players[0], who),
            totals=", ".join(f"{names.player(c, who)} {totals[c]}" for c in state.players)))
    sums, winners = tournament(finals)
    ranked = sorted(sums, key=lambda c: -sums[c])
    out += [""] + names.fold(_("Sums: {totals}.").format(
        totals=", ".join(f"{names.player(c, who)} {sums[c]}" for c in ranked)))
    out += names.fold(ngettext("The winner is {winners}.", "The winners are {winners} (a tie).",
                               len(winners)).format(winners=names.listing([names.player(c, who) for c in winners])))
    return "\n".join(out) + "\n"


def final(state: State, seed: str, commitment: str, who: Names = None) -> str:
    """The end: every line's value, each colour's economic value and points on it, the totals, the seed."""
    out = _title(state, _("the final score"))
    values = line_values(state.lines)
    starts = start_values(state.lines)
    views = {view.label: view for view in lines_view(state)}
    for line in state.lines:
        out += names.fold(_("Line {label}: value {value} (start number {start}, track tiles {track}).").format(
            label=line.label, value=values[line.label], start=_start_words(state, line.label, starts[line.label]),
            track=line.track_value))
        economy = views[line.label].economy
        got = points(values[line.label], dict(economy))
        if not economy:
            out += names.fold(_("no station, no points"), "  ")
        for colour, ev in economy:
            out += names.fold(ngettext("{player}: economic value {ev}, {points} point",
                                       "{player}: economic value {ev}, {points} points",
                                       got.get(colour, 0)).format(
                player=names.player(colour, who), ev=ev, points=got.get(colour, 0)), "  ", hang=4)
    totals = score(state)[1]
    ranked = sorted(state.players, key=lambda c: -totals[c])
    out += [""] + names.fold(_("Totals: {totals}.").format(
        totals=", ".join(f"{names.player(c, who)} {totals[c]}" for c in ranked)))
    best = max(totals.values())
    winners = [names.player(c, who) for c in ranked if totals[c] == best]
    out += names.fold(ngettext("The winner is {winners}.", "The winners are {winners} (a tie).",
                               len(winners)).format(winners=names.listing(winners)))
    out += [""] + names.fold(_("The seed of the shuffle was {seed}; its SHA-256 is {commitment}, as published "
                               "at the start. Every draw can now be checked.").format(seed=seed,
                                                                                      commitment=commitment))
    out += [""] + _drawing(state)
    return "\n".join(out) + "\n"


def check(state: State, player: str, result: Preview | Problem, who: Names = None) -> str:
    """The check of a move: the board and the lines after it (nothing is carried out), or why it is refused."""
    out = names.fold(_("Check of a move of {player} (nothing is carried out):").format(
        player=names.player(player, who)))
    if isinstance(result, Problem):
        out += names.fold(_("This move would be refused. {why}").format(why=refusal(result)), "  ")
        return "\n".join(out) + "\n"
    laid = _laid(result.state, result.events)
    if laid:
        out += [_("It lays:")] + laid
    else:
        out += names.fold(_("It declares that no tile can be laid."))
    out += _finished_and_end(result.events, player, who)
    tracks = sum(1 for r in result.refills if not r)
    stations = [names.colour(r) for r in result.refills if r]
    if tracks or stations:
        parts = [ngettext("{n} track tile", "{n} track tiles", tracks).format(n=tracks)] if tracks else []
        parts += [ngettext("a station of {colours}", "stations of {colours}", len(stations)).format(
            colours=names.listing(stations))] if stations else []
        out += names.fold(_("Then {tiles} will be turned up (not known before the move).").format(
            tiles=names.listing(parts)))
    out += [""] + _drawing(result.state) + [""] + _lines_table(result.lines)
    return "\n".join(out) + "\n"
