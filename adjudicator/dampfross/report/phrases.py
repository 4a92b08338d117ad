"""The phrasebook of the engines: every code an engine returns, said in words.

Engines (building, racing, the turn) return codes and data; this module is
where they become sentences for reports, ``check`` and the route advisor.
Each sentence is a template with named ``{placeholders}``, marked with
``N_`` where it is written and translated with ``_`` where it is used
(``adjudicator.dampfross.report.i18n``): ``_(TABLE[code]).format(...)``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.building.costs import BuildProblem, CostKind
from adjudicator.dampfross.building.fees import Fee
from adjudicator.dampfross.building.ferries import FerryProblem, FerryPurchase
from adjudicator.dampfross.building.lines import LineOutcome
from adjudicator.dampfross.building.problems import Declare, PhaseEnd, StartProblem
from adjudicator.dampfross.game.racestate import NumberReplaced, Redraw, RedrawReason
from adjudicator.dampfross.game.rules import Rules
from adjudicator.dampfross.game.state import Correction, LedgerEntry
from adjudicator.dampfross.orders.sections import MailPlace, Refusal
from adjudicator.dampfross.orders.translate import GMNote, GMNoteCode
from adjudicator.dampfross.report.deadlines import setting_text
from adjudicator.dampfross.report.i18n import LANGUAGES, N_, _, language_name, ngettext
from adjudicator.dampfross.report.orderwords import order_text, where
from adjudicator.kernel.deadline import Schedule
from adjudicator.kernel.problems import NoOrders, Problem
from adjudicator.kernel.shown import shown
from adjudicator.kernel.words import reason

_WHAT = {"start": N_("start"), "dest": N_("destination")}
REDRAW = {
    RedrawReason.NO_TOWN: N_("{what} {number}: no town has this number: drawn again"),
    RedrawReason.UNCONNECTED: N_("{what} {number} ({town}): not connected yet: drawn again"),
    RedrawReason.NONE_FREE: N_("{what} {number} ({town}): used, and no number is free: drawn again"),
    RedrawReason.START_ITSELF: N_("{what} {number} ({town}): the start town itself: drawn again"),
    RedrawReason.NO_LAND_ROUTE: N_("{what} {number} ({town}): no land route from {start}: drawn again"),
    RedrawReason.TOO_CLOSE: N_("{what} {number} ({town}): only {hexes} from {start}, at least {minimum} needed: "
                               "drawn again"),
    RedrawReason.NO_DESTINATION: N_("{what} {number} ({town}): no destination is far enough from it: drawn again"),
    RedrawReason.USED: N_("{what} {number} ({town}): used already: drawn again"),
    RedrawReason.DEST_USED: N_("{what} {number} ({town}): a destination often enough already: drawn again"),
    RedrawReason.GRID_FULL: N_("{what}: every number is used up: each may be drawn once more"),
    RedrawReason.REGION_UNCONNECTED: N_("{what} {number} ({town}): no track reaches the region yet: rolled again"),
    RedrawReason.REGION_TOO_CLOSE: N_("{what} {number} ({town}): no hex of it at least {minimum} hexes from {start}: "
                                      "rolled again"),
}


def redraw_text(r: Redraw) -> str:
    """Why a race's start or destination number was drawn again."""
    hexes = ngettext("{n} hex", "{n} hexes", r.distance).format(n=r.distance) if r.distance is not None else ""
    return _(REDRAW[r.reason]).format(what=_(_WHAT[r.what]), number=r.number, town=r.town, start=r.start,
                                      hexes=hexes, minimum=r.minimum)


def replaced_text(n: NumberReplaced) -> str:
    """A used number replaced by the next free one (numbers_once)."""
    return _("{drawn} is used: took the next free number {taken} ({town})").format(
        drawn=n.drawn, taken=n.taken, town=n.town)


# ---------------------------------------------------------------------------
# building
# ---------------------------------------------------------------------------


