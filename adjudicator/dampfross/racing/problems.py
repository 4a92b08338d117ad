"""What can be wrong with a race entry, as codes (the report layer says it in words).

Every problem is a ``Problem`` of one of these codes with named arguments;
the comment after each member names them.
"""

from __future__ import annotations

from enum import StrEnum


class EntryProblem(StrEnum):
    """Why an entry does not race (``adjudicator.dampfross.racing.entry.judge_entry`` and the race itself)."""

    TOO_SHORT = "too-short"  # a route needs at least two hexes
    WRONG_START = "wrong-start"  # expected (hex), town (name or None), got (hex)
    WRONG_END = "wrong-end"  # expected, town, got
    WRONG_REGION = "wrong-region"  # region (name), got: a special run must end in its region
    REGION_EARLY = "region-early"  # region, at: the route reaches the region before its last hex
    HEX_TWICE = "hex-twice"  # hexes (the labels visited twice)
    OWNER_COUNT = "owner-count"  # named, segments
    NOT_NEIGHBOURS = "not-neighbours"  # a, b (and no ferry between them)
    FERRY_NOT_OWNED = "ferry-not-owned"  # a, b, ferry: nobody has bought the ferry between the two ports
    NO_TRACK = "no-track"  # a, b
    OWNER_NOT_THERE = "owner-not-there"  # a, b, owner, owners (who has track there)
    NO_OWN_TRACK = "no-own-track"  # joint (bool): no segment of the riders' own track
    FARE_CAP = "fare-cap"  # payee, amount, cap: the route alone pays one rival more than the cap
    FARES_OVER_BALANCE = "fares-over-balance"  # fares, balance: no debt allowed
    RIDERS = "riders"  # a train has one player, or two distinct partners
    ALREADY_RIDING = "already-riding"  # players: already in another train of this race
    NET_FARE_CAP = "net-fare-cap"  # payer, payee, net, cap, joint (bool): after set-off with the other entries
    NET_FARES_OVER_BALANCE = "net-fares-over-balance"  # payer, net, balance, joint: no debt allowed
    FARE_CAP_TOTAL = "fare-cap-total"  # amount, cap: the route alone pays more than the cap in all (overall)
    NET_FARE_CAP_TOTAL = "net-fare-cap-total"  # payer, net, cap, joint: pays the others more than the cap more
    # than they pay him (overall, seed 004)
    TOO_MANY_HEXES = "too-many-hexes"  # owner, hexes, cap: more hexes of one rival's track than the cap (postal)


class NoRoute(StrEnum):
    """Why ``ENTER <race> BEST`` found no valid route (``adjudicator.dampfross.racing.noroute.why_no_route``)."""

    NO_OWN_TRACK = "no-own-track"  # the riders have no segment of their own anywhere
    START_UNCONNECTED = "start-unconnected"  # no track of anyone's touches the start
    DEST_UNCONNECTED = "dest-unconnected"  # no track of anyone's touches the destination (or its region)
    NOT_CONNECTED = "not-connected"  # track touches both, but no line of track joins them
    OWN_TRACK_APART = "own-track-apart"  # they are joined, but no route between them uses the riders' own track
    BREAKS_A_RULE = "breaks-a-rule"  # problem (an EntryProblem of the best route found)


class RaceNote(StrEnum):
    """Why a race went as it did, beyond its entries (``adjudicator.dampfross.racing.explain``)."""

    START_UNCONNECTED = "start-unconnected"  # no track reaches the start yet
    DEST_UNCONNECTED = "dest-unconnected"  # no track reaches the destination (a special run: its region) yet
    NOBODY_REACHES_BOTH = "nobody-reaches-both"  # track reaches both, but no company's reaches both
    REPEATED = "repeated"  # race: the same start and destination as an earlier race of the turn
    GIVEN_AGAIN = "given-again"  # race: the same, as the GM set the races (manual dice, reading 119)


class EntryNote(StrEnum):
    """An ENTER order that makes no entry at all (``RacingResult.entry_notes``)."""

    NO_SUCH_RACE = "no-such-race"  # player, race
    PARTNER_MISSING = "partner-missing"  # player, race, partner: the partner did not order the same trip
    NO_ROUTE = "no-route"  # riders, race, why (a Problem[NoRoute]): ENTER ... BEST found no valid route
    POWERS_PARTNER_MISSING = "powers-partner-missing"  # player, race, partner: running powers need both orders
    POWERS_NOT_IN_RULES = "powers-not-in-rules"  # player, race: these rules have no running powers
    TOO_MANY_ENTRIES = "too-many-entries"  # player, race, cap: more races entered this turn than allowed (postal)


class RaceCheck(StrEnum):
    """What is wrong with a race the GM gave (manual dice): a warning, the race is run as given."""

    NOT_NUMBERED = "not-numbered"  # race, town: start or destination is a town without a number
    UNCONNECTED = "unconnected"  # race, town: no track reaches it yet
    TOO_CLOSE = "too-close"  # race, distance, minimum: start and destination nearer than the rules allow
    NUMBER_USED = "number-used"  # race, number, town: numbers_once, the number is used up
    SPECIAL_NOT_DUE = "special-not-due"  # race: a special run given for a race that is not one (or none in play)
    SPECIAL_DUE = "special-due"  # race: a town given for a race that is a special run
    REGION_TOO_CLOSE = "region-too-close"  # race, region, minimum: no hex of the region far enough from the start
