"""Games defined only in the tests, to prove that the platform serves any game (issue 24)."""
