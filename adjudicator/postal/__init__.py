"""The kernel's edge: files and mail, game-neutral (atomic writes, the lock, the inbox and the outbox, mail parsing,
mail sources and the mail configuration).  Like the kernel, it imports no game package."""