COST_KIND = {
    CostKind.PLAIN: N_("plain"),
    CostKind.RIVER: N_("river"),
    CostKind.MOUNTAIN: N_("mountain"),
    CostKind.MOUNTAIN_RIVER: N_("mountain+river"),
    CostKind.MOUNTAIN_MOUNTAIN: N_("mountain-mountain"),
    CostKind.MOUNTAIN_MOUNTAIN_RIVER: N_("mountain-mountain+river"),
}

FEE_RULE = {
    "contact": N_("crossing or joining"),
    "parallel": N_("alongside"),
    "city-join": N_("joined in a town, then alongside"),
}

BUILD = {
    BuildProblem.OFF_MAP: N_("{hex} is not on the map"),
    BuildProblem.WATER: N_("{hex} is water"),
    BuildProblem.NOT_NEIGHBOURS: N_("{a} and {b} are not neighbours"),
    BuildProblem.BORDER: N_("{a}-{b} crosses a national border"),
    BuildProblem.BEYOND_BORDER: N_("{hex} lies beyond the border ({country}): a line across the border ends in "
                                   "the first hex beyond it"),
    BuildProblem.NO_TRACK_YET: N_("you have no track yet: give START <town> first"),
    BuildProblem.NOT_ON_NETWORK: N_("{hex} is not on your network"),
    BuildProblem.OWN_TRACK_THERE: N_("you already have track there"),
    BuildProblem.POINTS_SHORT: N_("costs {cost_points} ({kind}), only {left_points} left"),
    BuildProblem.FEES_OVER_BALANCE: N_("fees of {fees} exceed your balance of {balance} (no debt allowed)"),
    BuildProblem.INCOME_SHORT: N_("costs {total} ({cost} building + {fees} fees), only {left} of this turn's income "
                                  "left"),
    BuildProblem.COST_OVER_BALANCE: N_("costs {total}, more than your balance of {balance} (no debt allowed)"),
    BuildProblem.NOT_WHERE_NETWORKS_MEET: N_("{hex} is not where the networks of {partners} meet"),
    BuildProblem.ALL_CONNECTED: N_("every town is connected: the building phase is over"),
    BuildProblem.DECLARED_OVER: N_("the building phase was declared over after {after}'s build"),
    BuildProblem.GAME_OVER: N_("{players} reached {threshold}: the game is over"),
    BuildProblem.NO_BUILDING_NOW: N_("no building this turn: in the 10% variant building follows every {every} "
                                     "races"),
    BuildProblem.LAST_RACE: N_("the game ends with race {race}, the last: nothing is built after it"),
    BuildProblem.JOINT_TURN: N_("your roll went into the joint line with {partner} this turn"),
    BuildProblem.JOINT_UNMATCHED: N_("{partner} did not order the same joint line"),
    BuildProblem.JOINT_NOT_NOW: N_("joint lines are built only in the building phase, and not under these rules"),
    BuildProblem.UNKNOWN_POINT: N_("'{written}' is no town or hex label of this map"),
    BuildProblem.AMBIGUOUS_POINT: N_("'{written}' may be any of {candidates}"),
    BuildProblem.SAME_POINT: N_("{hex} is written twice in a row"),
}


def build_problem(p: Problem[BuildProblem]) -> str:
    """Why a segment was not built."""
    args: dict[str, Any] = {k: _word(v) for k, v in p.args}
    if p.code is BuildProblem.POINTS_SHORT:
        args["cost_points"] = points_text(p["cost"])
        args["left_points"] = points_text(p["left"])
        args["kind"] = cost_kind(p["kind"])
    return _(BUILD[p.code]).format(**args)


def cost_kind(kind: CostKind) -> str:
    """``river``: the terrain a segment's cost comes from."""
    return _(COST_KIND[kind])


def points_text(n: int) -> str:
    """``1 point``, ``3 points``."""
    return ngettext("{n} point", "{n} points", n).format(n=n)


