"""Work kept for later (issue 18): what is worked out once and kept must give what working it out again gives.

Each kept thing has its own way of going stale; each is tested here against
the same work done afresh: the map's table of distances between towns, the
route search's geometry of a track index that grows, the marks and sides of
a turn's track drawn in many windows, a game's map kept by its text, and a
walk's texts of states and JSON of entries kept from one state to the next.
"""

from __future__ import annotations

import copy
import json
import random
import shutil
from itertools import pairwise
from pathlib import Path

import pytest

from adjudicator.dampfross.app.oldformat import OldGame
from adjudicator.dampfross.app.session import folder_maps
from adjudicator.dampfross.board.hexgrid import Side, steps_between
from adjudicator.dampfross.board.mapfile import load_map
from adjudicator.dampfross.game import gamefile
from adjudicator.dampfross.game.rules import load_profile
from adjudicator.dampfross.game.track import Segment, TrackIndex
from adjudicator.dampfross.racing.distance import land_distance
from adjudicator.dampfross.racing.search import best_routes
from adjudicator.dampfross.report import ascii
from adjudicator.dampfross.report.ascii import render_map
from adjudicator.dampfross.report.common import track_marks
from adjudicator.kernel.changes import changes, forward
from adjudicator.kernel.jsontext import ListTexts, indented
from adjudicator.kernel.kept import Grown
from tests.helpers import H, dampfross_state, invoke, make_map

OLD_FORMAT = Path(__file__).parent / "fixtures" / "old-format" / "example"  # the example, every state of it kept


@pytest.mark.parametrize("name", ["germany", "france", "usa-east", "usa-west"])
def test_the_maps_table_of_distances_between_towns_is_the_search_over_land(name):
    gmap = load_map(name)
    towns = [t.hex for t in gmap.towns]
    pairs = random.Random(name).sample([(a, b) for a in towns for b in towns], 150) + [(towns[0], towns[0])]
    for a, b in pairs:
        assert land_distance(gmap, a, b) == steps_between(a, b, gmap.is_land), (a, b)


@pytest.mark.parametrize("name", ["germany", "usa-east"])
def test_the_land_steps_from_a_hex_are_the_search_over_land(name):
    """``GameMap.land_steps_from`` (a special run's destinations) and the towns' table share one search over
    land; from a land hex and from a water hex, every hex it reaches is as far as the search to it says."""
    gmap = load_map(name)
    rng = random.Random(name)
    water = [h for h in gmap.terrain if not gmap.is_land(h)]
    for start in [t.hex for t in rng.sample(list(gmap.towns), 3)] + rng.sample(water, 1):
        steps = gmap.land_steps_from(start)
        assert steps[start] == 0
        for h in rng.sample(sorted(gmap.terrain, key=lambda h: (h.col, h.row)), 40):
            if gmap.is_land(h) and h != start:
                assert steps.get(h) == steps_between(start, h, gmap.is_land), (start, h)


def test_a_town_beyond_the_water_has_no_distance_and_a_hex_that_is_no_town_is_searched():
    gmap = make_map("....~~..\n....~~..\n", towns=[("West", "0101", [11]), ("East", "0801", [12]),
                                                  ("Also", "0302", [13])])
    west, east, also = H("0101"), H("0801"), H("0302")
    assert land_distance(gmap, west, east) is None
    assert land_distance(gmap, west, also) == steps_between(west, also, gmap.is_land) == 3
    assert land_distance(gmap, west, H("0402")) == steps_between(west, H("0402"), gmap.is_land)


def test_a_search_after_track_was_added_to_the_same_index_sees_the_new_track():
    gmap = make_map("\n".join(["." * 12] * 6) + "\n", towns=[("Start", "0103", [11]), ("Ziel", "0903", [12])])
    rules = load_profile("schmidt")
    row3 = [H(f"{c:02d}03") for c in range(1, 10)]
    row2 = [H("0103")] + [H(f"{c:02d}02") for c in range(1, 9)] + [H("0903")]
    track = TrackIndex([Segment("BLUE", Side(a, b), 1) for a, b in pairwise(row2)])
    track.add(Segment("RED", Side(row2[0], row2[1]), 1))
    before = best_routes(gmap, track, rules, H("0103"), H("0903"), ["RED"])
    for a, b in pairwise(row3):  # a shorter line, added to the index the search used
        track.add(Segment("RED", Side(a, b), 2))
    after = best_routes(gmap, track, rules, H("0103"), H("0903"), ["RED"])
    fresh = best_routes(gmap, TrackIndex(track.segments), rules, H("0103"), H("0903"), ["RED"])
    assert after == fresh != before
    assert after[0].route.hexes == tuple(row3)


