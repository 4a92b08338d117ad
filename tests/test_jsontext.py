"""``kernel.jsontext.indented`` writes the very text of ``json.dumps(doc, ensure_ascii=False, indent=1)`` (issue 18:
the game file is written by the C encoder; the archive's bytes and its SHA-256 chain must not change)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from adjudicator.dampfross.app.oldformat import OldGame
from adjudicator.dampfross.game import gamefile
from adjudicator.kernel.jsontext import indented

GOLDEN = Path(__file__).parent / "fixtures" / "old-format"  # the example as the old format kept it: every state

AWKWARD = [
    {},
    [],
    "ä\n\"}],\n {",
    {"a": [], "b": {}, "c": [{}], "d": [[]], "e": [[1, 2], {"x": None}], "f": True, "g": 1.5, "h": -0.0},
    {"nested": {"deeper": {"deepest": [1, "two", False, None, {"k": "\u2028 \x00 ]}"}]}}},
    [{"one": 1}, {"two": [2, {"three": 3}]}, "scalar", 4, [5, []]],
    {"ключ": "значение", "emoji": "\U0001F682", "tab\t": "line\nbreak", "": ""},
    {1: "an int key", False: "a bool key", None: "null key", 2.5: {"x": 1}},
    {"float": [0.1, 1e300, 3.0], "big": 10**30},
    {"rows": [{"a": 1, "b": "},\n  {"}, {"a": "}", "b": "{"}, {"c": None}], "more": [[{"x": 1}, {"y": [2]}]]},
    [{"one": 1}], [{"one": 1}, {}], [{"a": {}}, {"b": 2}], [{"s": "\u2028},\n {"}, {"t": True, "u": 1.5}],
    # records holding containers of scalars (a ledger entry's segment, a history entry's balances), the
    # placeholder's own mark in a string of them, empty containers, tuples, keys that are no strings
    {"ledger": [{"turn": 1, "segment": ["1913", "2013"], "at": "2013"}, {"turn": 2, "amount": 5},
                {"first": [], "second": ["RED"], "balances": {"RED": 26, "BLUE": -3}, "none": {}}]},
    [{"a": ["\uffff0\uffff", "x"]}, {"b": "\uffff"}], [{"a": ["y"], "b": "\uffff0\uffff"}],
    [{"t": (1, "two", None)}, {"d": {1: True, None: 1.5}}, {"e": [{"deep": 1}]}],
]


@pytest.mark.parametrize("doc", AWKWARD)
def test_awkward_documents_are_written_as_the_standard_encoder_writes_them(doc):
    assert indented(doc) == json.dumps(doc, ensure_ascii=False, indent=1)


def test_every_state_of_the_golden_game_is_written_byte_for_byte():
    gdir = OldGame(GOLDEN / "example")
    texts = [gdir.archived_text(step, "after") for step in gdir.steps()]
    assert len(texts) == 8 and texts[-1] == gdir.game_file.read_text(encoding="utf-8")
    for text in texts:
        doc = json.loads(text)
        assert indented(doc) + "\n" == text
        assert indented(doc) == json.dumps(doc, ensure_ascii=False, indent=1)


def test_states_written_one_after_another_reuse_only_the_entries_that_are_the_same():
    """``gamefile.dumps`` keeps the JSON and the text of the entries it wrote last (a process of many turns); the
    states of the golden game written forward, backward and in a jumble each come out as their archived text, and
    a state whose ledger shares only its first entries with the one before, or none, as the standard encoder
    writes it."""
    gdir = OldGame(GOLDEN / "example")
    texts = [gdir.archived_text(step, "after") for step in gdir.steps()]
    states = [gamefile.loads(text, "state", trusted=True) for text in texts]
    for i in [*range(len(texts)), *reversed(range(len(texts))), 3, 7, 1, 6, 6, 0, 5]:
        assert gamefile.dumps(states[i]) == texts[i]
        for ledger in (states[i].ledger[:2] + states[-1].ledger[5:9] + states[i].ledger[2:],
                       tuple(reversed(states[i].ledger))):
            other = replace(states[i], ledger=ledger, dice_log=states[i].dice_log[1:])
            assert gamefile.dumps(other) == json.dumps(gamefile.to_json(other), ensure_ascii=False, indent=1) + "\n"