def line_stopped(outcome: LineOutcome) -> str:
    """``1913-1914: costs 3 points (river), only 2 points left``: where a BUILD line stopped, and why.

    A line stopped at a bad point of the order (reading 79) says so: ``'Xyz' is no town or hex label of this
    map: the line stops after 1608``.
    """
    assert outcome.problem is not None
    if outcome.problem.code is BuildProblem.LAST_RACE:  # the turn builds nothing: no segment is to blame
        return build_problem(outcome.problem)
    if len(outcome.unbuilt) < 2:
        why = build_problem(outcome.problem)
        if outcome.problem != outcome.line.stop:  # a short line refused as a whole (joint turn, no building now)
            return why
        if not outcome.unbuilt:
            return _("{why}: nothing of the line is built").format(why=why)
        return _("{why}: the line stops at {hex}").format(why=why, hex=outcome.unbuilt[0].label)
    a, b = outcome.unbuilt[0], outcome.unbuilt[1]
    return f"{a.label}-{b.label}: {build_problem(outcome.problem)}"


def unbuilt_text(outcome: LineOutcome) -> str:
    """``1913-1914-2015``: what of a BUILD line was not built, with the rest of the order after a bad point."""
    return "-".join([h.label for h in outcome.unbuilt] + list(outcome.line.rest))


def line_reversed(h: Hex) -> str:
    return _("built from {hex}, the end that touches your network").format(hex=h.label)


def fee_text(f: Fee) -> str:
    """``2 to RED (alongside at 1109)``: one fee of a segment."""
    return _("{amount} to {payee} ({rule} at {at})").format(amount=f.amount, payee=f.payee, rule=_(FEE_RULE[f.rule]),
                                                            at=f.at.label)


def payment_text(e: LedgerEntry) -> str:
    """``1108-1109: alongside (1109)``: the cause of a fee paid, from its ledger entry."""
    if e.fee_rule and e.segment and e.at:
        return f"{e.segment[0].label}-{e.segment[1].label}: {_(FEE_RULE[e.fee_rule])} ({e.at.label})"
    return e.reason


def fee_entry_short(e: LedgerEntry) -> str:
    """``1205-1105 parallel at 1105``: a fee paid from race income, as the racing report lists it."""
    if e.fee_rule and e.segment and e.at:
        return _("{segment} {rule} at {at}").format(segment=f"{e.segment[0].label}-{e.segment[1].label}",
                                                    rule=_(FEE_RULE_SHORT[e.fee_rule]), at=e.at.label)
    return e.reason


FEE_RULE_SHORT = {"contact": N_("contact"), "parallel": N_("parallel"), "city-join": N_("city-join")}
"""The fee rules in a word, as the racing report lists fees paid from race income."""


def bonus_text(amount: int, town: str) -> str:
    return _("{amount} for reaching {town} first").format(amount=amount, town=town)


FERRY = {
    FerryProblem.NOT_IN_USE: N_("this game does not use ferries (rules key ferries)"),
    FerryProblem.NO_FERRY: N_("no ferry of this map runs from {ports}"),
    FerryProblem.AMBIGUOUS: N_("several ferries use {port} ({ferries}): name both ports, BUY FERRY <port> - <port>"),
    FerryProblem.OWN_ALREADY: N_("you already own {ferry}"),
    FerryProblem.TAKEN: N_("{ferry} belongs to {owner}"),
    FerryProblem.LIMIT: N_("a player may own at most {limit} on this map (you own {owned})"),
    FerryProblem.SAME_PORT: N_("your ferries must leave from different ports ({other} leaves {port} too)"),
    FerryProblem.NOT_REACHED: N_("your track does not reach {port} ({hex}) yet"),
    FerryProblem.OVER_BALANCE: N_("costs {price}, more than your balance of {balance} (no debt allowed)"),
    FerryProblem.GAME_OVER: N_("{players} reached {threshold}: the game is over"),
}


