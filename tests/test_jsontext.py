"""``kernel.jsontext.indented`` writes the very text of ``json.dumps(doc, ensure_ascii=False, indent=1)`` (issue 18:
the game file is written by the C encoder; the archive's bytes and its SHA-256 chain must not change)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.dampfross.app.store import GameDir
from adjudicator.kernel.jsontext import indented

GOLDEN = Path(__file__).parent / "golden"

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
    gdir = GameDir(GOLDEN / "example")
    texts = [gdir.archived_text(step, "after") for step in gdir.steps()]
    assert len(texts) == 8 and texts[-1] == gdir.game_file.read_text(encoding="utf-8")
    for text in texts:
        doc = json.loads(text)
        assert indented(doc) + "\n" == text
        assert indented(doc) == json.dumps(doc, ensure_ascii=False, indent=1)
