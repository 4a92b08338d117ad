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