def purchase_text(p: FerryPurchase) -> str:
    """``bought Puttgarden-Gedser for 6`` or ``not bought: ...``: what became of a BUY FERRY order."""
    if p.problem is None:
        return _("bought {ferry} for {price}").format(ferry=p.ferry, price=p.price)
    why = say(FERRY, p.problem)
    if p.problem.code is FerryProblem.LIMIT:
        why = _("{ferry}: {why}").format(ferry=p.ferry, why=why)
    return _("not bought: {why}").format(why=why)


def purchase_row(p: FerryPurchase) -> dict[str, Any]:
    """A BUY FERRY order for the templates: the order as understood, and what became of it."""
    return {"text": order_text(p.order.text), "line": p.order.line, "result": purchase_text(p), "bought": p.bought}


START = {
    StartProblem.HAS_TRACK: N_("you already have track; START is only for your first building turn"),
    StartProblem.NOT_A_TOWN: N_("{hex} is not a town"),
    StartProblem.NOT_A_START_TOWN: N_("{town} is not a start town of this map (start towns: {starts})"),
    StartProblem.TAKEN: N_("{town} is already the start town of {by} (distinct start towns)"),
    StartProblem.CHOSEN_TWICE: N_("{town} was chosen by {others} too: choose again (distinct start towns, chosen "
                                  "secretly)"),
}

DECLARE = {
    Declare.TOWNS_LEFT: N_("refused: {count} towns are still unconnected (only allowed once one is left)"),
    Declare.TOO_EARLY: N_("refused: only one town left since turn {left}; allowed from turn {first} on"),
    Declare.VALID: N_("valid: one town left since turn {left}, {wait} more rounds played"),
    Declare.VALID_AFTER: N_("valid: one town left since turn {left}; building ends right after {player}'s build"),
    Declare.VALID_EXPRESS: N_("valid: {rounds} more rounds are played, the first started by {by}"),
    Declare.ALREADY: N_("already declared by {by} in turn {turn}; building ends after turn {last}"),
}

PHASE_END = {
    PhaseEnd.ALL_CONNECTED: N_("every town is connected"),
    PhaseEnd.DECLARED: N_("declared over by {by}"),
    PhaseEnd.DECLARED_AFTER: N_("declared over by {by}, ended after {after}'s build"),
    PhaseEnd.EXPRESS_ROUNDS: N_("declared over by {by} in turn {turn}, and {rounds} more rounds are played"),
    PhaseEnd.ROUNDS_PLAYED: N_("all {rounds} building rounds are played"),
}

NO_ORDERS = {
    NoOrders.NONE_RECEIVED: N_("no orders received"),
    NoOrders.NO_PASSWORD: N_("no password given"),
    NoOrders.WRONG_PASSWORD: N_("wrong password"),
    NoOrders.OTHER_TURN: N_("orders are for turn {turn}, the game is at turn {game_turn}"),
    NoOrders.RETIRED: N_("the company was taken out of play in turn {turn}"),
}


ABSENCE = {
    "missed": N_("no orders this turn"),
    "missed-in-a-row": N_("no orders for {turns} turns in a row"),
    "flagged": N_("(flagged: the GM may hand the company to a stand-by)"),
    "retired": N_("out of play since turn {turn}: builds and races no more; what is due to it goes to the bank"),
}


def say_absence(kind: str, **data: int) -> str:
    """A company's absence (``ABSENCE``) in words."""
    return _(ABSENCE[kind]).format(**data)


def say(table: Mapping[Any, str], p: Problem[Any] | None) -> str:
    """A coded verdict in words from one of the tables above (``""`` for none)."""
    if p is None:
        return ""
    return _(table[p.code]).format(**{k: _word(v) for k, v in p.args})


def _word(value: Any) -> Any:
    """Arguments as a sentence shows them: hexes by label, lists joined with commas, text ``shown`` (a point as a
    player wrote it: ``'Xyz\\x1b' is no town``, before the sentence is folded)."""
    if isinstance(value, Hex):
        return value.label
    if isinstance(value, tuple):
        return ", ".join(str(_word(v)) for v in value)
    if isinstance(value, str):
        return shown(value)
    return value


