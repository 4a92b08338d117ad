"""The board: hex geometry, the map model, town-name folding and matching, map files and their checks.

The lowest layer of the program: it knows nothing of games.
"""
