"""The platform's application edge: the registry of plays (``plays.py``) joining the kernel's loops and the games.
Each game keeps its own application code (Dampfross: ``adjudicator/dampfross/app/``)."""
