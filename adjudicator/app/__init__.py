"""The application edge, the only code that touches files: the game directory, running and replaying
a turn, ``check``, and the commands behind the CLI.
"""
