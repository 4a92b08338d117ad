"""The sentences of the order language: one per problem, hint and note code.

Three tables, ``PROBLEMS``, ``HINTS`` and ``NOTES`` (one entry per member of
``ProblemCode``, ``HintCode``, ``NoteCode``; ``tests/test_orders_codes.py``
checks that none is missing), each sentence a template whose
``{placeholders}`` are the code's argument names, wrapped in ``N_()`` for
the catalogues.  ``report/orderwords.py`` translates and fills them.
"""

from __future__ import annotations

from adjudicator.dampfross.orders.codes import HintCode, NoteCode, ProblemCode
from adjudicator.dampfross.report.i18n import N_

P = ProblemCode
H = HintCode

PROBLEMS: dict[ProblemCode, str] = {
    # the beginning of a line
    P.PASSWORD_OFF_PLAYER_LINE: N_("{word} belongs on the PLAYER line"),
    P.KEYWORD_CANNOT_BEGIN_LINE: N_("{word} cannot begin a line; an order line starts with {orders}"),
    P.MISSPELT_ORDER: N_("unknown order '{word}'"),
    P.UNKNOWN_ORDER: N_("unknown order '{word}': an order line starts with {orders}"),
    P.LINE_BEGINS_WITH_POINT: N_("a line cannot begin with a point; an order line starts with {orders}"),
    # points and paths
    P.EXPECTED_POINT: N_("expected a point after {keyword}: a hex label such as 0712, or a town name"),
    P.EXPECTED_POINT_AFTER_DASH: N_("expected a point after '-': a hex label or a town name"),
    P.EXPECTED_POINT_AFTER_OWNER: N_(
        "expected a point after '-{owner}-': a route ends with its destination, and an owner stands between two points"
    ),
    P.EXPECTED_DASH: N_("expected '-' between two points, or the end of the line"),
    P.SINGLE_POINT: N_("{keyword} names a single point; expected the end of the line"),
    P.TOO_FEW_POINTS: N_("{keyword} needs at least two points joined by '-'"),
    P.ROUTE_TOO_SHORT: N_("a route needs at least two points, its start and its destination, joined by '-'"),
    # GAME, TURN, PLAYER, DECLARE END, PASS, ROLL
    P.EXPECTED_TURN_NUMBER: N_("expected the turn number after {keyword}"),
    P.TEXT_AFTER_TURN: N_("expected the end of the line after the turn number"),
    P.EXPECTED_GAME_ID: N_("expected the game's id after {keyword}"),
    P.TEXT_AFTER_GAME_ID: N_("expected the end of the line after the game's id (it is one word)"),
    P.EXPECTED_PLAYER_ID: N_("expected the player's ID after {keyword} (the company's short name, such as RED)"),
    P.EXPECTED_PASSWORD_KEYWORD: N_("expected PASSWORD after the player's ID"),
    P.EXPECTED_PASSWORD: N_("expected the password after {keyword}"),
    P.TEXT_AFTER_PASSWORD: N_("expected the end of the line after the password (a password is one word)"),
    P.EXPECTED_END: N_("expected END after {keyword}"),
    P.STANDS_ALONE: N_("{keyword} stands alone on its line; expected the end of the line"),
    P.BARE_END: N_("{keyword} alone does not declare the end of the building phase"),
    P.EXPECTED_ROLL_PLAYER: N_("expected the player's ID after {keyword}"),
    P.EXPECTED_ROLL_NUMBER: N_("expected the number rolled after the player's ID"),
    P.TEXT_AFTER_ROLL: N_("expected the end of the line after the number rolled"),
    P.EXPECTED_FERRY: N_("expected FERRY after {keyword}: only ferries can be bought"),
    P.EXPECTED_PORT: N_("expected the ferry's port after {keyword} FERRY"),
    P.TEXT_AFTER_FERRY: N_("expected the end of the line: a ferry is named by its port, or by both its ports"),
    # ENTER, RACE, MOVES
    P.EXPECTED_ENTER_RACE: N_("expected the race number after {keyword}, as printed in the report"),
    P.EXPECTED_ENTER_MODE: N_("expected ROUTE, BEST or WITH after the race number"),
    P.EXPECTED_PARTNER: N_("expected the partner's ID after {keyword}: the company you ride with"),
    P.EXPECTED_PARTNER_MODE: N_("expected ROUTE or BEST after the partner's ID"),
    P.OWNER_BEFORE_START: N_("a route cannot begin with an owner: '-{owner}-' names whose line runs between two "
                             "points"),
    P.EXPECTED_ROUTE_START: N_("expected the route's start after {keyword}: a hex label such as 0712, or a town name"),
    P.TEXT_AFTER_BEST: N_("expected the end of the line after BEST: the adjudicator chooses the route"),
    P.EXPECTED_RACE_NUMBER: N_("expected the race number after {keyword}"),
    P.EXPECTED_FROM: N_("expected FROM after the race number"),
    P.EXPECTED_RACE_START: N_("expected the race's start after {keyword}: a town name or a hex label"),
    P.EXPECTED_TO: N_("expected TO between the race's start and its destination"),
    P.EXPECTED_RACE_DESTINATION: N_("expected the race's destination after {keyword}: a town name or a hex label"),
    P.TEXT_AFTER_RACE: N_(
        "expected the end of the line after the race's destination (RACE names one start and one destination)"
    ),
    P.EXPECTED_SPECIAL_ROW: N_("expected the row of the special-run table the dice gave after {keyword}, such as 3 "
                               "or 5G"),
    P.EXPECTED_MOVES_PLAYER: N_("expected the player's ID after the race number"),
    P.EXPECTED_MOVES_ROLLS: N_("expected the rolls after the player's ID, in digits"),
    P.EXPECTED_ROLL_OR_END: N_("expected another roll or the end of the line"),
    P.EXPECTED_BUILD_PARTNER: N_("expected the partner's ID after {keyword}: the company you build the joint line "
                                 "with"),
    P.EXPECTED_POWERS_RACE: N_("expected the race number after {keyword}, as printed in the report"),
    P.EXPECTED_POWERS_WITH: N_("expected WITH and the partner's ID after the race number"),
    P.EXPECTED_POWERS_PARTNER: N_("expected the partner's ID after {keyword}: the company you exchange running "
                                  "powers with"),
    P.TEXT_AFTER_POWERS: N_("expected the end of the line after the partner's ID"),
    P.EXPECTED_STANDING_ORDER: N_("expected ENTER ALL BEST, PASS or CANCEL after {keyword}"),
    P.EXPECTED_STANDING_ALL_BEST: N_("a standing race entry is for every race: expected ALL BEST after "
                                     "{keyword} ENTER"),
    P.EXPECTED_STANDING_MIN: N_("expected MIN and the least expected profit in digits after ALL BEST, or the end "
                                "of the line"),
    P.TEXT_AFTER_STANDING: N_("expected the end of the line after the standing order"),
    P.STANDING_MIN_TOO_HIGH: N_("MIN {minimum} is more than any race is expected to pay: at most {limit}"),
    # lines the table of sample mistakes does not foresee
    P.UNEXPECTED_TEXT: N_("expected {expected}, not '{found}'"),
    P.UNEXPECTED_END: N_("expected {expected}, not the end of the line"),
    # labels, numbers and owners
    P.NOT_A_LABEL: N_("'{label}' is not a hex label: a label has four digits, two for the column and two for the row"),
    P.LABEL_FROM_ZERO: N_("'{label}' is not a hex label: columns and rows are numbered from 01"),
    P.PLAYER_WITHOUT_PASSWORD: N_("{keyword} line without PASSWORD"),
    P.TURN_ZERO: N_("turns are counted from 1, not {turn}"),
    P.IMPOSSIBLE_ROLL: N_("a roll of {roll} is impossible: one die gives 1 to 6, two dice 2 to {max}"),
    P.NO_SUCH_RACE: N_("there is no race {race}: races are numbered 1 to {max}"),
    P.IMPOSSIBLE_MOVE: N_("a roll of {roll} is impossible: a die gives 1 to {max}"),
    P.OWNER_IN_BUILD: N_(
        "'{owner}' names the owner of a segment, which only a race route does (ENTER ... ROUTE); "
        "BUILD builds your own line"
    ),
    P.ROUTE_BEGINS_WITH_OWNER: N_(
        "a route cannot begin with an owner: -{owner}- names whose line runs between the two points around it"
    ),
    P.ROUTE_ENDS_WITH_OWNER: N_(
        "a route cannot end with an owner: -{owner}- names whose line runs between the two points around it"
    ),
    P.TWO_OWNERS: N_("two owners named for one segment: {owners}"),
    # sections and files
    P.ORDER_BEFORE_PLAYER: N_("{order} before any PLAYER line: whose order is it?"),
    P.PLAYER_ORDER_IN_GM_SECTION: N_("{order} in the GM's section: a player's order belongs after their PLAYER line"),
    P.GM_ORDER_OUTSIDE_GM_SECTION: N_("{order} belongs in the GM's section"),
    P.GAME_MISMATCH: N_("GAME {value} does not match game {expected} ({source})"),
    P.TURN_MISMATCH: N_("TURN {value} does not match turn {expected} ({source})"),
    P.MISSING_FILE: N_("no such file or directory"),
    P.NO_ORDER_FILES: N_("no order files ({patterns}) in directory"),
    P.UNREADABLE_FILE: N_("cannot read the file: {reason}"),
    P.FILE_TOO_BIG: N_("the file has {size} bytes, more than the {limit} an order mail may have; it is not read"),
    P.LINE_TOO_LONG: N_("the line has {length} characters, more than the {limit} an order may have; it is not "
                        "read"),
    P.TOO_MANY_LINES: N_("more than {limit} lines: the rest of the file is not read"),
    P.TOO_MANY_PROBLEMS: N_("{more} more problems in this file are not listed (the first {shown} are)"),
    P.NUMBER_TOO_LONG: N_("a number of {digits} digits ({number}...) is far too long"),
    # the map
    P.UNKNOWN_TOWN: N_("no town called '{written}' on the map {map}"),
    P.AMBIGUOUS_TOWN: N_("'{written}' could be {candidates}"),
    P.NOT_ON_MAP: N_("{label} is not on the map {map} (columns 01 to {columns:02d}, rows 01 to {rows:02d})"),
    P.SAME_HEX: N_("{point} is the same hex as the point before it"),
    P.LINE_LEAVES_MAP: N_("the straight line from {start} to {end} leaves the map at {off}"),
    P.NOT_NEIGHBOURS: N_("{start} and {end} are not neighbours (nor on one straight hex line)"),
    P.RACE_TO_ITSELF: N_("race {race} cannot end where it starts, at {point}"),
    P.NO_SPECIAL_RUNS: N_("race {race}: the map {map} has no special runs"),
    P.UNKNOWN_SPECIAL_ROW: N_("race {race}: the special-run table of {map} has no row {row}"),
    P.RIDE_WITH_ITSELF: N_("{company} cannot ride with itself"),
    P.UNKNOWN_PARTNER: N_("no company {company} in this game to ride with"),
    P.WITH_ITSELF: N_("{keyword} WITH {company}: a company cannot be its own partner"),
    P.UNKNOWN_WITH: N_("{keyword} WITH {company}: no company {company} in this game"),
    P.UNKNOWN_COMPANY: N_("no company {company} in this game: -({company})- names the company whose line a segment "
                          "uses"),
    # orders that think (issue 27)
    P.EXPECTED_CHEAPEST_FROM: N_("expected FROM and a point after {keyword} CHEAPEST"),
    P.EXPECTED_CHEAPEST_TO: N_("expected TO and a point after the start of BUILD CHEAPEST"),
    P.EXPECTED_CHEAPEST_MAX: N_("expected MAX and the most points in digits, or the end of the line, after the end "
                                "point of BUILD CHEAPEST"),
    P.EXPECTED_CONDITION: N_("expected a condition after {keyword}"),
    P.TEXT_AFTER_CONDITION: N_("expected THEN or the end of the line after the condition"),
    P.TEXT_AFTER_ELSE: N_("ELSE stands on a line of its own: expected the end of the line"),
    P.CHEAPEST_SAME_ENDS: N_("BUILD CHEAPEST from {point} to the same hex: nothing to build"),
    P.CONDITION_NEEDS_TOWN: N_("{point} is no town: CONNECTED and RACE ask about a town"),
    P.CONDITION_UNKNOWN_COMPANY: N_("STANDBY {company}: no company {company} in this game"),
    P.IF_TOO_DEEP: N_("an IF inside {limit} IFs already: IFs nest at most {limit} deep"),
    P.TOO_MANY_CONDITIONS: N_("more than {limit} IF lines: a section may hold at most {limit}"),
    P.CONDITIONAL_TOO_LONG: N_("more than {limit} orders inside one IF ... END"),
    P.ELSE_WITHOUT_IF: N_("{keyword} without an IF before it"),
    P.SECOND_ELSE: N_("a second {keyword} in the same IF (the first is on line {first})"),
    P.IF_NOT_CLOSED: N_("the IF of line {line} is not closed by END: nothing of it is carried out"),
    P.NOT_IN_CONDITIONAL: N_("{order} cannot stand inside IF ... END"),
    P.TOO_MANY_CHEAPEST: N_("more than {limit} BUILD CHEAPEST lines: a section may hold at most {limit}"),
    P.CONDITIONAL_DROPPED: N_("the IF of line {line} is not carried out at all: a line inside it has a problem"),
}
"""One sentence per problem code."""

