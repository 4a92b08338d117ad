"""The game between turns: rules profiles, dice, the state and its ledger and track, the game file.

Imports only ``adjudicator.dampfross.board`` (and ``adjudicator.kernel.errors``).
"""
