"""The map modules: one ``spec()`` per shipped map."""

from __future__ import annotations

from collections.abc import Callable

from ..spec import MapSpec
from . import france, usa_east, usa_west

SPECS: dict[str, Callable[[], MapSpec]] = {
    "france": france.spec,
    "usa-east": usa_east.spec,
    "usa-west": usa_west.spec,
}