# ---------------------------------------------------------------------------
# notes for the GM
# ---------------------------------------------------------------------------

GM_NOTE = {
    GMNoteCode.UNKNOWN_COMPANY: N_("no company {player} in game {game}; section ignored"),
    GMNoteCode.SECTION_REFUSED: N_("a section for {player}: {why}; it does not count"),
    GMNoteCode.GM_SECTION_REFUSED: N_("a GM section that is not the GM's (no GM password, not a --gm file): "
                                      "ignored"),
    GMNoteCode.NO_ORDERS_CARRIED_OUT: N_("{player}: {why}; no orders carried out"),
    GMNoteCode.GM_DICE_IGNORED: N_("the GM's ROLL, RACE and MOVES lines are ignored: this game uses the committed "
                                   "dice"),
    GMNoteCode.WRONG_PHASE: N_("{player}: '{order}' is ignored in the {phase}"),
    GMNoteCode.PREVIEW_MAX_ROLL: N_("manual dice: priced against the largest possible roll where no ROLL was given"),
    GMNoteCode.HOLD_UNKNOWN: N_("HOLD PRESS {player}: no such company in the game; nothing held"),
    GMNoteCode.STANDING_PLAYED: N_("{player}: no orders that count; its standing orders are carried out: {orders}"),
}


def refusal_text(r: Refusal, places: Iterable[MailPlace] = ()) -> str:
    """A player's section that did not count, told to that player (the orders in it are not shown)."""
    why = say(NO_ORDERS, r.why) if r.why else ""
    if any(name == r.pos.file and arrived for name, arrived, _ in places):
        # a mail: maybe another company's, whose mail (and when it came) is none of this player's business
        return _("a section for you in a mail to the GM does not count: {why}").format(why=why)
    at = where(r.pos, places, column=False, player=True)
    return _("a section for you at {where} does not count: {why}").format(where=at, why=why)


PHASES = {"building": N_("building phase"), "racing": N_("racing phase")}
"""The phases, as a note names them."""


def gm_note_text(note: GMNote) -> str:
    """A note for the GM in words, with where it stands in the orders (``file:line: ...``); ``check`` shows it to
    the player too, so an order is in the reader's keywords and a phase in the reader's words."""
    args = {k: say(NO_ORDERS, v) if isinstance(v, Problem) else v for k, v in note.args}
    order, phase = args.get("order"), args.get("phase")
    if isinstance(order, str):
        args["order"] = order_text(order)
    if isinstance(phase, str):
        args["phase"] = _(PHASES[phase])
    text = shown(_(GM_NOTE[note.code]).format(**args))
    return f"{shown(note.pos.short)}: {text}" if note.pos is not None else text


# ---------------------------------------------------------------------------
# the rules block of the opening report: the options of issue 11 a game uses
# ---------------------------------------------------------------------------

