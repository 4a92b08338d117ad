"""Dampfross (Railway Rivals): the board, the rules, the engines, the order language and the reports."""
