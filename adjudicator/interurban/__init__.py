"""InterUrban (seed 001): the pure rules core, independent of every Dampfross package.

``tiles`` (kinds, edges, the stock), ``shuffle`` (committed, verifiable draws),
``state`` (the frozen game value), ``rules`` (legality A-J, completion),
``move`` (``setup`` and ``apply_move``), ``scoring`` (line values, ranks,
the tournament).  Problems and events are codes with data, never sentences.
"""