RULE_NOTES = {
    "postal": N_("Building: {postal_rolls} common rolls a, b, c a round, published in advance and used in order."),
    "simultaneous": N_("Everybody builds against the track as it stood at the start of the turn."),
    "secret_starts": N_("Start towns are chosen secretly; a town two choose in one turn goes to neither."),
    "contact_fee_at_own_hex": N_("No contact fee where the builder's own track already is."),
    "all_connected_ends_building": N_("Connecting every town does not end the building phase."),
    "player": N_("DECLARE END: {declare_end_after_rounds} rounds after the player who connected the last-but-one "
                 "town."),
    "express": N_("DECLARE END as soon as one town is left; then {express_end_rounds} more rounds."),
    "unused_points_to_account": N_("Unused building points are credited to the account."),
    "overall": N_("Fares: nobody may pay the others more than {fare_cap} more than they pay him."),
    "hexes": N_("Fares: an entry may use at most {fare_cap} hexes of each other company's track."),
    "none": N_("Fares: no cap."),
    "per_move": N_("Fares are paid move by move, after each roll."),
    "running_powers": N_("Two companies may exchange running powers for a race (POWERS)."),
    "reroll": N_("A used race number is rolled again."),
    "paired_tens": N_("The used-number grid has three rows: 1-2, 3-4 and 5-6 (35 also uses up 45)."),
    "dest_uses_per_town": N_("A town is a destination at most {dest_uses_per_town} times."),
    "all": N_("A race runs until every train has arrived."),
    "one_train_per_hex": N_("Two trains may not stop in the same hex."),
    "distance": N_("Prizes: {prize_distance_first}x and {prize_distance_second}x the race's distance."),
    "max_entries": N_("A company enters at most {max_entries} races a turn, one more for every "
                      "{entries_per_carried} carried over."),
    "carry_over": N_("A race nobody enters is run again the next turn."),
    "after_second": N_("Building after a race: the winner, the second, then clockwise."),
    "ten_percent": N_("Building follows every {ten_percent_every} races, with {ten_percent_rate}% of the balance "
                      "(under {ten_percent_low_balance}: {ten_percent_low_amount})."),
    "racing_turns": N_("The game ends after {racing_turns} racing turns."),
    "last_turns": N_("The winner gained most in the last {winner_last_turns} racing turns."),
}


def rule_notes(rules: Rules) -> list[str]:
    """The options added by issue 11 that a game uses, one sentence each (none for a schmidt game)."""
    values = rules.to_dict()
    default = Rules().to_dict()
    described = Rules.LATER_KEYS | {"allowance", "build_order"}
    keys = [k for k in values if k in described and values[k] != default[k]]
    out: list[str] = []
    for key in keys:
        value = values[key]
        note = RULE_NOTES.get(value) if isinstance(value, str) and value in RULE_NOTES else RULE_NOTES.get(key)
        if note is not None and note not in out:
            out.append(note)
    return [_(n).format(**values) for n in out]


# ---------------------------------------------------------------------------
# the GM's corrections
# ---------------------------------------------------------------------------

CORRECTION = {
    "balance": N_("{player} {amount} to the balance"),
    "track-add": N_("a segment of {player} added on {a}-{b}"),
    "track-remove": N_("the segment of {player} on {a}-{b} removed"),
    "rule": N_("rules key {key} set to {value}"),
    "replace": N_("{player} is run by {manager} from now on, with a new password"),
    "retire": N_("{player} is out of play: its track stays, its money is frozen"),
    "lang": N_("{player} reads its reports and mails in {language} from now on"),
    "address": N_("{player}'s mail goes to a new address from now on"),
    "password": N_("{player} has a new password (reset by mail to the address on file)"),
    "caretaker": N_("{player} is played by the caretaker ({value}) from now on"),
}


def correction_text(c: Correction, schedule: Schedule | None = None) -> str:
    """``3. RED -3 to the balance: fee charged twice (GM, 2026-11-23T10:00:00Z)``.

    A deadline setting (``schedule``: the game's, for its time zone) needs no reason.
    """
    if c.kind == "deadline":
        what = setting_text(c, schedule)
    elif c.kind == "caretaker" and not c.value:
        what = _("{player} is played by its owner again, not by the caretaker").format(player=c.player)
    elif c.kind == "lang":
        what = (_(CORRECTION[c.kind]).format(player=c.player, language=language_name(c.value)) if c.value in LANGUAGES
                else _("{player} reads its reports and mails in the game's language again").format(player=c.player))
    else:
        what = _(CORRECTION[c.kind]).format(player=c.player, amount=f"{c.amount:+d}" if c.amount is not None else "",
                                            a=c.a.label if c.a else "", b=c.b.label if c.b else "", key=c.key,
                                            value=c.value, manager=c.manager)
    if not c.why.strip():
        return _("{number}. {what} ({by}, {when})").format(number=c.number, what=what, by=c.by, when=c.when)
    return _("{number}. {what}: {why} ({by}, {when})").format(number=c.number, what=what, why=reason(c.why), by=c.by,
                                                              when=c.when)
