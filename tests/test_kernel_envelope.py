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


def test_commands_one_a_line_with_german_words_and_a_limit():
    from adjudicator.kernel.envelope import MAX_COMMANDS, read_commands

    assert read_commands("Hallo!\nHILFE\nstand\nKARTE\nBERICHT 3\nREPORT x\nMAP me\n> STATUS\n") == [
        ("help", None), ("status", None), ("map", None), ("report", 3)]
    assert len(read_commands("STATUS\n" * 50)) == MAX_COMMANDS