HINTS: dict[HintCode, str] = {
    H.DID_YOU_MEAN: N_("did you mean {options}?"),
    H.WRITE: N_("write {line}"),
    H.REMOVE: N_("remove '{text}'"),
    H.REMOVE_OR_COMMENT: N_("remove '{text}' or put it after '#'"),
    H.COMMENT_REMARKS: N_("put remarks after '#', which starts a comment"),
    H.MOVE_TO_PLAYER_LINE: N_("write PLAYER <ID> {line}"),
    H.ADD_DESTINATION_OR_REMOVE_OWNER: N_("add the destination or remove '-{owner}-'"),
    H.REMOVE_TRAILING_DASH: N_("remove the '-' at the end or add the next point"),
    H.ADD_NEXT_POINT: N_("write {line} - <next point>"),
    H.NUMBER_IN_DIGITS: N_("write the number in digits, e.g. {example}"),
    H.EXAMPLE: N_("e.g. {example}"),
    H.PLAYER_LINE_FORM: N_("write {keyword} <ID> PASSWORD <password>"),
    H.ADD_PASSWORD: N_("write {line} PASSWORD <your password>"),
    H.DECLARE_END_FORM: N_("write DECLARE END (ERKLÄRE ENDE)"),
    H.ROLL_FORM: N_("write {keyword} <ID> <number>, e.g. {keyword} RED 4"),
    H.STANDING_FORM: N_("write {keyword} ENTER ALL BEST MIN <n>, {keyword} PASS or {keyword} CANCEL"),
    H.FERRY_FORM: N_("write {keyword} FERRY <port>, or {keyword} FERRY <port> - <port> where several ferries "
                     "share a port"),
    H.ADD_RACE_NUMBER: N_("write {keyword} <race> {rest}"),
    H.ENTER_FORM: N_("write {keyword} <race> ROUTE <start> - ... - <destination>"),
    H.ROUTE_OR_BEST: N_("write {line} ROUTE <start> - ... - <destination>, or {line} BEST"),
    H.JOINT_TRIP: N_("for a joint trip write {line}"),
    H.ADD_ID: N_("write {line} <ID> {rest}"),
    H.ADD_PARTNER_AND_ROUTE: N_("write {line} <ID> ROUTE <start> - ... - <destination>"),
    H.START_FIRST: N_("write the start first: {line} <start> {route}"),
    H.GIVE_ROUTE: N_("to give the route yourself, write {line}"),
    H.RACE_FORM: N_("write {keyword} <number> FROM <start> TO <destination>"),
    H.ADD_FROM: N_("write {line} FROM <start> {rest}"),
    H.ADD_FROM_AND_TO: N_("write {line} FROM <start> TO <destination>"),
    H.ADD_TO: N_("write {line} TO <destination>"),
    H.ADD_MOVES_RACE: N_("write {keyword} <race> {rest}, e.g. {keyword} 1 RED 3 5 2"),
    H.MOVES_FORM: N_("write {keyword} <race> <ID> <rolls>, e.g. {keyword} 1 RED 3 5 2"),
    H.ROLLS_ONE_BY_ONE: N_("write them one by one, e.g. {line} 3 5 2"),
    H.ROLLS_APART: N_("write the rolls apart, with spaces only: {line}"),
    H.ONE_ROLL_PER_NUMBER: N_("write one roll per number, apart: {line}"),
    H.RACE_AS_PRINTED: N_("write the race's number as printed in the report"),
    H.REMOVE_OWNER_FROM_BUILD: N_("remove '{owner}' and a dash next to it"),
    H.OWNER_BETWEEN_POINTS: N_("write the owner between two points, e.g. 0712 -{owner}- 0713"),
    H.ONE_OWNER: N_("name one owner between two points"),
    H.LABEL_FORM: N_("write a label as CCRR, e.g. 0712"),
    H.BEGIN_WITH_PLAYER: N_("begin each player's orders with PLAYER <ID> PASSWORD <password>"),
    H.PLAYER_LINE_BEFORE: N_("write PLAYER <ID> PASSWORD <password> before it"),
    H.ADD_GM_LINE: N_("put a line GM before the GM's {order} lines"),
    H.OLD_TURN: N_("are these orders from another game or an old turn?"),
    H.OTHER_GAME: N_("are these orders for another game?"),
    H.FULL_NAME_OR_LABEL: N_("write the town's full name or its hex label"),
    H.TOWNS_ARE: N_("the towns are {towns}"),
    H.LABEL_INSTEAD: N_("write the hex label instead"),
    H.SWAPPED_LABEL: N_("did you mean {label}? (column and row swapped)"),
    H.NEAREST_HEX: N_("the nearest hex on the map is {label}"),
    H.LEAVE_ONE_OUT: N_("leave one of them out"),
    H.HEX_BY_HEX: N_("name the hexes one by one"),
    H.NEIGHBOURS: N_("the neighbours of {hex} are {neighbours}{between}"),
    H.RACE_TWO_TOWNS: N_("a race runs between two different towns"),
    H.SPECIAL_ROWS: N_("its rows are {rows}"),
    H.PARTNER_AFTER_WITH: N_("name the partner's company after WITH, or leave WITH out"),
    H.BUILD_WITH_FORM: N_("write {keyword} WITH <ID> <point> - <point> ... (both partners order the same line)"),
    H.POWERS_FORM: N_("write {keyword} <race> WITH <ID> (both companies order it)"),
    H.COMPANIES_ARE: N_("the companies are {companies}"),
    H.COMPANY_AS_OWNER: N_("did you mean the company {company}? An owner is written -{company}- between two points"),
    H.COMPANY_NEEDS_DASHES: N_(
        "{company} is a company: to name the owner of a segment, write -{company}- between two points, no spaces"
    ),
    H.CHEAPEST_FORM: N_("write {keyword} CHEAPEST FROM <point> TO <point>, or add MAX <n>"),
    H.CONDITION_FORMS: N_("a condition is <point> TAKEN, <point> - <point> TAKEN, <town> CONNECTED, BALANCE AT LEAST "
                          "<n>, RACE <n> FROM <town>, RACE <n> TO <town> or STANDBY <ID>, NOT before it if you wish"),
    H.CONDITIONAL_FORM: N_("write IF <condition> THEN, the orders, perhaps ELSE and orders, then END, each on a "
                           "line of its own"),
    H.ONLY_BUILD_OR_ENTER: N_("inside IF ... END stand BUILD, BUILD CHEAPEST, ENTER and further IFs"),
}
"""One sentence per hint code."""

