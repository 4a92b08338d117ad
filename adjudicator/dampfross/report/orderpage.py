"""The order page of the site (``orders.html``): the table of prices its script looks up, and the page's words.

The page lets a player compose the orders of the turn to come by clicking
the map and send them by mail.  Every rule stays here, in Python, on the
engine's own functions: what a segment costs (``building.costs``), why it
may not be built at all (``terrain_problem``: water, off the map, a
border), which fees it owes to whom (``building.fees``), which hexes a
company may build from, what it may spend.  The script of the page
(``templates/site/orders.js.j2``: a template only so that the wheel holds
it) only looks these up, walks the neighbour table and adds: it never
decides a cost or a fee itself.

One fee depends on what the player composes: with
``contact_fee_at_own_hex`` off, a contact fee is waived where the company
already has track.  For each step into a hex where a rival's track lies,
the fees are priced a second time as if the company had track there
(``fees_own``); the script takes that price once a line of the page has
reached the hex.  (The city-join fee's exception, a company that already
runs alongside the rival at that town, is priced from the track as it
stands.)

Nothing here reads or writes a file; the page is written by ``report.site``.
"""

from __future__ import annotations

from typing import Any

from adjudicator.dampfross.board.hexgrid import Hex, Side
from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.building.costs import segment_cost, terrain_problem
from adjudicator.dampfross.building.fees import Fee, building_fees
from adjudicator.dampfross.building.problems import BuildProblem
from adjudicator.dampfross.game.state import GameState
from adjudicator.dampfross.game.track import Segment, TrackIndex
from adjudicator.dampfross.report.i18n import _, pgettext
from adjudicator.dampfross.report.phrases import BUILD, FEE_RULE, build_problem, cost_kind, points_text

DIRECTIONS = ("W", "E", "NW", "NE", "SW", "SE")
"""The order of a hex's six neighbours in the table's ``nb`` (a straight line keeps one direction)."""
KEYWORDS = ("GAME", "TURN", "PLAYER", "PASSWORD", "BUILD", "ENTER", "ROUTE", "START")


def order_table(state: GameState, gmap: GameMap, to: str = "") -> dict[str, Any]:
    """Everything the order page's script needs for the turn to come, as JSON-ready data (in the active language).

    ``to``: the robot's address, the recipient of the page's mail (``""``: none, the player fills it in);
    a mail whose link would pass ``kernel.mailto.LIMIT`` characters is offered to copy instead.

    ``nb``: each hex's neighbours on the map by direction (``None`` where none);
    ``step``: each directed step ``"a>b"`` between neighbours: ``[points, terrain word]`` or the reason it may
    never be built; ``track``: the owners of each side with track (``"a-b"``, labels sorted), for race routes;
    ``companies``: each company's network, own sides, allowance, balance and fees; ``words``: the sentences the
    script fills in.
    """
    rules = state.rules
    track = TrackIndex(state.track)
    steps: dict[str, Any] = {}
    nb: dict[str, list[str | None]] = {}
    for a in sorted(gmap.terrain):
        around: list[str | None] = [None] * 6
        for b in gmap.neighbours(a):
            around[DIRECTIONS.index(a.direction_to(b))] = b.label
            problem = terrain_problem(gmap, a, b, rules)
            if problem is None:
                cost = segment_cost(gmap, a, b, rules)
                steps[f"{a.label}>{b.label}"] = [cost.points, cost_kind(cost.kind)]
            else:
                steps[f"{a.label}>{b.label}"] = build_problem(problem)
        nb[a.label] = around
    sides: dict[str, list[str]] = {}
    for s in state.track:
        sides.setdefault(side_key(s.side), []).append(s.owner)
    return {
        "game": state.game_id,
        "turn": state.turn,
        "to": to,
        "phase": state.phase,
        "debt": rules.debt_allowed,
        "kw": {k.lower(): pgettext("order keyword", k) for k in KEYWORDS},
        "nb": nb,
        "step": steps,
        "track": {k: sorted(v) for k, v in sorted(sides.items())},
        "towns": {t.hex.label: t.name for t in gmap.towns},
        "starts": {t.hex.label: t.name for t in gmap.start_towns},
        "races": [{"n": d.number, "from": d.start_town, "to": d.dest_town}
                  for d in state.race_state.upcoming],
        "companies": [_company(state, gmap, track, steps, p.id) for p in sorted(state.players, key=lambda p: p.seat)
                      if p.retired is None],
        "words": page_words(),
    }


