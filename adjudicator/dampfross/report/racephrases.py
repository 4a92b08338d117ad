"""The phrasebook of the racing engine: entry problems, entry notes, what happened in a race.

Like ``adjudicator.dampfross.report.phrases``, every sentence is a template marked
with ``N_`` for translation and translated with ``_`` where it is used.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.game.racestate import RaceDraw
from adjudicator.dampfross.game.rules import Rules
from adjudicator.dampfross.game.track import TrackIndex
from adjudicator.dampfross.racing.distance import land_distance
from adjudicator.dampfross.racing.entry import Entry
from adjudicator.dampfross.racing.explain import nobody_could_enter
from adjudicator.dampfross.racing.problems import EntryNote, EntryProblem, NoRoute, RaceCheck, RaceNote
from adjudicator.dampfross.racing.race import RaceOutcome
from adjudicator.dampfross.racing.rounds import MAX_ROUNDS
from adjudicator.dampfross.racing.specials import goal
from adjudicator.dampfross.report.i18n import N_, _, ngettext
from adjudicator.dampfross.report.orderwords import keyword, or_list, order_text
from adjudicator.dampfross.report.phrases import say
from adjudicator.kernel.problems import Problem

ENTRY = {
    EntryProblem.TOO_SHORT: N_("a route needs at least two hexes"),
    EntryProblem.WRONG_START: N_("the route must start at {place}, not at {got}"),
    EntryProblem.WRONG_END: N_("the route must end at {place}, not at {got}"),
    EntryProblem.WRONG_REGION: N_("the route must end in {region}, not at {got}"),
    EntryProblem.REGION_EARLY: N_("the route reaches {region} at {at}, before its end: end it there"),
    EntryProblem.FERRY_NOT_OWNED: N_("{a}-{b}: nobody has bought the ferry {ferry}"),
    EntryProblem.HEX_TWICE: N_("a route may not visit a hex twice: {hexes}"),
    EntryProblem.OWNER_COUNT: N_("{named} owners named for {segments} segments"),
    EntryProblem.NOT_NEIGHBOURS: N_("{a}-{b}: the hexes are not neighbours"),
    EntryProblem.NO_TRACK: N_("{a}-{b}: there is no track"),
    EntryProblem.OWNER_NOT_THERE: N_("{a}-{b}: {owner} has no track there (only {owners})"),
    EntryProblem.FARE_CAP: N_("{amount} in fares to {payee} is more than the cap of {cap}"),
    EntryProblem.FARES_OVER_BALANCE: N_("fares of {fares} exceed the balance of {balance} (no debt allowed)"),
    EntryProblem.RIDERS: N_("a train has one player, or two distinct partners on a joint trip"),
    EntryProblem.ALREADY_RIDING: N_("{players} already rides in another train of this race"),
    EntryProblem.NET_FARE_CAP: N_("would pay {payee} {net} in fares (net), more than the cap of {cap}"),
    EntryProblem.NET_FARES_OVER_BALANCE: N_("fares of {net} (net) exceed your balance of {balance} (no debt allowed)"),
    EntryProblem.FARE_CAP_TOTAL: N_("{amount} in fares is more than the cap of {cap}"),
    EntryProblem.NET_FARE_CAP_TOTAL: N_("would pay {net} more in fares than it receives, more than the cap of {cap}"),
    EntryProblem.TOO_MANY_HEXES: N_("uses {hexes} hexes of {owner}'s track, more than the {cap} allowed"),
}
_OWN_TRACK = N_("the route must use at least one segment of your own track")
_OWN_TRACK_JOINT = N_("the route must use at least one segment of either partner's own track")


def entry_problem(p: Problem[EntryProblem]) -> str:
    """Why an entry does not race, in words."""
    if p.code is EntryProblem.NO_OWN_TRACK:
        return _(_OWN_TRACK_JOINT) if p.get("joint") else _(_OWN_TRACK)
    args: dict[str, Any] = {}
    if p.code in (EntryProblem.WRONG_START, EntryProblem.WRONG_END):
        args["place"] = f"{p['town']} ({p['expected'].label})" if p["town"] else p["expected"].label
    text = say({p.code: ENTRY[p.code]}, Problem(p.code, p.args + tuple(args.items())))
    if p.code in (EntryProblem.NET_FARE_CAP, EntryProblem.NET_FARES_OVER_BALANCE,
                  EntryProblem.NET_FARE_CAP_TOTAL) and p.get("joint"):
        return f"{p['payer']} {text}"
    return text


NOTE = {
    EntryNote.NO_SUCH_RACE: N_("{player}: ENTER {race}: there is no race {race} this turn"),
    EntryNote.PARTNER_MISSING: N_("{player}: ENTER {race} WITH {partner}: {partner} did not order the same joint "
                                  "trip"),
    EntryNote.NO_ROUTE: N_("{train}: ENTER {race} BEST: no valid route over today's track: {why}"),
    EntryNote.POWERS_PARTNER_MISSING: N_("{player}: POWERS {race} WITH {partner}: {partner} did not order the "
                                         "same"),
    EntryNote.POWERS_NOT_IN_RULES: N_("{player}: POWERS {race}: these rules have no running powers"),
    EntryNote.TOO_MANY_ENTRIES: N_("{player}: ENTER {race}: no more than {cap} races a turn"),
}

RACE_CHECK = {
    RaceCheck.NOT_NUMBERED: N_("race {race}: {town} has no town number"),
    RaceCheck.UNCONNECTED: N_("race {race}: {town} is not connected yet"),
    RaceCheck.TOO_CLOSE: N_("race {race}: start and destination are only {distance} hexes apart, at least "
                            "{minimum} needed"),
    RaceCheck.NUMBER_USED: N_("race {race}: number {number} ({town}) is used up"),
    RaceCheck.SPECIAL_NOT_DUE: N_("race {race}: a special run, but under these rules it is an ordinary race"),
    RaceCheck.SPECIAL_DUE: N_("race {race}: a town, but under these rules it is a special run (RACE {race} FROM "
                              "<town> SPECIAL <row>)"),
    RaceCheck.REGION_TOO_CLOSE: N_("race {race}: no hex of {region} is at least {minimum} hexes from the start, "
                                   "so no entry can end there"),
}


def race_warning(p: Problem[RaceCheck]) -> str:
    """What a race the GM gave breaks, in words (it is run as given)."""
    return _("the GM's {text}: run as given").format(text=say(RACE_CHECK, p))


NO_ROUTE = {
    NoRoute.NO_OWN_TRACK: N_("{train} has no track of its own yet"),
    NoRoute.START_UNCONNECTED: N_("no track reaches the start town yet"),
    NoRoute.DEST_UNCONNECTED: N_("no track reaches the destination yet"),
    NoRoute.NOT_CONNECTED: N_("no line of track joins the start to the destination yet"),
    NoRoute.OWN_TRACK_APART: N_("every route from the start to the destination misses its own track (an entry "
                                "uses at least one segment of its own)"),
    NoRoute.BREAKS_A_RULE: N_("the best route found is not valid: {problem}"),
}


def no_route_text(why: Problem[NoRoute], riders: tuple[str, ...]) -> str:
    """Why BEST found no valid route for the train of ``riders``, in words."""
    problem = entry_problem(why["problem"]) if why.code is NoRoute.BREAKS_A_RULE else ""
    return _(NO_ROUTE[why.code]).format(problem=problem, train="+".join(riders))


def entry_note(n: Problem[EntryNote]) -> str:
    """An ENTER order that made no entry, in words."""
    if n.code is not EntryNote.NO_ROUTE:
        return say(NOTE, n)
    args = tuple((k, v) for k, v in n.args if k != "why")
    why = no_route_text(n["why"], n["riders"])
    return say(NOTE, Problem(n.code, (*args, ("train", "+".join(n["riders"])), ("why", why))))


def note_concerns(n: Problem[EntryNote], player: str) -> bool:
    """True when the note is about ``player``'s orders (for the private report)."""
    return player in (n.get("player"), n.get("partner"), *(n.get("riders") or ()))


