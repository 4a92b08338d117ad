"""The game-neutral kernel: errors, passwords, deadlines, contacts, problem codes; no game package is imported here."""
