"""The kernel's envelope of a mail of orders for games of sequential moves (kernel/envelope.py)."""

from __future__ import annotations

from adjudicator.kernel.envelope import MAX_SECTIONS, read_envelope


def test_sections_with_clutter_german_keywords_move_and_check():
    text = ("Hi all!\n\n> PLAYER BLUE PASSWORD quoted-is-ignored\nSPIEL tram\nspieler red passwort ab-cd\nZUG 4\n"
            "6 KURVE 1 LINKS\n# a comment\n\nH GERADE\nENDE\nthis is after the end\n"
            "PLAYER BLUE PASSWORD xy\nCHECK\n5 STATION 3\n-- \nPLAYER GREEN PASSWORD sig\n6 CURVE\n")
    env = read_envelope(text)
    assert env.game == "tram"
    red, blue = env.sections
    assert (red.seat, red.password, red.move, red.check) == ("RED", "ab-cd", 4, False)
    assert red.body == ((7, "6 KURVE 1 LINKS"), (10, "H GERADE"))
    assert (blue.seat, blue.check, blue.body) == ("BLUE", True, ((15, "5 STATION 3"),))
    assert [(p.code, p.line) for p in env.problems] == [("outside", 1), ("outside", 12)]


def test_broken_envelope_lines_are_problems_with_their_line():
    env = read_envelope("PLAYER RED\nGAME\nPLAYER RED PASSWORD pw\nMOVE four\n6 CURVE\n")
    assert [(p.code, p.line) for p in env.problems] == [("player-line", 1), ("game-line", 2), ("move-line", 4)]
    assert env.sections[0].body == ((5, "6 CURVE"),)


def test_too_many_sections_are_not_read():
    text = "".join(f"PLAYER RED PASSWORD guess{i}\n6 CURVE\n" for i in range(MAX_SECTIONS + 1))
    env = read_envelope(text)
    assert env.sections == () and env.problems[0].code == "too-many-sections"
    assert len(read_envelope(text, pasted=True).sections) == MAX_SECTIONS + 1  # the GM's own file of mails


def test_commands_among_greetings_with_german_words_and_a_limit():
    """One command language for every game (kernel/commands.py): greetings and sign-offs around the commands are
    prose; a line the game reads as an order makes the mail an order mail; ten commands are read, the rest
    counted; a line over 300 characters is no command."""
    from adjudicator.interurban.notation import order_like
    from adjudicator.kernel.commands import MAX_COMMANDS, MAX_LINE, Command, read_commands

    found = read_commands(["Hallo!\nHILFE\nstand\nKARTE\nBERICHT 3\nREPORT x\nMAP me\n> STATUS\nGrüße, Anna\n"],
                          order_like)
    assert found is not None and found.commands == (
        Command("help"), Command("status"), Command("map"), Command("report", "3"), Command("map", "me"))
    flood = read_commands(["STATUS\n" * 50], order_like)
    assert flood is not None and len(flood.commands) == MAX_COMMANDS and flood.dropped == 50 - MAX_COMMANDS
    assert read_commands(["HELP\n6 CURVE 1 LEFT\n"], order_like) is None  # an order: no command mail
    assert read_commands(["MAP " + "a" * MAX_LINE + "\n"], order_like) is None


def test_a_sign_off_after_the_orders_is_prose_not_an_order():
    """InterUrban refused a whole move for the sign-off "Anna" or "Cheers, Tom"; the game's reading of an order
    line leaves the prose around a section's orders out (and lines outside any section that are no order are not
    reported)."""
    from adjudicator.interurban.notation import order_like

    env = read_envelope("Hi Bob,\n\nPLAYER RED PASSWORD pw\n6 CURVE 1 LEFT\nH STRAIGHT\n\nCheers, Tom\nAnna\n", order_like)
    (red,) = env.sections
    assert red.body == ((4, "6 CURVE 1 LEFT"), (5, "H STRAIGHT")) and env.problems == ()


def test_a_commands_argument_is_at_most_sixty_characters():
    """docs/rules.md reading 91: a place, an address or a token; a longer argument makes the line no command (a
    100 KB MAP argument was fuzzy-matched against every town while the game's lock was held)."""
    from adjudicator.kernel.commands import MAX_ARG, Command, command_of

    assert command_of("MAP " + "x" * MAX_ARG) == Command("map", "x" * MAX_ARG)
    assert command_of("MAP " + "x" * (MAX_ARG + 1)) is None


