"""Ban Luck (RULES.md T1–T23, O1–O8): the ``table`` and ``one-on-one`` presets.

``driver`` is the game's one face (``games.driver``); ``view_json`` the seat's view as the
documented ``Table`` JSON (docs/API.md). The engine (rules, round, events, views, table)
is in ``banluck.core`` for now, its solver in ``banluck.strategy`` and its simulator in
``banluck.sim``.
"""