def test_a_turns_track_drawn_in_many_windows_is_drawn_as_each_window_alone(tmp_path):
    gdir = OldGame(OLD_FORMAT)  # the example played to its end
    state = gdir.load_state()
    gmap = gdir.load_map(state)
    last = max(s.turn for s in state.track)  # the last turn that built
    marks = track_marks(state, last)
    assert track_marks(state, last) is marks  # kept for the same track and turn
    assert any(m.new for m in marks) and not any(m.new for m in track_marks(state, None))
    first = [m for m in marks if m.owner == marks[0].owner]  # another list: one company's track only
    assert first and len(first) < len(marks)
    corners = [None, (H("0305"), H("1420")), (H("0101"), H("0909")), (H("1010"), H("2230"))]  # None: the whole map
    alone = {}
    for c in corners:
        for name, kept in (("all", marks), ("first", first)):
            ascii._SIDES.clear()  # nothing kept: each drawn from nothing
            alone[name, c] = render_map(gmap, kept, window=c, legend=False)
    ascii._SIDES.clear()
    for c in corners:  # the two lists drawn in turn, window after window: each as it was alone
        for name, kept in (("all", marks), ("first", first)):
            assert render_map(gmap, kept, window=c, legend=False) == alone[name, c]


def test_a_games_map_is_kept_by_its_text_not_by_the_path_that_named_it(tmp_path, monkeypatch):
    """A session game's own map (``dampfross/app/session.py: folder_maps``) is parsed once a process, whichever
    path names the game; another game of the same map shares it."""
    folder = tmp_path / "game"
    invoke("new", str(folder), "--id", "kept", "--map", "germany", "--seed", "kept", "--unsafe-test-passwords", "k",
           "--player", "RED:Rot", "--player", "BLUE:Blau")
    state = dampfross_state(folder)
    monkeypatch.chdir(folder)
    one, two = folder_maps(folder)(state), folder_maps(".")(state)
    assert one is two and one.name == load_map("germany").name
    other = Path(shutil.copytree(folder, tmp_path / "other"))  # another game of the same map
    assert folder_maps(other)(dampfross_state(other)) is one


# --- a walk through a game's states: the texts and JSON of entries kept from state to state ---------------------

def _items(doc: object) -> list[object]:
    """Every item of every list in ``doc``, at any depth."""
    found: list[object] = []
    stack = [doc]
    while stack:
        o = stack.pop()
        if isinstance(o, list):
            found += o
        if isinstance(o, (list, dict)):
            stack += list(o.values()) if isinstance(o, dict) else o
    return found


def _next(doc: dict, rng: random.Random) -> dict:
    """A next state of a walk: entries added (mostly), an old entry changed or replaced, entries taken away, a
    list replaced, keys reordered, an entry's segment changed."""
    new = copy.deepcopy(doc)
    for _ in range(rng.randint(1, 3)):
        ledger = new["ledger"]
        kind = rng.choice(["add", "add", "add", "amount", "segment", "replace", "cut", "whole", "keys"])
        if kind == "add" or not ledger:
            ledger += [{"turn": len(ledger), "amount": rng.randint(1, 9), "segment": ["0101", "0102"]}
                       for _ in range(rng.randint(1, 4))]
        elif kind == "amount":
            rng.choice(ledger)["amount"] = rng.randint(10, 20)
        elif kind == "segment":
            rng.choice(ledger).setdefault("segment", []).append("0203")
        elif kind == "replace":
            ledger[rng.randrange(len(ledger))] = {"turn": -1, "amount": True}
        elif kind == "cut":
            del ledger[rng.randrange(len(ledger)):]
        elif kind == "whole":
            new["ledger"] = [{"turn": 0, "amount": 1.5}]
        else:
            entry = rng.choice(ledger)
            for key in list(entry)[:1]:
                entry[key] = entry.pop(key)
        new["dice"]["log"].append({"label": f"d{len(new['dice']['log'])}", "value": rng.randint(1, 6)})
    return new


