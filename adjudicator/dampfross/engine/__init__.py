"""The pure core's entry points: a new game, one turn whatever the phase, and previews for ``check``."""
