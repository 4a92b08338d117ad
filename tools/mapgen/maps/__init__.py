"""The map modules: one ``spec()`` per shipped map."""

from __future__ import annotations

from collections.abc import Callable

from ..spec import MapSpec
from . import france

SPECS: dict[str, Callable[[], MapSpec]] = {
    "france": france.spec,
}
