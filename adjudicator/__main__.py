"""Allow ``python -m adjudicator``."""

from adjudicator.cli import main

main()
