"""What changed between two JSON documents, as a list of operations that can be applied either way.

An archived step keeps the changes its state went through, not the whole
state again (a long game's ledger and dice log would be archived once a
turn): ``changes(old, new)`` lists them, ``forward(old, ops)`` makes ``new``
and ``backward(new, ops)`` makes ``old`` again, key order included, so that
the text of either is written again byte for byte (``kernel.jsontext``).

Operations, each at a path of keys and list indexes (``"at"``):

* ``{"at": P, "set": V, "was": W}`` the value at P replaced (no ``"was"``: the
  key is new);
* ``{"at": P, "drop": true, "was": W}`` the key at P removed;
* ``{"at": P, "add": [...], "from": N}`` the list at P, N items long, extended;
* ``{"at": P, "keys": [...], "was_keys": [...]}`` the keys of the object at P
  in their order after the change and before it (whenever they differ).

A list that grows keeps its items (the ledger, the dice log, the history):
only the new items are written, and applying the changes extends the list
in place; an item of a list that a change reaches into is replaced by a
copy, never changed in place (so a text kept for a list's items by their
identity stays true).  A list of the same length is compared item
by item; a list that is changed otherwise is replaced whole.  Everything is
JSON values (``json.loads``'s types); two values are the same when they are
equal and of the same type.
"""

from __future__ import annotations

import json
import marshal
from typing import Any

Op = dict[str, Any]
Path = list[str | int]


def same(a: Any, b: Any) -> bool:
    """Equal JSON values, told apart where Python is not (``1``, ``1.0`` and ``true``; the order of keys).

    Two equal values are the same when their JSON texts are; their ``marshal`` bytes tell the same apart
    (each type its own code, keys in their order, a float by its bits) at a third of the cost of writing the
    texts (the ledger and dice log a turn adds to are compared whole).  Version 2: no references to objects
    met before and no mark of an interned string, so the bytes depend on the values alone.
    """
    if a != b:
        return False
    try:
        return marshal.dumps(a, 2) == marshal.dumps(b, 2)
    except ValueError:  # not marshal's types (a subclass): the texts, as always
        return json.dumps(a) == json.dumps(b)


def changes(old: Any, new: Any) -> list[Op]:
    """The operations that turn ``old`` into ``new`` (both JSON objects)."""
    ops: list[Op] = []
    _diff(old, new, [], ops)
    return ops


def _diff(old: Any, new: Any, at: Path, ops: list[Op]) -> None:
    if type(old) is dict and type(new) is dict:
        if same(old, new):
            return
        for key, value in new.items():
            if key in old:
                _diff(old[key], value, [*at, key], ops)
            else:
                ops.append({"at": [*at, key], "set": value})
        for key, value in old.items():
            if key not in new:
                ops.append({"at": [*at, key], "drop": True, "was": value})
        if list(old) != list(new):  # both ways: keys added at the end, removed ones put back at the end
            ops.append({"at": at, "keys": list(new), "was_keys": list(old)})
    elif type(old) is list and type(new) is list:
        if same(old, new):
            return
        n = len(old)
        if len(new) > n and same(new[:n], old):
            ops.append({"at": at, "add": new[n:], "from": n})
        elif len(new) == n:
            for i in range(n):
                _diff(old[i], new[i], [*at, i], ops)
        else:
            ops.append({"at": at, "set": new, "was": old})
    elif not same(old, new):
        ops.append({"at": at, "set": new, "was": old})


