"""Dampfross's application layer: ``new``, the GM's commands on the one session (``session.py``), check, route,
the site and pictures, and the upgrade of an old-format folder (``convert.py``, ``oldformat.py``)."""
