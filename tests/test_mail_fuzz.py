"""A bounded run of the mail fuzzer (``tools/fuzz/mail.py``) against every game, and tests of its judge.

Generated, mutated and hostile mails (issue 24: forged From headers, 45 attachments of wrong passwords, floods
of commands and password resets, a huge MAP argument, SET ADDRESS to a third party, auto-replies without RFC
3834 headers, control and bidi characters, greetings and sign-offs, spam; ``tools/fuzz/mails.py``, at the CI's
``SMALL`` sizes) go through a real tick of two games by mail.  Asserted: what the always-on judgements find (no
traceback, no fault, no hang, no change a mail may not make, no leak).  The budget judgements (one reply per
mail, accepted orders never voided, 80 columns, no raw control characters) are asserted too
(``tools.fuzz.mail.BUDGETS``, on since the one postal loop kept them).  ``bench/bench_mailfuzz.py`` runs 20,000 mails a game and more.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.fuzz.mail import BUDGETS, MailTally, MailTarget, fuzz_mail
from tools.fuzz.mailgames import GAMES, mail_target
from tools.fuzz.mails import KINDS

MAILS_PER_GAME = 200


@pytest.mark.parametrize("game", sorted(GAMES))
def test_fuzzed_and_hostile_mails_never_stop_a_game_leak_or_change_it(tmp_path: Path, game: str) -> None:
    tally = fuzz_mail(mail_target(game, tmp_path), MAILS_PER_GAME, seed_value=24, hostile_share=0.25)
    assert tally.mails == MAILS_PER_GAME and tally.answered > MAILS_PER_GAME // 4
    assert set(tally.kinds) == {"random", *KINDS}  # every hostile kind was thrown
    assert tally.found == [], tally.summary() + "\n\n" + "\n\n".join(
        f"[{f.code}, {f.kind}]\n{f.detail}" for f in tally.found[:5])


@pytest.fixture(scope="module")
def judged(tmp_path_factory: pytest.TempPathFactory) -> MailTarget:
    return mail_target("dampfross", tmp_path_factory.mktemp("judge"), budgets=True)


def test_two_replies_to_one_address_are_a_finding_the_clocks_mails_are_not(judged: MailTarget) -> None:
    tally = MailTally()
    judged._judge_budgets([{"kind": "receipt", "to": ["anna@example.org"]},
                           {"kind": "report", "to": ["anna@example.org"]},
                           {"kind": "answer", "to": ["gm@dampfross.example.org"]}], b"x", tally, "commands")
    assert tally.found == []
    judged._judge_budgets([{"kind": "receipt", "to": ["anna@example.org"]},
                           {"kind": "answer", "to": ["ANNA@example.org"]}], b"x", tally, "commands")
    assert [(f.code, f.kind) for f in tally.found] == [("replies", "commands")]
    assert "2 replies to anna@example.org" in tally.found[0].detail


def test_orders_that_counted_before_a_mail_are_judged(judged: MailTarget) -> None:
    """The example's RED and BLUE sent orders that count; the judge sees them (and would see them go)."""
    assert judged.accepted == {"RED turn 1", "BLUE turn 1"}
    assert judged.game.accepted(judged.games[0]) == judged.accepted


def test_the_budget_judgements_are_on() -> None:
    assert BUDGETS, "the one postal loop keeps the budgets: the fuzzer judges them in CI"
