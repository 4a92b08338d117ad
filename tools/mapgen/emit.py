"""Write a drawn map as the YAML of ``docs/maps.md`` (byte for byte stable)."""

from __future__ import annotations

import re

from .build import Drawn
from .geometry import Cell, label
from .spec import AdvancedSpec

_PLAIN_NAME = re.compile(r"^[^\W\d][\w .'’()]*$")


def _name(text: str) -> str:
    """A town name as a YAML flow scalar: bare when safe, else double-quoted."""
    if _PLAIN_NAME.match(text) and not text.endswith(" ") and text.lower() not in ("yes", "no", "true", "false", "null", "on", "off"):
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _grid(drawn: Drawn, value: dict[Cell, str]) -> list[str]:
    lay = drawn.layout
    return ["  " + "".join(value.get((c, r), " ") for c in range(1, lay.cols + 1)).rstrip() for r in range(1, lay.rows + 1)]


def _block(key: str, rows: list[str]) -> list[str]:
    indicator = "|2" if any(row.startswith("   ") for row in rows) else "|"
    return [f"{key}: {indicator}", *rows]


def _town(drawn: Drawn, index: int) -> str:
    t, cell = drawn.towns[index]
    parts = [f"name: {_name(t.name)}", f'hex: "{label(cell)}"', f"numbers: [{', '.join(str(n) for n in t.numbers)}]"]
    if t.start:
        parts.append("start: true")
    if t.port:
        parts.append("port: true")
    return "  - {" + ", ".join(parts) + "}"


def _comment(text: str, indent: str) -> list[str]:
    return [(f"{indent}# " + line).rstrip() for line in text.strip("\n").split("\n")] if text.strip() else []


def _flow_list(items: tuple[str, ...]) -> str:
    return "[" + ", ".join(_name(x) for x in items) + "]"


def advanced_yaml(adv: AdvancedSpec) -> list[str]:
    """The ``ferries:`` and ``special_runs:`` blocks of a map file (docs/maps.md)."""
    out: list[str] = []
    if adv.ferries:
        out.append("ferries:")
        out += _comment(adv.ferry_comment, "  ")
        if adv.ferries_per_player is not None:
            out.append(f"  per_player: {adv.ferries_per_player}")
        out.append("  lines:")
        out += [f"    - {{from: {_name(f.start)}, to: {_name(f.end)}, length: {f.length}}}" for f in adv.ferries]
    out.append("special_runs:")
    out += _comment(adv.special_comment, "  ")
    out += [f"  die: {adv.die}", f"  every: {adv.every}", "  destinations:"]
    for d in adv.destinations:
        out += _comment(d.comment, "    ")
        parts = [f"name: {_name(d.name)}"]
        if d.towns:
            parts.append(f"towns: {_flow_list(d.towns)}")
        if d.countries:
            parts.append(f"countries: {_flow_list(d.countries)}")
        if d.hexes:
            parts.append("hexes: [" + ", ".join(f'"{h}"' for h in d.hexes) + "]")
        out.append(f'    "{d.key}": {{' + ", ".join(parts) + "}")
    return out


def header(drawn: Drawn) -> str:
    """The spec's header comment with the figures of the drawn map filled in."""
    spec = drawn.spec
    return spec.header.strip("\n").format(
        cols=spec.cols,
        rows=spec.rows,
        hex_km=round(spec.hex_km),
        row_km=round(drawn.layout.row_km),
        numbered=sum(1 for t, _ in drawn.towns if t.numbers),
        depth=spec.foreign_depth,
    )


def to_yaml(drawn: Drawn) -> str:
    """The whole map file."""
    spec = drawn.spec
    out = [("# " + line).rstrip() for line in header(drawn).split("\n")]
    out += [
        f"name: {spec.name}",
        f"code: {spec.code}",
        f"designer: {spec.designer}",
        *_block("terrain", _grid(drawn, drawn.terrain)),
        *_block("countries", _grid(drawn, drawn.countries)),
        "country_names: {" + ", ".join(f"{k}: {v}" for k, v in spec.country_names.items()) + "}",
        f"home: {spec.home}",
        "rivers:",
    ]
    for name, sides in drawn.rivers:
        if sides:
            out.append(f"  # {name}")
            out += [f"  - {label(s.a)} {label(s.b)}" for s in sides]
    out.append("towns:")
    out += [_town(drawn, i) for i in range(len(drawn.towns))]
    if spec.advanced is not None:
        out += advanced_yaml(spec.advanced)
    out.append("notes: |")
    out += [("  " + line).rstrip() for line in spec.notes.strip("\n").split("\n")]
    return "\n".join(out) + "\n"
