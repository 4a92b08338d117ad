"""The operating phase: drawing races, movement and expected rounds, routes and fares, whether an
entry is valid, route search, one race and its rounds, building from race income, the end of the
game, and the racing turn (rules-reference.md §3-4).
"""