def forward(doc: Any, ops: list[Op]) -> Any:
    """``doc`` changed by ``ops`` (in place, and returned); ``ValueError`` when they do not fit it: every value
    they say was there must be (so an archive's changes are checked in full by going forward)."""
    for op in ops:
        at = op["at"]
        if "add" in op:
            target = _own(doc, at)
            if type(target) is not list or len(target) != op["from"]:
                raise ValueError(f"no list of {op['from']} items at {at}")
            target.extend(op["add"])
        elif "keys" in op:
            target = _own(doc, at)
            was = op["was_keys"]
            if type(target) is not dict or \
                    list(target) != [k for k in was if k in target] + [k for k in target if k not in was] or \
                    sorted(map(str, target)) != sorted(map(str, op["keys"])):
                raise ValueError(f"other keys at {at}")
            _reorder(target, op["keys"])
        elif not at:
            _expect(doc, op.get("was"), at)
            doc = op["set"]
        else:
            parent, key = _own(doc, at[:-1]), at[-1]
            if "was" in op:
                _expect(_get(parent, [key]), op["was"], at)
            elif type(parent) is not dict or key in parent:
                raise ValueError(f"a value at {at} already")
            if "drop" in op:
                _drop(parent, key)
            else:
                _put(parent, key, op["set"])
    return doc


def backward(doc: Any, ops: list[Op]) -> Any:
    """``doc`` with ``ops`` taken back (in place, and returned): the document they were made from; ``ValueError``
    when they do not fit it (every value they say is there must be)."""
    orders: list[tuple[Path, list[str]]] = []
    for op in reversed(ops):
        at = op["at"]
        if "add" in op:
            target = _own(doc, at)
            if type(target) is not list or len(target) != op["from"] + len(op["add"]):
                raise ValueError(f"no list of {op['from'] + len(op['add'])} items at {at}")
            _expect(target[op["from"]:], op["add"], at)
            del target[op["from"]:]
        elif "keys" in op:
            target = _get(doc, at)
            if type(target) is not dict or list(target) != op["keys"]:
                raise ValueError(f"other keys at {at}")
            orders.append((at, op["was_keys"]))  # once the keys taken away are back
        elif not at:
            _expect(doc, op["set"], at)
            doc = op["was"]
        else:
            parent, key = _own(doc, at[:-1]), at[-1]
            if "drop" in op:
                if type(parent) is not dict or key in parent:
                    raise ValueError(f"a value at {at} still")
            else:
                _expect(_get(parent, [key]), op["set"], at)
            if "was" in op:
                _put(parent, key, op["was"])
            else:
                _drop(parent, key)
    for at, keys in orders:
        target = _own(doc, at)
        if type(target) is not dict or sorted(map(str, target)) != sorted(map(str, keys)):
            raise ValueError(f"other keys at {at}")
        _reorder(target, keys)
    return doc


def _expect(found: Any, value: Any, at: Path) -> None:
    if not same(found, value):
        raise ValueError(f"another value at {at}")


def _get(doc: Any, at: Path) -> Any:
    for key in at:
        try:
            doc = doc[key]
        except (KeyError, IndexError, TypeError):
            raise ValueError(f"nothing at {at}") from None
    return doc


def _own(doc: Any, at: Path) -> Any:
    """The container at ``at``, to be changed: wherever the path runs through an item of a list, that item and
    every container below it on the path are first replaced by copies of their own.  An item of a list is so
    never changed in place: a list's items told by their identity are what they were (``kernel.jsontext``
    keeps the text of a long list's items by it, for a walk through a game's states)."""
    node = doc
    inside = False
    for key in at:
        parent = node
        try:
            node = parent[key]
        except (KeyError, IndexError, TypeError):
            raise ValueError(f"nothing at {at}") from None
        inside = inside or type(parent) is list
        if inside and type(node) is dict:
            node = parent[key] = dict(node)
        elif inside and type(node) is list:
            node = parent[key] = list(node)
    return node


def _put(parent: Any, key: str | int, value: Any) -> None:
    try:
        parent[key] = value
    except (IndexError, TypeError):
        raise ValueError(f"nothing at {key!r}") from None


def _drop(parent: Any, key: str | int) -> None:
    try:
        del parent[key]
    except (KeyError, IndexError, TypeError):
        raise ValueError(f"nothing at {key!r}") from None


def _reorder(target: dict[str, Any], keys: list[str]) -> None:
    items = [(k, target[k]) for k in keys]
    target.clear()
    target.update(items)