def side_key(side: Side) -> str:
    """``"1109-1110"``: a side by its two labels in order."""
    a, b = sorted((side.a.label, side.b.label))
    return f"{a}-{b}"


def _company(state: GameState, gmap: GameMap, track: TrackIndex, steps: dict[str, Any], pid: str) -> dict[str, Any]:
    """One company's part of the table: where it may build from, its sides, its budget and the fees it would owe."""
    player = state.player(pid)
    start = gmap.town_named(player.start_town) if player.start_town else None
    net = set(track.network(pid)) | ({start.hex} if start else set())
    own = sorted(side_key(s.side) for s in state.track if s.owner == pid)
    fees: dict[str, list[list[Any]]] = {}
    fees_own: dict[str, list[list[Any]]] = {}
    for key, step in steps.items():
        if isinstance(step, str):
            continue
        a, b = (Hex.parse(x) for x in key.split(">"))
        if pid in track.owners(Side(a, b)):
            continue
        due = building_fees(gmap, track, pid, a, b, state.rules)
        if due:
            fees[key] = [_fee(f) for f in due]
        if (track.owners_at(b) - {pid}) and pid not in track.owners_at(b):
            mine = _with_own_track_at(track, gmap, pid, a, b)
            again = building_fees(gmap, mine, pid, a, b, state.rules) if mine else due
            if again != due:
                fees_own[key] = [_fee(f) for f in again]
    allowance = next((al for al in state.allowances if al.player == pid), None)
    guessed = allowance is None and state.phase == "building"
    points = allowance.points if allowance else 6 * state.rules.allowance_dice
    return {"id": pid, "name": player.name, "net": sorted(h.label for h in net), "own": own,
            "track": sorted(h.label for h in track.network(pid)), "allow": points, "guessed": guessed,
            "balance": player.balance, "fees": fees, "feesOwn": fees_own, "start": bool(net)}


def _with_own_track_at(track: TrackIndex, gmap: GameMap, pid: str, a: Hex, b: Hex) -> TrackIndex | None:
    """The track with one more segment of ``pid`` at ``b`` (not along ``a``-``b``): the fees once a composed
    line has reached ``b``."""
    other = next((c for c in gmap.neighbours(b) if c != a), None)
    if other is None:
        return None
    return TrackIndex([*track.segments, Segment(pid, Side(b, other), 0)], track.ferries)


def _fee(f: Fee) -> list[Any]:
    """A fee as the page shows it: payee, amount, and the rule in words."""
    return [f.payee, f.amount, _(FEE_RULE[f.rule])]


def page_words() -> dict[str, Any]:
    """The script's sentences, with ``{…}`` places it fills in (the game's language)."""
    return {
        "notNeighbours": _(BUILD[BuildProblem.NOT_NEIGHBOURS]),
        "notOnNetwork": _(BUILD[BuildProblem.NOT_ON_NETWORK]),
        "noTrackYet": _(BUILD[BuildProblem.NO_TRACK_YET]),
        "ownTrack": _(BUILD[BuildProblem.OWN_TRACK_THERE]),
        "pointsShort": _(BUILD[BuildProblem.POINTS_SHORT]),
        "feesOver": _(BUILD[BuildProblem.FEES_OVER_BALANCE]),
        "costOver": _(BUILD[BuildProblem.COST_OVER_BALANCE]),
        "noTrackBetween": _("there is no track between {a} and {b}"),
        "trackOf": _("{a}-{b}: track of {owners}"),
        "newLineThere": _("{why}; to start another line at {hex}, press \u201cnew line\u201d first"),
        "notStartTown": _("{hex} is not a start town: click one of the start towns first"),
        "composedTwice": _("{a}-{b} is already in one of your lines"),
        "fee": _("{amount} to {payee} ({rule})"),
        "noFee": _("no fee"),
        "points": [points_text(n) for n in range(41)],
        "used": _("used {used} of {allowance}, {left} left"),
        "usedMoney": _("building {cost} + fees {fees} = {total}; balance {balance}"),
        "feesTotal": _("fees {fees} from the balance of {balance}"),
        "guessed": _("(manual dice: priced against the largest roll)"),
        "password": _("Type your password first."),
        "tooLong": _("This mail is {length} characters as a link, more than mail programs take ({limit}): copy "
                     "the orders into a new mail to {to} instead."),
        "anyone": _("the game's address"),
        "copied": _("Copied: paste the orders into a new mail."),
        "noCopy": _("Select the text below and copy it."),
    }


def order_page_ok(state: GameState) -> bool:
    """Whether the site has an order page: a turn is to come (the game is not over)."""
    return state.phase in ("building", "racing")

