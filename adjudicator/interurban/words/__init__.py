"""InterUrban's words: every sentence the game writes for players, English and German (gettext domain
``interurban``, ``adjudicator/interurban/locale``).

The engines give codes and data; only this package turns them into text: ``names`` (tiles, colours,
lines, cells, folding to 72 columns), ``problems`` (refusals and notation problems), ``reports``
(the opening, a move, the end, the check).  The active language is the kernel's
(``adjudicator.kernel.i18n.language``).
"""
