"""``kernel.changes`` (issue 18): the changes between two JSON documents, applied forward and backward, give each
document again with its keys in order (the archive keeps a step's changes, not its whole state)."""

from __future__ import annotations

import copy
import itertools
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.dampfross.app.oldformat import OldGame
from adjudicator.kernel.changes import backward, changes, forward, same

GOLDEN = Path(__file__).parent / "fixtures" / "old-format" / "example"  # the example as the old format kept it

scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.sampled_from([1.0, 0.5]),
                    st.text(alphabet="ab\"ä\n", max_size=3))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(st.sampled_from("abcde"), inner, max_size=4)),
                      max_leaves=12)
documents = st.dictionaries(st.sampled_from("abcdef"), values, max_size=5)


def text(doc: object) -> str:
    return json.dumps(doc, ensure_ascii=False, indent=1)


def round_trip(old: dict, new: dict) -> list:
    ops = json.loads(json.dumps(changes(old, new)))  # as the archive stores them
    assert text(forward(copy.deepcopy(old), ops)) == text(new)
    assert text(backward(copy.deepcopy(new), ops)) == text(old)
    return ops


@settings(max_examples=400, deadline=None)
@given(documents, documents)
def test_any_two_documents_go_forward_and_back(old, new):
    round_trip(old, new)


@settings(max_examples=200, deadline=None)
@given(documents, st.lists(values, max_size=3))
def test_a_list_that_grows_is_stored_as_its_new_items(old, more):
    new = {**copy.deepcopy(old), "log": [*old.get("log", []), *more]} if isinstance(old.get("log", []), list) else old
    round_trip(old, new)


@settings(max_examples=400, deadline=None)
@given(values, st.data())
def test_two_values_are_the_same_when_equal_and_written_alike(value, data):
    """``same`` (told apart by their marshal bytes) says what equal values with equal JSON texts would say, for a
    value and another, a copy read back, and a copy with one number, false or key order changed."""
    other = data.draw(st.one_of(values, st.just(json.loads(json.dumps(value))), st.just(twisted(value))))
    assert same(value, other) == (value == other and json.dumps(value) == json.dumps(other))


def twisted(value: object) -> object:
    """A copy with its numbers, true and false, and the order of keys of its objects changed where Python's ``==``
    does not see it (``true`` -> ``1``, ``1`` -> ``1.0``, ``0.0`` -> ``-0.0``)."""
    if type(value) is bool:
        return int(value)
    if type(value) is int:
        return float(value)
    if type(value) is float:
        return -value if value == 0 else value
    if isinstance(value, dict):
        if len(value) > 1:
            return dict(reversed(list(value.items())))
        return {k: twisted(v) for k, v in value.items()}
    if isinstance(value, list):
        return [twisted(v) for v in value]
    return value


@pytest.mark.parametrize(("old", "new"), [
    ({"a": 1}, {"a": True}), ({"a": 1}, {"a": 1.0}), ({"a": 1, "b": 2}, {"b": 2, "a": 1}),
    ({"a": {"x": 1, "y": 2}}, {"a": {"y": 2, "x": 1}}), ({"a": [1, 2]}, {"a": [1]}), ({"a": [{}]}, {"a": [[]]}),
    ({"a": 1, "b": 2, "c": 3}, {"c": 3, "d": 4, "a": 1}),
])
def test_awkward_changes(old, new):
    assert round_trip(old, new)


def test_the_example_game_turn_by_turn_keeps_only_what_changed():
    gdir = OldGame(GOLDEN)
    docs = [json.loads(gdir.archived_text(step, "after")) for step in gdir.steps()]
    assert len(docs) == 8
    for old, new in itertools.pairwise(docs):
        ops = round_trip(old, new)
        grown = [op for op in ops if op["at"] in (["ledger"], ["dice", "log"], ["history"])]
        assert all("add" in op for op in grown)  # never the whole ledger, dice log or history again


def test_changes_that_do_not_fit_are_refused():
    ops = changes({"log": [1, 2]}, {"log": [1, 2, 3]})
    with pytest.raises(ValueError):
        forward({"log": [1]}, ops)
    with pytest.raises(ValueError):
        backward({"log": [1]}, ops)
    with pytest.raises(ValueError):
        forward({}, changes({"a": {"b": 1}}, {"a": {"b": 2}}))


def test_every_value_the_changes_name_is_checked_in_the_direction_that_uses_it():
    """A value changed in the changes (what was there, what is there now) is refused when they are applied:
    going forward checks what was there, going back what is there (issue 18: so an archive walked forward has
    every part of its changes checked)."""
    gdir = OldGame(GOLDEN)
    steps = gdir.steps()
    old, new = (json.loads(gdir.archived_text(steps[5], w)) for w in ("before", "after"))
    ops = json.loads(json.dumps(changes(old, new)))
    checked = 0
    for i, op in enumerate(ops):
        for key, direction in (("was", forward), ("set", backward), ("add", backward), ("was_keys", forward)):
            if key not in op:
                continue
            bad = copy.deepcopy(ops)
            bad[i][key] = ["something else"] if key != "was_keys" else list(reversed(op[key]))
            if key == "was_keys" and bad[i][key] == op[key]:
                continue
            with pytest.raises(ValueError):
                direction(copy.deepcopy(old if direction is forward else new), bad)
            checked += 1
    assert checked >= len(ops)
