"""The codes of the building engine (the report layer says them in words).

Why a segment is not built, why a START is not carried out, the verdict on
DECLARE END and why the building phase ended.  They live apart from the
engine (``turn.py``, ``ending.py`` re-export them): the phrasebook needs them
in every turn, and a racing turn's process does without the building engine.
"""

from __future__ import annotations

from enum import StrEnum


class BuildProblem(StrEnum):
    """Why a segment is not built (``LineOutcome.problem``)."""

    OFF_MAP = "off-map"  # hex: not on the map
    WATER = "water"  # hex: water
    NOT_NEIGHBOURS = "not-neighbours"  # a, b
    BORDER = "border"  # a, b: a national border
    BEYOND_BORDER = "beyond-border"  # hex, country: advanced rules, the line ended in the first hex beyond
    NO_TRACK_YET = "no-track-yet"  # no network and no start town: give START first
    NOT_ON_NETWORK = "not-on-network"  # hex: the segment does not start on the network
    OWN_TRACK_THERE = "own-track-there"  # the builder already has track on this segment
    POINTS_SHORT = "points-short"  # cost, kind, left: die points
    FEES_OVER_BALANCE = "fees-over-balance"  # fees, balance: no debt allowed
    INCOME_SHORT = "income-short"  # total, cost, fees, left: money after races
    COST_OVER_BALANCE = "cost-over-balance"  # total, balance: no debt allowed
    NOT_WHERE_NETWORKS_MEET = "not-where-networks-meet"  # hex, partners: a joint line starts where both networks meet
    ALL_CONNECTED = "all-connected"  # every numbered town is connected: the building phase is over
    DECLARED_OVER = "declared-over"  # after: the building phase was declared over after that player's build
    GAME_OVER = "game-over"  # players, threshold: a balance reached the threshold, the game is over
    NO_BUILDING_NOW = "no-building-now"  # every: ten_percent, building only after every n-th race
    LAST_RACE = "last-race"  # race: the game ends after this race (fixed_races); nothing is built after it
    JOINT_TURN = "joint-turn"  # partner: the player's roll went into a joint line this turn
    JOINT_UNMATCHED = "joint-unmatched"  # partner: the partner did not order the same joint lines
    JOINT_NOT_NOW = "joint-not-now"  # joint lines only in the building phase, not with postal rolls
    # a BUILD line stopped at a bad point of the order (the order layer's reason; the segments before it are built)
    UNKNOWN_POINT = "unknown-point"  # written: no town of that name and no hex label
    AMBIGUOUS_POINT = "ambiguous-point"  # written, candidates: a name several towns may bear
    SAME_POINT = "same-point"  # hex: the same hex written twice in a row


class Declare(StrEnum):
    """The verdict on DECLARE END (rules-reference.md §2, anti-stalling)."""

    VALID = "valid"  # left (the turn that left one town), wait (rounds played since)
    VALID_AFTER = "valid-after"  # left, player: ends right after that player's build (declare_end: player)
    VALID_EXPRESS = "valid-express"  # rounds, by: that many more rounds, the first started by the declarer
    TOWNS_LEFT = "towns-left"  # count: more than one town is unconnected
    TOO_EARLY = "too-early"  # left, first (the first turn a declaration counts)
    ALREADY = "already"  # by, turn, last: declared before (express); building ends after turn ``last``


class PhaseEnd(StrEnum):
    """Why the building phase ended."""

    ALL_CONNECTED = "all-connected"
    DECLARED = "declared"  # by
    DECLARED_AFTER = "declared-after"  # by, after: declared over, ended after that player's build
    EXPRESS_ROUNDS = "express-rounds"  # by, turn, rounds: the rounds after an Express declaration are played
    ROUNDS_PLAYED = "rounds-played"  # rounds


class StartProblem(StrEnum):
    """Why a START order is not carried out."""

    HAS_TRACK = "has-track"  # START is only for the first building turn
    NOT_A_TOWN = "not-a-town"  # hex
    NOT_A_START_TOWN = "not-a-start-town"  # town, starts (the allowed towns)
    TAKEN = "taken"  # town, by: distinct_starts
    CHOSEN_TWICE = "chosen-twice"  # town, others: secret_starts, several chose it in the same turn
