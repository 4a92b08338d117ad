"""Dampfross per Post: adjudicator for play-by-mail games of Dampfross / Railway Rivals."""

from __future__ import annotations

__version__ = "0.1.0"