def entry_text(e: Entry) -> str:
    """The entry as the player wrote it; a route the adjudicator chose says so."""
    if e.chosen:
        return _("{order} (route chosen by the adjudicator)").format(order=order_text(e.text) or keyword("BEST"))
    return order_text(e.text)


RACE_NOTE = {
    RaceNote.START_UNCONNECTED: N_("no track reaches {start} yet"),
    RaceNote.DEST_UNCONNECTED: N_("no track reaches {dest} yet"),
    RaceNote.NOBODY_REACHES_BOTH: N_("no company's track reaches both ends yet"),
    RaceNote.REPEATED: N_("the same trip as race {race}: the dice drew it again"),
    RaceNote.GIVEN_AGAIN: N_("the same trip as race {race}: the GM set it again"),
}

REDRAW_OFF = N_("these house rules draw towns that no track reaches (redraw_unconnected is off; with "
                "redraw_unconnected=true such a town is drawn again)")
NUMBERS_AGAIN = N_("these house rules let a number be drawn again (with numbers_once=true each number is used "
                   "once)")


def race_explained(o: RaceOutcome, track: TrackIndex, gmap: GameMap, rules: Rules,
                   repeats: Mapping[int, Problem[RaceNote]]) -> list[str]:
    """Why a race went as it did beyond its entries: a trip drawn twice in the turn, and for a race nobody
    entered, why nobody could (with the house rule that lets it happen)."""
    out = []
    again = repeats.get(o.draw.number)
    if again is not None:  # a race the GM set twice is no house rule's doing (reading 119)
        drawn = again.code is RaceNote.REPEATED and not rules.numbers_once
        out.append(_(RACE_NOTE[again.code]).format(race=again["race"]) + ("; " + _(NUMBERS_AGAIN) if drawn else ""))
    if o.status in ("lapsed", "carried") and not o.entries:
        why = nobody_could_enter(track, o.draw, goal(gmap, rules, o.draw))
        if why is not None:
            said = _(RACE_NOTE[why.code]).format(start=o.draw.start_town, dest=o.draw.dest_town)
            unconnected = why.code in (RaceNote.START_UNCONNECTED, RaceNote.DEST_UNCONNECTED)
            out.append(said + ("; " + _(REDRAW_OFF) if unconnected and not rules.redraw_unconnected else ""))
    return out


