"""K18: kampung's model game and its equilibria: the banker's recursion (``dp``, ``kernel``,
compiled ahead of time by ``native``), what a banker may believe of a hidden hand
(``posterior``), a player's best play (``player``), both sides at once (``model``), solved
by the double oracle (``nash``; with the bets seen: ``seen``, ``seen_nash``).
"""