def test_the_envelope_keywords_are_written_once_for_every_game():
    """Issue 24: Dampfross's grammar knew KENNWORT, RUNDE and SPIELLEITER, the kernel's envelope (every game of
    moves) did not: the two copies had drifted.  The keywords are now ``grammar/envelope.lark``'s: the order
    grammar imports them and defines none, the kernel reads a line's first word with the same terminals."""
    from importlib import resources

    from adjudicator.dampfross.orders.parse import parse_orders
    from adjudicator.kernel.envelope import named_seats

    grammars = resources.files("adjudicator.grammar")
    orders = grammars.joinpath("orders.lark").read_text(encoding="utf-8")
    envelope = grammars.joinpath("envelope.lark").read_text(encoding="utf-8")
    names = [line.split(".", 1)[0] for line in envelope.splitlines() if line[:1].isupper()]
    assert set(names) >= {"GAME", "TURN", "PLAYER", "PASSWORD", "GM", "END"}
    assert not [n for n in names if f"\n{n}." in orders or f"\n{n}:" in orders]
    assert "%import envelope (" in orders
    text = "Spiel tram\nSpieler red Kennwort ab-cd\nRunde 4\n6 KURVE 1 LINKS\nEnde\n"
    env = read_envelope(text)
    assert (env.game, [(s.seat, s.password, s.move) for s in env.sections]) == ("tram", [("RED", "ab-cd", 4)])
    dampfross = parse_orders("SPIEL tram\nSPIELER RED KENNWORT ab-cd\nRUNDE 4\nPASSE\n", "t.orders")
    assert [(s.player, s.password, s.turn) for s in dampfross.sections] == [("RED", "ab-cd", 4)]
    assert named_seats(["Spielleiter Kennwort x\nspieler blue passwort y\n"]) == ["BLUE", "GM"]


def test_a_turn_line_before_the_player_line_is_the_sections_turn():
    """A Dampfross mail starts GAME, TURN, then PLAYER: the TURN (MOVE) line before a PLAYER line is the move of
    every section after it that names none of its own (it was dropped as "outside", so orders for another turn
    were accepted for this one); a MOVE line right after a PLAYER line is its own section's, and one at the end of
    a section's body, right before the next PLAYER line, is the next section's (as Dampfross's parser reads it)."""
    env = read_envelope("GAME dx\nTURN 4\nPLAYER RED PASSWORD a\nPASS\nPLAYER BLUE PASSWORD b\nRUNDE 5\nPASS\n"
                        "PLAYER NOB PASSWORD c\nPASS\nTURN 6\nPLAYER DEN PASSWORD d\nPASS\nMOVE 7\n")
    assert env.game == "dx" and env.problems == ()
    assert [(s.seat, s.move) for s in env.sections] == [("RED", 4), ("BLUE", 5), ("NOB", 4), ("DEN", 6)]
    assert env.sections[2].body == ((9, "PASS"),)
    assert env.sections[3].body == ((12, "PASS"), (13, "MOVE 7"))  # no PLAYER line after it: the body's
    (red,) = read_envelope("PLAYER RED PASSWORD a\nMOVE 3\nPASS\n").sections
    assert (red.move, red.body) == (3, ((3, "PASS"),))
    bad = read_envelope("TURN four\nPLAYER RED PASSWORD a\nPASS\n")
    assert [(p.code, p.line) for p in bad.problems] == [("move-line", 1)] and bad.sections[0].move is None


def test_a_dampfross_section_is_read_whole_up_to_the_next_player_line():
    """Dampfross reads a section whole (``kernel/envelope.py: WholeSections``; its parser notes the prose it leaves
    out): press items (PRESS ... END PRESS) come after the orders, and END PRESS closes no section; an END closes an
    IF ... END or is a sign-off, never the section; nothing is trimmed as prose; the next PLAYER line, or a GM line,
    ends the section.  Every other game's reading is as before: END ends a section, the prose around the orders is
    left out."""
    from adjudicator.dampfross.orders.parse import ORDER_LINES
    from adjudicator.kernel.envelope import WholeSections

    assert isinstance(ORDER_LINES, WholeSections) and not isinstance(ORDER_LINES.__call__, WholeSections)
    text = ("Hello GM,\nPLAYER RED PASSWORD a\nBUILD Nordstadt - 0403\nPRESS\nDear all,\nthe line is open.\nEnd\n"
            "END PRESS\nCheers, Anna\nEND\nIF 1812 TAKEN THEN\nBUILD Hamburg - 1203\nEND\nPASS\n"
            "PLAYER BLUE PASSWORD b\nPASS\nPRESSE ANONYM\nWho knows?\nGM PASSWORD g\nHOLD PRESS BLUE\n")
    env = read_envelope(text, ORDER_LINES)
    red, blue, gm = env.sections
    # the greeting above the first section is its too (its parser names it as prose: reading 139)
    assert red.body == tuple((n, line) for n, line in enumerate(text.split("\n"), 1) if n == 1 or 3 <= n <= 14)
    assert red.prose == () and env.problems == ()
    assert blue.body == ((16, "PASS"), (17, "PRESSE ANONYM"), (18, "Who knows?"))
    assert (gm.seat, gm.password, gm.body) == ("GM", "g", ((20, "HOLD PRESS BLUE"),))
    # as every other game reads: END PRESS is an END, the item's text prose, the lines after an END outside
    plain = read_envelope(text, ORDER_LINES.__call__)
    assert plain.sections[0].body == ((3, "BUILD Nordstadt - 0403"), (4, "PRESS"))
    assert ("outside", 14) in [(p.code, p.line) for p in plain.problems]