RULE_WARNINGS = {
    "redraw-off": N_("races may be drawn to and from towns that no track reaches, and such a race lapses unless a "
                     "company's track reaches both ends: redraw_unconnected=true draws such a town again"),
}


def race_rule_warnings(rules: Rules) -> list[str]:
    """What the GM is told at ``new`` and ``fix rule`` when the house rules make races unlikely to be run."""
    return [] if rules.redraw_unconnected else [_(RULE_WARNINGS["redraw-off"])]


def repeat_note(d: RaceDraw, repeats: Mapping[int, Problem[RaceNote]]) -> str:
    """An announced race that repeats an earlier trip of its turn, in words (``""``: it does not)."""
    again = repeats.get(d.number)
    return _(RACE_NOTE[again.code]).format(race=again["race"]) if again is not None else ""


def race_notes(o: RaceOutcome) -> list[str]:
    """What else happened in a race: lapsed, a sole entrant, tie rolls, prizes kept, a race stopped."""
    if o.status == "lapsed" and o.entries:  # entries came, none valid (each one's reasons: its private report)
        riders = list(dict.fromkeys(p for e in o.entries for p in e.entry.riders))
        return [ngettext("{companies} entered, but its entry was not valid: the race lapses",
                         "{companies} entered, but no entry was valid: the race lapses",
                         len(riders)).format(companies=", ".join(riders))]
    if o.status == "lapsed":
        return [_("nobody entered: the race lapses")]
    if o.status == "carried":
        return [_("nobody entered: the race is run again next turn")]
    if o.status == "ended":
        return [_("the fares paid before the start ended the game: the race is not run")]
    if o.status == "sole" and not o.placings:  # fares paid move by move ended the game before the prize
        return [_("the game ended during the race: it stops here")]
    if o.status == "sole":
        p = o.placings[0]
        return [_("{train} is the only entrant and gets {prize} without running").format(train=p.train,
                                                                                        prize=p.prize)]
    out = []
    for t in o.ties:
        rolls = ", ".join(_("{train} rolls {value}").format(train=train, value=v) for train, v in t.rolls)
        out.append(_("tie after round {round}: {rolls}").format(round=t.round, rolls=rolls))
    if o.kept_by_bank:
        out.append(_("{amount} of the shared prizes stays with the bank").format(amount=o.kept_by_bank))
    if o.stopped:
        out.append(_("the race was stopped after {rounds} rounds").format(rounds=MAX_ROUNDS))
    if o.ended:
        out.append(_("the game ended during the race: it stops here"))
    return out