@pytest.mark.parametrize("seed", range(30))
def test_a_walk_writes_each_state_as_written_alone_and_never_changes_a_lists_item_in_place(seed):
    """A walk going forward (and back) through states whose entries mostly grow writes each state with the texts
    kept from the one before (``ListTexts``) exactly as ``json.dumps`` writes it; applying the changes replaces an
    item it changes, so every item of a list the walk held before is as it was."""
    rng = random.Random(seed)
    states = [{"turn": 0, "ledger": [{"turn": 0, "amount": 1, "segment": ["0101", "0102"]}],
               "dice": {"mode": "hmac", "log": []}}]
    for _ in range(12):
        states.append(_next(states[-1], rng))
    kept = ListTexts()
    walk = json.loads(json.dumps(states[0]))
    for old, new in [*pairwise(states), *pairwise(states[::-1])]:
        assert indented(walk, kept) == json.dumps(old, ensure_ascii=False, indent=1)
        held = [(item, copy.deepcopy(item)) for item in _items(walk)]
        ops = json.loads(json.dumps(changes(old, new)))
        walk = forward(walk, ops)
        assert all(json.dumps(item) == json.dumps(before) for item, before in held)
    assert indented(walk, kept) == json.dumps(states[0], ensure_ascii=False, indent=1)


def test_entries_made_json_again_only_for_what_was_added():
    """``Grown`` makes the values of the items added to the very items it made values for; of items only equal to
    them, or for another key, it makes them all again."""
    made: list[str] = []
    grown: Grown[str, str] = Grown()

    def make(x: str) -> str:
        made.append(x)
        return x.upper()

    def entries(n: int) -> tuple[str, ...]:
        return tuple(f"e{i}" for i in range(n))  # new objects, equal to those made before

    first = entries(5)
    assert grown.values(first, 1, make) == [e.upper() for e in first] and made == list(first)
    made.clear()
    more = (*first, "xx", "yy")
    assert grown.values(more, 1, make) == [e.upper() for e in more] and made == ["xx", "yy"]
    made.clear()
    assert grown.values(more, 2, make) == [e.upper() for e in more] and made == list(more)  # another key
    made.clear()
    equal = (*entries(5), "".join(["x", "x"]), "".join(["y", "y"]), "zz")
    assert equal[:7] == more and grown.values(equal, 2, make) == [e.upper() for e in equal] and made == list(equal)


def test_a_replay_compared_again_sees_an_old_entry_the_changes_altered(tmp_path):
    """``holds_doc`` compares only the entries added since it last found a document's ledger equal; an old entry
    that a step's changes altered is seen (the changes replace it, so it is no longer the entry compared before)."""
    walk = OldGame(OLD_FORMAT)  # its states made step by step from the changes each step kept
    for step in walk.steps()[1:]:
        doc = walk.doc_after(step)
        state = gamefile.from_json(doc, trusted=True)
        assert gamefile.holds_doc(doc, state)
    entry = doc["ledger"][0]
    forward(doc, [{"at": ["ledger", 0, "amount"], "set": entry["amount"] + 1, "was": entry["amount"]}])
    assert not gamefile.holds_doc(doc, state)
    forward(doc, [{"at": ["ledger", 0, "amount"], "set": entry["amount"], "was": entry["amount"] + 1}])
    assert gamefile.holds_doc(doc, state)
    for at, value in ((["track", 0, "turn"], 99), (["history", 0, "turn"], 99), (["dice", "log", 0, "value"], 7)):
        was = doc[at[0]] if len(at) == 3 else doc[at[0]][at[1]]
        was = was[at[-2]][at[-1]]
        forward(doc, [{"at": at, "set": value, "was": was}])
        assert not gamefile.holds_doc(doc, state), at
        forward(doc, [{"at": at, "set": was, "was": value}])
        assert gamefile.holds_doc(doc, state), at


def test_the_entries_kept_for_the_next_read_are_bounded(monkeypatch):
    """A process that reads game after game (a resident bot process) keeps at most ``KEPT_ENTRIES`` ledger
    entries and dice for the next read; the states it reads are the same."""
    monkeypatch.setattr(gamefile, "KEPT_ENTRIES", 5)
    monkeypatch.setattr(gamefile, "_LEDGER", {})
    monkeypatch.setattr(gamefile, "_DICE", {})
    gdir = OldGame(OLD_FORMAT)
    for step in gdir.steps():
        text = gdir.archived_text(step, "after")
        state = gamefile.loads(text, "state", trusted=True)
        assert len(gamefile._LEDGER) <= 5 and len(gamefile._DICE) <= 5
        assert gamefile.dumps(state) == text
