"""Dampfross's application layer: the game directory, running turns, check, receipts, commands by mail, the site."""