# ---------------------------------------------------------------------------
# special runs (advanced rules)
# ---------------------------------------------------------------------------


def special_roll(draw: RaceDraw) -> str:
    """``red 5, white 2`` or ``die 3``: the roll that chose a special run's row (the last one rolled)."""
    dice = [d for d in draw.dice if ":region:" in d.label]
    if dice and ":region:die" in dice[-1].label:
        return _("die {value}").format(value=dice[-1].value)
    if len(dice) >= 2:
        return _("red {red}, white {white}").format(red=dice[-2].value, white=dice[-1].value)
    return _("given by the GM")  # manual dice: RACE n FROM <town> SPECIAL <row> (reading 78)


def special_text(gmap: GameMap, rules: Rules, draw: RaceDraw) -> str:
    """What a special run's entrants may choose: ``special run 5G (red 5, white 2): end in Lübeck or Kiel ...``."""
    table = gmap.special_runs
    if draw.special is None or table is None or draw.special not in table.destinations:
        return ""
    dest = table.destinations[draw.special]
    where = goal(gmap, rules, draw)
    towns = [t for name in dest.towns if (t := gmap.town_named(name)) is not None and t.hex in where]
    places = [t.name for t in towns]
    places += [_("any hex of {country}").format(country=gmap.country_names.get(c, c)) for c in dest.countries]
    area = sorted(h.label for h in dest.hexes if h in where and h not in {t.hex for t in towns})
    if area:
        places.append(_("one of the hexes {hexes}").format(hexes=", ".join(area)))
    return _("special run {key} ({roll}): end in {places}, each entrant's choice, at least {minimum} hexes "
             "from {start}").format(key=draw.special, roll=special_roll(draw), places=or_list(places),
                                    minimum=rules.min_race_distance, start=draw.start_town)


def destination_text(gmap: GameMap, draw: RaceDraw, dest: Hex | None) -> str:
    """Why a special run's entry ends where it does: ``ends at Lübeck (1307), in Ostseehäfen, 7 hexes from Kiel``."""
    if draw.special is None or dest is None:
        return ""
    town = gmap.town_at(dest)
    place = f"{town.name} ({dest.label})" if town else dest.label
    hexes = land_distance(gmap, draw.start_hex, dest)
    if hexes is None:
        return _("ends at {place}, in {region}, across the water from {start}").format(
            place=place, region=draw.dest_town, start=draw.start_town)
    return ngettext("ends at {place}, in {region}, {hexes} hex from {start}",
                    "ends at {place}, in {region}, {hexes} hexes from {start}", hexes).format(
        place=place, region=draw.dest_town, hexes=hexes, start=draw.start_town)