NOTES: dict[NoteCode, str] = {
    NoteCode.SIGNATURE_IGNORES: N_("{ignored} ignored: the signature line '-- ' at line {signature} ends the mail"),
    NoteCode.QUOTED_MAIL: N_("the mail you answered, quoted from here on, was not read"),
    NoteCode.SECTION_EMPTY: N_("the section for {player} holds no orders"),
    NoteCode.IGNORED_TEXT: N_("{lines} not orders: ignored (greetings and remarks are welcome there)"),
    NoteCode.BARE_END_IGNORED: N_(
        "'{keyword}' at line {line} is read as a sign-off, not as the end of the building phase; to declare "
        "that, write DECLARE END (ERKLÄRE ENDE)"
    ),
    NoteCode.ENTRY_REPLACED: N_("ENTER for race {race} at {replaced} is replaced by this one (the last one counts)"),
    NoteCode.SECTION_REPLACED: N_("the section for {player} at {replaced} is replaced by this one (the last one "
                                  "counts)"),
    NoteCode.ROLL_REPLACED: N_("ROLL for {player} at {replaced} is replaced by this one"),
    NoteCode.RACE_REPLACED: N_("RACE {race} at {replaced} is replaced by this one"),
    NoteCode.MOVES_REPLACED: N_("MOVES for {player} in race {race} at {replaced} is replaced by this one"),
    NoteCode.HOLD_REPEATED: N_("HOLD PRESS {player} is given at {replaced} already"),
    NoteCode.NOT_UTF8: N_("not UTF-8; read as {encoding}"),
    NoteCode.UNDERSTOOD_AS: N_("'{written}' understood as {point}"),
    NoteCode.STRAIGHT_LINE: N_("{start} - {end} taken as the straight line {hexes}"),
    NoteCode.OWNER_READ_AS_COMPANY: N_(
        "-{written}- read as the owner {company}, not the town {town}; for the town write ' - {written} - ' with spaces"
    ),
}
"""One sentence per note code."""
