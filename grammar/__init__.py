"""Lark grammars of the order language (shipped as adjudicator.grammar)."""
