"""The building phase: segment costs, fees to rivals, building a line, the building turn (rules-reference.md §2)."""
