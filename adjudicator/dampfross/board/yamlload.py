"""YAML loading that remembers line numbers, so problems can name the line.

``load_with_lines`` returns ordinary dicts and lists (subclasses) that also
carry ``line`` (1-based line of the node) and ``lines`` (line of each key or
item), as far as PyYAML reports them.
"""

from __future__ import annotations

from typing import Any

import yaml


class LineDict(dict[Any, Any]):
    """A mapping from YAML with the line of the mapping and of each key."""

    line: int = 0
    lines: dict[Any, int]


class LineList(list[Any]):
    """A sequence from YAML with the line of the sequence and of each item."""

    line: int = 0
    lines: list[int]


_Base: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when installed: ~10x faster


class _Loader(_Base):  # type: ignore[valid-type,misc]
    """SafeLoader whose mappings and sequences remember their lines."""


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> LineDict:
    loader.flatten_mapping(node)
    out = LineDict()
    out.line = node.start_mark.line + 1
    out.lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError:
            key = str(key)
        out[key] = loader.construct_object(value_node, deep=True)
        out.lines[key] = key_node.start_mark.line + 1
    return out


def _construct_sequence(loader: _Loader, node: yaml.SequenceNode) -> LineList:
    out = LineList(loader.construct_object(child, deep=True) for child in node.value)
    out.line = node.start_mark.line + 1
    out.lines = [child.start_mark.line + 1 for child in node.value]
    return out


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def load_with_lines(text: str) -> Any:
    """Parse YAML text; mappings and sequences carry their line numbers.

    Raises ``yaml.YAMLError`` (with a ``problem_mark``) on malformed YAML.
    """
    return yaml.load(text, Loader=_Loader)


def line_of(container: Any, key: Any, default: int | None = None) -> int | None:
    """Line of ``key`` in a LineDict, or of item ``key`` in a LineList."""
    lines = getattr(container, "lines", None)
    if isinstance(lines, dict):
        found = lines.get(key, default)
        return found if isinstance(found, int) else default
    if isinstance(lines, list) and isinstance(key, int) and 0 <= key < len(lines):
        return int(lines[key])
    line = getattr(container, "line", None)
    return line if isinstance(line, int) and line else default
