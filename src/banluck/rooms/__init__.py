"""Rooms where friends play together: the room model, pure and without I/O.

``settings`` (the house settings of a room), ``names`` (display names, invite codes),
``room`` (people, seats, bets, turns, deadlines from a clock passed in, saving and
restoring mid-hand), ``fair`` (the room's ledger of committed shoes), ``limits`` (room
caps and expiry). Every game is played through its driver (``games.driver``, found by the
registry); refusals are ``core.refusal.Refusal``.

The web layer (``web.rooms.http``, ``web.rooms.ws``) and the store (``store.rooms``) use
it; it imports nothing from the web. The package imports none of its modules itself, so that
the commands that only name a room limit do not load the room model.
"""