def test_the_press_item_read_by_the_play_as_by_the_mail_path():
    """The section the envelope cuts gives Dampfross's reader the press item and an IF ... END whole
    (``parse_section``), with the note of the prose it leaves out, as ``parse_orders`` reads the same mail."""
    from adjudicator.dampfross.orders.parse import ORDER_LINES, parse_orders, parse_section

    text = ("GAME g\nTURN 2\nPLAYER RED PASSWORD a\nIF 1812 TAKEN THEN\nBUILD Hamburg - 1203\nEND\n"
            "PASS\nPRESS\nExtra! Extra!\nRED wins.\nEND PRESS\nThanks\n")
    (red,) = read_envelope(text, ORDER_LINES).sections
    mine = parse_section("RED", red.body)
    theirs = parse_orders(text, "m")
    assert [o.echo() for o in mine.sections[0].orders] == [o.echo() for o in theirs.sections[0].orders]
    assert [type(o).__name__ for o in mine.sections[0].orders] == ["Conditional", "PassOrder", "PressOrder"]
    assert [getattr(o, "lines", None) for o in mine.sections[0].orders] == \
        [getattr(o, "lines", None) for o in theirs.sections[0].orders]
    assert mine.problems == () and mine.prose == theirs.prose == ((12, "Thanks"),)
    assert red.move == 2


def test_a_pasted_file_is_read_on_after_a_signature_a_mail_is_not():
    """A file the GM pasted together (``adjudicate run FILE``): after a mail's signature ("-- ") reading goes on at
    the next mail's PLAYER or GM line, with the GAME and TURN lines just before it; what stands between is the
    signature's.  A mail's own text ends at its signature (``kernel/mailtext.py``), as before."""
    text = ("GAME g\nTURN 3\nPLAYER RED PASSWORD a\nPASS\n-- \nAnna Schmidt\nBUILD 0101 - 0102\n\nTURN 4\n"
            "PLAYER BLUE PASSWORD b\nPASS\n--\nBob\nGM PASSWORD s\nROLL RED 4\n-- \nTURN 9\nPLAYER NOB PASSWORD c\n"
            "PASS\n")
    pasted = read_envelope(text, pasted=True)
    assert [(s.seat, s.move, s.body) for s in pasted.sections] == [
        ("RED", 3, ((4, "PASS"),)), ("BLUE", 4, ((11, "PASS"),)), ("GM", None, ((15, "ROLL RED 4"),)),
        ("NOB", 9, ((19, "PASS"),))]
    assert pasted.sections[2].password == "s" and pasted.problems == ()
    mail = read_envelope(text)
    assert [(s.seat, s.body) for s in mail.sections] == [("RED", ((4, "PASS"),))]
    gm_file = read_envelope("GM\nROLL RED 6\n", pasted=True)  # the GM's own file (--gm): no password
    assert [(s.seat, s.password, s.body) for s in gm_file.sections] == [("GM", "", ((2, "ROLL RED 6"),))]
    assert read_envelope("GM\nROLL RED 6\n").sections == ()  # in a mail, a GM line needs its password


class _Whole:
    """A game's reading of order lines that reads whole sections (``WholeSections``, as Dampfross's)."""

    def __call__(self, line: str) -> bool:
        return line.split()[0].upper() in ("PASS", "BUILD")

    def ends_section(self, line: str) -> bool:
        return False


def test_a_pasted_files_signature_and_what_follows_it_go_to_a_whole_section_game():
    """A game that reads whole sections gets, in a pasted file, the signature that ends a section's mail and the
    lines below it up to the next mail's GAME, TURN and PLAYER lines (Dampfross's parser notes an order there as
    ignored, as its old format did); the next mail's sections are read as before; another game's are not given
    them, nor is a mail's section (its text ends at the signature: its receipt tells, reading 138)."""
    text = ("GAME g\nTURN 3\nPLAYER RED PASSWORD a\nPASS\n-- \nAnna Schmidt\nBUILD 0101 - 0102\n\nTURN 4\n"
            "PLAYER BLUE PASSWORD b\nPASS\n")
    whole = read_envelope(text, _Whole(), pasted=True)
    assert [(s.seat, s.move, s.body) for s in whole.sections] == [
        ("RED", 3, ((4, "PASS"), (5, "--"), (6, "Anna Schmidt"), (7, "BUILD 0101 - 0102"))),
        ("BLUE", 4, ((11, "PASS"),))]
    assert [s.body for s in read_envelope(text, pasted=True).sections] == [((4, "PASS"),), ((11, "PASS"),)]
    assert [s.body for s in read_envelope(text, _Whole()).sections] == [((4, "PASS"),)]
