"""A game's status, named once: the game, its records and saves all say it in these words."""

PLAYING, WON, LOST = "playing", "won", "lost"
STATUSES = (WON, LOST, PLAYING)  # as a record's [Result] header lists them
